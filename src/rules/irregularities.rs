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
            let want = match g {
                GameId::WptHeadsUp => "§ 677a.13",
                GameId::TexasHoldemBonus => "§ 647a.13",
                GameId::LunarPoker => "§ 589.13",
                GameId::MississippiStud => "§ 655a.13",
                GameId::Crazy4Poker => "§ 657a.13",
                GameId::Spanish21 => "§ 635a.13",
                _ => "§ 637a.18",
            };
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
