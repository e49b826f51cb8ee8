//! Lunar Poker's rankings (§ 589.6): the five-card high hands plus **ace-king**, a ranked hand
//! below a pair (§ 589.6(b)(10)), and the Super Wager hands (§ 589.6(d)). The dealer qualifies
//! with ace-king or better (§ 589.11(e)). With a bought sixth card the hand is the best five of
//! six (§ 589.11(d)(2)(ii)).

use super::cards::{Card, Rank};
use super::eval::{self, BestHand, Category, EvalError};
use serde::{Deserialize, Serialize};

/// § 589.6(b) categories, lowest first: `AceKing` sits between no hand and a pair.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum LunarCategory {
    NoHand,
    AceKing,
    OnePair,
    TwoPair,
    ThreeOfAKind,
    Straight,
    Flush,
    FullHouse,
    FourOfAKind,
    StraightFlush,
    RoyalFlush,
}

/// A Lunar hand: its category and the five-card value that orders hands within it.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct LunarHand {
    pub category: LunarCategory,
    pub best: BestHand,
}

impl LunarHand {
    /// Greater is better: category first, then the five-card value.
    pub fn key(&self) -> (LunarCategory, eval::HandValue) {
        (self.category, self.best.value)
    }

    /// The dealer qualifies with ace-king or better (§ 589.11(e)).
    pub fn dealer_qualifies(&self) -> bool {
        self.category >= LunarCategory::AceKing
    }
}

/// The Lunar Poker hand of five or six cards.
pub fn lunar_hand(cards: &[Card]) -> Result<LunarHand, EvalError> {
    if !(5..=6).contains(&cards.len()) {
        return Err(EvalError::CardCount(cards.len()));
    }
    let best = eval::best_hand(cards)?;
    let category = match best.value.category() {
        Category::StraightFlush if best.value.is_royal() => LunarCategory::RoyalFlush,
        Category::StraightFlush => LunarCategory::StraightFlush,
        Category::FourOfAKind => LunarCategory::FourOfAKind,
        Category::FullHouse => LunarCategory::FullHouse,
        Category::Flush => LunarCategory::Flush,
        Category::Straight => LunarCategory::Straight,
        Category::ThreeOfAKind => LunarCategory::ThreeOfAKind,
        Category::TwoPair => LunarCategory::TwoPair,
        Category::OnePair => LunarCategory::OnePair,
        Category::HighCard => {
            let has = |r: Rank| best.cards.iter().any(|c| c.rank == r);
            if has(Rank::ACE) && has(Rank::KING) {
                LunarCategory::AceKing
            } else {
                LunarCategory::NoHand
            }
        }
    };
    Ok(LunarHand { category, best })
}

/// § 589.6(d) Super Wager hands in paytable order, best first; judged on the first five cards
/// only (§ 589.11(c)(2)).
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum SuperHand {
    SameColoredFive,
    AceKing,
    ThreeOfAKind,
    Straight,
    Flush,
    FullHouse,
    /// Includes a royal or straight flush (§ 589.11(c)(2)(ii)).
    SameColoredStraight,
    FourOfAKind,
}

/// The highest Super hand of the first five cards, or `None` (two pairs and one pair are not
/// Super hands, § 589.6(d)).
pub fn super_hand(first_five: &[Card]) -> Result<Option<SuperHand>, EvalError> {
    if first_five.len() != 5 {
        return Err(EvalError::CardCount(first_five.len()));
    }
    let v = eval::evaluate(first_five)?;
    let red = first_five.iter().filter(|c| c.suit.is_red()).count();
    let one_colour = red == 0 || red == 5;
    let has = |r: Rank| first_five.iter().any(|c| c.rank == r);
    let mut found = Vec::new();
    match v.category() {
        Category::FourOfAKind => found.push(SuperHand::FourOfAKind),
        Category::StraightFlush => found.push(SuperHand::SameColoredStraight),
        Category::Straight if one_colour => found.push(SuperHand::SameColoredStraight),
        Category::FullHouse => found.push(SuperHand::FullHouse),
        Category::Flush => found.push(SuperHand::Flush),
        Category::Straight => found.push(SuperHand::Straight),
        Category::ThreeOfAKind => found.push(SuperHand::ThreeOfAKind),
        _ => {}
    }
    if has(Rank::ACE) && has(Rank::KING) {
        found.push(SuperHand::AceKing);
    }
    if one_colour {
        found.push(SuperHand::SameColoredFive);
    }
    Ok(found.into_iter().max())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::cards::parse_cards;

    fn h(s: &str) -> LunarHand {
        lunar_hand(&parse_cards(s).unwrap()).unwrap()
    }

    #[test]
    fn ace_king_is_a_hand_below_a_pair() {
        assert_eq!(h("Ac Kd 7h 4s 2c").category, LunarCategory::AceKing);
        assert!(h("Ac Kd 7h 4s 2c").dealer_qualifies());
        assert!(!h("Ac Qd 7h 4s 2c").dealer_qualifies());
        assert!(h("2c 2d 7h 4s 3c").key() > h("Ac Kd Qh Js 9c").key());
        // Six cards after buying one: best five of six.
        assert_eq!(h("Ac Kd 7h 4s 2c 7c").category, LunarCategory::OnePair);
        assert_eq!(h("Ac Kc Qc Jc Tc 2d").category, LunarCategory::RoyalFlush);
    }

    #[test]
    fn super_hands() {
        let s = |x: &str| super_hand(&parse_cards(x).unwrap()).unwrap();
        assert_eq!(s("9h Td Jh Qd Kh"), Some(SuperHand::SameColoredStraight));
        assert_eq!(s("9h Td Jc Qd Kh"), Some(SuperHand::Straight));
        assert_eq!(s("9h 9d 2h 2d 5h"), Some(SuperHand::SameColoredFive));
        assert_eq!(s("9h 9c 2h 2d 5h"), None, "two pairs is not a Super hand");
        assert_eq!(s("Ah Kc 2h 2d 5h"), Some(SuperHand::AceKing));
        assert_eq!(s("Ah Kh Qh Jh Th"), Some(SuperHand::SameColoredStraight));
    }
}
