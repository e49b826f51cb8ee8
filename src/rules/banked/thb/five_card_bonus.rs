//! The Five Card Hand Bonus of Texas Hold 'Em Bonus (§ 647a.12(e)): the player's and the
//! dealer's hand against the paytable or the meter, a dealer-hand meter win shared among its
//! bettors, and the Magic Card and Lucky Bonus lines of § 647a.1.

use super::*;

#[allow(clippy::too_many_arguments)]
pub(super) fn fchb(
    l: &mut Ledger,
    seat: u8,
    wager: &str,
    stake: Cents,
    t: &crate::rules::banked::paytable::PayTable,
    ml: &crate::rules::banked::paytable::PayTable,
    v: HandValue,
    (share_among, index): (i64, usize),
    magic: bool,
    lucky: bool,
) -> Result<(), SettleError> {
    let line = five_card_line(v);
    let mut paid_any = false;
    let mark = l.len();
    match t.pay(line.id) {
        Some(Pay::MeterPercent(pct)) => {
            // § 647a.12(e)(2): a dealer-hand meter win is divided equally among its bettors;
            // the meter is taken once, by the first of them.
            let key = format!("{wager}-meter-share");
            let amount = if share_among > 1 {
                share(l, &key, pct, share_among, index)
            } else {
                l.take_from_meter("five-card-bonus", pct)
            };
            let split = if share_among > 1 {
                format!(", one of {share_among} equal shares")
            } else {
                String::new()
            };
            let why = format!(
                "{}: {} pays {pct}% of the meter{split} → {}; not credited to the game account, cards stay until the documentation is complete",
                crate::rules::banked::label(wager),
                line.name,
                money(amount)
            );
            l.meter_win(seat, wager, stake, amount, pct, why, "§ 647a.12(e)(2)");
            paid_any = true;
        }
        Some(Pay::For(a, b)) => {
            l.by_table(seat, wager, stake, t, &line);
            if a >= 500 && b == 1 {
                // § 647a.11(j)(2): a 500 for 1 payout is verified by a floorperson.
                l.require_floor();
            }
            paid_any = true;
        }
        _ => {}
    }
    let hand = if wager == "fchb-dealer" {
        "the dealer's hand"
    } else {
        "the player's hand"
    };
    for (hit, id, name) in [
        (magic, "magic-card", "the Magic Card is in"),
        (lucky, "lucky-bonus", "the Lucky Bonus fell on"),
    ] {
        if !hit {
            continue;
        }
        if let Some(Pay::For(a, b)) = ml.pay(id) {
            // "X for 1" in all, like every "for" line: on a hand that pays nothing else the
            // wager is part of it; otherwise it comes in addition (§ 647a.12(e)(3)).
            let total = l.odds(stake, a, b);
            let (stake_here, why) = if paid_any {
                (
                    0,
                    format!(
                        "{name} {hand}: {} on the {} Five Card Hand Bonus, in addition",
                        Pay::For(a, b),
                        money(stake)
                    ),
                )
            } else {
                (
                    stake,
                    format!(
                        "{name} {hand} ({}, below a flush): {} on the {} Five Card Hand Bonus, the wager included",
                        line.name,
                        Pay::For(a, b),
                        money(stake)
                    ),
                )
            };
            l.win_for(seat, id, stake_here, total, &why, &ml.section);
            paid_any = true;
        }
    }
    if !paid_any {
        l.lose(
            seat,
            wager,
            stake,
            &format!("{} is below a flush", line.name),
            "§ 647a.12(e)(1)",
        );
    }
    // § 647a.11(j)(3), § 647a.12(e): a payout not from the meter goes to the player's game
    // account on the electronic wagering system.
    l.amend_wins_since(mark, "; credit the player's game account (§ 647a.11(j)(3))");
    Ok(())
}

/// The `i`-th bettor's equal share of a dealer-hand meter win, taking the meter on the first
/// call. What cannot be divided equally goes one rounding unit at a time to the first bettors
/// in settlement order (like an odd chip, § 637a.6(e)): the meter pays out exactly what the
/// controller takes for the hit (a documented choice; the text is silent).
fn share(l: &mut Ledger, key: &str, pct: u32, n: i64, i: usize) -> Cents {
    if l.side_value(key).is_none() {
        let total = l.take_from_meter("five-card-bonus", pct);
        l.open_side(key, total);
    }
    let total = l.side_value(key).unwrap_or(0);
    let unit = l.unit();
    let each = l.round(total / n);
    let rest = total - each * n;
    let extra = if (i as i64) < rest / unit { unit } else { 0 };
    let odd = if i == 0 { rest % unit } else { 0 };
    each + extra + odd
}
