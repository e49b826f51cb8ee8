//! `deckhand hand`: a hand verifier for floor disputes. A poker-room round's setup (game,
//! betting structure and limits, forced bets, seats with their table stakes) and its actions in
//! order go in; after every action come out the pots, what the next player must add to call,
//! and the least and most that player may bet or raise to; the first illegal action is named
//! with its index and the rule or setting that forbids it. Everything is the round state
//! machine's ([`Hand`]): the verifier only feeds it the steps that need no decision (the forced
//! bets, a deal without up cards, a Super Stud discard) and reads it back.
//!
//! The format, with an example per betting structure, is in `docs/hand-verifier.md`.

use super::hand::{BigBetRules, Hand, HandCommand, HandSetup, Step, Structure};
use super::pots::{self, AwardRules, Pot, Stake};
use crate::rules::Cents;
use crate::rules::betting_actions::{Action, ActionKind};
use crate::rules::cards::Card;
use crate::rules::game_id::GameId;
use serde::{Deserialize, Serialize};

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
struct Input {
    game: String,
    structure: Structure,
    #[serde(default)]
    blinds: Vec<Cents>,
    #[serde(default)]
    ante: Cents,
    /// Stud's forced bet.
    #[serde(default)]
    forced_bet: Cents,
    /// The player left of the last blind straddled, for this amount.
    #[serde(default)]
    straddle: Option<Cents>,
    #[serde(default)]
    button: u8,
    /// Posted cap on raises per betting round; 0 (the default) is no cap, which only
    /// no-limit and pot-limit allow.
    #[serde(default)]
    max_raises: u8,
    #[serde(default)]
    big_bet: BigBetRules,
    seats: Vec<SeatIn>,
    actions: Vec<ActionIn>,
    /// Blinds posted out of turn: `[{"seat": 5, "amount": 200, "live": true}]`.
    #[serde(default)]
    posts: Vec<super::hand::ExtraPost>,
    /// Heads-up, who posts the small blind: "button" (the default, every room's rule) or
    /// "left-of-button" (the ten-handed rule read literally).
    #[serde(default)]
    heads_up_small_blind: HeadsUpSmallBlind,
}

/// Heads-up, the seat that posts the small blind (Chapter 637a is silent).
#[derive(Debug, Default, Clone, Copy, PartialEq, Eq, Deserialize)]
#[serde(rename_all = "kebab-case")]
enum HeadsUpSmallBlind {
    #[default]
    Button,
    LeftOfButton,
}

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
struct SeatIn {
    seat: u8,
    /// Table stakes at the start of the round, in cents.
    stake: Cents,
}

/// One line of what happened at the table, in order.
#[derive(Debug, Clone, Deserialize, Serialize)]
#[serde(deny_unknown_fields)]
pub struct ActionIn {
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub seat: Option<u8>,
    /// fold, check, call, bet, raise, all-in; or draw (with `cards`).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub action: Option<String>,
    /// A bet or raise: the round total the seat bets or raises to, in cents.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub to: Option<Cents>,
    /// A draw: how many cards.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub cards: Option<u8>,
    /// Stud: the up cards of a deal, seat and card (`[[1, "As"], [4, "Kd"]]`).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub up: Vec<(u8, String)>,
    /// Stud: a common card (§ 637a.10(h)).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub common: Option<String>,
    /// The player announced this action (§ 637a.8(c),(d)): it binds, whatever chips he placed.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub announced: bool,
    /// The showdown (§ 637a.18(e)): each hand shown, seat and cards (`[[1, "Kh 4s"]]`; Stud:
    /// all the seat's cards); a seat still in that shows nothing concedes.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub hands: Vec<(u8, String)>,
    /// With the showdown: the community cards (`"Kc Kd 4h 9s 2c"`), or Stud's common card.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub board: Option<String>,
}

/// The state after one action.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct After {
    pub index: usize,
    pub seat: Option<u8>,
    /// What the action was, as the rules record it (amounts are what went in now).
    pub action: String,
    pub all_in: bool,
    /// Main pot first, then the side pots, with the seats that may win each.
    pub pots: Vec<Pot>,
    pub pot_total: Cents,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub next: Option<Next>,
}

/// Who acts next and what they may do.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Next {
    pub seat: u8,
    /// The step the dealer is asked for when it is not a betting action.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub step: Option<String>,
    pub to_call: Cents,
    /// The least and most round total the seat may bet or raise to; absent when it may not.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub min_to: Option<Cents>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub max_to: Option<Cents>,
    pub stake: Cents,
    /// Why the seat may not bet or raise, when it may not.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub no_raise: Option<String>,
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Illegal {
    pub index: usize,
    pub error: String,
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Outcome {
    pub game: String,
    pub structure: String,
    /// The forced bets as posted.
    pub posted: Vec<(u8, String, Cents)>,
    /// Who acts first, and what that seat may do, before any action.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub first: Option<Next>,
    pub after: Vec<After>,
    /// The first illegal action; nothing after it is followed.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub illegal: Option<Illegal>,
    /// Where the round stands at the end: "showdown", "complete", or the step it waits for.
    pub stands: String,
    /// The pots as they stand at the end, with their eligible seats.
    pub pots: Vec<Pot>,
    /// The final bet nobody called, returned to its bettor (§ 637a.17(d)).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub uncalled: Option<(u8, Cents)>,
    /// Each seat's table stakes left (uncalled bet not yet returned).
    pub stakes: Vec<(u8, Cents)>,
}

/// Follows a round; an input that cannot start a round at all is an error, an illegal action
/// is part of the outcome.
pub fn check(input: &str) -> Result<Outcome, String> {
    check_round(input).map(|(outcome, _)| outcome)
}

/// [`check`], with the round as the state machine left it (for its hand history,
/// `deckhand hand --phh`).
pub fn check_round(input: &str) -> Result<(Outcome, Hand), String> {
    let inp: Input = serde_json::from_str(input).map_err(|e| format!("input: {e}"))?;
    let game = GameId::parse(&inp.game)?;
    if inp.max_raises == 0 && !inp.structure.big_bet() {
        return Err(format!(
            "max_raises: {} posts a cap on raises (§ 637a.8(k)); only no-limit and pot-limit may have none",
            inp.structure.name()
        ));
    }
    let setup = HandSetup {
        game,
        seats: inp.seats.iter().map(|s| (s.seat, s.stake)).collect(),
        button: inp.button,
        ante: inp.ante,
        blinds: inp.blinds.clone(),
        straddle: inp.straddle,
        forced_bet: inp.forced_bet,
        structure: inp.structure,
        max_raises: inp.max_raises,
        big_bet: inp.big_bet,
        limit_percent: 100,
        low_ace_low: true,
        untracked: false,
        heads_up_button_small_blind: inp.heads_up_small_blind == HeadsUpSmallBlind::Button,
        raise_needs_caller: true,
        pot_rules: Default::default(),
        award: AwardRules::for_game(game),
        posts: inp.posts.clone(),
    };
    let mut hand = Hand::start(setup)?;
    let mut posted = Vec::new();
    let mut after = Vec::new();
    let mut illegal = None;
    let mut actions = inp.actions.iter().enumerate().peekable();
    advance(&mut hand, &mut posted, inp.straddle.is_some())?;
    let first = next(&hand);
    loop {
        // At the showdown only the hands shown are taken.
        let showing = actions.peek().is_some_and(|(_, a)| !a.hands.is_empty());
        let at_showdown = matches!(hand.step, Step::Showdown { .. });
        if hand.step == Step::Complete || (at_showdown && !showing) {
            break;
        }
        let Some((index, a)) = actions.next() else {
            break;
        };
        let cmd = match command(&hand, a) {
            Ok(c) => c,
            Err(e) => {
                illegal = Some(Illegal {
                    index,
                    error: e.to_string(),
                });
                break;
            }
        };
        let events = match hand.run(cmd) {
            Ok(e) => e,
            Err(e) => {
                illegal = Some(Illegal {
                    index,
                    error: e.to_string(),
                });
                break;
            }
        };
        let (action, all_in) = events
            .iter()
            .find_map(|e| match e {
                super::hand::HandEvent::Acted { action, all_in, .. } => {
                    Some((describe(*action), *all_in))
                }
                super::hand::HandEvent::Drew { count, .. } => {
                    Some((format!("draws {count}"), false))
                }
                super::hand::HandEvent::Dealt { label, .. } => Some((label.clone(), false)),
                super::hand::HandEvent::Awarded { result } => Some((shown(result), false)),
                _ => None,
            })
            .unwrap_or_default();
        advance(&mut hand, &mut posted, inp.straddle.is_some())?;
        let (pots, _) = pots_now(&hand);
        after.push(After {
            index,
            seat: a.seat,
            action,
            all_in,
            pot_total: hand.pot_total(),
            pots,
            next: next(&hand),
        });
    }
    if illegal.is_none()
        && let Some((index, _)) = actions.next()
    {
        illegal = Some(Illegal {
            index,
            error: format!(
                "the round is at the {} and takes no more actions",
                stands(&hand)
            ),
        });
    }
    let (pots, uncalled) = pots_now(&hand);
    let outcome = Outcome {
        game: game.id().into(),
        structure: inp.structure.name().into(),
        posted,
        first,
        after,
        illegal,
        stands: stands(&hand),
        pots,
        uncalled,
        stakes: hand.players.iter().map(|p| (p.seat, p.stack)).collect(),
    };
    Ok((outcome, hand))
}

/// Applies the steps that need no decision: the forced bets (with the straddle if the input
/// has one), a deal without up cards, a Super Stud discard.
fn advance(
    hand: &mut Hand,
    posted: &mut Vec<(u8, String, Cents)>,
    straddles: bool,
) -> Result<(), String> {
    loop {
        match hand.step.clone() {
            Step::PostForced { posts, straddle } => {
                posted.extend(posts);
                if let (true, Some((seat, amount))) = (straddles, &straddle) {
                    posted.push((*seat, "straddle".into(), *amount));
                }
                hand.run(HandCommand::Posted {
                    straddle: straddles && straddle.is_some(),
                })?;
            }
            Step::Deal {
                up: 0,
                common: false,
                ..
            } => {
                hand.run(HandCommand::Dealt {
                    up: vec![],
                    common: None,
                })?;
            }
            Step::Discard { seat, .. } => {
                hand.run(HandCommand::Discard { seat })?;
            }
            _ => return Ok(()),
        }
    }
}

fn stands(hand: &Hand) -> String {
    match &hand.step {
        Step::Showdown { .. } => "showdown".into(),
        Step::Complete => "complete".into(),
        Step::Act { seat, .. } => format!("action of seat {seat}"),
        Step::Draw { seat, .. } => format!("draw of seat {seat}"),
        Step::Deal { label, .. } => format!("deal ({label})"),
        Step::PostForced { .. } => "forced bets".into(),
        Step::Discard { seat, .. } => format!("discard of seat {seat}"),
        Step::Street { name, .. } => format!("betting {name}"),
        Step::Winners { .. } => "showdown".into(),
    }
}

/// The pots as they stand, from what each seat has put in (the same build `deckhand settle`
/// uses, § 637a.8(b)(5)).
fn pots_now(hand: &Hand) -> (Vec<Pot>, Option<(u8, Cents)>) {
    if let Some(r) = &hand.result {
        let pots = r
            .pots
            .iter()
            .map(|p| Pot {
                amount: p.amount,
                eligible: p.eligible.clone(),
            })
            .collect();
        return (pots, r.uncalled);
    }
    let stakes: Vec<Stake> = hand
        .players
        .iter()
        .map(|p| Stake {
            seat: p.seat,
            put_in: p.put_in,
            folded: p.folded,
        })
        .collect();
    if matches!(hand.step, Step::Showdown { .. } | Step::Complete) {
        return pots::build(&stakes).map_or((vec![], None), |b| (b.pots, b.uncalled));
    }
    (
        betting_pots(&stakes, |seat| {
            hand.players.iter().any(|p| p.seat == seat && p.all_in)
        }),
        None,
    )
}

/// The pots while the betting goes on: a side pot starts above each all-in player's total
/// (§ 637a.8(b)(5)); a player still in with stakes left is eligible for every pot, since he
/// may yet match it. At the end this is the same as [`pots::build`] less the uncalled bet.
pub fn betting_pots(stakes: &[Stake], all_in: impl Fn(u8) -> bool) -> Vec<Pot> {
    let mut caps: Vec<Cents> = stakes
        .iter()
        .filter(|s| !s.folded && all_in(s.seat))
        .map(|s| s.put_in)
        .collect();
    caps.sort_unstable();
    caps.dedup();
    let mut pots: Vec<Pot> = Vec::new();
    let mut prev = 0;
    let eligible_at = |level: Option<Cents>| {
        let mut e: Vec<u8> = stakes
            .iter()
            .filter(|s| !s.folded && (!all_in(s.seat) || level.is_some_and(|l| s.put_in >= l)))
            .map(|s| s.seat)
            .collect();
        e.sort_unstable();
        e
    };
    for &cap in &caps {
        let amount: Cents = stakes
            .iter()
            .map(|s| s.put_in.min(cap) - s.put_in.min(prev))
            .sum();
        if amount > 0 {
            pots.push(Pot {
                amount,
                eligible: eligible_at(Some(cap)),
            });
        }
        prev = cap;
    }
    let above: Cents = stakes.iter().map(|s| s.put_in - s.put_in.min(prev)).sum();
    let rest = eligible_at(None);
    if above > 0 || pots.is_empty() {
        if rest.is_empty() {
            // Everyone left is all-in: what is above the last cap is the last pot's.
            if let Some(last) = pots.last_mut() {
                last.amount += above;
            }
        } else {
            pots.push(Pot {
                amount: above,
                eligible: rest,
            });
        }
    }
    pots
}

fn next(hand: &Hand) -> Option<Next> {
    match &hand.step {
        Step::Act { seat, options, max } => {
            let p = hand.players.iter().find(|p| p.seat == *seat)?;
            let to_call = options
                .iter()
                .find_map(|a| match a {
                    Action::Call { amount } => Some(*amount),
                    _ => None,
                })
                .unwrap_or(0);
            let range = hand.bet_range(*seat);
            let mine = hand.street_in(*seat);
            let (min_to, max_to) = match options.iter().find_map(|a| match a {
                Action::Bet { amount } => Some(mine + *amount),
                Action::Raise { to, .. } => Some(*to),
                _ => None,
            }) {
                Some(least) => {
                    // Keyed amounts: `max` is the largest bet, or raise above the call.
                    let most = if hand.setup.structure.keyed() {
                        (mine + to_call + max).min(mine + p.stack)
                    } else {
                        least
                    };
                    (Some(least), Some(most.max(least)))
                }
                None => (None, None),
            };
            Some(Next {
                seat: *seat,
                step: None,
                to_call,
                min_to,
                max_to,
                stake: p.stack,
                no_raise: if min_to.is_none() {
                    range.and_then(|r| r.closed.map(String::from)).or_else(|| {
                        Some("the posted structure allows no raise here (§ 637a.8(k))".into())
                    })
                } else {
                    None
                },
            })
        }
        Step::Draw { seat, .. } => Some(Next {
            seat: *seat,
            step: Some("draw".into()),
            to_call: 0,
            min_to: None,
            max_to: None,
            stake: hand.players.iter().find(|p| p.seat == *seat)?.stack,
            no_raise: None,
        }),
        _ => None,
    }
}

fn describe(a: Action) -> String {
    let m = crate::rules::money;
    match a {
        Action::Fold => "fold".into(),
        Action::Check => "check".into(),
        Action::Call { amount } => format!("call {}", m(amount)),
        Action::Bet { amount } => format!("bet {}", m(amount)),
        Action::Raise { amount, to } => format!("raise to {} (puts in {})", m(to), m(amount)),
    }
}

fn card(s: &str) -> Result<Card, String> {
    s.parse::<Card>().map_err(|e| format!("{s}: {e}"))
}

fn cards_of(text: &str) -> Result<Vec<Card>, String> {
    crate::rules::cards::parse_cards(text).map_err(|e| format!("{text}: {e}"))
}

/// The hands shown at the showdown, as the rules ranked them.
fn shown(result: &super::hand::HandResult) -> String {
    let hands: Vec<String> = result
        .shown
        .iter()
        .map(|(s, d)| format!("seat {s} {d}"))
        .collect();
    format!("showdown: {}", hands.join("; "))
}

/// The state machine's command for one input line.
fn command(hand: &Hand, a: &ActionIn) -> Result<HandCommand, String> {
    if !a.hands.is_empty() {
        let mut hands = Vec::new();
        for (seat, text) in &a.hands {
            hands.push((*seat, cards_of(text)?));
        }
        let board = a.board.as_deref().map(cards_of).transpose()?;
        return Ok(HandCommand::Showdown {
            hands,
            board: board.unwrap_or_default(),
        });
    }
    if let Step::Deal { .. } = hand.step {
        if a.seat.is_some() || a.action.is_some() {
            return Err(format!(
                "the dealer deals now ({}): give the up cards as {{\"up\": [[seat, \"card\"], …]}}",
                stands(hand)
            ));
        }
        let up =
            a.up.iter()
                .map(|(s, c)| card(c).map(|c| (*s, c)))
                .collect::<Result<Vec<_>, _>>()?;
        let common = a.common.as_deref().map(card).transpose()?;
        return Ok(HandCommand::Dealt { up, common });
    }
    let seat = a
        .seat
        .ok_or_else(|| format!("a player's action needs its seat (now: {})", stands(hand)))?;
    let what = a.action.as_deref().unwrap_or("");
    if what == "draw" {
        return Ok(HandCommand::Draw {
            seat,
            count: a.cards.unwrap_or(0),
        });
    }
    let street_current = hand.current_bet();
    let mine = hand.street_in(seat);
    let stack = hand
        .players
        .iter()
        .find(|p| p.seat == seat)
        .map_or(0, |p| p.stack);
    let owed = (street_current - mine).max(0);
    let (kind, amount) = match what {
        "fold" => (ActionKind::Fold, None),
        "check" => (ActionKind::Check, None),
        "call" => (ActionKind::Call, None),
        "bet" | "raise" => {
            let kind = if what == "bet" {
                ActionKind::Bet
            } else {
                ActionKind::Raise
            };
            let bad = || {
                format!(
                    "{} is not an amount a seat bets or raises to",
                    a.to.unwrap_or(0)
                )
            };
            let amount = match a.to {
                Some(to) if !(0..=crate::rules::banked::MAX_AMOUNT).contains(&to) => {
                    return Err(bad());
                }
                Some(to) if hand.setup.structure.keyed() => Some(to - street_current),
                // Fixed limit: the amount is the posted one; a different one is refused.
                Some(to) => Some(to - mine),
                None => None,
            };
            (kind, amount)
        }
        "all-in" => {
            // The seat puts in all its stakes: a call if that does not beat the bet, a bet or
            // a raise if it does. At fixed limit a bet or raise is the posted amount: all-in
            // only when the stakes are no more than it.
            let posted = match &hand.step {
                Step::Act { options, .. } => options.iter().find_map(|o| match o {
                    Action::Bet { amount } | Action::Raise { amount, .. } => Some(*amount),
                    _ => None,
                }),
                _ => None,
            };
            if !hand.setup.structure.keyed() && stack > owed && posted.is_some_and(|p| stack > p) {
                return Err(format!(
                    "at {} a bet or raise is the posted amount ({}); seat {seat} has {} and is not all-in: key bet or raise",
                    hand.setup.structure.name(),
                    crate::rules::money(posted.unwrap_or(0)),
                    crate::rules::money(stack)
                ));
            }
            if stack <= owed {
                (ActionKind::Call, None)
            } else if street_current == 0 {
                (ActionKind::Bet, Some(stack))
            } else {
                (ActionKind::Raise, Some(stack - owed))
            }
        }
        other => {
            return Err(format!(
                "unknown action {other:?}: fold, check, call, bet, raise, all-in or draw"
            ));
        }
    };
    // Fixed limit takes no keyed amount: an amount that is the posted one is fine.
    let amount = if hand.setup.structure.keyed() {
        amount
    } else {
        match (kind, amount) {
            (ActionKind::Bet | ActionKind::Raise, Some(x)) if what != "all-in" => Some(x),
            _ => None,
        }
    };
    Ok(if a.announced {
        HandCommand::Announce { seat, kind, amount }
    } else {
        HandCommand::Act { seat, kind, amount }
    })
}
