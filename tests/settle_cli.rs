//! `deckhand settle` as a floorperson's script uses it: the real binary, JSON on stdin, the
//! configuration's choices, the documented examples, and clear failures.

use std::io::Write;
use std::process::{Command, Stdio};

fn deckhand(args: &[&str], stdin: &str) -> (i32, String, String) {
    let mut child = Command::new(env!("CARGO_BIN_EXE_deckhand"))
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    // A program that stops on a bad configuration may not read its input.
    let _ = child.stdin.take().unwrap().write_all(stdin.as_bytes());
    let out = child.wait_with_output().unwrap();
    (
        out.status.code().unwrap_or(-1),
        String::from_utf8(out.stdout).unwrap(),
        String::from_utf8(out.stderr).unwrap(),
    )
}

fn example(game: &str) -> String {
    std::fs::read_to_string(format!(
        "{}/docs/settle-examples/{game}.json",
        env!("CARGO_MANIFEST_DIR")
    ))
    .unwrap()
}

const GAMES: [&str; 6] = [
    "wpt-heads-up",
    "texas-holdem-bonus",
    "lunar-poker",
    "spanish-21",
    "mississippi-stud",
    "crazy-4-poker",
];

#[test]
fn every_documented_example_settles() {
    for game in GAMES {
        let (code, out, err) = deckhand(&["settle"], &example(game));
        assert_eq!(code, 0, "{game}: {err}");
        let v: serde_json::Value = serde_json::from_str(out.trim()).unwrap();
        assert_eq!(v["game"], game);
        let results = v["results"].as_array().unwrap();
        assert!(results.len() >= 5, "{game}: {results:?}");
        for r in results {
            assert!(r["explanation"].as_str().unwrap().contains('$'), "{r}");
            assert!(r["section"].as_str().unwrap().starts_with('§'), "{r}");
        }
        let t = &v["totals"];
        assert_eq!(
            t["players"].as_i64().unwrap()
                + t["house"].as_i64().unwrap()
                + t["meters"].as_i64().unwrap(),
            0,
            "{game}"
        );
    }
    // The worked figures quoted in docs/settle.md.
    let (_, out, _) = deckhand(&["settle"], &example("crazy-4-poker"));
    let v: serde_json::Value = serde_json::from_str(out.trim()).unwrap();
    let find = |seat: u64, wager: &str| {
        v["results"]
            .as_array()
            .unwrap()
            .iter()
            .find(|r| r["seat"] == seat && r["wager"] == wager)
            .cloned()
            .unwrap()
    };
    assert_eq!(
        find(1, "queens-up")["explanation"],
        "Queens Up: four of a kind, aces pays 50 to 1 on table B → $250.00"
    );
    assert_eq!(find(1, "progressive")["paid"], 750_000);
    assert_eq!(find(3, "envy")["net"], 50_000);
}

#[test]
fn pretty_output_is_the_same_settlement() {
    let (_, a, _) = deckhand(&["settle"], &example("spanish-21"));
    let (_, b, _) = deckhand(&["settle", "--pretty"], &example("spanish-21"));
    assert!(b.lines().count() > 20);
    let a: serde_json::Value = serde_json::from_str(&a).unwrap();
    let b: serde_json::Value = serde_json::from_str(&b).unwrap();
    assert_eq!(a, b);
}

#[test]
fn bad_rounds_fail_with_the_field_and_section() {
    let bad = example("wpt-heads-up").replace("\"amount\": 1500", "\"amount\": 2500");
    let (code, out, err) = deckhand(&["settle"], &bad);
    assert_eq!(code, 1);
    assert!(out.is_empty());
    assert_eq!(
        err.trim(),
        "deckhand: settle: seats[0].raise.amount: a Raise of $25.00 is not allowed here: up to 3× the Ante, $15.00 (§ 677a.11(b))"
    );
    let (code, _, err) = deckhand(&["settle"], "not json");
    assert_eq!(code, 1);
    assert!(err.contains("input: not JSON"), "{err}");
    let (code, _, err) = deckhand(
        &["settle"],
        &example("crazy-4-poker").replace(
            "\"ante\": 1000, \"super_bonus\": 1000, \"queens_up\": 500, \"progressive\": 100",
            "\"ante\": \"12a\", \"super_bonus\": 1000, \"queens_up\": 500, \"progressive\": 100",
        ),
    );
    assert_eq!(code, 1);
    assert!(err.contains("invalid type: string \"12a\""), "{err}");
}

/// Mississippi Stud's wagers (§ 655a.7(d)): an Ante to play, each street 1, 2 or 3 times it,
/// the Progressive Payout Wager one $1 or $5 chip and it and the Three Card Bonus only where
/// the casino offers them; anything else is refused by field and section.
#[test]
fn mississippi_stud_wagers_outside_the_chapter_are_refused() {
    let refused = |round: String| {
        let (code, out, err) = deckhand(&["settle"], &round);
        assert_eq!(code, 1, "{out}");
        err
    };
    let ms = example("mississippi-stud");
    // § 655a.7(d): a progressive that is not one $1 or $5 chip, a side wager the casino does
    // not offer, a seat without an Ante and a street that is no multiple of it are refused.
    let err = refused(ms.replace(
        "\"ante\": 500, \"progressive\": 100,",
        "\"ante\": 500, \"progressive\": 200,",
    ));
    assert!(
        err.contains("seats[0].wagers.progressive: $2.00 is not a progressive wager here")
            && err.contains("§ 655a.7(d)(3)"),
        "{err}"
    );
    let err = refused(ms.replace(
        "\"three_card_bonus\": \"A\"",
        "\"three_card_bonus\": \"A\", \"progressive_offered\": false",
    ));
    assert!(
        err.contains("does not offer the progressive (§ 655a.7(d)(3))"),
        "{err}"
    );
    let err = refused(ms.replace(
        "\"three_card_bonus\": \"A\"",
        "\"three_card_bonus\": \"A\", \"three_card_bonus_offered\": false",
    ));
    assert!(
        err.contains("does not offer the Three Card Bonus (§ 655a.7(d)(4))"),
        "{err}"
    );
    let err = refused(ms.replace("{ \"ante\": 500 }", "{ \"ante\": 0 }"));
    assert!(
        err.contains("seats[2].wagers.ante: an Ante is needed to play (§ 655a.7(d)(1))"),
        "{err}"
    );
    let err = refused(ms.replace("[500, 500, 500]", "[500, 750, 500]"));
    assert!(
        err.contains("seats[2].streets[1]") && err.contains("§ 655a.11(d)"),
        "{err}"
    );
    // The example itself, within the chapter, settles.
    let (code, _, err) = deckhand(&["settle"], &ms);
    assert_eq!(code, 0, "{err}");
}

#[test]
fn the_configuration_picks_paytables_and_a_folder_can_replace_them() {
    let dir = tempfile::tempdir().unwrap();
    let config = dir.path().join("deckhand.toml");
    let base = deckhand::config::DEFAULT_TOML;
    std::fs::write(
        &config,
        base.replace("queens_up = \"A\"", "queens_up = \"D\""),
    )
    .unwrap();
    // The example names table B itself; without it the configured D applies.
    let round = example("crazy-4-poker").replace("\"queens_up\": \"B\", ", "");
    let (code, out, err) = deckhand(&["--config", config.to_str().unwrap(), "settle"], &round);
    assert_eq!(code, 0, "{err}");
    let v: serde_json::Value = serde_json::from_str(out.trim()).unwrap();
    assert_eq!(v["paytables"]["queens-up"], "D");
    // A configured table that does not exist stops the program, naming the key.
    std::fs::write(
        &config,
        base.replace("queens_up = \"A\"", "queens_up = \"Q\""),
    )
    .unwrap();
    let (code, _, err) = deckhand(&["--config", config.to_str().unwrap(), "settle"], &round);
    assert_eq!(code, 1);
    assert!(err.contains("house.crazy-4-poker.queens_up"), "{err}");
    // A paytable folder with a broken file names file and line.
    let tables = dir.path().join("paytables");
    std::fs::create_dir(&tables).unwrap();
    std::fs::write(tables.join("crazy-4-poker.toml"), "game = \"crazy-4-poker\"\n[[paytable]]\nwager = \"ante\"\ntable = \"standard\"\nsection = \"§ 657a.12(a)\"\nlines = [{ hand = \"win\", pays = \"one to one\" }]\n").unwrap();
    std::fs::write(
        &config,
        base.replace("dir = \"\"", &format!("dir = \"{}\"", tables.display())),
    )
    .unwrap();
    let (code, _, err) = deckhand(&["--config", config.to_str().unwrap(), "settle"], &round);
    assert_eq!(code, 1);
    assert!(err.contains("crazy-4-poker.toml:6: `one to one`"), "{err}");
}

#[test]
fn a_poker_room_showdown_settles_pots_halves_and_odd_chips() {
    let input = example("omaha-hi-lo");
    let (code, out, err) = deckhand(&["settle"], &input);
    assert_eq!(code, 0, "{err}");
    let v: serde_json::Value = serde_json::from_str(&out).unwrap();
    // Side pot first (seats 3 and 6), main pot last; seat 8 folded and is eligible for none.
    assert_eq!(v["pots"][0]["pot"], "side 1");
    assert_eq!(v["pots"][0]["eligible"], serde_json::json!([3, 6]));
    assert_eq!(v["pots"][1]["pot"], "main");
    assert_eq!(v["pots"][1]["eligible"], serde_json::json!([1, 3, 6]));
    // Rake capped at $4, then the $1 Bad Beat contribution.
    assert_eq!(
        (v["rake"].as_i64(), v["bad_beat"].as_i64()),
        (Some(400), Some(100))
    );
    // The main pot's low is quartered between seats 1 and 3.
    let low = &v["pots"][1]["halves"][1];
    assert_eq!(low["half"], "low");
    assert_eq!(low["winners"][0]["amount"], low["winners"][1]["amount"]);
    assert_eq!(v["hands"][2]["hand"], "One pair, queens; no qualifying low");
    // Every cent put in is paid out, raked or contributed.
    let paid: i64 = v["totals"]
        .as_array()
        .unwrap()
        .iter()
        .map(|t| t["amount"].as_i64().unwrap())
        .sum();
    assert_eq!(paid + 500, 1500 + 4000 + 4000 + 1000);
    assert!(
        v["explanation"][0]
            .as_str()
            .unwrap()
            .contains("Rake $4.00 (§ 637a.17)")
    );

    // Bad input: a clear message and a failing exit, never a panic.
    for (edit, want) in [
        (("Ac 2c Kd Ks", "Ac 2c Kd Kx"), "seat 1"),
        (("Ac 2c Kd Ks", "Ad 2c Kd Ks"), "appears twice"),
        (("\"put_in\": 1500", "\"put_in\": -5"), "negative"),
        (("\"seat\": 3", "\"seat\": 1"), "appears twice"),
        (("\"chip\": 25", "\"chip\": 0"), "chip"),
        (("\"button\": 6", "\"buton\": 6"), "unknown field"),
        (
            ("\"rake_percent\": 10", "\"rake_percent\": 12"),
            "§ 637a.17(b)(1)",
        ),
        (("Ac 2c Kd Ks", "Ac 2c Kd"), "needs 4 hole cards"),
    ] {
        let bad = input.replacen(edit.0, edit.1, 1);
        assert_ne!(bad, input, "{edit:?} must change the input");
        let (code, out, err) = deckhand(&["settle"], &bad);
        assert_ne!(code, 0, "{edit:?}: {out}");
        assert!(err.contains(want), "{edit:?}: {err}");
        assert!(!err.contains("panicked"), "{err}");
    }
}

#[test]
fn a_rounding_unit_below_a_cent_or_a_negative_limit_is_refused_by_name() {
    let with_rules = |game: &str, rules: serde_json::Value| {
        let mut v: serde_json::Value = serde_json::from_str(&example(game)).unwrap();
        v["rules"] = rules;
        v.to_string()
    };
    for unit in [0, -100] {
        let (code, out, err) = deckhand(
            &["settle"],
            &with_rules(
                "crazy-4-poker",
                serde_json::json!({ "rounding_unit_cents": unit }),
            ),
        );
        assert_eq!(code, 1, "rounding {unit}: {out}");
        assert_eq!(
            err.trim(),
            format!("deckhand: settle: rules.rounding_unit_cents: at least 1 cent, not {unit}")
        );
    }
    let (code, _, err) = deckhand(
        &["settle"],
        &with_rules(
            "mississippi-stud",
            serde_json::json!({ "payout_limit_cents": -500 }),
        ),
    );
    assert_eq!(code, 1);
    assert!(
        err.contains("rules.payout_limit_cents: cannot be negative (-500)"),
        "{err}"
    );
    let (code, _, err) = deckhand(
        &["settle"],
        &with_rules(
            "mississippi-stud",
            serde_json::json!({ "payout_limit_cents": "12a" }),
        ),
    );
    assert_eq!(code, 1);
    assert!(
        err.contains("rules.payout_limit_cents: must be a whole number"),
        "{err}"
    );
    // A positive unit still settles.
    let (code, _, err) = deckhand(
        &["settle"],
        &with_rules(
            "crazy-4-poker",
            serde_json::json!({ "rounding_unit_cents": 100 }),
        ),
    );
    assert_eq!(code, 0, "{err}");
}

/// `deckhand eval … | head -1`: the reader goes away after one line; the command ends quietly
/// with success, not a panic on the broken pipe (exit 101).
#[test]
fn every_command_ends_quietly_when_its_reader_goes_away() {
    let hands: String = (0..200_000)
        .map(|i| {
            if i % 2 == 0 {
                "Ah Kh Qh Jh Th\n"
            } else {
                "2c 7d 9h Js 4s\n"
            }
        })
        .collect();
    let mut child = Command::new(env!("CARGO_BIN_EXE_deckhand"))
        .args(["eval", "--game", "holdem", "--batch"])
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let mut stdin = child.stdin.take().unwrap();
    let feeder = std::thread::spawn(move || {
        let _ = stdin.write_all(hands.as_bytes());
    });
    // Read one line, as `head -1` does, then close the pipe.
    let mut stdout = child.stdout.take().unwrap();
    let mut first = [0u8; 16];
    std::io::Read::read_exact(&mut stdout, &mut first).unwrap();
    drop(stdout);
    let out = child.wait_with_output().unwrap();
    let _ = feeder.join();
    let err = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(0), "{err}");
    assert!(!err.contains("panicked"), "{err}");
}
