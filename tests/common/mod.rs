//! Helpers shared by the integration tests (each test file uses what it needs).
#![allow(dead_code)]

use deckhand::rules::cards::Card;
use deckhand::store::JournalRow;

/// splitmix64: a small seeded generator, so every run checks the same cases.
pub struct Rng(pub u64);

impl Rng {
    pub fn next(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    }

    /// `n` distinct cards from a shuffled deck.
    pub fn deal(&mut self, n: usize) -> Vec<Card> {
        let mut d: Vec<Card> = (0..52).filter_map(Card::from_index).collect();
        for i in 0..n {
            let j = i + (self.next() % (52 - i) as u64) as usize;
            d.swap(i, j);
        }
        d.truncate(n);
        d
    }
}

/// The journal kinds a table opening and one Hold'em round to a showdown must leave, with a
/// wrong PIN tried once at the floorperson's verification.
pub const ROUND_KINDS: [&str; 17] = [
    "dealer_signed_in",
    "table_opened",
    "decks_inspected",
    "verification_failed",
    "inspection_verified",
    "players_inspected",
    "decks_washed",
    "shuffle_requested",
    "deck_counted",
    "round_started",
    "blinds_posted",
    "hole_cards_dealt",
    "player_acted",
    "board_dealt",
    "showdown_recorded",
    "losing_hands_counted",
    "pot_awarded",
];

/// Fails naming the first kind of `expected` the journal lacks.
pub fn assert_kinds(rows: &[JournalRow], expected: &[&str]) {
    let kinds: Vec<&str> = rows.iter().map(|r| r.kind.as_str()).collect();
    for k in expected {
        assert!(kinds.contains(k), "missing {k} in {kinds:?}");
    }
}
