//! A reported irregularity decided: the catalogue's entry for this game, the seat it concerns,
//! the signature it needs, the note it asks for, and its effect on the round and the deck.

use crate::refusal;

use super::*;
use crate::rules::access::Action;
use crate::rules::banked::round::BankedEvent;
use crate::rules::irregularities::{Catalogue, Effect, Irregularity, Sign};
use command::refuse;

impl Table {
    /// A reported irregularity: the catalogue's action, signed where it must be, and its effect
    /// on the round and the deck.
    pub(super) fn decide_irregularity(
        &self,
        id: &str,
        seat: Option<u8>,
        note: &Option<String>,
        signed_by: &Option<Person>,
    ) -> Result<Vec<Event>, RuleError> {
        self.table_and_dealer()?;
        let game = self
            .setup
            .as_ref()
            .map(|s| s.poker.game)
            .unwrap_or_default();
        let Some(item) = Catalogue::embedded().get(id).filter(|i| i.applies_to(game)) else {
            return refuse(format!("`{id}` is not an irregularity of this game"));
        };
        // An entry several chapters share cites only this game's own section (§ 677a.13(f) at
        // a WPT table, not the list of the five banked chapters).
        let section = item.section_for(game);
        self.irregularity_seat(item, seat)?;
        let action = self.irregularity_signer(item, signed_by, &section)?;
        let note = note
            .as_ref()
            .map(|n| n.trim().to_string())
            .filter(|n| !n.is_empty());
        // What the catalogue asks to be written down (the ruling of a dispute) is written.
        if let (Some(what), None) = (&item.note, &note) {
            return Err(refusal!(
                section,
                "{}: write down {}",
                item.title,
                crate::rules::banked::lower_first(what)
            ));
        }
        let mut events = vec![Event::Irregularity {
            irregularity: item.title.clone(),
            section: section.clone(),
            action: item.action(),
            id: Some(item.id.clone()),
            seat,
            note,
            signed_by: if action.is_some() {
                signed_by.clone()
            } else {
                None
            },
        }];
        self.irregularity_effect(item, seat, &section, &mut events)?;
        Ok(events)
    }

    /// The seat an entry concerns: named where the entry needs one, at the table, and during a
    /// round one dealt in.
    fn irregularity_seat(&self, item: &Irregularity, seat: Option<u8>) -> Result<(), RuleError> {
        if item.seat && seat.is_none() {
            return refuse(format!("{}: say which seat", item.title));
        }
        if let Some(s) = seat
            && !(1..=MAX_SEATS).contains(&s)
        {
            return refuse(format!("seat {s}: seats are 1 to {MAX_SEATS}"));
        }
        if let (Some(s), Some(r)) = (seat, &self.round)
            && !r.seats.contains(&s)
        {
            return refuse(format!(
                "{}: seat {s} was not dealt in this round (seats {})",
                item.title,
                r.seats
                    .iter()
                    .map(|s| s.to_string())
                    .collect::<Vec<_>>()
                    .join(", ")
            ));
        }
        Ok(())
    }

    /// Who must sign the entry (a floorperson, or the Poker shift supervisor for a dispute),
    /// checked against who did.
    fn irregularity_signer(
        &self,
        item: &Irregularity,
        signed_by: &Option<Person>,
        section: &str,
    ) -> Result<Option<Action>, RuleError> {
        let action = match item.sign {
            Sign::None => None,
            Sign::Floor => Some(Action::SignIrregularity),
            Sign::Supervisor => Some(Action::RuleOnDispute),
        };
        match (action, signed_by) {
            (Some(a), Some(p)) => self.may_sign(p, a)?,
            (Some(a), None) => {
                return Err(refusal!(
                    section,
                    "{}: {} must sign",
                    item.title,
                    if a == Action::RuleOnDispute {
                        "the Poker shift supervisor"
                    } else {
                        "a floorperson"
                    }
                ));
            }
            (None, _) => {}
        }
        Ok(action)
    }

    /// What the entry does beyond being recorded: voids the round (and replaces its deck),
    /// owes or kills a Spanish 21 hand, refunds a fouled hand from the pot, loses a player's
    /// wagers, or takes the card reader or the shuffler out of service.
    fn irregularity_effect(
        &self,
        item: &Irregularity,
        seat: Option<u8>,
        section: &str,
        events: &mut Vec<Event>,
    ) -> Result<(), RuleError> {
        // The entries with a seat's effect name the seat (`irregularity_seat` refused it
        // otherwise).
        let the_seat = || match seat {
            Some(s) => Ok(s),
            None => refuse(format!("{}: say which seat", item.title)),
        };
        match item.effect {
            Effect::Log => {}
            Effect::VoidRound | Effect::ReplaceDeck => self.void_effect(item, section, events)?,
            Effect::CardOwed | Effect::HandDead => {
                use crate::rules::banked::spanish21::play21::Command21;
                let Some(banked) = self.round.as_ref().and_then(|r| r.banked.as_ref()) else {
                    return Err(refusal!(
                        section,
                        "{}: there is no Spanish 21 round in play",
                        item.title
                    ));
                };
                let seat = the_seat()?;
                let what = if item.effect == Effect::CardOwed {
                    Command21::CardOwed { seat }
                } else {
                    Command21::DeadHand { seat }
                };
                let more = banked
                    .decide(&what.into(), self.house())
                    .map_err(|e| e.within(|w| format!("{}: {w}", item.title)))?;
                events.extend(more.into_iter().map(Event::Banked));
            }
            Effect::RefundFromPot => {
                let Some(mut h) = self.round.as_ref().and_then(|r| r.poker.clone()) else {
                    return Err(refusal!(
                        section,
                        "{}: there is no poker-room round in play",
                        item.title
                    ));
                };
                let seat = the_seat()?;
                let hand = h
                    .run(crate::rules::poker::hand::HandCommand::RefundFouled { seat })
                    .map_err(|e| e.within(|w| format!("{}: {w}", item.title)))?;
                events.push(Event::Hand { events: hand });
            }
            Effect::WagersLost => self.wagers_lost_effect(item, the_seat()?, section, events)?,
            Effect::ReaderOutOfService => {
                if self.reader_out {
                    return Err(refusal!(
                        section,
                        "{}: the card reader is already out of order",
                        item.title
                    ));
                }
                events.push(Event::CardReaderOutOfService);
            }
            Effect::DeviceOutOfService => {
                if self.manual_shuffle || self.shuffler_out {
                    return refuse("the table is already shuffling by hand");
                }
                if self.round.is_some() {
                    return refuse("finish the round first, then take the shuffler out of service");
                }
                events.push(Event::ShufflerOutOfService {
                    deck: self.in_shuffler,
                });
            }
        }
        Ok(())
    }

    /// The round in play voided, or (§ 677a.13(a),(d), § 647a.13(a),(d)) its wagers the
    /// paytables still settle paid first; a deck replaced with it where the entry says so.
    fn void_effect(
        &self,
        item: &Irregularity,
        section: &str,
        events: &mut Vec<Event>,
    ) -> Result<(), RuleError> {
        let Some(r) = &self.round else {
            return Err(refusal!(
                section,
                "{}: there is no round in play to void",
                item.title
            ));
        };
        // § 677a.13(a),(d), § 647a.13(a),(d): some wagers of a void round are still
        // settled by their paytables; the rest is returned once they are paid.
        if item.effect == Effect::VoidRound
            && let Some(settles) = self.void_keeps(&item.id)
        {
            events.push(Event::Banked(BankedEvent::VoidSettling { settles }));
            return Ok(());
        }
        events.push(Event::RoundVoided {
            number: r.number,
            refunds: r.refunds(),
        });
        if item.effect == Effect::ReplaceDeck {
            events.push(Event::DeckRemoved {
                deck: r.deck,
                colour: self.deck_name(r.deck),
                reason: RemovalReason::Irregularity {
                    id: item.id.clone(),
                },
                generation: self.deck_generation(r.deck),
            });
        }
        Ok(())
    }

    /// A player's wagers lost on every box he plays (§ 677a.7(e), § 635a.6(f)); the round
    /// settled when nobody is left to play.
    fn wagers_lost_effect(
        &self,
        item: &Irregularity,
        seat: u8,
        section: &str,
        events: &mut Vec<Event>,
    ) -> Result<(), RuleError> {
        let Some(banked) = self.round.as_ref().and_then(|r| r.banked.as_ref()) else {
            return Err(refusal!(
                section,
                "{}: there is no round in play",
                item.title
            ));
        };
        let lost = crate::rules::banked::round::Lost {
            section: section.to_string(),
            why: item.title.clone(),
            options_fee: false,
        };
        // Every box the player wagers on (§ 677a.7(e), § 635a.6(f)) is his.
        let mut next = banked.clone();
        for b in banked.player_boxes(seat) {
            if b != seat && (!banked.wagers.contains_key(&b) || banked.lost.contains_key(&b)) {
                continue;
            }
            let event = BankedEvent::WagersLost {
                seat: b,
                lost: lost.clone(),
                stakes: next.lost_stakes(b),
            };
            next.apply(&event)
                .map_err(|e| e.within(|w| format!("{}: {w}", item.title)))?;
            events.push(Event::Banked(event));
        }
        // Nobody left to play: the settlement collects every wager.
        if next.ready_to_settle(self.house()) {
            let house = self
                .house()
                .ok_or_else(|| RuleError::plain("the table opened without its paytables"))?;
            let settlement = next.settle(house)?;
            events.push(Event::Banked(BankedEvent::Settled { settlement }));
        }
        Ok(())
    }
}
