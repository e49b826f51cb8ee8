//! `deckhand verify-log --replay`: every table row of a journal applied to a table rebuilt from
//! nothing, each recorded settlement and pot recomputed by the rules of this build, and the first
//! row that does not apply or diverges named with its serial. The file is opened read-only.

use super::{Result, StoreError};
use crate::rules::table::{Event, Recomputed, Table};
use rusqlite::{Connection, OpenFlags};
use std::path::Path;

/// What a replay found.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ReplayReport {
    /// Table rows applied.
    pub rows: usize,
    pub settlements: usize,
    pub pots: usize,
    /// The first row that cannot be applied or whose outcome the rules give differently now.
    pub divergence: Option<RowDivergence>,
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct RowDivergence {
    pub serial: i64,
    pub kind: String,
    pub recorded: String,
    pub now: String,
}

impl std::fmt::Display for ReplayReport {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match &self.divergence {
            None => write!(
                f,
                "replay clean: {} table rows applied, {} settlements and {} pots recomputed",
                self.rows, self.settlements, self.pots
            ),
            Some(d) => write!(
                f,
                "replay diverges at serial {} ({}): recorded {}; the rules give {}",
                d.serial, d.kind, d.recorded, d.now
            ),
        }
    }
}

/// The table as the journal of the database at `path` rebuilds it (read-only): what a restart
/// would show.
pub fn read_table(path: &Path) -> Result<Table> {
    let conn = open_journal(path)?;
    let mut stmt =
        conn.prepare("SELECT serial, payload FROM journal WHERE stream = 'table' ORDER BY serial")?;
    let rows = stmt.query_map([], |r| Ok((r.get::<_, i64>(0)?, r.get::<_, String>(1)?)))?;
    let mut events = Vec::new();
    for row in rows {
        let (serial, payload) = row?;
        let e: Event = serde_json::from_str(&payload).map_err(|e| StoreError::BadPayload {
            serial,
            detail: e.to_string(),
        })?;
        events.push((serial, e));
    }
    Ok(Table::replay(&events)?)
}

/// A read-only connection to a Deckhand journal; a file without one is refused.
fn open_journal(path: &Path) -> Result<Connection> {
    let conn = Connection::open_with_flags(path, OpenFlags::SQLITE_OPEN_READ_ONLY)?;
    let has_journal: bool = conn.query_row(
        "SELECT COUNT(*) > 0 FROM sqlite_master WHERE type = 'table' AND name = 'journal'",
        [],
        |r| r.get(0),
    )?;
    if !has_journal {
        return Err(StoreError::Invalid(format!(
            "{}: not a Deckhand journal (no journal table)",
            path.display()
        )));
    }
    Ok(conn)
}

/// Replays the journal of the database at `path` (opened read-only, never migrated).
pub fn replay_file(path: &Path) -> Result<ReplayReport> {
    let conn = open_journal(path)?;
    let mut stmt = conn.prepare(
        "SELECT serial, kind, payload FROM journal WHERE stream = 'table' ORDER BY serial",
    )?;
    let rows = stmt.query_map([], |r| {
        Ok((
            r.get::<_, i64>(0)?,
            r.get::<_, String>(1)?,
            r.get::<_, String>(2)?,
        ))
    })?;
    let mut report = ReplayReport {
        rows: 0,
        settlements: 0,
        pots: 0,
        divergence: None,
    };
    let mut table = Table::default();
    for row in rows {
        let (serial, kind, payload) = row?;
        let diverged = |recorded: String, now: String| RowDivergence {
            serial,
            kind: kind.clone(),
            recorded,
            now,
        };
        let event: Event = match serde_json::from_str(&payload) {
            Ok(e) => e,
            Err(e) => {
                report.divergence = Some(diverged(payload, format!("no event: {e}")));
                return Ok(report);
            }
        };
        match table.recompute(&event) {
            Ok(Recomputed::Settlement) => report.settlements += 1,
            Ok(Recomputed::Pot) => report.pots += 1,
            Ok(Recomputed::Nothing) => {}
            Err(d) => {
                report.divergence = Some(diverged(d.recorded, d.now));
                return Ok(report);
            }
        }
        if let Err(problem) = table.apply(&event) {
            report.divergence = Some(diverged(
                kind.clone(),
                format!("cannot apply it: {problem}"),
            ));
            return Ok(report);
        }
        report.rows += 1;
    }
    Ok(report)
}
