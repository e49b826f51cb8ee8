//! The dealer plays one Hold'em round through the real UI (egui_kittest, by labels), against
//! the simulated shuffler on a real pseudo-terminal pair and a real SQLite file; then a
//! miscount of 51 stops play and is walked through.

use crate::common;

use deckhand::devices::sim::{SharedScript, SimScript};
use deckhand::rules::table::{Step, TableSetup};
use deckhand::store::{ChainStatus, Store};
use deckhand::terminal::Terminal;
use deckhand::ui::DeckhandApp;
use egui_kittest::Harness;
use egui_kittest::kittest::Queryable;
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

fn setup() -> TableSetup {
    TableSetup {
        counting_shuffler: true,
        ..deckhand::demo::fixed_limit_table(12)
    }
}

fn app(db: &std::path::Path) -> (DeckhandApp, SharedScript) {
    let script = Arc::new(Mutex::new(SimScript {
        shuffle_time: Duration::from_millis(60),
        ..Default::default()
    }));
    let shuffler = common::terminal::simulated_shuffler(script.clone());
    let mut term = Terminal::open(Store::open(db).unwrap(), Some(shuffler)).unwrap();
    term.seed_demo_people().unwrap();
    (
        DeckhandApp::new(term, setup(), Some(script.clone())),
        script,
    )
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

// Every tap the tests make, to count what a round costs the dealer (docs/dealer-screen.md);
// per test thread, as the tests run side by side.
thread_local! {
    static TAPS: std::cell::Cell<usize> = const { std::cell::Cell::new(0) };
}

fn tap(h: &mut Harness<'_, DeckhandApp>, label: &str) {
    TAPS.with(|t| t.set(t.get() + 1));
    h.get_by_label(label).click();
    h.run_ok();
    crate::common::ui::wait_for_pin_check(h);
}

fn keys(h: &mut Harness<'_, DeckhandApp>, digits: &str) {
    for d in digits.chars() {
        tap(h, &d.to_string());
    }
}

/// Lets frames run until the terminal reaches a step (device events arrive on their own).
fn wait_until(h: &mut Harness<'_, DeckhandApp>, what: &str, pred: impl Fn(&Step) -> bool) {
    let deadline = Instant::now() + Duration::from_secs(10);
    while !pred(&h.state().terminal().table().step()) {
        assert!(
            Instant::now() < deadline,
            "timed out waiting for {what}: at {:?}",
            h.state().terminal().table().step()
        );
        h.step();
        std::thread::sleep(Duration::from_millis(10));
    }
    h.run_ok();
}

fn open_table(h: &mut Harness<'_, DeckhandApp>) {
    common::ui::sign_in_alex(h);
    // The configured table number is prefilled; the dealer may change it.
    TAPS.with(|t| t.set(t.get() + 1));
    h.get_by_label_contains("Table number: ").click();
    h.run_ok();
    tap(h, "Clear");
    tap(h, "Open table");
    h.get_by_label_contains("Enter the table number");
    keys(h, "12");
    tap(h, "Open table");
    tap(h, "Decks inspected");
    tap(h, "Floorperson verify");
    keys(h, "1001");
    tap(h, "Next: PIN");
    keys(h, "111111");
    tap(h, "Verify");
    h.get_by_label_contains("wrong PIN");
    keys(h, "246810");
    tap(h, "Verify");
    tap(h, "Players have inspected");
    tap(h, "Decks washed");
    tap(h, "Start shuffle");
}

#[test]
fn dealer_plays_a_holdem_round_through_the_screen() {
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("ui.sqlite");
    let (app, _script) = app(&db);
    let mut h = harness(app);
    open_table(&mut h);
    wait_until(&mut h, "the Red deck's count", |s| {
        matches!(s, Step::StartRound { .. })
    });

    let taps_before = TAPS.with(|t| t.get());
    for seat in ["Seat 2", "Seat 4", "Seat 7"] {
        tap(&mut h, seat);
    }
    // § 637a.11(c)(1)(i): the button starts at the player farthest to the dealer's right.
    h.get_by_label("Place the button at seat 7.");
    tap(&mut h, "Start round 1");
    h.get_by_label("Seat 2 posts the first blind: $1.00");
    tap(&mut h, "Blinds posted");
    tap(&mut h, "Cards dealt");
    // Pre-flop: seat 7 first, then the blinds, who may still raise (§ 637a.11(g)).
    h.get_by_label("Seat 7 to act");
    tap(&mut h, "Call $2.00");
    tap(&mut h, "Call $1.00");
    h.get_by_label("Raise to $4.00");
    tap(&mut h, "Check");
    tap(&mut h, "Flop dealt");
    tap(&mut h, "Bet $2.00");
    tap(&mut h, "Fold");
    tap(&mut h, "Call $2.00");
    tap(&mut h, "Turn dealt");
    tap(&mut h, "Check");
    tap(&mut h, "Bet $4.00");
    tap(&mut h, "Call $4.00");
    tap(&mut h, "River dealt");
    tap(&mut h, "Check");
    tap(&mut h, "Check");

    // Showdown: the board, then seat 2 and seat 7. A card already entered is disabled.
    for c in ["K♣", "K♦", "4♥", "9♠", "2♣"] {
        tap(&mut h, c);
    }
    for c in ["K♥", "4♠", "A♥", "Q♥"] {
        tap(&mut h, c);
    }
    tap(&mut h, "Show the winner");
    h.get_by_label_contains("Full house, kings full of fours");
    h.get_by_label("Collect the losing hands and count them: 4 cards expected.");
    tap(&mut h, "Count is right");
    h.get_by_label("Push $18.00 to seat 2.");
    tap(&mut h, "Pot pushed");
    // The figure in docs/dealer-screen.md: with a counting shuffler the count and the shuffle
    // cost no tap; 3 seats + 9 procedure steps + 11 betting actions + 9 cards = 32.
    let taps = TAPS.with(|t| t.get()) - taps_before;
    assert_eq!(taps, 32);
    // The next round uses the other deck (§ 637a.3(a)).
    wait_until(&mut h, "round 2 ready", |s| {
        matches!(s, Step::StartRound { deck: 1, .. })
    });
    h.get_by_label("Start round 2");
    // The same players stay selected: round 2 starts with one tap, not four.
    for seat in ["Seat 2 ✔", "Seat 4 ✔", "Seat 7 ✔"] {
        h.get_by_label(seat);
    }
    // § 637a.11(c)(2): where the button moves is said in words, not only by the map's "D".
    h.get_by_label("Move the button from seat 7 to seat 2.");

    let store = Store::open(&db).unwrap();
    let rows = store.all_rows().unwrap();
    common::assert_kinds(&rows, &common::ROUND_KINDS);
    let acted = rows.iter().filter(|r| r.kind == "player_acted").count();
    assert_eq!(acted, 11);
    let award = rows.iter().find(|r| r.kind == "pot_awarded").unwrap();
    assert!(
        award.payload.contains(r#""awards":[[2,1800]]"#),
        "{}",
        award.payload
    );
    assert_eq!(award.dealer_credential.as_deref(), Some("20417"));
    assert_eq!(award.table_no, Some(12));
    assert!(matches!(
        store.verify_chain().unwrap(),
        ChainStatus::Intact { .. }
    ));
}

#[test]
fn a_count_of_51_stops_play_and_walks_the_deck_removal() {
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("ui51.sqlite");
    let (app, script) = app(&db);
    let mut h = harness(app);
    script.lock().unwrap().counts.push_back(51);
    open_table(&mut h);
    // The opening shuffle counted 51, so the table went straight to the removal.
    wait_until(&mut h, "the removal", |s| {
        matches!(s, Step::RemoveDeck { .. })
    });
    h.get_by_label_contains("PLAY STOPPED");
    h.get_by_label_contains("The shuffler counted 51 cards, not 52.");
    tap(&mut h, "Deck removed");
    tap(&mut h, "Replacement inspected");
    tap(&mut h, "Floorperson verify");
    keys(&mut h, "1001");
    tap(&mut h, "Next: PIN");
    keys(&mut h, "246810");
    tap(&mut h, "Verify");
    tap(&mut h, "Start shuffle");
    wait_until(&mut h, "the replacement's count", |s| {
        matches!(s, Step::StartRound { .. })
    });
    h.get_by_label("Start round 1");

    let rows = Store::open(&db).unwrap().all_rows().unwrap();
    let irr = rows.iter().find(|r| r.kind == "irregularity").unwrap();
    assert!(irr.payload.contains("§ 637a.7(e)(5)"));
    let verified = rows.iter().find(|r| r.kind == "removal_verified").unwrap();
    assert_eq!(verified.actor_credential.as_deref(), Some("1001"));
}

#[test]
fn a_jam_asks_for_a_reshuffle_and_play_goes_on() {
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("uijam.sqlite");
    let (app, _script) = app(&db);
    let mut h = harness(app);
    h.run_ok();
    // The demo control jams the next shuffle (the simulator answers with a fault frame).
    tap(&mut h, "Simulator");
    tap(&mut h, "Simulate jam");
    open_table(&mut h);
    // § 637a.18(q): the cards are reshuffled; the deck goes back into the shuffler.
    wait_until(&mut h, "the reshuffle", |s| {
        matches!(s, Step::LoadShuffler { .. })
    });
    let rows = Store::open(&db).unwrap().all_rows().unwrap();
    assert!(rows.iter().any(|r| r.kind == "shuffle_failed"));
    let irr = rows.iter().find(|r| r.kind == "irregularity").unwrap();
    assert!(irr.payload.contains("§ 637a.18(q)"), "{}", irr.payload);
    tap(&mut h, "Start shuffle");
    wait_until(&mut h, "the reshuffled deck's count", |s| {
        matches!(s, Step::StartRound { .. })
    });
    h.get_by_label("Start round 1");
}
