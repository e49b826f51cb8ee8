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

impl Terminal {
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
