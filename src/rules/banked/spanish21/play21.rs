//! A Spanish 21 round at the table (Chapter 635a), the part that is not a house-banked poker
//! game's phases: the cards are keyed as they are dealt, because each decision depends on them.
//!
//! - § 635a.7(e): two cards face up to each box, the dealer's up card, then the hole card.
//! - § 635a.7(f): Match-the-Dealer settled right after the second card (the settlement pays it).
//! - § 635a.8(a),(b): insurance offered on an ace up, before the hole card is read; § 635a.8(e):
//!   even money for a Blackjack instead, where the Rules Submission offers it.
//! - § 635a.7(g): with an ace or a jack, queen or king up, the card reader tells whether the
//!   dealer has Blackjack; if so, no more cards are dealt.
//! - § 635a.7(h)–(j), § 635a.9–635a.11: each hand in turn from the dealer's left: surrender on
//!   the first two cards, double down (one card, then rescue), split cards of equal value,
//!   stand, or draw below 21.
//! - § 635a.7(k)–(m): the hole card, then the dealer draws to 17 (stands on soft 17), and not at
//!   all when no hand is left for the dealer's total to decide.
//!
//! The casino's choices (re-splits, the insurance chip unit, even money) are offered by the
//! screen and checked by the settlement with the house rules; the round checks what the text
//! fixes.

use crate::rules::banked::round::GameStep;
use crate::refusal;
use crate::rules::machine::Refusal;

pub use super::hands21::{Command21, Hand21, Play21, Step21};
use super::hands21::{ten_value, tot};
use crate::rules::Cents;
use crate::rules::banked::HouseRules;
use crate::rules::banked::round::{BankedRound, BankedStep, HandPlace, Lost};
use crate::rules::cards::{Card, Rank};
use std::collections::BTreeMap;

/// The most times one card can be in a round: a shoe holds at most eight decks (§ 635a.3(a));
/// the settlement checks the casino's six or eight.
pub const MOST_DECKS: usize = 8;

impl BankedRound {
    /// The next thing the round waits for, after the deal.
    fn next21(&self) -> BankedStep {
        let p = self.play21();
        let up = self.dealer.first().copied();
        let Some(up) = up else {
            return Step21::Deal.into();
        };
        // Every box's hand dead: nothing left for the dealer's cards to decide.
        if self.seats.is_empty() {
            return BankedStep::Cards;
        }
        let has_match = self.seats.iter().any(|s| {
            self.wagers
                .get(s)
                .and_then(|w| w.get("match_the_dealer"))
                .is_some_and(|v| *v > 0)
        });
        if has_match && !p.match_called {
            return Step21::MatchTheDealer.into();
        }
        if up.rank == Rank::ACE
            && let Some(seat) = self.seats.iter().find(|s| !p.insurance_asked.contains(s))
        {
            return Step21::Insurance { seat: *seat }.into();
        }
        if (up.rank == Rank::ACE || ten_value(up)) && p.reader_blackjack.is_none() {
            return Step21::Reader.into();
        }
        // § 635a.8(d): losing insurance is collected as soon as the reader says no Blackjack.
        if p.reader_blackjack == Some(false)
            && !p.insurance_collected
            && p.insurance.values().any(|v| *v > 0)
        {
            return Step21::CollectInsurance.into();
        }
        // § 635a.7(h)(1)(i): against a 2 to 9 up, a Blackjack is paid in its turn.
        let low_up = !(up.rank == Rank::ACE || ten_value(up));
        if p.reader_blackjack != Some(true) {
            for s in &self.seats {
                if low_up && p.blackjack(*s) && !p.blackjack_paid.contains(s) {
                    return Step21::PayBlackjack { seat: *s }.into();
                }
                for (i, h) in p.hands.get(s).into_iter().flatten().enumerate() {
                    if !p.hand_done(*s, h) {
                        return Step21::Hand { seat: *s, hand: i }.into();
                    }
                }
            }
        }
        if let Some(seat) = p.owed.first() {
            return Step21::LateCard { seat: *seat }.into();
        }
        if self.dealer_wants_card() {
            return Step21::Dealer.into();
        }
        BankedStep::Cards
    }

    /// § 635a.13(i) applies to box `seat` now: the box is in play with one hand, not doubled,
    /// surrendered or paid, that hand already past the player's turn, and the dealer's hole card
    /// not revealed.
    fn missed_card_applies(&self, seat: u8) -> Result<(), Refusal> {
        let p = self.play21();
        if !self.seats.contains(&seat) {
            return Err(Refusal::plain(format!("seat {seat} has no box in play this round")));
        }
        let before_hole = matches!(
            self.step,
            BankedStep::Own(GameStep::Spanish21(Step21::Hand { .. } | Step21::LateCard { .. }))
        ) || (matches!(self.step, BankedStep::Own(GameStep::Spanish21(Step21::Dealer)))
            && self.dealer.len() < 2);
        if !before_hole {
            return Err(refusal!("§ 635a.13(i)", "a missed card is put right before the dealer's hole card is revealed"));
        }
        let Some(h) = p.hands.get(&seat).filter(|h| h.len() == 1).map(|h| &h[0]) else {
            return Err(refusal!("§ 635a.13(i)", "seat {seat}: a split box is the floorperson's to rule on"));
        };
        if h.double > 0
            || p.surrendered.contains(&seat)
            || p.blackjack_paid.contains(&seat)
            || p.even_money.contains(&seat)
        {
            return Err(refusal!("§ 635a.13(i)", "seat {seat}'s hand is settled or doubled: no card is owed to it"));
        }
        if !p.hand_done(seat, h) {
            return Err(Refusal::plain(format!(
                "it is seat {seat}'s turn: deal the card it asks for now"
            )));
        }
        if !h.stood {
            return Err(refusal!("§ 635a.13(i)", "seat {seat}'s hand is complete without a card asked for"));
        }
        if p.owed.contains(&seat) {
            return Err(Refusal::plain(format!("seat {seat} is already owed its card")));
        }
        Ok(())
    }

    /// § 635a.7(k)–(m): the hole card always; then draws below 17 while a hand is live.
    fn dealer_wants_card(&self) -> bool {
        if self.dealer.len() < 2 {
            return true;
        }
        let Some(t) = tot(&self.dealer, false) else {
            return false;
        };
        if t.blackjack || t.total >= 17 {
            return false;
        }
        // § 635a.7(M): no draw once the dealer's count cannot change an outcome. A player's 21
        // of three or more cards wins against any count of a dealer without Blackjack
        // (§ 635a.7(N)(1),(2),(4)), so it leaves the dealer nothing to draw for.
        let p = self.play21();
        self.seats.iter().any(|s| {
            p.hands.get(s).into_iter().flatten().any(|h| {
                let sure = tot(&h.cards, p.split(*s))
                    .is_some_and(|t| t.total == 21 && !t.blackjack && h.cards.len() >= 3);
                p.live(*s, h, false) && !sure
            })
        })
    }

    /// The cards already in this round.
    pub fn in_play21(&self) -> impl Iterator<Item = &Card> {
        self.play21()
            .hands
            .values()
            .flatten()
            .flat_map(|h| &h.cards)
            .chain(&self.dealer)
    }

    /// A card dealt now: no 10s in a Spanish deck, and no more copies than a shoe holds.
    fn check_cards21(&self, new: &[Card]) -> Result<(), Refusal> {
        for (i, c) in new.iter().enumerate() {
            if c.rank == Rank::TEN {
                return Err(refusal!("§ 635a.3(a)", "{}: Spanish 21 decks have no 10s",
                    c.pretty()));
            }
            let n = self.in_play21().filter(|x| *x == c).count()
                + new[..=i].iter().filter(|x| *x == c).count();
            if n > MOST_DECKS {
                return Err(refusal!("§ 635a.3(a)", "{}: dealt {n} times this round, more than a shoe of {MOST_DECKS} decks holds",
                    c.pretty()));
            }
        }
        Ok(())
    }

    /// The casino's choices a Spanish 21 round plays by: how many times a box may split again
    /// (§ 635a.11(c)).
    pub fn with_resplits(mut self, rules: Option<&HouseRules>) -> BankedRound {
        if self.spanish21().is_some()
            && let Some(r) = rules
        {
            self.play21_mut().resplits = Some(r.of::<crate::rules::banked::spanish21::Rules>().resplits);
        }
        self
    }

    /// Whether the round would take `cmd` now: `Err` gives the reason and its section, as the
    /// round would refuse it. The screen offers a decision only where this is `Ok`, so no rule
    /// of the game lives in the screen (PokerKit's `can_X`/`verify_X`).
    pub fn allows21(&self, cmd: &Command21) -> Result<(), Refusal> {
        let mut probe = self.clone();
        probe.apply21(cmd)
    }

    pub(in crate::rules::banked) fn apply21(&mut self, cmd: &Command21) -> Result<(), Refusal> {
        let BankedStep::Own(GameStep::Spanish21(step)) = self.step.clone() else {
            return Err(Refusal::plain(format!("{cmd:?} does not fit the step {:?}", self.step)));
        };
        self.play21_mut();
        if let Command21::CoverCard { seat } = cmd {
            if let Some(s) = seat
                && !self.seats.contains(s)
            {
                return Err(Refusal::plain(format!("seat {s} has no box in this round")));
            }
            let p = self.play21_mut();
            p.cover_card = true;
            p.cover_at = *seat;
            return Ok(());
        }
        match (cmd, step) {
            (Command21::Dealt { seats, up, read }, Step21::Deal) => {
                self.dealt21(seats, *up, read)?
            }
            (Command21::MatchSettled, Step21::MatchTheDealer) => {
                self.play21_mut().match_called = true;
            }
            (Command21::Insure { seat, amount }, Step21::Insurance { seat: due }) => {
                self.insure21(*seat, *amount, due)?
            }
            (Command21::EvenMoney { seat }, Step21::Insurance { seat: due }) => {
                if *seat != due {
                    return Err(Refusal::plain(format!(
                        "seat {due} is offered insurance now, not seat {seat}"
                    )));
                }
                if !self.play21().blackjack(*seat) {
                    return Err(refusal!("§ 635a.8(e)", "seat {seat}: even money is for a Blackjack"));
                }
                let p = self.play21_mut();
                p.insurance_asked.insert(*seat);
                p.even_money.insert(*seat);
            }
            (Command21::Reader { blackjack }, Step21::Reader) => {
                self.play21_mut().reader_blackjack = Some(*blackjack);
            }
            (Command21::BlackjackPaid, Step21::PayBlackjack { seat }) => {
                self.play21_mut().blackjack_paid.insert(seat);
            }
            (Command21::InsuranceCollected, Step21::CollectInsurance) => {
                self.play21_mut().insurance_collected = true;
            }
            (Command21::Card { card, .. }, Step21::Dealer) => self.dealer_card21(*card)?,
            (Command21::CardOwed { seat }, _) => {
                self.missed_card_applies(*seat)?;
                self.play21_mut().owed.insert(*seat);
            }
            (Command21::Card { card, .. }, Step21::LateCard { seat }) => {
                self.check_cards21(&[*card])?;
                let p = self.play21_mut();
                p.owed.remove(&seat);
                if let Some(h) = p.hands.get_mut(&seat).and_then(|h| h.first_mut()) {
                    h.cards.push(*card);
                }
            }
            (Command21::DeadHand { seat }, _) => self.dead_hand21(*seat)?,
            (cmd, Step21::Hand { seat, hand }) => self.play_hand(cmd, seat, hand)?,
            (cmd, step) => return Err(Refusal::plain(format!("{cmd:?} does not fit the step {step:?}"))),
        }
        self.step = self.next21();
        Ok(())
    }

    /// § 635a.7(e): the two cards of each box dealt and the dealer's up card; a box dealt
    /// nothing is dead (§ 635a.13(h)).
    fn dealt21(
        &mut self,
        seats: &[(u8, Vec<Card>)],
        up: Card,
        read: &[(HandPlace, Vec<Card>)],
    ) -> Result<(), Refusal> {
        let mut seats: BTreeMap<u8, Vec<Card>> = seats.iter().cloned().collect();
        // § 635a.13(h): a box that received no cards is dead; its wagers are returned
        // and the player is in the next deal.
        let dead: Vec<u8> = self
            .seats
            .iter()
            .copied()
            .filter(|s| seats.get(s).is_some_and(|c| c.is_empty()))
            .collect();
        if dead.len() == self.seats.len() {
            return Err(refusal!("§ 635a.7(e)", "no box has its cards: key the two cards of each box dealt"));
        }
        for s in &dead {
            seats.remove(s);
        }
        for s in self.seats.iter().filter(|s| !dead.contains(s)) {
            let cards = seats.get(s).map_or(&[][..], |v| &v[..]);
            if cards.len() != 2 {
                return Err(refusal!(
                    "§ 635a.7(e)",
                    "seat {s}: two cards face up, not {}",
                    cards.len()
                ));
            }
        }
        if let Some(extra) = seats.keys().find(|s| !self.seats.contains(s)) {
            return Err(Refusal::plain(format!("seat {extra} has no Spanish 21 Wager this round")));
        }
        let dealt: Vec<Card> = seats.values().flatten().copied().chain([up]).collect();
        self.check_cards21(&dealt)?;
        // A reading is of the boxes dealt and the up card, never of the hole card.
        for (place, cards) in read {
            let fits = match place {
                HandPlace::Seat(s) => self.seats.contains(s) && cards.len() <= 2,
                HandPlace::Dealer => cards.len() <= 1,
                HandPlace::Community => false,
            };
            if !fits {
                return Err(Refusal::plain(format!(
                    "the shoe's reading of {} is not a hand of this deal",
                    place.words()
                )));
            }
        }
        let p = self.play21_mut();
        p.hands = seats
            .iter()
            .map(|(s, c)| {
                (
                    *s,
                    vec![Hand21 {
                        cards: c.clone(),
                        ..Default::default()
                    }],
                )
            })
            .collect();
        self.dealer = vec![up];
        self.cards = seats;
        for s in dead {
            self.hand_dead(s, "§ 635a.13(h)", "No cards were dealt to the box");
        }
        Ok(())
    }

    /// § 635a.8(b): the insurance seat `due` is offered, up to half its wager.
    fn insure21(&mut self, seat: u8, amount: Cents, due: u8) -> Result<(), Refusal> {
        if seat != due {
            return Err(Refusal::plain(format!(
                "seat {due} is offered insurance now, not seat {seat}"
            )));
        }
        let wager = self.ante(seat);
        // § 635a.8(b): up to half the wager, or the casino's next chip unit above half;
        // the settlement checks the unit (`[house.spanish-21]`), the round the wager.
        if amount < 0 || amount > wager {
            return Err(refusal!("§ 635a.8(b)", "insurance of {} is more than the {} wager; it is at most half of it",
                crate::rules::money(amount),
                crate::rules::money(wager)));
        }
        let p = self.play21_mut();
        p.insurance_asked.insert(seat);
        if amount > 0 {
            p.insurance.insert(seat, amount);
        }
        Ok(())
    }

    /// A dealer's card; the hole card agrees with what the reader said (§ 635a.13).
    fn dealer_card21(&mut self, card: Card) -> Result<(), Refusal> {
        self.check_cards21(&[card])?;
        if self.dealer.len() == 1 {
            let bj = tot(&[self.dealer[0], card], false).is_some_and(|t| t.blackjack);
            let said = self.play21().reader_blackjack;
            if said == Some(true) && !bj {
                return Err(refusal!("§ 635a.13", "{} gives the dealer no Blackjack, but the reader said Blackjack: report the irregularity",
                    card.pretty()));
            }
            if said == Some(false) && bj {
                return Err(refusal!("§ 635a.13", "{} gives the dealer Blackjack, but the reader said none: report the irregularity",
                    card.pretty()));
            }
        }
        self.dealer.push(card);
        Ok(())
    }

    /// § 635a.13(i): a hand whose requested card was not dealt, called dead by its player.
    fn dead_hand21(&mut self, seat: u8) -> Result<(), Refusal> {
        // Its Match-the-Dealer was settled at the table on the first two cards; the
        // section returns only the Spanish 21 Wager (§ 635a.13(i)).
        if self.wager(seat, "match_the_dealer") > 0 {
            return Err(refusal!("§ 635a.13(i)", "seat {seat} has a Match-the-Dealer Wager settled on its cards: the floorperson rules on this hand"));
        }
        self.missed_card_applies(seat).or_else(|e| {
            // Owed a card, the player may still choose to have the hand dead.
            if self.play21().owed.contains(&seat) {
                Ok(())
            } else {
                Err(e)
            }
        })?;
        self.play21_mut().owed.remove(&seat);
        self.hand_dead(
            seat,
            "§ 635a.13(i)",
            "The player's requested card was not dealt and he chose to call the hand dead",
        );
        Ok(())
    }

    /// The box's hand is dead: it takes no further part and its wagers still on the layout are
    /// returned at settlement, with the section.
    fn hand_dead(&mut self, seat: u8, section: &str, why: &str) {
        self.seats.retain(|s| *s != seat);
        self.returned.insert(
            seat,
            Lost {
                section: section.into(),
                why: why.into(),
                options_fee: false,
            },
        );
    }

    fn play_hand(&mut self, cmd: &Command21, seat: u8, hand: usize) -> Result<(), Refusal> {
        let wager = self.ante(seat);
        if let Command21::Card { card, .. } = cmd {
            self.check_cards21(&[*card])?;
        }
        let p = self.play21_mut();
        let split = p.hands.get(&seat).is_some_and(|h| h.len() > 1);
        let hands = p.hands.entry(seat).or_default();
        let (count, resplits) = (hands.len(), p.resplits);
        let Some(h) = hands.get_mut(hand) else {
            return Err(Refusal::plain(format!("seat {seat} has no hand {}", hand + 1)));
        };
        let t = tot(&h.cards, split).ok_or("the hand has no cards")?;
        let first_two = h.first_two();
        match cmd {
            Command21::Card { card, .. } => {
                if h.double > 0 && h.cards.len() >= 3 {
                    return Err(refusal!("§ 635a.7(j)(2)", "after a double down, one additional card only"));
                }
                h.cards.push(*card);
            }
            Command21::Stand => {
                if h.cards.len() < 2 {
                    return Err(refusal!("§ 635a.11(b)", "deal the split hand's second card first"));
                }
                if h.double > 0 && h.cards.len() < 3 {
                    return Err(refusal!("§ 635a.10(a)", "deal the double down card first"));
                }
                h.stood = true;
            }
            Command21::Double { amount } => {
                if !first_two || t.blackjack {
                    return Err(refusal!("§ 635a.10(a)", "a double down is on the first two cards of a hand, not on Blackjack"));
                }
                if *amount <= 0 || *amount > wager {
                    return Err(refusal!("§ 635a.10(a)", "a double down of {} is above the original wager of {}",
                        crate::rules::money(*amount),
                        crate::rules::money(wager)));
                }
                h.double = *amount;
            }
            Command21::Rescue => {
                if h.double == 0 || h.cards.len() < 3 || t.bust {
                    return Err(refusal!("§ 635a.10(d)", "a rescue takes back a Double Down Wager after its card, under 22"));
                }
                h.rescue = true;
            }
            Command21::Split => {
                if !h.splittable() {
                    return Err(refusal!("§ 635a.11(a)", "a split is of the first two cards when they are equal in value"));
                }
                if let Some(more) = resplits
                    && count >= 2 + usize::from(more)
                {
                    return Err(refusal!("§ 635a.11(c)", "{count} hands already: this casino allows {more} more split(s) after the first"));
                }
                let second = h.cards.pop().expect("two cards");
                hands.insert(
                    hand + 1,
                    Hand21 {
                        cards: vec![second],
                        ..Default::default()
                    },
                );
            }
            Command21::Surrender => {
                if !first_two || split || hand != 0 {
                    return Err(refusal!("§ 635a.9(a)", "surrender is the first decision, on the first two cards"));
                }
                p.surrendered.insert(seat);
            }
            other => return Err(Refusal::plain(format!("{other:?} is not a decision on a hand"))),
        }
        Ok(())
    }
}

