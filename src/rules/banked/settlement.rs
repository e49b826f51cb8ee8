//! A settled round ([`Settlement`]) and how a game's settlement builds it one wager at a time,
//! in the dealer's order ([`Ledger`]): the paytable each wager is paid from, the meters it
//! takes from, the rounding, and the words the dealer and the floor read.

use super::paytable::{Pay, PayTable, Paytables};
use super::{MAX_AMOUNT, Outcome, SettleError, Signer, WagerResult, err};
use crate::rules::eval::{Category, HandValue};
use crate::rules::{Cents, money};
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
    /// Who signs the payouts before they are paid (the table's
    /// [`Approvals`](super::Approvals), and the regulation's own validations).
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
        let said = format!("{}: {why} → loses {}", label(wager), money(stake));
        self.whole(Outcome::Lose, seat, wager, stake, said, section);
    }

    pub fn push(&mut self, seat: u8, wager: &str, stake: Cents, why: &str, section: &str) {
        let said = format!("{}: {why} → {} returned", label(wager), money(stake));
        self.whole(Outcome::Push, seat, wager, stake, said, section);
    }

    /// A wager lost or returned whole, with the words said; nothing for no stake.
    fn whole(
        &mut self,
        outcome: Outcome,
        seat: u8,
        wager: &str,
        stake: Cents,
        said: String,
        section: &str,
    ) {
        if stake > 0 {
            let r = WagerResult::whole(outcome, seat, wager.into(), stake, said, section.into());
            self.push_result(r);
        }
    }

    /// An Envy Bonus of `seat` for `other`'s hand (`line`): the fixed sum its posted table `t`
    /// pays on that hand, if any (§ 655a.12(c)(5), § 657a.11(e)(5)).
    pub fn envy(&mut self, seat: u8, other: u8, t: &PayTable, line: &Line) {
        if let Some(Pay::Fixed(c)) = t.pay(line.id) {
            let said = format!(
                "seat {other}'s {} pays {} (Envy Bonus)",
                line.name,
                money(c)
            );
            self.win(seat, "envy", 0, c, &said, &t.section);
        }
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
    /// are paid with [`Ledger::meter_win`] by the progressive code, never here.
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
                let why = format!("{} pays {}{on}", line.name, Pay::To(a, b));
                self.win(seat, wager, stake, w, &why, &section);
                Outcome::Win
            }
            Some(Pay::For(a, b)) => {
                let total = self.odds(stake, a, b);
                let why = format!("{} pays {}{on}", line.name, Pay::For(a, b));
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

/// "seat 3 folds" → "Seat 3 folds".
pub fn upper_first(s: &str) -> String {
    let mut c = s.chars();
    match c.next() {
        Some(f) => f.to_uppercase().chain(c).collect(),
        None => String::new(),
    }
}

pub fn lower_first(s: &str) -> String {
    let mut c = s.chars();
    match c.next() {
        Some(f) => f.to_lowercase().collect::<String>() + c.as_str(),
        None => String::new(),
    }
}
