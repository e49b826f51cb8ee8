//! What the rules give now for a recorded outcome: a house-banked settlement recomputed from the
//! round's recorded cards, wagers and meters with the paytables the table opened with; a
//! poker-room award recomputed from the recorded hands (the hand's replay compares every amount).
//! `deckhand verify-log --replay` runs it over a whole journal and reports the first divergence.

use super::*;
use crate::rules::banked::round::{BankedEvent, GameEvent};

/// A recorded outcome the rules recompute differently now.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Divergence {
    pub recorded: String,
    pub now: String,
}

/// What a row holds that the rules recompute.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Recomputed {
    Nothing,
    Settlement,
    Pot,
    /// A Lunar Poker lock-in recorded by a build that did not record who signs it: its money
    /// recomputed, its signature not held.
    UnsignedLockIn,
}

impl Table {
    /// Recomputes what `e` records, before it is applied: `Ok(what)` when the rules agree,
    /// `Err` with both sides when they do not.
    pub fn recompute(&self, e: &Event) -> Result<Recomputed, Divergence> {
        let banked = self.round.as_ref().and_then(|r| r.banked.as_ref());
        let house = self.house();
        let fail = |now: String| Divergence {
            recorded: e.kind().to_string(),
            now,
        };
        match e {
            Event::Banked(BankedEvent::Settled { settlement }) => {
                let (Some(b), Some(house)) = (banked, house) else {
                    return Err(fail(
                        "no house-banked round with paytables to settle".into(),
                    ));
                };
                let now = b.settle(house).map_err(|r| fail(r.to_string()))?;
                compare(settlement, &now)?;
                Ok(Recomputed::Settlement)
            }
            // A game's own step that settles (Lunar Poker's lock-in, § 589.11(c)).
            Event::Banked(BankedEvent::Own(own)) => {
                let Some(both) = GameEvent::recompute(own, banked, house) else {
                    return Ok(Recomputed::Nothing);
                };
                let (settlement, mut now) = both.map_err(|r| fail(r.to_string()))?;
                let settlement = &settlement;
                // A lock-in recorded before its signer was (nobody signed lock-ins then): its
                // money is held, and the replay counts it as a lock-in whose signature it cannot
                // hold. One recorded with a signer is held to it, and its payment to the
                // signature (`BankedRound::apply`).
                if settlement.signer.is_none() && !now.signer.is_none() {
                    now.signer = settlement.signer;
                    compare(settlement, &now)?;
                    return Ok(Recomputed::UnsignedLockIn);
                }
                compare(settlement, &now)?;
                Ok(Recomputed::Settlement)
            }
            Event::Hand { events } => Ok(
                if events
                    .iter()
                    .any(|h| matches!(h, crate::rules::poker::hand::HandEvent::Awarded { .. }))
                {
                    Recomputed::Pot
                } else {
                    Recomputed::Nothing
                },
            ),
            // The pot pushed: to the seats the hand gave it to, with what the rules took (the
            // posted schedule's preset, where the betting stayed at the table).
            Event::PotAwarded { awards, take, .. } => {
                let Some(r) = self.round.as_ref().filter(|r| r.poker.is_some()) else {
                    return Ok(Recomputed::Nothing);
                };
                if *awards != r.awards {
                    return Err(fail(format!("the hand's awards are {:?}", r.awards)));
                }
                let agrees = if r.untracked() {
                    r.rake_presets().contains(take)
                } else {
                    *take == r.take
                };
                if !agrees {
                    return Err(fail(format!(
                        "{} taken from the pot is not what the posted rules take",
                        crate::rules::money(take.total())
                    )));
                }
                Ok(Recomputed::Pot)
            }
            _ => Ok(Recomputed::Nothing),
        }
    }
}

/// What a payout is in money and duty: who, which wager, how much, from the meter, and
/// whether it waits for a signature or holds the cards; not its words (a later version may say
/// it otherwise, "(tapped)" for "(the dealer's call)", and a journal from before it still
/// replays clean).
fn in_money(w: &crate::rules::banked::WagerResult) -> impl PartialEq + '_ {
    (
        (w.seat, w.wager.as_str(), w.stake, w.result, w.paid, w.net),
        (
            w.from_meter,
            w.meter_percent,
            w.floor_verification,
            w.hold_cards,
        ),
    )
}

/// The first wager (or total) where two settlements differ in money, in words.
fn compare(
    recorded: &crate::rules::banked::Settlement,
    now: &crate::rules::banked::Settlement,
) -> Result<(), Divergence> {
    let same_results = recorded.results.len() == now.results.len()
        && recorded
            .results
            .iter()
            .zip(&now.results)
            .all(|(a, b)| in_money(a) == in_money(b));
    if same_results
        && recorded.totals == now.totals
        && recorded.meters == now.meters
        && recorded.signer == now.signer
    {
        return Ok(());
    }
    let line = |w: &crate::rules::banked::WagerResult| {
        format!(
            "seat {} {}: paid {} ({})",
            w.seat,
            w.wager,
            crate::rules::money(w.paid),
            w.explanation
        )
    };
    let n = recorded.results.len().max(now.results.len());
    for i in 0..n {
        let (a, b) = (recorded.results.get(i), now.results.get(i));
        if a.map(in_money) != b.map(in_money) {
            return Err(Divergence {
                recorded: a.map_or("no such payout".into(), line),
                now: b.map_or("no such payout".into(), line),
            });
        }
    }
    if recorded.signer != now.signer && recorded.totals == now.totals {
        return Err(Divergence {
            recorded: format!("signed by {}", recorded.signer.name()),
            now: format!("signed by {}", now.signer.name()),
        });
    }
    Err(Divergence {
        recorded: format!(
            "house result {}",
            crate::rules::money(recorded.totals.house)
        ),
        now: format!("house result {}", crate::rules::money(now.totals.house)),
    })
}

#[cfg(test)]
mod tests {
    use super::compare;

    #[test]
    fn a_settlement_replays_clean_when_only_its_words_changed() {
        let recorded = crate::rules::registry::settle_json(
            r#"{"game":"crazy-4-poker","dealer":"Kc 9d 7h 4s 2c","seats":[{"seat":1,"cards":"Ac Ad Ah As 2d","wagers":{"ante":1000,"super_bonus":1000},"play":3000}]}"#,
            &crate::rules::banked::paytable::Paytables::embedded().unwrap(),
            &Default::default(),
        )
        .unwrap();
        // A later version words a line or a note otherwise: the same money, no divergence.
        let mut reworded = recorded.clone();
        reworded.results[0].explanation.push_str(" (tapped)");
        reworded.notes.push("a note a later version adds".into());
        reworded.dealer = Some("Not keyed".into());
        assert!(compare(&recorded, &reworded).is_ok());
        // A cent more paid is a divergence, named by its payout.
        let mut more = recorded.clone();
        more.results[0].paid += 1;
        let d = compare(&recorded, &more).unwrap_err();
        assert!(d.now.starts_with("seat 1"), "{}", d.now);
    }
}
