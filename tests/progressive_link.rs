//! The progressive controller driver against the simulator over real pseudo-terminal pairs:
//! a round's wagering, lock-out with the accepted wagers, two ordered hits read from the meter
//! at each winner's turn with reseeding after payment, the Envy schedule, refusals, garbage and
//! cut frames, silence, and the controller's own lock-out when the host goes quiet.

use crate::common;

use deckhand::devices::link::{Endpoint, Incoming};
use deckhand::devices::progressive::{
    self as prog, ControllerState, Hit, LinkState, ProgressiveCommand, ProgressiveDriver,
    ProgressiveEvent, SerialProgressive, Waker,
};
use deckhand::devices::sim::{ProgressiveScript, spawn_progressive_on_pty};
use egui_kittest::kittest::Queryable;
use serialport::SerialPort;
use std::sync::atomic::AtomicBool;
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

struct Rig {
    drv: SerialProgressive,
    script: Arc<Mutex<ProgressiveScript>>,
    seen: Vec<ProgressiveEvent>,
    queue: std::collections::VecDeque<ProgressiveEvent>,
    _stop: Arc<AtomicBool>,
}

fn rig(script: ProgressiveScript) -> Rig {
    let script = Arc::new(Mutex::new(script));
    let stop = Arc::new(AtomicBool::new(false));
    let (host, _sim) = spawn_progressive_on_pty(script.clone(), stop.clone()).unwrap();
    let waker: Waker = Arc::new(|| {});
    let mut slot = Some(host);
    let drv = SerialProgressive::spawn(
        Box::new(move || {
            slot.take()
                .map(|p| Box::new(p) as Box<dyn SerialPort>)
                .ok_or_else(|| std::io::Error::other("gone"))
        }),
        waker,
    );
    Rig {
        drv,
        script,
        seen: vec![],
        queue: Default::default(),
        _stop: stop,
    }
}

impl Rig {
    /// The next event matching `pred`; events polled after it wait in `queue` for the next call.
    fn wait(&mut self, pred: impl Fn(&ProgressiveEvent) -> bool) -> ProgressiveEvent {
        let deadline = Instant::now() + Duration::from_secs(10);
        while Instant::now() < deadline {
            self.queue.extend(self.drv.poll());
            while let Some(e) = self.queue.pop_front() {
                self.seen.push(e.clone());
                if pred(&e) {
                    return e;
                }
            }
            std::thread::sleep(Duration::from_millis(5));
        }
        panic!("event not seen; got {:#?}", self.seen);
    }
    fn up(&mut self) {
        let up = self.wait(|e| matches!(e, ProgressiveEvent::Link(LinkState::Connected { .. })));
        assert_eq!(
            up,
            ProgressiveEvent::Link(LinkState::Connected {
                firmware: "DH-PROG-SIM 1.0".into(),
                serial: "PSIM-0001".into()
            })
        );
    }
}

#[test]
fn a_round_with_two_ordered_hits() {
    let mut r = rig(ProgressiveScript {
        meters: vec![(1, 5_000_000)],
        resets: vec![(1, 1_000_000)],
        rate_permille: 200,
        next_wagers: vec![(1, 100), (3, 500), (5, 0)],
        ..Default::default()
    });
    r.up();
    r.drv.send(ProgressiveCommand::OpenWagering { round: 41 });
    assert_eq!(
        r.wait(|e| matches!(e, ProgressiveEvent::WageringOpen { .. })),
        ProgressiveEvent::WageringOpen { round: 41 }
    );
    // "No more bets": the controller reports what each spot accepted, to be matched against
    // the chips collected (§ 647a.8(b)); the rate of progression moves the meter.
    r.drv.send(ProgressiveCommand::LockOut { round: 41 });
    let locked = r.wait(|e| matches!(e, ProgressiveEvent::Locked { .. }));
    assert_eq!(
        locked,
        ProgressiveEvent::Locked {
            round: 41,
            wagers: vec![(1, 100), (3, 500), (5, 0)]
        }
    );
    let accepted = match &locked {
        ProgressiveEvent::Locked { wagers, .. } => wagers.iter().filter(|(_, w)| *w > 0).count(),
        _ => 0,
    };
    assert_eq!(accepted, 2);
    assert_eq!(
        r.wait(|e| matches!(e, ProgressiveEvent::Meters(_))),
        ProgressiveEvent::Meters(vec![(1, 5_000_000 + 20 + 100)])
    );
    // Settlement from the dealer's right: spot 3's straight flush (10%) first, then spot 1's
    // royal (100%) from what is left (§ 647a.12(d)(4)).
    r.drv.send(ProgressiveCommand::Hit {
        round: 41,
        spot: 3,
        meter: 1,
        percent: 10,
    });
    let h1 = r.wait(|e| matches!(e, ProgressiveEvent::Hit(_)));
    assert_eq!(
        h1,
        ProgressiveEvent::Hit(Hit {
            round: 41,
            spot: 3,
            meter: 1,
            percent: 10,
            amount: 500_012,
            meter_after: 4_500_108,
            order: 1
        })
    );
    r.wait(|e| *e == ProgressiveEvent::State(ControllerState::HitPending));
    // Frozen: a second hit before the first is paid is refused.
    r.drv.send(ProgressiveCommand::Hit {
        round: 41,
        spot: 1,
        meter: 1,
        percent: 100,
    });
    let f = r.wait(|e| matches!(e, ProgressiveEvent::Fault { .. }));
    assert!(
        matches!(&f, ProgressiveEvent::Fault { code: 0x0401, text } if text.contains("pending")),
        "{f:?}"
    );
    r.drv.send(ProgressiveCommand::HitPaid {
        round: 41,
        spot: 3,
        meter: 1,
    });
    r.wait(|e| *e == ProgressiveEvent::State(ControllerState::Locked));
    r.drv.send(ProgressiveCommand::Hit {
        round: 41,
        spot: 1,
        meter: 1,
        percent: 100,
    });
    let h2 = r.wait(|e| matches!(e, ProgressiveEvent::Hit(_)));
    assert_eq!(
        h2,
        ProgressiveEvent::Hit(Hit {
            round: 41,
            spot: 1,
            meter: 1,
            percent: 100,
            amount: 4_500_108,
            meter_after: 0,
            order: 2
        })
    );
    // Paid: the meter is reseeded to the reset amount.
    r.drv.send(ProgressiveCommand::HitPaid {
        round: 41,
        spot: 1,
        meter: 1,
    });
    assert_eq!(
        r.wait(|e| matches!(e, ProgressiveEvent::Meters(_))),
        ProgressiveEvent::Meters(vec![(1, 1_000_000)])
    );
    // A spot with no accepted wager cannot hit.
    r.drv.send(ProgressiveCommand::Hit {
        round: 41,
        spot: 5,
        meter: 1,
        percent: 100,
    });
    let f = r.wait(|e| matches!(e, ProgressiveEvent::Fault { .. }));
    assert!(
        matches!(&f, ProgressiveEvent::Fault { text, .. } if text.contains("spot 5 has no accepted wager")),
        "{f:?}"
    );
    // The Envy schedule, to check against the paytable (§ 647a.12(d)(5)).
    r.drv.send(ProgressiveCommand::RequestEnvy);
    let t = r.wait(|e| matches!(e, ProgressiveEvent::EnvyTable(_)));
    let ProgressiveEvent::EnvyTable(t) = t else {
        unreachable!()
    };
    assert_eq!(t.len(), 4);
    assert!(
        t.iter()
            .any(|e| e.wager == 500 && e.hand.line() == "royal-flush" && e.amount == 500_000)
    );
    // Lock-out of a round that is not open is refused.
    r.drv.send(ProgressiveCommand::LockOut { round: 42 });
    let f = r.wait(|e| matches!(e, ProgressiveEvent::Fault { .. }));
    assert!(
        matches!(&f, ProgressiveEvent::Fault { text, .. } if text.contains("round 42 is not open")),
        "{f:?}"
    );
}

#[test]
fn garbage_cut_frames_and_silence_end_in_a_defined_state() {
    let mut r = rig(ProgressiveScript::default());
    r.up();
    r.script.lock().unwrap().garbage_next = vec![0x55, 0xAA, 0x03, 0x10];
    r.drv.send(ProgressiveCommand::RequestMeters);
    assert_eq!(
        r.wait(|e| matches!(e, ProgressiveEvent::Meters(_))),
        ProgressiveEvent::Meters(vec![(1, 2_500_000)])
    );
    assert!(
        r.seen
            .iter()
            .any(|e| matches!(e, ProgressiveEvent::LineError(m) if m.contains("stray"))),
        "{:?}",
        r.seen
    );
    // A frame cut in half, then a whole one: the half is reported, the next gets through.
    r.script.lock().unwrap().cut_next = true;
    r.drv.send(ProgressiveCommand::RequestStatus);
    r.drv.send(ProgressiveCommand::RequestMeters);
    r.wait(|e| matches!(e, ProgressiveEvent::Meters(_)));
    assert!(
        r.seen.iter().any(|e| matches!(e, ProgressiveEvent::LineError(m) if m.contains("cut") || m.contains("truncated") || m.contains("abandon"))),
        "{:?}",
        r.seen
    );
    // Silence: "not answering" after 3 s, and back when it speaks again.
    r.script.lock().unwrap().silent = true;
    let t0 = Instant::now();
    r.wait(|e| *e == ProgressiveEvent::Link(LinkState::Silent));
    assert!(t0.elapsed() >= Duration::from_millis(2900));
    r.script.lock().unwrap().silent = false;
    r.wait(|e| matches!(e, ProgressiveEvent::Link(LinkState::Connected { .. })));
}

#[test]
fn the_controller_locks_wagering_out_when_the_host_falls_silent() {
    // The test plays the host byte by byte, without heartbeats.
    let script = Arc::new(Mutex::new(ProgressiveScript {
        host_timeout: Duration::from_millis(600),
        ..Default::default()
    }));
    let stop = Arc::new(AtomicBool::new(false));
    let (mut host, _sim) = spawn_progressive_on_pty(script, stop.clone()).unwrap();
    host.set_timeout(Duration::from_millis(20)).unwrap();
    let mut ep = Endpoint::new();
    let mut events = Vec::new();
    let pump = |ep: &mut Endpoint,
                host: &mut serialport::TTYPort,
                until: Duration,
                events: &mut Vec<ProgressiveEvent>| {
        let end = Instant::now() + until;
        while Instant::now() < end {
            for inc in ep.read(host).unwrap() {
                if let Incoming::Frame(f) = inc {
                    events.push(prog::decode_event(f.kind, &f.payload).unwrap());
                }
            }
            ep.tick(host).unwrap();
        }
    };
    ep.send(&mut host, prog::HELLO, vec![prog::PROTOCOL_VERSION])
        .unwrap();
    let (k, p) = prog::encode_command(&ProgressiveCommand::OpenWagering { round: 7 });
    ep.send(&mut host, k, p).unwrap();
    pump(&mut ep, &mut host, Duration::from_millis(300), &mut events);
    assert!(
        events.contains(&ProgressiveEvent::State(ControllerState::WageringOpen)),
        "{events:?}"
    );
    // Quiet for longer than the controller's timeout: it locks out by itself.
    std::thread::sleep(Duration::from_millis(900));
    pump(&mut ep, &mut host, Duration::from_millis(300), &mut events);
    assert!(
        events.contains(&ProgressiveEvent::State(ControllerState::CommunicationLoss)),
        "{events:?}"
    );
    // A late lock-out for the round is refused: the round's wagering is gone.
    let (k, p) = prog::encode_command(&ProgressiveCommand::LockOut { round: 7 });
    ep.send(&mut host, k, p).unwrap();
    pump(&mut ep, &mut host, Duration::from_millis(300), &mut events);
    assert!(
        events
            .iter()
            .any(|e| matches!(e, ProgressiveEvent::Fault { code: 0x0401, .. })),
        "{events:?}"
    );
    // HELLO again clears the lock-out.
    ep.send(&mut host, prog::HELLO, vec![prog::PROTOCOL_VERSION])
        .unwrap();
    events.clear();
    pump(&mut ep, &mut host, Duration::from_millis(300), &mut events);
    assert!(
        events.contains(&ProgressiveEvent::State(ControllerState::Idle)),
        "{events:?}"
    );
    stop.store(true, std::sync::atomic::Ordering::SeqCst);
}

#[test]
fn the_driver_keeps_the_controller_from_locking_out() {
    // With the real driver, host heartbeats keep an open round open past the timeout.
    let mut r = rig(ProgressiveScript {
        host_timeout: Duration::from_millis(1500),
        ..Default::default()
    });
    r.up();
    r.drv.send(ProgressiveCommand::OpenWagering { round: 1 });
    r.wait(|e| *e == ProgressiveEvent::State(ControllerState::WageringOpen));
    std::thread::sleep(Duration::from_millis(2500));
    r.drv.send(ProgressiveCommand::RequestStatus);
    assert_eq!(
        r.wait(|e| matches!(e, ProgressiveEvent::State(_))),
        ProgressiveEvent::State(ControllerState::WageringOpen)
    );
    assert!(
        !r.seen
            .contains(&ProgressiveEvent::State(ControllerState::CommunicationLoss))
    );
}

#[test]
fn the_terminal_records_the_controller_in_the_journal() {
    use deckhand::store::Store;
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("t.sqlite");
    let (mut term, stop) = terminal_with_controller(&db, vec![(2, 100), (4, 500)]);
    until(&mut term, "meters", &|t| {
        t.progressive().meters == vec![(1, 2_500_000)]
    });
    assert!(t_link_up(&term));
    term.progressive_command(ProgressiveCommand::OpenWagering { round: 1 })
        .unwrap();
    term.progressive_command(ProgressiveCommand::LockOut { round: 1 })
        .unwrap();
    until(&mut term, "locked", &|t| {
        t.progressive().state == Some(ControllerState::Locked)
    });
    until(&mut term, "meter moved", &|t| {
        t.progressive().meters == vec![(1, 2_500_000 + 15 + 75)]
    });
    drop(term);
    let conn = rusqlite::Connection::open(&db).unwrap();
    let accepted: i64 = conn
        .query_row(
            "SELECT json_extract(payload, '$.accepted') FROM progressive_events WHERE kind = 'progressive_locked'",
            [],
            |r| r.get(0),
        )
        .unwrap();
    assert_eq!(accepted, 2);
    let kinds: Vec<String> = conn
        .prepare("SELECT DISTINCT kind FROM progressive_events ORDER BY kind")
        .unwrap()
        .query_map([], |r| r.get(0))
        .unwrap()
        .map(|k| k.unwrap())
        .collect();
    for k in [
        "progressive_envy_table",
        "progressive_link",
        "progressive_locked",
        "progressive_meters",
        "progressive_state",
        "progressive_wagering_open",
    ] {
        assert!(kinds.iter().any(|x| x == k), "{k} missing from {kinds:?}");
    }
    assert!(
        Store::open(&db)
            .unwrap()
            .verify_chain()
            .unwrap()
            .to_string()
            .starts_with("intact")
    );
    stop.store(true, std::sync::atomic::Ordering::SeqCst);
}

/// A terminal on `db` with the progressive simulator on a pty pair, which accepts
/// `next_wagers` (spot, cents) at the next lock-out; the flag stops the simulator.
fn terminal_with_controller(
    db: &std::path::Path,
    next_wagers: Vec<(u8, i64)>,
) -> (deckhand::terminal::Terminal, Arc<AtomicBool>) {
    let (term, stop, _) = terminal_with_script(db, next_wagers);
    (term, stop)
}

/// As [`terminal_with_controller`], with the simulator's script to change the controller's
/// state behind the terminal's back.
fn terminal_with_script(
    db: &std::path::Path,
    next_wagers: Vec<(u8, i64)>,
) -> (
    deckhand::terminal::Terminal,
    Arc<AtomicBool>,
    Arc<Mutex<ProgressiveScript>>,
) {
    use deckhand::store::Store;
    use deckhand::terminal::Terminal;
    let mut term = Terminal::open(Store::open(db).unwrap(), None).unwrap();
    let (stop, script) = attach_simulated(&mut term, next_wagers);
    (term, stop, script)
}

/// The progressive simulator on a pty pair, attached to `term`, accepting `next_wagers` at the
/// next lock-out; the flag stops the simulator.
fn attach_simulated(
    term: &mut deckhand::terminal::Terminal,
    next_wagers: Vec<(u8, i64)>,
) -> (Arc<AtomicBool>, Arc<Mutex<ProgressiveScript>>) {
    let script = Arc::new(Mutex::new(ProgressiveScript {
        next_wagers,
        ..Default::default()
    }));
    let stop = Arc::new(AtomicBool::new(false));
    let (host, _sim) = spawn_progressive_on_pty(script.clone(), stop.clone()).unwrap();
    let mut slot = Some(host);
    term.attach_progressive(Box::new(SerialProgressive::spawn(
        Box::new(move || {
            slot.take()
                .map(|p| Box::new(p) as Box<dyn SerialPort>)
                .ok_or_else(|| std::io::Error::other("gone"))
        }),
        Arc::new(|| {}),
    )));
    (stop, script)
}

/// Polls the terminal's devices until `pred` holds (10 s at most).
fn until(
    term: &mut deckhand::terminal::Terminal,
    what: &str,
    pred: &dyn Fn(&deckhand::terminal::Terminal) -> bool,
) {
    let deadline = Instant::now() + Duration::from_secs(10);
    while !pred(term) {
        assert!(
            Instant::now() < deadline,
            "{what}: {:?}",
            term.progressive()
        );
        term.poll_devices();
        std::thread::sleep(Duration::from_millis(10));
    }
}

fn t_link_up(t: &deckhand::terminal::Terminal) -> bool {
    t.progressive().link.as_ref().is_some_and(|l| l.is_up())
}

/// A house-banked round drives the controller: wagering opens with the round and locks out at
/// "no more bets"; the controller's accepted progressive wagers are checked against the keyed
/// ones, and a difference is told to the dealer and journaled.
#[test]
fn a_banked_round_opens_and_locks_the_controller_and_checks_its_wagers() {
    use deckhand::rules::banked::round::BankedCommand;
    use deckhand::rules::games::GameId;
    use deckhand::rules::table::Command;
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("banked.sqlite");
    let (mut term, stop) = terminal_with_controller(&db, vec![(2, 100), (4, 500)]);
    until(&mut term, "link", &t_link_up);
    let setup = common::ui::table(6, GameId::Crazy4Poker);
    deckhand::demo::stage_at(&mut term, &setup, deckhand::demo::At::Opened).unwrap();
    term.execute(Command::StartRound { seats: vec![2, 4] })
        .unwrap();
    for (seat, prog) in [(2u8, 100i64), (4, 300)] {
        term.execute(Command::Banked(BankedCommand::Wagers {
            seat,
            wagers: [
                ("ante".to_string(), 1000),
                ("progressive".to_string(), prog),
            ]
            .into(),
        }))
        .unwrap();
    }
    term.execute(Command::Banked(BankedCommand::NoMoreBets))
        .unwrap();
    // § 657a.7(c): at this Crazy 4 Poker table "No more bets" locks the progressive controller
    // out (the wait fails the test if it never locks).
    // § 647a.10(a): "No more bets", before the deal, locks the controller out (the wait fails
    // the test if it never locks); the accepted wagers are checked next (below). The same code
    // drives Texas Hold 'Em Bonus (`progressive_round` keys on the game's progressive).
    until(&mut term, "locked", &|t| {
        t.progressive().state == Some(ControllerState::Locked)
    });
    until(&mut term, "the mismatch", &|t| t.device_notice.is_some());
    let notice = term.device_notice.clone().unwrap();
    // § 657a.10(a): before any card is dispensed, "No more bets" locks the controller out and
    // its accepted Progressive Payout Wagers are checked against those keyed.
    // § 655a.8(b): the controller's accepted wagers against the keyed ones once locked: a
    // difference is told to the dealer and journaled (every banked game's code; Mississippi
    // Stud's lock is also waited for in `settled_meter_round`).
    // § 647a.8(b): once locked, the accepted progressive wagers are checked against the keyed
    // ones; a difference is shown to the dealer and journaled (below).
    // § 655a.10(a): the same before the automated shoe dispenses: "No more bets" locks the controller and its accepted wagers are checked against the keyed ones.
    // § 657a.8(b): this Crazy 4 Poker table deals from a manual shoe: locked at "No more bets", seat 4's $5.00 accepted against $3.00 keyed is shown to the dealer.
    assert!(
        notice.contains("seat 4: $5.00 accepted, $3.00 keyed: call the floor"),
        "{notice}"
    );
    assert!(!notice.contains("seat 2"), "{notice}");
    drop(term);
    let kinds = common::ui::kinds(&db);
    let pos = |k: &str| kinds.iter().position(|x| x == k).unwrap_or(usize::MAX);
    // § 655a.2(c): the controller's wagering opens with the round and is locked out at "no
    // more bets" (the same for Mississippi Stud: `progressive_round` keys on the game's
    // progressive, not its chapter).
    assert!(
        pos("round_started") < pos("progressive_wagering_open"),
        "{kinds:?}"
    );
    // § 647a.2(c): the linked controller's wagering opens with the round (above) and is locked
    // out at "No more bets".
    assert!(
        pos("progressive_wagering_open") < pos("progressive_locked"),
        "{kinds:?}"
    );
    assert!(
        pos("progressive_locked") < pos("progressive_wager_mismatch"),
        "{kinds:?}"
    );
    stop.store(true, std::sync::atomic::Ordering::SeqCst);
}

/// A Mississippi Stud round on a terminal with a controller, settled by the rules from the meter
/// the terminal last heard, while the controller's own meter has moved `stale` cents below it,
/// to the floorperson's validation: seat 4 holds a royal flush
/// (100% of the meter, reseeded), seat 2 a straight flush (10% of what is left). Returns the
/// settlement's (seat, from the meter, percent) for each meter payout, in settlement order.
fn settled_meter_round(
    db: &std::path::Path,
    stale: i64,
) -> (
    deckhand::terminal::Terminal,
    Arc<AtomicBool>,
    Vec<(u64, i64, u64)>,
) {
    use deckhand::rules::banked::round::{BankedCommand, BankedStep};
    use deckhand::rules::cards::parse_cards;
    use deckhand::rules::games::GameId;
    use deckhand::rules::table::Command;
    let (mut term, stop, script) = terminal_with_script(db, vec![(2, 100), (4, 100)]);
    until(&mut term, "link", &t_link_up);
    until(&mut term, "meters", &|t| t.progressive_meter().is_some());
    let mut setup = common::ui::table(6, GameId::MississippiStud);
    // The regulation's validation by a floorperson: these $25,000 hits stay below the house's
    // supervisor threshold here (`[table] supervisor_over_cents`).
    let mut house = deckhand::rules::banked::House::default_for(GameId::MississippiStud).unwrap();
    house.approvals.supervisor_over = 100_000_000;
    setup.poker.house = Some(Box::new(house));
    deckhand::demo::stage_at(&mut term, &setup, deckhand::demo::At::Opened).unwrap();
    term.execute(Command::StartRound { seats: vec![2, 4] })
        .unwrap();
    for seat in [2u8, 4] {
        term.execute(Command::Banked(BankedCommand::Wagers {
            seat,
            wagers: [("ante".to_string(), 500), ("progressive".to_string(), 100)].into(),
        }))
        .unwrap();
    }
    term.execute(Command::Banked(BankedCommand::NoMoreBets))
        .unwrap();
    until(&mut term, "locked and the meter moved", &|t| {
        t.progressive().state == Some(ControllerState::Locked)
            && t.progressive_meter() == Some((1, 2_500_030))
    });
    let round = |t: &deckhand::terminal::Terminal| {
        t.table().round.as_ref().unwrap().banked.clone().unwrap()
    };
    loop {
        let cmd = match round(&term).step {
            BankedStep::Deal => BankedCommand::Dealt,
            BankedStep::Decide { seat, .. } => BankedCommand::Decide { seat, multiple: 1 },
            BankedStep::Reveal { .. } => BankedCommand::Revealed,
            _ => break,
        };
        term.execute(Command::Banked(cmd)).unwrap();
    }
    // The controller's meter moves without a word to the terminal (a stale reading).
    script.lock().unwrap().meters[0].1 -= stale;
    let c = |s: &str| parse_cards(s).unwrap();
    term.execute(Command::Banked(BankedCommand::keyed(
        vec![(2, c("9s 8s")), (4, c("As Ks"))],
        vec![],
        c("Qs Js Ts"),
    )))
    .unwrap();
    // The rules settled the round from the keyed cards and the meter the terminal heard.
    let b = round(&term);
    assert_eq!(
        b.meters.get("1"),
        Some(&2_500_030),
        "the terminal filled in its meter"
    );
    let settlement = b
        .settlement
        .clone()
        .expect("settled when the last card was keyed");
    let from_meter: Vec<(u64, i64, u64)> = settlement
        .results
        .iter()
        .filter(|w| w.wager == "progressive")
        .map(|w| {
            (
                u64::from(w.seat),
                w.from_meter,
                u64::from(w.meter_percent.unwrap()),
            )
        })
        .collect();
    assert_eq!(from_meter.len(), 2, "{settlement:#?}");
    // Nothing is told to the controller before the floorperson validates.
    std::thread::sleep(Duration::from_millis(300));
    term.poll_devices();
    assert!(term.progressive().hits.is_empty());
    (term, stop, from_meter)
}

/// [`settled_meter_round`], validated by the floorperson.
fn meter_round(
    db: &std::path::Path,
    stale: i64,
) -> (
    deckhand::terminal::Terminal,
    Arc<AtomicBool>,
    Vec<(u64, i64, u64)>,
) {
    let (mut term, stop, from_meter) = settled_meter_round(db, stale);
    term.verify("1001", "246810").unwrap();
    (term, stop, from_meter)
}

/// A payout from the meter waits for a floorperson's validation (§ 655a.11(i)(4)): the dealer
/// cannot pay it first nor validate it; a restart comes back at the same step; the journal
/// names the floorperson who signed.
#[test]
fn a_flagged_payout_waits_for_the_floorperson() {
    use deckhand::rules::banked::round::{BankedCommand, BankedStep};
    use deckhand::rules::table::{Command, Step};
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("flag.sqlite");
    let (mut t, stop, _) = settled_meter_round(&db, 0);
    let e = t.execute(Command::Banked(BankedCommand::Paid)).unwrap_err();
    assert!(e.contains("floorperson validates"), "{e}");
    stop.store(true, std::sync::atomic::Ordering::SeqCst);
    // A restart rebuilds the round from the journal, at the same step.
    drop(t);
    let mut t =
        deckhand::terminal::Terminal::open(deckhand::store::Store::open(&db).unwrap(), None)
            .unwrap();
    assert!(matches!(
        t.table().step(),
        Step::Banked {
            step: BankedStep::Pay { verify: true },
            ..
        }
    ));
    // The dealer cannot validate; a wrong PIN is refused; the floorperson can.
    assert!(t.verify("20417", "").is_err());
    assert!(t.verify("1001", "000000").is_err());
    t.verify("1001", "246810").unwrap();
    t.execute(Command::Banked(BankedCommand::Paid)).unwrap();
    assert!(t.table().round.is_none());
    let conn = rusqlite::Connection::open(&db).unwrap();
    let signer: String = conn
        .query_row(
            "SELECT actor_credential FROM journal WHERE kind = 'payouts_validated'",
            [],
            |r| r.get(0),
        )
        .unwrap();
    assert_eq!(signer, "1001");
}

/// A settlement that pays from the meter is told to the controller: HIT after the floorperson
/// validates, HIT_PAID when the dealer has paid, one hit at a time in settlement order
/// (§ 655a.11(i)(4), § 655a.12(c)(4)); the controller's amounts equal the settlement's.
#[test]
fn meter_payouts_are_told_to_the_controller_in_settlement_order() {
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("hits.sqlite");
    let (mut term, stop, from_meter) = meter_round(&db, 0);
    until(&mut term, "the first hit", &|t| {
        t.progressive().hits.len() == 1
    });
    until(&mut term, "the meter frozen", &|t| {
        t.progressive().state == Some(ControllerState::HitPending)
    });
    // The controller refuses a second hit while one is pending, so the second waits for
    // the dealer's "Paid", tapped on the screen that shows what the controller lit.
    std::thread::sleep(Duration::from_millis(300));
    term.poll_devices();
    assert_eq!(term.progressive().hits.len(), 1);
    let setup = common::ui::table(6, deckhand::rules::games::GameId::MississippiStud);
    let mut h = common::ui::harness(deckhand::ui::DeckhandApp::new(term, setup, None));
    h.run();
    h.get_by_label(&format!(
        "Progressive controller: spot 4 lit · 100% of the meter = {}",
        deckhand::rules::money(from_meter[0].1)
    ));
    // § 655a.12(c): seat 4's royal flush, its highest hand, is paid 100% of the meter as it stands at its turn ($25,000.30).
    h.get_by_label_contains("Progressive: royal flush pays 100% of the meter ($25,000.30) → $25,000.30; not from the table inventory, cards stay until the documentation is complete  (validated by");
    common::ui::tap(&mut h, "Paid");
    // "Paid" tells HIT_PAID for the first hit, HIT for the second, then HIT_PAID for it: done
    // once the controller's meters show the second hit taken (a part of the meter, so no
    // reset) and it is locked again. The state alone is already "locked" from the first
    // HIT_PAID's answer.
    let deadline = Instant::now() + Duration::from_secs(10);
    let second_paid = |t: &deckhand::terminal::Terminal| {
        t.progressive().hits.get(1).is_some_and(|second| {
            second.percent < 100 && t.progressive_meter() == Some((1, second.meter_after))
        }) && t.progressive().state == Some(ControllerState::Locked)
    };
    while !second_paid(h.state().terminal()) {
        assert!(
            Instant::now() < deadline,
            "{:?}",
            h.state().terminal().progressive()
        );
        std::thread::sleep(Duration::from_millis(10));
        h.run();
    }
    let term = h.state().terminal();
    let hits = term.progressive().hits.clone();
    for (h, (seat, amount, pct)) in hits.iter().zip(&from_meter) {
        assert_eq!(u64::from(h.spot), *seat);
        assert_eq!(h.amount, *amount);
        assert_eq!(u64::from(h.percent), *pct);
    }
    assert_eq!(hits[0].order, 1);
    assert_eq!(hits[1].order, 2);
    assert_eq!(term.device_notice, None);
    drop(h);
    let kinds = common::ui::kinds(&db);
    let count = |k: &str| kinds.iter().filter(|x| *x == k).count();
    assert_eq!(count("progressive_hit"), 2, "{kinds:?}");
    assert_eq!(count("progressive_hit_paid"), 2, "{kinds:?}");
    assert_eq!(count("progressive_hit_mismatch"), 0, "{kinds:?}");
    stop.store(true, std::sync::atomic::Ordering::SeqCst);
}

/// A settlement from a meter the controller no longer shows (here $10 more): the controller's
/// amount is what it pays, and the difference is told to the dealer and journaled.
#[test]
fn a_hit_the_controller_pays_differently_is_told_to_the_floor() {
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("stale.sqlite");
    let (mut term, stop, from_meter) = meter_round(&db, 1000);
    until(&mut term, "the notice", &|t| t.device_notice.is_some());
    let notice = term.device_notice.clone().unwrap();
    let first = &term.progressive().hits[0];
    assert_eq!(first.amount + 1000, from_meter[0].1);
    assert!(
        notice.contains("lit spot 4 for $24,990.30; the settlement paid seat 4 $25,000.30"),
        "{notice}"
    );
    drop(term);
    let kinds = common::ui::kinds(&db);
    assert!(
        kinds.iter().any(|k| k == "progressive_hit_mismatch"),
        "{kinds:?}"
    );
    stop.store(true, std::sync::atomic::Ordering::SeqCst);
}

/// A controller that comes (back) while a round's wagers are keyed (the terminal restarted,
/// the line was down) is idle after HELLO: the terminal opens wagering again for the round in
/// play, so "no more bets" locks it out and its wagers are checked as ever.
#[test]
fn a_controller_that_comes_back_during_the_wagers_is_opened_for_the_round() {
    use deckhand::rules::banked::round::BankedCommand;
    use deckhand::rules::games::GameId;
    use deckhand::rules::table::Command;
    use deckhand::store::Store;
    use deckhand::terminal::Terminal;
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("back.sqlite");
    let mut term = Terminal::open(Store::open(&db).unwrap(), None).unwrap();
    let setup = common::ui::table(6, GameId::Crazy4Poker);
    deckhand::demo::stage_at(&mut term, &setup, deckhand::demo::At::Opened).unwrap();
    term.execute(Command::StartRound { seats: vec![2] })
        .unwrap();
    // The controller is there only now, the round's OPEN_WAGERING long gone.
    let (stop, _script) = attach_simulated(&mut term, vec![(2, 100)]);
    until(&mut term, "wagering open again", &|t| {
        t.progressive().state == Some(ControllerState::WageringOpen)
    });
    term.execute(Command::Banked(BankedCommand::Wagers {
        seat: 2,
        wagers: [("ante".to_string(), 1000), ("progressive".to_string(), 100)].into(),
    }))
    .unwrap();
    term.execute(Command::Banked(BankedCommand::NoMoreBets))
        .unwrap();
    until(&mut term, "locked", &|t| {
        t.progressive().state == Some(ControllerState::Locked)
    });
    assert!(term.device_notice.is_none(), "{:?}", term.device_notice);
    drop(term);
    let kinds = common::ui::kinds(&db);
    assert!(kinds.iter().any(|k| k == "progressive_locked"), "{kinds:?}");
    stop.store(true, std::sync::atomic::Ordering::SeqCst);
}

/// A chip on the progressive spot the controller did not accept is no wager (§ 657a.8(b): the
/// chips collected equal the wagers the system accepted): the round lowers the seat's wager to
/// what was accepted, journaled, the dealer is told to return the chip, and neither a loss nor
/// an Envy Bonus is settled on it; the notice goes with the round.
#[test]
fn a_progressive_wager_the_controller_did_not_accept_is_returned_not_settled() {
    use deckhand::rules::banked::round::{BankedCommand, BankedStep};
    use deckhand::rules::cards::parse_cards;
    use deckhand::rules::games::GameId;
    use deckhand::rules::table::Command;
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("accepted.sqlite");
    // Seat 2's $1.00 never reached the controller; seat 4's did.
    let (mut term, stop) = terminal_with_controller(&db, vec![(4, 100)]);
    until(&mut term, "link", &t_link_up);
    let setup = common::ui::table(6, GameId::Crazy4Poker);
    deckhand::demo::stage_at(&mut term, &setup, deckhand::demo::At::Opened).unwrap();
    term.execute(Command::StartRound { seats: vec![2, 4] })
        .unwrap();
    for seat in [2u8, 4] {
        term.execute(Command::Banked(BankedCommand::Wagers {
            seat,
            wagers: [("ante".to_string(), 1000), ("progressive".to_string(), 100)].into(),
        }))
        .unwrap();
    }
    term.execute(Command::Banked(BankedCommand::NoMoreBets))
        .unwrap();
    until(&mut term, "the mismatch", &|t| t.device_notice.is_some());
    let notice = term.device_notice.clone().unwrap();
    assert!(!notice.contains("not recorded"), "{notice}");
    assert!(
        notice.contains("seat 2: none accepted, return $1.00"),
        "{notice}"
    );
    let round = |t: &deckhand::terminal::Terminal| {
        t.table().round.as_ref().unwrap().banked.clone().unwrap()
    };
    assert_eq!(round(&term).wagers[&2].get("progressive"), None);
    assert_eq!(round(&term).wagers[&4].get("progressive"), Some(&100));
    loop {
        let cmd = match round(&term).step {
            BankedStep::Deal => BankedCommand::Dealt,
            BankedStep::Decide { seat, .. } => BankedCommand::Decide { seat, multiple: 1 },
            BankedStep::Reveal { .. } => BankedCommand::Revealed,
            _ => break,
        };
        term.execute(Command::Banked(cmd)).unwrap();
    }
    // Seat 4's four aces qualify every other progressive wager for an Envy Bonus.
    let c = |s: &str| parse_cards(s).unwrap();
    term.execute(Command::Banked(BankedCommand::keyed(
        vec![(2, c("2c 3d 5h 7s 9c")), (4, c("Ah Ad Ac As Kd"))],
        c("Kc Qc Jd 4h 6s"),
        vec![],
    )))
    .unwrap();
    let settlement = round(&term).settlement.clone().expect("settled");
    let on_seat_2: Vec<&str> = settlement
        .results
        .iter()
        .filter(|w| w.seat == 2)
        .map(|w| w.wager.as_str())
        .collect();
    assert!(
        !on_seat_2.contains(&"progressive") && !on_seat_2.contains(&"envy"),
        "seat 2 had no progressive wager: {on_seat_2:?}"
    );
    // Paid (or validated, then paid): the round is over and its notice with it.
    while term.table().round.is_some() {
        match round(&term).step {
            // Four aces pay above the supervisor threshold: the shift supervisor signs.
            BankedStep::Pay { verify: true } => term.verify("3001", "135790").map(|_| ()),
            _ => term
                .execute(Command::Banked(BankedCommand::Paid))
                .map(|_| ()),
        }
        .unwrap();
    }
    assert_eq!(term.device_notice, None, "the notice outlived its round");
    drop(term);
    let kinds = common::ui::kinds(&db);
    assert!(
        kinds.iter().any(|k| k == "progressive_wagers_accepted"),
        "{kinds:?}"
    );
    stop.store(true, std::sync::atomic::Ordering::SeqCst);
}
