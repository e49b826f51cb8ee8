//! One thread per serial link, whatever the device: it owns the port, says HELLO, turns frames
//! into the device's typed events, sends queued commands once the device has answered, notices
//! silence, and reopens the port with backoff when it vanishes. Each device kind supplies a
//! [`Protocol`]; the shuffler and the progressive controller share everything else.

use super::link::{Endpoint, HEARTBEAT, Incoming};
use serialport::SerialPort;
use std::io;
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::mpsc::{self, Receiver, Sender, TryRecvError};
use std::thread::JoinHandle;
use std::time::{Duration, Instant};

/// The device sends a heartbeat every second; three missed ones make the link silent, six
/// reopen the port.
pub const SILENCE: Duration = Duration::from_secs(3);

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
    Disconnected(String),
}

impl LinkState {
    pub fn label(&self) -> String {
        match self {
            LinkState::Connecting => "connecting".into(),
            LinkState::Connected { .. } => "connected".into(),
            LinkState::Silent => "not answering".into(),
            LinkState::Disconnected(why) => format!("disconnected ({why})"),
        }
    }
    pub fn is_up(&self) -> bool {
        matches!(self, LinkState::Connected { .. })
    }
}

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
    fn link(state: LinkState) -> Self::Event;
    fn line_error(message: String) -> Self::Event;
}

/// A running link: commands in, events out.
pub struct Link<P: Protocol> {
    commands: Sender<(u8, Vec<u8>)>,
    events: Receiver<P::Event>,
    stop: Arc<AtomicBool>,
    thread: Option<JoinHandle<()>>,
}

impl<P: Protocol> Link<P> {
    pub fn spawn(opener: Opener, waker: Waker) -> Link<P> {
        let (cmd_tx, cmd_rx) = mpsc::channel();
        let (ev_tx, ev_rx) = mpsc::channel();
        let stop = Arc::new(AtomicBool::new(false));
        let stop2 = stop.clone();
        let thread = std::thread::Builder::new()
            .name(format!("{}-link", P::NAME.replace(' ', "-")))
            .spawn(move || link_thread::<P>(opener, waker, cmd_rx, ev_tx, stop2))
            .ok();
        Link {
            commands: cmd_tx,
            events: ev_rx,
            stop,
            thread,
        }
    }

    /// A link on a named port (e.g. `/dev/deckhand-progressive`), 8N1 at `baud`.
    pub fn open_path(path: String, baud: u32, waker: Waker) -> Link<P> {
        let opener: Opener = Box::new(move || {
            serialport::new(&path, baud)
                .timeout(Duration::from_millis(50))
                .open()
                .map_err(io::Error::from)
        });
        Self::spawn(opener, waker)
    }

    /// Queues a message; it is sent once the device has answered HELLO.
    pub fn send(&self, kind: u8, payload: Vec<u8>) {
        let _ = self.commands.send((kind, payload));
    }

    /// Events that arrived since the last call. Never blocks.
    pub fn poll(&self) -> Vec<P::Event> {
        self.events.try_iter().collect()
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

fn link_thread<P: Protocol>(
    mut opener: Opener,
    waker: Waker,
    commands: Receiver<(u8, Vec<u8>)>,
    events: Sender<P::Event>,
    stop: Arc<AtomicBool>,
) {
    let emit = |e: P::Event| {
        let _ = events.send(e);
        waker();
    };
    let mut backoff = Duration::from_millis(100);
    let mut queued: Vec<(u8, Vec<u8>)> = Vec::new();
    let mut last_state: Option<LinkState> = None;
    let mut set_state = |s: LinkState, emit: &dyn Fn(P::Event)| {
        if last_state.as_ref() != Some(&s) {
            last_state = Some(s.clone());
            emit(P::link(s));
        }
    };
    while !stop.load(Ordering::SeqCst) {
        let mut port = match opener() {
            Ok(p) => p,
            Err(e) => {
                set_state(LinkState::Disconnected(e.to_string()), &emit);
                sleep_unless_stopped(&stop, backoff);
                backoff = (backoff * 2).min(Duration::from_secs(2));
                continue;
            }
        };
        let _ = port.set_timeout(Duration::from_millis(50));
        backoff = Duration::from_millis(100);
        set_state(LinkState::Connecting, &emit);
        let mut ep = Endpoint::new();
        let mut last_beat = Instant::now();
        let result = (|| -> io::Result<()> {
            ep.send(&mut port, P::HELLO, vec![P::VERSION])?;
            // The Connected state (with firmware and serial number) once HELLO is answered.
            let mut up: Option<LinkState> = None;
            let mut silent = false;
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
                if up.is_some() {
                    for (kind, payload) in queued.drain(..) {
                        ep.send(&mut port, kind, payload)?;
                    }
                }
                if let Some(every) = P::HOST_HEARTBEAT
                    && last_beat.elapsed() >= every
                {
                    last_beat = Instant::now();
                    ep.send_unacked(&mut port, HEARTBEAT, vec![])?;
                }
                let incoming = ep.read(&mut port)?;
                if silent && ep.last_rx.elapsed() < SILENCE {
                    silent = false;
                    set_state(up.clone().unwrap_or(LinkState::Connecting), &emit);
                }
                for inc in incoming {
                    match inc {
                        Incoming::Frame(f) => match P::decode(f.kind, &f.payload) {
                            Ok(Decoded::Up(s)) => {
                                up = Some(s.clone());
                                set_state(s, &emit);
                            }
                            Ok(Decoded::Event(ev)) => emit(ev),
                            Err(msg) => emit(P::line_error(msg)),
                        },
                        Incoming::Heartbeat => {}
                        Incoming::Error(e) => emit(P::line_error(e.to_string())),
                        Incoming::Duplicate(seq) => emit(P::line_error(format!(
                            "duplicate sequence number {seq} ignored"
                        ))),
                        Incoming::Refused { kind, reason } => emit(P::line_error(format!(
                            "the {} refused message {kind:#04x} (reason {reason})",
                            P::NAME
                        ))),
                    }
                }
                for kind in ep.tick(&mut port)? {
                    emit(P::line_error(format!(
                        "no acknowledgement for message {kind:#04x} after 3 tries"
                    )));
                    if kind == P::HELLO {
                        return Err(io::Error::new(
                            io::ErrorKind::TimedOut,
                            "no answer to HELLO",
                        ));
                    }
                }
                if !silent && ep.last_rx.elapsed() > SILENCE {
                    silent = true;
                    set_state(LinkState::Silent, &emit);
                }
                if silent && ep.last_rx.elapsed() > SILENCE * 2 {
                    return Err(io::Error::new(
                        io::ErrorKind::TimedOut,
                        format!("the {} stopped answering; reopening the port", P::NAME),
                    ));
                }
            }
        })();
        match result {
            Ok(()) => return,
            Err(e) => {
                set_state(LinkState::Disconnected(e.to_string()), &emit);
                sleep_unless_stopped(&stop, backoff);
            }
        }
    }
}

pub fn sleep_unless_stopped(stop: &AtomicBool, d: Duration) {
    let until = Instant::now() + d;
    while Instant::now() < until && !stop.load(Ordering::SeqCst) {
        std::thread::sleep(Duration::from_millis(20));
    }
}
