//! People at the terminal: the dealer's sign-in, a floorperson's signature (credential number and
//! PIN under the PIN policy), the first administrator, and supervisors managing people. Every
//! refusal is journaled (who tried and why, never the PIN).

use super::*;

/// A change to the people who sign records (issue: supervisors manage people; never delete).
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum PeopleChange {
    Add { person: Person, pin: String },
    Deactivate { credential: String },
    ResetPin { credential: String, pin: String },
    ClearLockout { credential: String },
}

pub(super) fn check_person_fields(p: &Person) -> Result<(), String> {
    if p.name.trim().len() < 2 {
        return Err("a person needs a name".into());
    }
    if p.credential.trim().is_empty()
        || !p
            .credential
            .chars()
            .all(|c| c.is_ascii_alphanumeric() || c == '-')
    {
        return Err(format!(
            "`{}` is not a credential number (digits, letters and dashes)",
            p.credential
        ));
    }
    Ok(())
}

/// People seeded into an empty database when `[demo] seed_people` is on. Documented in the
/// README so a newcomer can sign in and verify; never used on a real table.
pub fn demo_people() -> Vec<(Person, &'static str)> {
    let p = |name: &str, credential: &str, role| Person {
        name: name.into(),
        credential: credential.into(),
        role,
    };
    vec![
        (p("Alex Rivera", "20417", Role::Dealer), "112233"),
        (p("Sam Chen", "20533", Role::Dealer), "445566"),
        (p("Dana Brooks", "1001", Role::Floorperson), "246810"),
        (p("Morgan Lee", "3001", Role::Supervisor), "135790"),
    ]
}

impl Terminal {
    /// The wait the last refused PIN set, while it runs.
    pub fn pin_wait(&self) -> Option<super::PinWait> {
        self.pin_wait
            .filter(|w| w.until > std::time::Instant::now())
    }

    pub fn set_pin_policy(&mut self, policy: crate::store::people::PinPolicy) {
        self.pin_policy = policy;
    }

    /// The first start: with nobody in the database, an administrator is created (name,
    /// credential number, PIN). Refused once anyone exists.
    pub fn create_first_administrator(
        &mut self,
        name: &str,
        credential: &str,
        pin: &str,
    ) -> Result<Person, String> {
        if self.store.count_people().map_err(|e| e.to_string())? > 0 {
            return Err("people already exist: an administrator adds people".into());
        }
        let person = self.first_administrator(name, credential, pin)?;
        self.store
            .add_person(&person, pin)
            .map_err(|e| e.to_string())?;
        let state = self.person_state(&person.credential);
        self.administrator_created(&person, state);
        Ok(person)
    }

    /// [`Terminal::create_first_administrator`] for the screen: the fields checked here, the
    /// PIN hashed and the row written apart ([`Terminal::first_administrator_answer`] takes the
    /// outcome); `wake` is called once it has answered.
    pub fn begin_first_administrator(
        &mut self,
        name: &str,
        credential: &str,
        pin: &str,
        wake: Box<dyn Fn() + Send>,
    ) -> Result<(), String> {
        let person = self.first_administrator(name, credential, pin)?;
        let adding = self.store.add_first_administrator_apart(&person, pin, wake);
        self.admin_adding = Some((person, adding));
        Ok(())
    }

    /// The first administrator is being created apart.
    pub fn creating_administrator(&self) -> bool {
        self.admin_adding.is_some()
    }

    /// Once the first administrator's creation apart has answered: who was created (journaled),
    /// or why not.
    pub fn first_administrator_answer(&mut self) -> Option<Result<Person, String>> {
        let answer = self.admin_adding.as_ref()?.1.try_answer()?;
        let (person, _) = self.admin_adding.take()?;
        Some(answer.map_err(|e| e.to_string()).map(|state| {
            self.administrator_created(&person, state);
            person
        }))
    }

    fn first_administrator(
        &self,
        name: &str,
        credential: &str,
        pin: &str,
    ) -> Result<Person, String> {
        let person = Person {
            name: name.trim().to_string(),
            credential: credential.trim().to_string(),
            role: Role::Administrator,
        };
        check_person_fields(&person)?;
        self.check_new_pin(pin)?;
        Ok(person)
    }

    /// Journals the administrator created, with their people row as it now is (`state`).
    fn administrator_created(&mut self, person: &Person, state: serde_json::Value) {
        self.record_signed(
            "administrator_created",
            serde_json::json!({"name": person.name, "credential": person.credential, "role": "administrator", "state": state}),
            &person.credential,
        );
    }

    /// Adds, deactivates, re-PINs or unlocks a person. The actor signs with credential number
    /// and PIN and must hold the role the access policy asks; the change is journaled with the
    /// actor as its signer.
    pub fn manage_people(
        &mut self,
        actor_credential: &str,
        actor_pin: &str,
        change: PeopleChange,
    ) -> Result<String, String> {
        use crate::rules::access::{Action, check};
        let actor = self.check_pin(actor_credential.trim(), actor_pin)?;
        let target_role = |t: &Self, credential: &str| -> Result<Role, String> {
            t.store
                .list_people()
                .map_err(|e| e.to_string())?
                .into_iter()
                .find(|r| r.person.credential == credential && r.active)
                .map(|r| r.person.role)
                .ok_or_else(|| format!("no active person has credential number {credential}"))
        };
        let refuse = |t: &mut Self, msg: String| -> Result<String, String> {
            t.record_system(
                "people_change_refused",
                serde_json::json!({"actor": actor_credential, "reason": msg}),
            );
            Err(msg)
        };
        let (kind, payload, done) = match &change {
            PeopleChange::Add { person, pin } => {
                if let Err(m) = check(&actor, Action::ManagePeople(person.role), None) {
                    return refuse(self, m);
                }
                check_person_fields(person)?;
                self.check_new_pin(pin)?;
                self.store
                    .add_person(person, pin)
                    .map_err(|e| e.to_string())?;
                (
                    "person_added",
                    serde_json::json!({"name": person.name, "credential": person.credential, "role": person.role}),
                    format!(
                        "{} ({}) added as a {}",
                        person.name,
                        person.credential,
                        person.role.name()
                    ),
                )
            }
            PeopleChange::Deactivate { credential } => {
                if *credential == actor.credential {
                    return refuse(self, "nobody deactivates themself".into());
                }
                let role = target_role(self, credential)?;
                if let Err(m) = check(&actor, Action::ManagePeople(role), None) {
                    return refuse(self, m);
                }
                self.store
                    .deactivate_person(credential)
                    .map_err(|e| e.to_string())?;
                (
                    "person_deactivated",
                    serde_json::json!({"credential": credential, "role": role}),
                    format!("{credential} deactivated; the records keep the name"),
                )
            }
            PeopleChange::ResetPin { credential, pin } => {
                let role = target_role(self, credential)?;
                if let Err(m) = check(&actor, Action::ManagePeople(role), None) {
                    return refuse(self, m);
                }
                self.check_new_pin(pin)?;
                self.store
                    .reset_pin(credential, pin)
                    .map_err(|e| e.to_string())?;
                (
                    "pin_reset",
                    serde_json::json!({"credential": credential, "role": role}),
                    format!("new PIN set for {credential}; any lock-out cleared"),
                )
            }
            PeopleChange::ClearLockout { credential } => {
                if let Err(m) = check(&actor, Action::ClearLockout, None) {
                    return refuse(self, m);
                }
                let cleared = self
                    .store
                    .clear_lockout(credential)
                    .map_err(|e| e.to_string())?;
                if !cleared {
                    return Err(format!("{credential} was not locked"));
                }
                (
                    "lockout_cleared",
                    serde_json::json!({ "credential": credential }),
                    format!("{credential} may try a PIN again"),
                )
            }
        };
        // The person as they now are, in the same row: the people table is checked against it.
        let mut payload = payload;
        if let Some(c) = payload["credential"].as_str().map(str::to_string) {
            payload["state"] = self.person_state(&c);
        }
        self.record_signed(kind, payload, &actor.credential);
        Ok(done)
    }

    /// The person's row of the people table as the journal records it (`"state"`).
    pub(super) fn person_state(&self, credential: &str) -> serde_json::Value {
        crate::store::people::person_state(self.store.connection(), credential)
            .ok()
            .flatten()
            .unwrap_or_default()
    }

    /// Records everyone once, as they are, in a journal that does not record people yet (a
    /// database from before people rows carried their state; the demo people).
    pub(super) fn record_people_once(&mut self) {
        let conn = self.store.connection();
        if crate::store::people::people_journaled(conn).unwrap_or(true) {
            return;
        }
        let people = match self.store.list_people() {
            Ok(p) => p,
            Err(_) => return,
        };
        for r in people {
            let state = self.person_state(&r.person.credential);
            self.record_system(
                "people_recorded",
                serde_json::json!({ "credential": r.person.credential, "state": state }),
            );
        }
    }

    /// A system row signed by a person (people changes).
    pub(super) fn record_signed(&mut self, kind: &str, payload: serde_json::Value, actor: &str) {
        let mut ctx = self.context();
        ctx.actor_credential = Some(actor.to_string());
        let mut entry = Entry::system(kind, payload);
        entry.actor_credential = Some(actor.to_string());
        self.write_rows(ctx, vec![entry]);
    }

    /// A new PIN under the configured minimum (`[people] min_pin_digits`, never below six).
    fn check_new_pin(&self, pin: &str) -> Result<(), String> {
        crate::store::people::check_pin_shape(pin, self.pin_policy.min_digits)
    }

    /// Signs a dealer in: the name they picked, the credential number and the PIN they typed
    /// must be the same active person's. The PIN is checked as every signature's is: the wait
    /// after wrong PINs and the lock-out apply (`[people]`), and refusals are journaled.
    pub fn sign_in_signed(
        &mut self,
        name: &str,
        credential: &str,
        pin: &str,
    ) -> Result<Signed<Person>, String> {
        let credential = credential.trim();
        if credential.is_empty() {
            return Err("Enter your credential number".into());
        }
        if pin.is_empty() {
            return Err("Enter your PIN".into());
        }
        // A PIN checked apart (the screen's sign-in) matched the people record against the
        // journal there, and the screen paired the name with the credential before it spent a
        // try: nothing more is read here. Otherwise both are checked here.
        let checked_apart = self.pin_answered(credential, pin);
        if !checked_apart {
            self.refuse_changed_person(credential)?;
            // The name first: a wrong pairing costs no PIN try and says whose it is not.
            let named = self
                .store
                .person(credential)
                .map_err(|e| e.to_string())?
                .is_some_and(|p| p.name == name);
            if !named {
                return Err(self.refuse_sign_in(name, credential));
            }
        }
        let person = self.check_pin(credential, pin)?;
        if person.name != name {
            return Err(self.refuse_sign_in(name, credential));
        }
        crate::rules::access::check(&person, crate::rules::access::Action::DealTable, None)?;
        Ok(Self::signing_in(person))
    }

    /// [`Terminal::sign_in_signed`], recorded on the spot.
    pub fn sign_in(&mut self, name: &str, credential: &str, pin: &str) -> Result<Person, String> {
        let signed = self.sign_in_signed(name, credential, pin)?;
        self.signed(signed)
    }
}

impl Terminal {
    /// A sign-in whose name is not the credential's: journaled, and said whose it is not.
    fn refuse_sign_in(&mut self, name: &str, credential: &str) -> String {
        self.record_system(
            "sign_in_refused",
            serde_json::json!({"name": name, "credential": credential}),
        );
        format!("Credential number {credential} is not {name}'s")
    }

    /// The screen locked between rounds after `idle_seconds` without a touch (journaled).
    pub fn screen_locked(&mut self, idle_seconds: u64) {
        self.record_system(
            "screen_locked",
            serde_json::json!({ "idle_seconds": idle_seconds }),
        );
    }

    /// The terminal started with a dealer signed in (it stopped, or was stopped, with one at the
    /// table): the screen starts locked, so a restart never hands the table to whoever is
    /// there without the dealer's PIN.
    pub fn screen_locked_at_start(&mut self) {
        self.record_system("screen_locked", serde_json::json!({ "at_start": true }));
    }

    /// Unlocks the screen with credential number and PIN: the dealer at the table, or anyone
    /// with the right to unlock. Both outcomes are journaled; the answer is who unlocked.
    pub fn unlock_screen(&mut self, credential: &str, pin: &str) -> Result<String, String> {
        let credential = credential.trim().to_string();
        let dealer = self.table.dealer.as_ref().map(|d| d.credential.clone());
        let unlocked_by = if pin.is_empty() {
            Err("Enter the credential number and the PIN".to_string())
        } else {
            self.check_pin(&credential, pin).and_then(|p| {
                if dealer.as_deref() == Some(p.credential.as_str()) {
                    return Ok(p.credential);
                }
                crate::rules::access::check(&p, crate::rules::access::Action::UnlockScreen, None)
                    .map(|_| p.credential)
            })
        };
        match &unlocked_by {
            Ok(who) => {
                self.record_system("screen_unlocked", serde_json::json!({ "credential": who }))
            }
            Err(_) => self.record_system(
                "screen_unlock_refused",
                serde_json::json!({ "credential": credential }),
            ),
        }
        unlocked_by
    }

    /// A shift supervisor (or administrator) opens the review of the records with credential
    /// number and PIN; journaled.
    pub fn open_review(&mut self, credential: &str, pin: &str) -> Result<Person, String> {
        let p = self.check_pin(credential.trim(), pin)?;
        crate::rules::access::check(&p, crate::rules::access::Action::ReviewRecords, None)?;
        self.record_system(
            "review_opened",
            serde_json::json!({ "supervisor": p.credential }),
        );
        Ok(p)
    }

    /// The review closed (journaled).
    pub fn close_review(&mut self, supervisor: &Person) {
        self.record_system(
            "review_closed",
            serde_json::json!({ "supervisor": supervisor.credential }),
        );
    }
}
