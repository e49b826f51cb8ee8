//! A Lunar Poker round's input checked against the chapter before it is settled: the seats and
//! their cards, the draws (§ 589.11(d)), the force (§ 589.11(e)(2)), the results tapped where
//! no device reads the cards.

use super::super::{SettleError, cited, err};
use super::{Draw, Round, Rules, Seat, lunar_results};
use crate::rules::Cents;
use crate::rules::banked::round::SeatResult;
use crate::rules::cards::Card;
use crate::rules::eval::{self, Category};
use crate::rules::lunar_rankings::lunar_hand;

/// The dealer's cards (none from results), the forced replacement card, the checked seats and
/// whether the dealer's hand qualifies.
pub(super) type Validated = (Vec<Card>, Option<Card>, Vec<Checked>, bool);

pub(super) struct Checked {
    pub(super) seat: u8,
    pub(super) first: Vec<Card>,
    pub(super) final_cards: Vec<Card>,
    pub(super) ante: Cents,
    pub(super) super_wager: Cents,
    pub(super) declared: bool,
    pub(super) drew: bool,
    pub(super) bet: bool,
    pub(super) force: bool,
    pub(super) result: Option<SeatResult>,
    pub(super) forced: Option<SeatResult>,
    /// Its final cards are keyed (from results: a hand declared at lock-in that drew no card,
    /// or one keyed for its payout's validation): its result is checked against them and
    /// read from them.
    pub(super) cards_known: bool,
}

pub(super) fn validate(round: &Round, rules: &Rules) -> Result<Validated, SettleError> {
    super::super::check_seats(round.seats.iter().map(|s| s.seat), 5, "§ 589.2(a)")?;
    let by_results = round.dealer_qualifies.is_some();
    if by_results && !rules.results_by_category {
        return Err(err(
            "dealer_qualifies",
            "this casino keys every hand's cards ([house.lunar-poker] results_by_category = false)",
        ));
    }
    let dealer = super::super::cards("dealer", &round.dealer)?;
    if by_results && !dealer.is_empty() {
        return Err(err(
            "dealer",
            "with results the dealer's hand is not keyed, only whether it qualifies",
        ));
    }
    // No Bet: no hand plays against the dealer, whose cards need not be keyed (§ 589.11(c)(1),
    // § 589.11(d)(1)).
    let against_dealer = round.seats.iter().any(|s| s.bet);
    if dealer.len() != 5 && !by_results && (against_dealer || !dealer.is_empty()) {
        return Err(cited("dealer", "§ 589.8(c), § 589.13(c)", "the dealer has five cards; a wrong count voids the round"));
    }
    let mut all = vec![("dealer".to_string(), dealer.clone())];
    let replacement = match &round.dealer_replacement {
        None => None,
        Some(t) => {
            let c = super::super::cards("dealer_replacement", t)?;
            if c.len() != 1 {
                return Err(cited("dealer_replacement", "§ 589.11(e)(2)(ii)", "one card replaces the dealer's highest card"));
            }
            all.push(("dealer_replacement".into(), c.clone()));
            Some(c[0])
        }
    };
    let dealer_q = match round.dealer_qualifies {
        Some(q) => q,
        None if dealer.is_empty() => false,
        None => lunar_hand(&dealer)
            .map_err(|e| err("dealer", e.to_string()))?
            .dealer_qualifies(),
    };
    let mut out = Vec::new();
    for (i, s) in round.seats.iter().enumerate() {
        let f = |x: &str| format!("seats[{i}].{x}");
        let first = super::super::cards(&f("cards"), &s.cards)?;
        // From results, a hand's first five cards are known only where it declared them.
        if first.len() != 5 && !(by_results && first.is_empty()) {
            return Err(cited(f("cards"), "§ 589.8(c)", "each player is dealt five cards"));
        }
        all.push((f("cards"), first.clone()));
        super::super::amount(&f("wagers.ante"), s.wagers.ante)?;
        super::super::amount(&f("wagers.super"), s.wagers.super_wager)?;
        if s.wagers.ante == 0 {
            return Err(cited(f("wagers.ante"), "§ 589.7(c)(1)", "an Ante is needed to be dealt in"));
        }
        if s.wagers.super_wager > 0 && !rules.super_offered {
            return Err(cited(f("wagers.super"), "§ 589.7(c)(2)", "this casino does not offer the Super Wager"));
        }
        let instant = !first.is_empty()
            && eval::evaluate(&first)
                .map_err(|e| err(f("cards"), e.to_string()))?
                .category()
                == Category::StraightFlush;
        if instant && s.bet {
            return Err(cited(f("bet"), "§ 589.11(b)(2)", "a royal or straight flush in the first five cards may not place a Bet Wager; it is declared for the instant payout"));
        }
        if instant && s.draw.is_some() {
            return Err(cited(f("draw"), "§ 589.11(b)(2), (c)(1)", "a royal or straight flush in the first five cards is declared, not drawn to"));
        }
        let (final_cards, draw_unkeyed) = drawn(&f, s, &first, by_results, &mut all)?;
        check_force_and_results(
            &f,
            s,
            round,
            (dealer_q, by_results),
            (&first, &final_cards, draw_unkeyed),
        )?;
        let cards_known = !first.is_empty() && !draw_unkeyed;
        out.push(Checked {
            seat: s.seat,
            first,
            final_cards,
            ante: s.wagers.ante,
            super_wager: s.wagers.super_wager,
            declared: s.declared,
            drew: s.draw.is_some(),
            bet: s.bet,
            force: s.force,
            result: s.result.clone(),
            forced: s.forced.clone(),
            cards_known,
        });
    }
    let forced = out.iter().any(|s| s.force);
    if by_results && forced != round.forced_dealer_qualifies.is_some() {
        return Err(cited("forced_dealer_qualifies", "§ 589.11(e)(2)(ii)", "whether the forced dealer's new hand qualifies, where and only where a player forced"));
    }
    if !by_results && round.forced_dealer_qualifies.is_some() {
        return Err(err(
            "forced_dealer_qualifies",
            "only a round settled from results taps the forced dealer's hand",
        ));
    }
    if forced && replacement.is_none() {
        return Err(cited("dealer_replacement", "§ 589.11(e)(2)(ii)", "a player forced the dealer: give the card that replaced the dealer's highest card"));
    }
    if !forced && replacement.is_some() {
        return Err(cited("dealer_replacement", "§ 589.11(e)(2)(ii)", "no player forced the dealer, so no card is replaced"));
    }
    super::super::one_deck(&all)?;
    Ok((dealer, replacement, out, dealer_q))
}

/// The cards a seat's draw gave it (a sixth card bought, or two to five exchanged,
/// § 589.11(b)(3), (d)(2)), checked and added to `all`; and whether, settled from results, the
/// draw's cards were left unkeyed. The seat's final hand is its `first` five with the draw.
fn drawn(
    f: &dyn Fn(&str) -> String,
    s: &Seat,
    first: &[Card],
    by_results: bool,
    all: &mut Vec<(String, Vec<Card>)>,
) -> Result<(Vec<Card>, bool), SettleError> {
    let mut final_cards = first.to_vec();
    // From results, a draw's cards are not keyed (the hand's result is tapped).
    let draw_unkeyed = by_results
        && match &s.draw {
            Some(Draw::Buy(c)) => c.trim().is_empty(),
            Some(Draw::Exchange { discard, replace }) => {
                discard.trim().is_empty() && replace.trim().is_empty()
            }
            None => false,
        };
    match &s.draw {
        None => {}
        Some(_) if draw_unkeyed => {}
        Some(Draw::Buy(c)) => {
            let c = super::super::cards(&f("draw.buy"), c)?;
            if c.len() != 1 {
                return Err(cited(f("draw.buy"), "§ 589.11(d)(2)(i)(A)", "the Options fee buys one sixth card"));
            }
            all.push((f("draw.buy"), c.clone()));
            final_cards.push(c[0]);
        }
        Some(Draw::Exchange { discard, replace }) => {
            let d = super::super::cards(&f("draw.exchange.discard"), discard)?;
            let r = super::super::cards(&f("draw.exchange.replace"), replace)?;
            if !(2..=5).contains(&d.len()) {
                return Err(cited(f("draw.exchange.discard"), "§ 589.11(b)(3)", format!("{} card(s): an exchange is of two to five cards",
                        d.len()
                    )));
            }
            if let Some(c) = d.iter().find(|c| !first.contains(c)) {
                return Err(err(
                    f("draw.exchange.discard"),
                    format!("{c} is not among the player's cards"),
                ));
            }
            if r.len() != d.len() {
                return Err(cited(f("draw.exchange.replace"), "§ 589.11(d)(2)(i)(B)", format!("{} card(s) discarded, {} drawn: the same number is dealt",
                        d.len(),
                        r.len()
                    )));
            }
            all.push((f("draw.exchange.replace"), r.clone()));
            final_cards.retain(|c| !d.contains(c));
            final_cards.extend(r);
        }
    }
    Ok((final_cards, draw_unkeyed))
}

/// A seat's force of the dealer (§ 589.11(e)(2)) and, settled from results, its tapped result
/// and how it fared against the forced dealer's new hand, checked against its cards where they
/// are keyed.
fn check_force_and_results(
    f: &dyn Fn(&str) -> String,
    s: &Seat,
    round: &Round,
    (dealer_q, by_results): (bool, bool),
    (first, final_cards, draw_unkeyed): (&[Card], &[Card], bool),
) -> Result<(), SettleError> {
    if s.force && !s.bet {
        return Err(cited(f("force"), "§ 589.11(e)(2)", "only a player with a Bet Wager can force the dealer"));
    }
    if s.force && dealer_q {
        return Err(cited(f("force"), "§ 589.11(e)(2)", "the dealer qualifies; forcing is offered only when the dealer does not"));
    }
    let six = matches!(s.draw, Some(Draw::Buy(_)));
    if s.result.is_some() != (by_results && s.bet) || (!by_results && s.forced.is_some()) {
        return Err(err(
            f("result"),
            "a result for each Bet hand, and only where the round is settled from results",
        ));
    }
    if let Some(r) = &s.result {
        let known = (!first.is_empty() && !draw_unkeyed).then_some(final_cards);
        lunar_results::check(&format!("seat {}", s.seat), r, dealer_q, six, known)?;
    }
    if s.forced.is_some() != (by_results && s.force) {
        return Err(cited(f("forced"), "§ 589.11(e)(2)(ii)", "how each forcing hand fared against the dealer's new hand"));
    }
    if let (Some(fr), Some(r), Some(q)) = (&s.forced, &s.result, round.forced_dealer_qualifies) {
        if fr.category != r.category {
            return Err(err(f("forced.category"), "the hand is the one tapped"));
        }
        lunar_results::check(
            &format!("seat {} against the forced dealer", s.seat),
            fr,
            q,
            six,
            None,
        )?;
    }
    Ok(())
}
