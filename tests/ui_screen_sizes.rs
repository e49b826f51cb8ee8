//! Every screen size a table uses (issue 20): 1024×768, 1280×800, 1366×768 and 1920×1080. The
//! app is built as `deckhand` builds it and walked from sign-in through a Hold'em round and a
//! Crazy 4 Poker round; before every step's button is pressed, every button on the screen is
//! checked, and the status line along the top: inside the window (no scrolling to reach it), not cut off at the foot of a panel, not
//! under the side panel, and at least 48 px each way.

use crate::common;

use common::play::{open_from_sign_in, play_step_with};
use common::ui::{real_app, tap};
use deckhand::rules::games::GameId;
use deckhand::ui::DeckhandApp;
use egui_kittest::Harness;
use egui_kittest::kittest::{NodeT, Queryable};
use std::sync::Mutex;

/// The side panel's own buttons (the panel is the right-hand 300 or 340 px).
const SIDE: [&str; 13] = [
    "⚠ Irregularity",
    "Undo last",
    "Correction",
    "High hand",
    "Box count",
    "Time charges",
    "Cover card",
    "Change decks",
    "Close table",
    "Sign out",
    "Call floor",
    "Floor called",
    "Floor called…",
];
const TARGET: f32 = 48.0;

/// What was found wrong, screen by screen.
static PROBLEMS: Mutex<Vec<String>> = Mutex::new(Vec::new());

fn check(h: &Harness<'_, DeckhandApp>, before: &str) {
    let screen = h.ctx.content_rect();
    let step = format!("{:?}", h.state().terminal().table().step());
    let step: String = step.chars().take(40).collect();
    // The status line along the top: every word on the screen.
    for node in h.query_all_by_role(egui::accesskit::Role::Label) {
        let r = node.rect();
        if r.min.y < 30.0 && r.max.x > screen.max.x + 0.5 {
            PROBLEMS.lock().unwrap().push(format!(
                "{}×{} before {before:?} at {step}: the status line's {:?} runs off the screen",
                screen.width(),
                screen.height(),
                node.accesskit_node().label().unwrap_or_default()
            ));
        }
    }
    for node in h.query_all_by_role(egui::accesskit::Role::Button) {
        let label = node.accesskit_node().label().unwrap_or_default();
        let r = node.rect();
        let mut wrong = Vec::new();
        if !screen.contains_rect(r) {
            wrong.push("off the screen");
        } else if r.max.y > screen.max.y - 12.0 + 0.5 {
            // Inside the window but into the panels' margins: cut off by the panel's edge.
            wrong.push("cut off at the bottom");
        }
        if r.height() < TARGET - 0.5 || r.width() < TARGET - 0.5 {
            wrong.push("smaller than 48 px");
        }
        if !SIDE.contains(&label.as_str())
            && r.max.x > screen.max.x - deckhand::ui::theme::side_width(screen.width()) + 0.5
        {
            wrong.push("under the side panel");
        }
        if !wrong.is_empty() {
            PROBLEMS.lock().unwrap().push(format!(
                "{}×{} before {before:?} at {step}: {label:?} {r:?}: {}",
                screen.width(),
                screen.height(),
                wrong.join(", ")
            ));
        }
    }
}

fn checked_tap(h: &mut Harness<'_, DeckhandApp>, label: &str) {
    check(h, label);
    tap(h, label);
}

fn walk(w: f32, hgt: f32, game: GameId) {
    let dir = tempfile::tempdir().unwrap();
    let mut h = real_app(&dir.path().join("size.sqlite"), w, hgt, 0.25);
    open_from_sign_in(&mut h, game, checked_tap);
    let mut taps = 0;
    while play_step_with(&mut h, &mut taps, checked_tap) {
        assert!(taps < 300, "the round does not end");
    }
    assert_eq!(h.state().terminal().table().rounds_played, 1);
    check(&h, "the next round");
}

#[test]
fn every_button_of_a_round_is_on_the_screen_at_every_size() {
    for (w, h) in [
        (1024.0, 768.0),
        (1280.0, 800.0),
        (1366.0, 768.0),
        (1920.0, 1080.0),
    ] {
        for game in [GameId::Holdem, GameId::Crazy4Poker] {
            walk(w, h, game);
        }
    }
    let problems = PROBLEMS.lock().unwrap();
    assert!(
        problems.is_empty(),
        "{} buttons out of reach:\n{}",
        problems.len(),
        problems.join("\n")
    );
}

/// A long game's name and the dealer's pace on the status line at 1024×768 (the walk found the
/// deck's clock cut at the right edge at WPT Heads-Up): every word stays on the screen.
#[test]
fn the_status_line_fits_a_long_game_with_its_pace_at_1024() {
    let dir = tempfile::tempdir().unwrap();
    let mut h = common::ui::real_app(&dir.path().join("status.sqlite"), 1024.0, 768.0, 0.25);
    common::play::open_with_seats(&mut h, GameId::WptHeadsUp, common::ui::tap, &[1, 2, 3]);
    common::play::play_out(&mut h);
    // Two more rounds, the seats kept, for the pace.
    for _ in 0..2 {
        let n = h.state().terminal().table().rounds_played + 1;
        let start = format!("Start round {n}");
        for _ in 0..5 {
            if common::ui::ready(&h, &start) {
                break;
            }
            if let Some(next) = common::play::first_ready(&h, &["Shuffled and cut"]) {
                common::ui::tap(&mut h, next);
            }
        }
        common::ui::tap(&mut h, &start);
        common::play::play_out(&mut h);
    }
    let screen = h.ctx.content_rect();
    let mut seen = Vec::new();
    for node in h.query_all_by_role(egui::accesskit::Role::Label) {
        let r = node.rect();
        if r.min.y < 30.0 {
            let n = node.accesskit_node();
            let label = n.value().or(n.label()).unwrap_or_default();
            assert!(
                r.max.x <= screen.max.x + 0.5,
                "{label:?} runs off the screen"
            );
            seen.push(label);
        }
    }
    assert!(
        seen.iter().any(|l| l.ends_with("rounds/h")) && seen.iter().any(|l| l.starts_with("Decks")),
        "{seen:?}"
    );
}

/// `[display] scale_to_screen`: on a 1920×1080 monitor the window shows the design 1.35 times
/// larger (1422×800 points, still at least 1024×800), its targets with it, rather than the
/// same screen in the top-left corner; the scale settles at once and stays.
#[test]
fn a_1920_by_1080_monitor_shows_the_design_larger() {
    let dir = tempfile::tempdir().unwrap();
    let config = common::ui::real_config(&dir.path().join("scaled.sqlite"));
    assert!(config.display.scale_to_screen, "on by default");
    let h = scaled_1920_by_1080(&config);
    assert!(
        (h.ctx.zoom_factor() - 1.35).abs() < 1e-3,
        "{}",
        h.ctx.zoom_factor()
    );
    let screen = h.ctx.content_rect();
    assert!(
        screen.width() >= 1024.0 && screen.height() >= 768.0,
        "{screen:?}"
    );
    // The sign-in's names are 1.35 times the size they are at 1024×768, in pixels.
    let name = h.get_by_label("Alex Rivera").rect();
    let mut small = real_app(&dir.path().join("plain.sqlite"), 1024.0, 768.0, 0.25);
    small.run_ok();
    let plain = small.get_by_label("Alex Rivera").rect();
    let px = name.height() * h.ctx.pixels_per_point();
    assert!(
        (px / plain.height() - 1.35).abs() < 0.05,
        "{px} vs {}",
        plain.height()
    );
}

/// The real window on a 1920×1080 monitor (scaled to the screen, as `deckhand` runs it) at a
/// No-Limit table whose betting is kept on the terminal, with the simulated counting shuffler:
/// the screen before the first round, with its table stakes row, has every button above the
/// step card's foot, none behind its scroll bar. At 1.4 (1371×771 points) the wide type put
/// "No play: spread the decks" and "Floor: shuffle again" 19 points under it (the walk of
/// issue 41); the design now keeps 1024×800 points (1.35).
#[test]
fn a_scaled_1920_by_1080_screen_keeps_the_ready_screen_whole() {
    let dir = tempfile::tempdir().unwrap();
    let mut config = common::ui::tracked_config(&dir.path().join("ready.sqlite"));
    config.holdem.structure = deckhand::rules::table::StructureKind::NoLimit;
    config.holdem.max_raises = 0;
    // The embedded default's simulated counting shuffler, as the walk ran it.
    config.shuffler.port = "simulated".into();
    let mut h = scaled_1920_by_1080(&config);
    common::play::washed_from_sign_in(&mut h, GameId::Holdem, tap);
    common::play::through_the_shuffler(&mut h, |s| {
        matches!(
            s,
            deckhand::rules::table::Step::StartRound { load: Some(_), .. }
        )
    });
    tap(&mut h, "Seat 1");
    tap(&mut h, "Seat 2");
    let screen = h.ctx.content_rect();
    let mut labels: Vec<String> = h
        .query_all_by_role(egui::accesskit::Role::Button)
        .filter_map(|n| n.accesskit_node().label())
        .collect();
    labels.sort();
    for label in ["Floor: shuffle again", "No play: spread the decks"] {
        let r = h.get_by_label(label).rect();
        // Above the step card's foot: the window less the central panel's margin (24 points
        // at this width), where the card's scroll area ends.
        assert!(
            r.max.y <= screen.max.y - 24.0,
            "{label} {r:?} below the step card's foot in {screen:?} at zoom {}: {labels:?}",
            h.ctx.zoom_factor()
        );
    }
}

/// The app built as `deckhand` builds it from `config`, in a 1920×1080 window that scales the
/// design to the screen as the real window does, settled.
fn scaled_1920_by_1080(config: &deckhand::config::Config) -> Harness<'static, DeckhandApp> {
    let app = deckhand::app::build(config, Default::default(), None).unwrap();
    let mut h = Harness::builder()
        .with_size(egui::vec2(1920.0, 1080.0))
        .build_ui_state(
            |ui, app: &mut DeckhandApp| {
                if app.scales_to_screen() {
                    deckhand::ui::scale_to_screen(ui.ctx());
                }
                app.logic(ui.ctx());
                app.show(ui);
            },
            app,
        );
    for _ in 0..4 {
        h.run_ok();
    }
    h
}

/// Every list on the screens scrolls under a finger dragged over it: each is built by
/// `theme::scroll_vertical` (drag-to-scroll on, whatever the touchscreen reports itself as),
/// never by egui's `ScrollArea` alone (tests/five_card_bonus.rs drags a settlement).
#[test]
fn every_list_scrolls_under_a_finger() {
    let found: Vec<String> = common::sources::code_under("src/ui")
        .into_iter()
        .filter(|(f, _)| f != "theme.rs")
        .flat_map(|(f, code)| {
            code.lines()
                .enumerate()
                .filter(|(_, l)| l.contains("ScrollArea::"))
                .map(|(n, l)| format!("src/ui/{f}:{}: {}", n + 1, l.trim()))
                .collect::<Vec<_>>()
        })
        .collect();
    assert!(
        found.is_empty(),
        "a list a finger cannot drag:\n{}",
        found.join("\n")
    );
}

/// The side panel's journal at 1024×768 on a Lunar Poker table being opened with the counting
/// shuffler (two decks listed above it): its heading shows only with a row under it, inside the
/// window. The walk found the heading alone at the panel's foot, which reads as an empty journal.
#[test]
fn the_journal_heading_never_stands_alone() {
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("journal-1024.sqlite");
    let mut s = common::ui::table(12, GameId::LunarPoker);
    s.counting_shuffler = true;
    let mut t =
        deckhand::terminal::Terminal::open(deckhand::store::Store::open(&db).unwrap(), None)
            .unwrap();
    common::terminal::opened(&mut t, s.clone());
    assert_eq!(t.table().decks.len(), 2);
    let mut h = common::ui::harness_sized(DeckhandApp::new(t, s, None), 1024.0, 768.0);
    h.run_ok();
    h.get_by_label("Inspect both decks");
    for hgt in [768.0, 1000.0] {
        h.set_size(egui::vec2(1024.0, hgt));
        h.run_ok();
        let Some(heading) = h.query_by_label("Journal") else {
            assert!(hgt < 900.0, "a tall screen has room for the journal");
            continue;
        };
        let below = heading.rect().bottom();
        // The panel's foot: the table-wide actions, below which nothing of the journal shows.
        let foot = h.get_by_label("Change decks").rect().top();
        let rows = h
            .query_all_by(|n| {
                n.value()
                    .is_some_and(|v| v.starts_with('#') && v.contains(':'))
            })
            .filter(|n| n.rect().top() >= below - 1.0 && n.rect().bottom() <= foot)
            .count();
        assert!(
            rows > 0,
            "at 1024×{hgt} the journal's heading stands with no row under it"
        );
    }
}

/// The side panel's journal shows whole rows only, at both screen sizes and heights between:
/// the walk found its last row cut in half at the panel's foot (1024×768 and 1920×1080).
#[test]
fn the_journal_shows_whole_rows_only() {
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("journal-rows.sqlite");
    let s = common::ui::table(12, GameId::Spanish21);
    let mut t =
        deckhand::terminal::Terminal::open(deckhand::store::Store::open(&db).unwrap(), None)
            .unwrap();
    common::terminal::opened(&mut t, s.clone());
    let mut h = common::ui::harness_sized(DeckhandApp::new(t, s, None), 1024.0, 768.0);
    h.run_ok();
    let mut seen = 0;
    for (w, hgt) in [
        (1024.0, 768.0),
        (1024.0, 820.0),
        (1920.0, 1080.0),
        (1920.0, 1000.0),
    ] {
        h.set_size(egui::vec2(w, hgt));
        h.run_ok();
        let Some(heading) = h.query_by_label("Journal") else {
            continue;
        };
        let below = heading.rect().bottom();
        let foot = h.get_by_label("Change decks").rect().top();
        for n in h.query_all_by(|n| {
            n.value()
                .is_some_and(|v| v.starts_with('#') && v.contains(':'))
        }) {
            let r = n.rect();
            if r.top() < below - 1.0 {
                continue;
            }
            seen += 1;
            assert!(
                r.bottom() <= foot + 0.5,
                "at {w}×{hgt} a journal row runs under the panel's foot ({} > {foot}): {:?}",
                r.bottom(),
                n.value()
            );
        }
    }
    assert!(seen > 0, "no journal row was drawn at any size");
}
