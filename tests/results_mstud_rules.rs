//! A Mississippi Stud round settled from the categories the dealer taps (`results.rs`,
//! `mstud::RESULTS`): no hand is compared with the dealer's (§ 655a.11(i)); the cards are keyed
//! only where a payout waits for a floorperson or a wager is paid on the board.
//! The round driven through the rules' decide-then-apply (`common::machine::run_round`), as the table drives it.

use crate::common::machine::{run_round, tapped_results};
use deckhand::rules::Cents;
use deckhand::rules::banked::House;
use deckhand::rules::banked::round::*;
use deckhand::rules::cards::Card;
use deckhand::rules::cards::parse_cards;
use deckhand::rules::games::GameId;
use deckhand::rules::registry::Dealing;
use std::collections::BTreeMap;

fn c(s: &str) -> Vec<Card> {
    parse_cards(s).unwrap()
}

/// Seats 1, 2, 3 with `ante` (seat 3 also `tcb` on the Three Card Bonus), every street at
/// `multiple` times the Ante; at the cards step.
fn at_the_cards(ante: Cents, multiple: u8, tcb: Cents) -> BankedRound {
    let mut r =
        deckhand::rules::registry::start_round(GameId::MississippiStud, Dealing::Hand, &[1, 2, 3])
            .unwrap();
    for seat in [1, 2, 3] {
        let mut w = BTreeMap::from([("ante".to_string(), ante)]);
        if seat == 3 && tcb > 0 {
            w.insert("three_card_bonus".into(), tcb);
        }
        run_round(&mut r, &BankedCommand::Wagers { seat, wagers: w }).unwrap();
    }
    decided(r, |_| multiple)
}

/// `r` dealt and each seat's decisions made as `multiple(seat)` says; at the cards step.
fn decided(mut r: BankedRound, multiple: impl Fn(u8) -> u8) -> BankedRound {
    run_round(&mut r, &BankedCommand::NoMoreBets).unwrap();
    run_round(&mut r, &BankedCommand::Dealt).unwrap();
    for _ in 0..20 {
        match r.step {
            BankedStep::Decide { seat, .. } => run_round(
                &mut r,
                &BankedCommand::Decide {
                    seat,
                    multiple: multiple(seat),
                },
            )
            .unwrap(),
            BankedStep::Reveal { .. } => run_round(&mut r, &BankedCommand::Revealed).unwrap(),
            _ => break,
        }
    }
    assert_eq!(r.step, BankedStep::Cards);
    r
}

fn result(category: &str) -> SeatResult {
    SeatResult {
        category: category.into(),
        versus: None,
        second: None,
    }
}

fn results(cats: [&str; 3]) -> Results {
    tapped_results(
        false,
        (1..=3).zip(cats).map(|(s, c)| (s, result(c))).collect(),
    )
}

fn nets(r: &BankedRound, seat: u8) -> Cents {
    r.settlement
        .as_ref()
        .unwrap()
        .results
        .iter()
        .filter(|w| w.seat == seat)
        .map(|w| w.net)
        .sum()
}

#[test]
fn categories_settle_as_the_cards_would() {
    // By the cards: seat 1 a pair of jacks (wins 1 to 1), seat 2 a pair of 8s (pushes), seat 3
    // ace high (loses), § 655a.11(i).
    let mut keyed = at_the_cards(1000, 1, 0);
    run_round(
        &mut keyed,
        &BankedCommand::keyed(
            vec![(1, c("Jh Jd")), (2, c("8c 8s")), (3, c("Ad 2s"))],
            vec![],
            c("3h 6c Kd"),
        ),
    )
    .unwrap();
    let mut tapped = at_the_cards(1000, 1, 0);
    run_round(
        &mut tapped,
        &BankedCommand::from_results(
            vec![],
            results(["jacks-or-better", "sixes-to-tens", "below-sixes"]),
        ),
    )
    .unwrap();
    for (seat, net) in [(1, 4000), (2, 0), (3, -4000)] {
        assert_eq!(nets(&keyed, seat), net, "seat {seat} by the cards");
        assert_eq!(nets(&tapped, seat), net, "seat {seat} by its category");
    }
    assert!(tapped.community.is_empty(), "no board keyed");
}

#[test]
fn no_hand_is_compared_with_the_dealers() {
    let mut r = at_the_cards(1000, 1, 0);
    let mut with_versus = results(["two-pair", "below-sixes", "below-sixes"]);
    with_versus.seats[0].1.versus = Some(Versus::Wins);
    let e = run_round(&mut r, &BankedCommand::from_results(vec![], with_versus)).unwrap_err();
    assert!(e.contains("§ 655a.11(i)"), "{e}");
    let mut qualifies = results(["two-pair", "below-sixes", "below-sixes"]);
    qualifies.dealer_qualifies = true;
    let e = run_round(&mut r, &BankedCommand::from_results(vec![], qualifies)).unwrap_err();
    assert!(e.contains("no qualification"), "{e}");
}

#[test]
fn a_payout_a_floorperson_validates_is_keyed_with_the_board() {
    // $100 Ante and every street at 3×: $1,000 on the layout; a flush pays 6 to 1, $6,000,
    // above the $1,000 a floorperson validates ([table] validate_over_cents).
    let mut r = at_the_cards(10_000, 3, 0);
    let house = House::default_for(GameId::MississippiStud).unwrap();
    assert!(r.result_needs_cards_in(Some(&house), 1, "flush", None));
    assert!(!r.result_needs_cards_in(Some(&house), 2, "sixes-to-tens", None));
    let cats = ["flush", "sixes-to-tens", "below-sixes"];
    let e = run_round(&mut r, &BankedCommand::from_results(vec![], results(cats))).unwrap_err();
    assert!(e.contains("seat 1") && e.contains("validation"), "{e}");
    // Its cards alone: the board is keyed with them (the hand is read from both).
    let e = run_round(
        &mut r,
        &BankedCommand::from_results(vec![(1, c("2h 9h"))], results(cats)),
    )
    .unwrap_err();
    assert!(e.contains("community"), "{e}");
    // Cards that do not hold the category tapped are refused.
    let mut wrong = BankedCommand::from_results(vec![(1, c("2h 9c"))], results(cats));
    if let BankedCommand::Cards { community, .. } = &mut wrong {
        *community = c("4h Kh Qh");
    }
    let e = run_round(&mut r, &wrong).unwrap_err();
    assert!(e.contains("not flush"), "{e}");
    let mut right = BankedCommand::from_results(vec![(1, c("2h 9h"))], results(cats));
    if let BankedCommand::Cards { community, .. } = &mut right {
        *community = c("4h Kh Qh");
    }
    run_round(&mut r, &right).unwrap();
    assert_eq!(nets(&r, 1), 600_000);
    assert_eq!(r.step, BankedStep::Pay { verify: true });
}

#[test]
fn a_three_card_bonus_needs_the_board() {
    let mut r = at_the_cards(1000, 1, 500);
    assert!(r.results_need_community(false));
    // Trips on the board: no hand is below three of a kind (§ 655a.11(i)).
    let cats = ["three-of-a-kind", "three-of-a-kind", "full-house"];
    let e = run_round(&mut r, &BankedCommand::from_results(vec![], results(cats))).unwrap_err();
    assert!(e.contains("community cards"), "{e}");
    let mut cmd = BankedCommand::from_results(vec![], results(cats));
    if let BankedCommand::Cards { community, .. } = &mut cmd {
        *community = c("5s 5d 5c");
    }
    run_round(&mut r, &cmd).unwrap();
    // Three of a kind on the board pays the Three Card Bonus (paytable A: 30 to 1).
    assert!(nets(&r, 3) > 4000, "{}", nets(&r, 3));
}

/// A hand folded with a Three Card Bonus stays on the table until the bonus is settled
/// (§ 655a.11(b)), and the bonus is paid on the three community cards (§ 655a.7(d)(4)): the
/// results tapped for the seats still in are settled with the board keyed for it (a walk of
/// issue 43 tapped the results and Settle was refused for want of the community cards).
#[test]
fn a_hand_folded_with_a_three_card_bonus_is_settled_with_the_board() {
    let mut r =
        deckhand::rules::registry::start_round(GameId::MississippiStud, Dealing::Hand, &[1, 2])
            .unwrap();
    for (seat, tcb) in [(1, 0), (2, 500)] {
        let mut w = BTreeMap::from([("ante".to_string(), 1000)]);
        if tcb > 0 {
            w.insert("three_card_bonus".into(), tcb);
        }
        run_round(&mut r, &BankedCommand::Wagers { seat, wagers: w }).unwrap();
    }
    // Seat 2 folds on Third Street; seat 1 plays every street at 1×.
    let mut r = decided(r, |seat| u8::from(seat != 2));
    assert!(r.folded.contains(&2) && r.results_allowed().is_some());
    // The board is asked for, though no hand still in has a bonus.
    assert!(r.results_need_community(false));
    let tapped = tapped_results(false, vec![(1, result("two-pair"))]);
    let mut cmd = BankedCommand::from_results(vec![], tapped);
    if let BankedCommand::Cards { community, .. } = &mut cmd {
        *community = c("7d 7c 2h");
    }
    run_round(&mut r, &cmd).unwrap();
    // Seat 2: the Ante lost at the fold, the bonus's pair paid 1 to 1 from the board.
    let bonus = r
        .settlement
        .as_ref()
        .unwrap()
        .results
        .iter()
        .find(|w| w.seat == 2 && w.wager == "three-card-bonus")
        .map(|w| w.net);
    assert_eq!(bonus, Some(500));
}

/// § 655a.11(i): a hand is the player's two cards with the three community cards. Where the board
/// is keyed, a category no two cards make with it is the dealer's slip, refused with the seat
/// (a walk paid "below a pair of 6s" as a loss on a board of Q♠ Q♥ 5♣, where every hand holds at
/// least a pair of queens); the category the board allows settles.
#[test]
fn a_category_the_community_cards_rule_out_is_refused() {
    for (board, impossible, possible) in [
        ("Qs Qh 5c", "below-sixes", "jacks-or-better"),
        ("Qs Qh 5c", "straight", "full-house"),
        ("2s 7h Kc", "flush", "two-pair"),
        ("2s 7h Kc", "full-house", "three-of-a-kind"),
    ] {
        let mut r = at_the_cards(1000, 1, 500);
        let cmd = |seat_2: &str| {
            let mut cmd = BankedCommand::from_results(
                vec![],
                results(["two-pair", seat_2, "three-of-a-kind"]),
            );
            if let BankedCommand::Cards { community, .. } = &mut cmd {
                *community = c(board);
            }
            cmd
        };
        let e = run_round(&mut r, &cmd(impossible)).unwrap_err();
        assert!(
            e.contains("seat 2: no hand is") && e.contains("§ 655a.11(i)"),
            "{board}: {e}"
        );
        run_round(&mut r, &cmd(possible)).unwrap();
        assert!(r.settlement.is_some(), "{board}: {possible}");
    }
}
