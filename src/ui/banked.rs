//! The dealer's screen for a house-banked round (`rules::banked::round`): the wagers keyed per
//! seat, "no more bets", the deal as the table's dealing method says, one tap per player
//! decision (the allowed multiples of the Ante, fold or check), the reveals, the cards keyed on
//! the card grid, then the settlement in the dealer's order with a sentence per wager, a
//! floorperson's validation where a payout needs one, and "paid".

mod lunar;
mod settle;
mod wagers;
use crate::rules::banked::round::{GameKeyed, GameStep};
use lunar::lunar_options;

use super::{
    DeckhandApp, UiCmd, body, body_colour, cards_text, choice_when, fixed_rows, primary, small,
    theme, title,
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
    /// Amounts "Same bets" put in and the dealer has not keyed since: the first key replaces
    /// such an amount instead of adding digits to it.
    pub(super) repeated: std::collections::BTreeSet<(u8, &'static str)>,
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
    /// Spanish 21: what the shoe's deal, as it came, last put in each place.
    pub(super) drawn: BTreeMap<HandPlace, Vec<Card>>,
    pub(super) read_round: Option<u32>,
    /// The hands' results the dealer tapped, where no device reads them.
    pub(super) tapped: super::results::Tapped,
    /// Spanish 21 at a reading shoe: the step at which the dealer chose to key a card by hand
    /// (a card read wrong and taken back, or drawn unread).
    pub(super) key21: Option<crate::rules::banked::spanish21::play21::Step21>,
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

pub(super) fn send(cmds: &mut Vec<UiCmd>, c: BankedCommand) {
    cmds.push(UiCmd::Rules(Command::Banked(c)));
}

impl BankedEntry {
    /// The wagers keyed, as commands; an amount that is not whole dollars is refused by name.
    pub(super) fn wager_commands(&self, r: &BankedRound) -> Result<Vec<Command>, String> {
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

    pub(super) fn used(&self) -> CardSet {
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
        for (s, kind) in &r.lunar().draws {
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

    /// What the cards step carries besides the hands: Lunar Poker's draws, each drawing seat's
    /// cards given up and dealt, as keyed (the terminal fills in the table game system's draw).
    pub(super) fn own_keyed(&self, r: &BankedRound) -> GameKeyed {
        let keyed = |m: &BTreeMap<u8, Vec<Card>>, s: &u8| m.get(s).cloned().unwrap_or_default();
        let mut own = GameKeyed::default();
        own.lunar.draws = (r.lunar().draws.keys())
            .map(|s| (*s, keyed(&self.gave, s), keyed(&self.drew, s)))
            .collect();
        own
    }

    /// Every place is keyed.
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
            let name = if r.spanish21().is_some() {
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
        for (s, kind) in &r.lunar().draws {
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
                let mut text = if label.contains('\n') {
                    theme::SMALL
                } else {
                    theme::SMALL + 2.0
                };
                // Longer words ("Dealer up card (corrected):", a third card drawn) a little
                // smaller, so they stay inside the place.
                let padding = ui.spacing().button_padding;
                let room = size - 2.0 * padding;
                let fits = |pt: f32| {
                    let laid = ui.fonts_mut(|f| {
                        f.layout(
                            label.clone(),
                            egui::FontId::proportional(pt),
                            egui::Color32::WHITE,
                            room.x,
                        )
                    });
                    laid.size().y <= room.y && laid.size().x <= room.x
                };
                while text > theme::SMALL - 3.0 && !fits(text) {
                    text -= 1.0;
                }
                let b = Button::new(RichText::new(label).size(text))
                    .wrap_mode(egui::TextWrapMode::Wrap)
                    .selected(current == t);
                // Exactly its place: whatever its words, the rows under it never move.
                let (rect, _) = ui.allocate_exact_size(size, egui::Sense::hover());
                if ui.put(rect, b).clicked() {
                    picked = Some(t);
                }
            });
        });
        if let Some(t) = picked {
            self.target = t;
        }
    }

    /// "Clear these cards": the selected place starts again (greyed while no place is
    /// selected: a tap then would do nothing).
    pub(super) fn clear_button(&mut self, ui: &mut Ui) {
        let b = Button::new(RichText::new("Clear these cards").size(theme::BODY))
            .min_size(theme::ACTION_SIZE);
        let selected = !matches!(self.target, Target::None);
        if !ui.add_enabled(selected, b).clicked() {
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
                HandPlace::Dealer => {
                    if self.dealer.is_empty() {
                        self.dealer = cards.clone();
                    }
                }
                HandPlace::Community => {
                    if self.community.is_empty() {
                        self.community = cards.clone();
                    }
                }
                HandPlace::Seat(_) => continue,
            }
            self.read.insert(place, cards);
        }
        self.target = Target::None;
    }

    /// Spanish 21 at a reading shoe: the cards the shoe has read of the deal go into their
    /// places as they come, each frame, so the dealer keys only what it missed (a card drawn
    /// unread, § 635a.7(e)). A place the dealer has keyed, cleared or marked dead keeps what the
    /// dealer made of it; the keys move on from a place the shoe filled.
    pub(super) fn fill_drawn(
        &mut self,
        r: &BankedRound,
        boxes: Vec<(u8, Vec<Card>)>,
        up: Option<Card>,
    ) {
        let mut filled = Vec::new();
        for (s, cards) in boxes.into_iter().filter(|(_, c)| !c.is_empty()) {
            let place = HandPlace::Seat(s);
            let untouched = self.drawn.get(&place) == self.cards.get(&s);
            if untouched && !self.dead.contains(&s) && self.cards.get(&s) != Some(&cards) {
                self.cards.insert(s, cards.clone());
                self.drawn.insert(place, cards);
                filled.push(Target::Seat(s));
            }
        }
        let shown = (!self.dealer.is_empty()).then(|| self.dealer.clone());
        if let Some(up) = up
            && shown.is_none()
            && !self.drawn.contains_key(&HandPlace::Dealer)
        {
            self.dealer = vec![up];
            self.drawn.insert(HandPlace::Dealer, vec![up]);
            filled.push(Target::Dealer);
        }
        // A place the dealer selected stays selected, unless the shoe just filled it.
        if self.target == Target::None || filled.contains(&self.target) {
            self.move_on_if_full(r);
        }
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
    pub(super) fn restore(&mut self, r: &BankedRound) {
        if self.cards.is_empty() && !r.cards.is_empty() {
            self.cards = r.cards.clone();
            self.dealer = r.dealer.clone();
            self.community = r.community.clone();
            for (s, (gave, drew)) in &r.lunar().drawn {
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
            BankedStep::Own(GameStep::Spanish21(at)) => self.play21(ui, cmds, &r, at),
            BankedStep::Wagers => self.wagers_step(ui, cmds, &r, number),
            BankedStep::Deal => self.deal_step(ui, cmds, &r),
            BankedStep::Decide { phase, seat } => self.decide_step(ui, cmds, &r, *phase, *seat),
            BankedStep::Reveal { phase } if def.phases[*phase].after_cards => {
                self.replacement_step(ui, cmds, &r, *phase)
            }
            // The rules hold the reveal for what the game settles first (Lunar Poker's
            // lock-in, § 589.11(c)).
            BankedStep::Reveal { phase } if r.part().reveal_refused(&r, *phase).is_some() => {
                self.lock_in_step(ui, cmds, &r)
            }
            BankedStep::Reveal { phase } => self.reveal_step(ui, cmds, &r, *phase),
            BankedStep::Cards => self.cards_step(ui, cmds, &r, number),
            BankedStep::Pay { verify } => self.pay_step(ui, cmds, &r, number, *verify, section),
            // The other games' own steps are none (`Nothing`): no round stands at one.
            BankedStep::Own(_) => {}
        }
    }

    /// No more bets: the deal as the table's dealing method says (§ x.8-x.10).
    fn deal_step(&mut self, ui: &mut Ui, cmds: &mut Vec<UiCmd>, r: &BankedRound) {
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

    /// One seat's decision in a phase: the multiples of the Ante allowed, fold or check.
    fn decide_step(
        &mut self,
        ui: &mut Ui,
        cmds: &mut Vec<UiCmd>,
        r: &BankedRound,
        phase: usize,
        seat: u8,
    ) {
        let def = r.def();
        let p = &def.phases[phase];
        let ante = r.ante(seat);
        let top = ui.cursor().min.y;
        title(ui, &format!("Seat {seat} decides"));
        body(ui, p.label);
        body_colour(ui, &format!("Ante {}", money(ante)), theme::TEXT_DIM);
        instruction_space(ui, top);
        let force = p.after_cards;
        // The buttons are the rules' answer (`decision_choices`): a decision they refuse now
        // (a Play the hand the shoe read does not allow, § 657a.11(b)) is greyed in its place,
        // with why under the buttons, so a tap never finds the refusal.
        let choices = self.term.decision_choices(seat);
        // Fold (or Check) last, never where the previous step's button was, and in one place
        // in every phase: the places of the widest phase are kept.
        let places = def.most_multiples();
        ui.horizontal_wrapped(|ui| {
            let (multiples, zero): (Vec<_>, Vec<_>) = choices.iter().partition(|c| c.multiple != 0);
            for c in &multiples {
                let label = if force {
                    format!("Force the dealer · fee {}", money(c.amount))
                } else {
                    format!("{}× · {}", c.multiple, money(c.amount))
                };
                if choice_when(ui, c.refused.is_none(), &label) {
                    // A decision after the cards may complete the round: the rules settle it.
                    send(
                        cmds,
                        BankedCommand::Decide {
                            seat,
                            multiple: c.multiple,
                        },
                    );
                }
            }
            for _ in multiples.len()..places {
                ui.allocate_space(theme::ACTION_SIZE);
            }
            let label = match p.zero {
                Zero::Fold => "Fold",
                Zero::Check if force => "No force",
                Zero::Check => "Check",
            };
            if let Some(c) = zero.first()
                && choice_when(ui, c.refused.is_none(), label)
            {
                send(cmds, BankedCommand::Decide { seat, multiple: 0 });
            }
        });
        let mut refusals: Vec<String> = choices
            .iter()
            .filter_map(|c| c.refused.as_ref().map(|r| r.to_string()))
            .collect();
        refusals.dedup();
        for why in refusals {
            body_colour(ui, &why, theme::WARN);
        }
        // Lunar Poker's Options fee and declarations, where the round offers them.
        lunar_options(ui, cmds, r, seat);
        small(ui, def.sections.decisions);
    }

    /// The cards a phase reveals, turned face up.
    fn reveal_step(&mut self, ui: &mut Ui, cmds: &mut Vec<UiCmd>, r: &BankedRound, phase: usize) {
        let def = r.def();
        let top = ui.cursor().min.y;
        title(ui, def.reveal_text(phase, r.board_first));
        small(ui, def.sections.decisions);
        instruction_space(ui, top);
        if primary(ui, "Done") {
            send(cmds, BankedCommand::Revealed);
        }
    }
}

/// What a settlement line adds: a note, and whether the line was settled earlier (dimmed).
type LineNote = Option<(String, bool)>;

/// A settlement's wagers in the dealer's order, one line each, with `note`'s addition.
pub(super) fn settlement_lines(
    ui: &mut Ui,
    s: &Settlement,
    note: impl Fn(&WagerResult) -> LineNote,
) {
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

/// A wager spot of fixed size: its name above its amount, both centred and never cut off.
/// `selected`: `None` for a spot that follows another wager (shown, not tapped).
pub(super) fn spot_button(
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
pub(super) fn instruction_space(ui: &mut Ui, top: f32) {
    let used = ui.cursor().min.y - top;
    if used < theme::INSTRUCTION_H {
        ui.add_space(theme::INSTRUCTION_H - used);
    }
}
