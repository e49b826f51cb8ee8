//! A house-banked table without the automated shuffler, from the real start (the terminal built
//! as `deckhand` builds it, no shuffler, a manual dealing shoe):
//! - one deck, inspected, shuffled by hand and dealt round after round (§ 657a.3(a), § 655a.3(a),
//!   § 677a.3(a), § 647a.3(a), § 589.3(a)); with the shuffler two decks alternate (§ x.3(b));
//! - the stub counted face down after the deal in the fifth round, not the whole deck between
//!   rounds (§ 657a.8(f), § 655a.8(f), § 677a.8(e), § 647a.8(f));
//! - a wrong count asks whether the cards were misdealt: either way every hand is void and every
//!   wager returned; not misdealt, the deck leaves the table (§ 657a.8(h) and each chapter alike).

use crate::common;
use crate::common::machine::run;

use common::play::play_step;
use common::ui::{harness, keys, real_config, tap};
use deckhand::rules::games::GameId;
use deckhand::rules::table::{RemovalReason, Step, StubCount};
use deckhand::ui::DeckhandApp;
use egui_kittest::Harness;
use egui_kittest::kittest::Queryable;

/// The app as `deckhand` builds it on a fresh database, signed in, `game` opened, the first
/// deck shuffled by hand.
fn opened(db: &std::path::Path, game: GameId) -> Harness<'static, DeckhandApp> {
    let app = deckhand::app::build(&real_config(db), Default::default(), None).unwrap();
    let mut h = harness(app);
    h.run_ok();
    common::play::open_from_sign_in(&mut h, game, tap);
    h
}

/// Plays the round in play to its end, and the next rounds up to the stub count or to round
/// `last`, shuffling the one deck by hand between rounds; every round deals deck 0.
fn play_until_stub(h: &mut Harness<'static, DeckhandApp>, last: u32) {
    play_until(h, last, |s| {
        matches!(s, Step::CountStub { .. } | Step::StubWrong { .. })
    });
}

/// [`play_until_stub`], stopping where `stop` says; any other count is a failure.
fn play_until(h: &mut Harness<'static, DeckhandApp>, last: u32, stop: fn(&Step) -> bool) {
    let mut taps = 0;
    loop {
        let t = h.state().terminal().table();
        assert_eq!(t.decks.len(), 1, "one deck (§ x.3(a))");
        if let Some(r) = &t.round {
            assert_eq!(r.deck, 0);
        }
        let step = t.step();
        if stop(&step) {
            return;
        }
        match step {
            Step::ShuffleManually { deck: 0 } => tap(h, "Shuffled and cut"),
            Step::StartRound { deck: 0, .. } => {
                let next = t.rounds_played + 1;
                if next > last {
                    return;
                }
                tap(h, &format!("Start round {next}"));
            }
            other @ (Step::CountDeck { .. }
            | Step::CountStub { .. }
            | Step::StubWrong { .. }
            | Step::StartRound { .. }) => {
                panic!("{other:?} at round {}", t.rounds_played)
            }
            other => assert!(play_step(h, &mut taps), "{other:?}"),
        }
        assert!(
            taps < 2_000,
            "no end at {:?}",
            h.state().terminal().table().step()
        );
    }
}

fn rows_of(db: &std::path::Path, kind: &str) -> Vec<serde_json::Value> {
    common::ui::payloads(db, kind)
        .iter()
        .map(|p| serde_json::from_str(p).unwrap())
        .collect()
}

/// Crazy 4 Poker: four rounds without a count, the fifth counts its stub right after the deal
/// (2 players and the dealer hold 15 cards: 37 in the stub), the round goes on to paid; the
/// next count is five rounds later.
#[test]
fn crazy_4_poker_counts_its_stub_after_the_deal_every_fifth_round() {
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("c4.sqlite");
    let mut h = opened(&db, GameId::Crazy4Poker);
    play_until_stub(&mut h, 5);
    let t = h.state().terminal().table();
    // § 657a.3(a): without the shuffler one deck, the first colour, shuffled by hand and dealt
    // in each of the five rounds (`play_until` holds every round to deck 0 and its hand shuffle).
    assert_eq!(
        (
            t.decks.len(),
            t.round.as_ref().unwrap().deck,
            t.deck_name(0)
        ),
        (1, 0, "Red".to_string())
    );
    assert_eq!(
        t.round.as_ref().unwrap().number,
        5,
        "the fifth round counts"
    );
    assert_eq!(
        t.step(),
        Step::CountStub {
            deck: 0,
            expected: 37
        }
    );
    // Right after the deal: no decision taken yet.
    assert!(
        t.round
            .as_ref()
            .unwrap()
            .banked
            .as_ref()
            .unwrap()
            .decisions
            .is_empty()
    );
    h.get_by_label("Count the stub");
    h.get_by_label("§ 657a.8(f)–(h)");
    // A count that is no count is refused with a message, and nothing is written.
    keys(&mut h, "53");
    tap(&mut h, "Stub counted");
    h.get_by_label_contains("53 cards: a deck has 52");
    assert!(rows_of(&db, "stub_counted").is_empty());
    tap(&mut h, "Clear");
    keys(&mut h, "37");
    tap(&mut h, "Stub counted");
    let counted = rows_of(&db, "stub_counted");
    assert_eq!(counted.len(), 1);
    assert_eq!(counted[0]["counted"], 37);
    assert_eq!(counted[0]["section"], "§ 657a.8(f)–(h)");
    assert_eq!(
        h.state().terminal().table().round.as_ref().unwrap().stub,
        StubCount::Right
    );
    play_until_stub(&mut h, 10);
    let t = h.state().terminal().table();
    assert_eq!(t.round.as_ref().unwrap().number, 10, "five rounds later");
    assert!(rows_of(&db, "round_paid").len() >= 9);
    let rebuilt = deckhand::store::replay::read_table(&db).unwrap();
    assert!(rebuilt == *h.state().terminal().table());
}

/// Crazy 4 Poker's wrong stub under its own sections, the deck shuffled by hand: from a manual
/// dealing shoe one short and misdealt with 52 cards present voids the round and keeps the deck
/// (§ 657a.8(h)); from an automated dealing shoe the count is owed in the fifth round too,
/// right after the deal (§ 657a.10(d)), and one short with no misdeal voids the round and
/// removes the deck (§ 657a.10(f)).
#[test]
fn crazy_4_poker_answers_a_wrong_stub_under_the_section_of_its_dealing() {
    use deckhand::rules::banked::round::{BankedCommand, BankedStep};
    use deckhand::rules::cards::parse_cards;
    use deckhand::rules::registry::Dealing;
    use deckhand::rules::table::{Command, Confirm, Event};
    let c = |cards: &str| parse_cards(cards).unwrap();
    for (dealing, section, misdealt) in [
        (Dealing::ManualShoe, "§ 657a.8(f)–(h)", true),
        (Dealing::AutomatedShoe, "§ 657a.10(d)–(f)", false),
    ] {
        let dir = tempfile::tempdir().unwrap();
        let db = dir.path().join("c4-stub.sqlite");
        let mut s = common::ui::table(12, GameId::Crazy4Poker);
        s.poker.dealing = dealing;
        let mut t = common::ui::opened(&db, &s);
        for number in 1..=5u32 {
            if matches!(t.table().step(), Step::ShuffleManually { deck: 0 }) {
                common::terminal::ok(&mut t, Command::Confirm(Confirm::ShuffledAndCut));
            }
            assert!(
                matches!(t.table().step(), Step::StartRound { deck: 0, .. }),
                "{dealing:?} round {number}: {:?}",
                t.table().step()
            );
            common::terminal::ok(&mut t, Command::StartRound { seats: vec![2, 4] });
            for seat in [2u8, 4] {
                common::terminal::ok(
                    &mut t,
                    Command::Banked(BankedCommand::Wagers {
                        seat,
                        wagers: [("ante".to_string(), 500)].into(),
                    }),
                );
            }
            common::terminal::ok(&mut t, Command::Banked(BankedCommand::NoMoreBets));
            common::terminal::ok(&mut t, Command::Banked(BankedCommand::Dealt));
            if number == 5 {
                break;
            }
            // Rounds 1 to 4 count nothing: decided, revealed, keyed and paid.
            while let Some(b) = t.table().round.as_ref().and_then(|r| r.banked.clone()) {
                let cmd = match b.step {
                    BankedStep::Decide { seat, .. } => BankedCommand::Decide { seat, multiple: 1 },
                    BankedStep::Reveal { .. } => BankedCommand::Revealed,
                    BankedStep::Cards => BankedCommand::keyed(
                        vec![(2, c("2c 3d 5h 7s 9c")), (4, c("4h 6s 8d Tc Qh"))],
                        c("Kc Jd 9h 6d 3s"),
                        vec![],
                    ),
                    _ => BankedCommand::Paid,
                };
                common::terminal::ok(&mut t, Command::Banked(cmd));
            }
        }
        let table = t.table();
        assert_eq!(
            table.round.as_ref().map(|r| r.number),
            Some(5),
            "{dealing:?}"
        );
        // § 657a.10(d): from the automated shoe too, without a counting shuffler, the stub is
        // counted in the fifth round right after the deal (two players and the dealer hold 15
        // cards: 37 left), under the section of the dealing method; a count above 52 is refused.
        assert_eq!(
            table.step(),
            Step::CountStub {
                deck: 0,
                expected: 37
            },
            "{dealing:?}"
        );
        assert_eq!(table.section_of(&table.step()), section);
        assert!(t.execute(Command::CountStub { counted: 53 }).is_err());
        let wagers = t.table().round.as_ref().unwrap().refunds();
        common::terminal::ok(&mut t, Command::CountStub { counted: 36 });
        assert_eq!(
            t.table().step(),
            Step::StubWrong {
                deck: 0,
                counted: 36,
                expected: 37
            },
            "{dealing:?}"
        );
        let events = t.execute(Command::StubMisdeal { misdealt }).unwrap();
        // § 657a.8(h): a wrong count at the manual shoe, misdealt with 52 present: every hand
        // void and every wager returned, the deck kept; journaled under § 657a.8(f)–(h).
        // § 657a.10(f): at the automated shoe, not misdealt: the same, and the deck removed from
        // the table; journaled under § 657a.10(d)–(f).
        assert!(
            events
                .iter()
                .any(|e| matches!(e, Event::Irregularity { section: sec, .. } if sec == section)),
            "{dealing:?}: {events:?}"
        );
        assert!(
            events
                .iter()
                .any(|e| matches!(e, Event::RoundVoided { refunds, .. } if *refunds == wagers)),
            "{dealing:?}: {events:?}"
        );
        assert!(
            wagers.iter().all(|(_, w)| *w == 1_000),
            "the Ante and the Super Bonus, before any Play: {wagers:?}"
        );
        assert!(t.table().round.is_none());
        assert_eq!(
            events
                .iter()
                .any(|e| matches!(e, Event::DeckRemoved { .. })),
            !misdealt,
            "{dealing:?}: {events:?}"
        );
        assert_eq!(t.table().removal.is_some(), !misdealt, "{dealing:?}");
    }
}

/// Mississippi Stud: a stub one short after the deal (2 players, 3 community cards: 45 expected);
/// the dealer finds a misdealt hand, so every hand is void and every wager goes back, the deck
/// stays; the next round counts again.
#[test]
fn a_misdealt_wrong_stub_voids_the_round_and_keeps_the_deck() {
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("ms.sqlite");
    let mut h = opened(&db, GameId::MississippiStud);
    play_until_stub(&mut h, 5);
    {
        let t = h.state().terminal().table();
        // § 655a.3(a): no shuffler: one deck, shuffled by hand and dealt in each of the five
        // rounds (`play_until` holds every round to deck 0).
        assert_eq!((t.decks.len(), t.round.as_ref().unwrap().deck), (1, 0));
    }
    let Step::CountStub { expected, .. } = h.state().terminal().table().step() else {
        panic!()
    };
    // § 655a.9(d): the stub owed without a counting shuffler, counted in the fifth round right
    // after the deal against what a full deck leaves (45); the same count a hand-dealt table
    // would owe, though this terminal never deals from the hand without the shuffler.
    assert_eq!(expected, 45);
    let wagers = h
        .state()
        .terminal()
        .table()
        .round
        .as_ref()
        .unwrap()
        .refunds();
    keys(&mut h, "44");
    tap(&mut h, "Stub counted");
    h.get_by_label("Were the cards misdealt?");
    h.get_by_label("⚠ The stub held 44 cards: a full deck leaves 45");
    h.get_by_label("§ 655a.8(f)–(h)");
    tap(&mut h, "Misdealt: 52 cards are here");
    // The dealer is told what goes back to whom.
    h.get_by_label_contains("✔ Round 5 void: $10.00 to seat 2, $10.00 to seat 4 returned.");
    let t = h.state().terminal().table();
    assert!(t.round.is_none());
    assert!(t.removal.is_none(), "the deck stays");
    let void = rows_of(&db, "round_voided");
    assert_eq!(void[0]["number"], 5);
    // § 655a.8(h): a wrong count, the cards misdealt with 52 present: every hand void and every
    // wager returned to its seat, the deck kept (above), journaled under the section (below).
    // § 655a.9(f): the same answer to a wrong stub count that § 655a.9(f) words for the hand.
    assert_eq!(void[0]["refunds"], serde_json::to_value(&wagers).unwrap());
    let irr = rows_of(&db, "irregularity");
    let last = irr.last().unwrap();
    assert_eq!(last["section"], "§ 655a.8(f)–(h)");
    assert!(
        last["action"]
            .as_str()
            .unwrap()
            .contains("all wagers returned")
    );
    assert!(rows_of(&db, "deck_removed").is_empty());
    // The count is owed again in the next round.
    play_until_stub(&mut h, 6);
    assert_eq!(
        h.state().terminal().table().round.as_ref().unwrap().number,
        6
    );
}

/// WPT Heads-Up Hold 'Em: the stub comes after the board (2 players and the dealer hold 6 cards,
/// 5 community cards and 2 burns: 39), before any card is keyed; a count of 40 that no misdeal
/// explains voids the round, returns every wager (the raises too) and removes the deck.
#[test]
fn a_wrong_stub_that_is_no_misdeal_removes_the_deck() {
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("wpt.sqlite");
    let mut h = opened(&db, GameId::WptHeadsUp);
    play_until_stub(&mut h, 5);
    let t = h.state().terminal().table();
    let r = t.round.as_ref().unwrap();
    // § 677a.3(a): no shuffler: one deck, the first colour, shuffled by hand and dealt in each of
    // the five rounds (`play_until` holds every round to it).
    assert_eq!(
        (t.decks.len(), r.deck, t.deck_name(r.deck)),
        (1, 0, "Red".to_string())
    );
    assert_eq!(r.number, 5);
    let b = r.banked.as_ref().unwrap();
    assert!(
        b.cards.is_empty() && !b.decisions.is_empty(),
        "after the decisions, before the cards"
    );
    assert_eq!(
        t.step(),
        Step::CountStub {
            deck: 0,
            expected: 39
        }
    );
    let wagers = r.refunds();
    keys(&mut h, "40");
    tap(&mut h, "Stub counted");
    h.get_by_label("§ 677a.8(e)–(g)");
    tap(&mut h, "Not misdealt: remove the deck");
    let t = h.state().terminal().table();
    assert!(t.round.is_none());
    // The deck is off the table: a replacement is inspected next.
    assert_eq!(t.step(), Step::InspectReplacement { deck: 0 });
    h.get_by_label_contains("Inspect a replacement");
    // § 677a.8(g): a wrong count, not misdealt: the round void, every wager returned (below) and
    // the entire deck removed from the table.
    assert_eq!(
        t.removal.as_ref().unwrap().reason,
        RemovalReason::StubMiscounted {
            counted: 40,
            expected: 39
        }
    );
    let void = rows_of(&db, "round_voided");
    assert_eq!(void[0]["refunds"], serde_json::to_value(&wagers).unwrap());
    assert!(
        wagers.iter().all(|(_, c)| *c > 1_000),
        "the raises are returned too: {wagers:?}"
    );
    assert_eq!(rows_of(&db, "deck_removed").len(), 1);
    let irr = rows_of(&db, "irregularity");
    assert_eq!(irr.last().unwrap()["section"], "§ 677a.8(e)–(g)");
    let rebuilt = deckhand::store::replay::read_table(&db).unwrap();
    assert!(rebuilt == *h.state().terminal().table());
}

/// WPT from an automated dealing shoe, the deck shuffled by hand: the stub is counted in the
/// fifth round once the board is out, under § 677a.10(d)–(f); a count one short that the dealer
/// finds misdealt voids the round and returns every wager, and the deck stays.
#[test]
fn a_wpt_automated_shoe_counts_its_stub_under_its_own_section() {
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("wpt-ads.sqlite");
    let mut config = real_config(&db);
    config.table.dealing = deckhand::rules::registry::Dealing::AutomatedShoe;
    let app = deckhand::app::build(&config, Default::default(), None).unwrap();
    let mut h = harness(app);
    h.run_ok();
    common::play::open_from_sign_in(&mut h, GameId::WptHeadsUp, tap);
    play_until_stub(&mut h, 5);
    let t = h.state().terminal().table();
    assert_eq!(t.round.as_ref().unwrap().number, 5);
    // § 677a.10(d): no counting shuffler: the dealer counts the stub in the fifth round, after
    // the board (two players and the dealer: 39 cards), under the automated shoe's section.
    assert_eq!(
        t.step(),
        Step::CountStub {
            deck: 0,
            expected: 39
        }
    );
    h.get_by_label("§ 677a.10(d)–(f)");
    let wagers = t.round.as_ref().unwrap().refunds();
    keys(&mut h, "38");
    tap(&mut h, "Stub counted");
    h.get_by_label("Were the cards misdealt?");
    tap(&mut h, "Misdealt: 52 cards are here");
    let t = h.state().terminal().table();
    // § 677a.10(f): misdealt with 52 cards present: every hand void and every wager returned,
    // the deck kept; the irregularity journaled under the section.
    assert!(t.round.is_none() && t.removal.is_none());
    let void = rows_of(&db, "round_voided");
    assert_eq!(void[0]["refunds"], serde_json::to_value(&wagers).unwrap());
    let irr = rows_of(&db, "irregularity");
    assert_eq!(irr.last().unwrap()["section"], "§ 677a.10(d)–(f)");
    assert!(rows_of(&db, "deck_removed").is_empty());
}

/// WPT with the automated shuffler, from the real start (`deckhand`'s built-in simulated
/// shuffler on a pseudo-terminal): two decks whose backs differ, inspected, spread, washed and
/// stacked together, then loaded into the shuffler in turn (§ 677a.4(d)); they alternate round
/// by round, the idle one shuffled in the shuffler while the other is dealt (§ 677a.3(b)), each
/// dealt as the shuffler left it, with no cut (§ 677a.5(a),(c)(1)).
#[test]
fn with_the_shuffler_two_wpt_decks_alternate_round_by_round() {
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("wpt-acsd.sqlite");
    let mut config = real_config(&db);
    config.shuffler.port = "simulated".into();
    let app = deckhand::app::build(&config, Default::default(), None).unwrap();
    let mut h = harness(app);
    h.run_ok();
    common::play::dealer_signs_in(&mut h, tap);
    tap(&mut h, GameId::WptHeadsUp.name());
    tap(&mut h, "Open table");
    let t = h.state().terminal().table();
    // § 677a.3(b): with the shuffler, two decks whose backs are of different colours.
    assert_eq!(t.decks.len(), 2);
    assert_ne!(t.deck_name(0), t.deck_name(1));
    // § 677a.4(d): both decks inspected, spread, washed and stacked together; then each goes
    // into the shuffler in turn, the first one now.
    h.get_by_label("Inspect the Red deck and the Blue deck for defects.");
    tap(&mut h, "Decks inspected");
    tap(&mut h, "Floorperson verify");
    common::play::floorperson_signs(&mut h);
    h.get_by_label_contains("Spread each deck face up in horizontal fan-shaped columns");
    tap(&mut h, "Player has inspected");
    h.get_by_label("Wash and stack each deck");
    tap(&mut h, "Decks washed");
    assert_eq!(
        h.state().terminal().table().step(),
        Step::LoadShuffler { deck: 0 }
    );
    common::play::through_the_shuffler(&mut h, |s| matches!(s, Step::StartRound { .. }));
    // § 677a.5(c): shuffled by the shuffler, the deck is dealt with no cut: the round is next,
    // and the Blue deck goes into the shuffler as the Red one is dealt.
    assert_eq!(
        h.state().terminal().table().step(),
        Step::StartRound {
            deck: 0,
            load: Some(1)
        }
    );
    tap(&mut h, "Seat 2");
    tap(&mut h, "Seat 4");
    tap(&mut h, "Start round 1");
    let t = h.state().terminal().table();
    assert_eq!(t.round.as_ref().unwrap().deck, 0);
    assert_eq!(t.in_shuffler, Some(1));
    common::play::play_out(&mut h);
    common::play::through_the_shuffler(&mut h, |s| matches!(s, Step::StartRound { .. }));
    // § 677a.3(b): the decks alternate: Blue, shuffled while Red was dealt, deals round 2, and
    // Red goes into the shuffler.
    assert_eq!(
        h.state().terminal().table().step(),
        Step::StartRound {
            deck: 1,
            load: Some(0)
        }
    );
    tap(&mut h, "Start round 2");
    let t = h.state().terminal().table();
    assert_eq!(t.round.as_ref().unwrap().deck, 1);
}

/// Lunar Poker counts no stub: its one deck is counted whole between rounds, at least once in
/// every five rounds, before it is shuffled again (§ 589.11(g)), a floorperson verifying.
#[test]
fn lunar_poker_counts_its_one_deck_whole_every_five_rounds() {
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("lunar.sqlite");
    let mut h = opened(&db, GameId::LunarPoker);
    play_until(&mut h, 5, |s| matches!(s, Step::CountDeck { deck: 0 }));
    let t = h.state().terminal().table();
    // Counted before the fifth round is dealt: at least once every five rounds.
    assert_eq!(t.rounds_played, 4);
    assert_eq!(t.section_of(&t.step()), "§ 589.11(g)");
    h.get_by_label("§ 589.11(g)");
    // § 589.11(g): a count of 51, verified by the floorperson, takes the deck off the table.
    keys(&mut h, "51");
    tap(&mut h, "Count entered");
    tap(&mut h, "Floorperson verify");
    common::play::floorperson_signs(&mut h);
    assert_eq!(
        h.state().terminal().table().step(),
        Step::RemoveDeck { deck: 0 }
    );
    let counted = rows_of(&db, "deck_counted").pop().unwrap();
    assert_eq!(
        (counted["counted"].as_i64(), counted["correct"].as_bool()),
        (Some(51), Some(false))
    );
}

/// The stub a full deck leaves, for every game that counts one: the hands, the dealer's cards,
/// the board and its burns (Texas Hold 'Em Bonus burns three); a board no player stayed in for
/// is not dealt on.
#[test]
fn the_stub_expected_is_what_each_deal_leaves() {
    use deckhand::rules::banked::round::{BankedCommand, BankedRound, BankedStep, StubAfter};
    use deckhand::rules::registry::Dealing;
    let cases = [
        (GameId::Crazy4Poker, 52 - 3 * 5),
        (GameId::MississippiStud, 52 - 2 * 2 - 3),
        (GameId::WptHeadsUp, 52 - 2 * 2 - 2 - 5 - 2),
        (GameId::TexasHoldemBonus, 52 - 2 * 2 - 2 - 5 - 3),
    ];
    for (game, expected) in cases {
        let mut r =
            deckhand::rules::registry::start_round(game, Dealing::ManualShoe, &[1, 2]).unwrap();
        let def = deckhand::rules::registry::round_def(game).unwrap();
        assert!(!r.stub_reached(), "{game:?}: not before the deal");
        for seat in [1u8, 2] {
            let wagers = def
                .spots
                .iter()
                .filter(|s| s.required || s.equals.is_some())
                .map(|s| (s.key.to_string(), 1_000))
                .collect();
            run(&mut r, &BankedCommand::Wagers { seat, wagers }, None).unwrap();
        }
        for c in [BankedCommand::NoMoreBets, BankedCommand::Dealt] {
            run(&mut r, &c, None).unwrap();
        }
        let after = def.stub.unwrap().after;
        assert_eq!(r.stub_reached(), after == StubAfter::Deal, "{game:?}");
        // Each player wagers the least the phase offers; the dealer deals what follows.
        loop {
            let cmd = match r.step.clone() {
                BankedStep::Reveal { .. } => BankedCommand::Revealed,
                BankedStep::Decide { phase, seat } => BankedCommand::Decide {
                    seat,
                    multiple: def.phases[phase].multiples[0],
                },
                _ => break,
            };
            run(&mut r, &cmd, None).unwrap();
        }
        assert_eq!(r.step, BankedStep::Cards, "{game:?}");
        assert!(r.stub_reached(), "{game:?}");
        assert_eq!(r.stub_expected(), expected, "{game:?}");
    }
    // The manual shoe's instruction: the board comes from the shoe before the stub leaves it
    // (§ 677a.8(d), § 647a.8(e)); Crazy 4 Poker's stub leaves right after the deal.
    for (game, said) in [
        (GameId::WptHeadsUp, "Leave the stub in the shoe"),
        (GameId::TexasHoldemBonus, "Leave the stub in the shoe"),
        (GameId::Crazy4Poker, "Then take the stub out of the shoe."),
    ] {
        let (_, text) = deckhand::rules::registry::round_def(game)
            .unwrap()
            .deal_text(Dealing::ManualShoe);
        // § 677a.8(d): WPT's manual-shoe instruction keeps the stub in the shoe for the board;
        // the count waits for the board (`stub_reached` above, false after the deal).
        // § 647a.8(e): Texas Hold 'Em Bonus's manual-shoe instruction leaves the stub in the shoe
        // for the community cards; the count waits for the board (`stub_reached` above).
        assert!(text.contains(said), "{game:?}: {text}");
    }
    // Texas Hold 'Em Bonus: the dealer's two cards under a cover card, whichever way the cards
    // are dealt (§ 647a.8(d), § 647a.9(b), § 647a.10(b)).
    for dealing in [Dealing::ManualShoe, Dealing::Hand, Dealing::AutomatedShoe] {
        let (_, text) = deckhand::rules::registry::round_def(GameId::TexasHoldemBonus)
            .unwrap()
            .deal_text(dealing);
        assert!(
            text.ends_with("Your two cards go face down under a cover card."),
            "{text}"
        );
    }
    // Texas Hold 'Em Bonus: both players fold before the flop; nothing more is dealt.
    let house = deckhand::rules::banked::House::default_for(GameId::TexasHoldemBonus).unwrap();
    let mut r = deckhand::rules::registry::start_round(
        GameId::TexasHoldemBonus,
        Dealing::ManualShoe,
        &[1, 2],
    )
    .unwrap();
    let run = |r: &mut BankedRound, c: BankedCommand| {
        run(r, &c, Some(&house)).unwrap();
    };
    for seat in [1u8, 2] {
        run(
            &mut r,
            BankedCommand::Wagers {
                seat,
                wagers: [("ante".to_string(), 1_000)].into(),
            },
        );
    }
    for c in [
        BankedCommand::NoMoreBets,
        BankedCommand::Dealt,
        BankedCommand::Decide {
            seat: 1,
            multiple: 0,
        },
        BankedCommand::Decide {
            seat: 2,
            multiple: 0,
        },
    ] {
        run(&mut r, c);
    }
    while let BankedStep::Reveal { .. } = r.step {
        run(&mut r, BankedCommand::Revealed);
    }
    assert!(r.stub_reached(), "{:?}", r.step);
    // The hands and the dealer's cards, and only what was revealed after the folds.
    let board: u8 = [4u8, 2, 2]
        .iter()
        .enumerate()
        .filter(|(p, _)| r.revealed.contains(p))
        .map(|(_, n)| n)
        .sum();
    assert_eq!(r.stub_expected(), 52 - 2 * 2 - 2 - board);
}

/// WPT's stub count, and a wrong count's question, cite the section of the table's dealing
/// method: § 677a.8(e)–(g), § 677a.10(d)–(f) (§ 677a.9(d)–(f) for the hand). Dealt from the
/// hand, the table has the counting shuffler (§ 677a.9(a)(1) as the terminal reads it): no stub
/// count is ever due there, the case § 677a.9(d) covers being one the terminal cannot open.
#[test]
fn a_wpt_stub_count_cites_the_section_of_the_dealing_method() {
    use deckhand::rules::registry::Dealing;
    let stub = deckhand::rules::registry::round_def(GameId::WptHeadsUp)
        .unwrap()
        .stub
        .unwrap();
    assert_eq!(stub.section(Dealing::ManualShoe), "§ 677a.8(e)–(g)");
    assert_eq!(stub.section(Dealing::AutomatedShoe), "§ 677a.10(d)–(f)");
    assert_eq!(stub.section(Dealing::Hand), "§ 677a.9(d)–(f)");
    let dir = tempfile::tempdir().unwrap();
    let mut s = common::ui::table(12, GameId::WptHeadsUp);
    s.poker.dealing = Dealing::Hand;
    s.counting_shuffler = true;
    let t = common::ui::opened(&dir.path().join("hand.sqlite"), &s);
    assert!(!t.table().manual_shuffle);
    // § 677a.9(d): a hand-dealt table's shuffler counts every deck, so the dealer never owes
    // the stub count there (the row stays open: a shuffler that does not count is refused).
    assert_eq!(t.table().stub_due(0), StubCount::NotDue);
}

/// Spanish 21 with the counting shuffler, from the real start (`deckhand`'s built-in simulated
/// shuffler on a pseudo-terminal): the shoe is counted whole, 48 cards a deck times the casino's
/// decks (§ 635a.3(a): six by default, 288), over the protocol's two-byte count; a count of 52
/// for the shoe is a wrong count.
#[test]
fn a_spanish_21_shoe_is_counted_as_a_shoe() {
    use std::time::{Duration, Instant};
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("s21.sqlite");
    let mut config = real_config(&db);
    config.shuffler.port = "simulated".into();
    let app = deckhand::app::build(&config, Default::default(), None).unwrap();
    let mut h = harness(app);
    h.run_ok();
    common::play::dealer_signs_in(&mut h, tap);
    tap(&mut h, GameId::Spanish21.name());
    tap(&mut h, "Open table");
    tap(&mut h, "Decks inspected");
    tap(&mut h, "Floorperson verify");
    common::play::floorperson_signs(&mut h);
    tap(&mut h, "Player has inspected");
    tap(&mut h, "Decks washed");
    assert_eq!(h.state().terminal().table().cards_counted(), 288);
    let deadline = Instant::now() + Duration::from_secs(20);
    while !matches!(
        h.state().terminal().table().step(),
        Step::StartRound { .. } | Step::BurnCard
    ) {
        assert!(
            Instant::now() < deadline,
            "no count at {:?}",
            h.state().terminal().table().step()
        );
        if common::ui::ready(&h, "Start shuffle") {
            h.get_by_label("Load the Red shoe into the shuffler");
            h.get_by_label_contains("288 expected");
            tap(&mut h, "Start shuffle");
        } else {
            if h.query_by_label_contains("report its count of 288")
                .is_none()
            {
                assert!(
                    !matches!(
                        h.state().terminal().table().step(),
                        Step::AwaitShuffle { .. }
                    ),
                    "the wait names the shoe's count"
                );
            }
            std::thread::sleep(Duration::from_millis(20));
            h.run_ok();
        }
    }
    // The counted shoe goes from the shuffler into the dealing shoe before its burn (§ 635a.7(c));
    // the shuffler's shoe reads the burn card as it leaves, and the step goes by itself.
    assert_eq!(h.state().terminal().table().step(), Step::BurnCard);
    h.get_by_label_contains(
        "Take the shuffled stack from the shuffler and place it in the dealing shoe",
    );
    h.get_by_label_contains("The shoe reads it");
    let deadline = Instant::now() + Duration::from_secs(10);
    while h.state().terminal().table().step() == Step::BurnCard {
        assert!(Instant::now() < deadline, "the burn card was never read");
        std::thread::sleep(Duration::from_millis(20));
        h.run_ok();
    }
    tap(&mut h, "Floorperson: card reader inspected");
    common::play::floorperson_signs(&mut h);
    h.get_by_label_contains("Deal from the Red shoe");
    let counted = rows_of(&db, "deck_counted");
    // § 635a.5(a): the shoe is shuffled by the automated shuffler before play, its count the
    // shoe's: 48 cards a deck times six decks, 288.
    assert_eq!(counted[0]["counted"], 288);
    // The shoe's card list, past 255 cards, in the protocol's two-byte form: all 288.
    assert_eq!(rows_of(&db, "shuffler_card_list")[0]["cards"], 288);
    assert_eq!(counted[0]["expected"], 288);
    assert_eq!(counted[0]["correct"], true);

    // The rules hold a shoe counted 52 wrong.
    use deckhand::rules::table::Command;
    let mut s = common::ui::table(12, GameId::Spanish21);
    s.counting_shuffler = true;
    let db2 = dir.path().join("rules.sqlite");
    let mut t =
        deckhand::terminal::Terminal::open(deckhand::store::Store::open(&db2).unwrap(), None)
            .unwrap();
    common::terminal::washed(&mut t, s);
    let Step::LoadShuffler { deck } = t.table().step() else {
        panic!("{:?}", t.table().step())
    };
    t.execute(Command::LoadShuffler(deck)).unwrap();
    t.execute(Command::ShufflerCounted { counted: 52 }).unwrap();
    let last = rows_of(&db2, "deck_counted").pop().unwrap();
    assert_eq!(
        (last["expected"].as_i64(), last["correct"].as_bool()),
        (Some(288), Some(false))
    );
    assert!(matches!(t.table().step(), Step::RemoveDeck { .. }));
}
