//! Two-card hands, the hole cards alone: the Pocket Bonus of WPT Heads-Up Hold 'Em
//! (§ 677a.12(d)) and the Texas Hold 'Em Bonus wager (§ 647a.12(b)) pay on pairs and on an ace
//! with a king, queen or jack, suited or not. The paytables (issue "House-banked games") map
//! these facts to pay lines.

use super::cards::Card;
use serde::{Deserialize, Serialize};

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "kind", rename_all = "kebab-case")]
pub enum TwoCardHand {
    /// A pair; `rank` 2-14.
    Pair { rank: u8 },
    /// An ace with another card of rank `with` (2-13).
    AceWith { with: u8, suited: bool },
    /// Anything else.
    Other { high: u8, low: u8, suited: bool },
}

pub fn two_card(a: Card, b: Card) -> TwoCardHand {
    let suited = a.suit == b.suit;
    let (hi, lo) = if a.rank >= b.rank { (a, b) } else { (b, a) };
    match (hi.rank.value(), lo.rank.value()) {
        (h, l) if h == l => TwoCardHand::Pair { rank: h },
        (14, l) => TwoCardHand::AceWith { with: l, suited },
        (h, l) => TwoCardHand::Other {
            high: h,
            low: l,
            suited,
        },
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn t(a: &str, b: &str) -> TwoCardHand {
        two_card(a.parse().unwrap(), b.parse().unwrap())
    }

    #[test]
    fn classes() {
        assert_eq!(t("Ac", "Ad"), TwoCardHand::Pair { rank: 14 });
        assert_eq!(
            t("Kh", "Ah"),
            TwoCardHand::AceWith {
                with: 13,
                suited: true
            }
        );
        assert_eq!(
            t("Ah", "Jc"),
            TwoCardHand::AceWith {
                with: 11,
                suited: false
            }
        );
        assert_eq!(t("2c", "2d"), TwoCardHand::Pair { rank: 2 });
        assert_eq!(
            t("Kh", "Qh"),
            TwoCardHand::Other {
                high: 13,
                low: 12,
                suited: true
            }
        );
    }
}
