//! The paytable files: each house-banked game's embedded file (`BankedGame::paytables`), the
//! pay-line ids each wager understands (each game's `PAY_LINES`), and a file read and checked
//! against them, its errors naming the file, the line and the problem. Every game is reached
//! through the registry; the tables themselves are data (`paytable.rs`).

use super::paytable::{Pay, PayTable, Paytables};
use crate::rules::registry::GAMES;
use serde::Deserialize;

/// The wagers of each game and the pay-line ids each understands. A paytable file may only use
/// these ids, so a misspelt hand is refused at start rather than silently never paid.
/// The wagers of each game and the pay-line ids each understands, from the registry (each
/// house-banked game's `PAY_LINES`). A paytable file may only use these ids, so a misspelt hand
/// is refused at start rather than silently never paid.
pub fn known() -> Vec<(&'static str, &'static str, &'static [&'static str])> {
    GAMES
        .iter()
        .filter_map(|d| d.banked.map(|b| (d.id, b)))
        .flat_map(|(id, b)| b.pay_lines.iter().map(move |(w, h)| (id, *w, *h)))
        .collect()
}

/// The embedded files, each house-banked game's own (`BankedGame::paytables`), file name and
/// text, in the registry's order.
pub fn embedded_files() -> impl Iterator<Item = (&'static str, &'static str)> {
    GAMES.iter().filter_map(|d| d.banked.map(|b| b.paytables))
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

    /// The embedded tables with `files` (name and text, in the order given) laid over them:
    /// each file replaces the tables of the game it names. The configuration reads the files
    /// of `[paytables] dir`; the rules only check them.
    pub fn with_files(files: &[(String, String)]) -> Result<Paytables, String> {
        let mut p = Paytables::embedded()?;
        for (name, text) in files {
            let mut one = Paytables::default();
            one.add_file(name, text)?;
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
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn odds_parse_as_written() {
        assert_eq!(Pay::parse("500 to 1"), Ok(Pay::To(500, 1)));
        assert_eq!(Pay::parse("1,000 to 1"), Ok(Pay::To(1000, 1)));
        // Written as the paytable prints it, and read back the same.
        assert_eq!(Pay::To(1500, 1).to_string(), "1,500 to 1");
        assert_eq!(
            Pay::parse(&Pay::For(10_000, 1).to_string()),
            Ok(Pay::For(10_000, 1))
        );
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
