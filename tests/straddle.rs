//! The Straddle Bet (§ 637a.11(e), § 637a.12(e), § 637a.19(e), § 637a.20(e), § 637a.21(e)),
//! from the real start: a Hold'em table whose Rules Submission offers a $4.00 straddle. The
//! player left of the last blind may post it, once a round; the betting then starts left of him
//! (§ 637a.11(g)), and he keeps the option to raise. Games without blinds never offer it.

use crate::common;

use common::play::{dealer_signs_in, first_ready, floorperson_signs};
use common::ui::{harness, tap};
use deckhand::rules::betting_actions::Action;
use deckhand::rules::games::GameId;
use deckhand::rules::poker::hand::Step as HandStep;
use deckhand::rules::table::Step;
use deckhand::ui::DeckhandApp;
use egui_kittest::Harness;
use egui_kittest::kittest::Queryable;

fn straddle_config(db: &std::path::Path) -> deckhand::config::Config {
    let mut c = common::ui::tracked_config(db);
    c.holdem.straddle_cents = 400;
    c
}

/// Signed in, `game` opened, the deck shuffled by hand, seats 2, 4 and 6 dealt in and round 1
/// started (the button on seat 6: seat 2 the small blind, seat 4 the big blind).
fn three_seats(db: &std::path::Path, game: GameId) -> Harness<'static, DeckhandApp> {
    let app = deckhand::app::build(&straddle_config(db), Default::default(), None).unwrap();
    let mut h = harness(app);
    h.run_ok();
    dealer_signs_in(&mut h, tap);
    if game != GameId::Holdem {
        tap(&mut h, game.name());
    }
    tap(&mut h, "Open table");
    tap(&mut h, "Decks inspected");
    tap(&mut h, "Floorperson verify");
    floorperson_signs(&mut h);
    tap(&mut h, "Players have inspected");
    tap(&mut h, "Decks washed");
    tap(&mut h, "Shuffled and cut");
    for s in ["Seat 2", "Seat 4", "Seat 6"] {
        tap(&mut h, s);
    }
    tap(&mut h, "Start round 1");
    h
}

fn hand_step(h: &Harness<'static, DeckhandApp>) -> HandStep {
    match h.state().terminal().table().step() {
        Step::Poker { step, .. } => step,
        other => panic!("no poker-room step: {other:?}"),
    }
}

#[test]
fn the_player_left_of_the_big_blind_straddles_and_the_betting_starts_left_of_him() {
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("straddle.sqlite");
    let mut h = three_seats(&db, GameId::Holdem);
    // Seat 6, left of the big blind, is offered the straddle beside the blinds.
    h.get_by_label("Seat 2 posts the first blind: $1.00");
    h.get_by_label("Seat 4 posts the second blind: $2.00");
    // § 637a.11(e): the configured $4.00 straddle is offered to seat 6, left of the last blind.
    tap(&mut h, "Seat 6 straddles $4.00");
    assert!(
        matches!(hand_step(&h), HandStep::Deal { .. }),
        "{:?}",
        hand_step(&h)
    );
    let dealt = first_ready(&h, &["Cards dealt", "Dealt"]).unwrap();
    tap(&mut h, dealt);
    // § 637a.11(g): the first to act is left of the straddle, and calls $4.00 less his blind.
    match hand_step(&h) {
        HandStep::Act { seat, options, .. } => {
            assert_eq!(seat, 2, "left of the straddle");
            assert!(
                options.contains(&Action::Call { amount: 300 }),
                "{options:?}"
            );
        }
        other => panic!("{other:?}"),
    }
    tap(&mut h, "Call $3.00");
    tap(&mut h, "Call $2.00");
    // The straddler has the option to raise (§ 637a.11(g)).
    match hand_step(&h) {
        HandStep::Act { seat, options, .. } => {
            assert_eq!(seat, 6);
            assert!(options.contains(&Action::Check), "{options:?}");
            assert!(
                options.iter().any(|a| matches!(a, Action::Raise { .. })),
                "{options:?}"
            );
        }
        other => panic!("{other:?}"),
    }
    let posted: Vec<String> = common::ui::payloads(&db, "bets_posted")
        .into_iter()
        .filter(|p| p.contains("straddle"))
        .collect();
    assert!(!posted.is_empty(), "the straddle is journaled");
    let rebuilt = deckhand::store::replay::read_table(&db).unwrap();
    assert!(rebuilt == *h.state().terminal().table());
}

/// Seven-card Stud has a forced bet, no blinds: no straddle is offered even when the house
/// offers one at its other games.
#[test]
fn a_game_without_blinds_offers_no_straddle() {
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("stud.sqlite");
    let h = three_seats(&db, GameId::SevenCardStud);
    assert!(h.query_by_label_contains("straddles").is_none());
    let t = h.state().terminal().table();
    let setup = t.setup.as_ref().unwrap();
    assert_eq!(
        setup.poker.straddle, 400,
        "the house's setting reaches the table"
    );
    let mut c = straddle_config(&db);
    c.holdem.straddle_cents = 100;
    let e = c.validate().unwrap_err();
    assert!(e.contains("straddle_cents"), "{e}");
}

/// Every game whose section offers the straddle (Omaha § 637a.12(e), Five-card Omaha
/// § 637a.19(e), Triple Draw § 637a.20(e), Badugi § 637a.21(e)) offers it the same way.
#[test]
fn every_game_with_blinds_offers_the_straddle() {
    let dir = tempfile::tempdir().unwrap();
    for game in [
        GameId::Omaha,
        GameId::FiveCardOmaha,
        GameId::TripleDraw27,
        GameId::Badugi,
    ] {
        let db = dir.path().join(format!("{}.sqlite", game.id()));
        let mut h = three_seats(&db, game);
        // § 637a.12(e): Omaha offers the configured $4.00 straddle to seat 6, left of the last blind (the tap fails if it is not offered).
        // § 637a.19(e): Five-card Omaha offers the configured $4.00 straddle to seat 6, left of the last blind.
        // § 637a.20(e): Triple Draw offers the configured $4.00 straddle to seat 6, left of the last blind.
        // § 637a.21(e): Badugi offers the configured $4.00 straddle to seat 6, left of the last blind.
        tap(&mut h, "Seat 6 straddles $4.00");
        let dealt = first_ready(&h, &["Cards dealt", "Dealt"]).unwrap();
        tap(&mut h, dealt);
        match hand_step(&h) {
            HandStep::Act { seat, options, .. } => {
                // § 637a.19(g): with a straddle, the first round starts left of the straddler (seat 6): seat 2.
                // § 637a.20(g): the same at Triple Draw.
                // § 637a.21(g): the same at Badugi.
                assert_eq!(seat, 2, "{}: left of the straddle", game.id());
                assert!(
                    options.contains(&Action::Call { amount: 300 }),
                    "{}: {options:?}",
                    game.id()
                );
            }
            other => panic!("{}: {other:?}", game.id()),
        }
    }
}
