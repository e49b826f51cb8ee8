//! No stray taps (issue 20): a press that completes a step never acts on the next screen. Two
//! terminals are built exactly as `deckhand` builds them and walked from sign-in through a whole
//! round side by side; on one every step's button is tapped once, on the other it is pressed
//! twice, 50 ms apart, as a bouncing or hurried finger does. After every step both show the same
//! step and their journals hold the same rows.

use crate::common;

use common::play::{open_from_sign_in, play_step_with};
use common::ui::{double_tap, tap};
use deckhand::rules::games::GameId;
use deckhand::ui::DeckhandApp;
use egui_kittest::Harness;
use egui_kittest::kittest::{NodeT, Queryable};

/// The app as the binary builds it, on a harness whose frames are 50 ms apart.
fn start(db: &std::path::Path) -> Harness<'static, DeckhandApp> {
    common::ui::real_app(db, 1280.0, 800.0, 0.05)
}

fn step_of(h: &Harness<'_, DeckhandApp>) -> String {
    format!("{:?}", h.state().terminal().table().step())
}

/// Both terminals at the same step with the same journal rows.
fn same(
    a: &Harness<'_, DeckhandApp>,
    b: &Harness<'_, DeckhandApp>,
    da: &std::path::Path,
    db: &std::path::Path,
    what: &str,
) {
    assert_eq!(
        step_of(a),
        step_of(b),
        "{what}: the double tap moved the step on"
    );
    assert_eq!(
        common::ui::kinds(da),
        common::ui::kinds(db),
        "{what}: the journals differ"
    );
}

fn walk(game: GameId) {
    let dir = tempfile::tempdir().unwrap();
    let (da, db) = (
        dir.path().join("once.sqlite"),
        dir.path().join("twice.sqlite"),
    );
    let (mut a, mut b) = (start(&da), start(&db));
    open_from_sign_in(&mut a, game, tap);
    open_from_sign_in(&mut b, game, double_tap);
    same(&a, &b, &da, &db, &format!("{}: the opening", game.id()));
    let (mut ta, mut tb) = (0, 0);
    loop {
        let at = step_of(&a);
        let more = play_step_with(&mut a, &mut ta, tap);
        assert_eq!(
            more,
            play_step_with(&mut b, &mut tb, double_tap),
            "{}: at {at}",
            game.id()
        );
        same(&a, &b, &da, &db, &format!("{}: after {at}", game.id()));
        if !more {
            break;
        }
        assert!(ta < 300, "{}: the round does not end", game.id());
    }
    assert_eq!(
        a.state().terminal().table().rounds_played,
        1,
        "{}",
        game.id()
    );
}

#[test]
fn a_double_tap_on_a_steps_button_never_acts_on_the_next_step_holdem() {
    walk(GameId::Holdem);
}

#[test]
fn a_double_tap_on_a_steps_button_never_acts_on_the_next_step_crazy_4_poker() {
    walk(GameId::Crazy4Poker);
}

#[test]
fn a_double_tap_on_a_steps_button_never_acts_on_the_next_step_every_other_game() {
    for game in GameId::all() {
        if ![GameId::Holdem, GameId::Crazy4Poker].contains(&game) {
            walk(game);
        }
    }
}

/// Without the guard the test above would be void: the same double tap, 50 ms apart, on a
/// keypad key (which changes no screen) enters the digit twice.
#[test]
fn a_double_tap_on_a_key_that_changes_no_screen_counts_twice() {
    let dir = tempfile::tempdir().unwrap();
    let mut h = start(&dir.path().join("k.sqlite"));
    tap(&mut h, "Alex Rivera");
    double_tap(&mut h, "7");
    h.get_by_label("Credential number: 77");
}

/// A three-player round of Five Card Draw at its showdown, seat 2 the bettor, on a harness whose
/// frames are 50 ms apart.
fn draw_showdown_of_three(db: &std::path::Path) -> Harness<'static, DeckhandApp> {
    let s = common::ui::table(4, GameId::FiveCardDraw);
    let t = common::ui::opened(db, &s);
    let mut h = common::ui::harness_with_dt(DeckhandApp::new(t, s, None), 1280.0, 800.0, 0.05);
    h.run_ok();
    for seat in ["Seat 1", "Seat 2", "Seat 3", "Start round 1"] {
        tap(&mut h, seat);
    }
    for step in [
        "Cards dealt",
        "Blinds posted",
        "Call $2.00",
        "Call $1.00",
        "Check",
        "Stands pat",
        "Stands pat",
        "Stands pat",
        "Check",
        "Bet $4.00",
        "Call $4.00",
        "Call $4.00",
    ] {
        tap(&mut h, step);
    }
    h
}

/// At the showdown a concession moves the keying on to the next hand, and the button under the
/// finger then reads "Seat 3 concedes": a double tap on "Seat 2 concedes" concedes seat 2
/// alone (the walk of issue 43 found seat 3 conceded too).
#[test]
fn a_double_tap_on_a_concession_concedes_one_seat() {
    let dir = tempfile::tempdir().unwrap();
    let mut h = draw_showdown_of_three(&dir.path().join("concede.sqlite"));
    // § 637a.18(e): the bettor, seat 2, shows first; the keying starts at his hand.
    h.get_by_label_contains("Seat 2 shows first");
    double_tap(&mut h, "Seat 2 concedes");
    let band = h
        .get_by_label_contains("Seat 1: ")
        .accesskit_node()
        .value()
        .unwrap_or_default()
        .to_string();
    assert_eq!(
        band.matches(": conceded").count(),
        1,
        "one seat conceded: {band}"
    );
    assert!(band.contains("Seat 2: conceded"), "{band}");
    // The seat's own place reads as what happened, the action beside it as what it does.
    h.get_by_label("Seat 2 conceded");
    // The keying moved on to the next hand (before, with no card keyed yet, it went back to
    // seat 2 at the next frame, and the dealer had to tap seat 3).
    h.get_by_label("Seat 3 concedes");
}

/// § 637a.18(e): a losing hand may concede; the last hand in is the winning hand, shown in its
/// entirety. With seats 2 and 3 conceded, seat 1's concession is not offered (the walk of issue
/// 43 found "Seat 3 concedes" offered to the last player of a heads-up showdown), and its cards
/// are keyed to show the winner.
#[test]
fn the_last_hand_in_is_shown_not_conceded() {
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("last.sqlite");
    let mut h = draw_showdown_of_three(&db);
    tap(&mut h, "Seat 2 concedes");
    tap(&mut h, "Seat 3 concedes");
    assert!(
        h.get_by_label("Seat 1 concedes")
            .accesskit_node()
            .is_disabled(),
        "the last hand in may not concede"
    );
    h.get_by_label("Seat 1 concedes").click();
    h.run_ok();
    common::ui::settle(&mut h);
    h.get_by_label("Seat 1 0/5");
    let mut k = 0;
    while !common::ui::ready(&h, "Show the winner") {
        common::play::tap_a_free_card(&mut h, k);
        k += 1;
        assert!(k < 10, "the showdown never fills");
    }
    assert_eq!(k, 5, "seat 1's five cards alone");
    tap(&mut h, "Show the winner");
    // Shown and ranked alone; the conceded hands are counted next (§ 637a.18(e)).
    let r = h.state().terminal().table().round.clone().unwrap();
    let shown = &r.poker.as_ref().unwrap().result.as_ref().unwrap().shown;
    assert_eq!(shown.len(), 1, "seat 1's hand alone is ranked");
    assert!(!r.awards.is_empty(), "the pot is awarded: {}", step_of(&h));
}
