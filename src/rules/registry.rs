//! The game registry: every game by id ([`GameId`], [`GAMES`], [`def`]) and what a game's
//! definition holds ([`GameDef`]). Everything that differs between games at the table level reads
//! it: the command-line ids, the names on the screen, the games the open-table screen offers, the
//! chapter and sections a step cites, how long decks stay in play, the dealing methods a table may
//! use, whether a progressive controller is driven, and which irregularities of the catalogue
//! apply. The poker room's definitions are here; a house-banked game's is in its own module
//! (`banked::<game>::DEF`, with its `BANKED`: the round at the table, the paytables, the
//! settlement). A new game is a variant of `GameId`, a line in `GAMES` and an arm of `def`.
//!
//! Sections are literal strings, one per place the text says it, so a search for "§ 657a.4"
//! finds every rule the terminal follows from it.

use serde::{Deserialize, Serialize};

/// The games whose hands Deckhand ranks, by their documented kebab-case ids.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum GameId {
    Holdem,
    Omaha,
    OmahaHiLo,
    FiveCardOmaha,
    FiveCardOmahaHiLo,
    SevenCardStud,
    SevenCardStudLow,
    SevenCardStudHiLo,
    SevenCardStudHiLo8,
    SuperSevenCardStud,
    FiveCardDraw,
    FiveCardDrawLow,
    FiveCardStud,
    TripleDraw27,
    TripleDrawA5,
    TripleDrawBadeucey,
    TripleDrawBadacey,
    Badugi,
    WptHeadsUp,
    TexasHoldemBonus,
    LunarPoker,
    MississippiStud,
    Crazy4Poker,
    Spanish21,
}

impl GameId {
    /// Every game id, in the registry's order.
    pub fn all() -> impl Iterator<Item = GameId> {
        GAMES.iter().map(|d| d.game)
    }

    /// The game's definition in the registry.
    pub fn def(self) -> &'static GameDef {
        def(self)
    }

    /// Played against the house (§ 677a, § 647a, § 589, § 635a, § 655a, § 657a), not between
    /// players for a pot (§ 637a).
    pub fn is_house_banked(self) -> bool {
        self.def().is_house_banked()
    }

    pub fn id(self) -> &'static str {
        self.def().id
    }

    /// The section that lets the Rules Submission offer a Kill or Half-kill at this game
    /// (§ 637a.1); `None`: the limits stay as posted.
    pub fn kill_section(self) -> Option<&'static str> {
        Some(match self {
            GameId::Omaha | GameId::OmahaHiLo => "§ 637a.12(b),(n)",
            GameId::FiveCardOmaha | GameId::FiveCardOmahaHiLo => "§ 637a.19(b),(l)(3)",
            GameId::TripleDraw27
            | GameId::TripleDrawA5
            | GameId::TripleDrawBadeucey
            | GameId::TripleDrawBadacey => "§ 637a.20(b)",
            GameId::Badugi => "§ 637a.21(b)",
            _ => return None,
        })
    }

    /// The name the dealer reads.
    pub fn name(self) -> &'static str {
        self.def().name
    }

    pub fn section(self) -> &'static str {
        self.def().section
    }

    pub fn parse(id: &str) -> Result<GameId, String> {
        by_id(id).map(|d| d.game)
    }
}

impl Default for GameId {
    /// A table deals Hold'em unless its setup says otherwise.
    fn default() -> Self {
        GameId::Holdem
    }
}

impl Serialize for GameId {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.serialize_str(self.id())
    }
}

impl<'de> serde::Deserialize<'de> for GameId {
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<GameId, D::Error> {
        let id = String::deserialize(d)?;
        GameId::parse(&id).map_err(serde::de::Error::custom)
    }
}

/// How a game's round is played and settled.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Family {
    /// Players against each other for a pot (Chapter 637a): `poker::hand`.
    PokerRoom,
    /// Players against the house: `banked::round` (Spanish 21's decisions in
    /// `banked::spanish21::play`).
    HouseBanked,
}

/// How the cards reach the players at a house-banked table (each game's § x.8, x.9, x.10).
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Dealing {
    /// From the dealer's hand (§ x.9).
    #[default]
    Hand,
    /// From a manual dealing shoe (§ x.8).
    ManualShoe,
    /// From an automated dealing shoe (§ x.10).
    AutomatedShoe,
}

impl Dealing {
    pub fn parse(s: &str) -> Result<Dealing, String> {
        match s {
            "hand" => Ok(Dealing::Hand),
            "manual-shoe" => Ok(Dealing::ManualShoe),
            "automated-shoe" => Ok(Dealing::AutomatedShoe),
            other => Err(format!(
                "`{other}`: the dealing method is hand, manual-shoe or automated-shoe"
            )),
        }
    }

    pub fn id(self) -> &'static str {
        match self {
            Dealing::Hand => "hand",
            Dealing::ManualShoe => "manual-shoe",
            Dealing::AutomatedShoe => "automated-shoe",
        }
    }

    /// The dealer's words for the method.
    pub fn name(self) -> &'static str {
        match self {
            Dealing::Hand => "from the hand",
            Dealing::ManualShoe => "from a manual dealing shoe",
            Dealing::AutomatedShoe => "from an automated dealing shoe",
        }
    }
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

/// How an open table of this game with no play spreads its cards (the game's `idle` section).
pub fn idle_spread(game: GameId) -> IdleSpread {
    game.def().idle
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

const POKER_ROOM: Sections = Sections {
    inspect: "§ 637a.4(a)",
    players: "§ 637a.4(b)",
    wash: "§ 637a.4(c)",
    shuffle: "§ 637a.5(a), § 637a.7(e)(4)(ii)",
    manual_shuffle: "§ 637a.5(a), (b)(2)",
    count: "§ 637a.7(e)(4)(i), (5)",
    removal: "§ 637a.7(e)(5)",
    replacement: "§ 637a.7(e)(5), § 637a.4(a)",
    start: "§ 637a.3(a),(b), § 637a.11(c)",
    round: "§ 637a.7",
    irregularities: "§ 637a.18",
    shuffler_jam: "§ 637a.18(q)",
    shuffler_out: "§ 637a.18(r)",
    idle: "§ 637a.5(d)",
};

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

const fn poker(
    game: GameId,
    id: &'static str,
    name: &'static str,
    section: &'static str,
    irregularity_groups: &'static [&'static str],
) -> GameDef {
    GameDef {
        game,
        id,
        name,
        chapter: "637a",
        section,
        family: Family::PokerRoom,
        deck_cards: 52,
        deck_life: POKER_DECK_LIFE,
        dealing: HAND_ONLY,
        progressive: false,
        banked: None,
        irregularity_groups,
        sections: &POKER_ROOM,
        // § 637a.5(d): each deck spread face up.
        idle: IdleSpread {
            from_shoe: false,
            face_down: false,
        },
    }
}

const BOARD: &[&str] = &["poker", "holdem-omaha"];
const STUD: &[&str] = &["poker", "stud"];
const POKER: &[&str] = &["poker"];
/// The irregularity catalogue's group of the house-banked games.
pub const BANKED_GROUPS: &[&str] = &["banked"];

pub const HOLDEM: GameDef = poker(GameId::Holdem, "holdem", "Hold'em", "§ 637a.11", BOARD);
pub const OMAHA: GameDef = poker(GameId::Omaha, "omaha", "Omaha", "§ 637a.12", BOARD);
pub const OMAHA_HI_LO: GameDef = poker(
    GameId::OmahaHiLo,
    "omaha-hi-lo",
    "Omaha Hi-Lo",
    "§ 637a.12(l)",
    BOARD,
);
pub const FIVE_CARD_OMAHA: GameDef = poker(
    GameId::FiveCardOmaha,
    "five-card-omaha",
    "Five-card Omaha",
    "§ 637a.19",
    BOARD,
);
pub const FIVE_CARD_OMAHA_HI_LO: GameDef = poker(
    GameId::FiveCardOmahaHiLo,
    "five-card-omaha-hi-lo",
    "Five-card Omaha Hi-Lo",
    "§ 637a.19(l)",
    BOARD,
);
pub const SEVEN_CARD_STUD: GameDef = poker(
    GameId::SevenCardStud,
    "seven-card-stud",
    "Seven-card Stud",
    "§ 637a.10(i)(1)",
    STUD,
);
pub const SEVEN_CARD_STUD_LOW: GameDef = poker(
    GameId::SevenCardStudLow,
    "seven-card-stud-low",
    "Seven-card Stud Low",
    "§ 637a.10(i)(2)",
    STUD,
);
pub const SEVEN_CARD_STUD_HI_LO: GameDef = poker(
    GameId::SevenCardStudHiLo,
    "seven-card-stud-hi-lo",
    "Seven-card Stud Hi-Lo",
    "§ 637a.10(i)(3)",
    STUD,
);
pub const SEVEN_CARD_STUD_HI_LO_8: GameDef = poker(
    GameId::SevenCardStudHiLo8,
    "seven-card-stud-hi-lo-8",
    "Seven-card Stud Hi-Lo 8",
    "§ 637a.10(j)",
    STUD,
);
pub const SUPER_SEVEN_CARD_STUD: GameDef = poker(
    GameId::SuperSevenCardStud,
    "super-seven-card-stud",
    "Super Seven-card Stud",
    "§ 637a.10(m)",
    STUD,
);
pub const FIVE_CARD_DRAW: GameDef = poker(
    GameId::FiveCardDraw,
    "five-card-draw",
    "Five-card Draw",
    "§ 637a.13",
    POKER,
);
pub const FIVE_CARD_DRAW_LOW: GameDef = poker(
    GameId::FiveCardDrawLow,
    "five-card-draw-low",
    "Five-card Draw Low",
    "§ 637a.13",
    POKER,
);
pub const FIVE_CARD_STUD: GameDef = poker(
    GameId::FiveCardStud,
    "five-card-stud",
    "Five-card Stud",
    "§ 637a.14",
    POKER,
);
pub const TRIPLE_DRAW_2_7: GameDef = poker(
    GameId::TripleDraw27,
    "triple-draw-2-7",
    "Triple Draw 2-7",
    "§ 637a.20(k)(3)",
    POKER,
);
pub const TRIPLE_DRAW_A_5: GameDef = poker(
    GameId::TripleDrawA5,
    "triple-draw-a-5",
    "Triple Draw A-5",
    "§ 637a.20(k)(4)",
    POKER,
);
pub const TRIPLE_DRAW_BADEUCEY: GameDef = poker(
    GameId::TripleDrawBadeucey,
    "triple-draw-badeucey",
    "Triple Draw Badeucey",
    "§ 637a.20(l)",
    POKER,
);
pub const TRIPLE_DRAW_BADACEY: GameDef = poker(
    GameId::TripleDrawBadacey,
    "triple-draw-badacey",
    "Triple Draw Badacey",
    "§ 637a.20(l)",
    POKER,
);
pub const BADUGI: GameDef = poker(GameId::Badugi, "badugi", "Badugi", "§ 637a.21(k)", POKER);

/// Every game, in the order the screens and the documentation list them.
pub const GAMES: [&GameDef; 24] = [
    &HOLDEM,
    &OMAHA,
    &OMAHA_HI_LO,
    &FIVE_CARD_OMAHA,
    &FIVE_CARD_OMAHA_HI_LO,
    &SEVEN_CARD_STUD,
    &SEVEN_CARD_STUD_LOW,
    &SEVEN_CARD_STUD_HI_LO,
    &SEVEN_CARD_STUD_HI_LO_8,
    &SUPER_SEVEN_CARD_STUD,
    &FIVE_CARD_DRAW,
    &FIVE_CARD_DRAW_LOW,
    &FIVE_CARD_STUD,
    &TRIPLE_DRAW_2_7,
    &TRIPLE_DRAW_A_5,
    &TRIPLE_DRAW_BADEUCEY,
    &TRIPLE_DRAW_BADACEY,
    &BADUGI,
    &crate::rules::banked::wpt::DEF,
    &crate::rules::banked::thb::DEF,
    &crate::rules::banked::lunar::DEF,
    &crate::rules::banked::mstud::DEF,
    &crate::rules::banked::crazy4::DEF,
    &crate::rules::banked::spanish21::DEF,
];

/// The definition of a game. The match is exhaustive: a new game id does not compile without
/// its entry.
pub fn def(game: GameId) -> &'static GameDef {
    use GameId::*;
    match game {
        Holdem => &HOLDEM,
        Omaha => &OMAHA,
        OmahaHiLo => &OMAHA_HI_LO,
        FiveCardOmaha => &FIVE_CARD_OMAHA,
        FiveCardOmahaHiLo => &FIVE_CARD_OMAHA_HI_LO,
        SevenCardStud => &SEVEN_CARD_STUD,
        SevenCardStudLow => &SEVEN_CARD_STUD_LOW,
        SevenCardStudHiLo => &SEVEN_CARD_STUD_HI_LO,
        SevenCardStudHiLo8 => &SEVEN_CARD_STUD_HI_LO_8,
        SuperSevenCardStud => &SUPER_SEVEN_CARD_STUD,
        FiveCardDraw => &FIVE_CARD_DRAW,
        FiveCardDrawLow => &FIVE_CARD_DRAW_LOW,
        FiveCardStud => &FIVE_CARD_STUD,
        TripleDraw27 => &TRIPLE_DRAW_2_7,
        TripleDrawA5 => &TRIPLE_DRAW_A_5,
        TripleDrawBadeucey => &TRIPLE_DRAW_BADEUCEY,
        TripleDrawBadacey => &TRIPLE_DRAW_BADACEY,
        Badugi => &BADUGI,
        WptHeadsUp => &crate::rules::banked::wpt::DEF,
        TexasHoldemBonus => &crate::rules::banked::thb::DEF,
        LunarPoker => &crate::rules::banked::lunar::DEF,
        MississippiStud => &crate::rules::banked::mstud::DEF,
        Crazy4Poker => &crate::rules::banked::crazy4::DEF,
        Spanish21 => &crate::rules::banked::spanish21::DEF,
    }
}

/// The game with this id.
pub fn by_id(id: &str) -> Result<&'static GameDef, String> {
    let wanted = id.trim().to_ascii_lowercase();
    let id_of = ALIASES
        .iter()
        .find(|(alias, _)| *alias == wanted)
        .map_or(wanted.as_str(), |(_, id)| id);
    GAMES
        .iter()
        .copied()
        .find(|d| d.id == id_of)
        .ok_or_else(|| {
            let ids: Vec<&str> = GAMES.iter().map(|d| d.id).collect();
            format!(
                "unknown game `{id}`; games: {}; also accepted: {}",
                ids.join(", "),
                alias_list()
            )
        })
}

/// The names players use for the games, each to its id (`deckhand eval --game razz`; a
/// configuration's `[table] games` alike). Ids are matched first, case-insensitively.
pub const ALIASES: &[(&str, &str)] = &[
    ("hold-em", "holdem"),
    ("holdem-hi", "holdem"),
    ("texas-holdem", "holdem"),
    ("nlhe", "holdem"),
    ("lhe", "holdem"),
    ("plo", "omaha"),
    ("omaha-hi", "omaha"),
    ("omaha-8", "omaha-hi-lo"),
    ("omaha8", "omaha-hi-lo"),
    ("o8", "omaha-hi-lo"),
    ("plo8", "omaha-hi-lo"),
    ("5-card-omaha", "five-card-omaha"),
    ("big-o", "five-card-omaha-hi-lo"),
    ("stud", "seven-card-stud"),
    ("7-stud", "seven-card-stud"),
    ("razz", "seven-card-stud-low"),
    ("stud-hi-lo", "seven-card-stud-hi-lo"),
    ("stud-8", "seven-card-stud-hi-lo-8"),
    ("stud8", "seven-card-stud-hi-lo-8"),
    ("super-stud", "super-seven-card-stud"),
    ("draw", "five-card-draw"),
    ("5-card-draw", "five-card-draw"),
    ("lowball", "five-card-draw-low"),
    ("5-stud", "five-card-stud"),
    ("2-7", "triple-draw-2-7"),
    ("27", "triple-draw-2-7"),
    ("deuce-to-seven", "triple-draw-2-7"),
    ("a-5", "triple-draw-a-5"),
    ("badeucey", "triple-draw-badeucey"),
    ("badacey", "triple-draw-badacey"),
    ("wpt", "wpt-heads-up"),
    ("thb", "texas-holdem-bonus"),
    ("lunar", "lunar-poker"),
    ("mississippi", "mississippi-stud"),
    ("crazy-4", "crazy-4-poker"),
    ("crazy4", "crazy-4-poker"),
    ("spanish21", "spanish-21"),
];

/// `deckhand eval --help`: every game id with its name, then the aliases.
pub fn game_help() -> String {
    let mut s = String::from("The game, by id:\n");
    for d in GAMES {
        s.push_str(&format!("  {:<24} {} ({})\n", d.id, d.name, d.section));
    }
    s.push_str("or by a name players use: ");
    s.push_str(&alias_list());
    s
}

/// "razz (seven-card-stud-low), …", for messages and `--help`.
pub fn alias_list() -> String {
    ALIASES
        .iter()
        .map(|(a, id)| format!("{a} ({id})"))
        .collect::<Vec<_>>()
        .join(", ")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn aliases_name_real_games_and_never_shadow_an_id() {
        for (alias, id) in ALIASES {
            assert_eq!(by_id(alias).map(|d| d.id), Ok(*id), "{alias}");
            assert!(GAMES.iter().all(|d| d.id != *alias), "{alias} is an id");
            assert_eq!(alias.to_ascii_lowercase(), *alias);
        }
        assert_eq!(by_id("Razz").map(|d| d.game), Ok(GameId::SevenCardStudLow));
        assert_eq!(by_id("OMAHA-8").map(|d| d.game), Ok(GameId::OmahaHiLo));
        assert_eq!(by_id("2-7").map(|d| d.game), Ok(GameId::TripleDraw27));
        // § 637a.9(b): a game id not in the registry is refused, naming the games there are.
        let e = by_id("poker").unwrap_err();
        assert!(
            e.contains("holdem") && e.contains("razz (seven-card-stud-low)"),
            "{e}"
        );
    }

    #[test]
    fn every_game_has_one_entry_and_each_entry_names_its_own_game() {
        let mut ids = std::collections::BTreeSet::new();
        for d in GAMES {
            assert_eq!(def(d.game).id, d.id, "GAMES and def() disagree");
            assert!(ids.insert(d.id), "{} is listed twice", d.id);
            assert_eq!(by_id(d.id).map(|x| x.game), Ok(d.game));
            assert!(!d.dealing.is_empty(), "{}: no dealing method", d.id);
            assert!(d.section.starts_with(&format!("§ {}.", d.chapter)));
            assert!(
                d.deck_life
                    .section
                    .starts_with(&format!("§ {}.3", d.chapter))
            );
            for s in [
                d.sections.inspect,
                d.sections.shuffle,
                d.sections.count,
                d.sections.removal,
                d.sections.irregularities,
                d.sections.shuffler_jam,
                d.sections.shuffler_out,
            ] {
                assert!(
                    s.starts_with(&format!("§ {}.", d.chapter)),
                    "{}: {s} is not of Chapter {}",
                    d.id,
                    d.chapter
                );
            }
        }
        assert_eq!(ids.len(), GAMES.len());
    }

    #[test]
    fn a_progressive_game_has_a_progressive_spot_and_no_other_does() {
        for d in GAMES {
            let spot = crate::rules::banked::round::Def::of(d.game)
                .is_some_and(|r| r.spots.iter().any(|s| s.key == "progressive"));
            assert_eq!(spot, d.progressive, "{}", d.id);
        }
    }

    #[test]
    fn each_family_has_its_round_data() {
        for d in GAMES {
            match d.family {
                Family::PokerRoom => assert!(
                    crate::rules::poker::procedure::Procedure::of(d.game).is_some()
                        && d.banked.is_none(),
                    "{} has no procedure",
                    d.id
                ),
                Family::HouseBanked => {
                    let b = d.banked.unwrap_or_else(|| panic!("{} has no BANKED", d.id));
                    assert_eq!(b.round.game, d.game, "{}: another game's round", d.id);
                    assert!(!b.pay_lines.is_empty(), "{}: no pay lines", d.id);
                }
            }
        }
    }
}
