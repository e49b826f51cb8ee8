//! What a sign-in, a signature or a confirmation tapped on the screen does, carried out by the
//! app's logic (`DeckhandApp::apply`) before the next frame is drawn: the terminal is asked, and
//! the form is cleared or keeps the refusal.

use super::*;

impl DeckhandApp {
    /// The signature pad's Verify: what it signs is what opened it (the card reader's
    /// inspection or a reshuffle, the review, a player away or back, or the table's step).
    pub(super) fn submit_verify(&mut self, ctx: &egui::Context) {
        let pad = self.view.verify.as_ref();
        let reader_or_reshuffle = pad.is_some_and(|p| p.reader || p.reshuffle);
        let review = pad.is_some_and(|p| p.review);
        let stakes = pad.is_some_and(|p| p.stakes.is_some());
        if reader_or_reshuffle {
            self.sign_reader_or_reshuffle(ctx);
        } else if review {
            self.sign_review();
        } else if stakes {
            self.sign_stakes(ctx);
        } else {
            self.sign_step(ctx);
        }
    }

    /// The dealer's sign-in with the name picked, the credential and the PIN.
    pub(super) fn sign_in_dealer(&mut self, ctx: &egui::Context) {
        let name = self.view.signin_name.clone().unwrap_or_default();
        let (cred, pin) = (
            self.view.signin.credential.clone(),
            self.view.signin.pin.clone(),
        );
        let signed = self.term.sign_in_signed(&name, &cred, &pin);
        self.run_signed(signed, ctx, |app, signed_in| match signed_in {
            Ok(_) => {
                app.view.message = None;
                app.view.signin = Signature::default();
                app.view.signin_name = None;
            }
            Err(e) => {
                app.view.signin.refused(app.term.pin_wait());
                app.view.message = Some(Notice::problem(e));
            }
        });
    }

    /// The signature pad closed on what its signature recorded, said in the message band; or
    /// kept with the refusal.
    fn pad_signed(&mut self, outcome: Result<String, String>) {
        match outcome {
            Ok(text) => {
                self.view.verify = None;
                self.view.message = Some(Notice::done(text));
            }
            Err(e) => self.pad_refused(e),
        }
    }

    /// The signature pad keeps a refusal, and the wait before the next PIN.
    fn pad_refused(&mut self, e: String) {
        if let Some(pad) = self.view.verify.as_mut() {
            pad.error = Some(e);
            pad.sign.refused(self.term.pin_wait());
        }
    }

    /// The floorperson's signatures that are not a table step's: the card reader inspected (§ 635a.2(d)), the cards shuffled again (§ 637a.5(a)).
    fn sign_reader_or_reshuffle(&mut self, ctx: &egui::Context) {
        let Some(pad) = self.view.verify.as_ref() else {
            return;
        };
        let (cred, pin) = (pad.sign.credential.clone(), pad.sign.pin.clone());
        let signed = if pad.reader {
            self.term.inspect_reader_signed(&cred, &pin)
        } else {
            self.term.order_reshuffle_signed(&cred, &pin)
        };
        self.run_signed(signed, ctx, Self::pad_signed);
    }

    /// A table action confirmed with its second tap: the decks changed or the table closed.
    pub(super) fn confirmed(&mut self, a: TableAction, ctx: &egui::Context) {
        self.view.confirm = None;
        let cmd = match a {
            TableAction::ChangeDecks => Command::ChangeDecks {
                minutes_in_play: self.term.deck_minutes(),
            },
            TableAction::CloseTable => Command::CloseTable,
        };
        self.run(vec![cmd], dispatch::Then::TableAction, ctx);
    }

    /// A supervisor's signature that opens the review.
    fn sign_review(&mut self) {
        let Some(pad) = self.view.verify.as_mut() else {
            return;
        };
        let (cred, pin) = (pad.sign.credential.clone(), pad.sign.pin.clone());
        match self.term.open_review(&cred, &pin) {
            Ok(p) => {
                self.view.verify = None;
                self.review = Some(review::ReviewState::open(self.term.store(), p));
            }
            Err(e) => self.pad_refused(e),
        }
    }

    /// A floorperson's signature on a player away from the table or back (table stakes).
    fn sign_stakes(&mut self, ctx: &egui::Context) {
        let Some(pad) = self.view.verify.as_ref() else {
            return;
        };
        let Some((seat, back)) = pad.stakes else {
            return;
        };
        let (cred, pin) = (pad.sign.credential.clone(), pad.sign.pin.clone());
        let signed = if back {
            self.term.seat_back_signed(seat, &cred, &pin)
        } else {
            self.term.seat_away_signed(seat, &cred, &pin)
        };
        self.run_signed(signed, ctx, move |app, done| {
            if done.is_ok() {
                if back {
                    app.view.seats.insert(seat);
                } else {
                    app.view.seats.remove(&seat);
                }
            }
            app.pad_signed(done);
        });
    }

    /// The floorperson's signature the table's step asks for (a deck removal with its disposition).
    fn sign_step(&mut self, ctx: &egui::Context) {
        let Some(pad) = self.view.verify.as_ref() else {
            return;
        };
        let (cred, pin) = (pad.sign.credential.clone(), pad.sign.pin.clone());
        // A deck removal with its disposition picked: signed with it.
        let removal = matches!(
            self.term.table().step(),
            crate::rules::table::Step::VerifyRemoval { .. }
        );
        let then = |app: &mut DeckhandApp, done: Result<(), String>| match done {
            Ok(()) => {
                app.view.disposition = None;
                app.view.verify = None;
                app.view.message = None;
            }
            Err(e) => app.pad_refused(e),
        };
        match self.view.disposition.clone().filter(|_| removal) {
            Some(d) => {
                let signed = self.term.verify_removal_signed(&cred, &pin, &d);
                self.run_signed(signed, ctx, move |app, done| then(app, done.map(|_| ())));
            }
            None => {
                let signed = self.term.verify_signed(&cred, &pin);
                self.run_signed(signed, ctx, move |app, done| then(app, done.map(|_| ())));
            }
        }
    }

    /// The lock screen opened with a credential and PIN.
    pub(super) fn unlock(&mut self) {
        let (cred, pin) = (
            self.view.unlock.credential.clone(),
            self.view.unlock.pin.clone(),
        );
        match self.term.unlock_screen(&cred, &pin) {
            Ok(_) => {
                self.locked = false;
                self.last_touch = std::time::Instant::now();
                self.view.unlock = Signature::default();
                self.view.message = None;
            }
            Err(e) => {
                self.view.unlock.refused(self.term.pin_wait());
                self.view.message = Some(Notice::problem(e));
            }
        }
    }

    /// The first administrator created at the first start: the PIN hashed and the row written
    /// apart; the screen waits under the tap guard's cover ([`DeckhandApp::admin_created`]).
    pub(super) fn create_admin(&mut self, ctx: &egui::Context) {
        let f = &self.view.admin;
        let wake = ctx.clone();
        let begun = if f.pin != f.pin_again {
            Err("The two PINs differ".to_string())
        } else {
            self.term.begin_first_administrator(
                &f.name,
                &f.credential,
                &f.pin,
                Box::new(move || wake.request_repaint()),
            )
        };
        if let Err(e) = begun {
            self.view.message = Some(Notice::problem(e));
        }
    }

    /// The first administrator's creation apart, once it has answered.
    pub(super) fn admin_created(&mut self) {
        let Some(result) = self.term.first_administrator_answer() else {
            return;
        };
        match result {
            Ok(p) => {
                self.needs_admin = false;
                self.view.admin = AdminForm::default();
                self.view.message = Some(Notice::done(format!(
                    "Administrator {} created. Add people with deckhand people add.",
                    p.name
                )));
            }
            Err(e) => self.view.message = Some(Notice::problem(e)),
        }
    }
}

/// A form a floorperson signs (a record, an irregularity, a correction, a High Hand line): its
/// signature and the refusal it shows.
pub(super) trait SignedForm {
    fn signature_and_error(&mut self) -> (&mut Signature, &mut Option<String>);
}

macro_rules! signed_form {
    ($($form:ty),*) => {$(
        impl SignedForm for $form {
            fn signature_and_error(&mut self) -> (&mut Signature, &mut Option<String>) {
                (&mut self.sign, &mut self.error)
            }
        }
    )*};
}

signed_form!(
    records::RecordForm,
    high_hand::HighHandForm,
    irregularity::IrregularityForm,
    correction::CorrectionForm
);

/// The form stays open with the refusal, its PIN cleared and the wait before the next try.
pub(super) fn keep_refusal(
    form: Option<&mut impl SignedForm>,
    wait: Option<crate::terminal::PinWait>,
    why: String,
) {
    if let Some(f) = form {
        let (sign, error) = f.signature_and_error();
        sign.refused(wait);
        *error = Some(why);
    }
}
