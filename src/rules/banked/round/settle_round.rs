//! What a house-banked round settles besides the paytables: the rules' settlement of the round
//! in play (`settle`), the wagers lost before it (a player who left, or forfeited) and the boxes
//! returned, the wagers settled at the table before the end (Lunar Poker's lock-in, Spanish 21's
//! Match-the-Dealer, even money and insurance), a void round's refunds and the wagers it still
//! settles, and the round as `deckhand settle` reads it (docs/settle.md).

use super::*;
use crate::rules::banked::{Outcome, Totals, WagerResult, label, lower_first};

impl BankedRound {
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
                // A fee, split or doubled wagers: what else the game has on the layout.
                let total = wagers + decided + self.part().also_on_layout(self, *s);
                (*s, total - self.settled_early(*s))
            })
            .collect()
    }

    /// When a settlement line's wager was already settled at the table, in words for the pay
    /// screen: Lunar Poker's lock-in (§ 589.11(c)) and what is collected after it (§ 589.11(d)),
    /// Spanish 21's Match-the-Dealer (§ 635a.7(f)),
    /// an even money (§ 635a.8(e)), losing insurance collected after the reader (§ 635a.8(d)), a
    /// Blackjack paid against a 2 to 9 up (§ 635a.7(h)(1)(i)). `None`: settled now.
    pub fn settled_at_table(&self, seat: u8, wager: &str) -> Option<&'static str> {
        self.part().settled_at_table(self, seat, wager)
    }

    /// Wagers already settled at the table before the round's end, which a void round does not
    /// return: Lunar Poker's instant payouts and Super Wagers at lock-in (§ 589.11(c)), Spanish
    /// 21's Match-the-Dealer after the deal (§ 635a.7(f)), an even money (§ 635a.8(e)) and
    /// losing insurance collected after the reader (§ 635a.8(d)).
    pub(super) fn settled_early(&self, seat: u8) -> Cents {
        let game = self.part().settled_early(self, seat);
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
        game + void
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

    /// The settlement of the keyed round, from the table's paytables and choices: the same
    /// function as `deckhand settle` reading the same input (docs/settle.md).
    pub fn settle(&self, house: &House) -> Result<Settlement, Refusal> {
        let mut s = self.settle_in_play(house)?;
        self.add_lost(&mut s)?;
        Ok(s)
    }

    /// The seats still in play, settled by their game.
    pub(super) fn settle_in_play(&self, house: &House) -> Result<Settlement, Refusal> {
        if self.seats.iter().all(|s| self.lost.contains_key(s)) {
            // Every player's wagers were lost: no hand is settled.
            return Ok(Settlement {
                game: self.game.id().to_string(),
                paytables: BTreeMap::new(),
                dealer: None,
                results: vec![],
                seats: vec![],
                meters: vec![],
                totals: Totals {
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
        let mut s = GamePart::settle(self, &self.meters, house)
            .map_err(|e| Refusal::from(e).within(|w| format!("Cannot settle: {w}")))?;
        // What the game paid before the cards (Lunar Poker's lock-in) was handed over then:
        // the signature covers what is paid now.
        let mut rest = s.clone();
        if let Some(early) = self.part().paid_before() {
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
    pub(super) fn lose(&mut self, seat: u8, lost: &Lost) -> Result<(), Refusal> {
        if matches!(self.step, BankedStep::Wagers | BankedStep::Deal) {
            return Err(Refusal::plain(format!(
                "seat {seat} has no cards yet: before the deal, take the seat out instead"
            )));
        }
        if self.settlement.is_some() || self.void.is_some() {
            return Err(Refusal::plain(format!(
                "seat {seat}: the round is past its wagers' decisions"
            )));
        }
        if !self.wagers.contains_key(&seat) {
            return Err(Refusal::plain(format!(
                "seat {seat} has no wager in this round"
            )));
        }
        if self.lost.contains_key(&seat) {
            return Err(Refusal::plain(format!(
                "seat {seat}'s wagers are already lost"
            )));
        }
        let mut lost = lost.clone();
        // The game's part drops the seat (Lunar Poker's draw and declaration), and says
        // whether a fee was lost with the wagers; a game may refuse it (Spanish 21).
        lost.options_fee = self.part.get_mut().lose(seat)?;
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
        stakes.extend(self.part().fees(self, seat));
        stakes.retain(|(wager, _)| {
            !self.part().paid_before().is_some_and(|l| {
                l.results
                    .iter()
                    .any(|w| w.seat == seat && w.wager == *wager)
            })
        });
        stakes
    }

    pub(super) fn add_lost(&self, s: &mut Settlement) -> Result<(), Refusal> {
        self.add_returned(s);
        for (seat, lost) in &self.lost {
            for (wager, stake) in self.lost_stakes(*seat) {
                let why = lower_first(lost.why.trim_end_matches('.'));
                let explanation = format!(
                    "{}: {why} ({}) → loses {}",
                    label(&wager),
                    lost.section,
                    crate::rules::money(stake)
                );
                let section = lost.section.clone();
                s.results.push(WagerResult::whole(
                    Outcome::Lose,
                    *seat,
                    wager,
                    stake,
                    explanation,
                    section,
                ));
                let overflow = || format!("seat {seat}: the wagers lost overflow the totals");
                s.totals.players = s.totals.players.checked_sub(stake).ok_or_else(overflow)?;
                s.totals.house = s.totals.house.checked_add(stake).ok_or_else(overflow)?;
            }
        }
        Ok(())
    }

    /// Adds to a settlement the wagers of the dead boxes, returned, with the section
    /// (§ 635a.13(h),(i)): the Spanish 21 Wager, and a Match-the-Dealer not settled yet.
    pub(super) fn add_returned(&self, s: &mut Settlement) {
        for (seat, why) in &self.returned {
            // A box called dead later has no Match-the-Dealer wager (refused), and a box dead
            // at the deal never had its Match settled: every wager on it is returned.
            for (key, stake) in self.wagers.get(seat).into_iter().flatten() {
                let wager = match key.as_str() {
                    "ante" => "spanish-21".to_string(),
                    k => k.replace('_', "-"),
                };
                let explanation = format!(
                    "{}: {}, the hand is dead ({}) → returned {}",
                    label(&wager),
                    lower_first(why.why.trim_end_matches('.')),
                    why.section,
                    crate::rules::money(*stake)
                );
                let section = why.section.clone();
                s.results.push(WagerResult::whole(
                    Outcome::Push,
                    *seat,
                    wager,
                    *stake,
                    explanation,
                    section,
                ));
            }
        }
    }

    /// The round as its game's settlement reads it, as `deckhand settle` reads it
    /// (docs/settle.md).
    pub fn settle_input(&self, meters: &BTreeMap<String, Cents>) -> serde_json::Value {
        GamePart::settle_input(self, meters)
    }
}
