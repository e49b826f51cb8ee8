//! The end of a hand: a voided Stud hand (§ 637a.18(m)), the reshuffles when the stub runs
//! short, the pots built and awarded at the showdown or to the last player (§ 637a.7(d),(e)(6)).

use crate::refusal;
use crate::rules::machine::Refusal;

use super::*;

impl Hand {
    /// § 637a.18(m): a Seven-card Stud seat may be voided in the first deal, when both of its
    /// hole cards were turned up, before the up cards are in, unless only one player would be
    /// left.
    pub fn may_void(&self, seat: u8) -> bool {
        self.voidable(seat).is_ok()
    }

    /// § 637a.18(e): at the showdown "any player holding a losing hand may concede"; the last
    /// hand not conceded is the winning hand, "clearly displayed in its entirety". `conceded`:
    /// the seats that conceded so far. The showdown screen offers the concession only where
    /// this is `Ok`.
    pub fn may_concede(
        &self,
        seat: u8,
        conceded: &std::collections::BTreeSet<u8>,
    ) -> Result<(), Refusal> {
        let order = match &self.step {
            Step::Showdown { order } => order,
            Step::Winners { seats } => seats,
            _ => {
                return Err(refusal!(
                    "§ 637a.18(e)",
                    "a hand is conceded at the showdown"
                ));
            }
        };
        if !order.contains(&seat) {
            return Err(Refusal::plain(format!(
                "seat {seat} is not in the showdown"
            )));
        }
        if conceded.contains(&seat) {
            return Err(Refusal::plain(format!("seat {seat} conceded already")));
        }
        if order.iter().all(|s| *s == seat || conceded.contains(s)) {
            return Err(refusal!(
                "§ 637a.18(e)",
                "seat {seat} holds the last hand: the winning hand is shown in its entirety"
            ));
        }
        Ok(())
    }

    pub(super) fn voidable(&self, seat: u8) -> Result<(), Refusal> {
        let first_stud_deal = match &self.step {
            Step::Deal {
                seats, down, up, ..
            } => {
                self.procedure.stud.is_some()
                    && *down >= 2
                    && *up > 0
                    && seats.contains(&seat)
                    && self.players.iter().all(|p| p.up.is_empty())
            }
            _ => false,
        };
        if !first_stud_deal {
            return Err(refusal!(
                "§ 637a.18(m)",
                "a hand is voided for two hole cards turned up in the first deal of Seven-card Stud"
            ));
        }
        if self.live().len() <= 2 {
            return Err(refusal!(
                "§ 637a.18(m)",
                "voiding this hand would leave one player: call the floor to void the round"
            ));
        }
        Ok(())
    }

    pub(super) fn void_hand(&mut self, seat: u8) -> Result<(), Refusal> {
        self.voidable(seat)?;
        let Step::Deal { seats, down, .. } = &mut self.step else {
            return Err("no deal is under way".into());
        };
        seats.retain(|s| *s != seat);
        let down = *down;
        // The two exposed hole cards came from the stub and are collected.
        if down > self.stub {
            return Err(refusal!(
                "§ 637a.7(e)",
                "the stub cannot have held these cards"
            ));
        }
        self.stub -= down;
        self.discards += down;
        let p = self.player(seat);
        let returned = p.put_in;
        p.stack += returned;
        p.put_in = 0;
        p.folded = true;
        self.events.push(HandEvent::HandVoided { seat, returned });
        Ok(())
    }

    /// § 637a.18(k)(3): the seat's protected hand was collected or fouled through no fault of
    /// its player: everything it put in the pot comes back to its stakes, its cards are with the
    /// discards, and the round goes on without it (the last live hand takes the pot).
    pub(super) fn refund_fouled(&mut self, seat: u8) -> Result<(), Refusal> {
        let Some(p) = self.get(seat) else {
            return Err(Refusal::plain(format!("seat {seat} is not in this round")));
        };
        if p.folded {
            return Err(refusal!(
                "§ 637a.18(k)",
                "seat {seat} is out of the round: its hand has no claim on the pot"
            ));
        }
        if self.live().len() <= 1 {
            return Err("the round has one hand left: it takes the pot".into());
        }
        let p = self.player(seat);
        let returned = p.put_in;
        p.stack += returned;
        p.put_in = 0;
        p.folded = true;
        let n = p.cards;
        self.discards += n;
        self.events
            .push(HandEvent::FouledRefunded { seat, returned });
        // The seats that acted in this betting round (since the last one closed).
        let acted: Vec<u8> = self
            .events
            .iter()
            .rev()
            .take_while(|e| !matches!(e, HandEvent::BettingComplete { .. }))
            .filter_map(|e| match e {
                HandEvent::Acted { seat, .. } => Some(*seat),
                _ => None,
            })
            .collect();
        if let Some(street) = self.street.as_mut() {
            // Its chips this betting round went back with the rest: the bet the others face is
            // the largest still in, and a seat that acted and has matched it is done.
            street.street_in.remove(&seat);
            street.current = street.street_in.values().copied().max().unwrap_or(0);
            let current = street.current;
            let street_in = street.street_in.clone();
            street.pending.retain(|s| {
                *s != seat
                    && (street_in.get(s).copied().unwrap_or(0) < current || !acted.contains(s))
            });
            if street.aggressor == Some(seat) {
                street.aggressor = None;
            }
        }
        match &mut self.step {
            Step::Deal { seats, .. } => seats.retain(|s| *s != seat),
            Step::Showdown { order } => order.retain(|s| *s != seat),
            _ => {}
        }
        if self.live().len() == 1 {
            self.close_street();
            self.finish_uncontested();
            return Ok(());
        }
        if let Step::Act { seat: due, .. } = self.step {
            let still_due = self
                .street
                .as_ref()
                .is_some_and(|s| s.pending.front() == Some(&due));
            if still_due {
                self.set_act_step();
            } else {
                self.next_turn();
            }
        }
        Ok(())
    }

    pub(super) fn reshuffle_discards(&mut self, drawing: u8) {
        let n = self.discards;
        self.stub += n;
        self.discards = 0;
        self.events
            .push(HandEvent::DiscardsReshuffled { cards: n, drawing });
    }

    pub(super) fn stakes(&self) -> Vec<Stake> {
        self.players
            .iter()
            .map(|p| Stake {
                seat: p.seat,
                put_in: p.put_in,
                folded: p.folded,
            })
            .collect()
    }

    /// Whether the rake may be taken under "no flop, no drop": the flop in board games, the
    /// second betting round elsewhere (the house's reading, documented).
    pub(super) fn drop_allowed(&self) -> bool {
        if self
            .procedure
            .phases
            .iter()
            .any(|p| matches!(p, Phase::Board { .. }))
        {
            self.board >= 3
        } else {
            self.streets >= 2
        }
    }

    pub(super) fn finish_uncontested(&mut self) {
        let winner = self.live()[0];
        self.events.push(HandEvent::Uncontested { seat: winner });
        // One live seat and amounts checked at start: building the pots cannot fail.
        if let Err(e) = self.settle(vec![], vec![], Showing::default()) {
            debug_assert!(false, "an uncontested pot is always awarded: {e}");
        }
    }

    pub(super) fn settle(
        &mut self,
        shown: Vec<Shown>,
        described: Vec<(u8, String)>,
        showing: Showing,
    ) -> Result<(), Refusal> {
        // Betting not tracked: one pot of unknown size for the seats still in, the rake keyed
        // when it is pushed.
        let built = if self.setup.untracked {
            pots::Pots {
                pots: vec![pots::Pot {
                    amount: 0,
                    eligible: self.live(),
                }],
                uncalled: None,
            }
        } else {
            pots::build(&self.stakes())?
        };
        let total: Cents = self.players.iter().map(|p| p.put_in).sum();
        let uncalled = built.uncalled.map_or(0, |u| u.1);
        let take = PotTake::compute(&self.setup.pot_rules, total, uncalled, self.drop_allowed());
        let mut pots_after = built.pots.clone();
        pots::take_from(&mut pots_after, take.total(), self.setup.award.chip);
        let section_name = self.procedure.second_half.unwrap_or("low");
        let awards = pots::award(
            &pots_after,
            &shown,
            &self.table_order(),
            &self.setup.award,
            section_name,
        )?;
        let totals = pots::totals(&awards, built.uncalled);
        for (seat, c) in &totals {
            self.player(*seat).stack += c;
        }
        let result = HandResult {
            pots: awards,
            uncalled: built.uncalled,
            take,
            totals,
            shown: described,
            hands: showing.hands,
            board: showing.board,
            bad_beat: showing.bad_beat,
        };
        self.events.push(HandEvent::Awarded {
            result: result.clone(),
        });
        self.result = Some(result);
        self.step = Step::Complete;
        Ok(())
    }

    pub(super) fn showdown(
        &mut self,
        order: &[u8],
        hands: Vec<(u8, Vec<Card>)>,
        board: Vec<Card>,
    ) -> Result<(), Refusal> {
        let game = self.setup.game;
        let mut seen: Vec<Card> = Vec::new();
        for c in hands.iter().flat_map(|(_, h)| h).chain(&board) {
            if seen.contains(c) {
                return Err(Refusal::plain(format!("{c} is entered twice")));
            }
            seen.push(*c);
        }
        let board_game = self
            .procedure
            .phases
            .iter()
            .any(|p| matches!(p, Phase::Board { .. }));
        let want_board = if board_game {
            self.board
        } else {
            self.common.len() as u8
        };
        if board.len() != usize::from(want_board) {
            return Err(Refusal::plain(format!(
                "enter the {want_board} {} cards; {} were entered",
                if board_game { "community" } else { "common" },
                board.len()
            )));
        }
        if !board_game && board != self.common {
            return Err("the common card entered is not the one dealt".into());
        }
        let mut shown = Vec::new();
        let mut described = Vec::new();
        for (seat, cards) in &hands {
            if !order.contains(seat) {
                return Err(Refusal::plain(format!(
                    "seat {seat} is not in the showdown"
                )));
            }
            let p = self.get(*seat).ok_or("unknown seat")?;
            let own = usize::from(p.cards) - if board_game { 0 } else { self.common.len() };
            if cards.len() != own {
                return Err(Refusal::plain(format!(
                    "seat {seat} holds {own} cards; {} were entered",
                    cards.len()
                )));
            }
            let discards = self
                .procedure
                .phases
                .iter()
                .any(|p| matches!(p, Phase::Discard { .. }));
            for u in p.up.iter().filter(|_| !discards) {
                if !cards.contains(u) {
                    return Err(Refusal::plain(format!(
                        "seat {seat}'s hand must include its up card {u}"
                    )));
                }
            }
            let e = crate::rules::registry::evaluate(game, cards, &board)?;
            let (second, second_cards) = match (&e.low, &e.badugi) {
                (Some(Some(l)), _) => (Some(l.value), l.cards.clone()),
                (Some(None), _) => (None, vec![]),
                (None, Some(b)) => (Some(b.value), b.cards.clone()),
                (None, None) => (None, vec![]),
            };
            let mut text = e.description.clone();
            match (&e.low, &e.badugi) {
                (Some(Some(l)), _) => text.push_str(&format!("; low {}", l.description)),
                (Some(None), _) => text.push_str("; no low"),
                (None, Some(b)) => text.push_str(&format!("; Badugi {}", b.description)),
                _ => {}
            }
            described.push((*seat, text));
            shown.push(Shown {
                seat: *seat,
                first: e.value,
                first_cards: e.cards,
                second,
                second_cards,
            });
        }
        if shown.is_empty() {
            return Err(refusal!("§ 637a.18(e)", "enter at least the winning hand"));
        }
        // § 637a.15: the posted qualifying losing hand, beaten, holds the round for the shift
        // supervisor (every game the posted Bad Beat rules rank: `jackpots::bad_beat`).
        let bad_beat = self
            .setup
            .pot_rules
            .bad_beat_rules
            .as_ref()
            .and_then(|rules| {
                crate::rules::poker::jackpots::bad_beat(
                    game,
                    rules,
                    &hands,
                    &board,
                    self.players.len() as u8,
                )
            });
        // Conceded hands lose; a live seat that shows nothing concedes (§ 637a.18(f)).
        self.settle(
            shown,
            described,
            Showing {
                hands,
                board,
                bad_beat,
            },
        )
    }
}
