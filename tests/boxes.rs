//! One player on several boxes, from the real start (the terminal built as `deckhand` builds
//! it): the dealer keys adjacent boxes as one player's, as many as the casino's Rules Submission
//! allows (§ 635a.6(f), § 677a.7(e)); Texas Hold 'Em Bonus allows one position a player
//! (§ 647a.7(e)). A player who leaves loses the wagers of every box he played.

use crate::common;
use crate::common::machine::given;

use common::play::{open_with_seats, play_out};
use common::ui::{keys, tap};
use deckhand::rules::games::GameId;
use deckhand::ui::DeckhandApp;
use egui_kittest::Harness;
use egui_kittest::kittest::Queryable;

fn wager(h: &mut Harness<'static, DeckhandApp>, seat: u8, spot: &str, amount: &str) {
    tap(h, &format!("Wagers of seat {seat}"));
    tap(h, &format!("Seat {seat} {spot}: —"));
    keys(h, amount);
}

fn rows(db: &std::path::Path, kind: &str) -> Vec<serde_json::Value> {
    common::ui::payloads(db, kind)
        .iter()
        .map(|p| serde_json::from_str(p).unwrap())
        .collect()
}

#[test]
fn a_spanish_21_player_plays_two_adjacent_boxes_and_no_more() {
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("s21.sqlite");
    let mut h = common::ui::real_app(&db, 1024.0, 768.0, 0.25);
    open_with_seats(&mut h, GameId::Spanish21, tap, &[1, 2, 3, 5]);
    // The rule as the casino chose it, on the wager screen.
    h.get_by_label("One player, at most 2 adjacent boxes (§ 635a.6(f))");
    // Seat 1 has no box to its left.
    assert!(h.query_by_label_contains("Same player as seat 0").is_none());
    tap(&mut h, "Wagers of seat 2");
    tap(&mut h, "Same player as seat 1");
    assert!(common::ui::banked_round(&h).joined.contains(&2));
    // A third box for the same player is refused with the section.
    tap(&mut h, "Wagers of seat 3");
    tap(&mut h, "Same player as seat 2");
    h.get_by_label_contains(
        "A player may wager on at most 2 adjacent boxes in a round (§ 635a.6(f))",
    );
    // Seat 5's left neighbour is not dealt in: no such button.
    tap(&mut h, "Wagers of seat 5");
    assert!(h.query_by_label_contains("Same player as seat 4").is_none());
    for seat in [1, 2, 3, 5] {
        wager(&mut h, seat, "Spanish 21", "10");
    }
    tap(&mut h, "No more bets");
    let joined = rows(&db, "same_player");
    assert_eq!(joined.len(), 1, "{joined:?}");
    assert_eq!(joined[0]["seat"], 2);
    assert_eq!(joined[0]["joined"], true);
    play_out(&mut h);
    assert_eq!(h.state().terminal().table().rounds_played, 1);
    let rebuilt = deckhand::store::replay::read_table(&db).unwrap();
    assert!(rebuilt == *h.state().terminal().table());
}

/// § 635a.6(f): the number of adjacent boxes is the casino's Rules Submission's: three boxes
/// where it allows three, one where it allows one.
#[test]
fn a_spanish_21_player_plays_as_many_adjacent_boxes_as_the_casino_allows() {
    use deckhand::rules::banked::HouseRules;
    use deckhand::rules::banked::round::{BankedCommand, BankedEvent};
    let start = |rules: &HouseRules| {
        deckhand::rules::registry::start_round(
            GameId::Spanish21,
            deckhand::rules::registry::Dealing::ManualShoe,
            &[1, 2, 3, 4],
        )
        .unwrap()
        .with_boxes(Some(rules))
    };
    // Decided and applied as the table does, through the rules' one shape.
    let house = deckhand::rules::banked::House::default_for(GameId::Spanish21).unwrap();
    let same = |seat, joined| BankedCommand::SamePlayer { seat, joined };
    let mut rules = HouseRules::default();
    // § 635a.6(f): three allowed: seats 1 to 3 are one player's, a fourth box is refused.
    rules.edit(|g: &mut deckhand::rules::banked::spanish21::Rules| g.boxes_per_player = 3);
    // The legality query the wager screen draws "Same player as seat N" from.
    use deckhand::rules::banked::round::SamePlayerChoice as Choice;
    let fresh = start(&rules);
    assert_eq!(fresh.same_player_choice(2), Choice::WithSeat(1));
    assert_eq!(fresh.same_player_choice(1), Choice::NoBoxToTheLeft);
    let r = given(start(&rules), &[])
        .when(&same(2, true), Some(&house))
        .then(&[BankedEvent::SamePlayer {
            seat: 2,
            joined: true,
        }]);
    let joined = given(
        r,
        &[vec![BankedEvent::SamePlayer {
            seat: 3,
            joined: true,
        }]],
    );
    assert_eq!(joined.machine().player_boxes(1), vec![1, 2, 3]);
    joined
        .when(&same(4, true), Some(&house))
        .refused("§ 635a.6(f)", "at most 3 adjacent boxes");
    // One allowed: no second box.
    rules.edit(|g: &mut deckhand::rules::banked::spanish21::Rules| g.boxes_per_player = 1);
    assert_eq!(start(&rules).same_player_choice(2), Choice::NotOffered);
    given(start(&rules), &[])
        .when(&same(2, true), Some(&house))
        .refused("§ 635a.6(f)", "one box only");
}

#[test]
fn texas_holdem_bonus_allows_one_position_a_player() {
    one_position_a_player(GameId::TexasHoldemBonus, "§ 647a.7(e)");
}

/// "A player may not wager on more than one player position" at Mississippi Stud (§ 655a.7(e)),
/// Lunar Poker (§ 589.7(e)) and Crazy 4 Poker (§ 657a.7(e)), as at Texas Hold 'Em Bonus: the
/// wager screen says so and offers no second box, and the rules refuse one.
#[test]
fn mississippi_stud_lunar_and_crazy_4_allow_one_position_a_player() {
    for (game, section) in [
        (GameId::MississippiStud, "§ 655a.7(e)"),
        (GameId::LunarPoker, "§ 589.7(e)"),
        (GameId::Crazy4Poker, "§ 657a.7(e)"),
    ] {
        one_position_a_player(game, section);
        let r = deckhand::rules::registry::start_round(
            game,
            deckhand::rules::registry::Dealing::Hand,
            &[1, 2],
        )
        .unwrap();
        assert_eq!(
            r.same_player_choice(2),
            deckhand::rules::banked::round::SamePlayerChoice::NotOffered,
            "{}",
            game.id()
        );
        let house = deckhand::rules::banked::House::default_for(game).unwrap();
        let e = r
            .decide(
                &deckhand::rules::banked::round::BankedCommand::SamePlayer {
                    seat: 2,
                    joined: true,
                },
                Some(&house),
            )
            .unwrap_err();
        assert!(e.contains(section), "{}: {e}", game.id());
    }
}

fn one_position_a_player(game: GameId, section: &str) {
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("one.sqlite");
    let mut h = common::ui::real_app(&db, 1280.0, 800.0, 0.25);
    open_with_seats(&mut h, game, tap, &[1, 2]);
    h.get_by_label(&format!("One player, one box ({section})"));
    tap(&mut h, "Wagers of seat 2");
    assert!(h.query_by_label_contains("Same player as seat 1").is_none());
}

#[test]
fn a_wpt_player_on_two_boxes_who_leaves_loses_both() {
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("wpt.sqlite");
    let mut h = common::ui::real_app(&db, 1280.0, 800.0, 0.25);
    open_with_seats(&mut h, GameId::WptHeadsUp, tap, &[1, 2, 4]);
    h.get_by_label("One player, at most 2 adjacent boxes (§ 677a.7(e))");
    tap(&mut h, "Wagers of seat 2");
    tap(&mut h, "Same player as seat 1");
    for seat in [1, 2, 4] {
        wager(&mut h, seat, "Ante", "10");
    }
    tap(&mut h, "No more bets");
    tap(&mut h, "Cards dealt");
    tap(&mut h, "⚠ Irregularity");
    tap(
        &mut h,
        "The player left the table during the round  ·  §\u{a0}677a.7(b)",
    );
    tap(&mut h, "Seat 2");
    h.get_by_label("Seats 1 and 2 are one player's boxes: every wager on each is lost.");
    keys(&mut h, "1001");
    tap(&mut h, "PIN: ");
    keys(&mut h, "246810");
    tap(&mut h, "Record irregularity");
    let lost: Vec<_> = rows(&db, "wagers_lost")
        .iter()
        .map(|r| r["seat"].as_u64().unwrap())
        .collect();
    assert_eq!(lost, [1, 2], "both of the player's boxes");
    // Seat 4 plays on: it is the one to decide.
    h.get_by_label("Seat 4 decides");
    play_out(&mut h);
    let s: serde_json::Value = rows(&db, "round_settled")[0]["settlement"].clone();
    let collected: i64 = s["results"]
        .as_array()
        .unwrap()
        .iter()
        .filter(|r| r["seat"] != 4)
        .map(|r| r["net"].as_i64().unwrap())
        .sum();
    assert_eq!(
        collected,
        -(2 * (1000 + 1000)),
        "Ante and Odds of both boxes"
    );
}

/// WPT's number of adjacent boxes a player may wager on is the casino's setting: three allows
/// a run of three, one allows no second box.
#[test]
fn the_wpt_boxes_per_player_setting_sets_the_limit() {
    use deckhand::rules::banked::HouseRules;
    use deckhand::rules::banked::round::{BankedCommand, BankedRound};
    use deckhand::rules::registry::Dealing;
    let round = |seats: &[u8], limit: u8| {
        let mut rules = HouseRules::default();
        rules.edit(|g: &mut deckhand::rules::banked::wpt::Rules| g.boxes_per_player = limit);
        deckhand::rules::registry::start_round(GameId::WptHeadsUp, Dealing::ManualShoe, seats)
            .unwrap()
            .with_boxes(Some(&rules))
    };
    // Decided and applied as the table does.
    let house = deckhand::rules::banked::House::default_for(GameId::WptHeadsUp).unwrap();
    let same = |r: &mut BankedRound, seat, joined| -> Result<(), String> {
        for e in r.decide(&BankedCommand::SamePlayer { seat, joined }, Some(&house))? {
            r.apply(&e)?;
        }
        Ok(())
    };
    // § 677a.7(e): `boxes_per_player = 3`: seats 1 to 3 are one player's.
    let mut r3 = round(&[1, 2, 3, 4], 3);
    same(&mut r3, 2, true).unwrap();
    same(&mut r3, 3, true).unwrap();
    assert_eq!(r3.player_boxes(1), vec![1, 2, 3]);
    let e = same(&mut r3, 4, true).unwrap_err();
    assert!(
        e.contains("at most 3 adjacent boxes") && e.contains("§ 677a.7(e)"),
        "{e}"
    );
    // § 677a.7(e): `boxes_per_player = 1`: no second box.
    let mut r1 = round(&[1, 2], 1);
    let e = same(&mut r1, 2, true).unwrap_err();
    assert!(
        e.contains("one box only") && e.contains("§ 677a.7(e)"),
        "{e}"
    );
}
