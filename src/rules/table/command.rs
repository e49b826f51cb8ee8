//! What reaches the table: the dealer's taps, a signature, a device's report; the step the dealer
//! is asked to do now, with its section.

use super::*;
use serde::{Deserialize, Serialize};

/// Simple steps the dealer confirms with one tap. The step is named in the command so a
/// double tap can never confirm the step after it.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub enum Confirm {
    DecksInspected,
    PlayersInspected,
    DecksWashed,
    PotPushed,
    DeckRemoved,
    ReplacementInspected,
    /// § 637a.5(a), (b)(2): shuffled by hand and cut with the cover card.
    ShuffledAndCut,
    /// § 637a.4(e), § 637a.5(b)(2): a deck received preshuffled, cut with the cover card.
    PreshuffledCut,
    /// § 637a.18(r): the broken shuffler is covered or carries an out-of-order sign.
    ShufflerCovered,
    /// § 635a.7(c): one card burned.
    CardBurned,
    /// § 677a.9(a)(1) and the other chapters' § x.9(a)(1): the automated shuffler of a table
    /// dealing from the hand is back in service.
    ShufflerBack,
    /// § 677a.13(g) and the others' § x.13(g): with the shuffler covered, the table deals from
    /// a manual dealing shoe (§ x.8) instead of the hand.
    DealFromShoe,
}

/// Inputs: the dealer's taps, a floorperson's signature, the shuffler's reports.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub enum Command {
    SignIn(Person),
    SignOut,
    OpenTable(TableSetup),
    Confirm(Confirm),
    /// A dealer command of a poker-room round.
    Poker(crate::rules::poker::hand::HandCommand),
    /// Betting not tracked: the rake and jackpot contributions taken from the pot, one of the
    /// posted schedule's presets (`rake_presets`), and the pot pushed (§ 637a.7(e)(6)(iii),(iv)).
    RakeTaken(PotTake),
    /// A dealer command of a house-banked round.
    Banked(crate::rules::banked::round::BankedCommand),
    /// A floorperson's verified signature for the current verification step.
    Verify(Person),
    /// The dealer has put `deck` into the shuffler and starts it.
    LoadShuffler(DeckId),
    ShufflerCounted {
        counted: u16,
    },
    ShufflerFault {
        code: u16,
        detail: String,
    },
    /// The dealer's count of a deck, keyed on the keypad (§ 637a.7(e)(4)(i)).
    ManualCount {
        counted: u8,
    },
    /// The dealer's count of a house-banked round's stub (§ 657a.8(f), § 657a.9(d), § 657a.10(d)
    /// and each chapter alike).
    CountStub {
        counted: u8,
    },
    /// After a wrong stub count, the dealer's finding: a hand holds too many or too few cards
    /// while the deck has its 52 (`misdealt`), or not (§ 657a.8(h) and each chapter alike).
    StubMisdeal {
        misdealt: bool,
    },
    /// The shuffler cannot be used; the table goes on shuffling by hand (§ 637a.18(r)).
    ShufflerOutOfService,
    /// Change both decks (between rounds), `minutes_in_play` as the terminal measured it.
    ChangeDecks {
        minutes_in_play: i64,
    },
    /// Close the table between rounds.
    CloseTable,
    /// § 637a.5(a): a floorperson or above directs the cards shuffled again, between rounds.
    ReshuffleOrdered {
        signed_by: Person,
    },
    /// No gaming activity at the open table: the decks are spread face up for the first
    /// players to arrive, then washed, shuffled and cut again (§ 637a.5(d), § x.5(f)).
    TableIdle,
    /// § 637a.7(e)(5): the floorperson verifies a deck's removal and its replacement, and says
    /// what became of the removed deck (§ 637a.3(c), the internal controls' list).
    VerifyRemoval {
        signed_by: Person,
        disposition: String,
    },
    /// The dealer reports an irregularity from the game's catalogue
    /// (`assets/irregularities.toml`), signed where the catalogue says so.
    ReportIrregularity {
        id: String,
        seat: Option<u8>,
        note: Option<String>,
        signed_by: Option<Person>,
    },
    /// The dealer takes back the round's last step, a betting action or a player's decision,
    /// while nothing has followed it.
    UndoLast,
    /// A floorperson takes the round in play back `steps` steps (the rows stay in the journal).
    CorrectRound {
        steps: u32,
        signed_by: Person,
    },
    /// A floorperson verified a high hand for the High Hand Tracking Slip (§ 637a.16(f)).
    RecordHighHand(HighHandSlip),
    /// § 637a.16(h): a qualifying period that has ended is closed: its highest Qualifying High
    /// Hand is awarded the pool, or the pool rolls over; signed by a floorperson or above.
    ClosePeriod {
        period: String,
        /// The High Hand contributions taken at this table during the period (the terminal
        /// sums them from the journal by time).
        contributions: Cents,
        signed_by: Person,
    },
    /// The dealer counted a Bad Beat or High Hand box with a floorperson present (§ 637a.15(d)(1),
    /// § 637a.16(d)(1)).
    RecordBoxCount(BoxCount),
    /// A floorperson verified the time charges collected (§ 637a.17(b)(3)(v)).
    RecordTimeCharges(TimeCharges),
    StartRound {
        seats: Vec<u8>,
    },
    /// Spanish 21: the floorperson inspected the card reader for tampering and working order,
    /// as at the beginning of each gaming day (§ 635a.2(d)).
    ReaderInspected {
        signed_by: Person,
    },
    /// No-limit, pot-limit: a player sits down at `seat` with `amount` in table stakes, or adds
    /// `amount` to them, between rounds (§ 637a.8(b)(1),(2)).
    AddStake {
        seat: u8,
        amount: Cents,
    },
    /// The player at `seat` leaves the table with his stakes.
    LeaveSeat {
        seat: u8,
    },
    /// § 637a.8(b)(6): the player steps away keeping his seat; the floorperson signs for his
    /// stakes.
    SeatAway {
        seat: u8,
        signed_by: Person,
    },
    /// § 637a.8(b)(6)(i): back; the floorperson signs that the stakes are unchanged.
    SeatBack {
        seat: u8,
        signed_by: Person,
    },
    CountLosingHands {
        correct: bool,
    },
}

/// A refused command: the rules' one [`Refusal`], the section named where the rule refuses.
pub use crate::rules::machine::Refusal as RuleError;

/// A refusal of where the table stands, citing no section.
pub(super) fn refuse<T>(msg: impl Into<String>) -> Result<T, RuleError> {
    Err(RuleError::plain(msg))
}

/// What the dealer must do now.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Step {
    SignIn,
    /// § 635a.7(c): burn the first card of a new shoe, and a new dealer's first card.
    BurnCard,
    OpenTable,
    InspectDecks,
    VerifyInspection,
    PlayerInspection,
    WashDecks,
    LoadShuffler {
        deck: DeckId,
    },
    AwaitShuffle {
        deck: DeckId,
    },
    StartRound {
        deck: DeckId,
        load: Option<DeckId>,
    },
    /// § 637a.15(f): a qualifying Bad Beat; the cards stay on the table until the shift
    /// supervisor verifies the hand.
    VerifyBadBeat {
        hit: crate::rules::poker::jackpots::BadBeat,
    },
    /// A poker-room round: what its procedure asks now.
    Poker {
        step: crate::rules::poker::hand::Step,
        game: crate::rules::game_id::GameId,
        section: &'static str,
    },
    /// A house-banked round's step.
    Banked {
        step: crate::rules::banked::round::BankedStep,
        game: crate::rules::game_id::GameId,
    },
    CountLosingHands {
        expected: u8,
    },
    AwardPot {
        awards: Vec<(u8, Cents)>,
    },
    RemoveDeck {
        deck: DeckId,
    },
    InspectReplacement {
        deck: DeckId,
    },
    VerifyRemoval {
        deck: DeckId,
    },
    LoadReplacement {
        deck: DeckId,
    },
    /// No counting shuffler: the dealer counts the deck and keys the count.
    CountDeck {
        deck: DeckId,
    },
    /// No counting shuffler at a house-banked table: the dealer counts the round's stub
    /// (`expected` cards in a full deck).
    CountStub {
        deck: DeckId,
        expected: u8,
    },
    /// The stub count was wrong: were the cards misdealt?
    StubWrong {
        deck: DeckId,
        counted: u8,
        expected: u8,
    },
    /// A floorperson verifies the dealer's count.
    VerifyCount {
        deck: DeckId,
        counted: u8,
    },
    ShuffleManually {
        deck: DeckId,
    },
    /// The shuffler was taken out of service: cover it or post the sign first.
    CoverShuffler,
    /// A house-banked table dealing from the hand has lost its automated shuffler: no play
    /// until it is back, or the table deals from a manual dealing shoe (§ x.9(a)(1), § x.13(g)).
    ShufflerNeeded,
    /// Spanish 21's card reader malfunctioned: no round until a floorperson signs it repaired
    /// or replaced (§ 635a.13(k)).
    ReaderNeeded,
    /// A deck received preshuffled is cut before its first round (§ 637a.4(e),
    /// § 637a.5(b)(2)).
    CutPreshuffled {
        deck: DeckId,
    },
}

impl Step {
    /// The section the step carries out, shown in small print.
    pub fn section(&self) -> &'static str {
        match self {
            Step::SignIn => {
                "§ 637a.16(f)(4): the dealer's name and credential number go on records"
            }
            Step::OpenTable => "§ 637a.9(a)(2), § 637a.11",
            Step::InspectDecks | Step::VerifyInspection => "§ 637a.4(a)",
            Step::PlayerInspection => "§ 637a.4(b)",
            Step::WashDecks => "§ 637a.4(c)",
            Step::LoadShuffler { .. } | Step::AwaitShuffle { .. } => {
                "§ 637a.5(a), § 637a.7(e)(4)(ii)"
            }
            Step::StartRound { .. } => "§ 637a.3(a),(b), § 637a.11(c)",
            Step::CountLosingHands { .. } => "§ 637a.7(e)(6)(i)",
            Step::Poker { section, .. } => section,
            Step::Banked { game, .. } => game.def().sections.round,
            Step::VerifyBadBeat { .. } => "§ 637a.15(f)",
            Step::AwardPot { .. } => "§ 637a.7(e)(6)",
            Step::RemoveDeck { .. } => "§ 637a.7(e)(5)",
            Step::InspectReplacement { .. } | Step::VerifyRemoval { .. } => {
                "§ 637a.7(e)(5), § 637a.4(a)"
            }
            Step::LoadReplacement { .. } => "§ 637a.5(a), § 637a.7(e)(4)(ii)",
            Step::CountDeck { .. } | Step::VerifyCount { .. } => "§ 637a.7(e)(4)(i), (5)",
            // Only at a house-banked table, whose own chapter `Table::section_of` gives.
            Step::CountStub { .. } | Step::StubWrong { .. } => "§ 657a.8(f)–(h)",
            Step::ShuffleManually { .. } => "§ 637a.5(a), (b)(2)",
            Step::CoverShuffler => "§ 637a.18(r)",
            // Only at a house-banked table, whose own chapter `Table::section_of` gives.
            Step::ShufflerNeeded => "§ 657a.9(a)(1), § 657a.13(g)",
            Step::ReaderNeeded => "§ 635a.13(k)",
            Step::CutPreshuffled { .. } => "§ 637a.4(e), § 637a.5(b)(2)",
            Step::BurnCard => "§ 635a.7(c)",
        }
    }
}
