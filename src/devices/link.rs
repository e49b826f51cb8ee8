//! One end of a Deckhand serial link: sequence numbers, acknowledgements, retries and
//! duplicate suppression (`hw/shuffler-protocol.md`, "Acknowledgements and retries").
//! Both the host driver and the simulators use it, so they speak exactly the same bytes.

use super::frame::{Decoder, Frame, FrameError};
use std::collections::VecDeque;
use std::io::{self, Read, Write};
use std::time::{Duration, Instant};

pub const ACK: u8 = 0x06;
pub const NAK: u8 = 0x15;
pub const HEARTBEAT: u8 = 0xA0;

/// How long to wait for an ACK before sending again.
pub const ACK_TIMEOUT: Duration = Duration::from_millis(500);
/// Sends of one frame before giving up (the first and two retries).
pub const MAX_TRIES: u32 = 3;
/// How many recent frames a resend is recognised against (sequence numbers run to 255).
const SEEN: usize = 64;

struct Pending {
    frame: Frame,
    sent_at: Instant,
    tries: u32,
}

/// What arrived on the link, after acknowledgement handling.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Incoming {
    /// A new frame for the application.
    Frame(Frame),
    /// The peer's heartbeat.
    Heartbeat,
    /// A bad frame or stray bytes; already resynchronised.
    Error(FrameError),
    /// The peer sent a sequence number it had already used: acknowledged again, ignored.
    Duplicate(u8),
    /// The peer refused one of our frames.
    Refused { kind: u8, reason: u8 },
}

pub struct Endpoint {
    /// New frames are not acknowledged on receipt: the owner answers each with [`Endpoint::ack`]
    /// or [`Endpoint::nak`] once it has dealt with it (the host: once it is journaled).
    pub defer_ack: bool,
    next_seq: u8,
    pending: VecDeque<Pending>,
    /// The (sequence number, type) of the frames seen lately, newest last: a resend of any of
    /// them is a copy (an owner that defers its answers may have several in flight).
    seen: VecDeque<(u8, u8)>,
    decoder: Decoder,
    pub last_rx: Instant,
}

impl Default for Endpoint {
    fn default() -> Self {
        Self::new()
    }
}

impl Endpoint {
    pub fn new() -> Endpoint {
        Endpoint {
            defer_ack: false,
            next_seq: 1,
            pending: VecDeque::new(),
            seen: VecDeque::new(),
            decoder: Decoder::new(),
            last_rx: Instant::now(),
        }
    }

    /// Forget what was in flight (after a reconnect).
    pub fn reset(&mut self) {
        self.pending.clear();
        self.seen.clear();
        self.decoder = Decoder::new();
        self.last_rx = Instant::now();
    }

    fn seq(&mut self) -> u8 {
        let s = self.next_seq;
        self.next_seq = self.next_seq.wrapping_add(1).max(1);
        s
    }

    /// Sends a frame that the peer must acknowledge; it is resent until it is.
    pub fn send(&mut self, w: &mut dyn Write, kind: u8, payload: Vec<u8>) -> io::Result<()> {
        let frame = Frame::new(self.seq(), kind, payload);
        w.write_all(&frame.encode())?;
        w.flush()?;
        self.pending.push_back(Pending {
            frame,
            sent_at: Instant::now(),
            tries: 1,
        });
        Ok(())
    }

    /// Sends a frame that is never acknowledged (ACK, NAK, heartbeat).
    pub fn send_unacked(
        &mut self,
        w: &mut dyn Write,
        kind: u8,
        payload: Vec<u8>,
    ) -> io::Result<()> {
        let seq = if kind == HEARTBEAT { self.seq() } else { 0 };
        w.write_all(&Frame::new(seq, kind, payload).encode())?;
        w.flush()
    }

    /// Reads what is available (the port's own timeout bounds the wait) and handles it.
    pub fn read(&mut self, port: &mut (impl Read + Write)) -> io::Result<Vec<Incoming>> {
        let mut buf = [0u8; 512];
        let n = match port.read(&mut buf) {
            Ok(0) => {
                return Err(io::Error::new(
                    io::ErrorKind::UnexpectedEof,
                    "the port closed",
                ));
            }
            Ok(n) => n,
            Err(e)
                if matches!(
                    e.kind(),
                    io::ErrorKind::TimedOut | io::ErrorKind::WouldBlock
                ) =>
            {
                return Ok(vec![]);
            }
            Err(e) => return Err(e),
        };
        self.last_rx = Instant::now();
        let mut out = Vec::new();
        for r in self.decoder.push(&buf[..n]) {
            match r {
                Err(e) => out.push(Incoming::Error(e)),
                Ok(f) if f.kind == ACK => {
                    if let Some(&acked) = f.payload.first() {
                        self.pending.retain(|p| p.frame.seq != acked);
                    }
                }
                Ok(f) if f.kind == NAK => {
                    let acked = f.payload.first().copied();
                    let reason = f.payload.get(1).copied().unwrap_or(0);
                    if let Some(i) = self.pending.iter().position(|p| Some(p.frame.seq) == acked) {
                        let p = self.pending.remove(i).expect("index from position");
                        out.push(Incoming::Refused {
                            kind: p.frame.kind,
                            reason,
                        });
                    }
                }
                Ok(f) if f.kind == HEARTBEAT => out.push(Incoming::Heartbeat),
                Ok(f) => {
                    if self.seen.contains(&(f.seq, f.kind)) {
                        // A copy: acknowledged again and ignored. An owner that defers answers
                        // the copy itself, after the original it may still be recording.
                        if !self.defer_ack {
                            self.send_unacked(port, ACK, vec![f.seq])?;
                        }
                        out.push(Incoming::Duplicate(f.seq));
                    } else {
                        if !self.defer_ack {
                            self.send_unacked(port, ACK, vec![f.seq])?;
                        }
                        if self.seen.len() == SEEN {
                            self.seen.pop_front();
                        }
                        self.seen.push_back((f.seq, f.kind));
                        out.push(Incoming::Frame(f));
                    }
                }
            }
        }
        Ok(out)
    }

    /// Forgets the last `n` frames seen, so that their resends are dealt with as new (an owner
    /// that could not deal with them and did not acknowledge them).
    pub fn forget_last(&mut self, n: usize) {
        for _ in 0..n {
            self.seen.pop_back();
        }
    }

    /// Acknowledges a frame the owner has dealt with (see `defer_ack`).
    pub fn ack(&mut self, w: &mut dyn Write, seq: u8) -> io::Result<()> {
        self.send_unacked(w, ACK, vec![seq])
    }

    /// Refuses a frame: reason 1 unknown type, 2 bad payload, 3 busy (the protocol documents).
    pub fn nak(&mut self, w: &mut dyn Write, seq: u8, reason: u8) -> io::Result<()> {
        self.send_unacked(w, NAK, vec![seq, reason])
    }

    /// Resends frames whose ACK is late; returns the kinds of frames given up on.
    pub fn tick(&mut self, w: &mut dyn Write) -> io::Result<Vec<u8>> {
        let mut failed = Vec::new();
        let now = Instant::now();
        let mut keep = VecDeque::new();
        while let Some(mut p) = self.pending.pop_front() {
            if now.duration_since(p.sent_at) < ACK_TIMEOUT {
                keep.push_back(p);
            } else if p.tries >= MAX_TRIES {
                failed.push(p.frame.kind);
            } else {
                w.write_all(&p.frame.encode())?;
                w.flush()?;
                p.tries += 1;
                p.sent_at = now;
                keep.push_back(p);
            }
        }
        self.pending = keep;
        Ok(failed)
    }

    pub fn in_flight(&self) -> usize {
        self.pending.len()
    }
}
