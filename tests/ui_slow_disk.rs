//! Issue 43, item 3: a dealer's command is never waited for on the screen's thread beyond a
//! frame. A disk slow to take its record (here a held writer) leaves the screen drawing frame
//! after frame and taking no tap; after half a second it says why; nothing shows as done
//! before it is recorded, and once the disk takes it the step is done exactly once.

use crate::common;

use common::ui::{real_app, tap};
use deckhand::rules::games::GameId;
use egui_kittest::kittest::Queryable;
use std::time::Duration;

/// Signed in and the table opened: "Decks inspected" is the next step.
fn at_the_decks(h: &mut egui_kittest::Harness<'_, deckhand::ui::DeckhandApp>) {
    common::ui::sign_in_alex(h);
    tap(h, "Open table");
}

#[test]
fn a_slow_disk_never_freezes_the_screen_and_the_step_is_done_once_it_is_saved() {
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("slow.sqlite");
    let mut h = real_app(&db, 1024.0, 768.0, 0.25);
    at_the_decks(&mut h);
    // Held until released below, or for 4 s at most (a screen that waited would wait that long).
    let release = common::ui::hold_writer(&h, Duration::from_secs(4));
    h.get_by_label("Decks inspected").click();
    common::ui::draws_on_while_recording(&mut h);
    // Nothing shows as done before it is recorded.
    assert!(h.query_by_label("Floorperson verify").is_none());
    assert!(
        h.query_by_label("Saving the record…").is_none(),
        "not at once"
    );
    // A second tap meanwhile lands on the tap guard's cover.
    h.get_by_label("Decks inspected").click();
    h.step();
    // The dealer is told why the screen waits.
    std::thread::sleep(Duration::from_millis(600));
    h.step();
    h.step();
    h.get_by_label("Saving the record…");
    assert!(common::ui::payloads(&db, "decks_inspected").is_empty());
    release.send(()).unwrap();
    common::ui::settle(&mut h);
    h.run_ok();
    assert!(!h.state().recording());
    h.get_by_label("Floorperson verify");
    assert!(h.query_by_label("Saving the record…").is_none());
    assert_eq!(
        common::ui::payloads(&db, "decks_inspected").len(),
        1,
        "recorded once; the tap meanwhile did nothing"
    );
    // The next step is taken as ever.
    tap(&mut h, "Floorperson verify");
    h.get_by_label_contains("Next: PIN");
}

/// Another program holds the database while the dealer taps: the screen draws on while the
/// writer waits for the lock, and when the writer gives up the step is refused as a write fault
/// (the screen over everything), nothing done; once the lock is let go the step is done once.
#[test]
fn a_record_refused_after_the_screen_drew_on_is_a_write_fault_and_nothing_is_done() {
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("locked.sqlite");
    let mut h = real_app(&db, 1024.0, 768.0, 0.25);
    at_the_decks(&mut h);
    let other = rusqlite::Connection::open(&db).unwrap();
    other.execute_batch("BEGIN IMMEDIATE;").unwrap();
    h.get_by_label("Decks inspected").click();
    h.step();
    h.step();
    assert!(h.state().recording(), "the writer waits for the lock");
    // The writer gives up after its wait for the lock (1 s).
    let deadline = std::time::Instant::now() + Duration::from_secs(10);
    while h.state().recording() {
        assert!(std::time::Instant::now() < deadline, "never answered");
        std::thread::sleep(Duration::from_millis(20));
        h.step();
    }
    h.run_ok();
    let fault = h
        .state()
        .terminal()
        .write_fault()
        .cloned()
        .expect("a fault");
    assert_eq!(fault.why, "another program is holding the database");
    h.get_by_label_contains("Records cannot be saved");
    assert!(
        h.query_by_label("Decks inspected").is_none(),
        "nothing else"
    );
    other.execute_batch("COMMIT;").unwrap();
    drop(other);
    common::ui::try_again_until_saved(&mut h);
    assert!(
        common::ui::payloads(&db, "decks_inspected").is_empty(),
        "nothing done"
    );
    // Once the fault has gone, the dealer is told the step was not done (a walk found the
    // screen as before with nothing said, and took the step for done).
    h.get_by_label_contains(
        "The record could not be saved (another program is holding the database), so nothing changed: tap it again.",
    );
    tap(&mut h, "Decks inspected");
    h.get_by_label("Floorperson verify");
    assert_eq!(common::ui::payloads(&db, "decks_inspected").len(), 1);
}

/// "No more bets" is one command per seat: on a disk that takes none of them for a while, each
/// waits for the one before, the screen takes no tap, and once the disk goes on every seat's
/// wagers are recorded, in order, and the round goes on to the deal.
#[test]
fn every_seats_wagers_are_recorded_in_order_after_a_stall() {
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("wagers.sqlite");
    let mut h = real_app(&db, 1024.0, 768.0, 0.25);
    common::play::open_with_seats(&mut h, GameId::MississippiStud, tap, &[2, 4, 5]);
    for seat in [2, 4, 5] {
        tap(&mut h, &format!("Wagers of seat {seat}"));
        tap(&mut h, &format!("Seat {seat} Ante: —"));
        common::ui::keys(&mut h, "10");
    }
    let release = common::ui::hold_writer(&h, Duration::from_secs(4));
    h.get_by_label("No more bets").click();
    common::ui::draws_on_while_recording(&mut h);
    assert!(
        h.query_by_label("Cards dealt").is_none(),
        "nothing done yet"
    );
    release.send(()).unwrap();
    common::ui::settle(&mut h);
    h.run_ok();
    assert!(!h.state().recording());
    h.get_by_label("Cards dealt");
    let seats: Vec<String> = common::ui::payloads(&db, "wagers_placed")
        .iter()
        .map(|p| {
            let v: serde_json::Value = serde_json::from_str(p).unwrap();
            v["seat"].to_string()
        })
        .collect();
    assert_eq!(seats, ["2", "4", "5"], "each seat once, in order");
}

/// A device's report whose record the disk is slow to take (here the shuffler's count, with the
/// writer held once the count is on its way to the screen): the screen draws on and takes no
/// tap, the table is not shown counted before the count is recorded, and once the disk takes it
/// the count is recorded once and the table goes on.
#[test]
fn a_shufflers_count_on_a_slow_disk_never_freezes_the_screen() {
    use deckhand::rules::table::Step;
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("count.sqlite");
    let mut config = common::ui::real_config(&db);
    config.shuffler.port = "simulated".into();
    config.table.dealing = deckhand::rules::registry::Dealing::AutomatedShoe;
    let mut h = common::ui::app_with(&config, 1024.0, 768.0, 0.25);
    common::play::washed_from_sign_in(&mut h, GameId::MississippiStud, tap);
    let deadline = std::time::Instant::now() + Duration::from_secs(10);
    while !common::ui::ready(&h, "Start shuffle") {
        assert!(std::time::Instant::now() < deadline, "no shuffle to start");
        common::play::wait_a_little(&mut h);
    }
    let script = h.state().sim_script().expect("the simulated shuffler");
    script.lock().unwrap().shuffle_time = Duration::from_millis(20);
    tap(&mut h, "Start shuffle");
    let waiting = h.state().terminal().table().step();
    assert!(matches!(waiting, Step::AwaitShuffle { .. }), "{waiting:?}");
    // The count is journaled by the link and on its way: no frame has taken it yet.
    std::thread::sleep(Duration::from_millis(800));
    let release = common::ui::hold_writer(&h, Duration::from_secs(4));
    common::ui::draws_on_while_recording(&mut h);
    assert_eq!(
        h.state().terminal().table().step(),
        waiting,
        "not counted yet"
    );
    assert!(common::ui::payloads(&db, "deck_counted").is_empty());
    std::thread::sleep(Duration::from_millis(600));
    h.step();
    h.step();
    h.get_by_label("Saving the record…");
    release.send(()).unwrap();
    common::ui::settle(&mut h);
    h.run_ok();
    assert!(!h.state().recording());
    assert_ne!(h.state().terminal().table().step(), waiting, "counted");
    assert_eq!(
        common::ui::payloads(&db, "deck_counted").len(),
        1,
        "recorded once"
    );
    // The link's own rows are read back apart into the side panel's list, which ends as the
    // database's newest rows.
    let deadline = std::time::Instant::now() + Duration::from_secs(5);
    loop {
        h.run_ok();
        let (cached, stored) = common::recent_serials(h.state().terminal());
        if !h.state().terminal().recent_behind() && cached == stored {
            break;
        }
        assert!(
            std::time::Instant::now() < deadline,
            "{cached:?} against {stored:?}"
        );
        std::thread::sleep(Duration::from_millis(20));
    }
}

/// A floorperson's signature whose record the disk is slow to take (the verification of the
/// decks, the writer held once the PIN is checked): the screen draws on and takes no tap, the
/// pad stays up until the verification is recorded, and then it is recorded once and the
/// table goes on.
#[test]
fn a_signature_on_a_slow_disk_never_freezes_the_screen() {
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("signed.sqlite");
    let mut h = real_app(&db, 1024.0, 768.0, 0.25);
    at_the_decks(&mut h);
    tap(&mut h, "Decks inspected");
    tap(&mut h, "Floorperson verify");
    common::ui::keys(&mut h, "1001");
    tap(&mut h, "Next: PIN");
    common::ui::keys(&mut h, "246810");
    let release = common::ui::hold_writer(&h, Duration::from_secs(4));
    h.get_by_label("Verify").click();
    // The PIN's check (apart, and writing nothing for a right PIN) answers first.
    let deadline = std::time::Instant::now() + Duration::from_secs(3);
    while !h.state().recording() {
        assert!(std::time::Instant::now() < deadline, "never recorded");
        std::thread::sleep(Duration::from_millis(5));
        h.step();
    }
    common::ui::draws_on_while_recording(&mut h);
    assert!(common::ui::payloads(&db, "inspection_verified").is_empty());
    h.get_by_label("Verify");
    release.send(()).unwrap();
    common::ui::settle(&mut h);
    h.run_ok();
    assert!(!h.state().recording());
    assert!(h.query_by_label("Verify").is_none(), "the pad closed");
    assert_eq!(
        common::ui::payloads(&db, "inspection_verified").len(),
        1,
        "recorded once"
    );
    h.get_by_label("Players have inspected");
}

/// Rows that change no table (system rows: a device's refused report here) on a disk slow to
/// take them: with a screen to draw, the screen's thread never waits for them beyond 30 ms; they
/// show among the recent rows once written, in order; and a row the database refuses meanwhile
/// is held and written once it takes writes again, none lost.
#[test]
fn a_system_row_on_a_slow_disk_is_not_waited_for_and_never_lost() {
    use deckhand::store::Store;
    use deckhand::terminal::Terminal;
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("system.sqlite");
    let mut t = Terminal::open(Store::open(&db).unwrap(), None).unwrap();
    t.set_waker(std::sync::Arc::new(|| {}));
    let said = |n: u32| serde_json::json!({"reason": format!("report {n}")});
    let recent = |t: &Terminal| {
        t.recent_log()
            .filter(|r| r.kind == "device_report_refused")
            .count()
    };
    // Held until released below, or for 3 s at most (a thread that waited would wait that long).
    let hold = t.store().hold_writer();
    let (release, released) = std::sync::mpsc::channel::<()>();
    std::thread::spawn(move || {
        let _ = released.recv_timeout(Duration::from_secs(3));
        drop(hold);
    });
    let started = std::time::Instant::now();
    t.record_system("device_report_refused", said(1));
    t.record_system("device_report_refused", said(2));
    assert!(
        started.elapsed() < Duration::from_millis(500),
        "waited for: {:?}",
        started.elapsed()
    );
    assert_eq!(recent(&t), 0, "not shown before written");
    release.send(()).unwrap();
    // A later frame takes the answer.
    let deadline = std::time::Instant::now() + Duration::from_secs(5);
    while recent(&t) < 2 {
        assert!(std::time::Instant::now() < deadline, "never taken");
        std::thread::sleep(Duration::from_millis(5));
        t.poll_devices();
    }
    let rows = common::ui::payloads(&db, "device_report_refused");
    assert!(rows[0].contains("report 1") && rows[1].contains("report 2"));
    // Another program holds the database: the row is refused once the writer gives up, then
    // held, and written when the lock goes.
    let other = rusqlite::Connection::open(&db).unwrap();
    other.execute_batch("BEGIN IMMEDIATE;").unwrap();
    let started = std::time::Instant::now();
    t.record_system("device_report_refused", said(3));
    assert!(started.elapsed() < Duration::from_millis(500));
    let deadline = std::time::Instant::now() + Duration::from_secs(10);
    while t.write_fault().is_none() {
        assert!(std::time::Instant::now() < deadline, "never refused");
        std::thread::sleep(Duration::from_millis(20));
        t.poll_devices();
    }
    assert_eq!(t.write_fault().unwrap().waiting, 1, "held, not lost");
    // "Try again" while the lock is still held: the screen's thread does not wait out the
    // writer's lock timeout (1 s); the rows stay held.
    let tried = std::time::Instant::now();
    assert!(!t.retry_writes());
    assert!(
        tried.elapsed() < Duration::from_millis(300),
        "waited {:?}",
        tried.elapsed()
    );
    assert_eq!(t.write_fault().unwrap().waiting, 1, "still held");
    other.execute_batch("COMMIT;").unwrap();
    drop(other);
    // The try goes on apart; later frames take its answer.
    let deadline = std::time::Instant::now() + Duration::from_secs(10);
    while !t.retry_writes() {
        assert!(std::time::Instant::now() < deadline, "never written");
        std::thread::sleep(Duration::from_millis(20));
    }
    let rows = common::ui::payloads(&db, "device_report_refused");
    assert_eq!(rows.len(), 3);
    assert!(rows[2].contains("report 3") && rows[2].contains("held_since_utc"));
    assert_eq!(common::ui::payloads(&db, "records_resumed").len(), 1);
}
