//! The poker-room games of Chapter 637a played through the round state machine with a real
//! deck beside it: every card the procedure deals is taken from the deck, so the machine's
//! count of the stub is checked against the cards actually left after every step.

use deckhand::rules::Cents;
use deckhand::rules::betting_actions::{Action, ActionKind};
use deckhand::rules::cards::{Card, full_deck, parse_cards};
use deckhand::rules::games::GameId;
use deckhand::rules::poker::hand::{Hand, HandCommand, HandEvent, HandSetup, Step, Structure};
use deckhand::rules::poker::pots::{AwardRules, OddChip};
use deckhand::rules::poker::procedure::Procedure;
use deckhand::rules::table::PotRules;
use proptest::prelude::*;
use std::collections::BTreeMap;

/// The hole cards dealt (no up card, no common card).
const DEALT: HandCommand = HandCommand::Dealt {
    up: vec![],
    common: None,
};

/// The forced bets in and the hole cards dealt.
fn posted_and_dealt(h: &mut Hand) {
    kit_run(h, HandCommand::Posted { straddle: false }).unwrap();
    kit_run(h, DEALT).unwrap();
}

use crate::common::machine::run_hand as kit_run;

/// SplitMix64: the test's own dice.
struct Dice(u64);
impl Dice {
    fn next(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    }
    fn below(&mut self, n: u64) -> u64 {
        if n == 0 { 0 } else { self.next() % n }
    }
}

/// The physical table beside the state machine.
#[derive(Default)]
struct Felt {
    deck: Vec<Card>,
    burns: Vec<Card>,
    discards: Vec<Card>,
    board: Vec<Card>,
    common: Vec<Card>,
    hands: BTreeMap<u8, Vec<Card>>,
    up: BTreeMap<u8, Vec<Card>>,
}

impl Felt {
    fn new(dice: &mut Dice, stacked: &[Card]) -> Felt {
        let mut deck = full_deck();
        for i in (1..deck.len()).rev() {
            let j = dice.below(i as u64 + 1) as usize;
            deck.swap(i, j);
        }
        // Stacked cards come off the top first (the deck is dealt from the end).
        deck.retain(|c| !stacked.contains(c));
        deck.extend(stacked.iter().rev());
        Felt {
            deck,
            ..Default::default()
        }
    }
    fn take(&mut self) -> Card {
        self.deck
            .pop()
            .expect("the machine dealt more cards than the deck has")
    }
}

fn setup(game: GameId, seats: &[(u8, Cents)]) -> HandSetup {
    let stud = Procedure::of(game).unwrap().stud.is_some();
    HandSetup {
        game,
        seats: seats.to_vec(),
        button: seats[0].0,
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

/// How the players behave: a choice per decision.
trait Policy {
    fn act(&mut self, h: &Hand, seat: u8, options: &[Action]) -> ActionKind;
    fn draw(&mut self, _seat: u8, max: u8) -> u8 {
        max.min(2)
    }
    fn straddle(&mut self) -> bool {
        false
    }
    /// Spread limit: the bet or raise, from the least to the most allowed.
    fn amount(&mut self, least: Cents, _most: Cents) -> Cents {
        least
    }
    /// Seven-card Stud: both of the seat's hole cards came up in the deal (§ 637a.18(m)).
    fn void(&mut self, _seat: u8) -> bool {
        false
    }
    /// Seven-card Stud: the seat's third hole card came up and it stops betting (§ 637a.18(m)).
    fn stop(&mut self, _seat: u8) -> bool {
        false
    }
}

/// Everyone checks or calls.
struct Calling;
impl Policy for Calling {
    fn act(&mut self, _: &Hand, _: u8, options: &[Action]) -> ActionKind {
        if options.contains(&Action::Check) {
            ActionKind::Check
        } else {
            ActionKind::Call
        }
    }
}

struct Random<'a>(&'a mut Dice);
impl Policy for Random<'_> {
    fn act(&mut self, _: &Hand, _: u8, options: &[Action]) -> ActionKind {
        // Fold less often than anything else, so rounds reach the showdown.
        let kinds: Vec<ActionKind> = options
            .iter()
            .map(|a| match a {
                Action::Fold => ActionKind::Fold,
                Action::Check => ActionKind::Check,
                Action::Call { .. } => ActionKind::Call,
                Action::Bet { .. } => ActionKind::Bet,
                Action::Raise { .. } => ActionKind::Raise,
            })
            .collect();
        let roll = self.0.below(10);
        if roll == 0 {
            return ActionKind::Fold;
        }
        let rest: Vec<ActionKind> = kinds
            .into_iter()
            .filter(|k| *k != ActionKind::Fold)
            .collect();
        rest[self.0.below(rest.len() as u64) as usize]
    }
    fn draw(&mut self, _: u8, max: u8) -> u8 {
        self.0.below(u64::from(max) + 1) as u8
    }
    fn straddle(&mut self) -> bool {
        self.0.below(2) == 0
    }
    fn amount(&mut self, least: Cents, most: Cents) -> Cents {
        least + self.0.below((most - least).max(0) as u64 + 1) as Cents
    }
    fn void(&mut self, _: u8) -> bool {
        self.0.below(40) == 0
    }
    fn stop(&mut self, _: u8) -> bool {
        self.0.below(6) == 0
    }
}

/// Plays a round to the end; checks the stub after every step. Returns the events.
fn play(h: &mut Hand, felt: &mut Felt, p: &mut dyn Policy) -> Vec<HandEvent> {
    let mut events = Vec::new();
    for _ in 0..500 {
        assert_eq!(
            usize::from(h.stub),
            felt.deck.len(),
            "the machine's stub and the real deck differ at {:?}",
            h.step
        );
        // § 637a.18(m): a hand voided in the deal, a player who stops betting; asked once.
        let void = match &h.step {
            Step::Deal { seats, .. } => {
                seats.iter().copied().find(|s| h.may_void(*s) && p.void(*s))
            }
            _ => None,
        };
        let stop = match &h.step {
            Step::Act { seat, .. } => h.may_stop_betting(*seat) && p.stop(*seat),
            _ => false,
        };
        let cmd = match h.step.clone() {
            Step::Complete => return events,
            Step::Street { .. } | Step::Winners { .. } => {
                panic!("a tracked round never asks for its betting at the table")
            }
            Step::PostForced { straddle, .. } => HandCommand::Posted {
                straddle: straddle.is_some() && p.straddle(),
            },
            Step::Deal { down, .. } if void.is_some() => {
                let seat = void.unwrap_or_default();
                // The exposed hole cards are collected (to the discards).
                for _ in 0..down {
                    let c = felt.take();
                    felt.discards.push(c);
                }
                HandCommand::VoidHand { seat }
            }
            Step::Act { seat, .. } if stop => HandCommand::StopBetting { seat },
            Step::Deal {
                seats,
                burn,
                down,
                up,
                board,
                common,
                ..
            } => {
                if common && felt.deck.len() <= 1 {
                    let burns = std::mem::take(&mut felt.burns);
                    felt.deck.extend(burns);
                }
                if burn {
                    let c = felt.take();
                    felt.burns.push(c);
                }
                let mut ups = Vec::new();
                for round in 0..down + up {
                    for s in &seats {
                        let c = felt.take();
                        felt.hands.entry(*s).or_default().push(c);
                        if round >= down {
                            felt.up.entry(*s).or_default().push(c);
                            ups.push((*s, c));
                        }
                    }
                }
                for _ in 0..board {
                    let c = felt.take();
                    felt.board.push(c);
                }
                let mut common_card = None;
                if common {
                    let c = felt.take();
                    felt.common.push(c);
                    common_card = Some(c);
                }
                HandCommand::Dealt {
                    up: ups,
                    common: common_card,
                }
            }
            Step::Discard { seat, count } => {
                let hand = felt.hands.get_mut(&seat).unwrap();
                for _ in 0..count {
                    // Down cards first (the up card is the last dealt).
                    let c = hand.remove(0);
                    felt.discards.push(c);
                }
                HandCommand::Discard { seat }
            }
            Step::Draw { seat, max } => {
                let count = p.draw(seat, max);
                let hand = felt.hands.get_mut(&seat).unwrap();
                let mine: Vec<Card> = hand.drain(..usize::from(count)).collect();
                if felt.deck.len() < usize::from(count) {
                    let pile = std::mem::take(&mut felt.discards);
                    felt.deck.extend(pile);
                }
                for _ in 0..count {
                    let c = felt.take();
                    felt.hands.get_mut(&seat).unwrap().push(c);
                }
                felt.discards.extend(mine);
                HandCommand::Draw { seat, count }
            }
            Step::Act { seat, options, max } => {
                let kind = p.act(h, seat, &options);
                let call = options
                    .iter()
                    .map(|o| match o {
                        Action::Call { amount } => *amount,
                        _ => 0,
                    })
                    .sum::<Cents>();
                let amount = options
                    .iter()
                    .find_map(|o| match (kind, o) {
                        (ActionKind::Bet, Action::Bet { amount }) => Some(*amount),
                        (ActionKind::Raise, Action::Raise { amount, .. }) => Some(amount - call),
                        _ => None,
                    })
                    .filter(|_| h.setup.structure.keyed())
                    .map(|least| p.amount(least, max.max(least)));
                if kind == ActionKind::Fold {
                    let cards = felt.hands.remove(&seat).unwrap_or_default();
                    felt.discards.extend(cards);
                }
                HandCommand::Act { seat, kind, amount }
            }
            Step::Showdown { order } => {
                let board_game = !felt.board.is_empty() || h.board > 0;
                let hands = order.iter().map(|s| (*s, felt.hands[s].clone())).collect();
                HandCommand::Showdown {
                    hands,
                    board: if board_game {
                        felt.board.clone()
                    } else {
                        felt.common.clone()
                    },
                }
            }
        };
        // § 637a.10(h): the burns shuffled in for a common card are what its screen asked for.
        let burns_told = h.burns_to_shuffle_in();
        match kit_run(h, cmd.clone()) {
            Ok(e) => {
                let shuffled_in = e.iter().find_map(|ev| match ev {
                    HandEvent::BurnsReshuffled { cards } => Some(*cards),
                    _ => None,
                });
                match cmd {
                    HandCommand::Dealt { .. } => assert_eq!(shuffled_in, burns_told),
                    _ => assert_eq!(shuffled_in, None),
                }
                // Opening a draw round burns one, reshuffling the discards first if the deck
                // is out (drawing seat 0): the felt follows.
                for ev in &e {
                    match ev {
                        HandEvent::DiscardsReshuffled { drawing: 0, .. } => {
                            let pile = std::mem::take(&mut felt.discards);
                            felt.deck.extend(pile);
                        }
                        HandEvent::Dealt {
                            burned: true,
                            cards: 0,
                            ..
                        } => {
                            let c = felt.take();
                            felt.burns.push(c);
                        }
                        _ => {}
                    }
                }
                events.extend(e);
            }
            Err(e) => panic!("{cmd:?} refused at {:?}: {e}", h.step),
        }
    }
    panic!("the round did not end in 500 steps");
}

fn total_stakes(h: &Hand) -> Cents {
    h.players.iter().map(|p| p.stack).sum()
}

#[test]
fn every_game_plays_a_calling_round_to_the_showdown() {
    for proc in Procedure::all() {
        let mut dice = Dice(7);
        let seats: Vec<(u8, Cents)> = (1..=proc.max_players.min(6)).map(|s| (s, 10_000)).collect();
        let mut h = Hand::start(setup(proc.game, &seats)).unwrap();
        let mut felt = Felt::new(&mut dice, &[]);
        let events = play(&mut h, &mut felt, &mut Calling);
        let r = h.result.as_ref().expect("a result");
        let before: Cents = seats.iter().map(|s| s.1).sum();
        assert_eq!(
            total_stakes(&h) + r.take.total(),
            before,
            "{}",
            proc.game.id()
        );
        assert_eq!(
            r.shown.len(),
            seats.len(),
            "{}: everyone showed",
            proc.game.id()
        );
        assert!(
            events
                .iter()
                .any(|e| matches!(e, HandEvent::Awarded { .. })),
            "{}",
            proc.game.id()
        );
        let hand_size = proc.hand_size() as usize;
        for (seat, cards) in &felt.hands {
            let own = hand_size - felt.common.len();
            assert_eq!(cards.len(), own, "{} seat {seat}", proc.game.id());
        }
    }
}

#[test]
fn holdem_round_from_blinds_to_award() {
    // § 637a.11: button seat 1, blinds seats 2 and 3, seat 4 first to act.
    let seats = [(1, 10_000), (2, 10_000), (3, 10_000), (4, 10_000)];
    let mut h = Hand::start(setup(GameId::Holdem, &seats)).unwrap();
    match &h.step {
        Step::PostForced { posts, .. } => assert_eq!(
            posts,
            &vec![(2, "blind".to_string(), 100), (3, "blind".to_string(), 200)]
        ),
        s => panic!("{s:?}"),
    }
    posted_and_dealt(&mut h);
    assert_eq!(h.stub, 52 - 8);
    let Step::Act { seat, options, .. } = h.step.clone() else {
        panic!()
    };
    // § 637a.11(g): pre-flop, seat 4, left of the last blind, acts first; the blinds may raise.
    assert_eq!(seat, 4, "left of the last blind (§ 637a.11(g))");
    assert!(options.contains(&Action::Raise {
        amount: 400,
        to: 400
    }));
    let act = |h: &mut Hand, seat, kind| {
        kit_run(
            h,
            HandCommand::Act {
                seat,
                kind,
                amount: None,
            },
        )
        .unwrap()
    };
    act(&mut h, 4, ActionKind::Raise);
    act(&mut h, 1, ActionKind::Fold);
    act(&mut h, 2, ActionKind::Fold);
    // The big blind may re-raise (§ 637a.11(g)); it calls.
    let e = kit_run(
        &mut h,
        HandCommand::Act {
            seat: 3,
            kind: ActionKind::Call,
            amount: Some(300),
        },
    );
    assert!(e.unwrap_err().contains("makes this call $2.00"));
    act(&mut h, 3, ActionKind::Call);
    assert!(matches!(
        h.step,
        Step::Deal {
            burn: true,
            board: 3,
            ..
        }
    ));
    kit_run(&mut h, DEALT).unwrap();
    assert_eq!(h.stub, 52 - 8 - 4);
    // After the flop the first live player left of the button: seat 3 (§ 637a.11(h)).
    // § 637a.11(h): a burn and three cards, then seat 3 (seat 2 folded) opens the betting.
    assert!(matches!(h.step, Step::Act { seat: 3, .. }));
    act(&mut h, 3, ActionKind::Check);
    act(&mut h, 4, ActionKind::Bet);
    act(&mut h, 3, ActionKind::Call);
    for _ in 0..2 {
        kit_run(
            &mut h,
            HandCommand::Dealt {
                up: vec![],
                common: None,
            },
        )
        .unwrap();
        // § 637a.11(i): after the turn (a burn and one card: the stub below), seat 3, the first
        // live seat left of the button, acts first; anyone else is refused (`act` unwraps).
        // § 637a.11(j): the same after the river's burn and card, for the final betting round.
        act(&mut h, 3, ActionKind::Check);
        act(&mut h, 4, ActionKind::Check);
    }
    assert_eq!(h.stub, 52 - 8 - 8);
    // Checked through the river: the first to act in it shows first (the spec's default).
    // § 637a.7(d): two players still in after the final betting round: a showdown.
    assert_eq!(h.step, Step::Showdown { order: vec![3, 4] });
    let c = |s: &str| parse_cards(s).unwrap();
    let e = kit_run(
        &mut h,
        HandCommand::Showdown {
            hands: vec![(3, c("Ah Kh")), (4, c("Qs Qd"))],
            board: c("2h 7h 9c Jd 3h"),
        },
    )
    .unwrap();
    let r = h.result.clone().unwrap();
    // Pot: the small blind's $1, $4 each from seats 3 and 4, $2 each on the flop = $13.
    assert_eq!(r.totals, vec![(3, 1300)]);
    assert!(r.shown[0].1.contains("Flush"), "{:?}", r.shown);
    assert!(matches!(e.last(), Some(HandEvent::Awarded { .. })));
    assert_eq!(h.players[2].stack, 10_000 - 600 + 1300);
    assert!(kit_run(&mut h, HandCommand::Posted { straddle: false }).is_err());
}

#[test]
fn a_straddle_acts_last_and_only_left_of_the_last_blind() {
    let seats = [
        (1, 10_000),
        (2, 10_000),
        (3, 10_000),
        (4, 10_000),
        (5, 10_000),
    ];
    let mut s = setup(GameId::Holdem, &seats);
    s.straddle = Some(400);
    let mut h = Hand::start(s).unwrap();
    let Step::PostForced { straddle, .. } = &h.step else {
        panic!()
    };
    assert_eq!(*straddle, Some((4, 400)));
    kit_run(&mut h, HandCommand::Posted { straddle: true }).unwrap();
    kit_run(&mut h, DEALT).unwrap();
    assert!(matches!(h.step, Step::Act { seat: 5, .. }), "{:?}", h.step);
    // Five-card Draw has no straddle (§ 637a.13).
    let mut s = setup(GameId::FiveCardDraw, &seats);
    s.straddle = Some(400);
    assert!(Hand::start(s).unwrap_err().contains("no straddle"));
}

#[test]
fn side_pots_with_three_all_ins_of_different_sizes() {
    // Seats 1-3 are short (all in for $6, $10, $14 over the rounds); seats 4 and 5 deep.
    let seats = [(1, 600), (2, 1000), (3, 1400), (4, 10_000), (5, 10_000)];
    let mut s = setup(GameId::Holdem, &seats);
    s.structure = Structure::SpreadLimit {
        min: 200,
        max: 2000,
    };
    s.max_raises = 5;
    s.button = 5;
    let mut h = Hand::start(s).unwrap();
    posted_and_dealt(&mut h);
    // Blinds: seat 1 $1, seat 2 $2. Seat 3 raises all in ($14), seat 4 re-raises $20 more.
    let mut act = |seat, kind, amount| {
        kit_run(&mut h, HandCommand::Act { seat, kind, amount })
            .unwrap_or_else(|e| panic!("{seat} {kind:?}: {e}"));
    };
    act(3, ActionKind::Raise, Some(1200));
    act(4, ActionKind::Raise, Some(2000));
    act(5, ActionKind::Call, None);
    act(1, ActionKind::Call, None);
    act(2, ActionKind::Call, None);
    assert!(h.players.iter().take(3).all(|p| p.all_in && p.stack == 0));
    // Seats 4 and 5 check it down.
    for _ in 0..3 {
        kit_run(
            &mut h,
            HandCommand::Dealt {
                up: vec![],
                common: None,
            },
        )
        .unwrap();
        kit_run(
            &mut h,
            HandCommand::Act {
                seat: 4,
                kind: ActionKind::Check,
                amount: None,
            },
        )
        .unwrap();
        kit_run(
            &mut h,
            HandCommand::Act {
                seat: 5,
                kind: ActionKind::Check,
                amount: None,
            },
        )
        .unwrap();
    }
    let Step::Showdown { order } = h.step.clone() else {
        panic!("{:?}", h.step)
    };
    assert_eq!(order.len(), 5);
    let c = |s: &str| parse_cards(s).unwrap();
    // Seat 1 best (quads), seat 2 second (full house), seat 3 third (flush), 4 and 5 tie.
    kit_run(
        &mut h,
        HandCommand::Showdown {
            hands: vec![
                (1, c("9c 9d")),
                (2, c("Kc Kd")),
                (3, c("Ah 3h")),
                (4, c("5s 6h")),
                (5, c("5c 6d")),
            ],
            board: c("9h 9s Kh 7h 2s"),
        },
    )
    .unwrap();
    let r = h.result.clone().unwrap();
    // put in: 600, 1000, 1400, 3400, 3400. Main 5 × 600; side 1 4 × 400; side 2 3 × 400;
    // side 3 2 × 2000.
    let amounts: Vec<(usize, Cents)> = r.pots.iter().map(|p| (p.pot, p.amount)).collect();
    assert_eq!(
        amounts,
        vec![(3, 4000), (2, 1200), (1, 1600), (0, 3000)],
        "side pots first, the main pot last"
    );
    let winners: Vec<Vec<(u8, Cents)>> =
        r.pots.iter().map(|p| p.halves[0].winners.clone()).collect();
    assert_eq!(
        winners,
        vec![
            vec![(4, 2000), (5, 2000)],
            vec![(3, 1200)],
            vec![(2, 1600)],
            vec![(1, 3000)]
        ]
    );
    assert_eq!(h.players.iter().map(|p| p.stack).sum::<Cents>(), 23_000);
}

#[test]
fn hi_lo_without_a_qualifying_low_and_quartered_pots() {
    let c = |s: &str| parse_cards(s).unwrap();
    let seats = [(1, 10_000), (2, 10_000), (3, 10_000)];
    let run = |hands: Vec<(u8, Vec<Card>)>, board: Vec<Card>| {
        let mut s = setup(GameId::OmahaHiLo, &seats);
        s.award.chip = 25;
        let mut h = Hand::start(s).unwrap();
        // Call every street, then show the given hands.
        loop {
            match h.step.clone() {
                Step::Showdown { .. } => break,
                Step::Act { seat, options, .. } => {
                    let kind = Calling.act(&h, seat, &options);
                    kit_run(
                        &mut h,
                        HandCommand::Act {
                            seat,
                            kind,
                            amount: None,
                        },
                    )
                    .unwrap();
                }
                Step::PostForced { .. } => {
                    kit_run(&mut h, HandCommand::Posted { straddle: false }).unwrap();
                }
                Step::Deal { .. } => {
                    kit_run(
                        &mut h,
                        HandCommand::Dealt {
                            up: vec![],
                            common: None,
                        },
                    )
                    .unwrap();
                }
                s => panic!("{s:?}"),
            }
        }
        kit_run(&mut h, HandCommand::Showdown { hands, board }).unwrap();
        h.result.unwrap()
    };
    // No low possible on K-Q-J-8-8: the high takes the whole $6 pot (§ 637a.12(l)).
    let r = run(
        vec![
            (1, c("As Ks 2c 3c")),
            (2, c("Qh Qd 4c 5c")),
            (3, c("7d 6d 2h 3h")),
        ],
        c("Kh Qc Jd 8s 8c"),
    );
    assert_eq!(r.pots[0].halves.len(), 1);
    assert_eq!(r.totals, vec![(2, 600)]);
    assert!(r.shown.iter().all(|(_, t)| t.contains("no low")));
    // Quartered: seats 1 and 3 tie for the low with A-2 (a $3 half: $1.50 each in quarters);
    // seat 1 also has the best high (the other $3). Seat 1: $4.50, seat 3: $1.50.
    let r = run(
        vec![
            (1, c("Ac 2c Kd Ks")),
            (2, c("Qh Qd Jc Jh")),
            (3, c("Ad 2d 9h 9s")),
        ],
        c("Kh 3s 4h 8d 6c"),
    );
    assert_eq!(r.pots[0].halves.len(), 2);
    // § 637a.12(k): the high and the low halve the pot; tied lows share their half.
    assert_eq!(r.pots[0].halves[1].winners, vec![(1, 150), (3, 150)]);
    assert_eq!(r.totals, vec![(1, 450), (3, 150)]);
}

#[test]
fn odd_chips_by_the_games_rule() {
    use deckhand::rules::poker::pots::{Pot, Shown, award};
    let c = |s: &str| parse_cards(s).unwrap();
    let pots = vec![Pot {
        amount: 700,
        eligible: vec![2, 5, 7],
    }];
    let shown = |seat, cards: &str| Shown {
        seat,
        first: 10,
        first_cards: c(cards),
        second: None,
        second_cards: vec![],
    };
    let hands = vec![
        shown(2, "Kc Qc Jc Tc 9c"),
        shown(5, "Ks Qs Js Ts 9s"),
        shown(7, "Kh Qh Jh Th 9h"),
    ];
    let order = vec![7, 2, 5]; // clockwise from the button, seat 6
    let rules = |rule| AwardRules {
        split: false,
        chip: 100,
        odd_chip_first: rule,
        odd_chip_second: OddChip::LeftOfButton,
    };
    // $7 three ways in $1 chips: $2 each, one odd chip.
    let a = award(&pots, &hands, &order, &rules(OddChip::LeftOfButton), "low").unwrap();
    // § 637a.19(k): tied hands' odd chip to the first of them clockwise from the button (seat 7), the player the Rules Submission names.
    assert_eq!(a[0].halves[0].odd_chips, vec![7]);
    let a = award(
        &pots,
        &hands,
        &order,
        &rules(OddChip::HighCardBySuit),
        "low",
    )
    .unwrap();
    assert_eq!(
        a[0].halves[0].odd_chips,
        vec![5],
        "K♠ is the highest card by suit"
    );
    assert_eq!(a[0].halves[0].winners, vec![(2, 200), (5, 300), (7, 200)]);
    let a = award(&pots, &hands, &order, &rules(OddChip::LowCardBySuit), "low").unwrap();
    assert_eq!(
        a[0].halves[0].odd_chips,
        vec![2],
        "9♣ is the lowest card by suit"
    );
    // $8 three ways: two odd chips, one each to the first two in order.
    let pots8 = vec![Pot {
        amount: 800,
        eligible: vec![2, 5, 7],
    }];
    let a = award(&pots8, &hands, &order, &rules(OddChip::LeftOfButton), "low").unwrap();
    assert_eq!(a[0].halves[0].winners, vec![(2, 300), (5, 200), (7, 300)]);
    // A hi-lo pot of $7 with $1 chips: the high half gets the odd dollar (§ 637a.12(k)(2)(i)).
    // § 637a.12(k): halved between the high and the low, the odd chip to the high.
    let split = vec![
        Shown {
            seat: 2,
            first: 50,
            first_cards: c("Kc Kd Ks 2c 2d"),
            second: None,
            second_cards: vec![],
        },
        Shown {
            seat: 5,
            first: 10,
            first_cards: c("Ah 2h 3d 4s 6c"),
            second: Some(99),
            second_cards: c("Ah 2h 3d 4s 6c"),
        },
    ];
    let hl = AwardRules {
        split: true,
        ..rules(OddChip::LeftOfButton)
    };
    let a = award(&pots, &split, &order, &hl, "low").unwrap();
    // § 637a.19(k): a Five-card Omaha Hi-Lo pot is divided the same way: halves, the excess (the odd dollar) to the high.
    assert_eq!(a[0].halves[0].winners, vec![(2, 400)]);
    assert_eq!(a[0].halves[1].winners, vec![(5, 300)]);
}

#[test]
fn rake_cap_and_no_flop_no_drop() {
    let seats = [(1, 10_000), (2, 10_000), (3, 10_000)];
    let rules = PotRules {
        rake_percent: 10,
        rake_cap: 300,
        rake_flop_only: true,
        bad_beat: 100,
        high_hand: 0,
        high_hand_min_players: 0,
        high_hand_tie: Default::default(),
        contribution_min_pot: 1000,
        bad_beat_rules: None,
    };
    // Everyone folds to the big blind before the flop: no rake; the uncalled part is returned.
    let mut s = setup(GameId::Holdem, &seats);
    s.pot_rules = rules.clone();
    let mut h = Hand::start(s.clone()).unwrap();
    posted_and_dealt(&mut h);
    for seat in [1, 2] {
        kit_run(
            &mut h,
            HandCommand::Act {
                seat,
                kind: ActionKind::Fold,
                amount: None,
            },
        )
        .unwrap();
    }
    let r = h.result.clone().unwrap();
    assert_eq!(r.take.rake, 0);
    assert_eq!(r.uncalled, Some((3, 100)));
    // § 637a.7(d): everyone else folded: the pot goes to the last player left, no showdown.
    assert_eq!(r.totals, vec![(3, 300)]);
    assert!(
        h.events
            .iter()
            .any(|e| matches!(e, HandEvent::Uncontested { seat: 3 }))
    );
    // A raised pot to the river: $3 cap, then the $1 Bad Beat contribution.
    let mut h = Hand::start(s).unwrap();
    let mut dice = Dice(3);
    let mut felt = Felt::new(&mut dice, &[]);
    struct Raising;
    impl Policy for Raising {
        fn act(&mut self, _: &Hand, _: u8, o: &[Action]) -> ActionKind {
            if o.iter().any(|a| matches!(a, Action::Raise { .. })) {
                ActionKind::Raise
            } else if o.iter().any(|a| matches!(a, Action::Bet { .. })) {
                ActionKind::Bet
            } else {
                ActionKind::Call
            }
        }
    }
    play(&mut h, &mut felt, &mut Raising);
    let r = h.result.clone().unwrap();
    assert_eq!((r.take.rake, r.take.bad_beat), (300, 100));
    assert_eq!(total_stakes(&h) + 400, 30_000);
}

#[test]
fn stud_forced_bet_best_showing_and_the_common_card() {
    // Eight players calling to the end: after 6th street one card is left, so the burn cards
    // are shuffled in, a card burned, and one common card dealt (§ 637a.10(h)).
    let seats: Vec<(u8, Cents)> = (1..=8).map(|s| (s, 10_000)).collect();
    let mut h = Hand::start(setup(GameId::SevenCardStud, &seats)).unwrap();
    let mut dice = Dice(11);
    let mut felt = Felt::new(&mut dice, &[]);
    let events = play(&mut h, &mut felt, &mut Calling);
    assert!(
        events
            .iter()
            .any(|e| matches!(e, HandEvent::BurnsReshuffled { cards: 3 }))
    );
    assert_eq!(felt.common.len(), 1);
    assert!(
        felt.hands.values().all(|h| h.len() == 6),
        "six own cards and the common card"
    );
    // Seven players: a common card for 7th street without reshuffling; nine: 6th and 7th.
    for (n, common, reshuffles) in [(7u8, 1usize, 0usize), (9, 2, 0), (6, 0, 0)] {
        let seats: Vec<(u8, Cents)> = (1..=n).map(|s| (s, 10_000)).collect();
        let mut h = Hand::start(setup(GameId::SevenCardStud, &seats)).unwrap();
        let mut felt = Felt::new(&mut Dice(u64::from(n)), &[]);
        let events = play(&mut h, &mut felt, &mut Calling);
        assert_eq!(felt.common.len(), common, "{n} players");
        assert_eq!(
            events
                .iter()
                .filter(|e| matches!(e, HandEvent::BurnsReshuffled { .. }))
                .count(),
            reshuffles,
            "{n} players"
        );
    }

    // The forced bet by the lowest up card, then the best hand showing acts first.
    let c = |s: &str| parse_cards(s).unwrap()[0];
    let seats = [(1, 10_000), (2, 10_000), (3, 10_000)];
    let mut h = Hand::start(setup(GameId::SevenCardStud, &seats)).unwrap();
    kit_run(&mut h, HandCommand::Posted { straddle: false }).unwrap(); // antes
    let e = kit_run(
        &mut h,
        HandCommand::Dealt {
            up: vec![(1, c("Kd")), (2, c("2h"))],
            common: None,
        },
    );
    assert!(e.unwrap_err().contains("up card"));
    kit_run(
        &mut h,
        HandCommand::Dealt {
            up: vec![(1, c("Kd")), (2, c("2h")), (3, c("2c"))],
            common: None,
        },
    )
    .unwrap();
    match &h.step {
        Step::PostForced { posts, .. } => {
            assert_eq!(
                posts,
                &vec![(3, "forced bet".to_string(), 100)],
                "2♣ is lowest"
            )
        }
        s => panic!("{s:?}"),
    }
    kit_run(&mut h, HandCommand::Posted { straddle: false }).unwrap();
    // § 637a.10(e): the player left of the forced bet (seat 3) acts first: seat 1.
    assert!(
        matches!(h.step, Step::Act { seat: 1, .. }),
        "left of the forced bet"
    );
    for seat in [1, 2] {
        crate::common::machine::calls(&mut h, seat);
    }
    // Everyone called the forced bet: the round is over without the forced bettor acting.
    assert!(matches!(h.step, Step::Deal { .. }), "{:?}", h.step);
    kit_run(
        &mut h,
        HandCommand::Dealt {
            up: vec![(1, c("3s")), (2, c("7d")), (3, c("2d"))],
            common: None,
        },
    )
    .unwrap();
    assert!(
        matches!(h.step, Step::Act { seat: 3, .. }),
        "a pair of deuces showing acts first: {:?}",
        h.step
    );
}

/// § 637a.18(m): Seven-card Stud's exposed hole cards. Both hole cards up in the deal: the
/// cards are collected, the hand is void and the ante returned. The third hole card up: the
/// player may bet no more and contend only for the pot formed before, so the last round's bets
/// make a side pot without him.
#[test]
fn stud_exposed_hole_cards_void_a_hand_or_stop_its_betting() {
    struct Exposed {
        void: Option<u8>,
        stop: Option<u8>,
    }
    impl Policy for Exposed {
        fn act(&mut self, _: &Hand, _: u8, options: &[Action]) -> ActionKind {
            if options.iter().any(|o| matches!(o, Action::Bet { .. })) {
                ActionKind::Bet
            } else if options.contains(&Action::Check) {
                ActionKind::Check
            } else {
                ActionKind::Call
            }
        }
        fn void(&mut self, seat: u8) -> bool {
            self.void == Some(seat)
        }
        fn stop(&mut self, seat: u8) -> bool {
            self.stop == Some(seat)
        }
    }
    let seats = [(1, 10_000), (2, 10_000), (3, 10_000), (4, 10_000)];
    let mut dice = Dice(7);
    let mut felt = Felt::new(&mut dice, &[]);
    let mut h = Hand::start(setup(GameId::SevenCardStud, &seats)).unwrap();
    let start = total_stakes(&h);
    let mut p = Exposed {
        void: Some(2),
        stop: Some(3),
    };
    let events = play(&mut h, &mut felt, &mut p);
    assert!(
        events.contains(&HandEvent::HandVoided {
            seat: 2,
            returned: 25
        }),
        "{events:#?}"
    );
    let two = h.players.iter().find(|p| p.seat == 2).unwrap();
    assert_eq!((two.stack, two.put_in, two.cards), (10_000, 0, 0));
    assert!(events.contains(&HandEvent::StoppedBetting { seat: 3 }));
    let result = h.result.clone().unwrap();
    // Seat 3 is in the main pot only; the last round's bets are a side pot of seats 1 and 4.
    let main = result.pots.iter().find(|p| p.pot == 0).unwrap();
    assert!(main.eligible.contains(&3), "{result:#?}");
    let side = result.pots.iter().find(|p| p.pot == 1).unwrap();
    assert_eq!(side.eligible, [1, 4], "{result:#?}");
    assert_eq!(side.amount, 2 * 400);
    assert_eq!(total_stakes(&h) + result.take.total(), start);
    // The refusals: only in the first deal, only seven-card Stud, never leaving one player.
    let e = kit_run(&mut h, HandCommand::VoidHand { seat: 1 }).unwrap_err();
    assert!(e.contains("the round is over"), "{e}");
    let mut two_up = Hand::start(setup(GameId::SevenCardStud, &seats[..2])).unwrap();
    kit_run(&mut two_up, HandCommand::Posted { straddle: false }).unwrap();
    let e = kit_run(&mut two_up, HandCommand::VoidHand { seat: 1 }).unwrap_err();
    assert!(e.contains("would leave one player"), "{e}");
    let e = kit_run(&mut two_up, HandCommand::StopBetting { seat: 1 }).unwrap_err();
    assert!(e.contains("§ 637a.18(m)"), "{e}");
    let mut holdem = Hand::start(setup(GameId::Holdem, &seats)).unwrap();
    kit_run(&mut holdem, HandCommand::Posted { straddle: false }).unwrap();
    let e = kit_run(&mut holdem, HandCommand::VoidHand { seat: 1 }).unwrap_err();
    assert!(e.contains("§ 637a.18(m)"), "{e}");
}

#[test]
fn draws_reshuffle_the_discards_but_not_the_drawing_players_own() {
    // Seven players drawing five each time in Triple Draw run the deck out.
    let seats: Vec<(u8, Cents)> = (1..=7).map(|s| (s, 10_000)).collect();
    let mut h = Hand::start(setup(GameId::TripleDraw27, &seats)).unwrap();
    let mut felt = Felt::new(&mut Dice(5), &[]);
    struct Five;
    impl Policy for Five {
        fn act(&mut self, h: &Hand, s: u8, o: &[Action]) -> ActionKind {
            Calling.act(h, s, o)
        }
        fn draw(&mut self, _: u8, max: u8) -> u8 {
            max
        }
    }
    let events = play(&mut h, &mut felt, &mut Five);
    let reshuffles: Vec<&HandEvent> = events
        .iter()
        .filter(|e| matches!(e, HandEvent::DiscardsReshuffled { .. }))
        .collect();
    assert!(!reshuffles.is_empty());
    assert!(h.result.is_some());
    // A player may not draw more than they hold, nor out of turn.
    let mut h = Hand::start(setup(GameId::FiveCardDraw, &seats[..3])).unwrap();
    let mut felt = Felt::new(&mut Dice(6), &[]);
    while !matches!(h.step, Step::Draw { .. }) {
        let cmd = match h.step.clone() {
            Step::PostForced { .. } => HandCommand::Posted { straddle: false },
            Step::Deal { .. } => {
                for _ in 0..15 {
                    felt.take();
                }
                HandCommand::Dealt {
                    up: vec![],
                    common: None,
                }
            }
            Step::Act { seat, options, .. } => HandCommand::Act {
                seat,
                kind: Calling.act(&h, seat, &options),
                amount: None,
            },
            s => panic!("{s:?}"),
        };
        kit_run(&mut h, cmd).unwrap();
    }
    let Step::Draw { seat, max } = h.step.clone() else {
        panic!()
    };
    assert_eq!(
        (seat, max),
        (2, 5),
        "left of the button first (§ 637a.13(g))"
    );
    assert!(kit_run(&mut h, HandCommand::Draw { seat, count: 6 }).is_err());
    assert!(
        kit_run(&mut h, HandCommand::Draw { seat: 3, count: 1 })
            .unwrap_err()
            .contains("one at a time")
    );
}

#[test]
fn super_stud_runs_out_at_eight_players_so_seven_is_the_cap() {
    // Seven: the common card covers 6th and 7th street (§ 637a.10(h)).
    let seats: Vec<(u8, Cents)> = (1..=7).map(|s| (s, 10_000)).collect();
    let mut h = Hand::start(setup(GameId::SuperSevenCardStud, &seats)).unwrap();
    let mut felt = Felt::new(&mut Dice(9), &[]);
    play(&mut h, &mut felt, &mut Calling);
    assert_eq!(felt.common.len(), 2);
    let eight: Vec<(u8, Cents)> = (1..=8).map(|s| (s, 10_000)).collect();
    // § 637a.10(m): Super Stud deals five to each, so eight players are refused.
    assert!(
        Hand::start(setup(GameId::SuperSevenCardStud, &eight))
            .unwrap_err()
            .contains("at most 7")
    );
}

#[test]
fn refusals_name_the_rule() {
    let seats = [(1, 10_000), (2, 10_000)];
    let one = [(1, 10_000)];
    assert!(
        Hand::start(setup(GameId::Holdem, &one))
            .unwrap_err()
            .contains("§ 637a.7(b)")
    );
    let eight: Vec<(u8, Cents)> = (1..=8).map(|s| (s, 10_000)).collect();
    assert!(
        Hand::start(setup(GameId::TripleDraw27, &eight))
            .unwrap_err()
            .contains("at most 7")
    );
    let poor = [(1, 10_000), (2, 250)];
    assert!(
        Hand::start(setup(GameId::Holdem, &poor))
            .unwrap_err()
            .contains("§ 637a.8(b)(4)")
    );
    let banked = HandSetup {
        game: GameId::Spanish21,
        ..setup(GameId::Holdem, &seats)
    };
    assert!(
        Hand::start(banked)
            .unwrap_err()
            .contains("not a poker-room game")
    );
    let mut h = Hand::start(setup(GameId::Holdem, &seats)).unwrap();
    assert!(kit_run(&mut h, HandCommand::Draw { seat: 1, count: 1 }).is_err());
    posted_and_dealt(&mut h);
    // Heads-up: button seat 1; blinds 2 then 1; seat 2 acts first.
    let Step::Act { seat, .. } = h.step.clone() else {
        panic!()
    };
    let other = if seat == 1 { 2 } else { 1 };
    assert!(
        kit_run(
            &mut h,
            HandCommand::Act {
                seat: other,
                kind: ActionKind::Call,
                amount: None
            }
        )
        .unwrap_err()
        .contains("turn")
    );
    // Raise to the cap.
    let mut s = seat;
    for _ in 0..3 {
        kit_run(
            &mut h,
            HandCommand::Act {
                seat: s,
                kind: ActionKind::Raise,
                amount: None,
            },
        )
        .unwrap();
        s = if s == 1 { 2 } else { 1 };
    }
    assert!(
        kit_run(
            &mut h,
            HandCommand::Act {
                seat: s,
                kind: ActionKind::Raise,
                amount: None
            }
        )
        .unwrap_err()
        .contains("cap of 3 raises")
    );
    // Spread limit: an amount outside the posted limits.
    let mut sp = setup(GameId::Holdem, &seats);
    sp.structure = Structure::SpreadLimit {
        min: 200,
        max: 1000,
    };
    let mut h = Hand::start(sp).unwrap();
    posted_and_dealt(&mut h);
    let Step::Act { seat, .. } = h.step.clone() else {
        panic!()
    };
    let e = kit_run(
        &mut h,
        HandCommand::Act {
            seat,
            kind: ActionKind::Raise,
            amount: Some(1200),
        },
    )
    .unwrap_err();
    // § 637a.8(k): the posted spread limits ($2 to $10) bound a raise; fixed limit caps raises.
    assert!(e.contains("$2.00 to $10.00"), "{e}");
    assert!(
        kit_run(
            &mut h,
            HandCommand::Act {
                seat,
                kind: ActionKind::Raise,
                amount: None
            }
        )
        .unwrap_err()
        .contains("key the raise amount")
    );
    kit_run(
        &mut h,
        HandCommand::Act {
            seat,
            kind: ActionKind::Raise,
            amount: Some(700),
        },
    )
    .unwrap();
}

fn random_round(seed: u64) {
    let mut dice = Dice(seed);
    let procs = Procedure::all();
    let proc = &procs[dice.below(procs.len() as u64) as usize];
    let n = 2 + dice.below(u64::from(proc.max_players) - 1) as u8;
    let seats: Vec<(u8, Cents)> = (1..=n)
        .map(|s| (s, 600 + dice.below(6000) as Cents))
        .collect();
    let mut s = setup(proc.game, &seats);
    s.button = seats[dice.below(seats.len() as u64) as usize].0;
    if proc.straddle && dice.below(2) == 0 {
        s.straddle = Some(400);
    }
    if dice.below(2) == 0 {
        s.structure = Structure::SpreadLimit {
            min: 200,
            max: 1000,
        };
    }
    s.pot_rules = PotRules {
        rake_percent: dice.below(11) as u8,
        rake_cap: 500,
        rake_flop_only: dice.below(2) == 0,
        bad_beat: 100,
        high_hand: 50,
        high_hand_min_players: 0,
        high_hand_tie: Default::default(),
        contribution_min_pot: 1000,
        bad_beat_rules: None,
    };
    s.award.chip = [1, 25, 100][dice.below(3) as usize];
    let before: Cents = seats.iter().map(|x| x.1).sum();
    let mut h = Hand::start(s).unwrap();
    let mut felt = Felt::new(&mut dice, &[]);
    let mut dice2 = Dice(seed ^ 0xABCD);
    play(&mut h, &mut felt, &mut Random(&mut dice2));
    let r = h.result.as_ref().unwrap();
    // Chips are conserved: everything put in is awarded, returned, raked or contributed.
    let put_in: Cents = h.players.iter().map(|p| p.put_in).sum();
    let paid: Cents = r.totals.iter().map(|t| t.1).sum();
    assert_eq!(
        put_in,
        paid + r.take.total(),
        "{} seed {seed}",
        proc.game.id()
    );
    assert_eq!(total_stakes(&h) + r.take.total(), before);
    assert!(h.players.iter().all(|p| p.stack >= 0));
    assert!(r.take.rake <= 500);
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(3000))]
    #[test]
    fn chips_are_conserved_over_random_rounds(seed in any::<u64>()) {
        random_round(seed);
    }
}

/// What the journal records before a draw is what the draw screen asks for: the burn at the
/// first player of each draw round (§ 637a.13(g)(1)), a new stub from the discards when it ran
/// out for the burn, and the discards (not the drawing player's own) shuffled in only for a
/// draw the stub could not cover, which the screen labels "discards shuffled in"
/// (§ 637a.13(g)(2)).
#[test]
fn every_burn_and_reshuffle_of_a_draw_is_one_the_screen_asked_for() {
    let seats: Vec<(u8, Cents)> = (1..=7).map(|s| (s, 10_000)).collect();
    let mut h = Hand::start(setup(GameId::TripleDraw27, &seats)).unwrap();
    let (mut burns_told, mut reshuffles_told) = (0, 0);
    for _ in 0..500 {
        let cmd = match h.step.clone() {
            Step::PostForced { .. } => HandCommand::Posted { straddle: false },
            Step::Deal { .. } => HandCommand::Dealt {
                up: vec![],
                common: None,
            },
            Step::Act { seat, options, .. } => HandCommand::Act {
                seat,
                kind: Calling.act(&h, seat, &options),
                amount: None,
            },
            Step::Draw { seat, max } => {
                let told = h.draw_preparation();
                burns_told += usize::from(told.burn);
                let stub = h.stub;
                let events = kit_run(&mut h, HandCommand::Draw { seat, count: max }).unwrap();
                let reshuffled = events
                    .iter()
                    .any(|e| matches!(e, HandEvent::DiscardsReshuffled { .. }));
                assert_eq!(reshuffled, max > stub, "seat {seat} drew {max} of {stub}");
                reshuffles_told += usize::from(reshuffled);
                continue;
            }
            _ => break,
        };
        kit_run(&mut h, cmd).unwrap();
    }
    let burned = h
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
    assert_eq!(burns_told, 3, "one burn told for each of the three draws");
    assert_eq!(burned, burns_told, "every burn before a draw was asked for");
    assert!(
        reshuffles_told > 0,
        "seven players drawing five run the stub out"
    );
}
