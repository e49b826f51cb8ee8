//! The progressive table game system's word on the Progressive Payout Wagers: at "no more bets"
//! it locks wagering out and reports what it accepted (§ 647a.8(b), § 655a.8(b), § 657a.8(b)).
//! A wager exists only as the system accepted it: a seat keyed above that wagers what was
//! accepted (a chip the system refused goes back to the player, and no payout or Envy Bonus is
//! owed on it).

use crate::rules::machine::Refusal;

use super::*;

impl BankedRound {
    /// The seats whose keyed progressive wager is above what the system accepted, as (seat,
    /// keyed, accepted); a seat the system accepted more for is the floor's to settle (the
    /// chips collected are the dealer's count), so it is left as keyed.
    pub fn progressive_over(&self, accepted: &[(u8, Cents)]) -> Vec<(u8, Cents, Cents)> {
        self.seats
            .iter()
            .filter_map(|seat| {
                let keyed = self
                    .wagers
                    .get(seat)
                    .and_then(|w| w.get("progressive"))
                    .copied()
                    .unwrap_or(0);
                let took = accepted
                    .iter()
                    .find(|(s, _)| s == seat)
                    .map_or(0, |(_, a)| *a);
                (took < keyed).then_some((*seat, keyed, took.max(0)))
            })
            .collect()
    }

    /// Each seat's progressive wager lowered to what the system accepted, between "no more
    /// bets" and the settlement.
    pub(super) fn accept_progressive(
        &mut self,
        accepted: &[(u8, Cents)],
    ) -> Result<BankedEvent, Refusal> {
        if self.step == BankedStep::Wagers || self.settlement.is_some() {
            return Err(
                "the progressive system's accepted wagers come between \"no more bets\" and the settlement"
                    .into(),
            );
        }
        if let Some((s, _)) = accepted.iter().find(|(s, _)| !self.seats.contains(s)) {
            return Err(Refusal::plain(format!("seat {s} is not in this round")));
        }
        let changed = self.progressive_over(accepted);
        if changed.is_empty() {
            return Err("every progressive wager keyed was accepted".into());
        }
        for (seat, _, took) in &changed {
            if let Some(w) = self.wagers.get_mut(seat) {
                if *took == 0 {
                    w.remove("progressive");
                } else {
                    w.insert("progressive".into(), *took);
                }
            }
        }
        Ok(BankedEvent::ProgressiveAccepted {
            accepted: accepted.to_vec(),
            changed,
        })
    }
}
