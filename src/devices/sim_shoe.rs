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
    for i in (1..cards.len()).rev() {
        let bound = (i + 1) as u32;
        let zone = u32::MAX - u32::MAX % bound;
        let j = loop {
            let mut b = [0u8; 4];
            if getrandom::getrandom(&mut b).is_err() {
                // No randomness: the deck stays in its order rather than a biased one.
                return cards;
            }
            let r = u32::from_be_bytes(b);
            if r < zone {
                break (r % bound) as usize;
            }
        };
        cards.swap(i, j);
    }
    cards
}

/// The shoe: the two decks' orders by tag, and the stacks waiting to be dispensed.
#[derive(Debug, Default)]
pub struct Shoe {
    decks: [Vec<Card>; 2],
    /// (deck, stack number, cards) still inside the device.
    waiting: VecDeque<(u8, u8, Vec<Card>)>,
    next_at: Option<Instant>,
}

impl Shoe {
    /// The deck tagged `deck` was shuffled into this order.
    pub fn loaded(&mut self, deck: u8, cards: Vec<Card>) {
        if let Some(d) = self.decks.get_mut(usize::from(deck)) {
            *d = cards;
        }
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
}
