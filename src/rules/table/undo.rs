//! Taking back a step of the round in play (issue 20): the dealer undoes the last betting
//! action or player's decision while nothing has followed it; later, a floorperson signs a
//! correction that takes the round back several steps. Both are journal rows of their own:
//! the rows they take back stay in the journal, and a replay folds them in the same order, so
//! the round comes back the same.
//!
//! The table keeps, for the round in play, the round as it stood before each of its steps
//! (`Table::history`, rebuilt by replay). A step that tells a device or moves money outside
//! the round (bets closed at the progressive controller, a validation, a payment, the pot
//! pushed) and the stub count close the history: nothing before it can be taken back here;
//! the irregularity procedure covers those.

use crate::refusal;
use crate::rules::machine::Refusal;

use super::*;
use crate::rules::access::Action;
use crate::rules::banked::round::BankedEvent;
use crate::rules::poker::hand::HandEvent;

/// One step of the round in play, as it can be taken back.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Taken {
    /// The step in words ("seat 3 raises to $4.00").
    pub what: String,
    /// The dealer may take it back alone: a betting action or a player's decision that
    /// nothing has followed.
    pub undoable: bool,
    /// The round before the step.
    pub before: Box<Round>,
    /// The step locks every decision in (Lunar Poker's Options phase revealed, § 589.11(a)):
    /// no correction takes the round back past it. (Kept as a step, not a close of the
    /// history, so the journals written before replay as they did.)
    pub locks: bool,
}

impl Table {
    /// The step `e` as history, if it is a step of the round that can be taken back.
    pub(super) fn taken_by(&self, e: &Event) -> Option<Taken> {
        let round = self.round.as_ref()?;
        let (what, undoable) = match e {
            Event::Hand { events } => {
                let words: Vec<String> = events
                    .iter()
                    .map(|h| h.sentence())
                    .filter(|s| !s.is_empty())
                    .collect();
                let undoable = events.iter().all(|h| {
                    matches!(
                        h,
                        HandEvent::Acted { .. }
                            | HandEvent::Announced { .. }
                            | HandEvent::BettingComplete { .. }
                            | HandEvent::Uncontested { .. }
                            | HandEvent::Awarded { .. }
                    )
                }) && events.iter().any(|h| matches!(h, HandEvent::Acted { .. }));
                (words.join("; "), undoable)
            }
            Event::Banked(b) if b.command().is_some() => {
                let undoable = match b {
                    BankedEvent::Decided { .. } => true,
                    BankedEvent::Own(own) => own.undoable(),
                    _ => false,
                };
                (b.sentence(), undoable)
            }
            _ => return None,
        };
        let locks =
            matches!(e, Event::Banked(BankedEvent::Revealed { phase }) if self.locks_in(*phase));
        Some(Taken {
            what,
            undoable,
            before: Box::new(round.clone()),
            locks,
        })
    }

    /// After `e` is folded in: its step joins the history, or the history closes.
    pub(super) fn keep_history(&mut self, e: &Event, taken: Option<Taken>) {
        let closes = match e {
            Event::RoundStarted { .. }
            | Event::LosingHandsCounted { .. }
            | Event::PotAwarded { .. }
            | Event::BadBeatVerified { .. }
            // The stub counted is a fact about the deck: no undo takes the round back past it.
            | Event::StubCounted { .. }
            | Event::RoundVoided { .. } => true,
            Event::Banked(BankedEvent::Own(own)) => own.closes_undo(),
            Event::Banked(b) => matches!(
                b,
                BankedEvent::BetsClosed { .. }
                    | BankedEvent::VoidSettling { .. }
                    | BankedEvent::WagersLost { .. }
                    | BankedEvent::Validated { .. }
                    | BankedEvent::Paid
            ),
            _ => false,
        };
        if closes || self.round.is_none() {
            self.history.clear();
        } else if let Some(t) = taken {
            self.history.push(t);
        }
    }

    /// The reveal of `phase` locks every decision in: its phase is Lunar Poker's Options.
    fn locks_in(&self, phase: usize) -> bool {
        self.round
            .as_ref()
            .and_then(|r| r.banked.as_ref())
            .is_some_and(|b| b.def().phases.get(phase).is_some_and(|p| p.options_fee))
    }

    /// The step the dealer may undo now, in words.
    pub fn undoable(&self) -> Option<&str> {
        self.history
            .last()
            .filter(|t| t.undoable)
            .map(|t| t.what.as_str())
    }

    pub(super) fn decide_undo(&self) -> Result<Vec<Event>, RuleError> {
        self.table_and_dealer()?;
        match self.history.last() {
            Some(t) if t.undoable => Ok(vec![Event::StepUndone {
                what: t.what.clone(),
            }]),
            Some(t) => refuse(format!(
                "the last step ({}) is not a betting action or a player's decision: a floorperson corrects the round",
                t.what
            )),
            None => refuse("nothing in this round can be undone"),
        }
    }

    pub(super) fn decide_correction(
        &self,
        steps: u32,
        signed_by: &Person,
    ) -> Result<Vec<Event>, RuleError> {
        self.table_and_dealer()?;
        self.may_sign(signed_by, Action::CorrectRound)?;
        let n = self.history.len();
        if steps == 0 || steps as usize > n {
            return refuse(format!(
                "the round can be taken back 1 to {n} steps, not {steps}"
            ));
        }
        if self.history[n - steps as usize..].iter().any(|t| t.locks) {
            return Err(refusal!(
                "§ 589.11(a)",
                "all decisions are locked in: no correction takes a player's decision back past it"
            ));
        }
        Ok(vec![Event::RoundCorrected {
            steps,
            to_before: self.history[n - steps as usize].what.clone(),
            signed_by: signed_by.clone(),
        }])
    }

    /// Folds a take-back: the round as it stood before the `steps` last steps.
    pub(super) fn take_back(&mut self, steps: usize, what: &str) -> Result<(), Refusal> {
        let n = self.history.len();
        if steps == 0 || steps > n {
            return Err(Refusal::plain(format!("{steps} steps taken back of {n}")));
        }
        let first = &self.history[n - steps];
        if first.what != what {
            return Err(Refusal::plain(format!(
                "the step taken back is \"{}\", not \"{what}\"",
                first.what
            )));
        }
        self.round = Some(*first.before.clone());
        self.history.truncate(n - steps);
        Ok(())
    }
}
