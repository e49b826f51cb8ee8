//! The automated card shuffling device with card counter (§ 637a.5(a), § 637a.7(e)(4)(ii)):
//! its messages, the driver trait a vendor adapter implements, and the driver for Deckhand's
//! own protocol (`hw/shuffler-protocol.md`), one thread per link.

use super::link::{Endpoint, Incoming};
use serialport::SerialPort;
use std::io;
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::mpsc::{self, Receiver, Sender, TryRecvError};
use std::thread::JoinHandle;
use std::time::{Duration, Instant};

// Message types, host to device.
pub const HELLO: u8 = 0x01;
pub const SHUFFLE: u8 = 0x10;
pub const STATUS_REQUEST: u8 = 0x11;
// Message types, device to host.
pub const HELLO_REPLY: u8 = 0x81;
pub const SHUFFLE_STARTED: u8 = 0x90;
pub const SHUFFLE_DONE: u8 = 0x91;
pub const FAULT: u8 = 0x92;
pub const STATUS: u8 = 0x93;

pub const PROTOCOL_VERSION: u8 = 1;
/// The device sends a heartbeat every second; three missed ones make the link silent.
pub const SILENCE: Duration = Duration::from_secs(3);

/// Device state as reported in STATUS.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum DeviceState {
    Idle,
    Shuffling,
    Ready,
    DoorOpen,
    Jam,
    Error,
}

impl DeviceState {
    pub fn from_byte(b: u8) -> Option<DeviceState> {
        Some(match b {
            0 => DeviceState::Idle,
            1 => DeviceState::Shuffling,
            2 => DeviceState::Ready,
            3 => DeviceState::DoorOpen,
            4 => DeviceState::Jam,
            5 => DeviceState::Error,
            _ => return None,
        })
    }
    pub fn byte(self) -> u8 {
        self as u8
    }
}

/// The state of the link, shown on the status bar.
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

/// Typed events from the shuffler.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum ShufflerEvent {
    Link(LinkState),
    ShuffleStarted {
        deck: u8,
    },
    /// Shuffle complete with the counter's result (§ 637a.7(e)(4)(ii)).
    Counted {
        deck: u8,
        count: u8,
    },
    Fault {
        code: u16,
        text: String,
    },
    Status(DeviceState),
    /// A malformed frame, garbage or a lost acknowledgement: logged, play goes on.
    LineError(String),
}

/// What the terminal needs from any shuffler, whatever its vendor protocol.
pub trait ShufflerDriver: Send {
    /// Asks the device to shuffle the deck just loaded; `deck` tags the reply.
    fn request_shuffle(&mut self, deck: u8);
    /// Events that arrived since the last call. Never blocks.
    fn poll(&mut self) -> Vec<ShufflerEvent>;
}

/// Decodes one application frame from the device.
pub fn decode_event(kind: u8, p: &[u8]) -> Result<ShufflerEvent, String> {
    let need = |n: usize| {
        if p.len() < n {
            Err(format!(
                "message {kind:#04x} needs {n} payload bytes, got {}",
                p.len()
            ))
        } else {
            Ok(())
        }
    };
    match kind {
        HELLO_REPLY => {
            need(3)?;
            let fw_len = p[1] as usize;
            need(2 + fw_len + 1)?;
            let firmware = String::from_utf8_lossy(&p[2..2 + fw_len]).into_owned();
            let sn_len = p[2 + fw_len] as usize;
            need(3 + fw_len + sn_len)?;
            let serial = String::from_utf8_lossy(&p[3 + fw_len..3 + fw_len + sn_len]).into_owned();
            if p[0] != PROTOCOL_VERSION {
                return Err(format!(
                    "the device speaks protocol version {}, this terminal {PROTOCOL_VERSION}",
                    p[0]
                ));
            }
            Ok(ShufflerEvent::Link(LinkState::Connected {
                firmware,
                serial,
            }))
        }
        SHUFFLE_STARTED => {
            need(1)?;
            Ok(ShufflerEvent::ShuffleStarted { deck: p[0] })
        }
        SHUFFLE_DONE => {
            need(2)?;
            Ok(ShufflerEvent::Counted {
                deck: p[0],
                count: p[1],
            })
        }
        FAULT => {
            need(2)?;
            Ok(ShufflerEvent::Fault {
                code: u16::from_be_bytes([p[0], p[1]]),
                text: String::from_utf8_lossy(&p[2..]).into_owned(),
            })
        }
        STATUS => {
            need(1)?;
            DeviceState::from_byte(p[0])
                .map(ShufflerEvent::Status)
                .ok_or_else(|| format!("unknown device state {}", p[0]))
        }
        other => Err(format!("unknown message type {other:#04x}")),
    }
}

/// The device-to-host message (type and payload) for an event, the inverse of
/// [`decode_event`]; `None` for what the host itself reports (line errors, other link states).
/// The simulator builds every message with it.
pub fn encode_event(ev: &ShufflerEvent) -> Option<(u8, Vec<u8>)> {
    let short = |s: &str| {
        let b = s.as_bytes();
        b[..b.len().min(255)].to_vec()
    };
    Some(match ev {
        ShufflerEvent::Link(LinkState::Connected { firmware, serial }) => {
            let (fw, sn) = (short(firmware), short(serial));
            let mut p = vec![PROTOCOL_VERSION, fw.len() as u8];
            p.extend_from_slice(&fw);
            p.push(sn.len() as u8);
            p.extend_from_slice(&sn);
            (HELLO_REPLY, p)
        }
        ShufflerEvent::ShuffleStarted { deck } => (SHUFFLE_STARTED, vec![*deck]),
        ShufflerEvent::Counted { deck, count } => (SHUFFLE_DONE, vec![*deck, *count]),
        ShufflerEvent::Fault { code, text } => {
            let mut p = code.to_be_bytes().to_vec();
            p.extend_from_slice(text.as_bytes());
            (FAULT, p)
        }
        ShufflerEvent::Status(s) => (STATUS, vec![s.byte()]),
        ShufflerEvent::Link(_) | ShufflerEvent::LineError(_) => return None,
    })
}

/// Opens the port again after it vanished.
pub type Opener = Box<dyn FnMut() -> io::Result<Box<dyn SerialPort>> + Send>;
/// Wakes the UI (`egui::Context::request_repaint`).
pub type Waker = Arc<dyn Fn() + Send + Sync>;

/// The driver for Deckhand's protocol: a thread that owns the port.
pub struct SerialShuffler {
    commands: Sender<u8>,
    events: Receiver<ShufflerEvent>,
    stop: Arc<AtomicBool>,
    thread: Option<JoinHandle<()>>,
}

impl SerialShuffler {
    pub fn spawn(opener: Opener, waker: Waker) -> SerialShuffler {
        let (cmd_tx, cmd_rx) = mpsc::channel();
        let (ev_tx, ev_rx) = mpsc::channel();
        let stop = Arc::new(AtomicBool::new(false));
        let stop2 = stop.clone();
        let thread = std::thread::Builder::new()
            .name("shuffler-link".into())
            .spawn(move || link_thread(opener, waker, cmd_rx, ev_tx, stop2))
            .expect("spawn the shuffler thread");
        SerialShuffler {
            commands: cmd_tx,
            events: ev_rx,
            stop,
            thread: Some(thread),
        }
    }

    /// A driver for a named port (e.g. `/dev/deckhand-shuffler`) at 9600 8N1.
    pub fn open_path(path: String, waker: Waker) -> SerialShuffler {
        let opener: Opener = Box::new(move || {
            serialport::new(&path, 9600)
                .timeout(Duration::from_millis(50))
                .open()
                .map_err(io::Error::from)
        });
        Self::spawn(opener, waker)
    }
}

impl ShufflerDriver for SerialShuffler {
    fn request_shuffle(&mut self, deck: u8) {
        let _ = self.commands.send(deck);
    }

    fn poll(&mut self) -> Vec<ShufflerEvent> {
        self.events.try_iter().collect()
    }
}

impl Drop for SerialShuffler {
    fn drop(&mut self) {
        self.stop.store(true, Ordering::SeqCst);
        if let Some(t) = self.thread.take() {
            let _ = t.join();
        }
    }
}

fn link_thread(
    mut opener: Opener,
    waker: Waker,
    commands: Receiver<u8>,
    events: Sender<ShufflerEvent>,
    stop: Arc<AtomicBool>,
) {
    let emit = |e: ShufflerEvent| {
        let _ = events.send(e);
        waker();
    };
    let mut backoff = Duration::from_millis(100);
    let mut queued: Vec<u8> = Vec::new();
    let mut last_state: Option<LinkState> = None;
    let mut set_state = |s: LinkState, emit: &dyn Fn(ShufflerEvent)| {
        if last_state.as_ref() != Some(&s) {
            last_state = Some(s.clone());
            emit(ShufflerEvent::Link(s));
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
        let result = (|| -> io::Result<()> {
            ep.send(&mut port, HELLO, vec![PROTOCOL_VERSION])?;
            // The Connected state (with firmware and serial number) once HELLO is answered.
            let mut up: Option<LinkState> = None;
            let mut silent = false;
            loop {
                if stop.load(Ordering::SeqCst) {
                    return Ok(());
                }
                loop {
                    match commands.try_recv() {
                        Ok(deck) => queued.push(deck),
                        Err(TryRecvError::Empty) => break,
                        Err(TryRecvError::Disconnected) => return Ok(()),
                    }
                }
                if up.is_some() {
                    for deck in queued.drain(..) {
                        ep.send(&mut port, SHUFFLE, vec![deck])?;
                    }
                }
                let incoming = ep.read(&mut port)?;
                if silent && ep.last_rx.elapsed() < SILENCE {
                    silent = false;
                    set_state(up.clone().unwrap_or(LinkState::Connecting), &emit);
                }
                for inc in incoming {
                    match inc {
                        Incoming::Frame(f) => match decode_event(f.kind, &f.payload) {
                            Ok(ShufflerEvent::Link(s)) => {
                                up = Some(s.clone());
                                set_state(s, &emit);
                            }
                            Ok(ev) => emit(ev),
                            Err(msg) => emit(ShufflerEvent::LineError(msg)),
                        },
                        Incoming::Heartbeat => {}
                        Incoming::Error(e) => emit(ShufflerEvent::LineError(e.to_string())),
                        Incoming::Duplicate(seq) => emit(ShufflerEvent::LineError(format!(
                            "duplicate sequence number {seq} ignored"
                        ))),
                        Incoming::Refused { kind, reason } => emit(ShufflerEvent::LineError(
                            format!("the shuffler refused message {kind:#04x} (reason {reason})"),
                        )),
                    }
                }
                for kind in ep.tick(&mut port)? {
                    emit(ShufflerEvent::LineError(format!(
                        "no acknowledgement for message {kind:#04x} after 3 tries"
                    )));
                    if kind == HELLO {
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
                        "the shuffler stopped answering; reopening the port",
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

fn sleep_unless_stopped(stop: &AtomicBool, d: Duration) {
    let until = Instant::now() + d;
    while Instant::now() < until && !stop.load(Ordering::SeqCst) {
        std::thread::sleep(Duration::from_millis(20));
    }
}
