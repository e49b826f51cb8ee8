//! The deck clock: how long the decks in use have been in play, from the journal's times, and the
//! refusal of a round on decks past their time (§ 637a.3(c), each chapter's § x.3).

use super::*;

pub use crate::rules::hours_minutes;

/// The kinds that start or end a pair of decks' time in play.
pub(super) const DECK_CLOCK_KINDS: [&str; 3] = ["table_opened", "decks_changed", "table_closed"];

pub(super) fn deck_clock(row: &JournalRow) -> Option<Option<chrono::DateTime<chrono::Utc>>> {
    match row.kind.as_str() {
        "table_opened" | "decks_changed" => Some(
            chrono::DateTime::parse_from_rfc3339(&row.ts_utc)
                .ok()
                .map(|t| t.with_timezone(&chrono::Utc)),
        ),
        "table_closed" => Some(None),
        _ => None,
    }
}

/// The kind of the row that records the card reader's inspection (§ 635a.2(d)).
pub(super) const READER_INSPECTED: &str = "card_reader_inspected";

/// `[table] gaming_day_starts_utc`'s default: 10:00 UTC, 06:00 in the summer on the US east
/// coast.
pub const DEFAULT_GAMING_DAY_START: chrono::NaiveTime =
    match chrono::NaiveTime::from_hms_opt(10, 0, 0) {
        Some(t) => t,
        None => chrono::NaiveTime::MIN,
    };

/// A row's time, as written.
pub(super) fn row_time(row: &JournalRow) -> Option<chrono::DateTime<chrono::Utc>> {
    chrono::DateTime::parse_from_rfc3339(&row.ts_utc)
        .ok()
        .map(|t| t.with_timezone(&chrono::Utc))
}

/// When the jackpot boxes were last counted at this table, when the table opened and when the
/// last High Hand qualifying period closed (§ 637a.15(d), § 637a.16(d)).
#[derive(Debug, Default, Clone)]
pub(super) struct BoxClock {
    opened: Option<chrono::DateTime<chrono::Utc>>,
    bad_beat: Option<chrono::DateTime<chrono::Utc>>,
    high_hand: Option<chrono::DateTime<chrono::Utc>>,
    period_closed: Option<chrono::DateTime<chrono::Utc>>,
}

impl BoxClock {
    /// From the journal, once at start.
    pub(super) fn load(store: &Store, table: &Table) -> crate::store::Result<BoxClock> {
        let time = |ts: Option<String>| {
            ts.and_then(|t| chrono::DateTime::parse_from_rfc3339(&t).ok())
                .map(|t| t.with_timezone(&chrono::Utc))
        };
        let mut c = BoxClock::default();
        if let Some(row) = store.newest_of(&["table_opened", "table_closed"])?
            && row.kind == "table_opened"
        {
            c.opened = row_time(&row);
        }
        if let Some(setup) = &table.setup {
            let no = i64::from(setup.table_no);
            c.bad_beat = time(store.newest_box_count("bad-beat", no)?);
            c.high_hand = time(store.newest_box_count("high-hand", no)?);
        }
        if let Some(row) = store.newest_of(&["high_hand_period_closed"])? {
            c.period_closed = row_time(&row);
        }
        Ok(c)
    }

    /// A row just written.
    pub(super) fn remember(&mut self, row: &JournalRow) {
        match row.kind.as_str() {
            "table_opened" => self.opened = row_time(row),
            "table_closed" => self.opened = None,
            "high_hand_period_closed" => self.period_closed = row_time(row),
            "box_counted" => {
                let which = serde_json::from_str::<serde_json::Value>(&row.payload)
                    .ok()
                    .and_then(|p| p["count"]["box"].as_str().map(str::to_string));
                match which.as_deref() {
                    Some("bad-beat") => self.bad_beat = row_time(row),
                    Some("high-hand") => self.high_hand = row_time(row),
                    _ => {}
                }
            }
            _ => {}
        }
    }
}

impl Terminal {
    /// Where the jackpot boxes are counted: at the closed table (the terminal asks for them on
    /// their schedule) or at the cage (`[jackpots] box_counts_at`).
    pub fn set_box_counts_at_table(&mut self, at_table: bool) {
        self.box_counts_at_table = at_table;
    }

    /// Why a round may not start at `now`: a jackpot box the table collects for is due its
    /// count at the closed table. The Bad Beat box at least once each gaming day (§ 637a.15(d)):
    /// due once a gaming day has begun since it was last counted (or since the table opened, if
    /// never); the High Hand box at the end of each qualifying period (§ 637a.16(d)): due once a
    /// period has closed since it was last counted.
    pub fn box_count_due(&self, now: chrono::DateTime<chrono::Utc>) -> Option<String> {
        if !self.box_counts_at_table {
            return None;
        }
        let setup = self.table.setup.as_ref()?;
        if setup.poker.game.is_house_banked() || self.table.round.is_some() {
            return None;
        }
        let b = &self.boxes;
        if setup.pot_rules.bad_beat > 0
            && let Some(since) = b.bad_beat.or(b.opened)
            && self.gaming_day(since) < self.gaming_day(now)
        {
            return Some(format!(
                "The Bad Beat box is counted at least once each gaming day (§ 637a.15(d)(1)): the dealer counts it before a floorperson, between rounds, before round {} of the gaming day of {}.",
                self.table.rounds_played + 1,
                self.gaming_day(now)
            ));
        }
        if setup.pot_rules.high_hand > 0
            && let Some(closed) = b.period_closed
            && b.high_hand.is_none_or(|c| c < closed)
        {
            return Some(
                "The High Hand Jackpot box is counted at the end of each qualifying period (§ 637a.16(d)(1)): a period has closed since it was last counted; the dealer counts it before a floorperson, before the next round."
                    .into(),
            );
        }
        None
    }

    /// The time of day, UTC, the casino's gaming day begins.
    pub fn set_gaming_day_starts(&mut self, at: chrono::NaiveTime) {
        self.gaming_day_starts = at;
    }

    /// When the gaming day `t` falls in began, UTC: the current shift's start for the reports.
    pub fn gaming_day_start(
        &self,
        t: chrono::DateTime<chrono::Utc>,
    ) -> chrono::DateTime<chrono::Utc> {
        self.gaming_day(t)
            .and_time(self.gaming_day_starts)
            .and_utc()
    }

    /// The gaming day `t` falls in: the date it began on.
    pub fn gaming_day(&self, t: chrono::DateTime<chrono::Utc>) -> chrono::NaiveDate {
        let day = t.date_naive();
        if t.time() >= self.gaming_day_starts {
            day
        } else {
            day.pred_opt().unwrap_or(day)
        }
    }

    /// Why a Spanish 21 round may not start at `now`: the floorperson has not inspected the card
    /// reader in this gaming day (§ 635a.2(d)).
    pub fn reader_inspection_due(&self, now: chrono::DateTime<chrono::Utc>) -> Option<String> {
        if !self.table.shoe_game() || !self.table.opened() {
            return None;
        }
        let today = self.gaming_day(now);
        let done = self
            .reader_inspected
            .is_some_and(|t| self.gaming_day(t) == today);
        (!done).then(|| {
            format!(
                "The floorperson inspects the card reader for tampering and working order at the beginning of each gaming day, before the first round (§ 635a.2(d)); not yet done in the gaming day of {today}."
            )
        })
    }

    /// When the decks in use came into play, if a table is open.
    pub fn decks_since(&self) -> Option<chrono::DateTime<chrono::Utc>> {
        self.decks_since
    }

    /// The minutes after which the decks in play must be changed, and the section, when a table
    /// is open.
    pub fn deck_change_due(&self) -> Option<(i64, String)> {
        let setup = self.table.setup.as_ref()?;
        self.decks_since?;
        let (_, section) = setup.deck_change_limit();
        Some((
            i64::from(setup.deck_change_hours()) * 60,
            section.to_string(),
        ))
    }

    /// Minutes the decks in use have been in play.
    pub fn deck_minutes(&self) -> i64 {
        self.deck_minutes_at(chrono::Utc::now())
    }

    pub fn deck_minutes_at(&self, now: chrono::DateTime<chrono::Utc>) -> i64 {
        self.decks_since
            .map_or(0, |t| (now - t).num_minutes().max(0))
    }

    /// Why a round may not start at `now`: the decks are past their time.
    pub fn deck_change_refusal(&self, now: chrono::DateTime<chrono::Utc>) -> Option<String> {
        let (due, section) = self.deck_change_due()?;
        let used = self.deck_minutes_at(now);
        (used >= due).then(|| {
            format!(
                "The decks have been in play {}; the limit is {} hours ({section}). Change the decks first.",
                hours_minutes(used),
                due / 60
            )
        })
    }
}
