//! What a game's definition holds ([`GameDef`]): its chapter and sections, its family, how long
//! its decks stay in play, the dealing methods its chapter allows, whether it drives a
//! progressive controller, its irregularity groups and, for a house-banked game, its round and
//! settlement (`BankedGame`). The definitions themselves are in the registry (the poker room's)
//! and in each house-banked game's `def.rs`; the registry lists them all.

use super::dealing::Dealing;
use super::game_id::GameId;

/// How a game's round is played and settled.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Family {
    /// Players against each other for a pot (Chapter 637a): `poker::hand`.
    PokerRoom,
    /// Players against the house: `banked::round` (Spanish 21's decisions in
    /// `banked::spanish21::play21`).
    HouseBanked,
}

/// The most hours a game's decks stay in play, dealt from the hand or from a shoe, and the
/// section that says so (each chapter's § x.3).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct DeckLife {
    pub hand: u32,
    pub shoe: u32,
    pub section: &'static str,
}

/// The sections the table procedure around a round follows, as one chapter words them.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Sections {
    /// The decks inspected at opening, and a floorperson's verification.
    pub inspect: &'static str,
    /// The decks spread for the players.
    pub players: &'static str,
    /// Washed and stacked.
    pub wash: &'static str,
    /// Shuffled by the automated shuffler and counted.
    pub shuffle: &'static str,
    /// Shuffled and cut by hand.
    pub manual_shuffle: &'static str,
    /// Counted by hand and verified.
    pub count: &'static str,
    /// A deck removed after a wrong count or an irregularity.
    pub removal: &'static str,
    /// Its replacement inspected and verified.
    pub replacement: &'static str,
    /// A round started: the seats dealt in and the wagers they may place.
    pub start: &'static str,
    /// The round's own procedure.
    pub round: &'static str,
    /// The chapter's irregularities.
    pub irregularities: &'static str,
    /// The automated shuffler jams, stops or fails to complete a shuffle: the cards are
    /// reshuffled.
    pub shuffler_jam: &'static str,
    /// The automated shuffler cannot be used: covered or signed out of order before another
    /// method is used.
    pub shuffler_out: &'static str,
    /// No gaming activity at an open table: the cards spread for the first players to arrive,
    /// then washed, shuffled and cut again.
    pub idle: &'static str,
}

/// How an open table with no play spreads its cards for the first player to arrive.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct IdleSpread {
    /// The cards are taken out of the dealing shoe and the discard rack first.
    pub from_shoe: bool,
    /// Face down unless a player asks for them face up (the house-banked chapters); the poker
    /// room spreads each deck face up (§ 637a.5(d)).
    pub face_down: bool,
}

/// One game as the table deals it.
#[derive(Debug, Clone, Copy)]
pub struct GameDef {
    pub game: GameId,
    /// The id of the command line and the configuration (`holdem`, `crazy-4-poker`).
    pub id: &'static str,
    /// The name the dealer reads.
    pub name: &'static str,
    pub chapter: &'static str,
    /// The section that defines the game's hands (what `deckhand eval` cites).
    pub section: &'static str,
    pub family: Family,
    /// The cards of one deck as the game uses it (Spanish 21 removes the tens, § 635a.3(a)).
    pub deck_cards: u8,
    pub deck_life: DeckLife,
    /// The dealing methods the chapter allows; the first is the default.
    pub dealing: &'static [Dealing],
    /// The game has a progressive wager: its table drives a progressive controller.
    pub progressive: bool,
    /// A house-banked game's round, paytables and settlement (`banked::<game>::BANKED`).
    pub banked: Option<&'static crate::rules::banked::BankedGame>,
    /// The groups of the irregularity catalogue (`assets/irregularities.toml`) the game is in,
    /// besides its own id.
    pub irregularity_groups: &'static [&'static str],
    pub sections: &'static Sections,
    /// How an open table with no play spreads its cards.
    pub idle: IdleSpread,
}

impl GameDef {
    pub fn is_house_banked(&self) -> bool {
        self.family == Family::HouseBanked
    }
}

/// § 637a.3(c): the poker room's decks are changed at least every 12 hours.
pub const POKER_DECK_LIFE: DeckLife = DeckLife {
    hand: 12,
    shoe: 12,
    section: "§ 637a.3(c)",
};

pub const HAND_ONLY: &[Dealing] = &[Dealing::Hand];
pub const ANY_METHOD: &[Dealing] = &[Dealing::Hand, Dealing::ManualShoe, Dealing::AutomatedShoe];
/// § 635a.7(a): Spanish 21 is dealt from a dealing shoe.
pub const SHOE_ONLY: &[Dealing] = &[Dealing::ManualShoe, Dealing::AutomatedShoe];

/// The irregularity catalogue's group of the house-banked games.
pub const BANKED_GROUPS: &[&str] = &["banked"];
