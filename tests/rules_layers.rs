//! The rules stand in layers (issue 43, item 4; docs/architecture.md "The layers"), from the
//! bottom up: a game's identity (`game_id.rs`, `dealing.rs`, `game_def.rs`) and the rankings;
//! the house-banked vocabulary and the round (`banked/round/`), which is handed its game's
//! definition; each game's folder; the registry, which lists every game (`registry.rs`,
//! `banked/house_choices.rs`, `banked/paytable_files.rs`); and the table above them all. A file
//! that reaches up (a name of the registry or the table below them, the registry's methods of a
//! game, a game's own steps from the generic round) makes a circle of imports again: each rule
//! below fails with the file and line that breaks it.

/// Every `.rs` file under `src/rules`, as (path from the project, code without its
/// `#[cfg(test)]` module); the test files (`tests.rs`, `*_tests.rs`) are left out.
fn rules_sources() -> Vec<(String, String)> {
    crate::common::sources::code_under("src/rules")
        .into_iter()
        .filter(|(f, _)| !(f.ends_with("/tests.rs") || f == "tests.rs" || f.ends_with("_tests.rs")))
        .map(|(f, code)| (format!("src/rules/{f}"), code))
        .collect()
}

/// Lines of code (comments left out) of the files `in_layer` picks that hold a word `bad` finds,
/// as `file:line: text`.
fn reaching_up(in_layer: impl Fn(&str) -> bool, bad: impl Fn(&str) -> bool) -> Vec<String> {
    let mut found = Vec::new();
    for (file, code) in rules_sources().iter().filter(|(f, _)| in_layer(f)) {
        for (n, line) in code.lines().enumerate() {
            let t = line.trim_start();
            if !t.starts_with("//") && bad(t) {
                found.push(format!("{file}:{}: {t}", n + 1));
            }
        }
    }
    found
}

/// Above the games: the registry and the files that read or check every game through it.
const ABOVE_THE_GAMES: &[&str] = &[
    "src/rules/registry.rs",
    "src/rules/banked/house_choices.rs",
    "src/rules/banked/paytable_files.rs",
];

/// At or below the games: the identity, the rankings, the house-banked vocabulary, the round
/// and each game's folder.
fn below_the_registry(file: &str) -> bool {
    !ABOVE_THE_GAMES.contains(&file)
        && (file.starts_with("src/rules/banked/")
            || [
                "src/rules/game_id.rs",
                "src/rules/game_def.rs",
                "src/rules/dealing.rs",
                "src/rules/games.rs",
                "src/rules/cards.rs",
                "src/rules/eval.rs",
            ]
            .contains(&file))
}

/// `GameId::def`, `name`, `section` and `is_house_banked` read the registry.
fn asks_the_registry(line: &str) -> bool {
    line.contains("registry::")
        || ["def()", "name()", "section()", "is_house_banked()"]
            .iter()
            .any(|m| line.contains(&format!("game.{m}")) || line.contains(&format!("game().{m}")))
}

#[test]
fn nothing_below_the_registry_asks_it_for_a_game() {
    let found = reaching_up(below_the_registry, asks_the_registry);
    assert!(
        found.is_empty(),
        "below the registry, handed its game instead of looking it up:\n{}",
        found.join("\n")
    );
}

#[test]
fn the_poker_room_and_the_house_banked_games_stand_below_the_table() {
    let found = reaching_up(
        |f| f.starts_with("src/rules/poker/") || f.starts_with("src/rules/banked/"),
        |l| l.contains("rules::table") || l.contains("super::table"),
    );
    assert!(
        found.is_empty(),
        "the table stands above the rounds it plays:\n{}",
        found.join("\n")
    );
}

/// The generic round may name a game's data in its commands and events (`lunar_part.rs`,
/// `hands21.rs`, `thb_part.rs`), never a game's own module or steps.
#[test]
fn the_generic_round_names_no_games_steps() {
    const GAMES: &[&str] = &["wpt", "thb", "lunar", "mstud", "crazy4", "spanish21"];
    const DATA: &[&str] = &["::lunar_part::", "::thb_part::"];
    let found = reaching_up(
        |f| f.starts_with("src/rules/banked/round/"),
        |l| {
            GAMES.iter().any(|g| {
                [format!("banked::{g}::"), format!("super::{g}::")]
                    .iter()
                    .any(|p| {
                        l.match_indices(p.as_str())
                            .any(|(i, _)| !DATA.iter().any(|d| l[i + p.len() - 2..].starts_with(d)))
                    })
            })
        },
    );
    assert!(
        found.is_empty(),
        "the round reaches a game's module:\n{}",
        found.join("\n")
    );
}

/// Words that read or change one game's part of a round (Lunar Poker's draws and lock-in,
/// Spanish 21's hands, Texas Hold 'Em Bonus's system draw), or ask which game is played.
const A_GAMES_PART: &[&str] = &[
    "LunarPlay",
    "hands21::Play21",
    "ThbPart",
    ".lunar(",
    "lunar_mut(",
    ".spanish21(",
    "play21(",
    "play21_mut(",
    ".system_draw(",
    "GameId::LunarPoker",
    "GameId::Spanish21",
    "GameId::TexasHoldemBonus",
];

/// The generic round holds one `part` of its game (`round/game_part.rs`, written from the game
/// list) and asks it through `RoundPart`: no file of `round/` reads a game's part or asks which
/// game it plays (issue 43, item 1). The commands and events (`step_event.rs`) name the
/// journal's words.
#[test]
fn the_generic_round_holds_no_games_part() {
    let found = reaching_up(
        |f| f.starts_with("src/rules/banked/round/") && !f.ends_with("/step_event.rs"),
        |l| A_GAMES_PART.iter().any(|w| l.contains(w)),
    );
    assert!(
        found.is_empty(),
        "the round reads a game's part itself:\n{}",
        found.join("\n")
    );
}

/// A game's own commands, events and steps (`OwnSteps` in its folder): Lunar Poker's draws,
/// declarations, lock-in and replacement card, Spanish 21's boxes and hands.
const A_GAMES_COMMANDS: &[&str] = &[
    "LunarCommand",
    "LunarEvent",
    "Command21",
    "Event21",
    "Step21",
    "Play21",
    "Spanish21(",
    "LunarPoker(",
];

/// The generic round's commands, events and steps name no game's: a game's own are one
/// variant each (`BankedCommand::Own`, `BankedEvent::Own`, `BankedStep::Own`) whose enums are
/// written from the game list, and the round hands each to its game's `OwnSteps` (issue 43,
/// item 1). `step_event.rs`, the journal's words, is held to it too.
#[test]
fn the_generic_round_takes_no_games_commands() {
    let found = reaching_up(
        |f| f.starts_with("src/rules/banked/round/"),
        |l| A_GAMES_COMMANDS.iter().any(|w| l.contains(w)),
    );
    assert!(
        found.is_empty(),
        "the round takes a game's command itself:\n{}",
        found.join("\n")
    );
}

#[test]
fn the_checker_reads_the_round_the_games_and_the_registry() {
    let files: Vec<String> = rules_sources().into_iter().map(|(f, _)| f).collect();
    for f in [
        "src/rules/banked/round/mod.rs",
        "src/rules/banked/lunar/lunar_part.rs",
        "src/rules/registry.rs",
        "src/rules/game_id.rs",
    ] {
        assert!(files.iter().any(|x| x == f), "{f} is read");
    }
    // Whole: a `#[cfg(test)] mod tests;` declared at the top of a file does not end what is
    // read of it (it once did, and hid the round's every step from these checks); an inline
    // test module does.
    let declared = "#[cfg(test)]\nmod tests;\npub fn decide(".to_string();
    assert_eq!(crate::common::sources::code_of(declared.clone()), declared);
    let inline = "pub fn decide() {}\n#[cfg(test)]\nmod tests {\n    fn t() {}\n}\n".to_string();
    assert_eq!(
        crate::common::sources::code_of(inline),
        "pub fn decide() {}\n"
    );
    let round = rules_sources()
        .into_iter()
        .find(|(f, _)| f == "src/rules/banked/round/mod.rs")
        .map(|(_, code)| code)
        .unwrap();
    assert!(round.contains("pub fn decide("));
    // A game's definition looked up from the round, a registry name below it, and the table
    // named by a poker round are each caught.
    assert!(asks_the_registry("let d = self.game.def();"));
    assert!(asks_the_registry("use crate::rules::registry::GAMES;"));
    assert!(!asks_the_registry("let d = self.def();"));
    assert!(below_the_registry("src/rules/banked/round/mod.rs"));
    assert!(!below_the_registry("src/rules/banked/house_choices.rs"));
}

/// The rules are pure: no file, socket, database, clock or screen (docs/architecture.md). The
/// configuration reads the paytables' folder and hands the texts in.
#[test]
fn the_rules_open_no_file_and_read_no_clock() {
    let found = reaching_up(
        |_| true,
        |l| {
            [
                "std::fs",
                "std::net",
                "rusqlite",
                "egui",
                "SystemTime::now",
                "Utc::now",
                "Instant::now",
            ]
            .iter()
            .any(|io| l.contains(io))
        },
    );
    assert!(found.is_empty(), "I/O in the rules:\n{}", found.join("\n"));
}

/// A file's name says what it holds: no two files under `src/rules` share a name (but `mod.rs`),
/// so `def.rs` of one game is never mistaken for another's.
#[test]
fn no_two_files_in_the_rules_share_a_name() {
    let mut by_name: std::collections::BTreeMap<String, Vec<String>> = Default::default();
    for (path, _) in super::common::sources::code_under("src/rules") {
        let name = path.rsplit('/').next().unwrap_or(&path).to_string();
        if name != "mod.rs" {
            by_name.entry(name).or_default().push(path);
        }
    }
    let shared: Vec<_> = by_name.values().filter(|v| v.len() > 1).collect();
    assert!(shared.is_empty(), "files that share a name: {shared:?}");
}

/// The files of the three machines' decide and apply (`rules::machine`): the table's (its
/// configuration check in `setup.rs` aside, which answers with the file's key), the round's,
/// the poker hand's, and each game's part of a round and its own steps.
fn machine_file(f: &str) -> bool {
    let under = |dir: &str| f.starts_with(dir) && !f[dir.len()..].contains('/');
    (under("src/rules/table/") && !f.ends_with("/setup.rs"))
        || under("src/rules/banked/round/")
        || under("src/rules/poker/hand/")
        || (f.starts_with("src/rules/banked/")
            && [
                "_part.rs",
                "part21.rs",
                "_play.rs",
                "play21.rs",
                "_steps.rs",
                "steps21.rs",
            ]
            .iter()
            .any(|end| f.ends_with(end)))
}

/// The text inside the brackets that open at `code[open]`, strings skipped.
fn bracketed(code: &str, open: usize) -> &str {
    let bytes = code.as_bytes();
    let (mut depth, mut i, mut in_string) = (0usize, open, false);
    while i < bytes.len() {
        match bytes[i] {
            b'\\' if in_string => i += 1,
            b'"' => in_string = !in_string,
            b'(' if !in_string => depth += 1,
            b')' if !in_string => {
                depth -= 1;
                if depth == 0 {
                    return &code[open + 1..i];
                }
            }
            _ => {}
        }
        i += 1;
    }
    &code[open + 1..]
}

/// Words that cite a section outside a `refusal!`, `Refusal::citing` or `cited` (comments
/// aside).
fn untyped_section(inner: &str) -> bool {
    let mut rest = inner.to_string();
    for typed in ["refusal!(", "Refusal::citing(", "cited("] {
        while let Some(at) = rest.find(typed) {
            let open = at + typed.len() - 1;
            let len = bracketed(&rest, open).len();
            rest.replace_range(at..open + len + 2, "");
        }
    }
    rest.lines()
        .any(|l| !l.trim_start().starts_with("//") && l.contains('§'))
}

/// Item 2: a refusal names its section where the rule refuses (`refusal!`,
/// `Refusal::citing`, and the settlement's `cited`), never only in its words, where nothing
/// can read it back.
#[test]
fn the_machines_name_the_section_where_they_refuse() {
    let mut untyped = Vec::new();
    let sources = rules_sources();
    let machines: Vec<_> = sources.iter().filter(|(f, _)| machine_file(f)).collect();
    for (file, code) in &machines {
        for opener in ["Err(", "refuse(", "Refusal::plain(", "Refusal::from("] {
            untyped.extend(untyped_calls(file, code, opener));
        }
    }
    // The settlement's checks of what was keyed (`banked::err`, `banked::cited`), in every
    // game's folder: a round the settlement refuses is the round's refusal.
    for (file, code) in sources
        .iter()
        .filter(|(f, _)| f.starts_with("src/rules/banked/"))
    {
        untyped.extend(untyped_calls(file, code, "err("));
    }
    assert!(
        machines.len() >= 30,
        "only {} files of the machines read",
        machines.len()
    );
    assert!(
        untyped.is_empty(),
        "refusals whose section is only in their words:\n{}",
        untyped.join("\n")
    );
}

/// The calls `opener` (a name and its opening bracket, not the tail of a longer name or a
/// method) in `code` whose words cite a section outside a typed refusal, as `file:line: call`.
fn untyped_calls(file: &str, code: &str, opener: &str) -> Vec<String> {
    let mut found = Vec::new();
    for (at, _) in code.match_indices(opener) {
        let before = code[..at].chars().last();
        if before.is_some_and(|c| c.is_alphanumeric() || "_:.".contains(c)) {
            continue;
        }
        let inner = bracketed(code, at + opener.len() - 1);
        if untyped_section(inner) {
            let line = code[..at].lines().count();
            let first = inner.trim_start().lines().next().unwrap_or("");
            found.push(format!("{file}:{line}: {opener}{first}"));
        }
    }
    found
}
