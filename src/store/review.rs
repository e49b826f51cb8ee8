//! The supervisor review: find any record of a shift by table, dealer, date range, kind and
//! text, newest first, one page at a time (keyset paging on the serial number, so the thousandth
//! page costs what the first does); the rows that correct a record; CSV export.

use super::{JournalRow, Result, Store};
use rusqlite::Connection;
use rusqlite::types::Value;
use std::io::Write;

/// The kinds a supervisor asks for by name.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum KindGroup {
    DeckChanges,
    Counts,
    Irregularities,
    Jackpots,
    Verifications,
    DeviceFaults,
    People,
    Rounds,
}

impl KindGroup {
    pub const ALL: [KindGroup; 8] = [
        KindGroup::DeckChanges,
        KindGroup::Counts,
        KindGroup::Irregularities,
        KindGroup::Jackpots,
        KindGroup::Verifications,
        KindGroup::DeviceFaults,
        KindGroup::People,
        KindGroup::Rounds,
    ];

    pub fn label(self) -> &'static str {
        match self {
            KindGroup::DeckChanges => "Deck changes",
            KindGroup::Counts => "Counts",
            KindGroup::Irregularities => "Irregularities",
            KindGroup::Jackpots => "Jackpots",
            KindGroup::Verifications => "Verifications",
            KindGroup::DeviceFaults => "Device faults",
            KindGroup::People => "People",
            KindGroup::Rounds => "Rounds",
        }
    }

    /// The id `deckhand export --group` takes.
    pub fn id(self) -> &'static str {
        match self {
            KindGroup::DeckChanges => "deck-changes",
            KindGroup::Counts => "counts",
            KindGroup::Irregularities => "irregularities",
            KindGroup::Jackpots => "jackpots",
            KindGroup::Verifications => "verifications",
            KindGroup::DeviceFaults => "device-faults",
            KindGroup::People => "people",
            KindGroup::Rounds => "rounds",
        }
    }

    pub fn parse(s: &str) -> Option<KindGroup> {
        KindGroup::ALL.into_iter().find(|g| g.id() == s)
    }

    pub fn kinds(self) -> &'static [&'static str] {
        match self {
            KindGroup::DeckChanges => &[
                "decks_changed",
                "table_closed",
                "deck_removed",
                "replacement_inspected",
                "removal_verified",
                "decks_inspected",
                "inspection_verified",
                "shuffler_out_of_service",
                "shuffler_covered",
            ],
            KindGroup::Counts => &[
                "deck_counted",
                "manual_count_entered",
                "losing_hands_counted",
                "cards_identified",
            ],
            KindGroup::Irregularities => &["irregularity", "round_voided"],
            KindGroup::Jackpots => &[
                "progressive_hit",
                "progressive_locked",
                "progressive_meters",
                "progressive_envy_table",
            ],
            KindGroup::Verifications => &[
                "inspection_verified",
                "removal_verified",
                "deck_counted",
                "verification_failed",
                "verification_refused",
                "pin_locked_out",
            ],
            KindGroup::DeviceFaults => &[
                "shuffle_failed",
                "shuffler_line_error",
                "device_report_refused",
                "progressive_fault",
                "progressive_line_error",
                "shuffler_link",
                "progressive_link",
            ],
            KindGroup::People => &[
                "person_added",
                "person_deactivated",
                "pin_reset",
                "lockout_cleared",
                "administrator_created",
                "dealer_signed_in",
                "dealer_signed_out",
                "screen_locked",
                "screen_unlocked",
                "screen_unlock_refused",
            ],
            KindGroup::Rounds => &[
                "round_started",
                "pot_awarded",
                "round_voided",
                "bets_posted",
                "cards_dealt",
                "player_acted",
                "cards_drawn",
                "cards_discarded",
                "showdown_recorded",
                "hand_voided",
                "betting_stopped",
                "fouled_hand_refunded",
                "wagers_lost",
                "same_player",
                "wagers_placed",
                "no_more_bets",
                "player_decided",
                "cards_keyed",
                "lock_in_settled",
                "round_settled",
                "spanish21_play",
                "payouts_validated",
                "round_paid",
            ],
        }
    }
}

/// What to look for; every part is optional.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Filter {
    pub table: Option<i64>,
    pub dealer: Option<String>,
    pub group: Option<KindGroup>,
    pub kind: Option<String>,
    /// UTC, inclusive: "2026-11-22" or "2026-11-22T06:00:00Z".
    pub from: Option<String>,
    /// UTC, exclusive.
    pub to: Option<String>,
    /// Found anywhere in the payload (case-insensitive for ASCII).
    pub text: Option<String>,
    /// The game the row's table was opened with (its last `table_opened` before the row; a
    /// table opened before games were recorded is Hold'em).
    pub game: Option<String>,
}

impl Filter {
    /// The same filter for the central PostgreSQL copy: numbered parameters, and ILIKE for the
    /// text (SQLite's LIKE ignores ASCII case).
    pub fn clause_for_postgres(&self) -> (String, Vec<Box<dyn postgres::types::ToSql + Sync>>) {
        let (sql, args) = self.clause();
        let mut out = String::new();
        let mut n = 0;
        for ch in sql.chars() {
            if ch == '?' {
                n += 1;
                out.push_str(&format!("${n}"));
            } else {
                out.push(ch);
            }
        }
        // `+o.table_no` keeps SQLite's planner off the table's index (see `clause`); PostgreSQL
        // plans from its own statistics, and its index on (table_no, kind, ts_utc) serves it.
        let out = out
            .replace("payload LIKE", "payload ILIKE")
            .replace(
                "json_extract(o.payload, '$.setup.game')",
                "(o.payload::jsonb -> 'setup' ->> 'game')",
            )
            .replace("+o.table_no", "o.table_no");
        let args = args
            .into_iter()
            .map(|v| -> Box<dyn postgres::types::ToSql + Sync> {
                match v {
                    Value::Integer(i) => Box::new(i),
                    Value::Text(t) => Box::new(t),
                    Value::Real(r) => Box::new(r),
                    Value::Null => Box::new(Option::<String>::None),
                    Value::Blob(b) => Box::new(b),
                }
            })
            .collect();
        (out, args)
    }

    fn clause(&self) -> (String, Vec<Value>) {
        let mut sql = String::from(" WHERE 1 = 1");
        let mut args: Vec<Value> = Vec::new();
        if let Some(t) = self.table {
            sql.push_str(" AND table_no = ?");
            args.push(Value::Integer(t));
        }
        if let Some(d) = &self.dealer {
            sql.push_str(" AND dealer_credential = ?");
            args.push(Value::Text(d.clone()));
        }
        if let Some(g) = self.group {
            let marks = vec!["?"; g.kinds().len()].join(", ");
            sql.push_str(&format!(" AND kind IN ({marks})"));
            args.extend(g.kinds().iter().map(|k| Value::Text(k.to_string())));
        }
        if let Some(k) = &self.kind {
            sql.push_str(" AND kind = ?");
            args.push(Value::Text(k.clone()));
        }
        if let Some(f) = &self.from {
            sql.push_str(" AND ts_utc >= ?");
            args.push(Value::Text(f.clone()));
        }
        if let Some(t) = &self.to {
            sql.push_str(" AND ts_utc < ?");
            args.push(Value::Text(t.clone()));
        }
        if let Some(g) = &self.game {
            // Each row's game from its table's last opening, found through the kind's index
            // (`+o.table_no`): through the table's, the first page of 200 records took 64 s on
            // 1,000,000 rows.
            sql.push_str(
                " AND journal.table_no IS NOT NULL AND COALESCE((SELECT json_extract(o.payload, '$.setup.game') FROM journal o WHERE o.kind = 'table_opened' AND +o.table_no = journal.table_no AND o.terminal_id = journal.terminal_id AND o.serial <= journal.serial ORDER BY o.serial DESC LIMIT 1), 'holdem') = ?",
            );
            args.push(Value::Text(g.clone()));
        }
        if let Some(x) = &self.text {
            sql.push_str(" AND payload LIKE ? ESCAPE '\\'");
            let esc = x
                .replace('\\', "\\\\")
                .replace('%', "\\%")
                .replace('_', "\\_");
            args.push(Value::Text(format!("%{esc}%")));
        }
        (sql, args)
    }
}

/// Checks a date given on the command line or the screen: a date or a full UTC time.
pub fn check_time(s: &str) -> std::result::Result<String, String> {
    let s = s.trim();
    if chrono::NaiveDate::parse_from_str(s, "%Y-%m-%d").is_ok() {
        return Ok(s.to_string());
    }
    chrono::DateTime::parse_from_rfc3339(s)
        .map(|t| {
            t.with_timezone(&chrono::Utc)
                .to_rfc3339_opts(chrono::SecondsFormat::Micros, true)
        })
        .map_err(|_| {
            format!("`{s}` is not a date (2026-11-22) or a UTC time (2026-11-22T06:00:00Z)")
        })
}

/// The review's questions of a journal, on whichever connection holds it: the store's own
/// reader ([`Store`]), or a connection of the review's reading thread
/// ([`super::review_reader::ReviewReader`]), so the screen never waits for them.
pub trait JournalQueries {
    /// The connection the questions are asked on.
    fn conn(&self) -> &Connection;

    /// One page of matching rows, newest first, older than `before` (a serial) if given.
    fn search(&self, f: &Filter, before: Option<i64>, limit: usize) -> Result<Vec<JournalRow>> {
        let (mut clause, mut args) = f.clause();
        if let Some(b) = before {
            clause.push_str(" AND serial < ?");
            args.push(Value::Integer(b));
        }
        let sql = format!(
            "SELECT {} FROM journal{clause} ORDER BY serial DESC LIMIT {}",
            Store::COLUMNS,
            limit.min(10_000)
        );
        let mut stmt = self.conn().prepare(&sql)?;
        let rows = stmt.query_map(rusqlite::params_from_iter(args), Store::read_row)?;
        Ok(rows.collect::<rusqlite::Result<_>>()?)
    }

    /// How many rows match (for the screen's heading).
    fn count_matching(&self, f: &Filter) -> Result<i64> {
        let (clause, args) = f.clause();
        let sql = format!("SELECT COUNT(*) FROM journal{clause}");
        Ok(self
            .conn()
            .query_row(&sql, rusqlite::params_from_iter(args), |r| r.get(0))?)
    }

    /// The correction rows that point at `serial`, oldest first.
    fn corrections_of(&self, serial: i64) -> Result<Vec<JournalRow>> {
        let sql = format!(
            "SELECT {} FROM journal WHERE kind = 'correction' AND json_extract(payload, '$.corrects') = ?1 ORDER BY serial",
            Store::COLUMNS
        );
        let mut stmt = self.conn().prepare(&sql)?;
        let rows = stmt.query_map([serial], Store::read_row)?;
        Ok(rows.collect::<rusqlite::Result<_>>()?)
    }

    /// Writes the matching rows as CSV (RFC 4180), oldest first, streaming; returns the count.
    fn export_csv(&self, f: &Filter, out: &mut dyn Write) -> Result<usize> {
        let (clause, args) = f.clause();
        let sql = format!(
            "SELECT {} FROM journal{clause} ORDER BY serial",
            Store::COLUMNS
        );
        let mut stmt = self.conn().prepare(&sql)?;
        let mut rows = stmt.query(rusqlite::params_from_iter(args))?;
        let mut csv = CsvRows::new(out)?;
        while let Some(r) = rows.next()? {
            csv.row(&Store::read_row(r)?)?;
        }
        Ok(csv.finish()?)
    }

    /// The charts' data for a filter (its kind parts are ignored: each chart has its own kinds).
    fn chart_data(&self, f: &Filter) -> Result<ChartData> {
        let base = Filter {
            group: None,
            kind: None,
            ..f.clone()
        };
        let (clause, args) = base.clause();
        let run = |sql: String| -> Result<Vec<Vec<Value>>> {
            let mut stmt = self.conn().prepare(&sql)?;
            let n = stmt.column_count();
            let rows = stmt.query_map(rusqlite::params_from_iter(args.clone()), |r| {
                (0..n)
                    .map(|i| r.get::<_, Value>(i))
                    .collect::<rusqlite::Result<Vec<Value>>>()
            })?;
            Ok(rows.collect::<rusqlite::Result<_>>()?)
        };
        let text = |v: &Value| match v {
            Value::Text(t) => t.clone(),
            Value::Integer(i) => i.to_string(),
            _ => String::new(),
        };
        let int = |v: &Value| match v {
            Value::Integer(i) => *i,
            _ => 0,
        };
        let rounds_per_hour = run(format!(
            "SELECT substr(ts_utc, 1, 13), COUNT(*) FROM journal{clause} AND kind = 'round_started' GROUP BY 1 ORDER BY 1"
        ))?
        .iter()
        .map(|r| (text(&r[0]), int(&r[1])))
        .collect();
        let irregularities = run(format!(
            "SELECT COALESCE(table_no, 0), COALESCE(json_extract(payload, '$.section'), kind), COUNT(*) FROM journal{clause} AND kind = 'irregularity' GROUP BY 1, 2 ORDER BY 1, 2"
        ))?
        .iter()
        .map(|r| (int(&r[0]), text(&r[1]), int(&r[2])))
        .collect();
        let deck_events_per_day = run(format!(
            "SELECT substr(ts_utc, 1, 10),
                    SUM(kind IN ('deck_removed', 'replacement_inspected')),
                    SUM(kind = 'deck_counted' AND json_extract(payload, '$.correct') = 0)
             FROM journal{clause} AND kind IN ('deck_removed', 'replacement_inspected', 'deck_counted')
             GROUP BY 1 ORDER BY 1"
        ))?
        .iter()
        .map(|r| (text(&r[0]), int(&r[1]), int(&r[2])))
        .collect();
        let mut meter_history = Vec::new();
        for r in run(format!(
            "SELECT ts_utc, payload FROM journal{clause} AND kind = 'progressive_meters' ORDER BY serial"
        ))? {
            let v: serde_json::Value = serde_json::from_str(&text(&r[1])).unwrap_or_default();
            for m in v["meters"].as_array().into_iter().flatten() {
                meter_history.push((
                    text(&r[0]),
                    m["meter"].as_i64().unwrap_or(0),
                    m["cents"].as_i64().unwrap_or(0),
                ));
            }
        }
        Ok(ChartData {
            rounds_per_hour,
            irregularities,
            deck_events_per_day,
            meter_history,
            pace: self.pace(f)?,
        })
    }

    /// The pace of the filtered rounds (`super::pace`): per table, dealer and game, and the
    /// steps that waited longest on the dealer.
    fn pace(&self, f: &Filter) -> Result<PaceReport> {
        let base = Filter {
            group: None,
            kind: None,
            ..f.clone()
        };
        let (clause, args) = base.clause();
        let query = |sql: String| -> Result<Vec<JournalRow>> {
            let mut stmt = self.conn().prepare(&sql)?;
            let rows = stmt.query_map(rusqlite::params_from_iter(args.clone()), Store::read_row)?;
            Ok(rows.collect::<rusqlite::Result<_>>()?)
        };
        // The rounds through the kind's index; the steps from the newest 50,000 table rows (a
        // shift is thousands; the whole of a terminal's years is not read for a chart).
        let rows = query(format!(
            "SELECT {} FROM journal{clause} AND kind IN ('table_opened', 'round_started', 'pot_awarded', 'round_paid', 'round_voided') ORDER BY serial",
            Store::COLUMNS
        ))?;
        let steps = query(format!(
            "SELECT * FROM (SELECT {} FROM journal{clause} AND stream = 'table' ORDER BY serial DESC LIMIT 50000) ORDER BY serial",
            Store::COLUMNS
        ))?;
        // The game each table was open for when the window starts.
        let mut opened = std::collections::BTreeMap::new();
        for r in &rows {
            if let Some(t) = r.table_no
                && !opened.contains_key(&t)
                && let Some(g) = self.game_at(r)?
            {
                opened.insert(t, g);
            }
        }
        let spans = super::pace::spans_with(&rows, &opened);
        Ok(PaceReport {
            groups: super::pace::by_group(&spans),
            slow_steps: super::pace::step_waits(&steps),
        })
    }

    /// The games tables were opened with, for the review's game filter.
    fn games_played(&self) -> Result<Vec<String>> {
        let mut stmt = self.conn().prepare(
            "SELECT DISTINCT COALESCE(json_extract(payload, '$.setup.game'), 'holdem')
             FROM journal WHERE kind = 'table_opened' ORDER BY 1",
        )?;
        let rows = stmt.query_map([], |r| r.get(0))?;
        Ok(rows.collect::<rusqlite::Result<_>>()?)
    }

    /// The game the row's table was open for when the row was written (the last opening before
    /// it, on the same terminal and table); none for a row of no table.
    fn game_at(&self, row: &JournalRow) -> Result<Option<String>> {
        use rusqlite::OptionalExtension;
        let Some(table) = row.table_no else {
            return Ok(None);
        };
        Ok(self
            .conn()
            .query_row(
                // `+table_no`: through the kind's index, never the table's (which walked back
                // over every row of the table since it opened: 311 ms a record on 1,000,000
                // rows, for each of the 200 records a page of the review lists).
                "SELECT COALESCE(json_extract(payload, '$.setup.game'), 'holdem') FROM journal
                 WHERE kind = 'table_opened' AND +table_no = ?1 AND terminal_id = ?2
                   AND serial <= ?3
                 ORDER BY serial DESC LIMIT 1",
                rusqlite::params![table, row.terminal_id, row.serial],
                |r| r.get(0),
            )
            .optional()?)
    }

    /// One row by its serial number.
    fn row(&self, serial: i64) -> Result<Option<JournalRow>> {
        use rusqlite::OptionalExtension;
        let sql = format!("SELECT {} FROM journal WHERE serial = ?1", Store::COLUMNS);
        Ok(self
            .conn()
            .query_row(&sql, [serial], Store::read_row)
            .optional()?)
    }

    /// Every matching row, oldest first (for reports; a shift is thousands of rows, not millions).
    fn rows_matching(&self, f: &Filter) -> Result<Vec<JournalRow>> {
        let (clause, args) = f.clause();
        let sql = format!(
            "SELECT {} FROM journal{clause} ORDER BY serial",
            Store::COLUMNS
        );
        let mut stmt = self.conn().prepare(&sql)?;
        let rows = stmt.query_map(rusqlite::params_from_iter(args), Store::read_row)?;
        Ok(rows.collect::<rusqlite::Result<_>>()?)
    }
}

/// The store's own reader connection.
impl JournalQueries for Store {
    fn conn(&self) -> &Connection {
        &self.reader
    }
}

/// A connection of its own (the review's reading thread).
impl JournalQueries for Connection {
    fn conn(&self) -> &Connection {
        self
    }
}

pub const CSV_HEADER: [&str; 13] = [
    "serial",
    "terminal_id",
    "ts_utc",
    "mono_ns",
    "session",
    "stream",
    "table_no",
    "dealer_credential",
    "actor_credential",
    "kind",
    "payload",
    "prev_hash",
    "hash",
];

/// A field a spreadsheet would read as a formula (OWASP, "CSV Injection": a cell starting with
/// `=`, `+`, `-`, `@`, a tab or a carriage return) gets a leading apostrophe, so a patron's name
/// such as `=HYPERLINK(...)` arrives as text. Everything else is left as it is.
pub fn spreadsheet_safe(s: &str) -> std::borrow::Cow<'_, str> {
    if s.starts_with(['=', '+', '-', '@', '\t', '\r']) {
        format!("'{s}").into()
    } else {
        s.into()
    }
}

/// Journal rows as CSV: the header, then one record per row, quoted by the `csv` crate (RFC
/// 4180) and every field made [`spreadsheet_safe`]. Used by the review's export, `deckhand export`
/// and the central copy's export alike.
pub struct CsvRows<W: Write> {
    out: csv::Writer<W>,
    rows: usize,
}

impl<W: Write> CsvRows<W> {
    /// Starts the file with its header.
    pub fn new(out: W) -> std::io::Result<CsvRows<W>> {
        let mut out = csv::WriterBuilder::new()
            .terminator(csv::Terminator::CRLF)
            .from_writer(out);
        out.write_record(CSV_HEADER)?;
        Ok(CsvRows { out, rows: 0 })
    }

    pub fn row(&mut self, r: &JournalRow) -> std::io::Result<()> {
        let opt = |o: &Option<String>| o.clone().unwrap_or_default();
        let fields = [
            r.serial.to_string(),
            r.terminal_id.clone(),
            r.ts_utc.clone(),
            r.mono_ns.to_string(),
            r.session.to_string(),
            r.stream.clone(),
            r.table_no.map(|t| t.to_string()).unwrap_or_default(),
            opt(&r.dealer_credential),
            opt(&r.actor_credential),
            r.kind.clone(),
            r.payload.clone(),
            r.prev_hash.clone(),
            r.hash.clone(),
        ];
        self.out
            .write_record(fields.iter().map(|f| spreadsheet_safe(f).into_owned()))?;
        self.rows += 1;
        Ok(())
    }

    /// Flushes and returns the number of rows written.
    pub fn finish(mut self) -> std::io::Result<usize> {
        self.out.flush()?;
        Ok(self.rows)
    }
}

/// The pace of a selection of rounds: (group, pace) per table, dealer and game, and each
/// step kind's median wait on the dealer, slowest first (kind, seconds, how many).
#[derive(Debug, Clone, Default, PartialEq)]
pub struct PaceReport {
    pub groups: Vec<(String, super::pace::Pace)>,
    pub slow_steps: Vec<(String, f64, usize)>,
}

/// The series the review's charts draw, each from one grouped query over the filtered rows.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct ChartData {
    /// Rounds started per UTC hour: ("2026-11-22T07", n).
    pub rounds_per_hour: Vec<(String, i64)>,
    /// Irregularities per table and kind: (table, irregularity, n).
    pub irregularities: Vec<(i64, String, i64)>,
    /// Deck changes and wrong counts per UTC day: (day, deck changes, wrong counts).
    pub deck_events_per_day: Vec<(String, i64, i64)>,
    /// Meter readings over time: (UTC time, meter id, cents).
    pub meter_history: Vec<(String, i64, i64)>,
    /// The rounds' pace and the slowest steps.
    pub pace: PaceReport,
}
