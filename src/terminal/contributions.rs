//! § 637a.16(c): the High Hand contributions a table took in a qualifying period, summed from the
//! journal. Closing a period on the screen reads them apart ([`Terminal::begin_contributions_read`],
//! alongside the signature's PIN check): the screen's thread runs no SQL, and the close is made
//! once both have answered.

use super::*;
use crate::store::apart::Apart;

/// A period's contributions being read apart, for the close the screen asked for.
pub(super) struct ContributionsRead {
    period: String,
    end: String,
    table_no: i64,
    reading: Option<Apart<Cents>>,
    answer: Option<Result<Cents, String>>,
}

/// A period's start or end ("2026-11-24T10:00Z", UTC) as the journal writes times.
fn journal_time(p: &str) -> Result<String, String> {
    chrono::NaiveDateTime::parse_from_str(p, "%Y-%m-%dT%H:%MZ")
        .map(|t| {
            t.and_utc()
                .to_rfc3339_opts(chrono::SecondsFormat::Micros, true)
        })
        .map_err(|_| format!("{p} is not a period's start (YYYY-MM-DDTHH:MMZ)"))
}

/// The sum of the High Hand takes of the table's pots pushed in `[from, to)`.
fn sum_contributions(
    conn: &rusqlite::Connection,
    table_no: i64,
    from: &str,
    to: &str,
) -> rusqlite::Result<Cents> {
    conn.query_row(
        "SELECT COALESCE(SUM(json_extract(payload, '$.take.high_hand')), 0) FROM journal
         WHERE kind = 'pot_awarded' AND stream = 'table' AND table_no = ?1
           AND ts_utc >= ?2 AND ts_utc < ?3",
        rusqlite::params![table_no, from, to],
        |r| r.get::<_, i64>(0),
    )
}

fn unreadable(e: impl std::fmt::Display) -> String {
    format!("the journal cannot be read: {e}")
}

impl Terminal {
    fn open_table_no(&self) -> Result<i64, String> {
        self.table()
            .setup
            .as_ref()
            .map(|s| i64::from(s.table_no))
            .ok_or_else(|| "no table is open".to_string())
    }

    /// § 637a.16(c): the High Hand contributions this table took from the pots pushed from
    /// `start` until `end` (periods named "2026-11-24T10:00Z", UTC), from the journal's times.
    /// Read on this thread (the command line, the tests).
    pub fn high_hand_contributions(&self, start: &str, end: &str) -> Result<Cents, String> {
        let (from, to) = (journal_time(start)?, journal_time(end)?);
        let table_no = self.open_table_no()?;
        sum_contributions(self.store.connection(), table_no, &from, &to).map_err(unreadable)
    }

    /// Starts reading a period's contributions apart (its own thread and connection) for the
    /// close the screen asked for; `wake` is called once it has answered.
    pub fn begin_contributions_read(
        &mut self,
        period: &str,
        end: &str,
        wake: Box<dyn Fn() + Send>,
    ) {
        let bounds = journal_time(period).and_then(|f| Ok((f, journal_time(end)?)));
        let table_no = self.open_table_no();
        let mut read = ContributionsRead {
            period: period.to_string(),
            end: end.to_string(),
            table_no: *table_no.as_ref().unwrap_or(&0),
            reading: None,
            answer: None,
        };
        match (bounds, table_no) {
            (Ok((from, to)), Ok(table_no)) => {
                read.reading = Some(self.store.read_apart(
                    "high-hand-contributions",
                    move |conn| Ok(sum_contributions(conn, table_no, &from, &to)?),
                    wake,
                ));
            }
            (Err(e), _) | (_, Err(e)) => read.answer = Some(Err(e)),
        }
        self.contributions_read = Some(read);
    }

    /// A period's contributions are still being read apart.
    pub fn contributions_reading(&mut self) -> bool {
        let Some(read) = self.contributions_read.as_mut() else {
            return false;
        };
        let Some(apart) = read.reading.as_ref() else {
            return false;
        };
        let Some(answer) = apart.try_answer() else {
            return true;
        };
        read.answer = Some(answer.map_err(unreadable));
        read.reading = None;
        false
    }

    /// The contributions read apart for this period of the open table, once answered (taken);
    /// otherwise read here (a terminal without a screen).
    pub(super) fn period_contributions(
        &mut self,
        period: &str,
        end: &str,
    ) -> Result<Cents, String> {
        let table_no = self.open_table_no()?;
        let answered = self.contributions_read.take().filter(|r| {
            r.period == period && r.end == end && r.table_no == table_no && r.reading.is_none()
        });
        // A terminal with a screen has read them apart (`DeckhandApp::begin_close_read`).
        debug_assert!(
            self.waker.is_none() || answered.is_some(),
            "a close on the screen's thread without its contributions read apart"
        );
        match answered.and_then(|r| r.answer) {
            Some(answer) => answer,
            None => self.high_hand_contributions(period, end),
        }
    }

    /// Drops a read no command took.
    pub(super) fn forget_contributions_read(&mut self) {
        self.contributions_read = None;
    }
}
