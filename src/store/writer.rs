//! The one writer: a thread that owns the read-write connection. Every write of the terminal
//! (journal rows, people) runs there as a job, in order, each in its own transaction; the caller
//! waits for the commit, so nothing is shown as done that is not durable.

use super::{
    Entry, GENESIS, INSERT_SQL, JournalRow, MIGRATIONS, Result, RowContext, StoreError,
    canonical_json, migrate,
};
use chrono::{SecondsFormat, Utc};
use rusqlite::{Connection, OptionalExtension};
use sha2::{Digest, Sha256};
use std::path::Path;
use std::sync::mpsc::{self, Sender};
use std::thread::JoinHandle;
use std::time::Instant;

/// How long a write waits for a lock another program holds before it is refused.
pub const BUSY: std::time::Duration = std::time::Duration::from_secs(1);

/// What the writer thread owns.
pub struct WriterState {
    pub conn: Connection,
    terminal_id: String,
    session: i64,
    opened: Instant,
    /// Signs the head at every commit (see `signing.rs`).
    key: super::signing::HeadKey,
}

type Job = Box<dyn FnOnce(&mut WriterState) + Send>;

pub struct Writer {
    /// The queue to the writer thread. Shared weakly with [`DeviceSink`]s, so the thread ends
    /// when the store is dropped even while a device thread still holds a sink.
    jobs: Option<std::sync::Arc<Sender<Job>>>,
    thread: Option<JoinHandle<()>>,
}

impl Writer {
    /// Opens the read-write connection (pragmas, migrations, terminal id) and starts the thread.
    pub fn start(path: &Path, key_path: &Path) -> Result<(Writer, String, String)> {
        super::private_file(path)?;
        let mut conn = Connection::open(path)?;
        // The terminal is the only writer; another program's write (`deckhand people`) takes
        // milliseconds. A lock held longer is a fault the screen shows, not a frozen screen.
        conn.busy_timeout(BUSY)?;
        if conn.is_readonly(rusqlite::MAIN_DB)? {
            return Err(StoreError::Invalid(format!(
                "{} cannot be written (read-only): the terminal records nothing without it",
                path.display()
            )));
        }
        conn.pragma_update(None, "journal_mode", "WAL")?;
        conn.pragma_update(None, "synchronous", "FULL")?;
        conn.pragma_update(None, "foreign_keys", "ON")?;
        let schema_before: i64 = conn.query_row("PRAGMA user_version", [], |r| r.get(0))?;
        migrate::apply(&mut conn, MIGRATIONS)?;
        let terminal_id = terminal_id(&conn, path)?;
        let session: i64 = conn.query_row(
            "SELECT COALESCE(MAX(session), 0) + 1 FROM journal",
            [],
            |r| r.get(0),
        )?;
        // A journal whose heads were signed needs its key back, not a new one: a key made now
        // could never sign on from the old head, and the start would only say "another key".
        if !key_path.exists()
            && schema_before >= 10
            && let Some(recorded) = super::signing::recorded_key(&conn)?
            && conn.query_row("SELECT COUNT(*) FROM journal", [], |r| r.get::<_, i64>(0))? > 0
        {
            return Err(StoreError::Invalid(format!(
                "the signing key file {} is missing: this journal's heads are signed by key {}…; put the terminal's key file back (its public key is printed on every shift report)",
                key_path.display(),
                recorded.get(..16).unwrap_or(&recorded)
            )));
        }
        let (key, _created) = super::signing::HeadKey::load_or_create(key_path)?;
        let public = key.public_hex();
        let mut state = WriterState {
            conn,
            terminal_id: terminal_id.clone(),
            session,
            opened: Instant::now(),
            key,
        };
        // A journal from before signed heads (schema below 10) is adopted: its head signed now.
        // Any other journal must already carry a head that holds, or nothing is written onto
        // it: a cut tail or a forged head is never re-signed by a restart.
        if schema_before < 10 {
            state.adopt_key()?;
        } else {
            state.check_own_head()?;
        }
        let (tx, rx) = mpsc::channel::<Job>();
        let thread = std::thread::Builder::new()
            .name("journal-writer".into())
            .spawn(move || {
                for job in rx {
                    job(&mut state);
                }
            })
            .map_err(|e| StoreError::Invalid(format!("cannot start the journal writer: {e}")))?;
        Ok((
            Writer {
                jobs: Some(std::sync::Arc::new(tx)),
                thread: Some(thread),
            },
            terminal_id,
            public,
        ))
    }

    /// Runs `f` on the writer thread and waits for its result.
    pub fn call<R: Send + 'static>(
        &self,
        f: impl FnOnce(&mut WriterState) -> R + Send + 'static,
    ) -> Result<R> {
        call_on(self.jobs.as_ref(), f)
    }

    /// A handle device threads append through (see [`DeviceSink`]).
    pub fn sink(
        &self,
        ctx: std::sync::Arc<std::sync::Mutex<RowContext>>,
        failure: FailureSlot,
    ) -> DeviceSink {
        DeviceSink {
            jobs: self
                .jobs
                .as_ref()
                .map(std::sync::Arc::downgrade)
                .unwrap_or_default(),
            ctx,
            failure,
        }
    }
}

fn call_on<R: Send + 'static>(
    jobs: Option<&std::sync::Arc<Sender<Job>>>,
    f: impl FnOnce(&mut WriterState) -> R + Send + 'static,
) -> Result<R> {
    let (reply, answer) = mpsc::sync_channel(1);
    let stopped = || StoreError::Invalid("the journal writer has stopped".into());
    let jobs = jobs.ok_or_else(stopped)?;
    jobs.send(Box::new(move |w| {
        let _ = reply.send(f(w));
    }))
    .map_err(|_| stopped())?;
    answer.recv().map_err(|_| stopped())
}

/// Where a device's link thread writes what the device reported, before it acknowledges the
/// frame: through the same writer (one transaction per batch of frames), stamped with the
/// table and dealer the terminal last set. Cloneable, sendable; once the store is gone every
/// write is refused (and the frame is not acknowledged).
#[derive(Clone)]
pub struct DeviceSink {
    jobs: std::sync::Weak<Sender<Job>>,
    ctx: std::sync::Arc<std::sync::Mutex<RowContext>>,
    failure: FailureSlot,
}

/// Where a device's failed write is left for the terminal (why, the database's message).
pub type FailureSlot = std::sync::Arc<std::sync::Mutex<Option<(String, String)>>>;

impl DeviceSink {
    /// Appends the entries in one transaction; returns once they are durable. A failure is
    /// also left in the store's failure slot, so the screen shows it at once (the terminal
    /// takes it at its next frame), not only at its own next write.
    pub fn append(&self, entries: Vec<Entry>) -> Result<Vec<JournalRow>> {
        if entries.is_empty() {
            return Ok(Vec::new());
        }
        let ctx = self.ctx.lock().map(|c| c.clone()).unwrap_or_default();
        let jobs = self.jobs.upgrade();
        let done = call_on(jobs.as_ref(), move |w| w.append(&ctx, &entries)).and_then(|r| r);
        if let Err(e) = &done
            && let Ok(mut slot) = self.failure.lock()
        {
            *slot = Some(super::failure_words(e));
        }
        done
    }
}

impl Drop for Writer {
    fn drop(&mut self) {
        // A clean stop moves every row out of the `-wal` file into the database file, so a copy
        // of the `.sqlite` alone is the whole journal (docs/store.md).
        if let Some(jobs) = &self.jobs {
            let _ = jobs.send(Box::new(|w: &mut WriterState| {
                if let Err(e) = w
                    .conn
                    .query_row("PRAGMA wal_checkpoint(TRUNCATE)", [], |_| Ok(()))
                {
                    tracing::warn!("checkpoint at close: {e}");
                }
            }));
        }
        self.jobs.take(); // closes the queue; the thread finishes what is queued and ends
        if let Some(t) = self.thread.take() {
            let _ = t.join();
        }
    }
}

fn terminal_id(conn: &Connection, path: &Path) -> Result<String> {
    if let Some(id) = conn
        .query_row(
            "SELECT value FROM meta WHERE key = 'terminal_id'",
            [],
            |r| r.get::<_, String>(0),
        )
        .optional()?
    {
        return Ok(id);
    }
    let seed = format!(
        "{}-{}-{}",
        Utc::now().timestamp_nanos_opt().unwrap_or_default(),
        std::process::id(),
        path.display()
    );
    let id = format!("T-{}", &hex::encode(Sha256::digest(seed.as_bytes()))[..10]);
    conn.execute(
        "INSERT INTO meta (key, value) VALUES ('terminal_id', ?1)",
        [&id],
    )?;
    Ok(id)
}

impl WriterState {
    /// Refuses to write onto a journal whose signed head does not hold against this key (see
    /// `signing::check_head`).
    fn check_own_head(&mut self) -> Result<()> {
        let (rows, head): (i64, String) = self
            .conn
            .query_row(
                "SELECT serial, hash FROM journal ORDER BY serial DESC LIMIT 1",
                [],
                |r| Ok((r.get(0)?, r.get(1)?)),
            )
            .optional()?
            .unwrap_or((0, super::GENESIS.to_string()));
        match super::signing::check_head(
            &self.conn,
            &self.terminal_id,
            rows,
            &head,
            Some(&self.key.public_hex()),
        )? {
            Ok(_) => {}
            Err((serial, problem)) => return Err(StoreError::ChainBroken { serial, problem }),
        }
        // The key's public half, recorded once (a new database).
        self.conn.execute(
            "INSERT OR IGNORE INTO meta (key, value) VALUES ('public_key', ?1)",
            [self.key.public_hex()],
        )?;
        Ok(())
    }

    /// Records this key's public half in `meta` the first time a journal meets a key, and
    /// signs the head it already has (a journal from before signing). A journal whose head was
    /// signed before is left alone: a missing head or another key is for verification to
    /// report, never to paper over.
    fn adopt_key(&mut self) -> Result<()> {
        let public = self.key.public_hex();
        let known: Option<String> = self
            .conn
            .query_row("SELECT value FROM meta WHERE key = 'public_key'", [], |r| {
                r.get(0)
            })
            .optional()?;
        if known.is_some() {
            return Ok(());
        }
        let tx = self
            .conn
            .transaction_with_behavior(rusqlite::TransactionBehavior::Immediate)?;
        tx.execute(
            "INSERT INTO meta (key, value) VALUES ('public_key', ?1)",
            [&public],
        )?;
        self.key.sign_last_row(&tx)?;
        tx.commit()?;
        Ok(())
    }

    /// Appends the entries in one transaction and returns the rows written.
    pub fn append(&mut self, ctx: &RowContext, entries: &[Entry]) -> Result<Vec<JournalRow>> {
        let tx = self
            .conn
            .transaction_with_behavior(rusqlite::TransactionBehavior::Immediate)?;
        let (mut serial, mut prev) = tx
            .query_row(
                "SELECT serial, hash FROM journal ORDER BY serial DESC LIMIT 1",
                [],
                |r| Ok((r.get::<_, i64>(0)?, r.get::<_, String>(1)?)),
            )
            .optional()?
            .unwrap_or((0, GENESIS.to_string()));
        let mut rows = Vec::with_capacity(entries.len());
        {
            let mut stmt = tx.prepare_cached(INSERT_SQL)?;
            for e in entries {
                serial += 1;
                let mut row = JournalRow {
                    serial,
                    terminal_id: self.terminal_id.clone(),
                    ts_utc: Utc::now().to_rfc3339_opts(SecondsFormat::Micros, true),
                    mono_ns: self.opened.elapsed().as_nanos() as i64,
                    session: self.session,
                    stream: e.stream.as_str().to_string(),
                    table_no: ctx.table_no.map(i64::from),
                    dealer_credential: ctx.dealer_credential.clone(),
                    actor_credential: e
                        .actor_credential
                        .clone()
                        .or_else(|| ctx.actor_credential.clone()),
                    kind: e.kind.clone(),
                    payload: canonical_json(&e.payload),
                    prev_hash: prev.clone(),
                    hash: String::new(),
                };
                row.hash = row.compute_hash();
                row.insert(&mut stmt)?;
                prev = row.hash.clone();
                rows.push(row);
            }
        }
        // The new head, signed, in the same transaction as the rows it covers.
        if let Some(last) = rows.last() {
            self.key.store_head(
                &tx,
                &self.terminal_id,
                last.serial,
                &last.hash,
                &last.ts_utc,
            )?;
        }
        tx.commit()?;
        Ok(rows)
    }
}
