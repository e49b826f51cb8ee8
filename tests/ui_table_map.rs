//! The table map (issue 20): at the start of a round the seats are where they are at the
//! table, seat 1 at the dealer's far left and the others clockwise round to the last at the
//! dealer's right, and the dealer taps them there. From the real start.

use crate::common;

use common::ui::{keys, real_app, tap};
use egui_kittest::kittest::{NodeT, Queryable};

#[test]
fn the_dealer_taps_the_seats_where_they_sit() {
    for (w, hgt) in [(1024.0, 768.0), (1920.0, 1080.0)] {
        let dir = tempfile::tempdir().unwrap();
        let mut h = real_app(&dir.path().join("map.sqlite"), w, hgt, 0.25);
        tap(&mut h, "Alex Rivera");
        keys(&mut h, "20417");
        tap(&mut h, "Next: PIN");
        keys(&mut h, "112233");
        tap(&mut h, "Sign in");
        tap(&mut h, "Open table");
        tap(&mut h, "Decks inspected");
        tap(&mut h, "Floorperson verify");
        common::play::floorperson_signs(&mut h);
        tap(&mut h, "Players have inspected");
        tap(&mut h, "Decks washed");
        tap(&mut h, "Shuffled and cut");
        let at = |h: &egui_kittest::Harness<'_, deckhand::ui::DeckhandApp>, seat: u8| {
            h.get_by_label(&format!("Seat {seat}")).rect().center()
        };
        let centres: Vec<egui::Pos2> = (1..=10).map(|s| at(&h, s)).collect();
        // Up the left side from seat 1, along the top, down the right side to seat 10.
        for pair in centres.windows(2) {
            assert!(
                pair[0].x <= pair[1].x + 0.5,
                "{w}: clockwise from the dealer's left"
            );
        }
        assert!(centres[0].y > centres[1].y && centres[1].y > centres[2].y);
        assert!(centres[9].y > centres[8].y && centres[8].y > centres[7].y);
        assert!(centres[0].x < centres[4].x && centres[4].x < centres[9].x);
        let start = h.get_by_label("Start round 1").rect();
        assert!(
            centres.iter().all(|c| c.y < start.min.y),
            "{w}: the map above Start"
        );
        map_above_start(&h, 10);
        tap(&mut h, "Seat 3");
        tap(&mut h, "Seat 8");
        h.get_by_label("Seat 3 ✔");
        tap(&mut h, "Seat 3 ✔");
        h.get_by_label("Seat 3");
        tap(&mut h, "Seat 5");
        tap(&mut h, "Start round 1");
        let t = h.state().terminal().table();
        assert_eq!(t.round.as_ref().map(|r| r.seats.clone()), Some(vec![5, 8]));
    }
}

/// The whole map (220 points from its top row of seats, the dealer's place at its foot) lies
/// above "Start round": nothing is drawn under the button.
fn map_above_start(h: &egui_kittest::Harness<'_, deckhand::ui::DeckhandApp>, seats: u8) {
    let rect = |label: String| {
        let picked = format!("{label} ✔");
        match h.query_by_label(&label) {
            Some(n) => n.rect(),
            None => h.get_by_label(&picked).rect(),
        }
    };
    let top = (1..=seats)
        .map(|s| rect(format!("Seat {s}")).min.y)
        .fold(f32::MAX, f32::min);
    let start = h.get_by_label_contains("Start round").rect();
    assert!(
        start.min.y >= top + 220.0,
        "Start at {} over the map from {top}",
        start.min.y
    );
}

/// Crazy 4 Poker's six betting positions leave the map's lower half without seats: the map
/// still keeps its whole height above "Start round" (the seats once left the cursor after the
/// last one placed, and Start covered the dealer's place), at 1024×768 and 1920×1080.
#[test]
fn a_six_seat_map_stays_whole_above_start() {
    fn press(h: &mut egui_kittest::Harness<'_, deckhand::ui::DeckhandApp>, label: &str) {
        if label.starts_with("Start round") {
            map_above_start(h, 6);
        }
        tap(h, label);
    }
    for (w, hgt) in [(1024.0, 768.0), (1920.0, 1080.0)] {
        let dir = tempfile::tempdir().unwrap();
        let db = dir.path().join("c4.sqlite");
        let app =
            deckhand::app::build(&common::ui::real_config(&db), Default::default(), None).unwrap();
        let mut h = common::ui::harness_sized(app, w, hgt);
        h.run_ok();
        common::play::open_from_sign_in(&mut h, deckhand::rules::games::GameId::Crazy4Poker, press);
        assert!(h.state().terminal().table().round.is_some());
    }
}

/// The map's words (its accessible label): "Table map: seat 1 $24.00, seat 2, …".
fn map_words(h: &egui_kittest::Harness<'_, deckhand::ui::DeckhandApp>) -> String {
    h.query_all_by_role(egui::accesskit::Role::Image)
        .filter_map(|n| n.accesskit_node().label())
        .find(|l| l.starts_with("Table map:"))
        .expect("the table map")
        .to_string()
}

/// While the wagers are keyed the rules hold none yet: the map shows what each seat's keypads
/// hold, and a seat with nothing keyed shows nothing, never "$0.00". From the real start, six
/// seats at 1024×768.
#[test]
fn the_map_shows_the_wagers_as_they_are_keyed_and_never_a_zero() {
    use deckhand::rules::games::GameId;
    let dir = tempfile::tempdir().unwrap();
    let mut h = real_app(&dir.path().join("keyed.sqlite"), 1024.0, 768.0, 0.25);
    common::play::open_with_seats(&mut h, GameId::Crazy4Poker, tap, &[1, 2, 3, 4, 5, 6]);
    let before = map_words(&h);
    assert!(!before.contains('$'), "{before}");
    assert!(before.contains("seat 1, seat 2"), "{before}");
    // Seat 1's Ante, first on the screen: the Super Bonus equals it (§ 657a.7).
    keys(&mut h, "12");
    let after = map_words(&h);
    assert!(after.contains("seat 1 $24.00, seat 2,"), "{after}");
    assert!(!after.contains("$0.00"), "{after}");
    h.get_by_label_contains("Keyed so far $24.00");
}

/// The embedded default (simulated shuffler and progressive controller, what
/// `cargo run --release` opens): the demo simulator is a button at the status line's right end,
/// not a bar across the screen nor a place in the dealer's actions, so at 1024×768 a six-seat
/// round's wager keypad is whole on the screen; its box arms a fault and says so.
#[test]
fn the_demo_simulator_takes_no_height_from_the_step() {
    use deckhand::rules::games::GameId;
    use std::time::{Duration, Instant};
    let dir = tempfile::tempdir().unwrap();
    let mut h = embedded_default(&dir.path().join("demo.sqlite"));
    let demo = h.get_by_label("Simulator").rect();
    assert!(
        demo.min.x >= 1024.0 - 300.0 && demo.max.y <= 60.0 && demo.max.x <= 1024.0,
        "{demo:?}"
    );
    tap(&mut h, "Simulator");
    tap(&mut h, "Simulate jam");
    h.get_by_label_contains("jams on its next shuffle");
    assert!(h.query_by_label("Simulate miscount (51)").is_none());
    tap(&mut h, "Simulator");
    tap(&mut h, "Close");
    assert!(h.query_by_label("Simulate jam").is_none());
    // Escape closes it too.
    tap(&mut h, "Simulator");
    h.key_press(egui::Key::Escape);
    h.run_ok();
    common::ui::settle(&mut h);
    assert!(h.query_by_label("Simulate jam").is_none());

    // The jam armed above: the shuffle fails once and is started again.
    shuffled_by_the_simulator(&mut h, GameId::Crazy4Poker);
    // The controller waits for the round's OPEN_WAGERING: between rounds that is no fault.
    // Its state comes over its own line, in its own time.
    let deadline = Instant::now() + Duration::from_secs(10);
    while h.query_by_label("● Progressive between rounds").is_none() {
        assert!(Instant::now() < deadline, "the controller never reported");
        h.step();
        std::thread::sleep(Duration::from_millis(20));
    }
    // The Simulator keeps its place from the first screen to the open table.
    assert_eq!(h.get_by_label("Simulator").rect(), demo);
    for s in 1..=6 {
        tap(&mut h, &format!("Seat {s}"));
    }
    // The box's Close lies over "Start round 1": a hurried second tap on it never starts
    // the round (closing the box is a new screen, guarded as any other).
    tap(&mut h, "Simulator");
    let close = h.get_by_label("Close").rect();
    assert!(
        close.intersects(h.get_by_label("Start round 1").rect()),
        "{close:?}"
    );
    common::ui::double_tap(&mut h, "Close");
    assert!(h.state().terminal().table().round.is_none());
    tap(&mut h, "Start round 1");
    // The controller's answer comes over its serial line.
    let deadline = Instant::now() + Duration::from_secs(10);
    while h.query_by_label("● Progressive wagering open").is_none() {
        assert!(Instant::now() < deadline, "wagering never opened");
        h.step();
        std::thread::sleep(Duration::from_millis(20));
    }
    for key in common::ui::KEYPAD.iter().chain(&["No more bets"]) {
        let r = h.get_by_label(key).rect();
        assert!(r.max.y <= 768.0 && r.height() >= 48.0, "{key}: {r:?}");
    }
}

/// The app exactly as `cargo run --release` opens it (the embedded default: a simulated
/// shuffler and progressive controller on pseudo-terminals) on `db`, at 1024×768, frames 50 ms
/// apart (a hurried double tap lands within a new screen's first frames).
fn embedded_default(
    db: &std::path::Path,
) -> egui_kittest::Harness<'static, deckhand::ui::DeckhandApp> {
    let mut c = deckhand::config::Config::load(None).unwrap();
    c.store.database = db.display().to_string();
    common::ui::app_with(&c, 1024.0, 768.0, 0.05)
}

/// From sign-in to round 1 ready to start, `game` shuffled by the simulated shuffler (started
/// again after a jam).
fn shuffled_by_the_simulator(
    h: &mut egui_kittest::Harness<'_, deckhand::ui::DeckhandApp>,
    game: deckhand::rules::games::GameId,
) {
    use std::time::{Duration, Instant};
    common::play::washed_from_sign_in(h, game, tap);
    let deadline = Instant::now() + Duration::from_secs(20);
    while h.query_by_label("Start round 1").is_none() {
        assert!(Instant::now() < deadline, "no round to start");
        if h.query_by_label("Start shuffle").is_some() {
            tap(h, "Start shuffle");
        }
        h.step();
        std::thread::sleep(Duration::from_millis(20));
    }
    h.run_ok();
}

/// A poker room's round at 1024×768 with the embedded default's devices: three rows of the
/// game's actions above, the table map and the pot line whole beneath them and above the
/// table-wide actions (the progressive's meters, which no poker-room game pays from, are not
/// shown and leave the room).
#[test]
fn a_poker_rooms_map_and_pot_are_whole_at_1024_by_768() {
    use deckhand::rules::games::GameId;
    let dir = tempfile::tempdir().unwrap();
    let mut h = embedded_default(&dir.path().join("room.sqlite"));
    shuffled_by_the_simulator(&mut h, GameId::Holdem);
    for s in [2, 4, 5] {
        tap(&mut h, &format!("Seat {s}"));
    }
    tap(&mut h, "Start round 1");
    // The progressive and its meters belong to the house-banked games that have one.
    assert!(h.query_by_label_contains("5 Card Bonus").is_none());
    assert!(h.query_by_label_contains("Progressive").is_none());
    h.get_by_label("Box count");
    let foot = h.get_by_label("Change decks").rect().min.y;
    // The embedded default keeps the betting at the table: the line says so, not a pot, and
    // where the button is, in view at 1024×768 (the seat list under it scrolls).
    let pot = h
        .get_by_label_contains("Betting at the table · button seat 5")
        .rect();
    assert!(
        pot.max.y <= foot,
        "the pot line {pot:?} runs under the foot at {foot}"
    );
    let map = map_words(&h);
    assert!(map.contains("seat 5 D"), "the button: {map}");
    // The blinds, posted as the round started, too.
    h.get_by_label_contains("button seat 5 · blinds seats 2, 4");
}

/// A dealer signed in by mistake signs out at the open-table screen: Sign out stands in the
/// foot, where it stands at the open table, and the sign-in screen comes back.
#[test]
fn a_dealer_signs_out_before_opening_the_table() {
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("out.sqlite");
    let mut h = real_app(&db, 1024.0, 768.0, 0.25);
    common::play::dealer_signs_in(&mut h, tap);
    h.get_by_label("Open table");
    let at = h.get_by_label("Sign out").rect();
    tap(&mut h, "Sign out");
    assert!(h.state().terminal().table().dealer.is_none());
    assert!(
        common::ui::kinds(&db)
            .iter()
            .any(|k| k == "dealer_signed_out")
    );
    common::play::dealer_signs_in(&mut h, tap);
    tap(&mut h, "Open table");
    assert_eq!(h.get_by_label("Sign out").rect(), at);
}

/// The side panel shows the progressive controller's meters the open game pays from: the
/// embedded default's simulated controller also keeps Texas Hold 'Em Bonus's Five Card Hand
/// Bonus meter (§ 647a.12(e)), which a Mississippi Stud table never pays from, so it is not
/// shown there (a walk of issue 43 found it was).
#[test]
fn the_side_panel_shows_only_the_meters_the_open_game_pays_from() {
    use deckhand::rules::games::GameId;
    use std::time::{Duration, Instant};
    for (game, five_card) in [
        (GameId::MississippiStud, false),
        (GameId::TexasHoldemBonus, true),
    ] {
        let dir = tempfile::tempdir().unwrap();
        let mut h = embedded_default(&dir.path().join("meters.sqlite"));
        shuffled_by_the_simulator(&mut h, game);
        let deadline = Instant::now() + Duration::from_secs(20);
        while h.query_by_label_contains("Progressive $").is_none() {
            assert!(
                Instant::now() < deadline,
                "{}: no meter reported",
                game.id()
            );
            h.step();
            std::thread::sleep(Duration::from_millis(20));
        }
        h.run_ok();
        assert_eq!(
            h.query_by_label_contains("5 Card Bonus $").is_some(),
            five_card,
            "{}",
            game.id()
        );
        // Every meter shown stands inside the devices' box, not clipped off below it (with one
        // meter the box once held two lines only, and the Progressive's was cut off).
        let devices = h.get_by_label("Devices").rect();
        for meter in h.query_all_by_label_contains(" $") {
            let r = meter.rect();
            if r.center().y < devices.max.y + 40.0 && r.min.x >= devices.min.x {
                assert!(
                    devices.contains_rect(r),
                    "{}: a meter at {r:?} outside the devices' box {devices:?}",
                    game.id()
                );
            }
        }
        assert!(
            devices.contains_rect(h.get_by_label_contains("Progressive $").rect()),
            "{}: the Progressive meter is cut off",
            game.id()
        );
    }
}

/// The status line at 1024×768 with the embedded default: a long game's name and a floor call's
/// clock never run under the simulator's button at the line's end (a walk of issue 43 found
/// the deck's clock drawn over it); what does not fit is cut short instead.
#[test]
fn the_status_line_never_runs_under_the_simulator_button() {
    use deckhand::rules::games::GameId;
    use egui_kittest::kittest::NodeT;
    let dir = tempfile::tempdir().unwrap();
    let mut h = embedded_default(&dir.path().join("status.sqlite"));
    shuffled_by_the_simulator(&mut h, GameId::TexasHoldemBonus);
    tap(&mut h, "Call floor");
    tap(&mut h, "A player's dispute");
    let button = h.get_by_label("Simulator").rect();
    let line: Vec<(String, egui::Rect)> = h
        .query_all_by_role(egui::accesskit::Role::Label)
        .filter(|n| n.rect().center().y < button.max.y)
        .map(|n| {
            let words = n.accesskit_node().value().unwrap_or_default().to_string();
            (words, n.rect())
        })
        .collect();
    assert!(
        line.iter().any(|(w, _)| w.starts_with("Floor called")),
        "the floor call on the line: {line:?}"
    );
    for (words, rect) in &line {
        assert!(
            rect.max.x <= button.min.x,
            "`{words}` at {rect:?} runs under the Simulator button at {button:?}"
        );
    }
}

/// The status line names the round in play, or between rounds how many were played: the walk
/// of issue 43 read "Round 0" beside "Ready for round 1".
#[test]
fn the_status_line_names_the_round_in_play_or_the_rounds_played() {
    use deckhand::rules::games::GameId;
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("rounds.sqlite");
    let s = common::ui::table(4, GameId::FiveCardDraw);
    let t = common::ui::opened(&db, &s);
    let mut h =
        common::ui::harness_sized(deckhand::ui::DeckhandApp::new(t, s, None), 1024.0, 768.0);
    h.run_ok();
    h.get_by_label("No round yet");
    assert!(h.query_by_label("Round 0").is_none());
    for seat in ["Seat 1", "Seat 2", "Seat 3", "Start round 1"] {
        tap(&mut h, seat);
    }
    h.get_by_label("Round 1");
    common::play::play_out(&mut h);
    h.get_by_label("1 round played");
    assert!(h.query_by_label("Round 1").is_none());
}
