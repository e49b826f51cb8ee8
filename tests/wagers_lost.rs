//! A player's wagers lost before the settlement, from the real start (the terminal built as
//! `deckhand` builds it): at Mississippi Stud a player who shares information about his hand
//! forfeits every wager (§ 655a.11(a)(3)); at WPT a player who leaves the table during the
//! round has his wagers abandoned and lost (§ 677a.7(b)). A floorperson signs each; the hand
//! takes no further part; the settlement collects every wager of the seat with the section.

use crate::common;

use common::play::{first_ready, floorperson_signs};
use common::ui::{keys, tap};
use deckhand::rules::games::GameId;
use deckhand::ui::DeckhandApp;
use egui_kittest::Harness;
use egui_kittest::kittest::Queryable;

fn wager(h: &mut Harness<'static, DeckhandApp>, seat: u8, spot: &str, amount: &str) {
    tap(h, &format!("Seat {seat} {spot}: —"));
    keys(h, amount);
}

/// Reports the irregularity titled `title` (at `section`) for `seat`, signed by the floorperson.
fn report(h: &mut Harness<'static, DeckhandApp>, title: &str, section: &str, seat: u8) {
    tap(h, "⚠ Irregularity");
    tap(
        h,
        &format!("{title}  ·  {section}").replace("§ ", "§\u{a0}"),
    );
    h.get_by_label(
        "Recording this makes every wager of the seat lose: its hand takes no further part.",
    );
    tap(h, &format!("Seat {seat}"));
    keys(h, "1001");
    tap(h, "PIN: ");
    keys(h, "246810");
    tap(h, "Record irregularity");
}

fn settlement(db: &std::path::Path) -> serde_json::Value {
    let rows = common::ui::payloads(db, "round_settled");
    let v: serde_json::Value = serde_json::from_str(rows.last().expect("settled")).unwrap();
    v["settlement"].clone()
}

fn net_of(s: &serde_json::Value, seat: u8) -> Vec<(String, i64, String)> {
    s["results"]
        .as_array()
        .unwrap()
        .iter()
        .filter(|r| r["seat"] == seat)
        .map(|r| {
            (
                r["wager"].as_str().unwrap().to_string(),
                r["net"].as_i64().unwrap(),
                r["section"].as_str().unwrap().to_string(),
            )
        })
        .collect()
}

#[test]
fn a_mississippi_stud_player_who_shares_his_hand_forfeits_every_wager() {
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("ms.sqlite");
    let mut h = common::ui::real_app(&db, 1024.0, 768.0, 0.25);
    common::play::open_from_sign_in(&mut h, GameId::MississippiStud, tap);
    tap(&mut h, "Wagers of seat 2");
    wager(&mut h, 2, "Ante", "10");
    tap(&mut h, "Wagers of seat 4");
    wager(&mut h, 4, "Ante", "10");
    wager(&mut h, 4, "3 Card Bonus", "5");
    tap(&mut h, "No more bets");
    tap(&mut h, "Cards dealt");
    tap(&mut h, "1× · $10.00"); // seat 2, Third Street
    tap(&mut h, "2× · $20.00"); // seat 4, Third Street
    tap(&mut h, "Done"); // the first community card
    let before = common::ui::kinds(&db).len();
    report(
        &mut h,
        "The player shared information about his hand",
        "§ 655a.11(a)(3)",
        4,
    );
    assert_eq!(
        common::ui::kinds(&db)[before..],
        ["irregularity", "wagers_lost"]
    );
    let lost: serde_json::Value =
        serde_json::from_str(&common::ui::payloads(&db, "wagers_lost")[0]).unwrap();
    assert_eq!(lost["seat"], 4);
    assert_eq!(lost["lost"]["section"], "§ 655a.11(a)(3)");
    // The row carries what the seat loses, wager by wager.
    assert_eq!(
        lost["stakes"],
        serde_json::json!([
            ["ante", 1000],
            ["three-card-bonus", 500],
            ["third-street", 2000]
        ])
    );
    let irr: serde_json::Value =
        serde_json::from_str(&common::ui::payloads(&db, "irregularity")[0]).unwrap();
    assert_eq!(irr["signed_by"]["credential"], "1001");
    // Seat 4 decides nothing more: Fourth Street is seat 2's alone.
    h.get_by_label("Seat 2 decides");
    tap(&mut h, "1× · $10.00");
    tap(&mut h, "Done");
    h.get_by_label("Seat 2 decides");
    tap(&mut h, "1× · $10.00");
    tap(&mut h, "Done");
    // Only seat 2's cards and the community cards are keyed (the cards, not the results).
    tap(&mut h, "Key every card instead");
    assert!(h.query_by_label_contains("Seat 4: ").is_none());
    for c in ["A♠", "A♥", "A♦", "7♣", "2♠"] {
        tap(&mut h, c);
    }
    tap(&mut h, "Settle");
    let s = settlement(&db);
    let four = net_of(&s, 4);
    assert_eq!(
        four.iter().map(|w| w.1).sum::<i64>(),
        -(1000 + 500 + 2000),
        "the Ante, the 3 Card Bonus and the Third Street bet: {four:?}"
    );
    assert!(four.iter().all(|w| w.2 == "§ 655a.11(a)(3)"), "{four:?}");
    // Each line names the wager, the reason with its section, and the amount.
    h.get_by_label(
        "Seat 4 · Ante: the player shared information about his hand (§ 655a.11(a)(3)) → loses $10.00",
    );
    if first_ready(&h, &["Floorperson validates"]).is_some() {
        tap(&mut h, "Floorperson validates");
        floorperson_signs(&mut h);
    }
    tap(&mut h, "Paid");
    let t = h.state().terminal().table();
    assert!(t.round.is_none() && t.rounds_played == 1);
    audit(&db, &h);
}

/// Texas Hold 'Em Bonus (§ 647a.7(b)): a player who leaves the table once the cards are dealt
/// has every wager, the Bonus with the Ante, abandoned and lost; his hand takes no further part
/// and the round goes on for the other seat.
#[test]
fn a_texas_holdem_bonus_player_who_leaves_loses_every_wager() {
    // § 647a.7(b): the Ante and the Bonus lose, each under the section.
    let two = leaves_once_dealt(
        GameId::TexasHoldemBonus,
        "§ 647a.7(b)",
        Some(("Bonus", "5")),
    );
    assert_eq!(
        two.iter().map(|w| w.1).sum::<i64>(),
        -(1000 + 500),
        "{two:?}"
    );
}

/// Crazy 4 Poker (§ 657a.7(b)): a player who leaves the table once the cards are dealt has his
/// Ante and Super Bonus abandoned and lost, the floorperson signing for his seat; his hand is
/// neither decided nor keyed, and the other seat plays the round out.
#[test]
fn a_crazy_4_poker_player_who_leaves_loses_every_wager() {
    // § 657a.7(b): the Ante and the Super Bonus (equal to it) lose, each under the section.
    let two = leaves_once_dealt(GameId::Crazy4Poker, "§ 657a.7(b)", None);
    assert_eq!(
        two.iter().map(|w| w.1).sum::<i64>(),
        -(1000 + 1000),
        "{two:?}"
    );
}

/// Mississippi Stud (§ 655a.7(b)): a player who leaves the table once the cards are dealt has
/// his Ante abandoned and lost, the floorperson signing for his seat; the other seat plays the
/// round out.
#[test]
fn a_mississippi_stud_player_who_leaves_loses_every_wager() {
    // § 655a.7(b): the Ante loses, under the section; the hand took no street wager.
    let two = leaves_once_dealt(GameId::MississippiStud, "§ 655a.7(b)", None);
    assert_eq!(
        two,
        vec![("ante".to_string(), -1000, "§ 655a.7(b)".to_string())]
    );
}

/// Seats 2 and 4 of `game` from sign-in, a $10 Ante each (seat 2 also `extra`); once the cards
/// are dealt seat 2 leaves the table and the floorperson signs for it (`section`, § x.7(b));
/// seat 4 plays the round out. Seat 2's wagers as settled, every one lost under the section;
/// the journal rebuilds the table and a replay recomputes the settlement.
fn leaves_once_dealt(
    game: GameId,
    section: &str,
    extra: Option<(&str, &str)>,
) -> Vec<(String, i64, String)> {
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("left.sqlite");
    let mut h = common::ui::real_app(&db, 1024.0, 768.0, 0.25);
    common::play::open_from_sign_in(&mut h, game, tap);
    tap(&mut h, "Wagers of seat 2");
    wager(&mut h, 2, "Ante", "10");
    if let Some((spot, amount)) = extra {
        wager(&mut h, 2, spot, amount);
    }
    tap(&mut h, "Wagers of seat 4");
    wager(&mut h, 4, "Ante", "10");
    tap(&mut h, "No more bets");
    tap(&mut h, "Cards dealt");
    report(
        &mut h,
        "The player left the table during the round",
        section,
        2,
    );
    let irr: serde_json::Value =
        serde_json::from_str(&common::ui::payloads(&db, "irregularity")[0]).unwrap();
    assert_eq!(irr["signed_by"]["credential"], "1001");
    // Seat 2 was first to decide: his hand takes no further part, seat 4 decides alone.
    h.get_by_label("Seat 4 decides");
    common::play::play_out(&mut h);
    let two = net_of(&settlement(&db), 2);
    assert!(two.iter().all(|w| w.1 < 0 && w.2 == section), "{two:?}");
    let t = h.state().terminal().table();
    assert!(t.round.is_none() && t.rounds_played == 1);
    audit(&db, &h);
    two
}

/// The journal rebuilds the table and a replay recomputes the settlement as recorded.
fn audit(db: &std::path::Path, h: &Harness<'static, DeckhandApp>) {
    let rebuilt = deckhand::store::replay::read_table(db).unwrap();
    assert!(rebuilt == *h.state().terminal().table());
    let report = deckhand::store::replay::replay_file(db).unwrap();
    assert!(report.divergence.is_none(), "{report}");
    assert_eq!(report.settlements, 1, "{report}");
}

#[test]
fn a_heads_up_wpt_player_who_leaves_loses_his_wagers_and_the_round_ends() {
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("wpt.sqlite");
    let mut h = common::ui::real_app(&db, 1280.0, 800.0, 0.25);
    common::play::open_from_sign_in(&mut h, GameId::WptHeadsUp, tap);
    tap(&mut h, "Wagers of seat 2");
    wager(&mut h, 2, "Ante", "10");
    wager(&mut h, 2, "Pocket Bonus", "5");
    tap(&mut h, "Wagers of seat 4");
    tap(&mut h, "Seat 4 out");
    tap(&mut h, "Tap again: out");
    tap(&mut h, "No more bets");
    tap(&mut h, "Cards dealt");
    // Before anyone decides, the player gets up and goes.
    report(
        &mut h,
        "The player left the table during the round",
        "§ 677a.7(b)",
        2,
    );
    let s = settlement(&db);
    let two = net_of(&s, 2);
    assert_eq!(
        two.iter().map(|w| w.1).sum::<i64>(),
        -(1000 + 1000 + 500),
        "the Ante, the Odds and the Pocket Bonus: {two:?}"
    );
    assert!(two.iter().all(|w| w.2 == "§ 677a.7(b)"), "{two:?}");
    // Nothing to key: the pay screen, then the next round.
    tap(&mut h, "Paid");
    let t = h.state().terminal().table();
    assert!(t.round.is_none() && t.rounds_played == 1);
    audit(&db, &h);
}
