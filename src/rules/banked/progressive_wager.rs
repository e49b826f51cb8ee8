//! The progressive wager every house-banked game with one checks alike (§ 655a.7(d)(3),
//! § 657a.7(d)(3), § 647a.7(d)(3)): refused where the casino does not offer it, and an amount
//! that is not one of the posted chips (§ x.12(c)(5), § x.12(d)(5)). Each game names its own
//! sections.

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
