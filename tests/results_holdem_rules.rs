//! WPT Heads-Up and Texas Hold 'Em Bonus rounds settled from the results the dealer taps
//! (`results.rs`, `by_result.rs`), against the same rounds settled from their cards.
//! The round driven through the rules' decide-then-apply (`common::machine::run_round`), as the table drives it.

use crate::common::machine::{run_round, tapped_results};
use deckhand::rules::Cents;
use deckhand::rules::banked::round::*;
use deckhand::rules::cards::Card;
use deckhand::rules::cards::parse_cards;
use deckhand::rules::games::GameId;
use deckhand::rules::registry::Dealing;
use std::collections::BTreeMap;

fn c(s: &str) -> Vec<Card> {
    parse_cards(s).unwrap()
}

/// Seats 1, 2, 3 with a $10 Ante (and `side` on seat 2's `side_key`); each decision from
/// `decide(seat, phase)`; at the cards step.
fn at_the_cards(
    game: GameId,
    side: Option<(&str, Cents)>,
    decide: impl Fn(u8, usize) -> u8,
) -> BankedRound {
    let mut r = deckhand::rules::registry::start_round(game, Dealing::Hand, &[1, 2, 3]).unwrap();
    for seat in [1, 2, 3] {
        let mut w = BTreeMap::from([("ante".to_string(), 1000)]);
        if game == GameId::WptHeadsUp {
            w.insert("odds".into(), 1000);
        }
        if let Some((k, v)) = side.filter(|_| seat == 2) {
            w.insert(k.into(), v);
        }
        run_round(&mut r, &BankedCommand::Wagers { seat, wagers: w }).unwrap();
    }
    run_round(&mut r, &BankedCommand::NoMoreBets).unwrap();
    run_round(&mut r, &BankedCommand::Dealt).unwrap();
    for _ in 0..30 {
        match r.step {
            BankedStep::Decide { seat, phase } => run_round(
                &mut r,
                &BankedCommand::Decide {
                    seat,
                    multiple: decide(seat, phase),
                },
            )
            .unwrap(),
            BankedStep::Reveal { .. } => run_round(&mut r, &BankedCommand::Revealed).unwrap(),
            _ => break,
        }
    }
    assert_eq!(r.step, BankedStep::Cards, "{:?}", r.step);
    r
}

/// WPT: seat 1 raises 3× before the flop, seat 2 1×, seat 3 checks twice and folds.
fn wpt() -> BankedRound {
    at_the_cards(GameId::WptHeadsUp, None, |seat, phase| {
        match (seat, phase) {
            (1, 0) => 3,
            (2, 0) => 1,
            _ => 0,
        }
    })
}

fn result(category: &str, versus: Option<Versus>) -> SeatResult {
    SeatResult {
        category: category.into(),
        versus,
        second: None,
    }
}

fn results(qualifies: bool, seats: [(&str, Versus); 2]) -> Results {
    tapped_results(
        qualifies,
        (1..=2)
            .zip(seats)
            .map(|(s, (c, v))| (s, result(c, Some(v))))
            .collect(),
    )
}

fn nets(r: &BankedRound) -> Vec<Cents> {
    let s = r.settlement.as_ref().unwrap();
    (1..=3)
        .map(|seat| {
            s.results
                .iter()
                .filter(|w| w.seat == seat)
                .map(|w| w.net)
                .sum()
        })
        .collect()
}

#[test]
fn wpt_results_settle_as_the_cards_would() {
    // The dealer's pair of 3s qualifies (§ 677a.11(h)); seat 1's ace-high flush and seat 2's
    // king-high straight beat it; seat 3 folded.
    let mut keyed = wpt();
    run_round(
        &mut keyed,
        &BankedCommand::keyed(
            vec![(1, c("Ah 5h")), (2, c("Jc Ts")), (3, c("4s 6d"))],
            c("3c 3d"),
            c("Kh Qd 7h 2h 9c"),
        ),
    )
    .unwrap();
    let mut tapped = wpt();
    run_round(
        &mut tapped,
        &BankedCommand::from_results(
            vec![],
            results(true, [("flush", Versus::Wins), ("straight", Versus::Wins)]),
        ),
    )
    .unwrap();
    // Seat 1: Ante 1 to 1, the $30 Raise 1 to 1, the Odds 3 to 2 on a flush (§ 677a.12(a),(b)).
    assert_eq!(nets(&keyed), vec![5500, 3000, -2000]);
    assert_eq!(nets(&tapped), nets(&keyed));
}

#[test]
fn wpt_a_straight_beaten_by_a_qualifying_dealer_earns_the_bad_beat() {
    let mut r = wpt();
    run_round(
        &mut r,
        &BankedCommand::from_results(
            vec![],
            results(
                true,
                [
                    ("below-straight", Versus::Ties),
                    ("straight", Versus::Loses),
                ],
            ),
        ),
    )
    .unwrap();
    // Seat 2: Ante and Raise lose, the Odds pays the Bad Beat 4 to 1 (§ 677a.12(c)).
    assert_eq!(nets(&r), vec![0, 2000, -2000]);
    // The dealer does not qualify: the Ante pushes, the Raise and the Odds are still compared
    // (§ 677a.11(h)(1)).
    let mut r = wpt();
    run_round(
        &mut r,
        &BankedCommand::from_results(
            vec![],
            results(
                false,
                [
                    ("below-straight", Versus::Wins),
                    ("straight", Versus::Loses),
                ],
            ),
        ),
    )
    .unwrap();
    assert_eq!(nets(&r), vec![3000, -2000, -2000]);
}

#[test]
fn wpt_every_hand_is_compared_and_side_wagers_key_every_card() {
    let mut r = wpt();
    let mut no_versus = results(false, [("flush", Versus::Wins), ("straight", Versus::Wins)]);
    no_versus.seats[0].1.versus = None;
    let e = run_round(&mut r, &BankedCommand::from_results(vec![], no_versus)).unwrap_err();
    assert!(
        e.contains("seat 1") && e.contains("beat, tied or lost"),
        "{e}"
    );
    // A Pocket Bonus pays on the cards (§ 677a.12(d)): no results for the round.
    let mut pocket = at_the_cards(GameId::WptHeadsUp, Some(("pocket_bonus", 500)), |_, p| {
        u8::from(p == 0)
    });
    assert!(pocket.results_allowed().is_none());
    let e = run_round(
        &mut pocket,
        &BankedCommand::from_results(
            vec![],
            tapped_results(
                true,
                (1..=3)
                    .map(|s| (s, result("below-straight", Some(Versus::Loses))))
                    .collect(),
            ),
        ),
    )
    .unwrap_err();
    assert!(e.contains("Pocket Bonus"), "{e}");
}

/// Texas Hold 'Em Bonus: seat 1 makes every wager ($20 Flop, $10 Turn and River), seat 2 the
/// Flop Wager only, seat 3 folds.
fn thb() -> BankedRound {
    at_the_cards(GameId::TexasHoldemBonus, None, |seat, phase| {
        match (seat, phase) {
            (3, _) => 0,
            (_, 0) => 2,
            (1, _) => 1,
            _ => 0,
        }
    })
}

#[test]
fn thb_results_settle_as_the_cards_would() {
    // The dealer's pair of 3s; seat 1's flush beats it (the Ante pays from a straight), seat
    // 2's pair of kings beats it too (the Ante pushes, § 647a.11(h)(2)(ii)).
    let mut keyed = thb();
    run_round(
        &mut keyed,
        &BankedCommand::keyed(
            vec![(1, c("Ah 5h")), (2, c("Kc 4s")), (3, c("4d 6d"))],
            c("3c 3d"),
            c("Kh Qd 7h 2h 9c"),
        ),
    )
    .unwrap();
    let mut tapped = thb();
    run_round(
        &mut tapped,
        &BankedCommand::from_results(
            vec![],
            tapped_results(
                false,
                vec![
                    (1, result("flush-or-better", Some(Versus::Wins))),
                    (2, result("below-straight", Some(Versus::Wins))),
                ],
            ),
        ),
    )
    .unwrap();
    // Seat 1: Ante, Flop, Turn and River 1 to 1; seat 2: the Ante pushes, the Flop pays.
    assert_eq!(nets(&keyed), vec![5000, 2000, -1000]);
    assert_eq!(nets(&tapped), nets(&keyed));
    assert!(tapped.dealer.is_empty() && tapped.community.is_empty());
}

#[test]
fn thb_has_no_qualification_and_its_bonus_keys_every_card() {
    let mut r = thb();
    // A qualification the game does not have.
    let e = run_round(
        &mut r,
        &BankedCommand::from_results(
            vec![],
            tapped_results(
                true,
                vec![
                    (1, result("straight", Some(Versus::Loses))),
                    (2, result("straight", Some(Versus::Ties))),
                ],
            ),
        ),
    )
    .unwrap_err();
    assert!(e.contains("no qualification"), "{e}");
    run_round(
        &mut r,
        &BankedCommand::from_results(
            vec![],
            tapped_results(
                false,
                vec![
                    (1, result("straight", Some(Versus::Loses))),
                    (2, result("straight", Some(Versus::Ties))),
                ],
            ),
        ),
    )
    .unwrap();
    assert_eq!(nets(&r), vec![-5000, 0, -1000]);
    // The Bonus pays on the hole cards, its top line on the dealer's aces (§ 647a.12(b)).
    let bonus = at_the_cards(GameId::TexasHoldemBonus, Some(("bonus", 500)), |_, p| {
        if p == 0 { 2 } else { 0 }
    });
    assert!(bonus.results_allowed().is_none());
}
