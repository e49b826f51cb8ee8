//! Box counts (§ 637a.15(d)(1), § 637a.16(d)(1)) and time charges (§ 637a.17(b)(3)) at the
//! table: short forms the floorperson signs with credential number and PIN.

use super::Notice;
use super::signed::keep_refusal;
use super::{DeckhandApp, Signature, UiCmd, body, body_colour, keypad, primary, theme, title};
use crate::rules::money;
use crate::rules::table::JackpotBox;
use egui::{Button, RichText, Ui};
use std::collections::BTreeSet;

#[derive(Default)]
pub struct RecordForm {
    pub kind: RecordKind,
    pub jackpot_box: Option<JackpotBox>,
    /// Dollars typed on the keypad.
    pub amount: String,
    pub seal: String,
    pub seats: BTreeSet<u8>,
    /// The floorperson's signature.
    pub sign: Signature,
    /// 0 amount, 1 seal, 2 the signature.
    pub field: u8,
    pub error: Option<String>,
}

#[derive(Debug, Default, Clone, Copy, PartialEq, Eq)]
pub enum RecordKind {
    #[default]
    BoxCount,
    TimeCharges,
}

impl std::fmt::Debug for RecordForm {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("RecordForm { .. }")
    }
}

impl DeckhandApp {
    pub(super) fn record_screen(&mut self, ui: &mut Ui, cmds: &mut Vec<UiCmd>) {
        let Some(mut f) = self.record_form.take() else {
            return;
        };
        let tc = self.time_charge_config.clone();
        let (mut submit, mut cancel) = (false, false);
        super::form_panel()
            .show(ui, |ui| {
                match f.kind {
                    RecordKind::BoxCount => {
                        title(ui, "Box count");
                        body(ui, "The dealer counts the box at the closed table, a floorperson or above watches; both sign (§ 637a.15(d)(1), § 637a.16(d)(1)).");
                        ui.horizontal(|ui| {
                            for b in [JackpotBox::BadBeat, JackpotBox::HighHand] {
                                if ui.add(Button::new(RichText::new(b.name()).size(theme::BODY)).selected(f.jackpot_box == Some(b)).min_size(theme::ACTION_SIZE)).clicked() {
                                    f.jackpot_box = Some(b);
                                    // A message goes once what it asked for is done.
                                    f.error = None;
                                }
                            }
                        });
                        let fields = [
                            format!("Amount: ${}", f.amount),
                            format!("Container seal: {}", f.seal),
                            "Floorperson signs".to_string(),
                        ];
                        field_row(ui, &fields, &mut f.field);
                    }
                    RecordKind::TimeCharges => {
                        title(ui, "Time charges");
                        body(ui, &format!(
                            "{} per seat for {} minutes. Tap every seat charged, inactive players too (§ 637a.17(b)(3)(i)); a floorperson verifies before the drop box (§ 637a.17(b)(3)(v)).",
                            money(tc.per_seat_cents),
                            tc.interval_minutes
                        ));
                        ui.horizontal_wrapped(|ui| {
                            for seat in 1..=10u8 {
                                let on = f.seats.contains(&seat);
                                if ui.add(Button::new(RichText::new(format!("Seat {seat}")).size(theme::BODY)).selected(on).min_size(egui::vec2(90.0, theme::TARGET))).clicked() {
                                    if on {
                                        f.seats.remove(&seat);
                                        f.error = None;
                                    } else {
                                        f.seats.insert(seat);
                                        f.error = None;
                                    }
                                }
                            }
                        });
                        body(ui, &format!("Total: {}", money(tc.per_seat_cents * f.seats.len() as i64)));
                        if f.field < 2 {
                            f.field = 2;
                        }
                        let fields = [String::new(), String::new(), "Floorperson signs".to_string()];
                        field_row(ui, &fields, &mut f.field);
                    }
                }
                match f.field {
                    0 => {
                        if keypad::keypad(ui, &mut f.amount, 12) {
                            f.error = None;
                        }
                    }
                    1 => {
                        if keypad::keypad(ui, &mut f.seal, 12) {
                            f.error = None;
                        }
                    }
                    _ => f.sign.show(ui),
                }
                if let Some(e) = &f.error {
                    body_colour(ui, &format!("⚠ {e}"), theme::DANGER);
                }
                ui.horizontal(|ui| {
                    if primary(ui, "Record and sign") {
                        submit = true;
                    }
                    if ui.add(Button::new(RichText::new("Cancel").size(theme::BODY)).min_size(theme::ACTION_SIZE)).clicked() {
                        cancel = true;
                    }
                });
            });
        if cancel {
            return;
        }
        if submit {
            // What the form can tell by itself is said at once; the rest is the terminal's.
            let missing = match f.kind {
                RecordKind::BoxCount if f.jackpot_box.is_none() => {
                    Some("Tap the box counted".to_string())
                }
                RecordKind::BoxCount if f.amount.trim().parse::<i64>().is_err() => {
                    Some(format!("\"{}\" is not an amount in dollars", f.amount))
                }
                _ => None,
            };
            match missing {
                Some(e) => f.error = Some(e),
                None => cmds.push(UiCmd::SubmitRecord),
            }
        }
        self.record_form = Some(f);
    }

    /// Records the box count or time charges the form holds (the command after the frame).
    pub(super) fn submit_record(&mut self, ctx: &egui::Context) {
        let Some(f) = self.record_form.as_ref() else {
            return;
        };
        let tc = self.time_charge_config.clone();
        let (credential, pin) = (f.sign.credential.clone(), f.sign.pin.clone());
        let done = move |app: &mut DeckhandApp, notice: Result<String, String>| match notice {
            Ok(notice) => {
                app.record_form = None;
                app.view.message = Some(Notice::done(notice));
            }
            Err(e) => keep_refusal(app.record_form.as_mut(), app.term.pin_wait(), e),
        };
        let count = match f.kind {
            RecordKind::TimeCharges => {
                let signed = self.term.record_time_charges_signed(
                    f.seats.iter().copied().collect(),
                    tc.per_seat_cents,
                    tc.interval_minutes,
                    &credential,
                    &pin,
                );
                return self.run_signed(signed, ctx, move |app, total| {
                    done(
                        app,
                        total.map(|t| format!("Time charges of {} verified", money(t))),
                    );
                });
            }
            RecordKind::BoxCount => match (f.jackpot_box, f.amount.trim().parse::<i64>()) {
                (None, _) => Err("Tap the box counted".to_string()),
                (_, Err(_)) => Err(format!("\"{}\" is not an amount in dollars", f.amount)),
                (Some(b), Ok(dollars)) => Ok((b, dollars)),
            },
        };
        let (b, dollars) = match count {
            Ok(c) => c,
            Err(e) => return done(self, Err(e)),
        };
        let cents = dollars.saturating_mul(100);
        let signed = self
            .term
            .record_box_count_signed(b, cents, &f.seal, &credential, &pin);
        self.run_signed(signed, ctx, move |app, serial| match serial {
            Ok(record) => {
                let said = format!(
                    "{} box count of ${dollars} recorded (record #{record})",
                    b.name()
                );
                done(app, Ok(said));
                // A box count's documentation is shown for printing once it is recorded.
                let request = crate::print::Request::BoxCount { record };
                if let Err(e) = app.open_preview(request, Some(credential)) {
                    app.view.message = Some(Notice::problem(format!(
                        "The count is recorded; its documentation cannot be shown: {e}"
                    )));
                }
            }
            Err(e) => done(app, Err(e)),
        });
    }
}

fn field_row(ui: &mut Ui, fields: &[String], focus: &mut u8) {
    ui.horizontal_wrapped(|ui| {
        for (i, label) in fields.iter().enumerate() {
            if label.is_empty() {
                continue;
            }
            let b = Button::new(RichText::new(label).size(theme::BODY))
                .selected(*focus == i as u8)
                .min_size(egui::vec2(220.0, theme::TARGET));
            if ui.add(b).clicked() {
                *focus = i as u8;
            }
        }
    });
}
