//! Spanish 21 hand totals (§ 635a.3(c), § 635a.1) and the 21 bonus shapes of § 635a.12(b).
//!
//! - 2 to 9 count their face value, jacks, queens and kings 10 (§ 635a.3(c)(1),(2)); the 10s are
//!   removed from every deck (§ 635a.3(a)), so a ten is refused.
//! - An ace counts 11 unless that would put the hand over 21, then 1 (§ 635a.3(c)(3)); a total
//!   with an ace counted as 11 is soft.
//! - Blackjack is an ace and a jack, queen or king as the first two cards (§ 635a.1).

use super::cards::{Card, Rank, Suit};
use serde::{Deserialize, Serialize};

#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Total {
    pub total: u8,
    pub soft: bool,
    pub blackjack: bool,
    pub bust: bool,
    pub cards: u8,
}

/// The 21 bonus shapes of § 635a.12(b), paid only on winning hands that were not doubled.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Bonus21 {
    SixSevenEightMixed,
    SixSevenEightSuited,
    SixSevenEightSpades,
    SevenSevenSevenMixed,
    SevenSevenSevenSuited,
    SevenSevenSevenSpades,
    #[serde(rename = "five-card-21")]
    FiveCard21,
    #[serde(rename = "six-card-21")]
    SixCard21,
    #[serde(rename = "seven-or-more-card-21")]
    SevenOrMoreCard21,
}

#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum Spanish21Error {
    #[error("{0}: Spanish 21 decks have no tens (§ 635a.3(a))")]
    Ten(Card),
    #[error("a hand has at least one card")]
    Empty,
}

fn value(c: &Card) -> u8 {
    match c.rank.value() {
        14 => 1,
        11..=13 => 10,
        v => v,
    }
}

/// The hand's total. `split` marks a hand made by splitting, which cannot be a blackjack.
pub fn total(cards: &[Card], split: bool) -> Result<Total, Spanish21Error> {
    if cards.is_empty() {
        return Err(Spanish21Error::Empty);
    }
    if let Some(t) = cards.iter().find(|c| c.rank == Rank::TEN) {
        return Err(Spanish21Error::Ten(*t));
    }
    let hard: u8 = cards.iter().map(value).sum();
    let has_ace = cards.iter().any(|c| c.rank == Rank::ACE);
    let soft = has_ace && hard + 10 <= 21;
    let total = if soft { hard + 10 } else { hard };
    Ok(Total {
        total,
        soft,
        blackjack: !split && cards.len() == 2 && total == 21,
        bust: total > 21,
        cards: cards.len() as u8,
    })
}

/// The § 635a.12(b) bonus shape of a 21, if any (the caller checks the hand won and was not
/// doubled or split).
pub fn bonus_shape(cards: &[Card]) -> Result<Option<Bonus21>, Spanish21Error> {
    let t = total(cards, true)?;
    if t.total != 21 {
        return Ok(None);
    }
    if cards.len() == 3 {
        let mut r: Vec<u8> = cards.iter().map(|c| c.rank.value()).collect();
        r.sort_unstable();
        let suited = cards.iter().all(|c| c.suit == cards[0].suit);
        let spades = suited && cards[0].suit == Suit::Spades;
        if r == [6, 7, 8] {
            return Ok(Some(match (suited, spades) {
                (_, true) => Bonus21::SixSevenEightSpades,
                (true, false) => Bonus21::SixSevenEightSuited,
                _ => Bonus21::SixSevenEightMixed,
            }));
        }
        if r == [7, 7, 7] {
            return Ok(Some(match (suited, spades) {
                (_, true) => Bonus21::SevenSevenSevenSpades,
                (true, false) => Bonus21::SevenSevenSevenSuited,
                _ => Bonus21::SevenSevenSevenMixed,
            }));
        }
    }
    Ok(match cards.len() {
        5 => Some(Bonus21::FiveCard21),
        6 => Some(Bonus21::SixCard21),
        n if n >= 7 => Some(Bonus21::SevenOrMoreCard21),
        _ => None,
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::cards::{parse_cards, parse_multi_deck};

    fn t(s: &str) -> Total {
        total(&parse_cards(s).unwrap(), false).unwrap()
    }

    #[test]
    fn totals() {
        assert_eq!(
            t("Ac Kd"),
            Total {
                total: 21,
                soft: true,
                blackjack: true,
                bust: false,
                cards: 2
            }
        );
        assert!(
            !total(&parse_cards("Ac Kd").unwrap(), true)
                .unwrap()
                .blackjack
        );
        assert_eq!(t("Ac 6d").total, 17);
        assert!(t("Ac 6d").soft);
        // § 635a.3(c): 2 to 9 at face value, a king or queen 10, an ace 11 unless that passes
        // 21, then 1 (A-6-9 is a hard 16, K-Q-2 busts).
        let hard = t("Ac 6d 9h");
        assert_eq!((hard.total, hard.soft), (16, false));
        assert_eq!(t("Ac Ad").total, 12);
        assert!(t("Kc Qd 2h").bust);
        assert_eq!(
            total(&parse_cards("Tc 5d").unwrap(), false)
                .unwrap_err()
                .to_string(),
            "Tc: Spanish 21 decks have no tens (§ 635a.3(a))"
        );
    }

    #[test]
    fn bonus_shapes() {
        let b = |s: &str| bonus_shape(&parse_multi_deck(s).unwrap()).unwrap();
        assert_eq!(b("6c 7d 8h"), Some(Bonus21::SixSevenEightMixed));
        assert_eq!(b("6h 7h 8h"), Some(Bonus21::SixSevenEightSuited));
        assert_eq!(b("6s 7s 8s"), Some(Bonus21::SixSevenEightSpades));
        assert_eq!(b("7c 7d 7h"), Some(Bonus21::SevenSevenSevenMixed));
        assert_eq!(
            b("7s 7s 7s"),
            Some(Bonus21::SevenSevenSevenSpades),
            "multi-deck shoe"
        );
        assert_eq!(b("2c 3d 4h 5s 7c"), Some(Bonus21::FiveCard21));
        assert_eq!(b("2c 3d 4h 2s 3c 7d"), Some(Bonus21::SixCard21));
        assert_eq!(b("Ac 2d 3h 2s 3c 4d 6h"), Some(Bonus21::SevenOrMoreCard21));
        assert_eq!(
            b("5c 6d Kh"),
            None,
            "a three-card 21 that is not 6-7-8 or 7-7-7"
        );
        assert_eq!(b("9c 2d Kh 5s"), None, "four cards: no bonus");
    }
}
