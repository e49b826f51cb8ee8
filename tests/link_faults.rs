//! The shuffler link under faults, over real pseudo-terminal pairs: the test plays the device
//! byte by byte, so every fault is exact. Plus a fuzz of the frame decoder and a round trip of
//! every message.

use crate::common;

use deckhand::devices::frame::{Decoder, Frame};
use deckhand::devices::link::{Endpoint, Incoming};
use deckhand::devices::shuffler::{
    self, DeviceState, HELLO, LinkState, SHUFFLE, SerialShuffler, ShufflerDriver, ShufflerEvent,
    decode_event, encode_event,
};
use serialport::{SerialPort, TTYPort};
use std::io::Write;
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

#[test]
fn a_million_random_byte_strings_never_panic_the_decoder() {
    let mut rng = common::Rng(7);
    let mut d = Decoder::new();
    let valid = Frame::new(9, 0x91, vec![0, 52]).encode();
    let mut frames = 0u64;
    for i in 0..1_000_000u32 {
        let len = (rng.next() % 48) as usize;
        let mut bytes: Vec<u8> = (0..len).map(|_| rng.next() as u8).collect();
        // Bias towards the interesting bytes, and sometimes a valid frame or a corrupted one.
        for b in bytes.iter_mut() {
            match rng.next() % 8 {
                0 => *b = 0x02,
                1 => *b = 0x03,
                2 => *b = 0x10,
                _ => {}
            }
        }
        if i % 5 == 0 {
            let mut f = valid.clone();
            if i % 10 == 0 {
                let at = (rng.next() as usize) % f.len();
                f[at] ^= 1 << (rng.next() % 8);
            }
            bytes.extend_from_slice(&f);
        }
        for f in d.push(&bytes).into_iter().flatten() {
            frames += 1;
            // Whatever decodes re-encodes to a frame that decodes the same.
            assert_eq!(Decoder::new().push(&f.encode()), vec![Ok(f.clone())]);
            let _ = decode_event(f.kind, &f.payload); // never panics either
        }
    }
    // Every intact frame gets through whatever garbage came before it, and no frame with a
    // flipped bit does (CRC-16 detects every single-bit error).
    assert_eq!(frames, 100_000);
}

#[test]
fn every_device_message_round_trips() {
    let events = [
        ShufflerEvent::Link(LinkState::Connected {
            firmware: "FW 2.1".into(),
            serial: "SN-9".into(),
        }),
        ShufflerEvent::ShuffleStarted { deck: 1 },
        ShufflerEvent::Counted { deck: 0, count: 52 },
        ShufflerEvent::Counted { deck: 1, count: 51 },
        ShufflerEvent::Fault {
            code: 0x0101,
            text: "Jam in the elevator".into(),
        },
        ShufflerEvent::Status(DeviceState::Idle),
        ShufflerEvent::Status(DeviceState::Shuffling),
        ShufflerEvent::Status(DeviceState::Ready),
        ShufflerEvent::Status(DeviceState::DoorOpen),
        ShufflerEvent::Status(DeviceState::Jam),
        ShufflerEvent::Status(DeviceState::Error),
        ShufflerEvent::CardsRead {
            deck: 1,
            cards: deckhand::rules::cards::full_deck()[..51].to_vec(),
        },
        ShufflerEvent::DeckPresent(true),
        ShufflerEvent::DeckPresent(false),
        ShufflerEvent::Meters {
            shuffles: 1_204,
            failed: 3,
            cards: 62_608,
        },
        // Version 2.
        ShufflerEvent::CardsRead {
            deck: 0,
            cards: deckhand::devices::sim_shoe::shuffled_shoe(288),
        },
        ShufflerEvent::CardsRead {
            deck: 1,
            cards: vec![],
        },
        ShufflerEvent::Capabilities(shuffler::Capabilities {
            card_list: true,
            deals_read_hands: false,
            reads_draws: true,
        }),
        ShufflerEvent::HandDispensed {
            deck: 1,
            stack: 3,
            cards: deckhand::rules::cards::full_deck()[..4].to_vec(),
        },
        ShufflerEvent::CardDrawn {
            deck: 0,
            number: 300,
            card: deckhand::rules::cards::full_deck()[51],
        },
    ];
    for ev in events {
        let (kind, payload) = encode_event(&ev).expect("a device message");
        let wire = Frame::new(3, kind, payload).encode();
        let frames = Decoder::new().push(&wire);
        let f = frames[0].clone().unwrap();
        assert_eq!(decode_event(f.kind, &f.payload), Ok(ev));
    }
    // Host messages: HELLO and SHUFFLE survive the frame.
    for (kind, payload) in [
        (HELLO, vec![shuffler::PROTOCOL_VERSION]),
        (SHUFFLE, vec![1]),
    ] {
        let f = Frame::new(1, kind, payload.clone());
        assert_eq!(Decoder::new().push(&f.encode()), vec![Ok(f)]);
    }
    // Short or unknown payloads are errors with a message, not panics.
    assert!(
        decode_event(shuffler::SHUFFLE_DONE, &[0])
            .unwrap_err()
            .contains("needs 2")
    );
    assert!(
        decode_event(shuffler::CARD_LIST, &[0, 3, 1])
            .unwrap_err()
            .contains("needs 5")
    );
    assert!(
        decode_event(shuffler::CARD_LIST, &[0, 1, 60])
            .unwrap_err()
            .contains("not 0 to 51")
    );
    assert!(
        decode_event(shuffler::METERS, &[0; 8])
            .unwrap_err()
            .contains("needs 16")
    );
    assert!(decode_event(shuffler::DECK_PRESENT, &[7]).is_err());
    assert!(
        decode_event(shuffler::CARD_DRAWN, &[0, 0, 1])
            .unwrap_err()
            .contains("needs 4")
    );
    assert!(
        decode_event(shuffler::CARD_DRAWN, &[0, 0, 0, 5])
            .unwrap_err()
            .contains("count from 1")
    );
    assert!(
        decode_event(shuffler::CARD_DRAWN, &[0, 0, 1, 52])
            .unwrap_err()
            .contains("not 0 to 51")
    );
    assert!(
        decode_event(0x7E, &[])
            .unwrap_err()
            .contains("unknown message type")
    );
    assert!(
        decode_event(shuffler::STATUS, &[9])
            .unwrap_err()
            .contains("unknown device state")
    );
}

/// The device end of a pty pair, played by the test.
struct Device {
    port: TTYPort,
    ep: Endpoint,
}

impl Device {
    fn new(port: TTYPort) -> Device {
        let mut port = port;
        port.set_timeout(Duration::from_millis(20)).unwrap();
        Device {
            port,
            ep: Endpoint::new(),
        }
    }
    /// Reads until the host's HELLO, answers it.
    fn handshake(&mut self) {
        let deadline = Instant::now() + Duration::from_secs(5);
        loop {
            assert!(Instant::now() < deadline, "no HELLO from the host");
            for inc in self.ep.read(&mut self.port).unwrap() {
                if let Incoming::Frame(f) = inc
                    && f.kind == HELLO
                {
                    let (k, p) = encode_event(&ShufflerEvent::Link(LinkState::Connected {
                        firmware: "TEST".into(),
                        serial: "T-1".into(),
                    }))
                    .unwrap();
                    self.ep.send(&mut self.port, k, p).unwrap();
                    return;
                }
            }
        }
    }
    fn raw(&mut self, bytes: &[u8]) {
        self.port.write_all(bytes).unwrap();
        self.port.flush().unwrap();
    }
    /// Keeps reading (and acknowledging) for a while.
    fn pump(&mut self, for_ms: u64) {
        let until = Instant::now() + Duration::from_millis(for_ms);
        while Instant::now() < until {
            let _ = self.ep.read(&mut self.port);
        }
    }
}

fn driver_on(ports: Vec<TTYPort>) -> SerialShuffler {
    let queue = Arc::new(Mutex::new(
        ports.into_iter().collect::<std::collections::VecDeque<_>>(),
    ));
    SerialShuffler::spawn(
        Box::new(move || {
            queue
                .lock()
                .unwrap()
                .pop_front()
                .map(|p| Box::new(p) as Box<dyn SerialPort>)
                .ok_or_else(|| std::io::Error::other("no port yet"))
        }),
        Arc::new(|| {}),
    )
}

/// The driver, and the events it reported that no expectation consumed yet.
struct Host {
    drv: SerialShuffler,
    pending: std::collections::VecDeque<ShufflerEvent>,
}

impl Host {
    fn new(drv: SerialShuffler) -> Host {
        Host {
            drv,
            pending: Default::default(),
        }
    }

    /// Waits for the first event matching `pred`; the events before it are skipped.
    fn expect(
        &mut self,
        dev: &mut Device,
        what: &str,
        pred: impl Fn(&ShufflerEvent) -> bool,
    ) -> ShufflerEvent {
        let deadline = Instant::now() + Duration::from_secs(10);
        let mut skipped = Vec::new();
        loop {
            while let Some(e) = self.pending.pop_front() {
                if pred(&e) {
                    return e;
                }
                skipped.push(e);
            }
            assert!(
                Instant::now() < deadline,
                "{what} not seen; got {skipped:?}"
            );
            self.pending.extend(self.drv.poll());
            dev.pump(10);
        }
    }
}

fn done_frame(seq: u8, count: u8) -> Vec<u8> {
    Frame::new(seq, shuffler::SHUFFLE_DONE, vec![0, count]).encode()
}

fn line_error(e: &ShufflerEvent) -> bool {
    matches!(e, ShufflerEvent::LineError(_))
}

fn says(e: &ShufflerEvent, text: &str) -> bool {
    matches!(e, ShufflerEvent::LineError(m) if m.contains(text))
}

#[test]
fn faults_on_the_line_end_in_a_defined_state_with_a_message() {
    let (master, slave) = TTYPort::pair().unwrap();
    let mut dev = Device::new(master);
    let mut host = Host::new(driver_on(vec![slave]));
    dev.handshake();
    host.expect(&mut dev, "connected", |e| {
        matches!(e, ShufflerEvent::Link(LinkState::Connected { .. }))
    });

    // A CRC error: reported, no count.
    let mut bad = done_frame(40, 52);
    let n = bad.len();
    bad[n - 3] ^= 0xFF;
    dev.raw(&bad);
    let e = host.expect(&mut dev, "CRC error", line_error);
    assert!(says(&e, "CRC mismatch"), "{e:?}");

    // A frame cut off by the next one: the cut one is reported, the next one counts.
    let whole = done_frame(41, 52);
    dev.raw(&whole[..5]);
    dev.raw(&whole);
    let e = host.expect(&mut dev, "truncated", line_error);
    assert!(says(&e, "cut off"), "{e:?}");
    let e = host.expect(&mut dev, "count after the cut frame", |e| {
        matches!(e, ShufflerEvent::Counted { .. })
    });
    assert_eq!(e, ShufflerEvent::Counted { deck: 0, count: 52 });

    // Garbage between frames.
    dev.raw(b"\x55\xAA\x00 noise");
    dev.raw(&done_frame(42, 51));
    let e = host.expect(&mut dev, "garbage", line_error);
    assert!(says(&e, "stray bytes"), "{e:?}");
    let e = host.expect(&mut dev, "count after garbage", |e| {
        matches!(e, ShufflerEvent::Counted { .. })
    });
    assert_eq!(e, ShufflerEvent::Counted { deck: 0, count: 51 });

    // The same frame twice (a resend after a lost ACK): counted once, the copy reported.
    dev.raw(&done_frame(43, 52));
    dev.raw(&done_frame(43, 52));
    let e = host.expect(&mut dev, "count", |e| {
        matches!(e, ShufflerEvent::Counted { .. })
    });
    assert_eq!(e, ShufflerEvent::Counted { deck: 0, count: 52 });
    let e = host.expect(&mut dev, "duplicate", line_error);
    assert!(says(&e, "duplicate sequence number 43"), "{e:?}");
    dev.pump(200);
    host.pending.extend(host.drv.poll());
    assert!(
        host.pending
            .iter()
            .all(|e| !matches!(e, ShufflerEvent::Counted { .. })),
        "counted once only: {:?}",
        host.pending
    );
}

#[test]
fn a_silent_device_is_flagged_and_a_vanished_port_reconnects() {
    let (m1, s1) = TTYPort::pair().unwrap();
    let (m2, s2) = TTYPort::pair().unwrap();
    let mut dev = Device::new(m1);
    let mut host = Host::new(driver_on(vec![s1, s2]));
    dev.handshake();
    host.expect(&mut dev, "connected", |e| {
        matches!(e, ShufflerEvent::Link(LinkState::Connected { .. }))
    });

    // Silence (no heartbeat from the device): "not answering" after 3 s.
    let t = Instant::now();
    host.expect(&mut dev, "silent", |e| {
        *e == ShufflerEvent::Link(LinkState::Silent)
    });
    assert!(
        t.elapsed() >= Duration::from_millis(2_500),
        "{:?}",
        t.elapsed()
    );

    // The port vanishes (the device end closes): the driver reports it and reopens; the
    // opener now hands it the second port, where a device answers.
    drop(dev);
    let mut dev2 = Device::new(m2);
    host.expect(&mut dev2, "disconnected", |e| {
        matches!(e, ShufflerEvent::Link(LinkState::Disconnected(_)))
    });
    dev2.handshake();
    host.expect(&mut dev2, "reconnected", |e| {
        matches!(e, ShufflerEvent::Link(LinkState::Connected { .. }))
    });
    host.drv.request_shuffle(1);
    let deadline = Instant::now() + Duration::from_secs(5);
    let mut got = false;
    while !got && Instant::now() < deadline {
        for inc in dev2.ep.read(&mut dev2.port).unwrap() {
            if let Incoming::Frame(f) = inc {
                got |= f.kind == SHUFFLE && f.payload == vec![1];
            }
        }
    }
    assert!(got, "the shuffle request reached the reconnected device");
}
