//! Calls to the floor (issue 44, item 1). Whenever a step waits for a floorperson's or a shift
//! supervisor's signature ([`crate::rules::table::FloorWait`]), the terminal journals a call
//! (`floor_called`), and its end (`floor_call_ended`) once the step is done. The dealer can also
//! call the floor with a reason from a short list, and end that call ("The floor is here") or
//! cancel it. The screen shows the call and how long it has waited; the journal is what a floor
//! board reads (through the central copy) to send someone.

use super::Terminal;
use crate::rules::table::Role;
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
}

impl FloorCall {
    /// How long it has waited, at `now`, as "0:42" or "12:05".
    pub fn waited(&self, now: chrono::DateTime<chrono::Utc>) -> String {
        let s = (now - self.since).num_seconds().max(0);
        format!("{}:{:02}", s / 60, s % 60)
    }
}

impl Terminal {
    /// The call to the floor open now.
    pub fn floor_call(&self) -> Option<&FloorCall> {
        self.floor_call.as_ref()
    }

    /// The call open when the terminal last stopped, from the journal: a call with no end.
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
                })
            }
            _ => None,
        };
        Ok(())
    }

    fn raise(&mut self, reason: String, role: Role, by_step: bool, section: &str) {
        let now = chrono::Utc::now();
        self.record_system(
            CALLED,
            json!({
                "reason": reason,
                "role": role.name(),
                "by": if by_step { "step" } else { "dealer" },
                "section": section,
            }),
        );
        self.floor_call = Some(FloorCall {
            reason,
            role,
            by_step,
            since: now,
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
        let wait = self.table.floor_wait();
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
