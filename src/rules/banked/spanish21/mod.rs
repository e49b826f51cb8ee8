//! Spanish 21 (Chapter 635a): the Spanish 21 Wager with hit, stand, double down (and rescue),
//! split, surrender, insurance and even money; the 21 bonuses; the suited-sevens fixed payout;
//! Match-the-Dealer.
//!
//! - § 635a.7(j): a player may draw below 21 only; one card after a double down.
//! - § 635a.9: surrender is the first decision on the first two cards and forfeits half; with an
//!   ace or 10-value card up it waits for the hole card, and a dealer Blackjack takes it all.
//! - § 635a.10: double down on the first two cards of a hand or split hand, up to the original
//!   wager, one card; rescue takes the double back and forfeits the original wager.
//! - § 635a.11: split two cards of equal value into hands of the original wager; re-splits per the
//!   Rules Submission; no 21 bonuses on split or doubled hands (§ 635a.11(e), § 635a.10(c)).
//! - § 635a.7(l),(m): the dealer draws to 17 and stands on soft 17; no draw that cannot matter.
//! - § 635a.7(n),(o): a player Blackjack always wins 3 to 2; a player 21 of three or more cards
//!   beats a dealer 21 of three or more but loses to a dealer Blackjack.
//! - § 635a.12(b),(c),(d),(e): 21 bonuses, three suited 7s against a dealer 7, insurance 2 to 1,
//!   Match-the-Dealer by deck count.

pub mod hands21;
mod part21;
/// The round's part of the game: the hands.
pub type Part = hands21::Play21;
pub mod play21;
pub mod steps21;
mod spanish21_def;
pub use spanish21_def::{BANKED, DEF, PAY_LINES, ROUND};

use super::Choices;
use super::paytable::Paytables;
use super::round::{BankedSections, Def, spot};
use super::{Ledger, Line, Outcome, SettleError, Settlement, WagerResult, err};
use crate::rules::Cents;
use crate::rules::cards::{Card, Rank};
use crate::rules::money;
use crate::rules::spanish21_totals::{Bonus21, bonus_shape, total};
use serde::{Deserialize, Serialize};
use std::collections::BTreeMap;

const GAME: &str = "spanish-21";

#[derive(Debug, Clone, Copy, PartialEq, Eq, Deserialize, Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum Order {
    /// § 635a.7(p)(2): from the dealer's right, counterclockwise, each player in turn.
    RightToLeft,
    /// § 635a.7(p)(1): collect every losing wager, then pay the winners.
    CollectThenPay,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Deserialize, Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum OthersPer {
    /// $50 to each other player (seats with the same `player` count once).
    Player,
    /// $50 to each other betting box.
    Box,
}

#[derive(Debug, Clone, PartialEq, Eq, Deserialize, Serialize)]
#[serde(default, deny_unknown_fields)]
pub struct Rules {
    /// § 635a.3(a): six or eight 48-card decks; also picks the Match-the-Dealer table.
    pub decks: u8,
    pub match_the_dealer_offered: bool,
    /// § 635a.11(c): additional splits allowed after the first (aces included).
    pub resplits: u8,
    /// § 635a.8(e).
    pub even_money_offered: bool,
    /// § 635a.8(b): insurance up to half the wager, or the next chip unit above it.
    pub insurance_chip_unit_cents: Cents,
    pub settlement_order: Order,
    /// § 635a.12(c)(3) "all other players": per player or per box (ambiguous).
    pub suited_sevens_others_per: OthersPer,
    /// § 635a.6(f): the number of adjacent boxes on which one player may place a Spanish 21
    /// Wager in a round (the Rules Submission's).
    pub boxes_per_player: u8,
}

impl Default for Rules {
    fn default() -> Rules {
        Rules {
            decks: 6,
            match_the_dealer_offered: true,
            resplits: 2,
            even_money_offered: false,
            insurance_chip_unit_cents: 100,
            settlement_order: Order::RightToLeft,
            suited_sevens_others_per: OthersPer::Player,
            boxes_per_player: 2,
        }
    }
}

impl Choices for Rules {
    const GAME: crate::rules::game_id::GameId = crate::rules::game_id::GameId::Spanish21;

    fn validate(&self, p: &Paytables) -> Result<(), String> {
        if !(1..=7).contains(&self.boxes_per_player) {
            return Err("boxes_per_player: 1 to 7 (the layout's boxes)".into());
        }
        if self.decks != 6 && self.decks != 8 {
            return Err(format!(
                "decks: {} — Spanish 21 uses six or eight decks (§ 635a.3(a), § 635a.12(e))",
                self.decks
            ));
        }
        if self.insurance_chip_unit_cents < 1 {
            return Err("insurance_chip_unit_cents: at least 1".into());
        }
        super::check_table(
            p,
            GAME,
            "match-the-dealer",
            "decks",
            &format!("{} decks", self.decks),
        )
    }
}

#[derive(Debug, Clone, Deserialize, Serialize)]
#[serde(deny_unknown_fields)]
pub struct Round {
    pub game: String,
    /// The dealer's up card first, then the hole card, then any drawn cards.
    pub dealer: String,
    pub seats: Vec<Seat>,
}

#[derive(Debug, Clone, Deserialize, Serialize)]
#[serde(deny_unknown_fields)]
pub struct Seat {
    pub seat: u8,
    /// Who plays the box (adjacent boxes of one player share a name); defaults to the seat.
    #[serde(default)]
    pub player: Option<String>,
    pub wagers: Wagers,
    #[serde(default)]
    pub even_money: bool,
    #[serde(default)]
    pub surrender: bool,
    /// One hand, or one per split hand, left (first completed) first.
    pub hands: Vec<Hand>,
}

#[derive(Debug, Clone, Default, Deserialize, Serialize)]
#[serde(deny_unknown_fields)]
pub struct Wagers {
    pub spanish_21: Cents,
    #[serde(default)]
    pub match_the_dealer: Cents,
    #[serde(default)]
    pub insurance: Cents,
}

#[derive(Debug, Clone, Deserialize, Serialize)]
#[serde(deny_unknown_fields)]
pub struct Hand {
    pub cards: String,
    #[serde(default)]
    pub double: Cents,
    #[serde(default)]
    pub rescue: bool,
}

/// The largest insurance for a wager: half, or the next chip unit above half where half cannot be
/// bet in chips (§ 635a.8(b)).
pub fn max_insurance(wager: Cents, unit: Cents) -> Cents {
    (wager + 2 * unit - 1) / (2 * unit) * unit
}

mod boxes_checked;
mod settle;
pub use settle::{DealtBox, WonOnTheDeal, settle, won_on_the_deal};

/// The side wagers the casino may leave out of its Rules Submission.
fn not_offered(r: &super::HouseRules, key: &str) -> Option<&'static str> {
    match key {
        "match_the_dealer" if !r.of::<Rules>().match_the_dealer_offered => Some("§ 635a.6(e)"),
        _ => None,
    }
}
