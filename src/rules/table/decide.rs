//! `Table::decide`: a command checked against the rules, and the events it causes. Nothing
//! changes here; the terminal journals the events, then applies them.

use crate::refusal;

use super::*;
use crate::rules::access::Action;
use crate::rules::banked::round::BankedEvent;
use command::refuse;

impl Table {
    /// Checks a command against the rules and returns the events it causes. Nothing changes
    /// until the caller has journaled the events and applied them.
    pub fn decide(&self, cmd: &Command) -> Result<Vec<Event>, RuleError> {
        let step = self.step();
        match cmd {
            Command::Confirm(c) => self.decide_confirm(&step, *c),
            Command::Verify(p) => self.decide_verify(&step, p),
            Command::RakeTaken(take) => self.decide_rake_taken(&step, take),
            Command::ShufflerCounted { counted } => self.decide_count(*counted),
            Command::UndoLast => self.decide_undo(),
            Command::CorrectRound { steps, signed_by } => self.decide_correction(*steps, signed_by),
            Command::RecordHighHand(slip) => self.decide_high_hand(slip),
            Command::StartRound { seats } => self.decide_start(&step, seats),
            Command::AddStake { seat, amount } => self.decide_stake(*seat, *amount),
            Command::LeaveSeat { seat } => self.decide_leave(*seat),
            Command::SeatAway { seat, signed_by } => self.decide_away(*seat, signed_by),
            Command::SeatBack { seat, signed_by } => self.decide_back(*seat, signed_by),
            Command::SignIn(_)
            | Command::SignOut
            | Command::OpenTable(_)
            | Command::ChangeDecks { .. }
            | Command::ReshuffleOrdered { .. }
            | Command::TableIdle
            | Command::CloseTable
            | Command::ReaderInspected { .. } => self.decide_opening(step, cmd),
            Command::ClosePeriod { .. }
            | Command::RecordBoxCount(_)
            | Command::RecordTimeCharges(_) => self.decide_records(cmd),
            Command::LoadShuffler(_)
            | Command::ShufflerFault { .. }
            | Command::ShufflerOutOfService
            | Command::VerifyRemoval { .. } => self.decide_shuffler(step, cmd),
            Command::ManualCount { .. }
            | Command::CountStub { .. }
            | Command::StubMisdeal { .. } => self.decide_hand_count(step, cmd),
            Command::Poker(_)
            | Command::Banked(_)
            | Command::ReportIrregularity { .. }
            | Command::CountLosingHands { .. } => self.decide_in_round(step, cmd),
        }
    }

    /// Whether `signer` may sign for `action` at this table: the role the action takes, and
    /// never the dealer signed in for his own table (`rules::access`).
    pub(super) fn may_sign(&self, signer: &Person, action: Action) -> Result<(), RuleError> {
        crate::rules::access::check(signer, action, self.dealer.as_ref()).map_err(RuleError::from)
    }

    pub(super) fn table_and_dealer(&self) -> Result<(u32, Person), RuleError> {
        let Some(setup) = &self.setup else {
            return refuse("open the table first");
        };
        let Some(dealer) = &self.dealer else {
            return refuse("a dealer must be signed in: the dealer signs the record");
        };
        Ok((setup.table_no, dealer.clone()))
    }

    fn decide_confirm(&self, step: &Step, c: Confirm) -> Result<Vec<Event>, RuleError> {
        let ev = match (c, step) {
            (Confirm::DecksInspected, Step::InspectDecks) => Event::DecksInspected {
                colours: self.decks.iter().map(|d| d.colour.clone()).collect(),
            },
            (Confirm::PlayersInspected, Step::PlayerInspection) => Event::PlayersInspected,
            (Confirm::DecksWashed, Step::WashDecks) => Event::DecksWashed,
            (Confirm::CardBurned, Step::BurnCard) => Event::CardBurned,
            (Confirm::PotPushed, Step::AwardPot { awards }) => {
                let Some(r) = self.round.as_ref() else {
                    return refuse("no round is in play");
                };
                if r.untracked() {
                    return Err(refusal!(
                        "§ 637a.7(e)(6)(iii),(iv)",
                        "tap what was taken from the pot: the rake and the jackpot drops"
                    ));
                }
                Event::PotAwarded {
                    number: r.number,
                    awards: awards.clone(),
                    pot: r.pot(),
                    take: r.take,
                }
            }
            (Confirm::DeckRemoved, Step::RemoveDeck { deck }) => {
                let reason = self
                    .removal
                    .as_ref()
                    .map(|r| r.reason.clone())
                    .unwrap_or(RemovalReason::LosingHandsMiscounted);
                Event::DeckRemoved {
                    deck: *deck,
                    colour: self.deck_name(*deck),
                    reason,
                    generation: self.deck_generation(*deck),
                }
            }
            (Confirm::PreshuffledCut, Step::CutPreshuffled { deck }) => Event::PreshuffledDeckCut {
                deck: *deck,
                colour: self.deck_name(*deck),
            },
            (Confirm::ShuffledAndCut, Step::ShuffleManually { deck }) => {
                Event::DeckShuffledManually {
                    deck: *deck,
                    colour: self.deck_name(*deck),
                }
            }
            (Confirm::ShufflerCovered, Step::CoverShuffler) => Event::ShufflerCovered,
            (Confirm::ShufflerBack, Step::ShufflerNeeded) => {
                if !self.setup.as_ref().is_some_and(|s| s.counting_shuffler) {
                    return refuse("this table has no automated shuffler connected");
                }
                Event::ShufflerBackInService
            }
            (Confirm::DealFromShoe, Step::ShufflerNeeded) => {
                let shoe = crate::rules::dealing::Dealing::ManualShoe;
                if !self
                    .setup
                    .as_ref()
                    .is_some_and(|s| s.poker.game.def().dealing.contains(&shoe))
                {
                    return refuse("this game is not dealt from a dealing shoe");
                }
                Event::DealingChanged {
                    dealing: shoe,
                    section: self.sections().shuffler_out.into(),
                }
            }
            (Confirm::ReplacementInspected, Step::InspectReplacement { deck }) => {
                Event::ReplacementInspected {
                    deck: *deck,
                    colour: self.deck_name(*deck),
                    generation: self.decks[*deck].generation + 1,
                }
            }
            _ => return refuse(format!("that is not the current step ({step:?})")),
        };
        Ok(vec![ev])
    }

    fn decide_verify(&self, step: &Step, p: &Person) -> Result<Vec<Event>, RuleError> {
        use crate::rules::access::{Action, check};
        let action = match step {
            Step::VerifyInspection => Action::VerifyInspection,
            Step::VerifyRemoval { .. } => Action::VerifyDeckChange,
            Step::VerifyCount { .. } => Action::VerifyDeckCount,
            Step::VerifyBadBeat { .. } => Action::VerifyBadBeat,
            Step::ReaderNeeded => Action::SignIrregularity,
            Step::Banked {
                step: crate::rules::banked::round::BankedStep::Pay { verify: true },
                ..
            } => {
                return self.decide(&Command::Banked(
                    crate::rules::banked::round::BankedCommand::Validated {
                        floorperson: p.clone(),
                    },
                ));
            }
            // A payout settled at the table before the end (Lunar Poker's lock-in) that the
            // table's thresholds have signed before it is paid.
            Step::Banked {
                step: crate::rules::banked::round::BankedStep::Reveal { .. },
                ..
            } if self.payouts_signer() != crate::rules::banked::Signer::None => {
                return self.decide(&Command::Banked(
                    crate::rules::banked::round::BankedCommand::Validated {
                        floorperson: p.clone(),
                    },
                ));
            }
            _ => return refuse("nothing is waiting for a floorperson's verification"),
        };
        // "Floorperson or above"; a dealer cannot verify their own work.
        check(p, action, self.dealer.as_ref()).map_err(RuleError::from)?;
        match step {
            Step::VerifyInspection => Ok(vec![Event::InspectionVerified {
                floorperson: p.clone(),
            }]),
            Step::ReaderNeeded => Ok(vec![Event::CardReaderRepaired {
                floorperson: p.clone(),
            }]),
            Step::VerifyRemoval { .. }
                if self
                    .setup
                    .as_ref()
                    .is_some_and(|s| !s.poker.deck_dispositions.is_empty()) =>
            {
                Err(refusal!(
                    "§ 637a.3(c), the internal controls",
                    "say what becomes of the removed deck before the floorperson signs"
                ))
            }
            Step::VerifyRemoval { deck } => Ok(vec![Event::RemovalVerified {
                deck: *deck,
                floorperson: p.clone(),
                disposition: None,
            }]),
            Step::VerifyCount { deck, counted } => Ok(self.count_events(
                *deck,
                u16::from(*counted),
                Some(p.clone()),
                "the dealer counted",
            )),
            Step::VerifyBadBeat { hit } => Ok(vec![Event::BadBeatVerified {
                hit: hit.clone(),
                supervisor: p.clone(),
            }]),
            _ => refuse("nothing is waiting for a floorperson's verification"),
        }
    }

    fn decide_start(&self, step: &Step, seats: &[u8]) -> Result<Vec<Event>, RuleError> {
        let Step::StartRound { deck, load } = step else {
            return match step {
                Step::AwaitShuffle { deck } => refuse(format!(
                    "wait: the shuffler is still shuffling the {} deck",
                    self.deck_name(*deck)
                )),
                // The step that stands first, with its section: a round waits for it.
                _ => Err(refusal!(
                    self.section_of(step),
                    "a round can start only when the table is ready: first, {}",
                    crate::rules::banked::lower_first(&step.describe())
                )),
            };
        };
        let mut seats = seats.to_vec();
        seats.sort_unstable();
        seats.dedup();
        if seats.iter().any(|s| !(1..=10).contains(s)) {
            return Err(refusal!("§ 637a.2(a)", "seats are numbered 1 to 10"));
        }
        let setup = self.setup.as_ref().expect("a round needs an open table");
        let banked = setup.poker.game.is_house_banked();
        if banked {
            crate::rules::registry::start_round(setup.poker.game, setup.poker.dealing, &seats)
                .map_err(RuleError::from)?;
        } else if seats.len() < 2 {
            return Err(refusal!(
                "§ 637a.7(b)",
                "a round needs at least two players"
            ));
        }
        // § 637a.11(c)(1)(i): the button starts with the first player to the dealer's right
        // (the highest seat); then it moves clockwise after each round (§ 637a.11(c)(2)).
        let Some(button) = self.next_button(&seats) else {
            return refuse("tap the seats dealt in");
        };
        let posts = if banked {
            vec![]
        } else {
            self.posts_for(setup, &seats, button)?
        };
        if !banked {
            // The game's own limits (players, stakes) are the state machine's to check.
            crate::rules::poker::hand::Hand::start(setup.hand_setup(
                &seats,
                button,
                &self.stakes,
                &posts,
                self.killed,
            ))?;
        }
        let mut events = vec![Event::RoundStarted {
            number: self.rounds_played + 1,
            deck: *deck,
            colour: self.deck_name(*deck),
            stakes: if setup.betting.tracks_stakes() {
                seats
                    .iter()
                    .map(|s| (*s, self.stakes.get(s).copied().unwrap_or(0)))
                    .collect()
            } else {
                vec![]
            },
            seats,
            button,
            posts,
        }];
        if let Some(other) = load {
            events.push(Event::ShuffleRequested {
                deck: *other,
                colour: self.deck_name(*other),
            });
        }
        Ok(events)
    }

    /// A step of the round: the poker-room hand's and the house-banked round's commands, an
    /// irregularity reported, the losing hands counted.
    pub(super) fn decide_in_round(
        &self,
        step: Step,
        cmd: &Command,
    ) -> Result<Vec<Event>, RuleError> {
        match cmd {
            Command::Poker(cmd) => {
                let Step::Poker { .. } = step else {
                    return refuse("no poker-room round is under way");
                };
                let Some(mut h) = self.round.as_ref().and_then(|r| r.poker.clone()) else {
                    return refuse("no poker-room round is under way");
                };
                // A refund from the pot is an irregularity a floorperson signs (§ 637a.18(k)).
                if matches!(
                    cmd,
                    crate::rules::poker::hand::HandCommand::RefundFouled { .. }
                ) {
                    return Err(refusal!(
                        "§ 637a.18(k)",
                        "a fouled hand's refund is reported as an irregularity, signed by a floorperson"
                    ));
                }
                let events = h.run(cmd.clone())?;
                Ok(vec![Event::Hand { events }])
            }
            Command::Banked(cmd) => {
                let Step::Banked { .. } = step else {
                    return refuse("no house-banked round is under way");
                };
                let Some(b) = self.round.as_ref().and_then(|r| r.banked.as_ref()) else {
                    return refuse("no house-banked round is under way");
                };
                // A step only an irregularity takes (Spanish 21's missed card, § 635a.13(i)).
                if let crate::rules::banked::round::BankedCommand::Own(own) = cmd
                    && let Some(why) = own.dealer_refused()
                {
                    return Err(why);
                }
                let events = b.decide(cmd, self.house())?;
                // A void round's kept wagers paid: every other wager is returned now.
                if b.void.is_some() && events.contains(&BankedEvent::Paid) {
                    let Some(r) = self.round.as_ref() else {
                        return refuse("no round is in play");
                    };
                    let mut out: Vec<Event> = events.into_iter().map(Event::Banked).collect();
                    out.push(Event::RoundVoided {
                        number: r.number,
                        refunds: b.refunds(),
                    });
                    return Ok(out);
                }
                if let crate::rules::banked::round::BankedCommand::Validated { floorperson } = cmd {
                    // A payout above the table's supervisor threshold takes a shift
                    // supervisor; any other validation a floorperson.
                    let action = if self.awaits_supervisor() {
                        crate::rules::access::Action::ApproveLargePayout
                    } else {
                        crate::rules::access::Action::ValidateProgressive
                    };
                    self.may_sign(floorperson, action)?;
                }
                Ok(events.into_iter().map(Event::Banked).collect())
            }
            Command::ReportIrregularity {
                id,
                seat,
                note,
                signed_by,
            } => self.decide_irregularity(id, *seat, note, signed_by),
            Command::CountLosingHands { correct } => {
                let Step::CountLosingHands { expected } = step else {
                    return refuse("the losing hands are counted after the showdown");
                };
                let Some(r) = self.round.as_ref() else {
                    return refuse("no round is in play");
                };
                let mut events = vec![Event::LosingHandsCounted {
                    expected,
                    correct: *correct,
                }];
                if !*correct {
                    events.push(Event::Irregularity {
                        irregularity: "The losing hands do not hold the right number of cards".into(),
                        section: "§ 637a.7(e)(6)(i), § 637a.18(i)".into(),
                        action: "Round void, every chip returned to the player who put it in, deck replaced".into(),
                        id: None,
                        seat: None,
                        note: None,
                        signed_by: None,
                    });
                    let removed = (r.deck, RemovalReason::LosingHandsMiscounted);
                    events.extend(self.void_round(r, Some(removed)));
                }
                Ok(events)
            }
            _ => refuse(format!("{cmd:?} is not for `decide_in_round`")),
        }
    }
}

/// The table in the rules' one shape (`rules::machine`).
impl crate::rules::machine::Machine for Table {
    type Command = Command;
    type Event = Event;
    type Context<'a> = ();

    fn decide(&self, cmd: &Command, _: ()) -> Result<Vec<Event>, crate::rules::machine::Refusal> {
        Table::decide(self, cmd)
    }

    fn apply(&mut self, events: &[Event]) -> Result<(), crate::rules::machine::Refusal> {
        let mut next = self.clone();
        for e in events {
            Table::apply(&mut next, e)?;
        }
        *self = next;
        Ok(())
    }
}

impl Table {
    /// Who signs the house-banked payouts the table waits for now: the settlement's signer at
    /// its validation, or (before the end) Lunar Poker's lock-in's, under the table's
    /// thresholds; `Signer::None` when no payout waits. The signing pad's title, the floor's
    /// call and the signer's role all read this.
    pub fn payouts_signer(&self) -> crate::rules::banked::Signer {
        use crate::rules::banked::Signer;
        use crate::rules::banked::round::BankedStep;
        let Some(b) = self.round.as_ref().and_then(|r| r.banked.as_ref()) else {
            return Signer::None;
        };
        match (&b.settlement, &b.step) {
            (Some(s), BankedStep::Pay { verify: true }) => s.signer,
            (None, _) => b.lock_in_signer(self.house()),
            _ => Signer::None,
        }
    }

    /// Whether the signature the table waits for is a shift supervisor's.
    pub fn awaits_supervisor(&self) -> bool {
        self.payouts_signer() == crate::rules::banked::Signer::Supervisor
    }
}
