//! `Table::apply`: an event folded into the table. An event that does not fit where the table
//! stands is refused with the reason and changes nothing.

use super::*;
use crate::refusal;
use crate::rules::machine::Refusal;

impl Table {
    /// Folds one event into the state. Events come from `decide` or from the journal; one that
    /// does not fit where the table stands (an altered or foreign journal, or rules that give a
    /// different outcome now) is refused with the reason, and the table is left as it was.
    pub fn apply(&mut self, e: &Event) -> Result<(), Refusal> {
        let mut next = self.clone();
        let taken = next.taken_by(e);
        next.apply_event(e)?;
        next.keep_history(e, taken);
        *self = next;
        Ok(())
    }

    fn deck_mut(&mut self, deck: DeckId) -> Result<&mut Deck, Refusal> {
        let n = self.decks.len();
        self.decks
            .get_mut(deck)
            .ok_or_else(|| Refusal::plain(format!("deck {deck}: the table has {n} decks")))
    }

    fn round_mut(&mut self) -> Result<&mut Round, Refusal> {
        self.round
            .as_mut()
            .ok_or_else(|| Refusal::plain("no round is in play"))
    }

    /// The step an event answers must be the current one.
    fn at(&self, want: impl Fn(&Step) -> bool, what: &str) -> Result<(), Refusal> {
        let step = self.step();
        if want(&step) {
            Ok(())
        } else {
            Err(Refusal::plain(format!(
                "{what} does not fit the step {step:?}"
            )))
        }
    }

    /// One event folded into the table, by the part of the table it is about.
    fn apply_event(&mut self, e: &Event) -> Result<(), Refusal> {
        match e.part() {
            EventPart::Opening => self.apply_opening(e),
            EventPart::Shuffle => self.apply_shuffle(e),
            EventPart::Record => self.apply_record(e),
            EventPart::Round => self.apply_round(e),
            EventPart::InRound => self.apply_in_round(e),
        }
    }

    /// The table opened and closed, the dealer signed in and out, the decks inspected and washed.
    fn apply_opening(&mut self, e: &Event) -> Result<(), Refusal> {
        match e {
            Event::DealerSignedIn { dealer } => {
                if let Some(d) = &self.dealer {
                    return Err(Refusal::plain(format!(
                        "a sign-in while {} is signed in",
                        d.name
                    )));
                }
                self.dealer = Some(dealer.clone());
                // § 635a.7(c): each new dealer burns a card before dealing.
                self.burn_due = true;
            }
            Event::DealerSignedOut { .. } => self.dealer = None,
            Event::TableOpened { setup } => {
                self.at(|s| *s == Step::OpenTable, "an opening")?;
                self.cut_offer = CutOffer::FirstPlayer;
                self.manual_shuffle = !setup.counting_shuffler;
                self.decks = setup
                    .deck_colours
                    .iter()
                    .take(setup.decks_used())
                    .map(|c| Deck {
                        colour: c.clone(),
                        status: DeckStatus::Unshuffled,
                        generation: 0,
                        last_count: None,
                        rounds_since_count: 0,
                    })
                    .collect();
                self.setup = Some(setup.clone());
                self.receive_preshuffled();
            }
            Event::DecksChanged { .. } => {
                for d in &mut self.decks {
                    d.generation += 1;
                    d.status = DeckStatus::Unshuffled;
                    d.last_count = None;
                    d.rounds_since_count = 0;
                }
                self.in_shuffler = None;
                self.pending_count = None;
                // The new decks go through the opening procedure (§ 637a.4).
                self.inspected = false;
                self.inspection_verified = false;
                self.players_inspected = false;
                self.washed = false;
                self.receive_preshuffled();
            }
            Event::TableClosed { .. } => {
                *self = Table {
                    dealer: self.dealer.clone(),
                    rounds_played: self.rounds_played,
                    high_hand: self.high_hand.clone(),
                    high_hand_lines: self.high_hand_lines,
                    // The High Hand's periods outlive a closing of the table.
                    high_hand_slips: std::mem::take(&mut self.high_hand_slips),
                    high_hand_rollover: self.high_hand_rollover,
                    high_hand_closed: self.high_hand_closed.clone(),
                    ..Table::default()
                };
            }
            Event::DecksInspected { .. } => {
                self.at(|s| *s == Step::InspectDecks, "an inspection")?;
                self.inspected = true;
            }
            Event::InspectionVerified { .. } => {
                self.at(|s| *s == Step::VerifyInspection, "a verification")?;
                self.inspection_verified = true;
            }
            Event::PlayersInspected => {
                self.at(|s| *s == Step::PlayerInspection, "the players' inspection")?;
                self.players_inspected = true;
                self.idle = false;
            }
            Event::DecksWashed => {
                self.at(|s| *s == Step::WashDecks, "a wash")?;
                self.washed = true;
            }
            Event::CardBurned => {
                self.at(|s| *s == Step::BurnCard, "a burn")?;
                self.burn_due = false;
                self.cover_burn_due = false;
            }
            _ => return Err(Refusal::plain(format!("{e:?} is not for `apply_opening`"))),
        }
        Ok(())
    }

    /// The decks shuffled, counted and cut, and the shuffler out of and back in service.
    fn apply_shuffle(&mut self, e: &Event) -> Result<(), Refusal> {
        match e {
            Event::ShuffleRequested { deck, .. } => {
                self.deck_mut(*deck)?.status = DeckStatus::Shuffling;
                self.in_shuffler = Some(*deck);
                if let Some(r) = &mut self.removal
                    && r.deck == *deck
                {
                    r.stage = RemovalStage::AwaitCount;
                }
            }
            Event::DeckCounted {
                deck,
                counted,
                correct,
                ..
            } => {
                self.pending_count = None;
                let manual = self.manual_shuffle;
                // § 635a.7(c): a burn once a batch of cards is placed in the dealing shoe. A shoe
                // the shuffler counts while another is being dealt stays out of it until that
                // one's cover card comes out (its burn is asked then, `finish_round`).
                let other_in_play = self.shoe_game()
                    && self.decks.iter().enumerate().any(|(i, d)| {
                        i != *deck && matches!(d.status, DeckStatus::Shuffled | DeckStatus::InPlay)
                    });
                let d = self.deck_mut(*deck)?;
                d.last_count = Some(*counted);
                d.rounds_since_count = 0;
                if *correct {
                    // A hand count comes before the shuffle; the shuffler's after it.
                    d.status = if manual {
                        DeckStatus::Unshuffled
                    } else {
                        DeckStatus::Shuffled
                    };
                    if !manual && !other_in_play {
                        self.burn_due = true;
                    }
                    if self.removal.as_ref().is_some_and(|r| r.deck == *deck) {
                        self.removal = None;
                    }
                } else {
                    d.status = DeckStatus::Removed;
                    self.removal = Some(DeckRemoval {
                        deck: *deck,
                        reason: RemovalReason::WrongCount { counted: *counted },
                        stage: RemovalStage::Remove,
                    });
                }
            }
            Event::ManualCountEntered { deck, counted, .. } => {
                self.at(
                    |s| matches!(s, Step::CountDeck { deck: d } if d == deck),
                    "a hand count",
                )?;
                self.pending_count = Some((*deck, *counted));
            }
            Event::StubCounted {
                deck,
                counted,
                expected,
                ..
            } => {
                self.at(
                    |s| matches!(s, Step::CountStub { deck: d, expected: e } if d == deck && e == expected),
                    "a stub count",
                )?;
                let right = counted == expected;
                let r = self.round_mut()?;
                r.stub = if right {
                    StubCount::Right
                } else {
                    StubCount::Wrong {
                        counted: *counted,
                        expected: *expected,
                    }
                };
                if right {
                    let d = self.deck_mut(*deck)?;
                    d.last_count = Some(u16::from(crate::rules::table::DECK_SIZE));
                    d.rounds_since_count = 0;
                }
            }
            Event::DeckShuffledManually { deck, .. } => {
                self.at(
                    |s| matches!(s, Step::ShuffleManually { deck: d } if d == deck),
                    "a hand shuffle",
                )?;
                self.deck_mut(*deck)?.status = DeckStatus::Shuffled;
                self.burn_due = true;
            }
            Event::ShufflerOutOfService { deck } => {
                self.shuffler_out = true;
                if let Some(d) = deck {
                    let d = self.deck_mut(*d)?;
                    if d.status != DeckStatus::Removed {
                        d.status = DeckStatus::Unshuffled;
                    }
                    self.in_shuffler = None;
                }
                // A deck the shuffler had finished is back in the dealer's hands unshuffled.
                for d in &mut self.decks {
                    if d.status == DeckStatus::Shuffling {
                        d.status = DeckStatus::Unshuffled;
                    }
                }
                if let Some(r) = &mut self.removal
                    && r.stage == RemovalStage::AwaitCount
                {
                    r.stage = RemovalStage::LoadReplacement;
                }
            }
            Event::ShufflerCovered => {
                self.at(|s| *s == Step::CoverShuffler, "covering the shuffler")?;
                self.manual_shuffle = true;
            }
            Event::PreshuffledDeckCut { deck, .. } => {
                self.at(
                    |s| matches!(s, Step::CutPreshuffled { deck: d } if d == deck),
                    "a preshuffled deck cut",
                )?;
                self.deck_mut(*deck)?.status = DeckStatus::Shuffled;
            }
            Event::ShufflerBackInService => {
                self.at(
                    |s| *s == Step::ShufflerNeeded,
                    "the shuffler back in service",
                )?;
                self.shuffler_out = false;
                self.manual_shuffle = false;
            }
            Event::ShuffleFailed { deck, .. } => {
                self.deck_mut(*deck)?.status = DeckStatus::Unshuffled;
                if let Some(r) = &mut self.removal
                    && r.deck == *deck
                {
                    r.stage = RemovalStage::LoadReplacement;
                }
            }
            _ => return Err(Refusal::plain(format!("{e:?} is not for `apply_shuffle`"))),
        }
        Ok(())
    }

    /// The card reader, the dealing method, the records kept between rounds (box counts, time
    /// charges, High Hands), irregularities and decks removed and replaced.
    fn apply_record(&mut self, e: &Event) -> Result<(), Refusal> {
        match e {
            Event::CardReaderInspected { .. } => {
                if !self.shoe_game() {
                    return Err("a card reader is Spanish 21's".into());
                }
            }
            Event::CardReaderOutOfService => {
                if !self.shoe_game() {
                    return Err("a card reader is Spanish 21's".into());
                }
                self.reader_out = true;
            }
            Event::CardReaderRepaired { .. } => {
                self.at(|s| *s == Step::ReaderNeeded, "the card reader repaired")?;
                self.reader_out = false;
            }
            Event::DealingChanged { dealing, .. } => {
                self.at(
                    |s| *s == Step::ShufflerNeeded,
                    "changing the dealing method",
                )?;
                if let Some(s) = &mut self.setup {
                    s.poker.dealing = *dealing;
                }
            }
            Event::BoxCounted { .. } | Event::TimeChargesVerified { .. } => {}
            Event::HighHandPeriodClosed {
                period, rollover, ..
            } => {
                self.high_hand_rollover = *rollover;
                self.high_hand_closed = Some(period.clone());
                self.high_hand_slips.retain(|(p, _)| p != period);
                if self.high_hand.as_ref().is_some_and(|(p, _)| p == period) {
                    self.high_hand = None;
                }
            }
            Event::HighHandRecorded {
                slip,
                value,
                line,
                table_no,
                ..
            } => {
                self.high_hand_slips.push((
                    slip.period.clone(),
                    crate::rules::poker::jackpots::SlipLine {
                        table_no: *table_no,
                        line: *line,
                        seat: slip.seat,
                        player_name: slip.player_name.clone(),
                        value: *value,
                    },
                ));
                self.high_hand_lines = *line;
                let higher = self
                    .high_hand
                    .as_ref()
                    .is_none_or(|(p, v)| *p != slip.period || value >= v);
                if higher {
                    self.high_hand = Some((slip.period.clone(), *value));
                }
            }
            Event::Irregularity { .. } => {}
            Event::DeckRemoved { deck, reason, .. } => {
                self.deck_mut(*deck)?.status = DeckStatus::Removed;
                if self.in_shuffler == Some(*deck) {
                    self.in_shuffler = None;
                }
                self.removal = Some(DeckRemoval {
                    deck: *deck,
                    reason: reason.clone(),
                    stage: RemovalStage::InspectReplacement,
                });
            }
            Event::ReplacementInspected {
                deck, generation, ..
            } => {
                self.at(
                    |s| matches!(s, Step::InspectReplacement { deck: d } if d == deck),
                    "a replacement's inspection",
                )?;
                let d = self.deck_mut(*deck)?;
                d.generation = *generation;
                d.status = DeckStatus::Unshuffled;
                d.last_count = None;
                if let Some(r) = &mut self.removal {
                    r.stage = RemovalStage::Verify;
                }
            }
            Event::RemovalVerified { .. } => {
                self.at(
                    |s| matches!(s, Step::VerifyRemoval { .. }),
                    "a removal's verification",
                )?;
                if self.shoe_game() && self.manual_shuffle {
                    // Spanish 21 counts no shoe by hand (chapter 635a asks none): the verified
                    // replacement decks go to the shuffle.
                    self.removal = None;
                } else if let Some(r) = &mut self.removal {
                    r.stage = RemovalStage::LoadReplacement;
                }
            }
            _ => return Err(Refusal::plain(format!("{e:?} is not for `apply_record`"))),
        }
        Ok(())
    }

    /// A round started, its Bad Beat and losing hands verified, the pot awarded, and the table idle
    /// or reshuffled after it.
    fn apply_round(&mut self, e: &Event) -> Result<(), Refusal> {
        match e {
            Event::RoundStarted {
                number,
                deck,
                seats,
                button,
                stakes,
                posts,
                ..
            } => {
                // A journal from before the burn after the cover card was asked starts the next
                // shoe's first round unburned: it replays as it was dealt.
                if self.cover_burn_due && !self.burn_due && self.step() == Step::BurnCard {
                    self.cover_burn_due = false;
                }
                self.at(
                    |s| matches!(s, Step::StartRound { deck: d, .. } if d == deck),
                    "a round's start",
                )?;
                if self.in_shuffler == Some(*deck) {
                    self.in_shuffler = None;
                }
                self.deck_mut(*deck)?.status = DeckStatus::InPlay;
                let Some(setup) = &self.setup else {
                    return Err("a round at a table that is not open".into());
                };
                // The stakes the round starts with are the table's (checked on replay).
                if setup.betting.tracks_stakes() {
                    for (seat, stake) in stakes {
                        if self.stakes.get(seat).copied().unwrap_or(0) != *stake {
                            return Err(Refusal::plain(format!(
                                "round {number} starts seat {seat} with {stake} cents of table stakes; the table has {}",
                                self.stakes.get(seat).copied().unwrap_or(0)
                            )));
                        }
                    }
                }
                let (stage, poker, banked) = if setup.poker.game.is_house_banked() {
                    let b = crate::rules::registry::start_round(
                        setup.poker.game,
                        setup.poker.dealing,
                        seats,
                    )?
                    .with_limits(setup.poker.min_ante, setup.poker.max_ante)
                    .with_side_limits(setup.poker.side_limits.clone())
                    .with_house(setup.poker.house.as_deref().map(|h| &h.rules))
                    .with_board_first(setup.poker.board_first);
                    (Stage::Banked, None, Some(b))
                } else {
                    // The posts out of turn are the table's (checked on replay).
                    let due = self.posts_for(setup, seats, *button)?;
                    if due != *posts {
                        return Err(Refusal::plain(format!(
                            "round {number} records the posts {posts:?}; the table gives {due:?}"
                        )));
                    }
                    let h = crate::rules::poker::hand::Hand::start(setup.hand_setup(
                        seats,
                        *button,
                        &self.stakes,
                        posts,
                        self.killed,
                    ))?;
                    (Stage::Hand, Some(h), None)
                };
                self.round = Some(Round {
                    number: *number,
                    deck: *deck,
                    seats: seats.clone(),
                    button: *button,
                    stage,
                    awards: vec![],
                    take: PotTake::default(),
                    bad_beat: None,
                    poker,
                    banked,
                    owed_before: (self.missed.clone(), self.waiting.clone()),
                    stub: self.stub_due(*deck),
                });
                self.note_missed_blinds(seats, *button);
                self.dealt_in = seats.len() as u8;
            }
            Event::BadBeatVerified { .. } => {
                self.at(
                    |s| matches!(s, Step::VerifyBadBeat { .. }),
                    "a Bad Beat verification",
                )?;
                self.round_mut()?.stage = Stage::CountLosingHands;
            }
            Event::LosingHandsCounted { correct, .. } => {
                self.at(
                    |s| matches!(s, Step::CountLosingHands { .. }),
                    "a count of the losing hands",
                )?;
                let r = self.round_mut()?;
                if *correct {
                    r.stage = Stage::AwardPot;
                }
            }
            Event::ReshuffleOrdered { .. } => {
                // § 637a.5(a): every deck not in play is shuffled (and cut) again; Spanish 21's
                // cut is offered to the player farthest to the dealer's right (§ 635a.5(c)(4)).
                self.cut_offer = CutOffer::FloorReshuffle;
                self.in_shuffler = None;
                for d in &mut self.decks {
                    if d.status == DeckStatus::Shuffled {
                        d.status = DeckStatus::Unshuffled;
                    }
                }
            }
            Event::TableIdle { .. } => {
                // Spread, inspected by the first arrivals, washed, shuffled and cut again.
                self.players_inspected = false;
                self.idle = true;
                self.washed = false;
                self.in_shuffler = None;
                for d in &mut self.decks {
                    if d.status != DeckStatus::Removed {
                        d.status = DeckStatus::Unshuffled;
                    }
                }
                if self.shoe_game() {
                    self.burn_due = true;
                }
            }
            Event::PotAwarded { .. } => {
                self.at(|s| matches!(s, Step::AwardPot { .. }), "a pot pushed")?;
                self.killed = self.kill_after_pot();

                self.finish_round()?;
            }
            _ => return Err(Refusal::plain(format!("{e:?} is not for `apply_round`"))),
        }
        Ok(())
    }

    /// What happens in a round: the seats' stakes and absences, the house-banked and poker-room
    /// steps, a step undone or corrected, the round voided.
    fn apply_in_round(&mut self, e: &Event) -> Result<(), Refusal> {
        match e {
            Event::StakeAdded { seat, stake, .. } => {
                if self.round.is_some() {
                    return Err(refusal!(
                        "§ 637a.8(b)(2)",
                        "table stakes added during a round"
                    ));
                }
                // A player sitting down at a table in play is new until he is dealt in.
                if !self.stakes.contains_key(seat) && self.last_button.is_some() {
                    self.waiting.insert(*seat);
                }
                self.stakes.insert(*seat, *stake);
            }
            Event::SeatLeft { seat, .. } => {
                self.stakes.remove(seat);
                self.away.remove(seat);
                self.missed.remove(seat);
                self.waiting.remove(seat);
            }
            Event::SeatAway { seat, stake, .. } => {
                self.away.insert(*seat, *stake);
            }
            Event::SeatBack { seat, .. } => {
                self.away.remove(seat);
            }
            Event::Banked(ev) => {
                let b = self
                    .round_mut()?
                    .banked
                    .as_mut()
                    .ok_or("a house-banked step in a round of another game")?;
                b.apply(ev)?;
                // A void round's kept wagers paid: the round ends with its void, which
                // returns the rest.
                if b.paid && b.void.is_none() {
                    self.finish_round()?;
                }
            }
            Event::StepUndone { what } => self.take_back(1, what)?,
            Event::RoundCorrected {
                steps, to_before, ..
            } => self.take_back(*steps as usize, to_before)?,
            Event::Hand { events } => {
                let r = self.round_mut()?;
                let h = r
                    .poker
                    .as_mut()
                    .ok_or("a poker-room step in a round of another game")?;
                h.apply(events)?;
                if let Some(res) = &h.result {
                    r.awards = res.totals.clone();
                    r.take = res.take;
                    r.bad_beat = res.bad_beat.clone();
                    // § 637a.15(f): a qualifying Bad Beat holds the cards for the supervisor.
                    r.stage = if res.bad_beat.is_some() {
                        Stage::VerifyBadBeat
                    } else if h.setup.untracked {
                        // The winner was tapped once the losing hands were counted (the
                        // screen asked for both).
                        Stage::AwardPot
                    } else {
                        Stage::CountLosingHands
                    };
                }
            }
            Event::RoundVoided { .. } => {
                // A void returns every wager: the stakes stay what they were, and the blinds a
                // player owed before the round are owed again.
                let r = self.round_mut()?;
                r.poker = None;
                let (missed, waiting) = std::mem::take(&mut r.owed_before);
                let deck = r.deck;
                self.missed = missed;
                self.waiting = waiting;
                // § 637a.18(g): misdealt cards are reshuffled and the round dealt again. A void
                // round is no round of play, so the button stays where it was before it: it
                // rotates after each round of play (§ 637a.11(c)(2)).
                let button_before = self.last_button;
                self.finish_round()?;
                self.last_button = button_before;
                // § 635a.13(a): a void Spanish 21 round's cards are reshuffled, never dealt on
                // from the shoe.
                if self.shoe_game() {
                    let d = self.deck_mut(deck)?;
                    if d.status == DeckStatus::Shuffled {
                        d.status = DeckStatus::Unshuffled;
                    }
                }
            }
            _ => return Err(Refusal::plain(format!("{e:?} is not for `apply_in_round`"))),
        }
        Ok(())
    }

    /// Decks received preinspected and preshuffled (§ 637a.4(e)): the opening's inspection,
    /// spread and wash are done with, and each deck waits for its cut (§ 637a.5(b)(2)).
    fn receive_preshuffled(&mut self) {
        let preshuffled = self
            .setup
            .as_ref()
            .is_some_and(|s| s.poker.preshuffled && !s.poker.game.is_house_banked());
        if !preshuffled {
            return;
        }
        self.inspected = true;
        self.inspection_verified = true;
        self.players_inspected = true;
        self.washed = true;
        for d in &mut self.decks {
            d.status = DeckStatus::Preshuffled;
        }
    }

    fn finish_round(&mut self) -> Result<(), Refusal> {
        if let Some(r) = self.round.take() {
            // § 637a.8(b): the stakes each player has after the pot is pushed carry over.
            let tracked = self
                .setup
                .as_ref()
                .is_some_and(|s| s.betting.tracks_stakes());
            if let (true, Some(h)) = (tracked, &r.poker) {
                for p in &h.players {
                    self.stakes.insert(p.seat, p.stack);
                }
            }
            self.rounds_played = r.number;
            self.last_deck = Some(r.deck);
            self.last_button = Some(r.button);
            // A stub counted right in this round counts as the deck's count after it.
            let counted = (r.stub == StubCount::Right).then_some(r.deck);
            for (i, d) in self.decks.iter_mut().enumerate() {
                if counted != Some(i) {
                    d.rounds_since_count += 1;
                }
            }
            // § 635a.5(a), 635a.7(d): the shoe deals on until the cover card came out.
            let s21 = r.banked.as_ref().and_then(|b| b.spanish21());
            let shoe_continues = s21.is_some_and(|p| !p.cover_card);
            if let Some(p) = s21.filter(|p| p.cover_card) {
                self.cut_offer = match p.cover_at {
                    Some(seat) => CutOffer::Seat { seat },
                    None => CutOffer::RightOfDealer,
                };
                // § 635a.7(c): the next shoe placed in the dealing shoe (the other one, shuffled
                // while this one was dealt, or this one reshuffled) has its first card burned.
                self.cover_burn_due = true;
            }
            let d = self.deck_mut(r.deck)?;
            if d.status == DeckStatus::InPlay {
                d.status = if shoe_continues {
                    DeckStatus::Shuffled
                } else {
                    DeckStatus::Unshuffled
                };
            }
        }
        Ok(())
    }
}
