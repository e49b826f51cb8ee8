//! The commit log: where a group of journal rows becomes durable with one small write and one
//! `fdatasync`, while the database takes the same rows without a sync of its own.
//!
//! A commit through SQLite alone writes every page the rows touch (the row's leaf, the indexes
//! the review screens use, the signed head: seven pages, 29 KB of `-wal`) and syncs them, with
//! the statements' CPU before it: about 2.1 raw syncs. Here the writer hashes the group's rows,
//! writes them into this log (about 400 bytes a row) and has the kernel start writing those
//! bytes to the disk at once (`sync_file_range`); meanwhile it inserts the same rows, signs the
//! head and commits with `synchronous=NORMAL` (the `-wal` written, not synced); then one
//! `fdatasync` of the log, which by then mostly waits for the disk to flush its cache. Each
//! caller is answered after that: its rows durable in the log, visible in the database.
//!
//! The log is two files of [`FILE_BYTES`] each, written with zeros once when they are made, so
//! a group is written over blocks the file already has: its sync writes the data and nothing
//! else (an append must also journal the file's new size, which is what the raw anchor of the
//! benchmark pays). Checkpoints run on a thread of their own, off the commit path: every
//! [`CHECKPOINT_EVERY`] commits (or half a file) the writer switches to the other file, from its
//! beginning, and asks for a checkpoint; once it is done and the database's files are synced,
//! every row the old file holds is in the database durably, and that file may be written over.
//!
//! At the start, rows the log holds beyond the database's last row (a power cut before the
//! database's pages reached the disk) are put back, each checked against its hash and chained
//! on the database's last row, and the head is signed again; a log that does not continue the
//! journal refuses the start. A group is taken only whole: its rows are followed by an end
//! line naming its first serial and its count, and its rows must chain on each other, so a
//! group cut by the crash (never answered), or the older groups a file still holds past the
//! last one written, is never taken for one.
//!
//! Only one writer owns the log: the first to lock its first file. Another process writing the
//! same database at the same time (`deckhand people` beside a running terminal) commits as
//! before, each commit synced by SQLite itself.

use super::{JournalRow, Result, StoreError};
use std::fs::File;
use std::os::unix::fs::FileExt;
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, mpsc};

/// Commits between two checkpoints (about 700 pages of `-wal`, as SQLite's own schedule).
pub const CHECKPOINT_EVERY: u32 = 100;

/// The size of each of the log's two files (written with zeros when made).
pub const FILE_BYTES: u64 = 256 << 10;

/// Frames in the `-wal` beyond which a checkpoint waits for the writer to let it take every
/// frame (a `RESTART`), so the `-wal` starts again from its beginning even under a stream of
/// commits that never pauses.
const RESTART_OVER_FRAMES: i64 = 4_096;

/// The start of a group's end line: `end FIRST_SERIAL COUNT`.
const END: &[u8] = b"end ";

/// The log's two files, beside the database: `NAME.sqlite-commits-0` and `-1`.
pub fn paths(db: &Path) -> [PathBuf; 2] {
    [0, 1].map(|i| {
        let mut p = db.as_os_str().to_owned();
        p.push(format!("-commits-{i}"));
        PathBuf::from(p)
    })
}

/// Syncs the database's `-wal`, whatever connection wrote it: every commit in it is durable.
///
/// The database file itself is never opened here. SQLite's locks on it are POSIX locks, which
/// belong to the process: closing any other descriptor of that file drops the locks of every
/// connection the process has, and another process closing the database (the `sqlite3`
/// shell, a reporting script) then takes itself for the last one, checkpoints, and deletes the
/// `-wal` the terminal goes on committing to, where no other process sees those rows. The
/// database file needs no sync of ours: SQLite syncs it after each checkpoint that copies pages
/// into it (on a connection that is not `synchronous=OFF`), before the `-wal` may be reused.
/// Every checkpointer here is (the checkpoint thread and a clean stop run `FULL`, as do
/// `deckhand`'s commands); another program that checkpoints the live database with
/// `synchronous=OFF` is outside this. The `-wal` carries no lock and may be opened and closed
/// freely.
fn sync_wal(db: &Path) -> std::io::Result<()> {
    let mut wal = db.as_os_str().to_owned();
    wal.push("-wal");
    match File::open(PathBuf::from(wal)) {
        Ok(f) => f.sync_all(),
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => Ok(()),
        Err(e) => Err(e),
    }
}

/// An I/O failure of the log, its kind kept (a full disk reads as one on the screen).
fn io(what: &str, path: &Path, e: std::io::Error) -> StoreError {
    StoreError::Io(std::io::Error::new(
        e.kind(),
        format!("{what} {}: {e}", path.display()),
    ))
}

/// Where a group was written in the active file: [`CommitLog::undo`] writes over it.
#[derive(Clone, Copy)]
pub struct Mark {
    file: usize,
    at: u64,
    len: u64,
}

/// The owner's log (see the module's text).
pub struct CommitLog {
    db: PathBuf,
    paths: [PathBuf; 2],
    files: [File; 2],
    /// Where the next group goes in each file.
    lens: [u64; 2],
    active: usize,
    commits: u32,
    /// Set by the checkpoint thread once every row of the file the writer left is durable in
    /// the database, so that file may be written over.
    other_free: Arc<AtomicBool>,
    /// The checkpoint thread: asked for a checkpoint when the writer leaves a file.
    checkpoints: Option<mpsc::Sender<()>>,
    checkpointer: Option<std::thread::JoinHandle<()>>,
    /// The record being built, reused.
    buf: Vec<u8>,
}

impl CommitLog {
    /// Opens the log of the database at `db` if no other writer owns it (`None` when one does).
    pub fn open(db: &Path) -> Result<Option<CommitLog>> {
        let paths = paths(db);
        let mut files = Vec::with_capacity(2);
        for p in &paths {
            super::private_file(p)?;
            let f = std::fs::OpenOptions::new()
                .read(true)
                .write(true)
                .open(p)
                .map_err(|e| io("cannot open the commit log", p, e))?;
            files.push(f);
        }
        let [a, b]: [File; 2] = files.try_into().map_err(|_| {
            StoreError::Invalid("the commit log's two files could not be opened".into())
        })?;
        match a.try_lock() {
            Ok(()) => {}
            Err(std::fs::TryLockError::WouldBlock) => return Ok(None),
            Err(std::fs::TryLockError::Error(e)) => {
                return Err(io("cannot lock the commit log", &paths[0], e));
            }
        }
        for (f, p) in [&a, &b].into_iter().zip(&paths) {
            match fill(f) {
                Ok(()) => {}
                // No room for the log: SQLite syncs each commit itself, as without one.
                Err(e) if e.kind() == std::io::ErrorKind::StorageFull => {
                    tracing::warn!("no room for the commit log {}: {e}", p.display());
                    return Ok(None);
                }
                Err(e) => return Err(io("cannot make the commit log", p, e)),
            }
        }
        // The files' names must outlive a power cut before the first group is answered.
        if let Some(dir) = db.parent().filter(|d| !d.as_os_str().is_empty()) {
            File::open(dir)
                .and_then(|d| d.sync_all())
                .map_err(|e| io("cannot sync the folder", dir, e))?;
        }
        Ok(Some(CommitLog {
            db: db.to_path_buf(),
            files: [a, b],
            paths,
            lens: [0, 0],
            active: 0,
            commits: 0,
            other_free: Arc::new(AtomicBool::new(false)),
            checkpoints: None,
            checkpointer: None,
            buf: Vec::with_capacity(4096),
        }))
    }

    /// Every whole group either file holds, each row checked against its hash, by serial.
    pub fn recover(&mut self) -> Result<Vec<JournalRow>> {
        let mut rows = Vec::new();
        for p in &self.paths {
            let bytes = std::fs::read(p).map_err(|e| io("cannot read the commit log", p, e))?;
            rows.extend(whole_groups(&bytes));
        }
        rows.sort_by_key(|r| r.serial);
        rows.dedup_by_key(|r| r.serial);
        Ok(rows)
    }

    /// Lets both files be written over from their beginning once the database holds every row
    /// durably (its `-wal` is synced first): at the start, after the rows were put back; at a
    /// clean stop, after its checkpoint.
    pub fn clear(&mut self) -> Result<()> {
        sync_wal(&self.db).map_err(|e| io("cannot sync", &self.db, e))?;
        self.lens = [0, 0];
        self.active = 0;
        self.other_free.store(true, Ordering::SeqCst);
        Ok(())
    }

    /// Stops the checkpoint thread (before the checkpoint of a clean stop).
    pub fn stop_checkpoints(&mut self) {
        self.checkpoints.take();
        if let Some(t) = self.checkpointer.take() {
            let _ = t.join();
        }
    }

    /// Starts the checkpoint thread on its own connection to the database.
    pub fn start_checkpoints(&mut self) -> Result<()> {
        let conn = rusqlite::Connection::open(&self.db)?;
        conn.busy_timeout(super::writer::BUSY)?;
        conn.pragma_update(None, "synchronous", "FULL")?;
        let (tx, rx) = mpsc::channel::<()>();
        let db = self.db.clone();
        let free = self.other_free.clone();
        let thread = std::thread::Builder::new()
            .name("journal-checkpoint".into())
            .spawn(move || {
                for () in rx {
                    match checkpoint(&conn, &db) {
                        // Every row of the file the writer left is in the database, durably.
                        Ok(()) => free.store(true, Ordering::SeqCst),
                        Err(e) => tracing::warn!("checkpoint: {e} (tried again later)"),
                    }
                }
            })
            .map_err(|e| StoreError::Invalid(format!("cannot start the checkpoints: {e}")))?;
        self.checkpoints = Some(tx);
        self.checkpointer = Some(thread);
        Ok(())
    }

    /// Writes a group's rows and its end line at the active file's place, and has the kernel
    /// start writing them to the disk ([`push_out`]); not yet synced ([`CommitLog::sync`]).
    pub fn write<'a>(&mut self, rows: impl IntoIterator<Item = &'a JournalRow>) -> Result<Mark> {
        encode(&mut self.buf, rows);
        let mark = Mark {
            file: self.active,
            at: self.lens[self.active],
            len: self.buf.len() as u64,
        };
        if let Err(e) = self.files[mark.file].write_all_at(&self.buf, mark.at) {
            // A part written (a full disk) is written over again: never half a group.
            let _ = self.erase(mark);
            return Err(io("cannot write the commit log", &self.paths[mark.file], e));
        }
        push_out(&self.files[mark.file], mark);
        self.lens[mark.file] += mark.len;
        Ok(mark)
    }

    fn erase(&self, mark: Mark) -> std::io::Result<()> {
        let zeros = vec![0u8; mark.len as usize];
        self.files[mark.file].write_all_at(&zeros, mark.at)?;
        self.files[mark.file].sync_data()
    }

    /// Makes the group at `mark` durable: `fdatasync` of its file. The bytes were started for
    /// the disk as they were written, so this mostly waits for the disk to flush its cache.
    pub fn sync(&self, mark: Mark) -> Result<()> {
        self.files[mark.file]
            .sync_data()
            .map_err(|e| io("cannot sync the commit log", &self.paths[mark.file], e))
    }

    /// Writes zeros over the group at `mark` and syncs them: a group the database did not take
    /// is never put back at the next start; the next group goes where it was.
    pub fn undo(&mut self, mark: Mark) -> Result<()> {
        self.erase(mark)
            .map_err(|e| io("cannot cut the commit log", &self.paths[mark.file], e))?;
        self.lens[mark.file] = mark.at;
        Ok(())
    }

    /// After a commit: every [`CHECKPOINT_EVERY`] commits (or half a file), switches to the
    /// other file (once the checkpoint thread has freed it) and asks for a checkpoint that
    /// frees this one.
    pub fn committed(&mut self) {
        self.commits += 1;
        let due = self.commits >= CHECKPOINT_EVERY || self.lens[self.active] > FILE_BYTES / 2;
        if !due || !self.other_free.load(Ordering::SeqCst) {
            return;
        }
        let Some(tx) = &self.checkpoints else { return };
        self.commits = 0;
        self.other_free.store(false, Ordering::SeqCst);
        self.active = 1 - self.active;
        self.lens[self.active] = 0;
        let _ = tx.send(());
    }
}

impl Drop for CommitLog {
    fn drop(&mut self) {
        self.stop_checkpoints();
    }
}

/// Has the kernel start writing the group at `mark` to the disk now (`sync_file_range` with
/// `SYNC_FILE_RANGE_WRITE`: it queues the write and returns), so that the `fdatasync` after the
/// database's commit finds the data written and only has the disk flush its cache. The sync
/// alone makes the group durable; this only starts it early, and a failure here is the sync's
/// to report. Measured (docs/benchmarks.md): a durable append of 158-164 µs at the median
/// against 188-208 µs with the whole sync after the commit and 218-273 µs with the sync on a
/// thread of its own while the database committed (a thread woken on the writer's core waited
/// for the writer's wait to end: 30% of appends took two syncs' time).
fn push_out(file: &File, mark: Mark) {
    #[cfg(target_os = "linux")]
    {
        use std::os::fd::AsRawFd;
        // SAFETY: `sync_file_range` takes the open file's descriptor and a byte range of it,
        // and touches no memory of the process.
        let _ = unsafe {
            libc::sync_file_range(
                file.as_raw_fd(),
                mark.at as libc::off64_t,
                mark.len as libc::off64_t,
                libc::SYNC_FILE_RANGE_WRITE,
            )
        };
    }
    #[cfg(not(target_os = "linux"))]
    let _ = (file, mark);
}

/// A group as the log holds it: each row's hash input, a tab and its hash on a line, then
/// `end FIRST_SERIAL COUNT`.
fn encode<'a>(buf: &mut Vec<u8>, rows: impl IntoIterator<Item = &'a JournalRow>) {
    buf.clear();
    let mut input = Vec::with_capacity(512);
    let (mut first, mut count) = (None, 0u64);
    for r in rows {
        first.get_or_insert(r.serial);
        count += 1;
        buf.extend_from_slice(r.hash_input_in(&mut input));
        buf.push(b'\t');
        buf.extend_from_slice(r.hash.as_bytes());
        buf.push(b'\n');
    }
    buf.extend_from_slice(END);
    buf.extend_from_slice(format!("{} {count}\n", first.unwrap_or(0)).as_bytes());
}

/// Writes zeros up to [`FILE_BYTES`] into a file shorter than that, and syncs it.
fn fill(f: &File) -> std::io::Result<()> {
    let len = f.metadata()?.len();
    if len >= FILE_BYTES {
        return Ok(());
    }
    let zeros = vec![0u8; 1 << 16];
    let mut at = len;
    while at < FILE_BYTES {
        let n = (FILE_BYTES - at).min(zeros.len() as u64);
        f.write_all_at(&zeros[..n as usize], at)?;
        at += n;
    }
    f.sync_all()
}

/// A checkpoint that takes what it can without waiting (a `RESTART` once the `-wal` is long;
/// SQLite syncs the database file after copying, the connection being `synchronous=FULL`),
/// then the `-wal` synced (a checkpoint a reader holds back copies nothing and syncs nothing):
/// everything committed before it is durable.
fn checkpoint(conn: &rusqlite::Connection, db: &Path) -> Result<()> {
    let frames: i64 = conn.query_row("PRAGMA wal_checkpoint(PASSIVE)", [], |r| r.get(1))?;
    if frames > RESTART_OVER_FRAMES {
        conn.query_row("PRAGMA wal_checkpoint(RESTART)", [], |_| Ok(()))?;
    }
    sync_wal(db).map_err(|e| io("cannot sync", db, e))
}

/// The rows of every whole group in `bytes`: rows that chain on each other, then an end line
/// naming the first one's serial and their count. Anything else (a group cut short, a row whose
/// hash does not hold, zeros, the middle of an older group) ends what is taken from the file.
fn whole_groups(bytes: &[u8]) -> Vec<JournalRow> {
    let mut out = Vec::new();
    let mut group: Vec<JournalRow> = Vec::new();
    let mut rest = bytes;
    while let Some(n) = rest.iter().position(|&b| b == b'\n') {
        let line = &rest[..n];
        rest = &rest[n + 1..];
        if let Some(end) = line.strip_prefix(END) {
            let named = std::str::from_utf8(end).ok().and_then(|t| {
                let (first, count) = t.split_once(' ')?;
                Some((first.parse::<i64>().ok()?, count.parse::<usize>().ok()?))
            });
            let whole = named.is_some_and(|(first, count)| {
                count == group.len() && group.first().is_some_and(|r| r.serial == first)
            });
            if !whole {
                break;
            }
            out.append(&mut group);
            continue;
        }
        match parse_row(line) {
            Some(row)
                if group
                    .last()
                    .is_none_or(|p| row.serial == p.serial + 1 && row.prev_hash == p.hash) =>
            {
                group.push(row)
            }
            _ => break,
        }
    }
    out
}

/// One row line: its hash input, a tab, its hash. `None` unless the hash holds.
fn parse_row(line: &[u8]) -> Option<JournalRow> {
    let tab = line.iter().rposition(|&b| b == b'\t')?;
    type Fields = (
        i64,
        String,
        String,
        i64,
        i64,
        String,
        Option<i64>,
        Option<String>,
        Option<String>,
        String,
        String,
        String,
    );
    let f: Fields = serde_json::from_slice(&line[..tab]).ok()?;
    let row = JournalRow {
        serial: f.0,
        terminal_id: f.1,
        ts_utc: f.2,
        mono_ns: f.3,
        session: f.4,
        stream: f.5,
        table_no: f.6,
        dealer_credential: f.7,
        actor_credential: f.8,
        kind: f.9,
        payload: f.10,
        prev_hash: f.11,
        hash: std::str::from_utf8(&line[tab + 1..]).ok()?.to_string(),
    };
    (row.compute_hash() == row.hash).then_some(row)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn row(serial: i64, prev: &str, payload: &str) -> JournalRow {
        let mut r = JournalRow {
            serial,
            terminal_id: "T-1".into(),
            ts_utc: "2026-11-25T06:00:00.000000Z".into(),
            mono_ns: serial * 10,
            session: 1,
            stream: "system".into(),
            table_no: Some(3),
            dealer_credential: None,
            actor_credential: Some("1001".into()),
            kind: "k\t\"x\"".into(),
            payload: payload.into(),
            prev_hash: prev.into(),
            hash: String::new(),
        };
        r.hash = r.compute_hash();
        r
    }

    fn bytes(groups: &[&[&JournalRow]]) -> Vec<u8> {
        let mut out = Vec::new();
        let mut buf = Vec::new();
        for g in groups {
            encode(&mut buf, g.iter().copied());
            out.extend_from_slice(&buf);
        }
        out
    }

    #[test]
    fn only_whole_groups_of_chained_rows_with_holding_hashes_come_back() {
        let a = row(1, super::super::GENESIS, r#"{"n":"a\nb"}"#);
        let b = row(2, &a.hash, "{}");
        let c = row(3, &b.hash, "{}");
        let d = row(4, &c.hash, "{}");
        let whole = bytes(&[&[&a, &b], &[&c]]);
        assert_eq!(whole_groups(&whole), [a.clone(), b.clone(), c.clone()]);
        // Cut by a crash: the last group's end line is missing, or half written.
        let cut = &whole[..whole.len() - 4];
        assert_eq!(whole_groups(cut), [a.clone(), b.clone()]);
        let mut zeros = bytes(&[&[&a, &b], &[&c]]);
        let n = zeros.len();
        zeros[n - 8..].fill(0);
        zeros.extend_from_slice(&[0; 100]);
        assert_eq!(whole_groups(&zeros), [a.clone(), b.clone()]);
        // A file written over from its beginning: the new group [c, d] was cut after c, and
        // the bytes after it are an older group's rows and end line. Neither is taken as c's.
        let mut reused = bytes(&[&[&c]]);
        reused.truncate(reused.len() - b"end 3 1\n".len());
        reused.extend_from_slice(&bytes(&[&[&a, &b]]));
        assert_eq!(whole_groups(&reused), []);
        let mut reused = bytes(&[&[&c, &d]]);
        reused.truncate(reused.len() - b"end 3 2\n".len());
        reused.extend_from_slice(b"end 3 1\n");
        assert_eq!(whole_groups(&reused), [], "the count is the group's");
        // An altered row: its hash does not hold.
        let altered = String::from_utf8(whole.clone())
            .unwrap()
            .replacen("T-1", "T-2", 1);
        assert_eq!(whole_groups(altered.as_bytes()), []);
    }

    #[test]
    fn one_owner_writes_syncs_undoes_and_reads_back() {
        let dir = tempfile::tempdir().unwrap();
        let db = dir.path().join("j.sqlite");
        let a = row(1, super::super::GENESIS, "{}");
        let b = row(2, &a.hash, "{}");
        let c = row(3, &b.hash, "{}");
        {
            let mut log = CommitLog::open(&db).unwrap().unwrap();
            assert!(
                CommitLog::open(&db).unwrap().is_none(),
                "one owner at a time"
            );
            for p in paths(&db) {
                assert_eq!(std::fs::metadata(p).unwrap().len(), FILE_BYTES);
            }
            let m = log.write([&a, &b]).unwrap();
            log.sync(m).unwrap();
            let m = log.write([&c]).unwrap();
            log.sync(m).unwrap();
            assert_eq!(log.recover().unwrap(), [a.clone(), b.clone(), c.clone()]);
            log.undo(m).unwrap();
            assert_eq!(log.recover().unwrap(), [a.clone(), b.clone()]);
            let m = log.write([&c]).unwrap();
            log.sync(m).unwrap();
        }
        let mut log = CommitLog::open(&db).unwrap().unwrap();
        assert_eq!(
            log.recover().unwrap(),
            [a, b, c],
            "read back by the next owner"
        );
    }
}
