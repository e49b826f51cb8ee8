//! What the window shows: the dealer's screen, or, when the terminal could not start, one screen
//! that says why and who to call. Nothing can be tapped into the journal from the second.

use super::{DeckhandApp, body, theme, title};
use egui::Ui;

pub enum Station {
    Table(Box<DeckhandApp>),
    /// The start failed: the reason, naming the journal row when one did not apply.
    Stopped(String),
}

impl Station {
    /// The dealer's screen, when the terminal started.
    pub fn table(&self) -> Option<&DeckhandApp> {
        match self {
            Station::Table(app) => Some(app),
            Station::Stopped(_) => None,
        }
    }

    pub fn logic(&mut self, ctx: &egui::Context) {
        // The start's walk of the chain found it changed: the same stop as a start that failed.
        if let Station::Table(app) = self
            && let Some(why) = app.stopped()
        {
            *self = Station::Stopped(why);
        }
        match self {
            Station::Table(app) => app.logic(ctx),
            Station::Stopped(_) => theme::apply(ctx),
        }
    }

    /// The window closes: a clean stop is journaled (a start after anything else says the
    /// last run ended uncleanly, `terminal::significant`).
    pub fn stop(&mut self) {
        if let Station::Table(app) = self {
            app.stop();
        }
    }

    pub fn show(&mut self, ui: &mut Ui) {
        match self {
            Station::Table(app) => app.show(ui),
            Station::Stopped(why) => stopped_screen(ui, why),
        }
    }
}

/// The one screen of a terminal that cannot start: why, and who to call.
pub fn stopped_screen(ui: &mut Ui, why: &str) {
    whole_screen(ui, "The terminal cannot start", why);
}

/// What shows while the start walks a long journal's hash chain: nothing can be tapped, and
/// nothing is written, until it holds.
pub fn checking_screen(ui: &mut Ui, rows: i64) {
    whole_screen(
        ui,
        "Checking the journal",
        &format!(
            "Every one of the {} records is being checked against its hash chain before the table opens. This takes a moment; nothing needs to be done.",
            crate::rules::grouped(rows.max(0) as u64)
        ),
    );
}

fn whole_screen(ui: &mut Ui, heading: &str, text: &str) {
    egui::CentralPanel::default()
        .frame(
            egui::Frame::new()
                .fill(theme::FELT)
                .inner_margin(egui::Margin::same(32)),
        )
        .show(ui, |ui| {
            title(ui, heading);
            body(ui, text);
        });
}

impl eframe::App for Station {
    fn logic(&mut self, ctx: &egui::Context, _frame: &mut eframe::Frame) {
        Station::logic(self, ctx);
    }

    fn ui(&mut self, ui: &mut Ui, _frame: &mut eframe::Frame) {
        self.show(ui);
    }

    fn on_exit(&mut self, _gl: Option<&eframe::glow::Context>) {
        self.stop();
    }
}
