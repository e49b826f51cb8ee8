//! Texas Hold 'Em Bonus Poker (Chapter 647a) at its own table, for the rules the shared files
//! (`ui_banked.rs`, `settle_rules.rs`, the round's unit tests) hold only for the other games and
//! are full: the deal instruction of each dealing method (§ 647a.8(d), § 647a.9(b),
//! § 647a.10(b)); a burn before each street whatever the method, and the later wagers only for a
//! Flop Wager and only of the Ante (§ 647a.9(c), § 647a.10(c), § 647a.11(c)–(g)); from the real
//! start, the streets on the screen and the deck shuffled again before the next round
//! (§ 647a.5(a)); with the automated shuffler, two decks alternating (§ 647a.3(b), § 647a.4(d),
//! § 647a.5(c)); from the hand only with that shuffler, covered when it fails (§ 647a.9(a),
//! § 647a.13(g)); the stub counted once the board is out in every fifth round, and a wrong count
//! (§ 647a.8(f),(h), § 647a.10(d),(f)); and the settlement's ties, highest hand and refusals
//! (§ 647a.6(c), § 647a.11(f), § 647a.12(d)(2), § 647a.13(c)).

use crate::common;
use crate::common::machine::run;

use common::play::{open_from_sign_in, play_out};
use common::terminal::{ok, washed};
use common::ui::{keys, real_app, tap};
use deckhand::rules::banked::paytable::Paytables;
use deckhand::rules::banked::round::{BankedCommand, BankedRound, BankedStep};
use deckhand::rules::banked::{HouseRules, Outcome, Settlement};
use deckhand::rules::cards::parse_cards;
use deckhand::rules::games::GameId;
use deckhand::rules::registry::Dealing;
use deckhand::rules::registry::settle_json;
use deckhand::rules::table::{Command, Confirm, DeckStatus, Event, Step};
use deckhand::store::Store;
use deckhand::terminal::Terminal;
use egui_kittest::kittest::Queryable;
use serde_json::{Value, json};

fn settle(round: Value) -> Result<Settlement, String> {
    let p = Paytables::embedded().unwrap();
    settle_json(&round.to_string(), &p, &HouseRules::default()).map_err(|e| e.to_string())
}

/// The deal instruction of each method, word for word: one card at a time (or the shoe's
/// stacks) clockwise from the player farthest to the dealer's left, two face down to each
/// player and two to the dealer, the dealer's under a cover card; from the manual shoe, the
/// stub left in it for the board.
#[test]
fn texas_holdem_bonus_deals_as_each_method_says() {
    let def = deckhand::rules::registry::round_def(GameId::TexasHoldemBonus).unwrap();
    let each = "2 cards face down to each player and 2 to the dealer; 5 community cards come later";
    let cover = " Your two cards go face down under a cover card.";
    let (section, text) = def.deal_text(Dealing::ManualShoe);
    assert_eq!(section, "§ 647a.8");
    // § 647a.8(d): from the manual shoe, one card at a time face down clockwise from the player
    // farthest to the left, two each and two to the dealer under a cover card.
    assert_eq!(
        text,
        format!(
            "From the manual dealing shoe, one card at a time clockwise from the player farthest to your left: {each}. Leave the stub in the shoe: the community cards are dealt from it, then the stub comes out.{cover}"
        )
    );
    let (section, text) = def.deal_text(Dealing::Hand);
    assert_eq!(section, "§ 647a.9");
    // § 647a.9(b): from the hand, the same order and cards, the dealer's under a cover card.
    assert_eq!(
        text,
        format!(
            "From the hand, one card at a time clockwise from the player farthest to your left: {each}.{cover}"
        )
    );
    let (section, text) = def.deal_text(Dealing::AutomatedShoe);
    assert_eq!(section, "§ 647a.10");
    assert_eq!(
        text,
        format!(
            "Deliver the stacks the automated dealing shoe dispenses, clockwise from the player farthest to your left: {each}.{cover}"
        )
    );
}

/// Whatever the dealing method, after the hole cards each street is prompted with its burn;
/// the Turn and River are decided only by the player who placed a Flop Wager (the one who
/// folded is not asked), and a River Wager other than the Ante is refused.
#[test]
fn texas_holdem_bonus_burns_before_each_street_whatever_the_dealing() {
    let def = deckhand::rules::registry::round_def(GameId::TexasHoldemBonus).unwrap();
    let run = |r: &mut BankedRound, c: BankedCommand| {
        run(r, &c, None).unwrap();
    };
    for dealing in [Dealing::ManualShoe, Dealing::Hand, Dealing::AutomatedShoe] {
        let mut r =
            deckhand::rules::registry::start_round(GameId::TexasHoldemBonus, dealing, &[1, 2])
                .unwrap();
        for seat in [1u8, 2] {
            run(
                &mut r,
                BankedCommand::Wagers {
                    seat,
                    wagers: [("ante".to_string(), 1000)].into(),
                },
            );
        }
        run(&mut r, BankedCommand::NoMoreBets);
        run(&mut r, BankedCommand::Dealt);
        // Seat 1 places the Flop Wager, seat 2 folds.
        run(
            &mut r,
            BankedCommand::Decide {
                seat: 1,
                multiple: 2,
            },
        );
        run(
            &mut r,
            BankedCommand::Decide {
                seat: 2,
                multiple: 0,
            },
        );
        let mut said = Vec::new();
        for phase in 0..3 {
            assert_eq!(r.step, BankedStep::Reveal { phase }, "{dealing:?}");
            said.push(def.reveal_text(phase, r.board_first));
            run(&mut r, BankedCommand::Revealed);
            if phase < 2 {
                // § 647a.11(f): only seat 1, who placed a Flop Wager, decides; a wager other than
                // the Ante is refused.
                assert_eq!(
                    r.step,
                    BankedStep::Decide {
                        phase: phase + 1,
                        seat: 1
                    },
                    "{dealing:?}"
                );
                assert!(
                    r.decide(
                        &BankedCommand::Decide {
                            seat: 1,
                            multiple: 2
                        },
                        None
                    )
                    .is_err(),
                    "{dealing:?}: twice the Ante at phase {}",
                    phase + 1
                );
                run(
                    &mut r,
                    BankedCommand::Decide {
                        seat: 1,
                        multiple: 1,
                    },
                );
            }
        }
        // § 647a.11(c): "Burn a card and deal the flop" once every player has decided the Flop.
        // § 647a.11(e): then "Burn a card and deal the turn".
        // § 647a.11(g): then a burn, the river and the dealer's reveal.
        // § 647a.9(c): from the hand too, a burn before each of the flop, the turn and the river.
        // § 647a.10(c): after the automated shoe's stacks too, a burn before each street.
        assert_eq!(
            said,
            [
                "Burn a card and deal the flop",
                "Burn a card and deal the turn",
                "Burn a card, deal the river and reveal the dealer's cards",
            ],
            "{dealing:?}"
        );
        assert_eq!(r.step, BankedStep::Cards, "{dealing:?}");
    }
}

/// From the real start (no shuffler, a manual dealing shoe): the screen prompts each street's
/// burn, asks the Turn and the River only of the player who placed a Flop Wager, and once the
/// round is paid the one deck is shuffled and cut again before round 2 can start.
#[test]
fn texas_holdem_bonus_streets_on_the_screen_and_the_deck_shuffled_again() {
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("streets.sqlite");
    let mut h = real_app(&db, 1280.0, 800.0, 0.25);
    open_from_sign_in(&mut h, GameId::TexasHoldemBonus, tap);
    for seat in [2, 4] {
        tap(&mut h, &format!("Wagers of seat {seat}"));
        tap(&mut h, &format!("Seat {seat} Ante: —"));
        keys(&mut h, "10");
    }
    tap(&mut h, "No more bets");
    tap(&mut h, "Cards dealt");
    h.get_by_label("Seat 2 decides");
    tap(&mut h, "2× · $20.00");
    h.get_by_label("Seat 4 decides");
    tap(&mut h, "Fold");
    // § 647a.11(c): once every player placed a Flop Wager or folded, the burn and the flop.
    h.get_by_label("Burn a card and deal the flop");
    tap(&mut h, "Done");
    h.get_by_label("Seat 2 decides");
    h.get_by_label("Turn wager: 1× the Ante, or check");
    tap(&mut h, "Check");
    // § 647a.11(e): the burn and the turn.
    h.get_by_label("Burn a card and deal the turn");
    tap(&mut h, "Done");
    // § 647a.11(f): seat 2 (seat 4 folded) decides the River: the Ante, or check.
    h.get_by_label("Seat 2 decides");
    h.get_by_label("River wager: 1× the Ante, or check");
    tap(&mut h, "1× · $10.00");
    // § 647a.11(g): the burn, the river and the dealer's cards.
    h.get_by_label("Burn a card, deal the river and reveal the dealer's cards");
    tap(&mut h, "Done");
    play_out(&mut h);
    let t = h.state().terminal().table();
    assert_eq!(t.rounds_played, 1);
    // § 647a.5(a): the deck dealt is shuffled (and cut) again before the next round: no round 2
    // until then.
    assert_eq!(t.step(), Step::ShuffleManually { deck: 0 });
    assert!(!common::ui::ready(&h, "Start round 2"));
    tap(&mut h, "Shuffled and cut");
    assert!(common::ui::ready(&h, "Start round 2"));
}

/// With the automated shuffler (dealt from the hand): two decks of different backs, inspected,
/// spread and washed together at the opening, then loaded into the shuffler one after the
/// other; a deck the shuffler counted goes straight to the round, which deals one deck while
/// the other is shuffled, and the next round deals the other.
#[test]
fn texas_holdem_bonus_with_the_shuffler_alternates_two_decks() {
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("two.sqlite");
    let mut s = common::ui::table(12, GameId::TexasHoldemBonus);
    s.poker.dealing = Dealing::Hand;
    s.counting_shuffler = true;
    let mut t = Terminal::open(Store::open(&db).unwrap(), None).unwrap();
    washed(&mut t, s);
    assert_eq!(t.table().decks.len(), 2);
    assert_ne!(t.table().decks[0].colour, t.table().decks[1].colour);
    // § 647a.4(d): both decks went through the one inspection, spread and wash; then each is
    // loaded into the shuffler in turn, the first now.
    assert_eq!(t.table().step(), Step::LoadShuffler { deck: 0 });
    ok(&mut t, Command::LoadShuffler(0));
    let counted = t.table().cards_counted();
    ok(&mut t, Command::ShufflerCounted { counted });
    // § 647a.5(c): the shuffler's deck goes straight to the round: no cut step.
    // § 647a.3(b): the first deck is dealt while the other goes into the shuffler.
    assert_eq!(
        t.table().step(),
        Step::StartRound {
            deck: 0,
            load: Some(1)
        }
    );
    ok(&mut t, Command::StartRound { seats: vec![2, 4] });
    assert_eq!(t.table().round.as_ref().unwrap().deck, 0);
    assert_eq!(t.table().decks[1].status, DeckStatus::Shuffling);
    ok(&mut t, Command::ShufflerCounted { counted });
    assert_eq!(t.table().decks[1].status, DeckStatus::Shuffled);
    for seat in [2u8, 4] {
        ok(
            &mut t,
            Command::Banked(BankedCommand::Wagers {
                seat,
                wagers: [("ante".to_string(), 1000)].into(),
            }),
        );
    }
    ok(&mut t, Command::Banked(BankedCommand::NoMoreBets));
    ok(&mut t, Command::Banked(BankedCommand::Dealt));
    // The round ends (void: a wrong number of cards dealt).
    t.report_irregularity("banked-wrong-number", None, None, Some(("1001", "246810")))
        .unwrap();
    assert!(t.table().round.is_none());
    // The next round deals the other deck, and the first goes into the shuffler.
    assert_eq!(
        t.table().step(),
        Step::StartRound {
            deck: 1,
            load: Some(0)
        }
    );
}

/// Dealt from the hand, a table opens only with the automated shuffler (§ 647a.9(a)(1)); when
/// the shuffler goes out of service it is covered before anything else, recorded under
/// § 647a.13(g), and play stops until it is back in service or a manual shoe is used.
#[test]
fn texas_holdem_bonus_from_the_hand_needs_its_shuffler() {
    let dir = tempfile::tempdir().unwrap();
    let mut s = common::ui::table(12, GameId::TexasHoldemBonus);
    s.poker.dealing = Dealing::Hand;
    s.counting_shuffler = false;
    let mut t =
        Terminal::open(Store::open(&dir.path().join("none.sqlite")).unwrap(), None).unwrap();
    t.seed_demo_people().unwrap();
    t.sign_in("Alex Rivera", "20417", "112233").unwrap();
    let e = t.execute(Command::OpenTable(s.clone())).unwrap_err();
    // § 647a.9(a): no table dealing this game from the hand opens without the automated
    // shuffler; the refusal names § 647a.9(a)(1).
    assert!(e.contains("§ 647a.9(a)(1)"), "{e}");
    assert!(t.table().setup.is_none());
    s.counting_shuffler = true;
    let mut t = Terminal::open(Store::open(&dir.path().join("out.sqlite")).unwrap(), None).unwrap();
    deckhand::demo::stage_at(&mut t, &s, deckhand::demo::At::Opened).unwrap();
    let events = t.execute(Command::ShufflerOutOfService).unwrap();
    let section = events.iter().find_map(|e| match e {
        Event::Irregularity { section, .. } => Some(section.as_str()),
        _ => None,
    });
    assert_eq!(t.table().step(), Step::CoverShuffler);
    // § 647a.13(g): recorded under this chapter, and no shuffle by hand before the shuffler is
    // covered.
    assert_eq!(section, Some("§ 647a.13(g)"));
    assert!(
        t.execute(Command::Confirm(Confirm::ShuffledAndCut))
            .is_err()
    );
    ok(&mut t, Command::Confirm(Confirm::ShufflerCovered));
    assert_eq!(t.table().step(), Step::ShufflerNeeded);
    assert_eq!(
        t.table().section_of(&Step::ShufflerNeeded),
        "§ 647a.9(a)(1), § 647a.13(g)"
    );
    assert!(
        t.execute(Command::StartRound { seats: vec![2, 4] })
            .is_err()
    );
}

/// Without the counting shuffler, from a manual dealing shoe and from an automated one: four
/// rounds count nothing; the fifth counts its stub once the board is out, before any card is
/// keyed (2 players and the dealer hold 6 cards, the board 5 and its 3 burns: 38 left), under
/// the method's own section; a count above 52 is refused; one card short, not misdealt, voids
/// the round, returns every wager and removes the deck.
#[test]
fn texas_holdem_bonus_counts_its_stub_after_the_board_every_fifth_round() {
    let c = |cards: &str| parse_cards(cards).unwrap();
    let dir = tempfile::tempdir().unwrap();
    for (dealing, section) in [
        (Dealing::ManualShoe, "§ 647a.8(f)–(h)"),
        (Dealing::AutomatedShoe, "§ 647a.10(d)–(f)"),
    ] {
        let db = dir.path().join(format!("{dealing:?}.sqlite"));
        let mut s = common::ui::table(12, GameId::TexasHoldemBonus);
        s.poker.dealing = dealing;
        let mut t = common::ui::opened(&db, &s);
        for number in 1..=5u32 {
            if matches!(t.table().step(), Step::ShuffleManually { deck: 0 }) {
                ok(&mut t, Command::Confirm(Confirm::ShuffledAndCut));
            }
            assert!(
                matches!(t.table().step(), Step::StartRound { deck: 0, .. }),
                "{dealing:?} round {number}: {:?}",
                t.table().step()
            );
            ok(&mut t, Command::StartRound { seats: vec![2, 4] });
            for seat in [2u8, 4] {
                ok(
                    &mut t,
                    Command::Banked(BankedCommand::Wagers {
                        seat,
                        wagers: [("ante".to_string(), 1000)].into(),
                    }),
                );
            }
            // Dealt, every wager placed, the board out.
            while let Some(b) = t.table().round.as_ref().and_then(|r| r.banked.clone()) {
                let cmd = match b.step {
                    BankedStep::Wagers => BankedCommand::NoMoreBets,
                    BankedStep::Deal => BankedCommand::Dealt,
                    BankedStep::Decide { phase, seat } => BankedCommand::Decide {
                        seat,
                        multiple: if phase == 0 { 2 } else { 1 },
                    },
                    BankedStep::Reveal { .. } => BankedCommand::Revealed,
                    _ => break,
                };
                ok(&mut t, Command::Banked(cmd));
            }
            if number == 5 {
                break;
            }
            // Rounds 1 to 4 count nothing: the cards keyed, the round paid.
            ok(
                &mut t,
                Command::Banked(BankedCommand::keyed(
                    vec![(2, c("2c 3d")), (4, c("4h 6s"))],
                    c("Kh Kd"),
                    c("8h 9s Jd Qc 5c"),
                )),
            );
            ok(&mut t, Command::Banked(BankedCommand::Paid));
            assert!(t.table().round.is_none(), "{dealing:?} round {number}");
        }
        let table = t.table();
        assert_eq!(table.round.as_ref().map(|r| r.number), Some(5));
        assert!(
            table
                .round
                .as_ref()
                .unwrap()
                .banked
                .as_ref()
                .unwrap()
                .cards
                .is_empty(),
            "before any card is keyed"
        );
        // § 647a.8(f): no counting shuffler: the fifth round's stub, counted once the board is
        // out, against what a full deck leaves; a count above 52 is refused (below).
        // § 647a.10(d): from an automated dealing shoe the same count, under § 647a.10(d)–(f).
        assert_eq!(
            table.step(),
            Step::CountStub {
                deck: 0,
                expected: 38
            },
            "{dealing:?}"
        );
        assert_eq!(table.section_of(&table.step()), section);
        assert!(t.execute(Command::CountStub { counted: 53 }).is_err());
        let wagers = t.table().round.as_ref().unwrap().refunds();
        ok(&mut t, Command::CountStub { counted: 37 });
        assert_eq!(
            t.table().step(),
            Step::StubWrong {
                deck: 0,
                counted: 37,
                expected: 38
            }
        );
        let events = t.execute(Command::StubMisdeal { misdealt: false }).unwrap();
        // § 647a.8(h): a wrong count, not misdealt: every hand void, every wager returned and
        // the entire deck removed, journaled under the section.
        // § 647a.10(f): the same from an automated dealing shoe, under § 647a.10(d)–(f).
        assert!(
            events
                .iter()
                .any(|e| matches!(e, Event::Irregularity { section: got, .. } if got == section)),
            "{events:?}"
        );
        assert!(
            events
                .iter()
                .any(|e| matches!(e, Event::RoundVoided { refunds, .. } if *refunds == wagers)),
            "{events:?}"
        );
        assert!(t.table().round.is_none());
        assert_eq!(t.table().step(), Step::InspectReplacement { deck: 0 });
    }
    // From the hand the table has the counting shuffler (§ 647a.9(a)(1)), so no stub is owed;
    // the count and its answer would cite the hand's own section.
    let stub = deckhand::rules::registry::round_def(GameId::TexasHoldemBonus)
        .unwrap()
        .stub
        .unwrap();
    // § 647a.9(d): the hand's count cites § 647a.9(d)–(f).
    // § 647a.9(f): and so does a wrong count's misdeal question.
    assert_eq!(stub.section(Dealing::Hand), "§ 647a.9(d)–(f)");
}

/// Identical hands tie and every wager against the dealer is returned; otherwise the highest
/// card one hand holds and the other does not decides.
#[test]
fn thb_identical_hands_push_and_the_highest_card_not_shared_decides() {
    let round = |cards: &str| {
        json!({"game": "texas-holdem-bonus", "dealer": "2c 3d", "community": "Ah Kd Qc 8h 6s",
            "seats": [{"seat": 1, "cards": cards, "wagers": {"ante": 1000}, "flop": 2000, "turn": 1000, "river": 1000}]})
    };
    // Both play the board, ace, king, queen, eight, six.
    let s = settle(round("2h 4s")).unwrap();
    for wager in ["ante", "flop", "turn", "river"] {
        let r = s
            .results
            .iter()
            .find(|r| r.seat == 1 && r.wager == wager)
            .unwrap_or_else(|| panic!("no {wager}: {:#?}", s.results));
        // § 647a.6(c): identical hands tie, and the settlement returns each wager.
        assert_eq!((r.result, r.net), (Outcome::Push, 0), "{wager}");
    }
    // The jack is the highest card not in the dealer's hand: the Flop Wager wins.
    let s = settle(round("Jh 4s")).unwrap();
    let flop = s
        .results
        .iter()
        .find(|r| r.seat == 1 && r.wager == "flop")
        .unwrap();
    assert_eq!((flop.result, flop.net), (Outcome::Win, 2000));
}

/// The settlement refuses a River Wager other than the Ante or without a Flop Wager, and a
/// board of the wrong number of cards; a progressive royal flush is paid on its line alone.
#[test]
fn thb_settlement_refuses_a_wrong_river_and_board_and_pays_the_highest_hand_only() {
    let round = |community: &str, flop: i64, river: i64| {
        json!({"game": "texas-holdem-bonus", "dealer": "Kh 3c", "community": community,
            "seats": [{"seat": 1, "cards": "8s 9d", "wagers": {"ante": 1000}, "flop": flop, "turn": 0, "river": river}]})
    };
    let board = "5c 6d 7h Kc 2s";
    settle(round(board, 2000, 1000)).unwrap();
    for (flop, river) in [(2000, 2000), (2000, 500), (0, 1000)] {
        let e = settle(round(board, flop, river)).unwrap_err();
        // § 647a.11(f): the River Wager is the Ante, only after a Flop Wager; anything else is
        // refused with the section.
        assert!(e.contains("§ 647a.11(f)"), "{e}");
    }
    let e = settle(round("5c 6d 7h Kc", 2000, 1000)).unwrap_err();
    // § 647a.13(c): a board of the wrong number of cards is refused, not settled: the round is
    // void.
    assert!(
        e.starts_with("community:") && e.contains("§ 647a.13(c)"),
        "{e}"
    );
    let s = settle(json!({"game": "texas-holdem-bonus", "dealer": "2c 3c", "community": "Qs Js Ts 4d 5h",
        "meters": {"progressive": 5_000_000},
        "seats": [{"seat": 1, "cards": "As Ks", "wagers": {"ante": 500, "progressive": 100}, "flop": 1000}]}))
    .unwrap();
    let progressive: Vec<_> = s
        .results
        .iter()
        .filter(|r| r.seat == 1 && r.wager == "progressive")
        .collect();
    // § 647a.12(d): the royal flush is paid 100% of the meter, on its line alone (not also as
    // the straight flush, flush or straight it holds).
    assert_eq!(progressive.len(), 1, "{progressive:?}");
    assert_eq!(progressive[0].paid, 5_000_000);
}

/// The one result of `wager` at `seat`.
fn result_of<'a>(
    s: &'a Settlement,
    seat: u8,
    wager: &str,
) -> &'a deckhand::rules::banked::WagerResult {
    s.results
        .iter()
        .find(|r| r.seat == seat && r.wager == wager)
        .unwrap_or_else(|| panic!("no {wager} at seat {seat}: {:#?}", s.results))
}

/// The settlement takes betting positions 1 to 6 only; a player who makes no Flop Wager folds
/// and loses his Ante.
#[test]
fn thb_settlement_refuses_a_seventh_position_and_a_fold_loses_the_ante() {
    let round = |seat: u8, flop: i64| {
        json!({"game": "texas-holdem-bonus", "dealer": "Kh 3c", "community": "5c 6d 7h Kc 2s",
            "seats": [{"seat": seat, "cards": "8s 9d", "wagers": {"ante": 1000}, "flop": flop}]})
    };
    let e = settle(round(7, 2000)).unwrap_err();
    // § 647a.2(a): a seventh betting position is refused by the settlement, citing the section.
    assert!(e.contains("§ 647a.2(a)"), "{e}");
    let s = settle(round(1, 0)).unwrap();
    let ante = result_of(&s, 1, "ante");
    // § 647a.11(b): no Flop Wager is a fold, and the folded hand's Ante is lost
    // (§ 647a.11(b)(2)).
    assert_eq!((ante.result, ante.net), (Outcome::Lose, -1000));
    assert_eq!(ante.section, "§ 647a.11(b)(2)");
    assert_eq!(s.totals.players, -1000);
}

/// A hand the dealer's beats loses each wager against the dealer; the seat's Bonus is settled
/// after its Ante, Flop and Turn.
#[test]
fn thb_a_loss_collects_each_wager_and_the_bonus_follows_the_main_wagers() {
    // King high against the dealer's kings.
    let s = settle(json!({"game": "texas-holdem-bonus", "dealer": "Kh 3c", "community": "5c 6d 7h Kc 2s",
        "seats": [{"seat": 1, "cards": "9s 4d", "wagers": {"ante": 1000, "bonus": 500}, "flop": 2000, "turn": 1000}]}))
    .unwrap();
    // § 647a.11(h): a loss collects the Ante, the Flop and the Turn, each under
    // § 647a.11(h)(2)(i).
    for (wager, stake) in [("ante", 1000), ("flop", 2000), ("turn", 1000)] {
        let r = result_of(&s, 1, wager);
        assert_eq!((r.result, r.net), (Outcome::Lose, -stake), "{wager}");
        assert_eq!(r.section, "§ 647a.11(h)(2)(i)", "{wager}");
    }
    // § 647a.11(h): then the Bonus (not a paying two-card hand: collected).
    let order: Vec<&str> = s.results.iter().map(|r| r.wager.as_str()).collect();
    assert_eq!(order, ["ante", "flop", "turn", "bonus"]);
    assert_eq!(result_of(&s, 1, "bonus").net, -500);
}

/// The payout limit is the casino's, never below $50,000, and never cuts a progressive payout.
#[test]
fn thb_payout_limit_is_the_casinos_and_never_cuts_the_progressive() {
    let round = |rules: Value| {
        json!({"game": "texas-holdem-bonus", "rules": rules, "dealer": "As Ac", "community": "2c 5d 9s Jc 3h",
            "seats": [{"seat": 1, "cards": "Ah Ad", "wagers": {"ante": 1000, "bonus": 10000}, "flop": 2000}]})
    };
    // § 647a.12(c): aces with the dealer's aces, 1,000 to 1 on $100, is $100,000: a $75,000
    // limit cuts it to $75,000 (the default $50,000 to $50,000).
    let s = settle(round(json!({"payout_limit_cents": 7_500_000}))).unwrap();
    assert_eq!(result_of(&s, 1, "bonus").net, 7_500_000);
    assert_eq!(
        result_of(&settle(round(json!({}))).unwrap(), 1, "bonus").net,
        5_000_000
    );
    // § 647a.12(c): a limit under $50,000 is refused.
    let e = settle(round(json!({"payout_limit_cents": 4_999_999}))).unwrap_err();
    assert!(e.contains("§ 647a.12(c)"), "{e}");
    // § 647a.12(c): a progressive royal flush on an $80,000 meter is paid in full.
    let s = settle(json!({"game": "texas-holdem-bonus", "dealer": "2c 3c", "community": "Qs Js Ts 4d 5h",
        "meters": {"progressive": 8_000_000},
        "seats": [{"seat": 1, "cards": "As Ks", "wagers": {"ante": 500, "progressive": 100}, "flop": 1000}]}))
    .unwrap();
    let p = result_of(&s, 1, "progressive");
    assert_eq!(p.paid, 8_000_000);
    assert!(!p.explanation.contains("payout limit"), "{}", p.explanation);
}
