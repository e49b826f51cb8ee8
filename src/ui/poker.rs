//! The dealer's screen for every poker-room game: whatever the game's procedure asks now (`rules::poker::hand::Step`), one primary action, the section in small
//! print. Cards are entered on the card grid where the rules need them: Stud's up cards (they
//! decide the forced bet and who acts first), a common card, and the hands at the showdown.

use super::{
    DeckhandApp, UiCmd, body, card_grid, cards_text, choice, fixed_rows, gold, primary, small,
    theme, title,
};
use crate::rules::betting_actions::{Action, ActionKind};
use crate::rules::cards::{Card, CardSet};
use crate::rules::poker::hand::{Hand, HandCommand, Step as HandStep};
use crate::rules::table::Command;
use crate::rules::{Cents, money};
use egui::{Button, RichText, Ui};
use std::collections::{BTreeMap, BTreeSet};

mod showdown;

fn send(cmds: &mut Vec<UiCmd>, c: HandCommand) {
    cmds.push(UiCmd::Rules(Command::Poker(c)));
}

/// Cards being entered for the current step.
#[derive(Debug, Clone, Default)]
pub(super) struct PokerEntry {
    /// Which step these cards belong to; a new step starts empty.
    key: String,
    /// Up cards by seat (Stud deals), or each hand at the showdown.
    hands: BTreeMap<u8, Vec<Card>>,
    board: Vec<Card>,
    conceded: BTreeSet<u8>,
    /// `None`: the board (or the common card); `Some(seat)`: that seat.
    target: Option<u8>,
    /// Seven-card Stud: the dealer opened "Both hole cards turned up" (§ 637a.18(m)).
    exposed: bool,
    /// Spread, no-limit, pot-limit: the bet or raise being keyed, as the round total the seat
    /// bets or raises to, in whole dollars.
    amount: Option<(ActionKind, String)>,
    /// The player announced the amount (§ 637a.8(c),(d)): it binds and the chips are corrected.
    announced: bool,
    /// Betting not tracked: the seats picked for a split pot, while the dealer picks them.
    pub(super) split: Option<BTreeSet<u8>>,
    /// Betting not tracked: the dealer keys the hands shown (a Bad Beat, a dispute).
    pub(super) keying: bool,
}

impl PokerEntry {
    /// The seats conceded at the showdown: each concession moves the keying to the next hand
    /// and relabels the button under the finger, so the tap guard takes it as a new screen.
    pub(super) fn conceded_count(&self) -> usize {
        self.conceded.len()
    }

    /// Betting kept at the table: the hands shown are being keyed instead of the winner
    /// tapped. Each way is its own screen for the tap guard.
    pub(super) fn keying(&self) -> bool {
        self.keying
    }
}

impl DeckhandApp {
    pub(super) fn poker_step(
        &mut self,
        ui: &mut Ui,
        cmds: &mut Vec<UiCmd>,
        step: &HandStep,
        section: &str,
    ) {
        let Some(hand) = self
            .term
            .table()
            .round
            .as_ref()
            .and_then(|r| r.poker.clone())
        else {
            return;
        };
        let key = format!(
            "{}:{:?}",
            self.term.table().round.as_ref().map_or(0, |r| r.number),
            std::mem::discriminant(step)
        ) + &match step {
            HandStep::Deal { label, .. } => label.clone(),
            HandStep::Showdown { .. } | HandStep::Winners { .. } => "showdown".into(),
            HandStep::Street { number, name, .. } => format!("{number}:{name}"),
            // Each action its own: an amount keyed for one seat never carries to the next.
            HandStep::Act { seat, .. } => format!("{seat}:{}", hand.events.len()),
            _ => String::new(),
        };
        if self.view.poker.key != key {
            self.view.poker = PokerEntry {
                key,
                ..Default::default()
            };
        }
        // The game and the section, in small print under each step.
        let cited = format!("{}, {section}", hand.setup.game.name());
        match step {
            HandStep::PostForced { posts, straddle } => {
                self.post_forced(ui, cmds, &cited, posts, straddle)
            }
            HandStep::Deal {
                label,
                seats,
                burn,
                down,
                up,
                board,
                common,
            } => {
                title(ui, label);
                // § 637a.10(h): one card or none left for the common card: the burns go in first.
                if let Some(n) = hand.burns_to_shuffle_in() {
                    body(
                        ui,
                        &format!(
                            "First shuffle the {} into the stub.",
                            super::widgets::count(i64::from(n), "burn card", "burn cards")
                        ),
                    );
                }
                // What the stub holds once this deal is done.
                let per_seat = usize::from(*down) + usize::from(*up);
                let dealt = usize::from(*burn)
                    + if *board > 0 || *common {
                        usize::from(*board) + usize::from(*common)
                    } else {
                        seats.len() * per_seat
                    };
                let after = usize::from(hand.stub).saturating_sub(dealt);
                let stub = super::widgets::count(after as i64, "card stays", "cards stay");
                let text = if *board > 0 {
                    format!("To the board; then {stub} in the stub.")
                } else if *common {
                    format!("One common card; then {stub} in the stub.")
                } else {
                    format!(
                        "To seats {} in this order; then {stub} in the stub.",
                        seats
                            .iter()
                            .map(|s| s.to_string())
                            .collect::<Vec<_>>()
                            .join(", ")
                    )
                };
                body(ui, &text);
                small(ui, &cited);
                let need_up = *up > 0 && hand.procedure.stud.is_some();
                self.void_hands(ui, cmds, &hand, seats);
                if need_up || *common {
                    self.enter_dealt(ui, cmds, &hand, seats, need_up, *common);
                } else if primary(ui, deal_done(&hand, *board, *down)) {
                    send(
                        cmds,
                        HandCommand::Dealt {
                            up: vec![],
                            common: None,
                        },
                    );
                }
            }
            HandStep::Discard { seat, count } => {
                title(ui, &format!("Seat {seat} discards {count}"));
                small(ui, &cited);
                if primary(ui, "Discarded") {
                    send(cmds, HandCommand::Discard { seat: *seat });
                }
            }
            HandStep::Act { seat, options, .. } => {
                self.act_step(ui, cmds, &hand, &cited, seat, options)
            }
            HandStep::Draw { seat, max } => self.draw_step(ui, cmds, &hand, &cited, seat, max),
            HandStep::Showdown { order } => self.enter_showdown(ui, cmds, &hand, order, section),
            HandStep::Winners { seats } if self.view.poker.keying => {
                self.enter_showdown(ui, cmds, &hand, seats, section)
            }
            HandStep::Street {
                name, draw, deal, ..
            } => self.street_step(ui, cmds, &hand, (name, *draw, deal), section),
            HandStep::Winners { seats } => self.winners_step(ui, cmds, &hand, seats, section),
            HandStep::Complete => {}
        }
    }

    /// The blinds, antes and bring-in posted (a straddle offered where the table allows one).
    fn post_forced(
        &mut self,
        ui: &mut Ui,
        cmds: &mut Vec<UiCmd>,
        cited: &str,
        posts: &[(u8, String, Cents)],
        straddle: &Option<(u8, Cents)>,
    ) {
        let blinds_only = posts.iter().all(|(_, what, _)| what == "blind");
        title(
            ui,
            if blinds_only {
                "Post the blinds"
            } else {
                "Collect the forced bets"
            },
        );
        let mut blind = 0;
        for (seat, what, amount) in posts {
            let line = if what == "blind" {
                blind += 1;
                format!(
                    "Seat {seat} posts the {} blind: {}",
                    super::ordinal(blind - 1),
                    money(*amount)
                )
            } else {
                format!("Seat {seat}: {what} {}", money(*amount))
            };
            body(ui, &line);
        }
        small(ui, cited);
        if let Some((s, a)) = straddle
            && choice(ui, &format!("Seat {s} straddles {}", money(*a)))
        {
            send(cmds, HandCommand::Posted { straddle: true });
        }
        if primary(
            ui,
            if blinds_only {
                "Blinds posted"
            } else {
                "Forced bets in"
            },
        ) {
            send(cmds, HandCommand::Posted { straddle: false });
        }
    }

    /// A seat's action: the options the rules allow now, an amount keyed where the limit takes one.
    fn act_step(
        &mut self,
        ui: &mut Ui,
        cmds: &mut Vec<UiCmd>,
        hand: &Hand,
        cited: &str,
        seat: &u8,
        options: &[Action],
    ) {
        title(ui, &format!("Seat {seat} to act"));
        let pot: i64 = hand.players.iter().map(|p| p.put_in).sum();
        let owed = options.iter().find_map(|o| match o {
            Action::Call { amount } => Some(*amount),
            _ => None,
        });
        body(
            ui,
            &format!(
                "{}Pot {}. {}",
                street_name(hand).map_or(String::new(), |s| format!("{s} betting. ")),
                money(pot),
                owed.map_or("No bet to call.".to_string(), |a| format!(
                    "{} to call.",
                    money(a)
                ))
            ),
        );
        small(ui, cited);
        // § 637a.18(m)(1): a third hole card turned up in the deal.
        if hand.may_stop_betting(*seat)
            && choice(
                ui,
                "Third hole card was turned up: stop betting, play for the pot so far",
            )
        {
            send(cmds, HandCommand::StopBetting { seat: *seat });
        }
        // Fold last, as in the house-banked games' decisions: never under the finger that
        // just tapped the previous step's button at the left.
        let mut ordered: Vec<_> = options.iter().collect();
        ordered.sort_by_key(|o| o.kind() == ActionKind::Fold);
        let keyed = hand.setup.structure.keyed();
        if keyed && self.view.poker.amount.is_some() {
            self.key_amount(ui, cmds, hand, *seat);
            return;
        }
        if let Some(r) = hand.bet_range(*seat).filter(|_| keyed) {
            // What the posted structure allows this seat, before the dealer keys.
            small(
                ui,
                &match r.closed {
                    Some(why) => why.to_string(),
                    // All the seat has is short of a full raise: say so, not a range.
                    None if r.min == r.max && r.min < r.full => format!(
                        "{}: all-in for {} only, short of a full {} to {} (it does not reopen the betting).",
                        super::widgets::capital(hand.setup.structure.name()),
                        money(r.current + r.min),
                        if r.current == 0 { "bet" } else { "raise" },
                        money(r.current + r.full)
                    ),
                    None => format!(
                        "{}: {} {} at least, {} at most. Stakes {}.",
                        super::widgets::capital(hand.setup.structure.name()),
                        if r.current == 0 { "bet" } else { "raise to" },
                        money(r.current + r.min),
                        money(r.current + r.max),
                        money(
                            hand.players
                                .iter()
                                .find(|p| p.seat == *seat)
                                .map_or(0, |p| p.stack)
                        )
                    ),
                },
            );
        }
        // Every game's buttons in the same places: call or check, bet or raise, fold. A
        // seat that may not raise keeps the slot, greyed, so Fold never moves into it.
        let raise_slot = ordered
            .iter()
            .any(|o| matches!(o.kind(), ActionKind::Bet | ActionKind::Raise));
        ui.horizontal_wrapped(|ui| {
            for o in ordered {
                if !raise_slot && o.kind() == ActionKind::Fold {
                    ui.add_enabled(
                        false,
                        Button::new(RichText::new("No raise").size(theme::BODY + 2.0))
                            .min_size(theme::ACTION_SIZE),
                    );
                }
                let (mut label, kind) = super::action_label(o);
                // A call that takes everything the seat has says so.
                if let Action::Call { amount } = o
                    && hand
                        .players
                        .iter()
                        .any(|p| p.seat == *seat && p.stack == *amount)
                {
                    label.push_str(" · all-in");
                }
                use ActionKind as K;
                let opens_keypad = keyed && matches!(kind, K::Bet | K::Raise);
                if opens_keypad {
                    label = if kind == K::Bet { "Bet…" } else { "Raise…" }.into();
                }
                let mut b = Button::new(RichText::new(label).size(theme::BODY + 2.0))
                    .min_size(theme::ACTION_SIZE);
                if kind == K::Fold {
                    b = b.fill(theme::DANGER_BG);
                }
                if ui.add(b).clicked() {
                    if opens_keypad {
                        self.view.poker.amount = Some((kind, String::new()));
                    } else {
                        send(
                            cmds,
                            HandCommand::Act {
                                seat: *seat,
                                kind,
                                amount: None,
                            },
                        );
                    }
                }
            }
        });
    }

    /// A seat's draw: how many cards, the stub and the discards as the text says (§ 637a.13(g)).
    fn draw_step(
        &mut self,
        ui: &mut Ui,
        cmds: &mut Vec<UiCmd>,
        hand: &Hand,
        cited: &str,
        seat: &u8,
        max: &u8,
    ) {
        title(ui, &format!("Seat {seat} draws"));
        let before = hand.draw_preparation();
        let first = match (before.discards_shuffled, before.burn) {
            (true, _) => {
                "The stub ran out: shuffle the discards into a new stub, then burn one card. "
            }
            (false, true) => "Burn one card first. ",
            _ => "",
        };
        body(
            ui,
            &format!(
                "{first}Take seat {seat}'s discards face down, then deal as many from the stub ({} left).",
                hand.stub
            ),
        );
        // § 637a.13(g)(2): too few in the stub, the discards but this player's own.
        if *max > hand.stub {
            body(
                ui,
                &format!(
                    "For more than {}: shuffle the discards, not seat {seat}'s own, into the stub first.",
                    hand.stub
                ),
            );
        }
        small(ui, cited);
        ui.horizontal_wrapped(|ui| {
            for n in 0..=*max {
                let label = match n {
                    0 => "Stands pat".to_string(),
                    n if n > hand.stub => format!(
                        "{}, discards shuffled in",
                        super::widgets::count(i64::from(n), "card", "cards")
                    ),
                    1 => "1 card".to_string(),
                    n => format!("{n} cards"),
                };
                if choice(ui, &label) {
                    send(
                        cmds,
                        HandCommand::Draw {
                            seat: *seat,
                            count: n,
                        },
                    );
                }
            }
        });
    }
    /// Spread, no-limit, pot-limit: the dealer keys the round total the seat bets or raises to,
    /// with the least, the pot and all-in a tap away; the range is the rules' (§ 637a.8(k)).
    fn key_amount(&mut self, ui: &mut Ui, cmds: &mut Vec<UiCmd>, hand: &Hand, seat: u8) {
        let Some((kind, mut text)) = self.view.poker.amount.clone() else {
            return;
        };
        let Some(range) = hand.keyed_range(seat) else {
            return;
        };
        let verb = if kind == ActionKind::Bet {
            "Bet"
        } else {
            "Raise to"
        };
        ui.label(
            RichText::new(format!(
                "{verb} {}",
                if text.is_empty() {
                    "$…".to_string()
                } else {
                    format!("${text}")
                }
            ))
            .size(theme::TITLE),
        );
        small(ui, &range_words(hand, seat, &range));
        let quick = quick_amounts(&range);
        let mut send_to: Option<crate::rules::Cents> = None;
        // Keypad, the quick amounts, then the confirmation with Announced and Back: three
        // columns no taller than the keypad, so nothing falls below a 768-pixel screen.
        let size = egui::vec2(170.0, 64.0);
        ui.horizontal_top(|ui| {
            if super::keypad::keypad(ui, &mut text, 7) {
                self.view.poker.amount = Some((kind, text.clone()));
            }
            ui.add_space(theme::GAP);
            ui.vertical(|ui| {
                for (label, to) in &quick {
                    if ui
                        .add_sized(size, Button::new(RichText::new(label).size(theme::BODY)))
                        .clicked()
                    {
                        send_to = Some(*to);
                    }
                }
            });
            ui.add_space(theme::GAP);
            ui.vertical(|ui| {
                if let Some(to) = self.amount_confirm(ui, size, verb, &text) {
                    send_to = Some(to);
                }
            });
        });
        if let Some(to) = send_to {
            // The rules take the bet, or the raise above the call: the total less the bet faced.
            let amount = Some(to - range.current);
            cmds.push(UiCmd::Rules(Command::Poker(if self.view.poker.announced {
                HandCommand::Announce { seat, kind, amount }
            } else {
                HandCommand::Act { seat, kind, amount }
            })));
        }
    }

    /// The keyed amount's confirmation, Announced and Back: the total confirmed, if tapped.
    fn amount_confirm(
        &mut self,
        ui: &mut Ui,
        size: egui::Vec2,
        verb: &str,
        text: &str,
    ) -> Option<crate::rules::Cents> {
        let mut send_to = None;
        let keyed: Option<crate::rules::Cents> = text
            .parse::<crate::rules::Cents>()
            .ok()
            .and_then(|d| d.checked_mul(100));
        let label = match keyed {
            Some(to) => format!("{verb} {}", money(to)),
            None => format!("{verb} …"),
        };
        if ui
            .add_enabled_ui(keyed.is_some(), |ui| {
                ui.add_sized(size, gold(label, theme::BODY))
            })
            .inner
            .clicked()
        {
            send_to = keyed;
        }
        let announced = self.view.poker.announced;
        if ui
            .add_sized(
                size,
                Button::new(RichText::new("Announced").size(theme::BODY)).selected(announced),
            )
            .on_hover_text("The player announced the amount: it binds, and chips placed that differ are corrected to it (§ 637a.8(c),(d))")
            .clicked()
        {
            self.view.poker.announced = !announced;
        }
        if ui
            .add_sized(size, Button::new(RichText::new("Back").size(theme::BODY)))
            .clicked()
        {
            self.view.poker.amount = None;
        }
        send_to
    }

    /// Stud: each seat's new up card, or the common card.
    /// § 637a.18(m): in Seven-card Stud's first deal, a player whose two hole cards were turned
    /// up has the hand voided and the ante returned.
    fn void_hands(&mut self, ui: &mut Ui, cmds: &mut Vec<UiCmd>, hand: &Hand, seats: &[u8]) {
        let voidable: Vec<u8> = seats
            .iter()
            .copied()
            .filter(|s| hand.may_void(*s))
            .collect();
        if voidable.is_empty() {
            return;
        }
        let e = &mut self.view.poker;
        ui.horizontal_wrapped(|ui| {
            let b = Button::new(RichText::new("Both hole cards turned up?").size(theme::BODY))
                .selected(e.exposed)
                .min_size(theme::ACTION_SIZE);
            if ui.add(b).clicked() {
                e.exposed = !e.exposed;
            }
            if !e.exposed {
                return;
            }
            for s in voidable {
                if choice(ui, &format!("Void seat {s}'s hand, return the ante")) {
                    e.hands.remove(&s);
                    e.exposed = false;
                    e.target = None;
                    cmds.push(UiCmd::Rules(Command::Poker(HandCommand::VoidHand {
                        seat: s,
                    })));
                }
            }
        });
        if e.exposed {
            small(
                ui,
                "Collect the two cards: the hand is void (§ 637a.18(m)). One hole card turned up: deal the third card face down and key the card that shows.",
            );
        }
    }

    fn enter_dealt(
        &mut self,
        ui: &mut Ui,
        cmds: &mut Vec<UiCmd>,
        hand: &Hand,
        seats: &[u8],
        need_up: bool,
        common: bool,
    ) {
        let e = &mut self.view.poker;
        if e.target.is_none() && need_up && e.hands.is_empty() {
            e.target = seats.first().copied();
        }
        ui.horizontal_wrapped(|ui| {
            if common {
                let b = Button::new(format!("Common card {}", cards_text(&e.board)))
                    .selected(e.target.is_none())
                    .min_size(theme::SEAT_SIZE);
                if ui.add(b).clicked() {
                    e.target = None;
                }
            }
            if need_up {
                for s in seats {
                    let c = e.hands.get(s).cloned().unwrap_or_default();
                    let b = Button::new(format!("Seat {s} {}", cards_text(&c)))
                        .selected(e.target == Some(*s))
                        .min_size(theme::SEAT_SIZE);
                    if ui.add(b).clicked() {
                        e.target = Some(*s);
                        e.hands.remove(s);
                    }
                }
            }
        });
        let mut used = CardSet::default();
        for c in hand
            .players
            .iter()
            .flat_map(|p| p.up.iter())
            .chain(hand.common.iter())
            .chain(e.hands.values().flatten())
            .chain(e.board.iter())
        {
            used.insert(*c);
        }
        if let Some(c) = card_grid(ui, "poker-deal-grid", &used) {
            match e.target {
                None => e.board = vec![c],
                Some(s) => {
                    e.hands.insert(s, vec![c]);
                }
            }
            // The next seat still without its card.
            e.target = if need_up {
                seats.iter().copied().find(|s| !e.hands.contains_key(s))
            } else {
                None
            };
        }
        let ready = (!need_up || seats.iter().all(|s| e.hands.contains_key(s)))
            && (!common || !e.board.is_empty());
        if ready && primary(ui, "Dealt") {
            let up = e
                .hands
                .iter()
                .filter_map(|(s, c)| c.first().map(|c| (*s, *c)))
                .collect();
            cmds.push(UiCmd::Rules(Command::Poker(HandCommand::Dealt {
                up,
                common: e.board.first().copied(),
            })));
        }
    }
}

/// The button that confirms a deal, named for what was dealt: the players' first cards, a
/// street of the board, or any other card.
fn deal_done(hand: &Hand, board: u8, down: u8) -> &'static str {
    let first_deal = hand.players.iter().all(|p| p.cards == 0);
    match (board, hand.board) {
        (3, _) => "Flop dealt",
        (1, 3) => "Turn dealt",
        (1, _) => "River dealt",
        _ if down > 0 && first_deal => "Cards dealt",
        _ => "Dealt",
    }
}

/// A board game's betting round by the community cards out: pre-flop, flop, turn, river.
fn street_name(hand: &Hand) -> Option<&'static str> {
    let board_game = hand
        .procedure
        .phases
        .iter()
        .any(|p| matches!(p, crate::rules::poker::procedure::Phase::Board { .. }));
    board_game.then_some(match hand.board {
        0 => "Pre-flop",
        3 => "Flop",
        4 => "Turn",
        _ => "River",
    })
}

/// The least and most the seat may key, or the short all-in it is limited to (§ 637a.8(k)).
fn range_words(hand: &Hand, seat: u8, r: &crate::rules::poker::hand::KeyedRange) -> String {
    match r.short_of {
        Some(full) => format!(
            "{}: all-in for {} only, short of a full raise to {} (§ 637a.8(k)); it does not reopen the betting.",
            super::widgets::capital(hand.setup.structure.name()),
            money(r.least),
            money(full)
        ),
        None => format!(
            "{}: {} at least, {} at most (§ 637a.8(k)); seat {seat} has {} in stakes.",
            super::widgets::capital(hand.setup.structure.name()),
            money(r.least),
            money(r.most),
            money(r.stack)
        ),
    }
}

/// The quick amounts beside the keypad: the least (or all-in), a pot-sized one, the most.
fn quick_amounts(r: &crate::rules::poker::hand::KeyedRange) -> Vec<(String, crate::rules::Cents)> {
    let (lo, hi) = (r.least, r.most);
    let mut quick = vec![(
        if lo == r.all_in {
            format!("All-in {}", money(lo))
        } else {
            format!("Least {}", money(lo))
        },
        lo,
    )];
    if let Some(p) = r.pot.filter(|p| *p > lo && *p < hi) {
        quick.push((format!("Pot {}", money(p)), p));
    }
    if hi > lo {
        let label = if hi == r.all_in {
            format!("All-in {}", money(hi))
        } else if r.pot == Some(hi) {
            format!("Pot {}", money(hi))
        } else {
            format!("Most {}", money(hi))
        };
        quick.push((label, hi));
    }
    quick
}
