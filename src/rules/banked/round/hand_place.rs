//! Where a hand is dealt ([`HandPlace`]) and where its cards in the record came from: read by a
//! card-reading shoe, read and corrected by the dealer, or keyed ([`CardSource`]).

use crate::rules::cards::Card;
use serde::{Deserialize, Serialize};

/// Where a hand is dealt.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum HandPlace {
    Seat(u8),
    Dealer,
    Community,
}

impl HandPlace {
    pub fn words(self) -> String {
        match self {
            HandPlace::Seat(s) => format!("seat {s}"),
            HandPlace::Dealer => "the dealer".into(),
            HandPlace::Community => "the community cards".into(),
        }
    }
}

/// Where a hand's cards in the record came from.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum CardSource {
    /// As the device read them, confirmed by the dealer.
    Read,
    /// The device's reading, corrected by the dealer (the reading is kept beside it).
    Corrected,
    /// Keyed by the dealer: no reading for this hand.
    Keyed,
}

/// One hand's source in a `cards_keyed` row.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct HandSource {
    pub place: HandPlace,
    pub source: CardSource,
    /// What the device read, where the dealer corrected it.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub read: Vec<Card>,
}
