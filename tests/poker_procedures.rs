//! Each poker-room game's procedure on the round state machine, read off the steps it asks the
//! dealer for: the antes and blinds before any card and a betting round after each round of
//! cards (§ 637a.7(c)); Seven-card Stud's deal, forced bet and streets, and who acts first on
//! them (§ 637a.10); Super Stud's discards (§ 637a.10(m)); Omaha's deal, blinds and board
//! (§ 637a.12). (`poker_rounds` plays the same machine with a real deck beside it.)

use deckhand::rules::betting_actions::{Action, ActionKind};
use deckhand::rules::cards::{Card, full_deck, parse_cards};
use deckhand::rules::games::GameId;
use deckhand::rules::poker::hand::{Hand, HandCommand, HandSetup, Step, Structure};
use deckhand::rules::poker::pots::AwardRules;
use deckhand::rules::poker::procedure::{Phase, Procedure};
use deckhand::rules::table::PotRules;

use crate::common::machine::run_hand as kit_run;

/// A $2/$4 fixed-limit round of `game` with $100 at each of `seats` and the button on `button`:
/// $1/$2 blinds; at Stud a 25¢ ante and a $1 forced bet instead.
fn setup(game: GameId, seats: &[u8], button: u8) -> HandSetup {
    let stud = Procedure::of(game).unwrap().stud.is_some();
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

/// The seat to act and its options, when a player is to act.
fn to_act(h: &Hand) -> Option<(u8, Vec<Action>)> {
    match &h.step {
        Step::Act { seat, options, .. } => Some((*seat, options.clone())),
        _ => None,
    }
}

/// What the machine asks for, a line a step, up to the showdown: "post ante 1, blind 2",
/// "deal: 2 down, 1 up to [1, 2, 3]", "deal after a burn: board 3", "bet from 4" (the first to
/// act in a betting round), "discard 2 by 1", "draw by 3", "showdown". Every player checks or
/// calls and every draw stands pat; the up cards keyed are `stacked`'s first, then a fresh
/// deck's.
fn walk(h: &mut Hand, stacked: &[Card]) -> Vec<String> {
    let mut deck: Vec<Card> = full_deck()
        .into_iter()
        .filter(|c| !stacked.contains(c))
        .collect();
    deck.extend(stacked.iter().rev());
    let mut said: Vec<String> = Vec::new();
    for _ in 0..300 {
        let cmd = match h.step.clone() {
            Step::Showdown { .. } => {
                said.push("showdown".into());
                return said;
            }
            Step::PostForced { posts, .. } => {
                let posts: Vec<String> = posts
                    .iter()
                    .map(|(seat, what, _)| format!("{what} {seat}"))
                    .collect();
                said.push(format!("post {}", posts.join(", ")));
                HandCommand::Posted { straddle: false }
            }
            Step::Deal {
                seats,
                burn,
                down,
                up,
                board,
                common,
                ..
            } => {
                let after = if burn { " after a burn" } else { "" };
                said.push(if board > 0 {
                    format!("deal{after}: board {board}")
                } else {
                    let common = if common { ", common" } else { "" };
                    format!("deal{after}: {down} down, {up} up{common} to {seats:?}")
                });
                let up: Vec<(u8, Card)> = if up > 0 {
                    seats.iter().map(|s| (*s, deck.pop().unwrap())).collect()
                } else {
                    vec![]
                };
                HandCommand::Dealt {
                    up,
                    common: common.then(|| deck.pop().unwrap()),
                }
            }
            Step::Act { seat, options, .. } => {
                if !said.last().is_some_and(|l| l.starts_with("bet from")) {
                    said.push(format!("bet from {seat}"));
                }
                let kind = if options.contains(&Action::Check) {
                    ActionKind::Check
                } else {
                    ActionKind::Call
                };
                HandCommand::Act {
                    seat,
                    kind,
                    amount: None,
                }
            }
            Step::Discard { seat, count } => {
                said.push(format!("discard {count} by {seat}"));
                HandCommand::Discard { seat }
            }
            Step::Draw { seat, .. } => {
                said.push(format!("draw by {seat}"));
                HandCommand::Draw { seat, count: 0 }
            }
            other => panic!("a calling round never stops at {other:?}: {said:?}"),
        };
        if let Err(e) = kit_run(h, cmd.clone()) {
            panic!("{cmd:?} refused at {:?}: {e}", h.step);
        }
    }
    panic!("no showdown in 300 steps: {said:?}");
}

/// Every game, with an ante: the antes (and the blinds, save Five-card Draw's, which follow its
/// deal by § 637a.13(e)) come before any card, and a betting round follows each round of cards
/// (the deal, each board or Stud card, each draw) before the next one or the showdown.
#[test]
fn every_game_takes_its_antes_first_and_bets_after_each_round_of_cards() {
    for p in Procedure::all() {
        let id = p.game.id();
        let mut s = setup(p.game, &[1, 2, 3, 4], 4);
        s.ante = 25;
        let said = walk(&mut Hand::start(s).unwrap(), &[]);
        let first_card = said.iter().position(|l| l.starts_with("deal")).unwrap();
        let before = said[..first_card].join("; ");
        // § 637a.7(c): the antes, and the blinds where they come first, before any card.
        assert!(before.contains("ante"), "{id}: {said:?}");
        if p.blinds && !p.phases.contains(&Phase::BlindsAfterDeal) {
            assert!(before.contains("blind"), "{id}: {said:?}");
        }
        let mut owed = false;
        let mut last = "";
        for line in &said {
            let cards =
                line.starts_with("deal") || (line.starts_with("draw") && !last.starts_with("draw"));
            if cards || line.as_str() == "showdown" {
                assert!(!owed, "{id}: no betting round before {line:?}: {said:?}");
            }
            owed = (owed || cards) && !line.starts_with("bet");
            last = line.as_str();
        }
        assert_eq!(said.last().map(String::as_str), Some("showdown"), "{id}");
    }
}

/// Seven-card Stud seats nine at most and Hold'em ten; the ante (25¢ here) is posted by every
/// player dealt in, up to the cap.
#[test]
fn stud_seats_nine_and_holdem_ten_each_player_dealt_in_antes() {
    use deckhand::rules::poker::hand::HandEvent;
    let antes = |h: &Hand| {
        h.events
            .iter()
            .filter(|e| matches!(e, HandEvent::Posted { what, amount: 25, .. } if what == "ante"))
            .count()
    };
    let seats = |n: u8| (1..=n).collect::<Vec<u8>>();
    // § 637a.10(b): Seven-card Stud, at most nine players, each of them antes.
    let e = Hand::start(setup(GameId::SevenCardStud, &seats(10), 1)).unwrap_err();
    assert!(
        e.contains("at most 9 players") && e.contains("§ 637a.10(b)"),
        "{e}"
    );
    let mut h = Hand::start(setup(GameId::SevenCardStud, &seats(9), 1)).unwrap();
    kit_run(&mut h, HandCommand::Posted { straddle: false }).unwrap();
    assert_eq!(antes(&h), 9, "{:?}", h.events);
    // § 637a.11(b): Hold'em, at most ten players, each of them antes where the casino has one.
    let holdem = |n: u8| HandSetup {
        ante: 25,
        ..setup(GameId::Holdem, &seats(n), 1)
    };
    let e = Hand::start(holdem(11)).unwrap_err();
    assert!(
        e.contains("at most 10 players") && e.contains("§ 637a.11(b)"),
        "{e}"
    );
    let mut h = Hand::start(holdem(10)).unwrap();
    kit_run(&mut h, HandCommand::Posted { straddle: false }).unwrap();
    assert_eq!(antes(&h), 10, "{:?}", h.events);
}

/// Seven-card Stud High, Low, Hi-Lo and Hi-Lo 8 all run § 637a.10's procedure: the antes, two
/// down and one up from the dealer's left wherever the button lies (§ 637a.10(c)), the forced
/// bet, then three streets up and the last down, each after a burn and each followed by a
/// betting round. Who brings it in and who acts first follow the variant (§ 637a.10(d),(f)).
#[test]
fn the_four_seven_card_stud_games_run_section_10s_procedure() {
    let up = parse_cards("Kd 9h 5c").unwrap();
    for game in [
        GameId::SevenCardStud,
        GameId::SevenCardStudLow,
        GameId::SevenCardStudHiLo,
        GameId::SevenCardStudHiLo8,
    ] {
        let p = Procedure::of(game).unwrap();
        assert_eq!(
            (p.section, p.max_players),
            ("§ 637a.10", 9),
            "{}",
            game.id()
        );
        let said = walk(&mut Hand::start(setup(game, &[2, 5, 7], 5)).unwrap(), &up);
        let shape: Vec<&str> = said
            .iter()
            .map(|l| match l.as_str() {
                l if l.starts_with("bet from") => "bet",
                l if l.starts_with("post forced bet") => "post forced bet",
                l => l,
            })
            .collect();
        // § 637a.10(a): each variant walks the section's steps.
        // § 637a.10(c): two down and one up, dealt from seat 2 (the dealer's left), not from
        // the button's left (7 would be first).
        assert_eq!(
            shape,
            [
                "post ante 2, ante 5, ante 7",
                "deal: 2 down, 1 up to [2, 5, 7]",
                "post forced bet",
                "bet",
                "deal after a burn: 0 down, 1 up to [2, 5, 7]",
                "bet",
                "deal after a burn: 0 down, 1 up to [2, 5, 7]",
                "bet",
                "deal after a burn: 0 down, 1 up to [2, 5, 7]",
                "bet",
                "deal after a burn: 1 down, 0 up to [2, 5, 7]",
                "bet",
                "showdown",
            ],
            "{}",
            game.id()
        );
    }
}

/// Super Seven-card Stud: four down and one up to each player from the dealer's left, each
/// player in turn discards two, then the forced bet by the up cards as § 637a.10(d)(4) says
/// for Hi-Lo 8 (the lowest, the ace the highest card); more than seven are not dealt in.
#[test]
fn super_stud_deals_five_each_discards_two_then_takes_the_forced_bet() {
    let said = walk(
        &mut Hand::start(setup(GameId::SuperSevenCardStud, &[1, 3, 6], 6)).unwrap(),
        &parse_cards("Ah 4c Kd").unwrap(),
    );
    // § 637a.10(m): five each (four down, one up), two discarded by each player in turn, then
    // the forced bet by the lowest up card: 4♣ at seat 3, not the A♥.
    assert_eq!(
        said[..6],
        [
            "post ante 1, ante 3, ante 6",
            "deal: 4 down, 1 up to [1, 3, 6]",
            "discard 2 by 1",
            "discard 2 by 3",
            "discard 2 by 6",
            "post forced bet 3",
        ]
    );
    assert_eq!(said[6], "bet from 6", "left of the forced bet");
    let eight: Vec<u8> = (1..=8).collect();
    assert!(
        Hand::start(setup(GameId::SuperSevenCardStud, &eight, 8))
            .unwrap_err()
            .contains("at most 7")
    );
}

/// Seven-card Stud with seats 2, 5 and 7 (the button, which Stud does not use, on 2) to 4th
/// street: the antes, the third-street up cards `third` by seat, the forced bet called round;
/// then, checked to come after a burn, one up card each from the dealer's left: `fourth`.
fn stud_fourth_street(game: GameId, third: &str, fourth: &str) -> Hand {
    let mut h = Hand::start(setup(game, &[2, 5, 7], 2)).unwrap();
    let keyed = |cards: &str| -> Vec<(u8, Card)> {
        [2, 5, 7]
            .into_iter()
            .zip(parse_cards(cards).unwrap())
            .collect()
    };
    kit_run(&mut h, HandCommand::Posted { straddle: false }).unwrap();
    kit_run(
        &mut h,
        HandCommand::Dealt {
            up: keyed(third),
            common: None,
        },
    )
    .unwrap();
    kit_run(&mut h, HandCommand::Posted { straddle: false }).unwrap();
    while let Some((seat, _)) = to_act(&h) {
        crate::common::machine::calls(&mut h, seat);
    }
    match &h.step {
        Step::Deal {
            seats,
            burn,
            down,
            up,
            ..
        } => assert_eq!(
            (seats.clone(), *burn, *down, *up),
            (vec![2, 5, 7], true, 0, 1)
        ),
        other => panic!("4th street, not {other:?}"),
    }
    kit_run(
        &mut h,
        HandCommand::Dealt {
            up: keyed(fourth),
            common: None,
        },
    )
    .unwrap();
    h
}

/// 4th street: the best hand showing bets first; two equal hands showing, the seat nearer the
/// dealer's left; at Stud Low, the best low showing. The forced bettor is seat 5 each time and
/// the button on seat 2, so neither the seat left of him (7) nor the one left of the button (5)
/// is the answer by chance.
#[test]
fn on_fourth_street_the_best_hand_showing_acts_first_ties_to_the_dealers_left() {
    // 4♣ brings it in at seat 5; then K-9 shows at seats 2 and 7 alike, 7-4 at seat 5.
    let h = stud_fourth_street(GameId::SevenCardStud, "Kd 4c Kh", "9s 7c 9d");
    // § 637a.10(f): equal best hands showing at seats 2 and 7: seat 2, nearer the dealer's
    // left, bets or checks first.
    assert_eq!(to_act(&h).map(|a| a.0), Some(2));
    // Stud Low: the Q♣ brings it in at seat 5; then 6-2 (seat 2) is the best low showing,
    // over Q-A (seat 5) and the pair of 3s (seat 7), which would be the best high.
    let h = stud_fourth_street(GameId::SevenCardStudLow, "6d Qc 3h", "2d Ac 3s");
    assert_eq!(to_act(&h).map(|a| a.0), Some(2));
}

/// A later Stud street: each player may check while nobody has bet; after a bet, fold, call or
/// raise; the street is over once the last player has answered the bet.
#[test]
fn later_stud_players_check_until_a_bet_then_fold_call_or_raise() {
    let mut h = stud_fourth_street(GameId::SevenCardStud, "Kd 4c Kh", "9s 7c 9d");
    let act = |h: &mut Hand, seat: u8, kind: ActionKind| {
        kit_run(
            h,
            HandCommand::Act {
                seat,
                kind,
                amount: None,
            },
        )
        .unwrap();
    };
    act(&mut h, 2, ActionKind::Check);
    let (seat, options) = to_act(&h).unwrap();
    assert_eq!(seat, 5);
    assert!(options.contains(&Action::Check), "{options:?}");
    act(&mut h, 5, ActionKind::Bet);
    let (seat, options) = to_act(&h).unwrap();
    assert_eq!(seat, 7);
    // § 637a.10(g): once seat 5 has bet, seat 7 may fold, call or raise, and no longer check.
    assert!(
        !options.contains(&Action::Check)
            && options.contains(&Action::Fold)
            && options.iter().any(|a| matches!(a, Action::Call { .. }))
            && options.iter().any(|a| matches!(a, Action::Raise { .. })),
        "{options:?}"
    );
    act(&mut h, 7, ActionKind::Call);
    act(&mut h, 2, ActionKind::Call);
    // Every player has answered the bet: the street is over and 5th street comes.
    match &h.step {
        Step::Deal { burn, up, .. } => assert!(*burn && *up == 1),
        other => panic!("5th street, not {other:?}"),
    }
}

/// Omaha High and Omaha Hi-Lo 8 run one procedure, § 637a.12's: the blinds, four down, a
/// betting round, then the flop, turn and river, each after a burn and each followed by a
/// betting round.
#[test]
fn both_omaha_games_run_section_12s_procedure() {
    let want = [
        "post blind 1, blind 3",
        "deal: 4 down, 0 up to [1, 3, 4, 6]",
        "bet from 4",
        "deal after a burn: board 3",
        "bet from 1",
        "deal after a burn: board 1",
        "bet from 1",
        "deal after a burn: board 1",
        "bet from 1",
        "showdown",
    ];
    for game in [GameId::Omaha, GameId::OmahaHiLo] {
        let p = Procedure::of(game).unwrap();
        assert_eq!(
            (p.section, p.max_players),
            ("§ 637a.12", 10),
            "{}",
            game.id()
        );
        let said = walk(
            &mut Hand::start(setup(game, &[1, 3, 4, 6], 6)).unwrap(),
            &[],
        );
        // § 637a.12(a): both games walk the same steps, the section's.
        assert_eq!(said, want, "{}", game.id());
    }
}

/// Omaha action by action, seats 1, 3, 4 and 6 with the button on 4 (the blinds on 6 and 1):
/// the deal, the betting before the flop with the big blind's raise, then the flop, turn and
/// river with the small blind folded.
#[test]
fn omaha_deals_four_down_then_each_board_card_after_a_burn() {
    let mut h = Hand::start(setup(GameId::Omaha, &[1, 3, 4, 6], 4)).unwrap();
    let act = |h: &mut Hand, seat: u8, kind: ActionKind| {
        kit_run(
            h,
            HandCommand::Act {
                seat,
                kind,
                amount: None,
            },
        )
        .unwrap();
    };
    let dealt = |h: &mut Hand| {
        kit_run(
            h,
            HandCommand::Dealt {
                up: vec![],
                common: None,
            },
        )
        .unwrap();
    };
    let deal = |h: &Hand| match &h.step {
        Step::Deal {
            seats,
            burn,
            down,
            board,
            ..
        } => (seats.clone(), *burn, *down, *board),
        other => panic!("no deal at {other:?}"),
    };
    kit_run(&mut h, HandCommand::Posted { straddle: false }).unwrap();
    // § 637a.12(f): four rounds face down, from seat 6 left of the button; the button (4) last.
    assert_eq!(deal(&h), (vec![6, 1, 3, 4], false, 4, 0));
    dealt(&mut h);
    // § 637a.12(g): seat 3, left of the last blind, acts first; the big blind (1) may raise, and
    // the round ends once all have answered the raise.
    assert_eq!(to_act(&h).map(|a| a.0), Some(3));
    act(&mut h, 3, ActionKind::Call);
    act(&mut h, 4, ActionKind::Call);
    act(&mut h, 6, ActionKind::Fold);
    let (seat, options) = to_act(&h).unwrap();
    assert!(
        seat == 1 && options.iter().any(|a| matches!(a, Action::Raise { .. })),
        "{seat}: {options:?}"
    );
    act(&mut h, 1, ActionKind::Raise);
    act(&mut h, 3, ActionKind::Call);
    act(&mut h, 4, ActionKind::Call);
    let (_, burn, _, board) = deal(&h);
    assert_eq!((burn, board), (true, 3), "the flop");
    dealt(&mut h);
    // § 637a.12(h): after the burn and the flop, seat 1, the first player left of the button
    // who has not folded (6 has), may bet or check.
    let (seat, options) = to_act(&h).unwrap();
    assert!(
        seat == 1
            && options.contains(&Action::Check)
            && options.iter().any(|a| matches!(a, Action::Bet { .. })),
        "{seat}: {options:?}"
    );
    act(&mut h, 1, ActionKind::Check);
    act(&mut h, 3, ActionKind::Bet);
    act(&mut h, 4, ActionKind::Call);
    act(&mut h, 1, ActionKind::Call);
    let (_, burn, _, board) = deal(&h);
    // § 637a.12(i): a burn and the fourth card, then the betting from seat 1 again.
    assert_eq!((burn, board), (true, 1), "the turn");
    dealt(&mut h);
    assert_eq!(to_act(&h).map(|a| a.0), Some(1));
    for seat in [1, 3, 4] {
        act(&mut h, seat, ActionKind::Check);
    }
    let (_, burn, _, board) = deal(&h);
    // § 637a.12(j): a burn and the fifth card, then the final betting round from seat 1.
    assert_eq!((burn, board), (true, 1), "the river");
    dealt(&mut h);
    assert_eq!(to_act(&h).map(|a| a.0), Some(1));
    for seat in [1, 3, 4] {
        act(&mut h, seat, ActionKind::Check);
    }
    assert!(matches!(h.step, Step::Showdown { .. }), "{:?}", h.step);
}
