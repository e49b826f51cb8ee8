//! The supervisor review in the terminal: reached with a supervisor's credential number and
//! PIN, it finds any record by kind, table, period and text, newest first a page at a time,
//! shows one record whole with who verified it and the rows that correct it, keeps the chain
//! status in view, and exports what is filtered as CSV.

use super::{DeckhandApp, UiCmd, body, body_colour, keypad, small, theme, title};
use crate::rules::table::Person;
use crate::store::review::{Filter, KindGroup};
use crate::store::{ChainStatus, JournalRow, Store};
use egui::{Button, RichText, Ui};
use std::sync::{Arc, Mutex};

pub const PAGE: usize = 200;

#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Period {
    Today,
    Week,
    All,
    /// From and to keyed on the keypad (a shift, a week of nights).
    Range,
}

pub struct ReviewState {
    pub supervisor: Person,
    pub filter: Filter,
    pub period: Period,
    pub table_entry: String,
    /// A dealer's credential number.
    pub dealer_entry: String,
    pub text_entry: String,
    /// Keyed dates: YYYYMMDD or YYYYMMDDHHMM (UTC).
    pub from_entry: String,
    pub to_entry: String,
    /// Games the journal's tables were opened with, for the game chip.
    pub games: Vec<String>,
    /// Which entry pad is open: 0 none, 1 table, 2 text, 3 dealer, 4 from, 5 to.
    pub pad: u8,
    pub rows: Vec<JournalRow>,
    pub more: bool,
    /// How far the list is scrolled, kept across the screens the tap guard counts.
    pub list_offset: f32,
    pub total: i64,
    pub selected: Option<JournalRow>,
    pub corrections: Vec<JournalRow>,
    /// Filled by a background walk of the whole chain.
    pub chain: Arc<Mutex<Option<String>>>,
    pub notice: Option<String>,
    /// The charts instead of the list, with their data for the current filter.
    pub charts: Option<crate::store::review::ChartData>,
    /// "All tables": the central database's copy, read on its own thread.
    pub central: Option<crate::store::central::CentralReader>,
    /// The central chain status while searching all tables.
    pub central_chain: Option<String>,
    /// A question to the central database is out.
    pub waiting: bool,
    /// A recorded round being stepped through.
    pub replay: Option<RoundReplay>,
    /// The round the selected record belongs to (its serial, the round), looked up once.
    pub round_of_selected: Option<(i64, Option<u32>)>,
    /// Names beside credential numbers; the games of the rows listed; the raw record shown.
    pub names: super::review_words::Names,
    pub games_of: std::collections::HashMap<i64, String>,
    pub details: bool,
    /// The kinds' chips are open (a chip "Kind: …" opens them; picking one closes them), so the
    /// list keeps its rows on a 768-pixel screen.
    pub kinds_open: bool,
}

/// A round replayed from the journal, one step on the screen at a time.
#[derive(Debug, Clone)]
pub struct RoundReplay {
    pub round: u32,
    pub steps: Vec<crate::store::replay::RoundStep>,
    pub at: usize,
}

impl std::fmt::Debug for ReviewState {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("ReviewState")
            .field("supervisor", &self.supervisor.credential)
            .field("rows", &self.rows.len())
            .finish_non_exhaustive()
    }
}

impl ReviewState {
    pub fn open(store: &Store, supervisor: Person) -> ReviewState {
        let chain = Arc::new(Mutex::new(None));
        let slot = chain.clone();
        let path = store.path().to_path_buf();
        // The walk reads its own connection, so the screen never waits for it.
        std::thread::spawn(move || {
            let text = match Store::verify_file(&path) {
                Ok(ChainStatus::Intact { rows, head }) => {
                    format!(
                        "Chain intact: {rows} rows, head {}",
                        &head[..12.min(head.len())]
                    )
                }
                Ok(ChainStatus::Broken { serial, problem }) => {
                    format!("CHAIN BROKEN at serial {serial}: {problem}")
                }
                Err(e) => format!("Chain not checked: {e}"),
            };
            if let Ok(mut s) = slot.lock() {
                *s = Some(text);
            }
        });
        let mut r = ReviewState {
            supervisor,
            filter: Filter::default(),
            period: Period::All,
            table_entry: String::new(),
            dealer_entry: String::new(),
            text_entry: String::new(),
            from_entry: String::new(),
            to_entry: String::new(),
            games: store.games_played().unwrap_or_default(),
            pad: 0,
            rows: vec![],
            more: false,
            list_offset: 0.0,
            total: 0,
            selected: None,
            replay: None,
            round_of_selected: None,
            corrections: vec![],
            chain,
            notice: None,
            charts: None,
            central: None,
            central_chain: None,
            waiting: false,
            names: super::review_words::Names::load(store),
            games_of: Default::default(),
            details: false,
            kinds_open: false,
        };
        r.reload(store);
        r
    }

    fn apply_period(&mut self) {
        let now = chrono::Utc::now();
        self.filter.to = None;
        if self.period == Period::Range {
            match (keyed_time(&self.from_entry), keyed_time(&self.to_entry)) {
                (Ok(from), Ok(to)) => {
                    self.filter.from = from;
                    self.filter.to = to;
                }
                (Err(e), _) => {
                    self.notice = Some(format!("From: {e}"));
                    self.filter.from = None;
                }
                (_, Err(e)) => self.notice = Some(format!("To: {e}")),
            }
            return;
        }
        self.filter.from = match self.period {
            Period::All | Period::Range => None,
            Period::Today => Some(now.format("%Y-%m-%d").to_string()),
            Period::Week => Some(
                (now - chrono::Duration::days(7))
                    .format("%Y-%m-%d")
                    .to_string(),
            ),
        };
    }

    pub fn reload(&mut self, store: &Store) {
        self.notice = None;
        self.list_offset = 0.0;
        self.apply_period();
        self.filter.table = self.table_entry.trim().parse().ok();
        let dealer = self.dealer_entry.trim();
        self.filter.dealer = (!dealer.is_empty()).then(|| dealer.to_string());
        let text = self.text_entry.trim();
        self.filter.text = (!text.is_empty()).then(|| text.to_string());
        if let Some(c) = &self.central {
            use crate::store::central::CentralQuery;
            c.ask(CentralQuery::Page {
                filter: self.filter.clone(),
                before: None,
                limit: PAGE,
            });
            c.ask(CentralQuery::Count(self.filter.clone()));
            self.waiting = true;
            self.selected = None;
            self.charts = None;
            return;
        }
        match store.search(&self.filter, None, PAGE) {
            Ok(rows) => {
                self.more = rows.len() == PAGE;
                self.games_of = super::review_words::games_of(store, &rows);
                self.rows = rows;
            }
            Err(e) => self.notice = Some(e.to_string()),
        }
        if self.period == Period::Range && self.notice.is_none() {
            self.notice = Some(format!(
                "From {} to {} (UTC)",
                self.filter.from.as_deref().unwrap_or("the beginning"),
                self.filter.to.as_deref().unwrap_or("now")
            ));
        }
        self.total = store.count_matching(&self.filter).unwrap_or(0);
        self.selected = None;
        if self.charts.is_some() {
            self.charts = store.chart_data(&self.filter).ok();
        }
    }

    fn older(&mut self, store: &Store) {
        if let Some(c) = &self.central {
            let before = self
                .rows
                .last()
                .map(|r| (r.ts_utc.clone(), r.terminal_id.clone(), r.serial));
            c.ask(crate::store::central::CentralQuery::Page {
                filter: self.filter.clone(),
                before,
                limit: PAGE,
            });
            self.waiting = true;
            return;
        }
        let before = self.rows.last().map(|r| r.serial);
        if let Ok(rows) = store.search(&self.filter, before, PAGE) {
            self.more = rows.len() == PAGE;
            self.games_of
                .extend(super::review_words::games_of(store, &rows));
            self.rows.extend(rows);
        }
    }
}

impl ReviewState {
    /// Switches between this terminal's journal and every table's (the central copy).
    pub fn set_central(
        &mut self,
        store: &Store,
        cfg: Option<crate::store::central::CentralConfig>,
        wake: Box<dyn Fn() + Send>,
    ) {
        self.rows.clear();
        self.total = 0;
        self.more = false;
        self.selected = None;
        self.corrections.clear();
        self.central_chain = None;
        self.central = cfg.map(|cfg| {
            let reader = crate::store::central::CentralReader::spawn(cfg.for_review(), wake);
            reader.ask(crate::store::central::CentralQuery::Verify);
            reader
        });
        self.reload(store);
    }

    /// Takes in the central database's answers.
    pub fn poll_central(&mut self) {
        use crate::store::central::CentralAnswer;
        let Some(c) = &self.central else {
            return;
        };
        for a in c.answers() {
            match a {
                CentralAnswer::Page { rows, appended } => {
                    self.more = rows.len() == PAGE;
                    if appended {
                        self.rows.extend(rows);
                    } else {
                        self.rows = rows;
                    }
                    self.waiting = false;
                }
                CentralAnswer::Count(n) => self.total = n,
                CentralAnswer::Corrections(v) => self.corrections = v,
                CentralAnswer::Chains(all) => {
                    let broken: Vec<String> = all
                        .iter()
                        .filter(|c| matches!(c.status, ChainStatus::Broken { .. }))
                        .map(|c| format!("{} {}", c.terminal, c.status))
                        .collect();
                    let signed = all.iter().filter(|c| c.signed_head.is_some()).count();
                    self.central_chain = Some(if broken.is_empty() {
                        format!(
                            "Chain intact: all tables, {} terminals, every chain verified, {signed} with signed heads",
                            all.len()
                        )
                    } else {
                        format!("CHAIN BROKEN: {}", broken.join("; "))
                    });
                }
                CentralAnswer::Exported(n, path) => {
                    self.notice = Some(format!(
                        "Exported {} to {}",
                        super::widgets::count(n as i64, "record", "records"),
                        path.display()
                    ))
                }
                CentralAnswer::Failed(e) => {
                    self.waiting = false;
                    self.notice = Some(format!("All tables: {e}"));
                }
            }
        }
    }
}

/// A date or time keyed on the keypad: YYYYMMDD, or YYYYMMDDHHMM (UTC); empty is open-ended.
pub fn keyed_time(digits: &str) -> Result<Option<String>, String> {
    let d = digits.trim();
    if d.is_empty() {
        return Ok(None);
    }
    if !d.chars().all(|c| c.is_ascii_digit()) {
        return Err(format!("{d} is not a date"));
    }
    let text = match d.len() {
        8 => format!("{}-{}-{}", &d[0..4], &d[4..6], &d[6..8]),
        12 => format!(
            "{}-{}-{}T{}:{}:00Z",
            &d[0..4],
            &d[4..6],
            &d[6..8],
            &d[8..10],
            &d[10..12]
        ),
        _ => {
            return Err(format!(
                "{d} is not a date: key YYYYMMDD, or YYYYMMDDHHMM for a time (UTC)"
            ));
        }
    };
    crate::store::review::check_time(&text).map(Some)
}

fn chip(ui: &mut Ui, label: &str, on: bool) -> bool {
    ui.add(
        Button::new(RichText::new(label).size(theme::BODY))
            .selected(on)
            .min_size(egui::vec2(120.0, theme::TARGET)),
    )
    .clicked()
}

impl DeckhandApp {
    pub(super) fn review_screen(&mut self, ui: &mut Ui, cmds: &mut Vec<UiCmd>) {
        let Some(mut r) = self.review.take() else {
            return;
        };
        let mut close = false;
        let mut print = false;
        let mut switch_central: Option<bool> = None;
        r.poll_central();
        egui::CentralPanel::default()
            .frame(
                egui::Frame::new()
                    .fill(theme::FELT)
                    .inner_margin(egui::Margin::same(20)),
            )
            .show(ui, |ui| {
                ui.horizontal(|ui| {
                    title(ui, "Supervisor review");
                    ui.label(
                        RichText::new(format!(
                            "{} ({})",
                            r.supervisor.name, r.supervisor.credential
                        ))
                        .size(theme::BODY)
                        .color(theme::TEXT_DIM),
                    );
                    if ui
                        .add(
                            Button::new(RichText::new("Close review").size(theme::BODY))
                                .min_size(theme::ACTION_SIZE),
                        )
                        .clicked()
                    {
                        close = true;
                    }
                });
                let chain = if r.central.is_some() {
                    r.central_chain.clone()
                } else {
                    r.chain.lock().ok().and_then(|c| c.clone())
                };
                match chain {
                    Some(c) if c.starts_with("Chain intact") => {
                        body_colour(ui, &format!("✔ {c}"), theme::OK)
                    }
                    Some(c) => body_colour(ui, &format!("✖ {c}"), theme::DANGER),
                    None => body_colour(ui, "◌ Checking the chain…", theme::WARN),
                }
                // Which records: this terminal's journal, or every table's central copy.
                if self.central_review.is_some() {
                    ui.horizontal(|ui| {
                        if chip(ui, "This table", r.central.is_none()) && r.central.is_some() {
                            switch_central = Some(false);
                        }
                        if chip(ui, "All tables", r.central.is_some()) && r.central.is_none() {
                            switch_central = Some(true);
                        }
                    });
                }
                // Filters: kind group, period, table, text.
                let store = self.term.store();
                let mut changed = false;
                if r.kinds_open {
                    ui.horizontal_wrapped(|ui| {
                        if chip(ui, "All kinds", r.filter.group.is_none()) {
                            r.filter.group = None;
                            r.kinds_open = false;
                            changed = true;
                        }
                        for g in KindGroup::ALL {
                            if chip(ui, g.label(), r.filter.group == Some(g)) {
                                r.filter.group = if r.filter.group == Some(g) {
                                    None
                                } else {
                                    Some(g)
                                };
                                r.kinds_open = false;
                                changed = true;
                            }
                        }
                    });
                }
                ui.horizontal_wrapped(|ui| {
                    let kind = r.filter.group.map_or("all", |g| g.label());
                    if !r.kinds_open && chip(ui, &format!("Kind: {kind}"), r.filter.group.is_some())
                    {
                        r.kinds_open = true;
                    }
                    for (p, label) in [
                        (Period::Today, "Today"),
                        (Period::Week, "Last 7 days"),
                        (Period::All, "All time"),
                    ] {
                        if chip(ui, label, r.period == p) {
                            r.period = p;
                            changed = true;
                        }
                    }
                    for (pad, name) in [(4u8, "From"), (5, "To")] {
                        let entry = if pad == 4 { &r.from_entry } else { &r.to_entry };
                        let shown = if entry.is_empty() {
                            "—".to_string()
                        } else {
                            entry.clone()
                        };
                        if chip(ui, &format!("{name}: {shown}"), r.pad == pad) {
                            r.pad = if r.pad == pad { 0 } else { pad };
                            r.period = Period::Range;
                            changed = true;
                        }
                    }
                    if !r.games.is_empty() {
                        // The game's name, as the dealer's screen says it, not its id.
                        let game = match &r.filter.game {
                            Some(id) => crate::rules::registry::by_id(id)
                                .map(|d| d.name.to_string())
                                .unwrap_or_else(|_| id.clone()),
                            None => "any".into(),
                        };
                        if chip(ui, &format!("Game: {game}"), r.filter.game.is_some()) {
                            // Cycle: any, then each game the tables were opened with.
                            let next = match &r.filter.game {
                                None => r.games.first().cloned(),
                                Some(g) => r
                                    .games
                                    .iter()
                                    .position(|x| x == g)
                                    .and_then(|i| r.games.get(i + 1).cloned()),
                            };
                            r.filter.game = next;
                            changed = true;
                        }
                    }
                    let table = if r.table_entry.is_empty() {
                        "any".to_string()
                    } else {
                        r.table_entry.clone()
                    };
                    if chip(ui, &format!("Table: {table}"), r.pad == 1) {
                        r.pad = if r.pad == 1 { 0 } else { 1 };
                    }
                    let dealer = if r.dealer_entry.is_empty() {
                        "any".to_string()
                    } else {
                        r.dealer_entry.clone()
                    };
                    if chip(ui, &format!("Dealer: {dealer}"), r.pad == 3) {
                        r.pad = if r.pad == 3 { 0 } else { 3 };
                    }
                    let text = if r.text_entry.is_empty() {
                        "—".to_string()
                    } else {
                        r.text_entry.clone()
                    };
                    if chip(ui, &format!("Text: {text}"), r.pad == 2) {
                        r.pad = if r.pad == 2 { 0 } else { 2 };
                    }
                    if r.central.is_none() && chip(ui, "Charts", r.charts.is_some()) {
                        r.charts = if r.charts.is_some() {
                            None
                        } else {
                            store.chart_data(&r.filter).ok()
                        };
                    }
                    if chip(ui, "Export CSV", false) {
                        match &r.central {
                            Some(c) => c.ask(crate::store::central::CentralQuery::Export {
                                filter: r.filter.clone(),
                                path: exports_dir(store).join(format!(
                                    "review-all-tables-{}.csv",
                                    chrono::Utc::now().format("%Y%m%dT%H%M%SZ")
                                )),
                            }),
                            None => cmds.push(UiCmd::ReviewExport),
                        }
                        changed = false;
                    }
                    if chip(ui, "Print shift report", false) {
                        print = true;
                    }
                });
                // A keypad closes with its own button (or a second tap on its chip), beside it:
                // under it, a 768-pixel screen cuts the button off.
                let mut typed = false;
                if r.pad != 0 {
                    ui.horizontal_top(|ui| {
                        ui.vertical(|ui| {
                            typed = match r.pad {
                                1 => keypad::keypad(ui, &mut r.table_entry, 4),
                                2 => keypad::letters(ui, &mut r.text_entry, 40),
                                3 => keypad::keypad(ui, &mut r.dealer_entry, 12),
                                4 => keypad::keypad(ui, &mut r.from_entry, 12),
                                5 => keypad::keypad(ui, &mut r.to_entry, 12),
                                _ => false,
                            };
                        });
                        ui.add_space(theme::GAP * 2.0);
                        if ui
                            .add(
                                Button::new(RichText::new("Done").size(theme::BODY))
                                    .min_size(theme::ACTION_SIZE),
                            )
                            .clicked()
                        {
                            r.pad = 0;
                        }
                    });
                }
                changed |= typed;
                if changed {
                    r.reload(store);
                }
                if let Some(n) = &r.notice {
                    body(ui, n);
                }
                if let Some(data) = &r.charts {
                    charts(ui, data);
                    return;
                }
                if r.waiting {
                    body_colour(ui, "◌ Searching all tables…", theme::WARN);
                }
                body(
                    ui,
                    &format!(
                        "{} {}; newest first.",
                        super::widgets::count(r.total, "record", "records"),
                        if r.total == 1 { "matches" } else { "match" }
                    ),
                );
                ui.columns(2, |cols| {
                    // "Older records" stays under the list, not at its end: one place to tap
                    // however far the list is scrolled. Only the rows in view are laid out, so
                    // a list of 10,000 costs a frame what a list of 20 does.
                    let older_h = if r.more {
                        theme::ACTION_SIZE.y + 8.0
                    } else {
                        0.0
                    };
                    // The list keeps its place when a record is opened (a new screen for the
                    // tap guard, which gives every widget a new id): the offset is the
                    // review's own. A finger drags it, as the wheel and the bar move it.
                    let mut clicked: Option<usize> = None;
                    // The theme's touch target: the height every button is drawn at.
                    let row_h = theme::TARGET;
                    let out = egui::ScrollArea::vertical()
                        .id_salt("review-rows")
                        .scroll_source(egui::scroll_area::ScrollSource::ALL)
                        .vertical_scroll_offset(r.list_offset)
                        .max_height((cols[0].available_height() - 8.0 - older_h).max(200.0))
                        .auto_shrink([false, true])
                        .show_rows(&mut cols[0], row_h, r.rows.len(), |ui, range| {
                            for i in range {
                                let row = &r.rows[i];
                                let label = super::review_words::row_line(
                                    row,
                                    r.games_of.get(&row.serial).map(String::as_str),
                                    r.central.is_some(),
                                );
                                let on =
                                    r.selected.as_ref().is_some_and(|s| s.serial == row.serial);
                                // One touch target high, as the list's arithmetic assumes.
                                if ui
                                    .add(
                                        Button::new(RichText::new(label).size(theme::SMALL + 1.0))
                                            .wrap_mode(egui::TextWrapMode::Truncate)
                                            .selected(on)
                                            .min_size(egui::vec2(ui.available_width(), row_h)),
                                    )
                                    .clicked()
                                {
                                    clicked = Some(i);
                                }
                            }
                        });
                    r.list_offset = out.state.clamped_offset().y;
                    if let Some(row) = clicked.and_then(|i| r.rows.get(i)).cloned() {
                        if let Some(c) = &r.central {
                            r.corrections.clear();
                            c.ask(crate::store::central::CentralQuery::Corrections {
                                terminal: row.terminal_id.clone(),
                                serial: row.serial,
                            });
                        }
                        r.selected = Some(row);
                    }
                    if r.more
                        && cols[0]
                            .add(
                                Button::new(RichText::new("Older records").size(theme::BODY))
                                    .min_size(theme::ACTION_SIZE),
                            )
                            .clicked()
                    {
                        r.older(store);
                    }
                    // The record scrolls when it is longer than the screen (its details at
                    // 1024×768).
                    egui::ScrollArea::vertical()
                        .id_salt("review-record")
                        .scroll_source(egui::scroll_area::ScrollSource::ALL)
                        .auto_shrink([false, false])
                        .show(&mut cols[1], |ui| {
                            // Lines laid out from the left, not spread to the column's width,
                            // and text a finger drags (to scroll) rather than selects.
                            ui.style_mut().interaction.selectable_labels = false;
                            ui.with_layout(egui::Layout::top_down(egui::Align::Min), |ui| {
                                if let Some(rp) = r.replay.as_mut() {
                                    ui.label(
                                        RichText::new(format!(
                                            "Round {} · step {} of {}",
                                            rp.round,
                                            rp.at + 1,
                                            rp.steps.len()
                                        ))
                                        .size(theme::BODY)
                                        .strong(),
                                    );
                                    // The controls first: a long step below never moves them.
                                    let mut close = false;
                                    ui.horizontal(|ui| {
                                        let prev = ui.add_enabled(
                                            rp.at > 0,
                                            Button::new(
                                                RichText::new("Previous step").size(theme::BODY),
                                            )
                                            .min_size(theme::ACTION_SIZE),
                                        );
                                        if prev.clicked() {
                                            rp.at -= 1;
                                        }
                                        let next = ui.add_enabled(
                                            rp.at + 1 < rp.steps.len(),
                                            Button::new(
                                                RichText::new("Next step").size(theme::BODY),
                                            )
                                            .min_size(theme::ACTION_SIZE),
                                        );
                                        if next.clicked() {
                                            rp.at += 1;
                                        }
                                        close = ui
                                            .add(
                                                Button::new(
                                                    RichText::new("Close replay").size(theme::BODY),
                                                )
                                                .min_size(theme::ACTION_SIZE),
                                            )
                                            .clicked();
                                    });
                                    let step = &rp.steps[rp.at];
                                    ui.label(
                                        RichText::new(format!(
                                            "#{} · {} UTC · dealer {}{}",
                                            step.serial,
                                            step.ts_utc,
                                            step.dealer.as_deref().unwrap_or("none"),
                                            step.signer
                                                .as_deref()
                                                .map_or(String::new(), |p| format!(
                                                    " · signed by {p}"
                                                ))
                                        ))
                                        .size(theme::SMALL),
                                    );
                                    body(ui, &step.what);
                                    body(
                                        ui,
                                        &format!(
                                            "Then: {} · on the table {}",
                                            step.then,
                                            crate::rules::money(step.on_table)
                                        ),
                                    );
                                    if !step.section.is_empty() {
                                        small(ui, &step.section);
                                    }
                                    if close {
                                        r.replay = None;
                                    }
                                    return;
                                }
                                match r.selected.clone() {
                                    None => body(ui, "Tap a record to see it whole."),
                                    Some(row) => {
                                        if r.central.is_none()
                                            && r.corrections.first().map(|c| c.serial)
                                                != Some(row.serial)
                                        {
                                            r.corrections = store
                                                .corrections_of(row.serial)
                                                .unwrap_or_default();
                                        }
                                        ui.label(
                                            RichText::new(format!(
                                                "Record #{} · {}",
                                                row.serial,
                                                row.kind.replace('_', " ")
                                            ))
                                            .size(theme::BODY)
                                            .strong(),
                                        );
                                        // What happened, in words, first.
                                        body(ui, &super::review_words::sentence(&row));
                                        ui.label(
                                            RichText::new(format!(
                                                "{} UTC · terminal {}",
                                                row.ts_utc, row.terminal_id
                                            ))
                                            .size(theme::SMALL),
                                        );
                                        let who = |c: &Option<String>| {
                                            c.as_deref()
                                                .map_or("—".to_string(), |c| r.names.of(c))
                                        };
                                        ui.label(
                                            RichText::new(format!(
                                                "Dealer {} · signed by {}",
                                                who(&row.dealer_credential),
                                                who(&row.actor_credential)
                                            ))
                                            .size(theme::SMALL),
                                        );
                                        if r.central.is_none()
                                            && r.round_of_selected.map(|(s, _)| s)
                                                != Some(row.serial)
                                        {
                                            let round = (row.stream == "table")
                                                .then(|| {
                                                    crate::store::replay::round_at(
                                                        store.connection(),
                                                        row.serial,
                                                    )
                                                })
                                                .and_then(|r| r.ok().flatten());
                                            r.round_of_selected = Some((row.serial, round));
                                        }
                                        if r.central.is_none()
                                            && let Some((_, Some(round))) = r.round_of_selected
                                            && ui
                                                .add(
                                                    Button::new(
                                                        RichText::new(format!(
                                                            "Replay round {round}"
                                                        ))
                                                        .size(theme::BODY),
                                                    )
                                                    .min_size(theme::ACTION_SIZE),
                                                )
                                                .clicked()
                                        {
                                            match crate::store::replay::round_steps(
                                                store.connection(),
                                                round,
                                            ) {
                                                Ok(steps) => {
                                                    r.replay = Some(RoundReplay {
                                                        round,
                                                        steps,
                                                        at: 0,
                                                    })
                                                }
                                                Err(e) => {
                                                    r.notice = Some(format!("Cannot replay: {e}"))
                                                }
                                            }
                                        }
                                        // The raw record and its hash, behind "Details".
                                        let label =
                                            if r.details { "Hide details" } else { "Details" };
                                        if ui
                                            .add(
                                                Button::new(RichText::new(label).size(theme::BODY))
                                                    .min_size(egui::vec2(160.0, theme::TARGET)),
                                            )
                                            .clicked()
                                        {
                                            r.details = !r.details;
                                        }
                                        if r.details {
                                            let pretty = serde_json::from_str::<serde_json::Value>(
                                                &row.payload,
                                            )
                                            .and_then(|v| serde_json::to_string_pretty(&v))
                                            .unwrap_or_else(|_| row.payload.clone());
                                            egui::ScrollArea::vertical()
                                                .id_salt("review-detail")
                                                .max_height(260.0)
                                                .show(ui, |ui| {
                                                    ui.label(
                                                        RichText::new(pretty)
                                                            .monospace()
                                                            .size(theme::SMALL),
                                                    );
                                                });
                                            ui.add(
                                                egui::Label::new(
                                                    RichText::new(format!("hash {}", row.hash))
                                                        .monospace()
                                                        .size(theme::SMALL - 2.0)
                                                        .color(theme::TEXT_DIM),
                                                )
                                                .wrap_mode(egui::TextWrapMode::Wrap),
                                            );
                                        }
                                        if r.corrections.is_empty() {
                                            ui.label(
                                                RichText::new(
                                                    "No correction points at this record.",
                                                )
                                                .size(theme::SMALL),
                                            );
                                        }
                                        for c in &r.corrections {
                                            ui.label(
                                                RichText::new(format!(
                                                    "Corrected by #{} ({}): {}",
                                                    c.serial,
                                                    who(&c.actor_credential),
                                                    super::review_words::sentence(c)
                                                ))
                                                .size(theme::SMALL)
                                                .color(theme::WARN),
                                            );
                                        }
                                    }
                                }
                            });
                        });
                });
            });
        if print {
            cmds.push(UiCmd::ReviewPrint);
        }
        if let Some(on) = switch_central {
            let ctx = ui.ctx().clone();
            let cfg = if on {
                self.central_review.clone()
            } else {
                None
            };
            r.set_central(
                self.term.store(),
                cfg,
                Box::new(move || ctx.request_repaint()),
            );
        }
        self.review = Some(r);
        if close {
            cmds.push(UiCmd::ReviewClose);
        }
    }
}

impl DeckhandApp {
    /// Prints the end-of-shift report of the review's filter (the command after the frame).
    pub(super) fn review_print(&mut self) {
        let Some(r) = self.review.take() else {
            return;
        };
        let notice = self.print_shift_report(&r);
        self.review = Some(ReviewState {
            notice: Some(notice),
            ..r
        });
    }

    /// Exports the review's filtered records (the command after the frame).
    pub(super) fn review_export(&mut self) {
        if let Some(r) = self.review.as_mut() {
            r.notice = Some(export(self.term.store(), r));
        }
    }

    /// The end-of-shift report of the filtered table and period, shown before it prints
    /// (`print_preview.rs`); the answer is the review's notice.
    fn print_shift_report(&mut self, r: &ReviewState) -> String {
        let Some(table) = r.filter.table.and_then(|t| u32::try_from(t).ok()) else {
            return "Choose a table first: the report covers one table.".into();
        };
        let Some(from) = r.filter.from.clone() else {
            return "Choose Today or Last 7 days: the report covers a period.".into();
        };
        let to = r.filter.to.clone().unwrap_or_else(|| {
            (chrono::Utc::now() + chrono::Duration::days(1))
                .format("%Y-%m-%d")
                .to_string()
        });
        let request = crate::print::Request::ShiftReport { table, from, to };
        match self.open_preview(request, Some(r.supervisor.credential.clone())) {
            Ok(()) => format!("End-of-shift report for table {table}: shown before it prints"),
            Err(e) => format!("Printing failed: {e}"),
        }
    }
}

/// Where exports and prints go: `exports/` next to the database.
fn exports_dir(store: &Store) -> std::path::PathBuf {
    store
        .path()
        .parent()
        .map(|p| p.join("exports"))
        .unwrap_or_else(|| "exports".into())
}

/// Writes the filtered records next to the database, in `exports/`.
fn export(store: &Store, r: &ReviewState) -> String {
    let (dir, removable) = super::review_words::export_dir(store);
    if let Err(e) = std::fs::create_dir_all(&dir) {
        return format!("Export failed: {e}");
    }
    let file = dir.join(format!(
        "review-{}.csv",
        chrono::Utc::now().format("%Y%m%dT%H%M%SZ")
    ));
    let result = std::fs::File::create(&file)
        .map_err(|e| e.to_string())
        .and_then(|f| {
            let mut w = std::io::BufWriter::new(f);
            store
                .export_csv(&r.filter, &mut w)
                .map_err(|e| e.to_string())
        });
    match result {
        Ok(n) => format!(
            "Exported {} to {}{}",
            super::widgets::count(n as i64, "record", "records"),
            file.display(),
            if removable {
                " (the removable drive)"
            } else {
                " (no removable drive found: beside the database)"
            }
        ),
        Err(e) => format!("Export failed: {e}"),
    }
}

/// Four small charts: rounds per hour, irregularities per table and section, deck changes and
/// wrong counts per day, the progressive meter over time.
fn charts(ui: &mut Ui, d: &crate::store::review::ChartData) {
    use egui_plot::{Bar, BarChart, Line, Plot, PlotPoints};
    let plot = |id: &str| {
        Plot::new(id.to_string())
            .height(230.0)
            .allow_drag(false)
            .allow_zoom(false)
            .allow_scroll(false)
    };
    ui.columns(2, |cols| {
        cols[0].label(RichText::new("Rounds per hour").size(theme::BODY).strong());
        let bars: Vec<Bar> = d
            .rounds_per_hour
            .iter()
            .enumerate()
            .map(|(i, (hour, n))| Bar::new(i as f64, *n as f64).name(hour))
            .collect();
        plot("rounds-per-hour").show(&mut cols[0], |p| {
            p.bar_chart(BarChart::new("rounds", bars).color(theme::PRIMARY))
        });
        cols[1].label(
            RichText::new("Irregularities per table")
                .size(theme::BODY)
                .strong(),
        );
        let mut per_table: std::collections::BTreeMap<i64, i64> = Default::default();
        for (table, _, n) in &d.irregularities {
            *per_table.entry(*table).or_default() += n;
        }
        let bars: Vec<Bar> = per_table
            .iter()
            .map(|(t, n)| Bar::new(*t as f64, *n as f64).name(format!("table {t}")))
            .collect();
        plot("irregularities").show(&mut cols[1], |p| {
            p.bar_chart(BarChart::new("irregularities", bars).color(theme::DANGER))
        });
    });
    ui.columns(2, |cols| {
        cols[0].label(
            RichText::new("Deck changes and wrong counts per day")
                .size(theme::BODY)
                .strong(),
        );
        let changes: Vec<[f64; 2]> = d
            .deck_events_per_day
            .iter()
            .enumerate()
            .map(|(i, x)| [i as f64, x.1 as f64])
            .collect();
        let wrong: Vec<[f64; 2]> = d
            .deck_events_per_day
            .iter()
            .enumerate()
            .map(|(i, x)| [i as f64, x.2 as f64])
            .collect();
        plot("deck-events").show(&mut cols[0], |p| {
            p.line(Line::new("deck changes", PlotPoints::from(changes)).color(theme::WARN));
            p.line(Line::new("wrong counts", PlotPoints::from(wrong)).color(theme::DANGER));
        });
        cols[1].label(
            RichText::new("Progressive meter")
                .size(theme::BODY)
                .strong(),
        );
        let points: Vec<[f64; 2]> = d
            .meter_history
            .iter()
            .enumerate()
            .map(|(i, (_, _, cents))| [i as f64, *cents as f64 / 100.0])
            .collect();
        plot("meter").show(&mut cols[1], |p| {
            p.line(Line::new("meter ($)", PlotPoints::from(points)).color(theme::OK))
        });
    });
    let irregular: Vec<String> = d
        .irregularities
        .iter()
        .map(|(t, section, n)| format!("table {t}: {n} × {section}"))
        .collect();
    if !irregular.is_empty() {
        body(
            ui,
            &format!("Irregularities by section: {}", irregular.join("; ")),
        );
    }
}
