//! The dealer's screen under egui_kittest, shared by the UI tests: a 1280x800 harness around the
//! real app, taps by label, an opened table.

use deckhand::demo::At;
use deckhand::rules::games::GameId;
use deckhand::rules::table::TableSetup;
use deckhand::store::Store;
use deckhand::terminal::Terminal;
use deckhand::ui::DeckhandApp;
use egui_kittest::Harness;
use egui_kittest::kittest::{NodeT, Queryable};

/// A fixed-limit table ($1/$2 blinds, $2/$4 limits, three raises) dealing `game`, shuffled by
/// hand; Stud games get the demo's forced bet.
pub fn table(table_no: u32, game: GameId) -> TableSetup {
    let base = TableSetup {
        table_no,
        deck_colours: ["Red".into(), "Blue".into()],
        blinds: vec![100, 200],
        small_bet: 200,
        big_bet: 400,
        max_raises: 3,
        counting_shuffler: false,
        pot_rules: Default::default(),
        poker: Default::default(),
    };
    deckhand::demo::setup_for(&base, game)
}

/// A terminal on `db` with the demo people, the table opened (inspected, verified by the
/// floorperson 1001, spread, washed) and the first deck shuffled and cut by hand.
pub fn opened(db: &std::path::Path, s: &TableSetup) -> Terminal {
    let mut t = Terminal::open(Store::open(db).unwrap(), None).unwrap();
    deckhand::demo::stage_at(&mut t, s, At::Opened).unwrap();
    t
}

pub fn harness_sized(app: DeckhandApp, w: f32, h: f32) -> Harness<'static, DeckhandApp> {
    Harness::builder()
        .with_size(egui::vec2(w, h))
        .build_ui_state(
            |ui, app: &mut DeckhandApp| {
                app.logic(ui.ctx());
                app.show(ui);
            },
            app,
        )
}

/// The app on the 1280x800 table screen.
pub fn harness(app: DeckhandApp) -> Harness<'static, DeckhandApp> {
    harness_sized(app, 1280.0, 800.0)
}

pub fn tap(h: &mut Harness<'_, DeckhandApp>, label: &str) {
    h.get_by_label(label).click();
    h.run_ok();
}

/// Taps each label of a space-separated list ("A♠ K♥", "1 0 0 1").
pub fn taps(h: &mut Harness<'_, DeckhandApp>, list: &str) {
    for l in list.split(' ') {
        tap(h, l);
    }
}

/// Taps each digit on the keypad.
pub fn keys(h: &mut Harness<'_, DeckhandApp>, digits: &str) {
    for d in digits.chars() {
        tap(h, &d.to_string());
    }
}

/// The button is on the screen and enabled.
pub fn ready(h: &Harness<'_, DeckhandApp>, label: &str) -> bool {
    h.query_by_label(label)
        .is_some_and(|n| !n.accesskit_node().is_disabled())
}

/// The payloads of the journal rows of one kind, oldest first.
pub fn payloads(db: &std::path::Path, kind: &str) -> Vec<String> {
    let conn = rusqlite::Connection::open(db).unwrap();
    conn.prepare("SELECT payload FROM journal WHERE kind = ?1 ORDER BY serial")
        .unwrap()
        .query_map([kind], |r| r.get(0))
        .unwrap()
        .map(|k| k.unwrap())
        .collect()
}

/// Every journal row's kind, oldest first.
pub fn kinds(db: &std::path::Path) -> Vec<String> {
    let conn = rusqlite::Connection::open(db).unwrap();
    conn.prepare("SELECT kind FROM journal ORDER BY serial")
        .unwrap()
        .query_map([], |r| r.get(0))
        .unwrap()
        .map(|k| k.unwrap())
        .collect()
}
