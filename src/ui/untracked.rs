//! A poker-room round whose betting stays at the table (`[holdem] betting_actions =
//! "untracked"`): one tap per betting round or draw with what to deal on the same screen, the
//! winner tapped (a split picked seat by seat, the hands keyed only where a record needs them),
//! and the rake taken tapped from the posted schedule as the pot is pushed.

use super::widgets::unbroken_sections;
use super::{DeckhandApp, UiCmd, body, choice, gold, small, theme, title};
use crate::rules::money;
use crate::rules::poker::hand::{Hand, HandCommand};
use crate::rules::table::{Command, PotTake};
use egui::{Button, RichText, Ui};

/// The step's one action beside its title, always in the same place.
fn title_with_action(ui: &mut Ui, heading: &str, action: &str, enabled: bool) -> bool {
    ui.horizontal(|ui| {
        // The heading in a place of one width, so the button stands at one x on every street.
        ui.allocate_ui_with_layout(
            egui::vec2(HEADING_W, 56.0),
            egui::Layout::left_to_right(egui::Align::Center),
            |ui| {
                ui.set_min_width(HEADING_W);
                title(ui, heading);
            },
        );
        ui.add_space(theme::GAP * 2.0);
        ui.add_enabled_ui(enabled, |ui| {
            ui.add_sized(egui::vec2(300.0, 56.0), gold(action, theme::BODY + 2.0))
        })
        .inner
        .clicked()
            && enabled
    })
    .inner
}

/// The width a street's heading takes ("Pre-flop", "Fifth street", "Second draw").
const HEADING_W: f32 = 240.0;

/// What a street says above the seats' buttons: the deal, the betting, the game and its
/// section, in a place of one height, so "Seat N wins" stands at one y on every street.
const STREET_TEXT_H: f32 = 200.0;

/// A seat's winner button, as large as a step's choices.
fn seat_button(ui: &mut Ui, label: &str, picked: bool) -> bool {
    let text = RichText::new(label).size(theme::BODY + 2.0);
    let b = if picked {
        Button::new(text.color(theme::PRIMARY_TEXT).strong()).fill(theme::PRIMARY)
    } else {
        Button::new(text)
    };
    ui.add(b.min_size(theme::ACTION_SIZE)).clicked()
}

impl DeckhandApp {
    /// One betting round (or a draw): what to deal before it, then one tap once it is over; a
    /// pot won before the showdown is the one seat left, tapped.
    pub(super) fn street_step(
        &mut self,
        ui: &mut Ui,
        cmds: &mut Vec<UiCmd>,
        hand: &Hand,
        (name, draw, deal): (&str, bool, &[String]),
        section: &str,
    ) {
        let send =
            |cmds: &mut Vec<UiCmd>, c: HandCommand| cmds.push(UiCmd::Rules(Command::Poker(c)));
        let action = if draw { "Draw done" } else { "Betting over" };
        if title_with_action(ui, &super::widgets::capital(name), action, true) {
            send(cmds, HandCommand::StreetPlayed);
        }
        let top = ui.cursor().min.y;
        for line in deal {
            body(ui, &unbroken_sections(line));
        }
        if !draw {
            body(
                ui,
                &format!(
                    "Run {} at the table; tap Betting over once it is over.",
                    on(name)
                ),
            );
        }
        small(ui, &format!("{}, {section}", hand.setup.game.name()));
        ui.add_space(theme::GAP);
        small(
            ui,
            "Everyone else folded? Tap the player left in: the pot is theirs (§ 637a.7(d)).",
        );
        let used = ui.cursor().min.y - top;
        if used < STREET_TEXT_H {
            ui.add_space(STREET_TEXT_H - used);
        }
        // By seat number: each seat's button keeps its place from round to round.
        let mut by_seat = hand.table_order();
        by_seat.sort_unstable();
        ui.horizontal_wrapped(|ui| {
            for seat in by_seat {
                if seat_button(ui, &format!("Seat {seat} wins"), false) {
                    send(cmds, HandCommand::Won { seats: vec![seat] });
                }
            }
        });
    }

    /// The showdown: the losing hands collected and counted, the winner tapped; a split pot
    /// picked seat by seat; the hands keyed where a record needs them.
    pub(super) fn winners_step(
        &mut self,
        ui: &mut Ui,
        cmds: &mut Vec<UiCmd>,
        hand: &Hand,
        seats: &[u8],
        section: &str,
    ) {
        let send =
            |cmds: &mut Vec<UiCmd>, c: HandCommand| cmds.push(UiCmd::Rules(Command::Poker(c)));
        let picked = self.view.poker.split.clone();
        let ready = picked.as_ref().is_some_and(|p| p.len() >= 2);
        let heading = "Showdown";
        if picked.is_some() {
            if title_with_action(ui, heading, "Split the pot", ready)
                && let Some(p) = &picked
            {
                send(
                    cmds,
                    HandCommand::Won {
                        seats: p.iter().copied().collect(),
                    },
                );
            }
        } else {
            title(ui, heading);
        }
        let cards = hand.players.first().map_or(0, |p| p.cards);
        body(
            ui,
            &unbroken_sections(&format!(
                "Collect the losing hands and count them ({cards} cards each, § 637a.7(e)(6)(i)). {}",
                if picked.is_some() {
                    "Tap each seat that shares the pot, then Split the pot."
                } else {
                    "Then tap the winner."
                }
            )),
        );
        small(
            ui,
            &format!("{}, {section}, § 637a.18(e)", hand.setup.game.name()),
        );
        let mut by_seat = seats.to_vec();
        by_seat.sort_unstable();
        ui.horizontal_wrapped(|ui| {
            for seat in &by_seat {
                match &mut self.view.poker.split {
                    Some(p) => {
                        let on = p.contains(seat);
                        if seat_button(ui, &format!("Seat {seat}"), on) {
                            if on {
                                p.remove(seat);
                            } else {
                                p.insert(*seat);
                            }
                        }
                    }
                    None => {
                        if seat_button(ui, &format!("Seat {seat} wins"), false) {
                            send(cmds, HandCommand::Won { seats: vec![*seat] });
                        }
                    }
                }
            }
        });
        ui.add_space(theme::GAP);
        ui.horizontal_wrapped(|ui| {
            let split = if picked.is_some() {
                "One winner"
            } else {
                "Split pot"
            };
            if choice(ui, split) {
                self.view.poker.split = match picked {
                    Some(_) => None,
                    None => Some(Default::default()),
                };
            }
            // A Bad Beat, a High Hand or a dispute needs the cards on the record.
            if choice(ui, "Key the hands shown") {
                self.view.poker.keying = true;
                self.view.poker.split = None;
            }
        });
    }

    /// The pot pushed with what was taken from it: one tap on the posted schedule's preset.
    pub(super) fn rake_presets(&mut self, ui: &mut Ui, cmds: &mut Vec<UiCmd>, presets: &[PotTake]) {
        body(
            ui,
            &unbroken_sections(
                "Drop the rake in the drop box (§ 637a.17(b)(1)(ii)) and the jackpot drops in their boxes (§ 637a.15(c), § 637a.16(c)), push the pot, then tap what was taken:",
            ),
        );
        // Equal places, three to a row: the dealer finds the amount where it was last round.
        ui.horizontal_wrapped(|ui| {
            for take in presets {
                let b = Button::new(RichText::new(preset_label(take)).size(theme::BODY + 2.0));
                if ui.add_sized(egui::vec2(200.0, 76.0), b).clicked() {
                    cmds.push(UiCmd::Rules(Command::RakeTaken(*take)));
                }
            }
        });
    }
}

/// "the betting on the flop", "the pre-flop betting": the betting round as a sentence says it.
fn on(name: &str) -> String {
    if name.starts_with("before") || name.starts_with("after") {
        format!("the betting {name}")
    } else if name == "pre-flop" {
        "the pre-flop betting".into()
    } else {
        format!("the betting on the {name}")
    }
}

/// A preset as the dealer reads it, the drops on a second line: "No rake", "Rake $3.00",
/// "Rake $3.00\n+ drops $2.00".
pub fn preset_label(t: &PotTake) -> String {
    let drops = t.bad_beat + t.high_hand;
    match (t.rake, drops) {
        (0, 0) => "No rake".into(),
        (0, d) => format!("No rake\n+ drops {}", money(d)),
        (r, 0) => format!("Rake {}", money(r)),
        (r, d) => format!("Rake {}\n+ drops {}", money(r), money(d)),
    }
}
