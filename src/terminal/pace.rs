//! The dealer's pace on the status line: the rounds since the dealer signed in, from the
//! journal's round rows as they are written (`store::pace`); loaded from the newest rows at
//! start, so a restart keeps it.

use super::*;
use crate::store::pace::{self, Pace};

/// The kinds the pace is read from.
const PACE_KINDS: [&str; 6] = [
    "table_opened",
    "dealer_signed_in",
    "round_started",
    "pot_awarded",
    "round_paid",
    "round_voided",
];

/// The round rows kept for the status line.
const KEPT: usize = 200;

/// The newest round rows, oldest first, and the pace they give (worked out when a row comes,
/// not at every frame).
#[derive(Debug, Default)]
pub struct PaceLog {
    rows: std::collections::VecDeque<JournalRow>,
    /// The dealer signed in last, and that dealer's pace since.
    now: Option<(String, Pace)>,
}

impl PaceLog {
    /// The round rows among the newest `KEPT * 4` rows of the journal.
    pub(super) fn load(store: &Store) -> Result<PaceLog, crate::store::StoreError> {
        let mut log = PaceLog::default();
        let mut rows = store.recent(KEPT * 4)?;
        rows.reverse();
        for r in &rows {
            log.remember(r);
        }
        Ok(log)
    }

    pub(super) fn remember(&mut self, r: &JournalRow) {
        if r.stream == "table" && PACE_KINDS.contains(&r.kind.as_str()) {
            self.rows.push_back(r.clone());
            while self.rows.len() > KEPT {
                self.rows.pop_front();
            }
            self.now = self.since_sign_in();
        }
    }

    /// The last dealer signed in and the pace of that dealer's rounds since (the last 30),
    /// once two are over.
    fn since_sign_in(&self) -> Option<(String, Pace)> {
        let rows: Vec<JournalRow> = self.rows.iter().cloned().collect();
        let since = rows.iter().rposition(|r| r.kind == "dealer_signed_in")?;
        let dealer = rows[since].dealer_credential.clone()?;
        let spans = pace::spans(&rows[since..]);
        let mine: Vec<&pace::RoundSpan> = spans.iter().filter(|s| s.dealer == dealer).collect();
        let last = &mine[mine.len().saturating_sub(30)..];
        (last.len() >= 2).then(|| (dealer, pace::pace(last)))
    }
}

impl Terminal {
    /// The signed-in dealer's pace since signing in (the last 30 rounds), once two rounds are
    /// over: "31 rounds/h" on the status line.
    pub fn pace_now(&self) -> Option<Pace> {
        let dealer = &self.table.dealer.as_ref()?.credential;
        self.pace
            .now
            .as_ref()
            .filter(|(d, _)| d == dealer)
            .map(|(_, p)| *p)
    }
}
