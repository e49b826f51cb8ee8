//! The cards of a house-banked round keyed at settlement (§ x.11): every hand dealt, the dealer's
//! and the board, each card once; what the game carries besides them (Lunar Poker's draws,
//! checked by the game: `OwnSteps::check_keyed`); what a reading shoe read and the progressive
//! meters, as the terminal filled them in; or the results the dealer tapped
//! (`tapped_results.rs`), with the cards only a paying hand needs.

use crate::rules::machine::Refusal;

use super::*;

impl BankedRound {
    /// `BankedCommand::Cards` at the cards step: checked, kept, and the step after them.
    pub(super) fn key_cards(&mut self, cmd: &BankedCommand) -> Result<BankedEvent, Refusal> {
        let BankedCommand::Cards {
            seats,
            dealer,
            community,
            own,
            meters,
            read,
            results,
        } = cmd
        else {
            return Err(Refusal::plain(format!(
                "{cmd:?} does not fit the step {:?}",
                self.step
            )));
        };
        let def = self.def();
        let mut used = CardSet::default();
        let mut check =
            |what: &str, cards: &[Card], n: usize| take_cards(&mut used, what, cards, n);
        let mut seats: BTreeMap<u8, Vec<Card>> = seats.iter().cloned().collect();
        // The hands the command keys, not those kept from lock-in (a recorded event
        // carries them again: its replay must owe no more than the command did).
        let earlier = self.part().hands_keyed_earlier();
        let kept = |s: &u8| earlier.is_some() && self.cards.contains_key(s);
        let given: Vec<u8> = seats
            .iter()
            .filter(|(s, c)| !c.is_empty() && !kept(s))
            .map(|(s, _)| *s)
            .collect();
        // A hand keyed earlier was settled on those cards (Lunar Poker's lock-in,
        // § 589.11(c)); from results, they stay as keyed then.
        if let Some(when) = earlier {
            for (s, first) in &self.cards {
                if results.is_some() && seats.get(s).is_none_or(|c| c.is_empty()) {
                    seats.insert(*s, first.clone());
                }
                if seats.get(s) != Some(first) {
                    return Err(Refusal::plain(format!(
                        "seat {s}: its first five cards were keyed {when}: {}",
                        crate::rules::cards::cards_codes(first)
                    )));
                }
            }
        }
        if let Some(r) = results {
            self.check_results(r, &seats, dealer)?;
        }
        for s in &self.seats {
            let cards = seats.get(s).map_or(&[][..], |v| &v[..]);
            // Settled from its result, without its cards (checked above).
            if cards.is_empty() && results.is_some() {
                continue;
            }
            // A folded hand collected before the reveal is not keyed (§ 657a.11(c));
            // whether the game and the casino need it is checked in `decide`.
            if cards.is_empty() && self.folded.contains(s) {
                continue;
            }
            // A void round keys the cards of the seats whose wagers it settles.
            if cards.is_empty() && self.void.is_some() {
                continue;
            }
            check(&format!("seat {s}"), cards, def.seat_cards)?;
        }
        if let Some(extra) = seats.keys().find(|s| !self.seats.contains(s)) {
            return Err(Refusal::plain(format!("seat {extra} is not in this round")));
        }
        if results.is_none() {
            // A dealer's hand keyed where no hand plays against it is taken as keyed (a
            // journal written before the round knew it needs none).
            let n = if self.void.is_none() && !dealer.is_empty() {
                def.dealer_cards
            } else {
                self.dealer_cards()
            };
            check("the dealer", dealer, n)?;
        }
        // With results, the board only where a hand or a wager is read from it.
        let keyed = seats.values().any(|c| !c.is_empty());
        if results.is_none() || self.results_need_community(keyed) || !community.is_empty() {
            check("the community cards", community, self.community_cards())?;
        }
        let hands = KeyedHands {
            seats: &seats,
            given: &given,
            from_results: results.is_some(),
        };
        own.check(self, &hands, &mut check)?;
        let sources = self.hand_sources(&seats, dealer, community, read)?;
        self.cards = seats;
        self.dealer = dealer.clone();
        self.community = community.clone();
        self.meters = meters.clone();
        self.part.keep_keyed(own);
        self.results = results.clone();
        self.step = self.after_cards();
        Ok(BankedEvent::CardsKeyed {
            seats: self.cards.iter().map(|(s, c)| (*s, c.clone())).collect(),
            dealer: dealer.clone(),
            community: community.clone(),
            own: own.clone(),
            meters: meters.clone(),
            sources,
            results: results.clone(),
        })
    }
}

pub(in crate::rules::banked) fn take_cards(
    used: &mut CardSet,
    what: &str,
    cards: &[Card],
    n: usize,
) -> Result<(), Refusal> {
    if cards.len() != n {
        return Err(Refusal::plain(format!(
            "{what}: {n} cards, not {}",
            cards.len()
        )));
    }
    for c in cards {
        if used.contains(*c) {
            return Err(Refusal::plain(format!(
                "{}: already in play in this round",
                c.pretty()
            )));
        }
        used.insert(*c);
    }
    Ok(())
}
