//! High-hand evaluation: the best five-card poker hand out of five, six or seven cards.
//!
//! § 637a.6(a): ranks ace (high) down to 2; an ace also completes A-2-3-4-5 and never wraps.
//! § 637a.6(b): the nine categories, royal flush being the ace-high straight flush.
//! § 637a.6(e): equal categories are decided by the highest card not held by the other hand;
//! identical hands tie. Suits never break a tie.
//! § 637a.6(f): cards speak: the value comes from the cards, never from what a player says.

use super::cards::{Card, CardSet, Rank};
use serde::{Deserialize, Serialize};

/// § 637a.6(b) high-hand categories, lowest first (the derived order is the ranking).
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Category {
    HighCard,
    OnePair,
    TwoPair,
    ThreeOfAKind,
    Straight,
    Flush,
    FullHouse,
    FourOfAKind,
    StraightFlush,
}

impl Category {
    pub const ALL: [Category; 9] = [
        Category::HighCard,
        Category::OnePair,
        Category::TwoPair,
        Category::ThreeOfAKind,
        Category::Straight,
        Category::Flush,
        Category::FullHouse,
        Category::FourOfAKind,
        Category::StraightFlush,
    ];

    pub fn name(self) -> &'static str {
        match self {
            Category::HighCard => "High card",
            Category::OnePair => "One pair",
            Category::TwoPair => "Two pairs",
            Category::ThreeOfAKind => "Three of a kind",
            Category::Straight => "Straight",
            Category::Flush => "Flush",
            Category::FullHouse => "Full house",
            Category::FourOfAKind => "Four of a kind",
            Category::StraightFlush => "Straight flush",
        }
    }

    /// The id written in JSON ("one-pair"), as serde writes it (a test holds the two equal).
    pub fn id(self) -> &'static str {
        match self {
            Category::HighCard => "high-card",
            Category::OnePair => "one-pair",
            Category::TwoPair => "two-pair",
            Category::ThreeOfAKind => "three-of-a-kind",
            Category::Straight => "straight",
            Category::Flush => "flush",
            Category::FullHouse => "full-house",
            Category::FourOfAKind => "four-of-a-kind",
            Category::StraightFlush => "straight-flush",
        }
    }
}

/// A comparable hand value: higher is better, equal values tie (§ 637a.6(e)).
/// Bits 20..24 hold the category, then five 4-bit rank slots in order of significance.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
#[serde(transparent)]
pub struct HandValue(pub u32);

impl HandValue {
    fn pack(cat: Category, ranks: &[u8]) -> HandValue {
        let mut v = (cat as u32) << 20;
        for (i, r) in ranks.iter().take(5).enumerate() {
            v |= (*r as u32) << (16 - 4 * i);
        }
        HandValue(v)
    }

    pub fn category(self) -> Category {
        Category::ALL[(self.0 >> 20) as usize]
    }

    /// The ranks in order of significance (for a straight: its top card only; a wheel is 5).
    pub fn ranks(self) -> Vec<u8> {
        let (slots, n) = self.rank_slots();
        slots[..n].to_vec()
    }

    /// [`HandValue::ranks`] without allocating: the slots and how many are used.
    fn rank_slots(self) -> ([u8; 5], usize) {
        let mut out = [0u8; 5];
        let mut n = 0;
        for i in 0..5 {
            let r = ((self.0 >> (16 - 4 * i)) & 0xF) as u8;
            if r != 0 {
                out[n] = r;
                n += 1;
            }
        }
        (out, n)
    }

    fn first_rank(self) -> Option<u8> {
        let (slots, n) = self.rank_slots();
        (n > 0).then_some(slots[0])
    }

    /// True for the royal flush of § 637a.6(b)(1).
    pub fn is_royal(self) -> bool {
        self.category() == Category::StraightFlush && self.first_rank() == Some(14)
    }

    /// What a floorperson reads: "Full house, kings full of fours".
    pub fn describe(self) -> String {
        let (slots, n) = self.rank_slots();
        let rank = |i: usize| {
            (i < n)
                .then(|| Rank::new(if slots[i] == 1 { 14 } else { slots[i] }).unwrap_or(Rank::ACE))
        };
        let high = |i: usize| rank(i).map(|x| x.name()).unwrap_or("?");
        let plural = |i: usize| rank(i).map(|x| x.plural()).unwrap_or("?");
        let words: [&str; 4] = match self.category() {
            Category::StraightFlush if self.is_royal() => ["Royal flush", "", "", ""],
            Category::StraightFlush => ["Straight flush, ", high(0), " high", ""],
            Category::FourOfAKind => ["Four of a kind, ", plural(0), "", ""],
            Category::FullHouse => ["Full house, ", plural(0), " full of ", plural(1)],
            Category::Flush => ["Flush, ", high(0), " high", ""],
            Category::Straight => ["Straight, ", high(0), " high", ""],
            Category::ThreeOfAKind => ["Three of a kind, ", plural(0), "", ""],
            Category::TwoPair => ["Two pairs, ", plural(0), " and ", plural(1)],
            Category::OnePair => ["One pair, ", plural(0), "", ""],
            Category::HighCard => ["High card, ", high(0), "", ""],
        };
        // One allocation of the right size (a batch describes millions of hands).
        let mut out = String::with_capacity(words.iter().map(|w| w.len()).sum());
        for w in words {
            out.push_str(w);
        }
        out
    }
}

/// The best five-card hand found in a set of cards.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct BestHand {
    pub value: HandValue,
    /// The five cards that make the hand, most significant first.
    pub cards: Vec<Card>,
}

/// Why a hand could not be evaluated.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum EvalError {
    #[error("a high hand needs 5 to 7 cards, got {0}")]
    CardCount(usize),
    #[error("{0} is used twice")]
    Duplicate(Card),
}

/// Highest straight top in a 13-bit rank mask (bit r-2 for rank r), `None` if no straight.
/// With `wheel`, A-2-3-4-5 counts with top 5 (§ 637a.6(a)); 2-7 lowball has no wheel: its ace
/// is only high (§ 637a.6(c)).
fn straight_top(mask: u16, wheel: bool) -> Option<u8> {
    for top in (6..=14u8).rev() {
        let need = 0b11111u16 << (top - 6);
        if mask & need == need {
            return Some(top);
        }
    }
    let five_high = 0b1_0000_0000_1111u16; // A,5,4,3,2
    (wheel && mask & five_high == five_high).then_some(5)
}

/// Packs a hand value without allocating: the category, then `lead` ranks, then the highest
/// `kick` ranks of `mask` (bit r-2 for rank r), each in its 4-bit slot.
fn pack_with_kickers(cat: Category, lead: &[u8], mask: u16, kick: usize) -> HandValue {
    let mut v = (cat as u32) << 20;
    let mut slot = 0;
    for r in lead {
        v |= (*r as u32) << (16 - 4 * slot);
        slot += 1;
    }
    let mut m = mask;
    for _ in 0..kick {
        if m == 0 {
            break;
        }
        let top = 15 - m.leading_zeros() as u8; // bit index = rank - 2
        v |= ((top + 2) as u32) << (16 - 4 * slot);
        slot += 1;
        m &= !(1 << top);
    }
    HandValue(v)
}

/// The value of the best five-card high hand among 5 to 7 distinct cards (§ 637a.6(b),(e)).
pub fn evaluate(cards: &[Card]) -> Result<HandValue, EvalError> {
    check(cards)?;
    Ok(value_of(cards))
}

fn check(cards: &[Card]) -> Result<(), EvalError> {
    check_cards(cards, 5, 7)
}

/// Refuses a hand of fewer than `min` or more than `max` cards, or one naming a card twice.
/// Every ranking of the rules core checks its input through here.
pub fn check_cards(cards: &[Card], min: usize, max: usize) -> Result<(), EvalError> {
    if !(min..=max).contains(&cards.len()) {
        return Err(EvalError::CardCount(cards.len()));
    }
    let mut seen = CardSet::default();
    for c in cards {
        if !seen.insert(*c) {
            return Err(EvalError::Duplicate(*c));
        }
    }
    Ok(())
}

/// Evaluation without input checks; callers guarantee 5..=7 distinct cards.
pub(crate) fn value_of(cards: &[Card]) -> HandValue {
    value_with(cards, true)
}

/// As [`value_of`]; `wheel` says whether A-2-3-4-5 is a straight.
pub(crate) fn value_with(cards: &[Card], wheel: bool) -> HandValue {
    let mut suit_mask = [0u16; 4];
    let mut counts = [0u8; 15];
    for c in cards {
        suit_mask[c.suit.index()] |= 1 << (c.rank.value() - 2);
        counts[c.rank.value() as usize] += 1;
    }
    let all = suit_mask[0] | suit_mask[1] | suit_mask[2] | suit_mask[3];
    let bit = |r: u8| 1u16 << (r - 2);

    let flush_suit = suit_mask.iter().position(|m| m.count_ones() >= 5);
    if let Some(s) = flush_suit
        && let Some(top) = straight_top(suit_mask[s], wheel)
    {
        return HandValue::pack(Category::StraightFlush, &[top]);
    }

    // Ranks by multiplicity, highest first, in fixed arrays (seven cards hold at most one
    // quad, two trips, three pairs).
    let (mut quad, mut trips, mut pairs) = (0u8, [0u8; 2], [0u8; 3]);
    let (mut nt, mut np) = (0, 0);
    for r in (2..=14u8).rev() {
        match counts[r as usize] {
            4 if quad == 0 => quad = r,
            3 if nt < 2 => {
                trips[nt] = r;
                nt += 1;
            }
            2 if np < 3 => {
                pairs[np] = r;
                np += 1;
            }
            _ => {}
        }
    }

    if quad != 0 {
        return pack_with_kickers(Category::FourOfAKind, &[quad], all & !bit(quad), 1);
    }
    if nt > 0 {
        // A second trips plays as the pair of a full house.
        let pair = if nt > 1 {
            trips[1].max(pairs[0])
        } else {
            pairs[0]
        };
        if pair != 0 {
            return HandValue::pack(Category::FullHouse, &[trips[0], pair]);
        }
    }
    if let Some(s) = flush_suit {
        return pack_with_kickers(Category::Flush, &[], suit_mask[s], 5);
    }
    if let Some(top) = straight_top(all, wheel) {
        return HandValue::pack(Category::Straight, &[top]);
    }
    if nt > 0 {
        let t = trips[0];
        return pack_with_kickers(Category::ThreeOfAKind, &[t], all & !bit(t), 2);
    }
    if np >= 2 {
        let (a, b) = (pairs[0], pairs[1]);
        return pack_with_kickers(Category::TwoPair, &[a, b], all & !bit(a) & !bit(b), 1);
    }
    if np == 1 {
        let p = pairs[0];
        return pack_with_kickers(Category::OnePair, &[p], all & !bit(p), 3);
    }
    pack_with_kickers(Category::HighCard, &[], all, 5)
}

/// The best hand with the five cards that make it, for explanations and the showdown screen.
pub fn best_hand(cards: &[Card]) -> Result<BestHand, EvalError> {
    check(cards)?;
    let value = value_of(cards);
    Ok(BestHand {
        value,
        cards: order_for_display(five_of(cards, value), value),
    })
}

/// The five cards that make `value` out of `cards` (5 to 7 distinct cards whose best hand is
/// `value`), read off the value instead of searched for: the value names every rank the hand
/// uses and how many times (a straight by its top card, a flush's cards by its suit), so for
/// each rank the cards are the earliest of that rank in `cards`. That is the first five-card
/// subset, in the order [`for_each_five`] visits them, whose value is `value` (a test holds
/// the two equal on random hands of every size).
fn five_of(cards: &[Card], value: HandValue) -> Vec<Card> {
    let cat = value.category();
    let (slots, n_ranks) = value.rank_slots();
    let ranks = &slots[..n_ranks];
    // (rank, how many cards of it) in order of significance.
    let mut need = [(0u8, 0usize); 5];
    match cat {
        Category::Straight | Category::StraightFlush => {
            let top = ranks.first().copied().unwrap_or(5);
            for (i, slot) in need.iter_mut().enumerate() {
                let r = top - i as u8;
                *slot = (if r == 1 { 14 } else { r }, 1);
            }
        }
        _ => {
            let counts: &[usize] = match cat {
                Category::FourOfAKind => &[4, 1],
                Category::FullHouse => &[3, 2],
                Category::ThreeOfAKind => &[3, 1, 1],
                Category::TwoPair => &[2, 2, 1],
                Category::OnePair => &[2, 1, 1, 1],
                _ => &[1, 1, 1, 1, 1],
            };
            for (slot, (r, n)) in need.iter_mut().zip(ranks.iter().zip(counts)) {
                *slot = (*r, *n);
            }
        }
    }
    // A flush or straight flush: every card of its one suit with five or more cards.
    let suit = matches!(cat, Category::Flush | Category::StraightFlush)
        .then(|| {
            let mut per = [0u8; 4];
            for c in cards {
                per[c.suit.index()] += 1;
            }
            per.iter().position(|n| *n >= 5)
        })
        .flatten();
    // The chosen cards as a mask of their places in `cards`, read back in place order.
    let mut picked = 0u16;
    for (rank, n) in need.iter_mut() {
        for (i, c) in cards.iter().enumerate() {
            if *n > 0 && c.rank.value() == *rank && suit.is_none_or(|s| c.suit.index() == s) {
                picked |= 1 << i;
                *n -= 1;
            }
        }
    }
    (0..cards.len())
        .filter(|i| picked & (1 << i) != 0)
        .map(|i| cards[i])
        .collect()
}

/// Calls `f` with each five-card subset of `cards` (5 to 7 cards).
pub fn for_each_five(cards: &[Card], mut f: impl FnMut(&[Card])) {
    let n = cards.len();
    for a in 0..n {
        for b in a + 1..n {
            for c in b + 1..n {
                for d in c + 1..n {
                    for e in d + 1..n {
                        f(&[cards[a], cards[b], cards[c], cards[d], cards[e]]);
                    }
                }
            }
        }
    }
}

/// Sorts five cards by their significance in the hand: groups first, then rank.
fn order_for_display(mut v: Vec<Card>, value: HandValue) -> Vec<Card> {
    let mut counts = [0u8; 15];
    for c in &v {
        counts[c.rank.value() as usize] += 1;
    }
    let count = |r: Rank| counts[r.value() as usize];
    let wheel = matches!(
        value.category(),
        Category::Straight | Category::StraightFlush
    ) && value.first_rank() == Some(5);
    // One integer per card, (count, rank, suit) most significant first; sorted highest first
    // (the keys differ: the suit is in them).
    let key = |c: &Card| {
        let r = if wheel && c.rank == Rank::ACE {
            1
        } else {
            c.rank.value()
        };
        (u32::from(count(c.rank)) << 16) | (u32::from(r) << 8) | c.suit.index() as u32
    };
    if let Some(&first) = v.first()
        && v.len() <= 8
    {
        // Five cards (at most eight) sorted on the stack, each key computed once.
        let mut keyed = [(0u32, first); 8];
        for (slot, c) in keyed.iter_mut().zip(&v) {
            *slot = (key(c), *c);
        }
        let keyed = &mut keyed[..v.len()];
        keyed.sort_unstable_by_key(|k| std::cmp::Reverse(k.0));
        for (slot, (_, c)) in v.iter_mut().zip(keyed.iter()) {
            *slot = *c;
        }
    } else {
        v.sort_unstable_by_key(|c| std::cmp::Reverse(key(c)));
    }
    v
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::cards::parse_cards;

    /// The cards the first version searched for: the first five-card subset whose value is
    /// the hand's, each of the (up to) 21 subsets evaluated.
    fn searched_five(cards: &[Card]) -> Vec<Card> {
        let value = value_of(cards);
        let mut best: Option<Vec<Card>> = None;
        for_each_five(cards, |five| {
            if best.is_none() && value_of(five) == value {
                best = Some(order_for_display(five.to_vec(), value));
            }
        });
        best.unwrap()
    }

    #[test]
    fn category_ids_are_serdes() {
        for c in Category::ALL {
            assert_eq!(serde_json::to_value(c).unwrap(), c.id(), "{c:?}");
        }
    }

    #[test]
    fn the_five_cards_read_off_the_value_are_the_ones_the_search_finds() {
        // 300,000 random hands of 5, 6 and 7 cards (a small xorshift, seeded), and hands
        // crafted for every way a rank repeats: wheels, straights with a paired rank,
        // two trips, three pairs, flushes beside a straight, quads beside a full house.
        let deck: Vec<Card> = crate::rules::cards::full_deck();
        let mut x: u64 = 0x9E37_79B9_7F4A_7C15;
        let mut next = || {
            x ^= x << 13;
            x ^= x >> 7;
            x ^= x << 17;
            x
        };
        let mut seen = [0usize; 9];
        for i in 0..300_000 {
            let n = 5 + i % 3;
            let mut d = deck.clone();
            for k in 0..n {
                let j = k + (next() % (52 - k) as u64) as usize;
                d.swap(k, j);
            }
            let hand = &d[..n];
            let best = best_hand(hand).unwrap();
            assert_eq!(best.cards, searched_five(hand), "{hand:?}");
            assert_eq!(value_of(&best.cards), best.value, "{hand:?}");
            seen[best.value.category() as usize] += 1;
        }
        assert!(seen.iter().all(|n| *n > 0), "every category met: {seen:?}");
        for h in [
            "As 2d 3c 4h 5s 5d 9c",
            "As 2d 3c 4h 5s Ah Ad",
            "9s 8d 7c 7h 6s 5d 5c",
            "Kh Kd Kc 7s 7d 7c 2h",
            "Kh Kd 7s 7d 3c 3h 2h",
            "2h 5h 9h Jh Kh 3c 4d",
            "9h 8h 7h 6h 5h 4h Ks",
            "Ah 5h 4h 3h 2h Kh Ac",
            "Qs Qd Qc Qh 7d 7c 7h",
            "Ts Jd Qc Kh Ad As Ac",
        ] {
            let hand = parse_cards(h).unwrap();
            assert_eq!(best_hand(&hand).unwrap().cards, searched_five(&hand), "{h}");
        }
    }

    fn v(s: &str) -> HandValue {
        evaluate(&parse_cards(s).unwrap()).unwrap()
    }

    #[test]
    fn categories_and_descriptions() {
        let cases = [
            ("As Ks Qs Js Ts", "Royal flush"),
            ("9h Kh Qh Jh Th", "Straight flush, king high"),
            ("Ad 2d 3d 4d 5d", "Straight flush, five high"),
            ("7c 7d 7h 7s 2c", "Four of a kind, sevens"),
            ("Kc Kd Kh 4s 4c", "Full house, kings full of fours"),
            ("2h 9h Jh 4h 6h", "Flush, jack high"),
            ("Ac 2d 3h 4s 5c", "Straight, five high"),
            ("Tc Jd Qh Ks Ac", "Straight, ace high"),
            ("8c 8d 8h As 2c", "Three of a kind, eights"),
            ("Ac Ad 8h 8s Kc", "Two pairs, aces and eights"),
            ("3c 3d 8h As Kc", "One pair, threes"),
            ("2c 4d 8h As Kc", "High card, ace"),
        ];
        for (cards, text) in cases {
            // § 637a.6(b): each hand is read as its category; the ace-high straight flush is
            // the royal flush.
            // § 655a.6(b): Mississippi Stud's five-card categories, royal flush down to one pair
            // (its evaluator is this one), each told by name.
            assert_eq!(v(cards).describe(), text, "{cards}");
        }
    }

    #[test]
    fn the_nine_categories_rank_in_the_order_given() {
        // Each category's lowest hand, the highest hand of the category listed after it, and
        // the category (the royal flush first, over the king-high straight flush).
        let listed = [
            ("As Ks Qs Js Ts", "Kh Qh Jh Th 9h", Category::StraightFlush),
            ("Ad 2d 3d 4d 5d", "Ac Ah As Ad Kc", Category::StraightFlush),
            ("2c 2d 2h 2s 3c", "Ac Ad Ah Kc Ks", Category::FourOfAKind),
            ("2c 2d 2h 3c 3s", "Ah Kh Qh Jh 9h", Category::FullHouse),
            ("2h 3h 4h 5h 7h", "Ac Kd Qh Js Tc", Category::Flush),
            ("Ac 2d 3h 4s 5c", "Ac Ad Ah Ks Qd", Category::Straight),
            ("2c 2d 2h 3s 4c", "Ac Ad Kh Ks Qc", Category::ThreeOfAKind),
            ("3c 3d 2h 2s 4c", "Ac Ad Kh Qs Jc", Category::TwoPair),
            ("2c 2d 3h 4s 5c", "Ac Kd Qh Js 9c", Category::OnePair),
        ];
        assert!(v("As Ks Qs Js Ts").is_royal());
        assert!(!v("Kh Qh Jh Th 9h").is_royal());
        for (lowest, next_highest, category) in listed {
            assert_eq!(v(lowest).category(), category, "{lowest}");
            // § 637a.6(b): each category, even at its lowest, outranks the one listed after it.
            // § 647a.6(b): Texas Hold 'Em Bonus's nine hands rank in the listed order.
            assert!(v(lowest) > v(next_highest), "{lowest} over {next_highest}");
        }
    }

    #[test]
    fn no_wraparound_straight() {
        // § 637a.6(a): Q-K-A-2-3 is not a straight.
        // § 677a.6(a): an ace ends A-2-3-4-5 and no other sequence: Q-K-A-2-3 is no straight.
        // § 655a.6(a): the chapter's own example, king, queen, ace, 2 and 3, is no straight.
        // § 589.6(a): Lunar Poker's hands (`lunar_hand` is this evaluator's best five): the ace
        // completes only A-2-3-4-5; K-A-2-3 with a queen does not wrap into a straight.
        // § 647a.6(a): at Texas Hold 'Em Bonus too the ace does not wrap: Q-K-A-2-3 is no
        // straight (A-2-3-4-5 is the lowest, `kickers_decide_and_identical_hands_tie`).
        assert_eq!(v("Qc Kd Ah 2s 3c").category(), Category::HighCard);
        // § 637a.6(a): the ace is also low in A-2-3-4-5, a straight (the lowest), and high
        // above the king.
        assert_eq!(v("Ac 2d 3h 4s 5c").category(), Category::Straight);
        assert!(v("Ac 2d 3h 4s 5c") > v("Kc Kd Qh Js 9c"));
        assert!(v("Ac Kd Qh Js Tc") > v("Kc Qd Jh Ts 9c"));
    }

    #[test]
    fn kickers_decide_and_identical_hands_tie() {
        // § 637a.6(e)
        assert!(v("Ac Ad Kh 8s 3c") > v("As Ah Qh Js Tc"));
        // § 677a.6(c): equal categories go to the highest card the other hand lacks; the same
        // ranks in other suits tie (suits never break it, § 677a.6(a)).
        // § 647a.6(c): the highest card not in the other hand decides (above); the same ranks
        // in other suits tie.
        assert_eq!(v("Ac Ad Kh 8s 3c"), v("As Ah Kd 8c 3d"));
        assert!(v("Ad 2d 3d 4d 5d") < v("2c 3c 4c 5c 6c"));
        assert!(v("Ac 2d 3h 4s 5c") < v("2c 3d 4h 5s 6c"));
    }

    #[test]
    fn seven_cards_pick_the_best_five() {
        let best = best_hand(&parse_cards("Kc Kd 4h 4s Kh 4c 2d").unwrap()).unwrap();
        assert_eq!(best.value.describe(), "Full house, kings full of fours");
        assert_eq!(best.cards.len(), 5);
        // Two trips: the lower plays as the pair.
        assert_eq!(
            v("9c 9d 9h 5s 5c 5d Ac").describe(),
            "Full house, nines full of fives"
        );
        // Six-card flush keeps the top five.
        assert_eq!(v("2h 9h Jh 4h 6h Ah").ranks(), vec![14, 11, 9, 6, 4]);
        // A straight flush beats the higher plain straight in the same seven cards.
        assert_eq!(
            v("5h 6h 7h 8h 9h Ts 2c").describe(),
            "Straight flush, nine high"
        );
    }

    #[test]
    fn bad_input_is_refused() {
        assert_eq!(
            evaluate(&parse_cards("As Ks").unwrap()),
            Err(EvalError::CardCount(2))
        );
        let a: Card = "As".parse().unwrap();
        let dup = [
            a,
            a,
            "2c".parse().unwrap(),
            "3c".parse().unwrap(),
            "4c".parse().unwrap(),
        ];
        assert_eq!(evaluate(&dup), Err(EvalError::Duplicate(a)));
    }
}
