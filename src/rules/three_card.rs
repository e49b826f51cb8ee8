//! Mississippi Stud's Three Card Bonus hands, made from the three community cards only
//! (§ 655a.6(c), § 655a.7(d)(4)). The chapter lists them in paytable order, which puts three of a
//! kind above a straight and a straight above a flush, unlike five-card poker.
//!
//! Choice: whether A-2-3 is a straight. § 655a.6(a) speaks only of A-2-3-4-5. Setting
//! `ace_low_straight`, default true (A-2-3 counts, as in other three-card games); the casino
//! declares it in its Rules Submission.

use super::cards::{Card, Rank};
use super::eval::{self, EvalError};
use serde::{Deserialize, Serialize};

/// § 655a.6(c) categories, lowest first.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Category3 {
    HighCard,
    Pair,
    Flush,
    Straight,
    ThreeOfAKind,
    StraightFlush,
    /// A, K and Q of one suit.
    MiniRoyal,
}

impl Category3 {
    pub fn name(self) -> &'static str {
        match self {
            Category3::HighCard => "High card",
            Category3::Pair => "Pair",
            Category3::Flush => "Flush",
            Category3::Straight => "Straight",
            Category3::ThreeOfAKind => "Three of a kind",
            Category3::StraightFlush => "Straight flush",
            Category3::MiniRoyal => "Mini-royal",
        }
    }
}

/// The category of exactly three distinct cards.
pub fn category3(cards: &[Card], ace_low_straight: bool) -> Result<Category3, EvalError> {
    eval::check_cards(cards, 3, 3)?;
    let mut r: Vec<u8> = cards.iter().map(|c| c.rank.value()).collect();
    r.sort_unstable();
    let flush = cards.iter().all(|c| c.suit == cards[0].suit);
    let trips = r[0] == r[2];
    let pair = !trips && (r[0] == r[1] || r[1] == r[2]);
    let straight = !pair
        && !trips
        && ((r[2] - r[0] == 2) || (ace_low_straight && r == [2, 3, Rank::ACE.value()]));
    Ok(match () {
        _ if flush && r == [12, 13, 14] => Category3::MiniRoyal,
        _ if flush && straight => Category3::StraightFlush,
        _ if trips => Category3::ThreeOfAKind,
        _ if straight => Category3::Straight,
        _ if flush => Category3::Flush,
        _ if pair => Category3::Pair,
        _ => Category3::HighCard,
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::cards::parse_cards;

    fn c(s: &str, ace_low: bool) -> Category3 {
        category3(&parse_cards(s).unwrap(), ace_low).unwrap()
    }

    #[test]
    fn paytable_order_and_ace_low_setting() {
        // § 655a.6(c): the Three Card Bonus hands, mini-royal, straight flush, three of a kind,
        // straight, flush and pair, in that order; A-2-3 a straight only by the setting.
        assert_eq!(c("Qh Kh Ah", true), Category3::MiniRoyal);
        assert_eq!(c("Jh Qh Kh", true), Category3::StraightFlush);
        assert_eq!(c("7c 7d 7h", true), Category3::ThreeOfAKind);
        assert_eq!(c("Qc Kd Ah", true), Category3::Straight);
        assert_eq!(c("2c 7c 9c", true), Category3::Flush);
        assert_eq!(c("2c 2d 9c", true), Category3::Pair);
        assert_eq!(c("2c 5d 9c", true), Category3::HighCard);
        assert_eq!(c("Ac 2d 3h", true), Category3::Straight);
        assert_eq!(c("Ac 2d 3h", false), Category3::HighCard);
        assert_eq!(c("Ac 2c 3c", true), Category3::StraightFlush);
        assert_eq!(c("Kc Ad 2h", true), Category3::HighCard, "no wraparound");
        assert!(Category3::ThreeOfAKind > Category3::Straight);
        assert!(Category3::Straight > Category3::Flush);
    }
}
