//! The store: one SQLite file holding an append-only, hash-chained journal and the people who
//! sign records.
//!
//! - `journal_mode=WAL`, `synchronous=FULL`, foreign keys on.
//! - Every append runs in one transaction: the rows of one command commit together or not at
//!   all, so the table state (rebuilt from the journal) and its record never disagree.
//! - Serial numbers are gap-free; each row's hash covers its fields and the previous hash.
//! - Triggers refuse UPDATE and DELETE on the journal.

pub mod adopt;
pub mod apart;
mod files;
pub(crate) use files::reopener;
pub use files::{open_evidence, private_file};
pub mod backup;
pub mod central;
mod central_reader;
mod chain;
pub mod commit_log;
pub mod commit_signal;
pub mod floor;
pub mod floor_acks;
pub mod floor_view;
mod journal_row;
pub use journal_row::*;
pub mod key_history;
pub mod migrate;
pub mod pace;
pub mod people;
pub mod pin_check;
pub mod replay;
pub mod review;
pub mod review_reader;
pub mod signing;
pub mod snapshot;
pub mod witness;
mod writer;
pub use writer::{DeviceSink, GROUP_MAX_ROWS, GroupStats, Receipt};

use crate::rules::table::Event;
use rusqlite::{Connection, OpenFlags, OptionalExtension};
use std::path::{Path, PathBuf};

pub use migrate::MIGRATIONS;

/// The previous hash of the first row.
pub const GENESIS: &str = "0000000000000000000000000000000000000000000000000000000000000000";

#[derive(Debug, thiserror::Error)]
pub enum StoreError {
    #[error("database: {0}")]
    Sql(#[from] rusqlite::Error),
    #[error("migration {file} failed, the schema is unchanged: {source}")]
    Migration {
        file: &'static str,
        source: rusqlite::Error,
    },
    #[error("journal row {serial} cannot be read back as a table event: {detail}")]
    BadPayload { serial: i64, detail: String },
    #[error("{0}")]
    Invalid(String),
    /// Writing a file or a pipe (an export, the commit log) failed; the kind is kept (a closed
    /// pipe is not a fault, a full disk reads as one).
    #[error("writing: {0}")]
    Io(#[from] std::io::Error),
    /// The hash chain is broken: a row was changed, removed or inserted after it was written.
    #[error("the journal's hash chain is broken at row {serial}: {problem}")]
    ChainBroken { serial: i64, problem: String },
    /// The journal's table rows do not rebuild the table: the first row that cannot be applied.
    #[error(transparent)]
    Replay(#[from] crate::rules::table::ReplayError),
}

pub type Result<T> = std::result::Result<T, StoreError>;

/// The result of walking the chain.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum ChainStatus {
    Intact { rows: i64, head: String },
    Broken { serial: i64, problem: String },
}

impl std::fmt::Display for ChainStatus {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            ChainStatus::Intact { rows, head } => write!(f, "intact: {rows} rows, head {head}"),
            ChainStatus::Broken { serial, problem } => {
                write!(f, "broken at serial {serial}: {problem}")
            }
        }
    }
}

/// The floor's words for a failed write.
pub fn why_not_written(e: &StoreError) -> &'static str {
    use rusqlite::ErrorCode as C;
    match e {
        StoreError::Sql(rusqlite::Error::SqliteFailure(f, _)) => match f.code {
            C::DiskFull => "the disk is full",
            C::ReadOnly => "the database file is read-only",
            C::DatabaseBusy | C::DatabaseLocked => "another program is holding the database",
            C::CannotOpen | C::PermissionDenied => "the database file cannot be opened",
            C::SystemIoFailure => "the disk reported an error",
            _ => "the database refused the write",
        },
        StoreError::Io(e) if e.kind() == std::io::ErrorKind::StorageFull => "the disk is full",
        StoreError::Io(_) => "the disk reported an error",
        _ => "the database refused the write",
    }
}

/// A failed write in the floor's words and the database's own ("the disk is full", "database
/// or disk is full").
pub fn failure_words(e: &StoreError) -> (String, String) {
    let detail = e.to_string();
    let detail = detail
        .strip_prefix("database: ")
        .unwrap_or(&detail)
        .to_string();
    (why_not_written(e).to_string(), detail)
}

/// The store: writes go to one writer thread that owns the read-write connection
/// ([`writer::Writer`]); reads use this handle's own read-only connection (WAL lets them run
/// beside the writer).
pub struct Store {
    reader: Connection,
    writer: writer::Writer,
    /// The table and dealer stamped on rows device threads write (see [`Store::device_sink`]).
    device_ctx: std::sync::Arc<std::sync::Mutex<RowContext>>,
    /// Set by a [`DeviceSink`] whose write failed; taken by the terminal.
    device_failure: writer::FailureSlot,
    terminal_id: String,
    /// This terminal's public signing key, hex.
    public_key: String,
    path: PathBuf,
}

/// The verdict of a start's walk of the chain ([`Store::check_chain`]), shared with the thread
/// that walks it.
#[derive(Clone, Debug)]
pub struct ChainCheck {
    rows: i64,
    verdict: std::sync::Arc<Verdict>,
}

/// See [`Store::hold_writer`]: the writer goes on when this is dropped.
#[doc(hidden)]
pub struct WriterHold(#[allow(dead_code)] std::sync::mpsc::Sender<()>);

/// Where the walking thread leaves its verdict, and the signal it gives.
type Verdict = (
    std::sync::Mutex<Option<std::result::Result<ChainStatus, String>>>,
    std::sync::Condvar,
);

impl ChainCheck {
    /// How many rows the walk covers (the journal's last serial when it started).
    pub fn rows(&self) -> i64 {
        self.rows
    }

    /// The verdict, once the walk is done: the chain's status, or why it could not be walked.
    pub fn verdict(&self) -> Option<std::result::Result<ChainStatus, String>> {
        self.verdict.0.lock().ok().and_then(|v| v.clone())
    }

    /// Waits for the verdict: `Ok` only for an intact chain with its signed head; a broken one
    /// as [`StoreError::ChainBroken`].
    pub fn wait_intact(&self) -> Result<()> {
        let failed = || StoreError::Invalid("the chain check failed unexpectedly".into());
        let (lock, ready) = &*self.verdict;
        let mut v = lock.lock().map_err(|_| failed())?;
        let verdict = loop {
            if let Some(verdict) = v.clone() {
                break verdict;
            }
            v = ready.wait(v).map_err(|_| failed())?;
        };
        match verdict {
            Ok(ChainStatus::Intact { .. }) => Ok(()),
            Ok(ChainStatus::Broken { serial, problem }) => {
                Err(StoreError::ChainBroken { serial, problem })
            }
            Err(e) => Err(StoreError::Invalid(format!(
                "the journal could not be checked: {e}"
            ))),
        }
    }

    fn settle(verdict: &Verdict, status: std::result::Result<ChainStatus, String>) {
        if let Ok(mut v) = verdict.0.lock() {
            *v = Some(status);
        }
        verdict.1.notify_all();
    }
}

/// Canonical JSON: object keys sorted (serde_json's default map is ordered), no spaces.
pub fn canonical_json(v: &serde_json::Value) -> String {
    v.to_string()
}

impl Store {
    /// Opens (creating and migrating if needed) the database at `path` and starts its writer,
    /// with the signing key beside it ([`signing::default_key_path`]).
    pub fn open(path: &Path) -> Result<Store> {
        Self::open_with_key(path, &signing::default_key_path(path))
    }

    /// Opens the database with the signing key at `key` (created, 0600, if there is none).
    pub fn open_with_key(path: &Path, key: &Path) -> Result<Store> {
        Self::open_witnessed(path, key, None)
    }

    /// [`Store::open_with_key`], keeping each commit's signed head in `witness` too and
    /// refusing a journal that does not reach the head witnessed there (`witness.rs`).
    pub fn open_witnessed(path: &Path, key: &Path, witness: Option<&Path>) -> Result<Store> {
        Self::open_inner(path, key, witness, false)
    }

    fn open_inner(
        path: &Path,
        key: &Path,
        witness: Option<&Path>,
        adopting: bool,
    ) -> Result<Store> {
        if let Some(dir) = path.parent()
            && !dir.as_os_str().is_empty()
        {
            std::fs::create_dir_all(dir).map_err(|e| {
                StoreError::Invalid(format!("cannot create {}: {e}", dir.display()))
            })?;
        }
        let (writer, terminal_id, public_key) =
            writer::Writer::start(path, key, witness, adopting)?;
        let reader = Connection::open_with_flags(
            path,
            OpenFlags::SQLITE_OPEN_READ_ONLY | OpenFlags::SQLITE_OPEN_NO_MUTEX,
        )?;
        reader.busy_timeout(std::time::Duration::from_secs(5))?;
        Ok(Store {
            reader,
            writer,
            device_ctx: Default::default(),
            device_failure: Default::default(),
            terminal_id,
            public_key,
            path: path.to_path_buf(),
        })
    }

    pub fn terminal_id(&self) -> &str {
        &self.terminal_id
    }

    /// A handle for a device's link thread to journal what the device reported before the frame
    /// is acknowledged.
    pub fn device_sink(&self) -> DeviceSink {
        self.writer
            .sink(self.device_ctx.clone(), self.device_failure.clone())
    }

    /// The last write a device's link thread could not make (in words: why, and the
    /// database's message), taken once: the terminal shows it as its own write fault.
    pub fn take_device_failure(&self) -> Option<(String, String)> {
        self.device_failure.take_failure()
    }

    /// How long a device's report has been waiting for the writer (its link thread journals it
    /// before the frame is acknowledged and the report handed on), while one is.
    pub fn device_report_waited(&self) -> Option<std::time::Duration> {
        self.device_failure.waited()
    }

    /// The table and dealer device rows are stamped with from now on.
    pub fn set_device_context(&self, ctx: &RowContext) {
        if let Ok(mut c) = self.device_ctx.lock() {
            *c = RowContext {
                actor_credential: None,
                ..ctx.clone()
            };
        }
    }

    /// Told of each commit: the central sender waits on it to push at once.
    pub fn commits(&self) -> commit_signal::CommitSignal {
        self.writer.commits.clone()
    }

    /// This terminal's public signing key (hex), as journaled and printed on the shift report.
    pub fn public_key(&self) -> &str {
        &self.public_key
    }

    /// The journal's signed head, as the last commit left it.
    pub fn signed_head(&self) -> Result<Option<signing::SignedHead>> {
        signing::read_head(&self.reader)
    }

    pub fn path(&self) -> &Path {
        &self.path
    }

    /// The read-only connection, for queries.
    pub fn connection(&self) -> &Connection {
        &self.reader
    }

    /// The last serial number and hash, or (0, GENESIS) for an empty journal.
    pub fn head(&self) -> Result<(i64, String)> {
        Ok(self
            .reader
            .query_row(
                "SELECT serial, hash FROM journal ORDER BY serial DESC LIMIT 1",
                [],
                |r| Ok((r.get(0)?, r.get(1)?)),
            )
            .optional()?
            .unwrap_or((0, GENESIS.to_string())))
    }

    /// Appends the entries (on the writer thread, committed with any other appends waiting
    /// beside them) and returns the rows written, once they are durable.
    pub fn append(&mut self, ctx: &RowContext, entries: &[Entry]) -> Result<Vec<JournalRow>> {
        self.submit(ctx, entries).wait()
    }

    /// Hands the entries to the writer without waiting; [`Receipt::wait`] returns the
    /// rows once they are durable. Appends submitted together commit together (one
    /// transaction, one sync), each caller's rows consecutive and in submission order.
    pub fn submit(&self, ctx: &RowContext, entries: &[Entry]) -> Receipt {
        self.writer.submit(ctx.clone(), entries.to_vec())
    }

    /// [`Store::submit`], calling `wake` once the rows are durable or refused (the screen's
    /// repaint, when it draws on while they are written).
    pub fn submit_waking(
        &self,
        ctx: &RowContext,
        entries: &[Entry],
        wake: Box<dyn FnOnce() + Send>,
    ) -> Receipt {
        self.writer
            .submit_waking(ctx.clone(), entries.to_vec(), wake)
    }

    /// How many commits carried how many appends and rows since the store was opened.
    pub fn group_stats(&self) -> GroupStats {
        self.writer.stats()
    }

    /// Records a correction of row `serial`: a new row that points at it, with the reason and
    /// the corrected content. The original row is never altered (amounts once recorded stay).
    pub fn correct(
        &mut self,
        ctx: &RowContext,
        serial: i64,
        reason: &str,
        correction: serde_json::Value,
    ) -> Result<JournalRow> {
        if reason.trim().is_empty() {
            return Err(StoreError::Invalid("a correction needs a reason".into()));
        }
        let target: Option<String> = self
            .reader
            .query_row(
                "SELECT kind FROM journal WHERE serial = ?1",
                [serial],
                |r| r.get(0),
            )
            .optional()?;
        let Some(kind) = target else {
            return Err(StoreError::Invalid(format!(
                "there is no journal row {serial} to correct"
            )));
        };
        let entry = Entry {
            stream: Stream::System,
            kind: "correction".into(),
            payload: serde_json::json!({
                "corrects": serial,
                "corrects_kind": kind,
                "reason": reason.trim(),
                "correction": correction,
            }),
            actor_credential: ctx.actor_credential.clone(),
        };
        let mut rows = self.append(ctx, &[entry])?;
        rows.pop()
            .ok_or_else(|| StoreError::Invalid("the correction was not written".into()))
    }

    /// A journal row read from a query of [`Store::COLUMNS`], in that order.
    pub fn read_row(r: &rusqlite::Row<'_>) -> rusqlite::Result<JournalRow> {
        Ok(JournalRow {
            serial: r.get(0)?,
            terminal_id: r.get(1)?,
            ts_utc: r.get(2)?,
            mono_ns: r.get(3)?,
            session: r.get(4)?,
            stream: r.get(5)?,
            table_no: r.get(6)?,
            dealer_credential: r.get(7)?,
            actor_credential: r.get(8)?,
            kind: r.get(9)?,
            payload: r.get(10)?,
            prev_hash: r.get(11)?,
            hash: r.get(12)?,
        })
    }

    /// The journal's columns, in [`Store::read_row`]'s order.
    pub const COLUMNS: &'static str =
        "serial, terminal_id, ts_utc, mono_ns, session, stream, table_no,
        dealer_credential, actor_credential, kind, payload, prev_hash, hash";

    /// The table events in journal order, to rebuild the table.
    pub fn table_events(&self) -> Result<Vec<(i64, Event)>> {
        self.table_events_after(0)
    }

    /// The newest table snapshot row, if it is of this build's format: its serial and what
    /// it holds. (Another build's is not read: the start replays every row instead.)
    pub fn newest_snapshot(&self) -> Result<Option<(i64, snapshot::Snapshot)>> {
        let row: Option<(i64, String)> = self
            .reader
            .query_row(
                "SELECT serial, payload FROM journal WHERE kind = 'table_snapshot'
                 ORDER BY serial DESC LIMIT 1",
                [],
                |r| Ok((r.get(0)?, r.get(1)?)),
            )
            .optional()?;
        Ok(row.and_then(|(serial, p)| snapshot::Snapshot::read(&p).map(|s| (serial, s))))
    }

    /// The table events after row `serial`, in journal order.
    pub fn table_events_after(&self, serial: i64) -> Result<Vec<(i64, Event)>> {
        let mut stmt = self.reader.prepare(
            "SELECT serial, payload FROM journal WHERE stream = 'table' AND serial > ?1
             ORDER BY serial",
        )?;
        let rows = stmt.query_map([serial], |r| {
            Ok((r.get::<_, i64>(0)?, r.get::<_, String>(1)?))
        })?;
        let mut out = Vec::new();
        for row in rows {
            let (serial, payload) = row?;
            let ev: Event = serde_json::from_str(&payload).map_err(|e| StoreError::BadPayload {
                serial,
                detail: e.to_string(),
            })?;
            out.push((serial, ev));
        }
        Ok(out)
    }

    /// The newest `n` rows, newest first.
    pub fn recent(&self, n: usize) -> Result<Vec<JournalRow>> {
        Self::recent_on(&self.reader, n)
    }

    /// [`Store::recent`] on a connection of the caller's (a read apart).
    pub fn recent_on(conn: &rusqlite::Connection, n: usize) -> Result<Vec<JournalRow>> {
        let sql = format!(
            "SELECT {} FROM journal ORDER BY serial DESC LIMIT ?1",
            Self::COLUMNS
        );
        let mut stmt = conn.prepare(&sql)?;
        let rows = stmt.query_map([n as i64], Self::read_row)?;
        Ok(rows.collect::<rusqlite::Result<_>>()?)
    }

    /// The time of the journal's newest row, as written (UTC, RFC 3339); none for an empty
    /// journal.
    pub fn newest_time(&self) -> Result<Option<String>> {
        Ok(self
            .reader
            .query_row(
                "SELECT ts_utc FROM journal ORDER BY serial DESC LIMIT 1",
                [],
                |r| r.get(0),
            )
            .optional()?)
    }

    /// The newest row of one of `kinds`, if any.
    pub fn newest_of(&self, kinds: &[&str]) -> Result<Option<JournalRow>> {
        let sql = format!(
            "SELECT {} FROM journal WHERE kind IN (SELECT value FROM json_each(?1))
             ORDER BY serial DESC LIMIT 1",
            Self::COLUMNS
        );
        let list = serde_json::to_string(kinds).unwrap_or_else(|_| "[]".into());
        let mut stmt = self.reader.prepare(&sql)?;
        let mut rows = stmt.query_map([list], Self::read_row)?;
        Ok(rows.next().transpose()?)
    }

    /// When `box` ("bad-beat", "high-hand") was last counted at table `table_no`.
    pub fn newest_box_count(&self, jackpot_box: &str, table_no: i64) -> Result<Option<String>> {
        let mut stmt = self.reader.prepare(
            // `+table_no`: found through the kind's index, never the table's (which walked every
            // row of the table back from the newest: 317 ms at the start on 1,000,000 rows).
            "SELECT ts_utc FROM box_counts WHERE box = ?1 AND +table_no = ?2
             ORDER BY serial DESC LIMIT 1",
        )?;
        let mut rows = stmt.query_map(rusqlite::params![jackpot_box, table_no], |r| r.get(0))?;
        Ok(rows.next().transpose()?)
    }

    /// Every row, oldest first (for tests and export).
    pub fn all_rows(&self) -> Result<Vec<JournalRow>> {
        let sql = format!("SELECT {} FROM journal ORDER BY serial", Self::COLUMNS);
        let mut stmt = self.reader.prepare(&sql)?;
        let rows = stmt.query_map([], Self::read_row)?;
        Ok(rows.collect::<rusqlite::Result<_>>()?)
    }

    /// Walks the chain from the first row: serials without gaps, each `prev_hash` equal to
    /// the row before's hash, each hash recomputed from the row's fields.
    pub fn verify_chain(&self) -> Result<ChainStatus> {
        let status = chain::verify(&self.reader, &reopener(&self.path))?;
        with_signed_head(&self.reader, status, Some(&self.public_key))
    }

    /// The walk of [`Store::verify_chain`] as a job for another thread, on its own read-only
    /// connections: a screen hands it to a thread and never waits for it.
    pub fn chain_walk(&self) -> impl FnOnce() -> Result<ChainStatus> + Send + 'static {
        let path = self.path.clone();
        let key = self.public_key.clone();
        move || {
            let reopen = reopener(&path);
            let conn = reopen()?;
            let status = chain::verify(&conn, &reopen)?;
            with_signed_head(&conn, status, Some(&key))
        }
    }

    /// Starts the walk of the whole chain on the writer thread and returns at once: every write
    /// handed to the writer after this call (the terminal's, the devices') waits behind the
    /// walk, and if the chain does not hold (or cannot be read) every one is refused, so
    /// nothing is ever written onto a journal changed after it was written. `on_done` runs on
    /// the writer thread once the verdict is in (the screen's wake-up).
    pub fn check_chain(&self, on_done: Box<dyn FnOnce() + Send>) -> ChainCheck {
        let check = ChainCheck {
            rows: self.head().map_or(0, |(n, _)| n),
            verdict: Default::default(),
        };
        let (verdict, path) = (check.verdict.clone(), self.path.clone());
        let queued = self.writer.run_later(move |w| {
            let status = w.check_chain(&path).map_err(|e| e.to_string());
            ChainCheck::settle(&verdict, status);
            on_done();
        });
        if !queued {
            ChainCheck::settle(&check.verdict, Err("the journal writer has stopped".into()));
        }
        check
    }

    /// Holds the writer thread until the returned guard is dropped: everything handed to it
    /// meanwhile waits, as behind a long commit. For tests of what waits on the writer.
    #[doc(hidden)]
    pub fn hold_writer(&self) -> WriterHold {
        let (release, held) = std::sync::mpsc::channel::<()>();
        self.writer.run_later(move |_| {
            let _ = held.recv();
        });
        WriterHold(release)
    }

    /// Checks a database file without opening it for writing (a backup copy, a file brought
    /// from another terminal): SQLite's integrity check, then the chain.
    pub fn verify_file(path: &Path) -> Result<ChainStatus> {
        Self::verify_file_with_key(path, &signing::default_key_path(path))
    }

    /// [`Store::verify_file`], holding the signed head to the public half of the key at `key`
    /// when it can be read (otherwise to the key the journal recorded).
    pub fn verify_file_with_key(path: &Path, key: &Path) -> Result<ChainStatus> {
        // A key file that is there but cannot be read is an error, never a quiet fallback.
        let trusted = if key.exists() {
            Some(signing::HeadKey::load_or_create(key)?.0.public_hex())
        } else {
            None
        };
        let conn = open_evidence(path)?;
        let check: String = conn.query_row("PRAGMA integrity_check", [], |r| r.get(0))?;
        if check != "ok" {
            return Ok(ChainStatus::Broken {
                serial: 0,
                problem: format!("the file is damaged: {check}"),
            });
        }
        let reopen = || open_evidence(path);
        let status = chain::verify(&conn, &reopen)?;
        with_signed_head(&conn, status, trusted.as_deref())
    }
}

/// An intact chain whose signed head does not hold is broken: at the serial the check names.
fn with_signed_head(
    conn: &Connection,
    status: ChainStatus,
    trusted: Option<&str>,
) -> Result<ChainStatus> {
    let ChainStatus::Intact { rows, head } = &status else {
        return Ok(status);
    };
    let terminal_id: String = conn
        .query_row(
            "SELECT value FROM meta WHERE key = 'terminal_id'",
            [],
            |r| r.get(0),
        )
        .optional()?
        .unwrap_or_default();
    Ok(
        match signing::check_head(conn, &terminal_id, *rows, head, trusted)? {
            Ok(_) => status,
            Err((serial, problem)) => ChainStatus::Broken { serial, problem },
        },
    )
}

/// Walks one terminal's chain row by row, in serial order: every serial present from 1, each
/// row pointing at the hash before it, each hash matching its contents. Used on the terminal's
/// own journal and on the central copy of every terminal's.
#[derive(Debug, Clone)]
pub struct ChainWalk {
    expected_serial: i64,
    prev: String,
}

impl Default for ChainWalk {
    fn default() -> Self {
        ChainWalk {
            expected_serial: 1,
            prev: GENESIS.to_string(),
        }
    }
}

impl ChainWalk {
    /// The next row; `Some` with the break if the chain is broken there.
    pub fn push(&mut self, row: &JournalRow) -> Option<ChainStatus> {
        if row.serial != self.expected_serial {
            return Some(ChainStatus::Broken {
                serial: self.expected_serial,
                problem: format!(
                    "row {} is missing (next is {})",
                    self.expected_serial, row.serial
                ),
            });
        }
        if row.prev_hash != self.prev {
            return Some(ChainStatus::Broken {
                serial: row.serial,
                problem: "its previous hash does not match the row before".into(),
            });
        }
        if row.compute_hash() != row.hash {
            return Some(ChainStatus::Broken {
                serial: row.serial,
                problem: "its contents do not match its hash (altered)".into(),
            });
        }
        self.prev = row.hash.clone();
        self.expected_serial += 1;
        None
    }

    pub fn finish(self) -> ChainStatus {
        ChainStatus::Intact {
            rows: self.expected_serial - 1,
            head: self.prev,
        }
    }
}

/// One of `conn`'s counts (`sqlite3_db_status`: the pages in its cache, its cache's hits and
/// misses), reset to zero after it is read if `reset`. For tests of what a query reads.
#[cfg(test)]
pub(crate) fn db_status(conn: &Connection, op: std::ffi::c_int, reset: bool) -> i64 {
    let (mut now, mut highest) = (0, 0);
    // SAFETY: the handle is the open connection's own, and `sqlite3_db_status` only writes the
    // two integers it is given (and resets the count when asked).
    let rc = unsafe {
        rusqlite::ffi::sqlite3_db_status(
            conn.handle(),
            op,
            &mut now,
            &mut highest,
            i32::from(reset),
        )
    };
    assert_eq!(rc, rusqlite::ffi::SQLITE_OK);
    i64::from(now)
}

#[cfg(test)]
mod tests;
