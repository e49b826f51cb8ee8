//! The High Hand Tracking Slip at the table (§ 637a.16(f)): when a player makes a full house or
//! better the dealer calls a floorperson, who enters the player (name, phone, seat) and the hand,
//! and signs with credential number and PIN. The line is journaled, then the period's slip shows
//! for printing with one tap (`print_preview.rs`).

use super::Notice;
use super::signed::keep_refusal;
use super::{
    DeckhandApp, Signature, UiCmd, body, body_colour, card_grid, keypad, primary_when, theme, title,
};
use crate::rules::cards::{Card, CardSet};
use egui::{Button, RichText, Ui};

#[derive(Default)]
pub struct HighHandForm {
    pub seat: Option<u8>,
    pub name: String,
    pub phone: String,
    pub cards: Vec<Card>,
    /// The floorperson's signature.
    pub sign: Signature,
    /// 0 name, 1 phone, 2 cards, 3 the signature.
    pub field: u8,
    pub error: Option<String>,
}

impl std::fmt::Debug for HighHandForm {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("HighHandForm")
            .field("seat", &self.seat)
            .finish_non_exhaustive()
    }
}

impl DeckhandApp {
    /// The period the slip line belongs to: the qualifying period holding now.
    fn current_period(&self) -> String {
        self.high_hand_config.period_of(chrono::Utc::now())
    }

    pub(super) fn high_hand_screen(&mut self, ui: &mut Ui, cmds: &mut Vec<UiCmd>) {
        let Some(mut f) = self.high_hand.take() else {
            return;
        };
        let period = self.current_period();
        // Why the round just played can have no line, whatever the form would hold: said at
        // once, with no field to key (§ 637a.16(b)(4), (f)(4)).
        let refused = self
            .term
            .table()
            .high_hand_round()
            .err()
            .map(|e| e.to_string());
        // § 637a.16(h): an ended period is closed from the same form, with the same signature.
        let ended = self.periods_to_close(&period);
        // The form's actions and its message at the foot of the screen: a keyboard, the card
        // grid or the signature pad above never pushes them off a 768-pixel screen.
        let (done, cancel, print_slip) =
            high_hand_actions(ui, f.error.as_deref(), refused.is_none());
        super::form_panel()
            .show(ui, |ui| {
                // The periods to close beside the title, so the signature's keypad never
                // pushes them off a 768-pixel screen.
                ui.horizontal(|ui| {
                    title(ui, "High Hand Tracking Slip");
                    for p in &ended {
                        ui.add_space(theme::GAP);
                        if ui
                            .add(
                                Button::new(
                                    RichText::new(format!("Close period {p}"))
                                        .size(theme::BODY - 2.0),
                                )
                                .min_size(egui::vec2(0.0, 44.0)),
                            )
                            .clicked()
                        {
                            cmds.push(UiCmd::ClosePeriod(p.clone()));
                        }
                    }
                });
                // One line of small print, so the form fits a 768-pixel screen.
                ui.label(
                    RichText::new(format!("A full house or better (§ 637a.16(f)). Qualifying period from {period} UTC. The floorperson enters and signs."))
                        .size(theme::SMALL + 1.0)
                        .color(theme::TEXT_DIM),
                );
                if let Some(why) = &refused {
                    body_colour(
                        ui,
                        &format!("No line can be recorded for this round: {why}."),
                        theme::DANGER,
                    );
                    if !ended.is_empty() {
                        body(ui, "To close an ended period, the floorperson signs here, then taps Close period.");
                        f.sign.show(ui);
                    }
                    return;
                }
                // The ten seats on one row at 1024 pixels: the signature's keypad below keeps
                // its last row above the form's actions.
                ui.horizontal_wrapped(|ui| {
                    ui.spacing_mut().item_spacing.x = 6.0;
                    for seat in 1..=10u8 {
                        let on = f.seat == Some(seat);
                        if ui
                            .add(Button::new(RichText::new(format!("Seat {seat}")).size(theme::BODY - 2.0)).selected(on).min_size(egui::vec2(80.0, theme::TARGET)))
                            .clicked()
                        {
                            f.seat = Some(seat);
                            // A message goes once what it asked for is done.
                            f.error = None;
                        }
                    }
                });
                let cards: Vec<String> = f.cards.iter().map(|c| c.pretty()).collect();
                let fields = [
                    format!("Player: {}", f.name),
                    format!("Phone: {}", f.phone),
                    format!("Hand: {}", cards.join(" ")),
                    "Floorperson signs".to_string(),
                ];
                ui.horizontal_wrapped(|ui| {
                    for (i, label) in fields.iter().enumerate() {
                        let b = Button::new(RichText::new(label).size(theme::BODY))
                            .selected(f.field == i as u8)
                            .min_size(egui::vec2(200.0, theme::TARGET));
                        if ui.add(b).clicked() {
                            f.field = i as u8;
                        }
                    }
                });
                match f.field {
                    0 => {
                        if keypad::letters(ui, &mut f.name, 40) {
                            f.error = None;
                        }
                    }
                    1 => {
                        if keypad::keypad(ui, &mut f.phone, 15) {
                            f.error = None;
                        }
                    }
                    2 => {
                        let mut used = CardSet::default();
                        for c in &f.cards {
                            used.insert(*c);
                        }
                        if let Some(c) = card_grid(ui, "high-hand-cards", &used)
                            && f.cards.len() < 7
                        {
                            f.cards.push(c);
                            f.error = None;
                        }
                        if ui.add(Button::new(RichText::new("Clear cards").size(theme::BODY)).min_size(theme::ACTION_SIZE)).clicked() {
                            f.cards.clear();
                        }
                    }
                    _ => f.sign.show(ui),
                }
            });
        if cancel {
            return;
        }
        if print_slip {
            // The slip's lines are read from the journal: after the frame, never while it draws.
            cmds.push(UiCmd::PrintHighHandSlip);
        }
        if done {
            if f.seat.is_none() {
                f.error = Some("Tap the player's seat".into());
            } else {
                cmds.push(UiCmd::SubmitHighHand);
            }
        }
        self.high_hand = Some(f);
    }

    /// The ended periods this table can close: those with slip lines here, and the last one if
    /// its pool may hold something (a drop taken from rounds dealt here, or a rollover): a
    /// table that never dealt a round has no empty period to close.
    fn periods_to_close(&self, current: &str) -> Vec<String> {
        let t = self.term.table();
        let mut out: Vec<String> = t
            .high_hand_slips
            .iter()
            .map(|(p, _)| p.clone())
            .filter(|p| p.as_str() < current)
            .collect();
        let minutes = i64::from(self.high_hand_config.period_minutes.max(1));
        let last = self
            .high_hand_config
            .period_of(chrono::Utc::now() - chrono::Duration::minutes(minutes));
        let drops = t
            .setup
            .as_ref()
            .is_some_and(|s| s.pot_rules.high_hand > 0 && t.rounds_played > 0);
        if (drops || t.high_hand_rollover > 0) && last.as_str() < current {
            out.push(last);
        }
        // A closed period is closed once.
        if let Some(closed) = &t.high_hand_closed {
            out.retain(|p| p > closed);
        }
        out.sort();
        out.dedup();
        out
    }

    /// § 637a.16(c): closing a period reads its contributions from the journal, apart, while
    /// the signature's PIN is checked; the close is made once both have answered.
    pub(super) fn begin_close_read(&mut self, c: &UiCmd, ctx: &egui::Context) {
        if let UiCmd::ClosePeriod(period) = c {
            let end = self
                .high_hand_config
                .period_after(period)
                .unwrap_or_default();
            let wake = ctx.clone();
            self.term.begin_contributions_read(
                period,
                &end,
                Box::new(move || wake.request_repaint()),
            );
        }
    }

    /// § 637a.16(h): closes `period` with the floorperson's signature keyed on the form.
    pub(super) fn close_period(&mut self, period: &str, ctx: &egui::Context) {
        let Some(f) = self.high_hand.as_ref() else {
            return;
        };
        let current = self.current_period();
        let end = self
            .high_hand_config
            .period_after(period)
            .unwrap_or_default();
        let signed = self.term.close_high_hand_period_signed(
            period,
            &end,
            &current,
            &f.sign.credential,
            &f.sign.pin,
        );
        self.run_signed(signed, ctx, |app, closed| match closed {
            Ok(text) => {
                app.high_hand = None;
                app.view.message = Some(Notice::done(text));
            }
            Err(e) => keep_refusal(app.high_hand.as_mut(), app.term.pin_wait(), e),
        });
    }

    /// Records the slip line the form holds (the command after the frame).
    /// § 637a.16(f): the period's High Hand Tracking Slip in the print preview; the form
    /// closes once the preview is up, and says why when it cannot be.
    pub(super) fn print_high_hand_slip(&mut self) {
        let t = self.term.table();
        let table = t.setup.as_ref().map(|s| s.table_no);
        let dealer = t.dealer.as_ref().map(|d| d.credential.clone());
        let period = self.current_period();
        let shown = match table {
            Some(table) => self.open_preview(
                crate::print::Request::HighHandSlip { table, period },
                dealer,
            ),
            None => Err("no table is open".to_string()),
        };
        match shown {
            Ok(()) => self.high_hand = None,
            Err(e) => {
                if let Some(f) = self.high_hand.as_mut() {
                    f.error = Some(e);
                }
            }
        }
    }

    pub(super) fn submit_high_hand(&mut self, ctx: &egui::Context) {
        let Some(f) = self.high_hand.as_ref() else {
            return;
        };
        let Some(seat) = f.seat else {
            return;
        };
        let period = self.current_period();
        let credential = f.sign.credential.clone();
        let signed = self.term.record_high_hand_signed(
            &period,
            seat,
            &f.name,
            &f.phone,
            f.cards.clone(),
            &f.sign.credential,
            &f.sign.pin,
        );
        self.run_signed(signed, ctx, move |app, line| match line {
            Ok(line) => {
                app.high_hand = None;
                app.view.message = Some(Notice::done(format!(
                    "High Hand Tracking Slip line {line} recorded for seat {seat}"
                )));
                // The period's slip, shown for printing with one tap.
                let table = app.term.table().setup.as_ref().map(|s| s.table_no);
                if let Some(table) = table {
                    let request = crate::print::Request::HighHandSlip { table, period };
                    if let Err(e) = app.open_preview(request, Some(credential)) {
                        app.view.message = Some(Notice::problem(format!(
                            "The line is recorded; the slip cannot be shown: {e}"
                        )));
                    }
                }
            }
            Err(e) => keep_refusal(app.high_hand.as_mut(), app.term.pin_wait(), e),
        });
    }
}

/// The high-hand form's foot: its message, "Record and sign", "Cancel" and "Print slip" (the
/// period's slip as recorded so far, shown before it prints); which was tapped.
fn high_hand_actions(ui: &mut Ui, error: Option<&str>, can_record: bool) -> (bool, bool, bool) {
    let (mut done, mut cancel, mut print_slip) = (false, false, false);
    egui::Panel::bottom("high-hand-actions")
        .frame(
            egui::Frame::new()
                .fill(theme::FELT_DARK)
                .inner_margin(egui::Margin::same(12)),
        )
        .show(ui, |ui| {
            if let Some(e) = error {
                body_colour(ui, &format!("⚠ {e}"), theme::DANGER);
            }
            ui.horizontal(|ui| {
                if primary_when(ui, can_record, "Record and sign") {
                    done = true;
                }
                if ui
                    .add(
                        Button::new(RichText::new("Cancel").size(theme::BODY))
                            .min_size(theme::ACTION_SIZE),
                    )
                    .clicked()
                {
                    cancel = true;
                }
                if ui
                    .add(
                        Button::new(RichText::new("Print slip").size(theme::BODY))
                            .min_size(theme::ACTION_SIZE),
                    )
                    .clicked()
                {
                    print_slip = true;
                }
            });
        });
    (done, cancel, print_slip)
}
