//! The wagers of a house-banked round on the dealer's screen (§ x.7): one seat at a time, its
//! spots and the keypad, the last round's wagers in one tap, a seat out, adjacent boxes, and
//! "No more bets".

use super::{BankedEntry, send, spot_button};
use crate::rules::banked::round::{BankedCommand, BankedRound, SamePlayerChoice};
use crate::rules::money;
use crate::ui::Notice;
use crate::ui::{DeckhandApp, UiCmd, body, keypad, primary, small, theme, title};
use egui::{Button, RichText, Ui};

impl DeckhandApp {
    /// Wagers until "No more bets" (§ x.7): one seat at a time, its spots and the keypad.
    pub(super) fn wagers_step(
        &mut self,
        ui: &mut Ui,
        cmds: &mut Vec<UiCmd>,
        r: &BankedRound,
        number: u32,
    ) {
        let off = Offline {
            progressive: self.term.progressive_refusal().is_some(),
            system: self.term.system_refusal().is_some(),
        };
        let same = self.same_bets(r, number, off);
        // On the title's row, so the spots and the keypad keep their place.
        ui.horizontal(|ui| {
            title(ui, "Place your wagers");
            ui.add_space(theme::GAP * 2.0);
            let b = Button::new(RichText::new("Same bets").size(theme::BODY));
            let size = egui::vec2(theme::TAB_SIZE.x, theme::MIN_TARGET);
            if ui.add_enabled(!same.is_empty(), b.min_size(size)).clicked() {
                let e = &mut self.view.banked;
                for (k, v) in &same {
                    e.amounts.insert(*k, v.clone());
                    e.repeated.insert(*k);
                }
            }
        });
        body(
            ui,
            "Key each player's wagers in whole dollars, then call \"No more bets\".",
        );
        let e = &mut self.view.banked;
        // One seat at a time keeps the keypad on screen: tabs, that seat's spots, keys.
        let Some(current) = e
            .focus
            .map(|(s, _)| s)
            .filter(|s| r.seats.contains(s))
            .or(r.seats.first().copied())
        else {
            return;
        };
        seat_tabs(ui, e, r, number, current);
        seat_spots(ui, e, r, current, off);
        if e.focus.is_none() {
            e.focus = Some((current, "ante"));
        }
        let mut no_more_bets = false;
        ui.horizontal_top(|ui| {
            if let Some(key) = e.focus
                && let Some(pressed) = keypad::pressed(ui)
            {
                let value = e.amounts.entry(key).or_default();
                // A repeated amount is keyed over, not added to: "$5", then 2 and 0, is $20.
                if e.repeated.remove(&key) && pressed.len() == 1 {
                    value.clear();
                }
                keypad::press(value, pressed, 7);
            }
            ui.add_space(theme::GAP * 2.0);
            ui.vertical(|ui| no_more_bets = seat_buttons(ui, cmds, e, r, current));
        });
        if no_more_bets {
            match self.view.banked.wager_commands(r) {
                Ok(list) => {
                    let keyed = self.view.banked.amounts.clone();
                    self.view.last_wagers = Some((r.game, number, keyed));
                    cmds.push(UiCmd::Sequence(list));
                }
                Err(e) => self.view.message = Some(Notice::problem(e)),
            }
        }
    }

    /// The last round's wagers, for the seats dealt in again: one tap keys them all, and a
    /// seat that changed is keyed over by exception.
    fn same_bets(
        &self,
        r: &BankedRound,
        number: u32,
        off: Offline,
    ) -> Vec<((u8, &'static str), String)> {
        self.view
            .last_wagers
            .as_ref()
            .filter(|(game, n, _)| *game == r.game && *n < number)
            .map(|(_, _, w)| {
                w.iter()
                    .filter(|((seat, key), v)| {
                        r.seats.contains(seat)
                            && !v.is_empty()
                            && r.offers(key)
                            && !(*key == "progressive" && off.progressive)
                            && !(key.starts_with("fchb") && off.system)
                    })
                    .map(|(k, v)| (*k, v.clone()))
                    .collect()
            })
            .unwrap_or_default()
    }
}

/// The wagers a device must accept that have no device now: the progressive without its
/// controller, the Five Card Hand Bonus without the table game system.
#[derive(Debug, Clone, Copy)]
struct Offline {
    progressive: bool,
    system: bool,
}

/// The seats' tabs, each with what its seat has on the layout; a tap shows that seat's spots.
fn seat_tabs(ui: &mut Ui, e: &mut BankedEntry, r: &BankedRound, number: u32, current: u8) {
    let def = r.def();
    // The seats' tabs, as many to a row as fit at 165 px (four at 1024×768, so six
    // or seven seats take two rows), each with what its seat has on the layout.
    let per_row = (ui.available_width() / 165.0).floor().max(1.0);
    let tab_size = egui::vec2(
        ((ui.available_width() - (per_row - 1.0) * ui.spacing().item_spacing.x) / per_row).floor(),
        theme::TARGET,
    );
    ui.horizontal_wrapped(|ui| {
        for seat in r.seats.clone() {
            // Everything on the layout for the seat, the equal spots included.
            let total = e.keyed_dollars(number, def, seat);
            // Fixed sizes: keying an amount never moves the tabs after it.
            let shown = if total > 0 {
                format!("Seat {seat} · ${total}")
            } else {
                format!("Seat {seat}")
            };
            let b = Button::new(RichText::new(shown).size(theme::BODY - 2.0))
                .truncate()
                .selected(seat == current);
            let response = ui.add_sized(tab_size, b);
            let named = format!("Wagers of seat {seat}");
            response.widget_info(|| egui::WidgetInfo::labeled(egui::Role::Button, true, &named));
            if response.clicked() {
                e.focus = Some((seat, "ante"));
            }
        }
    });
}

/// The current seat's spots, three to a row: a tap puts the keypad on that wager.
fn seat_spots(ui: &mut Ui, e: &mut BankedEntry, r: &BankedRound, current: u8, off: Offline) {
    let def = r.def();
    // Three spots to a row whatever the screen: the seat is the tab's, so a spot
    // shows its wager and amount, and names the seat to the accessibility tree.
    let spot_size = egui::vec2(
        ((ui.available_width() - 2.0 * ui.spacing().item_spacing.x) / 3.0)
            .floor()
            .clamp(200.0, 360.0),
        theme::TARGET,
    );
    ui.horizontal_wrapped(|ui| {
        let seat = current;
        // A wager the casino does not offer has no spot (§ x.7(d)).
        for spot in def.spots.iter().filter(|s| r.offers(s.key)) {
            if let Some(other) = spot.equals {
                let v = e.amounts.get(&(seat, other)).cloned().unwrap_or_default();
                let v = if v.is_empty() {
                    "—".to_string()
                } else {
                    format!("${v}")
                };
                let r = spot_button(ui, spot_size, spot.label, &v, None);
                let words = format!("{}\n{v}", spot.label);
                r.widget_info(|| egui::WidgetInfo::labeled(egui::Role::Label, true, &words));
                continue;
            }
            // Without its controller the progressive takes no wager; one keyed
            // before the link went stays a button so it can be cleared.
            let off = match spot.key {
                "progressive" => off.progressive,
                "fchb_player" | "fchb_dealer" => off.system,
                _ => false,
            };
            if off
                && e.amounts
                    .get(&(seat, spot.key))
                    .is_none_or(|v| v.is_empty())
            {
                let device = if spot.key == "progressive" {
                    "no progressive controller"
                } else {
                    "no table game system"
                };
                ui.add_sized(
                    spot_size,
                    egui::Label::new(
                        // Two short lines in the spot's place, never cut off.
                        RichText::new(format!("{}: not accepted\n({device})", spot.label))
                            .size(theme::SMALL + 1.0)
                            .color(theme::TEXT_DIM),
                    )
                    .wrap(),
                );
                continue;
            }
            let v = e
                .amounts
                .get(&(seat, spot.key))
                .cloned()
                .unwrap_or_default();
            let shown = if v.is_empty() {
                "—".to_string()
            } else {
                format!("${v}")
            };
            let selected = e.focus.unwrap_or((current, "ante")) == (seat, spot.key);
            let response = spot_button(ui, spot_size, spot.label, &shown, Some(selected));
            let named = format!("Seat {seat} {}: {shown}", spot.label);
            response.widget_info(|| egui::WidgetInfo::labeled(egui::Role::Button, true, &named));
            if response.clicked() {
                e.focus = Some((seat, spot.key));
            }
        }
    });
}

/// Beside the keypad, above "No more bets": the seat's own buttons, so the spots and the keypad
/// keep their place at 1024×768. True when "No more bets" was tapped.
fn seat_buttons(
    ui: &mut Ui,
    cmds: &mut Vec<UiCmd>,
    e: &mut BankedEntry,
    r: &BankedRound,
    current: u8,
) -> bool {
    let def = r.def();
    let seat = current;
    // A seat dealt in whose player does not play: out, never dropped silently.
    let keyed = def.spots.iter().any(|sp| {
        e.amounts
            .get(&(seat, sp.key))
            .is_some_and(|v| !v.is_empty())
    });
    // Taking a seat out cannot be undone by the dealer: it asks once more, in
    // the same place, so a stray tap does nothing.
    let asked = e.out_asked == Some(seat);
    let label = if asked {
        "Tap again: out".to_string()
    } else {
        format!("Seat {seat} out")
    };
    let mut out = Button::new(RichText::new(label).size(theme::BODY));
    if asked {
        out = out.fill(theme::DANGER_BG);
    }
    if ui
        .add_enabled_ui(!keyed, |ui| ui.add_sized(theme::TAB_SIZE, out))
        .inner
        .clicked()
    {
        if asked {
            send(cmds, BankedCommand::SeatOut { seat });
            e.focus = None;
            e.out_asked = None;
        } else {
            e.out_asked = Some(seat);
        }
    } else if e.out_asked.is_some_and(|s| s != seat) {
        e.out_asked = None;
    }
    // One player on adjacent boxes, as many as the casino's Rules Submission
    // allows (§ 677a.7(e), § 635a.6(f)): the rules say where it is a choice, and refuse more.
    match r.same_player_choice(seat) {
        SamePlayerChoice::NotOffered => {}
        // Its place kept, so "No more bets" below never moves from seat to seat.
        SamePlayerChoice::NoBoxToTheLeft => {
            ui.add_space(theme::TAB_SIZE.y + ui.spacing().item_spacing.y);
        }
        SamePlayerChoice::WithSeat(left) => same_player_button(ui, cmds, r, seat, left),
    }
    small(ui, &format!("{} (wagers)", def.sections.wagers));

    if let Some(b) = def.boxes {
        let rule = match r.boxes_per_player {
            0 | 1 => "One player, one box".to_string(),
            n => format!("One player, at most {n} adjacent boxes"),
        };
        small(ui, &format!("{rule} ({})", b.section));
    }
    let no_more_bets = primary(ui, "No more bets");
    if let Some(sign) = posted_limits(r) {
        small(ui, &sign);
    }
    no_more_bets
}

/// "Same player as seat N": the box is wagered on by the player of the box to its left, or
/// no longer.
fn same_player_button(ui: &mut Ui, cmds: &mut Vec<UiCmd>, r: &BankedRound, seat: u8, left: u8) {
    let joined = r.joined.contains(&seat);
    let b = Button::new(RichText::new(format!("Same player as seat {left}")).size(theme::BODY))
        .selected(joined);
    if ui
        .add_sized(egui::vec2(260.0, theme::TAB_SIZE.y), b)
        .clicked()
    {
        send(
            cmds,
            BankedCommand::SamePlayer {
                seat,
                joined: !joined,
            },
        );
    }
}

/// The table's limit sign, so an amount outside it is seen as keyed; none where the table
/// posts no maximum.
fn posted_limits(r: &BankedRound) -> Option<String> {
    let def = r.def();
    let (min, max) = r.ante_limits;
    if max <= 0 {
        return None;
    }
    // The main wager as the layout names it (Spanish 21's is the Spanish 21 Wager, not an
    // Ante).
    let main = def.spots.first().map_or("Ante", |s| s.label);
    let mut sign = format!("Posted limits: {main} {} to {}", money(min), money(max));
    for (key, (lo, hi)) in &r.side_limits {
        let label = def
            .spots
            .iter()
            .find(|sp| sp.key == key.as_str())
            .map_or(key.as_str(), |sp| sp.label);
        let hi = if *hi > 0 { *hi } else { max };
        sign.push_str(&format!("; {label} {} to {}", money(*lo), money(hi)));
    }
    sign.push_str(&format!("; any other wager at most {}", money(max)));
    Some(sign)
}
