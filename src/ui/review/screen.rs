//! The supervisor review's screen: the chain's status, the filters, the list of records a
//! page at a time, and one record whole (or a round replayed step by step) beside it. It reads
//! the review's state and returns what was tapped; the reads themselves are the review's reader's
//! (`store::review_reader`).

use super::charts::charts;
use super::{Period, ReviewState, RoundReplay, chip, exports_dir};
use crate::store::Store;
use crate::store::review::KindGroup;
use crate::store::review_reader::Query;
use crate::ui::{DeckhandApp, UiCmd, body, body_colour, keypad, small, theme, title};
use egui::{Button, RichText, Ui};

/// What the supervisor tapped this frame that the app carries out after the screen is drawn.
#[derive(Debug, Default)]
struct ReviewTaps {
    close: bool,
    print: bool,
    /// Every table's central copy (true) or this terminal's journal (false).
    switch_central: Option<bool>,
    replay_round: Option<u32>,
    history_of: Option<u32>,
}

impl DeckhandApp {
    pub(in crate::ui) fn review_screen(&mut self, ui: &mut Ui, cmds: &mut Vec<UiCmd>) {
        let Some(mut r) = self.review.take() else {
            return;
        };
        let mut taps = ReviewTaps::default();
        r.start_reading(self.term.store(), ui.ctx());
        r.poll_reader();
        r.poll_central();
        let central_offered = self.central_review.is_some();
        let store = self.term.store();
        crate::ui::form_panel().show(ui, |ui| {
            review_header(ui, &mut r, central_offered, &mut taps);
            review_filters(ui, &mut r, store, cmds, &mut taps);
            if !review_counts(ui, &r) {
                return;
            }
            // The list takes the whole width until a record is open: its rows are not cut
            // short beside an empty half of the screen.
            let open = r.selected.is_some() || r.replay.is_some();
            if !open {
                small(ui, "Tap a record to see it whole beside the list.");
            }
            ui.columns(if open { 2 } else { 1 }, |cols| {
                review_list(&mut cols[0], &mut r);
                if let Some(ui) = cols.get_mut(1) {
                    review_record(ui, &mut r, &mut taps);
                }
            });
        });
        if let Some(round) = taps.replay_round {
            r.ask(Query::Replay { round });
        }
        if let Some(round) = taps.history_of {
            cmds.push(UiCmd::ReviewHandHistory(round));
        }
        if taps.print {
            cmds.push(UiCmd::ReviewPrint);
        }
        if let Some(on) = taps.switch_central {
            let ctx = ui.ctx().clone();
            let cfg = if on {
                self.central_review.clone()
            } else {
                None
            };
            r.set_central(cfg, Box::new(move || ctx.request_repaint()));
        }
        self.review = Some(r);
        if taps.close {
            cmds.push(UiCmd::ReviewClose);
        }
    }
}

/// The title with the supervisor and "Close review", the chain's status, and which records:
/// this terminal's journal or every table's central copy.
fn review_header(ui: &mut Ui, r: &mut ReviewState, central_offered: bool, taps: &mut ReviewTaps) {
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
            taps.close = true;
        }
    });
    let chain = if r.central.is_some() {
        r.central_chain.clone()
    } else {
        r.chain.lock().ok().and_then(|c| c.clone())
    };
    match chain {
        Some(c) if c.starts_with("Chain intact") => body_colour(ui, &format!("✔ {c}"), theme::OK),
        Some(c) => body_colour(ui, &format!("✖ {c}"), theme::DANGER),
        None => body_colour(ui, "◌ Checking the chain…", theme::WARN),
    }
    // Which records: this terminal's journal, or every table's central copy.
    if central_offered {
        ui.horizontal(|ui| {
            if chip(ui, "This table", r.central.is_none()) && r.central.is_some() {
                taps.switch_central = Some(false);
            }
            if chip(ui, "All tables", r.central.is_some()) && r.central.is_none() {
                taps.switch_central = Some(true);
            }
        });
    }
}

/// The filters (kind group, period, game, table, dealer, text), the charts, the export and the
/// shift report, and the keypad of the filter being keyed; a change searches again.
fn review_filters(
    ui: &mut Ui,
    r: &mut ReviewState,
    store: &Store,
    cmds: &mut Vec<UiCmd>,
    taps: &mut ReviewTaps,
) {
    // Filters: kind group, period, table, text.
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
        if !r.kinds_open && chip(ui, &format!("Kind: {kind}"), r.filter.group.is_some()) {
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
        if r.central.is_none() && chip(ui, "Charts", r.charts_on) {
            r.charts_on = !r.charts_on;
            r.charts = None;
            if r.charts_on {
                r.ask(Query::Charts {
                    search: r.search,
                    filter: r.filter.clone(),
                });
            }
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
            taps.print = true;
        }
    });
    if filter_keypad(ui, r) || changed {
        r.reload();
    }
}

/// The keypad of the filter being keyed, with its own "Done" beside it (under it, a 768-pixel
/// screen cuts the button off); true when a key changed the filter.
fn filter_keypad(ui: &mut Ui, r: &mut ReviewState) -> bool {
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
    typed
}

/// The notice, the charts when they are on (false: nothing else is drawn), and how many records
/// match.
fn review_counts(ui: &mut Ui, r: &ReviewState) -> bool {
    if let Some(n) = &r.notice {
        body(ui, n);
    }
    if r.charts_on {
        match &r.charts {
            Some(data) => charts(ui, data),
            None => body_colour(ui, "◌ Drawing the charts…", theme::WARN),
        }
        return false;
    }
    if r.waiting {
        let what = if r.central.is_some() {
            "◌ Searching all tables…"
        } else {
            "◌ Searching…"
        };
        body_colour(ui, what, theme::WARN);
    }
    if let Some(total) = r.total {
        body(
            ui,
            &format!(
                "{} {}; newest first.",
                crate::ui::widgets::count(total, "record", "records"),
                if total == 1 { "matches" } else { "match" }
            ),
        );
    }
    true
}

/// The records, newest first, only the rows in view laid out; "Older records" under them.
fn review_list(ui: &mut Ui, r: &mut ReviewState) {
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
    let out = crate::ui::theme::scroll_vertical()
        .id_salt("review-rows")
        .scroll_source(egui::scroll_area::ScrollSource::ALL)
        .vertical_scroll_offset(r.list_offset)
        .max_height((ui.available_height() - 8.0 - older_h).max(200.0))
        .auto_shrink([false, true])
        .show_rows(ui, row_h, r.rows.len(), |ui, range| {
            for i in range {
                let row = &r.rows[i];
                let label = crate::ui::review_words::row_line(
                    row,
                    r.games_of.get(&row.serial).map(String::as_str),
                    r.central.is_some(),
                );
                let on = r.selected.as_ref().is_some_and(|s| s.serial == row.serial);
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
        r.select(row);
    }
    // Greyed while a page is being read: a second tap would ask for the same
    // page again, and a tap during a new search for the page after the old list.
    if r.more
        && ui
            .add_enabled(
                !r.waiting,
                Button::new(RichText::new("Older records").size(theme::BODY))
                    .min_size(theme::ACTION_SIZE),
            )
            .clicked()
    {
        r.older();
    }
}

/// The record tapped, whole, or the round being replayed; it scrolls when it is longer than the
/// screen (its details at 1024×768).
fn review_record(ui: &mut Ui, r: &mut ReviewState, taps: &mut ReviewTaps) {
    crate::ui::theme::scroll_vertical()
        .id_salt("review-record")
        .scroll_source(egui::scroll_area::ScrollSource::ALL)
        .auto_shrink([false, false])
        .show(ui, |ui| {
            // Lines laid out from the left, not spread to the column's width, and text a
            // finger drags (to scroll) rather than selects.
            ui.style_mut().interaction.selectable_labels = false;
            ui.with_layout(egui::Layout::top_down(egui::Align::Min), |ui| {
                if let Some(rp) = r.replay.as_mut() {
                    if replay_step(ui, rp) {
                        r.replay = None;
                    }
                    return;
                }
                record_whole(ui, r, taps);
            });
        });
}

/// One step of the round being replayed, with Previous, Next and Close; true when closed.
fn replay_step(ui: &mut Ui, rp: &mut RoundReplay) -> bool {
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
    // The controls first: a long step below never moves them;
    // they wrap within the column, never past the screen's edge.
    let mut close = false;
    ui.horizontal_wrapped(|ui| {
        let prev = ui.add_enabled(
            rp.at > 0,
            Button::new(RichText::new("Previous step").size(theme::BODY))
                .min_size(theme::ACTION_SIZE),
        );
        if prev.clicked() {
            rp.at -= 1;
        }
        let next = ui.add_enabled(
            rp.at + 1 < rp.steps.len(),
            Button::new(RichText::new("Next step").size(theme::BODY)).min_size(theme::ACTION_SIZE),
        );
        if next.clicked() {
            rp.at += 1;
        }
        close = ui
            .add(
                Button::new(RichText::new("Close replay").size(theme::BODY))
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
                .map_or(String::new(), |p| format!(" · signed by {p}"))
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
    close
}

/// The record tapped: what happened in words, when, who, the replay and hand history of its
/// round, the raw record behind "Details", and the rows that correct it.
fn record_whole(ui: &mut Ui, r: &mut ReviewState, taps: &mut ReviewTaps) {
    match r.selected.clone() {
        None => body(ui, "Tap a record to see it whole."),
        Some(row) => {
            ui.label(
                RichText::new(format!(
                    "Record #{} · {}",
                    row.serial,
                    crate::ui::review_words::kind_words(&row)
                ))
                .size(theme::BODY)
                .strong(),
            );
            // What happened, in words, first.
            body(ui, &crate::ui::review_words::sentence(&row));
            ui.label(
                RichText::new(format!("{} UTC · terminal {}", row.ts_utc, row.terminal_id))
                    .size(theme::SMALL),
            );
            let who =
                |c: &Option<String>| c.as_deref().map_or("—".to_string(), |c| r.names.of(c));
            ui.label(
                RichText::new(format!(
                    "Dealer {} · signed by {}",
                    who(&row.dealer_credential),
                    who(&row.actor_credential)
                ))
                .size(theme::SMALL),
            );
            if r.central.is_none()
                && let Some((_, Some(round))) = r.round_of_selected
                && ui
                    .add(
                        Button::new(
                            RichText::new(format!("Replay round {round}")).size(theme::BODY),
                        )
                        .min_size(theme::ACTION_SIZE),
                    )
                    .clicked()
            {
                taps.replay_round = Some(round);
            }
            // A poker-room round's hand history, as PHH.
            if r.central.is_none()
                && let Some((_, Some(round))) = r.round_of_selected
                && ui
                    .add(
                        Button::new(RichText::new("Hand history").size(theme::BODY))
                            .min_size(theme::ACTION_SIZE),
                    )
                    .clicked()
            {
                taps.history_of = Some(round);
            }
            // The raw record and its hash, behind "Details".
            let label = if r.details { "Hide details" } else { "Details" };
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
                let pretty = serde_json::from_str::<serde_json::Value>(&row.payload)
                    .and_then(|v| serde_json::to_string_pretty(&v))
                    .unwrap_or_else(|_| row.payload.clone());
                crate::ui::theme::scroll_vertical()
                    .id_salt("review-detail")
                    .max_height(260.0)
                    .show(ui, |ui| {
                        ui.label(RichText::new(pretty).monospace().size(theme::SMALL));
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
                ui.label(RichText::new("No correction points at this record.").size(theme::SMALL));
            }
            for c in &r.corrections {
                ui.label(
                    RichText::new(format!(
                        "Corrected by #{} ({}): {}",
                        c.serial,
                        who(&c.actor_credential),
                        crate::ui::review_words::sentence(c)
                    ))
                    .size(theme::SMALL)
                    .color(theme::WARN),
                );
            }
        }
    }
}
