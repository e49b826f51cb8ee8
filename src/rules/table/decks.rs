//! The two decks of a table (§ 637a.3(a)), their state and a deck's removal after a wrong count
//! or an irregularity (§ 637a.7(e)(5)).

use serde::{Deserialize, Serialize};

/// A deck has 52 cards (§ 637a.3(a), § 637a.7(e)(4)).
pub const DECK_SIZE: u8 = 52;

pub type DeckId = usize;

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum DeckStatus {
    /// Needs a shuffle before it can be dealt (§ 637a.5(a)).
    Unshuffled,
    /// In the automated card shuffling device, shuffle under way.
    Shuffling,
    /// Shuffled and counted 52 by the counting shuffler (§ 637a.7(e)(4)(ii)).
    Shuffled,
    /// Being dealt this round.
    InPlay,
    /// Taken off the table after a wrong count (§ 637a.7(e)(5)).
    Removed,
    /// Received preinspected and preshuffled (§ 603a.16(u),(v)): before its first round it is
    /// cut, not shuffled (§ 637a.4(e), § 637a.5(a),(b)(2)).
    Preshuffled,
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Deck {
    pub colour: String,
    pub status: DeckStatus,
    /// 0 for the deck received at opening, +1 for each replacement.
    pub generation: u32,
    pub last_count: Option<u16>,
    /// Table rounds since this deck was last counted (§ 637a.7(e)(4), counted per deck).
    pub rounds_since_count: u32,
}

/// Why a deck is being taken off the table.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case", tag = "reason")]
pub enum RemovalReason {
    /// The counting shuffler reported a count other than 52 (§ 637a.7(e)(5)).
    WrongCount { counted: u16 },
    /// The losing hands did not hold the right number of cards (§ 637a.7(e)(6)(i),
    /// treated as a missing or extra card, § 637a.18(i)).
    LosingHandsMiscounted,
    /// A house-banked round's stub counted wrong and no misdeal to explain it (§ 657a.8(h) and
    /// each chapter alike).
    StubMiscounted { counted: u8, expected: u8 },
    /// An irregularity from the catalogue that requires the deck replaced (§ 637a.18(i),
    /// § 635a.13(b)).
    Irregularity { id: String },
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum RemovalStage {
    Remove,
    InspectReplacement,
    Verify,
    LoadReplacement,
    AwaitCount,
}

/// Play is stopped until a deck with a wrong count is removed and replaced.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct DeckRemoval {
    pub deck: DeckId,
    pub reason: RemovalReason,
    pub stage: RemovalStage,
}
