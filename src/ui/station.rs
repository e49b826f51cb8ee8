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
        match self {
            Station::Table(app) => app.logic(ctx),
            Station::Stopped(_) => theme::apply(ctx),
        }
    }

    pub fn show(&mut self, ui: &mut Ui) {
        match self {
            Station::Table(app) => app.show(ui),
            Station::Stopped(why) => {
                egui::CentralPanel::default()
                    .frame(
                        egui::Frame::new()
                            .fill(theme::FELT)
                            .inner_margin(egui::Margin::same(32)),
                    )
                    .show(ui, |ui| {
                        title(ui, "The terminal cannot start");
                        body(ui, why);
                    });
            }
        }
    }
}

impl eframe::App for Station {
    fn logic(&mut self, ctx: &egui::Context, _frame: &mut eframe::Frame) {
        Station::logic(self, ctx);
    }

    fn ui(&mut self, ui: &mut Ui, _frame: &mut eframe::Frame) {
        self.show(ui);
    }
}
