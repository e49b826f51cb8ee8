//! The irregularity button on the real screen (egui_kittest, by labels): each game's own
//! catalogue, the required action shown as steps, the floorperson's signature (a wrong PIN loses
//! nothing), and the effect journaled in the same transaction as the report: a void round with
//! every chip returned, a deck taken off for replacement, or play going on.

use crate::common;

use common::ui::{harness, keys, tap};
use deckhand::rules::games::GameId;
use deckhand::rules::irregularities::Catalogue;
use deckhand::rules::table::{Command, Person, Role, Step, TableSetup};
use deckhand::terminal::Terminal;
use deckhand::ui::DeckhandApp;
use egui_kittest::kittest::Queryable;

fn setup(game: GameId) -> TableSetup {
    common::ui::table(9, game)
}

/// An open table shuffled by hand, round 1 started with three players.
fn in_round(db: &std::path::Path, s: &TableSetup) -> Terminal {
    let mut t = common::ui::opened(db, s);
    t.execute(Command::StartRound {
        seats: vec![1, 2, 3],
    })
    .unwrap();
    t
}

/// The demo's floorperson, who signs the reports.
fn floorperson() -> Person {
    Person {
        name: "Dana Brooks".into(),
        credential: "1001".into(),
        role: Role::Floorperson,
    }
}

fn rows(db: &std::path::Path) -> Vec<(String, String, Option<String>)> {
    let conn = rusqlite::Connection::open(db).unwrap();
    conn.prepare("SELECT kind, payload, actor_credential FROM journal ORDER BY serial")
        .unwrap()
        .query_map([], |r| Ok((r.get(0)?, r.get(1)?, r.get(2)?)))
        .unwrap()
        .map(|k| k.unwrap())
        .collect()
}

#[test]
fn missing_cards_void_the_round_and_replace_the_deck_signed_by_the_floor() {
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("irr.sqlite");
    let s = setup(GameId::Holdem);
    // At 1024×768: the wrong PIN's refusal stays on the screen.
    let mut h = crate::common::ui::harness_sized(
        DeckhandApp::new(in_round(&db, &s), s, None),
        1024.0,
        768.0,
    );
    h.run_ok();
    tap(&mut h, "Blinds posted");
    let before = rows(&db).len();
    tap(&mut h, "⚠ Irregularity");
    h.get_by_label("Irregularities: Hold'em");
    tap(&mut h, "Missing or extra cards  ·  §\u{a0}637a.18(i)");
    // The required action, as steps, with the section.
    h.get_by_label("1. Stop the round: it is void");
    h.get_by_label(
        "3. Remove the deck from the table; a floorperson verifies; bring a replacement",
    );
    h.get_by_label_contains("voids the round, returns every wager");
    // Unsigned: refused, nothing written, no PIN attempt counted.
    tap(&mut h, "Record irregularity");
    h.get_by_label("⚠ A floorperson signs here: key the credential number, then the PIN");
    // A wrong PIN: a clear message, nothing written, the form kept.
    keys(&mut h, "1001");
    tap(&mut h, "PIN: ");
    keys(&mut h, "111111");
    tap(&mut h, "Record irregularity");
    let refusal = h.get_by_label_contains("⚠").rect();
    assert!(refusal.max.x <= 1024.0, "the refusal runs off: {refusal:?}");
    h.get_by_label("Missing or extra cards");
    let after_wrong = rows(&db);
    assert!(
        after_wrong[before..]
            .iter()
            .all(|(k, _, _)| k != "irregularity" && k != "round_voided"),
        "{after_wrong:?}"
    );
    // The right PIN.
    keys(&mut h, "246810");
    tap(&mut h, "Record irregularity");
    let all = rows(&db);
    let tail: Vec<&str> = all[before..]
        .iter()
        .map(|(k, _, _)| k.as_str())
        .filter(|k| !k.starts_with("pin_"))
        .collect();
    // The wrong PIN is on the record too.
    assert_eq!(
        tail,
        [
            "verification_failed",
            "irregularity",
            "round_voided",
            "deck_removed"
        ]
    );
    let (_, payload, signer) = all.iter().find(|(k, _, _)| k == "irregularity").unwrap();
    assert_eq!(signer.as_deref(), Some("1001"));
    let v: serde_json::Value = serde_json::from_str(payload).unwrap();
    assert_eq!(v["id"], "missing-or-extra-cards");
    assert_eq!(v["section"], "§ 637a.18(i)");
    let (_, voided, _) = all.iter().find(|(k, _, _)| k == "round_voided").unwrap();
    let v: serde_json::Value = serde_json::from_str(voided).unwrap();
    // The blinds go back to seats 1 and 2 (§ 637a.18(i)).
    assert_eq!(
        v["refunds"],
        serde_json::json!([[1, 100], [2, 200], [3, 0]])
    );
    // The table is back on the screen, asking for a replacement deck.
    h.get_by_label_contains("Irregularity recorded: Missing or extra cards");
    h.get_by_label("Inspect a replacement Red deck");
    // The view lists it for the supervisor, with its signer.
    let conn = rusqlite::Connection::open(&db).unwrap();
    let (id, signed): (String, String) = conn
        .query_row(
            "SELECT catalogue_id, signed_by FROM irregularities WHERE catalogue_id IS NOT NULL",
            [],
            |r| Ok((r.get(0)?, r.get(1)?)),
        )
        .unwrap();
    assert_eq!(
        (id.as_str(), signed.as_str()),
        ("missing-or-extra-cards", "1001")
    );
}

#[test]
fn a_card_exposed_names_the_seat_and_play_goes_on() {
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("irr2.sqlite");
    let s = setup(GameId::Holdem);
    let mut h = harness(DeckhandApp::new(in_round(&db, &s), s, None));
    h.run_ok();
    tap(&mut h, "Blinds posted");
    let step_before = h.state().terminal().table().step();
    tap(&mut h, "⚠ Irregularity");
    tap(&mut h, "Down card dealt face up  ·  §\u{a0}637a.18(p)");
    h.get_by_label("1. Replace the exposed card with the card from the top of the deck");
    // § 637a.18(p): the exposed card then goes face down with the discards.
    h.get_by_label("2. Place the exposed card face down with the discards");
    tap(&mut h, "Record irregularity");
    h.get_by_label("⚠ Tap the seat concerned");
    tap(&mut h, "Seat 2");
    tap(&mut h, "Record irregularity");
    let all = rows(&db);
    let (_, payload, signer) = all.last().unwrap();
    let v: serde_json::Value = serde_json::from_str(payload).unwrap();
    assert_eq!(v["id"], "down-card-exposed");
    assert_eq!(v["seat"], 2);
    assert_eq!(signer, &None);
    // Nothing else changed: the same step is on the screen.
    assert_eq!(h.state().terminal().table().step(), step_before);
    assert!(
        matches!(
            step_before,
            Step::Poker {
                step: deckhand::rules::poker::hand::Step::Deal { down: 2, .. },
                ..
            }
        ),
        "{step_before:?}"
    );
}

#[test]
fn a_fouled_hand_reconstructed_is_floor_signed_for_its_seat_and_play_goes_on() {
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("irr-fouled.sqlite");
    let s = setup(GameId::Holdem);
    let mut h = harness(DeckhandApp::new(in_round(&db, &s), s, None));
    h.run_ok();
    tap(&mut h, "Blinds posted");
    let step_before = h.state().terminal().table().step();
    let before = rows(&db).len();
    tap(&mut h, "⚠ Irregularity");
    tap(&mut h, "Hand fouled or collected  ·  §\u{a0}637a.18(k)");
    // § 637a.18(k): a protected hand is reconstructed and the round goes on; an unprotected one
    // has no redress.
    h.get_by_label_contains("1. A protected hand (Stud's hole cards always are): every effort is made to reconstruct it, then the round goes on");
    h.get_by_label_contains("2. An unprotected hand has no redress");
    tap(&mut h, "Seat 2");
    // Unsigned: refused, nothing written.
    tap(&mut h, "Record irregularity");
    h.get_by_label("⚠ A floorperson signs here: key the credential number, then the PIN");
    assert!(
        rows(&db)[before..]
            .iter()
            .all(|(k, _, _)| k != "irregularity")
    );
    keys(&mut h, "1001");
    tap(&mut h, "PIN: ");
    keys(&mut h, "246810");
    tap(&mut h, "Record irregularity");
    let all = rows(&db);
    let tail: Vec<&str> = all[before..]
        .iter()
        .map(|(k, _, _)| k.as_str())
        .filter(|k| !k.starts_with("pin_"))
        .collect();
    // § 637a.18(k): recorded for the seat, signed by the floorperson; nothing voided or refunded.
    assert_eq!(tail, ["irregularity"]);
    let (_, payload, signer) = all[before..]
        .iter()
        .find(|(k, _, _)| k == "irregularity")
        .unwrap();
    assert_eq!(signer.as_deref(), Some("1001"));
    let v: serde_json::Value = serde_json::from_str(payload).unwrap();
    assert_eq!(v["id"], "fouled-hand");
    assert_eq!(v["seat"], 2);
    // Play goes on: the same step is on the screen.
    assert_eq!(h.state().terminal().table().step(), step_before);
}

#[test]
fn each_game_shows_its_own_catalogue() {
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("irr3.sqlite");
    let s = setup(GameId::SevenCardStud);
    let mut h = harness(DeckhandApp::new(in_round(&db, &s), s, None));
    h.run_ok();
    tap(&mut h, "⚠ Irregularity");
    h.get_by_label("Irregularities: Seven-card Stud");
    h.get_by_label("Hole card turned up in the deal  ·  §\u{a0}637a.18(m)");
    assert!(
        h.query_by_label("Down card dealt face up  ·  §\u{a0}637a.18(p)")
            .is_none(),
        "Hold'em's rule is not Stud's"
    );
    for i in Catalogue::embedded().for_game(GameId::SevenCardStud) {
        h.get_by_label(
            &format!("{}  ·  {}", i.title, i.section_for(GameId::SevenCardStud))
                // The section sign keeps to its number (a no-break space).
                .replace("§ ", "§\u{a0}"),
        );
    }
    tap(&mut h, "Close");
    assert!(
        h.query_by_label("Irregularities: Seven-card Stud")
            .is_none()
    );
}

#[test]
fn the_rules_refuse_a_report_that_cannot_stand() {
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("irr4.sqlite");
    let s = setup(GameId::Holdem);
    let mut t = in_round(&db, &s);
    let dealer = Person {
        name: "Alex Rivera".into(),
        credential: "20417".into(),
        role: Role::Dealer,
    };
    let floor = floorperson();
    let report = |id: &str, signed_by: Option<Person>| Command::ReportIrregularity {
        id: id.into(),
        seat: None,
        note: None,
        signed_by,
    };
    // Another game's irregularity.
    let e = t
        .execute(report("s21-ten-found", Some(floor.clone())))
        .unwrap_err();
    assert!(e.contains("not an irregularity of this game"), "{e}");
    // The dealer cannot sign the misdeal; a floorperson cannot rule on a dispute.
    let e = t.execute(report("misdeal", Some(dealer))).unwrap_err();
    assert!(e.contains("dealer"), "{e}");
    let e = t
        .execute(report("dispute", Some(floor.clone())))
        .unwrap_err();
    assert!(e.contains("supervisor"), "{e}");
    // During the round, a seat not dealt in is refused by name.
    let e = t
        .execute(Command::ReportIrregularity {
            id: "down-card-exposed".into(),
            seat: Some(7),
            note: None,
            signed_by: None,
        })
        .unwrap_err();
    assert!(
        e.contains("seat 7 was not dealt in this round (seats 1, 2, 3)"),
        "{e}"
    );
    // A ruling on a dispute is written down: without it the report is refused.
    let supervisor = Person {
        name: "Morgan Lee".into(),
        credential: "3001".into(),
        role: Role::Supervisor,
    };
    let e = t
        .execute(report("dispute", Some(supervisor.clone())))
        .unwrap_err();
    assert!(e.contains("write down the ruling"), "{e}");
    // A misdeal voids the round; after it there is no round to void.
    t.execute(report("misdeal", Some(floor.clone()))).unwrap();
    assert!(t.table().round.is_none());
    assert!(!matches!(t.table().step(), Step::Poker { .. }));
    let e = t.execute(report("misdeal", Some(floor))).unwrap_err();
    assert!(e.contains("no round in play"), "{e}");
}

/// § 637a.18(g): misdealt cards are reshuffled and the round dealt again with the button where
/// it was; it moves on only after a round of play (§ 637a.11(c)(2)).
#[test]
fn a_misdealt_round_is_dealt_again_with_the_same_button() {
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("misdeal-button.sqlite");
    let s = setup(GameId::Holdem);
    let mut t = in_round(&db, &s);
    let first = t.table().round.as_ref().unwrap().button;
    let floor = floorperson();
    t.execute(Command::ReportIrregularity {
        id: "misdeal".into(),
        seat: None,
        note: None,
        signed_by: Some(floor),
    })
    .unwrap();
    // The other deck is next; it is shuffled and cut by hand, and the round dealt again.
    if matches!(t.table().step(), Step::ShuffleManually { .. }) {
        t.execute(Command::Confirm(
            deckhand::rules::table::Confirm::ShuffledAndCut,
        ))
        .unwrap();
    }
    t.execute(Command::StartRound {
        seats: vec![1, 2, 3],
    })
    .unwrap();
    let again = t.table().round.as_ref().unwrap().button;
    // § 637a.18(g): the misdealt round is dealt again with the button where it was.
    assert_eq!(again, first, "the re-deal after a misdeal keeps the button");
    // The journal says the same: a restart rebuilds the re-deal with the same button.
    let rebuilt = deckhand::store::replay::read_table(&db).unwrap();
    assert_eq!(rebuilt.round.as_ref().unwrap().button, first);
}

/// § 637a.18(g): a floor-signed misdeal after the blinds voids the round, gives each blind back
/// to the seat that posted it, and sends the misdealt deck back to be shuffled.
#[test]
fn a_misdeal_returns_the_blinds_and_sends_the_deck_back_to_the_shuffle() {
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("misdeal-refund.sqlite");
    let s = setup(GameId::Holdem);
    let mut t = in_round(&db, &s);
    let deck = t.table().round.as_ref().unwrap().deck;
    t.execute(Command::Poker(
        deckhand::rules::poker::hand::HandCommand::Posted { straddle: false },
    ))
    .unwrap();
    t.execute(Command::ReportIrregularity {
        id: "misdeal".into(),
        seat: None,
        note: None,
        signed_by: Some(floorperson()),
    })
    .unwrap();
    assert!(t.table().round.is_none(), "the misdealt round is void");
    let all = rows(&db);
    let (_, voided, _) = all.iter().find(|(k, _, _)| k == "round_voided").unwrap();
    let v: serde_json::Value = serde_json::from_str(voided).unwrap();
    // § 637a.18(g): every chip of the misdealt round goes back to whoever put it in: the blinds to seats 1 and 2.
    assert_eq!(
        v["refunds"],
        serde_json::json!([[1, 100], [2, 200], [3, 0]])
    );
    // The misdealt cards go back to the dealer to be shuffled before they are dealt again.
    assert_eq!(
        t.table().decks[deck].status,
        deckhand::rules::table::DeckStatus::Unshuffled
    );
}

/// From the real start: during a round only the seats dealt in can be named, and a dispute's
/// ruling is written on the on-screen keyboard and journaled with the supervisor's signature.
#[test]
fn a_ruling_is_written_down_and_only_seats_dealt_in_are_offered() {
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("ruling.sqlite");
    let mut h = common::ui::real_app(&db, 1024.0, 768.0, 0.25);
    common::play::open_from_sign_in(&mut h, GameId::Holdem, tap);
    tap(&mut h, "⚠ Irregularity");
    tap(&mut h, "Down card dealt face up  ·  §\u{a0}637a.18(p)");
    h.get_by_label("Seat 2");
    h.get_by_label("Seat 4");
    for absent in [1, 3, 5, 6, 7, 8, 9, 10] {
        assert!(
            h.query_by_label(&format!("Seat {absent}")).is_none(),
            "seat {absent} was not dealt in"
        );
    }
    tap(&mut h, "Back");
    tap(&mut h, "Dispute: a ruling  ·  §\u{a0}637a.18(a)");
    tap(&mut h, "Record irregularity");
    h.get_by_label("⚠ Write down the ruling");
    for key in "POT".chars() {
        tap(&mut h, &key.to_string());
    }
    tap(&mut h, "Space");
    for key in "TO".chars() {
        tap(&mut h, &key.to_string());
    }
    tap(&mut h, "Space");
    for key in ["S", "E", "A", "T", "Space", "4"] {
        tap(&mut h, key);
    }
    tap(&mut h, "The ruling: done");
    h.get_by_label("The ruling: Pot to seat 4");
    keys(&mut h, "3001");
    tap(&mut h, "PIN: ");
    keys(&mut h, "135790");
    tap(&mut h, "Record irregularity");
    h.get_by_label_contains("Irregularity recorded: Dispute: a ruling");
    let all = rows(&db);
    let (kind, payload, signer) = all.last().unwrap();
    assert_eq!(kind, "irregularity");
    let v: serde_json::Value = serde_json::from_str(payload).unwrap();
    assert_eq!(v["id"], "dispute");
    assert_eq!(v["note"], "Pot to seat 4");
    assert_eq!(v["signed_by"]["credential"], "3001");
    assert_eq!(
        signer.as_deref(),
        Some("3001"),
        "the row is signed by the supervisor"
    );
}

/// Every game's whole catalogue is on the smallest screen a table uses, above the footer's
/// Close, no entry hidden or cut off: a dealer taps any of them without scrolling.
#[test]
fn every_games_list_fits_1024_by_768_above_the_footer() {
    use egui_kittest::kittest::NodeT;
    for game in GameId::all() {
        let dir = tempfile::tempdir().unwrap();
        let db = dir.path().join("list.sqlite");
        let mut h = common::ui::real_app(&db, 1024.0, 768.0, 0.25);
        common::play::open_from_sign_in(&mut h, game, tap);
        tap(&mut h, "⚠ Irregularity");
        let close = h.get_by_label("Close").rect();
        let entries: Vec<_> = h
            .query_all_by_role(egui::accesskit::Role::Button)
            .filter(|b| {
                b.accesskit_node()
                    .label()
                    .is_some_and(|l| l.contains("  ·  §"))
            })
            .map(|b| (b.accesskit_node().label().unwrap_or_default(), b.rect()))
            .collect();
        let want = Catalogue::embedded().for_game(game).len();
        assert_eq!(entries.len(), want, "{}", game.id());
        for (label, r) in &entries {
            assert!(
                r.max.y <= close.min.y && r.max.x <= 1024.0 && r.height() >= 48.0,
                "{}: {label:?} at {r:?}, the footer at {close:?}",
                game.id()
            );
        }
    }
}
