//! Spanish 21's part of a round, as data ([`Play21`]): each box's hands ([`Hand21`]),
//! insurance, surrenders and the card reader's answer; the dealer's commands ([`Command21`]) and
//! where the round stands ([`Step21`]). The steps that change it are in `play.rs`; the round
//! (`banked::round`) holds it as its `s21` field.

use crate::rules::Cents;
use crate::rules::banked::round::hand_place::HandPlace;
use crate::rules::cards::Card;
use crate::rules::spanish21_totals::{Total, total};
use serde::{Deserialize, Serialize};
use std::collections::{BTreeMap, BTreeSet};

/// One hand of a box (a split makes more).
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Hand21 {
    pub cards: Vec<Card>,
    #[serde(default)]
    pub double: Cents,
    #[serde(default)]
    pub rescue: bool,
    #[serde(default)]
    pub stood: bool,
}

impl Hand21 {
    /// The first two cards, no decision taken on them yet: surrender, double and split are
    /// offered only here (§ 635a.9(a), § 635a.10(a), § 635a.11(a)).
    pub fn first_two(&self) -> bool {
        self.cards.len() == 2 && self.double == 0
    }

    /// Two cards of equal value: jacks, queens and kings split with each other (§ 635a.11(a)).
    pub fn splittable(&self) -> bool {
        self.first_two() && split_value(self.cards[0]) == split_value(self.cards[1])
    }
}

/// What a Spanish 21 round holds besides the wagers.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Play21 {
    /// Per box, its hands, left (first completed) first.
    pub hands: BTreeMap<u8, Vec<Hand21>>,
    pub insurance: BTreeMap<u8, Cents>,
    /// Boxes offered insurance already (0 keyed for none).
    pub insurance_asked: BTreeSet<u8>,
    pub surrendered: BTreeSet<u8>,
    /// What the card reader said (§ 635a.7(g)); `None` before it was asked or with 2 to 9 up.
    pub reader_blackjack: Option<bool>,
    /// Match-the-Dealer wagers were called (§ 635a.7(f)).
    pub match_called: bool,
    /// The cover card came out: the round is completed, then the shoe reshuffled (§ 635a.7(d)).
    #[serde(default)]
    pub cover_card: bool,
    /// Where the cover card appeared: a betting area, or none for the dealer's hand.
    #[serde(default)]
    pub cover_at: Option<u8>,
    /// Boxes with a Blackjack paid even money instead of insuring (§ 635a.8(e)).
    #[serde(default)]
    pub even_money: BTreeSet<u8>,
    /// The losing Insurance Wagers were collected when the reader showed no Blackjack, before
    /// any card was drawn (§ 635a.8(d)).
    #[serde(default)]
    pub insurance_collected: bool,
    /// Blackjacks against a 2 to 9 up, paid at once and their cards removed (§ 635a.7(h)(1)(i)).
    #[serde(default)]
    pub blackjack_paid: BTreeSet<u8>,
    /// Boxes owed a card they asked for and did not get, dealt after every other player's cards
    /// and before the hole card (§ 635a.13(i)).
    #[serde(default)]
    pub owed: BTreeSet<u8>,
    /// How many more times a box may split after its first split, aces included: the Rules
    /// Submission's number (§ 635a.11(c)). `None`: a round from before the round knew it (the
    /// settlement checks it then).
    #[serde(default)]
    pub resplits: Option<u8>,
}

/// The dealer's inputs in a Spanish 21 round.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "play", rename_all = "kebab-case")]
pub enum Command21 {
    /// The first two cards of each box and the dealer's up card (§ 635a.7(e)).
    Dealt {
        seats: Vec<(u8, Vec<Card>)>,
        up: Card,
        /// What a reading dealing shoe read of these cards as they were drawn (the boxes' two
        /// cards and the dealer's up card), filled by the terminal from the device, never by
        /// the screen; beside the cards keyed it shows each hand read, corrected or keyed. The
        /// hole card is not in it: nobody sees it before its reveal (§ 635a.7(g)).
        #[serde(default, skip_serializing_if = "Vec::is_empty")]
        read: Vec<(HandPlace, Vec<Card>)>,
    },
    /// Match-the-Dealer wagers collected and paid (§ 635a.7(f)).
    MatchSettled,
    /// Insurance for a box; 0 for none (§ 635a.8).
    Insure {
        seat: u8,
        amount: Cents,
    },
    /// A Blackjack paid even money on its wager instead of insurance, where the Rules
    /// Submission offers it (§ 635a.8(e); the settlement checks `even_money_offered`).
    EvenMoney {
        seat: u8,
    },
    /// The card reader's answer (§ 635a.7(g)).
    Reader {
        blackjack: bool,
    },
    /// The losing Insurance Wagers collected (§ 635a.8(d)).
    InsuranceCollected,
    /// The box's Blackjack paid and its cards removed, the dealer showing 2 to 9
    /// (§ 635a.7(h)(1)(i)).
    BlackjackPaid,
    /// A card dealt to the hand in turn, or to the dealer.
    Card {
        card: Card,
        /// What a reading dealing shoe read of it as it was drawn (the terminal's record of the
        /// device); none for a card keyed.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        read: Option<Card>,
    },
    Stand,
    /// Double down for the amount (at most the original wager, § 635a.10(a)).
    Double {
        amount: Cents,
    },
    Split,
    Surrender,
    /// Take the Double Down Wager back and forfeit the original (§ 635a.10(d)).
    Rescue,
    /// § 635a.13(i): the dealer failed to deal a card the player of box `seat` asked for, and
    /// the player chose to have the hand called dead: the original Spanish 21 Wager is
    /// returned. Before the dealer's hole card is revealed.
    DeadHand {
        seat: u8,
    },
    /// § 635a.13(i): the dealer failed to deal a card the player of box `seat` asked for, and
    /// the player chose to have it dealt after every other player's cards, before the dealer's
    /// hole card is revealed: the round asks for it then (`Step21::LateCard`).
    CardOwed {
        seat: u8,
    },
    /// The cover card came out of the shoe: set it aside, finish the round, then reshuffle
    /// (§ 635a.7(d)). `seat`: the betting area it appeared on; none for the dealer's hand (the
    /// next cut is offered by it, § 635a.5(c)).
    CoverCard {
        #[serde(default)]
        seat: Option<u8>,
    },
}

/// Where a Spanish 21 round stands.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "at", rename_all = "kebab-case")]
pub enum Step21 {
    /// Key the first two cards of each box and the dealer's up card.
    Deal,
    MatchTheDealer,
    Insurance {
        seat: u8,
    },
    Reader,
    /// The reader showed no Blackjack: the losing Insurance Wagers are collected before any
    /// card is drawn (§ 635a.8(d)).
    CollectInsurance,
    /// A Blackjack against a 2 to 9 up, in its turn: paid at once and its cards removed
    /// (§ 635a.7(h)(1)(i)).
    PayBlackjack {
        seat: u8,
    },
    /// The hand in turn: `hand` indexes the box's hands.
    Hand {
        seat: u8,
        hand: usize,
    },
    /// § 635a.13(i): the card a box asked for and did not get, dealt now, after every other
    /// player's cards and before the hole card.
    LateCard {
        seat: u8,
    },
    /// The hole card, then the dealer's draws.
    Dealer,
}

pub(super) fn tot(cards: &[Card], split: bool) -> Option<Total> {
    total(cards, split).ok()
}

/// A card's count for a split: jacks, queens and kings are all 10 (§ 635a.11(a)).
fn split_value(c: Card) -> u8 {
    match c.rank.value() {
        11..=13 => 10,
        v => v,
    }
}

pub(super) fn ten_value(c: Card) -> bool {
    (11..=13).contains(&c.rank.value())
}

impl Play21 {
    pub(super) fn split(&self, seat: u8) -> bool {
        self.hands.get(&seat).is_some_and(|h| h.len() > 1)
    }

    /// The box's first two cards are a Blackjack (an ace and a king, queen or jack).
    pub fn blackjack(&self, seat: u8) -> bool {
        self.hands.get(&seat).is_some_and(|h| {
            h.len() == 1 && h[0].first_two() && tot(&h[0].cards, false).is_some_and(|t| t.blackjack)
        })
    }

    /// The hand needs nothing more from the player.
    pub(super) fn hand_done(&self, seat: u8, h: &Hand21) -> bool {
        if self.surrendered.contains(&seat) {
            return true;
        }
        let split = self.split(seat);
        let Some(t) = tot(&h.cards, split) else {
            return false;
        };
        if h.cards.len() < 2 {
            return false;
        }
        t.blackjack || t.bust || t.total >= 21 || h.stood || h.rescue
    }

    /// The hand is still one the dealer's total decides (as the settlement counts it).
    pub(super) fn live(&self, seat: u8, h: &Hand21, dealer_bj: bool) -> bool {
        let split = self.split(seat);
        let Some(t) = tot(&h.cards, split) else {
            return false;
        };
        !(t.bust
            || h.rescue
            || self.surrendered.contains(&seat)
            || self.even_money.contains(&seat)
            || (t.blackjack && !dealer_bj))
    }
}
