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
    if let Some(input) = stdin {
        child
            .stdin
            .take()
            .unwrap()
            .write_all(input.as_bytes())
            .unwrap();
    }
    let out = child.wait_with_output().unwrap();
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
