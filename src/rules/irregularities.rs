//! The catalogue of irregularities each game's regulation names (§ 637a.18, § 677a.13,
//! § 647a.13, § 589.13, § 635a.13, § 655a.13, § 657a.13), each with its required action.
//!
//! The catalogue is data (`assets/irregularities.toml`, embedded): an entry names the games it
//! applies to, the section, the steps the dealer follows, what the terminal does (log it, void
//! the round, replace the deck, take the shuffler out of service) and who signs the report.

use super::games::GameId;
use serde::{Deserialize, Serialize};
use std::sync::OnceLock;

/// What the terminal does when the irregularity is reported.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Effect {
    /// Recorded; play continues.
    Log,
    /// The round is void: every wager returned, the cards reshuffled.
    VoidRound,
    /// The round is void and the deck is removed and replaced (§ 637a.7(e)(5)).
    ReplaceDeck,
    /// The shuffler (or dealing shoe) is covered and play goes on by hand.
    DeviceOutOfService,
    /// Every wager of the seat named loses now: the player left during the round and his
    /// wagers are abandoned (§ 677a.7(b) and the other banked chapters' (b)), or he forfeited
    /// them by sharing information about his hand (§ 655a.11(a)(3)).
    WagersLost,
    /// A poker-room hand collected or fouled through no fault of its player: everything he put
    /// in the pot is refunded and the hand is out of the round (§ 637a.18(k)(3)).
    RefundFromPot,
    /// Spanish 21: a box missed a card its player asked for, and he takes it after every other
    /// player's cards, before the hole card (§ 635a.13(i)).
    CardOwed,
    /// Spanish 21: a box missed a card its player asked for, and he has the hand called dead:
    /// its original wager is returned (§ 635a.13(i)).
    HandDead,
    /// Spanish 21's card reader malfunctions: no new round until a floorperson signs it
    /// repaired or replaced (§ 635a.13(k)).
    ReaderOutOfService,
}

/// Who signs the report.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Sign {
    None,
    Floor,
    Supervisor,
}

#[derive(Debug, Clone, PartialEq, Eq, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Irregularity {
    pub id: String,
    pub games: Vec<String>,
    pub section: String,
    pub title: String,
    pub when: String,
    pub steps: Vec<String>,
    pub effect: Effect,
    pub sign: Sign,
    #[serde(default)]
    pub seat: bool,
    /// What the report writes down, when the steps ask for it ("The ruling"): the form has a
    /// field for it and the report is refused without it.
    #[serde(default)]
    pub note: Option<String>,
}

impl Irregularity {
    pub fn applies_to(&self, game: GameId) -> bool {
        self.games.iter().any(|g| group_contains(g, game))
    }

    /// The section as it reads for one game: of a list shared by several chapters, only that
    /// game's own ("§ 677a.13(a)" at a WPT table).
    pub fn section_for(&self, game: GameId) -> String {
        let chapter = format!("§ {}", game.def().chapter);
        // "(c)" after "§ 637a.18(b)" belongs to the section before it.
        let mut mine = false;
        let own: Vec<&str> = self
            .section
            .split(", ")
            .filter(|p| {
                if p.starts_with('§') {
                    mine =
                        p.starts_with(&chapter) && p.as_bytes().get(chapter.len()) == Some(&b'.');
                }
                mine
            })
            .collect();
        if own.is_empty() {
            self.section.clone()
        } else {
            own.join(", ")
        }
    }

    /// The required action as one line for the journal.
    pub fn action(&self) -> String {
        self.steps.join("; ")
    }
}

#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields)]
struct File {
    irregularity: Vec<Irregularity>,
}

/// The catalogue's groups of games, as the registry names them.
fn groups() -> Vec<&'static str> {
    let mut v: Vec<&'static str> = GameId::all()
        .flat_map(|g| g.def().irregularity_groups.iter().copied())
        .collect();
    v.sort_unstable();
    v.dedup();
    v
}

/// A game is in a group of the catalogue by its registry entry (`irregularity_groups`), or by
/// its own id.
fn group_contains(group: &str, g: GameId) -> bool {
    group == g.id() || g.def().irregularity_groups.contains(&group)
}

/// The whole catalogue.
#[derive(Debug, Clone)]
pub struct Catalogue {
    items: Vec<Irregularity>,
}

impl Catalogue {
    /// Parses and checks a catalogue: known games, unique ids, steps present.
    pub fn parse(text: &str) -> Result<Catalogue, String> {
        let file: File = toml::from_str(text).map_err(|e| e.to_string())?;
        let mut seen = std::collections::BTreeSet::new();
        for i in &file.irregularity {
            if !seen.insert(i.id.as_str()) {
                return Err(format!("irregularity `{}` is listed twice", i.id));
            }
            if i.steps.is_empty() || i.steps.iter().any(|s| s.trim().is_empty()) {
                return Err(format!("irregularity `{}` has no required action", i.id));
            }
            if !i.section.starts_with('§') {
                return Err(format!("irregularity `{}` cites no section", i.id));
            }
            for g in &i.games {
                if !groups().contains(&g.as_str()) && GameId::parse(g).is_err() {
                    return Err(format!(
                        "irregularity `{}`: unknown game `{g}` (groups: {}; or a game id)",
                        i.id,
                        groups().join(", ")
                    ));
                }
            }
        }
        Ok(Catalogue {
            items: file.irregularity,
        })
    }

    /// The catalogue shipped with the terminal.
    pub fn embedded() -> &'static Catalogue {
        static CAT: OnceLock<Catalogue> = OnceLock::new();
        CAT.get_or_init(|| {
            Catalogue::parse(include_str!("../../assets/irregularities.toml"))
                .expect("the embedded catalogue is checked by its tests")
        })
    }

    /// A game's irregularities, in the order of its section.
    pub fn for_game(&self, game: GameId) -> Vec<&Irregularity> {
        self.items.iter().filter(|i| i.applies_to(game)).collect()
    }

    pub fn get(&self, id: &str) -> Option<&Irregularity> {
        self.items.iter().find(|i| i.id == id)
    }

    pub fn all(&self) -> &[Irregularity] {
        &self.items
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_embedded_catalogue_parses_and_every_game_has_its_section() {
        let c = Catalogue::embedded();
        for g in GameId::all() {
            let id = g.id();
            let list = c.for_game(g);
            // The chapter's irregularities section, as the game's registry entry names it.
            let want = g.def().sections.irregularities;
            assert!(
                list.len() >= 7,
                "{id} has only {} irregularities",
                list.len()
            );
            // Every entry cites the game's own chapter; most its irregularities section.
            let chapter = &want[..want.find('.').unwrap() + 1];
            for i in &list {
                assert!(
                    i.section.contains(chapter),
                    "{id}: {} cites {}",
                    i.id,
                    i.section
                );
            }
            assert!(
                list.iter().filter(|i| i.section.contains(want)).count() >= 7,
                "{id}"
            );
            // A floorperson may require a recut (§ 637a.5(c) and each game's § x.5(e)).
            assert!(
                list.iter()
                    .any(|i| i.id.ends_with("recut") && i.sign == Sign::Floor),
                "{id}"
            );
            // Every game can take its shuffler out of service and void a round.
            assert!(
                list.iter().any(|i| i.effect == Effect::DeviceOutOfService),
                "{id}"
            );
            assert!(
                list.iter()
                    .any(|i| matches!(i.effect, Effect::VoidRound | Effect::ReplaceDeck)),
                "{id}"
            );
        }
        // Stud's exposed hole cards are not Hold'em's, and the other way round.
        let stud = c.for_game(GameId::SevenCardStud);
        assert!(stud.iter().any(|i| i.id == "stud-hole-card-exposed"));
        assert!(!stud.iter().any(|i| i.id == "down-card-exposed"));
        let shared = c.get("banked-wrong-number").unwrap();
        assert_eq!(shared.section_for(GameId::WptHeadsUp), "§ 677a.13(c)");
        assert_eq!(shared.section_for(GameId::LunarPoker), "§ 589.13(c)");
        // § 677a.13(c), § 589.13(c), § 655a.13(c): a wrong number of cards voids the round,
        // every wager returned.
        assert_eq!(shared.effect, Effect::VoidRound);
        assert!(
            shared
                .steps
                .iter()
                .any(|s| s == "Return every wager to the players")
        );
        assert_eq!(shared.section_for(GameId::MississippiStud), "§ 655a.13(c)");
        // § 655a.7(b): a player who leaves during the round, at Mississippi Stud under its own
        // section: every wager of the seat loses.
        let left = c.get("banked-player-left").unwrap();
        assert_eq!(left.section_for(GameId::MississippiStud), "§ 655a.7(b)");
        assert_eq!(left.effect, Effect::WagersLost);
        let dispute = c.get("collusion").unwrap();
        assert_eq!(dispute.section_for(GameId::Omaha), "§ 637a.18(b), (c)");
        let holdem = c.for_game(GameId::Holdem);
        assert!(holdem.iter().any(|i| i.id == "down-card-exposed"));
        assert!(
            c.for_game(GameId::MississippiStud)
                .iter()
                .any(|i| i.id == "community-exposed")
        );
    }

    #[test]
    fn every_poker_section_of_the_issue_is_in_the_catalogue() {
        // § 637a.18's subsections the dealer meets at the table each have an entry.
        let c = Catalogue::embedded();
        let holdem = c.for_game(GameId::Holdem);
        for section in [
            "§ 637a.18(d)",
            "§ 637a.18(g)",
            "§ 637a.18(i)",
            "§ 637a.18(l)",
        ] {
            assert!(
                holdem.iter().any(|i| i.section == section),
                "{section} is not in the catalogue"
            );
        }
        let view = c.get("cards-out-of-view").unwrap();
        assert_eq!(view.effect, Effect::Log);
        assert!(view.seat);
        let said = c.get("verbal-statement").unwrap();
        assert!(said.steps.iter().any(|s| s.contains("binds")));
        assert!(said.steps.iter().any(|s| s.contains("stays owed")));
    }

    /// Crazy 4 Poker's § 657a.13 and Spanish 21's § 635a.13 entries: each under the game's own
    /// subsection, with the effect the terminal gives it and the action the dealer is told.
    #[test]
    fn crazy_4_and_spanish_21_catalogue_each_irregularity_with_its_action() {
        let c = Catalogue::embedded();
        let entry = |game: GameId, id: &str| {
            let i = c.get(id).unwrap_or_else(|| panic!("no entry {id}"));
            assert!(i.applies_to(game), "{id} is not offered at {game:?}");
            (i.section_for(game), i.effect, i.action())
        };
        let c4 = GameId::Crazy4Poker;
        // § 657a.13(a): one card face up is not used, it goes to the discard rack and is logged;
        // more than one voids the round, every wager returned, the cards reshuffled.
        let (s, e, a) = entry(c4, "banked-card-face-up");
        assert_eq!((s.as_str(), e), ("§ 657a.13(a)", Effect::Log));
        assert!(
            a.contains("Do not use the card") && a.contains("discard rack"),
            "{a}"
        );
        let (s, e, a) = entry(c4, "banked-cards-face-up");
        assert_eq!((s.as_str(), e), ("§ 657a.13(a)", Effect::VoidRound));
        assert!(
            a.contains("Return every wager") && a.contains("Reshuffle"),
            "{a}"
        );
        // § 657a.13(b): a card drawn in error, face not exposed, is used as the next card.
        let (s, e, a) = entry(c4, "banked-drawn-in-error");
        assert_eq!((s.as_str(), e), ("§ 657a.13(b)", Effect::Log));
        assert!(a.contains("as the next card"), "{a}");
        // § 657a.13(c): a wrong number of cards voids the round and returns every wager.
        let (s, e, a) = entry(c4, "banked-wrong-number");
        assert_eq!((s.as_str(), e), ("§ 657a.13(c)", Effect::VoidRound));
        assert!(
            a.contains("Return every wager") && a.contains("Reshuffle"),
            "{a}"
        );
        // § 657a.13(d): a dealer's card exposed before every player folded or played voids the
        // round and returns every wager.
        let (s, e, a) = entry(c4, "banked-dealer-card-exposed");
        assert_eq!((s.as_str(), e), ("§ 657a.13(d)", Effect::VoidRound));
        assert!(
            a.contains("Return every wager") && a.contains("Reshuffle"),
            "{a}"
        );
        let s21 = GameId::Spanish21;
        // § 635a.13(c): a card drawn in error, face not exposed, is used as the next card.
        // § 635a.13(d): exposed after the first two cards, it is dealt as the next card; a player
        // who refuses it gets no more cards; if nobody takes it, it is discarded.
        let (s, e, a) = entry(s21, "s21-drawn-in-error");
        assert_eq!((s.as_str(), e), ("§ 635a.13(c), (d)", Effect::Log));
        assert!(
            a.contains("Face not exposed: use it as the next card"),
            "{a}"
        );
        assert!(
            a.contains("deal it as the next card")
                && a.contains("gets no more cards this round")
                && a.contains("discard it"),
            "{a}"
        );
        // § 635a.13(e): a card the dealer drew on 17 goes to the discard rack.
        let (s, e, a) = entry(s21, "s21-dealer-draws-on-17");
        assert_eq!((s.as_str(), e), ("§ 635a.13(e)", Effect::Log));
        assert!(a.contains("discard rack"), "{a}");
        // § 635a.13(f): the dealer who missed his own card deals the players' first two cards,
        // then his own.
        let (s, e, a) = entry(s21, "s21-dealer-missed-card");
        assert_eq!((s.as_str(), e), ("§ 635a.13(f)", Effect::Log));
        assert!(
            a.contains("first two cards to each player") && a.contains("Then deal the dealer's"),
            "{a}"
        );
        // § 635a.13(g): too few cards: the discards shuffled and cut, the first card burned face
        // down, the round completed.
        let (s, e, a) = entry(s21, "s21-shoe-short");
        assert_eq!((s.as_str(), e), ("§ 635a.13(g)", Effect::Log));
        assert!(
            a.contains("Shuffle and cut the discards")
                && a.contains("Burn the first card face down")
                && a.contains("Complete the round"),
            "{a}"
        );
    }

    /// § 637a.18's entries for collusion, cards to an ineligible player, a card face up in the
    /// deck, Five-card Stud's exposed hole card and a card off the table: what the dealer is told
    /// to do, who signs, whether the seat is named, and that play goes on.
    #[test]
    fn the_poker_entries_tell_the_dealer_what_their_subsections_require() {
        fn says(i: &Irregularity, words: &[&str]) {
            for w in words {
                assert!(
                    i.steps.iter().any(|s| s.contains(w)),
                    "{}: no step says {w:?}: {:?}",
                    i.id,
                    i.steps
                );
            }
        }
        let c = Catalogue::embedded();
        let entry = |id: &str| c.get(id).unwrap_or_else(|| panic!("no entry {id}"));
        let every_poker_game = |i: &Irregularity| {
            [GameId::FiveCardDraw, GameId::Holdem, GameId::Badugi]
                .into_iter()
                .all(|g| i.applies_to(g))
        };
        let collusion = entry("collusion");
        says(
            collusion,
            &["floorperson", "leave the game", "compliance representative"],
        );
        // § 637a.18(c): the floorperson called, the player required to leave, compliance notified; the report floor-signed and naming the seat; play goes on.
        assert_eq!(
            (collusion.sign, collusion.seat, collusion.effect),
            (Sign::Floor, true, Effect::Log)
        );
        assert!(every_poker_game(collusion));
        let ineligible = entry("ineligible-player");
        says(ineligible, &["Discard the cards", "Continue the round"]);
        // § 637a.18(h): the cards dealt to an ineligible player discarded, the round continued, the seat named.
        assert_eq!((ineligible.seat, ineligible.effect), (true, Effect::Log));
        assert!(every_poker_game(ineligible));
        let face_up = entry("card-face-up-in-deck");
        says(
            face_up,
            &[
                "Do not use the card",
                "with the discards",
                "Continue the round",
            ],
        );
        // § 637a.18(j): a card face up in the deck not used that round, placed with the discards; play goes on.
        assert_eq!(
            (face_up.section.as_str(), face_up.effect),
            ("§ 637a.18(j)", Effect::Log)
        );
        assert!(every_poker_game(face_up));
        let five = entry("five-stud-hole-card-exposed");
        says(five, &["second card face down"]);
        // § 637a.18(n): Five-card Stud only: an exposed hole card has the second card dealt face down; the seat named, play goes on.
        assert_eq!((five.seat, five.effect), (true, Effect::Log));
        assert!(five.applies_to(GameId::FiveCardStud));
        assert!(
            GameId::all()
                .filter(|g| *g != GameId::FiveCardStud)
                .all(|g| !five.applies_to(g))
        );
        let off = entry("card-off-table");
        says(off, &["Examine the card", "place it with the discards"]);
        // § 637a.18(o): a card dealt off the table examined, not used that round, placed with the discards; logged, the round goes on as it was.
        assert_eq!(
            (off.section.as_str(), off.effect),
            ("§ 637a.18(o)", Effect::Log)
        );
        assert!(every_poker_game(off));
    }

    #[test]
    fn a_bad_catalogue_is_refused_with_its_reason() {
        let one = |extra: &str| {
            format!(
                "[[irregularity]]\nid = \"x\"\ngames = [\"poker\"]\nsection = \"§ 1\"\ntitle = \"t\"\nwhen = \"w\"\nsteps = [\"s\"]\neffect = \"log\"\nsign = \"none\"\n{extra}"
            )
        };
        assert!(Catalogue::parse(&one("")).is_ok());
        let e = Catalogue::parse(&one("colour = 1")).unwrap_err();
        assert!(e.contains("colour"), "{e}");
        let e = Catalogue::parse(&format!("{}{}", one(""), one(""))).unwrap_err();
        assert!(e.contains("listed twice"), "{e}");
        let e = Catalogue::parse(&one("").replace("\"poker\"", "\"baccarat\"")).unwrap_err();
        assert!(e.contains("unknown game `baccarat`"), "{e}");
        let e = Catalogue::parse(&one("").replace("[\"s\"]", "[]")).unwrap_err();
        assert!(e.contains("no required action"), "{e}");
        let e = Catalogue::parse(&one("").replace("\"log\"", "\"shrug\"")).unwrap_err();
        assert!(e.contains("shrug"), "{e}");
    }
}
