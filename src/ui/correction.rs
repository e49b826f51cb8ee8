//! Taking back steps of the round in play (`rules::table::undo`): the dealer's **Undo last** (the
//! last betting action or decision, one tap, no signature) sits in the side panel's slots; a
//! **Correction** opens this screen: the round's steps that can be taken back, newest first, one
//! tapped, then a floorperson signs. The rows taken back stay in the journal.

use super::signed::keep_refusal;
use super::widgets::capital;
use super::{DeckhandApp, Notice, Signature, UiCmd, body, body_colour, small, theme, title};
use egui::{Button, RichText, Ui};

#[derive(Debug, Default)]
pub struct CorrectionForm {
    /// How many steps back, once one is tapped.
    pub steps: Option<u32>,
    pub sign: Signature,
    pub error: Option<String>,
}

impl DeckhandApp {
    pub(super) fn correction_screen(&mut self, ui: &mut Ui, cmds: &mut Vec<UiCmd>) {
        let Some(mut f) = self.correction.take() else {
            return;
        };
        let history: Vec<String> = self
            .term
            .table()
            .history
            .iter()
            .map(|t| capital(&t.what))
            .collect();
        let mut record = false;
        let mut close = false;
        egui::Panel::bottom("correction-actions")
            .frame(
                egui::Frame::new()
                    .fill(theme::FELT_DARK)
                    .inner_margin(egui::Margin::symmetric(20, 10)),
            )
            .show(ui, |ui| {
                ui.horizontal(|ui| {
                    if super::widgets::primary_when(ui, f.steps.is_some(), "Correct the round") {
                        record = true;
                    }
                    if ui
                        .add(
                            Button::new(RichText::new("Close").size(theme::BODY))
                                .min_size(theme::ACTION_SIZE),
                        )
                        .clicked()
                    {
                        close = true;
                    }
                    if let Some(e) = &f.error {
                        body_colour(ui, &format!("⚠ {e}"), theme::DANGER);
                    }
                });
            });
        super::form_panel()
            .show(ui, |ui| {
                title(ui, "Correct the round in play");
                ui.columns(2, |cols| {
                    let ui = &mut cols[0];
                    if history.is_empty() {
                        body(ui, "Nothing in this round can be taken back here: the steps since the bets closed, the payouts validated or the pot counted stand. Report an irregularity instead.");
                        return;
                    }
                    body(ui, "Tap the first step that was wrong: the round goes back to before it. Every step stays in the journal.");
                    crate::ui::theme::scroll_vertical()
                        .auto_shrink([false, true])
                        .max_height(ui.available_height() - 8.0)
                        .show(ui, |ui| {
                            let n = history.len();
                            for (i, what) in history.iter().enumerate().rev() {
                                let steps = (n - i) as u32;
                                let b = Button::new(
                                    RichText::new(format!("Back to before: {what}")).size(theme::BODY),
                                )
                                .wrap_mode(egui::TextWrapMode::Wrap)
                                .selected(f.steps == Some(steps))
                                .min_size(egui::vec2(ui.available_width(), theme::TARGET));
                                if ui.add(b).clicked() {
                                    f.steps = Some(steps);
                                    f.error = None;
                                }
                            }
                        });
                    let ui = &mut cols[1];
                    body(ui, "A floorperson signs");
                    small(ui, "house procedure: a correction of the round in play is signed");
                    f.sign.show(ui);
                });
            });
        if close {
            return;
        }
        if record {
            if f.steps.is_none() {
                f.error = Some("Tap the first step that was wrong".into());
            } else if !f.sign.is_complete() {
                f.error = Some(
                    "A floorperson signs here: key the credential number, then the PIN".into(),
                );
                if !f.sign.credential.trim().is_empty() {
                    f.sign.focus_pin();
                }
            } else {
                cmds.push(UiCmd::SubmitCorrection);
            }
        }
        self.correction = Some(f);
    }

    /// Applies the correction the form holds (the command after the frame).
    pub(super) fn submit_correction(&mut self, ctx: &egui::Context) {
        let Some(f) = self.correction.as_ref() else {
            return;
        };
        let Some(steps) = f.steps else {
            return;
        };
        let signed = self
            .term
            .correct_round_signed(steps, &f.sign.credential, &f.sign.pin);
        self.run_signed(signed, ctx, |app, done| match done {
            Ok(done) => {
                app.correction = None;
                app.view.message = Some(Notice::done(done));
            }
            Err(e) => keep_refusal(app.correction.as_mut(), app.term.pin_wait(), e),
        });
    }

    /// The dealer's undo of the last step (no signature).
    pub(super) fn undo_last(&mut self, ctx: &egui::Context) {
        let what = self.term.table().undoable().map(capital);
        self.run(
            vec![crate::rules::table::Command::UndoLast],
            super::dispatch::Then::Undone(what.unwrap_or_default()),
            ctx,
        );
    }
}
