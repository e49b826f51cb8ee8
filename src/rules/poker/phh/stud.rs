//! Seven-card Stud (`F7S`), Stud Hi-Lo 8 (`F7S/8`) and Razz (`FR`) as PHH writes them
//! (§ 637a.10): each player's deal as `d dh pN ????Kd` (the down cards unknown, the up cards as
//! entered), the forced bet as the bring-in (`pN pb`), a completion, bet or raise as `cbr`, and
//! the showdown. PokerKit opens each betting round by its own reading of the up cards; where the
//! rules' reading (§ 637a.10(d),(f)) picks another seat, the round is refused, never written
//! with an opener PokerKit would not take.

use super::{Players, betting, cards, final_showdown};
use crate::rules::Cents;
use crate::rules::cards::Card;
use crate::rules::game_id::GameId;
use crate::rules::poker::hand::{Hand, HandEvent, HandResult};
use std::collections::{BTreeMap, BTreeSet};

/// The bring-in PHH writes: the forced bet (§ 637a.10(d)), which PHH needs above zero and below
/// the small bet (PokerKit refuses any other).
pub(super) fn bring_in(hand: &Hand, small: Cents) -> Result<Cents, String> {
    let forced = hand.setup.forced_bet;
    if forced <= 0 {
        return Err(
            "Stud without a forced bet: PHH's Stud opens with a bring-in on the up cards (§ 637a.10(d))"
                .into(),
        );
    }
    if forced >= small {
        return Err(format!(
            "a forced bet of {forced} is not below the small bet of {small}: PHH's bring-in must be (a completion is to the small bet)"
        ));
    }
    Ok(forced)
}

/// Razz: the ace counts low in what shows, and the highest card brings it in.
fn low(hand: &Hand) -> bool {
    hand.setup.game == GameId::SevenCardStudLow
}

/// The seat PokerKit has bring in: the lowest up card (ace high) or at Razz the highest (ace
/// low), equal ranks by suit, clubs lowest (PokerKit's `Opening.LOW_CARD`, `HIGH_CARD`).
fn pokerkit_bring_in(up: &BTreeMap<u8, Vec<Card>>, live: &[u8], low: bool) -> Option<u8> {
    let key = |c: &Card| {
        let r = match c.rank.value() {
            14 if low => 1,
            r => r,
        };
        (r, c.suit)
    };
    let each = live.iter().filter_map(|s| {
        up.get(s)
            .and_then(|u| {
                if low {
                    u.iter().map(key).max()
                } else {
                    u.iter().map(key).min()
                }
            })
            .map(|k| (k, *s))
    });
    if low {
        each.max().map(|(_, s)| s)
    } else {
        each.min().map(|(_, s)| s)
    }
}

/// What shows, as PokerKit ranks it to open a round: the shape (high cards, a pair, two pair,
/// three, four of a kind), then the ranks by group, largest group first, highest first.
fn pokerkit_showing(up: &[Card], low: bool) -> (u8, Vec<u8>) {
    let mut counts: Vec<(u8, u8)> = Vec::new();
    for c in up {
        let r = match c.rank.value() {
            14 if low => 1,
            r => r,
        };
        match counts.iter_mut().find(|(_, rank)| *rank == r) {
            Some(e) => e.0 += 1,
            None => counts.push((1, r)),
        }
    }
    counts.sort_unstable_by_key(|c| std::cmp::Reverse(*c));
    let pairs = counts.iter().filter(|c| c.0 == 2).count();
    let shape = match counts.first().map_or(1, |c| c.0) {
        4 => 4,
        3 => 3,
        2 if pairs >= 2 => 2,
        2 => 1,
        _ => 0,
    };
    (shape, counts.iter().map(|c| c.1).collect())
}

/// The seat's up cards so far.
fn shows(up: &BTreeMap<u8, Vec<Card>>, seat: u8) -> &[Card] {
    up.get(&seat).map(|u| u.as_slice()).unwrap_or(&[])
}

/// The seat that opens a betting round after the first: by the rules, the best hand showing
/// (§ 637a.10(f); Razz the best low, (f)(2)), equal hands the seat closest to the dealer's left;
/// by PokerKit (`Opening.HIGH_HAND`, `LOW_HAND`), its own order, equal hands the first player.
/// Both, to compare.
fn openers(up: &BTreeMap<u8, Vec<Card>>, live: &[u8], low: bool) -> (Option<u8>, Option<u8>) {
    let mut seats: Vec<u8> = live.to_vec();
    seats.sort_unstable();
    let rules = seats
        .iter()
        .map(|s| {
            (
                crate::rules::stud_bring_in::showing_key(shows(up, *s), low),
                *s,
            )
        })
        .max_by(|a, b| a.0.cmp(&b.0).then(b.1.cmp(&a.1)))
        .map(|x| x.1);
    let keyed = seats
        .iter()
        .map(|s| (pokerkit_showing(shows(up, *s), low), *s));
    let pokerkit = if low {
        keyed.min_by(|a, b| a.0.cmp(&b.0).then(a.1.cmp(&b.1)))
    } else {
        keyed.max_by(|a, b| a.0.cmp(&b.0).then(b.1.cmp(&a.1)))
    };
    (rules, pokerkit.map(|x| x.1))
}

fn seat_or_none(seat: Option<u8>) -> String {
    seat.map_or_else(|| "none".to_string(), |s| s.to_string())
}

/// What the writer keeps of the round as it goes through the events.
struct Table<'a> {
    players: &'a Players,
    /// Each seat's up cards, in the order dealt.
    up: BTreeMap<u8, Vec<Card>>,
    /// Each seat's down cards, how many.
    down: BTreeMap<u8, usize>,
    /// The seats not folded.
    live: Vec<u8>,
    all_in: BTreeSet<u8>,
    out: Vec<String>,
}

impl Table<'_> {
    /// Everyone still in but at most one is all-in, with cards to come: PokerKit has the hands
    /// shown before each further street (its all-in showdown). The down cards stay `??` until the
    /// last, which the journal knows only as part of the hand shown at the end.
    fn all_in_showdown(&mut self) -> Result<(), String> {
        let can_bet = self
            .live
            .iter()
            .filter(|s| !self.all_in.contains(*s))
            .count();
        if self.live.len() < 2 || can_bet > 1 {
            return Ok(());
        }
        for s in self.players.sorted(&self.live) {
            let down = self.down.get(&s).copied().unwrap_or(0);
            let up = self.up.get(&s).map(|u| cards(u)).unwrap_or_default();
            let shows = format!("{} sm {}{up}", self.players.p(s)?, "??".repeat(down));
            self.out.push(shows);
        }
        Ok(())
    }

    /// One deal: each seat's down cards as `??`, then its up card(s) as entered.
    fn deal(&mut self, seats: &[u8], n: u8, ups: &[(u8, Card)]) -> Result<(), String> {
        if seats.is_empty() {
            return Ok(());
        }
        let each = usize::from(n) / seats.len();
        for s in self.players.sorted(seats) {
            let mine: Vec<Card> = ups.iter().filter(|(u, _)| *u == s).map(|x| x.1).collect();
            let Some(down) = each.checked_sub(mine.len()) else {
                return Err(format!("seat {s} has more up cards than cards dealt to it"));
            };
            self.out.push(format!(
                "d dh {} {}{}",
                self.players.p(s)?,
                "??".repeat(down),
                cards(&mine)
            ));
            *self.down.entry(s).or_insert(0) += down;
            self.up.entry(s).or_default().extend(mine);
        }
        Ok(())
    }
}

pub(super) fn actions(
    hand: &Hand,
    result: &HandResult,
    players: &Players,
) -> Result<Vec<String>, String> {
    let low = low(hand);
    let mut t = Table {
        players,
        up: BTreeMap::new(),
        down: BTreeMap::new(),
        live: hand.players.iter().map(|p| p.seat).collect(),
        all_in: BTreeSet::new(),
        out: Vec::new(),
    };
    for e in &hand.events {
        match e {
            HandEvent::Posted {
                seat, what, all_in, ..
            } => {
                if *all_in {
                    t.all_in.insert(*seat);
                }
                if what == "forced bet" {
                    // § 637a.10(d): the forced bet on the up cards; PokerKit's bring-in seat.
                    let theirs = pokerkit_bring_in(&t.up, &t.live, low);
                    if theirs != Some(*seat) {
                        return Err(format!(
                            "seat {seat} made the forced bet (§ 637a.10(d)); PokerKit brings it in from seat {}",
                            seat_or_none(theirs)
                        ));
                    }
                    t.out.push(format!("{} pb", players.p(*seat)?));
                }
            }
            // The first deal (down cards, then the up card) and each later street (a burn, then
            // one card each: up, or down on 7th street).
            HandEvent::Dealt {
                seats,
                cards: n,
                burned,
                up,
                ..
            } if !seats.is_empty() && *n > 0 => {
                if *burned {
                    t.all_in_showdown()?;
                }
                t.deal(seats, *n, up)?;
                let betting_next = t.live.iter().filter(|s| !t.all_in.contains(*s)).count() > 1;
                if *burned && betting_next {
                    let (rules, theirs) = openers(&t.up, &t.live, low);
                    if rules != theirs {
                        return Err(format!(
                            "the best hand showing (§ 637a.10(f)) opens at seat {}; PokerKit opens at seat {}: PHH cannot hold this round",
                            seat_or_none(rules),
                            seat_or_none(theirs)
                        ));
                    }
                }
            }
            HandEvent::Acted {
                seat,
                action,
                all_in,
            } => {
                t.out.push(betting(players, *seat, action)?);
                if *all_in {
                    t.all_in.insert(*seat);
                }
                if matches!(action, crate::rules::betting_actions::Action::Fold) {
                    t.live.retain(|s| s != seat);
                }
            }
            _ => {}
        }
    }
    let shown: BTreeMap<u8, &Vec<Card>> = result.hands.iter().map(|(s, c)| (*s, c)).collect();
    // A shown card dealt face up to another seat would be two cards in PokerKit's deck.
    for (s, hand_cards) in &shown {
        for (other, up) in &t.up {
            if let Some(c) = up.iter().find(|c| other != s && hand_cards.contains(c)) {
                return Err(format!(
                    "seat {s}'s hand shown holds {c}, dealt face up to seat {other}"
                ));
            }
        }
    }
    final_showdown(players, &t.live, &shown, &mut t.out)?;
    Ok(t.out)
}
