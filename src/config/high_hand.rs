//! `[high_hand]`: the High Hand Jackpot's qualifying periods (§ 637a.16(b)).

use serde::Deserialize;

/// The High Hand Jackpot's qualifying periods (§ 637a.16(b)(1)).
#[derive(Debug, Clone, Deserialize, PartialEq)]
#[serde(default, deny_unknown_fields)]
pub struct HighHandConfig {
    /// The table offers the High Hand Jackpot (§ 637a.16(a)).
    pub enabled: bool,
    /// Length of a qualifying period in minutes; periods start on the hour (UTC) and follow each
    /// other (§ 637a.16(b)(1)).
    pub period_minutes: u32,
    /// The fewest players dealt into the round for its hand to qualify (§ 637a.16(b)(4)).
    #[serde(default = "two_players")]
    pub min_players: u8,
    /// How tied High Hands share the payout: "split" or "first-recorded" (§ 637a.16(b)(5)).
    pub tie: crate::rules::poker::jackpots::HighHandTie,
}

fn two_players() -> u8 {
    2
}

impl Default for HighHandConfig {
    fn default() -> Self {
        HighHandConfig {
            enabled: true,
            period_minutes: 60,
            min_players: 2,
            tie: Default::default(),
        }
    }
}

impl HighHandConfig {
    /// The start of the period after the one named `period` (as the slip names it).
    pub fn period_after(&self, period: &str) -> Option<String> {
        let start = chrono::NaiveDateTime::parse_from_str(period, "%Y-%m-%dT%H:%MZ").ok()?;
        Some(self.period_of(
            start.and_utc() + chrono::Duration::minutes(i64::from(self.period_minutes.max(1))),
        ))
    }

    /// The start of the qualifying period holding `now`, as the slip names it.
    pub fn period_of(&self, now: chrono::DateTime<chrono::Utc>) -> String {
        self.period_start(now)
            .map(|t| t.format("%Y-%m-%dT%H:%MZ").to_string())
            .unwrap_or_default()
    }

    /// The start of the qualifying period holding `now`.
    pub fn period_start(
        &self,
        now: chrono::DateTime<chrono::Utc>,
    ) -> Option<chrono::DateTime<chrono::Utc>> {
        let minutes = i64::from(self.period_minutes.max(1));
        let since = now.timestamp().div_euclid(60);
        let start = since - since.rem_euclid(minutes);
        chrono::DateTime::from_timestamp(start * 60, 0)
    }
}
