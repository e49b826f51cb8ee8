//! A layout that stays still (issue 20): while the dealer keys amounts and cards, no button of
//! the screen moves, appears or disappears: labels change, keys grey out, nothing else. Walked
//! from the real start (the app as `deckhand` builds it, sign-in, the open-table screen).

use crate::common;
use deckhand::rules::banked::round::GameStep;

use common::play::{first_ready, open_from_sign_in, play_step, tap_a_free_card};
use common::ui::{keys, real_app, tap};
use deckhand::rules::banked::round::BankedStep;
use deckhand::rules::games::GameId;
use deckhand::rules::poker::hand::Step as HandStep;
use deckhand::rules::table::Step;
use deckhand::ui::DeckhandApp;
use egui_kittest::Harness;
use egui_kittest::kittest::{NodeT, Queryable};

/// Where every button of the screen is, in reading order.
fn layout(h: &Harness<'_, DeckhandApp>) -> Vec<[i32; 4]> {
    let mut out: Vec<[i32; 4]> = h
        .query_all_by_role(egui::accesskit::Role::Button)
        .map(|n| {
            let r = n.rect();
            [r.min.x, r.min.y, r.max.x, r.max.y].map(|v| v.round() as i32)
        })
        .collect();
    out.sort();
    out
}

fn keying_moves_nothing(
    h: &mut Harness<'_, DeckhandApp>,
    what: &str,
    mut key: impl FnMut(&mut Harness<'_, DeckhandApp>, usize),
    n: usize,
) {
    let before = layout(h);
    for i in 0..n {
        key(h, i);
        assert_eq!(layout(h), before, "{what}: key {i} moved a button");
    }
}

#[test]
fn keying_wagers_and_cards_moves_no_button() {
    for (w, hgt) in [(1024.0, 768.0), (1280.0, 800.0), (1920.0, 1080.0)] {
        let dir = tempfile::tempdir().unwrap();
        let mut h = real_app(&dir.path().join("c4.sqlite"), w, hgt, 0.25);
        open_from_sign_in(&mut h, GameId::Crazy4Poker, tap);
        tap(&mut h, "Seat 2 Ante: —");
        keying_moves_nothing(&mut h, "the Ante", |h, _| keys(h, "9"), 6);
        tap(&mut h, "Clear");
        keys(&mut h, "10");
        tap(&mut h, "Seat 2 Queens Up: —");
        keys(&mut h, "5");
        tap(&mut h, "Wagers of seat 4");
        tap(&mut h, "Seat 4 Ante: —");
        keys(&mut h, "25");
        tap(&mut h, "No more bets");
        let mut taps = 0;
        while !matches!(
            h.state().terminal().table().step(),
            Step::Banked {
                step: BankedStep::Cards,
                ..
            }
        ) {
            assert!(play_step(&mut h, &mut taps));
        }
        // No device reads the hands: their results, tapped, move nothing either (the dealer's
        // hand, then each seat's category and comparison; the next seat takes the same places).
        let results = [
            "Qualifies, king high or better",
            "High card",
            "Loses",
            "Pair, jacks or lower",
            "Beats the dealer",
        ];
        keying_moves_nothing(
            &mut h,
            &format!("{w}: the results"),
            |h, i| tap(h, results[i]),
            results.len(),
        );
        assert!(common::ui::ready(&h, "Settle"));
        tap(&mut h, "Key every card instead");
        // Two hands of five and the dealer's five: Settle stands greyed where it will be.
        keying_moves_nothing(
            &mut h,
            &format!("{w}: the cards"),
            |h, i| tap_a_free_card(h, i * 3),
            15,
        );
        assert!(common::ui::ready(&h, "Settle"));

        let dir = tempfile::tempdir().unwrap();
        let mut h = common::ui::tracked_app(&dir.path().join("he.sqlite"), w, hgt, 0.25);
        open_from_sign_in(&mut h, GameId::Holdem, tap);
        let mut taps = 0;
        while !matches!(
            h.state().terminal().table().step(),
            Step::Poker {
                step: HandStep::Showdown { .. },
                ..
            }
        ) {
            assert!(play_step(&mut h, &mut taps));
        }
        // The board and two hands.
        keying_moves_nothing(
            &mut h,
            &format!("{w}: the showdown"),
            |h, i| tap_a_free_card(h, i * 5),
            9,
        );
        assert!(first_ready(&h, &["Show the winner"]).is_some());
    }
}

/// The open-table screen: picking each game in turn (its summary changes length) moves no
/// button; the table number's keypad opens in the games' place, and "Open table" stays put.
#[test]
fn picking_a_game_or_keying_the_table_number_moves_nothing() {
    for (w, hgt) in [(1024.0, 768.0), (1920.0, 1080.0)] {
        let dir = tempfile::tempdir().unwrap();
        let mut h = real_app(&dir.path().join("open.sqlite"), w, hgt, 0.25);
        common::ui::sign_in_alex(&mut h);
        let before = layout(&h);
        let open = h.get_by_label("Open table").rect();
        for game in GameId::all() {
            // The chosen game's label carries a tick; the others are tapped.
            if h.query_by_label(game.name()).is_none() {
                continue;
            }
            tap(&mut h, game.name());
            assert_eq!(
                layout(&h),
                before,
                "{w}: picking {} moved a button",
                game.name()
            );
        }
        h.get_by_label_contains("Table number: ").click();
        h.run_ok();
        common::ui::settle(&mut h);
        keys(&mut h, "7");
        assert_eq!(
            h.get_by_label("Open table").rect(),
            open,
            "{w}: the keypad moved Open table"
        );
        h.get_by_label_contains("Table number: 127").click();
        h.run_ok();
        common::ui::settle(&mut h);
        assert_eq!(
            layout(&h),
            before,
            "{w}: closing the keypad left the screen changed"
        );
    }
}

/// Fold sits last in the row of a player's choices, in the poker room as in the house-banked
/// games: never at the left, where the previous step's button was.
#[test]
fn fold_sits_last_in_every_game() {
    for game in [GameId::Holdem, GameId::Crazy4Poker, GameId::MississippiStud] {
        let dir = tempfile::tempdir().unwrap();
        let mut h = common::ui::tracked_app(&dir.path().join("fold.sqlite"), 1024.0, 768.0, 0.25);
        open_from_sign_in(&mut h, game, tap);
        let mut taps = 0;
        while h.query_by_label("Fold").is_none() {
            assert!(play_step(&mut h, &mut taps), "{game:?}: no Fold offered");
        }
        let fold = h.get_by_label("Fold").rect();
        let choices: Vec<(String, egui::Rect)> = h
            .query_all_by_role(egui::accesskit::Role::Button)
            .filter_map(|n| {
                let l = n.accesskit_node().label()?;
                // The player's choices, not the dealer's own "Call floor" in the side panel.
                let choice = ["Call ", "Check", "Bet ", "Raise "]
                    .iter()
                    .any(|p| l.starts_with(p))
                    && l != "Call floor"
                    || l.contains("× · ");
                choice.then(|| (l, n.rect()))
            })
            .collect();
        assert!(!choices.is_empty(), "{game:?}");
        for (label, r) in choices {
            assert!(
                r.min.x < fold.min.x && (r.min.y - fold.min.y).abs() < 1.0 || r.min.y < fold.min.y,
                "{game:?}: {label} is after Fold"
            );
        }
    }
}

/// The wager screen of every house-banked game at 1024×768 with every betting position dealt
/// in (issue 20, item 6): the seat tabs, each spot, the seat's own buttons, every key of the
/// keypad and "No more bets" lie wholly on the screen, none smaller than 48 px; then every
/// seat plays and the cards screen has every place, the grid and its button on the screen.
#[test]
fn every_wager_screen_fits_1024_by_768_with_the_table_full() {
    for game in GameId::all().filter(|g| g.is_house_banked()) {
        let dir = tempfile::tempdir().unwrap();
        let mut h = real_app(&dir.path().join("full.sqlite"), 1024.0, 768.0, 0.25);
        let positions = deckhand::rules::registry::round_def(game)
            .unwrap()
            .positions;
        let seats: Vec<u8> = (1..=positions).collect();
        common::play::open_with_seats(&mut h, game, tap, &seats);
        let last = *seats.last().unwrap();
        tap(&mut h, &format!("Wagers of seat {last}"));
        common::ui::settle(&mut h);
        let mut labels: Vec<String> = seats
            .iter()
            .map(|s| format!("Wagers of seat {s}"))
            .collect();
        labels.extend(
            common::ui::KEYPAD
                .iter()
                .chain(&["No more bets"])
                .map(|s| s.to_string()),
        );
        labels.push(format!("Seat {last} out"));
        let def = deckhand::rules::registry::round_def(game).unwrap();
        for spot in def.spots.iter().filter(|s| s.equals.is_none()) {
            if h.query_by_label(&format!("Seat {last} {}: —", spot.label))
                .is_some()
            {
                labels.push(format!("Seat {last} {}: —", spot.label));
            }
        }
        for label in &labels {
            let r = h.get_by_label(label).rect();
            assert!(
                r.min.x >= 0.0 && r.min.y >= 0.0 && r.max.x <= 1024.0 && r.max.y <= 768.0,
                "{game:?}: {label} at {r:?} is off the 1024×768 screen"
            );
            assert!(
                r.width() >= 48.0 && r.height() >= 48.0,
                "{game:?}: {label} is {r:?}, under 48 px"
            );
        }
        // Every seat plays; the cards are keyed on one screen with every place, the grid and
        // the step's button on it.
        for s in &seats {
            tap(&mut h, &format!("Wagers of seat {s}"));
            tap(&mut h, &format!("Seat {s} {}: —", def.spots[0].label));
            keys(&mut h, "10");
        }
        tap(&mut h, "No more bets");
        let (step, button) = if game == GameId::Spanish21 {
            (
                BankedStep::Own(GameStep::Spanish21(
                    deckhand::rules::banked::spanish21::play21::Step21::Deal,
                )),
                "Cards dealt",
            )
        } else {
            (BankedStep::Cards, "Settle")
        };
        let mut taps = 0;
        while common::ui::banked_round(&h).step != step {
            assert!(play_step(&mut h, &mut taps) && taps < 60, "{game:?}");
        }
        common::ui::settle(&mut h);
        // Where the results can be tapped, every card can still be keyed on one screen.
        if common::ui::ready(&h, "Key every card instead") {
            tap(&mut h, "Key every card instead");
        }
        let mut labels = vec![button.to_string(), "A♠".into(), "2♣".into()];
        if game != GameId::Spanish21 {
            labels.push("Clear these cards".into());
        }
        labels.extend(seats.iter().map(|s| format!("Seat {s}: ")));
        for label in &labels {
            let r = h.get_by_label_contains(label).rect();
            assert!(
                r.min.y >= 0.0 && r.max.y <= 768.0 && r.max.x <= 1024.0,
                "{game:?}: {label} at {r:?} is off the 1024×768 screen"
            );
        }
    }
}

/// The opening's one-tap steps, whose instructions run from one line to three: each one's gold
/// button stands where the last one's stood, at 1024×768 and 1920×1080.
#[test]
fn the_gold_button_of_each_one_tap_step_stands_in_one_place() {
    use common::play::{dealer_signs_in, floorperson_signs};
    for (w, hgt) in [(1024.0, 768.0), (1920.0, 1080.0)] {
        let dir = tempfile::tempdir().unwrap();
        let mut h = real_app(&dir.path().join("gold.sqlite"), w, hgt, 0.25);
        dealer_signs_in(&mut h, tap);
        tap(&mut h, "Open table");
        let mut places = Vec::new();
        for button in [
            "Decks inspected",
            "Floorperson verify",
            "Players have inspected",
            "Decks washed",
        ] {
            places.push((button, h.get_by_label(button).rect().min.y));
            tap(&mut h, button);
            if button == "Floorperson verify" {
                floorperson_signs(&mut h);
            }
        }
        let first = places[0].1;
        assert!(
            places.iter().all(|(_, y)| (*y - first).abs() < 0.5),
            "at {w}x{hgt}: {places:?}"
        );
    }
}

/// WPT Heads-Up with six players at 1024×768, from sign-in: "Done" stands in one place at every
/// reveal whatever its instruction's length, Check or Fold in one place at every decision, and
/// the results screen (the dealer's qualification, six seats, the categories and the
/// comparison) lies wholly left of the side panel and on the screen.
#[test]
fn wpt_reveals_decisions_and_results_keep_their_places_at_1024() {
    let dir = tempfile::tempdir().unwrap();
    let mut h = real_app(&dir.path().join("places.sqlite"), 1024.0, 768.0, 0.25);
    common::play::open_with_seats(&mut h, GameId::WptHeadsUp, tap, &[1, 2, 3, 4, 5, 6]);
    let (mut done, mut zero) = (Vec::new(), Vec::new());
    let mut taps = 0;
    loop {
        let step = h.state().terminal().table().step();
        match step {
            Step::Banked {
                step: BankedStep::Reveal { .. },
                ..
            } => done.push(h.get_by_label("Done").rect()),
            // Every player checks to the river (three reveals), then raises 1×.
            Step::Banked {
                step: BankedStep::Decide { phase, .. },
                ..
            } => {
                let z = first_ready(&h, &["Check", "Fold"]).expect("Check or Fold");
                zero.push(h.get_by_label(z).rect());
                tap(&mut h, if phase < 2 { "Check" } else { "1× · $10.00" });
                continue;
            }
            Step::Banked {
                step: BankedStep::Cards,
                ..
            } => break,
            _ => {}
        }
        assert!(play_step(&mut h, &mut taps));
    }
    assert!(
        done.len() >= 3 && zero.len() >= 6,
        "{} reveals, {} decisions",
        done.len(),
        zero.len()
    );
    assert!(done.iter().all(|r| *r == done[0]), "Done moved: {done:?}");
    assert!(
        zero.iter().all(|r| *r == zero[0]),
        "Check/Fold moved: {zero:?}"
    );
    tap(&mut h, "Qualifies, a pair or better");
    let panel = h.get_by_label("⚠ Irregularity").rect().min.x;
    for label in [
        "Below a straight",
        "Royal flush",
        "Beats the dealer",
        "Ties",
        "Loses",
        "Settle",
        "Key every card instead",
    ] {
        let r = h.get_by_label(label).rect();
        assert!(
            r.max.y <= 768.0 && r.max.x <= panel && r.height() >= 48.0,
            "{label} at {r:?}"
        );
    }
    for seat in 1..=6 {
        let r = h.get_by_label_contains(&format!("Seat {seat}\n")).rect();
        assert!(r.max.y <= 768.0 && r.max.x <= panel, "seat {seat} at {r:?}");
    }
    // Each result tapped changes the seat's tab, never where the buttons under it stand.
    let places = |h: &Harness<'_, DeckhandApp>| {
        ["Loses", "Royal flush", "Settle"].map(|l| h.get_by_label(l).rect())
    };
    let first = places(&h);
    for (cat, versus) in [
        ("Below a straight", "Loses"),
        ("Four of a kind", "Beats the dealer"),
        ("Straight flush", "Ties"),
        ("Below a straight", "Loses"),
        ("Below a straight", "Loses"),
    ] {
        tap(&mut h, cat);
        tap(&mut h, versus);
        assert_eq!(places(&h), first, "after {cat}, {versus}");
    }
}

/// Hold'em with the betting kept at the table, six players from sign-in: "Betting over" and
/// each "Seat N wins" stand at one place on every street, whatever the street's heading and
/// instruction say (a tap lands where the last one did).
#[test]
fn betting_over_and_the_winners_buttons_keep_their_places_street_by_street() {
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("streets.sqlite");
    let mut h = real_app(&db, 1024.0, 768.0, 0.25);
    common::play::open_with_seats(&mut h, GameId::Holdem, tap, &[1, 2, 3, 4, 5, 6]);
    let mut places = Vec::new();
    let mut n = 0;
    while places.len() < 4 {
        if let Step::Poker {
            step: HandStep::Street { .. },
            ..
        } = h.state().terminal().table().step()
        {
            let at = |h: &Harness<'_, DeckhandApp>, label: &str| {
                let r = h.get_by_label(label).rect();
                [r.min.x.round() as i32, r.min.y.round() as i32]
            };
            places.push((at(&h, "Betting over"), at(&h, "Seat 2 wins")));
            tap(&mut h, "Betting over");
            continue;
        }
        assert!(
            play_step(&mut h, &mut n),
            "the round ended before four streets"
        );
        assert!(n < 50);
    }
    assert!(places.iter().all(|p| *p == places[0]), "{places:?}");
}
