//! What a sign-in, a signature or a confirmation tapped on the screen does, carried out by the
//! app's logic (`DeckhandApp::apply`) before the next frame is drawn: the terminal is asked, and
//! the form is cleared or keeps the refusal.

use super::*;

impl DeckhandApp {
    /// The signature pad's Verify: what it signs is what opened it (the card reader's
    /// inspection or a reshuffle, the review, a player away or back, or the table's step).
    pub(super) fn submit_verify(&mut self) {
        let pad = self.view.verify.as_ref();
        let reader_or_reshuffle = pad.is_some_and(|p| p.reader || p.reshuffle);
        let review = pad.is_some_and(|p| p.review);
        let stakes = pad.is_some_and(|p| p.stakes.is_some());
        if reader_or_reshuffle {
            self.sign_reader_or_reshuffle();
        } else if review {
            self.sign_review();
        } else if stakes {
            self.sign_stakes();
        } else {
            self.sign_step();
        }
    }

    /// The dealer's sign-in with the name picked, the credential and the PIN.
    pub(super) fn sign_in_dealer(&mut self) {
        let name = self.view.signin_name.clone().unwrap_or_default();
        let (cred, pin) = (
            self.view.signin.credential.clone(),
            self.view.signin.pin.clone(),
        );
        match self.term.sign_in(&name, &cred, &pin) {
            Ok(_) => {
                self.view.message = None;
                self.view.signin = Signature::default();
                self.view.signin_name = None;
            }
            Err(e) => {
                self.view.signin.refused(self.term.pin_wait());
                self.view.message = Some(Notice::problem(e));
            }
        }
    }

    /// The floorperson's signatures that are not a table step's: the card reader inspected (§ 635a.2(d)), the cards shuffled again (§ 637a.5(a)).
    fn sign_reader_or_reshuffle(&mut self) {
        let Some(pad) = self.view.verify.as_mut() else {
            return;
        };
        let (cred, pin) = (pad.sign.credential.clone(), pad.sign.pin.clone());
        let signed = if pad.reader {
            self.term.inspect_reader(&cred, &pin)
        } else {
            self.term.order_reshuffle(&cred, &pin)
        };
        match signed {
            Ok(text) => {
                self.view.verify = None;
                self.view.message = Some(Notice::done(text));
            }
            Err(e) => {
                if let Some(pad) = self.view.verify.as_mut() {
                    pad.error = Some(e);
                    pad.sign.refused(self.term.pin_wait());
                }
            }
        }
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
            Err(e) => {
                if let Some(pad) = self.view.verify.as_mut() {
                    pad.error = Some(e);
                    pad.sign.refused(self.term.pin_wait());
                }
            }
        }
    }

    /// A floorperson's signature on a player away from the table or back (table stakes).
    fn sign_stakes(&mut self) {
        let Some(pad) = self.view.verify.as_mut() else {
            return;
        };
        let Some((seat, back)) = pad.stakes else {
            return;
        };
        let (cred, pin) = (pad.sign.credential.clone(), pad.sign.pin.clone());
        let done = if back {
            self.term.seat_back(seat, &cred, &pin)
        } else {
            self.term.seat_away(seat, &cred, &pin)
        };
        match done {
            Ok(text) => {
                self.view.verify = None;
                self.view.message = Some(Notice::done(text));
                if back {
                    self.view.seats.insert(seat);
                } else {
                    self.view.seats.remove(&seat);
                }
            }
            Err(e) => {
                if let Some(pad) = self.view.verify.as_mut() {
                    pad.error = Some(e);
                    pad.sign.refused(self.term.pin_wait());
                }
            }
        }
    }

    /// The floorperson's signature the table's step asks for (a deck removal with its disposition).
    fn sign_step(&mut self) {
        let Some(pad) = self.view.verify.as_mut() else {
            return;
        };
        // A deck removal with its disposition picked: signed with it.
        let removal = matches!(
            self.term.table().step(),
            crate::rules::table::Step::VerifyRemoval { .. }
        );
        let done = match self.view.disposition.clone().filter(|_| removal) {
            Some(d) => self
                .term
                .verify_removal(&pad.sign.credential, &pad.sign.pin, &d)
                .map(|_| ()),
            None => self
                .term
                .verify(&pad.sign.credential, &pad.sign.pin)
                .map(|_| ()),
        };
        if done.is_ok() {
            self.view.disposition = None;
        }
        match done {
            Ok(_) => {
                self.view.verify = None;
                self.view.message = None;
            }
            Err(e) => {
                pad.error = Some(e);
                pad.sign.refused(self.term.pin_wait());
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

    /// The first administrator created at the first start.
    pub(super) fn create_admin(&mut self) {
        let f = &self.view.admin;
        let result = if f.pin != f.pin_again {
            Err("The two PINs differ".to_string())
        } else {
            self.term
                .create_first_administrator(&f.name, &f.credential, &f.pin)
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
