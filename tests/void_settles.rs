//! A void round that still settles its side wagers, from the real start (the terminal built as
//! `deckhand` builds it, no shuffler, a manual dealing shoe):
//! - WPT: a dealer's card exposed early voids the round, but the Pocket Bonus and Trips Plus are
//!   settled by their paytables (§ 677a.13(d)); Trips Plus on the board the dealer finishes;
//! - Texas Hold 'Em Bonus: more than one card face up after the initial two cards each still
//!   settles the Bonus Wager (§ 647a.13(a)); found during the deal, everything is returned;
//! - the rest of the wagers are returned once the kept ones are paid, and the cards reshuffled.

use crate::common;

use common::play::{first_ready, floorperson_signs};
use common::ui::{keys, tap};
use deckhand::rules::games::GameId;
use deckhand::rules::table::Step;
use deckhand::ui::DeckhandApp;
use egui_kittest::Harness;
use egui_kittest::kittest::{NodeT, Queryable};

fn opened(db: &std::path::Path, game: GameId) -> Harness<'static, DeckhandApp> {
    opened_sized(db, game, 1280.0, 800.0)
}

/// [`opened`] on a `w`×`h` screen.
fn opened_sized(
    db: &std::path::Path,
    game: GameId,
    w: f32,
    hgt: f32,
) -> Harness<'static, DeckhandApp> {
    let mut h = common::ui::real_app(db, w, hgt, 0.25);
    common::play::open_from_sign_in(&mut h, game, tap);
    h
}

fn rows_of(db: &std::path::Path, kind: &str) -> Vec<serde_json::Value> {
    common::ui::payloads(db, kind)
        .iter()
        .map(|p| serde_json::from_str(p).unwrap())
        .collect()
}

/// Keys `amount` dollars on a seat's spot.
fn wager(h: &mut Harness<'static, DeckhandApp>, seat: u8, spot: &str, amount: &str) {
    tap(h, &format!("Seat {seat} {spot}: —"));
    keys(h, amount);
}

/// Reports the irregularity titled `title` (at `section`), signed by the floorperson.
fn report(h: &mut Harness<'static, DeckhandApp>, title: &str, section: &str) {
    tap(h, "⚠ Irregularity");
    tap(
        h,
        &format!("{title}  ·  {section}").replace("§ ", "§\u{a0}"),
    );
    keys(h, "1001");
    tap(h, "PIN: ");
    keys(h, "246810");
    tap(h, "Record irregularity");
}

/// The kinds journaled since row `from`.
fn kinds_since(db: &std::path::Path, from: usize) -> Vec<String> {
    common::ui::kinds(db)[from..].to_vec()
}

/// Pays what is settled (validated first if it must be).
fn pay(h: &mut Harness<'static, DeckhandApp>) {
    if first_ready(h, &["Floorperson validates"]).is_some() {
        tap(h, "Floorperson validates");
        floorperson_signs(h);
    }
    tap(h, "Paid");
}

#[test]
fn a_wpt_dealer_card_exposed_still_settles_pocket_bonus_and_trips_plus() {
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("wpt.sqlite");
    // The smallest screen a table uses: the void's card entry fits it whole.
    let mut h = opened_sized(&db, GameId::WptHeadsUp, 1024.0, 768.0);
    tap(&mut h, "Wagers of seat 2");
    wager(&mut h, 2, "Ante", "10");
    wager(&mut h, 2, "Pocket Bonus", "5");
    wager(&mut h, 2, "Trips Plus", "5");
    tap(&mut h, "Wagers of seat 4");
    wager(&mut h, 4, "Ante", "10");
    wager(&mut h, 4, "Pocket Bonus", "5");
    tap(&mut h, "No more bets");
    tap(&mut h, "Cards dealt");
    // Seat 2 raises before the flop; seat 4 has not decided when a dealer's card shows.
    tap(&mut h, "2× · $20.00");
    let before = common::ui::kinds(&db).len();
    tap(&mut h, "⚠ Irregularity");
    // The whole catalogue on the screen, nothing running off its right edge.
    let entries: Vec<_> = h
        .query_all_by_role(egui::accesskit::Role::Button)
        .filter(|b| {
            b.accesskit_node()
                .label()
                .is_some_and(|l| l.contains("§\u{a0}677a."))
        })
        .map(|b| (b.accesskit_node().label().unwrap_or_default(), b.rect()))
        .collect();
    assert!(entries.len() >= 8, "{entries:?}");
    for (label, r) in &entries {
        assert!(
            r.max.x <= 1024.0 && r.height() >= 48.0,
            "{label:?} at {r:?}"
        );
    }
    tap(&mut h, "Dealer's card exposed early  ·  §\u{a0}677a.13(d)");
    let pin = h.get_by_label("PIN: ").rect();
    assert!(pin.max.x <= 1024.0, "the PIN field whole: {pin:?}");
    // The screen says what the void keeps, not that every wager is returned.
    h.get_by_label(
        "2. The Pocket Bonus and Trips Plus Wagers are settled by their paytables first",
    );
    h.get_by_label("Recording this voids the round: the Pocket Bonus and Trips Plus wagers are settled first, then every other wager is returned.");
    keys(&mut h, "1001");
    tap(&mut h, "PIN: ");
    keys(&mut h, "246810");
    tap(&mut h, "Record irregularity");
    assert_eq!(
        kinds_since(&db, before),
        ["irregularity", "void_settles_wagers"],
        "nothing is returned before the kept wagers are settled"
    );
    h.get_by_label("Round void: settle the Pocket Bonus and Trips Plus");
    h.get_by_label("Key the cards of each seat that placed one, then the board (burn and deal the rest if it is not out). Every other wager is returned once these are paid (§ 677a.13(d)).");
    // The places: the two seats with a kept wager and the board; not the dealer.
    h.get_by_label_contains("Seat 2: ");
    h.get_by_label_contains("Seat 4: ");
    h.get_by_label_contains("Community: ");
    assert!(h.query_by_label_contains("Dealer: ").is_none());
    // Seat 2: a pair of aces, three with the board; seat 4: no Pocket Bonus hand.
    for c in ["A♠", "A♥", "7♣", "2♦", "A♦", "K♠", "9♥", "4♣", "3♦"] {
        tap(&mut h, c);
    }
    let settle = h.get_by_label("Settle").rect();
    assert!(
        settle.max.y <= 768.0 - 12.0,
        "Settle whole on the screen: {settle:?}"
    );
    tap(&mut h, "Settle");
    h.get_by_label_contains("Round void: settle these in this order");
    // The side panel's total is in view above its foot, not scrolled away under the seats.
    let total = h.get_by_label("To return $60.00").rect();
    assert!(
        total.max.y < 768.0 - deckhand::ui::theme::FOOT,
        "the total in view: {total:?}"
    );
    let settlement = rows_of(&db, "round_settled").last().unwrap()["settlement"].clone();
    let results = settlement["results"].as_array().unwrap();
    let wagers: Vec<(u64, &str)> = results
        .iter()
        .map(|w| (w["seat"].as_u64().unwrap(), w["wager"].as_str().unwrap()))
        .collect();
    assert_eq!(
        wagers,
        [(4, "pocket-bonus"), (2, "pocket-bonus"), (2, "trips-plus")],
        "only the kept wagers, from the dealer's right: {results:?}"
    );
    let seat2: i64 = results
        .iter()
        .filter(|w| w["seat"] == 2)
        .map(|w| w["net"].as_i64().unwrap())
        .sum();
    assert!(seat2 > 0, "aces and trips win: {results:?}");
    let seat4 = results.iter().find(|w| w["seat"] == 4).unwrap();
    assert_eq!(seat4["net"], -500, "seat 4's Pocket Bonus loses");
    pay(&mut h);
    // The rest returned: Ante, Odds and seat 2's Raise; the kept wagers are not.
    let voided = rows_of(&db, "round_voided");
    assert_eq!(voided.len(), 1);
    assert_eq!(
        voided[0]["refunds"],
        serde_json::json!([[2, 4000], [4, 2000]])
    );
    h.get_by_label_contains("Round 1 void: $40.00 to seat 2, $20.00 to seat 4 returned");
    let t = h.state().terminal().table();
    assert!(t.round.is_none());
    assert!(
        matches!(t.step(), Step::ShuffleManually { deck: 0 }),
        "{:?}",
        t.step()
    );
    audit(&db, &h, 1);
}

/// The journal rebuilds the table, its chain is intact and a replay recomputes the
/// `settlements` recorded as they were.
fn audit(db: &std::path::Path, h: &Harness<'static, DeckhandApp>, settlements: usize) {
    let rebuilt = deckhand::store::replay::read_table(db).unwrap();
    assert!(rebuilt == *h.state().terminal().table());
    assert!(matches!(
        deckhand::store::Store::verify_file(db).unwrap(),
        deckhand::store::ChainStatus::Intact { .. }
    ));
    let report = deckhand::store::replay::replay_file(db).unwrap();
    assert!(report.divergence.is_none(), "{report}");
    assert_eq!(report.settlements, settlements, "{report}");
}

/// Texas Hold 'Em Bonus: wagers with a Bonus on seat 2 and seat 4, "No more bets".
fn thb_wagers(h: &mut Harness<'static, DeckhandApp>) {
    for seat in [2, 4] {
        tap(h, &format!("Wagers of seat {seat}"));
        wager(h, seat, "Ante", "10");
        wager(h, seat, "Bonus", "5");
    }
    tap(h, "No more bets");
}

#[test]
fn texas_holdem_bonus_cards_face_up_after_the_deal_still_settle_the_bonus() {
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("thb.sqlite");
    let mut h = opened(&db, GameId::TexasHoldemBonus);
    thb_wagers(&mut h);
    tap(&mut h, "Cards dealt");
    let before = common::ui::kinds(&db).len();
    report(&mut h, "More than one card face up", "§ 647a.13(a)");
    assert_eq!(
        kinds_since(&db, before),
        ["irregularity", "void_settles_wagers"]
    );
    h.get_by_label("Round void: settle the Bonus");
    h.get_by_label_contains(
        "then your two cards. Every other wager is returned once these are paid (§ 647a.13(a)).",
    );
    // The top line needs the dealer's two cards; no board.
    h.get_by_label_contains("Dealer: ");
    assert!(h.query_by_label_contains("Community: ").is_none());
    for c in ["A♠", "A♥", "K♣", "K♦", "A♦", "A♣"] {
        tap(&mut h, c);
    }
    tap(&mut h, "Settle");
    let settlement = rows_of(&db, "round_settled").last().unwrap()["settlement"].clone();
    let results = settlement["results"].as_array().unwrap();
    assert_eq!(results.len(), 2, "the two Bonus Wagers alone: {results:?}");
    assert!(results.iter().all(|w| w["wager"] == "bonus"));
    let seat2 = results.iter().find(|w| w["seat"] == 2).unwrap();
    // § 647a.12(b), paytable A: ace-ace with the dealer's ace-ace pays 1,000 to 1.
    assert_eq!(seat2["net"], 500_000, "{seat2}");
    // Above the table's validation threshold: a floorperson signs before it is paid.
    tap(&mut h, "Floorperson validates");
    floorperson_signs(&mut h);
    tap(&mut h, "Paid");
    let voided = rows_of(&db, "round_voided");
    assert_eq!(
        voided[0]["refunds"],
        serde_json::json!([[2, 1000], [4, 1000]])
    );
    assert_eq!(rows_of(&db, "payouts_validated").len(), 1);
    audit(&db, &h, 1);
}

/// Found during the deal, before every player and the dealer have two cards, nothing is
/// settled: every wager, the Bonus too, is returned (§ 647a.13(a)).
#[test]
fn cards_face_up_during_the_deal_return_every_wager() {
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("thb-deal.sqlite");
    let mut h = opened(&db, GameId::TexasHoldemBonus);
    thb_wagers(&mut h);
    let before = common::ui::kinds(&db).len();
    report(&mut h, "More than one card face up", "§ 647a.13(a)");
    assert_eq!(kinds_since(&db, before), ["irregularity", "round_voided"]);
    let voided = rows_of(&db, "round_voided");
    assert_eq!(
        voided[0]["refunds"],
        serde_json::json!([[2, 1500], [4, 1500]])
    );
    assert!(h.state().terminal().table().round.is_none());
    audit(&db, &h, 0);
}
