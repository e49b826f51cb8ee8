//! Lunar Poker (Chapter 589): five-card stud against the dealer with an Ante, a Bet of twice the
//! Ante, Options fees (buy a sixth card, exchange two to five cards, force the dealer), an
//! instant payout for a royal or straight flush in the first five cards, and the Super Wager.
//!
//! - § 589.11(b): fold, Bet (exactly 2× Ante) or pay an Options fee equal to the Ante to buy a
//!   sixth card or exchange 2 to 5 cards, then fold or Bet. A royal or straight flush in the first
//!   five may not Bet: it is declared and paid instantly on the Ante (§ 589.11(c)(1), § 589.12(a)).
//! - § 589.11(c)(2): the Super Wager pays on the first five cards only, if declared, for the
//!   highest Super hand (§ 589.12(b)).
//! - § 589.11(e): the dealer qualifies with ace-king or better. Beating a qualifying dealer
//!   returns the Ante and pays the Bet by the player's hand (§ 589.12(c)), plus a second
//!   combination with a card outside the first. A non-qualifying dealer pays the Ante 1 to 1 and
//!   returns the Bet, unless the player pays a fee equal to the Ante to force the dealer: then,
//!   after every other player, the dealer's highest card is replaced once and the hands compared
//!   again; still no qualifier returns Ante and Bet.

mod lunar_def;
pub use lunar_def::{BANKED, DEF, PAY_LINES, ROUND};

mod combinations;
pub mod lunar_part;
pub mod lunar_play;
pub mod lunar_steps;
/// The round's part of the game: the draws, declarations and lock-in.
pub type Part = lunar_part::LunarPlay;
mod lunar_results;
mod validate;

use super::Choices;
use crate::rules::cards::Card;
pub use combinations::second_combination;
pub use lunar_results::{RESULTS, second_choices};
use validate::{Checked, validate};

use super::paytable::{Pay, PayTable, Paytables};
use super::round::{BankedSections, Def, Phase, SeatResult, Who, Zero, spot};
use super::{Ledger, Line, SettleError, Settlement, cited, err, lower_first};
use crate::rules::Cents;
use crate::rules::eval::{self, Category};
use crate::rules::lunar_rankings::{LunarCategory, LunarHand, SuperHand, lunar_hand, super_hand};
use crate::rules::money;
use serde::{Deserialize, Serialize};

const GAME: &str = "lunar-poker";

#[derive(Debug, Clone, PartialEq, Eq, Deserialize, Serialize)]
#[serde(default, deny_unknown_fields)]
pub struct Rules {
    /// § 589.12(a): paytable A to H.
    pub instant: String,
    pub super_offered: bool,
    /// § 589.12(b): paytable A, B or C.
    #[serde(rename = "super")]
    pub super_table: String,
    /// The text does not say what becomes of the Ante under an instant payout (§ 589.11(c)(1));
    /// true: it is returned with the payout ("X to 1").
    pub instant_returns_ante: bool,
    /// Without a card-reading device, the round is settled from each Bet hand's result as the
    /// dealer taps it (`RESULTS`); false: every card is keyed.
    pub results_by_category: bool,
}

impl Default for Rules {
    fn default() -> Rules {
        Rules {
            instant: "A".into(),
            super_offered: true,
            super_table: "A".into(),
            instant_returns_ante: true,
            results_by_category: true,
        }
    }
}

impl Choices for Rules {
    const GAME: crate::rules::game_id::GameId = crate::rules::game_id::GameId::LunarPoker;

    fn validate(&self, p: &Paytables) -> Result<(), String> {
        super::check_table(p, GAME, "instant", "instant", &self.instant)?;
        super::check_table(p, GAME, "super", "super", &self.super_table)
    }
}

#[derive(Debug, Clone, Deserialize, Serialize)]
#[serde(deny_unknown_fields)]
pub struct Round {
    pub game: String,
    /// The dealer's five cards; none where the round is settled from results.
    #[serde(default)]
    pub dealer: String,
    /// Settled from results: whether the dealer's hand qualifies, as the dealer tapped it.
    #[serde(default)]
    pub dealer_qualifies: Option<bool>,
    /// Settled from results, a player having forced: whether the dealer's hand with its
    /// replacement card qualifies, as the dealer tapped it.
    #[serde(default)]
    pub forced_dealer_qualifies: Option<bool>,
    /// The card that replaced the dealer's highest card when a player forced (§ 589.11(e)(2)(ii)).
    #[serde(default)]
    pub dealer_replacement: Option<String>,
    pub seats: Vec<Seat>,
}

#[derive(Debug, Clone, Deserialize, Serialize)]
#[serde(deny_unknown_fields)]
pub struct Seat {
    pub seat: u8,
    /// The first five cards.
    pub cards: String,
    pub wagers: Wagers,
    /// Declared and turned face up before other cards were dealt (§ 589.11(c)).
    #[serde(default)]
    pub declared: bool,
    #[serde(default)]
    pub draw: Option<Draw>,
    /// A Bet Wager of twice the Ante was placed (false: folded).
    #[serde(default)]
    pub bet: bool,
    /// Paid the Options fee to force a non-qualifying dealer.
    #[serde(default)]
    pub force: bool,
    /// Settled from results: the Bet hand's result as the dealer tapped it.
    #[serde(default)]
    pub result: Option<SeatResult>,
    /// Settled from results, forcing: how the hand fared against the dealer's new hand.
    #[serde(default)]
    pub forced: Option<SeatResult>,
}

#[derive(Debug, Clone, Default, Deserialize, Serialize)]
#[serde(deny_unknown_fields)]
pub struct Wagers {
    pub ante: Cents,
    #[serde(default, rename = "super")]
    pub super_wager: Cents,
}

#[derive(Debug, Clone, Deserialize, Serialize)]
#[serde(rename_all = "lowercase", deny_unknown_fields)]
pub enum Draw {
    /// The sixth card bought.
    Buy(String),
    /// Cards given up and the cards that replaced them.
    Exchange { discard: String, replace: String },
}

fn lunar_line(c: LunarCategory) -> (&'static str, &'static str) {
    match c {
        LunarCategory::RoyalFlush => ("royal-flush", "a royal flush"),
        LunarCategory::StraightFlush => ("straight-flush", "a straight flush"),
        LunarCategory::FourOfAKind => ("four-of-a-kind", "four of a kind"),
        LunarCategory::FullHouse => ("full-house", "a full house"),
        LunarCategory::Flush => ("flush", "a flush"),
        LunarCategory::Straight => ("straight", "a straight"),
        LunarCategory::ThreeOfAKind => ("three-of-a-kind", "three of a kind"),
        LunarCategory::TwoPair => ("two-pair", "two pairs"),
        LunarCategory::OnePair => ("pair", "one pair"),
        LunarCategory::AceKing => ("ace-king", "ace-king"),
        LunarCategory::NoHand => ("no-hand", "no hand"),
    }
}

fn super_line(h: SuperHand) -> Line {
    let (id, name) = match h {
        SuperHand::FourOfAKind => ("four-of-a-kind", "four of a kind"),
        SuperHand::SameColoredStraight => ("same-colored-straight", "a same-colored straight"),
        SuperHand::FullHouse => ("full-house", "a full house"),
        SuperHand::Flush => ("flush", "a flush"),
        SuperHand::Straight => ("straight", "a straight"),
        SuperHand::ThreeOfAKind => ("three-of-a-kind", "three of a kind"),
        SuperHand::AceKing => ("ace-king", "ace-king"),
        SuperHand::SameColoredFive => ("same-colored-five", "a same colored five"),
    };
    Line {
        id,
        name: name.into(),
    }
}

pub fn settle(
    round: &Round,
    rules: &Rules,
    p: &Paytables,
    rounding: Cents,
) -> Result<Settlement, SettleError> {
    rules.validate(p).map_err(|e| err("rules", e))?;
    let (dealer, replacement, mut seats, qualifies) = validate(round, rules)?;
    let by_results = round.dealer_qualifies.is_some();
    let mut l = Ledger::new(p, GAME, rounding);
    let instant_t = l.table("instant", &rules.instant)?;
    let super_t = l.table("super", &rules.super_table)?;
    let bet_t = l.table("bet", "standard")?;
    let ante_t = l.table("ante", "standard")?;
    seats.sort_by_key(|s| s.seat);
    let done = lock_in(&mut l, &seats, rules, instant_t, super_t)?;
    folds_and_draws(&mut l, &seats, &done);
    // § 589.11(e): showdown from the dealer's right, counterclockwise.
    let bettors: Vec<&Checked> = seats
        .iter()
        .rev()
        .filter(|s| s.bet && !done.contains(&s.seat))
        .collect();
    // From results with no Bet, no hand played against the dealer and nothing was tapped for
    // the dealer's hand: the record says nothing of it.
    let dh = if bettors.is_empty() && by_results {
        None
    } else {
        dealer_hand(&mut l, &dealer, by_results, qualifies)?
    };
    let mut from_results = by_results;
    if qualifies {
        for s in &bettors {
            match (&s.result, &dh) {
                (Some(r), _) => lunar_results::showdown(&mut l, s, r, bet_t, "§ 589.11(e)(1)")?,
                (None, Some(dh)) => showdown(&mut l, s, dh, bet_t, "§ 589.11(e)(1)")?,
                (None, None) => return Err(err("dealer", "the dealer's five cards")),
            }
        }
    } else {
        for s in bettors.iter().filter(|s| !s.force) {
            l.set_hand(s.seat, hand_words(s)?);
            l.by_table(
                s.seat,
                "ante",
                s.ante,
                ante_t,
                &Line {
                    id: "win",
                    name: "the dealer does not qualify; the Ante".into(),
                },
            );
            l.push(
                s.seat,
                "bet",
                2 * s.ante,
                "the dealer does not qualify",
                "§ 589.11(e)(2)(i)",
            );
        }
        let forcing: Vec<&Checked> = bettors.iter().copied().filter(|s| s.force).collect();
        if let (Some(card), false) = (replacement, forcing.is_empty()) {
            from_results |= forced(&mut l, round, &dealer, card, &forcing, bet_t)?;
        }
    }
    if rules.instant_returns_ante && !done.is_empty() {
        l.note("The Ante is returned with an instant payout (§ 589.11(c)(1) is silent); setting instant_returns_ante.");
    }
    if from_results {
        l.note(super::by_result::SETTLED_FROM_RESULTS);
    }
    Ok(l.finish())
}

/// § 589.11(d): folds and draws, from the dealer's left, clockwise (the hands a lock-in did
/// not settle).
fn folds_and_draws(l: &mut Ledger, seats: &[Checked], done: &[u8]) {
    for s in seats.iter().filter(|s| !done.contains(&s.seat)) {
        if s.drew {
            l.lose(
                s.seat,
                "options-fee",
                s.ante,
                "collected for the draw",
                "§ 589.11(d)(2)(i)",
            );
        }
        if !s.bet {
            l.set_hand(s.seat, "folded");
            l.lose(
                s.seat,
                "ante",
                s.ante,
                "folded",
                if s.drew {
                    "§ 589.11(d)(2)(iv)"
                } else {
                    "§ 589.11(d)(1)"
                },
            );
        }
    }
}

/// The dealer's hand as the settlement shows it: ranked from its cards, or the qualification
/// the dealer tapped (then `None`).
fn dealer_hand(
    l: &mut Ledger,
    dealer: &[Card],
    by_results: bool,
    qualifies: bool,
) -> Result<Option<LunarHand>, SettleError> {
    if by_results {
        l.set_dealer(if qualifies {
            "Qualifies: ace-king or better (tapped)"
        } else {
            "Does not qualify: less than ace-king (tapped)"
        });
        return Ok(None);
    }
    // No hand played against the dealer: the cards were not keyed.
    if dealer.is_empty() {
        return Ok(None);
    }
    let dh = lunar_hand(dealer).map_err(|e| err("dealer", e.to_string()))?;
    l.set_dealer(format!(
        "{}{}",
        describe(&dh),
        if qualifies {
            ""
        } else {
            " (does not qualify: less than ace-king)"
        }
    ));
    Ok(Some(dh))
}

/// § 589.11(e)(2)(ii): the hands that paid to force a dealer who does not qualify, against
/// the dealer's hand with its highest card replaced. True when the dealer tapped how the new
/// hand fared instead of keying it.
fn forced(
    l: &mut Ledger,
    round: &Round,
    dealer: &[Card],
    card: Card,
    forcing: &[&Checked],
    bet_t: &PayTable,
) -> Result<bool, SettleError> {
    for s in forcing {
        l.lose(
            s.seat,
            "force-fee",
            s.ante,
            "collected to force the dealer",
            "§ 589.11(e)(2)(ii)",
        );
    }
    // From results: the dealer tapped whether the new hand qualifies and how each forcing hand
    // fared against it.
    if let Some(q) = round.forced_dealer_qualifies {
        l.note(format!(
            "Forced: the dealer's highest card was replaced by {}; the new hand {} (tapped, § 589.11(e)(2)(ii)).",
            card.pretty(),
            if q {
                "qualifies"
            } else {
                "still does not qualify"
            }
        ));
        for s in forcing {
            let fr = s
                .forced
                .as_ref()
                .ok_or_else(|| err(format!("seat {}.forced", s.seat), "how the hand fared"))?;
            forced_by_result(l, s, fr, q, bet_t)?;
        }
        return Ok(true);
    }
    // The dealer's highest-ranking card is discarded and replaced (one card for the table).
    let mut new = dealer.to_vec();
    let hi = new
        .iter()
        .enumerate()
        .max_by_key(|(_, c)| c.rank)
        .map(|(i, _)| i)
        .unwrap_or(0);
    let out = new[hi];
    new[hi] = card;
    let nh = lunar_hand(&new).map_err(|e| err("dealer_replacement", e.to_string()))?;
    l.note(format!(
        "Forced: the dealer's {} was replaced by {}: {} (§ 589.11(e)(2)(ii)).",
        out.pretty(),
        card.pretty(),
        describe(&nh)
    ));
    for s in forcing {
        if nh.dealer_qualifies() {
            showdown(l, s, &nh, bet_t, "§ 589.11(e)(2)(ii)(B)")?;
        } else {
            l.set_hand(s.seat, hand_words(s)?);
            l.push(
                s.seat,
                "ante",
                s.ante,
                "the forced dealer still does not qualify",
                "§ 589.11(e)(2)(ii)(A)",
            );
            l.push(
                s.seat,
                "bet",
                2 * s.ante,
                "the forced dealer still does not qualify",
                "§ 589.11(e)(2)(ii)(A)",
            );
        }
    }
    Ok(false)
}

fn hand_words(s: &Checked) -> Result<String, SettleError> {
    match &s.result {
        Some(r) => Ok(lunar_results::hand_words(s, r)),
        None => Ok(describe(
            &lunar_hand(&s.final_cards).map_err(|e| err("cards", e.to_string()))?,
        )),
    }
}

/// A forcing hand against the dealer's new hand, from the results tapped (§ 589.11(e)(2)(ii)):
/// compared where it qualifies, else the Ante and the Bet returned.
fn forced_by_result(
    l: &mut Ledger,
    s: &Checked,
    fr: &SeatResult,
    qualifies: bool,
    bet_t: &PayTable,
) -> Result<(), SettleError> {
    if qualifies {
        return lunar_results::showdown(l, s, fr, bet_t, "§ 589.11(e)(2)(ii)(B)");
    }
    l.set_hand(s.seat, lunar_results::hand_words(s, fr));
    let why = "the forced dealer still does not qualify";
    l.push(s.seat, "ante", s.ante, why, "§ 589.11(e)(2)(ii)(A)");
    l.push(s.seat, "bet", 2 * s.ante, why, "§ 589.11(e)(2)(ii)(A)");
    Ok(())
}

/// § 589.11(c): once "all decisions are locked in", the instant payouts of declared royal and
/// straight flushes and every Super Wager, from the dealer's left, clockwise. Returns the seats
/// whose round ends with the instant payout.
fn lock_in(
    l: &mut Ledger,
    seats: &[Checked],
    rules: &Rules,
    instant_t: &PayTable,
    super_t: &PayTable,
) -> Result<Vec<u8>, SettleError> {
    let mut done = Vec::new();
    for s in seats {
        if s.first.is_empty() {
            // Not declared: the cards stay face down; the Super Wager is collected.
            l.lose(
                s.seat,
                "super",
                s.super_wager,
                "no winning hand declared and revealed",
                "§ 589.11(c)(2)(i)",
            );
            continue;
        }
        let v = eval::evaluate(&s.first).map_err(|e| err("cards", e.to_string()))?;
        let instant = v.category() == Category::StraightFlush;
        if instant {
            let line = Line {
                id: if v.is_royal() {
                    "royal-flush"
                } else {
                    "straight-flush"
                },
                name: lower_first(&v.describe()),
            };
            if s.declared {
                l.set_hand(s.seat, v.describe());
                match instant_t.pay(line.id) {
                    Some(Pay::To(a, b)) if !rules.instant_returns_ante => {
                        let total = l.odds(s.ante, a, b);
                        l.record(super::WagerResult {
                            seat: s.seat,
                            wager: "ante".into(),
                            stake: s.ante,
                            result: super::Outcome::Win,
                            paid: total,
                            net: total - s.ante,
                            from_meter: 0,
                            meter_percent: None,
                            explanation: format!("Ante: instant payout, {} pays {} on table {}, the Ante kept (setting instant_returns_ante) → {}", line.name, Pay::To(a, b), rules.instant, money(total)),
                            section: instant_t.section.clone(),
                            floor_verification: false,
                            hold_cards: false,
                        });
                    }
                    _ => {
                        let line = Line {
                            id: line.id,
                            name: format!("instant payout, {}", line.name),
                        };
                        l.by_table(s.seat, "ante", s.ante, instant_t, &line);
                    }
                }
                done.push(s.seat);
            } else {
                l.note(format!("Seat {}: a {} in the first five cards was not declared before other cards were dealt: no instant payout (§ 589.11(c)(1)(i)).", s.seat, lower_first(&v.describe())));
            }
        }
        if s.super_wager > 0 {
            match super_hand(&s.first).map_err(|e| err("cards", e.to_string()))? {
                Some(h) if s.declared => {
                    l.by_table(s.seat, "super", s.super_wager, super_t, &super_line(h));
                }
                Some(h) => l.lose(
                    s.seat,
                    "super",
                    s.super_wager,
                    &format!(
                        "{} in the first five cards, not declared and revealed",
                        super_line(h).name
                    ),
                    "§ 589.11(c)(2)(i)",
                ),
                None => l.lose(
                    s.seat,
                    "super",
                    s.super_wager,
                    "no same colored five or better in the first five cards",
                    "§ 589.11(c)(2)(i)",
                ),
            }
        }
    }
    Ok(done)
}

/// What the dealer settles when "all decisions are locked in" (§ 589.11(c)), before any other
/// card is dealt: the declared hands' instant payouts and every Super Wager. Only the seats'
/// wagers and, for a declared seat, its first five cards (face up on the layout) are read; a seat
/// that did not declare gives no cards and its Super Wager is collected. The round's full
/// settlement ([`settle`]) settles the same wagers the same way, in the same order.
pub fn settle_lock_in(
    seats: &[Seat],
    rules: &Rules,
    p: &Paytables,
    rounding: Cents,
) -> Result<Settlement, SettleError> {
    rules.validate(p).map_err(|e| err("rules", e))?;
    super::check_seats(seats.iter().map(|s| s.seat), 5, "§ 589.2(a)")?;
    let mut all = Vec::new();
    let mut checked = Vec::new();
    for (i, s) in seats.iter().enumerate() {
        let f = |x: &str| format!("seats[{i}].{x}");
        super::amount(&f("wagers.ante"), s.wagers.ante)?;
        super::amount(&f("wagers.super"), s.wagers.super_wager)?;
        let first = super::cards(&f("cards"), &s.cards)?;
        if s.declared && first.len() != 5 {
            return Err(cited(f("cards"), "§ 589.11(c)", "a declared hand is its first five cards, face up"));
        }
        if !s.declared && !first.is_empty() {
            return Err(cited(f("cards"), "§ 589.11(c)(2)(i)", "a hand not declared stays face down: give no cards"));
        }
        all.push((f("cards"), first.clone()));
        checked.push(Checked {
            seat: s.seat,
            final_cards: first.clone(),
            first,
            ante: s.wagers.ante,
            super_wager: s.wagers.super_wager,
            declared: s.declared,
            drew: false,
            bet: false,
            force: false,
            result: None,
            forced: None,
            cards_known: true,
        });
    }
    super::one_deck(&all)?;
    checked.sort_by_key(|s| s.seat);
    let mut l = Ledger::new(p, GAME, rounding);
    let instant_t = l.table("instant", &rules.instant)?;
    let super_t = l.table("super", &rules.super_table)?;
    let done = lock_in(&mut l, &checked, rules, instant_t, super_t)?;
    if rules.instant_returns_ante && !done.is_empty() {
        l.note("The Ante is returned with an instant payout (§ 589.11(c)(1) is silent); setting instant_returns_ante.");
    }
    Ok(l.finish())
}

/// What the dealer announces: ace-king is a hand of its own in Lunar Poker (§ 589.6(b)(10)).
pub fn describe(h: &LunarHand) -> String {
    match h.category {
        LunarCategory::AceKing => "Ace-king".into(),
        _ => h.best.value.describe(),
    }
}

fn showdown(
    l: &mut Ledger,
    s: &Checked,
    dh: &LunarHand,
    bet_t: &PayTable,
    sec: &str,
) -> Result<(), SettleError> {
    let ph = lunar_hand(&s.final_cards).map_err(|e| err("cards", e.to_string()))?;
    l.set_hand(s.seat, describe(&ph));
    let bet = 2 * s.ante;
    if ph.key() > dh.key() {
        l.push(
            s.seat,
            "ante",
            s.ante,
            "the player beats the qualifying dealer: the Ante is returned, not paid",
            sec,
        );
        let (id, name) = lunar_line(ph.category);
        l.by_table(
            s.seat,
            "bet",
            bet,
            bet_t,
            &Line {
                id,
                name: name.into(),
            },
        );
        if let Some((cat, combo, a, b)) = second_combination(&s.final_cards, &ph, bet_t) {
            let won = l.odds(bet, a, b);
            let cards: Vec<String> = combo.iter().map(|c| c.to_string()).collect();
            let why = format!(
                "second combination {} ({}) pays {}",
                lunar_line(cat).1,
                cards.join(" "),
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
            l.note("The second-combination payout takes the best-paying combination with a card outside the winning one, once (§ 589.11(e)(1)(ii) does not say which).");
        }
    } else if ph.key() == dh.key() {
        l.push(s.seat, "ante", s.ante, "tie with the dealer", sec);
        l.push(s.seat, "bet", bet, "tie with the dealer", sec);
    } else {
        let why = format!(
            "the dealer's {} beats {}",
            lower_first(&describe(dh)),
            lower_first(&describe(&ph))
        );
        l.lose(s.seat, "ante", s.ante, &why, sec);
        l.lose(s.seat, "bet", bet, &why, sec);
    }
    Ok(())
}

/// The side wagers the casino may leave out of its Rules Submission.
fn not_offered(r: &super::HouseRules, key: &str) -> Option<&'static str> {
    match key {
        "super" if !r.of::<Rules>().super_offered => Some("§ 589.7(c)(2)"),
        _ => None,
    }
}
