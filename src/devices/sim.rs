//! A simulated counting shuffler speaking the same bytes as a real one
//! (`hw/shuffler-protocol.md`). `cargo run` starts it on a pseudo-terminal pair; `deckhand sim
//! shuffler --port PATH` runs it against a real port. The script makes it miscount, jam,
//! send garbage or go silent, so every path can be shown and tested without hardware.

use super::link::{Endpoint, HEARTBEAT, Incoming};
use super::shuffler::{
    DeviceState, HELLO, LinkState, SHUFFLE, STATUS_REQUEST, ShufflerEvent, encode_event,
};
use serialport::SerialPort;
use std::collections::VecDeque;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

/// What the simulated device will do next. Shared with whoever drives the simulation.
#[derive(Debug, Clone)]
pub struct SimScript {
    /// Counts to report for the next shuffles, in order; then `default_count`.
    pub counts: VecDeque<u8>,
    pub default_count: u8,
    /// Jam during the next shuffle (FAULT code 0x0101).
    pub jam_next: bool,
    /// Stop sending anything (heartbeats included) while set.
    pub silent: bool,
    /// Send these bytes before the next frame.
    pub garbage_next: Vec<u8>,
    pub shuffle_time: Duration,
    pub heartbeat: Duration,
    pub firmware: String,
    pub serial: String,
}

impl Default for SimScript {
    fn default() -> Self {
        SimScript {
            counts: VecDeque::new(),
            default_count: 52,
            jam_next: false,
            silent: false,
            garbage_next: Vec::new(),
            shuffle_time: Duration::from_millis(400),
            heartbeat: Duration::from_secs(1),
            firmware: "DH-SIM 1.0".into(),
            serial: "SIM-0001".into(),
        }
    }
}

pub type SharedScript = Arc<Mutex<SimScript>>;

/// Runs the simulated shuffler on `port` until `stop` is set or the port fails.
pub fn run_shuffler(mut port: Box<dyn SerialPort>, script: SharedScript, stop: Arc<AtomicBool>) {
    let _ = port.set_timeout(Duration::from_millis(20));
    let mut ep = Endpoint::new();
    let mut shuffling: Option<(u8, Instant)> = None;
    let mut last_beat = Instant::now();
    let lock = |s: &SharedScript| s.lock().unwrap_or_else(|p| p.into_inner()).clone();
    while !stop.load(Ordering::SeqCst) {
        let sc = lock(&script);
        let incoming = match ep.read(&mut port) {
            Ok(v) => v,
            Err(_) => {
                // The host closed its end; wait for it to come back.
                std::thread::sleep(Duration::from_millis(50));
                continue;
            }
        };
        if sc.silent {
            continue;
        }
        if !sc.garbage_next.is_empty() {
            let _ = port.write_all(&sc.garbage_next);
            script
                .lock()
                .unwrap_or_else(|p| p.into_inner())
                .garbage_next
                .clear();
        }
        let reply = |ep: &mut Endpoint, port: &mut Box<dyn SerialPort>, ev: ShufflerEvent| {
            if let Some((kind, payload)) = encode_event(&ev) {
                let _ = ep.send(port, kind, payload);
            }
        };
        for inc in incoming {
            let Incoming::Frame(f) = inc else { continue };
            match f.kind {
                HELLO => reply(
                    &mut ep,
                    &mut port,
                    ShufflerEvent::Link(LinkState::Connected {
                        firmware: sc.firmware.clone(),
                        serial: sc.serial.clone(),
                    }),
                ),
                SHUFFLE => {
                    let deck = f.payload.first().copied().unwrap_or(0);
                    shuffling = Some((deck, Instant::now() + sc.shuffle_time));
                    reply(&mut ep, &mut port, ShufflerEvent::ShuffleStarted { deck });
                }
                STATUS_REQUEST => {
                    let state = if shuffling.is_some() {
                        DeviceState::Shuffling
                    } else {
                        DeviceState::Idle
                    };
                    reply(&mut ep, &mut port, ShufflerEvent::Status(state));
                }
                _ => {}
            }
        }
        if let Some((deck, done_at)) = shuffling
            && Instant::now() >= done_at
        {
            shuffling = None;
            let mut s = script.lock().unwrap_or_else(|p| p.into_inner());
            let ev = if s.jam_next {
                s.jam_next = false;
                ShufflerEvent::Fault {
                    code: 0x0101,
                    text: "Jam in the elevator: open the door and clear the cards".into(),
                }
            } else {
                let count = s.counts.pop_front().unwrap_or(s.default_count);
                ShufflerEvent::Counted { deck, count }
            };
            drop(s);
            reply(&mut ep, &mut port, ev);
        }
        if last_beat.elapsed() >= sc.heartbeat {
            last_beat = Instant::now();
            let _ = ep.send_unacked(&mut port, HEARTBEAT, vec![]);
        }
        let _ = ep.tick(&mut port);
    }
}

/// Starts the simulator on the master side of a fresh pseudo-terminal pair and returns the
/// slave side, a real tty with a path (`/dev/pts/N`) that the host opens like any port.
pub fn spawn_on_pty(
    script: SharedScript,
    stop: Arc<AtomicBool>,
) -> std::io::Result<(serialport::TTYPort, std::thread::JoinHandle<()>)> {
    let (device, host) = serialport::TTYPort::pair().map_err(std::io::Error::from)?;
    let handle = std::thread::Builder::new()
        .name("shuffler-sim".into())
        .spawn(move || run_shuffler(Box::new(device), script, stop))?;
    Ok((host, handle))
}
