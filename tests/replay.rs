//! The journal holds outcomes, and a replay never ignores an error: a row altered so that the
//! rules no longer give it (its chain re-signed, so the hashes alone do not tell) stops the
//! terminal's start with the row's serial on the screen, writes nothing, and `deckhand
//! verify-log --replay` names the same row. An untouched journal replays clean.

use crate::common;
use deckhand::rules::banked::lunar::lunar_steps::LunarCommand;

use common::poker::{act, check_through, dealt, post, showdown, to_act};
use deckhand::rules::betting_actions::ActionKind;
use deckhand::rules::table::{Command, Confirm};
use deckhand::store::{ChainStatus, JournalRow, Store};
use deckhand::terminal::Terminal;
use egui_kittest::kittest::Queryable;

/// A Hold'em table opened, one round played to the push; returns the database's path.
fn holdem_journal(dir: &std::path::Path) -> std::path::PathBuf {
    let db = dir.join("table.sqlite");
    let setup = common::ui::table(9, deckhand::rules::games::GameId::Holdem);
    let mut t = common::ui::opened(&db, &setup);
    common::poker::ok(
        &mut t,
        Command::StartRound {
            seats: vec![2, 4, 7],
        },
    );
    post(&mut t);
    dealt(&mut t);
    // Seat 7 calls the big blind: the row an auditor will alter.
    let (seat, _) = to_act(&t).unwrap();
    act(&mut t, seat, ActionKind::Call);
    check_through(&mut t);
    showdown(
        &mut t,
        "Kc Kd 4h 9s 2c",
        &[(2, "Kh 4s"), (4, "Ah Qh"), (7, "3c 3d")],
    );
    common::poker::ok(&mut t, Command::CountLosingHands { correct: true });
    common::poker::ok(&mut t, Command::Confirm(Confirm::PotPushed));
    db
}

fn rows(db: &std::path::Path) -> Vec<JournalRow> {
    Store::open(db).unwrap().all_rows().unwrap()
}

/// The journal still has its `count` rows; the kinds of any written since are named.
fn nothing_written_since(db: &std::path::Path, count: usize) {
    let after = rows(db);
    let new: Vec<String> = after.iter().skip(count).map(|r| r.kind.clone()).collect();
    assert_eq!(after.len(), count, "nothing was written: {new:?}");
}

/// Rewrites one row's payload and re-signs the chain from it on, and the head with the
/// terminal's own key, as someone with write access to the file and the key could, or as a
/// change of the rules would look (neither the hashes nor the signature can tell).
fn alter_and_rechain(db: &std::path::Path, serial: i64, edit: impl Fn(&str) -> String) {
    common::rechain(db, serial, edit);
    common::resign_head(db);
}

/// The configuration `deckhand` would load, on this database, without devices.
fn config(db: &std::path::Path) -> deckhand::config::Config {
    let mut c = deckhand::config::Config::parse(deckhand::config::DEFAULT_TOML, "test").unwrap();
    c.store.database = db.display().to_string();
    c.shuffler.port = "none".into();
    // Shuffled by hand: the house-banked games deal from a manual shoe (§ x.9(a)(1)).
    c.table.dealing = deckhand::rules::registry::Dealing::ManualShoe;
    c.progressive.port = "none".into();
    // The journal of a round played action by action.
    c.holdem.betting_actions = Some(deckhand::config::BettingActions::Tracked);
    c
}

#[test]
fn an_untouched_journal_replays_clean_and_the_restart_rebuilds_the_same_table() {
    let dir = tempfile::tempdir().unwrap();
    let db = holdem_journal(dir.path());
    let report = deckhand::store::replay::replay_file(&db).unwrap();
    assert!(report.divergence.is_none(), "{report}");
    // The showdown's award and the push, each recomputed.
    assert_eq!(report.pots, 2, "{report}");
    let before = Terminal::open(Store::open(&db).unwrap(), None).unwrap();
    let again = Terminal::open(Store::open(&db).unwrap(), None).unwrap();
    assert_eq!(before.table(), again.table());
    assert_eq!(before.table().rounds_played, 1);
}

#[test]
fn an_altered_outcome_stops_the_start_with_its_serial_and_verify_names_it() {
    let dir = tempfile::tempdir().unwrap();
    let db = holdem_journal(dir.path());
    // Seat 7's call of $2.00 becomes $3.00: the rules give $2.00 for a call there.
    let called = rows(&db)
        .into_iter()
        .find(|r| r.kind == "player_acted" && r.payload.contains(r#""action":"call""#))
        .unwrap();
    alter_and_rechain(&db, called.serial, |p| {
        p.replacen(r#""amount":200"#, r#""amount":300"#, 1)
    });
    let count = rows(&db).len();
    assert!(
        matches!(Store::verify_file(&db).unwrap(), ChainStatus::Intact { .. }),
        "re-signed with the key: the chain and the signature alone do not tell"
    );

    // The terminal, built as `deckhand` builds it with its simulated devices, stops with the
    // serial on the screen; no device link has started, so "wrote nothing" holds (issue 40).
    let mut with_devices = config(&db);
    with_devices.shuffler.port = "simulated".into();
    with_devices.progressive.port = "simulated".into();
    let station = deckhand::app::start(&with_devices, Default::default(), None);
    assert!(station.table().is_none(), "the terminal must not start");
    let mut h = common::ui::station_harness(station, 1280.0, 800.0);
    h.run_ok();
    // Time for a link to connect and journal its state, had one started.
    std::thread::sleep(std::time::Duration::from_millis(1500));
    h.run_ok();
    h.get_by_label("The terminal cannot start");
    h.get_by_label_contains(&format!(
        "Journal row {} (player_acted) cannot be applied",
        called.serial
    ));
    h.get_by_label_contains("The hash chain is intact: the row was written this way.");
    drop(h);
    nothing_written_since(&db, count);

    // `verify-log --replay` names the same row, the chain intact.
    let report = deckhand::store::replay::replay_file(&db).unwrap();
    assert_eq!(
        report.divergence.as_ref().map(|d| d.serial),
        Some(called.serial),
        "{report}"
    );
    let out = std::process::Command::new(env!("CARGO_BIN_EXE_deckhand"))
        .args(["verify-log", "--replay", "--db"])
        .arg(&db)
        .output()
        .unwrap();
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(!out.status.success(), "{text}");
    assert!(text.contains("intact:"), "{text}");
    assert!(
        text.contains(&format!(
            "replay stops at serial {} (player_acted): the row cannot be applied",
            called.serial
        )),
        "{text}"
    );
}

/// A row edited in the file without re-signing the chain: the stop screen says the record was
/// changed after it was written, naming the row where the chain breaks.
#[test]
fn an_edited_row_stops_the_start_and_the_screen_says_the_chain_is_broken() {
    let dir = tempfile::tempdir().unwrap();
    let db = holdem_journal(dir.path());
    let called = rows(&db)
        .into_iter()
        .find(|r| r.kind == "player_acted" && r.payload.contains(r#""action":"call""#))
        .unwrap();
    let conn = rusqlite::Connection::open(&db).unwrap();
    conn.execute_batch("DROP TRIGGER journal_no_update;")
        .unwrap();
    conn.execute(
        "UPDATE journal SET payload = replace(payload, '\"amount\":200', '\"amount\":300') WHERE serial = ?1",
        [called.serial],
    )
    .unwrap();
    drop(conn);
    let station = deckhand::app::start(&config(&db), Default::default(), None);
    assert!(station.table().is_none(), "the terminal must not start");
    let mut h = common::ui::station_harness(station, 1280.0, 800.0);
    h.run_ok();
    h.get_by_label_contains(&format!(
        "The journal's hash chain is broken at row {}",
        called.serial
    ));
    h.get_by_label_contains("The record was changed after it was written.");
}

/// A row edited so that it still obeys every rule (only its time moved): the chain alone tells,
/// and the terminal refuses to start on it, writing nothing.
#[test]
fn an_edit_the_rules_accept_still_stops_the_start() {
    let dir = tempfile::tempdir().unwrap();
    let db = holdem_journal(dir.path());
    let target = rows(&db)
        .into_iter()
        .find(|r| r.kind == "player_acted")
        .unwrap();
    let count = rows(&db).len();
    let conn = rusqlite::Connection::open(&db).unwrap();
    conn.execute_batch("DROP TRIGGER journal_no_update;")
        .unwrap();
    conn.execute(
        "UPDATE journal SET ts_utc = '2020-01-01T00:00:00.000000Z' WHERE serial = ?1",
        [target.serial],
    )
    .unwrap();
    drop(conn);
    let report = deckhand::store::replay::replay_file(&db).unwrap();
    assert!(
        report.divergence.is_none(),
        "the rules see nothing: {report}"
    );
    let station = deckhand::app::start(&config(&db), Default::default(), None);
    assert!(station.table().is_none(), "the terminal must not start");
    let mut h = common::ui::station_harness(station, 1280.0, 800.0);
    h.run_ok();
    h.get_by_label_contains(&format!(
        "The journal's hash chain is broken at row {}",
        target.serial
    ));
    drop(h);
    nothing_written_since(&db, count);
}

/// A recorded house-banked settlement the rules give differently now (a payout raised in the
/// row, the chain re-signed) is named by the replay with both amounts.
#[test]
fn an_altered_settlement_is_named_by_the_replay() {
    use deckhand::rules::banked::round::{BankedCommand, BankedStep};
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("c4.sqlite");
    let setup = common::ui::table(9, deckhand::rules::games::GameId::Crazy4Poker);
    let mut t = common::ui::opened(&db, &setup);
    common::poker::ok(&mut t, Command::StartRound { seats: vec![2] });
    let b = |c| Command::Banked(c);
    common::poker::ok(
        &mut t,
        b(BankedCommand::Wagers {
            seat: 2,
            wagers: [("ante".to_string(), 1000)].into(),
        }),
    );
    for c in [BankedCommand::NoMoreBets, BankedCommand::Dealt] {
        common::poker::ok(&mut t, b(c));
    }
    common::poker::ok(
        &mut t,
        b(BankedCommand::Decide {
            seat: 2,
            multiple: 1,
        }),
    );
    common::poker::ok(&mut t, b(BankedCommand::Revealed));
    let c = |s: &str| deckhand::rules::cards::parse_cards(s).unwrap();
    common::poker::ok(
        &mut t,
        b(BankedCommand::keyed(
            vec![(2, c("Ac Ad 9h 5s 3c"))],
            c("Kc 9d 7h 4s 2c"),
            vec![],
        )),
    );
    assert!(matches!(
        t.table()
            .round
            .as_ref()
            .unwrap()
            .banked
            .as_ref()
            .unwrap()
            .step,
        BankedStep::Pay { .. }
    ));
    common::poker::ok(&mut t, b(BankedCommand::Paid));
    drop(t);
    assert!(
        deckhand::store::replay::replay_file(&db)
            .unwrap()
            .divergence
            .is_none()
    );
    let settled = rows(&db)
        .into_iter()
        .find(|r| r.kind == "round_settled")
        .unwrap();
    // The Ante's win of $10.00 (paid $20.00) becomes $30.00 paid.
    alter_and_rechain(&db, settled.serial, |p| {
        p.replacen(r#""paid":2000"#, r#""paid":3000"#, 1)
    });
    let report = deckhand::store::replay::replay_file(&db).unwrap();
    let d = report.divergence.expect("diverges");
    assert_eq!(
        (d.serial, d.kind.as_str()),
        (settled.serial, "round_settled")
    );
    assert!(d.recorded.contains("paid $30.00"), "{}", d.recorded);
    assert!(d.now.contains("paid $20.00"), "{}", d.now);
}

/// `deckhand replay --round 1` prints a recorded round step by step: who and when, what
/// happened, the section, where the round stood.
#[test]
fn the_replay_command_prints_a_holdem_and_a_crazy_4_round_step_by_step() {
    let dir = tempfile::tempdir().unwrap();
    let db = holdem_journal(dir.path());
    let out = std::process::Command::new(env!("CARGO_BIN_EXE_deckhand"))
        .args(["replay", "--round", "1", "--db"])
        .arg(&db)
        .output()
        .unwrap();
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(
        out.status.success(),
        "{text}{}",
        String::from_utf8_lossy(&out.stderr)
    );
    for line in [
        "Round 1, replayed from the journal",
        "Round 1 started with the Red deck: seats 2, 4, 7, button 7",
        "seat 2 posts the blind $1.00; seat 4 posts the blind $2.00",
        "dealer Alex Rivera (20417)",
        "§ 637a.11",
        "seat 7 calls $2.00",
        "then: Seat 2 to act",
        "showdown: board K♣ K♦ 4♥ 9♠ 2♣",
        "Full house, kings full of fours",
        "Pot of $6.00 pushed: $6.00 to seat 2",
    ] {
        assert!(text.contains(line), "{line} missing:\n{text}");
    }
    // A round that is not there is an error, not an empty print.
    let out = std::process::Command::new(env!("CARGO_BIN_EXE_deckhand"))
        .args(["replay", "--round", "9", "--db"])
        .arg(&db)
        .output()
        .unwrap();
    assert!(!out.status.success());
    assert!(String::from_utf8_lossy(&out.stderr).contains("round 9 is not in this journal"));

    let c4 = crazy_4_journal(dir.path());
    let steps = deckhand::store::replay::round_steps_file(&c4, 1).unwrap();
    let whats: Vec<&str> = steps.iter().map(|s| s.what.as_str()).collect();
    for want in [
        "Seat 2 wagers Ante $10.00, Super Bonus $10.00",
        "No more bets: seats 2 play",
        "Seat 2: Play $10.00",
        "Done: reveal the dealer's five cards",
        "Cards keyed: seat 2 A♣ A♦ 9♥ 5♠ 3♣, dealer K♣ 9♦ 7♥ 4♠ 2♣",
        "Paid",
    ] {
        assert!(whats.iter().any(|w| w.contains(want)), "{want}: {whats:#?}");
    }
    assert!(
        whats.iter().any(|w| w.starts_with("Settled: house result")),
        "{whats:#?}"
    );
    // Each wager by its name on the screen, not the settlement's key.
    assert!(
        whats.iter().any(|w| w.contains("seat 2 Super Bonus ")),
        "{whats:#?}"
    );
    assert_eq!(steps.last().unwrap().then, "Shuffle and cut by hand");
    // The house deals every round: a house-banked round's start names no button.
    assert!(
        whats.contains(&"Round 1 started with the Red deck: seats 2"),
        "{whats:#?}"
    );
}

/// A Spanish 21 round replayed in its game's words: its wagers by their names on the layout
/// ("Spanish 21", not "Ante") and its shoe (the walk read "Ante" and "button 1").
#[test]
fn a_spanish_21_round_replays_in_its_own_words() {
    use deckhand::rules::banked::round::BankedCommand;
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("s21-steps.sqlite");
    let s = common::ui::table(12, deckhand::rules::games::GameId::Spanish21);
    let mut t = Terminal::open(Store::open(&db).unwrap(), None).unwrap();
    deckhand::demo::stage_at(&mut t, &s, deckhand::demo::At::Opened).unwrap();
    common::poker::ok(&mut t, Command::StartRound { seats: vec![1] });
    let wagers = [
        ("ante".to_string(), 1000),
        ("match_the_dealer".to_string(), 500),
    ];
    common::poker::ok(
        &mut t,
        Command::Banked(BankedCommand::Wagers {
            seat: 1,
            wagers: wagers.into(),
        }),
    );
    drop(t);
    let steps = deckhand::store::replay::round_steps_file(&db, 1).unwrap();
    let whats: Vec<&str> = steps.iter().map(|s| s.what.as_str()).collect();
    assert_eq!(
        whats,
        [
            "Round 1 started with the Red shoe: seats 1",
            "Seat 1 wagers Spanish 21 $10.00, Match the Dealer $5.00",
        ]
    );
}

/// The supervisor review's Replay steps through the same round on the screen.
#[test]
fn the_review_replays_a_round_step_by_step() {
    use deckhand::ui::DeckhandApp;
    let dir = tempfile::tempdir().unwrap();
    let db = holdem_journal(dir.path());
    let mut t = Terminal::open(Store::open(&db).unwrap(), None).unwrap();
    t.execute(Command::SignOut).unwrap();
    let setup = common::ui::table(9, deckhand::rules::games::GameId::Holdem);
    // At 1024×768, the smallest screen a table uses.
    let mut h = common::ui::harness_sized(DeckhandApp::new(t, setup, None), 1024.0, 768.0);
    h.run_ok();
    common::ui::tap(&mut h, "Supervisor review");
    common::play::sign_pad(&mut h, "3001", "135790");
    common::ui::tap(&mut h, "Kind: all");
    common::ui::tap(&mut h, "Rounds");
    // The newest record of the round, its push: in words, with the round's replay. Before a
    // record is open the list has the screen's width.
    let row = h.get_by_label_contains("Pot of $6.00 pushed: $6.00 to seat 2 · Hold'em · table 9");
    assert!(
        row.rect().width() > 900.0,
        "the list's rows: {:?}",
        row.rect()
    );
    row.click();
    h.run_ok();
    h.get_by_label("Pot of $6.00 pushed: $6.00 to seat 2");
    common::ui::tap(&mut h, "Replay round 1");
    h.get_by_label_contains("Round 1 · step 1 of");
    // The replay's controls stay on the screen.
    for b in ["Previous step", "Next step", "Close replay"] {
        let at = h.get_by_label(b).rect();
        assert!(at.max.x <= 1024.0, "{b} runs off the screen: {at:?}");
    }
    h.get_by_label("Round 1 started with the Red deck: seats 2, 4, 7, button 7");
    h.get_by_label_contains("Then: Collect the forced bets");
    common::ui::tap(&mut h, "Next step");
    h.get_by_label_contains("Round 1 · step 2 of");
    h.get_by_label("seat 2 posts the blind $1.00; seat 4 posts the blind $2.00");
    common::ui::tap(&mut h, "Previous step");
    h.get_by_label_contains("Round 1 · step 1 of");
    common::ui::tap(&mut h, "Close replay");
    assert!(h.query_by_label("Next step").is_none());
}

/// A Crazy 4 Poker table opened, one round of one seat to the payment.
fn crazy_4_journal(dir: &std::path::Path) -> std::path::PathBuf {
    use deckhand::rules::banked::round::BankedCommand;
    let db = dir.join("c4-steps.sqlite");
    let setup = common::ui::table(9, deckhand::rules::games::GameId::Crazy4Poker);
    let mut t = common::ui::opened(&db, &setup);
    common::poker::ok(&mut t, Command::StartRound { seats: vec![2] });
    let b = |c| Command::Banked(c);
    common::poker::ok(
        &mut t,
        b(BankedCommand::Wagers {
            seat: 2,
            wagers: [("ante".to_string(), 1000)].into(),
        }),
    );
    for c in [BankedCommand::NoMoreBets, BankedCommand::Dealt] {
        common::poker::ok(&mut t, b(c));
    }
    common::poker::ok(
        &mut t,
        b(BankedCommand::Decide {
            seat: 2,
            multiple: 1,
        }),
    );
    common::poker::ok(&mut t, b(BankedCommand::Revealed));
    let c = |s: &str| deckhand::rules::cards::parse_cards(s).unwrap();
    common::poker::ok(
        &mut t,
        b(BankedCommand::keyed(
            vec![(2, c("Ac Ad 9h 5s 3c"))],
            c("Kc 9d 7h 4s 2c"),
            vec![],
        )),
    );
    common::poker::ok(&mut t, b(BankedCommand::Paid));
    db
}

/// A round with the betting kept at the table, played to the push with a $3.00 rake and the
/// jackpot drops; returns the database's path.
fn untracked_journal(dir: &std::path::Path) -> std::path::PathBuf {
    use deckhand::rules::poker::hand::HandCommand;
    let db = dir.join("table.sqlite");
    let mut setup = common::ui::table(9, deckhand::rules::games::GameId::Holdem);
    setup.poker.untracked_betting = true;
    setup.pot_rules.rake_percent = 10;
    setup.pot_rules.rake_cap = 500;
    let mut t = common::ui::opened(&db, &setup);
    let ok = common::poker::ok;
    ok(
        &mut t,
        Command::StartRound {
            seats: vec![2, 4, 7],
        },
    );
    for _ in 0..4 {
        ok(&mut t, Command::Poker(HandCommand::StreetPlayed));
    }
    ok(&mut t, Command::Poker(HandCommand::Won { seats: vec![4] }));
    ok(
        &mut t,
        Command::RakeTaken(deckhand::rules::table::PotTake {
            rake: 300,
            ..Default::default()
        }),
    );
    db
}

#[test]
fn a_rake_altered_off_the_posted_schedule_is_named_by_the_replay() {
    let dir = tempfile::tempdir().unwrap();
    let db = untracked_journal(dir.path());
    let clean = deckhand::store::replay::replay_file(&db).unwrap();
    assert!(clean.divergence.is_none(), "{clean}");
    // $3.00 of rake becomes $2.50: not a preset of the posted 10% to $5.00 in dollars.
    let pushed = rows(&db)
        .into_iter()
        .find(|r| r.kind == "pot_awarded")
        .unwrap();
    alter_and_rechain(&db, pushed.serial, |p| {
        p.replacen(r#""rake":300"#, r#""rake":250"#, 1)
    });
    let report = deckhand::store::replay::replay_file(&db).unwrap();
    assert_eq!(
        report.divergence.as_ref().map(|d| d.serial),
        Some(pushed.serial),
        "{report}"
    );
}

/// Lunar Poker, seats 1 and 2 with $5 Antes and a $1 Super Wager each: seat 1 declares a
/// straight flush, paid at lock-in above the floorperson's threshold, signed by Dana and paid.
fn lunar_lock_in_journal(dir: &std::path::Path) -> std::path::PathBuf {
    use deckhand::rules::banked::round::{BankedCommand, DrawKind};
    let db = dir.join("lunar.sqlite");
    let setup = common::ui::table(6, deckhand::rules::games::GameId::LunarPoker);
    let mut t = common::ui::opened(&db, &setup);
    let ok = |t: &mut Terminal, c: BankedCommand| common::poker::ok(t, Command::Banked(c));
    common::poker::ok(&mut t, Command::StartRound { seats: vec![1, 2] });
    for seat in [1, 2] {
        let wagers = [("ante".to_string(), 500), ("super".to_string(), 100)];
        ok(
            &mut t,
            BankedCommand::Wagers {
                seat,
                wagers: wagers.into_iter().collect(),
            },
        );
    }
    ok(&mut t, BankedCommand::NoMoreBets);
    ok(&mut t, BankedCommand::Dealt);
    ok(
        &mut t,
        BankedCommand::from(LunarCommand::Declare {
            seat: 1,
            instant: true,
        }),
    );
    ok(
        &mut t,
        BankedCommand::from(LunarCommand::Draw {
            seat: 2,
            kind: DrawKind::Buy,
        }),
    );
    let cards = deckhand::rules::cards::parse_cards("9s 8s 7s 6s 5s").unwrap();
    ok(
        &mut t,
        BankedCommand::from(LunarCommand::LockIn {
            cards: vec![(1, cards)],
        }),
    );
    assert!(
        t.execute(Command::Banked(BankedCommand::from(
            LunarCommand::LockInPaid
        )))
        .is_err()
    );
    let dana = common::person(
        "Dana Brooks",
        "1001",
        deckhand::rules::table::Role::Floorperson,
    );
    ok(&mut t, BankedCommand::Validated { floorperson: dana });
    ok(&mut t, BankedCommand::from(LunarCommand::LockInPaid));
    db
}

/// The lock-in's row, its serial and payload.
fn lock_in_row(db: &std::path::Path) -> (i64, String) {
    let r = rows(db)
        .into_iter()
        .find(|r| r.kind == "lock_in_settled")
        .expect("a lock-in row");
    (r.serial, r.payload)
}

/// A Lunar Poker lock-in records who signs it, and the replay holds it: a row altered to ask a
/// shift supervisor where the table's thresholds ask a floorperson diverges. A lock-in recorded
/// before lock-ins recorded their signer (no signer in the row) replays clean, its money
/// recomputed, and the replay says its signature is not held.
#[test]
fn a_lock_in_records_its_signer_and_the_replay_holds_it() {
    let dir = tempfile::tempdir().unwrap();
    let db = lunar_lock_in_journal(dir.path());
    let (serial, payload) = lock_in_row(&db);
    assert!(payload.contains(r#""signer":"floorperson""#), "{payload}");
    let report = deckhand::store::replay::replay_file(&db).unwrap();
    assert!(report.divergence.is_none(), "{report}");
    assert_eq!(report.unsigned_lock_ins, 0, "{report}");
    assert!(!report.to_string().contains("not held"), "{report}");

    let asks_more = dir.path().join("asks-more.sqlite");
    std::fs::copy(&db, &asks_more).unwrap();
    alter_and_rechain(&asks_more, serial, |p| {
        p.replace(r#""signer":"floorperson""#, r#""signer":"supervisor""#)
    });
    let report = deckhand::store::replay::replay_file(&asks_more).unwrap();
    let d = report
        .divergence
        .as_ref()
        .expect("the altered signer diverges");
    assert_eq!(d.serial, serial, "{report}");
    assert!(
        report.to_string().contains(
            "recorded signed by a shift supervisor; the rules give signed by a floorperson"
        ),
        "{report}"
    );

    let before = dir.path().join("before-signers.sqlite");
    std::fs::copy(&db, &before).unwrap();
    alter_and_rechain(&before, serial, |p| {
        p.replace(r#""signer":"floorperson""#, r#""signer":"none""#)
    });
    let report = deckhand::store::replay::replay_file(&before).unwrap();
    assert!(report.divergence.is_none(), "{report}");
    assert_eq!(report.unsigned_lock_ins, 1, "{report}");
    assert!(
        report
            .to_string()
            .contains("1 lock-in recorded before the lock-in recorded its signer"),
        "{report}"
    );
}
