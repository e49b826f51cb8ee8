//! One tap to print, after a preview: the High Hand Tracking Slip (§ 637a.16(f)), a box count's
//! documentation and the end-of-shift report show on screen as they will print (the number is
//! given when printed, REPRINT when the subject was printed before). **Print** journals the print
//! (`document_printed`, its serial the document number) and hands the document to the configured
//! printer on its own thread (`[printer]`: a PDF in `exports/`, a CUPS queue, a receipt printer);
//! the screen never waits for it. The answer, "… printed on CUPS queue office" or the printer's
//! error, shows where the print was asked for; a print that fails is journaled
//! (`document_print_failed`), and printing again is a REPRINT. **Cancel** journals nothing.
//! The shift report is made from the period's records, read on a thread of their own from the
//! moment the preview opens (the preview says so until they are in), and states the journal's
//! chain status: that walk runs on its own thread too, and **Print** waits for both (the screen
//! never walks the journal or the period).

use super::{
    DeckhandApp, Notice, UiCmd, body, body_colour, notice_line, primary_when, theme, title,
};
use crate::print::printer::{Printer, PrinterConfig};
use crate::print::{Block, Document, Request, ShiftPeriod};
use egui::{Button, RichText, Ui};
use std::sync::{Arc, Mutex, mpsc};

/// The printer's answer to come: `Ok` says where the document went, `Err` why it did not print.
pub type Answer = mpsc::Receiver<Result<String, String>>;

/// A document on screen before it prints.
pub struct PrintPreview {
    /// What to print.
    pub request: Request,
    /// Who asks (the journal row's actor).
    pub printed_by: Option<String>,
    /// The document as it would print now; none while a shift report's records are read.
    pub document: Option<Document>,
    /// The document being sent (its number and heading), and the printer's answer to come.
    pub sending: Option<(i64, String, Answer)>,
    /// The last print's problem.
    pub error: Option<String>,
    /// The screen, woken when the printer answers.
    pub ctx: Option<egui::Context>,
    /// The shift report's walk of the journal's chain, on its own thread.
    pub walk: Option<Arc<Mutex<Background<String>>>>,
    /// The shift report's records, read on their own thread; then kept here, so the print and a
    /// print again after a failure are made from what the preview showed.
    pub period: Option<Arc<Mutex<Background<ShiftPeriod>>>>,
    pub records: Option<ShiftPeriod>,
}

/// A job on a thread of its own: its answer when done, and the screen to wake then.
pub struct Background<T> {
    pub verdict: Option<Result<T, String>>,
    pub wake: Option<egui::Context>,
}

/// Runs `job` on a thread of its own.
fn in_background<T: Send + 'static>(
    job: impl FnOnce() -> Result<T, String> + Send + 'static,
) -> Arc<Mutex<Background<T>>> {
    let slot = Arc::new(Mutex::new(Background {
        verdict: None,
        wake: None,
    }));
    let done = slot.clone();
    std::thread::spawn(move || {
        let verdict = job();
        if let Ok(mut w) = done.lock() {
            w.verdict = Some(verdict);
            if let Some(ctx) = w.wake.take() {
                ctx.request_repaint();
            }
        }
    });
    slot
}

/// Whether a job is still running; if so, the screen is woken when it ends.
fn running<T>(job: Option<&Arc<Mutex<Background<T>>>>, ctx: &egui::Context) -> bool {
    job.is_some_and(|j| {
        j.lock().is_ok_and(|mut j| {
            if j.verdict.is_none() {
                j.wake = Some(ctx.clone());
            }
            j.verdict.is_none()
        })
    })
}

impl std::fmt::Debug for PrintPreview {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("PrintPreview")
            .field("request", &self.request)
            .field("sending", &self.sending.is_some())
            .finish_non_exhaustive()
    }
}

impl DeckhandApp {
    /// Where documents print (`[printer]`).
    pub fn with_printer(mut self, config: PrinterConfig) -> DeckhandApp {
        self.printer = config;
        self
    }

    /// The configured printer; PDF files go to `exports/` next to the database.
    fn printer(&self) -> Printer {
        let exports = self
            .term
            .store()
            .path()
            .parent()
            .map(|p| p.join("exports"))
            .unwrap_or_else(|| "exports".into());
        Printer::from_config(&self.printer, exports)
    }

    /// Shows `request` as it would print; a document that cannot be made is the answer.
    pub(super) fn open_preview(
        &mut self,
        request: Request,
        printed_by: Option<String>,
    ) -> Result<(), String> {
        let (document, walk, period) = match &request {
            Request::ShiftReport { table, from, to } => {
                let walk = self.term.store().chain_walk();
                let walk = move || walk().map(|s| s.to_string()).map_err(|e| e.to_string());
                let read = self.term.shift_period_job(*table, from, to);
                (None, Some(in_background(walk)), Some(in_background(read)))
            }
            _ => (Some(self.term.prepare_document(&request)?), None, None),
        };
        self.preview = Some(PrintPreview {
            request,
            printed_by,
            document,
            sending: None,
            error: None,
            ctx: None,
            walk,
            period,
            records: None,
        });
        Ok(())
    }

    /// Says how a print went where it was asked for: in the review, or in the message band.
    fn print_answer(&mut self, text: String, done: bool) {
        if let Some(r) = self.review.as_mut() {
            // The print is a record of its own: the list shows it (this terminal's journal).
            if r.central.is_none() {
                r.reload();
            }
            r.notice = Some(text);
        } else if done {
            self.view.message = Some(Notice::done(text));
        } else {
            self.view.message = Some(Notice::problem(text));
        }
    }

    /// The printer's answer, once it comes (the app's logic, before the frame is drawn): a
    /// print that failed is journaled, and the preview shows what printing again will print.
    pub(super) fn poll_print_answer(&mut self) {
        self.poll_shift_period();
        // The printer's answer, once it comes.
        let answer = self
            .preview
            .as_ref()
            .and_then(|p| p.sending.as_ref())
            .and_then(|(no, heading, rx)| match rx.try_recv() {
                Ok(r) => Some((*no, heading.clone(), r)),
                Err(mpsc::TryRecvError::Empty) => None,
                Err(mpsc::TryRecvError::Disconnected) => Some((
                    *no,
                    heading.clone(),
                    Err("the printer's thread stopped".into()),
                )),
            });
        match answer {
            Some((_, heading, Ok(where_to))) => {
                self.preview = None;
                self.print_answer(format!("{heading} {where_to}"), true);
            }
            Some((no, heading, Err(e))) => {
                // The number was given but nothing came out: the journal says so; printing again
                // makes a REPRINT under a new number.
                self.term.print_failed(no, &e);
                // The preview shows what printing again will print.
                if let Some(p) = self.preview.as_mut() {
                    let again = self
                        .term
                        .prepare_document_from(&p.request, p.records.as_ref());
                    if let Ok(doc) = again {
                        p.document = Some(doc);
                    }
                    p.sending = None;
                    p.error = Some(format!("{heading} did not print: {e}"));
                }
            }
            None => {}
        }
    }

    /// A shift report's records, once read: the preview is made from them (the app's logic).
    fn poll_shift_period(&mut self) {
        let Some(p) = self.preview.as_mut() else {
            return;
        };
        let read = p.period.as_ref().and_then(|job| match job.lock() {
            Ok(mut j) => j.verdict.take(),
            Err(_) => Some(Err("the reading thread stopped".into())),
        });
        match read {
            Some(Ok(records)) => {
                p.period = None;
                match self.term.prepare_document_from(&p.request, Some(&records)) {
                    Ok(doc) => p.document = Some(doc),
                    Err(e) => p.error = Some(format!("The report cannot be made: {e}")),
                }
                p.records = Some(records);
            }
            Some(Err(e)) => {
                p.period = None;
                p.error = Some(format!("The shift's records could not be read: {e}"));
            }
            None => {}
        }
    }

    /// The preview, with Print and Cancel.
    pub(super) fn preview_screen(&mut self, ui: &mut Ui, cmds: &mut Vec<UiCmd>) {
        let printer = self.printer();
        let to = printer.describe();
        let receipt = match printer {
            Printer::EscPos { receipt, .. } => Some(receipt.columns),
            _ => None,
        };
        let Some(p) = self.preview.as_mut() else {
            return;
        };
        p.ctx = Some(ui.ctx().clone());
        // The walk's verdict and the period's records, or the screen to wake when they come.
        let walking = running(p.walk.as_ref(), ui.ctx());
        let reading = running(p.period.as_ref(), ui.ctx()) || p.document.is_none();
        let p = &*p;
        let sending = p.sending.is_some();
        let notice = self.view.message.as_ref();
        egui::Panel::bottom("preview-actions")
            .frame(
                egui::Frame::new()
                    .fill(theme::FELT_DARK)
                    .inner_margin(egui::Margin::same(16)),
            )
            .show(ui, |ui| {
                if let Some(e) = &p.error {
                    body_colour(ui, e, theme::WARN);
                }
                ui.horizontal(|ui| {
                    let label = if sending {
                        "Printing…"
                    } else if reading {
                        "Reading the records…"
                    } else if walking {
                        "Checking the journal…"
                    } else {
                        "Print"
                    };
                    if primary_when(ui, !sending && !walking && !reading, label) {
                        cmds.push(UiCmd::PrintPreviewed);
                    }
                    if ui
                        .add_enabled(
                            !sending,
                            Button::new(RichText::new("Cancel").size(theme::BODY))
                                .min_size(egui::vec2(160.0, theme::TARGET)),
                        )
                        .clicked()
                    {
                        cmds.push(UiCmd::ClosePreview);
                    }
                });
            });
        super::form_panel().show(ui, |ui| {
            // What was just recorded, if the preview follows a form.
            notice_line(ui, notice);
            let Some(document) = &p.document else {
                title(ui, "Preview: End-of-shift table report");
                if p.error.is_none() {
                    body(ui, "Reading the shift's records…");
                }
                return;
            };
            title(ui, &format!("Preview: {}", document.heading));
            body(
                ui,
                &format!("Prints to: {to}. The number is given when printed."),
            );
            crate::ui::theme::scroll_vertical()
                .auto_shrink([false, false])
                .show(ui, |ui| {
                    egui::Frame::new()
                        .fill(egui::Color32::WHITE)
                        .inner_margin(egui::Margin::same(16))
                        .show(ui, |ui| paper(ui, document, receipt));
                });
        });
    }

    /// Closes the preview without printing: nothing is journaled.
    pub(super) fn close_preview(&mut self) {
        self.preview = None;
        if let Some(r) = self.review.as_mut() {
            r.notice = None;
        }
    }

    /// Prints the previewed document: the journal row now, the printer on its own thread (which
    /// wakes the screen when it answers).
    pub(super) fn print_previewed(&mut self) {
        let printer = self.printer();
        let Some(p) = self.preview.as_mut() else {
            return;
        };
        if p.sending.is_some() || p.document.is_none() {
            return;
        }
        // The shift report states the walk's verdict; printing waits for it.
        let walked = match p.walk.as_ref().map(|w| w.lock().map(|w| w.verdict.clone())) {
            None => None,
            Some(Ok(Some(Ok(verdict)))) => Some(verdict),
            Some(Ok(None)) => return,
            Some(Ok(Some(Err(e)))) => {
                p.error = Some(format!(
                    "Printing failed: the journal could not be walked: {e}"
                ));
                return;
            }
            Some(Err(_)) => {
                p.error = Some("Printing failed: the journal's walk stopped".into());
                return;
            }
        };
        let issued = self.term.issue_document(
            &p.request,
            p.printed_by.as_deref(),
            walked.as_deref(),
            p.records.as_ref(),
        );
        let doc = match issued {
            Ok(d) => d,
            Err(e) => {
                p.error = Some(format!("Printing failed: {e}"));
                return;
            }
        };
        p.error = None;
        let ctx = p.ctx.clone();
        let wake = move || {
            if let Some(ctx) = ctx {
                ctx.request_repaint();
            }
        };
        p.sending = Some((doc.number, doc.heading.clone(), printer.spawn(doc, wake)));
    }
}

/// The document on white paper: as the receipt printer's fixed columns, or as the page's lines.
fn paper(ui: &mut Ui, doc: &Document, receipt: Option<usize>) {
    let ink = egui::Color32::from_rgb(0x20, 0x20, 0x20);
    if let Some(columns) = receipt {
        for line in doc.wrap(columns) {
            ui.label(
                RichText::new(if line.text.is_empty() {
                    " "
                } else {
                    &line.text
                })
                .monospace()
                .size(theme::BODY)
                .color(ink),
            );
        }
        return;
    }
    let heading_colour = if doc.reprint { theme::DANGER } else { ink };
    ui.label(
        RichText::new(&doc.heading)
            .size(theme::BODY * 1.3)
            .strong()
            .color(heading_colour),
    );
    for b in &doc.blocks {
        match b {
            Block::Gap => {
                ui.add_space(8.0);
            }
            Block::Heading(s) => {
                ui.label(RichText::new(s).size(theme::BODY).strong().color(ink));
            }
            Block::Note(s) => {
                ui.label(RichText::new(s).size(theme::BODY * 0.8).color(ink));
            }
            _ => {
                ui.label(RichText::new(b.line()).size(theme::BODY).color(ink));
            }
        }
    }
    ui.add_space(8.0);
    ui.label(
        RichText::new(&doc.footer)
            .size(theme::BODY * 0.8)
            .color(ink),
    );
}
