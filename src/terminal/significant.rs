//! The significant events a testing laboratory's event log expects (issue 42 item 3): the
//! terminal's start with its software version, every setting of its configuration, a digest of
//! each game's paytables and the signing key's fingerprint; what changed since the last start;
//! a start after an unclean stop (power loss, kill: the last start has no clean stop); a clean
//! stop; the wall clock jumping against the monotonic clock.

use super::Terminal;
use serde_json::{Value, json};
use sha2::{Digest, Sha256};
use std::collections::BTreeMap;

/// The terminal started.
pub const STARTED: &str = "terminal_started";
/// The terminal stopped cleanly (its window closed).
pub const STOPPED: &str = "terminal_stopped";
/// The wall clock moved against the monotonic clock by more than [`CLOCK_JUMP_SECONDS`].
pub const CLOCK_JUMPED: &str = "clock_jumped";
/// At a start, the wall clock is behind the journal's newest row by more than
/// [`CLOCK_JUMP_SECONDS`]: it was set back while the terminal was off.
pub const CLOCK_BEHIND: &str = "clock_behind_journal";
/// A wall-clock change larger than this is journaled.
pub const CLOCK_JUMP_SECONDS: i64 = 60;

/// What a start records about the software and its configuration.
#[derive(Debug, Clone, Default)]
pub struct StartFacts {
    /// Where the configuration was read from ("embedded default configuration", a path).
    pub config_origin: String,
    /// Every setting, by its dotted key ("table.number" → "12").
    pub settings: BTreeMap<String, String>,
    /// Each game's paytables, by game id: the SHA-256 of their lines as loaded.
    pub paytables: BTreeMap<String, String>,
    /// The signing key's fingerprint.
    pub key: String,
}

impl StartFacts {
    /// The facts of a configuration read from `origin` as `text`, with its paytables.
    pub fn of(
        origin: &str,
        text: &str,
        paytables: &crate::rules::banked::paytable::Paytables,
        key: &str,
    ) -> StartFacts {
        let mut settings = BTreeMap::new();
        if let Ok(v) = toml::from_str::<toml::Value>(text) {
            flatten("", &v, &mut settings);
        }
        let mut by_game: BTreeMap<String, Sha256> = BTreeMap::new();
        let all: Vec<crate::rules::banked::paytable::PayTable> = paytables.clone().into();
        for t in all {
            let line = serde_json::to_string(&t).unwrap_or_default();
            by_game
                .entry(t.game.clone())
                .or_default()
                .update(line.as_bytes());
        }
        StartFacts {
            config_origin: origin.to_string(),
            settings,
            paytables: by_game
                .into_iter()
                .map(|(g, h)| (g, hex::encode(h.finalize())))
                .collect(),
            key: crate::store::signing::fingerprint(key),
        }
    }
}

/// A TOML value's settings by dotted key, each value as written.
fn flatten(prefix: &str, v: &toml::Value, out: &mut BTreeMap<String, String>) {
    match v {
        toml::Value::Table(t) => {
            for (k, v) in t {
                let key = if prefix.is_empty() {
                    k.clone()
                } else {
                    format!("{prefix}.{k}")
                };
                flatten(&key, v, out);
            }
        }
        other => {
            out.insert(prefix.to_string(), other.to_string());
        }
    }
}

/// What differs between two maps: "key: old → new", "key: (none) → new", "key: old → (none)".
fn changes(old: &BTreeMap<String, String>, new: &BTreeMap<String, String>) -> Vec<String> {
    let none = "(none)".to_string();
    let mut keys: Vec<&String> = old.keys().chain(new.keys()).collect();
    keys.sort();
    keys.dedup();
    keys.into_iter()
        .filter(|k| old.get(*k) != new.get(*k))
        .map(|k| {
            format!(
                "{k}: {} → {}",
                old.get(k).unwrap_or(&none),
                new.get(k).unwrap_or(&none)
            )
        })
        .collect()
}

fn map_of(v: &Value) -> BTreeMap<String, String> {
    v.as_object()
        .map(|m| {
            m.iter()
                .map(|(k, v)| (k.clone(), v.as_str().unwrap_or_default().to_string()))
                .collect()
        })
        .unwrap_or_default()
}

impl Terminal {
    /// Journals this start: the facts, how the last run ended, and what changed since it.
    pub fn record_start(&mut self, facts: &StartFacts) {
        self.record_start_at(facts, chrono::Utc::now());
    }

    /// [`Self::record_start`] with the wall clock's time given: a clock behind the journal's
    /// newest row (set back while the terminal was off) is journaled before the start.
    pub fn record_start_at(&mut self, facts: &StartFacts, now: chrono::DateTime<chrono::Utc>) {
        let newest = self.store.newest_time().ok().flatten().and_then(|t| {
            chrono::DateTime::parse_from_rfc3339(&t)
                .ok()
                .map(|d| d.with_timezone(&chrono::Utc))
        });
        if let Some(newest) = newest
            && (newest - now).num_seconds() > CLOCK_JUMP_SECONDS
        {
            self.record_system(
                CLOCK_BEHIND,
                json!({
                    "seconds": (newest - now).num_seconds(),
                    "newest_row": newest.to_rfc3339(),
                    "now": now.to_rfc3339(),
                }),
            );
        }
        let last = self.store.newest_of(&[STARTED, STOPPED]).ok().flatten();
        let previous_stop = match last.as_ref().map(|r| r.kind.as_str()) {
            None => "first start",
            Some(STOPPED) => "clean",
            _ => "unclean: the last start has no clean stop (power loss or the process killed)",
        };
        let before: Option<Value> = self
            .store
            .newest_of(&[STARTED])
            .ok()
            .flatten()
            .and_then(|r| serde_json::from_str(&r.payload).ok());
        let (changed, paytables_changed, key_changed) = match &before {
            Some(b) => (
                changes(&map_of(&b["settings"]), &facts.settings),
                changes(&map_of(&b["paytables"]), &facts.paytables),
                b["key"].as_str().is_some_and(|k| k != facts.key),
            ),
            None => (vec![], vec![], false),
        };
        let digest = hex::encode(Sha256::digest(
            serde_json::to_string(&facts.settings)
                .unwrap_or_default()
                .as_bytes(),
        ));
        self.record_system(
            STARTED,
            json!({
                "version": env!("CARGO_PKG_VERSION"),
                "config": facts.config_origin,
                "config_digest": digest,
                "settings": facts.settings,
                "paytables": facts.paytables,
                "key": facts.key,
                "previous_stop": previous_stop,
                "changed": changed,
                "paytables_changed": paytables_changed,
                "key_changed": key_changed,
            }),
        );
        self.clock_base = None;
    }

    /// Journals a clean stop (the window closed).
    pub fn record_stop(&mut self) {
        self.record_system(STOPPED, json!({}));
    }

    /// Compares the wall clock with the monotonic one since the last check: a jump of more than
    /// a minute either way is journaled with its size, and the clocks are compared afresh.
    pub fn check_clock(&mut self, now: chrono::DateTime<chrono::Utc>, mono: std::time::Instant) {
        let Some((utc, at)) = self.clock_base else {
            self.clock_base = Some((now, mono));
            return;
        };
        let elapsed = chrono::Duration::from_std(mono.saturating_duration_since(at))
            .unwrap_or(chrono::Duration::zero());
        let expected = utc + elapsed;
        let jump = (now - expected).num_seconds();
        if jump.abs() > CLOCK_JUMP_SECONDS {
            self.record_system(
                CLOCK_JUMPED,
                json!({
                    "seconds": jump,
                    "expected": expected.to_rfc3339(),
                    "now": now.to_rfc3339(),
                }),
            );
        }
        self.clock_base = Some((now, mono));
    }
}

/// A device's identity as it said it at its last HELLO: one row kind per device.
fn identity_kind(device: &str) -> &'static str {
    match device {
        "shuffler" => "shuffler_identity",
        _ => "progressive_identity",
    }
}

/// Each device's firmware and serial number as last journaled, by device; read once at the
/// start, so a HELLO is compared in memory, not by a query on the screen's thread.
#[derive(Debug, Default)]
pub struct Identities(BTreeMap<&'static str, (String, String)>);

impl Identities {
    pub fn load(store: &crate::store::Store) -> crate::store::Result<Identities> {
        let mut known = BTreeMap::new();
        for device in ["shuffler", "progressive"] {
            if let Some(row) = store.newest_of(&[identity_kind(device)])? {
                let v: Value = serde_json::from_str(&row.payload).unwrap_or_default();
                let field = |k: &str| v[k].as_str().unwrap_or_default().to_string();
                known.insert(device, (field("firmware"), field("serial")));
            }
        }
        Ok(Identities(known))
    }
}

impl Terminal {
    /// A device answered HELLO with its firmware and serial number: the first time, or when
    /// either differs from what it said last (a device swapped, its firmware changed), the
    /// identity is journaled with what it was; the same device again writes nothing.
    pub fn device_identity(&mut self, device: &'static str, firmware: &str, serial: &str) {
        let now = (firmware.to_string(), serial.to_string());
        let was = self.identities.0.get(device).cloned();
        if was.as_ref() == Some(&now) {
            return;
        }
        let previous = was.map(|(f, s)| json!({"firmware": f, "serial": s}));
        self.record_system(
            identity_kind(device),
            json!({
                "device": device,
                "firmware": firmware,
                "serial": serial,
                "changed": previous.is_some(),
                "previous": previous,
            }),
        );
        self.identities.0.insert(device, now);
    }
}

impl Terminal {
    /// Journals the key the heads are signed with when the journal's rows do not name it yet:
    /// a new journal's first row, or a journal begun by an older version, once its chain has
    /// been walked (the row waits behind the walk in the writer, and is refused with every
    /// other write if the chain does not hold).
    pub(super) fn record_key_once(&mut self) {
        let conn = self.store.connection();
        let id = self.store.terminal_id().to_string();
        if !matches!(crate::store::key_history::read(conn, &id), Ok(Ok(None))) {
            return;
        }
        let key = self.store.public_key().to_string();
        let first = self
            .store
            .head()
            .map(|(serial, _)| serial == 0)
            .unwrap_or(false);
        self.record_system(
            crate::store::key_history::KEY_RECORDED,
            json!({
                "public_key": key,
                "fingerprint": crate::store::signing::fingerprint(&key),
                "since": if first {
                    "the journal's first row"
                } else {
                    "recorded on a journal already signed with this key"
                },
            }),
        );
    }
}
