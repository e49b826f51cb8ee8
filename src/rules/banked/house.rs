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
use std::any::Any;
use std::collections::BTreeMap;
use std::sync::Arc;

/// A house-banked game's choices (its Rules Submission, § 601a.2): a `[house.<id>]` table.
pub trait Choices: Default + Clone + Serialize + DeserializeOwned + Send + Sync + 'static {
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
    /// A complete table as the game's `Rules`, kept beside it so [`HouseRules::of`] reads no
    /// JSON.
    pub typed: fn(&Value) -> Option<TypedChoices>,
}

/// One game's choices as its own `Rules`, behind a type the rest of the terminal need not know.
pub type TypedChoices = Arc<dyn Any + Send + Sync>;

/// A game's [`ChoicesHooks`], from its `Rules`.
pub const fn hooks<R: Choices>() -> ChoicesHooks {
    ChoicesHooks {
        complete: complete::<R>,
        defaults: defaults::<R>,
        validate: |h, p| h.of::<R>().validate(p),
        typed: |v| {
            let rules: R = serde_json::from_value(v.clone()).ok()?;
            Some(Arc::new(rules) as TypedChoices)
        },
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
    games: BTreeMap<&'static str, Value>,
    /// The same tables as each game's `Rules`, read once when the table was put in.
    typed: Typed,
}

/// Each game's `Rules`, made from its table in `HouseRules::games`: equal and printed through
/// those tables.
#[derive(Clone, Default)]
struct Typed(BTreeMap<&'static str, TypedChoices>);

impl PartialEq for Typed {
    fn eq(&self, _: &Typed) -> bool {
        true
    }
}

impl Eq for Typed {}

impl std::fmt::Debug for Typed {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "{} games' Rules", self.0.len())
    }
}

impl HouseRules {
    /// No game's choices yet, payouts rounded to `rounding_unit_cents` (`house_choices.rs` fills
    /// in every game's defaults).
    pub(super) fn empty(rounding_unit_cents: Cents) -> HouseRules {
        HouseRules {
            rounding_unit_cents,
            games: BTreeMap::new(),
            typed: Typed::default(),
        }
    }

    /// One game's choices.
    pub fn of<R: Choices>(&self) -> R {
        // Every table held was taken by `R` when it was put in (`put`, `set`), and kept as `R`.
        match self
            .typed
            .0
            .get(R::GAME.id())
            .and_then(|r| r.downcast_ref::<R>())
        {
            Some(rules) => rules.clone(),
            None => R::default(),
        }
    }

    /// A game's complete table, `hooks` its game's: kept with its `Rules`.
    pub(super) fn put(&mut self, id: &'static str, table: Value, hooks: &ChoicesHooks) {
        if let Some(rules) = (hooks.typed)(&table) {
            self.typed.0.insert(id, rules);
        }
        self.games.insert(id, table);
    }

    /// A game's table, as written to the journal and the configuration.
    pub(super) fn table(&self, id: &str) -> Option<&Value> {
        self.games.get(id)
    }

    /// How many games' tables are held.
    pub(super) fn games_held(&self) -> usize {
        self.games.len()
    }

    /// Replaces one game's choices.
    pub fn set<R: Choices>(&mut self, rules: R) {
        if let Ok(v) = serde_json::to_value(&rules) {
            self.typed.0.insert(R::GAME.id(), Arc::new(rules));
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
