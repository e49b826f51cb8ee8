//! Screens that only read (issue 43, item 3): nothing under `src/ui` opens a file, runs SQL or
//! journals a record itself. The screens return commands; the terminal, the review's reader
//! and the printer's thread do the rest. The store is reached from `src/ui` only where the list
//! below says, each for a reason (a path, a reader started on its own thread); a new use fails
//! here until it goes through a command or a background reader.

/// Source text of `src/ui` and its folders (as `banked/wagers.rs`), each file without its
/// `#[cfg(test)]` module.
fn ui_sources() -> Vec<(String, String)> {
    let out = crate::common::sources::code_under("src/ui");
    assert!(
        out.iter().any(|(f, _)| f.contains('/')),
        "the screens' folders are read too"
    );
    out
}

/// Lines of code (comments left out) holding `needle`, as `file:line: text`.
fn uses(needle: &str) -> Vec<String> {
    let mut found = Vec::new();
    for (file, code) in ui_sources() {
        for (n, line) in code.lines().enumerate() {
            let t = line.trim_start();
            if t.starts_with("//") {
                continue;
            }
            if line.contains(needle) {
                found.push(format!("{file}:{}: {}", n + 1, t));
            }
        }
    }
    found
}

#[test]
fn no_screen_opens_a_file_runs_sql_or_journals_a_record() {
    for needle in [
        "std::fs",
        "File::",
        "OpenOptions",
        "rusqlite",
        ".connection()",
        "query_row",
        ".prepare(",
        "record_system(",
        "std::process::Command",
        // The review's first reading (the games played, the people's names): its reader's.
        "games_played(",
        "list_people(",
    ] {
        let found = uses(needle);
        assert!(
            found.is_empty(),
            "`{needle}` under src/ui (a screen returns a command; the terminal or a reader does it): {found:#?}"
        );
    }
}

#[test]
fn the_store_is_reached_from_the_screens_only_where_listed() {
    // (file, the line as written): each a path read, a reader started on its own thread, or
    // the app's logic (before the frame is drawn); never a query while a screen draws. Listed
    // once per use: a second use of the same line is a new one.
    let allowed = [
        // At construction: whether the first administrator must be made.
        (
            "mod.rs",
            "let needs_admin = term.store().count_people().unwrap_or(0) == 0;",
        ),
        // At construction, before the first frame: the dealers the sign-in screen offers
        // (`term` / `.store()` / `.people_with_role(Role::Dealer)`).
        ("mod.rs", ".store()"),
        // The app's logic reads them again apart, on a thread of their own.
        (
            "dispatch.rs",
            "self.dealers_reading = Some(self.term.store().read_apart(",
        ),
        // The review's chain walk and reader start their own threads.
        (
            "signed.rs",
            "self.review = Some(review::ReviewState::open(self.term.store(), p));",
        ),
        (
            "review/screen.rs",
            "r.start_reading(self.term.store(), ui.ctx());",
        ),
        // Paths only: where exports, hand histories and PDFs go.
        ("review/screen.rs", "let store = self.term.store();"),
        ("review.rs", "let beside = exports_dir(self.term.store());"),
        ("review.rs", "let beside = exports_dir(self.term.store());"),
        ("print_preview.rs", ".store()"),
        // The shift report's chain walk, on its own thread (its records are read on another,
        // started by the terminal).
        (
            "print_preview.rs",
            "let walk = self.term.store().chain_walk();",
        ),
    ];
    let mut left: Vec<(&str, &str)> = allowed.to_vec();
    let mut stray = Vec::new();
    for l in uses(".store()") {
        let (file, rest) = l.split_once(':').unwrap();
        let text = rest.split_once(": ").map_or("", |(_, t)| t);
        match left.iter().position(|(f, t)| *f == file && *t == text) {
            Some(i) => {
                left.remove(i);
            }
            None => stray.push(l),
        }
    }
    assert!(
        stray.is_empty(),
        "the store reached from a screen where it is not listed (issue 43): {stray:#?}"
    );
    // The sign-in screen's dealers are read at construction and then apart by the app's logic,
    // never by a query while it draws.
    assert_eq!(
        uses("people_with_role")
            .iter()
            .map(|l| l.split(':').next().unwrap_or(""))
            .collect::<Vec<_>>(),
        ["dispatch.rs", "mod.rs"],
        "{:#?}",
        uses("people_with_role")
    );
    assert!(uses("people_with_role_on(conn").len() == 1 && uses("read_apart(").len() == 1);
}

/// Issue 43, item 2: the screens draw a Spanish 21 box's decisions from the round's own answer
/// (`BankedRound::allows21`), so the Rules Submission's number of splits (§ 635a.11(c)) and what
/// makes a pair or a double down are the rules', never a screen's.
#[test]
fn no_screen_decides_a_spanish_21_boxs_choices_itself() {
    no_screen_uses(&["resplits", "splittable(", "first_two("], "allows21");
}

/// Issue 43, item 2: which payouts a floorperson checks (the table's thresholds) and whether a
/// box may be the same player's as the box to its left (the casino's number of boxes) are the
/// rules' answers (`Approvals::seats_to_check`, `BankedRound::same_player_choice`): no screen
/// compares an amount with a threshold or counts boxes itself.
#[test]
fn no_screen_decides_who_is_validated_or_which_boxes_one_player_takes() {
    // The thresholds as whole words (`floor_overlay` is the floor's own screen).
    for word in ["floor_over", "supervisor_over"] {
        let found: Vec<String> = uses(word)
            .into_iter()
            .filter(|l| {
                l.match_indices(word).any(|(at, _)| {
                    l[at + word.len()..]
                        .chars()
                        .next()
                        .is_none_or(|c| !c.is_alphanumeric() && c != '_')
                })
            })
            .collect();
        assert!(
            found.is_empty(),
            "`{word}` under src/ui (the rules' Approvals::seats_to_check answers it): {found:#?}"
        );
    }
    no_screen_uses(&["signer_for("], "Approvals::signer_for");
    no_screen_uses(
        &[
            "boxes_per_player >",
            "boxes_per_player <",
            "boxes_per_player ==",
            "def.boxes.is_some()",
        ],
        "same_player_choice",
    );
}

/// Issue 43, item 3: the demo box's faults and what the open table loads into the simulated
/// shuffler go through `devices::sim_controls::DemoControls`, called from the app's logic:
/// no screen reaches into the simulator's script.
#[test]
fn no_screen_reaches_into_the_simulators_script() {
    for needle in [
        "SimScript",
        "sim.lock()",
        "s.lock().unwrap_or_else",
        "jam_next =",
        "pull_to",
        "counts.push",
        "default_count",
        "no_tens =",
    ] {
        let found = uses(needle);
        assert!(
            found.is_empty(),
            "`{needle}` under src/ui (DemoControls does it): {found:#?}"
        );
    }
}

/// Fails naming each line under `src/ui` that holds one of `needles`: a rule the rules'
/// `answer` gives the screens.
fn no_screen_uses(needles: &[&str], answer: &str) {
    for needle in needles {
        let found = uses(needle);
        assert!(
            found.is_empty(),
            "`{needle}` under src/ui (the round's {answer} answers it): {found:#?}"
        );
    }
}

/// The functions under `src/ui` that draw a screen (`*_screen`), each with its body.
fn screen_functions() -> Vec<(String, String)> {
    let mut out = Vec::new();
    for (file, code) in ui_sources() {
        let mut rest = code.as_str();
        while let Some(at) = rest.find("fn ") {
            let after = &rest[at + 3..];
            let name: String = after
                .chars()
                .take_while(|c| c.is_alphanumeric() || *c == '_')
                .collect();
            let Some(open) = after.find('{') else { break };
            // The body: up to the brace that closes the first one.
            let mut depth = 0usize;
            let mut end = after.len();
            for (i, ch) in after[open..].char_indices() {
                match ch {
                    '{' => depth += 1,
                    '}' => {
                        depth -= 1;
                        if depth == 0 {
                            end = open + i + 1;
                            break;
                        }
                    }
                    _ => {}
                }
            }
            if name.ends_with("_screen") {
                out.push((format!("{file}::{name}"), after[open..end].to_string()));
            }
            rest = &after[open..];
        }
    }
    out
}

/// Issue 43, item 3: a screen that wants a document prepared (the journal read for its lines)
/// returns a command; the preview is opened after the frame, never while a screen draws.
#[test]
fn no_screen_prepares_a_document_while_it_draws() {
    let screens = screen_functions();
    // Each screen's whole body is read: the High Hand form's asks for its slip near its end.
    let high_hand = screens
        .iter()
        .find(|(n, _)| n == "high_hand.rs::high_hand_screen")
        .map(|(_, body)| body.as_str())
        .unwrap_or_default();
    assert!(
        high_hand.contains("UiCmd::PrintHighHandSlip") && high_hand.contains("SubmitHighHand"),
        "the screens are found whole: {:?}",
        screens.iter().map(|(n, _)| n).collect::<Vec<_>>()
    );
    let drawing_and_reading: Vec<&String> = screens
        .iter()
        .filter(|(_, body)| body.contains("open_preview(") || body.contains("prepare_document("))
        .map(|(n, _)| n)
        .collect();
    assert!(
        drawing_and_reading.is_empty(),
        "a screen prepares a document while it draws: {drawing_and_reading:?}"
    );
}

/// A tap is carried out by the app's logic before the next frame, never while the screen draws:
/// with the logic held back, "Sign in" signs no one in (the keypad's own keys are the screen's
/// state and show at once); the next logic carries it out.
#[test]
fn a_tap_is_carried_out_by_the_logic_never_while_the_screen_draws() {
    use egui_kittest::kittest::Queryable;
    type Held = (deckhand::ui::DeckhandApp, bool);
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("logic.sqlite");
    let config = crate::common::ui::real_config(&db);
    let app = deckhand::app::build(&config, Default::default(), None).unwrap();
    let mut h = egui_kittest::Harness::builder()
        .with_size(egui::vec2(1024.0, 768.0))
        .with_step_dt(0.25)
        .build_ui_state(
            |ui, (app, logic): &mut Held| {
                if *logic {
                    app.logic(ui.ctx());
                }
                app.show(ui);
            },
            (app, true),
        );
    // A tap, once the tap guard takes taps (the screen has stood still, `settle_taps`).
    let press = |h: &mut egui_kittest::Harness<'_, Held>, label: &str| {
        for _ in 0..100 {
            if !h.state().0.settling() {
                break;
            }
            h.step();
        }
        h.get_by_label(label).click();
        for _ in 0..4 {
            h.step();
        }
    };
    h.run_ok();
    press(&mut h, "Alex Rivera");
    for k in "20417".chars() {
        press(&mut h, &k.to_string());
    }
    press(&mut h, "Next: PIN");
    for k in "112233".chars() {
        press(&mut h, &k.to_string());
    }
    h.state_mut().1 = false;
    press(&mut h, "Sign in");
    assert!(
        h.state().0.terminal().table().dealer.is_none(),
        "signed in while the screen drew"
    );
    assert!(h.query_by_label("Open table").is_none());
    h.state_mut().1 = true;
    h.run_ok();
    // The PIN is checked apart; the sign-in runs in the logic once it has answered.
    let deadline = std::time::Instant::now() + std::time::Duration::from_secs(20);
    while h.state().0.checking_pin() {
        assert!(std::time::Instant::now() < deadline);
        std::thread::sleep(std::time::Duration::from_millis(1));
        h.step();
    }
    h.run_ok();
    assert!(h.state().0.terminal().table().dealer.is_some());
    h.get_by_label("Open table");
}

/// Issue 43, item 2: a seat's decision buttons are the round's answer
/// (`BankedRound::decision_choices`, through the terminal with the hand a reading shoe read;
/// Lunar Poker's options, `BankedRound::lunar_options`):
/// which multiples of the Ante a phase offers, and which the cards rule out (§ 657a.11(b)), are
/// the rules', never a screen's.
#[test]
fn no_screen_decides_a_seats_multiples_itself() {
    no_screen_uses(
        &[".multiples", "read_decision", "play_above_ante_allowed"],
        "decision_choices",
    );
    // Lunar Poker's options at a decision (the Super declaration only with a Super Wager).
    no_screen_uses(&["contains_key(\"super\")"], "lunar_options");
}
