//! The floor board's feed of every table (issue 44), read from the central copy only: each
//! terminal's rows folded into what the floor needs at a glance (`store::floor_view`). At its
//! start it reads each terminal's newest rows of each kind it folds; then it learns of new rows
//! through PostgreSQL's LISTEN/NOTIFY on `deckhand_journal` (`db/central/0003_notify.sql`) and
//! reads only the rows after the ones it has; and the newest records of the table tapped, for
//! the board to tell in words. It never writes a terminal's journal.

use super::JournalRow;
use super::central::CentralConfig;
use super::floor_acks::{ACKNOWLEDGED, Ack, AckWriter};
use crate::config::HighHandConfig;
use postgres::fallible_iterator::FallibleIterator;
use std::collections::BTreeMap;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex};
use std::time::Duration;

pub use super::floor_view::{FloorCallView, HighHandView, TableView, Trouble, fold};

/// Every table the floor sees, and the reader's link to the server.
#[derive(Debug, Clone, Default)]
pub struct Board {
    pub tables: BTreeMap<String, TableView>,
    pub connected: bool,
    pub error: Option<String>,
    /// Notifications received (each names the terminals an insert added rows for).
    pub notifications: u64,
    /// The High Hand Jackpot's qualifying periods, which a pot's drop is counted in.
    pub high_hand: HighHandConfig,
    /// The newest records of the table tapped on the board.
    pub recent: Option<Recent>,
}

/// A table's newest records, newest first, as the board tells them.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct Recent {
    pub terminal: String,
    pub rows: Vec<JournalRow>,
}

/// How many of a table's newest records the board tells: a round and a half of a poker game.
pub const RECENT_ROWS: i64 = 40;

impl Board {
    /// The calls waiting, oldest first: (terminal, table, call).
    pub fn calls(&self) -> Vec<(&TableView, &FloorCallView)> {
        let mut calls: Vec<_> = self
            .tables
            .values()
            .filter_map(|t| t.call.as_ref().map(|c| (t, c)))
            .collect();
        calls.sort_by(|a, b| a.1.since_utc.cmp(&b.1.since_utc));
        calls
    }

    /// Each terminal's rows up to `tops` are read: the ones of other kinds change nothing here.
    fn reached(&mut self, tops: &BTreeMap<String, i64>) {
        for (terminal, top) in tops {
            let v = self
                .tables
                .entry(terminal.clone())
                .or_insert_with(|| TableView {
                    terminal: terminal.clone(),
                    ..Default::default()
                });
            v.serial = v.serial.max(*top);
        }
    }

    /// Folds rows (in serial order per terminal) into the board.
    fn take(&mut self, rows: &[JournalRow]) {
        let periods = &self.high_hand;
        for r in rows {
            let v = self
                .tables
                .entry(r.terminal_id.clone())
                .or_insert_with(|| TableView {
                    terminal: r.terminal_id.clone(),
                    ..Default::default()
                });
            if r.serial > v.serial {
                fold(v, r, periods);
            }
        }
    }
}

/// The board as the reader keeps it: each change copies it only if a frame holds the last
/// one (`Arc::make_mut`), and a frame takes it without copying 250 tables.
type Shared = Mutex<Arc<Board>>;

/// Changes the board.
fn change(board: &Shared, f: impl FnOnce(&mut Board)) {
    if let Ok(mut b) = board.lock() {
        f(Arc::make_mut(&mut b));
    }
}

/// The board's reader: a thread on a read-only connection that LISTENs, reads the rows after
/// what it has for each terminal a notification names, and wakes the screen.
pub struct FloorReader {
    board: Arc<Shared>,
    /// The table whose newest records the board asks for.
    wanted: Arc<Mutex<Option<String>>>,
    _thread: super::floor_acks::Stoppable,
    acks: AckWriter,
}

/// The rows of the kinds a view folds, of each terminal after the serial given for it, in one
/// query (one round trip for a whole batch of notifications, however many terminals it names),
/// in order per terminal. The rows of other kinds (most of a round) never leave the server.
fn state_rows_after(
    client: &mut postgres::Client,
    after: &BTreeMap<String, i64>,
) -> Result<(Vec<JournalRow>, BTreeMap<String, i64>), String> {
    let terminals: Vec<&str> = after.keys().map(String::as_str).collect();
    let serials: Vec<i64> = after.values().copied().collect();
    let kinds: Vec<&str> = STATE_KINDS.to_vec();
    let sql = format!(
        "SELECT {} FROM journal JOIN unnest($1::text[], $2::bigint[]) AS w(t, s)
           ON terminal_id = w.t AND serial > w.s
         WHERE kind = ANY($3) ORDER BY terminal_id, serial",
        super::central_reader::PG_COLUMNS
    );
    // How far each has been read: the server's own newest serial, never a notification's
    // word (anyone may NOTIFY); a terminal the server does not hold is no table. Asked before
    // the rows: a row committed between the two is then read (and folded) with them, never
    // passed over.
    let tops = client
        .query(
            "SELECT w.t, (SELECT MAX(serial) FROM journal WHERE terminal_id = w.t)
             FROM unnest($1::text[]) AS w(t)",
            &[&terminals],
        )
        .map_err(|e| super::central::describe(&e))?
        .iter()
        .filter_map(|r| Some((r.get::<_, String>(0), r.get::<_, Option<i64>>(1)?)))
        .collect();
    let rows = client
        .query(&sql, &[&terminals, &serials, &kinds])
        .map_err(|e| super::central::describe(&e))?;
    Ok((
        rows.iter()
            .map(super::central_reader::read_pg_row)
            .collect(),
        tops,
    ))
}

/// The kinds of row a table's view is folded from.
const STATE_KINDS: [&str; 22] = [
    "table_opened",
    "table_closed",
    "dealer_signed_in",
    "dealer_signed_out",
    "round_started",
    "table_idle",
    "irregularity",
    "shuffler_link",
    "progressive_link",
    crate::terminal::floor_call::CALLED,
    crate::terminal::floor_call::ENDED,
    ACKNOWLEDGED,
    "deck_counted",
    "shuffle_failed",
    "removal_verified",
    "deck_shuffled_manually",
    "deck_removed",
    "shuffler_out_of_service",
    "decks_changed",
    "progressive_meters",
    "high_hand_recorded",
    // Read as they come; the start sums the period's drop instead (`load`).
    "pot_awarded",
];

/// How many of each kind's newest rows the start folds: a wrong count on one deck is still
/// there after counts of the other deck.
const NEWEST_OF_EACH: i64 = 4;

/// The start: for every terminal, its newest serial, its newest rows of each kind its view
/// folds (in serial order, so the view is what all its rows would give), the last hour's rounds
/// and the High Hand period's drop, however long ago its table was last busy; never a whole
/// journal. Every part reads up to the same serial per terminal: a row committed meanwhile
/// comes with the notifications, once.
struct Loaded {
    rows: Vec<JournalRow>,
    tops: BTreeMap<String, i64>,
    /// Each terminal's High Hand drop in the current period (as the slip names it), up to its
    /// serial read.
    drops: BTreeMap<String, i64>,
    period: String,
}

fn load(client: &mut postgres::Client, periods: &HighHandConfig) -> Result<Loaded, String> {
    let describe = |e: postgres::Error| super::central::describe(&e);
    // The terminals, by a walk of the primary key's index (one probe per terminal, not a scan
    // of every row), and each one's newest serial.
    let terminals = "WITH RECURSIVE t AS (
          (SELECT terminal_id FROM journal ORDER BY terminal_id LIMIT 1)
          UNION ALL
          SELECT (SELECT j.terminal_id FROM journal j WHERE j.terminal_id > t.terminal_id
                  ORDER BY j.terminal_id LIMIT 1)
          FROM t WHERE t.terminal_id IS NOT NULL)
        SELECT terminal_id FROM t WHERE terminal_id IS NOT NULL";
    let tops: BTreeMap<String, i64> = client
        .query(
            &format!(
                "SELECT t.terminal_id, (SELECT MAX(serial) FROM journal j
                   WHERE j.terminal_id = t.terminal_id) FROM ({terminals}) t"
            ),
            &[],
        )
        .map_err(describe)?
        .iter()
        .map(|r| (r.get(0), r.get(1)))
        .collect();
    let names: Vec<&str> = tops.keys().map(String::as_str).collect();
    let serials: Vec<i64> = tops.values().copied().collect();
    let cols = super::central_reader::PG_COLUMNS;
    // Each terminal's newest rows of each kind (index journal_terminal_kind).
    let kinds: Vec<&str> = STATE_KINDS
        .iter()
        .copied()
        .filter(|k| *k != "pot_awarded")
        .collect();
    let newest = format!(
        "SELECT n.* FROM unnest($1::text[], $2::bigint[]) t(terminal_id, top)
         CROSS JOIN unnest($3::text[]) k(kind)
         CROSS JOIN LATERAL (SELECT {cols} FROM journal j
           WHERE j.terminal_id = t.terminal_id AND j.kind = k.kind AND j.serial <= t.top
           ORDER BY j.serial DESC LIMIT {NEWEST_OF_EACH}) n"
    );
    let mut rows = client
        .query(&newest, &[&names, &serials, &kinds])
        .map_err(describe)?;
    // And the last hour's rounds, for rounds per hour (index journal_kind_time; the times are
    // UTC, all written alike).
    let since =
        |t: chrono::DateTime<chrono::Utc>| t.to_rfc3339_opts(chrono::SecondsFormat::Micros, true);
    let now = chrono::Utc::now();
    let within = "JOIN unnest($1::text[], $2::bigint[]) w(t, top)
          ON j.terminal_id = w.t AND j.serial <= w.top";
    let rounds = format!(
        "SELECT {cols} FROM journal j {within}
         WHERE j.kind = 'round_started' AND j.ts_utc > $3"
    );
    let hour_ago = since(now - chrono::Duration::hours(1));
    rows.extend(
        client
            .query(&rounds, &[&names, &serials, &hour_ago])
            .map_err(describe)?,
    );
    // § 637a.16(c): the current period's High Hand drop, summed on the server (read from the
    // text as written: a payload that does not read adds nothing, and never stops the start).
    let period_start = periods.period_start(now).map(since).unwrap_or_default();
    let drops = client
        .query(
            &format!(
                "SELECT j.terminal_id, LEAST(COALESCE(SUM(
                   substring(j.payload from '\"high_hand\":\\s*(\\d{{1,15}})')::bigint), 0),
                   9000000000000000000)::bigint
                 FROM journal j {within}
                 WHERE j.kind = 'pot_awarded' AND j.stream = 'table' AND j.ts_utc >= $3
                 GROUP BY j.terminal_id
                 HAVING SUM(substring(j.payload from '\"high_hand\":\\s*(\\d{{1,15}})')::bigint) > 0"
            ),
            &[&names, &serials, &period_start],
        )
        .map_err(describe)?
        .iter()
        .map(|r| (r.get(0), r.get(1)))
        .collect();
    let mut rows: Vec<JournalRow> = rows
        .iter()
        .map(super::central_reader::read_pg_row)
        .collect();
    rows.sort_by(|a, b| (&a.terminal_id, a.serial).cmp(&(&b.terminal_id, b.serial)));
    rows.dedup_by(|a, b| a.terminal_id == b.terminal_id && a.serial == b.serial);
    let period = periods.period_of(now);
    Ok(Loaded {
        rows,
        tops,
        drops,
        period,
    })
}

/// The newest records of `terminal`, newest first.
fn recent_rows(client: &mut postgres::Client, terminal: &str) -> Result<Vec<JournalRow>, String> {
    let sql = format!(
        "SELECT {} FROM journal WHERE terminal_id = $1 ORDER BY serial DESC LIMIT {RECENT_ROWS}",
        super::central_reader::PG_COLUMNS
    );
    Ok(client
        .query(&sql, &[&terminal])
        .map_err(|e| super::central::describe(&e))?
        .iter()
        .map(super::central_reader::read_pg_row)
        .collect())
}

/// Reads the tapped table's newest records when the board asks for another table, or when the
/// one it shows has new rows (`named`); forgets them when the board asks for none.
fn refresh_recent(
    client: &mut postgres::Client,
    board: &Shared,
    wanted: &Mutex<Option<String>>,
    named: &BTreeMap<String, i64>,
) -> Result<bool, String> {
    let want = wanted.lock().map(|w| w.clone()).unwrap_or_default();
    let shown = board
        .lock()
        .ok()
        .and_then(|b| b.recent.as_ref().map(|r| r.terminal.clone()));
    let Some(terminal) = want else {
        if shown.is_some() {
            change(board, |b| b.recent = None);
        }
        return Ok(shown.is_some());
    };
    if shown.as_ref() == Some(&terminal) && !named.contains_key(&terminal) {
        return Ok(false);
    }
    let rows = recent_rows(client, &terminal)?;
    change(board, |b| b.recent = Some(Recent { terminal, rows }));
    Ok(true)
}

/// Reads the first acknowledgement of `terminal`'s call at `serial` into the board, if that
/// call is still the one waiting there.
fn take_ack(
    client: &mut postgres::Client,
    board: &Shared,
    terminal: &str,
    serial: i64,
) -> Result<(), String> {
    let waiting = |b: &Board| {
        b.tables
            .get(terminal)
            .and_then(|t| t.call.as_ref())
            .is_some_and(|c| c.serial == serial && c.coming.is_none())
    };
    if !board.lock().map(|b| waiting(&b)).unwrap_or(false) {
        return Ok(());
    }
    if let Some(ack) = super::floor_acks::first_for(client, terminal, serial)? {
        change(board, |b| {
            if let Some(call) = b.tables.get_mut(terminal).and_then(|t| t.call.as_mut())
                && call.serial == serial
                && call.coming.is_none()
            {
                call.coming = Some(ack);
            }
        });
    }
    Ok(())
}

/// "T-1:12,T-2:7": each terminal a notification names and its highest serial.
fn parse_notice(payload: &str) -> Vec<(String, i64)> {
    payload
        .split(',')
        .filter_map(|p| {
            let (t, s) = p.rsplit_once(':')?;
            Some((t.to_string(), s.parse().ok()?))
        })
        .collect()
}

fn listen(
    cfg: &CentralConfig,
    (board, wanted): (&Shared, &Mutex<Option<String>>),
    stop: &AtomicBool,
    wake: &dyn Fn(),
) -> Result<(), String> {
    let mut client = cfg.connect()?;
    client
        .batch_execute("LISTEN deckhand_journal; LISTEN deckhand_ack")
        .map_err(|e| super::central::describe(&e))?;
    // Listening before the load: a row committed meanwhile is in one or the other.
    let periods = board
        .lock()
        .map(|b| b.high_hand.clone())
        .unwrap_or_default();
    let loaded = load(&mut client, &periods)?;
    change(board, |b| {
        b.connected = true;
        b.error = None;
        b.recent = None;
        b.take(&loaded.rows);
        // The period's drop as the server sums it, over what a session before folded.
        for (terminal, v) in b.tables.iter_mut() {
            let cents = loaded.drops.get(terminal).copied().unwrap_or(0);
            v.set_high_hand_drop(loaded.period.clone(), cents);
        }
        // From here on, only what comes after each terminal's newest row.
        b.reached(&loaded.tops);
    });
    // Who is coming to the calls left waiting.
    let waiting: Vec<(String, i64)> = board
        .lock()
        .map(|b| {
            b.tables
                .values()
                .filter_map(|t| t.call.as_ref().map(|c| (t.terminal.clone(), c.serial)))
                .collect()
        })
        .unwrap_or_default();
    for (terminal, serial) in waiting {
        take_ack(&mut client, board, &terminal, serial)?;
    }
    wake();
    while !stop.load(Ordering::Relaxed) {
        let mut named: Vec<(String, i64)> = Vec::new();
        let mut acked: Vec<(String, i64)> = Vec::new();
        {
            let mut notes = client.notifications();
            let first = notes
                .timeout_iter(Duration::from_millis(250))
                .next()
                .map_err(|e| super::central::describe(&e))?;
            let mut sort = |n: &postgres::Notification| match n.channel() {
                "deckhand_ack" => acked.extend(super::floor_acks::parse_notice(n.payload())),
                _ => named.extend(parse_notice(n.payload())),
            };
            if let Some(n) = first {
                sort(&n);
                // And whatever else came meanwhile, without waiting.
                let mut more = notes.iter();
                while let Ok(Some(n)) = more.next() {
                    sort(&n);
                }
            }
        }
        if client.is_closed() {
            return Err("the server closed the connection".into());
        }
        if named.is_empty() {
            for (terminal, serial) in &acked {
                take_ack(&mut client, board, terminal, *serial)?;
            }
            let told = refresh_recent(&mut client, board, wanted, &BTreeMap::new())?;
            if told || !acked.is_empty() {
                wake();
            }
            continue;
        }
        let count = named.len() as u64;
        // A terminal named by several notifications is read once, up to its highest serial.
        let mut tops: BTreeMap<String, i64> = BTreeMap::new();
        for (terminal, top) in named {
            let t = tops.entry(terminal).or_default();
            *t = (*t).max(top);
        }
        // What the board has of each; the ones it is behind on are read.
        let have: BTreeMap<String, i64> = board
            .lock()
            .map(|b| {
                tops.keys()
                    .map(|t| (t.clone(), b.tables.get(t).map_or(0, |v| v.serial)))
                    .collect()
            })
            .unwrap_or_default();
        let behind: BTreeMap<String, i64> = have
            .into_iter()
            .filter(|(t, s)| tops.get(t).is_some_and(|top| top > s))
            .collect();
        let (fetched, read) = if behind.is_empty() {
            Default::default()
        } else {
            state_rows_after(&mut client, &behind)?
        };
        change(board, |b| {
            b.notifications += count;
            b.take(&fetched);
            b.reached(&read);
        });
        // The answers after the rows: a call and its answer in one batch meet in order.
        for (terminal, serial) in &acked {
            take_ack(&mut client, board, terminal, *serial)?;
        }
        refresh_recent(&mut client, board, wanted, &tops)?;
        wake();
    }
    Ok(())
}

impl FloorReader {
    /// Starts the reader on the central database as `cfg`'s (read-only) user; `wake` is called
    /// after each change (the board's `request_repaint`). It reconnects (1 s, 2 s … 60 s) and
    /// loads again when the server goes away. A pot's High Hand drop is counted in the periods
    /// of the default `[high_hand]`; [`FloorReader::spawn_with`] names the casino's.
    pub fn spawn(cfg: CentralConfig, wake: impl Fn() + Send + Sync + 'static) -> FloorReader {
        Self::spawn_with(cfg, HighHandConfig::default(), wake)
    }

    /// [`FloorReader::spawn`] with the casino's High Hand periods.
    pub fn spawn_with(
        cfg: CentralConfig,
        periods: HighHandConfig,
        wake: impl Fn() + Send + Sync + 'static,
    ) -> FloorReader {
        let wake: Arc<dyn Fn() + Send + Sync> = Arc::new(wake);
        let acks = AckWriter::spawn(cfg.clone(), wake.clone());
        let board = Arc::new(Mutex::new(Arc::new(Board {
            high_hand: periods,
            ..Default::default()
        })));
        let wanted = Arc::new(Mutex::new(None));
        let (b, w) = (board.clone(), wanted.clone());
        let thread = super::floor_acks::Stoppable::spawn("floor-reader", move |s| {
            let session = || listen(&cfg, (&b, &w), s, &*wake);
            super::floor_acks::again_and_again(s, session, |e| {
                change(&b, |board| {
                    board.connected = false;
                    board.error = Some(e);
                });
                wake();
            });
        });
        FloorReader {
            board,
            wanted,
            _thread: thread,
            acks,
        }
    }

    /// The board as it stands (shared, not copied).
    pub fn board(&self) -> Arc<Board> {
        self.board.lock().map(|b| b.clone()).unwrap_or_default()
    }

    /// Asks for `terminal`'s newest records (none: forget them); the board has them as
    /// [`Board::recent`] within a quarter of a second, and newer ones as they come.
    pub fn show_recent(&self, terminal: Option<&str>) {
        if let Ok(mut w) = self.wanted.lock() {
            *w = terminal.map(str::to_string);
        }
    }

    /// The last answer that did not reach the server, in words.
    pub fn ack_failure(&self) -> Option<String> {
        self.acks.failure()
    }

    /// `person` is coming to `terminal`'s call at `call_serial`: sent on the board's own
    /// thread; the board shows it once the server has it (its notification comes back).
    pub fn acknowledge(
        &self,
        terminal: &str,
        call_serial: i64,
        person: &crate::rules::table::Person,
    ) {
        self.acks.send(Ack {
            terminal: terminal.to_string(),
            call_serial,
            name: person.name.clone(),
            credential: person.credential.clone(),
            role: person.role.name().to_string(),
            ts_utc: chrono::Utc::now().to_rfc3339(),
            received_utc: String::new(),
        });
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_notice_names_each_terminal_and_its_highest_serial() {
        assert_eq!(
            parse_notice("T-1a:12,T-2b:7"),
            vec![("T-1a".to_string(), 12), ("T-2b".to_string(), 7)]
        );
        assert_eq!(parse_notice("garbage"), vec![]);
    }
}
