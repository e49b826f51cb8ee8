//! Tables without a counting shuffler (§ 637a.5(b)(2), § 637a.7(e)(4)(i)): the dealer shuffles
//! and cuts by hand, counts each deck at least once every five rounds, and a floorperson
//! verifies the count; a wrong count removes the deck (§ 637a.7(e)(5)). And a shuffler taken out
//! of service mid-session: covered first (§ 637a.18(r)), then the same hand procedure.

use crate::common;
use crate::common::terminal::{ok, washed};

use deckhand::devices::shuffler::{ShufflerDriver, ShufflerEvent};
use deckhand::rules::table::{Command, Confirm, DeckStatus, MANUAL_COUNT_EVERY, Step, TableSetup};
use deckhand::store::Store;
use deckhand::terminal::Terminal;

fn setup(counting_shuffler: bool) -> TableSetup {
    TableSetup {
        counting_shuffler,
        ..deckhand::demo::fixed_limit_table(4)
    }
}

fn open(t: &mut Terminal, counting: bool) {
    washed(t, setup(counting));
}

/// Deals a round in which everyone folds to the big blind.
fn quick_round(t: &mut Terminal) {
    common::poker::fold_round(t, &[1, 2, 3]);
}

fn kinds(db: &std::path::Path) -> Vec<(String, Option<String>)> {
    let conn = rusqlite::Connection::open(db).unwrap();
    let mut st = conn
        .prepare("SELECT kind, actor_credential FROM journal ORDER BY serial")
        .unwrap();
    st.query_map([], |r| Ok((r.get(0)?, r.get(1)?)))
        .unwrap()
        .map(|r| r.unwrap())
        .collect()
}

#[test]
fn hand_shuffles_and_counts_every_five_rounds_with_a_floor_signature() {
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("t.sqlite");
    let mut t = Terminal::open(Store::open(&db).unwrap(), None).unwrap();
    open(&mut t, false);
    assert!(t.table().manual_shuffle);
    // No shuffler: each deck is shuffled and cut by hand before its round.
    assert_eq!(t.table().step(), Step::ShuffleManually { deck: 0 });
    assert!(
        t.execute(Command::LoadShuffler(0)).is_err(),
        "there is no shuffler to load"
    );
    assert!(
        t.execute(Command::ManualCount { counted: 52 })
            .unwrap_err()
            .contains("no deck count is due")
    );
    ok(&mut t, Command::Confirm(Confirm::ShuffledAndCut));
    // § 637a.4(d): only Red, the deck for round 1, is shuffled and cut; Blue waits its turn.
    assert_eq!(
        t.table().step(),
        Step::StartRound {
            deck: 0,
            load: None
        }
    );
    // Rounds 1 to 4 need no count; before round 5 the Red deck is counted (§ 637a.7(e)(4)(i)).
    for round in 1..MANUAL_COUNT_EVERY {
        quick_round(&mut t);
        let next = t.table().next_deck();
        if round + 1 < MANUAL_COUNT_EVERY {
            assert_eq!(
                t.table().step(),
                Step::ShuffleManually { deck: next },
                "after round {round}"
            );
            ok(&mut t, Command::Confirm(Confirm::ShuffledAndCut));
        }
    }
    assert_eq!(t.table().step(), Step::CountDeck { deck: 0 });
    // Bad counts from the keypad are refused.
    assert!(t.execute(Command::ManualCount { counted: 200 }).is_err());
    ok(&mut t, Command::ManualCount { counted: 52 });
    assert_eq!(
        t.table().step(),
        Step::VerifyCount {
            deck: 0,
            counted: 52
        }
    );
    // The dealer cannot sign their own count; a wrong PIN changes nothing.
    assert!(t.verify("20417", "000000").is_err());
    assert!(t.verify("1001", "999999").is_err());
    assert_eq!(
        t.table().step(),
        Step::VerifyCount {
            deck: 0,
            counted: 52
        }
    );
    t.verify("1001", "246810").unwrap();
    assert_eq!(t.table().decks[0].rounds_since_count, 0);
    assert_eq!(t.table().step(), Step::ShuffleManually { deck: 0 });
    ok(&mut t, Command::Confirm(Confirm::ShuffledAndCut));
    quick_round(&mut t);
    // Blue's turn: it has gone five rounds uncounted, so it is counted now: 51.
    assert_eq!(t.table().step(), Step::CountDeck { deck: 1 });
    ok(&mut t, Command::ManualCount { counted: 51 });
    t.verify("1001", "246810").unwrap();
    // § 637a.7(e)(5): the deck is removed, a replacement inspected, verified, and counted.
    assert_eq!(t.table().step(), Step::RemoveDeck { deck: 1 });
    ok(&mut t, Command::Confirm(Confirm::DeckRemoved));
    ok(&mut t, Command::Confirm(Confirm::ReplacementInspected));
    t.verify("1001", "246810").unwrap();
    assert_eq!(t.table().step(), Step::CountDeck { deck: 1 });
    ok(&mut t, Command::ManualCount { counted: 52 });
    t.verify("1001", "246810").unwrap();
    assert!(t.table().removal.is_none());
    assert_eq!(t.table().decks[1].generation, 1);
    assert_eq!(t.table().step(), Step::ShuffleManually { deck: 1 });
    drop(t);

    // The journal: every count signed by the floorperson, the wrong one an irregularity.
    let rows = kinds(&db);
    let counts: Vec<&Option<String>> = rows
        .iter()
        .filter(|(k, _)| k == "deck_counted")
        .map(|(_, a)| a)
        .collect();
    assert_eq!(counts.len(), 3);
    assert!(
        counts.iter().all(|a| a.as_deref() == Some("1001")),
        "{counts:?}"
    );
    assert_eq!(
        rows.iter()
            .filter(|(k, _)| k == "manual_count_entered")
            .count(),
        3
    );
    assert_eq!(
        rows.iter()
            .filter(|(k, _)| k == "deck_shuffled_manually")
            .count(),
        5
    );
    let conn = rusqlite::Connection::open(&db).unwrap();
    let irregular: String = conn
        .query_row("SELECT irregularity FROM irregularities", [], |r| r.get(0))
        .unwrap();
    assert_eq!(
        irregular,
        "The dealer counted 51 cards in the Blue deck, not 52"
    );
    // A restart replays to the same step.
    let t = Terminal::open(Store::open(&db).unwrap(), None).unwrap();
    assert_eq!(t.table().step(), Step::ShuffleManually { deck: 1 });
    assert!(
        Store::open(&db)
            .unwrap()
            .verify_chain()
            .unwrap()
            .to_string()
            .starts_with("intact")
    );
}

/// WPT Heads-Up Hold 'Em without the shuffler: one deck, the first colour (§ 677a.3(a)),
/// inspected by the dealer and verified by a floorperson, never by the dealer (§ 677a.4(a));
/// spread face up in fans for the first player to arrive, the journal recording it
/// (§ 677a.4(b)); turned face down, washed and stacked, the shuffle next (§ 677a.4(c)); shuffled
/// and cut by hand before its round (§ 677a.5(c)(2)) and again after it (§ 677a.5(a)).
#[test]
fn a_wpt_table_without_the_shuffler_opens_its_one_deck_as_its_chapter_says() {
    use crate::common::ui::{harness, payloads, tap};
    use deckhand::rules::games::GameId;
    use deckhand::ui::DeckhandApp;
    use egui_kittest::kittest::Queryable;
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("wpt.sqlite");
    let s = crate::common::ui::table(5, GameId::WptHeadsUp);
    let mut t = Terminal::open(Store::open(&db).unwrap(), None).unwrap();
    t.seed_demo_people().unwrap();
    t.sign_in("Alex Rivera", "20417", "112233").unwrap();
    ok(&mut t, Command::OpenTable(s.clone()));
    // § 677a.3(a): without the shuffler the table opens with one deck, the first colour.
    assert_eq!(
        (t.table().decks.len(), t.table().deck_name(0)),
        (1, "Red".to_string())
    );
    assert_eq!(t.table().step(), Step::InspectDecks);
    ok(&mut t, Command::Confirm(Confirm::DecksInspected));
    // § 677a.4(a): the dealer's inspection waits for the floorperson's verification; the dealer
    // cannot give it, and the opening goes no further without it.
    assert!(t.verify("20417", "112233").is_err());
    assert!(
        t.execute(Command::Confirm(Confirm::PlayersInspected))
            .is_err()
    );
    assert_eq!(t.table().step(), Step::VerifyInspection);
    assert_eq!(t.table().section_of(&Step::VerifyInspection), "§ 677a.4");
    t.verify("1001", "246810").unwrap();
    assert_eq!(t.table().step(), Step::PlayerInspection);
    let mut h = harness(DeckhandApp::new(t, s, None));
    h.run_ok();
    // § 677a.4(b): the deck spread face up in horizontal fans, by suit and in sequence, for the
    // first player to arrive; the journal records the inspection.
    h.get_by_label("Spread the deck for the first player");
    h.get_by_label_contains("face up in horizontal fan-shaped columns, by suit and in sequence");
    h.get_by_label_contains("for the first player to arrive at the table to inspect.");
    tap(&mut h, "Player has inspected");
    assert_eq!(payloads(&db, "players_inspected").len(), 1);
    // § 677a.4(c): then turned face down, washed and stacked; the shuffle follows.
    h.get_by_label("Wash and stack the deck");
    h.get_by_label_contains("face down, mix it thoroughly by washing, and stack it.");
    tap(&mut h, "Deck washed");
    assert_eq!(
        h.state().terminal().table().step(),
        Step::ShuffleManually { deck: 0 }
    );
    // § 677a.5(c): shuffled by hand, the deck is cut before it is dealt: no round is offered
    // until "Shuffled and cut".
    assert!(!crate::common::ui::ready(&h, "Start round 1"));
    tap(&mut h, "Shuffled and cut");
    assert_eq!(
        h.state().terminal().table().step(),
        Step::StartRound {
            deck: 0,
            load: None
        }
    );
    tap(&mut h, "Seat 2");
    tap(&mut h, "Seat 4");
    tap(&mut h, "Start round 1");
    crate::common::play::play_out(&mut h);
    let t = h.state().terminal().table();
    assert_eq!(t.rounds_played, 1);
    // § 677a.5(a): after its round the one deck is shuffled (and cut) again before the next.
    assert_eq!(t.step(), Step::ShuffleManually { deck: 0 });
    tap(&mut h, "Shuffled and cut");
    assert_eq!(payloads(&db, "deck_shuffled_manually").len(), 2);
}

/// Crazy 4 Poker (§ 657a.5(c)): a deck the counting shuffler shuffled and counted goes to the
/// round with no cut, the other deck into the shuffler while it is dealt (§ 657a.3(b)); a deck
/// shuffled by hand is cut first: no round starts before "Shuffled and cut".
#[test]
fn a_crazy_4_deck_is_cut_after_a_hand_shuffle_and_not_after_the_shufflers() {
    use deckhand::rules::games::GameId;
    let dir = tempfile::tempdir().unwrap();
    let mut t = Terminal::open(
        Store::open(&dir.path().join("shuffler.sqlite")).unwrap(),
        None,
    )
    .unwrap();
    let mut s = deckhand::demo::setup_for(&setup(true), GameId::Crazy4Poker);
    s.counting_shuffler = true;
    washed(&mut t, s);
    assert_eq!(t.table().step(), Step::LoadShuffler { deck: 0 });
    ok(&mut t, Command::LoadShuffler(0));
    ok(&mut t, Command::ShufflerCounted { counted: 52 });
    // § 657a.5(c): shuffled by the shuffler, the deck goes to the deal: the next step is the
    // round, and a cut is refused.
    assert_eq!(
        t.table().step(),
        Step::StartRound {
            deck: 0,
            load: Some(1)
        }
    );
    assert!(
        t.execute(Command::Confirm(Confirm::ShuffledAndCut))
            .is_err()
    );
    ok(&mut t, Command::StartRound { seats: vec![2] });
    // § 657a.3(b): the other deck is shuffled in the shuffler while this one is dealt.
    assert_eq!(t.table().round.as_ref().map(|r| r.deck), Some(0));
    assert_eq!(t.table().decks[1].status, DeckStatus::Shuffling);

    let mut t =
        Terminal::open(Store::open(&dir.path().join("hand.sqlite")).unwrap(), None).unwrap();
    washed(
        &mut t,
        deckhand::demo::setup_for(&setup(false), GameId::Crazy4Poker),
    );
    // § 657a.5(c): shuffled by hand, the deck is cut before it is dealt: no round starts until
    // "Shuffled and cut" (the step's prompt is § 657a.5(d)'s cut).
    assert_eq!(t.table().step(), Step::ShuffleManually { deck: 0 });
    assert!(t.execute(Command::StartRound { seats: vec![2] }).is_err());
    ok(&mut t, Command::Confirm(Confirm::ShuffledAndCut));
    assert_eq!(
        t.table().step(),
        Step::StartRound {
            deck: 0,
            load: None
        }
    );
}

struct DeadShuffler;
impl ShufflerDriver for DeadShuffler {
    fn request_shuffle(&mut self, _deck: u8) {}
    fn poll(&mut self) -> Vec<ShufflerEvent> {
        vec![]
    }
}

#[test]
fn a_shuffler_out_of_service_is_covered_then_the_dealer_shuffles_by_hand() {
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("t.sqlite");
    let mut t = Terminal::open(Store::open(&db).unwrap(), Some(Box::new(DeadShuffler))).unwrap();
    open(&mut t, true);
    ok(&mut t, Command::LoadShuffler(0));
    assert_eq!(t.table().step(), Step::AwaitShuffle { deck: 0 });
    // The shuffler never answers: the dealer takes it out of service.
    ok(&mut t, Command::ShufflerOutOfService);
    assert_eq!(t.table().decks[0].status, DeckStatus::Unshuffled);
    // § 637a.18(r): covered or signed before any other method is used.
    assert_eq!(t.table().step(), Step::CoverShuffler);
    assert!(
        t.execute(Command::Confirm(Confirm::ShuffledAndCut))
            .is_err()
    );
    ok(&mut t, Command::Confirm(Confirm::ShufflerCovered));
    assert_eq!(t.table().step(), Step::ShuffleManually { deck: 0 });
    assert!(
        t.execute(Command::ShufflerOutOfService).is_err(),
        "already shuffling by hand"
    );
    ok(&mut t, Command::Confirm(Confirm::ShuffledAndCut));
    quick_round(&mut t);
    assert_eq!(t.table().step(), Step::ShuffleManually { deck: 1 });
    drop(t);
    let rows = kinds(&db);
    let pos = |k: &str| {
        rows.iter()
            .position(|(x, _)| x == k)
            .unwrap_or_else(|| panic!("{k} missing"))
    };
    assert!(pos("shuffler_out_of_service") < pos("shuffler_covered"));
    assert!(pos("shuffler_covered") < pos("deck_shuffled_manually"));
    let t = Terminal::open(Store::open(&db).unwrap(), None).unwrap();
    assert!(t.table().manual_shuffle, "the switch survives a restart");
}

/// At a house-banked table the shuffler's outage is recorded under that game's own chapter
/// (issue 23, item 6): § 677a.13(g) at WPT, § 635a.13(m) at Spanish 21, never the poker room's
/// § 637a.18(r); the cover step cites it too.
#[test]
fn a_banked_tables_shuffler_outage_cites_its_own_chapter() {
    use deckhand::rules::games::GameId;
    for (game, want) in [
        (GameId::WptHeadsUp, "§ 677a.13(g)"),
        (GameId::Spanish21, "§ 635a.13(m)"),
        (GameId::Crazy4Poker, "§ 657a.13(g)"),
        (GameId::Holdem, "§ 637a.18(r)"),
    ] {
        let dir = tempfile::tempdir().unwrap();
        let db = dir.path().join("t.sqlite");
        let mut t =
            Terminal::open(Store::open(&db).unwrap(), Some(Box::new(DeadShuffler))).unwrap();
        let mut s = deckhand::demo::setup_for(&setup(true), game);
        s.counting_shuffler = true;
        washed(&mut t, s);
        if !matches!(t.table().step(), Step::LoadShuffler { .. }) {
            panic!("{game:?}: {:?}", t.table().step());
        }
        ok(&mut t, Command::LoadShuffler(0));
        ok(&mut t, Command::ShufflerOutOfService);
        assert_eq!(t.table().step(), Step::CoverShuffler);
        assert_eq!(t.table().section_of(&Step::CoverShuffler), want, "{game:?}");
        drop(t);
        let conn = rusqlite::Connection::open(&db).unwrap();
        let section: String = conn
            .query_row(
                "SELECT json_extract(payload, '$.section') FROM journal
                 WHERE kind = 'irregularity' ORDER BY serial DESC LIMIT 1",
                [],
                |r| r.get(0),
            )
            .unwrap();
        assert_eq!(section, want, "{game:?}");
    }
}

/// Mississippi Stud dealt from the hand: refused at opening without the automated shuffler
/// (§ 655a.9(a)(1)); with it, a shuffler that cannot be used is covered before any other
/// method (§ 655a.13(g)), and play then stops until it is back or the table deals from a
/// manual shoe, where one deck is dealt (§ 655a.3(a)) and lasts 8 hours (§ 655a.3(c)).
#[test]
fn a_mississippi_stud_shuffler_outage_is_covered_and_stops_a_hand_dealt_table() {
    use deckhand::rules::games::GameId;
    use deckhand::rules::registry::Dealing;
    use deckhand::rules::table::Event;
    let dir = tempfile::tempdir().unwrap();
    let mut s = deckhand::demo::setup_for(&setup(false), GameId::MississippiStud);
    s.poker.dealing = Dealing::Hand;
    let mut t =
        Terminal::open(Store::open(&dir.path().join("none.sqlite")).unwrap(), None).unwrap();
    t.seed_demo_people().unwrap();
    t.sign_in("Alex Rivera", "20417", "112233").unwrap();
    let e = t.execute(Command::OpenTable(s.clone())).unwrap_err();
    // § 655a.9(a): dealt from the hand, the cards go through the automated shuffler: without
    // it the table does not open, naming § 655a.9(a)(1).
    assert!(e.contains("§ 655a.9(a)(1)"), "{e}");
    assert!(t.table().setup.is_none());
    drop(t);
    let db = dir.path().join("out.sqlite");
    let mut t = Terminal::open(Store::open(&db).unwrap(), Some(Box::new(DeadShuffler))).unwrap();
    s.counting_shuffler = true;
    washed(&mut t, s);
    assert_eq!(t.table().step(), Step::LoadShuffler { deck: 0 });
    ok(&mut t, Command::LoadShuffler(0));
    let events = t.execute(Command::ShufflerOutOfService).unwrap();
    // § 655a.13(g): the shuffler that cannot be used is covered or signed out of order before
    // any other method: the outage and the cover step cite § 655a.13(g), and the hand shuffle
    // is refused until it is covered.
    assert!(
        events
            .iter()
            .any(|e| matches!(e, Event::Irregularity { section, .. } if section == "§ 655a.13(g)")),
        "{events:?}"
    );
    assert_eq!(t.table().step(), Step::CoverShuffler);
    assert_eq!(t.table().section_of(&Step::CoverShuffler), "§ 655a.13(g)");
    assert!(
        t.execute(Command::Confirm(Confirm::ShuffledAndCut))
            .is_err()
    );
    ok(&mut t, Command::Confirm(Confirm::ShufflerCovered));
    // Dealt from the hand, no play without the shuffler: no round, no hand shuffle.
    assert_eq!(t.table().step(), Step::ShufflerNeeded);
    assert_eq!(
        t.table().section_of(&Step::ShufflerNeeded),
        "§ 655a.9(a)(1), § 655a.13(g)"
    );
    assert!(t.execute(Command::StartRound { seats: vec![2] }).is_err());
    assert!(
        t.execute(Command::Confirm(Confirm::ShuffledAndCut))
            .is_err()
    );
    // From a manual shoe, shuffled by hand: one deck (§ 655a.3(a)), 8 hours (§ 655a.3(c)).
    ok(&mut t, Command::Confirm(Confirm::DealFromShoe));
    let shoe = t.table().setup.as_ref().unwrap();
    assert_eq!(shoe.poker.dealing, Dealing::ManualShoe);
    assert_eq!(shoe.deck_change_limit(), (8, "§ 655a.3(c)"));
    assert!(t.table().one_deck());
    assert!(
        matches!(t.table().step(), Step::ShuffleManually { deck: 0 }),
        "{:?}",
        t.table().step()
    );
}

/// Lunar Poker's shuffler that cannot be used is covered, or signed out of order, before any
/// other method of shuffling (§ 589.13(g)): the outage and the cover step cite the section, the
/// hand shuffle is refused until it is covered, and from then on one deck is dealt (§ 589.3(a)).
#[test]
fn a_lunar_poker_shuffler_is_covered_before_the_cards_are_shuffled_by_hand() {
    use deckhand::rules::games::GameId;
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("lunar.sqlite");
    let mut t = Terminal::open(Store::open(&db).unwrap(), Some(Box::new(DeadShuffler))).unwrap();
    let mut s = deckhand::demo::setup_for(&setup(true), GameId::LunarPoker);
    s.counting_shuffler = true;
    washed(&mut t, s);
    assert_eq!(t.table().step(), Step::LoadShuffler { deck: 0 });
    ok(&mut t, Command::LoadShuffler(0));
    ok(&mut t, Command::ShufflerOutOfService);
    assert_eq!(t.table().step(), Step::CoverShuffler);
    // § 589.13(g): covered or signed before the cards are shuffled by hand, citing § 589.13(g).
    assert_eq!(t.table().section_of(&Step::CoverShuffler), "§ 589.13(g)");
    assert!(
        t.execute(Command::Confirm(Confirm::ShuffledAndCut))
            .is_err()
    );
    ok(&mut t, Command::Confirm(Confirm::ShufflerCovered));
    assert_eq!(t.table().step(), Step::ShuffleManually { deck: 0 });
    assert!(
        t.table().one_deck(),
        "one deck without the shuffler (§ 589.3(a))"
    );
    drop(t);
    let conn = rusqlite::Connection::open(&db).unwrap();
    let section: String = conn
        .query_row(
            "SELECT json_extract(payload, '$.section') FROM journal
             WHERE kind = 'irregularity' ORDER BY serial DESC LIMIT 1",
            [],
            |r| r.get(0),
        )
        .unwrap();
    assert_eq!(section, "§ 589.13(g)");
}

#[test]
fn an_idle_table_spreads_its_decks_for_the_first_players_then_washes_and_shuffles_again() {
    use crate::common::ui::{harness, tap};
    use deckhand::ui::DeckhandApp;
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("idle.sqlite");
    let s = crate::common::ui::table(5, deckhand::rules::games::GameId::Holdem);
    let mut t = crate::common::ui::opened(&db, &s);
    quick_round(&mut t);
    // Not during a round.
    t.execute(Command::Confirm(Confirm::ShuffledAndCut))
        .unwrap();
    t.execute(Command::StartRound { seats: vec![1, 2] })
        .unwrap();
    let e = t.execute(Command::TableIdle).unwrap_err();
    assert!(e.contains("finish the round"), "{e}");
    crate::common::poker::post(&mut t);
    crate::common::poker::dealt(&mut t);
    while let Some((seat, _)) = crate::common::poker::to_act(&t) {
        crate::common::poker::act(
            &mut t,
            seat,
            deckhand::rules::betting_actions::ActionKind::Fold,
        );
    }
    t.execute(Command::CountLosingHands { correct: true })
        .unwrap();
    t.execute(Command::Confirm(Confirm::PotPushed)).unwrap();
    t.execute(Command::Confirm(Confirm::ShuffledAndCut))
        .unwrap();
    assert!(matches!(t.table().step(), Step::StartRound { .. }));
    // No play: on the screen, the decks are spread for the first arrivals; then washed, and
    // each deck shuffled and cut again before a round starts (§ 637a.5(d)).
    let mut h = harness(DeckhandApp::new(t, s, None));
    h.run_ok();
    tap(&mut h, "No play: spread the decks");
    assert_eq!(h.state().terminal().table().step(), Step::PlayerInspection);
    tap(&mut h, "Players have inspected");
    tap(&mut h, "Decks washed");
    assert!(matches!(
        h.state().terminal().table().step(),
        Step::ShuffleManually { .. }
    ));
    drop(h);
    let idle = crate::common::ui::payloads(&db, "table_idle");
    assert_eq!(idle.len(), 1);
    assert!(idle[0].contains("637a.5(d)"), "{}", idle[0]);
}

#[test]
fn every_chapter_cites_its_own_idle_table_section() {
    for game in deckhand::rules::games::GameId::all() {
        let dir = tempfile::tempdir().unwrap();
        let db = dir.path().join("idle.sqlite");
        let s = crate::common::ui::table(5, game);
        let mut t = crate::common::ui::opened(&db, &s);
        let events = t
            .execute(Command::TableIdle)
            .unwrap_or_else(|e| panic!("{}: {e}", game.id()));
        let want = match game {
            deckhand::rules::games::GameId::WptHeadsUp => "§ 677a.5(f)",
            deckhand::rules::games::GameId::TexasHoldemBonus => "§ 647a.5(f)",
            deckhand::rules::games::GameId::LunarPoker => "§ 589.5(f)",
            deckhand::rules::games::GameId::MississippiStud => "§ 655a.5(f)",
            deckhand::rules::games::GameId::Crazy4Poker => "§ 657a.5(f)",
            deckhand::rules::games::GameId::Spanish21 => "§ 635a.5(g)",
            _ => "§ 637a.5(d)",
        };
        assert!(
            matches!(&events[0], deckhand::rules::table::Event::TableIdle { section } if section == want),
            "{}: {events:?}",
            game.id()
        );
        assert_eq!(t.table().step(), Step::PlayerInspection, "{}", game.id());
    }
}

#[test]
fn a_floorperson_directs_the_cards_shuffled_again_between_rounds() {
    use crate::common::ui::{harness, tap};
    use deckhand::ui::DeckhandApp;
    use egui_kittest::kittest::Queryable;
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("reshuffle.sqlite");
    let s = crate::common::ui::table(5, deckhand::rules::games::GameId::Holdem);
    let mut t = crate::common::ui::opened(&db, &s);
    assert!(matches!(t.table().step(), Step::StartRound { .. }));
    // A dealer cannot direct it; a floorperson can, and the shuffled deck is shuffled again.
    assert!(t.order_reshuffle("20533", "445566").is_err());
    let mut h = harness(DeckhandApp::new(t, s, None));
    h.run_ok();
    tap(&mut h, "Floor: shuffle again");
    crate::common::play::sign_pad(&mut h, "1001", "246810");
    h.get_by_label_contains("Dana Brooks (1001) directed the cards shuffled again (§ 637a.5(a))");
    assert!(matches!(
        h.state().terminal().table().step(),
        Step::ShuffleManually { .. }
    ));
    tap(&mut h, "Shuffled and cut");
    assert!(matches!(
        h.state().terminal().table().step(),
        Step::StartRound { .. }
    ));
    drop(h);
    let rows = crate::common::ui::payloads(&db, "reshuffle_ordered");
    assert_eq!(rows.len(), 1);
    assert!(rows[0].contains("1001"), "{}", rows[0]);
}

/// A floor-directed reshuffle cites the game's own chapter (§ 677a.5(a), § 657a.5(a)): each
/// chapter's "when directed by a floorperson or above", not Poker's; so does the floorperson's
/// pad that asks for it (a walk read § 637a.5(a) on it at a Mississippi Stud table).
#[test]
fn a_floor_directed_reshuffle_cites_the_games_own_chapter() {
    use crate::common::ui::{harness, tap};
    use deckhand::rules::games::GameId;
    use deckhand::ui::DeckhandApp;
    use egui_kittest::kittest::Queryable;
    for (game, want) in [
        (GameId::WptHeadsUp, "§ 677a.5(a)"),
        (GameId::Crazy4Poker, "§ 657a.5(a)"),
        (GameId::MississippiStud, "§ 655a.5(a)"),
        (GameId::Holdem, "§ 637a.5(a)"),
    ] {
        let dir = tempfile::tempdir().unwrap();
        let db = dir.path().join("reshuffle.sqlite");
        let s = crate::common::ui::table(5, game);
        let t = crate::common::ui::opened(&db, &s);
        let mut h = harness(DeckhandApp::new(t, s, None));
        h.run_ok();
        tap(&mut h, "Floor: shuffle again");
        h.get_by_label_contains(&format!(
            "The floorperson directs the cards shuffled again ({want})"
        ));
        crate::common::play::sign_pad(&mut h, "1001", "246810");
        let said = format!("directed the cards shuffled again ({want})");
        h.get_by_label_contains(&said);
        drop(h);
        let rows = crate::common::ui::payloads(&db, "reshuffle_ordered");
        assert!(rows[0].contains(want), "{}", rows[0]);
    }
}

/// No play at an open house-banked table, from sign-in: the cards are spread face down unless a
/// player asks (§ 677a.5(f), § 647a.5(f)), first taken out of the dealing shoe and the discard
/// rack where the chapter says so (§ 655a.5(f), § 657a.5(f), § 589.5(f), § 635a.5(g)), not
/// fanned face up as at the opening; then inspected, washed and shuffled again.
#[test]
fn an_idle_house_banked_table_spreads_its_cards_as_its_chapter_says() {
    use crate::common::ui::tap;
    use deckhand::rules::games::GameId;
    use egui_kittest::kittest::Queryable;
    for (game, says) in [
        (
            GameId::MississippiStud,
            "Take the cards out of the dealing shoe and the discard rack, and spread them face down on the table (face up if a player asks)",
        ),
        (
            GameId::Crazy4Poker,
            "Take the cards out of the dealing shoe and the discard rack, and spread them face down",
        ),
        (
            GameId::WptHeadsUp,
            "Spread the cards face down on the table",
        ),
        // § 647a.5(f): Texas Hold 'Em Bonus spreads its cards face down (not from the shoe).
        (
            GameId::TexasHoldemBonus,
            "Spread the cards face down on the table",
        ),
        // § 589.5(f): Lunar Poker takes them out of the dealing shoe and the discard rack first.
        (
            GameId::LunarPoker,
            "Take the cards out of the dealing shoe and the discard rack, and spread them face down",
        ),
    ] {
        let dir = tempfile::tempdir().unwrap();
        let db = dir.path().join("idle.sqlite");
        let mut h = crate::common::ui::real_app(&db, 1024.0, 768.0, 0.25);
        crate::common::play::washed_from_sign_in(&mut h, game, tap);
        for next in ["Shuffled and cut", "Shuffled, cut and in the shoe"] {
            if crate::common::ui::ready(&h, next) {
                tap(&mut h, next);
            }
        }
        crate::common::play::through_the_shuffler(&mut h, |s| matches!(s, Step::StartRound { .. }));
        let spread = if h.query_by_label("No play: spread the deck").is_some() {
            "No play: spread the deck"
        } else {
            "No play: spread the decks"
        };
        tap(&mut h, spread);
        h.get_by_label("No play: spread the cards face down");
        h.get_by_label_contains(says);
        assert!(
            h.query_by_label_contains("fan-shaped").is_none(),
            "{}: not the opening's fans",
            game.id()
        );
        tap(&mut h, "Player has inspected");
        h.get_by_label_contains("Wash and stack");
    }
}

/// Spanish 21's idle table, past its own opening (the burn card and the card reader's
/// inspection): the cards come out of the dealing shoe and the discard rack and are spread face
/// down, not fanned as at the opening; then inspected and washed.
#[test]
fn an_idle_spanish_21_table_spreads_the_shoes_cards_face_down() {
    use crate::common::ui::tap;
    use deckhand::rules::games::GameId;
    use egui_kittest::kittest::Queryable;
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("idle21.sqlite");
    let mut h = crate::common::ui::real_app(&db, 1024.0, 768.0, 0.25);
    crate::common::play::washed_from_sign_in(&mut h, GameId::Spanish21, tap);
    tap(&mut h, "Shuffled, cut and in the shoe");
    tap(&mut h, "Card burned");
    tap(&mut h, "Floorperson: card reader inspected");
    crate::common::play::floorperson_signs(&mut h);
    assert!(
        matches!(h.state().terminal().table().step(), Step::StartRound { .. }),
        "{:?}",
        h.state().terminal().table().step()
    );
    let spread = if h.query_by_label("No play: spread the deck").is_some() {
        "No play: spread the deck"
    } else {
        "No play: spread the decks"
    };
    tap(&mut h, spread);
    // § 635a.5(g): out of the dealing shoe and the discard rack, spread face down unless a
    // player asks, for the first player to inspect; not the opening's fans.
    h.get_by_label("No play: spread the cards face down");
    h.get_by_label_contains(
        "Take the cards out of the dealing shoe and the discard rack, and spread them face down on the table (face up if a player asks)",
    );
    assert!(h.query_by_label_contains("fan-shaped").is_none());
    tap(&mut h, "Player has inspected");
    h.get_by_label_contains("Wash and stack");
}
