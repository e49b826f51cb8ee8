//! The floor board's view of every table (issue 44), read from the central copy only: each
//! terminal's rows folded into what the floor needs at a glance (the table and game, the dealer,
//! open or closed, the round, the call waiting and since when, the device links down, the last
//! irregularity). At its start it reads each terminal's newest row of each kind it folds; then it learns of new rows through PostgreSQL's LISTEN/NOTIFY on
//! `deckhand_journal` (`db/central/0003_notify.sql`) and reads only the rows after the ones it
//! has; it never writes.

use super::JournalRow;
use super::central::CentralConfig;
use super::floor_acks::{ACKNOWLEDGED, Ack, AckWriter};
use crate::rules::table::Event;
use postgres::fallible_iterator::FallibleIterator;
use std::collections::BTreeMap;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex};
use std::time::Duration;

/// A call to the floor waiting at a table.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct FloorCallView {
    pub reason: String,
    /// Who must come, as the terminal journaled it ("floorperson", "shift supervisor").
    pub role: String,
    /// When the terminal raised it (UTC, RFC 3339).
    pub since_utc: String,
    /// The serial of its `floor_called` row: what an acknowledgement names.
    pub serial: i64,
    /// Who is coming, once someone at a board acknowledged it.
    pub coming: Option<Ack>,
}

/// One table as the floor sees it.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct TableView {
    pub terminal: String,
    pub table_no: Option<u32>,
    pub game: Option<String>,
    /// The dealer signed in: name and credential.
    pub dealer: Option<(String, String)>,
    pub open: bool,
    /// The round in play or the last one started.
    pub round: u32,
    pub call: Option<FloorCallView>,
    /// Device links not up, by name ("shuffler", "progressive").
    pub links_down: Vec<String>,
    /// The last irregularity, in the rules' words.
    pub last_irregularity: Option<String>,
    /// The newest serial read, and the time of the last row that changed the view.
    pub serial: i64,
    pub last_row_utc: String,
    /// The rounds started in the hour before the newest row: when, and by which dealer
    /// (credential), for rounds per hour per table and per dealer.
    pub recent_rounds: Vec<(chrono::DateTime<chrono::Utc>, Option<String>)>,
}

impl TableView {
    /// Rounds started in the hour before `now`: the table's, and its dealer's now.
    pub fn rounds_last_hour(&self, now: chrono::DateTime<chrono::Utc>) -> (usize, usize) {
        let hour_ago = now - chrono::Duration::hours(1);
        let within = self.recent_rounds.iter().filter(|(t, _)| *t > hour_ago);
        let dealer = self.dealer.as_ref().map(|d| &d.1);
        let (mut table, mut mine) = (0, 0);
        for (_, by) in within {
            table += 1;
            if by.is_some() && by.as_ref() == dealer {
                mine += 1;
            }
        }
        (table, mine)
    }
}

fn utc(ts: &str) -> Option<chrono::DateTime<chrono::Utc>> {
    chrono::DateTime::parse_from_rfc3339(ts)
        .ok()
        .map(|t| t.with_timezone(&chrono::Utc))
}

/// Folds one row of the table's journal into its view.
pub fn fold(v: &mut TableView, row: &JournalRow) {
    v.serial = row.serial;
    v.last_row_utc = row.ts_utc.clone();
    // Each row carries its table: a terminal is named before its table opens.
    if let Some(n) = row.table_no.and_then(|n| u32::try_from(n).ok()) {
        v.table_no = Some(n);
    }
    if row.stream == "table" {
        if let Ok(e) = serde_json::from_str::<Event>(&row.payload) {
            fold_event(v, &e);
            if let (Event::RoundStarted { .. }, Some(at)) = (&e, utc(&row.ts_utc)) {
                let hour_before = at - chrono::Duration::hours(1);
                v.recent_rounds.retain(|(t, _)| *t > hour_before);
                v.recent_rounds.push((at, row.dealer_credential.clone()));
            }
        }
        return;
    }
    let p: serde_json::Value = serde_json::from_str(&row.payload).unwrap_or_default();
    let text = |k: &str| p[k].as_str().unwrap_or_default().to_string();
    match row.kind.as_str() {
        crate::terminal::floor_call::CALLED => {
            v.call = Some(FloorCallView {
                reason: text("reason"),
                role: text("role"),
                since_utc: row.ts_utc.clone(),
                serial: row.serial,
                coming: None,
            })
        }
        crate::terminal::floor_call::ENDED => v.call = None,
        // The terminal journals the acknowledgement it shows: the board learns it from there
        // too (a board started after the acknowledgement, or another board's).
        ACKNOWLEDGED => {
            // What the terminal journaled is what its dealer sees: it stands over what this
            // board read from the server.
            if let (Some(call), Ok(ack)) =
                (v.call.as_mut(), serde_json::from_value::<Ack>(p.clone()))
                && ack.call_serial == call.serial
            {
                call.coming = Some(ack);
            }
        }
        "shuffler_link" | "progressive_link" => {
            let device = row.kind.trim_end_matches("_link").to_string();
            let up = matches!(text("state").as_str(), "connected" | "up");
            v.links_down.retain(|d| *d != device);
            if !up {
                v.links_down.push(device);
            }
        }
        _ => {}
    }
}

fn fold_event(v: &mut TableView, e: &Event) {
    match e {
        Event::DealerSignedIn { dealer } => {
            v.dealer = Some((dealer.name.clone(), dealer.credential.clone()))
        }
        Event::DealerSignedOut { .. } => v.dealer = None,
        Event::TableOpened { setup } => {
            v.open = true;
            v.table_no = Some(setup.table_no);
            v.game = Some(setup.poker.game.name().to_string());
        }
        Event::TableClosed { .. } => v.open = false,
        Event::RoundStarted { number, .. } => v.round = *number,
        Event::Irregularity { .. } => v.last_irregularity = Some(e.sentence()),
        _ => {}
    }
}

/// Every table the floor sees, and the reader's link to the server.
#[derive(Debug, Clone, Default)]
pub struct Board {
    pub tables: BTreeMap<String, TableView>,
    pub connected: bool,
    pub error: Option<String>,
    /// Notifications received (each names the terminals an insert added rows for).
    pub notifications: u64,
}

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
        for r in rows {
            let v = self
                .tables
                .entry(r.terminal_id.clone())
                .or_insert_with(|| TableView {
                    terminal: r.terminal_id.clone(),
                    ..Default::default()
                });
            if r.serial > v.serial {
                fold(v, r);
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
const STATE_KINDS: [&str; 11] = [
    "table_opened",
    "table_closed",
    "dealer_signed_in",
    "dealer_signed_out",
    "round_started",
    "irregularity",
    "shuffler_link",
    "progressive_link",
    crate::terminal::floor_call::CALLED,
    crate::terminal::floor_call::ENDED,
    ACKNOWLEDGED,
];

/// The start: for every terminal, the newest row of each kind its view folds (in serial order,
/// so the view is what all its rows would give) and its newest serial, however long ago its
/// table was last busy; never a whole journal.
/// The rows a start folds, and each terminal's newest serial.
type Loaded = (Vec<JournalRow>, Vec<(String, i64)>);

fn load(client: &mut postgres::Client) -> Result<Loaded, String> {
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
    let tops = client
        .query(
            &format!(
                "SELECT t.terminal_id, (SELECT MAX(serial) FROM journal j
                   WHERE j.terminal_id = t.terminal_id) FROM ({terminals}) t"
            ),
            &[],
        )
        .map_err(describe)?;
    // Each terminal's newest row of each kind (index journal_terminal_kind).
    let kinds: Vec<&str> = STATE_KINDS.to_vec();
    let newest = format!(
        "SELECT n.* FROM ({terminals}) t CROSS JOIN unnest($1::text[]) k(kind)
         CROSS JOIN LATERAL (SELECT {cols} FROM journal j
           WHERE j.terminal_id = t.terminal_id AND j.kind = k.kind
           ORDER BY j.serial DESC LIMIT 1) n",
        cols = super::central_reader::PG_COLUMNS
    );
    let mut rows = client.query(&newest, &[&kinds]).map_err(describe)?;
    // And the last hour's rounds, for rounds per hour (index journal_kind_time; the times are
    // UTC, all written alike).
    let hour_ago = (chrono::Utc::now() - chrono::Duration::hours(1))
        .to_rfc3339_opts(chrono::SecondsFormat::Micros, true);
    let rounds = format!(
        "SELECT {} FROM journal WHERE kind = 'round_started' AND ts_utc > $1",
        super::central_reader::PG_COLUMNS
    );
    rows.extend(client.query(&rounds, &[&hour_ago]).map_err(describe)?);
    let mut rows: Vec<JournalRow> = rows
        .iter()
        .map(super::central_reader::read_pg_row)
        .collect();
    rows.sort_by(|a, b| (&a.terminal_id, a.serial).cmp(&(&b.terminal_id, b.serial)));
    rows.dedup_by(|a, b| a.terminal_id == b.terminal_id && a.serial == b.serial);
    Ok((rows, tops.iter().map(|r| (r.get(0), r.get(1))).collect()))
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
    board: &Shared,
    stop: &AtomicBool,
    wake: &dyn Fn(),
) -> Result<(), String> {
    let mut client = cfg.connect()?;
    client
        .batch_execute("LISTEN deckhand_journal; LISTEN deckhand_ack")
        .map_err(|e| super::central::describe(&e))?;
    // Listening before the load: a row committed meanwhile is in one or the other.
    let (rows, tops) = load(&mut client)?;
    change(board, |b| {
        b.connected = true;
        b.error = None;
        b.take(&rows);
        // From here on, only what comes after each terminal's newest row.
        b.reached(&tops.into_iter().collect());
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
            if !acked.is_empty() {
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
        wake();
    }
    Ok(())
}

impl FloorReader {
    /// Starts the reader on the central database as `cfg`'s (read-only) user; `wake` is called
    /// after each change (the board's `request_repaint`). It reconnects (1 s, 2 s … 60 s) and
    /// loads again when the server goes away.
    pub fn spawn(cfg: CentralConfig, wake: impl Fn() + Send + Sync + 'static) -> FloorReader {
        let wake: Arc<dyn Fn() + Send + Sync> = Arc::new(wake);
        let acks = AckWriter::spawn(cfg.clone(), wake.clone());
        let board = Arc::new(Mutex::new(Arc::new(Board::default())));
        let b = board.clone();
        let thread = super::floor_acks::Stoppable::spawn("floor-reader", move |s| {
            let session = || listen(&cfg, &b, s, &*wake);
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
            _thread: thread,
            acks,
        }
    }

    /// The board as it stands (shared, not copied).
    pub fn board(&self) -> Arc<Board> {
        self.board.lock().map(|b| b.clone()).unwrap_or_default()
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
