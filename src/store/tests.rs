//! The store: look-ups that read a few pages, appends that chain and refuse edits, and
//! tampering found at the row it was done.

use super::review::JournalQueries;
use super::*;

/// Pages `conn` has looked at (found in its cache or read) since the last call.
fn pages_looked_at(conn: &Connection) -> i64 {
    use rusqlite::ffi::{SQLITE_DBSTATUS_CACHE_HIT, SQLITE_DBSTATUS_CACHE_MISS};
    db_status(conn, SQLITE_DBSTATUS_CACHE_HIT, true)
        + db_status(conn, SQLITE_DBSTATUS_CACHE_MISS, true)
}

/// The look-ups of a kind of row at a table (the start's jackpot box clock, the review's
/// game of each record and its filter by game) go through the kind's index: on a journal
/// of 30,000 rows of one table they look at a few pages a look-up, not the table's every
/// row (the table's index, which SQLite chose for them, walked back over all 30,000).
#[test]
fn look_ups_of_a_kind_at_a_table_read_a_few_pages_not_the_table() {
    let dir = tempfile::tempdir().unwrap();
    let mut s = Store::open(&dir.path().join("j.sqlite")).unwrap();
    let ctx = RowContext {
        table_no: Some(12),
        ..Default::default()
    };
    let opened = Entry::system(
        "table_opened",
        serde_json::json!({"setup": {"game": "omaha"}}),
    );
    s.append(&ctx, &[opened]).unwrap();
    let meters: Vec<Entry> = (0..30_000)
        .map(|i| Entry::system("shuffler_meters", serde_json::json!({"shuffles": i})))
        .collect();
    let last = s.append(&ctx, &meters).unwrap().pop().unwrap();
    let conn = s.connection();
    pages_looked_at(conn);
    assert_eq!(s.newest_box_count("bad-beat", 12).unwrap(), None);
    let box_pages = pages_looked_at(conn);
    assert_eq!(s.game_at(&last).unwrap().as_deref(), Some("omaha"));
    let game_pages = pages_looked_at(conn);
    // The review's filter by game: each record's game looked up the same way.
    let omaha = review::Filter {
        game: Some("omaha".into()),
        ..Default::default()
    };
    assert_eq!(s.search(&omaha, None, 200).unwrap().len(), 200);
    let filter_pages = pages_looked_at(conn);
    assert!(box_pages < 20, "the box count looked at {box_pages} pages");
    assert!(game_pages < 20, "the game looked at {game_pages} pages");
    assert!(
        filter_pages < 5_000,
        "a page of 200 by game looked at {filter_pages} pages"
    );
}

#[test]
fn appends_chain_and_refuse_edits() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("j.sqlite");
    let mut s = Store::open(&path).unwrap();
    let ctx = RowContext {
        table_no: Some(7),
        ..Default::default()
    };
    let rows = s
        .append(
            &ctx,
            &[
                Entry::system("a", serde_json::json!({"z": 1, "a": 2})),
                Entry::system("b", 5),
            ],
        )
        .unwrap();
    assert_eq!(rows[0].serial, 1);
    assert_eq!(rows[1].prev_hash, rows[0].hash);
    assert_eq!(rows[0].payload, r#"{"a":2,"z":1}"#);
    assert!(matches!(
        s.verify_chain().unwrap(),
        ChainStatus::Intact { rows: 2, .. }
    ));

    // Another program with the file: the triggers refuse edits.
    let raw = Connection::open(&path).unwrap();
    let err = raw
        .execute("UPDATE journal SET payload = '{}' WHERE serial = 1", [])
        .unwrap_err();
    assert!(err.to_string().contains("append-only"), "{err}");
    let err = raw
        .execute("DELETE FROM journal WHERE serial = 2", [])
        .unwrap_err();
    assert!(err.to_string().contains("append-only"), "{err}");

    // Reopening keeps the terminal id and continues the serials.
    let id = s.terminal_id().to_string();
    drop(s);
    let mut s = Store::open(&path).unwrap();
    assert_eq!(s.terminal_id(), id);
    let rows = s.append(&ctx, &[Entry::system("c", 1)]).unwrap();
    assert_eq!(rows[0].serial, 3);
    assert_eq!(rows[0].session, 2);
}

#[test]
fn tampering_is_found_at_the_right_row() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("j.sqlite");
    let mut s = Store::open(&path).unwrap();
    for i in 0..5 {
        s.append(&RowContext::default(), &[Entry::system("n", i)])
            .unwrap();
    }
    // A tamperer with the file drops the trigger and edits row 3.
    let raw = Connection::open(&path).unwrap();
    raw.execute_batch(
        "DROP TRIGGER journal_no_update; UPDATE journal SET payload = '99' WHERE serial = 3;",
    )
    .unwrap();
    assert_eq!(
        s.verify_chain().unwrap(),
        ChainStatus::Broken {
            serial: 3,
            problem: "its contents do not match its hash (altered)".into()
        }
    );
    raw.execute_batch("DROP TRIGGER journal_no_delete; DELETE FROM journal WHERE serial = 2;")
        .unwrap();
    assert!(matches!(
        s.verify_chain().unwrap(),
        ChainStatus::Broken { serial: 2, .. }
    ));
}
