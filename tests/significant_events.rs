//! The significant events a testing laboratory's event log expects (issue 42 item 3), each
//! done from the real start: the terminal's start with its version, settings, paytables and
//! key; a start after an unclean stop; a clean stop; a changed setting or paytable named at the
//! next start; the wall clock jumping under the running terminal.

use crate::common;

use deckhand::config::{Config, DEFAULT_TOML};

fn config(db: &std::path::Path, text: &str) -> Config {
    let mut c = Config::parse(text, "table-12.toml").unwrap();
    c.store.database = db.display().to_string();
    c.shuffler.port = "none".into();
    c.progressive.port = "none".into();
    c
}

fn starts(db: &std::path::Path) -> Vec<serde_json::Value> {
    common::ui::payloads(db, "terminal_started")
        .iter()
        .map(|p| serde_json::from_str(p).unwrap())
        .collect()
}

#[test]
fn a_start_records_version_settings_paytables_and_key_then_how_the_last_run_ended() {
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("events.sqlite");
    let c = config(&db, DEFAULT_TOML);
    // The first start.
    let app = deckhand::app::build(&c, Default::default(), None).unwrap();
    let key = deckhand::store::signing::fingerprint(app.terminal().store().public_key());
    let first = &starts(&db)[0];
    assert_eq!(first["version"], env!("CARGO_PKG_VERSION"));
    assert_eq!(first["config"], "table-12.toml");
    assert_eq!(first["settings"]["table.number"], "12");
    assert_eq!(first["key"], key.as_str());
    assert!(first["paytables"]["crazy-4-poker"].as_str().unwrap().len() == 64);
    assert_eq!(first["previous_stop"], "first start");
    // Killed: no clean stop before the next start.
    drop(app);
    let mut app = deckhand::app::build(&c, Default::default(), None).unwrap();
    assert!(
        starts(&db)[1]["previous_stop"]
            .as_str()
            .unwrap()
            .starts_with("unclean"),
        "{}",
        starts(&db)[1]
    );
    // The window closed: a clean stop, and the next start says so.
    app.stop();
    assert_eq!(common::ui::kinds(&db).last().unwrap(), "terminal_stopped");
    drop(app);
    deckhand::app::build(&c, Default::default(), None).unwrap();
    assert_eq!(starts(&db)[2]["previous_stop"], "clean");
    assert_eq!(starts(&db)[2]["changed"], serde_json::json!([]));
}

#[test]
fn a_changed_setting_or_paytable_is_named_at_the_next_start() {
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("changed.sqlite");
    drop(deckhand::app::build(&config(&db, DEFAULT_TOML), Default::default(), None).unwrap());
    // The table's number and a paytable file changed between the starts.
    let tables = dir.path().join("paytables");
    std::fs::create_dir(&tables).unwrap();
    let c4 = include_str!("../assets/paytables/crazy-4-poker.toml");
    let edited = c4.replacen("1 to 1", "2 to 1", 1);
    assert_ne!(edited, c4);
    std::fs::write(tables.join("crazy-4-poker.toml"), edited).unwrap();
    let text = DEFAULT_TOML
        .replacen("number = 12", "number = 14", 1)
        .replacen(
            "\ndir = \"\"",
            &format!("\ndir = \"{}\"", tables.display()),
            1,
        );
    assert!(text.contains("number = 14") && text.contains(&tables.display().to_string()));
    drop(deckhand::app::build(&config(&db, &text), Default::default(), None).unwrap());
    let second = &starts(&db)[1];
    let changed: Vec<String> = serde_json::from_value(second["changed"].clone()).unwrap();
    assert!(
        changed.iter().any(|c| c == "table.number: 12 → 14"),
        "{changed:?}"
    );
    let tables_changed: Vec<String> =
        serde_json::from_value(second["paytables_changed"].clone()).unwrap();
    assert_eq!(tables_changed.len(), 1, "{tables_changed:?}");
    assert!(tables_changed[0].starts_with("crazy-4-poker: "));
    assert_ne!(second["config_digest"], starts(&db)[0]["config_digest"]);
}

#[test]
fn the_wall_clock_set_an_hour_forward_under_the_running_terminal_is_journaled() {
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("clock.sqlite");
    let mut t =
        deckhand::terminal::Terminal::open(deckhand::store::Store::open(&db).unwrap(), None)
            .unwrap();
    let t0 = chrono::Utc::now();
    let m0 = std::time::Instant::now();
    t.check_clock(t0, m0);
    // Ten seconds later by both clocks: nothing.
    let m1 = m0 + std::time::Duration::from_secs(10);
    t.check_clock(t0 + chrono::Duration::seconds(10), m1);
    // Ten more seconds by the monotonic clock, an hour and ten by the wall clock.
    let m2 = m1 + std::time::Duration::from_secs(10);
    t.check_clock(t0 + chrono::Duration::seconds(3620), m2);
    let rows = common::ui::payloads(&db, "clock_jumped");
    assert_eq!(rows.len(), 1, "{rows:?}");
    let row: serde_json::Value = serde_json::from_str(&rows[0]).unwrap();
    assert_eq!(row["seconds"], 3600);
    // Set back by two minutes: journaled too.
    t.check_clock(
        t0 + chrono::Duration::seconds(3620 + 10 - 120),
        m2 + std::time::Duration::from_secs(10),
    );
    assert_eq!(common::ui::payloads(&db, "clock_jumped").len(), 2);
}

/// Opens the terminal with a simulated shuffler on a pseudo-terminal that says `firmware` in
/// its HELLO_REPLY, and waits for the link.
fn connect_once(db: &std::path::Path, firmware: &str) {
    use deckhand::devices::sim::SimScript;
    use std::sync::{Arc, Mutex};
    let script = Arc::new(Mutex::new(SimScript {
        firmware: firmware.into(),
        ..Default::default()
    }));
    let shuffler = common::terminal::simulated_shuffler(script);
    let mut t = deckhand::terminal::Terminal::open(
        deckhand::store::Store::open(db).unwrap(),
        Some(shuffler),
    )
    .unwrap();
    let deadline = std::time::Instant::now() + std::time::Duration::from_secs(10);
    while !matches!(
        t.shuffler_link(),
        deckhand::devices::runner::LinkState::Connected { .. }
    ) {
        assert!(std::time::Instant::now() < deadline, "no HELLO_REPLY");
        t.poll_devices();
        std::thread::sleep(std::time::Duration::from_millis(20));
    }
}

/// A shuffler whose firmware changed between two connections (a device swapped or updated)
/// is journaled with what it was; the same device again writes nothing (over real serial bytes
/// on a pseudo-terminal, the simulator answering HELLO).
#[test]
fn a_shuffler_whose_firmware_changed_is_journaled_with_what_it_was() {
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("identity.sqlite");
    connect_once(&db, "DH-SIM 1.0");
    connect_once(&db, "DH-SIM 1.0");
    connect_once(&db, "DH-SIM 2.0");
    let rows: Vec<serde_json::Value> = common::ui::payloads(&db, "shuffler_identity")
        .iter()
        .map(|p| serde_json::from_str(p).unwrap())
        .collect();
    assert_eq!(rows.len(), 2, "{rows:?}");
    assert_eq!(rows[0]["changed"], false);
    assert_eq!(rows[1]["changed"], true);
    assert_eq!(rows[1]["firmware"], "DH-SIM 2.0");
    assert_eq!(rows[1]["previous"]["firmware"], "DH-SIM 1.0");
}

/// The wall clock set back while the terminal was off: at the next start it stands behind the
/// journal's newest row, and that is journaled (how far, the newest row's time, the clock's)
/// before the start itself; a clock that agrees journals nothing of the kind.
#[test]
fn a_clock_set_back_while_the_terminal_was_off_is_journaled_at_the_next_start() {
    use deckhand::store::Store;
    use deckhand::terminal::Terminal;
    use deckhand::terminal::significant::{CLOCK_BEHIND, StartFacts};
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("behind.sqlite");
    let c = config(&db, DEFAULT_TOML);
    let mut app = deckhand::app::build(&c, Default::default(), None).unwrap();
    app.stop();
    drop(app);
    assert!(!common::ui::kinds(&db).iter().any(|k| k == CLOCK_BEHIND));
    // Two hours back: the start is journaled after a row saying so.
    let mut t = Terminal::open(Store::open(&db).unwrap(), None).unwrap();
    let back = chrono::Utc::now() - chrono::Duration::hours(2);
    t.record_start_at(&StartFacts::default(), back);
    drop(t);
    let kinds = common::ui::kinds(&db);
    let at = kinds
        .iter()
        .position(|k| k == CLOCK_BEHIND)
        .expect("journaled");
    assert_eq!(kinds[at + 1], "terminal_started");
    let row: serde_json::Value =
        serde_json::from_str(common::ui::payloads(&db, CLOCK_BEHIND).last().unwrap()).unwrap();
    let seconds = row["seconds"].as_i64().unwrap();
    assert!((7100..=7300).contains(&seconds), "{row}");
    // Half a minute back is within a clock's drift: nothing more.
    let mut t = Terminal::open(Store::open(&db).unwrap(), None).unwrap();
    t.record_start_at(
        &StartFacts::default(),
        chrono::Utc::now() - chrono::Duration::seconds(30),
    );
    drop(t);
    assert_eq!(common::ui::payloads(&db, CLOCK_BEHIND).len(), 1);
}
