//! The wait after wrong PINs, on the real screen from sign-in (issue 20): the second wrong PIN
//! in a row starts a countdown; a PIN keyed during it is not erased when the try comes too
//! soon (it was never checked), and once the countdown is over the same PIN is taken.

use crate::common;

use common::ui::{keys, real_app, tap};
use egui_kittest::kittest::Queryable;
use std::time::Duration;

/// Signed in, the table opened and its decks inspected: the floorperson's pad, credential number
/// 1001 keyed, the PIN next.
fn at_the_floorpersons_pin(h: &mut egui_kittest::Harness<'_, deckhand::ui::DeckhandApp>) {
    common::ui::sign_in_alex(h);
    tap(h, "Open table");
    tap(h, "Decks inspected");
    tap(h, "Floorperson verify");
    keys(h, "1001");
    tap(h, "Next: PIN");
}

#[test]
fn a_pin_keyed_during_the_wait_is_kept_and_taken_after_it() {
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("pin.sqlite");
    let mut h = real_app(&db, 1024.0, 768.0, 0.25);
    at_the_floorpersons_pin(&mut h);
    // The first slip is forgiven; the second starts the wait ([people] pin_delay_seconds = 2).
    keys(&mut h, "111111");
    tap(&mut h, "Verify");
    h.get_by_label_contains("4 more tries");
    assert!(h.query_by_label_contains("before the next try").is_none());
    keys(&mut h, "111200");
    tap(&mut h, "Verify");
    h.get_by_label_contains("3 more tries");
    h.get_by_label("Wait 2 s before the next try");
    // The right PIN, too soon: refused for the wait only, and kept.
    keys(&mut h, "246810");
    tap(&mut h, "Verify");
    h.get_by_label_contains("wait 2 s before the next try");
    h.get_by_label("PIN: ••••••");
    assert!(h.state().terminal().table().dealer.is_some());
    std::thread::sleep(Duration::from_millis(2100));
    h.run_ok();
    assert!(
        h.query_by_label_contains("Wait ").is_none(),
        "the countdown ends"
    );
    tap(&mut h, "Verify");
    h.get_by_label("Players have inspected");
}

/// The dealer tapped a name, so the credential number is known: "Next: PIN" tells a number
/// that is not theirs (two digits keyed by a slip) at once, before a PIN is keyed and a try
/// counted; the right number goes on to the PIN.
#[test]
fn next_pin_refuses_a_credential_number_that_is_not_the_dealers() {
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("cred.sqlite");
    let mut h = real_app(&db, 1024.0, 768.0, 0.25);
    tap(&mut h, "Alex Rivera");
    keys(&mut h, "20");
    tap(&mut h, "Next: PIN");
    h.get_by_label_contains("20 is not Alex Rivera's credential number");
    assert!(
        h.query_by_label("Sign in").is_none(),
        "the PIN is not asked"
    );
    h.get_by_label("Credential number: 20");
    keys(&mut h, "417");
    tap(&mut h, "Next: PIN");
    assert!(h.query_by_label_contains("is not Alex Rivera's").is_none());
    keys(&mut h, "112233");
    tap(&mut h, "Sign in");
    assert!(h.state().terminal().table().dealer.is_some());
    drop(h);
    // No refused sign-in was journaled: the slip cost no try.
    let kinds = common::ui::kinds(&db);
    assert!(!kinds.iter().any(|k| k.contains("refused")), "{kinds:?}");
}

/// Issue 43, item 3: a signature's PIN is checked apart, never on the screen's thread. Here the
/// check of a wrong PIN is kept waiting (its count of failures waits on a held writer): the
/// screen goes on drawing frame after frame, the command waits, and the pad takes no key
/// meanwhile; once the writer goes on, the refusal lands as it always did.
#[test]
fn the_screen_draws_on_while_a_signatures_pin_is_checked() {
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("apart.sqlite");
    let mut h = real_app(&db, 1024.0, 768.0, 0.25);
    tap(&mut h, "Alex Rivera");
    keys(&mut h, "20417");
    tap(&mut h, "Next: PIN");
    keys(&mut h, "112230");
    // Held until released below, or for 3 s at most (a screen that waited would wait that long).
    let release = common::ui::hold_writer(&h, Duration::from_secs(3));
    let started = std::time::Instant::now();
    h.get_by_label("Sign in").click();
    h.step();
    assert!(
        h.query_by_label("Checking the PIN…").is_none(),
        "not said at once"
    );
    for _ in 0..20 {
        h.step();
    }
    assert!(
        started.elapsed() < Duration::from_secs(2),
        "the screen's thread waited for the check: {:?}",
        started.elapsed()
    );
    assert!(h.state().checking_pin(), "the check waits on the writer");
    // Past a second, the screen says why it takes no tap.
    std::thread::sleep(Duration::from_millis(1100).saturating_sub(started.elapsed()));
    h.step();
    h.step();
    h.get_by_label("Checking the PIN…");
    assert!(h.state().terminal().table().dealer.is_none());
    assert!(h.state().settling(), "the screen takes no tap meanwhile");
    // A key tapped meanwhile lands on the tap guard's cover.
    h.get_by_label("Delete").click();
    h.step();
    h.step();
    h.get_by_label("PIN: ••••••");
    release.send(()).unwrap();
    common::ui::settle(&mut h);
    assert!(!h.state().checking_pin());
    h.get_by_label_contains("Wrong PIN for credential number 20417");
    assert!(h.query_by_label("Checking the PIN…").is_none());
    assert!(h.state().terminal().table().dealer.is_none());
    assert_eq!(common::ui::payloads(&db, "verification_failed").len(), 1);
    keys(&mut h, "112233");
    tap(&mut h, "Sign in");
    assert!(h.state().terminal().table().dealer.is_some());
}

/// A refusal is a new screen for the tap guard, and the pad does not move with it: a tap meant
/// for the pad before the refusal came (a walk's taps 0.03 and 0.23 s after it keyed the next
/// try's first digits, on a keypad pushed up by the refusal's line) keys nothing.
#[test]
fn a_tap_just_after_a_refused_pin_keys_nothing_and_the_keypad_stays() {
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("refused.sqlite");
    let mut h = real_app(&db, 1024.0, 768.0, 0.05);
    at_the_floorpersons_pin(&mut h);
    keys(&mut h, "111111");
    let one = h.get_by_label("1").rect();
    h.get_by_label("Verify").click();
    // The tap in this frame; the check begins in the next one's logic.
    h.step();
    h.step();
    assert!(h.state().checking_pin());
    while h.state().checking_pin() {
        std::thread::sleep(Duration::from_millis(1));
        h.step();
    }
    h.step();
    h.get_by_label_contains("wrong PIN for credential number 1001");
    assert_eq!(
        h.get_by_label("1").rect(),
        one,
        "the keypad stays where it stood"
    );
    // The pad, its refusal box and its buttons fit the screen (a walk saw Verify and Cancel
    // cut at the bottom edge of 1024×768).
    for b in ["Verify", "Cancel"] {
        let r = h.get_by_label(b).rect();
        assert!(r.max.y <= 768.0, "{b} at {r:?}");
    }
    h.get_by_label("1").click();
    h.step();
    h.step();
    assert!(
        h.query_by_label("PIN: •").is_none(),
        "a tap just after the refusal keyed a digit"
    );
    // Once the screen has settled, the next try is keyed as ever.
    keys(&mut h, "246810");
    tap(&mut h, "Verify");
    assert!(h.query_by_label("Verify").is_none(), "signed");
}
