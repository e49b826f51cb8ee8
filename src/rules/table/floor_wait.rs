//! What the table waits for from the floor (issue 44, item 1): the step a floorperson's or a
//! shift supervisor's signature ends, with who must come and why, in words a floor board shows.
//! Pure: the terminal journals the call when a step starts to wait and its end when the
//! signature moves the table on.

use super::{Role, Step, Table};
use crate::rules::banked::Signer;
use crate::rules::banked::round::BankedStep;

/// A step waiting for a signature from the floor.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct FloorWait {
    /// Who signs: a floorperson (or above), or a shift supervisor (or above).
    pub role: Role,
    /// Why, for the floor: "verify a count of 51 cards".
    pub reason: String,
    /// The section the signature carries out.
    pub section: String,
}

impl Table {
    /// The signature the table waits for now, if the step is one only the floor ends.
    pub fn floor_wait(&self) -> Option<FloorWait> {
        let step = self.step();
        let (role, reason) = match &step {
            // § x.4(a): the inspection verified by a floorperson.
            Step::VerifyInspection => (Role::Floorperson, "verify the decks' inspection".into()),
            // § 637a.7(e)(4)(i): a count the dealer keyed, verified.
            Step::VerifyCount { deck, counted } => (
                Role::Floorperson,
                format!(
                    "verify the {} deck's count of {counted} cards",
                    self.deck_name(*deck)
                ),
            ),
            // § 637a.7(e)(5): a deck taken out of play.
            Step::VerifyRemoval { deck } => (
                Role::Floorperson,
                format!("verify the {} deck's removal", self.deck_name(*deck)),
            ),
            // § 637a.15(f): the cards stay on the table until the supervisor verifies.
            Step::VerifyBadBeat { .. } => (Role::Supervisor, "verify a Bad Beat hand".into()),
            // § 635a.13(k): no play until a floorperson signs the reader repaired.
            Step::ReaderNeeded => (Role::Floorperson, "the card reader is out of order".into()),
            // A payout the regulation or the table's thresholds have validated before it is paid:
            // the round's settlement, or what was paid before its end (Lunar Poker's lock-in).
            Step::Banked {
                step: BankedStep::Pay { verify: true } | BankedStep::Reveal { .. },
                ..
            } => {
                let round = self.round.as_ref()?;
                let lock_in = matches!(
                    step,
                    Step::Banked {
                        step: BankedStep::Reveal { .. },
                        ..
                    }
                );
                let what = if lock_in {
                    "lock-in payouts"
                } else {
                    "payouts"
                };
                match self.payouts_signer() {
                    Signer::Supervisor => (
                        Role::Supervisor,
                        format!(
                            "approve round {}'s {what}, above the supervisor threshold",
                            round.number
                        ),
                    ),
                    // A validation always waits for a floorperson at the least.
                    Signer::None if lock_in => return None,
                    _ => (
                        Role::Floorperson,
                        format!("validate round {}'s {what}", round.number),
                    ),
                }
            }
            _ => return None,
        };
        Some(FloorWait {
            role,
            reason,
            section: self.section_of(&step),
        })
    }
}
