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

/// The order of the hands showing on 4th street and later (§ 637a.10(f), § 637a.14(f)): only
/// four of a kind, three of a kind, two pair, a pair or high cards can show; straights and
/// flushes need five cards. Greater is better. `low`: the best low showing (ace low, pairs
/// count against it, § 637a.10(f)(2)).
pub fn showing_key(up: &[Card], low: bool) -> Vec<i16> {
    let rank = |c: &Card| -> i16 {
        match c.rank.value() {
            14 if low => 1,
            r => i16::from(r),
        }
    };
    let mut counts: Vec<(i16, i16)> = Vec::new();
    for c in up {
        match counts.iter_mut().find(|(r, _)| *r == rank(c)) {
            Some(e) => e.1 += 1,
            None => counts.push((rank(c), 1)),
        }
    }
    if low {
        // Fewer paired cards first, then the lowest highest card, and so on down.
        let paired: i16 = counts.iter().map(|(_, n)| n - 1).sum();
        let mut ranks: Vec<i16> = up.iter().map(rank).collect();
        ranks.sort_unstable_by(|a, b| b.cmp(a));
        let mut key = vec![-paired];
        key.extend(ranks.iter().map(|r| -r));
        key
    } else {
        // Groups by size, then rank: quads > trips > two pair > pair > high cards.
        counts.sort_by(|a, b| b.1.cmp(&a.1).then(b.0.cmp(&a.0)));
        let shape = match counts.first().map(|c| c.1).unwrap_or(0) {
            4 => 4,
            3 => 3,
            2 if counts.iter().filter(|c| c.1 == 2).count() >= 2 => 2,
            2 => 1,
            _ => 0,
        };
        let mut key = vec![shape];
        key.extend(counts.iter().map(|c| c.0));
        key
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
        // § 637a.10(d): High: the lowest up card, equal ranks by suit (clubs lowest): 2♣.
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

    #[test]
    fn best_showing_hand() {
        let h = |s: &str| -> Vec<Card> { s.split(' ').map(|c| c.parse().unwrap()).collect() };
        let k = |s: &str| showing_key(&h(s), false);
        // § 637a.10(f): the best high hand showing (a pair over high cards), or at Stud Low
        // the best low showing (below).
        assert!(k("9c 9d") > k("Ac Kd"));
        assert!(k("3c 3d 2h 2s") > k("Ac Ad Kh"));
        assert!(k("2c 2d 2h") > k("Ac Ad Kh Ks"));
        assert!(k("Ac Kd") > k("Ac Qd"));
        assert_eq!(k("Ac Kd"), k("As Kh"), "suits do not break the tie");
        let l = |s: &str| showing_key(&h(s), true);
        assert!(l("Ac 2d") > l("3c 4d"), "ace low");
        assert!(l("7c 6d 5h") > l("2c 2d 3h"), "a pair counts against a low");
        assert!(l("5c 4d") > l("6c 2d"));
    }
}
