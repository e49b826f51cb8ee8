//! The review's charts of the records filtered: what the review's reader counted, drawn.

use crate::ui::{body, theme};
use egui::{RichText, Ui};

/// Four small charts: rounds per hour, irregularities per table and section, deck changes and
/// wrong counts per day, the progressive meter over time.
pub(super) fn charts(ui: &mut Ui, d: &crate::store::review::ChartData) {
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
    // The pace of the rounds found: per table, dealer and game, and where the dealer waited.
    let pace: Vec<String> = d
        .pace
        .groups
        .iter()
        .map(|(group, p)| format!("{group}: {}", p.words()))
        .collect();
    if !pace.is_empty() {
        ui.label(RichText::new("Pace").size(theme::BODY).strong());
        body(ui, &pace.join(" · "));
        let slow: Vec<String> = d
            .pace
            .slow_steps
            .iter()
            .take(3)
            .map(|(kind, secs, n)| format!("{} {secs:.0} s ({n})", kind.replace('_', " ")))
            .collect();
        body(
            ui,
            &format!("Slowest steps, median wait: {}", slow.join(" · ")),
        );
    }
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
