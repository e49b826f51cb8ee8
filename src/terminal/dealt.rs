//! The hands a card-reading automated dealing shoe dispenses (`hw/shuffler-protocol.md`,
//! version 2): asked for when the dealer calls "no more bets" at a table that deals from an
//! automated dealing shoe (§ x.10), held in memory as each stack leaves the device, shown to
//! the dealer only when the hands are face up for the settlement, and recorded with the hands
//! keyed (`cards_keyed`'s sources), never before.

use super::*;
use crate::devices::shuffler::Capabilities;
use crate::rules::banked::round::{
    BankedCommand, BankedEvent, BankedStep, DecisionChoice, HandPlace,
};
use crate::rules::cards::Card;
use crate::rules::dealing::Dealing;
use crate::rules::table::Step;
use std::collections::BTreeMap;

/// The round's stacks: what was asked of the shoe and what it reported.
#[derive(Debug, Default)]
pub struct Dispensed {
    /// The round and the deck tag the stacks were asked for.
    round: Option<(u32, u8)>,
    plan: Vec<(HandPlace, usize)>,
    /// By stack number (from 1), as read.
    stacks: BTreeMap<u8, Vec<Card>>,
}

impl Dispensed {
    /// The hands read so far, by place.
    fn hands(&self) -> Vec<(HandPlace, Vec<Card>)> {
        self.plan
            .iter()
            .enumerate()
            .filter_map(|(i, (place, _))| {
                let stack = u8::try_from(i + 1).ok()?;
                self.stacks.get(&stack).map(|c| (*place, c.clone()))
            })
            .collect()
    }
}

impl Terminal {
    /// The device at the table dispenses and reads the hands, and the table deals from it.
    pub fn reads_hands(&self) -> bool {
        self.shuffler_can.deals_read_hands
            && self.shuffler_link.is_up()
            && self
                .table
                .setup
                .as_ref()
                .is_some_and(|s| s.poker.dealing == Dealing::AutomatedShoe)
    }

    /// The hands the shoe read, for the screen: only at the cards step, when every hand the
    /// settlement needs is face up (§ x.11), and only the round's own.
    pub fn hands_read(&self) -> Vec<(HandPlace, Vec<Card>)> {
        let Some(r) = self.table.round.as_ref() else {
            return Vec::new();
        };
        let at_cards = matches!(
            self.table.step(),
            Step::Banked {
                step: BankedStep::Cards,
                ..
            }
        );
        if !at_cards || self.dispensed.round.map(|(n, _)| n) != Some(r.number) {
            return Vec::new();
        }
        self.dispensed.hands()
    }

    /// The decisions `seat` may take now as the rules answer them (`decision_choices`), with
    /// the hand the shoe read where it read one: a multiple the cards rule out (Crazy 4 Poker's
    /// Play above the Ante, § 657a.11(b)) is refused without showing the cards. Empty when no
    /// decision of the seat's is due. The screen's buttons are these.
    pub fn decision_choices(&self, seat: u8) -> Vec<DecisionChoice> {
        let Some(r) = self.table.round.as_ref() else {
            return Vec::new();
        };
        let Some(banked) = r.banked.as_ref() else {
            return Vec::new();
        };
        let read = (self.dispensed.round.map(|(n, _)| n) == Some(r.number))
            .then(|| {
                self.dispensed
                    .hands()
                    .into_iter()
                    .find(|(p, _)| *p == HandPlace::Seat(seat))
                    .map(|(_, cards)| cards)
            })
            .flatten();
        banked
            .decision_choices(seat, read.as_deref())
            .unwrap_or_default()
    }

    /// A decision the hand the shoe read rules out: the refusal at the decision, the one its
    /// button showed.
    pub(super) fn read_hand_refuses(&self, seat: u8, multiple: u8) -> Option<String> {
        self.decision_choices(seat)
            .into_iter()
            .find(|c| c.multiple == multiple)
            .and_then(|c| c.refused.map(String::from))
    }

    /// How many of the round's stacks the shoe has dispensed, of how many.
    pub fn stacks_dispensed(&self) -> Option<(usize, usize)> {
        let r = self.table.round.as_ref()?;
        (self.dispensed.round.map(|(n, _)| n) == Some(r.number))
            .then_some((self.dispensed.stacks.len(), self.dispensed.plan.len()))
    }

    pub(super) fn set_capabilities(&mut self, can: Capabilities) {
        self.shuffler_can = can;
    }

    /// "No more bets" at a table dealing from a reading shoe: the round's stacks are asked for.
    pub(super) fn ask_for_stacks(&mut self, events: &[Event]) {
        let closed = events
            .iter()
            .any(|e| matches!(e, Event::Banked(BankedEvent::BetsClosed { .. })));
        if !closed || !self.reads_hands() {
            return;
        }
        let Some(r) = self.table.round.as_ref() else {
            return;
        };
        let Some(b) = r.banked.as_ref() else {
            return;
        };
        let plan = b.dispense_plan();
        let sizes: Vec<u8> = plan
            .iter()
            .map(|(_, n)| u8::try_from(*n).unwrap_or(u8::MAX))
            .collect();
        let deck = r.deck as u8;
        self.dispensed = Dispensed {
            round: Some((r.number, deck)),
            plan,
            stacks: BTreeMap::new(),
        };
        if let Some(s) = self.shuffler.as_mut() {
            s.request_dispense(deck, &sizes);
        }
    }

    /// A stack the shoe dispensed: kept for the round it was asked for; anything else is a
    /// report refused, journaled and told.
    pub(super) fn on_stack(&mut self, deck: u8, stack: u8, cards: Vec<Card>) {
        let round = self.table.round.as_ref().map(|r| r.number);
        let Some((asked, asked_deck)) = self.dispensed.round else {
            self.refused_report(format!(
                "the shoe dispensed stack {stack} though no round asked for one"
            ));
            return;
        };
        let expected = usize::from(stack)
            .checked_sub(1)
            .and_then(|i| self.dispensed.plan.get(i))
            .map(|(_, n)| *n);
        let why = if Some(asked) != round || deck != asked_deck {
            Some(format!(
                "the shoe dispensed stack {stack} from deck tag {deck}, not for this round's deck"
            ))
        } else if expected.is_none() {
            Some(format!(
                "the shoe dispensed stack {stack}; the round asked for {}",
                self.dispensed.plan.len()
            ))
        } else if expected != Some(cards.len()) {
            // A stack of the wrong size is a misdeal the dealer handles (§ x.10(f)).
            Some(format!(
                "the shoe dispensed {} cards in stack {stack}, not {}: check the hands for a misdeal",
                cards.len(),
                expected.unwrap_or(0)
            ))
        } else if self.dispensed.stacks.contains_key(&stack) {
            Some(format!("the shoe dispensed stack {stack} twice"))
        } else {
            None
        };
        match why {
            Some(msg) => self.refused_report(msg),
            None => {
                self.dispensed.stacks.insert(stack, cards);
            }
        }
    }

    /// The Cards command carries what the shoe read of the hands it keys: the terminal's own
    /// record of the device, never the screen's.
    pub(super) fn fill_readings(&self, cmd: &mut Command) {
        let Command::Banked(BankedCommand::Cards {
            seats,
            dealer,
            community,
            read,
            ..
        }) = cmd
        else {
            return;
        };
        let keyed = |p: &HandPlace| match p {
            HandPlace::Seat(s) => seats.iter().any(|(k, c)| k == s && !c.is_empty()),
            HandPlace::Dealer => !dealer.is_empty(),
            HandPlace::Community => !community.is_empty(),
        };
        *read = self
            .hands_read()
            .into_iter()
            .filter(|(p, _)| keyed(p))
            .collect();
    }
}
