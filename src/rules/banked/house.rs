//! The casino's choices for its house-banked games (`[house]`, each game's `[house.<id>]`) and
//! what a table settles by ([`House`]). The choices are kept by game id: each game's module
//! declares its own `Rules` ([`Choices`]) and reaches them with [`HouseRules::of`]; nothing here
//! lists the games (issue 43).

use super::paytable::Paytables;
use super::{Approvals, BankedGame};
use crate::rules::Cents;
use crate::rules::games::GameId;
use serde::de::{DeserializeOwned, DeserializeSeed, Error as _, MapAccess, Visitor};
use serde::ser::SerializeMap;
use serde::{Deserialize, Deserializer, Serialize, Serializer};
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
    games: BTreeMap<&'static str, Value>,
}

fn banked_games() -> impl Iterator<Item = (&'static str, &'static BankedGame)> {
    crate::rules::registry::GAMES
        .iter()
        .filter_map(|d| d.banked.map(|b| (d.id, b)))
}

impl Default for HouseRules {
    fn default() -> HouseRules {
        HouseRules {
            rounding_unit_cents: 1,
            games: banked_games()
                .map(|(id, b)| (id, (b.choices.defaults)()))
                .collect(),
        }
    }
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

    /// Checks every choice against the paytables and the regulation's floors.
    pub fn validate(&self, p: &Paytables) -> Result<(), String> {
        if self.rounding_unit_cents < 1 {
            return Err("house.rounding_unit_cents: at least 1".into());
        }
        for (id, b) in banked_games() {
            (b.choices.validate)(self, p).map_err(|e| format!("house.{id}.{e}"))?;
        }
        Ok(())
    }

    /// Checks one game's choices against the paytables.
    pub fn validate_game(&self, game: GameId, p: &Paytables) -> Result<(), String> {
        if self.rounding_unit_cents < 1 {
            return Err("house.rounding_unit_cents: at least 1".into());
        }
        let banked = game
            .def()
            .banked
            .ok_or_else(|| format!("{} is not a house-banked game", game.id()))?;
        (banked.choices.validate)(self, p).map_err(|e| format!("house.{}.{e}", game.id()))
    }
}

impl Serialize for HouseRules {
    /// `rounding_unit_cents`, then each game's table in the registry's order.
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        let mut m = s.serialize_map(Some(1 + self.games.len()))?;
        m.serialize_entry("rounding_unit_cents", &self.rounding_unit_cents)?;
        for (id, _) in banked_games() {
            if let Some(v) = self.games.get(id) {
                m.serialize_entry(id, v)?;
            }
        }
        m.end()
    }
}

impl<'de> Deserialize<'de> for HouseRules {
    /// Each key is `rounding_unit_cents` or a house-banked game's id; a game's table is taken
    /// by its `Rules` (unknown keys refused) and completed with its defaults; a game left out
    /// keeps its defaults.
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<HouseRules, D::Error> {
        d.deserialize_map(RulesVisitor)
    }
}

struct RulesVisitor;

impl<'de> Visitor<'de> for RulesVisitor {
    type Value = HouseRules;

    fn expecting(&self, f: &mut std::fmt::Formatter) -> std::fmt::Result {
        f.write_str("a table of the house-banked games' choices")
    }

    fn visit_map<M: MapAccess<'de>>(self, mut map: M) -> Result<HouseRules, M::Error> {
        let mut rules = HouseRules::default();
        while let Some(key) = map.next_key::<String>()? {
            if key == "rounding_unit_cents" {
                rules.rounding_unit_cents = map.next_value()?;
                continue;
            }
            let Some((id, game)) = banked_games().find(|(id, _)| *id == key) else {
                // Refused where its table is, so a configuration's error points at it.
                return map.next_value_seed(UnknownGame(key));
            };
            let table = map.next_value_seed(GameTable { id, game })?;
            rules.games.insert(id, table);
        }
        Ok(rules)
    }
}

/// A key that is no house-banked game's id: refused.
struct UnknownGame(String);

impl<'de> DeserializeSeed<'de> for UnknownGame {
    type Value = HouseRules;

    fn deserialize<D: Deserializer<'de>>(self, _: D) -> Result<HouseRules, D::Error> {
        let ids: Vec<&str> = banked_games().map(|(id, _)| id).collect();
        Err(D::Error::custom(format!(
            "house.{}: no house-banked game has this id; the games are {}",
            self.0,
            ids.join(", ")
        )))
    }
}

/// One game's table, each key checked where it is read: a configuration's error then points at
/// the key's value, as a typed table's would.
#[derive(Clone, Copy)]
struct GameTable {
    id: &'static str,
    game: &'static BankedGame,
}

impl<'de> DeserializeSeed<'de> for GameTable {
    type Value = Value;

    fn deserialize<D: Deserializer<'de>>(self, d: D) -> Result<Value, D::Error> {
        d.deserialize_map(self)
    }
}

impl<'de> Visitor<'de> for GameTable {
    type Value = Value;

    fn expecting(&self, f: &mut std::fmt::Formatter) -> std::fmt::Result {
        write!(f, "the table of {}'s choices", self.id)
    }

    fn visit_map<M: MapAccess<'de>>(self, mut map: M) -> Result<Value, M::Error> {
        let mut table = serde_json::Map::new();
        while let Some(key) = map.next_key::<String>()? {
            let one = map.next_value_seed(OneChoice {
                table: self,
                key: &key,
            })?;
            table.insert(key, one);
        }
        (self.game.choices.complete)(&Value::Object(table))
            .map_err(|e| M::Error::custom(format!("house.{}: {e}", self.id)))
    }
}

/// One key of a game's table, taken by the game's `Rules` alone.
struct OneChoice<'k> {
    table: GameTable,
    key: &'k str,
}

impl<'de> DeserializeSeed<'de> for OneChoice<'_> {
    type Value = Value;

    fn deserialize<D: Deserializer<'de>>(self, d: D) -> Result<Value, D::Error> {
        let value = Value::deserialize(d)?;
        let alone = Value::Object(
            [(self.key.to_string(), value.clone())]
                .into_iter()
                .collect(),
        );
        (self.table.game.choices.complete)(&alone)
            .map_err(|e| D::Error::custom(format!("house.{}.{}: {e}", self.table.id, self.key)))?;
        Ok(value)
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

impl House {
    /// The game's choices, checked, with only its own paytables.
    pub fn for_game(
        game: GameId,
        rules: &HouseRules,
        paytables: &Paytables,
    ) -> Result<House, String> {
        rules.validate_game(game, paytables)?;
        Ok(House {
            rules: rules.clone(),
            paytables: paytables.of_game(game.id()),
            approvals: Approvals::default(),
        })
    }

    /// The embedded paytables and the default choices (the configuration's defaults).
    pub fn default_for(game: GameId) -> Result<House, String> {
        House::for_game(game, &HouseRules::default(), &Paytables::embedded()?)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::banked::spanish21;

    #[test]
    fn a_games_table_is_completed_checked_and_kept_in_the_registrys_order() {
        let r: HouseRules =
            serde_json::from_str(r#"{"spanish-21": {"resplits": 1}, "rounding_unit_cents": 5}"#)
                .unwrap();
        assert_eq!(r.rounding_unit_cents, 5);
        let s21 = r.of::<spanish21::Rules>();
        assert_eq!(s21.resplits, 1);
        assert_eq!(s21.decks, spanish21::Rules::default().decks);
        // Written back whole, each game in the registry's order, and read back the same.
        let text = serde_json::to_string(&r).unwrap();
        let keys: Vec<&str> = [
            "rounding_unit_cents",
            "wpt-heads-up",
            "crazy-4-poker",
            "spanish-21",
        ]
        .into_iter()
        .collect();
        let at: Vec<usize> = keys.iter().map(|k| text.find(k).unwrap()).collect();
        assert!(at.windows(2).all(|w| w[0] < w[1]), "{text}");
        assert!(text.contains(r#""decks":"#), "{text}");
        assert_eq!(serde_json::from_str::<HouseRules>(&text).unwrap(), r);
        // A key no game has, and a game's key its Rules do not take, are refused with the key.
        let e = serde_json::from_str::<HouseRules>(r#"{"blackjack": {}}"#).unwrap_err();
        assert!(
            e.to_string()
                .contains("house.blackjack: no house-banked game"),
            "{e}"
        );
        let e =
            serde_json::from_str::<HouseRules>(r#"{"spanish-21": {"resplitz": 1}}"#).unwrap_err();
        assert!(
            e.to_string()
                .contains("house.spanish-21.resplitz: unknown field `resplitz`"),
            "{e}"
        );
    }

    #[test]
    fn edit_changes_one_games_choices() {
        let mut r = HouseRules::default();
        r.edit(|s: &mut spanish21::Rules| s.resplits = 0);
        assert_eq!(r.of::<spanish21::Rules>().resplits, 0);
        assert_ne!(r, HouseRules::default());
    }
}
