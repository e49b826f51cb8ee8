//! Crazy 4 Poker's four-card hands (§ 657a.6): the best four of five cards, in the chapter's
//! own order: four of a kind above straight flush, three of a kind above flush, flush above
//! straight (§ 657a.6(b)).
//!
//! - An ace completes A-2-3-4 (the lowest straight and straight flush) or A-K-Q-J (the highest),
//!   never K-A-2-3 (§ 657a.6(a)).
//! - Equal categories: the defining group first, then the highest card not in the other hand
//!   (§ 657a.6(c)); suits never break a tie.
//! - The dealer qualifies with king-high or better (§ 657a.11(c)(3)): a hand "lower than a king"
//!   does not.

use super::cards::{Card, Rank};
use super::eval::{self, EvalError};
use serde::{Deserialize, Serialize};

/// § 657a.6(b) categories, lowest first.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Category4 {
    HighCard,
    OnePair,
    TwoPair,
    Straight,
    Flush,
    ThreeOfAKind,
    StraightFlush,
    FourOfAKind,
}

impl Category4 {
    pub const ALL: [Category4; 8] = [
        Category4::HighCard,
        Category4::OnePair,
        Category4::TwoPair,
        Category4::Straight,
        Category4::Flush,
        Category4::ThreeOfAKind,
        Category4::StraightFlush,
        Category4::FourOfAKind,
    ];

    pub fn name(self) -> &'static str {
        match self {
            Category4::HighCard => "High card",
            Category4::OnePair => "Pair",
            Category4::TwoPair => "Two pairs",
            Category4::Straight => "Straight",
            Category4::Flush => "Flush",
            Category4::ThreeOfAKind => "Three of a kind",
            Category4::StraightFlush => "Straight flush",
            Category4::FourOfAKind => "Four of a kind",
        }
    }
}

/// Greater is better; equal values tie (§ 657a.6(c)).
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
#[serde(transparent)]
pub struct Value4(pub u32);

impl Value4 {
    fn pack(cat: Category4, ranks: &[u8]) -> Value4 {
        let mut v = (cat as u32) << 16;
        for (i, r) in ranks.iter().take(4).enumerate() {
            v |= (*r as u32) << (12 - 4 * i);
        }
        Value4(v)
    }

    pub fn category(self) -> Category4 {
        Category4::ALL[(self.0 >> 16) as usize]
    }

    pub fn ranks(self) -> Vec<u8> {
        (0..4)
            .map(|i| ((self.0 >> (12 - 4 * i)) & 0xF) as u8)
            .filter(|r| *r != 0)
            .collect()
    }

    /// Four aces: the top line of the Super Bonus and progressive paytables (§ 657a.12).
    pub fn is_four_aces(self) -> bool {
        self.category() == Category4::FourOfAKind && self.ranks().first() == Some(&14)
    }

    /// The dealer's hand qualifies at king-high or better (§ 657a.11(c)(3)).
    pub fn dealer_qualifies(self) -> bool {
        self >= Value4::pack(Category4::HighCard, &[13, 0, 0, 0])
    }

    pub fn describe(self) -> String {
        let name = |v: u8| Rank::new(v).map(|r| r.name()).unwrap_or("?");
        let plural = |v: u8| Rank::new(v).map(|r| r.plural()).unwrap_or("?");
        let r = self.ranks();
        let at = |i: usize| r.get(i).copied().unwrap_or(0);
        match self.category() {
            Category4::FourOfAKind => format!("Four of a kind, {}", plural(at(0))),
            Category4::StraightFlush => format!("Straight flush, {} high", name(at(0))),
            Category4::ThreeOfAKind => format!("Three of a kind, {}", plural(at(0))),
            Category4::Flush => format!("Flush, {} high", name(at(0))),
            Category4::Straight => format!("Straight, {} high", name(at(0))),
            Category4::TwoPair => format!("Two pairs, {} and {}", plural(at(0)), plural(at(1))),
            Category4::OnePair => format!("Pair of {}", plural(at(0))),
            Category4::HighCard => format!("High card, {}", name(at(0))),
        }
    }
}

/// The value of exactly four distinct cards.
pub fn value4(four: &[Card]) -> Value4 {
    let mut counts = [0u8; 15];
    let mut mask = 0u16;
    let suit0 = four[0].suit;
    let flush = four.iter().all(|c| c.suit == suit0);
    for c in four {
        counts[c.rank.value() as usize] += 1;
        mask |= 1 << c.rank.value();
    }
    let distinct = mask.count_ones() == 4;
    // Top card of a four-card straight; A-2-3-4 counts with top 4 (§ 657a.6(a)).
    let straight = if !distinct {
        None
    } else if mask == (1 << 14) | (1 << 4) | (1 << 3) | (1 << 2) {
        Some(4)
    } else {
        let top = 15 - mask.leading_zeros() as u8;
        let low = mask.trailing_zeros() as u8;
        (top - low == 3).then_some(top)
    };
    let mut groups: Vec<(u8, u8)> = (2..=14u8)
        .filter(|r| counts[*r as usize] > 0)
        .map(|r| (counts[r as usize], r))
        .collect();
    groups.sort_unstable_by(|a, b| b.cmp(a));
    let ranks: Vec<u8> = groups.iter().map(|g| g.1).collect();
    let shape: Vec<u8> = groups.iter().map(|g| g.0).collect();
    match (straight, flush, shape.as_slice()) {
        (_, _, [4]) => Value4::pack(Category4::FourOfAKind, &ranks),
        (Some(top), true, _) => Value4::pack(Category4::StraightFlush, &[top]),
        (_, _, [3, 1]) => Value4::pack(Category4::ThreeOfAKind, &ranks),
        (None, true, _) => Value4::pack(Category4::Flush, &ranks),
        (Some(top), false, _) => Value4::pack(Category4::Straight, &[top]),
        (_, _, [2, 2]) => Value4::pack(Category4::TwoPair, &ranks),
        (_, _, [2, 1, 1]) => Value4::pack(Category4::OnePair, &ranks),
        _ => Value4::pack(Category4::HighCard, &ranks),
    }
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct BestFour {
    pub value: Value4,
    pub cards: Vec<Card>,
}

/// The highest-ranking four-card hand of four or five cards (§ 657a.11(c)(2)).
pub fn best_four(cards: &[Card]) -> Result<BestFour, EvalError> {
    eval::check_cards(cards, 4, 5)?;
    let mut best: Option<(Value4, Vec<Card>)> = None;
    for skip in 0..cards.len() {
        if cards.len() == 4 && skip > 0 {
            break;
        }
        let four: Vec<Card> = cards
            .iter()
            .enumerate()
            .filter(|(i, _)| cards.len() == 4 || *i != skip)
            .map(|(_, c)| *c)
            .collect();
        let v = value4(&four);
        if best.as_ref().is_none_or(|(bv, _)| v > *bv) {
            best = Some((v, four));
        }
    }
    let (value, mut four) = best.expect("one subset at least");
    let snapshot = four.clone();
    four.sort_by_key(|c| std::cmp::Reverse((counts_of(&snapshot, c.rank), c.rank)));
    Ok(BestFour { value, cards: four })
}

fn counts_of(cards: &[Card], r: Rank) -> usize {
    cards.iter().filter(|c| c.rank == r).count()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::cards::parse_cards;

    fn v(s: &str) -> Value4 {
        best_four(&parse_cards(s).unwrap()).unwrap().value
    }

    #[test]
    fn chapter_order() {
        // § 657a.6(b): the categories in the chapter's order: four of a kind, straight flush,
        // three of a kind, flush, straight.
        assert!(
            v("2c 2d 2h 2s") > v("Ac Kc Qc Jc"),
            "quads beat a straight flush"
        );
        assert!(v("2c 2d 2h 5s") > v("Ac Kc Qc 9c"), "trips beat a flush");
        assert!(
            v("2c 4c 6c 9c") > v("Ac Kd Qh Js"),
            "flush beats a straight"
        );
        // § 657a.6(a): an ace plays low only in A-2-3-4, the lowest straight; K-A-2-3 wraps
        // around and is no straight; an ace-high straight is the highest.
        assert!(
            v("Ac 2d 3h 4s") < v("2c 3d 4h 5s"),
            "A-2-3-4 is the lowest straight"
        );
        assert_eq!(v("Ac 2d 3h 4s").describe(), "Straight, four high");
        assert_eq!(
            v("Kc Ad 2h 3s").category(),
            Category4::HighCard,
            "no wraparound"
        );
        assert_eq!(v("Ac Kd Qh Js").describe(), "Straight, ace high");
        assert!(v("Ac Ad Ah As").is_four_aces());
    }

    #[test]
    fn best_four_of_five_and_qualifier() {
        // Five cards: the four-card straight flush beats the pair.
        let b = best_four(&parse_cards("9h Th Jh Qh Qs").unwrap()).unwrap();
        assert_eq!(b.value.describe(), "Straight flush, queen high");
        assert!(v("Kc 9d 5h 3s 2c").dealer_qualifies());
        assert!(!v("Qc Jd 9h 3s 2c").dealer_qualifies());
        assert!(v("2c 2d 4h 5s 7c").dealer_qualifies(), "any pair qualifies");
        // Kickers after the pair (§ 657a.6(c)).
        assert!(v("9c 9d Ah 3s") > v("9h 9s Kh Qs"));
        assert_eq!(v("9c 9d Ah 3s"), v("9h 9s As 3d"));
    }
}
