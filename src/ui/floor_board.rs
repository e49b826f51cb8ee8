//! The floor board (issue 44, item 2), for the pit podium or the poker-room desk: every table
//! the central copy holds, the calls to the floor waiting oldest first and coloured by their
//! age, and each table's tile (game, dealer and their time at the table, open, idle or closed,
//! the round and rounds an hour, a call, a wrong count or jam, the device links down). A table
//! tapped shows its details (the progressive meters, the High Hand period, the last
//! irregularity) and its newest records in words. It reads a [`Board`] only: the feed
//! (`store::floor`) fills it on its own thread; nothing here writes or queries.

use super::theme;
use crate::config::floor::Scope;
use crate::rules::table::Person;
use crate::store::floor::{Board, FloorCallView, TableView};
use egui::{RichText, Ui};

/// Narrower than this (points), the header's calls waiting and central copy's state go on a
/// line of their own below the title.
const NARROW_HEADER: f32 = 1280.0;

/// What a tap on the board asks for; the board's logic carries it out.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum BoardCmd {
    /// "I'm coming" to a table's call (its `floor_called` row's serial).
    Acknowledge {
        terminal: String,
        call_serial: i64,
    },
    /// The newest records of a table (none: of no table), for its details.
    ShowRecords(Option<String>),
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

/// The frame of the calls' column and of the tapped table's panel.
fn side_frame() -> egui::Frame {
    egui::Frame::new()
        .fill(theme::FELT_DARK)
        .inner_margin(egui::Margin::same(16))
}

/// `text` cut to `most` characters, "…" ending one cut.
fn cut(text: &str, most: usize) -> String {
    if text.chars().count() <= most {
        return text.to_string();
    }
    text.chars().take(most - 1).collect::<String>() + "…"
}

/// "47 min", "1 h 05 min": how long since `since`.
fn duration_since(
    since: chrono::DateTime<chrono::Utc>,
    now: chrono::DateTime<chrono::Utc>,
) -> String {
    let m = (now - since).num_minutes().max(0);
    if m < 60 {
        format!("{m} min")
    } else {
        format!("{} h {:02} min", m / 60, m % 60)
    }
}

fn table_name(t: &TableView) -> String {
    t.table_no
        .map_or_else(|| t.terminal.clone(), |n| format!("Table {n}"))
}

/// What the board shows and what was tapped on it.
pub struct BoardView {
    /// The table tapped: its tile's details under the calls.
    pub selected: Option<String>,
    /// The last answer that did not reach the server, in words.
    pub ack_failure: Option<String>,
    /// An open table without a round for this many minutes is idle (`[floor] idle_minutes`).
    pub idle_minutes: u32,
}

impl Default for BoardView {
    fn default() -> Self {
        BoardView::new(crate::config::floor::FloorConfig::default().idle_minutes)
    }
}

impl BoardView {
    pub fn new(idle_minutes: u32) -> BoardView {
        BoardView {
            selected: None,
            ack_failure: None,
            idle_minutes,
        }
    }

    /// A table tapped: its details, and its newest records asked for.
    fn select(&mut self, terminal: &str, cmds: &mut Vec<BoardCmd>) {
        if self.selected.as_deref() != Some(terminal) {
            self.selected = Some(terminal.to_string());
            cmds.push(BoardCmd::ShowRecords(Some(terminal.to_string())));
        }
    }

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
                let text = |s: String| RichText::new(s).size(theme::STATUS);
                // The calls waiting and the central copy's state: beside the title on a wide
                // screen, on a line of their own below it on a narrow one (at 1024 pixels they
                // ran under the signed-in name).
                let status = |ui: &mut Ui| {
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
                };
                let narrow = ui.available_width() < NARROW_HEADER;
                ui.horizontal(|ui| {
                    ui.label(text("Floor board".into()).strong());
                    ui.separator();
                    let plural = if shown == 1 { "" } else { "s" };
                    ui.label(text(format!("{} · {shown} table{plural}", who.scope.name)));
                    if !narrow {
                        ui.separator();
                        status(ui);
                    }
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
                if narrow {
                    ui.horizontal(status);
                }
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
            .frame(side_frame())
            .show(ui, |ui| {
                crate::ui::theme::scroll_vertical()
                    .auto_shrink([false, false])
                    .show(ui, |ui| self.calls(ui, &calls, now, &mut cmds));
            });
        // The table tapped, beside the tiles: a table of this person's sections only (the one
        // tapped by someone before is not).
        let selected = self.selected.as_ref().and_then(|s| board.tables.get(s));
        if let Some(t) = selected.filter(|t| who.scope.shows(t.table_no)) {
            self.table_panel(ui, board, t, now, &mut cmds);
        }
        egui::CentralPanel::default()
            .frame(
                egui::Frame::new()
                    .fill(theme::FELT)
                    .inner_margin(egui::Margin::same(16)),
            )
            .show(ui, |ui| {
                crate::ui::theme::scroll_vertical()
                    .auto_shrink([false, false])
                    .show(ui, |ui| self.tiles(ui, board, &mine, now, &mut cmds));
            });
        cmds
    }

    /// The calls waiting, oldest first, then the tapped table's details.
    fn calls(
        &mut self,
        ui: &mut Ui,
        calls: &[(&TableView, &FloorCallView)],
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
                    self.select(&t.terminal, cmds);
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
    }

    /// The tapped table's details and newest records, in a panel on the right.
    fn table_panel(
        &mut self,
        ui: &mut Ui,
        board: &Board,
        t: &TableView,
        now: chrono::DateTime<chrono::Utc>,
        cmds: &mut Vec<BoardCmd>,
    ) {
        // A third of the window, at least 400 px: the records' sentences read on one or two
        // lines.
        let width = (ui.available_width() / 3.0).max(400.0);
        egui::Panel::right("floor-table")
            .exact_size(width)
            .resizable(false)
            .frame(side_frame())
            .show(ui, |ui| {
                ui.horizontal(|ui| {
                    ui.label(RichText::new(table_name(t)).size(theme::TITLE - 6.0));
                    ui.with_layout(egui::Layout::right_to_left(egui::Align::Center), |ui| {
                        let close =
                            egui::Button::new(RichText::new("Close").size(theme::BODY - 2.0))
                                .min_size(egui::vec2(120.0, theme::MIN_TARGET));
                        if ui.add(close).clicked() {
                            self.selected = None;
                            cmds.push(BoardCmd::ShowRecords(None));
                        }
                    });
                });
                crate::ui::theme::scroll_vertical()
                    .auto_shrink([false, false])
                    .show(ui, |ui| {
                        details(ui, t, now, self.idle_minutes);
                        records(ui, board, t);
                    });
            });
    }

    /// A tile per table, as many to a row as fit.
    fn tiles(
        &mut self,
        ui: &mut Ui,
        board: &Board,
        mine: &dyn Fn(&TableView) -> bool,
        now: chrono::DateTime<chrono::Utc>,
        cmds: &mut Vec<BoardCmd>,
    ) {
        const TILE: egui::Vec2 = egui::vec2(260.0, 150.0);
        let across = ((ui.available_width() + theme::GAP) / (TILE.x + theme::GAP))
            .floor()
            .max(1.0) as usize;
        let mut tables: Vec<&TableView> = board.tables.values().filter(|t| mine(t)).collect();
        tables.sort_by_key(|t| (t.table_no.is_none(), t.table_no, t.terminal.as_str()));
        for row in tables.chunks(across) {
            ui.horizontal(|ui| {
                for t in row {
                    if tile(ui, t, now, TILE, self.idle_minutes).clicked() {
                        self.select(&t.terminal, cmds);
                    }
                }
            });
            ui.add_space(theme::GAP / 2.0);
        }
    }
}

/// One table's tile: its lines in one button, the call's colour (or a wrong count's or a jam's)
/// on its frame.
fn tile(
    ui: &mut Ui,
    t: &TableView,
    now: chrono::DateTime<chrono::Utc>,
    size: egui::Vec2,
    idle_after: u32,
) -> egui::Response {
    let mut lines = vec![format!(
        "{} · {}",
        table_name(t),
        t.game.as_deref().unwrap_or("no game yet")
    )];
    lines.push(match (&t.dealer, t.open) {
        (Some((name, _)), true) => match t.dealer_since {
            Some(since) => format!("{name} · {}", duration_since(since, now)),
            None => name.clone(),
        },
        (None, true) => "Open · no dealer signed in".into(),
        (_, false) => "Closed".into(),
    });
    if t.open {
        let (per_hour, _) = t.rounds_last_hour(now);
        lines.push(match t.idle_minutes(now, idle_after) {
            Some(m) => format!("Idle {m} min · round {}", t.round),
            None => format!("Round {} · {per_hour}/h", t.round),
        });
    }
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
    if let Some(trouble) = &t.trouble {
        lines.push(format!("⚠ {}", trouble.words));
    }
    if !t.links_down.is_empty() {
        lines.push(format!("✖ {} down", t.links_down.join(", ")));
    }
    let stroke = match (&t.call, &t.trouble) {
        (Some(c), _) => egui::Stroke::new(3.0, age_colour(waited_seconds(c, now))),
        (None, Some(_)) => egui::Stroke::new(3.0, theme::DANGER),
        (None, None) => egui::Stroke::new(1.0, theme::CARD_BG),
    };
    // Each line two of the tile's lines at most (a device's words can be long): the details
    // say it whole.
    let lines: Vec<String> = lines.into_iter().map(|l| cut(&l, 64)).collect();
    let b = egui::Button::new(RichText::new(lines.join("\n")).size(theme::SMALL))
        .min_size(size)
        .stroke(stroke)
        .wrap_mode(egui::TextWrapMode::Wrap);
    ui.add_sized(size, b)
}

/// The tapped table in words.
fn details(ui: &mut Ui, t: &TableView, now: chrono::DateTime<chrono::Utc>, idle_after: u32) {
    let line = |ui: &mut Ui, s: String| {
        ui.label(RichText::new(s).size(theme::SMALL + 2.0));
    };
    let warn = |ui: &mut Ui, s: String| {
        ui.label(
            RichText::new(s)
                .size(theme::SMALL + 2.0)
                .color(theme::DANGER),
        );
    };
    line(ui, format!("Terminal {}", t.terminal));
    line(
        ui,
        format!("Game: {}", t.game.as_deref().unwrap_or("none yet")),
    );
    line(
        ui,
        match (&t.dealer, t.dealer_since) {
            (Some((name, credential)), Some(since)) => format!(
                "Dealer {name} ({credential}), at the table {}",
                duration_since(since, now)
            ),
            (Some((name, credential)), None) => format!("Dealer {name} ({credential})"),
            (None, _) => "No dealer signed in".into(),
        },
    );
    line(
        ui,
        match (t.open, t.idle_minutes(now, idle_after)) {
            (true, Some(m)) => format!("Open · idle {m} min · round {}", t.round),
            (true, None) => format!("Open · round {}", t.round),
            (false, _) => format!("Closed · round {}", t.round),
        },
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
    if let Some(trouble) = &t.trouble {
        let since = crate::store::floor_view::utc(&trouble.since_utc).map_or(String::new(), |at| {
            format!(", {} ago", duration_since(at, now))
        });
        warn(ui, format!("⚠ {}{since}", trouble.words));
    }
    if !t.links_down.is_empty() {
        warn(ui, format!("✖ {} link down", t.links_down.join(", ")));
    }
    let (table, dealer) = t.rounds_last_hour(now);
    line(
        ui,
        match &t.dealer {
            Some((name, _)) => format!("Rounds in the last hour: {table} ({name}: {dealer})"),
            None => format!("Rounds in the last hour: {table}"),
        },
    );
    meters(ui, t);
    if let Some(i) = &t.last_irregularity {
        line(ui, format!("Last irregularity: {i}"));
    }
}

/// The progressive controller's meters and the High Hand period, as the table's rows last gave
/// them.
fn meters(ui: &mut Ui, t: &TableView) {
    let line = |ui: &mut Ui, s: String| {
        ui.label(RichText::new(s).size(theme::SMALL + 2.0));
    };
    if !t.progressive.is_empty() {
        let each: Vec<String> = t
            .progressive
            .iter()
            .map(|(meter, cents)| {
                format!(
                    "{} {}",
                    super::panels::meter_name(*meter),
                    crate::rules::money(*cents)
                )
            })
            .collect();
        line(ui, format!("Progressive meters: {}", each.join(" · ")));
    }
    if let Some(h) = &t.high_hand {
        let mut words = format!(
            "High Hand, period from {}: {} dropped here",
            h.period.replace('T', " "),
            crate::rules::money(h.dropped)
        );
        if let Some((_, hand, seat)) = &h.best {
            words.push_str(&format!("; best {hand} (seat {seat})"));
        }
        line(ui, words);
    }
}

/// The table's newest records in words, newest first: the review's narration.
fn records(ui: &mut Ui, board: &Board, t: &TableView) {
    ui.add_space(theme::GAP / 2.0);
    ui.label(
        RichText::new("Newest records (times UTC)")
            .size(theme::BODY - 2.0)
            .strong(),
    );
    let Some(recent) = board.recent.as_ref().filter(|r| r.terminal == t.terminal) else {
        ui.label(
            RichText::new("Reading…")
                .size(theme::SMALL)
                .color(theme::TEXT_DIM),
        );
        return;
    };
    for row in &recent.rows {
        let time = row.ts_utc.get(11..19).unwrap_or(&row.ts_utc);
        ui.label(
            RichText::new(format!(
                "#{} {time} · {}",
                row.serial,
                super::review_words::sentence(row)
            ))
            .size(theme::SMALL),
        );
    }
}
