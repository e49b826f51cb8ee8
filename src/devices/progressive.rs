//! The table progressive controller (§ 647a.2(c), § 655a.8(b), § 657a.8(b); § 605a.7): wagering
//! open and lock-out at "no more bets", the accepted wager of each spot (matched against the
//! chips on the layout), meter values, ordered hits with the meter frozen until the payout is
//! validated, reseeding, the Envy Bonus schedule, and a lock-out when the host falls silent.
//! Messages of `hw/progressive-protocol.md`, the driver trait a vendor adapter implements, and
//! the driver for Deckhand's protocol on the shared link thread.

pub use super::runner::LinkSetup;
use super::runner::{Decoded, Link, Protocol};
pub use super::runner::{LinkState, Opener, Waker};
use crate::rules::Cents;
use std::time::Duration;

pub const PROTOCOL_VERSION: u8 = 1;

// Host to controller.
pub const HELLO: u8 = 0x01;
pub const STATUS_REQUEST: u8 = 0x11;
pub const OPEN_WAGERING: u8 = 0x20;
pub const LOCK_OUT: u8 = 0x21;
pub const METERS_REQUEST: u8 = 0x22;
pub const HIT: u8 = 0x23;
pub const HIT_PAID: u8 = 0x24;
pub const ENVY_REQUEST: u8 = 0x25;
// Controller to host.
pub const HELLO_REPLY: u8 = 0x81;
pub const FAULT: u8 = 0x92;
pub const WAGERING_OPEN: u8 = 0xB0;
pub const LOCKED: u8 = 0xB1;
pub const METERS: u8 = 0xB2;
pub const HIT_RESULT: u8 = 0xB3;
pub const STATE: u8 = 0xB4;
pub const ENVY_TABLE: u8 = 0xB5;
/// Texas Hold 'Em Bonus: the Magic Card and the Lucky Bonus position drawn for the round.
pub const DRAWN: u8 = 0xB6;

/// The host sends a heartbeat every second; a controller that hears nothing for three seconds
/// locks wagering out until the host says HELLO again.
pub const HOST_HEARTBEAT: Duration = Duration::from_secs(1);

/// The controller's state (STATE message).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum ControllerState {
    Idle,
    WageringOpen,
    /// "No more bets": further wagers are not recognised (§ 647a.2(c)(2)).
    Locked,
    /// A hit awaits its HIT_PAID; the meter is frozen.
    HitPending,
    /// The host fell silent: wagering locked out until it returns.
    CommunicationLoss,
    Error,
}

impl ControllerState {
    pub fn from_byte(b: u8) -> Option<ControllerState> {
        Some(match b {
            0 => ControllerState::Idle,
            1 => ControllerState::WageringOpen,
            2 => ControllerState::Locked,
            3 => ControllerState::HitPending,
            4 => ControllerState::CommunicationLoss,
            5 => ControllerState::Error,
            _ => return None,
        })
    }
    pub fn byte(self) -> u8 {
        self as u8
    }
    pub fn label(self) -> &'static str {
        match self {
            ControllerState::Idle => "idle",
            ControllerState::WageringOpen => "wagering open",
            ControllerState::Locked => "wagers locked",
            ControllerState::HitPending => "hit pending",
            ControllerState::CommunicationLoss => "locked out: communication lost",
            ControllerState::Error => "error",
        }
    }
}

/// Envy Bonus hands in ENVY_TABLE.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum EnvyHand {
    RoyalFlush = 1,
    StraightFlush = 2,
    FourAces = 3,
    FourOfAKind = 4,
}

impl EnvyHand {
    pub fn from_byte(b: u8) -> Option<EnvyHand> {
        Some(match b {
            1 => EnvyHand::RoyalFlush,
            2 => EnvyHand::StraightFlush,
            3 => EnvyHand::FourAces,
            4 => EnvyHand::FourOfAKind,
            _ => return None,
        })
    }
    /// The pay-line id of the paytable files.
    pub fn line(self) -> &'static str {
        match self {
            EnvyHand::RoyalFlush => "royal-flush",
            EnvyHand::StraightFlush => "straight-flush",
            EnvyHand::FourAces => "four-aces",
            EnvyHand::FourOfAKind => "four-of-a-kind",
        }
    }
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct EnvyEntry {
    /// The recipient's progressive wager.
    pub wager: Cents,
    pub hand: EnvyHand,
    pub amount: Cents,
}

/// A hit as the controller reports it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Hit {
    pub round: u32,
    pub spot: u8,
    pub meter: u8,
    pub percent: u8,
    pub amount: Cents,
    pub meter_after: Cents,
    /// 1 for the round's first hit, 2 for the next: the order they were paid in.
    pub order: u8,
}

/// Typed events from the controller.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum ProgressiveEvent {
    Link(LinkState),
    WageringOpen {
        round: u32,
    },
    /// Wagering locked at "no more bets", with each spot's accepted wager (0: none).
    Locked {
        round: u32,
        wagers: Vec<(u8, Cents)>,
    },
    Meters(Vec<(u8, Cents)>),
    Hit(Hit),
    State(ControllerState),
    EnvyTable(Vec<EnvyEntry>),
    /// The table game system's random draw for the round's Five Card Hand Bonus (§ 647a.1:
    /// the Magic Card, and the position of the Lucky Bonus, 0 for the dealer's).
    Drawn {
        round: u32,
        magic_card: crate::rules::cards::Card,
        lucky: u8,
    },
    Fault {
        code: u16,
        text: String,
    },
    LineError(String),
}

/// Commands to the controller.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum ProgressiveCommand {
    OpenWagering {
        round: u32,
    },
    LockOut {
        round: u32,
    },
    RequestMeters,
    /// A spot won `percent` of a meter (the dealer verified the hand and the light).
    Hit {
        round: u32,
        spot: u8,
        meter: u8,
        percent: u8,
    },
    /// The hit was validated and paid: the controller reseeds and unfreezes.
    HitPaid {
        round: u32,
        spot: u8,
        meter: u8,
    },
    RequestEnvy,
    RequestStatus,
}

/// What the terminal needs from any progressive controller.
pub trait ProgressiveDriver: Send {
    fn send(&mut self, cmd: ProgressiveCommand);
    /// Events since the last call; never blocks.
    fn poll(&mut self) -> Vec<ProgressiveEvent>;
    /// Whether the driver journals the controller's reports itself, before acknowledging them.
    fn journals(&self) -> bool {
        false
    }
}

fn cents_u32(c: Cents) -> [u8; 4] {
    (c.clamp(0, u32::MAX as i64) as u32).to_be_bytes()
}

fn cents_u64(c: Cents) -> [u8; 8] {
    (c.max(0) as u64).to_be_bytes()
}

struct Reader<'a> {
    p: &'a [u8],
    at: usize,
    kind: u8,
}

impl<'a> Reader<'a> {
    fn new(kind: u8, p: &'a [u8]) -> Reader<'a> {
        Reader { p, at: 0, kind }
    }
    fn take(&mut self, n: usize) -> Result<&'a [u8], String> {
        if self.at + n > self.p.len() {
            return Err(format!(
                "message {:#04x} is cut short: {} payload bytes, more expected",
                self.kind,
                self.p.len()
            ));
        }
        let s = &self.p[self.at..self.at + n];
        self.at += n;
        Ok(s)
    }
    fn u8(&mut self) -> Result<u8, String> {
        Ok(self.take(1)?[0])
    }
    fn u32(&mut self) -> Result<u32, String> {
        let b = self.take(4)?;
        Ok(u32::from_be_bytes([b[0], b[1], b[2], b[3]]))
    }
    fn u64(&mut self) -> Result<Cents, String> {
        let b = self.take(8)?;
        let v = u64::from_be_bytes([b[0], b[1], b[2], b[3], b[4], b[5], b[6], b[7]]);
        Cents::try_from(v).map_err(|_| format!("message {:#04x}: amount out of range", self.kind))
    }
    fn text(&mut self) -> Result<String, String> {
        let n = self.u8()? as usize;
        Ok(String::from_utf8_lossy(self.take(n)?).into_owned())
    }
    fn rest(&mut self) -> &'a [u8] {
        let s = &self.p[self.at.min(self.p.len())..];
        self.at = self.p.len();
        s
    }
}

/// Decodes a controller-to-host message.
pub fn decode_event(kind: u8, p: &[u8]) -> Result<ProgressiveEvent, String> {
    let mut r = Reader::new(kind, p);
    Ok(match kind {
        HELLO_REPLY => {
            let version = r.u8()?;
            let firmware = r.text()?;
            let serial = r.text()?;
            if version != PROTOCOL_VERSION {
                return Err(format!(
                    "the controller speaks protocol version {version}, this terminal {PROTOCOL_VERSION}"
                ));
            }
            ProgressiveEvent::Link(LinkState::Connected { firmware, serial })
        }
        WAGERING_OPEN => ProgressiveEvent::WageringOpen { round: r.u32()? },
        LOCKED => {
            let round = r.u32()?;
            let n = r.u8()?;
            let mut wagers = Vec::new();
            for _ in 0..n {
                wagers.push((r.u8()?, r.u32()? as Cents));
            }
            ProgressiveEvent::Locked { round, wagers }
        }
        METERS => {
            let n = r.u8()?;
            let mut m = Vec::new();
            for _ in 0..n {
                m.push((r.u8()?, r.u64()?));
            }
            ProgressiveEvent::Meters(m)
        }
        HIT_RESULT => ProgressiveEvent::Hit(Hit {
            round: r.u32()?,
            spot: r.u8()?,
            meter: r.u8()?,
            percent: r.u8()?,
            amount: r.u64()?,
            meter_after: r.u64()?,
            order: r.u8()?,
        }),
        STATE => {
            let b = r.u8()?;
            ProgressiveEvent::State(
                ControllerState::from_byte(b)
                    .ok_or_else(|| format!("unknown controller state {b}"))?,
            )
        }
        ENVY_TABLE => {
            let n = r.u8()?;
            let mut t = Vec::new();
            for _ in 0..n {
                let wager = r.u32()? as Cents;
                let h = r.u8()?;
                let hand =
                    EnvyHand::from_byte(h).ok_or_else(|| format!("unknown Envy hand {h}"))?;
                t.push(EnvyEntry {
                    wager,
                    hand,
                    amount: r.u32()? as Cents,
                });
            }
            ProgressiveEvent::EnvyTable(t)
        }
        DRAWN => {
            let round = r.u32()?;
            let b = r.u8()?;
            let magic_card = crate::rules::cards::Card::from_index(b as usize)
                .ok_or_else(|| format!("card code {b} is not 0 to 51"))?;
            ProgressiveEvent::Drawn {
                round,
                magic_card,
                lucky: r.u8()?,
            }
        }
        FAULT => {
            let b = r.take(2)?;
            let code = u16::from_be_bytes([b[0], b[1]]);
            ProgressiveEvent::Fault {
                code,
                text: String::from_utf8_lossy(r.rest()).into_owned(),
            }
        }
        other => return Err(format!("unknown message type {other:#04x}")),
    })
}

/// The controller-to-host message of an event (the simulator builds every message with it);
/// `None` for what only the host reports.
pub fn encode_event(ev: &ProgressiveEvent) -> Option<(u8, Vec<u8>)> {
    let text = |s: &str, out: &mut Vec<u8>| {
        let b = &s.as_bytes()[..s.len().min(255)];
        out.push(b.len() as u8);
        out.extend_from_slice(b);
    };
    let mut p = Vec::new();
    let kind = match ev {
        ProgressiveEvent::Link(LinkState::Connected { firmware, serial }) => {
            p.push(PROTOCOL_VERSION);
            text(firmware, &mut p);
            text(serial, &mut p);
            HELLO_REPLY
        }
        ProgressiveEvent::WageringOpen { round } => {
            p.extend(round.to_be_bytes());
            WAGERING_OPEN
        }
        ProgressiveEvent::Locked { round, wagers } => {
            p.extend(round.to_be_bytes());
            p.push(wagers.len().min(255) as u8);
            for (spot, w) in wagers.iter().take(255) {
                p.push(*spot);
                p.extend(cents_u32(*w));
            }
            LOCKED
        }
        ProgressiveEvent::Meters(m) => {
            p.push(m.len().min(255) as u8);
            for (id, v) in m.iter().take(255) {
                p.push(*id);
                p.extend(cents_u64(*v));
            }
            METERS
        }
        ProgressiveEvent::Hit(h) => {
            p.extend(h.round.to_be_bytes());
            p.extend([h.spot, h.meter, h.percent]);
            p.extend(cents_u64(h.amount));
            p.extend(cents_u64(h.meter_after));
            p.push(h.order);
            HIT_RESULT
        }
        ProgressiveEvent::State(s) => {
            p.push(s.byte());
            STATE
        }
        ProgressiveEvent::EnvyTable(t) => {
            p.push(t.len().min(255) as u8);
            for e in t.iter().take(255) {
                p.extend(cents_u32(e.wager));
                p.push(e.hand as u8);
                p.extend(cents_u32(e.amount));
            }
            ENVY_TABLE
        }
        ProgressiveEvent::Drawn {
            round,
            magic_card,
            lucky,
        } => {
            p.extend(round.to_be_bytes());
            p.extend([magic_card.index() as u8, *lucky]);
            DRAWN
        }
        ProgressiveEvent::Fault { code, text } => {
            p.extend(code.to_be_bytes());
            p.extend_from_slice(text.as_bytes());
            FAULT
        }
        ProgressiveEvent::Link(_) | ProgressiveEvent::LineError(_) => return None,
    };
    Some((kind, p))
}

/// The host-to-controller message of a command.
pub fn encode_command(c: &ProgressiveCommand) -> (u8, Vec<u8>) {
    match c {
        ProgressiveCommand::OpenWagering { round } => (OPEN_WAGERING, round.to_be_bytes().to_vec()),
        ProgressiveCommand::LockOut { round } => (LOCK_OUT, round.to_be_bytes().to_vec()),
        ProgressiveCommand::RequestMeters => (METERS_REQUEST, vec![]),
        ProgressiveCommand::Hit {
            round,
            spot,
            meter,
            percent,
        } => {
            let mut p = round.to_be_bytes().to_vec();
            p.extend([*spot, *meter, *percent]);
            (HIT, p)
        }
        ProgressiveCommand::HitPaid { round, spot, meter } => {
            let mut p = round.to_be_bytes().to_vec();
            p.extend([*spot, *meter]);
            (HIT_PAID, p)
        }
        ProgressiveCommand::RequestEnvy => (ENVY_REQUEST, vec![]),
        ProgressiveCommand::RequestStatus => (STATUS_REQUEST, vec![]),
    }
}

/// Decodes a host-to-controller message (the simulator's side; HELLO is handled apart).
pub fn decode_command(kind: u8, p: &[u8]) -> Result<ProgressiveCommand, String> {
    let mut r = Reader::new(kind, p);
    Ok(match kind {
        OPEN_WAGERING => ProgressiveCommand::OpenWagering { round: r.u32()? },
        LOCK_OUT => ProgressiveCommand::LockOut { round: r.u32()? },
        METERS_REQUEST => ProgressiveCommand::RequestMeters,
        HIT => ProgressiveCommand::Hit {
            round: r.u32()?,
            spot: r.u8()?,
            meter: r.u8()?,
            percent: r.u8()?,
        },
        HIT_PAID => ProgressiveCommand::HitPaid {
            round: r.u32()?,
            spot: r.u8()?,
            meter: r.u8()?,
        },
        ENVY_REQUEST => ProgressiveCommand::RequestEnvy,
        STATUS_REQUEST => ProgressiveCommand::RequestStatus,
        other => return Err(format!("unknown message type {other:#04x}")),
    })
}

/// The controller's messages for the shared link thread.
pub struct ProgressiveProtocol;

impl Protocol for ProgressiveProtocol {
    type Event = ProgressiveEvent;
    const NAME: &'static str = "progressive controller";
    const HELLO: u8 = HELLO;
    const VERSION: u8 = PROTOCOL_VERSION;
    const HOST_HEARTBEAT: Option<Duration> = Some(HOST_HEARTBEAT);

    fn decode(kind: u8, payload: &[u8]) -> Result<Decoded<ProgressiveEvent>, String> {
        Ok(match decode_event(kind, payload)? {
            ProgressiveEvent::Link(s) => Decoded::Up(s),
            ev => Decoded::Event(ev),
        })
    }
    fn knows(kind: u8) -> bool {
        matches!(
            kind,
            HELLO_REPLY
                | FAULT
                | WAGERING_OPEN
                | LOCKED
                | METERS
                | HIT_RESULT
                | STATE
                | ENVY_TABLE
                | DRAWN
        )
    }
    fn link(state: LinkState) -> ProgressiveEvent {
        ProgressiveEvent::Link(state)
    }
    fn line_error(message: String) -> ProgressiveEvent {
        ProgressiveEvent::LineError(message)
    }
    const ON_CHANGE: &'static [&'static str] = &["progressive_state", "progressive_meters"];
    fn record(ev: &ProgressiveEvent) -> Option<(&'static str, serde_json::Value)> {
        use serde_json::json;
        Some(match ev {
            ProgressiveEvent::Link(state) => (
                "progressive_link",
                json!({"state": state.label(), "detail": format!("{state:?}")}),
            ),
            ProgressiveEvent::State(s) => ("progressive_state", json!({"state": s.label()})),
            ProgressiveEvent::Meters(m) => {
                let meters: Vec<_> = m
                    .iter()
                    .map(|(id, v)| json!({"meter": id, "cents": v}))
                    .collect();
                ("progressive_meters", json!({ "meters": meters }))
            }
            ProgressiveEvent::WageringOpen { round } => {
                ("progressive_wagering_open", json!({ "round": round }))
            }
            ProgressiveEvent::Locked { round, wagers } => {
                let accepted = wagers.iter().filter(|(_, w)| *w > 0).count();
                let spots: Vec<_> = wagers
                    .iter()
                    .map(|(s, w)| json!({"spot": s, "cents": w}))
                    .collect();
                (
                    "progressive_locked",
                    json!({"round": round, "accepted": accepted, "spots": spots}),
                )
            }
            ProgressiveEvent::Hit(h) => (
                "progressive_hit",
                json!({"round": h.round, "spot": h.spot, "meter": h.meter, "percent": h.percent,
                    "amount": h.amount, "meter_after": h.meter_after, "order": h.order}),
            ),
            ProgressiveEvent::EnvyTable(t) => {
                let rows: Vec<_> = t
                    .iter()
                    .map(|e| json!({"wager": e.wager, "hand": e.hand.line(), "amount": e.amount}))
                    .collect();
                ("progressive_envy_table", json!({ "envy": rows }))
            }
            ProgressiveEvent::Drawn {
                round,
                magic_card,
                lucky,
            } => (
                "progressive_drawn",
                json!({"round": round, "magic_card": magic_card.to_string(), "lucky": lucky}),
            ),
            ProgressiveEvent::Fault { code, text } => {
                ("progressive_fault", json!({"code": code, "text": text}))
            }
            ProgressiveEvent::LineError(msg) => ("progressive_line_error", json!({ "error": msg })),
        })
    }
}

/// The driver for Deckhand's protocol: a thread that owns the port.
pub struct SerialProgressive(Link<ProgressiveProtocol>);

impl SerialProgressive {
    /// A bare line (nothing journaled): the line's own tests.
    pub fn spawn(opener: Opener, waker: Waker) -> SerialProgressive {
        SerialProgressive(Link::spawn(opener, waker))
    }

    /// A driver whose reports are journaled (`setup.sink`) before they are acknowledged.
    pub fn spawn_with(opener: Opener, waker: Waker, setup: LinkSetup) -> SerialProgressive {
        SerialProgressive(Link::spawn_with(opener, waker, setup))
    }

    /// A driver for a named port (e.g. `/dev/deckhand-progressive`), 8N1 at `baud` (19200 in
    /// the protocol document).
    pub fn open_path(path: String, baud: u32, waker: Waker, setup: LinkSetup) -> SerialProgressive {
        SerialProgressive(Link::open_path(path, baud, waker, setup))
    }
}

impl ProgressiveDriver for SerialProgressive {
    fn send(&mut self, cmd: ProgressiveCommand) {
        let (kind, payload) = encode_command(&cmd);
        self.0.send(kind, payload);
    }

    fn poll(&mut self) -> Vec<ProgressiveEvent> {
        self.0.poll()
    }

    fn journals(&self) -> bool {
        self.0.journals()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_message_round_trips() {
        let events = vec![
            ProgressiveEvent::Link(LinkState::Connected {
                firmware: "PC 2.1".into(),
                serial: "P-77".into(),
            }),
            ProgressiveEvent::WageringOpen { round: 70_000 },
            ProgressiveEvent::Locked {
                round: 3,
                wagers: vec![(1, 100), (2, 0), (6, 500)],
            },
            ProgressiveEvent::Meters(vec![(1, 2_500_000), (2, 123)]),
            ProgressiveEvent::Hit(Hit {
                round: 3,
                spot: 6,
                meter: 1,
                percent: 10,
                amount: 250_000,
                meter_after: 2_250_000,
                order: 2,
            }),
            ProgressiveEvent::State(ControllerState::CommunicationLoss),
            ProgressiveEvent::EnvyTable(vec![EnvyEntry {
                wager: 100,
                hand: EnvyHand::RoyalFlush,
                amount: 100_000,
            }]),
            ProgressiveEvent::Drawn {
                round: 3,
                magic_card: "As".parse().unwrap(),
                lucky: 0,
            },
            ProgressiveEvent::Fault {
                code: 0x0301,
                text: "meter board".into(),
            },
        ];
        for ev in events {
            let (kind, p) = encode_event(&ev).unwrap();
            assert_eq!(decode_event(kind, &p).unwrap(), ev);
        }
        let commands = vec![
            ProgressiveCommand::OpenWagering { round: 9 },
            ProgressiveCommand::LockOut { round: 9 },
            ProgressiveCommand::RequestMeters,
            ProgressiveCommand::Hit {
                round: 9,
                spot: 4,
                meter: 1,
                percent: 100,
            },
            ProgressiveCommand::HitPaid {
                round: 9,
                spot: 4,
                meter: 1,
            },
            ProgressiveCommand::RequestEnvy,
            ProgressiveCommand::RequestStatus,
        ];
        for c in commands {
            let (kind, p) = encode_command(&c);
            assert_eq!(decode_command(kind, &p).unwrap(), c);
        }
    }

    #[test]
    fn short_and_unknown_messages_are_errors_not_panics() {
        for kind in [
            HELLO_REPLY,
            WAGERING_OPEN,
            LOCKED,
            METERS,
            HIT_RESULT,
            STATE,
            ENVY_TABLE,
            FAULT,
            0x7F,
        ] {
            for len in 0..6 {
                let _ = decode_event(kind, &vec![0xFF; len]);
            }
        }
        assert!(
            decode_event(LOCKED, &[0, 0, 0, 1, 2, 1])
                .unwrap_err()
                .contains("cut short")
        );
        assert!(
            decode_event(STATE, &[9])
                .unwrap_err()
                .contains("unknown controller state")
        );
        assert!(decode_command(HIT, &[0, 0]).is_err());
    }
}
