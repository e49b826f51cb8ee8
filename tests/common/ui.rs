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
    deckhand::demo::setup_for(&deckhand::demo::fixed_limit_table(table_no), game)
}

/// A terminal on `db` with the demo people, the table opened (inspected, verified by the
/// floorperson 1001, spread, washed) and the first deck shuffled and cut by hand.
pub fn opened(db: &std::path::Path, s: &TableSetup) -> Terminal {
    let mut t = Terminal::open(Store::open(db).unwrap(), None).unwrap();
    deckhand::demo::stage_at(&mut t, s, At::Opened).unwrap();
    t
}

pub fn harness_sized(app: DeckhandApp, w: f32, h: f32) -> Harness<'static, DeckhandApp> {
    harness_with_dt(app, w, h, 0.25)
}

/// A harness whose frames are `dt` seconds apart.
pub fn harness_with_dt(app: DeckhandApp, w: f32, h: f32, dt: f32) -> Harness<'static, DeckhandApp> {
    Harness::builder()
        .with_size(egui::vec2(w, h))
        .with_step_dt(dt)
        .build_ui_state(
            |ui, app: &mut DeckhandApp| {
                app.logic(ui.ctx());
                app.show(ui);
            },
            app,
        )
}

/// The embedded configuration `deckhand` loads, on `db`, without devices.
/// The keypad's keys, as the screen labels them.
pub const KEYPAD: [&str; 12] = [
    "1", "2", "3", "4", "5", "6", "7", "8", "9", "0", "Clear", "Delete",
];

pub fn real_config(db: &std::path::Path) -> deckhand::config::Config {
    let mut c = deckhand::config::Config::load(None).unwrap();
    c.store.database = db.display().to_string();
    c.shuffler.port = "none".into();
    // Shuffled by hand: the house-banked games deal from a manual shoe (§ x.9(a)(1)).
    c.table.dealing = deckhand::rules::registry::Dealing::ManualShoe;
    // Every game alike: the embedded Crazy 4 Poker deals from the shuffler's reading shoe,
    // which these tables do not have.
    for g in c.games.values_mut() {
        g.dealing = None;
    }
    c.progressive.port = "none".into();
    c
}

/// [`real_config`] with the betting kept action by action (`[holdem] betting_actions =
/// "tracked"`), for the tests of the betting itself.
pub fn tracked_config(db: &std::path::Path) -> deckhand::config::Config {
    let mut c = real_config(db);
    c.holdem.betting_actions = Some(deckhand::config::BettingActions::Tracked);
    c
}

/// [`real_app`] with the betting kept action by action ([`tracked_config`]).
pub fn tracked_app(db: &std::path::Path, w: f32, h: f32, dt: f32) -> Harness<'static, DeckhandApp> {
    app_with(&tracked_config(db), w, h, dt)
}

/// The app built exactly as `deckhand` builds it (`deckhand::app::build`, the embedded
/// configuration) on `db`, on a `w`×`h` harness whose frames are `dt` seconds apart, settled.
pub fn real_app(db: &std::path::Path, w: f32, h: f32, dt: f32) -> Harness<'static, DeckhandApp> {
    app_with(&real_config(db), w, h, dt)
}

/// The app built exactly as `deckhand` builds it from `config`, on a `w`×`h` harness whose
/// frames are `dt` seconds apart, settled.
pub fn app_with(
    config: &deckhand::config::Config,
    w: f32,
    h: f32,
    dt: f32,
) -> Harness<'static, DeckhandApp> {
    let app = deckhand::app::build(config, Default::default(), None).unwrap();
    let mut hs = harness_with_dt(app, w, h, dt);
    hs.run_ok();
    settle(&mut hs);
    hs
}

/// The whole window as `deckhand` holds it (the dealer's screen, or the one that says the
/// terminal cannot start) on a `w`×`h` harness.
pub fn station_harness(
    station: deckhand::ui::Station,
    w: f32,
    h: f32,
) -> Harness<'static, deckhand::ui::Station> {
    Harness::builder()
        .with_size(egui::vec2(w, h))
        .build_ui_state(
            |ui, s: &mut deckhand::ui::Station| {
                s.logic(ui.ctx());
                s.show(ui);
            },
            station,
        )
}

/// The app on the 1280x800 table screen.
pub fn harness(app: DeckhandApp) -> Harness<'static, DeckhandApp> {
    harness_sized(app, 1280.0, 800.0)
}

thread_local! {
    /// Every tap of [`tap`] on this test's thread, to measure what a round costs the dealer.
    static TAPS: std::cell::Cell<usize> = const { std::cell::Cell::new(0) };
}

/// The taps made so far on this thread.
pub fn taps_so_far() -> usize {
    TAPS.with(|t| t.get())
}

/// The house-banked round on the screen (a test that has one in play).
pub fn banked_round<'a>(
    h: &'a Harness<'_, DeckhandApp>,
) -> &'a deckhand::rules::banked::round::BankedRound {
    h.state()
        .terminal()
        .table()
        .round
        .as_ref()
        .and_then(|r| r.banked.as_ref())
        .expect("a house-banked round in play")
}

pub fn tap(h: &mut Harness<'_, DeckhandApp>, label: &str) {
    TAPS.with(|t| t.set(t.get() + 1));
    settle(h);
    h.get_by_label(label).click();
    h.run_ok();
    settle(h);
}

/// Waits as a dealer does between two steps: until a screen that just appeared takes taps,
/// and (in the supervisor review) until what was asked of the journal's reader has come.
pub fn settle(h: &mut Harness<'_, DeckhandApp>) {
    // A signature's check apart may open the review, whose reader then reads.
    settle_taps(h);
    while h.state().review_reading() {
        wait_while(h, "the review's reader", 2, DeckhandApp::review_reading);
        h.run_ok();
        settle_taps(h);
    }
}

/// Waits until a screen that just appeared takes taps (the tap guard), whatever else it waits
/// for.
pub fn settle_taps(h: &mut Harness<'_, DeckhandApp>) {
    // A signature's PIN is checked apart (tens of milliseconds of Argon2): real time passes.
    let deadline = std::time::Instant::now() + std::time::Duration::from_secs(20);
    for _ in 0..10_000 {
        if !h.state().settling() {
            return;
        }
        if std::time::Instant::now() > deadline {
            break;
        }
        if h.state().waiting_apart() {
            std::thread::sleep(std::time::Duration::from_millis(1));
        }
        h.step();
    }
    panic!("the screen never settles");
}

/// Waits while a signature's PIN is checked apart (its command runs once it has answered) or
/// the sign-in screen's dealers are read apart.
pub fn wait_for_pin_check(h: &mut Harness<'_, DeckhandApp>) {
    wait_while(h, "a read apart", 1, DeckhandApp::waiting_apart);
    h.run_ok();
}

/// Frames, `ms` apart in real time, while `waiting` holds (for 20 s at most).
fn wait_while(
    h: &mut Harness<'_, DeckhandApp>,
    what: &str,
    ms: u64,
    waiting: fn(&DeckhandApp) -> bool,
) {
    let deadline = std::time::Instant::now() + std::time::Duration::from_secs(20);
    while waiting(h.state()) {
        assert!(
            std::time::Instant::now() < deadline,
            "{what} never answered"
        );
        std::thread::sleep(std::time::Duration::from_millis(ms));
        h.step();
    }
}

/// Two taps on `label` in quick succession, as a hurried finger gives them: on a harness whose
/// frames are 50 ms apart, the second press comes 150 ms after the first is released, when the
/// next screen has been drawn twice. Then waits for the screen to settle.
pub fn double_tap(h: &mut Harness<'_, DeckhandApp>, label: &str) {
    let pos = h.get_by_label(label).rect().center();
    press_and_release(h, pos);
    // One event a frame: two frames of the next screen before the second press.
    h.event(egui::Event::PointerMoved(pos));
    press_and_release(h, pos);
    h.run_ok();
    settle(h);
}

/// A finger's press and release at `pos`, given to the next frame.
pub fn press_and_release<S>(h: &mut Harness<'_, S>, pos: egui::Pos2) {
    let button = |pressed| egui::Event::PointerButton {
        pos,
        button: egui::PointerButton::Primary,
        pressed,
        modifiers: Default::default(),
    };
    h.event(egui::Event::PointerMoved(pos));
    h.event(button(true));
    h.event(button(false));
}

/// The demonstration dealer, Alex Rivera, signs in from the sign-in screen.
pub fn sign_in_alex(h: &mut Harness<'_, DeckhandApp>) {
    tap(h, "Alex Rivera");
    keys(h, "20417");
    tap(h, "Next: PIN");
    keys(h, "112233");
    tap(h, "Sign in");
}

/// Holds the journal's writer (a disk that takes nothing) until the sender is used or dropped,
/// or for `at_most` (a screen that waited for it would wait that long).
pub fn hold_writer(
    h: &Harness<'_, DeckhandApp>,
    at_most: std::time::Duration,
) -> std::sync::mpsc::Sender<()> {
    let hold = h.state().terminal().store().hold_writer();
    let (release, released) = std::sync::mpsc::channel::<()>();
    std::thread::spawn(move || {
        let _ = released.recv_timeout(at_most);
        drop(hold);
    });
    release
}

/// Draws 20 frames while a record is held back ([`hold_writer`]): the screen's thread never
/// waits for it (20 frames in under 2 s), the record is still awaited, and no tap is taken.
pub fn draws_on_while_recording(h: &mut Harness<'_, DeckhandApp>) {
    let started = std::time::Instant::now();
    for _ in 0..20 {
        h.step();
    }
    assert!(
        started.elapsed() < std::time::Duration::from_secs(2),
        "the screen's thread waited for the record: {:?}",
        started.elapsed()
    );
    assert!(h.state().recording(), "the record is awaited");
    assert!(h.state().settling(), "the screen takes no tap meanwhile");
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

/// Once the database takes writes again: the dealer taps "Try again" while the fault's screen
/// shows, until the held rows are written (a try already going on apart may write them first).
pub fn try_again_until_saved(h: &mut Harness<'_, DeckhandApp>) {
    let deadline = std::time::Instant::now() + std::time::Duration::from_secs(10);
    while h.state().terminal().write_fault().is_some() {
        assert!(std::time::Instant::now() < deadline, "never written");
        settle(h);
        if let Some(button) = h.query_by_label("Try again") {
            button.click();
        }
        h.run_ok();
        std::thread::sleep(std::time::Duration::from_millis(50));
        h.run_ok();
    }
    settle(h);
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

/// A finger pressed at `from`, moved to `to` in ten steps, lifted.
pub fn drag(h: &mut Harness<'_, DeckhandApp>, from: egui::Pos2, to: egui::Pos2) {
    let button = |pos, pressed| egui::Event::PointerButton {
        pos,
        button: egui::PointerButton::Primary,
        pressed,
        modifiers: Default::default(),
    };
    h.event(egui::Event::PointerMoved(from));
    h.event(button(from, true));
    h.step();
    for k in 1..=10 {
        let p = from + (to - from) * (k as f32 / 10.0);
        h.event(egui::Event::PointerMoved(p));
        h.step();
    }
    h.event(button(to, false));
    h.run_ok();
}

/// How the journal's list and the review word the last `kind` row of the database at `db`
/// ("results tapped", "cards read by the shoe").
pub fn last_row_words(db: &std::path::Path, kind: &str) -> String {
    let row = deckhand::store::Store::open(db)
        .unwrap()
        .all_rows()
        .unwrap()
        .into_iter()
        .rfind(|r| r.kind == kind)
        .unwrap_or_else(|| panic!("no {kind} row"));
    deckhand::ui::journal_words(&row)
}
