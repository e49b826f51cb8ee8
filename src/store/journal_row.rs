//! A journal row: who and where it was written ([`RowContext`]), what a caller appends
//! ([`Entry`]), the row as stored ([`JournalRow`]) and the bytes its hash covers.

use super::chain;
use crate::rules::table::Event;
use serde::Serialize;

/// Who and where, stamped on each row.
#[derive(Debug, Clone, Default)]
pub struct RowContext {
    pub table_no: Option<u32>,
    pub dealer_credential: Option<String>,
    pub actor_credential: Option<String>,
}

/// One record to append.
#[derive(Debug, Clone)]
pub struct Entry {
    pub stream: Stream,
    pub kind: String,
    pub payload: serde_json::Value,
    pub actor_credential: Option<String>,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Stream {
    /// Table events: replayed to rebuild the table.
    Table,
    /// Everything else worth keeping: failed verifications, device link changes.
    System,
}

impl Stream {
    pub(crate) fn as_str(self) -> &'static str {
        match self {
            Stream::Table => "table",
            Stream::System => "system",
        }
    }
}

impl Entry {
    pub fn table(event: &Event) -> Entry {
        Entry {
            stream: Stream::Table,
            kind: event.kind().to_string(),
            payload: serde_json::to_value(event).expect("events serialize"),
            actor_credential: event.signer().map(|p| p.credential.clone()),
        }
    }

    pub fn system(kind: &str, payload: impl Serialize) -> Entry {
        Entry {
            stream: Stream::System,
            kind: kind.to_string(),
            payload: serde_json::to_value(payload).unwrap_or(serde_json::Value::Null),
            actor_credential: None,
        }
    }
}

/// A journal row as stored.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct JournalRow {
    pub serial: i64,
    pub terminal_id: String,
    pub ts_utc: String,
    pub mono_ns: i64,
    pub session: i64,
    pub stream: String,
    pub table_no: Option<i64>,
    pub dealer_credential: Option<String>,
    pub actor_credential: Option<String>,
    pub kind: String,
    pub payload: String,
    pub prev_hash: String,
    pub hash: String,
}

/// The INSERT of one journal row; [`JournalRow::insert`] binds its parameters in order.
pub const INSERT_SQL: &str = "INSERT INTO journal (serial, terminal_id, ts_utc, mono_ns, session,
     stream, table_no, dealer_credential, actor_credential, kind, payload, prev_hash, hash)
     VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10, ?11, ?12, ?13)";

impl JournalRow {
    /// Executes a statement prepared from [`INSERT_SQL`] for this row.
    pub fn insert(&self, stmt: &mut rusqlite::Statement<'_>) -> rusqlite::Result<usize> {
        stmt.execute(rusqlite::params![
            self.serial,
            self.terminal_id,
            self.ts_utc,
            self.mono_ns,
            self.session,
            self.stream,
            self.table_no,
            self.dealer_credential,
            self.actor_credential,
            self.kind,
            self.payload,
            self.prev_hash,
            self.hash,
        ])
    }

    /// SHA-256 over every field but the hash itself, in a fixed, unambiguous layout: the
    /// compact JSON array of the fields ([`chain`] writes it without building JSON values).
    pub fn compute_hash(&self) -> String {
        let mut buf = Vec::new();
        String::from_utf8_lossy(&chain::hex_digest(self.hash_input_in(&mut buf))).into_owned()
    }

    /// The bytes [`JournalRow::compute_hash`] hashes, written into `buf`.
    pub fn hash_input(&self, buf: &mut Vec<u8>) {
        let len = self.hash_input_in(buf).len();
        buf.truncate(len);
    }

    /// [`JournalRow::hash_input`] with `buf` as scratch that is never shrunk (its room for
    /// escapes kept from row to row, never zeroed again): the bytes are the returned slice.
    pub(crate) fn hash_input_in<'b>(&self, buf: &'b mut Vec<u8>) -> &'b [u8] {
        use chain::Field::{self, Int, Null, Text};
        let opt_int = |v: Option<i64>| v.map_or(Null, Int);
        fn opt_text(v: &Option<String>) -> Field<'_> {
            v.as_deref().map_or(Null, |s| Text(s.as_bytes()))
        }
        chain::hash_input(
            buf,
            &[
                Int(self.serial),
                Text(self.terminal_id.as_bytes()),
                Text(self.ts_utc.as_bytes()),
                Int(self.mono_ns),
                Int(self.session),
                Text(self.stream.as_bytes()),
                opt_int(self.table_no),
                opt_text(&self.dealer_credential),
                opt_text(&self.actor_credential),
                Text(self.kind.as_bytes()),
                Text(self.payload.as_bytes()),
                Text(self.prev_hash.as_bytes()),
            ],
        )
    }
}
