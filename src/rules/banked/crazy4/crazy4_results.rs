//! Crazy 4 Poker's hands by result (issue 39): the categories a dealer taps without a
//! card-reading device, a hand's pay line from its cards or its category, and the Play Wager a
//! category allows (§ 657a.11(b),(c)).

use super::super::{Line, SettleError, cited, err, lower_first};
use super::{Seat, four_line};
use crate::rules::banked::round::SeatResult;
use crate::rules::cards::Card;
use crate::rules::four_card::{BestFour, Value4, best_four};
use crate::rules::money;

/// Whether a player's five cards allow a Play Wager above the Ante: a pair of aces or better
/// in the best four (§ 657a.11(b)); none for cards that are not a hand.
pub fn play_above_ante_allowed(cards: &[Card]) -> Option<bool> {
    let best = best_four(cards).ok()?;
    RESULTS
        .category(result_category(best.value))
        .map(|c| c.raises)
}

/// A Play of `multiple` times the Ante on the five cards the shoe read: above the Ante only with
/// a pair of aces or better (§ 657a.11(b)); why not, in words that name no card.
pub fn read_decision(cards: &[Card], multiple: u8) -> Option<crate::rules::machine::Refusal> {
    let allowed = multiple <= 1 || play_above_ante_allowed(cards)?;
    (!allowed).then(|| {
        crate::rules::machine::Refusal::citing(
            "§ 657a.11(b)",
            "below a pair of aces as the shoe read it: Play 1× or fold",
        )
    })
}

/// The result category (`RESULTS`) a four-card hand falls in.
pub(super) fn result_category(v: Value4) -> &'static str {
    match four_line(v).id {
        "two-pair" => "two-pair",
        "queens-or-better" if v.ranks().first() == Some(&14) => "aces",
        "queens-or-better" => "queens-or-kings",
        "pair" => "pair",
        "high-card" => "high-card",
        _ => "straight-or-better",
    }
}

/// A hand settled from its result: its pay line and words, from its cards where they were
/// keyed, else from the category tapped.
pub(super) fn result_line(best: Option<&BestFour>, r: &SeatResult) -> (Line, String) {
    if let Some(b) = best {
        return (four_line(b.value), b.value.describe());
    }
    let id = match r.category.as_str() {
        "queens-or-kings" | "aces" => "queens-or-better",
        "two-pair" => "two-pair",
        "pair" => "pair",
        _ => "high-card",
    };
    let label = RESULTS
        .category(&r.category)
        .map_or(r.category.clone(), |c| c.label.to_string());
    (
        Line {
            id,
            name: lower_first(&label),
        },
        format!("{label} (tapped)"),
    )
}

/// A seat settled from its result: the category is the game's, its cards (where keyed) hold
/// it, and a Play Wager above the Ante has a category that allows it (§ 657a.11(b)).
pub(super) fn check_result(
    f: &dyn Fn(&str) -> String,
    s: &Seat,
    best: Option<&BestFour>,
    r: &SeatResult,
) -> Result<(), SettleError> {
    let Some(c) = RESULTS.category(&r.category) else {
        return Err(err(f("result"), format!("no category {}", r.category)));
    };
    if let Some(b) = best
        && result_category(b.value) != c.id
    {
        return Err(err(
            f("result"),
            format!(
                "the cards hold {}, not {}",
                lower_first(&b.value.describe()),
                lower_first(c.label)
            ),
        ));
    }
    if s.play > s.wagers.ante && !c.raises {
        return Err(cited(f("play"), "§ 657a.11(b)", format!("{} with {}: the Play Wager equals the Ante, {} (more only with a pair of aces or better)",
                money(s.play),
                lower_first(c.label),
                money(s.wagers.ante)
            )));
    }
    Ok(())
}

/// The categories a dealer taps for a hand without a card-reading device (the best four-card
/// hand, § 657a.11(c)): a straight or better pays the Super Bonus, a pair of queens or better the
/// Queens Up (§ 657a.12(b),(c)), so those hands' cards are keyed; a Play Wager above the Ante needs
/// a pair of aces or better (§ 657a.11(b)).
pub const RESULTS: super::super::round::ResultsDef = super::super::round::ResultsDef {
    categories: &[
        category("high-card", ["High card", "High card"], &[], false),
        category(
            "pair",
            ["Pair, jacks or lower", "Pair to jacks"],
            &[],
            false,
        ),
        category(
            "queens-or-kings",
            ["Pair of queens or kings", "Queens/kings"],
            &["queens_up"],
            false,
        ),
        category(
            "aces",
            ["Pair of aces", "Pair of aces"],
            &["queens_up"],
            true,
        ),
        category("two-pair", ["Two pair", "Two pair"], &["queens_up"], true),
        super::super::round::ResultCategory {
            id: "straight-or-better",
            label: "Straight or better",
            short: "Straight +",
            keyed: true,
            keyed_with: &[],
            raises: true,
        },
    ],
    qualifies: Some("king high or better"),
    compare: super::super::round::Compare::IfQualifies,
    all_keyed_with: &["progressive"],
    community_with: &[],
    board_allows: None,
    second: None,
    below_qualifying: &[],
    section: "§ 657a.11(c)",
    offered: |h| h.of::<super::Rules>().results_by_category,
};

const fn category(
    id: &'static str,
    [label, short]: [&'static str; 2],
    keyed_with: &'static [&'static str],
    raises: bool,
) -> super::super::round::ResultCategory {
    super::super::round::ResultCategory {
        id,
        label,
        short,
        keyed: false,
        keyed_with,
        raises,
    }
}
