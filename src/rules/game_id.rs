//! A game's identity: its [`GameId`], the kebab-case id of the command line, the configuration
//! and the journal, and the names players use for it ([`ALIASES`]). Everything else about a
//! game (its name, chapter, sections, dealing methods, round) is in its definition, reached
//! through the registry (`registry::def`), which stands above the games; this file stands below
//! them, so anything may name a game.

use serde::{Deserialize, Serialize};

/// Writes the `GameId` enum from the list in `game_list.rs`: its variants, `ALL` in the list's
/// order and `id`.
macro_rules! game_ids {
    (
        poker: [$($p:ident $pid:literal $pdef:ident,)*],
        banked: [$($b:ident $bid:literal $bfolder:ident,)*],
    ) => {
        /// The games whose hands Deckhand ranks, by their documented kebab-case ids (one line
        /// each in `game_list.rs`).
        #[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
        pub enum GameId {
            $($p,)*
            $($b,)*
        }

        impl GameId {
            /// Every game id, in the order the screens and the documentation list them (the
            /// registry's `GAMES` holds their definitions in the same order).
            pub const ALL: [GameId; GAME_COUNT] = [$(GameId::$p,)* $(GameId::$b,)*];

            /// The id of the command line, the configuration and the journal (`holdem`,
            /// `crazy-4-poker`).
            pub const fn id(self) -> &'static str {
                match self {
                    $(GameId::$p => $pid,)*
                    $(GameId::$b => $bid,)*
                }
            }
        }

        /// How many games `game_list.rs` lists.
        pub const GAME_COUNT: usize = [$($pid,)* $($bid,)*].len();
    };
}
super::game_list::every_game!(game_ids);

impl GameId {
    /// Every game id, in the registry's order.
    pub fn all() -> impl Iterator<Item = GameId> {
        GameId::ALL.into_iter()
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

    /// The game with this id or a name players use for it (case-insensitive).
    pub fn parse(id: &str) -> Result<GameId, String> {
        let wanted = id.trim().to_ascii_lowercase();
        let id_of = ALIASES
            .iter()
            .find(|(alias, _)| *alias == wanted)
            .map_or(wanted.as_str(), |(_, id)| id);
        GameId::all().find(|g| g.id() == id_of).ok_or_else(|| {
            let ids: Vec<&str> = GameId::all().map(GameId::id).collect();
            format!(
                "unknown game `{id}`; games: {}; also accepted: {}",
                ids.join(", "),
                alias_list()
            )
        })
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

impl<'de> Deserialize<'de> for GameId {
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<GameId, D::Error> {
        let id = String::deserialize(d)?;
        GameId::parse(&id).map_err(serde::de::Error::custom)
    }
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

/// "razz (seven-card-stud-low), …", for messages and `--help`.
pub fn alias_list() -> String {
    ALIASES
        .iter()
        .map(|(a, id)| format!("{a} ({id})"))
        .collect::<Vec<_>>()
        .join(", ")
}
