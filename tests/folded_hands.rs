//! Mississippi Stud's folded hands (§ 655a.11(b),(d),(f)), from sign-in: a folded hand goes to
//! the discard rack unless the player made a Progressive Payout or Three Card Bonus Wager, so
//! the cards step asks for the cards only of a folded hand that stayed on the table.

use crate::common;

use common::ui::{keys, ready, tap};
use deckhand::rules::games::GameId;
use deckhand::ui::DeckhandApp;
use egui_kittest::Harness;
use egui_kittest::kittest::Queryable;

fn wager(h: &mut Harness<'static, DeckhandApp>, seat: u8, spot: &str, amount: &str) {
    tap(h, &format!("Seat {seat} {spot}: —"));
    keys(h, amount);
}

/// Seats 2 and 4 with a $10 Ante (seat 4 also `side` on the 3 Card Bonus); seat 4 folds on
/// Third Street, seat 2 plays every street 1×; every card keyed at the cards step.
fn seat_4_folds(db: &std::path::Path, side: Option<&str>) -> Harness<'static, DeckhandApp> {
    let mut h = common::ui::real_app(db, 1024.0, 768.0, 0.25);
    common::play::open_from_sign_in(&mut h, GameId::MississippiStud, tap);
    tap(&mut h, "Wagers of seat 2");
    wager(&mut h, 2, "Ante", "10");
    tap(&mut h, "Wagers of seat 4");
    wager(&mut h, 4, "Ante", "10");
    if let Some(v) = side {
        wager(&mut h, 4, "3 Card Bonus", v);
    }
    tap(&mut h, "No more bets");
    tap(&mut h, "Cards dealt");
    tap(&mut h, "1× · $10.00"); // seat 2, Third Street
    tap(&mut h, "Fold"); // seat 4
    // The community cards turned and seat 2's Fourth and Fifth Streets.
    for _ in 0..5 {
        if ready(&h, "Done") {
            tap(&mut h, "Done");
        } else {
            tap(&mut h, "1× · $10.00");
        }
    }
    tap(&mut h, "Key every card instead");
    h
}

#[test]
fn a_folded_hand_without_a_side_wager_goes_to_the_discard_rack_and_is_not_keyed() {
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("fold.sqlite");
    let mut h = seat_4_folds(&db, None);
    // § 655a.11(b): collected to the discard rack; no place for seat 4's cards.
    assert!(h.query_by_label_contains("Seat 4: ").is_none());
    for c in ["A♠", "A♥", "A♦", "7♣", "2♠"] {
        tap(&mut h, c);
    }
    assert!(
        ready(&h, "Settle"),
        "seat 2's cards and the board are all the record needs"
    );
    tap(&mut h, "Settle");
    h.get_by_label("Settle in this order");
}

#[test]
fn a_folded_hand_with_a_three_card_bonus_stays_and_is_keyed() {
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("fold-tcb.sqlite");
    let mut h = seat_4_folds(&db, Some("5"));
    // § 655a.11(b): left on the table until every wager is resolved (§ 655a.11(h) keeps its
    // Three Card Bonus).
    h.get_by_label_contains("Seat 4: ");
    for c in ["A♠", "A♥", "A♦", "7♣", "2♠"] {
        tap(&mut h, c);
    }
    assert!(!ready(&h, "Settle"), "seat 4's cards are still to key");
}

/// Each community card is turned over only once every player still in has placed his street
/// wager or folded: the first after Third Street (§ 655a.11(c)), the second after Fourth Street
/// (§ 655a.11(e)), the third after Fifth Street (§ 655a.11(g)). From sign-in.
#[test]
fn each_community_card_waits_for_every_player_still_in() {
    use deckhand::rules::banked::round::BankedStep;
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("streets.sqlite");
    let mut h = common::ui::real_app(&db, 1024.0, 768.0, 0.25);
    common::play::open_from_sign_in(&mut h, GameId::MississippiStud, tap);
    tap(&mut h, "Wagers of seat 2");
    wager(&mut h, 2, "Ante", "10");
    tap(&mut h, "Wagers of seat 4");
    wager(&mut h, 4, "Ante", "10");
    tap(&mut h, "No more bets");
    tap(&mut h, "Cards dealt");
    tap(&mut h, "1× · $10.00"); // seat 2, Third Street
    // Seat 4 has still to decide: no card is turned yet.
    assert_eq!(
        common::ui::banked_round(&h).step,
        BankedStep::Decide { phase: 0, seat: 4 }
    );
    tap(&mut h, "1× · $10.00"); // seat 4, Third Street
    // § 655a.11(c): once every player has placed a 3rd Street Wager or folded, the dealer is
    // told to turn over the first community card.
    assert_eq!(
        common::ui::banked_round(&h).step,
        BankedStep::Reveal { phase: 0 }
    );
    h.get_by_label("Turn over the first community card");
    tap(&mut h, "Done");
    tap(&mut h, "1× · $10.00"); // seat 2, Fourth Street
    assert_eq!(
        common::ui::banked_round(&h).step,
        BankedStep::Decide { phase: 1, seat: 4 }
    );
    tap(&mut h, "Fold"); // seat 4, Fourth Street
    assert_eq!(
        common::ui::banked_round(&h).step,
        BankedStep::Reveal { phase: 1 }
    );
    h.get_by_label("Turn over the second community card");
    tap(&mut h, "Done");
    // Seat 4 folded: Fifth Street is seat 2's alone.
    assert_eq!(
        common::ui::banked_round(&h).step,
        BankedStep::Decide { phase: 2, seat: 2 }
    );
    tap(&mut h, "1× · $10.00"); // seat 2, Fifth Street
    // § 655a.11(g): once every remaining player has placed a 5th Street Wager or folded, the
    // dealer is told to turn over the third community card.
    assert_eq!(
        common::ui::banked_round(&h).step,
        BankedStep::Reveal { phase: 2 }
    );
    h.get_by_label("Turn over the third community card");
    tap(&mut h, "Done");
    assert_eq!(common::ui::banked_round(&h).step, BankedStep::Cards);
}
