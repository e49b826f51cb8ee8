//! The simulated shuffler's automated dealing shoe (protocol version 2, `hw/shuffler-protocol.md`):
//! each deck it shuffles is put in a random order from the operating system's randomness; on
//! DISPENSE it forms the round's stacks from the top of that deck and reports each one, read,
//! only once it has left the device, one stack every `dispense_time` (the dealer taking it).

use crate::rules::cards::{Card, full_deck};
use std::collections::VecDeque;
use std::time::{Duration, Instant};

/// A shuffled deck in a random order, without `missing` (a short deck) or with its first
/// cards twice (a long one), as the counter will report `count`.
pub fn shuffled_deck(count: u16, missing: &[Card]) -> Vec<Card> {
    let mut cards = full_deck();
    let count = usize::from(count);
    if count < cards.len() {
        let mut short = cards.len() - count;
        for m in missing {
            if short > 0
                && let Some(i) = cards.iter().position(|c| c == m)
            {
                cards.remove(i);
                short -= 1;
            }
        }
        cards.truncate(cards.len() - short);
    } else {
        let extra: Vec<Card> = full_deck()
            .into_iter()
            .cycle()
            .take(count - cards.len())
            .collect();
        cards.extend(extra);
    }
    // Fisher–Yates with unbiased draws (rejection of the top of the range).
    shuffle(&mut cards);
    cards
}

/// A Spanish 21 shoe of `count` cards in a random order: 48-card decks without the 10s
/// (§ 635a.3(a)), as many as the count holds.
pub fn shuffled_shoe(count: u16) -> Vec<Card> {
    let spanish: Vec<Card> = full_deck()
        .into_iter()
        .filter(|c| c.rank != crate::rules::cards::Rank::TEN)
        .collect();
    let mut cards: Vec<Card> = spanish
        .iter()
        .copied()
        .cycle()
        .take(usize::from(count))
        .collect();
    shuffle(&mut cards);
    cards
}

/// Fisher–Yates with unbiased draws from the operating system's randomness (rejection of the
/// top of the range); without randomness the cards stay in their order rather than a biased one.
fn shuffle(cards: &mut [Card]) {
    for i in (1..cards.len()).rev() {
        let bound = (i + 1) as u32;
        let zone = u32::MAX - u32::MAX % bound;
        let j = loop {
            let mut b = [0u8; 4];
            if getrandom::getrandom(&mut b).is_err() {
                return;
            }
            let r = u32::from_be_bytes(b);
            if r < zone {
                break (r % bound) as usize;
            }
        };
        cards.swap(i, j);
    }
}

/// The shoe: the two decks' orders by tag, and the stacks waiting to be dispensed.
#[derive(Debug, Default)]
pub struct Shoe {
    decks: [Vec<Card>; 2],
    /// (deck, stack number, cards) still inside the device.
    waiting: VecDeque<(u8, u8, Vec<Card>)>,
    next_at: Option<Instant>,
    /// How many cards the dealer has drawn from each deck since it was shuffled (the deck in
    /// the dealing shoe is the one drawn from; the other may be in the shuffler meanwhile).
    drawn: [u16; 2],
    next_draw_at: Option<Instant>,
    /// Which decks this simulator has shuffled since it started.
    ever_loaded: [bool; 2],
}

impl Shoe {
    /// The deck tagged `deck` was shuffled into this order.
    pub fn loaded(&mut self, deck: u8, cards: Vec<Card>) {
        if let Some(d) = self.decks.get_mut(usize::from(deck)) {
            *d = cards;
            self.drawn[usize::from(deck)] = 0;
            self.ever_loaded[usize::from(deck)] = true;
        }
    }

    /// Whether this simulator shuffled the deck tagged `deck` since it started (a deck it does
    /// not know counts as shuffled: there is nothing to draw from).
    pub fn ever_loaded(&self, deck: u8) -> bool {
        self.ever_loaded
            .get(usize::from(deck))
            .copied()
            .unwrap_or(true)
    }

    /// The dealer's hand draws the next card from the shoe while fewer than `pull_to`'s count
    /// have been drawn from the deck it names, one every `every`: (deck, number from 1, card).
    pub fn pull(
        &mut self,
        pull_to: Option<(u8, u16)>,
        now: Instant,
        every: Duration,
    ) -> Option<(u8, u16, Card)> {
        let (deck, upto) = pull_to?;
        let drawn = *self.drawn.get(usize::from(deck))?;
        if drawn >= upto || self.decks[usize::from(deck)].is_empty() {
            self.next_draw_at = None;
            return None;
        }
        let due = *self.next_draw_at.get_or_insert(now + every);
        if now < due {
            return None;
        }
        self.next_draw_at = Some(now + every);
        let card = self.decks[usize::from(deck)].remove(0);
        self.drawn[usize::from(deck)] = drawn + 1;
        Some((deck, drawn + 1, card))
    }

    /// DISPENSE `[deck, n, n × size]`: the stacks are formed from the top of the deck (a stack
    /// the deck cannot fill is formed short, as a real shoe would run out).
    pub fn dispense(&mut self, payload: &[u8]) {
        let [deck, n, sizes @ ..] = payload else {
            return;
        };
        let Some(cards) = self.decks.get_mut(usize::from(*deck)) else {
            return;
        };
        for (i, size) in sizes.iter().take(usize::from(*n)).enumerate() {
            let take = usize::from(*size).min(cards.len());
            let stack: Vec<Card> = cards.drain(..take).collect();
            self.waiting.push_back((*deck, (i + 1) as u8, stack));
        }
        self.next_at = None;
    }

    /// The next stack that has left the device, if it is time: (deck, stack, cards).
    pub fn next(&mut self, now: Instant, every: Duration) -> Option<(u8, u8, Vec<Card>)> {
        let due = *self.next_at.get_or_insert(now + every);
        if self.waiting.is_empty() || now < due {
            return None;
        }
        self.next_at = Some(now + every);
        self.waiting.pop_front()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_shuffled_deck_is_a_whole_deck_in_another_order() {
        let a = shuffled_deck(52, &[]);
        let mut sorted = a.clone();
        sorted.sort_by_key(|c| c.index());
        assert_eq!(sorted, full_deck());
        // 1 in 52! that two shuffles agree.
        assert_ne!(a, shuffled_deck(52, &[]));
        assert_eq!(shuffled_deck(51, &[]).len(), 51);
    }

    #[test]
    fn the_stacks_leave_in_order_one_at_a_time_from_the_top() {
        let mut shoe = Shoe::default();
        let deck = shuffled_deck(52, &[]);
        shoe.loaded(1, deck.clone());
        shoe.dispense(&[1, 3, 5, 5, 5]);
        let t0 = Instant::now();
        let every = Duration::from_millis(100);
        assert!(shoe.next(t0, every).is_none(), "not before it is dispensed");
        let (d, s, first) = shoe.next(t0 + every, every).unwrap();
        assert_eq!((d, s, &first[..]), (1, 1, &deck[..5]));
        assert!(shoe.next(t0 + every, every).is_none());
        let (_, s, second) = shoe.next(t0 + every * 2, every).unwrap();
        assert_eq!((s, &second[..]), (2, &deck[5..10]));
        // A payload that does not read dispenses nothing.
        shoe.dispense(&[7]);
        shoe.dispense(&[5, 1, 5]);
    }

    #[test]
    fn the_dealers_hand_draws_from_the_top_only_as_far_as_asked() {
        let mut shoe = Shoe::default();
        let order = shuffled_shoe(288);
        assert_eq!(order.len(), 288);
        assert!(
            order
                .iter()
                .all(|c| c.rank != crate::rules::cards::Rank::TEN)
        );
        shoe.loaded(0, order.clone());
        let t0 = Instant::now();
        let every = Duration::from_millis(100);
        assert!(shoe.pull(None, t0, every).is_none(), "nobody draws");
        assert!(
            shoe.pull(Some((1, 2)), t0, every).is_none(),
            "a deck not shuffled"
        );
        assert!(shoe.pull(Some((7, 2)), t0, every).is_none(), "no such deck");
        assert!(
            shoe.pull(Some((0, 2)), t0, every).is_none(),
            "not before the hand gets there"
        );
        assert_eq!(
            shoe.pull(Some((0, 2)), t0 + every, every),
            Some((0, 1, order[0]))
        );
        assert_eq!(
            shoe.pull(Some((0, 2)), t0 + every * 2, every),
            Some((0, 2, order[1]))
        );
        assert!(
            shoe.pull(Some((0, 2)), t0 + every * 3, every).is_none(),
            "as far as asked"
        );
    }
}
