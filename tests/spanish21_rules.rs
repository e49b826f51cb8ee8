//! Spanish 21's round and settlement rules that the larger files (`ui_banked`, `settle_rules`,
//! `spanish21::play21`'s own tests) have no room for: the wagers close at the deal, and only insurance, a
//! split and a double down are taken after it (§ 635a.6(c)); a split hand's 21 earns neither the
//! 21 bonuses nor the suited 7s' fixed payout (§ 635a.12(b), (c)(4), § 635a.11(e)).

use crate::common;
use crate::common::settle::settle;

use common::terminal::ok;
use deckhand::demo::At;
use deckhand::rules::banked::paytable::Paytables;
use deckhand::rules::banked::round::BankedCommand as B;
use deckhand::rules::banked::spanish21::play21::Command21 as P;
use deckhand::rules::banked::{HouseRules, Settlement};
use deckhand::rules::cards::parse_cards;
use deckhand::rules::games::GameId;
use deckhand::rules::registry::settle_json;
use deckhand::rules::table::Command;
use deckhand::store::Store;
use deckhand::terminal::Terminal;
use serde_json::{Value, json};

/// What each box has on the layout now, by seat.
fn on_layout(t: &Terminal) -> Vec<(u8, i64)> {
    t.table().round.as_ref().expect("a round in play").refunds()
}

fn play(t: &mut Terminal, p: P) {
    ok(t, Command::Banked(B::from(p)));
}

/// § 635a.6(c): every wager is placed before the first card is dealt: after "No more bets" a
/// Spanish 21 or Match-the-Dealer Wager is refused, and only an Insurance Wager, a split and a
/// double down add to what a box has at stake.
#[test]
fn after_no_more_bets_only_insurance_a_split_and_a_double_are_taken() {
    let c = |s: &str| parse_cards(s).unwrap();
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("s21-wagers.sqlite");
    let s = common::ui::table(12, GameId::Spanish21);
    let mut t = Terminal::open(Store::open(&db).unwrap(), None).unwrap();
    deckhand::demo::stage_at(&mut t, &s, At::Opened).unwrap();
    ok(&mut t, Command::StartRound { seats: vec![1, 2] });
    for seat in [1u8, 2] {
        ok(
            &mut t,
            Command::Banked(B::Wagers {
                seat,
                wagers: [("ante".to_string(), 1000)].into(),
            }),
        );
    }
    ok(&mut t, Command::Banked(B::NoMoreBets));
    let late = |key: &str, amount: i64| {
        Command::Banked(B::Wagers {
            seat: 1,
            wagers: [(key.to_string(), amount)].into(),
        })
    };
    // § 635a.6(c): after "No more bets" no Spanish 21 or Match-the-Dealer Wager is made or
    // changed, before the deal or after it.
    assert!(t.execute(late("ante", 2000)).is_err());
    assert!(t.execute(late("match_the_dealer", 500)).is_err());
    play(
        &mut t,
        P::Dealt {
            seats: vec![(1, c("8h 8d")), (2, c("5c 6d"))],
            up: c("Ac")[0],
            read: vec![],
        },
    );
    assert!(t.execute(late("ante", 2000)).is_err());
    assert_eq!(on_layout(&t), vec![(1, 1000), (2, 1000)]);
    // The insurance is taken after the deal (§ 635a.8).
    play(
        &mut t,
        P::Insure {
            seat: 1,
            amount: 500,
        },
    );
    play(&mut t, P::Insure { seat: 2, amount: 0 });
    assert_eq!(on_layout(&t), vec![(1, 1500), (2, 1000)]);
    play(&mut t, P::Reader { blackjack: false });
    play(&mut t, P::InsuranceCollected);
    assert_eq!(on_layout(&t), vec![(1, 1000), (2, 1000)]);
    // A split (§ 635a.11) and a double down (§ 635a.10) in their turn.
    play(&mut t, P::Split);
    assert_eq!(on_layout(&t), vec![(1, 2000), (2, 1000)]);
    for card in ["9c", "Kh"] {
        play(
            &mut t,
            P::Card {
                card: c(card)[0],
                read: None,
            },
        );
        play(&mut t, P::Stand);
    }
    play(&mut t, P::Double { amount: 1000 });
    assert_eq!(on_layout(&t), vec![(1, 2000), (2, 2000)]);
    assert!(t.execute(late("ante", 2000)).is_err());
    play(
        &mut t,
        P::Card {
            card: c("9h")[0],
            read: None,
        },
    );
    // The doubled hand stands or is rescued (§ 635a.10(d)) once its one card is dealt.
    play(&mut t, P::Stand);
    // The hole card: A-7, soft 18; the dealer stands and the round settles.
    play(
        &mut t,
        P::Card {
            card: c("7s")[0],
            read: None,
        },
    );
    let r = t
        .table()
        .round
        .as_ref()
        .and_then(|r| r.banked.as_ref())
        .expect("a house-banked round");
    let st = r.settlement.as_ref().expect("settled");
    for (seat, wager) in [(1u8, "insurance"), (1, "split-wager"), (2, "double-down")] {
        assert!(
            st.results
                .iter()
                .any(|w| w.seat == seat && w.wager == wager),
            "seat {seat} {wager}: {:#?}",
            st.results
        );
    }
}

/// A Spanish 21 table opened at `db` with one box, seat 1, wagering $10.00 and dealt `cards`
/// against the dealer's `up` card.
fn one_box_dealt(db: &std::path::Path, cards: &str, up: &str) -> Terminal {
    let c = |s: &str| parse_cards(s).unwrap();
    let s = common::ui::table(12, GameId::Spanish21);
    let mut t = Terminal::open(Store::open(db).unwrap(), None).unwrap();
    deckhand::demo::stage_at(&mut t, &s, At::Opened).unwrap();
    ok(&mut t, Command::StartRound { seats: vec![1] });
    ok(
        &mut t,
        Command::Banked(B::Wagers {
            seat: 1,
            wagers: [("ante".to_string(), 1000)].into(),
        }),
    );
    ok(&mut t, Command::Banked(B::NoMoreBets));
    play(
        &mut t,
        P::Dealt {
            seats: vec![(1, c(cards))],
            up: c(up)[0],
            read: vec![],
        },
    );
    t
}

/// § 635a.13(i): a card a box asked for and did not get is put right through the irregularity a
/// floorperson signs, never as the dealer's own step: a dead hand or a card owed sent as a play
/// is refused, citing the section, and the hand plays on.
#[test]
fn a_missed_card_is_never_the_dealers_own_step() {
    let dir = tempfile::tempdir().unwrap();
    let mut t = one_box_dealt(&dir.path().join("s21-missed.sqlite"), "8h 5d", "6c");
    for missed in [P::DeadHand { seat: 1 }, P::CardOwed { seat: 1 }] {
        let e = t
            .execute(Command::Banked(B::from(missed.clone())))
            .expect_err("a missed card is the irregularity's");
        assert!(e.contains("635a.13(i)"), "{missed:?}: {e}");
    }
    play(&mut t, P::Stand);
}

/// Seat 1's net on `wager`, all its lines together.
fn net(s: &Settlement, wager: &str) -> i64 {
    s.results
        .iter()
        .filter(|r| r.seat == 1 && r.wager == wager)
        .map(|r| r.net)
        .sum()
}

/// § 635a.12(b), (c)(4), § 635a.11(e): three 7s of hearts against the dealer's 7 pay 2 to 1 and
/// the $1,000 fixed payout on a $10 wager; the same 21 on a split hand is paid 1 to 1 and
/// nothing more.
#[test]
fn a_split_hand_takes_no_21_bonus_and_no_suited_sevens_payout() {
    let whole = settle(json!({"game": "spanish-21", "dealer": "7c Kd",
        "seats": [{"seat": 1, "wagers": {"spanish_21": 1000}, "hands": [{"cards": "7h 7h 7h"}]}]}));
    assert_eq!(net(&whole, "spanish-21"), 2000);
    assert_eq!(net(&whole, "suited-sevens"), 100_000);
    let split = settle(json!({"game": "spanish-21", "dealer": "7c Kd",
        "seats": [{"seat": 1, "wagers": {"spanish_21": 1000},
            "hands": [{"cards": "7h 7h 7h"}, {"cards": "7d Qd"}]}]}));
    // § 635a.12(b): the split hand's three suited 7s are paid 1 to 1, not the bonus's 2 to 1,
    // and (§ 635a.12(c)(4)) no fixed payout is added.
    assert_eq!(net(&split, "spanish-21"), 1000);
    assert_eq!(net(&split, "suited-sevens"), 0);
}

/// § 635a.5(c)(4): after a reshuffle the floorperson directed, the cut is offered to the player
/// farthest to the dealer's right, then counterclockwise.
#[test]
fn after_a_floor_directed_reshuffle_the_cut_goes_to_the_right_of_the_dealer() {
    use deckhand::rules::table::CutOffer;
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("s21-cut.sqlite");
    let s = crate::common::ui::table(7, deckhand::rules::games::GameId::Spanish21);
    let mut t = crate::common::ui::opened(&db, &s);
    assert_ne!(t.table().cut_offer, CutOffer::FloorReshuffle);
    let said = t.order_reshuffle("1001", "246810").unwrap();
    assert!(said.ends_with("(§ 635a.5(a))"), "{said}");
    // § 635a.5(c)(4): the floorperson directed the reshuffle: farthest to the dealer's right.
    assert_eq!(t.table().cut_offer, CutOffer::FloorReshuffle);
    assert!(t.table().cut_offer.who().contains("farthest to your right"));
}

/// § 635a.6(d): a Match-the-Dealer Wager needs a Spanish 21 Wager on its box; the refusal cites
/// the wagers' section, § 635a.6, not the dealing procedure's (§ 635a.7).
#[test]
fn a_side_wager_without_the_spanish_21_wager_is_refused_under_the_wagers_section() {
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("s21-side.sqlite");
    let s = common::ui::table(12, GameId::Spanish21);
    let mut t = Terminal::open(Store::open(&db).unwrap(), None).unwrap();
    deckhand::demo::stage_at(&mut t, &s, At::Opened).unwrap();
    ok(&mut t, Command::StartRound { seats: vec![1] });
    let e = t
        .execute(Command::Banked(B::Wagers {
            seat: 1,
            wagers: [("match_the_dealer".to_string(), 500)].into(),
        }))
        .unwrap_err();
    assert!(e.contains("§ 635a.6"), "{e}");
}

/// The settlement's refusal of `round`, as text.
fn refusal(round: Value) -> String {
    match settle_json(
        &round.to_string(),
        &Paytables::embedded().unwrap(),
        &HouseRules::default(),
    ) {
        Ok(s) => panic!("accepted: {:#?}", s.results),
        Err(e) => e.to_string(),
    }
}

/// One box, one hand of `cards`, a $10 Spanish 21 Wager, against `dealer`.
fn one_hand(dealer: &str, cards: &str) -> Value {
    json!({"game": "spanish-21", "dealer": dealer,
        "seats": [{"seat": 1, "wagers": {"spanish_21": 1000}, "hands": [{"cards": cards}]}]})
}

/// § 635a.3(a): N decks hold N of each card: a seventh king of hearts is refused from six decks
/// and taken from eight.
#[test]
fn a_card_more_often_than_the_configured_decks_hold_is_refused() {
    let seven_kings = |rules: Value| {
        json!({"game": "spanish-21", "rules": rules, "dealer": "9c 8d", "seats": [
            {"seat": 1, "wagers": {"spanish_21": 1000}, "hands": [{"cards": "Kh Kh"}]},
            {"seat": 2, "wagers": {"spanish_21": 1000}, "hands": [{"cards": "Kh Kh"}]},
            {"seat": 3, "wagers": {"spanish_21": 1000}, "hands": [{"cards": "Kh Kh"}]},
            {"seat": 4, "wagers": {"spanish_21": 1000}, "hands": [{"cards": "Kh 9s"}]}]})
    };
    // § 635a.3(a): the casino's six decks hold six kings of hearts, its eight decks eight.
    let e = refusal(seven_kings(json!({})));
    assert!(e.contains("6 decks hold 6 of each card"), "{e}");
    let s = settle(seven_kings(json!({"decks": 8})));
    assert_eq!(net(&s, "spanish-21"), 1000);
}

/// § 635a.5(c)(3): the cover card came out on the dealer's hand: the next cut is offered to the
/// player farthest to the dealer's right.
#[test]
fn a_cover_card_on_the_dealers_hand_offers_the_cut_to_the_right_of_the_dealer() {
    use deckhand::rules::table::CutOffer;
    let c = |s: &str| parse_cards(s).unwrap();
    let dir = tempfile::tempdir().unwrap();
    let mut t = one_box_dealt(&dir.path().join("s21-cover.sqlite"), "Ks 9d", "9h");
    play(&mut t, P::Stand);
    // § 635a.5(c)(3): the cover card appears on the dealer's hand, no betting area's.
    play(&mut t, P::CoverCard { seat: None });
    play(
        &mut t,
        P::Card {
            card: c("8c")[0],
            read: None,
        },
    );
    ok(&mut t, Command::Banked(B::Paid));
    assert_eq!(t.table().cut_offer, CutOffer::RightOfDealer);
    assert!(
        t.table()
            .cut_offer
            .who()
            .contains("the cover card appeared on your hand")
    );
}

/// § 635a.7(n)(1), (2): a hand wins over a dealer bust and over a lower dealer total.
#[test]
fn a_hand_wins_over_a_dealer_bust_and_over_a_lower_total() {
    // § 635a.7(n)(1): the dealer's 16 draws an 8 and busts: the player's 12 wins 1 to 1.
    assert_eq!(
        net(&settle(one_hand("6c Kd 8h", "Kh 2c")), "spanish-21"),
        1000
    );
    // § 635a.7(n)(2): 19 over the dealer's 17 wins 1 to 1; 17 under the dealer's 19 loses.
    assert_eq!(net(&settle(one_hand("9c 8d", "Kh 9s")), "spanish-21"), 1000);
    assert_eq!(
        net(&settle(one_hand("Kc 9d", "9h 8s")), "spanish-21"),
        -1000
    );
}

/// § 635a.8(a), § 635a.9(a)(2): against a dealer Blackjack the insurance wins and a deferred
/// surrender loses the whole wager; without it the surrender forfeits half.
#[test]
fn a_dealer_blackjack_pays_the_insurance_and_takes_a_deferred_surrender_whole() {
    // § 635a.8(a): the Insurance Wager wins, 2 to 1, when the dealer has Blackjack.
    let s = settle(json!({"game": "spanish-21", "dealer": "Ac Kd",
        "seats": [{"seat": 1, "wagers": {"spanish_21": 1000, "insurance": 500}, "hands": [{"cards": "Kh Qh"}]}]}));
    assert_eq!(net(&s, "insurance"), 1000);
    assert_eq!(net(&s, "spanish-21"), -1000);
    let surrender = |dealer: &str| {
        json!({"game": "spanish-21", "dealer": dealer,
            "seats": [{"seat": 1, "wagers": {"spanish_21": 1000}, "surrender": true, "hands": [{"cards": "Kh 6h"}]}]})
    };
    let section = |s: &Settlement| {
        s.results
            .iter()
            .find(|r| r.seat == 1 && r.wager == "spanish-21")
            .map(|r| r.section.clone())
    };
    // § 635a.9(a)(2): surrendered against a 10-value card, the wager waits for the hole card; a
    // dealer Blackjack takes all of it...
    let s = settle(surrender("Kc Ad"));
    assert_eq!(net(&s, "spanish-21"), -1000);
    assert_eq!(section(&s).as_deref(), Some("§ 635a.9(a)(2)"));
    // ...and without Blackjack half is collected and half returned.
    let s = settle(surrender("Kc 8d"));
    assert_eq!(net(&s, "spanish-21"), -500);
    assert_eq!(section(&s).as_deref(), Some("§ 635a.9(a)(2)"));
}

/// § 635a.11(c): the re-splits the casino allows: a third hand settles with one re-split and is
/// refused with none.
#[test]
fn the_resplits_allowed_are_the_casinos() {
    let three = |rules: Value| {
        json!({"game": "spanish-21", "rules": rules, "dealer": "9c 8d", "seats": [{"seat": 1,
            "wagers": {"spanish_21": 1000},
            "hands": [{"cards": "8h 9c"}, {"cards": "8s Kd"}, {"cards": "8d Kc"}]}]})
    };
    // § 635a.11(c): one re-split allowed: the 17 ties, both 18s win.
    let s = settle(three(json!({"resplits": 1})));
    assert_eq!(net(&s, "spanish-21"), 0);
    assert_eq!(net(&s, "split-wager"), 2000);
    // No re-split allowed: the same three hands are refused.
    let e = refusal(three(json!({"resplits": 0})));
    assert!(
        e.contains("allows 0 additional split(s) (§ 635a.11(c))"),
        "{e}"
    );
}

/// What the dealer pays on the deal (Match-the-Dealer § 635a.7(f), a Blackjack § 635a.12(a)) is
/// what the round's settlement pays for it: a suited match, two unsuited matches, no match, and
/// a Blackjack, against a dealer 8♥ up, from the posted 6-deck tables.
#[test]
fn what_the_deal_pays_is_what_the_settlement_pays() {
    use deckhand::rules::banked::spanish21::{DealtBox, won_on_the_deal};
    let c = |s: &str| parse_cards(s).unwrap();
    let boxes = [
        (1u8, "8h 5c", 1000, 500),
        (2, "8s 8d", 1000, 500),
        (3, "9c 5d", 1000, 500),
        (4, "Ah Kd", 2000, 0),
    ];
    let dealt: Vec<DealtBox> = boxes
        .iter()
        .map(|(seat, cards, s21, mtd)| DealtBox {
            seat: *seat,
            cards: c(cards),
            spanish_21: *s21,
            match_the_dealer: *mtd,
        })
        .collect();
    let house = HouseRules::default();
    let rules = house.of::<deckhand::rules::banked::spanish21::Rules>();
    let p = Paytables::embedded().unwrap();
    let won = won_on_the_deal(c("8h")[0], &dealt, &rules, &p, house.rounding_unit_cents).unwrap();
    let seats: Vec<Value> = boxes
        .iter()
        .map(|(seat, cards, s21, mtd)| {
            json!({"seat": seat, "wagers": {"spanish_21": s21, "match_the_dealer": mtd},
                "hands": [{"cards": cards}]})
        })
        .collect();
    let settled = settle(json!({"game": "spanish-21", "dealer": "8h 9d", "seats": seats}));
    let paid = |seat: u8, wager: &str| -> i64 {
        settled
            .results
            .iter()
            .filter(|w| w.seat == seat && w.wager == wager)
            .map(|w| w.net.max(0))
            .sum()
    };
    for w in &won {
        assert_eq!(
            w.match_the_dealer,
            paid(w.seat, "match-the-dealer"),
            "{w:?}"
        );
        // Seats 1 to 3 stand on 13, 16 and 14 against the dealer's 17 and win nothing more.
        assert_eq!(w.blackjack, paid(w.seat, "spanish-21"), "{w:?}");
    }
    let by_seat: Vec<(u8, i64, i64)> = won
        .iter()
        .map(|w| (w.seat, w.match_the_dealer, w.blackjack))
        .collect();
    // 9 to 1 suited; 4 to 1 and 4 to 1 again for the second match; nothing; 3 to 2.
    assert_eq!(
        by_seat,
        [(1, 4500, 0), (2, 4000, 0), (3, 0, 0), (4, 0, 3000)]
    );
}
