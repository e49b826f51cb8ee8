//! The central database's read side for the supervisor review (`deckhand export --central`,
//! the review's "All tables"): queries on a read-only connection on its own thread.

use super::JournalRow;
use super::central::{CentralCheck, CentralConfig, describe, verify};
use std::path::PathBuf;

/// Rows matching a review filter across every terminal, oldest first (`deckhand export
/// --central`): the same filter as the terminal's own review, in PostgreSQL.
pub fn rows_matching(
    client: &mut postgres::Client,
    f: &super::review::Filter,
) -> Result<Vec<JournalRow>, String> {
    let (clause, args) = f.clause_for_postgres();
    let sql =
        format!("SELECT {PG_COLUMNS} FROM journal{clause} ORDER BY ts_utc, terminal_id, serial");
    let rows = client.query(&sql, &refs(&args)).map_err(|e| describe(&e))?;
    Ok(rows.iter().map(read_pg_row).collect())
}

/// The review's questions to the central database.
#[derive(Debug, Clone)]
pub enum CentralQuery {
    /// Newest first (time, terminal, serial), before the given key.
    Page {
        filter: super::review::Filter,
        before: Option<(String, String, i64)>,
        limit: usize,
    },
    Count(super::review::Filter),
    Corrections {
        terminal: String,
        serial: i64,
    },
    Verify,
    /// Every matching row as CSV into a file.
    Export {
        filter: super::review::Filter,
        path: PathBuf,
    },
}

#[derive(Debug, Clone)]
pub enum CentralAnswer {
    Page {
        rows: Vec<JournalRow>,
        appended: bool,
    },
    Count(i64),
    Corrections(Vec<JournalRow>),
    Chains(Vec<CentralCheck>),
    Exported(usize, PathBuf),
    Failed(String),
}

/// A read-only connection to the central database on its own thread, so the screen never
/// waits for the network: questions go in, answers come back and wake the screen.
pub struct CentralReader {
    tx: std::sync::mpsc::Sender<CentralQuery>,
    rx: std::sync::mpsc::Receiver<CentralAnswer>,
}

impl CentralReader {
    pub fn spawn(cfg: CentralConfig, wake: Box<dyn Fn() + Send>) -> CentralReader {
        let (tx, queries) = std::sync::mpsc::channel::<CentralQuery>();
        let (answers, rx) = std::sync::mpsc::channel();
        std::thread::Builder::new()
            .name("central-review".into())
            .spawn(move || {
                let mut client: Option<postgres::Client> = None;
                for q in queries {
                    if client.as_ref().is_none_or(|c| c.is_closed()) {
                        client = match cfg.connect() {
                            Ok(c) => Some(c),
                            Err(e) => {
                                let _ = answers.send(CentralAnswer::Failed(e));
                                wake();
                                continue;
                            }
                        };
                    }
                    let Some(c) = client.as_mut() else { continue };
                    let a = answer(c, q).unwrap_or_else(CentralAnswer::Failed);
                    if answers.send(a).is_err() {
                        return;
                    }
                    wake();
                }
            })
            .expect("spawning the central review reader");
        CentralReader { tx, rx }
    }

    pub fn ask(&self, q: CentralQuery) {
        let _ = self.tx.send(q);
    }

    /// Answers that arrived since the last call.
    pub fn answers(&self) -> Vec<CentralAnswer> {
        self.rx.try_iter().collect()
    }
}

pub(super) fn read_pg_row(r: &postgres::Row) -> JournalRow {
    JournalRow {
        serial: r.get(0),
        terminal_id: r.get(1),
        ts_utc: r.get(2),
        mono_ns: r.get(3),
        session: r.get(4),
        stream: r.get(5),
        table_no: r.get(6),
        dealer_credential: r.get(7),
        actor_credential: r.get(8),
        kind: r.get(9),
        payload: r.get(10),
        prev_hash: r.get(11),
        hash: r.get(12),
    }
}

pub(super) const PG_COLUMNS: &str =
    "serial, terminal_id, ts_utc, mono_ns, session, stream, table_no,
    dealer_credential, actor_credential, kind, payload, prev_hash, hash";

type Param = Box<dyn postgres::types::ToSql + Sync>;

fn refs(args: &[Param]) -> Vec<&(dyn postgres::types::ToSql + Sync)> {
    args.iter()
        .map(|a| a.as_ref() as &(dyn postgres::types::ToSql + Sync))
        .collect()
}

fn answer(c: &mut postgres::Client, q: CentralQuery) -> Result<CentralAnswer, String> {
    Ok(match q {
        CentralQuery::Page {
            filter,
            before,
            limit,
        } => {
            let (mut clause, mut args) = filter.clause_for_postgres();
            let appended = before.is_some();
            if let Some((ts, t, s)) = before {
                let n = args.len();
                clause.push_str(&format!(
                    " AND (ts_utc, terminal_id, serial) < (${}, ${}, ${})",
                    n + 1,
                    n + 2,
                    n + 3
                ));
                args.push(Box::new(ts));
                args.push(Box::new(t));
                args.push(Box::new(s));
            }
            let sql = format!(
                "SELECT {PG_COLUMNS} FROM journal{clause}
                 ORDER BY ts_utc DESC, terminal_id DESC, serial DESC LIMIT {limit}"
            );
            let rows = c.query(&sql, &refs(&args)).map_err(|e| describe(&e))?;
            CentralAnswer::Page {
                rows: rows.iter().map(read_pg_row).collect(),
                appended,
            }
        }
        CentralQuery::Count(filter) => {
            let (clause, args) = filter.clause_for_postgres();
            let sql = format!("SELECT COUNT(*) FROM journal{clause}");
            let row = c.query_one(&sql, &refs(&args)).map_err(|e| describe(&e))?;
            CentralAnswer::Count(row.get(0))
        }
        CentralQuery::Corrections { terminal, serial } => {
            let sql = format!(
                "SELECT {PG_COLUMNS} FROM journal WHERE terminal_id = $1 AND kind = 'correction'
                 AND (payload::jsonb ->> 'corrects') = $2::bigint::text ORDER BY serial"
            );
            let rows = c
                .query(&sql, &[&terminal, &serial])
                .map_err(|e| describe(&e))?;
            CentralAnswer::Corrections(rows.iter().map(read_pg_row).collect())
        }
        CentralQuery::Verify => CentralAnswer::Chains(verify(c)?),
        CentralQuery::Export { filter, path } => {
            let rows = rows_matching(c, &filter)?;
            let write = || -> std::io::Result<()> {
                if let Some(dir) = path.parent() {
                    std::fs::create_dir_all(dir)?;
                }
                let out = std::io::BufWriter::new(std::fs::File::create(&path)?);
                let mut csv = super::review::CsvRows::new(out)?;
                for r in &rows {
                    csv.row(r)?;
                }
                csv.finish().map(|_| ())
            };
            write().map_err(|e| format!("{}: {e}", path.display()))?;
            CentralAnswer::Exported(rows.len(), path)
        }
    })
}
