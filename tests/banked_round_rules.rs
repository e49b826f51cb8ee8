//! The house-banked round's own rules, command by command: the wagers, the deal's instruction,
//! the decisions, the cards keyed, and the events as the journal holds them.
//! The round driven through the rules' decide-then-apply (`common::machine::run_round`), as the table drives it.

use crate::common::machine::{run_round, wagers};
use deckhand::rules::Cents;
use deckhand::rules::banked::House;
use deckhand::rules::banked::lunar::lunar_steps::LunarEvent;
use deckhand::rules::banked::round::*;
use deckhand::rules::cards::parse_cards;
use deckhand::rules::games::GameId;
use deckhand::rules::registry::Dealing;
use std::collections::{BTreeMap, BTreeSet};

/// Every wager spot a game's round takes reaches its settlement: the game's typed `Round` has
/// a field for each (`GameRound::of_round`), so no wager on the layout is left unsettled.
#[test]
fn every_spot_a_round_takes_is_in_its_games_settlement_input() {
    for game in GameId::all() {
        let Some(def) = deckhand::rules::registry::round_def(game) else {
            continue;
        };
        let mut r =
            deckhand::rules::registry::start_round(game, Dealing::ManualShoe, &[1]).unwrap();
        let placed: BTreeMap<String, Cents> = (1..)
            .zip(def.spots)
            .map(|(i, spot)| (spot.key.to_string(), 100 * i))
            .collect();
        r.wagers.insert(1, placed.clone());
        let input = r.settle_input(&BTreeMap::new());
        let mut read: Vec<i64> = input["seats"][0]["wagers"]
            .as_object()
            .unwrap_or_else(|| panic!("{}: {input}", game.id()))
            .values()
            .filter_map(|v| v.as_i64())
            .filter(|v| *v > 0)
            .collect();
        read.sort_unstable();
        let mut wanted: Vec<i64> = placed.values().copied().collect();
        wanted.sort_unstable();
        assert_eq!(read, wanted, "{}: {input}", game.id());
    }
}

#[test]
fn crazy_4_round_builds_the_settlement_input() {
    let mut r =
        deckhand::rules::registry::start_round(GameId::Crazy4Poker, Dealing::Hand, &[1, 3, 6])
            .unwrap();
    run_round(
        &mut r,
        &BankedCommand::Wagers {
            seat: 1,
            wagers: wagers(&[("ante", 1000), ("queens_up", 500)]),
        },
    )
    .unwrap();
    // The Super Bonus follows the Ante (§ 657a.7); a different one is refused.
    assert_eq!(r.wagers[&1]["super_bonus"], 1000);
    let e = run_round(
        &mut r,
        &BankedCommand::Wagers {
            seat: 3,
            wagers: wagers(&[("ante", 1000), ("super_bonus", 500)]),
        },
    )
    .unwrap_err();
    assert!(e.contains("must equal the Ante"), "{e}");
    let e = run_round(
        &mut r,
        &BankedCommand::Wagers {
            seat: 3,
            wagers: wagers(&[("queens_up", 500)]),
        },
    )
    .unwrap_err();
    assert!(e.contains("Ante is required"), "{e}");
    run_round(
        &mut r,
        &BankedCommand::Wagers {
            seat: 3,
            wagers: wagers(&[("ante", 1000)]),
        },
    )
    .unwrap();
    // Seat 6 placed nothing: "No more bets" asks for its wager or takes it out, never drops
    // it silently.
    let e = run_round(&mut r, &BankedCommand::NoMoreBets).unwrap_err();
    assert!(
        e.contains("seat 6 was dealt in and has no wager: key its wager, or take seat 6 out"),
        "{e}"
    );
    let e = run_round(&mut r, &BankedCommand::SeatOut { seat: 3 }).unwrap_err();
    assert!(e.contains("seat 3 has a wager"), "{e}");
    run_round(&mut r, &BankedCommand::SeatOut { seat: 6 }).unwrap();
    run_round(&mut r, &BankedCommand::NoMoreBets).unwrap();
    assert_eq!(r.seats, vec![1, 3]);
    run_round(&mut r, &BankedCommand::Dealt).unwrap();
    assert_eq!(r.step, BankedStep::Decide { phase: 0, seat: 1 });
    let e = run_round(
        &mut r,
        &BankedCommand::Decide {
            seat: 1,
            multiple: 4,
        },
    )
    .unwrap_err();
    assert!(e.contains("§ 657a.11"), "{e}");
    run_round(
        &mut r,
        &BankedCommand::Decide {
            seat: 1,
            multiple: 3,
        },
    )
    .unwrap();
    run_round(
        &mut r,
        &BankedCommand::Decide {
            seat: 3,
            multiple: 0,
        },
    )
    .unwrap();
    assert_eq!(r.step, BankedStep::Reveal { phase: 0 });
    run_round(&mut r, &BankedCommand::Revealed).unwrap();
    assert_eq!(r.step, BankedStep::Cards);
    let c = |s: &str| parse_cards(s).unwrap();
    let dup = run_round(
        &mut r,
        &BankedCommand::keyed(
            vec![(1, c("Ac Ad Ah As 2d")), (3, c("Ac 9h 6s 4h 3h"))],
            c("Kc 9d 7h 4s 2c"),
            vec![],
        ),
    )
    .unwrap_err();
    assert!(dup.contains("already in play"), "{dup}");
    run_round(
        &mut r,
        &BankedCommand::keyed(
            vec![(1, c("Ac Ad Ah As 2d")), (3, c("Jc 9h 6s 4h 3h"))],
            c("Kc 9d 7h 4s 2c"),
            vec![],
        ),
    )
    .unwrap();
    let input = r.settle_input(&BTreeMap::new());
    assert_eq!(input["seats"][0]["play"], 3000);
    assert_eq!(input["seats"][1]["play"], 0);
    assert_eq!(input["dealer"], "Kc 9d 7h 4s 2c");
    assert_eq!(r.refunds(), vec![(1, 1000 + 1000 + 500 + 3000), (3, 2000)]);
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
        let (s, t) = deckhand::rules::registry::round_def(game)
            .unwrap()
            .deal_text(dealing);
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
    let mut r =
        deckhand::rules::registry::start_round(GameId::WptHeadsUp, Dealing::ManualShoe, &[1, 2])
            .unwrap();
    for s in [1, 2] {
        run_round(
            &mut r,
            &BankedCommand::Wagers {
                seat: s,
                wagers: wagers(&[("ante", 500)]),
            },
        )
        .unwrap();
    }
    run_round(&mut r, &BankedCommand::NoMoreBets).unwrap();
    run_round(&mut r, &BankedCommand::Dealt).unwrap();
    let d = |r: &mut BankedRound, seat, multiple| {
        run_round(r, &BankedCommand::Decide { seat, multiple }).unwrap()
    };
    // § 677a.11(b): up to three times the Ante; a 4× is refused, not kept for settlement
    // to refuse.
    let e = run_round(
        &mut r,
        &BankedCommand::Decide {
            seat: 1,
            multiple: 4,
        },
    )
    .unwrap_err();
    assert!(e.contains("§ 677a.11"), "{e}");
    d(&mut r, 1, 3); // seat 1 raises 3× pre-flop: no later decisions
    d(&mut r, 2, 0);
    run_round(&mut r, &BankedCommand::Revealed).unwrap();
    assert_eq!(r.step, BankedStep::Decide { phase: 1, seat: 2 });
    d(&mut r, 2, 0);
    run_round(&mut r, &BankedCommand::Revealed).unwrap();
    d(&mut r, 2, 0); // folds at the river
    run_round(&mut r, &BankedCommand::Revealed).unwrap();
    assert_eq!(r.step, BankedStep::Cards);
    r.cards = [(1, vec![]), (2, vec![])].into();
    let v = r.settle_input(&BTreeMap::new());
    assert_eq!(v["seats"][0]["raise"]["street"], "pre-flop");
    assert_eq!(v["seats"][0]["raise"]["amount"], 1500);
    assert_eq!(v["seats"][1]["fold"], true);
    assert_eq!(
        deckhand::rules::registry::round_def(GameId::WptHeadsUp)
            .unwrap()
            .deal_text(Dealing::ManualShoe)
            .0,
        "§ 677a.8"
    );

    let mut m = deckhand::rules::registry::start_round(
        GameId::MississippiStud,
        Dealing::AutomatedShoe,
        &[4],
    )
    .unwrap();
    run_round(
        &mut m,
        &BankedCommand::Wagers {
            seat: 4,
            wagers: wagers(&[("ante", 500), ("progressive", 100)]),
        },
    )
    .unwrap();
    run_round(&mut m, &BankedCommand::NoMoreBets).unwrap();
    run_round(&mut m, &BankedCommand::Dealt).unwrap();
    run_round(
        &mut m,
        &BankedCommand::Decide {
            seat: 4,
            multiple: 3,
        },
    )
    .unwrap();
    run_round(&mut m, &BankedCommand::Revealed).unwrap();
    run_round(
        &mut m,
        &BankedCommand::Decide {
            seat: 4,
            multiple: 0,
        },
    )
    .unwrap();
    // Folded: no more decisions, the remaining cards are still revealed.
    assert_eq!(m.step, BankedStep::Reveal { phase: 1 });
    run_round(&mut m, &BankedCommand::Revealed).unwrap();
    assert_eq!(m.step, BankedStep::Cards);
    let v = m.settle_input(&[("1".to_string(), 2_500_000)].into());
    assert_eq!(v["seats"][0]["streets"], serde_json::json!([1500]));
    assert_eq!(v["meters"]["progressive"], 2_500_000);
    // Spanish 21 has seven boxes (§ 635a.2(a)).
    assert!(
        deckhand::rules::registry::start_round(GameId::Spanish21, Dealing::ManualShoe, &[8])
            .is_err()
    );
}

/// Every event survives the journal: wrapped in the table's event, to JSON and back, equal
/// (a field named like the table event's tag would not).
#[test]
fn every_banked_event_round_trips_through_the_table_event() {
    use deckhand::rules::table::{Event, Person, Role};
    let c = |s: &str| parse_cards(s).unwrap();
    let settlement = deckhand::rules::registry::settle_json(
        r#"{"game":"crazy-4-poker","dealer":"Kc 9d 7h 4s 2c","seats":[{"seat":1,"cards":"Ac Ad Ah As 2d","wagers":{"ante":1000,"super_bonus":1000},"play":3000}]}"#,
        &deckhand::rules::banked::paytable::Paytables::embedded().unwrap(),
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
        BankedEvent::from(LunarEvent::DrawBought {
            seat: 2,
            draw: DrawKind::Exchange,
            fee: 500,
        }),
        BankedEvent::from(LunarEvent::Declared {
            seat: 1,
            instant: true,
        }),
        BankedEvent::Revealed { phase: 1 },
        BankedEvent::from(LunarEvent::LockedIn {
            cards: vec![(1, c("9s 8s 7s 6s 5s"))],
            settlement: settlement.clone(),
        }),
        BankedEvent::from(LunarEvent::LockInPaid),
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
        BankedEvent::from(LunarEvent::Replacement { card: c("Jd")[0] }),
        BankedEvent::CardsKeyed {
            seats: vec![(1, c("Ac Ad Ah As 2d"))],
            dealer: c("Kc 9d 7h 4s 2c"),
            community: vec![],
            own: GameKeyed {
                lunar: deckhand::rules::banked::lunar::lunar_steps::LunarKeyed {
                    draws: vec![(2, c("2c 4s"), c("Ks Kd"))],
                },
                thb: deckhand::rules::banked::thb::thb_part::ThbKeyed {
                    system_draw: Some(SystemDraw {
                        magic_card: "9h".parse().unwrap(),
                        lucky: 0,
                    }),
                },
                ..Default::default()
            },
            meters: [("1".to_string(), 2_500_000)].into(),
            sources: vec![],
            results: None,
        },
        BankedEvent::Settled { settlement },
        BankedEvent::from(
            deckhand::rules::banked::spanish21::steps21::Event21::Spanish21 {
                at: deckhand::rules::banked::spanish21::play21::Step21::Hand { seat: 3, hand: 1 },
                what: deckhand::rules::banked::spanish21::play21::Command21::Double { amount: 500 },
            },
        ),
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

/// A game's own steps moved to its folder (`OwnSteps`) and the journal kept its words: rows as
/// terminals wrote them before the move (copied from such journals) read as the game's events,
/// under the same `kind`, and are written back the same.
#[test]
fn rows_written_before_the_games_own_steps_moved_read_as_their_events() {
    use deckhand::rules::table::Event;
    let rows = [
        (
            r#"{"draw":"exchange","event":"draw-bought","fee":500,"kind":"banked","seat":2}"#,
            "options_fee_paid",
        ),
        (
            r#"{"event":"declared","instant":false,"kind":"banked","seat":1}"#,
            "hand_declared",
        ),
        (
            r#"{"event":"lock-in-paid","kind":"banked"}"#,
            "lock_in_paid",
        ),
        (
            r#"{"cards":[[1,["As","Ks","9s","7c","3c"]]],"event":"locked-in","kind":"banked","settlement":{"dealer":null,"game":"lunar-poker","meters":[],"notes":[],"paytables":{"instant":"A","super":"A"},"results":[{"explanation":"Super: ace-king pays 6 to 1 on table A → $30.00","net":3000,"paid":3500,"result":"win","seat":1,"section":"§ 589.12(b)","stake":500,"wager":"super"}],"seats":[],"totals":{"house":-3000,"meters":0,"players":3000}}}"#,
            "lock_in_settled",
        ),
        (
            r#"{"card":"Jd","event":"replacement","kind":"banked"}"#,
            "replacement_card",
        ),
        (
            r#"{"at":{"at":"deal"},"event":"spanish21","kind":"banked","what":{"play":"dealt","seats":[[1,["3h","6s"]],[2,["Kh","7d"]]],"up":"Ks"}}"#,
            "spanish21_play",
        ),
        (
            r#"{"at":{"at":"reader"},"event":"spanish21","kind":"banked","what":{"blackjack":false,"play":"reader"}}"#,
            "spanish21_play",
        ),
    ];
    for (text, kind) in rows {
        let e: Event = serde_json::from_str(text).unwrap_or_else(|err| panic!("{text}: {err}"));
        let Event::Banked(BankedEvent::Own(own)) = &e else {
            panic!("{text} reads as {e:?}, not a game's own event");
        };
        assert_eq!(own.kind(), kind, "{text}");
        let again: serde_json::Value = serde_json::to_value(&e).unwrap();
        let was: serde_json::Value = serde_json::from_str(text).unwrap();
        assert_eq!(again, was, "{text} is written back differently");
    }
}

/// A cards row keeps the fields the generic round's cards event had before each game's moved to
/// its folder (`OwnSteps::Keyed`, flattened in `GameKeyed`): Lunar Poker's draws and the
/// system's draw read into their games' fields and are written back the same. The first two
/// rows are copied from journals the terminal wrote before; the third is a Mississippi Stud
/// row with the system's draw, as the terminal wrote it where the table's system drew for a
/// round of another game (it kept it, unused).
#[test]
fn cards_rows_written_before_the_games_keyed_fields_moved_read_the_same() {
    use deckhand::rules::table::Event;
    let c = |s: &str| parse_cards(s).unwrap();
    let lunar = r#"{"community":[],"dealer":["Qc","Jc","8c","4s","2d"],"draws":[[2,[],["Qh"]],[3,["8d","4h"],["3d","7h"]]],"event":"cards-keyed","kind":"banked","meters":{},"seats":[[1,["Ah","Kh","9d","6d","3h"]],[2,["Qs","Qd","7c","5h","2s"]],[3,["Ks","Kc","8d","4h","3c"]],[4,["9s","8s","7s","6s","5s"]]]}"#;
    let thb = r#"{"community":["9s","Js","Ts","2c","3d"],"dealer":["Ks","Qs"],"draws":[],"event":"cards-keyed","kind":"banked","meters":{"1":2500000,"2":1500010},"seats":[[2,["9h","9d"]],[4,["Ah","Ad"]]],"system_draw":{"lucky":0,"magic_card":"9h"}}"#;
    let mstud = r#"{"community":["2c","3d","4h"],"dealer":[],"draws":[],"event":"cards-keyed","kind":"banked","meters":{},"seats":[[1,["9h","9d"]]],"system_draw":{"lucky":3,"magic_card":"As"}}"#;
    let read = |text: &str| -> GameKeyed {
        let e: Event = serde_json::from_str(text).unwrap_or_else(|err| panic!("{text}: {err}"));
        let again: serde_json::Value = serde_json::to_value(&e).unwrap();
        let was: serde_json::Value = serde_json::from_str(text).unwrap();
        assert_eq!(again, was, "{text} is written back differently");
        match e {
            Event::Banked(BankedEvent::CardsKeyed { own, .. }) => own,
            other => panic!("{text} reads as {other:?}"),
        }
    };
    let own = read(lunar);
    assert_eq!(
        own.lunar.draws,
        vec![(2, vec![], c("Qh")), (3, c("8d 4h"), c("3d 7h")),]
    );
    assert_eq!(own.thb.system_draw, None);
    assert_eq!(
        own.words(),
        vec![
            "seat 2 drew Q♥".to_string(),
            "seat 3 gave up 8♦ 4♥ for 3♦ 7♥".into()
        ]
    );
    let own = read(thb);
    assert!(own.lunar.draws.is_empty());
    assert_eq!(
        own.thb.system_draw,
        Some(SystemDraw {
            magic_card: c("9h")[0],
            lucky: 0
        })
    );
    // The replay says what the system drew (the walk of issue 43 found it missing).
    assert_eq!(
        own.words(),
        vec![
            "the table game system drew the Magic Card 9♥ and the Lucky Bonus for the dealer (§ 647a.1)"
                .to_string()
        ]
    );
    assert_eq!(read(mstud).thb.system_draw.map(|d| d.lucky), Some(3));
    // The terminal hands the system's draw to the round's game: only Texas Hold 'Em Bonus
    // takes it (§ 647a.1).
    let draw = Some(SystemDraw {
        magic_card: c("Kd")[0],
        lucky: 1,
    });
    let mut own = GameKeyed::default();
    own.system_drew(GameId::MississippiStud, draw);
    assert_eq!(own, GameKeyed::default());
    own.system_drew(GameId::TexasHoldemBonus, draw);
    assert_eq!(own.thb.system_draw, draw);
}

/// § 657a.11(c): a folded Crazy 4 Poker hand goes to the discard rack before the reveal, so
/// the round settles without its cards; a casino that counts folded hands for the Envy Bonus
/// (`envy_from_folded`) has them keyed, and a round without them is refused by name.
#[test]
fn a_folded_crazy_4_hand_is_not_keyed_unless_the_house_counts_it() {
    let c = |s: &str| parse_cards(s).unwrap();
    // Seat 1 plays, seat 3 folds.
    let start = || crazy4_revealed(&[(1, 1), (3, 0)]);
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
    let folded_counted = |g: &mut deckhand::rules::banked::crazy4::Rules| g.envy_from_folded = true;
    counts.rules.edit(folded_counted);
    assert!(r.needs_cards(3, Some(&counts)));
    let e = r.decide(&only_seat_1, Some(&counts)).unwrap_err();
    assert!(e.contains("seat 3: its 5 cards are keyed"), "{e}");
}

/// Each game checks its own fields of the cards step in any round: Lunar Poker's draw keyed in
/// a Crazy 4 Poker round is refused, as no Options fee was paid for it (§ 589.11(d)(2)(i)).
#[test]
fn a_lunar_draw_in_another_games_cards_step_is_refused() {
    let c = |s: &str| parse_cards(s).unwrap();
    let r = crazy4_revealed(&[(1, 1)]);
    let house = House::default_for(GameId::Crazy4Poker).unwrap();
    let mut cmd = BankedCommand::keyed(vec![(1, c("Ac Kd Qh Js 2d"))], c("Kc 9d 7h 4s 2c"), vec![]);
    assert!(r.decide(&cmd, Some(&house)).is_ok());
    if let BankedCommand::Cards { own, .. } = &mut cmd {
        own.lunar.draws = vec![(1, vec![], c("3d"))];
    }
    let e = r.decide(&cmd, Some(&house)).unwrap_err();
    assert!(e.contains("seat 1 paid no Options fee to draw"), "{e}");
}

/// A Crazy 4 Poker round dealt from the hand at the seats of `decisions`, each with a $10 Ante,
/// each seat's decision made (its multiple of the Ante, 0 folds), the dealer's hand revealed.
fn crazy4_revealed(decisions: &[(u8, u8)]) -> BankedRound {
    let seats: Vec<u8> = decisions.iter().map(|(s, _)| *s).collect();
    let mut r =
        deckhand::rules::registry::start_round(GameId::Crazy4Poker, Dealing::Hand, &seats).unwrap();
    for &seat in &seats {
        run_round(
            &mut r,
            &BankedCommand::Wagers {
                seat,
                wagers: wagers(&[("ante", 1000)]),
            },
        )
        .unwrap();
    }
    run_round(&mut r, &BankedCommand::NoMoreBets).unwrap();
    run_round(&mut r, &BankedCommand::Dealt).unwrap();
    for &(seat, multiple) in decisions {
        run_round(&mut r, &BankedCommand::Decide { seat, multiple }).unwrap();
    }
    run_round(&mut r, &BankedCommand::Revealed).unwrap();
    r
}
