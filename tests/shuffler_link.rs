//! The shuffler driver against the simulator over a real pseudo-terminal pair.

use deckhand::devices::shuffler::{
    LinkState, SerialShuffler, ShufflerDriver, ShufflerEvent, Waker,
};
use deckhand::devices::sim::{SimScript, spawn_on_pty};
use serialport::SerialPort;
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

/// Every event the driver reported, and how many of them a wait has read: a wait takes the
/// first unread event that matches, so events that came in the same poll after it are still
/// there for the next wait.
#[derive(Default)]
struct Seen {
    all: Vec<ShufflerEvent>,
    read: usize,
}

fn wait_for(
    drv: &mut SerialShuffler,
    seen: &mut Seen,
    pred: impl Fn(&ShufflerEvent) -> bool,
) -> ShufflerEvent {
    let deadline = Instant::now() + Duration::from_secs(10);
    loop {
        if let Some(i) = seen.all[seen.read..].iter().position(&pred) {
            seen.read += i + 1;
            return seen.all[seen.read - 1].clone();
        }
        seen.read = seen.all.len();
        assert!(
            Instant::now() < deadline,
            "event not seen; got {:?}",
            seen.all
        );
        seen.all.extend(drv.poll());
        std::thread::sleep(Duration::from_millis(10));
    }
}

#[test]
fn counts_miscounts_and_jams_reach_the_host() {
    let script = Arc::new(Mutex::new(SimScript {
        shuffle_time: Duration::from_millis(50),
        ..Default::default()
    }));
    let stop = Arc::new(AtomicBool::new(false));
    let (host, sim) = spawn_on_pty(script.clone(), stop.clone()).unwrap();
    let wakes = Arc::new(AtomicUsize::new(0));
    let w = wakes.clone();
    let waker: Waker = Arc::new(move || {
        w.fetch_add(1, Ordering::SeqCst);
    });
    let mut slot = Some(host);
    let mut drv = SerialShuffler::spawn(
        Box::new(move || {
            slot.take()
                .map(|p| Box::new(p) as Box<dyn SerialPort>)
                .ok_or_else(|| std::io::Error::other("gone"))
        }),
        waker,
    );
    let mut seen = Seen::default();
    let up = wait_for(&mut drv, &mut seen, |e| {
        matches!(e, ShufflerEvent::Link(LinkState::Connected { .. }))
    });
    assert_eq!(
        up,
        ShufflerEvent::Link(LinkState::Connected {
            firmware: "DH-SIM 1.0".into(),
            serial: "SIM-0001".into()
        })
    );

    drv.request_shuffle(0);
    let c = wait_for(&mut drv, &mut seen, |e| {
        matches!(e, ShufflerEvent::Counted { .. })
    });
    assert_eq!(c, ShufflerEvent::Counted { deck: 0, count: 52 });

    script.lock().unwrap().counts.push_back(51);
    script.lock().unwrap().missing = deckhand::rules::cards::parse_cards("7h").unwrap();
    drv.request_shuffle(1);
    let c = wait_for(&mut drv, &mut seen, |e| {
        matches!(e, ShufflerEvent::Counted { .. })
    });
    assert_eq!(c, ShufflerEvent::Counted { deck: 1, count: 51 });
    // The card list came first, sorted, and names the missing card.
    let list = seen.all[..seen.read]
        .iter()
        .rev()
        .find_map(|e| match e {
            ShufflerEvent::CardsRead { deck: 1, cards } => Some(cards.clone()),
            _ => None,
        })
        .expect("a card list before the count");
    let (missing, extra) = deckhand::devices::shuffler::deck_difference(&list);
    assert_eq!((missing.len(), extra.len()), (1, 0));
    assert_eq!(missing[0].to_string(), "7h");
    assert!(
        list.windows(2).all(|w| w[0].index() < w[1].index()),
        "sorted, never in deck order"
    );
    assert!(seen.all.contains(&ShufflerEvent::DeckPresent(true)));
    drv.request_meters();
    let m = wait_for(&mut drv, &mut seen, |e| {
        matches!(e, ShufflerEvent::Meters { .. })
    });
    assert_eq!(
        m,
        ShufflerEvent::Meters {
            shuffles: 2,
            failed: 0,
            cards: 103
        }
    );

    script.lock().unwrap().jam_next = true;
    drv.request_shuffle(1);
    let f = wait_for(&mut drv, &mut seen, |e| {
        matches!(e, ShufflerEvent::Fault { .. })
    });
    assert!(matches!(f, ShufflerEvent::Fault { code: 0x0101, .. }));

    // Garbage on the line is reported and the next count still arrives.
    script.lock().unwrap().garbage_next = b"\xff\xfe junk".to_vec();
    drv.request_shuffle(0);
    wait_for(&mut drv, &mut seen, |e| {
        matches!(e, ShufflerEvent::LineError(_))
    });
    let c = wait_for(&mut drv, &mut seen, |e| {
        matches!(e, ShufflerEvent::Counted { .. })
    });
    assert_eq!(c, ShufflerEvent::Counted { deck: 0, count: 52 });
    assert!(wakes.load(Ordering::SeqCst) >= 4, "each event wakes the UI");

    // A Spanish 21 shoe: eight decks of 48 cards, 384, more than one byte holds, arrive whole
    // in the two-byte count (§ 635a.3(a)).
    script.lock().unwrap().counts.push_back(384);
    drv.request_shuffle(1);
    let c = wait_for(&mut drv, &mut seen, |e| {
        matches!(e, ShufflerEvent::Counted { .. })
    });
    assert_eq!(
        c,
        ShufflerEvent::Counted {
            deck: 1,
            count: 384
        }
    );

    // A count frame cut off mid-way (the simulator's `cut_next`) is lost and reported; the
    // host asks again and the next complete count arrives.
    script.lock().unwrap().cut_next = true;
    script.lock().unwrap().counts.push_back(53);
    drv.request_shuffle(1);
    let c = wait_for(&mut drv, &mut seen, |e| {
        matches!(e, ShufflerEvent::Counted { .. })
    });
    // The cut frame was SHUFFLE_STARTED; the count (53, an extra card) still arrives whole.
    assert_eq!(c, ShufflerEvent::Counted { deck: 1, count: 53 });
    assert!(
        seen.all
            .iter()
            .any(|e| matches!(e, ShufflerEvent::LineError(m) if m.contains("truncated") || m.contains("cut") || m.contains("abandon"))),
        "{:?}",
        seen.all
    );

    drop(drv);
    stop.store(true, Ordering::SeqCst);
    sim.join().unwrap();
}

/// SHUFFLE_DONE's count: one byte for a deck, two (big-endian) for a shoe of more than 255 cards;
/// the host reads both (hw/shuffler-protocol.md).
#[test]
fn a_shoe_count_takes_two_bytes_and_a_deck_count_one() {
    use deckhand::devices::shuffler::{SHUFFLE_DONE, decode_event, encode_event};
    let deck = ShufflerEvent::Counted { deck: 0, count: 52 };
    assert_eq!(encode_event(&deck), Some((SHUFFLE_DONE, vec![0, 0x34])));
    let shoe = ShufflerEvent::Counted {
        deck: 1,
        count: 288,
    };
    assert_eq!(
        encode_event(&shoe),
        Some((SHUFFLE_DONE, vec![1, 0x01, 0x20]))
    );
    assert_eq!(decode_event(SHUFFLE_DONE, &[1, 0x01, 0x20]), Ok(shoe));
    assert_eq!(decode_event(SHUFFLE_DONE, &[0, 0x34]), Ok(deck));
    assert!(
        decode_event(SHUFFLE_DONE, &[0]).is_err(),
        "a count is never missing"
    );
}
