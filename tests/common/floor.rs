//! A whole floor staged for the board's screen (its test and its frame benchmark): 250 tables,
//! three calls waiting (tables 7, 42 and 199), table 42's shuffler down, table 12's wrong count,
//! table 13 declared idle 12 minutes ago, table 16's jam, table 14 without a round for 25, a round every 90 s
//! over the last hour at each table, the last ten by its dealer now (at the table 5 to 94
//! minutes), table 7's progressive meters, High Hand period and newest records.

use deckhand::rules::table::{Event, PotTake};
use deckhand::store::JournalRow;
use deckhand::store::floor::{Board, FloorCallView, HighHandView, Recent, TableView, Trouble};

/// Table 16's jam, as a shuffler may word it: longer than a tile's line.
pub const JAM_16: &str = "Shuffler jam: Blue deck (E12 cards jammed in the elevator; open the \
     lid, clear the path and restart)";

pub fn staged_floor(now: chrono::DateTime<chrono::Utc>) -> Board {
    let mut b = Board {
        connected: true,
        ..Default::default()
    };
    for n in 1..=250u32 {
        let terminal = format!("T-{n:03}");
        let call = |secs: i64, reason: &str, role: &str| FloorCallView {
            reason: reason.into(),
            role: role.into(),
            since_utc: (now - chrono::Duration::seconds(secs)).to_rfc3339(),
            serial: 90 + secs,
            coming: None,
        };
        b.tables.insert(
            terminal.clone(),
            TableView {
                terminal,
                table_no: Some(n),
                game: Some(
                    if n % 2 == 0 {
                        "Hold'em"
                    } else {
                        "Crazy 4 Poker"
                    }
                    .into(),
                ),
                dealer: Some((format!("Dealer {n}"), format!("{}", 20000 + n))),
                open: true,
                round: n,
                call: match n {
                    7 => Some(call(
                        200,
                        "verify the Red deck's count of 51 cards",
                        "floorperson",
                    )),
                    42 => Some(call(30, "A player's dispute", "floorperson")),
                    199 => Some(call(95, "verify a Bad Beat hand", "supervisor")),
                    _ => None,
                },
                links_down: if n == 42 {
                    vec!["shuffler".into()]
                } else {
                    vec![]
                },
                dealer_since: Some(now - chrono::Duration::minutes(5 + i64::from(n % 90))),
                last_play: Some(if n == 14 {
                    now - chrono::Duration::minutes(25)
                } else {
                    now - chrono::Duration::seconds(45)
                }),
                declared_idle: (n == 13).then(|| now - chrono::Duration::minutes(12)),
                trouble: match n {
                    12 => Some(Trouble {
                        deck: 0,
                        words: "Wrong count: Red deck, 51 of 52 cards".into(),
                        since_utc: (now - chrono::Duration::minutes(3)).to_rfc3339(),
                        jam: false,
                    }),
                    16 => Some(Trouble {
                        deck: 1,
                        words: JAM_16.into(),
                        since_utc: (now - chrono::Duration::minutes(1)).to_rfc3339(),
                        jam: true,
                    }),
                    _ => None,
                },
                progressive: if n == 7 {
                    vec![(1, 1_234_567), (2, 50_000)]
                } else {
                    vec![]
                },
                high_hand: (n == 7).then(|| HighHandView {
                    period: "2026-11-29T14:00Z".into(),
                    dropped: 4_500,
                    best: Some((
                        deckhand::rules::eval::HandValue(900),
                        "Four of a kind, nines".into(),
                        3,
                    )),
                }),
                serial: 100,
                last_row_utc: now.to_rfc3339(),
                // A round every 90 s over the last hour; the last ten by this dealer.
                recent_rounds: (0..40)
                    .map(|i| {
                        let by = if i < 30 { 19999 } else { 20000 + n };
                        (
                            now - chrono::Duration::seconds(3600 - 90 * i - 45),
                            Some(by.to_string()),
                        )
                    })
                    .collect(),
                ..Default::default()
            },
        );
    }
    b.recent = Some(Recent {
        terminal: "T-007".into(),
        rows: table_7_records(now),
    });
    b
}

/// The shuffler's count of the Red deck, one card short (§ 637a.7(e)(4)).
pub fn red_deck_counted_51() -> Event {
    Event::DeckCounted {
        deck: 0,
        colour: "Red".into(),
        counted: 51,
        expected: 52,
        correct: false,
        verified_by: None,
    }
}

/// Table 7's newest records, newest first: its call, the wrong count, the pot before.
fn table_7_records(now: chrono::DateTime<chrono::Utc>) -> Vec<JournalRow> {
    let row = |serial: i64, secs: i64, stream: &str, kind: &str, payload: String| JournalRow {
        serial,
        terminal_id: "T-007".into(),
        ts_utc: (now - chrono::Duration::seconds(secs))
            .to_rfc3339_opts(chrono::SecondsFormat::Micros, true),
        mono_ns: 0,
        session: 1,
        stream: stream.into(),
        table_no: Some(7),
        dealer_credential: Some("20007".into()),
        actor_credential: None,
        kind: kind.into(),
        payload,
        prev_hash: String::new(),
        hash: String::new(),
    };
    let event = |serial, secs, e: Event| {
        row(
            serial,
            secs,
            "table",
            e.kind(),
            serde_json::to_string(&e).unwrap(),
        )
    };
    vec![
        row(
            290,
            200,
            "system",
            "floor_called",
            r#"{"reason":"verify the Red deck's count of 51 cards","role":"floorperson","by":"step"}"#
                .into(),
        ),
        event(289, 201, red_deck_counted_51()),
        event(
            288,
            230,
            Event::PotAwarded {
                number: 7,
                awards: vec![(3, 4_200)],
                pot: 4_500,
                take: PotTake {
                    rake: 200,
                    high_hand: 100,
                    ..Default::default()
                },
            },
        ),
    ]
}
