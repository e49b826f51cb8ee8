//! Lunar Poker (Chapter 589) by its rules, where no broader test holds the game to them: the
//! hands' order and their comparison with the tie it settles (§ 589.6(b), (c)), the deal after
//! "no more bets" as each dealing method says (§ 589.8, § 589.9, § 589.10), and a player who
//! leaves the table after the lock-in (§ 589.7(b)).

use crate::common::machine::run;
use crate::common::settle::{get, settle};
use deckhand::rules::banked::lunar::lunar_steps::LunarCommand;
use deckhand::rules::banked::paytable::Paytables;
use deckhand::rules::banked::round::{BankedCommand, BankedEvent, BankedRound, BankedStep, Lost};
use deckhand::rules::banked::{House, HouseRules, Outcome};
use deckhand::rules::cards::parse_cards;
use deckhand::rules::games::GameId;
use deckhand::rules::lunar_rankings::{LunarCategory, lunar_hand};
use deckhand::rules::registry::Dealing;
use deckhand::rules::registry::settle_json;
use serde_json::json;

/// § 589.6(b): the royal flush down to one pair, then ace-king, then no hand: each category,
/// even at its lowest, over the highest hand of the category listed after it.
#[test]
fn lunar_hands_rank_from_the_royal_flush_down_to_ace_king() {
    let h = |s: &str| lunar_hand(&parse_cards(s).unwrap()).unwrap();
    let listed = [
        (
            "As Ks Qs Js Ts",
            "Kh Qh Jh Th 9h",
            LunarCategory::RoyalFlush,
        ),
        (
            "Ad 2d 3d 4d 5d",
            "Ac Ah As Ad Kc",
            LunarCategory::StraightFlush,
        ),
        (
            "2c 2d 2h 2s 3c",
            "Ac Ad Ah Kc Ks",
            LunarCategory::FourOfAKind,
        ),
        ("2c 2d 2h 3c 3s", "Ah Kh Qh Jh 9h", LunarCategory::FullHouse),
        ("2h 3h 4h 5h 7h", "Ac Kd Qh Js Tc", LunarCategory::Flush),
        ("Ac 2d 3h 4s 5c", "Ac Ad Ah Ks Qd", LunarCategory::Straight),
        (
            "2c 2d 2h 3s 4c",
            "Ac Ad Kh Ks Qc",
            LunarCategory::ThreeOfAKind,
        ),
        ("3c 3d 2h 2s 4c", "Ac Ad Kh Qs Jc", LunarCategory::TwoPair),
        ("2c 2d 3h 4s 5c", "Ac Kd Qh Js 9c", LunarCategory::OnePair),
        ("Ac Kd 4h 3s 2c", "Ac Qd Jh Ts 8c", LunarCategory::AceKing),
    ];
    for (lowest, next_highest, category) in listed {
        assert_eq!(h(lowest).category, category, "{lowest}");
        // § 589.6(b): the categories in the order the section lists them, ace-king last.
        assert!(
            h(lowest).key() > h(next_highest).key(),
            "{lowest} over {next_highest}"
        );
    }
    assert_eq!(h("Ac Qd Jh Ts 8c").category, LunarCategory::NoHand);
}

/// § 589.6(c): hands of one rank go to the highest card one holds that the other does not;
/// hands still equal tie, and the Ante and the Bet are returned (§ 589.11(e)(1)(iii)).
#[test]
fn lunar_hands_of_one_rank_compare_card_by_card_and_equal_hands_tie() {
    let round = |dealer: &str, player: &str| {
        json!({"game": "lunar-poker", "dealer": dealer,
            "seats": [{"seat": 1, "cards": player, "wagers": {"ante": 1000}, "bet": true}]})
    };
    // Queens against queens: the player's king beats the dealer's jack, and the other way.
    let s = settle(round("Qc Qd Jh 7s 3c", "Qh Qs Kd 5c 2h"));
    // § 589.6(c): within a rank the highest card not in the other hand decides.
    assert_eq!(get(&s, 1, "bet").result, Outcome::Win);
    let s = settle(round("Qc Qd Kh 7s 3c", "Qh Qs Jd 5c 2h"));
    assert_eq!(get(&s, 1, "bet").result, Outcome::Lose);
    // Ace-king against ace-king: the queen over the jack.
    let s = settle(round("Ac Kd Jh 7s 3c", "Ah Ks Qd 5c 2h"));
    assert_eq!(get(&s, 1, "bet").result, Outcome::Win);
    // The same ranks in other suits: a tie; the Ante and the Bet are returned.
    let s = settle(round("Ac Kd 9h 7s 3c", "Ah Ks 9d 7c 3h"));
    assert_eq!(get(&s, 1, "ante").result, Outcome::Push);
    assert_eq!(get(&s, 1, "bet").result, Outcome::Push);
}

/// The deal of a Lunar Poker round: no card before "no more bets" (§ 589.8(b), § 589.9(a)(3),
/// § 589.10(a)(2)); then, as the table's method says, one card at a time (stacks from an
/// automated shoe) clockwise from the player farthest to the dealer's left, five to each player
/// who placed an Ante and five to the dealer, the dealer's last card face up (§ 589.8(c),
/// § 589.9(b), § 589.10(b)).
#[test]
fn lunar_poker_is_dealt_after_no_more_bets_as_each_method_says() {
    let each = "clockwise from the player farthest to your left: 5 cards face down to each player and 5 to the dealer.";
    for (dealing, section, how) in [
        (
            Dealing::ManualShoe,
            "§ 589.8",
            "From the manual dealing shoe, one card at a time ",
        ),
        (
            Dealing::Hand,
            "§ 589.9",
            "From the hand, one card at a time ",
        ),
        (
            Dealing::AutomatedShoe,
            "§ 589.10",
            "Deliver the stacks the automated dealing shoe dispenses, ",
        ),
    ] {
        let mut r =
            deckhand::rules::registry::start_round(GameId::LunarPoker, dealing, &[1, 3]).unwrap();
        for seat in [1u8, 3] {
            let wagers = [("ante".to_string(), 1000)].into();
            run(&mut r, &BankedCommand::Wagers { seat, wagers }, None).unwrap();
        }
        // § 589.8(b): no card is dealt before the dealer's "No more bets".
        // § 589.10(a): the automated shoe dispenses no stack before "No more bets".
        assert!(
            r.decide(&BankedCommand::Dealt, None).is_err(),
            "{dealing:?}"
        );
        run(&mut r, &BankedCommand::NoMoreBets, None).unwrap();
        assert_eq!(r.step, BankedStep::Deal, "{dealing:?}");
        let (said, text) = r.deal_text();
        assert_eq!(said, section, "{dealing:?}");
        // § 589.8(c): manual shoe: one at a time clockwise from the dealer's left, five each.
        // § 589.9(b): from the hand: one at a time clockwise from the dealer's left, five each.
        // § 589.10(b): automated shoe: the stacks clockwise from the dealer's left, five each.
        assert!(
            text.starts_with(&format!("{how}{each}")),
            "{dealing:?}: {text}"
        );
        assert!(
            text.ends_with("Turn the dealer's fifth card face up."),
            "{dealing:?}: {text}"
        );
    }
}

/// § 589.7(b): a player who leaves the table after "all decisions are locked in" loses every
/// wager still on the layout, his Ante and his Bet, not the Super Wager the dealer settled at the
/// lock-in (§ 589.11(c)); his hand takes no further part.
#[test]
fn a_lunar_player_who_leaves_after_the_lock_in_loses_what_is_still_on_the_layout() {
    let house = House::default_for(GameId::LunarPoker).unwrap();
    let c = |s: &str| parse_cards(s).unwrap();
    let run = |r: &mut BankedRound, cmd: BankedCommand| {
        run(r, &cmd, Some(&house)).unwrap();
    };
    let mut r =
        deckhand::rules::registry::start_round(GameId::LunarPoker, Dealing::ManualShoe, &[1, 2])
            .unwrap();
    run(
        &mut r,
        BankedCommand::Wagers {
            seat: 1,
            wagers: [("ante".to_string(), 1000), ("super".to_string(), 500)].into(),
        },
    );
    run(
        &mut r,
        BankedCommand::Wagers {
            seat: 2,
            wagers: [("ante".to_string(), 1000)].into(),
        },
    );
    run(&mut r, BankedCommand::NoMoreBets);
    run(&mut r, BankedCommand::Dealt);
    // Seat 1 declares five red cards (ace-king) for the Super Wager and bets; seat 2 bets.
    run(
        &mut r,
        BankedCommand::from(LunarCommand::Declare {
            seat: 1,
            instant: false,
        }),
    );
    run(
        &mut r,
        BankedCommand::Decide {
            seat: 1,
            multiple: 2,
        },
    );
    run(
        &mut r,
        BankedCommand::Decide {
            seat: 2,
            multiple: 2,
        },
    );
    run(
        &mut r,
        BankedCommand::from(LunarCommand::LockIn {
            cards: vec![(1, c("Ah Kh 9d 6d 3h"))],
        }),
    );
    run(&mut r, BankedCommand::from(LunarCommand::LockInPaid));
    let super_paid = r
        .lunar()
        .lock_in
        .as_ref()
        .unwrap()
        .results
        .iter()
        .any(|w| w.seat == 1 && w.wager == "super" && w.net > 0);
    assert!(super_paid, "{:#?}", r.lunar().lock_in);
    // Now the player at seat 1 gets up and goes.
    let stakes = r.lost_stakes(1);
    // § 589.7(b): what the seat loses is what it still has on the layout: the Ante and the Bet,
    // not the Super Wager paid at the lock-in.
    assert_eq!(
        stakes,
        vec![("ante".to_string(), 1000), ("bet".to_string(), 2000)]
    );
    r.apply(&BankedEvent::WagersLost {
        seat: 1,
        lost: Lost {
            section: "§ 589.7(b)".into(),
            why: "The player left the table during the round".into(),
            options_fee: false,
        },
        stakes,
    })
    .unwrap();
    assert!(
        !r.needs_cards(1, Some(&house)),
        "his hand takes no further part"
    );
    assert!(r.needs_cards(2, Some(&house)));
}

/// A dealer's hand keyed with a wrong number of cards is refused, not settled.
#[test]
fn lunar_a_dealers_hand_of_the_wrong_count_is_refused_at_keying() {
    let p = Paytables::embedded().unwrap();
    for dealer in ["Ac Kd 7c 4s", "Ac Kd 7c 4s 2h 3h"] {
        let round = json!({"game": "lunar-poker", "dealer": dealer,
            "seats": [{"seat": 1, "cards": "9h 8c 7h 6h 2d", "wagers": {"ante": 1000}, "bet": true}]});
        let e = settle_json(&round.to_string(), &p, &HouseRules::default())
            .map(|s| format!("accepted: {:#?}", s.results))
            .unwrap_or_else(|e| e.to_string());
        // § 589.13(c): the dealer's five cards (§ 589.8(c)); a wrong count voids the round.
        assert!(e.starts_with("dealer:") && e.contains("§ 589.13(c)"), "{e}");
    }
}
