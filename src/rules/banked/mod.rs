//! House-banked games: wagers, decisions and settlement for WPT Heads-Up Hold 'Em (677a), Texas
//! Hold 'Em Bonus Poker (647a), Lunar Poker (589), Spanish 21 (635a), Mississippi Stud (655a)
//! and Crazy 4 Poker (657a).
//!
//! Each game module takes one finished round (cards, wagers, decisions, meter values) and
//! returns every wager's result in the order the dealer settles them, with the amount in cents
//! and a sentence a floorperson can check against the posted paytable. Paytables are data
//! ([`paytable`]); the casino's choices (paytable letters, limits, readings of silent text) are
//! each game's `Rules`, taken from the configuration and overridable per round.
//!
//! Conventions:
//! - Seats are numbered from the dealer's left, clockwise; "counterclockwise from the dealer's
//!   right" is therefore the highest seat first.
//! - For each wager, `paid` is what the dealer hands the player at settlement (stake returned
//!   plus winnings, or an "X for 1" total) and `net` is `paid - stake`.
//! - Every amount is rounded down to `rounding_unit_cents` (the regulations are silent on odd
//!   cents, e.g. 3 to 2 on $5.01; a setting, default one cent).

mod approvals;
pub mod by_result;
pub mod crazy4;
mod house;
pub mod least_limit;
pub mod lunar;
pub mod mstud;
pub mod paytable;
pub mod progressive_wager;
pub mod round;
mod settle_error;
pub mod spanish21;
pub mod thb;
pub mod wpt;

pub use approvals::{Approvals, DEFAULT_SUPERVISOR_OVER, DEFAULT_VALIDATE_OVER, Signer};
pub use house::{Choices, ChoicesHooks, House, HouseRules, hooks};
pub use settle_error::{SettleError, err};
mod wager_result;
pub use wager_result::{Outcome, WagerResult};

use crate::rules::cards::{Card, parse_cards, parse_multi_deck};
use crate::rules::eval::{Category, HandValue};
use crate::rules::{Cents, money};
use paytable::{Pay, PayTable, Paytables};
use serde::{Deserialize, Serialize};
use std::collections::BTreeMap;

/// A meter's movement during settlement.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct MeterChange {
    pub meter: String,
    pub before: Cents,
    pub after: Cents,
    /// Paid out of the meter to winners.
    pub paid: Cents,
    /// Put back by the house after a 100% hit (the initial and reset amount of the Rules
    /// Submission).
    pub reseeded: Cents,
}

/// One seat's hand, as the dealer announces it.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct SeatHand {
    pub seat: u8,
    pub hand: String,
    pub net: Cents,
}

/// A settled round.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Settlement {
    pub game: String,
    /// The paytables used, wager → table name.
    pub paytables: BTreeMap<String, String>,
    pub dealer: Option<String>,
    /// Every wager in the order the dealer settles it.
    pub results: Vec<WagerResult>,
    pub seats: Vec<SeatHand>,
    pub meters: Vec<MeterChange>,
    pub totals: Totals,
    /// Choices made where the regulation is silent, and other things the floor should know.
    pub notes: Vec<String>,
    /// Who signs the payouts before they are paid (the table's [`Approvals`], and the
    /// regulation's own validations).
    #[serde(default, skip_serializing_if = "Signer::is_none")]
    pub signer: Signer,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub struct Totals {
    pub players: Cents,
    pub house: Cents,
    pub meters: Cents,
}

struct Meter {
    before: Cents,
    current: Cents,
    reset: Cents,
    paid: Cents,
    reseeded: Cents,
}

/// Builds a settlement one wager at a time, in the dealer's order.
pub struct Ledger<'a> {
    pub paytables: &'a Paytables,
    pub game: &'static str,
    rounding: Cents,
    results: Vec<WagerResult>,
    hands: BTreeMap<u8, String>,
    meters: BTreeMap<String, Meter>,
    used: BTreeMap<String, String>,
    notes: Vec<String>,
    dealer: Option<String>,
    side: BTreeMap<String, Cents>,
}

/// A hand as a pay line id and the words the dealer says.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Line {
    pub id: &'static str,
    pub name: String,
}

impl<'a> Ledger<'a> {
    pub fn new(paytables: &'a Paytables, game: &'static str, rounding: Cents) -> Ledger<'a> {
        Ledger {
            paytables,
            game,
            rounding: rounding.max(1),
            results: Vec::new(),
            hands: BTreeMap::new(),
            meters: BTreeMap::new(),
            used: BTreeMap::new(),
            notes: Vec::new(),
            dealer: None,
            side: BTreeMap::new(),
        }
    }

    /// The table of one wager, remembered for the settlement's `paytables` list.
    pub fn table(&mut self, wager: &str, name: &str) -> Result<&'a PayTable, SettleError> {
        let t = self
            .paytables
            .get(self.game, wager, name)
            .map_err(|e| err(format!("rules.{wager}"), e))?;
        let entry = self.used.entry(wager.to_string()).or_default();
        if !entry.split(", ").any(|n| n == name) {
            if !entry.is_empty() {
                entry.push_str(", ");
            }
            entry.push_str(name);
        }
        Ok(t)
    }

    pub fn note(&mut self, n: impl Into<String>) {
        let n = n.into();
        if !self.notes.contains(&n) {
            self.notes.push(n);
        }
    }

    pub fn set_hand(&mut self, seat: u8, hand: impl Into<String>) {
        self.hands.insert(seat, hand.into());
    }

    pub fn set_dealer(&mut self, hand: impl Into<String>) {
        self.dealer = Some(hand.into());
    }

    /// Rounds a computed amount down to the casino's unit (odd cents are never paid up).
    /// Adds `text` to the explanation of every win from the table inventory (not from a meter)
    /// recorded since the mark `since`.
    pub fn amend_wins_since(&mut self, since: usize, text: &str) {
        for r in self.results.iter_mut().skip(since) {
            if r.paid > 0 && r.from_meter == 0 {
                r.explanation.push_str(text);
            }
        }
    }

    /// The rounding unit, in cents.
    pub fn unit(&self) -> Cents {
        self.rounding
    }

    pub fn round(&self, c: Cents) -> Cents {
        c - c.rem_euclid(self.rounding)
    }

    /// stake × a / b, rounded down; never negative, never past [`MAX_AMOUNT`] (paytables
    /// refuse odds past `paytable::MAX_ODDS` and wagers are at most `MAX_AMOUNT`, so it is not
    /// reached; the bound keeps every sum of payouts far from overflowing).
    pub fn odds(&self, stake: Cents, a: u64, b: u64) -> Cents {
        let v = i128::from(stake.max(0)) * i128::from(a) / i128::from(b.max(1));
        self.round(v.clamp(0, i128::from(MAX_AMOUNT)) as Cents)
    }

    fn push_result(&mut self, r: WagerResult) {
        self.results.push(r);
    }

    pub fn lose(&mut self, seat: u8, wager: &str, stake: Cents, why: &str, section: &str) {
        if stake <= 0 {
            return;
        }
        let explanation = format!("{}: {why} → loses {}", label(wager), money(stake));
        let lost = WagerResult::whole(
            Outcome::Lose,
            seat,
            wager.into(),
            stake,
            explanation,
            section.into(),
        );
        self.push_result(lost);
    }

    pub fn push(&mut self, seat: u8, wager: &str, stake: Cents, why: &str, section: &str) {
        if stake <= 0 {
            return;
        }
        let explanation = format!("{}: {why} → {} returned", label(wager), money(stake));
        let back = WagerResult::whole(
            Outcome::Push,
            seat,
            wager.into(),
            stake,
            explanation,
            section.into(),
        );
        self.push_result(back);
    }

    /// A win of `winnings` on top of the returned stake, explained by the caller.
    pub fn win(
        &mut self,
        seat: u8,
        wager: &str,
        stake: Cents,
        winnings: Cents,
        why: &str,
        section: &str,
    ) {
        let shown = format!("{}: {why} → {}", label(wager), money(winnings));
        self.push_win(
            seat,
            wager,
            stake,
            stake.saturating_add(winnings),
            shown,
            section,
        );
    }

    /// A win paid "for" the stake: `total` in all, the stake (if any) part of it.
    pub fn win_for(
        &mut self,
        seat: u8,
        wager: &str,
        stake: Cents,
        total: Cents,
        why: &str,
        section: &str,
    ) {
        let shown = format!("{}: {why} → {}", label(wager), money(total));
        self.push_win(seat, wager, stake, total, shown, section);
    }

    /// A table-inventory win of `paid` in all on `stake`, with its explanation.
    fn push_win(
        &mut self,
        seat: u8,
        wager: &str,
        stake: Cents,
        paid: Cents,
        explanation: String,
        section: &str,
    ) {
        self.push_result(WagerResult {
            seat,
            wager: wager.into(),
            stake,
            result: Outcome::Win,
            paid,
            net: paid - stake,
            from_meter: 0,
            meter_percent: None,
            explanation,
            section: section.into(),
            floor_verification: false,
            hold_cards: false,
        });
    }

    /// Settles a wager on a paytable line: a line that is missing or "N/A" loses, "push"
    /// returns the stake, "X to 1" returns it and pays X, "X for 1" pays X in all. Meter lines
    /// are paid with [`Ledger::meter_line`] by the progressive code, never here.
    pub fn by_table(
        &mut self,
        seat: u8,
        wager: &str,
        stake: Cents,
        table: &PayTable,
        line: &Line,
    ) -> Outcome {
        if stake <= 0 {
            return Outcome::Push;
        }
        let on = table_words(table);
        let section = table.section.clone();
        match table.pay(line.id) {
            Some(Pay::To(a, b)) => {
                let w = self.odds(stake, a, b);
                let why = format!("{} pays {a} to {b}{on}", line.name);
                self.win(seat, wager, stake, w, &why, &section);
                Outcome::Win
            }
            Some(Pay::For(a, b)) => {
                let total = self.odds(stake, a, b);
                let why = format!("{} pays {a} for {b}{on}", line.name);
                self.win_for(seat, wager, stake, total, &why, &section);
                Outcome::Win
            }
            Some(Pay::Fixed(c)) => {
                let why = format!("{} pays {}{on}", line.name, money(c));
                self.win(seat, wager, stake, c, &why, &section);
                Outcome::Win
            }
            Some(Pay::Push) => {
                let why = format!("{} is a push{on}", line.name);
                self.push(seat, wager, stake, &why, &section);
                Outcome::Push
            }
            Some(Pay::NotAvailable) | None => {
                let why = format!("{} is not a paying hand{on}", line.name);
                self.lose(seat, wager, stake, &why, &section);
                Outcome::Lose
            }
            Some(Pay::MeterPercent(_)) => {
                // Paytables put meter lines only on progressive wagers, which settle through
                // meter_line; reaching here is a data error, reported rather than guessed.
                let why = format!(
                    "{} is a meter payout{on}; settle it with the progressive controller",
                    line.name
                );
                self.lose(seat, wager, stake, &why, &section);
                Outcome::Lose
            }
        }
    }

    pub fn open_meter(&mut self, name: &str, value: Cents, reset: Cents) {
        self.meters.entry(name.to_string()).or_insert(Meter {
            before: value,
            current: value,
            reset,
            paid: 0,
            reseeded: 0,
        });
    }

    /// The meter's value now (after earlier winners this round).
    pub fn meter_value(&self, name: &str) -> Option<Cents> {
        self.meters.get(name).map(|m| m.current)
    }

    /// Takes `pct` of the meter as it stands now; a 100% hit is reseeded to the reset amount.
    /// Returns the amount taken.
    pub fn take_from_meter(&mut self, name: &str, pct: u32) -> Cents {
        let rounding = self.rounding;
        let Some(m) = self.meters.get_mut(name) else {
            return 0;
        };
        let raw = (m.current as i128 * pct as i128 / 100) as Cents;
        let amount = raw - raw.rem_euclid(rounding);
        m.current -= amount;
        m.paid += amount;
        if pct >= 100 {
            // What rounding left behind stays in the meter's history as part of the reseed.
            m.reseeded += m.reset - m.current;
            m.current = m.reset;
        }
        amount
    }

    /// A value computed once per round and shared by later wagers (an equal share).
    pub fn open_side(&mut self, key: &str, value: Cents) {
        self.side.insert(key.to_string(), value);
    }

    pub fn side_value(&self, key: &str) -> Option<Cents> {
        self.side.get(key).copied()
    }

    /// Records a win of `paid` taken from a meter, `percent` of it.
    #[allow(clippy::too_many_arguments)]
    pub fn meter_win(
        &mut self,
        seat: u8,
        wager: &str,
        stake: Cents,
        paid: Cents,
        percent: u32,
        explanation: String,
        section: &str,
    ) {
        self.push_result(WagerResult {
            seat,
            wager: wager.into(),
            stake,
            result: Outcome::Win,
            paid,
            net: paid - stake,
            from_meter: paid,
            meter_percent: Some(percent),
            explanation,
            section: section.into(),
            floor_verification: true,
            hold_cards: true,
        });
    }

    /// Records a result built by the caller (partial returns such as a surrender).
    pub fn record(&mut self, r: WagerResult) {
        self.push_result(r);
    }

    /// Puts the losing results recorded since `start` before the others (a "collect all
    /// losing wagers, then pay" settlement procedure).
    pub fn losses_first(&mut self, start: usize) {
        let tail = self.results.split_off(start.min(self.results.len()));
        let (lose, rest): (Vec<_>, Vec<_>) = tail.into_iter().partition(|r| r.net < 0);
        self.results.extend(lose);
        self.results.extend(rest);
    }

    pub fn len(&self) -> usize {
        self.results.len()
    }

    pub fn is_empty(&self) -> bool {
        self.results.is_empty()
    }

    /// Marks the latest result as needing a floorperson's validation.
    pub fn require_floor(&mut self) {
        if let Some(r) = self.results.last_mut() {
            r.floor_verification = true;
        }
    }

    /// The results of one seat so far.
    pub fn results_of(&self, seat: u8) -> impl Iterator<Item = &WagerResult> {
        self.results.iter().filter(move |r| r.seat == seat)
    }

    /// Caps the aggregate winnings of `wagers` at one seat (a payout limitation), trimming the
    /// last-settled covered wager first.
    pub fn cap(&mut self, seat: u8, wagers: &[&str], limit: Cents, section: &str) {
        let won: Cents = self
            .results
            .iter()
            .filter(|r| r.seat == seat && wagers.contains(&r.wager.as_str()) && r.net > 0)
            .map(|r| r.net)
            .sum();
        let mut excess = won - limit;
        if excess <= 0 {
            return;
        }
        for r in self.results.iter_mut().rev() {
            if excess <= 0 {
                break;
            }
            if r.seat != seat || !wagers.contains(&r.wager.as_str()) || r.net <= 0 {
                continue;
            }
            let cut = excess.min(r.net);
            r.net -= cut;
            r.paid -= cut;
            excess -= cut;
            r.explanation.push_str(&format!(
                "; cut by {} to the payout limit of {} ({section})",
                money(cut),
                money(limit)
            ));
        }
    }

    pub fn finish(self) -> Settlement {
        let players: Cents = self.results.iter().map(|r| r.net).sum();
        let meters: Vec<MeterChange> = self
            .meters
            .iter()
            .map(|(name, m)| MeterChange {
                meter: name.clone(),
                before: m.before,
                after: m.current,
                paid: m.paid,
                reseeded: m.reseeded,
            })
            .collect();
        let meter_delta: Cents = meters.iter().map(|m| m.after - m.before).sum();
        // The house takes every stake, pays what the meters do not, and funds reseeds.
        let stakes: Cents = self.results.iter().map(|r| r.stake).sum();
        let house_paid: Cents = self.results.iter().map(|r| r.paid - r.from_meter).sum();
        let reseeds: Cents = meters.iter().map(|m| m.reseeded).sum();
        let house = stakes - house_paid - reseeds;
        let mut seats: Vec<SeatHand> = self
            .hands
            .iter()
            .map(|(seat, hand)| SeatHand {
                seat: *seat,
                hand: hand.clone(),
                net: self
                    .results
                    .iter()
                    .filter(|r| r.seat == *seat)
                    .map(|r| r.net)
                    .sum(),
            })
            .collect();
        seats.sort_by_key(|s| std::cmp::Reverse(s.seat));
        Settlement {
            game: self.game.to_string(),
            paytables: self.used,
            dealer: self.dealer,
            results: self.results,
            seats,
            meters,
            totals: Totals {
                players,
                house,
                meters: meter_delta,
            },
            notes: self.notes,
            signer: Signer::None,
        }
    }
}

fn table_words(t: &PayTable) -> String {
    if t.table == "standard" || t.table.contains('$') {
        String::new()
    } else {
        format!(" on table {}", t.table)
    }
}

/// "trips-plus" → "Trips Plus".
pub fn label(wager: &str) -> String {
    match wager {
        "fchb-player" => return "Five Card Hand Bonus (player's hand)".into(),
        "fchb-dealer" => return "Five Card Hand Bonus (dealer's hand)".into(),
        "spanish-21" => return "Spanish 21 Wager".into(),
        "mississippi-stud" => return "Mississippi Stud".into(),
        "match-the-dealer" => return "Match the Dealer".into(),
        _ => {}
    }
    wager
        .split('-')
        .map(|w| {
            let mut c = w.chars();
            match c.next() {
                Some(f) => f.to_uppercase().collect::<String>() + c.as_str(),
                None => String::new(),
            }
        })
        .collect::<Vec<_>>()
        .join(" ")
}

/// The five-card pay line of a high hand.
pub fn five_card_line(v: HandValue) -> Line {
    let id = match v.category() {
        Category::StraightFlush if v.is_royal() => "royal-flush",
        Category::StraightFlush => "straight-flush",
        Category::FourOfAKind => "four-of-a-kind",
        Category::FullHouse => "full-house",
        Category::Flush => "flush",
        Category::Straight => "straight",
        Category::ThreeOfAKind => "three-of-a-kind",
        Category::TwoPair => "two-pair",
        Category::OnePair => "pair",
        Category::HighCard => "high-card",
    };
    Line {
        id,
        name: lower_first(&v.describe()),
    }
}

pub fn lower_first(s: &str) -> String {
    let mut c = s.chars();
    match c.next() {
        Some(f) => f.to_lowercase().collect::<String>() + c.as_str(),
        None => String::new(),
    }
}

/// Parses a field of cards ("As Kd") from one deck.
pub fn cards(field: &str, text: &str) -> Result<Vec<Card>, SettleError> {
    parse_cards(text).map_err(|e| err(field, e.to_string()))
}

/// Parses a field of cards from a multi-deck shoe (Spanish 21).
pub fn shoe_cards(field: &str, text: &str) -> Result<Vec<Card>, SettleError> {
    parse_multi_deck(text).map_err(|e| err(field, e.to_string()))
}

/// Checks that no card appears twice across a single-deck round.
pub fn one_deck(all: &[(String, Vec<Card>)]) -> Result<(), SettleError> {
    let mut seen: BTreeMap<Card, &str> = BTreeMap::new();
    for (field, cs) in all {
        for c in cs {
            if let Some(first) = seen.insert(*c, field) {
                return Err(err(
                    field.clone(),
                    format!("{c} is also in {first}: one deck has one of each card"),
                ));
            }
        }
    }
    Ok(())
}

/// The largest amount a round may carry: $10 billion, far beyond any table, small enough
/// that no multiple of it can overflow.
pub const MAX_AMOUNT: Cents = 1_000_000_000_000;

/// A wager or meter amount: not negative, not absurd.
/// A meter read from the controller: a valid amount, never below the meter's initial and reset
/// amount (`section` names the game's rule for it).
pub fn check_meter(
    field: &str,
    meter: Option<Cents>,
    reset: Cents,
    section: &str,
) -> Result<(), SettleError> {
    let Some(m) = meter else {
        return Ok(());
    };
    amount(field, m)?;
    if m < reset {
        return Err(err(
            field,
            format!(
                "{} is below the meter's initial and reset amount, {} ({section})",
                money(m),
                money(reset)
            ),
        ));
    }
    Ok(())
}

pub fn amount(field: &str, c: Cents) -> Result<Cents, SettleError> {
    if c < 0 {
        return Err(err(field, format!("{} is negative", money(c))));
    }
    if c > MAX_AMOUNT {
        return Err(err(
            field,
            format!("{} is more than any table takes", money(c)),
        ));
    }
    Ok(c)
}

/// Seat numbers: 1..=max, each once.
pub fn check_seats(
    seats: impl Iterator<Item = u8>,
    max: u8,
    section: &str,
) -> Result<(), SettleError> {
    let mut seen = Vec::new();
    for (i, s) in seats.enumerate() {
        if s == 0 || s > max {
            return Err(err(
                format!("seats[{i}].seat"),
                format!("seat {s}: the table has seats 1 to {max} ({section})"),
            ));
        }
        if seen.contains(&s) {
            return Err(err(
                format!("seats[{i}].seat"),
                format!("seat {s} is listed twice; a player may wager on one position"),
            ));
        }
        seen.push(s);
    }
    Ok(())
}

/// Checks a chosen table exists.
pub fn check_table(
    p: &Paytables,
    game: &str,
    wager: &str,
    key: &str,
    name: &str,
) -> Result<(), String> {
    p.get(game, wager, name)
        .map(|_| ())
        .map_err(|e| format!("{key}: {e}"))
}

/// The $50,000 floor of the payout limitations (§ 647a.12(c), § 655a.12(b), § 677a.12(f)).
pub const PAYOUT_LIMIT_FLOOR: Cents = 5_000_000;

/// What the rest of the terminal needs of a house-banked game, gathered in the game's module
/// (`GAME`) and reached through the registry: its round at the table, the pay-line ids of its
/// paytables, its settlement, the check of the casino's choices, and how a seat's decisions read
/// in the settlement's input. Adding a game is its module, its registry entry, its id and
/// hands in `games.rs`, and its choices' field in [`HouseRules`].
pub struct BankedGame {
    pub round: &'static round::Def,
    /// The wagers and the pay-line ids each understands (the paytable files' vocabulary).
    pub pay_lines: &'static [(&'static str, &'static [&'static str])],
    /// One round as `deckhand settle` reads it (`body`), with the casino's choices and the
    /// round's own overrides of them.
    pub settle: fn(
        &str,
        &serde_json::Value,
        &HouseRules,
        &Paytables,
        Cents,
    ) -> Result<Settlement, SettleError>,
    /// A seat's decisions (multiples of the Ante, by phase) as the settlement's input names
    /// them.
    pub decisions: fn(&round::BankedRound, u8, &mut serde_json::Value),
    /// Its `[house.<id>]` choices: read, completed and checked (`hooks::<Rules>()`).
    pub choices: ChoicesHooks,
    /// Its embedded paytables file, name and text (`assets/paytables/<id>.toml`); a casino's
    /// `[paytables] dir` may replace it.
    pub paytables: (&'static str, &'static str),
    /// One hand ranked as its paytables read it (`deckhand eval`, the results' categories):
    /// the player's cards and the community cards.
    pub evaluate: crate::rules::games::Evaluate,
}

impl std::fmt::Debug for BankedGame {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("BankedGame")
            .field("game", &self.round.game)
            .finish_non_exhaustive()
    }
}

/// The configured choices with the round's overrides, key by key.
pub fn merged<T: Serialize + for<'de> Deserialize<'de>>(
    base: &T,
    over: &serde_json::Value,
) -> Result<T, SettleError> {
    let mut b = serde_json::to_value(base).map_err(|e| err("rules", e.to_string()))?;
    if let (Some(bo), Some(oo)) = (b.as_object_mut(), over.as_object()) {
        for (k, val) in oo {
            if k == "rounding_unit_cents" {
                continue;
            }
            bo.insert(k.clone(), val.clone());
        }
    } else if !over.is_null() {
        return Err(err("rules", "must be an object of choices"));
    }
    serde_json::from_value(b).map_err(|e| err("rules", e.to_string()))
}

/// The round's JSON as a game's typed round, the error without serde's line and column.
pub fn parse<T: for<'de> Deserialize<'de>>(body: &str) -> Result<T, SettleError> {
    // A record is read by its names: a list where fields are expected ("wagers": [1]) would be
    // taken field by field in order, so it is refused (issue 40).
    if let Ok(v) = serde_json::from_str::<serde_json::Value>(body) {
        positional("", &v)?;
    }
    serde_json::from_str(body).map_err(|e| {
        let msg = e.to_string();
        let msg = msg.split(" at line ").next().unwrap_or(&msg).to_string();
        err("input", msg)
    })
}

/// Refuses a list given where a record of named fields is expected: the seats' `wagers`, the
/// `meters` and the `rules` (a list of numbers there would be read field by field in order).
fn positional(path: &str, v: &serde_json::Value) -> Result<(), SettleError> {
    match v {
        serde_json::Value::Object(map) => {
            for (k, x) in map {
                let here = if path.is_empty() {
                    k.clone()
                } else {
                    format!("{path}.{k}")
                };
                if matches!(k.as_str(), "wagers" | "meters" | "rules") && x.is_array() {
                    return Err(err(
                        here,
                        "a record of named fields, not a list (a list would be read in order)",
                    ));
                }
                positional(&here, x)?;
            }
            Ok(())
        }
        serde_json::Value::Array(items) => {
            for (i, x) in items.iter().enumerate() {
                positional(&format!("{path}[{i}]"), x)?;
            }
            Ok(())
        }
        _ => Ok(()),
    }
}

/// The house-banked games' ids, for messages.
fn banked_ids() -> String {
    crate::rules::registry::GAMES
        .iter()
        .filter(|d| d.banked.is_some())
        .map(|d| d.id)
        .collect::<Vec<_>>()
        .join(", ")
}

/// One round, any game, as `deckhand settle` reads it.
pub fn settle_json(
    input: &str,
    paytables: &Paytables,
    rules: &HouseRules,
) -> Result<Settlement, SettleError> {
    let mut v: serde_json::Value =
        serde_json::from_str(input).map_err(|e| err("input", format!("not JSON: {e}")))?;
    let game = v
        .get("game")
        .and_then(|g| g.as_str())
        .ok_or_else(|| err("game", format!("missing: one of {}", banked_ids())))?
        .to_string();
    let Some(banked) = crate::rules::registry::by_id(&game)
        .ok()
        .and_then(|d| d.banked)
    else {
        return Err(err(
            "game",
            format!("`{game}` is not a house-banked game ({})", banked_ids()),
        ));
    };
    // Per-round choices override the configured ones, key by key.
    let overrides = v
        .as_object_mut()
        .and_then(|o| o.remove("rules"))
        .unwrap_or(serde_json::Value::Null);
    // An amount of the round's choices is never negative, and the rounding unit at least a
    // cent: refused by name, never clamped.
    if let Some(o) = overrides.as_object() {
        for (k, val) in o.iter().filter(|(k, _)| k.ends_with("_cents")) {
            let field = format!("rules.{k}");
            match val.as_i64() {
                None if !val.is_null() => {
                    return Err(err(field, "must be a whole number of cents"));
                }
                Some(n) if k == "rounding_unit_cents" && n < 1 => {
                    return Err(err(field, format!("at least 1 cent, not {n}")));
                }
                Some(n) if n < 0 => {
                    return Err(err(field, format!("cannot be negative ({n})")));
                }
                _ => {}
            }
        }
    }
    let rounding = overrides
        .get("rounding_unit_cents")
        .and_then(|r| r.as_i64())
        .unwrap_or(rules.rounding_unit_cents);
    if rounding < 1 {
        return Err(err(
            "house.rounding_unit_cents",
            format!("at least 1 cent, not {rounding}"),
        ));
    }
    let body = serde_json::to_string(&v).map_err(|e| err("input", e.to_string()))?;
    (banked.settle)(&body, &overrides, rules, paytables, rounding)
}
