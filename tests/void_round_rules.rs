//! A void round that still settles some wagers (§ 677a.13(a),(d), § 647a.13(a),(d)), and a
//! seat whose wagers are lost during the round (§ x.7(b), § 655a.11(a)(3)): the round driven
//! through the rules' decide-then-apply (`common::machine::run_round`), as the table drives it.

use crate::common::machine::{run_round, wagers};
use deckhand::rules::Cents;
use deckhand::rules::banked::House;
use deckhand::rules::banked::lunar::lunar_steps::LunarCommand;
use deckhand::rules::banked::round::*;
use deckhand::rules::cards::parse_cards;
use deckhand::rules::games::GameId;
use deckhand::rules::registry::Dealing;

/// § 677a.13(a),(d): which wagers a void WPT round still settles, when, and the casino's
/// choice for a Trips Plus whose board is not out.
#[test]
fn a_void_wpt_round_keeps_the_side_wagers_the_section_names() {
    let mut r =
        deckhand::rules::registry::start_round(GameId::WptHeadsUp, Dealing::ManualShoe, &[1, 2])
            .unwrap();
    run_round(
        &mut r,
        &BankedCommand::Wagers {
            seat: 1,
            wagers: wagers(&[("ante", 500), ("pocket_bonus", 100), ("trips_plus", 100)]),
        },
    )
    .unwrap();
    run_round(
        &mut r,
        &BankedCommand::Wagers {
            seat: 2,
            wagers: wagers(&[("ante", 500)]),
        },
    )
    .unwrap();
    let house = House::default_for(GameId::WptHeadsUp).unwrap();
    let exposed = "wpt-dealer-card-exposed";
    // Still taking wagers, then dealing: no hand to settle yet.
    assert_eq!(r.void_settles(exposed, Some(&house)), None);
    run_round(&mut r, &BankedCommand::NoMoreBets).unwrap();
    assert_eq!(r.void_settles(exposed, Some(&house)), None);
    run_round(&mut r, &BankedCommand::Dealt).unwrap();
    let v = r.void_settles(exposed, Some(&house)).unwrap();
    assert_eq!(v.wagers, ["pocket_bonus", "trips_plus"]);
    assert_eq!(
        (v.dealer, v.board, v.section.as_str()),
        (false, true, "§ 677a.13(d)")
    );
    let face_up = r.void_settles("wpt-cards-face-up", Some(&house)).unwrap();
    // § 677a.13(a): cards face up after everyone has two void the round but still settle the Pocket Bonus, nothing else.
    assert_eq!(face_up.wagers, ["pocket_bonus"]);
    assert!(!face_up.board);
    assert_eq!(r.void_settles("banked-wrong-number", Some(&house)), None);
    // § 677a.13(d) settles the Trips Plus: no setting returns it.
    let refused = serde_json::from_str::<deckhand::rules::banked::wpt::Rules>(
        r#"{"trips_plus_on_void": "return"}"#,
    )
    .unwrap_err()
    .to_string();
    assert!(refused.contains("§ 677a.13(d)"), "{refused}");
    // Without the table's paytables nothing is kept (every wager returned).
    assert_eq!(r.void_settles(exposed, None), None);
    // A round where nobody placed a kept wager returns everything.
    let mut bare =
        deckhand::rules::registry::start_round(GameId::WptHeadsUp, Dealing::ManualShoe, &[1])
            .unwrap();
    run_round(
        &mut bare,
        &BankedCommand::Wagers {
            seat: 1,
            wagers: wagers(&[("ante", 500)]),
        },
    )
    .unwrap();
    run_round(&mut bare, &BankedCommand::NoMoreBets).unwrap();
    run_round(&mut bare, &BankedCommand::Dealt).unwrap();
    assert_eq!(bare.void_settles(exposed, Some(&house)), None);
    // A game whose chapter keeps nothing.
    let mut c4 =
        deckhand::rules::registry::start_round(GameId::Crazy4Poker, Dealing::ManualShoe, &[1])
            .unwrap();
    run_round(
        &mut c4,
        &BankedCommand::Wagers {
            seat: 1,
            wagers: wagers(&[("ante", 500), ("queens_up", 500)]),
        },
    )
    .unwrap();
    run_round(&mut c4, &BankedCommand::NoMoreBets).unwrap();
    run_round(&mut c4, &BankedCommand::Dealt).unwrap();
    assert_eq!(
        c4.void_settles("banked-dealer-card-exposed", Some(&house)),
        None
    );
    // § 647a.13(a),(d): Texas Hold 'Em Bonus keeps the Bonus Wager, with the dealer's cards.
    let mut thb =
        deckhand::rules::registry::start_round(GameId::TexasHoldemBonus, Dealing::ManualShoe, &[1])
            .unwrap();
    run_round(
        &mut thb,
        &BankedCommand::Wagers {
            seat: 1,
            wagers: wagers(&[("ante", 500), ("bonus", 500)]),
        },
    )
    .unwrap();
    run_round(&mut thb, &BankedCommand::NoMoreBets).unwrap();
    run_round(&mut thb, &BankedCommand::Dealt).unwrap();
    let thb_house = House::default_for(GameId::TexasHoldemBonus).unwrap();
    for (id, section) in [
        ("thb-dealer-card-exposed", "§ 647a.13(d)"),
        ("thb-cards-face-up", "§ 647a.13(a)"),
    ] {
        let v = thb.void_settles(id, Some(&thb_house)).unwrap();
        assert_eq!(v.wagers, ["bonus"]);
        assert_eq!(
            (v.dealer, v.board, v.section.as_str()),
            (true, false, section)
        );
    }
}

/// § 655a.7(b), § 655a.11(a)(3): a player who leaves mid-round, or shares information about his
/// hand, loses every wager he made; his hand takes no further part and the others play on. A
/// heads-up player leaving ends the round at the settlement, with nothing to key.
#[test]
fn a_seat_whose_wagers_are_lost_plays_no_further_and_every_wager_loses() {
    let c = |s: &str| parse_cards(s).unwrap();
    let lost = |section: &str| Lost {
        section: section.into(),
        why: "The player left the table during the round".into(),
        options_fee: false,
    };
    let mut m = deckhand::rules::registry::start_round(
        GameId::MississippiStud,
        Dealing::ManualShoe,
        &[2, 4],
    )
    .unwrap();
    for s in [2, 4] {
        run_round(
            &mut m,
            &BankedCommand::Wagers {
                seat: s,
                wagers: wagers(&[("ante", 500), ("three_card_bonus", 200)]),
            },
        )
        .unwrap();
    }
    // Before the cards are out a seat is taken out, not forfeited.
    let e = m
        .apply(&BankedEvent::WagersLost {
            seat: 2,
            lost: lost("§ 655a.7(b)"),
            stakes: vec![],
        })
        .unwrap_err();
    assert!(e.contains("take the seat out"), "{e}");
    run_round(&mut m, &BankedCommand::NoMoreBets).unwrap();
    run_round(&mut m, &BankedCommand::Dealt).unwrap();
    run_round(
        &mut m,
        &BankedCommand::Decide {
            seat: 2,
            multiple: 1,
        },
    )
    .unwrap();
    assert_eq!(m.step, BankedStep::Decide { phase: 0, seat: 4 });
    // Seat 4 is the one to decide and shares his cards: the step moves on without him.
    m.apply(&BankedEvent::WagersLost {
        seat: 4,
        lost: Lost {
            section: "§ 655a.11(a)".into(),
            why: "The player shared information about his hand".into(),
            options_fee: false,
        },
        stakes: vec![],
    })
    .unwrap();
    assert_eq!(m.step, BankedStep::Reveal { phase: 0 });
    // A row whose amounts are not what the layout held is refused on replay.
    let mut other = m.clone();
    let e = other
        .apply(&BankedEvent::WagersLost {
            seat: 2,
            lost: lost("§ 655a.7(b)"),
            stakes: vec![("ante".into(), 1)],
        })
        .unwrap_err();
    assert!(e.contains("the layout holds"), "{e}");
    let e = m
        .apply(&BankedEvent::WagersLost {
            seat: 4,
            lost: lost("§ 655a.7(b)"),
            stakes: vec![],
        })
        .unwrap_err();
    assert!(e.contains("already lost"), "{e}");
    run_round(&mut m, &BankedCommand::Revealed).unwrap();
    // Only seat 2 decides the later streets.
    assert_eq!(m.step, BankedStep::Decide { phase: 1, seat: 2 });
    for _ in 0..2 {
        run_round(
            &mut m,
            &BankedCommand::Decide {
                seat: 2,
                multiple: 1,
            },
        )
        .unwrap();
        run_round(&mut m, &BankedCommand::Revealed).unwrap();
    }
    assert_eq!(m.step, BankedStep::Cards);
    assert!(!m.needs_cards(
        4,
        Some(&House::default_for(GameId::MississippiStud).unwrap())
    ));
    run_round(
        &mut m,
        &BankedCommand::keyed(vec![(2, c("As Ah"))], vec![], c("Ad 7c 2s")),
    )
    .unwrap();
    let s = m.settlement.clone().expect("settled");
    let four: Vec<_> = s.results.iter().filter(|w| w.seat == 4).collect();
    assert_eq!(four.len(), 2, "{four:?}");
    for w in &four {
        assert_eq!(w.result, deckhand::rules::banked::Outcome::Lose);
        assert_eq!(w.net, -w.stake);
        assert_eq!(w.section, "§ 655a.11(a)");
    }
    let stakes: Cents = four.iter().map(|w| w.stake).sum();
    assert_eq!(
        stakes,
        500 + 200,
        "the Ante and the 3 Card Bonus: he had not bet yet"
    );
    // Seat 2's three aces win as they would have.
    assert!(s.results.iter().any(|w| w.seat == 2 && w.net > 0));
    assert_eq!(
        s.totals.players + s.totals.house + s.totals.meters,
        0,
        "{:?}",
        s.totals
    );

    // Heads-up: the only player leaves after his Raise; nothing is left to deal or key.
    let mut w =
        deckhand::rules::registry::start_round(GameId::WptHeadsUp, Dealing::ManualShoe, &[3])
            .unwrap();
    run_round(
        &mut w,
        &BankedCommand::Wagers {
            seat: 3,
            wagers: wagers(&[("ante", 1000), ("pocket_bonus", 500)]),
        },
    )
    .unwrap();
    run_round(&mut w, &BankedCommand::NoMoreBets).unwrap();
    run_round(&mut w, &BankedCommand::Dealt).unwrap();
    run_round(
        &mut w,
        &BankedCommand::Decide {
            seat: 3,
            multiple: 2,
        },
    )
    .unwrap();
    w.apply(&BankedEvent::WagersLost {
        seat: 3,
        lost: lost("§ 677a.7(b)"),
        stakes: vec![],
    })
    .unwrap();
    assert_eq!(w.step, BankedStep::Cards);
    assert!(w.ready_to_settle(Some(&House::default_for(GameId::WptHeadsUp).unwrap())));
    let s = w
        .settle(&House::default_for(GameId::WptHeadsUp).unwrap())
        .unwrap();
    assert_eq!(s.totals.house, 1000 + 1000 + 500 + 2000);
    assert_eq!(s.totals.players, -(1000 + 1000 + 500 + 2000));
    // A void after it returns nothing of his: it was collected.
    assert!(w.refunds().is_empty());
}

/// A seat whose wagers were lost takes no part in what a later void still settles: its Pocket
/// Bonus is collected once, as lost, not also settled by the paytable (§ 677a.7(b),
/// § 677a.13(d)); at Lunar Poker its Options fee is lost and no card is asked for its draw.
#[test]
fn a_lost_seat_is_left_out_of_a_void_settlement_and_a_draw() {
    let c = |s: &str| parse_cards(s).unwrap();
    let lost = Lost {
        section: "§ 677a.7(b)".into(),
        why: "The player left the table during the round".into(),
        options_fee: false,
    };
    let mut r =
        deckhand::rules::registry::start_round(GameId::WptHeadsUp, Dealing::ManualShoe, &[1, 2])
            .unwrap();
    for s in [1, 2] {
        run_round(
            &mut r,
            &BankedCommand::Wagers {
                seat: s,
                wagers: wagers(&[("ante", 1000), ("pocket_bonus", 500)]),
            },
        )
        .unwrap();
    }
    run_round(&mut r, &BankedCommand::NoMoreBets).unwrap();
    run_round(&mut r, &BankedCommand::Dealt).unwrap();
    r.apply(&BankedEvent::WagersLost {
        seat: 1,
        lost: lost.clone(),
        stakes: vec![],
    })
    .unwrap();
    let house = House::default_for(GameId::WptHeadsUp).unwrap();
    let settles = r
        .void_settles("wpt-dealer-card-exposed", Some(&house))
        .expect("seat 2's Pocket Bonus is still settled");
    r.apply(&BankedEvent::VoidSettling { settles }).unwrap();
    assert!(
        !r.needs_cards(1, Some(&house)),
        "the lost seat's hand is gone"
    );
    assert!(r.needs_cards(2, Some(&house)));
    run_round(
        &mut r,
        &BankedCommand::keyed(vec![(2, c("As Ad"))], vec![], c("2c 7d 9h Js 4c")),
    )
    .unwrap();
    let s = r.settlement.clone().unwrap();
    let one: Vec<_> = s
        .results
        .iter()
        .filter(|w| w.seat == 1 && w.wager == "pocket-bonus")
        .collect();
    assert_eq!(one.len(), 1, "{one:?}");
    assert_eq!(one[0].result, deckhand::rules::banked::Outcome::Lose);

    // Lunar Poker: seat 1 buys a sixth card, then leaves.
    let mut l =
        deckhand::rules::registry::start_round(GameId::LunarPoker, Dealing::Hand, &[1, 2]).unwrap();
    for s in [1, 2] {
        run_round(
            &mut l,
            &BankedCommand::Wagers {
                seat: s,
                wagers: wagers(&[("ante", 500)]),
            },
        )
        .unwrap();
    }
    run_round(&mut l, &BankedCommand::NoMoreBets).unwrap();
    run_round(&mut l, &BankedCommand::Dealt).unwrap();
    run_round(
        &mut l,
        &BankedCommand::from(LunarCommand::Draw {
            seat: 1,
            kind: DrawKind::Buy,
        }),
    )
    .unwrap();
    l.apply(&BankedEvent::WagersLost {
        seat: 1,
        lost: Lost {
            section: "§ 589.7(b)".into(),
            ..lost
        },
        stakes: vec![],
    })
    .unwrap();
    assert!(
        l.lunar().draws.is_empty(),
        "no card is dealt for the abandoned draw"
    );
    assert!(l.lost[&1].options_fee);
    // The settlement adds each of the seat's stakes as losing (`add_lost`): the Options fee
    // among them.
    let stakes = l.lost_stakes(1);
    assert!(
        stakes.contains(&("options-fee".to_string(), 500)),
        "{stakes:?}"
    );
}
