//! Who signs a house-banked round's payouts before the dealer pays them: the regulation's own
//! validations (a progressive or bonus payout) and the casino's thresholds (`[table]
//! validate_over_cents`, `supervisor_over_cents`).

use super::Settlement;
use crate::rules::Cents;
use serde::{Deserialize, Serialize};

/// Who signs a round's payouts before the dealer pays them.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Signer {
    #[default]
    None,
    /// A floorperson or above: a progressive or bonus payout the regulation names, or a
    /// payout above the table's `validate_over_cents`.
    Floorperson,
    /// A shift supervisor or above: a payout or house result above `supervisor_over_cents`.
    Supervisor,
}

impl Signer {
    pub fn is_none(&self) -> bool {
        *self == Signer::None
    }

    pub fn name(self) -> &'static str {
        match self {
            Signer::None => "nobody",
            Signer::Floorperson => "a floorperson",
            Signer::Supervisor => "a shift supervisor",
        }
    }
}

/// The payout sizes that need a signature before they are paid, the casino's choice (`[table]
/// validate_over_cents`, `supervisor_over_cents`): a single wager's win, or what the house pays
/// out in the round, above `floor_over` waits for a floorperson, above `supervisor_over` for a
/// shift supervisor. Both are journaled with the signer.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub struct Approvals {
    pub floor_over: Cents,
    pub supervisor_over: Cents,
}

/// `[table] validate_over_cents`'s default: $1,000.00.
pub const DEFAULT_VALIDATE_OVER: Cents = 100_000;
/// `[table] supervisor_over_cents`'s default: $10,000.00.
pub const DEFAULT_SUPERVISOR_OVER: Cents = 1_000_000;

impl Default for Approvals {
    fn default() -> Approvals {
        Approvals {
            floor_over: DEFAULT_VALIDATE_OVER,
            supervisor_over: DEFAULT_SUPERVISOR_OVER,
        }
    }
}

impl Approvals {
    /// Both thresholds set, the supervisor's not below the floorperson's.
    pub fn validate(&self) -> Result<(), String> {
        if self.floor_over <= 0 || self.supervisor_over < self.floor_over {
            return Err(format!(
                "validate_over_cents ({}) must be above 0 and supervisor_over_cents ({}) not below it",
                self.floor_over, self.supervisor_over
            ));
        }
        Ok(())
    }

    /// Who signs this settlement's payouts: the largest single win or the house's loss on the
    /// round, whichever is more, against the thresholds; a payout the regulation has validated
    /// (`floor_verification`) takes a floorperson at least.
    pub fn signer_for(&self, s: &Settlement) -> Signer {
        let largest_win = s.results.iter().map(|r| r.net).max().unwrap_or(0);
        let house_loss = -s.totals.house;
        let amount = largest_win.max(house_loss);
        if amount > self.supervisor_over {
            Signer::Supervisor
        } else if amount > self.floor_over || s.results.iter().any(|r| r.floor_verification) {
            Signer::Floorperson
        } else {
            Signer::None
        }
    }

    /// The seats the signer checks at the table, each with what it wins on the round: a seat
    /// with a payout the regulation validates (`floor_verification`), or whose wins on the
    /// round come to more than `floor_over`. In seat order; the sums saturate, never wrap.
    pub fn seats_to_check(&self, s: &Settlement) -> Vec<(u8, Cents)> {
        let mut seats: Vec<u8> = s.results.iter().map(|w| w.seat).collect();
        seats.sort_unstable();
        seats.dedup();
        seats
            .into_iter()
            .filter_map(|seat| {
                let mine = || s.results.iter().filter(move |w| w.seat == seat);
                let net = mine().fold(0, |sum: Cents, w| sum.saturating_add(w.net));
                let flagged = mine().any(|w| w.floor_verification);
                (flagged || net > self.floor_over).then_some((seat, net))
            })
            .collect()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::banked::{Outcome, Totals, WagerResult};

    fn settled(wins: &[Cents], house: Cents, flagged: bool) -> Settlement {
        Settlement {
            game: "crazy-4-poker".into(),
            paytables: Default::default(),
            dealer: None,
            results: wins
                .iter()
                .map(|w| WagerResult {
                    seat: 1,
                    wager: "ante".into(),
                    stake: 1000,
                    result: Outcome::Win,
                    paid: 1000 + w,
                    net: *w,
                    from_meter: 0,
                    meter_percent: None,
                    explanation: String::new(),
                    section: String::new(),
                    floor_verification: flagged,
                    hold_cards: false,
                })
                .collect(),
            seats: vec![],
            meters: vec![],
            totals: Totals {
                players: -house,
                house,
                meters: 0,
            },
            notes: vec![],
            signer: Signer::None,
        }
    }

    #[test]
    fn the_thresholds_choose_the_signer_at_their_edges() {
        let a = Approvals {
            floor_over: 100_000,
            supervisor_over: 1_000_000,
        };
        // At a threshold is not above it.
        assert_eq!(
            a.signer_for(&settled(&[100_000], -100_000, false)),
            Signer::None
        );
        assert_eq!(
            a.signer_for(&settled(&[100_001], 0, false)),
            Signer::Floorperson
        );
        // Many small wins: the house's loss on the round counts.
        assert_eq!(
            a.signer_for(&settled(&[60_000, 60_000], -120_000, false)),
            Signer::Floorperson
        );
        assert_eq!(
            a.signer_for(&settled(&[1_000_001], 0, false)),
            Signer::Supervisor
        );
        assert_eq!(
            a.signer_for(&settled(&[10], -1_000_001, false)),
            Signer::Supervisor
        );
        // The regulation's validation takes a floorperson whatever the amount.
        assert_eq!(
            a.signer_for(&settled(&[500], -500, true)),
            Signer::Floorperson
        );
        assert!(a.validate().is_ok());
        // The seats the signer checks: a round's wins above the threshold, or a payout the
        // regulation validates; at the threshold is not above it.
        assert_eq!(
            a.seats_to_check(&settled(&[60_000, 60_000], -120_000, false)),
            vec![(1, 120_000)]
        );
        assert!(
            a.seats_to_check(&settled(&[50_000, 50_000], -100_000, false))
                .is_empty()
        );
        assert_eq!(
            a.seats_to_check(&settled(&[500], -500, true)),
            vec![(1, 500)]
        );
        let huge = Cents::MAX - 1000;
        assert_eq!(
            a.seats_to_check(&settled(&[huge, huge], 0, false)),
            vec![(1, Cents::MAX)]
        );
        let bad = Approvals {
            floor_over: 0,
            supervisor_over: 10,
        };
        assert!(bad.validate().is_err());
        let inverted = Approvals {
            floor_over: 100,
            supervisor_over: 10,
        };
        assert!(inverted.validate().is_err());
    }
}
