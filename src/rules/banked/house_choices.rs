//! The casino's choices read, written and checked for every house-banked game: the defaults,
//! a `[house]` table taken key by key by each game's own `Rules` (so an error names the key),
//! written back in the registry's order, and checked against the paytables. It reaches every
//! game through the registry; `house.rs`, below the games, holds the choices as data.

use super::house::{House, HouseRules};
use super::paytable::Paytables;
use super::{Approvals, BankedGame};
use crate::rules::game_id::GameId;
use serde::de::{DeserializeSeed, Error as _, MapAccess, Visitor};
use serde::ser::SerializeMap;
use serde::{Deserialize, Deserializer, Serialize, Serializer};
use serde_json::Value;

fn banked_games() -> impl Iterator<Item = (&'static str, &'static BankedGame)> {
    crate::rules::registry::GAMES
        .iter()
        .filter_map(|d| d.banked.map(|b| (d.id, b)))
}

impl Default for HouseRules {
    fn default() -> HouseRules {
        let mut rules = HouseRules::empty(1);
        for (id, b) in banked_games() {
            rules.put(id, (b.choices.defaults)(), &b.choices);
        }
        rules
    }
}

impl HouseRules {
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
        let mut m = s.serialize_map(Some(1 + self.games_held()))?;
        m.serialize_entry("rounding_unit_cents", &self.rounding_unit_cents)?;
        for (id, _) in banked_games() {
            if let Some(v) = self.table(id) {
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
            rules.put(id, table, &game.choices);
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
