//! The dealer's screen for a house-banked round (`rules::banked::round`): the wagers keyed per
//! seat, "no more bets", the deal as the table's dealing method says, one tap per player
//! decision (the allowed multiples of the Ante, fold or check), the reveals, the cards keyed on
//! the card grid, then the settlement in the dealer's order with a sentence per wager, a
//! floorperson's validation where a payout needs one, and "paid".

use super::Notice;
use super::{
    DeckhandApp, UiCmd, body, body_colour, card_grid, cards_text, choice, fixed_rows, keypad,
    primary, primary_when, small, theme, title,
};
use crate::rules::banked::round::{
    BankedCommand, BankedRound, BankedStep, DrawKind, HandPlace, Zero,
};
use crate::rules::banked::{Outcome, Settlement, WagerResult};
use crate::rules::cards::{Card, CardSet};
use crate::rules::money;
use crate::rules::table::Command;
use egui::{Button, RichText, Ui};
use std::collections::BTreeMap;

/// Where keyed cards go.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub(super) enum Target {
    #[default]
    None,
    Seat(u8),
    Dealer,
    Community,
    /// Lunar Poker: a seat's draw, the cards given up and the cards dealt for them.
    Draw(u8),
}

/// What the dealer is keying for the current round.
#[derive(Debug, Clone, Default)]
pub(super) struct BankedEntry {
    pub(super) round: u32,
    /// Whole dollars keyed per (seat, wager key).
    pub(super) amounts: BTreeMap<(u8, &'static str), String>,
    pub(super) focus: Option<(u8, &'static str)>,
    pub(super) cards: BTreeMap<u8, Vec<Card>>,
    pub(super) dealer: Vec<Card>,
    pub(super) community: Vec<Card>,
    /// Lunar Poker: per drawing seat, the cards given up and the cards dealt.
    pub(super) gave: BTreeMap<u8, Vec<Card>>,
    pub(super) drew: BTreeMap<u8, Vec<Card>>,
    pub(super) target: Target,
    /// The seats whose cards are keyed at the cards step, when not every seat's are (a folded
    /// Crazy 4 Poker hand is collected before the reveal, § 657a.11(c)).
    pub(super) only: Option<Vec<u8>>,
    /// "Seat N out" was tapped once: the second tap, on the same place, takes the seat out.
    pub(super) out_asked: Option<u8>,
    /// Spanish 21: boxes that received no cards at the deal, dead (§ 635a.13(h)).
    pub(super) dead: std::collections::BTreeSet<u8>,
    /// The hands a reading shoe read, put in their places once for the round.
    pub(super) read: BTreeMap<HandPlace, Vec<Card>>,
    pub(super) read_round: Option<u32>,
    /// The hands' results the dealer tapped, where no device reads them.
    pub(super) tapped: super::results::Tapped,
    /// Spanish 21 at a reading shoe: the step at which the dealer chose to key a card by hand
    /// (a card read wrong and taken back, or drawn unread).
    pub(super) key21: Option<crate::rules::banked::spanish21::play::Step21>,
}

impl BankedEntry {
    /// What a seat's wager keypads hold so far in `round`, in whole dollars (the rules take
    /// the wagers at "No more bets"); a spot equal to another (Crazy 4 Poker's Super Bonus and
    /// Ante) counts the amount keyed for the other. Nothing for a round whose keying this is
    /// not (the entry is reset when the next round's screen is first drawn).
    pub(super) fn keyed_dollars(
        &self,
        round: u32,
        def: &crate::rules::banked::round::Def,
        seat: u8,
    ) -> i64 {
        if self.round != round {
            return 0;
        }
        def.spots
            .iter()
            .filter_map(|sp| self.amounts.get(&(seat, sp.equals.unwrap_or(sp.key))))
            .filter_map(|v| v.parse::<i64>().ok())
            .fold(0, i64::saturating_add)
    }
}

/// A spot the rules fill in to equal another (Crazy 4 Poker's Super Bonus equals the Ante).
fn is_equal_spot(r: &BankedRound, key: &str) -> bool {
    r.def()
        .spots
        .iter()
        .any(|s| s.key == key && s.equals.is_some())
}

fn send(cmds: &mut Vec<UiCmd>, c: BankedCommand) {
    cmds.push(UiCmd::Rules(Command::Banked(c)));
}

impl BankedEntry {
    /// The wagers keyed, as commands; an amount that is not whole dollars is refused by name.
    fn wager_commands(&self, r: &BankedRound) -> Result<Vec<Command>, String> {
        let mut out = Vec::new();
        for seat in &r.seats {
            let mut w = BTreeMap::new();
            for spot in r.def().spots.iter().filter(|s| s.equals.is_none()) {
                let Some(text) = self.amounts.get(&(*seat, spot.key)) else {
                    continue;
                };
                if text.is_empty() {
                    continue;
                }
                let dollars: i64 = text.parse().map_err(|_| {
                    format!("seat {seat} {}: `{text}` is not an amount", spot.label)
                })?;
                w.insert(spot.key.to_string(), dollars.saturating_mul(100));
            }
            // Only what changed since the rules last took this seat's wagers: a second "No
            // more bets" journals nothing twice.
            let taken: BTreeMap<String, i64> = r
                .wagers
                .get(seat)
                .map(|t| {
                    t.iter()
                        .filter(|(k, _)| !is_equal_spot(r, k))
                        .map(|(k, v)| (k.clone(), *v))
                        .collect()
                })
                .unwrap_or_default();
            if !w.is_empty() && w != taken {
                out.push(Command::Banked(BankedCommand::Wagers {
                    seat: *seat,
                    wagers: w,
                }));
            }
        }
        out.push(Command::Banked(BankedCommand::NoMoreBets));
        Ok(out)
    }

    pub(super) fn used_cards(&self) -> CardSet {
        self.used()
    }

    fn used(&self) -> CardSet {
        let mut u = CardSet::default();
        for c in self
            .cards
            .values()
            .flatten()
            .chain(&self.dealer)
            .chain(&self.community)
            .chain(self.drew.values().flatten())
        {
            u.insert(*c);
        }
        u
    }

    /// The first place still short of cards, in the order the dealer reads the layout.
    fn next_target(&self, r: &BankedRound) -> Target {
        let def = r.def();
        for s in self.only.as_ref().unwrap_or(&r.seats) {
            if !self.dead.contains(s) && self.cards.get(s).map_or(0, |c| c.len()) < def.seat_cards {
                return Target::Seat(*s);
            }
        }
        if self.dealer.len() < r.dealer_cards() {
            return Target::Dealer;
        }
        if self.community.len() < r.community_cards() {
            return Target::Community;
        }
        for (s, kind) in &r.lunar.draws {
            if !self.draw_complete(*s, *kind) {
                return Target::Draw(*s);
            }
        }
        Target::None
    }

    /// The cards keyed at a place, and how many it takes.
    fn fill(&self, r: &BankedRound, t: Target) -> (usize, usize) {
        let def = r.def();
        let len = |v: Option<&Vec<Card>>| v.map_or(0, |c| c.len());
        match t {
            Target::Seat(s) if self.dead.contains(&s) => (0, 0),
            Target::Seat(s) => (len(self.cards.get(&s)), def.seat_cards),
            Target::Dealer => (self.dealer.len(), r.dealer_cards()),
            Target::Community => (self.community.len(), r.community_cards()),
            Target::Draw(s) => (
                len(self.drew.get(&s)),
                r.draw(s).map_or(0, |k| self.draw_room(s, k)),
            ),
            Target::None => (0, 0),
        }
    }

    /// With no place selected, the keys go to the first place short of cards. A place the
    /// dealer selects stays selected though full, so it can be cleared and keyed again (a
    /// misread, a wrong card).
    pub(super) fn follow(&mut self, r: &BankedRound) {
        if self.target == Target::None {
            self.target = self.next_target(r);
        }
    }

    /// A place the last card filled hands the keys on to the next one short of cards.
    fn move_on_if_full(&mut self, r: &BankedRound) {
        let full = match self.target {
            // A dead box selected stays selected, so its cards can be given back.
            Target::Seat(s) if self.dead.contains(&s) => false,
            Target::Draw(s) => r.draw(s).is_none_or(|k| self.draw_complete(s, k)),
            t => {
                let (keyed, room) = self.fill(r, t);
                keyed >= room
            }
        };
        if full {
            self.target = self.next_target(r);
        }
    }

    /// Every place is keyed.
    /// Lunar Poker: each drawing seat's cards given up and dealt, as keyed.
    fn draws_keyed(&self, r: &BankedRound) -> Vec<(u8, Vec<Card>, Vec<Card>)> {
        let keyed = |m: &BTreeMap<u8, Vec<Card>>, s: &u8| m.get(s).cloned().unwrap_or_default();
        (r.lunar.draws.keys())
            .map(|s| (*s, keyed(&self.gave, s), keyed(&self.drew, s)))
            .collect()
    }

    pub(super) fn complete(&self, r: &BankedRound) -> bool {
        self.next_target(r) == Target::None
    }

    /// A card tapped on the grid goes to the place selected, if it has room.
    pub(super) fn key(&mut self, r: &BankedRound, c: Card) {
        let (keyed, room) = self.fill(r, self.target);
        if keyed >= room {
            return;
        }
        match self.target {
            Target::Seat(s) => self.cards.entry(s).or_default().push(c),
            Target::Dealer => self.dealer.push(c),
            Target::Community => self.community.push(c),
            Target::Draw(s) => self.drew.entry(s).or_default().push(c),
            Target::None => {}
        }
        self.move_on_if_full(r);
    }

    /// One button per place, showing its cards; a tap selects it.
    pub(super) fn place_buttons(&mut self, ui: &mut Ui, r: &BankedRound) {
        let mut places: Vec<(Target, String)> = self
            .only
            .as_ref()
            .unwrap_or(&r.seats)
            .iter()
            .map(|s| {
                if self.dead.contains(s) {
                    return (Target::Seat(*s), format!("Seat {s}: no cards, dead"));
                }
                let keyed = self.cards.get(s).map_or(&[][..], |c| &c[..]);
                let mark = self.read_mark(HandPlace::Seat(*s), keyed);
                (
                    Target::Seat(*s),
                    format!("Seat {s}{mark}{}", cards_text(keyed)),
                )
            })
            .collect();
        if r.dealer_cards() > 0 {
            // Spanish 21 keys only the up card at the deal (§ 635a.7(e)).
            let name = if r.s21.is_some() {
                "Dealer up card"
            } else {
                "Dealer"
            };
            let mark = self.read_mark(HandPlace::Dealer, &self.dealer);
            places.push((
                Target::Dealer,
                format!("{name}{mark}{}", cards_text(&self.dealer)),
            ));
        }
        if r.community_cards() > 0 {
            places.push((
                Target::Community,
                format!(
                    "Community{}{}",
                    self.read_mark(HandPlace::Community, &self.community),
                    cards_text(&self.community)
                ),
            ));
        }
        for (s, kind) in &r.lunar.draws {
            let drew = cards_text(self.drew.get(s).map_or(&[][..], |c| &c[..]));
            let label = match kind {
                DrawKind::Buy => format!("Seat {s} sixth card: {drew}"),
                DrawKind::Exchange => format!(
                    "Seat {s} exchange: gives up {}, draws {drew}",
                    cards_text(self.gave.get(s).map_or(&[][..], |c| &c[..]))
                ),
            };
            places.push((Target::Draw(*s), label));
        }
        self.place_row(ui, places);
    }

    /// The places as a row of buttons; a tap selects one.
    fn place_row(&mut self, ui: &mut Ui, places: Vec<(Target, String)>) {
        // Fixed sizes: a place's cards never push the places after it.
        let current = self.target;
        let mut picked = None;
        // Four to a row at 1024×768 (seven boxes and the dealer in two rows); a Lunar Poker
        // exchange's longer words take the wider place, three to a row.
        // A hand the shoe read says so ("Seat 3 (read): …"), on two lines of a narrow place.
        let long = places
            .iter()
            .any(|(_, l)| l.lines().any(|x| x.chars().count() > 30));
        let size = if long {
            theme::PLACE_SIZE
        } else {
            // Four to a row whatever the margins: seven boxes and the dealer in two rows.
            let gap = ui.spacing().item_spacing.x;
            let fit = ((ui.available_width() + gap) / 4.0 - gap).floor();
            egui::vec2(
                fit.clamp(theme::PLACE_SIZE_NARROW.x - 20.0, theme::PLACE_SIZE.x),
                theme::PLACE_SIZE_NARROW.y,
            )
        };
        // Narrow padding: a hand's five cards keep to one line of a quarter-row place.
        ui.scope(|ui| {
            ui.spacing_mut().button_padding.x = 4.0;
            fixed_rows(ui, places, size, |ui, (t, label), size| {
                // A hand on a line of its own (read by the shoe) at a size that keeps its five
                // cards on that line in a quarter of the row.
                let text = if label.contains('\n') {
                    theme::SMALL
                } else {
                    theme::SMALL + 2.0
                };
                let b = Button::new(RichText::new(label).size(text))
                    .wrap_mode(egui::TextWrapMode::Wrap)
                    .selected(current == t);
                if ui.add_sized(size, b).clicked() {
                    picked = Some(t);
                }
            });
        });
        if let Some(t) = picked {
            self.target = t;
        }
    }

    /// "Clear these cards": the selected place starts again.
    pub(super) fn clear_button(&mut self, ui: &mut Ui) {
        let b = Button::new(RichText::new("Clear these cards").size(theme::BODY))
            .min_size(theme::ACTION_SIZE);
        if !ui.add(b).clicked() {
            return;
        }
        match self.target {
            Target::Seat(s) => {
                self.cards.remove(&s);
            }
            Target::Dealer => self.dealer.clear(),
            Target::Community => self.community.clear(),
            Target::Draw(s) => {
                self.gave.remove(&s);
                self.drew.remove(&s);
            }
            Target::None => {}
        }
    }

    /// Lunar Poker: one sixth card, or as many cards dealt as given up (two to five).
    fn draw_complete(&self, seat: u8, kind: DrawKind) -> bool {
        let gave = self.gave.get(&seat).map_or(0, |v| v.len());
        let drew = self.drew.get(&seat).map_or(0, |v| v.len());
        match kind {
            DrawKind::Buy => drew == 1,
            DrawKind::Exchange => (2..=5).contains(&gave) && drew == gave,
        }
    }

    /// The cards a draw may still take.
    fn draw_room(&self, seat: u8, kind: DrawKind) -> usize {
        match kind {
            DrawKind::Buy => 1,
            DrawKind::Exchange => self.gave.get(&seat).map_or(0, |v| v.len()),
        }
    }

    /// The hands the shoe read go into their places once for the round (a place the dealer
    /// keyed already keeps what was keyed); the keys move to the first place still short.
    pub(super) fn fill_read(&mut self, round: u32, read: Vec<(HandPlace, Vec<Card>)>) {
        if read.is_empty() || self.read_round == Some(round) {
            return;
        }
        self.read_round = Some(round);
        for (place, cards) in read {
            let only = self.only.as_ref();
            match place {
                HandPlace::Seat(s) if only.is_none_or(|o| o.contains(&s)) => {
                    self.cards.entry(s).or_insert_with(|| cards.clone());
                }
                HandPlace::Dealer if self.dealer.is_empty() => self.dealer = cards.clone(),
                HandPlace::Community if self.community.is_empty() => self.community = cards.clone(),
                _ => continue,
            }
            self.read.insert(place, cards);
        }
        self.target = Target::None;
    }

    /// What follows a place's name before its cards: where the shoe read the hand, "(read)"
    /// or "(corrected)" and the cards on a line of their own; else ": ".
    fn read_mark(&self, place: HandPlace, keyed: &[Card]) -> &'static str {
        match self.read.get(&place) {
            Some(r) if r[..] == *keyed => " (read):\n",
            Some(_) => " (corrected):\n",
            None => ": ",
        }
    }

    /// After a restart the round's keyed cards come back into the entry.
    fn restore(&mut self, r: &BankedRound) {
        if self.cards.is_empty() && !r.cards.is_empty() {
            self.cards = r.cards.clone();
            self.dealer = r.dealer.clone();
            self.community = r.community.clone();
            for (s, (gave, drew)) in &r.lunar.drawn {
                self.gave.insert(*s, gave.clone());
                self.drew.insert(*s, drew.clone());
            }
        }
    }
}

impl DeckhandApp {
    pub(super) fn banked_step(
        &mut self,
        ui: &mut Ui,
        cmds: &mut Vec<UiCmd>,
        step: &BankedStep,
        section: &str,
    ) {
        let Some((number, r)) = self
            .term
            .table()
            .round
            .as_ref()
            .and_then(|x| x.banked.clone().map(|b| (x.number, b)))
        else {
            return;
        };
        if self.view.banked.round != number {
            self.view.banked = BankedEntry {
                round: number,
                ..Default::default()
            };
        }
        let def = r.def();
        match step {
            BankedStep::Play21(at) => self.play21(ui, cmds, &r, at),
            BankedStep::Wagers => {
                let progressive_off = self.term.progressive_refusal();
                let system_off = self.term.system_refusal();
                // The last round's wagers, for the seats dealt in again: one tap keys them all,
                // and a seat that changed is keyed over by exception.
                let same: Vec<((u8, &'static str), String)> = self
                    .view
                    .last_wagers
                    .as_ref()
                    .filter(|(game, n, _)| *game == r.game && *n < number)
                    .map(|(_, _, w)| {
                        w.iter()
                            .filter(|((seat, key), v)| {
                                r.seats.contains(seat)
                                    && !v.is_empty()
                                    && r.offers(key)
                                    && !(*key == "progressive" && progressive_off.is_some())
                                    && !(key.starts_with("fchb") && system_off.is_some())
                            })
                            .map(|(k, v)| (*k, v.clone()))
                            .collect()
                    })
                    .unwrap_or_default();
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
                // The seats' tabs, as many to a row as fit at 165 px (four at 1024×768, so six
                // or seven seats take two rows), each with what its seat has on the layout.
                let per_row = (ui.available_width() / 165.0).floor().max(1.0);
                let tab_size = egui::vec2(
                    ((ui.available_width() - (per_row - 1.0) * ui.spacing().item_spacing.x)
                        / per_row)
                        .floor(),
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
                        response.widget_info(|| {
                            egui::WidgetInfo::labeled(egui::Role::Button, true, &named)
                        });
                        if response.clicked() {
                            e.focus = Some((seat, "ante"));
                        }
                    }
                });
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
                            r.widget_info(|| {
                                egui::WidgetInfo::labeled(egui::Role::Label, true, &words)
                            });
                            continue;
                        }
                        // Without its controller the progressive takes no wager; one keyed
                        // before the link went stays a button so it can be cleared.
                        let off = match spot.key {
                            "progressive" => progressive_off.is_some(),
                            "fchb_player" | "fchb_dealer" => system_off.is_some(),
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
                                    RichText::new(format!(
                                        "{}: not accepted\n({device})",
                                        spot.label
                                    ))
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
                        let response =
                            spot_button(ui, spot_size, spot.label, &shown, Some(selected));
                        let named = format!("Seat {seat} {}: {shown}", spot.label);
                        response.widget_info(|| {
                            egui::WidgetInfo::labeled(egui::Role::Button, true, &named)
                        });
                        if response.clicked() {
                            e.focus = Some((seat, spot.key));
                        }
                    }
                });
                if e.focus.is_none() {
                    e.focus = Some((current, "ante"));
                }
                let mut no_more_bets = false;
                ui.horizontal_top(|ui| {
                    if let Some(key) = e.focus {
                        let value = e.amounts.entry(key).or_default();
                        keypad::keypad(ui, value, 7);
                    }
                    ui.add_space(theme::GAP * 2.0);
                    ui.vertical(|ui| {
                        // Beside the keypad, above "No more bets": the seat's own buttons,
                        // so the spots and the keypad keep their place at 1024×768.
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
                        // allows (§ 677a.7(e), § 635a.6(f)); the rules refuse more.
                        let left = seat.saturating_sub(1);
                        let offered = def.boxes.is_some() && r.boxes_per_player > 1;
                        if offered && !r.seats.contains(&left) {
                            // Its place kept, so "No more bets" below never moves from seat
                            // to seat.
                            ui.add_space(theme::TAB_SIZE.y + ui.spacing().item_spacing.y);
                        }
                        if offered && r.seats.contains(&left) {
                            let joined = r.joined.contains(&seat);
                            let b = Button::new(
                                RichText::new(format!("Same player as seat {left}"))
                                    .size(theme::BODY),
                            )
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
                        small(ui, &format!("{} (wagers)", def.sections.wagers));
                        if let Some(b) = def.boxes {
                            let rule = match r.boxes_per_player {
                                0 | 1 => "One player, one box".to_string(),
                                n => format!("One player, at most {n} adjacent boxes"),
                            };
                            small(ui, &format!("{rule} ({})", b.section));
                        }
                        no_more_bets = primary(ui, "No more bets");
                        // The table's limit sign, so an amount outside it is seen as keyed.
                        let (min, max) = r.ante_limits;
                        if max > 0 {
                            // The main wager as the layout names it (Spanish 21's is the
                            // Spanish 21 Wager, not an Ante).
                            let main = def.spots.first().map_or("Ante", |s| s.label);
                            let mut sign =
                                format!("Posted limits: {main} {} to {}", money(min), money(max));
                            for (key, (lo, hi)) in &r.side_limits {
                                let label = def
                                    .spots
                                    .iter()
                                    .find(|sp| sp.key == key.as_str())
                                    .map_or(key.as_str(), |sp| sp.label);
                                let hi = if *hi > 0 { *hi } else { max };
                                sign.push_str(&format!(
                                    "; {label} {} to {}",
                                    money(*lo),
                                    money(hi)
                                ));
                            }
                            sign.push_str(&format!("; any other wager at most {}", money(max)));
                            small(ui, &sign);
                        }
                    });
                });
                if no_more_bets {
                    match self.view.banked.wager_commands(&r) {
                        Ok(list) => {
                            let keyed = self.view.banked.amounts.clone();
                            self.view.last_wagers = Some((r.game, number, keyed));
                            cmds.push(UiCmd::Sequence(list));
                        }
                        Err(e) => self.view.message = Some(Notice::problem(e)),
                    }
                }
            }
            BankedStep::Deal => {
                let (sec, text) = r.deal_text();
                let top = ui.cursor().min.y;
                title(ui, "No more bets: deal");
                body(ui, &text);
                // A reading shoe: how many of the round's stacks have left it.
                if let Some((out, of)) = self.term.stacks_dispensed() {
                    body_colour(
                        ui,
                        &format!("The shoe has dispensed {out} of {of} stacks; it reads each one."),
                        theme::TEXT_DIM,
                    );
                }
                small(ui, &sec);
                instruction_space(ui, top);
                if primary(ui, "Cards dealt") {
                    send(cmds, BankedCommand::Dealt);
                }
            }
            BankedStep::Decide { phase, seat } => {
                let p = &def.phases[*phase];
                let ante = r.ante(*seat);
                let top = ui.cursor().min.y;
                title(ui, &format!("Seat {seat} decides"));
                body(ui, p.label);
                body_colour(ui, &format!("Ante {}", money(ante)), theme::TEXT_DIM);
                instruction_space(ui, top);
                let force = p.after_cards;
                // A decision after the cards may complete the round: the rules settle it then.
                let decide = |cmds: &mut Vec<UiCmd>, multiple: u8| {
                    send(
                        cmds,
                        BankedCommand::Decide {
                            seat: *seat,
                            multiple,
                        },
                    );
                };
                // Fold (or Check) last, never where the previous step's button was, and in
                // one place in every phase: the phases' places for multiples are kept.
                let places = def
                    .phases
                    .iter()
                    .map(|p| p.multiples.len())
                    .max()
                    .unwrap_or(0);
                ui.horizontal_wrapped(|ui| {
                    for m in p.multiples {
                        let amount = ante * i64::from(*m);
                        let label = if force {
                            format!("Force the dealer · fee {}", money(amount))
                        } else {
                            format!("{m}× · {}", money(amount))
                        };
                        if choice(ui, &label) {
                            decide(cmds, *m);
                        }
                    }
                    for _ in p.multiples.len()..places {
                        ui.allocate_space(theme::ACTION_SIZE);
                    }
                    let zero = match p.zero {
                        Zero::Fold => "Fold",
                        Zero::Check if force => "No force",
                        Zero::Check => "Check",
                    };
                    if choice(ui, zero) {
                        decide(cmds, 0);
                    }
                });
                if p.options_fee {
                    lunar_options(ui, cmds, &r, *seat);
                }
                small(ui, def.sections.decisions);
            }
            BankedStep::Reveal { phase } if def.phases[*phase].after_cards => {
                // Lunar Poker's forced dealer: the replacement card is keyed as it is dealt.
                title(ui, def.phases[*phase].then);
                body(ui, "Tap the card that replaced the dealer's highest card.");
                body_colour(
                    ui,
                    &format!("Dealer: {}", cards_text(&r.dealer)),
                    theme::TEXT_DIM,
                );
                let mut used = self.view.banked.used();
                for c in r.cards.values().flatten().chain(&r.dealer) {
                    used.insert(*c);
                }
                if let Some(card) = card_grid(ui, "banked-replacement", &used) {
                    send(cmds, BankedCommand::Replacement { card });
                }
                small(ui, def.sections.decisions);
            }
            BankedStep::Reveal { phase }
                if def.phases[*phase].options_fee
                    && !r.lunar.lock_in_paid
                    && !r.lock_in_seats().is_empty() =>
            {
                match &r.lunar.lock_in {
                    None => self.lock_in(ui, cmds, &r),
                    Some(settled) => {
                        title(ui, "Settle the lock-in in this order");
                        if primary(ui, "Lock-in paid") {
                            send(cmds, BankedCommand::LockInPaid);
                        }
                        settlement_lines(ui, settled, |_| None);
                        for n in &settled.notes {
                            small(ui, &super::widgets::dealer_note(n));
                        }
                        small(ui, "§ 589.11(c)");
                    }
                }
            }
            BankedStep::Reveal { phase } => {
                let top = ui.cursor().min.y;
                title(ui, def.reveal_text(*phase, r.board_first));
                small(ui, def.sections.decisions);
                instruction_space(ui, top);
                if primary(ui, "Done") {
                    send(cmds, BankedCommand::Revealed);
                }
            }
            BankedStep::Cards => {
                // No device read the hands: the dealer taps their results where the game
                // allows it (and keys the cards of a hand a bonus pays on).
                // Once the dealer has tapped a result, the screen stays (a late report of the
                // shoe never changes it under the finger).
                if r.void.is_none()
                    && self.results_offered(&r)
                    && (self.term.hands_read().is_empty() || self.view.banked.tapped.started())
                    && let Some(results) = r.results_allowed()
                    && self.results_step(ui, cmds, &r, results)
                {
                    return;
                }
                match &r.void {
                    // § 677a.13(a),(d), § 647a.13(a),(d): the void's kept wagers.
                    Some(v) => {
                        let (head, how) = void_words(v);
                        title(ui, &head);
                        small(ui, &how);
                    }
                    None if !self.term.hands_read().is_empty() => {
                        title(ui, "Check each hand against the shoe's reading");
                        small(
                            ui,
                            "A hand read wrong: tap it, Clear these cards, and key it as it lies.",
                        );
                    }
                    None => title(ui, "Key the cards for settlement"),
                }
                // § 647a.1: what the table game system drew for the Five Card Hand Bonus.
                if r.offers("fchb_player") && def.spots.iter().any(|s| s.key == "fchb_player") {
                    let fchb = r.wagers.values().any(|w| {
                        w.get("fchb_player").is_some_and(|v| *v > 0)
                            || w.get("fchb_dealer").is_some_and(|v| *v > 0)
                    });
                    if fchb {
                        small(ui, &system_draw_words(self.term.progressive().drawn));
                    }
                }
                let house = self.term.table().house();
                let only: Vec<u8> = r
                    .seats
                    .iter()
                    .copied()
                    .filter(|s| r.needs_cards(*s, house))
                    .collect();
                let read = self.term.hands_read();
                let e = &mut self.view.banked;
                e.only = Some(only);
                e.restore(&r);
                e.fill_read(number, read);
                e.follow(&r);
                e.place_buttons(ui, &r);
                // An exchange: tap the cards given up among the seat's five, then the new ones.
                if let Target::Draw(s) = e.target
                    && r.draw(s) == Some(DrawKind::Exchange)
                {
                    ui.horizontal_wrapped(|ui| {
                        body(ui, &format!("Seat {s} gives up:"));
                        for c in e.cards.get(&s).cloned().unwrap_or_default() {
                            let gave = e.gave.entry(s).or_default();
                            let on = gave.contains(&c);
                            let b = Button::new(
                                RichText::new(format!("Gives up {}", c.pretty())).size(theme::BODY),
                            )
                            .selected(on)
                            .min_size(egui::vec2(150.0, theme::TARGET));
                            if ui.add(b).clicked() {
                                if on {
                                    gave.retain(|x| *x != c);
                                } else {
                                    gave.push(c);
                                }
                                let room = gave.len();
                                e.drew.entry(s).or_default().truncate(room);
                            }
                        }
                    });
                }
                let used = e.used();
                if let Some(c) = card_grid(ui, "banked-cards", &used) {
                    e.key(&r, c);
                }
                ui.horizontal(|ui| {
                    // Settle stands in its place from the first card, greyed until the last:
                    // it never appears where another button was.
                    if primary_when(ui, e.complete(&r), "Settle") {
                        send(
                            cmds,
                            BankedCommand::Cards {
                                seats: e.cards.clone().into_iter().collect(),
                                dealer: e.dealer.clone(),
                                community: e.community.clone(),
                                draws: e.draws_keyed(&r),
                                // The terminal fills in the controller's meters.
                                meters: Default::default(),
                                system_draw: None,
                                // The terminal fills in what the shoe read.
                                read: Vec::new(),
                                results: None,
                            },
                        );
                    }
                    e.clear_button(ui);
                });
                // A void round's section is in its instruction above.
                if r.void.is_none() {
                    small(ui, def.sections.decisions);
                }
            }
            BankedStep::Pay { verify } => {
                title(
                    ui,
                    if r.void.is_some() {
                        "Round void: settle these in this order; every other wager is returned next"
                    } else {
                        "Settle in this order"
                    },
                );
                let Some(s) = r.settlement.clone() else {
                    return;
                };
                let house = s.totals.house;
                // What the signer checks at the table: each seat whose payout needs the
                // signature, with its hand and the cards the record keeps.
                let floor_over = self
                    .term
                    .table()
                    .setup
                    .as_ref()
                    .and_then(|s| s.poker.house.as_ref())
                    .map_or(0, |h| h.approvals.floor_over);
                let to_validate = if *verify {
                    validation_lines(&r, &s, floor_over)
                } else {
                    Vec::new()
                };
                ui.horizontal_wrapped(|ui| {
                    if *verify && s.signer == crate::rules::banked::Signer::Supervisor {
                        // Above the table's supervisor threshold (`[table]
                        // supervisor_over_cents`).
                        if primary(ui, "Supervisor approves") {
                            cmds.push(UiCmd::OpenVerify(format!(
                                "Approve the payouts of round {number}: above the table's supervisor threshold"
                            )));
                        }
                    } else if *verify {
                        if primary(ui, "Floorperson validates") {
                            let what = match to_validate.is_empty() {
                                true => String::new(),
                                false => {
                                    let seats: Vec<&str> = to_validate
                                        .iter()
                                        .map(|l| l.trim_start_matches("Validate "))
                                        .collect();
                                    format!(": {}", seats.join("; "))
                                }
                            };
                            cmds.push(UiCmd::OpenVerify(format!(
                                "Validate the payouts of round {number} before they are paid ({}){what}",
                                def.sections.decisions
                            )));
                        }
                    } else if primary(ui, "Paid") {
                        send(cmds, BankedCommand::Paid);
                    }
                    body(ui, &format!("House result: {}", money(house)));
                });
                for line in &to_validate {
                    body_colour(ui, line, theme::PRIMARY);
                }
                // The lines scroll under the title and Paid, which stay where the finger is
                // (six players' settlement is longer than a 1024×768 screen).
                let hits: Vec<crate::devices::progressive::Hit> = self
                    .term
                    .progressive()
                    .hits
                    .iter()
                    .filter(|h| h.round == number)
                    .cloned()
                    .collect();
                egui::ScrollArea::vertical()
                    .id_salt("settlement-lines")
                    .auto_shrink([false, true])
                    .max_height((ui.available_height() - theme::GAP).max(120.0))
                    .show(ui, |ui| {
                        settlement_detail(ui, &r, &s, &hits, section);
                    });
            }
        }
    }
}

/// A settlement's lines as the dealer pays them: what the controller lit, each wager in order,
/// the notes and the section.
fn settlement_detail(
    ui: &mut Ui,
    r: &BankedRound,
    s: &crate::rules::banked::Settlement,
    hits: &[crate::devices::progressive::Hit],
    section: &str,
) {
    // What the controller lit: the dealer checks the light before paying
    // (§ 647a.11(i)(2), § 655a.11(i)(4)(I)(B)).
    for h in hits {
        body_colour(
            ui,
            &format!(
                "Progressive controller: {} lit · {}% of the {}meter = {}",
                if h.spot == 0 {
                    "the dealer's hand".to_string()
                } else {
                    format!("spot {}", h.spot)
                },
                h.percent,
                if h.meter == crate::rules::banked::round::METER_FIVE_CARD_BONUS {
                    "Five Card Hand Bonus "
                } else {
                    ""
                },
                money(h.amount)
            ),
            theme::OK,
        );
    }
    // Lunar Poker's instant payouts and Super Wagers were paid at lock-in.
    settlement_lines(ui, s, |w| {
        if let Some(when) = r.settled_at_table(w.seat, &w.wager) {
            return Some((format!("  ({when})"), true));
        }
        match (&r.validated_by, w.floor_verification) {
            (_, false) => None,
            (Some(p), true) => Some((format!("  (validated by {})", p.name), false)),
            (None, true) => Some(("  (floorperson validates)".into(), false)),
        }
    });
    for n in &s.notes {
        small(ui, &super::widgets::dealer_note(n));
    }
    small(ui, r.void.as_ref().map_or(section, |v| &v.section));
}

impl DeckhandApp {
    /// Lunar Poker's lock-in (§ 589.11(c)): the declared hands turned face up and keyed, then
    /// their instant payouts and every Super Wager settled before any other card is dealt.
    fn lock_in(&mut self, ui: &mut Ui, cmds: &mut Vec<UiCmd>, r: &BankedRound) {
        title(ui, "All decisions are locked in");
        let declared: Vec<u8> = r.lunar.declared.iter().copied().collect();
        let need = r.def().seat_cards;
        let e = &mut self.view.banked;
        let short = |e: &BankedEntry, s: u8| e.cards.get(&s).map_or(0, |c| c.len()) < need;
        if declared.is_empty() {
            body(ui, "No hand was declared: collect the Super Wagers.");
        } else {
            body(
                ui,
                "Turn each declared hand face up and tap its five cards; then settle the instant payouts and Super Wagers from your left.",
            );
            let selected = matches!(e.target, Target::Seat(s) if declared.contains(&s));
            if !selected && let Some(s) = declared.iter().find(|s| short(e, **s)) {
                e.target = Target::Seat(*s);
            }
            let places = declared
                .iter()
                .map(|s| {
                    let cards = cards_text(e.cards.get(s).map_or(&[][..], |c| &c[..]));
                    (Target::Seat(*s), format!("Seat {s}: {cards}"))
                })
                .collect();
            e.place_row(ui, places);
            e.clear_button(ui);
            if let Some(c) = card_grid(ui, "lunar-lock-in", &e.used()) {
                e.key(r, c);
                if let Target::Seat(s) = e.target
                    && !short(e, s)
                    && let Some(next) = declared.iter().find(|s| short(e, **s))
                {
                    e.target = Target::Seat(*next);
                }
            }
        }
        if declared.iter().any(|s| short(e, *s)) {
            small(ui, "§ 589.11(c)");
            return;
        }
        let cards: Vec<(u8, Vec<Card>)> = declared
            .iter()
            .map(|s| (*s, e.cards.get(s).cloned().unwrap_or_default()))
            .collect();
        // The rules settle the declared hands and the Super Wagers from these cards; the
        // settlement is shown for paying on the next screen.
        if primary(ui, "Settle the lock-in") {
            send(cmds, BankedCommand::LockIn { cards });
        }
        small(ui, "§ 589.11(c)");
    }
}

/// What a settlement line adds: a note, and whether the line was settled earlier (dimmed).
type LineNote = Option<(String, bool)>;

/// A settlement's wagers in the dealer's order, one line each, with `note`'s addition.
fn settlement_lines(ui: &mut Ui, s: &Settlement, note: impl Fn(&WagerResult) -> LineNote) {
    for w in &s.results {
        let (note, earlier) = note(w).unwrap_or_default();
        let colour = match w.result {
            _ if earlier => theme::TEXT_DIM,
            Outcome::Win => theme::OK,
            Outcome::Lose => theme::TEXT_DIM,
            Outcome::Push => theme::TEXT,
        };
        body_colour(
            ui,
            &format!("Seat {} · {}{note}", w.seat, w.explanation),
            colour,
        );
    }
}

/// Lunar Poker's other choices at the first decision (§ 589.11(b)): an Options fee equal to the
/// Ante to buy a sixth card or exchange two to five, the royal or straight flush declared for
/// its instant payout, and the Super Wager's declaration (§ 589.11(c)(2)(ii)).
fn lunar_options(ui: &mut Ui, cmds: &mut Vec<UiCmd>, r: &BankedRound, seat: u8) {
    let fee = money(r.ante(seat));
    ui.horizontal_wrapped(|ui| {
        if choice(ui, &format!("Buy a sixth card · fee {fee}")) {
            send(
                cmds,
                BankedCommand::Draw {
                    seat,
                    kind: DrawKind::Buy,
                },
            );
        }
        if choice(ui, &format!("Exchange 2 to 5 cards · fee {fee}")) {
            send(
                cmds,
                BankedCommand::Draw {
                    seat,
                    kind: DrawKind::Exchange,
                },
            );
        }
        if choice(ui, "Royal or straight flush: declared") {
            send(
                cmds,
                BankedCommand::Declare {
                    seat,
                    instant: true,
                },
            );
        }
    });
    if r.wagers.get(&seat).is_some_and(|w| w.contains_key("super")) {
        let on = r.lunar.declared.contains(&seat);
        let b =
            Button::new(RichText::new("Declared for the Super: cards face up").size(theme::BODY))
                .selected(on)
                .min_size(theme::ACTION_SIZE);
        if ui.add(b).clicked() {
            send(
                cmds,
                BankedCommand::Declare {
                    seat,
                    instant: false,
                },
            );
        }
    }
}

/// What the dealer does at a void round whose side wagers are still settled, as a short title
/// and one line of small print: which wagers, whose cards, the board finished when Trips Plus
/// needs it, and the section.
fn void_words(v: &crate::rules::banked::round::VoidSettles) -> (String, String) {
    let mut how = "Key the cards of each seat that placed one".to_string();
    if v.dealer {
        how.push_str(", then your two cards");
    }
    if v.board {
        how.push_str(", then the board (burn and deal the rest if it is not out)");
    }
    how.push_str(&format!(
        ". Every other wager is returned once these are paid ({}).",
        v.section
    ));
    (format!("Round void: settle the {}", v.names()), how)
}

/// The table game system's draw for the Five Card Hand Bonus, as the cards screen says it.
fn system_draw_words(d: Option<crate::rules::banked::round::SystemDraw>) -> String {
    match d {
        Some(d) => format!(
            "Table game system: Magic Card {}, Lucky Bonus {} (§ 647a.1)",
            d.magic_card.pretty(),
            if d.lucky == 0 {
                "the dealer's hand".to_string()
            } else {
                format!("seat {}", d.lucky)
            }
        ),
        None => "The table game system has not reported its Magic Card and Lucky Bonus draw (§ 647a.1): call the floor".into(),
    }
}

/// A wager spot of fixed size: its name above its amount, both centred and never cut off.
/// `selected`: `None` for a spot that follows another wager (shown, not tapped).
fn spot_button(
    ui: &mut Ui,
    size: egui::Vec2,
    name: &str,
    amount: &str,
    selected: Option<bool>,
) -> egui::Response {
    let sense = if selected.is_some() {
        egui::Sense::click()
    } else {
        egui::Sense::hover()
    };
    let (rect, response) = ui.allocate_exact_size(size, sense);
    if ui.is_rect_visible(rect) {
        let visuals = ui
            .style()
            .interact_selectable(&response, selected.unwrap_or(false));
        let text = if selected.is_some() {
            visuals.text_color()
        } else {
            theme::TEXT_DIM
        };
        if selected.is_some() {
            ui.painter().rect(
                rect,
                visuals.corner_radius,
                visuals.weak_bg_fill,
                visuals.bg_stroke,
                egui::StrokeKind::Inside,
            );
        }
        let font = egui::FontId::proportional(theme::SPOT_TEXT);
        let line = theme::SPOT_TEXT * 1.25;
        for (i, words) in [name, amount].into_iter().enumerate() {
            let at = rect.center() + egui::vec2(0.0, (i as f32 - 0.5) * line);
            // One line each; a word longer than the spot is cut at its edge, never wrapped.
            let galley = ui
                .painter()
                .layout_no_wrap(words.to_string(), font.clone(), text);
            let pos = at - galley.size() / 2.0;
            ui.painter().with_clip_rect(rect).galley(pos, galley, text);
        }
    }
    response
}

/// Pads the instruction begun at `top` to the procedure steps' height, so the step's buttons
/// stand in one place whatever the instruction's length (a title that wraps at 1024×768).
fn instruction_space(ui: &mut Ui, top: f32) {
    let used = ui.cursor().min.y - top;
    if used < theme::INSTRUCTION_H {
        ui.add_space(theme::INSTRUCTION_H - used);
    }
}

/// The payouts a signature covers, seat by seat: "Validate seat 1: wins $1,600.00 · Four of a
/// kind · 9♠ 9♥ · board 9♦ 9♣ 2♠" (a payout the regulation has validated, or above the table's
/// threshold).
fn validation_lines(
    r: &BankedRound,
    s: &crate::rules::banked::Settlement,
    floor_over: crate::rules::Cents,
) -> Vec<String> {
    let mut seats: Vec<u8> = s.results.iter().map(|w| w.seat).collect();
    seats.sort_unstable();
    seats.dedup();
    let mut out = Vec::new();
    for seat in seats {
        let mine = s.results.iter().filter(|w| w.seat == seat);
        let net: crate::rules::Cents = mine.clone().map(|w| w.net).sum();
        let flagged = mine.clone().any(|w| w.floor_verification);
        if !flagged && net <= floor_over {
            continue;
        }
        let hand = s
            .seats
            .iter()
            .find(|h| h.seat == seat)
            .map_or(String::new(), |h| format!(" · {}", h.hand));
        let cards = r
            .cards
            .get(&seat)
            .filter(|c| !c.is_empty())
            .map_or(String::new(), |c| format!(" · {}", cards_text(c)));
        let board = if r.community.is_empty() || cards.is_empty() {
            String::new()
        } else {
            format!(" · board {}", cards_text(&r.community))
        };
        out.push(format!(
            "Validate seat {seat}: wins {}{hand}{cards}{board}",
            money(net)
        ));
    }
    out
}
