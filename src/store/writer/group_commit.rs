//! A group of appends committed as one: one transaction, one signed head, one sync, each caller
//! answered with its own rows once the group is durable; a caller whose rows the database
//! refuses is rolled back alone (a savepoint each), and a group the database did not commit is
//! taken back out of the commit log.

use super::*;

impl WriterState {
    /// Commits a group of appends in one transaction and answers each caller once it is
    /// durable: through the commit log when this writer owns it, else synced by SQLite.
    pub(super) fn commit_group(&mut self, group: Vec<Pending>) {
        if let Some(e) = &self.refused {
            for p in group {
                p.answer(Err(same_error(e)));
            }
            return;
        }
        let answers = match self.commit_logged(&group) {
            Some(answers) => answers,
            None => self.commit_each(&group),
        };
        match answers {
            Ok(answers) => {
                let rows = answers.iter().flatten().map(Vec::len).sum();
                self.count(1, group.len(), rows);
                self.commits.committed();
                for (p, a) in group.into_iter().zip(answers) {
                    p.answer(a);
                }
            }
            Err(e) => {
                for p in group {
                    p.answer(Err(same_error(&e)));
                }
            }
        }
    }

    /// The commit log's way: the group's rows made at once and written to the log (on their way
    /// to the disk as the database takes them, `synchronous=NORMAL`), the commit, then the log
    /// synced: the callers are answered once both are done. `None` when there is no log, or
    /// when the database refused a caller's rows (the log cut back; [`WriterState::commit_each`]
    /// then finds whose).
    fn commit_logged(&mut self, group: &[Pending]) -> Option<Result<Answers>> {
        let WriterState {
            conn,
            terminal_id,
            session,
            opened,
            key,
            log,
            refused,
            ..
        } = self;
        let log = log.as_mut()?;
        let result = (|| -> Result<Option<Answers>> {
            let tx = conn.transaction_with_behavior(rusqlite::TransactionBehavior::Immediate)?;
            let mut head = last_row(&tx)?;
            let rows: Vec<Vec<JournalRow>> = group
                .iter()
                .map(|p| {
                    let ctx = &p.ctx;
                    p.entries
                        .iter()
                        .map(|e| new_row(terminal_id, *session, *opened, ctx, e, &mut head))
                        .collect()
                })
                .collect();
            let Some(last) = rows.iter().flatten().last() else {
                return Ok(Some(rows.into_iter().map(Ok).collect()));
            };
            let mark = log.write(rows.iter().flatten())?;
            let inserted = (|| -> Result<()> {
                let mut stmt = tx.prepare_cached(INSERT_SQL)?;
                for r in rows.iter().flatten() {
                    r.insert(&mut stmt)?;
                }
                // The new head, signed, in the same transaction as the rows it covers.
                key.store_head(&tx, terminal_id, last.serial, &last.hash, &last.ts_utc)
            })();
            // The log's bytes went to the disk while the database took the rows; the callers
            // hear once the log is synced.
            match inserted.and_then(|()| Ok(tx.commit()?)) {
                Ok(()) => {
                    if let Err(e) = log.sync(mark) {
                        // The rows are in the database but the log's sync failed: the callers
                        // are told their rows may not be durable.
                        *refused = Some(sync_failed(&e));
                        return Err(e);
                    }
                }
                Err(e) => {
                    take_back(log, mark, refused)?;
                    return match e {
                        StoreError::Sql(_) => Ok(None), // whose rows: the savepoints' way
                        other => Err(other),
                    };
                }
            }
            log.committed();
            Ok(Some(rows.into_iter().map(Ok).collect()))
        })();
        result.transpose()
    }

    /// One savepoint per caller: rows the database refuses are rolled back and that caller told
    /// why; the others still commit (with the commit log, appended and synced before the
    /// commit).
    fn commit_each(&mut self, group: &[Pending]) -> Result<Answers> {
        let mut tx = self
            .conn
            .transaction_with_behavior(rusqlite::TransactionBehavior::Immediate)?;
        let mut head = last_row(&tx)?;
        let mut answers = Vec::with_capacity(group.len());
        for p in group {
            let before = head.clone();
            let sp = tx.savepoint()?;
            let rows = match insert_rows(
                &sp,
                &self.terminal_id,
                self.session,
                self.opened,
                &p.ctx,
                &p.entries,
                &mut head,
            ) {
                Ok(rows) => {
                    sp.commit()?;
                    Ok(rows)
                }
                Err(e) => {
                    drop(sp); // rolls back this caller's rows alone
                    // A full disk or an I/O error ends the whole transaction: the group
                    // fails with the database's own error, not with a later "no
                    // transaction" from the commit.
                    if tx.is_autocommit() {
                        return Err(e);
                    }
                    head = before;
                    Err(e)
                }
            };
            answers.push(rows);
        }
        // The new head, signed, in the same transaction as the rows it covers.
        if let Some(last) = answers.iter().rev().find_map(|a| a.as_ref().ok()?.last()) {
            self.key.store_head(
                &tx,
                &self.terminal_id,
                last.serial,
                &last.hash,
                &last.ts_utc,
            )?;
        }
        let Some(log) = self.log.as_mut() else {
            tx.commit()?;
            return Ok(answers);
        };
        let rows: Vec<&JournalRow> = answers.iter().flatten().flatten().collect();
        if rows.is_empty() {
            tx.commit()?;
            return Ok(answers);
        }
        let mark = log.write(rows)?;
        if let Err(e) = log.sync(mark) {
            take_back(log, mark, &mut self.refused)?;
            self.refused = Some(sync_failed(&e));
            return Err(e);
        }
        if let Err(e) = tx.commit() {
            take_back(log, mark, &mut self.refused)?;
            return Err(e.into());
        }
        log.committed();
        Ok(answers)
    }
}

/// The journal's last serial and hash, or (0, GENESIS).
pub(super) fn last_row(conn: &Connection) -> Result<(i64, String)> {
    Ok(conn
        .prepare_cached("SELECT serial, hash FROM journal ORDER BY serial DESC LIMIT 1")?
        .query_row([], |r| Ok((r.get::<_, i64>(0)?, r.get::<_, String>(1)?)))
        .optional()?
        .unwrap_or((0, GENESIS.to_string())))
}

/// Takes a group the database did not commit back out of the commit log, so it is never put
/// back at the next start; if even that fails, nothing more is written.
fn take_back(log: &mut CommitLog, mark: Mark, refused: &mut Option<StoreError>) -> Result<()> {
    log.undo(mark).inspect_err(|e| {
        *refused = Some(StoreError::Invalid(format!(
            "the commit log holds rows the journal does not, so nothing more is written: {e}"
        )));
    })
}

/// Why nothing more is written after the commit log's sync failed: what the disk holds is no
/// longer known (a second sync may report success over pages the first lost), as a database
/// stops at a failed `fsync`.
fn sync_failed(e: &StoreError) -> StoreError {
    StoreError::Invalid(format!(
        "the disk failed to sync the journal, so nothing more is written: {e}"
    ))
}

/// The row for `e` after `head` (moved on to it), hashed.
fn new_row(
    terminal_id: &str,
    session: i64,
    opened: Instant,
    ctx: &RowContext,
    e: &Entry,
    head: &mut (i64, String),
) -> JournalRow {
    let mut row = JournalRow {
        serial: head.0 + 1,
        terminal_id: terminal_id.to_string(),
        ts_utc: Utc::now().to_rfc3339_opts(SecondsFormat::Micros, true),
        mono_ns: opened.elapsed().as_nanos() as i64,
        session,
        stream: e.stream.as_str().to_string(),
        table_no: ctx.table_no.map(i64::from),
        dealer_credential: ctx.dealer_credential.clone(),
        actor_credential: e
            .actor_credential
            .clone()
            .or_else(|| ctx.actor_credential.clone()),
        kind: e.kind.clone(),
        payload: canonical_json(&e.payload),
        prev_hash: std::mem::take(&mut head.1),
        hash: String::new(),
    };
    row.hash = row.compute_hash();
    *head = (row.serial, row.hash.clone());
    row
}

/// Inserts one caller's entries after `head` (moved on to the last row written).
fn insert_rows(
    conn: &Connection,
    terminal_id: &str,
    session: i64,
    opened: Instant,
    ctx: &RowContext,
    entries: &[Entry],
    head: &mut (i64, String),
) -> Result<Vec<JournalRow>> {
    let mut rows = Vec::with_capacity(entries.len());
    let mut stmt = conn.prepare_cached(INSERT_SQL)?;
    for e in entries {
        let row = new_row(terminal_id, session, opened, ctx, e, head);
        row.insert(&mut stmt)?;
        rows.push(row);
    }
    Ok(rows)
}

/// The same failure for every caller of a group whose commit failed (the database's code kept,
/// so "the disk is full" still reads as such).
fn same_error(e: &StoreError) -> StoreError {
    match e {
        StoreError::Sql(rusqlite::Error::SqliteFailure(code, msg)) => {
            StoreError::Sql(rusqlite::Error::SqliteFailure(*code, msg.clone()))
        }
        StoreError::ChainBroken { serial, problem } => StoreError::ChainBroken {
            serial: *serial,
            problem: problem.clone(),
        },
        StoreError::Io(e) => StoreError::Io(std::io::Error::new(e.kind(), e.to_string())),
        other => StoreError::Invalid(other.to_string()),
    }
}
