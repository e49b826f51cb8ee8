//! A Texas Hold 'Em Bonus round's input checked before it is settled: the meters against their
//! reset amounts (§ 647a.12(d)(3), (e)(4)), the seats (§ 647a.2(a)), the cards of one deck, each
//! seat's wagers against the rules of § 647a.7 and § 647a.11, and the Magic Card and Lucky
//! Bonus the table game system drew (§ 647a.1).

use crate::rules::banked::cited;
use super::*;

/// Dealer cards, community cards, checked seats and the Magic Card.
pub(super) type Validated = (Vec<Card>, Vec<Card>, Vec<Checked>, Option<Card>);

pub(super) struct Checked {
    pub(super) seat: u8,
    pub(super) hole: Vec<Card>,
    pub(super) w: Wagers,
    pub(super) flop: Cents,
    pub(super) turn: Cents,
    pub(super) river: Cents,
    pub(super) result: Option<SeatResult>,
}

pub(super) fn validate(round: &Round, rules: &Rules) -> Result<Validated, SettleError> {
    crate::rules::banked::check_meter(
        "meters.progressive",
        round.meters.progressive,
        rules.progressive_reset_cents,
        "§ 647a.12(d)(3)",
    )?;
    crate::rules::banked::check_meter(
        "meters.five_card_bonus",
        round.meters.five_card_bonus,
        rules.five_card_bonus_reset_cents,
        "§ 647a.12(e)(4)",
    )?;
    crate::rules::banked::check_seats(round.seats.iter().map(|s| s.seat), 6, "§ 647a.2(a)")?;
    let by_results = round.by_results || round.seats.iter().any(|s| s.result.is_some());
    thb_results::check_round(round, rules, by_results)?;
    let dealer = crate::rules::banked::cards("dealer", &round.dealer)?;
    if dealer.len() != 2 && !by_results {
        return Err(cited("dealer", "§ 647a.8(d)", "the dealer has two cards"));
    }
    let board = crate::rules::banked::cards("community", &round.community)?;
    let any_flop = round.seats.iter().any(|s| s.flop > 0);
    // From results, the board is keyed with a hand's cards (its category is read from both).
    let board_needed = !by_results || round.seats.iter().any(|s| !s.cards.trim().is_empty());
    let dealt =
        board.len() == 5 || (board.len() == 3 && !any_flop) || (board.is_empty() && !board_needed);
    if !dealt {
        return Err(cited("community", "§ 647a.11(c),(e),(g), § 647a.13(c)", "five community cards are dealt; a wrong count voids the round"));
    }
    let mut all = vec![
        ("dealer".to_string(), dealer.clone()),
        ("community".into(), board.clone()),
    ];
    let mut out = Vec::new();
    for (i, s) in round.seats.iter().enumerate() {
        let f = |x: &str| format!("seats[{i}].{x}");
        let hole = crate::rules::banked::cards(&f("cards"), &s.cards)?;
        if hole.len() != 2 && !(by_results && hole.is_empty()) {
            return Err(cited(f("cards"), "§ 647a.8(c)", "each player has two cards"));
        }
        all.push((f("cards"), hole.clone()));
        out.push(check_seat(i, s, hole, rules)?);
    }
    crate::rules::banked::one_deck(&all)?;
    if out.iter().any(|s| s.w.progressive > 0) && round.meters.progressive.is_none() {
        return Err(cited("meters.progressive", "§ 647a.12(d)(4)", "the progressive meter's value is needed to pay at the meter"));
    }
    let fchb = out
        .iter()
        .any(|s| s.w.fchb_player > 0 || s.w.fchb_dealer > 0);
    if fchb && round.meters.five_card_bonus.is_none() {
        return Err(cited("meters.five_card_bonus", "§ 647a.12(e)(1)", "the Five Card Hand Bonus meter's value is needed"));
    }
    let magic = if fchb && rules.magic_and_lucky {
        Some(system_draw(round)?)
    } else {
        None
    };
    Ok((dealer, board, out, magic))
}

/// One seat's wagers and decisions checked against § 647a.7(d) and § 647a.11, its `hole` cards
/// already read.
fn check_seat(i: usize, s: &Seat, hole: Vec<Card>, rules: &Rules) -> Result<Checked, SettleError> {
    let f = |x: &str| format!("seats[{i}].{x}");
    let w = &s.wagers;
    for (name, v) in [
        ("wagers.ante", w.ante),
        ("wagers.bonus", w.bonus),
        ("wagers.progressive", w.progressive),
        ("wagers.fchb_player", w.fchb_player),
        ("wagers.fchb_dealer", w.fchb_dealer),
        ("flop", s.flop),
        ("turn", s.turn),
        ("river", s.river),
    ] {
        crate::rules::banked::amount(&f(name), v)?;
    }
    if w.ante == 0 {
        return Err(cited(f("wagers.ante"), "§ 647a.7(d)(1)", "an Ante is needed to play"));
    }
    if w.bonus > 0 && !rules.bonus_offered {
        return Err(cited(f("wagers.bonus"), "§ 647a.7(d)(2)", "this casino does not offer the Texas Hold 'Em Bonus"));
    }
    if let Some(why) = crate::rules::banked::progressive_wager::refusal(
        rules.progressive_offered,
        &rules.progressive_wagers_cents,
        w.progressive,
        "§ 647a.7(d)(3)",
        "§ 647a.7(d)(3), § 647a.12(d)(5)",
    ) {
        return Err(err(f("wagers.progressive"), why));
    }
    if (w.fchb_player > 0 || w.fchb_dealer > 0) && !rules.five_card_bonus_offered {
        return Err(cited(f("wagers.fchb_player"), "§ 647a.7(d)(4)", "this casino does not offer the Five Card Hand Bonus"));
    }
    if s.flop != 0 && s.flop != 2 * w.ante {
        return Err(cited(f("flop"), "§ 647a.11(b)", format!("the Flop Wager is twice the Ante, {}, or 0 to fold; not {}",
                money(2 * w.ante),
                money(s.flop)
            )));
    }
    for (name, v, sec) in [
        ("turn", s.turn, "§ 647a.11(d)"),
        ("river", s.river, "§ 647a.11(f)"),
    ] {
        if v != 0 && s.flop == 0 {
            return Err(err(
                f(name),
                format!(
                    "a player who folded makes no further wager ({sec}: only players who placed a Flop Wager)"
                ),
            ));
        }
        if v != 0 && v != w.ante {
            return Err(err(
                f(name),
                format!(
                    "the {name} Wager equals the Ante, {}, or 0 to check; not {} ({sec})",
                    money(w.ante),
                    money(v)
                ),
            ));
        }
    }
    Ok(Checked {
        seat: s.seat,
        hole,
        w: w.clone(),
        flop: s.flop,
        turn: s.turn,
        river: s.river,
        result: s.result.clone(),
    })
}

/// The Magic Card and the Lucky Bonus position the table game system drew (§ 647a.1), checked:
/// the Magic Card.
fn system_draw(round: &Round) -> Result<Card, SettleError> {
    let Some(m) = &round.magic_card else {
        return Err(cited("magic_card", "§ 647a.1", "the card the table game system drew for the Magic Card Bonus is needed"));
    };
    let c = crate::rules::banked::cards("magic_card", m)?;
    if c.len() != 1 {
        return Err(err("magic_card", "one card"));
    }
    match &round.lucky {
        None => {
            return Err(cited("lucky", "§ 647a.1", "the seat or \"dealer\" the system drew for the Lucky Bonus is needed"));
        }
        Some(Lucky::Dealer(d)) if d != "dealer" => {
            return Err(err("lucky", format!("`{d}`: a seat number or \"dealer\"")));
        }
        Some(Lucky::Seat(n)) if *n == 0 || *n > 6 => {
            return Err(err(
                "lucky",
                format!("seat {n}: the table has seats 1 to 6"),
            ));
        }
        _ => {}
    }
    Ok(c[0])
}
