//! The dealer screen. It reads the terminal's state and the current step, draws one obvious
//! next action, collects what the dealer taps as commands, and applies them after drawing
//! (the pattern of egui's demo app). Background threads wake it with `request_repaint`.

mod banked;
mod cards;
mod high_hand;
mod irregularity;
mod keypad;
mod poker;
mod records;
mod review;
mod spanish21;
mod station;
pub mod theme;

pub use station::Station;

use crate::devices::progressive::ControllerState;
use crate::devices::shuffler::LinkState;
use crate::devices::sim::SharedScript;
use crate::rules::betting::{Action, ActionKind};
use crate::rules::cards::{Card, CardSet, Rank, Suit};
use crate::rules::money;
use crate::rules::table::{
    Command, Confirm, DeckId, DeckStatus, RemovalReason, Role, Step, TableSetup,
};
use crate::terminal::Terminal;
use egui::{Button, Color32, RichText, Ui};
use std::collections::BTreeSet;

/// What the dealer tapped, applied after the frame is drawn.
#[derive(Debug, Clone)]
enum UiCmd {
    Rules(Command),
    SignIn,
    OpenVerify(String),
    OpenReview,
    OpenHighHand,
    OpenIrregularity,
    Ask(TableAction),
    Confirmed(TableAction),
    CancelAsk,
    OpenRecord(records::RecordKind),
    SubmitVerify,
    CancelVerify,
    /// Commands applied in order, stopping at the first refusal (a house-banked round's
    /// wagers, then "no more bets").
    Sequence(Vec<Command>),
    SimNextCount(u8),
    SimJam,
}

/// Table-wide actions confirmed with a second tap.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum TableAction {
    ChangeDecks,
    CloseTable,
}

/// A floorperson's signature being entered on the keypad.
#[derive(Clone, Default)]
struct VerifyPad {
    /// A supervisor signing in to the review, not a table verification.
    review: bool,
    purpose: String,
    credential: String,
    pin: String,
    pin_focused: bool,
    error: Option<String>,
}

#[derive(Debug, Default)]
struct View {
    message: Option<String>,
    /// The table number being typed at opening; `None` until the screen is first shown.
    table_no: Option<String>,
    /// The open-table screen shows the keypad for the table number.
    keying_table_no: bool,
    /// The game picked on the open-table screen; `None`: the configured game.
    game: Option<crate::rules::games::GameId>,
    signin_name: Option<String>,
    signin_credential: String,
    seats: BTreeSet<u8>,
    verify: Option<VerifyPad>,
    /// Cards being entered for a poker-room game's step.
    poker: poker::PokerEntry,
    /// Wagers and cards being keyed for a house-banked round.
    banked: banked::BankedEntry,
    /// A table-wide action waiting for the dealer's second tap.
    confirm: Option<TableAction>,
    /// The dealer's hand count being keyed (§ 637a.7(e)(4)(i)).
    deck_count: String,
    /// The first start's administrator form.
    admin: AdminForm,
    /// The lock screen's entry.
    unlock: UnlockForm,
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
impl std::fmt::Debug for VerifyPad {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("VerifyPad")
            .field("purpose", &self.purpose)
            .field("credential", &self.credential)
            .finish_non_exhaustive()
    }
}

impl std::fmt::Debug for AdminForm {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("AdminForm { .. }")
    }
}

impl std::fmt::Debug for UnlockForm {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("UnlockForm { .. }")
    }
}

#[derive(Default)]
struct UnlockForm {
    credential: String,
    pin: String,
    pin_focused: bool,
}

pub struct DeckhandApp {
    term: Terminal,
    setup: TableSetup,
    /// Every game this terminal may open, with its setup (`[table] games`); `setup` first.
    games: Vec<TableSetup>,
    view: View,
    sim: Option<SharedScript>,
    themed: bool,
    /// Idle time between rounds before the screen locks.
    lock_after: Option<std::time::Duration>,
    /// Minutes before the decks' change is due that the screen starts reminding the dealer
    /// (`[table] deck_reminder_minutes`).
    deck_reminder_minutes: i64,
    last_touch: std::time::Instant,
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
    /// The box count or time charge form, while open.
    record_form: Option<records::RecordForm>,
    time_charge_config: crate::config::TimeChargeConfig,
    /// The central sender's status, when the journal is pushed to PostgreSQL.
    central: Option<std::sync::Arc<std::sync::Mutex<crate::store::central::SyncStatus>>>,
    /// The central database the supervisor review may search ("All tables").
    central_review: Option<crate::store::central::CentralConfig>,
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
        DeckhandApp {
            term,
            games: vec![setup.clone()],
            setup,
            view,
            sim,
            themed: false,
            lock_after: None,
            deck_reminder_minutes: i64::from(crate::config::DEFAULT_DECK_REMINDER_MINUTES),
            last_touch: std::time::Instant::now(),
            locked: false,
            needs_admin,
            review: None,
            high_hand: None,
            irregularity: None,
            high_hand_config: Default::default(),
            record_form: None,
            time_charge_config: Default::default(),
            central: None,
            central_review: None,
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

    pub fn is_locked(&self) -> bool {
        self.locked
    }

    pub fn terminal(&self) -> &Terminal {
        &self.term
    }

    /// Device events in; called once per frame before drawing.
    pub fn logic(&mut self, ctx: &egui::Context) {
        if !self.themed {
            theme::apply(ctx);
            self.themed = true;
        }
        self.term.poll_devices();
        if ctx.input(|i| i.pointer.any_pressed() || i.pointer.any_down()) {
            self.last_touch = std::time::Instant::now();
        }
        if let Some(after) = self.lock_after {
            let t = self.term.table();
            // Between rounds only, and only with a dealer at the table.
            let idle_table = t.round.is_none() && t.dealer.is_some() && self.view.verify.is_none();
            if !self.locked && idle_table && self.last_touch.elapsed() >= after {
                self.locked = true;
                self.view.unlock = UnlockForm::default();
                self.term.record_system(
                    "screen_locked",
                    serde_json::json!({"idle_seconds": after.as_secs()}),
                );
            }
            if !self.locked {
                ctx.request_repaint_after(after.saturating_sub(self.last_touch.elapsed()));
            }
        }
        // While the shuffler works, look again soon even without input; device threads also
        // wake the UI themselves.
        if matches!(self.term.table().step(), Step::AwaitShuffle { .. }) {
            ctx.request_repaint_after(std::time::Duration::from_millis(250));
        }
    }

    /// Draws the whole screen and applies what was tapped.
    pub fn show(&mut self, ui: &mut Ui) {
        if self.needs_admin {
            self.first_start(ui);
            return;
        }
        if self.locked {
            self.lock_screen(ui);
            return;
        }
        if self.review.is_some() {
            if self.view.verify.is_none() {
                self.review_screen(ui);
            }
            return;
        }
        if self.high_hand.is_some() {
            self.high_hand_screen(ui);
            return;
        }
        if self.record_form.is_some() {
            self.record_screen(ui);
            return;
        }
        if self.irregularity.is_some() {
            self.irregularity_screen(ui);
            return;
        }
        let mut cmds = Vec::new();
        egui::Panel::top("status")
            .frame(
                egui::Frame::new()
                    .fill(theme::PANEL)
                    .inner_margin(egui::Margin::symmetric(16, 10)),
            )
            .show(ui, |ui| self.status_bar(ui));

        if self.sim.is_some() {
            egui::Panel::bottom("sim")
                .frame(
                    egui::Frame::new()
                        .fill(theme::FELT_DARK)
                        .inner_margin(egui::Margin::symmetric(16, 6)),
                )
                .show(ui, |ui| self.sim_bar(ui, &mut cmds));
        }
        egui::Panel::right("table")
            .exact_size(340.0)
            .frame(
                egui::Frame::new()
                    .fill(theme::FELT_DARK)
                    .inner_margin(egui::Margin::same(14)),
            )
            .show(ui, |ui| {
                // The dealer's always-available actions head the side panel: the step's own
                // area keeps the whole height of the screen.
                let t = self.term.table();
                if t.setup.is_some() && t.dealer.is_some() {
                    self.action_bar(ui, &mut cmds);
                    ui.separator();
                }
                self.side_panel(ui)
            });
        egui::CentralPanel::default()
            .frame(
                egui::Frame::new()
                    .fill(theme::FELT)
                    .inner_margin(egui::Margin::same(24)),
            )
            .show(ui, |ui| {
                egui::ScrollArea::vertical()
                    .auto_shrink([false, false])
                    .show(ui, |ui| self.step_card(ui, &mut cmds));
            });
        if self.view.verify.is_some() {
            self.verify_overlay(ui.ctx(), &mut cmds);
        }
        if let Some(a) = self.view.confirm {
            self.confirm_overlay(ui.ctx(), a, &mut cmds);
        }
        for c in cmds {
            self.apply(c);
        }
    }

    /// The first start: nobody can sign anything until an administrator exists.
    fn first_start(&mut self, ui: &mut Ui) {
        egui::CentralPanel::default()
            .frame(egui::Frame::new().fill(theme::FELT).inner_margin(egui::Margin::same(24)))
            .show(ui, |ui| {
                title(ui, "Create the administrator");
                body(
                    ui,
                    "This terminal has nobody yet. The administrator adds supervisors, who add dealers and floorpersons.",
                );
                let f = &mut self.view.admin;
                let dots = |s: &str| "•".repeat(s.len());
                ui.horizontal_wrapped(|ui| {
                    let fields = [
                        format!("Name: {}", f.name),
                        format!("Credential number: {}", f.credential),
                        format!("PIN: {}", dots(&f.pin)),
                        format!("PIN again: {}", dots(&f.pin_again)),
                    ];
                    for (i, label) in fields.iter().enumerate() {
                        let b = Button::new(RichText::new(label).size(theme::BODY))
                            .selected(f.field == i as u8)
                            .min_size(egui::vec2(240.0, theme::TARGET));
                        if ui.add(b).clicked() {
                            f.field = i as u8;
                        }
                    }
                });
                ui.add_space(theme::GAP);
                match f.field {
                    0 => {
                        keypad::letters(ui, &mut f.name, 40);
                    }
                    1 => {
                        keypad::keypad(ui, &mut f.credential, 12);
                    }
                    2 => {
                        keypad::keypad(ui, &mut f.pin, 8);
                    }
                    _ => {
                        keypad::keypad(ui, &mut f.pin_again, 8);
                    }
                }
                if primary(ui, "Create administrator") {
                    let f = &self.view.admin;
                    let result = if f.pin != f.pin_again {
                        Err("The two PINs differ".to_string())
                    } else {
                        self.term.create_first_administrator(&f.name, &f.credential, &f.pin)
                    };
                    match result {
                        Ok(p) => {
                            self.needs_admin = false;
                            self.view.admin = AdminForm::default();
                            self.view.message = Some(format!(
                                "Administrator {} created. Add people with `deckhand people add`.",
                                p.name
                            ));
                        }
                        Err(e) => self.view.message = Some(e),
                    }
                }
                if let Some(m) = &self.view.message {
                    body_colour(ui, &format!("⚠ {m}"), theme::DANGER);
                }
            });
    }

    /// The locked screen shows nothing of the table but its number.
    fn lock_screen(&mut self, ui: &mut Ui) {
        let table_no = self.term.table().setup.as_ref().map(|s| s.table_no);
        egui::CentralPanel::default()
            .frame(egui::Frame::new().fill(theme::FELT_DARK).inner_margin(egui::Margin::same(48)))
            .show(ui, |ui| {
                let name = table_no.map_or("This terminal".to_string(), |n| format!("Table {n}"));
                title(ui, &format!("{name} is locked"));
                body(
                    ui,
                    "The dealer unlocks with their credential number; a floorperson with credential number and PIN.",
                );
                let u = &mut self.view.unlock;
                ui.horizontal(|ui| {
                    let b = Button::new(RichText::new(format!("Credential number: {}", u.credential)).size(theme::BODY))
                        .selected(!u.pin_focused)
                        .min_size(egui::vec2(300.0, theme::TARGET));
                    if ui.add(b).clicked() {
                        u.pin_focused = false;
                    }
                    let b = Button::new(RichText::new(format!("PIN: {}", "•".repeat(u.pin.len()))).size(theme::BODY))
                        .selected(u.pin_focused)
                        .min_size(egui::vec2(200.0, theme::TARGET));
                    if ui.add(b).clicked() {
                        u.pin_focused = true;
                    }
                });
                let target = if u.pin_focused { &mut u.pin } else { &mut u.credential };
                keypad::keypad(ui, target, 12);
                if primary(ui, "Unlock") {
                    self.try_unlock();
                }
                if let Some(m) = &self.view.message {
                    body_colour(ui, &format!("⚠ {m}"), theme::DANGER);
                }
            });
    }

    fn try_unlock(&mut self) {
        let credential = self.view.unlock.credential.trim().to_string();
        let dealer = self.term.table().dealer.clone();
        let unlocked_by = if dealer.as_ref().is_some_and(|d| d.credential == credential)
            && self.view.unlock.pin.is_empty()
        {
            Ok(credential.clone())
        } else if self.view.unlock.pin.is_empty() {
            Err(
                "That credential number is not the dealer's; a floorperson adds their PIN"
                    .to_string(),
            )
        } else {
            let pin = self.view.unlock.pin.clone();
            self.term.check_pin(&credential, &pin).and_then(|p| {
                crate::rules::access::check(&p, crate::rules::access::Action::UnlockScreen, None)
                    .map(|_| p.credential)
            })
        };
        match unlocked_by {
            Ok(who) => {
                self.term
                    .record_system("screen_unlocked", serde_json::json!({ "credential": who }));
                self.locked = false;
                self.last_touch = std::time::Instant::now();
                self.view.unlock = UnlockForm::default();
                self.view.message = None;
            }
            Err(e) => {
                self.term.record_system(
                    "screen_unlock_refused",
                    serde_json::json!({ "credential": credential }),
                );
                self.view.unlock.pin.clear();
                self.view.message = Some(e);
            }
        }
    }

    fn apply(&mut self, c: UiCmd) {
        match c {
            UiCmd::Rules(cmd) => match self.term.execute(cmd) {
                Ok(_) => self.view.message = None,
                Err(e) => self.view.message = Some(e),
            },
            UiCmd::SignIn => {
                let name = self.view.signin_name.clone().unwrap_or_default();
                match self.term.sign_in(&name, &self.view.signin_credential) {
                    Ok(_) => {
                        self.view.message = None;
                        self.view.signin_credential.clear();
                        self.view.signin_name = None;
                    }
                    Err(e) => self.view.message = Some(e),
                }
            }
            UiCmd::OpenVerify(purpose) => {
                self.view.verify = Some(VerifyPad {
                    purpose,
                    ..Default::default()
                });
            }
            UiCmd::CancelVerify => self.view.verify = None,
            UiCmd::OpenRecord(kind) => {
                self.record_form = Some(records::RecordForm {
                    kind,
                    ..Default::default()
                });
            }
            UiCmd::Ask(a) => self.view.confirm = Some(a),
            UiCmd::CancelAsk => self.view.confirm = None,
            UiCmd::Confirmed(a) => {
                self.view.confirm = None;
                let cmd = match a {
                    TableAction::ChangeDecks => Command::ChangeDecks {
                        minutes_in_play: self.term.deck_minutes(),
                    },
                    TableAction::CloseTable => Command::CloseTable,
                };
                match self.term.execute(cmd) {
                    Ok(_) => {
                        self.view.message = None;
                        self.view.seats.clear();
                    }
                    Err(e) => self.view.message = Some(e),
                }
            }
            UiCmd::OpenIrregularity => {
                self.irregularity = Some(irregularity::IrregularityForm::default());
            }
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
            UiCmd::SubmitVerify if self.view.verify.as_ref().is_some_and(|p| p.review) => {
                let Some(pad) = self.view.verify.as_mut() else {
                    return;
                };
                let (cred, pin) = (pad.credential.clone(), pad.pin.clone());
                let signed = self.term.check_pin(cred.trim(), &pin).and_then(|p| {
                    crate::rules::access::check(
                        &p,
                        crate::rules::access::Action::ReviewRecords,
                        None,
                    )
                    .map(|_| p)
                });
                match signed {
                    Ok(p) => {
                        self.term.record_system(
                            "review_opened",
                            serde_json::json!({ "supervisor": p.credential }),
                        );
                        self.view.verify = None;
                        self.review = Some(review::ReviewState::open(self.term.store(), p));
                    }
                    Err(e) => {
                        if let Some(pad) = self.view.verify.as_mut() {
                            pad.error = Some(e);
                            pad.pin.clear();
                        }
                    }
                }
            }
            UiCmd::SubmitVerify => {
                let Some(pad) = self.view.verify.as_mut() else {
                    return;
                };
                match self.term.verify(&pad.credential, &pad.pin) {
                    Ok(_) => {
                        self.view.verify = None;
                        self.view.message = None;
                    }
                    Err(e) => {
                        pad.error = Some(e);
                        pad.pin.clear();
                    }
                }
            }
            UiCmd::Sequence(list) => {
                for cmd in list {
                    if let Err(e) = self.term.execute(cmd) {
                        self.view.message = Some(e);
                        return;
                    }
                }
                self.view.message = None;
            }
            UiCmd::SimNextCount(n) => {
                if let Some(s) = &self.sim {
                    s.lock()
                        .unwrap_or_else(|p| p.into_inner())
                        .counts
                        .push_back(n);
                }
            }
            UiCmd::SimJam => {
                if let Some(s) = &self.sim {
                    s.lock().unwrap_or_else(|p| p.into_inner()).jam_next = true;
                }
            }
        }
    }

    fn status_bar(&self, ui: &mut Ui) {
        let t = self.term.table();
        let text = |s: String| RichText::new(s).size(theme::STATUS);
        ui.horizontal_wrapped(|ui| {
            let table_no = t.setup.as_ref().map_or(self.setup.table_no, |s| s.table_no);
            let game = t
                .setup
                .as_ref()
                .map_or(self.setup.poker.game, |s| s.poker.game);
            ui.label(text(format!("Table {table_no} · {}", game.name())).strong());
            ui.separator();
            match &t.dealer {
                Some(d) => ui.label(text(format!("Dealer {} ({})", d.name, d.credential))),
                None => ui.label(text("No dealer signed in".into()).color(theme::WARN)),
            };
            ui.separator();
            let round = t.round.as_ref().map_or(t.rounds_played, |r| r.number);
            ui.label(text(format!("Round {round}")));
            if !t.decks.is_empty() {
                ui.separator();
                let deck = t.round.as_ref().map_or_else(|| t.next_deck(), |r| r.deck);
                let d = &t.decks[deck];
                let (rect, _) =
                    ui.allocate_exact_size(egui::vec2(16.0, 22.0), egui::Sense::hover());
                ui.painter()
                    .rect_filled(rect, 3.0, theme::deck_swatch(&d.colour));
                let which = if t.round.is_some() { "in play" } else { "next" };
                // Spanish 21 deals a shoe of six or eight decks of one back colour (§ 635a.3(a)).
                let noun = if t.shoe_game() { "shoe" } else { "deck" };
                ui.label(text(format!("{} {noun} {which}", d.colour)));
                if let Some((due, _)) = self.term.deck_change_due() {
                    let used = self.term.deck_minutes();
                    let left = due - used;
                    let (label, colour) = if left <= 0 {
                        ("Decks overdue".to_string(), theme::DANGER)
                    } else if left <= self.deck_reminder_minutes {
                        (format!("Change decks in {left} min"), theme::WARN)
                    } else {
                        (
                            format!(
                                "Decks {} of {} h",
                                crate::terminal::hours_minutes(used),
                                due / 60
                            ),
                            theme::TEXT_DIM,
                        )
                    };
                    ui.label(text(label).color(colour));
                }
            }
            ui.separator();
            let counting = t
                .setup
                .as_ref()
                .map_or(self.setup.counting_shuffler, |s| s.counting_shuffler);
            if t.manual_shuffle || !counting {
                // No counting shuffler (or it is out of service): nothing to connect to.
                ui.label(text("Shuffled by hand".into()).color(theme::TEXT_DIM));
            } else {
                let link = self.term.shuffler_link();
                let (dot, colour) = match link {
                    LinkState::Connected { .. } => ("●", theme::OK),
                    LinkState::Connecting => ("◌", theme::WARN),
                    _ => ("✖", theme::DANGER),
                };
                ui.label(text(format!("{dot} Shuffler {}", link.label())).color(colour));
            }
            let prog = self.term.progressive();
            if let Some(link) = &prog.link {
                ui.separator();
                let locked_out = prog.state == Some(ControllerState::CommunicationLoss);
                let (dot, colour) = match link {
                    LinkState::Connected { .. } if !locked_out => ("●", theme::OK),
                    LinkState::Connecting => ("◌", theme::WARN),
                    _ => ("✖", theme::DANGER),
                };
                let state = match (link.is_up(), prog.state) {
                    (true, Some(s)) => s.label().to_string(),
                    _ => link.label(),
                };
                ui.label(text(format!("{dot} Progressive {state}")).color(colour));
                for (id, cents) in &prog.meters {
                    let name = if prog.meters.len() > 1 {
                        format!("Meter {id}")
                    } else {
                        "Meter".into()
                    };
                    ui.label(text(format!("{name} {}", crate::rules::money(*cents))).strong());
                }
            }
            if let Some(c) = self
                .central
                .as_ref()
                .and_then(|c| c.lock().ok().map(|s| s.clone()))
            {
                // The terminal's journal is the truth: offline only delays the copy.
                let (dot, colour, what) = if c.connected {
                    ("●", theme::OK, "Central copy up to date".to_string())
                } else {
                    (
                        "◌",
                        theme::WARN,
                        "Central copy offline: records kept here".to_string(),
                    )
                };
                ui.label(text(format!("{dot} {what}")).color(colour));
            }
        });
    }

    /// The dealer's always-available actions, two to a row at the top of the side panel.
    fn action_bar(&self, ui: &mut Ui, cmds: &mut Vec<UiCmd>) {
        let t = self.term.table();
        let open = t.setup.is_some() && t.dealer.is_some();
        let can_sign_out = t.dealer.is_some() && t.round.is_none() && self.view.verify.is_none();
        // The jackpot boxes, the High Hand slip and time charges are the poker room's
        // (§ 637a.15–637a.17); a house-banked table has none of them.
        let poker_room = !t
            .setup
            .as_ref()
            .map(|s| s.poker.game)
            .unwrap_or_default()
            .is_house_banked();
        let mut actions: Vec<(RichText, UiCmd)> = Vec::new();
        if open {
            // Always there once a dealer runs an open table: the game's irregularities.
            actions.push((
                RichText::new("⚠ Irregularity").color(theme::WARN),
                UiCmd::OpenIrregularity,
            ));
        }
        if self.high_hand_config.enabled && poker_room && open {
            actions.push((RichText::new("High hand"), UiCmd::OpenHighHand));
        }
        if poker_room && open && t.round.is_none() {
            actions.push((
                RichText::new("Box count"),
                UiCmd::OpenRecord(records::RecordKind::BoxCount),
            ));
        }
        if self.time_charge_config.enabled && poker_room && open {
            actions.push((
                RichText::new("Time charges"),
                UiCmd::OpenRecord(records::RecordKind::TimeCharges),
            ));
        }
        // § 635a.7(d): Spanish 21's cover card can come out at any card of a round.
        let s21 = t
            .round
            .as_ref()
            .and_then(|r| r.banked.as_ref())
            .and_then(|b| b.s21.as_ref());
        if let Some(p) = s21
            && !p.cover_card
        {
            // Where it appeared decides who is offered the next cut (§ 635a.5(c)): the box
            // being dealt to, or the dealer's hand.
            use crate::rules::banked::round::BankedStep;
            use crate::rules::banked::round21::Step21;
            let step = t
                .round
                .as_ref()
                .and_then(|r| r.banked.as_ref())
                .map(|b| &b.step);
            let seat = match step {
                Some(BankedStep::Play21(Step21::Hand { seat, .. })) => Some(*seat),
                Some(BankedStep::Play21(Step21::Deal)) => match self.view.banked.target {
                    banked::Target::Seat(s) => Some(s),
                    _ => None,
                },
                _ => None,
            };
            actions.push((
                RichText::new("Cover card out"),
                UiCmd::Rules(Command::Banked(
                    crate::rules::banked::round::BankedCommand::Play21(
                        crate::rules::banked::round21::Command21::CoverCard { seat },
                    ),
                )),
            ));
        }
        let between = open && t.round.is_none() && t.removal.is_none();
        if between && t.opened() {
            actions.push((
                RichText::new("Change decks"),
                UiCmd::Ask(TableAction::ChangeDecks),
            ));
        }
        if between {
            actions.push((
                RichText::new("Close table"),
                UiCmd::Ask(TableAction::CloseTable),
            ));
        }
        if can_sign_out {
            // A break or a dealer change: the next dealer signs in at the same step.
            actions.push((RichText::new("Sign out"), UiCmd::Rules(Command::SignOut)));
        }
        // Two to a row: the side panel is 340 px wide.
        let width = (ui.available_width() - theme::GAP / 2.0) / 2.0;
        for pair in actions.chunks(2) {
            ui.horizontal(|ui| {
                ui.spacing_mut().item_spacing.x = theme::GAP / 2.0;
                for (text, cmd) in pair {
                    let b = Button::new(text.clone().size(theme::STATUS))
                        .min_size(egui::vec2(width, 48.0));
                    if ui.add(b).clicked() {
                        cmds.push(cmd.clone());
                    }
                }
            });
        }
    }

    fn sim_bar(&self, ui: &mut Ui, cmds: &mut Vec<UiCmd>) {
        ui.horizontal(|ui| {
            ui.label(
                RichText::new("Demo simulator:")
                    .size(theme::SMALL)
                    .color(theme::TEXT_DIM),
            );
            let small = |t: &str| {
                Button::new(RichText::new(t).size(theme::SMALL)).min_size(egui::vec2(0.0, 40.0))
            };
            if ui.add(small("Simulate miscount (51)")).clicked() {
                cmds.push(UiCmd::SimNextCount(51));
            }
            if ui.add(small("Simulate jam")).clicked() {
                cmds.push(UiCmd::SimJam);
            }
        });
    }

    fn side_panel(&self, ui: &mut Ui) {
        let t = self.term.table();
        ui.label(RichText::new("Seats").strong());
        if let Some(b) = t.round.as_ref().and_then(|r| r.banked.as_ref()) {
            // A house-banked round: each seat's wagers on the layout.
            let def = b.def();
            for seat in &b.seats {
                let mut parts = Vec::new();
                for spot in def.spots {
                    if let Some(v) = b.wagers.get(seat).and_then(|w| w.get(spot.key)) {
                        parts.push(format!("{} {}", spot.label, money(*v)));
                    }
                }
                let ante = b.ante(*seat);
                for (i, m) in b.decisions.get(seat).into_iter().flatten().enumerate() {
                    if *m > 0 {
                        parts.push(format!(
                            "{} {}",
                            def.phases[i].wager,
                            money(ante * i64::from(*m))
                        ));
                    }
                }
                if b.draws.contains_key(seat) {
                    parts.push(format!("Options fee {}", money(ante)));
                }
                if b.declared.contains(seat) {
                    parts.push("declared".into());
                }
                if let Some(p) = &b.s21 {
                    if let Some(i) = p.insurance.get(seat) {
                        parts.push(format!("insurance {}", money(*i)));
                    }
                    for h in p.hands.get(seat).into_iter().flatten() {
                        let mut text = cards_text(&h.cards);
                        if h.double > 0 {
                            text.push_str(&format!(" (doubled {})", money(h.double)));
                        }
                        parts.push(text);
                    }
                    if p.surrendered.contains(seat) {
                        parts.push("surrendered".into());
                    }
                }
                if b.folded.contains(seat) {
                    parts.push("folded".into());
                }
                if parts.is_empty() {
                    parts.push("no wager yet".into());
                }
                let colour = if b.folded.contains(seat) {
                    theme::TEXT_DIM
                } else {
                    theme::TEXT
                };
                ui.label(
                    RichText::new(format!("Seat {seat} · {}", parts.join(" · ")))
                        .color(colour)
                        .size(theme::SMALL + 2.0),
                );
            }
            let on_layout: i64 = b.refunds().iter().map(|(_, a)| a).sum();
            ui.label(
                RichText::new(format!("On the layout {}", money(on_layout)))
                    .strong()
                    .size(theme::BODY),
            );
        } else if let Some(h) = t.round.as_ref().and_then(|r| r.poker.as_ref()) {
            // A poker-room round: the hand's own players, with their blinds or forced bet.
            for p in &h.players {
                let mut tags = Vec::new();
                if h.procedure.button && p.seat == h.setup.button {
                    tags.push("button");
                }
                for e in &h.events {
                    if let crate::rules::poker::hand::HandEvent::Posted { seat, what, .. } = e
                        && *seat == p.seat
                        && what != "ante"
                    {
                        tags.push(what.as_str());
                    }
                }
                if p.folded {
                    tags.push("folded");
                }
                if p.all_in {
                    tags.push("all in");
                }
                let up = if p.up.is_empty() {
                    String::new()
                } else {
                    format!(" · {}", cards_text(&p.up))
                };
                let colour = if p.folded {
                    theme::TEXT_DIM
                } else {
                    theme::TEXT
                };
                ui.label(
                    RichText::new(format!(
                        "Seat {} · {}{up} {}",
                        p.seat,
                        money(p.put_in),
                        tags.join(", ")
                    ))
                    .color(colour)
                    .size(theme::SMALL + 2.0),
                );
            }
            ui.label(
                RichText::new(format!(
                    "Pot {}",
                    money(h.players.iter().map(|p| p.put_in).sum())
                ))
                .strong()
                .size(theme::BODY),
            );
            ui.label(
                RichText::new(format!("Stub: {} cards", h.stub))
                    .size(theme::SMALL)
                    .color(theme::TEXT_DIM),
            );
        } else {
            ui.label(
                RichText::new("No round in progress")
                    .color(theme::TEXT_DIM)
                    .size(theme::SMALL),
            );
        }
        if !t.decks.is_empty() {
            ui.add_space(theme::GAP);
            ui.separator();
            ui.label(RichText::new(if t.shoe_game() { "Shoes" } else { "Decks" }).strong());
            for (i, d) in t.decks.iter().enumerate() {
                let status = match d.status {
                    DeckStatus::Unshuffled => "to shuffle",
                    DeckStatus::Shuffling => "in the shuffler, shuffling",
                    DeckStatus::Shuffled if t.in_shuffler == Some(i) => "in the shuffler, ready",
                    DeckStatus::Shuffled => "shuffled",
                    DeckStatus::InPlay => "in play",
                    DeckStatus::Removed => "removed",
                };
                // A Spanish 21 shoe is not counted between rounds (Chapter 635a has no count).
                let text = if t.shoe_game() {
                    format!("{} shoe: {status}", d.colour)
                } else {
                    let count = d
                        .last_count
                        .map_or("not counted".to_string(), |c| format!("count {c}"));
                    format!(
                        "{}: {status} · {count} · {} rounds since count",
                        d.colour, d.rounds_since_count
                    )
                };
                ui.label(RichText::new(text).size(theme::SMALL));
            }
        }
        ui.add_space(theme::GAP);
        ui.separator();
        ui.label(RichText::new("Journal").strong());
        for row in self.term.recent_log().take(14) {
            let time = row.ts_utc.get(11..19).unwrap_or("");
            ui.label(
                RichText::new(format!(
                    "#{} {time} {}",
                    row.serial,
                    row.kind.replace('_', " ")
                ))
                .size(theme::SMALL)
                .color(theme::TEXT_DIM),
            );
        }
    }

    fn step_card(&mut self, ui: &mut Ui, cmds: &mut Vec<UiCmd>) {
        let step = self.term.table().step();
        if let Some(notice) = &self.term.device_notice {
            banner(ui, &format!("⚠ {notice}"));
        }
        if self.term.table().removal.is_some() {
            banner(ui, "✖ PLAY STOPPED: a deck must be removed and replaced");
        }
        match &step {
            Step::SignIn => self.sign_in(ui, cmds),
            Step::OpenTable => self.open_table(ui, cmds),
            Step::BurnCard => {
                title(ui, "Burn one card");
                body(
                    ui,
                    "Take the first card out of the shoe and place it in the discard rack before dealing: after each new shoe, and when a new dealer comes to the table.",
                );
                self.section(ui, &step);
                if primary(ui, "Card burned") {
                    cmds.push(UiCmd::Rules(Command::Confirm(Confirm::CardBurned)));
                }
            }
            Step::InspectDecks if self.term.table().shoe_game() => {
                // § 635a.3(a), § 635a.4: Spanish 21's decks lose their 10s at the inspection.
                title(ui, "Inspect the decks for the shoe");
                body(
                    ui,
                    &format!(
                        "Inspect the {} decks for defects and remove the 10 of each suit from each deck: 48 cards a deck.",
                        self.house_rules().spanish21.decks
                    ),
                );
                small(ui, "§ 635a.3(a), § 635a.4");
                if primary(ui, "Decks inspected") {
                    cmds.push(UiCmd::Rules(Command::Confirm(Confirm::DecksInspected)));
                }
            }
            Step::InspectDecks => {
                let t = self.term.table();
                title(ui, "Inspect both decks");
                body(
                    ui,
                    &format!(
                        "Inspect the {} deck and the {} deck for defects.",
                        t.deck_name(0),
                        t.deck_name(1)
                    ),
                );
                self.section(ui, &step);
                if primary(ui, "Decks inspected") {
                    cmds.push(UiCmd::Rules(Command::Confirm(Confirm::DecksInspected)));
                }
            }
            Step::VerifyInspection => {
                title(ui, "Floorperson verifies the inspection");
                body(
                    ui,
                    "Call a floorperson. They verify the deck inspection with their credential number and PIN.",
                );
                self.section(ui, &step);
                if primary(ui, "Floorperson verify") {
                    cmds.push(UiCmd::OpenVerify(format!(
                        "Deck inspection ({})",
                        self.term.table().section_of(&step)
                    )));
                }
            }
            Step::PlayerInspection => {
                title(ui, "Spread the decks for the players");
                body(
                    ui,
                    "Spread each deck face up, by suit and in sequence, for the first two seated players to inspect.",
                );
                self.section(ui, &step);
                if primary(ui, "Players have inspected") {
                    cmds.push(UiCmd::Rules(Command::Confirm(Confirm::PlayersInspected)));
                }
            }
            Step::WashDecks => {
                title(ui, "Wash and stack each deck");
                body(
                    ui,
                    "Turn each deck face down, mix it thoroughly by washing, and stack it.",
                );
                self.section(ui, &step);
                if primary(ui, "Decks washed") {
                    cmds.push(UiCmd::Rules(Command::Confirm(Confirm::DecksWashed)));
                }
            }
            Step::LoadShuffler { deck } | Step::LoadReplacement { deck } => {
                let name = self.term.table().deck_name(*deck);
                title(ui, &format!("Load the {name} deck into the shuffler"));
                body(
                    ui,
                    "Put the deck in the automated card shuffler and start it. The shuffler counts the cards after the shuffle.",
                );
                if !self.term.shuffler_link().is_up() {
                    body_colour(
                        ui,
                        &format!(
                            "The shuffler is {}: the shuffle will start when it answers.",
                            self.term.shuffler_link().label()
                        ),
                        theme::WARN,
                    );
                }
                self.section(ui, &step);
                if primary(ui, "Start shuffle") {
                    cmds.push(UiCmd::Rules(Command::LoadShuffler(*deck)));
                }
                out_of_service(ui, cmds);
            }
            Step::AwaitShuffle { deck } => {
                let name = self.term.table().deck_name(*deck);
                title(ui, &format!("Shuffling the {name} deck"));
                ui.horizontal(|ui| {
                    ui.add(egui::Spinner::new().size(32.0));
                    body(
                        ui,
                        "Waiting for the shuffler to finish and report its count of 52.",
                    );
                });
                if !self.term.shuffler_link().is_up() {
                    body_colour(
                        ui,
                        &format!("The shuffler is {}.", self.term.shuffler_link().label()),
                        theme::WARN,
                    );
                }
                self.section(ui, &step);
                out_of_service(ui, cmds);
            }
            Step::StartRound { deck, load } => self.start_round(ui, cmds, *deck, *load, &step),
            Step::Poker {
                step: s, section, ..
            } => self.poker_step(ui, cmds, s, section),
            Step::Banked { step: s, .. } => {
                let section = step.section();
                self.banked_step(ui, cmds, s, section)
            }
            Step::VerifyBadBeat { hit } => {
                title(ui, "Possible Bad Beat: hold the cards");
                body(
                    ui,
                    &format!(
                        "Seat {} lost with {} to seat {}'s {}. Leave every card on the table and call the shift supervisor, who verifies the hand before the pot is pushed.",
                        hit.losing_seat, hit.losing_hand, hit.winning_seat, hit.winning_hand
                    ),
                );
                self.section(ui, &step);
                if primary(ui, "Supervisor verify") {
                    cmds.push(UiCmd::OpenVerify("Bad Beat hand (§ 637a.15(f))".into()));
                }
            }
            Step::CountLosingHands { expected } => {
                title(ui, "Count the losing hands");
                self.result_summary(ui);
                body(
                    ui,
                    &format!("Collect the losing hands and count them: {expected} cards expected."),
                );
                self.section(ui, &step);
                ui.horizontal(|ui| {
                    if ui
                        .add(
                            Button::new(
                                RichText::new("Count is right")
                                    .size(theme::BODY + 2.0)
                                    .color(theme::PRIMARY_TEXT),
                            )
                            .fill(theme::PRIMARY)
                            .min_size(theme::PRIMARY_SIZE),
                        )
                        .clicked()
                    {
                        cmds.push(UiCmd::Rules(Command::CountLosingHands { correct: true }));
                    }
                    if ui
                        .add(
                            Button::new(RichText::new("⚠ Count is wrong").size(theme::BODY))
                                .fill(theme::DANGER_BG)
                                .min_size(theme::ACTION_SIZE),
                        )
                        .clicked()
                    {
                        cmds.push(UiCmd::Rules(Command::CountLosingHands { correct: false }));
                    }
                });
            }
            Step::AwardPot { awards } => {
                title(ui, "Push the pot");
                self.result_summary(ui);
                if let Some(r) = &self.term.table().round {
                    let t = r.take;
                    if t.rake > 0 {
                        body(
                            ui,
                            &format!(
                                "Rake {} into the drop box (§ 637a.17(b)(1)(ii)).",
                                money(t.rake)
                            ),
                        );
                    }
                    if t.bad_beat + t.high_hand > 0 {
                        body(
                            ui,
                            &format!(
                                "Bad Beat {} and High Hand {} into the jackpot boxes (§ 637a.15(c), § 637a.16(c)).",
                                money(t.bad_beat),
                                money(t.high_hand)
                            ),
                        );
                    }
                    if t.uncalled > 0 {
                        body(
                            ui,
                            &format!(
                                "{} of it was an uncalled bet, never raked (§ 637a.17(d)).",
                                money(t.uncalled)
                            ),
                        );
                    }
                }
                for (seat, amount) in awards {
                    body(ui, &format!("Push {} to seat {seat}.", money(*amount)));
                }
                self.section(ui, &step);
                if primary(ui, "Pot pushed") {
                    cmds.push(UiCmd::Rules(Command::Confirm(Confirm::PotPushed)));
                }
            }
            Step::RemoveDeck { deck } => {
                let t = self.term.table();
                let name = t.deck_name(*deck);
                title(ui, &format!("Remove the {name} deck from the table"));
                let why = match t.removal.as_ref().map(|r| &r.reason) {
                    Some(RemovalReason::WrongCount { counted }) => {
                        format!("The shuffler counted {counted} cards, not 52.")
                    }
                    Some(RemovalReason::Irregularity { id }) => {
                        let cat = crate::rules::irregularities::Catalogue::embedded();
                        match cat.get(id) {
                            Some(i) => format!("{} ({}).", i.title, i.section),
                            None => format!("Irregularity {id}."),
                        }
                    }
                    _ => "The losing hands did not hold the right number of cards.".into(),
                };
                body(
                    ui,
                    &format!("{why} Take the {name} deck out of the shuffler and off the table."),
                );
                self.section(ui, &step);
                if primary(ui, "Deck removed") {
                    cmds.push(UiCmd::Rules(Command::Confirm(Confirm::DeckRemoved)));
                }
            }
            Step::InspectReplacement { deck } => {
                let name = self.term.table().deck_name(*deck);
                title(ui, &format!("Inspect a replacement {name} deck"));
                body(
                    ui,
                    &format!("Bring a new {name} deck and inspect it for defects."),
                );
                self.section(ui, &step);
                if primary(ui, "Replacement inspected") {
                    cmds.push(UiCmd::Rules(Command::Confirm(
                        Confirm::ReplacementInspected,
                    )));
                }
            }
            Step::CountDeck { deck } => {
                let name = self.term.table().deck_name(*deck);
                title(ui, &format!("Count the {name} deck"));
                body(
                    ui,
                    "Count every card of the deck face down, then key the number. A floorperson verifies the count.",
                );
                self.section(ui, &step);
                field(ui, "Cards counted", &self.view.deck_count, true);
                keypad::keypad(ui, &mut self.view.deck_count, 3);
                if primary(ui, "Count entered") {
                    match self.view.deck_count.trim().parse::<u8>() {
                        Ok(n) => {
                            cmds.push(UiCmd::Rules(Command::ManualCount { counted: n }));
                            self.view.deck_count.clear();
                        }
                        Err(_) => {
                            self.view.message = Some(format!(
                                "\"{}\" is not a number of cards: key the count, e.g. 52",
                                self.view.deck_count
                            ))
                        }
                    }
                }
            }
            Step::VerifyCount { deck, counted } => {
                let name = self.term.table().deck_name(*deck);
                title(ui, "Floorperson verifies the count");
                body(
                    ui,
                    &format!(
                        "The dealer counted {counted} cards in the {name} deck. A floorperson verifies the count."
                    ),
                );
                self.section(ui, &step);
                if primary(ui, "Floorperson verify") {
                    cmds.push(UiCmd::OpenVerify(format!(
                        "Count of the {name} deck: {counted} cards (§ 637a.7(e)(4)(i))"
                    )));
                }
            }
            Step::ShuffleManually { .. } if self.term.table().shoe_game() => {
                // § 635a.5(a)–(d): the shoe's decks shuffled into one stack, the cut offered in
                // the regulation's order, the cover card placed twice.
                let t = self.term.table();
                title(ui, "Shuffle the shoe and offer the cut");
                body(
                    ui,
                    "Shuffle all the decks together and place them in a single stack.",
                );
                body(
                    ui,
                    &format!(
                        "Offer the cut, backs facing away from you, to {}. If no player accepts, cut the cards yourself.",
                        t.cut_offer.who()
                    ),
                );
                body(
                    ui,
                    "The cover card goes in at least ten cards from the top or bottom; move the cards above it to the bottom. Then insert the cover card at least one-quarter of the way in from the bottom and load the stack into the shoe.",
                );
                small(ui, "§ 635a.5(a)–(d)");
                if primary(ui, "Shuffled, cut and in the shoe") {
                    cmds.push(UiCmd::Rules(Command::Confirm(Confirm::ShuffledAndCut)));
                }
            }
            Step::ShuffleManually { deck } => {
                let name = self.term.table().deck_name(*deck);
                title(ui, &format!("Shuffle and cut the {name} deck"));
                body(
                    ui,
                    "Shuffle by hand and stack the deck. Place the cover card at least ten cards from the top, then move the cards above it, with the cover card, to the bottom.",
                );
                self.section(ui, &step);
                if primary(ui, "Shuffled and cut") {
                    cmds.push(UiCmd::Rules(Command::Confirm(Confirm::ShuffledAndCut)));
                }
            }
            Step::CoverShuffler => {
                title(ui, "Cover the shuffler");
                body(
                    ui,
                    "The shuffler cannot be used. Cover it or post an out-of-order sign on it before shuffling by hand.",
                );
                self.section(ui, &step);
                if primary(ui, "Shuffler covered") {
                    cmds.push(UiCmd::Rules(Command::Confirm(Confirm::ShufflerCovered)));
                }
            }
            Step::VerifyRemoval { deck } => {
                let name = self.term.table().deck_name(*deck);
                title(ui, "Floorperson verifies the deck change");
                body(
                    ui,
                    &format!(
                        "A floorperson verifies the removal of the {name} deck and its replacement."
                    ),
                );
                self.section(ui, &step);
                if primary(ui, "Floorperson verify") {
                    cmds.push(UiCmd::OpenVerify(format!(
                        "Removal of the {name} deck (§ 637a.7(e)(5))"
                    )));
                }
            }
        }
        if let Some(m) = &self.view.message {
            ui.add_space(theme::GAP);
            body_colour(ui, &format!("⚠ {m}"), theme::DANGER);
        }
    }

    /// The dealer picks the game among those this terminal may deal (`[table] games`) and opens
    /// the table; the table number is prefilled from the configuration and changed on the keypad.
    fn open_table(&mut self, ui: &mut Ui, cmds: &mut Vec<UiCmd>) {
        let chosen = self.view.game.unwrap_or(self.setup.poker.game);
        let s = self
            .games
            .iter()
            .find(|s| s.poker.game == chosen)
            .unwrap_or(&self.setup)
            .clone();
        let table_no = self
            .view
            .table_no
            .get_or_insert_with(|| s.table_no.to_string());
        title(ui, &format!("Open the table: {}", chosen.name()));
        body(ui, &setup_summary(&s));
        small(
            ui,
            &format!(
                "{}: {} (Chapter {})",
                chosen.name(),
                chosen.section(),
                chosen.def().chapter
            ),
        );
        let mut open = false;
        ui.horizontal(|ui| {
            field(ui, "Table number", table_no, self.view.keying_table_no);
            let label = if self.view.keying_table_no {
                "Number done"
            } else {
                "Change table number"
            };
            if ui
                .add(
                    Button::new(RichText::new(label).size(theme::BODY))
                        .min_size(theme::ACTION_SIZE),
                )
                .clicked()
            {
                self.view.keying_table_no = !self.view.keying_table_no;
            }
            ui.add_space(theme::GAP);
            open = primary(ui, "Open table");
        });
        ui.add_space(theme::GAP);
        if self.view.keying_table_no {
            keypad::keypad(ui, table_no, 4);
        } else if self.games.len() > 1 {
            // A grid of equal buttons, as many columns as the width holds: nothing moves when
            // one is picked.
            ui.spacing_mut().item_spacing = egui::vec2(8.0, 6.0);
            ui.spacing_mut().interact_size.y = theme::GAME_SIZE.y;
            let gap = ui.spacing().item_spacing.x;
            let width = ui.available_width();
            let cols = (((width + gap) / (theme::GAME_SIZE.x + gap)).floor() as usize).max(1);
            let size = egui::vec2(
                (width - gap * (cols as f32 - 1.0)) / cols as f32,
                theme::GAME_SIZE.y,
            );
            for row in self.games.chunks(cols) {
                ui.horizontal(|ui| {
                    for g in row {
                        let game = g.poker.game;
                        let on = game == chosen;
                        let label = if on {
                            format!("{} ✔", game.name())
                        } else {
                            game.name().to_string()
                        };
                        let b = Button::new(RichText::new(label).size(theme::SMALL + 1.0))
                            .wrap_mode(egui::TextWrapMode::Truncate)
                            .selected(on);
                        if ui.add_sized(size, b).clicked() {
                            self.view.game = Some(game);
                        }
                    }
                });
            }
        }
        if open {
            match table_no.parse::<u32>() {
                Ok(n) if n > 0 => {
                    self.view.keying_table_no = false;
                    let setup = TableSetup { table_no: n, ..s };
                    cmds.push(UiCmd::Rules(Command::OpenTable(setup)));
                }
                _ => {
                    self.view.keying_table_no = true;
                    self.view.message = Some("Enter the table number (1 or more)".into());
                }
            }
        }
    }

    fn sign_in(&mut self, ui: &mut Ui, cmds: &mut Vec<UiCmd>) {
        title(ui, "Dealer sign-in");
        if ui
            .add(
                Button::new(RichText::new("Supervisor review").size(theme::BODY))
                    .min_size(theme::ACTION_SIZE),
            )
            .clicked()
        {
            cmds.push(UiCmd::OpenReview);
        }
        let dealers = self
            .term
            .store()
            .people_with_role(Role::Dealer)
            .unwrap_or_default();
        if dealers.is_empty() {
            body_colour(
                ui,
                "No dealers are registered on this terminal. An administrator adds people.",
                theme::WARN,
            );
            return;
        }
        match self.view.signin_name.clone() {
            None => {
                body(ui, "Tap your name.");
                ui.horizontal_wrapped(|ui| {
                    for d in &dealers {
                        if ui
                            .add(
                                Button::new(RichText::new(&d.name).size(theme::BODY + 2.0))
                                    .min_size(theme::ACTION_SIZE),
                            )
                            .clicked()
                        {
                            self.view.signin_name = Some(d.name.clone());
                            self.view.signin_credential.clear();
                            self.view.message = None;
                        }
                    }
                });
            }
            Some(name) => {
                body(ui, &format!("{name}: enter your Board credential number."));
                field(ui, "Credential number", &self.view.signin_credential, true);
                keypad::keypad(ui, &mut self.view.signin_credential, 12);
                ui.horizontal(|ui| {
                    if primary(ui, "Sign in") {
                        cmds.push(UiCmd::SignIn);
                    }
                    if ui
                        .add(Button::new("Not me").min_size(theme::ACTION_SIZE))
                        .clicked()
                    {
                        self.view.signin_name = None;
                        self.view.message = None;
                    }
                });
            }
        }
    }

    /// A reminder before the decks' time runs out, with the way to change them now.
    fn deck_reminder(&self, ui: &mut Ui, cmds: &mut Vec<UiCmd>) {
        let Some((due, section)) = self.term.deck_change_due() else {
            return;
        };
        let left = due - self.term.deck_minutes();
        if left > self.deck_reminder_minutes {
            return;
        }
        let text = if left <= 0 {
            format!(
                "The decks are past their {} hours ({section}): change them before the next round.",
                due / 60
            )
        } else {
            format!("The decks must be changed within {left} minutes ({section}).")
        };
        banner(ui, &text);
        if ui
            .add(
                Button::new(RichText::new("Change decks now").size(theme::BODY))
                    .min_size(theme::ACTION_SIZE),
            )
            .clicked()
        {
            cmds.push(UiCmd::Ask(TableAction::ChangeDecks));
        }
    }

    fn start_round(
        &mut self,
        ui: &mut Ui,
        cmds: &mut Vec<UiCmd>,
        deck: DeckId,
        load: Option<DeckId>,
        step: &Step,
    ) {
        self.deck_reminder(ui, cmds);
        let t = self.term.table();
        let number = t.rounds_played + 1;
        title(ui, &format!("Ready for round {number}"));
        let from = if t.manual_shuffle {
            "from the table"
        } else {
            "from the shuffler"
        };
        let mut how = format!("Take the {} deck {from}", t.deck_name(deck));
        if let Some(other) = load {
            how.push_str(&format!(
                " and load the {} deck into it",
                t.deck_name(other)
            ));
        }
        body(
            ui,
            &format!(
                "{how}. Tap the seats with players dealt in ({}).",
                if t.setup
                    .as_ref()
                    .map(|s| s.poker.game)
                    .unwrap_or_default()
                    .is_house_banked()
                {
                    "each player plays the house"
                } else {
                    "at least two"
                }
            ),
        );
        self.section(ui, step);
        ui.horizontal_wrapped(|ui| {
            for seat in 1..=10u8 {
                let on = self.view.seats.contains(&seat);
                let label = if on {
                    format!("Seat {seat} ✔")
                } else {
                    format!("Seat {seat}")
                };
                let b = Button::new(RichText::new(label).size(theme::BODY))
                    .selected(on)
                    .min_size(theme::SEAT_SIZE);
                if ui.add(b).clicked() {
                    if on {
                        self.view.seats.remove(&seat);
                    } else {
                        self.view.seats.insert(seat);
                    }
                }
            }
        });
        ui.add_space(theme::GAP);
        if primary(ui, &format!("Start round {number}")) {
            cmds.push(UiCmd::Rules(Command::StartRound {
                seats: self.view.seats.iter().copied().collect(),
            }));
        }
    }

    /// The shown hands and who won, while the losing hands are counted and the pot pushed.
    fn result_summary(&self, ui: &mut Ui) {
        let Some(r) = &self.term.table().round else {
            return;
        };
        let Some(res) = r.poker.as_ref().and_then(|h| h.result.as_ref()) else {
            return;
        };
        if !res.board.is_empty() {
            body(ui, &format!("Board: {}", cards_text(&res.board)));
        }
        for (seat, text) in &res.shown {
            let won = r.awards.iter().any(|(s, _)| s == seat);
            let cards = res
                .hands
                .iter()
                .find(|(s, _)| s == seat)
                .map_or(String::new(), |(_, c)| format!("{} ", cards_text(c)));
            let line = format!("Seat {seat}: {cards}— {text}");
            let line = if won {
                format!("★ {line} (wins)")
            } else {
                line
            };
            body_colour(ui, &line, if won { theme::OK } else { theme::TEXT });
        }
    }

    fn confirm_overlay(&self, ctx: &egui::Context, a: TableAction, cmds: &mut Vec<UiCmd>) {
        let t = self.term.table();
        let (title_text, what, yes) = match a {
            TableAction::ChangeDecks => (
                "Change the decks?".to_string(),
                format!(
                    "The {} decks have been in play {}. New decks are inspected, verified, spread and washed before the next round (§ 637a.4).",
                    t.decks
                        .iter()
                        .map(|d| d.colour.as_str())
                        .collect::<Vec<_>>()
                        .join(" and "),
                    crate::terminal::hours_minutes(self.term.deck_minutes())
                ),
                "Change the decks",
            ),
            TableAction::CloseTable => (
                format!(
                    "Close table {}?",
                    t.setup.as_ref().map_or(0, |s| s.table_no)
                ),
                "The decks leave the table. Opening it again starts from the deck inspection."
                    .to_string(),
                "Close the table",
            ),
        };
        egui::Modal::new(egui::Id::unique("deckhand-confirm"))
            .frame(
                egui::Frame::new()
                    .fill(theme::PANEL)
                    .inner_margin(egui::Margin::same(24))
                    .corner_radius(12),
            )
            .show(ctx, |ui| {
                ui.set_max_width(640.0);
                title(ui, &title_text);
                body(ui, &what);
                ui.horizontal(|ui| {
                    if primary(ui, yes) {
                        cmds.push(UiCmd::Confirmed(a));
                    }
                    if ui
                        .add(
                            Button::new(RichText::new("Cancel").size(theme::BODY))
                                .min_size(theme::ACTION_SIZE),
                        )
                        .clicked()
                    {
                        cmds.push(UiCmd::CancelAsk);
                    }
                });
            });
    }

    fn verify_overlay(&mut self, ctx: &egui::Context, cmds: &mut Vec<UiCmd>) {
        let Some(pad) = self.view.verify.as_mut() else {
            return;
        };
        egui::Modal::new(egui::Id::unique("deckhand-verify"))
            .frame(
                egui::Frame::new()
                    .fill(theme::PANEL)
                    .inner_margin(egui::Margin::same(24))
                    .corner_radius(12),
            )
            .show(ctx, |ui| {
                ui.label(
                    RichText::new(if pad.review {
                        "Supervisor sign-in"
                    } else {
                        "Floorperson verification"
                    })
                    .size(theme::TITLE)
                    .strong(),
                );
                ui.label(
                    RichText::new(&pad.purpose)
                        .size(theme::BODY)
                        .color(theme::TEXT_DIM),
                );
                ui.horizontal(|ui| {
                    if ui
                        .add(
                            Button::new(
                                RichText::new(format!("Credential number: {}", pad.credential))
                                    .size(theme::BODY),
                            )
                            .selected(!pad.pin_focused)
                            .min_size(egui::vec2(300.0, theme::TARGET)),
                        )
                        .clicked()
                    {
                        pad.pin_focused = false;
                    }
                    let dots = "•".repeat(pad.pin.len());
                    if ui
                        .add(
                            Button::new(RichText::new(format!("PIN: {dots}")).size(theme::BODY))
                                .selected(pad.pin_focused)
                                .min_size(egui::vec2(200.0, theme::TARGET)),
                        )
                        .clicked()
                    {
                        pad.pin_focused = true;
                    }
                });
                let target = if pad.pin_focused {
                    &mut pad.pin
                } else {
                    &mut pad.credential
                };
                keypad::keypad(ui, target, 12);
                if let Some(err) = &pad.error {
                    ui.label(
                        RichText::new(format!("⚠ {err}"))
                            .color(theme::DANGER)
                            .size(theme::BODY),
                    );
                }
                ui.horizontal(|ui| {
                    if !pad.pin_focused {
                        if ui
                            .add(
                                Button::new(RichText::new("Next: PIN").size(theme::BODY))
                                    .min_size(theme::ACTION_SIZE),
                            )
                            .clicked()
                        {
                            pad.pin_focused = true;
                        }
                    } else if ui
                        .add(
                            Button::new(
                                RichText::new("Verify")
                                    .size(theme::BODY + 2.0)
                                    .color(theme::PRIMARY_TEXT),
                            )
                            .fill(theme::PRIMARY)
                            .min_size(theme::ACTION_SIZE),
                        )
                        .clicked()
                    {
                        cmds.push(UiCmd::SubmitVerify);
                    }
                    if ui
                        .add(Button::new("Cancel").min_size(theme::ACTION_SIZE))
                        .clicked()
                    {
                        cmds.push(UiCmd::CancelVerify);
                    }
                });
            });
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

fn action_label(a: &Action) -> (String, ActionKind) {
    let label = match a {
        Action::Fold => "Fold".into(),
        Action::Check => "Check".into(),
        Action::Call { amount } => format!("Call {}", money(*amount)),
        Action::Bet { amount } => format!("Bet {}", money(*amount)),
        Action::Raise { to, .. } => format!("Raise to {}", money(*to)),
    };
    (label, a.kind())
}

/// "first", "second", ... for the blinds of § 637a.11(d).
pub(super) fn ordinal(i: usize) -> String {
    ["first", "second", "third", "fourth"]
        .get(i)
        .map_or_else(|| format!("#{}", i + 1), |s| s.to_string())
}

/// A table's posted figures in one line, for the open-table screen.
fn setup_summary(s: &TableSetup) -> String {
    let p = &s.poker;
    let decks = format!("Decks: {} and {}.", s.deck_colours[0], s.deck_colours[1]);
    if p.game.is_house_banked() {
        let limits = match (p.min_ante, p.max_ante) {
            (0, 0) => String::new(),
            (min, 0) => format!(" Ante at least {}.", money(min)),
            (min, max) => format!(" Ante {} to {}.", money(min), money(max)),
        };
        return format!("{decks} Dealt {}.{limits}", p.dealing.name());
    }
    let mut text = format!(
        "{decks} Limits {}/{}, {} raises per round.",
        money(s.small_bet),
        money(s.big_bet),
        s.max_raises
    );
    let proc = crate::rules::poker::procedure::Procedure::of(p.game);
    if proc.as_ref().is_some_and(|x| x.blinds) {
        let blinds: Vec<String> = s.blinds.iter().map(|b| money(*b)).collect();
        text.push_str(&format!(" Blinds {}.", blinds.join(" / ")));
    }
    if p.ante > 0 {
        text.push_str(&format!(" Ante {}.", money(p.ante)));
    }
    if p.forced_bet > 0 {
        text.push_str(&format!(" Forced bet {}.", money(p.forced_bet)));
    }
    text
}

fn cards_text(cards: &[Card]) -> String {
    if cards.is_empty() {
        return "—".into();
    }
    cards
        .iter()
        .map(|c| c.pretty())
        .collect::<Vec<_>>()
        .join(" ")
}

fn title(ui: &mut Ui, text: &str) {
    ui.label(RichText::new(text).size(theme::TITLE).strong());
}

fn body(ui: &mut Ui, text: &str) {
    ui.label(RichText::new(text).size(theme::BODY));
}

fn body_colour(ui: &mut Ui, text: &str, colour: Color32) {
    ui.label(RichText::new(text).size(theme::BODY).color(colour));
}

/// Small print: sections and notes.
fn small(ui: &mut Ui, text: &str) {
    ui.label(
        RichText::new(text)
            .size(theme::SMALL)
            .color(theme::TEXT_DIM),
    );
}

/// One of several equal choices (a player's decision): a big button, not the primary colour.
fn choice(ui: &mut Ui, label: &str) -> bool {
    ui.add(Button::new(RichText::new(label).size(theme::BODY + 2.0)).min_size(theme::ACTION_SIZE))
        .clicked()
}

fn banner(ui: &mut Ui, text: &str) {
    egui::Frame::new()
        .fill(theme::DANGER_BG)
        .inner_margin(egui::Margin::same(12))
        .corner_radius(8)
        .show(ui, |ui| {
            ui.set_width(ui.available_width());
            ui.label(
                RichText::new(text)
                    .size(theme::BODY)
                    .strong()
                    .color(theme::TEXT),
            );
        });
}

fn field(ui: &mut Ui, name: &str, value: &str, focused: bool) {
    let stroke = if focused {
        theme::PRIMARY
    } else {
        theme::TEXT_DIM
    };
    egui::Frame::new()
        .fill(theme::FELT_DARK)
        .stroke(egui::Stroke::new(2.0, stroke))
        .inner_margin(egui::Margin::same(10))
        .corner_radius(6)
        .show(ui, |ui| {
            ui.label(RichText::new(format!("{name}: {value}")).size(theme::BODY + 2.0));
        });
}

/// A 13 × 4 grid of card faces; a card in `used` cannot be picked (no card enters twice).
fn card_grid(ui: &mut Ui, id: &str, used: &CardSet) -> Option<Card> {
    let mut picked = None;
    // Thirteen columns must fit the 1280-px screen: small padding, fixed key size.
    ui.spacing_mut().button_padding = egui::vec2(4.0, 4.0);
    egui::Grid::new(id).spacing([6.0, 6.0]).show(ui, |ui| {
        for suit in [Suit::Spades, Suit::Hearts, Suit::Diamonds, Suit::Clubs] {
            for rank in Rank::all().rev() {
                let c = Card::new(rank, suit);
                if cards::card_button(ui, c, theme::CARD_KEY, !used.contains(c)).clicked() {
                    picked = Some(c);
                }
            }
            ui.end_row();
        }
    });
    picked
}

/// The way to stop using a broken shuffler (§ 637a.18(r)); deliberately not the primary action.
fn out_of_service(ui: &mut Ui, cmds: &mut Vec<UiCmd>) {
    ui.add_space(theme::GAP);
    let b = Button::new(RichText::new("Shuffler out of service").size(theme::BODY))
        .min_size(theme::ACTION_SIZE);
    if ui.add(b).clicked() {
        cmds.push(UiCmd::Rules(Command::ShufflerOutOfService));
    }
}

/// The one primary action of a step: large, gold, with its name as its label.
fn primary(ui: &mut Ui, label: &str) -> bool {
    if !ui.layout().is_horizontal() {
        ui.add_space(theme::GAP);
    }
    let button = Button::new(
        RichText::new(label)
            .size(theme::BODY + 4.0)
            .color(theme::PRIMARY_TEXT)
            .strong(),
    )
    .fill(theme::PRIMARY)
    .min_size(theme::PRIMARY_SIZE);
    // A horizontal scope centres the label in the button.
    ui.horizontal(|ui| ui.add(button).clicked()).inner
}
