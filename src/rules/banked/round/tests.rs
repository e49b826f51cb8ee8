//! The round's own rules, command by command.

use super::*;
use crate::rules::cards::parse_cards;

/// Lunar Poker's lock-in, draws, declarations and force.
#[path = "lunar_round_tests.rs"]
mod lunar_round;

fn wagers(list: &[(&str, Cents)]) -> BTreeMap<String, Cents> {
    list.iter().map(|(k, v)| (k.to_string(), *v)).collect()
}

#[test]
fn crazy_4_round_builds_the_settlement_input() {
    let mut r = BankedRound::start(GameId::Crazy4Poker, Dealing::Hand, &[1, 3, 6]).unwrap();
    r.run(&BankedCommand::Wagers {
        seat: 1,
        wagers: wagers(&[("ante", 1000), ("queens_up", 500)]),
    })
    .unwrap();
    // The Super Bonus follows the Ante (§ 657a.7); a different one is refused.
    assert_eq!(r.wagers[&1]["super_bonus"], 1000);
    let e = r
        .run(&BankedCommand::Wagers {
            seat: 3,
            wagers: wagers(&[("ante", 1000), ("super_bonus", 500)]),
        })
        .unwrap_err();
    assert!(e.contains("must equal the Ante"), "{e}");
    let e = r
        .run(&BankedCommand::Wagers {
            seat: 3,
            wagers: wagers(&[("queens_up", 500)]),
        })
        .unwrap_err();
    assert!(e.contains("Ante is required"), "{e}");
    r.run(&BankedCommand::Wagers {
        seat: 3,
        wagers: wagers(&[("ante", 1000)]),
    })
    .unwrap();
    // Seat 6 placed nothing: "No more bets" asks for its wager or takes it out, never drops
    // it silently.
    let e = r.run(&BankedCommand::NoMoreBets).unwrap_err();
    assert!(
        e.contains("seat 6 was dealt in and has no wager: key its wager, or take seat 6 out"),
        "{e}"
    );
    let e = r.run(&BankedCommand::SeatOut { seat: 3 }).unwrap_err();
    assert!(e.contains("seat 3 has a wager"), "{e}");
    r.run(&BankedCommand::SeatOut { seat: 6 }).unwrap();
    r.run(&BankedCommand::NoMoreBets).unwrap();
    assert_eq!(r.seats, vec![1, 3]);
    r.run(&BankedCommand::Dealt).unwrap();
    assert_eq!(r.step, BankedStep::Decide { phase: 0, seat: 1 });
    let e = r
        .run(&BankedCommand::Decide {
            seat: 1,
            multiple: 4,
        })
        .unwrap_err();
    assert!(e.contains("§ 657a.11"), "{e}");
    r.run(&BankedCommand::Decide {
        seat: 1,
        multiple: 3,
    })
    .unwrap();
    r.run(&BankedCommand::Decide {
        seat: 3,
        multiple: 0,
    })
    .unwrap();
    assert_eq!(r.step, BankedStep::Reveal { phase: 0 });
    r.run(&BankedCommand::Revealed).unwrap();
    assert_eq!(r.step, BankedStep::Cards);
    let c = |s: &str| parse_cards(s).unwrap();
    let dup = r
        .run(&BankedCommand::keyed(
            vec![(1, c("Ac Ad Ah As 2d")), (3, c("Ac 9h 6s 4h 3h"))],
            c("Kc 9d 7h 4s 2c"),
            vec![],
        ))
        .unwrap_err();
    assert!(dup.contains("already in play"), "{dup}");
    r.run(&BankedCommand::keyed(
        vec![(1, c("Ac Ad Ah As 2d")), (3, c("Jc 9h 6s 4h 3h"))],
        c("Kc 9d 7h 4s 2c"),
        vec![],
    ))
    .unwrap();
    let input = r.settle_input(&BTreeMap::new());
    assert_eq!(input["seats"][0]["play"], 3000);
    assert_eq!(input["seats"][1]["play"], 0);
    assert_eq!(input["dealer"], "Kc 9d 7h 4s 2c");
    assert_eq!(r.refunds(), vec![(1, 1000 + 1000 + 500 + 3000), (3, 2000)]);
}

#[test]
fn the_posted_ante_limits_hold() {
    let mut r = BankedRound::start(GameId::Crazy4Poker, Dealing::Hand, &[1])
        .unwrap()
        .with_limits(500, 10_000);
    let ante = |a: Cents| BankedCommand::Wagers {
        seat: 1,
        wagers: wagers(&[("ante", a)]),
    };
    let e = r.run(&ante(400)).unwrap_err();
    assert!(e.contains("below the table minimum of $5.00"), "{e}");
    let e = r.run(&ante(10_100)).unwrap_err();
    assert!(e.contains("above the table maximum of $100.00"), "{e}");
    assert!(r.wagers.is_empty(), "a refusal keeps nothing");
    r.run(&ante(500)).unwrap();
    r.run(&ante(10_000)).unwrap();
    assert_eq!(r.ante(1), 10_000);
}

/// A side wager the casino's Rules Submission leaves out is refused with its section, in
/// every game that lets the casino choose (each chapter's § x.7(d)); offered, it is taken.
#[test]
fn a_side_wager_the_casino_does_not_offer_is_refused() {
    let mut rules = crate::rules::banked::HouseRules::default();
    use crate::rules::banked::{crazy4, lunar, mstud, spanish21, thb, wpt};
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
        let start = || BankedRound::start(game, Dealing::Hand, &[1]).unwrap();
        let mut r = start().with_offers(Some(&rules));
        assert!(!r.offers(key), "{game:?} {key}");
        let w = BankedCommand::Wagers {
            seat: 1,
            wagers: wagers(&[("ante", 1000), (key, 500)]),
        };
        let e = r.run(&w).unwrap_err();
        // § 589.7(c): a Super Wager at a Lunar Poker table whose casino does not offer it is
        // refused, citing § 589.7(c)(2); offered (the default), it is taken (below).
        assert!(e.contains("does not offer") && e.contains(section), "{e}");
        assert!(r.wagers.is_empty(), "a refusal keeps nothing");
        // The default choices offer it.
        let mut r = start().with_offers(Some(&crate::rules::banked::HouseRules::default()));
        assert!(r.offers(key));
        r.run(&w).unwrap();
    }
}

/// Each chapter's § x.7(c) (§ 589.7(d) for Lunar Poker): after "no more bets" no wager is made,
/// increased or withdrawn; only the decisions of the round are taken.
#[test]
fn no_wager_is_made_or_changed_after_no_more_bets() {
    // Spanish 21's round takes its decisions in its own steps (`spanish21::play`).
    for game in GameId::all().filter(|g| g.is_house_banked() && *g != GameId::Spanish21) {
        let mut r = BankedRound::start(game, Dealing::Hand, &[1]).unwrap();
        let ante = |a: Cents| BankedCommand::Wagers {
            seat: 1,
            wagers: wagers(&[("ante", a)]),
        };
        r.run(&ante(1000)).unwrap();
        r.run(&BankedCommand::NoMoreBets).unwrap();
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
                r.run(&late).is_err(),
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
        let e = r.run(&BankedCommand::Wagers {
            seat: 1,
            wagers: wagers(&[("ante", 1000), (side, 500)]),
        });
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
        let mut r = BankedRound::start(game, Dealing::ManualShoe, &[1]).unwrap();
        let def = r.def();
        let side = def
            .spots
            .iter()
            .find(|s| !s.required && s.equals.is_none())
            .unwrap();
        let e = r
            .run(&BankedCommand::Wagers {
                seat: 1,
                wagers: wagers(&[(side.key, 500)]),
            })
            .unwrap_err();
        // § 589.7(c): at Lunar Poker a Super Wager alone is refused: the Ante is required to
        // be dealt in (§ 589.7).
        assert_eq!(
            e,
            format!(
                "seat 1: the {} is required to play ({})",
                def.spots[0].label, def.sections.wagers
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
        BankedRound::start(game, Dealing::Hand, &[1, last]).unwrap();
        for bad in [0, last + 1] {
            let e = BankedRound::start(game, Dealing::Hand, &[1, bad]).unwrap_err();
            // § 677a.2(a): at the table a WPT round takes positions 1 to 6; a seventh is refused.
            // § 635a.2(a): a Spanish 21 round takes betting positions 1 to 7; 0 and 8 are refused.
            assert_eq!(
                e,
                format!("seat {bad}: the layout has betting positions 1 to {last} ({section})"),
            );
        }
    }
}

/// Each chapter's deal instructions (§ x.8(d), § x.9(b), § x.10(b)): clockwise from the player
/// farthest to the dealer's left, the cards each place gets, under the section of the method.
#[test]
fn the_deal_instruction_names_the_method_and_the_cards_each_place_gets() {
    let cases = [
        (
            GameId::WptHeadsUp,
            Dealing::AutomatedShoe,
            "§ 677a.10",
            "Deliver the stacks the automated dealing shoe dispenses, clockwise from the player farthest to your left: 2 cards face down to each player and 2 to the dealer; 5 community cards come later.",
        ),
        (
            GameId::TexasHoldemBonus,
            Dealing::AutomatedShoe,
            "§ 647a.10",
            "Deliver the stacks the automated dealing shoe dispenses, clockwise from the player farthest to your left: 2 cards face down to each player and 2 to the dealer; 5 community cards come later.",
        ),
        (
            GameId::MississippiStud,
            Dealing::ManualShoe,
            "§ 655a.8",
            "From the manual dealing shoe, one card at a time clockwise from the player farthest to your left: 2 cards face down to each player, then 3 community cards face down.",
        ),
        (
            GameId::MississippiStud,
            Dealing::Hand,
            "§ 655a.9",
            "From the hand, one card at a time clockwise from the player farthest to your left: 2 cards face down to each player, then 3 community cards face down.",
        ),
        (
            GameId::Crazy4Poker,
            Dealing::ManualShoe,
            "§ 657a.8",
            "From the manual dealing shoe, one card at a time clockwise from the player farthest to your left: 5 cards face down to each player and 5 to the dealer.",
        ),
        (
            GameId::Crazy4Poker,
            Dealing::Hand,
            "§ 657a.9",
            "From the hand, one card at a time clockwise from the player farthest to your left: 5 cards face down to each player and 5 to the dealer.",
        ),
        (
            GameId::Crazy4Poker,
            Dealing::AutomatedShoe,
            "§ 657a.10",
            "Deliver the stacks the automated dealing shoe dispenses, clockwise from the player farthest to your left: 5 cards face down to each player and 5 to the dealer.",
        ),
    ];
    for (game, dealing, section, text) in cases {
        let (s, t) = Def::of(game).unwrap().deal_text(dealing);
        assert_eq!(s, section, "{game:?} {dealing:?}");
        // § 677a.10(b): WPT's automated-shoe step: the two-card stacks face down clockwise from
        // the player farthest to the left, then the dealer's two, under § 677a.10.
        // § 655a.8(d): Mississippi Stud from the manual shoe: clockwise from the player farthest
        // to the left, two cards face down to each player, then three community cards face down.
        // § 655a.9(b): the same from the hand, under § 655a.9.
        // § 657a.8(d): Crazy 4 Poker from the manual shoe: one card at a time clockwise from the
        // player farthest to the left, five face down to each player and five to the dealer.
        // § 657a.9(b): the same from the hand, under § 657a.9.
        // § 657a.10(b): from the automated shoe, its stacks delivered clockwise from the player
        // farthest to the left, then the dealer's, under § 657a.10.
        // § 647a.10(b): Texas Hold 'Em Bonus's automated-shoe step: the stacks face down clockwise
        // from the player farthest to the left, then the dealer's two, under § 647a.10.
        assert!(t.starts_with(text), "{game:?} {dealing:?}: {t}");
    }
}

#[test]
fn wpt_raises_once_and_mississippi_stops_at_the_fold() {
    let mut r = BankedRound::start(GameId::WptHeadsUp, Dealing::ManualShoe, &[1, 2]).unwrap();
    for s in [1, 2] {
        r.run(&BankedCommand::Wagers {
            seat: s,
            wagers: wagers(&[("ante", 500)]),
        })
        .unwrap();
    }
    r.run(&BankedCommand::NoMoreBets).unwrap();
    r.run(&BankedCommand::Dealt).unwrap();
    let d = |r: &mut BankedRound, seat, multiple| {
        r.run(&BankedCommand::Decide { seat, multiple }).unwrap()
    };
    // § 677a.11(b): up to three times the Ante; a 4× is refused, not kept for settlement
    // to refuse.
    let e = r
        .run(&BankedCommand::Decide {
            seat: 1,
            multiple: 4,
        })
        .unwrap_err();
    assert!(e.contains("§ 677a.11"), "{e}");
    d(&mut r, 1, 3); // seat 1 raises 3× pre-flop: no later decisions
    d(&mut r, 2, 0);
    r.run(&BankedCommand::Revealed).unwrap();
    assert_eq!(r.step, BankedStep::Decide { phase: 1, seat: 2 });
    d(&mut r, 2, 0);
    r.run(&BankedCommand::Revealed).unwrap();
    d(&mut r, 2, 0); // folds at the river
    r.run(&BankedCommand::Revealed).unwrap();
    assert_eq!(r.step, BankedStep::Cards);
    r.cards = [(1, vec![]), (2, vec![])].into();
    let v = r.settle_input(&BTreeMap::new());
    assert_eq!(v["seats"][0]["raise"]["street"], "pre-flop");
    assert_eq!(v["seats"][0]["raise"]["amount"], 1500);
    assert_eq!(v["seats"][1]["fold"], true);
    assert_eq!(
        Def::of(GameId::WptHeadsUp)
            .unwrap()
            .deal_text(Dealing::ManualShoe)
            .0,
        "§ 677a.8"
    );

    let mut m = BankedRound::start(GameId::MississippiStud, Dealing::AutomatedShoe, &[4]).unwrap();
    m.run(&BankedCommand::Wagers {
        seat: 4,
        wagers: wagers(&[("ante", 500), ("progressive", 100)]),
    })
    .unwrap();
    m.run(&BankedCommand::NoMoreBets).unwrap();
    m.run(&BankedCommand::Dealt).unwrap();
    m.run(&BankedCommand::Decide {
        seat: 4,
        multiple: 3,
    })
    .unwrap();
    m.run(&BankedCommand::Revealed).unwrap();
    m.run(&BankedCommand::Decide {
        seat: 4,
        multiple: 0,
    })
    .unwrap();
    // Folded: no more decisions, the remaining cards are still revealed.
    assert_eq!(m.step, BankedStep::Reveal { phase: 1 });
    m.run(&BankedCommand::Revealed).unwrap();
    assert_eq!(m.step, BankedStep::Cards);
    let v = m.settle_input(&[("1".to_string(), 2_500_000)].into());
    assert_eq!(v["seats"][0]["streets"], serde_json::json!([1500]));
    assert_eq!(v["meters"]["progressive"], 2_500_000);
    // Spanish 21 has seven boxes (§ 635a.2(a)).
    assert!(BankedRound::start(GameId::Spanish21, Dealing::ManualShoe, &[8]).is_err());
}

/// Every event survives the journal: wrapped in the table's event, to JSON and back, equal
/// (a field named like the table event's tag would not).
#[test]
fn every_banked_event_round_trips_through_the_table_event() {
    use crate::rules::table::{Event, Person, Role};
    let c = |s: &str| parse_cards(s).unwrap();
    let settlement = crate::rules::banked::settle_json(
        r#"{"game":"crazy-4-poker","dealer":"Kc 9d 7h 4s 2c","seats":[{"seat":1,"cards":"Ac Ad Ah As 2d","wagers":{"ante":1000,"super_bonus":1000},"play":3000}]}"#,
        &crate::rules::banked::paytable::Paytables::embedded().unwrap(),
        &Default::default(),
    )
    .unwrap();
    let all = vec![
        BankedEvent::WagersPlaced {
            seat: 1,
            wagers: wagers(&[("ante", 500)]),
        },
        BankedEvent::SamePlayer {
            seat: 2,
            joined: true,
        },
        BankedEvent::BetsClosed { seats: vec![1, 2] },
        BankedEvent::Dealt,
        BankedEvent::Decided {
            seat: 1,
            phase: 0,
            multiple: 3,
            amount: 1500,
        },
        BankedEvent::DrawBought {
            seat: 2,
            draw: DrawKind::Exchange,
            fee: 500,
        },
        BankedEvent::Declared {
            seat: 1,
            instant: true,
        },
        BankedEvent::Revealed { phase: 1 },
        BankedEvent::LockedIn {
            cards: vec![(1, c("9s 8s 7s 6s 5s"))],
            settlement: settlement.clone(),
        },
        BankedEvent::LockInPaid,
        BankedEvent::VoidSettling {
            settles: VoidSettles {
                irregularity: "wpt-dealer-card-exposed".into(),
                section: "§ 677a.13(d)".into(),
                wagers: vec!["pocket_bonus".into(), "trips_plus".into()],
                dealer: false,
                board: true,
            },
        },
        BankedEvent::WagersLost {
            seat: 2,
            lost: Lost {
                section: "§ 655a.11(a)".into(),
                why: "The player shared information about his hand".into(),
                options_fee: false,
            },
            stakes: vec![],
        },
        BankedEvent::Replacement { card: c("Jd")[0] },
        BankedEvent::CardsKeyed {
            seats: vec![(1, c("Ac Ad Ah As 2d"))],
            dealer: c("Kc 9d 7h 4s 2c"),
            community: vec![],
            draws: vec![(2, c("2c 4s"), c("Ks Kd"))],
            meters: [("1".to_string(), 2_500_000)].into(),
            system_draw: Some(SystemDraw {
                magic_card: "9h".parse().unwrap(),
                lucky: 0,
            }),
            sources: vec![],
            results: None,
        },
        BankedEvent::Settled { settlement },
        BankedEvent::Spanish21 {
            at: super::super::spanish21::play::Step21::Hand { seat: 3, hand: 1 },
            what: super::super::spanish21::play::Command21::Double { amount: 500 },
        },
        BankedEvent::Validated {
            floorperson: Person {
                name: "Dana Brooks".into(),
                credential: "1001".into(),
                role: Role::Floorperson,
            },
        },
        BankedEvent::Paid,
    ];
    let mut kinds = BTreeSet::new();
    for e in all {
        let row = Event::Banked(e.clone());
        let text = serde_json::to_string(&row).unwrap();
        let back: Event = serde_json::from_str(&text).unwrap_or_else(|err| panic!("{text}: {err}"));
        assert_eq!(back, row, "{text}");
        assert!(kinds.insert(e.kind()), "{} twice", e.kind());
        assert_eq!(row.kind(), e.kind());
    }
}

/// § 657a.11(c): a folded Crazy 4 Poker hand goes to the discard rack before the reveal, so
/// the round settles without its cards; a casino that counts folded hands for the Envy Bonus
/// (`envy_from_folded`) has them keyed, and a round without them is refused by name.
#[test]
fn a_folded_crazy_4_hand_is_not_keyed_unless_the_house_counts_it() {
    let c = |s: &str| parse_cards(s).unwrap();
    let start = || {
        let mut r = BankedRound::start(GameId::Crazy4Poker, Dealing::Hand, &[1, 3]).unwrap();
        for seat in [1, 3] {
            r.run(&BankedCommand::Wagers {
                seat,
                wagers: wagers(&[("ante", 1000)]),
            })
            .unwrap();
        }
        r.run(&BankedCommand::NoMoreBets).unwrap();
        r.run(&BankedCommand::Dealt).unwrap();
        r.run(&BankedCommand::Decide {
            seat: 1,
            multiple: 1,
        })
        .unwrap();
        r.run(&BankedCommand::Decide {
            seat: 3,
            multiple: 0,
        })
        .unwrap();
        r.run(&BankedCommand::Revealed).unwrap();
        r
    };
    let only_seat_1 =
        BankedCommand::keyed(vec![(1, c("Ac Kd Qh Js 2d"))], c("Kc 9d 7h 4s 2c"), vec![]);
    let house = House::default_for(GameId::Crazy4Poker).unwrap();
    let r = start();
    assert!(r.needs_cards(1, Some(&house)));
    assert!(
        !r.needs_cards(3, Some(&house)),
        "the folded hand is collected"
    );
    let events = r.decide(&only_seat_1, Some(&house)).unwrap();
    let Some(BankedEvent::Settled { settlement }) = events.last() else {
        panic!("no settlement: {events:?}");
    };
    let folded: Vec<_> = settlement.results.iter().filter(|w| w.seat == 3).collect();
    assert!(!folded.is_empty());
    assert!(folded.iter().all(|w| w.net <= 0), "{folded:?}");
    // Replayed from the journal, the same events fold in.
    let mut again = start();
    for e in &events {
        again.apply(e).unwrap();
    }
    assert!(again.settlement.is_some());

    let mut counts = house.clone();
    let folded_counted = |g: &mut crate::rules::banked::crazy4::Rules| g.envy_from_folded = true;
    counts.rules.edit(folded_counted);
    assert!(r.needs_cards(3, Some(&counts)));
    let e = r.decide(&only_seat_1, Some(&counts)).unwrap_err();
    assert!(e.contains("seat 3: its 5 cards are keyed"), "{e}");
}

/// § 677a.13(a),(d): which wagers a void WPT round still settles, when, and the casino's
/// choice for a Trips Plus whose board is not out.
#[test]
fn a_void_wpt_round_keeps_the_side_wagers_the_section_names() {
    let mut r = BankedRound::start(GameId::WptHeadsUp, Dealing::ManualShoe, &[1, 2]).unwrap();
    r.run(&BankedCommand::Wagers {
        seat: 1,
        wagers: wagers(&[("ante", 500), ("pocket_bonus", 100), ("trips_plus", 100)]),
    })
    .unwrap();
    r.run(&BankedCommand::Wagers {
        seat: 2,
        wagers: wagers(&[("ante", 500)]),
    })
    .unwrap();
    let house = House::default_for(GameId::WptHeadsUp).unwrap();
    let exposed = "wpt-dealer-card-exposed";
    // Still taking wagers, then dealing: no hand to settle yet.
    assert_eq!(r.void_settles(exposed, Some(&house)), None);
    r.run(&BankedCommand::NoMoreBets).unwrap();
    assert_eq!(r.void_settles(exposed, Some(&house)), None);
    r.run(&BankedCommand::Dealt).unwrap();
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
    let refused = serde_json::from_str::<crate::rules::banked::wpt::Rules>(
        r#"{"trips_plus_on_void": "return"}"#,
    )
    .unwrap_err()
    .to_string();
    assert!(refused.contains("§ 677a.13(d)"), "{refused}");
    // Without the table's paytables nothing is kept (every wager returned).
    assert_eq!(r.void_settles(exposed, None), None);
    // A round where nobody placed a kept wager returns everything.
    let mut bare = BankedRound::start(GameId::WptHeadsUp, Dealing::ManualShoe, &[1]).unwrap();
    bare.run(&BankedCommand::Wagers {
        seat: 1,
        wagers: wagers(&[("ante", 500)]),
    })
    .unwrap();
    bare.run(&BankedCommand::NoMoreBets).unwrap();
    bare.run(&BankedCommand::Dealt).unwrap();
    assert_eq!(bare.void_settles(exposed, Some(&house)), None);
    // A game whose chapter keeps nothing.
    let mut c4 = BankedRound::start(GameId::Crazy4Poker, Dealing::ManualShoe, &[1]).unwrap();
    c4.run(&BankedCommand::Wagers {
        seat: 1,
        wagers: wagers(&[("ante", 500), ("queens_up", 500)]),
    })
    .unwrap();
    c4.run(&BankedCommand::NoMoreBets).unwrap();
    c4.run(&BankedCommand::Dealt).unwrap();
    assert_eq!(
        c4.void_settles("banked-dealer-card-exposed", Some(&house)),
        None
    );
    // § 647a.13(a),(d): Texas Hold 'Em Bonus keeps the Bonus Wager, with the dealer's cards.
    let mut thb = BankedRound::start(GameId::TexasHoldemBonus, Dealing::ManualShoe, &[1]).unwrap();
    thb.run(&BankedCommand::Wagers {
        seat: 1,
        wagers: wagers(&[("ante", 500), ("bonus", 500)]),
    })
    .unwrap();
    thb.run(&BankedCommand::NoMoreBets).unwrap();
    thb.run(&BankedCommand::Dealt).unwrap();
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
    let mut m = BankedRound::start(GameId::MississippiStud, Dealing::ManualShoe, &[2, 4]).unwrap();
    for s in [2, 4] {
        m.run(&BankedCommand::Wagers {
            seat: s,
            wagers: wagers(&[("ante", 500), ("three_card_bonus", 200)]),
        })
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
    m.run(&BankedCommand::NoMoreBets).unwrap();
    m.run(&BankedCommand::Dealt).unwrap();
    m.run(&BankedCommand::Decide {
        seat: 2,
        multiple: 1,
    })
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
    m.run(&BankedCommand::Revealed).unwrap();
    // Only seat 2 decides the later streets.
    assert_eq!(m.step, BankedStep::Decide { phase: 1, seat: 2 });
    for _ in 0..2 {
        m.run(&BankedCommand::Decide {
            seat: 2,
            multiple: 1,
        })
        .unwrap();
        m.run(&BankedCommand::Revealed).unwrap();
    }
    assert_eq!(m.step, BankedStep::Cards);
    assert!(!m.needs_cards(
        4,
        Some(&House::default_for(GameId::MississippiStud).unwrap())
    ));
    m.run(&BankedCommand::keyed(
        vec![(2, c("As Ah"))],
        vec![],
        c("Ad 7c 2s"),
    ))
    .unwrap();
    let s = m.settlement.clone().expect("settled");
    let four: Vec<_> = s.results.iter().filter(|w| w.seat == 4).collect();
    assert_eq!(four.len(), 2, "{four:?}");
    for w in &four {
        assert_eq!(w.result, crate::rules::banked::Outcome::Lose);
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
    let mut w = BankedRound::start(GameId::WptHeadsUp, Dealing::ManualShoe, &[3]).unwrap();
    w.run(&BankedCommand::Wagers {
        seat: 3,
        wagers: wagers(&[("ante", 1000), ("pocket_bonus", 500)]),
    })
    .unwrap();
    w.run(&BankedCommand::NoMoreBets).unwrap();
    w.run(&BankedCommand::Dealt).unwrap();
    w.run(&BankedCommand::Decide {
        seat: 3,
        multiple: 2,
    })
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

/// § 677a.7(e), § 635a.6(f): adjacent boxes of one player, as many as the casino allows;
/// § 647a.7(e): one position a player at Texas Hold 'Em Bonus.
#[test]
fn adjacent_boxes_of_one_player_up_to_the_limit() {
    let mut rules = crate::rules::banked::HouseRules::default();
    rules.edit(|g: &mut crate::rules::banked::wpt::Rules| g.boxes_per_player = 2);
    let mut r = BankedRound::start(GameId::WptHeadsUp, Dealing::ManualShoe, &[1, 2, 3, 5])
        .unwrap()
        .with_boxes(Some(&rules));
    let same =
        |r: &mut BankedRound, seat, joined| r.run(&BankedCommand::SamePlayer { seat, joined });
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
    r.run(&BankedCommand::SeatOut { seat: 2 }).unwrap();
    assert_eq!(r.player_boxes(3), vec![3]);

    let mut t = BankedRound::start(GameId::TexasHoldemBonus, Dealing::ManualShoe, &[1, 2])
        .unwrap()
        .with_boxes(Some(&rules));
    let e = same(&mut t, 2, true).unwrap_err();
    assert!(
        e.contains("one box only") && e.contains("§ 647a.7(e)"),
        "{e}"
    );
    // Games whose chapter is silent key each box on its own.
    let mut m = BankedRound::start(GameId::MississippiStud, Dealing::ManualShoe, &[1, 2])
        .unwrap()
        .with_boxes(Some(&rules));
    assert!(same(&mut m, 2, true).is_err());
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
    let mut r = BankedRound::start(GameId::WptHeadsUp, Dealing::ManualShoe, &[1, 2]).unwrap();
    for s in [1, 2] {
        r.run(&BankedCommand::Wagers {
            seat: s,
            wagers: wagers(&[("ante", 1000), ("pocket_bonus", 500)]),
        })
        .unwrap();
    }
    r.run(&BankedCommand::NoMoreBets).unwrap();
    r.run(&BankedCommand::Dealt).unwrap();
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
    r.run(&BankedCommand::keyed(
        vec![(2, c("As Ad"))],
        vec![],
        c("2c 7d 9h Js 4c"),
    ))
    .unwrap();
    let s = r.settlement.clone().unwrap();
    let one: Vec<_> = s
        .results
        .iter()
        .filter(|w| w.seat == 1 && w.wager == "pocket-bonus")
        .collect();
    assert_eq!(one.len(), 1, "{one:?}");
    assert_eq!(one[0].result, crate::rules::banked::Outcome::Lose);

    // Lunar Poker: seat 1 buys a sixth card, then leaves.
    let mut l = BankedRound::start(GameId::LunarPoker, Dealing::Hand, &[1, 2]).unwrap();
    for s in [1, 2] {
        l.run(&BankedCommand::Wagers {
            seat: s,
            wagers: wagers(&[("ante", 500)]),
        })
        .unwrap();
    }
    l.run(&BankedCommand::NoMoreBets).unwrap();
    l.run(&BankedCommand::Dealt).unwrap();
    l.run(&BankedCommand::Draw {
        seat: 1,
        kind: DrawKind::Buy,
    })
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
        l.lunar.draws.is_empty(),
        "no card is dealt for the abandoned draw"
    );
    assert!(l.lost[&1].options_fee);
    let mut s = crate::rules::banked::Settlement {
        game: "lunar-poker".into(),
        paytables: Default::default(),
        dealer: None,
        results: vec![],
        seats: vec![],
        meters: vec![],
        totals: crate::rules::banked::Totals {
            players: 0,
            house: 0,
            meters: 0,
        },
        notes: vec![],
        signer: Default::default(),
    };
    l.add_lost(&mut s).unwrap();
    let fee = s.results.iter().find(|w| w.wager == "options-fee").unwrap();
    assert_eq!((fee.stake, fee.net), (500, -500));
}
