//! A simulated counting shuffler speaking the same bytes as a real one
//! (`hw/shuffler-protocol.md`). `cargo run` starts it on a pseudo-terminal pair; `deckhand sim
//! shuffler --port PATH` runs it against a real port. The script makes it miscount, jam,
//! send garbage or go silent, so every path can be shown and tested without hardware.

use super::link::{Endpoint, HEARTBEAT, Incoming};
use super::shuffler::{
    Capabilities, DISPENSE, DeviceState, HELLO, LinkState, METERS_REQUEST, SHUFFLE, STATUS_REQUEST,
    ShufflerEvent, encode_event,
};
use super::sim_shoe::{Shoe, shuffled_deck};
use crate::rules::cards::Card;
use serialport::SerialPort;
use std::collections::VecDeque;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

/// What the simulated device will do next. Shared with whoever drives the simulation.
#[derive(Debug, Clone)]
pub struct SimScript {
    /// Counts to report for the next shuffles, in order; then `default_count`.
    pub counts: VecDeque<u16>,
    pub default_count: u16,
    /// Jam during the next shuffle (FAULT code 0x0101).
    pub jam_next: bool,
    /// Stop sending anything (heartbeats included) while set.
    pub silent: bool,
    /// Send these bytes before the next frame.
    pub garbage_next: Vec<u8>,
    /// Send only the first half of the next frame (a cable pulled mid-frame).
    pub cut_next: bool,
    /// Read the cards' identities and send their list (sorted, never in deck order) before
    /// each count.
    pub read_cards: bool,
    /// The cards a short count lacks (else the last ones of a full deck).
    pub missing: Vec<Card>,
    /// An automated dealing shoe that forms, dispenses and reads the hands (version 2).
    pub deals_hands: bool,
    /// How long each stack takes to leave the shoe (the dealer taking the one before).
    pub dispense_time: Duration,
    /// Misread the first card of the next stack (a card the stack does not hold).
    pub misread_next: bool,
    /// What each stack dispensed really held, (stack number, cards): the simulator's truth,
    /// for the tests and the demo to compare with what it reported.
    pub dispensed: Vec<(u8, Vec<Card>)>,
    /// A dealing shoe that reads each card the dealer draws (version 2, CARD_DRAWN).
    pub reads_draws: bool,
    /// The simulated dealer's hand: it draws from the shoe holding the deck tagged `.0` until
    /// `.1` cards have been drawn from it, one every `draw_time`.
    pub pull_to: Option<(u8, u16)>,
    pub draw_time: Duration,
    /// The next card drawn is not read: it leaves the shoe and no CARD_DRAWN reports it (the
    /// next report's number shows the gap).
    pub unread_next: bool,
    /// The simulated dealer's hand holds the next card back once this many cards have been
    /// drawn in all (`drawn`), whatever `pull_to` asks: a test stops the deal at an exact
    /// card with it, however late its own thread runs.
    pub hand_holds_at: Option<usize>,
    /// What each card drawn really was, (deck, number, card): the simulator's truth.
    pub drawn: Vec<(u8, u16, Card)>,
    /// The decks loaded are Spanish decks, 48 cards without the 10s (§ 635a.3(a)).
    pub no_tens: bool,
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
            cut_next: false,
            read_cards: true,
            missing: Vec::new(),
            deals_hands: true,
            dispense_time: Duration::from_millis(250),
            misread_next: false,
            dispensed: Vec::new(),
            reads_draws: true,
            pull_to: None,
            draw_time: Duration::from_millis(300),
            unread_next: false,
            hand_holds_at: None,
            drawn: Vec::new(),
            no_tens: false,
            shuffle_time: Duration::from_millis(400),
            heartbeat: Duration::from_secs(1),
            firmware: "DH-SIM 1.0".into(),
            serial: "SIM-0001".into(),
        }
    }
}

pub type SharedScript = Arc<Mutex<SimScript>>;

/// Runs the simulated shuffler on `port` until `stop` is set or the port fails.
pub fn run_shuffler(port: Box<dyn SerialPort>, script: SharedScript, stop: Arc<AtomicBool>) {
    let mut sim = SimShuffler {
        port,
        ep: Endpoint::new(),
        script,
        shuffling: None,
        shoe: Shoe::default(),
        done: 0,
        failed: 0,
        carded: 0,
    };
    let _ = sim.port.set_timeout(Duration::from_millis(20));
    // As the protocol says: ACK what it knows, NAK (reason 1) a type it does not.
    sim.ep.defer_ack = true;
    let mut last_beat = Instant::now();
    let lock = |s: &SharedScript| s.lock().unwrap_or_else(|p| p.into_inner()).clone();
    while !stop.load(Ordering::SeqCst) {
        let sc = lock(&sim.script);
        let incoming = match sim.ep.read(&mut sim.port) {
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
            let _ = sim.port.write_all(&sc.garbage_next);
            sim.script
                .lock()
                .unwrap_or_else(|p| p.into_inner())
                .garbage_next
                .clear();
        }
        for inc in incoming {
            if let Incoming::Duplicate(seq) = inc {
                // A resend of what was answered already: acknowledged again, ignored.
                let _ = sim.ep.ack(&mut sim.port, seq);
                continue;
            }
            let Incoming::Frame(f) = inc else { continue };
            sim.answer(&f, &sc);
        }
        if let Some((deck, done_at)) = sim.shuffling
            && Instant::now() >= done_at
        {
            sim.shuffling = None;
            sim.finish_shuffle(deck);
        }
        sim.dispense_and_draw(&sc);
        if last_beat.elapsed() >= sc.heartbeat {
            last_beat = Instant::now();
            let _ = sim.ep.send_unacked(&mut sim.port, HEARTBEAT, vec![]);
        }
        let _ = sim.ep.tick(&mut sim.port);
    }
}

/// The simulated shuffler's state between reads: its line, its script, the shuffle under
/// way, the shoe it deals from, and its meters (shuffles completed, failed, cards shuffled).
struct SimShuffler {
    port: Box<dyn SerialPort>,
    ep: Endpoint,
    script: SharedScript,
    shuffling: Option<(u8, Instant)>,
    shoe: Shoe,
    done: u32,
    failed: u32,
    carded: u64,
}

impl SimShuffler {
    /// Sends a report, or half of its frame where the script cuts the line.
    fn reply(&mut self, ev: ShufflerEvent) {
        if let Some((kind, payload)) = encode_event(&ev) {
            let mut s = self.script.lock().unwrap_or_else(|p| p.into_inner());
            if s.cut_next {
                s.cut_next = false;
                let bytes = super::frame::Frame::new(0x7F, kind, payload).encode();
                let _ = self.port.write_all(&bytes[..bytes.len() / 2]);
                return;
            }
            drop(s);
            let _ = self.ep.send(&mut self.port, kind, payload);
        }
    }

    /// A host's frame: acknowledged (or refused, a type it does not know), then answered.
    fn answer(&mut self, f: &super::frame::Frame, sc: &SimScript) {
        let known = matches!(f.kind, HELLO | SHUFFLE | METERS_REQUEST | STATUS_REQUEST)
            || (f.kind == DISPENSE && sc.deals_hands);
        let _ = if known {
            self.ep.ack(&mut self.port, f.seq)
        } else {
            self.ep.nak(&mut self.port, f.seq, 1)
        };
        match f.kind {
            HELLO => {
                self.reply(ShufflerEvent::Link(LinkState::Connected {
                    firmware: sc.firmware.clone(),
                    serial: sc.serial.clone(),
                }));
                let can = Capabilities {
                    card_list: sc.read_cards,
                    deals_read_hands: sc.deals_hands,
                    reads_draws: sc.reads_draws,
                };
                self.reply(ShufflerEvent::Capabilities(can));
            }
            DISPENSE if sc.deals_hands => self.shoe.dispense(&f.payload),
            SHUFFLE => {
                let deck = f.payload.first().copied().unwrap_or(0);
                self.shuffling = Some((deck, Instant::now() + sc.shuffle_time));
                self.reply(ShufflerEvent::DeckPresent(true));
                self.reply(ShufflerEvent::ShuffleStarted { deck });
            }
            METERS_REQUEST => self.reply(ShufflerEvent::Meters {
                shuffles: self.done,
                failed: self.failed,
                cards: self.carded,
            }),
            STATUS_REQUEST => {
                let state = if self.shuffling.is_some() {
                    DeviceState::Shuffling
                } else {
                    DeviceState::Idle
                };
                self.reply(ShufflerEvent::Status(state));
            }
            _ => {}
        }
    }

    /// A shuffle's end: the jam the script asks for, or the count (and, for a card-reading
    /// shuffler, the cards sorted by code) with the shoe loaded.
    fn finish_shuffle(&mut self, deck: u8) {
        let mut s = self.script.lock().unwrap_or_else(|p| p.into_inner());
        let mut list = None;
        let ev = if s.jam_next {
            s.jam_next = false;
            self.failed += 1;
            ShufflerEvent::Fault {
                code: 0x0101,
                text: "Jam in the elevator: open the door and clear the cards".into(),
            }
        } else {
            let count = s.counts.pop_front().unwrap_or(s.default_count);
            self.done += 1;
            self.carded += u64::from(count);
            let order = if s.no_tens {
                super::sim_shoe::shuffled_shoe(count)
            } else {
                shuffled_deck(count, &s.missing)
            };
            if s.read_cards {
                // Sorted by code: no card sequence leaves the device.
                let mut sorted = order.clone();
                sorted.sort_by_key(|c| c.index());
                list = Some(sorted);
            }
            self.shoe.loaded(deck, order);
            // A new shoe: the dealer's hand starts drawing from it when asked anew.
            if s.pull_to.is_some_and(|(d, _)| d == deck) {
                s.pull_to = None;
            }
            ShufflerEvent::Counted { deck, count }
        };
        drop(s);
        if let Some(cards) = list {
            self.reply(ShufflerEvent::CardsRead { deck, cards });
        }
        self.reply(ev);
    }

    /// A hand dispensed from the shoe once its time has come, and a card drawn where the
    /// shuffler reads draws, each read as the script says (misread where it asks).
    fn dispense_and_draw(&mut self, sc: &SimScript) {
        if let Some((deck, stack, cards)) = self.shoe.next(Instant::now(), sc.dispense_time) {
            let mut s = self.script.lock().unwrap_or_else(|p| p.into_inner());
            s.dispensed.push((stack, cards.clone()));
            let mut read = cards;
            if std::mem::take(&mut s.misread_next) {
                misread(&mut read, sc.no_tens);
            }
            drop(s);
            self.reply(ShufflerEvent::HandDispensed {
                deck,
                stack,
                cards: read,
            });
        }
        // The terminal started again with a shoe in its dealing shoe: the real shoe still
        // holds its stack, which this simulator (started with the terminal) never shuffled. It
        // deals on from a stack of its own, numbered from 1 as a stack just loaded is.
        if sc.reads_draws
            && let Some((deck, _)) = sc.pull_to
            && !self.shoe.ever_loaded(deck)
        {
            let order = if sc.no_tens {
                super::sim_shoe::shuffled_shoe(sc.default_count)
            } else {
                shuffled_deck(sc.default_count, &[])
            };
            self.shoe.loaded(deck, order);
        }
        let held = sc.hand_holds_at.is_some_and(|n| sc.drawn.len() >= n);
        if sc.reads_draws
            && !held
            && let Some((deck, number, card)) =
                self.shoe.pull(sc.pull_to, Instant::now(), sc.draw_time)
        {
            let mut s = self.script.lock().unwrap_or_else(|p| p.into_inner());
            s.drawn.push((deck, number, card));
            if std::mem::take(&mut s.unread_next) {
                return;
            }
            let mut read = [card];
            if std::mem::take(&mut s.misread_next) {
                misread(&mut read, sc.no_tens);
            }
            drop(s);
            let card = read[0];
            self.reply(ShufflerEvent::CardDrawn { deck, number, card });
        }
    }
}

/// A misread: the stack's first card reported as the next card by code that the stack does
/// not hold (and not a 10, from a Spanish shoe).
fn misread(stack: &mut [Card], no_tens: bool) {
    let Some(first) = stack.first().copied() else {
        return;
    };
    let other = (1..52)
        .filter_map(|k| Card::from_index((first.index() + k) % 52))
        .filter(|c| !(no_tens && c.rank == crate::rules::cards::Rank::TEN))
        .find(|c| !stack.contains(c));
    if let Some(c) = other {
        stack[0] = c;
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

// ---------------------------------------------------------------- progressive controller

use super::progressive::{
    self as prog, ControllerState, EnvyEntry, EnvyHand, Hit, ProgressiveCommand, ProgressiveEvent,
};
use crate::rules::Cents;

/// What the simulated progressive controller holds and will do. Shared with whoever drives it.
#[derive(Debug, Clone)]
pub struct ProgressiveScript {
    /// Meter values, by meter id; the simulator updates them.
    pub meters: Vec<(u8, Cents)>,
    /// Initial and reset amounts (§ 647a.12(d)(3)), by meter id.
    pub resets: Vec<(u8, Cents)>,
    /// Rate of progression: each accepted wager adds wager × rate / 1000 to every meter.
    pub rate_permille: Cents,
    /// What the spots' wagering devices accept at the next lock-out (the chips the players put
    /// on their devices), by spot.
    pub next_wagers: Vec<(u8, Cents)>,
    pub envy: Vec<EnvyEntry>,
    /// Texas Hold 'Em Bonus's table game system: at each lock-out, draw the Magic Card and the
    /// Lucky Bonus position (§ 647a.1) and send DRAWN. `Some` fixes the next draw (tests);
    /// `None` with `draws` set draws at random.
    pub draws: bool,
    pub next_draw: Option<(crate::rules::cards::Card, u8)>,
    /// Stop sending anything while set.
    pub silent: bool,
    /// Send these bytes before the next frame.
    pub garbage_next: Vec<u8>,
    /// Send only the first half of the next frame.
    pub cut_next: bool,
    /// No byte from the host for this long locks wagering out.
    pub host_timeout: Duration,
    pub heartbeat: Duration,
    pub firmware: String,
    pub serial: String,
}

impl Default for ProgressiveScript {
    fn default() -> Self {
        ProgressiveScript {
            meters: vec![(1, 2_500_000)],
            resets: vec![(1, 1_000_000)],
            rate_permille: 150,
            next_wagers: Vec::new(),
            draws: false,
            next_draw: None,
            envy: vec![
                EnvyEntry {
                    wager: 100,
                    hand: EnvyHand::RoyalFlush,
                    amount: 100_000,
                },
                EnvyEntry {
                    wager: 100,
                    hand: EnvyHand::StraightFlush,
                    amount: 30_000,
                },
                EnvyEntry {
                    wager: 500,
                    hand: EnvyHand::RoyalFlush,
                    amount: 500_000,
                },
                EnvyEntry {
                    wager: 500,
                    hand: EnvyHand::StraightFlush,
                    amount: 150_000,
                },
            ],
            silent: false,
            garbage_next: Vec::new(),
            cut_next: false,
            host_timeout: Duration::from_secs(3),
            heartbeat: Duration::from_secs(1),
            firmware: "DH-PROG-SIM 1.0".into(),
            serial: "PSIM-0001".into(),
        }
    }
}

pub type SharedProgressive = Arc<Mutex<ProgressiveScript>>;

struct Controller {
    state: ControllerState,
    round: u32,
    accepted: Vec<(u8, Cents)>,
    pending: Option<Hit>,
    hits: u8,
}

/// Runs the simulated progressive controller on `port` until `stop` is set.
pub fn run_progressive(
    mut port: Box<dyn SerialPort>,
    script: SharedProgressive,
    stop: Arc<AtomicBool>,
) {
    let _ = port.set_timeout(Duration::from_millis(20));
    let mut ep = Endpoint::new();
    // ACK what it knows (a command it refuses is still read: refused with a FAULT), NAK
    // (reason 1) a type it does not.
    ep.defer_ack = true;
    let mut last_beat = Instant::now();
    let mut c = Controller {
        state: ControllerState::Idle,
        round: 0,
        accepted: Vec::new(),
        pending: None,
        hits: 0,
    };
    let guard = |s: &SharedProgressive| s.lock().unwrap_or_else(|p| p.into_inner()).clone();
    while !stop.load(Ordering::SeqCst) {
        let incoming = match ep.read(&mut port) {
            Ok(v) => v,
            Err(_) => {
                std::thread::sleep(Duration::from_millis(50));
                continue;
            }
        };
        let sc = guard(&script);
        if sc.silent {
            continue;
        }
        let mut out: Vec<ProgressiveEvent> = Vec::new();
        for inc in incoming {
            if let Incoming::Duplicate(seq) = inc {
                // A resend of what was answered already: acknowledged again, ignored.
                let _ = ep.ack(&mut port, seq);
                continue;
            }
            let Incoming::Frame(f) = inc else { continue };
            let known = matches!(
                f.kind,
                prog::HELLO
                    | prog::STATUS_REQUEST
                    | prog::OPEN_WAGERING
                    | prog::LOCK_OUT
                    | prog::METERS_REQUEST
                    | prog::HIT
                    | prog::HIT_PAID
                    | prog::ENVY_REQUEST
            );
            let _ = if known {
                ep.ack(&mut port, f.seq)
            } else {
                ep.nak(&mut port, f.seq, 1)
            };
            if !known {
                continue;
            }
            if f.kind == prog::HELLO {
                if c.state == ControllerState::CommunicationLoss {
                    c.state = ControllerState::Idle;
                }
                out.push(ProgressiveEvent::Link(LinkState::Connected {
                    firmware: sc.firmware.clone(),
                    serial: sc.serial.clone(),
                }));
                out.push(ProgressiveEvent::State(c.state));
                continue;
            }
            match prog::decode_command(f.kind, &f.payload) {
                Ok(cmd) => out.extend(controller_step(&mut c, &script, cmd)),
                Err(e) => out.push(refused(&e)),
            }
        }
        // § 647a.2(c)(2): wagers are not recognised while the host cannot hear them.
        if ep.last_rx.elapsed() > sc.host_timeout
            && !matches!(
                c.state,
                ControllerState::CommunicationLoss | ControllerState::Idle
            )
        {
            c.state = ControllerState::CommunicationLoss;
            out.push(ProgressiveEvent::State(c.state));
        }
        for ev in out {
            let Some((kind, payload)) = prog::encode_event(&ev) else {
                continue;
            };
            let mut s = script.lock().unwrap_or_else(|p| p.into_inner());
            if !s.garbage_next.is_empty() {
                let _ = port.write_all(&s.garbage_next);
                s.garbage_next.clear();
            }
            if s.cut_next {
                s.cut_next = false;
                let bytes = super::frame::Frame::new(0x7F, kind, payload).encode();
                let _ = port.write_all(&bytes[..bytes.len() / 2]);
                continue;
            }
            drop(s);
            let _ = ep.send(&mut port, kind, payload);
        }
        if last_beat.elapsed() >= sc.heartbeat {
            last_beat = Instant::now();
            let _ = ep.send_unacked(&mut port, HEARTBEAT, vec![]);
        }
        let _ = ep.tick(&mut port);
    }
}

fn refused(why: &str) -> ProgressiveEvent {
    ProgressiveEvent::Fault {
        code: 0x0401,
        text: format!("command refused: {why}"),
    }
}

fn meters_of(script: &SharedProgressive) -> ProgressiveEvent {
    ProgressiveEvent::Meters(
        script
            .lock()
            .unwrap_or_else(|p| p.into_inner())
            .meters
            .clone(),
    )
}

/// A Magic Card from one deck and a Lucky Bonus position from the six and the dealer's (0).
fn random_draw() -> Option<(crate::rules::cards::Card, u8)> {
    let mut b = [0u8; 2];
    // The simulator's draw; a failed source of randomness draws the first card and the dealer.
    let _ = getrandom::getrandom(&mut b);
    let card = crate::rules::cards::Card::from_index(usize::from(b[0]) % 52)?;
    Some((card, b[1] % 7))
}

/// One command against the controller's state.
fn controller_step(
    c: &mut Controller,
    script: &SharedProgressive,
    cmd: ProgressiveCommand,
) -> Vec<ProgressiveEvent> {
    use ControllerState as S;
    match cmd {
        ProgressiveCommand::RequestStatus => vec![ProgressiveEvent::State(c.state)],
        ProgressiveCommand::RequestMeters => vec![meters_of(script)],
        ProgressiveCommand::RequestEnvy => {
            vec![ProgressiveEvent::EnvyTable(
                script
                    .lock()
                    .unwrap_or_else(|p| p.into_inner())
                    .envy
                    .clone(),
            )]
        }
        ProgressiveCommand::OpenWagering { round } => {
            if c.state == S::HitPending {
                return vec![refused("a hit is pending; pay it first")];
            }
            *c = Controller {
                state: S::WageringOpen,
                round,
                accepted: Vec::new(),
                pending: None,
                hits: 0,
            };
            vec![
                ProgressiveEvent::WageringOpen { round },
                ProgressiveEvent::State(c.state),
            ]
        }
        ProgressiveCommand::LockOut { round } => {
            if c.state != S::WageringOpen || round != c.round {
                return vec![refused(&format!("round {round} is not open for wagering"))];
            }
            let mut s = script.lock().unwrap_or_else(|p| p.into_inner());
            c.accepted = std::mem::take(&mut s.next_wagers);
            let added: Cents = c
                .accepted
                .iter()
                .map(|(_, w)| w * s.rate_permille / 1000)
                .sum();
            for m in s.meters.iter_mut() {
                m.1 += added;
            }
            let drawn = if s.draws {
                s.next_draw.take().or_else(random_draw)
            } else {
                None
            };
            drop(s);
            c.state = S::Locked;
            let mut out = vec![ProgressiveEvent::Locked {
                round,
                wagers: c.accepted.clone(),
            }];
            if let Some((magic_card, lucky)) = drawn {
                out.push(ProgressiveEvent::Drawn {
                    round,
                    magic_card,
                    lucky,
                });
            }
            out.extend([meters_of(script), ProgressiveEvent::State(c.state)]);
            out
        }
        ProgressiveCommand::Hit {
            round,
            spot,
            meter,
            percent,
        } => {
            if c.state == S::HitPending {
                return vec![refused("another hit is pending")];
            }
            if c.state != S::Locked || round != c.round {
                return vec![refused(&format!("round {round} is not locked"))];
            }
            // The Five Card Hand Bonus meter's wagers are on the electronic wagering system,
            // spot 0 being the dealer's hand (hw/progressive-protocol.md).
            if meter != crate::rules::banked::round::METER_FIVE_CARD_BONUS
                && !c.accepted.iter().any(|(s, w)| *s == spot && *w > 0)
            {
                return vec![refused(&format!("spot {spot} has no accepted wager"))];
            }
            if percent == 0 || percent > 100 {
                return vec![refused("a hit is 1 to 100 percent of a meter")];
            }
            let mut s = script.lock().unwrap_or_else(|p| p.into_inner());
            let Some(m) = s.meters.iter_mut().find(|m| m.0 == meter) else {
                return vec![refused(&format!("no meter {meter}"))];
            };
            let amount = m.1 * Cents::from(percent) / 100;
            m.1 -= amount;
            let meter_after = m.1;
            drop(s);
            c.hits += 1;
            let hit = Hit {
                round,
                spot,
                meter,
                percent,
                amount,
                meter_after,
                order: c.hits,
            };
            c.pending = Some(hit.clone());
            c.state = S::HitPending;
            vec![ProgressiveEvent::Hit(hit), ProgressiveEvent::State(c.state)]
        }
        ProgressiveCommand::HitPaid { round, spot, meter } => {
            let Some(h) = c.pending.clone() else {
                return vec![refused("no hit is pending")];
            };
            if (h.round, h.spot, h.meter) != (round, spot, meter) {
                return vec![refused("that is not the pending hit")];
            }
            if h.percent == 100 {
                let mut s = script.lock().unwrap_or_else(|p| p.into_inner());
                let reset = s
                    .resets
                    .iter()
                    .find(|r| r.0 == meter)
                    .map(|r| r.1)
                    .unwrap_or(0);
                if let Some(m) = s.meters.iter_mut().find(|m| m.0 == meter) {
                    m.1 += reset;
                }
            }
            c.pending = None;
            c.state = S::Locked;
            vec![meters_of(script), ProgressiveEvent::State(c.state)]
        }
    }
}

/// Starts the simulated controller on a fresh pseudo-terminal pair; returns the host side.
pub fn spawn_progressive_on_pty(
    script: SharedProgressive,
    stop: Arc<AtomicBool>,
) -> std::io::Result<(serialport::TTYPort, std::thread::JoinHandle<()>)> {
    let (device, host) = serialport::TTYPort::pair().map_err(std::io::Error::from)?;
    let handle = std::thread::Builder::new()
        .name("progressive-sim".into())
        .spawn(move || run_progressive(Box::new(device), script, stop))?;
    Ok((host, handle))
}
