//! A round as `deckhand settle` reads it: the input's fields checked by name (cards, seats,
//! amounts, meters, paytables), the casino's choices merged with the round's overrides, and
//! [`settle_json`], which hands the round to its game's settlement.

use super::paytable::Paytables;
use super::{HouseRules, SettleError, Settlement, err};
use crate::rules::cards::{Card, parse_cards, parse_multi_deck};
use crate::rules::{Cents, money};
use serde::{Deserialize, Serialize};
use std::collections::BTreeMap;

/// Parses a field of cards ("As Kd") from one deck.
pub fn cards(field: &str, text: &str) -> Result<Vec<Card>, SettleError> {
    parse_cards(text).map_err(|e| err(field, e.to_string()))
}

/// Parses a field of cards from a multi-deck shoe (Spanish 21).
pub fn shoe_cards(field: &str, text: &str) -> Result<Vec<Card>, SettleError> {
    parse_multi_deck(text).map_err(|e| err(field, e.to_string()))
}

/// Checks that no card appears twice across a single-deck round.
pub fn one_deck(all: &[(String, Vec<Card>)]) -> Result<(), SettleError> {
    let mut seen: BTreeMap<Card, &str> = BTreeMap::new();
    for (field, cs) in all {
        for c in cs {
            if let Some(first) = seen.insert(*c, field) {
                return Err(err(
                    field.clone(),
                    format!("{c} is also in {first}: one deck has one of each card"),
                ));
            }
        }
    }
    Ok(())
}

/// The largest amount a round may carry: $10 billion, far beyond any table, small enough
/// that no multiple of it can overflow.
pub const MAX_AMOUNT: Cents = 1_000_000_000_000;

/// A wager or meter amount: not negative, not absurd.
/// A meter read from the controller: a valid amount, never below the meter's initial and reset
/// amount (`section` names the game's rule for it).
pub fn check_meter(
    field: &str,
    meter: Option<Cents>,
    reset: Cents,
    section: &str,
) -> Result<(), SettleError> {
    let Some(m) = meter else {
        return Ok(());
    };
    amount(field, m)?;
    if m < reset {
        return Err(err(
            field,
            format!(
                "{} is below the meter's initial and reset amount, {} ({section})",
                money(m),
                money(reset)
            ),
        ));
    }
    Ok(())
}

pub fn amount(field: &str, c: Cents) -> Result<Cents, SettleError> {
    if c < 0 {
        return Err(err(field, format!("{} is negative", money(c))));
    }
    if c > MAX_AMOUNT {
        return Err(err(
            field,
            format!("{} is more than any table takes", money(c)),
        ));
    }
    Ok(c)
}

/// Seat numbers: 1..=max, each once.
pub fn check_seats(
    seats: impl Iterator<Item = u8>,
    max: u8,
    section: &str,
) -> Result<(), SettleError> {
    let mut seen = Vec::new();
    for (i, s) in seats.enumerate() {
        if s == 0 || s > max {
            return Err(err(
                format!("seats[{i}].seat"),
                format!("seat {s}: the table has seats 1 to {max} ({section})"),
            ));
        }
        if seen.contains(&s) {
            return Err(err(
                format!("seats[{i}].seat"),
                format!("seat {s} is listed twice; a player may wager on one position"),
            ));
        }
        seen.push(s);
    }
    Ok(())
}

/// Checks a chosen table exists.
pub fn check_table(
    p: &Paytables,
    game: &str,
    wager: &str,
    key: &str,
    name: &str,
) -> Result<(), String> {
    p.get(game, wager, name)
        .map(|_| ())
        .map_err(|e| format!("{key}: {e}"))
}

/// The configured choices with the round's overrides, key by key.
pub fn merged<T: Serialize + for<'de> Deserialize<'de>>(
    base: &T,
    over: &serde_json::Value,
) -> Result<T, SettleError> {
    let mut b = serde_json::to_value(base).map_err(|e| err("rules", e.to_string()))?;
    if let (Some(bo), Some(oo)) = (b.as_object_mut(), over.as_object()) {
        for (k, val) in oo {
            if k == "rounding_unit_cents" {
                continue;
            }
            bo.insert(k.clone(), val.clone());
        }
    } else if !over.is_null() {
        return Err(err("rules", "must be an object of choices"));
    }
    serde_json::from_value(b).map_err(|e| err("rules", e.to_string()))
}

/// The round's JSON as a game's typed round, the error without serde's line and column.
pub fn parse<T: for<'de> Deserialize<'de>>(body: &str) -> Result<T, SettleError> {
    // A record is read by its names: a list where fields are expected ("wagers": [1]) would be
    // taken field by field in order, so it is refused (issue 40).
    if let Ok(v) = serde_json::from_str::<serde_json::Value>(body) {
        positional("", &v)?;
    }
    serde_json::from_str(body).map_err(|e| {
        let msg = e.to_string();
        let msg = msg.split(" at line ").next().unwrap_or(&msg).to_string();
        err("input", msg)
    })
}

/// Refuses a list given where a record of named fields is expected: the seats' `wagers`, the
/// `meters` and the `rules` (a list of numbers there would be read field by field in order).
fn positional(path: &str, v: &serde_json::Value) -> Result<(), SettleError> {
    match v {
        serde_json::Value::Object(map) => {
            for (k, x) in map {
                let here = if path.is_empty() {
                    k.clone()
                } else {
                    format!("{path}.{k}")
                };
                if matches!(k.as_str(), "wagers" | "meters" | "rules") && x.is_array() {
                    return Err(err(
                        here,
                        "a record of named fields, not a list (a list would be read in order)",
                    ));
                }
                positional(&here, x)?;
            }
            Ok(())
        }
        serde_json::Value::Array(items) => {
            for (i, x) in items.iter().enumerate() {
                positional(&format!("{path}[{i}]"), x)?;
            }
            Ok(())
        }
        _ => Ok(()),
    }
}

/// A game's settlement of one round: the round's input (`body`, without its `rules`), the
/// casino's choices, the round's own overrides of them and the rounding unit (each game's
/// `Def::settle`).
pub type SettleFn =
    fn(&str, &serde_json::Value, &HouseRules, &Paytables, Cents) -> Result<Settlement, SettleError>;

/// One round of the game whose settlement is `settle`, as `deckhand settle` reads it: the
/// round's own `rules` checked and laid over the casino's choices (`registry::settle_json`
/// finds the game by the round's `game`).
pub fn settle_with(
    settle: SettleFn,
    mut v: serde_json::Value,
    paytables: &Paytables,
    rules: &HouseRules,
) -> Result<Settlement, SettleError> {
    // Per-round choices override the configured ones, key by key.
    let overrides = v
        .as_object_mut()
        .and_then(|o| o.remove("rules"))
        .unwrap_or(serde_json::Value::Null);
    // An amount of the round's choices is never negative, and the rounding unit at least a
    // cent: refused by name, never clamped.
    if let Some(o) = overrides.as_object() {
        for (k, val) in o.iter().filter(|(k, _)| k.ends_with("_cents")) {
            let field = format!("rules.{k}");
            match val.as_i64() {
                None if !val.is_null() => {
                    return Err(err(field, "must be a whole number of cents"));
                }
                Some(n) if k == "rounding_unit_cents" && n < 1 => {
                    return Err(err(field, format!("at least 1 cent, not {n}")));
                }
                Some(n) if n < 0 => {
                    return Err(err(field, format!("cannot be negative ({n})")));
                }
                _ => {}
            }
        }
    }
    let rounding = overrides
        .get("rounding_unit_cents")
        .and_then(|r| r.as_i64())
        .unwrap_or(rules.rounding_unit_cents);
    if rounding < 1 {
        return Err(err(
            "house.rounding_unit_cents",
            format!("at least 1 cent, not {rounding}"),
        ));
    }
    let body = serde_json::to_string(&v).map_err(|e| err("input", e.to_string()))?;
    settle(&body, &overrides, rules, paytables, rounding)
}
