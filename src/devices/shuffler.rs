//! The automated card shuffling device with card counter (§ 637a.5(a), § 637a.7(e)(4)(ii)):
//! its messages, the driver trait a vendor adapter implements, and the driver for Deckhand's
//! own protocol (`hw/shuffler-protocol.md`), one thread per link.

pub use super::runner::LinkSetup;
use super::runner::{Decoded, Link, Protocol};
pub use super::runner::{LinkState, Opener, SILENCE, Waker};
use crate::rules::cards::{Card, full_deck};

// Message types, host to device.
pub const HELLO: u8 = 0x01;
pub const SHUFFLE: u8 = 0x10;
pub const STATUS_REQUEST: u8 = 0x11;
pub const METERS_REQUEST: u8 = 0x12;
/// Version 2: dispense the round's stacks from the deck `[deck, n, n × stack size]`.
pub const DISPENSE: u8 = 0x13;
// Message types, device to host.
pub const HELLO_REPLY: u8 = 0x81;
pub const SHUFFLE_STARTED: u8 = 0x90;
pub const SHUFFLE_DONE: u8 = 0x91;
pub const FAULT: u8 = 0x92;
pub const STATUS: u8 = 0x93;
pub const DECK_PRESENT: u8 = 0x94;
pub const METERS: u8 = 0x95;
pub const CARD_LIST: u8 = 0x96;
/// Version 2: what the device can do, `[flags]` (see [`Capabilities`]), after HELLO_REPLY.
pub const CAPABILITIES: u8 = 0x97;
/// Version 2: a stack the device dispensed and read, `[deck, stack, n, n × card code]`, sent
/// once the stack has left the device.
pub const HAND_DISPENSED: u8 = 0x98;
/// Version 2: a card the dealer drew from a reading dealing shoe, `[deck, n_hi, n_lo, code]`:
/// the `n`th card drawn (from 1) since the deck tagged `deck` was loaded, sent once the card has
/// left the shoe.
pub const CARD_DRAWN: u8 = 0x99;

/// The message set this terminal speaks (HELLO's payload). Version 2 adds the dispensing and
/// reading of hands to version 1, which it still takes: a version 1 device is a counting
/// shuffler that dispenses nothing. The frame's own VER byte stays `frame::VERSION`.
pub const PROTOCOL_VERSION: u8 = 2;
/// The oldest message set a device may answer HELLO in.
pub const OLDEST_VERSION: u8 = 1;

/// What a version 2 device says it can do (CAPABILITIES).
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct Capabilities {
    /// Bit 0: it reads the cards of each deck it shuffles and sends CARD_LIST.
    pub card_list: bool,
    /// Bit 1: it is an automated dealing shoe that forms the hands, dispenses them stack by
    /// stack on DISPENSE and reads each stack's cards (HAND_DISPENSED).
    pub deals_read_hands: bool,
    /// Bit 2: it is a dealing shoe that reads each card as the dealer draws it (CARD_DRAWN).
    pub reads_draws: bool,
}

impl Capabilities {
    pub fn from_byte(b: u8) -> Capabilities {
        Capabilities {
            card_list: b & 1 != 0,
            deals_read_hands: b & 2 != 0,
            reads_draws: b & 4 != 0,
        }
    }
    pub fn byte(self) -> u8 {
        u8::from(self.card_list)
            | (u8::from(self.deals_read_hands) << 1)
            | (u8::from(self.reads_draws) << 2)
    }
}

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
        /// A deck's 52, or a multi-deck shoe's (Spanish 21: 48 × 6 or 8 decks).
        count: u16,
    },
    Fault {
        code: u16,
        text: String,
    },
    Status(DeviceState),
    /// The cards a card-reading shuffler saw in the deck it just shuffled, sent before the
    /// count, so a missing or extra card can be named (§ 637a.7(e)(5)).
    CardsRead {
        deck: u8,
        cards: Vec<Card>,
    },
    /// A deck put into (true) or taken out of (false) the loader.
    DeckPresent(bool),
    /// What the device can do (version 2).
    Capabilities(Capabilities),
    /// A stack the automated dealing shoe dispensed and read, once it has left the device: the
    /// `stack`th of the round (from 1), from the deck tagged `deck`.
    HandDispensed {
        deck: u8,
        stack: u8,
        cards: Vec<Card>,
    },
    /// A card the dealer drew from a reading dealing shoe, once it has left the shoe: the
    /// `number`th (from 1) since the deck tagged `deck` was loaded.
    CardDrawn {
        deck: u8,
        number: u16,
        card: Card,
    },
    /// The device's meters: shuffles completed and failed, cards shuffled.
    Meters {
        shuffles: u32,
        failed: u32,
        cards: u64,
    },
    /// A malformed frame, garbage or a lost acknowledgement: logged, play goes on.
    LineError(String),
}

/// What the terminal needs from any shuffler, whatever its vendor protocol.
pub trait ShufflerDriver: Send {
    /// Asks the device to shuffle the deck just loaded; `deck` tags the reply.
    fn request_shuffle(&mut self, deck: u8);
    /// Asks for the device's meters (shuffles, failures, cards); devices without them ignore it.
    fn request_meters(&mut self) {}
    /// Asks an automated dealing shoe that reads its hands to dispense a round's stacks from
    /// the deck tagged `deck`, of `sizes` cards each, in the order the dealer delivers them.
    fn request_dispense(&mut self, _deck: u8, _sizes: &[u8]) {}
    /// Events that arrived since the last call. Never blocks.
    fn poll(&mut self) -> Vec<ShufflerEvent>;
    /// Whether the driver journals the device's reports itself, before acknowledging them (the
    /// terminal then records only what it does with them).
    fn journals(&self) -> bool {
        false
    }
}

/// What a card-reading shuffler's list says against one full deck: the cards missing and the
/// cards seen more than once (§ 637a.7(e)(5) names neither; the floor wants to know which).
pub fn deck_difference(cards: &[Card]) -> (Vec<Card>, Vec<Card>) {
    let mut seen = [0u8; 52];
    for c in cards {
        seen[c.index()] += 1;
    }
    let missing = full_deck()
        .into_iter()
        .filter(|c| seen[c.index()] == 0)
        .collect();
    let extra = full_deck()
        .into_iter()
        .flat_map(|c| std::iter::repeat_n(c, seen[c.index()].saturating_sub(1) as usize))
        .collect();
    (missing, extra)
}

/// Card codes 0–51 (`(rank − 2) × 4 + suit`) as cards; a code past 51 is refused.
fn card_codes(codes: &[u8]) -> Result<Vec<Card>, String> {
    codes
        .iter()
        .map(|b| {
            Card::from_index(*b as usize).ok_or_else(|| format!("card code {b} is not 0 to 51"))
        })
        .collect()
}

/// At most 255 cards as a count byte and their codes, after `head`.
fn with_codes(mut head: Vec<u8>, cards: &[Card]) -> Vec<u8> {
    let n = cards.len().min(255);
    head.push(n as u8);
    head.extend(cards[..n].iter().map(|c| c.index() as u8));
    head
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
            if !(OLDEST_VERSION..=PROTOCOL_VERSION).contains(&p[0]) {
                return Err(format!(
                    "the device speaks protocol version {}, this terminal {OLDEST_VERSION} to {PROTOCOL_VERSION}",
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
        // One byte for a deck; two (big-endian) for a shoe of more than 255 cards.
        SHUFFLE_DONE => match *p {
            [deck, c] => Ok(ShufflerEvent::Counted {
                deck,
                count: u16::from(c),
            }),
            [deck, hi, lo, ..] => Ok(ShufflerEvent::Counted {
                deck,
                count: u16::from_be_bytes([hi, lo]),
            }),
            ref short => Err(format!(
                "message {kind:#04x} needs 2 payload bytes, got {}",
                short.len()
            )),
        },
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
        // `[deck, n, codes]`, or for a shoe of more than 255 cards (version 2) `[deck, 0, n_hi,
        // n_lo, codes]`: a one-byte count of 0 followed by more bytes.
        CARD_LIST if p.len() > 2 && p.get(1) == Some(&0) => {
            need(4)?;
            let n = usize::from(u16::from_be_bytes([p[2], p[3]]));
            need(4 + n)?;
            let cards = card_codes(&p[4..4 + n])?;
            Ok(ShufflerEvent::CardsRead { deck: p[0], cards })
        }
        CARD_LIST => {
            need(2)?;
            let n = p[1] as usize;
            need(2 + n)?;
            let cards = card_codes(&p[2..2 + n])?;
            Ok(ShufflerEvent::CardsRead { deck: p[0], cards })
        }
        CAPABILITIES => {
            need(1)?;
            Ok(ShufflerEvent::Capabilities(Capabilities::from_byte(p[0])))
        }
        HAND_DISPENSED => {
            need(3)?;
            let n = p[2] as usize;
            need(3 + n)?;
            let cards = card_codes(&p[3..3 + n])?;
            if p[1] == 0 {
                return Err("stack 0: stacks count from 1".into());
            }
            Ok(ShufflerEvent::HandDispensed {
                deck: p[0],
                stack: p[1],
                cards,
            })
        }
        CARD_DRAWN => {
            need(4)?;
            let number = u16::from_be_bytes([p[1], p[2]]);
            if number == 0 {
                return Err("card 0: the cards drawn count from 1".into());
            }
            let card = card_codes(&p[3..4])?[0];
            Ok(ShufflerEvent::CardDrawn {
                deck: p[0],
                number,
                card,
            })
        }
        DECK_PRESENT => {
            need(1)?;
            match p[0] {
                0 => Ok(ShufflerEvent::DeckPresent(false)),
                1 => Ok(ShufflerEvent::DeckPresent(true)),
                b => Err(format!("deck presence {b} is not 0 or 1")),
            }
        }
        METERS => {
            need(16)?;
            Ok(ShufflerEvent::Meters {
                shuffles: u32::from_be_bytes([p[0], p[1], p[2], p[3]]),
                failed: u32::from_be_bytes([p[4], p[5], p[6], p[7]]),
                cards: u64::from_be_bytes([p[8], p[9], p[10], p[11], p[12], p[13], p[14], p[15]]),
            })
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
        ShufflerEvent::Counted { deck, count } => match u8::try_from(*count) {
            Ok(c) => (SHUFFLE_DONE, vec![*deck, c]),
            Err(_) => {
                let [hi, lo] = count.to_be_bytes();
                (SHUFFLE_DONE, vec![*deck, hi, lo])
            }
        },
        ShufflerEvent::Fault { code, text } => {
            let mut p = code.to_be_bytes().to_vec();
            p.extend_from_slice(text.as_bytes());
            (FAULT, p)
        }
        ShufflerEvent::Status(s) => (STATUS, vec![s.byte()]),
        ShufflerEvent::CardsRead { deck, cards } if cards.len() > 255 => {
            // A shoe's list: the two-byte count (at most a shoe of 65,535 cards).
            let n = cards.len().min(usize::from(u16::MAX));
            let mut p = vec![*deck, 0];
            p.extend((n as u16).to_be_bytes());
            p.extend(cards[..n].iter().map(|c| c.index() as u8));
            (CARD_LIST, p)
        }
        ShufflerEvent::CardsRead { deck, cards } => (CARD_LIST, with_codes(vec![*deck], cards)),
        ShufflerEvent::DeckPresent(present) => (DECK_PRESENT, vec![u8::from(*present)]),
        ShufflerEvent::Capabilities(c) => (CAPABILITIES, vec![c.byte()]),
        ShufflerEvent::HandDispensed { deck, stack, cards } => {
            (HAND_DISPENSED, with_codes(vec![*deck, *stack], cards))
        }
        ShufflerEvent::CardDrawn { deck, number, card } => {
            let [hi, lo] = number.to_be_bytes();
            (CARD_DRAWN, vec![*deck, hi, lo, card.index() as u8])
        }
        ShufflerEvent::Meters {
            shuffles,
            failed,
            cards,
        } => {
            let mut p = shuffles.to_be_bytes().to_vec();
            p.extend(failed.to_be_bytes());
            p.extend(cards.to_be_bytes());
            (METERS, p)
        }
        ShufflerEvent::Link(_) | ShufflerEvent::LineError(_) => return None,
    })
}

/// The shuffler's messages for the shared link thread.
pub struct ShufflerProtocol;

impl Protocol for ShufflerProtocol {
    type Event = ShufflerEvent;
    const NAME: &'static str = "shuffler";
    const HELLO: u8 = HELLO;
    const VERSION: u8 = PROTOCOL_VERSION;

    fn decode(kind: u8, payload: &[u8]) -> Result<Decoded<ShufflerEvent>, String> {
        Ok(match decode_event(kind, payload)? {
            ShufflerEvent::Link(s) => Decoded::Up(s),
            ev => Decoded::Event(ev),
        })
    }
    fn knows(kind: u8) -> bool {
        matches!(
            kind,
            HELLO_REPLY
                | SHUFFLE_STARTED
                | SHUFFLE_DONE
                | FAULT
                | STATUS
                | DECK_PRESENT
                | METERS
                | CARD_LIST
                | CAPABILITIES
                | HAND_DISPENSED
                | CARD_DRAWN
        )
    }
    fn link(state: LinkState) -> ShufflerEvent {
        ShufflerEvent::Link(state)
    }
    fn line_error(message: String) -> ShufflerEvent {
        ShufflerEvent::LineError(message)
    }
    const ON_CHANGE: &'static [&'static str] = &["shuffler_status", "shuffler_deck_present"];
    fn record(ev: &ShufflerEvent) -> Option<(&'static str, serde_json::Value)> {
        use serde_json::json;
        Some(match ev {
            ShufflerEvent::Link(state) => (
                "shuffler_link",
                json!({"state": state.label(), "detail": format!("{state:?}")}),
            ),
            ShufflerEvent::DeckPresent(present) => {
                ("shuffler_deck_present", json!({ "present": present }))
            }
            ShufflerEvent::Meters {
                shuffles,
                failed,
                cards,
            } => (
                "shuffler_meters",
                json!({"shuffles": shuffles, "failed": failed, "cards": cards}),
            ),
            ShufflerEvent::ShuffleStarted { deck } => ("shuffle_started", json!({ "deck": deck })),
            ShufflerEvent::Status(s) => ("shuffler_status", json!({ "state": format!("{s:?}") })),
            ShufflerEvent::LineError(msg) => ("shuffler_line_error", json!({ "error": msg })),
            // What the device reported, as it said it: the count (§ 637a.7(e)(4)(ii)) and a
            // fault are durable before the frame is acknowledged; the table's own record of
            // them follows from the terminal.
            ShufflerEvent::Counted { deck, count } => (
                "shuffler_reported_count",
                json!({ "deck": deck, "count": count }),
            ),
            ShufflerEvent::Fault { code, text } => (
                "shuffler_reported_fault",
                json!({ "code": code, "text": text }),
            ),
            ShufflerEvent::CardsRead { deck, cards } => (
                "shuffler_card_list",
                json!({ "deck": deck, "cards": cards.len() }),
            ),
            ShufflerEvent::Capabilities(c) => (
                "shuffler_capabilities",
                json!({
                    "card_list": c.card_list,
                    "deals_read_hands": c.deals_read_hands,
                    "reads_draws": c.reads_draws,
                }),
            ),
            // A stack is face down when it leaves the shoe: its count is kept now, its cards
            // with the hands keyed for the settlement, once they are face up (the dealer's
            // too, § 657a.11), so no card reaches the journal or a screen before the table.
            ShufflerEvent::HandDispensed { deck, stack, cards } => (
                "shuffler_hand_dispensed",
                json!({ "deck": deck, "stack": stack, "cards": cards.len() }),
            ),
            // A card drawn may be the dealer's hole card, which nobody sees before its reveal
            // (§ 635a.7(g)): its number is kept now, its face with the round's cards once it is
            // face up.
            ShufflerEvent::CardDrawn { deck, number, .. } => (
                "shuffler_card_drawn",
                json!({ "deck": deck, "number": number }),
            ),
        })
    }
}

/// The driver for Deckhand's protocol: a thread that owns the port.
pub struct SerialShuffler(Link<ShufflerProtocol>);

impl SerialShuffler {
    /// A bare line (nothing journaled): the line's own tests.
    pub fn spawn(opener: Opener, waker: Waker) -> SerialShuffler {
        SerialShuffler(Link::spawn(opener, waker))
    }

    /// A driver whose reports are journaled (`setup.sink`) before they are acknowledged.
    pub fn spawn_with(opener: Opener, waker: Waker, setup: LinkSetup) -> SerialShuffler {
        SerialShuffler(Link::spawn_with(opener, waker, setup))
    }

    /// A driver for a named port (e.g. `/dev/deckhand-shuffler`), 8N1 at `baud` (9600 in the
    /// protocol document).
    pub fn open_path(path: String, baud: u32, waker: Waker, setup: LinkSetup) -> SerialShuffler {
        SerialShuffler(Link::open_path(path, baud, waker, setup))
    }
}

impl ShufflerDriver for SerialShuffler {
    fn request_shuffle(&mut self, deck: u8) {
        self.0.send(SHUFFLE, vec![deck]);
    }

    fn request_meters(&mut self) {
        self.0.send(METERS_REQUEST, vec![]);
    }

    fn request_dispense(&mut self, deck: u8, sizes: &[u8]) {
        let n = sizes.len().min(255);
        let mut p = vec![deck, n as u8];
        p.extend_from_slice(&sizes[..n]);
        self.0.send(DISPENSE, p);
    }

    fn journals(&self) -> bool {
        self.0.journals()
    }

    fn poll(&mut self) -> Vec<ShufflerEvent> {
        self.0.poll()
    }
}
