//! The journal holds outcomes, and a replay never ignores an error: a row altered so that the
//! rules no longer give it (its chain re-signed, so the hashes alone do not tell) stops the
//! terminal's start with the row's serial on the screen, writes nothing, and `deckhand
//! verify-log --replay` names the same row. An untouched journal replays clean.

mod common;

use common::poker::{act, check_through, dealt, post, showdown, to_act};
use deckhand::rules::betting::ActionKind;
use deckhand::rules::table::{Command, Confirm};
use deckhand::store::{ChainStatus, JournalRow, Store};
use deckhand::terminal::Terminal;
use egui_kittest::Harness;
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

/// Rewrites one row's payload and re-signs the chain from it on, as someone with write access
/// to the file could (the hash chain alone cannot tell).
fn alter_and_rechain(db: &std::path::Path, serial: i64, edit: impl Fn(&str) -> String) {
    let all = rows(db);
    let conn = rusqlite::Connection::open(db).unwrap();
    conn.execute_batch("DROP TRIGGER journal_no_update;")
        .unwrap();
    let mut prev = all[(serial - 2) as usize].hash.clone();
    for r in all.iter().filter(|r| r.serial >= serial) {
        let mut r = r.clone();
        if r.serial == serial {
            r.payload = edit(&r.payload);
        }
        r.prev_hash = prev;
        r.hash = r.compute_hash();
        conn.execute(
            "UPDATE journal SET payload = ?1, prev_hash = ?2, hash = ?3 WHERE serial = ?4",
            rusqlite::params![r.payload, r.prev_hash, r.hash, r.serial],
        )
        .unwrap();
        prev = r.hash;
    }
}

/// The configuration `deckhand` would load, on this database, without devices.
fn config(db: &std::path::Path) -> deckhand::config::Config {
    let mut c = deckhand::config::Config::parse(deckhand::config::DEFAULT_TOML, "test").unwrap();
    c.store.database = db.display().to_string();
    c.shuffler.port = "none".into();
    c.progressive.port = "none".into();
    c
}

#[test]
fn an_untouched_journal_replays_clean_and_the_restart_rebuilds_the_same_table() {
    let dir = tempfile::tempdir().unwrap();
    let db = holdem_journal(dir.path());
    let report = deckhand::store::replay::replay_file(&db).unwrap();
    assert!(report.divergence.is_none(), "{report}");
    assert_eq!(report.pots, 1, "{report}");
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
        "re-signed: the chain alone does not tell"
    );

    // The terminal, built as `deckhand` builds it, stops with the serial on the screen.
    let station = deckhand::app::start(&config(&db), Default::default(), None);
    assert!(station.table().is_none(), "the terminal must not start");
    let mut h = Harness::builder()
        .with_size(egui::vec2(1280.0, 800.0))
        .build_ui_state(
            |ui, s: &mut deckhand::ui::Station| {
                s.logic(ui.ctx());
                s.show(ui);
            },
            station,
        );
    h.run_ok();
    h.get_by_label("The terminal cannot start");
    h.get_by_label_contains(&format!(
        "Journal row {} (player_acted) cannot be applied",
        called.serial
    ));
    drop(h);
    assert_eq!(rows(&db).len(), count, "nothing was written");

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
            "replay diverges at serial {} (player_acted)",
            called.serial
        )),
        "{text}"
    );
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
        b(BankedCommand::Cards {
            seats: vec![(2, c("Ac Ad 9h 5s 3c"))],
            dealer: c("Kc 9d 7h 4s 2c"),
            community: vec![],
            draws: vec![],
            meters: Default::default(),
        }),
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
