//! The terminal's signing key and the signed head of its journal.
//!
//! The SHA-256 chain shows that no row was changed in place, but anyone who can write the file
//! can recompute it after an edit, or cut rows off the end. So every commit also signs the new
//! head (the last row's serial and hash) with this terminal's Ed25519 key, in the same
//! transaction (`signed_head`, one row). The key is created on first start in a file only the
//! service user can read (0600), and its public half is recorded in the database's `meta` and printed
//! on the shift report. `verify-log` checks the
//! head against the key: an edited-and-rehashed row or a cut-off tail is reported by serial.

use super::{Result, StoreError};
use ed25519_dalek::{Signature, Signer, SigningKey, Verifier, VerifyingKey};
use std::path::{Path, PathBuf};

/// The key file beside a database when the configuration names none: `NAME.sqlite.key`.
pub fn default_key_path(db: &Path) -> PathBuf {
    let mut p = db.as_os_str().to_owned();
    p.push(".key");
    PathBuf::from(p)
}

/// What is signed: the terminal, the serial and the hash of the journal's last row.
fn message(terminal_id: &str, serial: i64, hash: &str) -> Vec<u8> {
    format!("deckhand signed head\n{terminal_id}\n{serial}\n{hash}\n").into_bytes()
}

/// This terminal's signing key.
pub struct HeadKey {
    key: SigningKey,
}

impl HeadKey {
    /// Reads the key at `path`, or creates it (0600) when there is none. The bool is true when
    /// it was created now.
    pub fn load_or_create(path: &Path) -> Result<(HeadKey, bool)> {
        let refuse = |why: String| StoreError::Invalid(format!("{}: {why}", path.display()));
        if path.exists() {
            super::private_file(path)?;
            let text = std::fs::read_to_string(path)
                .map_err(|e| refuse(format!("cannot read the signing key ({e})")))?;
            let bytes = hex::decode(text.trim())
                .ok()
                .and_then(|b| <[u8; 32]>::try_from(b).ok())
                .ok_or_else(|| refuse("not a signing key (64 hex digits expected)".into()))?;
            return Ok((
                HeadKey {
                    key: SigningKey::from_bytes(&bytes),
                },
                false,
            ));
        }
        let mut seed = [0u8; 32];
        getrandom::getrandom(&mut seed)
            .map_err(|e| refuse(format!("no randomness for a new signing key ({e})")))?;
        // Written whole, synced, then moved into place: a crash leaves no key or the whole key,
        // and a second process starting at the same moment keeps the first one's.
        let tmp = path.with_extension(format!("tmp{}", std::process::id()));
        {
            use std::io::Write;
            use std::os::unix::fs::OpenOptionsExt;
            let mut f = std::fs::OpenOptions::new()
                .write(true)
                .create_new(true)
                .mode(0o600)
                .open(&tmp)
                .map_err(|e| refuse(format!("cannot write the signing key ({e})")))?;
            f.write_all(format!("{}\n", hex::encode(seed)).as_bytes())
                .and_then(|_| f.sync_all())
                .map_err(|e| refuse(format!("cannot write the signing key ({e})")))?;
        }
        if std::fs::hard_link(&tmp, path).is_err() {
            let _ = std::fs::remove_file(&tmp);
            if path.exists() {
                return Self::load_or_create(path);
            }
            return Err(refuse("cannot put the signing key in place".into()));
        }
        let _ = std::fs::remove_file(&tmp);
        if let Some(dir) = path.parent().filter(|d| !d.as_os_str().is_empty())
            && let Ok(d) = std::fs::File::open(dir)
        {
            let _ = d.sync_all();
        }
        Ok((
            HeadKey {
                key: SigningKey::from_bytes(&seed),
            },
            true,
        ))
    }

    /// The key itself, for what else it signs (a rotation's endorsement of the next key).
    pub(crate) fn signing_key(&self) -> &SigningKey {
        &self.key
    }

    /// The public key, hex.
    pub fn public_hex(&self) -> String {
        hex::encode(self.key.verifying_key().as_bytes())
    }

    /// The signature (hex) over the head.
    pub fn sign(&self, terminal_id: &str, serial: i64, hash: &str) -> String {
        hex::encode(
            self.key
                .sign(&message(terminal_id, serial, hash))
                .to_bytes(),
        )
    }

    /// Signs this head and stores it as the journal's signed head (on the caller's connection
    /// or transaction, so it commits with the rows it covers).
    pub fn store_head(
        &self,
        conn: &rusqlite::Connection,
        terminal_id: &str,
        serial: i64,
        hash: &str,
        ts_utc: &str,
    ) -> Result<()> {
        conn.prepare_cached(
            "INSERT OR REPLACE INTO signed_head (id, serial, hash, signature, public_key, ts_utc)
             VALUES (1, ?1, ?2, ?3, ?4, ?5)",
        )?
        .execute(rusqlite::params![
            serial,
            hash,
            self.sign(terminal_id, serial, hash),
            self.public_hex(),
            ts_utc
        ])?;
        Ok(())
    }

    /// Signs the journal's last row as it stands (the terminal id from `meta`): a journal from
    /// before signed heads, or one a tool or test wrote row by row with this key's authority.
    pub fn sign_last_row(&self, conn: &rusqlite::Connection) -> Result<()> {
        use rusqlite::OptionalExtension;
        let terminal: String = conn
            .query_row(
                "SELECT value FROM meta WHERE key = 'terminal_id'",
                [],
                |r| r.get(0),
            )
            .optional()?
            .unwrap_or_default();
        let last: Option<(i64, String, String)> = conn
            .query_row(
                "SELECT serial, hash, ts_utc FROM journal ORDER BY serial DESC LIMIT 1",
                [],
                |r| Ok((r.get(0)?, r.get(1)?, r.get(2)?)),
            )
            .optional()?;
        if let Some((serial, hash, ts)) = last {
            self.store_head(conn, &terminal, serial, &hash, &ts)?;
        }
        Ok(())
    }
}

/// Checks a signature (hex) over the head with a public key (hex).
pub fn verify(public_hex: &str, terminal_id: &str, serial: i64, hash: &str, sig_hex: &str) -> bool {
    verify_message(public_hex, &message(terminal_id, serial, hash), sig_hex)
}

/// Checks a signature (hex) over `message` with a public key (hex); false for either not hex
/// of the right length.
pub(crate) fn verify_message(public_hex: &str, message: &[u8], sig_hex: &str) -> bool {
    let key = hex::decode(public_hex)
        .ok()
        .and_then(|b| <[u8; 32]>::try_from(b).ok())
        .and_then(|b| VerifyingKey::from_bytes(&b).ok());
    let sig = hex::decode(sig_hex)
        .ok()
        .and_then(|b| <[u8; 64]>::try_from(b).ok())
        .map(|b| Signature::from_bytes(&b));
    match (key, sig) {
        (Some(k), Some(s)) => k.verify(message, &s).is_ok(),
        _ => false,
    }
}

/// The signed head as stored.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct SignedHead {
    pub serial: i64,
    pub hash: String,
    pub signature: String,
    pub public_key: String,
    pub ts_utc: String,
}

fn has_head_table(conn: &rusqlite::Connection) -> Result<bool> {
    Ok(conn.query_row(
        "SELECT COUNT(*) > 0 FROM sqlite_master WHERE type = 'table' AND name = 'signed_head'",
        [],
        |r| r.get(0),
    )?)
}

/// A public key's fingerprint as the screens and reports print it: its first 16 hex digits.
pub fn fingerprint(public_hex: &str) -> String {
    format!("{}…", public_hex.get(..16).unwrap_or(public_hex))
}

/// Whether `given` (a public key in hex, or its fingerprint of at least 16 hex digits, as a
/// shift report prints it) names `public_hex`.
pub fn names_key(given: &str, public_hex: &str) -> bool {
    let given = given.trim().trim_end_matches('…').to_ascii_lowercase();
    given.len() >= 16
        && given.chars().all(|c| c.is_ascii_hexdigit())
        && public_hex.to_ascii_lowercase().starts_with(&given)
}

/// Reads the signed head, if the file has one.
pub fn read_head(conn: &rusqlite::Connection) -> Result<Option<SignedHead>> {
    use rusqlite::OptionalExtension;
    if !has_head_table(conn)? {
        return Ok(None);
    }
    Ok(conn
        .query_row(
            "SELECT serial, hash, signature, public_key, ts_utc FROM signed_head WHERE id = 1",
            [],
            |r| {
                Ok(SignedHead {
                    serial: r.get(0)?,
                    hash: r.get(1)?,
                    signature: r.get(2)?,
                    public_key: r.get(3)?,
                    ts_utc: r.get(4)?,
                })
            },
        )
        .optional()?)
}

/// The public key this journal's heads are signed with, as the terminal recorded it in `meta`
/// when it first met its key; none for a journal no signing terminal has opened.
pub fn recorded_key(conn: &rusqlite::Connection) -> Result<Option<String>> {
    use rusqlite::OptionalExtension;
    Ok(conn
        .query_row("SELECT value FROM meta WHERE key = 'public_key'", [], |r| {
            r.get(0)
        })
        .optional()?)
}

/// Checks the signed head against the journal whose chain walked intact to (`rows`, `head`).
/// `trusted`: the public key to hold the signature to (from the key file); without it, the key
/// the journal recorded. An error is the problem, in words, with the serial it concerns.
pub fn check_head(
    conn: &rusqlite::Connection,
    terminal_id: &str,
    rows: i64,
    head: &str,
    trusted: Option<&str>,
) -> Result<std::result::Result<Option<SignedHead>, (i64, String)>> {
    let recorded = recorded_key(conn)?;
    let signed = read_head(conn)?;
    let Some(h) = signed else {
        // A journal from before signed heads (no `signed_head` table) has no head; any other
        // with a row must have one.
        return Ok(if rows > 0 && has_head_table(conn)? {
            Err((
                rows,
                "the journal's signed head is missing (removed after it was written)".into(),
            ))
        } else {
            Ok(None)
        });
    };
    // The journal's own rows name its key (its first row, an adoption, each rotation): the
    // key file, `meta` and the head must all be that key, whatever each says of itself.
    let history = match super::key_history::read(conn, terminal_id)? {
        Ok(history) => history,
        Err(problem) => return Ok(Err(problem)),
    };
    if let Some(history) = &history
        && let Some(problem) = against_history(history, &h, trusted, recorded.as_deref())
    {
        return Ok(Err(problem));
    }
    let key = match &history {
        Some(history) => history.key_at(h.serial).to_string(),
        None => trusted
            .map(str::to_string)
            .or(recorded.clone())
            .unwrap_or_else(|| h.public_key.clone()),
    };
    if h.public_key != key {
        return Ok(Err((
            h.serial,
            format!(
                "the head is signed by key {}…, not this terminal's key {}…",
                &h.public_key.get(..12).unwrap_or(&h.public_key),
                &key.get(..12).unwrap_or(&key)
            ),
        )));
    }
    // The key file and the journal's own record of its key must agree: a key file written
    // over by someone without the key would otherwise sign on from a forged head (issue 40).
    // (With a key history, [`against_history`] held both to the journal's rows.)
    if history.is_none()
        && let (Some(file), Some(rec)) = (trusted, recorded.as_deref())
        && file != rec
    {
        return Ok(Err((
            h.serial,
            format!(
                "the signing key file holds key {}, but this journal records key {}: the key file was replaced, or the journal's record of its key rewritten",
                fingerprint(file),
                fingerprint(rec)
            ),
        )));
    }
    if !verify(&key, terminal_id, h.serial, &h.hash, &h.signature) {
        return Ok(Err((
            h.serial,
            "the signature on the journal's head does not verify (the head was altered)".into(),
        )));
    }
    if h.serial > rows {
        // The walk saw `rows`; rows committed since (a device link journals as the terminal
        // starts) are not rows removed: the journal as it is now must reach the head.
        let now: i64 = conn.query_row("SELECT COALESCE(MAX(serial), 0) FROM journal", [], |r| {
            r.get(0)
        })?;
        if h.serial > now {
            return Ok(Err((
                rows,
                format!(
                    "signed head at serial {}, journal ends at {now}: rows were removed from the end",
                    h.serial
                ),
            )));
        }
    }
    let at: Option<String> = {
        use rusqlite::OptionalExtension;
        conn.query_row(
            "SELECT hash FROM journal WHERE serial = ?1",
            [h.serial],
            |r| r.get(0),
        )
        .optional()?
    };
    if at.as_deref() != Some(h.hash.as_str()) {
        return Ok(Err((
            h.serial,
            format!(
                "the journal's hash at serial {} is not the one signed: rows up to there were rewritten and rehashed",
                h.serial
            ),
        )));
    }
    if h.serial < rows {
        return Ok(Err((
            h.serial + 1,
            format!(
                "rows {} to {rows} were added after the last signed head (serial {}) without the key",
                h.serial + 1,
                h.serial
            ),
        )));
    }
    let _ = head;
    Ok(Ok(Some(h)))
}

/// The key file (`trusted`), `meta`'s record (`recorded`) and the head against the keys the
/// journal's rows name: the problem, with the serial it concerns, or none.
fn against_history(
    history: &super::key_history::KeyHistory,
    h: &SignedHead,
    trusted: Option<&str>,
    recorded: Option<&str>,
) -> Option<(i64, String)> {
    let current = history.current();
    let since = history.current_since();
    if let Some(file) = trusted
        && file != current
    {
        let unfinished = history
            .rotations
            .last()
            .is_some_and(|_| file == history.key_at(since));
        return Some((
            since,
            if unfinished {
                format!(
                    "the journal moved to key {} at row {since}, but the signing key file still holds the key before it ({}): the rotation was not finished; put the new key file (KEYFILE.next) in place",
                    fingerprint(current),
                    fingerprint(file)
                )
            } else {
                format!(
                    "the signing key file holds key {}, but the journal's own record of its key (row {since}) is {}: the key file was replaced",
                    fingerprint(file),
                    fingerprint(current)
                )
            },
        ));
    }
    if let Some(rec) = recorded
        && rec != current
        && rec != history.key_at(since)
    {
        return Some((
            since,
            format!(
                "the database's meta records key {}, but the journal's own record of its key (row {since}) is {}: meta was rewritten",
                fingerprint(rec),
                fingerprint(current)
            ),
        ));
    }
    let at_head = history.key_at(h.serial);
    if h.public_key != at_head {
        return Some((
            h.serial,
            format!(
                "the head is signed by key {}, but the journal's own record of its key is {} (row {}): the head was re-signed with another key",
                fingerprint(&h.public_key),
                fingerprint(at_head),
                history
                    .rotations
                    .iter()
                    .rev()
                    .find(|(s, _)| *s < h.serial)
                    .map_or(history.first.0, |(s, _)| *s)
            ),
        ));
    }
    None
}
