//! One thread per serial link, whatever the device: it owns the port, says HELLO, turns frames
//! into the device's typed events, sends queued commands once the device has answered, notices
//! silence, and reopens the port with backoff when it vanishes. Each device kind supplies a
//! [`Protocol`]; the shuffler and the progressive controller share everything else.

use super::link::{Endpoint, HEARTBEAT, Incoming};
use serialport::SerialPort;
use std::io;
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::mpsc::{self, Receiver, Sender, SyncSender, TryRecvError, TrySendError};
use std::thread::JoinHandle;
use std::time::{Duration, Instant};

/// The device sends a heartbeat every second; three missed ones make the link silent, six
/// reopen the port.
pub const SILENCE: Duration = Duration::from_secs(3);
/// Journaling a batch that took this long kept the link thread from the line: the line is read
/// again before its silence is judged.
const HELD_FROM_THE_LINE: Duration = Duration::from_millis(200);

/// The state of a link, shown on the status bar.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum LinkState {
    Connecting,
    Connected {
        firmware: String,
        serial: String,
    },
    /// No byte (not even a heartbeat) for `SILENCE`.
    Silent,
    /// Bytes arrive, but no valid frame for `SILENCE`: line noise, a wrong speed or cable.
    Noise,
    /// The device answered in a protocol version this terminal does not speak: both versions,
    /// in words. The port is tried again slowly (a firmware change may fix it) but the state
    /// stays until then.
    Incompatible(String),
    Disconnected(String),
}

impl LinkState {
    pub fn label(&self) -> String {
        match self {
            LinkState::Connecting => "connecting".into(),
            LinkState::Connected { .. } => "connected".into(),
            LinkState::Silent => "not answering".into(),
            LinkState::Noise => "line noise, no valid message".into(),
            LinkState::Incompatible(why) => format!("incompatible: {why}"),
            LinkState::Disconnected(why) => format!("disconnected ({why})"),
        }
    }
    pub fn is_up(&self) -> bool {
        matches!(self, LinkState::Connected { .. })
    }

    /// A state the link is in because something is wrong (not connecting for the first time).
    pub fn is_fault(&self) -> bool {
        matches!(
            self,
            LinkState::Silent
                | LinkState::Noise
                | LinkState::Incompatible(_)
                | LinkState::Disconnected(_)
        )
    }
}

/// How a link thread records what the device says (see [`Protocol::record`]) and how fast a
/// device may talk before it is cut off.
#[derive(Clone, Default)]
pub struct LinkSetup {
    /// Where each report is journaled before its frame is acknowledged; `None` for a bare line
    /// (the line's own tests), which acknowledges on receipt.
    pub sink: Option<crate::store::DeviceSink>,
    /// Valid frames per second above which the device is flooding the line: shown and journaled
    /// once at a quarter of it, disconnected (with the reason) at it. 0: the default, 500.
    pub max_frames_per_second: u32,
}

impl LinkSetup {
    fn max_rate(&self) -> u32 {
        if self.max_frames_per_second == 0 {
            500
        } else {
            self.max_frames_per_second
        }
    }
}

/// Line errors told (shown and journaled) per second; the rest are counted.
pub const ERRORS_PER_SECOND: u32 = 10;

/// Reports to the screen's thread wait in a queue of this many; past it the link thread waits
/// (and so does the device, unacknowledged), never growing memory.
pub const EVENT_QUEUE: usize = 1024;

/// Opens the port again after it vanished.
pub type Opener = Box<dyn FnMut() -> io::Result<Box<dyn SerialPort>> + Send>;
/// Wakes the UI (`egui::Context::request_repaint`).
pub type Waker = Arc<dyn Fn() + Send + Sync>;

/// What a frame from the device means.
pub enum Decoded<E> {
    /// The answer to HELLO: the link is up.
    Up(LinkState),
    Event(E),
}

/// A device kind's messages, as far as the link thread needs them.
pub trait Protocol: Send + 'static {
    type Event: Send + 'static;
    /// "shuffler", "progressive controller": used in messages.
    const NAME: &'static str;
    const HELLO: u8;
    const VERSION: u8;
    /// Heartbeats the host sends, for devices that lock out when the host falls silent.
    const HOST_HEARTBEAT: Option<Duration> = None;
    fn decode(kind: u8, payload: &[u8]) -> Result<Decoded<Self::Event>, String>;
    /// Whether a message type from the device is one this protocol defines (an unknown one is
    /// NAKed with reason 1, a known one that does not decode with reason 2).
    fn knows(kind: u8) -> bool;
    fn link(state: LinkState) -> Self::Event;
    fn line_error(message: String) -> Self::Event;
    /// The journal row for an event (kind, payload), written by the link thread before the
    /// frame is acknowledged; `None` for what is not recorded.
    fn record(ev: &Self::Event) -> Option<(&'static str, serde_json::Value)>;
    /// Kinds a device repeats (a state, meters): a run of identical reports is one row with its
    /// count, a repeat of the last state recorded is marked unchanged; none is dropped.
    const ON_CHANGE: &'static [&'static str] = &[];
}

/// An on-change row's payload without what the link added to it (the count, the mark).
fn strip_count(row: &serde_json::Value) -> serde_json::Value {
    let mut v = row.clone();
    if let Some(obj) = v.as_object_mut() {
        obj.remove("reports");
        obj.remove("unchanged");
    }
    v
}

/// A running link: commands in, events out.
pub struct Link<P: Protocol> {
    commands: Sender<(u8, Vec<u8>)>,
    events: Receiver<P::Event>,
    stop: Arc<AtomicBool>,
    thread: Option<JoinHandle<()>>,
    journals: bool,
}

impl<P: Protocol> Link<P> {
    /// A bare line: frames acknowledged on receipt, nothing journaled (the line's own tests).
    pub fn spawn(opener: Opener, waker: Waker) -> Link<P> {
        Self::spawn_with(opener, waker, LinkSetup::default())
    }

    /// A link whose reports are journaled through `setup.sink` before each frame is
    /// acknowledged.
    pub fn spawn_with(opener: Opener, waker: Waker, setup: LinkSetup) -> Link<P> {
        let (cmd_tx, cmd_rx) = mpsc::channel();
        let (ev_tx, ev_rx) = mpsc::sync_channel(EVENT_QUEUE);
        let stop = Arc::new(AtomicBool::new(false));
        let stop2 = stop.clone();
        let journals = setup.sink.is_some();
        let thread = std::thread::Builder::new()
            .name(format!("{}-link", P::NAME.replace(' ', "-")))
            .spawn(move || link_thread::<P>(opener, waker, cmd_rx, ev_tx, stop2, setup))
            .ok();
        Link {
            commands: cmd_tx,
            events: ev_rx,
            stop,
            thread,
            journals,
        }
    }

    /// A link on a named port (e.g. `/dev/deckhand-progressive`), 8N1 at `baud`.
    pub fn open_path(path: String, baud: u32, waker: Waker, setup: LinkSetup) -> Link<P> {
        let opener: Opener = Box::new(move || {
            serialport::new(&path, baud)
                .timeout(Duration::from_millis(50))
                .open()
                .map_err(io::Error::from)
        });
        Self::spawn_with(opener, waker, setup)
    }

    /// Whether the link thread journals the device's reports itself.
    pub fn journals(&self) -> bool {
        self.journals
    }

    /// Queues a message; it is sent once the device has answered HELLO.
    pub fn send(&self, kind: u8, payload: Vec<u8>) {
        let _ = self.commands.send((kind, payload));
    }

    /// Events that arrived since the last call, at most [`EVENT_QUEUE`] at a time (the rest
    /// on the next frame). Never blocks.
    pub fn poll(&self) -> Vec<P::Event> {
        self.events.try_iter().take(EVENT_QUEUE).collect()
    }
}

impl<P: Protocol> Drop for Link<P> {
    fn drop(&mut self) {
        self.stop.store(true, Ordering::SeqCst);
        if let Some(t) = self.thread.take() {
            let _ = t.join();
        }
    }
}

/// What the link thread keeps between frames: the journal, the flood meter, the last state.
struct Recorder<P: Protocol> {
    sink: Option<crate::store::DeviceSink>,
    events: SyncSender<P::Event>,
    waker: Waker,
    stop: Arc<AtomicBool>,
    last_state: Option<LinkState>,
    last_recorded: std::collections::HashMap<&'static str, serde_json::Value>,
    /// Line errors told this second, and those beyond [`ERRORS_PER_SECOND`] (recorded as a
    /// count, not one row each).
    errors_told: u32,
    errors_muted: u32,
    errors_window: Instant,
    /// Valid frames this second, and whether the current episode of flooding was told.
    frames: u32,
    frames_window: Instant,
    flood_told: bool,
}

impl<P: Protocol> Recorder<P> {
    /// Hands an event to the screen's thread; waits while its queue is full (the device waits
    /// with it), never past a stop.
    fn emit(&self, mut e: P::Event) {
        loop {
            match self.events.try_send(e) {
                Ok(()) => break,
                Err(TrySendError::Full(back)) => {
                    if self.stop.load(Ordering::SeqCst) {
                        return;
                    }
                    e = back;
                    (self.waker)();
                    std::thread::sleep(Duration::from_millis(5));
                }
                Err(TrySendError::Disconnected(_)) => return,
            }
        }
        (self.waker)();
    }

    /// The journal rows for these events, and the on-change values to remember once they are
    /// written. Every report acknowledged is in the journal: a state the device repeats (an
    /// `ON_CHANGE` kind) is one row per run of identical reports in the batch, with how many
    /// (`"reports"`), and marked `"unchanged"` when it repeats the last state recorded.
    #[allow(clippy::type_complexity)]
    fn rows(
        &self,
        events: &[P::Event],
    ) -> (
        Vec<crate::store::Entry>,
        Vec<(&'static str, serde_json::Value)>,
    ) {
        let mut out: Vec<(&'static str, serde_json::Value)> = Vec::new();
        let mut remember: Vec<(&'static str, serde_json::Value)> = Vec::new();
        for e in events {
            let Some((kind, payload)) = P::record(e) else {
                continue;
            };
            if !P::ON_CHANGE.contains(&kind) {
                out.push((kind, payload));
                continue;
            }
            let last = remember
                .iter()
                .rev()
                .find(|(k, _)| *k == kind)
                .map(|(_, v)| v)
                .or_else(|| self.last_recorded.get(kind));
            let same = last == Some(&payload);
            // The run goes on: the row of the same state just written counts one more.
            if same
                && let Some((_, row)) = out.iter_mut().rev().find(|(k, _)| *k == kind)
                && row.get("reports").is_some()
                && strip_count(row) == payload
            {
                let n = row["reports"].as_u64().unwrap_or(1) + 1;
                row["reports"] = serde_json::json!(n);
                continue;
            }
            let mut row = payload.clone();
            if let Some(obj) = row.as_object_mut() {
                obj.insert("reports".into(), serde_json::json!(1));
                if same {
                    obj.insert("unchanged".into(), serde_json::json!(true));
                }
            }
            remember.push((kind, payload));
            out.push((kind, row));
        }
        let rows = out
            .into_iter()
            .map(|(k, v)| crate::store::Entry::system(k, v))
            .collect();
        (rows, remember)
    }

    /// Journals the events in one transaction; true once they are durable (or when there is
    /// no journal). What is remembered for "on change" only counts once written.
    fn record(&mut self, events: &[P::Event]) -> bool {
        let (rows, remember) = self.rows(events);
        if let Some(sink) = &self.sink
            && let Err(e) = sink.append(rows)
        {
            tracing::error!("{}: reports not recorded, not acknowledged: {e}", P::NAME);
            // The sink left the failure for the terminal: the screen shows it now.
            (self.waker)();
            return false;
        }
        self.last_recorded.extend(remember);
        true
    }

    /// Journals the events and, once durable, hands them on. False when the journal refused
    /// them: nothing is handed on.
    fn record_and_emit(&mut self, events: Vec<P::Event>) -> bool {
        let _on_its_way = self.sink.as_ref().map(|s| s.on_its_way());
        if !self.record(&events) {
            return false;
        }
        for e in events {
            self.emit(e);
        }
        true
    }

    /// A new link state: recorded and shown once per change. While the link is in a fault,
    /// the retries' own "connecting" is not a change. A state the journal refused is still
    /// shown, and recorded when it is set again.
    fn set_state(&mut self, s: LinkState) {
        if self.last_state.as_ref() == Some(&s) {
            return;
        }
        if s == LinkState::Connecting && self.last_state.as_ref().is_some_and(|l| l.is_fault()) {
            return;
        }
        let ev = P::link(s.clone());
        if self.record(std::slice::from_ref(&ev)) {
            self.last_state = Some(s);
        }
        self.emit(ev);
    }

    /// A line error: the first [`ERRORS_PER_SECOND`] of each second recorded and shown, the
    /// rest counted (see [`Recorder::flush_errors`]), so line noise cannot flood the journal.
    fn line_error(&mut self, msg: String) {
        if let Some(e) = self.line_error_event(msg) {
            let _ = self.record_and_emit(vec![e]);
        }
    }

    /// The event for a line error, if it is to be told (see [`Recorder::line_error`]).
    fn line_error_event(&mut self, msg: String) -> Option<P::Event> {
        if self.errors_window.elapsed() >= Duration::from_secs(1) {
            self.flush_errors();
            self.errors_window = Instant::now();
            self.errors_told = 0;
        }
        if self.errors_told < ERRORS_PER_SECOND {
            self.errors_told += 1;
            Some(P::line_error(msg))
        } else {
            self.errors_muted += 1;
            None
        }
    }

    /// Records how many line errors were only counted, once their second is over (kept to
    /// try again if the journal refuses).
    fn flush_errors(&mut self) {
        if self.errors_muted > 0 && self.errors_window.elapsed() >= Duration::from_secs(1) {
            let muted = self.errors_muted;
            if self.record_and_emit(vec![P::line_error(format!(
                "{muted} more line errors in that second"
            ))]) {
                self.errors_muted = 0;
            }
        }
    }

    /// Counts a valid frame. At a quarter of `max` frames within a second the flood is told
    /// (and journaled) once per episode; at `max` the rate is returned, to cut the device off.
    fn count_frame(&mut self, max: u32) -> Option<u32> {
        if self.frames_window.elapsed() >= Duration::from_secs(1) {
            if self.frames < max / 4 {
                self.flood_told = false;
            }
            self.frames = 0;
            self.frames_window = Instant::now();
        }
        self.frames += 1;
        let secs = self.frames_window.elapsed().as_secs_f64().max(0.001);
        let rate = (f64::from(self.frames) / secs).round() as u32;
        if self.frames >= max / 4 && !self.flood_told {
            self.flood_told = true;
            let told = format!("{} flooding the line: {rate} frames/s", P::NAME);
            let _ = self.record_and_emit(vec![P::line_error(told)]);
        }
        (self.frames >= max).then_some(rate)
    }
}

fn link_thread<P: Protocol>(
    mut opener: Opener,
    waker: Waker,
    commands: Receiver<(u8, Vec<u8>)>,
    events: SyncSender<P::Event>,
    stop: Arc<AtomicBool>,
    setup: LinkSetup,
) {
    let max_rate = setup.max_rate();
    let mut rec = Recorder::<P> {
        sink: setup.sink,
        events,
        waker,
        stop: stop.clone(),
        last_state: None,
        last_recorded: Default::default(),
        errors_told: 0,
        errors_muted: 0,
        errors_window: Instant::now()
            .checked_sub(Duration::from_secs(2))
            .unwrap_or_else(Instant::now),
        frames: 0,
        frames_window: Instant::now(),
        flood_told: false,
    };
    let mut backoff = Duration::from_millis(100);
    let mut queued: Vec<(u8, Vec<u8>)> = Vec::new();
    while !stop.load(Ordering::SeqCst) {
        let mut port = match opener() {
            Ok(p) => p,
            Err(e) => {
                rec.set_state(LinkState::Disconnected(e.to_string()));
                sleep_unless_stopped(&stop, backoff);
                backoff = (backoff * 2).min(Duration::from_secs(2));
                continue;
            }
        };
        let _ = port.set_timeout(Duration::from_millis(50));
        backoff = Duration::from_millis(100);
        rec.set_state(LinkState::Connecting);
        let result = run_session(&mut port, &mut rec, &commands, &mut queued, &stop, max_rate);
        match result {
            Ok(()) => return,
            Err(e) => {
                let flooding = e.to_string().contains("flooding the line");
                let incompatible = matches!(rec.last_state, Some(LinkState::Incompatible(_)));
                // Reopening a silent or noisy line is not news; a port that failed is.
                let own_timeout = e.kind() == io::ErrorKind::TimedOut
                    && matches!(rec.last_state, Some(LinkState::Silent | LinkState::Noise));
                if !incompatible && !own_timeout {
                    rec.set_state(LinkState::Disconnected(e.to_string()));
                }
                drop(port);
                // A device that floods or speaks another version is tried again slowly.
                let wait = if flooding || incompatible {
                    Duration::from_secs(5)
                } else {
                    backoff
                };
                sleep_unless_stopped(&stop, wait);
            }
        }
    }
}

/// What a session has seen of the device since the port opened.
struct Seen {
    /// The Connected state (with firmware and serial number) once HELLO is answered.
    up: Option<LinkState>,
    /// A valid frame or heartbeat since the port opened.
    valid: bool,
    last_valid: Instant,
}

/// One read's frames decoded: the events to journal in one transaction, the answer each frame
/// is owed once they are, and what ends the session.
struct Batch<E> {
    events: Vec<E>,
    answers: Vec<(u8, Option<u8>)>,
    incompatible: Option<String>,
    flooded: Option<u32>,
    fresh: usize,
}

/// One opened port, from HELLO until the line fails, floods, falls silent, the screen's side
/// hangs up (`Ok`) or the link is stopped (`Ok`).
fn run_session<P: Protocol>(
    port: &mut Box<dyn SerialPort>,
    rec: &mut Recorder<P>,
    commands: &Receiver<(u8, Vec<u8>)>,
    queued: &mut Vec<(u8, Vec<u8>)>,
    stop: &AtomicBool,
    max_rate: u32,
) -> io::Result<()> {
    let mut ep = Endpoint::new();
    // The host answers each frame itself: ACK once what it said is journaled, NAK for a type
    // it does not know or a payload it cannot read.
    ep.defer_ack = true;
    let mut last_beat = Instant::now();
    ep.send(port, P::HELLO, vec![P::VERSION])?;
    let mut seen = Seen {
        up: None,
        valid: false,
        last_valid: Instant::now(),
    };
    let mut quiet = false;
    // Bytes but no valid frame since the port opened: an unanswered HELLO is then line noise
    // (a wrong speed or cable), not a device that says nothing. (The decoder skips bytes before
    // a start byte without a word, so any byte counts.)
    let opened_rx = ep.last_rx;
    loop {
        if stop.load(Ordering::SeqCst) {
            return Ok(());
        }
        loop {
            match commands.try_recv() {
                Ok(cmd) => queued.push(cmd),
                Err(TryRecvError::Empty) => break,
                Err(TryRecvError::Disconnected) => return Ok(()),
            }
        }
        if seen.up.is_some() {
            for (kind, payload) in queued.drain(..) {
                ep.send(port, kind, payload)?;
            }
        }
        if let Some(every) = P::HOST_HEARTBEAT
            && last_beat.elapsed() >= every
        {
            last_beat = Instant::now();
            ep.send_unacked(port, HEARTBEAT, vec![])?;
        }
        let incoming = ep.read(port)?;
        // Decode the batch; journal it in one transaction; then answer each frame.
        let batch = decode_batch(rec, &mut seen, incoming, max_rate);
        // From before the reports are journaled until they are handed on, the terminal knows
        // they are on their way.
        let on_its_way = rec
            .sink
            .as_ref()
            .filter(|_| !batch.events.is_empty())
            .map(|s| s.on_its_way());
        let journaling = Instant::now();
        if !batch.events.is_empty() && !rec.record(&batch.events) {
            // Not recorded: not acknowledged; the device sends again, and its resends are
            // dealt with as new. Give the journal a moment rather than spinning; the screen
            // shows the fault meanwhile and takes its "Try again".
            drop(on_its_way);
            ep.forget_last(batch.fresh);
            std::thread::sleep(Duration::from_millis(200));
            continue;
        }
        // Durable: acknowledged, then handed to the screen (whose queue may make this thread
        // wait, never the device's acknowledgement).
        for (seq, nak) in batch.answers {
            match nak {
                None => ep.ack(port, seq)?,
                Some(reason) => ep.nak(port, seq, reason)?,
            }
        }
        for e in batch.events {
            rec.emit(e);
        }
        drop(on_its_way);
        rec.flush_errors();
        if batch.flooded.is_some() {
            // The rate itself was told when the flood began; the state stays one state.
            return Err(io::Error::other(format!(
                "the {} is flooding the line; disconnected",
                P::NAME
            )));
        }
        if let Some(why) = batch.incompatible {
            rec.set_state(LinkState::Incompatible(why.clone()));
            return Err(io::Error::other(why));
        }
        // A slow disk (or the screen's queue) kept this thread from the line: what the device
        // said meanwhile (its heartbeats, its acknowledgements) waits unread, so the line is
        // read again before its silence or an unanswered message is judged.
        if journaling.elapsed() >= HELD_FROM_THE_LINE {
            continue;
        }
        for kind in ep.tick(port)? {
            // An unanswered HELLO is the link's state, not a line error per retry.
            if kind == P::HELLO {
                if ep.last_rx > opened_rx && !seen.valid {
                    rec.set_state(LinkState::Noise);
                }
                return Err(io::Error::new(
                    io::ErrorKind::TimedOut,
                    "no answer to HELLO",
                ));
            }
            rec.line_error(format!(
                "no acknowledgement for message {kind:#04x} after 3 tries"
            ));
        }
        watch_line(rec, &seen, &ep, &mut quiet)?;
    }
}

/// The frames of one read decoded, each with the answer it is owed; a flood stops the batch,
/// what came before it still recorded and answered.
fn decode_batch<P: Protocol>(
    rec: &mut Recorder<P>,
    seen: &mut Seen,
    incoming: Vec<Incoming>,
    max_rate: u32,
) -> Batch<P::Event> {
    let mut b = Batch {
        events: Vec::new(),
        answers: Vec::new(),
        incompatible: None,
        flooded: None,
        fresh: 0,
    };
    for inc in incoming {
        if b.flooded.is_some() {
            // Past the limit: what came before is still recorded and answered.
            break;
        }
        match inc {
            Incoming::Frame(f) => {
                seen.valid = true;
                seen.last_valid = Instant::now();
                b.fresh += 1;
                if let Some(rate) = rec.count_frame(max_rate) {
                    b.flooded = Some(rate);
                    continue;
                }
                if !P::knows(f.kind) {
                    b.answers.push((f.seq, Some(1)));
                    b.events.extend(rec.line_error_event(format!(
                        "unknown message type {:#04x} refused (NAK)",
                        f.kind
                    )));
                    continue;
                }
                match P::decode(f.kind, &f.payload) {
                    Ok(Decoded::Up(s)) => {
                        b.answers.push((f.seq, None));
                        seen.up = Some(s.clone());
                        rec.last_state = None;
                        rec.set_state(s);
                    }
                    Ok(Decoded::Event(ev)) => {
                        b.answers.push((f.seq, None));
                        b.events.push(ev);
                    }
                    Err(msg) if f.kind == P::HELLO | 0x80 => {
                        b.answers.push((f.seq, Some(2)));
                        b.incompatible = Some(msg);
                    }
                    Err(msg) => {
                        b.answers.push((f.seq, Some(2)));
                        b.events.extend(rec.line_error_event(msg));
                    }
                }
            }
            Incoming::Heartbeat => {
                seen.valid = true;
                seen.last_valid = Instant::now();
            }
            Incoming::Error(e) => b.events.extend(rec.line_error_event(e.to_string())),
            Incoming::Duplicate(seq) => {
                seen.valid = true;
                seen.last_valid = Instant::now();
                // Answered with the batch: its original may be in it.
                b.answers.push((seq, None));
                b.events.extend(
                    rec.line_error_event(format!("duplicate sequence number {seq} ignored")),
                )
            }
            Incoming::Refused { kind, reason } => {
                seen.valid = true;
                b.events.extend(rec.line_error_event(format!(
                    "the {} refused message {kind:#04x} (reason {reason})",
                    P::NAME
                )))
            }
        }
    }
    b
}

/// A line that fell silent, or carries only noise, is the link's state; once it speaks again,
/// the state it had; silent too long, the port is reopened.
fn watch_line<P: Protocol>(
    rec: &mut Recorder<P>,
    seen: &Seen,
    ep: &Endpoint,
    quiet: &mut bool,
) -> io::Result<()> {
    let silent_for = ep.last_rx.elapsed();
    let invalid_for = seen.last_valid.elapsed();
    if !*quiet && silent_for > SILENCE {
        *quiet = true;
        rec.set_state(LinkState::Silent);
    } else if !*quiet && invalid_for > SILENCE {
        *quiet = true;
        rec.set_state(LinkState::Noise);
    } else if *quiet && invalid_for < SILENCE {
        *quiet = false;
        rec.last_state = None;
        rec.set_state(seen.up.clone().unwrap_or(LinkState::Connecting));
    }
    if *quiet && invalid_for > SILENCE * 2 {
        return Err(io::Error::new(
            io::ErrorKind::TimedOut,
            format!("the {} stopped answering; reopening the port", P::NAME),
        ));
    }
    Ok(())
}

pub fn sleep_unless_stopped(stop: &AtomicBool, d: Duration) {
    let until = Instant::now() + d;
    while Instant::now() < until && !stop.load(Ordering::SeqCst) {
        std::thread::sleep(Duration::from_millis(20));
    }
}
