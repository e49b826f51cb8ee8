//! The floor board's screen (issue 44, item 2) with a whole floor staged: 250 tables, three
//! calls waiting. The calls list oldest first with their ages; a call or a tile tapped shows
//! that table's details; every table has its tile. The feed that fills the board from the
//! central copy is `tests/central.rs::a_call_raised_at_a_terminal_reaches_the_floor_board_within_a_second`.

use deckhand::store::floor::{Board, FloorCallView, TableView};
use deckhand::ui::floor_board::BoardView;
use egui_kittest::Harness;
use egui_kittest::kittest::Queryable;

fn floor(now: chrono::DateTime<chrono::Utc>) -> Board {
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
                ..Default::default()
            },
        );
    }
    b
}

#[test]
fn a_whole_floor_lists_its_calls_oldest_first_and_a_tap_shows_the_table() {
    let now = chrono::Utc::now();
    let board = floor(now);
    let mut h = Harness::builder()
        .with_size(egui::vec2(1920.0, 1080.0))
        .build_ui_state(
            move |ui, (view, themed): &mut (BoardView, bool)| {
                if !*themed {
                    deckhand::ui::theme::apply(ui.ctx());
                    *themed = true;
                }
                view.show(ui, &board, now)
            },
            (BoardView::default(), false),
        );
    h.run_ok();
    h.get_by_label_contains("250 tables");
    h.get_by_label_contains("3 calls waiting");
    let y =
        |h: &Harness<'_, (BoardView, bool)>, what: &str| h.get_by_label_contains(what).rect().min.y;
    let oldest = y(
        &h,
        "3:20 · Table 7 · verify the Red deck's count of 51 cards",
    );
    let middle = y(&h, "1:35 · Table 199 · verify a Bad Beat hand · supervisor");
    let newest = y(&h, "0:30 · Table 42 · A player's dispute");
    assert!(
        oldest < middle && middle < newest,
        "{oldest} {middle} {newest}"
    );
    // Table 42's tile: its call and its shuffler down.
    h.get_by_label_contains("Table 42 · Hold'em\nDealer 42 · round 42\nFloor called 0:30");
    h.get_by_label_contains("✖ shuffler down");
    h.get_by_label_contains("0:30 · Table 42").click();
    h.run_ok();
    h.get_by_label("Terminal T-042");
    h.get_by_label("Dealer Dealer 42 (20042)");
}
