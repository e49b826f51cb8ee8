//! Lunar Poker's round: the lock-in keyed before any draw, and the draws, declarations and the
//! dealer's force checked (§ 589.11).
//! The round driven through the rules' decide-then-apply (`common::machine::run_round`), as the table drives it.

use crate::common::machine::{run_round, wagers};
use crate::results_lunar_rules::{dana, lock_in_signed};
use deckhand::rules::Cents;
use deckhand::rules::banked::House;
use deckhand::rules::banked::Signer;
use deckhand::rules::banked::lunar::lunar_steps::{LunarCommand, LunarEvent};
use deckhand::rules::banked::round::*;
use deckhand::rules::cards::Card;
use deckhand::rules::cards::parse_cards;
use deckhand::rules::games::GameId;
use deckhand::rules::registry::Dealing;
use std::collections::BTreeMap;

/// A Lunar Poker round at seats 1 and 2, wagered: seat 1 an Ante of $5, seat 2 an Ante of
/// `ante2` cents and a $1 Super Wager.
fn lunar_wagered(ante2: Cents) -> BankedRound {
    let mut r =
        deckhand::rules::registry::start_round(GameId::LunarPoker, Dealing::Hand, &[1, 2]).unwrap();
    run_round(
        &mut r,
        &BankedCommand::Wagers {
            seat: 1,
            wagers: wagers(&[("ante", 500)]),
        },
    )
    .unwrap();
    run_round(
        &mut r,
        &BankedCommand::Wagers {
            seat: 2,
            wagers: wagers(&[("ante", ante2), ("super", 100)]),
        },
    )
    .unwrap();
    r
}

/// [`lunar_wagered`] with $5 Antes, dealt: seat 1 declares an instant payout, seat 2 buys a
/// sixth card; "all decisions are locked in" is next.
fn declared_and_bought() -> BankedRound {
    let mut r = lunar_wagered(500);
    run_round(&mut r, &BankedCommand::NoMoreBets).unwrap();
    run_round(&mut r, &BankedCommand::Dealt).unwrap();
    run_round(
        &mut r,
        &BankedCommand::from(LunarCommand::Declare {
            seat: 1,
            instant: true,
        }),
    )
    .unwrap();
    run_round(
        &mut r,
        &BankedCommand::from(LunarCommand::Draw {
            seat: 2,
            kind: DrawKind::Buy,
        }),
    )
    .unwrap();
    r
}

#[test]
fn lunar_lock_in_keys_the_declared_hands_before_any_draw() {
    let c = |s: &str| parse_cards(s).unwrap();
    let mut r = declared_and_bought();
    let seats: Vec<(u8, bool)> = r
        .lock_in_seats()
        .iter()
        .map(|s| (s.seat, s.declared))
        .collect();
    assert_eq!(seats, [(1, true), (2, false)]);
    let e = run_round(&mut r, &BankedCommand::Revealed).unwrap_err();
    assert!(e.contains("§ 589.11(c)"), "{e}");
    let locked = |cards: Vec<(u8, Vec<Card>)>| BankedCommand::from(LunarCommand::LockIn { cards });
    let e = run_round(&mut r, &locked(vec![])).unwrap_err();
    assert!(e.contains("seat 1 declared: key its five cards"), "{e}");
    let e = run_round(
        &mut r,
        &locked(vec![(1, c("9s 8s 7s 6s 5s")), (2, c("Ah Kd 7c 4h 2c"))]),
    )
    .unwrap_err();
    assert!(e.contains("seat 2 did not declare"), "{e}");
    run_round(
        &mut r,
        &BankedCommand::from(LunarCommand::LockIn {
            cards: vec![(1, c("9s 8s 7s 6s 5s"))],
        }),
    )
    .unwrap();
    // The rules settled the instant payout and the Super Wager; the dealer pays them first.
    let settled: Vec<(u8, &str)> = r
        .lunar()
        .lock_in
        .iter()
        .flat_map(|l| l.results.iter())
        .map(|w| (w.seat, w.wager.as_str()))
        .collect();
    assert!(
        settled.contains(&(1, "ante")) && settled.contains(&(2, "super")),
        "{settled:?}"
    );
    assert!(run_round(&mut r, &BankedCommand::Revealed).is_err());
    // Above the table's floorperson threshold, as a round's settlement: signed, then paid.
    let e = run_round(&mut r, &BankedCommand::from(LunarCommand::LockInPaid)).unwrap_err();
    assert!(e.contains("a floorperson validates these payouts"), "{e}");
    run_round(
        &mut r,
        &BankedCommand::Validated {
            floorperson: dana(),
        },
    )
    .unwrap();
    assert!(
        run_round(
            &mut r,
            &BankedCommand::Validated {
                floorperson: dana()
            }
        )
        .is_err()
    );
    run_round(&mut r, &BankedCommand::from(LunarCommand::LockInPaid)).unwrap();
    assert_eq!(r.step, BankedStep::Decide { phase: 1, seat: 2 });
    // A void round from here returns only what is still on the layout: seat 1's Ante was
    // settled with its instant payout, seat 2's Super collected; seat 2's Options fee stays.
    assert_eq!(r.refunds(), vec![(1, 0), (2, 500 + 500)]);
    run_round(
        &mut r,
        &BankedCommand::Decide {
            seat: 2,
            multiple: 2,
        },
    )
    .unwrap();
    run_round(&mut r, &BankedCommand::Revealed).unwrap();
    // The declared hand was settled on the cards keyed at lock-in.
    let cards = |one: &str| BankedCommand::Cards {
        seats: vec![(1, c(one)), (2, c("Ah Kd 7c 4h 2c"))],
        dealer: c("Qs Jd 8c 6h 2d"),
        community: vec![],
        own: drawn(vec![(2, vec![], c("3d"))]),
        meters: Default::default(),
        read: vec![],
        results: None,
    };
    // § 589.11(d)(2)(i): the Options fee bought one sixth card, nothing given up; a seat that
    // paid no fee draws nothing; a draw paid for is keyed.
    let drawing = |draws: Vec<(u8, Vec<Card>, Vec<Card>)>| BankedCommand::Cards {
        seats: vec![(1, c("9s 8s 7s 6s 5s")), (2, c("Ah Kd 7c 4h 2c"))],
        dealer: c("Qs Jd 8c 6h 2d"),
        community: vec![],
        own: drawn(draws),
        meters: Default::default(),
        read: vec![],
        results: None,
    };
    for (draws, refused) in [
        (vec![(2, vec![], c("3d 4d"))], "buys one sixth card"),
        (vec![(2, c("2c"), c("3d"))], "buys one sixth card"),
        (vec![(1, vec![], c("3d"))], "seat 1 paid no Options fee"),
        (vec![], "seat 2: key the cards of his draw"),
    ] {
        let e = run_round(&mut r, &drawing(draws)).unwrap_err();
        assert!(e.contains(refused), "{e}");
    }
    let e = run_round(&mut r, &cards("9h 8h 7h 6h 5h")).unwrap_err();
    assert!(
        e.contains("keyed when all decisions were locked in: 9s 8s 7s 6s 5s"),
        "{e}"
    );
    run_round(&mut r, &cards("9s 8s 7s 6s 5s")).unwrap();
}

#[test]
fn lunar_draws_declarations_and_the_force_are_checked() {
    let c = |s: &str| parse_cards(s).unwrap();
    // Lunar Poker's layout has five betting positions (§ 589.2(a)).
    let e = deckhand::rules::registry::start_round(GameId::LunarPoker, Dealing::Hand, &[1, 6])
        .unwrap_err();
    assert!(e.contains("positions 1 to 5 (§ 589.2(a))"), "{e}");
    let mut r =
        deckhand::rules::registry::start_round(GameId::LunarPoker, Dealing::Hand, &[1, 2]).unwrap();
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
    let e = run_round(
        &mut r,
        &BankedCommand::from(LunarCommand::Declare {
            seat: 1,
            instant: false,
        }),
    )
    .unwrap_err();
    assert!(e.contains("no Super Wager"), "{e}");
    run_round(
        &mut r,
        &BankedCommand::from(LunarCommand::Draw {
            seat: 1,
            kind: DrawKind::Exchange,
        }),
    )
    .unwrap();
    run_round(
        &mut r,
        &BankedCommand::Decide {
            seat: 2,
            multiple: 2,
        },
    )
    .unwrap();
    run_round(&mut r, &BankedCommand::Revealed).unwrap();
    assert_eq!(r.step, BankedStep::Decide { phase: 1, seat: 1 });
    run_round(
        &mut r,
        &BankedCommand::Decide {
            seat: 1,
            multiple: 2,
        },
    )
    .unwrap();
    run_round(&mut r, &BankedCommand::Revealed).unwrap();
    assert_eq!(r.step, BankedStep::Cards);
    let cards = |gave: &str, drew: &str| BankedCommand::Cards {
        seats: vec![(1, c("Kc 9d 7h 4s 2c")), (2, c("Ah Ad 8h 5s 3c"))],
        dealer: c("Qs Jd 8c 6h 2d"),
        community: vec![],
        own: drawn(vec![(1, c(gave), c(drew))]),
        meters: Default::default(),
        read: vec![],
        results: None,
    };
    // One card is not an exchange; the count dealt matches the count given up.
    let e = run_round(&mut r, &cards("2c", "Ks")).unwrap_err();
    assert!(e.contains("two to five cards, not 1"), "{e}");
    let e = run_round(&mut r, &cards("2c 4s", "Ks")).unwrap_err();
    // § 589.11(d): an exchange is keyed as two to five cards given up (above) and as many
    // dealt in their place; then only the drawer folds or bets (the phase-1 step above).
    assert!(e.contains("2 cards given up, so 2 are dealt"), "{e}");
    let e = run_round(&mut r, &cards("2c Ts", "Ks Kd")).unwrap_err();
    assert!(e.contains("10♠ is not among his cards"), "{e}");
    let e = run_round(&mut r, &cards("2c 4s", "Ks Ah")).unwrap_err();
    assert!(e.contains("already in play"), "{e}");
    run_round(&mut r, &cards("2c 4s", "Ks Kd")).unwrap();
    // Queen high: the dealer does not qualify, both Bet players may force.
    assert_eq!(r.step, BankedStep::Decide { phase: 2, seat: 1 });
    run_round(
        &mut r,
        &BankedCommand::Decide {
            seat: 1,
            multiple: 0,
        },
    )
    .unwrap();
    run_round(
        &mut r,
        &BankedCommand::Decide {
            seat: 2,
            multiple: 1,
        },
    )
    .unwrap();
    assert_eq!(r.step, BankedStep::Reveal { phase: 2 });
    assert!(run_round(&mut r, &BankedCommand::Revealed).is_err());
    let e = run_round(
        &mut r,
        &BankedCommand::from(LunarCommand::Replacement { card: c("Kd")[0] }),
    )
    .unwrap_err();
    assert!(e.contains("already in play"), "{e}");
    run_round(
        &mut r,
        &BankedCommand::from(LunarCommand::Replacement { card: c("Ac")[0] }),
    )
    .unwrap();
    // The replacement completes the round: the rules settled it.
    assert!(r.settlement.is_some(), "{:?}", r.step);
    assert!(matches!(r.step, BankedStep::Pay { .. }));
    let v = r.settle_input(&BTreeMap::new());
    assert_eq!(v["dealer_replacement"], "Ac");
    assert_eq!(v["seats"][0]["draw"]["exchange"]["discard"], "2c 4s");
    assert_eq!(v["seats"][0]["force"], false);
    assert_eq!(v["seats"][1]["force"], true);
    // Seat 1: Ante, draw fee and Bet; seat 2: Ante, Bet and forcing fee.
    assert_eq!(
        r.refunds(),
        vec![(1, 500 + 500 + 1000), (2, 500 + 1000 + 500)]
    );
}

/// A Lunar Poker seat's options at its decision are the round's answer: the fee is its Ante,
/// the Super declaration is offered only to a seat with a Super Wager (and shows whether it is
/// declared), nothing is offered before the deal or to a seat whose turn it is not, and the
/// round refuses a Super declaration the answer does not offer (§ 589.11(c)(2)).
#[test]
fn lunar_options_are_offered_as_the_round_takes_them() {
    let mut r = lunar_wagered(700);
    assert_eq!(r.lunar_options(1), None, "no decision before the deal");
    run_round(&mut r, &BankedCommand::NoMoreBets).unwrap();
    run_round(&mut r, &BankedCommand::Dealt).unwrap();
    let one = r.lunar_options(1).unwrap();
    assert_eq!((one.fee, one.super_declared), (500, None));
    assert_eq!(r.lunar_options(2), None, "seat 1 decides first");
    let e = run_round(
        &mut r,
        &BankedCommand::from(LunarCommand::Declare {
            seat: 1,
            instant: false,
        }),
    )
    .unwrap_err();
    assert!(e.contains("§ 589.11(c)(2)"), "{e}");
    run_round(
        &mut r,
        &BankedCommand::Decide {
            seat: 1,
            multiple: 0,
        },
    )
    .unwrap();
    let two = r.lunar_options(2).unwrap();
    assert_eq!((two.fee, two.super_declared), (700, Some(false)));
    run_round(
        &mut r,
        &BankedCommand::from(LunarCommand::Declare {
            seat: 2,
            instant: false,
        }),
    )
    .unwrap();
    assert_eq!(r.lunar_options(2).unwrap().super_declared, Some(true));
}

/// A round whose every hand was settled at lock-in or folded has no hand against the dealer:
/// "Lock-in paid" settles it without the dealer's cards (§ 589.11(c)(1): the round ends for
/// the declared hand). The walk of issue 43 found such a round refused for want of them, with
/// no way on.
#[test]
fn a_round_settled_whole_at_lock_in_needs_no_dealer_cards() {
    let c = |s: &str| parse_cards(s).unwrap();
    let mut r = lock_in_signed(0);
    assert_eq!(r.dealer_cards(), 0, "no hand plays against the dealer");
    run_round(&mut r, &BankedCommand::from(LunarCommand::LockInPaid)).unwrap();
    if r.step == BankedStep::Cards {
        // The folded hand's cards are kept on the layout; the dealer's are not keyed.
        run_round(
            &mut r,
            &BankedCommand::Cards {
                seats: vec![(1, c("9s 8s 7s 6s 5s")), (2, c("Ah Kd 7c 4h 2c"))],
                dealer: vec![],
                community: vec![],
                own: Default::default(),
                meters: Default::default(),
                read: vec![],
                results: None,
            },
        )
        .unwrap();
    }
    let s = r.settlement.clone().expect("settled");
    assert!(matches!(r.step, BankedStep::Pay { .. }), "{:?}", r.step);
    assert!(
        s.results.iter().any(|w| w.seat == 2 && w.wager == "ante"),
        "{s:#?}"
    );
}

#[test]
fn a_lock_in_records_its_signer_and_its_payment_folds_only_once_signed() {
    // A lock-in above the table's floorperson threshold records who signs it, and folding a
    // recorded "Lock-in paid" with no signature before it is refused: a journal written without
    // the check does not replay clean.
    let c = |s: &str| parse_cards(s).unwrap();
    let house = House::default_for(GameId::LunarPoker).unwrap();
    let mut locked = declared_and_bought();
    run_round(
        &mut locked,
        &BankedCommand::from(LunarCommand::LockIn {
            cards: vec![(1, c("9s 8s 7s 6s 5s"))],
        }),
    )
    .unwrap();
    let settled = locked.lunar().lock_in.clone().unwrap();
    assert_eq!(settled.signer, Signer::Floorperson);
    assert_eq!(locked.lock_in_signer(Some(&house)), Signer::Floorperson);
    let mut unsigned = locked.clone();
    let e = unsigned
        .apply(&BankedEvent::from(LunarEvent::LockInPaid))
        .unwrap_err();
    assert!(
        e.contains("A floorperson signs the lock-in's payouts") && e.contains("§ 589.11"),
        "{e}"
    );
    assert_eq!(unsigned, locked, "a refused fold changes nothing");
    locked
        .apply(&BankedEvent::Validated {
            floorperson: dana(),
        })
        .unwrap();
    locked
        .apply(&BankedEvent::from(LunarEvent::LockInPaid))
        .unwrap();
    assert!(locked.lunar().lock_in_paid);
}

/// What a Lunar Poker cards step carries: its draws.
fn drawn(draws: Vec<(u8, Vec<Card>, Vec<Card>)>) -> GameKeyed {
    let mut own = GameKeyed::default();
    own.lunar.draws = draws;
    own
}

/// § 589.11(d)(1), (d)(2)(i): once "all decisions are locked in" is done, with nothing declared
/// (no lock-in to pay), the Options fee and the Ante folded at the first decision were collected:
/// the settlement and the side panel say so rather than have them collected again (a walk of
/// issue 43 found both still to collect).
#[test]
fn the_fees_and_folded_antes_are_collected_once_the_decisions_are_locked_in() {
    let mut r =
        deckhand::rules::registry::start_round(GameId::LunarPoker, Dealing::Hand, &[1, 2, 3])
            .unwrap();
    for seat in [1, 2, 3] {
        let wagers = wagers(&[("ante", 1000)]);
        run_round(&mut r, &BankedCommand::Wagers { seat, wagers }).unwrap();
    }
    run_round(&mut r, &BankedCommand::NoMoreBets).unwrap();
    run_round(&mut r, &BankedCommand::Dealt).unwrap();
    let buy = LunarCommand::Draw {
        seat: 1,
        kind: DrawKind::Buy,
    };
    run_round(&mut r, &BankedCommand::from(buy)).unwrap();
    let bet = BankedCommand::Decide {
        seat: 2,
        multiple: 2,
    };
    run_round(&mut r, &bet).unwrap();
    let fold = BankedCommand::Decide {
        seat: 3,
        multiple: 0,
    };
    run_round(&mut r, &fold).unwrap();
    let collected = |r: &BankedRound| {
        [
            r.settled_at_table(1, "options-fee"),
            r.settled_at_table(3, "ante"),
            r.settled_at_table(2, "ante"),
        ]
    };
    assert_eq!(r.step, BankedStep::Reveal { phase: 0 });
    assert_eq!(collected(&r), [None, None, None]);
    run_round(&mut r, &BankedCommand::Revealed).unwrap();
    let after = Some("collected after the lock-in");
    assert_eq!(collected(&r), [after, after, None]);
}
