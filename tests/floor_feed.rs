//! The floor board's feed against a real PostgreSQL cluster (issue 44, item 2): what a table
//! needs is on the board both when the board starts (read from the server's newest rows, the
//! High Hand drop summed there) and as the rows come (through LISTEN/NOTIFY): the dealer and
//! since when, a wrong count until its removal is verified, the progressive meters, the High
//! Hand period's drop; and a table tapped gets its newest records, newer ones as they come.

use crate::common::cluster::Cluster;
use crate::common::person;
use deckhand::config::HighHandConfig;
use deckhand::rules::table::{Event, PotTake, Role};
use deckhand::store::central;
use deckhand::store::floor::{Board, FloorReader};
use deckhand::store::{Entry, RowContext, Store, Stream};
use std::time::{Duration, Instant};

fn pot(high_hand: i64) -> Entry {
    Entry::table(&Event::PotAwarded {
        number: 1,
        awards: vec![(1, 1_000)],
        pot: 1_000 + high_hand,
        take: PotTake {
            high_hand,
            ..Default::default()
        },
    })
}

fn until(reader: &FloorReader, what: &str, done: &dyn Fn(&Board) -> bool) {
    let deadline = Instant::now() + Duration::from_secs(20);
    loop {
        let b = reader.board();
        if done(&b) {
            return;
        }
        assert!(Instant::now() < deadline, "{what}: {b:?}");
        std::thread::sleep(Duration::from_millis(5));
    }
}

#[test]
#[ignore]
fn a_tables_state_reaches_the_board_at_its_start_and_as_it_comes() {
    // The High Hand period is a day: the rows and the board's start fall in one (unless the
    // test starts in the last minutes of a UTC day: it waits them out).
    let day = HighHandConfig {
        period_minutes: 1440,
        ..Default::default()
    };
    let now = chrono::Utc::now();
    if day.period_of(now) != day.period_of(now + chrono::Duration::seconds(150)) {
        std::thread::sleep(Duration::from_secs(151));
    }
    let c = Cluster::start();
    let work = tempfile::tempdir().unwrap();
    let path = work.path().join("table.sqlite");
    let mut store = Store::open(&path).unwrap();
    let terminal = store.terminal_id().to_string();
    let ctx = RowContext {
        table_no: Some(7),
        dealer_credential: Some("20417".into()),
        actor_credential: None,
    };
    let alex = person("Alex Rivera", "20417", Role::Dealer);
    store
        .append(
            &ctx,
            &[
                Entry::table(&Event::TableOpened {
                    setup: deckhand::demo::fixed_limit_table(7),
                }),
                Entry::table(&Event::DealerSignedIn { dealer: alex }),
                pot(100),
                pot(250),
                Entry::table(&crate::common::floor::red_deck_counted_51()),
                Entry::system(
                    "progressive_meters",
                    serde_json::json!({"meters": [{"meter": 1, "cents": 1_234_567}]}),
                ),
            ],
        )
        .unwrap();
    // A payload the server holds but that does not read adds nothing and stops nothing.
    store
        .append(
            &ctx,
            &[Entry {
                stream: Stream::Table,
                kind: "pot_awarded".into(),
                payload: serde_json::json!({"take": {"high_hand": "lots"}}),
                actor_credential: None,
            }],
        )
        .unwrap();
    let mut pusher = c.config("table_terminal").connect().unwrap();
    let push = |pusher: &mut postgres::Client| {
        central::catch_up(pusher, &central::open_local(&path).unwrap(), 100).unwrap();
    };
    push(&mut pusher);
    // The board starts after the rows: all it shows is read at its start.
    let reader = FloorReader::spawn_with(c.config("floor_board"), day.clone(), || {});
    until(&reader, "the table at the board's start", &|b| {
        b.tables.get(&terminal).is_some_and(|v| {
            v.open
                && v.dealer_since.is_some()
                && v.progressive == vec![(1, 1_234_567)]
                && v.trouble
                    .as_ref()
                    .is_some_and(|t| t.words == "Wrong count: Red deck, 51 of 52 cards")
                && v.high_hand.as_ref().is_some_and(|h| h.dropped == 350)
        })
    });
    let v = reader.board().tables[&terminal].clone();
    assert_eq!(
        v.high_hand.unwrap().period,
        day.period_of(chrono::Utc::now())
    );
    // As the rows come: the removal verified ends the wrong count; a pot adds its drop.
    store
        .append(
            &ctx,
            &[
                Entry::table(&Event::RemovalVerified {
                    deck: 0,
                    floorperson: person("Dana Brooks", "1001", Role::Floorperson),
                    disposition: None,
                }),
                pot(40),
                Entry::system(
                    "progressive_meters",
                    serde_json::json!({"meters": [{"meter": 1, "cents": 1_234_667}]}),
                ),
            ],
        )
        .unwrap();
    push(&mut pusher);
    until(&reader, "the rows after the start", &|b| {
        b.tables.get(&terminal).is_some_and(|v| {
            v.trouble.is_none()
                && v.progressive == vec![(1, 1_234_667)]
                && v.high_hand.as_ref().is_some_and(|h| h.dropped == 390)
        })
    });
    // The server restarted: the board reads the period's drop again and never adds it twice;
    // what comes after adds to it.
    c.down();
    until(&reader, "the board sees the server go", &|b| !b.connected);
    c.up();
    until(&reader, "the board back", &|b| b.connected);
    let dropped = |b: &Board| b.tables[&terminal].high_hand.as_ref().map(|h| h.dropped);
    assert_eq!(dropped(&reader.board()), Some(390));
    store.append(&ctx, &[pot(10)]).unwrap();
    let mut pusher = c.config("table_terminal").connect().unwrap();
    push(&mut pusher);
    until(&reader, "a pot after the restart", &|b| {
        dropped(b) == Some(400)
    });
    // The table tapped: its newest records, newest first; a new one comes in.
    reader.show_recent(Some(&terminal));
    until(&reader, "the table's newest records", &|b| {
        b.recent
            .as_ref()
            .is_some_and(|r| r.terminal == terminal && !r.rows.is_empty())
    });
    let rows = reader.board().recent.clone().unwrap().rows;
    assert!(
        rows.len() >= 10,
        "every row of this short journal: {rows:?}"
    );
    assert!(rows[0].kind == "pot_awarded" && rows[0].payload.contains("\"high_hand\":10"));
    assert!(rows.windows(2).all(|w| w[0].serial > w[1].serial));
    store
        .append(
            &ctx,
            &[Entry::table(&Event::TableIdle {
                section: "§ 637a.5(d)".into(),
            })],
        )
        .unwrap();
    push(&mut pusher);
    until(&reader, "a newer record told", &|b| {
        b.recent
            .as_ref()
            .is_some_and(|r| r.rows.first().is_some_and(|r| r.kind == "table_idle"))
            && b.tables[&terminal]
                .idle_minutes(chrono::Utc::now(), 10)
                .is_some()
    });
    reader.show_recent(None);
    until(&reader, "the records forgotten", &|b| b.recent.is_none());
}
