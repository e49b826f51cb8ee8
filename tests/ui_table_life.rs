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

/// A house-banked game's deck life (`section`, § x.3(c)): dealt from the hand the decks last
/// four hours, so a round starts on them up to then and not after; from a manual or an automated
/// dealing shoe, eight.
fn decks_last_four_hours_from_the_hand_and_eight_from_a_shoe(game: GameId, section: &str) {
    let dir = tempfile::tempdir().unwrap();
    let s = setup(game, Dealing::Hand);
    assert_eq!(s.deck_change_limit(), (4, section), "{}", game.id());
    for dealing in [Dealing::ManualShoe, Dealing::AutomatedShoe] {
        assert_eq!(
            setup(game, dealing).deck_change_limit(),
            (8, section),
            "{} {dealing:?}",
            game.id()
        );
    }
    let t = ready(&dir.path().join("due.sqlite"), &s);
    let now = chrono::Utc::now();
    assert_eq!(t.deck_change_due().unwrap(), (240, section.to_string()));
    assert!(
        t.deck_change_refusal(now + chrono::Duration::minutes(239))
            .is_none()
    );
    let e = t
        .deck_change_refusal(now + chrono::Duration::minutes(241))
        .unwrap();
    assert!(e.contains(&format!("4 hours ({section})")), "{e}");
}

#[test]
fn decks_are_changed_and_the_table_closes_and_reopens() {
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("life.sqlite");
    let s = setup(GameId::Holdem, Dealing::Hand);
    let mut h = harness(DeckhandApp::new(ready(&db, &s), s.clone(), None));
    h.run_ok();
    // The deck clock is on the status bar from the opening: 12 hours for the poker room.
    // § 637a.3(c): the decks in play are timed against 12 hours from the opening.
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

/// Mississippi Stud's decks: changed at least every 4 hours dealt from the hand, every 8 from a manual
/// or an automated dealing shoe (§ 655a.3(c)); no round starts on decks past their time.
#[test]
fn mississippi_stud_decks_last_four_hours_from_the_hand_and_eight_from_a_shoe() {
    // § 655a.3(c): four hours from the hand, eight from a shoe.
    decks_last_four_hours_from_the_hand_and_eight_from_a_shoe(
        GameId::MississippiStud,
        "§ 655a.3(c)",
    );
}

/// WPT Heads-Up Hold 'Em's decks: dealt from the hand they last four hours, from a manual or an
/// automated dealing shoe eight (§ 677a.3(c)); no round starts on decks past their time, and a
/// casino may choose fewer hours, never more.
#[test]
fn wpt_decks_last_four_hours_from_the_hand_and_eight_from_a_shoe() {
    // § 677a.3(c): four hours from the hand, eight from a shoe; and never longer.
    decks_last_four_hours_from_the_hand_and_eight_from_a_shoe(GameId::WptHeadsUp, "§ 677a.3(c)");
    let s = setup(GameId::WptHeadsUp, Dealing::Hand);
    let mut longer = s.clone();
    longer.poker.deck_change_hours = 5;
    let e = longer.validate().unwrap_err();
    assert!(
        e.contains("longer than the 4 hours § 677a.3(c) allows"),
        "{e}"
    );
}

/// The poker room's decks last 12 hours (§ 637a.3(c)): a round starts on them up to then, not
/// after.
#[test]
fn a_poker_round_cannot_start_on_decks_past_twelve_hours() {
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("poker-due.sqlite");
    let t = ready(&db, &setup(GameId::Holdem, Dealing::Hand));
    let now = chrono::Utc::now();
    assert_eq!(
        t.deck_change_due().unwrap(),
        (720, "§ 637a.3(c)".to_string())
    );
    assert!(
        t.deck_change_refusal(now + chrono::Duration::minutes(719))
            .is_none()
    );
    let e = t
        .deck_change_refusal(now + chrono::Duration::minutes(721))
        .unwrap();
    // § 637a.3(c): past 12 hours the decks must be changed before another round.
    assert!(e.contains("12 hours (§ 637a.3(c))"), "{e}");
}

/// Lunar Poker's decks: changed at least every 4 hours dealt from the hand, every 8 from a manual
/// or an automated dealing shoe (§ 589.3(c)); no round starts on decks past their time.
#[test]
fn lunar_poker_decks_last_four_hours_from_the_hand_and_eight_from_a_shoe() {
    // § 589.3(c): four hours from the hand, eight from a shoe.
    decks_last_four_hours_from_the_hand_and_eight_from_a_shoe(GameId::LunarPoker, "§ 589.3(c)");
}

/// The opening from the real start (§ 637a.4(b),(c)): once the floorperson has verified the
/// inspection, the screen asks for each deck spread face up by suit and in sequence for the first
/// two seated players; only then for each deck washed and stacked; only then for the shuffle.
/// The journal records the steps in that order, and the terminal takes none out of it.
#[test]
fn the_decks_are_spread_for_the_players_then_washed_then_shuffled() {
    use deckhand::rules::table::Confirm;
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("opening.sqlite");
    let mut h = common::ui::real_app(&db, 1280.0, 800.0, 0.25);
    common::play::dealer_signs_in(&mut h, tap);
    tap(&mut h, "Open table");
    tap(&mut h, "Decks inspected");
    tap(&mut h, "Floorperson verify");
    common::play::floorperson_signs(&mut h);
    // § 637a.4(b): each deck spread face up, by suit and in sequence, for the first two seated
    // players; no wash is offered before they have inspected.
    h.get_by_label("Spread the decks for the players");
    h.get_by_label_contains(
        "Spread each deck face up, by suit and in sequence, for the first two seated players to inspect.",
    );
    assert!(!common::ui::ready(&h, "Decks washed"));
    tap(&mut h, "Players have inspected");
    assert_eq!(kinds(&db).last().unwrap(), "players_inspected");
    // § 637a.4(c): after the players' inspection each deck is turned face down, washed and
    // stacked; the shuffle comes only after.
    h.get_by_label("Wash and stack each deck");
    h.get_by_label_contains(
        "Turn each deck face down, mix it thoroughly by washing, and stack it.",
    );
    assert!(!common::ui::ready(&h, "Shuffled and cut"));
    tap(&mut h, "Decks washed");
    h.get_by_label("Shuffle and cut the Red deck");
    tap(&mut h, "Shuffled and cut");
    let k = kinds(&db);
    let at = |kind: &str| {
        k.iter()
            .position(|x| x == kind)
            .unwrap_or_else(|| panic!("no {kind} in {k:?}"))
    };
    assert!(
        at("inspection_verified") < at("players_inspected")
            && at("players_inspected") < at("decks_washed")
            && at("decks_washed") < at("deck_shuffled_manually"),
        "{k:?}"
    );
    // The terminal itself takes no step out of that order.
    let dir = tempfile::tempdir().unwrap();
    let mut t =
        Terminal::open(Store::open(&dir.path().join("order.sqlite")).unwrap(), None).unwrap();
    t.seed_demo_people().unwrap();
    t.sign_in("Alex Rivera", "20417", "112233").unwrap();
    t.execute(Command::OpenTable(setup(GameId::Holdem, Dealing::Hand)))
        .unwrap();
    t.execute(Command::Confirm(Confirm::DecksInspected))
        .unwrap();
    t.verify("1001", "246810").unwrap();
    assert!(t.execute(Command::Confirm(Confirm::DecksWashed)).is_err());
    t.execute(Command::Confirm(Confirm::PlayersInspected))
        .unwrap();
    assert!(
        t.execute(Command::Confirm(Confirm::ShuffledAndCut))
            .is_err()
    );
    t.execute(Command::Confirm(Confirm::DecksWashed)).unwrap();
    assert_eq!(t.table().step(), Step::ShuffleManually { deck: 0 });
}

/// Lunar Poker without the automated shuffler, from its opening: the one deck inspected by the
/// dealer and verified by a floorperson, never by the dealer (§ 589.4(a)); spread for the first
/// player, then washed and stacked, the shuffle next (§ 589.4(c)); shuffled and cut by hand
/// before its round (§ 589.5(c)(2)) and again after it (§ 589.5(a)); no round starts before.
#[test]
fn lunar_poker_opens_its_one_deck_and_deals_it_only_freshly_shuffled() {
    use deckhand::rules::table::Confirm;
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("lunar-open.sqlite");
    let s = setup(GameId::LunarPoker, Dealing::ManualShoe);
    let mut t = Terminal::open(Store::open(&db).unwrap(), None).unwrap();
    t.seed_demo_people().unwrap();
    t.sign_in("Alex Rivera", "20417", "112233").unwrap();
    t.execute(Command::OpenTable(s.clone())).unwrap();
    let start = || Command::StartRound { seats: vec![2, 4] };
    assert_eq!(t.table().step(), Step::InspectDecks);
    assert!(t.execute(start()).is_err());
    t.execute(Command::Confirm(Confirm::DecksInspected))
        .unwrap();
    // § 589.4(a): the dealer's inspection waits for a floorperson's verification with credential
    // and PIN; the dealer cannot give it, and neither the spread nor a round comes before it.
    assert!(t.verify("20417", "112233").is_err());
    assert!(
        t.execute(Command::Confirm(Confirm::PlayersInspected))
            .is_err()
    );
    assert!(t.execute(start()).is_err());
    assert_eq!(t.table().step(), Step::VerifyInspection);
    assert_eq!(t.table().section_of(&Step::VerifyInspection), "§ 589.4");
    t.verify("1001", "246810").unwrap();
    assert_eq!(t.table().step(), Step::PlayerInspection);
    t.execute(Command::Confirm(Confirm::PlayersInspected))
        .unwrap();
    // § 589.4(c): after the first player's inspection the deck is washed and stacked (no
    // shuffle before), and the shuffle follows the wash.
    assert!(
        t.execute(Command::Confirm(Confirm::ShuffledAndCut))
            .is_err()
    );
    assert_eq!(t.table().step(), Step::WashDecks);
    t.execute(Command::Confirm(Confirm::DecksWashed)).unwrap();
    assert_eq!(t.table().step(), Step::ShuffleManually { deck: 0 });
    // § 589.5(a): no round on a deck not shuffled; shuffled and cut by hand, it is dealt.
    assert!(t.execute(start()).is_err());
    t.execute(Command::Confirm(Confirm::ShuffledAndCut))
        .unwrap();
    assert_eq!(
        t.table().step(),
        Step::StartRound {
            deck: 0,
            load: None
        }
    );
    let mut h = harness(DeckhandApp::new(t, s, None));
    h.run_ok();
    tap(&mut h, "Seat 2");
    tap(&mut h, "Seat 4");
    tap(&mut h, "Start round 1");
    common::play::play_out(&mut h);
    // § 589.5(a): after its round the one deck is shuffled (and cut) again before the next;
    // no round is offered until then.
    assert_eq!(
        (
            h.state().terminal().table().rounds_played,
            h.state().terminal().table().step()
        ),
        (1, Step::ShuffleManually { deck: 0 })
    );
    assert!(!common::ui::ready(&h, "Start round 2"));
}

/// Lunar Poker with the automated shuffler: two decks whose backs differ (§ 589.3(b)(1)), each
/// inspected, spread for the first player and washed (§ 589.4(d)); a deck the shuffler shuffled
/// goes to the deal without a cut (§ 589.5(c)(1)) while the other goes into the shuffler
/// (§ 589.3(b)(2)), and the two alternate round by round (§ 589.3(b)(3)).
#[test]
fn lunar_poker_with_the_shuffler_opens_two_decks_and_alternates_them() {
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("lunar-two.sqlite");
    let mut s = setup(GameId::LunarPoker, Dealing::ManualShoe);
    s.counting_shuffler = true;
    let mut t = Terminal::open(Store::open(&db).unwrap(), None).unwrap();
    t.seed_demo_people().unwrap();
    t.sign_in("Alex Rivera", "20417", "112233").unwrap();
    t.execute(Command::OpenTable(s.clone())).unwrap();
    let colours: Vec<String> = t.table().decks.iter().map(|d| d.colour.clone()).collect();
    // § 589.3(b): with the shuffler, two decks whose backs are of different colours.
    assert_eq!(colours.len(), 2);
    assert_ne!(colours[0], colours[1]);
    let mut h = harness(DeckhandApp::new(t, s, None));
    h.run_ok();
    // § 589.4(d): each of the two decks is inspected, spread for the first player to arrive,
    // washed and stacked, before either is shuffled (below).
    h.get_by_label_contains("Inspect the Red deck and the Blue deck for defects.");
    tap(&mut h, "Decks inspected");
    tap(&mut h, "Floorperson verify");
    common::play::floorperson_signs(&mut h);
    h.get_by_label_contains(
        "Spread each deck face up in horizontal fan-shaped columns, by suit and in sequence, for the first player to arrive at the table to inspect.",
    );
    tap(&mut h, "Player has inspected");
    h.get_by_label_contains(
        "Turn each deck face down, mix it thoroughly by washing, and stack it.",
    );
    tap(&mut h, "Decks washed");
    drop(h);
    // Then each deck in the shuffler, the first now.
    let mut t = Terminal::open(Store::open(&db).unwrap(), None).unwrap();
    assert_eq!(t.table().step(), Step::LoadShuffler { deck: 0 });
    t.execute(Command::LoadShuffler(0)).unwrap();
    t.execute(Command::ShufflerCounted { counted: 52 }).unwrap();
    // § 589.5(c): the deck the shuffler shuffled is dealt with no cut; § 589.3(b): the other
    // deck goes into the shuffler while this one is dealt.
    assert_eq!(
        t.table().step(),
        Step::StartRound {
            deck: 0,
            load: Some(1)
        }
    );
    // § 589.3(b): each deck is dealt every other round.
    let mut after = t.table().clone();
    after.last_deck = Some(0);
    assert_eq!(after.next_deck(), 1);
    after.last_deck = Some(1);
    assert_eq!(after.next_deck(), 0);
}

/// Texas Hold 'Em Bonus's decks: changed at least every 4 hours dealt from the hand, every 8 from a manual
/// or an automated dealing shoe (§ 647a.3(c)); no round starts on decks past their time.
#[test]
fn texas_holdem_bonus_decks_last_four_hours_from_the_hand_and_eight_from_a_shoe() {
    // § 647a.3(c): four hours from the hand, eight from a shoe.
    decks_last_four_hours_from_the_hand_and_eight_from_a_shoe(
        GameId::TexasHoldemBonus,
        "§ 647a.3(c)",
    );
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
    // The inspection journaled, then the floor called to verify it (issue 44).
    let k = kinds(&db);
    assert_eq!(k[k.len() - 2..], ["decks_inspected", "floor_called"]);
    h.get_by_label("Floorperson verifies the inspection and the 10s");
    h.get_by_label_contains("makes sure every 10 is out of the decks, torn in half");
    h.get_by_label_contains("§ 635a.4(a),(b)");
    tap(&mut h, "Floorperson verify");
    h.get_by_label_contains("Deck inspection, the 10s removed and torn in half");
    common::play::floorperson_signs(&mut h);
    let verified = common::ui::payloads(&db, "inspection_verified");
    assert_eq!(verified.len(), 1);
    assert!(verified[0].contains("Dana Brooks"), "{}", verified[0]);
    assert_eq!(h.state().terminal().table().step(), Step::PlayerInspection);
}

/// The opening of Crazy 4 Poker with the counting shuffler and of Spanish 21's shoe, on the
/// screen: each deck inspected and the inspection verified by the floorperson, each spread face
/// up in fans for the first player to arrive, each washed and stacked, then shuffled: Crazy 4
/// Poker's first deck loaded into the shuffler (§ 657a.4(d)), Spanish 21's shoe shuffled and the
/// cut offered as § 635a.5(b) says. The journal keeps the steps in that order.
#[test]
fn a_house_banked_opening_spreads_and_washes_each_deck_before_its_shuffle() {
    for (game, counting) in [(GameId::Crazy4Poker, true), (GameId::Spanish21, false)] {
        let dir = tempfile::tempdir().unwrap();
        let db = dir.path().join("banked-opening.sqlite");
        let mut s = setup(game, Dealing::ManualShoe);
        s.counting_shuffler = counting;
        let mut t = Terminal::open(Store::open(&db).unwrap(), None).unwrap();
        t.seed_demo_people().unwrap();
        t.sign_in("Alex Rivera", "20417", "112233").unwrap();
        t.execute(Command::OpenTable(s.clone())).unwrap();
        assert_eq!(t.table().decks.len(), 2, "{game:?}");
        let mut h = harness(DeckhandApp::new(t, s, None));
        h.run_ok();
        if game == GameId::Crazy4Poker {
            h.get_by_label("Inspect both decks");
            h.get_by_label("Inspect the Red deck and the Blue deck for defects.");
        }
        tap(&mut h, "Decks inspected");
        tap(&mut h, "Floorperson verify");
        common::play::floorperson_signs(&mut h);
        // § 657a.4(b): each deck spread face up in horizontal fan-shaped columns, by suit and in
        // sequence, for the first player to arrive (Crazy 4 Poker, both decks with the shuffler).
        // § 635a.4(c): the same for each deck of Spanish 21's shoe.
        h.get_by_label("Spread the decks for the first player");
        h.get_by_label("Spread each deck face up in horizontal fan-shaped columns, by suit and in sequence, for the first player to arrive at the table to inspect.");
        tap(&mut h, "Player has inspected");
        h.get_by_label("Wash and stack each deck");
        h.get_by_label("Turn each deck face down, mix it thoroughly by washing, and stack it.");
        tap(&mut h, "Decks washed");
        let step = h.state().terminal().table().step();
        if game == GameId::Crazy4Poker {
            // § 657a.4(d): with the shuffler both decks were inspected, verified, spread, washed
            // and stacked; the first is now loaded into the shuffler, never cut by hand.
            assert_eq!(step, Step::LoadShuffler { deck: 0 });
            h.get_by_label("Load the Red deck into the shuffler");
        } else {
            // § 635a.4(d): washed and stacked, the shoe is shuffled and cut before the first
            // round.
            assert_eq!(step, Step::ShuffleManually { deck: 0 });
            h.get_by_label("Shuffle the shoe and offer the cut");
            // § 635a.5(b): the cut offered, backs facing away, to the player due (the first to
            // arrive, as the game begins); the dealer cuts if nobody accepts.
            h.get_by_label_contains("Offer the cut, backs facing away from you, to the first player who arrived at the table. If no player accepts, cut the cards yourself.");
        }
        let k = kinds(&db);
        let at = |kind: &str| {
            k.iter()
                .position(|x| x == kind)
                .unwrap_or_else(|| panic!("{game:?}: no {kind} in {k:?}"))
        };
        assert!(
            at("decks_inspected") < at("inspection_verified")
                && at("inspection_verified") < at("players_inspected")
                && at("players_inspected") < at("decks_washed"),
            "{game:?}: {k:?}"
        );
        let verified = common::ui::payloads(&db, "inspection_verified");
        assert!(
            verified[0].contains("Dana Brooks"),
            "{game:?}: {}",
            verified[0]
        );
    }
}
