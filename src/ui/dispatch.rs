//! What the app does with a screen's command ([`UiCmd`]): it hands the rules' commands to the
//! terminal, opens and closes the overlays and forms, and says back in the message band what a
//! tap did.

use super::*;

/// What a tap did, said back to the dealer in the message band: a betting action ("Seat 4
/// calls $2.00."), a betting round over, a pot awarded, a void round's returns.
fn confirmation(e: &crate::rules::table::Event) -> Option<Notice> {
    use crate::rules::poker::hand::HandEvent;
    use crate::rules::table::Event;
    let said = match e {
        Event::RoundVoided { .. } => e.sentence(),
        Event::Hand { events } => events
            .iter()
            .find(|h| {
                matches!(
                    h,
                    HandEvent::Acted { .. }
                        | HandEvent::StreetPlayed { .. }
                        | HandEvent::Won { .. }
                )
            })?
            .sentence(),
        _ => return None,
    };
    let mut c = said.chars();
    let first = c.next()?.to_uppercase().collect::<String>();
    Some(Notice::done(format!("{first}{}.", c.as_str())))
}

/// The dealer's commands from one tap, run one after another as each is recorded.
pub(super) struct Running {
    queue: std::collections::VecDeque<Command>,
    then: Then,
}

/// What the screen does with the commands of one tap once they are recorded.
pub(super) enum Then {
    /// Says back what each did (a betting action, a void round's returns); the seat whose table
    /// stakes it added is ticked for the next round once it has enough.
    SayBack { staked: Option<u8> },
    /// A list of steps (`UiCmd::Sequence`): the message goes once all are done.
    Quiet,
    /// A table-wide action confirmed with a second tap (new decks, the table closed): the seats
    /// ticked for the next round go with it.
    TableAction,
    /// The dealer's undo: says what was undone.
    Undone(String),
    /// A command carrying a signature, checked: what its outcome does to the form or pad
    /// that asked for it (the form keeps a refusal; the message says what was recorded).
    Signed(SignedThen),
}

/// What a signed command's outcome does on the screen, once it is recorded or refused.
pub(super) type SignedThen =
    Box<dyn FnOnce(&mut DeckhandApp, Result<Vec<crate::rules::table::Event>, String>)>;

impl DeckhandApp {
    /// A player whose table stakes the rules took now has enough to be dealt in (§ 637a.8(b)(4)):
    /// his seat is ticked for the next round.
    fn tick_if_staked(&mut self, seat: u8) {
        let t = self.term.table();
        let least = t.setup.as_ref().map(|s| s.least_stake());
        let has = t.stakes.get(&seat).copied().unwrap_or(0);
        if least.is_some_and(|l| has >= l) {
            self.view.seats.insert(seat);
        }
    }

    /// The credential number and PIN a command carries, when it carries a signature whose PIN
    /// the terminal checks: that check runs apart (`Terminal::begin_pin_check`) before the
    /// command does. None where the command refuses before it tries a PIN (nothing keyed, a
    /// dealer's name that is not the credential's: no PIN try is spent).
    pub(super) fn signature_of(&self, c: &UiCmd) -> Option<(String, String)> {
        let sign = match c {
            UiCmd::SignIn => {
                let name = self.view.signin_name.as_deref()?;
                let credential = self.view.signin.credential.trim();
                let paired = self.dealers.as_ref().is_some_and(|(_, people)| {
                    people
                        .iter()
                        .any(|p| p.name == name && p.credential == credential)
                });
                paired.then_some(&self.view.signin)?
            }
            UiCmd::SubmitVerify => &self.view.verify.as_ref()?.sign,
            UiCmd::SubmitRecord => &self.record_form.as_ref()?.sign,
            UiCmd::SubmitIrregularity => {
                let f = self.irregularity.as_ref()?;
                let cat = crate::rules::irregularities::Catalogue::embedded();
                let item = f.chosen.as_deref().and_then(|id| cat.get(id))?;
                if item.sign == crate::rules::irregularities::Sign::None {
                    return None;
                }
                &f.sign
            }
            UiCmd::SubmitCorrection => &self.correction.as_ref()?.sign,
            UiCmd::SubmitHighHand | UiCmd::PrintHighHandSlip | UiCmd::ClosePeriod(_) => {
                &self.high_hand.as_ref()?.sign
            }
            UiCmd::Unlock => &self.view.unlock,
            _ => return None,
        };
        let credential = sign.credential.trim();
        (!credential.is_empty() && !sign.pin.is_empty())
            .then(|| (credential.to_string(), sign.pin.clone()))
    }

    /// The dealers the sign-in screen offers, read apart while no dealer is signed in: after a
    /// tap (it may have added or removed one) and every 5 s (one added by `deckhand people`).
    /// The list shown stays until the new one comes; a read that fails keeps it.
    pub(super) fn read_dealers(&mut self, ctx: &egui::Context) {
        if let Some(answer) = self.dealers_reading.as_ref().and_then(|r| r.try_answer()) {
            self.dealers_reading = None;
            let kept = self.dealers.take().map(|(_, d)| d).unwrap_or_default();
            let read = answer.unwrap_or_else(|e| {
                tracing::warn!("the dealers could not be read: {e}");
                kept
            });
            self.dealers = Some((std::time::Instant::now(), read));
        }
        let due = self.dealers_stale
            || self
                .dealers
                .as_ref()
                .is_none_or(|(read, _)| read.elapsed() >= std::time::Duration::from_secs(5));
        if self.dealers_reading.is_some() || self.term.table().dealer.is_some() {
            return;
        }
        if !due {
            // An idle sign-in screen draws no frame of its own: it is woken for the next read
            // (a walk saw a dealer added from the command line never offered until a touch).
            let read = self
                .dealers
                .as_ref()
                .map_or(std::time::Instant::now(), |(r, _)| *r);
            ctx.request_repaint_after(
                std::time::Duration::from_secs(5).saturating_sub(read.elapsed()),
            );
            return;
        }
        self.dealers_stale = false;
        let wake = ctx.clone();
        self.dealers_reading = Some(self.term.store().read_apart(
            "dealers",
            |conn| crate::store::Store::people_with_role_on(conn, Role::Dealer),
            Box::new(move || wake.request_repaint()),
        ));
    }

    /// What was tapped in the last frame. A command carrying a signature waits for its PIN's
    /// check apart, and the screen takes no tap meanwhile (the guard's cover lies over it):
    /// what is tapped on the screen a signature leaves is not taken.
    pub(super) fn apply_tapped(&mut self, ctx: &egui::Context) {
        // The dealer's command whose record is still being written: what was tapped with it
        // waits, and the screen takes no tap meanwhile.
        self.run_commands(ctx);
        // A device's report whose record is being written, or on its way: the taps wait for
        // it too, and go after it.
        if self.term.device_report_waiting().is_some() {
            self.taps_after_report = true;
        }
        if self.running.is_some() || self.term.disk_waited().is_some() {
            return;
        }
        if let Some(cmd) = self.signed.take() {
            if self.term.pin_checking() || self.term.contributions_reading() {
                self.signed = Some(cmd);
                self.tapped.clear();
                return;
            }
            self.apply(cmd, ctx);
            self.term.forget_pin_check();
        }
        let mut taps = std::mem::take(&mut self.tapped).into_iter();
        while let Some(c) = taps.next() {
            if self.signed.is_some() {
                break;
            }
            if self.running.is_some() {
                // Carried out in order once the command before them is recorded.
                self.tapped = std::iter::once(c).chain(taps).collect();
                break;
            }
            match self.signature_of(&c) {
                Some((credential, pin)) => {
                    let wake = ctx.clone();
                    self.term.begin_pin_check(
                        &credential,
                        &pin,
                        Box::new(move || wake.request_repaint()),
                    );
                    self.begin_close_read(&c, ctx);
                    self.signed = Some(c);
                }
                None => self.apply(c, ctx),
            }
        }
    }

    /// Runs the dealer's commands of one tap in order, each once the one before is recorded
    /// (`Terminal::execute_apart`): a record the disk is slow to take is waited for while the
    /// screen draws on, under the guard's cover. What they did is said back when done.
    pub(super) fn run(&mut self, queue: Vec<Command>, then: Then, ctx: &egui::Context) {
        self.running = Some(Running {
            queue: queue.into(),
            then,
        });
        self.run_commands(ctx);
    }

    /// Goes on with the commands being run: the answer for the one being recorded, then the
    /// next, until one waits for its record, one is refused or all are done.
    fn run_commands(&mut self, ctx: &egui::Context) {
        while let Some(running) = self.running.as_mut() {
            let outcome = if self.term.committing().is_some() {
                match self.term.commit_answer() {
                    Some(outcome) => outcome,
                    None => return,
                }
            } else if let Some(cmd) = running.queue.pop_front() {
                let wake = ctx.clone();
                match self
                    .term
                    .execute_apart(cmd, Box::new(move || wake.request_repaint()))
                {
                    Ok(Some(events)) => Ok(events),
                    Ok(None) => return,
                    Err(e) => Err(e),
                }
            } else {
                let done = self.running.take().map(|r| r.then);
                self.all_done(done);
                return;
            };
            if let Then::Signed(_) = running.then {
                if let Some(Running {
                    then: Then::Signed(then),
                    ..
                }) = self.running.take()
                {
                    then(self, outcome);
                }
                return;
            }
            match (outcome, &running.then) {
                // A void round says what goes back to whom (a wrong stub count's misdeal).
                (Ok(events), Then::SayBack { staked }) => {
                    let staked = *staked;
                    self.view.message = events.iter().find_map(confirmation);
                    if let Some(seat) = staked {
                        self.tick_if_staked(seat);
                    }
                }
                (Ok(_), _) => {}
                (Err(e), _) => {
                    self.view.message = Some(Notice::problem(e));
                    self.running = None;
                }
            }
        }
    }

    /// The commands of one tap all recorded.
    fn all_done(&mut self, then: Option<Then>) {
        match then {
            Some(Then::Quiet) => self.view.message = None,
            Some(Then::TableAction) => {
                self.view.message = None;
                self.view.seats.clear();
            }
            Some(Then::Undone(what)) => {
                self.view.message = Some(Notice::done(format!("Undone: {what}")));
            }
            Some(Then::SayBack { .. } | Then::Signed(_)) | None => {}
        }
    }

    /// Records a signed command, made once its signature was checked, as a dealer's command is
    /// recorded ([`DeckhandApp::run`]); `then` takes what its outcome means (or why it was not
    /// made or recorded) once it is known.
    pub(super) fn run_signed<R: 'static>(
        &mut self,
        signed: Result<crate::terminal::Signed<R>, String>,
        ctx: &egui::Context,
        then: impl FnOnce(&mut DeckhandApp, Result<R, String>) + 'static,
    ) {
        let (cmd, read) = match signed {
            Ok(s) => s.into_parts(),
            Err(e) => return then(self, Err(e)),
        };
        let after: SignedThen = Box::new(move |app, outcome| {
            let meant = read(&mut app.term, outcome);
            then(app, meant);
        });
        self.run(vec![cmd], Then::Signed(after), ctx);
    }

    pub(super) fn apply(&mut self, c: UiCmd, ctx: &egui::Context) {
        // A tap may add, remove or sign in a person: the dealers are read again.
        self.dealers_stale = true;
        match c {
            UiCmd::Rules(cmd) => {
                let staked = match &cmd {
                    Command::AddStake { seat, .. } => Some(*seat),
                    _ => None,
                };
                self.run(vec![cmd], Then::SayBack { staked }, ctx);
            }
            UiCmd::SignIn => self.sign_in_dealer(ctx),
            UiCmd::OpenVerify(purpose) => {
                self.view.verify = Some(VerifyPad {
                    purpose,
                    ..Default::default()
                });
            }
            UiCmd::OpenStakesVerify(purpose, seat, back) => {
                self.view.verify = Some(VerifyPad {
                    purpose,
                    stakes: Some((seat, back)),
                    ..Default::default()
                });
            }
            UiCmd::OpenReshuffleVerify => {
                self.view.verify = Some(VerifyPad {
                    purpose: format!(
                        "The floorperson directs the cards shuffled again ({})",
                        self.term.table().reshuffle_section()
                    ),
                    reshuffle: true,
                    ..Default::default()
                });
            }
            UiCmd::OpenReaderVerify => {
                self.view.verify = Some(VerifyPad {
                    purpose:
                        "The card reader inspected for tampering and working order (§ 635a.2(d))"
                            .into(),
                    reader: true,
                    ..Default::default()
                });
            }
            UiCmd::SubmitVerify => self.submit_verify(ctx),
            UiCmd::CancelVerify => self.view.verify = None,
            UiCmd::OpenRecord(kind) => {
                self.record_form = Some(records::RecordForm {
                    kind,
                    ..Default::default()
                });
            }
            UiCmd::Ask(a) => self.view.confirm = Some(a),
            UiCmd::CancelAsk => self.view.confirm = None,
            UiCmd::Confirmed(a) => self.confirmed(a, ctx),
            UiCmd::OpenIrregularity => {
                self.irregularity = Some(irregularity::IrregularityForm::default());
            }
            UiCmd::Undo => self.undo_last(ctx),
            UiCmd::OpenCorrection => {
                self.correction = Some(correction::CorrectionForm::default());
            }
            UiCmd::SubmitCorrection => self.submit_correction(ctx),
            UiCmd::OpenHighHand => {
                self.high_hand = Some(high_hand::HighHandForm::default());
            }
            UiCmd::OpenReview => {
                self.view.verify = Some(VerifyPad {
                    review: true,
                    purpose: "Supervisor review of the records".into(),
                    ..Default::default()
                });
            }
            UiCmd::Sequence(list) => {
                self.run(list, Then::Quiet, ctx);
            }
            UiCmd::Demo(up) => self.view.demo = up && self.sim.is_some(),
            UiCmd::SimNextCount(n) => {
                if let Some(s) = &self.sim {
                    s.count_next(n);
                    self.view.demo = false;
                    self.view.message = Some(Notice::done(format!(
                        "Demo: the simulated shuffler counts {n} cards at its next count."
                    )));
                }
            }
            UiCmd::SimJam => self.sim_jam(),
            UiCmd::SimDraw => self.sim_draw(),
            UiCmd::FloorBox(_) | UiCmd::CallFloor(_) | UiCmd::EndFloorCall(_) => {
                self.apply_floor(c)
            }
            UiCmd::RetryWrites => {
                self.term.retry_writes();
            }
            UiCmd::HoleCardUp => match self.term.hole_card_command() {
                Ok(hole) => self.run(vec![hole], Then::Quiet, ctx),
                Err(e) => self.view.message = Some(Notice::problem(e)),
            },
            UiCmd::SubmitHighHand => self.submit_high_hand(ctx),
            UiCmd::PrintHighHandSlip => self.print_high_hand_slip(),
            UiCmd::ClosePeriod(period) => self.close_period(&period, ctx),
            UiCmd::SubmitRecord => self.submit_record(ctx),
            UiCmd::SubmitIrregularity => self.submit_irregularity(ctx),
            UiCmd::Unlock => self.unlock(),
            UiCmd::CreateAdmin => self.create_admin(ctx),
            UiCmd::ReviewPrint => self.review_print(),
            UiCmd::PrintPreviewed => self.print_previewed(),
            UiCmd::ClosePreview => self.close_preview(),
            UiCmd::ReviewExport => self.review_export(),
            UiCmd::ReviewHandHistory(round) => self.review_hand_history(round),
            UiCmd::ReviewClose => {
                if let Some(r) = self.review.take() {
                    self.term.close_review(&r.supervisor);
                }
            }
        }
    }
}
