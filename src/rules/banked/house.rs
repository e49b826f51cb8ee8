//! The casino's choices for its house-banked games (`[house]`, each game's `[house.<id>]`) and
//! what a table settles by ([`House`]). The choices are kept by game id: each game's module
//! declares its own `Rules` ([`Choices`]) and reaches them with [`HouseRules::of`]; nothing here
//! lists the games (issue 43). Their defaults, how a `[house]` table is read and written, and
//! the check against the paytables need every game: they are in `house_choices.rs`, above the
//! registry, and this file stays below the games that use it.

use super::Approvals;
use super::paytable::Paytables;
use crate::rules::Cents;
use crate::rules::game_id::GameId;
use serde::de::DeserializeOwned;
use serde::{Deserialize, Serialize};
use serde_json::Value;
use std::collections::BTreeMap;

/// A house-banked game's choices (its Rules Submission, § 601a.2): a `[house.<id>]` table.
pub trait Choices: Default + Serialize + DeserializeOwned {
    /// The game whose table these are.
    const GAME: GameId;

    /// Checks the choices against the paytables and the regulation's floors.
    fn validate(&self, paytables: &Paytables) -> Result<(), String>;
}

/// What the rest of the terminal does with a game's choices, without knowing their type
/// (`BankedGame::choices`): made by [`hooks`] from the game's `Rules`.
#[derive(Clone, Copy)]
pub struct ChoicesHooks {
    /// A `[house.<id>]` table taken by the `Rules` and completed with their defaults.
    pub complete: fn(&Value) -> Result<Value, String>,
    /// The `Rules`' defaults as a table.
    pub defaults: fn() -> Value,
    /// The game's choices in a `HouseRules`, checked.
    pub validate: fn(&HouseRules, &Paytables) -> Result<(), String>,
}

/// A game's [`ChoicesHooks`], from its `Rules`.
pub const fn hooks<R: Choices>() -> ChoicesHooks {
    ChoicesHooks {
        complete: complete::<R>,
        defaults: defaults::<R>,
        validate: |h, p| h.of::<R>().validate(p),
    }
}

/// The game's choices read from a table, completed with the defaults.
pub fn complete<R: Choices>(table: &Value) -> Result<Value, String> {
    let rules: R = serde_json::from_value(table.clone()).map_err(|e| e.to_string())?;
    serde_json::to_value(rules).map_err(|e| e.to_string())
}

/// The game's default choices as a table.
pub fn defaults<R: Choices>() -> Value {
    serde_json::to_value(R::default()).unwrap_or(Value::Null)
}

/// Every house-banked game's choices, by game id, and the rounding every payout follows.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct HouseRules {
    /// Payouts are rounded down to a multiple of this many cents (the texts are silent).
    pub rounding_unit_cents: Cents,
    /// Each house-banked game's table, complete: every key, defaults filled in. Checked when it
    /// is read, so [`HouseRules::of`] reads a table its game's `Rules` takes.
    pub(super) games: BTreeMap<&'static str, Value>,
}

impl HouseRules {
    /// One game's choices.
    pub fn of<R: Choices>(&self) -> R {
        // Every table held was taken by `R` when it was read (`set`, `deserialize`).
        self.games
            .get(R::GAME.id())
            .and_then(|v| serde_json::from_value(v.clone()).ok())
            .unwrap_or_default()
    }

    /// Replaces one game's choices.
    pub fn set<R: Choices>(&mut self, rules: R) {
        if let Ok(v) = serde_json::to_value(rules) {
            self.games.insert(R::GAME.id(), v);
        }
    }

    /// Changes one game's choices in place.
    pub fn edit<R: Choices>(&mut self, change: impl FnOnce(&mut R)) {
        let mut r = self.of::<R>();
        change(&mut r);
        self.set(r);
    }
}

/// What a house-banked table settles by: the casino's choices (paytable letters, limits,
/// readings of silent text) and the paytables of its game, snapshotted into the journal when the
/// table opens (`TableSetup::house`), so a round is settled and replayed by the rules in force.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct House {
    pub rules: HouseRules,
    pub paytables: Paytables,
    /// The payouts that wait for a signature.
    #[serde(default)]
    pub approvals: Approvals,
}
