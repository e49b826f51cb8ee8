//! The floor board (issue 44, item 2), for the pit podium or the poker-room desk: every table
//! the central copy holds, the calls to the floor waiting oldest first and coloured by their
//! age, and each table's tile (game, dealer, open or closed, the round, a call, the device links
//! down, the last irregularity). It reads a [`Board`] only: the feed (`store::floor`) fills it
//! on its own thread from PostgreSQL's notifications; nothing here writes or queries.

use super::theme;
use crate::config::floor::Scope;
use crate::rules::table::Person;
use crate::store::floor::{Board, FloorCallView, TableView};
use egui::{RichText, Ui};

/// What a tap on the board asks for; the board's logic carries it out.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum BoardCmd {
    /// "I'm coming" to a table's call (its `floor_called` row's serial).
    Acknowledge {
        terminal: String,
        call_serial: i64,
    },
    SignOut,
}

/// Who is signed in at the board, and the tables they watch.
#[derive(Debug, Clone, PartialEq)]
pub struct Watcher {
    pub person: Person,
    pub scope: Scope,
}

/// How long a call has waited, in seconds, at `now` (0 for a time that does not read).
pub fn waited_seconds(call: &FloorCallView, now: chrono::DateTime<chrono::Utc>) -> i64 {
    chrono::DateTime::parse_from_rfc3339(&call.since_utc)
        .map(|t| (now - t.with_timezone(&chrono::Utc)).num_seconds().max(0))
        .unwrap_or(0)
}

/// A call's colour by its age: under a minute amber, then red; a supervisor's call red at once
/// after a minute as well (both are waiting on the table's game).
pub fn age_colour(seconds: i64) -> egui::Color32 {
    if seconds < 60 {
        theme::WARN
    } else {
        theme::DANGER
    }
}

fn minutes(seconds: i64) -> String {
    format!("{}:{:02}", seconds / 60, seconds % 60)
}

fn table_name(t: &TableView) -> String {
    t.table_no
        .map_or_else(|| t.terminal.clone(), |n| format!("Table {n}"))
}

/// What the board shows and what was tapped on it.
#[derive(Default)]
pub struct BoardView {
    /// The table tapped: its tile's details under the calls.
    pub selected: Option<String>,
    /// The last answer that did not reach the server, in words.
    pub ack_failure: Option<String>,
}

impl BoardView {
    /// Draws the board at `now` for `who`: the tables of their sections, and what they tapped.
    pub fn show(
        &mut self,
        ui: &mut Ui,
        board: &Board,
        who: &Watcher,
        now: chrono::DateTime<chrono::Utc>,
    ) -> Vec<BoardCmd> {
        let mut cmds = Vec::new();
        let mine = |t: &TableView| who.scope.shows(t.table_no);
        let calls: Vec<_> = board.calls().into_iter().filter(|(t, _)| mine(t)).collect();
        let shown = board.tables.values().filter(|t| mine(t)).count();
        egui::Panel::top("floor-status")
            .frame(
                egui::Frame::new()
                    .fill(theme::PANEL)
                    .inner_margin(egui::Margin::symmetric(16, 10)),
            )
            .show(ui, |ui| {
                ui.horizontal(|ui| {
                    let text = |s: String| RichText::new(s).size(theme::STATUS);
                    ui.label(text("Floor board".into()).strong());
                    ui.separator();
                    let plural = if shown == 1 { "" } else { "s" };
                    ui.label(text(format!("{} · {shown} table{plural}", who.scope.name)));
                    ui.separator();
                    let waiting = match calls.len() {
                        1 => "1 call waiting".to_string(),
                        n => format!("{n} calls waiting"),
                    };
                    ui.label(text(waiting).color(if calls.is_empty() {
                        theme::TEXT_DIM
                    } else {
                        theme::WARN
                    }));
                    ui.separator();
                    match (&board.error, board.connected) {
                        (_, true) => ui.label(text("● Central copy live".into()).color(theme::OK)),
                        (Some(_), false) => {
                            ui.label(text("✖ Central copy offline".into()).color(theme::DANGER))
                        }
                        (None, false) => ui.label(text("◌ Connecting".into()).color(theme::WARN)),
                    };
                    ui.with_layout(egui::Layout::right_to_left(egui::Align::Center), |ui| {
                        let out = egui::Button::new(text("Sign out".into()))
                            .min_size(egui::vec2(0.0, theme::MIN_TARGET));
                        if ui.add(out).clicked() {
                            cmds.push(BoardCmd::SignOut);
                        }
                        ui.label(text(format!(
                            "{} ({})",
                            who.person.name,
                            who.person.role.name()
                        )));
                    });
                });
                // Why, on a line of its own: the header keeps its place and its Sign out.
                if let (Some(e), false) = (&board.error, board.connected) {
                    ui.label(RichText::new(e).size(theme::SMALL).color(theme::DANGER));
                }
                if let Some(f) = &self.ack_failure {
                    ui.label(RichText::new(f).size(theme::BODY).color(theme::DANGER));
                }
            });
        egui::Panel::left("floor-calls")
            .exact_size(420.0)
            .resizable(false)
            .frame(
                egui::Frame::new()
                    .fill(theme::FELT_DARK)
                    .inner_margin(egui::Margin::same(16)),
            )
            .show(ui, |ui| {
                self.calls(ui, &calls, (board, who), now, &mut cmds)
            });
        egui::CentralPanel::default()
            .frame(
                egui::Frame::new()
                    .fill(theme::FELT)
                    .inner_margin(egui::Margin::same(16)),
            )
            .show(ui, |ui| {
                egui::ScrollArea::vertical()
                    .auto_shrink([false, false])
                    .show(ui, |ui| self.tiles(ui, board, &mine, now));
            });
        cmds
    }

    /// The calls waiting, oldest first, then the tapped table's details.
    fn calls(
        &mut self,
        ui: &mut Ui,
        calls: &[(&TableView, &FloorCallView)],
        (board, who): (&Board, &Watcher),
        now: chrono::DateTime<chrono::Utc>,
        cmds: &mut Vec<BoardCmd>,
    ) {
        ui.label(RichText::new("Calls, oldest first").size(theme::TITLE - 6.0));
        if calls.is_empty() {
            ui.label(RichText::new("No call waiting.").color(theme::TEXT_DIM));
        }
        for (t, c) in calls {
            let s = waited_seconds(c, now);
            let mut words = format!(
                "{} · {} · {} · {}",
                minutes(s),
                table_name(t),
                c.reason,
                c.role
            );
            if let Some(a) = &c.coming {
                words.push_str(&format!("\n{} is coming", a.name));
            }
            ui.horizontal(|ui| {
                // One tap answers: "I'm coming" beside each call not yet answered.
                let answer = if c.coming.is_none() { 150.0 } else { 0.0 };
                let width = ui.available_width() - answer;
                let b = egui::Button::new(
                    RichText::new(words)
                        .size(theme::BODY - 2.0)
                        .color(age_colour(s)),
                )
                .wrap_mode(egui::TextWrapMode::Wrap)
                .min_size(egui::vec2(width, theme::MIN_TARGET));
                // The call's words wrap within their part of the row.
                let tapped = ui
                    .allocate_ui_with_layout(
                        egui::vec2(width, theme::MIN_TARGET),
                        egui::Layout::top_down_justified(egui::Align::LEFT),
                        |ui| ui.add(b),
                    )
                    .inner
                    .clicked();
                if tapped {
                    self.selected = Some(t.terminal.clone());
                }
                if c.coming.is_none() {
                    let coming = egui::Button::new(
                        RichText::new("I'm coming")
                            .size(theme::BODY - 2.0)
                            .color(theme::PRIMARY_TEXT),
                    )
                    .fill(theme::PRIMARY)
                    .min_size(egui::vec2(answer - theme::GAP, theme::MIN_TARGET));
                    let size = egui::vec2(answer - theme::GAP, theme::MIN_TARGET);
                    if ui.add_sized(size, coming).clicked() {
                        cmds.push(BoardCmd::Acknowledge {
                            terminal: t.terminal.clone(),
                            call_serial: c.serial,
                        });
                    }
                }
            });
        }
        // A table of this person's sections only (the one tapped by someone before is not).
        let selected = self.selected.as_ref().and_then(|s| board.tables.get(s));
        if let Some(t) = selected.filter(|t| who.scope.shows(t.table_no)) {
            ui.add_space(theme::GAP);
            ui.separator();
            details(ui, t, now);
        }
    }

    /// A tile per table, as many to a row as fit.
    fn tiles(
        &mut self,
        ui: &mut Ui,
        board: &Board,
        mine: &dyn Fn(&TableView) -> bool,
        now: chrono::DateTime<chrono::Utc>,
    ) {
        const TILE: egui::Vec2 = egui::vec2(260.0, 132.0);
        let across = ((ui.available_width() + theme::GAP) / (TILE.x + theme::GAP))
            .floor()
            .max(1.0) as usize;
        let mut tables: Vec<&TableView> = board.tables.values().filter(|t| mine(t)).collect();
        tables.sort_by_key(|t| (t.table_no.is_none(), t.table_no, t.terminal.as_str()));
        for row in tables.chunks(across) {
            ui.horizontal(|ui| {
                for t in row {
                    if tile(ui, t, now, TILE).clicked() {
                        self.selected = Some(t.terminal.clone());
                    }
                }
            });
            ui.add_space(theme::GAP / 2.0);
        }
    }
}

/// One table's tile: its lines in one button, the call's colour on its frame.
fn tile(
    ui: &mut Ui,
    t: &TableView,
    now: chrono::DateTime<chrono::Utc>,
    size: egui::Vec2,
) -> egui::Response {
    let mut lines = vec![format!(
        "{} · {}",
        table_name(t),
        t.game.as_deref().unwrap_or("no game yet")
    )];
    let (per_hour, _) = t.rounds_last_hour(now);
    lines.push(match (&t.dealer, t.open) {
        (Some((name, _)), true) => format!("{name} · round {} · {per_hour}/h", t.round),
        (None, true) => "Open · no dealer signed in".into(),
        (_, false) => "Closed".into(),
    });
    if let Some(c) = &t.call {
        lines.push(match &c.coming {
            Some(a) => format!("{} coming · {}", a.name, c.reason),
            None => format!(
                "Floor called {} · {}",
                minutes(waited_seconds(c, now)),
                c.reason
            ),
        });
    }
    if !t.links_down.is_empty() {
        lines.push(format!("✖ {} down", t.links_down.join(", ")));
    }
    let stroke = match &t.call {
        Some(c) => egui::Stroke::new(3.0, age_colour(waited_seconds(c, now))),
        None => egui::Stroke::new(1.0, theme::CARD_BG),
    };
    let b = egui::Button::new(RichText::new(lines.join("\n")).size(theme::SMALL))
        .min_size(size)
        .stroke(stroke)
        .wrap_mode(egui::TextWrapMode::Wrap);
    ui.add_sized(size, b)
}

/// The tapped table in words.
fn details(ui: &mut Ui, t: &TableView, now: chrono::DateTime<chrono::Utc>) {
    let line = |ui: &mut Ui, s: String| {
        ui.label(RichText::new(s).size(theme::SMALL + 2.0));
    };
    ui.label(RichText::new(table_name(t)).size(theme::TITLE - 6.0));
    line(ui, format!("Terminal {}", t.terminal));
    line(
        ui,
        format!("Game: {}", t.game.as_deref().unwrap_or("none yet")),
    );
    line(
        ui,
        match &t.dealer {
            Some((name, credential)) => format!("Dealer {name} ({credential})"),
            None => "No dealer signed in".into(),
        },
    );
    line(
        ui,
        format!(
            "{} · round {}",
            if t.open { "Open" } else { "Closed" },
            t.round
        ),
    );
    if let Some(c) = &t.call {
        line(
            ui,
            format!(
                "Call: {} ({}), {} waiting",
                c.reason,
                c.role,
                minutes(waited_seconds(c, now))
            ),
        );
    }
    if let Some(a) = t.call.as_ref().and_then(|c| c.coming.as_ref()) {
        line(ui, format!("{} ({}) is coming", a.name, a.role));
    }
    let (table, dealer) = t.rounds_last_hour(now);
    line(
        ui,
        match &t.dealer {
            Some((name, _)) => format!("Rounds in the last hour: {table} ({name}: {dealer})"),
            None => format!("Rounds in the last hour: {table}"),
        },
    );
    if let Some(i) = &t.last_irregularity {
        line(ui, format!("Last irregularity: {i}"));
    }
    line(
        ui,
        format!(
            "Newest record #{} · last change {}",
            t.serial, t.last_row_utc
        ),
    );
}
