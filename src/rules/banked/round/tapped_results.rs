//! A house-banked round settled from each hand's result instead of its cards, where no
//! card-reading device is at the table (issue 39): the dealer taps whether the dealer's hand
//! qualifies, then each seat's hand category from the game's own list and whether it beat,
//! tied or lost to the dealer's, as the dealer sees them face up at the table. The cards are
//! keyed only for a hand on which a bonus pays (its paytable line needs the hand itself); a round
//! with a Progressive wager keys every hand (its payouts and the Envy Bonuses are paid from the
//! hands). A game offers this with a [`ResultsDef`] in its round definition.

use crate::refusal;
use crate::rules::machine::Refusal;

use super::{BankedRound, Card};
use serde::{Deserialize, Serialize};
use std::collections::BTreeMap;

/// A hand category the dealer taps.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct ResultCategory {
    pub id: &'static str,
    pub label: &'static str,
    /// A few words for a seat's tab ("Queens/kings").
    pub short: &'static str,
    /// A bonus pays on every hand of this category: its cards are keyed.
    pub keyed: bool,
    /// A side wager that pays on this category (by its key): with it, the cards are keyed.
    pub keyed_with: &'static [&'static str],
    /// The category allows a Play Wager above the Ante (Crazy 4 Poker: a pair of aces or
    /// better, § 657a.11(b)).
    pub raises: bool,
}

impl ResultCategory {
    /// A category no bonus keys and that allows no Play above the Ante: its cards are keyed
    /// only where its payout is validated.
    pub const fn plain(id: &'static str, label: &'static str, short: &'static str) -> Self {
        ResultCategory {
            id,
            label,
            short,
            keyed: false,
            keyed_with: &[],
            raises: false,
        }
    }
}

/// A game's results by category.
#[derive(Debug, Clone, Copy)]
pub struct ResultsDef {
    /// Lowest first, as the dealer reads them.
    pub categories: &'static [ResultCategory],
    /// The dealer's hand qualifies, in the game's words ("king high or better"); none where
    /// no hand is compared with the dealer's (Mississippi Stud pays each hand on its own).
    pub qualifies: Option<&'static str>,
    /// When each hand is compared with the dealer's (beats, ties, loses).
    pub compare: Compare,
    /// The side wagers paid from the hands themselves (a progressive and its Envy Bonuses, a
    /// bonus on the dealer's cards): with one on the layout, every hand is keyed.
    pub all_keyed_with: &'static [&'static str],
    /// The side wagers paid on the community cards (Mississippi Stud's Three Card Bonus): with
    /// one on the layout, the community cards are keyed.
    pub community_with: &'static [&'static str],
    /// Whether a hand of this category can be made with the community cards keyed (the hand is
    /// the player's cards with the board, Mississippi Stud § 655a.11(i)): a category no hand can
    /// be is refused when the dealer settles. None where no hand is made with a board.
    pub board_allows: Option<fn(&[crate::rules::cards::Card], &str) -> bool>,
    /// A winning hand's second combination (Lunar Poker, § 589.11(e)(1)(ii)): the ones a hand
    /// of this category can hold with a card outside its first (`true`: six cards, a sixth
    /// bought), "none" first; an empty list asks nothing.
    pub second: Option<fn(&str, bool) -> &'static [ResultCategory]>,
    /// The categories below the dealer's qualification: against a dealer who qualifies they
    /// lose, and no comparison is tapped (Lunar Poker's no hand against ace-king or better).
    pub below_qualifying: &'static [&'static str],
    pub section: &'static str,
    /// The casino lets the hands be settled from their results (the game's `[house.<id>]`
    /// `results_by_category`); otherwise the dealer keys every hand's cards.
    pub offered: fn(&crate::rules::banked::HouseRules) -> bool,
}

impl ResultsDef {
    pub fn category(&self, id: &str) -> Option<&'static ResultCategory> {
        self.categories.iter().find(|c| c.id == id)
    }

    /// A hand of `category` loses to any dealer's hand that qualifies.
    pub fn loses_to_qualifier(&self, category: &str) -> bool {
        self.below_qualifying.contains(&category)
    }
}

/// When a game compares a hand with the dealer's.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Compare {
    /// Never: each hand is paid on its own (Mississippi Stud).
    Never,
    /// Where the dealer's hand qualifies (Crazy 4 Poker: a dealer who does not qualify settles
    /// every hand without comparing it).
    IfQualifies,
    /// Always (WPT Heads-Up: the qualification decides only the Ante; Texas Hold 'Em Bonus has
    /// none).
    Always,
}

impl Compare {
    /// Whether a hand needs its comparison, where the dealer's hand qualifies or not.
    pub fn needed(self, dealer_qualifies: Option<bool>) -> bool {
        match self {
            Compare::Never => false,
            Compare::IfQualifies => dealer_qualifies != Some(false),
            Compare::Always => true,
        }
    }
}

/// How a hand fared against the dealer's.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Versus {
    Wins,
    Ties,
    Loses,
}

/// One seat's result as the dealer tapped it.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct SeatResult {
    /// The category's id in the game's list.
    pub category: String,
    /// Against the dealer's hand; none where the dealer's hand does not qualify.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub versus: Option<Versus>,
    /// A winning hand's second combination, "none" where it has none (Lunar Poker,
    /// § 589.11(e)(1)(ii)).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub second: Option<String>,
}

/// After a player forced a dealer who did not qualify and the dealer's highest card was
/// replaced (Lunar Poker, § 589.11(e)(2)(ii)): whether the new hand qualifies and how each
/// forcing hand fared against it.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Forced {
    pub dealer_qualifies: bool,
    /// Each forcing seat: against the new hand (none where it does not qualify), and a
    /// winner's second combination.
    pub seats: Vec<(u8, SeatResult)>,
}

/// The round's results: the dealer's qualification and each seat still in.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Results {
    /// Whether the dealer's hand qualifies; false where the game compares no hand with the
    /// dealer's (`ResultsDef::qualifies` is none).
    pub dealer_qualifies: bool,
    pub seats: Vec<(u8, SeatResult)>,
    /// The forced dealer's new hand, tapped after its replacement card (Lunar Poker).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub forced: Option<Forced>,
}

impl super::BankedCommand {
    /// The settlement's cards step from the hands keyed (no draws, no results); the meters and
    /// the reading are the terminal's to fill in.
    pub fn keyed(
        seats: Vec<(u8, Vec<Card>)>,
        dealer: Vec<Card>,
        community: Vec<Card>,
    ) -> super::BankedCommand {
        super::BankedCommand::Cards {
            seats,
            dealer,
            community,
            own: Default::default(),
            meters: Default::default(),
            read: vec![],
            results: None,
        }
    }

    /// The settlement's cards step from results: the cards only of the hands a bonus pays on,
    /// none of the dealer's, the meters and reading filled in by the terminal.
    pub fn from_results(seats: Vec<(u8, Vec<Card>)>, results: Results) -> super::BankedCommand {
        let mut cmd = Self::keyed(seats, vec![], vec![]);
        if let super::BankedCommand::Cards { results: r, .. } = &mut cmd {
            *r = Some(results);
        }
        cmd
    }
}

impl BankedRound {
    /// This round may be settled from results: its game offers them, nothing in it is paid
    /// from the hands themselves (a wager of `all_keyed_with`: a Progressive, a bonus on the
    /// cards), and it is not void.
    pub fn results_allowed(&self) -> Option<&'static ResultsDef> {
        let def = self.def().results?;
        let from_hands = self
            .wagers
            .iter()
            .filter(|(s, _)| !self.lost.contains_key(s))
            .any(|(_, w)| {
                def.all_keyed_with
                    .iter()
                    .any(|k| w.get(*k).is_some_and(|v| *v > 0))
            });
        (!from_hands && self.void.is_none()).then_some(def)
    }

    /// The wagers that have every hand keyed, in the words of the layout ("Progressive").
    pub fn all_keyed_labels(&self) -> String {
        let def = self.def();
        let keys = def.results.map_or(&[][..], |r| r.all_keyed_with);
        let labels: Vec<&str> = def
            .spots
            .iter()
            .filter(|s| keys.contains(&s.key))
            .map(|s| s.label)
            .collect();
        labels.join(", ")
    }

    /// The category of `seat`'s hand where its cards were keyed before the results (Lunar
    /// Poker's declared hand, keyed at lock-in, no card drawn to it): the one result the
    /// screen offers for it, the legality query of its category buttons.
    pub fn category_keyed(&self, seat: u8) -> Option<&'static str> {
        self.part().category_keyed(self, seat)
    }

    /// Whether `seat`'s cards are keyed with a result of `category`, whatever the payout: a
    /// bonus pays on it.
    pub fn result_needs_cards(&self, seat: u8, category: &str) -> bool {
        let Some(c) = self.def().results.and_then(|d| d.category(category)) else {
            return true;
        };
        c.keyed
            || c.keyed_with.iter().any(|k| {
                self.wagers
                    .get(&seat)
                    .and_then(|w| w.get(*k))
                    .is_some_and(|v| *v > 0)
            })
    }

    /// Whether `seat`'s cards are keyed with a result of `category` (and `versus`) at a table
    /// with `house`'s paytables and thresholds: a bonus pays on it, or what the hand wins
    /// waits for a floorperson's validation (`[table] validate_over_cents`; the floorperson
    /// validates the hand, so the record keeps its cards).
    pub fn result_needs_cards_in(
        &self,
        house: Option<&super::House>,
        seat: u8,
        category: &str,
        versus: Option<Versus>,
    ) -> bool {
        self.result_needs_cards(seat, category)
            || house.is_some_and(|h| self.result_is_validated(h, seat, category, versus))
    }

    /// The seat's payout from this result alone waits for a signature.
    fn result_is_validated(
        &self,
        house: &super::House,
        seat: u8,
        category: &str,
        versus: Option<Versus>,
    ) -> bool {
        let Some(def) = self.def().results else {
            return false;
        };
        let mut alone = self.clone();
        alone.seats.retain(|s| *s == seat);
        alone.cards.clear();
        alone.dealer.clear();
        alone.community.clear();
        // What this hand wins from its result, not a wager read from the board.
        if let Some(w) = alone.wagers.get_mut(&seat) {
            for k in def.community_with {
                w.remove(*k);
            }
        }
        let compared = def.compare != Compare::Never && versus.is_some();
        let wins = compared && versus == Some(Versus::Wins);
        let second =
            (wins && !self.second_choices(seat, category).is_empty()).then(|| "none".into());
        alone.results = Some(Results {
            dealer_qualifies: compared,
            seats: vec![(
                seat,
                SeatResult {
                    category: category.to_string(),
                    versus: if compared { versus } else { None },
                    second,
                },
            )],
            forced: None,
        });
        let Ok(s) = super::GamePart::settle(&alone, &self.meters, house) else {
            return false;
        };
        !house.approvals.signer_for(&s).is_none()
    }

    /// With results, whether the community cards are keyed: a hand's cards are (its category
    /// is read from them with the board), or a wager paid on the board is on the layout.
    pub fn results_need_community(&self, hands_keyed: bool) -> bool {
        let Some(def) = self.def().results else {
            return true;
        };
        // A folded hand's wager on the board stays on the table too (Mississippi Stud's Three
        // Card Bonus, § 655a.11(b), § 655a.7(d)(4)): the board is keyed for it.
        let live: Vec<u8> = self
            .seats
            .iter()
            .copied()
            .filter(|s| !self.lost.contains_key(s))
            .collect();
        self.def().community_cards > 0
            && (hands_keyed
                || live.iter().any(|s| {
                    def.community_with.iter().any(|k| {
                        self.wagers
                            .get(s)
                            .and_then(|w| w.get(*k))
                            .is_some_and(|v| *v > 0)
                    })
                }))
    }

    /// The seats still in whose hands are settled (not folded, not lost).
    pub fn seats_in(&self) -> Vec<u8> {
        self.seats
            .iter()
            .copied()
            .filter(|s| !self.folded.contains(s) && !self.lost.contains_key(s))
            // Not a hand the game settled earlier (Lunar Poker's instant payout, § 589.11(c)(1)).
            .filter(|s| self.part().at_showdown(*s))
            .collect()
    }

    /// Checks results against the round: every seat still in has one, from the game's list,
    /// against the dealer where the dealer qualifies; cards for exactly the hands a bonus pays
    /// on; none for the dealer.
    pub(super) fn check_results(
        &self,
        results: &Results,
        seats: &BTreeMap<u8, Vec<Card>>,
        dealer: &[Card],
    ) -> Result<(), Refusal> {
        let Some(def) = self.results_allowed() else {
            return Err(match self.def().results {
                None => Refusal::plain(format!("{} is settled from the cards", self.game.id())),
                Some(_) => Refusal::plain(format!(
                    "a wager paid from the hands is on the layout ({}): key the cards",
                    self.all_keyed_labels()
                )),
            });
        };
        if !dealer.is_empty() {
            return Err("with results, the dealer's hand is not keyed".into());
        }
        if def.qualifies.is_none() && results.dealer_qualifies {
            return Err(refusal!(
                def.section,
                "{}: the dealer's hand has no qualification",
                self.game.id()
            ));
        }
        let given: BTreeMap<u8, &SeatResult> = results.seats.iter().map(|(s, r)| (*s, r)).collect();
        if given.len() != results.seats.len() {
            return Err("a seat's result is given twice".into());
        }
        if let Some(s) = given.keys().find(|s| !self.seats_in().contains(s)) {
            return Err(Refusal::plain(format!(
                "seat {s} is not in the round's settlement"
            )));
        }
        for s in self.seats_in() {
            let Some(r) = given.get(&s) else {
                return Err(refusal!(def.section, "seat {s}: its result is tapped"));
            };
            if def.category(&r.category).is_none() {
                return Err(Refusal::plain(format!(
                    "seat {s}: no category {}",
                    r.category
                )));
            }
            // A hand whose cards were keyed before (Lunar Poker's lock-in) is what they are.
            if let Some(k) = self.category_keyed(s)
                && r.category != k
            {
                return Err(refusal!(
                    def.section,
                    "seat {s}: its cards were keyed {}: {}, not {}",
                    self.part().hands_keyed_earlier().unwrap_or("earlier"),
                    def.category(k).map_or(k, |c| c.label),
                    def.category(&r.category).map_or("it", |c| c.label)
                ));
            }
            let needed = def.compare.needed(Some(results.dealer_qualifies));
            if needed && def.loses_to_qualifier(&r.category) && r.versus != Some(Versus::Loses) {
                return Err(refusal!(
                    def.section,
                    "seat {s}: {} cannot beat or tie a dealer's hand that qualifies",
                    def.category(&r.category).map_or("it", |c| c.label)
                ));
            }
            match (needed, r.versus) {
                (true, None) => {
                    return Err(refusal!(
                        def.section,
                        "seat {s}: whether it beat, tied or lost to the dealer"
                    ));
                }
                (false, Some(_)) if def.compare == Compare::Never => {
                    return Err(refusal!(
                        def.section,
                        "seat {s}: {} compares no hand with the dealer's",
                        self.game.id()
                    ));
                }
                (false, Some(_)) => {
                    return Err(refusal!(
                        def.section,
                        "seat {s}: the dealer does not qualify, so no hand is compared"
                    ));
                }
                _ => {}
            }
            self.check_second(s, r)?;
            let keyed = seats.get(&s).is_some_and(|c| !c.is_empty());
            let needs = self.result_needs_cards(s, &r.category);
            if needs && !keyed {
                return Err(refusal!(
                    def.section,
                    "seat {s}: a bonus pays on its hand: key its cards"
                ));
            }
        }
        self.check_forced(results)
    }

    /// The second combinations a winning hand of `category` at `seat` can hold, "none" first;
    /// empty where the game asks none or the hand can hold none (Lunar Poker,
    /// § 589.11(e)(1)(ii)).
    pub fn second_choices(&self, seat: u8, category: &str) -> &'static [ResultCategory] {
        let six = self.part().six_cards(seat);
        self.def()
            .results
            .and_then(|d| d.second)
            .map_or(&[], |f| f(category, six))
    }

    /// A winner's second combination is tapped where its hand can hold one, and only there.
    fn check_second(&self, seat: u8, r: &SeatResult) -> Result<(), Refusal> {
        let choices = self.second_choices(seat, &r.category);
        let wins = r.versus == Some(Versus::Wins);
        match &r.second {
            None if wins && !choices.is_empty() => Err(refusal!(
                "§ 589.11(e)(1)(ii)",
                "seat {seat}: its second combination, or none"
            )),
            Some(x) if !wins || !choices.iter().any(|c| c.id == x) => Err(refusal!(
                "§ 589.11(e)(1)(ii)",
                "seat {seat}: {x} is not a second combination its hand can hold"
            )),
            _ => Ok(()),
        }
    }

    /// The seats that paid to force the dealer (Lunar Poker, § 589.11(e)(2)).
    pub fn forcing_seats(&self) -> Vec<u8> {
        let Some(p) = self.def().phases.iter().position(|p| p.after_cards) else {
            return Vec::new();
        };
        self.seats
            .iter()
            .copied()
            .filter(|s| self.decided(*s, p) > 0)
            .collect()
    }

    /// Whether the forced dealer's new hand is still to be tapped: the round is settled from
    /// results and the dealer's highest card was replaced (§ 589.11(e)(2)(ii)).
    pub fn forced_result_owed(&self) -> bool {
        self.part().dealer_replaced() && self.results.as_ref().is_some_and(|r| r.forced.is_none())
    }

    /// After a replacement card, the results tapped before stand and the forced dealer's new
    /// hand is tapped: whether it qualifies, and each forcing hand against it; before, none.
    fn check_forced(&self, results: &Results) -> Result<(), Refusal> {
        let Some(f) = &results.forced else {
            return match self.part().dealer_replaced() {
                true => Err(refusal!(
                    "§ 589.11(e)(2)(ii)",
                    "the forced dealer's new hand: whether it qualifies and how each forcing hand fared"
                )),
                false => Ok(()),
            };
        };
        if !self.part().dealer_replaced() {
            return Err(refusal!(
                "§ 589.11(e)(2)(ii)",
                "no player forced the dealer, so no new hand is tapped"
            ));
        }
        if let Some(before) = &self.results
            && (before.seats != results.seats
                || before.dealer_qualifies != results.dealer_qualifies)
        {
            return Err("the results tapped before the dealer was forced stand".into());
        }
        let forcing = self.forcing_seats();
        let given: Vec<u8> = f.seats.iter().map(|(s, _)| *s).collect();
        if given != forcing {
            return Err(refusal!(
                "§ 589.11(e)(2)(ii)",
                "the forcing seats are {forcing:?}: each, once, in seat order"
            ));
        }
        for (s, r) in &f.seats {
            let tapped = results.seats.iter().find(|(k, _)| k == s).map(|(_, r)| r);
            if tapped.is_none_or(|t| t.category != r.category) {
                return Err(Refusal::plain(format!(
                    "seat {s}: the hand is the one tapped before"
                )));
            }
            if f.dealer_qualifies != r.versus.is_some() {
                return Err(refusal!(
                    "§ 589.11(e)(2)(ii)",
                    "seat {s}: compared with the dealer's new hand where, and only where, it qualifies"
                ));
            }
            self.check_second(*s, r)?;
        }
        Ok(())
    }
}
