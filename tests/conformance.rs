//! The conformance matrix (`docs/conformance.md`) is checked like code: every row names a
//! section of the seven chapters once; what it names in the code and the tests exists; a
//! casino's choice names a setting the terminal reads; the sections are exactly those of
//! `docs/conformance-sections.txt` (every subsection that says "shall", "may not" or "must"),
//! and, where the regulation texts are at hand (`../shared/seeds/`), that list is what they say;
//! the README's counts per chapter are the matrix's.

use std::collections::{BTreeMap, BTreeSet};
use std::path::{Path, PathBuf};

fn root() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
}

const CHAPTERS: [(&str, &str); 7] = [
    ("637a", "Poker"),
    ("677a", "World Poker Tour Heads-Up Hold 'Em"),
    ("647a", "Texas Hold 'Em Bonus Poker"),
    ("589", "Lunar Poker"),
    ("655a", "Mississippi Stud"),
    ("657a", "Crazy 4 Poker"),
    ("635a", "Spanish 21"),
];

const STATUSES: [&str; 4] = ["implemented", "choice", "outside", "open"];

#[derive(Debug)]
struct Row {
    line: usize,
    section: String,
    status: String,
    what: String,
    place: String,
    test: String,
}

fn chapter_of(section: &str) -> &str {
    section.split('.').next().unwrap_or("")
}

fn is_section(s: &str) -> bool {
    let Some((ch, rest)) = s.split_once('.') else {
        return false;
    };
    CHAPTERS.iter().any(|(c, _)| *c == ch)
        && rest.chars().next().is_some_and(|c| c.is_ascii_digit())
        && rest
            .chars()
            .all(|c| c.is_ascii_alphanumeric() || c == '(' || c == ')')
}

fn rows() -> Vec<Row> {
    rows_where(is_section)
}

/// The matrix's rows whose first cell `keep` takes, five cells each.
fn rows_where(keep: impl Fn(&str) -> bool) -> Vec<Row> {
    let text = std::fs::read_to_string(root().join("docs/conformance.md")).unwrap();
    let mut out = Vec::new();
    for (i, line) in text.lines().enumerate() {
        let cells: Vec<&str> = line.split('|').map(str::trim).collect();
        // "| a | b | c | d | e |" splits into 7 cells with empty ends.
        if cells.len() < 3 || !keep(cells[1]) {
            continue;
        }
        assert_eq!(
            cells.len(),
            7,
            "docs/conformance.md:{}: a row has five cells: {line}",
            i + 1
        );
        out.push(Row {
            line: i + 1,
            section: cells[1].to_string(),
            status: cells[2].to_string(),
            what: cells[3].to_string(),
            place: cells[4].to_string(),
            test: cells[5].to_string(),
        });
    }
    out
}

/// The "Records and events" part: the promises beyond the sections (R1, R2, …).
fn promise_rows() -> Vec<Row> {
    rows_where(|c| {
        c.strip_prefix('R')
            .is_some_and(|n| !n.is_empty() && n.chars().all(|d| d.is_ascii_digit()))
    })
}

#[test]
fn every_records_promise_names_code_and_tests_that_exist() {
    let rows = promise_rows();
    assert!(rows.len() >= 8, "{} promises", rows.len());
    let mut cache = BTreeMap::new();
    let mut errors = Vec::new();
    let mut seen = BTreeSet::new();
    for row in &rows {
        if !seen.insert(row.section.clone()) {
            errors.push(format!("line {}: {} appears twice", row.line, row.section));
        }
        if !["implemented", "open"].contains(&row.status.as_str()) {
            errors.push(format!(
                "line {}: {}: implemented or open",
                row.line, row.section
            ));
        }
        errors.extend(check_place(row, &mut cache));
        errors.extend(check_test(row, &mut cache));
    }
    assert!(errors.is_empty(), "{}", errors.join("\n"));
}

/// `name` occurs in `text` as a whole identifier.
fn has_ident(text: &str, name: &str) -> bool {
    text.match_indices(name).any(|(i, _)| {
        let before = text[..i].chars().next_back();
        let after = text[i + name.len()..].chars().next();
        let ident = |c: Option<char>| c.is_some_and(|c| c.is_alphanumeric() || c == '_');
        !ident(before) && !ident(after)
    })
}

fn read(path: &Path, cache: &mut BTreeMap<PathBuf, String>) -> Option<String> {
    if let Some(t) = cache.get(path) {
        return Some(t.clone());
    }
    let t = std::fs::read_to_string(root().join(path)).ok()?;
    cache.insert(path.to_path_buf(), t.clone());
    Some(t)
}

/// What a row names: `src/x.rs`, `src/x.rs::name`, a setting in backticks.
fn check_place(row: &Row, cache: &mut BTreeMap<PathBuf, String>) -> Vec<String> {
    let mut errors = Vec::new();
    let mut place = row.place.as_str();
    if row.status == "choice" {
        // A casino's choice starts with its setting: `[table] key` (or `[house.<game>] key`).
        let Some(rest) = place.strip_prefix('`') else {
            errors.push(format!(
                "line {}: {} is a casino's choice: name its setting first",
                row.line, row.section
            ));
            return errors;
        };
        let Some((setting, after)) = rest.split_once('`') else {
            errors.push(format!("line {}: an unclosed setting", row.line));
            return errors;
        };
        let key = setting.rsplit(' ').next().unwrap_or("");
        let known = [
            "assets/deckhand.default.toml",
            "docs/configuration.md",
            "src/config.rs",
        ]
        .iter()
        .filter_map(|p| read(Path::new(p), cache))
        .any(|t| has_ident(&t, key));
        if key.is_empty() || !known {
            errors.push(format!(
                "line {}: {}: the setting {setting:?} is not one the terminal reads",
                row.line, row.section
            ));
        }
        place = after.trim_start_matches([',', ' ']);
    }
    if place == "-" || place.is_empty() {
        if row.status == "implemented" {
            errors.push(format!(
                "line {}: {} is implemented: say where",
                row.line, row.section
            ));
        }
        return errors;
    }
    for item in place.split(", ") {
        let item = item.trim().trim_matches('`');
        let (path, name) = match item.split_once("::") {
            Some((p, n)) => (p, Some(n)),
            None => (item, None),
        };
        let Some(text) = read(Path::new(path), cache) else {
            errors.push(format!(
                "line {}: {}: no file {path}",
                row.line, row.section
            ));
            continue;
        };
        if let Some(name) = name {
            let last = name.rsplit("::").next().unwrap_or(name);
            if !has_ident(&text, last) {
                errors.push(format!(
                    "line {}: {}: {path} has no {last}",
                    row.line, row.section
                ));
            }
        }
    }
    errors
}

/// The body of `fn name` in `text`, from its declaration to its closing brace (the braces
/// matched, those in string and character literals aside).
fn fn_body<'a>(text: &'a str, name: &str) -> Option<&'a str> {
    let decl = format!("fn {name}");
    let start = text.match_indices(&decl).map(|(i, _)| i).find(|i| {
        !text[i + decl.len()..]
            .chars()
            .next()
            .is_some_and(|c| c.is_alphanumeric() || c == '_')
    })?;
    let open = start + text[start..].find('{')?;
    let mut depth = 0usize;
    let mut in_str = false;
    let mut prev = ' ';
    for (i, c) in text[open..].char_indices() {
        match c {
            // `'"'` is a character, not a string's quote; a string may still end in `'`.
            '"' if prev != '\\' && !(prev == '\'' && text[open + i + 1..].starts_with('\'')) => {
                in_str = !in_str
            }
            '{' if !in_str => depth += 1,
            '}' if !in_str => {
                depth -= 1;
                if depth == 0 {
                    return Some(&text[start..open + i + 1]);
                }
            }
            _ => {}
        }
        prev = if prev == '\\' && c == '\\' { ' ' } else { c };
    }
    None
}

/// The tests a row names: each `file.rs::test_fn` must exist as a function there, and for a row
/// the terminal implements or carries out as the casino chooses, one of them names the row's
/// section in a comment or a message (so the test is tied to its rule).
fn check_test(row: &Row, cache: &mut BTreeMap<PathBuf, String>) -> Vec<String> {
    let mut errors = Vec::new();
    if row.test == "-" || row.test.is_empty() {
        // A row the terminal implements, or carries out as the casino chooses, is done only
        // when a test shows it.
        if row.status == "implemented" || row.status == "choice" {
            errors.push(format!(
                "line {}: {}: {} but no test shows it",
                row.line, row.section, row.status
            ));
        }
        return errors;
    }
    let mut mentioned = false;
    for item in row.test.split(", ") {
        let item = item.trim().trim_matches('`');
        let Some((path, name)) = item.split_once("::") else {
            errors.push(format!(
                "line {}: {}: a test is named file::function, not {item}",
                row.line, row.section
            ));
            continue;
        };
        let name = name.rsplit("::").next().unwrap_or(name);
        let Some(text) = read(Path::new(path), cache) else {
            errors.push(format!(
                "line {}: {}: no file {path}",
                row.line, row.section
            ));
            continue;
        };
        let decl = format!("fn {name}");
        let declared = text.match_indices(&decl).any(|(i, _)| {
            !text[i + decl.len()..]
                .chars()
                .next()
                .is_some_and(|c| c.is_alphanumeric() || c == '_')
        });
        if !declared {
            errors.push(format!(
                "line {}: {}: {path} has no test fn {name}",
                row.line, row.section
            ));
        }
        mentioned |= fn_body(&text, name).is_some_and(|b| b.contains(row.section.as_str()));
    }
    // The regulation's rows (the records' promises, R1…, are the terminal's own).
    let owed = (row.status == "implemented" || row.status == "choice") && is_section(&row.section);
    if owed && errors.is_empty() && !mentioned {
        errors.push(format!(
            "line {}: {}: no test it names mentions § {} (say what it asserts of the rule)",
            row.line, row.section, row.section
        ));
    }
    errors
}

#[test]
fn every_row_names_code_and_tests_that_exist_and_no_section_twice() {
    let rows = rows();
    assert!(rows.len() > 500, "{} rows", rows.len());
    let mut seen = BTreeSet::new();
    let mut errors = Vec::new();
    let mut cache = BTreeMap::new();
    for row in &rows {
        if !seen.insert(row.section.clone()) {
            errors.push(format!("line {}: {} appears twice", row.line, row.section));
        }
        if !STATUSES.contains(&row.status.as_str()) {
            errors.push(format!(
                "line {}: {}: status {:?} is none of {STATUSES:?}",
                row.line, row.section, row.status
            ));
        }
        if row.what.is_empty() {
            errors.push(format!("line {}: {}: say what", row.line, row.section));
        }
        if row.status == "outside" && row.test != "-" {
            errors.push(format!(
                "line {}: {}: outside the terminal, yet a test?",
                row.line, row.section
            ));
        }
        errors.extend(check_place(row, &mut cache));
        errors.extend(check_test(row, &mut cache));
    }
    assert!(errors.is_empty(), "{}", errors.join("\n"));
}

#[test]
fn the_checker_catches_a_missing_test_a_missing_name_and_a_bad_setting() {
    let mut cache = BTreeMap::new();
    let row = |status: &str, place: &str, test: &str| Row {
        line: 1,
        section: "637a.99(z)".into(),
        status: status.into(),
        what: "x".into(),
        place: place.into(),
        test: test.into(),
    };
    assert!(
        check_test(
            &row("implemented", "-", "tests/big_bet.rs::no_such_test"),
            &mut cache
        )
        .iter()
        .any(|e| e.contains("no test fn"))
    );
    assert!(
        check_test(&row("choice", "-", "-"), &mut cache)
            .iter()
            .any(|e| e.contains("but no test shows it"))
    );
    assert!(check_test(&row("outside", "-", "-"), &mut cache).is_empty());
    assert!(
        check_place(
            &row(
                "implemented",
                "src/rules/betting_actions.rs::NoSuchThing",
                "-"
            ),
            &mut cache
        )
        .iter()
        .any(|e| e.contains("has no NoSuchThing"))
    );
    assert!(
        check_place(&row("implemented", "src/rules/nowhere.rs", "-"), &mut cache)
            .iter()
            .any(|e| e.contains("no file"))
    );
    assert!(
        check_place(&row("choice", "`[holdem] no_such_key`", "-"), &mut cache)
            .iter()
            .any(|e| e.contains("not one the terminal reads"))
    );
    assert!(
        check_place(
            &row("choice", "`[holdem] max_raises`, src/config.rs", "-"),
            &mut cache
        )
        .is_empty()
    );
    // A test that exists but does not name the row's section is not tied to its rule.
    assert!(
        check_test(
            &row(
                "implemented",
                "-",
                "tests/big_bet.rs::refusals_are_exercised"
            ),
            &mut cache
        )
        .iter()
        .any(|e| e.contains("no test it names mentions § 637a.99(z)"))
    );
    let mut named = row(
        "implemented",
        "-",
        "tests/conformance.rs::the_checker_catches_a_missing_test_a_missing_name_and_a_bad_setting",
    );
    named.section = "637a.99(z)".into();
    assert!(check_test(&named, &mut cache).is_empty());
    // A body is read to its own closing brace, not the next function's.
    let text = "fn a() { let s = \"}\"; { x } }\nfn b() { 637a.1 }";
    assert_eq!(fn_body(text, "a"), Some("fn a() { let s = \"}\"; { x } }"));
    // A string that ends in `'` is closed all the same; `'"'` opens none.
    let text = "fn c() { let q = \"kind = 'x'\"; let d = '\"'; { y } }\nfn d() { }";
    assert_eq!(
        fn_body(text, "c"),
        Some("fn c() { let q = \"kind = 'x'\"; let d = '\"'; { y } }")
    );
}

/// Every subsection of the seven chapters that says "shall", "may not" or "must", from the
/// regulation texts (the seeds' README says which file holds which chapter). Subsections are
/// the lettered paragraphs "(a)"; a section without letters is one row. The conversions'
/// defects are taken into account: "(l)" printed as "(1)", letters dropped, and the Spanish 21
/// rulemaking's new letters printed in capitals after the struck old ones.
fn sections_from(seeds: &Path) -> Vec<String> {
    let files = [
        ("637a", "000_033c0572673bf448.txt"),
        ("677a", "001_bc6ccea0fd00734d.txt"),
        ("589", "002_c7863cfda0f7022b.txt"),
        ("635a", "003_2691a303973431a8.txt"),
        ("655a", "003_2691a303973431a8.txt"),
        ("657a", "003_2691a303973431a8.txt"),
        ("647a", "004_8e692bf13e0d6142.txt"),
    ];
    let says = |t: &str| {
        let t = t.to_lowercase();
        ["shall", "may not", "must"].iter().any(|w| {
            t.match_indices(w).any(|(i, _)| {
                let b = t[..i].chars().next_back();
                let a = t[i + w.len()..].chars().next();
                !b.is_some_and(char::is_alphanumeric) && !a.is_some_and(char::is_alphanumeric)
            })
        })
    };
    let mut out = Vec::new();
    for (ch, file) in files {
        let text = std::fs::read_to_string(seeds.join(file)).unwrap();
        let mut order: Vec<(u32, Option<char>)> = Vec::new();
        let mut body: BTreeMap<(u32, Option<char>), String> = BTreeMap::new();
        let mut sec: Option<u32> = None;
        let mut sub: Option<char> = None;
        for ln in text.lines() {
            let t = ln.trim_start();
            let t = t.trim_start_matches('#').trim_start();
            let t = t.strip_prefix("- ").unwrap_or(t);
            // A section heading: "§ 637a.11. Title".
            if let Some(h) = t.strip_prefix('§') {
                let h = h.trim_start();
                let mut parts = h.splitn(2, '.');
                let c = parts.next().unwrap_or("");
                let rest = parts.next().unwrap_or("");
                let num: String = rest.chars().take_while(char::is_ascii_digit).collect();
                // "589.3.<en space>Cards": any white space after the number's full stop.
                let heading = !num.is_empty()
                    && rest[num.len()..]
                        .strip_prefix('.')
                        .and_then(|r| r.chars().next())
                        .is_some_and(char::is_whitespace)
                    && c.chars().next().is_some_and(|c| c.is_ascii_digit());
                if heading {
                    if c == ch {
                        let n: u32 = num.parse().unwrap();
                        sec = Some(n);
                        sub = None;
                        order.push((n, None));
                        body.entry((n, None)).or_default();
                    } else {
                        sec = None;
                    }
                    continue;
                }
            }
            let Some(s) = sec else { continue };
            // "(a) ", "~~(j)~~ (I) ", "(1) " (an "(l)" misprinted).
            let marker = {
                let u = t.trim_start_matches('~');
                let u = if u.starts_with('(') && u.get(2..5) == Some(")~~") {
                    u[5..].trim_start()
                } else {
                    u
                };
                let mut cs = u.chars();
                match (cs.next(), cs.next(), cs.next(), cs.next()) {
                    (Some('('), Some(c), Some(')'), Some(sp)) if sp.is_whitespace() => Some(c),
                    _ => None,
                }
            };
            if let Some(m) = marker {
                let mut l = m.to_ascii_lowercase();
                if m == '1' && ch == "637a" && s == 18 && ln.contains("Verbal statements") {
                    l = 'l';
                }
                let expected = sub.map_or('a', |c| (c as u8 + 1) as char);
                let skipped = sub.is_some()
                    && l > expected
                    && l <= (expected as u8 + 2) as char
                    && !"ivx".contains(l);
                if l.is_ascii_lowercase() && (l == expected || skipped) {
                    // A letter the conversion dropped still exists (its text stays with the
                    // one before).
                    while let Some(c) = sub.filter(|c| ((*c as u8) + 1) < l as u8) {
                        let next = (c as u8 + 1) as char;
                        sub = Some(next);
                        order.push((s, sub));
                        body.entry((s, sub)).or_default().push_str(" shall ");
                    }
                    sub = Some(l);
                    order.push((s, sub));
                    body.entry((s, sub)).or_default();
                }
            }
            body.entry((s, sub))
                .or_default()
                .push_str(&format!(" {ln}"));
        }
        let mut seen = BTreeSet::new();
        for key in order {
            if !seen.insert(key) || !says(&body[&key]) {
                continue;
            }
            out.push(match key.1 {
                Some(c) => format!("{ch}.{}({c})", key.0),
                None => format!("{ch}.{}", key.0),
            });
        }
    }
    out
}

#[test]
fn the_matrix_has_a_row_for_every_shall_of_the_seven_chapters() {
    let listed: Vec<String> = std::fs::read_to_string(root().join("docs/conformance-sections.txt"))
        .unwrap()
        .lines()
        .filter(|l| !l.trim().is_empty() && !l.starts_with('#'))
        .map(|l| l.trim().to_string())
        .collect();
    let in_matrix: BTreeSet<String> = rows().into_iter().map(|r| r.section).collect();
    let listed_set: BTreeSet<String> = listed.iter().cloned().collect();
    let missing: Vec<&String> = listed_set.difference(&in_matrix).collect();
    let extra: Vec<&String> = in_matrix.difference(&listed_set).collect();
    assert!(
        missing.is_empty() && extra.is_empty(),
        "sections without a row: {missing:?}; rows for sections the list does not have: {extra:?}"
    );
    // Where the regulation texts are at hand, the list is theirs.
    let seeds = std::env::var_os("DECKHAND_SEEDS")
        .map(PathBuf::from)
        .unwrap_or_else(|| root().join("../shared/seeds"));
    if seeds.join("README.md").exists() {
        let from_texts = sections_from(&seeds);
        let a: BTreeSet<String> = from_texts.iter().cloned().collect();
        let missing: Vec<&String> = a.difference(&listed_set).collect();
        let extra: Vec<&String> = listed_set.difference(&a).collect();
        assert!(
            missing.is_empty() && extra.is_empty(),
            "docs/conformance-sections.txt differs from the texts: missing {missing:?}, not in the texts {extra:?}"
        );
    } else {
        eprintln!(
            "the regulation texts are not at {}: the section list is taken as committed",
            seeds.display()
        );
    }
}

/// The README's table of counts, as the matrix gives it.
fn counts_table(rows: &[Row]) -> String {
    let mut s = String::from(
        "| chapter | rows | implemented | with a test | casino's choice | outside the terminal | open |\n|---|---|---|---|---|---|---|\n",
    );
    let mut total = [0usize; 6];
    for (ch, name) in CHAPTERS {
        let of: Vec<&Row> = rows
            .iter()
            .filter(|r| chapter_of(&r.section) == ch)
            .collect();
        let n = |st: &str| of.iter().filter(|r| r.status == st).count();
        let tested = of
            .iter()
            .filter(|r| r.status == "implemented" && r.test != "-")
            .count();
        let c = [
            of.len(),
            n("implemented"),
            tested,
            n("choice"),
            n("outside"),
            n("open"),
        ];
        for (t, v) in total.iter_mut().zip(c) {
            *t += v;
        }
        s.push_str(&format!(
            "| {ch} {name} | {} | {} | {} | {} | {} | {} |\n",
            c[0], c[1], c[2], c[3], c[4], c[5]
        ));
    }
    s.push_str(&format!(
        "| all | {} | {} | {} | {} | {} | {} |\n",
        total[0], total[1], total[2], total[3], total[4], total[5]
    ));
    s
}

#[test]
fn the_readme_shows_the_matrix_counts_per_chapter() {
    let expected = counts_table(&rows());
    let readme = std::fs::read_to_string(root().join("README.md")).unwrap();
    assert!(
        readme.contains(&expected),
        "README.md's conformance counts are not the matrix's; they are:\n{expected}"
    );
}
