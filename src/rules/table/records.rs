//! The table's records a floorperson signs: High Hand Tracking Slip lines (§ 637a.16(f)), box
//! counts (§ 637a.15(d)(1), § 637a.16(d)(1)) and time charges (§ 637a.17(b)(3)).

use crate::refusal;

use super::*;
use crate::rules::access::Action;
use command::refuse;
use serde::{Deserialize, Serialize};

/// The two jackpot boxes of § 637a.2(e).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum JackpotBox {
    /// § 637a.15(d): counted at least once each gaming day.
    BadBeat,
    /// § 637a.16(d): counted at the end of each qualifying period.
    HighHand,
}

impl JackpotBox {
    pub fn name(self) -> &'static str {
        match self {
            JackpotBox::BadBeat => "Bad Beat",
            JackpotBox::HighHand => "High Hand Jackpot",
        }
    }
    pub fn section(self) -> &'static str {
        match self {
            JackpotBox::BadBeat => "§ 637a.15(d)(1)",
            JackpotBox::HighHand => "§ 637a.16(d)(1)",
        }
    }
}

/// A box count at a closed table: the dealer counts, a floorperson or above witnesses, both sign.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct BoxCount {
    #[serde(rename = "box")]
    pub jackpot_box: JackpotBox,
    pub amount: Cents,
    /// The number on the locked container the contents and documentation go into.
    pub container_seal: String,
    pub floorperson: Person,
}

/// Time charges collected at one interval (§ 637a.17(b)(3)).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct TimeCharges {
    /// Seats charged; inactive seated players are charged too (§ 637a.17(b)(3)(i)).
    pub seats: Vec<u8>,
    pub amount_each: Cents,
    /// 20 or 30 minutes (§ 637a.17(b)(3)(iii)).
    pub interval_minutes: u32,
    pub floorperson: Person,
}

/// One High Hand Tracking Slip entry as the floorperson verifies it (§ 637a.16(f)(1)-(5)).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct HighHandSlip {
    /// The qualifying period the hand belongs to (its start, UTC), set by the terminal.
    pub period: String,
    pub seat: u8,
    pub player_name: String,
    pub player_phone: String,
    /// The player's hand: five to seven cards (hole cards and board); the best five count.
    pub cards: Vec<Card>,
    pub floorperson: Person,
}

impl Table {
    /// § 637a.16(h): the period's highest Qualifying High Hand recorded at this table is awarded
    /// this table's pool (its contributions since the last close and what rolled over), ties as
    /// the posted rules say; without a full house the pool rolls over to the next period.
    pub(super) fn decide_close_period(
        &self,
        period: &str,
        contributions: Cents,
        signed_by: &Person,
    ) -> Result<Vec<Event>, RuleError> {
        let Some(setup) = &self.setup else {
            return refuse("open the table first");
        };
        self.may_sign(signed_by, Action::VerifyHighHand)?;
        if period.trim().is_empty() {
            return refuse("name the qualifying period to close");
        }
        if let Some(last) = &self.high_hand_closed
            && period <= last.as_str()
        {
            return refuse(format!(
                "the period from {period} is closed (periods close in order, once; the last closed began {last})"
            ));
        }
        if !(0..=crate::rules::banked::MAX_AMOUNT).contains(&contributions) {
            return refuse("the period's contributions are not an amount");
        }
        let pool = contributions + self.high_hand_rollover;
        let lines: Vec<crate::rules::poker::jackpots::SlipLine> = self
            .high_hand_slips
            .iter()
            .filter(|(p, _)| p == period)
            .map(|(_, l)| l.clone())
            .collect();
        let close = crate::rules::poker::jackpots::close_period(
            &lines,
            pool,
            setup.pot_rules.high_hand_tie,
        );
        Ok(vec![Event::HighHandPeriodClosed {
            period: period.to_string(),
            contributions,
            pool,
            winners: close.winners,
            rollover: close.rollover,
            explanation: close.explanation,
            signed_by: signed_by.clone(),
        }])
    }

    /// § 637a.16(f)(4), (b)(4): whether the round just played can have a High Hand line at all,
    /// whatever a slip would hold (the form says why not before a key is tapped); the table's
    /// set-up and the dealer whose name goes on the slip when it can.
    pub fn high_hand_round(&self) -> Result<(&TableSetup, &Person), RuleError> {
        let Some(setup) = &self.setup else {
            return refuse("open the table first");
        };
        let Some(dealer) = &self.dealer else {
            return Err(refusal!(
                "§ 637a.16(f)(4)",
                "a dealer must be signed in: their name goes on the slip"
            ));
        };
        let least = setup.pot_rules.high_hand_min_players;
        if self.dealt_in < least {
            return Err(refusal!(
                "§ 637a.16(b)(4), the posted rules",
                "the round had {} players dealt in; a High Hand qualifies with {least} or more",
                self.dealt_in
            ));
        }
        Ok((setup, dealer))
    }

    /// § 637a.16(f): a full house or better, verified by a floorperson or above, recorded when it
    /// is at least as high as the period's high hand so far (an equal hand is recorded too: the
    /// posted rules divide ties, § 637a.16(b)(5)).
    pub(super) fn decide_high_hand(&self, slip: &HighHandSlip) -> Result<Vec<Event>, RuleError> {
        let (setup, dealer) = self.high_hand_round()?;
        self.may_sign(&slip.floorperson, Action::VerifyHighHand)?;
        if !(1..=10).contains(&slip.seat) {
            return Err(refusal!("§ 637a.16(f)(1)", "seats are numbered 1 to 10"));
        }
        if slip.player_name.trim().len() < 2 {
            return Err(refusal!(
                "§ 637a.16(f)(1)",
                "the slip needs the player's name"
            ));
        }
        let digits = slip
            .player_phone
            .chars()
            .filter(|c| c.is_ascii_digit())
            .count();
        if !(7..=15).contains(&digits) || slip.player_phone.chars().any(|c| !c.is_ascii_digit()) {
            return Err(refusal!(
                "§ 637a.16(f)(1)",
                "the slip needs the player's phone number, 7 to 15 digits"
            ));
        }
        if let Some(last) = &self.high_hand_closed
            && slip.period.as_str() <= last.as_str()
        {
            return Err(refusal!(
                "§ 637a.16(h)",
                "the period from {} is closed: its High Hand was decided",
                slip.period
            ));
        }
        let best = eval::best_hand(&slip.cards).map_err(|e| RuleError::plain(e.to_string()))?;
        if best.value.category() < eval::Category::FullHouse {
            return Err(refusal!(
                "§ 637a.16(f)",
                "{} is not a qualifying high hand: a full house or better",
                best.value.describe()
            ));
        }
        if let Some((period, high)) = &self.high_hand
            && *period == slip.period
            && best.value < *high
        {
            return Err(refusal!(
                "§ 637a.16(f)",
                "{} is lower than this period's high hand, {}: the next higher hand is recorded",
                best.value.describe(),
                high.describe()
            ));
        }
        Ok(vec![Event::HighHandRecorded {
            slip: slip.clone(),
            table_no: setup.table_no,
            dealer: dealer.clone(),
            hand: best.value.describe(),
            value: best.value,
            line: self.high_hand_lines + 1,
        }])
    }
}
