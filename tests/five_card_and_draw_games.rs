//! The procedures of Five-card Draw (§ 637a.13), Five-card Stud (§ 637a.14), Five-card Omaha
//! (§ 637a.19), Triple Draw (§ 637a.20) and Badugi (§ 637a.21), played through the round state
//! machine one step at a time: who is dealt first and how many cards, when the blinds or the
//! forced bet come, who acts first in each betting round and with which options, the burns and
//! the draws, the showdown; and the figures each section leaves to the Rules Submission (the
//! blinds, the ante, the forced bet, the Kill).

use crate::common;

use deckhand::rules::Cents;
use deckhand::rules::betting_actions::{Action, ActionKind};
use deckhand::rules::cards::{Card, parse_cards};
use deckhand::rules::games::GameId;
use deckhand::rules::poker::hand::{Hand, HandCommand, HandEvent, HandSetup, Step, Structure};
use deckhand::rules::poker::pots::AwardRules;
use deckhand::rules::table::PotRules;

use crate::common::machine::run_hand as kit_run;

/// `seats` with $100 each, the button at `button`, $1/$2 blinds (Five-card Stud: a $0.25 ante
/// and a $1 forced bet instead), $2/$4 fixed limits, three raises.
fn setup(game: GameId, seats: &[u8], button: u8) -> HandSetup {
    let stud = game == GameId::FiveCardStud;
    HandSetup {
        game,
        seats: seats.iter().map(|s| (*s, 10_000)).collect(),
        button,
        ante: if stud { 25 } else { 0 },
        blinds: if stud { vec![] } else { vec![100, 200] },
        straddle: None,
        forced_bet: if stud { 100 } else { 0 },
        structure: Structure::FixedLimit {
            small: 200,
            big: 400,
        },
        max_raises: 3,
        big_bet: Default::default(),
        limit_percent: 100,
        low_ace_low: true,
        raise_needs_caller: true,
        untracked: false,
        heads_up_button_small_blind: true,
        pot_rules: PotRules::default(),
        award: AwardRules::default(),
        posts: vec![],
    }
}

fn ok(h: &mut Hand, c: HandCommand) -> Vec<HandEvent> {
    let step = h.step.clone();
    kit_run(h, c.clone()).unwrap_or_else(|e| panic!("{c:?} refused at {step:?}: {e}"))
}

fn dealt(h: &mut Hand) {
    ok(
        h,
        HandCommand::Dealt {
            up: vec![],
            common: None,
        },
    );
}

fn act(h: &mut Hand, seat: u8, kind: ActionKind) {
    ok(
        h,
        HandCommand::Act {
            seat,
            kind,
            amount: None,
        },
    );
}

/// The seat asked to act and the options it is offered.
fn to_act(h: &Hand) -> (u8, Vec<Action>) {
    match &h.step {
        Step::Act { seat, options, .. } => (*seat, options.clone()),
        s => panic!("no player is asked to act: {s:?}"),
    }
}

fn can_raise(options: &[Action]) -> bool {
    options.iter().any(|a| matches!(a, Action::Raise { .. }))
}

/// Every player asked checks until the betting round is over; the seats asked, in order.
fn check_around(h: &mut Hand) -> Vec<u8> {
    let mut asked = Vec::new();
    while let Step::Act { seat, .. } = h.step.clone() {
        asked.push(seat);
        act(h, seat, ActionKind::Check);
    }
    asked
}

/// Posts, deals, checks or calls and stands pat until the showdown (no up cards to key).
fn call_to_showdown(h: &mut Hand) {
    for _ in 0..200 {
        match h.step.clone() {
            Step::PostForced { .. } => {
                ok(h, HandCommand::Posted { straddle: false });
            }
            Step::Deal { .. } => dealt(h),
            Step::Act { seat, options, .. } => {
                let kind = if options.contains(&Action::Check) {
                    ActionKind::Check
                } else {
                    ActionKind::Call
                };
                act(h, seat, kind);
            }
            Step::Draw { seat, .. } => {
                ok(h, HandCommand::Draw { seat, count: 0 });
            }
            Step::Showdown { .. } => return,
            s => panic!("{s:?}"),
        }
    }
    panic!("the round never reached its showdown");
}

fn cards(s: &str) -> Vec<Card> {
    parse_cards(s).unwrap()
}

/// The hands shown (each seat's cards) and the board.
fn show(h: &mut Hand, board: &str, hands: &[(u8, &str)]) {
    ok(
        h,
        HandCommand::Showdown {
            hands: hands.iter().map(|(s, c)| (*s, cards(c))).collect(),
            board: if board.is_empty() {
                vec![]
            } else {
                cards(board)
            },
        },
    );
}

/// The seats the pot went to.
fn winners(h: &Hand) -> Vec<u8> {
    h.result
        .as_ref()
        .expect("the round is awarded")
        .totals
        .iter()
        .map(|t| t.0)
        .collect()
}

/// Five-card Draw Low (Draw High follows the same procedure): the deal before any blind, the
/// blinds after it, the first round left of the last blind, the draw, the final round opened
/// by the first live player left of the button, and the best ace-to-five low wins.
#[test]
fn five_card_draw_deals_before_the_blinds_and_the_last_round_opens_left_of_the_button() {
    // Seats 2, 4, 7 and 9; the button on seat 4.
    let mut h = Hand::start(setup(GameId::FiveCardDrawLow, &[2, 4, 7, 9], 4)).unwrap();
    // § 637a.13(d): five rounds face down, from seat 7 (left of the button) round to the button (seat 4) last, before any blind is asked for.
    match &h.step {
        Step::Deal {
            seats,
            down,
            up,
            burn,
            ..
        } => assert_eq!(
            (seats.clone(), *down, *up, *burn),
            (vec![7, 9, 2, 4], 5, 0, false)
        ),
        s => panic!("the deal comes first: {s:?}"),
    }
    assert!(h.events.is_empty(), "{:?}", h.events);
    dealt(&mut h);
    // § 637a.13(e): after the deal the player left of the button (seat 7) posts the first blind and the next (seat 9) the second, at the configured amounts.
    match &h.step {
        Step::PostForced { posts, straddle } => {
            assert_eq!(
                posts,
                &vec![(7, "blind".to_string(), 100), (9, "blind".to_string(), 200)]
            );
            assert_eq!(*straddle, None, "§ 637a.13 has no straddle");
        }
        s => panic!("the blinds come after the deal: {s:?}"),
    }
    ok(&mut h, HandCommand::Posted { straddle: false });
    // § 637a.13(f): the first round starts with seat 2, left of the last blind, and goes clockwise.
    assert_eq!(to_act(&h).0, 2, "left of the last blind");
    act(&mut h, 2, ActionKind::Call);
    assert_eq!(to_act(&h).0, 4);
    act(&mut h, 4, ActionKind::Call);
    act(&mut h, 7, ActionKind::Fold);
    let (seat, options) = to_act(&h);
    // § 637a.13(f): the big blind keeps the option to raise; the round closes once he has answered.
    assert_eq!(seat, 9);
    assert!(
        options.contains(&Action::Check) && can_raise(&options),
        "{options:?}"
    );
    act(&mut h, 9, ActionKind::Check);
    assert!(matches!(h.step, Step::Draw { .. }), "{:?}", h.step);
    let mut drawers = Vec::new();
    while let Step::Draw { seat, .. } = h.step.clone() {
        drawers.push(seat);
        ok(&mut h, HandCommand::Draw { seat, count: 1 });
    }
    assert_eq!(drawers, vec![9, 2, 4]);
    let (seat, options) = to_act(&h);
    // § 637a.13(h): the final round opens with the first player left of the button who has not folded (seat 7 folded: seat 9), who may bet or check.
    assert_eq!(seat, 9, "the first live seat left of the button");
    assert!(
        options.contains(&Action::Check) && options.contains(&Action::Bet { amount: 400 }),
        "{options:?}"
    );
    act(&mut h, 9, ActionKind::Check);
    act(&mut h, 2, ActionKind::Bet);
    act(&mut h, 4, ActionKind::Call);
    act(&mut h, 9, ActionKind::Call);
    assert!(matches!(h.step, Step::Showdown { .. }), "{:?}", h.step);
    show(
        &mut h,
        "",
        &[
            (2, "6c 4d 3s 2c Ad"),
            (4, "Kc Kd Ks Qc Qd"),
            (9, "5h 4h 3h 2h Ah"),
        ],
    );
    // § 637a.13(i): in Draw Low the best five-card low wins: seat 9's 5-4-3-2-A, its straight and flush ignored, beats seat 2's 6-4-3-2-A and seat 4's full house.
    assert_eq!(h.result.as_ref().unwrap().totals, vec![(9, 1900)]);
}

/// Five-card Stud: one card down and one up from the dealer's left, the lowest up card brings
/// it in, then three more up cards, each after a burn, each round opened by the best hand
/// showing; the best high hand wins and equal hands split.
#[test]
fn five_card_stud_is_dealt_from_the_dealers_left_and_the_best_hand_showing_leads() {
    let c = |s: &str| cards(s)[0];
    let seats = [2u8, 4, 7, 9];
    // The antes in; the button's seat (7) plays no part in Stud.
    let start = |forced_bet: Cents| {
        let mut s = setup(GameId::FiveCardStud, &seats, 7);
        s.forced_bet = forced_bet;
        let mut h = Hand::start(s).unwrap();
        ok(&mut h, HandCommand::Posted { straddle: false });
        h
    };
    let first_up =
        || -> Vec<(u8, Card)> { vec![(2, c("9h")), (4, c("5c")), (7, c("5d")), (9, c("Jd"))] };
    let mut h = start(100);
    // § 637a.14(c): one round down and one up to each player, from the first player to the dealer's left (seat 2) clockwise, whatever the button.
    match &h.step {
        Step::Deal {
            seats,
            down,
            up,
            burn,
            ..
        } => assert_eq!(
            (seats.clone(), *down, *up, *burn),
            (vec![2, 4, 7, 9], 1, 1, false)
        ),
        s => panic!("{s:?}"),
    }
    // § 637a.14(c): the dealer keys each up card; a deal with one missing is refused.
    let e = kit_run(
        &mut h,
        HandCommand::Dealt {
            up: first_up()[..3].to_vec(),
            common: None,
        },
    )
    .unwrap_err();
    assert!(e.contains("up card"), "{e}");
    ok(
        &mut h,
        HandCommand::Dealt {
            up: first_up(),
            common: None,
        },
    );
    // § 637a.14(d): the lowest up card makes the forced bet; of the two fives the club ranks lowest (seat 4), at the configured amount.
    match &h.step {
        Step::PostForced { posts, .. } => {
            assert_eq!(posts, &vec![(4, "forced bet".to_string(), 100)])
        }
        s => panic!("{s:?}"),
    }
    // § 637a.14(d): the amount is the Rules Submission's figure ($1.50 here), and a Stud table without one is refused.
    let mut other = start(150);
    ok(
        &mut other,
        HandCommand::Dealt {
            up: first_up(),
            common: None,
        },
    );
    match &other.step {
        Step::PostForced { posts, .. } => {
            assert_eq!(posts, &vec![(4, "forced bet".to_string(), 150)])
        }
        s => panic!("{s:?}"),
    }
    let mut table = common::ui::table(4, GameId::FiveCardStud);
    assert!(table.validate().is_ok(), "{:?}", table.validate());
    table.poker.forced_bet = 0;
    let e = table.validate().unwrap_err();
    assert!(
        e.contains("forced_bet_cents") && e.contains("§ 637a.14(d)"),
        "{e}"
    );
    ok(&mut h, HandCommand::Posted { straddle: false });
    let (seat, options) = to_act(&h);
    // § 637a.14(e): the first round starts left of the forced bet (seat 7) and goes clockwise; each may bet, fold, call or raise.
    assert_eq!(seat, 7, "left of the forced bet");
    assert!(
        options.contains(&Action::Fold)
            && options.contains(&Action::Call { amount: 100 })
            && can_raise(&options),
        "{options:?}"
    );
    act(&mut h, 7, ActionKind::Call);
    assert_eq!(to_act(&h).0, 9);
    act(&mut h, 9, ActionKind::Call);
    assert_eq!(to_act(&h).0, 2);
    act(&mut h, 2, ActionKind::Fold);
    // § 637a.14(f): a burn, then one card face up to each player still in (seat 2 folded), from the dealer's left.
    match &h.step {
        Step::Deal {
            seats,
            burn,
            down,
            up,
            ..
        } => assert_eq!(
            (seats.clone(), *burn, *down, *up),
            (vec![4, 7, 9], true, 0, 1)
        ),
        s => panic!("{s:?}"),
    }
    ok(
        &mut h,
        HandCommand::Dealt {
            up: vec![(4, c("Kh")), (7, c("Ks")), (9, c("2c"))],
            common: None,
        },
    );
    // § 637a.14(f): seats 4 and 7 both show king-five, the best hand showing: seat 4, closest to the dealer's left, bets or checks first.
    assert_eq!(to_act(&h).0, 4);
    act(&mut h, 4, ActionKind::Check);
    let (seat, options) = to_act(&h);
    // § 637a.14(g): after a check the next player may check or open at the posted bet ...
    assert_eq!(seat, 7);
    assert!(
        options.contains(&Action::Check) && options.contains(&Action::Bet { amount: 200 }),
        "{options:?}"
    );
    act(&mut h, 7, ActionKind::Bet);
    let (seat, options) = to_act(&h);
    // § 637a.14(g): ... and once a bet is made the next may only fold, call or raise.
    assert_eq!(seat, 9);
    assert!(
        !options.contains(&Action::Check)
            && options.contains(&Action::Fold)
            && options.contains(&Action::Call { amount: 200 })
            && can_raise(&options),
        "{options:?}"
    );
    act(&mut h, 9, ActionKind::Call);
    act(&mut h, 4, ActionKind::Call);
    for (up, leader) in [
        // A pair of deuces showing (seat 9) leads.
        (vec![(4, c("Qc")), (7, c("Qh")), (9, c("2d"))], 9),
        // Queens showing at seats 4 and 7 beat the deuces; seat 4 is closer to the dealer's left.
        (vec![(4, c("Qd")), (7, c("Qs")), (9, c("Ah"))], 4),
    ] {
        // § 637a.14(h): two more rounds of up cards, each after a burn, each followed by a betting round the best hand showing opens.
        assert!(
            matches!(
                h.step,
                Step::Deal {
                    burn: true,
                    up: 1,
                    ..
                }
            ),
            "{:?}",
            h.step
        );
        ok(&mut h, HandCommand::Dealt { up, common: None });
        let asked = check_around(&mut h);
        assert_eq!((asked[0], asked.len()), (leader, 3), "{asked:?}");
    }
    assert!(matches!(h.step, Step::Showdown { .. }), "{:?}", h.step);
    assert_eq!(h.burns, 3);
    show(
        &mut h,
        "",
        &[
            (4, "Ts 5c Kh Qc Qd"),
            (7, "Tc 5d Ks Qh Qs"),
            (9, "3d Jd 2c 2d Ah"),
        ],
    );
    let r = h.result.clone().unwrap();
    // § 637a.14(a): a high hand only: one pot, no low half.
    assert_eq!((r.pots.len(), r.pots[0].halves.len()), (1, 1), "{r:?}");
    let mut totals = r.totals.clone();
    totals.sort();
    // § 637a.14(i): the highest five-card high hand wins; seats 4 and 7 hold equal hands (queens, king, ten, five) and split the $10 pot.
    assert_eq!(totals, vec![(4, 500), (7, 500)]);
}

/// Five-card Omaha: the blinds before any card, five cards down from the button's left, the
/// first round left of the last blind, then three streets of community cards, each after a
/// burn and opened by the first live player left of the button; two of the player's cards and
/// three of the board's make each hand. High-low Eight or Better: no qualifying low, the high
/// takes the pot.
#[test]
fn five_card_omaha_blinds_first_then_five_down_and_three_burns_and_boards() {
    let mut h = Hand::start(setup(GameId::FiveCardOmaha, &[2, 4, 7, 9], 4)).unwrap();
    // § 637a.19(d): before any card is dealt the player left of the button (seat 7) posts the first blind and seat 9 the second, at the configured amounts.
    match &h.step {
        Step::PostForced { posts, .. } => assert_eq!(
            posts,
            &vec![(7, "blind".to_string(), 100), (9, "blind".to_string(), 200)]
        ),
        s => panic!("the blinds come first: {s:?}"),
    }
    assert!(h.events.is_empty(), "{:?}", h.events);
    ok(&mut h, HandCommand::Posted { straddle: false });
    // § 637a.19(f): five rounds face down, from seat 7 (left of the button) round to the button (seat 4) last.
    match &h.step {
        Step::Deal {
            seats,
            down,
            up,
            burn,
            board,
            ..
        } => assert_eq!(
            (seats.clone(), *down, *up, *burn, *board),
            (vec![7, 9, 2, 4], 5, 0, false, 0)
        ),
        s => panic!("{s:?}"),
    }
    dealt(&mut h);
    // § 637a.19(g): the first round starts left of the last blind (seat 2) and goes clockwise.
    assert_eq!(to_act(&h).0, 2, "left of the last blind");
    act(&mut h, 2, ActionKind::Call);
    act(&mut h, 4, ActionKind::Call);
    act(&mut h, 7, ActionKind::Fold);
    let (seat, options) = to_act(&h);
    // § 637a.19(g): the big blind keeps the option to raise.
    assert_eq!(seat, 9);
    assert!(
        options.contains(&Action::Check) && can_raise(&options),
        "{options:?}"
    );
    act(&mut h, 9, ActionKind::Check);
    for (board, bet) in [(3u8, 200), (1, 400), (1, 400)] {
        // § 637a.19(h): a burn and three community cards, then the first live player left of the button (seat 7 folded: seat 9) may bet or check.
        // § 637a.19(i): a burn and the fourth community card, then a round as in (h).
        // § 637a.19(j): a burn and the fifth community card, then the final round as in (h).
        match &h.step {
            Step::Deal { burn, board: n, .. } => assert_eq!((*burn, *n), (true, board)),
            s => panic!("{s:?}"),
        }
        dealt(&mut h);
        let (seat, options) = to_act(&h);
        assert_eq!(seat, 9, "the first live seat left of the button");
        assert!(
            options.contains(&Action::Check) && options.contains(&Action::Bet { amount: bet }),
            "{options:?}"
        );
        assert_eq!(check_around(&mut h), vec![9, 2, 4]);
    }
    // § 637a.19(a): Five-card Omaha's own procedure on the board-game steps: twenty cards dealt, three burns, five community cards.
    assert_eq!((h.burns, h.board, h.stub), (3, 5, 52 - 20 - 8));
    show(
        &mut h,
        "2h 7c 8d Js 3c",
        &[
            (9, "Ah Kh Qh 6h 4h"),
            (2, "Jc Jd 5s 5d 4c"),
            (4, "Ks Kd Qs Qd Tc"),
        ],
    );
    let r = h.result.clone().unwrap();
    // § 637a.19(k): two of the player's five cards and three of the board's: seat 9's five hearts make no flush, and seat 2's three jacks take the pot.
    assert_eq!(r.totals, vec![(2, 700)]);
    let nine = &r.shown.iter().find(|(s, _)| *s == 9).unwrap().1;
    assert!(!nine.contains("Flush"), "{nine}");

    // Five-card Omaha High-low Split Eight or Better plays the same steps.
    let mut h = Hand::start(setup(GameId::FiveCardOmahaHiLo, &[2, 4, 9], 9)).unwrap();
    call_to_showdown(&mut h);
    show(
        &mut h,
        "Kh Qh 9d 9c 2s",
        &[
            (2, "Ac 3c 4d 5d 6s"),
            (4, "Qs Qd Jc Tc 7c"),
            (9, "Ks Kd Jh Th 8c"),
        ],
    );
    let r = h.result.clone().unwrap();
    // § 637a.19(l): a low takes two of the player's cards and three of the board's; with one board card of eight or below nobody has one, and the whole pot goes to the high hand (seat 9, kings full).
    assert!(
        r.shown.iter().all(|(_, t)| t.contains("no low")),
        "{:?}",
        r.shown
    );
    assert_eq!(r.pots[0].halves.len(), 1);
    assert_eq!(r.totals, vec![(9, 600)]);
}

/// Triple Draw (2-7, A-5, Badeucey, Badacey) and Badugi: the blinds before the deal, five (Badugi
/// four) cards down from the button's left, the first round left of the last blind, then three
/// draws, each after a burn, the players drawing one at a time from the first live seat left
/// of the button and that seat opening the betting round after it; four betting rounds in all.
#[test]
fn triple_draw_and_badugi_blinds_first_then_three_draws_each_after_a_burn() {
    for (game, down) in [
        (GameId::TripleDraw27, 5u8),
        (GameId::TripleDrawA5, 5),
        (GameId::TripleDrawBadeucey, 5),
        (GameId::TripleDrawBadacey, 5),
        (GameId::Badugi, 4),
    ] {
        let mut h = Hand::start(setup(game, &[2, 4, 7, 9], 4)).unwrap();
        // § 637a.20(d): before any card the player left of the button (seat 7) posts the first blind and seat 9 the second.
        // § 637a.21(d): the same at Badugi.
        match &h.step {
            Step::PostForced { posts, .. } => assert_eq!(
                posts,
                &vec![(7, "blind".to_string(), 100), (9, "blind".to_string(), 200)],
                "{game:?}"
            ),
            s => panic!("{game:?}: the blinds come first: {s:?}"),
        }
        assert!(h.events.is_empty(), "{game:?}");
        ok(&mut h, HandCommand::Posted { straddle: false });
        // § 637a.20(f): five rounds face down from seat 7 (left of the button), the button (seat 4) last.
        // § 637a.21(f): four rounds at Badugi, in the same order.
        match &h.step {
            Step::Deal {
                seats,
                down: d,
                up,
                burn,
                ..
            } => assert_eq!(
                (seats.clone(), *d, *up, *burn),
                (vec![7, 9, 2, 4], down, 0, false),
                "{game:?}"
            ),
            s => panic!("{game:?}: {s:?}"),
        }
        dealt(&mut h);
        // § 637a.20(g): the first round starts left of the last blind (seat 2), clockwise.
        // § 637a.21(g): the same at Badugi.
        assert_eq!(to_act(&h).0, 2, "{game:?}: left of the last blind");
        act(&mut h, 2, ActionKind::Call);
        act(&mut h, 4, ActionKind::Call);
        act(&mut h, 7, ActionKind::Fold);
        let (seat, options) = to_act(&h);
        // § 637a.20(g): the big blind keeps the option to raise; the round ends when all have answered.
        // § 637a.21(g): the same at Badugi.
        assert_eq!(seat, 9, "{game:?}");
        assert!(
            options.contains(&Action::Check) && can_raise(&options),
            "{game:?}: {options:?}"
        );
        act(&mut h, 9, ActionKind::Check);
        for (draw, bet) in [(1, 200), (2, 400), (3, 400)] {
            // § 637a.20(h): the first draw after a burn (the first drawer is told), one player at a time from the first live seat left of the button (seat 9), who then opens the betting round and may bet or check.
            // § 637a.20(i): the second draw, after a burn, and the third betting round, as in (h).
            // § 637a.20(j): the third draw, after a burn, and the fourth and final betting round, as in (h).
            // § 637a.21(h): the same first draw and round at Badugi.
            // § 637a.21(i): the same second draw and round at Badugi.
            // § 637a.21(j): the same third draw and final round at Badugi.
            assert!(
                h.draw_preparation().burn,
                "{game:?} draw {draw}: burn one first"
            );
            let mut drawers = Vec::new();
            while let Step::Draw { seat, .. } = h.step.clone() {
                drawers.push(seat);
                ok(&mut h, HandCommand::Draw { seat, count: 1 });
                if matches!(h.step, Step::Draw { .. }) {
                    assert!(!h.draw_preparation().burn, "{game:?}: one burn a draw");
                }
            }
            assert_eq!(drawers, vec![9, 2, 4], "{game:?} draw {draw}");
            let (seat, options) = to_act(&h);
            assert_eq!(seat, 9, "{game:?} draw {draw}");
            assert!(
                options.contains(&Action::Check) && options.contains(&Action::Bet { amount: bet }),
                "{game:?} draw {draw}: {options:?}"
            );
            assert_eq!(check_around(&mut h), vec![9, 2, 4], "{game:?} draw {draw}");
        }
        let burns = h
            .events
            .iter()
            .filter(|e| {
                matches!(
                    e,
                    HandEvent::Dealt {
                        burned: true,
                        cards: 0,
                        ..
                    }
                )
            })
            .count();
        let rounds = h
            .events
            .iter()
            .filter(|e| matches!(e, HandEvent::BettingComplete { .. }))
            .count();
        // § 637a.20(a): each Triple Draw game runs its own procedure: four betting rounds and three draws, each after a burn, then the showdown.
        // § 637a.21(a): and Badugi the same, with four cards.
        assert_eq!((burns, rounds), (3, 4), "{game:?}");
        assert!(
            matches!(h.step, Step::Showdown { .. }),
            "{game:?}: {:?}",
            h.step
        );
        let hand =
            |s: &str| -> Vec<Card> { cards(s).into_iter().take(usize::from(down)).collect() };
        ok(
            &mut h,
            HandCommand::Showdown {
                hands: vec![
                    (9, hand("Ac 2d 3h 4s 5c")),
                    (2, hand("Kc Qd Jh Ts 9c")),
                    (4, hand("8c 8d 7h 7s 6c")),
                ],
                board: vec![],
            },
        );
        let won = winners(&h);
        assert!(
            !won.is_empty() && won.iter().all(|s| *s == 9),
            "{game:?}: {won:?}"
        );
    }
}

/// The blinds are the Rules Submission's: how many and how much. Two blinds at $1 and $2, or
/// three at $0.50, $1 and $2: each posted by the next seat clockwise from the button's left
/// (after the deal in Five-card Draw, before it in the others), and the first round starts
/// left of the last of them.
#[test]
fn the_number_and_amounts_of_the_blinds_are_the_configured_ones() {
    for game in [
        GameId::FiveCardDraw,
        GameId::FiveCardOmaha,
        GameId::TripleDraw27,
        GameId::Badugi,
    ] {
        for (blinds, posted, first) in [
            (vec![100, 200], vec![(7, 100), (9, 200)], 2),
            (vec![50, 100, 200], vec![(7, 50), (9, 100), (2, 200)], 4),
        ] {
            let mut s = setup(game, &[2, 4, 7, 9], 4);
            s.blinds = blinds;
            let mut h = Hand::start(s).unwrap();
            let draw = game == GameId::FiveCardDraw;
            if draw {
                dealt(&mut h);
            }
            let want: Vec<(u8, String, Cents)> = posted
                .iter()
                .map(|(seat, amount)| (*seat, "blind".to_string(), *amount))
                .collect();
            // § 637a.13(e): the number and amounts of the blinds are the configured ones, posted from the button's left after the deal.
            // § 637a.19(d): the configured blinds, from the button's left, before the deal.
            // § 637a.20(d): the same at Triple Draw.
            // § 637a.21(d): the same at Badugi.
            match &h.step {
                Step::PostForced { posts, .. } => assert_eq!(posts, &want, "{game:?}"),
                s => panic!("{game:?}: {s:?}"),
            }
            ok(&mut h, HandCommand::Posted { straddle: false });
            if !draw {
                dealt(&mut h);
            }
            assert_eq!(to_act(&h).0, first, "{game:?}: left of the last blind");
        }
    }
}

/// Each section's cap on the players dealt in, refused above it with the section; the ante the
/// configured figure, collected from every player before the deal; the Kill or Half-kill and
/// its qualifying pot from `[holdem] kill`.
#[test]
fn player_caps_antes_and_the_kill_follow_each_section_and_the_configuration() {
    use deckhand::config::KillOption;
    let dir = tempfile::tempdir().unwrap();
    let mut c = common::ui::real_config(&dir.path().join("kill.sqlite"));
    c.holdem.kill_qualifying_pot_cents = 400;
    for (game, most, section) in [
        (GameId::FiveCardOmaha, 8u8, "§ 637a.19(b)"),
        (GameId::FiveCardOmahaHiLo, 8, "§ 637a.19(b)"),
        (GameId::TripleDraw27, 7, "§ 637a.20(b)"),
        (GameId::TripleDrawA5, 7, "§ 637a.20(b)"),
        (GameId::Badugi, 9, "§ 637a.21(b)"),
    ] {
        let seats: Vec<u8> = (1..=most).collect();
        let over: Vec<u8> = (1..=most + 1).collect();
        let e = Hand::start(setup(game, &over, 1)).unwrap_err();
        // § 637a.19(b): no more than eight players at Five-card Omaha, refused with the section; the ante is the configured figure.
        // § 637a.20(b): no more than seven at Triple Draw.
        // § 637a.21(b): no more than nine at Badugi.
        assert!(
            e.contains(&format!("at most {most} players")) && e.contains(section),
            "{game:?}: {e}"
        );
        for ante in [0, 25, 50] {
            let mut s = setup(game, &seats, 1);
            s.ante = ante;
            let h = Hand::start(s).unwrap();
            let antes: Vec<Cents> = match &h.step {
                Step::PostForced { posts, .. } => posts
                    .iter()
                    .filter(|p| p.1 == "ante")
                    .map(|p| p.2)
                    .collect(),
                s => panic!("{game:?}: {s:?}"),
            };
            let n = if ante > 0 { usize::from(most) } else { 0 };
            assert_eq!(antes, vec![ante; n], "{game:?}");
        }
        for (option, percent) in [
            (KillOption::None, None),
            (KillOption::Kill, Some(200)),
            (KillOption::HalfKill, Some(150)),
        ] {
            c.holdem.kill = option;
            let table = c.table_setup_for(game);
            // § 637a.19(l): the (l)(3) Kill or Half-kill and its qualifying pot, if offered, are the configured ones; a killed round plays at the limits they give.
            assert_eq!(
                table
                    .poker
                    .kill
                    .as_ref()
                    .map(|k| (k.limit_percent, k.qualifying_pot)),
                percent.map(|p| (p, 400)),
                "{game:?}"
            );
            let killed =
                table.hand_setup(&[1, 2], 2, &std::collections::BTreeMap::new(), &[], true);
            assert_eq!(killed.limit_percent, percent.unwrap_or(100), "{game:?}");
        }
    }
}
