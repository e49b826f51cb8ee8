//! Spanish 21's own irregularities, from the real start (the terminal built as `deckhand`
//! builds it): a recut goes to the player who last cut or the next entitled player
//! (§ 635a.5(e)); a hole card read when the up card did not allow it voids the round when the
//! reader could let a player learn it, and play continues when it could not (§ 635a.13(j)); a
//! box that got no cards is dead, its wagers returned (§ 635a.13(h)); a card a player asked for
//! and did not get is dealt after the others' or the hand called dead (§ 635a.13(i)).

use crate::common;

use common::play::{open_from_sign_in, play_out, play_step};
use common::ui::{keys, tap};
use deckhand::rules::games::GameId;
use deckhand::ui::DeckhandApp;
use egui_kittest::Harness;
use egui_kittest::kittest::Queryable;

/// A Spanish 21 table opened from sign-in at 1024×768, seats 2 and 4 dealt in: its directory
/// (kept while the test runs), journal and screen.
fn opened() -> (
    tempfile::TempDir,
    std::path::PathBuf,
    Harness<'static, DeckhandApp>,
) {
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("s21.sqlite");
    let mut h = common::ui::real_app(&db, 1024.0, 768.0, 0.25);
    open_from_sign_in(&mut h, GameId::Spanish21, tap);
    (dir, db, h)
}

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
    let (_dir, db, mut h) = opened();
    dealt(&mut h);
    let before = common::ui::kinds(&db).len();
    tap(&mut h, "⚠ Irregularity");
    // The two cases of § 635a.13(j), each its own entry.
    h.get_by_label("Hole card read when not allowed: no player can learn it  ·  §\u{a0}635a.13(j)");
    tap(
        &mut h,
        "Hole card read when not allowed: a player could learn it  ·  §\u{a0}635a.13(j)",
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
    let (_dir, _db, mut h) = opened();
    dealt(&mut h);
    tap(&mut h, "⚠ Irregularity");
    tap(
        &mut h,
        "Hole card read when not allowed: no player can learn it  ·  §\u{a0}635a.13(j)",
    );
    h.get_by_label("2. Continue play");
    sign_and_record(&mut h);
    assert!(h.state().terminal().table().round.is_some());
    play_out(&mut h);
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
    tap(&mut h, "Floorperson requires a recut  ·  §\u{a0}635a.5(e)");
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

fn settlement(db: &std::path::Path) -> serde_json::Value {
    let rows = common::ui::payloads(db, "round_settled");
    let v: serde_json::Value = serde_json::from_str(rows.last().expect("settled")).unwrap();
    v["settlement"].clone()
}

fn results_of(s: &serde_json::Value, seat: u8) -> Vec<serde_json::Value> {
    s["results"]
        .as_array()
        .unwrap()
        .iter()
        .filter(|r| r["seat"] == seat)
        .cloned()
        .collect()
}

fn finish(h: &mut Harness<'static, DeckhandApp>) {
    play_out(h);
    assert_eq!(h.state().terminal().table().rounds_played, 1);
}

/// Wagers of $10 on boxes 2 and 4 and "No more bets": the deal screen.
fn wagers(h: &mut Harness<'static, DeckhandApp>) {
    for seat in [2, 4] {
        tap(h, &format!("Wagers of seat {seat}"));
        tap(h, &format!("Seat {seat} Spanish 21: —"));
        keys(h, "10");
    }
    tap(h, "No more bets");
}

#[test]
fn a_box_dealt_no_cards_is_dead_and_its_wager_returned() {
    let (_dir, db, mut h) = opened();
    // Box 2 also has a Match-the-Dealer Wager: never settled, it is returned too.
    tap(&mut h, "Wagers of seat 2");
    tap(&mut h, "Seat 2 Match the Dealer: —");
    keys(&mut h, "5");
    wagers(&mut h);
    // Box 2 is the place selected first: it got no cards. The button is on the screen whole,
    // beside "Cards dealt", clear of the side panel, at 1024×768.
    let r = h.get_by_label("None dealt").rect();
    let panel = h.get_by_label_contains("On the layout").rect();
    assert!(
        r.max.x <= panel.min.x && r.max.y <= 768.0 && r.height() >= 48.0,
        "{r:?}, the side panel from {panel:?}"
    );
    tap(&mut h, "None dealt");
    h.get_by_label("Seat 2: no cards, dead");
    // Selected again, the box can be given its cards back; the button fits as well.
    tap(&mut h, "Seat 2: no cards, dead");
    let r = h.get_by_label("Has cards").rect();
    assert!(r.max.x <= panel.min.x, "{r:?}");
    tap(&mut h, "Seat 4: —");
    for c in ["9♠", "7♥", "5♣"] {
        tap(&mut h, c);
    }
    h.get_by_label("Seat 4: 9♠ 7♥");
    tap(&mut h, "Cards dealt");
    // § 635a.13(h): the box dealt no cards is dead, out of the play; its wagers come back at
    // the settlement under the section (below).
    assert_eq!(
        common::ui::banked_round(&h).seats,
        vec![4],
        "box 2 is out of the play"
    );
    finish(&mut h);
    let s = settlement(&db);
    let two = results_of(&s, 2);
    assert_eq!(two.len(), 2, "{two:?}");
    for (w, paid) in [("match-the-dealer", 500), ("spanish-21", 1000)] {
        let line = two.iter().find(|r| r["wager"] == w).expect(w);
        assert_eq!(line["result"], "push");
        assert_eq!(line["paid"], paid);
        assert_eq!(line["section"], "§ 635a.13(h)");
    }
    let rebuilt = deckhand::store::replay::read_table(&db).unwrap();
    assert!(rebuilt == *h.state().terminal().table());
    let report = deckhand::store::replay::replay_file(&db).unwrap();
    assert!(report.divergence.is_none(), "{report}");
}

/// Keys box 2 9♠ 7♥, box 4 8♣ 6♦ and the dealer's 5♥ up, then "Cards dealt".
fn deal_known(h: &mut Harness<'static, DeckhandApp>) {
    for c in ["9♠", "7♥", "8♣", "6♦", "5♥"] {
        tap(h, c);
    }
    tap(h, "Cards dealt");
}

fn report_missed(h: &mut Harness<'static, DeckhandApp>, title: &str, seat: u8) {
    tap(h, "⚠ Irregularity");
    tap(h, &format!("{title}  ·  §\u{a0}635a.13(i)"));
    tap(h, &format!("Seat {seat}"));
    tap(h, "Record irregularity");
}

#[test]
fn a_missed_card_is_dealt_after_the_other_players_before_the_hole_card() {
    let (_dir, db, mut h) = opened();
    wagers(&mut h);
    deal_known(&mut h);
    h.get_by_label("Seat 2 decides");
    // The player asked for a card; the dealer moved on.
    tap(&mut h, "Stand");
    h.get_by_label("Seat 4 decides");
    report_missed(&mut h, "Requested card not dealt: deal it later", 2);
    h.get_by_label("Seat 4 decides");
    tap(&mut h, "Stand");
    // Every other player has his cards; the hole card is not turned yet.
    h.get_by_label("Deal seat 2 the card it asked for");
    assert_eq!(common::ui::banked_round(&h).dealer.len(), 1);
    tap(&mut h, "4♣");
    h.get_by_label("Turn up your hole card");
    let r = h.state().terminal().table().round.clone().unwrap();
    let hands = &r.banked.as_ref().unwrap().spanish21().unwrap().hands[&2];
    assert_eq!(hands[0].cards.len(), 3, "{hands:?}");
    finish(&mut h);
    let report = deckhand::store::replay::replay_file(&db).unwrap();
    assert!(report.divergence.is_none(), "{report}");
}

#[test]
fn a_missed_card_the_player_calls_dead_returns_his_wager() {
    let (_dir, db, mut h) = opened();
    wagers(&mut h);
    deal_known(&mut h);
    tap(&mut h, "Stand");
    // Box 4 has not played: no card is owed to it yet.
    tap(&mut h, "⚠ Irregularity");
    tap(
        &mut h,
        "Requested card not dealt: hand dead  ·  §\u{a0}635a.13(i)",
    );
    tap(&mut h, "Seat 4");
    tap(&mut h, "Record irregularity");
    h.get_by_label_contains("it is seat 4's turn: deal the card it asks for now");
    tap(&mut h, "Back");
    tap(&mut h, "Close");
    report_missed(&mut h, "Requested card not dealt: hand dead", 2);
    finish(&mut h);
    let s = settlement(&db);
    let two = results_of(&s, 2);
    assert_eq!(two.len(), 1, "{two:?}");
    assert_eq!(two[0]["result"], "push");
    assert_eq!(two[0]["section"], "§ 635a.13(i)");
}

/// The only box's hand called dead: nothing is left for the dealer's cards to decide, and the
/// round goes straight to its settlement, the wager returned.
#[test]
fn the_last_box_called_dead_ends_the_round() {
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("s21.sqlite");
    let mut h = common::ui::real_app(&db, 1024.0, 768.0, 0.25);
    common::play::open_with_seats(&mut h, GameId::Spanish21, tap, &[2]);
    tap(&mut h, "Seat 2 Spanish 21: —");
    keys(&mut h, "10");
    tap(&mut h, "No more bets");
    for c in ["9♠", "7♥", "5♥"] {
        tap(&mut h, c);
    }
    tap(&mut h, "Cards dealt");
    tap(&mut h, "Stand");
    report_missed(&mut h, "Requested card not dealt: hand dead", 2);
    let s = settlement(&db);
    let two = results_of(&s, 2);
    assert_eq!(two.len(), 1, "{two:?}");
    assert_eq!(two[0]["result"], "push");
    let t = h.state().terminal().table();
    assert_eq!(
        t.round
            .as_ref()
            .unwrap()
            .banked
            .as_ref()
            .unwrap()
            .dealer
            .len(),
        1,
        "no hole card turned for nobody"
    );
    tap(&mut h, "Paid");
    assert_eq!(h.state().terminal().table().rounds_played, 1);
}
