//! The round's wagers: the posted limits, the side wagers the casino offers, the layout's
//! betting positions and one player's adjacent boxes, and no wager after "no more bets".
//! The round driven through the rules' decide-then-apply (`common::machine::run_round`), as the table drives it.

use crate::common::machine::{run_round, wagers};
use deckhand::rules::Cents;
use deckhand::rules::banked::round::*;
use deckhand::rules::games::GameId;
use deckhand::rules::machine::Refusal;
use deckhand::rules::registry::Dealing;

#[test]
fn the_posted_ante_limits_hold() {
    let mut r = deckhand::rules::registry::start_round(GameId::Crazy4Poker, Dealing::Hand, &[1])
        .unwrap()
        .with_limits(500, 10_000);
    let ante = |a: Cents| BankedCommand::Wagers {
        seat: 1,
        wagers: wagers(&[("ante", a)]),
    };
    let e = run_round(&mut r, &ante(400)).unwrap_err();
    assert!(e.contains("below the table minimum of $5.00"), "{e}");
    let e = run_round(&mut r, &ante(10_100)).unwrap_err();
    assert!(e.contains("above the table maximum of $100.00"), "{e}");
    assert!(r.wagers.is_empty(), "a refusal keeps nothing");
    run_round(&mut r, &ante(500)).unwrap();
    run_round(&mut r, &ante(10_000)).unwrap();
    assert_eq!(r.ante(1), 10_000);
}

/// A side wager the casino's Rules Submission leaves out is refused with its section, in
/// every game that lets the casino choose (each chapter's § x.7(d)); offered, it is taken.
#[test]
fn a_side_wager_the_casino_does_not_offer_is_refused() {
    let mut rules = deckhand::rules::banked::HouseRules::default();
    use deckhand::rules::banked::{crazy4, lunar, mstud, spanish21, thb, wpt};
    // § 647a.7(d)(2): the Texas Hold 'Em Bonus Wager, where the casino does not offer it.
    rules.edit(|g: &mut thb::Rules| {
        (
            g.five_card_bonus_offered,
            g.progressive_offered,
            g.bonus_offered,
        ) = (false, false, false)
    });
    rules.edit(|g: &mut wpt::Rules| g.trips_plus_offered = false);
    rules.edit(|g: &mut mstud::Rules| g.three_card_bonus_offered = false);
    rules.edit(|g: &mut crazy4::Rules| g.queens_up_offered = false);
    rules.edit(|g: &mut lunar::Rules| g.super_offered = false);
    rules.edit(|g: &mut spanish21::Rules| g.match_the_dealer_offered = false);
    for (game, key, section) in [
        (GameId::TexasHoldemBonus, "fchb_player", "§ 647a.7(d)(4)"),
        (GameId::TexasHoldemBonus, "fchb_dealer", "§ 647a.7(d)(4)"),
        (GameId::TexasHoldemBonus, "progressive", "§ 647a.7(d)(3)"),
        (GameId::TexasHoldemBonus, "bonus", "§ 647a.7(d)(2)"),
        (GameId::WptHeadsUp, "trips_plus", "§ 677a.7(d)(3)"),
        (
            GameId::MississippiStud,
            "three_card_bonus",
            "§ 655a.7(d)(4)",
        ),
        (GameId::Crazy4Poker, "queens_up", "§ 657a.7(d)(2)"),
        (GameId::LunarPoker, "super", "§ 589.7(c)(2)"),
        (GameId::Spanish21, "match_the_dealer", "§ 635a.6(e)"),
    ] {
        let start = || deckhand::rules::registry::start_round(game, Dealing::Hand, &[1]).unwrap();
        let mut r = start().with_offers(Some(&rules));
        assert!(!r.offers(key), "{game:?} {key}");
        let w = BankedCommand::Wagers {
            seat: 1,
            wagers: wagers(&[("ante", 1000), (key, 500)]),
        };
        let e = run_round(&mut r, &w).unwrap_err();
        // § 589.7(c): a Super Wager at a Lunar Poker table whose casino does not offer it is
        // refused, citing § 589.7(c)(2); offered (the default), it is taken (below).
        assert!(e.contains("does not offer") && e.contains(section), "{e}");
        assert!(r.wagers.is_empty(), "a refusal keeps nothing");
        // The default choices offer it.
        let mut r = start().with_offers(Some(&deckhand::rules::banked::HouseRules::default()));
        assert!(r.offers(key));
        run_round(&mut r, &w).unwrap();
    }
}

/// Each chapter's § x.7(c) (§ 589.7(d) for Lunar Poker): after "no more bets" no wager is made,
/// increased or withdrawn; only the decisions of the round are taken.
#[test]
fn no_wager_is_made_or_changed_after_no_more_bets() {
    // Spanish 21's round takes its decisions in its own steps (`spanish21::play21`).
    for game in GameId::all().filter(|g| g.is_house_banked() && *g != GameId::Spanish21) {
        let mut r = deckhand::rules::registry::start_round(game, Dealing::Hand, &[1]).unwrap();
        let ante = |a: Cents| BankedCommand::Wagers {
            seat: 1,
            wagers: wagers(&[("ante", a)]),
        };
        run_round(&mut r, &ante(1000)).unwrap();
        run_round(&mut r, &BankedCommand::NoMoreBets).unwrap();
        // § 677a.7(c): after "no more bets" (WPT among the games) an Ante is neither increased
        // nor withdrawn, and no side wager is made.
        // § 655a.7(c): at Mississippi Stud too the Ante and the Three Card Bonus are keyed only
        // before "no more bets"; afterwards only the street decisions are taken.
        // § 657a.7(c): at Crazy 4 Poker (among the games) no wager is made, increased or
        // withdrawn after "no more bets"; only the Play decision follows.
        // § 647a.7(c): at Texas Hold 'Em Bonus too no Ante or Bonus is made, increased or
        // withdrawn after "no more bets"; only the Flop, Turn and River decisions follow.
        // § 589.7(d): at Lunar Poker (among the games) the Ante and Super are keyed only before "no more bets"; none is made, increased or withdrawn after.
        for late in [ante(2000), ante(0)] {
            assert!(
                run_round(&mut r, &late).is_err(),
                "{game:?}: a wager after no more bets"
            );
        }
        let side = r
            .def()
            .spots
            .iter()
            .find(|s| !s.required && s.equals.is_none())
            .unwrap()
            .key;
        let e = run_round(
            &mut r,
            &BankedCommand::Wagers {
                seat: 1,
                wagers: wagers(&[("ante", 1000), (side, 500)]),
            },
        );
        assert!(e.is_err(), "{game:?}: a side wager after no more bets");
        assert_eq!(r.ante(1), 1000, "{game:?}");
        assert_eq!(r.wager(1, side), 0, "{game:?}");
        // The round goes on to its deal.
        assert_eq!(r.step, BankedStep::Deal, "{game:?}");
    }
}

/// A box plays only with its main wager: a side wager alone is refused (§ 677a.7(d)(1),
/// § 647a.7(d)(1), § 589.7(c)(1), § 655a.7(d)(1), § 657a.7(d)(1), § 635a.6(d)).
#[test]
fn a_side_wager_alone_is_refused() {
    for game in GameId::all().filter(|g| g.is_house_banked()) {
        let mut r =
            deckhand::rules::registry::start_round(game, Dealing::ManualShoe, &[1]).unwrap();
        let def = r.def();
        let side = def
            .spots
            .iter()
            .find(|s| !s.required && s.equals.is_none())
            .unwrap();
        let e = run_round(
            &mut r,
            &BankedCommand::Wagers {
                seat: 1,
                wagers: wagers(&[(side.key, 500)]),
            },
        )
        .unwrap_err();
        // § 589.7(c): at Lunar Poker a Super Wager alone is refused: the Ante is required to
        // be dealt in (§ 589.7).
        assert_eq!(
            e,
            Refusal::citing(
                def.sections.wagers,
                format!("seat 1: the {} is required to play", def.spots[0].label)
            ),
            "{game:?}"
        );
        assert!(r.wagers.is_empty());
    }
}

/// Each chapter's § x.2(a): the layout's betting positions, and no other.
#[test]
fn a_round_takes_only_the_layouts_betting_positions() {
    for (game, last, section) in [
        (GameId::WptHeadsUp, 6, "§ 677a.2(a)"),
        (GameId::TexasHoldemBonus, 6, "§ 647a.2(a)"),
        (GameId::LunarPoker, 5, "§ 589.2(a)"),
        (GameId::MississippiStud, 6, "§ 655a.2(a)"),
        (GameId::Crazy4Poker, 6, "§ 657a.2(a)"),
        (GameId::Spanish21, 7, "§ 635a.2(a)"),
    ] {
        deckhand::rules::registry::start_round(game, Dealing::Hand, &[1, last]).unwrap();
        for bad in [0, last + 1] {
            let e =
                deckhand::rules::registry::start_round(game, Dealing::Hand, &[1, bad]).unwrap_err();
            // § 677a.2(a): at the table a WPT round takes positions 1 to 6; a seventh is refused.
            // § 635a.2(a): a Spanish 21 round takes betting positions 1 to 7; 0 and 8 are refused.
            assert_eq!(
                e,
                format!("seat {bad}: the layout has betting positions 1 to {last} ({section})"),
            );
        }
    }
}

/// § 677a.7(e), § 635a.6(f): adjacent boxes of one player, as many as the casino allows;
/// § 647a.7(e): one position a player at Texas Hold 'Em Bonus.
#[test]
fn adjacent_boxes_of_one_player_up_to_the_limit() {
    let mut rules = deckhand::rules::banked::HouseRules::default();
    rules.edit(|g: &mut deckhand::rules::banked::wpt::Rules| g.boxes_per_player = 2);
    let mut r = deckhand::rules::registry::start_round(
        GameId::WptHeadsUp,
        Dealing::ManualShoe,
        &[1, 2, 3, 5],
    )
    .unwrap()
    .with_boxes(Some(&rules));
    let same = |r: &mut BankedRound, seat, joined| {
        run_round(r, &BankedCommand::SamePlayer { seat, joined })
    };
    same(&mut r, 2, true).unwrap();
    assert_eq!(r.player_boxes(1), vec![1, 2]);
    assert_eq!(r.player_boxes(2), vec![1, 2]);
    assert_eq!(r.player_boxes(3), vec![3]);
    let e = same(&mut r, 3, true).unwrap_err();
    assert!(
        e.contains("at most 2 adjacent boxes") && e.contains("§ 677a.7(e)"),
        "{e}"
    );
    let e = same(&mut r, 5, true).unwrap_err();
    assert!(e.contains("seat 4 is not dealt in"), "{e}");
    // Taken back, then the run 2-3 is allowed.
    same(&mut r, 2, false).unwrap();
    same(&mut r, 3, true).unwrap();
    assert_eq!(r.player_boxes(2), vec![2, 3]);
    // A box out of the round breaks the run through it.
    run_round(&mut r, &BankedCommand::SeatOut { seat: 2 }).unwrap();
    assert_eq!(r.player_boxes(3), vec![3]);

    let mut t = deckhand::rules::registry::start_round(
        GameId::TexasHoldemBonus,
        Dealing::ManualShoe,
        &[1, 2],
    )
    .unwrap()
    .with_boxes(Some(&rules));
    let e = same(&mut t, 2, true).unwrap_err();
    assert!(
        e.contains("one box only") && e.contains("§ 647a.7(e)"),
        "{e}"
    );
    // Games whose chapter is silent key each box on its own.
    let mut m = deckhand::rules::registry::start_round(
        GameId::MississippiStud,
        Dealing::ManualShoe,
        &[1, 2],
    )
    .unwrap()
    .with_boxes(Some(&rules));
    assert!(same(&mut m, 2, true).is_err());
}
