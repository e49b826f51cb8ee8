//! A house-banked round at the table, step by step: wagers until "no more bets" (§ x.7), the
//! deal by the table's dealing method (§ x.8 manual dealing shoe, § x.9 from the hand, § x.10
//! automated dealing shoe), each player's decisions with the community or dealer cards revealed
//! between them (§ x.11), the cards keyed at settlement, the settlement from the paytables
//! (`banked::settle_json`), a floorperson's validation where a payout needs one, and "paid".
//!
//! The games' wagers, card counts and decision phases are data ([`Def`]); the settlement itself
//! stays in each game's module. Pure: a dealer's command is decided into the events that say
//! what happened ([`BankedRound::decide`]); the journal keeps those, and [`BankedRound::apply`]
//! folds them into the round. When the last card is keyed the rules settle the round from the
//! paytables the table opened with ([`House`]) and the event carries the typed [`Settlement`].

use super::{House, Settlement};
use crate::rules::Cents;
use crate::rules::cards::{Card, CardSet};
use crate::rules::games::GameId;
use crate::rules::registry::Dealing;
use serde::{Deserialize, Serialize};
use std::collections::{BTreeMap, BTreeSet};

mod progressive;
mod read;
#[cfg(test)]
mod results_holdem_tests;
#[cfg(test)]
mod results_lunar_tests;
#[cfg(test)]
mod results_mstud_tests;
#[cfg(test)]
mod results_tests;
mod round_def;
mod step_event;
mod tapped_results;
#[cfg(test)]
mod tests;

pub use read::*;
pub use round_def::*;
pub use step_event::*;
pub use tapped_results::*;

#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct BankedRound {
    pub game: GameId,
    pub dealing: Dealing,
    pub seats: Vec<u8>,
    pub step: BankedStep,
    pub wagers: BTreeMap<u8, BTreeMap<String, Cents>>,
    /// Per seat, the multiple decided in each phase reached.
    pub decisions: BTreeMap<u8, Vec<u8>>,
    pub folded: BTreeSet<u8>,
    pub cards: BTreeMap<u8, Vec<Card>>,
    pub dealer: Vec<Card>,
    pub community: Vec<Card>,
    pub settlement: Option<Settlement>,
    pub validated_by: Option<crate::rules::table::Person>,
    pub paid: bool,
    /// The table's posted Ante limits, minimum and maximum (0: none), from the configuration.
    #[serde(default)]
    pub ante_limits: (Cents, Cents),
    /// The table's posted minimum and maximum of each other wager, by key (0: none).
    #[serde(default)]
    pub side_limits: BTreeMap<String, (Cents, Cents)>,
    /// Lunar Poker: the seats that paid an Options fee to draw, and how.
    #[serde(default)]
    pub draws: BTreeMap<u8, DrawKind>,
    /// Lunar Poker: the seats that declared their five cards face up (§ 589.11(c)).
    #[serde(default)]
    pub declared: BTreeSet<u8>,
    /// Lunar Poker: of those, the royal and straight flushes paid instantly (§ 589.11(c)(1)).
    #[serde(default)]
    pub instant: BTreeSet<u8>,
    /// Lunar Poker: what was settled when all decisions were locked in (§ 589.11(c)).
    #[serde(default)]
    pub lock_in: Option<Settlement>,
    /// Lunar Poker: the dealer paid the lock-in's settlement.
    #[serde(default)]
    pub lock_in_paid: bool,
    /// The progressive meters when the cards were keyed (the settlement pays from them).
    #[serde(default)]
    pub meters: BTreeMap<String, Cents>,
    /// Lunar Poker: per drawing seat, the cards given up and the cards dealt for them.
    #[serde(default)]
    pub drawn: BTreeMap<u8, (Vec<Card>, Vec<Card>)>,
    /// Lunar Poker: the card that replaced the dealer's highest card (§ 589.11(e)(2)(ii)).
    #[serde(default)]
    pub replacement: Option<Card>,
    /// Spanish 21: the hands, insurance, surrenders and the card reader's answer.
    #[serde(default)]
    pub s21: Option<super::spanish21::play::Play21>,
    /// The decision phases whose cards were dealt (the reveals taken).
    #[serde(default)]
    pub revealed: BTreeSet<usize>,
    /// A void round that still settles some wagers (§ 677a.13(a),(d), § 647a.13(a),(d)): the
    /// cards keyed are those wagers' alone, and the rest is returned when they are paid.
    #[serde(default)]
    pub void: Option<VoidSettles>,
    /// Seats whose every wager lost before the settlement, with why: the player left the table
    /// during the round and his wagers are abandoned (§ 677a.7(b), § 647a.7(b), § 589.7(b),
    /// § 655a.7(b), § 657a.7(b)), or forfeited them by sharing information about his hand
    /// (§ 655a.11(a)(3)). A floorperson signs the irregularity that records it.
    #[serde(default)]
    pub lost: BTreeMap<u8, Lost>,
    /// Spanish 21 boxes whose hand is dead, out of `seats`, their wagers returned at settlement:
    /// no cards dealt to it (§ 635a.13(h)), or a requested card not dealt and the hand called
    /// dead (§ 635a.13(i)).
    #[serde(default)]
    pub returned: BTreeMap<u8, Lost>,
    /// Boxes wagered on by the same player as the box to their left (one seat number lower),
    /// as the dealer keyed them (§ 677a.7(e), § 647a.7(e), § 635a.6(f)).
    #[serde(default)]
    pub joined: BTreeSet<u8>,
    /// The most adjacent boxes one player may wager on (the casino's Rules Submission; 1 where
    /// the chapter allows one position).
    #[serde(default = "one")]
    pub boxes_per_player: u8,
    /// The automated dealing shoe dispensed the community cards before the players' stacks
    /// (§ 677a.10(g), § 647a.10(g), § 655a.10(g)): they are turned face up, nothing burnt.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub board_first: bool,
    /// The side wagers this casino does not offer, with the section that lets it choose
    /// (`Def::not_offered`): the round refuses them.
    #[serde(default, skip_serializing_if = "BTreeMap::is_empty")]
    pub not_offered: BTreeMap<String, String>,
    /// Texas Hold 'Em Bonus: the Magic Card and the Lucky Bonus position the table game system
    /// drew for the round (§ 647a.1), as it reported them.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub system_draw: Option<SystemDraw>,
    /// The hands settled from their results, tapped by the dealer (`results.rs`).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub results: Option<Results>,
}

/// The progressive controller's meter of the table's Progressive Payout Wager
/// (hw/progressive-protocol.md, "Meters").
pub const METER_PROGRESSIVE: u8 = 1;
/// The controller's Five Card Hand Bonus meter at a Texas Hold 'Em Bonus table (§ 647a.12(e)).
pub const METER_FIVE_CARD_BONUS: u8 = 2;

/// What the table game system drew at random for a round's Five Card Hand Bonus (§ 647a.1:
/// "Magic Card Bonus", "Lucky Bonus").
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub struct SystemDraw {
    pub magic_card: Card,
    /// The betting position drawn for the Lucky Bonus; 0 for the dealer's.
    pub lucky: u8,
}

fn one() -> u8 {
    1
}

/// Why a seat's every wager lost before the settlement, as the irregularity recorded it.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Lost {
    /// The section, as it reads for this game ("§ 655a.11(a)(3)").
    pub section: String,
    /// What happened, in the catalogue's words ("The player left the table during the round").
    pub why: String,
    /// Lunar Poker: the seat had paid an Options fee to draw, lost with its wagers.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub options_fee: bool,
}

impl BankedRound {
    pub fn start(game: GameId, dealing: Dealing, seats: &[u8]) -> Result<BankedRound, String> {
        let def = Def::of(game).ok_or_else(|| {
            format!(
                "{} is settled with `deckhand settle`; its table procedure is not on the screen yet",
                game.id()
            )
        })?;
        if seats.is_empty() {
            return Err("tap at least one player's seat".into());
        }
        if let Some(s) = seats.iter().find(|s| **s == 0 || **s > def.positions) {
            return Err(format!(
                "seat {s}: the layout has betting positions 1 to {} ({})",
                def.positions, def.sections.positions
            ));
        }
        Ok(BankedRound {
            game,
            dealing,
            seats: seats.to_vec(),
            step: BankedStep::Wagers,
            wagers: BTreeMap::new(),
            decisions: BTreeMap::new(),
            folded: BTreeSet::new(),
            cards: BTreeMap::new(),
            dealer: vec![],
            community: vec![],
            settlement: None,
            validated_by: None,
            paid: false,
            ante_limits: (0, 0),
            side_limits: BTreeMap::new(),
            draws: BTreeMap::new(),
            declared: BTreeSet::new(),
            instant: BTreeSet::new(),
            lock_in: None,
            lock_in_paid: false,
            meters: BTreeMap::new(),
            drawn: BTreeMap::new(),
            replacement: None,
            s21: (game == GameId::Spanish21).then(Default::default),
            revealed: BTreeSet::new(),
            void: None,
            lost: BTreeMap::new(),
            returned: BTreeMap::new(),
            joined: BTreeSet::new(),
            boxes_per_player: 1,
            board_first: false,
            not_offered: BTreeMap::new(),
            system_draw: None,
            results: None,
        })
    }

    /// Whether the round has come to its stub count's moment (`Def::stub`): right after the
    /// deal, or once the board is out (at the showdown, before a card is keyed).
    pub fn stub_reached(&self) -> bool {
        let Some(stub) = self.def().stub else {
            return false;
        };
        // A void round's cards are reshuffled: its stub is not counted.
        if self.void.is_some() {
            return false;
        }
        match stub.after {
            StubAfter::Deal => !matches!(self.step, BankedStep::Wagers | BankedStep::Deal),
            StubAfter::Board => {
                matches!(self.step, BankedStep::Pay { .. })
                    || (self.step == BankedStep::Cards && self.cards.is_empty())
            }
        }
    }

    /// The cards the stub holds in a full deck: 52 less every card dealt to the players, the
    /// dealer and the board, and the burns (a board nobody stayed in for is not dealt on).
    pub fn stub_expected(&self) -> u8 {
        let def = self.def();
        let hands = def.seat_cards * self.seats.len() + def.dealer_cards;
        let board: usize = match def.stub {
            Some(stub) if stub.after == StubAfter::Board => {
                let anyone_in = self.seats.iter().any(|s| !self.folded.contains(s));
                stub.board
                    .iter()
                    .enumerate()
                    .filter(|(phase, _)| anyone_in || self.revealed.contains(phase))
                    // A board the shoe dispensed first burns nothing (§ x.10(g)).
                    .map(|(_, (burns, cards))| {
                        usize::from(if self.board_first { 0 } else { *burns }) + usize::from(*cards)
                    })
                    .sum()
            }
            _ => def.community_cards,
        };
        52usize.saturating_sub(hands + board) as u8
    }

    /// The table's posted minimum and maximum Ante (0: none).
    pub fn with_limits(mut self, min: Cents, max: Cents) -> BankedRound {
        self.ante_limits = (min, max);
        self
    }

    /// The table's posted limits of the other wagers, by key (0: none).
    /// The most adjacent boxes one player may wager on, from the casino's choices.
    pub fn with_boxes(mut self, rules: Option<&crate::rules::banked::HouseRules>) -> BankedRound {
        if let (Some(b), Some(r)) = (self.def().boxes, rules) {
            self.boxes_per_player = (b.limit)(r);
        }
        self
    }

    /// The side wagers the casino's Rules Submission leaves out (each chapter's § x.7(d)).
    pub fn with_offers(mut self, rules: Option<&crate::rules::banked::HouseRules>) -> BankedRound {
        if let Some(r) = rules {
            let def = self.def();
            self.not_offered = def
                .spots
                .iter()
                .filter_map(|s| Some((s.key.to_string(), (def.not_offered)(r, s.key)?.to_string())))
                .collect();
        }
        self
    }

    /// Whether the casino offers the wager on the spot `key`.
    pub fn offers(&self, key: &str) -> bool {
        !self.not_offered.contains_key(key)
    }

    /// The casino's shoe dispenses the community cards first, where this game's chapter
    /// allows it and the table deals from an automated dealing shoe (§ x.10(g)).
    pub fn with_board_first(mut self, board_first: bool) -> BankedRound {
        self.board_first = self.def().deals_board_first(self.dealing, board_first);
        self
    }

    /// The deal instruction, with its section.
    pub fn deal_text(&self) -> (String, String) {
        if self.board_first {
            self.def().deal_text_board_first()
        } else {
            self.def().deal_text(self.dealing)
        }
    }

    /// The boxes the player of `seat` wagers on, in seat order (`seat` alone unless the dealer
    /// keyed adjacent boxes as one player's).
    pub fn player_boxes(&self, seat: u8) -> Vec<u8> {
        let mut first = seat;
        while self.joined.contains(&first) && first > 1 {
            first -= 1;
        }
        let mut last = seat;
        while self.joined.contains(&(last + 1)) {
            last += 1;
        }
        (first..=last).collect()
    }

    pub fn with_side_limits(mut self, limits: BTreeMap<String, (Cents, Cents)>) -> BankedRound {
        self.side_limits = limits;
        self
    }

    /// Lunar Poker: the seats settled when all decisions are locked in (§ 589.11(c)): each
    /// seat that declared and each Super Wager, as `lunar::settle_lock_in` reads them; a
    /// declared seat's cards from `cards`.
    pub fn lock_in_seats(&self) -> Vec<super::lunar::Seat> {
        if self.game != GameId::LunarPoker {
            return Vec::new();
        }
        self.seats
            .iter()
            .filter(|s| self.declared.contains(s) || self.wager(**s, "super") > 0)
            .map(|s| super::lunar::Seat {
                seat: *s,
                cards: String::new(),
                wagers: super::lunar::Wagers {
                    ante: self.ante(*s),
                    super_wager: self.wager(*s, "super"),
                },
                declared: self.declared.contains(s),
                draw: None,
                bet: false,
                force: false,
                result: None,
                forced: None,
            })
            .collect()
    }

    /// What `seat` placed on the spot `key` (0: nothing).
    pub fn wager(&self, seat: u8, key: &str) -> Cents {
        self.wagers
            .get(&seat)
            .and_then(|w| w.get(key))
            .copied()
            .unwrap_or(0)
    }

    pub fn def(&self) -> &'static Def {
        Def::of(self.game).expect("a round is only started for a game with a table definition")
    }

    pub fn ante(&self, seat: u8) -> Cents {
        self.wager(seat, "ante")
    }

    /// Everything on the layout, for a void round's refunds (a seat whose wagers were lost
    /// before the void has nothing left on it).
    pub fn refunds(&self) -> Vec<(u8, Cents)> {
        let mut boxes: Vec<u8> = self
            .seats
            .iter()
            .chain(self.returned.keys())
            .copied()
            .collect();
        boxes.sort_unstable();
        boxes
            .iter()
            .filter(|s| !self.lost.contains_key(s))
            .map(|s| {
                let wagers: Cents = self.wagers.get(s).map_or(0, |w| w.values().sum());
                let ante = self.ante(*s);
                let decided: Cents = self
                    .decisions
                    .get(s)
                    .map_or(0, |d| d.iter().map(|m| ante * Cents::from(*m)).sum());
                // Lunar Poker's Options fee for a draw is on the layout too.
                let fee = if self.draws.contains_key(s) { ante } else { 0 };
                let total = wagers + decided + fee + self.refund21(*s);
                (*s, total - self.settled_early(*s))
            })
            .collect()
    }

    /// When a settlement line's wager was already settled at the table, in words for the pay
    /// screen: Lunar Poker's lock-in (§ 589.11(c)), Spanish 21's Match-the-Dealer (§ 635a.7(f)),
    /// an even money (§ 635a.8(e)), losing insurance collected after the reader (§ 635a.8(d)), a
    /// Blackjack paid against a 2 to 9 up (§ 635a.7(h)(1)(i)). `None`: settled now.
    pub fn settled_at_table(&self, seat: u8, wager: &str) -> Option<&'static str> {
        if self
            .lock_in
            .as_ref()
            .is_some_and(|l| l.results.iter().any(|x| x.seat == seat && x.wager == wager))
        {
            return Some("settled at lock-in");
        }
        let p = self.s21.as_ref()?;
        match wager {
            "match-the-dealer" if p.match_called => Some("settled after the deal"),
            "insurance" if p.insurance_collected => Some("collected after the reader"),
            "spanish-21" if p.blackjack_paid.contains(&seat) => Some("paid at once"),
            "spanish-21" if p.even_money.contains(&seat) => Some("paid even money"),
            _ => None,
        }
    }

    /// Wagers already settled at the table before the round's end, which a void round does not
    /// return: Lunar Poker's instant payouts and Super Wagers at lock-in (§ 589.11(c)), Spanish
    /// 21's Match-the-Dealer after the deal (§ 635a.7(f)), an even money (§ 635a.8(e)) and
    /// losing insurance collected after the reader (§ 635a.8(d)).
    fn settled_early(&self, seat: u8) -> Cents {
        let lunar: Cents = self
            .lock_in
            .iter()
            .flat_map(|l| l.results.iter())
            .filter(|w| w.seat == seat)
            .map(|w| w.stake)
            .sum();
        let s21 = self.s21.as_ref().map_or(0, |p| {
            // A box dead before the Match was called was never settled (§ 635a.13(h)).
            let matched = if p.match_called && !self.returned.contains_key(&seat) {
                self.wager(seat, "match_the_dealer")
            } else {
                0
            };
            let even = if p.even_money.contains(&seat) {
                self.ante(seat)
            } else {
                0
            };
            // Losing insurance collected when the reader showed no Blackjack (§ 635a.8(d)).
            let insured = if p.insurance_collected {
                p.insurance.get(&seat).copied().unwrap_or(0)
            } else {
                0
            };
            // A Blackjack against a 2 to 9 up, paid at once (§ 635a.7(h)(1)(i)).
            let blackjack = if p.blackjack_paid.contains(&seat) {
                self.ante(seat)
            } else {
                0
            };
            matched + even + insured + blackjack
        });
        // A void round's wagers that were settled by their paytables (§ 677a.13(a),(d)).
        let void: Cents = match (&self.void, &self.settlement) {
            (Some(_), Some(s)) => s
                .results
                .iter()
                .filter(|w| w.seat == seat)
                .map(|w| w.stake)
                .sum(),
            _ => 0,
        };
        lunar + s21 + void
    }

    /// What the void of the irregularity `id` reported now still settles (§ 677a.13(a),(d),
    /// § 647a.13(a),(d)), under the table's `house`: `None` when every wager is returned (the
    /// game keeps none, the initial cards are not all dealt, or no seat placed such a wager).
    pub fn void_settles(&self, id: &str, house: Option<&House>) -> Option<VoidSettles> {
        let rule = self.def().void?;
        let house = house?;
        // "After each player and the dealer have received their initial two cards": a round
        // still taking wagers or dealing has no hand to settle.
        if matches!(self.step, BankedStep::Wagers | BankedStep::Deal) || self.void.is_some() {
            return None;
        }
        let v = (rule.keeps)(id, &house.rules)?;
        let placed = self
            .seats
            .iter()
            .filter(|s| !self.lost.contains_key(s))
            .any(|s| v.wagers.iter().any(|w| self.wager(*s, w) > 0));
        placed.then_some(v)
    }

    /// The dealer's cards the settlement keys: none for a void round's wagers that do not
    /// need them.
    pub fn dealer_cards(&self) -> usize {
        match &self.void {
            Some(v) if !v.dealer => 0,
            _ => self.def().dealer_cards,
        }
    }

    /// The community cards the settlement keys.
    pub fn community_cards(&self) -> usize {
        match &self.void {
            Some(v) if !v.board => 0,
            _ => self.def().community_cards,
        }
    }

    /// Lunar Poker: the seat placed a Bet Wager, before or after a draw.
    pub fn bet(&self, seat: u8) -> bool {
        self.decisions
            .get(&seat)
            .is_some_and(|d| d.iter().take(2).any(|m| *m > 0))
    }

    /// Lunar Poker: the dealer's five cards are keyed and hold less than ace-king (§ 589.11(e)(2)).
    pub fn dealer_short_of_qualifying(&self) -> bool {
        // Settled from results: as the dealer tapped it.
        if let Some(r) = &self.results {
            return !r.dealer_qualifies;
        }
        crate::rules::lunar_rankings::lunar_hand(&self.dealer).is_ok_and(|h| !h.dealer_qualifies())
    }

    /// Whether the dealer keys `seat`'s cards for settlement under the table's `house`: every
    /// seat dealt in, but a folded hand its game collects before the reveal (§ 657a.11(c)). With
    /// no house known, every seat.
    pub fn needs_cards(&self, seat: u8, house: Option<&House>) -> bool {
        if self.lost.contains_key(&seat) {
            return false;
        }
        // Settled from its result: the cards only where a bonus pays on it.
        if let Some(r) = &self.results {
            return r
                .seats
                .iter()
                .find(|(s, _)| *s == seat)
                .is_some_and(|(_, r)| self.result_needs_cards(seat, &r.category));
        }
        if let Some(v) = &self.void {
            return v.wagers.iter().any(|w| self.wager(seat, w) > 0);
        }
        !self.folded.contains(&seat)
            || house.is_none_or(|h| {
                let none = Default::default();
                let wagers = self.wagers.get(&seat).unwrap_or(&none);
                (self.def().folded_hands_keyed)(&h.rules, wagers)
            })
    }

    /// The round is keyed (every seat's cards that `house` needs; with none, the seats still in)
    /// and waits for its settlement.
    pub fn ready_to_settle(&self, house: Option<&House>) -> bool {
        self.step == BankedStep::Cards
            && self.settlement.is_none()
            && !self.forced_result_owed()
            && (!self.seats.is_empty() || !self.returned.is_empty())
            && self
                .seats
                .iter()
                .filter(|s| match house {
                    Some(_) => self.needs_cards(**s, house),
                    None if self.void.is_some() || self.results.is_some() => {
                        self.needs_cards(**s, None)
                    }
                    None => !self.folded.contains(s),
                })
                .all(|s| self.cards.contains_key(s))
    }

    /// Players who still decide in `phase`, in dealing order (clockwise from the dealer's left).
    fn deciders(&self, phase: usize) -> Vec<u8> {
        let def = self.def();
        let who = def.phases[phase].who;
        self.seats
            .iter()
            .copied()
            .filter(|s| self.wagers.contains_key(s) && !self.folded.contains(s))
            .filter(|s| !self.instant.contains(s))
            .filter(|s| match who {
                Who::StillIn => true,
                Who::Drew => self.draws.contains_key(s),
                Who::BetAgainstNonQualifier => self.bet(*s) && self.dealer_short_of_qualifying(),
            })
            .filter(|s| {
                // Once a player made a "once" wager, later phases skip him.
                let d = self.decisions.get(s).map_or(&[][..], |v| &v[..]);
                !d.iter()
                    .enumerate()
                    .any(|(i, m)| *m > 0 && def.phases[i].once && i < phase)
            })
            .filter(|s| self.decisions.get(s).map_or(0, |d| d.len()) <= phase)
            .collect()
    }

    fn next_after_phase_decision(&self, phase: usize) -> BankedStep {
        match self.deciders(phase).first() {
            Some(seat) => BankedStep::Decide { phase, seat: *seat },
            // After the cards, the phase's `then` is only for those who wagered in it (Lunar
            // Poker replaces the dealer's card only if someone forced).
            None if self.def().phases[phase].after_cards && !self.wagered_in(phase) => {
                BankedStep::Cards
            }
            None => BankedStep::Reveal { phase },
        }
    }

    fn wagered_in(&self, phase: usize) -> bool {
        self.decisions
            .values()
            .any(|d| d.get(phase).is_some_and(|m| *m > 0))
    }

    fn next_phase(&self, after: usize) -> BankedStep {
        let def = self.def();
        let mut phase = after + 1;
        while phase < def.phases.len() && !def.phases[phase].after_cards {
            if let Some(seat) = self.deciders(phase).first() {
                return BankedStep::Decide { phase, seat: *seat };
            }
            // Lunar Poker: the dealer's cards are revealed after the draws even when nobody
            // drew, if a Bet stands (§ 589.11(e)).
            if def.phases[phase].who == Who::Drew && self.seats.iter().any(|s| self.bet(*s)) {
                return BankedStep::Reveal { phase };
            }
            phase += 1;
        }
        BankedStep::Cards
    }

    /// After the cards are keyed: a phase that needs them (Lunar Poker's force), or settlement.
    fn after_cards(&self) -> BankedStep {
        let def = self.def();
        if self.void.is_some() {
            return BankedStep::Cards;
        }
        match def.phases.iter().position(|p| p.after_cards) {
            Some(p) => match self.deciders(p).first() {
                Some(seat) => BankedStep::Decide {
                    phase: p,
                    seat: *seat,
                },
                None => BankedStep::Cards,
            },
            None => BankedStep::Cards,
        }
    }

    /// Checks a dealer's command against the rules and returns what it causes: the event of the
    /// command itself, then the settlement when it completes the round's cards. `house` settles
    /// (the table's snapshot); a round that needs it and has none is refused. Nothing changes.
    pub fn decide(
        &self,
        cmd: &BankedCommand,
        house: Option<&House>,
    ) -> Result<Vec<BankedEvent>, String> {
        if let (
            BankedCommand::Cards {
                seats,
                results: None,
                ..
            },
            Some(h),
        ) = (cmd, house)
            && let Some(s) = self.seats.iter().find(|s| {
                self.needs_cards(**s, Some(h))
                    && !seats.iter().any(|(k, c)| k == *s && !c.is_empty())
            })
        {
            let def = self.def();
            return Err(format!(
                "seat {s}: its {} cards are keyed ({})",
                def.seat_cards, def.sections.decisions
            ));
        }
        // Settled from results: a hand whose payout waits for a floorperson is keyed too.
        if let (
            BankedCommand::Cards {
                seats,
                results: Some(r),
                ..
            },
            Some(h),
        ) = (cmd, house)
            && let Some((s, _)) = r.seats.iter().find(|(s, x)| {
                !self.result_needs_cards(*s, &x.category)
                    && self.result_needs_cards_in(Some(h), *s, &x.category, x.versus)
                    && !seats.iter().any(|(k, c)| k == s && !c.is_empty())
            })
        {
            return Err(format!(
                "seat {s}: its payout waits for a floorperson's validation: key its cards ({})",
                self.def().results.map_or("", |d| d.section)
            ));
        }
        let mut next = self.clone();
        let first = match cmd {
            BankedCommand::LockIn { cards } => {
                next.lock_in_cards(cards)?;
                let house = house.ok_or("the table opened without its paytables")?;
                let settlement = next.settle_lock_in(house)?;
                next.lock_in = Some(settlement.clone());
                BankedEvent::LockedIn {
                    cards: cards.clone(),
                    settlement,
                }
            }
            cmd => next.act(cmd)?,
        };
        let mut events = vec![first];
        if next.ready_to_settle(house) {
            let house = house.ok_or("the table opened without its paytables")?;
            events.push(BankedEvent::Settled {
                settlement: next.settle(house)?,
            });
        }
        Ok(events)
    }

    /// Folds a recorded event into the round. The event must fit where the round stands and be
    /// what the rules give for it; a settlement is taken as recorded (`verify-log --replay`
    /// recomputes it). A refusal changes nothing and says why.
    pub fn apply(&mut self, e: &BankedEvent) -> Result<(), String> {
        let mut next = self.clone();
        match e {
            BankedEvent::Settled { settlement } => {
                if !next.ready_to_settle(None) {
                    return Err(format!("a settlement at the step {:?}", next.step));
                }
                let verify = !settlement.signer.is_none()
                    || settlement.results.iter().any(|w| w.floor_verification);
                next.settlement = Some(settlement.clone());
                next.step = BankedStep::Pay { verify };
            }
            BankedEvent::LockedIn { cards, settlement } => {
                next.lock_in_cards(cards)?;
                next.lock_in = Some(settlement.clone());
            }
            BankedEvent::VoidSettling { settles } => {
                if matches!(next.step, BankedStep::Wagers | BankedStep::Deal)
                    || next.void.is_some()
                    || next.settlement.is_some()
                {
                    return Err(format!(
                        "a void that settles wagers at the step {:?}",
                        next.step
                    ));
                }
                if next.def().void.is_none() {
                    return Err(format!(
                        "{} settles no wager of a void round",
                        next.game.id()
                    ));
                }
                next.void = Some(settles.clone());
                next.cards.clear();
                next.dealer.clear();
                next.community.clear();
                next.step = BankedStep::Cards;
            }
            BankedEvent::WagersLost { seat, lost, stakes } => {
                // What the row says was lost is what the layout held (a row without the
                // amounts is taken as it is).
                let want = next.lost_stakes(*seat);
                if !stakes.is_empty() && *stakes != want {
                    return Err(format!(
                        "seat {seat}'s wagers lost: recorded {stakes:?}, the layout holds {want:?}"
                    ));
                }
                next.lose(*seat, lost)?
            }
            other => {
                let cmd = other
                    .command()
                    .ok_or_else(|| format!("{} is not a dealer's step", other.kind()))?;
                let got = next.act(&cmd)?;
                if got != *other {
                    return Err(format!(
                        "recorded {other:?}; the rules give {got:?} for it now"
                    ));
                }
            }
        }
        *self = next;
        Ok(())
    }

    /// Decides a command with the embedded paytables and folds what it caused (the unit tests'
    /// shorthand for a table's decide-then-apply).
    #[cfg(test)]
    pub fn run(&mut self, cmd: &BankedCommand) -> Result<(), String> {
        let house = House::default_for(self.game)?;
        let mut next = self.clone();
        for e in self.decide(cmd, Some(&house))? {
            next.apply(&e)?;
        }
        *self = next;
        Ok(())
    }

    /// The settlement of the keyed round, from the table's paytables and choices: the same
    /// function as `deckhand settle` reading the same input (docs/settle.md).
    pub fn settle(&self, house: &House) -> Result<Settlement, String> {
        let mut s = self.settle_in_play(house)?;
        self.add_lost(&mut s);
        Ok(s)
    }

    /// The seats still in play, settled by their game.
    fn settle_in_play(&self, house: &House) -> Result<Settlement, String> {
        if self.seats.iter().all(|s| self.lost.contains_key(s)) {
            // Every player's wagers were lost: no hand is settled.
            return Ok(Settlement {
                game: self.game.id().to_string(),
                paytables: BTreeMap::new(),
                dealer: None,
                results: vec![],
                seats: vec![],
                meters: vec![],
                totals: super::Totals {
                    players: 0,
                    house: 0,
                    meters: 0,
                },
                notes: vec![],
                signer: Default::default(),
            });
        }
        if self.void.is_some() {
            let rule = self.def().void.ok_or("this game's void settles no wager")?;
            // A seat whose wagers were lost has nothing left to settle (`add_lost` has them).
            let mut view = self.clone();
            view.seats.retain(|s| !self.lost.contains_key(s));
            let mut s = (rule.settle)(&view, house)?;
            s.signer = house.approvals.signer_for(&s);
            return Ok(s);
        }
        let mut s = super::settle_json(
            &self.settle_input(&self.meters).to_string(),
            &house.paytables,
            &house.rules,
        )
        .map_err(|e| format!("Cannot settle: {e}"))?;
        // Lunar Poker's lock-in payouts were handed over before the draw: the signature
        // covers what is paid now.
        let mut rest = s.clone();
        if let Some(early) = &self.lock_in {
            rest.results.retain(|w| {
                !early
                    .results
                    .iter()
                    .any(|e| e.seat == w.seat && e.wager == w.wager)
            });
            rest.totals.house -= early.totals.house;
        }
        s.signer = house.approvals.signer_for(&rest);
        Ok(s)
    }

    /// Every wager `seat` has on the layout loses now, for the reason `lost` says: the hand
    /// takes no further part (no decision, no cards keyed) and the settlement collects what it
    /// wagered. Only once the player received cards and before the round is settled.
    fn lose(&mut self, seat: u8, lost: &Lost) -> Result<(), String> {
        if matches!(self.step, BankedStep::Wagers | BankedStep::Deal) {
            return Err(format!(
                "seat {seat} has no cards yet: before the deal, take the seat out instead"
            ));
        }
        if self.settlement.is_some() || self.void.is_some() || self.s21.is_some() {
            return Err(format!(
                "seat {seat}: the round is past its wagers' decisions"
            ));
        }
        if !self.wagers.contains_key(&seat) {
            return Err(format!("seat {seat} has no wager in this round"));
        }
        if self.lost.contains_key(&seat) {
            return Err(format!("seat {seat}'s wagers are already lost"));
        }
        let mut lost = lost.clone();
        // Lunar Poker: an Options fee paid is lost with the rest, and no card is dealt for
        // the draw (§ 589.11(b)(3)); a declaration not yet settled at lock-in is void.
        lost.options_fee = self.draws.remove(&seat).is_some();
        if self.lock_in.is_none() {
            self.declared.remove(&seat);
            self.instant.remove(&seat);
        }
        self.lost.insert(seat, lost);
        self.folded.insert(seat);
        self.cards.remove(&seat);
        if let BankedStep::Decide { phase, seat: due } = self.step
            && due == seat
        {
            self.step = self.next_after_phase_decision(phase);
        }
        // Nobody left to play: straight to the settlement, which collects every wager.
        if self.seats.iter().all(|s| self.lost.contains_key(s)) {
            self.step = BankedStep::Cards;
        }
        Ok(())
    }

    /// Adds to a settlement every wager of the seats whose wagers were lost, as losing, with
    /// the section that says so.
    /// What `seat` has on the layout, wager by wager (the settlement's names): its wagers, the
    /// multiples it decided, a Lunar Poker Options fee; not what was settled at lock-in
    /// (§ 589.11(c)). What a seat whose wagers are lost loses.
    pub fn lost_stakes(&self, seat: u8) -> Vec<(String, Cents)> {
        let def = self.def();
        let ante = self.ante(seat);
        let mut stakes: Vec<(String, Cents)> = self
            .wagers
            .get(&seat)
            .into_iter()
            .flatten()
            .map(|(k, v)| (k.replace('_', "-"), *v))
            .collect();
        for (i, m) in self.decisions.get(&seat).into_iter().flatten().enumerate() {
            if *m > 0 {
                let name = def.phases[i].wager.to_lowercase().replace(' ', "-");
                stakes.push((name, ante * Cents::from(*m)));
            }
        }
        let fee = self.lost.get(&seat).is_some_and(|l| l.options_fee);
        if fee || self.draws.contains_key(&seat) {
            stakes.push(("options-fee".into(), ante));
        }
        stakes.retain(|(wager, _)| {
            !self.lock_in.as_ref().is_some_and(|l| {
                l.results
                    .iter()
                    .any(|w| w.seat == seat && w.wager == *wager)
            })
        });
        stakes
    }

    fn add_lost(&self, s: &mut Settlement) {
        self.add_returned(s);
        for (seat, lost) in &self.lost {
            for (wager, stake) in self.lost_stakes(*seat) {
                let name = super::label(&wager);
                s.results.push(super::WagerResult {
                    seat: *seat,
                    wager,
                    stake,
                    result: super::Outcome::Lose,
                    paid: 0,
                    net: -stake,
                    from_meter: 0,
                    meter_percent: None,
                    explanation: format!(
                        "{}: {} ({}) → loses {}",
                        name,
                        super::lower_first(lost.why.trim_end_matches('.')),
                        lost.section,
                        crate::rules::money(stake)
                    ),
                    section: lost.section.clone(),
                    floor_verification: false,
                    hold_cards: false,
                });
                s.totals.players -= stake;
                s.totals.house += stake;
            }
        }
    }

    /// Adds to a settlement the wagers of the dead boxes, returned, with the section
    /// (§ 635a.13(h),(i)): the Spanish 21 Wager, and a Match-the-Dealer not settled yet.
    fn add_returned(&self, s: &mut Settlement) {
        for (seat, why) in &self.returned {
            // A box called dead later has no Match-the-Dealer wager (refused), and a box dead
            // at the deal never had its Match settled: every wager on it is returned.
            for (key, stake) in self.wagers.get(seat).into_iter().flatten() {
                let wager = match key.as_str() {
                    "ante" => "spanish-21".to_string(),
                    k => k.replace('_', "-"),
                };
                let name = super::label(&wager);
                s.results.push(super::WagerResult {
                    seat: *seat,
                    wager,
                    stake: *stake,
                    result: super::Outcome::Push,
                    paid: *stake,
                    net: 0,
                    from_meter: 0,
                    meter_percent: None,
                    explanation: format!(
                        "{}: {}, the hand is dead ({}) → returned {}",
                        name,
                        super::lower_first(why.why.trim_end_matches('.')),
                        why.section,
                        crate::rules::money(*stake)
                    ),
                    section: why.section.clone(),
                    floor_verification: false,
                    hold_cards: false,
                });
            }
        }
    }

    /// Lunar Poker's lock-in settlement: the declared hands' instant payouts and every Super
    /// Wager, from the first five cards keyed at lock-in (§ 589.11(c)).
    pub fn settle_lock_in(&self, house: &House) -> Result<Settlement, String> {
        let seats: Vec<super::lunar::Seat> = self
            .lock_in_seats()
            .into_iter()
            .map(|mut seat| {
                if let Some(c) = self.cards.get(&seat.seat) {
                    seat.cards = crate::rules::cards::cards_codes(c);
                }
                seat
            })
            .collect();
        super::lunar::settle_lock_in(
            &seats,
            &house.rules.of::<super::lunar::Rules>(),
            &house.paytables,
            house.rules.rounding_unit_cents,
        )
        .map_err(|e| format!("Cannot settle the lock-in: {e}"))
    }

    /// § 589.11(c): at "all decisions are locked in", the declared hands' first five cards, each
    /// of them and only them, keyed face up.
    fn lock_in_cards(&mut self, cards: &[(u8, Vec<Card>)]) -> Result<(), String> {
        let def = self.def();
        let at_lock_in =
            matches!(self.step, BankedStep::Reveal { phase } if def.phases[phase].options_fee);
        if !at_lock_in || self.lock_in.is_some() {
            return Err(format!("the lock-in does not fit the step {:?}", self.step));
        }
        let keyed: BTreeSet<u8> = cards.iter().map(|(s, _)| *s).collect();
        if let Some(s) = self.declared.iter().find(|s| !keyed.contains(s)) {
            return Err(format!("seat {s} declared: key its five cards"));
        }
        if let Some(s) = keyed.iter().find(|s| !self.declared.contains(s)) {
            return Err(format!(
                "seat {s} did not declare: its cards stay face down (§ 589.11(c)(2)(i))"
            ));
        }
        let mut used = CardSet::default();
        for (seat, c) in cards {
            take_cards(&mut used, &format!("seat {seat}"), c, def.seat_cards)?;
        }
        for (seat, c) in cards {
            self.cards.insert(*seat, c.clone());
        }
        Ok(())
    }

    /// Applies one command to the round and says what happened; on a refusal the round may be
    /// half changed, so callers work on a copy.
    fn act(&mut self, cmd: &BankedCommand) -> Result<BankedEvent, String> {
        let def = self.def();
        let wager_section = def.sections.wagers;
        let event = match (cmd, self.step.clone()) {
            (BankedCommand::Wagers { seat, wagers }, BankedStep::Wagers) => {
                if !self.seats.contains(seat) {
                    return Err(format!("seat {seat} is not in this round"));
                }
                let mut w = BTreeMap::new();
                for (k, v) in wagers {
                    let Some(spot) = def.spots.iter().find(|s| s.key == k) else {
                        return Err(format!("{k}: not a wager of this game ({wager_section})"));
                    };
                    if *v < 0 {
                        return Err(format!("{}: an amount of 0 or more", spot.label));
                    }
                    if *v > 0
                        && let Some(section) = self.not_offered.get(k)
                    {
                        return Err(format!(
                            "seat {seat}: this casino does not offer the {} ({section})",
                            spot.label
                        ));
                    }
                    if *v > 0 {
                        w.insert(k.clone(), *v);
                    }
                }
                for spot in def.spots {
                    let ante = w.get("ante").copied().unwrap_or(0);
                    if let Some(other) = spot.equals {
                        let want = w.get(other).copied().unwrap_or(0);
                        match w.get(spot.key).copied() {
                            None if ante > 0 => {
                                w.insert(spot.key.to_string(), want);
                            }
                            Some(v) if v != want => {
                                return Err(format!(
                                    "{} must equal the {} ({wager_section})",
                                    spot.label,
                                    label_of(def, other)
                                ));
                            }
                            _ => {}
                        }
                    }
                }
                if w.is_empty() {
                    self.wagers.remove(seat);
                    return Ok(BankedEvent::WagersPlaced {
                        seat: *seat,
                        wagers: w,
                    });
                }
                // The posted limits: the Ante's, each side wager's (a minimum of 0: none); a
                // wager without its own maximum is held to the Ante's.
                for (key, v) in w.iter().map(|(k, v)| (k.as_str(), *v)) {
                    let (min, max) = if key == "ante" {
                        self.ante_limits
                    } else {
                        match self.side_limits.get(key) {
                            Some(&(min, max)) if max > 0 => (min, max),
                            Some(&(min, _)) => (min, self.ante_limits.1),
                            None => (0, self.ante_limits.1),
                        }
                    };
                    let (edge, limit) = if min > 0 && v < min {
                        ("below the table minimum", min)
                    } else if max > 0 && v > max {
                        ("above the table maximum", max)
                    } else {
                        continue;
                    };
                    let name = label_of(def, key);
                    let a = if name.starts_with(['A', 'E', 'I', 'O', 'U']) {
                        "an"
                    } else {
                        "a"
                    };
                    return Err(format!(
                        "seat {seat}: {a} {name} of {} is {edge} of {}",
                        crate::rules::money(v),
                        crate::rules::money(limit)
                    ));
                }
                for spot in def.spots.iter().filter(|s| s.required) {
                    if w.get(spot.key).copied().unwrap_or(0) == 0 {
                        return Err(format!(
                            "seat {seat}: the {} is required to play ({wager_section})",
                            spot.label
                        ));
                    }
                }
                self.wagers.insert(*seat, w.clone());
                BankedEvent::WagersPlaced {
                    seat: *seat,
                    wagers: w,
                }
            }
            (BankedCommand::SamePlayer { seat, joined }, BankedStep::Wagers) => {
                let Some(rule) = def.boxes else {
                    return Err(format!(
                        "{} keys each box on its own ({wager_section})",
                        self.game.name()
                    ));
                };
                let section = rule.section;
                if !self.seats.contains(seat) {
                    return Err(format!("seat {seat} is not in this round"));
                }
                if *joined {
                    let left = seat.saturating_sub(1);
                    if self.boxes_per_player <= 1 {
                        return Err(format!(
                            "a player may wager on one box only: seat {seat} is another player's ({section})"
                        ));
                    }
                    if !self.seats.contains(&left) {
                        return Err(format!(
                            "seat {left} is not dealt in: one player's boxes are adjacent ({section})"
                        ));
                    }
                    let mut next = self.joined.clone();
                    next.insert(*seat);
                    let boxes = BankedRound {
                        joined: next,
                        ..self.clone()
                    }
                    .player_boxes(*seat)
                    .len();
                    if boxes > usize::from(self.boxes_per_player) {
                        return Err(format!(
                            "a player may wager on at most {} adjacent boxes in a round ({section})",
                            self.boxes_per_player
                        ));
                    }
                    self.joined.insert(*seat);
                } else {
                    self.joined.remove(seat);
                }
                BankedEvent::SamePlayer {
                    seat: *seat,
                    joined: *joined,
                }
            }
            (BankedCommand::SeatOut { seat }, BankedStep::Wagers) => {
                if !self.seats.contains(seat) {
                    return Err(format!("seat {seat} is not in this round"));
                }
                if self.wagers.contains_key(seat) {
                    return Err(format!(
                        "seat {seat} has a wager: take it off before taking the seat out"
                    ));
                }
                if self.seats.len() == 1 {
                    return Err(format!(
                        "seat {seat} is the round's last seat: report an irregularity to void the round instead"
                    ));
                }
                self.seats.retain(|s| s != seat);
                // A box out of the round is nobody's: the boxes either side of it are not one
                // player's through it.
                self.joined.remove(seat);
                self.joined.remove(&(seat + 1));
                BankedEvent::SeatOut { seat: *seat }
            }
            (BankedCommand::NoMoreBets, BankedStep::Wagers) => {
                if self.wagers.is_empty() {
                    return Err(format!(
                        "no seat has a wager yet: key each player's Ante ({wager_section})"
                    ));
                }
                // A seat dealt in without a wager is never dropped silently: the dealer keys
                // its wager or takes it out.
                if let Some(seat) = self.seats.iter().find(|s| !self.wagers.contains_key(s)) {
                    return Err(format!(
                        "seat {seat} was dealt in and has no wager: key its wager, or take seat {seat} out"
                    ));
                }
                self.step = if self.s21.is_some() {
                    BankedStep::Play21(super::spanish21::play::Step21::Deal)
                } else {
                    BankedStep::Deal
                };
                BankedEvent::BetsClosed {
                    seats: self.seats.clone(),
                }
            }
            (BankedCommand::Play21(c), BankedStep::Play21(at)) => {
                self.apply21(c)?;
                BankedEvent::Spanish21 {
                    at,
                    what: c.clone(),
                }
            }
            (BankedCommand::Dealt, BankedStep::Deal) => {
                self.step = self.next_after_phase_decision(0);
                BankedEvent::Dealt
            }
            (BankedCommand::Decide { seat, multiple }, BankedStep::Decide { phase, seat: due }) => {
                if *seat != due {
                    return Err(format!("seat {due} decides now, not seat {seat}"));
                }
                let p = &def.phases[phase];
                if *multiple != 0 && !p.multiples.contains(multiple) {
                    return Err(format!(
                        "{multiple}× the Ante is not allowed here: {} ({})",
                        p.label, def.sections.decisions
                    ));
                }
                let d = self.decisions.entry(*seat).or_default();
                while d.len() < phase {
                    d.push(0);
                }
                d.push(*multiple);
                if *multiple == 0 && p.zero == Zero::Fold {
                    self.folded.insert(*seat);
                }
                self.step = self.next_after_phase_decision(phase);
                BankedEvent::Decided {
                    seat: *seat,
                    phase,
                    multiple: *multiple,
                    amount: self.ante(*seat) * Cents::from(*multiple),
                }
            }
            (BankedCommand::Draw { seat, kind }, BankedStep::Decide { phase, seat: due })
                if def.phases[phase].options_fee =>
            {
                if *seat != due {
                    return Err(format!("seat {due} decides now, not seat {seat}"));
                }
                self.draws.insert(*seat, *kind);
                self.decisions.entry(*seat).or_default().push(0);
                self.step = self.next_after_phase_decision(phase);
                BankedEvent::DrawBought {
                    seat: *seat,
                    draw: *kind,
                    fee: self.ante(*seat),
                }
            }
            (BankedCommand::Declare { seat, instant }, BankedStep::Decide { phase, seat: due })
                if def.phases[phase].options_fee =>
            {
                if *seat != due {
                    return Err(format!("seat {due} decides now, not seat {seat}"));
                }
                if *instant {
                    // § 589.11(b)(2): no Bet; the round ends for him at the instant payout.
                    self.declared.insert(*seat);
                    self.instant.insert(*seat);
                    self.decisions.entry(*seat).or_default().push(0);
                    self.step = self.next_after_phase_decision(phase);
                } else {
                    if self.wagers.get(seat).and_then(|w| w.get("super")).is_none() {
                        return Err(format!(
                            "seat {seat} has no Super Wager to declare for (§ 589.11(c)(2))"
                        ));
                    }
                    // A second tap takes the declaration back before the decision.
                    if !self.declared.remove(seat) {
                        self.declared.insert(*seat);
                    }
                }
                BankedEvent::Declared {
                    seat: *seat,
                    instant: *instant,
                }
            }
            (BankedCommand::Revealed, BankedStep::Reveal { phase })
                if def.phases[phase].after_cards =>
            {
                return Err(format!(
                    "key the card that replaced the dealer's highest card ({})",
                    def.sections.decisions
                ));
            }
            (BankedCommand::Revealed, BankedStep::Reveal { phase })
                if def.phases[phase].options_fee
                    && !self.lock_in_paid
                    && !self.lock_in_seats().is_empty() =>
            {
                return Err(
                    "all decisions are locked in: settle the declared hands and the Super Wagers first (§ 589.11(c))"
                        .into(),
                );
            }
            (BankedCommand::LockInPaid, BankedStep::Reveal { phase })
                if self.lock_in.is_some() && !self.lock_in_paid =>
            {
                self.lock_in_paid = true;
                self.step = self.next_phase(phase);
                BankedEvent::LockInPaid
            }
            (BankedCommand::Revealed, BankedStep::Reveal { phase }) => {
                self.step = self.next_phase(phase);
                self.revealed.insert(phase);
                BankedEvent::Revealed { phase }
            }
            (BankedCommand::Replacement { card }, BankedStep::Reveal { phase })
                if def.phases[phase].after_cards =>
            {
                let in_play = self
                    .cards
                    .values()
                    .chain(self.drawn.values().map(|(_, drew)| drew))
                    .flatten()
                    .chain(&self.dealer)
                    .any(|c| c == card);
                if in_play {
                    return Err(format!("{}: already in play in this round", card.pretty()));
                }
                self.replacement = Some(*card);
                self.step = BankedStep::Cards;
                BankedEvent::Replacement { card: *card }
            }
            (
                BankedCommand::Cards {
                    seats,
                    dealer,
                    community,
                    draws,
                    meters,
                    system_draw,
                    read,
                    results,
                },
                BankedStep::Cards,
            ) => {
                let mut used = CardSet::default();
                let mut check =
                    |what: &str, cards: &[Card], n: usize| take_cards(&mut used, what, cards, n);
                let mut seats: BTreeMap<u8, Vec<Card>> = seats.iter().cloned().collect();
                // The hands the command keys, not those kept from lock-in (a recorded event
                // carries them again: its replay must owe no more than the command did).
                let kept = |s: &u8| self.lock_in.is_some() && self.cards.contains_key(s);
                let given: Vec<u8> = seats
                    .iter()
                    .filter(|(s, c)| !c.is_empty() && !kept(s))
                    .map(|(s, _)| *s)
                    .collect();
                // A hand declared at lock-in was settled on those cards (§ 589.11(c)); from
                // results, they stay as keyed then.
                if self.lock_in.is_some() {
                    for (s, first) in &self.cards {
                        if results.is_some() && seats.get(s).is_none_or(|c| c.is_empty()) {
                            seats.insert(*s, first.clone());
                        }
                        if seats.get(s) != Some(first) {
                            return Err(format!(
                                "seat {s}: its first five cards were keyed when all decisions were locked in: {}",
                                crate::rules::cards::cards_codes(first)
                            ));
                        }
                    }
                }
                if let Some(r) = results {
                    self.check_results(r, &seats, dealer)?;
                }
                for s in &self.seats {
                    let cards = seats.get(s).map_or(&[][..], |v| &v[..]);
                    // Settled from its result, without its cards (checked above).
                    if cards.is_empty() && results.is_some() {
                        continue;
                    }
                    // A folded hand collected before the reveal is not keyed (§ 657a.11(c));
                    // whether the game and the casino need it is checked in `decide`.
                    if cards.is_empty() && self.folded.contains(s) {
                        continue;
                    }
                    // A void round keys the cards of the seats whose wagers it settles.
                    if cards.is_empty() && self.void.is_some() {
                        continue;
                    }
                    check(&format!("seat {s}"), cards, def.seat_cards)?;
                }
                if let Some(extra) = seats.keys().find(|s| !self.seats.contains(s)) {
                    return Err(format!("seat {extra} is not in this round"));
                }
                if results.is_none() {
                    check("the dealer", dealer, self.dealer_cards())?;
                }
                // With results, the board only where a hand or a wager is read from it.
                let keyed = seats.values().any(|c| !c.is_empty());
                if results.is_none() || self.results_need_community(keyed) || !community.is_empty()
                {
                    check("the community cards", community, self.community_cards())?;
                }
                // Lunar Poker's draws (§ 589.11(d)(2)(i)).
                let mut drawn = BTreeMap::new();
                for (seat, gave, drew) in draws {
                    let Some(kind) = self.draws.get(seat) else {
                        return Err(format!("seat {seat} paid no Options fee to draw"));
                    };
                    let first = seats.get(seat).map_or(&[][..], |v| &v[..]);
                    match kind {
                        DrawKind::Buy if !gave.is_empty() || drew.len() != 1 => {
                            return Err(format!(
                                "seat {seat}: the Options fee buys one sixth card ({})",
                                def.sections.decisions
                            ));
                        }
                        DrawKind::Exchange if !(2..=5).contains(&gave.len()) => {
                            return Err(format!(
                                "seat {seat}: an exchange is of two to five cards, not {} ({})",
                                gave.len(),
                                def.sections.decisions
                            ));
                        }
                        DrawKind::Exchange if drew.len() != gave.len() => {
                            return Err(format!(
                                "seat {seat}: {} cards given up, so {} are dealt, not {}",
                                gave.len(),
                                gave.len(),
                                drew.len()
                            ));
                        }
                        _ => {}
                    }
                    if let Some(c) = gave.iter().find(|c| !first.contains(c)) {
                        return Err(format!(
                            "seat {seat}: {} is not among his cards",
                            c.pretty()
                        ));
                    }
                    check(&format!("seat {seat}'s draw"), drew, drew.len())?;
                    drawn.insert(*seat, (gave.clone(), drew.clone()));
                }
                // From results, a draw is keyed only with the hand's cards.
                let drawn_owed = |s: &u8| results.is_none() || given.contains(s);
                if let Some(seat) = self
                    .draws
                    .keys()
                    .find(|s| drawn_owed(s) && !drawn.contains_key(s))
                {
                    return Err(format!("seat {seat}: key the cards of his draw"));
                }
                let sources = self.hand_sources(&seats, dealer, community, read)?;
                self.cards = seats;
                self.dealer = dealer.clone();
                self.community = community.clone();
                self.drawn = drawn;
                self.meters = meters.clone();
                self.system_draw = *system_draw;
                self.results = results.clone();
                self.step = self.after_cards();
                BankedEvent::CardsKeyed {
                    seats: self.cards.iter().map(|(s, c)| (*s, c.clone())).collect(),
                    dealer: dealer.clone(),
                    community: community.clone(),
                    draws: draws.clone(),
                    meters: meters.clone(),
                    system_draw: *system_draw,
                    sources,
                    results: results.clone(),
                }
            }
            (BankedCommand::Validated { floorperson }, BankedStep::Pay { verify: true }) => {
                self.validated_by = Some(floorperson.clone());
                self.step = BankedStep::Pay { verify: false };
                BankedEvent::Validated {
                    floorperson: floorperson.clone(),
                }
            }
            (BankedCommand::Paid, BankedStep::Pay { verify: false }) => {
                self.paid = true;
                BankedEvent::Paid
            }
            (BankedCommand::Paid, BankedStep::Pay { verify: true }) => {
                return Err(format!(
                    "a floorperson validates these payouts before they are paid ({})",
                    def.sections.decisions
                ));
            }
            (BankedCommand::ProgressiveAccepted { wagers }, _) => {
                self.accept_progressive(wagers)?
            }
            (cmd, step) => {
                return Err(format!("{cmd:?} does not fit the step {step:?}"));
            }
        };
        Ok(event)
    }

    /// The amount a seat wagered in a phase: the multiple of the Ante it decided (0: none).
    pub fn decided(&self, seat: u8, phase: usize) -> Cents {
        self.decisions
            .get(&seat)
            .and_then(|d| d.get(phase))
            .map_or(0, |m| self.ante(seat) * Cents::from(*m))
    }

    /// The round as `deckhand settle` reads it (docs/settle.md).
    pub fn settle_input(&self, meters: &BTreeMap<String, Cents>) -> serde_json::Value {
        use serde_json::json;
        let text = crate::rules::cards::cards_codes;
        let def = self.def();
        let decisions = self.game.def().banked.map(|b| b.decisions);
        let seats: Vec<serde_json::Value> = self
            .seats
            .iter()
            .filter(|s| !self.lost.contains_key(s))
            .map(|s| {
                let mut v = json!({
                    "seat": s,
                    "cards": text(self.cards.get(s).map_or(&[][..], |c| &c[..])),
                    "wagers": self.wagers.get(s).cloned().unwrap_or_default(),
                });
                if let Some((_, r)) = self
                    .results
                    .as_ref()
                    .and_then(|r| r.seats.iter().find(|(k, _)| k == s))
                {
                    v["result"] = json!(r);
                }
                if let Some(d) = decisions {
                    d(self, *s, &mut v);
                }
                v
            })
            .collect();
        let seats = if self.game == GameId::Spanish21 {
            self.settle_seats21()
        } else {
            seats
        };
        let mut round = json!({ "game": self.game.id(), "seats": seats });
        if def.dealer_cards > 0 {
            round["dealer"] = json!(text(&self.dealer));
        }
        // Settled from results: the dealer's qualification where the game has one.
        if let Some(r) = &self.results {
            match def.results.and_then(|d| d.qualifies) {
                Some(_) => round["dealer_qualifies"] = json!(r.dealer_qualifies),
                None => round["by_results"] = json!(true),
            }
        }
        if def.community_cards > 0 {
            round["community"] = json!(text(&self.community));
        }
        if let Some(c) = self.replacement {
            round["dealer_replacement"] = json!(c.to_string());
        }
        // Settled from results, forced: the dealer's new hand as tapped (Lunar Poker).
        if let Some(f) = self.results.as_ref().and_then(|r| r.forced.as_ref()) {
            round["forced_dealer_qualifies"] = json!(f.dealer_qualifies);
            if let Some(seats) = round["seats"].as_array_mut() {
                for v in seats {
                    let seat = v["seat"].as_u64();
                    if let Some((_, r)) = f.seats.iter().find(|(s, _)| Some(u64::from(*s)) == seat)
                    {
                        v["forced"] = json!(r);
                    }
                }
            }
        }
        let wagered = |key: &str| {
            self.wagers
                .iter()
                .filter(|(s, _)| !self.lost.contains_key(s))
                .any(|(_, w)| w.get(key).copied().unwrap_or(0) > 0)
        };
        // The controller's meters by their protocol ids (hw/progressive-protocol.md).
        let mut m = serde_json::Map::new();
        if wagered("progressive")
            && let Some(v) = meters.get(&METER_PROGRESSIVE.to_string())
        {
            m.insert("progressive".into(), json!(v));
        }
        let fchb = wagered("fchb_player") || wagered("fchb_dealer");
        if fchb && let Some(v) = meters.get(&METER_FIVE_CARD_BONUS.to_string()) {
            m.insert("five_card_bonus".into(), json!(v));
        }
        if !m.is_empty() {
            round["meters"] = serde_json::Value::Object(m);
        }
        if fchb && let Some(d) = self.system_draw {
            round["magic_card"] = json!(d.magic_card.to_string());
            round["lucky"] = if d.lucky == 0 {
                json!("dealer")
            } else {
                json!(d.lucky)
            };
        }
        round
    }
}

/// `n` cards at a place, none of them already in `used`, which takes them.
fn take_cards(used: &mut CardSet, what: &str, cards: &[Card], n: usize) -> Result<(), String> {
    if cards.len() != n {
        return Err(format!("{what}: {n} cards, not {}", cards.len()));
    }
    for c in cards {
        if used.contains(*c) {
            return Err(format!("{}: already in play in this round", c.pretty()));
        }
        used.insert(*c);
    }
    Ok(())
}

fn label_of(def: &Def, key: &str) -> &'static str {
    def.spots
        .iter()
        .find(|s| s.key == key)
        .map_or("wager", |s| s.label)
}
