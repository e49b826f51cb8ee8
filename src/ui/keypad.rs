//! The on-screen numeric keypad (no keyboard at the table): digits, Clear and Delete.

use super::theme;
use egui::{Button, RichText, Ui};

/// Draws a 3×4 keypad that edits `value`; returns true when a key was pressed.
pub fn keypad(ui: &mut Ui, value: &mut String, max_len: usize) -> bool {
    let mut changed = false;
    let rows: [[&str; 3]; 4] = [
        ["1", "2", "3"],
        ["4", "5", "6"],
        ["7", "8", "9"],
        ["Clear", "0", "Delete"],
    ];
    egui::Grid::new("keypad")
        .spacing([theme::GAP, theme::GAP])
        .show(ui, |ui| {
            for row in rows {
                for key in row {
                    let text = RichText::new(key).size(if key.len() == 1 {
                        theme::TITLE
                    } else {
                        theme::BODY
                    });
                    if ui
                        .add(Button::new(text).min_size(theme::KEY_SIZE))
                        .clicked()
                    {
                        changed = true;
                        match key {
                            "Clear" => value.clear(),
                            "Delete" => {
                                value.pop();
                            }
                            d if value.len() < max_len => value.push_str(d),
                            _ => {}
                        }
                    }
                }
                ui.end_row();
            }
        });
    changed
}
