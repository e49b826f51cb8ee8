//! The supervisor review through the real UI (egui_kittest, by labels): only a supervisor's
//! signature opens it; the chain status shows; a kind filter narrows the list; a record opens
//! whole; the filtered records export as CSV.

use crate::common;

use deckhand::rules::table::{Command, Confirm, TableSetup};
use deckhand::store::Store;
use deckhand::terminal::Terminal;
use deckhand::ui::DeckhandApp;
use egui_kittest::Harness;
use egui_kittest::kittest::{NodeT, Queryable};
use std::time::{Duration, Instant};

fn setup() -> TableSetup {
    TableSetup {
        counting_shuffler: true,
        ..deckhand::demo::fixed_limit_table(14)
    }
}

fn harness(app: DeckhandApp) -> Harness<'static, DeckhandApp> {
    Harness::builder()
        .with_size(egui::vec2(1280.0, 800.0))
        .build_ui_state(
            |ui, app: &mut DeckhandApp| {
                app.logic(ui.ctx());
                app.show(ui);
            },
            app,
        )
}

/// A tap once the screen has settled: a screen that just changed (the print preview closing
/// as the printer answers) ignores taps for a moment, as a dealer's would.
fn tap(h: &mut Harness<'_, DeckhandApp>, label: &str) {
    common::ui::settle(h);
    h.get_by_label(label).click();
    h.run_ok();
    common::ui::settle(h);
}

/// Waits for the printer's answer (it prints on its own thread), then checks it says where.
fn printed_notice(h: &mut Harness<'_, DeckhandApp>, text: &str) {
    let deadline = Instant::now() + Duration::from_secs(10);
    while h.query_by_label_contains(" written to ").is_none() {
        assert!(Instant::now() < deadline, "no notice {text}");
        std::thread::sleep(Duration::from_millis(20));
        h.run_ok();
    }
    let notice = h
        .get_by_label_contains(" written to ")
        .accesskit_node()
        .value()
        .unwrap_or_default();
    assert!(notice.starts_with(text), "{notice}");
    // The print is a record: the list is searched again.
    common::ui::settle(h);
}

/// Taps Print once the preview's walk of the journal is done (it runs on its own thread; the
/// button says "Checking the journal…" until then).
fn tap_print(h: &mut Harness<'_, DeckhandApp>) {
    let deadline = Instant::now() + Duration::from_secs(10);
    while h.query_by_label("Print").is_none() {
        assert!(Instant::now() < deadline, "the journal's walk never ended");
        std::thread::sleep(Duration::from_millis(10));
        h.run_ok();
    }
    tap(h, "Print");
}

/// Waits for `label`, drawn once a reader on its own thread has answered.
fn wait_for(h: &mut Harness<'_, DeckhandApp>, label: &str) {
    let deadline = Instant::now() + Duration::from_secs(10);
    while h.query_by_label(label).is_none() {
        assert!(Instant::now() < deadline, "`{label}` never came");
        std::thread::sleep(Duration::from_millis(10));
        h.run_ok();
    }
}

fn keys(h: &mut Harness<'_, DeckhandApp>, keys: &str) {
    for k in keys.chars() {
        tap(h, &k.to_string());
    }
}

fn sign(h: &mut Harness<'_, DeckhandApp>, credential: &str, pin: &str) {
    if h.query_by_label("Next: PIN").is_none() {
        h.get_by_label_contains("Credential number:").click();
        h.run_ok();
    }
    tap(h, "Clear");
    keys(h, credential);
    tap(h, "Next: PIN");
    keys(h, pin);
    tap(h, "Verify");
}

/// A table opened and washed, one irregularity to find (the shuffler taken out of service,
/// § 637a.18(r)), the dealer signed out; the screen at "Supervisor sign-in".
fn at_review_sign_in(db: &std::path::Path) -> Harness<'static, DeckhandApp> {
    let mut t = Terminal::open(Store::open(db).unwrap(), None).unwrap();
    common::terminal::washed(&mut t, setup());
    t.execute(Command::ShufflerOutOfService).unwrap();
    t.execute(Command::Confirm(Confirm::ShufflerCovered))
        .unwrap();
    t.execute(Command::SignOut).unwrap();
    let mut h = harness(DeckhandApp::new(t, setup(), None));
    h.run_ok();
    tap(&mut h, "Supervisor review");
    h.get_by_label("Supervisor sign-in");
    h
}

#[test]
fn a_supervisor_finds_exports_and_closes() {
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("review.sqlite");
    let mut h = at_review_sign_in(&db);
    // A floorperson's PIN is right but the role is not: refused with the reason.
    sign(&mut h, "1001", "246810");
    h.get_by_label_contains("to review the records takes a shift supervisor or administrator");
    sign(&mut h, "3001", "135790");
    h.get_by_label("Supervisor review");
    // The chain is walked in the background; its status appears.
    let deadline = Instant::now() + Duration::from_secs(10);
    while h.query_by_label_contains("Chain intact").is_none() {
        assert!(Instant::now() < deadline, "no chain status");
        std::thread::sleep(Duration::from_millis(20));
        h.run_ok();
    }
    // The kinds open from one chip, and close once one is picked.
    assert!(h.query_by_label("Irregularities").is_none());
    tap(&mut h, "Kind: all");
    tap(&mut h, "Irregularities");
    assert!(h.query_by_label("Deck changes").is_none());
    h.get_by_label("Kind: Irregularities");
    h.get_by_label_contains("1 record matches");
    // The row names the irregularity, its section, the game and the table.
    h.get_by_label_contains(
        "Irregularity: The automated card shuffler cannot be used (§ 637a.18(r)) · Hold'em · table 14",
    )
    .click();
    h.run_ok();
    h.get_by_label_contains("Record #");
    // Names beside credential numbers; the raw record only behind "Details".
    h.get_by_label("Dealer Alex Rivera (20417) · signed by —");
    assert!(h.query_by_label_contains("\"section\"").is_none());
    tap(&mut h, "Details");
    h.get_by_label_contains("\"section\": \"§ 637a.18(r)\"");
    tap(&mut h, "Hide details");
    tap(&mut h, "Export CSV");
    h.get_by_label_contains("Exported 1 record to");
    let exports: Vec<_> = std::fs::read_dir(dir.path().join("exports"))
        .unwrap()
        .map(|e| e.unwrap().path())
        .collect();
    assert_eq!(exports.len(), 1);
    let path = &exports[0];
    let csv = std::fs::read_to_string(path).unwrap();
    assert_eq!(csv.lines().count(), 2);
    assert!(csv.contains("irregularity"));
    // The charts of the same filter.
    tap(&mut h, "Charts");
    h.get_by_label("Rounds per hour");
    h.get_by_label("Progressive meter");
    h.get_by_label_contains("table 14: 1 × § 637a.18(r)");
    tap(&mut h, "Charts");
    // The end-of-shift report: with no table or period chosen, this table since the gaming
    // day began, at once.
    tap(&mut h, "Print shift report");
    // The period's records are read on their own thread; the preview is made from them.
    wait_for(
        &mut h,
        "Preview: End-of-shift table report No. — - table 14",
    );
    tap(&mut h, "Cancel");
    tap(&mut h, "Table: any");
    keys(&mut h, "14");
    tap(&mut h, "Table: 14");
    tap(&mut h, "Today");
    // The report shows before it prints; Cancel prints nothing.
    let printed = |db: &std::path::Path| -> i64 {
        rusqlite::Connection::open(db)
            .unwrap()
            .query_row("SELECT COUNT(*) FROM documents_printed", [], |r| r.get(0))
            .unwrap()
    };
    let before = printed(&db);
    tap(&mut h, "Print shift report");
    // The period's records are read on their own thread; the preview is made from them.
    wait_for(
        &mut h,
        "Preview: End-of-shift table report No. — - table 14",
    );
    h.get_by_label_contains("Prints to: PDF in ");
    h.get_by_label("Irregularities: 1");
    tap(&mut h, "Cancel");
    assert_eq!(printed(&db), before);
    let matching = |h: &Harness<'_, DeckhandApp>| -> u32 {
        let text = h
            .get_by_label_contains(" match")
            .accesskit_node()
            .value()
            .unwrap_or_default();
        text.split_whitespace()
            .next()
            .and_then(|n| n.parse().ok())
            .unwrap_or(0)
    };
    // Every kind, so the print's own record is among them.
    h.get_by_label_contains("Kind: ").click();
    h.run_ok();
    tap(&mut h, "All kinds");
    let before_print = matching(&h);
    assert!(before_print > 0);
    tap(&mut h, "Print shift report");
    tap_print(&mut h);
    printed_notice(&mut h, "End-of-shift table report No. ");
    // The print is a record of its own, in the list at once.
    assert_eq!(matching(&h), before_print + 1);
    h.get_by_label_contains("Kind: ").click();
    h.run_ok();
    tap(&mut h, "Irregularities");
    assert_eq!(printed(&db), before + 1);
    let pdf = std::fs::read_dir(dir.path().join("exports"))
        .unwrap()
        .map(|e| e.unwrap().path())
        .find(|p| p.extension().is_some_and(|x| x == "pdf"))
        .expect("the report's PDF");
    let text = common::pdf::text(&std::fs::read(&pdf).unwrap());
    assert!(text.contains("Irregularities: 1"), "{text}");
    assert!(text.contains("§ 637a.18(r)"), "{text}");
    assert!(text.contains("Alex Rivera (20417)"), "{text}");
    // The chain status the preview's own thread walked.
    assert!(text.contains("Journal at printing: intact: "), "{text}");
    tap(&mut h, "Print shift report");
    wait_for(
        &mut h,
        "Preview: REPRINT - End-of-shift table report No. — - table 14",
    );
    tap_print(&mut h);
    printed_notice(&mut h, "REPRINT - End-of-shift table report No. ");
    // A keyed period: from today (YYYYMMDD) on; a malformed date is named, not guessed.
    tap(&mut h, "From: —");
    keys(&mut h, "2026");
    h.get_by_label_contains("From: 2026 is not a date");
    tap(&mut h, "Clear");
    let today = chrono::Utc::now().format("%Y%m%d").to_string();
    keys(&mut h, &today);
    h.get_by_label_contains("1 record matches");
    h.get_by_label_contains("(UTC)");
    tap(&mut h, &format!("From: {today}"));
    tap(&mut h, "To: —");
    keys(&mut h, &today);
    h.get_by_label_contains("0 records match");
    tap(&mut h, "Clear");
    tap(&mut h, "To: —");
    // The game the table was opened with: this journal's tables are all Hold'em.
    tap(&mut h, "Game: any");
    h.get_by_label("Game: Hold'em");
    h.get_by_label_contains("1 record matches");
    tap(&mut h, "Game: Hold'em");
    h.get_by_label("Game: any");
    // A dealer's records: Alex Rivera's irregularity, and nobody else's.
    tap(&mut h, "Dealer: any");
    keys(&mut h, "20533");
    h.get_by_label_contains("0 records match");
    tap(&mut h, "Clear");
    keys(&mut h, "20417");
    h.get_by_label_contains("1 record matches");
    tap(&mut h, "Clear");
    tap(&mut h, "Dealer: any");
    // Back to everything, then close.
    h.get_by_label_contains("Kind: ").click();
    h.run_ok();
    tap(&mut h, "All kinds");
    assert!(
        h.query_by_label("1 record matches; newest first.")
            .is_none()
    );
    tap(&mut h, "Close review");
    h.get_by_label("Dealer sign-in");
    drop(h);
    let conn = rusqlite::Connection::open(&db).unwrap();
    let kinds: Vec<String> = conn
        .prepare("SELECT kind FROM journal WHERE kind LIKE 'review_%' OR kind = 'verification_failed' ORDER BY serial")
        .unwrap()
        .query_map([], |r| r.get(0))
        .unwrap()
        .map(|k| k.unwrap())
        .collect();
    assert_eq!(
        kinds,
        vec!["review_opened", "review_closed"],
        "the refused role is not a PIN failure"
    );
    let printers: Vec<String> = conn
        .prepare(
            "SELECT actor_credential FROM journal WHERE kind = 'document_printed' ORDER BY serial",
        )
        .unwrap()
        .query_map([], |r| r.get(0))
        .unwrap()
        .map(|k| k.unwrap())
        .collect();
    assert_eq!(
        printers,
        vec!["3001", "3001"],
        "the supervisor signs each print"
    );
}

/// A long list: "Older records" sits under the list (not at its end, where a finger would
/// have to scroll to it), loads 200 more each tap and goes when there are no more; only the
/// rows in view are laid out, and a row in view still opens its record.
#[test]
fn older_records_load_under_a_list_that_lays_out_only_what_shows() {
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("long.sqlite");
    let mut t = Terminal::open(Store::open(&db).unwrap(), None).unwrap();
    t.seed_demo_people().unwrap();
    t.sign_in("Alex Rivera", "20417", "112233").unwrap();
    t.execute(Command::OpenTable(setup())).unwrap();
    t.execute(Command::SignOut).unwrap();
    drop(t);
    {
        let mut store = Store::open(&db).unwrap();
        let ctx = deckhand::store::RowContext {
            table_no: Some(14),
            dealer_credential: Some("20417".into()),
            actor_credential: None,
        };
        let entries: Vec<_> = (0..450)
            .map(|i| {
                deckhand::store::Entry::system(
                    "shuffler_meters",
                    serde_json::json!({"shuffles": i}),
                )
            })
            .collect();
        store.append(&ctx, &entries).unwrap();
    }
    let total: i64 = Store::open(&db)
        .unwrap()
        .connection()
        .query_row("SELECT COUNT(*) FROM journal", [], |r| r.get(0))
        .unwrap();
    let t = Terminal::open(Store::open(&db).unwrap(), None).unwrap();
    let mut h = harness(DeckhandApp::new(t, setup(), None));
    h.run_ok();
    tap(&mut h, "Supervisor review");
    sign(&mut h, "3001", "135790");
    h.get_by_label("Supervisor review");
    // The rows in view only: far fewer than the 200 of the first page are in the tree.
    let shown = |h: &Harness<'_, DeckhandApp>| {
        h.query_all_by_label_contains(" · Shuffler").count()
            + h.query_all_by_label_contains(" · shuffler").count()
    };
    let first = shown(&h);
    assert!((1..40).contains(&first), "{first} rows laid out");
    // A finger drags the list up; a row then opened keeps the list where it was (opening a
    // record is a new screen for the tap guard, which must not throw the list back to the top).
    let newest = format!("#{total} ");
    let at = h
        .get_by_label_contains(&newest)
        .accesskit_node()
        .raw_bounds()
        .unwrap();
    let from = egui::pos2(
        ((at.x0 + at.x1) / 2.0) as f32,
        ((at.y0 + at.y1) / 2.0) as f32 + 120.0,
    );
    common::ui::drag(&mut h, from, from - egui::vec2(0.0, 300.0));
    assert!(
        h.query_by_label_contains(&newest).is_none(),
        "the drag scrolled the list"
    );
    // A row near the top of the list as it now stands (300 px is over four rows of 68).
    let below = format!("#{} ", total - 6);
    h.get_by_label_contains(&below).click();
    h.run_ok();
    h.get_by_label_contains(&format!("Record #{}", total - 6));
    assert!(
        h.query_by_label_contains(&newest).is_none(),
        "the list stayed where the finger left it"
    );
    let older = h.get_by_label("Older records");
    let under = older.accesskit_node().raw_bounds().unwrap().y0;
    assert!(under < 800.0, "on the screen without scrolling: {under}");
    let mut pages = 1;
    while h.query_by_label("Older records").is_some() {
        tap(&mut h, "Older records");
        pages += 1;
    }
    assert_eq!(pages, (total as usize).div_ceil(200), "{total} rows");
    // A new search starts at the top: the newest row is in view again, and it opens.
    h.get_by_label_contains("Kind: ").click();
    h.run_ok();
    tap(&mut h, "All kinds");
    h.get_by_label_contains(&newest).click();
    h.run_ok();
    h.get_by_label_contains(&format!("Record #{total}"));
}

/// At 1024×768 each filter keypad's "Done" sits beside it, whole on the screen, and closes it
/// (under the keypad it was cut off at the foot of a 768-pixel screen).
#[test]
fn the_filter_keypads_close_on_a_small_screen() {
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("small.sqlite");
    let mut t = Terminal::open(Store::open(&db).unwrap(), None).unwrap();
    t.seed_demo_people().unwrap();
    let mut h = Harness::builder()
        .with_size(egui::vec2(1024.0, 768.0))
        .build_ui_state(
            |ui, app: &mut DeckhandApp| {
                app.logic(ui.ctx());
                app.show(ui);
            },
            DeckhandApp::new(t, setup(), None),
        );
    h.run_ok();
    tap(&mut h, "Supervisor review");
    sign(&mut h, "3001", "135790");
    for (chip, after) in [("Table: any", "Table: 12"), ("Text: —", "Text: Q")] {
        tap(&mut h, chip);
        let done = h.get_by_label("Done").rect();
        assert!(
            done.max.y <= 768.0 && done.max.x <= 1024.0,
            "{chip}: {done:?}"
        );
        keys(&mut h, if chip.starts_with("Table") { "12" } else { "Q" });
        tap(&mut h, "Done");
        assert!(h.query_by_label("Done").is_none(), "{chip}: closed");
        h.get_by_label(after);
    }
    // The kinds fold into one chip: the list starts in the upper half of the screen.
    let list = h.get_by_label_contains("newest first").rect();
    assert!(list.min.y < 360.0, "{list:?}");
}

/// The review's reads never hold the screen. With its reader held, as a search of millions of
/// rows holds it (a count of 10,000,000 rows took 2.6 s and a search by text 9 s on the
/// screen's thread before they had a thread of their own), a filter tapped leaves the screen
/// drawing frame after frame and saying "Searching…"; a second filter tapped meanwhile is the
/// one shown once the reader answers, and the first one's answers are never shown.
#[test]
fn a_slow_search_never_holds_the_screen_and_the_last_filter_is_shown() {
    let dir = tempfile::tempdir().unwrap();
    let mut h = at_review_sign_in(&dir.path().join("review.sqlite"));
    sign(&mut h, "3001", "135790");
    common::ui::settle(&mut h);
    let shown = |h: &Harness<'_, DeckhandApp>| -> Option<String> {
        h.query_by_label_contains(" match")
            .map(|n| n.accesskit_node().value().unwrap_or_default())
    };
    let all = shown(&h).expect("the first search's count");
    assert!(!all.starts_with("1 record"), "{all}");
    // A tap on a screen that has settled, without waiting for the reader.
    let click = |h: &mut Harness<'_, DeckhandApp>, label: &str| {
        common::ui::settle_taps(h);
        h.get_by_label(label).click();
        h.run_ok();
    };
    h.state().hold_review_reads(true);
    click(&mut h, "Kind: all");
    click(&mut h, "Irregularities");
    h.get_by_label("◌ Searching…");
    for _ in 0..20 {
        h.step();
    }
    assert!(h.state().review_reading());
    h.get_by_label("◌ Searching…");
    click(&mut h, "Kind: Irregularities");
    click(&mut h, "All kinds");
    h.state().hold_review_reads(false);
    let deadline = Instant::now() + Duration::from_secs(20);
    while h.state().review_reading() {
        assert!(Instant::now() < deadline, "the reader never answered");
        if let Some(text) = shown(&h) {
            assert!(
                !text.starts_with("1 record"),
                "the first filter's answer shown: {text}"
            );
        }
        std::thread::sleep(Duration::from_millis(1));
        h.step();
    }
    h.run_ok();
    assert!(h.query_by_label("◌ Searching…").is_none());
    h.get_by_label("Kind: all");
    assert_eq!(shown(&h).as_deref(), Some(all.as_str()));
}

/// The end-of-shift report's records are read on a connection and thread of their own, never by
/// the screen's store: with the file gone from its path (the screen's connection still open), the
/// preview says the records could not be read, Print stays off, and nothing is journaled.
#[test]
fn the_shift_reports_records_are_read_on_a_thread_of_their_own() {
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("review.sqlite");
    let mut h = at_review_sign_in(&db);
    sign(&mut h, "3001", "135790");
    h.get_by_label("Supervisor review");
    std::fs::rename(&db, dir.path().join("moved.sqlite")).unwrap();
    tap(&mut h, "Print shift report");
    wait_for(&mut h, "Preview: End-of-shift table report");
    let deadline = Instant::now() + Duration::from_secs(10);
    while h
        .query_by_label_contains("The shift's records could not be read: ")
        .is_none()
    {
        assert!(Instant::now() < deadline, "no answer from the reader");
        std::thread::sleep(Duration::from_millis(10));
        h.run_ok();
    }
    assert!(h.query_by_label("Print").is_none());
    // The refusal's line has just grown the preview's bottom panel: its buttons take their
    // place in the frames after it (a CI run under load once tapped Cancel before they had).
    h.run_ok();
    common::ui::settle(&mut h);
    tap(&mut h, "Cancel");
    assert!(
        h.query_by_label_contains("Preview:").is_none(),
        "Cancel closed the preview"
    );
    h.get_by_label("Supervisor review");
}
