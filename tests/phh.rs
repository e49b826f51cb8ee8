//! Hand histories in the PHH format (issue 41): a round played action by action and recorded
//! in the journal, written by `deckhand export --phh`, read back as TOML with its variant,
//! forced bets, stacks, every action in PHH notation and the hands shown. With
//! `DECKHAND_PHH_DIR` set (`.ci/run` sets it), the files are left there for PokerKit to replay.

use crate::common;

use common::poker::{act, check_through, dealt, post, showdown, to_act};
use deckhand::rules::betting_actions::ActionKind;
use deckhand::rules::games::GameId;
use deckhand::rules::table::{Command, Confirm, TableSetup};

/// A table opened with `setup`, one round of seats 2, 4 and 7 (the button on 7) played to the
/// push: seat 2 raises, seat 4 folds, seat 7 calls, then checks to a showdown.
fn journal(dir: &std::path::Path, name: &str, setup: &TableSetup) -> std::path::PathBuf {
    let db = dir.join(format!("{name}.sqlite"));
    let mut t = common::ui::opened(&db, setup);
    common::poker::ok(
        &mut t,
        Command::StartRound {
            seats: vec![2, 4, 7],
        },
    );
    post(&mut t);
    dealt(&mut t);
    let (seat, _) = to_act(&t).unwrap();
    assert_eq!(seat, 7, "left of the big blind");
    act(&mut t, 7, ActionKind::Call);
    act(&mut t, 2, ActionKind::Raise);
    act(&mut t, 4, ActionKind::Fold);
    act(&mut t, 7, ActionKind::Call);
    check_through(&mut t);
    showdown(&mut t, "Kc Kd 4h 9s 2c", &[(2, "Kh 4s"), (7, "3c 3d")]);
    common::poker::ok(&mut t, Command::CountLosingHands { correct: true });
    common::poker::ok(&mut t, Command::Confirm(Confirm::PotPushed));
    db
}

fn export(db: &std::path::Path) -> std::process::Output {
    std::process::Command::new(env!("CARGO_BIN_EXE_deckhand"))
        .args([
            "export",
            "--phh",
            "--phh-round",
            "1",
            "--db",
            db.to_str().unwrap(),
        ])
        .output()
        .unwrap()
}

/// Leaves the file where `.ci/run` asks, for PokerKit.
fn keep(name: &str, text: &str) {
    if let Ok(dir) = std::env::var("DECKHAND_PHH_DIR") {
        std::fs::create_dir_all(&dir).unwrap();
        std::fs::write(std::path::Path::new(&dir).join(format!("{name}.phh")), text).unwrap();
    }
}

#[test]
fn a_fixed_limit_holdem_round_is_written_as_phh() {
    let dir = tempfile::tempdir().unwrap();
    let setup = common::ui::table(9, GameId::Holdem);
    let db = journal(dir.path(), "fl", &setup);
    let out = export(&db);
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let text = String::from_utf8(out.stdout).unwrap();
    keep("fixed-limit-holdem", &text);
    let v: toml::Value = toml::from_str(&text).unwrap_or_else(|e| panic!("{e}\n{text}"));
    assert_eq!(v["variant"].as_str(), Some("FT"), "{text}");
    // p1 is the first seat left of the button (seat 2, the small blind), the button last.
    assert_eq!(v["seats"], toml::Value::try_from([2, 4, 7]).unwrap());
    assert_eq!(v["seat_count"].as_integer(), Some(10));
    assert_eq!(
        v["blinds_or_straddles"],
        toml::Value::try_from([100, 200, 0]).unwrap()
    );
    assert_eq!(v["small_bet"].as_integer(), Some(200));
    assert_eq!(v["big_bet"].as_integer(), Some(400));
    assert_eq!(v["table"].as_integer(), Some(9));
    assert_eq!(v["hand"].as_integer(), Some(1));
    let actions: Vec<&str> = v["actions"]
        .as_array()
        .unwrap()
        .iter()
        .map(|a| a.as_str().unwrap())
        .collect();
    assert_eq!(
        &actions[..7],
        [
            "d dh p1 ????",
            "d dh p2 ????",
            "d dh p3 ????",
            "p3 cc",
            "p1 cbr 400",
            "p2 f",
            "p3 cc"
        ],
        "{text}"
    );
    assert!(actions.contains(&"d db KcKd4h"), "{text}");
    assert!(actions.contains(&"d db 9s"), "{text}");
    assert!(actions.contains(&"d db 2c"), "{text}");
    assert_eq!(&actions[actions.len() - 2..], ["p1 sm Kh4s", "p3 sm 3c3d"]);
    // Seat 2's kings full take the pot: what each seat ends with.
    let start: Vec<i64> = v["starting_stacks"]
        .as_array()
        .unwrap()
        .iter()
        .map(|x| x.as_integer().unwrap())
        .collect();
    let end: Vec<i64> = v["finishing_stacks"]
        .as_array()
        .unwrap()
        .iter()
        .map(|x| x.as_integer().unwrap())
        .collect();
    assert_eq!(end[0] - start[0], 400 + 200, "{text}");
    assert_eq!(end[1] - start[1], -200, "{text}");
    assert_eq!(end[2] - start[2], -400, "{text}");
}

#[test]
fn a_round_with_its_betting_at_the_table_has_no_hand_history() {
    let dir = tempfile::tempdir().unwrap();
    let mut setup = common::ui::table(9, GameId::Holdem);
    setup.poker.untracked_betting = true;
    let db = dir.path().join("u.sqlite");
    let mut t = common::ui::opened(&db, &setup);
    common::poker::ok(&mut t, Command::StartRound { seats: vec![2, 4] });
    common::poker::ok(
        &mut t,
        Command::Poker(deckhand::rules::poker::hand::HandCommand::Won { seats: vec![4] }),
    );
    common::poker::ok(&mut t, Command::RakeTaken(Default::default()));
    drop(t);
    let out = export(&db);
    assert!(!out.status.success());
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(err.contains("stayed at the table"), "{err}");
}

/// Heads-up No-Limit Hold'em with table stakes: the button (seat 4) posts the small blind and
/// acts first before the flop; PokerKit reverses heads-up blinds itself, and agrees.
#[test]
fn a_heads_up_no_limit_round_is_written_as_phh() {
    use deckhand::rules::poker::hand::HandCommand;
    use deckhand::rules::table::StructureKind;
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("nl.sqlite");
    let mut s = common::ui::table(9, GameId::Holdem);
    s.betting.structure = StructureKind::NoLimit;
    s.max_raises = 0;
    let mut t = common::ui::opened(&db, &s);
    for seat in [2u8, 4] {
        common::poker::ok(
            &mut t,
            Command::AddStake {
                seat,
                amount: 20_000,
            },
        );
    }
    common::poker::ok(&mut t, Command::StartRound { seats: vec![2, 4] });
    post(&mut t);
    dealt(&mut t);
    let bet = |t: &mut deckhand::terminal::Terminal, seat, kind, amount| {
        common::poker::hand(t, HandCommand::Act { seat, kind, amount })
    };
    assert_eq!(
        to_act(&t).map(|(s, _)| s),
        Some(4),
        "the button first before the flop"
    );
    bet(&mut t, 4, ActionKind::Call, None);
    bet(&mut t, 2, ActionKind::Check, None);
    dealt(&mut t);
    assert_eq!(
        to_act(&t).map(|(s, _)| s),
        Some(2),
        "the button last after it"
    );
    bet(&mut t, 2, ActionKind::Bet, Some(400));
    bet(&mut t, 4, ActionKind::Raise, Some(800));
    bet(&mut t, 2, ActionKind::Call, None);
    check_through(&mut t);
    showdown(&mut t, "Kc Kd 4h 9s 2c", &[(2, "Kh 4s"), (4, "3c 3d")]);
    common::poker::ok(&mut t, Command::CountLosingHands { correct: true });
    common::poker::ok(&mut t, Command::Confirm(Confirm::PotPushed));
    drop(t);
    let out = export(&db);
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let text = String::from_utf8(out.stdout).unwrap();
    keep("heads-up-no-limit-holdem", &text);
    let v: toml::Value = toml::from_str(&text).unwrap_or_else(|e| panic!("{e}\n{text}"));
    assert_eq!(v["variant"].as_str(), Some("NT"), "{text}");
    assert_eq!(v["min_bet"].as_integer(), Some(200), "{text}");
    // p1 is seat 2 (left of the button, the big blind heads-up), p2 the button.
    assert_eq!(v["seats"], toml::Value::try_from([2, 4]).unwrap());
    assert_eq!(
        v["blinds_or_straddles"],
        toml::Value::try_from([100, 200]).unwrap()
    );
    assert_eq!(
        v["starting_stacks"],
        toml::Value::try_from([20_000, 20_000]).unwrap()
    );
    assert!(
        text.contains("\"p1 cbr 400\",\n  \"p2 cbr 1200\",\n  \"p1 cc\","),
        "{text}"
    );
    assert_eq!(
        v["finishing_stacks"],
        toml::Value::try_from([21_400, 18_600]).unwrap()
    );
}

/// Pot-Limit Omaha with table stakes, three players, and Fixed-limit Omaha Hi-Lo split between
/// a high and a low: written as `PO` and `FO/8`, four hole cards each.
#[test]
fn omaha_rounds_are_written_as_phh() {
    use deckhand::rules::poker::hand::HandCommand;
    use deckhand::rules::table::StructureKind;
    for (game, name, code) in [
        (GameId::Omaha, "pot-limit-omaha", "PO"),
        (GameId::OmahaHiLo, "fixed-limit-omaha-hi-lo", "FO/8"),
    ] {
        let dir = tempfile::tempdir().unwrap();
        let db = dir.path().join(format!("{name}.sqlite"));
        let mut s = common::ui::table(9, game);
        if game == GameId::Omaha {
            s.betting.structure = StructureKind::PotLimit;
            s.max_raises = 0;
        }
        let mut t = common::ui::opened(&db, &s);
        if game == GameId::Omaha {
            for seat in [2u8, 4, 7] {
                common::poker::ok(
                    &mut t,
                    Command::AddStake {
                        seat,
                        amount: 30_000,
                    },
                );
            }
        }
        common::poker::ok(
            &mut t,
            Command::StartRound {
                seats: vec![2, 4, 7],
            },
        );
        post(&mut t);
        dealt(&mut t);
        // Seat 7 raises (pot-limit: to $5.00, within the pot), the blinds call.
        let amount = (game == GameId::Omaha).then_some(300);
        common::poker::hand(
            &mut t,
            HandCommand::Act {
                seat: 7,
                kind: ActionKind::Raise,
                amount,
            },
        );
        act(&mut t, 2, ActionKind::Call);
        act(&mut t, 4, ActionKind::Call);
        check_through(&mut t);
        showdown(
            &mut t,
            "Ac 2d 5h 9s Kc",
            &[(2, "Kh Kd 7c 8c"), (4, "3c 4d Qh Js"), (7, "Ts Td 6h 6d")],
        );
        common::poker::ok(&mut t, Command::CountLosingHands { correct: true });
        common::poker::ok(&mut t, Command::Confirm(Confirm::PotPushed));
        drop(t);
        let out = export(&db);
        assert!(
            out.status.success(),
            "{name}: {}",
            String::from_utf8_lossy(&out.stderr)
        );
        let text = String::from_utf8(out.stdout).unwrap();
        keep(name, &text);
        let v: toml::Value = toml::from_str(&text).unwrap_or_else(|e| panic!("{e}\n{text}"));
        assert_eq!(v["variant"].as_str(), Some(code), "{text}");
        assert!(text.contains("\"d dh p1 ????????\","), "{text}");
        assert!(text.contains("\"p1 sm KhKd7c8c\","), "{text}");
        let start: i64 = v["starting_stacks"]
            .as_array()
            .unwrap()
            .iter()
            .map(|x| x.as_integer().unwrap())
            .sum();
        let end: i64 = v["finishing_stacks"]
            .as_array()
            .unwrap()
            .iter()
            .map(|x| x.as_integer().unwrap())
            .sum();
        assert_eq!(start, end, "{name}: no rake, every chip somewhere\n{text}");
    }
}

/// The supervisor review's record of a round: "Hand history" writes the round's PHH beside the
/// CSV exports, from the review's own reader.
#[test]
fn the_review_writes_a_rounds_hand_history() {
    use deckhand::rules::table::Command;
    use deckhand::store::Store;
    use deckhand::terminal::Terminal;
    use deckhand::ui::DeckhandApp;
    use egui_kittest::kittest::Queryable;
    let dir = tempfile::tempdir().unwrap();
    let setup = common::ui::table(9, GameId::Holdem);
    let db = journal(dir.path(), "review", &setup);
    let mut t = Terminal::open(Store::open(&db).unwrap(), None).unwrap();
    t.execute(Command::SignOut).unwrap();
    let mut h = common::ui::harness_sized(DeckhandApp::new(t, setup, None), 1024.0, 768.0);
    h.run_ok();
    common::ui::tap(&mut h, "Supervisor review");
    common::play::sign_pad(&mut h, "3001", "135790");
    common::ui::tap(&mut h, "Kind: all");
    common::ui::tap(&mut h, "Rounds");
    h.get_by_label_contains("pushed").click();
    h.run_ok();
    common::ui::tap(&mut h, "Hand history");
    let deadline = std::time::Instant::now() + std::time::Duration::from_secs(10);
    while h
        .query_by_label_contains("Hand history of round 1 written to")
        .is_none()
    {
        assert!(std::time::Instant::now() < deadline, "no hand history");
        h.step();
        std::thread::sleep(std::time::Duration::from_millis(20));
    }
    // Named with its table, as the command line names it (two tables' round 1 never collide).
    let file = dir.path().join("exports").join("table9-round0001.phh");
    let text = std::fs::read_to_string(&file).unwrap();
    assert!(text.starts_with("variant = \"FT\"\n"), "{text}");
    assert!(text.contains("\"p3 sm 3c3d\","), "{text}");
}

/// `deckhand export --phh --phh-dir DIR`: every poker round of a shift in a folder, one file a
/// round, the same text as the single round's export; a round out of `--from`/`--to` is left
/// out; a round PHH cannot hold (its betting at the table) is named with the reason (issue 41).
#[test]
fn a_shifts_rounds_are_written_into_a_folder() {
    let dir = tempfile::tempdir().unwrap();
    let setup = common::ui::table(9, GameId::Holdem);
    let db = journal(dir.path(), "shift", &setup);
    let folder = |out: &std::path::Path, extra: &[&str]| {
        let mut args = vec![
            "export",
            "--phh",
            "--phh-dir",
            out.to_str().unwrap(),
            "--db",
            db.to_str().unwrap(),
        ];
        args.extend_from_slice(extra);
        std::process::Command::new(env!("CARGO_BIN_EXE_deckhand"))
            .args(args)
            .output()
            .unwrap()
    };
    let out_dir = dir.path().join("phh");
    let out = folder(&out_dir, &["--table", "9"]);
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let said = String::from_utf8_lossy(&out.stdout);
    assert!(said.starts_with("1 hand histories written"), "{said}");
    let file = std::fs::read_to_string(out_dir.join("table9-round0001.phh")).unwrap();
    assert_eq!(file, String::from_utf8(export(&db).stdout).unwrap());
    // A shift that ended before the round started holds none of it.
    let early = dir.path().join("early");
    let out = folder(&early, &["--to", "2000-01-01"]);
    assert!(String::from_utf8_lossy(&out.stdout).starts_with("0 hand histories"));
    assert_eq!(std::fs::read_dir(&early).unwrap().count(), 0);
    // Another table's rounds are not this table's.
    let other = dir.path().join("other");
    let out = folder(&other, &["--table", "5"]);
    assert!(String::from_utf8_lossy(&out.stdout).starts_with("0 hand histories"));

    // A round whose betting stayed at the table is named, with why.
    let mut untracked = common::ui::table(9, GameId::Holdem);
    untracked.poker.untracked_betting = true;
    let udb = dir.path().join("u.sqlite");
    let mut t = common::ui::opened(&udb, &untracked);
    common::poker::ok(&mut t, Command::StartRound { seats: vec![2, 4] });
    common::poker::ok(
        &mut t,
        Command::Poker(deckhand::rules::poker::hand::HandCommand::Won { seats: vec![4] }),
    );
    common::poker::ok(&mut t, Command::RakeTaken(Default::default()));
    drop(t);
    let out = std::process::Command::new(env!("CARGO_BIN_EXE_deckhand"))
        .args([
            "export",
            "--phh",
            "--phh-dir",
            dir.path().join("u").to_str().unwrap(),
            "--db",
            udb.to_str().unwrap(),
        ])
        .output()
        .unwrap();
    assert!(out.status.success());
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(
        err.contains("table 9 round 1: no hand history:") && err.contains("stayed at the table"),
        "{err}"
    );
}

/// A few hundred random No-Limit Hold'em and Pot-Limit Omaha rounds of the property tests
/// (`big_bet::random_hand`: random stakes, short all-ins, raises at the least and the most), each
/// written as PHH: every one is written, reads back as TOML and pays out what was put in; with
/// `DECKHAND_PHH_DIR` set, `.ci/run` has PokerKit replay them all and compare the finishing
/// stacks (issue 41). The smallest chip is 1¢ here: PHH has no chip denomination and PokerKit
/// splits a pot to the unit, where a table splits it in whole chips and gives the odd chips
/// by its rule (§ 637a.11(k); docs/hand-verifier.md). A round whose split left an odd cent is
/// not compared: which tied player gets it is the casino's rule, and PokerKit's is its own.
#[test]
fn random_big_bet_rounds_are_written_as_phh_for_pokerkit() {
    let (mut written, mut odd) = (0, 0);
    for seed in 0..300u64 {
        let pot_limit = seed % 2 == 1;
        let (_, hand) = crate::big_bet::random_hand(seed, pot_limit, 1);
        let result = hand.result.as_ref().unwrap();
        if result
            .pots
            .iter()
            .flat_map(|p| &p.halves)
            .any(|h| !h.odd_chips.is_empty())
        {
            odd += 1;
            continue;
        }
        let meta = deckhand::rules::poker::phh::PhhMeta {
            table: 1,
            round: u32::try_from(seed).unwrap() + 1,
            started_utc: "2026-11-29T05:00:00.000000Z".into(),
        };
        let text = deckhand::rules::poker::phh::to_phh(&hand, &meta)
            .unwrap_or_else(|e| panic!("seed {seed}: {e}"));
        let v: toml::Value = toml::from_str(&text).unwrap_or_else(|e| panic!("{e}\n{text}"));
        let sum = |key: &str| -> i64 {
            v[key]
                .as_array()
                .unwrap()
                .iter()
                .map(|x| x.as_integer().unwrap())
                .sum()
        };
        assert_eq!(
            sum("starting_stacks"),
            sum("finishing_stacks"),
            "seed {seed}: chips conserved in the file\n{text}"
        );
        keep(
            &format!(
                "random-{}-{seed:03}",
                if pot_limit { "plo" } else { "nlhe" }
            ),
            &text,
        );
        written += 1;
    }
    assert_eq!(written + odd, 300);
    assert!(written >= 250, "{written} written, {odd} with an odd chip");
}
