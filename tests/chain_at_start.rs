//! The start's walk of the hash chain on a long journal (issue 24, item 4): the first frame
//! does not wait for it, but nothing is taken from the screen and nothing is written (by the
//! terminal or its devices) until it says the chain holds; a chain that does not hold stops the
//! terminal as a start on a short journal does, having written nothing.

use crate::common;
use deckhand::store::{ChainStatus, Entry, RowContext, Store, StoreError};
use deckhand::terminal::{JournalCheck, Terminal, WALK_BEFORE_FIRST_FRAME};
use deckhand::ui::DeckhandApp;
use egui_kittest::kittest::Queryable;
use std::path::{Path, PathBuf};
use std::time::{Duration, Instant};

fn ctx() -> RowContext {
    RowContext {
        table_no: Some(12),
        dealer_credential: None,
        actor_credential: None,
    }
}

fn meters(n: usize) -> Vec<Entry> {
    (0..n)
        .map(|i| {
            Entry::system(
                "shuffler_meters",
                serde_json::json!({"kind": "shuffler_meters", "shuffles": i}),
            )
        })
        .collect()
}

/// A journal as `deckhand` leaves it (the demo people, recorded), then more rows than a start
/// walks before its first frame.
fn long_journal(dir: &Path) -> PathBuf {
    let db = dir.join("long.sqlite");
    drop(deckhand::app::build(&common::ui::real_config(&db), Default::default(), None).unwrap());
    let store = Store::open(&db).unwrap();
    let mut rows = store.head().unwrap().0;
    while rows <= WALK_BEFORE_FIRST_FRAME + 500 {
        rows = store
            .submit(&ctx(), &meters(2_000))
            .wait()
            .unwrap()
            .last()
            .unwrap()
            .serial;
    }
    db
}

fn count(db: &Path) -> i64 {
    let conn = rusqlite::Connection::open(db).unwrap();
    conn.query_row("SELECT COUNT(*) FROM journal", [], |r| r.get(0))
        .unwrap()
}

/// Changes one row's time in the file, as someone with the file open could: the rules see
/// nothing, only the chain tells.
fn edit_a_row(db: &Path, serial: i64) {
    let conn = rusqlite::Connection::open(db).unwrap();
    conn.execute_batch("DROP TRIGGER journal_no_update;")
        .unwrap();
    conn.execute(
        "UPDATE journal SET ts_utc = '2020-01-01T00:00:00.000000Z' WHERE serial = ?1",
        [serial],
    )
    .unwrap();
}

/// While the walk runs the screen says so and takes no tap; a write handed to the writer
/// meanwhile is made only after the verdict; then the sign-in screen comes.
#[test]
fn a_long_journal_shows_its_check_and_takes_nothing_until_the_chain_holds() {
    let dir = tempfile::tempdir().unwrap();
    let db = long_journal(dir.path());
    let store = Store::open(&db).unwrap();
    // The writer is busy (as behind a long commit) while the screen is drawn: the walk,
    // queued behind, has not begun.
    let hold = store.hold_writer();
    let check = store.check_chain(Box::new(|| {}));
    let behind = store.submit(&ctx(), &meters(1));
    assert!(check.rows() > WALK_BEFORE_FIRST_FRAME);
    let term = Terminal::open_checking(store, None, check.clone()).unwrap();
    let setup = common::ui::table(12, deckhand::rules::games::GameId::Holdem);
    let mut h = common::ui::harness(DeckhandApp::new(term, setup, None));
    h.run_ok();
    assert!(
        check.verdict().is_none(),
        "the walk waits behind the held job"
    );
    h.get_by_label("Checking the journal");
    h.get_by_label_contains(&format!(
        "Every one of the {} records",
        deckhand::rules::grouped(check.rows() as u64)
    ));
    assert!(
        h.query_by_label("Alex Rivera").is_none(),
        "nothing to tap while the chain is walked"
    );
    drop(hold);
    // The write handed over after the walk is answered only once the verdict is in.
    let written = behind.wait().unwrap();
    assert!(
        matches!(check.verdict(), Some(Ok(ChainStatus::Intact { .. }))),
        "{:?}",
        check.verdict()
    );
    assert_eq!(written.len(), 1);
    h.run_ok();
    h.get_by_label("Alex Rivera");
    assert!(h.query_by_label("Checking the journal").is_none());
}

/// A row changed in a long journal: the terminal built as `deckhand` builds it draws its first
/// frame, then stops with the row on the screen; nothing was written, the writes queued
/// meanwhile refused as a broken chain.
#[test]
fn a_changed_row_in_a_long_journal_stops_the_terminal_having_written_nothing() {
    let dir = tempfile::tempdir().unwrap();
    let db = long_journal(dir.path());
    let edited = WALK_BEFORE_FIRST_FRAME - 1_000;
    edit_a_row(&db, edited);
    let before = count(&db);

    let station = deckhand::app::start(&common::ui::real_config(&db), Default::default(), None);
    let mut h = common::ui::station_harness(station, 1024.0, 768.0);
    let until = Instant::now() + Duration::from_secs(60);
    while h.state().table().is_some() {
        assert!(Instant::now() < until, "the walk never ended");
        h.step();
        std::thread::sleep(Duration::from_millis(10));
    }
    h.run_ok();
    h.get_by_label("The terminal cannot start");
    h.get_by_label_contains(&format!(
        "The journal's hash chain is broken at row {edited}"
    ));
    drop(h);
    assert_eq!(count(&db), before, "nothing was written");

    // The same at the store: a write handed over after the walk is refused with the break.
    let store = Store::open(&db).unwrap();
    let check = store.check_chain(Box::new(|| {}));
    let refused = store.submit(&ctx(), &meters(3)).wait();
    assert!(
        matches!(refused, Err(StoreError::ChainBroken { serial, .. }) if serial == edited),
        "{refused:?}"
    );
    assert!(matches!(
        check.verdict(),
        Some(Ok(ChainStatus::Broken { serial, .. })) if serial == edited
    ));
    let mut term = Terminal::open_checking(store, None, check).unwrap();
    assert!(matches!(
        term.journal_check(),
        JournalCheck::Stopped(StoreError::ChainBroken { serial, .. }) if serial == edited
    ));
    drop(term);
    assert_eq!(count(&db), before, "nothing was written");
}
