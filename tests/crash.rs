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
        for (serial, n, pid) in &committed {
            let payload: String = store
                .connection()
                .query_row(
                    "SELECT payload FROM journal WHERE serial = ?1",
                    [serial],
                    |r| r.get(0),
                )
                .unwrap_or_else(|e| panic!("round {round}: committed row {serial} lost: {e}"));
            assert_eq!(
                payload,
                format!(r#"{{"n":{n},"pid":{pid}}}"#),
                "round {round}"
            );
        }
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
