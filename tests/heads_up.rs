//! Heads-up as rooms deal it (issue 41): with two players the button posts the small blind,
//! acts first before the flop and last after it, in `deckhand hand` and at the table from
//! sign-in; the ten-handed rule read literally stays a setting, and a table opened before the
//! setting existed replays as it was dealt.

use crate::common;

use common::play::open_with_seats;
use common::ui::{tap, tracked_config};
use deckhand::rules::games::GameId;
use deckhand::rules::poker::hand::Step as HandStep;
use deckhand::rules::table::Step;
use egui_kittest::kittest::Queryable;

/// `deckhand hand` on a heads-up No-Limit Hold'em round: the button (seat 1) and seat 3, both
/// checking or calling to the river.
fn heads_up(small_blind: Option<&str>) -> serde_json::Value {
    let rule = small_blind.map_or(String::new(), |r| {
        format!(r#""heads_up_small_blind": "{r}","#)
    });
    let input = format!(
        r#"{{"game": "holdem", "structure": {{"structure": "no-limit", "min": 200}},
            "blinds": [100, 200], "button": 1, {rule}
            "seats": [{{"seat": 1, "stake": 20000}}, {{"seat": 3, "stake": 20000}}],
            "actions": []}}"#
    );
    serde_json::to_value(deckhand::rules::poker::hand_check::check(&input).unwrap()).unwrap()
}

#[test]
fn heads_up_the_button_posts_the_small_blind_and_acts_first_before_the_flop() {
    let out = heads_up(None);
    assert_eq!(
        out["posted"],
        serde_json::json!([[1, "blind", 100], [3, "blind", 200]]),
        "{out}"
    );
    assert_eq!(out["first"]["seat"], 1, "{out}");
    // The ten-handed rule read literally, where the Rules Submission says so.
    let literal = heads_up(Some("left-of-button"));
    assert_eq!(
        literal["posted"],
        serde_json::json!([[3, "blind", 100], [1, "blind", 200]]),
        "{literal}"
    );
    assert_eq!(literal["first"]["seat"], 3, "{literal}");
}

/// From sign-in at 1024×768, a heads-up round action by action: round 1's button is the
/// highest seat dealt in (§ 637a.11(c)(1)(i)), seat 4; it posts the small blind and acts first;
/// on the flop seat 2 acts first.
#[test]
fn at_the_table_the_button_posts_the_small_blind_heads_up() {
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("hu.sqlite");
    let mut h = common::ui::app_with(&tracked_config(&db), 1024.0, 768.0, 0.25);
    open_with_seats(&mut h, GameId::Holdem, tap, &[2, 4]);
    h.get_by_label("Seat 4 posts the first blind: $1.00");
    h.get_by_label("Seat 2 posts the second blind: $2.00");
    tap(&mut h, "Blinds posted");
    tap(&mut h, "Cards dealt");
    let to_act = |h: &egui_kittest::Harness<'_, deckhand::ui::DeckhandApp>| match h
        .state()
        .terminal()
        .table()
        .step()
    {
        Step::Poker {
            step: HandStep::Act { seat, .. },
            ..
        } => seat,
        other => panic!("{other:?}"),
    };
    assert_eq!(to_act(&h), 4, "the button acts first before the flop");
    tap(&mut h, "Call $1.00");
    tap(&mut h, "Check");
    tap(&mut h, "Flop dealt");
    assert_eq!(to_act(&h), 2, "the button acts last after it");
}

/// A table opened before the setting existed has no such field in its journal: it replays with
/// the player left of the button on the small blind, as it was dealt.
#[test]
fn a_table_opened_before_the_setting_keeps_its_blinds() {
    let c = tracked_config(std::path::Path::new("unused.sqlite"));
    let setup = c.table_setup();
    assert!(setup.poker.heads_up_button_small_blind);
    let mut v = serde_json::to_value(&setup).unwrap();
    v.as_object_mut()
        .unwrap()
        .remove("heads_up_button_small_blind")
        .expect("the field is journaled with the table's setup");
    let old: deckhand::rules::table::TableSetup = serde_json::from_value(v).unwrap();
    assert!(!old.poker.heads_up_button_small_blind);
}

/// § 637a.18(e): the player initiating the final bet shows first. Heads-up, the button limps,
/// the big blind (seat 3) moves all in and is called: the flop, turn and river are dealt with
/// nobody left to bet, so seat 3's all-in stays the final bet and seat 3 shows first (the walk
/// of issue 41 found the button shown first, the first to act before the flop).
#[test]
fn after_an_all_in_the_player_who_made_it_shows_first() {
    let input = r#"{"game": "holdem", "structure": {"structure": "no-limit", "min": 200},
        "blinds": [100, 200], "button": 1,
        "seats": [{"seat": 1, "stake": 20000}, {"seat": 3, "stake": 8000}],
        "actions": [{"seat": 1, "action": "call"}, {"seat": 3, "action": "all-in"},
                    {"seat": 1, "action": "call"}]}"#;
    let (_, hand) = deckhand::rules::poker::hand_check::check_round(input).unwrap();
    assert_eq!(
        hand.step,
        HandStep::Showdown { order: vec![3, 1] },
        "{:?}",
        hand.events
    );
}

/// § 637a.18(e) in a draw game: Triple Draw, seat 2 raises all in before the first draw and seat
/// 4 calls all in, so nobody bets after the draws. Seat 2's raise stays the final bet through
/// the three draws, and seat 2 shows first.
#[test]
fn after_an_all_in_before_the_draws_its_maker_shows_first() {
    let draw = |s: u8| format!(r#"{{"seat": {s}, "action": "draw", "cards": 1}}"#);
    let draws = [2, 4, 7].map(draw).join(", ");
    let input = format!(
        r#"{{"game": "triple-draw-2-7", "structure": {{"structure": "fixed-limit", "small": 200, "big": 400}},
        "blinds": [100, 200], "max_raises": 3, "button": 7,
        "seats": [{{"seat": 2, "stake": 400}}, {{"seat": 4, "stake": 400}}, {{"seat": 7, "stake": 10000}}],
        "actions": [{{"seat": 7, "action": "call"}}, {{"seat": 2, "action": "raise", "to": 400}},
                    {{"seat": 4, "action": "call"}}, {{"seat": 7, "action": "call"}},
                    {draws}, {draws}, {draws}]}}"#
    );
    let (_, hand) = deckhand::rules::poker::hand_check::check_round(&input).unwrap();
    assert_eq!(
        hand.step,
        HandStep::Showdown {
            order: vec![2, 4, 7]
        },
        "{:?}",
        hand.events
    );
}
