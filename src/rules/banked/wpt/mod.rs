//! World Poker Tour Heads-Up Hold 'Em (Chapter 677a): Ante and Odds against the dealer, one
//! Raise per player, Pocket Bonus and Trips Plus side wagers.
//!
//! - § 677a.7(d)(1): Ante and an Odds Wager equal to it; then one Raise: up to 3× the Ante
//!   before the flop (§ 677a.11(b)), up to 2× after it (§ 677a.11(d)), exactly 1× after the turn
//!   and river, or fold (§ 677a.11(f)). Folding loses Ante and Odds.
//! - § 677a.11(h): the dealer qualifies with a pair or better, which decides only the Ante.
//! - § 677a.12(b) Odds on a win; § 677a.12(c) Bad Beat on the Odds when a qualifying dealer
//!   beats a straight or better (the Ante and Raise still lose).
//! - § 677a.11(g): settled from the dealer's right, one player at a time: Ante, Raise, Odds,
//!   then Pocket Bonus and Trips Plus (§ 677a.11(i)); a folded player's side wagers are settled
//!   at their seat in the same pass (the text does not place them; a documented choice).
//! - § 677a.12(f): an optional per-player-per-round limit on Ante, Raise and Odds winnings,
//!   not less than $50,000.

mod wpt_def;
pub use wpt_def::{BANKED, DEF, PAY_LINES, ROUND};
/// The round holds nothing of this game's own.
pub type Part = super::round::NoPart;

mod wpt_results;

use super::Choices;
use super::by_result::{self, Judged};
use super::paytable::Paytables;
use super::round::{BankedRound, GameRound, SeatResult, Settle};
use super::round::{BankedSections, Def, Phase, Spot, Who, Zero, spot};
use super::{Ledger, Line, SettleError, Settlement, cited, err, five_card_line, lower_first};
use crate::rules::Cents;
use crate::rules::cards::Card;
use crate::rules::eval::{self, Category};
use crate::rules::money;
use crate::rules::two_card::{TwoCardHand, two_card};
use serde::{Deserialize, Serialize};
use std::collections::BTreeMap;
pub use wpt_results::RESULTS;
use wpt_results::main_wagers;

const GAME: &str = "wpt-heads-up";

/// The casino's choices for 677a (Rules Submission, § 601a.2).
#[derive(Debug, Clone, PartialEq, Eq, Deserialize, Serialize)]
#[serde(default, deny_unknown_fields)]
pub struct Rules {
    /// § 677a.7(d)(2): offered at all.
    pub pocket_bonus_offered: bool,
    /// § 677a.12(d): paytable A, B or C.
    pub pocket_bonus: String,
    /// § 677a.7(d)(3).
    pub trips_plus_offered: bool,
    /// § 677a.12(e): paytable A, B, C or D.
    pub trips_plus: String,
    /// § 677a.12(f): none, or at least $50,000 per player per round.
    pub payout_limit_cents: Option<Cents>,
    /// § 677a.13(d) settles the Trips Plus of a round void before the board is out; the text
    /// does not say how its seven cards are made.
    pub trips_plus_on_void: TripsPlusOnVoid,
    /// § 677a.7(e): the number of adjacent boxes on which one player may wager in a round (the
    /// Rules Submission's).
    pub boxes_per_player: u8,
    /// Without a card-reading device, a round with no Pocket Bonus or Trips Plus on the layout
    /// may be settled from each hand's result (`round::results`); false: every card is keyed.
    pub results_by_category: bool,
}

/// How a void round's Trips Plus is settled when the board is not out (§ 677a.13(d)). The
/// section says it "shall be settled", so returning it is no choice a casino may make: the
/// setting has one value, and `"return"` is refused with the section.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Deserialize, Serialize)]
#[serde(rename_all = "kebab-case", try_from = "String")]
pub enum TripsPlusOnVoid {
    /// The dealer burns and deals the rest of the board as the round would have (§ 677a.11(c),
    /// (e)) and the Trips Plus is settled on the seven cards, as the section says it is settled.
    #[default]
    FinishBoard,
}

impl TryFrom<String> for TripsPlusOnVoid {
    type Error = String;

    fn try_from(v: String) -> Result<TripsPlusOnVoid, String> {
        match v.as_str() {
            "finish-board" => Ok(TripsPlusOnVoid::FinishBoard),
            "return" => Err(
                "\"return\" is not allowed: a void round's Trips Plus \"shall be settled\" (§ 677a.13(d)); the only value is \"finish-board\"".into(),
            ),
            other => Err(format!("{other:?}: the only value is \"finish-board\" (§ 677a.13(d))")),
        }
    }
}

impl Default for Rules {
    fn default() -> Rules {
        Rules {
            pocket_bonus_offered: true,
            pocket_bonus: "A".into(),
            trips_plus_offered: true,
            trips_plus: "A".into(),
            payout_limit_cents: None,
            trips_plus_on_void: TripsPlusOnVoid::FinishBoard,
            boxes_per_player: 2,
            results_by_category: true,
        }
    }
}

impl Choices for Rules {
    const GAME: crate::rules::game_id::GameId = crate::rules::game_id::GameId::WptHeadsUp;

    fn validate(&self, p: &Paytables) -> Result<(), String> {
        if !(1..=6).contains(&self.boxes_per_player) {
            return Err("boxes_per_player: 1 to 6 (the layout's betting positions)".into());
        }
        super::check_table(p, GAME, "pocket-bonus", "pocket_bonus", &self.pocket_bonus)?;
        super::check_table(p, GAME, "trips-plus", "trips_plus", &self.trips_plus)?;
        if self
            .payout_limit_cents
            .is_some_and(|l| l > super::MAX_AMOUNT)
        {
            return Err("payout_limit_cents: more than any table takes".into());
        }
        if let Some(l) = self.payout_limit_cents
            && l < super::PAYOUT_LIMIT_FLOOR
        {
            return Err(format!(
                "payout_limit_cents: {} is below the $50,000 floor of § 677a.12(f)",
                money(l)
            ));
        }
        Ok(())
    }
}

#[derive(Debug, Clone, Deserialize, Serialize)]
#[serde(deny_unknown_fields)]
pub struct Round {
    pub game: String,
    /// The dealer's two cards (none where the round is settled from results).
    #[serde(default)]
    pub dealer: String,
    /// The five community cards (none where the round is settled from results and no hand is
    /// keyed).
    #[serde(default)]
    pub community: String,
    /// Settled from results tapped by the dealer (`round::results`): whether the dealer's hand
    /// qualifies, a pair or better (§ 677a.11(h)).
    #[serde(default)]
    pub dealer_qualifies: Option<bool>,
    pub seats: Vec<Seat>,
}

#[derive(Debug, Clone, Deserialize, Serialize)]
#[serde(deny_unknown_fields)]
pub struct Seat {
    pub seat: u8,
    pub cards: String,
    pub wagers: Wagers,
    #[serde(default)]
    pub raise: Option<Raise>,
    #[serde(default)]
    pub fold: bool,
    /// The hand's category and comparison as the dealer tapped them, where the round is settled
    /// from results; the cards are then those of a hand keyed for its payout, or none.
    #[serde(default)]
    pub result: Option<SeatResult>,
}

#[derive(Debug, Clone, Default, Deserialize, Serialize)]
#[serde(deny_unknown_fields)]
pub struct Wagers {
    pub ante: Cents,
    pub odds: Cents,
    #[serde(default)]
    pub pocket_bonus: Cents,
    #[serde(default)]
    pub trips_plus: Cents,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Deserialize, Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum Street {
    PreFlop,
    Flop,
    River,
}

impl Street {
    /// The streets a Raise is made on, in the order of the round's phases (`ROUND.phases`).
    pub const IN_ORDER: [Street; 3] = [Street::PreFlop, Street::Flop, Street::River];
}

#[derive(Debug, Clone, Deserialize, Serialize)]
#[serde(deny_unknown_fields)]
pub struct Raise {
    pub street: Street,
    pub amount: Cents,
}

/// Dealer cards, community cards and the checked seats.
type Validated = (Vec<Card>, Vec<Card>, Vec<Checked>);

struct Checked {
    seat: u8,
    hole: Vec<Card>,
    w: Wagers,
    raise: Cents,
    result: Option<SeatResult>,
}

/// The pay line of the Pocket Bonus (§ 677a.11(i)(1), § 677a.12(d)).
pub fn pocket_line(a: Card, b: Card) -> Option<Line> {
    let (id, name) = match two_card(a, b) {
        TwoCardHand::Pair { rank: 14 } => ("pair-of-aces", "a pair of aces".to_string()),
        TwoCardHand::Pair { .. } => ("pair-twos-to-kings", "a pair of 2s to kings".into()),
        TwoCardHand::AceWith {
            with: 11..=13,
            suited: true,
        } => (
            "ace-face-suited",
            "an ace with a king, queen or jack of the same suit".into(),
        ),
        TwoCardHand::AceWith { with: 11..=13, .. } => (
            "ace-face-offsuit",
            "an ace with a king, queen or jack of another suit".into(),
        ),
        _ => return None,
    };
    Some(Line { id, name })
}

fn validate(round: &Round, rules: &Rules) -> Result<Validated, SettleError> {
    super::check_seats(round.seats.iter().map(|s| s.seat), 6, "§ 677a.2(a)")?;
    let by_results = round.dealer_qualifies.is_some();
    if by_results && !rules.results_by_category {
        return Err(err(
            "dealer_qualifies",
            "this casino keys every hand's cards ([house.wpt-heads-up] results_by_category = false)",
        ));
    }
    let dealer = super::cards("dealer", &round.dealer)?;
    if by_results && !dealer.is_empty() {
        return Err(err(
            "dealer",
            "with results the dealer's hand is not keyed, only whether it qualifies",
        ));
    }
    if dealer.len() != 2 && !by_results {
        return Err(cited("dealer", "§ 677a.8(c)", "the dealer has two cards"));
    }
    let board = super::cards("community", &round.community)?;
    // From results, the board is keyed with a hand's cards (its category is read from both).
    let board_needed = !by_results || round.seats.iter().any(|s| !s.cards.trim().is_empty());
    if board.len() != 5 && (board_needed || !board.is_empty()) {
        return Err(cited("community", "§ 677a.11(c),(e), § 677a.13(c)", "five community cards are dealt; a wrong count voids the round"));
    }
    let mut all = vec![
        ("dealer".to_string(), dealer.clone()),
        ("community".into(), board.clone()),
    ];
    let mut out = Vec::new();
    for (i, s) in round.seats.iter().enumerate() {
        let f = |x: &str| format!("seats[{i}].{x}");
        let hole = super::cards(&f("cards"), &s.cards)?;
        if s.result.is_some() != (by_results && !s.fold) {
            return Err(err(
                f("result"),
                "a result for each hand still in, and only where the round is settled from results",
            ));
        }
        if by_results && (s.wagers.pocket_bonus > 0 || s.wagers.trips_plus > 0) {
            return Err(cited(f("wagers"), "§ 677a.12(d),(e)", "the Pocket Bonus and Trips Plus are paid from the hands: key every card"));
        }
        if hole.len() != 2 && !(by_results && hole.is_empty()) {
            return Err(cited(f("cards"), "§ 677a.8(c)", "each player has two cards"));
        }
        all.push((f("cards"), hole.clone()));
        let w = &s.wagers;
        for (name, v) in [
            ("ante", w.ante),
            ("odds", w.odds),
            ("pocket_bonus", w.pocket_bonus),
            ("trips_plus", w.trips_plus),
        ] {
            super::amount(&f(&format!("wagers.{name}")), v)?;
        }
        if w.ante == 0 {
            return Err(cited(f("wagers.ante"), "§ 677a.7(d)(1)", "an Ante is needed to play"));
        }
        if w.odds != w.ante {
            return Err(cited(f("wagers.odds"), "§ 677a.7(d)(1)", format!("the Odds Wager equals the Ante ({}), not {}",
                    money(w.ante),
                    money(w.odds)
                )));
        }
        if w.pocket_bonus > 0 && !rules.pocket_bonus_offered {
            return Err(cited(f("wagers.pocket_bonus"), "§ 677a.7(d)(2)", "this casino does not offer the Pocket Bonus"));
        }
        if w.trips_plus > 0 && !rules.trips_plus_offered {
            return Err(cited(f("wagers.trips_plus"), "§ 677a.7(d)(3)", "this casino does not offer Trips Plus"));
        }
        let raise = match (&s.raise, s.fold) {
            (Some(_), true) => {
                return Err(cited(f("fold"), "§ 677a.11(f)", "a player who raised cannot fold; one decision per player"));
            }
            (None, false) => {
                return Err(cited(f("raise"), "§ 677a.11(f)", "no decision: a Raise Wager or a fold after the river"));
            }
            (None, true) => 0,
            (Some(r), false) => {
                let (cap, sec, exact) = match r.street {
                    Street::PreFlop => (3, "§ 677a.11(b)", false),
                    Street::Flop => (2, "§ 677a.11(d)", false),
                    Street::River => (1, "§ 677a.11(f)", true),
                };
                let max = w.ante * cap;
                if exact && r.amount != max {
                    return Err(err(
                        f("raise.amount"),
                        format!(
                            "after the turn and river the Raise is exactly the Ante, {} ({sec})",
                            money(max)
                        ),
                    ));
                }
                if r.amount <= 0 || r.amount > max {
                    return Err(err(
                        f("raise.amount"),
                        format!(
                            "a Raise of {} is not allowed here: up to {cap}× the Ante, {} ({sec})",
                            money(r.amount),
                            money(max)
                        ),
                    ));
                }
                r.amount
            }
        };
        out.push(Checked {
            seat: s.seat,
            hole,
            w: w.clone(),
            raise,
            result: s.result.clone(),
        });
    }
    super::one_deck(&all)?;
    Ok((dealer, board, out))
}

pub fn settle(
    round: &Round,
    rules: &Rules,
    p: &Paytables,
    rounding: Cents,
) -> Result<Settlement, SettleError> {
    rules.validate(p).map_err(|e| err("rules", e))?;
    let (dealer, board, mut seats) = validate(round, rules)?;
    let mut l = Ledger::new(p, GAME, rounding);
    let pocket_t = l.table("pocket-bonus", &rules.pocket_bonus)?;
    let trips_t = l.table("trips-plus", &rules.trips_plus)?;
    // The Odds paytable's note is about where its rows come from (assets/paytables/
    // wpt-heads-up.toml): a reader's concern, never the dealer's pay screen.
    // § 677a.11(h): the dealer qualifies with a pair or better.
    let dv = match dealer.len() {
        0 => None,
        _ => {
            let all: Vec<Card> = dealer.iter().chain(&board).copied().collect();
            Some(eval::evaluate(&all).map_err(|e| err("dealer", e.to_string()))?)
        }
    };
    let qualifies = match dv {
        Some(d) => d.category() >= Category::OnePair,
        None => round.dealer_qualifies == Some(true),
    };
    let dealer_words = match dv {
        Some(d) => d.describe(),
        None => "Not keyed: the hands tapped against it".into(),
    };
    l.set_dealer(format!(
        "{dealer_words}{}",
        match (qualifies, dv) {
            (true, Some(_)) => "",
            (true, None) => ": qualifies, a pair or better",
            (false, _) => " (does not qualify: no pair)",
        }
    ));
    // § 677a.11(g): from the dealer's right, counterclockwise.
    seats.sort_by_key(|s| std::cmp::Reverse(s.seat));
    let win = Line {
        id: "win",
        name: match dv {
            Some(d) => format!("a win over the dealer's {}", lower_first(&d.describe())),
            None => "a win over the dealer (tapped)".into(),
        },
    };
    let beaten = |j: &Judged| match dv {
        Some(d) => format!(
            "the dealer's {} beats {}",
            lower_first(&d.describe()),
            j.phrase
        ),
        None => format!("the dealer's hand beats {}", j.phrase),
    };
    for s in &seats {
        // The hand's own value where its cards are keyed (a folded hand's side wagers).
        let pv = match s.hole.len() {
            0 => None,
            _ => {
                let all: Vec<Card> = s.hole.iter().chain(&board).copied().collect();
                Some(eval::evaluate(&all).map_err(|e| err("cards", e.to_string()))?)
            }
        };
        let seat = s.seat;
        let mut bad_beat = false;
        if s.raise == 0 {
            l.set_hand(
                seat,
                match pv {
                    Some(v) => format!("folded ({})", lower_first(&v.describe())),
                    None => "folded".into(),
                },
            );
            // § 677a.11(f): a fold loses the Ante and the Odds.
            l.lose(seat, "ante", s.w.ante, "folded", "§ 677a.11(f)");
            l.lose(seat, "odds", s.w.odds, "folded", "§ 677a.11(f)");
        } else {
            let j = by_result::judge(
                &RESULTS,
                &format!("seat {seat}"),
                &s.hole,
                &board,
                dv,
                s.result.as_ref(),
            )?;
            l.set_hand(seat, j.words.clone());
            main_wagers(&mut l, s, &j, qualifies, &win, &beaten(&j), &mut bad_beat)?;
        }
        if let Some(limit) = rules.payout_limit_cents {
            // § 677a.12(f): the limit covers Ante, Raise and Odds paid under (a) and (b), never
            // a Bad Beat payout on the Odds (c), a Pocket Bonus (d) or Trips Plus (e).
            let covered: &[&str] = if bad_beat {
                &["ante", "raise"]
            } else {
                &["ante", "raise", "odds"]
            };
            l.cap(seat, covered, limit, "§ 677a.12(f)");
        }
        // § 677a.11(i): then the Pocket Bonus, then Trips Plus.
        if s.w.pocket_bonus > 0 {
            match pocket_line(s.hole[0], s.hole[1]) {
                Some(line) => {
                    l.by_table(seat, "pocket-bonus", s.w.pocket_bonus, pocket_t, &line);
                }
                None => l.lose(
                    seat,
                    "pocket-bonus",
                    s.w.pocket_bonus,
                    "no pair and no ace with a king, queen or jack",
                    "§ 677a.11(i)(1)",
                ),
            }
        }
        if s.w.trips_plus > 0 {
            let pv = pv.ok_or_else(|| err(format!("seat {seat}.cards"), "two cards"))?;
            if pv.category() >= Category::ThreeOfAKind {
                l.by_table(
                    seat,
                    "trips-plus",
                    s.w.trips_plus,
                    trips_t,
                    &five_card_line(pv),
                );
            } else {
                l.lose(
                    seat,
                    "trips-plus",
                    s.w.trips_plus,
                    &format!("{} is below three of a kind", lower_first(&pv.describe())),
                    "§ 677a.11(i)(2)",
                );
            }
        }
    }
    if seats
        .iter()
        .any(|s| s.raise == 0 && (s.w.pocket_bonus > 0 || s.w.trips_plus > 0))
    {
        l.note("A folded player's Pocket Bonus and Trips Plus are settled at that seat in the same pass (§ 677a.11(f) keeps them live; the text does not say when).");
    }
    if dv.is_none() {
        l.note(super::by_result::SETTLED_FROM_RESULTS);
    }
    Ok(l.finish())
}

/// The side wagers the casino may leave out of its Rules Submission.
fn not_offered(r: &super::HouseRules, key: &str) -> Option<&'static str> {
    match key {
        "pocket_bonus" if !r.of::<Rules>().pocket_bonus_offered => Some("§ 677a.7(d)(2)"),
        "trips_plus" if !r.of::<Rules>().trips_plus_offered => Some("§ 677a.7(d)(3)"),
        _ => None,
    }
}

/// § 677a.13(a): more than one card found face up after every player and the dealer have
/// their two cards still settles the Pocket Bonus (§ 677a.12(d)); § 677a.13(d): a dealer's card
/// exposed early still settles the Pocket Bonus and Trips Plus (§ 677a.12(d),(e)).
fn void_keeps(id: &str, _rules: &super::HouseRules) -> Option<super::round::VoidSettles> {
    let (section, wagers): (&str, &[&str]) = match id {
        "wpt-cards-face-up" => ("§ 677a.13(a)", &["pocket_bonus"]),
        "wpt-dealer-card-exposed" => ("§ 677a.13(d)", &["pocket_bonus", "trips_plus"]),
        _ => return None,
    };
    Some(super::round::VoidSettles {
        irregularity: id.into(),
        section: section.into(),
        wagers: wagers.iter().map(|w| w.to_string()).collect(),
        dealer: false,
        board: wagers.contains(&"trips_plus"),
    })
}

/// A void round's Pocket Bonus and Trips Plus, settled from each seat's two cards (and the
/// board, for Trips Plus) by the table's paytables; § 677a.12(f)'s limit never applies to
/// them.
fn settle_void(
    r: &super::round::BankedRound,
    house: &super::House,
) -> Result<Settlement, crate::rules::machine::Refusal> {
    let v = r.void.as_ref().ok_or("the round is not void")?;
    let rules = &house.rules.of::<Rules>();
    let fail = |e: SettleError| format!("Cannot settle: {e}");
    let mut l = Ledger::new(&house.paytables, GAME, house.rules.rounding_unit_cents);
    let pocket_t = l.table("pocket-bonus", &rules.pocket_bonus).map_err(fail)?;
    let trips_t = l.table("trips-plus", &rules.trips_plus).map_err(fail)?;
    let keeps = |k: &str| v.wagers.iter().any(|w| w == k);
    // § 677a.11(g): from the dealer's right, counterclockwise.
    for seat in r.seats.iter().rev().copied() {
        let pocket = if keeps("pocket_bonus") {
            r.wager(seat, "pocket_bonus")
        } else {
            0
        };
        let trips = if keeps("trips_plus") {
            r.wager(seat, "trips_plus")
        } else {
            0
        };
        if pocket == 0 && trips == 0 {
            continue;
        }
        let hole = r
            .cards
            .get(&seat)
            .ok_or(format!("seat {seat}: key its two cards"))?;
        let [a, b] = hole[..] else {
            return Err(crate::rules::machine::Refusal::plain(format!(
                "seat {seat}: two cards, not {}",
                hole.len()
            )));
        };
        if pocket > 0 {
            l.set_hand(seat, format!("{} {}", a.pretty(), b.pretty()));
            match pocket_line(a, b) {
                Some(line) => {
                    l.by_table(seat, "pocket-bonus", pocket, pocket_t, &line);
                }
                None => l.lose(
                    seat,
                    "pocket-bonus",
                    pocket,
                    "no pair and no ace with a king, queen or jack",
                    &v.section,
                ),
            }
        }
        if trips > 0 {
            let all: Vec<Card> = hole.iter().chain(&r.community).copied().collect();
            let pv = eval::evaluate(&all).map_err(|e| format!("seat {seat}: {e}"))?;
            l.set_hand(seat, pv.describe());
            if pv.category() >= Category::ThreeOfAKind {
                l.by_table(seat, "trips-plus", trips, trips_t, &five_card_line(pv));
            } else {
                l.lose(
                    seat,
                    "trips-plus",
                    trips,
                    &format!("{} is below three of a kind", lower_first(&pv.describe())),
                    &v.section,
                );
            }
        }
    }
    l.note(format!(
        "Round void ({}): only these wagers are settled; every other wager is returned.",
        v.section
    ));
    Ok(l.finish())
}

/// The round as WPT Heads-Up Hold 'Em's settlement reads it: the seats in play and the
/// street of each Raise.
impl GameRound for Round {
    type Rules = Rules;
    const SETTLE: Settle<Round> = settle;

    fn of_round(r: &BankedRound, _meters: &BTreeMap<String, Cents>) -> Round {
        let seat = |s: u8| {
            // One Raise in the round, on the street it was made (§ 677a.11); none: folded.
            let phase = r
                .decisions
                .get(&s)
                .and_then(|d| d.iter().position(|m| *m > 0));
            let raise = phase.and_then(|i| {
                Some(Raise {
                    street: *Street::IN_ORDER.get(i)?,
                    amount: r.decided(s, i),
                })
            });
            Seat {
                seat: s,
                cards: r.cards_text(s),
                wagers: Wagers {
                    ante: r.ante(s),
                    odds: r.wager(s, "odds"),
                    pocket_bonus: r.wager(s, "pocket_bonus"),
                    trips_plus: r.wager(s, "trips_plus"),
                },
                fold: raise.is_none(),
                raise,
                result: r.tapped(s),
            }
        };
        Round {
            game: r.game.id().to_string(),
            dealer: r.dealer_text(),
            community: r.community_text(),
            dealer_qualifies: r.tapped_dealer_qualifies(),
            seats: r.seats_settled().into_iter().map(seat).collect(),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A Raise's street in the settlement's record is the phase it was decided in
    /// (`GameRound::of_round` reads the street from the phase's place).
    #[test]
    fn the_streets_of_a_raise_are_the_phases_in_order() {
        let keys: Vec<String> = Street::IN_ORDER
            .iter()
            .map(|s| serde_json::to_value(s).unwrap().as_str().unwrap().to_string())
            .collect();
        let phases: Vec<&str> = ROUND.phases.iter().map(|p| p.key).collect();
        assert_eq!(keys, phases);
    }

    /// The Raise the screen offers is what the text allows: "up to three times" the Ante before
    /// the flop (§ 677a.11(b)), "up to two times" after it (§ 677a.11(d)), exactly the Ante
    /// after the turn and river (§ 677a.11(f)); every multiple offered is one settlement takes.
    #[test]
    fn the_raises_offered_are_the_sections_own() {
        let offered: Vec<(&str, &[u8])> =
            ROUND.phases.iter().map(|p| (p.key, p.multiples)).collect();
        assert_eq!(
            offered,
            vec![
                ("pre-flop", &[1u8, 2, 3][..]),
                ("flop", &[1, 2][..]),
                ("river", &[1][..])
            ]
        );
        // § 677a.11(c), (e): a card is burned before the flop and before the turn and river.
        assert!(
            ROUND.phases[0]
                .then
                .starts_with("Burn a card, then deal the flop")
        );
        assert!(
            ROUND.phases[1]
                .then
                .starts_with("Burn a card, then deal the turn")
        );
    }
}
