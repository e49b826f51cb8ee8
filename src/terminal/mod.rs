//! The terminal: where a command meets the rules, the journal and the devices.
//!
//! `execute` asks the rules for the events a command causes, appends them to the journal in
//! one transaction, and only then applies them to the in-memory table and tells the devices.
//! Nothing is shown as done that is not recorded. On start the table is rebuilt by replaying
//! the journal, so the terminal reopens at the exact step it was at.

mod clock;
mod committing;
mod contributions;
mod dealt;
mod drawn;
pub mod floor_call;
mod floor_desk;
mod held;
mod pace;
mod people;
mod pin_check;
mod progressive;
mod records;
mod shuffler;
mod signed;
pub mod significant;

pub use clock::hours_minutes;
use clock::{DECK_CLOCK_KINDS, deck_clock};
pub use committing::{WAIT_ON_THE_SPOT, Waker};
pub use held::{DiskLow, HELD_MAX, WriteFault, free_mb, why_not_written};
pub use people::{PeopleChange, demo_people};
use progressive::MeterHits;
pub use progressive::ProgressiveView;
pub use signed::{ReadOutcome, Signed};

use crate::devices::progressive::{
    ControllerState, ProgressiveCommand, ProgressiveDriver, ProgressiveEvent,
};
use crate::devices::shuffler::{LinkState, ShufflerDriver, ShufflerEvent};
use crate::rules::Cents;
use crate::rules::table::{Command, DeckStatus, Event, Person, Role, Table};
use crate::store::backup::BackupSchedule;
use crate::store::{Entry, JournalRow, RowContext, Store, StoreError};

/// The wait before a credential's next PIN try (`[people] pin_delay_seconds`).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct PinWait {
    /// The monotonic instant from which the next try is taken.
    pub until: std::time::Instant,
    /// The refusal was the wait itself: the PIN keyed was never checked, so it is kept.
    pub untried: bool,
}

pub struct Terminal {
    store: Store,
    table: Table,
    shuffler: Option<Box<dyn ShufflerDriver>>,
    shuffler_link: LinkState,
    progressive: Option<Box<dyn ProgressiveDriver>>,
    progressive_view: ProgressiveView,
    hits: MeterHits,
    pin_policy: crate::store::people::PinPolicy,
    /// After a refused PIN: when the next try is allowed, and whether the refusal was only the
    /// wait (the PIN keyed was not tried).
    pin_wait: Option<PinWait>,
    /// A signature's PIN being checked apart for the screen, and its answer until the command
    /// carrying the signature takes it (`pin_check.rs`).
    pin_check: Option<pin_check::PinInFlight>,
    pin_answer: Option<pin_check::PinAnswer>,
    /// A High Hand period's contributions read apart for its close (`contributions.rs`).
    contributions_read: Option<contributions::ContributionsRead>,
    /// The first administrator being created apart (the first start's screen).
    admin_adding: Option<(Person, crate::store::apart::Apart<serde_json::Value>)>,
    /// The card list a card-reading shuffler sent before its count.
    cards_read: Option<(u8, Vec<crate::rules::cards::Card>)>,
    /// What the shuffler says it can do (protocol version 2).
    shuffler_can: crate::devices::shuffler::Capabilities,
    /// The round's stacks a reading automated dealing shoe dispensed.
    dispensed: dealt::Dispensed,
    /// The cards a reading dealing shoe reported drawn (Spanish 21).
    drawn: drawn::Drawn,
    /// The last device report worth telling the dealer about.
    pub device_notice: Option<String>,
    /// The round a device's notice is about: it goes when the round does.
    pub device_notice_round: Option<u32>,
    /// The round rows the status line's pace is read from.
    pace: pace::PaceLog,
    backups: Option<BackupSchedule>,
    /// The newest journal rows, newest first, kept from what `append` returns so the screen
    /// never queries the database while drawing.
    recent: std::collections::VecDeque<JournalRow>,
    /// Device threads wrote rows since `recent` was last read back, and when that was.
    devices_wrote: bool,
    recent_read: Option<std::time::Instant>,
    /// The newest rows being read back apart (with a screen to draw).
    recent_reading: Option<crate::store::apart::Apart<Vec<JournalRow>>>,
    /// When the decks in use came into play (the table's opening or the last deck change).
    decks_since: Option<chrono::DateTime<chrono::Utc>>,
    /// When a floorperson last inspected Spanish 21's card reader (§ 635a.2(d)).
    reader_inspected: Option<chrono::DateTime<chrono::Utc>>,
    /// The time of day, UTC, a gaming day begins (`[table] gaming_day_starts_utc`).
    gaming_day_starts: chrono::NaiveTime,
    /// When the jackpot boxes were last counted, the table opened and the High Hand period
    /// closed, from the journal's times (§ 637a.15(d), § 637a.16(d)).
    boxes: clock::BoxClock,
    /// The boxes are counted at the closed table, which the terminal asks for (`[jackpots]
    /// box_counts_at`); false: at the cage.
    box_counts_at_table: bool,
    /// Rows the database refused, waiting in order (see `held.rs`).
    held: held::Held,
    /// Free space on the database's disk (`[store] min_free_mb`).
    disk: held::DiskWatch,
    /// Table rows between snapshots (`[store] snapshot_every_rows`; 0: none).
    snapshot_every: u64,
    /// Table rows written since the newest snapshot, and the last table row's serial.
    since_snapshot: u64,
    last_table_serial: i64,
    /// The wall clock and the monotonic clock at the last comparison (`significant`).
    clock_base: Option<(chrono::DateTime<chrono::Utc>, std::time::Instant)>,
    /// Each device's identity as last journaled (`significant`), read once at the start.
    identities: significant::Identities,
    /// The start's walk of the chain, until it says intact (see [`Terminal::open_checking`]).
    chain: Option<crate::store::ChainCheck>,
    /// The call to the floor open now (`floor_call.rs`).
    floor_call: Option<floor_call::FloorCall>,
    /// Hears the floor board's acknowledgements, when the central copy is on.
    floor_acks: Option<crate::store::floor_acks::AckListener>,
    /// A command whose record is being written while the screen draws on (`committing.rs`).
    committing: Option<committing::Committing>,
    /// The devices' reports taken from their links and not yet carried out: they wait, in
    /// order, behind a command whose record is being written.
    device_news: std::collections::VecDeque<DeviceNews>,
    /// The screen's repaint, for a record written after the frame that asked for it.
    waker: Option<committing::Waker>,
}

/// A device's report, as its link gave it.
enum DeviceNews {
    Shuffler(ShufflerEvent),
    Progressive(ProgressiveEvent),
}

/// Where the start's walk of the hash chain stands.
#[derive(Debug)]
pub enum JournalCheck {
    /// Still walking this many rows: the screen says so and takes nothing.
    Checking {
        rows: i64,
    },
    Intact,
    /// The chain does not hold, or could not be read: nothing is written; the terminal stops.
    Stopped(StoreError),
}

/// Journals up to this many rows are walked before the first frame (about 15 ms on the
/// project's machine); a longer one is walked while the screen says so.
pub const WALK_BEFORE_FIRST_FRAME: i64 = 20_000;

/// The device links stop first (each joins its thread, whose last report is then written),
/// and only then the store, whose writer checkpoints the journal as it closes.
impl Drop for Terminal {
    fn drop(&mut self) {
        // A command's record still being written: its devices are told before they stop.
        self.finish_committing();
        self.collect_written(std::time::Duration::MAX);
        self.finish_retry();
        self.shuffler.take();
        self.progressive.take();
    }
}

/// Rebuilds the table from the journal's table rows. A row that cannot be applied (an altered
/// file, or rules that now give another outcome) stops the start with its serial and the
/// reason; nothing is written. A panic in the rules on a row is reported the same way.
pub fn rebuild(rows: &[(i64, Event)]) -> Result<Table, StoreError> {
    rebuild_onto(Table::default(), rows)
}

/// [`rebuild`] from a table already built (a snapshot) with the rows after it.
pub fn rebuild_onto(mut table: Table, rows: &[(i64, Event)]) -> Result<Table, StoreError> {
    for (serial, e) in rows {
        let applied = std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| table.apply(e)))
            .unwrap_or_else(|_| Err("the rules could not read it".into()));
        applied.map_err(|problem| crate::rules::table::ReplayError {
            serial: *serial,
            kind: e.kind().to_string(),
            problem: problem.to_string(),
        })?;
    }
    Ok(table)
}

/// How many of the newest journal rows the terminal keeps for the screen.
pub const RECENT_ROWS: usize = 20;

impl Terminal {
    /// Opens the terminal on a store, rebuilding the table from the journal.
    pub fn open(
        store: Store,
        shuffler: Option<Box<dyn ShufflerDriver>>,
    ) -> Result<Terminal, StoreError> {
        let check = store.check_chain(Box::new(|| {}));
        // Nothing is rebuilt from, or written onto, a journal that was changed after it was
        // written: the whole chain is walked first.
        check.wait_intact()?;
        Self::open_checking(store, shuffler, check)
    }

    /// Opens the terminal while `check` (from [`Store::check_chain`], started before any
    /// device could write) walks the chain. A journal of up to [`WALK_BEFORE_FIRST_FRAME`]
    /// rows is waited for here; on a longer one the table is rebuilt beside the walk and the
    /// screen shows [`JournalCheck::Checking`], taking no command, until the verdict. Every
    /// write waits behind the walk in the writer and is refused if the chain does not hold.
    /// A rebuild that fails waits for the verdict, so a changed row is reported as a broken
    /// chain, not as a row that does not apply.
    pub fn open_checking(
        store: Store,
        shuffler: Option<Box<dyn ShufflerDriver>>,
        check: crate::store::ChainCheck,
    ) -> Result<Terminal, StoreError> {
        if check.rows() <= WALK_BEFORE_FIRST_FRAME {
            check.wait_intact()?;
        }
        // From the newest snapshot and the rows after it (all rows when there is none).
        let rebuilt = (|| {
            let (base, through) = match store.newest_snapshot()? {
                Some((_, s)) => (s.table, s.through),
                None => (Table::default(), 0),
            };
            let tail = store.table_events_after(through)?;
            let last_table_serial = tail.last().map_or(through, |(s, _)| *s);
            let since_snapshot = tail.len() as u64;
            Ok((
                rebuild_onto(base, &tail)?,
                last_table_serial,
                since_snapshot,
            ))
        })();
        let (table, last_table_serial, since_snapshot) = match rebuilt {
            Ok(r) => r,
            Err(e) => {
                check.wait_intact()?;
                return Err(e);
            }
        };
        let mut t = Terminal {
            store,
            table,
            shuffler,
            shuffler_link: LinkState::Connecting,
            progressive: None,
            progressive_view: ProgressiveView::default(),
            hits: MeterHits::default(),
            pin_policy: Default::default(),
            pin_wait: None,
            pin_check: None,
            pin_answer: None,
            contributions_read: None,
            admin_adding: None,
            cards_read: None,
            shuffler_can: Default::default(),
            dispensed: Default::default(),
            drawn: Default::default(),
            device_notice: None,
            device_notice_round: None,
            pace: Default::default(),
            backups: None,
            recent: Default::default(),
            devices_wrote: false,
            recent_read: None,
            decks_since: None,
            reader_inspected: None,
            gaming_day_starts: clock::DEFAULT_GAMING_DAY_START,
            boxes: Default::default(),
            box_counts_at_table: true,
            held: Default::default(),
            disk: Default::default(),
            snapshot_every: crate::store::snapshot::DEFAULT_EVERY,
            since_snapshot,
            last_table_serial,
            clock_base: None,
            identities: Default::default(),
            chain: Some(check),
            floor_call: None,
            floor_acks: None,
            committing: None,
            device_news: Default::default(),
            recent_reading: None,
            waker: None,
        };
        if let Some(row) = t.store.newest_of(&DECK_CLOCK_KINDS)? {
            t.decks_since = deck_clock(&row).flatten();
        }
        if let Some(row) = t.store.newest_of(&[clock::READER_INSPECTED])? {
            t.reader_inspected = clock::row_time(&row);
        }
        t.boxes = clock::BoxClock::load(&t.store, &t.table)?;
        t.identities = significant::Identities::load(&t.store)?;
        t.load_floor_call()?;
        t.recent = t.store.recent(RECENT_ROWS)?.into();
        t.pace = pace::PaceLog::load(&t.store)?;
        t.store.set_device_context(&t.context());
        t.record_key_once();
        t.record_people_once();
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

    /// Where the start's walk of the chain stands; once intact, always intact.
    pub fn journal_check(&mut self) -> JournalCheck {
        let Some(check) = &self.chain else {
            return JournalCheck::Intact;
        };
        if check.verdict().is_none() {
            return JournalCheck::Checking { rows: check.rows() };
        }
        match check.wait_intact() {
            Ok(()) => {
                self.chain = None;
                JournalCheck::Intact
            }
            Err(e) => JournalCheck::Stopped(e),
        }
    }

    /// Adds the demonstration people to an empty database.
    pub fn seed_demo_people(&mut self) -> Result<(), StoreError> {
        if self.store.count_people()? == 0 {
            for (p, pin) in demo_people() {
                self.store.add_person(&p, pin)?;
            }
        }
        self.record_people_once();
        Ok(())
    }

    pub fn table(&self) -> &Table {
        &self.table
    }

    pub fn store(&self) -> &Store {
        &self.store
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
        // A command whose record is still being written is done first: this one is decided
        // on the table it leaves.
        self.finish_committing();
        let events = self.decided(cmd)?;
        let (ctx, next) = self.staged(&events)?;
        let entries: Vec<Entry> = events.iter().map(Entry::table).collect();
        let written = self.store.append(&ctx, &entries);
        self.committed(events, next, written)
    }

    /// The events a command causes, or why it is refused: the terminal's own refusals (its
    /// clock, its devices, a write fault) and then the rules'.
    fn decided(&mut self, cmd: Command) -> Result<Vec<Event>, String> {
        // Nothing proceeds that cannot be recorded, and nothing is recorded ahead of what waits.
        self.refuse_while_faulted()?;
        // The clock is the terminal's, not the rules core's: decks past their time are changed
        // before another round (§ 637a.3(c), § 677a.3(c) and the others).
        if let Command::StartRound { .. } = &cmd
            && let Some(refusal) = self.deck_change_refusal(chrono::Utc::now())
        {
            return Err(refusal);
        }
        // Spanish 21's card reader is inspected at the beginning of each gaming day
        // (§ 635a.2(d)): the gaming day is the terminal's clock too.
        if let Command::StartRound { .. } = &cmd
            && let Some(refusal) = self.reader_inspection_due(chrono::Utc::now())
        {
            return Err(refusal);
        }
        // The jackpot boxes on their schedule, at the closed table (§ 637a.15(d)(1),
        // § 637a.16(d)(1)): between rounds, before the next one.
        if let Command::StartRound { .. } = &cmd
            && let Some(refusal) = self.box_count_due(chrono::Utc::now())
        {
            return Err(refusal);
        }
        // A Play above the Ante on a hand the shoe read below a pair of aces is refused at the
        // decision, not at the settlement (§ 657a.11(b)).
        if let Command::Banked(crate::rules::banked::round::BankedCommand::Decide {
            seat,
            multiple,
        }) = &cmd
            && let Some(why) = self.read_hand_refuses(*seat, *multiple)
        {
            return Err(why);
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
        // The Five Card Hand Bonus is placed on the table game system's electronic wagering
        // device, which meters it and locks it out (§ 647a.2(c)(7), § 647a.2(d), § 647a.7(d)(4)).
        if let Command::Banked(crate::rules::banked::round::BankedCommand::Wagers { seat, wagers }) =
            &cmd
            && ["fchb_player", "fchb_dealer"]
                .iter()
                .any(|k| wagers.get(*k).is_some_and(|v| *v > 0))
            && let Some(why) = self.system_refusal()
        {
            return Err(format!("seat {seat}: {why}"));
        }
        // The settlement pays from the meters the controller reports now: a device reading the
        // terminal adds to the dealer's keyed cards.
        let mut cmd = cmd;
        if let Command::Banked(crate::rules::banked::round::BankedCommand::Cards {
            meters,
            own,
            ..
        }) = &mut cmd
        {
            *meters = self
                .progressive_view
                .meters
                .iter()
                .map(|(id, c)| (id.to_string(), *c))
                .collect();
            // The table game system's draw (§ 647a.1), in the fields of a game that takes one.
            if let Some(b) = self.table.round.as_ref().and_then(|r| r.banked.as_ref()) {
                own.system_drew(b.game, self.progressive_view.drawn);
            }
        }
        self.fill_readings(&mut cmd);
        self.fill_deal_reading(&mut cmd);
        self.table.decide(&cmd).map_err(|e| e.to_string())
    }

    /// The context the events' rows are written with, and the table they make.
    fn staged(&self, events: &[Event]) -> Result<(RowContext, Table), String> {
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
        Ok((ctx, next))
    }

    /// Once the events' rows are written (or refused): the table they make is the terminal's,
    /// and the devices are told. Refused: the screen shows the fault; nothing changed.
    fn committed(
        &mut self,
        events: Vec<Event>,
        next: Table,
        written: Result<Vec<JournalRow>, StoreError>,
    ) -> Result<Vec<Event>, String> {
        let rows = match written {
            Ok(rows) => rows,
            Err(e) => {
                let why = held::why_not_written(&e);
                // The command is refused; the screen shows the fault until writing works.
                self.fault(&e);
                return Err(format!(
                    "The record could not be saved ({why}), so nothing changed: tap it again."
                ));
            }
        };
        if let Some(last) = rows.last() {
            self.last_table_serial = last.serial;
            self.since_snapshot += rows.len() as u64;
        }
        self.remember(rows);
        self.table = next;
        self.snapshot_if_due();
        self.store.set_device_context(&self.context());
        for e in &events {
            if let Event::ShuffleRequested { deck, .. } = e
                && let Some(s) = self.shuffler.as_mut()
            {
                s.request_shuffle(*deck as u8);
            }
            self.tell_progressive(e);
        }
        self.ask_for_stacks(&events);
        // A device's notice about a round goes with it.
        if let Some(n) = self.device_notice_round
            && self.table.round.as_ref().map(|r| r.number) != Some(n)
        {
            self.device_notice = None;
            self.device_notice_round = None;
        }
        Ok(events)
    }

    /// How many table rows between snapshots (0: none). Due at once if the start replayed
    /// that many rows.
    pub fn set_snapshot_every(&mut self, rows: u64) {
        self.snapshot_every = rows;
        self.snapshot_if_due();
    }

    /// Writes a snapshot of the table once `snapshot_every` table rows followed the last, at
    /// the first moment between rounds (a round's hand machine and its undo history are
    /// rebuilt from its rows, never stored whole: a snapshot holds only what the table keeps
    /// between rounds).
    fn snapshot_if_due(&mut self) {
        if self.snapshot_every == 0
            || self.since_snapshot < self.snapshot_every
            || self.table.round.is_some()
            || !self.table.history.is_empty()
        {
            return;
        }
        let snapshot = crate::store::snapshot::Snapshot::new(self.last_table_serial, &self.table);
        match serde_json::to_value(&snapshot) {
            Ok(payload) => {
                self.record_system("table_snapshot", payload);
                self.since_snapshot = 0;
            }
            Err(e) => tracing::warn!("table snapshot not written: {e}"),
        }
    }

    /// Appends a row that does not change the table (device link, refused reports).
    pub fn record_system(&mut self, kind: &str, payload: serde_json::Value) {
        let ctx = self.context();
        self.write_rows(ctx, vec![Entry::system(kind, payload)]);
    }

    fn remember(&mut self, rows: Vec<JournalRow>) {
        for r in rows {
            if let Some(since) = deck_clock(&r) {
                self.decks_since = since;
            }
            if r.kind == clock::READER_INSPECTED {
                self.reader_inspected = clock::row_time(&r);
            }
            self.boxes.remember(&r);
            self.pace.remember(&r);
            self.recent.push_front(r);
        }
        self.recent.truncate(RECENT_ROWS);
    }

    /// The newest journal rows, newest first (at most [`RECENT_ROWS`]); no database query.
    pub fn recent_log(&self) -> impl Iterator<Item = &JournalRow> {
        self.recent.iter()
    }
}
