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

/// An on-screen letter keyboard for names (first start, people): letters, space, hyphen,
/// apostrophe, Delete and Clear. Returns true when a key was pressed.
pub fn letters(ui: &mut Ui, value: &mut String, max_len: usize) -> bool {
    let mut changed = false;
    let rows: [&[&str]; 4] = [
        &["Q", "W", "E", "R", "T", "Y", "U", "I", "O", "P"],
        &["A", "S", "D", "F", "G", "H", "J", "K", "L", "'"],
        &["Z", "X", "C", "V", "B", "N", "M", "-", ".", ","],
        &["Space", "Delete", "Clear"],
    ];
    for row in rows {
        ui.horizontal(|ui| {
            for key in row {
                let size = if key.len() == 1 {
                    theme::CARD_KEY
                } else {
                    egui::vec2(theme::CARD_KEY.x * 2.4, theme::CARD_KEY.y)
                };
                if ui
                    .add(Button::new(RichText::new(*key).size(theme::BODY)).min_size(size))
                    .clicked()
                {
                    changed = true;
                    match *key {
                        "Clear" => value.clear(),
                        "Delete" => {
                            value.pop();
                        }
                        "Space"
                            if value.len() < max_len
                                && !value.ends_with(' ')
                                && !value.is_empty() =>
                        {
                            value.push(' ')
                        }
                        "Space" => {}
                        k if value.chars().count() < max_len => {
                            // Capital after a space or at the start, small letters after that.
                            let first = value.is_empty() || value.ends_with([' ', '-', '\'']);
                            if first {
                                value.push_str(k);
                            } else {
                                value.push_str(&k.to_lowercase());
                            }
                        }
                        _ => {}
                    }
                }
            }
        });
    }
    changed
}
