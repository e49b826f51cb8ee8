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

impl Terminal {
    /// The time of day, UTC, the casino's gaming day begins.
    pub fn set_gaming_day_starts(&mut self, at: chrono::NaiveTime) {
        self.gaming_day_starts = at;
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
