//! The screens before the table: the first start (the administrator), the lock screen, the
//! dealer's sign-in and the opening of the table with its game.

use super::*;

impl DeckhandApp {
    /// The first start: nobody can sign anything until an administrator exists.
    pub(super) fn first_start(&mut self, ui: &mut Ui, cmds: &mut Vec<UiCmd>) {
        egui::CentralPanel::default()
            .frame(egui::Frame::new().fill(theme::FELT).inner_margin(egui::Margin::same(24)))
            .show(ui, |ui| {
                title(ui, "Create the administrator");
                body(
                    ui,
                    "This terminal has nobody yet. The administrator adds supervisors, who add dealers and floorpersons.",
                );
                let f = &mut self.view.admin;
                let dots = |s: &str| "•".repeat(s.len());
                ui.horizontal_wrapped(|ui| {
                    let fields = [
                        format!("Name: {}", f.name),
                        format!("Credential number: {}", f.credential),
                        format!("PIN: {}", dots(&f.pin)),
                        format!("PIN again: {}", dots(&f.pin_again)),
                    ];
                    for (i, label) in fields.iter().enumerate() {
                        let b = Button::new(RichText::new(label).size(theme::BODY))
                            .selected(f.field == i as u8)
                            .min_size(egui::vec2(240.0, theme::TARGET));
                        if ui.add(b).clicked() {
                            f.field = i as u8;
                        }
                    }
                });
                ui.add_space(theme::GAP);
                match f.field {
                    0 => {
                        keypad::letters(ui, &mut f.name, 40);
                    }
                    1 => {
                        keypad::keypad(ui, &mut f.credential, 12);
                    }
                    2 => {
                        keypad::keypad(ui, &mut f.pin, 8);
                    }
                    _ => {
                        keypad::keypad(ui, &mut f.pin_again, 8);
                    }
                }
                if primary(ui, "Create administrator") {
                    cmds.push(UiCmd::CreateAdmin);
                }
                notice_line(ui, self.view.message.as_ref());
            });
    }

    /// The locked screen shows nothing of the table but its number.
    pub(super) fn lock_screen(&mut self, ui: &mut Ui, cmds: &mut Vec<UiCmd>) {
        let table_no = self.term.table().setup.as_ref().map(|s| s.table_no);
        egui::CentralPanel::default()
            .frame(
                egui::Frame::new()
                    .fill(theme::FELT_DARK)
                    .inner_margin(egui::Margin::same(48)),
            )
            .show(ui, |ui| {
                let name = table_no.map_or("This terminal".to_string(), |n| format!("Table {n}"));
                title(ui, &format!("{name} is locked"));
                body(
                    ui,
                    "The dealer, or a floorperson, unlocks with credential number and PIN.",
                );
                // The screen locked while nobody watched: the next tap may be one meant for the
                // table ("Start round"), where the keypad now stands. It only wakes the lock.
                if !self.view.unlock_woken {
                    let size = egui::vec2(ui.available_width(), ui.available_height().max(96.0));
                    let wake = Button::new(RichText::new("Tap to unlock").size(theme::TITLE))
                        .min_size(size);
                    if ui.add(wake).clicked() {
                        self.view.unlock_woken = true;
                    }
                    return;
                }
                self.view.unlock.show(ui);
                // One next step in one place, as at sign-in and on the signature pad: "Next:
                // PIN", then "Unlock" (the walk found the PIN field had to be found and tapped).
                if !self.view.unlock.pin_focused() {
                    if primary(ui, "Next: PIN") {
                        self.view.unlock.focus_pin();
                    }
                } else if primary(ui, "Unlock") {
                    cmds.push(UiCmd::Unlock);
                }
                notice_line(ui, self.view.message.as_ref());
            });
    }

    pub(super) fn sign_in(&mut self, ui: &mut Ui, cmds: &mut Vec<UiCmd>) {
        // The title and the supervisors' way in on one row: the keypad and "Sign in" below fit
        // a 768-pixel screen.
        ui.horizontal(|ui| {
            title(ui, "Dealer sign-in");
            ui.add_space(48.0);
            if ui
                .add(
                    Button::new(RichText::new("Supervisor review").size(theme::BODY))
                        .min_size(theme::ACTION_SIZE),
                )
                .clicked()
            {
                cmds.push(UiCmd::OpenReview);
            }
        });
        let dealers = self
            .dealers
            .as_ref()
            .map(|(_, d)| d.clone())
            .unwrap_or_default();
        if dealers.is_empty() {
            body_colour(
                ui,
                "No dealers are registered on this terminal. An administrator adds people.",
                theme::WARN,
            );
            return;
        }
        match self.view.signin_name.clone() {
            None => {
                body(ui, "Tap your name.");
                ui.horizontal_wrapped(|ui| {
                    for d in &dealers {
                        if ui
                            .add(
                                Button::new(RichText::new(&d.name).size(theme::BODY + 2.0))
                                    .min_size(theme::ACTION_SIZE),
                            )
                            .clicked()
                        {
                            self.view.signin_name = Some(d.name.clone());
                            self.view.signin = Default::default();
                            self.view.message = None;
                        }
                    }
                });
            }
            Some(name) => {
                body(
                    ui,
                    &format!("{name}: your Board credential number, then your PIN."),
                );
                self.view.signin.show(ui);
                // One next step in one place: "Next: PIN", then "Sign in".
                ui.horizontal(|ui| {
                    if !self.view.signin.pin_focused() {
                        if primary(ui, "Next: PIN") {
                            // The name was tapped, so the number is known: a slip of the finger
                            // is told now, before a PIN is keyed and a try counted.
                            let keyed = self.view.signin.credential.trim();
                            let theirs = dealers.iter().find(|d| d.name == name);
                            match theirs {
                                Some(d) if d.credential == keyed => {
                                    self.view.signin.focus_pin();
                                    self.view.message = None;
                                }
                                _ => {
                                    let said = if keyed.is_empty() {
                                        "Key your credential number first".to_string()
                                    } else {
                                        format!("{keyed} is not {name}'s credential number")
                                    };
                                    self.view.message = Some(Notice::problem(format!(
                                        "{said}: key the number on your Board credential."
                                    )));
                                }
                            }
                        }
                    } else if primary(ui, "Sign in") {
                        cmds.push(UiCmd::SignIn);
                    }
                    if ui
                        .add(Button::new("Not me").min_size(theme::ACTION_SIZE))
                        .clicked()
                    {
                        self.view.signin_name = None;
                        self.view.message = None;
                    }
                });
            }
        }
    }

    /// The dealer picks the game among those this terminal may deal (`[table] games`) and opens
    /// the table; the table number is prefilled from the configuration and changed on the keypad.
    pub(super) fn open_table(&mut self, ui: &mut Ui, cmds: &mut Vec<UiCmd>) {
        let chosen = self.view.game.unwrap_or(self.setup.poker.game);
        let s = self
            .games
            .iter()
            .find(|s| s.poker.game == chosen)
            .unwrap_or(&self.setup)
            .clone();
        let table_no = self
            .view
            .table_no
            .get_or_insert_with(|| s.table_no.to_string());
        title(ui, &format!("Open the table: {}", chosen.name()));
        // Top to bottom: the games (or the keypad for the table number, in the same place), the
        // chosen game's choices in a box of fixed height, the table number, "Open table". Each
        // part keeps its place whatever is picked or keyed: nothing moves under a finger.
        let width = ui.available_width();
        let gap = 8.0;
        const ROW_GAP: f32 = 6.0;
        let cols = (((width + gap) / (theme::GAME_SIZE.x + gap)).floor() as usize).max(1);
        let rows = self.games.len().div_ceil(cols);
        let grid_h = if self.games.len() > 1 {
            rows as f32 * (theme::GAME_SIZE.y + ROW_GAP)
        } else {
            0.0
        };
        let keypad_h = 4.0 * theme::KEY_SIZE.y + 3.0 * theme::GAP;
        let height = if self.view.keying_table_no || self.games.len() > 1 {
            grid_h.max(keypad_h)
        } else {
            0.0
        };
        let (region, _) = ui.allocate_exact_size(egui::vec2(width, height), egui::Sense::hover());
        // A child in the reserved place: whatever it holds, the parent's cursor has moved by
        // the reserved height only.
        {
            let ui = &mut ui.new_child(egui::UiBuilder::new().max_rect(region));
            if self.view.keying_table_no {
                keypad::keypad(ui, table_no, 4);
            } else if self.games.len() > 1 {
                // A grid of equal cells, as many columns as the width holds; each button is
                // put in its own cell, so a label that wraps moves nothing.
                let cell = egui::vec2(
                    (width - gap * (cols as f32 - 1.0)) / cols as f32,
                    theme::GAME_SIZE.y,
                );
                for (i, g) in self.games.iter().enumerate() {
                    let at = region.min
                        + egui::vec2(
                            (i % cols) as f32 * (cell.x + gap),
                            (i / cols) as f32 * (cell.y + ROW_GAP),
                        );
                    let game = g.poker.game;
                    let on = game == chosen;
                    let label = if on {
                        format!("{} ✔", game.name())
                    } else {
                        game.name().to_string()
                    };
                    let b = Button::new(RichText::new(label).size(theme::SMALL))
                        .wrap_mode(egui::TextWrapMode::Wrap)
                        .selected(on);
                    if ui.put(egui::Rect::from_min_size(at, cell), b).clicked() {
                        self.view.game = Some(game);
                    }
                }
            }
        }
        // § x.9(a)(1): a house-banked game dealt from the hand needs the automated shuffler;
        // said here, before the tap the rules would refuse.
        let blocked = chosen.is_house_banked()
            && s.poker.dealing == crate::rules::dealing::Dealing::Hand
            && !s.counting_shuffler;
        // The chosen game's choices: the longest summary's height is kept.
        let (summary, _) =
            ui.allocate_exact_size(egui::vec2(width, theme::SUMMARY_H), egui::Sense::hover());
        {
            let ui = &mut ui.new_child(egui::UiBuilder::new().max_rect(summary));
            ui.set_clip_rect(summary.intersect(ui.clip_rect()));
            small(
                ui,
                &format!(
                    "{}: {} (Chapter {})",
                    chosen.name(),
                    chosen.section(),
                    chosen.def().chapter
                ),
            );
            ui.label(
                RichText::new(setup_summary(&s, self.term.shoe_reads_cards())).size(theme::STATUS),
            );
            if blocked {
                ui.label(
                    RichText::new(format!(
                        "Dealt from the hand only with the shuffler (§ {}.9(a)(1)): none is connected.",
                        chosen.def().chapter
                    ))
                    .size(theme::STATUS)
                    .color(theme::WARN),
                );
            }
        }
        // The table number and "Open table" side by side; the number is a button that opens
        // the keypad in the games' place.
        let open = ui
            .horizontal(|ui| {
                let keying = self.view.keying_table_no;
                let hint = if keying { "Done" } else { "Change" };
                let mut text = egui::text::LayoutJob::default();
                RichText::new(format!("Table number: {table_no}\n"))
                    .size(theme::BODY)
                    .color(theme::TEXT)
                    .append_to(
                        &mut text,
                        ui.style(),
                        egui::FontSelection::Default,
                        egui::Align::Center,
                    );
                RichText::new(hint)
                    .size(theme::SMALL)
                    .color(theme::TEXT_DIM)
                    .append_to(
                        &mut text,
                        ui.style(),
                        egui::FontSelection::Default,
                        egui::Align::Center,
                    );
                let b = Button::new(text)
                    .selected(keying)
                    .min_size(theme::PRIMARY_SIZE * egui::vec2(0.6, 1.0));
                if ui.add(b).clicked() {
                    self.view.keying_table_no = !keying;
                }
                primary_when(ui, !blocked, "Open table")
            })
            .inner;
        if open {
            match table_no.parse::<u32>() {
                Ok(n) if n > 0 => {
                    self.view.keying_table_no = false;
                    let setup = TableSetup { table_no: n, ..s };
                    cmds.push(UiCmd::Rules(Command::OpenTable(setup)));
                }
                _ => {
                    self.view.keying_table_no = true;
                    self.view.message = Some(Notice::problem("Enter the table number (1 or more)"));
                }
            }
        }
    }
}
