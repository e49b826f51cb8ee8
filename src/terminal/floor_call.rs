//! Calls to the floor (issue 44, item 1). Whenever a step waits for a floorperson's or a shift
//! supervisor's signature ([`crate::rules::table::FloorWait`]), the terminal journals a call
//! (`floor_called`), and its end (`floor_call_ended`) once the step is done. The dealer can also
//! call the floor with a reason from a short list, and end that call ("The floor is here") or
//! cancel it. The screen shows the call and how long it has waited; the journal is what a floor
//! board reads (through the central copy) to send someone.

use super::Terminal;
use crate::rules::table::Role;
use crate::store::floor_acks::{ACKNOWLEDGED, Ack, AckListener};
use serde_json::json;

/// A call raised.
pub const CALLED: &str = "floor_called";
/// A call ended: signed, the floor came, or cancelled.
pub const ENDED: &str = "floor_call_ended";

/// Why the dealer calls the floor when no step asks for it.
pub const REASONS: &[&str] = &[
    "A player's dispute",
    "A player asks for the floor",
    "Chips for the table",
    "A card or deck problem",
    "A device out of order",
    "Something else",
];

/// The call open now.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct FloorCall {
    /// Why, in words the floor board shows.
    pub reason: String,
    /// Who must come.
    pub role: Role,
    /// Raised by a step that waits for a signature (it ends with the step), or by the dealer.
    pub by_step: bool,
    /// When it was raised (UTC, as journaled).
    pub since: chrono::DateTime<chrono::Utc>,
    /// The serial of its `floor_called` row: what the floor board's acknowledgement names.
    pub serial: i64,
    /// Who acknowledged it at the floor board ("Dana Brooks is coming").
    pub coming: Option<Ack>,
}

impl FloorCall {
    /// How long it has waited, at `now`, as "0:42" or "12:05".
    pub fn waited(&self, now: chrono::DateTime<chrono::Utc>) -> String {
        let s = (now - self.since).num_seconds().max(0);
        format!("{}:{:02}", s / 60, s % 60)
    }

    /// The call in the dealer's status line: "Floor called 0:42", then "Dana Brooks is coming
    /// 1:05" once someone at the floor board has answered.
    pub fn words(&self, now: chrono::DateTime<chrono::Utc>) -> String {
        match &self.coming {
            Some(a) => format!("{} is coming {}", a.name, self.waited(now)),
            None => format!("Floor called {}", self.waited(now)),
        }
    }
}

impl Terminal {
    /// The call to the floor open now.
    pub fn floor_call(&self) -> Option<&FloorCall> {
        self.floor_call.as_ref()
    }

    /// The call open when the terminal last stopped, from the journal: a call with no end, and
    /// who was coming to it.
    pub(super) fn load_floor_call(&mut self) -> Result<(), crate::store::StoreError> {
        self.floor_call = match self.store.newest_of(&[CALLED, ENDED])? {
            Some(row) if row.kind == CALLED => {
                let v: serde_json::Value = serde_json::from_str(&row.payload).unwrap_or_default();
                Some(FloorCall {
                    reason: v["reason"].as_str().unwrap_or_default().to_string(),
                    role: if v["role"] == Role::Supervisor.name() {
                        Role::Supervisor
                    } else {
                        Role::Floorperson
                    },
                    by_step: v["by"] == "step",
                    since: chrono::DateTime::parse_from_rfc3339(&row.ts_utc)
                        .map(|t| t.with_timezone(&chrono::Utc))
                        .unwrap_or_else(|_| chrono::Utc::now()),
                    serial: row.serial,
                    coming: None,
                })
            }
            _ => None,
        };
        if let (Some(call), Some(row)) = (
            self.floor_call.as_mut(),
            self.store.newest_of(&[ACKNOWLEDGED])?,
        ) {
            call.coming = serde_json::from_str::<Ack>(&row.payload)
                .ok()
                .filter(|a| a.call_serial == call.serial);
        }
        Ok(())
    }

    /// Hears the floor board's acknowledgements through the central copy.
    pub fn listen_for_floor_acks(&mut self, listener: AckListener) {
        self.floor_acks = Some(listener);
    }

    /// Someone at the floor board is coming to the call open now: journaled (who, and when the
    /// board sent it) and shown to the dealer. Refused for a call that is not the one open, or
    /// one already acknowledged (the first to answer is the one coming).
    pub fn floor_call_acknowledged(&mut self, ack: Ack) -> Result<(), String> {
        match &self.floor_call {
            Some(c) if c.serial == ack.call_serial && c.coming.is_none() => {
                self.record_system(ACKNOWLEDGED, json!(ack));
                if let Some(c) = self.floor_call.as_mut() {
                    c.coming = Some(ack);
                }
                Ok(())
            }
            Some(c) if c.serial == ack.call_serial => Err("The call is already answered.".into()),
            _ => Err("That call is no longer open.".into()),
        }
    }

    /// Tells the listener which call is open and takes what it heard.
    fn take_floor_acks(&mut self) {
        let Some(listener) = &self.floor_acks else {
            return;
        };
        listener.watch(self.floor_call.as_ref().map_or(0, |c| c.serial));
        for ack in listener.take() {
            // A late one for a call already ended is not news.
            let _ = self.floor_call_acknowledged(ack);
        }
    }

    fn raise(&mut self, reason: String, role: Role, by_step: bool, section: &str) {
        let now = chrono::Utc::now();
        let newest_before = self.recent.front().map(|r| r.serial);
        self.record_system(
            CALLED,
            json!({
                "reason": reason,
                "role": role.name(),
                "by": if by_step { "step" } else { "dealer" },
                "section": section,
            }),
        );
        // The call's own row, once written: a write held (a full disk) leaves it unknown (0),
        // and no answer is taken for it, rather than one meant for an older call.
        let serial = self
            .recent
            .front()
            .filter(|r| r.kind == CALLED && Some(r.serial) != newest_before)
            .map_or(0, |r| r.serial);
        self.floor_call = Some(FloorCall {
            reason,
            role,
            by_step,
            since: now,
            serial,
            coming: None,
        });
    }

    fn end(&mut self, how: &str) {
        if let Some(call) = self.floor_call.take() {
            let seconds = (chrono::Utc::now() - call.since).num_seconds().max(0);
            self.record_system(
                ENDED,
                json!({"reason": call.reason, "how": how, "waited_seconds": seconds}),
            );
        }
    }

    /// From the app's logic, each frame: a step that starts to wait for a signature raises its
    /// call (ending a dealer's call: the floor comes for the step), and the call ends once the
    /// step is done.
    pub fn sync_floor_call(&mut self) {
        let wait = self
            .table
            .floor_wait()
            .or_else(|| self.reader_floor_wait(chrono::Utc::now()));
        let open = self.floor_call.clone();
        match (open, wait) {
            (None, Some(w)) => self.raise(w.reason, w.role, true, &w.section),
            (Some(c), None) if c.by_step => self.end("the step it waited for is done"),
            (Some(c), Some(w)) if !c.by_step || c.reason != w.reason => {
                self.end(if c.by_step {
                    "the step it waited for is done"
                } else {
                    "a step now waits for the floor"
                });
                self.raise(w.reason, w.role, true, &w.section);
            }
            _ => {}
        }
        self.take_floor_acks();
    }

    /// § 635a.2(d): at a Spanish 21 table's start of a round, while the card reader waits for
    /// the gaming day's inspection, the floor is called as for a step's signature (the round's
    /// card waits for it).
    fn reader_floor_wait(
        &self,
        now: chrono::DateTime<chrono::Utc>,
    ) -> Option<crate::rules::table::FloorWait> {
        if !matches!(
            self.table.step(),
            crate::rules::table::Step::StartRound { .. }
        ) {
            return None;
        }
        self.reader_inspection_due(now)?;
        Some(crate::rules::table::FloorWait {
            role: Role::Floorperson,
            reason: "inspect the card reader".into(),
            section: "§ 635a.2(d)".into(),
        })
    }

    /// The dealer calls the floor for `reason` (one of [`REASONS`]). Refused while a call is
    /// open: the floor is already called.
    pub fn call_floor(&mut self, reason: &str) -> Result<(), String> {
        if let Some(c) = &self.floor_call {
            return Err(format!("The floor is already called: {}.", c.reason));
        }
        if !REASONS.contains(&reason) {
            return Err(format!("`{reason}` is not a reason on the list."));
        }
        self.raise(reason.to_string(), Role::Floorperson, false, "");
        Ok(())
    }

    /// The dealer ends their call: `arrived` when the floor came, else cancelled. A step's call
    /// ends only with its signature.
    pub fn end_floor_call(&mut self, arrived: bool) -> Result<(), String> {
        match &self.floor_call {
            Some(c) if c.by_step => Err(format!(
                "The floor is called to {}: the call ends with their signature.",
                c.reason
            )),
            Some(_) => {
                self.end(if arrived {
                    "the floor came"
                } else {
                    "cancelled by the dealer"
                });
                Ok(())
            }
            None => Err("No call to the floor is open.".into()),
        }
    }
}
