//! The pots of a poker-room round and how they are awarded.
//!
//! - Main and side pots by contribution level: an all-in player "can win only the part of the
//!   pot they contributed to" and the others bet on "in a separate side pot" (§ 637a.8(b)(5)).
//! - The uncalled final bet goes back to its bettor and is no part of the pot (§ 637a.17(d)).
//! - Rake, then jackpot contributions, come out of the pots before they are pushed
//!   (§ 637a.7(e)(6)(iii),(iv), § 637a.17(b)(1): "from the pot and any side pots"); each pot
//!   bears its share.
//! - Side pots are awarded first, the main pot last (§ 637a.7(e)(6)(ii)).
//! - Ties divide equally (§ 637a.6(e)); a hi-lo pot is halved between the best high and the
//!   best low, the excess to the high (§ 637a.10(i)(3)(i), § 637a.12(k)(2)(i),
//!   § 637a.19(k)(2)(i)); with no qualifying low the high takes it all (§ 637a.10(j),
//!   § 637a.12(l)); Badeucey and Badacey halve between the lowball and the Badugi, the excess to
//!   the lowball (§ 637a.20(l)). A half split again between tied hands is "quartered".
//! - Odd chips (what cannot be divided in the smallest chip in play) go by the game's rule:
//!   the highest high card by suit, the lowest low card by suit (§ 637a.10(i)(3)(ii),(iii)), or
//!   the player the Rules Submission names (here: the first tied player clockwise from the
//!   button or the dealer's left, a setting).

use crate::rules::Cents;
use crate::rules::cards::Card;
use serde::{Deserialize, Serialize};

/// What one seat put into the pot this round, and whether it folded.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Stake {
    pub seat: u8,
    pub put_in: Cents,
    #[serde(default)]
    pub folded: bool,
}

/// One pot: its amount and the live seats that may win it. The first pot is the main pot.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Pot {
    pub amount: Cents,
    pub eligible: Vec<u8>,
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Pots {
    pub pots: Vec<Pot>,
    /// The final bet nobody called, returned to its bettor (§ 637a.17(d)).
    pub uncalled: Option<(u8, Cents)>,
}

impl Pots {
    pub fn total(&self) -> Cents {
        self.pots.iter().map(|p| p.amount).sum()
    }
}

/// Builds the main and side pots from what each seat put in (§ 637a.8(b)(5)).
pub fn build(stakes: &[Stake]) -> Result<Pots, String> {
    let mut seen = Vec::new();
    for s in stakes {
        if s.put_in < 0 {
            return Err(format!("seat {} put in a negative amount", s.seat));
        }
        if s.put_in > crate::rules::banked::MAX_AMOUNT {
            return Err(format!("seat {}: amount too large", s.seat));
        }
        if seen.contains(&s.seat) {
            return Err(format!("seat {} appears twice", s.seat));
        }
        seen.push(s.seat);
    }
    if !stakes.iter().any(|s| !s.folded) {
        return Err("every seat folded: someone must be left to win the pot".into());
    }
    let mut put: Vec<(u8, Cents, bool)> = stakes
        .iter()
        .map(|s| (s.seat, s.put_in, s.folded))
        .collect();
    // § 637a.17(d): the part of the largest contribution that nobody matched is returned.
    let mut amounts: Vec<Cents> = put.iter().map(|p| p.1).collect();
    amounts.sort_unstable_by(|a, b| b.cmp(a));
    let top = amounts.first().copied().unwrap_or(0);
    let second = amounts.get(1).copied().unwrap_or(0);
    let mut uncalled = None;
    if top > second
        && let Some(p) = put.iter_mut().find(|p| p.1 == top)
    {
        uncalled = Some((p.0, top - second));
        p.1 = second;
    }
    // Levels: the distinct totals of live seats, lowest first.
    let mut levels: Vec<Cents> = put
        .iter()
        .filter(|p| !p.2 && p.1 > 0)
        .map(|p| p.1)
        .collect();
    levels.sort_unstable();
    levels.dedup();
    let mut pots: Vec<Pot> = Vec::new();
    let mut prev = 0;
    for &level in &levels {
        let amount: Cents = put.iter().map(|p| p.1.min(level) - p.1.min(prev)).sum();
        let mut eligible: Vec<u8> = put
            .iter()
            .filter(|p| !p.2 && p.1 >= level)
            .map(|p| p.0)
            .collect();
        eligible.sort_unstable();
        // Two levels with the same players (impossible after the uncalled bet is returned,
        // but cheap to be sure of) are one pot.
        match pots.last_mut() {
            Some(last) if last.eligible == eligible => last.amount += amount,
            _ => pots.push(Pot { amount, eligible }),
        }
        prev = level;
    }
    // Money a folded seat put in above every live seat's total belongs to the last pot.
    let above: Cents = put.iter().map(|p| p.1 - p.1.min(prev)).sum();
    if above > 0 {
        match pots.last_mut() {
            Some(last) => last.amount += above,
            None => {
                // Nobody live put anything in: the live seats share what the folded put in.
                let mut eligible: Vec<u8> = put.iter().filter(|p| !p.2).map(|p| p.0).collect();
                eligible.sort_unstable();
                pots.push(Pot {
                    amount: above,
                    eligible,
                });
            }
        }
    }
    Ok(Pots { pots, uncalled })
}

/// Takes `total` (rake and contributions) out of the pots, each bearing its share of the
/// whole in whole chips of `chip`; what rounding leaves comes out of the main pot. Returns what
/// each pot gave.
pub fn take_from(pots: &mut [Pot], total: Cents, chip: Cents) -> Vec<Cents> {
    let chip = chip.max(1);
    let sum: Cents = pots.iter().map(|p| p.amount).sum();
    let total = total.clamp(0, sum);
    let mut taken: Vec<Cents> = pots
        .iter()
        .map(|p| {
            if sum == 0 {
                0
            } else {
                (i128::from(total) * i128::from(p.amount) / i128::from(sum)) as Cents / chip * chip
            }
        })
        .collect();
    let mut rest = total - taken.iter().sum::<Cents>();
    for (i, p) in pots.iter().enumerate() {
        let more = rest.min(p.amount - taken[i]);
        taken[i] += more;
        rest -= more;
    }
    for (p, t) in pots.iter_mut().zip(&taken) {
        p.amount -= t;
    }
    taken
}

/// Who gets what cannot be divided (§ 637a.6(e) and the game sections).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, Default)]
#[serde(rename_all = "kebab-case")]
pub enum OddChip {
    /// The first tied player clockwise from the button (Stud: from the dealer's left): the
    /// usual Rules Submission choice where the text names none.
    #[default]
    LeftOfButton,
    /// "The highest ranking high card by suit" (§ 637a.10(i)(3)(ii), § 637a.12(k)(2)(ii)): the
    /// highest card of the hand, spades > hearts > diamonds > clubs on equal ranks.
    HighCardBySuit,
    /// "The lowest ranking low hand Poker card by suit" (§ 637a.10(i)(3)(iii)), read by default
    /// as the lowest card with the ace low, clubs the lowest suit on equal ranks (a setting).
    LowCardBySuit,
}

/// The award settings of a game.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct AwardRules {
    /// Two halves (hi-lo, Badeucey, Badacey) or one.
    pub split: bool,
    /// The smallest chip in play: shares are whole chips, the excess is the odd chip(s).
    pub chip: Cents,
    /// Ties of the first half (the high; the lowball in Triple Draw).
    pub odd_chip_first: OddChip,
    /// Ties of the second half (the low, or the Badugi).
    pub odd_chip_second: OddChip,
}

impl AwardRules {
    /// A game's award rules as its section reads. Seven-card Stud Hi-Lo (and its
    /// eight-or-better form) gives the odd chip of the high half to "the highest ranking high
    /// card by suit" and of the low half to "the lowest ranking low hand Poker card by suit",
    /// with no other choice (§ 637a.10(i)(3)(ii),(iii)); the other games keep seat order from
    /// the button (the Rules Submission's usual choice where the text names none or allows one).
    pub fn for_game(game: crate::rules::game_id::GameId) -> AwardRules {
        use crate::rules::game_id::GameId::{SevenCardStudHiLo, SevenCardStudHiLo8};
        let by_suit = matches!(game, SevenCardStudHiLo | SevenCardStudHiLo8);
        AwardRules {
            odd_chip_first: if by_suit {
                OddChip::HighCardBySuit
            } else {
                OddChip::LeftOfButton
            },
            odd_chip_second: if by_suit {
                OddChip::LowCardBySuit
            } else {
                OddChip::LeftOfButton
            },
            ..AwardRules::default()
        }
    }
}

impl AwardRules {
    /// A table's award rules: the game's, with the casino's choice of who gets the odd chip of
    /// the pot (or of its high half) where the section leaves it to the Rules Submission
    /// (§ 637a.11(k): "may be given to the player specified in the certificate holder's Rules
    /// Submission") or is silent; never where the section names the player (Stud Hi-Lo,
    /// § 637a.10(i)(3)).
    pub fn for_table(game: crate::rules::game_id::GameId, odd_chip: OddChip) -> AwardRules {
        use crate::rules::game_id::GameId::{SevenCardStudHiLo, SevenCardStudHiLo8};
        let mut a = AwardRules::for_game(game);
        if !matches!(game, SevenCardStudHiLo | SevenCardStudHiLo8) {
            a.odd_chip_first = odd_chip;
        }
        a
    }
}

impl Default for AwardRules {
    fn default() -> Self {
        AwardRules {
            split: false,
            chip: 100,
            odd_chip_first: OddChip::LeftOfButton,
            odd_chip_second: OddChip::LeftOfButton,
        }
    }
}

/// One shown hand: its value in each half (greater is better) and the cards each half used.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Shown {
    pub seat: u8,
    pub first: u64,
    pub first_cards: Vec<Card>,
    /// `None` when the hand has no qualifying low.
    pub second: Option<u64>,
    #[serde(default)]
    pub second_cards: Vec<Card>,
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct HalfAward {
    /// "whole", "high", "low" (the second half's name is the game's: low or Badugi).
    pub half: String,
    pub amount: Cents,
    /// Winners and what each gets, odd chips included.
    pub winners: Vec<(u8, Cents)>,
    /// The seat(s) that got an odd chip, if any.
    pub odd_chips: Vec<u8>,
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct PotAward {
    /// 0 is the main pot, 1.. the side pots in the order they were made.
    pub pot: usize,
    pub amount: Cents,
    pub eligible: Vec<u8>,
    pub halves: Vec<HalfAward>,
}

/// Awards the pots: side pots first, the main pot last (§ 637a.7(e)(6)(ii)). `order` is the
/// seats clockwise from the button (or the dealer's left); `shown` the hands shown. A live
/// seat with no shown hand conceded (§ 637a.18(f)); a pot with one live eligible seat goes to
/// it unshown. `second_name` names the second half ("low" or "Badugi").
pub fn award(
    pots: &[Pot],
    shown: &[Shown],
    order: &[u8],
    rules: &AwardRules,
    second_name: &str,
) -> Result<Vec<PotAward>, String> {
    if rules.chip <= 0 {
        return Err("the smallest chip must be at least one cent".into());
    }
    let mut out = Vec::new();
    for (i, pot) in pots.iter().enumerate().rev() {
        let contenders: Vec<&Shown> = shown
            .iter()
            .filter(|s| pot.eligible.contains(&s.seat))
            .collect();
        let halves = if pot.eligible.len() == 1 {
            vec![HalfAward {
                half: "whole".into(),
                amount: pot.amount,
                winners: vec![(pot.eligible[0], pot.amount)],
                odd_chips: vec![],
            }]
        } else if contenders.is_empty() {
            return Err(format!(
                "pot {i} ({}): none of seats {:?} has shown a hand",
                crate::rules::money(pot.amount),
                pot.eligible
            ));
        } else {
            let lows: Vec<&Shown> = contenders
                .iter()
                .copied()
                .filter(|s| s.second.is_some())
                .collect();
            if rules.split && !lows.is_empty() {
                // Halves in whole chips; the excess goes with the first half (the high).
                let second = (pot.amount / 2) / rules.chip * rules.chip;
                let first = pot.amount - second;
                vec![
                    divide("high", first, &contenders, order, rules, false),
                    divide(second_name, second, &lows, order, rules, true),
                ]
            } else {
                vec![divide(
                    "whole",
                    pot.amount,
                    &contenders,
                    order,
                    rules,
                    false,
                )]
            }
        };
        out.push(PotAward {
            pot: i,
            amount: pot.amount,
            eligible: pot.eligible.clone(),
            halves,
        });
    }
    Ok(out)
}

fn divide(
    half: &str,
    amount: Cents,
    contenders: &[&Shown],
    order: &[u8],
    rules: &AwardRules,
    second: bool,
) -> HalfAward {
    let value = |s: &Shown| if second { s.second } else { Some(s.first) };
    let best = contenders.iter().filter_map(|s| value(s)).max();
    let mut winners: Vec<&Shown> = contenders
        .iter()
        .copied()
        .filter(|s| value(s) == best)
        .collect();
    // Odd-chip order among the tied winners.
    let rule = if second {
        rules.odd_chip_second
    } else {
        rules.odd_chip_first
    };
    let position = |seat: u8| order.iter().position(|s| *s == seat).unwrap_or(usize::MAX);
    let suit_key = |c: &Card| (c.rank.value(), c.suit as u8);
    let low_key = |c: &Card| {
        let r = match c.rank.value() {
            14 => 1,
            r => r,
        };
        (r, c.suit as u8)
    };
    winners.sort_by_key(|s| position(s.seat));
    match rule {
        OddChip::LeftOfButton => {}
        OddChip::HighCardBySuit => winners.sort_by(|a, b| {
            let cards = |s: &Shown| {
                if second {
                    s.second_cards.clone()
                } else {
                    s.first_cards.clone()
                }
            };
            let ka = cards(a).iter().map(suit_key).max();
            let kb = cards(b).iter().map(suit_key).max();
            kb.cmp(&ka)
        }),
        OddChip::LowCardBySuit => winners.sort_by(|a, b| {
            let cards = |s: &Shown| {
                if second {
                    s.second_cards.clone()
                } else {
                    s.first_cards.clone()
                }
            };
            let ka = cards(a).iter().map(low_key).min();
            let kb = cards(b).iter().map(low_key).min();
            ka.cmp(&kb)
        }),
    }
    let n = winners.len() as Cents;
    let share = amount / n / rules.chip * rules.chip;
    let mut excess = amount - share * n;
    let mut shares: Vec<(u8, Cents)> = winners.iter().map(|s| (s.seat, share)).collect();
    let mut odd_chips = Vec::new();
    // Whole chips one at a time in odd-chip order; a part of a chip goes to the first.
    let mut k = 0;
    let n_winners = shares.len();
    while excess >= rules.chip {
        shares[k % n_winners].1 += rules.chip;
        odd_chips.push(shares[k % n_winners].0);
        excess -= rules.chip;
        k += 1;
    }
    if excess > 0 {
        shares[0].1 += excess;
        if !odd_chips.contains(&shares[0].0) {
            odd_chips.push(shares[0].0);
        }
    }
    // Shares in seat order for reading; odd_chips keeps who got them.
    shares.sort_by_key(|s| s.0);
    HalfAward {
        half: half.into(),
        amount,
        winners: shares,
        odd_chips,
    }
}

/// What each seat receives in all: awards plus the returned uncalled bet.
pub fn totals(awards: &[PotAward], uncalled: Option<(u8, Cents)>) -> Vec<(u8, Cents)> {
    let mut t: Vec<(u8, Cents)> = Vec::new();
    let mut add = |seat: u8, c: Cents| match t.iter_mut().find(|x| x.0 == seat) {
        Some(x) => x.1 += c,
        None => t.push((seat, c)),
    };
    for a in awards {
        for h in &a.halves {
            for (s, c) in &h.winners {
                add(*s, *c);
            }
        }
    }
    if let Some((s, c)) = uncalled {
        add(s, c);
    }
    t.sort_by_key(|x| x.0);
    t
}

#[cfg(test)]
mod tests {
    use super::*;

    fn st(seat: u8, put_in: Cents, folded: bool) -> Stake {
        Stake {
            seat,
            put_in,
            folded,
        }
    }

    #[test]
    fn three_all_ins_of_different_sizes_make_three_side_pots() {
        // Seat 1 all-in $10, seat 2 all-in $25, seat 3 all-in $60, seat 4 calls $100 and
        // seat 5 bets $100, seat 6 folded after putting in $40.
        let p = build(&[
            st(1, 1000, false),
            st(2, 2500, false),
            st(3, 6000, false),
            st(4, 10000, false),
            st(5, 10000, false),
            st(6, 4000, true),
        ])
        .unwrap();
        assert_eq!(p.uncalled, None);
        let amounts: Vec<Cents> = p.pots.iter().map(|p| p.amount).collect();
        // Main: 6 × $10; side 1: 5 × $15; side 2: 3 × $35 + $15 from seat 6; side 3: 2 × $40.
        assert_eq!(amounts, vec![6000, 7500, 12000, 8000]);
        assert_eq!(p.pots[0].eligible, vec![1, 2, 3, 4, 5]);
        assert_eq!(p.pots[1].eligible, vec![2, 3, 4, 5]);
        assert_eq!(p.pots[2].eligible, vec![3, 4, 5]);
        assert_eq!(p.pots[3].eligible, vec![4, 5]);
        assert_eq!(p.total(), 1000 + 2500 + 6000 + 10000 + 10000 + 4000);
    }

    #[test]
    fn the_uncalled_bet_goes_back() {
        let p = build(&[st(1, 600, false), st(2, 200, false), st(3, 200, true)]).unwrap();
        assert_eq!(p.uncalled, Some((1, 400)));
        assert_eq!(p.pots.len(), 1);
        assert_eq!(p.pots[0].amount, 600);
        assert!(build(&[st(1, 100, true)]).is_err());
        assert!(build(&[st(1, -1, false), st(2, 0, false)]).is_err());
    }

    #[test]
    fn rake_is_shared_by_the_pots() {
        let mut pots = vec![
            Pot {
                amount: 3000,
                eligible: vec![1, 2, 3],
            },
            Pot {
                amount: 1000,
                eligible: vec![2, 3],
            },
        ];
        assert_eq!(take_from(&mut pots, 401, 1), vec![301, 100]);
        assert_eq!(take_from(&mut pots, 400, 25), vec![300, 100]);
        assert_eq!(pots[0].amount + pots[1].amount, 4000 - 801);
    }
}
