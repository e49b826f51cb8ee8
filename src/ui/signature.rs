//! The one credential-number-and-PIN form: every signature on the screen (a floorperson's
//! verification, a supervisor's review, the lock screen, a slip, a box count, an irregularity)
//! is keyed here, on one keypad.

use super::{keypad, theme};
use egui::{Button, RichText, Ui};

/// What is keyed so far; the PIN never reaches a log (`Debug` shows the credential only).
#[derive(Clone, Default)]
pub struct Signature {
    pub credential: String,
    pub pin: String,
    pin_focused: bool,
    /// The next try is allowed from this instant (after wrong PINs): a countdown is shown.
    wait_until: Option<std::time::Instant>,
    /// Refusals so far: each is a new screen for the tap guard, so a tap that was meant for
    /// the pad before its refusal never keys the next try's first digit.
    refusals: u32,
}

impl std::fmt::Debug for Signature {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Signature")
            .field("credential", &self.credential)
            .finish_non_exhaustive()
    }
}

impl Signature {
    /// The two fields and the keypad of the one in focus.
    pub fn show(&mut self, ui: &mut Ui) {
        // Both fields within the width given (a column of the irregularity form at 1024×768),
        // 300 and 200 px where there is room.
        let room = (ui.available_width() - ui.spacing().item_spacing.x).max(0.0);
        let (cred_w, pin_w) = if room >= 500.0 {
            (300.0, 200.0)
        } else {
            (room * 0.6, room * 0.4)
        };
        ui.horizontal(|ui| {
            let credential = Button::new(
                RichText::new(format!("Credential number: {}", self.credential)).size(theme::BODY),
            )
            .selected(!self.pin_focused)
            .min_size(egui::vec2(cred_w, theme::TARGET));
            if ui.add(credential).clicked() {
                self.pin_focused = false;
            }
            let pin = Button::new(
                RichText::new(format!("PIN: {}", "•".repeat(self.pin.len()))).size(theme::BODY),
            )
            .selected(self.pin_focused)
            .min_size(egui::vec2(pin_w, theme::TARGET));
            if ui.add(pin).clicked() {
                self.pin_focused = true;
            }
        });
        // A line kept for the wait after wrong PINs, empty otherwise: the keypad never moves.
        let mut wait = String::new();
        if let Some(until) = self.wait_until {
            let left = until.saturating_duration_since(std::time::Instant::now());
            if left.is_zero() {
                self.wait_until = None;
            } else {
                // Whole seconds, rounded up; the frame comes back when the number changes.
                let secs = left.as_secs() + u64::from(left.subsec_nanos() > 0);
                wait = format!("Wait {secs} s before the next try");
                ui.ctx()
                    .request_repaint_after(left.min(std::time::Duration::from_millis(250)));
            }
        }
        ui.label(
            RichText::new(if wait.is_empty() { " " } else { &wait })
                .size(theme::SMALL)
                .color(theme::WARN),
        );
        let target = if self.pin_focused {
            &mut self.pin
        } else {
            &mut self.credential
        };
        keypad::keypad(ui, target, 12);
    }

    pub fn pin_focused(&self) -> bool {
        self.pin_focused
    }

    /// What of the pad makes a new screen for the tap guard: the field keyed and each refusal.
    pub fn screen_key(&self) -> (bool, u32) {
        (self.pin_focused, self.refusals)
    }

    pub fn focus_pin(&mut self) {
        self.pin_focused = true;
    }

    /// Both parts keyed: worth checking (an empty one is no attempt and costs no try).
    pub fn is_complete(&self) -> bool {
        !self.credential.trim().is_empty() && !self.pin.is_empty()
    }

    /// After a refusal: a PIN that was keyed is keyed again (the credential number stays);
    /// without one, the credential number keeps the keypad. A refusal that was only the wait
    /// (`wait.untried`) keeps the PIN: it was never tried. A wait shows as a countdown.
    pub fn refused(&mut self, wait: Option<crate::terminal::PinWait>) {
        self.refusals = self.refusals.wrapping_add(1);
        self.wait_until = wait.map(|w| w.until);
        if wait.is_some_and(|w| w.untried) && !self.pin.is_empty() {
            self.pin_focused = true;
            return;
        }
        self.pin_focused = !self.pin.is_empty();
        self.pin.clear();
    }
}
