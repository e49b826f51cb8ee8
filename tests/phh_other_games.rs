//! Hand histories in the PHH format for the Stud and Draw games (issue 41): Seven-card Stud
//! (`F7S`), Stud Hi-Lo 8 (`F7S/8`), Razz (`FR`), Deuce-to-Seven Triple Draw (`F2L3D`) and
//! Badugi (`FB`), each played through the rules and read back: the variant, the bring-in and its
//! `pb`, the up cards, the draws, the hands shown and the finishing stacks; `deckhand hand
//! --phh`; and what PHH cannot hold, refused with the reason. With `DECKHAND_PHH_DIR` set
//! (`.ci/run` sets it), the files are left there for PokerKit to replay.

use crate::common;

use deckhand::rules::betting_actions::ActionKind;
use deckhand::rules::cards::parse_cards;
use deckhand::rules::games::GameId;
use deckhand::rules::poker::hand::{Hand, HandCommand, HandSetup, Step, Structure};
use deckhand::rules::poker::hand_check;
use deckhand::rules::poker::phh::{PhhMeta, to_phh};
use deckhand::rules::poker::pots::AwardRules;

/// Leaves the file where `.ci/run` asks, for PokerKit.
fn keep(name: &str, text: &str) {
    if let Ok(dir) = std::env::var("DECKHAND_PHH_DIR") {
        std::fs::create_dir_all(&dir).unwrap();
        std::fs::write(std::path::Path::new(&dir).join(format!("{name}.phh")), text).unwrap();
    }
}

fn example(name: &str) -> std::path::PathBuf {
    std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("docs/hand-examples")
        .join(name)
}

/// The documented example `name` (docs/hand-examples/).
fn read(name: &str) -> String {
    std::fs::read_to_string(example(name)).unwrap()
}

/// `deckhand hand --phh` with `input` on standard input.
fn hand_phh(input: &str) -> std::process::Output {
    common::deckhand_with_input(&["hand", "--phh"], input.as_bytes())
}

/// A round of `deckhand hand` input checked by the rules, written as PHH.
fn phh_of(input: &str) -> Result<String, String> {
    let (outcome, hand) = hand_check::check_round(input).unwrap();
    assert!(outcome.illegal.is_none(), "{:?}", outcome.illegal);
    to_phh(&hand, &PhhMeta::default())
}

fn toml_of(text: &str) -> toml::Value {
    toml::from_str(text).unwrap_or_else(|e| panic!("{e}\n{text}"))
}

fn actions(v: &toml::Value) -> Vec<String> {
    v["actions"]
        .as_array()
        .unwrap()
        .iter()
        .map(|a| a.as_str().unwrap().to_string())
        .collect()
}

fn ints(v: &toml::Value, key: &str) -> Vec<i64> {
    v[key]
        .as_array()
        .unwrap_or_else(|| panic!("no {key}"))
        .iter()
        .map(|x| x.as_integer().unwrap())
        .collect()
}

/// The documented examples (docs/hand-examples/, one per game PHH gained): `deckhand hand
/// --phh` on each `.json` writes exactly the `.phh` committed beside it, which PokerKit
/// replays in `.ci/run`.
#[test]
fn each_documented_stud_and_draw_example_is_what_deckhand_hand_writes() {
    for (name, code) in [
        ("fixed-limit-seven-card-stud", "F7S"),
        ("fixed-limit-seven-card-stud-hi-lo-8", "F7S/8"),
        ("fixed-limit-razz", "FR"),
        ("fixed-limit-triple-draw-2-7", "F2L3D"),
        ("fixed-limit-badugi", "FB"),
    ] {
        let input = read(&format!("{name}.json"));
        let out = hand_phh(&input);
        assert!(
            out.status.success(),
            "{name}: {}",
            String::from_utf8_lossy(&out.stderr)
        );
        let text = String::from_utf8(out.stdout).unwrap();
        keep(name, &text);
        let committed = read(&format!("{name}.phh"));
        assert_eq!(text, committed, "{name}: the committed example is stale");
        let v = toml_of(&text);
        assert_eq!(v["variant"].as_str(), Some(code), "{text}");
        // A round of `deckhand hand` has no table or round number, nor a start time.
        assert!(
            v.get("table").is_none() && v.get("year").is_none(),
            "{text}"
        );
        assert_eq!(
            ints(&v, "starting_stacks").iter().sum::<i64>(),
            ints(&v, "finishing_stacks").iter().sum::<i64>(),
            "{name}: no rake, every chip somewhere"
        );
    }
}

/// Seven-card Stud (§ 637a.10): players numbered from the dealer's left (seats 2, 5, 7 are p1,
/// p2, p3), the forced bet as PHH's bring-in posted by the lowest up card (3♣, § 637a.10(d)),
/// each deal with its down cards unknown and its up card as entered, the completion to the small
/// bet as `cbr`, 7th street face down.
#[test]
fn seven_card_stud_is_written_with_its_bring_in_and_up_cards() {
    let input = read("fixed-limit-seven-card-stud.json");
    let text = phh_of(&input).unwrap();
    let v = toml_of(&text);
    assert_eq!(v["variant"].as_str(), Some("F7S"));
    assert_eq!(v["bring_in"].as_integer(), Some(50), "{text}");
    assert!(v.get("blinds_or_straddles").is_none(), "{text}");
    assert_eq!(ints(&v, "antes"), [25, 25, 25]);
    assert_eq!(ints(&v, "seats"), [2, 5, 7]);
    assert_eq!(v["seat_count"].as_integer(), Some(9));
    let a = actions(&v);
    assert_eq!(
        &a[..7],
        [
            "d dh p1 ????3c",
            "d dh p2 ????Kd",
            "d dh p3 ????9h",
            "p1 pb",
            "p2 cbr 200",
            "p3 cc",
            "p1 f"
        ],
        "{text}"
    );
    // 4th street to the two left, the open kings first (§ 637a.10(f)).
    assert_eq!(
        &a[7..12],
        [
            "d dh p2 Kc",
            "d dh p3 2s",
            "p2 cbr 200",
            "p3 cbr 400",
            "p2 cc"
        ]
    );
    assert!(
        text.contains("\"d dh p2 ??\",\n  \"d dh p3 ??\","),
        "{text}"
    );
    assert_eq!(
        &a[a.len() - 2..],
        ["p2 sm AhAdKdKc8d4sJs", "p3 sm Tc8c9h2s8h5cQs"]
    );
    // Seat 2 loses its ante and bring-in; seat 5's aces up take the $21.25 pot.
    assert_eq!(ints(&v, "finishing_stacks"), [3925, 5100, 2975]);
}

/// Razz (`FR`, Seven-card Stud Low § 637a.10(i)(2)): the highest up card brings it in, the ace
/// low (K♠ over K♣ by suit, not the A♥); from 4th street the best low showing opens.
#[test]
fn razz_brings_in_on_the_highest_card_with_the_ace_low() {
    let input = read("fixed-limit-razz.json");
    let text = phh_of(&input).unwrap();
    let v = toml_of(&text);
    assert_eq!(v["variant"].as_str(), Some("FR"));
    let a = actions(&v);
    assert_eq!(a[3], "p2 pb", "{text}");
    assert_eq!(&a[7..10], ["d dh p2 3d", "d dh p3 5c", "p3 cc"], "{text}");
    assert_eq!(ints(&v, "finishing_stacks"), [3975, 3175, 4850]);
}

/// Stud Hi-Lo 8 (`F7S/8`, § 637a.10(j)): two players fold to the bring-in (2♥), the pot splits
/// between aces up and a seven low.
#[test]
fn stud_hi_lo_8_splits_between_the_high_and_the_low() {
    let input = read("fixed-limit-seven-card-stud-hi-lo-8.json");
    let text = phh_of(&input).unwrap();
    let v = toml_of(&text);
    assert_eq!(v["variant"].as_str(), Some("F7S/8"));
    assert_eq!(v["bring_in"].as_integer(), Some(100));
    let a = actions(&v);
    assert_eq!(&a[4..7], ["p4 pb", "p1 f", "p2 f"], "{text}");
    assert_eq!(ints(&v, "finishing_stacks"), [4950, 4950, 5050, 5050]);
}

/// Triple Draw 2-7 (`F2L3D`, § 637a.20) and Badugi (`FB`, § 637a.21): each draw is the player's
/// discard, `sd` with as many unknown cards as it drew (bare when it stands pat), and once every
/// player has drawn the dealer's replacements, as PHH orders a draw.
#[test]
fn triple_draw_and_badugi_write_each_draw() {
    let input = read("fixed-limit-triple-draw-2-7.json");
    let text = phh_of(&input).unwrap();
    let v = toml_of(&text);
    assert_eq!(v["variant"].as_str(), Some("F2L3D"));
    assert_eq!(ints(&v, "blinds_or_straddles"), [100, 200, 0]);
    let a = actions(&v);
    assert_eq!(a[0], "d dh p1 ??????????");
    assert_eq!(
        &a[6..10],
        ["p1 sd ????", "p3 sd ??", "d dh p1 ????", "d dh p3 ??"],
        "{text}"
    );
    assert_eq!(&a[13..16], ["p1 sd ??", "p3 sd", "d dh p1 ??"], "{text}");
    assert_eq!(&a[18..20], ["p1 sd", "p3 sd"], "{text}");
    assert_eq!(ints(&v, "finishing_stacks"), [11200, 9800, 9000]);

    // Heads-up Badugi: p1 is the big blind, the button (p2) posts the small blind and acts first
    // before the draws.
    let input = read("fixed-limit-badugi.json");
    let text = phh_of(&input).unwrap();
    let v = toml_of(&text);
    assert_eq!(v["variant"].as_str(), Some("FB"));
    assert_eq!(ints(&v, "blinds_or_straddles"), [100, 200]);
    assert_eq!(ints(&v, "seats"), [3, 6]);
    let a = actions(&v);
    assert_eq!(
        &a[..8],
        [
            "d dh p1 ????????",
            "d dh p2 ????????",
            "p2 cc",
            "p1 cc",
            "p1 sd ??",
            "p2 sd ????",
            "d dh p1 ??",
            "d dh p2 ????"
        ],
        "{text}"
    );
    assert_eq!(&a[a.len() - 2..], ["p1 sm Ac2d3h4s", "p2 sm 2c5d7hKs"]);
    assert_eq!(ints(&v, "finishing_stacks"), [10800, 9200]);
}

fn stud_hi_lo_8(seats: Vec<(u8, i64)>) -> HandSetup {
    HandSetup {
        game: GameId::SevenCardStudHiLo8,
        seats,
        button: 0,
        ante: 50,
        blinds: vec![],
        straddle: None,
        forced_bet: 100,
        structure: Structure::FixedLimit {
            small: 200,
            big: 400,
        },
        max_raises: 3,
        big_bet: Default::default(),
        limit_percent: 100,
        low_ace_low: true,
        raise_needs_caller: true,
        untracked: false,
        heads_up_button_small_blind: true,
        pot_rules: Default::default(),
        award: AwardRules::for_game(GameId::SevenCardStudHiLo8),
        posts: vec![],
    }
}

/// Plays `script` through the round, the forced bets and the deals without up cards applied by
/// themselves.
fn play(h: &mut Hand, script: Vec<HandCommand>) {
    let mut script = script.into_iter();
    for _ in 0..100 {
        let cmd = match &h.step {
            Step::Complete => return,
            Step::PostForced { .. } => HandCommand::Posted { straddle: false },
            Step::Deal { up: 0, .. } => HandCommand::Dealt {
                up: vec![],
                common: None,
            },
            step => script
                .next()
                .unwrap_or_else(|| panic!("the script ended at {step:?}")),
        };
        let step = h.step.clone();
        h.run(cmd.clone())
            .unwrap_or_else(|e| panic!("{cmd:?} refused at {step:?}: {e}"));
    }
    panic!("the round never ended");
}

fn up(cards: &[(u8, &str)]) -> HandCommand {
    HandCommand::Dealt {
        up: cards
            .iter()
            .map(|(s, c)| (*s, c.parse().unwrap()))
            .collect(),
        common: None,
    }
}

fn act(seat: u8, kind: ActionKind) -> HandCommand {
    HandCommand::Act {
        seat,
        kind,
        amount: None,
    }
}

/// Stud Hi-Lo 8 through the round state machine, seat 3 all-in on 5th street: PokerKit shows
/// the hands once nobody can bet any more, before each further street (its all-in showdown), so
/// the file shows them there, the down cards unknown until the hands shown at the end.
#[test]
fn a_stud_all_in_shows_the_hands_before_each_further_street() {
    use ActionKind::*;
    let setup = stud_hi_lo_8(vec![(1, 5000), (3, 675), (5, 5000)]);
    let mut h = Hand::start(setup).unwrap();
    play(
        &mut h,
        vec![
            up(&[(1, "Qc"), (3, "Kd"), (5, "2h")]),
            act(1, Fold),
            act(3, Raise),
            act(5, Call),
            up(&[(3, "Kc"), (5, "3h")]),
            act(3, Bet),
            act(5, Call),
            up(&[(3, "8d"), (5, "5h")]),
            act(3, Bet),
            act(5, Call),
            up(&[(3, "4s"), (5, "9c")]),
            HandCommand::Showdown {
                hands: vec![
                    (3, parse_cards("Ah Ad Kd Kc 8d 4s Js").unwrap()),
                    (5, parse_cards("6c 7c 2h 3h 5h 9c Ts").unwrap()),
                ],
                board: vec![],
            },
        ],
    );
    let meta = PhhMeta {
        table: 4,
        round: 12,
        started_utc: "2026-11-29T05:00:00Z".into(),
    };
    let text = to_phh(&h, &meta).unwrap();
    keep("stud-hi-lo-8-all-in", &text);
    let v = toml_of(&text);
    assert_eq!(v["table"].as_integer(), Some(4));
    assert_eq!(v["hand"].as_integer(), Some(12));
    assert_eq!(ints(&v, "starting_stacks"), [5000, 675, 5000]);
    assert_eq!(
        actions(&v),
        [
            "d dh p1 ????Qc",
            "d dh p2 ????Kd",
            "d dh p3 ????2h",
            "p3 pb",
            "p1 f",
            "p2 cbr 200",
            "p3 cc",
            "d dh p2 Kc",
            "d dh p3 3h",
            "p2 cbr 200",
            "p3 cc",
            "d dh p2 8d",
            "d dh p3 5h",
            "p2 cbr 225",
            "p3 cc",
            "p2 sm ????KdKc8d",
            "p3 sm ????2h3h5h",
            "d dh p2 4s",
            "d dh p3 9c",
            "p2 sm ????KdKc8d4s",
            "p3 sm ????2h3h5h9c",
            "d dh p2 ??",
            "d dh p3 ??",
            "p2 sm AhAdKdKc8d4sJs",
            "p3 sm 6c7c2h3h5h9cTs",
        ],
        "{text}"
    );
    // $14 split: aces up and the seven low take $7 each.
    assert_eq!(ints(&v, "finishing_stacks"), [4950, 700, 5025]);
}

/// `deckhand hand --phh` on the documented fixed-limit Hold'em round with its showdown added
/// (`{"hands": …, "board": …}`): the PHH of the round it checked, without the table's fields.
/// Without the hands shown it says what is missing.
#[test]
fn deckhand_hand_phh_writes_the_round_it_checked() {
    let text = read("fixed-limit-holdem.json");
    let out = hand_phh(&text);
    assert!(!out.status.success());
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(err.contains("waits for its showdown"), "{err}");

    let mut input: serde_json::Value = serde_json::from_str(&text).unwrap();
    let showdown = serde_json::json!({
        "hands": [[1, "Kh 4s"], [2, "Ah Ad"]],
        "board": "Kc Kd 4h 9s 2c"
    });
    input["actions"].as_array_mut().unwrap().push(showdown);
    let out = hand_phh(&input.to_string());
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let phh = String::from_utf8(out.stdout).unwrap();
    keep("hand-fixed-limit-holdem", &phh);
    assert_eq!(
        phh,
        r#"variant = "FT"
ante_trimming_status = true
antes = [0, 0, 0]
blinds_or_straddles = [100, 200, 0]
small_bet = 200
big_bet = 400
starting_stacks = [5000, 5000, 5000]
actions = [
  "d dh p1 ????",
  "d dh p2 ????",
  "d dh p3 ????",
  "p3 cbr 400",
  "p1 cbr 600",
  "p2 cbr 800",
  "p3 cc",
  "p1 cc",
  "d db KcKd4h",
  "p1 cc",
  "p2 cbr 200",
  "p3 f",
  "p1 cc",
  "d db 9s",
  "p1 cc",
  "p2 cc",
  "d db 2c",
  "p1 cc",
  "p2 cbr 400",
  "p1 cc",
  "p1 sm Kh4s",
  "p2 sm AhAd",
]
seats = [1, 2, 3]
seat_count = 10
finishing_stacks = [7200, 3600, 4200]
"#
    );
    // The JSON check itself follows the showdown to the award.
    let out = common::deckhand_with_input(&["hand"], input.to_string().as_bytes());
    let v: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(v["stands"], "complete", "{v}");
}

/// What PHH cannot hold is refused with the reason, never written wrong: a game at a structure
/// PHH has no code for, a game with no code at all, a Razz round whose best low showing by the
/// rules (§ 637a.10(f)(2)) is not the one PokerKit opens with, a forced bet PHH's bring-in cannot
/// be.
#[test]
fn what_phh_cannot_hold_is_refused_with_the_reason() {
    // Spread-limit Stud (docs/hand-examples/spread-limit-stud.json), through the command.
    let text = read("spread-limit-stud.json");
    let out = hand_phh(&text);
    assert!(!out.status.success());
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(
        err.contains("seven-card-stud at spread limit has no PHH variant code")
            && err.contains("F7S at fixed limit"),
        "{err}"
    );

    // Five-card Draw: PHH has no code for it.
    let draw = r#"{"game": "five-card-draw",
        "structure": {"structure": "fixed-limit", "small": 200, "big": 400},
        "blinds": [100, 200], "max_raises": 3, "button": 1,
        "seats": [{"seat": 1, "stake": 5000}, {"seat": 2, "stake": 5000}, {"seat": 3, "stake": 5000}],
        "actions": [{"seat": 1, "action": "fold"}, {"seat": 2, "action": "fold"}]}"#;
    let err = phh_of(draw).unwrap_err();
    assert!(
        err.starts_with("five-card-draw has no PHH variant code"),
        "{err}"
    );

    // Razz, 5th street: 3♣ 3♦ K♥ against 9♣ 9♦ 2♥. The rules open with the lower highest card
    // (seat 2); PokerKit with the lower pair (seat 1).
    let razz = r#"{"game": "razz",
        "structure": {"structure": "fixed-limit", "small": 200, "big": 400},
        "ante": 25, "forced_bet": 50, "max_raises": 3,
        "seats": [{"seat": 1, "stake": 4000}, {"seat": 2, "stake": 4000}],
        "actions": [
          {"up": [[1, "3c"], [2, "9c"]]}, {"seat": 1, "action": "call"},
          {"up": [[1, "3d"], [2, "9d"]]}, {"seat": 1, "action": "check"}, {"seat": 2, "action": "check"},
          {"up": [[1, "Kh"], [2, "2h"]]}, {"seat": 2, "action": "bet", "to": 400},
          {"seat": 1, "action": "fold"}]}"#;
    let err = phh_of(razz).unwrap_err();
    assert!(
        err.contains("opens at seat 2; PokerKit opens at seat 1"),
        "{err}"
    );

    // A forced bet as large as the small bet: PHH's bring-in is below it.
    let stud = r#"{"game": "seven-card-stud",
        "structure": {"structure": "fixed-limit", "small": 200, "big": 400},
        "ante": 25, "forced_bet": 200, "max_raises": 3,
        "seats": [{"seat": 1, "stake": 4000}, {"seat": 2, "stake": 4000}],
        "actions": [{"up": [[1, "3c"], [2, "9c"]]}, {"seat": 2, "action": "fold"}]}"#;
    let err = phh_of(stud).unwrap_err();
    assert!(err.contains("not below the small bet"), "{err}");
}
