//! Texas Hold 'Em Bonus's main wagers by how a hand fared against the dealer's, from its cards
//! or from the result the dealer tapped (`round::results`, issue 39).

use super::super::by_result::{self, Judged};
use super::super::{Ledger, Line, SettleError, cited, err, lower_first};
use super::checked::Checked;
use super::{Round, Rules};
use crate::rules::eval::{Category, HandValue};

/// The categories a dealer taps for a hand without a card-reading device: a winning hand's
/// Ante pays from a straight (or a flush, the casino's choice) and pushes below it
/// (§ 647a.11(h)(2)(ii)); there is no dealer qualification, so every hand is compared
/// (§ 647a.11(h)(2)). A round with a Bonus, Progressive or Five Card Hand Bonus keys every
/// hand: they pay on the cards, the Bonus's top line on the dealer's aces too (§ 647a.12(b),
/// (d), (e)).
pub const RESULTS: super::super::round::ResultsDef = super::super::round::ResultsDef {
    categories: by_result::ANTE_THRESHOLDS,
    qualifies: None,
    compare: super::super::round::Compare::Always,
    all_keyed_with: &["bonus", "progressive", "fchb_player", "fchb_dealer"],
    community_with: &[],
    board_allows: None,
    second: None,
    below_qualifying: &[],
    section: "§ 647a.11(h)",
    offered: |h| h.of::<super::Rules>().results_by_category,
};

/// A round settled from results: the casino allows it, and no wager paid on the cards is on
/// the layout; each hand still in has a result, a folded one none.
pub(super) fn check_round(
    round: &Round,
    rules: &Rules,
    by_results: bool,
) -> Result<(), SettleError> {
    if !by_results {
        return Ok(());
    }
    if !rules.results_by_category {
        return Err(err(
            "by_results",
            "this casino keys every hand's cards ([house.texas-holdem-bonus] results_by_category = false)",
        ));
    }
    if !round.dealer.trim().is_empty() {
        return Err(err("dealer", "with results the dealer's hand is not keyed"));
    }
    for (i, s) in round.seats.iter().enumerate() {
        let w = &s.wagers;
        if w.bonus > 0 || w.progressive > 0 || w.fchb_player > 0 || w.fchb_dealer > 0 {
            return Err(cited(format!("seats[{i}].wagers"), "§ 647a.12(b),(d),(e)", "the Bonus, Progressive and Five Card Hand Bonus are paid from the cards: key every card"));
        }
        if s.result.is_some() != (s.flop > 0) {
            return Err(err(
                format!("seats[{i}].result"),
                "a result for each hand still in, and only where the round is settled from results",
            ));
        }
    }
    Ok(())
}

/// Ante, Flop, Turn and River of a hand still in (§ 647a.11(h)(2), § 647a.12(a)).
pub(super) fn main_wagers(
    l: &mut Ledger,
    s: &Checked,
    j: &Judged,
    threshold: Category,
    win: &Line,
    dealer: Option<HandValue>,
) -> Result<(), SettleError> {
    let seat = s.seat;
    let or_better = if threshold == Category::Straight {
        "straight"
    } else {
        "flush"
    };
    match j.versus {
        std::cmp::Ordering::Greater => {
            if j.rank >= threshold {
                let t = l.table("ante", "standard")?;
                l.by_table(
                    seat,
                    "ante",
                    s.w.ante,
                    t,
                    &Line {
                        id: "win",
                        name: match j.value {
                            Some(_) => format!("a win with {} (a {or_better} or better)", j.phrase),
                            // "a straight (tapped)": already in parentheses.
                            None => format!("a win with {}, a {or_better} or better", j.phrase),
                        },
                    },
                );
            } else {
                let why = format!("a win with less than a {or_better}");
                l.push(seat, "ante", s.w.ante, &why, "§ 647a.11(h)(2)(ii)");
            }
            for (wager, v) in [("flop", s.flop), ("turn", s.turn), ("river", s.river)] {
                if v > 0 {
                    let t = l.table(wager, "standard")?;
                    l.by_table(seat, wager, v, t, win);
                }
            }
        }
        std::cmp::Ordering::Equal => {
            for (wager, v) in [
                ("ante", s.w.ante),
                ("flop", s.flop),
                ("turn", s.turn),
                ("river", s.river),
            ] {
                l.push(
                    seat,
                    wager,
                    v,
                    "tie with the dealer",
                    "§ 647a.11(h)(2)(iii)",
                );
            }
        }
        std::cmp::Ordering::Less => {
            let why = match dealer {
                Some(d) => format!(
                    "the dealer's {} beats {}",
                    lower_first(&d.describe()),
                    j.phrase
                ),
                None => format!("the dealer's hand beats {}", j.phrase),
            };
            for (wager, v) in [
                ("ante", s.w.ante),
                ("flop", s.flop),
                ("turn", s.turn),
                ("river", s.river),
            ] {
                l.lose(seat, wager, v, &why, "§ 647a.11(h)(2)(i)");
            }
        }
    }
    Ok(())
}
