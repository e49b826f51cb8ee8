//! WPT Heads-Up Hold 'Em's main wagers by how a hand fared against the dealer's, from its
//! cards or from the result the dealer tapped (`round::results`, issue 39).

use super::super::by_result::{self, Judged};
use super::super::{Ledger, Line, SettleError};
use super::Checked;
use crate::rules::eval::Category;

/// Ante, Raise and Odds of a hand still in, by how it fared against the dealer's
/// (§ 677a.11(h), § 677a.12(a)–(c)).
pub(super) fn main_wagers(
    l: &mut Ledger,
    s: &Checked,
    j: &Judged,
    qualifies: bool,
    win: &Line,
    why: &str,
    bad_beat: &mut bool,
) -> Result<(), SettleError> {
    let ante_t = l.table("ante", "standard")?;
    let raise_t = l.table("raise", "standard")?;
    let odds_t = l.table("odds", "standard")?;
    let bad_t = l.table("bad-beat", "standard")?;
    let seat = s.seat;
    match j.versus {
        std::cmp::Ordering::Greater => {
            if qualifies {
                l.by_table(seat, "ante", s.w.ante, ante_t, win);
            } else {
                l.push(
                    seat,
                    "ante",
                    s.w.ante,
                    "the dealer does not qualify",
                    "§ 677a.11(h)(1)(i)",
                );
            }
            l.by_table(seat, "raise", s.raise, raise_t, win);
            l.by_table(seat, "odds", s.w.odds, odds_t, &j.line);
        }
        std::cmp::Ordering::Equal => {
            let sec = if qualifies {
                "§ 677a.11(h)(2)(ii)"
            } else {
                "§ 677a.11(h)(1)(ii)"
            };
            l.push(seat, "ante", s.w.ante, "tie with the dealer", sec);
            l.push(seat, "raise", s.raise, "tie with the dealer", sec);
            l.push(seat, "odds", s.w.odds, "tie with the dealer", sec);
        }
        std::cmp::Ordering::Less if !qualifies => {
            l.push(
                seat,
                "ante",
                s.w.ante,
                "the dealer does not qualify",
                "§ 677a.11(h)(1)(iii)",
            );
            l.lose(seat, "raise", s.raise, why, "§ 677a.11(h)(1)(iii)");
            l.lose(seat, "odds", s.w.odds, why, "§ 677a.11(h)(1)(iii)");
        }
        std::cmp::Ordering::Less => {
            l.lose(seat, "ante", s.w.ante, why, "§ 677a.11(h)(2)(iii)");
            l.lose(seat, "raise", s.raise, why, "§ 677a.11(h)(2)(iii)");
            if j.rank >= Category::Straight {
                // § 677a.11(h)(2)(iii)(B): a straight or better that loses earns the Bad Beat
                // payout on the Odds Wager.
                let line = Line {
                    id: j.line.id,
                    name: format!("Bad Beat, {}", j.line.name),
                };
                l.by_table(seat, "odds", s.w.odds, bad_t, &line);
                *bad_beat = true;
            } else {
                l.lose(seat, "odds", s.w.odds, why, "§ 677a.11(h)(2)(iii)(A)");
            }
        }
    }
    Ok(())
}

/// The categories a dealer taps for a hand without a card-reading device (§ 677a.11(h)): the
/// Odds and Bad Beat lines from a straight up (§ 677a.12(b),(c)); the dealer's qualification
/// decides only the Ante, so every hand is compared. A round with a Pocket Bonus or Trips Plus
/// keys every hand (they pay on the cards, § 677a.12(d),(e)).
pub const RESULTS: super::super::round::ResultsDef = super::super::round::ResultsDef {
    categories: by_result::STRAIGHT_UP,
    qualifies: Some("a pair or better"),
    compare: super::super::round::Compare::Always,
    all_keyed_with: &["pocket_bonus", "trips_plus"],
    community_with: &[],
    board_allows: None,
    second: None,
    below_qualifying: &[],
    section: "§ 677a.11(h)",
    offered: |h| h.of::<super::Rules>().results_by_category,
};
