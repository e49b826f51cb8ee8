//! The Kill option (§ 637a.1, § 637a.12(b),(n)), from the real start: an Omaha Hi-Lo table
//! whose Rules Submission offers the Kill with a $4.00 qualifying pot. A player who wins a whole
//! qualifying pot makes the next round play at twice the posted limits, shown on the screen; a
//! pot split between one player's high and another's low ends it. Games without the option
//! refuse the setting.

use crate::common;

use common::play::play_step;
use common::ui::{real_config, tap};
use deckhand::config::KillOption;
use deckhand::rules::games::GameId;
use deckhand::rules::poker::hand::Step as HandStep;
use deckhand::rules::table::Step;
use deckhand::ui::DeckhandApp;
use egui_kittest::Harness;
use egui_kittest::kittest::{NodeT, Queryable};

fn kill_config(db: &std::path::Path) -> deckhand::config::Config {
    // The embedded configuration offers every game; Omaha Hi-Lo is picked at the opening.
    let mut c = real_config(db);
    c.holdem.kill = KillOption::Kill;
    c.holdem.kill_qualifying_pot_cents = 400;
    c
}

fn limit_percent(h: &Harness<'static, DeckhandApp>) -> u32 {
    h.state()
        .terminal()
        .table()
        .round
        .as_ref()
        .and_then(|r| r.poker.as_ref())
        .map(|p| p.setup.limit_percent)
        .expect("a poker-room round in play")
}

fn taps(h: &mut Harness<'static, DeckhandApp>, cards: &str) {
    for c in cards.split(' ') {
        tap(h, c);
    }
}

/// The opening bets the screen offered while the round was played.
fn bets_offered(h: &Harness<'static, DeckhandApp>) -> Vec<String> {
    h.query_all_by_role(egui::accesskit::Role::Button)
        .filter_map(|b| b.accesskit_node().label())
        .filter(|l| l.starts_with("Bet $"))
        .collect()
}

/// Plays the round in play with checks and calls to its showdown and keys it: the board, the
/// first hand shown, the second; then counts the losing hands and pushes the pot. Returns the
/// opening bets offered on the way.
fn showdown(
    h: &mut Harness<'static, DeckhandApp>,
    board: &str,
    first: &str,
    second: &str,
) -> Vec<String> {
    let mut n = 0;
    let mut bets = Vec::new();
    while !matches!(
        h.state().terminal().table().step(),
        Step::Poker {
            step: HandStep::Showdown { .. },
            ..
        }
    ) {
        bets.extend(bets_offered(h));
        assert!(
            play_step(h, &mut n),
            "{:?}",
            h.state().terminal().table().step()
        );
    }
    taps(h, board);
    taps(h, first);
    taps(h, second);
    tap(h, "Show the winner");
    while h.state().terminal().table().round.is_some() {
        assert!(
            play_step(h, &mut n),
            "{:?}",
            h.state().terminal().table().step()
        );
    }
    bets.sort();
    bets.dedup();
    bets
}

#[test]
fn a_whole_qualifying_pot_kills_the_next_round_and_a_split_pot_ends_it() {
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("kill.sqlite");
    // The smallest screen a table uses: the kill's line and the pot stay whole in the side
    // panel above its foot.
    let mut h = common::ui::app_with(&kill_config(&db), 1024.0, 768.0, 0.25);
    common::play::open_from_sign_in(&mut h, GameId::OmahaHiLo, tap);
    // Round 1 plays at the posted $2/$4 limits.
    assert_eq!(limit_percent(&h), 100);
    assert!(h.query_by_label_contains("Kill this round").is_none());
    // The first hand shown scoops: three kings high, and no low (two cards of 8 or below on
    // the board).
    let bets = showdown(&mut h, "K♠ Q♦ 7♣ 9♥ 2♠", "A♠ A♥ K♦ K♣", "3♦ 4♦ 5♣ 6♣");
    assert_eq!(bets, ["Bet $2.00", "Bet $4.00"], "the posted limits");
    let t = h.state().terminal().table();
    // § 637a.12(n): with the Kill configured, one player winning a whole qualifying pot kills
    // the next round.
    assert!(t.killed, "one player won the whole $4.00 pot");
    h.get_by_label("Kill next round: limits × 2");
    let next = t.rounds_played + 1;
    let mut n = 0;
    loop {
        match h.state().terminal().table().step() {
            Step::StartRound { .. } => break,
            Step::ShuffleManually { .. } => tap(&mut h, "Shuffled and cut"),
            other => assert!(play_step(&mut h, &mut n), "{other:?}"),
        }
    }
    // The seats of the last round are still picked.
    tap(&mut h, &format!("Start round {next}"));
    assert_eq!(limit_percent(&h), 200);
    let kill = h.get_by_label("Kill this round: limits × 2").rect();
    let pot = h.get_by_label_contains("Pot $").rect();
    let foot = h.get_by_label("Change decks").rect().min.y;
    assert!(
        kill.height() < 30.0 && kill.max.y <= pot.min.y && pot.max.y <= foot,
        "the kill {kill:?} and the pot {pot:?} above the foot at {foot}"
    );
    // Twice the limits: $4 on the flop, $8 on the turn and river. High to the first hand
    // shown, low (7-5-4-3-2) to the second: a split between two players ends the Kill.
    let bets = showdown(&mut h, "K♠ Q♦ 7♣ 3♥ 2♠", "A♠ A♥ K♦ K♣", "4♦ 5♣ J♣ J♦");
    assert_eq!(bets, ["Bet $4.00", "Bet $8.00"], "twice the posted limits");
    assert!(
        !h.state().terminal().table().killed,
        "a split pot ends the Kill"
    );
    assert!(h.query_by_label_contains("Kill next round").is_none());
    let rebuilt = deckhand::store::replay::read_table(&db).unwrap();
    assert!(rebuilt == *h.state().terminal().table());
    let report = deckhand::store::replay::replay_file(&db).unwrap();
    assert!(report.divergence.is_none(), "{report}");
}

/// The setting is refused where the game's section offers no Kill, and without its qualifying
/// pot.
#[test]
fn the_kill_setting_is_refused_where_the_game_has_none() {
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("k.sqlite");
    let mut c = kill_config(&db);
    c.table.games = vec![GameId::Holdem, GameId::Crazy4Poker];
    let e = c.validate().unwrap_err();
    assert!(
        e.contains("holdem.kill") && e.contains("§ 637a.12(b)"),
        "{e}"
    );
    let mut c = kill_config(&db);
    c.holdem.kill_qualifying_pot_cents = 0;
    let e = c.validate().unwrap_err();
    assert!(e.contains("kill_qualifying_pot_cents"), "{e}");
    let mut c = kill_config(&db);
    c.holdem.kill = KillOption::HalfKill;
    c.validate().unwrap();
    let s = c.table_setup_for(GameId::OmahaHiLo);
    assert_eq!(s.poker.kill.unwrap().limit_percent, 150);
    // A game offered at the same terminal without the option plays without it.
    assert!(c.table_setup().poker.kill.is_none(), "Hold'em has no Kill");
}
