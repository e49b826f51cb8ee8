//! A poker-room round as a hand history in the PHH format (the Poker Hand History file format,
//! uoftcprg/phh-std, which PokerKit reads and replays): the variant, the forced bets, the
//! starting stacks, and the actions in PHH notation (the deals, every betting action, the draws,
//! the hands shown), with the table, round and seat numbers in PHH's optional fields. Pure: a
//! hand in, TOML text out.
//!
//! The games PHH has a code for (phh-std's "Required Fields", PokerKit 0.7's
//! `HandHistory.game_types`): the board games (`board`: `FT`, `NT`, `PO`, `FO/8`), Seven-card
//! Stud, its Hi-Lo 8 and Razz (`stud`: `F7S`, `F7S/8`, `FR`), Deuce-to-Seven Triple Draw and
//! Badugi (`draw`: `F2L3D`, `FB`).
//!
//! Players are numbered as PHH numbers them: at a button game `p1` is the first seat left of the
//! button, clockwise, the button last (heads-up PokerKit reverses the blinds itself, so
//! `blinds_or_straddles` stays small blind first); at Stud, which deals from the dealer's left,
//! `p1` is the lowest seat (§ 637a.10: seat numbers grow clockwise from the dealer's left).
//! Cards the journal does not know (hole cards never shown, a board never keyed) are `??`. What
//! PHH cannot say is refused with the reason, never written wrong.

use super::hand::{Hand, HandEvent, HandResult, Structure};
use crate::rules::Cents;
use crate::rules::betting_actions::{Action, clockwise_after};
use crate::rules::cards::Card;
use crate::rules::game_id::GameId;

mod board;
mod draw;
mod stud;

/// Where and when the round was dealt, for PHH's optional fields. A table or round of 0 (the
/// default: `deckhand hand` checks a round of no table) is left out of the file.
#[derive(Debug, Clone, Default)]
pub struct PhhMeta {
    pub table: u32,
    pub round: u32,
    /// "2026-11-28T18:39:24Z": the round's start, UTC.
    pub started_utc: String,
}

/// How the cards reach the players, which decides how the actions are written.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Family {
    /// Hole cards and a board (§ 637a.11, § 637a.12).
    Board,
    /// Down and up cards, a bring-in (§ 637a.10).
    Stud,
    /// Hole cards and draws (§ 637a.20, § 637a.21).
    Draw,
}

/// The games PHH has a code for, with the structure each code is dealt at (phh-std
/// `required.rst`; PokerKit 0.7 `HandHistory.game_types`).
const CODES: &[(GameId, &str, &str, Family)] = &[
    (GameId::Holdem, "FT", "fixed limit", Family::Board),
    (GameId::Holdem, "NT", "no limit", Family::Board),
    (GameId::Omaha, "PO", "pot limit", Family::Board),
    (GameId::OmahaHiLo, "FO/8", "fixed limit", Family::Board),
    (GameId::SevenCardStud, "F7S", "fixed limit", Family::Stud),
    (
        GameId::SevenCardStudHiLo8,
        "F7S/8",
        "fixed limit",
        Family::Stud,
    ),
    (GameId::SevenCardStudLow, "FR", "fixed limit", Family::Stud),
    (GameId::TripleDraw27, "F2L3D", "fixed limit", Family::Draw),
    (GameId::Badugi, "FB", "fixed limit", Family::Draw),
];

/// The PHH variant code of a game and structure, or why there is none.
fn variant(game: GameId, s: Structure) -> Result<(&'static str, Family), String> {
    if let Some((_, code, _, family)) = CODES
        .iter()
        .find(|(g, _, structure, _)| *g == game && *structure == s.name())
    {
        return Ok((*code, *family));
    }
    let at: Vec<String> = CODES
        .iter()
        .filter(|(g, ..)| *g == game)
        .map(|(_, code, structure, _)| format!("{code} at {structure}"))
        .collect();
    Err(if at.is_empty() {
        format!(
            "{} has no PHH variant code: PHH (phh-std, PokerKit 0.7) codes only Hold'em, Omaha, Omaha Hi-Lo 8, Seven-card Stud, Stud Hi-Lo 8, Razz, Deuce-to-Seven Triple Draw and Badugi (docs/hand-verifier.md)",
            game.id()
        )
    } else {
        format!(
            "{} at {} has no PHH variant code: PHH has {} only (docs/hand-verifier.md)",
            game.id(),
            s.name(),
            at.join(", ")
        )
    })
}

fn cards(c: &[Card]) -> String {
    c.iter().map(|c| c.to_string()).collect()
}

fn quoted_list<T: std::fmt::Display>(v: &[T]) -> String {
    let items: Vec<String> = v.iter().map(|x| x.to_string()).collect();
    format!("[{}]", items.join(", "))
}

/// The players in PHH's order, `p1` first.
struct Players {
    order: Vec<u8>,
}

impl Players {
    fn index(&self, seat: u8) -> Option<usize> {
        self.order.iter().position(|s| *s == seat).map(|i| i + 1)
    }

    /// The seat's PHH name, `p1`….
    fn p(&self, seat: u8) -> Result<String, String> {
        self.index(seat)
            .map(|i| format!("p{i}"))
            .ok_or_else(|| format!("seat {seat} is not in the round"))
    }

    /// `seats` in PHH's order.
    fn sorted(&self, seats: &[u8]) -> Vec<u8> {
        self.order
            .iter()
            .copied()
            .filter(|s| seats.contains(s))
            .collect()
    }
}

/// A betting action in PHH notation: `f`, `cc` (check or call), `cbr <to>` (complete, bet or
/// raise to the round total).
fn betting(players: &Players, seat: u8, action: &Action) -> Result<String, String> {
    let who = players.p(seat)?;
    Ok(match action {
        Action::Fold => format!("{who} f"),
        Action::Check | Action::Call { .. } => format!("{who} cc"),
        Action::Bet { amount } => format!("{who} cbr {amount}"),
        Action::Raise { to, .. } => format!("{who} cbr {to}"),
    })
}

/// The showdown at the end: each seat still in shows what was keyed (`sm <cards>`), or mucks
/// (`sm`): a seat that shows nothing concedes (§ 637a.18(f)).
fn final_showdown(
    players: &Players,
    live: &[u8],
    shown: &std::collections::BTreeMap<u8, &Vec<Card>>,
    out: &mut Vec<String>,
) -> Result<(), String> {
    if live.len() < 2 {
        return Ok(());
    }
    for s in players.sorted(live) {
        out.push(match shown.get(&s) {
            Some(c) => format!("{} sm {}", players.p(s)?, cards(c)),
            None => format!("{} sm", players.p(s)?),
        });
    }
    Ok(())
}

/// What the round holds that PHH has no notation for, refused with the reason.
fn irregular(hand: &Hand) -> Result<(), String> {
    for e in &hand.events {
        match e {
            HandEvent::HandVoided { seat, .. } => {
                return Err(format!(
                    "seat {seat}'s hand was voided and its ante returned (§ 637a.18(m)): PHH has no notation for a hand taken back"
                ));
            }
            HandEvent::FouledRefunded { seat, .. } => {
                return Err(format!(
                    "seat {seat}'s fouled hand was refunded from the pot (§ 637a.18(k)(3)): PHH has no notation for chips given back"
                ));
            }
            HandEvent::StoppedBetting { seat } => {
                return Err(format!(
                    "seat {seat} stopped betting to play for the pot formed so far (§ 637a.18(m)(1)): PHH has no notation for it"
                ));
            }
            HandEvent::Dealt { common, .. } if common.is_some() => {
                return Err(
                    "a common card was dealt face up for every player (§ 637a.10(h)): PHH deals each Stud player his own cards"
                        .into(),
                );
            }
            _ => {}
        }
    }
    Ok(())
}

/// Fixed limit as PokerKit plays it: at most four completions, bets and raises in a betting
/// round (its `max_completion_betting_or_raising_count`), and a raise over blinds smaller than
/// the small bet is a whole small bet above them, where the rules complete to the small bet
/// (betting.rs). A round the posted cap (§ 637a.8(k)) or the blinds take past either is refused.
fn fixed_limit_fits(hand: &Hand, small: Cents) -> Result<(), String> {
    if !matches!(hand.setup.structure, Structure::FixedLimit { .. }) {
        return Ok(());
    }
    let mut count = 0;
    let mut first_round = true;
    let mut biggest_blind: Cents = 0;
    for e in &hand.events {
        match e {
            HandEvent::Posted { what, amount, .. } if what == "blind" || what == "straddle" => {
                biggest_blind = biggest_blind.max(*amount);
            }
            HandEvent::Acted { action, .. } => {
                let raise = matches!(action, Action::Raise { .. });
                if raise && first_round && biggest_blind > 0 && biggest_blind < small {
                    return Err(format!(
                        "a raise over blinds smaller than the small bet completes to {small} (§ 637a.8(k)); PokerKit's fixed limit raises a whole small bet above them"
                    ));
                }
                if raise || matches!(action, Action::Bet { .. }) {
                    count += 1;
                }
                if count > 4 {
                    return Err(
                        "a betting round with more than four bets and raises: PokerKit's fixed limit caps a round at four (the posted cap, § 637a.8(k), is higher)"
                            .into(),
                    );
                }
            }
            HandEvent::BettingComplete { .. } => {
                count = 0;
                first_round = false;
            }
            HandEvent::Dealt { .. } => count = 0,
            _ => {}
        }
    }
    Ok(())
}

/// The forced bets, in PHH's order: antes for all, blinds (and a straddle) by position. Stud's
/// bring-in is written where it came, as `pb` (stud.rs).
fn forced_bets(
    hand: &Hand,
    players: &Players,
    family: Family,
) -> Result<(Vec<Cents>, Vec<Cents>), String> {
    let mut blinds = vec![0i64; players.order.len()];
    let mut antes = vec![0i64; players.order.len()];
    for e in &hand.events {
        if let HandEvent::Posted {
            seat, what, amount, ..
        } = e
        {
            let i = players
                .index(*seat)
                .ok_or("a post by a seat not in the round")?
                - 1;
            match what.as_str() {
                "ante" => antes[i] += amount,
                "blind" | "straddle" if family != Family::Stud => blinds[i] += amount,
                "forced bet" if family == Family::Stud => {}
                other => return Err(format!("a {other} has no place in PHH's forced bets")),
            }
        }
    }
    // Heads-up PokerKit posts the small blind from the button (the last player): the list stays
    // small blind first, as the rooms' rule posts it.
    if players.order.len() == 2 {
        blinds.reverse();
    }
    Ok((antes, blinds))
}

/// What the seat ends the round with: its stakes at the start, less what it put in, plus what
/// the award gave it.
fn finishing(hand: &Hand, result: &HandResult, seat: u8, start: Cents) -> Cents {
    let put: Cents = hand
        .players
        .iter()
        .find(|p| p.seat == seat)
        .map_or(0, |p| p.put_in);
    let got: Cents = result
        .totals
        .iter()
        .filter(|(t, _)| *t == seat)
        .map(|(_, c)| *c)
        .sum();
    start - put + got
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
    let (code, family) = variant(hand.setup.game, hand.setup.structure)?;
    if !hand.setup.posts.is_empty() {
        return Err("blinds posted out of turn have no place in PHH's forced bets".into());
    }
    let seats: Vec<u8> = hand.players.iter().map(|p| p.seat).collect();
    if family != Family::Stud && seats.len() == 2 && !hand.setup.heads_up_button_small_blind {
        return Err(
            "heads-up with the small blind left of the button: PHH (and PokerKit) deal heads-up with the button on the small blind"
                .into(),
        );
    }
    irregular(hand)?;
    // The limits the round was played at: a Kill or Half-kill raises them (§ 637a.1).
    let pct = Cents::from(hand.setup.limit_percent);
    let k = |c: Cents| c * pct / 100;
    let small = k(hand.setup.structure.min_bet());
    fixed_limit_fits(hand, small)?;
    let bring_in = if family == Family::Stud {
        stud::bring_in(hand, small)?
    } else {
        0
    };
    // Button games from the first seat left of the button; Stud from the dealer's left.
    let order = if hand.procedure.button {
        clockwise_after(&seats, hand.setup.button)
    } else {
        clockwise_after(&seats, 0)
    };
    let players = Players {
        order: order.clone(),
    };
    let (antes, blinds) = forced_bets(hand, &players, family)?;
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
    let actions = match family {
        Family::Board => board::actions(hand, result, &players)?,
        Family::Stud => stud::actions(hand, result, &players)?,
        Family::Draw => draw::actions(hand, result, &players)?,
    };
    let mut out = String::new();
    out.push_str(&format!("variant = \"{code}\"\n"));
    out.push_str("ante_trimming_status = true\n");
    out.push_str(&format!("antes = {}\n", quoted_list(&antes)));
    if family == Family::Stud {
        out.push_str(&format!("bring_in = {bring_in}\n"));
    } else {
        out.push_str(&format!("blinds_or_straddles = {}\n", quoted_list(&blinds)));
    }
    match hand.setup.structure {
        Structure::FixedLimit { small, big } => {
            out.push_str(&format!("small_bet = {}\nbig_bet = {}\n", k(small), k(big)));
        }
        Structure::NoLimit { min } | Structure::PotLimit { min } => {
            out.push_str(&format!("min_bet = {}\n", k(min)));
        }
        Structure::SpreadLimit { .. } => {
            return Err("spread limit has no PHH variant code".into());
        }
    }
    out.push_str(&format!("starting_stacks = {}\n", quoted_list(&stacks)));
    let listed: Vec<String> = actions.iter().map(|a| format!("  \"{a}\",")).collect();
    out.push_str(&format!("actions = [\n{}\n]\n", listed.join("\n")));
    if meta.table > 0 {
        out.push_str(&format!("table = {}\n", meta.table));
    }
    if meta.round > 0 {
        out.push_str(&format!("hand = {}\n", meta.round));
    }
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
        .zip(&stacks)
        .map(|(s, start)| finishing(hand, result, *s, *start))
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
