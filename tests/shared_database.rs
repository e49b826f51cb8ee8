//! Another process on the database while the terminal runs: a supervisor's `deckhand backup`,
//! `export` or `verify-log`, the `sqlite3` shell, a reporting script. Each opens the same file
//! and closes it; the terminal's rows stay where every process sees them.
//!
//! SQLite keeps its locks on the database file as POSIX locks, which belong to the process:
//! closing any descriptor of that file in the terminal's process (one opened only to sync the
//! file, say) drops the locks of every connection it has. Another process closing the database
//! then takes itself for the last one, checkpoints and deletes the `-wal` the terminal goes on
//! committing to, so no other process sees the terminal's later rows. Walked: a terminal that
//! had lost its locks, then a Python script's `sqlite3` (SQLite 3.40) opening and closing the
//! database: the terminal's `-wal` and `-shm` deleted. The locks are the invariant; the test
//! holds them, with other processes around them.

use deckhand::store::{Entry, RowContext, Store};
use std::path::Path;
use std::process::Command;

/// Runs `deckhand COMMAND --db DB ARGS…` in a process of its own; its standard output.
fn deckhand(command: &str, db: &Path, args: &[&str]) -> String {
    let out = Command::new(env!("CARGO_BIN_EXE_deckhand"))
        .arg(command)
        .arg("--db")
        .arg(db)
        .args(args)
        .output()
        .unwrap();
    let text = String::from_utf8_lossy(&out.stdout).into_owned();
    assert!(
        out.status.success(),
        "deckhand {command} {args:?}: {text}{}",
        String::from_utf8_lossy(&out.stderr)
    );
    text
}

/// Whether this process holds a POSIX lock on `db` (SQLite's on the database file: the shared
/// lock every connection in WAL mode keeps while it is open), from `/proc/locks`.
fn holds_a_lock_on(db: &Path) -> bool {
    use std::os::unix::fs::MetadataExt;
    let inode = std::fs::metadata(db).unwrap().ino().to_string();
    let pid = std::process::id().to_string();
    std::fs::read_to_string("/proc/locks")
        .unwrap()
        .lines()
        .any(|l| {
            let f: Vec<&str> = l.split_whitespace().collect();
            f.len() > 5
                && f[1] == "POSIX"
                && f[4] == pid
                && f[5].rsplit(':').next() == Some(inode.as_str())
        })
}

/// Where the other process finds the database.
const OTHER_DB: &str = "DECKHAND_TEST_OTHER_PROCESS_DB";

/// The other process: the test below runs this test binary again for this test alone.
#[test]
#[ignore = "run by other_processes_on_the_database_take_nothing_from_the_running_terminal in a process of its own"]
fn another_process_opens_the_database_and_closes_it() {
    let Some(db) = std::env::var_os(OTHER_DB) else {
        return;
    };
    let conn = rusqlite::Connection::open(db).unwrap();
    let n: i64 = conn
        .query_row(
            "SELECT COUNT(*) FROM journal WHERE kind = 'before_the_backup'",
            [],
            |r| r.get(0),
        )
        .unwrap();
    println!("another process counted {n} rows");
    conn.close().unwrap();
}

#[test]
fn other_processes_on_the_database_take_nothing_from_the_running_terminal() {
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("terminal.sqlite");
    let copies = dir.path().join("copies");
    let mut store = Store::open(&db).unwrap();
    assert!(
        holds_a_lock_on(&db),
        "after the start (the rows put back, the log emptied) the terminal holds no lock on the database"
    );
    let ctx = RowContext {
        table_no: Some(4),
        dealer_credential: Some("20417".into()),
        actor_credential: None,
    };
    let mut append = |kind: &str, n: usize| {
        for i in 0..n {
            store
                .append(&ctx, &[Entry::system(kind, serde_json::json!({ "n": i }))])
                .unwrap();
        }
    };
    append("before_the_backup", 5);
    // The supervisor's online backup (read-only), then a connection that may write (a
    // reporting tool, the `sqlite3` shell), each opened and closed in a process of its own.
    deckhand("backup", &db, &["--to", copies.to_str().unwrap()]);
    let other = Command::new(std::env::current_exe().unwrap())
        .args([
            "--exact",
            "shared_database::another_process_opens_the_database_and_closes_it",
            "--ignored",
            "--nocapture",
        ])
        .env(OTHER_DB, &db)
        .output()
        .unwrap();
    let said = String::from_utf8_lossy(&other.stdout);
    assert!(said.contains("another process counted 5 rows"), "{said}");

    let mut wal = db.as_os_str().to_owned();
    wal.push("-wal");
    assert!(
        Path::new(&wal).exists(),
        "the running terminal's -wal was deleted by another process closing the database"
    );
    // Past a checkpoint of the commit log (every 100 commits), which syncs what it copied:
    // seen when the database file grows by the pages it copies out of the `-wal`.
    let before = std::fs::metadata(&db).unwrap().len();
    append("after_the_backup", 120);
    let until = std::time::Instant::now() + std::time::Duration::from_secs(20);
    while std::fs::metadata(&db).unwrap().len() == before {
        assert!(
            std::time::Instant::now() < until,
            "no checkpoint within 20 s"
        );
        std::thread::sleep(std::time::Duration::from_millis(20));
    }
    assert!(
        holds_a_lock_on(&db),
        "after a checkpoint the terminal holds no lock on the database"
    );
    let (rows, head) = store.head().unwrap();
    // A third process sees every row the terminal committed, the last one included.
    let seen = deckhand("verify-log", &db, &[]);
    assert!(
        seen.starts_with(&format!("intact: {rows} rows, head {head}")),
        "the terminal has {rows} rows; another process sees: {seen}"
    );
    let exported = deckhand("export", &db, &[]);
    assert_eq!(exported.matches("after_the_backup").count(), 120);
}
