//! `Table::decide` for the decks and the shuffler: loaded, faulted, out of service, a removal
//! verified; a deck counted by hand, the stub counted, a misdeal found at the stub count.

use super::*;
use crate::rules::access::Action;
use command::refuse;

impl Table {
    /// The shuffler loaded, faulted and out of service, and a deck's removal verified.
    pub(super) fn decide_shuffler(
        &self,
        step: Step,
        cmd: &Command,
    ) -> Result<Vec<Event>, RuleError> {
        match cmd {
            Command::LoadShuffler(deck) => {
                let ok = matches!(step, Step::LoadShuffler { deck: d } | Step::LoadReplacement { deck: d } if d == *deck);
                if !ok {
                    return refuse("that deck is not the one to load into the shuffler now");
                }
                Ok(vec![Event::ShuffleRequested {
                    deck: *deck,
                    colour: self.deck_name(*deck),
                }])
            }
            Command::ShufflerFault { code, detail } => {
                let Some(deck) = self.shuffling_deck() else {
                    return refuse("the shuffler reported a fault while no shuffle was under way");
                };
                let colour = self.deck_name(deck);
                Ok(vec![
                    Event::ShuffleFailed {
                        deck,
                        colour: colour.clone(),
                        code: *code,
                        detail: detail.clone(),
                    },
                    Event::Irregularity {
                        irregularity: format!(
                            "Shuffler stopped during the {colour} deck's shuffle: {detail}"
                        ),
                        // § 637a.18(q) and each banked chapter's § x.13 alike.
                        section: self.sections().shuffler_jam.into(),
                        action: "Clear the shuffler and reshuffle the cards".into(),
                        id: None,
                        seat: None,
                        note: None,
                        signed_by: None,
                    },
                ])
            }
            Command::ShufflerOutOfService => {
                if self.manual_shuffle || self.shuffler_out {
                    return refuse("the table is already shuffling by hand");
                }
                if self.round.is_some() {
                    return refuse("finish the round first");
                }
                if !self.opened() {
                    return refuse("open the table first");
                }
                Ok(vec![
                    Event::ShufflerOutOfService {
                        deck: self.in_shuffler,
                    },
                    Event::Irregularity {
                        irregularity: "The automated card shuffler cannot be used".into(),
                        section: self.sections().shuffler_out.into(),
                        action:
                            "Cover the shuffler or post an out-of-order sign, then shuffle by hand"
                                .into(),
                        id: None,
                        seat: None,
                        note: None,
                        signed_by: None,
                    },
                ])
            }
            Command::VerifyRemoval {
                signed_by,
                disposition,
            } => {
                let Step::VerifyRemoval { deck } = step else {
                    return refuse("no deck removal is waiting for a floorperson's verification");
                };
                self.table_and_dealer()?;
                self.may_sign(signed_by, Action::VerifyDeckChange)?;
                let choices = self
                    .setup
                    .as_ref()
                    .map(|s| s.poker.deck_dispositions.clone())
                    .unwrap_or_default();
                if !choices.contains(disposition) {
                    return refuse(format!(
                        "{disposition:?} is not one of the internal controls' dispositions: {}",
                        choices.join(", ")
                    ));
                }
                Ok(vec![Event::RemovalVerified {
                    deck,
                    floorperson: signed_by.clone(),
                    disposition: Some(disposition.clone()),
                }])
            }
            _ => refuse(format!("{cmd:?} is not for `decide_shuffler`")),
        }
    }

    /// A deck counted by hand, the stub counted, a misdeal found at the stub count.
    pub(super) fn decide_hand_count(
        &self,
        step: Step,
        cmd: &Command,
    ) -> Result<Vec<Event>, RuleError> {
        match cmd {
            Command::ManualCount { counted } => {
                let Step::CountDeck { deck } = step else {
                    return refuse("no deck count is due now");
                };
                if *counted > 104 {
                    return refuse(format!(
                        "{counted} cards: count the deck face down and key the number of cards"
                    ));
                }
                Ok(vec![Event::ManualCountEntered {
                    deck,
                    colour: self.deck_name(deck),
                    counted: *counted,
                }])
            }
            Command::CountStub { counted } => {
                let Step::CountStub { deck, expected } = step else {
                    return refuse("no stub count is due now");
                };
                if *counted > DECK_SIZE {
                    return refuse(format!(
                        "{counted} cards: a deck has 52; count the stub face down and key the number of cards in it"
                    ));
                }
                Ok(vec![Event::StubCounted {
                    deck,
                    colour: self.deck_name(deck),
                    counted: *counted,
                    expected,
                    section: self.section_of(&step),
                }])
            }
            Command::StubMisdeal { misdealt } => {
                let Step::StubWrong {
                    deck,
                    counted,
                    expected,
                } = step
                else {
                    return refuse("no wrong stub count waits for an answer");
                };
                let section = self.section_of(&step);
                let Some(r) = self.round.as_ref() else {
                    return refuse("no round is in play");
                };
                let mut events = vec![Event::Irregularity {
                    irregularity: format!(
                        "The stub held {counted} cards, not {expected}: {}",
                        if *misdealt {
                            "the cards were misdealt, the deck holds its 52"
                        } else {
                            "the deck does not hold 52 cards"
                        }
                    ),
                    section,
                    action: if *misdealt {
                        "All hands void, all wagers returned to the players".into()
                    } else {
                        "All hands void, all wagers returned to the players, the entire deck removed from the table".into()
                    },
                    id: None,
                    seat: None,
                    note: None,
                    signed_by: None,
                }];
                let removed = (!*misdealt)
                    .then_some((deck, RemovalReason::StubMiscounted { counted, expected }));
                events.extend(self.void_round(r, removed));
                Ok(events)
            }
            _ => refuse(format!("{cmd:?} is not for `decide_hand_count`")),
        }
    }

    /// A round voided with every wager returned, and its deck removed where `removed` says why.
    pub(super) fn void_round(
        &self,
        r: &Round,
        removed: Option<(DeckId, RemovalReason)>,
    ) -> Vec<Event> {
        let mut events = vec![Event::RoundVoided {
            number: r.number,
            refunds: r.refunds(),
        }];
        if let Some((deck, reason)) = removed {
            events.push(Event::DeckRemoved {
                deck,
                colour: self.deck_name(deck),
                reason,
                generation: self.deck_generation(deck),
            });
        }
        events
    }

    pub(super) fn shuffling_deck(&self) -> Option<DeckId> {
        self.in_shuffler
            .filter(|d| self.decks[*d].status == DeckStatus::Shuffling)
    }

    pub(super) fn decide_count(&self, counted: u16) -> Result<Vec<Event>, RuleError> {
        let Some(deck) = self.shuffling_deck() else {
            return refuse(format!(
                "the shuffler reported a count of {counted} while no shuffle was under way"
            ));
        };
        Ok(self.count_events(deck, counted, None, "the shuffler counted"))
    }

    /// A count and, when it is not 52, the irregularity (§ 637a.7(e)(5)).
    pub(super) fn count_events(
        &self,
        deck: DeckId,
        counted: u16,
        verified_by: Option<Person>,
        who: &str,
    ) -> Vec<Event> {
        let colour = self.deck_name(deck);
        let expected = self.cards_counted();
        let correct = counted == expected;
        let mut events = vec![Event::DeckCounted {
            deck,
            colour: colour.clone(),
            counted,
            expected,
            correct,
            verified_by,
        }];
        if !correct {
            let mut who = who.to_string();
            if let Some(first) = who.get(0..1) {
                who.replace_range(0..1, &first.to_uppercase());
            }
            events.push(Event::Irregularity {
                irregularity: format!("{who} {counted} cards in the {colour} deck, not {expected}"),
                section: self.sections().removal.into(),
                action: "Remove the deck from the table; a floorperson verifies; replace it".into(),
                id: None,
                seat: None,
                note: None,
                signed_by: None,
            });
        }
        events
    }
}
