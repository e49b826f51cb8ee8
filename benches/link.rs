//! Device-layer benchmarks (`cargo bench --bench link`):
//! - frame parsing throughput (MB/s of wire bytes through the decoder);
//! - device-byte-to-event latency: from the device writing a SHUFFLE_DONE frame on a real
//!   pseudo-terminal to the typed event coming out of the driver thread's channel.

use criterion::{Criterion, Throughput, criterion_group, criterion_main};
use deckhand::devices::frame::{Decoder, Frame};
use deckhand::devices::link::{Endpoint, Incoming};
use deckhand::devices::shuffler::{
    HELLO, LinkState, SerialShuffler, ShufflerDriver, ShufflerEvent, encode_event,
};
use serialport::{SerialPort, TTYPort};
use std::hint::black_box;
use std::io::Write;
use std::time::{Duration, Instant};

fn bench_parse(c: &mut Criterion) {
    // A realistic mix: counts, heartbeats, a status, with bytes that need escaping.
    let mut wire = Vec::new();
    for i in 0..10_000u32 {
        let f = match i % 4 {
            0 => Frame::new(i as u8, 0x91, vec![(i % 2) as u8, 52]),
            1 => Frame::new(i as u8, 0xA0, vec![]),
            2 => Frame::new(i as u8, 0x93, vec![2]),
            _ => Frame::new(i as u8, 0x92, b"\x01\x01Jam \x02\x03\x10".to_vec()),
        };
        wire.extend_from_slice(&f.encode());
    }
    let mut g = c.benchmark_group("frame_parse");
    g.throughput(Throughput::Bytes(wire.len() as u64));
    g.bench_function("decoder_10k_frames", |b| {
        b.iter(|| {
            let mut d = Decoder::new();
            let n = d.push(black_box(&wire)).len();
            assert_eq!(n, 10_000);
            n
        })
    });
    g.finish();
}

fn bench_latency(c: &mut Criterion) {
    let (master, slave) = TTYPort::pair().unwrap();
    let mut dev_port = master;
    dev_port.set_timeout(Duration::from_millis(20)).unwrap();
    let mut ep = Endpoint::new();
    let mut slot = Some(slave);
    let mut drv = SerialShuffler::spawn(
        Box::new(move || {
            slot.take()
                .map(|p| Box::new(p) as Box<dyn SerialPort>)
                .ok_or_else(|| std::io::Error::other("gone"))
        }),
        std::sync::Arc::new(|| {}),
    );
    // Handshake.
    let hello = loop {
        if let Some(Incoming::Frame(f)) = ep
            .read(&mut dev_port)
            .unwrap()
            .into_iter()
            .find(|i| matches!(i, Incoming::Frame(f) if f.kind == HELLO))
        {
            break f;
        }
    };
    let _ = hello;
    let (k, p) = encode_event(&ShufflerEvent::Link(LinkState::Connected {
        firmware: "B".into(),
        serial: "B".into(),
    }))
    .unwrap();
    ep.send(&mut dev_port, k, p).unwrap();
    while !drv
        .poll()
        .iter()
        .any(|e| matches!(e, ShufflerEvent::Link(LinkState::Connected { .. })))
    {
        let _ = ep.read(&mut dev_port);
    }
    let mut seq = 0u8;
    let mut one = |dev_port: &mut TTYPort, drv: &mut SerialShuffler| -> Duration {
        seq = seq.wrapping_add(1).max(1);
        let wire = Frame::new(seq, 0x91, vec![0, 52]).encode();
        let t = Instant::now();
        dev_port.write_all(&wire).unwrap();
        dev_port.flush().unwrap();
        loop {
            if drv
                .poll()
                .iter()
                .any(|e| matches!(e, ShufflerEvent::Counted { .. }))
            {
                return t.elapsed();
            }
            std::hint::spin_loop();
        }
    };
    // Percentiles from 1,000 frames.
    let mut samples: Vec<Duration> = (0..1_000).map(|_| one(&mut dev_port, &mut drv)).collect();
    samples.sort();
    eprintln!(
        "byte-to-event latency: median {:?}, p99 {:?}, max {:?}",
        samples[500], samples[990], samples[999]
    );
    let mut g = c.benchmark_group("byte_to_event");
    g.sample_size(100);
    g.bench_function("shuffle_done_over_pty", |b| {
        b.iter_custom(|iters| (0..iters).map(|_| one(&mut dev_port, &mut drv)).sum())
    });
    g.finish();
}

criterion_group!(benches, bench_parse, bench_latency);
criterion_main!(benches);
