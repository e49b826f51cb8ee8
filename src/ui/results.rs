//! A house-banked round's hands settled from their results (`rules::banked::round::results`),
//! where no card-reading device is at the table: the dealer taps whether the dealer's hand
//! qualifies, then each seat's hand category and whether it beat, tied or lost to the dealer's;
//! the cards of a hand a bonus pays on are keyed on the grid. "Key every card instead" goes back
//! to the card entry (a dispute, a record the floor wants).

use super::banked::{BankedEntry, Target};
use super::{
    DeckhandApp, UiCmd, body, card_grid, cards_text, fixed_rows, primary_when, small, theme, title,
};
use crate::rules::banked::House;
use crate::rules::banked::round::{
    BankedCommand, BankedRound, Results, ResultsDef, SeatResult, Versus,
};
use egui::{Button, RichText, Ui};
use std::collections::BTreeMap;

/// What the dealer tapped so far this round.
#[derive(Debug, Clone, Default)]
pub(super) struct Tapped {
    pub(super) qualifies: Option<bool>,
    /// Per seat: the category's id and the comparison.
    pub(super) seats: BTreeMap<u8, (Option<&'static str>, Option<Versus>)>,
    pub(super) seat: Option<u8>,
    /// The dealer chose to key every card.
    pub(super) cards_instead: bool,
    /// Per winning seat: its second combination's id, "none" where it has none (Lunar Poker).
    pub(super) second: BTreeMap<u8, &'static str>,
    /// The forced dealer's new hand (Lunar Poker): qualifies or not, and each forcing seat.
    pub(super) forced: super::forced::ForcedTaps,
    /// The last seat's result was just tapped, every hand having one: its buttons stand
    /// greyed until a seat's tab is tapped.
    pub(super) finished: bool,
}

impl Tapped {
    /// The dealer has tapped something of the results.
    pub(super) fn started(&self) -> bool {
        self.qualifies.is_some() || !self.seats.is_empty()
    }

    /// The seat's hand needs no comparison, or has it: the game compares no hand with the
    /// dealer's, the dealer's does not qualify, or the comparison was tapped.
    fn compared(&self, def: &ResultsDef, versus: Option<Versus>) -> bool {
        !def.compare.needed(self.qualifies) || versus.is_some()
    }

    /// A seat's category and comparison as tapped; a category below the dealer's qualification
    /// loses to a dealer who qualifies, without a tap.
    pub(super) fn result(
        &self,
        def: &ResultsDef,
        seat: u8,
    ) -> (Option<&'static str>, Option<Versus>) {
        let (cat, versus) = self.seats.get(&seat).copied().unwrap_or_default();
        let loses = self.qualifies == Some(true) && cat.is_some_and(|c| def.loses_to_qualifier(c));
        // A comparison tapped before the dealer's hand was said not to qualify no longer holds.
        let versus = if !def.compare.needed(self.qualifies) {
            None
        } else if loses {
            Some(Versus::Loses)
        } else {
            versus
        };
        (cat, versus)
    }

    /// The dealer's qualification as the command gives it: false where the game has none.
    fn dealer_qualifies(&self, def: &ResultsDef) -> Option<bool> {
        match def.qualifies {
            None => Some(false),
            Some(_) => self.qualifies,
        }
    }
}

/// The answers of [`BankedRound::result_needs_cards_in`] for one round, by seat, category and
/// comparison: each settles the hand alone, so it is worked out once, not on every frame.
#[derive(Debug, Default)]
pub(super) struct NeedsMemo(std::cell::RefCell<(u32, BTreeMap<ResultKey, bool>)>);

/// A seat, the category tapped and the comparison (`Versus` as a number).
type ResultKey = (u8, String, Option<u8>);

/// The round's results step: the round, its game's list, and the table's paytables and
/// thresholds (a hand whose payout waits for a floorperson is keyed).
#[derive(Clone, Copy)]
struct At<'a> {
    r: &'a BankedRound,
    def: &'static ResultsDef,
    house: Option<&'a House>,
    memo: &'a NeedsMemo,
}

impl At<'_> {
    /// The seat's cards are keyed with this result.
    fn needs_cards(&self, seat: u8, cat: &str, versus: Option<Versus>) -> bool {
        let key = (seat, cat.to_string(), versus.map(|v| v as u8));
        if let Some(known) = self.memo.0.borrow().1.get(&key) {
            return *known;
        }
        let needs = self.r.result_needs_cards_in(self.house, seat, cat, versus);
        self.memo.0.borrow_mut().1.insert(key, needs);
        needs
    }
}

const VERSUS: [(Versus, &str); 3] = [
    (Versus::Wins, "Beats the dealer"),
    (Versus::Ties, "Ties"),
    (Versus::Loses, "Loses"),
];

impl BankedEntry {
    /// The seat's result is whole: a category, the comparison where the dealer qualifies, and
    /// the cards where a bonus pays on the hand.
    fn seat_done(&self, at: At, seat: u8) -> bool {
        let (Some(cat), versus) = self.tapped.result(at.def, seat) else {
            return false;
        };
        let compared = self.tapped.compared(at.def, versus);
        let second = self.second_done(at.r, seat, cat, versus);
        // A hand that drew is keyed only with every card (the card entry keys its draw).
        if at.r.lunar().draws.contains_key(&seat) && at.needs_cards(seat, cat, versus) {
            return false;
        }
        let cards = !at.needs_cards(seat, cat, versus)
            || self
                .cards
                .get(&seat)
                .is_some_and(|c| c.len() == at.r.def().seat_cards);
        compared && second && cards
    }

    /// A winner's second combination is tapped where its hand can hold one.
    pub(super) fn second_done(
        &self,
        r: &BankedRound,
        seat: u8,
        cat: &str,
        versus: Option<Versus>,
    ) -> bool {
        versus != Some(Versus::Wins)
            || r.second_choices(seat, cat).is_empty()
            || self
                .tapped
                .second
                .get(&seat)
                .is_some_and(|x| r.second_choices(seat, cat).iter().any(|c| c.id == *x))
    }

    fn next_seat(&self, at: At) -> Option<u8> {
        at.r.seats_in()
            .into_iter()
            .find(|s| !self.seat_done(at, *s))
    }

    /// Some hand's cards are keyed with the results tapped so far.
    fn hands_keyed(&self, at: At) -> bool {
        self.tapped
            .seats
            .iter()
            .any(|(s, (c, v))| c.is_some_and(|c| at.needs_cards(*s, c, *v)))
    }

    /// The community cards are keyed and not all in yet.
    fn board_wanted(&self, at: At) -> bool {
        at.r.results_need_community(self.hands_keyed(at))
            && self.community.len() < at.r.def().community_cards
    }

    /// What Settle waits for, in the dealer's words, while it cannot be tapped: the first of the
    /// dealer's hand, the board, and each seat's result, comparison, second combination and cards.
    fn settle_waits_for(&self, at: At) -> Option<String> {
        let r = at.r;
        if !r.seats_in().is_empty() && self.tapped.dealer_qualifies(at.def).is_none() {
            return Some("tap whether the dealer's hand qualifies".into());
        }
        if self.board_wanted(at) {
            return Some("key the community cards".into());
        }
        for s in r.seats_in() {
            let (Some(cat), versus) = self.tapped.result(at.def, s) else {
                return Some(format!("seat {s}: tap its result"));
            };
            let waits = if !self.tapped.compared(at.def, versus) {
                "tap Beats the dealer, Ties or Loses"
            } else if !self.second_done(r, s, cat, versus) {
                "tap its second combination"
            } else if r.lunar().draws.contains_key(&s) && at.needs_cards(s, cat, versus) {
                "tap \"Key every card instead\" to key its cards and its draw"
            } else if !self.seat_done(at, s) {
                "key its cards"
            } else {
                continue;
            };
            return Some(format!("seat {s}: {waits}"));
        }
        None
    }

    /// The command once every seat is done, the dealer's hand answered and the board keyed
    /// where it is needed.
    fn results_command(&self, at: At) -> Option<BankedCommand> {
        let r = at.r;
        // Every player folded: no hand to compare, nothing to ask of the dealer's.
        let qualifies = if r.seats_in().is_empty() {
            false
        } else {
            self.tapped.dealer_qualifies(at.def)?
        };
        if self.board_wanted(at) {
            return None;
        }
        let mut seats = Vec::new();
        let mut cards = Vec::new();
        for s in r.seats_in() {
            if !self.seat_done(at, s) {
                return None;
            }
            let (cat, versus) = self.tapped.result(at.def, s);
            let cat = cat?;
            if at.needs_cards(s, cat, versus) {
                cards.push((s, self.cards.get(&s).cloned().unwrap_or_default()));
            }
            seats.push((
                s,
                SeatResult {
                    category: cat.to_string(),
                    versus: if at.def.compare.needed(Some(qualifies)) {
                        versus
                    } else {
                        None
                    },
                    second: self
                        .tapped
                        .second
                        .get(&s)
                        .filter(|x| {
                            versus == Some(Versus::Wins)
                                && r.second_choices(s, cat).iter().any(|c| c.id == **x)
                        })
                        .map(|x| x.to_string()),
                },
            ));
        }
        let mut cmd = BankedCommand::from_results(
            cards,
            Results {
                dealer_qualifies: qualifies,
                seats,
                forced: None,
            },
        );
        if let BankedCommand::Cards { community, .. } = &mut cmd
            && r.results_need_community(self.hands_keyed(at))
        {
            *community = self.community.clone();
        }
        Some(cmd)
    }

    /// A seat's tab: its result so far.
    fn seat_label(&self, def: &ResultsDef, seat: u8) -> String {
        let (cat, versus) = self.tapped.result(def, seat);
        let cat = cat.and_then(|c| def.category(c)).map_or("—", |c| c.short);
        let versus = match versus.filter(|_| def.compare.needed(self.tapped.qualifies)) {
            Some(Versus::Wins) => " · won",
            Some(Versus::Ties) => " · tie",
            Some(Versus::Loses) => " · lost",
            None => "",
        };
        let second = match self.tapped.second.get(&seat) {
            // Every second combination: the list of the highest hand of six cards.
            Some(x) if *x != "none" => def.second.map_or("", |f| {
                f("royal-flush", true)
                    .iter()
                    .find(|c| c.id == *x)
                    .map_or("", |c| c.short)
            }),
            _ => "",
        };
        format!(
            "Seat {seat}{versus}\n{cat}{}{second}",
            if second.is_empty() { "" } else { " " }
        )
    }
}

impl DeckhandApp {
    /// The casino lets this game's hands be settled from their results (`[house.<game>]`).
    pub(super) fn results_offered(&self, r: &BankedRound) -> bool {
        r.def()
            .results
            .is_none_or(|d| (d.offered)(&self.house_rules()))
    }

    /// The results step; false when the dealer keys the cards instead (the caller draws that).
    pub(super) fn results_step(
        &mut self,
        ui: &mut Ui,
        cmds: &mut Vec<UiCmd>,
        r: &BankedRound,
        def: &'static ResultsDef,
    ) -> bool {
        let house = self
            .term
            .table()
            .setup
            .as_ref()
            .and_then(|s| s.poker.house.as_deref());
        let memo = &self.view.results_memo;
        let e = &mut self.view.banked;
        // A new round: what was worked out for the last one is dropped.
        {
            let mut m = memo.0.borrow_mut();
            if m.0 != e.round {
                *m = (e.round, BTreeMap::new());
            }
        }
        let at = At {
            r,
            def,
            house,
            memo,
        };
        if e.tapped.cards_instead {
            return false;
        }
        // Lunar Poker: the forced dealer's new hand, after its replacement card.
        if r.forced_result_owed() {
            e.forced_step(ui, cmds, r);
            return true;
        }
        // A hand whose cards were keyed before (Lunar Poker's lock-in) is what they are: its
        // category is filled in, not tapped (the walk of issue 43 saw it asked again).
        for s in r.seats_in() {
            if let Some(known) = r.category_keyed(s) {
                let (cat, _) = e.tapped.seats.entry(s).or_default();
                if *cat != Some(known) {
                    *cat = Some(known);
                    e.tapped.second.remove(&s);
                }
            }
        }
        if e.tapped.seat.is_none_or(|s| !r.seats_in().contains(&s)) {
            e.tapped.seat = e.next_seat(at);
        }
        let ready = e.results_command(at);
        let every_result = ready.is_some();
        // The seat selected has its result and its cards are keyed (a bonus pays on it, or its
        // payout is validated): its cards, on the grid, with the rest put away so the grid and
        // Settle fit 1024×768.
        let keying = e.tapped.seat.is_some_and(|s| {
            let (cat, versus) = e.tapped.result(def, s);
            e.tapped.compared(def, versus) && cat.is_some_and(|c| at.needs_cards(s, c, versus))
        });
        title(ui, "Tap each hand's result");
        // Settle in one place, above what the taps fill in; the card entry beside it.
        let waits = e.settle_waits_for(at).filter(|_| !every_result);
        e.settle_band(ui, cmds, r, ready, waits.as_deref());
        if !keying {
            small(
                ui,
                &format!(
                    "As the hands lie face up. Only a hand a bonus pays on, or whose payout a floorperson validates, is keyed card by card ({}).",
                    def.section
                ),
            );
        }
        dealer_qualifies(ui, e, r, def);
        result_tabs(ui, e, r, def);
        // Every hand has its result and the board is wanted (a hand keyed is read with it, or
        // a wager is paid on it): the community cards on the grid.
        if e.next_seat(at).is_none() && e.board_wanted(at) {
            body(
                ui,
                &format!(
                    "The community cards: key them: {}",
                    cards_text(&e.community)
                ),
            );
            let used = e.used_cards();
            if let Some(card) = card_grid(ui, "results-board", &used) {
                e.community.push(card);
            }
            return true;
        }
        let Some(seat) = e.tapped.seat else {
            return true;
        };
        // Every hand has its result and the last was just tapped: its buttons stay where they
        // stood, greyed, so a second tap there changes nothing (a walk found "No hand" live
        // where "No second combination" had just been tapped); its tab opens them again.
        // After a refused Settle the last hand's buttons are live again: the refusal may be
        // about it (a walk's "tap its category again" found them greyed).
        let refused = self.view.message.as_ref().is_some_and(|m| !m.done);
        let finished = e.tapped.finished && every_result && !refused;
        let (cat, versus) = e.tapped.result(def, seat);
        let compared = e.tapped.compared(def, versus);
        let mut tapped = false;
        // A hand keyed, its result tapped: its cards, on the grid, in the place of the
        // categories (the grid and Settle fit 1024×768).
        ui.add_enabled_ui(!finished, |ui| {
            if let Some(c) = cat
                .filter(|c| compared && at.needs_cards(seat, c, versus))
                .and_then(|c| def.category(c))
            {
                e.seat_cards(ui, r, seat, c, &mut tapped);
            } else if e.second_owed(r, seat) {
                // A winner's second combination, in the place of the categories (they fit
                // 1024×768 only without it).
                e.second_buttons(ui, r, seat, &mut tapped);
            } else {
                e.category_buttons(ui, def, seat, r, &mut tapped);
            }
        });
        // A seat whose result is whole hands the taps on to the next one; the last stays,
        // finished.
        if tapped && e.seat_done(at, seat) {
            let next = e.next_seat(at);
            e.tapped.finished = next.is_none();
            e.tapped.seat = next.or(Some(seat));
        }
        true
    }
}

impl BankedEntry {
    /// Settle (or, at Lunar Poker with a dealer who does not qualify, the step that asks who
    /// forces) and "Key every card instead".
    fn settle_band(
        &mut self,
        ui: &mut Ui,
        cmds: &mut Vec<UiCmd>,
        r: &BankedRound,
        ready: Option<crate::rules::banked::round::BankedCommand>,
        waits: Option<&str>,
    ) {
        ui.horizontal(|ui| {
            // Lunar Poker: a dealer who does not qualify is forced or not before anything is
            // settled (§ 589.11(e)(2)).
            let force_next = r.def().phases.iter().any(|p| p.after_cards)
                && self.tapped.qualifies == Some(false)
                && !r.seats_in().is_empty();
            let label = if force_next {
                "Next: who forces"
            } else {
                "Settle"
            };
            if primary_when(ui, ready.is_some(), label)
                && let Some(cmd) = ready
            {
                cmds.push(UiCmd::Rules(crate::rules::table::Command::Banked(cmd)));
            }
            let all = Button::new(RichText::new("Key every card instead").size(theme::SMALL + 2.0))
                .min_size(egui::vec2(200.0, theme::MIN_TARGET));
            if ui.add(all).clicked() {
                self.tapped.cards_instead = true;
                self.cards.clear();
                self.community.clear();
                self.target = Target::None;
            }
            // A greyed Settle says what it waits for, on the band's one line (no button moves).
            if let Some(waits) = waits {
                let said = RichText::new(format!("Settle waits: {waits}")).size(theme::SMALL);
                ui.add(egui::Label::new(said).truncate());
            }
        });
    }

    /// A hand whose result needs its cards (a bonus pays on it, or a floorperson validates its
    /// payout): its cards on the grid, in the place of the categories.
    fn seat_cards(
        &mut self,
        ui: &mut Ui,
        r: &BankedRound,
        seat: u8,
        c: &crate::rules::banked::round::ResultCategory,
        tapped: &mut bool,
    ) {
        // A hand that drew: its draw is keyed with it on the card entry.
        if r.lunar().draws.contains_key(&seat) {
            body(
                ui,
                &format!(
                    "Seat {seat}: {}. A floorperson validates its payout and the hand drew: tap \"Key every card instead\" to key its cards and its draw.",
                    c.label
                ),
            );
            return;
        }
        let keyed = self.cards.get(&seat).cloned().unwrap_or_default();
        let why = if r.result_needs_cards(seat, c.id) {
            "A bonus pays on it"
        } else {
            "A floorperson validates its payout"
        };
        body(
            ui,
            &format!(
                "Seat {seat}: {}. {why}: key its cards: {}",
                c.label,
                cards_text(&keyed)
            ),
        );
        let used = self.used_cards();
        if let Some(card) = card_grid(ui, "results-cards", &used) {
            let v = self.cards.entry(seat).or_default();
            if v.len() < r.def().seat_cards {
                v.push(card);
                *tapped = true;
            }
        }
        // Under the grid, away from the tabs: a stray tap never clears a result.
        ui.horizontal(|ui| {
            if ui
                .add(
                    Button::new(RichText::new("Clear the cards").size(theme::BODY))
                        .min_size(egui::vec2(180.0, theme::MIN_TARGET)),
                )
                .clicked()
            {
                self.cards.remove(&seat);
            }
            if ui
                .add(
                    Button::new(RichText::new("Change the result").size(theme::BODY))
                        .min_size(egui::vec2(180.0, theme::MIN_TARGET)),
                )
                .clicked()
            {
                self.tapped.seats.remove(&seat);
                self.tapped.second.remove(&seat);
                self.cards.remove(&seat);
            }
        });
    }
}

impl BankedEntry {
    /// The categories of the game's list and, where the dealer's hand qualifies, the
    /// comparison.
    fn category_buttons(
        &mut self,
        ui: &mut Ui,
        def: &'static ResultsDef,
        seat: u8,
        r: &BankedRound,
        tapped: &mut bool,
    ) {
        let e = self;
        let (cat, versus) = e.tapped.result(def, seat);
        // Its cards were keyed before: its category is theirs, the others greyed, and the
        // heading's line says so (no line added: the buttons below keep their places).
        let known = r.category_keyed(seat);
        ui.horizontal(|ui| {
            ui.label(
                RichText::new(format!("Seat {seat}'s hand"))
                    .size(theme::BODY)
                    .strong(),
            );
            if let (Some(k), Some(when)) = (known, r.part().hands_keyed_earlier()) {
                small(
                    ui,
                    &format!(
                        "its cards were keyed {when}: {}",
                        def.category(k).map_or(k, |c| c.label)
                    ),
                );
            }
        });
        // Three to a row (four for Lunar Poker's eleven): a category's words on one line.
        let gap = ui.spacing().item_spacing.x;
        let per_row = if def.categories.len() > 10 { 4.0 } else { 3.0 };
        let third = ((ui.available_width() + gap) / per_row - gap)
            .floor()
            .min(theme::PLACE_SIZE.x);
        // A long list (Mississippi Stud's paytable) in lower buttons, so it fits 1024×768.
        let height = if def.categories.len() > 6 {
            theme::MIN_TARGET
        } else {
            theme::TARGET
        };
        fixed_rows(
            ui,
            def.categories.iter().collect(),
            egui::vec2(third, height),
            |ui, c, size| {
                let b = Button::new(RichText::new(c.label).size(theme::SMALL + 2.0))
                    .wrap_mode(egui::TextWrapMode::Wrap)
                    .selected(cat == Some(c.id));
                let offered = known.is_none_or(|k| k == c.id);
                if ui
                    .add_enabled_ui(offered, |ui| ui.add_sized(size, b))
                    .inner
                    .clicked()
                {
                    e.tapped.seats.entry(seat).or_default().0 = Some(c.id);
                    e.tapped.second.remove(&seat);
                    *tapped = true;
                }
            },
        );
        // A category below the qualification loses to a qualifying dealer: nothing to tap.
        let loses =
            e.tapped.qualifies == Some(true) && cat.is_some_and(|c| def.loses_to_qualifier(c));
        if def.compare.needed(e.tapped.qualifies) && !loses {
            ui.horizontal(|ui| {
                for (v, label) in VERSUS {
                    let b = Button::new(RichText::new(label).size(theme::BODY))
                        .selected(versus == Some(v))
                        .min_size(egui::vec2(third, theme::TARGET));
                    if ui.add(b).clicked() {
                        e.tapped.seats.entry(seat).or_default().1 = Some(v);
                        *tapped = true;
                    }
                }
            });
        }
    }
}

impl BankedEntry {
    /// The seat's hand won and its second combination is still to be tapped.
    fn second_owed(&self, r: &BankedRound, seat: u8) -> bool {
        let Some(def) = r.def().results else {
            return false;
        };
        let (cat, versus) = self.tapped.result(def, seat);
        cat.is_some_and(|c| !self.second_done(r, seat, c, versus))
    }

    /// A winner's second combination, where its hand can hold one (Lunar Poker,
    /// § 589.11(e)(1)(ii)): "none" first, then those its category allows.
    fn second_buttons(&mut self, ui: &mut Ui, r: &BankedRound, seat: u8, tapped: &mut bool) {
        let Some(def) = r.def().results else {
            return;
        };
        let (cat, versus) = self.tapped.result(def, seat);
        let Some(cat) = cat.filter(|_| versus == Some(Versus::Wins)) else {
            return;
        };
        let choices = r.second_choices(seat, cat);
        let label = category_label(r, cat);
        ui.label(
            RichText::new(format!("Seat {seat}: {label}, beats the dealer"))
                .size(theme::BODY)
                .strong(),
        );
        if let Some(x) = second_row(ui, choices, self.tapped.second.get(&seat).copied()) {
            self.tapped.second.insert(seat, x);
            *tapped = true;
        }
        let change = Button::new(RichText::new("Change the result").size(theme::BODY))
            .min_size(egui::vec2(180.0, theme::MIN_TARGET));
        if ui.add(change).clicked() {
            self.tapped.seats.remove(&seat);
            self.tapped.second.remove(&seat);
        }
    }
}

/// A category's words in the round's game.
fn category_label(r: &BankedRound, cat: &str) -> &'static str {
    r.def()
        .results
        .and_then(|d| d.category(cat))
        .map_or("?", |c| c.label)
}

/// A row of second combinations, the one tapped so far selected; the one tapped now.
pub(super) fn second_row(
    ui: &mut Ui,
    choices: &'static [crate::rules::banked::round::ResultCategory],
    now: Option<&'static str>,
) -> Option<&'static str> {
    let mut picked = None;
    ui.label(
        RichText::new("Its second combination, with a card outside the first (§ 589.11(e)(1)(ii))")
            .size(theme::SMALL + 2.0),
    );
    let gap = ui.spacing().item_spacing.x;
    let quarter = ((ui.available_width() + gap) / 4.0 - gap)
        .floor()
        .min(theme::PLACE_SIZE.x);
    fixed_rows(
        ui,
        choices.iter().collect(),
        egui::vec2(quarter, theme::MIN_TARGET),
        |ui, c, size| {
            let b = Button::new(RichText::new(c.label).size(theme::SMALL + 2.0))
                .wrap_mode(egui::TextWrapMode::Wrap)
                .selected(now == Some(c.id));
            if ui.add_sized(size, b).clicked() {
                picked = Some(c.id);
            }
        },
    );
    picked
}

/// The dealer's hand, where the game compares hands with it and a hand is still in: qualifies
/// (with the game's words) or not.
fn dealer_qualifies(ui: &mut Ui, e: &mut BankedEntry, r: &BankedRound, def: &ResultsDef) {
    if let Some(words) = def.qualifies.filter(|_| !r.seats_in().is_empty()) {
        ui.horizontal_wrapped(|ui| {
            body(ui, "Dealer's hand:");
            for (q, label) in [
                (true, format!("Qualifies, {words}")),
                (false, "Does not qualify".to_string()),
            ] {
                let b = Button::new(RichText::new(label).size(theme::BODY))
                    .selected(e.tapped.qualifies == Some(q))
                    .min_size(egui::vec2(150.0, theme::TARGET));
                if ui.add(b).clicked() {
                    e.tapped.qualifies = Some(q);
                }
            }
        });
    }
}

/// The seats, each with its result so far; a tap selects one.
fn result_tabs(ui: &mut Ui, e: &mut BankedEntry, r: &BankedRound, def: &ResultsDef) {
    // Every seat dealt in keeps its place, a seat out of the comparison (folded, or paid
    // at lock-in) greyed: the tabs stand where they stood last round.
    let tabs: Vec<u8> = r.seats.clone();
    let settling = r.seats_in();
    let labels: Vec<(u8, String)> = tabs
        .iter()
        .map(|s| {
            // Why it is out of the comparison, in a word: a folded hand may still have a bonus
            // on the board to settle (Mississippi Stud's Three Card Bonus, § 655a.11(b)).
            let label = if settling.contains(s) {
                e.seat_label(def, *s)
            } else if r.lost.contains_key(s) {
                format!("Seat {s}\nwagers lost")
            } else if r.folded.contains(s) {
                format!("Seat {s}\nfolded")
            } else {
                format!("Seat {s}\npaid at lock-in")
            };
            (*s, label)
        })
        .collect();
    let current = e.tapped.seat;
    let mut picked = None;
    // Every seat on one row (four to six places), so the categories and the comparison
    // fit 1024×768 under them.
    let gap = ui.spacing().item_spacing.x;
    let per_row = tabs.len().clamp(4, 6) as f32;
    let w = ((ui.available_width() + gap) / per_row - gap)
        .floor()
        .min(theme::PLACE_SIZE.x);
    // The tabs stay while a hand's cards are keyed, each of one size whatever it says: a
    // result tapped never moves the buttons under them.
    fixed_rows(
        ui,
        labels,
        egui::vec2(w, theme::PLACE_SIZE.y),
        |ui, (s, label), size| {
            let b = Button::new(RichText::new(label).size(theme::SMALL))
                .wrap_mode(egui::TextWrapMode::Wrap)
                .selected(current == Some(s));
            // The place is taken first; the tab is drawn in it, clipped to it.
            let (rect, _) = ui.allocate_exact_size(size, egui::Sense::hover());
            let mut tab = ui.new_child(egui::UiBuilder::new().max_rect(rect));
            tab.set_clip_rect(rect.intersect(ui.clip_rect()));
            if tab
                .add_enabled_ui(settling.contains(&s), |ui| ui.add_sized(size, b))
                .inner
                .clicked()
            {
                picked = Some(s);
            }
        },
    );
    if picked.is_some() {
        e.tapped.seat = picked;
        e.tapped.finished = false;
    }
}
