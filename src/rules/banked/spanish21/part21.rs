//! Spanish 21's part of a round as the generic round asks it ([`RoundPart`] for [`Play21`]):
//! the hands are played after "no more bets", doubled and split wagers and insurance stay on the
//! layout, some wagers are settled at the table before the end (Match-the-Dealer § 635a.7(f),
//! even money § 635a.8(e), losing insurance § 635a.8(d), a Blackjack against a 2 to 9 up
//! § 635a.7(h)(1)(i)), and the settlement reads each box's hands.

use crate::rules::banked::round::GameStep;
use crate::rules::machine::Refusal;

use super::hands21::{Play21, Step21};
use super::{DealtBox, WonOnTheDeal, won_on_the_deal};
use crate::rules::banked::House;
use crate::rules::Cents;
use crate::rules::banked::round::{
    BankedRound, BankedStep, GamePart, RoundPart,
};
use std::collections::{BTreeMap, BTreeSet};

/// The Spanish 21 part of another game's round: no hand.
static NO_HANDS: Play21 = Play21 {
    hands: BTreeMap::new(),
    insurance: BTreeMap::new(),
    insurance_asked: BTreeSet::new(),
    surrendered: BTreeSet::new(),
    reader_blackjack: None,
    match_called: false,
    cover_card: false,
    cover_at: None,
    even_money: BTreeSet::new(),
    insurance_collected: false,
    blackjack_paid: BTreeSet::new(),
    owed: BTreeSet::new(),
    resplits: None,
};

impl BankedRound {
    /// The Spanish 21 hands, insurance, surrenders and the card reader's answer; `None` in
    /// another game's round.
    pub fn spanish21(&self) -> Option<&Play21> {
        match &self.part {
            GamePart::Spanish21(p) => Some(p),
            _ => None,
        }
    }

    /// What each seat wins on the deal, as the settlement will pay it, for the dealer to pay in
    /// its turn (Match-the-Dealer § 635a.7(f), a Blackjack § 635a.12(a)): from the seats' first
    /// two cards against the dealer's up card, under the table's `house`. Empty before the up
    /// card or where the tables cannot say.
    pub fn won_on_the_deal(&self, house: &House) -> Vec<WonOnTheDeal> {
        let Some(up) = self.dealer.first().copied() else {
            return Vec::new();
        };
        let boxes: Vec<DealtBox> = self
            .seats
            .iter()
            .map(|s| DealtBox {
                seat: *s,
                cards: self.cards.get(s).map_or(Vec::new(), |c| c.iter().take(2).copied().collect()),
                spanish_21: self.ante(*s),
                match_the_dealer: self.wager(*s, "match_the_dealer"),
            })
            .collect();
        won_on_the_deal(
            up,
            &boxes,
            &house.rules.of::<super::Rules>(),
            &house.paytables,
            house.rules.rounding_unit_cents,
        )
        .unwrap_or_default()
    }

    /// The Spanish 21 part (empty in another game's round).
    pub(super) fn play21(&self) -> &Play21 {
        self.spanish21().unwrap_or(&NO_HANDS)
    }

    /// The Spanish 21 part, to change: a round of the game always has one.
    pub(super) fn play21_mut(&mut self) -> &mut Play21 {
        if !matches!(self.part, GamePart::Spanish21(_)) {
            self.part = GamePart::Spanish21(Play21::default());
        }
        match &mut self.part {
            GamePart::Spanish21(p) => p,
            // Set just above.
            _ => unreachable!("the Spanish 21 part was set"),
        }
    }
}

impl RoundPart for Play21 {
    /// The cards are keyed as they are dealt (§ 635a.7(e)).
    fn after_bets(&self) -> BankedStep {
        BankedStep::Own(GameStep::Spanish21(Step21::Deal))
    }

    /// The wagers of the split hands, the doubles not rescued (§ 635a.10(d)) and insurance.
    fn also_on_layout(&self, round: &BankedRound, seat: u8) -> Cents {
        let hands = self.hands.get(&seat).map_or(&[][..], |h| &h[..]);
        let splits = hands.len().saturating_sub(1) as Cents * round.ante(seat);
        let doubles: Cents = hands.iter().filter(|h| !h.rescue).map(|h| h.double).sum();
        splits + doubles + self.insurance.get(&seat).copied().unwrap_or(0)
    }

    fn settled_early(&self, round: &BankedRound, seat: u8) -> Cents {
        // A box dead before the Match was called was never settled (§ 635a.13(h)).
        let matched = if self.match_called && !round.returned.contains_key(&seat) {
            round.wager(seat, "match_the_dealer")
        } else {
            0
        };
        let even = if self.even_money.contains(&seat) {
            round.ante(seat)
        } else {
            0
        };
        // Losing insurance collected when the reader showed no Blackjack (§ 635a.8(d)).
        let insured = if self.insurance_collected {
            self.insurance.get(&seat).copied().unwrap_or(0)
        } else {
            0
        };
        // A Blackjack against a 2 to 9 up, paid at once (§ 635a.7(h)(1)(i)).
        let blackjack = if self.blackjack_paid.contains(&seat) {
            round.ante(seat)
        } else {
            0
        };
        matched + even + insured + blackjack
    }

    fn settled_at_table(
        &self,
        _round: &BankedRound,
        seat: u8,
        wager: &str,
    ) -> Option<&'static str> {
        match wager {
            "match-the-dealer" if self.match_called => Some("settled after the deal"),
            "insurance" if self.insurance_collected => Some("collected after the reader"),
            "spanish-21" if self.blackjack_paid.contains(&seat) => Some("paid at once"),
            "spanish-21" if self.even_money.contains(&seat) => Some("paid even money"),
            _ => None,
        }
    }

    /// A Spanish 21 box's hand is called dead instead (§ 635a.13(h),(i)).
    fn lose(&mut self, seat: u8) -> Result<bool, Refusal> {
        Err(Refusal::plain(format!(
            "seat {seat}: the round is past its wagers' decisions"
        )))
    }
}
