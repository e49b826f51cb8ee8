//! One wager's settlement as the rules give it and the journal keeps it: its outcome, what is
//! paid and from where, the explanation the dealer reads and the section it follows.

use crate::rules::Cents;
use serde::{Deserialize, Serialize};

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Outcome {
    Win,
    Lose,
    Push,
}

/// One wager's settlement.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct WagerResult {
    pub seat: u8,
    /// The regulation's name for the wager, kebab-case ("ante", "trips-plus", "envy").
    pub wager: String,
    pub stake: Cents,
    pub result: Outcome,
    /// Handed to the player at settlement.
    pub paid: Cents,
    /// `paid - stake`: what the player is up (or down) on this wager.
    pub net: Cents,
    /// The part of `paid` taken from a progressive meter (never from the table inventory).
    #[serde(default, skip_serializing_if = "is_zero")]
    pub from_meter: Cents,
    /// The percentage of the meter the paytable line pays (the controller's HIT asks for it).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub meter_percent: Option<u32>,
    pub explanation: String,
    pub section: String,
    /// A floorperson or above must validate this payout before it is paid.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub floor_verification: bool,
    /// The player's cards stay on the table until the payout's documentation is complete.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub hold_cards: bool,
}

impl WagerResult {
    /// A wager lost or returned whole (`Outcome::Lose` collects the stake, any other outcome
    /// hands it back), nothing paid from the paytables.
    pub fn whole(
        result: Outcome,
        seat: u8,
        wager: String,
        stake: Cents,
        explanation: String,
        section: String,
    ) -> Self {
        let lost = result == Outcome::Lose;
        WagerResult {
            seat,
            wager,
            stake,
            result,
            paid: if lost { 0 } else { stake },
            net: if lost { -stake } else { 0 },
            from_meter: 0,
            meter_percent: None,
            explanation,
            section,
            floor_verification: false,
            hold_cards: false,
        }
    }
}

fn is_zero(c: &Cents) -> bool {
    *c == 0
}
