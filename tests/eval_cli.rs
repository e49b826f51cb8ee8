//! `deckhand eval` as a person or a script uses it: the real binary, arguments and stdin.

use std::io::Write;
use std::process::{Command, Stdio};

fn deckhand(args: &[&str], stdin: Option<&str>) -> (i32, String, String) {
    let mut child = Command::new(env!("CARGO_BIN_EXE_deckhand"))
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    // Written from a thread: a large batch answers while it is still being fed, and a pipe
    // written and read by one thread would fill and wait forever.
    let feeder = stdin.map(|input| {
        let mut pipe = child.stdin.take().unwrap();
        let input = input.to_string();
        std::thread::spawn(move || {
            let _ = pipe.write_all(input.as_bytes());
        })
    });
    let out = child.wait_with_output().unwrap();
    if let Some(f) = feeder {
        f.join().unwrap();
    }
    (
        out.status.code().unwrap_or(-1),
        String::from_utf8(out.stdout).unwrap(),
        String::from_utf8(out.stderr).unwrap(),
    )
}

#[test]
fn one_hand_prints_one_json_object() {
    let (code, out, _) = deckhand(
        &[
            "eval", "--game", "holdem", "Kh", "4s", "--board", "Kc", "Kd", "4h", "9s", "2c",
        ],
        None,
    );
    assert_eq!(code, 0);
    let v: serde_json::Value = serde_json::from_str(out.trim()).unwrap();
    assert_eq!(v["category"], "full-house");
    assert_eq!(v["description"], "Full house, kings full of fours");
    assert_eq!(v["cards"].as_array().unwrap().len(), 5);
}

#[test]
fn bad_input_is_one_line_on_stderr_and_a_failure() {
    let (code, out, err) = deckhand(
        &[
            "eval", "--game", "holdem", "Kh", "1x", "--board", "Kc", "Kd", "4h",
        ],
        None,
    );
    assert_ne!(code, 0);
    assert!(out.is_empty());
    assert_eq!(err.trim(), "deckhand: `1x`: unknown rank `1`");
    let (code, _, err) = deckhand(&["eval", "--game", "poker", "Kh"], None);
    assert_ne!(code, 0);
    assert!(err.contains("unknown game `poker`"), "{err}");
    assert_eq!(err.trim().lines().count(), 1);
}

#[test]
fn batch_goes_on_past_a_bad_line() {
    let input = "Ac 2d Kh Kd | 3h 5c 8s Qd Jc\nAc 2d | 3h\nAc Qs Kh Kd | 3h 5c 8s Qd Jc\n";
    let (code, out, err) = deckhand(&["eval", "--game", "omaha-hi-lo", "--batch"], Some(input));
    let lines: Vec<serde_json::Value> = out
        .lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect();
    assert_eq!(lines.len(), 3);
    assert_eq!(lines[0]["low"]["description"], "8-5-3-2-A low");
    assert_eq!(lines[1]["line"], 2);
    assert_eq!(lines[1]["error"], "omaha-hi-lo needs 4 hole cards, got 2");
    assert!(lines[2]["low"].is_null());
    assert_ne!(code, 0, "a failed line makes the run fail");
    assert!(err.contains("1 line(s)"));
}

/// Fit for scripts (issue 24, item 6): every object carries its input line number, a blank
/// line is an error object in its place (not skipped, which would shift every later answer),
/// and the order holds across the chunks the lines are shared out in between the cores.
#[test]
fn batch_answers_carry_their_line_and_keep_their_order() {
    let input = "Kh 4s | Kc Kd 4h 9s 2c\n\nAs Ad | Ac Ah 2c 3d 9s\r\n   \n";
    let (code, out, err) = deckhand(&["eval", "--game", "holdem", "--batch"], Some(input));
    let lines: Vec<serde_json::Value> = out
        .lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect();
    assert_eq!(lines.len(), 4, "{out}");
    for (i, v) in lines.iter().enumerate() {
        assert_eq!(v["line"], i + 1, "{v}");
    }
    assert_eq!(lines[0]["category"], "full-house");
    assert!(
        lines[1]["error"]
            .as_str()
            .unwrap()
            .starts_with("a blank line")
    );
    assert_eq!(lines[2]["category"], "four-of-a-kind");
    assert!(lines[3]["error"].is_string());
    assert_ne!(code, 0);
    assert!(err.contains("2 line(s)"), "{err}");

    // 70,000 hands: more than one chunk; each answer where its question was.
    let deck: Vec<String> = "23456789TJQKA"
        .chars()
        .flat_map(|r| "cdhs".chars().map(move |s| format!("{r}{s}")))
        .collect();
    let mut seed = 7u64;
    let mut next = || {
        seed = seed
            .wrapping_mul(6364136223846793005)
            .wrapping_add(1442695040888963407);
        (seed >> 33) as usize
    };
    let mut input = String::new();
    let mut hands = Vec::new();
    for _ in 0..70_000 {
        let mut d = deck.clone();
        let cards: Vec<String> = (0..7).map(|_| d.remove(next() % d.len())).collect();
        let line = format!("{} | {}", cards[..2].join(" "), cards[2..].join(" "));
        input.push_str(&line);
        input.push('\n');
        hands.push(line);
    }
    let (code, out, err) = deckhand(&["eval", "--game", "holdem", "--batch"], Some(&input));
    assert_eq!(code, 0, "{err}");
    let got: Vec<&str> = out.lines().collect();
    assert_eq!(got.len(), 70_000);
    for i in [0usize, 1, 32_767, 32_768, 50_001, 69_999] {
        let v: serde_json::Value = serde_json::from_str(got[i]).unwrap();
        assert_eq!(v["line"], i + 1);
        let (hole, board) = hands[i].split_once(" | ").unwrap();
        let mut args = vec!["eval", "--game", "holdem"];
        args.extend(hole.split(' '));
        args.push("--board");
        args.extend(board.split(' '));
        let (_, one, _) = deckhand(&args, None);
        let one: serde_json::Value = serde_json::from_str(one.trim()).unwrap();
        assert_eq!(v["value"], one["value"], "line {}", i + 1);
        assert_eq!(v["description"], one["description"]);
    }
}

/// The names players use are accepted, and `--help` lists every game id.
#[test]
fn games_by_the_names_players_use_and_listed_in_help() {
    let (code, out, err) = deckhand(
        &["eval", "--game", "razz", "As", "2d", "3h", "4c", "6s"],
        None,
    );
    assert_eq!(code, 0, "{err}");
    let v: serde_json::Value = serde_json::from_str(out.trim()).unwrap();
    assert_eq!(v["game"], "seven-card-stud-low");
    let (code, out, _) = deckhand(
        &[
            "eval", "--game", "omaha-8", "Ac", "2d", "Kh", "Kd", "--board", "3h", "5c", "8s", "Qd",
            "Jc",
        ],
        None,
    );
    assert_eq!(code, 0);
    assert!(out.contains("\"game\":\"omaha-hi-lo\""), "{out}");
    let (code, out, _) = deckhand(&["eval", "--help"], None);
    assert_eq!(code, 0);
    for id in [
        "holdem",
        "omaha-hi-lo",
        "seven-card-stud-hi-lo-8",
        "triple-draw-badacey",
        "badugi",
        "wpt-heads-up",
        "crazy-4-poker",
        "spanish-21",
    ] {
        assert!(out.contains(id), "--help lacks {id}:\n{out}");
    }
    assert!(out.contains("razz (seven-card-stud-low)"), "{out}");
}
