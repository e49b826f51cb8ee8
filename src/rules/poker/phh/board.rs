//! The board games' actions (`FT`, `NT`, `PO`, `FO/8`; § 637a.11, § 637a.12): the hole cards
//! face down, the board as keyed at the showdown, every betting action, the hands shown.

use super::{Players, betting, cards};
use crate::rules::betting_actions::clockwise_after;
use crate::rules::cards::Card;
use crate::rules::poker::hand::{Hand, HandEvent, HandResult};

pub(super) fn actions(
    hand: &Hand,
    result: &HandResult,
    players: &Players,
) -> Result<Vec<String>, String> {
    let p = |seat: u8| players.p(seat);
    let seats: Vec<u8> = hand.players.iter().map(|p| p.seat).collect();
    let shown: std::collections::BTreeMap<u8, &Vec<Card>> =
        result.hands.iter().map(|(s, c)| (*s, c)).collect();
    let mut board = result.board.iter();
    let mut actions: Vec<String> = Vec::new();
    for e in &hand.events {
        match e {
            // The hole cards, face down: each seat's share of the deal (a board game deals no
            // other cards without a burn).
            HandEvent::Dealt {
                seats: dealt,
                cards: n,
                burned: false,
                ..
            } if !dealt.is_empty() => {
                let each = usize::from(*n) / dealt.len();
                for s in clockwise_after(dealt, hand.setup.button) {
                    actions.push(format!("d dh {} {}", p(s)?, "??".repeat(each)));
                }
            }
            // The board, as keyed at the showdown (unknown where the round ended before it).
            HandEvent::Dealt {
                cards: n,
                burned: true,
                ..
            } if *n > 0 => {
                let c: Vec<String> = (0..*n)
                    .map(|_| board.next().map_or("??".to_string(), |c| c.to_string()))
                    .collect();
                actions.push(format!("d db {}", c.concat()));
            }
            HandEvent::Acted { seat, action, .. } => {
                actions.push(betting(players, *seat, action)?);
            }
            _ => {}
        }
    }
    for s in clockwise_after(&seats, hand.setup.button) {
        if let Some(c) = shown.get(&s) {
            actions.push(format!("{} sm {}", p(s)?, cards(c)));
        }
    }
    Ok(actions)
}
