//! The on-screen numeric keypad (no keyboard at the table): digits, Clear and Delete.

use super::theme;
use egui::{Button, RichText, Ui};

/// Draws a 3×4 keypad that edits `value`; returns true when a key was pressed.
pub fn keypad(ui: &mut Ui, value: &mut String, max_len: usize) -> bool {
    match pressed(ui) {
        Some(key) => {
            press(value, key, max_len);
            true
        }
        None => false,
    }
}

/// The keypad drawn: the key tapped, if any ("0" to "9", "Clear", "Delete").
pub fn pressed(ui: &mut Ui) -> Option<&'static str> {
    let mut tapped = None;
    let rows: [[&'static str; 3]; 4] = [
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
                        tapped = Some(key);
                    }
                }
                ui.end_row();
            }
        });
    tapped
}

/// A key of the keypad applied to the amount keyed so far (at most `max_len` digits).
pub fn press(value: &mut String, key: &str, max_len: usize) {
    match key {
        "Clear" => value.clear(),
        "Delete" => {
            value.pop();
        }
        d if value.len() < max_len => value.push_str(d),
        _ => {}
    }
}

/// An on-screen letter keyboard for names (first start, people): letters, space, hyphen,
/// apostrophe, Delete and Clear; each word starts with a capital. Returns true when a key was
/// pressed.
pub fn letters(ui: &mut Ui, value: &mut String, max_len: usize) -> bool {
    keyboard(ui, value, max_len, true)
}

/// An on-screen keyboard for a sentence (a ruling): digits too, and a capital only at the
/// start and after a full stop.
pub fn sentence(ui: &mut Ui, value: &mut String, max_len: usize) -> bool {
    keyboard(ui, value, max_len, false)
}

fn keyboard(ui: &mut Ui, value: &mut String, max_len: usize, names: bool) -> bool {
    let mut changed = false;
    let digits: &[&str] = &["1", "2", "3", "4", "5", "6", "7", "8", "9", "0"];
    let rows: [&[&str]; 5] = [
        if names { &[] } else { digits },
        &["Q", "W", "E", "R", "T", "Y", "U", "I", "O", "P"],
        &["A", "S", "D", "F", "G", "H", "J", "K", "L", "'"],
        &["Z", "X", "C", "V", "B", "N", "M", "-", ".", ","],
        &["Space", "Delete", "Clear"],
    ];
    for row in rows.into_iter().filter(|r| !r.is_empty()) {
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
                            // Names: a capital after a space or at the start, small letters
                            // after that. Sentences: a capital at the start and after ". ".
                            let first = if names {
                                value.is_empty() || value.ends_with([' ', '-', '\''])
                            } else {
                                value.trim_end().is_empty() || value.trim_end().ends_with('.')
                            };
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
