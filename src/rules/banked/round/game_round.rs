//! A game's settlement, typed: each house-banked game's `Round` (in its folder) is the round as
//! its settlement reads it, built from a round dealt at the table ([`GameRound::of_round`]) and
//! settled ([`GameRound::SETTLE`], the game's own `settle`). The same record is what `deckhand settle` reads as JSON
//! (docs/settle.md): [`settle_body`] parses it into the game's `Round`, so a round settled at
//! the table and the same round typed at the command line settle alike. [`GamePart::settle`]
//! picks the round's game from the game list.
//!
//! [`GamePart::settle`]: super::GamePart::settle

use super::{BankedRound, METER_PROGRESSIVE, SeatResult};
use crate::rules::Cents;
use crate::rules::banked::paytable::Paytables;
use crate::rules::banked::{
    Choices, House, HouseRules, SettleError, Settlement, err, merged, parse,
};
use serde::Serialize;
use serde::de::DeserializeOwned;
use std::collections::BTreeMap;

/// A house-banked game's round as its settlement reads it (its folder's `Round`).
pub trait GameRound: Serialize + DeserializeOwned {
    /// The casino's choices for the game.
    type Rules: Choices;

    /// The game's settlement of this round under the casino's choices, amounts rounded down
    /// to the rounding unit.
    const SETTLE: Settle<Self>;

    /// `round`, dealt at the table, as the game's settlement reads it, with the controller's
    /// `meters` by their protocol ids (hw/progressive-protocol.md).
    fn of_round(round: &BankedRound, meters: &BTreeMap<String, Cents>) -> Self;
}

/// A game's settlement of its `Round` `R`: the round, the casino's choices, the paytables and
/// the rounding unit in; every wager's result out, or the field at fault.
pub type Settle<R> =
    fn(&R, &<R as GameRound>::Rules, &Paytables, Cents) -> Result<Settlement, SettleError>;

/// `round`, dealt at the table, settled by `R`'s game under the casino's choices.
pub(super) fn settle_round<R: GameRound>(
    round: &BankedRound,
    meters: &BTreeMap<String, Cents>,
    house: &House,
) -> Result<Settlement, SettleError> {
    let rounding = house.rules.rounding_unit_cents;
    if rounding < 1 {
        return Err(err(
            "house.rounding_unit_cents",
            format!("at least 1 cent, not {rounding}"),
        ));
    }
    (R::SETTLE)(
        &R::of_round(round, meters),
        &house.rules.of::<R::Rules>(),
        &house.paytables,
        rounding,
    )
}

/// One round of `R`'s game as `deckhand settle` reads it (`body`, without its `rules`): the
/// casino's choices with the round's `overrides` laid over them (each game's `Def::settle`).
pub fn settle_body<R: GameRound>(
    body: &str,
    overrides: &serde_json::Value,
    rules: &HouseRules,
    paytables: &Paytables,
    rounding: Cents,
) -> Result<Settlement, SettleError> {
    let chosen: R::Rules = merged(&rules.of::<R::Rules>(), overrides)?;
    (R::SETTLE)(&parse::<R>(body)?, &chosen, paytables, rounding)
}

/// What every game's `Round` takes from a round dealt at the table.
impl BankedRound {
    /// The seats the settlement settles: those whose wagers were not lost before it (the
    /// settlement adds those as lost).
    pub fn seats_settled(&self) -> Vec<u8> {
        self.seats
            .iter()
            .filter(|s| !self.lost.contains_key(s))
            .copied()
            .collect()
    }

    /// `seat`'s cards as keyed, in card codes ("As Kd"); none where none were keyed.
    pub fn cards_text(&self, seat: u8) -> String {
        crate::rules::cards::cards_codes(self.cards.get(&seat).map_or(&[][..], |c| &c[..]))
    }

    /// The dealer's cards as keyed, in card codes.
    pub fn dealer_text(&self) -> String {
        crate::rules::cards::cards_codes(&self.dealer)
    }

    /// The community cards as keyed, in card codes.
    pub fn community_text(&self) -> String {
        crate::rules::cards::cards_codes(&self.community)
    }

    /// `seat`'s hand category as the dealer tapped it, where the round is settled from results.
    pub fn tapped(&self, seat: u8) -> Option<SeatResult> {
        let results = self.results.as_ref()?;
        results
            .seats
            .iter()
            .find(|(s, _)| *s == seat)
            .map(|(_, r)| r.clone())
    }

    /// Settled from results: whether the dealer's hand qualifies, as tapped.
    pub fn tapped_dealer_qualifies(&self) -> Option<bool> {
        self.results.as_ref().map(|r| r.dealer_qualifies)
    }

    /// Settled from results, a player having forced (Lunar Poker, § 589.11(e)(2)): whether the
    /// dealer's new hand qualifies, as tapped.
    pub fn tapped_forced_dealer_qualifies(&self) -> Option<bool> {
        let forced = self.results.as_ref()?.forced.as_ref()?;
        Some(forced.dealer_qualifies)
    }

    /// `seat`'s forcing hand against the dealer's new hand, as tapped.
    pub fn tapped_forced(&self, seat: u8) -> Option<SeatResult> {
        let forced = self.results.as_ref()?.forced.as_ref()?;
        forced
            .seats
            .iter()
            .find(|(s, _)| *s == seat)
            .map(|(_, r)| r.clone())
    }

    /// Whether a seat the settlement settles placed a wager on the spot `key`.
    pub fn wagered_in_play(&self, key: &str) -> bool {
        self.seats_settled()
            .into_iter()
            .any(|s| self.wager(s, key) > 0)
    }

    /// The controller's meter `id` (hw/progressive-protocol.md, "Meters"), where a seat the
    /// settlement settles wagered on the spot `key` it pays.
    pub fn meter_for(&self, meters: &BTreeMap<String, Cents>, id: u8, key: &str) -> Option<Cents> {
        if !self.wagered_in_play(key) {
            return None;
        }
        meters.get(&id.to_string()).copied()
    }

    /// The progressive meter, where a seat in play wagered on the progressive.
    pub fn progressive_meter(&self, meters: &BTreeMap<String, Cents>) -> Option<Cents> {
        self.meter_for(meters, METER_PROGRESSIVE, "progressive")
    }
}
