//! A whole round of every poker-room game through the real screen, by labels: whatever step the
//! game's procedure is at, the test taps what a dealer would (forced bets in, dealt with the up
//! cards keyed, check or call, stands pat, the cards shown, the count, the push) and then reads
//! the journal. The house-banked games have their own rounds in `tests/ui_banked.rs`.

mod common;

use common::ui::{harness, ready, tap};
use deckhand::rules::betting::Action;
use deckhand::rules::cards::Card;
use deckhand::rules::games::GameId;
use deckhand::rules::poker::hand::Step as HandStep;
use deckhand::rules::table::Step;
use deckhand::store::{ChainStatus, Store};
use deckhand::ui::DeckhandApp;
use egui_kittest::Harness;
use egui_kittest::kittest::{NodeT, Queryable};

/// Taps the first card of the grid still enabled (not yet in play).
fn tap_a_free_card(h: &mut Harness<'_, DeckhandApp>) {
    for i in 0..52 {
        let name = Card::from_index(i).unwrap().pretty();
        let free = h
            .query_by_label(&name)
            .is_some_and(|n| !n.accesskit_node().is_disabled());
        if free {
            tap(h, &name);
            return;
        }
    }
    panic!("no free card on the grid");
}

/// The first of `labels` on the screen and enabled.
fn first_ready(h: &Harness<'_, DeckhandApp>, labels: &[&'static str]) -> Option<&'static str> {
    labels.iter().copied().find(|l| ready(h, l))
}

fn check_or_call(options: &[Action]) -> String {
    options
        .iter()
        .find_map(|a| match a {
            Action::Check => Some("Check".to_string()),
            Action::Call { amount } => Some(format!("Call {}", deckhand::rules::money(*amount))),
            _ => None,
        })
        .expect("a check or a call is offered")
}

#[test]
fn every_poker_room_game_plays_a_round_on_the_screen() {
    let mut played = 0;
    for game in GameId::all() {
        let id = game.id();
        if game.is_house_banked() {
            continue;
        }
        let dir = tempfile::tempdir().unwrap();
        let db = dir.path().join(format!("{id}.sqlite"));
        let setup = common::ui::table(8, game);
        // The opening through the dealer's commands (the opening screens have their own tests).
        let term = common::ui::opened(&db, &setup);
        let mut h = harness(DeckhandApp::new(term, setup, None));
        h.run_ok();
        for seat in ["Seat 2", "Seat 4", "Seat 7"] {
            tap(&mut h, seat);
        }
        tap(&mut h, "Start round 1");
        let mut guard = 0;
        loop {
            guard += 1;
            assert!(
                guard < 400,
                "{id}: the round does not end: {:?} {:?}",
                h.state().terminal().table().step(),
                h.query_by_label_contains("⚠").map(|n| format!("{n:?}"))
            );
            let step = h.state().terminal().table().step();
            match step {
                Step::Poker { step, .. } => match step {
                    HandStep::PostForced { .. } => {
                        let label = first_ready(&h, &["Blinds posted", "Forced bets in"]);
                        tap(&mut h, label.expect("the forced bets' button"));
                    }
                    HandStep::Deal { .. } => {
                        // Stud's up cards and a common card are keyed before "Dealt".
                        const DEALT: [&str; 5] = [
                            "Dealt",
                            "Cards dealt",
                            "Flop dealt",
                            "Turn dealt",
                            "River dealt",
                        ];
                        while first_ready(&h, &DEALT).is_none() {
                            tap_a_free_card(&mut h);
                        }
                        let label = first_ready(&h, &DEALT).unwrap();
                        tap(&mut h, label);
                    }
                    HandStep::Discard { .. } => tap(&mut h, "Discarded"),
                    HandStep::Act { options, .. } => tap(&mut h, &check_or_call(&options)),
                    HandStep::Draw { .. } => tap(&mut h, "Stands pat"),
                    HandStep::Showdown { .. } => {
                        // The board (if any), then each hand in the order shown.
                        while !ready(&h, "Show the winner") {
                            tap_a_free_card(&mut h);
                        }
                        tap(&mut h, "Show the winner");
                    }
                    other => panic!("{id}: unexpected {other:?}"),
                },
                Step::CountLosingHands { .. } => tap(&mut h, "Count is right"),
                Step::AwardPot { .. } => tap(&mut h, "Pot pushed"),
                Step::ShuffleManually { .. } | Step::StartRound { .. } => break,
                other => panic!("{id}: unexpected step {other:?}"),
            }
        }
        drop(h);
        let store = Store::open(&db).unwrap();
        let rows = store.all_rows().unwrap();
        let kinds: Vec<&str> = rows.iter().map(|r| r.kind.as_str()).collect();
        assert!(kinds.contains(&"round_started"), "{id}: {kinds:?}");
        assert!(kinds.contains(&"losing_hands_counted"), "{id}: {kinds:?}");
        let award = rows
            .iter()
            .find(|r| r.kind == "pot_awarded")
            .unwrap_or_else(|| panic!("{id}: no pot awarded: {kinds:?}"));
        assert_eq!(award.table_no, Some(8), "{id}");
        assert!(
            matches!(store.verify_chain().unwrap(), ChainStatus::Intact { .. }),
            "{id}"
        );
        played += 1;
    }
    assert_eq!(played, 18, "every poker-room game id");
}
