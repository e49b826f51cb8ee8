//! The irregularity button: the game's catalogue (§ 637a.18, § 677a.13, § 647a.13, § 589.13,
//! § 635a.13, § 655a.13, § 657a.13), each entry with its required action as steps. Reporting one
//! journals it, signed by a floorperson (or the Poker shift supervisor) where the catalogue says
//! so, and applies its effect: the round voided, the deck replaced, the shuffler covered.

use super::Notice;
use super::signed::keep_refusal;
use super::{
    DeckhandApp, Signature, UiCmd, body, body_colour, keypad, primary, theme, title,
    unbroken_sections,
};
use crate::rules::game_id::GameId;
use crate::rules::irregularities::{Catalogue, Effect, Irregularity, Sign};
use crate::rules::table::MAX_SEATS;
use egui::{Button, RichText, Ui};

#[derive(Default)]
pub struct IrregularityForm {
    /// The catalogue entry chosen; `None` while the list is shown.
    pub chosen: Option<String>,
    pub seat: Option<u8>,
    /// What the catalogue asks to be written down (the ruling), and whether its keyboard is up.
    pub note: String,
    pub keying_note: bool,
    pub sign: Signature,
    pub error: Option<String>,
}

impl std::fmt::Debug for IrregularityForm {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("IrregularityForm")
            .field("chosen", &self.chosen)
            .field("seat", &self.seat)
            .field("note", &self.note)
            .field("keying_note", &self.keying_note)
            .finish_non_exhaustive()
    }
}

fn effect_words(effect: Effect, in_round: bool) -> &'static str {
    match (effect, in_round) {
        (Effect::Log, _) => "Recorded; the round goes on.",
        (Effect::VoidRound, true) => "Recording this voids the round and returns every wager.",
        (Effect::VoidRound, false) => "This voids a round: report it while the round is in play.",
        (Effect::ReplaceDeck, true) => {
            "Recording this voids the round, returns every wager and takes the deck off the table for replacement."
        }
        (Effect::ReplaceDeck, false) => {
            "This voids a round and replaces the deck: report it while the round is in play."
        }
        (Effect::CardOwed, true) => {
            "Recording this has the round ask for the box's card after every other player's, before your hole card."
        }
        (Effect::HandDead, true) => {
            "Recording this calls the box's hand dead: its Spanish 21 Wager is returned at settlement."
        }
        (Effect::CardOwed | Effect::HandDead, false) => {
            "This puts right a missed card: report it while the round is in play."
        }
        (Effect::RefundFromPot, true) => {
            "Recording this refunds the player everything he put in the pot: his hand is out of the round."
        }
        (Effect::RefundFromPot, false) => {
            "This refunds a player from the pot: report it while the round is in play."
        }
        (Effect::WagersLost, true) => {
            "Recording this makes every wager of the seat lose: its hand takes no further part."
        }
        (Effect::WagersLost, false) => {
            "This takes a player's wagers: report it while the round is in play."
        }
        (Effect::ReaderOutOfService, _) => {
            "Recording this stops Spanish 21 at this table: no new round until a floorperson signs the card reader repaired or replaced."
        }
        (Effect::DeviceOutOfService, _) => {
            "Recording this takes the shuffler out of service: cover it, then shuffle by hand."
        }
    }
}

impl DeckhandApp {
    pub(super) fn irregularity_screen(&mut self, ui: &mut Ui, cmds: &mut Vec<UiCmd>) {
        let Some(mut f) = self.irregularity.take() else {
            return;
        };
        let game = self
            .term
            .table()
            .setup
            .as_ref()
            .map_or(self.setup.poker.game, |s| s.poker.game);
        let in_round = self.term.table().round.is_some();
        // The seats a report can name: during a round, those dealt in.
        let seats: Vec<u8> = match &self.term.table().round {
            Some(r) => r.seats.clone(),
            None => (1..=MAX_SEATS).collect(),
        };
        let cat = Catalogue::embedded();
        let mut record = false;
        let mut close = false;
        let mut back = false;
        let chosen = f.chosen.as_deref().and_then(|id| cat.get(id));
        // The actions stay on screen whatever the list's length: a fixed footer.
        egui::Panel::bottom("irregularity-actions")
            .frame(
                egui::Frame::new()
                    .fill(theme::FELT_DARK)
                    .inner_margin(egui::Margin::symmetric(20, 10)),
            )
            .show(ui, |ui| {
                ui.horizontal(|ui| {
                    if chosen.is_some() && primary(ui, "Record irregularity") {
                        record = true;
                    }
                    let label = if chosen.is_some() { "Back" } else { "Close" };
                    if ui
                        .add(
                            Button::new(RichText::new(label).size(theme::BODY))
                                .min_size(theme::ACTION_SIZE),
                        )
                        .clicked()
                    {
                        if chosen.is_some() {
                            back = true;
                        } else {
                            close = true;
                        }
                    }
                    // Wrapped in the width the buttons leave: at 1024 pixels a wrong PIN's
                    // refusal ran off the screen's edge ("…1001; 4").
                    if let Some(e) = &f.error {
                        ui.add(
                            egui::Label::new(
                                RichText::new(format!("⚠ {e}"))
                                    .size(theme::BODY)
                                    .color(theme::DANGER),
                            )
                            .wrap(),
                        );
                    }
                });
            });
        let at = TableView {
            table: self.term.table(),
            game,
            in_round,
            seats: &seats,
        };
        egui::CentralPanel::default()
            .frame(
                egui::Frame::new()
                    .fill(theme::FELT)
                    .inner_margin(egui::Margin::symmetric(20, 12)),
            )
            .show(ui, |ui| {
                let Some(item) = chosen else {
                    irregularity_list(ui, &mut f, cat, game);
                    return;
                };
                title(ui, &item.title);
                // The note's keyboard takes the whole width while it is up; the signature
                // comes after.
                if let Some(what) = item.note.as_deref().filter(|_| f.keying_note) {
                    super::field(ui, what, &f.note, true);
                    ui.add_space(theme::GAP);
                    keypad::sentence(ui, &mut f.note, 200);
                    if primary(ui, &format!("{what}: done")) {
                        f.keying_note = false;
                        f.error = None;
                    }
                    return;
                }
                ui.columns(2, |cols| {
                    // Ragged right, not justified: the columns' layout stretches wrapped words apart.
                    cols[0].with_layout(egui::Layout::top_down(egui::Align::LEFT), |ui| {
                        irregularity_detail(ui, &mut f, item, &at);
                    });
                    let ui = &mut cols[1];
                    if item.sign == Sign::None {
                        body_colour(
                            ui,
                            "The dealer records this; no signature.",
                            theme::TEXT_DIM,
                        );
                        return;
                    }
                    body(
                        ui,
                        if item.sign == Sign::Supervisor {
                            "The Poker shift supervisor signs"
                        } else {
                            "A floorperson signs"
                        },
                    );
                    f.sign.show(ui);
                });
            });
        if back {
            f = IrregularityForm::default();
        }
        if close {
            return;
        }
        if record && let Some(item) = f.chosen.as_deref().and_then(|id| cat.get(id)) {
            if item.seat && f.seat.is_none() {
                f.error = Some("Tap the seat concerned".into());
            } else if let Some(what) = item.note.as_deref().filter(|_| f.note.trim().is_empty()) {
                f.error = Some(format!("Write down {}", what.to_lowercase()));
                f.keying_note = true;
            } else if item.sign != Sign::None && !f.sign.is_complete() {
                // Not an attempt: nothing is checked, nothing counts against the PIN.
                f.error = Some(format!(
                    "{} signs here: key the credential number, then the PIN",
                    if item.sign == Sign::Supervisor {
                        "The Poker shift supervisor"
                    } else {
                        "A floorperson"
                    }
                ));
                if !f.sign.credential.trim().is_empty() {
                    f.sign.focus_pin();
                }
            } else {
                cmds.push(UiCmd::SubmitIrregularity);
            }
        }
        self.irregularity = Some(f);
    }

    /// Records the irregularity the form holds (the command after the frame).
    pub(super) fn submit_irregularity(&mut self, ctx: &egui::Context) {
        let Some(f) = self.irregularity.as_ref() else {
            return;
        };
        let cat = Catalogue::embedded();
        let Some(item) = f.chosen.as_deref().and_then(|id| cat.get(id)) else {
            return;
        };
        let signer =
            (item.sign != Sign::None).then_some((f.sign.credential.as_str(), f.sign.pin.as_str()));
        let seat = if item.seat { f.seat } else { None };
        let note = item.note.as_ref().map(|_| f.note.trim().to_string());
        let signed = self
            .term
            .report_irregularity_signed(&item.id, seat, note, signer);
        self.run_signed(signed, ctx, |app, done| match done {
            Ok(done) => {
                app.irregularity = None;
                app.view.message = Some(Notice::done(done));
            }
            Err(e) => keep_refusal(app.irregularity.as_mut(), app.term.pin_wait(), e),
        });
    }
}

/// The table as the irregularity screen reads it.
struct TableView<'a> {
    table: &'a crate::rules::table::Table,
    game: GameId,
    /// A round is in play (the void words say what recording does to it).
    in_round: bool,
    /// The seats a report can name: during a round, those dealt in.
    seats: &'a [u8],
}

/// The catalogue for the game in two columns of big targets: a tap chooses what happened.
fn irregularity_list(ui: &mut Ui, f: &mut IrregularityForm, cat: &Catalogue, game: GameId) {
    title(ui, &format!("Irregularities: {}", game.name()));
    body(
        ui,
        "Tap what happened. Each one shows the action the regulation requires.",
    );
    // Two columns of big targets: a game's whole list fits 1280×800, and at
    // 1024×768 a long title wraps inside its column instead of running off.
    let list = cat.for_game(game);
    let half = list.len().div_ceil(2);
    crate::ui::theme::scroll_vertical()
        .auto_shrink([false, false])
        .show(ui, |ui| {
            ui.columns(2, |cols| {
                for (c, col) in cols.iter_mut().enumerate() {
                    // Tight rows: the poker room's sixteen entries fit
                    // above the footer at 1024×768.
                    col.spacing_mut().item_spacing.y = 4.0;
                    let width = col.available_width();
                    for i in list.iter().skip(c * half).take(half) {
                        let section = unbroken_sections(&i.section_for(game));
                        let text = format!("{}  ·  {section}", i.title);
                        let b = Button::new(RichText::new(text).size(theme::BODY))
                            .wrap_mode(egui::TextWrapMode::Wrap)
                            // The least target a finger takes (48 px): Spanish
                            // 21's list is the longest.
                            .min_size(egui::vec2(width, 48.0));
                        if col.add(b).clicked() {
                            f.chosen = Some(i.id.clone());
                            f.error = None;
                        }
                    }
                }
            });
        });
}

/// What the regulation requires for the irregularity chosen: when it applies, the steps, the
/// sections, what recording it does to the round (and to the seat chosen), the note it asks
/// for and the seat.
fn irregularity_detail(ui: &mut Ui, f: &mut IrregularityForm, item: &Irregularity, at: &TableView) {
    let &TableView {
        table,
        game,
        in_round,
        seats,
    } = at;
    body_colour(ui, &item.when, theme::TEXT_DIM);
    ui.add_space(6.0);
    for (n, s) in item.steps.iter().enumerate() {
        body(ui, &format!("{}. {s}", n + 1));
    }
    ui.label(
        RichText::new(unbroken_sections(&item.section_for(game)))
            .size(theme::SMALL)
            .color(theme::TEXT_DIM),
    );
    let colour = if item.effect == Effect::Log {
        theme::TEXT_DIM
    } else {
        theme::WARN
    };
    // A void that still settles some wagers says which (§ 677a.13(a),(d),
    // § 647a.13(a),(d)): the rules decide, from the round in play.
    let kept = (item.effect == Effect::VoidRound)
        .then(|| table.void_keeps(&item.id))
        .flatten();
    match kept {
        Some(v) => body_colour(
            ui,
            &format!(
                "Recording this voids the round: the {} wagers are settled first, then every other wager is returned.",
                v.names()
            ),
            colour,
        ),
        None => body_colour(ui, effect_words(item.effect, in_round), colour),
    }
    // What it comes to for the seat chosen, from the round as it stands.
    if let (Some(seat), Some(r)) = (f.seat, table.round.as_ref()) {
        let more = match item.effect {
            Effect::RefundFromPot => r
                .poker
                .as_ref()
                .and_then(|h| h.players.iter().find(|p| p.seat == seat))
                .map(|p| format!("Seat {seat} gets back {}.", crate::rules::money(p.put_in))),
            Effect::WagersLost => r.banked.as_ref().map(|b| {
                let boxes = b.player_boxes(seat);
                if boxes.len() > 1 {
                    let list: Vec<String> = boxes.iter().map(|s| s.to_string()).collect();
                    format!(
                        "Seats {} are one player's boxes: every wager on each is lost.",
                        list.join(" and ")
                    )
                } else {
                    format!("Every wager of seat {seat} is lost.")
                }
            }),
            _ => None,
        };
        if let Some(more) = more {
            body_colour(ui, &more, colour);
        }
    }
    if let Some(what) = item.note.as_deref() {
        let text = if f.note.trim().is_empty() {
            format!("{what}: tap to write it")
        } else {
            format!("{what}: {}", f.note.trim())
        };
        let b = Button::new(RichText::new(text).size(theme::BODY))
            .wrap_mode(egui::TextWrapMode::Wrap)
            .min_size(egui::vec2(ui.available_width(), theme::TARGET));
        if ui.add(b).clicked() {
            f.keying_note = true;
        }
    }
    if item.seat {
        ui.horizontal_wrapped(|ui| {
            for seat in seats.iter().copied() {
                let b = Button::new(RichText::new(format!("Seat {seat}")).size(theme::BODY))
                    .selected(f.seat == Some(seat))
                    .min_size(egui::vec2(90.0, theme::TARGET));
                if ui.add(b).clicked() {
                    f.seat = Some(seat);
                }
            }
        });
    }
}
