//! `deckhand verify-log --replay`: every table row of a journal applied to a table rebuilt from
//! nothing, each recorded settlement and pot recomputed by the rules of this build, and the first
//! row that does not apply or diverges named with its serial. The file is opened read-only.

use super::{Result, StoreError};
use crate::rules::table::{Event, Recomputed, Table};
use rusqlite::{Connection, OptionalExtension};
use std::path::Path;

/// What a replay found.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ReplayReport {
    /// Table rows applied.
    pub rows: usize,
    pub settlements: usize,
    pub pots: usize,
    /// Table snapshots of this build's format held equal to the replayed table.
    pub snapshots: usize,
    /// Lunar Poker lock-ins above the table's thresholds recorded before a lock-in recorded its
    /// signer: their money recomputed (counted in `settlements` too), their signature not held.
    pub unsigned_lock_ins: usize,
    /// The first row that cannot be applied or whose outcome the rules give differently now.
    pub divergence: Option<RowDivergence>,
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct RowDivergence {
    pub serial: i64,
    pub kind: String,
    /// What the row holds; empty when the row cannot be read or applied at all.
    pub recorded: String,
    /// What the rules give for it now, or why the row cannot be read or applied.
    pub now: String,
}

impl std::fmt::Display for ReplayReport {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match &self.divergence {
            None => {
                write!(
                    f,
                    "replay clean: {} applied, {} and {} recomputed, {} checked",
                    counted(self.rows, "table row"),
                    counted(self.settlements, "settlement"),
                    counted(self.pots, "pot"),
                    counted(self.snapshots, "snapshot")
                )?;
                if self.unsigned_lock_ins > 0 {
                    write!(
                        f,
                        "; {} recorded before the lock-in recorded its signer: not held to a signature",
                        counted(self.unsigned_lock_ins, "lock-in")
                    )?;
                }
                Ok(())
            }
            Some(d) if d.recorded.is_empty() => write!(
                f,
                "replay stops at serial {} ({}): {}",
                d.serial, d.kind, d.now
            ),
            Some(d) => write!(
                f,
                "replay diverges at serial {} ({}): recorded {}; the rules give {}",
                d.serial, d.kind, d.recorded, d.now
            ),
        }
    }
}

/// "1 pot", "2 pots".
fn counted(n: usize, one: &str) -> String {
    if n == 1 {
        format!("1 {one}")
    } else {
        format!("{n} {one}s")
    }
}

/// The table as the journal of the database at `path` rebuilds it (read-only): what a restart
/// would show.
pub fn read_table(path: &Path) -> Result<Table> {
    let conn = super::open_evidence(path)?;
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

/// Replays the journal of the database at `path` (opened read-only, never migrated).
pub fn replay_file(path: &Path) -> Result<ReplayReport> {
    let conn = super::open_evidence(path)?;
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
        snapshots: 0,
        unsigned_lock_ins: 0,
        divergence: None,
    };
    // Every snapshot of this build's format, held against the table the replay reaches at
    // its `through` row (another build's snapshots are never read by a start).
    let mut snapshots: std::collections::VecDeque<(i64, super::snapshot::Snapshot)> = conn
        .prepare(
            "SELECT serial, payload FROM journal WHERE kind = 'table_snapshot' ORDER BY serial",
        )?
        .query_map([], |r| Ok((r.get::<_, i64>(0)?, r.get::<_, String>(1)?)))?
        .filter_map(|r| r.ok())
        .filter_map(|(serial, p)| super::snapshot::Snapshot::read(&p).map(|s| (serial, s)))
        .collect();
    let mut table = Table::default();
    let check = |table: &Table,
                 upto: i64,
                 snapshots: &mut std::collections::VecDeque<(i64, super::snapshot::Snapshot)>,
                 report: &mut ReplayReport|
     -> bool {
        while snapshots.front().is_some_and(|(_, s)| s.through < upto) {
            let Some((serial, s)) = snapshots.pop_front() else {
                break;
            };
            if s.table != *table {
                report.divergence = Some(RowDivergence {
                    serial,
                    kind: "table_snapshot".into(),
                    recorded: format!("the table as of row {}", s.through),
                    now: "another table: the rows up to it replay to something else".into(),
                });
                return false;
            }
            report.snapshots += 1;
        }
        true
    };
    for row in rows {
        let (serial, kind, payload) = row?;
        if !check(&table, serial, &mut snapshots, &mut report) {
            return Ok(report);
        }
        let diverged = |recorded: String, now: String| RowDivergence {
            serial,
            kind: kind.clone(),
            recorded,
            now,
        };
        let event: Event = match serde_json::from_str(&payload) {
            Ok(e) => e,
            Err(e) => {
                report.divergence = Some(diverged(String::new(), format!("unreadable: {e}")));
                return Ok(report);
            }
        };
        match table.recompute(&event) {
            Ok(Recomputed::Settlement) => report.settlements += 1,
            Ok(Recomputed::UnsignedLockIn) => {
                report.settlements += 1;
                report.unsigned_lock_ins += 1;
            }
            Ok(Recomputed::Pot) => report.pots += 1,
            Ok(Recomputed::Nothing) => {}
            Err(d) => {
                report.divergence = Some(diverged(d.recorded, d.now));
                return Ok(report);
            }
        }
        if let Err(problem) = table.apply(&event) {
            report.divergence = Some(diverged(
                String::new(),
                format!("the row cannot be applied: {problem}"),
            ));
            return Ok(report);
        }
        report.rows += 1;
    }
    check(&table, i64::MAX, &mut snapshots, &mut report);
    Ok(report)
}

/// One step of a recorded round, as `deckhand replay --round N` prints it and the supervisor's
/// review steps through it: the row, who and when, what happened, the section of the step it
/// answered, and where the round stood after it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct RoundStep {
    pub serial: i64,
    pub ts_utc: String,
    /// The dealer at the table, "Alex Rivera (20417)".
    pub dealer: Option<String>,
    /// Who signed the row, if anyone.
    pub signer: Option<String>,
    pub kind: String,
    pub what: String,
    pub section: String,
    /// What the dealer was asked next.
    pub then: String,
    /// Everything on the table for the round after the row (the pot, or the layout's wagers).
    pub on_table: crate::rules::Cents,
}

/// Round `number`'s table rows replayed step by step, from the journal on `conn` (read-only).
/// A row that cannot be applied stops the replay with its serial.
pub fn round_steps(conn: &Connection, number: u32) -> Result<Vec<RoundStep>> {
    let names: std::collections::BTreeMap<String, String> = conn
        .prepare("SELECT credential, name FROM people")?
        .query_map([], |r| Ok((r.get::<_, String>(0)?, r.get::<_, String>(1)?)))?
        .collect::<rusqlite::Result<_>>()?;
    let who = |c: Option<String>| {
        c.map(|c| match names.get(&c) {
            Some(n) => format!("{n} ({c})"),
            None => c,
        })
    };
    let mut stmt = conn.prepare(
        "SELECT serial, ts_utc, dealer_credential, actor_credential, kind, payload
         FROM journal WHERE stream = 'table' ORDER BY serial",
    )?;
    let mut rows = stmt.query([])?;
    let mut table = Table::default();
    let mut steps = Vec::new();
    while let Some(r) = rows.next()? {
        let serial: i64 = r.get(0)?;
        let payload: String = r.get(5)?;
        let event = row_event(serial, &payload)?;
        let starts = matches!(&event, Event::RoundStarted { number: n, .. } if *n == number);
        let section = table.section_of(&table.step());
        let game = table.setup.as_ref().map(|s| s.poker.game);
        let board_first = table
            .round
            .as_ref()
            .and_then(|r| r.banked.as_ref())
            .is_some_and(|b| b.board_first);
        apply_row(&mut table, serial, &event)?;
        let in_round = table.round.as_ref().is_some_and(|r| r.number == number);
        if starts || in_round || (!steps.is_empty() && table.round.is_none()) {
            steps.push(RoundStep {
                serial,
                ts_utc: r.get(1)?,
                dealer: who(r.get(2)?),
                signer: who(r.get(3)?),
                kind: r.get(4)?,
                what: game.map_or_else(|| event.sentence(), |g| event.sentence_in(g, board_first)),
                section,
                then: table.step().describe(),
                on_table: table.round.as_ref().map_or(0, |r| r.pot()),
            });
        }
        if !steps.is_empty() && !in_round {
            break;
        }
    }
    if steps.is_empty() {
        return Err(StoreError::Invalid(format!(
            "round {number} is not in this journal"
        )));
    }
    Ok(steps)
}

/// The round the table row `serial` belongs to, if any: the last round started at or before it,
/// when the row is one of that round's steps.
pub fn round_at(conn: &Connection, serial: i64) -> Result<Option<u32>> {
    let started: Option<String> = conn
        .query_row(
            "SELECT payload FROM journal WHERE stream = 'table' AND kind = 'round_started'
             AND serial <= ?1 ORDER BY serial DESC LIMIT 1",
            [serial],
            |r| r.get(0),
        )
        .optional()?;
    let Some(Event::RoundStarted { number, .. }) =
        started.and_then(|p| serde_json::from_str::<Event>(&p).ok())
    else {
        return Ok(None);
    };
    let steps = round_steps(conn, number)?;
    Ok(steps.iter().any(|s| s.serial == serial).then_some(number))
}

/// [`round_steps`] on the database at `path`, opened read-only.
pub fn round_steps_file(path: &Path, number: u32) -> Result<Vec<RoundStep>> {
    round_steps(&super::open_evidence(path)?, number)
}

/// Round `number`'s poker-room hand as it stood when its pot was awarded, with the table's
/// number and the round's start (UTC), replayed from the journal: what a hand history is
/// written from.
pub fn round_hand(
    conn: &Connection,
    number: u32,
) -> Result<(crate::rules::poker::hand::Hand, u32, String)> {
    let mut stmt = conn.prepare(
        "SELECT serial, ts_utc, payload FROM journal WHERE stream = 'table' ORDER BY serial",
    )?;
    let mut rows = stmt.query([])?;
    let mut table = Table::default();
    let mut found: Option<(crate::rules::poker::hand::Hand, u32, String)> = None;
    let mut started = String::new();
    while let Some(r) = rows.next()? {
        let serial: i64 = r.get(0)?;
        let payload: String = r.get(2)?;
        let event = row_event(serial, &payload)?;
        if matches!(&event, Event::RoundStarted { number: n, .. } if *n == number) {
            started = r.get(1)?;
        }
        apply_row(&mut table, serial, &event)?;
        match table.round.as_ref() {
            Some(round) if round.number == number => {
                if let Some(h) = &round.poker {
                    let no = table.setup.as_ref().map_or(0, |s| s.table_no);
                    found = Some((h.clone(), no, started.clone()));
                }
            }
            _ if found.is_some() => break,
            _ => {}
        }
    }
    found.ok_or_else(|| {
        StoreError::Invalid(format!(
            "round {number} is not a poker-room round of this journal"
        ))
    })
}

/// [`round_hand`] on the database at `path`, opened read-only.
pub fn round_hand_file(
    path: &Path,
    number: u32,
) -> Result<(crate::rules::poker::hand::Hand, u32, String)> {
    round_hand(&super::open_evidence(path)?, number)
}

/// A table row's event, or the serial of the row that does not read as one.
fn row_event(serial: i64, payload: &str) -> Result<Event> {
    serde_json::from_str(payload).map_err(|e| StoreError::BadPayload {
        serial,
        detail: e.to_string(),
    })
}

/// Applies a row's event to the table rebuilt so far; a row the rules refuse is named.
fn apply_row(table: &mut Table, serial: i64, event: &Event) -> Result<()> {
    table
        .apply(event)
        .map_err(|problem| crate::rules::table::ReplayError {
            serial,
            kind: event.kind().to_string(),
            problem: problem.to_string(),
        })?;
    Ok(())
}

/// Every poker-room round of the journal, each as its hand stood when the next round started
/// (or the journal ended): the hand, its table's number and the UTC time its round started.
/// House-banked rounds are left out (PHH records poker).
pub fn round_hands(conn: &Connection) -> Result<Vec<RoundHand>> {
    let mut stmt = conn.prepare(
        "SELECT serial, ts_utc, payload FROM journal WHERE stream = 'table' ORDER BY serial",
    )?;
    let mut rows = stmt.query([])?;
    let mut table = Table::default();
    let mut out: Vec<RoundHand> = Vec::new();
    let mut current: Option<RoundHand> = None;
    let mut started = String::new();
    while let Some(r) = rows.next()? {
        let serial: i64 = r.get(0)?;
        let payload: String = r.get(2)?;
        let event = row_event(serial, &payload)?;
        if matches!(&event, Event::RoundStarted { .. }) {
            started = r.get(1)?;
            out.extend(current.take());
        }
        apply_row(&mut table, serial, &event)?;
        if let Some(round) = table.round.as_ref()
            && let Some(h) = &round.poker
        {
            current = Some(RoundHand {
                number: round.number,
                table: table.setup.as_ref().map_or(0, |s| s.table_no),
                started_utc: started.clone(),
                hand: h.clone(),
            });
        }
    }
    out.extend(current);
    Ok(out)
}

/// One poker-room round as the journal leaves it.
#[derive(Debug, Clone)]
pub struct RoundHand {
    pub number: u32,
    pub table: u32,
    pub started_utc: String,
    pub hand: crate::rules::poker::hand::Hand,
}

/// [`round_hands`] of the journal at `path`, opened read-only as evidence.
pub fn round_hands_file(path: &Path) -> Result<Vec<RoundHand>> {
    round_hands(&super::open_evidence(path)?)
}
