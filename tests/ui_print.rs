//! Printing from the screen, from the real start (the embedded configuration: `[printer] kind =
//! "file"`): a High Hand Tracking Slip line recorded by the floorperson shows the period's slip
//! as it will print (§ 637a.16(f)'s fields, the number given when printed); Cancel journals
//! nothing; Print journals the print, sends it off the screen's thread, and says where it went;
//! the form's Print slip shows the period's slip again, headed REPRINT.

use crate::common;

use common::ui::{keys, tap};
use deckhand::rules::games::GameId;
use egui_kittest::kittest::Queryable;
use std::time::{Duration, Instant};

fn printed(db: &std::path::Path) -> Vec<(i64, Option<String>, String)> {
    let conn = rusqlite::Connection::open(db).unwrap();
    let mut q = conn
        .prepare("SELECT document_no, actor_credential, document FROM documents_printed")
        .unwrap();
    q.query_map([], |r| Ok((r.get(0)?, r.get(1)?, r.get(2)?)))
        .unwrap()
        .map(Result::unwrap)
        .collect()
}

#[test]
fn a_recorded_high_hand_shows_its_slip_and_prints_with_one_tap() {
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("print.sqlite");
    let mut h = common::ui::real_app(&db, 1280.0, 800.0, 0.25);
    common::play::open_from_sign_in(&mut h, GameId::Holdem, tap);
    let record = |h: &mut egui_kittest::Harness<'_, deckhand::ui::DeckhandApp>| {
        tap(h, "High hand");
        tap(h, "Seat 4");
        for k in ["L", "E", "E"] {
            tap(h, k);
        }
        h.get_by_label_contains("Phone:").click();
        h.run_ok();
        keys(h, "2155550100");
        h.get_by_label_contains("Hand:").click();
        h.run_ok();
        for c in ["7♥", "7♦", "7♣", "K♠", "K♥"] {
            tap(h, c);
        }
        h.get_by_label("Floorperson signs").click();
        h.run_ok();
        keys(h, "1001");
        h.get_by_label_contains("PIN:").click();
        h.run_ok();
        keys(h, "246810");
        tap(h, "Record and sign");
    };
    record(&mut h);
    // The slip as it will print; nothing is journaled until Print.
    h.get_by_label_contains("High Hand Tracking Slip line 1 recorded for seat 4");
    h.get_by_label("Preview: High Hand Tracking Slip No. —");
    h.get_by_label_contains("Prints to: PDF in ");
    for line in [
        "Player: Lee",
        "Phone: 2155550100",
        "Seat: 4",
        "Hand: Full house, sevens full of kings",
        "Cards: 7♥ 7♦ 7♣ K♠ K♥",
        "Dealer: Alex Rivera (20417)",
        "Verified by: Dana Brooks (1001)",
    ] {
        h.get_by_label(line);
    }
    tap(&mut h, "Cancel");
    assert!(printed(&db).is_empty(), "Cancel prints nothing");
    assert!(h.query_by_label_contains("Preview:").is_none());

    // The slip again, after a better hand: Print.
    record_better(&mut h);
    h.get_by_label("Preview: High Hand Tracking Slip No. —");
    tap(&mut h, "Print");
    let deadline = Instant::now() + Duration::from_secs(10);
    while h.query_by_label_contains(" written to ").is_none() {
        assert!(Instant::now() < deadline, "the printer never answered");
        std::thread::sleep(Duration::from_millis(20));
        h.run_ok();
    }
    let rows = printed(&db);
    assert_eq!(rows.len(), 1);
    let (no, actor, document) = &rows[0];
    assert_eq!(
        (actor.as_deref(), document.as_str()),
        (Some("1001"), "high-hand-tracking-slip")
    );
    h.get_by_label_contains(&format!("High Hand Tracking Slip No. {no} written to "));
    let pdf = dir
        .path()
        .join("exports")
        .join(format!("high-hand-tracking-slip-{no}.pdf"));
    let text = common::pdf::text(&std::fs::read(&pdf).unwrap());
    assert!(text.contains("Player: Lee"), "{text}");
    assert!(text.contains("Cards: 9♥ 9♦ 9♣ 9♠ K♥"), "{text}");

    // The form prints the period's slip again without a new line: headed REPRINT.
    tap(&mut h, "High hand");
    tap(&mut h, "Print slip");
    h.get_by_label("Preview: REPRINT - High Hand Tracking Slip No. —");
    tap(&mut h, "Cancel");
    assert_eq!(printed(&db).len(), 1);
}

/// A printer that cannot print (a CUPS server that is not there): the preview stays with the
/// error, the journal says the numbered document did not print, and the next try is a REPRINT.
#[test]
fn a_failed_print_is_journaled_and_the_next_is_a_reprint() {
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("fail.sqlite");
    let mut config = common::ui::real_config(&db);
    config.printer.kind = "cups".into();
    config.printer.queue = "office".into();
    config.printer.server = dir.path().join("no-cups.sock").display().to_string();
    let app = deckhand::app::build(&config, Default::default(), None).unwrap();
    let mut h = common::ui::harness_with_dt(app, 1280.0, 800.0, 0.25);
    h.run_ok();
    common::ui::settle(&mut h);
    common::play::open_from_sign_in(&mut h, GameId::Holdem, tap);
    record_better(&mut h);
    h.get_by_label_contains("Prints to: CUPS queue office");
    tap(&mut h, "Print");
    let deadline = Instant::now() + Duration::from_secs(10);
    while h.query_by_label_contains(" did not print: ").is_none() {
        assert!(Instant::now() < deadline, "the printer never answered");
        std::thread::sleep(Duration::from_millis(20));
        h.run_ok();
    }
    let conn = rusqlite::Connection::open(&db).unwrap();
    let failed: String = conn
        .query_row(
            "SELECT payload FROM journal WHERE kind = 'document_print_failed'",
            [],
            |r| r.get(0),
        )
        .unwrap();
    let no = printed(&db)[0].0;
    assert!(
        failed.contains(&format!("\"document_no\":{no}")),
        "{failed}"
    );
    h.get_by_label("Preview: REPRINT - High Hand Tracking Slip No. —");
    tap(&mut h, "Cancel");
}

/// Four nines at seat 4: higher than the period's full house.
fn record_better(h: &mut egui_kittest::Harness<'_, deckhand::ui::DeckhandApp>) {
    tap(h, "High hand");
    tap(h, "Seat 4");
    for k in ["L", "E", "E"] {
        tap(h, k);
    }
    h.get_by_label_contains("Phone:").click();
    h.run_ok();
    keys(h, "2155550100");
    h.get_by_label_contains("Hand:").click();
    h.run_ok();
    for c in ["9♥", "9♦", "9♣", "9♠", "K♥"] {
        tap(h, c);
    }
    h.get_by_label("Floorperson signs").click();
    h.run_ok();
    keys(h, "1001");
    h.get_by_label_contains("PIN:").click();
    h.run_ok();
    keys(h, "246810");
    tap(h, "Record and sign");
}
