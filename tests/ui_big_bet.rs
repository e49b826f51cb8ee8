//! No-limit and pot-limit through the screen (issue 22), from the real start: the terminal built
//! as `deckhand` builds it (`deckhand::app::build`, the embedded configuration with the table's
//! structure set), the dealer signs in, opens the table, keys each player's table stakes as he
//! sits down, and plays a round with the amounts keyed on the keypad or taken from the quick
//! choices. Stakes carry to the next round; the journal rebuilds the same table.

use crate::common;

use common::play::{floorperson_signs, play_step};
use common::ui::{harness, keys, settle, tap};
use deckhand::rules::Cents;
use deckhand::rules::betting_actions::Action;
use deckhand::rules::games::GameId;
use deckhand::rules::poker::hand::HandEvent;
use deckhand::rules::table::StructureKind;
use egui_kittest::kittest::Queryable;

fn config(db: &std::path::Path) -> deckhand::config::Config {
    let mut c = common::ui::real_config(db);
    // No rake or contributions: every chip put in goes back to a player's stakes.
    c.holdem.rake_percent = 0;
    c.jackpots.bad_beat_per_pot_cents = 0;
    c.jackpots.high_hand_per_pot_cents = 0;
    c
}

type H = egui_kittest::Harness<'static, deckhand::ui::DeckhandApp>;

fn open(h: &mut H, game: GameId) {
    h.run_ok();
    common::ui::sign_in_alex(h);
    if game != GameId::Holdem {
        tap(h, game.name());
    }
    tap(h, "Open table");
    tap(h, "Decks inspected");
    tap(h, "Floorperson verify");
    floorperson_signs(h);
    tap(h, "Players have inspected");
    tap(h, "Decks washed");
    tap(h, "Shuffled and cut");
}

/// No-limit Hold'em from sign-in on a `w`×`h` screen, the table opened and shuffled.
fn no_limit_holdem(db: &std::path::Path, w: f32, h: f32) -> H {
    let mut c = config(db);
    c.holdem.structure = StructureKind::NoLimit;
    c.holdem.max_raises = 0;
    let app = deckhand::app::build(&c, Default::default(), None).unwrap();
    let mut hs = common::ui::harness_sized(app, w, h);
    open(&mut hs, GameId::Holdem);
    hs
}

/// Each player sits down with his chips: the seat on the map, the dollars on the keypad.
fn sit(h: &mut H, stakes: &[(u8, &str)]) {
    tap(h, "Table stakes…");
    for (seat, dollars) in stakes {
        tap(h, &format!("Seat {seat}"));
        keys(h, dollars);
        let d: Cents = dollars.parse().unwrap();
        tap(
            h,
            &format!("Seat {seat} sits down: {}", deckhand::rules::money(d * 100)),
        );
    }
    tap(h, "Done");
}

fn stakes(h: &H) -> Vec<(u8, Cents)> {
    h.state()
        .terminal()
        .table()
        .stakes
        .iter()
        .map(|(s, c)| (*s, *c))
        .collect()
}

fn acted(h: &H) -> Vec<(u8, Action, bool)> {
    let t = h.state().terminal().table();
    let hand = t.round.as_ref().and_then(|r| r.poker.as_ref()).unwrap();
    hand.events
        .iter()
        .filter_map(|e| match e {
            HandEvent::Acted {
                seat,
                action,
                all_in,
            } => Some((*seat, *action, *all_in)),
            _ => None,
        })
        .collect()
}

/// Plays the rest of the round (checks, calls, cards, the push) and checks the journal.
fn finish(h: &mut H, db: &std::path::Path) {
    let mut taps = 0;
    while play_step(h, &mut taps) {
        assert!(taps < 200, "{:?}", h.state().terminal().table().step());
    }
    let rebuilt = deckhand::store::replay::read_table(db).unwrap();
    assert!(
        rebuilt == *h.state().terminal().table(),
        "the journal rebuilds another table"
    );
    let report = deckhand::store::replay::replay_file(db).unwrap();
    assert!(report.divergence.is_none(), "{report}");
}

#[test]
fn no_limit_holdem_with_two_short_all_ins_from_sign_in() {
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("nl.sqlite");
    let mut h = no_limit_holdem(&db, 1280.0, 800.0);
    // A player with $3 cannot be dealt in: the blind and one minimum bet are $4 (§ 637a.8(b)(4)).
    sit(
        &mut h,
        &[(1, "200"), (2, "200"), (3, "9"), (4, "8"), (5, "3")],
    );
    assert_eq!(
        stakes(&h),
        vec![(1, 20000), (2, 20000), (3, 900), (4, 800), (5, 300)]
    );
    // Seats 1 to 4 were picked as they sat down with enough; seat 5 tapped in is refused.
    tap(&mut h, "Seat 5");
    tap(&mut h, "Start round 1");
    h.get_by_label_contains("needs at least $4.00");
    assert!(h.state().terminal().table().round.is_none());
    tap(&mut h, "Seat 5 ✔");
    tap(&mut h, "Start round 1");
    let t = h.state().terminal().table();
    let r = t.round.as_ref().expect("round 1 started");
    assert_eq!(r.seats, vec![1, 2, 3, 4]);
    // The button starts at the highest seat: seat 1 the small blind, seat 2 the big blind,
    // seat 3 first to act.
    assert_eq!(r.button, 4);
    tap(&mut h, "Blinds posted");
    tap(&mut h, "Cards dealt");
    // The side panel: what each seat put in, what it has left, then what it is.
    h.get_by_label("Seat 2 · $2.00 · $198.00 left · blind");
    h.get_by_label("Seat 3 · $9.00 left");
    // Seat 3 raises to $6 on the keypad: the range is shown before the dealer keys.
    h.get_by_label_contains("raise to $4.00 at least, $9.00 at most");
    tap(&mut h, "Raise…");
    keys(&mut h, "6");
    tap(&mut h, "Raise to $6.00");
    // Seat 4 goes all-in for $8: $2 above the $6, short of a full raise of $4.
    tap(&mut h, "Raise…");
    tap(&mut h, "All-in $8.00");
    // Seat 1 (the small blind) calls; seat 2 raises to $20: the least raise is still $4 above
    // the $8 (the short all-in did not change it), to $12.
    tap(&mut h, "Call $7.00");
    tap(&mut h, "Raise…");
    h.get_by_label("Least $12.00");
    // An amount under the least, not all-in: refused with the reason, nothing recorded.
    keys(&mut h, "10");
    tap(&mut h, "Raise to $10.00");
    h.get_by_label_contains("The least raise is to $12.00");
    assert_eq!(acted(&h).len(), 3);
    tap(&mut h, "Clear");
    keys(&mut h, "20");
    // The player said "raise to twenty" and put in a different stack of chips: the dealer
    // marks it announced; it binds and the chips are corrected to it (§ 637a.8(c),(d)).
    tap(&mut h, "Announced");
    tap(&mut h, "Raise to $20.00");
    let acts = common::ui::payloads(&db, "player_acted");
    assert!(
        acts.last().unwrap().contains("\"event\":\"announced\""),
        "{}",
        acts.last().unwrap()
    );
    // Seat 3 has $3 left: its call is all-in, short of the $20.
    tap(&mut h, "Call $3.00 · all-in");
    // Seat 4 is all-in: seat 1 next. It already acted and the bet grew by a full raise, so it
    // may call or raise; it calls.
    tap(&mut h, "Call $12.00");
    let a = acted(&h);
    assert_eq!(
        a,
        vec![
            (
                3,
                Action::Raise {
                    amount: 600,
                    to: 600
                },
                false
            ),
            (
                4,
                Action::Raise {
                    amount: 800,
                    to: 800
                },
                true
            ),
            (1, Action::Call { amount: 700 }, false),
            (
                2,
                Action::Raise {
                    amount: 1800,
                    to: 2000
                },
                false
            ),
            (3, Action::Call { amount: 300 }, true),
            (1, Action::Call { amount: 1200 }, false),
        ]
    );
    finish(&mut h, &db);
    // Chips conserved at the table; the stakes carry into round 2.
    let after = stakes(&h);
    assert_eq!(
        after.iter().map(|s| s.1).sum::<Cents>(),
        20000 + 20000 + 900 + 800 + 300
    );
    assert_eq!(
        after.iter().find(|s| s.0 == 5).unwrap().1,
        300,
        "seat 5 was not dealt in"
    );
    // The pots as awarded: $32 for all four, $3 for seats 1 to 3, $22 for seats 1 and 2.
    let awarded = common::ui::payloads(&db, "showdown_recorded");
    let last: serde_json::Value = serde_json::from_str(awarded.last().unwrap()).unwrap();
    let pots: Vec<i64> = last["events"][0]["result"]["pots"]
        .as_array()
        .unwrap()
        .iter()
        .map(|p| p["amount"].as_i64().unwrap())
        .collect();
    let mut sorted = pots.clone();
    sorted.sort_unstable();
    assert_eq!(sorted, vec![300, 2200, 3200], "{last}");
    // The round's start records each seat's stakes; each sitting down is its own row.
    let started = common::ui::payloads(&db, "round_started");
    assert!(
        started[0].contains("\"stakes\":[[1,20000],[2,20000],[3,900],[4,800]]"),
        "{}",
        started[0]
    );
    assert_eq!(common::ui::payloads(&db, "stake_added").len(), 5);
    // Chips are added only between rounds: the next round's screen offers it again, and a
    // player adds chips there.
    settle(&mut h);
    if common::ui::ready(&h, "Shuffled and cut") {
        tap(&mut h, "Shuffled and cut");
    }
    tap(&mut h, "Table stakes…");
    let s3 = after.iter().find(|s| s.0 == 3).unwrap().1;
    tap(&mut h, &format!("Seat 3\n{}", deckhand::rules::money(s3)));
    keys(&mut h, "50");
    tap(&mut h, "Add $50.00 to seat 3");
    assert_eq!(stakes(&h).iter().find(|s| s.0 == 3).unwrap().1, s3 + 5000);
    // Seat 5 steps away: the floorperson counts his stakes on the pad; back, he checks them.
    tap(&mut h, "Seat 5\n$3.00");
    tap(&mut h, "Seat 5 steps away");
    common::play::sign_pad(&mut h, "1001", "246810");
    h.get_by_label_contains("Seat 5 stepped away: stakes $3.00 counted by Dana Brooks (1001)");
    tap(&mut h, "Seat 5 away\n$3.00");
    tap(&mut h, "Seat 5 is back");
    common::play::sign_pad(&mut h, "1001", "246810");
    h.get_by_label_contains("Seat 5 is back: stakes $3.00 checked by Dana Brooks (1001)");
    let rebuilt = deckhand::store::replay::read_table(&db).unwrap();
    assert_eq!(rebuilt.stakes, h.state().terminal().table().stakes);
    assert!(rebuilt.away.is_empty());
    assert_eq!(common::ui::payloads(&db, "seat_away").len(), 1);
}

#[test]
fn pot_limit_omaha_with_a_pot_sized_re_raise_from_sign_in() {
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("plo.sqlite");
    let mut c = config(&db);
    // Fixed-limit Hold'em beside Pot-Limit Omaha: the game's own structure.
    c.games.entry(GameId::Omaha).or_default().structure = Some(StructureKind::PotLimit);
    c.holdem.max_raises = 3;
    let app = deckhand::app::build(&c, Default::default(), None).unwrap();
    let mut h = harness(app);
    open(&mut h, GameId::Omaha);
    sit(&mut h, &[(1, "300"), (2, "300"), (3, "300")]);
    tap(&mut h, "Start round 1");
    assert_eq!(
        h.state().terminal().table().round.as_ref().unwrap().button,
        3
    );
    tap(&mut h, "Blinds posted");
    tap(&mut h, "Cards dealt");
    // Seat 3 raises the pot: $1 + $2 + the $2 call = $5 above the $2: to $7.
    tap(&mut h, "Raise…");
    tap(&mut h, "Pot $7.00");
    // Seat 1 faces $7 with $1 in: the pot is $10, $16 after its $6 call: to $23 at most.
    tap(&mut h, "Raise…");
    keys(&mut h, "24");
    tap(&mut h, "Raise to $24.00");
    h.get_by_label_contains("Pot limit: seat 1 may raise to $23.00 at most");
    tap(&mut h, "Pot $23.00");
    tap(&mut h, "Fold");
    tap(&mut h, "Call $16.00");
    let a = acted(&h);
    assert_eq!(
        a[0],
        (
            3,
            Action::Raise {
                amount: 700,
                to: 700
            },
            false
        )
    );
    assert_eq!(
        a[1],
        (
            1,
            Action::Raise {
                amount: 2200,
                to: 2300
            },
            false
        )
    );
    finish(&mut h, &db);
    assert_eq!(stakes(&h).iter().map(|s| s.1).sum::<Cents>(), 90000);
}

/// The table-stakes keypad stays where the finger is while players sit down: each seat's
/// button takes a second line with its stakes, and nothing under the seats moves (a walk of
/// issue 43 saw the keypad move down 6, then 9 pixels, at 1024×768).
#[test]
fn the_table_stakes_keypad_stays_in_place_as_players_sit_down() {
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("keypad.sqlite");
    let mut h = no_limit_holdem(&db, 1024.0, 768.0);
    tap(&mut h, "Table stakes…");
    tap(&mut h, "Seat 1");
    let at = |h: &H| h.get_by_label("7").rect();
    let before = at(&h);
    for (seat, dollars) in [(1, "200"), (6, "150"), (2, "9")] {
        tap(&mut h, &format!("Seat {seat}"));
        keys(&mut h, dollars);
        let d: Cents = dollars.parse().unwrap();
        tap(
            &mut h,
            &format!("Seat {seat} sits down: {}", deckhand::rules::money(d * 100)),
        );
        assert_eq!(at(&h), before, "after seat {seat} sat down");
    }
}

/// A sit-down the rules refuse (above the table's posted most) ticks no seat for the next
/// round; one they take with enough to be dealt in does (a walk of issue 43 found the refused
/// seat ticked, and "Start round" then refused).
#[test]
fn a_refused_sit_down_ticks_no_seat() {
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("refused.sqlite");
    let mut h = no_limit_holdem(&db, 1280.0, 800.0);
    tap(&mut h, "Table stakes…");
    tap(&mut h, "Seat 5");
    keys(&mut h, "99999");
    tap(&mut h, "Seat 5 sits down: $99,999.00");
    h.get_by_label_contains("The posted most on the table is");
    tap(&mut h, "Seat 2");
    keys(&mut h, "200");
    tap(&mut h, "Seat 2 sits down: $200.00");
    tap(&mut h, "Done");
    assert_eq!(stakes(&h), vec![(2, 20000)]);
    h.get_by_label("Seat 2 ✔");
    h.get_by_label("Seat 5");
    assert!(
        h.query_by_label("Seat 5 ✔").is_none(),
        "the refused seat is ticked"
    );
}
