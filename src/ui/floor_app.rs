//! `deckhand floor`'s window (issue 44, item 2): the sign-in, then the board of the tables the
//! person watches. The board keeps its own journal, as a terminal does: its people (credential
//! number and PIN, with the same lock-outs), who signed in and out, and each call answered. The
//! screen draws and returns what was tapped; the logic checks PINs and hands acknowledgements to
//! the feed's own thread, so the window never waits for the server.

use super::floor_board::{BoardCmd, BoardView, Watcher};
use super::signature::Signature;
use super::theme;
use crate::config::floor::FloorConfig;
use crate::store::floor::FloorReader;
use crate::terminal::Terminal;
use egui::{Button, RichText, Ui};

/// What the sign-in form asks for.
enum FormCmd {
    SignIn,
}

/// The board's window.
pub struct FloorApp {
    feed: FloorReader,
    view: BoardView,
    /// The board's own records: its people, sign-ins and the calls answered from here.
    desk: Terminal,
    floor: FloorConfig,
    watcher: Option<Watcher>,
    form: Signature,
    refusal: Option<String>,
    form_cmds: Vec<FormCmd>,
    board_cmds: Vec<BoardCmd>,
    themed: bool,
    /// A sign-in waits for its PIN's check, which runs apart (`Terminal::begin_pin_check`):
    /// the form is drawn greyed meanwhile.
    signing_in: bool,
    /// "Try again" was tapped on the screen shown while the board's records cannot be saved.
    retry_writes: bool,
    /// The fault's screen going is a new screen: a second tap on "Try again" never keys a
    /// digit of the form beneath (`guard.rs`).
    guard: super::guard::TapGuard,
}

impl FloorApp {
    pub fn new(feed: FloorReader, desk: Terminal, floor: FloorConfig) -> FloorApp {
        FloorApp {
            feed,
            view: BoardView::new(floor.idle_minutes),
            desk,
            floor,
            watcher: None,
            form: Signature::default(),
            refusal: None,
            form_cmds: Vec::new(),
            board_cmds: Vec::new(),
            themed: false,
            signing_in: false,
            retry_writes: false,
            guard: Default::default(),
        }
    }

    /// Who is signed in, and what they see.
    pub fn watcher(&self) -> Option<&Watcher> {
        self.watcher.as_ref()
    }

    fn sign_in(&mut self) {
        let (credential, pin) = (self.form.credential.clone(), self.form.pin.clone());
        match self
            .desk
            .floor_board_sign_in(&credential, &pin, &self.floor)
        {
            Ok((person, scope)) => {
                self.watcher = Some(Watcher { person, scope });
                // Nothing the last person tapped carries over.
                self.view = BoardView::new(self.floor.idle_minutes);
                self.feed.show_recent(None);
                self.form = Signature::default();
                self.refusal = None;
            }
            Err(e) => {
                self.refusal = Some(e);
                self.form.refused(self.desk.pin_wait());
            }
        }
    }

    fn carry_out(&mut self, cmd: BoardCmd) {
        let Some(w) = &self.watcher else {
            return;
        };
        match cmd {
            BoardCmd::Acknowledge {
                terminal,
                call_serial,
            } => {
                self.feed.acknowledge(&terminal, call_serial, &w.person);
                self.desk
                    .floor_call_answered(&terminal, call_serial, &w.person);
            }
            BoardCmd::ShowRecords(terminal) => self.feed.show_recent(terminal.as_deref()),
            BoardCmd::SignOut => {
                self.desk.floor_board_signed_out(&w.person);
                self.watcher = None;
                self.feed.show_recent(None);
            }
        }
    }

    /// A sign-in's PIN is being checked apart.
    pub fn checking_pin(&self) -> bool {
        self.signing_in
    }

    /// The logic of one frame: what the last frame's taps asked for. A sign-in's PIN is checked
    /// apart (the Argon2 check and its reads, off the screen's thread); `ctx` is woken when it
    /// has answered, and the sign-in is carried out in the next frame's logic.
    pub fn step(&mut self, ctx: &egui::Context) {
        // The board's rows are handed to the writer and never waited for on the screen's
        // thread beyond a moment: the writer wakes the window with its answer.
        if !self.desk.has_waker() {
            let wake = ctx.clone();
            self.desk
                .set_waker(std::sync::Arc::new(move || wake.request_repaint()));
        }
        self.desk.floor_board_frame();
        if std::mem::take(&mut self.retry_writes) {
            self.desk.retry_writes();
        }
        if self.signing_in {
            if self.desk.pin_checking() {
                self.form_cmds.clear();
                return;
            }
            self.signing_in = false;
            self.sign_in();
            self.desk.forget_pin_check();
        }
        if let Some(FormCmd::SignIn) = std::mem::take(&mut self.form_cmds).into_iter().next() {
            let wake = ctx.clone();
            self.desk.begin_pin_check(
                &self.form.credential,
                &self.form.pin,
                Box::new(move || wake.request_repaint()),
            );
            self.signing_in = true;
            return;
        }
        for cmd in std::mem::take(&mut self.board_cmds) {
            self.carry_out(cmd);
        }
    }

    /// Draws the frame: the sign-in, or the board.
    pub fn draw(&mut self, ui: &mut Ui) {
        let fault = self.desk.write_fault().cloned();
        // The screen's key: 0 (the guard's first) without a fault, so the board starts uncovered.
        self.guard.frame(ui.ctx(), u64::from(fault.is_some()));
        ui.push_id(self.guard.generation(), |ui| self.draw_screen(ui, fault));
        self.guard.cover(ui.ctx(), false);
    }

    fn draw_screen(&mut self, ui: &mut Ui, fault: Option<crate::terminal::WriteFault>) {
        // Records that cannot be saved stop the board as they stop a terminal: one screen, until
        // the database takes them (tried again every few seconds, or on "Try again").
        if let Some(fault) = fault {
            self.retry_writes |= super::overlays::write_fault_screen_saying(
                ui,
                &fault,
                "Call a shift supervisor. Nothing can be done at this board until its records can be written again; nothing already recorded is lost.",
            );
            return;
        }
        match &self.watcher {
            Some(w) => {
                let board = self.feed.board();
                let w = w.clone();
                self.view.ack_failure = self.feed.ack_failure();
                self.board_cmds
                    .extend(self.view.show(ui, &board, &w, chrono::Utc::now()));
            }
            None => {
                egui::CentralPanel::default()
                    .frame(
                        egui::Frame::new()
                            .fill(theme::FELT)
                            .inner_margin(egui::Margin::same(32)),
                    )
                    .show(ui, |ui| {
                        // Greyed while a PIN is checked, and while the form settles after the
                        // fault's screen (the cover alone let a press there key a digit).
                        let settled = !self.guard.covered();
                        ui.add_enabled_ui(!self.signing_in && settled, |ui| self.sign_in_form(ui));
                    });
                super::overlays::what_waits(ui.ctx(), None, self.desk.pin_check_waited());
            }
        }
    }

    fn sign_in_form(&mut self, ui: &mut Ui) {
        ui.vertical_centered(|ui| {
            ui.set_max_width(560.0);
            ui.label(RichText::new("Floor board").size(theme::TITLE).strong());
            ui.label(
                RichText::new("Floorpersons and shift supervisors: your credential number and PIN")
                    .size(theme::BODY),
            );
            ui.add_space(theme::GAP);
            self.form.show(ui);
            ui.add_space(theme::GAP);
            let next = if self.form.pin_focused() {
                "Sign in"
            } else {
                "Next"
            };
            let b = Button::new(
                RichText::new(next)
                    .size(theme::BODY)
                    .color(theme::PRIMARY_TEXT),
            )
            .fill(theme::PRIMARY)
            .min_size(theme::PRIMARY_SIZE);
            if ui.add(b).clicked() {
                if self.form.is_complete() {
                    self.form_cmds.push(FormCmd::SignIn);
                } else {
                    self.form.focus_pin();
                }
            }
            if let Some(r) = &self.refusal {
                ui.label(RichText::new(r).size(theme::BODY).color(theme::DANGER));
            }
        });
    }
}

impl eframe::App for FloorApp {
    fn logic(&mut self, ctx: &egui::Context, _frame: &mut eframe::Frame) {
        if !self.themed {
            theme::apply(ctx);
            self.themed = true;
        }
        self.step(ctx);
        // The calls' ages tick while nothing new comes.
        ctx.request_repaint_after(std::time::Duration::from_secs(1));
    }

    fn ui(&mut self, ui: &mut Ui, _frame: &mut eframe::Frame) {
        self.draw(ui);
    }
}
