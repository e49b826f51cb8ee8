//! The floor board (issue 44, item 2), for the pit podium or the poker-room desk: every table
//! the central copy holds, the calls to the floor waiting oldest first and coloured by their
//! age, and each table's tile (game, dealer, open or closed, the round, a call, the device links
//! down, the last irregularity). It reads a [`Board`] only: the feed (`store::floor`) fills it
//! on its own thread from PostgreSQL's notifications; nothing here writes or queries.

use super::theme;
use crate::store::floor::{Board, FloorCallView, TableView};
use egui::{RichText, Ui};

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
}

impl BoardView {
    /// Draws the board at `now`.
    pub fn show(&mut self, ui: &mut Ui, board: &Board, now: chrono::DateTime<chrono::Utc>) {
        let calls = board.calls();
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
                    ui.label(text(format!("{} tables", board.tables.len())));
                    ui.separator();
                    let waiting = format!("{} calls waiting", calls.len());
                    ui.label(text(waiting).color(if calls.is_empty() {
                        theme::TEXT_DIM
                    } else {
                        theme::WARN
                    }));
                    ui.separator();
                    match (&board.error, board.connected) {
                        (_, true) => ui.label(text("● Central copy live".into()).color(theme::OK)),
                        (Some(e), false) => ui.label(
                            text(format!("✖ Central copy offline: {e}")).color(theme::DANGER),
                        ),
                        (None, false) => ui.label(text("◌ Connecting".into()).color(theme::WARN)),
                    };
                });
            });
        egui::Panel::left("floor-calls")
            .exact_size(420.0)
            .resizable(false)
            .frame(
                egui::Frame::new()
                    .fill(theme::FELT_DARK)
                    .inner_margin(egui::Margin::same(16)),
            )
            .show(ui, |ui| self.calls(ui, &calls, board, now));
        egui::CentralPanel::default()
            .frame(
                egui::Frame::new()
                    .fill(theme::FELT)
                    .inner_margin(egui::Margin::same(16)),
            )
            .show(ui, |ui| {
                egui::ScrollArea::vertical()
                    .auto_shrink([false, false])
                    .show(ui, |ui| self.tiles(ui, board, now));
            });
    }

    /// The calls waiting, oldest first, then the tapped table's details.
    fn calls(
        &mut self,
        ui: &mut Ui,
        calls: &[(&TableView, &FloorCallView)],
        board: &Board,
        now: chrono::DateTime<chrono::Utc>,
    ) {
        ui.label(RichText::new("Calls, oldest first").size(theme::TITLE - 6.0));
        if calls.is_empty() {
            ui.label(RichText::new("No call waiting.").color(theme::TEXT_DIM));
        }
        for (t, c) in calls {
            let s = waited_seconds(c, now);
            let words = format!(
                "{} · {} · {} · {}",
                minutes(s),
                table_name(t),
                c.reason,
                c.role
            );
            let b = egui::Button::new(
                RichText::new(words)
                    .size(theme::BODY - 2.0)
                    .color(age_colour(s)),
            )
            .min_size(egui::vec2(ui.available_width(), theme::MIN_TARGET));
            if ui.add(b).clicked() {
                self.selected = Some(t.terminal.clone());
            }
        }
        if let Some(t) = self.selected.as_ref().and_then(|s| board.tables.get(s)) {
            ui.add_space(theme::GAP);
            ui.separator();
            details(ui, t, now);
        }
    }

    /// A tile per table, as many to a row as fit.
    fn tiles(&mut self, ui: &mut Ui, board: &Board, now: chrono::DateTime<chrono::Utc>) {
        const TILE: egui::Vec2 = egui::vec2(260.0, 132.0);
        let across = ((ui.available_width() + theme::GAP) / (TILE.x + theme::GAP))
            .floor()
            .max(1.0) as usize;
        let tables: Vec<&TableView> = board.tables.values().collect();
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
    lines.push(match (&t.dealer, t.open) {
        (Some((name, _)), true) => format!("{name} · round {}", t.round),
        (None, true) => "Open · no dealer signed in".into(),
        (_, false) => "Closed".into(),
    });
    if let Some(c) = &t.call {
        lines.push(format!(
            "Floor called {} · {}",
            minutes(waited_seconds(c, now)),
            c.reason
        ));
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
    if let Some(i) = &t.last_irregularity {
        line(ui, format!("Last irregularity: {i}"));
    }
    line(
        ui,
        format!("Last record #{} at {}", t.serial, t.last_row_utc),
    );
}

/// The board's window: the feed's board drawn once a second, or at once when the feed wakes it.
pub struct FloorApp {
    feed: crate::store::floor::FloorReader,
    view: BoardView,
    themed: bool,
}

impl FloorApp {
    pub fn new(feed: crate::store::floor::FloorReader) -> FloorApp {
        FloorApp {
            feed,
            view: BoardView::default(),
            themed: false,
        }
    }
}

impl eframe::App for FloorApp {
    fn logic(&mut self, ctx: &egui::Context, _frame: &mut eframe::Frame) {
        if !self.themed {
            theme::apply(ctx);
            self.themed = true;
        }
        // The calls' ages tick while nothing new comes.
        ctx.request_repaint_after(std::time::Duration::from_secs(1));
    }

    fn ui(&mut self, ui: &mut Ui, _frame: &mut eframe::Frame) {
        let board = self.feed.board();
        self.view.show(ui, &board, chrono::Utc::now());
    }
}
