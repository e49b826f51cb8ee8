//! An automated dealing shoe that reshuffles the cards itself may dispense the community cards
//! before the players' stacks (§ 677a.10(g), § 647a.10(g)); the casino says so with
//! `[table] shoe_dispenses_board_first`. From the real start: the deal step says to place the
//! board face down first, and each reveal turns its cards face up with no burn.

use crate::common;

use common::play::{open_from_sign_in, play_out};
use common::ui::{keys, tap};
use deckhand::rules::games::GameId;
use deckhand::rules::registry::Dealing;
use egui_kittest::kittest::Queryable;

fn config(db: &std::path::Path) -> deckhand::config::Config {
    let mut c = common::ui::real_config(db);
    c.table.dealing = Dealing::AutomatedShoe;
    c.table.shoe_dispenses_board_first = true;
    c
}

#[test]
fn a_wpt_board_dispensed_first_is_turned_face_up_street_by_street() {
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("wpt.sqlite");
    let app = deckhand::app::build(&config(&db), Default::default(), None).unwrap();
    let mut h = common::ui::harness_with_dt(app, 1024.0, 768.0, 0.25);
    h.run_ok();
    common::ui::settle(&mut h);
    open_from_sign_in(&mut h, GameId::WptHeadsUp, tap);
    for seat in [2, 4] {
        tap(&mut h, &format!("Wagers of seat {seat}"));
        tap(&mut h, &format!("Seat {seat} Ante: —"));
        keys(&mut h, "10");
    }
    tap(&mut h, "No more bets");
    h.get_by_label_contains("The shoe dispenses the 5 community cards first: place them face down in the community area. Then deliver the stacks it dispenses");
    h.get_by_label("§ 677a.10(g)");
    tap(&mut h, "Cards dealt");
    tap(&mut h, "Check"); // seat 2
    tap(&mut h, "Check"); // seat 4
    h.get_by_label("Turn the flop face up (§ 677a.10(g), § 677a.11(c))");
    assert!(h.query_by_label_contains("Burn a card").is_none());
    tap(&mut h, "Done");
    tap(&mut h, "Check");
    tap(&mut h, "Check");
    h.get_by_label("Turn the turn card and the river card face up (§ 677a.10(g), § 677a.11(e))");
    play_out(&mut h);
    assert_eq!(h.state().terminal().table().rounds_played, 1);
    let rebuilt = deckhand::store::replay::read_table(&db).unwrap();
    assert!(rebuilt == *h.state().terminal().table());
}

#[test]
fn only_an_automated_dealing_shoe_dispenses_the_board_first() {
    let dir = tempfile::tempdir().unwrap();
    let mut c = config(&dir.path().join("x.sqlite"));
    c.table.dealing = Dealing::ManualShoe;
    let e = c.validate().unwrap_err();
    assert!(
        e.contains("shoe_dispenses_board_first") && e.contains("§ 677a.10(g)"),
        "{e}"
    );
    // Texas Hold 'Em Bonus turns each street up; a game whose chapter says nothing of it
    // (Crazy 4 Poker, no board) deals as usual.
    let thb = deckhand::rules::banked::round::Def::of(GameId::TexasHoldemBonus).unwrap();
    assert!(thb.deals_board_first(Dealing::AutomatedShoe, true));
    assert!(!thb.deals_board_first(Dealing::ManualShoe, true));
    assert_eq!(
        thb.reveal_text(0, true),
        "Turn the flop face up (§ 647a.10(g))"
    );
    assert_eq!(thb.reveal_text(0, false), "Burn a card and deal the flop");
    // A board dispensed first burns nothing: the stub the dealer counts is that much larger
    // (§ 677a.10(d),(g)).
    let round = |first| {
        deckhand::rules::banked::round::BankedRound::start(
            GameId::WptHeadsUp,
            Dealing::AutomatedShoe,
            &[1, 2],
        )
        .unwrap()
        .with_board_first(first)
        .stub_expected()
    };
    assert_eq!(round(true), 52 - 2 * 2 - 2 - 5);
    assert_eq!(
        round(false),
        52 - 2 * 2 - 2 - 5 - 2,
        "two burns (§ 677a.11(c),(e))"
    );
    let c4 = deckhand::rules::banked::round::Def::of(GameId::Crazy4Poker).unwrap();
    assert!(!c4.deals_board_first(Dealing::AutomatedShoe, true));
}
