//! The table procedure as a pure state machine, for every game: `decide` turns a dealer command
//! or device report into events, `apply` folds events into state. The journal stores the events;
//! replaying them rebuilds the table exactly where it was (after a restart or a power cut).
//!
//! The current step is never stored: `step()` derives it from the state, so the screen,
//! the journal and the rules cannot disagree about what comes next.
//!
//! - `setup`: the Rules Submission a table opens with; `people`: roles and persons;
//! - `decks`: the decks and a deck's removal; `round`: a round and its stages;
//! - `command`: commands and steps; `event`: the journal's facts;
//! - `decide` and `apply`: the two halves of the machine; `records`: slips, box counts, time
//!   charges.

mod apply;
mod audit;
mod command;
mod decide;
mod decide_decks;
mod decide_opening;
mod decks;
mod event;
mod floor_wait;
mod irregularity_effects;
mod narrate;
mod narrate_banked;
mod rake;
mod records;
mod round;
mod seats;
mod setup;
mod undo;

pub use crate::rules::people::*;
pub use audit::{Divergence, Recomputed};
pub use command::*;
pub use decks::*;
pub use event::*;
pub use floor_wait::FloorWait;
pub use rake::*;
pub use records::*;
pub use round::*;
pub use setup::*;

use super::Cents;
use super::betting_actions::clockwise_after;
use super::cards::Card;
use super::eval::{self, HandValue};
use serde::{Deserialize, Serialize};
use std::collections::BTreeMap;

/// Spanish 21: whom the dealer offers the cut of a new shoe (§ 635a.5(c)).
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "to", rename_all = "kebab-case")]
pub enum CutOffer {
    /// The first player arriving at the table, as the game begins (§ 635a.5(c)(1)).
    #[default]
    FirstPlayer,
    /// The player on whose betting area the cover card appeared (§ 635a.5(c)(2)).
    Seat { seat: u8 },
    /// The player farthest to the dealer's right, then counterclockwise on a refusal: the cover
    /// card appeared on the dealer's hand (§ 635a.5(c)(3)).
    RightOfDealer,
    /// The player farthest to the dealer's right, then counterclockwise on a refusal: a
    /// floorperson directed the reshuffle (§ 635a.5(c)(4)).
    FloorReshuffle,
}

impl CutOffer {
    pub fn who(&self) -> String {
        match self {
            CutOffer::FirstPlayer => "the first player who arrived at the table".into(),
            CutOffer::Seat { seat } => {
                format!("the player at seat {seat}, on whose betting area the cover card appeared")
            }
            CutOffer::RightOfDealer => "the player farthest to your right (the cover card appeared on your hand); if he refuses, each player counterclockwise".into(),
            CutOffer::FloorReshuffle => "the player farthest to your right (the floorperson directed the reshuffle); if he refuses, each player counterclockwise".into(),
        }
    }
}

impl Table {
    /// The section a step follows at this table: the opening, shuffle and counts of a
    /// house-banked game are its own chapter's (§ 657a.4, § 657a.5 and the others), from the
    /// registry.
    /// The sections of this table's game (Hold'em's before a table is opened).
    pub fn sections(&self) -> &'static crate::rules::registry::Sections {
        self.setup
            .as_ref()
            .map_or(crate::rules::game_id::GameId::Holdem, |s| s.poker.game)
            .def()
            .sections
    }

    /// § x.5(a) of the game's chapter: the cards shuffled when a floorperson or above directs
    /// it (§ 637a.5(a) in the poker room, § 655a.5(a) at Mississippi Stud and the others).
    pub fn reshuffle_section(&self) -> String {
        let chapter = self.sections().idle.split('.').next().unwrap_or("§ 637a");
        format!("{chapter}.5(a)")
    }

    pub fn section_of(&self, step: &Step) -> String {
        let Some(setup) = &self.setup else {
            return step.section().to_string();
        };
        let sec = setup.poker.game.def().sections;
        match step {
            Step::InspectDecks | Step::VerifyInspection => sec.inspect,
            Step::PlayerInspection => sec.players,
            Step::WashDecks => sec.wash,
            Step::InspectReplacement { .. } => sec.replacement,
            Step::LoadShuffler { .. }
            | Step::AwaitShuffle { .. }
            | Step::LoadReplacement { .. } => sec.shuffle,
            Step::ShuffleManually { .. } => sec.manual_shuffle,
            Step::CountDeck { .. } | Step::VerifyCount { .. } => sec.count,
            Step::RemoveDeck { .. } | Step::VerifyRemoval { .. } => sec.removal,
            Step::StartRound { .. } => sec.start,
            Step::CoverShuffler => sec.shuffler_out,
            Step::ShufflerNeeded => {
                let chapter = setup.poker.game.def().chapter;
                return format!("§ {chapter}.9(a)(1), § {chapter}.13(g)");
            }
            Step::CountStub { .. } | Step::StubWrong { .. } => {
                return crate::rules::registry::round_def(setup.poker.game)
                    .and_then(|d| d.stub)
                    .map_or(step.section(), |stub| stub.section(setup.poker.dealing))
                    .to_string();
            }
            _ => step.section(),
        }
        .to_string()
    }
}

/// Seats are numbered 1 to 10 (§ 637a.2(a)).
pub const MAX_SEATS: u8 = 10;

/// The whole state of one table terminal.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Table {
    pub dealer: Option<Person>,
    pub setup: Option<TableSetup>,
    pub decks: Vec<Deck>,
    pub inspected: bool,
    pub inspection_verified: bool,
    pub players_inspected: bool,
    /// The open table had no play (§ 637a.5(d), § x.5(f)): the cards wait spread for the first
    /// player to arrive, as the chapter says (not the opening's fans).
    #[serde(default)]
    pub idle: bool,
    pub washed: bool,
    /// The deck in the shuffler, if one is there.
    pub in_shuffler: Option<DeckId>,
    /// The deck dealt in the last finished round; the next round uses the other (§ 637a.3(a)).
    pub last_deck: Option<DeckId>,
    pub last_button: Option<u8>,
    /// How many players were dealt into the round in play, or the last one (§ 637a.16(b)(4)).
    #[serde(default)]
    pub dealt_in: u8,
    /// What the last closed High Hand period rolled over into the next (§ 637a.16(h)).
    #[serde(default)]
    pub high_hand_rollover: Cents,
    /// The last High Hand period closed at this table; periods close in order, once.
    #[serde(default)]
    pub high_hand_closed: Option<String>,
    /// The slip lines recorded at this table in periods not yet closed, with their period.
    #[serde(default)]
    pub high_hand_slips: Vec<(String, crate::rules::poker::jackpots::SlipLine)>,
    pub rounds_played: u32,
    pub round: Option<Round>,
    pub removal: Option<DeckRemoval>,
    /// Decks are shuffled by hand and counted by the dealer (no counting shuffler, or it was
    /// taken out of service and covered).
    pub manual_shuffle: bool,
    /// The shuffler was declared out of service and is not yet covered (§ 637a.18(r)).
    pub shuffler_out: bool,
    /// A count the dealer keyed, waiting for the floorperson.
    pub pending_count: Option<(DeckId, u8)>,
    /// Spanish 21: whom the next cut is offered (§ 635a.5(c)).
    #[serde(default)]
    pub cut_offer: CutOffer,
    /// The highest hand recorded in the current qualifying period (§ 637a.16(f)).
    pub high_hand: Option<(String, HandValue)>,
    /// High Hand Tracking Slip lines recorded at this table.
    pub high_hand_lines: u32,
    /// Spanish 21: a card is to be burned before the next deal (§ 635a.7(c)).
    #[serde(default)]
    pub burn_due: bool,
    /// Spanish 21: the cover card came out and the next shoe goes into the dealing shoe: its
    /// first card is burned (§ 635a.7(c)). Kept apart from `burn_due` because terminals before
    /// this asked no burn there: a round their journals start on that shoe unburned still
    /// replays (`apply.rs`, `RoundStarted`).
    #[serde(default)]
    pub cover_burn_due: bool,
    /// No-limit and pot-limit: each seated player's table stakes, carried from round to round
    /// (§ 637a.8(b)).
    #[serde(default)]
    pub stakes: BTreeMap<u8, Cents>,
    /// Players away from the table, with the stakes the floorperson recorded (§ 637a.8(b)(6)).
    #[serde(default)]
    pub away: BTreeMap<u8, Cents>,
    /// Players the blinds passed while they were not dealt in; true: the small blind too.
    #[serde(default)]
    pub missed: BTreeMap<u8, bool>,
    /// Players who sat down at a table in play and have not yet been dealt in.
    #[serde(default)]
    pub waiting: std::collections::BTreeSet<u8>,
    /// The next round is killed: its limits are the Kill's or Half-kill's (§ 637a.1), since a
    /// player won an entire qualifying pot and no pot has ended it yet.
    #[serde(default)]
    pub killed: bool,
    /// Spanish 21's card reader is out of order: no round starts until a floorperson signs it
    /// repaired or replaced (§ 635a.13(k)).
    #[serde(default)]
    pub reader_out: bool,
    /// The round in play before each of its steps that can still be taken back (`undo.rs`).
    #[serde(skip)]
    pub history: Vec<undo::Taken>,
}

impl Table {
    /// Rebuilds a table from its journal's table rows (serial and event); the first row that
    /// cannot be applied stops the rebuild with its serial and the reason.
    pub fn replay<'a>(
        events: impl IntoIterator<Item = &'a (i64, Event)>,
    ) -> Result<Table, ReplayError> {
        let mut t = Table::default();
        for (serial, e) in events {
            t.apply(e).map_err(|problem| ReplayError {
                serial: *serial,
                kind: e.kind().to_string(),
                problem: problem.to_string(),
            })?;
        }
        Ok(t)
    }

    /// Whether the round after the pot in play is killed (§ 637a.1 "Kill option"): a player
    /// who wins an entire qualifying pot starts the Kill; a pot split between a high and another
    /// player's low, or a pot short of the qualifying pot, ends it. The pot is measured before
    /// the rake (the text does not say; `KillRules`).
    pub fn kill_after_pot(&self) -> bool {
        let Some(kill) = self.setup.as_ref().and_then(|s| s.poker.kill.as_ref()) else {
            return false;
        };
        let Some((r, res)) = self
            .round
            .as_ref()
            .and_then(|r| Some((r, r.poker.as_ref()?.result.as_ref()?)))
        else {
            return self.killed;
        };
        let pot = r.pot() - res.uncalled.map_or(0, |u| u.1);
        crate::rules::poker::jackpots::kill_next(
            kill,
            self.killed,
            pot,
            &res.pots,
            res.hands.is_empty(),
        )
    }

    /// The Kill in effect, as a percentage of the posted limits above 100: the round in play's,
    /// or between rounds the next round's (§ 637a.1).
    pub fn kill_in_effect(&self) -> Option<u32> {
        let kill = self.setup.as_ref()?.poker.kill.as_ref()?;
        let pct = match (
            &self.round,
            self.round.as_ref().and_then(|r| r.poker.as_ref()),
        ) {
            (_, Some(h)) => h.setup.limit_percent,
            (None, None) if self.killed => kill.limit_percent,
            _ => 100,
        };
        (pct > 100).then_some(pct)
    }

    pub fn opened(&self) -> bool {
        self.inspected && self.inspection_verified && self.players_inspected && self.washed
    }

    /// The deck's own number at this table (0 at opening, one more per replacement).
    pub fn deck_generation(&self, deck: DeckId) -> u32 {
        self.decks.get(deck).map_or(0, |d| d.generation)
    }

    pub fn deck_name(&self, deck: DeckId) -> String {
        self.decks
            .get(deck)
            .map(|d| d.colour.clone())
            .unwrap_or_else(|| format!("deck {deck}"))
    }

    /// The deck the next round must use: the other one from the last round (§ 637a.3(a)).
    /// Spanish 21: a shoe dealt round after round until the cover card (§ 635a.5(a), 635a.7(d)).
    pub fn shoe_game(&self) -> bool {
        self.setup
            .as_ref()
            .is_some_and(|s| s.poker.game == crate::rules::game_id::GameId::Spanish21)
    }

    /// A house-banked table dealing from the dealer's hand: its cards must be shuffled by the
    /// automated shuffler (§ 677a.9(a)(1), § 647a.9(a)(1), § 589.9(a)(1), § 655a.9(a)(1),
    /// § 657a.9(a)(1)).
    pub fn dealt_from_the_hand_banked(&self) -> bool {
        self.setup.as_ref().is_some_and(|s| {
            s.poker.game.is_house_banked()
                && s.poker.dealing == crate::rules::dealing::Dealing::Hand
        })
    }

    /// A house-banked game without the automated shuffler is played with one deck (§ 677a.3(a),
    /// § 647a.3(a), § 589.3(a), § 655a.3(a), § 657a.3(a)); two decks alternate only with it
    /// (§ x.3(b)). Spanish 21 deals its shoe (§ 635a.3).
    pub fn one_deck(&self) -> bool {
        self.decks.len() == 1
            || (self.manual_shuffle
                && !self.shoe_game()
                && self
                    .setup
                    .as_ref()
                    .is_some_and(|s| s.poker.game.is_house_banked()))
    }

    /// Whether the game counts its stub after the deal when no counting shuffler is used, instead
    /// of the whole deck before its shuffle (`banked::round::Def::stub`).
    pub fn counts_stub(&self) -> bool {
        self.setup.as_ref().is_some_and(|s| {
            crate::rules::registry::round_def(s.poker.game).is_some_and(|d| d.stub.is_some())
        })
    }

    /// Whether a round starting with `deck` counts its stub: no counting shuffler, a game that
    /// counts the stub, and the deck's fifth round since its last count (§ 657a.8(f), § 657a.9(d),
    /// § 657a.10(d) and each chapter alike: "at least once every 5 rounds of play").
    pub fn stub_due(&self, deck: DeckId) -> StubCount {
        let due = self.manual_shuffle
            && self.counts_stub()
            && self
                .decks
                .get(deck)
                .is_some_and(|d| d.rounds_since_count + 1 >= MANUAL_COUNT_EVERY);
        if due {
            StubCount::Due
        } else {
            StubCount::NotDue
        }
    }

    /// A house-banked table's paytables and the casino's choices it settles by.
    pub fn house(&self) -> Option<&crate::rules::banked::House> {
        self.setup.as_ref().and_then(|s| s.poker.house.as_deref())
    }

    /// What a void of the irregularity `id`, reported now, still settles (§ 677a.13(a),(d),
    /// § 647a.13(a),(d)); `None`: every wager is returned.
    pub fn void_keeps(&self, id: &str) -> Option<crate::rules::banked::round::VoidSettles> {
        self.round
            .as_ref()?
            .banked
            .as_ref()?
            .void_settles(id, self.house())
    }

    /// The cards a count must find: a deck's 52 (§ 637a.7(e)(4)), or a Spanish 21 shoe's 48 a
    /// deck, the 10s removed (§ 635a.3(a)), times the decks the casino uses.
    pub fn cards_counted(&self) -> u16 {
        if self.shoe_game() {
            let decks = self.house().map_or_else(
                || crate::rules::banked::spanish21::Rules::default().decks,
                |h| h.rules.of::<crate::rules::banked::spanish21::Rules>().decks,
            );
            48 * u16::from(decks)
        } else {
            u16::from(DECK_SIZE)
        }
    }

    pub fn next_deck(&self) -> DeckId {
        match self.last_deck {
            // A Spanish 21 shoe still shuffled after its round deals on (§ 635a.5(a)).
            Some(d) if self.shoe_game() && self.decks[d].status == DeckStatus::Shuffled => d,
            // One deck: the same deck, shuffled again (§ x.3(a)).
            Some(d) if self.one_deck() && d < self.decks.len() => d,
            Some(d) => 1 - d,
            None => 0,
        }
    }

    pub fn step(&self) -> Step {
        if self.dealer.is_none() {
            return Step::SignIn;
        }
        if self.setup.is_none() {
            return Step::OpenTable;
        }
        if self.shuffler_out && !self.manual_shuffle {
            return Step::CoverShuffler;
        }
        if self.shuffler_out && self.dealt_from_the_hand_banked() {
            return Step::ShufflerNeeded;
        }
        // § 635a.13(k): the round in play is finished as the floorperson directs (the text is
        // silent on it); no other is dealt until the reader is repaired or replaced.
        if self.reader_out && self.round.is_none() {
            return Step::ReaderNeeded;
        }
        if let Some((deck, counted)) = self.pending_count {
            return Step::VerifyCount { deck, counted };
        }
        if let Some(r) = &self.removal {
            let deck = r.deck;
            if self.manual_shuffle
                && matches!(
                    r.stage,
                    RemovalStage::LoadReplacement | RemovalStage::AwaitCount
                )
            {
                // The replacement is counted by hand and verified (§ 637a.7(e)(4)(i), (5)).
                return Step::CountDeck { deck };
            }
            return match r.stage {
                RemovalStage::Remove => Step::RemoveDeck { deck },
                RemovalStage::InspectReplacement => Step::InspectReplacement { deck },
                RemovalStage::Verify => Step::VerifyRemoval { deck },
                RemovalStage::LoadReplacement => Step::LoadReplacement { deck },
                RemovalStage::AwaitCount => Step::AwaitShuffle { deck },
            };
        }
        if !self.inspected {
            return Step::InspectDecks;
        }
        if !self.inspection_verified {
            return Step::VerifyInspection;
        }
        if !self.players_inspected {
            return Step::PlayerInspection;
        }
        if !self.washed {
            return Step::WashDecks;
        }
        if let Some(round) = &self.round {
            return self.round_step(round);
        }
        let next = self.next_deck();
        // § 637a.4(e), § 637a.5(a),(b)(2): a deck received preshuffled is cut, not shuffled,
        // before its first round.
        if self.decks[next].status == DeckStatus::Preshuffled {
            return Step::CutPreshuffled { deck: next };
        }
        if (self.burn_due || self.cover_burn_due)
            && self.shoe_game()
            && self.decks[next].status == DeckStatus::Shuffled
        {
            return Step::BurnCard;
        }
        if self.manual_shuffle {
            return match self.decks[next].status {
                DeckStatus::Shuffled => Step::StartRound {
                    deck: next,
                    load: None,
                },
                // Chapter 635a asks no count of the shoe; a game that counts its stub counts it
                // in the round (§ x.8(f), § x.9(d), § x.10(d)).
                _ if self.decks[next].rounds_since_count + 1 >= MANUAL_COUNT_EVERY
                    && !self.shoe_game()
                    && !self.counts_stub() =>
                {
                    Step::CountDeck { deck: next }
                }
                _ => Step::ShuffleManually { deck: next },
            };
        }
        match self.decks[next].status {
            DeckStatus::Shuffled => {
                let other = 1 - next;
                let load = (self.decks[other].status == DeckStatus::Unshuffled
                    && self.in_shuffler.is_none_or(|d| d == next))
                .then_some(other);
                Step::StartRound { deck: next, load }
            }
            DeckStatus::Shuffling => Step::AwaitShuffle { deck: next },
            _ => Step::LoadShuffler { deck: next },
        }
    }

    fn round_step(&self, r: &Round) -> Step {
        match r.stage {
            Stage::VerifyBadBeat => match &r.bad_beat {
                Some(hit) => Step::VerifyBadBeat { hit: hit.clone() },
                None => Step::CountLosingHands {
                    expected: r.losing_hand_cards(),
                },
            },
            Stage::CountLosingHands => Step::CountLosingHands {
                expected: r.losing_hand_cards(),
            },
            Stage::AwardPot => Step::AwardPot {
                awards: r.awards.clone(),
            },
            Stage::Hand => match &r.poker {
                Some(h) => Step::Poker {
                    step: h.step.clone(),
                    game: h.setup.game,
                    section: h.procedure.section,
                },
                None => Step::CountLosingHands { expected: 0 },
            },
            Stage::Banked => match (&r.banked, r.stub) {
                (Some(_), StubCount::Wrong { counted, expected }) => Step::StubWrong {
                    deck: r.deck,
                    counted,
                    expected,
                },
                (Some(b), StubCount::Due) if b.stub_reached() => Step::CountStub {
                    deck: r.deck,
                    expected: b.stub_expected(),
                },
                (Some(b), _) => Step::Banked {
                    step: b.step.clone(),
                    game: b.game,
                },
                (None, _) => Step::CountLosingHands { expected: 0 },
            },
        }
    }
}
