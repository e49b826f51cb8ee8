//! Spanish 21's own commands and events ([`OwnSteps`] of its part, [`Play21`]): each step of
//! the hands after "no more bets" (§ 635a.7-635a.10), recorded as where the round stood and
//! what the dealer (or the shoe) did there. The round carries them as `BankedCommand::Own` and
//! `BankedEvent::Own`; in the journal they read as they always have
//! (`{"event": "spanish21", "at": …, "what": …}`).

use super::hands21::{Command21, Play21, Step21};
use crate::refusal;
use crate::rules::banked::House;
use crate::rules::banked::round::{
    BankedCommand, BankedEvent, BankedRound, BankedStep, GameCommand, GameEvent, GameStep,
    HandPlace, OwnSteps,
};
use crate::rules::cards::{Card, pretty_cards as cards};
use crate::rules::machine::Refusal;
use crate::rules::money;
use serde::{Deserialize, Serialize};

/// What a Spanish 21 step recorded.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "event", rename_all = "kebab-case")]
pub enum Event21 {
    /// What happened at a step of the round (`play21.rs`).
    Spanish21 { at: Step21, what: Command21 },
}

impl From<Command21> for BankedCommand {
    fn from(c: Command21) -> BankedCommand {
        BankedCommand::Own(GameCommand::Spanish21(c))
    }
}

impl From<Step21> for BankedStep {
    fn from(s: Step21) -> BankedStep {
        BankedStep::Own(GameStep::Spanish21(s))
    }
}

impl BankedStep {
    /// The Spanish 21 step the round is at, if it is at one.
    pub fn play21(&self) -> Option<&Step21> {
        match self {
            BankedStep::Own(GameStep::Spanish21(s)) => Some(s),
            _ => None,
        }
    }
}

impl From<Event21> for BankedEvent {
    fn from(e: Event21) -> BankedEvent {
        BankedEvent::Own(GameEvent::Spanish21(e))
    }
}

impl BankedCommand {
    /// The Spanish 21 step this command is, if it is one.
    pub fn play21(&self) -> Option<&Command21> {
        match self {
            BankedCommand::Own(GameCommand::Spanish21(c)) => Some(c),
            _ => None,
        }
    }

    /// The Spanish 21 step this command is, to fill in (the shoe's reading).
    pub fn play21_mut(&mut self) -> Option<&mut Command21> {
        match self {
            BankedCommand::Own(GameCommand::Spanish21(c)) => Some(c),
            _ => None,
        }
    }
}

impl BankedEvent {
    /// The Spanish 21 step this event records, as (where the round stood, what was done).
    pub fn play21(&self) -> Option<(&Step21, &Command21)> {
        match self {
            BankedEvent::Own(GameEvent::Spanish21(Event21::Spanish21 { at, what })) => {
                Some((at, what))
            }
            _ => None,
        }
    }
}

impl OwnSteps for Play21 {
    type Command = Command21;
    type Event = Event21;
    type Step = Step21;
    type Keyed = crate::rules::banked::round::NoKeyed;

    /// § 635a.7-635a.10: the hands played after the deal, step by step.
    fn decide(
        round: &mut BankedRound,
        cmd: &Command21,
        _house: Option<&House>,
    ) -> Result<Event21, Refusal> {
        let Some(at) = round.step.play21().cloned() else {
            return Err(Refusal::plain(format!(
                "{cmd:?} does not fit the step {:?}",
                round.step
            )));
        };
        round.apply21(cmd)?;
        Ok(Event21::Spanish21 {
            at,
            what: cmd.clone(),
        })
    }

    fn kind(_e: &Event21) -> &'static str {
        "spanish21_play"
    }

    fn command(e: &Event21) -> Option<Command21> {
        let Event21::Spanish21 { what, .. } = e;
        Some(what.clone())
    }

    fn sentence(e: &Event21) -> String {
        let Event21::Spanish21 { at, what } = e;
        words(at, what)
    }

    fn asks(at: &Step21) -> String {
        match at {
            Step21::Deal => "Deal from the shoe".into(),
            Step21::MatchTheDealer => "Settle Match the Dealer".into(),
            Step21::Insurance { seat } => format!("Seat {seat}: insurance?"),
            Step21::Reader => "Read the hole card".into(),
            Step21::CollectInsurance => "Collect the losing insurance".into(),
            Step21::PayBlackjack { seat } => format!("Pay seat {seat}'s Blackjack"),
            Step21::Hand { seat, .. } => format!("Seat {seat} decides"),
            Step21::LateCard { seat } => format!("Deal seat {seat} its missed card"),
            Step21::Dealer => "The dealer draws".into(),
        }
    }

    /// A player's decision keyed, with nothing after it yet, is the dealer's to take back with
    /// one tap, as a Bet is: insurance, stand, double down, split, surrender, rescue; and the
    /// cover card tapped by mistake. A card dealt, the reader's answer and what was paid or
    /// collected at the table are facts a floorperson's correction or the irregularity
    /// procedure puts right.
    fn undoable(e: &Event21) -> bool {
        let Event21::Spanish21 { what, .. } = e;
        matches!(
            what,
            Command21::Insure { .. }
                | Command21::Stand
                | Command21::Double { .. }
                | Command21::Split
                | Command21::Surrender
                | Command21::Rescue
                | Command21::CoverCard { .. }
        )
    }

    /// A missed card is put right through its irregularity, which a floorperson signs
    /// (§ 635a.13(i)).
    fn dealer_refused(cmd: &Command21) -> Option<Refusal> {
        matches!(cmd, Command21::DeadHand { .. } | Command21::CardOwed { .. }).then(|| {
            refusal!(
                "§ 635a.13(i)",
                "a missed card is reported as an irregularity"
            )
        })
    }
}

/// A Spanish 21 step in words: who (the box and hand, or the dealer) and what.
fn words(at: &Step21, what: &Command21) -> String {
    let who = match at {
        // A missed card and the cover card name their own box, whoever's turn it is.
        _ if matches!(
            what,
            Command21::DeadHand { .. }
                | Command21::CardOwed { .. }
                | Command21::CoverCard { .. }
        ) =>
        {
            String::new()
        }
        Step21::LateCard { seat } => format!("Seat {seat}"),
        Step21::Hand { seat, hand } => format!("Seat {seat} hand {}", hand + 1),
        Step21::Insurance { seat } => format!("Seat {seat}"),
        Step21::Dealer => "The dealer".into(),
        _ => String::new(),
    };
    let what = match what {
        Command21::Dealt { seats, up, read } => {
            // Where a reading shoe read the deal: each hand read or corrected.
            let source = |place: HandPlace, keyed: &[Card]| match read
                .iter()
                .find(|(p, _)| *p == place)
            {
                None if read.is_empty() => String::new(),
                None => " (keyed)".into(),
                Some((_, r)) if r[..] == *keyed => " (read)".into(),
                Some((_, r)) => format!(" (corrected; read {})", cards(r)),
            };
            format!(
                "Dealt {}, dealer shows {}{}",
                seats
                    .iter()
                    .map(|(s, c)| {
                        if c.is_empty() {
                            format!(
                                "box {s} no cards: dead, its wagers returned (§ 635a.13(h))"
                            )
                        } else {
                            format!(
                                "box {s} {}{}",
                                cards(c),
                                source(HandPlace::Seat(*s), c)
                            )
                        }
                    })
                    .collect::<Vec<_>>()
                    .join(", "),
                up.pretty(),
                source(HandPlace::Dealer, &[*up])
            )
        }
        Command21::MatchSettled => "Match the Dealer settled".into(),
        Command21::Insure { amount: 0, .. } => "takes no insurance".into(),
        Command21::Insure { amount, .. } => format!("insures for {}", money(*amount)),
        Command21::EvenMoney { .. } => "takes even money".into(),
        Command21::Reader { blackjack } => format!(
            "The card reader: {}",
            if *blackjack {
                "dealer Blackjack"
            } else {
                "no Blackjack"
            }
        ),
        Command21::InsuranceCollected => "The losing insurance collected".into(),
        // Whose (the walk of issue 43 read no seat in the replay).
        Command21::BlackjackPaid => match at {
            Step21::PayBlackjack { seat } => {
                format!("Seat {seat}'s Blackjack paid, the cards removed")
            }
            _ => "Blackjack paid, the cards removed".into(),
        },
        Command21::Card { card, read: None } => format!("is dealt {}", card.pretty()),
        Command21::Card {
            card,
            read: Some(r),
        } if r == card => format!("is dealt {} (read)", card.pretty()),
        Command21::Card {
            card,
            read: Some(r),
        } => format!(
            "is dealt {} (corrected; read {})",
            card.pretty(),
            r.pretty()
        ),
        Command21::Stand => "stands".into(),
        Command21::Double { amount } => format!("doubles for {}", money(*amount)),
        Command21::Split => "splits".into(),
        Command21::Surrender => "surrenders".into(),
        Command21::Rescue => "rescues".into(),
        Command21::DeadHand { seat } => format!(
            "Seat {seat}'s hand called dead, the card it asked for not dealt: its Spanish 21 Wager returned (§ 635a.13(i))"
        ),
        Command21::CardOwed { seat } => format!(
            "Seat {seat} is owed the card it asked for: dealt after every other player's, before the hole card (§ 635a.13(i))"
        ),
        Command21::CoverCard { seat } => format!(
            "The cover card came out{}",
            seat.map_or(" on the dealer's hand".into(), |s| format!(" on box {s}"))
        ),
    };
    format!("{who} {what}").trim().to_string()
}
