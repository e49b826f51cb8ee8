//! Spanish 21's own irregularities, from the real start (the terminal built as `deckhand`
//! builds it): a recut goes to the player who last cut or the next entitled player
//! (§ 635a.5(e)); a hole card read when the up card did not allow it voids the round when the
//! reader could let a player learn it, and play continues when it could not (§ 635a.13(j)).

use crate::common;

use common::play::{open_from_sign_in, play_step};
use common::ui::{keys, tap};
use deckhand::rules::games::GameId;
use deckhand::ui::DeckhandApp;
use egui_kittest::Harness;
use egui_kittest::kittest::Queryable;

fn sign_and_record(h: &mut Harness<'static, DeckhandApp>) {
    keys(h, "1001");
    tap(h, "PIN: ");
    keys(h, "246810");
    tap(h, "Record irregularity");
}

/// Wagers of $10 on boxes 2 and 4, "No more bets" and the deal.
fn dealt(h: &mut Harness<'static, DeckhandApp>) {
    for seat in [2, 4] {
        tap(h, &format!("Wagers of seat {seat}"));
        tap(h, &format!("Seat {seat} Spanish 21: —"));
        keys(h, "10");
    }
    tap(h, "No more bets");
    let mut taps = 0;
    play_step(h, &mut taps);
}

#[test]
fn a_hole_card_read_that_a_player_could_learn_voids_the_round() {
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("s21.sqlite");
    let mut h = common::ui::real_app(&db, 1024.0, 768.0, 0.25);
    open_from_sign_in(&mut h, GameId::Spanish21, tap);
    dealt(&mut h);
    let before = common::ui::kinds(&db).len();
    tap(&mut h, "⚠ Irregularity");
    // The two cases of § 635a.13(j), each its own entry.
    h.get_by_label("Hole card read when not allowed: no player can learn it  ·  § 635a.13(j)");
    tap(
        &mut h,
        "Hole card read when not allowed: a player could learn it  ·  § 635a.13(j)",
    );
    h.get_by_label("Recording this voids the round and returns every wager.");
    sign_and_record(&mut h);
    let kinds = common::ui::kinds(&db)[before..].to_vec();
    assert_eq!(kinds[..2], ["irregularity", "round_voided"], "{kinds:?}");
    let v: serde_json::Value =
        serde_json::from_str(&common::ui::payloads(&db, "round_voided")[0]).unwrap();
    assert_eq!(v["refunds"], serde_json::json!([[2, 1000], [4, 1000]]));
    let t = h.state().terminal().table();
    assert!(t.round.is_none());
    // The shoe is reshuffled before the next round (§ 635a.13(a)'s void, § 635a.5).
    assert!(
        matches!(
            t.step(),
            deckhand::rules::table::Step::ShuffleManually { .. }
        ),
        "{:?}",
        t.step()
    );
}

#[test]
fn a_hole_card_read_no_player_could_learn_lets_play_continue() {
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("s21.sqlite");
    let mut h = common::ui::real_app(&db, 1024.0, 768.0, 0.25);
    open_from_sign_in(&mut h, GameId::Spanish21, tap);
    dealt(&mut h);
    tap(&mut h, "⚠ Irregularity");
    tap(
        &mut h,
        "Hole card read when not allowed: no player can learn it  ·  § 635a.13(j)",
    );
    h.get_by_label("2. Continue play");
    sign_and_record(&mut h);
    assert!(h.state().terminal().table().round.is_some());
    let mut taps = 0;
    while play_step(&mut h, &mut taps) {
        assert!(taps < 300, "{:?}", h.state().terminal().table().step());
    }
    assert_eq!(h.state().terminal().table().rounds_played, 1);
}

#[test]
fn a_recut_goes_to_the_player_entitled_to_cut() {
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("s21.sqlite");
    let mut h = common::ui::real_app(&db, 1024.0, 768.0, 0.25);
    common::play::dealer_signs_in(&mut h, tap);
    tap(&mut h, GameId::Spanish21.name());
    tap(&mut h, "Open table");
    tap(&mut h, "Decks inspected");
    tap(&mut h, "Floorperson verify");
    common::play::floorperson_signs(&mut h);
    tap(&mut h, "Player has inspected");
    tap(&mut h, "Decks washed");
    // Shuffled and cut, not yet in the shoe: the floorperson wants it cut again.
    h.get_by_label("Shuffled, cut and in the shoe");
    tap(&mut h, "⚠ Irregularity");
    tap(&mut h, "Floorperson requires a recut  ·  § 635a.5(e)");
    h.get_by_label("1. Offer the cut again to the player who last cut the cards, or to the next player entitled to cut under § 635a.5(c): tap that player's seat");
    h.get_by_label("4. Place the stack in the dealing shoe");
    // Not the one-deck games' dealer cut.
    assert!(h.query_by_label_contains("Then deal").is_none());
    tap(&mut h, "Seat 3");
    sign_and_record(&mut h);
    let v: serde_json::Value =
        serde_json::from_str(&common::ui::payloads(&db, "irregularity")[0]).unwrap();
    assert_eq!(v["id"], "s21-recut");
    assert_eq!(v["seat"], 3);
    assert_eq!(v["section"], "§ 635a.5(e)");
}
