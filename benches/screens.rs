//! Frame CPU of the busiest screens (`cargo bench --bench screens`), with egui_kittest (no
//! GPU: the app's logic, egui's layout and the shapes, which is what the screen's thread pays
//! each frame):
//! - a Hold'em round at the cards (the card grid, the table map with every seat's wagers);
//! - the supervisor review with 10,000 records listed (200 a page, "Older records" tapped
//!   until 10,000 are loaded).
//!
//! Both at 1280×800. The goal of issue 24 is 4 ms a frame.
//! - the floor board (`deckhand floor`) with a whole floor of 250 tables, three calls waiting,
//!   at 1920×1080, as a supervisor sees it: the board taken from the feed (shared, not copied)
//!   and drawn. Issue 44's goal is 8 ms a frame.

#[path = "../tests/common/mod.rs"]
mod common;

use common::ui::{harness, keys, tap};
use criterion::{Criterion, criterion_group, criterion_main};
use deckhand::demo::At;
use deckhand::rules::games::GameId;
use deckhand::rules::table::{Command, Confirm};
use deckhand::store::{Entry, RowContext, Store};
use deckhand::terminal::Terminal;
use deckhand::ui::DeckhandApp;
use egui_kittest::Harness;
use egui_kittest::kittest::Queryable;
use std::time::{Duration, Instant};

/// The supervisor's sign-in to the review (credential number, PIN, Verify).
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

fn bench_card_entry(c: &mut Criterion) {
    let dir = tempfile::tempdir_in(env!("CARGO_TARGET_TMPDIR")).unwrap();
    let s = common::ui::table(14, GameId::Holdem);
    let mut t =
        Terminal::open(Store::open(&dir.path().join("cards.sqlite")).unwrap(), None).unwrap();
    deckhand::demo::stage_at(&mut t, &s, At::Cards).unwrap();
    let mut h = harness(DeckhandApp::new(t, s, None));
    h.run_ok();
    c.bench_function("frame/holdem_cards_with_table_map", |b| b.iter(|| h.step()));
}

fn bench_review(c: &mut Criterion) {
    let dir = tempfile::tempdir_in(env!("CARGO_TARGET_TMPDIR")).unwrap();
    let db = dir.path().join("review.sqlite");
    let s = common::ui::table(14, GameId::Holdem);
    let mut t = Terminal::open(Store::open(&db).unwrap(), None).unwrap();
    t.seed_demo_people().unwrap();
    t.sign_in("Alex Rivera", "20417", "112233").unwrap();
    t.execute(Command::OpenTable(s.clone())).unwrap();
    t.execute(Command::Confirm(Confirm::DecksInspected))
        .unwrap();
    t.execute(Command::SignOut).unwrap();
    drop(t);
    {
        // 10,000 records to list: what a busy day's device and system rows look like.
        let mut store = Store::open(&db).unwrap();
        let ctx = RowContext {
            table_no: Some(14),
            dealer_credential: Some("20417".into()),
            actor_credential: None,
        };
        let entries: Vec<Entry> = (0..10_000)
            .map(|i| {
                Entry::system(
                    "shuffler_meters",
                    serde_json::json!({"kind": "shuffler_meters", "shuffles": i, "cards": 52 * i}),
                )
            })
            .collect();
        for chunk in entries.chunks(1_000) {
            store.append(&ctx, chunk).unwrap();
        }
    }
    let t = Terminal::open(Store::open(&db).unwrap(), None).unwrap();
    let mut h = harness(DeckhandApp::new(t, s, None));
    h.run_ok();
    tap(&mut h, "Supervisor review");
    sign(&mut h, "3001", "135790");
    let deadline = Instant::now() + Duration::from_secs(60);
    while h.query_by_label_contains("Chain intact").is_none() {
        assert!(Instant::now() < deadline, "no chain status");
        std::thread::sleep(Duration::from_millis(20));
        h.run_ok();
    }
    let one_page = {
        let t = Instant::now();
        for _ in 0..50 {
            h.step();
        }
        t.elapsed() / 50
    };
    // 200 a page: "Older records" until there are none (the 10,000 rows and the table's own).
    let mut pages = 1;
    while h.query_by_label("Older records").is_some() {
        tap(&mut h, "Older records");
        pages += 1;
    }
    assert_eq!(pages, 51, "10,000 rows and a few more, 200 a page");
    let t = Instant::now();
    for _ in 0..50 {
        h.step();
    }
    eprintln!(
        "review frame: one page listed {one_page:?}, every page ({pages}) listed {:?}",
        t.elapsed() / 50
    );
    c.bench_function("frame/review_10000_rows_listed", |b| b.iter(|| h.step()));
}

fn bench_floor_board(c: &mut Criterion) {
    use deckhand::ui::floor_board::{BoardView, Watcher};
    let now = chrono::Utc::now();
    let board = std::sync::Arc::new(common::floor::staged_floor(now));
    let who = Watcher {
        person: deckhand::rules::table::Person {
            name: "Morgan Lee".into(),
            credential: "3001".into(),
            role: deckhand::rules::table::Role::Supervisor,
        },
        scope: deckhand::config::floor::Scope {
            name: "All tables".into(),
            tables: None,
        },
    };
    let mut h = Harness::builder()
        .with_size(egui::vec2(1920.0, 1080.0))
        .build_ui_state(
            move |ui, (view, themed): &mut (BoardView, bool)| {
                if !*themed {
                    deckhand::ui::theme::apply(ui.ctx());
                    *themed = true;
                }
                // As the window does each frame: the feed's board, shared.
                let shown = board.clone();
                let _ = view.show(ui, &shown, &who, now);
            },
            (BoardView::default(), false),
        );
    h.run_ok();
    c.bench_function("frame/floor_board_250_tables", |b| b.iter(|| h.step()));
}

criterion_group! {
    name = benches;
    config = Criterion::default().sample_size(20).measurement_time(Duration::from_secs(4));
    targets = bench_card_entry, bench_review, bench_floor_board
}
criterion_main!(benches);
