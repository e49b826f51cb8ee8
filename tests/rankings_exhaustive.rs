//! Exhaustive and large randomized checks of the hand rankings.
//!
//! - every one of the 2,598,960 five-card hands classified, category counts equal to the
//!   combinatorial counts;
//! - every one of the 270,725 four-card hands (Crazy 4 Poker order, § 657a.6);
//! - every five-card deal's Crazy 4 Poker best four, against an independent classifier;
//! - 1,000,000 random seven-card hands against "max over all 21 five-card subsets".

use crate::common;

use deckhand::rules::cards::Card;
use deckhand::rules::eval::{self, Category};
use deckhand::rules::four_card::{self, Category4};
use std::collections::HashMap;

fn deck() -> Vec<Card> {
    (0..52).filter_map(Card::from_index).collect()
}

fn for_each_combination(n: usize, k: usize, mut f: impl FnMut(&[usize])) {
    let mut idx: Vec<usize> = (0..k).collect();
    loop {
        f(&idx);
        let mut i = k;
        while i > 0 && idx[i - 1] == n - k + i - 1 {
            i -= 1;
        }
        if i == 0 {
            return;
        }
        idx[i - 1] += 1;
        for j in i..k {
            idx[j] = idx[j - 1] + 1;
        }
    }
}

#[test]
fn all_five_card_hands_have_the_combinatorial_counts() {
    let d = deck();
    let mut counts: HashMap<Category, u64> = HashMap::new();
    let mut royals = 0u64;
    let mut total = 0u64;
    for_each_combination(52, 5, |ix| {
        let hand: Vec<Card> = ix.iter().map(|i| d[*i]).collect();
        let v = eval::evaluate(&hand).unwrap();
        *counts.entry(v.category()).or_default() += 1;
        royals += v.is_royal() as u64;
        total += 1;
    });
    assert_eq!(total, 2_598_960);
    let expected = [
        (Category::StraightFlush, 40),
        (Category::FourOfAKind, 624),
        (Category::FullHouse, 3_744),
        (Category::Flush, 5_108),
        (Category::Straight, 10_200),
        (Category::ThreeOfAKind, 54_912),
        (Category::TwoPair, 123_552),
        (Category::OnePair, 1_098_240),
        (Category::HighCard, 1_302_540),
    ];
    for (cat, n) in expected {
        // § 637a.6(b): every five-card hand falls in its category, as many as combinatorics say.
        assert_eq!(counts[&cat], n, "{cat:?}");
    }
    assert_eq!(royals, 4);
}

/// § 677a.6(b): the nine categories in the regulation's order, the weakest hand of each above
/// the strongest of the next one down; a hand is the best five of a player's two cards and the
/// five community cards.
#[test]
fn the_categories_rank_in_the_regulations_order() {
    use deckhand::rules::cards::parse_cards;
    let v = |s: &str| eval::evaluate(&parse_cards(s).unwrap()).unwrap();
    // (the lowest hand of a category, the highest of the next), royal flush down to no pair.
    let order = [
        ("As Ks Qs Js Ts", "Kh Qh Jh Th 9h"),
        ("5d 4d 3d 2d Ad", "Ac Ad Ah As Kc"),
        ("2c 2d 2h 2s 3c", "Ac Ad Ah Ks Kc"),
        ("2c 2d 2h 3s 3c", "Ah Kh Qh Jh 9h"),
        ("7d 5d 4d 3d 2d", "Ac Kd Qh Js Tc"),
        ("5c 4d 3h 2s Ac", "Ac Ad Ah Ks Qc"),
        ("2c 2d 2h 4s 3c", "Ac Ad Kh Ks Qc"),
        ("3c 3d 2h 2s 4c", "Ac Ad Kh Qs Jc"),
        ("2c 2d 5h 4s 3c", "Ac Kd Qh Js 9c"),
    ];
    for (higher, lower) in order {
        // § 677a.6(b): each category ranks above every hand of the categories after it.
        assert!(v(higher) > v(lower), "{higher} over {lower}");
    }
    assert!(v("As Ks Qs Js Ts").is_royal());
    // The best five of seven: the board's flush, not the player's pair; one hole card and four
    // of the board make a royal flush.
    assert_eq!(v("9c 9d 2h 5h 8h Jh Kh").category(), Category::Flush);
    assert!(v("Ah 3c Kh Qh Jh Th 2c").is_royal());
}

#[test]
fn all_four_card_hands_have_the_combinatorial_counts() {
    let d = deck();
    let mut counts: HashMap<Category4, u64> = HashMap::new();
    for_each_combination(52, 4, |ix| {
        let hand: Vec<Card> = ix.iter().map(|i| d[*i]).collect();
        *counts
            .entry(four_card::value4(&hand).category())
            .or_default() += 1;
    });
    // 11 four-card sequences (A-2-3-4 up to J-Q-K-A); 715 rank sets of four distinct ranks.
    let expected = [
        (Category4::FourOfAKind, 13),
        (Category4::StraightFlush, 11 * 4),
        (Category4::ThreeOfAKind, 13 * 4 * 48),
        (Category4::Flush, 4 * (715 - 11)),
        (Category4::Straight, 11 * (256 - 4)),
        (Category4::TwoPair, 78 * 6 * 6),
        (Category4::OnePair, 13 * 6 * 66 * 16),
        (Category4::HighCard, (715 - 11) * (256 - 4)),
    ];
    let mut sum = 0;
    for (cat, n) in expected {
        assert_eq!(counts[&cat], n, "{cat:?}");
        sum += n;
    }
    assert_eq!(sum, 270_725);
}

/// The best Crazy 4 category of five cards from the set's properties alone, checked in the
/// § 657a.6(b) order, without looking at four-card subsets.
fn crazy4_direct(five: &[Card]) -> Category4 {
    let mut rank_count = [0u8; 15];
    let mut suit_ranks = [0u16; 4];
    for c in five {
        rank_count[c.rank.value() as usize] += 1;
        suit_ranks[c.suit.index()] |= 1 << c.rank.value();
    }
    let has_run = |mask: u16| {
        let wheel = (1 << 14) | (1 << 2) | (1 << 3) | (1 << 4);
        mask & wheel == wheel || (2..=11).any(|lo| (mask >> lo) & 0b1111 == 0b1111)
    };
    let all_ranks = suit_ranks.iter().fold(0, |a, m| a | m);
    let max_count = rank_count.iter().copied().max().unwrap_or(0);
    let pairs = rank_count.iter().filter(|n| **n >= 2).count();
    if max_count == 4 {
        Category4::FourOfAKind
    } else if suit_ranks
        .iter()
        .any(|m| m.count_ones() >= 4 && has_run(*m))
    {
        Category4::StraightFlush
    } else if max_count == 3 {
        Category4::ThreeOfAKind
    } else if suit_ranks.iter().any(|m| m.count_ones() >= 4) {
        Category4::Flush
    } else if has_run(all_ranks) {
        Category4::Straight
    } else if pairs >= 2 {
        Category4::TwoPair
    } else if pairs == 1 {
        Category4::OnePair
    } else {
        Category4::HighCard
    }
}

#[test]
fn crazy_4_best_four_of_every_five_card_deal() {
    let d = deck();
    let mut counts: HashMap<Category4, u64> = HashMap::new();
    let mut four_aces = 0u64;
    let mut qualifying = 0u64;
    for_each_combination(52, 5, |ix| {
        let hand: Vec<Card> = ix.iter().map(|i| d[*i]).collect();
        let best = four_card::best_four(&hand).unwrap().value;
        // § 657a.6(b): every five-card deal's best four cards fall in the category the chapter's
        // order gives them, found here from the five cards' properties alone.
        assert_eq!(best.category(), crazy4_direct(&hand), "{hand:?}");
        *counts.entry(best.category()).or_default() += 1;
        four_aces += best.is_four_aces() as u64;
        qualifying += best.dealer_qualifies() as u64;
    });
    assert_eq!(counts.values().sum::<u64>(), 2_598_960);
    assert_eq!(counts[&Category4::FourOfAKind], 13 * 48);
    assert_eq!(four_aces, 48);
    // The distribution, fixed here so a change to the ranking cannot pass unnoticed. Two lines
    // follow from the five-card counts: three of a kind = five-card trips + full houses
    // (54,912 + 3,744), and two pairs = five-card two pairs (three ranks hold no four-flush or
    // four-straight).
    let expected = [
        (Category4::StraightFlush, 2_072),
        (Category4::ThreeOfAKind, 54_912 + 3_744),
        (Category4::Flush, 114_616),
        (Category4::Straight, 101_808),
        (Category4::TwoPair, 123_552),
        (Category4::OnePair, 1_047_552),
        (Category4::HighCard, 1_150_080),
    ];
    for (cat, n) in expected {
        assert_eq!(counts[&cat], n, "{cat:?}");
    }
    // Dealer hands below king-high (§ 657a.11(c)(3)(i)): no pair, no straight or flush, top
    // four cards at most queen-high.
    assert_eq!(2_598_960 - qualifying, counts_below_king_high());
}

/// Five-card deals whose best four is no pair, no 4-straight, no 4-flush and at most Q-high:
/// five distinct ranks all below K, no four-run among them, no four cards of one suit.
fn counts_below_king_high() -> u64 {
    let d = deck();
    let mut n = 0;
    for_each_combination(52, 5, |ix| {
        let hand: Vec<Card> = ix.iter().map(|i| d[*i]).collect();
        if crazy4_direct(&hand) == Category4::HighCard && hand.iter().all(|c| c.rank.value() <= 12)
        {
            n += 1;
        }
    });
    n
}

#[test]
fn seven_card_best_of_agrees_with_brute_force_on_a_million_hands() {
    let mut rng = common::Rng(0xDEC4_4A9D);
    for i in 0..1_000_000 {
        let seven = rng.deal(7);
        let fast = eval::evaluate(&seven).unwrap();
        let mut brute = None;
        eval::for_each_five(&seven, |five| {
            let v = eval::evaluate(five).unwrap();
            if brute.is_none_or(|b| v > b) {
                brute = Some(v);
            }
        });
        assert_eq!(Some(fast), brute, "{seven:?}");
        if i % 100 == 0 {
            // The five cards shown are the hand (a sample keeps the test fast).
            let best = eval::best_hand(&seven).unwrap();
            assert_eq!(eval::evaluate(&best.cards).unwrap(), fast);
        }
    }
}
