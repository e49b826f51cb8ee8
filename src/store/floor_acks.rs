//! "I'm coming" (issue 44): the acknowledgement of a call to the floor, from the floor board to
//! the terminal that raised it, through the central copy's `floor_acks` table
//! (`db/central/0004_floor.sql`). The board adds a row as its floor role (it never writes
//! a terminal's journal); the server notifies `deckhand_ack` (the board listens); the terminal
//! asks for the answer to the call open there while it waits and hands it to the terminal,
//! which journals the one it shows. Both sides do their network work on threads of their own: the board's screen
//! and the dealer's never wait for the server.

use super::central::{CentralConfig, describe};
use std::sync::atomic::{AtomicBool, AtomicI64, Ordering};
use std::sync::mpsc;
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

/// The row a journaled acknowledgement is (`floor_call_acknowledged`).
pub const ACKNOWLEDGED: &str = "floor_call_acknowledged";

/// Someone at the floor board is coming to a call.
#[derive(Debug, Clone, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub struct Ack {
    pub terminal: String,
    /// The serial of the call's `floor_called` row in the terminal's journal.
    pub call_serial: i64,
    pub name: String,
    pub credential: String,
    /// "floorperson" or "shift supervisor".
    pub role: String,
    /// When the board sent it (UTC, RFC 3339), as the board says.
    pub ts_utc: String,
    /// When the server took it (UTC), as the server says; empty before it has.
    #[serde(default)]
    pub received_utc: String,
}

/// Adds an acknowledgement; the server refuses one that names no call it holds.
pub fn insert(client: &mut postgres::Client, ack: &Ack) -> Result<(), String> {
    client
        .execute(
            "INSERT INTO floor_acks (terminal_id, call_serial, person_name, person_credential,
               person_role, ts_utc) VALUES ($1, $2, $3, $4, $5, $6)
             ON CONFLICT (terminal_id, call_serial, person_credential) DO NOTHING",
            &[
                &ack.terminal,
                &ack.call_serial,
                &ack.name,
                &ack.credential,
                &ack.role,
                &ack.ts_utc,
            ],
        )
        .map(|_| ())
        .map_err(|e| describe(&e))
}

/// The first acknowledgement of a call, if any.
pub fn first_for(
    client: &mut postgres::Client,
    terminal: &str,
    call_serial: i64,
) -> Result<Option<Ack>, String> {
    let rows = client
        .query(
            "SELECT person_name, person_credential, person_role, ts_utc,
               to_char(received_at AT TIME ZONE 'UTC', 'YYYY-MM-DD\"T\"HH24:MI:SS.US\"Z\"')
             FROM floor_acks WHERE terminal_id = $1 AND call_serial = $2 ORDER BY id LIMIT 1",
            &[&terminal, &call_serial],
        )
        .map_err(|e| describe(&e))?;
    Ok(rows.first().map(|r| Ack {
        terminal: terminal.to_string(),
        call_serial,
        name: r.get(0),
        credential: r.get(1),
        role: r.get(2),
        ts_utc: r.get(3),
        received_utc: r.get(4),
    }))
}

/// "T-1a:12": the terminal and call a notification on `deckhand_ack` names.
pub fn parse_notice(payload: &str) -> Option<(String, i64)> {
    let (t, s) = payload.rsplit_once(':')?;
    Some((t.to_string(), s.parse().ok()?))
}

/// The board's sender of acknowledgements: a thread with its own connection, so a tap never
/// waits for the server. What failed last is kept for the board to show.
pub struct AckWriter {
    send: Option<mpsc::Sender<Ack>>,
    failure: Arc<Mutex<Option<String>>>,
    thread: Option<std::thread::JoinHandle<()>>,
}

impl AckWriter {
    pub fn spawn(cfg: CentralConfig, wake: Arc<dyn Fn() + Send + Sync>) -> AckWriter {
        let (send, recv) = mpsc::channel::<Ack>();
        let failure = Arc::new(Mutex::new(None));
        let failed = failure.clone();
        let thread = std::thread::Builder::new()
            .name("floor-acks".into())
            .spawn(move || {
                let mut client: Option<postgres::Client> = None;
                while let Ok(ack) = recv.recv() {
                    // A connection kept from before may have died with a server restart: a
                    // failure on it is tried once more on a new one.
                    let kept = client.take().map(|mut c| (insert(&mut c, &ack), c));
                    let result = match kept {
                        Some((Ok(()), c)) => {
                            client = Some(c);
                            Ok(())
                        }
                        _ => cfg.connect().and_then(|mut c| {
                            let r = insert(&mut c, &ack);
                            client = Some(c);
                            r
                        }),
                    };
                    if let Err(e) = &result {
                        client = None;
                        tracing::warn!("floor acknowledgement: {e}");
                    }
                    if let Ok(mut f) = failed.lock() {
                        *f = result
                            .err()
                            .map(|e| format!("Table {}: not sent ({e}). Tap again.", ack.terminal));
                    }
                    wake();
                }
            })
            .ok();
        AckWriter {
            send: Some(send),
            failure,
            thread,
        }
    }

    /// Queues an acknowledgement for the server.
    pub fn send(&self, ack: Ack) {
        if let Some(s) = &self.send {
            let _ = s.send(ack);
        }
    }

    /// The last acknowledgement that did not reach the server, in words.
    pub fn failure(&self) -> Option<String> {
        self.failure.lock().ok().and_then(|f| f.clone())
    }
}

impl Drop for AckWriter {
    fn drop(&mut self) {
        self.send.take();
        if let Some(t) = self.thread.take() {
            let _ = t.join();
        }
    }
}

/// The terminal's listener: told which call is open (its serial, 0 for none), it asks the
/// server for that call's answer at once and then every half second until there is one, and
/// leaves it for the terminal's logic to take. It asks rather than LISTENs: PostgreSQL wakes
/// every listening connection of the database at each notification, and the journal's
/// notifications (one per commit of every terminal) would wake 250 idle terminals' connections
/// thousands of times a second (measured: the server's CPU went to it, `docs/benchmarks.md`);
/// a terminal asks only while its call waits.
pub struct AckListener {
    open_call: Arc<AtomicI64>,
    inbox: Arc<Mutex<Vec<Ack>>>,
    _thread: Stoppable,
}

/// A thread that runs until it is dropped: its stop flag is set, then it is joined.
pub(super) struct Stoppable {
    stop: Arc<AtomicBool>,
    thread: Option<std::thread::JoinHandle<()>>,
}

impl Stoppable {
    /// Starts `run` on a thread named `name`, with the flag that tells it to stop.
    pub(super) fn spawn(name: &str, run: impl FnOnce(&AtomicBool) + Send + 'static) -> Stoppable {
        let stop = Arc::new(AtomicBool::new(false));
        let flag = stop.clone();
        let thread = std::thread::Builder::new()
            .name(name.into())
            .spawn(move || run(&flag))
            .ok();
        Stoppable { stop, thread }
    }
}

impl Drop for Stoppable {
    fn drop(&mut self) {
        self.stop.store(true, Ordering::Relaxed);
        if let Some(t) = self.thread.take() {
            let _ = t.join();
        }
    }
}

/// Runs `session` until `stop`: when it fails, `failed` hears why and it runs again after 1 s,
/// 2 s, 4 s … up to a minute (1 s again after a session that lasted a minute), waited in short
/// steps so that a stop never waits out a backoff.
pub(super) fn again_and_again(
    stop: &AtomicBool,
    mut session: impl FnMut() -> Result<(), String>,
    mut failed: impl FnMut(String),
) {
    let mut wait = Duration::from_secs(1);
    while !stop.load(Ordering::Relaxed) {
        let started = Instant::now();
        if let Err(e) = session() {
            failed(e);
            if started.elapsed() > Duration::from_secs(60) {
                wait = Duration::from_secs(1);
            }
            let until = Instant::now() + wait;
            while Instant::now() < until && !stop.load(Ordering::Relaxed) {
                std::thread::sleep(Duration::from_millis(100));
            }
            wait = (wait * 2).min(Duration::from_secs(60));
        }
    }
}

/// How often the terminal asks for the answer to the call open there.
const ASK_EVERY: Duration = Duration::from_millis(500);

fn listen(
    cfg: &CentralConfig,
    terminal: &str,
    open_call: &AtomicI64,
    inbox: &Mutex<Vec<Ack>>,
    stop: &AtomicBool,
    wake: &dyn Fn(),
) -> Result<(), String> {
    // Connected once a call is open; kept for the next.
    let mut client: Option<postgres::Client> = None;
    let (mut answered, mut asked, mut last) = (0, 0, Instant::now());
    while !stop.load(Ordering::Relaxed) {
        let call = open_call.load(Ordering::Relaxed);
        let due = call != asked || last.elapsed() >= ASK_EVERY;
        if call > 0 && call != answered && due {
            let c = match client.as_mut() {
                Some(c) => c,
                None => client.insert(cfg.connect()?),
            };
            if let Some(ack) = first_for(c, terminal, call)? {
                if let Ok(mut i) = inbox.lock() {
                    i.push(ack);
                }
                answered = call;
                wake();
            }
            (asked, last) = (call, Instant::now());
        }
        std::thread::sleep(Duration::from_millis(100));
    }
    Ok(())
}

impl AckListener {
    /// Starts listening as the terminal's central role; reconnects (1 s, 2 s … 60 s) when the
    /// server is away.
    pub fn spawn(cfg: CentralConfig, terminal: String, wake: Box<dyn Fn() + Send>) -> AckListener {
        let open_call = Arc::new(AtomicI64::new(0));
        let inbox = Arc::new(Mutex::new(Vec::new()));
        let (c, i) = (open_call.clone(), inbox.clone());
        let thread = Stoppable::spawn("floor-ack-listener", move |s| {
            again_and_again(
                s,
                || listen(&cfg, &terminal, &c, &i, s, &*wake),
                |e| tracing::warn!("floor acknowledgements: {e}"),
            );
        });
        AckListener {
            open_call,
            inbox,
            _thread: thread,
        }
    }

    /// The call open now (its row's serial; 0 for none).
    pub fn watch(&self, call_serial: i64) {
        self.open_call.store(call_serial, Ordering::Relaxed);
    }

    /// The acknowledgements read since the last take.
    pub fn take(&self) -> Vec<Ack> {
        self.inbox
            .lock()
            .map(|mut i| std::mem::take(&mut *i))
            .unwrap_or_default()
    }
}

#[cfg(test)]
mod tests {
    #[test]
    fn a_notice_names_the_terminal_and_the_call() {
        assert_eq!(
            super::parse_notice("T-1a:12"),
            Some(("T-1a".to_string(), 12))
        );
        assert_eq!(super::parse_notice("T-1a"), None);
    }
}
