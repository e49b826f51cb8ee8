//! The terminal: where a command meets the rules, the journal and the devices.
//!
//! `execute` asks the rules for the events a command causes, appends them to the journal in
//! one transaction, and only then applies them to the in-memory table and tells the devices.
//! Nothing is shown as done that is not recorded. On start the table is rebuilt by replaying
//! the journal, so the terminal reopens at the exact step it was at.

use crate::devices::progressive::{
    ControllerState, ProgressiveCommand, ProgressiveDriver, ProgressiveEvent,
};
use crate::devices::shuffler::{LinkState, ShufflerDriver, ShufflerEvent};
use crate::rules::Cents;
use crate::rules::table::{Command, DeckStatus, Event, Person, Role, Table};
use crate::store::backup::BackupSchedule;
use crate::store::{Entry, JournalRow, RowContext, Store, StoreError};

pub struct Terminal {
    store: Store,
    table: Table,
    shuffler: Option<Box<dyn ShufflerDriver>>,
    shuffler_link: LinkState,
    progressive: Option<Box<dyn ProgressiveDriver>>,
    progressive_view: ProgressiveView,
    hits: MeterHits,
    pin_policy: crate::store::people::PinPolicy,
    /// The card list a card-reading shuffler sent before its count.
    cards_read: Option<(u8, Vec<crate::rules::cards::Card>)>,
    /// The last device report worth telling the dealer about.
    pub device_notice: Option<String>,
    backups: Option<BackupSchedule>,
    /// The newest journal rows, newest first, kept from what `append` returns so the screen
    /// never queries the database while drawing.
    recent: std::collections::VecDeque<JournalRow>,
    /// When the decks in use came into play (the table's opening or the last deck change).
    decks_since: Option<chrono::DateTime<chrono::Utc>>,
}

/// "3 h 05 min".
pub fn hours_minutes(minutes: i64) -> String {
    format!("{} h {:02} min", minutes / 60, minutes % 60)
}

/// The kinds that start or end a pair of decks' time in play.
const DECK_CLOCK_KINDS: [&str; 3] = ["table_opened", "decks_changed", "table_closed"];

fn deck_clock(row: &JournalRow) -> Option<Option<chrono::DateTime<chrono::Utc>>> {
    match row.kind.as_str() {
        "table_opened" | "decks_changed" => Some(
            chrono::DateTime::parse_from_rfc3339(&row.ts_utc)
                .ok()
                .map(|t| t.with_timezone(&chrono::Utc)),
        ),
        "table_closed" => Some(None),
        _ => None,
    }
}

/// Rebuilds the table from the journal's table rows. A row that cannot be applied (an altered
/// file, or rules that now give another outcome) stops the start with its serial and the
/// reason; nothing is written. A panic in the rules on a row is reported the same way.
pub fn rebuild(rows: &[(i64, Event)]) -> Result<Table, StoreError> {
    let mut table = Table::default();
    for (serial, e) in rows {
        let applied = std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| table.apply(e)))
            .unwrap_or_else(|_| Err("the rules could not read it".into()));
        applied.map_err(|problem| crate::rules::table::ReplayError {
            serial: *serial,
            kind: e.kind().to_string(),
            problem,
        })?;
    }
    Ok(table)
}

/// What the screen shows of the progressive controller.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct ProgressiveView {
    /// `None` until a controller is attached.
    pub link: Option<LinkState>,
    pub state: Option<ControllerState>,
    /// Meter values by meter id, as last reported.
    pub meters: Vec<(u8, Cents)>,
    /// The controller's HIT_RESULTs for the round in play, in the order it paid them.
    pub hits: Vec<crate::devices::progressive::Hit>,
}

/// A payout the settlement takes from the controller's meter.
#[derive(Debug, Clone, PartialEq, Eq)]
struct MeterHit {
    round: u32,
    spot: u8,
    meter: u8,
    percent: u8,
    /// What the settlement paid from the meter.
    amount: Cents,
}

/// The round's meter payouts on their way to the controller: hits are paid one at a time, in
/// settlement order (§ 647a.12(d)(4), § 655a.12(c)(4), § 657a.12(d)(4); hw/progressive-protocol.md).
#[derive(Debug, Default)]
struct MeterHits {
    /// Not yet sent as HIT.
    to_send: std::collections::VecDeque<MeterHit>,
    /// Sent as HIT, not yet as HIT_PAID (the controller freezes the meter meanwhile).
    unpaid: Option<MeterHit>,
    /// Sent as HIT; the controller's HIT_RESULT not yet in.
    unanswered: std::collections::VecDeque<MeterHit>,
}

/// A change to the people who sign records (issue: supervisors manage people; never delete).
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum PeopleChange {
    Add { person: Person, pin: Option<String> },
    Deactivate { credential: String },
    ResetPin { credential: String, pin: String },
    ClearLockout { credential: String },
}

fn check_person_fields(p: &Person) -> Result<(), String> {
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

/// How many of the newest journal rows the terminal keeps for the screen.
pub const RECENT_ROWS: usize = 20;

/// People seeded into an empty database when `[demo] seed_people` is on. Documented in the
/// README so a newcomer can sign in and verify; never used on a real table.
pub fn demo_people() -> Vec<(Person, Option<&'static str>)> {
    let p = |name: &str, credential: &str, role| Person {
        name: name.into(),
        credential: credential.into(),
        role,
    };
    vec![
        (p("Alex Rivera", "20417", Role::Dealer), None),
        (p("Sam Chen", "20533", Role::Dealer), None),
        (p("Dana Brooks", "1001", Role::Floorperson), Some("2468")),
        (p("Morgan Lee", "3001", Role::Supervisor), Some("1357")),
    ]
}

impl Terminal {
    /// Opens the terminal on a store, rebuilding the table from the journal.
    pub fn open(
        store: Store,
        shuffler: Option<Box<dyn ShufflerDriver>>,
    ) -> Result<Terminal, StoreError> {
        let table = rebuild(&store.table_events()?)?;
        let mut t = Terminal {
            store,
            table,
            shuffler,
            shuffler_link: LinkState::Connecting,
            progressive: None,
            progressive_view: ProgressiveView::default(),
            hits: MeterHits::default(),
            pin_policy: Default::default(),
            cards_read: None,
            device_notice: None,
            backups: None,
            recent: Default::default(),
            decks_since: None,
        };
        if let Some(row) = t.store.newest_of(&DECK_CLOCK_KINDS)? {
            t.decks_since = deck_clock(&row).flatten();
        }
        t.recent = t.store.recent(RECENT_ROWS)?.into();
        // A shuffle asked for before a restart may never have reported: ask again, so the
        // deck is counted after a complete shuffle (§ 637a.7(e)(4)(ii), § 637a.18(q)).
        if let Some(deck) = t.table.in_shuffler
            && t.table.decks[deck].status == DeckStatus::Shuffling
        {
            t.record_system(
                "shuffle_requested_again",
                serde_json::json!({"deck": deck, "colour": t.table.deck_name(deck),
                    "why": "the terminal restarted before the shuffler reported a count"}),
            );
            if let Some(s) = t.shuffler.as_mut() {
                s.request_shuffle(deck as u8);
            }
        }
        Ok(t)
    }

    /// Adds the demonstration people to an empty database.
    pub fn seed_demo_people(&mut self) -> Result<(), StoreError> {
        if self.store.count_people()? == 0 {
            for (p, pin) in demo_people() {
                self.store.add_person(&p, pin)?;
            }
        }
        Ok(())
    }

    pub fn table(&self) -> &Table {
        &self.table
    }

    /// Prints the end-of-shift report of a table for a supervisor (a journal row, then the PDF).
    pub fn print_shift_report(
        &mut self,
        table_no: u32,
        from: &str,
        to: &str,
        printed_by: &str,
    ) -> Result<(i64, bool, Vec<u8>), String> {
        crate::print::shift_report(&mut self.store, table_no, from, to, Some(printed_by))
    }

    pub fn store(&self) -> &Store {
        &self.store
    }

    pub fn shuffler_link(&self) -> &LinkState {
        &self.shuffler_link
    }

    /// Connects a progressive controller (§ 647a.2(c), § 655a.8(b), § 657a.8(b)).
    pub fn attach_progressive(&mut self, driver: Box<dyn ProgressiveDriver>) {
        self.progressive = Some(driver);
        self.progressive_view.link = Some(LinkState::Connecting);
    }

    pub fn progressive(&self) -> &ProgressiveView {
        &self.progressive_view
    }

    /// Sends a command to the progressive controller, if one is attached.
    pub fn progressive_command(&mut self, cmd: ProgressiveCommand) -> Result<(), String> {
        match self.progressive.as_mut() {
            Some(p) => {
                p.send(cmd);
                Ok(())
            }
            None => Err("no progressive controller is connected to this table".into()),
        }
    }

    fn context(&self) -> RowContext {
        RowContext {
            table_no: self.table.setup.as_ref().map(|s| s.table_no),
            dealer_credential: self.table.dealer.as_ref().map(|d| d.credential.clone()),
            actor_credential: None,
        }
    }

    /// Runs a command. The error is a message for the dealer; nothing changed.
    pub fn execute(&mut self, cmd: Command) -> Result<Vec<Event>, String> {
        // The clock is the terminal's, not the rules core's: decks past their time are changed
        // before another round (§ 637a.3(c), § 677a.3(c) and the others).
        if let Command::StartRound { .. } = &cmd
            && let Some(refusal) = self.deck_change_refusal(chrono::Utc::now())
        {
            return Err(refusal);
        }
        // A progressive wager needs the controller that accepts and locks it out (§ 647a.2(c),
        // § 655a.8(b), § 657a.8(b)).
        if let Command::Banked(crate::rules::banked::round::BankedCommand::Wagers { seat, wagers }) =
            &cmd
            && wagers.get("progressive").is_some_and(|v| *v > 0)
            && let Some(why) = self.progressive_refusal()
        {
            return Err(format!("seat {seat}: {why}"));
        }
        // The settlement pays from the meters the controller reports now: a device reading the
        // terminal adds to the dealer's keyed cards.
        let mut cmd = cmd;
        if let Command::Banked(crate::rules::banked::round::BankedCommand::Cards {
            meters, ..
        }) = &mut cmd
        {
            *meters = self
                .progressive_meter()
                .map(|(id, c)| (id.to_string(), c))
                .into_iter()
                .collect();
        }
        let events = self.table.decide(&cmd).map_err(|e| e.to_string())?;
        self.commit(&events)?;
        Ok(events)
    }

    /// Why a progressive wager cannot be accepted now; `None` when the controller is there.
    pub fn progressive_refusal(&self) -> Option<String> {
        const RULE: &str = "progressive wagers are not accepted (§ 647a.2(c), § 655a.8(b), § 657a.8(b)): key the other wagers, or call the floor";
        let Some(link) = &self.progressive_view.link else {
            return Some(format!(
                "no progressive controller is connected to this table ([progressive] port); {RULE}"
            ));
        };
        if !link.is_up() {
            return Some(format!(
                "the progressive controller is not answering; {RULE}"
            ));
        }
        match self.progressive_view.state {
            Some(ControllerState::CommunicationLoss | ControllerState::Error) => Some(format!(
                "the progressive controller is out of service; {RULE}"
            )),
            _ => None,
        }
    }

    fn commit(&mut self, events: &[Event]) -> Result<(), String> {
        // The dealer on each row is the one signed in when the row is written; a sign-in row
        // already carries the new dealer.
        let mut ctx = self.context();
        if let Some(Event::DealerSignedIn { dealer }) = events.first() {
            ctx.dealer_credential = Some(dealer.credential.clone());
        }
        if let Some(Event::TableOpened { setup }) = events.first() {
            ctx.table_no = Some(setup.table_no);
        }
        // What is written must rebuild the table: the events are applied to a copy first.
        let mut next = self.table.clone();
        for e in events {
            next.apply(e).map_err(|e| {
                format!("The rules refused their own outcome, nothing changed: {e}")
            })?;
        }
        let entries: Vec<Entry> = events.iter().map(Entry::table).collect();
        let rows = self
            .store
            .append(&ctx, &entries)
            .map_err(|e| format!("The record could not be saved, nothing changed: {e}"))?;
        self.remember(rows);
        self.table = next;
        for e in events {
            if let Event::ShuffleRequested { deck, .. } = e
                && let Some(s) = self.shuffler.as_mut()
            {
                s.request_shuffle(*deck as u8);
            }
            self.tell_progressive(e);
        }
        Ok(())
    }

    /// A floorperson's signature: credential number and PIN, then the verification command.
    /// Failures are journaled (who tried, never the PIN).
    pub fn verify(&mut self, credential: &str, pin: &str) -> Result<Person, String> {
        let credential = credential.trim();
        if credential.is_empty() || pin.is_empty() {
            return Err("Enter the credential number and the PIN".into());
        }
        let person = self.check_pin(credential, pin)?;
        match self.execute(Command::Verify(person.clone())) {
            Ok(_) => Ok(person),
            Err(msg) => {
                self.record_system(
                    "verification_refused",
                    serde_json::json!({"credential": credential, "reason": msg}),
                );
                Err(msg)
            }
        }
    }

    /// Checks a credential number and PIN under the PIN policy; every refusal is journaled
    /// (who tried and why, never the PIN), a lock-out as its own row.
    pub fn check_pin(&mut self, credential: &str, pin: &str) -> Result<Person, String> {
        let checked = self
            .store
            .verify_pin_at(credential, pin, self.pin_policy, chrono::Utc::now())
            .map_err(|e| e.to_string())?;
        match checked {
            Ok(p) => Ok(p),
            Err(e) => {
                self.record_system(
                    "verification_failed",
                    serde_json::json!({"credential": credential, "reason": e.to_string()}),
                );
                if matches!(e, crate::store::people::VerifyError::LockedOut(_)) {
                    self.record_system(
                        "pin_locked_out",
                        serde_json::json!({"credential": credential}),
                    );
                }
                Err(e.to_string())
            }
        }
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
        let person = Person {
            name: name.trim().to_string(),
            credential: credential.trim().to_string(),
            role: Role::Administrator,
        };
        check_person_fields(&person)?;
        self.store
            .add_person(&person, Some(pin))
            .map_err(|e| e.to_string())?;
        self.record_signed(
            "administrator_created",
            serde_json::json!({"name": person.name, "credential": person.credential, "role": "administrator"}),
            &person.credential,
        );
        Ok(person)
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
                self.store
                    .add_person(person, pin.as_deref())
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
        self.record_signed(kind, payload, &actor.credential);
        Ok(done)
    }

    /// A system row signed by a person (people changes).
    fn record_signed(&mut self, kind: &str, payload: serde_json::Value, actor: &str) {
        let mut ctx = self.context();
        ctx.actor_credential = Some(actor.to_string());
        let mut entry = Entry::system(kind, payload);
        entry.actor_credential = Some(actor.to_string());
        match self.store.append(&ctx, &[entry]) {
            Ok(rows) => self.remember(rows),
            Err(e) => tracing::error!("could not journal {kind}: {e}"),
        }
    }

    /// Records a High Hand Tracking Slip line (§ 637a.16(f)): the floorperson signs with
    /// credential number and PIN; the period is the qualifying period holding `now`.
    #[allow(clippy::too_many_arguments)]
    pub fn record_high_hand(
        &mut self,
        period: &str,
        seat: u8,
        player_name: &str,
        player_phone: &str,
        cards: Vec<crate::rules::cards::Card>,
        floor_credential: &str,
        floor_pin: &str,
    ) -> Result<u32, String> {
        let floorperson = self.check_pin(floor_credential.trim(), floor_pin)?;
        let slip = crate::rules::table::HighHandSlip {
            period: period.to_string(),
            seat,
            player_name: player_name.trim().to_string(),
            player_phone: player_phone.trim().to_string(),
            cards,
            floorperson,
        };
        let events = self.execute(Command::RecordHighHand(slip))?;
        Ok(match events.first() {
            Some(Event::HighHandRecorded { line, .. }) => *line,
            _ => 0,
        })
    }

    /// Records a Bad Beat or High Hand box count: the dealer signed in counted, the floorperson
    /// witnessed and signs with credential number and PIN (§ 637a.15(d)(1), § 637a.16(d)(1)).
    pub fn record_box_count(
        &mut self,
        jackpot_box: crate::rules::table::JackpotBox,
        amount: crate::rules::Cents,
        container_seal: &str,
        floor_credential: &str,
        floor_pin: &str,
    ) -> Result<i64, String> {
        let floorperson = self.check_pin(floor_credential.trim(), floor_pin)?;
        let count = crate::rules::table::BoxCount {
            jackpot_box,
            amount,
            container_seal: container_seal.trim().to_string(),
            floorperson,
        };
        self.execute(Command::RecordBoxCount(count))?;
        Ok(self.recent.front().map(|r| r.serial).unwrap_or(0))
    }

    /// Records time charges verified by a floorperson (§ 637a.17(b)(3)(v)); returns the total.
    pub fn record_time_charges(
        &mut self,
        seats: Vec<u8>,
        amount_each: crate::rules::Cents,
        interval_minutes: u32,
        floor_credential: &str,
        floor_pin: &str,
    ) -> Result<crate::rules::Cents, String> {
        let floorperson = self.check_pin(floor_credential.trim(), floor_pin)?;
        let charges = crate::rules::table::TimeCharges {
            seats,
            amount_each,
            interval_minutes,
            floorperson,
        };
        let events = self.execute(Command::RecordTimeCharges(charges))?;
        Ok(match events.first() {
            Some(Event::TimeChargesVerified { total, .. }) => *total,
            _ => 0,
        })
    }

    /// Signs a dealer in: the name they picked and the credential number they typed must
    /// belong to the same active person.
    pub fn sign_in(&mut self, name: &str, credential: &str) -> Result<Person, String> {
        let credential = credential.trim();
        if credential.is_empty() {
            return Err("Enter your credential number".into());
        }
        let person = self
            .store
            .person(credential)
            .map_err(|e| e.to_string())?
            .filter(|p| p.name == name)
            .ok_or_else(|| {
                self.record_system(
                    "sign_in_refused",
                    serde_json::json!({"name": name, "credential": credential}),
                );
                format!("Credential number {credential} is not {name}'s")
            })?;
        crate::rules::access::check(&person, crate::rules::access::Action::DealTable, None)?;
        self.execute(Command::SignIn(person.clone()))?;
        Ok(person)
    }

    /// Appends a row that does not change the table (device link, refused reports).
    pub fn record_system(&mut self, kind: &str, payload: serde_json::Value) {
        let ctx = self.context();
        match self.store.append(&ctx, &[Entry::system(kind, payload)]) {
            Ok(rows) => self.remember(rows),
            Err(e) => tracing::error!("could not journal {kind}: {e}"),
        }
    }

    /// Starts scheduled backups of this terminal's database; each outcome is journaled.
    pub fn schedule_backups(
        &mut self,
        dir: std::path::PathBuf,
        every: std::time::Duration,
        retention: std::time::Duration,
    ) {
        let source = self.store.path().to_path_buf();
        self.backups = Some(BackupSchedule::start(source, dir, every, retention));
    }

    /// Journals the outcome of scheduled backups that finished since the last call.
    fn poll_backups(&mut self) {
        let done: Vec<_> = match &self.backups {
            Some(b) => b.results.try_iter().collect(),
            None => return,
        };
        for r in done {
            match r {
                Ok(report) => self.record_system("backup_completed", serde_json::json!(report)),
                Err(e) => {
                    self.record_system("backup_failed", serde_json::json!({ "error": e }));
                    tracing::error!("backup failed: {e}");
                }
            }
        }
    }

    /// Drains device events and background results: counts and faults drive the procedure,
    /// the rest is journaled.
    pub fn poll_devices(&mut self) {
        self.poll_backups();
        let events = self
            .progressive
            .as_mut()
            .map(|p| p.poll())
            .unwrap_or_default();
        for ev in events {
            self.on_progressive_event(ev);
        }
        let events = match self.shuffler.as_mut() {
            Some(s) => s.poll(),
            None => return,
        };
        for ev in events {
            self.on_shuffler_event(ev);
        }
    }

    /// A house-banked round drives the table's progressive controller: wagering opens with the
    /// round and locks out at "no more bets" (hw/progressive-protocol.md; § 647a.7, § 655a.7,
    /// § 657a.7: no wager after "no more bets"). Spots are the seat numbers. A settlement that
    /// pays from the meter is told to it as hits: HIT once a floorperson has validated the
    /// payouts, HIT_PAID when the dealer has paid, one hit at a time in settlement order
    /// (§ 647a.11(i), § 655a.11(i)(4), § 657a.12(d)(4)).
    fn tell_progressive(&mut self, e: &Event) {
        use crate::rules::banked::round::BankedEvent;
        if self.progressive.is_none() {
            return;
        }
        // Only a game with a progressive wager drives the controller (Spanish 21, Lunar Poker
        // and WPT have none).
        let round = self
            .table
            .round
            .as_ref()
            .filter(|r| r.banked.as_ref().is_some_and(|b| b.game.def().progressive))
            .map(|r| r.number);
        let event = match e {
            Event::RoundStarted { number, .. } if round.is_some() => {
                self.hits = MeterHits::default();
                self.progressive_view.hits.clear();
                self.send_progressive(ProgressiveCommand::OpenWagering { round: *number });
                return;
            }
            Event::Banked(e) => e,
            _ => return,
        };
        match (event, round) {
            (BankedEvent::BetsClosed { .. }, Some(round)) => {
                self.send_progressive(ProgressiveCommand::LockOut { round });
            }
            (BankedEvent::Validated { .. }, Some(round)) => {
                self.hits.to_send = self.meter_hits(round);
                self.hits.unpaid = self.send_next_hit();
            }
            (BankedEvent::Paid, _) => {
                // The floorperson validated every payout of the round before the dealer paid
                // them, so the hits after the first follow one another.
                while let Some(h) = self.hits.unpaid.take().or_else(|| self.send_next_hit()) {
                    self.record_system(
                        "progressive_hit_paid",
                        serde_json::json!({"round": h.round, "spot": h.spot, "meter": h.meter,
                            "percent": h.percent, "amount": h.amount}),
                    );
                    self.send_progressive(ProgressiveCommand::HitPaid {
                        round: h.round,
                        spot: h.spot,
                        meter: h.meter,
                    });
                }
            }
            _ => {}
        }
    }

    fn send_progressive(&mut self, cmd: ProgressiveCommand) {
        if let Some(p) = self.progressive.as_mut() {
            p.send(cmd);
        }
    }

    /// Sends the settlement's next meter payout as a HIT; the hit sent, to be paid.
    fn send_next_hit(&mut self) -> Option<MeterHit> {
        let h = self.hits.to_send.pop_front()?;
        self.send_progressive(ProgressiveCommand::Hit {
            round: h.round,
            spot: h.spot,
            meter: h.meter,
            percent: h.percent,
        });
        self.hits.unanswered.push_back(h.clone());
        Some(h)
    }

    /// The round's progressive payouts from the meter it was settled against, in settlement
    /// order (the typed settlement's progressive results).
    fn meter_hits(&self, round: u32) -> std::collections::VecDeque<MeterHit> {
        let Some(b) = self.table.round.as_ref().and_then(|r| r.banked.as_ref()) else {
            return Default::default();
        };
        let meter = b
            .meters
            .keys()
            .next()
            .and_then(|id| id.parse::<u8>().ok())
            .or(self.progressive_meter().map(|(id, _)| id));
        let (Some(meter), Some(settlement)) = (meter, b.settlement.as_ref()) else {
            return Default::default();
        };
        settlement
            .results
            .iter()
            .filter(|w| w.wager == "progressive" && w.from_meter > 0)
            .filter_map(|w| {
                Some(MeterHit {
                    round,
                    spot: w.seat,
                    meter,
                    percent: u8::try_from(w.meter_percent?).ok()?,
                    amount: w.from_meter,
                })
            })
            .collect()
    }

    /// The table's progressive meter: the first the controller reports, with its value.
    pub fn progressive_meter(&self) -> Option<(u8, Cents)> {
        self.progressive_view.meters.first().copied()
    }

    /// The controller's accepted progressive wagers against the ones the dealer keyed (the
    /// dealer checks the chips collected equal the wagers the system accepted: § 647a.8(b),
    /// § 655a.8(b), § 657a.8(b)): a difference is told to the dealer and journaled.
    fn check_locked_wagers(&mut self, round: u32, wagers: &[(u8, Cents)]) {
        let Some(b) = self
            .table
            .round
            .as_ref()
            .filter(|r| r.number == round)
            .and_then(|r| r.banked.as_ref())
        else {
            return;
        };
        let mut differences = Vec::new();
        let seats: std::collections::BTreeSet<u8> = b
            .wagers
            .keys()
            .copied()
            .chain(wagers.iter().map(|(s, _)| *s))
            .collect();
        for seat in seats {
            let keyed = b
                .wagers
                .get(&seat)
                .and_then(|w| w.get("progressive"))
                .copied()
                .unwrap_or(0);
            let accepted = wagers
                .iter()
                .find(|(s, _)| *s == seat)
                .map_or(0, |(_, c)| *c);
            if keyed != accepted {
                differences.push((seat, keyed, accepted));
            }
        }
        if differences.is_empty() {
            return;
        }
        let text: Vec<String> = differences
            .iter()
            .map(|(s, k, a)| {
                format!(
                    "seat {s}: keyed {}, the controller accepted {}",
                    crate::rules::money(*k),
                    crate::rules::money(*a)
                )
            })
            .collect();
        self.device_notice = Some(format!(
            "Progressive wagers differ ({}): check the layout or call the floor",
            text.join("; ")
        ));
        let rows: Vec<_> = differences
            .iter()
            .map(|(s, k, a)| serde_json::json!({"seat": s, "keyed": k, "accepted": a}))
            .collect();
        self.record_system(
            "progressive_wager_mismatch",
            serde_json::json!({"round": round, "seats": rows}),
        );
    }

    /// The controller's hit against the one the settlement asked for: the dealer pays what the
    /// controller lit (§ 647a.11(i)(2), § 655a.11(i)(4)(I)(B)); a different spot or amount is
    /// told to the dealer and journaled for the floor.
    fn check_hit(&mut self, h: &crate::devices::progressive::Hit) {
        let Some(at) = self
            .hits
            .unanswered
            .iter()
            .position(|m| m.round == h.round && m.meter == h.meter)
        else {
            return;
        };
        let Some(asked) = self.hits.unanswered.remove(at) else {
            return;
        };
        if asked.spot == h.spot && asked.amount == h.amount {
            return;
        }
        self.device_notice = Some(format!(
            "The progressive controller lit spot {} for {}; the settlement paid seat {} {}: call the floor",
            h.spot,
            crate::rules::money(h.amount),
            asked.spot,
            crate::rules::money(asked.amount)
        ));
        self.record_system(
            "progressive_hit_mismatch",
            serde_json::json!({"round": h.round, "meter": h.meter,
                "settlement": {"spot": asked.spot, "amount": asked.amount},
                "controller": {"spot": h.spot, "amount": h.amount}}),
        );
    }

    fn on_progressive_event(&mut self, ev: ProgressiveEvent) {
        use serde_json::json;
        match ev {
            ProgressiveEvent::Link(state) => {
                self.record_system(
                    "progressive_link",
                    json!({"state": state.label(), "detail": format!("{state:?}")}),
                );
                if state.is_up()
                    && let Some(p) = self.progressive.as_mut()
                {
                    p.send(ProgressiveCommand::RequestMeters);
                    p.send(ProgressiveCommand::RequestEnvy);
                }
                self.progressive_view.link = Some(state);
            }
            ProgressiveEvent::State(s) => {
                if self.progressive_view.state != Some(s) {
                    self.record_system("progressive_state", json!({"state": s.label()}));
                    if s == ControllerState::CommunicationLoss {
                        self.device_notice = Some(
                            "The progressive controller lost contact and locked wagering out: call the floor."
                                .into(),
                        );
                    }
                }
                self.progressive_view.state = Some(s);
            }
            ProgressiveEvent::Meters(m) => {
                if self.progressive_view.meters != m {
                    let meters: Vec<_> = m
                        .iter()
                        .map(|(id, v)| json!({"meter": id, "cents": v}))
                        .collect();
                    self.record_system("progressive_meters", json!({ "meters": meters }));
                }
                self.progressive_view.meters = m;
            }
            ProgressiveEvent::WageringOpen { round } => {
                self.record_system("progressive_wagering_open", json!({ "round": round }));
            }
            ProgressiveEvent::Locked { round, wagers } => {
                let accepted = wagers.iter().filter(|(_, w)| *w > 0).count();
                let spots: Vec<_> = wagers
                    .iter()
                    .map(|(s, w)| json!({"spot": s, "cents": w}))
                    .collect();
                self.record_system(
                    "progressive_locked",
                    json!({"round": round, "accepted": accepted, "spots": spots}),
                );
                self.check_locked_wagers(round, &wagers);
            }
            ProgressiveEvent::Hit(h) => {
                self.record_system(
                    "progressive_hit",
                    json!({"round": h.round, "spot": h.spot, "meter": h.meter, "percent": h.percent,
                        "amount": h.amount, "meter_after": h.meter_after, "order": h.order}),
                );
                self.check_hit(&h);
                self.progressive_view.hits.push(h);
            }
            ProgressiveEvent::EnvyTable(t) => {
                let rows: Vec<_> = t
                    .iter()
                    .map(|e| json!({"wager": e.wager, "hand": e.hand.line(), "amount": e.amount}))
                    .collect();
                self.record_system("progressive_envy_table", json!({ "envy": rows }));
            }
            ProgressiveEvent::Fault { code, text } => {
                self.device_notice = Some(format!("Progressive controller {code:#06x}: {text}"));
                self.record_system("progressive_fault", json!({"code": code, "text": text}));
            }
            ProgressiveEvent::LineError(msg) => {
                self.record_system("progressive_line_error", json!({ "error": msg }));
            }
        }
    }

    fn on_shuffler_event(&mut self, ev: ShufflerEvent) {
        match ev {
            ShufflerEvent::Link(state) => {
                self.record_system(
                    "shuffler_link",
                    serde_json::json!({"state": state.label(), "detail": format!("{state:?}")}),
                );
                if state.is_up()
                    && let Some(s) = self.shuffler.as_mut()
                {
                    s.request_meters();
                }
                self.shuffler_link = state;
            }
            ShufflerEvent::CardsRead { deck, cards } => {
                // Only what is wrong is kept: the cards' order never leaves the device's report.
                self.cards_read = Some((deck, cards));
            }
            ShufflerEvent::DeckPresent(present) => {
                self.record_system(
                    "shuffler_deck_present",
                    serde_json::json!({ "present": present }),
                );
            }
            ShufflerEvent::Meters {
                shuffles,
                failed,
                cards,
            } => {
                self.record_system(
                    "shuffler_meters",
                    serde_json::json!({"shuffles": shuffles, "failed": failed, "cards": cards}),
                );
            }
            ShufflerEvent::ShuffleStarted { deck } => {
                self.record_system("shuffle_started", serde_json::json!({"deck": deck}));
            }
            ShufflerEvent::Counted { deck, count } => {
                let expected = self.table.in_shuffler;
                if expected.map(|d| d as u8) != Some(deck) {
                    self.refused_report(format!(
                        "the shuffler reported a count of {count} for deck tag {deck}, which is not the deck being shuffled"
                    ));
                    return;
                }
                match self.execute(Command::ShufflerCounted { counted: count }) {
                    Ok(_) => self.device_notice = None,
                    Err(msg) => self.refused_report(msg),
                }
                self.name_cards(deck, count);
                if let Some(s) = self.shuffler.as_mut() {
                    s.request_meters();
                }
            }
            ShufflerEvent::Fault { code, text } => {
                self.device_notice = Some(format!("Shuffler fault {code:#06x}: {text}"));
                if let Err(msg) = self.execute(Command::ShufflerFault { code, detail: text }) {
                    self.refused_report(msg);
                }
            }
            ShufflerEvent::Status(s) => {
                self.record_system(
                    "shuffler_status",
                    serde_json::json!({"state": format!("{s:?}")}),
                );
            }
            ShufflerEvent::LineError(msg) => {
                self.record_system("shuffler_line_error", serde_json::json!({"error": msg}));
            }
        }
    }

    /// A card-reading shuffler's list, held until the count: names what is missing or extra.
    fn name_cards(&mut self, deck: u8, count: u8) {
        let Some((read_deck, cards)) = self.cards_read.take() else {
            return;
        };
        if read_deck != deck {
            return;
        }
        let (missing, extra) = crate::devices::shuffler::deck_difference(&cards);
        if missing.is_empty() && extra.is_empty() {
            return;
        }
        let names = |v: &[crate::rules::cards::Card]| {
            v.iter().map(|c| c.pretty()).collect::<Vec<_>>().join(" ")
        };
        let mut notice = format!("The shuffler read {} cards", cards.len());
        if !missing.is_empty() {
            notice.push_str(&format!("; missing: {}", names(&missing)));
        }
        if !extra.is_empty() {
            notice.push_str(&format!("; extra: {}", names(&extra)));
        }
        if count == crate::rules::table::DECK_SIZE {
            notice.push_str(". The count is 52 but the deck is not a whole deck: call the floor");
        }
        self.record_system(
            "cards_identified",
            serde_json::json!({
                "deck": deck,
                "count": count,
                "missing": missing.iter().map(|c| c.to_string()).collect::<Vec<_>>(),
                "extra": extra.iter().map(|c| c.to_string()).collect::<Vec<_>>(),
            }),
        );
        self.device_notice = Some(notice);
    }

    fn refused_report(&mut self, msg: String) {
        self.record_system("device_report_refused", serde_json::json!({"reason": msg}));
        self.device_notice = Some(msg);
    }

    fn remember(&mut self, rows: Vec<JournalRow>) {
        for r in rows {
            if let Some(since) = deck_clock(&r) {
                self.decks_since = since;
            }
            self.recent.push_front(r);
        }
        self.recent.truncate(RECENT_ROWS);
    }

    /// When the decks in use came into play, if a table is open.
    pub fn decks_since(&self) -> Option<chrono::DateTime<chrono::Utc>> {
        self.decks_since
    }

    /// The minutes after which the decks in play must be changed, and the section, when a table
    /// is open.
    pub fn deck_change_due(&self) -> Option<(i64, String)> {
        let setup = self.table.setup.as_ref()?;
        self.decks_since?;
        let (_, section) = setup.deck_change_limit();
        Some((
            i64::from(setup.deck_change_hours()) * 60,
            section.to_string(),
        ))
    }

    /// Minutes the decks in use have been in play.
    pub fn deck_minutes(&self) -> i64 {
        self.deck_minutes_at(chrono::Utc::now())
    }

    pub fn deck_minutes_at(&self, now: chrono::DateTime<chrono::Utc>) -> i64 {
        self.decks_since
            .map_or(0, |t| (now - t).num_minutes().max(0))
    }

    /// Why a round may not start at `now`: the decks are past their time.
    pub fn deck_change_refusal(&self, now: chrono::DateTime<chrono::Utc>) -> Option<String> {
        let (due, section) = self.deck_change_due()?;
        let used = self.deck_minutes_at(now);
        (used >= due).then(|| {
            format!(
                "The decks have been in play {}; the limit is {} hours ({section}). Change the decks first.",
                hours_minutes(used),
                due / 60
            )
        })
    }

    /// The newest journal rows, newest first (at most [`RECENT_ROWS`]); no database query.
    pub fn recent_log(&self) -> impl Iterator<Item = &JournalRow> {
        self.recent.iter()
    }
}
