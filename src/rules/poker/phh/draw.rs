//! Deuce-to-Seven Triple Draw (`F2L3D`, § 637a.20) and Badugi (`FB`, § 637a.21) as PHH writes
//! them: the hole cards face down, every betting action, each draw (§ 637a.20(h)) as the
//! player's discard (`pN sd ????`, or `pN sd` standing pat) and, once every player has drawn,
//! the dealer's replacements (`d dh pN ????`), as PHH orders a draw; then the hands shown.
//! The journal knows how many cards each player drew, never which: all of them are `??`.

use super::{Players, betting, final_showdown};
use crate::rules::cards::Card;
use crate::rules::poker::hand::{Hand, HandEvent, HandResult};
use std::collections::BTreeMap;

/// The replacements of one draw round, dealt once every player has discarded, in PHH's order.
fn replacements(
    players: &Players,
    drawn: &mut Vec<(u8, u8)>,
    out: &mut Vec<String>,
) -> Result<(), String> {
    let seats: Vec<u8> = drawn.iter().map(|(s, _)| *s).collect();
    for s in players.sorted(&seats) {
        let count: u8 = drawn.iter().filter(|(d, _)| *d == s).map(|(_, c)| *c).sum();
        if count > 0 {
            let cards = "??".repeat(usize::from(count));
            out.push(format!("d dh {} {cards}", players.p(s)?));
        }
    }
    drawn.clear();
    Ok(())
}

pub(super) fn actions(
    hand: &Hand,
    result: &HandResult,
    players: &Players,
) -> Result<Vec<String>, String> {
    let mut out: Vec<String> = Vec::new();
    let mut live: Vec<u8> = hand.players.iter().map(|p| p.seat).collect();
    let mut drawn: Vec<(u8, u8)> = Vec::new();
    for e in &hand.events {
        match e {
            // A draw: the discard now, the replacements once the round of draws is over.
            HandEvent::Drew { seat, count } => {
                let who = players.p(*seat)?;
                let discard = if *count == 0 {
                    format!("{who} sd")
                } else {
                    format!("{who} sd {}", "??".repeat(usize::from(*count)))
                };
                out.push(discard);
                drawn.push((*seat, *count));
                continue;
            }
            // § 637a.20(h): the discards shuffled for a drawing player; PHH does not say.
            HandEvent::DiscardsReshuffled { .. } => continue,
            _ => {}
        }
        replacements(players, &mut drawn, &mut out)?;
        match e {
            // The hole cards, face down (a draw game's other deals are the draws).
            HandEvent::Dealt {
                seats, cards: n, ..
            } if !seats.is_empty() && *n > 0 => {
                let each = usize::from(*n) / seats.len();
                for s in players.sorted(seats) {
                    out.push(format!("d dh {} {}", players.p(s)?, "??".repeat(each)));
                }
            }
            HandEvent::Acted { seat, action, .. } => {
                out.push(betting(players, *seat, action)?);
                if matches!(action, crate::rules::betting_actions::Action::Fold) {
                    live.retain(|s| s != seat);
                }
            }
            _ => {}
        }
    }
    replacements(players, &mut drawn, &mut out)?;
    let shown: BTreeMap<u8, &Vec<Card>> = result.hands.iter().map(|(s, c)| (*s, c)).collect();
    final_showdown(players, &live, &shown, &mut out)?;
    Ok(out)
}
