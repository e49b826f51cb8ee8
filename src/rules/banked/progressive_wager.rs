//! The progressive wager every house-banked game with one checks alike (§ 655a.7(d)(3),
//! § 657a.7(d)(3), § 647a.7(d)(3)): refused where the casino does not offer it, and an amount
//! that is not one of the posted chips (§ x.12(c)(5), § x.12(d)(5)). Each game names its own
//! sections. A progressive hand is paid by [`payout`]: the highest line only, a meter line at
//! the meter as it stands when the hand is settled.

use super::paytable::{Pay, PayTable};
use super::{Ledger, Line, SettleError};
use crate::rules::{Cents, money};

/// Why `amount` on the progressive is refused, if it is: `offered` and `chips` from the house
/// rules; `offered_section` and `chip_section` the game's own citations.
pub fn refusal(
    offered: bool,
    chips: &[Cents],
    amount: Cents,
    offered_section: &str,
    chip_section: &str,
) -> Option<String> {
    if amount <= 0 {
        return None;
    }
    if !offered {
        return Some(format!(
            "this casino does not offer the progressive ({offered_section})"
        ));
    }
    if !chips.contains(&amount) {
        let ok: Vec<String> = chips.iter().map(|c| money(*c)).collect();
        return Some(format!(
            "{} is not a progressive wager here (one chip of {}; {chip_section})",
            money(amount),
            ok.join(" or ")
        ));
    }
    None
}

/// A progressive payout: the highest line only; meter lines at the meter as it stands now.
pub fn payout(
    l: &mut Ledger,
    seat: u8,
    stake: Cents,
    t: &PayTable,
    line: &Line,
    meter: &str,
    pay_section: &str,
) -> Result<(), SettleError> {
    match t.pay(line.id) {
        Some(Pay::MeterPercent(pct)) => {
            let before = l.meter_value(meter).unwrap_or(0);
            let amount = l.take_from_meter(meter, pct);
            let why = format!(
                "{}: {} pays {pct}% of the meter ({}) → {}; not from the table inventory, cards stay until the documentation is complete",
                super::label(meter),
                line.name,
                money(before),
                money(amount)
            );
            l.meter_win(seat, meter, stake, amount, pct, why, pay_section);
        }
        Some(Pay::For(..)) | Some(Pay::To(..)) => {
            l.by_table(seat, meter, stake, t, line);
            l.require_floor();
        }
        _ => {
            l.lose(
                seat,
                meter,
                stake,
                &format!("{} is not a progressive hand", line.name),
                &t.section,
            );
        }
    }
    Ok(())
}
