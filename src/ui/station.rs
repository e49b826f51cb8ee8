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
        // The monitor at the table: the design shown as large as it fits (`[display]
        // scale_to_screen`).
        // The one screen of a terminal that cannot start is scaled too: its configuration may
        // be the thing that failed, and a supervisor reads it from a step away.
        let scaled = match self {
            Station::Table(app) => app.scales_to_screen(),
            Station::Stopped(_) => true,
        };
        if scaled {
            scale_to_screen(ctx);
        }
        Station::logic(self, ctx);
    }

    fn ui(&mut self, ui: &mut Ui, _frame: &mut eframe::Frame) {
        self.show(ui);
    }

    fn on_exit(&mut self, _gl: Option<&eframe::glow::Context>) {
        self.stop();
    }
}

/// The design's least screen, in points: every screen is laid out for at least this much.
/// The points a scaled screen keeps at least: 1024 wide, and 800 high rather than 768, because
/// a screen wider than `theme::WIDE` points takes the wide type, whose step cards are taller
/// (at 1371×771 the ready screen's last buttons went under the card's foot).
const DESIGN: egui::Vec2 = egui::vec2(1024.0, 800.0);

/// The zoom that shows the design larger on a screen larger than the design (a 1920×1080
/// monitor: 1.35, the layout of a 1422×800 screen with targets 35% larger), never smaller than
/// 1; in steps of 0.05 so a window a pixel larger does not rescale everything.
pub fn zoom_for(screen_physical: egui::Vec2, native_pixels_per_point: f32) -> f32 {
    let native = native_pixels_per_point.max(0.1);
    let fit = (screen_physical.x / native / DESIGN.x).min(screen_physical.y / native / DESIGN.y);
    if !fit.is_finite() {
        return 1.0;
    }
    ((fit * 20.0).floor() / 20.0).clamp(1.0, 3.0)
}

/// Scales the whole screen to the monitor (`zoom_for`), once the window has its size.
pub fn scale_to_screen(ctx: &egui::Context) {
    let ppp = ctx.pixels_per_point();
    let native = ctx.native_pixels_per_point().unwrap_or(1.0);
    let physical = ctx.content_rect().size() * ppp;
    if physical.x < 1.0 || physical.y < 1.0 {
        return;
    }
    let want = zoom_for(physical, native);
    if (ctx.zoom_factor() - want).abs() > 0.01 {
        ctx.set_zoom_factor(want);
    }
}

#[cfg(test)]
mod tests {
    use super::zoom_for;

    #[test]
    fn a_larger_screen_shows_the_design_larger_never_smaller() {
        let z = |w: f32, h: f32, native: f32| zoom_for(egui::vec2(w, h), native);
        assert_eq!(z(1024.0, 768.0, 1.0), 1.0);
        // 1920×1080: the height allows 1.35 (800 points).
        assert_eq!(z(1920.0, 1080.0, 1.0), 1.35);
        assert_eq!(z(1280.0, 1024.0, 1.0), 1.25);
        // 1280×800 and 1366×768 stay at 1.
        assert_eq!(z(1280.0, 800.0, 1.0), 1.0);
        assert_eq!(z(1366.0, 768.0, 1.0), 1.0);
        // A 4K monitor whose system already doubles: 1.35 on top of it.
        assert_eq!(z(3840.0, 2160.0, 2.0), 1.35);
        // Smaller than the design, or no size yet: never below 1.
        assert_eq!(z(800.0, 600.0, 1.0), 1.0);
        assert_eq!(z(0.0, 0.0, 0.0), 1.0);
    }
}
