//! Online backup: SQLite's backup API copies a consistent snapshot of the journal to a second
//! path while the terminal keeps writing; each copy is checked (integrity and hash chain) before
//! it counts. Copies older than the retention period are pruned from the backup folder; the live
//! journal itself is never pruned on the terminal.

use super::{ChainStatus, Result, Store, StoreError};
use chrono::{DateTime, NaiveDateTime, Utc};
use rusqlite::{Connection, OpenFlags};
use std::path::{Path, PathBuf};
use std::sync::mpsc::{self, Receiver, RecvTimeoutError, Sender};
use std::thread::JoinHandle;
use std::time::Duration;

/// What a backup produced.
#[derive(Debug, Clone, PartialEq, Eq, serde::Serialize)]
pub struct BackupReport {
    pub path: PathBuf,
    pub rows: i64,
    pub head: String,
    pub pruned: Vec<PathBuf>,
}

const STAMP: &str = "%Y%m%dT%H%M%SZ";

fn file_name(terminal: &str, at: DateTime<Utc>) -> String {
    format!("deckhand-{terminal}-{}.sqlite", at.format(STAMP))
}

/// The time a backup file was taken, from its name.
fn taken_at(path: &Path) -> Option<DateTime<Utc>> {
    let name = path.file_name()?.to_str()?;
    let stamp = name.strip_suffix(".sqlite")?.rsplit('-').next()?;
    NaiveDateTime::parse_from_str(stamp, STAMP)
        .ok()
        .map(|t| t.and_utc())
}

/// Copies the database at `source` into `dir`, checks the copy, and prunes copies older than
/// `retention`. Uses its own read-only connection, so it may run on any thread.
pub fn backup(source: &Path, dir: &Path, retention: Duration) -> Result<BackupReport> {
    // The folder holds copies of the journal: made now, it is the service user's alone, like
    // the journal (0700); a folder the casino made keeps the mode it was given.
    let existed = dir.exists();
    {
        use std::os::unix::fs::DirBuilderExt;
        std::fs::DirBuilder::new()
            .recursive(true)
            .mode(0o700)
            .create(dir)
            .map_err(|e| StoreError::Invalid(format!("cannot create {}: {e}", dir.display())))?;
    }
    if !existed {
        use std::os::unix::fs::PermissionsExt;
        let _ = std::fs::set_permissions(dir, std::fs::Permissions::from_mode(0o700));
    }
    let from = Connection::open_with_flags(source, OpenFlags::SQLITE_OPEN_READ_ONLY)?;
    from.busy_timeout(Duration::from_secs(5))?;
    let terminal: String = from
        .query_row(
            "SELECT value FROM meta WHERE key = 'terminal_id'",
            [],
            |r| r.get(0),
        )
        .unwrap_or_else(|_| "unknown".into());
    let now = Utc::now();
    let path = dir.join(file_name(&terminal, now));
    let partial = path.with_extension("partial");
    super::private_file(&partial)?;
    {
        let mut to = Connection::open(&partial)?;
        {
            let b = rusqlite::backup::Backup::new(&from, &mut to)?;
            b.run_to_completion(256, Duration::from_millis(5), None)?;
        }
        // The copy carries the source's WAL flag; make it one self-contained file.
        to.pragma_update(None, "journal_mode", "DELETE")?;
    }
    // Check the copy before it replaces nothing and counts as a backup.
    let check = Store::verify_file(&partial)?;
    let ChainStatus::Intact { rows, head } = check else {
        let _ = std::fs::remove_file(&partial);
        return Err(StoreError::Invalid(format!(
            "the backup copy does not verify: {check}"
        )));
    };
    std::fs::rename(&partial, &path)
        .map_err(|e| StoreError::Invalid(format!("cannot finish {}: {e}", path.display())))?;
    let pruned = prune(dir, now, retention)?;
    Ok(BackupReport {
        path,
        rows,
        head,
        pruned,
    })
}

/// Deletes backup files in `dir` taken more than `retention` before `now`.
pub fn prune(dir: &Path, now: DateTime<Utc>, retention: Duration) -> Result<Vec<PathBuf>> {
    let keep_after = now - chrono::Duration::from_std(retention).unwrap_or(chrono::Duration::MAX);
    let mut pruned = Vec::new();
    let entries = std::fs::read_dir(dir)
        .map_err(|e| StoreError::Invalid(format!("cannot read {}: {e}", dir.display())))?;
    for entry in entries.flatten() {
        let p = entry.path();
        if let Some(at) = taken_at(&p)
            && at < keep_after
        {
            std::fs::remove_file(&p)
                .map_err(|e| StoreError::Invalid(format!("cannot prune {}: {e}", p.display())))?;
            pruned.push(p);
        }
    }
    pruned.sort();
    Ok(pruned)
}

/// Backups on a schedule, on their own thread; each result arrives on `results`.
pub struct BackupSchedule {
    stop: Option<Sender<()>>,
    thread: Option<JoinHandle<()>>,
    pub results: Receiver<std::result::Result<BackupReport, String>>,
}

impl BackupSchedule {
    pub fn start(source: PathBuf, dir: PathBuf, every: Duration, retention: Duration) -> Self {
        let (stop_tx, stop_rx) = mpsc::channel::<()>();
        let (res_tx, res_rx) = mpsc::channel();
        let failed = res_tx.clone();
        let thread = std::thread::Builder::new()
            .name("backup".into())
            .spawn(move || {
                loop {
                    match stop_rx.recv_timeout(every) {
                        Err(RecvTimeoutError::Timeout) => {}
                        _ => return,
                    }
                    let r = backup(&source, &dir, retention).map_err(|e| e.to_string());
                    if res_tx.send(r).is_err() {
                        return;
                    }
                }
            })
            .map_err(|e| {
                // No silent failure: the terminal journals this like a failed backup.
                let _ = failed.send(Err(format!("the backup thread could not start: {e}")));
            })
            .ok();
        BackupSchedule {
            stop: Some(stop_tx),
            thread,
            results: res_rx,
        }
    }
}

impl Drop for BackupSchedule {
    fn drop(&mut self) {
        self.stop.take();
        if let Some(t) = self.thread.take() {
            let _ = t.join();
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::store::{Entry, RowContext};

    #[test]
    fn live_backup_verifies_and_old_copies_are_pruned() {
        let dir = tempfile::tempdir().unwrap();
        let db = dir.path().join("live.sqlite");
        let out = dir.path().join("backups");
        let mut store = Store::open(&db).unwrap();
        for i in 0..50 {
            store
                .append(&RowContext::default(), &[Entry::system("n", i)])
                .unwrap();
        }
        // A copy taken six years ago and an unrelated file.
        std::fs::create_dir_all(&out).unwrap();
        let old = out.join(file_name(
            "T-x",
            Utc::now() - chrono::Duration::days(6 * 366),
        ));
        std::fs::write(&old, b"old").unwrap();
        std::fs::write(out.join("notes.txt"), b"keep").unwrap();
        let five_years = Duration::from_secs(5 * 365 * 24 * 3600);
        let report = backup(&db, &out, five_years).unwrap();
        assert_eq!(report.rows, 50);
        assert_eq!(report.head, store.head().unwrap().1);
        assert_eq!(report.pruned, vec![old.clone()]);
        assert!(!old.exists());
        assert!(out.join("notes.txt").exists());
        // One self-contained file, and a working journal.
        let names: Vec<String> = std::fs::read_dir(&out)
            .unwrap()
            .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
            .collect();
        assert_eq!(names.len(), 2, "{names:?}");
        // A restored copy opens with the terminal's own key (with another key it is refused:
        // its head is not that key's).
        let key = super::super::signing::default_key_path(&db);
        let copy = Store::open_with_key(&report.path, &key).unwrap();
        assert_eq!(copy.all_rows().unwrap().len(), 50);
        drop(copy);
        // Without its key file the copy does not open for writing, and says why.
        let missing = dir.path().join("missing.key");
        match Store::open_with_key(&report.path, &missing) {
            Err(StoreError::Invalid(why)) => {
                assert!(
                    why.contains("signing key file") && why.contains("is missing"),
                    "{why}"
                )
            }
            Err(e) => panic!("{e}"),
            Ok(_) => panic!("opened without its key"),
        }
        assert!(!missing.exists(), "no new key was made");
        // With another terminal's key it is refused: its head is not that key's.
        let stranger = dir.path().join("stranger.key");
        drop(super::super::signing::HeadKey::load_or_create(&stranger).unwrap());
        assert!(matches!(
            Store::open_with_key(&report.path, &stranger),
            Err(StoreError::ChainBroken { .. })
        ));
    }
}
