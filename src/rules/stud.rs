//! Seven-card Stud's forced bet (§ 637a.10(d)): which up card brings it in.
//!
//! - High: the lowest up card; the ace is high (§ 637a.10(d)(1)).
//! - Low: the highest up card (§ 637a.10(d)(2)); the ace counts low by default (the king is the
//!   highest), a setting because § 637a.6(c) could be read to make the ace highest.
//! - High-low split: the highest up card, "an ace shall be ranked below a two" (§ 637a.10(d)(3)).
//! - High-low eight or better: the lowest up card, the ace the highest (§ 637a.10(d)(4)).
//! - Equal ranks: spades, hearts, diamonds, clubs, highest first (§ 637a.10(d)).

use super::cards::Card;
use serde::{Deserialize, Serialize};

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum StudVariant {
    High,
    Low,
    HighLow,
    HighLow8,
}

/// Which seat makes the forced bet, from each seat's up card. `low_ace_low` applies to the Low
/// variant only (default true: the ace is low, the king highest).
pub fn forced_bet_seat(up: &[(u8, Card)], variant: StudVariant, low_ace_low: bool) -> Option<u8> {
    // Rank for comparison, then the suit (spades highest; Suit's order is clubs < ... < spades).
    let key = |c: &Card, ace_low: bool| {
        let r = match c.rank.value() {
            14 if ace_low => 1,
            r => r,
        };
        (r, c.suit)
    };
    let pick_lowest = |ace_low: bool| {
        up.iter()
            .min_by_key(|(_, c)| key(c, ace_low))
            .map(|(s, _)| *s)
    };
    let pick_highest = |ace_low: bool| {
        up.iter()
            .max_by_key(|(_, c)| key(c, ace_low))
            .map(|(s, _)| *s)
    };
    match variant {
        StudVariant::High | StudVariant::HighLow8 => pick_lowest(false),
        StudVariant::Low => pick_highest(low_ace_low),
        StudVariant::HighLow => pick_highest(true),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn seats(s: &[(u8, &str)]) -> Vec<(u8, Card)> {
        s.iter().map(|(n, c)| (*n, c.parse().unwrap())).collect()
    }

    #[test]
    fn forced_bet_by_variant_and_suit() {
        let up = seats(&[(1, "2s"), (2, "2c"), (3, "Ah"), (4, "Kd"), (5, "Ks")]);
        assert_eq!(
            forced_bet_seat(&up, StudVariant::High, true),
            Some(2),
            "2♣ lowest"
        );
        assert_eq!(forced_bet_seat(&up, StudVariant::HighLow8, true), Some(2));
        assert_eq!(
            forced_bet_seat(&up, StudVariant::HighLow, true),
            Some(5),
            "K♠ highest, ace below a two"
        );
        assert_eq!(forced_bet_seat(&up, StudVariant::Low, true), Some(5));
        assert_eq!(
            forced_bet_seat(&up, StudVariant::Low, false),
            Some(3),
            "literal reading: ace highest"
        );
        assert_eq!(forced_bet_seat(&[], StudVariant::High, true), None);
    }
}
