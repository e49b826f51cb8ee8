//! One round of a poker-room game as a state machine: forced bets, the deal, betting with table
//! stakes and all-ins, draws and discards, running out of cards, the showdown and the award.
//!
//! Pure: commands in, a new state and events out. The dealer confirms what the procedure asks
//! ([`Step`]); the machine knows the money, whose turn it is, how many cards are where (so the
//! stub's expected size is always known) and refuses what the rules forbid, naming the section.

use crate::refusal;
use crate::rules::machine::Refusal;

use super::pots::{self, AwardRules, PotAward, Shown, Stake};
use super::procedure::{First, Phase, Procedure};
use crate::rules::Cents;
use crate::rules::betting_actions::{Action, ActionKind, clockwise_after};
use crate::rules::cards::Card;
use crate::rules::game_id::GameId;
use crate::rules::poker::house_take::{PotRules, PotTake};
use crate::rules::stud_bring_in::{StudVariant, forced_bet_seat, showing_key};
use serde::{Deserialize, Serialize};
use std::collections::{BTreeMap, VecDeque};

mod betting;
mod deal_steps;
mod keyed_amount;
pub use keyed_amount::KeyedRange;
mod setup_checks;
use setup_checks::{check_amounts, check_forced_bets, check_posts, check_stakes};
mod phases;
pub use phases::DrawPreparation;
mod showdown;
mod types;
mod untracked;

pub use types::*;

#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
struct Street {
    number: u8,
    unit: Cents,
    current: Cents,
    raises: u8,
    street_in: BTreeMap<u8, Cents>,
    pending: VecDeque<u8>,
    aggressor: Option<u8>,
    /// The first seat asked to act (shows first if nobody bets, § 637a.18(e)).
    first: Option<u8>,
    /// No-limit and pot-limit: the increment a raise must reach to be a full raise (the
    /// previous full bet or raise, at least the minimum bet).
    #[serde(default)]
    full_raise: Cents,
    /// No-limit and pot-limit: the round's bet when each seat last acted; a seat that acted
    /// may raise again only once the bet has grown by a full raise since.
    #[serde(default)]
    acted_at: BTreeMap<u8, Cents>,
}

/// What was shown at a showdown, kept with the result.
#[derive(Debug, Default)]
struct Showing {
    hands: Vec<(u8, Vec<Card>)>,
    board: Vec<Card>,
    bad_beat: Option<super::jackpots::BadBeat>,
}

/// The state of one round.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Hand {
    pub setup: HandSetup,
    pub procedure: Procedure,
    pub players: Vec<Player>,
    pub step: Step,
    /// Cards not yet dealt (the stub's expected size).
    pub stub: u8,
    pub burns: u8,
    /// The discard pile (draw discards, Super Stud discards, folded hands).
    pub discards: u8,
    pub board: u8,
    pub common: Vec<Card>,
    pub events: Vec<HandEvent>,
    pub result: Option<HandResult>,
    phase: usize,
    street: Option<Street>,
    streets: u8,
    forced_seat: Option<u8>,
    straddler: Option<u8>,
    last_blind: Option<u8>,
    queue: VecDeque<u8>,
    last_street_first: Option<u8>,
    last_aggressor: Option<u8>,
}

/// The forced bets a seat's stakes must cover, plus one bet at the posted minimum
/// (§ 637a.8(b)(4)).
fn least_stakes(s: &HandSetup, blinds: bool) -> Cents {
    let min = s.structure.min_bet();
    let blind = if blinds {
        s.blinds.iter().copied().max().unwrap_or(0)
    } else {
        0
    };
    // Saturating: amounts from a file are checked against their bounds after this.
    s.ante
        .saturating_add(blind.max(s.forced_bet))
        .saturating_add(min)
}

impl Hand {
    /// Starts a round; refuses a setup the rules do not allow.
    pub fn start(setup: HandSetup) -> Result<Hand, Refusal> {
        let procedure = Procedure::of(setup.game)
            .ok_or_else(|| format!("{} is not a poker-room game", setup.game.id()))?;
        let n = setup.seats.len();
        if n < 2 {
            return Err(refusal!(
                "§ 637a.7(b)",
                "a round needs at least two players"
            ));
        }
        if n > usize::from(procedure.max_players) {
            return Err(refusal!(
                format!("{}(b)", procedure.section_whole()),
                "{} seats at most {} players; {n} were dealt in",
                setup.game.id(),
                procedure.max_players
            ));
        }
        check_amounts(&setup)?;
        check_stakes(&setup, &procedure)?;
        check_forced_bets(&setup, &procedure)?;
        check_posts(&setup, &procedure)?;
        if !(100..=200).contains(&setup.limit_percent) {
            return Err("the limits may only be raised by a Kill (×2) or Half-kill (×1.5)".into());
        }
        let mut setup = setup;
        setup.award.split = procedure.second_half.is_some();
        let mut players: Vec<Player> = setup
            .seats
            .iter()
            .map(|(seat, stack)| Player {
                seat: *seat,
                stack: *stack,
                put_in: 0,
                folded: false,
                all_in: false,
                cards: 0,
                up: vec![],
            })
            .collect();
        players.sort_by_key(|p| p.seat);
        let mut h = Hand {
            setup,
            procedure,
            players,
            step: Step::Complete,
            stub: 52,
            burns: 0,
            discards: 0,
            board: 0,
            common: vec![],
            events: vec![],
            result: None,
            phase: 0,
            street: None,
            streets: 0,
            forced_seat: None,
            straddler: None,
            last_blind: None,
            queue: VecDeque::new(),
            last_street_first: None,
            last_aggressor: None,
        };
        h.enter_phase();
        Ok(h)
    }

    fn seats(&self) -> Vec<u8> {
        self.players.iter().map(|p| p.seat).collect()
    }

    fn live(&self) -> Vec<u8> {
        self.players
            .iter()
            .filter(|p| !p.folded)
            .map(|p| p.seat)
            .collect()
    }

    fn player(&mut self, seat: u8) -> &mut Player {
        let i = self
            .players
            .iter()
            .position(|p| p.seat == seat)
            .unwrap_or(0);
        &mut self.players[i]
    }

    fn get(&self, seat: u8) -> Option<&Player> {
        self.players.iter().find(|p| p.seat == seat)
    }

    /// Dealing order: from the first seat left of the button, the button last; Stud from the
    /// dealer's left (seat numbers grow clockwise from the dealer's left).
    fn order(&self, seats: &[u8]) -> Vec<u8> {
        if self.procedure.button {
            clockwise_after(seats, self.setup.button)
        } else {
            clockwise_after(seats, 0)
        }
    }

    /// The order odd chips and showdowns go round: clockwise from the button or the dealer's
    /// left.
    pub fn table_order(&self) -> Vec<u8> {
        self.order(&self.seats())
    }

    /// Puts up to `amount` of the seat's stakes in; returns what went in.
    fn put(&mut self, seat: u8, amount: Cents) -> (Cents, bool) {
        let p = self.player(seat);
        let paid = amount.min(p.stack);
        p.stack -= paid;
        p.put_in += paid;
        if p.stack == 0 {
            p.all_in = true;
        }
        (paid, p.all_in)
    }

    fn limit(&self, big: bool) -> (Cents, Cents) {
        let pct = Cents::from(self.setup.limit_percent);
        let k = |c: Cents| c * pct / 100;
        match self.setup.structure {
            Structure::FixedLimit { small, big: b } => {
                let u = if big { k(b) } else { k(small) };
                (u, u)
            }
            Structure::SpreadLimit { min, max } => (k(min), k(max)),
            Structure::NoLimit { min } | Structure::PotLimit { min } => (k(min), k(min)),
        }
    }

    /// The seats that post the blinds this round, with each blind (§ 637a.11(d); heads-up as
    /// the table's setting says).
    pub fn blind_seats(&self) -> Vec<(u8, Cents)> {
        let order = crate::rules::betting_actions::blind_order(
            &self.seats(),
            self.setup.button,
            self.setup.heads_up_button_small_blind,
        );
        self.setup
            .blinds
            .iter()
            .enumerate()
            .map(|(i, b)| (order[i % order.len()], *b))
            .collect()
    }

    /// The dealer's command one recorded step's events answer: the events say what was
    /// tapped (the action, the cards dealt and shown) with what it caused.
    fn command_of(&self, events: &[HandEvent]) -> Result<HandCommand, Refusal> {
        let straddle = events
            .iter()
            .any(|e| matches!(e, HandEvent::Posted { what, .. } if what == "straddle"));
        let first = events
            .iter()
            .find(|e| !e.follows())
            .ok_or("a recorded step without a dealer's input")?;
        Ok(match first {
            HandEvent::Posted { .. } => HandCommand::Posted { straddle },
            HandEvent::Dealt { up, common, .. } => HandCommand::Dealt {
                up: up.clone(),
                common: *common,
            },
            HandEvent::Discarded { seat, .. } => HandCommand::Discard { seat: *seat },
            HandEvent::Drew { seat, count } => HandCommand::Draw {
                seat: *seat,
                count: *count,
            },
            HandEvent::Acted { seat, action, .. } => {
                // Keyed amounts: the bet, or the raise above the call.
                let spread = self.setup.structure.keyed();
                let current = self.street.as_ref().map_or(0, |s| s.current);
                let amount = match action {
                    Action::Bet { amount } if spread => Some(*amount),
                    Action::Raise { to, .. } if spread => Some(to - current),
                    _ => None,
                };
                HandCommand::Act {
                    seat: *seat,
                    kind: action.kind(),
                    amount,
                }
            }
            HandEvent::StreetPlayed { .. } => HandCommand::StreetPlayed,
            HandEvent::Won { seats, .. } => HandCommand::Won {
                seats: seats.clone(),
            },
            HandEvent::Awarded { result } => HandCommand::Showdown {
                hands: result.hands.clone(),
                board: result.board.clone(),
            },
            HandEvent::HandVoided { seat, .. } => HandCommand::VoidHand { seat: *seat },
            HandEvent::FouledRefunded { seat, .. } => HandCommand::RefundFouled { seat: *seat },
            HandEvent::StoppedBetting { seat } => HandCommand::StopBetting { seat: *seat },
            HandEvent::Announced { seat } => {
                // The announced action is the one recorded after it.
                let Some(HandCommand::Act { kind, amount, .. }) = events
                    .iter()
                    .find(|e| matches!(e, HandEvent::Acted { .. }))
                    .map(|e| self.command_of(std::slice::from_ref(e)))
                    .transpose()?
                else {
                    return Err("an announcement without the action announced".into());
                };
                HandCommand::Announce {
                    seat: *seat,
                    kind,
                    amount,
                }
            }
            other => {
                return Err(Refusal::plain(format!(
                    "{} is not a dealer's input",
                    other.kind()
                )));
            }
        })
    }

    /// Folds one recorded step (a dealer's input and what it caused) into the hand: the step
    /// must fit where the hand stands and be exactly what the rules give for it, amounts and
    /// cards included. A refusal changes nothing and says why.
    pub fn apply(&mut self, events: &[HandEvent]) -> Result<(), Refusal> {
        let cmd = self.command_of(events)?;
        let mut next = self.clone();
        let produced = next.run(cmd)?;
        if produced != events {
            return Err(Refusal::plain(format!(
                "recorded {events:?}; the rules give {produced:?} for it now"
            )));
        }
        *self = next;
        Ok(())
    }

    /// Decides a dealer's command and folds what it caused, as the table does (`decide`, then
    /// `apply`): the events it caused. A refusal changes nothing and says why.
    pub fn run(&mut self, cmd: HandCommand) -> Result<Vec<HandEvent>, Refusal> {
        let before = self.events.len();
        let mut next = self.clone();
        next.apply_inner(cmd)?;
        *self = next;
        Ok(self.events[before..].to_vec())
    }

    fn apply_inner(&mut self, cmd: HandCommand) -> Result<(), Refusal> {
        let step = self.step.clone();
        match (step, cmd) {
            (Step::PostForced { posts, straddle }, HandCommand::Posted { straddle: wants }) => {
                self.posted(posts, straddle, wants)
            }
            (
                step @ Step::Deal { .. },
                HandCommand::Dealt {
                    up: up_cards,
                    common: common_card,
                },
            ) => self.dealt(step, up_cards, common_card),
            (Step::Discard { seat, count }, HandCommand::Discard { seat: s }) => {
                self.discarded(seat, count, s)
            }
            (Step::Draw { seat, max }, HandCommand::Draw { seat: s, count }) => {
                self.drew(seat, max, s, count)
            }
            (
                Step::Act { seat, .. },
                HandCommand::Act {
                    seat: s,
                    kind,
                    amount,
                },
            ) => {
                turn(seat, s)?;
                self.act(seat, kind, amount)
            }
            (
                Step::Act { seat, .. },
                HandCommand::Announce {
                    seat: s,
                    kind,
                    amount,
                },
            ) => {
                // § 637a.8(c): an announcement binds only the player whose turn it is.
                turn(seat, s)?;
                self.events.push(HandEvent::Announced { seat });
                self.act(seat, kind, amount)
            }
            (Step::Showdown { order }, HandCommand::Showdown { hands, board }) => {
                self.showdown(&order, hands, board)
            }
            // Betting not tracked: the hands shown keyed where a record needs them.
            (Step::Winners { seats }, HandCommand::Showdown { hands, board }) => {
                self.showdown(&seats, hands, board)
            }
            (Step::Street { .. }, HandCommand::StreetPlayed) => self.street_played(),
            (Step::Street { .. } | Step::Winners { .. }, HandCommand::Won { seats }) => {
                self.won(seats)
            }
            (Step::Deal { .. }, HandCommand::VoidHand { seat }) => self.void_hand(seat),
            (
                Step::Deal { .. } | Step::Act { .. } | Step::Showdown { .. },
                HandCommand::RefundFouled { seat },
            ) => self.refund_fouled(seat),
            (_, HandCommand::StopBetting { seat }) if self.step != Step::Complete => {
                self.stop_betting(seat)
            }
            (Step::Complete, _) => Err("the round is over".into()),
            (step, cmd) => Err(Refusal::plain(format!(
                "the dealer is asked to {}, not {}",
                step_name(&step),
                command_name(&cmd)
            ))),
        }
    }

    /// Every chip put in is in a stack again: for tests and the journal's check.
    pub fn chips(&self) -> Cents {
        self.players.iter().map(|p| p.stack).sum::<Cents>()
            + self.result.as_ref().map_or(0, |r| r.take.total())
    }
}

/// The seat asked to act is the one acting (§ 637a.8(c)).
fn turn(asked: u8, acting: u8) -> Result<(), Refusal> {
    if acting == asked {
        Ok(())
    } else {
        Err(refusal!(
            "§ 637a.8(c)",
            "it is seat {asked}'s turn, not seat {acting}'s"
        ))
    }
}

fn step_name(s: &Step) -> &'static str {
    match s {
        Step::PostForced { .. } => "collect the forced bets",
        Step::Deal { .. } => "deal",
        Step::Discard { .. } => "take a discard",
        Step::Act { .. } => "record a player's action",
        Step::Draw { .. } => "record a draw",
        Step::Showdown { .. } => "enter the shown hands",
        Step::Street { .. } => "confirm a betting round",
        Step::Winners { .. } => "tap the winner",
        Step::Complete => "start a new round",
    }
}

fn command_name(c: &HandCommand) -> &'static str {
    match c {
        HandCommand::Posted { .. } => "forced bets",
        HandCommand::Dealt { .. } => "a deal",
        HandCommand::Act { .. } => "an action",
        HandCommand::Draw { .. } => "a draw",
        HandCommand::Discard { .. } => "a discard",
        HandCommand::Showdown { .. } => "a showdown",
        HandCommand::VoidHand { .. } => "a void hand",
        HandCommand::RefundFouled { .. } => "a fouled hand's refund",
        HandCommand::StopBetting { .. } => "a stop to betting",
        HandCommand::Announce { .. } => "an announced action",
        HandCommand::StreetPlayed => "a betting round over",
        HandCommand::Won { .. } => "a winner",
    }
}

/// A poker-room hand in the rules' one shape (`rules::machine`): what one command gives is one
/// step of the hand's history, folded back by `apply`.
impl crate::rules::machine::Machine for Hand {
    type Command = HandCommand;
    type Event = HandEvent;
    type Context<'a> = ();

    fn decide(
        &self,
        cmd: &HandCommand,
        _: (),
    ) -> Result<Vec<HandEvent>, crate::rules::machine::Refusal> {
        let mut next = self.clone();
        let before = next.events.len();
        next.apply_inner(cmd.clone())?;
        Ok(next.events[before..].to_vec())
    }

    fn apply(&mut self, events: &[HandEvent]) -> Result<(), crate::rules::machine::Refusal> {
        Hand::apply(self, events)
    }
}
