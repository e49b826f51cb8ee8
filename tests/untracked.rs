//! A poker-room round with the betting kept at the table (the embedded default's
//! `betting_actions`): one tap per betting round, the winner tapped (a split picked seat by seat,
//! the hands keyed where a record needs them), the rake tapped from the posted schedule; the
//! configuration that cannot keep the betting at the table refused with its key.

use crate::common;

use common::play::{open_with_seats, rake_label, tap_a_free_card};
use common::ui::{payloads, ready, real_app, tap};
use deckhand::rules::poker::hand::Step as HandStep;
use deckhand::rules::table::{Command, PotTake, Step};
use egui_kittest::Harness;
use egui_kittest::kittest::Queryable;

type App = Harness<'static, deckhand::ui::DeckhandApp>;

fn hand_step(h: &App) -> Option<HandStep> {
    match h.state().terminal().table().step() {
        Step::Poker { step, .. } => Some(step),
        _ => None,
    }
}

/// The one pot_awarded row of the journal, as JSON.
fn pushed(db: &std::path::Path) -> serde_json::Value {
    let rows = payloads(db, "pot_awarded");
    assert_eq!(rows.len(), 1, "{rows:?}");
    serde_json::from_str(&rows[0]).unwrap()
}

#[test]
fn a_pot_won_before_the_flop_goes_to_the_seat_tapped_and_takes_no_rake() {
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("t.sqlite");
    let mut h = real_app(&db, 1024.0, 768.0, 0.25);
    open_with_seats(
        &mut h,
        deckhand::rules::games::GameId::Holdem,
        tap,
        &[2, 4, 6],
    );
    // Round 1's button at seat 6: the blinds and the deal on the pre-flop's screen.
    h.get_by_label("Pre-flop");
    h.get_by_label("Blinds: seat 2 $1.00, seat 4 $2.00.");
    h.get_by_label("Deal 2 cards down to each player.");
    tap(&mut h, "Seat 4 wins");
    assert!(matches!(
        h.state().terminal().table().step(),
        Step::AwardPot { .. }
    ));
    h.get_by_label("Push the pot to seat 4");
    // No flop, no drop: no rake is offered, and none is taken when sent.
    assert!(h.query_by_label("Rake $1.00").is_none());
    let refused = h
        .state()
        .terminal()
        .table()
        .decide(&Command::RakeTaken(PotTake {
            rake: 100,
            ..Default::default()
        }));
    assert!(refused.is_err(), "a rake before the flop: {refused:?}");
    tap(&mut h, "No rake");
    drop(h);
    let p = pushed(&db);
    assert_eq!(p["awards"], serde_json::json!([[4, 0]]), "{p}");
    assert_eq!(p["take"]["rake"], 0, "{p}");
    let won = payloads(&db, "pot_won");
    assert!(won[0].contains(r#""showdown":false"#), "{won:?}");
    let report = deckhand::store::replay::replay_file(&db).unwrap();
    assert!(report.divergence.is_none(), "{report}");
}

#[test]
fn a_split_pot_is_picked_seat_by_seat_and_the_rake_tapped_from_the_schedule() {
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("t.sqlite");
    let mut h = real_app(&db, 1024.0, 768.0, 0.25);
    open_with_seats(
        &mut h,
        deckhand::rules::games::GameId::Holdem,
        tap,
        &[2, 4, 6],
    );
    for street in ["Pre-flop", "Flop", "Turn", "River"] {
        h.get_by_label(street);
        tap(&mut h, "Betting over");
        // Each tap said back in the message band, the blinds with the first.
        h.get_by_label_contains(&format!("✔ {street} betting over"));
        if street == "Pre-flop" {
            h.get_by_label(
                "✔ Pre-flop betting over (posted: seat 2 blind $1.00, seat 4 blind $2.00).",
            );
        }
    }
    assert!(matches!(hand_step(&h), Some(HandStep::Winners { .. })));
    h.get_by_label_contains("Collect the losing hands and count them (2 cards each");
    tap(&mut h, "Split pot");
    assert!(!ready(&h, "Split the pot"), "two seats at least");
    tap(&mut h, "Seat 2");
    tap(&mut h, "Seat 6");
    tap(&mut h, "Split the pot");
    h.get_by_label("Push the pot to seat 2 and seat 6");
    // The embedded schedule: 10% to $5, the jackpot drops from pots of $20.
    let presets = h
        .state()
        .terminal()
        .table()
        .round
        .clone()
        .unwrap()
        .rake_presets();
    let labels: Vec<String> = presets.iter().map(rake_label).collect();
    assert_eq!(
        labels,
        [
            "No rake",
            "Rake $1.00",
            "Rake $2.00\n+ drops $2.00",
            "Rake $3.00\n+ drops $2.00",
            "Rake $4.00\n+ drops $2.00",
            "Rake $5.00\n+ drops $2.00"
        ]
    );
    tap(&mut h, "Rake $3.00\n+ drops $2.00");
    assert_eq!(h.state().terminal().table().rounds_played, 1);
    drop(h);
    let p = pushed(&db);
    assert_eq!(p["awards"], serde_json::json!([[2, 0], [6, 0]]), "{p}");
    assert_eq!(p["take"]["rake"], 300, "{p}");
    assert_eq!(p["take"]["bad_beat"], 100, "{p}");
    assert_eq!(p["take"]["high_hand"], 100, "{p}");
    // Four betting rounds, each one row the screen asked for; the first with the blinds it
    // asked to collect (round 1's button at seat 6: seat 2 and seat 4 post).
    let streets = payloads(&db, "street_played");
    assert_eq!(streets.len(), 4);
    assert!(
        streets[0].contains(r#""posts":[[2,"blind",100],[4,"blind",200]]"#),
        "{}",
        streets[0]
    );
    assert!(!streets[1].contains("posts"), "{}", streets[1]);
}

/// The embedded default from sign-in to round 1's winner, seats 2 and 4, four betting rounds
/// over at the table; "Key the hands shown" tapped.
fn keying_the_hands_shown(db: &std::path::Path) -> Harness<'static, deckhand::ui::DeckhandApp> {
    let mut h = real_app(db, 1024.0, 768.0, 0.25);
    open_with_seats(&mut h, deckhand::rules::games::GameId::Holdem, tap, &[2, 4]);
    for _ in 0..4 {
        tap(&mut h, "Betting over");
    }
    tap(&mut h, "Key the hands shown");
    h
}

#[test]
fn the_hands_keyed_at_the_showdown_pick_the_winner() {
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("t.sqlite");
    let mut h = keying_the_hands_shown(&db);
    let mut k = 0;
    while !ready(&h, "Show the winner") {
        tap_a_free_card(&mut h, k);
        k += 1;
        assert!(k < 20, "the showdown never fills");
    }
    assert_eq!(k, 9, "the board and two hands");
    tap(&mut h, "Show the winner");
    assert!(matches!(
        h.state().terminal().table().step(),
        Step::AwardPot { .. }
    ));
    let r = h.state().terminal().table().round.clone().unwrap();
    let shown = r
        .poker
        .as_ref()
        .unwrap()
        .result
        .as_ref()
        .unwrap()
        .shown
        .len();
    assert_eq!(shown, 2, "both hands ranked");
    assert!(!r.awards.is_empty());
    tap(&mut h, "No rake");
    drop(h);
    assert_eq!(payloads(&db, "showdown_recorded").len(), 1);
    let report = deckhand::store::replay::replay_file(&db).unwrap();
    assert!(report.divergence.is_none(), "{report}");
}

/// "Key the hands shown" is not a one-way door: after keying some cards the dealer goes back
/// to tapping the winner (the walk of issue 43 found no way back), and the cards keyed are
/// dropped, not recorded.
#[test]
fn the_dealer_goes_back_from_keying_the_hands_to_tapping_the_winner() {
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("t.sqlite");
    let mut h = keying_the_hands_shown(&db);
    for k in 0..3 {
        tap_a_free_card(&mut h, k);
    }
    h.get_by_label("Board 3/5");
    tap(&mut h, "Tap the winner");
    assert!(h.query_by_label("Show the winner").is_none());
    tap(&mut h, "Seat 4 wins");
    assert!(matches!(
        h.state().terminal().table().step(),
        Step::AwardPot { .. }
    ));
    // The cards keyed before going back are not recorded.
    drop(h);
    assert!(payloads(&db, "showdown_recorded").is_empty());
}

/// The embedded configuration with `[holdem]` edited as `edit` says.
fn parsed(edit: impl Fn(String) -> String) -> Result<deckhand::config::Config, String> {
    deckhand::config::Config::parse(&edit(deckhand::config::DEFAULT_TOML.to_string()), "t.toml")
        .map_err(|e| format!("{e:#}"))
}

#[test]
fn the_betting_stays_at_the_table_only_where_no_bet_must_be_counted() {
    use deckhand::rules::games::GameId;
    // The embedded default: fixed limit without table stakes, at the table.
    let c = parsed(|s| s).unwrap();
    assert!(c.table_setup().poker.untracked_betting);
    assert!(
        !c.table_setup_for(GameId::Crazy4Poker)
            .poker
            .untracked_betting
    );
    // No-limit keeps table stakes (§ 637a.8(b)): tracked unless told, refused if told otherwise.
    let nl = |s: String| s.replace(r#"structure = "fixed-limit""#, r#"structure = "no-limit""#);
    assert!(!parsed(nl).unwrap().table_setup().poker.untracked_betting);
    let err = parsed(|s| {
        nl(s).replace(
            "straddle_cents = 0\n",
            "straddle_cents = 0\nbetting_actions = \"untracked\"\n",
        )
    })
    .unwrap_err();
    assert!(err.contains("holdem.betting_actions"), "{err}");
    assert!(err.contains("§ 637a.8(b)"), "{err}");
    // One game of its own: Omaha tracked beside Hold'em at the table.
    let c = parsed(|s| {
        s.replace(
            "[games.crazy-4-poker]",
            "[games.omaha]\nbetting_actions = \"tracked\"\n\n[games.crazy-4-poker]",
        )
    })
    .unwrap();
    assert!(c.table_setup().poker.untracked_betting);
    assert!(!c.table_setup_for(GameId::Omaha).poker.untracked_betting);
}

/// Plays the round in play to the pot pushed with the embedded schedule's $3.00 rake; returns
/// where "Seat 2 wins" stood at the showdown.
fn play_round_at_the_table(h: &mut App) -> egui::Rect {
    let mut at = egui::Rect::NOTHING;
    while let Some(step) = hand_step(h) {
        match step {
            HandStep::Street { .. } => tap(h, "Betting over"),
            HandStep::Winners { .. } => {
                at = h.get_by_label("Seat 2 wins").rect();
                tap(h, "Seat 2 wins");
            }
            other => panic!("{other:?}"),
        }
    }
    tap(h, "Rake $3.00\n+ drops $2.00");
    at
}

#[test]
fn the_pace_shows_on_the_status_line_in_the_export_and_the_shift_report() {
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("t.sqlite");
    let mut h = real_app(&db, 1024.0, 768.0, 0.25);
    open_with_seats(
        &mut h,
        deckhand::rules::games::GameId::Holdem,
        tap,
        &[2, 4, 6],
    );
    let first = play_round_at_the_table(&mut h);
    // One round is no pace yet.
    assert!(h.query_by_label_contains("rounds/h").is_none());
    tap(&mut h, "Shuffled and cut");
    tap(&mut h, "Start round 2");
    // The button moved on; each seat's winner button keeps its place.
    let second = play_round_at_the_table(&mut h);
    assert_eq!(first, second, "Seat 2 wins moved");
    h.get_by_label_contains("rounds/h");
    assert!(
        h.state()
            .terminal()
            .pace_now()
            .is_some_and(|p| p.rounds == 2)
    );
    drop(h);
    // `deckhand export --pace`: per table, dealer and game, and the steps' waits.
    let out = std::process::Command::new(env!("CARGO_BIN_EXE_deckhand"))
        .args(["export", "--pace", "--db", db.to_str().unwrap()])
        .output()
        .unwrap();
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let csv = String::from_utf8(out.stdout).unwrap();
    assert!(
        csv.starts_with("group,rounds,rounds_per_hour,median_seconds_per_round\n"),
        "{csv}"
    );
    for line in [
        "table 12,2,",
        "dealer 20417,2,",
        "game holdem,2,",
        "street_played,8,",
        "pot_awarded,2,",
    ] {
        assert!(csv.contains(line), "{line} missing:\n{csv}");
    }
    // The shift report says the pots were not counted, and the pace.
    let today = chrono::Utc::now().date_naive();
    let mut store = deckhand::store::Store::open(&db).unwrap();
    let doc = deckhand::print::shift_report_document(
        &mut store,
        12,
        &today.to_string(),
        &today.succ_opt().unwrap().to_string(),
        Some("1001"),
    )
    .unwrap();
    let text = doc.text();
    assert!(
        text.contains(
            "Rounds completed: 2   Pots: $0.00 (2 with the betting at the table, not counted)"
        ),
        "{text}"
    );
    assert!(text.contains("Rake: $6.00"), "{text}");
    assert!(text.contains("a round (2 rounds)"), "{text}");
}

/// Action by action, each betting action is said back: the dealer sees what the tap recorded.
#[test]
fn a_tracked_betting_action_is_confirmed_in_the_message_band() {
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("t.sqlite");
    let mut h = common::ui::tracked_app(&db, 1024.0, 768.0, 0.25);
    open_with_seats(
        &mut h,
        deckhand::rules::games::GameId::Holdem,
        tap,
        &[2, 4, 6],
    );
    tap(&mut h, "Blinds posted");
    tap(&mut h, "Cards dealt");
    // The button at seat 6, the blinds at 2 and 4: seat 6 acts first.
    tap(&mut h, "Call $2.00");
    h.get_by_label("✔ Seat 6 calls $2.00.");
    tap(&mut h, "Fold");
    h.get_by_label("✔ Seat 2 folds.");
}
