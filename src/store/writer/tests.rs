//! The writer's group commits, caller by caller.

use super::super::{ChainStatus, Store};
use super::*;

fn ctx(table: u32) -> RowContext {
    RowContext {
        table_no: Some(table),
        dealer_credential: Some("20417".into()),
        actor_credential: None,
    }
}

/// Holds the writer thread until the returned sender is dropped, so what is submitted
/// meanwhile is waiting together when it is free again.
fn hold(store: &Store) -> (mpsc::Sender<()>, std::thread::JoinHandle<()>) {
    let (release, held) = mpsc::channel::<()>();
    let (started, running) = mpsc::channel::<()>();
    let jobs = store.writer.jobs.clone();
    let t = std::thread::spawn(move || {
        call_on(jobs.as_ref(), move |_| {
            let _ = started.send(());
            let _ = held.recv();
        })
        .unwrap();
    });
    running.recv().unwrap();
    (release, t)
}

#[test]
fn appends_waiting_together_commit_as_one_group_each_caller_in_order() {
    let dir = tempfile::tempdir().unwrap();
    let mut store = Store::open(&dir.path().join("g.sqlite")).unwrap();
    store.append(&ctx(1), &[Entry::system("first", 0)]).unwrap();
    let before = store.group_stats();
    assert_eq!((before.commits, before.appends, before.rows), (1, 1, 1));

    let (release, t) = hold(&store);
    // 300 callers, one to three rows each, from the test thread and two others.
    let receipts: Vec<(usize, Receipt)> = (0..300)
        .map(|i| {
            let entries: Vec<Entry> = (0..=i % 3)
                .map(|k| Entry::system("n", serde_json::json!({"caller": i, "k": k})))
                .collect();
            (
                entries.len(),
                store.submit(&ctx((i % 5) as u32 + 1), &entries),
            )
        })
        .collect();
    drop(release);
    t.join().unwrap();
    let mut serial = 1;
    for (i, (n, r)) in receipts.into_iter().enumerate() {
        let rows = r.wait().unwrap();
        assert_eq!(rows.len(), n);
        for (k, row) in rows.iter().enumerate() {
            serial += 1;
            assert_eq!(
                row.serial, serial,
                "caller {i}'s rows follow the caller before"
            );
            assert_eq!(row.table_no, Some((i % 5) as i64 + 1));
            let p: serde_json::Value = serde_json::from_str(&row.payload).unwrap();
            assert_eq!(p, serde_json::json!({"caller": i, "k": k}));
        }
    }
    let after = store.group_stats();
    assert_eq!(after.appends - before.appends, 300);
    assert_eq!(after.rows - before.rows, serial as u64 - 1);
    assert_eq!(
        after.commits - before.commits,
        1,
        "one commit for the whole group"
    );
    assert!(
        matches!(store.verify_chain().unwrap(), ChainStatus::Intact { rows, .. } if rows == serial)
    );
    let head = store.signed_head().unwrap().unwrap();
    assert_eq!(head.serial, serial, "the group's head is signed");
    drop(store);
    let store = Store::open(&dir.path().join("g.sqlite")).unwrap();
    assert_eq!(
        store.head().unwrap().0,
        serial,
        "every row survives a restart"
    );
}

#[test]
fn a_refused_caller_in_a_group_loses_only_its_own_rows() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("r.sqlite");
    let mut store = Store::open(&path).unwrap();
    store.append(&ctx(1), &[Entry::system("first", 0)]).unwrap();
    // The database refuses one kind of row (a trigger standing in for any refusal).
    Connection::open(&path)
        .unwrap()
        .execute_batch(
            "CREATE TRIGGER refuse BEFORE INSERT ON journal WHEN NEW.kind = 'refused'
             BEGIN SELECT RAISE(ABORT, 'refused by the test'); END;",
        )
        .unwrap();
    let (release, t) = hold(&store);
    let a = store.submit(&ctx(1), &[Entry::system("a", 1), Entry::system("a", 2)]);
    let bad = store.submit(
        &ctx(2),
        &[Entry::system("b", 1), Entry::system("refused", 2)],
    );
    let c = store.submit(&ctx(3), &[Entry::system("c", 1)]);
    drop(release);
    t.join().unwrap();
    let a = a.wait().unwrap();
    let err = bad.wait().unwrap_err();
    let c = c.wait().unwrap();
    assert!(err.to_string().contains("refused by the test"), "{err}");
    assert_eq!(a.iter().map(|r| r.serial).collect::<Vec<_>>(), [2, 3]);
    assert_eq!(
        c[0].serial, 4,
        "no gap where the refused caller's rows were"
    );
    assert_eq!(c[0].prev_hash, a[1].hash);
    let kinds: Vec<String> = store
        .connection()
        .prepare("SELECT kind FROM journal ORDER BY serial")
        .unwrap()
        .query_map([], |r| r.get(0))
        .unwrap()
        .map(|r| r.unwrap())
        .collect();
    assert_eq!(
        kinds,
        ["first", "a", "a", "c"],
        "b's first row went with its second"
    );
    assert!(matches!(
        store.verify_chain().unwrap(),
        ChainStatus::Intact { rows: 4, .. }
    ));
    assert_eq!(store.signed_head().unwrap().unwrap().serial, 4);
    assert_eq!(store.group_stats().commits, 2);
}

#[test]
fn a_receipt_from_a_stopped_writer_says_so() {
    let r = submit_on(
        None,
        RowContext::default(),
        vec![Entry::system("n", 1)],
        None,
    );
    assert!(r.wait().unwrap_err().to_string().contains("stopped"));
}
