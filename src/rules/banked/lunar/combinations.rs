//! The combinations of a Lunar Poker hand, for the second-combination payout
//! (§ 589.11(e)(1)(ii)).

use super::lunar_line;
use crate::rules::banked::paytable::{Pay, PayTable};
use crate::rules::cards::{Card, Rank};
use crate::rules::eval;
use crate::rules::lunar_rankings::{LunarCategory, LunarHand, lunar_hand};

/// The cards that make a hand's combination: all five for straights, flushes and full houses,
/// the matched cards for pairs, trips and quads, the ace and king for ace-king.
fn combination(h: &LunarHand) -> Vec<Card> {
    let cards = &h.best.cards;
    let count = |r: Rank| cards.iter().filter(|c| c.rank == r).count();
    match h.category {
        LunarCategory::FourOfAKind
        | LunarCategory::ThreeOfAKind
        | LunarCategory::TwoPair
        | LunarCategory::OnePair => cards
            .iter()
            .filter(|c| count(c.rank) >= 2)
            .copied()
            .collect(),
        LunarCategory::AceKing => {
            let a = cards.iter().find(|c| c.rank == Rank::ACE).copied();
            let k = cards.iter().find(|c| c.rank == Rank::KING).copied();
            a.into_iter().chain(k).collect()
        }
        LunarCategory::NoHand => Vec::new(),
        _ => cards.clone(),
    }
}

/// Every combination of the cards (5 or 6) with its category, for the second-combination
/// payout.
fn all_combinations(cards: &[Card]) -> Vec<(LunarCategory, Vec<Card>)> {
    let mut out = Vec::new();
    let n = cards.len();
    // Two-card combinations: pairs and ace-king.
    for i in 0..n {
        for j in i + 1..n {
            let (a, b) = (cards[i], cards[j]);
            if a.rank == b.rank {
                out.push((LunarCategory::OnePair, vec![a, b]));
            }
            let ranks = [a.rank, b.rank];
            if ranks.contains(&Rank::ACE) && ranks.contains(&Rank::KING) {
                out.push((LunarCategory::AceKing, vec![a, b]));
            }
        }
    }
    // Trips, quads and two pairs from the pairs.
    let pairs: Vec<Vec<Card>> = out
        .iter()
        .filter(|(c, _)| *c == LunarCategory::OnePair)
        .map(|(_, v)| v.clone())
        .collect();
    for (x, p) in pairs.iter().enumerate() {
        for q in &pairs[x + 1..] {
            if p.iter().any(|c| q.contains(c)) {
                let mut set: Vec<Card> = p.iter().chain(q).copied().collect();
                set.sort();
                set.dedup();
                if set.len() == 3 {
                    out.push((LunarCategory::ThreeOfAKind, set));
                }
            } else if p[0].rank != q[0].rank {
                out.push((LunarCategory::TwoPair, p.iter().chain(q).copied().collect()));
            } else {
                out.push((
                    LunarCategory::FourOfAKind,
                    p.iter().chain(q).copied().collect(),
                ));
            }
        }
    }
    // Five-card combinations: straights, flushes, full houses and better.
    eval::for_each_five(cards, |five| {
        if let Ok(h) = lunar_hand(five)
            && matches!(
                h.category,
                LunarCategory::Straight
                    | LunarCategory::Flush
                    | LunarCategory::FullHouse
                    | LunarCategory::StraightFlush
                    | LunarCategory::RoyalFlush
            )
        {
            out.push((h.category, five.to_vec()));
        }
    });
    out
}

/// The best-paying second combination with at least one card outside the winning one
/// (§ 589.11(e)(1)(ii)); one only, the text being singular. Which one when several qualify is
/// not said: the best-paying (a documented choice).
pub fn second_combination(
    cards: &[Card],
    winning: &LunarHand,
    bet: &PayTable,
) -> Option<(LunarCategory, Vec<Card>, u64, u64)> {
    let used = combination(winning);
    let mut best: Option<(LunarCategory, Vec<Card>, u64, u64)> = None;
    for (cat, combo) in all_combinations(cards) {
        if combo.iter().all(|c| used.contains(c)) {
            continue;
        }
        let Some(Pay::To(a, b)) = bet.pay(lunar_line(cat).0) else {
            continue;
        };
        let better = best
            .as_ref()
            .is_none_or(|(_, _, ba, bb)| (a as u128) * (*bb as u128) > (*ba as u128) * (b as u128));
        if better {
            best = Some((cat, combo, a, b));
        }
    }
    best
}
