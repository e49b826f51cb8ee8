//! The table procedure of a Hold'em poker-room table (§ 637a.3–637a.7, § 637a.11),
//! as a pure state machine: `decide` turns a dealer command or device report into events,
//! `apply` folds events into state. The journal stores the events; replaying them rebuilds
//! the table exactly where it was (after a restart or a power cut).
//!
//! The current step is never stored: `step()` derives it from the state, so the screen,
//! the journal and the rules cannot disagree about what comes next.

use super::Cents;
use super::betting::clockwise_after;
use super::cards::Card;
use super::eval::{self, HandValue};
use serde::{Deserialize, Serialize};

/// A deck has 52 cards (§ 637a.3(a), § 637a.7(e)(4)).
pub const DECK_SIZE: u8 = 52;

/// The roles of the regulation, lowest first: "floorperson or above" is `>= Floorperson`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Role {
    Dealer,
    Floorperson,
    Supervisor,
    Administrator,
}

impl Role {
    pub fn name(self) -> &'static str {
        match self {
            Role::Dealer => "dealer",
            Role::Floorperson => "floorperson",
            Role::Supervisor => "shift supervisor",
            Role::Administrator => "administrator",
        }
    }
}

/// A person as they appear on a record: name and Board-issued credential number.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Person {
    pub name: String,
    pub credential: String,
    pub role: Role,
}

/// What the casino declared for this table in its Rules Submission (§ 601a.2), snapshotted
/// into the journal when the table opens so a replay uses the rules that were in force.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct TableSetup {
    pub table_no: u32,
    /// Back colours of the two decks, which must differ (§ 637a.3(a)).
    pub deck_colours: [String; 2],
    /// Blind bets, first blind first (§ 637a.11(d)).
    pub blinds: Vec<Cents>,
    /// Fixed-limit bet on the pre-flop and flop rounds (§ 637a.8(k)).
    pub small_bet: Cents,
    /// Fixed-limit bet on the turn and river rounds (§ 637a.8(k)).
    pub big_bet: Cents,
    /// Posted maximum number of raises per betting round (§ 637a.8(k)).
    pub max_raises: u8,
    /// An automated shuffler that counts after each shuffle is in use (§ 637a.7(e)(4)(ii)).
    /// Without one the dealer shuffles and cuts by hand (§ 637a.5(b)(2)) and counts each deck
    /// at least once every five rounds, verified by a floorperson (§ 637a.7(e)(4)(i)).
    #[serde(default = "counting_shuffler_default")]
    pub counting_shuffler: bool,
    /// Rake (§ 637a.17) and jackpot contributions (§ 637a.15(c), § 637a.16(c)) taken from each
    /// pot, in that order.
    #[serde(default)]
    pub pot_rules: PotRules,
    /// The poker-room game and its forced bets (Hold'em unless set).
    #[serde(flatten)]
    pub poker: PokerOptions,
}

/// The game a table deals and the forced bets the blinds do not cover (§ 637a.7(c)).
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(default)]
pub struct PokerOptions {
    pub game: crate::rules::games::GameId,
    /// An ante from every player (§ 637a.7(c), each game's (b)).
    pub ante: Cents,
    /// Stud's forced bet (§ 637a.10(d), § 637a.14(d)).
    pub forced_bet: Cents,
    /// The house-banked games' dealing method (each game's § x.8, x.9, x.10).
    pub dealing: crate::rules::registry::Dealing,
    /// Hours before the decks must be changed; 0 is the regulation's maximum for the game and
    /// dealing method ([`TableSetup::deck_change_limit`]). A casino may choose fewer.
    pub deck_change_hours: u32,
    /// A house-banked table's posted minimum and maximum Ante, in cents (0: none).
    pub min_ante: Cents,
    pub max_ante: Cents,
    /// A house-banked table's posted minimum and maximum of each other wager a player keys,
    /// by the wager's key ("queens_up", "pair_plus"…), in cents (0: none).
    pub side_limits: std::collections::BTreeMap<String, (Cents, Cents)>,
    /// A house-banked table's paytables and the casino's choices it settles by.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub house: Option<Box<crate::rules::banked::House>>,
}

/// What the house takes from a pot, from the Rules Submission (§ 601a.2).
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(default)]
pub struct PotRules {
    /// Percentage rake, 0 to 10 (§ 637a.17(b)(1)).
    pub rake_percent: u8,
    /// The maximum rake per round (§ 637a.17(a)(3)).
    pub rake_cap: Cents,
    /// No rake unless the flop was dealt ("no flop, no drop"; the text leaves it to the RS).
    pub rake_flop_only: bool,
    /// Bad Beat contribution per pot, after the rake (§ 637a.15(c)).
    pub bad_beat: Cents,
    /// High Hand Jackpot contribution per pot, after the rake (§ 637a.16(c)).
    pub high_hand: Cents,
    /// No contribution from a pot smaller than this (§ 637a.15(b)(2), § 637a.16(b)(3)).
    pub contribution_min_pot: Cents,
    /// The posted qualifying Bad Beat (§ 637a.15(b)(3)); `None`: the table has no Bad Beat.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub bad_beat_rules: Option<crate::rules::poker::jackpots::BadBeatRules>,
}

/// What was taken from one pot before the award.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(default)]
pub struct PotTake {
    pub rake: Cents,
    pub bad_beat: Cents,
    pub high_hand: Cents,
    /// An uncalled final bet, returned and never raked (§ 637a.17(d)).
    pub uncalled: Cents,
}

impl PotTake {
    /// § 637a.17(b),(d), § 637a.15(c), § 637a.16(c): from a pot, the uncalled bet set aside, the
    /// rake (percentage, capped, rounded down to the cent), then the contributions.
    pub fn compute(rules: &PotRules, pot: Cents, uncalled: Cents, flop_dealt: bool) -> PotTake {
        let uncalled = uncalled.clamp(0, pot);
        let rakeable = pot - uncalled;
        let rake = if rules.rake_flop_only && !flop_dealt {
            0
        } else {
            (rakeable * Cents::from(rules.rake_percent.min(10)) / 100).min(rules.rake_cap.max(0))
        };
        let mut left = rakeable - rake;
        let (mut bad_beat, mut high_hand) = (0, 0);
        if rakeable >= rules.contribution_min_pot {
            bad_beat = rules.bad_beat.clamp(0, left);
            left -= bad_beat;
            high_hand = rules.high_hand.clamp(0, left);
        }
        PotTake {
            rake,
            bad_beat,
            high_hand,
            uncalled,
        }
    }

    pub fn total(&self) -> Cents {
        self.rake + self.bad_beat + self.high_hand
    }
}

fn counting_shuffler_default() -> bool {
    true
}

/// § 637a.7(e)(4)(i): without a counting shuffler each deck is counted at least once every
/// this many rounds.
pub const MANUAL_COUNT_EVERY: u32 = 5;

/// Table stakes are not keyed at the table: each player counts as covering any bet, so a
/// round never runs anyone out (all-ins are settled by `deckhand settle`).
pub const STAKES_NOT_TRACKED: Cents = 100_000_000;

impl TableSetup {
    /// The round state machine's setup, for every poker-room game.
    pub fn hand_setup(&self, seats: &[u8], button: u8) -> crate::rules::poker::hand::HandSetup {
        use crate::rules::poker::hand::{HandSetup, Structure};
        HandSetup {
            game: self.poker.game,
            seats: seats.iter().map(|s| (*s, STAKES_NOT_TRACKED)).collect(),
            button,
            ante: self.poker.ante,
            blinds: self.blinds.clone(),
            straddle: None,
            forced_bet: self.poker.forced_bet,
            structure: Structure::FixedLimit {
                small: self.small_bet,
                big: self.big_bet,
            },
            max_raises: self.max_raises,
            limit_percent: 100,
            low_ace_low: true,
            pot_rules: self.pot_rules.clone(),
            award: Default::default(),
        }
    }

    /// The regulation's longest time between deck changes, in hours, and its section:
    /// § 637a.3(c) 12 hours for the poker room; the house-banked games 4 hours from the hand,
    /// 8 from a dealing shoe (§ 677a.3(c), § 647a.3, § 589.3, § 655a.3, § 657a.3).
    pub fn deck_change_limit(&self) -> (u32, &'static str) {
        let life = self.poker.game.def().deck_life;
        let hand = self.poker.dealing == crate::rules::registry::Dealing::Hand;
        (if hand { life.hand } else { life.shoe }, life.section)
    }

    /// The hours this table changes its decks after.
    pub fn deck_change_hours(&self) -> u32 {
        let (max, _) = self.deck_change_limit();
        if self.poker.deck_change_hours == 0 {
            max
        } else {
            self.poker.deck_change_hours.min(max)
        }
    }

    /// Checks the values a casino could get wrong; the message names the problem.
    pub fn validate(&self) -> Result<(), String> {
        let (max, section) = self.deck_change_limit();
        if self.poker.deck_change_hours > max {
            return Err(format!(
                "table.deck_change_hours: {} hours is longer than the {max} hours {section} allows",
                self.poker.deck_change_hours
            ));
        }
        if self.poker.min_ante < 0
            || self.poker.max_ante < 0
            || (self.poker.max_ante > 0 && self.poker.max_ante < self.poker.min_ante)
        {
            return Err(
                "table.min_ante_cents and max_ante_cents: 0 or more, and the maximum not below the minimum"
                    .into(),
            );
        }
        self.validate_side_limits()?;
        if self.poker.game.is_house_banked() {
            if crate::rules::banked::round::Def::of(self.poker.game).is_none() {
                return Err(format!(
                    "table.game: {} is settled with `deckhand settle`; its table procedure is not on the screen yet",
                    self.poker.game.id()
                ));
            }
            if self.poker.game == crate::rules::games::GameId::Spanish21
                && self.poker.dealing == crate::rules::registry::Dealing::Hand
            {
                return Err(
                    "table.dealing: Spanish 21 is dealt from a dealing shoe (§ 635a.7(b)): manual-shoe or automated-shoe"
                        .into(),
                );
            }
            return self.validate_decks();
        }
        let Some(proc) = crate::rules::poker::procedure::Procedure::of(self.poker.game) else {
            return Err(format!(
                "table.game: {} is a house-banked game, not one this table's poker procedure deals",
                self.poker.game.id()
            ));
        };
        if self.poker.ante < 0 || self.poker.forced_bet < 0 {
            return Err("table.ante_cents and table.forced_bet_cents: not below 0".into());
        }
        if proc.stud.is_some() && self.poker.forced_bet == 0 {
            return Err(format!(
                "table.forced_bet_cents: {} needs the forced bet by the up card ({}(d))",
                self.poker.game.id(),
                proc.section
            ));
        }
        self.validate_decks()?;
        self.validate_rest()
    }

    /// Each side-wager limit names a wager the player keys on this game's layout (not the Ante,
    /// which has its own, nor a wager that must equal another), with a minimum not above the
    /// maximum.
    fn validate_side_limits(&self) -> Result<(), String> {
        let def = crate::rules::banked::round::Def::of(self.poker.game);
        for (key, (min, max)) in &self.poker.side_limits {
            let spot = def.and_then(|d| d.spots.iter().find(|s| s.key == key));
            let keyed = spot.is_some_and(|s| s.key != "ante" && s.equals.is_none());
            if !keyed {
                let names: Vec<&str> = def
                    .map(|d| {
                        d.spots
                            .iter()
                            .filter(|s| s.key != "ante" && s.equals.is_none())
                            .map(|s| s.key)
                            .collect()
                    })
                    .unwrap_or_default();
                return Err(format!(
                    "table.side_wager_limits_cents: {key} is not a side wager of {} (its side wagers: {})",
                    self.poker.game.id(),
                    names.join(", ")
                ));
            }
            if *min < 0 || *max < 0 || (*max > 0 && max < min) {
                return Err(format!(
                    "table.side_wager_limits_cents.{key}: 0 or more, and the maximum not below the minimum"
                ));
            }
        }
        Ok(())
    }

    fn validate_decks(&self) -> Result<(), String> {
        if self.deck_colours[0].trim().is_empty() || self.deck_colours[1].trim().is_empty() {
            return Err("each deck needs a back colour (§ 637a.3(a))".into());
        }
        if self.deck_colours[0].eq_ignore_ascii_case(&self.deck_colours[1]) {
            return Err(format!(
                "the two decks must have different back colours, both are `{}` (§ 637a.3(a))",
                self.deck_colours[0]
            ));
        }
        Ok(())
    }

    fn validate_rest(&self) -> Result<(), String> {
        if self.blinds.is_empty() || self.blinds.iter().any(|b| *b <= 0) {
            return Err("Hold'em needs at least one blind, each above zero (§ 637a.11(d))".into());
        }
        if self.pot_rules.rake_percent > 10 {
            return Err(format!(
                "a percentage rake is at most 10%, not {}% (§ 637a.17(b)(1))",
                self.pot_rules.rake_percent
            ));
        }
        let p = &self.pot_rules;
        if p.rake_cap < 0 || p.bad_beat < 0 || p.high_hand < 0 || p.contribution_min_pot < 0 {
            return Err("rake cap and contributions are amounts of 0 or more".into());
        }
        if self.small_bet <= 0 || self.big_bet < self.small_bet {
            return Err("the posted limits need 0 < small bet <= big bet (§ 637a.8(k))".into());
        }
        Ok(())
    }
}

pub type DeckId = usize;

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum DeckStatus {
    /// Needs a shuffle before it can be dealt (§ 637a.5(a)).
    Unshuffled,
    /// In the automated card shuffling device, shuffle under way.
    Shuffling,
    /// Shuffled and counted 52 by the counting shuffler (§ 637a.7(e)(4)(ii)).
    Shuffled,
    /// Being dealt this round.
    InPlay,
    /// Taken off the table after a wrong count (§ 637a.7(e)(5)).
    Removed,
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Deck {
    pub colour: String,
    pub status: DeckStatus,
    /// 0 for the deck received at opening, +1 for each replacement.
    pub generation: u32,
    pub last_count: Option<u8>,
    /// Table rounds since this deck was last counted (§ 637a.7(e)(4), counted per deck).
    pub rounds_since_count: u32,
}

/// Why a deck is being taken off the table.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case", tag = "reason")]
pub enum RemovalReason {
    /// The counting shuffler reported a count other than 52 (§ 637a.7(e)(5)).
    WrongCount { counted: u8 },
    /// The losing hands did not hold the right number of cards (§ 637a.7(e)(6)(i),
    /// treated as a missing or extra card, § 637a.18(i)).
    LosingHandsMiscounted,
    /// An irregularity from the catalogue that requires the deck replaced (§ 637a.18(i),
    /// § 635a.13(b)).
    Irregularity { id: String },
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum RemovalStage {
    Remove,
    InspectReplacement,
    Verify,
    LoadReplacement,
    AwaitCount,
}

/// Play is stopped until a deck with a wrong count is removed and replaced.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct DeckRemoval {
    pub deck: DeckId,
    pub reason: RemovalReason,
    pub stage: RemovalStage,
}

/// Where a round stands at the table.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Stage {
    /// A poker-room hand: its procedure leads until the award (`poker::hand`).
    Hand,
    /// A house-banked round (`banked::round`).
    Banked,
    /// § 637a.15(f): a qualifying Bad Beat waits for the shift supervisor.
    VerifyBadBeat,
    CountLosingHands,
    AwardPot,
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Round {
    pub number: u32,
    pub deck: DeckId,
    /// Seats dealt in, ascending (clockwise from the dealer's left).
    pub seats: Vec<u8>,
    pub button: u8,
    pub stage: Stage,
    /// Seat and amount each winner is due, odd chips included.
    pub awards: Vec<(u8, Cents)>,
    /// Rake and contributions taken from the pot.
    #[serde(default)]
    pub take: PotTake,
    /// A qualifying Bad Beat found at the showdown (§ 637a.15).
    #[serde(default)]
    pub bad_beat: Option<crate::rules::poker::jackpots::BadBeat>,
    /// A poker-room round: the hand machine over the game's procedure (`rules::poker`),
    /// rebuilt from the journal.
    #[serde(skip)]
    pub poker: Option<crate::rules::poker::hand::Hand>,
    /// A house-banked game's round (`rules::banked::round`), rebuilt from the journal.
    #[serde(skip)]
    pub banked: Option<crate::rules::banked::round::BankedRound>,
}

impl Round {
    pub fn pot(&self) -> Cents {
        self.refunds().iter().map(|(_, a)| a).sum()
    }

    /// What a void round returns: every chip to the player who put it in (§ 637a.18(i)).
    pub fn refunds(&self) -> Vec<(u8, Cents)> {
        if let Some(b) = &self.banked {
            return b.refunds();
        }
        match &self.poker {
            Some(h) => h.players.iter().map(|p| (p.seat, p.put_in)).collect(),
            None => vec![],
        }
    }

    /// Cards in the losing hands the dealer collects: every hand that won nothing, without the
    /// common cards (§ 637a.7(e)(6)(i)).
    pub fn losing_hand_cards(&self) -> u8 {
        let Some(h) = &self.poker else {
            return 0;
        };
        let winners: Vec<u8> = h
            .result
            .iter()
            .flat_map(|r| r.pots.iter())
            .flat_map(|p| p.halves.iter())
            .flat_map(|x| x.winners.iter().map(|w| w.0))
            .collect();
        let common = h.common.len() as u8;
        h.players
            .iter()
            .filter(|p| !winners.contains(&p.seat))
            .map(|p| p.cards.saturating_sub(common))
            .sum()
    }
}

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
        colours: [String; 2],
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
        counted: u8,
        expected: u8,
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
    },
    ReplacementInspected {
        deck: DeckId,
        colour: String,
        generation: u32,
    },
    RemovalVerified {
        deck: DeckId,
        floorperson: Person,
    },
    /// § 637a.3(a): decks alternate; § 637a.11(c): the button.
    RoundStarted {
        number: u32,
        deck: DeckId,
        colour: String,
        seats: Vec<u8>,
        button: u8,
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
    /// The table closes: the decks leave the table; a new opening starts from the inspection.
    TableClosed {
        rounds_played: u32,
    },
    /// § 637a.18(i): a void round returns every chip to the player who put it in.
    RoundVoided {
        number: u32,
        refunds: Vec<(u8, Cents)>,
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
            Event::DeckShuffledManually { .. } => "deck_shuffled_manually",
            Event::ShufflerOutOfService { .. } => "shuffler_out_of_service",
            Event::ShufflerCovered => "shuffler_covered",
            Event::HighHandRecorded { .. } => "high_hand_recorded",
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
            Event::DecksChanged { .. } => "decks_changed",
            Event::TableClosed { .. } => "table_closed",
            Event::Hand { events } => crate::rules::poker::hand::kind_of(events),
            Event::Banked(e) => e.kind(),
        }
    }

    /// The person whose signature this event carries, if any.
    pub fn signer(&self) -> Option<&Person> {
        match self {
            Event::InspectionVerified { floorperson }
            | Event::RemovalVerified { floorperson, .. } => Some(floorperson),
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
            Event::Banked(e) => e.signer(),
            _ => None,
        }
    }
}

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
    /// § 637a.18(r): the broken shuffler is covered or carries an out-of-order sign.
    ShufflerCovered,
    /// § 635a.7(c): one card burned.
    CardBurned,
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
    /// A dealer command of a house-banked round.
    Banked(crate::rules::banked::round::BankedCommand),
    /// A floorperson's verified signature for the current verification step.
    Verify(Person),
    /// The dealer has put `deck` into the shuffler and starts it.
    LoadShuffler(DeckId),
    ShufflerCounted {
        counted: u8,
    },
    ShufflerFault {
        code: u16,
        detail: String,
    },
    /// The dealer's count of a deck, keyed on the keypad (§ 637a.7(e)(4)(i)).
    ManualCount {
        counted: u8,
    },
    /// The shuffler cannot be used; the table goes on shuffling by hand (§ 637a.18(r)).
    ShufflerOutOfService,
    /// Change both decks (between rounds), `minutes_in_play` as the terminal measured it.
    ChangeDecks {
        minutes_in_play: i64,
    },
    /// Close the table between rounds.
    CloseTable,
    /// The dealer reports an irregularity from the game's catalogue
    /// (`assets/irregularities.toml`), signed where the catalogue says so.
    ReportIrregularity {
        id: String,
        seat: Option<u8>,
        note: Option<String>,
        signed_by: Option<Person>,
    },
    /// A floorperson verified a high hand for the High Hand Tracking Slip (§ 637a.16(f)).
    RecordHighHand(HighHandSlip),
    /// The dealer counted a Bad Beat or High Hand box with a floorperson present (§ 637a.15(d)(1),
    /// § 637a.16(d)(1)).
    RecordBoxCount(BoxCount),
    /// A floorperson verified the time charges collected (§ 637a.17(b)(3)(v)).
    RecordTimeCharges(TimeCharges),
    StartRound {
        seats: Vec<u8>,
    },
    CountLosingHands {
        correct: bool,
    },
}

/// A journal row that cannot be applied to the table it belongs to.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("journal row {serial} ({kind}) cannot be applied: {problem}")]
pub struct ReplayError {
    pub serial: i64,
    pub kind: String,
    pub problem: String,
}

/// A refused command: the message says why, with the section where one applies.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum RuleError {
    #[error("{0}")]
    Refused(String),
}

fn refuse<T>(msg: impl Into<String>) -> Result<T, RuleError> {
    Err(RuleError::Refused(msg.into()))
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
        game: crate::rules::games::GameId,
        section: &'static str,
    },
    /// A house-banked round's step.
    Banked {
        step: crate::rules::banked::round::BankedStep,
        game: crate::rules::games::GameId,
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
            Step::ShuffleManually { .. } => "§ 637a.5(a), (b)(2)",
            Step::CoverShuffler => "§ 637a.18(r)",
            Step::BurnCard => "§ 635a.7(c)",
        }
    }
}

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
}

impl CutOffer {
    pub fn who(&self) -> String {
        match self {
            CutOffer::FirstPlayer => "the first player who arrived at the table".into(),
            CutOffer::Seat { seat } => {
                format!("the player at seat {seat}, on whose betting area the cover card appeared")
            }
            CutOffer::RightOfDealer => "the player farthest to your right (the cover card appeared on your hand); if he refuses, each player counterclockwise".into(),
        }
    }
}

impl Table {
    /// The section a step follows at this table: the opening, shuffle and counts of a
    /// house-banked game are its own chapter's (§ 657a.4, § 657a.5 and the others), from the
    /// registry.
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
    pub washed: bool,
    /// The deck in the shuffler, if one is there.
    pub in_shuffler: Option<DeckId>,
    /// The deck dealt in the last finished round; the next round uses the other (§ 637a.3(a)).
    pub last_deck: Option<DeckId>,
    pub last_button: Option<u8>,
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
}

/// The two jackpot boxes of § 637a.2(e).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum JackpotBox {
    /// § 637a.15(d): counted at least once each gaming day.
    BadBeat,
    /// § 637a.16(d): counted at the end of each qualifying period.
    HighHand,
}

impl JackpotBox {
    pub fn name(self) -> &'static str {
        match self {
            JackpotBox::BadBeat => "Bad Beat",
            JackpotBox::HighHand => "High Hand Jackpot",
        }
    }
    pub fn section(self) -> &'static str {
        match self {
            JackpotBox::BadBeat => "§ 637a.15(d)(1)",
            JackpotBox::HighHand => "§ 637a.16(d)(1)",
        }
    }
}

/// A box count at a closed table: the dealer counts, a floorperson or above witnesses, both sign.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct BoxCount {
    #[serde(rename = "box")]
    pub jackpot_box: JackpotBox,
    pub amount: Cents,
    /// The number on the locked container the contents and documentation go into.
    pub container_seal: String,
    pub floorperson: Person,
}

/// Time charges collected at one interval (§ 637a.17(b)(3)).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct TimeCharges {
    /// Seats charged; inactive seated players are charged too (§ 637a.17(b)(3)(i)).
    pub seats: Vec<u8>,
    pub amount_each: Cents,
    /// 20 or 30 minutes (§ 637a.17(b)(3)(iii)).
    pub interval_minutes: u32,
    pub floorperson: Person,
}

/// One High Hand Tracking Slip entry as the floorperson verifies it (§ 637a.16(f)(1)-(5)).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct HighHandSlip {
    /// The qualifying period the hand belongs to (its start, UTC), set by the terminal.
    pub period: String,
    pub seat: u8,
    pub player_name: String,
    pub player_phone: String,
    /// The player's hand: five to seven cards (hole cards and board); the best five count.
    pub cards: Vec<Card>,
    pub floorperson: Person,
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
                problem,
            })?;
        }
        Ok(t)
    }

    pub fn opened(&self) -> bool {
        self.inspected && self.inspection_verified && self.players_inspected && self.washed
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
            .is_some_and(|s| s.poker.game == crate::rules::games::GameId::Spanish21)
    }

    pub fn next_deck(&self) -> DeckId {
        match self.last_deck {
            // A Spanish 21 shoe still shuffled after its round deals on (§ 635a.5(a)).
            Some(d) if self.shoe_game() && self.decks[d].status == DeckStatus::Shuffled => d,
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
        if self.burn_due && self.shoe_game() && self.decks[next].status == DeckStatus::Shuffled {
            return Step::BurnCard;
        }
        if self.manual_shuffle {
            return match self.decks[next].status {
                DeckStatus::Shuffled => Step::StartRound {
                    deck: next,
                    load: None,
                },
                // Chapter 635a asks no count of the shoe.
                _ if self.decks[next].rounds_since_count + 1 >= MANUAL_COUNT_EVERY
                    && !self.shoe_game() =>
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
            Stage::Banked => match &r.banked {
                Some(b) => Step::Banked {
                    step: b.step.clone(),
                    game: b.game,
                },
                None => Step::CountLosingHands { expected: 0 },
            },
        }
    }

    /// Checks a command against the rules and returns the events it causes. Nothing changes
    /// until the caller has journaled the events and applied them.
    pub fn decide(&self, cmd: &Command) -> Result<Vec<Event>, RuleError> {
        let step = self.step();
        match cmd {
            Command::SignIn(p) => {
                if self.dealer.is_some() {
                    return refuse("a dealer is already signed in; sign out first");
                }
                if p.name.trim().is_empty() || p.credential.trim().is_empty() {
                    return refuse("a dealer signs in with a name and credential number");
                }
                Ok(vec![Event::DealerSignedIn { dealer: p.clone() }])
            }
            Command::SignOut => {
                let Some(d) = &self.dealer else {
                    return refuse("no dealer is signed in");
                };
                if self.round.is_some() {
                    return refuse("finish the round before the dealer change");
                }
                Ok(vec![Event::DealerSignedOut { dealer: d.clone() }])
            }
            Command::OpenTable(setup) => {
                if step != Step::OpenTable {
                    return refuse("the table is already open");
                }
                let mut setup = setup.clone();
                // A house-banked table settles by the paytables and choices it opens with; without
                // the configuration's, the embedded ones (the documented defaults) are recorded.
                if setup.poker.game.is_house_banked() && setup.poker.house.is_none() {
                    setup.poker.house = Some(Box::new(
                        crate::rules::banked::House::default_for(setup.poker.game)
                            .map_err(RuleError::Refused)?,
                    ));
                }
                setup.validate().map_err(RuleError::Refused)?;
                Ok(vec![Event::TableOpened { setup }])
            }
            Command::Confirm(c) => self.decide_confirm(&step, *c),
            Command::Verify(p) => self.decide_verify(&step, p),
            Command::Poker(cmd) => {
                let Step::Poker { .. } = step else {
                    return refuse("no poker-room round is under way");
                };
                let Some(mut h) = self.round.as_ref().and_then(|r| r.poker.clone()) else {
                    return refuse("no poker-room round is under way");
                };
                let events = h.apply(cmd.clone()).map_err(RuleError::Refused)?;
                Ok(vec![Event::Hand { events }])
            }
            Command::Banked(cmd) => {
                let Step::Banked { .. } = step else {
                    return refuse("no house-banked round is under way");
                };
                let Some(b) = self.round.as_ref().and_then(|r| r.banked.as_ref()) else {
                    return refuse("no house-banked round is under way");
                };
                let house = self.setup.as_ref().and_then(|s| s.poker.house.as_deref());
                let events = b.decide(cmd, house).map_err(RuleError::Refused)?;
                if let crate::rules::banked::round::BankedCommand::Validated { floorperson } = cmd {
                    super::access::check(
                        floorperson,
                        super::access::Action::ValidateProgressive,
                        self.dealer.as_ref(),
                    )
                    .map_err(RuleError::Refused)?;
                }
                Ok(events.into_iter().map(Event::Banked).collect())
            }
            Command::LoadShuffler(deck) => {
                let ok = matches!(step, Step::LoadShuffler { deck: d } | Step::LoadReplacement { deck: d } if d == *deck);
                if !ok {
                    return refuse("that deck is not the one to load into the shuffler now");
                }
                Ok(vec![Event::ShuffleRequested {
                    deck: *deck,
                    colour: self.deck_name(*deck),
                }])
            }
            Command::ShufflerCounted { counted } => self.decide_count(*counted),
            Command::ShufflerFault { code, detail } => {
                let Some(deck) = self.shuffling_deck() else {
                    return refuse("the shuffler reported a fault while no shuffle was under way");
                };
                let colour = self.deck_name(deck);
                Ok(vec![
                    Event::ShuffleFailed {
                        deck,
                        colour: colour.clone(),
                        code: *code,
                        detail: detail.clone(),
                    },
                    Event::Irregularity {
                        irregularity: format!(
                            "Shuffler stopped during the {colour} deck's shuffle: {detail}"
                        ),
                        section: "§ 637a.18(q)".into(),
                        action: "Clear the shuffler and reshuffle the cards".into(),
                        id: None,
                        seat: None,
                        note: None,
                        signed_by: None,
                    },
                ])
            }
            Command::ManualCount { counted } => {
                let Step::CountDeck { deck } = step else {
                    return refuse("no deck count is due now");
                };
                if *counted > 104 {
                    return refuse(format!(
                        "{counted} cards: count the deck face down and key the number of cards"
                    ));
                }
                Ok(vec![Event::ManualCountEntered {
                    deck,
                    colour: self.deck_name(deck),
                    counted: *counted,
                }])
            }
            Command::ShufflerOutOfService => {
                if self.manual_shuffle || self.shuffler_out {
                    return refuse("the table is already shuffling by hand");
                }
                if self.round.is_some() {
                    return refuse("finish the round first");
                }
                if !self.opened() {
                    return refuse("open the table first");
                }
                Ok(vec![
                    Event::ShufflerOutOfService {
                        deck: self.in_shuffler,
                    },
                    Event::Irregularity {
                        irregularity: "The automated card shuffler cannot be used".into(),
                        section: "§ 637a.18(r)".into(),
                        action:
                            "Cover the shuffler or post an out-of-order sign, then shuffle by hand"
                                .into(),
                        id: None,
                        seat: None,
                        note: None,
                        signed_by: None,
                    },
                ])
            }
            Command::ReportIrregularity {
                id,
                seat,
                note,
                signed_by,
            } => self.decide_irregularity(id, *seat, note, signed_by),
            Command::ChangeDecks { minutes_in_play } => {
                self.table_and_dealer()?;
                if self.round.is_some() || self.removal.is_some() {
                    return refuse("finish the round (and any deck removal) first");
                }
                Ok(vec![Event::DecksChanged {
                    colours: self.decks.iter().map(|d| d.colour.clone()).collect(),
                    minutes_in_play: *minutes_in_play,
                }])
            }
            Command::CloseTable => {
                self.table_and_dealer()?;
                if self.round.is_some() || self.removal.is_some() {
                    return refuse("finish the round (and any deck removal) before closing");
                }
                Ok(vec![Event::TableClosed {
                    rounds_played: self.rounds_played,
                }])
            }
            Command::RecordHighHand(slip) => self.decide_high_hand(slip),
            Command::RecordBoxCount(count) => {
                let (table_no, dealer) = self.table_and_dealer()?;
                super::access::check(
                    &count.floorperson,
                    super::access::Action::SignBoxCount,
                    Some(&dealer),
                )
                .map_err(RuleError::Refused)?;
                if self.round.is_some() {
                    return refuse(format!(
                        "a box is counted at a closed table ({}): finish the round first",
                        count.jackpot_box.section()
                    ));
                }
                if count.amount < 0 || count.amount > 100_000_000_000 {
                    return refuse("the count is an amount in cents, 0 or more");
                }
                if count.container_seal.trim().is_empty() {
                    return refuse(format!(
                        "the contents go into a locked container: enter its seal number ({})",
                        count.jackpot_box.section()
                    ));
                }
                Ok(vec![Event::BoxCounted {
                    count: count.clone(),
                    table_no,
                    dealer,
                }])
            }
            Command::RecordTimeCharges(charges) => {
                let (table_no, dealer) = self.table_and_dealer()?;
                super::access::check(
                    &charges.floorperson,
                    super::access::Action::VerifyTimeCharges,
                    Some(&dealer),
                )
                .map_err(RuleError::Refused)?;
                if charges.interval_minutes != 20 && charges.interval_minutes != 30 {
                    return refuse(
                        "time charges are assessed every 20 or 30 minutes (§ 637a.17(b)(3)(iii))",
                    );
                }
                let mut seats = charges.seats.clone();
                seats.sort_unstable();
                seats.dedup();
                if seats.is_empty() || seats.iter().any(|s| !(1..=10).contains(s)) {
                    return refuse("tap the seats charged, 1 to 10 (§ 637a.17(b)(3)(i))");
                }
                if charges.amount_each <= 0 || charges.amount_each > 1_000_000 {
                    return refuse("the time charge per seat must be above zero");
                }
                let total = charges.amount_each * seats.len() as Cents;
                Ok(vec![Event::TimeChargesVerified {
                    charges: TimeCharges {
                        seats,
                        ..charges.clone()
                    },
                    table_no,
                    dealer,
                    total,
                }])
            }
            Command::StartRound { seats } => self.decide_start(&step, seats),
            Command::CountLosingHands { correct } => {
                let Step::CountLosingHands { expected } = step else {
                    return refuse("the losing hands are counted after the showdown");
                };
                let r = self.round.as_ref().expect("count step has a round");
                let mut events = vec![Event::LosingHandsCounted {
                    expected,
                    correct: *correct,
                }];
                if !*correct {
                    events.push(Event::Irregularity {
                        irregularity: "The losing hands do not hold the right number of cards".into(),
                        section: "§ 637a.7(e)(6)(i), § 637a.18(i)".into(),
                        action: "Round void, every chip returned to the player who put it in, deck replaced".into(),
                        id: None,
                        seat: None,
                        note: None,
                        signed_by: None,
                    });
                    events.push(Event::RoundVoided {
                        number: r.number,
                        refunds: r.refunds(),
                    });
                    events.push(Event::DeckRemoved {
                        deck: r.deck,
                        colour: self.deck_name(r.deck),
                        reason: RemovalReason::LosingHandsMiscounted,
                    });
                }
                Ok(events)
            }
        }
    }

    /// A reported irregularity: the catalogue's action, signed where it must be, and its effect
    /// on the round and the deck.
    fn decide_irregularity(
        &self,
        id: &str,
        seat: Option<u8>,
        note: &Option<String>,
        signed_by: &Option<Person>,
    ) -> Result<Vec<Event>, RuleError> {
        use super::irregularities::{Catalogue, Effect, Sign};
        let (_, dealer) = self.table_and_dealer()?;
        let game = self
            .setup
            .as_ref()
            .map(|s| s.poker.game)
            .unwrap_or_default();
        let Some(item) = Catalogue::embedded().get(id).filter(|i| i.applies_to(game)) else {
            return refuse(format!("`{id}` is not an irregularity of this game"));
        };
        if item.seat && seat.is_none() {
            return refuse(format!("{}: say which seat", item.title));
        }
        if let Some(s) = seat
            && !(1..=MAX_SEATS).contains(&s)
        {
            return refuse(format!("seat {s}: seats are 1 to {MAX_SEATS}"));
        }
        let action = match item.sign {
            Sign::None => None,
            Sign::Floor => Some(super::access::Action::SignIrregularity),
            Sign::Supervisor => Some(super::access::Action::RuleOnDispute),
        };
        match (action, signed_by) {
            (Some(a), Some(p)) => {
                super::access::check(p, a, Some(&dealer)).map_err(RuleError::Refused)?
            }
            (Some(a), None) => {
                return refuse(format!(
                    "{}: {} must sign ({})",
                    item.title,
                    if a == super::access::Action::RuleOnDispute {
                        "the Poker shift supervisor"
                    } else {
                        "a floorperson"
                    },
                    item.section
                ));
            }
            (None, _) => {}
        }
        let note = note
            .as_ref()
            .map(|n| n.trim().to_string())
            .filter(|n| !n.is_empty());
        let mut events = vec![Event::Irregularity {
            irregularity: item.title.clone(),
            section: item.section.clone(),
            action: item.action(),
            id: Some(item.id.clone()),
            seat,
            note,
            signed_by: if action.is_some() {
                signed_by.clone()
            } else {
                None
            },
        }];
        match item.effect {
            Effect::Log => {}
            Effect::VoidRound | Effect::ReplaceDeck => {
                let Some(r) = &self.round else {
                    return refuse(format!(
                        "{}: there is no round in play to void ({})",
                        item.title, item.section
                    ));
                };
                events.push(Event::RoundVoided {
                    number: r.number,
                    refunds: r.refunds(),
                });
                if item.effect == Effect::ReplaceDeck {
                    events.push(Event::DeckRemoved {
                        deck: r.deck,
                        colour: self.deck_name(r.deck),
                        reason: RemovalReason::Irregularity {
                            id: item.id.clone(),
                        },
                    });
                }
            }
            Effect::DeviceOutOfService => {
                if self.manual_shuffle || self.shuffler_out {
                    return refuse("the table is already shuffling by hand");
                }
                if self.round.is_some() {
                    return refuse("finish the round first, then take the shuffler out of service");
                }
                events.push(Event::ShufflerOutOfService {
                    deck: self.in_shuffler,
                });
            }
        }
        Ok(events)
    }

    fn table_and_dealer(&self) -> Result<(u32, Person), RuleError> {
        let Some(setup) = &self.setup else {
            return refuse("open the table first");
        };
        let Some(dealer) = &self.dealer else {
            return refuse("a dealer must be signed in: the dealer signs the record");
        };
        Ok((setup.table_no, dealer.clone()))
    }

    /// § 637a.16(f): a full house or better, verified by a floorperson or above, recorded when it
    /// is at least as high as the period's high hand so far (an equal hand is recorded too: the
    /// posted rules divide ties, § 637a.16(b)(5)).
    fn decide_high_hand(&self, slip: &HighHandSlip) -> Result<Vec<Event>, RuleError> {
        let Some(setup) = &self.setup else {
            return refuse("open the table first");
        };
        let Some(dealer) = &self.dealer else {
            return refuse(
                "a dealer must be signed in: their name goes on the slip (§ 637a.16(f)(4))",
            );
        };
        super::access::check(
            &slip.floorperson,
            super::access::Action::VerifyHighHand,
            Some(dealer),
        )
        .map_err(RuleError::Refused)?;
        if !(1..=10).contains(&slip.seat) {
            return refuse("seats are numbered 1 to 10 (§ 637a.16(f)(1))");
        }
        if slip.player_name.trim().len() < 2 {
            return refuse("the slip needs the player's name (§ 637a.16(f)(1))");
        }
        let digits = slip
            .player_phone
            .chars()
            .filter(|c| c.is_ascii_digit())
            .count();
        if !(7..=15).contains(&digits) || slip.player_phone.chars().any(|c| !c.is_ascii_digit()) {
            return refuse(
                "the slip needs the player's phone number, 7 to 15 digits (§ 637a.16(f)(1))",
            );
        }
        let best = eval::best_hand(&slip.cards).map_err(|e| RuleError::Refused(e.to_string()))?;
        if best.value.category() < eval::Category::FullHouse {
            return refuse(format!(
                "{} is not a qualifying high hand: a full house or better (§ 637a.16(f))",
                best.value.describe()
            ));
        }
        if let Some((period, high)) = &self.high_hand
            && *period == slip.period
            && best.value < *high
        {
            return refuse(format!(
                "{} is lower than this period's high hand, {} (§ 637a.16(f): the next higher hand is recorded)",
                best.value.describe(),
                high.describe()
            ));
        }
        Ok(vec![Event::HighHandRecorded {
            slip: slip.clone(),
            table_no: setup.table_no,
            dealer: dealer.clone(),
            hand: best.value.describe(),
            value: best.value,
            line: self.high_hand_lines + 1,
        }])
    }

    fn shuffling_deck(&self) -> Option<DeckId> {
        self.in_shuffler
            .filter(|d| self.decks[*d].status == DeckStatus::Shuffling)
    }

    fn decide_confirm(&self, step: &Step, c: Confirm) -> Result<Vec<Event>, RuleError> {
        let ev = match (c, step) {
            (Confirm::DecksInspected, Step::InspectDecks) => Event::DecksInspected {
                colours: [self.deck_name(0), self.deck_name(1)],
            },
            (Confirm::PlayersInspected, Step::PlayerInspection) => Event::PlayersInspected,
            (Confirm::DecksWashed, Step::WashDecks) => Event::DecksWashed,
            (Confirm::CardBurned, Step::BurnCard) => Event::CardBurned,
            (Confirm::PotPushed, Step::AwardPot { awards }) => {
                let r = self.round.as_ref().expect("award step has a round");
                Event::PotAwarded {
                    number: r.number,
                    awards: awards.clone(),
                    pot: r.pot(),
                    take: r.take,
                }
            }
            (Confirm::DeckRemoved, Step::RemoveDeck { deck }) => {
                let reason = self
                    .removal
                    .as_ref()
                    .map(|r| r.reason.clone())
                    .unwrap_or(RemovalReason::LosingHandsMiscounted);
                Event::DeckRemoved {
                    deck: *deck,
                    colour: self.deck_name(*deck),
                    reason,
                }
            }
            (Confirm::ShuffledAndCut, Step::ShuffleManually { deck }) => {
                Event::DeckShuffledManually {
                    deck: *deck,
                    colour: self.deck_name(*deck),
                }
            }
            (Confirm::ShufflerCovered, Step::CoverShuffler) => Event::ShufflerCovered,
            (Confirm::ReplacementInspected, Step::InspectReplacement { deck }) => {
                Event::ReplacementInspected {
                    deck: *deck,
                    colour: self.deck_name(*deck),
                    generation: self.decks[*deck].generation + 1,
                }
            }
            _ => return refuse(format!("that is not the current step ({step:?})")),
        };
        Ok(vec![ev])
    }

    fn decide_verify(&self, step: &Step, p: &Person) -> Result<Vec<Event>, RuleError> {
        use super::access::{Action, check};
        let action = match step {
            Step::VerifyInspection => Action::VerifyInspection,
            Step::VerifyRemoval { .. } => Action::VerifyDeckChange,
            Step::VerifyCount { .. } => Action::VerifyDeckCount,
            Step::VerifyBadBeat { .. } => Action::VerifyBadBeat,
            Step::Banked {
                step: crate::rules::banked::round::BankedStep::Pay { verify: true },
                ..
            } => {
                return self.decide(&Command::Banked(
                    crate::rules::banked::round::BankedCommand::Validated {
                        floorperson: p.clone(),
                    },
                ));
            }
            _ => return refuse("nothing is waiting for a floorperson's verification"),
        };
        // "Floorperson or above"; a dealer cannot verify their own work.
        check(p, action, self.dealer.as_ref()).map_err(RuleError::Refused)?;
        match step {
            Step::VerifyInspection => Ok(vec![Event::InspectionVerified {
                floorperson: p.clone(),
            }]),
            Step::VerifyRemoval { deck } => Ok(vec![Event::RemovalVerified {
                deck: *deck,
                floorperson: p.clone(),
            }]),
            Step::VerifyCount { deck, counted } => {
                Ok(self.count_events(*deck, *counted, Some(p.clone()), "the dealer counted"))
            }
            Step::VerifyBadBeat { hit } => Ok(vec![Event::BadBeatVerified {
                hit: hit.clone(),
                supervisor: p.clone(),
            }]),
            _ => refuse("nothing is waiting for a floorperson's verification"),
        }
    }

    fn decide_count(&self, counted: u8) -> Result<Vec<Event>, RuleError> {
        let Some(deck) = self.shuffling_deck() else {
            return refuse(format!(
                "the shuffler reported a count of {counted} while no shuffle was under way"
            ));
        };
        Ok(self.count_events(deck, counted, None, "the shuffler counted"))
    }

    /// A count and, when it is not 52, the irregularity (§ 637a.7(e)(5)).
    fn count_events(
        &self,
        deck: DeckId,
        counted: u8,
        verified_by: Option<Person>,
        who: &str,
    ) -> Vec<Event> {
        let colour = self.deck_name(deck);
        let correct = counted == DECK_SIZE;
        let mut events = vec![Event::DeckCounted {
            deck,
            colour: colour.clone(),
            counted,
            expected: DECK_SIZE,
            correct,
            verified_by,
        }];
        if !correct {
            let mut who = who.to_string();
            if let Some(first) = who.get(0..1) {
                who.replace_range(0..1, &first.to_uppercase());
            }
            events.push(Event::Irregularity {
                irregularity: format!(
                    "{who} {counted} cards in the {colour} deck, not {DECK_SIZE}"
                ),
                section: "§ 637a.7(e)(5)".into(),
                action: "Remove the deck from the table; a floorperson verifies; replace it".into(),
                id: None,
                seat: None,
                note: None,
                signed_by: None,
            });
        }
        events
    }

    fn decide_start(&self, step: &Step, seats: &[u8]) -> Result<Vec<Event>, RuleError> {
        let Step::StartRound { deck, load } = step else {
            return match step {
                Step::AwaitShuffle { deck } => refuse(format!(
                    "wait: the shuffler is still shuffling the {} deck",
                    self.deck_name(*deck)
                )),
                _ => refuse("a round can start only when the table is ready"),
            };
        };
        let mut seats = seats.to_vec();
        seats.sort_unstable();
        seats.dedup();
        if seats.iter().any(|s| !(1..=10).contains(s)) {
            return refuse("seats are numbered 1 to 10 (§ 637a.2(a))");
        }
        let setup = self.setup.as_ref().expect("a round needs an open table");
        let banked = setup.poker.game.is_house_banked();
        if banked {
            crate::rules::banked::round::BankedRound::start(
                setup.poker.game,
                setup.poker.dealing,
                &seats,
            )
            .map_err(RuleError::Refused)?;
        } else if seats.len() < 2 {
            return refuse("a round needs at least two players (§ 637a.7(b))");
        }
        if !banked {
            // The game's own limits (players, stakes) are the state machine's to check.
            crate::rules::poker::hand::Hand::start(setup.hand_setup(&seats, seats[0]))
                .map_err(RuleError::Refused)?;
        }
        // § 637a.11(c)(1)(i): the button starts with the first player to the dealer's right
        // (the highest seat); then it moves clockwise after each round (§ 637a.11(c)(2)).
        let button = match self.last_button {
            None => *seats.last().expect("two seats"),
            Some(b) => clockwise_after(&seats, b)[0],
        };
        let mut events = vec![Event::RoundStarted {
            number: self.rounds_played + 1,
            deck: *deck,
            colour: self.deck_name(*deck),
            seats,
            button,
        }];
        if let Some(other) = load {
            events.push(Event::ShuffleRequested {
                deck: *other,
                colour: self.deck_name(*other),
            });
        }
        Ok(events)
    }

    /// Folds one event into the state. Events come from `decide` or from the journal; one that
    /// does not fit where the table stands (an altered or foreign journal, or rules that give a
    /// different outcome now) is refused with the reason, and the table is left as it was.
    pub fn apply(&mut self, e: &Event) -> Result<(), String> {
        let mut next = self.clone();
        next.fold(e)?;
        *self = next;
        Ok(())
    }

    fn deck_mut(&mut self, deck: DeckId) -> Result<&mut Deck, String> {
        let n = self.decks.len();
        self.decks
            .get_mut(deck)
            .ok_or_else(|| format!("deck {deck}: the table has {n} decks"))
    }

    fn round_mut(&mut self) -> Result<&mut Round, String> {
        self.round
            .as_mut()
            .ok_or_else(|| "no round is in play".to_string())
    }

    /// The step an event answers must be the current one.
    fn at(&self, want: impl Fn(&Step) -> bool, what: &str) -> Result<(), String> {
        let step = self.step();
        if want(&step) {
            Ok(())
        } else {
            Err(format!("{what} does not fit the step {step:?}"))
        }
    }

    fn fold(&mut self, e: &Event) -> Result<(), String> {
        match e {
            Event::DealerSignedIn { dealer } => {
                if let Some(d) = &self.dealer {
                    return Err(format!("a sign-in while {} is signed in", d.name));
                }
                self.dealer = Some(dealer.clone());
                // § 635a.7(c): each new dealer burns a card before dealing.
                self.burn_due = true;
            }
            Event::DealerSignedOut { .. } => self.dealer = None,
            Event::TableOpened { setup } => {
                self.at(|s| *s == Step::OpenTable, "an opening")?;
                self.cut_offer = CutOffer::FirstPlayer;
                self.manual_shuffle = !setup.counting_shuffler;
                self.decks = setup
                    .deck_colours
                    .iter()
                    .map(|c| Deck {
                        colour: c.clone(),
                        status: DeckStatus::Unshuffled,
                        generation: 0,
                        last_count: None,
                        rounds_since_count: 0,
                    })
                    .collect();
                self.setup = Some(setup.clone());
            }
            Event::DecksChanged { .. } => {
                for d in &mut self.decks {
                    d.generation += 1;
                    d.status = DeckStatus::Unshuffled;
                    d.last_count = None;
                    d.rounds_since_count = 0;
                }
                self.in_shuffler = None;
                self.pending_count = None;
                // The new decks go through the opening procedure (§ 637a.4).
                self.inspected = false;
                self.inspection_verified = false;
                self.players_inspected = false;
                self.washed = false;
            }
            Event::TableClosed { .. } => {
                *self = Table {
                    dealer: self.dealer.clone(),
                    rounds_played: self.rounds_played,
                    high_hand: self.high_hand.clone(),
                    high_hand_lines: self.high_hand_lines,
                    ..Table::default()
                };
            }
            Event::DecksInspected { .. } => {
                self.at(|s| *s == Step::InspectDecks, "an inspection")?;
                self.inspected = true;
            }
            Event::InspectionVerified { .. } => {
                self.at(|s| *s == Step::VerifyInspection, "a verification")?;
                self.inspection_verified = true;
            }
            Event::PlayersInspected => {
                self.at(|s| *s == Step::PlayerInspection, "the players' inspection")?;
                self.players_inspected = true;
            }
            Event::DecksWashed => {
                self.at(|s| *s == Step::WashDecks, "a wash")?;
                self.washed = true;
            }
            Event::CardBurned => {
                self.at(|s| *s == Step::BurnCard, "a burn")?;
                self.burn_due = false;
            }
            Event::ShuffleRequested { deck, .. } => {
                self.deck_mut(*deck)?.status = DeckStatus::Shuffling;
                self.in_shuffler = Some(*deck);
                if let Some(r) = &mut self.removal
                    && r.deck == *deck
                {
                    r.stage = RemovalStage::AwaitCount;
                }
            }
            Event::DeckCounted {
                deck,
                counted,
                correct,
                ..
            } => {
                self.pending_count = None;
                let manual = self.manual_shuffle;
                let d = self.deck_mut(*deck)?;
                d.last_count = Some(*counted);
                d.rounds_since_count = 0;
                if *correct {
                    // A hand count comes before the shuffle; the shuffler's after it.
                    d.status = if manual {
                        DeckStatus::Unshuffled
                    } else {
                        DeckStatus::Shuffled
                    };
                    if !manual {
                        self.burn_due = true;
                    }
                    if self.removal.as_ref().is_some_and(|r| r.deck == *deck) {
                        self.removal = None;
                    }
                } else {
                    d.status = DeckStatus::Removed;
                    self.removal = Some(DeckRemoval {
                        deck: *deck,
                        reason: RemovalReason::WrongCount { counted: *counted },
                        stage: RemovalStage::Remove,
                    });
                }
            }
            Event::ManualCountEntered { deck, counted, .. } => {
                self.at(
                    |s| matches!(s, Step::CountDeck { deck: d } if d == deck),
                    "a hand count",
                )?;
                self.pending_count = Some((*deck, *counted));
            }
            Event::DeckShuffledManually { deck, .. } => {
                self.at(
                    |s| matches!(s, Step::ShuffleManually { deck: d } if d == deck),
                    "a hand shuffle",
                )?;
                self.deck_mut(*deck)?.status = DeckStatus::Shuffled;
                self.burn_due = true;
            }
            Event::ShufflerOutOfService { deck } => {
                self.shuffler_out = true;
                if let Some(d) = deck {
                    let d = self.deck_mut(*d)?;
                    if d.status != DeckStatus::Removed {
                        d.status = DeckStatus::Unshuffled;
                    }
                    self.in_shuffler = None;
                }
                // A deck the shuffler had finished is back in the dealer's hands unshuffled.
                for d in &mut self.decks {
                    if d.status == DeckStatus::Shuffling {
                        d.status = DeckStatus::Unshuffled;
                    }
                }
                if let Some(r) = &mut self.removal
                    && r.stage == RemovalStage::AwaitCount
                {
                    r.stage = RemovalStage::LoadReplacement;
                }
            }
            Event::ShufflerCovered => {
                self.at(|s| *s == Step::CoverShuffler, "covering the shuffler")?;
                self.manual_shuffle = true;
            }
            Event::BoxCounted { .. } | Event::TimeChargesVerified { .. } => {}
            Event::HighHandRecorded {
                slip, value, line, ..
            } => {
                self.high_hand_lines = *line;
                let higher = self
                    .high_hand
                    .as_ref()
                    .is_none_or(|(p, v)| *p != slip.period || value >= v);
                if higher {
                    self.high_hand = Some((slip.period.clone(), *value));
                }
            }
            Event::ShuffleFailed { deck, .. } => {
                self.deck_mut(*deck)?.status = DeckStatus::Unshuffled;
                if let Some(r) = &mut self.removal
                    && r.deck == *deck
                {
                    r.stage = RemovalStage::LoadReplacement;
                }
            }
            Event::Irregularity { .. } => {}
            Event::DeckRemoved { deck, reason, .. } => {
                self.deck_mut(*deck)?.status = DeckStatus::Removed;
                if self.in_shuffler == Some(*deck) {
                    self.in_shuffler = None;
                }
                self.removal = Some(DeckRemoval {
                    deck: *deck,
                    reason: reason.clone(),
                    stage: RemovalStage::InspectReplacement,
                });
            }
            Event::ReplacementInspected {
                deck, generation, ..
            } => {
                self.at(
                    |s| matches!(s, Step::InspectReplacement { deck: d } if d == deck),
                    "a replacement's inspection",
                )?;
                let d = self.deck_mut(*deck)?;
                d.generation = *generation;
                d.status = DeckStatus::Unshuffled;
                d.last_count = None;
                if let Some(r) = &mut self.removal {
                    r.stage = RemovalStage::Verify;
                }
            }
            Event::RemovalVerified { .. } => {
                self.at(
                    |s| matches!(s, Step::VerifyRemoval { .. }),
                    "a removal's verification",
                )?;
                if let Some(r) = &mut self.removal {
                    r.stage = RemovalStage::LoadReplacement;
                }
            }
            Event::RoundStarted {
                number,
                deck,
                seats,
                button,
                ..
            } => {
                self.at(
                    |s| matches!(s, Step::StartRound { deck: d, .. } if d == deck),
                    "a round's start",
                )?;
                if self.in_shuffler == Some(*deck) {
                    self.in_shuffler = None;
                }
                self.deck_mut(*deck)?.status = DeckStatus::InPlay;
                let Some(setup) = &self.setup else {
                    return Err("a round at a table that is not open".into());
                };
                let (stage, poker, banked) = if setup.poker.game.is_house_banked() {
                    let b = crate::rules::banked::round::BankedRound::start(
                        setup.poker.game,
                        setup.poker.dealing,
                        seats,
                    )?
                    .with_limits(setup.poker.min_ante, setup.poker.max_ante)
                    .with_side_limits(setup.poker.side_limits.clone());
                    (Stage::Banked, None, Some(b))
                } else {
                    let h =
                        crate::rules::poker::hand::Hand::start(setup.hand_setup(seats, *button))?;
                    (Stage::Hand, Some(h), None)
                };
                self.round = Some(Round {
                    number: *number,
                    deck: *deck,
                    seats: seats.clone(),
                    button: *button,
                    stage,
                    awards: vec![],
                    take: PotTake::default(),
                    bad_beat: None,
                    poker,
                    banked,
                });
            }
            Event::BadBeatVerified { .. } => {
                self.at(
                    |s| matches!(s, Step::VerifyBadBeat { .. }),
                    "a Bad Beat verification",
                )?;
                self.round_mut()?.stage = Stage::CountLosingHands;
            }
            Event::LosingHandsCounted { correct, .. } => {
                self.at(
                    |s| matches!(s, Step::CountLosingHands { .. }),
                    "a count of the losing hands",
                )?;
                let r = self.round_mut()?;
                if *correct {
                    r.stage = Stage::AwardPot;
                }
            }
            Event::PotAwarded { .. } => {
                self.at(|s| matches!(s, Step::AwardPot { .. }), "a pot pushed")?;
                self.finish_round()?;
            }
            Event::RoundVoided { .. } => {
                self.round_mut()?;
                self.finish_round()?;
            }
            Event::Banked(ev) => {
                let b = self
                    .round_mut()?
                    .banked
                    .as_mut()
                    .ok_or("a house-banked step in a round of another game")?;
                b.apply(ev)?;
                if b.paid {
                    self.finish_round()?;
                }
            }
            Event::Hand { events } => {
                let r = self.round_mut()?;
                let h = r
                    .poker
                    .as_mut()
                    .ok_or("a poker-room step in a round of another game")?;
                h.replay(events)?;
                if let Some(res) = &h.result {
                    r.awards = res.totals.clone();
                    r.take = res.take;
                    r.bad_beat = res.bad_beat.clone();
                    // § 637a.15(f): a qualifying Bad Beat holds the cards for the supervisor.
                    r.stage = if res.bad_beat.is_some() {
                        Stage::VerifyBadBeat
                    } else {
                        Stage::CountLosingHands
                    };
                }
            }
        }
        Ok(())
    }

    fn finish_round(&mut self) -> Result<(), String> {
        if let Some(r) = self.round.take() {
            self.rounds_played = r.number;
            self.last_deck = Some(r.deck);
            self.last_button = Some(r.button);
            for d in &mut self.decks {
                d.rounds_since_count += 1;
            }
            // § 635a.5(a), 635a.7(d): the shoe deals on until the cover card came out.
            let s21 = r.banked.as_ref().and_then(|b| b.s21.as_ref());
            let shoe_continues = s21.is_some_and(|p| !p.cover_card);
            if let Some(p) = s21.filter(|p| p.cover_card) {
                self.cut_offer = match p.cover_at {
                    Some(seat) => CutOffer::Seat { seat },
                    None => CutOffer::RightOfDealer,
                };
            }
            let d = self.deck_mut(r.deck)?;
            if d.status == DeckStatus::InPlay {
                d.status = if shoe_continues {
                    DeckStatus::Shuffled
                } else {
                    DeckStatus::Unshuffled
                };
            }
        }
        Ok(())
    }
}
