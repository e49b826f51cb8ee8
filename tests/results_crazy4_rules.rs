//! A Crazy 4 Poker round settled from the results the dealer taps (`results.rs`), against the
//! same round settled from its cards.
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

/// Seats 1, 2, 3 with a $10 Ante (and Super Bonus); seat 2 also $5 on Queens Up; seat 1 plays
/// `play1` times the Ante, the others 1×; at the cards step.
fn at_the_cards(play1: u8) -> BankedRound {
    let mut r =
        deckhand::rules::registry::start_round(GameId::Crazy4Poker, Dealing::Hand, &[1, 2, 3])
            .unwrap();
    for seat in [1, 2, 3] {
        let mut w = BTreeMap::from([("ante".to_string(), 1000)]);
        if seat == 2 {
            w.insert("queens_up".into(), 500);
        }
        run_round(&mut r, &BankedCommand::Wagers { seat, wagers: w }).unwrap();
    }
    run_round(&mut r, &BankedCommand::NoMoreBets).unwrap();
    run_round(&mut r, &BankedCommand::Dealt).unwrap();
    run_round(
        &mut r,
        &BankedCommand::Decide {
            seat: 1,
            multiple: play1,
        },
    )
    .unwrap();
    for seat in [2, 3] {
        run_round(&mut r, &BankedCommand::Decide { seat, multiple: 1 }).unwrap();
    }
    run_round(&mut r, &BankedCommand::Revealed).unwrap();
    assert_eq!(r.step, BankedStep::Cards);
    r
}

fn result(category: &str, versus: Option<Versus>) -> SeatResult {
    SeatResult {
        category: category.into(),
        versus,
        second: None,
    }
}

fn cards_cmd(seats: Vec<(u8, Vec<Card>)>, results: Results) -> BankedCommand {
    BankedCommand::from_results(seats, results)
}

fn nets(r: &BankedRound, seat: u8) -> Vec<(String, Cents)> {
    r.settlement
        .as_ref()
        .unwrap()
        .results
        .iter()
        .filter(|w| w.seat == seat)
        .map(|w| (w.wager.clone(), w.net))
        .collect()
}

#[test]
fn results_settle_as_the_cards_would() {
    // By the cards: the dealer's pair of fours qualifies; seat 1's two pair beats it; seat 2's
    // ten high loses to it; seat 3's pair of fours with an ace beats it.
    let mut by_cards = at_the_cards(1);
    run_round(
        &mut by_cards,
        &BankedCommand::keyed(
            vec![
                (1, c("9c 9d 5h 5s 2c")),
                (2, c("Th 9s 7c 6d 3d")),
                (3, c("Ac 4d 4h 6s 2d")),
            ],
            c("Kc 4c 4s 8h 3s"),
            vec![],
        ),
    )
    .unwrap();
    let mut by_results = at_the_cards(1);
    run_round(
        &mut by_results,
        &cards_cmd(
            vec![],
            tapped_results(
                true,
                vec![
                    (1, result("two-pair", Some(Versus::Wins))),
                    (2, result("high-card", Some(Versus::Loses))),
                    (3, result("pair", Some(Versus::Wins))),
                ],
            ),
        ),
    )
    .unwrap();
    for seat in [1, 2, 3] {
        assert_eq!(
            nets(&by_results, seat),
            nets(&by_cards, seat),
            "seat {seat}"
        );
    }
    let s = by_results.settlement.as_ref().unwrap();
    assert_eq!(s.totals, by_cards.settlement.as_ref().unwrap().totals);
    // The record says whose call it was.
    let words = serde_json::to_string(s).unwrap();
    assert!(words.contains("(tapped)"), "{words}");
}

#[test]
fn a_dealer_who_does_not_qualify_needs_no_comparison() {
    let mut r = at_the_cards(1);
    let e = run_round(
        &mut r,
        &cards_cmd(
            vec![],
            tapped_results(
                false,
                vec![
                    (1, result("pair", Some(Versus::Wins))),
                    (2, result("pair", None)),
                    (3, result("high-card", None)),
                ],
            ),
        ),
    )
    .unwrap_err();
    assert!(e.contains("seat 1: the dealer does not qualify"), "{e}");
    run_round(
        &mut r,
        &cards_cmd(
            vec![],
            tapped_results(
                false,
                vec![
                    (1, result("pair", None)),
                    (2, result("pair", None)),
                    (3, result("high-card", None)),
                ],
            ),
        ),
    )
    .unwrap();
    // § 657a.11(c)(3)(i): the Ante returned, the Play paid 1 to 1, the Super Bonus returned.
    let n = nets(&r, 1);
    assert!(n.contains(&("ante".into(), 0)), "{n:?}");
    assert!(n.contains(&("play".into(), 1000)), "{n:?}");
    assert!(n.contains(&("super-bonus".into(), 0)), "{n:?}");
}

#[test]
fn a_hand_a_bonus_pays_on_has_its_cards_keyed_and_they_must_hold_the_category() {
    let mut r = at_the_cards(1);
    let straight = tapped_results(
        true,
        vec![
            (1, result("straight-or-better", Some(Versus::Wins))),
            (2, result("pair", Some(Versus::Loses))),
            (3, result("high-card", Some(Versus::Loses))),
        ],
    );
    // The Super Bonus pays on a straight (§ 657a.12(b)): its cards are keyed.
    let e = run_round(&mut r, &cards_cmd(vec![], straight.clone())).unwrap_err();
    assert!(
        e.contains("seat 1: a bonus pays on its hand: key its cards"),
        "{e}"
    );
    // Cards that do not hold a straight are refused.
    let e = run_round(
        &mut r,
        &cards_cmd(vec![(1, c("9c 9d 4h 4s 2c"))], straight.clone()),
    )
    .unwrap_err();
    assert!(e.contains("not straight or better"), "{e}");
    // Queens Up on seat 2 pays on a pair of queens or better (§ 657a.12(c)).
    let mut queens = straight.clone();
    queens.seats[1].1 = result("queens-or-kings", Some(Versus::Loses));
    let e = run_round(&mut r, &cards_cmd(vec![(1, c("9c Td Jh Qs 2c"))], queens)).unwrap_err();
    assert!(e.contains("seat 2: a bonus pays on its hand"), "{e}");
    // A hand that pays nothing may be keyed too (a record the floor wants), but its cards
    // hold the category tapped.
    let e = run_round(
        &mut r,
        &cards_cmd(
            vec![(1, c("9c Td Jh Qs 2c")), (3, c("Ac Jd 8h 8s 2d"))],
            straight.clone(),
        ),
    )
    .unwrap_err();
    assert!(e.contains("not high card"), "{e}");
    run_round(&mut r, &cards_cmd(vec![(1, c("9c Td Jh Qs 2c"))], straight)).unwrap();
    let n = nets(&r, 1);
    assert!(
        n.iter().any(|(w, v)| w == "super-bonus" && *v > 0),
        "the Super Bonus pays the straight: {n:?}"
    );
}

#[test]
fn a_play_above_the_ante_needs_a_category_of_aces_or_better() {
    let mut r = at_the_cards(3);
    let e = run_round(
        &mut r,
        &cards_cmd(
            vec![],
            tapped_results(
                true,
                vec![
                    (1, result("queens-or-kings", Some(Versus::Wins))),
                    (2, result("pair", Some(Versus::Loses))),
                    (3, result("high-card", Some(Versus::Loses))),
                ],
            ),
        ),
    )
    .unwrap_err();
    assert!(e.contains("§ 657a.11(b)"), "{e}");
    run_round(
        &mut r,
        &cards_cmd(
            vec![],
            tapped_results(
                true,
                vec![
                    (1, result("aces", Some(Versus::Wins))),
                    (2, result("pair", Some(Versus::Loses))),
                    (3, result("high-card", Some(Versus::Loses))),
                ],
            ),
        ),
    )
    .unwrap();
    assert!(nets(&r, 1).contains(&("play".into(), 3000)));
}

#[test]
fn results_are_refused_where_the_hands_pay_a_progressive_or_the_game_has_none() {
    // Spanish 21 is played hand by hand (its cards are the decisions): no results.
    let mut r =
        deckhand::rules::registry::start_round(GameId::Spanish21, Dealing::Hand, &[1]).unwrap();
    assert!(r.results_allowed().is_none());
    r.results = None;
    let mut c4 = at_the_cards(1);
    c4.wagers
        .get_mut(&3)
        .unwrap()
        .insert("progressive".into(), 100);
    assert!(c4.results_allowed().is_none());
    let e = run_round(
        &mut c4,
        &cards_cmd(
            vec![],
            tapped_results(
                true,
                vec![
                    (1, result("pair", Some(Versus::Wins))),
                    (2, result("pair", Some(Versus::Loses))),
                    (3, result("high-card", Some(Versus::Loses))),
                ],
            ),
        ),
    )
    .unwrap_err();
    assert!(e.contains("Progressive"), "{e}");
}

#[test]
fn a_casino_that_keys_every_card_refuses_a_settlement_from_results() {
    let mut r = at_the_cards(1);
    let mut house = deckhand::rules::banked::House::default_for(GameId::Crazy4Poker).unwrap();
    house
        .rules
        .edit(|g: &mut deckhand::rules::banked::crazy4::Rules| g.results_by_category = false);
    let cmd = cards_cmd(
        vec![],
        tapped_results(
            false,
            vec![
                (1, result("high-card", None)),
                (2, result("high-card", None)),
                (3, result("high-card", None)),
            ],
        ),
    );
    let e = r.decide(&cmd, Some(&house)).unwrap_err();
    assert!(e.contains("results_by_category = false"), "{e}");
    // The same results under the default choice settle.
    run_round(&mut r, &cmd).unwrap();
}

/// § 657a.11(d): Queens Up is settled after the Ante, Play and Super Bonus, on the player's own
/// four-card hand, whatever the dealer holds: seat 2's pair of queens loses to the dealer's pair
/// of kings and its Queens Up still pays, by the cards and by the results alike.
#[test]
fn queens_up_pays_after_the_main_wagers_whatever_the_dealer_holds() {
    let mut by_cards = at_the_cards(1);
    run_round(
        &mut by_cards,
        &BankedCommand::keyed(
            vec![
                (1, c("9c 9d 5h 5s 2c")),
                (2, c("Qc Qd 8h 6s 3d")),
                (3, c("Ac 7d 4h 6c 2d")),
            ],
            c("Kc Kd 8s 7h 3s"),
            vec![],
        ),
    )
    .unwrap();
    let want: Vec<(String, Cents)> = vec![
        ("ante".into(), -1000),
        ("play".into(), -1000),
        ("super-bonus".into(), -1000),
        ("queens-up".into(), 500),
    ];
    // § 657a.11(d): the main wagers lose to the dealer's kings and are settled first; then the
    // Queens Up pays 1 to 1 (table A) on the player's pair of queens.
    assert_eq!(nets(&by_cards, 2), want);
    let mut by_results = at_the_cards(1);
    run_round(
        &mut by_results,
        &cards_cmd(
            vec![(2, c("Qc Qd 8h 6s 3d"))],
            tapped_results(
                true,
                vec![
                    (1, result("two-pair", Some(Versus::Wins))),
                    (2, result("queens-or-kings", Some(Versus::Loses))),
                    (3, result("high-card", Some(Versus::Loses))),
                ],
            ),
        ),
    )
    .unwrap();
    assert_eq!(nets(&by_results, 2), want);
}
