//! Table snapshots (issue 24, item 4): a start rebuilds the table from the newest snapshot and
//! the rows after it; every snapshot is the table a full replay gives at its row (held so by
//! `verify-log --replay`); a snapshot that says otherwise is named; another build's is ignored.

use crate::common;

use deckhand::rules::games::GameId;
use deckhand::rules::table::Table;
use deckhand::store::snapshot::Snapshot;
use deckhand::store::{Entry, RowContext, Store};
use deckhand::terminal::Terminal;

/// A Hold'em table that played `rounds` rounds, a snapshot every `every` table rows.
fn played(db: &std::path::Path, every: u64, rounds: usize) -> Terminal {
    let s = common::ui::table(12, GameId::Holdem);
    let mut t = common::ui::opened(db, &s);
    t.set_snapshot_every(every);
    for _ in 0..rounds {
        common::poker::fold_round(&mut t, &[1, 2, 3, 4]);
        crate::common::poker::to_next_round(&mut t);
    }
    t
}

fn snapshots(db: &std::path::Path) -> Vec<(i64, Snapshot)> {
    Store::open(db)
        .unwrap()
        .all_rows()
        .unwrap()
        .into_iter()
        .filter(|r| r.kind == "table_snapshot")
        .map(|r| {
            (
                r.serial,
                Snapshot::read(&r.payload).expect("this build's format"),
            )
        })
        .collect()
}

#[test]
fn a_start_from_the_newest_snapshot_is_the_table_a_full_replay_gives() {
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("snap.sqlite");
    let t = played(&db, 7, 6);
    let live = t.table().clone();
    drop(t);
    let store = Store::open(&db).unwrap();
    let all = store.table_events().unwrap();
    let snaps = snapshots(&db);
    assert!(snaps.len() >= 6, "{} snapshots", snaps.len());
    // Each is the table the rows up to it rebuild, and it comes after them.
    for (serial, s) in &snaps {
        assert!(s.through < *serial);
        let upto: Vec<_> = all
            .iter()
            .filter(|(n, _)| *n <= s.through)
            .cloned()
            .collect();
        assert_eq!(
            upto.last().map(|(n, _)| *n),
            Some(s.through),
            "through a table row"
        );
        assert_eq!(
            Table::replay(&upto).unwrap(),
            s.table,
            "snapshot at row {serial}"
        );
    }
    // The start uses the newest and the rows after it: the same table as a full replay, and
    // as the terminal had before it stopped.
    let (_, newest) = store.newest_snapshot().unwrap().unwrap();
    assert_eq!(newest.through, snaps.last().unwrap().1.through);
    assert!(store.table_events_after(newest.through).unwrap().len() < all.len() / 4);
    drop(store);
    let again = Terminal::open(Store::open(&db).unwrap(), None).unwrap();
    assert_eq!(*again.table(), Table::replay(&all).unwrap());
    assert_eq!(*again.table(), live);
    // verify-log --replay holds every snapshot to the replay.
    let report = deckhand::store::replay::replay_file(&db).unwrap();
    assert_eq!(report.divergence, None);
    assert_eq!(report.snapshots, snaps.len());
    assert!(
        report
            .to_string()
            .contains(&format!("{} snapshots checked", snaps.len()))
    );
}

#[test]
fn a_snapshot_that_says_otherwise_is_named_and_another_builds_is_ignored() {
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("forged.sqlite");
    drop(played(&db, 0, 2));
    let mut store = Store::open(&db).unwrap();
    assert!(snapshots(&db).is_empty(), "0: no snapshots");
    let all = store.table_events().unwrap();
    let through = all.last().unwrap().0;
    let truth = Table::replay(&all).unwrap();

    // Another build's snapshot (of another format) is never read: the start replays all.
    let mut old = Snapshot::new(through, &Table::default());
    old.format = "table-0/0.0.1".into();
    store
        .append(
            &RowContext::default(),
            &[Entry::system(
                "table_snapshot",
                serde_json::to_value(&old).unwrap(),
            )],
        )
        .unwrap();
    assert!(store.newest_snapshot().unwrap().is_none());
    drop(store);
    let t = Terminal::open(Store::open(&db).unwrap(), None).unwrap();
    assert_eq!(*t.table(), truth);
    drop(t);
    let report = deckhand::store::replay::replay_file(&db).unwrap();
    assert_eq!((report.divergence, report.snapshots), (None, 0));

    // A snapshot of this format that is not the table its rows give: a start would believe
    // it (it is in the chain like any row the terminal wrote), so the replay names it.
    let mut store = Store::open(&db).unwrap();
    let forged = store
        .append(
            &RowContext::default(),
            &[Entry::system(
                "table_snapshot",
                serde_json::to_value(Snapshot::new(through, &Table::default())).unwrap(),
            )],
        )
        .unwrap();
    drop(store);
    let report = deckhand::store::replay::replay_file(&db).unwrap();
    let d = report
        .divergence
        .clone()
        .expect("the forged snapshot is named");
    assert_eq!(
        (d.serial, d.kind.as_str()),
        (forged[0].serial, "table_snapshot")
    );
    assert!(
        report
            .to_string()
            .contains(&format!("serial {}", forged[0].serial)),
        "{report}"
    );
}
