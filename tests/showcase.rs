//! Every game the table deals reaches a player's decision through the dealer's commands
//! (`deckhand::demo::stage`, what `deckhand showcase` and the screenshots use), and its screen
//! says whose turn it is.

use crate::common;

use deckhand::rules::games::GameId;
use deckhand::rules::table::Step;
use deckhand::store::Store;
use deckhand::terminal::Terminal;
use deckhand::ui::DeckhandApp;
use egui_kittest::kittest::Queryable;

#[test]
fn every_table_game_stages_to_a_decision() {
    let mut staged = 0;
    for game in GameId::all() {
        let id = game.id();
        let dir = tempfile::tempdir().unwrap();
        let db = dir.path().join(format!("{id}.sqlite"));
        let setup = common::ui::table(3, game);
        let mut term = Terminal::open(Store::open(&db).unwrap(), None).unwrap();
        deckhand::demo::stage(&mut term, &setup).unwrap_or_else(|e| panic!("{id}: {e}"));
        let step = term.table().step();
        let expect = match &step {
            Step::Poker {
                step: deckhand::rules::poker::hand::Step::Act { seat, .. },
                ..
            } => format!("Seat {seat} to act"),
            Step::Poker {
                step: deckhand::rules::poker::hand::Step::Draw { seat, .. },
                ..
            } => format!("Seat {seat} draws"),
            Step::Banked {
                step: deckhand::rules::banked::round::BankedStep::Decide { seat, .. },
                ..
            }
            | Step::Banked {
                step:
                    deckhand::rules::banked::round::BankedStep::Own(
                        deckhand::rules::banked::round::GameStep::Spanish21(
                            deckhand::rules::banked::spanish21::play21::Step21::Hand {
                                seat, ..
                            },
                        ),
                    ),
                ..
            } => format!("Seat {seat} decides"),
            other => panic!("{id}: staged at {other:?}"),
        };
        let mut h = common::ui::harness(DeckhandApp::new(term, setup, None));
        h.run_ok();
        assert!(
            h.query_by_label(&expect).is_some(),
            "{id}: `{expect}` not on the screen"
        );
        h.get_by_label(&format!("Table 3 · {}", game.name()));
        staged += 1;
    }
    assert_eq!(staged, GameId::ALL.len());
}

#[test]
fn every_table_game_stages_to_its_cards() {
    use deckhand::demo::At;
    for game in GameId::all() {
        let id = game.id();
        let dir = tempfile::tempdir().unwrap();
        let db = dir.path().join(format!("{id}.sqlite"));
        let setup = common::ui::table(3, game);
        let mut term = Terminal::open(Store::open(&db).unwrap(), None).unwrap();
        deckhand::demo::stage_at(&mut term, &setup, At::Cards)
            .unwrap_or_else(|e| panic!("{id}: {e}"));
        let step = term.table().step();
        let at_cards = matches!(
            &step,
            Step::Poker {
                step: deckhand::rules::poker::hand::Step::Showdown { .. },
                ..
            } | Step::Banked {
                step: deckhand::rules::banked::round::BankedStep::Cards
                    | deckhand::rules::banked::round::BankedStep::Own(
                        deckhand::rules::banked::round::GameStep::Spanish21(
                            deckhand::rules::banked::spanish21::play21::Step21::Dealer
                        )
                    ),
                ..
            }
        );
        assert!(at_cards, "{id}: staged at {step:?}");
    }
}

/// Both screen sizes the terminal ships for: the step's title, its choices and the irregularity
/// button lie inside the window, none hidden below the fold.
#[test]
fn the_decision_fits_1280x800_and_1920x1080() {
    for (w, h_px) in [(1280.0, 800.0), (1920.0, 1080.0)] {
        for game in [
            GameId::Holdem,
            GameId::SevenCardStud,
            GameId::Crazy4Poker,
            GameId::Spanish21,
        ] {
            let dir = tempfile::tempdir().unwrap();
            let db = dir.path().join("fit.sqlite");
            let setup = common::ui::table(3, game);
            let mut term = Terminal::open(Store::open(&db).unwrap(), None).unwrap();
            deckhand::demo::stage(&mut term, &setup).unwrap();
            let mut h = common::ui::harness_sized(DeckhandApp::new(term, setup, None), w, h_px);
            h.run_ok();
            let screen = egui::Rect::from_min_size(egui::Pos2::ZERO, egui::vec2(w, h_px));
            // Every staged decision offers a fold; Spanish 21 a stand and the card grid (the
            // clubs are its last row).
            let labels: &[&str] = if game == GameId::Spanish21 {
                &["⚠ Irregularity", "Stand", "2♣"]
            } else {
                &["⚠ Irregularity", "Fold"]
            };
            for label in labels {
                let r = h.get_by_label(label).rect();
                assert!(
                    screen.contains_rect(r),
                    "{game:?} at {w}x{h_px}: `{label}` at {r:?} is off the screen"
                );
                assert!(r.height() >= 48.0, "{label}: a target of at least 48 px");
            }
        }
    }
}
