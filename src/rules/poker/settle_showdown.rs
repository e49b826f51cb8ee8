//! `deckhand settle` for a poker-room showdown: what each seat put in, who folded, the cards
//! shown, the board; out come the pots (main and side), the rake and contributions taken, and
//! each half's winners with their amounts and odd chips. The format is in `docs/settle.md`.

use super::pots::{self, AwardRules, OddChip, Shown, Stake};
use super::procedure::{Phase, Procedure};
use crate::rules::betting_actions::clockwise_after;
use crate::rules::cards::{Card, parse_cards};
use crate::rules::game_id::GameId;
use crate::rules::poker::house_take::{PotRules, PotTake};
use crate::rules::registry::evaluate;
use crate::rules::{Cents, money};
use serde::{Deserialize, Serialize};

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
struct Input {
    game: String,
    /// Board games: the community cards; Stud: the common card(s), if any.
    #[serde(default)]
    board: String,
    /// The button's seat (Stud: leave out; odd chips go from the dealer's left).
    #[serde(default)]
    button: u8,
    seats: Vec<SeatIn>,
    #[serde(default)]
    rake: PotRules,
    /// The smallest chip in play, cents (default 100).
    #[serde(default = "chip")]
    chip: Cents,
    /// Who gets an odd chip of the high (or only) half; default: the game's own rule
    /// ([`AwardRules::for_game`]).
    #[serde(default)]
    odd_chip: Option<OddChip>,
    #[serde(default)]
    odd_chip_low: Option<OddChip>,
    /// "No flop, no drop": whether the flop (or, in other games, the second betting round)
    /// was reached; default: a board of three or more, or true without a board.
    #[serde(default)]
    flop_dealt: Option<bool>,
}

fn chip() -> Cents {
    100
}

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
struct SeatIn {
    seat: u8,
    put_in: Cents,
    #[serde(default)]
    folded: bool,
    /// The shown cards; empty for a hand conceded without showing (§ 637a.18(f)).
    #[serde(default)]
    cards: String,
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Winner {
    pub seat: u8,
    pub amount: Cents,
    pub odd_chip: bool,
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct HalfOut {
    pub half: String,
    pub amount: Cents,
    pub winners: Vec<Winner>,
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct PotOut {
    /// "main" or "side 1", "side 2", …
    pub pot: String,
    /// Before the rake and contributions.
    pub amount: Cents,
    /// Its share of the rake and contributions.
    pub taken: Cents,
    pub eligible: Vec<u8>,
    pub halves: Vec<HalfOut>,
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct HandOut {
    pub seat: u8,
    pub hand: String,
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct ShowdownSettlement {
    pub game: String,
    pub section: String,
    pub hands: Vec<HandOut>,
    /// Side pots first, the main pot last: the order they are awarded (§ 637a.7(e)(6)(ii)).
    pub pots: Vec<PotOut>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub uncalled: Option<Winner>,
    pub rake: Cents,
    pub bad_beat: Cents,
    pub high_hand: Cents,
    /// What each seat receives in all.
    pub totals: Vec<Winner>,
    /// One line per step, for the floorperson.
    pub explanation: Vec<String>,
}

/// Whether `deckhand settle` should read this input as a poker-room showdown.
pub fn is_poker_room(input: &serde_json::Value) -> bool {
    input
        .get("game")
        .and_then(|g| g.as_str())
        .and_then(|g| GameId::parse(g).ok())
        .is_some_and(|g| Procedure::of(g).is_some())
}

fn cards(text: &str, what: &str) -> Result<Vec<Card>, String> {
    if text.trim().is_empty() {
        return Ok(vec![]);
    }
    parse_cards(text).map_err(|e| format!("{what}: {e}"))
}

pub fn settle(input: &str) -> Result<ShowdownSettlement, String> {
    let inp: Input = serde_json::from_str(input).map_err(|e| format!("input: {e}"))?;
    let game = GameId::parse(&inp.game)?;
    let proc = Procedure::of(game)
        .ok_or_else(|| format!("game: {} is not a poker-room game", inp.game))?;
    check_amounts(&inp)?;
    let board = cards(&inp.board, "board")?;
    let board_game = proc.phases.iter().any(|p| matches!(p, Phase::Board { .. }));
    let stakes: Vec<Stake> = inp
        .seats
        .iter()
        .map(|s| Stake {
            seat: s.seat,
            put_in: s.put_in,
            folded: s.folded,
        })
        .collect();
    let built = pots::build(&stakes)?;
    let (shown, hands) = shown_hands(game, &inp, &board)?;
    let total: Cents = stakes.iter().map(|s| s.put_in).sum();
    let flop = inp.flop_dealt.unwrap_or(!board_game || board.len() >= 3);
    let take = PotTake::compute(&inp.rake, total, built.uncalled.map_or(0, |u| u.1), flop);
    let mut after = built.pots.clone();
    let taken = pots::take_from(&mut after, take.total(), inp.chip);
    let seats: Vec<u8> = inp.seats.iter().map(|s| s.seat).collect();
    let order = clockwise_after(&seats, if proc.button { inp.button } else { 0 });
    let own = AwardRules::for_game(game);
    let rules = AwardRules {
        split: proc.second_half.is_some(),
        chip: inp.chip,
        odd_chip_first: inp.odd_chip.unwrap_or(own.odd_chip_first),
        odd_chip_second: inp.odd_chip_low.unwrap_or(own.odd_chip_second),
    };
    let second = proc.second_half.unwrap_or("low");
    let awards = pots::award(&after, &shown, &order, &rules, second)?;
    let mut explanation = Vec::new();
    if let Some((seat, c)) = built.uncalled {
        explanation.push(format!(
            "Seat {seat}'s uncalled {} is returned (§ 637a.17(d))",
            money(c)
        ));
    }
    if take.total() > 0 {
        explanation.push(format!(
            "Rake {} (§ 637a.17), Bad Beat {} (§ 637a.15(c)), High Hand {} (§ 637a.16(c)) from {}",
            money(take.rake),
            money(take.bad_beat),
            money(take.high_hand),
            money(total - take.uncalled)
        ));
    }
    let pots_out = pots_out(&awards, &built, &taken, &mut explanation);
    let totals = pots::totals(&awards, built.uncalled)
        .into_iter()
        .map(|(seat, amount)| Winner {
            seat,
            amount,
            odd_chip: false,
        })
        .collect();
    Ok(ShowdownSettlement {
        game: game.id().into(),
        section: proc.section.into(),
        hands,
        pots: pots_out,
        uncalled: built.uncalled.map(|(seat, amount)| Winner {
            seat,
            amount,
            odd_chip: false,
        }),
        rake: take.rake,
        bad_beat: take.bad_beat,
        high_hand: take.high_hand,
        totals,
        explanation,
    })
}

/// The chip, the rake's percent and every amount of the input: refused by name, never read as
/// nothing (issue 40).
fn check_amounts(inp: &Input) -> Result<(), String> {
    if inp.chip <= 0 {
        return Err("chip: the smallest chip must be at least 1 cent".into());
    }
    if inp.rake.rake_percent > 10 {
        return Err("rake.rake_percent: at most 10 (§ 637a.17(b)(1))".into());
    }
    for (field, c) in [
        ("rake.rake_cap", inp.rake.rake_cap),
        ("rake.bad_beat", inp.rake.bad_beat),
        ("rake.high_hand", inp.rake.high_hand),
        ("rake.contribution_min_pot", inp.rake.contribution_min_pot),
    ] {
        if !(0..=crate::rules::banked::MAX_AMOUNT).contains(&c) {
            return Err(format!(
                "{field}: {c} is not an amount of cents from 0 to {}",
                crate::rules::banked::MAX_AMOUNT
            ));
        }
    }
    Ok(())
}

/// The hands shown at the showdown, checked for a card seen twice and ranked for the game; a
/// hand not keyed concedes (§ 637a.18(f)).
fn shown_hands(
    game: GameId,
    inp: &Input,
    board: &[Card],
) -> Result<(Vec<Shown>, Vec<HandOut>), String> {
    let mut shown = Vec::new();
    let mut hands = Vec::new();
    let mut seen: Vec<Card> = board.to_vec();
    for s in inp.seats.iter().filter(|s| !s.folded) {
        let c = cards(&s.cards, &format!("seat {}", s.seat))?;
        if c.is_empty() {
            hands.push(HandOut {
                seat: s.seat,
                hand: "conceded without showing (§ 637a.18(f))".into(),
            });
            continue;
        }
        for card in &c {
            if seen.contains(card) {
                return Err(format!("seat {}: {card} appears twice", s.seat));
            }
            seen.push(*card);
        }
        let e = evaluate(game, &c, board).map_err(|e| format!("seat {}: {e}", s.seat))?;
        let (second, second_cards) = match (&e.low, &e.badugi) {
            (Some(Some(l)), _) => (Some(l.value), l.cards.clone()),
            (None, Some(b)) => (Some(b.value), b.cards.clone()),
            _ => (None, vec![]),
        };
        let mut text = e.description.clone();
        match (&e.low, &e.badugi) {
            (Some(Some(l)), _) => text.push_str(&format!("; low {}", l.description)),
            (Some(None), _) => text.push_str("; no qualifying low"),
            (None, Some(b)) => text.push_str(&format!("; Badugi {}", b.description)),
            _ => {}
        }
        hands.push(HandOut {
            seat: s.seat,
            hand: text,
        });
        shown.push(Shown {
            seat: s.seat,
            first: e.value,
            first_cards: e.cards,
            second,
            second_cards,
        });
    }
    Ok((shown, hands))
}

/// Each pot as awarded (main, then side pots), its halves and their winners; a line per half
/// for the floorperson.
fn pots_out(
    awards: &[pots::PotAward],
    built: &pots::Pots,
    taken: &[Cents],
    explanation: &mut Vec<String>,
) -> Vec<PotOut> {
    let name = |i: usize| {
        if i == 0 {
            "main".to_string()
        } else {
            format!("side {i}")
        }
    };
    awards
        .iter()
        .map(|a| {
            let halves: Vec<HalfOut> = a
                .halves
                .iter()
                .map(|h| {
                    let winners: Vec<Winner> = h
                        .winners
                        .iter()
                        .map(|(s, c)| Winner {
                            seat: *s,
                            amount: *c,
                            odd_chip: h.odd_chips.contains(s),
                        })
                        .collect();
                    let who: Vec<String> = winners
                        .iter()
                        .map(|w| {
                            format!(
                                "seat {} {}{}",
                                w.seat,
                                money(w.amount),
                                if w.odd_chip { " (odd chip)" } else { "" }
                            )
                        })
                        .collect();
                    explanation.push(format!(
                        "{} pot {}{}: {}",
                        name(a.pot),
                        if h.half == "whole" {
                            String::new()
                        } else {
                            format!("{} half ", h.half)
                        },
                        money(h.amount),
                        who.join(", ")
                    ));
                    HalfOut {
                        half: h.half.clone(),
                        amount: h.amount,
                        winners,
                    }
                })
                .collect();
            PotOut {
                pot: name(a.pot),
                amount: built.pots[a.pot].amount,
                taken: taken[a.pot],
                eligible: a.eligible.clone(),
                halves,
            }
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Seven-card Stud Hi-Lo's odd chip goes to the highest card by suit, as § 637a.10(i)(3)(ii)
    /// says, not by seat order; an explicit setting still decides when given.
    #[test]
    fn stud_hi_lo_odd_chip_goes_by_suit() {
        let round = |extra: &str| {
            format!(
                r#"{{"game": "seven-card-stud-hi-lo-8", "chip": 100 {extra},
                "seats": [{{"seat": 2, "put_in": 250, "cards": "Th 9c 8d 7h 6c Kd Qh"}},
                          {{"seat": 5, "put_in": 250, "cards": "Ts 9d 8s 7c 6d Ks Qd"}}]}}"#
            )
        };
        let odd = |s: &ShowdownSettlement| -> Vec<u8> {
            s.pots
                .iter()
                .flat_map(|p| &p.halves)
                .flat_map(|h| &h.winners)
                .filter(|w| w.odd_chip)
                .map(|w| w.seat)
                .collect()
        };
        // Both play a ten-high straight and neither has a low: the ten of spades wins the chip.
        let s = settle(&round("")).unwrap();
        // § 637a.10(i): tied high hands in Stud Hi-Lo split, the odd chip to the highest card by suit (T♠).
        assert_eq!(odd(&s), vec![5], "{s:#?}");
        let s = settle(&round(r#", "odd_chip": "left-of-button""#)).unwrap();
        assert_eq!(odd(&s), vec![2]);
        // Hold'em keeps seat order by default.
        assert_eq!(
            AwardRules::for_game(GameId::Holdem).odd_chip_first,
            OddChip::LeftOfButton
        );
        assert_eq!(
            AwardRules::for_game(GameId::SevenCardStudHiLo).odd_chip_second,
            OddChip::LowCardBySuit
        );
    }

    /// Seven-card Stud Hi-Lo 8: a low with a pair among its five, or a 9, does not qualify, and
    /// the high hand takes the whole pot; an 8-low splits it.
    #[test]
    fn stud_hi_lo_8_without_a_qualifying_low_the_high_takes_the_whole_pot() {
        let round = |low_seat: &str| {
            format!(
                r#"{{"game": "seven-card-stud-hi-lo-8", "chip": 100,
                "seats": [{{"seat": 2, "put_in": 500, "cards": "Kh Kd Ks 9h 9s Jh Qh"}},
                          {{"seat": 5, "put_in": 500, "cards": "{low_seat}"}}]}}"#
            )
        };
        let totals = |s: &ShowdownSettlement| -> Vec<(u8, Cents)> {
            s.totals.iter().map(|w| (w.seat, w.amount)).collect()
        };
        for no_low in ["8c 5d 5h 3s 2c Tc Js", "9c 6d 5h 3s 2c Tc Js"] {
            let s = settle(&round(no_low)).unwrap();
            assert!(s.hands[1].hand.contains("no qualifying low"), "{s:#?}");
            // § 637a.10(j): a paired or 9-high low does not qualify: one half, all to the high.
            assert_eq!(s.pots[0].halves.len(), 1, "{no_low}: {s:#?}");
            assert_eq!(totals(&s), vec![(2, 1000)], "{no_low}");
        }
        let s = settle(&round("8c 6d 5h 3s 2c Tc Js")).unwrap();
        assert_eq!(s.pots[0].halves.len(), 2, "{s:#?}");
        assert_eq!(totals(&s), vec![(2, 500), (5, 500)]);
    }
}
