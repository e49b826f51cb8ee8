//! § 637a.18(k)(3): a protected hand collected by the dealer or fouled by the discards, its
//! player not a contributor to the error, is refunded everything it put in the pot; the round
//! goes on without it, from the real start (the terminal built as `deckhand` builds it).

use crate::common;

use common::play::{open_with_seats, play_out, play_step};
use common::ui::{keys, tap};
use deckhand::rules::games::GameId;
use deckhand::rules::poker::hand::Step as HandStep;
use deckhand::rules::table::Step;
use deckhand::ui::DeckhandApp;
use egui_kittest::Harness;
use egui_kittest::kittest::Queryable;

fn put_in(h: &Harness<'static, DeckhandApp>, seat: u8) -> (i64, i64) {
    let t = h.state().terminal().table();
    let hand = t.round.as_ref().unwrap().poker.as_ref().unwrap();
    let p = hand.players.iter().find(|p| p.seat == seat).unwrap();
    (p.put_in, p.stack)
}

/// Plays the round's steps until the first betting round after the flop is under way.
fn to_the_flop_betting(h: &mut Harness<'static, DeckhandApp>) {
    let mut taps = 0;
    loop {
        let t = h.state().terminal().table();
        let on_flop = t
            .round
            .as_ref()
            .and_then(|r| r.poker.as_ref())
            .is_some_and(|p| p.board >= 3);
        if on_flop
            && matches!(
                t.step(),
                Step::Poker {
                    step: HandStep::Act { .. },
                    ..
                }
            )
        {
            return;
        }
        let at = format!("{:?}", t.step());
        assert!(play_step(h, &mut taps) && taps < 50, "{at}");
    }
}

fn report_refund(h: &mut Harness<'static, DeckhandApp>, seat: u8) {
    tap(h, "⚠ Irregularity");
    tap(h, "Hand fouled: refund from the pot  ·  §\u{a0}637a.18(k)");
    h.get_by_label(
        "Recording this refunds the player everything he put in the pot: his hand is out of the round.",
    );
    tap(h, &format!("Seat {seat}"));
    h.get_by_label_contains(&format!("Seat {seat} gets back $"));
    keys(h, "1001");
    tap(h, "PIN: ");
    keys(h, "246810");
    tap(h, "Record irregularity");
}

#[test]
fn a_collected_protected_hand_is_refunded_and_the_others_play_on() {
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("holdem.sqlite");
    let mut h = common::ui::tracked_app(&db, 1024.0, 768.0, 0.25);
    open_with_seats(&mut h, GameId::Holdem, tap, &[2, 4, 6]);
    to_the_flop_betting(&mut h);
    let (owed, stack) = put_in(&h, 4);
    assert!(owed > 0);
    let before = common::ui::kinds(&db).len();
    report_refund(&mut h, 4);
    assert_eq!(
        common::ui::kinds(&db)[before..],
        ["irregularity", "fouled_hand_refunded"]
    );
    let v: serde_json::Value =
        serde_json::from_str(&common::ui::payloads(&db, "fouled_hand_refunded")[0]).unwrap();
    assert_eq!(v["events"][0]["returned"], owed, "{v}");
    assert_eq!(put_in(&h, 4), (0, stack + owed));
    // A second report for the same hand is refused: it is out of the round.
    tap(&mut h, "⚠ Irregularity");
    tap(
        &mut h,
        "Hand fouled: refund from the pot  ·  §\u{a0}637a.18(k)",
    );
    tap(&mut h, "Seat 4");
    keys(&mut h, "1001");
    tap(&mut h, "PIN: ");
    keys(&mut h, "246810");
    tap(&mut h, "Record irregularity");
    h.get_by_label_contains("seat 4 is out of the round");
    tap(&mut h, "Back");
    tap(&mut h, "Close");
    // Seats 2 and 6 finish the round; the pot they play for holds nothing of seat 4's.
    play_out(&mut h);
    let t = h.state().terminal().table();
    assert_eq!(t.rounds_played, 1);
    let awarded: serde_json::Value =
        serde_json::from_str(common::ui::payloads(&db, "pot_awarded").last().unwrap()).unwrap();
    assert!(
        awarded["awards"]
            .as_array()
            .unwrap()
            .iter()
            .all(|a| a[0] != 4),
        "{awarded}"
    );
    let rebuilt = deckhand::store::replay::read_table(&db).unwrap();
    assert!(rebuilt == *t);
}

#[test]
fn heads_up_the_other_hand_takes_the_pot() {
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("holdem.sqlite");
    let mut h = common::ui::tracked_app(&db, 1280.0, 800.0, 0.25);
    open_with_seats(&mut h, GameId::Holdem, tap, &[2, 4]);
    to_the_flop_betting(&mut h);
    report_refund(&mut h, 2);
    let t = h.state().terminal().table();
    let hand = t.round.as_ref().unwrap().poker.as_ref().unwrap();
    assert!(hand.result.is_some(), "the pot is awarded: {:?}", t.step());
    // § 637a.18(k)(3): heads up, the refunded hand is out: the other hand (seat 4) takes the pot.
    let totals = &hand.result.as_ref().unwrap().totals;
    assert!(
        !totals.is_empty() && totals.iter().all(|(s, _)| *s == 4),
        "{totals:?}"
    );
    assert!(h.query_by_label_contains("Irregularity recorded").is_some());
}

/// The refund is an irregularity a floorperson signs: as a plain dealer's command it is refused.
#[test]
fn a_refund_is_never_a_plain_command() {
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("holdem.sqlite");
    let s = common::ui::table(3, GameId::Holdem);
    let mut t = common::ui::opened(&db, &s);
    common::poker::ok(
        &mut t,
        deckhand::rules::table::Command::StartRound {
            seats: vec![2, 4, 6],
        },
    );
    common::poker::post(&mut t);
    let e = t
        .execute(deckhand::rules::table::Command::Poker(
            deckhand::rules::poker::hand::HandCommand::RefundFouled { seat: 4 },
        ))
        .unwrap_err();
    assert!(
        e.to_string()
            .contains("signed by a floorperson (§ 637a.18(k))"),
        "{e}"
    );
    assert!(
        common::ui::kinds(&db)
            .iter()
            .all(|k| k != "fouled_hand_refunded")
    );
}

/// A raiser's hand refunded in the middle of a betting round: its raise goes back with the rest.
#[test]
fn a_refunded_raise_leaves_the_others_facing_the_largest_bet_still_in() {
    use deckhand::rules::betting_actions::{Action, ActionKind};
    use deckhand::rules::poker::hand::HandCommand;
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("holdem.sqlite");
    let s = common::ui::table(3, GameId::Holdem);
    let mut t = common::ui::opened(&db, &s);
    common::poker::ok(
        &mut t,
        deckhand::rules::table::Command::StartRound {
            seats: vec![2, 4, 6],
        },
    );
    common::poker::post(&mut t);
    common::poker::dealt(&mut t);
    // The first to act calls the big blind, the next raises; the last faces the raise.
    let (caller, _) = common::poker::to_act(&t).unwrap();
    common::poker::act(&mut t, caller, ActionKind::Call);
    let (raiser, _) = common::poker::to_act(&t).unwrap();
    common::poker::act(&mut t, raiser, ActionKind::Raise);
    let (last, options) = common::poker::to_act(&t).unwrap();
    assert!(!options.contains(&Action::Check), "{options:?}");
    let mut hand = t.table().round.clone().unwrap().poker.unwrap();
    hand.run(HandCommand::RefundFouled { seat: raiser })
        .unwrap();
    // § 637a.18(k)(3): the raise went back: the bet the others face is the largest still in
    // (the big blind, which the last seat has matched: it may check).
    match &hand.step {
        HandStep::Act { seat, options, .. } => {
            assert_eq!(*seat, last);
            assert!(options.contains(&Action::Check), "{options:?}");
        }
        other => panic!("{other:?}"),
    }
    hand.run(HandCommand::Act {
        seat: last,
        kind: ActionKind::Check,
        amount: None,
    })
    .unwrap();
    // § 637a.18(k)(3): the caller had matched the largest bet still in: not asked again; the
    // betting round is over.
    assert!(
        !matches!(hand.step, HandStep::Act { .. }),
        "{:?}",
        hand.step
    );
}
