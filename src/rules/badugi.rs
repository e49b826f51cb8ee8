//! Badugi hands (§ 637a.21(k)) and the Badugi half of Badeucey and Badacey (§ 637a.20(l)).
//!
//! Hierarchy (§ 637a.21(k)(1)-(4)): a four-card Badugi (four suits) beats any three-card hand,
//! which beats any two-card hand, which beats a one-card hand. Three- and two-card hands have
//! cards of different suits **and** ranks. Within a size the lowest hand wins, compared from its
//! highest card down (the spec's proposed default; the text does not spell it out).
//!
//! Choices (`BadugiRules`):
//! - whether a four-card Badugi needs four different ranks as well as suits; § 637a.21(k)(1)
//!   says only "different suit". Default: yes, a pair breaks it (as (k)(2)-(3) require and
//!   as the spec proposes).
//! - whether the ace is low (Badugi, Badacey: best A-2-3-4) or high (Badeucey: best 2-3-4-5).

use super::cards::Card;
use super::eval::{self, EvalError};
use serde::{Deserialize, Serialize};

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub struct BadugiRules {
    /// § 637a.21(k)(1) is silent on pairs in a four-card Badugi; true makes a pair break it.
    pub four_card_needs_distinct_ranks: bool,
    /// Ace low (Badugi § 637a.21(k)(1), Badacey § 637a.20(l)) or high (Badeucey).
    pub ace_low: bool,
}

impl Default for BadugiRules {
    fn default() -> Self {
        BadugiRules {
            four_card_needs_distinct_ranks: true,
            ace_low: true,
        }
    }
}

/// Greater is better. Bits 16..: the number of cards in the Badugi; below: the inverse of the
/// ranks from highest down.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
#[serde(transparent)]
pub struct BadugiValue(pub u32);

#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct BestBadugi {
    pub value: BadugiValue,
    /// The cards that make the hand, highest first.
    pub cards: Vec<Card>,
    pub size: u8,
    pub description: String,
}

fn rank_of(c: &Card, ace_low: bool) -> u8 {
    match c.rank.value() {
        14 if ace_low => 1,
        r => r,
    }
}

fn valid(sub: &[Card], rules: BadugiRules) -> bool {
    let mut suits = 0u8;
    let mut ranks = 0u16;
    let mut paired = false;
    for c in sub {
        let sb = 1 << c.suit.index();
        if suits & sb != 0 {
            return false;
        }
        suits |= sb;
        let rb = 1 << rank_of(c, rules.ace_low);
        paired |= ranks & rb != 0;
        ranks |= rb;
    }
    !paired || (sub.len() == 4 && !rules.four_card_needs_distinct_ranks)
}

fn value(sub: &[Card], rules: BadugiRules) -> BadugiValue {
    let mut ranks: Vec<u8> = sub.iter().map(|c| rank_of(c, rules.ace_low)).collect();
    ranks.sort_unstable_by(|a, b| b.cmp(a));
    let mut low = 0u32;
    for i in 0..4 {
        // Missing cards count as the worst (15), but size already separates sizes.
        let r = ranks.get(i).copied().unwrap_or(15) as u32;
        low = (low << 4) | (15 - r);
    }
    BadugiValue(((sub.len() as u32) << 16) | low)
}

/// The best Badugi among four (Badugi) or five (Triple Draw's Badeucey/Badacey) cards.
pub fn best_badugi(cards: &[Card], rules: BadugiRules) -> Result<BestBadugi, EvalError> {
    eval::check_cards(cards, 4, 5)?;
    let n = cards.len();
    let mut best: Option<(BadugiValue, Vec<Card>)> = None;
    for mask in 1u32..(1 << n) {
        if mask.count_ones() > 4 {
            continue;
        }
        let sub: Vec<Card> = (0..n)
            .filter(|i| mask & (1 << i) != 0)
            .map(|i| cards[i])
            .collect();
        if !valid(&sub, rules) {
            continue;
        }
        let v = value(&sub, rules);
        if best.as_ref().is_none_or(|(bv, _)| v > *bv) {
            best = Some((v, sub));
        }
    }
    let (value, mut used) = best.expect("any single card is a one-card hand");
    used.sort_by_key(|c| std::cmp::Reverse(rank_of(c, rules.ace_low)));
    let size = used.len() as u8;
    let list = used
        .iter()
        .map(|c| c.pretty())
        .collect::<Vec<_>>()
        .join(" ");
    let description = match size {
        4 => format!("Badugi {list}"),
        n => format!("{n}-card hand {list}"),
    };
    Ok(BestBadugi {
        value,
        cards: used,
        size,
        description,
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::cards::parse_cards;

    fn b(s: &str) -> BestBadugi {
        best_badugi(&parse_cards(s).unwrap(), BadugiRules::default()).unwrap()
    }

    #[test]
    fn hierarchy_and_order() {
        let best = b("Ac 2d 3h 4s");
        assert_eq!(best.size, 4);
        // Any four-card Badugi beats any three-card hand (§ 637a.21(k)(1),(2)).
        assert!(b("Kc Qd Jh Ts").value > b("Ac 2d 3h 3s").value);
        // Lowest wins, compared from the top: 8-5-4-A beats 8-6-2-A.
        assert!(b("8c 5d 4h As").value > b("8c 6d 2h As").value);
        // Three suits: a three-card hand; a pair makes it three cards too.
        let three = b("Ac 2c 3h 4s");
        assert_eq!(three.size, 3);
        assert_eq!(three.description, "3-card hand 4♠ 3♥ A♣");
        assert_eq!(b("Ac 2c 3c 4c").size, 1);
        assert_eq!(b("Ac 2c 3c 4h").size, 2);
        // One-card hands: lowest card wins (§ 637a.21(k)(4)).
        assert!(b("Ac 2c 3c 4c").value > b("2d 3d 4d 5d").value);
    }

    #[test]
    fn paired_four_card_badugi_is_a_setting() {
        let cards = parse_cards("Ac Ad 3h 4s").unwrap();
        let strict = best_badugi(&cards, BadugiRules::default()).unwrap();
        assert_eq!(strict.size, 3);
        let loose = BadugiRules {
            four_card_needs_distinct_ranks: false,
            ..Default::default()
        };
        assert_eq!(best_badugi(&cards, loose).unwrap().size, 4);
    }

    #[test]
    fn badeucey_ace_is_high_and_five_cards_pick_four() {
        let deuce = BadugiRules {
            ace_low: false,
            ..Default::default()
        };
        let five = parse_cards("2c 3d 4h 5s Ac").unwrap();
        let best = best_badugi(&five, deuce).unwrap();
        assert_eq!(best.size, 4);
        assert_eq!(best.description, "Badugi 5♠ 4♥ 3♦ 2♣");
        // Badacey: the ace is low, so A-3-4-5 (dropping the 2 of clubs) is best.
        let best = best_badugi(&five, BadugiRules::default()).unwrap();
        assert_eq!(best.description, "Badugi 5♠ 4♥ 3♦ A♣");
    }
}
