//! A poker-room round as a hand history in the PHH format (the Poker Hand History file format,
//! uoftcprg/phh-std, which PokerKit reads and replays): the variant, the forced bets, the
//! starting stacks, and the actions in PHH notation (the deals, every betting action, the hands
//! shown), with the table, round and seat numbers in PHH's optional fields. Pure: a hand in,
//! TOML text out.
//!
//! Players are numbered as PHH numbers them: `p1` the first seat left of the button, clockwise,
//! the button last (heads-up PokerKit reverses the blinds itself, so `blinds_or_straddles` stays
//! small blind first). Cards the journal does not know (hole cards never shown, a board never
//! keyed) are `??`. What PHH cannot say is refused with the reason, never written wrong.

use super::hand::{Hand, HandEvent, Structure};
use crate::rules::betting::{Action, clockwise_after};
use crate::rules::cards::Card;
use crate::rules::games::GameId;

/// Where and when the round was dealt, for PHH's optional fields.
#[derive(Debug, Clone, Default)]
pub struct PhhMeta {
    pub table: u32,
    pub round: u32,
    /// "2026-11-28T18:39:24Z": the round's start, UTC.
    pub started_utc: String,
}

/// The PHH variant code of a board game and structure.
fn variant(game: GameId, s: Structure) -> Result<&'static str, String> {
    Ok(match (game, s) {
        (GameId::Holdem, Structure::FixedLimit { .. }) => "FT",
        (GameId::Holdem, Structure::NoLimit { .. }) => "NT",
        (GameId::Omaha, Structure::PotLimit { .. }) => "PO",
        (GameId::OmahaHiLo, Structure::FixedLimit { .. }) => "FO/8",
        _ => {
            return Err(format!(
                "{} at {} has no PHH variant code the export writes yet (docs/hand-verifier.md)",
                game.id(),
                s.name()
            ));
        }
    })
}

fn cards(c: &[Card]) -> String {
    c.iter().map(|c| c.to_string()).collect()
}

fn quoted_list<T: std::fmt::Display>(v: &[T]) -> String {
    let items: Vec<String> = v.iter().map(|x| x.to_string()).collect();
    format!("[{}]", items.join(", "))
}

/// The round as PHH text. A round whose betting stayed at the table, a round not yet over, or
/// a game PHH's codes do not cover is refused with the reason.
pub fn to_phh(hand: &Hand, meta: &PhhMeta) -> Result<String, String> {
    if hand.setup.untracked {
        return Err(
            "the betting of this round stayed at the table: there are no actions to write".into(),
        );
    }
    let result = hand
        .result
        .as_ref()
        .ok_or("the round is not over: its hand history is written once the pot is awarded")?;
    let code = variant(hand.setup.game, hand.setup.structure)?;
    if !hand.setup.posts.is_empty() {
        return Err("blinds posted out of turn have no place in PHH's forced bets".into());
    }
    let seats: Vec<u8> = hand.players.iter().map(|p| p.seat).collect();
    if seats.len() == 2 && !hand.setup.heads_up_button_small_blind {
        return Err(
            "heads-up with the small blind left of the button: PHH (and PokerKit) deal heads-up with the button on the small blind"
                .into(),
        );
    }
    let order = clockwise_after(&seats, hand.setup.button);
    let index = |seat: u8| order.iter().position(|s| *s == seat).map(|i| i + 1);
    let p = |seat: u8| -> Result<String, String> {
        index(seat)
            .map(|i| format!("p{i}"))
            .ok_or_else(|| format!("seat {seat} is not in the round"))
    };
    // The forced bets: antes for all, blinds (and a straddle) by position.
    let mut blinds = vec![0i64; order.len()];
    let mut antes = vec![0i64; order.len()];
    for e in &hand.events {
        if let HandEvent::Posted {
            seat, what, amount, ..
        } = e
        {
            let i = index(*seat).ok_or("a post by a seat not in the round")? - 1;
            match what.as_str() {
                "ante" => antes[i] += amount,
                "blind" | "straddle" => blinds[i] += amount,
                other => return Err(format!("a {other} has no place in PHH's forced bets")),
            }
        }
    }
    // Heads-up PokerKit posts the small blind from the button (the last player): the list stays
    // small blind first, as the rooms' rule posts it.
    if order.len() == 2 {
        blinds.reverse();
    }
    let stacks: Vec<i64> = order
        .iter()
        .map(|s| {
            hand.setup
                .seats
                .iter()
                .find(|(seat, _)| seat == s)
                .map_or(0, |(_, st)| *st)
        })
        .collect();
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
                let who = p(*seat)?;
                actions.push(match action {
                    Action::Fold => format!("{who} f"),
                    Action::Check | Action::Call { .. } => format!("{who} cc"),
                    Action::Bet { amount } => format!("{who} cbr {amount}"),
                    Action::Raise { to, .. } => format!("{who} cbr {to}"),
                });
            }
            _ => {}
        }
    }
    for s in clockwise_after(&seats, hand.setup.button) {
        if let Some(c) = shown.get(&s) {
            actions.push(format!("{} sm {}", p(s)?, cards(c)));
        }
    }
    let mut out = String::new();
    out.push_str(&format!("variant = \"{code}\"\n"));
    out.push_str("ante_trimming_status = true\n");
    out.push_str(&format!("antes = {}\n", quoted_list(&antes)));
    out.push_str(&format!("blinds_or_straddles = {}\n", quoted_list(&blinds)));
    match hand.setup.structure {
        Structure::FixedLimit { small, big } => {
            out.push_str(&format!("small_bet = {small}\nbig_bet = {big}\n"));
        }
        Structure::NoLimit { min } | Structure::PotLimit { min } => {
            out.push_str(&format!("min_bet = {min}\n"));
        }
        Structure::SpreadLimit { .. } => {
            return Err("spread limit has no PHH variant code".into());
        }
    }
    out.push_str(&format!("starting_stacks = {}\n", quoted_list(&stacks)));
    let listed: Vec<String> = actions.iter().map(|a| format!("  \"{a}\",")).collect();
    out.push_str(&format!("actions = [\n{}\n]\n", listed.join("\n")));
    out.push_str(&format!("table = {}\n", meta.table));
    out.push_str(&format!("hand = {}\n", meta.round));
    // Each player's seat at the table, and the table's seats.
    out.push_str(&format!("seats = {}\n", quoted_list(&order)));
    out.push_str(&format!("seat_count = {}\n", hand.procedure.max_players));
    // The round's start as the journal wrote it (RFC 3339, UTC); a time that does not read
    // as one is left out, never guessed.
    if let Ok(t) = chrono::DateTime::parse_from_rfc3339(&meta.started_utc) {
        use chrono::{Datelike, Timelike};
        let t = t.with_timezone(&chrono::Utc);
        out.push_str(&format!(
            "year = {}\nmonth = {}\nday = {}\ntime_zone = \"UTC\"\ntime = \"{:02}:{:02}:{:02}\"\n",
            t.year(),
            t.month(),
            t.day(),
            t.hour(),
            t.minute(),
            t.second()
        ));
    }
    let won: Vec<i64> = order
        .iter()
        .map(|s| {
            let start = stacks[order.iter().position(|x| x == s).unwrap_or(0)];
            let put: i64 = hand
                .players
                .iter()
                .find(|p| p.seat == *s)
                .map_or(0, |p| p.put_in);
            let got: i64 = result
                .totals
                .iter()
                .filter(|(t, _)| t == s)
                .map(|(_, c)| *c)
                .sum();
            start - put + got
        })
        .collect();
    out.push_str(&format!("finishing_stacks = {}\n", quoted_list(&won)));
    if result.take.total() > 0 {
        out.push_str(&format!(
            "# rake and jackpot drops taken: {} (PokerKit's finishing stacks add it back to the winners)\n",
            result.take.total()
        ));
    }
    Ok(out)
}
