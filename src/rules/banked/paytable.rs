//! Paytables as data: one TOML file per house-banked game under `assets/paytables/`, embedded
//! in the binary and loaded and validated at start (or read from a folder the casino names).
//! A malformed file is refused with its name, the line and the problem.
//!
//! The odds are written exactly as the regulation prints them: "X to 1" (the stake comes back
//! and X times it is won), "X for 1" (X times the stake in all, the stake included), "push",
//! "N/A", "N% of meter" and fixed sums such as "$1,000".

use crate::rules::Cents;
use serde::{Deserialize, Serialize};
use std::collections::BTreeMap;
use std::fmt;
use std::path::Path;

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
            Pay::To(a, b) => write!(f, "{a} to {b}"),
            Pay::For(a, b) => write!(f, "{a} for {b}"),
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

/// The wagers of each game and the pay-line ids each understands. A paytable file may only use
/// these ids, so a misspelt hand is refused at start rather than silently never paid.
/// The wagers of each game and the pay-line ids each understands, from the registry (each
/// house-banked game's `PAY_LINES`). A paytable file may only use these ids, so a misspelt hand
/// is refused at start rather than silently never paid.
pub fn known() -> Vec<(&'static str, &'static str, &'static [&'static str])> {
    crate::rules::registry::GAMES
        .iter()
        .filter_map(|d| d.banked.map(|b| (d.id, b)))
        .flat_map(|(id, b)| b.pay_lines.iter().map(move |(w, h)| (id, *w, *h)))
        .collect()
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

/// The embedded files, each house-banked game's own (`BankedGame::paytables`), file name and
/// text, in the registry's order.
pub fn embedded_files() -> impl Iterator<Item = (&'static str, &'static str)> {
    crate::rules::registry::GAMES
        .iter()
        .filter_map(|d| d.banked.map(|b| b.paytables))
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct FileDoc {
    game: toml::Spanned<String>,
    #[serde(default)]
    paytable: Vec<TableDoc>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct TableDoc {
    wager: toml::Spanned<String>,
    table: toml::Spanned<String>,
    section: String,
    #[serde(default)]
    note: Option<String>,
    lines: toml::Spanned<Vec<LineDoc>>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct LineDoc {
    hand: toml::Spanned<String>,
    pays: toml::Spanned<String>,
}

/// Every loaded paytable, by (game, wager, table). In the journal, a list of tables.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(into = "Vec<PayTable>", from = "Vec<PayTable>")]
pub struct Paytables {
    tables: BTreeMap<(String, String, String), PayTable>,
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

fn line_of(text: &str, offset: usize) -> usize {
    text[..offset.min(text.len())].matches('\n').count() + 1
}

impl Paytables {
    /// The embedded tables. They are checked by the test suite, so this cannot fail in a build
    /// that passed its tests; a failure is still reported, never a panic.
    pub fn embedded() -> Result<Paytables, String> {
        let mut p = Paytables::default();
        for (name, text) in embedded_files() {
            p.add_file(name, text)?;
        }
        p.check_complete()?;
        Ok(p)
    }

    /// Every `*.toml` file of a folder, replacing the embedded tables of the games it names.
    pub fn from_dir(dir: &Path) -> Result<Paytables, String> {
        let mut p = Paytables::embedded()?;
        let mut files: Vec<_> = std::fs::read_dir(dir)
            .map_err(|e| format!("{}: cannot read the paytable folder: {e}", dir.display()))?
            .filter_map(|e| e.ok().map(|e| e.path()))
            .filter(|p| p.extension().is_some_and(|x| x == "toml"))
            .collect();
        files.sort();
        for path in files {
            let text = std::fs::read_to_string(&path)
                .map_err(|e| format!("{}: cannot read: {e}", path.display()))?;
            let mut one = Paytables::default();
            one.add_file(&path.display().to_string(), &text)?;
            let game = one.tables.keys().next().map(|k| k.0.clone());
            if let Some(game) = game {
                p.tables.retain(|k, _| k.0 != game);
                p.tables.extend(one.tables);
            }
        }
        p.check_complete()?;
        Ok(p)
    }

    /// Parses and validates one file; errors read "FILE:LINE: problem".
    pub fn add_file(&mut self, name: &str, text: &str) -> Result<(), String> {
        let doc: FileDoc = toml::from_str(text).map_err(|e| {
            let line = e.span().map(|s| line_of(text, s.start)).unwrap_or(1);
            format!("{name}:{line}: {}", e.message())
        })?;
        let at = |span: std::ops::Range<usize>| format!("{name}:{}", line_of(text, span.start));
        let game = doc.game.get_ref().clone();
        let known = known();
        if !known.iter().any(|(g, _, _)| *g == game) {
            return Err(format!(
                "{}: unknown game `{game}` (one of: wpt-heads-up, texas-holdem-bonus, lunar-poker, spanish-21, mississippi-stud, crazy-4-poker)",
                at(doc.game.span())
            ));
        }
        for t in doc.paytable {
            let wager = t.wager.get_ref().clone();
            let Some((_, _, hands)) = known.iter().find(|(g, w, _)| *g == game && *w == wager)
            else {
                let names: Vec<&str> = known
                    .iter()
                    .filter(|(g, _, _)| *g == game)
                    .map(|(_, w, _)| *w)
                    .collect();
                return Err(format!(
                    "{}: `{wager}` is not a wager of {game} (known: {})",
                    at(t.wager.span()),
                    names.join(", ")
                ));
            };
            let table = t.table.get_ref().trim().to_string();
            if table.is_empty() {
                return Err(format!("{}: the table needs a name", at(t.table.span())));
            }
            if !t.section.trim_start().starts_with('§') {
                return Err(format!(
                    "{}: section `{}` must cite the regulation (§ …)",
                    at(t.table.span()),
                    t.section
                ));
            }
            let mut lines = Vec::new();
            for l in t.lines.get_ref() {
                let hand = l.hand.get_ref().clone();
                if !hands.contains(&hand.as_str()) {
                    return Err(format!(
                        "{}: `{hand}` is not a pay line of the {wager} wager (known: {})",
                        at(l.hand.span()),
                        hands.join(", ")
                    ));
                }
                if lines.iter().any(|(h, _)| *h == hand) {
                    return Err(format!(
                        "{}: `{hand}` appears twice in table {table}",
                        at(l.hand.span())
                    ));
                }
                let pay = Pay::parse(l.pays.get_ref())
                    .map_err(|e| format!("{}: {e}", at(l.pays.span())))?;
                lines.push((hand, pay));
            }
            if lines.is_empty() {
                return Err(format!("{}: a table needs pay lines", at(t.lines.span())));
            }
            let key = (game.clone(), wager.clone(), table.clone());
            if self.tables.contains_key(&key) {
                return Err(format!(
                    "{}: table {table} of {wager} is defined twice",
                    at(t.table.span())
                ));
            }
            self.tables.insert(
                key,
                PayTable {
                    game: game.clone(),
                    wager,
                    table,
                    section: t.section.trim().to_string(),
                    note: t.note,
                    lines,
                },
            );
        }
        Ok(())
    }

    /// Every wager of every game has at least one table.
    fn check_complete(&self) -> Result<(), String> {
        for (g, w, _) in known() {
            if !self.tables.keys().any(|k| k.0 == *g && k.1 == *w) {
                return Err(format!("paytables: no table for the {w} wager of {g}"));
            }
        }
        Ok(())
    }

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

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn odds_parse_as_written() {
        assert_eq!(Pay::parse("500 to 1"), Ok(Pay::To(500, 1)));
        assert_eq!(Pay::parse("1,000 to 1"), Ok(Pay::To(1000, 1)));
        assert_eq!(Pay::parse("3 to 2"), Ok(Pay::To(3, 2)));
        assert_eq!(Pay::parse("300 for 1"), Ok(Pay::For(300, 1)));
        assert_eq!(Pay::parse("Push"), Ok(Pay::Push));
        assert_eq!(Pay::parse("N/A"), Ok(Pay::NotAvailable));
        assert_eq!(Pay::parse("10% of meter"), Ok(Pay::MeterPercent(10)));
        assert_eq!(Pay::parse("$1,500"), Ok(Pay::Fixed(150_000)));
        assert_eq!(Pay::parse("$7.5"), Ok(Pay::Fixed(750)));
        assert!(Pay::parse("5OO to 1").unwrap_err().contains("5OO"));
        assert!(Pay::parse("0 to 1").is_err());
        assert!(Pay::parse("120% of meter").is_err());
        assert!(Pay::parse("lots").is_err());
        assert!(Pay::parse("$12a").is_err());
    }

    #[test]
    fn embedded_tables_load() {
        let p = Paytables::embedded().unwrap();
        assert_eq!(p.table_names("lunar-poker", "instant").len(), 8);
        assert_eq!(
            p.table_names("wpt-heads-up", "trips-plus"),
            vec!["A", "B", "C", "D"]
        );
        let qb = p.get("crazy-4-poker", "queens-up", "B").unwrap();
        // § 657a.12(c) table B: the struck 9 is not read; three of a kind pays 8 to 1.
        assert_eq!(qb.pay("three-of-a-kind"), Some(Pay::To(8, 1)));
        assert!(p.get("crazy-4-poker", "queens-up", "E").is_err());
    }

    fn bad(text: &str) -> String {
        Paytables::default().add_file("x.toml", text).unwrap_err()
    }

    #[test]
    fn malformed_files_name_file_line_and_problem() {
        let good = embedded_files().next().unwrap().1;
        let e = bad(&good.replace("\"500 to 1\"", "\"5OO to 1\""));
        let line = good
            .lines()
            .position(|l| l.contains("\"500 to 1\""))
            .unwrap()
            + 1;
        assert_eq!(
            e,
            format!("x.toml:{line}: `5OO to 1`: `5OO` is not a whole number above 0")
        );
        let e = bad(&good.replace(
            "\"royal-flush\", pays = \"500",
            "\"royal-flsh\", pays = \"500",
        ));
        assert!(
            e.starts_with(&format!("x.toml:{line}: `royal-flsh` is not a pay line")),
            "{e}"
        );
        let e = bad(&good.replace("wager = \"odds\"", "wager = \"oddz\""));
        assert!(e.contains("`oddz` is not a wager of wpt-heads-up"), "{e}");
        let e = bad(&good.replace("game = \"wpt-heads-up\"", "game = \"baccarat\""));
        assert!(e.starts_with("x.toml:5: unknown game `baccarat`"), "{e}");
        let e = bad("game = \"wpt-heads-up\"\n[[paytable]]\nwager = \"ante\"\n");
        assert!(e.starts_with("x.toml:"), "{e}");
        assert!(e.contains("missing field"), "{e}");
        let e = bad("game = \"wpt-heads-up\"\n[[paytable]\n");
        assert!(e.starts_with("x.toml:2:"), "{e}");
        let twice = format!(
            "{good}\n[[paytable]]\nwager = \"ante\"\ntable = \"standard\"\nsection = \"§ 677a.12(a)\"\nlines = [{{ hand = \"win\", pays = \"1 to 1\" }}]\n"
        );
        assert!(bad(&twice).contains("defined twice"));
    }

    #[test]
    fn a_folder_replaces_one_game() {
        let dir = tempfile::tempdir().unwrap();
        let crazy4 = embedded_files().find(|(name, _)| *name == "crazy-4-poker.toml");
        let text = crazy4.unwrap().1.replace(
            "{ hand = \"four-aces\", pays = \"200 to 1\" }",
            "{ hand = \"four-aces\", pays = \"250 to 1\" }",
        );
        std::fs::write(dir.path().join("crazy-4-poker.toml"), text).unwrap();
        let p = Paytables::from_dir(dir.path()).unwrap();
        let t = p.get("crazy-4-poker", "super-bonus", "standard").unwrap();
        assert_eq!(t.pay("four-aces"), Some(Pay::To(250, 1)));
        std::fs::write(dir.path().join("broken.toml"), "game = 3").unwrap();
        let e = Paytables::from_dir(dir.path()).unwrap_err();
        assert!(e.contains("broken.toml:1:"), "{e}");
    }

    /// The paytables a table opens with are journaled: every embedded table survives JSON.
    #[test]
    fn paytables_round_trip_through_json() {
        let p = Paytables::embedded().unwrap();
        let text = serde_json::to_string(&p).unwrap();
        let back: Paytables = serde_json::from_str(&text).unwrap();
        assert_eq!(back, p);
        assert!(
            text.contains("\"3 to 2\""),
            "odds as the regulation words them"
        );
    }
}
