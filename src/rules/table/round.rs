//! A round at the table: its seats and button, the poker-room hand or house-banked round it plays,
//! and the steps after the hand (the Bad Beat's verification, the losing hands' count, the push).

use super::*;
use serde::{Deserialize, Serialize};

/// Where a round stands at the table.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Stage {
    /// A poker-room hand: its procedure leads until the award (`poker::hand`).
    Hand,
    /// A house-banked round (`banked::round`).
    Banked,
    /// § 637a.15(f): a qualifying Bad Beat waits for the shift supervisor.
    VerifyBadBeat,
    CountLosingHands,
    AwardPot,
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Round {
    pub number: u32,
    pub deck: DeckId,
    /// Seats dealt in, ascending (clockwise from the dealer's left).
    pub seats: Vec<u8>,
    pub button: u8,
    pub stage: Stage,
    /// The missed blinds and new players before the round started, owed again if it is voided.
    #[serde(default)]
    pub owed_before: (
        std::collections::BTreeMap<u8, bool>,
        std::collections::BTreeSet<u8>,
    ),
    /// Seat and amount each winner is due, odd chips included.
    pub awards: Vec<(u8, Cents)>,
    /// Rake and contributions taken from the pot.
    #[serde(default)]
    pub take: PotTake,
    /// A qualifying Bad Beat found at the showdown (§ 637a.15).
    #[serde(default)]
    pub bad_beat: Option<crate::rules::poker::jackpots::BadBeat>,
    /// A poker-room round: the hand machine over the game's procedure (`rules::poker`),
    /// rebuilt from the journal.
    #[serde(skip)]
    pub poker: Option<crate::rules::poker::hand::Hand>,
    /// A house-banked game's round (`rules::banked::round`), rebuilt from the journal.
    #[serde(skip)]
    pub banked: Option<crate::rules::banked::round::BankedRound>,
    /// The stub count this round owes without a counting shuffler (§ x.8, § x.9, § x.10).
    #[serde(default)]
    pub stub: StubCount,
}

/// A house-banked round's stub count (§ 657a.8(f)–(h) and each chapter alike).
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case", tag = "stub")]
pub enum StubCount {
    /// No count this round: a counting shuffler counts the deck, or the deck was counted within
    /// the last five rounds.
    #[default]
    NotDue,
    /// The dealer counts the stub once the round comes to it.
    Due,
    /// Counted: the deck held 52 cards.
    Right,
    /// Counted wrong: the dealer says whether the cards were misdealt.
    Wrong { counted: u8, expected: u8 },
}

impl Round {
    /// A poker-room round whose betting is not tracked: its pot is the dealer's to count.
    pub fn untracked(&self) -> bool {
        self.poker.as_ref().is_some_and(|h| h.setup.untracked)
    }

    /// Betting not tracked: what may have been taken from the pot (`rake_presets`).
    pub fn rake_presets(&self) -> Vec<PotTake> {
        match &self.poker {
            Some(h) if h.setup.untracked => rake_presets(&h.setup.pot_rules, h.rake_allowed()),
            _ => vec![],
        }
    }

    pub fn pot(&self) -> Cents {
        self.refunds().iter().map(|(_, a)| a).sum()
    }

    /// What a void round returns: every chip to the player who put it in (§ 637a.18(i)).
    pub fn refunds(&self) -> Vec<(u8, Cents)> {
        if let Some(b) = &self.banked {
            return b.refunds();
        }
        match &self.poker {
            Some(h) => h.players.iter().map(|p| (p.seat, p.put_in)).collect(),
            None => vec![],
        }
    }

    /// Cards in the losing hands the dealer collects: every hand that won nothing, without the
    /// common cards (§ 637a.7(e)(6)(i)).
    pub fn losing_hand_cards(&self) -> u8 {
        let Some(h) = &self.poker else {
            return 0;
        };
        let winners: Vec<u8> = h
            .result
            .iter()
            .flat_map(|r| r.pots.iter())
            .flat_map(|p| p.halves.iter())
            .flat_map(|x| x.winners.iter().map(|w| w.0))
            .collect();
        let common = h.common.len() as u8;
        h.players
            .iter()
            .filter(|p| !winners.contains(&p.seat))
            .map(|p| p.cards.saturating_sub(common))
            .sum()
    }
}

impl Table {
    /// The seat the button goes to for a round dealt to `seats` (ascending): the first player
    /// to the dealer's right at the first round (§ 637a.11(c)(1)(i)), then the next seat dealt
    /// in clockwise after the last round's button (§ 637a.11(c)(2)). A void round does not
    /// move it (§ 637a.18(g)). `None` without seats.
    pub fn next_button(&self, seats: &[u8]) -> Option<u8> {
        match self.last_button {
            None => seats.last().copied(),
            Some(b) => crate::rules::betting_actions::clockwise_after(seats, b)
                .first()
                .copied(),
        }
    }
}
