//! A Lunar Poker round settled from the results the dealer taps (`lunar::RESULTS`): the
//! dealer's qualification (§ 589.11(e)), each Bet hand's category and, against a qualifying
//! dealer, how it fared; a winner's second combination (§ 589.11(e)(1)(ii)); the forced
//! dealer's new hand (§ 589.11(e)(2)(ii)). Each is checked against the same round keyed card by
//! card.
//! The round driven through the rules' decide-then-apply (`common::machine::run_round`), as the table drives it.

use crate::common::machine::run_round;
use deckhand::rules::Cents;
use deckhand::rules::banked::House;
use deckhand::rules::banked::lunar::lunar_steps::LunarCommand;
use deckhand::rules::banked::round::*;
use deckhand::rules::cards::Card;
use deckhand::rules::cards::parse_cards;
use deckhand::rules::games::GameId;
use deckhand::rules::registry::Dealing;
use std::collections::BTreeMap;

fn c(s: &str) -> Vec<Card> {
    parse_cards(s).unwrap()
}

/// A Lunar Poker round at `seats`, each with a $5 Ante, dealt from the hand: the first
/// decisions are next.
fn dealt_with_antes(seats: &[u8]) -> BankedRound {
    let mut r =
        deckhand::rules::registry::start_round(GameId::LunarPoker, Dealing::Hand, seats).unwrap();
    for &seat in seats {
        run_round(
            &mut r,
            &BankedCommand::Wagers {
                seat,
                wagers: BTreeMap::from([("ante".to_string(), 500)]),
            },
        )
        .unwrap();
    }
    run_round(&mut r, &BankedCommand::NoMoreBets).unwrap();
    run_round(&mut r, &BankedCommand::Dealt).unwrap();
    r
}

/// Seats 1, 2 and 3 with a $5 Ante; seat 1 bets, seat 2 buys a sixth card then bets, seat 3
/// folds; at the cards step.
fn at_the_cards() -> BankedRound {
    let mut r = dealt_with_antes(&[1, 2, 3]);
    run_round(
        &mut r,
        &BankedCommand::Decide {
            seat: 1,
            multiple: 2,
        },
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
    run_round(
        &mut r,
        &BankedCommand::Decide {
            seat: 3,
            multiple: 0,
        },
    )
    .unwrap();
    run_round(&mut r, &BankedCommand::Revealed).unwrap();
    run_round(
        &mut r,
        &BankedCommand::Decide {
            seat: 2,
            multiple: 2,
        },
    )
    .unwrap();
    run_round(&mut r, &BankedCommand::Revealed).unwrap();
    assert_eq!(r.step, BankedStep::Cards);
    r
}

fn result(category: &str, versus: Option<Versus>, second: Option<&str>) -> SeatResult {
    SeatResult {
        category: category.into(),
        versus,
        second: second.map(Into::into),
    }
}

fn results(qualifies: bool, seats: Vec<(u8, SeatResult)>) -> Results {
    Results {
        dealer_qualifies: qualifies,
        seats,
        forced: None,
    }
}

/// The keyed round: seat 1 a pair of aces with a king (its second combination ace-king); seat
/// 2 two pairs, 9s and 4s, and with its sixth card a pair of 3s (its second combination two
/// pairs with a card outside the first); seat 3 folded.
fn keyed(dealer: &str) -> BankedCommand {
    BankedCommand::Cards {
        seats: vec![
            (1, c("As Ad Kc 7h 2d")),
            (2, c("9s 9d 4c 4h 3d")),
            (3, c("Ts Td 6c 5h 2c")),
        ],
        dealer: c(dealer),
        community: vec![],
        own: {
            let mut own = GameKeyed::default();
            own.lunar.draws = vec![(2, vec![], c("3c"))];
            own
        },
        meters: Default::default(),
        read: vec![],
        results: None,
    }
}

fn nets(r: &BankedRound) -> Vec<(u8, Cents)> {
    let s = r.settlement.as_ref().expect("settled");
    (1..=3)
        .map(|seat| {
            let net = s.results.iter().filter(|w| w.seat == seat).map(|w| w.net);
            (seat, net.sum())
        })
        .collect()
}

#[test]
fn a_qualifying_dealer_settles_from_the_results_as_from_the_cards() {
    // The dealer's ace-king qualifies (§ 589.11(e)); both Bet hands beat it. Seat 1: a pair
    // pays on the Bet and its ace-king beside the pair is a second combination (§ 589.11(e)(1)(ii));
    // seat 2 (six cards): two pairs, and two pairs beside them with a card outside.
    let mut by_cards = at_the_cards();
    run_round(&mut by_cards, &keyed("Ah Kd 8c 6s 3h")).unwrap();
    let mut by_results = at_the_cards();
    run_round(
        &mut by_results,
        &BankedCommand::from_results(
            vec![],
            results(
                true,
                vec![
                    (1, result("pair", Some(Versus::Wins), Some("ace-king"))),
                    (2, result("two-pair", Some(Versus::Wins), Some("two-pair"))),
                ],
            ),
        ),
    )
    .unwrap();
    assert_eq!(nets(&by_results), nets(&by_cards));
    let s = by_results.settlement.as_ref().unwrap();
    assert!(
        s.results
            .iter()
            .any(|w| w.seat == 1 && w.wager == "bet-second-combination" && w.net > 0),
        "{:?}",
        s.results
    );
    assert!(
        s.notes
            .iter()
            .any(|n| n.contains("Settled from each hand's category"))
    );
    // Nothing of the dealer's hand is keyed, nor seat 2's sixth card.
    assert!(by_results.dealer.is_empty() && by_results.lunar().drawn.is_empty());
}

#[test]
fn a_winner_taps_its_second_combination_where_its_hand_can_hold_one() {
    let mut r = at_the_cards();
    let tapped = |one: SeatResult| {
        BankedCommand::from_results(
            vec![],
            results(
                true,
                vec![(1, one), (2, result("no-hand", Some(Versus::Loses), None))],
            ),
        )
    };
    // § 589.11(e)(1)(ii): a winning pair may hold an ace-king beside it: asked.
    let e = run_round(&mut r, &tapped(result("pair", Some(Versus::Wins), None))).unwrap_err();
    assert!(
        e.contains("second combination") && e.contains("589.11(e)(1)(ii)"),
        "{e}"
    );
    // Five cards hold no pair beside a pair (that is two pairs).
    let e = run_round(
        &mut r,
        &tapped(result("pair", Some(Versus::Wins), Some("pair"))),
    )
    .unwrap_err();
    assert!(e.contains("pair is not a second combination"), "{e}");
    // A straight uses all five cards: nothing asked, nothing taken.
    let e = run_round(
        &mut r,
        &tapped(result("straight", Some(Versus::Wins), Some("none"))),
    )
    .unwrap_err();
    assert!(e.contains("not a second combination"), "{e}");
    // No hand is below ace-king: it cannot beat a dealer who qualifies (§ 589.11(e)).
    let e = run_round(&mut r, &tapped(result("no-hand", Some(Versus::Wins), None))).unwrap_err();
    assert!(e.contains("cannot beat or tie"), "{e}");
    // A losing hand is paid no second combination.
    let e = run_round(
        &mut r,
        &tapped(result("pair", Some(Versus::Loses), Some("ace-king"))),
    )
    .unwrap_err();
    assert!(e.contains("not a second combination"), "{e}");
    run_round(
        &mut r,
        &tapped(result("pair", Some(Versus::Wins), Some("none"))),
    )
    .unwrap();
}

#[test]
fn a_dealer_who_does_not_qualify_pays_the_ante_and_the_forced_hand_is_tapped_again() {
    // Queen high: the dealer does not qualify (§ 589.11(e)(2)). Seat 1 forces, seat 2 does
    // not; the dealer's queen is replaced by the 8 of hearts: a pair of 8s, qualifying; seat
    // 1's pair of aces beats it (§ 589.11(e)(2)(ii)(B)).
    let mut by_cards = at_the_cards();
    run_round(&mut by_cards, &keyed("Qs Jd 8c 6s 3h")).unwrap();
    let mut by_results = at_the_cards();
    run_round(
        &mut by_results,
        &BankedCommand::from_results(
            vec![],
            results(
                false,
                vec![
                    (1, result("pair", None, None)),
                    (2, result("two-pair", None, None)),
                ],
            ),
        ),
    )
    .unwrap();
    for r in [&mut by_cards, &mut by_results] {
        assert_eq!(r.step, BankedStep::Decide { phase: 2, seat: 1 });
        run_round(
            r,
            &BankedCommand::Decide {
                seat: 1,
                multiple: 1,
            },
        )
        .unwrap();
        run_round(
            r,
            &BankedCommand::Decide {
                seat: 2,
                multiple: 0,
            },
        )
        .unwrap();
        run_round(
            r,
            &BankedCommand::from(LunarCommand::Replacement { card: c("8h")[0] }),
        )
        .unwrap();
    }
    assert!(by_cards.settlement.is_some());
    // From results, the new hand is tapped before anything is settled.
    assert!(by_results.settlement.is_none() && by_results.forced_result_owed());
    let before = by_results.results.clone().unwrap();
    let forced = |q: bool, seat: u8, one: SeatResult| {
        let mut r = before.clone();
        r.forced = Some(Forced {
            dealer_qualifies: q,
            seats: vec![(seat, one)],
        });
        BankedCommand::from_results(vec![], r)
    };
    let e = run_round(
        &mut by_results,
        &BankedCommand::from_results(vec![], before.clone()),
    )
    .unwrap_err();
    assert!(e.contains("§ 589.11(e)(2)(ii)"), "{e}");
    let e = run_round(
        &mut by_results,
        &forced(
            true,
            2,
            result("two-pair", Some(Versus::Wins), Some("none")),
        ),
    )
    .unwrap_err();
    assert!(e.contains("forcing seats are [1]"), "{e}");
    let e = run_round(
        &mut by_results,
        &forced(true, 1, result("pair", None, None)),
    )
    .unwrap_err();
    assert!(e.contains("where, and only where, it qualifies"), "{e}");
    run_round(
        &mut by_results,
        &forced(
            true,
            1,
            result("pair", Some(Versus::Wins), Some("ace-king")),
        ),
    )
    .unwrap();
    assert_eq!(nets(&by_results), nets(&by_cards));
    let v = by_results.settle_input(&BTreeMap::new());
    assert_eq!(v["forced_dealer_qualifies"], true);
    assert_eq!(v["dealer_replacement"], "8h");
}

#[test]
fn the_hand_declared_at_lock_in_stays_and_a_results_round_without_the_setting_is_refused() {
    // § 589.11(c): seat 1 declares a straight flush, paid at lock-in; seat 2 bets. From
    // results, seat 1 has nothing more to tap and its cards stay as keyed then.
    let mut r = lock_in_signed(2);
    run_round(&mut r, &BankedCommand::from(LunarCommand::LockInPaid)).unwrap();
    if r.step != BankedStep::Cards {
        run_round(&mut r, &BankedCommand::Revealed).unwrap();
    }
    assert_eq!(r.seats_in(), [2]);
    let tapped = results(
        true,
        vec![(2, result("no-hand", Some(Versus::Loses), None))],
    );
    let mut house = House::default_for(GameId::LunarPoker).unwrap();
    house
        .rules
        .edit(|g: &mut deckhand::rules::banked::lunar::Rules| g.results_by_category = false);
    let refused = r.clone();
    let e = refused
        .decide(
            &BankedCommand::from_results(vec![], tapped.clone()),
            Some(&house),
        )
        .unwrap_err();
    assert!(e.contains("results_by_category = false"), "{e}");
    run_round(&mut r, &BankedCommand::from_results(vec![], tapped)).unwrap();
    assert_eq!(r.cards.get(&1), Some(&c("9s 8s 7s 6s 5s")));
    let s = r.settlement.as_ref().unwrap();
    assert!(
        s.results
            .iter()
            .any(|w| w.seat == 2 && w.wager == "bet" && w.net < 0)
    );
}

/// From results, a round whose every hand was paid at lock-in or folded has no hand against
/// the dealer: the dealer taps nothing, and the record says nothing of the dealer's hand (the
/// walk of issue 43 read "Does not qualify … (tapped)" for a hand nobody tapped).
#[test]
fn a_round_with_no_hand_against_the_dealer_records_no_dealers_hand() {
    let mut r = lock_in_signed(0);
    run_round(&mut r, &BankedCommand::from(LunarCommand::LockInPaid)).unwrap();
    if r.settlement.is_none() {
        assert!(r.seats_in().is_empty());
        run_round(
            &mut r,
            &BankedCommand::from_results(vec![], results(false, vec![])),
        )
        .unwrap();
    }
    let s = r.settlement.as_ref().unwrap();
    assert_eq!(s.dealer, None, "nothing was tapped for the dealer's hand");
    assert!(
        s.results
            .iter()
            .any(|w| w.seat == 2 && w.wager == "ante" && w.net < 0)
    );
}

/// The floorperson who signs a lock-in above the table's threshold.
pub(crate) fn dana() -> deckhand::rules::people::Person {
    deckhand::rules::people::Person {
        name: "Dana Brooks".into(),
        credential: "1001".into(),
        role: deckhand::rules::people::Role::Floorperson,
    }
}

/// Seats 1 and 2 with a $5 Ante: seat 1 declares a straight flush for its instant payout
/// (§ 589.11(b)(2)), seat 2 decides `multiple` (0: fold, 2: Bet); the lock-in keyed and
/// signed by a floorperson (above the table's threshold), not yet paid.
pub(crate) fn lock_in_signed(multiple: u8) -> BankedRound {
    let mut r = dealt_with_antes(&[1, 2]);
    run_round(
        &mut r,
        &BankedCommand::from(LunarCommand::Declare {
            seat: 1,
            instant: true,
        }),
    )
    .unwrap();
    run_round(&mut r, &BankedCommand::Decide { seat: 2, multiple }).unwrap();
    run_round(
        &mut r,
        &BankedCommand::from(LunarCommand::LockIn {
            cards: vec![(1, c("9s 8s 7s 6s 5s"))],
        }),
    )
    .unwrap();
    run_round(
        &mut r,
        &BankedCommand::Validated {
            floorperson: dana(),
        },
    )
    .unwrap();
    r
}

/// § 589.11(c): a hand declared for the Super is keyed at lock-in; with no card drawn to it, its
/// category at the results is its cards' (the screen fills it in), and another is refused at the
/// tap's command, naming when the cards were keyed.
#[test]
fn a_hand_keyed_at_lock_in_is_the_category_its_cards_are() {
    let mut r =
        deckhand::rules::registry::start_round(GameId::LunarPoker, Dealing::Hand, &[1, 2]).unwrap();
    for (seat, w) in [
        (1, vec![("ante", 500), ("super", 500)]),
        (2, vec![("ante", 500)]),
    ] {
        run_round(
            &mut r,
            &BankedCommand::Wagers {
                seat,
                wagers: w.into_iter().map(|(k, v)| (k.to_string(), v)).collect(),
            },
        )
        .unwrap();
    }
    run_round(&mut r, &BankedCommand::NoMoreBets).unwrap();
    run_round(&mut r, &BankedCommand::Dealt).unwrap();
    run_round(
        &mut r,
        &BankedCommand::from(LunarCommand::Declare {
            seat: 1,
            instant: false,
        }),
    )
    .unwrap();
    for seat in [1, 2] {
        run_round(&mut r, &BankedCommand::Decide { seat, multiple: 2 }).unwrap();
    }
    run_round(
        &mut r,
        &BankedCommand::from(LunarCommand::LockIn {
            cards: vec![(1, c("Ah Kh 9d 6d 3h"))],
        }),
    )
    .unwrap();
    run_round(&mut r, &BankedCommand::from(LunarCommand::LockInPaid)).unwrap();
    while r.step != BankedStep::Cards {
        run_round(&mut r, &BankedCommand::Revealed).unwrap();
    }
    assert_eq!(r.category_keyed(1), Some("ace-king"));
    assert_eq!(r.category_keyed(2), None);
    let tapped = |cat: &str| {
        BankedCommand::from_results(
            vec![],
            results(
                true,
                vec![
                    (1, result(cat, Some(Versus::Wins), None)),
                    (2, result("straight", Some(Versus::Wins), None)),
                ],
            ),
        )
    };
    let house = House::default_for(GameId::LunarPoker).unwrap();
    let e = r.decide(&tapped("pair"), Some(&house)).unwrap_err();
    assert!(
        e.contains(
            "seat 1: its cards were keyed when all decisions were locked in: Ace-king, not One pair"
        ),
        "{e}"
    );
    assert_eq!(e.section(), Some("§ 589.11(e)"));
    let events = r.decide(&tapped("ace-king"), Some(&house)).unwrap();
    let Some(BankedEvent::Settled { settlement }) = events.last() else {
        panic!("no settlement: {events:?}");
    };
    // The hand column reads seat 1's hand from its cards, seat 2's as tapped.
    let hand = |seat: u8| {
        settlement
            .seats
            .iter()
            .find(|h| h.seat == seat)
            .map(|h| h.hand.clone())
            .unwrap_or_default()
    };
    assert_eq!(hand(1), "Ace-king");
    assert_eq!(hand(2), "Straight (tapped)");
    let bet = |seat: u8| {
        settlement
            .results
            .iter()
            .find(|w| w.seat == seat && w.wager == "bet")
            .map(|w| w.explanation.clone())
            .unwrap_or_default()
    };
    assert!(!bet(1).contains("(tapped)"), "{}", bet(1));
    assert!(bet(2).contains("straight (tapped)"), "{}", bet(2));
}
