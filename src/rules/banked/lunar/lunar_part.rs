//! Lunar Poker's part of a round, as data ([`LunarPlay`]): the draws bought with an Options fee,
//! the hands declared, the lock-in's settlement and the dealer's replacement card; and what a
//! seat may do at its decision ([`LunarOptions`]). The steps that change it are in `play.rs`;
//! the round (`banked::round`) holds it as its `lunar` field.

use crate::rules::banked::Settlement;
use crate::rules::cards::Card;
use serde::{Deserialize, Serialize};
use std::collections::{BTreeMap, BTreeSet};

/// A Lunar Poker draw bought with an Options fee equal to the Ante (§ 589.11(b)(3)).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum DrawKind {
    /// A sixth card (§ 589.11(d)(2)(i)(A)).
    Buy,
    /// Two to five cards given up and replaced (§ 589.11(d)(2)(i)(B)).
    Exchange,
}

/// A Lunar Poker seat's options at its decision (`BankedRound::lunar_options`): the buy, the
/// exchange and the instant declaration are its for the fee; the Super declaration only where
/// it made a Super Wager.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct LunarOptions {
    /// The Options fee: the seat's Ante (§ 589.11(b)(3)).
    pub fee: crate::rules::Cents,
    /// Whether the seat's cards are declared for its Super Wager; `None`: it made none.
    pub super_declared: Option<bool>,
}

/// What a Lunar Poker round holds besides the wagers, decisions and cards every game has.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct LunarPlay {
    /// The seats that paid an Options fee to draw, and how.
    #[serde(default)]
    pub draws: BTreeMap<u8, DrawKind>,
    /// The seats that declared their five cards face up (§ 589.11(c)).
    #[serde(default)]
    pub declared: BTreeSet<u8>,
    /// Of those, the royal and straight flushes paid instantly (§ 589.11(c)(1)).
    #[serde(default)]
    pub instant: BTreeSet<u8>,
    /// What was settled when all decisions were locked in (§ 589.11(c)).
    #[serde(default)]
    pub lock_in: Option<Settlement>,
    /// The dealer paid the lock-in's settlement.
    #[serde(default)]
    pub lock_in_paid: bool,
    /// Per drawing seat, the cards given up and the cards dealt for them.
    #[serde(default)]
    pub drawn: BTreeMap<u8, (Vec<Card>, Vec<Card>)>,
    /// The card that replaced the dealer's highest card (§ 589.11(e)(2)(ii)).
    #[serde(default)]
    pub replacement: Option<Card>,
}

impl LunarPlay {
    /// Nothing drawn, declared, locked in or replaced: every other game's round.
    pub fn is_empty(&self) -> bool {
        *self == LunarPlay::default()
    }
}
