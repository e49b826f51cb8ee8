//! The hold 'em games against the dealer (WPT Heads-Up, Texas Hold 'Em Bonus) settled from the
//! results the dealer taps where no device reads the cards (`round::results`, issue 39): each
//! hand is what the settlement knows of it, from its cards with the board and the dealer's,
//! or from the category and the comparison tapped.

use super::round::{Compare, ResultCategory, ResultsDef, SeatResult, Versus};
use super::{Line, SettleError, err, five_card_line, lower_first};
use crate::rules::cards::Card;
use crate::rules::eval::{self, Category, HandValue};
use std::cmp::Ordering;

/// The settlement's note where the hands were settled from the results tapped.
pub const SETTLED_FROM_RESULTS: &str = "Settled from each hand's category and how it fared as the dealer tapped them (no card-reading device); the cards keyed where a payout is validated.";

/// A hand as the settlement knows it.
#[derive(Debug, Clone)]
pub struct Judged {
    /// The hand in words ("Two pair, kings and 4s", or "Straight (tapped)").
    pub words: String,
    /// The hand inside a sentence ("two pair, kings and 4s", "a straight (the dealer's
    /// call)", "a hand below a straight (tapped)").
    pub phrase: String,
    /// Against the dealer's hand.
    pub versus: Ordering,
    /// Its category, or the lowest of the category tapped ("below a straight": high card).
    pub rank: Category,
    /// Its five-card pay line (the tapped category's own where the cards are not keyed).
    pub line: Line,
    /// Its value where its cards are keyed.
    pub value: Option<HandValue>,
}

/// The categories tapped: below a straight, then the five-card lines from the straight up
/// (WPT Heads-Up's Odds and Bad Beat lines, § 677a.12(b),(c)).
pub const STRAIGHT_UP: &[ResultCategory] = &[
    category("below-straight", "Below a straight", "Below straight"),
    category("straight", "Straight", "Straight"),
    category("flush", "Flush", "Flush"),
    category("full-house", "Full house", "Full house"),
    category("four-of-a-kind", "Four of a kind", "Quads"),
    category("straight-flush", "Straight flush", "Str. flush"),
    category("royal-flush", "Royal flush", "Royal"),
];

/// Below a straight, a straight, a flush or better (Texas Hold 'Em Bonus's Ante, § 647a.11(h)(2)(ii)).
pub const ANTE_THRESHOLDS: &[ResultCategory] = &[
    category("below-straight", "Below a straight", "Below straight"),
    category("straight", "Straight", "Straight"),
    category("flush-or-better", "Flush or better", "Flush or better"),
];

const fn category(id: &'static str, label: &'static str, short: &'static str) -> ResultCategory {
    ResultCategory::plain(id, label, short)
}

/// The category of `def`'s list a hand of value `v` falls in.
pub fn category_of(def: &ResultsDef, v: HandValue) -> &'static str {
    let line = five_card_line(v);
    if let Some(c) = def.category(line.id) {
        return c.id;
    }
    if v.category() >= Category::Flush && def.category("flush-or-better").is_some() {
        return "flush-or-better";
    }
    "below-straight"
}

/// A tapped category inside a sentence.
fn phrase(id: &str) -> &'static str {
    match id {
        "straight" => "a straight",
        "flush" => "a flush",
        "flush-or-better" => "a flush or better",
        "full-house" => "a full house",
        "four-of-a-kind" => "four of a kind",
        "straight-flush" => "a straight flush",
        "royal-flush" => "a royal flush",
        _ => "a hand below a straight",
    }
}

/// The lowest hand category of a tapped category.
fn rank_of(id: &str) -> Category {
    match id {
        "straight" => Category::Straight,
        "flush" | "flush-or-better" => Category::Flush,
        "full-house" => Category::FullHouse,
        "four-of-a-kind" => Category::FourOfAKind,
        "straight-flush" | "royal-flush" => Category::StraightFlush,
        _ => Category::HighCard,
    }
}

/// The hand of a seat still in: from its cards with the board (against the dealer's value
/// where the dealer's cards are keyed), else from its result; keyed cards must hold the
/// category tapped. `field` names the seat in an error ("seats[2]").
pub fn judge(
    def: &ResultsDef,
    field: &str,
    hole: &[Card],
    board: &[Card],
    dealer: Option<HandValue>,
    result: Option<&SeatResult>,
) -> Result<Judged, SettleError> {
    let tapped = match result {
        Some(r) => {
            let c = def.category(&r.category).ok_or_else(|| {
                err(
                    format!("{field}.result"),
                    format!("no category {}", r.category),
                )
            })?;
            let versus = match (r.versus, def.compare) {
                (Some(Versus::Wins), _) => Ordering::Greater,
                (Some(Versus::Ties), _) => Ordering::Equal,
                (Some(Versus::Loses), _) => Ordering::Less,
                (None, Compare::Always) => {
                    return Err(err(
                        format!("{field}.result.versus"),
                        format!(
                            "whether it beat, tied or lost to the dealer ({})",
                            def.section
                        ),
                    ));
                }
                (None, _) => Ordering::Equal,
            };
            Some((c, versus))
        }
        None => None,
    };
    if hole.is_empty() {
        let Some((c, versus)) = tapped else {
            return Err(err(format!("{field}.cards"), "two cards"));
        };
        let id = if c.id == "below-straight" {
            "high-card"
        } else if c.id == "flush-or-better" {
            "flush"
        } else {
            c.id
        };
        return Ok(Judged {
            words: format!("{} (tapped)", c.label),
            phrase: format!("{} (tapped)", phrase(c.id)),
            versus,
            rank: rank_of(c.id),
            line: Line {
                id,
                name: lower_first(c.label),
            },
            value: None,
        });
    }
    let all: Vec<Card> = hole.iter().chain(board).copied().collect();
    let v = eval::evaluate(&all).map_err(|e| err(format!("{field}.cards"), e.to_string()))?;
    if let Some((c, _)) = tapped
        && category_of(def, v) != c.id
    {
        return Err(err(
            format!("{field}.result"),
            format!(
                "the cards hold {}, not {}",
                lower_first(&v.describe()),
                lower_first(c.label)
            ),
        ));
    }
    let versus = match (tapped, dealer) {
        (Some((_, versus)), _) => versus,
        (None, Some(d)) => v.cmp(&d),
        (None, None) => return Err(err("dealer", "the dealer's cards")),
    };
    Ok(Judged {
        words: v.describe(),
        phrase: lower_first(&v.describe()),
        versus,
        rank: v.category(),
        line: five_card_line(v),
        value: Some(v),
    })
}
