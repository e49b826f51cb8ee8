//! Money that makes sense (issue 20), from the real start: the app built as `deckhand` builds
//! it, the dealer signs in, opens Crazy 4 Poker (posted Ante $5–$500 in the embedded
//! configuration) and keys the wagers.
//! - Keying a 7-digit amount moves no key of the keypad, nor "No more bets".
//! - An Ante of $9,999,999 is refused with the table's maximum, and nothing is journaled.
//! - "No more bets" with a seat dealt in but no wager asks to key it or take the seat out.

use crate::common;

use common::play::open_from_sign_in;
use common::ui::{keys, real_app, tap};
use deckhand::rules::games::GameId;
use deckhand::ui::DeckhandApp;
use egui_kittest::Harness;
use egui_kittest::kittest::Queryable;

/// Where each key of the keypad and the step's button are.
fn places(h: &Harness<'_, DeckhandApp>) -> Vec<(String, egui::Rect)> {
    let mut out = Vec::new();
    for label in crate::common::ui::KEYPAD.iter().chain(&["No more bets"]) {
        out.push((label.to_string(), h.get_by_label(label).rect()));
    }
    out
}

#[test]
fn wagers_are_bounded_and_no_seat_is_dropped_silently() {
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("money.sqlite");
    let mut h = real_app(&db, 1280.0, 800.0, 0.25);
    open_from_sign_in(&mut h, GameId::Crazy4Poker, tap);
    h.get_by_label("Place your wagers");
    tap(&mut h, "Seat 2 Ante: —");
    let before = places(&h);
    for d in "9999999".chars() {
        tap(&mut h, &d.to_string());
        assert_eq!(places(&h), before, "keying {d} moved a key");
    }
    h.get_by_label("Seat 2 Ante: $9999999");
    tap(&mut h, "No more bets");
    h.get_by_label_contains(
        "Seat 2: an Ante of $9,999,999.00 is above the table maximum of $500.00",
    );
    let kinds = common::ui::kinds(&db);
    assert!(
        !kinds.iter().any(|k| k == "wagers_placed"),
        "nothing journaled: {kinds:?}"
    );
    assert_eq!(places(&h), before, "the message moved a key");
    // A realistic Ante for seat 2; seat 4 has none: asked for, not dropped.
    tap(&mut h, "Clear");
    keys(&mut h, "25");
    tap(&mut h, "No more bets");
    h.get_by_label_contains(
        "Seat 4 was dealt in and has no wager: key its wager, or take seat 4 out",
    );
    assert!(
        !common::ui::kinds(&db).iter().any(|k| k == "no_more_bets"),
        "bets stay open"
    );
    // Seat 2 has a wager: it cannot be taken out; seat 4 can.
    assert!(!common::ui::ready(&h, "Seat 2 out"));
    tap(&mut h, "Wagers of seat 4");
    // Taking a seat out asks once more in the same place: one tap does nothing yet.
    let place = h.get_by_label("Seat 4 out").rect();
    tap(&mut h, "Seat 4 out");
    assert!(!common::ui::kinds(&db).iter().any(|k| k == "seat_out"));
    assert_eq!(h.get_by_label("Tap again: out").rect(), place);
    tap(&mut h, "Tap again: out");
    tap(&mut h, "No more bets");
    let t = h.state().terminal().table();
    let b = t.round.as_ref().unwrap().banked.as_ref().unwrap();
    assert_eq!(b.seats, vec![2]);
    let kinds = common::ui::kinds(&db);
    let at = |k: &str| kinds.iter().position(|x| x == k).unwrap();
    assert!(at("wagers_placed") < at("seat_out"), "{kinds:?}");
    assert_eq!(kinds.last().unwrap(), "no_more_bets");
}
