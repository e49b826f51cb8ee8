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
    TableSetup {
        poker: Default::default(),
        table_no: 9,
        deck_colours: ["Red".into(), "Blue".into()],
        blinds: vec![100, 200],
        small_bet: 200,
        big_bet: 400,
        max_raises: 3,
        betting: Default::default(),
        counting_shuffler: false,
        pot_rules: Default::default(),
    }
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
