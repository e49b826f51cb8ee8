//! Box counts with both signatures (§ 637a.15(d)(1), § 637a.16(d)(1)) and time charges verified
//! by a floorperson (§ 637a.17(b)(3)(v)): the records, their views, the printed documentation,
//! and the box count form through the real UI.

use crate::common;

use deckhand::rules::table::{Command, Confirm, JackpotBox, TableSetup};
use deckhand::store::Store;
use deckhand::terminal::Terminal;
use deckhand::ui::DeckhandApp;
use egui_kittest::Harness;
use egui_kittest::kittest::Queryable;

fn setup() -> TableSetup {
    deckhand::demo::fixed_limit_table(9)
}

fn open(db: &std::path::Path) -> Terminal {
    let mut t = Terminal::open(Store::open(db).unwrap(), None).unwrap();
    t.seed_demo_people().unwrap();
    t.sign_in("Sam Chen", "20533", "445566").unwrap();
    t.execute(Command::OpenTable(setup())).unwrap();
    t
}

#[test]
fn box_counts_and_time_charges_carry_both_signers() {
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("b.sqlite");
    let mut t = open(&db);
    // Refusals: no seal, a dealer as the witness, a wrong PIN.
    let e = t
        .record_box_count(JackpotBox::BadBeat, 123_400, " ", "1001", "246810")
        .unwrap_err();
    assert!(
        e.contains("seal number") && e.contains("§ 637a.15(d)(1)"),
        "{e}"
    );
    assert!(
        t.record_box_count(JackpotBox::BadBeat, 123_400, "S-77", "20417", "000000")
            .is_err()
    );
    assert!(
        t.record_box_count(JackpotBox::BadBeat, 123_400, "S-77", "1001", "999999")
            .is_err()
    );
    let serial = t
        .record_box_count(JackpotBox::BadBeat, 123_400, "S-77", "1001", "246810")
        .unwrap();
    t.record_box_count(JackpotBox::HighHand, 51_000, "S-78", "3001", "135790")
        .unwrap();
    // Time charges: 20 or 30 minutes only; seats 1..10; the floorperson verifies.
    let e = t
        .record_time_charges(vec![1, 2], 300, 45, "1001", "246810")
        .unwrap_err();
    assert!(e.contains("20 or 30 minutes"), "{e}");
    assert!(
        t.record_time_charges(vec![], 300, 30, "1001", "246810")
            .is_err()
    );
    assert_eq!(
        t.record_time_charges(vec![7, 2, 2, 5], 300, 30, "1001", "246810"),
        Ok(900)
    );
    // Not during a round: the box is counted at a closed table.
    t.execute(Command::Confirm(Confirm::DecksInspected))
        .unwrap();
    drop(t);

    let conn = rusqlite::Connection::open(&db).unwrap();
    let boxes: Vec<(String, i64, String, String, String)> = conn
        .prepare("SELECT box, amount_cents, container_seal, dealer_credential, floor_credential FROM box_counts ORDER BY serial")
        .unwrap()
        .query_map([], |r| Ok((r.get(0)?, r.get(1)?, r.get(2)?, r.get(3)?, r.get(4)?)))
        .unwrap()
        .map(|r| r.unwrap())
        .collect();
    assert_eq!(
        boxes,
        vec![
            (
                "bad-beat".into(),
                123_400,
                "S-77".into(),
                "20533".into(),
                "1001".into()
            ),
            (
                "high-hand".into(),
                51_000,
                "S-78".into(),
                "20533".into(),
                "3001".into()
            ),
        ]
    );
    let (seats, total, floor): (String, i64, String) = conn
        .query_row(
            "SELECT seats, total_cents, floor_credential FROM time_charges",
            [],
            |r| Ok((r.get(0)?, r.get(1)?, r.get(2)?)),
        )
        .unwrap();
    assert_eq!(
        (seats.as_str(), total, floor.as_str()),
        ("[2,5,7]", 900, "1001")
    );

    let mut store = Store::open(&db).unwrap();
    let doc = deckhand::print::box_count_document(&mut store, serial, None).unwrap();
    assert!(!doc.reprint);
    let no = doc.number;
    let text = doc.text();
    let title = format!("Bad Beat box count documentation No. {no}");
    for field in [
        title.as_str(),
        "Amount counted: $1,234.00",
        "Locked container seal: S-77",
        "Dealer: Sam Chen (20533)",
        "Floorperson or above: Dana Brooks (1001)",
        "§ 637a.15(d)(1)",
    ] {
        assert!(text.contains(field), "{field} missing:\n{text}");
    }
    let (_, reprint, pdf) = deckhand::print::box_count(&mut store, serial).unwrap();
    assert!(reprint);
    let read = common::pdf::text(&pdf);
    assert!(
        read.contains("REPRINT - Bad Beat box count documentation No. "),
        "{read}"
    );
    assert!(read.contains("Locked container seal: S-77"), "{read}");
    assert!(
        deckhand::print::box_count(&mut store, 1).is_err(),
        "row 1 is not a box count"
    );
}

#[test]
fn the_box_count_form_on_the_screen() {
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("ui.sqlite");
    let t = open(&db);
    let mut h = Harness::builder()
        .with_size(egui::vec2(1280.0, 800.0))
        .build_ui_state(
            |ui, app: &mut DeckhandApp| {
                app.logic(ui.ctx());
                app.show(ui);
            },
            DeckhandApp::new(t, setup(), None),
        );
    let tap = |h: &mut Harness<'_, DeckhandApp>, label: &str| {
        h.get_by_label(label).click();
        h.run_ok();
        crate::common::ui::wait_for_pin_check(h);
    };
    let keys = |h: &mut Harness<'_, DeckhandApp>, digits: &str| {
        for d in digits.chars() {
            h.get_by_label(&d.to_string()).click();
            h.run_ok();
        }
    };
    h.run_ok();
    tap(&mut h, "Box count");
    h.get_by_label("Box count");
    tap(&mut h, "Record and sign");
    h.get_by_label_contains("Tap the box counted");
    tap(&mut h, "High Hand Jackpot");
    // The message goes once the box is tapped: it never outlives what it asked for.
    assert!(h.query_by_label_contains("Tap the box counted").is_none());
    keys(&mut h, "750");
    h.get_by_label_contains("Container seal:").click();
    h.run_ok();
    keys(&mut h, "4411");
    h.get_by_label("Floorperson signs").click();
    h.run_ok();
    keys(&mut h, "1001");
    h.get_by_label_contains("PIN:").click();
    h.run_ok();
    keys(&mut h, "246810");
    tap(&mut h, "Record and sign");
    h.get_by_label_contains("High Hand Jackpot box count of $750 recorded");
    drop(h);
    let conn = rusqlite::Connection::open(&db).unwrap();
    let (amount, seal): (i64, String) = conn
        .query_row(
            "SELECT amount_cents, container_seal FROM box_counts",
            [],
            |r| Ok((r.get(0)?, r.get(1)?)),
        )
        .unwrap();
    assert_eq!((amount, seal.as_str()), (75_000, "4411"));
}

/// The boxes on their schedule at a table that collects for both (§ 637a.15(d)(1),
/// § 637a.16(d)(1)), counted at the closed table (`[jackpots] box_counts_at = "table"`): the Bad
/// Beat box once each gaming day, the High Hand box after each qualifying period closes. A box
/// due its count holds the next round, in the terminal and on the screen, until the dealer
/// counts it before a floorperson.
#[test]
fn the_boxes_are_counted_on_their_schedule_before_the_next_round() {
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("schedule.sqlite");
    let mut s = common::ui::table(9, deckhand::rules::games::GameId::Holdem);
    s.pot_rules.bad_beat = 100;
    s.pot_rules.high_hand = 100;
    let mut t = common::ui::opened(&db, &s);
    let now = chrono::Utc::now();
    let tomorrow = now + chrono::Duration::days(1);
    // Opened today: nothing due yet; the next gaming day, the Bad Beat box.
    assert_eq!(t.box_count_due(now), None);
    let due = t.box_count_due(tomorrow).expect("due the next gaming day");
    assert!(due.contains("§ 637a.15(d)(1)"), "{due}");
    t.record_box_count(JackpotBox::BadBeat, 5_000, "S-1", "1001", "246810")
        .unwrap();
    // Counted today: due again tomorrow, not before.
    assert_eq!(t.box_count_due(now), None);
    assert!(t.box_count_due(tomorrow).is_some());
    // Counted at the cage instead: the terminal asks nothing.
    t.set_box_counts_at_table(false);
    assert_eq!(t.box_count_due(tomorrow), None);
    t.set_box_counts_at_table(true);
    // A High Hand period closes: its box is due before the next round.
    let hh = deckhand::config::HighHandConfig::default();
    let p1 = hh.period_of(now);
    let p2 = hh.period_after(&p1).unwrap();
    t.close_high_hand_period(&p1, &p2, "2099-01-01T00:00Z", "1001", "246810")
        .unwrap();
    let e = t
        .execute(Command::StartRound { seats: vec![1, 2] })
        .unwrap_err();
    assert!(e.contains("§ 637a.16(d)(1)"), "{e}");
    // On the screen: the count in place of Start round, through the box count form.
    let mut h = common::ui::harness(DeckhandApp::new(t, s, None));
    h.run_ok();
    h.get_by_label("Count the jackpot box");
    assert!(h.query_by_label_contains("Start round").is_none());
    common::ui::tap(&mut h, "Count the box now");
    common::ui::tap(&mut h, "High Hand Jackpot");
    common::ui::keys(&mut h, "750");
    common::ui::tap(&mut h, "Container seal: ");
    common::ui::keys(&mut h, "4411");
    common::ui::tap(&mut h, "Floorperson signs");
    common::ui::keys(&mut h, "1001");
    h.get_by_label_contains("PIN:").click();
    h.run_ok();
    common::ui::keys(&mut h, "246810");
    common::ui::tap(&mut h, "Record and sign");
    h.get_by_label_contains("High Hand Jackpot box count of $750 recorded");
    assert_eq!(h.state().terminal().box_count_due(chrono::Utc::now()), None);
    assert!(h.query_by_label_contains("Count the jackpot box").is_none());
}
