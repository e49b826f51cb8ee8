//! The key's identity as part of the record (issue 40, item 1): which public key the journal's
//! heads are signed with is said by the journal's own rows, not only by `meta` or the key file.
//!
//! - A new journal's first row is [`KEY_RECORDED`], with the key's public half. A journal begun
//!   by an older version gets that row at its next start, once its chain has been walked.
//! - An unsigned journal a supervisor adopts gets [`ADOPTED`] (`deckhand adopt-journal`): the
//!   key, the supervisor, and what was trusted (the rows and the head as they were walked).
//! - A deliberate change of key is [`KEY_ROTATED`] (`deckhand rotate-key`): the old key and the
//!   new, the supervisor who did it, and the old key's signature over the new one. Its own head
//!   is the last the old key signs.
//!
//! Anyone who can write the service account's files can write a new key file and re-sign, or
//! rewrite `meta`; neither can change these rows without breaking the chain, and rewriting the
//! chain from the first row needs a key the casino knows apart from the file (the shift
//! report's, the central registration's; `verify-log --key`).

use super::Result;
use super::signing::fingerprint;
use ed25519_dalek::Signer;

/// The journal records the key its heads are signed with.
pub const KEY_RECORDED: &str = "signing_key";
/// A supervisor adopted a journal written before heads were signed.
pub const ADOPTED: &str = "journal_adopted";
/// The key was changed on purpose, endorsed by the key before it.
pub const KEY_ROTATED: &str = "signing_key_rotated";

/// The keys a journal's rows name, in order.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct KeyHistory {
    /// The serial of the row that first recorded a key, and that key.
    pub first: (i64, String),
    /// Each rotation's serial and the key it moved to.
    pub rotations: Vec<(i64, String)>,
}

impl KeyHistory {
    /// The key heads are signed with from now on.
    pub fn current(&self) -> &str {
        self.rotations.last().map_or(&self.first.1, |(_, k)| k)
    }

    /// The serial of the row that put the current key in force.
    pub fn current_since(&self) -> i64 {
        self.rotations.last().map_or(self.first.0, |(s, _)| *s)
    }

    /// The key a head at `serial` is signed with: a rotation's own row is the old key's last.
    pub fn key_at(&self, serial: i64) -> &str {
        self.rotations
            .iter()
            .rev()
            .find(|(s, _)| *s < serial)
            .map_or(&self.first.1, |(_, k)| k)
    }

    /// Whether `given` (a key or its fingerprint) names one of the journal's keys.
    pub fn names(&self, given: &str) -> bool {
        std::iter::once(&self.first.1)
            .chain(self.rotations.iter().map(|(_, k)| k))
            .any(|k| super::signing::names_key(given, k))
    }
}

/// What the old key signs to hand the journal on to the new one.
fn rotation_message(terminal_id: &str, from: &str, to: &str) -> Vec<u8> {
    format!("deckhand key rotation\n{terminal_id}\n{from}\n{to}\n").into_bytes()
}

/// The old key's endorsement of `to` (hex signature), for a [`KEY_ROTATED`] row.
pub fn endorse(old: &super::signing::HeadKey, terminal_id: &str, to: &str) -> String {
    let from = old.public_hex();
    hex::encode(
        old.signing_key()
            .sign(&rotation_message(terminal_id, &from, to))
            .to_bytes(),
    )
}

fn endorsed(terminal_id: &str, from: &str, to: &str, sig_hex: &str) -> bool {
    super::signing::verify_message(from, &rotation_message(terminal_id, from, to), sig_hex)
}

fn is_key(hex_key: &str) -> bool {
    hex_key.len() == 64 && hex_key.chars().all(|c| c.is_ascii_hexdigit())
}

/// The journal's keys as its rows record them; none for a journal begun before keys were
/// recorded and not opened since. A row that names a key the chain does not allow (a second
/// first key, a rotation from a key not in force or not endorsed by it) is the problem, with its
/// serial.
pub fn read(
    conn: &rusqlite::Connection,
    terminal_id: &str,
) -> Result<std::result::Result<Option<KeyHistory>, (i64, String)>> {
    let mut stmt = conn.prepare_cached(
        "SELECT serial, kind, payload FROM journal WHERE kind IN (?1, ?2, ?3) ORDER BY serial",
    )?;
    let rows: Vec<(i64, String, String)> = stmt
        .query_map([KEY_RECORDED, ADOPTED, KEY_ROTATED], |r| {
            Ok((r.get(0)?, r.get(1)?, r.get(2)?))
        })?
        .collect::<rusqlite::Result<_>>()?;
    Ok(from_rows(terminal_id, rows))
}

/// The kinds of row [`from_rows`] reads, for a query elsewhere (the central copy's).
pub const KINDS: [&str; 3] = [KEY_RECORDED, ADOPTED, KEY_ROTATED];

/// The keys that (serial, kind, payload) rows of [`KINDS`], in serial order, name.
pub fn from_rows(
    terminal_id: &str,
    rows: Vec<(i64, String, String)>,
) -> std::result::Result<Option<KeyHistory>, (i64, String)> {
    let mut history: Option<KeyHistory> = None;
    for (serial, kind, payload) in rows {
        let v: serde_json::Value = serde_json::from_str(&payload).unwrap_or_default();
        let field = |name: &str| v[name].as_str().unwrap_or_default().to_string();
        let problem = |why: String| Err((serial, why));
        if kind == KEY_ROTATED {
            let (from, to) = (field("from"), field("to"));
            let Some(h) = history.as_mut() else {
                return problem("a key rotation before any key was recorded".into());
            };
            if from != h.current() {
                return problem(format!(
                    "a key rotation from key {}, but the key in force is {}",
                    fingerprint(&from),
                    fingerprint(h.current())
                ));
            }
            if !is_key(&to) || !endorsed(terminal_id, &from, &to, &field("endorsement")) {
                return problem(format!(
                    "the rotation to key {} is not endorsed by the key before it ({})",
                    fingerprint(&to),
                    fingerprint(&from)
                ));
            }
            h.rotations.push((serial, to));
            continue;
        }
        let key = field("public_key");
        if !is_key(&key) {
            return problem("a row recording the signing key names no key".into());
        }
        match &history {
            None => {
                history = Some(KeyHistory {
                    first: (serial, key),
                    rotations: Vec::new(),
                })
            }
            Some(h) if h.current() == key => {}
            Some(h) => {
                return problem(format!(
                    "this row records key {}, but the journal's key is {} (row {}): only a rotation endorsed by that key changes it",
                    fingerprint(&key),
                    fingerprint(h.current()),
                    h.current_since()
                ));
            }
        }
    }
    Ok(history)
}

/// A rotation done: the keys, as journaled.
#[derive(Debug, Clone, serde::Serialize)]
pub struct Rotated {
    pub from: String,
    pub to: String,
    pub endorsement: String,
    /// The supervisor who rotated it.
    pub credential: String,
    pub serial: i64,
}

/// The file the next key is made in before it replaces the key file: `KEYFILE.next`.
pub fn next_key_path(key: &std::path::Path) -> std::path::PathBuf {
    let mut p = key.as_os_str().to_owned();
    p.push(".next");
    std::path::PathBuf::from(p)
}

impl super::Store {
    /// Rotates the signing key (`deckhand rotate-key`; the supervisor already checked): a new
    /// key made in `KEYFILE.next` (any file already there removed first, never endorsed), a
    /// [`KEY_ROTATED`] row endorsed by the old key and signed by the supervisor, then the store
    /// closed and the new key moved over the key file. Refused while a running terminal holds
    /// the journal. A crash between the row and the move leaves the journal naming the new key
    /// and the key file the old one: the start refuses it and says to put `KEYFILE.next` in place.
    pub fn rotate_key(self, key: &std::path::Path, credential: &str) -> Result<Rotated> {
        let next_path = next_key_path(key);
        // A `.next` already there is never used: whoever can write the folder could have put
        // their own key there for the old key to endorse. Made fresh, here, now.
        if next_path.exists() {
            std::fs::remove_file(&next_path).map_err(|e| {
                super::StoreError::Invalid(format!(
                    "{} is there and cannot be removed ({e}): nothing rotated",
                    next_path.display()
                ))
            })?;
        }
        let (next, _) = super::signing::HeadKey::load_or_create(&next_path)?;
        let to = next.public_hex();
        let to_sign = to.clone();
        let (from, endorsement) = self
            .writer
            .call(move |w| w.endorse_next(&to_sign))?
            .map_err(super::StoreError::Invalid)?;
        if from == to {
            return Err(super::StoreError::Invalid(
                "the next key is the key in use: nothing to rotate".into(),
            ));
        }
        let mut entry = super::Entry::system(
            KEY_ROTATED,
            serde_json::json!({
                "from": from,
                "to": to,
                "endorsement": endorsement,
                "from_fingerprint": fingerprint(&from),
                "to_fingerprint": fingerprint(&to),
            }),
        );
        entry.actor_credential = Some(credential.to_string());
        let ctx = super::RowContext {
            actor_credential: Some(credential.to_string()),
            ..Default::default()
        };
        let mut store = self;
        let rows = store.append(&ctx, &[entry])?;
        let serial = rows.first().map_or(0, |r| r.serial);
        drop(store);
        std::fs::rename(&next_path, key).map_err(|e| {
            super::StoreError::Invalid(format!(
                "the rotation is journaled (row {serial}) but {} could not replace {} ({e}): move it there before the next start",
                next_path.display(),
                key.display()
            ))
        })?;
        if let Some(dir) = key.parent().filter(|d| !d.as_os_str().is_empty())
            && let Ok(d) = std::fs::File::open(dir)
        {
            let _ = d.sync_all();
        }
        Ok(Rotated {
            from,
            to,
            endorsement,
            credential: credential.to_string(),
            serial,
        })
    }
}

impl super::writer::WriterState {
    /// This key's endorsement of `to` as the journal's next key (a rotation), or why not: a
    /// rotation is written only by the writer that owns the commit log, so no running terminal
    /// goes on signing with the old key after it.
    pub(super) fn endorse_next(&self, to: &str) -> std::result::Result<(String, String), String> {
        if self.log.is_none() {
            return Err("another writer (a running terminal) has the journal open: stop the terminal, then rotate its key".into());
        }
        if let Some(e) = &self.refused {
            return Err(e.to_string());
        }
        Ok((
            self.key.public_hex(),
            endorse(&self.key, &self.terminal_id, to),
        ))
    }
}
