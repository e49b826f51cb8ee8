//! What a seat may decide now, asked before it is tapped: the screen draws a seat's decision
//! buttons from [`BankedRound::decision_choices`], and the round decides a `Decide` command by
//! the same answer, so a button the dealer sees enabled is one the rules take (the way PokerKit
//! pairs `can_X` with `verify_X`).

use crate::refusal;
use crate::rules::machine::Refusal;

use super::{BankedRound, BankedStep, in_turn};
use crate::rules::Cents;
use crate::rules::cards::Card;

/// One decision a seat may take in the phase now: a multiple of its Ante, or the fold or check
/// (multiple 0), with the wager it puts on the layout, or why the rules refuse it here.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct DecisionChoice {
    /// The multiple of the Ante; 0 is the phase's fold or check.
    pub multiple: u8,
    /// The wager the decision puts on the layout (the fee, for a forced dealer).
    pub amount: Cents,
    /// Why the rules refuse it now, with the section; `None`: allowed.
    pub refused: Option<Refusal>,
}

impl BankedRound {
    /// The decisions `seat` may take in the phase now, in the layout's order, the fold or check
    /// last. `read`: the seat's cards as a reading shoe read them, where one did (a multiple the
    /// cards rule out is refused, § 657a.11(b)). Refused when no decision of this seat's is due.
    pub fn decision_choices(
        &self,
        seat: u8,
        read: Option<&[Card]>,
    ) -> Result<Vec<DecisionChoice>, Refusal> {
        let def = self.def();
        let BankedStep::Decide { phase, seat: due } = self.step else {
            return Err(refusal!(def.sections.decisions, "no decision is due now"));
        };
        in_turn(seat, due)?;
        let ante = self.ante(seat);
        let phase = def
            .phases
            .get(phase)
            .ok_or_else(|| format!("no decision phase {phase} in this game"))?;
        Ok(phase
            .multiples
            .iter()
            .copied()
            .chain([0])
            .map(|multiple| {
                let amount = ante.checked_mul(Cents::from(multiple));
                let ruled_out = read
                    .zip(def.read_decision)
                    .and_then(|(cards, rule)| rule(cards, multiple))
                    .map(|why| why.within(|w| format!("Seat {seat}: {w}")));
                let refused = match amount {
                    None => Some(Refusal::plain(format!(
                        "Seat {seat}: {multiple}× the Ante is more than the terminal can count"
                    ))),
                    Some(_) => ruled_out,
                };
                DecisionChoice {
                    multiple,
                    amount: amount.unwrap_or(0),
                    refused,
                }
            })
            .collect())
    }

    /// The decision `multiple` of `seat` now, as [`BankedRound::decision_choices`] answers it
    /// without a reading: its amount, or the refusal with the section.
    pub fn verify_decision(&self, seat: u8, multiple: u8) -> Result<Cents, Refusal> {
        let choices = self.decision_choices(seat, None)?;
        let Some(choice) = choices.iter().find(|c| c.multiple == multiple) else {
            let def = self.def();
            let label = match self.step {
                BankedStep::Decide { phase, .. } => def.phases.get(phase).map_or("", |p| p.label),
                _ => "",
            };
            return Err(refusal!(
                def.sections.decisions,
                "{multiple}× the Ante is not allowed here: {label}"
            ));
        };
        match &choice.refused {
            Some(why) => Err(why.clone()),
            None => Ok(choice.amount),
        }
    }
}
