//! What a hand's setup is checked for before the first card: amounts a table takes, every
//! seat's table stakes, the posted limits and forced bets, and blinds posted out of turn.

use super::*;
use crate::refusal;
use crate::rules::machine::Refusal;

/// The posted limits: the fixed-limit small and big bets, the spread's minimum and maximum, or
/// the no-limit and pot-limit minimum twice.
fn limits(setup: &HandSetup) -> (Cents, Cents) {
    match setup.structure {
        Structure::FixedLimit { small, big } => (small, big),
        Structure::SpreadLimit { min, max } => (min, max),
        Structure::NoLimit { min } | Structure::PotLimit { min } => (min, min),
    }
}

/// Every amount within what a table takes: nothing overflows, nothing is unbounded.
pub(super) fn check_amounts(setup: &HandSetup) -> Result<(), Refusal> {
    let most = crate::rules::banked::MAX_AMOUNT;
    let (lo, hi) = limits(setup);
    let too_big = [setup.ante, setup.forced_bet, lo, hi]
        .into_iter()
        .chain(setup.blinds.iter().copied())
        .chain(setup.straddle)
        .chain(setup.posts.iter().map(|p| p.amount))
        .any(|a| a > most);
    if too_big {
        return Err(Refusal::plain(format!(
            "an amount above {} is not one a table takes",
            crate::rules::money(most)
        )));
    }
    Ok(())
}

/// Each seat dealt in once, at the table, with table stakes enough for the forced bets and
/// one bet (§ 637a.8(b)(4)) and no more than a table takes.
pub(super) fn check_stakes(setup: &HandSetup, procedure: &Procedure) -> Result<(), Refusal> {
    let mut seen = Vec::new();
    for (seat, stack) in &setup.seats {
        if !(1..=10).contains(seat) {
            return Err(Refusal::plain(format!(
                "seat {seat} is not a seat at the table (1 to 10)"
            )));
        }
        if seen.contains(seat) {
            return Err(Refusal::plain(format!("seat {seat} is dealt in twice")));
        }
        seen.push(*seat);
        // The forced bets and one bet, and any blind the seat posts out of turn.
        let least = setup
            .posts
            .iter()
            .filter(|p| p.seat == *seat)
            .fold(least_stakes(setup, procedure.blinds), |a, p| {
                a.saturating_add(p.amount)
            });
        if *stack > crate::rules::banked::MAX_AMOUNT {
            return Err(Refusal::plain(format!(
                "seat {seat} has {} in table stakes: more than any table takes (at most {})",
                crate::rules::money(*stack),
                crate::rules::money(crate::rules::banked::MAX_AMOUNT)
            )));
        }
        if *stack < least {
            return Err(refusal!(
                "§ 637a.8(b)(4)",
                "seat {seat} has {} in table stakes; a player needs at least {} to be dealt in",
                crate::rules::money(*stack),
                crate::rules::money(least)
            ));
        }
    }
    Ok(())
}

/// The posted limits (§ 637a.8(k)), the antes, blinds and forced bets, and the button.
pub(super) fn check_forced_bets(setup: &HandSetup, procedure: &Procedure) -> Result<(), Refusal> {
    let (lo, hi) = limits(setup);
    if lo <= 0 || hi < lo {
        return Err(refusal!(
            "§ 637a.8(k)",
            "the posted limits need 0 < minimum ≤ maximum"
        ));
    }
    if setup.ante < 0
        || setup.forced_bet < 0
        || setup.blinds.iter().any(|b| *b <= 0)
        || setup.straddle.is_some_and(|s| s <= 0)
    {
        return Err("antes, blinds, straddle and forced bets are positive amounts".into());
    }
    if procedure.blinds && setup.blinds.is_empty() {
        return Err(Refusal::plain(format!(
            "{} needs at least one blind ({}(d))",
            setup.game.id(),
            procedure.section_whole()
        )));
    }
    if procedure.button && !setup.seats.iter().any(|(s, _)| *s == setup.button) {
        // The button may sit in front of an empty seat only with a dead-button rule,
        // which the text does not give (a gap); the button is a player's.
        return Err(Refusal::plain(format!(
            "the button must be at a seat dealt in, not {}",
            setup.button
        )));
    }
    Ok(())
}

/// Blinds posted out of turn, and the straddle where the game has one.
pub(super) fn check_posts(setup: &HandSetup, procedure: &Procedure) -> Result<(), Refusal> {
    // Blinds out of turn: a seat dealt in at a game with blinds, not one of this round's
    // blinds nor the straddle's seat, at most one live and one dead post.
    let dealt: Vec<u8> = setup.seats.iter().map(|(s, _)| *s).collect();
    let blind_seats: Vec<u8> = crate::rules::betting_actions::blind_order(
        &dealt,
        setup.button,
        setup.heads_up_button_small_blind,
    )
    .into_iter()
    .take(setup.blinds.len())
    .collect();
    let straddle_seat = setup
        .straddle
        .and(blind_seats.last())
        .and_then(|last| clockwise_after(&dealt, *last).first().copied());
    for (i, p) in setup.posts.iter().enumerate() {
        let twice = setup.posts[..i]
            .iter()
            .any(|q| q.seat == p.seat && q.live == p.live);
        if !dealt.contains(&p.seat)
            || p.amount <= 0
            || !procedure.blinds
            || blind_seats.contains(&p.seat)
            || straddle_seat == Some(p.seat)
            || twice
        {
            return Err(Refusal::plain(format!(
                "seat {} cannot post {} out of turn: it must be dealt in at a game with blinds, not already a blind or the straddle, and post at most once live and once dead",
                p.seat,
                crate::rules::money(p.amount)
            )));
        }
    }
    if setup.straddle.is_some() && !procedure.straddle {
        return Err(refusal!(
            procedure.section,
            "{} has no straddle",
            setup.game.id()
        ));
    }
    Ok(())
}
