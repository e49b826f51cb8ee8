//! The game registry, above every game: each game's definition by its id ([`GAMES`], [`def`];
//! what a definition holds is `game_def.rs`, a game's identity `game_id.rs`). Everything that
//! differs between games at the table level reads it: the names on the screen, the games the
//! open-table screen offers, the chapter and sections a step cites, how long decks stay in play,
//! the dealing methods a table may use, whether a progressive controller is driven, and which
//! irregularities of the catalogue apply. The poker room's definitions are here; a house-banked
//! game's is in its own folder (`banked::<game>::DEF`, with its `BANKED`: the round at the
//! table, the paytables, the choices). What needs every game by its id stands here too: one
//! hand of any game ([`evaluate`]), one round of any house-banked game ([`settle_json`]), a
//! round started at the table, handed its game's definition ([`start_round`]). `GAMES`, `def` and
//! the `GameId` enum are written from one list, `game_list.rs`: a new game is a line there.
//!
//! Sections are literal strings, one per place the text says it, so a search for "§ 657a.4"
//! finds every rule the terminal follows from it.

use super::banked::paytable::Paytables;
use super::banked::round::{BankedRound, Def};
use super::banked::{HouseRules, SettleError, Settlement, err, settle_with};
use super::cards::Card;
pub use super::dealing::Dealing;
pub use super::game_def::*;
pub use super::game_id::{ALIASES, GAME_COUNT, GameId, alias_list};

/// What the registry knows of a game, reached from its id. Only what stands above the games
/// (the table, the screens, the command line) asks: a game's own module and the round below it
/// are handed their definition.
impl GameId {
    /// The game's definition in the registry.
    pub fn def(self) -> &'static GameDef {
        def(self)
    }

    /// Played against the house (§ 677a, § 647a, § 589, § 635a, § 655a, § 657a), not between
    /// players for a pot (§ 637a).
    pub fn is_house_banked(self) -> bool {
        self.def().is_house_banked()
    }

    /// The name the dealer reads.
    pub fn name(self) -> &'static str {
        self.def().name
    }

    pub fn section(self) -> &'static str {
        self.def().section
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

const fn poker(
    game: GameId,
    name: &'static str,
    section: &'static str,
    irregularity_groups: &'static [&'static str],
) -> GameDef {
    GameDef {
        game,
        id: game.id(),
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

pub const HOLDEM: GameDef = poker(GameId::Holdem, "Hold'em", "§ 637a.11", BOARD);
pub const OMAHA: GameDef = poker(GameId::Omaha, "Omaha", "§ 637a.12", BOARD);
pub const OMAHA_HI_LO: GameDef = poker(GameId::OmahaHiLo, "Omaha Hi-Lo", "§ 637a.12(l)", BOARD);
pub const FIVE_CARD_OMAHA: GameDef =
    poker(GameId::FiveCardOmaha, "Five-card Omaha", "§ 637a.19", BOARD);
pub const FIVE_CARD_OMAHA_HI_LO: GameDef = poker(
    GameId::FiveCardOmahaHiLo,
    "Five-card Omaha Hi-Lo",
    "§ 637a.19(l)",
    BOARD,
);
pub const SEVEN_CARD_STUD: GameDef = poker(
    GameId::SevenCardStud,
    "Seven-card Stud",
    "§ 637a.10(i)(1)",
    STUD,
);
pub const SEVEN_CARD_STUD_LOW: GameDef = poker(
    GameId::SevenCardStudLow,
    "Seven-card Stud Low",
    "§ 637a.10(i)(2)",
    STUD,
);
pub const SEVEN_CARD_STUD_HI_LO: GameDef = poker(
    GameId::SevenCardStudHiLo,
    "Seven-card Stud Hi-Lo",
    "§ 637a.10(i)(3)",
    STUD,
);
pub const SEVEN_CARD_STUD_HI_LO_8: GameDef = poker(
    GameId::SevenCardStudHiLo8,
    "Seven-card Stud Hi-Lo 8",
    "§ 637a.10(j)",
    STUD,
);
pub const SUPER_SEVEN_CARD_STUD: GameDef = poker(
    GameId::SuperSevenCardStud,
    "Super Seven-card Stud",
    "§ 637a.10(m)",
    STUD,
);
pub const FIVE_CARD_DRAW: GameDef =
    poker(GameId::FiveCardDraw, "Five-card Draw", "§ 637a.13", POKER);
pub const FIVE_CARD_DRAW_LOW: GameDef = poker(
    GameId::FiveCardDrawLow,
    "Five-card Draw Low",
    "§ 637a.13",
    POKER,
);
pub const FIVE_CARD_STUD: GameDef =
    poker(GameId::FiveCardStud, "Five-card Stud", "§ 637a.14", POKER);
pub const TRIPLE_DRAW_2_7: GameDef = poker(
    GameId::TripleDraw27,
    "Triple Draw 2-7",
    "§ 637a.20(k)(3)",
    POKER,
);
pub const TRIPLE_DRAW_A_5: GameDef = poker(
    GameId::TripleDrawA5,
    "Triple Draw A-5",
    "§ 637a.20(k)(4)",
    POKER,
);
pub const TRIPLE_DRAW_BADEUCEY: GameDef = poker(
    GameId::TripleDrawBadeucey,
    "Triple Draw Badeucey",
    "§ 637a.20(l)",
    POKER,
);
pub const TRIPLE_DRAW_BADACEY: GameDef = poker(
    GameId::TripleDrawBadacey,
    "Triple Draw Badacey",
    "§ 637a.20(l)",
    POKER,
);
pub const BADUGI: GameDef = poker(GameId::Badugi, "Badugi", "§ 637a.21(k)", POKER);

/// Writes `GAMES` and `def` from the list in `game_list.rs`.
macro_rules! registry {
    (
        poker: [$($p:ident $pid:literal $pdef:ident,)*],
        banked: [$($b:ident $bid:literal $bfolder:ident,)*],
    ) => {
        /// Every game, in the order the screens and the documentation list them.
        pub const GAMES: [&GameDef; GAME_COUNT] =
            [$(&$pdef,)* $(&crate::rules::banked::$bfolder::DEF,)*];

        /// The definition of a game. The match is exhaustive: a game id has its definition
        /// from the same line of `game_list.rs`.
        pub fn def(game: GameId) -> &'static GameDef {
            match game {
                $(GameId::$p => &$pdef,)*
                $(GameId::$b => &crate::rules::banked::$bfolder::DEF,)*
            }
        }
    };
}
super::game_list::every_game!(registry);

/// How an open table of this game with no play spreads its cards (the game's `idle` section).
pub fn idle_spread(game: GameId) -> IdleSpread {
    game.def().idle
}

/// Evaluates one hand of `game`: `hole` are the player's cards, `board` the community (or Stud
/// common) cards. Every card appears once, except in Spanish 21's multi-deck shoe. A
/// house-banked game ranks its hands by its own `BankedGame::evaluate`; the evaluation names the
/// section that defines the game's hands.
pub fn evaluate(
    game: GameId,
    hole: &[Card],
    board: &[Card],
) -> Result<crate::rules::games::Evaluation, String> {
    let d = def(game);
    let mut e = match d.banked {
        Some(banked) => (banked.evaluate)(game, hole, board)?,
        None => crate::rules::games::poker_room_hand(game, hole, board)?,
    };
    e.section = d.section;
    Ok(e)
}

/// The house-banked games' ids, for messages.
fn banked_ids() -> String {
    GAMES
        .iter()
        .filter(|d| d.banked.is_some())
        .map(|d| d.id)
        .collect::<Vec<_>>()
        .join(", ")
}

/// One round, any house-banked game, as `deckhand settle` reads it: the game by the round's
/// `game`, then its settlement (`banked::settle_with`).
pub fn settle_json(
    input: &str,
    paytables: &Paytables,
    rules: &HouseRules,
) -> Result<Settlement, SettleError> {
    let v: serde_json::Value =
        serde_json::from_str(input).map_err(|e| err("input", format!("not JSON: {e}")))?;
    let game = v
        .get("game")
        .and_then(|g| g.as_str())
        .ok_or_else(|| err("game", format!("missing: one of {}", banked_ids())))?
        .to_string();
    let Some(banked) = by_id(&game).ok().and_then(|d| d.banked) else {
        return Err(err(
            "game",
            format!("`{game}` is not a house-banked game ({})", banked_ids()),
        ));
    };
    settle_with(banked.round.settle, v, paytables, rules)
}

/// The round definition of a house-banked game (`None` for a poker-room game).
pub fn round_def(game: GameId) -> Option<&'static Def> {
    def(game).banked.map(|b| b.round)
}

/// A house-banked round of `game` started at the table: its definition from the registry, the
/// dealing method and the seats dealt in.
pub fn start_round(game: GameId, dealing: Dealing, seats: &[u8]) -> Result<BankedRound, String> {
    let round = round_def(game).ok_or_else(|| {
        format!(
            "{} is settled with `deckhand settle`; its table procedure is not on the screen yet",
            game.id()
        )
    })?;
    BankedRound::start(round, dealing, seats).map_err(String::from)
}

/// The game with this id.
pub fn by_id(id: &str) -> Result<&'static GameDef, String> {
    GameId::parse(id).map(def)
}

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
        // The identity below the games lists them in the registry's order.
        assert!(GAMES.iter().map(|d| d.game).eq(GameId::all()));
    }

    #[test]
    fn a_progressive_game_has_a_progressive_spot_and_no_other_does() {
        for d in GAMES {
            let spot = crate::rules::registry::round_def(d.game)
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
