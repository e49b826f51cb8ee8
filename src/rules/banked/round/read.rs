//! Hands a card-reading automated dealing shoe reports (`hw/shuffler-protocol.md`, version 2):
//! the stacks the round asks it to dispense, in the order the dealer delivers them (§ 657a.10(b)
//! and each chapter's § x.10), and, when the hands are keyed for the settlement, where each
//! hand's cards came from: read by the device, read and corrected by the dealer, or keyed.

use crate::rules::machine::Refusal;

use super::{BankedRound, Card, CardSource, HandPlace, HandSource};
use std::collections::BTreeMap;

impl BankedRound {
    /// The stacks an automated dealing shoe dispenses for this round, in the order the dealer
    /// delivers them: one per seat dealt in, clockwise from the player farthest to the dealer's
    /// left (§ x.10(b)), then the dealer's; the community cards last, or first where the shoe
    /// dispenses the board first (§ x.10(g)).
    pub fn dispense_plan(&self) -> Vec<(HandPlace, usize)> {
        let def = self.def();
        let mut plan: Vec<(HandPlace, usize)> = self
            .seats
            .iter()
            .map(|s| (HandPlace::Seat(*s), def.seat_cards))
            .collect();
        if def.dealer_cards > 0 {
            plan.push((HandPlace::Dealer, def.dealer_cards));
        }
        if def.community_cards > 0 {
            let board = (HandPlace::Community, def.community_cards);
            if self.board_first {
                plan.insert(0, board);
            } else {
                plan.push(board);
            }
        }
        plan
    }

    /// Each hand keyed, and where its cards came from against the device's `read` hands. No
    /// reading at all: no sources (every hand keyed, as before devices read).
    pub(super) fn hand_sources(
        &self,
        seats: &BTreeMap<u8, Vec<Card>>,
        dealer: &[Card],
        community: &[Card],
        read: &[(HandPlace, Vec<Card>)],
    ) -> Result<Vec<HandSource>, Refusal> {
        if read.is_empty() {
            return Ok(Vec::new());
        }
        let mut keyed: Vec<(HandPlace, &[Card])> = seats
            .iter()
            .filter(|(_, c)| !c.is_empty())
            .map(|(s, c)| (HandPlace::Seat(*s), &c[..]))
            .collect();
        if !dealer.is_empty() {
            keyed.push((HandPlace::Dealer, dealer));
        }
        if !community.is_empty() {
            keyed.push((HandPlace::Community, community));
        }
        if let Some((place, _)) = read
            .iter()
            .find(|(p, _)| !keyed.iter().any(|(k, _)| k == p))
        {
            return Err(Refusal::plain(format!(
                "the shoe's reading of {} is for a hand not in the settlement",
                place.words()
            )));
        }
        Ok(keyed
            .into_iter()
            .map(
                |(place, cards)| match read.iter().find(|(p, _)| *p == place) {
                    None => HandSource {
                        place,
                        source: CardSource::Keyed,
                        read: Vec::new(),
                    },
                    Some((_, r)) if r[..] == *cards => HandSource {
                        place,
                        source: CardSource::Read,
                        read: Vec::new(),
                    },
                    Some((_, r)) => HandSource {
                        place,
                        source: CardSource::Corrected,
                        read: r.clone(),
                    },
                },
            )
            .collect())
    }
}

/// The readings a `cards_keyed` row's sources record, to rebuild the command it came from.
pub fn readings_of(
    sources: &[HandSource],
    seats: &[(u8, Vec<Card>)],
    dealer: &[Card],
    community: &[Card],
) -> Vec<(HandPlace, Vec<Card>)> {
    sources
        .iter()
        .filter_map(|s| {
            let keyed = || match s.place {
                HandPlace::Seat(n) => seats
                    .iter()
                    .find(|(k, _)| *k == n)
                    .map(|(_, c)| c.clone())
                    .unwrap_or_default(),
                HandPlace::Dealer => dealer.to_vec(),
                HandPlace::Community => community.to_vec(),
            };
            match s.source {
                CardSource::Keyed => None,
                CardSource::Read => Some((s.place, keyed())),
                CardSource::Corrected => Some((s.place, s.read.clone())),
            }
        })
        .collect()
}
