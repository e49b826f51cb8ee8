//! Crazy 4 Poker's settlement rules that `settle_rules` has no room for: the layout's six
//! betting positions (§ 657a.2(a)), the progressive only where the casino offers it
//! (§ 657a.7(d)(3)), a folded progressive bettor's Envy Bonus (§ 657a.11(b)(2)) and a
//! qualifying dealer beaten or tied (§ 657a.11(c)(3)(ii)(B), (C)).

use crate::common::settle::{get, refused, settle};
use deckhand::rules::banked::Outcome;
use serde_json::json;

#[test]
fn a_seat_past_the_sixth_betting_position_is_refused() {
    let round = |seat: u8| {
        json!({"game": "crazy-4-poker", "dealer": "Kc 9d 7h 4s 2c",
        "seats": [{"seat": seat, "cards": "Ah Ad 8h 5s 3c", "wagers": {"ante": 1000, "super_bonus": 1000}, "play": 1000}]})
    };
    // § 657a.2(a): the layout has six betting positions: seat 6 settles, seat 7 is refused.
    assert_eq!(get(&settle(round(6)), 6, "ante").net, 1000);
    let e = refused(round(7));
    assert!(
        e.contains("seats 1 to 6") && e.contains("§ 657a.2(a)"),
        "{e}"
    );
}

#[test]
fn the_progressive_is_refused_where_the_casino_does_not_offer_it() {
    let round = |offered: bool| {
        json!({"game": "crazy-4-poker", "rules": {"progressive_offered": offered},
        "dealer": "Kc 9d 7h 4s 2c", "meters": {"progressive": 600_000},
        "seats": [{"seat": 1, "cards": "Ah Ad 8h 5s 3c", "wagers": {"ante": 1000, "super_bonus": 1000, "progressive": 100}, "play": 1000}]})
    };
    // § 657a.7(d)(3): a Progressive Payout Wager only where the casino offers it.
    assert_eq!(get(&settle(round(true)), 1, "progressive").stake, 100);
    let e = refused(round(false));
    assert!(
        e.contains("does not offer the progressive (§ 657a.7(d)(3))"),
        "{e}"
    );
}

#[test]
fn a_folded_progressive_bettor_keeps_his_envy_bonus() {
    let s = settle(
        json!({"game": "crazy-4-poker", "dealer": "Kc 5c 7s 4c 2s", "meters": {"progressive": 600_000},
        "seats": [
            {"seat": 1, "cards": "", "wagers": {"ante": 500, "super_bonus": 500, "progressive": 100}, "play": 0},
            {"seat": 2, "cards": "9c 9d 9h 9s 2d", "wagers": {"ante": 500, "super_bonus": 500}, "play": 500}]}),
    );
    // § 657a.11(b)(2): the fold forfeits the Ante, Super Bonus and Progressive Payout Wagers...
    for w in ["ante", "super-bonus", "progressive"] {
        assert_eq!(get(&s, 1, w).result, Outcome::Lose, "{w}");
    }
    // ...but not the Envy Bonus: seat 2's four of a kind pays the $1 progressive bettor $10
    // (paytable A, § 657a.12(d)(5)).
    assert_eq!(get(&s, 1, "envy").net, 1000);
}

#[test]
fn a_qualifying_dealer_beaten_pays_ante_and_play_and_a_tie_returns_both() {
    let round = |dealer: &str, cards: &str| {
        json!({"game": "crazy-4-poker", "dealer": dealer,
        "seats": [{"seat": 1, "cards": cards, "wagers": {"ante": 1000, "super_bonus": 1000}, "play": 1000}]})
    };
    // § 657a.11(c)(3)(ii)(B): a pair of aces beats the dealer's qualifying pair of kings: Ante
    // and Play win 1 to 1; the Super Bonus, below a straight, is returned.
    let s = settle(round("Kc Kd 7h 4s 2c", "As Ah 8d 5c 3c"));
    assert_eq!(get(&s, 1, "ante").net, 1000);
    assert_eq!(get(&s, 1, "play").net, 1000);
    assert_eq!(get(&s, 1, "super-bonus").result, Outcome::Push);
    // § 657a.11(c)(3)(ii)(C): equal in rank: the Play is returned as well as the Ante.
    let s = settle(round("Kc Kd 7h 4s 2c", "Ks Kh 7d 4c 3c"));
    assert_eq!(get(&s, 1, "ante").result, Outcome::Push);
    assert_eq!(get(&s, 1, "play").result, Outcome::Push);
}
