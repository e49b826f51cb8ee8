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
    pub(super) fn verify_decision(&self, seat: u8, multiple: u8) -> Result<Cents, Refusal> {
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

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::banked::round::BankedCommand;
    use crate::rules::cards::parse_cards;
    use crate::rules::dealing::Dealing;
    use crate::rules::game_id::GameId;

    fn crazy4_at_the_play(ante: Cents) -> BankedRound {
        let mut r =
            crate::rules::registry::start_round(GameId::Crazy4Poker, Dealing::Hand, &[1, 2])
                .unwrap();
        for seat in [1, 2] {
            r.run(&BankedCommand::Wagers {
                seat,
                wagers: [("ante".to_string(), ante)].into(),
            })
            .unwrap();
        }
        r.run(&BankedCommand::NoMoreBets).unwrap();
        r.run(&BankedCommand::Dealt).unwrap();
        r
    }

    /// The Play's choices are the phase's multiples and the fold, with their amounts; a hand
    /// read below a pair of aces refuses the Play above the Ante (§ 657a.11(b)); only the seat
    /// whose turn it is has choices; the round decides by the same answer.
    #[test]
    fn a_seats_choices_are_what_the_round_takes() {
        let r = crazy4_at_the_play(1000);
        let offered = |c: &[DecisionChoice]| -> Vec<(u8, Cents, bool)> {
            c.iter()
                .map(|c| (c.multiple, c.amount, c.refused.is_none()))
                .collect()
        };
        let all = r.decision_choices(1, None).unwrap();
        assert_eq!(
            offered(&all),
            [
                (1, 1000, true),
                (2, 2000, true),
                (3, 3000, true),
                (0, 0, true)
            ]
        );
        // A pair of tens read by the shoe: 1× or fold.
        let tens = parse_cards("Th Tc 4d 7s 9h").unwrap();
        let read = r.decision_choices(1, Some(&tens)).unwrap();
        assert_eq!(
            offered(&read),
            [
                (1, 1000, true),
                (2, 2000, false),
                (3, 3000, false),
                (0, 0, true)
            ]
        );
        assert!(read[2].refused.as_ref().unwrap().cites("§ 657a.11(b)"));
        // Aces: every Play.
        let aces = parse_cards("Ah Ac 4d 7s 9h").unwrap();
        assert!(
            r.decision_choices(1, Some(&aces))
                .unwrap()
                .iter()
                .all(|c| c.refused.is_none())
        );
        // Seat 2 waits its turn.
        let e = r.decision_choices(2, None).unwrap_err();
        assert!(e.contains("seat 1 decides now"), "{e}");
        // The round takes what was offered and refuses what was not, with the section.
        assert_eq!(r.verify_decision(1, 3), Ok(3000));
        let e = r.verify_decision(1, 4).unwrap_err();
        assert!(e.contains("§ 657a.11"), "{e}");
    }

    /// An Ante so large its Play cannot be counted is refused, never wrapped.
    #[test]
    fn a_play_past_what_the_terminal_counts_is_refused() {
        let r = crazy4_at_the_play(Cents::MAX / 2);
        let c = r.decision_choices(1, None).unwrap();
        assert!(c[0].refused.is_none() && c[1].refused.is_none());
        assert!(c[2].refused.is_some(), "{c:?}");
        assert!(r.verify_decision(1, 3).is_err());
    }
}
