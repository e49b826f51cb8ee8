//! Lunar Poker settled from the results the dealer taps where no device reads the cards
//! (`round::results`, issue 39): whether the dealer's hand qualifies (ace-king or better,
//! § 589.11(e)), each Bet hand's category from § 589.6(b)'s list and, against a qualifying
//! dealer, whether it beat, tied or lost; a winner's second combination (§ 589.11(e)(1)(ii));
//! after a player forced, whether the dealer's new hand qualifies and how each forcing hand fared
//! against it (§ 589.11(e)(2)(ii)). The instant payouts and the Super Wagers were settled on the
//! declared cards when all decisions were locked in (§ 589.11(c)), so no card is keyed here.

use super::super::paytable::{Pay, PayTable};
use super::super::round::{Compare, ResultCategory, ResultsDef, SeatResult, Versus};
use super::super::{Ledger, Line, SettleError, cited, err, lower_first};
use super::{Checked, describe, lunar_line};
use crate::rules::lunar_rankings::lunar_hand;

/// § 589.6(b)'s categories, lowest first, as the dealer taps them.
pub const CATEGORIES: &[ResultCategory] = &[
    ResultCategory::plain("no-hand", "No hand", "No hand"),
    ResultCategory::plain("ace-king", "Ace-king", "Ace-king"),
    ResultCategory::plain("pair", "One pair", "Pair"),
    ResultCategory::plain("two-pair", "Two pairs", "2 pairs"),
    ResultCategory::plain("three-of-a-kind", "Three of a kind", "Trips"),
    ResultCategory::plain("straight", "Straight", "Straight"),
    ResultCategory::plain("flush", "Flush", "Flush"),
    ResultCategory::plain("full-house", "Full house", "Full house"),
    ResultCategory::plain("four-of-a-kind", "Four of a kind", "Quads"),
    ResultCategory::plain("straight-flush", "Straight flush", "Str. flush"),
    ResultCategory::plain("royal-flush", "Royal flush", "Royal"),
];

/// The second combinations a hand can hold with a card outside its first, lowest first:
/// "none", then the Bet's pay lines up to a full house (six cards cannot hold two four of a
/// kinds or a straight flush beside another combination).
const SECOND: &[ResultCategory] = &[
    ResultCategory::plain("none", "No second combination", "none"),
    ResultCategory::plain("ace-king", "2nd: ace-king", "+AK"),
    ResultCategory::plain("pair", "2nd: one pair", "+pair"),
    ResultCategory::plain("two-pair", "2nd: two pairs", "+2 pairs"),
    ResultCategory::plain("three-of-a-kind", "2nd: three of a kind", "+trips"),
    ResultCategory::plain("straight", "2nd: straight", "+str."),
    ResultCategory::plain("flush", "2nd: flush", "+flush"),
    ResultCategory::plain("full-house", "2nd: full house", "+full"),
];

/// The second combinations a hand of `category` can hold (§ 589.11(e)(1)(ii)), `six` where a
/// sixth card was bought. Five cards: only an ace-king beside a pair, two pairs, three or four
/// of a kind (the other categories use all five cards, or the ace and king themselves); six
/// cards: any combination no higher than the hand's own.
pub fn second_choices(category: &str, six: bool) -> &'static [ResultCategory] {
    let rank = CATEGORIES.iter().position(|c| c.id == category);
    if !six {
        return match category {
            "pair" | "two-pair" | "three-of-a-kind" | "four-of-a-kind" => &SECOND[..2],
            _ => &[],
        };
    }
    // SECOND[i] (i ≥ 1) is CATEGORIES[i]: a second combination no higher than the hand.
    match rank {
        None | Some(0) => &[],
        Some(r) => &SECOND[..(r + 1).min(SECOND.len())],
    }
}

/// Lunar Poker's results (§ 589.11(e)): qualification ace-king or better; a hand is compared
/// only with a qualifying dealer (a non-qualifier pays the Ante and returns the Bet,
/// § 589.11(e)(2)(i)); the Super Wager is settled at lock-in, so nothing keys every hand.
pub const RESULTS: ResultsDef = ResultsDef {
    categories: CATEGORIES,
    qualifies: Some("ace-king or better"),
    compare: Compare::IfQualifies,
    all_keyed_with: &[],
    community_with: &[],
    board_allows: None,
    second: Some(second_choices),
    // No hand is below ace-king, the least a qualifying dealer holds.
    below_qualifying: &["no-hand"],
    section: "§ 589.11(e)",
    offered: |h| h.of::<super::Rules>().results_by_category,
};

/// A seat's hand tapped: the category in words, for the settlement's hand column.
pub(super) fn words(r: &SeatResult) -> String {
    let label = RESULTS.category(&r.category).map_or("?", |c| c.label);
    format!("{label} (tapped)")
}

/// `s`'s hand for the settlement's hand column: read from its cards where they are keyed
/// (the declared hand keyed at lock-in; the walk of issue 43 read "Ace-king (tapped)" for
/// it), else its result as tapped.
pub(super) fn hand_words(s: &Checked, r: &SeatResult) -> String {
    match lunar_hand(&s.final_cards) {
        Ok(h) if s.cards_known => describe(&h),
        _ => words(r),
    }
}

/// Checks a seat's result against what it holds: a category of the list, a comparison exactly
/// where the dealer qualifies, a second combination exactly where a winner can hold one; keyed
/// cards (a hand declared at lock-in that did not draw) hold the category tapped.
pub(super) fn check(
    field: &str,
    r: &SeatResult,
    qualifies: bool,
    six: bool,
    cards: Option<&[crate::rules::cards::Card]>,
) -> Result<(), SettleError> {
    if RESULTS.category(&r.category).is_none() {
        return Err(err(
            format!("{field}.result"),
            format!("no category {}", r.category),
        ));
    }
    match (qualifies, r.versus) {
        (true, None) => {
            return Err(cited(format!("{field}.result.versus"), "§ 589.11(e)(1)", "whether it beat, tied or lost to the qualifying dealer"));
        }
        (false, Some(_)) => {
            return Err(cited(format!("{field}.result.versus"), "§ 589.11(e)(2)", "the dealer does not qualify: no hand is compared"));
        }
        _ => {}
    }
    if qualifies && RESULTS.loses_to_qualifier(&r.category) && r.versus != Some(Versus::Loses) {
        return Err(cited(format!("{field}.result.versus"), "§ 589.11(e)", "no hand cannot beat or tie a dealer's hand of ace-king or better"));
    }
    check_second(field, r, six)?;
    if let Some(cards) = cards {
        let h = lunar_hand(cards).map_err(|e| err(format!("{field}.cards"), e.to_string()))?;
        if lunar_line(h.category).0 != r.category {
            return Err(err(
                format!("{field}.result"),
                format!(
                    "the cards hold {}, not {}",
                    lower_first(&describe(&h)),
                    words(r)
                ),
            ));
        }
    }
    Ok(())
}

/// A winner's second combination is tapped where its hand can hold one, and only there.
pub(super) fn check_second(field: &str, r: &SeatResult, six: bool) -> Result<(), SettleError> {
    let choices = second_choices(&r.category, six);
    let wins = r.versus == Some(Versus::Wins);
    match &r.second {
        None if wins && !choices.is_empty() => Err(cited(format!("{field}.result.second"), "§ 589.11(e)(1)(ii)", "a winning hand's second combination, or none")),
        Some(s) if !wins || !choices.iter().any(|c| c.id == s) => Err(cited(
            format!("{field}.result.second"),
            "§ 589.11(e)(1)(ii)",
            if wins {
                format!("{s}: not a second combination this hand can hold")
            } else {
                format!("{s}: not a second combination this hand can hold (only a winning hand's is paid)")
            },
        )),
        _ => Ok(()),
    }
}

/// A Bet hand against a qualifying dealer, from the result tapped (§ 589.11(e)(1)): a winner's
/// Ante is returned and its Bet paid by its category and its second combination; a tie returns
/// both; a loser loses both.
pub(super) fn showdown(
    l: &mut Ledger,
    s: &Checked,
    r: &SeatResult,
    bet_t: &PayTable,
    sec: &str,
) -> Result<(), SettleError> {
    l.set_hand(s.seat, hand_words(s, r));
    let bet = 2 * s.ante;
    match r.versus {
        Some(Versus::Wins) => {
            l.push(
                s.seat,
                "ante",
                s.ante,
                "the player beats the qualifying dealer: the Ante is returned, not paid",
                sec,
            );
            let tapped = if s.cards_known { "" } else { " (tapped)" };
            let name = RESULTS.category(&r.category).map_or(String::new(), |c| {
                format!("{}{tapped}", lower_first(c.label))
            });
            l.by_table(
                s.seat,
                "bet",
                bet,
                bet_t,
                &Line {
                    id: pay_id(&r.category),
                    name,
                },
            );
            if let Some(second) = r.second.as_deref().filter(|x| *x != "none") {
                let Some(Pay::To(a, b)) = bet_t.pay(second) else {
                    return Err(err(
                        format!("seat {}.result.second", s.seat),
                        format!("{second} is not a line of the Bet's paytable"),
                    ));
                };
                let won = l.odds(bet, a, b);
                let why = format!(
                    "second combination {} (tapped) pays {}",
                    lower_first(second_label(second)),
                    Pay::To(a, b)
                );
                l.win(
                    s.seat,
                    "bet-second-combination",
                    0,
                    won,
                    &why,
                    &bet_t.section,
                );
            }
        }
        Some(Versus::Ties) => {
            l.push(s.seat, "ante", s.ante, "tie with the dealer", sec);
            l.push(s.seat, "bet", bet, "tie with the dealer", sec);
        }
        _ => {
            let why = "the dealer's hand beats it (tapped)";
            l.lose(s.seat, "ante", s.ante, why, sec);
            l.lose(s.seat, "bet", bet, why, sec);
        }
    }
    Ok(())
}

/// The Bet's pay line of a category tapped.
fn pay_id(category: &str) -> &'static str {
    CATEGORIES
        .iter()
        .find(|c| c.id == category)
        .map_or("no-hand", |c| c.id)
}

fn second_label(id: &str) -> &'static str {
    match id {
        "ace-king" => "Ace-king",
        "pair" => "One pair",
        "two-pair" => "Two pairs",
        "three-of-a-kind" => "Three of a kind",
        "straight" => "A straight",
        "flush" => "A flush",
        "full-house" => "A full house",
        _ => "None",
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn five_cards_hold_an_ace_king_beside_a_pair_or_more_and_six_cards_anything_lower() {
        // § 589.11(e)(1)(ii): a second combination with a card outside the first.
        assert_eq!(second_choices("pair", false).len(), 2);
        assert!(second_choices("straight", false).is_empty());
        assert!(second_choices("ace-king", false).is_empty());
        assert!(second_choices("no-hand", true).is_empty());
        let six: Vec<&str> = second_choices("two-pair", true)
            .iter()
            .map(|c| c.id)
            .collect();
        assert_eq!(six, ["none", "ace-king", "pair", "two-pair"]);
        assert_eq!(second_choices("royal-flush", true).len(), SECOND.len());
    }
}
