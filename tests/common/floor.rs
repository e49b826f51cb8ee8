//! A whole floor staged for the board's screen (its test and its frame benchmark): 250 tables,
//! three calls waiting (tables 7, 42 and 199), table 42's shuffler down, a round every 90 s
//! over the last hour at each table, the last ten by its dealer now.

use deckhand::store::floor::{Board, FloorCallView, TableView};

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
    b
}
