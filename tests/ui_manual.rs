//! The hand procedure through the real UI (egui_kittest, by labels): the dealer keys a deck
//! count on the keypad, a floorperson signs it, the dealer shuffles and cuts by hand; and a
//! shuffler taken out of service is covered before the hand procedure starts.

use crate::common;
use crate::common::terminal::{ok, washed};

use deckhand::devices::shuffler::{ShufflerDriver, ShufflerEvent};
use deckhand::rules::table::{Command, Confirm, Step, TableSetup};
use deckhand::store::Store;
use deckhand::terminal::Terminal;
use deckhand::ui::DeckhandApp;
use egui_kittest::Harness;
use egui_kittest::kittest::Queryable;

fn setup(counting_shuffler: bool) -> TableSetup {
    TableSetup {
        counting_shuffler,
        ..deckhand::demo::fixed_limit_table(9)
    }
}

fn opened(
    db: &std::path::Path,
    counting: bool,
    shuffler: Option<Box<dyn ShufflerDriver>>,
) -> Terminal {
    let mut t = Terminal::open(Store::open(db).unwrap(), shuffler).unwrap();
    washed(&mut t, setup(counting));
    t
}

fn harness(app: DeckhandApp) -> Harness<'static, DeckhandApp> {
    Harness::builder()
        .with_size(egui::vec2(1280.0, 800.0))
        .build_ui_state(
            |ui, app: &mut DeckhandApp| {
                app.logic(ui.ctx());
                app.show(ui);
            },
            app,
        )
}

fn tap(h: &mut Harness<'_, DeckhandApp>, label: &str) {
    h.get_by_label(label).click();
    h.run_ok();
    crate::common::ui::wait_for_pin_check(h);
}

fn keys(h: &mut Harness<'_, DeckhandApp>, digits: &str) {
    for d in digits.chars() {
        tap(h, &d.to_string());
    }
}

#[test]
fn the_dealer_keys_a_count_and_the_floorperson_signs_it() {
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("ui.sqlite");
    let mut t = opened(&db, false, None);
    // Four rounds, everyone folding, with a hand shuffle before each.
    for _ in 0..4 {
        ok(&mut t, Command::Confirm(Confirm::ShuffledAndCut));
        common::poker::fold_round(&mut t, &[1, 2]);
    }
    assert_eq!(t.table().step(), Step::CountDeck { deck: 0 });
    let mut h = harness(DeckhandApp::new(t, setup(false), None));
    h.run_ok();
    h.get_by_label("Count the Red deck");
    // Nothing keyed: a clear message, nothing recorded.
    tap(&mut h, "Count entered");
    h.get_by_label_contains("is not a number of cards");
    keys(&mut h, "52");
    tap(&mut h, "Count entered");
    h.get_by_label_contains("The dealer counted 52 cards in the Red deck");
    tap(&mut h, "Floorperson verify");
    keys(&mut h, "1001");
    tap(&mut h, "Next: PIN");
    keys(&mut h, "246810");
    tap(&mut h, "Verify");
    h.get_by_label("Shuffle and cut the Red deck");
    // § 637a.5(b)(2): shuffled by hand, the deck is cut with the cover card at least ten cards in
    // from the top, the cards above it (with it) to the bottom.
    h.get_by_label_contains("Place the cover card at least ten cards from the top, then move the cards above it, with the cover card, to the bottom.");
    tap(&mut h, "Shuffled and cut");
    h.get_by_label("Ready for round 5");
    h.get_by_label_contains("Take the Red deck from the table");
    assert_eq!(h.state().terminal().table().decks[0].last_count, Some(52));
}

struct DeadShuffler;
impl ShufflerDriver for DeadShuffler {
    fn request_shuffle(&mut self, _deck: u8) {}
    fn poll(&mut self) -> Vec<ShufflerEvent> {
        vec![]
    }
}

#[test]
fn a_broken_shuffler_is_taken_out_of_service_from_the_screen() {
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("ui.sqlite");
    let t = opened(&db, true, Some(Box::new(DeadShuffler)));
    let mut h = harness(DeckhandApp::new(t, setup(true), None));
    h.run_ok();
    tap(&mut h, "Start shuffle");
    h.get_by_label("Shuffling the Red deck");
    tap(&mut h, "Shuffler out of service");
    h.get_by_label("Cover the shuffler");
    tap(&mut h, "Shuffler covered");
    tap(&mut h, "Shuffled and cut");
    h.get_by_label("Ready for round 1");
}
