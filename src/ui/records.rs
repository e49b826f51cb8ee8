//! Box counts (§ 637a.15(d)(1), § 637a.16(d)(1)) and time charges (§ 637a.17(b)(3)) at the
//! table: short forms the floorperson signs with credential number and PIN.

use super::Notice;
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
    pub(super) fn submit_record(&mut self) {
        let Some(mut f) = self.record_form.take() else {
            return;
        };
        let tc = self.time_charge_config.clone();
        let (credential, pin) = (f.sign.credential.clone(), f.sign.pin.clone());
        // A box count's documentation is shown for printing once it is recorded.
        let mut counted = None;
        let result = match f.kind {
            RecordKind::BoxCount => match (f.jackpot_box, f.amount.trim().parse::<i64>()) {
                (None, _) => Err("Tap the box counted".to_string()),
                (_, Err(_)) => Err(format!("\"{}\" is not an amount in dollars", f.amount)),
                (Some(b), Ok(dollars)) => self
                    .term
                    .record_box_count(b, dollars.saturating_mul(100), &f.seal, &credential, &pin)
                    .map(|serial| {
                        counted = Some(serial);
                        format!(
                            "{} box count of ${dollars} recorded (record #{serial})",
                            b.name()
                        )
                    }),
            },
            RecordKind::TimeCharges => self
                .term
                .record_time_charges(
                    f.seats.iter().copied().collect(),
                    tc.per_seat_cents,
                    tc.interval_minutes,
                    &credential,
                    &pin,
                )
                .map(|total| format!("Time charges of {} verified", money(total))),
        };
        match result {
            Ok(notice) => {
                self.view.message = Some(Notice::done(notice));
                if let Some(record) = counted {
                    let request = crate::print::Request::BoxCount { record };
                    if let Err(e) = self.open_preview(request, Some(credential)) {
                        self.view.message = Some(Notice::problem(format!(
                            "The count is recorded; its documentation cannot be shown: {e}"
                        )));
                    }
                }
            }
            Err(e) => {
                f.sign.refused(self.term.pin_wait());
                f.error = Some(e);
                self.record_form = Some(f);
            }
        }
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
