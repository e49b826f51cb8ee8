//! The dealer's call to the floor (issue 44, item 1): the box of reasons, and ending the call.
//! What the terminal journals is in `terminal/floor_call.rs`.

use super::*;

impl DeckhandApp {
    /// Calling the floor: the reasons, two taps in all; with the dealer's call open, "The
    /// floor is here" or cancel it.
    pub(super) fn floor_overlay(&self, ctx: &egui::Context, cmds: &mut Vec<UiCmd>) {
        let open = self.term.floor_call().cloned();
        let shown = egui::Modal::new(egui::Id::unique("deckhand-floor"))
            .frame(super::overlays::box_frame())
            .show(ctx, |ui| {
                ui.set_max_width(640.0);
                let big = |t: &str| {
                    Button::new(RichText::new(t).size(theme::BODY)).min_size(theme::ACTION_SIZE)
                };
                match &open {
                    Some(c) => {
                        title(
                            ui,
                            &c.coming.as_ref().map_or("Floor called".to_string(), |a| {
                                format!("{} ({}) is coming", a.name, a.role)
                            }),
                        );
                        body(
                            ui,
                            &format!("{}, {} ago.", c.reason, c.waited(chrono::Utc::now())),
                        );
                        ui.horizontal_wrapped(|ui| {
                            if ui.add(big("The floor is here")).clicked() {
                                cmds.push(UiCmd::EndFloorCall(true));
                            }
                            if ui.add(big("Cancel the call")).clicked() {
                                cmds.push(UiCmd::EndFloorCall(false));
                            }
                            if ui.add(big("Close")).clicked() {
                                cmds.push(UiCmd::FloorBox(false));
                            }
                        });
                    }
                    None => {
                        title(ui, "Call the floor: why?");
                        egui::Grid::new("floor-reasons")
                            .spacing(egui::vec2(theme::GAP, theme::GAP))
                            .show(ui, |ui| {
                                for (i, r) in
                                    crate::terminal::floor_call::REASONS.iter().enumerate()
                                {
                                    if ui
                                        .add(
                                            big(r)
                                                .min_size(egui::vec2(300.0, theme::ACTION_SIZE.y)),
                                        )
                                        .clicked()
                                    {
                                        cmds.push(UiCmd::CallFloor(r));
                                    }
                                    if i % 2 == 1 {
                                        ui.end_row();
                                    }
                                }
                            });
                        ui.add_space(theme::GAP);
                        ui.horizontal(|ui| {
                            if ui.add(big("Close")).clicked() {
                                cmds.push(UiCmd::FloorBox(false));
                            }
                        });
                    }
                }
            });
        if shown.should_close() {
            cmds.push(UiCmd::FloorBox(false));
        }
    }

    /// The floor box's commands.
    pub(super) fn apply_floor(&mut self, c: UiCmd) {
        match c {
            UiCmd::FloorBox(up) => self.view.floor = up,
            UiCmd::CallFloor(reason) => {
                self.view.floor = false;
                self.view.message = Some(match self.term.call_floor(reason) {
                    Ok(()) => Notice::done(format!("Floor called: {reason}.")),
                    Err(e) => Notice::problem(e),
                });
            }
            UiCmd::EndFloorCall(arrived) => {
                self.view.floor = false;
                if let Err(e) = self.term.end_floor_call(arrived) {
                    self.view.message = Some(Notice::problem(e));
                }
            }
            _ => {}
        }
    }
}
