//! Power-cut safety: a child process appends journal rows in a loop and is killed with SIGKILL
//! at random moments, 200 times. After each kill the database opens, `integrity_check` is ok,
//! the chain verifies, and every row the child reported as committed is there, unchanged.

use deckhand::store::{ChainStatus, Store};
use std::io::{BufRead, BufReader};
use std::process::{Command, Stdio};
use std::time::Duration;

#[test]
fn sigkill_at_random_moments_loses_nothing_committed() {
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("crash.sqlite");
    let mut seed: u64 = 0xC0FFEE;
    let mut committed: Vec<(i64, u64, u32)> = Vec::new(); // serial, n, child pid
    for round in 0..200 {
        let mut child = Command::new(env!("CARGO_BIN_EXE_deckhand"))
            .args(["journal-stress", "--db"])
            .arg(&db)
            .stdout(Stdio::piped())
            .stderr(Stdio::null())
            .spawn()
            .unwrap();
        let pid = child.id();
        let stdout = child.stdout.take().unwrap();
        // Read the child's reports on a thread, so the kill lands while it writes.
        let reader = std::thread::spawn(move || {
            BufReader::new(stdout)
                .lines()
                .map_while(Result::ok)
                .filter_map(|l| {
                    let (s, n) = l.split_once(' ')?;
                    Some((s.parse::<i64>().ok()?, n.parse::<u64>().ok()?))
                })
                .collect::<Vec<_>>()
        });
        seed = seed
            .wrapping_mul(6364136223846793005)
            .wrapping_add(1442695040888963407);
        let wait_ms = 5 + (seed >> 33) % 60;
        std::thread::sleep(Duration::from_millis(wait_ms));
        child.kill().unwrap(); // SIGKILL on Unix
        child.wait().unwrap();
        let reported = reader.join().unwrap();
        committed.extend(reported.into_iter().map(|(s, n)| (s, n, pid)));

        let store = Store::open(&db).unwrap_or_else(|e| panic!("round {round}: cannot open: {e}"));
        let check: String = store
            .connection()
            .query_row("PRAGMA integrity_check", [], |r| r.get(0))
            .unwrap();
        assert_eq!(check, "ok", "round {round}");
        assert!(
            matches!(store.verify_chain().unwrap(), ChainStatus::Intact { .. }),
            "round {round}"
        );
        assert_rows_there(&store, &committed, &format!("round {round}"));
    }
    assert!(
        committed.len() > 200,
        "the child committed rows: {}",
        committed.len()
    );
    eprintln!(
        "crash test: {} committed rows survived 200 kills",
        committed.len()
    );
}

/// Every row a child reported committed (serial, number, child pid) is there, unchanged.
fn assert_rows_there(store: &Store, committed: &[(i64, u64, u32)], when: &str) {
    for (serial, n, pid) in committed {
        let payload: String = store
            .connection()
            .query_row(
                "SELECT payload FROM journal WHERE serial = ?1",
                [serial],
                |r| r.get(0),
            )
            .unwrap_or_else(|e| panic!("{when}: committed row {serial} lost: {e}"));
        assert_eq!(payload, format!(r#"{{"n":{n},"pid":{pid}}}"#), "{when}");
    }
}

/// Copies the database's files (`.sqlite`, `-wal`, `-shm`) from `from` to `to`, removing any of
/// them `from` does not have.
fn copy_database(from: &std::path::Path, to: &std::path::Path) {
    for suffix in ["", "-wal", "-shm"] {
        let with = |p: &std::path::Path| {
            let mut s = p.as_os_str().to_owned();
            s.push(suffix);
            std::path::PathBuf::from(s)
        };
        let _ = std::fs::remove_file(with(to));
        if with(from).exists() {
            std::fs::copy(with(from), with(to)).unwrap();
        }
    }
}

/// Runs `journal-stress --rows n` (it exits without closing the store) and returns the serials
/// it reported with their numbers.
fn stress_rows(db: &std::path::Path, n: u64) -> Vec<(i64, u64, u32)> {
    let child = Command::new(env!("CARGO_BIN_EXE_deckhand"))
        .args(["journal-stress", "--rows", &n.to_string(), "--db"])
        .arg(db)
        .stdout(Stdio::piped())
        .spawn()
        .unwrap();
    let pid = child.id();
    let out = child.wait_with_output().unwrap();
    assert!(out.status.success());
    String::from_utf8(out.stdout)
        .unwrap()
        .lines()
        .map(|l| {
            let (s, n) = l.split_once(' ').unwrap();
            (s.parse().unwrap(), n.parse().unwrap(), pid)
        })
        .collect()
}

/// A power cut: the database's pages the terminal wrote after its last checkpoint never reach
/// the disk (SQLite syncs nothing at a commit when the commit log carries the rows). Shown by
/// putting back the database's files as they were before a writer's rows, keeping the commit
/// log it synced: every row the writer was told is durable is there again, chained, under a
/// signed head. Without the log the same cut loses them; with a database older than the log
/// continues from, the start is refused rather than a gap kept.
#[test]
fn a_power_cut_loses_no_row_the_commit_log_synced() {
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("cut.sqlite");
    let older = dir.path().join("older.sqlite");
    let before = dir.path().join("before.sqlite");
    let mut committed = stress_rows(&db, 3);
    {
        // A clean close checkpoints: the database file alone holds the first rows.
        drop(Store::open(&db).unwrap());
    }
    copy_database(&db, &older);
    committed.extend(stress_rows(&db, 2));
    drop(Store::open(&db).unwrap());
    copy_database(&db, &before);
    let synced = stress_rows(&db, 60);
    assert_eq!(synced.len(), 60);
    committed.extend(synced);

    // The cut: the database as it was on the disk before those 60 rows; the log as synced.
    copy_database(&before, &db);
    let logs = deckhand::store::commit_log::paths(&db);
    let saved: Vec<Vec<u8>> = logs.iter().map(|p| std::fs::read(p).unwrap()).collect();
    let store = Store::open(&db).unwrap();
    match store.verify_chain().unwrap() {
        ChainStatus::Intact { rows, .. } => assert_eq!(rows, 65, "every row put back"),
        other => panic!("{other:?}"),
    }
    assert_eq!(store.signed_head().unwrap().unwrap().serial, 65);
    assert_rows_there(&store, &committed, "after the cut");
    drop(store);

    // The same cut without the log: the 60 rows are gone (what the log is for).
    copy_database(&before, &db);
    for p in &logs {
        std::fs::write(p, b"").unwrap();
    }
    let store = Store::open(&db).unwrap();
    assert!(matches!(
        store.verify_chain().unwrap(),
        ChainStatus::Intact { rows: 5, .. }
    ));
    drop(store);

    // A database older than the rows the log continues from: refused, nothing written.
    copy_database(&older, &db);
    for (p, bytes) in logs.iter().zip(&saved) {
        std::fs::write(p, bytes).unwrap();
    }
    let refused = Store::open(&db).err().expect("a gap is never kept");
    let text = refused.to_string();
    assert!(
        text.contains("commit log") && text.contains("row 3"),
        "{text}"
    );
    let rows: i64 = rusqlite::Connection::open(&db)
        .unwrap()
        .query_row("SELECT COUNT(*) FROM journal", [], |r| r.get(0))
        .unwrap();
    assert_eq!(rows, 3);
}
