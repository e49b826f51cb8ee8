//! Lunar Poker's own steps on the dealer's screen (§ 589.11): the Options fee that buys a
//! sixth card or an exchange, the forced dealer's replacement card, and the lock-in, its
//! declared hands keyed and settled before any other card is dealt.

use super::{BankedEntry, Target, send, settlement_lines};
use crate::rules::banked::Signer;
use crate::rules::banked::lunar::lunar_steps::LunarCommand;
use crate::rules::banked::round::{BankedRound, DrawKind};
use crate::rules::cards::Card;
use crate::rules::money;
use crate::ui::{
    DeckhandApp, UiCmd, body, body_colour, card_grid, cards_text, choice, primary, small, theme,
    title,
};
use egui::{Button, RichText, Ui};

impl DeckhandApp {
    /// Lunar Poker's forced dealer: the replacement card keyed as it is dealt.
    pub(super) fn replacement_step(
        &mut self,
        ui: &mut Ui,
        cmds: &mut Vec<UiCmd>,
        r: &BankedRound,
        phase: usize,
    ) {
        let def = r.def();
        // Lunar Poker's forced dealer: the replacement card is keyed as it is dealt.
        title(ui, def.phases[phase].then);
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
            send(cmds, LunarCommand::Replacement { card }.into());
        }
        small(ui, def.sections.decisions);
    }

    /// Lunar Poker's lock-in (§ 589.11(c)): keyed, then settled in order and paid.
    pub(super) fn lock_in_step(&mut self, ui: &mut Ui, cmds: &mut Vec<UiCmd>, r: &BankedRound) {
        match &r.lunar().lock_in {
            None => self.lock_in(ui, cmds, r),
            Some(settled) => {
                title(ui, "Settle the lock-in in this order");
                // Above the table's thresholds the payouts are signed before they are paid,
                // as the round's own settlement is (the rules say who signs). The pad names
                // what is signed for: it covers the lines' ends on the screen.
                let house = self.term.table().house();
                let checked = house.map_or(String::new(), |h| {
                    let seats = h.approvals.seats_to_check(settled);
                    super::settle::checked_words(&super::settle::validation_lines(
                        r, settled, &seats,
                    ))
                });
                match r.lock_in_signer(house) {
                    Signer::Supervisor => {
                        if primary(ui, "Supervisor approves") {
                            cmds.push(UiCmd::OpenVerify(format!(
                                "Approve the lock-in's payouts: above the table's supervisor threshold (§ 589.11(c)){checked}"
                            )));
                        }
                    }
                    Signer::Floorperson => {
                        if primary(ui, "Floorperson validates") {
                            cmds.push(UiCmd::OpenVerify(format!(
                                "Validate the lock-in's payouts before they are paid (§ 589.11(c)){checked}"
                            )));
                        }
                    }
                    Signer::None => {
                        if primary(ui, "Lock-in paid") {
                            send(cmds, LunarCommand::LockInPaid.into());
                        }
                    }
                }
                settlement_lines(ui, settled, |_| None);
                for n in &settled.notes {
                    small(ui, &crate::ui::widgets::dealer_note(n));
                }
                // What follows the payment, before the draw's decisions (§ 589.11(c),(d)(2)):
                // after the lines paid (the walk of issue 43 read "Then collect …" above them).
                let then = after_the_lock_in(r);
                if !then.is_empty() {
                    body(ui, &then);
                }
                small(ui, "§ 589.11(c), § 589.11(d)(2)");
            }
        }
    }

    /// Lunar Poker's lock-in (§ 589.11(c)): the declared hands turned face up and keyed, then
    /// their instant payouts and every Super Wager settled before any other card is dealt.
    fn lock_in(&mut self, ui: &mut Ui, cmds: &mut Vec<UiCmd>, r: &BankedRound) {
        title(ui, "All decisions are locked in");
        let declared: Vec<u8> = r.lunar().declared.iter().copied().collect();
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
        // The rules settle the declared hands and the Super Wagers from these cards; the
        // settlement is shown for paying on the next screen. The button stands greyed until
        // every declared hand is keyed, where it will be.
        let keyed = !declared.iter().any(|s| short(e, *s));
        if crate::ui::widgets::primary_when(ui, keyed, "Settle the lock-in") {
            let cards: Vec<(u8, Vec<Card>)> = declared
                .iter()
                .map(|s| (*s, e.cards.get(s).cloned().unwrap_or_default()))
                .collect();
            send(cmds, LunarCommand::LockIn { cards }.into());
        }
        small(ui, "§ 589.11(c)");
    }
}

/// What the dealer does once the lock-in is paid: collect the folded Antes and the Options
/// fees, and deal each draw, seat by seat (§ 589.11(c), § 589.11(d)(2)(i)); empty when
/// nothing is.
fn after_the_lock_in(r: &BankedRound) -> String {
    let draws: Vec<String> = r
        .lunar()
        .draws
        .iter()
        .map(|(seat, kind)| match kind {
            DrawKind::Buy => format!("seat {seat} its sixth card"),
            DrawKind::Exchange => format!("seat {seat} a card for each card it gives up"),
        })
        .collect();
    let mut collect = Vec::new();
    if !r.folded.is_empty() {
        collect.push("the folded Antes");
    }
    if !draws.is_empty() {
        collect.push("the Options fees");
    }
    let mut then = Vec::new();
    if !collect.is_empty() {
        then.push(format!("collect {}", collect.join(" and ")));
    }
    if !draws.is_empty() {
        then.push(format!("deal {}", draws.join(", ")));
    }
    match then.is_empty() {
        true => String::new(),
        false => format!("Then {}.", then.join(", and ")),
    }
}

/// Lunar Poker's other choices at the first decision (§ 589.11(b)): an Options fee equal to the
/// Ante to buy a sixth card or exchange two to five, the royal or straight flush declared for
/// its instant payout, and the Super Wager's declaration (§ 589.11(c)(2)(ii)).
pub(super) fn lunar_options(ui: &mut Ui, cmds: &mut Vec<UiCmd>, r: &BankedRound, seat: u8) {
    // The round's answer (`lunar_options`): what this seat may do besides the Bet.
    let Some(options) = r.lunar_options(seat) else {
        return;
    };
    let fee = money(options.fee);
    ui.horizontal_wrapped(|ui| {
        if choice(ui, &format!("Buy a sixth card · fee {fee}")) {
            send(
                cmds,
                LunarCommand::Draw {
                    seat,
                    kind: DrawKind::Buy,
                }
                .into(),
            );
        }
        if choice(ui, &format!("Exchange 2 to 5 cards · fee {fee}")) {
            send(
                cmds,
                LunarCommand::Draw {
                    seat,
                    kind: DrawKind::Exchange,
                }
                .into(),
            );
        }
        if choice(ui, "Royal or straight flush: declared") {
            send(
                cmds,
                LunarCommand::Declare {
                    seat,
                    instant: true,
                }
                .into(),
            );
        }
    });
    if let Some(on) = options.super_declared {
        let b =
            Button::new(RichText::new("Declared for the Super: cards face up").size(theme::BODY))
                .selected(on)
                .min_size(theme::ACTION_SIZE);
        if ui.add(b).clicked() {
            send(
                cmds,
                LunarCommand::Declare {
                    seat,
                    instant: false,
                }
                .into(),
            );
        }
    }
}
