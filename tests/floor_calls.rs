//! Calls to the floor (issue 44, item 1), from sign-in on the app built as `deckhand` builds
//! it: a step that waits for a floorperson's signature calls the floor by itself and the
//! signature ends the call; the dealer calls the floor with a reason in two taps, and ends or
//! cancels that call in two more; a call open when the terminal stops is open again after it.

use crate::common::play::{dealer_signs_in, floorperson_signs};
use crate::common::ui::{payloads, ready, real_app, tap};
use egui_kittest::kittest::Queryable;

/// Text on the screen containing `what`.
fn shows(h: &egui_kittest::Harness<'_, deckhand::ui::DeckhandApp>, what: &str) -> bool {
    h.query_by_label_contains(what).is_some()
}

fn called(db: &std::path::Path) -> Vec<serde_json::Value> {
    payloads(db, "floor_called")
        .iter()
        .map(|p| serde_json::from_str(p).unwrap())
        .collect()
}

fn ended(db: &std::path::Path) -> Vec<serde_json::Value> {
    payloads(db, "floor_call_ended")
        .iter()
        .map(|p| serde_json::from_str(p).unwrap())
        .collect()
}

/// The inspection waits for a floorperson (§ 637a.4(a)): the floor is called with that reason
/// the moment the step shows, the status line says "Floor called", the dealer cannot cancel a
/// step's call, and the floorperson's signature ends it.
#[test]
fn a_step_that_waits_for_a_signature_calls_the_floor_until_it_is_signed() {
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("j.sqlite");
    let mut h = real_app(&db, 1024.0, 768.0, 0.05);
    dealer_signs_in(&mut h, tap);
    assert!(called(&db).is_empty(), "no call before a step waits");
    tap(&mut h, "Open table");
    tap(&mut h, "Decks inspected");
    h.run_steps(3);
    let calls = called(&db);
    assert_eq!(calls.len(), 1, "{calls:?}");
    assert_eq!(calls[0]["reason"], "verify the decks' inspection");
    assert_eq!(calls[0]["role"], "floorperson");
    assert_eq!(calls[0]["by"], "step");
    assert!(
        calls[0]["section"].as_str().unwrap().contains("637a.4(a)"),
        "{calls:?}"
    );
    assert!(
        shows(&h, "Floor called 0:0"),
        "the status line shows the call"
    );
    assert!(
        !ready(&h, "Call floor"),
        "no second call while the step's is open"
    );
    tap(&mut h, "Floorperson verify");
    floorperson_signs(&mut h);
    h.run_steps(3);
    let ends = ended(&db);
    assert_eq!(ends.len(), 1, "{ends:?}");
    assert_eq!(ends[0]["how"], "the step it waited for is done");
    assert!(!shows(&h, "Floor called 0:"), "the call is over");
    assert_eq!(called(&db).len(), 1, "called once");
}

/// The dealer's own call: "Call floor", a reason (two taps), journaled with it; the box
/// then offers "The floor is here" and "Cancel the call"; a call open when the terminal stops
/// is open after the restart, and ends with its reason and how.
#[test]
fn the_dealer_calls_the_floor_with_a_reason_and_ends_the_call() {
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("j.sqlite");
    {
        let mut h = real_app(&db, 1024.0, 768.0, 0.05);
        dealer_signs_in(&mut h, tap);
        tap(&mut h, "Call floor");
        tap(&mut h, "A player's dispute");
        h.run_steps(2);
        let calls = called(&db);
        assert_eq!(calls.len(), 1, "{calls:?}");
        assert_eq!(calls[0]["reason"], "A player's dispute");
        assert_eq!(calls[0]["by"], "dealer");
        assert!(shows(&h, "Floor called 0:0"));
        // A second call is not offered while one is open: the button ends it instead.
        tap(&mut h, "Floor called…");
        assert!(ready(&h, "The floor is here"));
        tap(&mut h, "Close");
    }
    // Restarted: the screen starts locked (the dealer's PIN opens it); the call is still open,
    // and the floor comes.
    let mut h = real_app(&db, 1024.0, 768.0, 0.05);
    crate::common::play::dealer_unlocks(&mut h);
    assert!(
        shows(&h, "Floor called 0:"),
        "the open call survives a restart"
    );
    tap(&mut h, "Floor called…");
    tap(&mut h, "The floor is here");
    h.run_steps(2);
    let ends = ended(&db);
    assert_eq!(ends.len(), 1, "{ends:?}");
    assert_eq!(ends[0]["how"], "the floor came");
    assert_eq!(ends[0]["reason"], "A player's dispute");
    // Called again and cancelled.
    tap(&mut h, "Call floor");
    tap(&mut h, "Chips for the table");
    tap(&mut h, "Floor called…");
    tap(&mut h, "Cancel the call");
    h.run_steps(2);
    let ends = ended(&db);
    assert_eq!(ends.len(), 2, "{ends:?}");
    assert_eq!(ends[1]["how"], "cancelled by the dealer");
    assert!(ready(&h, "Call floor"));
}

/// The floor board's answer (issue 44): the terminal journals who is coming to the call open
/// and the status line says so; an answer for another call, or a second one, changes nothing;
/// after a restart the call still says who is coming. The answer's way from the board through
/// the server is `central::a_call_answered_at_the_board_reaches_the_dealers_screen`.
#[test]
fn the_floor_boards_answer_shows_who_is_coming_and_survives_a_restart() {
    use deckhand::store::floor_acks::Ack;
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("j.sqlite");
    let ack = |serial: i64, name: &str, credential: &str| Ack {
        terminal: "T".into(),
        call_serial: serial,
        name: name.into(),
        credential: credential.into(),
        role: "floorperson".into(),
        ts_utc: chrono::Utc::now().to_rfc3339(),
        received_utc: String::new(),
    };
    {
        let mut h = real_app(&db, 1024.0, 768.0, 0.05);
        dealer_signs_in(&mut h, tap);
        tap(&mut h, "Call floor");
        tap(&mut h, "A player's dispute");
        h.run_steps(2);
        let serial = h.state().terminal().floor_call().unwrap().serial;
        assert!(serial > 0, "the call knows its row");
        let t = h.state_mut().terminal_mut();
        assert!(
            t.floor_call_acknowledged(ack(serial - 1, "Sam Ortiz", "1003"))
                .is_err()
        );
        t.floor_call_acknowledged(ack(serial, "Dana Brooks", "1001"))
            .unwrap();
        assert!(
            t.floor_call_acknowledged(ack(serial, "Sam Ortiz", "1003"))
                .is_err()
        );
        h.run_steps(2);
        assert!(shows(&h, "Dana Brooks is coming 0:0"));
        let rows = payloads(&db, "floor_call_acknowledged");
        assert_eq!(rows.len(), 1, "{rows:?}");
        let row: serde_json::Value = serde_json::from_str(&rows[0]).unwrap();
        assert_eq!(row["name"], "Dana Brooks");
        assert_eq!(row["call_serial"], serial);
    }
    let mut h = real_app(&db, 1024.0, 768.0, 0.05);
    crate::common::play::dealer_unlocks(&mut h);
    assert!(shows(&h, "Dana Brooks is coming 0:"), "after a restart");
    tap(&mut h, "Floor called…");
    assert!(shows(&h, "Dana Brooks (floorperson) is coming"));
    tap(&mut h, "The floor is here");
    h.run_steps(2);
    assert!(ready(&h, "Call floor"));
}

/// Spanish 21's card reader, inspected by a floorperson before the gaming day's first round
/// (§ 635a.2(d)): the round waits for it, and the floor is called for it as for any step's
/// signature; the signature ends the call. The walk found the dealer had to call by hand.
#[test]
fn the_card_readers_inspection_calls_the_floor() {
    use deckhand::rules::games::GameId;
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("reader.sqlite");
    let mut h = real_app(&db, 1024.0, 768.0, 0.05);
    crate::common::play::washed_from_sign_in(&mut h, GameId::Spanish21, tap);
    tap(&mut h, "Shuffled, cut and in the shoe");
    tap(&mut h, "Card burned");
    h.get_by_label("Floorperson: card reader inspected");
    h.run_steps(3);
    let calls = called(&db);
    let reader: Vec<_> = calls
        .iter()
        .filter(|c| c["reason"] == "inspect the card reader")
        .collect();
    assert_eq!(reader.len(), 1, "{calls:?}");
    assert_eq!(reader[0]["by"], "step");
    assert_eq!(reader[0]["section"], "§ 635a.2(d)");
    assert!(shows(&h, "Floor called 0:0"), "the status line shows it");
    tap(&mut h, "Floorperson: card reader inspected");
    floorperson_signs(&mut h);
    h.run_steps(3);
    assert!(!shows(&h, "Floor called 0:"), "the call is over");
    let ends = ended(&db);
    assert_eq!(
        ends.last().unwrap()["reason"],
        "inspect the card reader",
        "{ends:?}"
    );
}
