//! Modal questions over the screen: a table-wide action confirmed with a second tap, and a
//! signature keyed on the pad.

use super::*;

impl DeckhandApp {
    pub(super) fn confirm_overlay(
        &self,
        ctx: &egui::Context,
        a: TableAction,
        cmds: &mut Vec<UiCmd>,
    ) {
        let t = self.term.table();
        let (title_text, what, yes) = match a {
            TableAction::ChangeDecks => (
                "Change the decks?".to_string(),
                format!(
                    "The {} decks have been in play {}. New decks are inspected, verified, spread and washed before the next round (§ 637a.4).",
                    t.decks
                        .iter()
                        .map(|d| d.colour.as_str())
                        .collect::<Vec<_>>()
                        .join(" and "),
                    crate::terminal::hours_minutes(self.term.deck_minutes())
                ),
                "Change the decks",
            ),
            TableAction::CloseTable => (
                format!(
                    "Close table {}?",
                    t.setup.as_ref().map_or(0, |s| s.table_no)
                ),
                "The decks leave the table. Opening it again starts from the deck inspection."
                    .to_string(),
                "Close the table",
            ),
        };
        egui::Modal::new(egui::Id::unique("deckhand-confirm"))
            .frame(box_frame())
            .show(ctx, |ui| {
                ui.set_max_width(640.0);
                title(ui, &title_text);
                body(ui, &what);
                ui.horizontal(|ui| {
                    if primary(ui, yes) {
                        cmds.push(UiCmd::Confirmed(a));
                    }
                    if ui
                        .add(
                            Button::new(RichText::new("Cancel").size(theme::BODY))
                                .min_size(theme::ACTION_SIZE),
                        )
                        .clicked()
                    {
                        cmds.push(UiCmd::CancelAsk);
                    }
                });
            });
    }

    /// The built-in simulated shuffler holds what the open table loads into it: a deck, or a
    /// Spanish 21 shoe of 48 cards a deck (a real device counts what it is given); and the
    /// simulated dealer's hand draws from its reading shoe the cards the procedure waits for
    /// (the burn card, the deal, a split or doubled hand's card, the dealer's draws), as a
    /// dealer at the table would. A player's hit is the demo box's.
    pub(super) fn feed_simulator(&self) {
        if let Some(sim) = &self.sim {
            let t = self.term.table();
            sim.feed(t.cards_counted(), t.shoe_game(), self.term.shoe_pull());
        }
    }

    /// The demo's jam: the simulated shuffler jams on its next shuffle.
    pub(super) fn sim_jam(&mut self) {
        if let Some(s) = &self.sim {
            s.jam_next();
            self.view.demo = false;
            self.view.message = Some(Notice::done(
                "Demo: the simulated shuffler jams on its next shuffle.",
            ));
        }
    }

    /// The demo box's "A player hits": the simulated dealer's hand draws one more card.
    pub(super) fn sim_draw(&mut self) {
        if self.sim.as_ref().is_some_and(|s| s.player_hits()) {
            self.view.demo = false;
        }
    }

    /// The demo simulator (simulated devices only): a fault for the next shuffle, to try the
    /// terminal's answer to it.
    pub(super) fn demo_overlay(&self, ctx: &egui::Context, cmds: &mut Vec<UiCmd>) {
        let shown = egui::Modal::new(egui::Id::unique("deckhand-demo"))
            .frame(box_frame())
            .show(ctx, |ui| {
                ui.set_max_width(640.0);
                title(ui, "Demo simulator");
                body(
                    ui,
                    "The shuffler here is simulated. Make its next count or shuffle go wrong to see what the terminal asks for. At a Spanish 21 table its shoe reads each card drawn: a player's hit is drawn from here.",
                );
                ui.horizontal_wrapped(|ui| {
                    let big = |t: &str| {
                        Button::new(RichText::new(t).size(theme::BODY)).min_size(theme::ACTION_SIZE)
                    };
                    if ui.add(big("Simulate miscount (51)")).clicked() {
                        cmds.push(UiCmd::SimNextCount(51));
                    }
                    if ui.add(big("Simulate jam")).clicked() {
                        cmds.push(UiCmd::SimJam);
                    }
                    if self.term.reads_draws() && ui.add(big("A player hits: draw")).clicked() {
                        cmds.push(UiCmd::SimDraw);
                    }
                    if ui.add(big("Close")).clicked() {
                        cmds.push(UiCmd::Demo(false));
                    }
                });
            });
        // A tap beside the box, or Escape, closes it too.
        if shown.should_close() {
            cmds.push(UiCmd::Demo(false));
        }
    }

    /// The signature pad: who signs, what for, the credential number and PIN keypad.
    pub(super) fn verify_overlay(&mut self, ctx: &egui::Context, cmds: &mut Vec<UiCmd>) {
        // Above the table's supervisor threshold a shift supervisor signs (the rules say).
        let supervisor = self.term.table().awaits_supervisor();
        let Some(pad) = self.view.verify.as_mut() else {
            return;
        };
        // At the table the pad stands at the right, over the side panel, and the screen behind
        // stays readable: the floorperson checks the payouts or the count being signed for.
        let id = egui::Id::unique("deckhand-verify");
        let modal = if pad.review {
            egui::Modal::new(id)
        } else {
            egui::Modal::new(id)
                .area(
                    egui::Modal::default_area(id)
                        .anchor(egui::Align2::RIGHT_TOP, egui::vec2(-8.0, 48.0)),
                )
                .backdrop_color(egui::Color32::from_black_alpha(30))
        };
        modal.frame(box_frame()).show(ctx, |ui| {
            ui.label(
                RichText::new(if pad.review {
                    "Supervisor sign-in"
                } else if supervisor {
                    "Shift supervisor approval"
                } else {
                    "Floorperson verification"
                })
                .size(theme::TITLE)
                .strong(),
            );
            // What is signed for, in a box of one height (scrolled where longer): the keypad
            // below stands at one place whatever is signed for (a walk found its "1" at
            // y≈291, 315 or 341 from one pad to the next).
            fixed_height_box(ui, "verify-purpose", PURPOSE_HEIGHT, |ui| {
                ui.label(
                    RichText::new(&pad.purpose)
                        .size(theme::BODY)
                        .color(theme::TEXT_DIM),
                );
            });
            let keyed = pad.sign.credential.clone();
            pad.sign.show(ui);
            // A refusal answers the number it was given: once the number is keyed again, it
            // goes (the walk read "no active person has credential number 1881" beside 1001).
            if pad.sign.credential != keyed {
                pad.error = None;
            }
            // The refusal in a box of one height, there or not: a pad that grew with it was
            // pushed up from the screen's bottom edge, its keypad under the finger moved (a
            // walk's taps meant for "1" keyed "4").
            fixed_height_box(ui, "verify-refusal", REFUSAL_HEIGHT, |ui| {
                if let Some(err) = &pad.error {
                    ui.label(
                        RichText::new(format!("⚠ {err}"))
                            .color(theme::DANGER)
                            .size(theme::BODY),
                    );
                }
            });
            ui.horizontal(|ui| {
                if !pad.sign.pin_focused() {
                    if ui
                        .add(
                            Button::new(RichText::new("Next: PIN").size(theme::BODY))
                                .min_size(theme::ACTION_SIZE),
                        )
                        .clicked()
                    {
                        pad.sign.focus_pin();
                    }
                } else if ui
                    .add(gold("Verify", theme::BODY + 2.0).min_size(theme::ACTION_SIZE))
                    .clicked()
                {
                    cmds.push(UiCmd::SubmitVerify);
                }
                if ui
                    .add(Button::new("Cancel").min_size(theme::ACTION_SIZE))
                    .clicked()
                {
                    cmds.push(UiCmd::CancelVerify);
                }
            });
        });
    }
}

/// The screen while records cannot be saved: what is wrong in the floor's words, who to call,
/// how many records wait, and "Try again". Nothing else can be tapped. True when "Try again"
/// was tapped.
pub(super) fn write_fault_screen(ui: &mut Ui, f: &crate::terminal::WriteFault) -> bool {
    write_fault_screen_saying(
        ui,
        f,
        "Stop the game and call a shift supervisor. Nothing can be done at this terminal until its records can be written again; nothing already recorded is lost.",
    )
}

/// [`write_fault_screen`] with its own words of what to do (the floor board's).
pub(super) fn write_fault_screen_saying(
    ui: &mut Ui,
    f: &crate::terminal::WriteFault,
    what_to_do: &str,
) -> bool {
    let mut again = false;
    egui::CentralPanel::default()
        .frame(
            egui::Frame::new()
                .fill(theme::DANGER_BG)
                .inner_margin(egui::Margin::same(40)),
        )
        .show(ui, |ui| {
            ui.label(
                egui::RichText::new(format!("⚠ Records cannot be saved: {}", f.why))
                    .size(theme::TITLE)
                    .strong()
                    .color(theme::TEXT),
            );
            ui.add_space(theme::GAP);
            body(ui, what_to_do);
            ui.add_space(theme::GAP);
            let waiting = match (f.waiting, f.lost) {
                (0, 0) => "Nothing was recorded of the step tapped: tap it again once records can be saved.".to_string(),
                (1, 0) => "1 record waiting, held; it is written as soon as the database takes it."
                    .to_string(),
                (n, 0) => format!(
                    "{} waiting, held in order; they are written as soon as the database takes them.",
                    widgets::count(n as i64, "record", "records")
                ),
                (n, lost) => format!(
                    "{} waiting; {} could not be held and will be counted in the record.",
                    widgets::count(n as i64, "record", "records"),
                    widgets::count(lost as i64, "report", "reports")
                ),
            };
            body(ui, &waiting);
            body_colour(
                ui,
                &format!(
                    "For {}. The database says: {}",
                    match f.since.elapsed().as_secs() {
                        s if s < 120 => format!("{s} s"),
                        s => crate::terminal::hours_minutes(s as i64 / 60),
                    },
                    f.detail
                ),
                theme::TEXT_DIM,
            );
            ui.add_space(2.0 * theme::GAP);
            again = primary(ui, "Try again");
        });
    again
}

/// A box `height` high whatever it holds (scrolled where longer): what stands below it never
/// moves with its contents.
fn fixed_height_box(ui: &mut Ui, id: &str, height: f32, contents: impl FnOnce(&mut Ui)) {
    theme::scroll_vertical()
        .id_salt(id)
        .auto_shrink([true, false])
        .max_height(height)
        .min_scrolled_height(height)
        .show(ui, |ui| {
            ui.set_min_height(height);
            contents(ui);
        });
}

/// The frame of a box over the screen (a confirmation, the demo's simulator).
pub(super) fn box_frame() -> egui::Frame {
    egui::Frame::new()
        .fill(theme::PANEL)
        .inner_margin(egui::Margin::same(24))
        .corner_radius(12)
}

/// The height of what a signature is for on the pad: three lines of body text (scrolled where
/// longer), so the pad with its refusal box and buttons fits 1024×768.
const PURPOSE_HEIGHT: f32 = 3.0 * theme::BODY * 1.35;
/// The signature pad's refusal: three lines (scrolled where longer).
const REFUSAL_HEIGHT: f32 = 3.0 * theme::BODY * 1.35;

/// How long a dealer's command may wait for its record before the screen says so.
const SAVING_SAYS_AFTER: std::time::Duration = std::time::Duration::from_millis(500);

/// How long a signature's PIN check may take before the screen says it is still checking.
const CHECKING_SAYS_AFTER: std::time::Duration = std::time::Duration::from_secs(1);

/// What keeps the screen from taking taps, said over it once it has taken a while: a
/// command's record the disk is slow to take, or a signature's PIN check kept waiting.
pub(super) fn what_waits(
    ctx: &egui::Context,
    disk: Option<std::time::Duration>,
    pin_check: Option<std::time::Duration>,
) {
    if let Some(waited) = disk.filter(|w| *w >= SAVING_SAYS_AFTER) {
        saving_notice(ctx, waited);
    } else if let Some(waited) = pin_check.filter(|w| *w >= CHECKING_SAYS_AFTER) {
        checking_notice(ctx, waited);
    }
}

/// While a record or a PIN check is awaited, the screen is drawn again when its notice is due
/// and then as its seconds count on (a device's report wakes the screen only once it is here).
pub(super) fn wake_for_notices(
    ctx: &egui::Context,
    disk: Option<std::time::Duration>,
    pin_check: Option<std::time::Duration>,
) {
    let due = |waited: std::time::Duration, after: std::time::Duration, every_ms: u64| {
        after
            .checked_sub(waited)
            .filter(|d| !d.is_zero())
            .unwrap_or(std::time::Duration::from_millis(every_ms))
    };
    if let Some(w) = disk {
        ctx.request_repaint_after(due(w, SAVING_SAYS_AFTER, 500));
    }
    if let Some(w) = pin_check {
        ctx.request_repaint_after(due(w, CHECKING_SAYS_AFTER, 250));
    }
}

/// Over the screen while a command's record waits for a slow disk: nothing is shown as done
/// before it is recorded, and the dealer is told why the screen takes no tap.
fn saving_notice(ctx: &egui::Context, waited: std::time::Duration) {
    waiting_notice(
        ctx,
        "Saving the record…",
        &format!(
            "The disk has taken {:.1} s so far. The step shows as done once it is saved; nothing is lost meanwhile.",
            waited.as_secs_f32()
        ),
    );
}

/// Over the screen while a signature's PIN check is kept waiting (its count of wrong PINs
/// waits for a slow disk): the dealer is told why the screen takes no tap.
fn checking_notice(ctx: &egui::Context, waited: std::time::Duration) {
    waiting_notice(
        ctx,
        "Checking the PIN…",
        &format!(
            "The check has taken {:.1} s so far. The step goes on once it answers; nothing is lost meanwhile.",
            waited.as_secs_f32()
        ),
    );
}

fn waiting_notice(ctx: &egui::Context, title: &str, text: &str) {
    egui::Area::new(egui::Id::unique("saving-notice"))
        .order(egui::Order::Tooltip)
        .anchor(egui::Align2::CENTER_CENTER, egui::Vec2::ZERO)
        .interactable(false)
        // Opaque from its first frame: faded in, it was still see-through over the keypad when
        // the fault's screen took its place a moment later (a walk, at both screen sizes).
        .fade_in(false)
        .show(ctx, |ui| {
            box_frame().show(ui, |ui| {
                ui.set_max_width(560.0);
                ui.label(RichText::new(title).size(theme::TITLE).color(theme::TEXT));
                ui.label(RichText::new(text).size(theme::BODY).color(theme::TEXT_DIM));
            });
        });
    // The seconds count on.
    ctx.request_repaint_after(std::time::Duration::from_millis(250));
}
