//! The Spanish 21 round (`spanish21/play21.rs`), driven through the rules' decide-then-apply
//! (`common::machine::run_round`) as the table drives it: a shoe's cards, the reader, doubles,
//! splits, surrenders, rescues and refunds.

use crate::common::machine::run_round;
use deckhand::rules::banked::round::GameStep;
use deckhand::rules::banked::round::{BankedRound, BankedStep};
use deckhand::rules::banked::spanish21::play21::*;
use deckhand::rules::cards::Card;
use std::collections::BTreeMap;

/// A card keyed by the dealer (no reading shoe).
fn keyed(card: Card) -> Command21 {
    Command21::Card { card, read: None }
}
use deckhand::rules::banked::round::BankedCommand;
use deckhand::rules::cards::{cards_codes, parse_cards};
use deckhand::rules::dealing::Dealing;
use deckhand::rules::game_id::GameId;

fn round(seats: &[u8]) -> BankedRound {
    round_with(seats, None)
}

/// A round at a table with the casino's `rules` (none: a round from before the round knew them).
fn round_with(seats: &[u8], rules: Option<&deckhand::rules::banked::HouseRules>) -> BankedRound {
    let mut r =
        deckhand::rules::registry::start_round(GameId::Spanish21, Dealing::ManualShoe, seats)
            .unwrap()
            .with_resplits(rules);
    for s in seats {
        run_round(
            &mut r,
            &BankedCommand::Wagers {
                seat: *s,
                wagers: [("ante".to_string(), 1000)].into(),
            },
        )
        .unwrap();
    }
    run_round(&mut r, &BankedCommand::NoMoreBets).unwrap();
    r
}

fn play(r: &mut BankedRound, c: Command21) -> Result<(), deckhand::rules::machine::Refusal> {
    run_round(r, &BankedCommand::from(c))
}

/// Each box's first two cards and the dealer's up card, keyed (§ 635a.7(e)).
fn dealt(r: &mut BankedRound, seats: Vec<(u8, Vec<Card>)>, up: Card) {
    play(
        r,
        Command21::Dealt {
            seats,
            up,
            read: vec![],
        },
    )
    .unwrap();
}

#[test]
fn a_card_more_often_than_a_shoe_holds_is_refused() {
    // Four boxes of two 7♠: eight, as many as a shoe of eight decks holds.
    let mut r = round(&[1, 2, 3, 4]);
    let c = |s: &str| parse_cards(s).unwrap();
    dealt(
        &mut r,
        (1..=4).map(|s| (s, vec![c("7s")[0]; 2])).collect(),
        c("5h")[0],
    );
    assert_eq!(
        r.step,
        BankedStep::Own(GameStep::Spanish21(Step21::Hand { seat: 1, hand: 0 }))
    );
    let sevens = r.in_play21().filter(|x| **x == c("7s")[0]).count();
    assert_eq!(sevens, MOST_DECKS);
    // A ninth is refused (§ 635a.3(a)), and nothing changes.
    let e = play(&mut r, keyed(c("7s")[0])).unwrap_err();
    assert!(e.contains("dealt 9 times"), "{e}");
    assert_eq!(r.in_play21().count(), 9);
    assert_eq!(cards_codes(&c("As 7s")), "As 7s");
}

/// § 635a.7(M): a 21 of three cards is a sure win against a dealer without Blackjack, so
/// the dealer turns the hole card and draws nothing; the settlement pays it.
#[test]
fn a_sure_21_leaves_the_dealer_nothing_to_draw() {
    let mut r = round(&[2]);
    let c = |s: &str| parse_cards(s).unwrap()[0];
    dealt(&mut r, vec![(2, vec![c("6c"), c("5d")])], c("6h"));
    play(&mut r, keyed(c("Kh"))).unwrap();
    // 21 in three cards: the hand is done, the dealer's turn.
    assert_eq!(r.step, BankedStep::Own(GameStep::Spanish21(Step21::Dealer)));
    // The hole card: 6 and 5, eleven; below 17, but nothing to draw for.
    play(&mut r, keyed(c("5s"))).unwrap();
    // § 635a.7(m): with every decision made and nothing the count could change, the dealer
    // draws nothing, even below 17.
    assert_ne!(
        r.step,
        BankedStep::Own(GameStep::Spanish21(Step21::Dealer)),
        "{:?}",
        r.step
    );
    // A hand of 20 still makes the dealer draw to 17.
    let mut r = round(&[2]);
    dealt(&mut r, vec![(2, vec![c("Kc"), c("Qd")])], c("6h"));
    play(&mut r, Command21::Stand).unwrap();
    play(&mut r, keyed(c("5s"))).unwrap();
    assert_eq!(r.step, BankedStep::Own(GameStep::Spanish21(Step21::Dealer)));
}

/// § 635a.8(d): with no Blackjack, the losing insurance is collected right after the
/// reader, before any card is drawn; a void round after that no longer returns it.
#[test]
fn losing_insurance_is_collected_before_any_draw() {
    let mut r = round(&[1, 2]);
    let c = |s: &str| parse_cards(s).unwrap()[0];
    dealt(
        &mut r,
        vec![(1, vec![c("9s"), c("7d")]), (2, vec![c("8h"), c("6c")])],
        c("Ac"),
    );
    play(
        &mut r,
        Command21::Insure {
            seat: 1,
            amount: 500,
        },
    )
    .unwrap();
    play(&mut r, Command21::Insure { seat: 2, amount: 0 }).unwrap();
    assert_eq!(r.refunds(), vec![(1, 1500), (2, 1000)]);
    play(&mut r, Command21::Reader { blackjack: false }).unwrap();
    assert_eq!(
        r.step,
        BankedStep::Own(GameStep::Spanish21(Step21::CollectInsurance))
    );
    // No card before the insurance is collected.
    assert!(play(&mut r, Command21::Stand).is_err());
    play(&mut r, Command21::InsuranceCollected).unwrap();
    assert_eq!(
        r.step,
        BankedStep::Own(GameStep::Spanish21(Step21::Hand { seat: 1, hand: 0 }))
    );
    assert_eq!(r.refunds(), vec![(1, 1000), (2, 1000)]);
    // Without insurance placed, or with a Blackjack, there is nothing to collect.
    let mut r = round(&[1]);
    dealt(&mut r, vec![(1, vec![c("9s"), c("7d")])], c("Kc"));
    play(&mut r, Command21::Reader { blackjack: false }).unwrap();
    assert_eq!(
        r.step,
        BankedStep::Own(GameStep::Spanish21(Step21::Hand { seat: 1, hand: 0 }))
    );
}

/// § 635a.7(h)(1): against a 2 to 9 up a Blackjack is paid in its turn and its cards
/// removed; against an ace or a picture card it waits for the hole card.
#[test]
fn a_blackjack_against_a_low_card_is_paid_at_once() {
    let mut r = round(&[1, 2]);
    let c = |s: &str| parse_cards(s).unwrap()[0];
    dealt(
        &mut r,
        vec![(1, vec![c("Ah"), c("Kd")]), (2, vec![c("9s"), c("7d")])],
        c("6c"),
    );
    // § 635a.7(h): seat 1's Blackjack against a 6 up is paid in its turn, before seat 2 decides; against a king it waits (below).
    assert_eq!(
        r.step,
        BankedStep::Own(GameStep::Spanish21(Step21::PayBlackjack { seat: 1 }))
    );
    assert!(play(&mut r, Command21::Stand).is_err());
    play(&mut r, Command21::BlackjackPaid).unwrap();
    assert_eq!(
        r.step,
        BankedStep::Own(GameStep::Spanish21(Step21::Hand { seat: 2, hand: 0 }))
    );
    // Paid at the table: a void round no longer returns that wager.
    assert_eq!(r.refunds(), vec![(1, 0), (2, 1000)]);
    // A king up: no payment before the hole card.
    let mut r = round(&[1]);
    dealt(&mut r, vec![(1, vec![c("Ah"), c("Kd")])], c("Kc"));
    play(&mut r, Command21::Reader { blackjack: false }).unwrap();
    assert!(!matches!(
        r.step,
        BankedStep::Own(GameStep::Spanish21(Step21::PayBlackjack { .. }))
    ));
}

/// § 635a.10(b), § 635a.11(d): the reader finds a dealer Blackjack before any decision, so
/// no box can double or split against it; the round goes to the hole card.
#[test]
fn no_double_or_split_against_a_blackjack_the_reader_found() {
    let mut r = round(&[1, 2]);
    let c = |s: &str| parse_cards(s).unwrap()[0];
    dealt(
        &mut r,
        vec![(1, vec![c("6c"), c("5d")]), (2, vec![c("8s"), c("8d")])],
        c("Kc"),
    );
    // Before the reader, no decision.
    assert!(play(&mut r, Command21::Double { amount: 1000 }).is_err());
    assert!(play(&mut r, Command21::Split).is_err());
    play(&mut r, Command21::Reader { blackjack: true }).unwrap();
    assert!(
        !matches!(
            r.step,
            BankedStep::Own(GameStep::Spanish21(Step21::Hand { .. }))
        ),
        "{:?}",
        r.step
    );
    assert!(play(&mut r, Command21::Double { amount: 1000 }).is_err());
    assert!(play(&mut r, Command21::Split).is_err());
    assert_eq!(
        r.refunds(),
        vec![(1, 1000), (2, 1000)],
        "nothing more at stake"
    );
}

#[test]
fn a_rescued_double_is_not_refunded_twice() {
    let mut r = round(&[3]);
    let c = |s: &str| parse_cards(s).unwrap()[0];
    dealt(&mut r, vec![(3, vec![c("6c"), c("5d")])], c("9h"));
    // A double of more than the wager is refused (§ 635a.10(a)).
    let e = play(&mut r, Command21::Double { amount: 1500 }).unwrap_err();
    assert!(e.contains("§ 635a.10(a)"), "{e}");
    play(&mut r, Command21::Double { amount: 1000 }).unwrap();
    assert_eq!(r.refunds(), vec![(3, 2000)]);
    play(&mut r, keyed(c("2h"))).unwrap();
    // One card only after a double down (§ 635a.7(j)(2)).
    let e = play(&mut r, keyed(c("3h"))).unwrap_err();
    assert!(e.contains("one additional card"), "{e}");
    play(&mut r, Command21::Rescue).unwrap();
    assert_eq!(r.refunds(), vec![(3, 1000)]);
    assert_eq!(r.step, BankedStep::Own(GameStep::Spanish21(Step21::Dealer)));
}

#[test]
fn even_money_only_for_a_blackjack_and_in_turn() {
    let mut r = round(&[1, 2]);
    let c = |s: &str| parse_cards(s).unwrap()[0];
    dealt(
        &mut r,
        vec![(1, vec![c("9s"), c("7d")]), (2, vec![c("Ah"), c("Qc")])],
        c("Ac"),
    );
    let e = play(&mut r, Command21::EvenMoney { seat: 2 }).unwrap_err();
    assert!(e.contains("seat 1 is offered insurance now"), "{e}");
    let e = play(&mut r, Command21::EvenMoney { seat: 1 }).unwrap_err();
    assert!(
        e.contains("even money is for a Blackjack (§ 635a.8(e))"),
        "{e}"
    );
    play(&mut r, Command21::Insure { seat: 1, amount: 0 }).unwrap();
    play(&mut r, Command21::EvenMoney { seat: 2 }).unwrap();
    // Paid at once: a void round no longer returns that wager (§ 635a.8(e)).
    assert_eq!(r.refunds(), vec![(1, 1000), (2, 0)]);
    let input = r.settle_input(&BTreeMap::new());
    let seats = &input["seats"];
    assert_eq!(seats[1]["even_money"], true);
    assert_eq!(seats[0]["even_money"], false);
    assert_eq!(r.step, BankedStep::Own(GameStep::Spanish21(Step21::Reader)));
}

/// § 635a.11(c): a box splits again as many times as the Rules Submission allows, aces
/// included, and no more; what the screen offers is the round's own answer (`allows21`).
#[test]
fn a_box_splits_again_as_often_as_the_rules_submission_allows() {
    let c = |s: &str| parse_cards(s).unwrap()[0];
    for more in [0u8, 1, 2] {
        let mut rules = deckhand::rules::banked::HouseRules::default();
        rules.edit(|g: &mut deckhand::rules::banked::spanish21::Rules| g.resplits = more);
        let mut r = round_with(&[1], Some(&rules));
        dealt(&mut r, vec![(1, vec![c("8s"), c("8d")])], c("6c"));
        let eights = ["8h", "8c", "8s", "8d"];
        for (split, eight) in eights.iter().enumerate().take(1 + usize::from(more)) {
            assert_eq!(r.allows21(&Command21::Split), Ok(()), "split {}", split + 1);
            play(&mut r, Command21::Split).unwrap();
            // The first hand's second card: another eight, a pair again.
            play(&mut r, keyed(c(eight))).unwrap();
        }
        let refused = r.allows21(&Command21::Split).unwrap_err();
        assert!(refused.cites("§ 635a.11(c)"), "{refused}");
        assert_eq!(play(&mut r, Command21::Split), Err(refused));
        assert_eq!(
            r.spanish21().unwrap().hands[&1].len(),
            2 + usize::from(more)
        );
    }
    // A round from before the round knew the number: the settlement checks it.
    let mut r = round(&[1]);
    dealt(&mut r, vec![(1, vec![c("8s"), c("8d")])], c("6c"));
    for eight in ["8h", "8c", "8s", "8d"] {
        play(&mut r, Command21::Split).unwrap();
        play(&mut r, keyed(c(eight))).unwrap();
    }
}
