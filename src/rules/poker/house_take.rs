//! What the house takes from a pot: the Rules Submission's rake and jackpot contributions
//! ([`PotRules`], § 601a.2) and what was taken from one pot before the award ([`PotTake`],
//! § 637a.17, § 637a.15(c), § 637a.16(c)).

use crate::rules::Cents;
use serde::{Deserialize, Serialize};

/// What the house takes from a pot, from the Rules Submission (§ 601a.2).
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(default)]
pub struct PotRules {
    /// Percentage rake, 0 to 10 (§ 637a.17(b)(1)).
    pub rake_percent: u8,
    /// The maximum rake per round (§ 637a.17(a)(3)).
    pub rake_cap: Cents,
    /// No rake unless the flop was dealt ("no flop, no drop"; the text leaves it to the RS).
    pub rake_flop_only: bool,
    /// Bad Beat contribution per pot, after the rake (§ 637a.15(c)).
    pub bad_beat: Cents,
    /// High Hand Jackpot contribution per pot, after the rake (§ 637a.16(c)).
    pub high_hand: Cents,
    /// The fewest players dealt into a round for its hand to qualify for the High Hand
    /// (§ 637a.16(b)(4)); 0 or 1: any round.
    pub high_hand_min_players: u8,
    /// How tied High Hands share the payout (§ 637a.16(b)(5), the posted rules).
    pub high_hand_tie: crate::rules::poker::jackpots::HighHandTie,
    /// No contribution from a pot smaller than this (§ 637a.15(b)(2), § 637a.16(b)(3)).
    pub contribution_min_pot: Cents,
    /// The posted qualifying Bad Beat (§ 637a.15(b)(3)); `None`: the table has no Bad Beat.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub bad_beat_rules: Option<crate::rules::poker::jackpots::BadBeatRules>,
}

/// What was taken from one pot before the award.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(default)]
pub struct PotTake {
    pub rake: Cents,
    pub bad_beat: Cents,
    pub high_hand: Cents,
    /// An uncalled final bet, returned and never raked (§ 637a.17(d)).
    pub uncalled: Cents,
}

impl PotTake {
    /// What the pot went to besides the winners, for its record: " (rake $5.00, Bad Beat drop
    /// $1.00, High Hand drop $1.00)", so the parts add up to the pot (§ 637a.17(b),
    /// § 637a.15(c), § 637a.16(c)); empty when nothing was taken.
    pub fn words(&self) -> String {
        let taken: Vec<String> = [
            ("rake", self.rake),
            ("Bad Beat drop", self.bad_beat),
            ("High Hand drop", self.high_hand),
        ]
        .iter()
        .filter(|(_, c)| *c > 0)
        .map(|(what, c)| format!("{what} {}", crate::rules::money(*c)))
        .collect();
        if taken.is_empty() {
            String::new()
        } else {
            format!(" ({})", taken.join(", "))
        }
    }

    /// § 637a.17(b),(d), § 637a.15(c), § 637a.16(c): from a pot, the uncalled bet set aside, the
    /// rake (percentage, capped, rounded down to the cent), then the contributions.
    pub fn compute(rules: &PotRules, pot: Cents, uncalled: Cents, flop_dealt: bool) -> PotTake {
        let uncalled = uncalled.clamp(0, pot);
        let rakeable = pot - uncalled;
        let rake = if rules.rake_flop_only && !flop_dealt {
            0
        } else {
            (rakeable * Cents::from(rules.rake_percent.min(10)) / 100).min(rules.rake_cap.max(0))
        };
        let mut left = rakeable - rake;
        let (mut bad_beat, mut high_hand) = (0, 0);
        if rakeable >= rules.contribution_min_pot {
            bad_beat = rules.bad_beat.clamp(0, left);
            left -= bad_beat;
            high_hand = rules.high_hand.clamp(0, left);
        }
        PotTake {
            rake,
            bad_beat,
            high_hand,
            uncalled,
        }
    }

    pub fn total(&self) -> Cents {
        self.rake + self.bad_beat + self.high_hand
    }
}
