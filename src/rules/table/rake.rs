//! The rake taken from a pot whose betting is not tracked (`PokerOptions::untracked_betting`):
//! the dealer drops the rake as the posted schedule says while the pot grows (§ 637a.17(b)(1),
//! (2)), and at the push taps what was taken, one of the schedule's presets.

use crate::refusal;

use super::*;

/// The chip a rake is taken in, a dollar: the presets go up in it to the posted cap.
pub const RAKE_CHIP: Cents = 100;

/// The most rake levels the screen offers: a larger cap goes up in whole dollars of a larger
/// step, so a schedule of any size is a screenful of presets, never thousands.
pub const MAX_RAKE_LEVELS: Cents = 24;

/// What may have been taken from a pot at a table whose betting is not tracked: each rake from
/// nothing up to the posted cap (§ 637a.17(a)(3)) in dollars, with the jackpot contributions
/// (§ 637a.15(c), § 637a.16(c)) where a pot that raked that much reached the posted minimum
/// (§ 637a.15(b)(2), § 637a.16(b)(3)); where it may or may not have, both. `rake_allowed` false
/// ("no flop, no drop"): no rake.
pub fn rake_presets(rules: &PotRules, rake_allowed: bool) -> Vec<PotTake> {
    let percent = Cents::from(rules.rake_percent.min(10));
    let cap = if rake_allowed && percent > 0 {
        rules.rake_cap.max(0)
    } else {
        0
    };
    // Whole dollars, as many as fit in `MAX_RAKE_LEVELS`, then the cap itself.
    let step = RAKE_CHIP * ((cap / RAKE_CHIP + MAX_RAKE_LEVELS - 1) / MAX_RAKE_LEVELS).max(1);
    let mut rakes: Vec<Cents> = (0..=cap / step).map(|n| n * step).collect();
    if rakes.last() != Some(&cap) {
        rakes.push(cap);
    }
    let contributions = rules.bad_beat.max(0) + rules.high_hand.max(0) > 0;
    let min_pot = rules.contribution_min_pot.max(0);
    let mut out = Vec::new();
    for (i, rake) in rakes.iter().copied().enumerate() {
        let take = |with: bool| PotTake {
            rake,
            bad_beat: if with { rules.bad_beat.max(0) } else { 0 },
            high_hand: if with { rules.high_hand.max(0) } else { 0 },
            uncalled: 0,
        };
        if !contributions {
            out.push(take(false));
            continue;
        }
        // The pots that rake exactly this much: from `rake / percent` up to the next preset's,
        // unbounded at the cap (or where no rake is taken at all).
        let low = if percent > 0 && cap > 0 {
            rake.saturating_mul(100) / percent
        } else {
            0
        };
        let high = match rakes.get(i + 1) {
            Some(next) if percent > 0 => Some(next.saturating_mul(100) / percent),
            _ => None,
        };
        let surely = low >= min_pot;
        let never = high.is_some_and(|h| h <= min_pot);
        if !surely {
            out.push(take(false));
        }
        if !never {
            out.push(take(true));
        }
    }
    out
}

impl Table {
    /// Betting not tracked: the pot pushed to the winners tapped, with what the dealer took from
    /// it, one of the presets of the posted schedule (§ 637a.7(e)(6)(iii),(iv), § 637a.17).
    pub(super) fn decide_rake_taken(
        &self,
        step: &Step,
        take: &PotTake,
    ) -> Result<Vec<Event>, RuleError> {
        let Step::AwardPot { awards } = step else {
            return refuse("the rake is keyed when the pot is pushed");
        };
        let Some(r) = self.round.as_ref().filter(|r| r.untracked()) else {
            return refuse("this round's pot is counted from its bets: push it as the screen says");
        };
        if !r.rake_presets().contains(take) {
            return Err(refusal!(
                "§ 637a.17(a)(3),(c)",
                "{} is not what the posted rake schedule takes from this pot",
                crate::rules::money(take.total())
            ));
        }
        Ok(vec![Event::PotAwarded {
            number: r.number,
            awards: awards.clone(),
            pot: 0,
            take: *take,
        }])
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn rules() -> PotRules {
        PotRules {
            rake_percent: 10,
            rake_cap: 500,
            rake_flop_only: true,
            bad_beat: 100,
            high_hand: 100,
            contribution_min_pot: 2000,
            ..Default::default()
        }
    }

    #[test]
    fn ten_percent_to_five_dollars_with_contributions_from_twenty() {
        let got: Vec<(Cents, Cents)> = rake_presets(&rules(), true)
            .iter()
            .map(|t| (t.rake, t.bad_beat + t.high_hand))
            .collect();
        // $0 and $1 rake: a pot under $20, no contribution; $2 and up: $20 or more.
        assert_eq!(
            got,
            vec![
                (0, 0),
                (100, 0),
                (200, 200),
                (300, 200),
                (400, 200),
                (500, 200)
            ]
        );
    }

    #[test]
    fn no_flop_no_drop_leaves_the_contributions_to_the_pot_size() {
        let got: Vec<(Cents, Cents)> = rake_presets(&rules(), false)
            .iter()
            .map(|t| (t.rake, t.bad_beat + t.high_hand))
            .collect();
        assert_eq!(got, vec![(0, 0), (0, 200)]);
    }

    #[test]
    fn a_cap_between_dollars_is_a_preset_and_no_rake_posted_is_one() {
        let mut r = rules();
        r.rake_cap = 250;
        r.bad_beat = 0;
        r.high_hand = 0;
        let got: Vec<Cents> = rake_presets(&r, true).iter().map(|t| t.rake).collect();
        assert_eq!(got, vec![0, 100, 200, 250]);
        r.rake_percent = 0;
        assert_eq!(rake_presets(&r, true), vec![PotTake::default()]);
    }

    #[test]
    fn a_cap_of_any_size_is_a_screenful_of_presets() {
        let mut r = rules();
        r.bad_beat = 0;
        r.high_hand = 0;
        r.rake_cap = Cents::MAX;
        let got = rake_presets(&r, true);
        assert!(got.len() <= MAX_RAKE_LEVELS as usize + 2, "{}", got.len());
        assert_eq!(got.last().map(|t| t.rake), Some(r.rake_cap));
        // $30 goes up in $2: 0, 2, 4 … 30.
        r.rake_cap = 3000;
        let rakes: Vec<Cents> = rake_presets(&r, true).iter().map(|t| t.rake).collect();
        assert_eq!(rakes.len(), 16);
        assert_eq!(rakes[1], 200);
    }
}
