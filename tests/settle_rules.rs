//! House-banked settlement rules beyond single pay lines: dealer qualification, pushes, payout
//! limits, meter sequencing, Envy Bonuses, Lunar Poker's force and second combination, Spanish
//! 21's decisions, and every illegal decision refused with its section.

use crate::common::settle::{get, refused, settle};
use deckhand::rules::banked::paytable::Paytables;
use deckhand::rules::banked::{HouseRules, Outcome, Settlement, WagerResult};
use deckhand::rules::registry::settle_json;
use serde_json::{Value, json};

fn all<'a>(s: &'a Settlement, seat: u8, wager: &str) -> Vec<&'a WagerResult> {
    s.results
        .iter()
        .filter(|r| r.seat == seat && r.wager == wager)
        .collect()
}

// ---------------------------------------------------------------- 677a WPT Heads-Up Hold 'Em

fn wpt(dealer: &str, board: &str, seats: Value) -> Value {
    json!({"game": "wpt-heads-up", "dealer": dealer, "community": board, "seats": seats})
}

#[test]
fn wpt_dealer_without_a_pair_pushes_only_the_ante() {
    // § 677a.11(h)(1): no pair; the player wins with ace high: Ante push, Raise 1:1, Odds push.
    let s = settle(wpt(
        "Qh 5d",
        "7c 2d 9h Kc 4s",
        json!([{"seat": 2, "cards": "Ah 3d", "wagers": {"ante": 1000, "odds": 1000}, "raise": {"street": "pre-flop", "amount": 3000}}]),
    ));
    assert_eq!(get(&s, 2, "ante").result, Outcome::Push);
    assert_eq!(get(&s, 2, "ante").section, "§ 677a.11(h)(1)(i)");
    assert_eq!(get(&s, 2, "raise").net, 3000);
    assert_eq!(get(&s, 2, "odds").result, Outcome::Push);
    assert!(s.dealer.as_deref().unwrap().contains("does not qualify"));
    // § 677a.11(h)(1)(iii): the non-qualifying dealer still beats a lower hand: Raise and Odds lose.
    let s = settle(wpt(
        "Ah 5d",
        "7c 2d 9h Kc 4s",
        json!([{"seat": 2, "cards": "Qh 3d", "wagers": {"ante": 1000, "odds": 1000}, "raise": {"street": "river", "amount": 1000}}]),
    ));
    assert_eq!(get(&s, 2, "ante").result, Outcome::Push);
    assert_eq!(get(&s, 2, "raise").result, Outcome::Lose);
    assert_eq!(get(&s, 2, "odds").result, Outcome::Lose);
}

#[test]
fn wpt_ties_push_and_losses_collect() {
    // Both play the board's straight: § 677a.11(h)(2)(ii).
    let s = settle(wpt(
        "2c 3c",
        "8s 9d Th Jc Qs",
        json!([{"seat": 1, "cards": "2d 3d", "wagers": {"ante": 500, "odds": 500}, "raise": {"street": "flop", "amount": 1000}}]),
    ));
    // § 677a.6(c): hands of identical rank (both the board's straight) tie, and the settlement
    // pushes every wager.
    for w in ["ante", "raise", "odds"] {
        assert_eq!(get(&s, 1, w).result, Outcome::Push, "{w}");
    }
    // A qualifying dealer beats two pairs: all three lose, no Bad Beat below a straight.
    let s = settle(wpt(
        "Kh Kd",
        "7c 2d 9h 4c 4s",
        json!([{"seat": 1, "cards": "7h 9d", "wagers": {"ante": 500, "odds": 500}, "raise": {"street": "pre-flop", "amount": 1500}}]),
    ));
    assert_eq!(s.totals.players, -2500);
    assert_eq!(get(&s, 1, "odds").section, "§ 677a.11(h)(2)(iii)(A)");
}

#[test]
fn wpt_payout_limit_caps_ante_raise_and_odds_only() {
    // § 677a.12(f): a $50,000 limit; a royal flush on a $200 Odds pays $100,000 on its own.
    let round = json!({"game": "wpt-heads-up", "rules": {"payout_limit_cents": 5_000_000}, "dealer": "4h 4d", "community": "Ts Js Qs 2c 3d",
        "seats": [{"seat": 1, "cards": "As Ks", "wagers": {"ante": 20000, "odds": 20000, "trips_plus": 20000}, "raise": {"street": "pre-flop", "amount": 60000}}]});
    let s = settle(round);
    let capped: i64 = ["ante", "raise", "odds"]
        .iter()
        .map(|w| get(&s, 1, w).net)
        .sum();
    assert_eq!(capped, 5_000_000);
    assert!(
        get(&s, 1, "odds")
            .explanation
            .contains("payout limit of $50,000.00 (§ 677a.12(f))")
    );
    // Trips Plus is outside the limit: 100 to 1 on $200.
    assert_eq!(get(&s, 1, "trips-plus").net, 2_000_000);
    // Without a limit (the default) the Odds pays in full.
    let s = settle(
        json!({"game": "wpt-heads-up", "dealer": "4h 4d", "community": "Ts Js Qs 2c 3d",
        "seats": [{"seat": 1, "cards": "As Ks", "wagers": {"ante": 20000, "odds": 20000}, "raise": {"street": "pre-flop", "amount": 60000}}]}),
    );
    assert_eq!(get(&s, 1, "odds").net, 10_000_000);
    // A limit under $50,000 is refused.
    let e = refused(
        json!({"game": "wpt-heads-up", "rules": {"payout_limit_cents": 100_000}, "dealer": "4h 4d", "community": "Ts Js Qs 2c 3d", "seats": []}),
    );
    assert!(e.contains("§ 677a.12(f)"), "{e}");
    // A Bad Beat on the Odds is outside the limit (§ 677a.12(f), (c)): the dealer's jack-high
    // straight flush beats the player's nine-high one; $200 of Odds at 500 to 1 is $100,000,
    // paid in full under a $50,000 limit.
    let s = settle(
        json!({"game": "wpt-heads-up", "rules": {"payout_limit_cents": 5_000_000}, "dealer": "Th Jh", "community": "9h 8h 7h 2c 3d",
        "seats": [{"seat": 1, "cards": "6h 5h", "wagers": {"ante": 20000, "odds": 20000}, "raise": {"street": "pre-flop", "amount": 60000}}]}),
    );
    let odds = get(&s, 1, "odds");
    assert_eq!(odds.net, 10_000_000, "{odds:#?}");
    assert!(
        !odds.explanation.contains("payout limit"),
        "{}",
        odds.explanation
    );
    assert!(get(&s, 1, "ante").net < 0 && get(&s, 1, "raise").net < 0);
}

#[test]
fn wpt_illegal_decisions_are_refused_with_the_section() {
    let seat = |raise: Value, fold: bool, odds: i64| json!([{"seat": 1, "cards": "As Ks", "wagers": {"ante": 500, "odds": odds}, "raise": raise, "fold": fold}]);
    let board = ("4h 4d", "Ts Js Qs 2c 3d");
    let cases = [
        (
            seat(json!({"street": "pre-flop", "amount": 2000}), false, 500),
            "§ 677a.11(b)",
        ),
        (
            seat(json!({"street": "flop", "amount": 1500}), false, 500),
            "§ 677a.11(d)",
        ),
        (
            seat(json!({"street": "river", "amount": 1000}), false, 500),
            "§ 677a.11(f)",
        ),
        (seat(Value::Null, false, 500), "§ 677a.11(f)"),
        (
            seat(json!({"street": "pre-flop", "amount": 500}), true, 500),
            "§ 677a.11(f)",
        ),
        (
            seat(json!({"street": "pre-flop", "amount": 500}), false, 400),
            "§ 677a.7(d)(1)",
        ),
    ];
    for (seats, section) in cases {
        let e = refused(wpt(board.0, board.1, seats));
        assert!(e.contains(section), "{e} should cite {section}");
        assert!(e.starts_with("seats[0]."), "{e}");
    }
    let e = refused(wpt("4h 4d", "Ts Js Qs 2c", json!([])));
    assert!(e.contains("§ 677a.13(c)"), "{e}");
    let e = refused(wpt(
        "4h 4d",
        "Ts Js Qs 2c 3d",
        json!([{"seat": 7, "cards": "As Ks", "wagers": {"ante": 500, "odds": 500}, "fold": true}]),
    ));
    // § 677a.2(a): a seventh betting position is refused by the settlement, citing the section.
    assert!(e.contains("§ 677a.2(a)"), "{e}");
    let e = refused(wpt(
        "4h 4d",
        "Ts Js Qs 2c 3d",
        json!([{"seat": 1, "cards": "As 4h", "wagers": {"ante": 500, "odds": 500}, "fold": true}]),
    ));
    assert!(e.contains("4h is also in dealer"), "{e}");
    let e = refused(wpt(
        "4h 4d",
        "Ts Js Qs 2c 3d",
        json!([{"seat": 1, "cards": "As Ks", "wagers": {"ante": "12a", "odds": 500}, "fold": true}]),
    ));
    assert!(e.contains("invalid type"), "{e}");
}

// ---------------------------------------------------------------- 647a Texas Hold 'Em Bonus

#[test]
fn thb_ante_pushes_below_the_threshold_and_side_wagers_follow_the_order() {
    let round = |cards: &str, rules: Value| {
        json!({"game": "texas-holdem-bonus", "rules": rules, "dealer": "Kh 3c", "community": "5c 6d 7h Kc 2s",
            "seats": [{"seat": 1, "cards": cards, "wagers": {"ante": 1000}, "flop": 2000, "turn": 1000, "river": 0}]})
    };
    // Aces beat the dealer's kings but are less than a straight: § 647a.11(h)(2)(ii).
    let s = settle(round("Ah Ad", json!({})));
    assert_eq!(get(&s, 1, "ante").result, Outcome::Push);
    assert_eq!(get(&s, 1, "flop").net, 2000);
    assert_eq!(get(&s, 1, "turn").net, 1000);
    assert!(all(&s, 1, "river").is_empty());
    // A straight pays the Ante; with the "flush" threshold it pushes.
    assert_eq!(get(&settle(round("8s 9d", json!({}))), 1, "ante").net, 1000);
    assert_eq!(
        get(
            &settle(round("8s 9d", json!({"ante_pays_from": "flush"}))),
            1,
            "ante"
        )
        .result,
        Outcome::Push
    );
    let e = refused(round("8s 9d", json!({"ante_pays_from": "trips"})));
    assert!(e.starts_with("rules:"), "{e}");
}

#[test]
fn thb_progressive_meter_is_read_at_each_winners_turn() {
    // Seat 2 flops a royal, seat 5 a straight. Settlement runs from the dealer's right: seat 5's
    // straight is a fixed 30 for 1, then seat 2 takes 100% of the $50,000 meter, which is reset
    // to $10,000 (§ 647a.12(d)(3),(4)).
    let round = json!({"game": "texas-holdem-bonus", "dealer": "2c 3c", "community": "Qs Js Ts 9s 4d",
    "meters": {"progressive": 5_000_000},
    "seats": [
        {"seat": 2, "cards": "As Ks", "wagers": {"ante": 500, "progressive": 100}, "flop": 1000},
        {"seat": 5, "cards": "Kd 9d", "wagers": {"ante": 500, "progressive": 500}, "flop": 1000},
        {"seat": 3, "cards": "Ah Ad", "wagers": {"ante": 500, "progressive": 500}, "flop": 0}
    ]});
    let s = settle(round);
    let p5 = get(&s, 5, "progressive");
    assert_eq!(p5.paid, 30 * 500);
    assert_eq!(p5.from_meter, 0);
    assert!(
        p5.floor_verification,
        "every progressive win is validated (§ 647a.11(i)(3))"
    );
    let p2 = get(&s, 2, "progressive");
    assert_eq!(p2.paid, 5_000_000);
    assert!(p2.hold_cards);
    assert_eq!(s.meters[0].after, 1_000_000);
    assert_eq!(s.meters[0].reseeded, 1_000_000);
    // Envy: seat 5 ($5) and folded seat 3 ($5) each get $5,000 for seat 2's royal; seat 2 gets
    // nothing for its own hand (§ 647a.12(d)(5)).
    assert_eq!(get(&s, 5, "envy").net, 500_000);
    assert_eq!(get(&s, 3, "envy").net, 500_000);
    assert!(all(&s, 2, "envy").is_empty());
    // The folded player's progressive loses (§ 647a.11(b)(2)(i)(B)).
    assert_eq!(get(&s, 3, "progressive").result, Outcome::Lose);
    // Order: main pass, then progressive and Envy, seat by seat from the right.
    let order: Vec<(u8, &str)> = s
        .results
        .iter()
        .map(|r| (r.seat, r.wager.as_str()))
        .collect();
    let first_prog = order.iter().position(|(_, w)| *w == "progressive").unwrap();
    assert!(
        order[..first_prog]
            .iter()
            .all(|(_, w)| ["ante", "flop", "turn", "river", "bonus"].contains(w))
    );
    assert_eq!(order[first_prog].0, 5);
}

#[test]
fn thb_two_meter_hits_in_one_round_are_paid_in_order() {
    // Seat 4 flops a straight flush, seat 1 a royal: seat 4 (nearer the dealer's right) takes
    // 10% of $20,000 = $2,000, seat 1 then the remaining $18,000.
    let round = json!({"game": "texas-holdem-bonus", "dealer": "2c 3c", "community": "Th Jh Qh 4d 5d",
    "meters": {"progressive": 2_000_000},
    "seats": [
        {"seat": 1, "cards": "Ah Kh", "wagers": {"ante": 500, "progressive": 100}, "flop": 1000},
        {"seat": 4, "cards": "9h 8h", "wagers": {"ante": 500, "progressive": 100}, "flop": 1000}
    ]});
    let s = settle(round);
    assert_eq!(get(&s, 4, "progressive").paid, 200_000);
    // § 647a.12(d): each winner is paid from the meter as it stands at his turn (the royal's
    // 100% of what the straight flush left), and each gets the other's Envy Bonus (below).
    assert_eq!(get(&s, 1, "progressive").paid, 1_800_000);
    let m = &s.meters[0];
    assert_eq!(
        (m.before, m.paid, m.after),
        (2_000_000, 2_000_000, 1_000_000)
    );
    // Each gets an Envy Bonus for the other's hand: $1,000 for the royal, $300 for the SF.
    assert_eq!(get(&s, 4, "envy").net, 100_000);
    assert_eq!(get(&s, 1, "envy").net, 30_000);
}

#[test]
fn thb_payout_limit_covers_bonus_not_progressive() {
    let round = json!({"game": "texas-holdem-bonus", "dealer": "As Ac", "community": "2c 5d 9s Jc 3h",
        "seats": [{"seat": 1, "cards": "Ah Ad", "wagers": {"ante": 1000, "bonus": 10000}, "flop": 2000}]});
    // Paytable A: aces with the dealer's aces, 1,000 to 1 on $100 = $100,000 → cut to $50,000.
    let s = settle(round);
    let b = get(&s, 1, "bonus");
    assert_eq!(b.net, 5_000_000);
    assert!(b.explanation.contains("§ 647a.12(c)"), "{}", b.explanation);
}

#[test]
fn thb_five_card_bonus_on_the_dealers_hand_is_shared() {
    // The dealer flops a royal: 100% of the $30,000 meter is split between two bettors.
    let round = json!({"game": "texas-holdem-bonus", "dealer": "As Ks", "community": "Qs Js Ts 2d 3d",
    "meters": {"five_card_bonus": 3_000_001}, "magic_card": "2h", "lucky": 6,
    "seats": [
        {"seat": 1, "cards": "4c 5c", "wagers": {"ante": 500, "fchb_dealer": 100}, "flop": 0},
        {"seat": 2, "cards": "4h 5h", "wagers": {"ante": 500, "fchb_dealer": 500}, "flop": 0}
    ]});
    let s = settle(round);
    let a = get(&s, 1, "fchb-dealer");
    let b = get(&s, 2, "fchb-dealer");
    // The odd cent that cannot be shared goes to the first bettor in settlement order: the
    // meter pays out what the controller takes for the hit, and is reseeded to its reset.
    // § 647a.12(e): a dealer's-hand meter payout is divided equally among its bettors.
    assert_eq!(a.paid + b.paid, 3_000_001);
    assert_eq!((a.paid - b.paid).abs(), 1);
    assert!(a.floor_verification && a.hold_cards);
    assert_eq!(s.meters[0].paid, 3_000_001);
    assert_eq!(s.meters[0].after, 1_000_000);
    // Magic and Lucky need the system's draw.
    let e = refused(
        json!({"game": "texas-holdem-bonus", "dealer": "As Ks", "community": "Qs Js Ts 2d 3d",
        "meters": {"five_card_bonus": 3_000_000},
        "seats": [{"seat": 1, "cards": "4c 5c", "wagers": {"ante": 500, "fchb_player": 100}, "flop": 0}]}),
    );
    assert!(e.starts_with("magic_card:"), "{e}");
}

#[test]
fn thb_illegal_decisions_are_refused() {
    let seat = |flop: i64, turn: i64, progressive: i64| {
        json!({"game": "texas-holdem-bonus", "dealer": "Kh 3c", "community": "5c 6d 7h Kc 2s", "meters": {"progressive": 1_000_000},
        "seats": [{"seat": 1, "cards": "8s 9d", "wagers": {"ante": 1000, "progressive": progressive}, "flop": flop, "turn": turn}]})
    };
    for (round, section) in [
        (seat(1000, 0, 0), "§ 647a.11(b)"),
        (seat(3000, 0, 0), "§ 647a.11(b)"),
        (seat(0, 1000, 0), "§ 647a.11(d)"),
        (seat(2000, 2000, 0), "§ 647a.11(d)"),
        (seat(2000, 0, 200), "§ 647a.12(d)(5)"),
    ] {
        let e = refused(round);
        assert!(e.contains(section), "{e} should cite {section}");
    }
    let e = refused(
        json!({"game": "texas-holdem-bonus", "dealer": "Kh 3c", "community": "5c 6d 7h Kc 2s",
        "seats": [{"seat": 1, "cards": "8s 9d", "wagers": {"ante": 1000, "progressive": 100}, "flop": 2000}]}),
    );
    assert!(e.starts_with("meters.progressive:"), "{e}");
}

// ---------------------------------------------------------------- 589 Lunar Poker

#[test]
fn lunar_dealer_qualification_force_and_second_combination() {
    // Dealer Q-high does not qualify. Seat 1 takes the Ante 1:1 and the Bet back; seat 3 forces:
    // the dealer's queen is replaced by a king, K-9-7-4-2, still no ace-king, so seat 3 gets
    // Ante and Bet back and loses the fee (§ 589.11(e)(2)(ii)(A)).
    let s = settle(
        json!({"game": "lunar-poker", "dealer": "Qh 9d 7c 4s 2h", "dealer_replacement": "Kd",
        "seats": [
            {"seat": 1, "cards": "Jc Jd 8h 5s 3c", "wagers": {"ante": 1000}, "bet": true},
            {"seat": 3, "cards": "Tc Td 8d 5c 3d", "wagers": {"ante": 1000}, "bet": true, "force": true}
        ]}),
    );
    // § 589.12(d): the winning Ante against a dealer who does not qualify is paid 1 to 1.
    assert_eq!(get(&s, 1, "ante").net, 1000);
    assert_eq!(get(&s, 1, "bet").result, Outcome::Push);
    assert_eq!(get(&s, 3, "force-fee").net, -1000);
    assert_eq!(get(&s, 3, "ante").result, Outcome::Push);
    assert_eq!(get(&s, 3, "bet").result, Outcome::Push);
    assert_eq!(get(&s, 3, "bet").section, "§ 589.11(e)(2)(ii)(A)");
    // Non-forcing players are settled before the replacement card (§ 589.11(e)(2)(ii)).
    let i1 = s.results.iter().position(|r| r.seat == 1).unwrap();
    let i3 = s
        .results
        .iter()
        .position(|r| r.seat == 3 && r.wager == "force-fee")
        .unwrap();
    assert!(i1 < i3);
    // The queen replaced by a nine: 9-9-7-4-2 qualifies with a pair (§ 589.11(e)(2)(ii)(B)).
    let s = settle(
        json!({"game": "lunar-poker", "dealer": "Qh 9d 7c 4s 2h", "dealer_replacement": "9s",
        "seats": [{"seat": 3, "cards": "Tc Td 8d 5c 3d", "wagers": {"ante": 1000}, "bet": true, "force": true}]}),
    );
    // The nines lose to the tens: Ante returned, Bet paid 1 to 1 for the pair.
    assert_eq!(get(&s, 3, "ante").result, Outcome::Push);
    assert_eq!(get(&s, 3, "bet").net, 2000);
    assert_eq!(get(&s, 3, "bet").section, "§ 589.12(c)");
}

#[test]
fn lunar_second_combination_as_in_the_regulations_example() {
    // § 589.11(e)(1)(ii): A-A-K-8-9 is paid for the pair of aces and for the ace-king.
    let s = settle(json!({"game": "lunar-poker", "dealer": "Ac Kh 7c 4s 2h",
        "seats": [{"seat": 1, "cards": "Ah Ad Kd 8h 9s", "wagers": {"ante": 1000}, "bet": true}]}));
    assert_eq!(
        get(&s, 1, "ante").result,
        Outcome::Push,
        "beating a qualifying dealer returns the Ante"
    );
    assert_eq!(get(&s, 1, "bet").net, 2000);
    let second = get(&s, 1, "bet-second-combination");
    assert_eq!(second.net, 2000);
    assert!(
        second.explanation.contains("ace-king"),
        "{}",
        second.explanation
    );
    // A-A-K-K-Q: every ace-king is inside the two pairs: no second payout.
    let s = settle(json!({"game": "lunar-poker", "dealer": "Ac Kh 7c 4s 2h",
        "seats": [{"seat": 1, "cards": "Ah Ad Kd Ks Qs", "wagers": {"ante": 1000}, "bet": true}]}));
    assert!(all(&s, 1, "bet-second-combination").is_empty());
    // Six cards (a bought card): a straight plus a pair made with the sixth card.
    let s = settle(json!({"game": "lunar-poker", "dealer": "Ac Kh 7c 4s 2h",
        "seats": [{"seat": 1, "cards": "9d Td Jh Qs 3c", "wagers": {"ante": 1000}, "draw": {"buy": "8d"}, "bet": true}]}));
    assert_eq!(get(&s, 1, "options-fee").net, -1000);
    assert_eq!(get(&s, 1, "bet").net, 8000);
    assert!(
        all(&s, 1, "bet-second-combination").is_empty(),
        "8-Q with a 3: no second combination"
    );
}

#[test]
fn lunar_instant_payout_and_refusals() {
    // A declared straight flush is paid instantly on the Ante and takes no further part.
    let s = settle(
        json!({"game": "lunar-poker", "rules": {"instant": "H"}, "dealer": "Ac Kd 7c 4s 2h",
        "seats": [{"seat": 2, "cards": "9h 8h 7h 6h 5h", "wagers": {"ante": 1000, "super": 500}, "declared": true}]}),
    );
    // § 589.12(a): the casino's instant paytable, here H (`rules.instant`), pays the straight
    // flush 300 to 1 on the Ante, not paytable A's 500 to 1.
    assert_eq!(get(&s, 2, "ante").net, 300_000);
    assert_eq!(
        get(&s, 2, "super").net,
        500 * 150,
        "a straight flush is a same-colored straight"
    );
    // Undeclared: no instant payout and the Super Wager loses.
    let s = settle(json!({"game": "lunar-poker", "dealer": "Ac Kd 7c 4s 2h",
        "seats": [{"seat": 2, "cards": "9h 8h 7h 6h 5h", "wagers": {"ante": 1000, "super": 500}}]}));
    assert_eq!(get(&s, 2, "super").result, Outcome::Lose);
    // § 589.11(c)(2)(i): the words say why, as the regulation does.
    assert!(
        get(&s, 2, "super")
            .explanation
            .contains("not declared and revealed"),
        "{}",
        get(&s, 2, "super").explanation
    );
    assert_eq!(get(&s, 2, "ante").result, Outcome::Lose);
    let base =
        |seat: Value| json!({"game": "lunar-poker", "dealer": "Ac Kd 7c 4s 2h", "seats": [seat]});
    for (seat, section) in [
        (
            json!({"seat": 1, "cards": "9h 8h 7h 6h 5h", "wagers": {"ante": 1000}, "bet": true}),
            "§ 589.11(b)(2)",
        ),
        (
            json!({"seat": 1, "cards": "9h 8c 7h 6h 2d", "wagers": {"ante": 1000}, "draw": {"exchange": {"discard": "2d", "replace": "5h"}}, "bet": true}),
            "§ 589.11(b)(3)",
        ),
        (
            json!({"seat": 1, "cards": "9h 8c 7h 6h 2d", "wagers": {"ante": 1000}, "draw": {"exchange": {"discard": "2d 8c", "replace": "5h"}}, "bet": true}),
            "§ 589.11(d)(2)(i)(B)",
        ),
        (
            json!({"seat": 1, "cards": "9h 8c 7h 6h 2d", "wagers": {"ante": 1000}, "bet": true, "force": true}),
            "§ 589.11(e)(2)",
        ),
        (
            json!({"seat": 6, "cards": "9h 8c 7h 6h 2d", "wagers": {"ante": 1000}, "bet": true}),
            "§ 589.2(a)",
        ),
    ] {
        let e = refused(base(seat));
        assert!(e.contains(section), "{e} should cite {section}");
    }
}

// ---------------------------------------------------------------- 635a Spanish 21

fn s21(dealer: &str, seats: Value) -> Value {
    json!({"game": "spanish-21", "dealer": dealer, "seats": seats})
}

#[test]
fn spanish21_outcomes_of_section_635a_7_n_o() {
    // Player 21 in three cards beats a dealer 21 in three cards (§ 635a.7(n)(4)); the dealer
    // draws for seat 2's 15, not for the sure 21 (§ 635a.7(m)).
    let s = settle(s21(
        "9c 5d 7h",
        json!([
        {"seat": 1, "wagers": {"spanish_21": 1000}, "hands": [{"cards": "9h 5c 7d"}]},
        {"seat": 2, "wagers": {"spanish_21": 1000}, "hands": [{"cards": "8h 7c"}]}]),
    ));
    assert_eq!(get(&s, 1, "spanish-21").net, 1000);
    assert_eq!(get(&s, 2, "spanish-21").net, -1000);
    // With only the sure 21 in play, a dealer draw is refused: it could change nothing.
    let e = deckhand::rules::registry::settle_json(
        &s21(
            "9c 5d 7h",
            json!([{"seat": 1, "wagers": {"spanish_21": 1000}, "hands": [{"cards": "9h 5c 7d"}]}]),
        )
        .to_string(),
        &deckhand::rules::banked::paytable::Paytables::embedded().unwrap(),
        &Default::default(),
    )
    .unwrap_err();
    assert!(e.to_string().contains("§ 635a.7(m)"), "{e}");
    // A Blackjack beats a dealer Blackjack, 3 to 2 (§ 635a.7(n)(3)); the dealer's Blackjack takes
    // a plain hand.
    let s = settle(s21(
        "Ac Kd",
        json!([
        {"seat": 1, "wagers": {"spanish_21": 1000}, "hands": [{"cards": "Ah Qs"}]},
        {"seat": 2, "wagers": {"spanish_21": 1000}, "hands": [{"cards": "Kh Qh"}]}]),
    ));
    assert_eq!(get(&s, 1, "spanish-21").net, 1500);
    // § 635a.7(o): a dealer Blackjack takes every hand but a player's Blackjack.
    assert_eq!(get(&s, 2, "spanish-21").net, -1000);
    // Equal totals push.
    let s = settle(s21(
        "9c 9d",
        json!([{"seat": 1, "wagers": {"spanish_21": 1000}, "hands": [{"cards": "Kh 8s"}]}]),
    ));
    // § 635a.7(o): equal totals (18 against 18) tie and the wager is returned.
    assert_eq!(get(&s, 1, "spanish-21").result, Outcome::Push);
}

#[test]
fn spanish21_double_rescue_split_surrender_insurance() {
    // Double down wins 1:1 on both wagers, no 21 bonus (§ 635a.10(c)).
    let s = settle(s21(
        "9c 8d",
        json!([{"seat": 1, "wagers": {"spanish_21": 1000}, "hands": [{"cards": "6h 7h 8h", "double": 1000}]}]),
    ));
    assert_eq!(get(&s, 1, "spanish-21").net, 1000);
    assert_eq!(get(&s, 1, "double-down").net, 1000);
    // Rescue: the double comes back, the original is forfeited (§ 635a.10(d)); the dealer then
    // does not draw for this hand.
    let s = settle(s21(
        "9c 6d",
        json!([{"seat": 1, "wagers": {"spanish_21": 1000}, "hands": [{"cards": "5h 6h 2c", "double": 500, "rescue": true}]}]),
    ));
    assert_eq!(get(&s, 1, "spanish-21").net, -1000);
    assert_eq!(get(&s, 1, "double-down").result, Outcome::Push);
    // Split eights: each hand plays for the original wager; no bonus on a split hand's 21.
    let s = settle(s21(
        "9c 8d",
        json!([{"seat": 1, "wagers": {"spanish_21": 1000}, "hands": [{"cards": "8h 2c 4d 7s"}, {"cards": "8s 9d"}]}]),
    ));
    assert_eq!(get(&s, 1, "spanish-21").net, 1000);
    assert_eq!(get(&s, 1, "split-wager").result, Outcome::Push);
    // Surrender against a 6: half back at once (§ 635a.9(a)(1)).
    let s = settle(s21(
        "6c Kd",
        json!([{"seat": 1, "wagers": {"spanish_21": 1000}, "surrender": true, "hands": [{"cards": "Kh 6h"}]}]),
    ));
    let r = get(&s, 1, "spanish-21");
    assert_eq!((r.paid, r.net), (500, -500));
    // Insurance against an ace: loses when the dealer has no Blackjack (§ 635a.8(d)).
    let s = settle(s21(
        "Ac 5d 2h",
        json!([{"seat": 1, "wagers": {"spanish_21": 1000, "insurance": 500}, "hands": [{"cards": "Kh 9s"}]}]),
    ));
    assert_eq!(get(&s, 1, "insurance").net, -500);
    assert_eq!(get(&s, 1, "spanish-21").net, 1000);
}

#[test]
fn spanish21_suited_sevens_pay_every_other_player_once() {
    // Seats 1 and 2 are one player's adjacent boxes; seat 4 another player. Seat 3 has three 7s
    // of diamonds against the dealer's 7: $5,000 on a $25 wager, and $50 to each other player.
    let s = settle(s21(
        "7c 9d 3h",
        json!([
        {"seat": 1, "player": "P1", "wagers": {"spanish_21": 500}, "hands": [{"cards": "Kh Qs"}]},
        {"seat": 2, "player": "P1", "wagers": {"spanish_21": 500}, "hands": [{"cards": "Kd 9s"}]},
        {"seat": 3, "wagers": {"spanish_21": 2500}, "hands": [{"cards": "7d 7d 7d"}]},
        {"seat": 4, "wagers": {"spanish_21": 500}, "hands": [{"cards": "Kc Qc"}]}]),
    ));
    // § 635a.12(c): three suited 7s against the dealer's 7 on a $25 wager add $5,000, and each
    // other player (once, however many boxes) $50.
    assert_eq!(get(&s, 3, "suited-sevens").net, 500_000);
    assert_eq!(
        get(&s, 3, "spanish-21").net,
        5000,
        "three suited 7s pay 2 to 1 (§ 635a.12(b)(4))"
    );
    let shares: Vec<u8> = s
        .results
        .iter()
        .filter(|r| r.wager == "suited-sevens-share")
        .map(|r| r.seat)
        .collect();
    assert_eq!(shares.len(), 2, "{shares:?}");
    assert!(shares.contains(&4));
    // Per box, both of P1's boxes are paid.
    let p = Paytables::embedded().unwrap();
    let mut rules = HouseRules::default();
    rules.edit(|g: &mut deckhand::rules::banked::spanish21::Rules| {
        g.suited_sevens_others_per = deckhand::rules::banked::spanish21::OthersPer::Box
    });
    let s = settle_json(
        &s21(
            "7c 9d 3h",
            json!([
        {"seat": 1, "player": "P1", "wagers": {"spanish_21": 500}, "hands": [{"cards": "Kh Qs"}]},
        {"seat": 2, "player": "P1", "wagers": {"spanish_21": 500}, "hands": [{"cards": "Kd 9s"}]},
        {"seat": 3, "wagers": {"spanish_21": 2500}, "hands": [{"cards": "7d 7d 7d"}]}]),
        )
        .to_string(),
        &p,
        &rules,
    )
    .unwrap();
    assert_eq!(
        s.results
            .iter()
            .filter(|r| r.wager == "suited-sevens-share")
            .count(),
        2
    );
}

#[test]
fn spanish21_illegal_decisions_are_refused() {
    for (round, section) in [
        // Drawing on 21.
        (
            s21(
                "9c 8d",
                json!([{"seat": 1, "wagers": {"spanish_21": 1000}, "hands": [{"cards": "Kh 5c 6d 2s"}]}]),
            ),
            "§ 635a.7(j)",
        ),
        // Doubling for more than the wager.
        (
            s21(
                "9c 8d",
                json!([{"seat": 1, "wagers": {"spanish_21": 1000}, "hands": [{"cards": "5h 6h 9c", "double": 1500}]}]),
            ),
            "§ 635a.10(a)",
        ),
        // Two cards after a double.
        (
            s21(
                "9c 8d",
                json!([{"seat": 1, "wagers": {"spanish_21": 1000}, "hands": [{"cards": "5h 2h 2c 3c", "double": 1000}]}]),
            ),
            "§ 635a.10(a)",
        ),
        // Rescuing a bust hand.
        (
            s21(
                "9c 8d",
                json!([{"seat": 1, "wagers": {"spanish_21": 1000}, "hands": [{"cards": "Kh 2h Qc", "double": 1000, "rescue": true}]}]),
            ),
            "§ 635a.10(d)",
        ),
        // Splitting unequal cards.
        (
            s21(
                "9c 8d",
                json!([{"seat": 1, "wagers": {"spanish_21": 1000}, "hands": [{"cards": "8h 9c"}, {"cards": "7s Kd"}]}]),
            ),
            "§ 635a.11(a)",
        ),
        // § 635a.6(d): a box without a Spanish 21 Wager plays nothing.
        (
            s21(
                "9c 8d",
                json!([{"seat": 1, "wagers": {"spanish_21": 0, "match_the_dealer": 500}, "hands": [{"cards": "5h 6h"}]}]),
            ),
            "§ 635a.6(d)",
        ),
        // § 635a.10(b): the reader found the dealer's Blackjack before any double.
        (
            s21(
                "Ac Kd",
                json!([{"seat": 1, "wagers": {"spanish_21": 1000}, "hands": [{"cards": "5h 6h 9c", "double": 1000}]}]),
            ),
            "§ 635a.7(g)",
        ),
        // § 635a.11(d): nor a split.
        (
            s21(
                "Ac Kd",
                json!([{"seat": 1, "wagers": {"spanish_21": 1000}, "hands": [{"cards": "8h 9c"}, {"cards": "8s Kd"}]}]),
            ),
            "§ 635a.7(g)",
        ),
        // Too many splits (two re-splits allowed by default: four hands).
        (
            s21(
                "9c 8d",
                json!([{"seat": 1, "wagers": {"spanish_21": 1000}, "hands": [{"cards": "8h 9c"}, {"cards": "8s Kd"}, {"cards": "8d Kd"}, {"cards": "8c Kd"}, {"cards": "8h Kh"}]}]),
            ),
            "§ 635a.11(c)",
        ),
        // Surrender after drawing.
        (
            s21(
                "9c 8d",
                json!([{"seat": 1, "wagers": {"spanish_21": 1000}, "surrender": true, "hands": [{"cards": "5h 6h 2c"}]}]),
            ),
            "§ 635a.9(a)",
        ),
        // Insurance against a king.
        (
            s21(
                "Kc 8d",
                json!([{"seat": 1, "wagers": {"spanish_21": 1000, "insurance": 500}, "hands": [{"cards": "Kh 9c"}]}]),
            ),
            "§ 635a.8(a)",
        ),
        // Insurance over half (next chip unit: $5 on $9.00 is over $5? half is $4.50 → $5 allowed; $6 not).
        (
            s21(
                "Ac 8d",
                json!([{"seat": 1, "wagers": {"spanish_21": 900, "insurance": 600}, "hands": [{"cards": "Kh 9c"}]}]),
            ),
            "§ 635a.8(b)",
        ),
        // The dealer stands on soft 17.
        // § 635a.13(e): a card the dealer drew on 17 (here soft 17) is refused by the settlement,
        // citing § 635a.7(l); the card goes to the discard rack.
        (
            s21(
                "Ac 6d 3h",
                json!([{"seat": 1, "wagers": {"spanish_21": 1000}, "hands": [{"cards": "Kh 9c"}]}]),
            ),
            "§ 635a.7(l)",
        ),
        (
            s21(
                "6c 5d",
                json!([{"seat": 1, "wagers": {"spanish_21": 1000}, "hands": [{"cards": "Kh 9c"}]}]),
            ),
            "§ 635a.7(l)",
        ),
        // A ten in a Spanish deck.
        (
            s21(
                "9c 8d",
                json!([{"seat": 1, "wagers": {"spanish_21": 1000}, "hands": [{"cards": "Th 9c"}]}]),
            ),
            "§ 635a.3(a)",
        ),
    ] {
        let e = refused(round);
        assert!(e.contains(section), "{e} should cite {section}");
    }
    // Ac 6d is soft 17: standing is right, and 900 with a $5 insurance (next chip unit) is fine.
    let s = settle(s21(
        "Ac 6d",
        json!([{"seat": 1, "wagers": {"spanish_21": 900, "insurance": 500}, "hands": [{"cards": "Kh 9c"}]}]),
    ));
    assert_eq!(get(&s, 1, "insurance").net, -500);
    assert_eq!(get(&s, 1, "spanish-21").net, 900);
}

// ---------------------------------------------------------------- 655a Mississippi Stud

#[test]
fn mississippi_stud_push_band_folds_and_cap() {
    // A pair of 6s to 10s pushes every Mississippi Stud wager (§ 655a.11(i)(2)).
    let s = settle(json!({"game": "mississippi-stud", "community": "8c 5s 3c",
        "seats": [{"seat": 1, "cards": "8d Ah", "wagers": {"ante": 500}, "streets": [1500, 500, 1000]}]}));
    assert_eq!(s.totals.players, 0);
    assert_eq!(get(&s, 1, "5th-street").result, Outcome::Push);
    // A pair of 5s loses everything.
    let s = settle(json!({"game": "mississippi-stud", "community": "5c 9s 3c",
        "seats": [{"seat": 1, "cards": "5d Ah", "wagers": {"ante": 500}, "streets": [500, 500, 500]}]}));
    assert_eq!(s.totals.players, -2000);
    // Folding at 4th street forfeits Ante, 3rd Street and the progressive but keeps the Three
    // Card Bonus and Envy (§ 655a.11(h)).
    let s = settle(
        json!({"game": "mississippi-stud", "community": "Qh Jh Th", "meters": {"progressive": 1_000_000},
        "seats": [
            {"seat": 1, "cards": "2c 3d", "wagers": {"ante": 500, "progressive": 100, "three_card_bonus": 500}, "streets": [500]},
            {"seat": 2, "cards": "Ah Kh", "wagers": {"ante": 500}, "streets": [500, 500, 500]}]}),
    );
    assert_eq!(get(&s, 1, "3rd-street").result, Outcome::Lose);
    assert_eq!(get(&s, 1, "progressive").section, "§ 655a.11(h)");
    assert_eq!(get(&s, 1, "envy").net, 100_000);
    assert_eq!(
        get(&s, 1, "three-card-bonus").net,
        500 * 40,
        "Q-J-10 of hearts: a straight flush"
    );
    // The royal at seat 2 pays 500 to 1 on four wagers, $8,000, under the $50,000 limit.
    assert_eq!(get(&s, 2, "ante").net, 250_000);
    // $100 Ante, $300 streets: a royal pays $500,000 before the limit of $50,000 (§ 655a.12(b)).
    let s = settle(json!({"game": "mississippi-stud", "community": "Qh Jh Th",
        "seats": [{"seat": 2, "cards": "Ah Kh", "wagers": {"ante": 10000}, "streets": [30000, 30000, 30000]}]}));
    assert_eq!(s.totals.players, 5_000_000);
}

#[test]
fn mississippi_stud_illegal_decisions_are_refused() {
    let e = refused(json!({"game": "mississippi-stud", "community": "Qh Jh Th",
        "seats": [{"seat": 1, "cards": "Ah Kh", "wagers": {"ante": 500}, "streets": [700]}]}));
    assert!(e.contains("§ 655a.11(b)"), "{e}");
    let e = refused(json!({"game": "mississippi-stud", "community": "Qh Jh Th",
        "seats": [{"seat": 1, "cards": "Ah Kh", "wagers": {"ante": 500}, "streets": [500, 500, 2000]}]}));
    assert!(e.contains("§ 655a.11(f)"), "{e}");
    let e = refused(json!({"game": "mississippi-stud", "community": "Qh Jh",
        "seats": [{"seat": 1, "cards": "Ah Kh", "wagers": {"ante": 500}, "streets": []}]}));
    assert!(e.contains("§ 655a.13(c)"), "{e}");
}

// ---------------------------------------------------------------- 657a Crazy 4 Poker

#[test]
fn crazy4_qualification_super_bonus_and_play_limits() {
    let round = |dealer: &str, cards: &str, play: i64| {
        json!({"game": "crazy-4-poker", "dealer": dealer,
        "seats": [{"seat": 1, "cards": cards, "wagers": {"ante": 1000, "super_bonus": 1000}, "play": play}]})
    };
    // Dealer queen-high does not qualify: Ante returned, Play paid, Super Bonus returned below a
    // straight (§ 657a.11(c)(3)(i)).
    let s = settle(round("Qc 9d 7h 4s 2c", "3s 3d 8h 5s 6c", 1000));
    assert_eq!(get(&s, 1, "ante").result, Outcome::Push);
    assert_eq!(get(&s, 1, "play").net, 1000);
    assert_eq!(get(&s, 1, "super-bonus").result, Outcome::Push);
    // A qualifying dealer beats the player: the Super Bonus below a straight loses, a straight
    // is still paid.
    let s = settle(round("Kc Kd 7h 4s 2c", "3s 3d 8h 5s 6c", 1000));
    assert_eq!(get(&s, 1, "super-bonus").result, Outcome::Lose);
    let s = settle(round("Kc Kd Kh 4s 2c", "9s Td Jh Qs 3c", 1000));
    assert_eq!(get(&s, 1, "play").result, Outcome::Lose);
    assert_eq!(get(&s, 1, "super-bonus").net, 1000);
    // Tie: Ante and Play returned (§ 657a.11(c)(3)(ii)(C)).
    let s = settle(round("Kc Kd 7h 4s 2c", "Ks Kh 7d 4c 3c", 1000));
    assert_eq!(get(&s, 1, "ante").result, Outcome::Push);
    // Play of 3× needs a pair of aces or better (§ 657a.11(b)).
    let s = settle(round("Kc 9d 7h 4s 2c", "Ah Ad 8h 5s 3c", 3000));
    assert_eq!(get(&s, 1, "play").net, 3000);
    let e = refused(round("Kc 9d 7h 4s 2c", "Kh Kd 8h 5s 3c", 2000));
    assert!(e.contains("§ 657a.11(b)"), "{e}");
    let e = refused(round("Kc 9d 7h 4s 2c", "Ah Ad 8h 5s 3c", 4000));
    assert!(e.contains("§ 657a.11(b)"), "{e}");
    let e = refused(json!({"game": "crazy-4-poker", "dealer": "Kc 9d 7h 4s 2c",
        "seats": [{"seat": 1, "cards": "Ah Ad 8h 5s 3c", "wagers": {"ante": 1000, "super_bonus": 500}, "play": 1000}]}));
    assert!(e.contains("§ 657a.7(d)(1)"), "{e}");
}

#[test]
fn crazy4_four_aces_on_queens_up_is_four_of_a_kind() {
    // Queens Up has no four-aces line (§ 657a.12(c)): four aces pay as four of a kind, 50 to 1;
    // the Super Bonus pays its own four-aces line, 200 to 1 (§ 657a.12(b)).
    let s = settle(json!({"game": "crazy-4-poker", "dealer": "Kc 9d 7h 4s 2c",
        "seats": [{"seat": 1, "cards": "Ac Ad Ah As 2d", "wagers": {"ante": 1000, "super_bonus": 1000, "queens_up": 500}, "play": 1000}]}));
    // § 657a.11(d): Queens Up is settled on the player's own best four-card hand: four aces.
    assert_eq!(get(&s, 1, "queens-up").net, 25_000);
    assert_eq!(get(&s, 1, "super-bonus").net, 200_000);
}

#[test]
fn crazy4_envy_follows_the_paytable_and_never_the_dealer() {
    // Paytable B has no straight-flush Envy; the dealer's four aces pay no one.
    let s = settle(
        json!({"game": "crazy-4-poker", "rules": {"progressive": "B", "progressive_reset_cents": 100_000}, "dealer": "Ac Ad Ah As 2c", "meters": {"progressive": 200_000},
        "seats": [
            {"seat": 1, "cards": "3d 3s 5d 6d Ts", "wagers": {"ante": 500, "super_bonus": 500, "progressive": 500}, "play": 500},
            {"seat": 2, "cards": "9h 8h 7h 6h 2d", "wagers": {"ante": 500, "super_bonus": 500}, "play": 500}]}),
    );
    // § 657a.11(e): no Envy Bonus for the dealer's four aces, only for another player's hand.
    // § 657a.12(d): paytable B's Envy schedule has no straight-flush line: seat 2's pays none.
    assert!(all(&s, 1, "envy").is_empty(), "{:#?}", s.results);
    // A folded hand is collected before the reveal and qualifies no one by default.
    let s = settle(
        json!({"game": "crazy-4-poker", "dealer": "Kc 5c 7s 4c 2s", "meters": {"progressive": 600_000},
        "seats": [
            {"seat": 1, "cards": "3d 3s 5d 6d Ts", "wagers": {"ante": 500, "super_bonus": 500, "progressive": 100}, "play": 500},
            {"seat": 2, "cards": "9c 9d 9h 9s 2d", "wagers": {"ante": 500, "super_bonus": 500}, "play": 0}]}),
    );
    assert!(all(&s, 1, "envy").is_empty());
    assert_eq!(get(&s, 2, "super-bonus").result, Outcome::Lose);
}

// ---------------------------------------------------------------- input errors

#[test]
fn bad_input_names_the_field() {
    let p = Paytables::embedded().unwrap();
    let r = HouseRules::default();
    let e = settle_json("{", &p, &r).unwrap_err().to_string();
    assert!(e.starts_with("input: not JSON"), "{e}");
    let e = settle_json(r#"{"game": "baccarat"}"#, &p, &r)
        .unwrap_err()
        .to_string();
    assert!(e.starts_with("game:"), "{e}");
    let e = settle_json(r#"{"seats": []}"#, &p, &r)
        .unwrap_err()
        .to_string();
    assert!(e.starts_with("game: missing"), "{e}");
    let e = settle_json(
        r#"{"game": "crazy-4-poker", "dealer": "Kc 5c 7s 4c 2s", "seats": [], "colour": 1}"#,
        &p,
        &r,
    )
    .unwrap_err()
    .to_string();
    assert!(e.contains("unknown field `colour`"), "{e}");
    let e = settle_json(r#"{"game": "crazy-4-poker", "rules": {"queens_up": "Z"}, "dealer": "Kc 5c 7s 4c 2s", "seats": []}"#, &p, &r).unwrap_err().to_string();
    assert!(e.contains("queens-up paytable `Z`"), "{e}");
    let e = settle_json(
        r#"{"game": "crazy-4-poker", "dealer": "Kc 5c 7s 4c 1s", "seats": []}"#,
        &p,
        &r,
    )
    .unwrap_err()
    .to_string();
    assert!(e.starts_with("dealer:"), "{e}");
}

/// § 589.11(c): what is settled when all decisions are locked in, before any other card, is
/// what the round's full settlement settles for those wagers; a declared hand gives its five
/// cards, one not declared gives none, and a card named twice is refused.
#[test]
fn lunar_lock_in_settles_what_the_full_settlement_does() {
    use deckhand::rules::banked::lunar::{Rules, Seat, settle_lock_in};
    let p = Paytables::embedded().unwrap();
    let seat = |n: u8, cards: &str, ante: i64, sup: i64, declared: bool| -> Seat {
        serde_json::from_value(json!({"seat": n, "cards": cards,
            "wagers": {"ante": ante, "super": sup}, "declared": declared}))
        .unwrap()
    };
    let seats = [
        seat(1, "Ah Kh 9d 6d 3h", 1000, 500, true),
        seat(2, "", 1000, 500, false),
        seat(4, "9s 8s 7s 6s 5s", 1000, 0, true),
    ];
    let early = settle_lock_in(&seats, &Rules::default(), &p, 1).unwrap();
    let full = settle(
        json!({"game": "lunar-poker", "dealer": "Qc Jc 8c 4s 2d", "seats": [
            {"seat": 1, "cards": "Ah Kh 9d 6d 3h", "wagers": {"ante": 1000, "super": 500},
             "declared": true, "bet": true},
            {"seat": 2, "cards": "Qs Qd 7c 5h 2s", "wagers": {"ante": 1000, "super": 500},
             "bet": true},
            {"seat": 4, "cards": "9s 8s 7s 6s 5s", "wagers": {"ante": 1000}, "declared": true}
        ]}),
    );
    let keys: Vec<(u8, &str)> = early
        .results
        .iter()
        .map(|r| (r.seat, r.wager.as_str()))
        .collect();
    assert_eq!(keys, [(1, "super"), (2, "super"), (4, "ante")]);
    for r in &early.results {
        let f = get(&full, r.seat, &r.wager);
        assert_eq!((f.result, f.paid), (r.result, r.paid), "{r:#?}");
    }
    assert_eq!(get(&early, 2, "super").result, Outcome::Lose);
    assert!(
        get(&early, 2, "super")
            .explanation
            .contains("no winning hand declared and revealed"),
        "{}",
        get(&early, 2, "super").explanation
    );
    assert!(get(&early, 4, "ante").paid > 1000, "the instant payout");
    let refuse = |seats: &[Seat]| {
        settle_lock_in(seats, &Rules::default(), &p, 1)
            .unwrap_err()
            .to_string()
    };
    let e = refuse(&[seat(1, "Ah Kh", 1000, 500, true)]);
    assert!(e.contains("a declared hand is its first five cards"), "{e}");
    let e = refuse(&[seat(2, "Qs Qd 7c 5h 2s", 1000, 500, false)]);
    assert!(e.contains("stays face down"), "{e}");
    let e = refuse(&[
        seat(1, "Ah Kh 9d 6d 3h", 1000, 500, true),
        seat(4, "Ah 8s 7s 6s 5s", 1000, 0, true),
    ]);
    assert!(e.contains("Ah"), "{e}");
}

/// § 635a.7(p): the Rules Submission says how the dealer settles, the configuration says which:
/// seat by seat from the dealer's right (the default), or every losing wager collected first.
#[test]
fn spanish21_settlement_order_is_the_casinos() {
    use deckhand::rules::banked::spanish21::Order;
    // The dealer stands on 18: seat 1's 15 and seat 3's 12 lose, seat 2's 19 wins.
    let round = s21(
        "Kc 8d",
        json!([
            {"seat": 1, "wagers": {"spanish_21": 1000}, "hands": [{"cards": "5h 6h 4c"}]},
            {"seat": 2, "wagers": {"spanish_21": 1000}, "hands": [{"cards": "Kh 9c"}]},
            {"seat": 3, "wagers": {"spanish_21": 1000}, "hands": [{"cards": "Qh 2c"}]}
        ]),
    );
    let p = Paytables::embedded().unwrap();
    let order = |o: Order| {
        let mut rules = HouseRules::default();
        rules.edit(|g: &mut deckhand::rules::banked::spanish21::Rules| g.settlement_order = o);
        let s = settle_json(&round.to_string(), &p, &rules).unwrap();
        s.results
            .iter()
            .map(|r| (r.seat, r.net > 0))
            .collect::<Vec<_>>()
    };
    assert_eq!(
        order(Order::RightToLeft),
        vec![(3, false), (2, true), (1, false)]
    );
    // § 635a.7(p): set to collect first, the losing wagers (seats 3 and 1) come before the winner (seat 2).
    assert_eq!(
        order(Order::CollectThenPay),
        vec![(3, false), (1, false), (2, true)]
    );
}
