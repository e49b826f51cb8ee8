//! The floor board's screen (issue 44, item 2) with a whole floor staged: 250 tables, three
//! calls waiting. The calls list oldest first with their ages; a call or a tile tapped shows
//! that table's details; every table has its tile. The feed that fills the board from the
//! central copy is `tests/central.rs::a_call_raised_at_a_terminal_reaches_the_floor_board_within_a_second`.

use crate::common::floor::staged_floor;
use crate::common::person;
use deckhand::config::floor::{FloorConfig, Scope};
use deckhand::rules::table::Role;
use deckhand::store::floor::{Board, FloorCallView};
use deckhand::store::floor_acks::Ack;
use deckhand::ui::floor_board::{BoardCmd, BoardView, Watcher};
use egui_kittest::Harness;
use egui_kittest::kittest::Queryable;

/// The board as `who` sees it, on a `w`×`h` harness; the taps' commands are kept in the state.
type State = (BoardView, bool, Vec<BoardCmd>);

fn board_harness(
    board: Board,
    who: Watcher,
    (w, h): (f32, f32),
    now: chrono::DateTime<chrono::Utc>,
) -> Harness<'static, State> {
    Harness::builder()
        .with_size(egui::vec2(w, h))
        .build_ui_state(
            move |ui, (view, themed, cmds): &mut State| {
                if !*themed {
                    deckhand::ui::theme::apply(ui.ctx());
                    *themed = true;
                }
                cmds.extend(view.show(ui, &board, &who, now));
            },
            (BoardView::default(), false, Vec::new()),
        )
}

fn supervisor() -> Watcher {
    Watcher {
        person: person("Morgan Lee", "3001", Role::Supervisor),
        scope: Scope {
            name: "All tables".into(),
            tables: None,
        },
    }
}

#[test]
fn a_whole_floor_lists_its_calls_oldest_first_and_a_tap_shows_the_table() {
    let now = chrono::Utc::now();
    let board = staged_floor(now);
    let mut h = board_harness(board, supervisor(), (1920.0, 1080.0), now);
    h.run_ok();
    h.get_by_label_contains("All tables · 250 tables");
    h.get_by_label_contains("3 calls waiting");
    // Each call's "I'm coming" inside the calls' column, one under the other.
    let answers: Vec<egui::Rect> = h
        .query_all_by_label("I'm coming")
        .map(|n| n.rect())
        .collect();
    assert_eq!(answers.len(), 3);
    for r in &answers {
        assert!(r.max.x <= 420.0, "inside the column: {r:?}");
        assert!(
            (r.min.x - answers[0].min.x).abs() < 1.0,
            "aligned: {answers:?}"
        );
    }
    let y = |h: &Harness<'_, State>, what: &str| h.get_by_label_contains(what).rect().min.y;
    let oldest = y(
        &h,
        "3:20 · Table 7 · verify the Red deck's count of 51 cards",
    );
    let middle = y(&h, "1:35 · Table 199 · verify a Bad Beat hand · supervisor");
    let newest = y(&h, "0:30 · Table 42 · A player's dispute");
    assert!(
        oldest < middle && middle < newest,
        "{oldest} {middle} {newest}"
    );
    // Table 42's tile: its dealer's time at the table, the pace, its call, its shuffler down.
    h.get_by_label_contains(
        "Table 42 · Hold'em\nDealer 42 · 47 min\nRound 42 · 40/h\nFloor called 0:30",
    );
    h.get_by_label_contains("✖ shuffler down");
    // Table 12's wrong count, table 13 declared idle, table 14 without a round for 25 minutes
    // (the default [floor] idle_minutes is 10).
    h.get_by_label_contains("Round 12 · 40/h\n⚠ Wrong count: Red deck, 51 of 52 cards");
    h.get_by_label_contains("Dealer 13 · 18 min\nIdle 12 min · round 13");
    h.get_by_label_contains("Dealer 14 · 19 min\nIdle 25 min · round 14");
    h.get_by_label_contains("Dealer 15 · 20 min\nRound 15 · 40/h");
    // A jam's long words are cut on the tile (two of its lines) and whole in the details.
    h.get_by_label_contains("⚠ Shuffler jam: Blue deck (E12 cards jammed in the elevator; op…");
    h.get_by_label_contains("0:30 · Table 42").click();
    h.run_ok();
    assert_eq!(
        h.state().2,
        vec![BoardCmd::ShowRecords(Some("T-042".into()))],
        "a tap asks for the table's newest records"
    );
    h.get_by_label("Terminal T-042");
    h.get_by_label("Dealer Dealer 42 (20042), at the table 47 min");
    h.get_by_label("Rounds in the last hour: 40 (Dealer 42: 10)");
    h.get_by_label("✖ shuffler link down");
    // Its records are not read yet (the staged board holds table 7's).
    h.get_by_label("Reading…");
    h.get_by_label_contains("Table 16 · Hold'em").click();
    h.run_ok();
    h.get_by_label_contains(&format!("⚠ {}", crate::common::floor::JAM_16));
    // Table 7: its meters, its High Hand period and its newest records in words.
    h.get_by_label_contains("Table 7 · Crazy 4 Poker").click();
    h.run_ok();
    assert_eq!(
        h.state().2.last(),
        Some(&BoardCmd::ShowRecords(Some("T-007".into())))
    );
    h.get_by_label("Progressive meters: Progressive $12,345.67 · 5 Card Bonus $500.00");
    h.get_by_label(
        "High Hand, period from 2026-11-29 14:00Z: $45.00 dropped here; best Four of a kind, nines (seat 3)",
    );
    h.get_by_label_contains("#290 ");
    h.get_by_label_contains(
        "· Floor called by the step: verify the Red deck's count of 51 cards, a floorperson",
    );
    h.get_by_label_contains("#289 ");
    h.get_by_label_contains("· The Red deck counted 51 of 52");
    h.get_by_label_contains("#288 ");
    // Closing the details forgets the records.
    h.get_by_label("Close").click();
    h.run_ok();
    assert_eq!(h.state().2.last(), Some(&BoardCmd::ShowRecords(None)));
    assert!(h.query_by_label("Terminal T-007").is_none());
}

/// A floorperson whose section is eight tables sees those eight and their calls only; "I'm
/// coming" beside a call is one tap and names the call's row; an answered call says who is
/// coming and offers no second answer.
#[test]
fn a_floorperson_sees_their_section_and_answers_a_call_in_one_tap() {
    let now = chrono::Utc::now();
    let mut board = staged_floor(now);
    let floor_cfg: FloorConfig = toml::from_str(
        r#"
        [[sections]]
        name = "Poker room"
        tables = [1, 2, 3, 4, 5, 6, 7, 8]
        floorpersons = ["1001"]
        [[sections]]
        name = "Pit 2"
        tables = [40, 41, 42]
        floorpersons = ["1002"]
        "#,
    )
    .unwrap();
    let dana = person("Dana Brooks", "1001", Role::Floorperson);
    let scope = floor_cfg.scope_for(&dana).unwrap();
    // Table 3 calls too, and Dana's colleague has answered it already.
    let t3 = board.tables.get_mut("T-003").unwrap();
    t3.call = Some(FloorCallView {
        reason: "A player's dispute".into(),
        role: "floorperson".into(),
        since_utc: (now - chrono::Duration::seconds(20)).to_rfc3339(),
        serial: 77,
        coming: Some(Ack {
            terminal: "T-003".into(),
            call_serial: 77,
            name: "Sam Ortiz".into(),
            credential: "1003".into(),
            role: "floorperson".into(),
            ts_utc: now.to_rfc3339(),
            received_utc: now.to_rfc3339(),
        }),
    });
    let mut h = board_harness(
        board,
        Watcher {
            person: dana,
            scope,
        },
        (1366.0, 768.0),
        now,
    );
    h.run_ok();
    h.get_by_label_contains("Poker room · 8 tables");
    h.get_by_label_contains("2 calls waiting");
    assert!(
        h.query_by_label_contains("Table 42").is_none(),
        "another section's table"
    );
    assert!(h.query_by_label_contains("Table 9 ·").is_none());
    h.get_by_label_contains("Sam Ortiz is coming");
    h.get_by_label_contains("Sam Ortiz coming · A player's dispute");
    // One "I'm coming": table 7's; table 3's is answered.
    let buttons = h.query_all_by_label("I'm coming").count();
    assert_eq!(buttons, 1);
    h.get_by_label("I'm coming").click();
    h.run_ok();
    assert_eq!(
        h.state().2,
        vec![BoardCmd::Acknowledge {
            terminal: "T-007".into(),
            call_serial: 290
        }]
    );
    h.get_by_label("Sign out").click();
    h.run_ok();
    assert_eq!(h.state().2.last(), Some(&BoardCmd::SignOut));
}

/// The board's own sign-in, as `deckhand floor` builds it (no server here: the board says the
/// central copy is offline and still signs people in): a dealer is refused, a floorperson no
/// section names is told why, a shift supervisor signs in (every table) and out; each attempt
/// is in the board's own journal. What a section's floorperson sees is
/// `a_floorperson_sees_their_section_and_answers_a_call_in_one_tap`.
#[test]
fn the_board_signs_in_floorpersons_and_supervisors_only() {
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("floor-board.sqlite");
    let floor: FloorConfig = toml::from_str(
        r#"
        [[sections]]
        name = "Pit 2"
        tables = [20, 21]
        floorpersons = ["1002"]
        "#,
    )
    .unwrap();
    let mut h = board_app(&db, floor);
    h.run_steps(2);
    board_sign_in(&mut h, "20417", "112233");
    h.get_by_label("The floor board is for floorpersons and supervisors.");
    assert!(h.state().watcher().is_none());
    board_sign_in(&mut h, "1001", "246810");
    h.get_by_label_contains("No section names Dana Brooks (1001)");
    assert!(h.state().watcher().is_none());
    board_sign_in(&mut h, "3001", "135790");
    assert_eq!(h.state().watcher().unwrap().person.name, "Morgan Lee");
    h.get_by_label_contains("All tables · 0 tables");
    h.get_by_label_contains("Central copy offline");
    h.get_by_label("Sign out").click();
    h.run_steps(3);
    assert!(h.state().watcher().is_none());
    // The board's rows still on their way are written before it closes.
    drop(h);
    let kinds = crate::common::ui::kinds(&db);
    let count = |k: &str| kinds.iter().filter(|x| *x == k).count();
    assert_eq!(count("floor_board_refused"), 2, "{kinds:?}");
    assert_eq!(count("floor_board_signed_in"), 1);
    assert_eq!(count("floor_board_signed_out"), 1);
}

/// At 1024×768 the board's header keeps the central copy's state clear of the signed-in name
/// and its Sign out (a walk read "offliMorgan" where they ran into each other).
#[test]
fn the_boards_header_fits_a_1024_pixel_screen() {
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("floor-1024.sqlite");
    let mut h = board_app(&db, FloorConfig::default());
    h.set_size(egui::vec2(1024.0, 768.0));
    h.run_steps(2);
    board_sign_in(&mut h, "3001", "135790");
    let deadline = std::time::Instant::now() + std::time::Duration::from_secs(20);
    while h.query_by_label("✖ Central copy offline").is_none() {
        assert!(std::time::Instant::now() < deadline, "never offline");
        h.run_steps(1);
        std::thread::sleep(std::time::Duration::from_millis(20));
    }
    let state = h.get_by_label("✖ Central copy offline").rect();
    let name = h.get_by_label_contains("Morgan Lee").rect();
    let out = h.get_by_label("Sign out").rect();
    assert!(!state.intersects(name), "{state:?} runs into {name:?}");
    for (what, r) in [("state", state), ("name", name), ("Sign out", out)] {
        assert!(r.min.x >= 0.0 && r.max.x <= 1024.0, "{what} at {r:?}");
    }
}

/// A second tap on "Try again" as the fault's screen goes keys nothing into the sign-in form
/// that takes its place (a walk keyed "444444" at 1024×768, where "4" lies under "Try again").
#[test]
fn a_tap_as_the_boards_fault_goes_keys_nothing_beneath() {
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("floor-stray.sqlite");
    let (mut h, other) = signing_out_under_a_held_lock(&db);
    let deadline = std::time::Instant::now() + std::time::Duration::from_secs(10);
    while h.query_by_label("Try again").is_none() {
        assert!(std::time::Instant::now() < deadline, "no fault");
        h.step();
        std::thread::sleep(std::time::Duration::from_millis(10));
    }
    other.execute_batch("COMMIT;").unwrap();
    drop(other);
    // The board's own retry writes the row; the form comes back.
    while h.query_by_label("Try again").is_some() {
        assert!(std::time::Instant::now() < deadline, "never written");
        h.step();
        std::thread::sleep(std::time::Duration::from_millis(20));
    }
    let press = |h: &mut Harness<'_, deckhand::ui::floor_app::FloorApp>| {
        let pos = h.get_by_label("4").rect().center();
        crate::common::ui::press_and_release(h, pos);
        h.run_steps(2);
    };
    press(&mut h);
    h.get_by_label("Credential number: ");
    // Once the form has settled, the same tap keys its digit.
    h.run_steps(30);
    press(&mut h);
    h.get_by_label("Credential number: 4");
}

/// Issue 43, item 3: the board's own records on a database another program holds. Signing out
/// never freezes the window for the writer's lock timeout (1 s); the refused row is held and the
/// board shows why, as a terminal does; once the lock goes, "Try again" writes it (none lost) and
/// the record says writing resumed.
#[test]
fn the_boards_records_wait_apart_and_are_held_on_a_locked_database() {
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("floor-board.sqlite");
    let (mut h, other) = signing_out_under_a_held_lock(&db);
    let deadline = std::time::Instant::now() + std::time::Duration::from_secs(10);
    let mut slowest = std::time::Duration::ZERO;
    while h
        .query_by_label_contains("Records cannot be saved")
        .is_none()
    {
        assert!(std::time::Instant::now() < deadline, "never shown");
        let frame = std::time::Instant::now();
        h.step();
        slowest = slowest.max(frame.elapsed());
        std::thread::sleep(std::time::Duration::from_millis(10));
    }
    assert!(
        slowest < std::time::Duration::from_millis(500),
        "a frame waited for the lock: {slowest:?}"
    );
    assert!(h.state().watcher().is_none(), "signed out");
    h.get_by_label_contains("1 record waiting");
    h.get_by_label_contains("Nothing can be done at this board");
    other.execute_batch("COMMIT;").unwrap();
    drop(other);
    while h.query_by_label("Try again").is_some() {
        assert!(std::time::Instant::now() < deadline, "never written");
        h.get_by_label("Try again").click();
        h.run_steps(2);
        std::thread::sleep(std::time::Duration::from_millis(20));
    }
    h.get_by_label_contains("Credential number");
    drop(h);
    let kinds = crate::common::ui::kinds(&db);
    let count = |k: &str| kinds.iter().filter(|x| *x == k).count();
    assert_eq!(count("floor_board_signed_out"), 1, "{kinds:?}");
    assert_eq!(count("records_resumed"), 1, "{kinds:?}");
}

/// `deckhand floor`'s window on a harness, its journal `db` with the demo people, its logic
/// and frame as eframe runs them; no server (the board says the central copy is offline).
fn board_app(
    db: &std::path::Path,
    floor: FloorConfig,
) -> Harness<'static, deckhand::ui::floor_app::FloorApp> {
    use deckhand::ui::floor_app::FloorApp;
    let mut desk =
        deckhand::terminal::Terminal::open(deckhand::store::Store::open(db).unwrap(), None)
            .unwrap();
    desk.seed_demo_people().unwrap();
    let nowhere = deckhand::store::central::CentralConfig {
        enabled: true,
        port: crate::common::cluster::free_port(),
        ..Default::default()
    };
    let feed = deckhand::store::floor::FloorReader::spawn(nowhere, || {});
    Harness::builder()
        .with_size(egui::vec2(1366.0, 768.0))
        .build_ui_state(
            |ui, app: &mut FloorApp| {
                deckhand::ui::theme::apply(ui.ctx());
                app.step(ui.ctx());
                app.draw(ui);
            },
            FloorApp::new(feed, desk, floor),
        )
}

/// The supervisor signed in on the board taps "Sign out" while another program holds the
/// board's database (the connection returned holds it until it commits).
fn signing_out_under_a_held_lock(
    db: &std::path::Path,
) -> (
    Harness<'static, deckhand::ui::floor_app::FloorApp>,
    rusqlite::Connection,
) {
    let mut h = board_app(db, FloorConfig::default());
    h.run_steps(2);
    board_sign_in(&mut h, "3001", "135790");
    assert!(h.state().watcher().is_some());
    let other = rusqlite::Connection::open(db).unwrap();
    other.execute_batch("BEGIN IMMEDIATE;").unwrap();
    h.get_by_label("Sign out").click();
    (h, other)
}

/// Keys a credential number and PIN on the board's sign-in and taps "Sign in"; waits for the
/// PIN's check, which runs apart.
fn board_sign_in(
    h: &mut Harness<'_, deckhand::ui::floor_app::FloorApp>,
    credential: &str,
    pin: &str,
) {
    h.get_by_label_contains("Credential number").click();
    h.run_steps(1);
    h.get_by_label("Clear").click();
    for d in credential.chars() {
        h.get_by_label(&d.to_string()).click();
        h.run_steps(1);
    }
    h.get_by_label("Next").click();
    h.run_steps(1);
    for d in pin.chars() {
        h.get_by_label(&d.to_string()).click();
        h.run_steps(1);
    }
    h.get_by_label("Sign in").click();
    // The tap's frame, then the logic that starts the check: never on the screen's thread
    // (issue 43, item 3), and the form waits greyed.
    h.run_steps(2);
    assert!(h.state().checking_pin(), "the PIN is checked apart");
    // Real time passes while it is checked.
    let deadline = std::time::Instant::now() + std::time::Duration::from_secs(20);
    while h.state().checking_pin() {
        assert!(
            std::time::Instant::now() < deadline,
            "the PIN check never answered"
        );
        std::thread::sleep(std::time::Duration::from_millis(2));
        h.step();
    }
    h.run_steps(2);
}
