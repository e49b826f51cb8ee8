//! A house-banked round at the table, step by step: wagers until "no more bets" (§ x.7), the
//! deal by the table's dealing method (§ x.8 manual dealing shoe, § x.9 from the hand, § x.10
//! automated dealing shoe), each player's decisions with the community or dealer cards revealed
//! between them (§ x.11), the cards keyed at settlement, the settlement from the paytables
//! (the game's `Def::settle`, as `deckhand settle` reads the round), a floorperson's
//! validation where a payout needs one, and "paid".
//!
//! The games' wagers, card counts and decision phases are data ([`Def`]); the settlement itself
//! stays in each game's module. Pure: a dealer's command is decided into the events that say
//! what happened ([`BankedRound::decide`]); the journal keeps those, and [`BankedRound::apply`]
//! folds them into the round. When the last card is keyed the rules settle the round from the
//! paytables the table opened with ([`House`]) and the event carries the typed [`Settlement`].

use crate::refusal;
use crate::rules::machine::Refusal;

use super::{House, Settlement};
use crate::rules::Cents;
use crate::rules::cards::{Card, CardSet};
use crate::rules::dealing::Dealing;
use crate::rules::game_id::GameId;
use serde::{Deserialize, Serialize};
use std::collections::{BTreeMap, BTreeSet};

mod decision_choices;
mod game_part;
mod game_round;
pub use game_part::{GameCommand, GameEvent, GameKeyed, GamePart, GameStep, NoPart, RoundPart};
pub use game_round::{GameRound, Settle, settle_body};
pub mod hand_place;
mod keyed_cards;
mod own_steps;
pub(in crate::rules::banked) use keyed_cards::take_cards;
pub use own_steps::{
    CardCheck, KeyedHands, NoKeyed, Nothing, OwnSteps, StepData, fold_by_deciding,
};
mod progressive;
mod read;
mod round_def;
mod settle_round;
mod step_event;
mod tapped_results;
mod wagers;
pub use wagers::SamePlayerChoice;

pub use decision_choices::DecisionChoice;
pub use hand_place::*;
pub use read::*;
use round_def::RoundOf;
pub use round_def::*;
pub use step_event::*;
pub use tapped_results::*;

#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct BankedRound {
    pub game: GameId,
    /// The game's round definition, handed in when the round starts (`registry::start_round`
    /// reads it from the registry): the round never looks its game up.
    #[serde(skip)]
    def: RoundOf,
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
    pub validated_by: Option<crate::rules::people::Person>,
    pub paid: bool,
    /// The table's posted Ante limits, minimum and maximum (0: none), from the configuration.
    #[serde(default)]
    pub ante_limits: (Cents, Cents),
    /// The table's posted minimum and maximum of each other wager, by key (0: none).
    #[serde(default)]
    pub side_limits: BTreeMap<String, (Cents, Cents)>,
    /// The game's own part of the round (Lunar Poker's draws and lock-in, Spanish 21's hands,
    /// Texas Hold 'Em Bonus's system draw), asked through [`RoundPart`].
    pub(in crate::rules::banked) part: GamePart,
    /// The progressive meters when the cards were keyed (the settlement pays from them).
    #[serde(default)]
    pub meters: BTreeMap<String, Cents>,
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
    pub boxes_per_player: u8,
    /// The automated dealing shoe dispensed the community cards before the players' stacks
    /// (§ 677a.10(g), § 647a.10(g), § 655a.10(g)): they are turned face up, nothing burnt.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub board_first: bool,
    /// The side wagers this casino does not offer, with the section that lets it choose
    /// (`Def::not_offered`): the round refuses them.
    #[serde(default, skip_serializing_if = "BTreeMap::is_empty")]
    pub not_offered: BTreeMap<String, String>,
    /// The hands settled from their results, tapped by the dealer (`results.rs`).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub results: Option<Results>,
}

/// The progressive controller's meter of the table's Progressive Payout Wager
/// (hw/progressive-protocol.md, "Meters").
pub const METER_PROGRESSIVE: u8 = 1;
/// The controller's Five Card Hand Bonus meter at a Texas Hold 'Em Bonus table (§ 647a.12(e)).
pub const METER_FIVE_CARD_BONUS: u8 = 2;

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
    /// A round of the game `def` defines, dealt by `dealing` to `seats`.
    pub fn start(
        def: &'static Def,
        dealing: Dealing,
        seats: &[u8],
    ) -> Result<BankedRound, Refusal> {
        let game = def.game;
        let part =
            GamePart::of(game).ok_or_else(|| format!("{} is not house-banked", game.id()))?;
        if seats.is_empty() {
            return Err("tap at least one player's seat".into());
        }
        if let Some(s) = seats.iter().find(|s| **s == 0 || **s > def.positions) {
            return Err(refusal!(
                def.sections.positions,
                "seat {s}: the layout has betting positions 1 to {}",
                def.positions
            ));
        }
        Ok(BankedRound {
            game,
            def: RoundOf(def),
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
            part,
            meters: BTreeMap::new(),
            revealed: BTreeSet::new(),
            void: None,
            lost: BTreeMap::new(),
            returned: BTreeMap::new(),
            joined: BTreeSet::new(),
            boxes_per_player: 1,
            board_first: false,
            not_offered: BTreeMap::new(),
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

    /// What `seat` placed on the spot `key` (0: nothing).
    pub fn wager(&self, seat: u8, key: &str) -> Cents {
        self.wagers
            .get(&seat)
            .and_then(|w| w.get(key))
            .copied()
            .unwrap_or(0)
    }

    pub fn def(&self) -> &'static Def {
        self.def.0
    }

    pub fn ante(&self, seat: u8) -> Cents {
        self.wager(seat, "ante")
    }

    /// The dealer's cards the settlement keys: none for a void round's wagers that do not
    /// need them.
    pub fn dealer_cards(&self) -> usize {
        match &self.void {
            Some(v) if !v.dealer => 0,
            // No hand plays against the dealer (the game's part says).
            None if !self.part().dealer_needed(self) => 0,
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

    /// The game's own part of the round, as the generic round asks it.
    pub fn part(&self) -> &dyn RoundPart {
        self.part.get()
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
            .filter(|s| self.part().at_showdown(*s) && self.part().decides(self, *s, who))
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

    pub(in crate::rules::banked) fn next_after_phase_decision(&self, phase: usize) -> BankedStep {
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

    pub(in crate::rules::banked) fn next_phase(&self, after: usize) -> BankedStep {
        let def = self.def();
        let mut phase = after + 1;
        while phase < def.phases.len() && !def.phases[phase].after_cards {
            if let Some(seat) = self.deciders(phase).first() {
                return BankedStep::Decide { phase, seat: *seat };
            }
            // The game may reveal although nobody decided (Lunar Poker's dealer cards after
            // the draws, when a Bet stands).
            if self.part().reveals_unasked(self, phase) {
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
    ) -> Result<Vec<BankedEvent>, Refusal> {
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
            return Err(refusal!(
                def.sections.decisions,
                "seat {s}: its {} cards are keyed",
                def.seat_cards
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
            return Err(refusal!(
                self.def().results.map_or("", |d| d.section),
                "seat {s}: its payout waits for a floorperson's validation: key its cards"
            ));
        }
        // Settled from results with the community cards keyed: a category no hand can be with
        // them is the dealer's slip (Mississippi Stud, § 655a.11(i)), refused at the command;
        // a settlement recorded before this check is replayed as it was settled.
        if let BankedCommand::Cards {
            community,
            results: Some(r),
            ..
        } = cmd
            && let Some(def) = self.def().results
            && let Some(allows) = def.board_allows
            && community.len() == 3
            && let Some((s, c)) = r.seats.iter().find_map(|(s, x)| {
                let c = def.category(&x.category)?;
                (!allows(community, c.id)).then_some((*s, c))
            })
        {
            return Err(refusal!(
                def.section,
                "seat {s}: no hand is {} with the community cards {}: tap its category again",
                crate::rules::banked::settlement::lower_first(c.label),
                crate::rules::cards::pretty_cards(community)
            ));
        }
        let mut next = self.clone();
        let first = match cmd {
            BankedCommand::Own(own) => GamePart::decide_game(&mut next, own, house)?,
            _ => next.act(cmd)?,
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
    pub fn apply(&mut self, e: &BankedEvent) -> Result<(), Refusal> {
        let mut next = self.clone();
        match e {
            BankedEvent::Own(own) => GamePart::fold_game(&mut next, own)?,
            BankedEvent::Settled { settlement } => {
                if !next.ready_to_settle(None) {
                    return Err(Refusal::plain(format!(
                        "a settlement at the step {:?}",
                        next.step
                    )));
                }
                let verify = !settlement.signer.is_none()
                    || settlement.results.iter().any(|w| w.floor_verification);
                next.settlement = Some(settlement.clone());
                next.step = BankedStep::Pay { verify };
            }
            BankedEvent::VoidSettling { settles } => {
                if matches!(next.step, BankedStep::Wagers | BankedStep::Deal)
                    || next.void.is_some()
                    || next.settlement.is_some()
                {
                    return Err(Refusal::plain(format!(
                        "a void that settles wagers at the step {:?}",
                        next.step
                    )));
                }
                if next.def().void.is_none() {
                    return Err(Refusal::plain(format!(
                        "{} settles no wager of a void round",
                        next.game.id()
                    )));
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
                    return Err(Refusal::plain(format!(
                        "seat {seat}'s wagers lost: recorded {stakes:?}, the layout holds {want:?}"
                    )));
                }
                next.lose(*seat, lost)?
            }
            other => {
                let cmd = other
                    .command()
                    .ok_or_else(|| format!("{} is not a dealer's step", other.kind()))?;
                let got = next.act(&cmd)?;
                if got != *other {
                    return Err(Refusal::plain(format!(
                        "recorded {other:?}; the rules give {got:?} for it now"
                    )));
                }
            }
        }
        *self = next;
        Ok(())
    }

    /// Applies one command to the round and says what happened; on a refusal the round may be
    /// half changed, so callers work on a copy.
    pub(in crate::rules::banked) fn act(
        &mut self,
        cmd: &BankedCommand,
    ) -> Result<BankedEvent, Refusal> {
        if let Some(own) = GamePart::act_own(self, cmd) {
            return own;
        }
        let def = self.def();
        let wager_section = def.sections.wagers;
        let event = match (cmd, self.step.clone()) {
            (BankedCommand::Wagers { seat, wagers }, BankedStep::Wagers) => {
                self.place_wagers(seat, wagers)?
            }
            (BankedCommand::SamePlayer { seat, joined }, BankedStep::Wagers) => {
                self.same_player(seat, joined)?
            }
            (BankedCommand::SeatOut { seat }, BankedStep::Wagers) => self.seat_out(seat)?,
            (BankedCommand::NoMoreBets, BankedStep::Wagers) => {
                if self.wagers.is_empty() {
                    return Err(refusal!(
                        wager_section,
                        "no seat has a wager yet: key each player's Ante"
                    ));
                }
                // A seat dealt in without a wager is never dropped silently: the dealer keys
                // its wager or takes it out.
                if let Some(seat) = self.seats.iter().find(|s| !self.wagers.contains_key(s)) {
                    return Err(Refusal::plain(format!(
                        "seat {seat} was dealt in and has no wager: key its wager, or take seat {seat} out"
                    )));
                }
                self.step = self.part().after_bets();
                BankedEvent::BetsClosed {
                    seats: self.seats.clone(),
                }
            }
            (BankedCommand::Dealt, BankedStep::Deal) => {
                self.step = self.next_after_phase_decision(0);
                BankedEvent::Dealt
            }
            (BankedCommand::Decide { seat, multiple }, BankedStep::Decide { phase, .. }) => {
                // What the screen offered (`decision_choices`) is what is taken.
                let amount = self.verify_decision(*seat, *multiple)?;
                let p = &def.phases[phase];
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
                    amount,
                }
            }
            (BankedCommand::Revealed, BankedStep::Reveal { phase }) => {
                if let Some(why) = self.part().reveal_refused(self, phase) {
                    return Err(why);
                }
                self.step = self.next_phase(phase);
                self.revealed.insert(phase);
                BankedEvent::Revealed { phase }
            }
            (BankedCommand::Cards { .. }, BankedStep::Cards) => self.key_cards(cmd)?,
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
                return Err(refusal!(
                    def.sections.decisions,
                    "a floorperson validates these payouts before they are paid"
                ));
            }
            (BankedCommand::ProgressiveAccepted { wagers }, _) => {
                self.accept_progressive(wagers)?
            }
            (cmd, step) => {
                return Err(Refusal::plain(format!(
                    "{cmd:?} does not fit the step {step:?}"
                )));
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
}

/// `n` cards at a place, none of them already in `used`, which takes them.
/// A decision is the seat's whose turn it is.
pub(in crate::rules::banked) fn in_turn(seat: u8, due: u8) -> Result<(), Refusal> {
    if seat != due {
        return Err(Refusal::plain(format!(
            "seat {due} decides now, not seat {seat}"
        )));
    }
    Ok(())
}
