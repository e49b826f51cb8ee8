//! Paytables as data: one TOML file per house-banked game under `assets/paytables/`, embedded
//! in the binary and loaded and validated at start (or read from a folder the casino names;
//! `paytable_files.rs` checks a file, naming its line and the problem).
//!
//! The odds are written exactly as the regulation prints them: "X to 1" (the stake comes back
//! and X times it is won), "X for 1" (X times the stake in all, the stake included), "push",
//! "N/A", "N% of meter" and fixed sums such as "$1,000".

use crate::rules::Cents;
use crate::rules::grouped;
use serde::{Deserialize, Serialize};
use std::collections::BTreeMap;
use std::fmt;

/// The longest odds a pay line may print: 100,000 to 1, far past any table's (the seeds' longest
/// are 1,500 to 1) and small enough that the largest amount times them cannot overflow.
pub const MAX_ODDS: u64 = 100_000;
/// The largest fixed sum a pay line may print: $10,000,000.
pub const MAX_FIXED: Cents = 1_000_000_000;

/// One pay line's odds, as written in the regulation.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Pay {
    /// "a to b": the stake is returned and a/b of it is won.
    To(u64, u64),
    /// "a for 1": a times the stake is handed over, the stake included.
    For(u64, u64),
    /// The wager is returned.
    Push,
    /// Printed "N/A": the line is never paid.
    NotAvailable,
    /// "N% of meter".
    MeterPercent(u32),
    /// A fixed sum in cents.
    Fixed(Cents),
}

impl Pay {
    /// Parses the regulation's wording.
    pub fn parse(text: &str) -> Result<Pay, String> {
        let t = text.trim();
        let lower = t.to_ascii_lowercase();
        if lower == "push" {
            return Ok(Pay::Push);
        }
        if lower == "n/a" {
            return Ok(Pay::NotAvailable);
        }
        if let Some(pct) = lower.strip_suffix("% of meter") {
            let n: u32 = pct
                .trim()
                .parse()
                .map_err(|_| format!("`{t}`: the percentage must be a whole number"))?;
            if n == 0 || n > 100 {
                return Err(format!("`{t}`: a meter percentage is 1 to 100"));
            }
            return Ok(Pay::MeterPercent(n));
        }
        if let Some(sum) = t.strip_prefix('$') {
            let c = parse_dollars(sum)
                .ok_or_else(|| format!("`{t}`: a fixed sum is written like $1,000 or $7.50"))?;
            if c > MAX_FIXED {
                return Err(format!(
                    "`{t}`: a fixed sum is at most {}",
                    crate::rules::money(MAX_FIXED)
                ));
            }
            return Ok(Pay::Fixed(c));
        }
        // ASCII lower-casing keeps byte offsets, so the numbers are cut from the text as written.
        let (a, kind, b) = if let Some(i) = lower.find(" to ") {
            (&t[..i], "to", &t[i + 4..])
        } else if let Some(i) = lower.find(" for ") {
            (&t[..i], "for", &t[i + 5..])
        } else {
            return Err(format!(
                "`{t}`: write odds as \"X to 1\", \"X for 1\", \"push\", \"N/A\", \"N% of meter\" or \"$N\""
            ));
        };
        let num = |s: &str| -> Result<u64, String> {
            let digits: String = s.trim().chars().filter(|c| *c != ',').collect();
            match digits.parse::<u64>() {
                Ok(n) if n > 0 => Ok(n),
                _ => Err(format!(
                    "`{t}`: `{}` is not a whole number above 0",
                    s.trim()
                )),
            }
        };
        let (a, b) = (num(a)?, num(b)?);
        // No table pays longer odds; past them a payout could overflow.
        if a > MAX_ODDS || b > MAX_ODDS {
            return Err(format!(
                "`{t}`: odds are at most {MAX_ODDS} to 1 (no table pays more)"
            ));
        }
        Ok(if kind == "to" {
            Pay::To(a, b)
        } else {
            Pay::For(a, b)
        })
    }
}

impl fmt::Display for Pay {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Pay::To(a, b) => write!(f, "{} to {}", grouped(*a), grouped(*b)),
            Pay::For(a, b) => write!(f, "{} for {}", grouped(*a), grouped(*b)),
            Pay::Push => write!(f, "push"),
            Pay::NotAvailable => write!(f, "N/A"),
            Pay::MeterPercent(p) => write!(f, "{p}% of meter"),
            Pay::Fixed(c) => write!(f, "{}", crate::rules::money(*c)),
        }
    }
}

/// "1,000" or "7.50" in cents.
pub fn parse_dollars(s: &str) -> Option<Cents> {
    let s: String = s.trim().chars().filter(|c| *c != ',').collect();
    let (whole, frac) = s.split_once('.').unwrap_or((&s, ""));
    if whole.is_empty() || !whole.chars().all(|c| c.is_ascii_digit()) || frac.len() > 2 {
        return None;
    }
    if !frac.chars().all(|c| c.is_ascii_digit()) {
        return None;
    }
    let w: Cents = whole.parse().ok()?;
    let f: Cents = if frac.is_empty() {
        0
    } else {
        format!("{frac:0<2}").parse().ok()?
    };
    w.checked_mul(100)?.checked_add(f)
}

/// One wager's table.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct PayTable {
    pub game: String,
    pub wager: String,
    pub table: String,
    pub section: String,
    pub note: Option<String>,
    /// Pay lines in the regulation's order.
    #[serde(with = "pay_lines")]
    pub lines: Vec<(String, Pay)>,
}

impl PayTable {
    pub fn pay(&self, hand: &str) -> Option<Pay> {
        self.lines.iter().find(|(h, _)| h == hand).map(|(_, p)| *p)
    }
}

impl PayTable {
    /// The most a stake of `stake` wins on any line of this table (the stake itself not
    /// counted; a meter line counts nothing, a fixed sum its sum). Never wraps: a product past
    /// the range of an amount is the largest amount.
    pub fn top_win(&self, stake: Cents) -> Cents {
        let win =
            |a: u64, b: u64| -> i128 { i128::from(stake) * i128::from(a) / i128::from(b.max(1)) };
        self.lines
            .iter()
            .map(|(_, p)| match *p {
                Pay::To(a, b) => win(a, b),
                Pay::For(a, b) => win(a, b) - i128::from(stake),
                Pay::Fixed(c) => i128::from(c),
                Pay::Push | Pay::NotAvailable | Pay::MeterPercent(_) => 0,
            })
            .max()
            .unwrap_or(0)
            .clamp(0, i128::from(Cents::MAX)) as Cents
    }
}

pub const FIVE_CARD: &[&str] = &[
    "royal-flush",
    "straight-flush",
    "four-of-a-kind",
    "full-house",
    "flush",
    "straight",
    "three-of-a-kind",
    "two-pair",
    "pair",
    "high-card",
];

pub const LUNAR: &[&str] = &[
    "royal-flush",
    "straight-flush",
    "four-of-a-kind",
    "full-house",
    "flush",
    "straight",
    "three-of-a-kind",
    "two-pair",
    "pair",
    "ace-king",
];

pub const FOUR_CARD: &[&str] = &[
    "four-aces",
    "four-of-a-kind",
    "straight-flush",
    "three-of-a-kind",
    "flush",
    "straight",
    "two-pair",
    "queens-or-better",
];

/// Every loaded paytable, by (game, wager, table). In the journal, a list of tables.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(into = "Vec<PayTable>", from = "Vec<PayTable>")]
pub struct Paytables {
    pub(super) tables: BTreeMap<(String, String, String), PayTable>,
}

impl From<Paytables> for Vec<PayTable> {
    fn from(p: Paytables) -> Vec<PayTable> {
        p.tables.into_values().collect()
    }
}

impl From<Vec<PayTable>> for Paytables {
    fn from(v: Vec<PayTable>) -> Paytables {
        Paytables {
            tables: v
                .into_iter()
                .map(|t| ((t.game.clone(), t.wager.clone(), t.table.clone()), t))
                .collect(),
        }
    }
}

/// Pay lines as the regulation words them: `[["flush", "4 to 1"], …]`.
mod pay_lines {
    use super::Pay;
    use serde::{Deserialize, Deserializer, Serialize, Serializer};

    pub fn serialize<S: Serializer>(lines: &[(String, Pay)], s: S) -> Result<S::Ok, S::Error> {
        let v: Vec<(&str, String)> = lines
            .iter()
            .map(|(h, p)| (h.as_str(), p.to_string()))
            .collect();
        v.serialize(s)
    }

    pub fn deserialize<'de, D: Deserializer<'de>>(d: D) -> Result<Vec<(String, Pay)>, D::Error> {
        let v: Vec<(String, String)> = Vec::deserialize(d)?;
        v.into_iter()
            .map(|(h, p)| {
                Pay::parse(&p)
                    .map(|p| (h, p))
                    .map_err(serde::de::Error::custom)
            })
            .collect()
    }
}

impl Paytables {
    pub fn get(&self, game: &str, wager: &str, table: &str) -> Result<&PayTable, String> {
        self.tables
            .get(&(game.to_string(), wager.to_string(), table.to_string()))
            .ok_or_else(|| {
                let have = self.table_names(game, wager).join(", ");
                format!("{game} has no {wager} paytable `{table}` (it has: {have})")
            })
    }

    /// The table names of one wager, e.g. ["A", "B", "C"].
    pub fn table_names(&self, game: &str, wager: &str) -> Vec<String> {
        self.tables
            .keys()
            .filter(|k| k.0 == game && k.1 == wager)
            .map(|k| k.2.clone())
            .collect()
    }

    /// Only the tables of one game.
    pub fn of_game(&self, game: &str) -> Paytables {
        Paytables {
            tables: self
                .tables
                .iter()
                .filter(|(k, _)| k.0 == game)
                .map(|(k, v)| (k.clone(), v.clone()))
                .collect(),
        }
    }

    pub fn all(&self) -> impl Iterator<Item = &PayTable> {
        self.tables.values()
    }
}
