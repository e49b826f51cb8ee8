//! No-limit and pot-limit betting (issue 22): random legal action sequences for No-Limit Hold'em
//! and Pot-Limit Omaha from 2 to 10 seats with random table stakes, checked against a ledger the
//! test keeps itself: chips conserved, every pot-limit maximum and every least raise equal to
//! an independent computation, refusals that change nothing, and the pots at the showdown equal
//! to `deckhand settle`'s for the same contributions and cards. Then `deckhand hand` on the
//! documented examples and on an illegal under-raise.

use crate::common::machine::given;
use deckhand::rules::Cents;
use deckhand::rules::betting_actions::{Action, ActionKind};
use deckhand::rules::cards::{Card, full_deck};
use deckhand::rules::games::GameId;
use deckhand::rules::poker::hand::{
    BigBetRules, Hand, HandCommand, HandEvent, HandSetup, Step, Structure,
};
use deckhand::rules::poker::hand_check;
use deckhand::rules::poker::pots::AwardRules;
use proptest::prelude::*;
use std::collections::BTreeMap;

use crate::common::Rng as Dice;

fn setup(game: GameId, structure: Structure, seats: Vec<(u8, Cents)>, button: u8) -> HandSetup {
    HandSetup {
        game,
        seats,
        button,
        ante: 0,
        blinds: vec![100, 200],
        straddle: None,
        forced_bet: 0,
        structure,
        max_raises: 0,
        big_bet: BigBetRules::default(),
        limit_percent: 100,
        low_ace_low: true,
        raise_needs_caller: true,
        untracked: false,
        heads_up_button_small_blind: true,
        pot_rules: Default::default(),
        award: AwardRules::for_game(game),
        posts: vec![],
    }
}

/// The test's own account of the round: what each seat put in, on this street and in all, and
/// the last full bet or raise, from the events alone.
#[derive(Default)]
struct Ledger {
    total: BTreeMap<u8, Cents>,
    street: BTreeMap<u8, Cents>,
    stack: BTreeMap<u8, Cents>,
    full: Cents,
    /// The bet when each seat last acted this street.
    acted_at: BTreeMap<u8, Cents>,
}

impl Ledger {
    fn current(&self) -> Cents {
        self.street.values().copied().max().unwrap_or(0)
    }
    fn pot(&self) -> Cents {
        self.total.values().sum()
    }
    fn put(&mut self, seat: u8, amount: Cents) {
        *self.total.entry(seat).or_default() += amount;
        *self.street.entry(seat).or_default() += amount;
        *self.stack.get_mut(&seat).unwrap() -= amount;
    }
    fn observe(&mut self, e: &HandEvent, min: Cents) {
        match e {
            HandEvent::Posted { seat, amount, .. } => {
                self.put(*seat, *amount);
                self.full = min.max(self.current());
            }
            // A betting round closed: the next starts from nothing (the forced bets count
            // toward the first).
            HandEvent::BettingComplete { .. } => {
                self.street.clear();
                self.acted_at.clear();
                self.full = min;
            }
            HandEvent::Acted { seat, action, .. } => {
                let before = self.current();
                self.put(*seat, action.amount());
                let after = self.current();
                if after > before && after - before >= self.full {
                    self.full = after - before;
                }
                self.acted_at.insert(*seat, after);
            }
            _ => {}
        }
    }
}

/// One random round; returns the number of refusals checked.
fn random_round(seed: u64, pot_limit: bool) -> usize {
    random_hand(seed, pot_limit, 100).0
}

/// One random round of No-Limit Hold'em or Pot-Limit Omaha played to its end: the refusals
/// checked on the way, and the finished round (the PHH tests export it for PokerKit).
/// `chip`: the smallest chip in play (a split pot's shares are whole chips).
pub(crate) fn random_hand(seed: u64, pot_limit: bool, chip: Cents) -> (usize, Hand) {
    let mut dice = Dice(seed);
    let game = if pot_limit {
        GameId::Omaha
    } else {
        GameId::Holdem
    };
    let min = 200;
    let structure = if pot_limit {
        Structure::PotLimit { min }
    } else {
        Structure::NoLimit { min }
    };
    let n = 2 + dice.below(9) as u8;
    // Random stakes, some short (an all-in below a full raise is common).
    let seats: Vec<(u8, Cents)> = (1..=n)
        .map(|s| {
            let stake = match dice.below(3) {
                0 => dice.range(400, 1500),
                1 => dice.range(1500, 8000),
                _ => dice.range(8000, 60000),
            };
            (s, stake)
        })
        .collect();
    let before: Cents = seats.iter().map(|s| s.1).sum();
    let button = seats[dice.below(u64::from(n)) as usize].0;
    let mut s = setup(game, structure, seats.clone(), button);
    s.award.chip = chip;
    let mut h = Hand::start(s).unwrap();
    let mut ledger = Ledger {
        stack: seats.iter().copied().collect(),
        full: min,
        ..Default::default()
    };
    let mut refusals = 0;
    for _ in 0..400 {
        let cmd = match h.step.clone() {
            Step::Complete => break,
            Step::PostForced { .. } => HandCommand::Posted { straddle: false },
            Step::Deal { .. } => HandCommand::Dealt {
                up: vec![],
                common: None,
            },
            Step::Showdown { order } => {
                let mut deck = full_deck();
                for i in (1..deck.len()).rev() {
                    deck.swap(i, dice.below(i as u64 + 1) as usize);
                }
                let hole = if pot_limit { 4 } else { 2 };
                let board: Vec<Card> = deck.drain(..5).collect();
                let hands: Vec<(u8, Vec<Card>)> = order
                    .iter()
                    .map(|s| (*s, deck.drain(..hole).collect()))
                    .collect();
                let cmd = HandCommand::Showdown {
                    hands: hands.clone(),
                    board: board.clone(),
                };
                h.run(cmd).unwrap();
                check_against_settle(&h, game, &hands, &board, button, chip);
                break;
            }
            Step::Act { seat, options, max } => {
                let stack = ledger.stack[&seat];
                let mine = ledger.street.get(&seat).copied().unwrap_or(0);
                let current = ledger.current();
                let owed = (current - mine).max(0);
                let to_call = owed.min(stack);
                let room = stack - to_call;
                // The independent computation of the range.
                let least = if current == 0 {
                    min
                } else {
                    ledger.full.max(min)
                };
                let most = if pot_limit { ledger.pot() + owed } else { room };
                // Nobody still in could call more than the bet: a raise would come back
                // uncalled (PokerKit's rule and the rooms').
                let answerable = h.players.iter().any(|p| {
                    p.seat != seat
                        && !p.folded
                        && !p.all_in
                        && ledger.stack[&p.seat] + ledger.street.get(&p.seat).copied().unwrap_or(0)
                            > current
                });
                let closed = room <= 0
                    || !answerable
                    || (current > 0
                        && ledger
                            .acted_at
                            .get(&seat)
                            .is_some_and(|at| current - at < ledger.full));
                let offered = options.iter().find_map(|o| match o {
                    Action::Bet { amount } | Action::Raise { amount, .. } => Some(*amount),
                    _ => None,
                });
                if closed {
                    assert_eq!(offered, None, "seed {seed}: seat {seat} offered a raise");
                } else {
                    assert_eq!(
                        offered,
                        Some(to_call + least.min(room)),
                        "seed {seed}: least bet or raise of seat {seat}"
                    );
                    assert_eq!(
                        max,
                        most.min(room).max(least.min(room)),
                        "seed {seed}: the {} maximum of seat {seat} (pot {}, owed {owed})",
                        if pot_limit { "pot-limit" } else { "no-limit" },
                        ledger.pot()
                    );
                    // Refused, and nothing changes: one over the maximum, one under the least
                    // (when that is not all-in).
                    let kind = if current == 0 {
                        ActionKind::Bet
                    } else {
                        ActionKind::Raise
                    };
                    let snapshot = h.clone();
                    if max < room {
                        let e = h
                            .run(HandCommand::Act {
                                seat,
                                kind,
                                amount: Some(max + 1),
                            })
                            .unwrap_err();
                        assert!(e.contains("at most"), "{e}");
                        refusals += 1;
                    }
                    if least > 1 && least - 1 < room {
                        let e = h
                            .run(HandCommand::Act {
                                seat,
                                kind,
                                amount: Some(least - 1),
                            })
                            .unwrap_err();
                        assert!(e.contains("least"), "{e}");
                        refusals += 1;
                    }
                    assert_eq!(h, snapshot, "a refusal changed the round");
                }
                let can_check = owed == 0;
                let choice = dice.below(10);
                match (choice, closed) {
                    (0, _) if !can_check => HandCommand::Act {
                        seat,
                        kind: ActionKind::Fold,
                        amount: None,
                    },
                    (0..=4, _) | (_, true) => HandCommand::Act {
                        seat,
                        kind: if can_check {
                            ActionKind::Check
                        } else {
                            ActionKind::Call
                        },
                        amount: None,
                    },
                    _ => {
                        let lo = least.min(room);
                        let hi = max;
                        let x = match dice.below(4) {
                            0 => lo,
                            1 => hi,
                            2 => room.min(hi),
                            _ => dice.range(lo, hi),
                        };
                        HandCommand::Act {
                            seat,
                            kind: if current == 0 {
                                ActionKind::Bet
                            } else {
                                ActionKind::Raise
                            },
                            amount: Some(x),
                        }
                    }
                }
            }
            other => panic!("no such step in {}: {other:?}", game.id()),
        };
        let events = h
            .run(cmd.clone())
            .unwrap_or_else(|e| panic!("seed {seed}: {cmd:?} refused: {e}"));
        for e in &events {
            ledger.observe(e, min);
        }
        // The machine's stacks are the ledger's (until the pot is awarded).
        for p in h.players.iter().filter(|_| h.result.is_none()) {
            assert_eq!(
                p.stack, ledger.stack[&p.seat],
                "seed {seed}: seat {}",
                p.seat
            );
            assert!(p.stack >= 0);
        }
    }
    let r = h.result.as_ref().expect("the round ended");
    let paid: Cents = r.totals.iter().map(|t| t.1).sum();
    let put_in: Cents = h.players.iter().map(|p| p.put_in).sum();
    assert_eq!(put_in, paid, "seed {seed}: every chip put in is paid out");
    assert_eq!(h.chips(), before, "seed {seed}: chips conserved");
    (refusals, h)
}

/// The round's pots and totals are `deckhand settle`'s for the same contributions and cards.
fn check_against_settle(
    h: &Hand,
    game: GameId,
    hands: &[(u8, Vec<Card>)],
    board: &[Card],
    button: u8,
    chip: Cents,
) {
    let r = h.result.as_ref().unwrap();
    let words = |cs: &[Card]| {
        cs.iter()
            .map(|c| c.to_string())
            .collect::<Vec<_>>()
            .join(" ")
    };
    let seats: Vec<serde_json::Value> = h
        .players
        .iter()
        .map(|p| {
            let cards = hands
                .iter()
                .find(|x| x.0 == p.seat)
                .map(|x| words(&x.1))
                .unwrap_or_default();
            serde_json::json!({ "seat": p.seat, "put_in": p.put_in, "folded": p.folded, "cards": cards })
        })
        .collect();
    let input = serde_json::json!({
        "game": game.id(), "board": words(board), "button": button, "chip": chip, "seats": seats,
    });
    let s = deckhand::rules::poker::settle_showdown::settle(&input.to_string()).unwrap();
    let theirs: Vec<(Cents, Vec<u8>)> = s
        .pots
        .iter()
        .map(|p| (p.amount, p.eligible.clone()))
        .collect();
    let ours: Vec<(Cents, Vec<u8>)> = r
        .pots
        .iter()
        .map(|p| (p.amount, p.eligible.clone()))
        .collect();
    assert_eq!(ours, theirs, "side pots differ from deckhand settle's");
    let mut settle_totals: Vec<(u8, Cents)> = s.totals.iter().map(|w| (w.seat, w.amount)).collect();
    settle_totals.sort_unstable();
    let mut round_totals = r.totals.clone();
    round_totals.retain(|t| t.1 > 0);
    round_totals.sort_unstable();
    settle_totals.retain(|t| t.1 > 0);
    assert_eq!(
        round_totals, settle_totals,
        "totals differ from deckhand settle's"
    );
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(1500))]
    #[test]
    fn no_limit_holdem_rounds_conserve_chips_and_match_settle(seed in any::<u64>()) {
        random_round(seed, false);
    }

    #[test]
    fn pot_limit_omaha_maxima_match_an_independent_count(seed in any::<u64>()) {
        random_round(seed, true);
    }
}

#[test]
fn refusals_are_exercised() {
    // The random rounds do try amounts outside the range (not only legal ones).
    let n: usize = (0..200).map(|s| random_round(s, s % 2 == 0)).sum();
    assert!(n > 200, "only {n} refusals tried");
}

#[test]
fn pot_limit_preflop_raise_is_to_seven_big_blinds_halves() {
    // Blinds $1/$2: the first player may raise to $7 at most (the pot $3, plus the $2 call,
    // on top of the $2 bet).
    let seats = vec![(1, 50_000), (2, 50_000), (3, 50_000), (4, 50_000)];
    let mut h = Hand::start(setup(
        GameId::Omaha,
        Structure::PotLimit { min: 200 },
        seats,
        1,
    ))
    .unwrap();
    h.run(HandCommand::Posted { straddle: false }).unwrap();
    h.run(HandCommand::Dealt {
        up: vec![],
        common: None,
    })
    .unwrap();
    let Step::Act { seat: 4, max, .. } = h.step.clone() else {
        panic!("{:?}", h.step)
    };
    assert_eq!(max + 200, 700, "raise to $7.00");
    let e = h
        .run(HandCommand::Act {
            seat: 4,
            kind: ActionKind::Raise,
            amount: Some(600),
        })
        .unwrap_err();
    assert!(e.contains("to $7.00 at most"), "{e}");
    h.run(HandCommand::Act {
        seat: 4,
        kind: ActionKind::Raise,
        amount: Some(500),
    })
    .unwrap();
    // Seat 1, the button, faces $7 with nothing in: the pot is $10, and after its $7 call
    // $17, so it may raise $17 above the $7: to $24.
    let Step::Act { seat: 1, max, .. } = h.step.clone() else {
        panic!("{:?}", h.step)
    };
    assert_eq!(700 + max, 2400);
}

/// A board game's round started on `s`, the blinds posted and the hole cards dealt: the first
/// betting round's first turn.
fn dealt(s: HandSetup) -> Hand {
    let mut h = Hand::start(s).unwrap();
    h.run(HandCommand::Posted { straddle: false }).unwrap();
    h.run(HandCommand::Dealt {
        up: vec![],
        common: None,
    })
    .unwrap();
    h
}

#[test]
fn a_short_all_in_does_not_reopen_the_betting_unless_the_setting_says_so() {
    for reopens in [false, true] {
        let seats = vec![(1, 50_000), (2, 50_000), (3, 900)];
        let mut s = setup(GameId::Holdem, Structure::NoLimit { min: 200 }, seats, 3);
        s.big_bet.short_all_in_reopens = reopens;
        let mut h = dealt(s);
        // The button (seat 3) acts first three-handed and calls $2; the small blind raises to
        // $6; the big blind calls; seat 3 goes all-in for $9 in all: $3 above the $6, short
        // of the $4 full raise.
        let act = |h: &mut Hand, seat, kind, amount| {
            h.run(HandCommand::Act { seat, kind, amount })
                .unwrap_or_else(|e| panic!("{e}"))
        };
        act(&mut h, 3, ActionKind::Call, None);
        act(&mut h, 1, ActionKind::Raise, Some(400));
        act(&mut h, 2, ActionKind::Call, None);
        let ev = act(&mut h, 3, ActionKind::Raise, Some(300));
        assert!(matches!(ev[0], HandEvent::Acted { all_in: true, .. }));
        // Seat 1 already acted and faces only $3 more: call or fold unless the setting reopens.
        let Step::Act {
            seat: 1, options, ..
        } = h.step.clone()
        else {
            panic!("{:?}", h.step)
        };
        let may_raise = options.iter().any(|o| matches!(o, Action::Raise { .. }));
        assert_eq!(may_raise, reopens);
        if !reopens {
            let raise = HandCommand::Act {
                seat: 1,
                kind: ActionKind::Raise,
                amount: Some(2000),
            };
            given(h.clone(), &[])
                .when(&raise, ())
                .refused("§ 637a.8(k)", "does not reopen");
        }
    }
}

/// What the amount screen offers to key comes from the rules (`Hand::keyed_range`), as round
/// totals: the least full raise, a pot-sized raise and all the stakes; a seat that cannot make a
/// full raise keys its all-in only, and is told it does not reopen the betting (§ 637a.8(k)).
#[test]
fn the_amounts_a_dealer_may_key_come_from_the_rules() {
    let seats = vec![(1, 50_000), (2, 50_000), (3, 50_000)];
    let h = dealt(setup(
        GameId::Holdem,
        Structure::NoLimit { min: 200 },
        seats,
        3,
    ));
    // The button acts first three-handed, facing the $2 big blind.
    let r = h.keyed_range(3).expect("seat 3 may raise");
    assert_eq!(
        (r.current, r.least, r.most, r.all_in),
        (200, 400, 50_000, 50_000)
    );
    // The pot after the call ($1 + $2 + $2) raised on top of the $2: $7 in all.
    assert_eq!(r.pot, Some(700));
    assert_eq!(r.short_of, None);
    assert_eq!(h.keyed_range(1), None, "not seat 1's turn");

    // Seat 3 calls $2 with $9 in all; seat 1 raises to $6 and seat 2 calls: seat 3's $9 is
    // short of the full raise to $10.
    let seats = vec![(1, 50_000), (2, 50_000), (3, 900)];
    let mut h = dealt(setup(
        GameId::Holdem,
        Structure::NoLimit { min: 200 },
        seats,
        3,
    ));
    for (seat, kind, amount) in [
        (3, ActionKind::Call, None),
        (1, ActionKind::Raise, Some(400)),
        (2, ActionKind::Call, None),
    ] {
        h.run(HandCommand::Act { seat, kind, amount }).unwrap();
    }
    let r = h.keyed_range(3).expect("seat 3 may go all-in");
    assert_eq!((r.least, r.most, r.all_in), (900, 900, 900));
    assert_eq!(r.short_of, Some(1000), "short of the full raise to $10");
}

/// A raise nobody can answer is not offered (issue 41): the only opponent is all-in for less
/// than the bet, so the seat may call or fold, at the table and in `deckhand hand` alike (one
/// engine). A table opened before the rule was kept replays as it was dealt.
#[test]
fn no_raise_is_offered_when_nobody_still_in_could_call_it() {
    for kept in [true, false] {
        // Heads-up no-limit: seat 3 has $17 behind the blind it posts.
        let seats = vec![(1, 50_000), (3, 1_700)];
        let mut s = setup(GameId::Holdem, Structure::NoLimit { min: 200 }, seats, 1);
        s.raise_needs_caller = kept;
        let mut h = dealt(s);
        // Seat 1 calls if it acts first; seat 3 raises all-in.
        let first = match &h.step {
            Step::Act { seat, .. } => *seat,
            other => panic!("{other:?}"),
        };
        // Seat 3's only opponent.
        let other = 1;
        if first != 3 {
            h.run(HandCommand::Act {
                seat: first,
                kind: ActionKind::Call,
                amount: None,
            })
            .unwrap();
        }
        // Seat 3 all-in: the raise above the call is all it has left after the call.
        let left = h.players.iter().find(|p| p.seat == 3).unwrap().stack;
        let to_call = (h.current_bet() - h.street_in(3)).max(0);
        h.run(HandCommand::Act {
            seat: 3,
            kind: ActionKind::Raise,
            amount: Some(left - to_call),
        })
        .unwrap();
        assert!(h.players.iter().any(|p| p.seat == 3 && p.all_in));
        let Step::Act { seat, options, .. } = h.step.clone() else {
            panic!("{:?}", h.step)
        };
        assert_eq!(seat, other);
        let may_raise = options
            .iter()
            .any(|o| matches!(o, Action::Raise { .. } | Action::Bet { .. }));
        assert_eq!(may_raise, !kept, "{options:?}");
        let range = h.bet_range(seat).unwrap();
        assert_eq!(range.open, !kept);
        if kept {
            let e = h
                .run(HandCommand::Act {
                    seat,
                    kind: ActionKind::Raise,
                    amount: Some(5_000),
                })
                .unwrap_err();
            assert!(e.contains("may call or fold"), "{e}");
            assert!(e.contains("§ 637a.8(b)(1)"), "{e}");
        }
    }
}

fn verify(text: &str) -> serde_json::Value {
    serde_json::to_value(hand_check::check(text).unwrap()).unwrap()
}

#[test]
fn the_documented_examples_verify_as_the_docs_say() {
    let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("docs/hand-examples");
    let mut seen = 0;
    for entry in std::fs::read_dir(&dir).unwrap() {
        let path = entry.unwrap().path();
        if path.extension().is_none_or(|e| e != "json") {
            continue;
        }
        let out = verify(&std::fs::read_to_string(&path).unwrap());
        let name = path.file_stem().unwrap().to_string_lossy().to_string();
        seen += 1;
        // The under-raise example is refused at its fourth action; the others are legal.
        if name.contains("illegal") {
            assert_eq!(out["illegal"]["index"], 3, "{name}: {out}");
            assert!(
                out["illegal"]["error"]
                    .as_str()
                    .unwrap()
                    .contains("the least raise is to"),
                "{name}: {out}"
            );
        } else {
            assert!(out["illegal"].is_null(), "{name}: {}", out["illegal"]);
        }
        // Chips: what the pots hold plus the stakes left and the uncalled bet is what sat down.
        let pots: i64 = out["pots"]
            .as_array()
            .unwrap()
            .iter()
            .map(|p| p["amount"].as_i64().unwrap())
            .sum();
        let left: i64 = out["stakes"]
            .as_array()
            .unwrap()
            .iter()
            .map(|s| s[1].as_i64().unwrap())
            .sum();
        let uncalled = out["uncalled"].get(1).and_then(|v| v.as_i64()).unwrap_or(0);
        let input: serde_json::Value =
            serde_json::from_str(&std::fs::read_to_string(&path).unwrap()).unwrap();
        let sat: i64 = input["seats"]
            .as_array()
            .unwrap()
            .iter()
            .map(|s| s["stake"].as_i64().unwrap())
            .sum();
        if out["stands"] == "complete" {
            // Awarded: the pot is in the winner's stakes again.
            assert_eq!(left, sat, "{name}");
        } else {
            assert_eq!(pots + left + uncalled, sat, "{name}");
        }
    }
    assert!(seen >= 4, "one example per structure and the illegal one");
}

#[test]
fn no_limit_example_pots_and_ranges() {
    let path = std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("docs/hand-examples/no-limit-holdem.json");
    let out = verify(&std::fs::read_to_string(path).unwrap());
    // Seat 5's all-in to $9 is $3 above the $6 raise: short of a full raise, so the least
    // re-raise stays $4 above it, to $13.
    assert_eq!(out["after"][1]["next"]["min_to"], 1300);
    // At the end: the main pot (all four live), a side pot without seat 5, and one for seats 1
    // and 3 that seat 3 folded to; seat 1's uncalled $30 flop bet goes back.
    let pots: Vec<(i64, Vec<i64>)> = out["pots"]
        .as_array()
        .unwrap()
        .iter()
        .map(|p| {
            (
                p["amount"].as_i64().unwrap(),
                p["eligible"]
                    .as_array()
                    .unwrap()
                    .iter()
                    .map(|s| s.as_i64().unwrap())
                    .collect(),
            )
        })
        .collect();
    assert_eq!(
        pots,
        vec![(3700, vec![1, 4, 5]), (1800, vec![1, 4]), (1000, vec![1])]
    );
    assert_eq!(out["uncalled"], serde_json::json!([1, 3000]));
    assert_eq!(out["stands"], "showdown");
}

#[test]
fn the_hand_command_runs_as_a_process() {
    let path = std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("docs/hand-examples/pot-limit-omaha.json");
    let out = std::process::Command::new(env!("CARGO_BIN_EXE_deckhand"))
        .arg("hand")
        .stdin(std::fs::File::open(path).unwrap())
        .output()
        .unwrap();
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let v: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(v["structure"], "pot limit");
    assert_eq!(v["first"]["max_to"], 700, "{v}");
    // Malformed input: a clear message, no panic.
    let out = crate::common::deckhand_with_input(
        &["hand"],
        br#"{"game":"holdem","structure":{"structure":"no-limit","min":"12a"}}"#,
    );
    assert!(!out.status.success());
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(err.contains("hand: input:"), "{err}");
}

#[test]
fn table_stakes_are_added_between_rounds_within_the_posted_most() {
    use deckhand::rules::table::{Command, StructureKind};
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("stakes.sqlite");
    // A fixed-limit table keeps no stakes.
    let fixed = crate::common::ui::table(3, GameId::Holdem);
    let mut t = crate::common::ui::opened(&db, &fixed);
    let e = t
        .execute(Command::AddStake {
            seat: 1,
            amount: 10_000,
        })
        .unwrap_err();
    assert!(e.to_string().contains("keeps no table stakes"), "{e}");
    drop(t);
    let db = dir.path().join("nl.sqlite");
    let mut s = fixed.clone();
    s.betting.structure = StructureKind::NoLimit;
    s.betting.max_stake = 50_000;
    s.max_raises = 0;
    let mut t = crate::common::ui::opened(&db, &s);
    let add = |t: &mut deckhand::terminal::Terminal, seat, amount| {
        t.execute(Command::AddStake { seat, amount })
            .map_err(|e| e.to_string())
    };
    add(&mut t, 1, 30_000).unwrap();
    // Above the posted most on the table, a nothing, a seat that is not one: refused.
    let e = add(&mut t, 1, 30_000).unwrap_err();
    assert!(e.contains("may add $200.00 at most"), "{e}");
    assert!(add(&mut t, 1, 0).is_err());
    assert!(add(&mut t, 11, 1_000).is_err());
    add(&mut t, 2, 10_000).unwrap();
    add(&mut t, 3, 300).unwrap();
    // § 637a.8(b)(4): $3.00 is short of the $2.00 blind and one $2.00 bet.
    let e = t
        .execute(Command::StartRound {
            seats: vec![1, 2, 3],
        })
        .unwrap_err()
        .to_string();
    assert!(e.contains("seat 3") && e.contains("637a.8(b)(4)"), "{e}");
    t.execute(Command::StartRound { seats: vec![1, 2] })
        .unwrap();
    // § 637a.8(b)(2): not while a round is in play, not even for a seat not dealt in.
    let e = add(&mut t, 3, 1_000).unwrap_err();
    assert!(e.contains("637a.8(b)(2)"), "{e}");
    let e = t
        .execute(Command::LeaveSeat { seat: 1 })
        .unwrap_err()
        .to_string();
    assert!(e.contains("dealt in"), "{e}");
    // A player not dealt in may leave with his chips.
    t.execute(Command::LeaveSeat { seat: 3 }).unwrap();
    assert_eq!(t.table().stakes.get(&3), None);
    drop(t);
    let rebuilt = deckhand::store::replay::read_table(&db).unwrap();
    assert_eq!(
        rebuilt.stakes.into_iter().collect::<Vec<_>>(),
        vec![(1, 30_000), (2, 10_000)]
    );
}

#[test]
fn an_announced_raise_binds_and_replays() {
    let seats = vec![(1, 50_000), (2, 50_000), (3, 50_000)];
    let s = setup(GameId::Holdem, Structure::NoLimit { min: 200 }, seats, 3);
    let mut h = Hand::start(s.clone()).unwrap();
    let mut steps = vec![];
    steps.push(h.run(HandCommand::Posted { straddle: false }).unwrap());
    steps.push(
        h.run(HandCommand::Dealt {
            up: vec![],
            common: None,
        })
        .unwrap(),
    );
    // Only the player whose turn it is binds himself (§ 637a.8(c)).
    let e = h
        .run(HandCommand::Announce {
            seat: 1,
            kind: ActionKind::Raise,
            amount: Some(1000),
        })
        .unwrap_err();
    assert!(e.contains("637a.8(c)"), "{e}");
    // An announced raise outside the rules is refused like any other.
    assert!(
        h.run(HandCommand::Announce {
            seat: 3,
            kind: ActionKind::Raise,
            amount: Some(100),
        })
        .is_err()
    );
    let ev = h
        .run(HandCommand::Announce {
            seat: 3,
            kind: ActionKind::Raise,
            amount: Some(1000),
        })
        .unwrap();
    assert_eq!(ev[0], HandEvent::Announced { seat: 3 });
    // § 637a.8(d): the announced raise to $12.00 is what is recorded and what the seat puts in.
    assert!(matches!(
        ev[1],
        HandEvent::Acted {
            seat: 3,
            action: Action::Raise { to: 1200, .. },
            ..
        }
    ));
    steps.push(ev);
    // The journal's steps rebuild the same round.
    let mut again = Hand::start(s).unwrap();
    for st in &steps {
        again.apply(st).unwrap();
    }
    assert_eq!(again, h);
    // deckhand hand takes "announced" too.
    let out = hand_check::check(
        r#"{"game":"holdem","structure":{"structure":"no-limit","min":200},"blinds":[100,200],"button":3,
            "seats":[{"seat":1,"stake":50000},{"seat":2,"stake":50000},{"seat":3,"stake":50000}],
            "actions":[{"seat":3,"action":"raise","to":1200,"announced":true}]}"#,
    )
    .unwrap();
    assert!(out.illegal.is_none());
    assert_eq!(out.after[0].action, "raise to $12.00 (puts in $12.00)");
}

/// Between rounds at a table shuffled by hand: the shuffle, and the count every five rounds with
/// the floorperson's signature, until the next round can start.
#[test]
fn a_player_away_misses_the_blinds_and_posts_them_dead_on_return() {
    use deckhand::rules::table::{Command, MissedBlindsRule, NewPlayerRule, StructureKind};
    for rule in [
        MissedBlindsRule::PostDead,
        MissedBlindsRule::PostLive,
        MissedBlindsRule::WaitForBigBlind,
    ] {
        let dir = tempfile::tempdir().unwrap();
        let db = dir.path().join("away.sqlite");
        let mut s = crate::common::ui::table(3, GameId::Holdem);
        s.betting.structure = StructureKind::NoLimit;
        s.betting.missed_blinds = rule;
        s.betting.new_player = NewPlayerRule::PostBigBlind;
        s.max_raises = 0;
        let mut t = crate::common::ui::opened(&db, &s);
        for seat in 1..=5 {
            t.execute(Command::AddStake {
                seat,
                amount: 10_000,
            })
            .unwrap();
        }
        // Round 1: the button at seat 5, the blinds at 1 and 2.
        crate::common::poker::fold_round(&mut t, &[1, 2, 3, 4, 5]);
        // Seat 4 steps away: a dealer cannot sign for his stakes; the floorperson does.
        assert!(t.seat_away(4, "20533", "445566").is_err());
        let said = t.seat_away(4, "1001", "246810").unwrap();
        assert!(
            said.contains("stakes $100.00 counted by Dana Brooks"),
            "{said}"
        );
        crate::common::poker::to_next_round(&mut t);
        // He cannot be dealt in while away, nor add chips.
        let e = t
            .execute(Command::StartRound {
                seats: vec![1, 2, 3, 4, 5],
            })
            .unwrap_err();
        assert!(e.contains("seat 4 is away"), "{e}");
        assert!(
            t.execute(Command::AddStake {
                seat: 4,
                amount: 100
            })
            .is_err()
        );
        // Rounds 2 to 4 without him: the big blind passes him in round 3, the small blind in
        // round 4.
        for _ in 2..=4 {
            crate::common::poker::fold_round(&mut t, &[1, 2, 3, 5]);
            crate::common::poker::to_next_round(&mut t);
        }
        assert_eq!(t.table().missed.get(&4), Some(&true), "{rule:?}");
        t.seat_back(4, "1001", "246810").unwrap();
        // Round 5: the button reaches seat 4 (not a blind): he owes the blinds he missed.
        let r = t.execute(Command::StartRound {
            seats: vec![1, 2, 3, 4, 5],
        });
        match rule {
            MissedBlindsRule::WaitForBigBlind => {
                let e = r.unwrap_err();
                assert!(e.contains("waits for the big blind"), "{e}");
                continue;
            }
            _ => {
                r.unwrap();
            }
        }
        let round = t.table().round.clone().unwrap();
        assert_eq!(round.button, 4);
        t.execute(Command::Poker(HandCommand::Posted { straddle: false }))
            .unwrap();
        let hand = t.table().round.clone().unwrap().poker.unwrap();
        let posted: Vec<(u8, String, Cents)> = hand
            .events
            .iter()
            .filter_map(|e| match e {
                HandEvent::Posted {
                    seat, what, amount, ..
                } => Some((*seat, what.clone(), *amount)),
                _ => None,
            })
            .collect();
        let mut want = vec![
            (5, "blind".to_string(), 100),
            (1, "blind".to_string(), 200),
            (4, "live post".to_string(), 200),
        ];
        if rule == MissedBlindsRule::PostDead {
            want.push((4, "dead post".to_string(), 100));
        }
        assert_eq!(posted, want, "{rule:?}");
        // The live post is his bet: facing the $2 big blind he may check when it comes to him;
        // the dead one is only in the pot.
        assert_eq!(hand.street_in(4), 200);
        drop(t);
        // The journal rebuilds it all: away, back, the posts checked against the table.
        let rebuilt = deckhand::store::replay::read_table(&db).unwrap();
        assert_eq!(rebuilt.round.unwrap().poker.unwrap().events, hand.events);
        let report = deckhand::store::replay::replay_file(&db).unwrap();
        assert!(report.divergence.is_none(), "{report}");
    }
}

#[test]
fn a_new_player_posts_a_big_blind_or_waits_for_it() {
    use deckhand::rules::table::{Command, NewPlayerRule, StructureKind};
    for rule in [
        NewPlayerRule::PostBigBlind,
        NewPlayerRule::WaitForBigBlind,
        NewPlayerRule::NoPost,
    ] {
        let dir = tempfile::tempdir().unwrap();
        let db = dir.path().join("new.sqlite");
        let mut s = crate::common::ui::table(3, GameId::Holdem);
        s.betting.structure = StructureKind::NoLimit;
        s.betting.new_player = rule;
        s.max_raises = 0;
        let mut t = crate::common::ui::opened(&db, &s);
        for seat in 1..=3 {
            t.execute(Command::AddStake {
                seat,
                amount: 10_000,
            })
            .unwrap();
        }
        // The first round's players are not new.
        crate::common::poker::fold_round(&mut t, &[1, 2, 3]);
        crate::common::poker::to_next_round(&mut t);
        t.execute(Command::AddStake {
            seat: 5,
            amount: 10_000,
        })
        .unwrap();
        assert!(t.table().waiting.contains(&5));
        // Round 2: the button moves to seat 1; the blinds are 2 and 3; seat 5 is new.
        let r = t.execute(Command::StartRound {
            seats: vec![1, 2, 3, 5],
        });
        match rule {
            NewPlayerRule::WaitForBigBlind => {
                assert!(r.unwrap_err().contains("is new at the table"));
                continue;
            }
            _ => r.unwrap(),
        };
        t.execute(Command::Poker(HandCommand::Posted { straddle: false }))
            .unwrap();
        let hand = t.table().round.clone().unwrap().poker.unwrap();
        let posted_by_5 = hand.events.iter().any(
            |e| matches!(e, HandEvent::Posted { seat: 5, what, amount: 200, .. } if what == "live post"),
        );
        assert_eq!(posted_by_5, rule == NewPlayerRule::PostBigBlind, "{rule:?}");
        assert!(!t.table().waiting.contains(&5), "dealt in: no longer new");
    }
}

#[test]
fn the_hand_verifier_refuses_what_no_table_takes_without_panicking() {
    let base = |extra: &str, actions: &str| {
        format!(
            r#"{{"game":"holdem","structure":{{"structure":"no-limit","min":200}},"blinds":[100,200],"button":3,
            "seats":[{{"seat":1,"stake":50000}},{{"seat":2,"stake":50000}},{{"seat":3,"stake":50000}}]{extra},
            "actions":[{actions}]}}"#
        )
    };
    // Amounts beyond any table: a refusal, not an overflow.
    let e = hand_check::check(&base(r#","ante":9223372036854775807"#, "")).unwrap_err();
    assert!(e.contains("not one a table takes"), "{e}");
    let out = hand_check::check(&base(
        "",
        r#"{"seat":3,"action":"raise","to":-9223372036854775808}"#,
    ))
    .unwrap();
    assert!(out.illegal.unwrap().error.contains("not an amount"));
    // A blind out of turn from this round's big blind, or twice live from one seat: refused.
    assert!(
        hand_check::check(&base(
            r#","posts":[{"seat":2,"amount":200,"live":true}]"#,
            ""
        ))
        .is_err()
    );
    assert!(
        hand_check::check(&base(
            r#","posts":[{"seat":3,"amount":200,"live":true},{"seat":3,"amount":200,"live":true}]"#,
            ""
        ))
        .is_err()
    );
    // At fixed limit, "all-in" with stakes above the posted raise is not all-in.
    let fixed = r#"{"game":"holdem","structure":{"structure":"fixed-limit","small":200,"big":400},"max_raises":3,
        "blinds":[100,200],"button":3,"seats":[{"seat":1,"stake":50000},{"seat":2,"stake":50000},{"seat":3,"stake":50000}],
        "actions":[{"seat":3,"action":"all-in"}]}"#;
    let out = hand_check::check(fixed).unwrap();
    assert!(out.illegal.unwrap().error.contains("is not all-in"));
}

#[test]
fn a_fixed_limit_table_may_keep_table_stakes_too() {
    use deckhand::rules::table::Command;
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("fixed-stakes.sqlite");
    let mut s = crate::common::ui::table(3, GameId::Holdem);
    s.betting.table_stakes = true;
    let mut t = crate::common::ui::opened(&db, &s);
    t.execute(Command::AddStake {
        seat: 1,
        amount: 10_000,
    })
    .unwrap();
    t.execute(Command::AddStake {
        seat: 2,
        amount: 500,
    })
    .unwrap();
    t.execute(Command::StartRound { seats: vec![1, 2] })
        .unwrap();
    t.execute(Command::Poker(HandCommand::Posted { straddle: false }))
        .unwrap();
    // The hand plays with the keyed stakes: seat 2 has $5.00 less its blind, not a fortune.
    let hand = t.table().round.clone().unwrap().poker.unwrap();
    let stacks: Vec<(u8, Cents)> = hand
        .players
        .iter()
        .map(|p| (p.seat, p.stack + p.put_in))
        .collect();
    assert_eq!(stacks, vec![(1, 10_000), (2, 500)]);
}

#[test]
fn the_configured_ante_is_posted_by_every_player_and_the_player_cap_holds() {
    use deckhand::rules::table::Command;
    // § 637a.11(b): Hold'em with the casino's Ante, from the configuration as `deckhand` loads it.
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("ante.sqlite");
    let mut c = crate::common::ui::tracked_config(&db);
    c.table.ante_cents = 25;
    let s = c.table_setup();
    assert_eq!(s.poker.ante, 25);
    let mut t = crate::common::ui::opened(&db, &s);
    t.execute(Command::StartRound {
        seats: vec![1, 2, 3],
    })
    .unwrap();
    t.execute(Command::Poker(HandCommand::Posted { straddle: false }))
        .unwrap();
    let hand = t.table().round.clone().unwrap().poker.unwrap();
    let antes: Vec<u8> = hand
        .events
        .iter()
        .filter_map(|e| match e {
            HandEvent::Posted {
                seat,
                what,
                amount: 25,
                ..
            } if what == "ante" => Some(*seat),
            _ => None,
        })
        .collect();
    assert_eq!(
        antes.len(),
        3,
        "every player dealt in antes: {:?}",
        hand.events
    );
    drop(t);
    // § 637a.10(b): Seven-card Stud seats nine at most; § 637a.11(b): Hold'em ten.
    let stud = Hand::start(HandSetup {
        forced_bet: 100,
        ante: 25,
        blinds: vec![],
        ..setup(
            GameId::SevenCardStud,
            Structure::NoLimit { min: 200 },
            (1..=10).map(|s| (s, 10_000)).collect(),
            1,
        )
    });
    assert!(stud.unwrap_err().contains("at most 9 players"));
    let mut s10 = setup(
        GameId::SevenCardStud,
        Structure::NoLimit { min: 200 },
        (1..=9).map(|s| (s, 10_000)).collect(),
        1,
    );
    s10.blinds = vec![];
    s10.forced_bet = 100;
    assert!(Hand::start(s10).is_ok());
    // § 637a.13(b), § 637a.14(b): Five-card Draw and Five-card Stud seat eight at most, and the
    // casino's ante (the configured figure) is collected from every player before the deal.
    for (game, section) in [
        (GameId::FiveCardDraw, "§ 637a.13(b)"),
        (GameId::FiveCardDrawLow, "§ 637a.13(b)"),
        (GameId::FiveCardStud, "§ 637a.14(b)"),
    ] {
        let stud = game == GameId::FiveCardStud;
        let at = |n: u8| {
            let mut s = setup(
                game,
                Structure::NoLimit { min: 200 },
                (1..=n).map(|s| (s, 10_000)).collect(),
                1,
            );
            s.ante = 25;
            if stud {
                s.blinds = vec![];
                s.forced_bet = 100;
            }
            s
        };
        let e = Hand::start(at(9)).unwrap_err();
        assert!(
            e.contains("at most 8 players") && e.contains(section),
            "{game:?}: {e}"
        );
        let mut h = Hand::start(at(8)).unwrap_or_else(|e| panic!("{game:?}: {e}"));
        h.run(HandCommand::Posted { straddle: false })
            .unwrap_or_else(|e| panic!("{game:?}: {e}"));
        let antes = h
            .events
            .iter()
            .filter(|e| matches!(e, HandEvent::Posted { what, amount: 25, .. } if what == "ante"))
            .count();
        assert_eq!(antes, 8, "{game:?}: every player antes before the deal");
    }
}
