//! A signature's credential number and PIN checked under the PIN policy. On the screen's
//! terminal the check runs apart ([`Terminal::begin_pin_check`]): the command that carries the
//! signature waits for it, not the screen's thread, and then takes its answer in
//! [`Terminal::check_pin`]. Every refusal is journaled (who tried and why, never the PIN).

use super::*;
use crate::store::pin_check::{PinCheck, PinChecked};

/// A check running apart, for the signature it checks.
pub(super) struct PinInFlight {
    credential: String,
    pin: String,
    check: PinCheck,
    /// When it began (monotonic): the screen says so if it takes long.
    started: std::time::Instant,
}

/// A check's answer, waiting for the command that carries the same signature.
pub(super) struct PinAnswer {
    credential: String,
    pin: String,
    answer: Result<PinChecked, String>,
}

impl Terminal {
    /// Starts checking a credential number and PIN apart (its own thread and connection): the
    /// screen's thread never waits for the Argon2 check. The command that carries the signature
    /// is run once [`Terminal::pin_checking`] says the check is done. `wake` is called when it
    /// is (the screen's repaint).
    pub fn begin_pin_check(&mut self, credential: &str, pin: &str, wake: Box<dyn Fn() + Send>) {
        let credential = credential.trim().to_string();
        self.pin_answer = None;
        let check =
            self.store
                .check_pin_apart(&credential, pin, self.pin_policy, chrono::Utc::now(), wake);
        self.pin_check = Some(PinInFlight {
            credential,
            pin: pin.to_string(),
            check,
            started: std::time::Instant::now(),
        });
    }

    /// How long the check running apart has taken so far (a wrong PIN's count waits for the
    /// writer, so a disk that takes nothing keeps it waiting); None when none runs.
    pub fn pin_check_waited(&self) -> Option<std::time::Duration> {
        self.pin_check.as_ref().map(|f| f.started.elapsed())
    }

    /// A check apart still runs. Once it has answered, the answer waits for the command that
    /// carries the same signature ([`Terminal::check_pin`]).
    pub fn pin_checking(&mut self) -> bool {
        let Some(answer) = self.pin_check.as_ref().map(|f| f.check.try_answer()) else {
            return false;
        };
        let Some(answer) = answer else {
            return true;
        };
        if let Some(f) = self.pin_check.take() {
            let answer = answer.map_err(|e| {
                self.pin_check_failed(&f.credential, &e);
                format!(
                    "the PIN could not be checked ({}): key it again",
                    why_not_written(&e)
                )
            });
            self.pin_answer = Some(PinAnswer {
                credential: f.credential,
                pin: f.pin,
                answer,
            });
        }
        false
    }

    /// A check that could not be made (the database refused its count of wrong PINs, or could
    /// not be read): records cannot be saved, so the fault's screen stops everything (and every
    /// further try) until they can; the try is journaled, held until then.
    fn pin_check_failed(&mut self, credential: &str, e: &crate::store::StoreError) {
        self.fault(e);
        self.record_system(
            "verification_failed",
            serde_json::json!({
                "credential": credential,
                "reason": format!("the PIN could not be checked: {}", why_not_written(e)),
            }),
        );
    }

    /// Drops a check or an answer no command took (the command was refused before its
    /// signature was looked at), and what was read apart with it: a later signature is checked
    /// afresh. A wrong PIN it found was counted, so it is journaled as any refusal is, and its
    /// wait holds.
    pub fn forget_pin_check(&mut self) {
        self.pin_check = None;
        self.forget_contributions_read();
        if let Some(PinAnswer {
            credential,
            answer: Ok(PinChecked::Verdict(Err(refused))),
            ..
        }) = self.pin_answer.take()
        {
            let _ = self.judge_pin(&credential, PinChecked::Verdict(Err(refused)));
        }
    }

    /// Checks a credential number and PIN under the PIN policy; every refusal is journaled
    /// (who tried and why, never the PIN), a lock-out as its own row. The answer of a check
    /// apart for the same signature is taken if there is one; otherwise the check runs here.
    pub fn check_pin(&mut self, credential: &str, pin: &str) -> Result<Person, String> {
        let credential = credential.trim();
        let answered = self.pin_answered(credential, pin);
        let checked = match self.pin_answer.take().filter(|_| answered) {
            Some(a) => a.answer?,
            None => self.check_pin_here(credential, pin)?,
        };
        self.judge_pin(credential, checked)
    }

    /// A check apart of this signature has answered, and [`Terminal::check_pin`] takes it.
    pub(super) fn pin_answered(&self, credential: &str, pin: &str) -> bool {
        self.pin_answer
            .as_ref()
            .is_some_and(|a| a.credential == credential.trim() && a.pin == pin)
    }

    /// A check's answer: the signer, or the refusal journaled and the wait it sets.
    fn judge_pin(&mut self, credential: &str, checked: PinChecked) -> Result<Person, String> {
        let checked = match checked {
            PinChecked::Mismatch(why) => return Err(self.refuse_mismatch(credential, why)),
            PinChecked::Verdict(v) => v,
        };
        use crate::store::people::VerifyError;
        let wait = |seconds: i64, untried: bool| {
            (seconds > 0).then(|| super::PinWait {
                until: std::time::Instant::now()
                    + std::time::Duration::from_secs(seconds.unsigned_abs()),
                untried,
            })
        };
        self.pin_wait = match &checked {
            Ok(_) => None,
            Err(VerifyError::TooSoon { seconds, .. }) => wait(*seconds, true),
            Err(VerifyError::WrongPin { left, .. }) => wait(
                self.pin_policy
                    .wait_after(self.pin_policy.max_failures.saturating_sub(*left)),
                false,
            ),
            Err(_) => None,
        };
        match checked {
            Ok(p) => Ok(p),
            Err(e) => {
                self.record_system(
                    "verification_failed",
                    serde_json::json!({"credential": credential, "reason": e.to_string()}),
                );
                if matches!(e, VerifyError::LockedOut(_)) {
                    self.record_system(
                        "pin_locked_out",
                        serde_json::json!({"credential": credential}),
                    );
                }
                Err(e.to_string())
            }
        }
    }

    /// The check on this thread (the command line, a test, a signature the screen did not
    /// check apart).
    fn check_pin_here(&mut self, credential: &str, pin: &str) -> Result<PinChecked, String> {
        let mismatch = crate::store::people::person_mismatch(self.store.connection(), credential)
            .map_err(|e| e.to_string())?;
        if let Some(why) = mismatch {
            return Ok(PinChecked::Mismatch(why));
        }
        self.store
            .verify_pin_at(credential, pin, self.pin_policy, chrono::Utc::now())
            .map(PinChecked::Verdict)
            .map_err(|e| e.to_string())
    }

    /// Refuses a person whose people-table row is not what the journal last recorded (a role
    /// or PIN changed outside the terminal); the refusal is journaled.
    pub(super) fn refuse_changed_person(&mut self, credential: &str) -> Result<(), String> {
        let mismatch = crate::store::people::person_mismatch(self.store.connection(), credential)
            .map_err(|e| e.to_string())?;
        match mismatch {
            Some(why) => Err(self.refuse_mismatch(credential, why)),
            None => Ok(()),
        }
    }

    fn refuse_mismatch(&mut self, credential: &str, why: String) -> String {
        self.record_system(
            "people_record_mismatch",
            serde_json::json!({ "credential": credential, "problem": why }),
        );
        format!(
            "The people record of {credential} does not match the journal: call a shift supervisor. {why}"
        )
    }
}
