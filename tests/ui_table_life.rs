//! The table's life around its rounds on the real screen: decks changed when their time is up
//! (§ 637a.3(c); the house-banked games' § x.3(c)) and the new ones taken through the opening
//! procedure again, the table closed and reopened, a dealer change, all journaled.

use crate::common;

use common::ui::{harness, kinds, tap};
use deckhand::rules::games::GameId;
use deckhand::rules::registry::Dealing;
use deckhand::rules::table::{Command, Step, TableSetup};
use deckhand::store::Store;
use deckhand::terminal::Terminal;
use deckhand::ui::DeckhandApp;
use egui_kittest::kittest::Queryable;

fn setup(game: GameId, dealing: Dealing) -> TableSetup {
    let mut s = common::ui::table(5, game);
    s.poker.dealing = dealing;
    // From the hand, a house-banked game's cards go through the automated shuffler
    // (§ x.9(a)(1)).
    s.counting_shuffler = game.is_house_banked() && dealing == Dealing::Hand;
    s
}

fn ready(db: &std::path::Path, s: &TableSetup) -> Terminal {
    common::ui::opened(db, s)
}

#[test]
fn decks_are_changed_and_the_table_closes_and_reopens() {
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("life.sqlite");
    let s = setup(GameId::Holdem, Dealing::Hand);
    let mut h = harness(DeckhandApp::new(ready(&db, &s), s.clone(), None));
    h.run_ok();
    // The deck clock is on the status bar from the opening: 12 hours for the poker room.
    h.get_by_label("Decks 0 h 00 min of 12 h");
    tap(&mut h, "Change decks");
    h.get_by_label("Change the decks?");
    tap(&mut h, "Cancel");
    assert!(!kinds(&db).contains(&"decks_changed".to_string()));
    tap(&mut h, "Change decks");
    tap(&mut h, "Change the decks");
    assert_eq!(kinds(&db).last().unwrap(), "decks_changed");
    // The new decks go through the opening procedure: inspection first (§ 637a.4).
    h.get_by_label("Decks inspected");
    let t = h.state().terminal().table();
    assert!(t.decks.iter().all(|d| d.generation == 1));
    assert_eq!(t.step(), Step::InspectDecks);
    // Closing between rounds; the next opening starts from the table number.
    tap(&mut h, "Close table");
    tap(&mut h, "Close the table");
    assert_eq!(kinds(&db).last().unwrap(), "table_closed");
    assert_eq!(h.state().terminal().table().step(), Step::OpenTable);
    // The table-wide actions keep their places, greyed while the table is closed.
    assert!(!common::ui::ready(&h, "Change decks"));
    assert!(!common::ui::ready(&h, "Close table"));
    drop(h);
    // After a restart the table is still closed, and opens again with new decks.
    let mut t = Terminal::open(Store::open(&db).unwrap(), None).unwrap();
    assert_eq!(t.table().step(), Step::OpenTable);
    assert!(t.decks_since().is_none());
    t.execute(Command::OpenTable(s)).unwrap();
    assert!(t.decks_since().is_some());
}

#[test]
fn a_round_cannot_start_on_decks_past_their_time() {
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("due.sqlite");
    // From the hand a house-banked game's decks last 4 hours (§ 657a.3(c)); a shoe's 8.
    let s = setup(GameId::Crazy4Poker, Dealing::Hand);
    let mut t = ready(&db, &s);
    let now = chrono::Utc::now();
    assert_eq!(
        t.deck_change_due().unwrap(),
        (240, "§ 657a.3(c)".to_string())
    );
    assert!(
        t.deck_change_refusal(now + chrono::Duration::minutes(239))
            .is_none()
    );
    let e = t
        .deck_change_refusal(now + chrono::Duration::minutes(241))
        .unwrap();
    assert!(e.contains("4 hours (§ 657a.3(c))"), "{e}");
    let shoe = setup(GameId::Crazy4Poker, Dealing::ManualShoe);
    assert_eq!(shoe.deck_change_limit().0, 8);
    // Spanish 21's shoe: a day (§ 635a.3(b)).
    let s21 = setup(GameId::Spanish21, Dealing::ManualShoe);
    assert_eq!(s21.deck_change_limit(), (24, "§ 635a.3(b)"));
    // A casino may choose fewer hours, never more.
    let mut longer = s.clone();
    longer.poker.deck_change_hours = 5;
    let e = longer.validate().unwrap_err();
    assert!(
        e.contains("longer than the 4 hours § 657a.3(c) allows"),
        "{e}"
    );
    // A dealer change between rounds: sign out, the next dealer signs in at the same step.
    t.execute(Command::SignOut).unwrap();
    t.sign_in("Sam Chen", "20533", "445566").unwrap();
    assert!(matches!(t.table().step(), Step::StartRound { .. }));
    t.execute(Command::StartRound { seats: vec![1] }).unwrap();
}

/// The reminder's lead is the casino's (`[table] deck_reminder_minutes`): decks good for an hour
/// are not yet reminded with the default 30 minutes, and are with 90.
#[test]
fn the_deck_reminder_comes_as_early_as_configured() {
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("remind.sqlite");
    let mut s = setup(GameId::Holdem, Dealing::Hand);
    s.poker.deck_change_hours = 1;
    let mut h = harness(DeckhandApp::new(ready(&db, &s), s.clone(), None));
    h.run_ok();
    h.get_by_label("Decks 0 h 00 min of 1 h");
    assert!(h.query_by_label_contains("Change decks in").is_none());
    assert!(h.query_by_label("Change decks now").is_none());
    drop(h);
    let term = Terminal::open(Store::open(&db).unwrap(), None).unwrap();
    let mut h = harness(DeckhandApp::new(term, s, None).with_deck_reminder(90));
    h.run_ok();
    h.get_by_label_contains("Change decks in");
    h.get_by_label_contains("The decks must be changed within");
    tap(&mut h, "Change decks now");
    h.get_by_label("Change the decks?");
}

/// Spanish 21's opening inspection removes the 10s (§ 635a.3(a)); the dealer tears them in half
/// into the decks' box and a floorperson makes sure of it with the dealer and signs (§ 635a.4(a),
/// (b)); its decks last a day (§ 635a.3(b)). From the real start.
#[test]
fn spanish_21_inspection_removes_the_tens() {
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("s21.sqlite");
    let app =
        deckhand::app::build(&common::ui::real_config(&db), Default::default(), None).unwrap();
    let mut h = harness(app);
    h.run_ok();
    common::play::dealer_signs_in(&mut h, tap);
    tap(&mut h, GameId::Spanish21.name());
    // The posted limits name the Spanish 21 Wager, not an Ante.
    h.get_by_label_contains("Spanish 21 $5.00 to $1,000.00.");
    assert!(h.query_by_label_contains("Ante $5.00").is_none());
    tap(&mut h, "Open table");
    h.get_by_label("Inspect the decks for the shoe");
    h.get_by_label(
        "Inspect the 6 decks for defects and remove the 10 of each suit from each deck: 48 cards a deck. Tear each 10 in half and put the halves in the box the decks came from (§ 635a.4(b)).",
    );
    h.get_by_label("Decks 0 h 00 min of 24 h");
    h.get_by_label("Red shoe next");
    h.get_by_label("Blue shoe: to shuffle");
    tap(&mut h, "Decks inspected");
    assert_eq!(kinds(&db).last().unwrap(), "decks_inspected");
    h.get_by_label("Floorperson verifies the inspection and the 10s");
    h.get_by_label_contains("make sure every 10 is out of the decks, torn in half");
    h.get_by_label_contains("§ 635a.4(a),(b)");
    tap(&mut h, "Floorperson verify");
    h.get_by_label_contains("Deck inspection, the 10s removed and torn in half");
    common::play::floorperson_signs(&mut h);
    let verified = common::ui::payloads(&db, "inspection_verified");
    assert_eq!(verified.len(), 1);
    assert!(verified[0].contains("Dana Brooks"), "{}", verified[0]);
    assert_eq!(h.state().terminal().table().step(), Step::PlayerInspection);
}
