//! The dealer screen. It reads the terminal's state and the current step, draws one obvious
//! next action, collects what the dealer taps as commands, and applies them after drawing
//! (the pattern of egui's demo app). Background threads wake it with `request_repaint`.

mod banked;
mod cards;
mod command;
mod correction;
mod dispatch;
mod floor;
pub mod floor_app;
pub mod floor_board;
mod forced;
mod guard;
mod high_hand;
mod irregularity;
mod keypad;
pub mod kiosk;
mod overlays;
mod panels;
mod poker;
mod print_preview;
mod records;
mod results;
mod review;
mod review_words;
mod signature;
mod signed;
mod spanish21;
mod start;
mod station;
mod steps;
mod table_map;
pub mod theme;
mod untracked;
mod widgets;

use command::UiCmd;

/// A record's kind as the journal's list and the review word it ("results tapped").
pub use review_words::kind_words as journal_words;
/// A rake preset's button label (the screen's, for the tests that tap it).
pub use untracked::preset_label as rake_preset_label;

use signature::Signature;
pub use station::{Station, scale_to_screen};
use widgets::*;

use crate::devices::progressive::ControllerState;
use crate::devices::shuffler::LinkState;
use crate::devices::sim::SharedScript;
use crate::devices::sim_controls::DemoControls;
use crate::rules::betting_actions::{Action, ActionKind};
use crate::rules::cards::{Card, CardSet, Rank, Suit};
use crate::rules::money;
use crate::rules::table::{
    Command, Confirm, DeckId, DeckStatus, RemovalReason, Role, Step, TableSetup,
};
use crate::terminal::Terminal;
use egui::{Button, Color32, RichText, Ui};
use std::collections::BTreeSet;

/// Whole dollars keyed per (seat, wager spot) of a house-banked round.
type KeyedWagers = std::collections::BTreeMap<(u8, &'static str), String>;

/// Table-wide actions confirmed with a second tap.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum TableAction {
    ChangeDecks,
    CloseTable,
}

/// A floorperson's signature being entered on the keypad.
#[derive(Clone, Debug, Default)]
struct VerifyPad {
    /// A supervisor signing in to the review, not a table verification.
    review: bool,
    /// A floorperson signing for a player's stakes as he steps away (false) or is back (true)
    /// (§ 637a.8(b)(6)), not the table's verification step.
    stakes: Option<(u8, bool)>,
    /// A floorperson directing the cards shuffled again (§ 637a.5(a)).
    reshuffle: bool,
    /// A floorperson signing Spanish 21's card reader inspected (§ 635a.2(d)).
    reader: bool,
    purpose: String,
    sign: Signature,
    error: Option<String>,
}

/// A line in the message band: the last tap's problem, or what it recorded. It stays on the
/// screen it first shows on and goes when the screen changes.
#[derive(Debug, Clone)]
struct Notice {
    text: String,
    /// Something done (drawn as such), not a problem.
    done: bool,
    /// The screen it first showed on.
    shown_on: Option<u64>,
    /// What was keyed when it first showed: a problem goes once the dealer keys something else.
    keyed: Option<u64>,
}

impl Notice {
    /// A problem as the dealer reads it: a sentence, however the rules worded its start
    /// ("seat 4 already acted…" reads "Seat 4 already acted…").
    fn problem(text: impl Into<String>) -> Notice {
        Notice {
            text: widgets::capital(&text.into()),
            done: false,
            shown_on: None,
            keyed: None,
        }
    }

    fn done(text: impl Into<String>) -> Notice {
        Notice {
            text: text.into(),
            done: true,
            shown_on: None,
            keyed: None,
        }
    }
}

#[derive(Debug, Default)]
struct View {
    message: Option<Notice>,
    /// The table number being typed at opening; `None` until the screen is first shown.
    table_no: Option<String>,
    /// The open-table screen shows the keypad for the table number.
    keying_table_no: bool,
    /// The game picked on the open-table screen; `None`: the configured game.
    game: Option<crate::rules::game_id::GameId>,
    signin_name: Option<String>,
    /// The dealer's credential number and PIN at sign-in.
    signin: Signature,
    seats: BTreeSet<u8>,
    verify: Option<VerifyPad>,
    /// Cards being entered for a poker-room game's step.
    poker: poker::PokerEntry,
    /// Wagers and cards being keyed for a house-banked round.
    banked: banked::BankedEntry,
    /// Whether a seat's result needs its cards keyed, worked out once per round and result
    /// (each answer settles the hand alone): not again on every frame.
    results_memo: results::NeedsMemo,
    /// A table-wide action waiting for the dealer's second tap.
    confirm: Option<TableAction>,
    /// The demo simulator's box is up.
    demo: bool,
    /// The call-the-floor box: the reasons, or ending the dealer's call.
    floor: bool,
    /// The dealer's hand count being keyed (§ 637a.7(e)(4)(i)).
    deck_count: String,
    /// The first start's administrator form.
    admin: AdminForm,
    /// The wagers the last house-banked round closed with ("No more bets"), by seat and spot,
    /// its game and its number: "Same bets" keys them again for the seats dealt in, at the same
    /// game only.
    last_wagers: Option<(crate::rules::game_id::GameId, u32, KeyedWagers)>,
    /// The lock screen's entry.
    unlock: Signature,
    /// The locked screen was tapped once: its keypad shows. The tap that finds the screen
    /// locked only wakes it, so a tap meant for the table keys nothing into the lock.
    unlock_woken: bool,
    /// No-limit, pot-limit, between rounds: a seat's table stakes being keyed.
    stake: Option<StakeEntry>,
    /// What becomes of a removed deck, picked before the floorperson signs (§ 637a.3(c)).
    disposition: Option<String>,
    /// The round whose seat picks were last checked against the table stakes.
    seats_checked_for: Option<u32>,
}

/// A player's table stakes keyed between rounds (§ 637a.8(b)(1),(2)): the seat tapped on the
/// map, the amount in whole dollars.
#[derive(Debug, Default)]
struct StakeEntry {
    seat: Option<u8>,
    amount: String,
}

#[derive(Default)]
struct AdminForm {
    name: String,
    credential: String,
    pin: String,
    pin_again: String,
    /// 0 name, 1 credential, 2 PIN, 3 PIN again.
    field: u8,
}

/// PINs never reach a log through `Debug`.
impl std::fmt::Debug for AdminForm {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("AdminForm { .. }")
    }
}

pub struct DeckhandApp {
    term: Terminal,
    /// The dealers the sign-in screen offers: read before the first frame, then apart by the
    /// app's logic (after a tap, and every 5 s for a person added by `deckhand people`), never
    /// while the screen draws (`dispatch.rs`, `read_dealers`).
    dealers: Option<(std::time::Instant, Vec<crate::rules::table::Person>)>,
    /// The dealers being read apart, and whether a tap may have changed them since the last
    /// read (the list shown stays until the new one comes).
    dealers_reading: Option<crate::store::apart::Apart<Vec<crate::rules::table::Person>>>,
    dealers_stale: bool,
    /// A command carrying a signature, waiting for its PIN's check apart (`dispatch.rs`).
    signed: Option<UiCmd>,
    /// The dealer's commands being run, while one's record is being written (`dispatch.rs`).
    running: Option<dispatch::Running>,
    /// Taps were held while a device's report was on its way: they go after it.
    taps_after_report: bool,
    setup: TableSetup,
    /// Every game this terminal may open, with its setup (`[table] games`); `setup` first.
    games: Vec<TableSetup>,
    view: View,
    sim: Option<DemoControls>,
    themed: bool,
    /// Idle time between rounds before the screen locks.
    lock_after: Option<std::time::Duration>,
    /// `[display] scale_to_screen`: the window scales the design to its monitor.
    scale_to_screen: bool,
    /// Minutes before the decks' change is due that the screen starts reminding the dealer
    /// (`[table] deck_reminder_minutes`).
    deck_reminder_minutes: i64,
    last_touch: std::time::Instant,
    /// Ignores the taps that would land on a screen that just appeared.
    guard: guard::TapGuard,
    locked: bool,
    /// Nobody is in the database yet: the first start creates the administrator.
    needs_admin: bool,
    /// The supervisor review, while open.
    review: Option<review::ReviewState>,
    /// The High Hand Tracking Slip form, while open.
    high_hand: Option<high_hand::HighHandForm>,
    high_hand_config: crate::config::HighHandConfig,
    /// The irregularity catalogue, while open.
    irregularity: Option<irregularity::IrregularityForm>,
    /// The correction of the round in play, while open.
    correction: Option<correction::CorrectionForm>,
    /// The box count or time charge form, while open.
    record_form: Option<records::RecordForm>,
    time_charge_config: crate::config::TimeChargeConfig,
    /// The central sender's status, when the journal is pushed to PostgreSQL.
    central: Option<std::sync::Arc<std::sync::Mutex<crate::store::central::SyncStatus>>>,
    /// The central database the supervisor review may search ("All tables").
    central_review: Option<crate::store::central::CentralConfig>,
    /// A document on screen before it prints.
    preview: Option<print_preview::PrintPreview>,
    /// What was tapped while the screen drew, carried out by the app's logic before the next
    /// frame is drawn (a screen only reads and returns commands).
    tapped: Vec<UiCmd>,
    /// Where documents print (`[printer]`).
    printer: crate::print::printer::PrinterConfig,
}

impl DeckhandApp {
    /// `setup` is the table the configuration declares; `sim` the simulator's script when the
    /// shuffler is simulated (its demo controls are then shown).
    pub fn new(term: Terminal, setup: TableSetup, sim: Option<SharedScript>) -> DeckhandApp {
        let mut view = View::default();
        if let Some(r) = &term.table().round {
            view.seats = r.seats.iter().copied().collect();
        }
        let needs_admin = term.store().count_people().unwrap_or(0) == 0;
        // Read once before the first frame; then apart (`read_dealers`).
        let dealers = term
            .store()
            .people_with_role(Role::Dealer)
            .unwrap_or_default();
        DeckhandApp {
            dealers: Some((std::time::Instant::now(), dealers)),
            dealers_reading: None,
            dealers_stale: false,
            signed: None,
            running: None,
            taps_after_report: false,
            term,
            games: vec![setup.clone()],
            setup,
            view,
            sim: sim.map(DemoControls::new),
            themed: false,
            lock_after: None,
            scale_to_screen: false,
            deck_reminder_minutes: i64::from(crate::config::DEFAULT_DECK_REMINDER_MINUTES),
            last_touch: std::time::Instant::now(),
            guard: Default::default(),
            locked: false,
            needs_admin,
            review: None,
            high_hand: None,
            irregularity: None,
            correction: None,
            high_hand_config: Default::default(),
            record_form: None,
            time_charge_config: Default::default(),
            central: None,
            central_review: None,
            preview: None,
            tapped: Vec::new(),
            printer: Default::default(),
        }
    }

    /// The casino's choices for the house-banked games, as the open table recorded them (the
    /// configuration's defaults before a table is open).
    fn house_rules(&self) -> crate::rules::banked::HouseRules {
        self.term
            .table()
            .setup
            .as_ref()
            .and_then(|s| s.poker.house.as_ref())
            .or(self.setup.poker.house.as_ref())
            .map(|h| h.rules.clone())
            .unwrap_or_default()
    }

    /// The games the open-table screen offers, each with its setup; the first is the default.
    pub fn with_games(mut self, setups: Vec<TableSetup>) -> DeckhandApp {
        if let Some(first) = setups.first() {
            self.setup = first.clone();
            self.games = setups;
        }
        self
    }

    /// Locks the screen after `after` without a touch between rounds (`[people]
    /// lock_after_idle_minutes`).
    pub fn with_screen_lock(mut self, after: Option<std::time::Duration>) -> DeckhandApp {
        self.lock_after = after;
        self
    }

    /// A terminal started with a dealer signed in from before (a restart, a power cut): the
    /// screen starts locked, opened by that dealer's PIN or a floorperson's, as after idling.
    pub fn locked_at_start(mut self) -> DeckhandApp {
        if self.term.table().dealer.is_some() {
            self.locked = true;
            self.term.screen_locked_at_start();
        }
        self
    }

    /// The window scales the design to a monitor larger than 1024×768 (`[display]
    /// scale_to_screen`; the real window only: a test's harness keeps its points).
    pub fn with_scale_to_screen(mut self, on: bool) -> DeckhandApp {
        self.scale_to_screen = on;
        self
    }

    pub fn scales_to_screen(&self) -> bool {
        self.scale_to_screen
    }

    /// How long before the decks' change is due the reminder shows (`[table]
    /// deck_reminder_minutes`).
    pub fn with_deck_reminder(mut self, minutes: u32) -> DeckhandApp {
        self.deck_reminder_minutes = i64::from(minutes);
        self
    }

    /// The step's section in small print, as this table's game has it (`Table::section_of`).
    fn section(&self, ui: &mut Ui, step: &Step) {
        small(ui, &self.term.table().section_of(step));
    }

    /// The High Hand Jackpot's settings (`[high_hand]`).
    pub fn with_high_hand(mut self, config: crate::config::HighHandConfig) -> DeckhandApp {
        self.high_hand_config = config;
        self
    }

    /// Time charges (`[time_charges]`).
    pub fn with_time_charges(mut self, config: crate::config::TimeChargeConfig) -> DeckhandApp {
        self.time_charge_config = config;
        self
    }

    /// Lets the supervisor review search every table's records in the central database.
    pub fn with_central_review(mut self, cfg: crate::store::central::CentralConfig) -> DeckhandApp {
        self.central_review = Some(cfg);
        self
    }

    /// Shows the central sender's status in the status bar.
    pub fn with_central(
        mut self,
        status: std::sync::Arc<std::sync::Mutex<crate::store::central::SyncStatus>>,
    ) -> DeckhandApp {
        self.central = Some(status);
        self
    }

    /// The screen changed a moment ago and ignores taps until it settles (the tap guard).
    pub fn settling(&self) -> bool {
        self.guard.covered() || self.waiting_apart()
    }

    /// A command carrying a signature waits for its PIN's check apart.
    pub fn checking_pin(&self) -> bool {
        self.signed.is_some()
    }

    /// Something apart is awaited: a signature's PIN check, the sign-in screen's dealers, or a
    /// dealer's command's record.
    pub fn waiting_apart(&self) -> bool {
        self.checking_pin() || self.dealers_reading.is_some() || self.recording()
    }

    /// A command waits for its record, which the disk is slow to take: the dealer's, or the one
    /// a device's report causes (a count, a card drawn from the shoe).
    pub fn recording(&self) -> bool {
        self.running.is_some() || self.term.disk_waited().is_some()
    }

    /// The screen takes no tap while a command waits: a signature for its PIN's check, a
    /// command for its record.
    fn held(&self) -> bool {
        self.signed.is_some() || self.recording() || self.term.creating_administrator()
    }

    pub fn is_locked(&self) -> bool {
        self.locked
    }

    pub fn terminal(&self) -> &Terminal {
        &self.term
    }

    pub fn terminal_mut(&mut self) -> &mut Terminal {
        &mut self.term
    }

    /// The built-in simulated shuffler's script, when the shuffler is simulated (the demo's
    /// controls and the tests drive it).
    pub fn sim_script(&self) -> Option<SharedScript> {
        self.sim.as_ref().map(DemoControls::script)
    }

    /// Why the terminal must stop, once the start's walk of the chain says so.
    pub fn stopped(&mut self) -> Option<String> {
        match self.term.journal_check() {
            crate::terminal::JournalCheck::Stopped(e) => Some(crate::app::why_stopped(&e.into())),
            _ => None,
        }
    }

    pub fn logic(&mut self, ctx: &egui::Context) {
        if !self.themed {
            theme::apply(ctx);
            self.themed = true;
        }
        // Nothing from the screen or the devices is taken until the chain holds.
        if !matches!(
            self.term.journal_check(),
            crate::terminal::JournalCheck::Intact
        ) {
            return;
        }
        // A device's report whose record the disk is slow to take wakes the screen when it is
        // written.
        if !self.term.has_waker() {
            let wake = ctx.clone();
            self.term
                .set_waker(std::sync::Arc::new(move || wake.request_repaint()));
        }
        // What was tapped in the last frame, first: the devices' news is taken after it. Taps
        // held while a device's report was on its way go after that report.
        if std::mem::take(&mut self.taps_after_report) && self.running.is_none() {
            self.term.poll_devices();
        }
        self.apply_tapped(ctx);
        self.admin_created();
        // A record or a PIN check kept waiting is said on the screen once it is due (the
        // writer and the check wake the screen only once they answer).
        overlays::wake_for_notices(ctx, self.term.disk_waited(), self.term.pin_check_waited());
        if self.running.is_none() {
            self.term.poll_devices();
        }
        if self.recording() {
            // Nothing else is taken until the command is recorded (the writer wakes the
            // screen); the screen says so if the disk keeps it waiting.
            return;
        }
        self.poll_print_answer();
        // A step that waits for the floor calls it; the call ends with the step.
        self.term.sync_floor_call();
        if self.term.floor_call().is_some() {
            ctx.request_repaint_after(std::time::Duration::from_secs(1));
        }
        self.read_dealers(ctx);
        // A wall clock set forward or back under the running terminal is journaled.
        self.term
            .check_clock(chrono::Utc::now(), std::time::Instant::now());
        self.feed_simulator();
        if ctx.input(|i| i.pointer.any_pressed() || i.pointer.any_down()) {
            self.last_touch = std::time::Instant::now();
        }
        if let Some(after) = self.lock_after {
            let t = self.term.table();
            // Between rounds only, and only with a dealer at the table.
            let idle_table = t.round.is_none() && t.dealer.is_some() && self.view.verify.is_none();
            if !self.locked && idle_table && self.last_touch.elapsed() >= after {
                self.locked = true;
                // Nothing of the table comes back over the screen after the unlock.
                self.view.demo = false;
                self.view.confirm = None;
                self.view.unlock = Signature::default();
                self.view.unlock_woken = false;
                self.term.screen_locked(after.as_secs());
            }
            // Woken when the lock is due, and only while it can come: during a round, with
            // no dealer or with a signature pad up, the time may pass and nothing locks, and a
            // wake-up "after no time" would draw frame after frame with nothing changed. What
            // ends those (a tap, a device's report) draws a frame, which schedules it again.
            if !self.locked && idle_table {
                ctx.request_repaint_after(after.saturating_sub(self.last_touch.elapsed()));
            }
        }
        // Device rows not yet in the recent list: look again once it may be read back.
        if self.term.recent_behind() {
            ctx.request_repaint_after(std::time::Duration::from_millis(260));
        }
        // While records wait for the disk, the screen tries them again every few seconds, and
        // its count of the seconds goes on.
        if self.term.write_fault().is_some() {
            ctx.request_repaint_after(std::time::Duration::from_secs(1));
        }
        // While the shuffler works, look again soon even without input; device threads also
        // wake the UI themselves.
        if matches!(self.term.table().step(), Step::AwaitShuffle { .. }) {
            ctx.request_repaint_after(std::time::Duration::from_millis(250));
        }
    }

    /// Draws the whole screen and applies what was tapped.
    pub fn show(&mut self, ui: &mut Ui) {
        match self.term.journal_check() {
            crate::terminal::JournalCheck::Intact => {}
            crate::terminal::JournalCheck::Checking { rows } => {
                return station::checking_screen(ui, rows);
            }
            crate::terminal::JournalCheck::Stopped(e) => {
                return station::stopped_screen(ui, &crate::app::why_stopped(&e.into()));
            }
        }
        let key = self.screen_key();
        self.guard.frame(ui.ctx(), key);
        // Records that cannot be saved stop everything: one screen over the whole terminal
        // until the database takes them (tried again every few seconds, or on "Try again").
        if let Some(fault) = self.term.write_fault().cloned() {
            if overlays::write_fault_screen(ui, &fault) {
                self.tapped.push(UiCmd::RetryWrites);
                ui.ctx().request_repaint();
            }
            // The guard's cover as over any screen (it settles; no signature waits here).
            self.guard.cover(ui.ctx(), self.held());
            return;
        }
        // A notice belongs to the screen it first shows on (not the fault's, which shows none:
        // the step a fault refused says so once the fault has gone); a problem also goes once
        // the dealer keys something else (the amount or card it was about, corrected).
        let keyed = self.keyed_key();
        if let Some(n) = &mut self.view.message {
            match (n.shown_on, n.keyed) {
                (None, _) => {
                    n.shown_on = Some(key);
                    n.keyed = Some(keyed);
                }
                (Some(k), _) if k != key => self.view.message = None,
                (_, Some(e)) if e != keyed && !n.done => self.view.message = None,
                _ => {}
            }
        }
        let mut cmds = Vec::new();
        ui.push_id(self.guard.generation(), |ui| self.draw(ui, &mut cmds));
        self.guard.cover(ui.ctx(), self.held());
        overlays::what_waits(
            ui.ctx(),
            self.term.disk_waited(),
            self.term.pin_check_waited(),
        );
        // Nothing acts while drawing: what was tapped is carried out by the logic of the next
        // frame, asked for now.
        if !cmds.is_empty() {
            self.tapped.extend(cmds);
            ui.ctx().request_repaint();
        }
    }

    /// What identifies the screen: the step with its seat and amounts, the overlay or form
    /// open, the confirmation asked. A change of any of them is a new screen for the tap guard.
    fn screen_key(&self) -> u64 {
        let t = self.term.table();
        // A Spanish 21 step takes several cards (the hole card turned up, the dealer's draws):
        // each card is a new screen, so a second tap never lands on what a card put there. So
        // is each seat conceding at the showdown ("Seat 3 concedes" follows "Seat 2 concedes").
        let dealer_cards = t
            .round
            .as_ref()
            .and_then(|r| r.banked.as_ref())
            .filter(|b| b.spanish21().is_some())
            .map(|b| b.dealer.len());
        guard::key_of(&(
            (
                format!("{:?}", t.step()),
                dealer_cards,
                self.view.poker.conceded_count(),
                self.view.poker.keying(),
            ),
            (t.setup.is_some(), t.dealer.is_some()),
            (
                self.needs_admin,
                self.locked,
                // The fault's screen going is a new screen: "Try again" never lands beneath.
                self.term.write_fault().is_some(),
                self.preview
                    .as_ref()
                    .map(|p| (format!("{:?}", p.request), p.sending.is_some())),
            ),
            self.review.as_ref().map(|r| {
                let selected = r.selected.as_ref().map(|s| s.serial);
                let replay = r.replay.as_ref().map(|p| p.at);
                (r.pad, selected, replay, r.charts.is_some())
            }),
            self.high_hand
                .as_ref()
                .map(|f| (f.field, f.sign.screen_key())),
            self.record_form
                .as_ref()
                .map(|f| (f.field, f.sign.screen_key())),
            self.irregularity
                .as_ref()
                .map(|f| (f.chosen.clone(), f.sign.screen_key())),
            self.correction
                .as_ref()
                .map(|f| (f.steps, f.sign.screen_key())),
            self.view.verify.as_ref().map(|v| v.sign.screen_key()),
            (
                format!("{:?}", self.view.confirm),
                self.view.demo,
                self.view.floor,
                // Results by category: the seat the taps are for. The tap that completes a seat's
                // result hands them on to the next, whose buttons stand in the same places.
                self.view.banked.tapped.seat,
            ),
            (
                self.view.keying_table_no,
                self.view.signin_name.is_some(),
                self.view.signin.screen_key(),
            ),
            (self.view.admin.field, self.view.unlock.screen_key()),
        ))
    }

    /// What the dealer has keyed on the screen, as a hash: amounts, cards, counts, numbers.
    fn keyed_key(&self) -> u64 {
        let v = &self.view;
        guard::key_of(&(
            format!("{:?}", v.banked.amounts),
            format!(
                "{:?}{:?}{:?}",
                v.banked.cards, v.banked.dealer, v.banked.community
            ),
            format!("{:?}", v.poker),
            (
                &v.deck_count,
                &v.signin.credential,
                v.signin.pin.len(),
                &v.table_no,
            ),
        ))
    }

    fn draw(&mut self, ui: &mut Ui, cmds: &mut Vec<UiCmd>) {
        if self.needs_admin {
            self.first_start(ui, cmds);
        } else if self.locked {
            self.lock_screen(ui, cmds);
        } else if self.preview.is_some() {
            self.preview_screen(ui, cmds);
        } else if self.review.is_some() {
            if self.view.verify.is_none() {
                self.review_screen(ui, cmds);
            }
        } else if self.high_hand.is_some() {
            self.high_hand_screen(ui, cmds);
        } else if self.record_form.is_some() {
            self.record_screen(ui, cmds);
        } else if self.irregularity.is_some() {
            self.irregularity_screen(ui, cmds);
        } else if self.correction.is_some() {
            self.correction_screen(ui, cmds);
        } else {
            self.table_screen(ui, cmds);
        }
    }

    /// The table: status bar, side panel with the always-present actions, the step card.
    fn table_screen(&mut self, ui: &mut Ui, cmds: &mut Vec<UiCmd>) {
        egui::Panel::top("status")
            .frame(
                egui::Frame::new()
                    .fill(theme::PANEL)
                    .inner_margin(egui::Margin::symmetric(16, 10)),
            )
            .show(ui, |ui| self.status_bar(ui, cmds));

        let narrow = ui.ctx().content_rect().width() < theme::WIDE;
        egui::Panel::right("table")
            .exact_size(theme::side_width(ui.ctx().content_rect().width()))
            .resizable(false)
            .frame(
                egui::Frame::new()
                    .fill(theme::FELT_DARK)
                    .inner_margin(egui::Margin::same(14)),
            )
            .show(ui, |ui| {
                // The side panel, top to bottom: the devices, the message band (its height reserved, so a
                // message never moves a button nor covers the step), the game's actions, what
                // the table holds; at its foot, in the same place in every game, the
                // table-wide actions.
                let t = self.term.table();
                let open = t.setup.is_some() && t.dealer.is_some();
                let full = ui.available_rect_before_wrap();
                // The foot from the dealer's sign-in on (a dealer signed in by mistake signs
                // out before opening); the demo simulator's button sits in it too, never in a
                // bar of its own that would take the step's height.
                let foot = if open || t.dealer.is_some() || self.sim.is_some() {
                    theme::FOOT
                } else {
                    0.0
                };
                let (top, bottom) = full.split_top_bottom_at_y(full.max.y - foot);
                ui.scope_builder(egui::UiBuilder::new().max_rect(top), |ui| {
                    ui.set_clip_rect(top.intersect(ui.clip_rect()));
                    self.device_status(ui);
                    self.message_band(ui);
                    if open {
                        self.action_bar(ui, cmds);
                        ui.separator();
                    }
                    // What the table holds: the map and the total fixed, the detail below
                    // them scrolling when it outgrows the panel; the actions above never move.
                    self.side_panel(ui);
                });
                if foot > 0.0 {
                    ui.scope_builder(egui::UiBuilder::new().max_rect(bottom), |ui| {
                        ui.separator();
                        self.table_actions(ui, open, cmds)
                    });
                }
            });
        egui::CentralPanel::default()
            .frame(
                egui::Frame::new()
                    .fill(theme::FELT)
                    .inner_margin(egui::Margin::same(if narrow { 12 } else { 24 })),
            )
            .show(ui, |ui| {
                crate::ui::theme::scroll_vertical()
                    .auto_shrink([false, false])
                    .show(ui, |ui| self.step_card(ui, cmds));
            });
        if self.view.verify.is_some() {
            self.verify_overlay(ui.ctx(), cmds);
        }
        if let Some(a) = self.view.confirm {
            self.confirm_overlay(ui.ctx(), a, cmds);
        }
        if self.view.demo {
            self.demo_overlay(ui.ctx(), cmds);
        }
        if self.view.floor {
            self.floor_overlay(ui.ctx(), cmds);
        }
    }
}

impl DeckhandApp {
    /// The window closes: the clean stop is journaled.
    pub fn stop(&mut self) {
        self.term.record_stop();
    }
}

impl eframe::App for DeckhandApp {
    fn logic(&mut self, ctx: &egui::Context, _frame: &mut eframe::Frame) {
        DeckhandApp::logic(self, ctx);
    }

    fn ui(&mut self, ui: &mut Ui, _frame: &mut eframe::Frame) {
        self.show(ui);
    }
}
