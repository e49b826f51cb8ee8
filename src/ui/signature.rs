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
        ui.horizontal(|ui| {
            let credential = Button::new(
                RichText::new(format!("Credential number: {}", self.credential)).size(theme::BODY),
            )
            .selected(!self.pin_focused)
            .min_size(egui::vec2(300.0, theme::TARGET));
            if ui.add(credential).clicked() {
                self.pin_focused = false;
            }
            let pin = Button::new(
                RichText::new(format!("PIN: {}", "•".repeat(self.pin.len()))).size(theme::BODY),
            )
            .selected(self.pin_focused)
            .min_size(egui::vec2(200.0, theme::TARGET));
            if ui.add(pin).clicked() {
                self.pin_focused = true;
            }
        });
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

    pub fn focus_pin(&mut self) {
        self.pin_focused = true;
    }

    /// Both parts keyed: worth checking (an empty one is no attempt and costs no try).
    pub fn is_complete(&self) -> bool {
        !self.credential.trim().is_empty() && !self.pin.is_empty()
    }

    /// After a refusal: a PIN that was keyed is keyed again (the credential number stays);
    /// without one, the credential number keeps the keypad.
    pub fn refused(&mut self) {
        self.pin_focused = !self.pin.is_empty();
        self.pin.clear();
    }
}
