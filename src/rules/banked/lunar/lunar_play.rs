//! Lunar Poker's own steps of the round (Chapter 589), the part the other house-banked games do
//! not have: an Options fee buys a sixth card or an exchange (§ 589.11(b)(3), § 589.11(d)), a
//! player declares his five cards face up for an instant payout or for his Super Wager
//! (§ 589.11(b)(2), § 589.11(c)), all decisions are locked in and those hands and every Super
//! Wager are settled first (§ 589.11(c)), and a forced dealer's highest card is replaced
//! (§ 589.11(e)(2)(ii)). The generic round (`banked::round`) holds this as its `part` and
//! calls these steps where the phase is Lunar Poker's (`Phase::options_fee`, `after_cards`).

use crate::refusal;
use crate::rules::machine::Refusal;

use super::lunar_part::LunarOptions;
use super::lunar_steps::LunarEvent;
use crate::rules::banked::round::{
    BankedEvent, BankedRound, BankedStep, CardCheck, DrawKind, KeyedHands, in_turn, take_cards,
};
use crate::rules::banked::{House, Settlement, Signer};
use crate::rules::cards::{Card, CardSet};
use crate::rules::game_id::GameId;
use std::collections::{BTreeMap, BTreeSet};

impl BankedRound {
    /// The draw `seat` paid an Options fee for, if it did.
    pub fn draw(&self, seat: u8) -> Option<DrawKind> {
        self.lunar().draws.get(&seat).copied()
    }

    /// Lunar Poker: the seats settled when all decisions are locked in (§ 589.11(c)): each
    /// seat that declared and each Super Wager, as `lunar::settle_lock_in` reads them; a
    /// declared seat's cards from `cards`.
    pub fn lock_in_seats(&self) -> Vec<super::Seat> {
        if self.game != GameId::LunarPoker {
            return Vec::new();
        }
        self.seats
            .iter()
            .filter(|s| self.lunar().declared.contains(s) || self.wager(**s, "super") > 0)
            .map(|s| super::Seat {
                seat: *s,
                cards: String::new(),
                wagers: super::Wagers {
                    ante: self.ante(*s),
                    super_wager: self.wager(*s, "super"),
                },
                declared: self.lunar().declared.contains(s),
                draw: None,
                bet: false,
                force: false,
                result: None,
                forced: None,
            })
            .collect()
    }

    /// Lunar Poker's lock-in settlement: the declared hands' instant payouts and every Super
    /// Wager, from the first five cards keyed at lock-in (§ 589.11(c)), with who signs its
    /// payouts under the table's thresholds. The signer is recorded with it, so a replay holds
    /// the signature as the round's own settlement's is held.
    pub fn settle_lock_in(&self, house: &House) -> Result<Settlement, Refusal> {
        let seats: Vec<super::Seat> = self
            .lock_in_seats()
            .into_iter()
            .map(|mut seat| {
                if let Some(c) = self.cards.get(&seat.seat) {
                    seat.cards = crate::rules::cards::cards_codes(c);
                }
                seat
            })
            .collect();
        let mut settled = super::settle_lock_in(
            &seats,
            &house.rules.of::<super::Rules>(),
            &house.paytables,
            house.rules.rounding_unit_cents,
        )
        .map_err(|e| Refusal::from(e).within(|w| format!("Cannot settle the lock-in: {w}")))?;
        settled.signer = house.approvals.signer_for(&settled);
        Ok(settled)
    }

    /// § 589.11(c): at "all decisions are locked in", the declared hands' first five cards, each
    /// of them and only them, keyed face up.
    pub(in crate::rules::banked) fn lock_in_cards(
        &mut self,
        cards: &[(u8, Vec<Card>)],
    ) -> Result<(), Refusal> {
        let def = self.def();
        let at_lock_in =
            matches!(self.step, BankedStep::Reveal { phase } if def.phases[phase].options_fee);
        if !at_lock_in || self.lunar().lock_in.is_some() {
            return Err(Refusal::plain(format!("the lock-in does not fit the step {:?}", self.step)));
        }
        let keyed: BTreeSet<u8> = cards.iter().map(|(s, _)| *s).collect();
        if let Some(s) = self.lunar().declared.iter().find(|s| !keyed.contains(s)) {
            return Err(Refusal::plain(format!("seat {s} declared: key its five cards")));
        }
        if let Some(s) = keyed.iter().find(|s| !self.lunar().declared.contains(s)) {
            return Err(refusal!("§ 589.11(c)(2)(i)", "seat {s} did not declare: its cards stay face down"));
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

    /// § 589.11(c): all decisions are locked in: the declared hands' first five cards keyed and
    /// the lock-in settled from them, with the table's `house`.
    pub(in crate::rules::banked) fn decide_lock_in(
        &mut self,
        cards: &[(u8, Vec<Card>)],
        house: Option<&House>,
    ) -> Result<LunarEvent, Refusal> {
        self.lock_in_cards(cards)?;
        let house = house.ok_or("the table opened without its paytables")?;
        let settlement = self.settle_lock_in(house)?;
        self.lunar_mut()?.lock_in = Some(settlement.clone());
        Ok(LunarEvent::LockedIn {
            cards: cards.to_vec(),
            settlement,
        })
    }

    /// The lock-in as recorded: its cards checked and its settlement taken as it was.
    pub(in crate::rules::banked) fn locked_in(
        &mut self,
        cards: &[(u8, Vec<Card>)],
        settlement: &Settlement,
    ) -> Result<(), Refusal> {
        self.lock_in_cards(cards)?;
        self.lunar_mut()?.lock_in = Some(settlement.clone());
        Ok(())
    }

    /// Who signs the lock-in's payouts before the dealer pays them, under the table's
    /// thresholds (`[table] validate_over_cents`, `supervisor_over_cents`), as the round's own
    /// settlement is signed: `Signer::None` with nothing to sign, once signed, or once paid.
    pub fn lock_in_signer(&self, house: Option<&House>) -> Signer {
        let lunar = self.lunar();
        match (&lunar.lock_in, house) {
            (Some(s), Some(h)) if !lunar.lock_in_paid && lunar.lock_in_validated_by.is_none() => {
                h.approvals.signer_for(s)
            }
            _ => Signer::None,
        }
    }

    /// A floorperson (or, above the supervisor's threshold, a shift supervisor) signed the
    /// lock-in's payouts before they are paid.
    pub(in crate::rules::banked) fn lock_in_validated(
        &mut self,
        floorperson: &crate::rules::people::Person,
    ) -> Result<BankedEvent, Refusal> {
        let lunar = self.lunar();
        if lunar.lock_in.is_none() || lunar.lock_in_paid || lunar.lock_in_validated_by.is_some() {
            return Err(Refusal::plain(format!(
                "no payout waits for a floorperson's validation at the step {:?}",
                self.step
            )));
        }
        self.lunar_mut()?.lock_in_validated_by = Some(floorperson.clone());
        Ok(BankedEvent::Validated {
            floorperson: floorperson.clone(),
        })
    }

    /// The dealer paid the lock-in's settlement, at the reveal after the draws' decision, once
    /// the signer it records has signed (a journal folds no unsigned payment).
    pub(in crate::rules::banked) fn lock_in_paid(&mut self, phase: usize) -> Result<(), Refusal> {
        let lunar = self.lunar();
        let Some(lock_in) = lunar.lock_in.as_ref().filter(|_| !lunar.lock_in_paid) else {
            return Err(Refusal::plain(format!(
                "LockInPaid does not fit the step {:?}",
                BankedStep::Reveal { phase }
            )));
        };
        if lock_in.signer != Signer::None && lunar.lock_in_validated_by.is_none() {
            return Err(refusal!(self.def().sections.decisions, "{} signs the lock-in's payouts before they are paid", crate::rules::banked::upper_first(lock_in.signer.name())));
        }
        self.lunar_mut()?.lock_in_paid = true;
        Ok(())
    }

    /// § 589.11(b)(3): the seat due pays an Options fee (its Ante) to buy a sixth card or to
    /// exchange cards, and decides no more in this phase.
    pub(in crate::rules::banked) fn buy_draw(
        &mut self,
        seat: u8,
        kind: DrawKind,
        phase: usize,
        due: u8,
    ) -> Result<LunarEvent, Refusal> {
        in_turn(seat, due)?;
        self.lunar_mut()?.draws.insert(seat, kind);
        self.pass_turn(seat, phase);
        Ok(LunarEvent::DrawBought {
            seat,
            draw: kind,
            fee: self.ante(seat),
        })
    }

    /// What the seat due may do at a Lunar Poker decision besides the Bet and the fold: buy a
    /// sixth card or exchange for the Options fee (§ 589.11(b)(3), § 589.11(d)), declare a royal
    /// or straight flush for its instant payout (§ 589.11(b)(2)), and declare for its Super
    /// Wager where it made one (§ 589.11(c)(2)). `None` where no such decision of the seat's
    /// is due. The screen draws these buttons; the round decides by the same answer.
    pub fn lunar_options(&self, seat: u8) -> Option<LunarOptions> {
        let BankedStep::Decide { phase, seat: due } = self.step else {
            return None;
        };
        let options_fee = self.def().phases.get(phase).is_some_and(|p| p.options_fee);
        (options_fee && seat == due).then(|| LunarOptions {
            fee: self.ante(seat),
            super_declared: self
                .wagers
                .get(&seat)
                .is_some_and(|w| w.contains_key("super"))
                .then(|| self.lunar().declared.contains(&seat)),
        })
    }

    /// § 589.11(b)(2), § 589.11(c)(2): the seat due declares its five cards face up, for an
    /// instant payout (no Bet: its round ends there) or for its Super Wager (a second tap takes
    /// it back before the decision).
    pub(in crate::rules::banked) fn declare(
        &mut self,
        seat: u8,
        instant: bool,
        phase: usize,
        due: u8,
    ) -> Result<LunarEvent, Refusal> {
        in_turn(seat, due)?;
        if instant {
            // § 589.11(b)(2): no Bet; the round ends for him at the instant payout.
            let lunar = self.lunar_mut()?;
            lunar.declared.insert(seat);
            lunar.instant.insert(seat);
            self.pass_turn(seat, phase);
        } else {
            if self
                .lunar_options(seat)
                .is_none_or(|o| o.super_declared.is_none())
            {
                return Err(refusal!("§ 589.11(c)(2)", "seat {seat} has no Super Wager to declare for"));
            }
            // A second tap takes the declaration back before the decision.
            let declared = &mut self.lunar_mut()?.declared;
            if !declared.remove(&seat) {
                declared.insert(seat);
            }
        }
        Ok(LunarEvent::Declared { seat, instant })
    }

    /// The seat due ends its turn in `phase` with no Bet (0), and the next seat is due.
    fn pass_turn(&mut self, seat: u8, phase: usize) {
        self.decisions.entry(seat).or_default().push(0);
        self.step = self.next_after_phase_decision(phase);
    }

    /// § 589.11(e)(2)(ii): the card that replaced a forced dealer's highest card, one not in
    /// play in this round.
    pub(in crate::rules::banked) fn replace_dealers_card(
        &mut self,
        card: Card,
    ) -> Result<LunarEvent, Refusal> {
        let in_play = self
            .cards
            .values()
            .chain(self.lunar().drawn.values().map(|(_, drew)| drew))
            .flatten()
            .chain(&self.dealer)
            .any(|c| *c == card);
        if in_play {
            return Err(Refusal::plain(format!("{}: already in play in this round", card.pretty())));
        }
        self.lunar_mut()?.replacement = Some(card);
        self.step = BankedStep::Cards;
        Ok(LunarEvent::Replacement { card })
    }

    /// § 589.11(d)(2)(i): the cards each drawing seat gave up and was dealt, checked against
    /// what its fee bought and the cards in play (`check`); every draw owed is keyed (from
    /// results, only with the hand's cards: `given`).
    pub(in crate::rules::banked) fn check_draws(
        &self,
        draws: &[(u8, Vec<Card>, Vec<Card>)],
        hands: &KeyedHands<'_>,
        check: &mut CardCheck<'_>,
    ) -> Result<(), Refusal> {
        let (seats, given, from_results) = (hands.seats, hands.given, hands.from_results);
        let def = self.def();
        // Lunar Poker's draws (§ 589.11(d)(2)(i)).
        let mut drawn = BTreeMap::new();
        for (seat, gave, drew) in draws {
            let Some(kind) = self.lunar().draws.get(seat) else {
                return Err(Refusal::plain(format!("seat {seat} paid no Options fee to draw")));
            };
            let first = seats.get(seat).map_or(&[][..], |v| &v[..]);
            match kind {
                DrawKind::Buy if !gave.is_empty() || drew.len() != 1 => {
                    return Err(refusal!(def.sections.decisions, "seat {seat}: the Options fee buys one sixth card"));
                }
                DrawKind::Exchange if !(2..=5).contains(&gave.len()) => {
                    return Err(refusal!(def.sections.decisions, "seat {seat}: an exchange is of two to five cards, not {}", gave.len()));
                }
                DrawKind::Exchange if drew.len() != gave.len() => {
                    return Err(Refusal::plain(format!(
                        "seat {seat}: {} cards given up, so {} are dealt, not {}",
                        gave.len(),
                        gave.len(),
                        drew.len()
                    )));
                }
                _ => {}
            }
            if let Some(c) = gave.iter().find(|c| !first.contains(c)) {
                return Err(Refusal::plain(format!(
                    "seat {seat}: {} is not among his cards",
                    c.pretty()
                )));
            }
            check(&format!("seat {seat}'s draw"), drew, drew.len())?;
            drawn.insert(*seat, (gave.clone(), drew.clone()));
        }
        // From results, a draw is keyed only with the hand's cards.
        let drawn_owed = |s: &u8| !from_results || given.contains(s);
        if let Some(seat) = self
            .lunar()
            .draws
            .keys()
            .find(|s| drawn_owed(s) && !drawn.contains_key(s))
        {
            return Err(Refusal::plain(format!("seat {seat}: key the cards of his draw")));
        }
        Ok(())
    }
}
