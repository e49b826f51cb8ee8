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
            .frame(egui::Frame::new().fill(theme::FELT_DARK).inner_margin(egui::Margin::same(48)))
            .show(ui, |ui| {
                let name = table_no.map_or("This terminal".to_string(), |n| format!("Table {n}"));
                title(ui, &format!("{name} is locked"));
                body(
                    ui,
                    "The dealer unlocks with their credential number; a floorperson with credential number and PIN.",
                );
                self.view.unlock.show(ui);
                if primary(ui, "Unlock") {
                    cmds.push(UiCmd::Unlock);
                }
                notice_line(ui, self.view.message.as_ref());
            });
    }

    pub(super) fn sign_in(&mut self, ui: &mut Ui, cmds: &mut Vec<UiCmd>) {
        title(ui, "Dealer sign-in");
        if ui
            .add(
                Button::new(RichText::new("Supervisor review").size(theme::BODY))
                    .min_size(theme::ACTION_SIZE),
            )
            .clicked()
        {
            cmds.push(UiCmd::OpenReview);
        }
        let dealers = self
            .term
            .store()
            .people_with_role(Role::Dealer)
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
                            self.view.signin_credential.clear();
                            self.view.message = None;
                        }
                    }
                });
            }
            Some(name) => {
                body(ui, &format!("{name}: enter your Board credential number."));
                field(ui, "Credential number", &self.view.signin_credential, true);
                keypad::keypad(ui, &mut self.view.signin_credential, 12);
                ui.horizontal(|ui| {
                    if primary(ui, "Sign in") {
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
        body(ui, &setup_summary(&s));
        small(
            ui,
            &format!(
                "{}: {} (Chapter {})",
                chosen.name(),
                chosen.section(),
                chosen.def().chapter
            ),
        );
        let mut open = false;
        ui.horizontal(|ui| {
            field(ui, "Table number", table_no, self.view.keying_table_no);
            let label = if self.view.keying_table_no {
                "Number done"
            } else {
                "Change table number"
            };
            if ui
                .add(
                    Button::new(RichText::new(label).size(theme::BODY))
                        .min_size(theme::ACTION_SIZE),
                )
                .clicked()
            {
                self.view.keying_table_no = !self.view.keying_table_no;
            }
            ui.add_space(theme::GAP);
            open = primary(ui, "Open table");
        });
        ui.add_space(theme::GAP);
        if self.view.keying_table_no {
            keypad::keypad(ui, table_no, 4);
        } else if self.games.len() > 1 {
            // A grid of equal buttons, as many columns as the width holds: nothing moves when
            // one is picked.
            ui.spacing_mut().item_spacing = egui::vec2(8.0, 6.0);
            ui.spacing_mut().interact_size.y = theme::GAME_SIZE.y;
            let gap = ui.spacing().item_spacing.x;
            let width = ui.available_width();
            let cols = (((width + gap) / (theme::GAME_SIZE.x + gap)).floor() as usize).max(1);
            let size = egui::vec2(
                (width - gap * (cols as f32 - 1.0)) / cols as f32,
                theme::GAME_SIZE.y,
            );
            for row in self.games.chunks(cols) {
                ui.horizontal(|ui| {
                    for g in row {
                        let game = g.poker.game;
                        let on = game == chosen;
                        let label = if on {
                            format!("{} ✔", game.name())
                        } else {
                            game.name().to_string()
                        };
                        let b = Button::new(RichText::new(label).size(theme::SMALL + 1.0))
                            .wrap_mode(egui::TextWrapMode::Truncate)
                            .selected(on);
                        if ui.add_sized(size, b).clicked() {
                            self.view.game = Some(game);
                        }
                    }
                });
            }
        }
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
