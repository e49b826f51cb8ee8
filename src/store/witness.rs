//! The head witness: the last head the terminal signed, kept in a second place the casino
//! chooses (`[store] head_witness`), so a journal restored from an older, self-consistent copy
//! is caught at the start (issue 40, item 3). Each commit's signed head is written there (a
//! whole file, renamed into place: a crash leaves the previous head, never a torn one); at the
//! start the journal must reach the witnessed head, with the same hash at its serial.
//!
//! The witness only helps where the service account cannot rewrite it: a folder on another
//! machine or medium, or one the casino's controls watch. A deliberate restore (a failed disk)
//! moves the witness aside under the casino's own procedure.

use super::{Result, StoreError};
use rusqlite::{Connection, OptionalExtension};
use serde::{Deserialize, Serialize};
use std::path::{Path, PathBuf};

/// What the witness file holds: the signed head as the journal had it.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct WitnessedHead {
    pub terminal_id: String,
    pub serial: i64,
    pub hash: String,
    pub signature: String,
    pub public_key: String,
}

#[derive(Debug)]
pub struct Witness {
    path: PathBuf,
    /// The serial last written, so an unchanged head is not written again.
    written: Option<i64>,
}

impl Witness {
    pub fn new(path: &Path) -> Witness {
        Witness {
            path: path.to_path_buf(),
            written: None,
        }
    }

    /// At the start: the journal must reach the witnessed head. A witness that cannot be read
    /// is an error, never a quiet pass.
    pub fn check(&self, conn: &Connection, terminal_id: &str) -> Result<()> {
        let text = match std::fs::read_to_string(&self.path) {
            Ok(t) => t,
            Err(e) if e.kind() == std::io::ErrorKind::NotFound => return Ok(()),
            Err(e) => {
                return Err(StoreError::Invalid(format!(
                    "the head witness {} cannot be read ({e})",
                    self.path.display()
                )));
            }
        };
        let w: WitnessedHead = serde_json::from_str(&text).map_err(|e| {
            StoreError::Invalid(format!(
                "the head witness {} is not one this terminal wrote ({e})",
                self.path.display()
            ))
        })?;
        if w.terminal_id != terminal_id {
            return Err(StoreError::Invalid(format!(
                "the head witness {} is terminal {}'s, not this journal's ({terminal_id}): check [store] head_witness",
                self.path.display(),
                w.terminal_id
            )));
        }
        let last: i64 =
            conn.query_row("SELECT COALESCE(MAX(serial), 0) FROM journal", [], |r| {
                r.get(0)
            })?;
        if w.serial > last {
            return Err(StoreError::ChainBroken {
                serial: last,
                problem: format!(
                    "the head witness {} holds signed head {}; this journal ends at {}: it was restored from an older copy. Nothing is written",
                    self.path.display(),
                    w.serial,
                    last
                ),
            });
        }
        let at: Option<String> = conn
            .query_row(
                "SELECT hash FROM journal WHERE serial = ?1",
                [w.serial],
                |r| r.get(0),
            )
            .optional()?;
        if at.as_deref() != Some(w.hash.as_str()) {
            return Err(StoreError::ChainBroken {
                serial: w.serial,
                problem: format!(
                    "the head witness {} holds another hash at serial {}: this journal is not the one that was signed there",
                    self.path.display(),
                    w.serial
                ),
            });
        }
        Ok(())
    }

    /// After a commit: the journal's signed head, written to the witness if it moved. A write
    /// that fails is returned (the caller logs it; the journal itself is durable).
    pub fn record(&mut self, conn: &Connection, terminal_id: &str) -> std::io::Result<()> {
        let head = super::signing::read_head(conn).map_err(std::io::Error::other)?;
        let Some(h) = head else {
            return Ok(());
        };
        if self.written == Some(h.serial) {
            return Ok(());
        }
        let w = WitnessedHead {
            terminal_id: terminal_id.to_string(),
            serial: h.serial,
            hash: h.hash,
            signature: h.signature,
            public_key: h.public_key,
        };
        let mut tmp = self.path.as_os_str().to_owned();
        tmp.push(".new");
        let tmp = PathBuf::from(tmp);
        std::fs::write(&tmp, serde_json::to_vec(&w).map_err(std::io::Error::other)?)?;
        std::fs::rename(&tmp, &self.path)?;
        self.written = Some(w.serial);
        Ok(())
    }
}
