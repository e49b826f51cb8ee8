//! A house-banked table without the automated shuffler, from the real start (the terminal built
//! as `deckhand` builds it, no shuffler, a manual dealing shoe):
//! - one deck, inspected, shuffled by hand and dealt round after round (§ 657a.3(a), § 655a.3(a),
//!   § 677a.3(a), § 647a.3(a), § 589.3(a)); with the shuffler two decks alternate (§ x.3(b));
//! - the stub counted face down after the deal in the fifth round, not the whole deck between
//!   rounds (§ 657a.8(f), § 655a.8(f), § 677a.8(e), § 647a.8(f));
//! - a wrong count asks whether the cards were misdealt: either way every hand is void and every
//!   wager returned; not misdealt, the deck leaves the table (§ 657a.8(h) and each chapter alike).

use crate::common;

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

/// Mississippi Stud: a stub one short after the deal (2 players, 3 community cards: 45 expected);
/// the dealer finds a misdealt hand, so every hand is void and every wager goes back, the deck
/// stays; the next round counts again.
#[test]
fn a_misdealt_wrong_stub_voids_the_round_and_keeps_the_deck() {
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("ms.sqlite");
    let mut h = opened(&db, GameId::MississippiStud);
    play_until_stub(&mut h, 5);
    let Step::CountStub { expected, .. } = h.state().terminal().table().step() else {
        panic!()
    };
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
    let rebuilt = deckhand::store::replay::read_table(&db).unwrap();
    assert!(rebuilt == *h.state().terminal().table());
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
}

/// The stub a full deck leaves, for every game that counts one: the hands, the dealer's cards,
/// the board and its burns (Texas Hold 'Em Bonus burns three); a board no player stayed in for
/// is not dealt on.
#[test]
fn the_stub_expected_is_what_each_deal_leaves() {
    use deckhand::rules::banked::round::{BankedCommand, BankedRound, BankedStep, Def, StubAfter};
    use deckhand::rules::registry::Dealing;
    let cases = [
        (GameId::Crazy4Poker, 52 - 3 * 5),
        (GameId::MississippiStud, 52 - 2 * 2 - 3),
        (GameId::WptHeadsUp, 52 - 2 * 2 - 2 - 5 - 2),
        (GameId::TexasHoldemBonus, 52 - 2 * 2 - 2 - 5 - 3),
    ];
    for (game, expected) in cases {
        let mut r = BankedRound::start(game, Dealing::ManualShoe, &[1, 2]).unwrap();
        let def = Def::of(game).unwrap();
        assert!(!r.stub_reached(), "{game:?}: not before the deal");
        for seat in [1u8, 2] {
            let wagers = def
                .spots
                .iter()
                .filter(|s| s.required || s.equals.is_some())
                .map(|s| (s.key.to_string(), 1_000))
                .collect();
            let e = r
                .decide(&BankedCommand::Wagers { seat, wagers }, None)
                .unwrap();
            r.apply(&e[0]).unwrap();
        }
        for c in [BankedCommand::NoMoreBets, BankedCommand::Dealt] {
            let e = r.decide(&c, None).unwrap();
            r.apply(&e[0]).unwrap();
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
            let e = r.decide(&cmd, None).unwrap();
            r.apply(&e[0]).unwrap();
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
        let (_, text) = Def::of(game).unwrap().deal_text(Dealing::ManualShoe);
        assert!(text.contains(said), "{game:?}: {text}");
    }
    // Texas Hold 'Em Bonus: the dealer's two cards under a cover card, whichever way the cards
    // are dealt (§ 647a.8(d), § 647a.9(b), § 647a.10(b)).
    for dealing in [Dealing::ManualShoe, Dealing::Hand, Dealing::AutomatedShoe] {
        let (_, text) = Def::of(GameId::TexasHoldemBonus)
            .unwrap()
            .deal_text(dealing);
        assert!(
            text.ends_with("Your two cards go face down under a cover card."),
            "{text}"
        );
    }
    // Texas Hold 'Em Bonus: both players fold before the flop; nothing more is dealt.
    let house = deckhand::rules::banked::House::default_for(GameId::TexasHoldemBonus).unwrap();
    let mut r = BankedRound::start(GameId::TexasHoldemBonus, Dealing::ManualShoe, &[1, 2]).unwrap();
    let run = |r: &mut BankedRound, c: BankedCommand| {
        for e in r.decide(&c, Some(&house)).unwrap() {
            r.apply(&e).unwrap();
        }
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
