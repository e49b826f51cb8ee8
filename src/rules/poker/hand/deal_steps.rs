//! The hand's steps that put cards and chips on the table before and between the betting
//! rounds: the forced posts, a deal, a Super Seven-card Stud discard and a draw.

use crate::refusal;
use crate::rules::machine::Refusal;

use super::*;

impl Hand {
    /// The antes, blinds or forced bet collected, with the straddle where the seat took it
    /// (§ 637a.11(e)).
    pub(super) fn posted(
        &mut self,
        posts: Vec<(u8, String, Cents)>,
        straddle: Option<(u8, Cents)>,
        wants: bool,
    ) -> Result<(), Refusal> {
        if wants && straddle.is_none() {
            return Err(refusal!(
                self.procedure.section,
                "no straddle here: {}",
                if self.procedure.straddle {
                    "one straddle at most, by the player left of the last blind, if the house offers it"
                } else {
                    "this game has none"
                }
            ));
        }
        let mut street = self.street.take().unwrap_or_default();
        let mut all = posts;
        if wants && let Some((s, a)) = straddle {
            all.push((s, "straddle".into(), a));
            self.straddler = Some(s);
        }
        for (seat, what, amount) in all {
            let (paid, all_in) = self.put(seat, amount);
            // Antes and dead posts go into the pot only; blinds and live posts are the
            // seat's bet in the first betting round.
            if what != "ante" && what != "dead post" {
                *street.street_in.entry(seat).or_insert(0) += paid;
                street.current = street.current.max(street.street_in[&seat]);
            }
            if what == "blind" {
                self.last_blind = Some(seat);
            }
            if what == "forced bet" {
                self.forced_seat = Some(seat);
            }
            self.events.push(HandEvent::Posted {
                seat,
                what,
                amount: paid,
                all_in,
            });
        }
        self.street = Some(street);
        self.phase += 1;
        self.enter_phase();
        Ok(())
    }

    /// A deal step done: the up cards and the common card entered, the cards counted out of
    /// the stub (§ 637a.7(e), § 637a.10(d),(f),(h)).
    pub(super) fn dealt(
        &mut self,
        step: Step,
        up_cards: Vec<(u8, Card)>,
        common_card: Option<Card>,
    ) -> Result<(), Refusal> {
        let Step::Deal {
            label,
            seats,
            burn,
            down,
            up,
            board,
            common,
        } = step
        else {
            return Err("no cards are dealt now".into());
        };
        let stud = self.procedure.stud.is_some();
        if stud && up > 0 {
            let mut got: Vec<u8> = up_cards.iter().map(|(s, _)| *s).collect();
            got.sort_unstable();
            let mut want = seats.clone();
            want.sort_unstable();
            if got != want || up > 1 {
                return Err(refusal!(
                    "§ 637a.10(d),(f)",
                    "enter each player's up card: seats {want:?}"
                ));
            }
        } else if !up_cards.is_empty() {
            return Err("no up cards are dealt now".into());
        }
        if common && common_card.is_none() {
            return Err(refusal!("§ 637a.10(h)", "enter the common card"));
        }
        if !common && common_card.is_some() {
            return Err("no common card is dealt now".into());
        }
        let mut shown: Vec<Card> = self
            .players
            .iter()
            .flat_map(|p| p.up.iter().copied())
            .chain(self.common.iter().copied())
            .collect();
        for c in up_cards.iter().map(|(_, c)| *c).chain(common_card) {
            if shown.contains(&c) {
                return Err(Refusal::plain(format!("{c} is already on the table")));
            }
            shown.push(c);
        }
        if common {
            // § 637a.10(h): with one or no card left, the burn cards are shuffled in.
            if self.stub <= 1 {
                let n = self.burns;
                self.stub += n;
                self.burns = 0;
                self.events.push(HandEvent::BurnsReshuffled { cards: n });
            }
        }
        let per_seat = down + up;
        let need = u8::from(burn) + per_seat * seats.len() as u8 + board + u8::from(common);
        if need > self.stub {
            return Err(refusal!(
                "§ 637a.7(e)",
                "only {} cards are left for {need}: the procedure cannot deal this",
                self.stub
            ));
        }
        self.stub -= need;
        if burn {
            self.burns += 1;
        }
        self.board += board;
        for s in &seats {
            self.player(*s).cards += per_seat;
        }
        for (s, c) in &up_cards {
            self.player(*s).up.push(*c);
        }
        if let Some(c) = common_card {
            self.common.push(c);
            for s in &seats {
                self.player(*s).cards += 1;
            }
        }
        self.events.push(HandEvent::Dealt {
            label,
            seats,
            burned: burn,
            cards: need - u8::from(burn),
            up: up_cards,
            common: common_card,
            stub: self.stub,
        });
        self.phase += 1;
        self.enter_phase();
        Ok(())
    }

    /// § 637a.10(m): the seat whose turn it is discards.
    pub(super) fn discarded(&mut self, seat: u8, count: u8, s: u8) -> Result<(), Refusal> {
        if s != seat {
            return Err(Refusal::plain(format!(
                "seat {seat} discards now, not seat {s}"
            )));
        }
        self.player(seat).cards -= count;
        self.discards += count;
        self.events.push(HandEvent::Discarded { seat, count });
        self.queue.pop_front();
        match self.queue.front().copied() {
            Some(next) => self.step = Step::Discard { seat: next, count },
            None => {
                self.phase += 1;
                self.enter_phase();
            }
        }
        Ok(())
    }

    /// § 637a.13(g), § 637a.20(h): the seat whose turn it is draws, from the discards
    /// reshuffled when the stub runs out.
    pub(super) fn drew(&mut self, seat: u8, max: u8, s: u8, count: u8) -> Result<(), Refusal> {
        if s != seat {
            return Err(refusal!(
                "§ 637a.13(g)",
                "seat {seat} draws now, not seat {s}: one at a time, clockwise"
            ));
        }
        if count > max {
            return Err(Refusal::plain(format!(
                "seat {seat} holds {max} cards and cannot draw {count}"
            )));
        }
        if count > self.stub {
            // § 637a.13(g)(2), § 637a.20(h): the discards, not this player's own.
            self.reshuffle_discards(seat);
            if count > self.stub {
                return Err(Refusal::plain(format!(
                    "only {} cards are left even with the discards reshuffled",
                    self.stub
                )));
            }
        }
        self.stub -= count;
        self.discards += count;
        self.events.push(HandEvent::Drew { seat, count });
        self.queue.pop_front();
        match self.queue.front().copied() {
            Some(next) => {
                let max = self.get(next).map_or(0, |p| p.cards);
                self.step = Step::Draw { seat: next, max };
            }
            None => {
                self.phase += 1;
                self.enter_phase();
            }
        }
        Ok(())
    }
}
