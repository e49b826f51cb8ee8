//! Mississippi Stud (Chapter 655a) settled by its rules, where `settle_rules.rs` (full) does not
//! hold them: the betting positions and the two cards of a hand (§ 655a.2(a), § 655a.13(c)), a
//! fold losing every wager placed (§ 655a.11(b),(f)), the order hands and wagers are settled in
//! (§ 655a.11(i)), and the casino's payout limit (§ 655a.12(b)).

use crate::common::settle::{get, refused, settle};
use deckhand::rules::banked::Outcome;
use serde_json::{Value, json};

#[test]
fn mississippi_stud_settlement_takes_six_positions_and_two_cards_a_hand() {
    let round = |seat: u8, cards: &str| {
        json!({"game": "mississippi-stud", "community": "Qh Jh Th",
            "seats": [{"seat": seat, "cards": cards, "wagers": {"ante": 500}, "streets": [500, 500, 500]}]})
    };
    settle(round(6, "Ah Kh"));
    // § 655a.2(a): a seventh betting position is refused by the settlement, citing the section.
    let e = refused(round(7, "Ah Kh"));
    assert!(e.contains("§ 655a.2(a)"), "{e}");
    // § 655a.13(c): a player's hand keyed with a wrong number of cards is refused, not settled.
    for cards in ["Ah", "Ah Kh 2c"] {
        let e = refused(round(1, cards));
        assert!(
            e.starts_with("seats[0].cards:") && e.contains("§ 655a.8(d)(1)"),
            "{e}"
        );
    }
}

#[test]
fn mississippi_stud_a_fold_loses_every_wager_placed() {
    let fold = |streets: Value| {
        json!({"game": "mississippi-stud", "community": "Qh Jh Th",
            "seats": [{"seat": 1, "cards": "2c 3d", "wagers": {"ante": 500}, "streets": streets}]})
    };
    // § 655a.11(b): a fold on Third Street loses the Ante.
    let s = settle(fold(json!([])));
    let ante = get(&s, 1, "ante");
    assert_eq!((ante.result, ante.net), (Outcome::Lose, -500));
    assert_eq!(ante.section, "§ 655a.11(b)");
    // § 655a.11(f): a fold on Fifth Street loses the Ante and the Third and Fourth Street wagers.
    let s = settle(fold(json!([500, 1000])));
    assert_eq!(s.totals.players, -2000);
    assert_eq!(s.results.len(), 3);
    for w in ["ante", "3rd-street", "4th-street"] {
        assert_eq!(get(&s, 1, w).result, Outcome::Lose, "{w}");
        assert_eq!(get(&s, 1, w).section, "§ 655a.11(f)", "{w}");
    }
}

#[test]
fn mississippi_stud_hands_settle_from_the_dealers_right_side_wagers_after() {
    let s = settle(
        json!({"game": "mississippi-stud", "community": "Qh Jh Th", "meters": {"progressive": 1_000_000},
        "seats": [
            {"seat": 1, "cards": "2c 3d", "wagers": {"ante": 500, "progressive": 100, "three_card_bonus": 500}, "streets": [500]},
            {"seat": 2, "cards": "Ah Kh", "wagers": {"ante": 500, "progressive": 100, "three_card_bonus": 500}, "streets": [500, 500, 500]}]}),
    );
    let order: Vec<(u8, &str)> = s
        .results
        .iter()
        .map(|r| (r.seat, r.wager.as_str()))
        .collect();
    // § 655a.11(i): from the dealer's right, seat 2 then seat 1; each hand's Mississippi Stud
    // wagers first, then its progressive and Envy Bonus, then its Three Card Bonus.
    assert_eq!(
        order,
        vec![
            (2, "ante"),
            (2, "3rd-street"),
            (2, "4th-street"),
            (2, "5th-street"),
            (2, "progressive"),
            (2, "three-card-bonus"),
            (1, "ante"),
            (1, "3rd-street"),
            (1, "progressive"),
            (1, "envy"),
            (1, "three-card-bonus"),
        ]
    );
    // § 655a.11(i): the progressive win is validated by a floorperson.
    assert!(get(&s, 2, "progressive").floor_verification);
}

#[test]
fn mississippi_stud_payout_limit_is_the_casinos_never_below_50000() {
    let royal = |rules: Value| {
        json!({"game": "mississippi-stud", "rules": rules, "community": "Qh Jh Th",
            "seats": [{"seat": 2, "cards": "Ah Kh", "wagers": {"ante": 10000}, "streets": [30000, 30000, 30000]}]})
    };
    // § 655a.12(b): a royal on a $100 Ante and $300 streets wins $500,000: a $100,000 limit pays
    // $100,000, the default limit $50,000.
    let s = settle(royal(json!({"payout_limit_cents": 10_000_000})));
    assert_eq!(s.totals.players, 10_000_000);
    assert_eq!(settle(royal(json!({}))).totals.players, 5_000_000);
    // § 655a.12(b): a limit under $50,000 is refused.
    let e = refused(royal(json!({"payout_limit_cents": 4_999_999})));
    assert!(e.contains("§ 655a.12(b)"), "{e}");
}
