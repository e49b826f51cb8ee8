//! Low hands (§ 637a.6(c),(d)) and the Omaha two-plus-three rule.
//!
//! - **Ace-to-five** (Stud Low and Hi-Lo, Omaha Hi-Lo, Five-card Draw Low, Triple Draw A-5): the
//!   ace is the lowest card, straights and flushes do not count (§ 637a.6(d)); the best hand is
//!   5-4-3-2-A. Pairs make a hand worse: the ranking is the inverse of the high ranking.
//! - **Eight or better** (§ 637a.10(j), § 637a.12(l), § 637a.19(l)(1)): a winning low has no pair
//!   and no card above 8.
//! - **Deuce-to-seven** (Triple Draw 2-7, § 637a.20(k)(3)): the ace is only high, straights and
//!   flushes count against the hand; the best hand is 7-5-4-3-2 not all of one suit.
//!
//! Hands are compared from the highest (worst) card down, the lower card winning (§ 637a.20(k)(1)
//! states this; the spec's proposed default applies it to every low ranking, see
//! `docs/hand-rankings.md`). Values here are ordered so that **greater is better**, like
//! [`HandValue`].

use super::cards::Card;
use super::eval::{self, Category, EvalError, HandValue};
use serde::{Deserialize, Serialize};

/// A comparable low value: greater is the better low. Equal values tie.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
#[serde(transparent)]
pub struct LowValue(pub u32);

/// Which low ranking.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum LowKind {
    AceToFive,
    DeuceToSeven,
}

/// The best low found, with the five cards that make it.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct BestLow {
    pub value: LowValue,
    pub cards: Vec<Card>,
    /// For ace-to-five: no pair and nothing above 8 (§ 637a.10(j)).
    pub eight_or_better: bool,
    pub description: String,
}

/// The "badness" of five cards under a low ranking: an ordinary high value computed with the
/// low ranking's rules. Lower badness is the better low.
fn badness(five: &[Card], kind: LowKind) -> HandValue {
    match kind {
        LowKind::DeuceToSeven => eval::value_with(five, false),
        LowKind::AceToFive => {
            // Ace counts as 1; only groups matter (no straights or flushes, § 637a.6(d)).
            let mut counts = [0u8; 15];
            for c in five {
                let r = if c.rank.value() == 14 {
                    1
                } else {
                    c.rank.value()
                };
                counts[r as usize] += 1;
            }
            let mut groups: Vec<(u8, u8)> = (1..=13u8)
                .filter(|r| counts[*r as usize] > 0)
                .map(|r| (counts[r as usize], r))
                .collect();
            groups.sort_unstable_by(|a, b| b.cmp(a));
            let cat = match groups.iter().map(|g| g.0).collect::<Vec<_>>().as_slice() {
                [4, ..] => Category::FourOfAKind,
                [3, 2] => Category::FullHouse,
                [3, ..] => Category::ThreeOfAKind,
                [2, 2, ..] => Category::TwoPair,
                [2, ..] => Category::OnePair,
                _ => Category::HighCard,
            };
            let mut v = (cat as u32) << 20;
            for (i, (_, r)) in groups.iter().take(5).enumerate() {
                v |= (*r as u32) << (16 - 4 * i);
            }
            HandValue(v)
        }
    }
}

fn low_value(five: &[Card], kind: LowKind) -> LowValue {
    LowValue(0x00FF_FFFF - badness(five, kind).0)
}

/// True for an ace-to-five low of five unpaired cards, none above 8.
fn eight_or_better(five: &[Card]) -> bool {
    let mut seen = 0u16;
    for c in five {
        let r = if c.rank.value() == 14 {
            1
        } else {
            c.rank.value()
        };
        if r > 8 || seen & (1 << r) != 0 {
            return false;
        }
        seen |= 1 << r;
    }
    true
}

fn describe(five: &[Card], kind: LowKind) -> String {
    let b = badness(five, kind);
    let mut ranks: Vec<u8> = five
        .iter()
        .map(|c| match (kind, c.rank.value()) {
            (LowKind::AceToFive, 14) => 1,
            (_, r) => r,
        })
        .collect();
    ranks.sort_unstable_by(|a, b| b.cmp(a));
    let code = |r: u8| match r {
        1 | 14 => "A".to_string(),
        11 => "J".into(),
        12 => "Q".into(),
        13 => "K".into(),
        r => r.to_string(),
    };
    let list = ranks.iter().map(|r| code(*r)).collect::<Vec<_>>().join("-");
    match (kind, b.category()) {
        (LowKind::AceToFive, Category::HighCard) => format!("{list} low"),
        (LowKind::DeuceToSeven, Category::HighCard) => format!("{list} (2-7 low)"),
        (_, cat) => format!("{list}: {} (a poor low)", cat.name().to_lowercase()),
    }
}

fn best_of(candidates: impl Iterator<Item = Vec<Card>>, kind: LowKind) -> Option<BestLow> {
    let mut best: Option<(LowValue, Vec<Card>)> = None;
    for five in candidates {
        let v = low_value(&five, kind);
        if best.as_ref().is_none_or(|(bv, _)| v > *bv) {
            best = Some((v, five));
        }
    }
    best.map(|(value, mut cards)| {
        sort_for_low(&mut cards, kind);
        BestLow {
            value,
            eight_or_better: kind == LowKind::AceToFive && eight_or_better(&cards),
            description: describe(&cards, kind),
            cards,
        }
    })
}

fn sort_for_low(cards: &mut [Card], kind: LowKind) {
    let key = |c: &Card| match (kind, c.rank.value()) {
        (LowKind::AceToFive, 14) => 1,
        (_, r) => r,
    };
    cards.sort_by_key(|c| std::cmp::Reverse(key(c)));
}

fn fives(cards: &[Card]) -> Vec<Vec<Card>> {
    let mut out = Vec::new();
    eval::for_each_five(cards, |f| out.push(f.to_vec()));
    out
}

/// The best low of 5 to 7 cards (any five may be used).
pub fn best_low(cards: &[Card], kind: LowKind) -> Result<BestLow, EvalError> {
    eval::check_cards(cards, 5, 7)?;
    Ok(best_of(fives(cards).into_iter(), kind).expect("at least one five-card set"))
}

/// The best ace-to-five low that qualifies as eight or better, or `None` (§ 637a.10(j)):
/// then the whole pot goes to the high hand.
pub fn best_low_8(cards: &[Card]) -> Result<Option<BestLow>, EvalError> {
    eval::check_cards(cards, 5, 7)?;
    Ok(best_of(
        fives(cards).into_iter().filter(|f| eight_or_better(f)),
        LowKind::AceToFive,
    ))
}

/// Every five-card hand of exactly two hole cards and three board cards (§ 637a.12(k),
/// § 637a.19(k)): four hearts in hand and one on board make no flush.
pub fn omaha_fives(hole: &[Card], board: &[Card]) -> Vec<Vec<Card>> {
    let mut out = Vec::new();
    for a in 0..hole.len() {
        for b in a + 1..hole.len() {
            for x in 0..board.len() {
                for y in x + 1..board.len() {
                    for z in y + 1..board.len() {
                        out.push(vec![hole[a], hole[b], board[x], board[y], board[z]]);
                    }
                }
            }
        }
    }
    out
}

fn check_omaha(hole: &[Card], board: &[Card]) -> Result<(), EvalError> {
    if !(4..=5).contains(&hole.len()) {
        return Err(EvalError::CardCount(hole.len()));
    }
    if !(3..=5).contains(&board.len()) {
        return Err(EvalError::CardCount(board.len()));
    }
    let all: Vec<Card> = hole.iter().chain(board).copied().collect();
    eval::check_cards(&all, 7, 10)
}

/// The best Omaha high hand: exactly two of the four (or five) hole cards and three of the board.
pub fn best_omaha_high(hole: &[Card], board: &[Card]) -> Result<eval::BestHand, EvalError> {
    check_omaha(hole, board)?;
    let mut best: Option<(HandValue, Vec<Card>)> = None;
    for five in omaha_fives(hole, board) {
        let v = eval::value_of(&five);
        if best.as_ref().is_none_or(|(bv, _)| v > *bv) {
            best = Some((v, five));
        }
    }
    let (_, five) = best.expect("at least one combination");
    eval::best_hand(&five)
}

/// The best qualifying Omaha eight-or-better low, two hole cards and three board cards.
pub fn best_omaha_low_8(hole: &[Card], board: &[Card]) -> Result<Option<BestLow>, EvalError> {
    check_omaha(hole, board)?;
    Ok(best_of(
        omaha_fives(hole, board)
            .into_iter()
            .filter(|f| eight_or_better(f)),
        LowKind::AceToFive,
    ))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::cards::parse_cards;

    fn a5(s: &str) -> BestLow {
        best_low(&parse_cards(s).unwrap(), LowKind::AceToFive).unwrap()
    }
    fn d7(s: &str) -> BestLow {
        best_low(&parse_cards(s).unwrap(), LowKind::DeuceToSeven).unwrap()
    }

    #[test]
    fn ace_to_five_order() {
        let wheel = a5("5c 4d 3h 2s Ac");
        assert_eq!(wheel.description, "5-4-3-2-A low");
        assert!(wheel.eight_or_better);
        // A straight or flush does not hurt an ace-to-five low (§ 637a.6(d)).
        assert_eq!(a5("5h 4h 3h 2h Ah").value, wheel.value);
        // § 637a.6(c): the ace is the lowest card: 5-4-3-2-A beats 6-4-3-2-A.
        assert!(a5("6c 4d 3h 2s Ac").value < wheel.value);
        // Compared from the top card down: 8-6-5-4-3 beats 8-7-3-2-A.
        assert!(a5("8c 6d 5h 4s 3c").value > a5("8c 7d 3h 2s Ac").value);
        // Any unpaired hand beats any pair; a pair of aces is the best pair.
        assert!(a5("Kc Qd Jh 9s 8c").value > a5("Ac Ad 2h 3s 4c").value);
        assert!(a5("Ac Ad 2h 3s 4c").value > a5("2c 2d 3h 4s 5c").value);
        // The worst qualifying low and the first that does not qualify.
        let worst = a5("8c 7d 6h 5s 4c");
        assert!(worst.eight_or_better);
        assert!(!a5("9c 4d 3h 2s Ac").eight_or_better);
        assert!(!a5("Ac Ad 2h 3s 4c").eight_or_better);
    }

    #[test]
    fn eight_or_better_from_seven_cards() {
        // Seven-card Stud Hi-Lo 8: best five of seven for the low.
        let c = parse_cards("Kc Kd 7h 5s 3c 2d As").unwrap();
        let low = best_low_8(&c).unwrap().unwrap();
        assert_eq!(low.description, "7-5-3-2-A low");
        // No qualifying low: the high takes the whole pot.
        let c = parse_cards("Kc Kd 9h 5s 3c 5d Qs").unwrap();
        // § 637a.10(j): no five unpaired cards of 8 or under: no low qualifies.
        assert_eq!(best_low_8(&c).unwrap(), None);
    }

    #[test]
    fn deuce_to_seven_order() {
        let best = d7("7c 5d 4h 3s 2c");
        assert_eq!(best.description, "7-5-4-3-2 (2-7 low)");
        // All one suit is a flush: bad (§ 637a.20(k)(3)(ii),(iii)).
        assert!(d7("7h 5h 4h 3h 2h").value < d7("8c 5d 4h 3s 2c").value);
        // The ace is only high: A-5-4-3-2 is ace-high, worse than K-high.
        // § 637a.6(c): in 2-7 the ace is only the highest card, never low.
        assert!(d7("Ac 5d 4h 3s 2c").value < d7("Kc 5d 4h 3s 2c").value);
        // 6-5-4-3-2 is a straight: worse than any no-pair hand.
        assert!(d7("6c 5d 4h 3s 2c").value < d7("Kc Qd Jh 9s 7c").value);
        assert!(d7("7c 6d 4h 3s 2c").value < best.value);
    }

    #[test]
    fn omaha_uses_exactly_two_hole_cards() {
        // Four hearts in hand, one on board: no flush.
        let hole = parse_cards("Ah Kh Qh Jh").unwrap();
        let board = parse_cards("2h 7c 8d 9s 3c").unwrap();
        let best = best_omaha_high(&hole, &board).unwrap();
        // § 637a.12(k): exactly two hole cards and three of the board: four hearts in hand and
        // one on the board make no flush.
        // § 637a.19(k): Five-card Omaha's hands are formed by this same function: two of the player's cards and three of the board's.
        assert_eq!(best.value.category(), Category::HighCard);
        assert_eq!(best.value.describe(), "High card, ace");
        // Board straight needs two hole cards: 5-6 with 7-8-9 makes it.
        let hole = parse_cards("5c 6d Kh Kd").unwrap();
        let board = parse_cards("7h 8c 9s 2d 2c").unwrap();
        assert_eq!(
            best_omaha_high(&hole, &board).unwrap().value.describe(),
            "Straight, nine high"
        );
        // A board of four spades and one spade in hand: no flush either.
        let hole = parse_cards("As Kd Qc Jc").unwrap();
        let board = parse_cards("2s 5s 8s 9s Td").unwrap();
        assert_ne!(
            best_omaha_high(&hole, &board).unwrap().value.category(),
            Category::Flush
        );
        // Low needs two hole cards of 8 or under: A-2 in hand with 3-5-8 on board.
        let hole = parse_cards("Ac 2d Kh Kd").unwrap();
        let board = parse_cards("3h 5c 8s Qd Jc").unwrap();
        let low = best_omaha_low_8(&hole, &board).unwrap().unwrap();
        assert_eq!(low.description, "8-5-3-2-A low");
        // Only one low card in hand: no low.
        let hole = parse_cards("Ac Qs Kh Kd").unwrap();
        assert_eq!(best_omaha_low_8(&hole, &board).unwrap(), None);
    }
}
