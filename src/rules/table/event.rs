//! The facts the journal records (the table stream): each one says what happened, with the
//! amounts and cards, complete enough to rebuild the table.

use super::*;
use serde::{Deserialize, Serialize};

/// Facts the journal records. Each carries what a reader needs without the rules.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "kind", rename_all = "snake_case")]
pub enum Event {
    DealerSignedIn {
        dealer: Person,
    },
    DealerSignedOut {
        dealer: Person,
    },
    TableOpened {
        setup: TableSetup,
    },
    /// § 637a.4(a)
    DecksInspected {
        /// The decks' back colours: two, or one at a house-banked table without the shuffler.
        colours: Vec<String>,
    },
    /// § 637a.4(a): a floorperson or above verifies the inspection.
    InspectionVerified {
        floorperson: Person,
    },
    /// § 637a.4(b)
    PlayersInspected,
    /// § 637a.4(c)
    DecksWashed,
    /// § 635a.7(c): the first card of a new shoe, or a new dealer's first card, to the discard
    /// rack before any card is dealt to players.
    CardBurned,
    /// § 637a.5(a), § 637a.3(b): the deck goes into the automated shuffler.
    ShuffleRequested {
        deck: DeckId,
        colour: String,
    },
    /// § 637a.7(e)(4): the counting shuffler's count after a shuffle, or the dealer's count
    /// once a floorperson has verified it.
    DeckCounted {
        deck: DeckId,
        colour: String,
        counted: u16,
        expected: u16,
        correct: bool,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        verified_by: Option<Person>,
    },
    /// § 637a.7(e)(4)(i): the dealer counted the deck by hand; a floorperson verifies next.
    ManualCountEntered {
        deck: DeckId,
        colour: String,
        counted: u8,
    },
    /// A house-banked round's stub counted by the dealer, face down on the layout (§ 657a.8(f),
    /// § 657a.9(d), § 657a.10(d) and each chapter alike); `expected` is what a full deck leaves.
    StubCounted {
        deck: DeckId,
        colour: String,
        counted: u8,
        expected: u8,
        section: String,
    },
    /// § 637a.5(a), (b)(2): shuffled by hand, stacked, cut with the cover card at least ten
    /// cards from the top.
    DeckShuffledManually {
        deck: DeckId,
        colour: String,
    },
    /// § 637a.18(r): the shuffler cannot be used; a deck inside it goes back to be shuffled.
    ShufflerOutOfService {
        deck: Option<DeckId>,
    },
    /// § 637a.18(r): covered or signed before another shuffling method is used.
    ShufflerCovered,
    /// § 637a.5(b)(2): a deck received preshuffled, cut with the cover card before its first
    /// round (§ 637a.4(e)).
    PreshuffledDeckCut {
        deck: DeckId,
        colour: String,
    },
    /// § 635a.13(k): the card reader malfunctions; no Spanish 21 is dealt until it is repaired
    /// or replaced.
    CardReaderOutOfService,
    /// § 635a.13(k): a floorperson signs the card reader repaired or replaced.
    CardReaderRepaired {
        floorperson: Person,
    },
    /// § 635a.2(d): the floorperson inspected the card reader (the terminal asks once each
    /// gaming day, from the journal's times).
    CardReaderInspected {
        floorperson: Person,
    },
    /// The automated shuffler of a table dealing from the hand is back in service
    /// (§ x.9(a)(1)): the decks go through it again.
    ShufflerBackInService,
    /// The table deals by another method from the next round (§ x.13(g): only once the broken
    /// shuffler is covered).
    DealingChanged {
        dealing: crate::rules::dealing::Dealing,
        section: String,
    },
    /// § 637a.15(d)(1), § 637a.16(d)(1): a box counted by the dealer with a floorperson present;
    /// the documentation is signed by both.
    BoxCounted {
        count: BoxCount,
        table_no: u32,
        dealer: Person,
    },
    /// § 637a.17(b)(3)(v): time charges verified by a floorperson, then put in the drop box.
    TimeChargesVerified {
        charges: TimeCharges,
        table_no: u32,
        dealer: Person,
        total: Cents,
    },
    /// § 637a.16(f): one line of the High Hand Tracking Slip, signed by the floorperson.
    /// § 637a.16(h): a period closed: who is awarded what (paid at the cage), or the rollover.
    HighHandPeriodClosed {
        period: String,
        /// The period's contributions at this table and the rollover into it.
        contributions: Cents,
        pool: Cents,
        winners: Vec<(crate::rules::poker::jackpots::SlipLine, Cents)>,
        rollover: Cents,
        explanation: String,
        signed_by: Person,
    },
    HighHandRecorded {
        slip: HighHandSlip,
        table_no: u32,
        dealer: Person,
        /// The hand as the slip shows it, e.g. "Full house, kings full of fours".
        hand: String,
        value: HandValue,
        /// Sequential per table: the slip line's number.
        line: u32,
    },
    /// § 637a.18(q): a jam or incomplete shuffle; the cards are reshuffled.
    ShuffleFailed {
        deck: DeckId,
        colour: String,
        code: u16,
        detail: String,
    },
    /// An irregularity as the regulation names it, with its section.
    Irregularity {
        irregularity: String,
        section: String,
        action: String,
        /// The catalogue entry reported (`assets/irregularities.toml`); none for the ones the
        /// terminal detects itself.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        id: Option<String>,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        seat: Option<u8>,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        note: Option<String>,
        /// The floorperson or supervisor who signed the report.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        signed_by: Option<Person>,
    },
    /// § 637a.7(e)(5): the deck is removed from the table.
    DeckRemoved {
        deck: DeckId,
        colour: String,
        reason: RemovalReason,
        /// The deck's own number at this table: 0 the deck received at opening, then one more
        /// for each replacement of that colour.
        #[serde(default)]
        generation: u32,
    },
    ReplacementInspected {
        deck: DeckId,
        colour: String,
        generation: u32,
    },
    RemovalVerified {
        deck: DeckId,
        floorperson: Person,
        /// What became of the removed deck, from the internal controls' list (§ 637a.3(c)).
        #[serde(default, skip_serializing_if = "Option::is_none")]
        disposition: Option<String>,
    },
    /// § 637a.3(a): decks alternate; § 637a.11(c): the button.
    RoundStarted {
        number: u32,
        deck: DeckId,
        colour: String,
        seats: Vec<u8>,
        button: u8,
        /// No-limit, pot-limit: each seat's table stakes at the start (§ 637a.8(b)(1)).
        #[serde(default, skip_serializing_if = "Vec::is_empty")]
        stakes: Vec<(u8, Cents)>,
        /// Blinds posted out of turn: missed blinds, a new player's post.
        #[serde(default, skip_serializing_if = "Vec::is_empty")]
        posts: Vec<crate::rules::poker::hand::ExtraPost>,
    },
    /// § 637a.8(b)(6): the player stepped away keeping his seat; the floorperson counted his
    /// stakes (or covered them).
    SeatAway {
        seat: u8,
        stake: Cents,
        floorperson: Person,
        covered: bool,
    },
    /// § 637a.8(b)(6)(i): back; the floorperson checked the stakes unchanged.
    SeatBack {
        seat: u8,
        stake: Cents,
        floorperson: Person,
    },
    /// § 637a.8(b)(1),(2): a player sat down with, or added between rounds, `amount`; `stake`
    /// is the seat's table stakes after it.
    StakeAdded {
        seat: u8,
        amount: Cents,
        stake: Cents,
    },
    /// The player left the table, taking `stake`.
    SeatLeft {
        seat: u8,
        stake: Cents,
    },
    /// A house-banked round's step: what the dealer keyed with what the rules made of it, or
    /// the settlement the rules computed (`rules::banked::round`).
    Banked(crate::rules::banked::round::BankedEvent),
    /// One step of a poker-room hand: the dealer's input (an action with its amount, the cards
    /// dealt or shown) and what it caused (a betting round closed, the pots awarded).
    Hand {
        events: Vec<crate::rules::poker::hand::HandEvent>,
    },
    /// § 637a.15(f): the Poker shift supervisor verified the Bad Beat hand.
    BadBeatVerified {
        hit: crate::rules::poker::jackpots::BadBeat,
        supervisor: Person,
    },
    /// § 637a.7(e)(6)(i)
    LosingHandsCounted {
        expected: u8,
        correct: bool,
    },
    /// § 637a.7(e)(6): the pot is pushed.
    PotAwarded {
        number: u32,
        awards: Vec<(u8, Cents)>,
        pot: Cents,
        /// Rake and contributions taken before the award (§ 637a.17, § 637a.15(c), § 637a.16(c)).
        #[serde(default)]
        take: PotTake,
    },
    /// New decks replace the two in use (§ 637a.3(c)); they are inspected, verified, spread and
    /// washed again before play.
    DecksChanged {
        colours: Vec<String>,
        /// How long the old decks were in play, in minutes (from the journal's times).
        minutes_in_play: i64,
    },
    /// § 637a.5(a), § x.5(a): a floorperson directed the cards shuffled again; every deck not
    /// in play is shuffled (and cut) before the next round.
    ReshuffleOrdered {
        floorperson: Person,
        /// The game's chapter's section (journals before it: Poker's).
        #[serde(default = "poker_reshuffle")]
        section: String,
    },
    /// No gaming activity: the decks are spread face up for the first players to arrive; the
    /// wash, the shuffle and the cut follow again (`section`: § 637a.5(d), § x.5(f)).
    TableIdle {
        section: String,
    },
    /// The table closes: the decks leave the table; a new opening starts from the inspection.
    TableClosed {
        rounds_played: u32,
    },
    /// § 637a.18(i): a void round returns every chip to the player who put it in.
    RoundVoided {
        number: u32,
        refunds: Vec<(u8, Cents)>,
    },
    /// The dealer took back the round's last step, a betting action or a player's decision,
    /// before anything followed it. The row it takes back stays in the journal.
    StepUndone {
        what: String,
    },
    /// A floorperson took the round in play back `steps` steps, to before `to_before`. The rows
    /// taken back stay in the journal.
    RoundCorrected {
        steps: u32,
        to_before: String,
        signed_by: Person,
    },
}

impl Event {
    /// The journal's `kind` column.
    pub fn kind(&self) -> &'static str {
        match self {
            Event::DealerSignedIn { .. } => "dealer_signed_in",
            Event::DealerSignedOut { .. } => "dealer_signed_out",
            Event::TableOpened { .. } => "table_opened",
            Event::DecksInspected { .. } => "decks_inspected",
            Event::InspectionVerified { .. } => "inspection_verified",
            Event::PlayersInspected => "players_inspected",
            Event::DecksWashed => "decks_washed",
            Event::CardBurned => "card_burned",
            Event::ShuffleRequested { .. } => "shuffle_requested",
            Event::DeckCounted { .. } => "deck_counted",
            Event::ManualCountEntered { .. } => "manual_count_entered",
            Event::StubCounted { .. } => "stub_counted",
            Event::DeckShuffledManually { .. } => "deck_shuffled_manually",
            Event::ShufflerOutOfService { .. } => "shuffler_out_of_service",
            Event::ShufflerCovered => "shuffler_covered",
            Event::PreshuffledDeckCut { .. } => "preshuffled_deck_cut",
            Event::CardReaderOutOfService => "card_reader_out_of_service",
            Event::CardReaderRepaired { .. } => "card_reader_repaired",
            Event::CardReaderInspected { .. } => "card_reader_inspected",
            Event::ShufflerBackInService => "shuffler_back_in_service",
            Event::DealingChanged { .. } => "dealing_changed",
            Event::HighHandRecorded { .. } => "high_hand_recorded",
            Event::HighHandPeriodClosed { .. } => "high_hand_period_closed",
            Event::BoxCounted { .. } => "box_counted",
            Event::TimeChargesVerified { .. } => "time_charges_verified",
            Event::ShuffleFailed { .. } => "shuffle_failed",
            Event::Irregularity { .. } => "irregularity",
            Event::DeckRemoved { .. } => "deck_removed",
            Event::ReplacementInspected { .. } => "replacement_inspected",
            Event::RemovalVerified { .. } => "removal_verified",
            Event::RoundStarted { .. } => "round_started",
            Event::BadBeatVerified { .. } => "bad_beat_verified",
            Event::LosingHandsCounted { .. } => "losing_hands_counted",
            Event::PotAwarded { .. } => "pot_awarded",
            Event::RoundVoided { .. } => "round_voided",
            Event::StakeAdded { .. } => "stake_added",
            Event::SeatLeft { .. } => "seat_left",
            Event::SeatAway { .. } => "seat_away",
            Event::SeatBack { .. } => "seat_back",
            Event::DecksChanged { .. } => "decks_changed",
            Event::TableClosed { .. } => "table_closed",
            Event::TableIdle { .. } => "table_idle",
            Event::ReshuffleOrdered { .. } => "reshuffle_ordered",
            Event::StepUndone { .. } => "step_undone",
            Event::RoundCorrected { .. } => "round_corrected",
            Event::Hand { events } => crate::rules::poker::hand::kind_of(events),
            Event::Banked(e) => e.kind(),
        }
    }

    /// The person whose signature this event carries, if any.
    pub fn signer(&self) -> Option<&Person> {
        match self {
            Event::InspectionVerified { floorperson }
            | Event::CardReaderRepaired { floorperson }
            | Event::CardReaderInspected { floorperson }
            | Event::RemovalVerified { floorperson, .. }
            | Event::ReshuffleOrdered { floorperson, .. } => Some(floorperson),
            Event::DeckCounted {
                verified_by: Some(p),
                ..
            } => Some(p),
            Event::HighHandRecorded { slip, .. } => Some(&slip.floorperson),
            Event::BoxCounted { count, .. } => Some(&count.floorperson),
            Event::TimeChargesVerified { charges, .. } => Some(&charges.floorperson),
            Event::BadBeatVerified { supervisor, .. } => Some(supervisor),
            Event::Irregularity {
                signed_by: Some(p), ..
            } => Some(p),
            Event::RoundCorrected { signed_by, .. }
            | Event::HighHandPeriodClosed { signed_by, .. }
            | Event::SeatAway {
                floorperson: signed_by,
                ..
            }
            | Event::SeatBack {
                floorperson: signed_by,
                ..
            } => Some(signed_by),
            Event::Banked(e) => e.signer(),
            _ => None,
        }
    }
}

/// A journal row that cannot be applied to the table it belongs to.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("journal row {serial} ({kind}) cannot be applied: {problem}")]
pub struct ReplayError {
    pub serial: i64,
    pub kind: String,
    pub problem: String,
}

/// The section of a floor-directed reshuffle recorded before the event named its chapter's.
fn poker_reshuffle() -> String {
    "§ 637a.5(a)".into()
}

/// The part of the table an event is about, which divides `Table::apply` and the journal's words
/// alike: each event is in one part, and a new event does not compile until it has one.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum EventPart {
    /// The table opened and closed, the dealer signed in and out, the decks inspected.
    Opening,
    /// The decks shuffled, counted and cut; the shuffler in and out of service.
    Shuffle,
    /// The card reader, the dealing method, the records between rounds, irregularities and
    /// decks removed.
    Record,
    /// A round started and ended.
    Round,
    /// The steps in a round.
    InRound,
}

impl Event {
    /// The part of the table this event is about.
    pub fn part(&self) -> EventPart {
        match self {
            Event::DealerSignedIn { .. }
            | Event::DealerSignedOut { .. }
            | Event::TableOpened { .. }
            | Event::DecksChanged { .. }
            | Event::TableClosed { .. }
            | Event::DecksInspected { .. }
            | Event::InspectionVerified { .. }
            | Event::PlayersInspected
            | Event::DecksWashed
            | Event::CardBurned => EventPart::Opening,
            Event::ShuffleRequested { .. }
            | Event::DeckCounted { .. }
            | Event::ManualCountEntered { .. }
            | Event::StubCounted { .. }
            | Event::DeckShuffledManually { .. }
            | Event::ShufflerOutOfService { .. }
            | Event::ShufflerCovered
            | Event::PreshuffledDeckCut { .. }
            | Event::ShufflerBackInService
            | Event::ShuffleFailed { .. } => EventPart::Shuffle,
            Event::CardReaderInspected { .. }
            | Event::CardReaderOutOfService
            | Event::CardReaderRepaired { .. }
            | Event::DealingChanged { .. }
            | Event::BoxCounted { .. }
            | Event::TimeChargesVerified { .. }
            | Event::HighHandPeriodClosed { .. }
            | Event::HighHandRecorded { .. }
            | Event::Irregularity { .. }
            | Event::DeckRemoved { .. }
            | Event::ReplacementInspected { .. }
            | Event::RemovalVerified { .. } => EventPart::Record,
            Event::RoundStarted { .. }
            | Event::BadBeatVerified { .. }
            | Event::LosingHandsCounted { .. }
            | Event::ReshuffleOrdered { .. }
            | Event::TableIdle { .. }
            | Event::PotAwarded { .. } => EventPart::Round,
            Event::StakeAdded { .. }
            | Event::SeatLeft { .. }
            | Event::SeatAway { .. }
            | Event::SeatBack { .. }
            | Event::Banked(_)
            | Event::StepUndone { .. }
            | Event::RoundCorrected { .. }
            | Event::Hand { .. }
            | Event::RoundVoided { .. } => EventPart::InRound,
        }
    }
}
