//! The one writer: a thread that owns the read-write connection. Every write of the terminal
//! (journal rows, people) runs there as a job, in order. Journal appends waiting in the queue
//! together (a device's frames, a round's events, system rows from another thread) commit as one
//! group: one transaction, one signed head, one sync; each caller is answered with its own rows
//! once the group is durable, so nothing is shown as done (or a frame acknowledged) that is not
//! on the disk. The sync is the commit log's (`commit_log.rs`: the group's rows written, the
//! database's commit, then the log synced), or SQLite's own when another writer owns the log. A
//! caller's rows the database refuses are rolled back alone (a savepoint each), so one bad
//! append never costs another caller its rows.

use super::commit_log::{CommitLog, Mark};
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

mod group_commit;
use group_commit::last_row;

/// How long a write waits for a lock another program holds before it is refused.
pub const BUSY: std::time::Duration = std::time::Duration::from_secs(1);

/// What the writer thread owns.
pub struct WriterState {
    pub conn: Connection,
    pub(super) terminal_id: String,
    session: i64,
    opened: Instant,
    /// Signs the head at every commit (see `signing.rs`).
    pub(super) key: super::signing::HeadKey,
    stats: std::sync::Arc<std::sync::Mutex<GroupStats>>,
    /// Set when the start's walk of the chain ([`super::Store::check_chain`]) did not find it
    /// intact: from then on every write is refused with this, and nothing else is run.
    pub(super) refused: Option<StoreError>,
    /// The commit log, when this writer owns it (`None`: SQLite syncs each commit itself).
    pub(super) log: Option<CommitLog>,
    /// Where each commit's signed head is kept as well (`[store] head_witness`).
    witness: Option<super::witness::Witness>,
    /// Told of each commit (the central sender waits on it).
    pub(super) commits: super::commit_signal::CommitSignal,
}

/// What one group's commit answers each caller: its rows, or why they were not written.
type Answers = Vec<Result<Vec<JournalRow>>>;

/// What the writer thread is asked to do.
enum Job {
    /// Journal rows, committed with any other appends waiting beside them.
    Append(Pending),
    /// Anything else, in its own transaction (people, sign-off, checkpoints).
    Run(Box<dyn FnOnce(&mut WriterState) + Send>),
}

/// One caller's append, waiting for its group's commit.
struct Pending {
    ctx: RowContext,
    entries: Vec<Entry>,
    reply: mpsc::SyncSender<Result<Vec<JournalRow>>>,
    /// Called once the caller is answered (the screen's repaint, for a command whose record the
    /// screen does not wait for).
    wake: Option<Box<dyn FnOnce() + Send>>,
}

impl Pending {
    fn answer(self, rows: Result<Vec<JournalRow>>) {
        let _ = self.reply.send(rows);
        if let Some(wake) = self.wake {
            wake();
        }
    }
}

/// The most rows one group commit takes; what waits beyond it goes in the next commit.
pub const GROUP_MAX_ROWS: usize = 4_096;

/// An append handed to the writer: [`Receipt::wait`] returns its rows once they are durable.
#[must_use = "an append is durable only once its receipt says so"]
pub struct Receipt {
    answer: std::result::Result<mpsc::Receiver<Result<Vec<JournalRow>>>, ()>,
}

impl Receipt {
    /// Waits until the group holding these rows is committed and synced; the rows as written,
    /// or why they were not.
    pub fn wait(self) -> Result<Vec<JournalRow>> {
        match self.answer {
            Ok(rx) => rx.recv().map_err(|_| stopped())?,
            Err(()) => Err(stopped()),
        }
    }

    /// The answer if it comes within `wait` (no wait: only if it has come); None while the
    /// group is still being committed, and the receipt can be asked again.
    pub fn answer_within(&self, wait: std::time::Duration) -> Option<Result<Vec<JournalRow>>> {
        let Ok(rx) = &self.answer else {
            return Some(Err(stopped()));
        };
        match rx.recv_timeout(wait) {
            Ok(rows) => Some(rows),
            Err(mpsc::RecvTimeoutError::Timeout) => None,
            Err(mpsc::RecvTimeoutError::Disconnected) => Some(Err(stopped())),
        }
    }
}

fn stopped() -> StoreError {
    StoreError::Invalid("the journal writer has stopped".into())
}

/// Counts kept by the writer thread: how many commits carried how many appends and rows.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct GroupStats {
    pub commits: u64,
    pub appends: u64,
    pub rows: u64,
}

pub struct Writer {
    /// The queue to the writer thread. Shared weakly with [`DeviceSink`]s, so the thread ends
    /// when the store is dropped even while a device thread still holds a sink.
    jobs: Option<std::sync::Arc<Sender<Job>>>,
    thread: Option<JoinHandle<()>>,
    stats: std::sync::Arc<std::sync::Mutex<GroupStats>>,
    pub(super) commits: super::commit_signal::CommitSignal,
}

impl Writer {
    /// Opens the read-write connection (pragmas, migrations, terminal id) and starts the thread.
    pub fn start(
        path: &Path,
        key_path: &Path,
        witness: Option<&Path>,
        adopting: bool,
    ) -> Result<(Writer, String, String)> {
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
        // FULL until the commit log (if this writer owns it) has put back what it holds.
        conn.pragma_update(None, "synchronous", "FULL")?;
        conn.pragma_update(None, "foreign_keys", "ON")?;
        // 4 MiB of pages for the writer (SQLite's default is 2 MiB): the leaves an append
        // writes (the journal's last, and each index's for the kinds, tables and dealers in
        // play) stay in memory between commits. It was 16 MiB, and every page appended stayed
        // until the 16 MiB were full: 19 MB more of the terminal's memory after 40,000 rows,
        // with commits no faster (docs/benchmarks.md, "RSS").
        conn.pragma_update(None, "cache_size", -4_096)?;
        let schema_before: i64 = conn.query_row("PRAGMA user_version", [], |r| r.get(0))?;
        // A journal that says it is from before signed heads, with rows, while this terminal's
        // signing key already exists: a journal that was signed, made to look older (its
        // signed head, recorded key and schema version taken away) so that the start would
        // sign whatever it holds. Never adopted: the key came with the first signed head.
        if (1..10).contains(&schema_before)
            && key_path.exists()
            && conn.query_row("SELECT COUNT(*) FROM journal", [], |r| r.get::<_, i64>(0))? > 0
        {
            return Err(StoreError::Invalid(format!(
                "{} says it was written before heads were signed (schema {schema_before}), but this terminal's signing key {} exists: the journal was signed and has been downgraded. Nothing is written; restore the journal from its backup or the central copy",
                path.display(),
                key_path.display()
            )));
        }
        // A journal from before signed heads, with rows: nothing vouches for them yet, so no
        // start signs them; a supervisor adopts it, and the adoption says what was trusted.
        if (1..10).contains(&schema_before) && !adopting {
            let rows: i64 = conn.query_row("SELECT COUNT(*) FROM journal", [], |r| r.get(0))?;
            let keyed: Option<i64> = conn.query_row(
                "SELECT MIN(serial) FROM journal WHERE kind IN (?1, ?2, ?3)",
                [
                    super::key_history::KEY_RECORDED,
                    super::key_history::ADOPTED,
                    super::key_history::KEY_ROTATED,
                ],
                |r| r.get(0),
            )?;
            if let Some(serial) = keyed {
                return Err(StoreError::Invalid(format!(
                    "{} says it was written before heads were signed (schema {schema_before}), but its row {serial} records a signing key: the journal was signed and has been downgraded. Nothing is written; restore the journal from its backup or the central copy",
                    path.display()
                )));
            }
            if rows > 0 {
                return Err(StoreError::Invalid(format!(
                    "{} was written before heads were signed (schema {schema_before}, {rows} rows): nothing vouches for its rows yet, so nothing signs them on its own. A supervisor adopts it: deckhand adopt-journal --db {} --as CREDENTIAL (their PIN on standard input); the adoption is journaled with what was trusted",
                    path.display(),
                    path.display()
                )));
            }
        }
        migrate::apply(&mut conn, MIGRATIONS)?;
        let terminal_id = terminal_id(&conn, path)?;
        // Each opening writes after every row of the openings before it, so the last row
        // carries the highest session: read it, not every row (a start on a long journal).
        let session: i64 = conn.query_row(
            "SELECT COALESCE((SELECT session FROM journal ORDER BY serial DESC LIMIT 1), 0) + 1",
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
        // The commit log's files only once the start is not refused: a refused start makes
        // nothing beside the journal (issue 40).
        let log = CommitLog::open(path)?;
        let (key, _created) = super::signing::HeadKey::load_or_create(key_path)?;
        let public = key.public_hex();
        let stats = std::sync::Arc::new(std::sync::Mutex::new(GroupStats::default()));
        let mut state = WriterState {
            conn,
            terminal_id: terminal_id.clone(),
            session,
            opened: Instant::now(),
            key,
            stats: stats.clone(),
            refused: None,
            log,
            witness: witness.map(super::witness::Witness::new),
            commits: Default::default(),
        };
        // A journal from before signed heads (schema below 10) is adopted: its head signed now.
        // Any other journal must already carry a head that holds, or nothing is written onto
        // it: a cut tail or a forged head is never re-signed by a restart.
        if schema_before < 10 {
            state.adopt_key()?;
        } else {
            state.check_own_head()?;
        }
        state.put_back()?;
        // A journal restored from an older copy does not reach the head witnessed elsewhere.
        if let Some(w) = &state.witness {
            w.check(&state.conn, &terminal_id)?;
        }
        state.witness_head();
        let commits = state.commits.clone();
        let (tx, rx) = mpsc::channel::<Job>();
        let thread = std::thread::Builder::new()
            .name("journal-writer".into())
            .spawn(move || run(&mut state, &rx))
            .map_err(|e| StoreError::Invalid(format!("cannot start the journal writer: {e}")))?;
        Ok((
            Writer {
                jobs: Some(std::sync::Arc::new(tx)),
                thread: Some(thread),
                stats,
                commits,
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

    /// A handle another thread calls the writer through.
    pub(crate) fn caller(&self) -> WriterCaller {
        WriterCaller {
            jobs: self
                .jobs
                .as_ref()
                .map(std::sync::Arc::downgrade)
                .unwrap_or_default(),
        }
    }

    /// Queues `f` for the writer thread without waiting for it; false when the writer has
    /// stopped.
    pub fn run_later(&self, f: impl FnOnce(&mut WriterState) + Send + 'static) -> bool {
        self.jobs
            .as_ref()
            .is_some_and(|jobs| jobs.send(Job::Run(Box::new(f))).is_ok())
    }

    /// Hands rows to the writer without waiting: they commit with whatever else is waiting.
    pub fn submit(&self, ctx: RowContext, entries: Vec<Entry>) -> Receipt {
        submit_on(self.jobs.as_ref(), ctx, entries, None)
    }

    /// [`Writer::submit`], calling `wake` once the append is answered.
    pub fn submit_waking(
        &self,
        ctx: RowContext,
        entries: Vec<Entry>,
        wake: Box<dyn FnOnce() + Send>,
    ) -> Receipt {
        submit_on(self.jobs.as_ref(), ctx, entries, Some(wake))
    }

    /// How many commits, appends and rows the writer has made since the store was opened.
    pub fn stats(&self) -> GroupStats {
        self.stats.lock().map(|s| *s).unwrap_or_default()
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
    let jobs = jobs.ok_or_else(stopped)?;
    jobs.send(Job::Run(Box::new(move |w| {
        let _ = reply.send(f(w));
    })))
    .map_err(|_| stopped())?;
    answer.recv().map_err(|_| stopped())
}

fn submit_on(
    jobs: Option<&std::sync::Arc<Sender<Job>>>,
    ctx: RowContext,
    entries: Vec<Entry>,
    wake: Option<Box<dyn FnOnce() + Send>>,
) -> Receipt {
    let (reply, answer) = mpsc::sync_channel(1);
    let sent = jobs.ok_or(()).and_then(|jobs| {
        jobs.send(Job::Append(Pending {
            ctx,
            entries,
            reply,
            wake,
        }))
        .map_err(|_| ())
    });
    Receipt {
        answer: sent.map(|()| answer),
    }
}

/// The writer thread: jobs in order; appends that wait together commit together.
fn run(state: &mut WriterState, rx: &mpsc::Receiver<Job>) {
    let mut next: Option<Job> = None;
    loop {
        let job = match next.take() {
            Some(job) => job,
            None => match rx.recv() {
                Ok(job) => job,
                Err(_) => return,
            },
        };
        match job {
            // On a journal whose chain did not hold nothing more is done, not even a checkpoint.
            Job::Run(f) if state.refused.is_none() => {
                state.run_synced(f);
                state.witness_head();
            }
            Job::Run(_) => {}
            Job::Append(first) => {
                let mut rows = first.entries.len();
                let mut group = vec![first];
                while rows < GROUP_MAX_ROWS {
                    match rx.try_recv() {
                        Ok(Job::Append(p)) => {
                            rows += p.entries.len();
                            group.push(p);
                        }
                        Ok(other) => {
                            next = Some(other);
                            break;
                        }
                        Err(_) => break,
                    }
                }
                state.commit_group(group);
                state.witness_head();
            }
        }
    }
}

/// Runs jobs on the writer thread from another thread (a PIN check's count of failures), as
/// [`Writer::call`] does; refused once the store is gone (held weakly, as a [`DeviceSink`]).
#[derive(Clone)]
pub(crate) struct WriterCaller {
    jobs: std::sync::Weak<Sender<Job>>,
}

impl WriterCaller {
    pub(crate) fn call<R: Send + 'static>(
        &self,
        f: impl FnOnce(&mut WriterState) -> R + Send + 'static,
    ) -> Result<R> {
        let jobs = self.jobs.upgrade();
        call_on(jobs.as_ref(), f)
    }
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

/// A report on its way to the terminal ([`DeviceSink::on_its_way`]), until dropped.
pub struct OnItsWay(FailureSlot);

impl Drop for OnItsWay {
    fn drop(&mut self) {
        self.0.end();
    }
}

/// What the device sinks leave for the terminal: a failed write (why, the database's message),
/// and since when a device's report has been waiting for the writer.
pub type FailureSlot = std::sync::Arc<DeviceSlot>;

#[derive(Default)]
pub struct DeviceSlot {
    failure: std::sync::Mutex<Option<(String, String)>>,
    /// Appends waiting for the writer, and since when (the first of them).
    waiting: std::sync::Mutex<(usize, Option<std::time::Instant>)>,
}

impl DeviceSlot {
    /// The last write a device's link thread could not make, taken once.
    pub fn take_failure(&self) -> Option<(String, String)> {
        self.failure.lock().ok().and_then(|mut f| f.take())
    }

    /// How long a device's report has been waiting for the writer, while one is.
    pub fn waited(&self) -> Option<std::time::Duration> {
        let w = self.waiting.lock().ok()?;
        w.1.map(|since| since.elapsed())
    }

    fn begin(&self) {
        if let Ok(mut w) = self.waiting.lock() {
            w.0 += 1;
            w.1.get_or_insert_with(std::time::Instant::now);
        }
    }

    fn end(&self) {
        if let Ok(mut w) = self.waiting.lock() {
            w.0 = w.0.saturating_sub(1);
            if w.0 == 0 {
                w.1 = None;
            }
        }
    }
}

impl DeviceSink {
    /// Tells the terminal a report is on its way, from before it is journaled until it is
    /// handed on (when the guard is dropped): the table must not move on without it, so the
    /// screen takes no tap while the disk keeps it waiting.
    pub fn on_its_way(&self) -> OnItsWay {
        self.failure.begin();
        OnItsWay(self.failure.clone())
    }

    /// Appends the entries in one transaction; returns once they are durable. A failure is
    /// also left in the store's failure slot, so the screen shows it at once (the terminal
    /// takes it at its next frame), not only at its own next write.
    pub fn append(&self, entries: Vec<Entry>) -> Result<Vec<JournalRow>> {
        if entries.is_empty() {
            return Ok(Vec::new());
        }
        let ctx = self.ctx.lock().map(|c| c.clone()).unwrap_or_default();
        let jobs = self.jobs.upgrade();
        let done = submit_on(jobs.as_ref(), ctx, entries, None).wait();
        if let Err(e) = &done
            && let Ok(mut slot) = self.failure.failure.lock()
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
            let _ = jobs.send(Job::Run(Box::new(|w: &mut WriterState| {
                if let Some(log) = w.log.as_mut() {
                    log.stop_checkpoints();
                }
                match w
                    .conn
                    .query_row("PRAGMA wal_checkpoint(TRUNCATE)", [], |_| Ok(()))
                {
                    // Every row is in the database file, synced: the commit log is not needed.
                    Ok(()) => {
                        if let Some(Err(e)) = w.log.as_mut().map(CommitLog::clear) {
                            tracing::warn!("commit log at close: {e}");
                        }
                    }
                    Err(e) => tracing::warn!("checkpoint at close: {e}"),
                }
            })));
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
    /// The signed head, kept in the witness too, where one is configured; a witness that
    /// cannot be written is logged (the journal itself is durable) and tried at the next commit.
    fn witness_head(&mut self) {
        if self.refused.is_some() {
            return;
        }
        if let Some(w) = self.witness.as_mut()
            && let Err(e) = w.record(&self.conn, &self.terminal_id)
        {
            tracing::error!("the head witness cannot be written: {e}");
        }
    }

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
        // The key's public half, recorded once (a new database), and again after a rotation
        // the journal's rows recorded (the key file was checked against them above).
        let rotated = matches!(
            super::key_history::read(&self.conn, &self.terminal_id)?,
            Ok(Some(h)) if !h.rotations.is_empty()
        );
        self.conn.execute(
            if rotated {
                "INSERT OR REPLACE INTO meta (key, value) VALUES ('public_key', ?1)"
            } else {
                "INSERT OR IGNORE INTO meta (key, value) VALUES ('public_key', ?1)"
            },
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

    /// Runs a job that is not an append; with the commit log its transactions are synced by
    /// SQLite (`synchronous=FULL` for the job), since the log does not carry them.
    fn run_synced(&mut self, f: Box<dyn FnOnce(&mut WriterState) + Send>) {
        let logged = self.log.is_some();
        if logged && let Err(e) = self.conn.pragma_update(None, "synchronous", "FULL") {
            tracing::warn!("synchronous=FULL for a job: {e}");
        }
        f(self);
        if logged && let Err(e) = self.conn.pragma_update(None, "synchronous", "NORMAL") {
            tracing::warn!("synchronous=NORMAL after a job: {e}");
        }
    }

    /// With the commit log: puts back the rows it holds beyond the journal's last (a power cut
    /// before the database's pages reached the disk), each chained on the one before and the
    /// head signed again; then empties it and commits with `synchronous=NORMAL` from here on,
    /// checkpoints on their own thread. A log that does not continue the journal refuses the
    /// start.
    fn put_back(&mut self) -> Result<()> {
        let Some(log) = self.log.as_mut() else {
            return Ok(());
        };
        let rows = log.recover()?;
        let (last, hash) = last_row(&self.conn)?;
        let tail: Vec<&JournalRow> = rows.iter().filter(|r| r.serial > last).collect();
        if let Some(newest) = tail.last() {
            let mut before = (last, hash.as_str());
            for r in &tail {
                if r.serial != before.0 + 1 || r.prev_hash != before.1 {
                    return Err(StoreError::ChainBroken {
                        serial: before.0 + 1,
                        problem: format!(
                            "the commit log beside the database ({}) does not continue the journal, which ends at row {last}; if the database was restored from a copy, move the log's files away",
                            super::commit_log::paths(&self.conn_path())
                                .map(|p| p.display().to_string())
                                .join(", ")
                        ),
                    });
                }
                before = (r.serial, r.hash.as_str());
            }
            let tx = self
                .conn
                .transaction_with_behavior(rusqlite::TransactionBehavior::Immediate)?;
            {
                let mut stmt = tx.prepare_cached(INSERT_SQL)?;
                for r in &tail {
                    r.insert(&mut stmt)?;
                }
            }
            self.key.store_head(
                &tx,
                &self.terminal_id,
                newest.serial,
                &newest.hash,
                &newest.ts_utc,
            )?;
            tx.commit()?;
            tracing::warn!(
                "{} journal rows put back from the commit log (rows {} to {})",
                tail.len(),
                last + 1,
                newest.serial
            );
            self.session = self.session.max(newest.session + 1);
        }
        // SQLite syncs nothing at a commit from here on: the log does.
        log.clear()?;
        self.conn.pragma_update(None, "synchronous", "NORMAL")?;
        self.conn.pragma_update(None, "wal_autocheckpoint", 0)?;
        log.start_checkpoints()?;
        Ok(())
    }

    fn conn_path(&self) -> std::path::PathBuf {
        std::path::PathBuf::from(self.conn.path().unwrap_or_default())
    }

    /// The start's walk of the chain, on this thread so every write queued after it waits for
    /// its verdict: the whole chain, then the signed head against this terminal's key. Anything
    /// but intact refuses every later write.
    pub(super) fn check_chain(&mut self, path: &Path) -> Result<super::ChainStatus> {
        let public = self.key.public_hex();
        let status = super::chain::verify(&self.conn, &super::reopener(path))
            .and_then(|s| super::with_signed_head(&self.conn, s, Some(&public)));
        match &status {
            Ok(super::ChainStatus::Intact { .. }) => {}
            Ok(super::ChainStatus::Broken { serial, problem }) => {
                self.refused = Some(StoreError::ChainBroken {
                    serial: *serial,
                    problem: problem.clone(),
                });
            }
            Err(e) => {
                self.refused = Some(StoreError::Invalid(format!(
                    "the journal could not be checked, so nothing is written onto it: {e}"
                )));
            }
        }
        status
    }

    fn count(&self, commits: u64, appends: usize, rows: usize) {
        if let Ok(mut s) = self.stats.lock() {
            s.commits += commits;
            s.appends += appends as u64;
            s.rows += rows as u64;
        }
    }
}

#[cfg(test)]
mod tests;
