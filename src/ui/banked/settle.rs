//! The end of a house-banked round on the dealer's screen: the cards keyed (or the results
//! tapped) for settlement, then the settlement in the dealer's order, the signature a payout
//! needs, and "Paid".

use super::{Target, send, settlement_lines};
use crate::rules::banked::round::{BankedCommand, BankedRound, DrawKind};
use crate::rules::money;
use crate::ui::{
    DeckhandApp, UiCmd, body, body_colour, card_grid, cards_text, primary, primary_when, small,
    theme, title,
};
use egui::{Button, RichText, Ui};

impl DeckhandApp {
    /// The cards keyed (or the results tapped) for settlement.
    pub(super) fn cards_step(
        &mut self,
        ui: &mut Ui,
        cmds: &mut Vec<UiCmd>,
        r: &BankedRound,
        number: u32,
    ) {
        let def = r.def();
        // No device read the hands: the dealer taps their results where the game
        // allows it (and keys the cards of a hand a bonus pays on).
        // Once the dealer has tapped a result, the screen stays (a late report of the
        // shoe never changes it under the finger).
        if r.void.is_none()
            && self.results_offered(r)
            && (self.term.hands_read().is_empty() || self.view.banked.tapped.started())
            && let Some(results) = r.results_allowed()
            && self.results_step(ui, cmds, r, results)
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
        e.restore(r);
        e.fill_read(number, read);
        e.follow(r);
        e.place_buttons(ui, r);
        // An exchange: tap the cards given up among the seat's five, then the new ones. One
        // row, its height kept whenever the round has an exchange, so the grid below never
        // moves under the finger (the place button above names the seat).
        let exchanges = r.lunar().draws.values().any(|k| *k == DrawKind::Exchange);
        let row = egui::vec2(ui.available_width(), theme::TARGET);
        if let Target::Draw(s) = e.target
            && r.draw(s) == Some(DrawKind::Exchange)
        {
            ui.allocate_ui_with_layout(
                row,
                egui::Layout::left_to_right(egui::Align::Center),
                |ui| {
                    for c in e.cards.get(&s).cloned().unwrap_or_default() {
                        let gave = e.gave.entry(s).or_default();
                        let on = gave.contains(&c);
                        let b = Button::new(
                            RichText::new(format!("Gives up {}", c.pretty()))
                                .size(theme::BODY - 4.0),
                        )
                        .selected(on)
                        .min_size(egui::vec2(100.0, theme::TARGET));
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
                },
            );
        } else if exchanges {
            ui.allocate_space(row);
        }
        let used = e.used();
        if let Some(c) = card_grid(ui, "banked-cards", &used) {
            e.key(r, c);
        }
        ui.horizontal(|ui| {
            // Settle stands in its place from the first card, greyed until the last:
            // it never appears where another button was.
            if primary_when(ui, e.complete(r), "Settle") {
                send(
                    cmds,
                    BankedCommand::Cards {
                        seats: e.cards.clone().into_iter().collect(),
                        dealer: e.dealer.clone(),
                        community: e.community.clone(),
                        own: e.own_keyed(r),
                        // The terminal fills in the controller's meters.
                        meters: Default::default(),
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

    /// The settlement in the dealer's order, the signature it needs, then "Paid".
    pub(super) fn pay_step(
        &mut self,
        ui: &mut Ui,
        cmds: &mut Vec<UiCmd>,
        r: &BankedRound,
        number: u32,
        verify: bool,
        section: &str,
    ) {
        let def = r.def();
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
        let approvals = self
            .term
            .table()
            .setup
            .as_ref()
            .and_then(|s| s.poker.house.as_ref())
            .map(|h| h.approvals)
            .unwrap_or_default();
        let to_validate = if verify {
            validation_lines(r, &s, &approvals.seats_to_check(&s))
        } else {
            Vec::new()
        };
        ui.horizontal_wrapped(|ui| {
            let what = checked_words(&to_validate);
            if verify && s.signer == crate::rules::banked::Signer::Supervisor {
                // Above the table's supervisor threshold (`[table]
                // supervisor_over_cents`).
                if primary(ui, "Supervisor approves") {
                    cmds.push(UiCmd::OpenVerify(format!(
                        "Approve the payouts of round {number}: above the table's supervisor threshold{what}"
                    )));
                }
            } else if verify {
                if primary(ui, "Floorperson validates") {
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
        crate::ui::theme::scroll_vertical()
            .id_salt("settlement-lines")
            .auto_shrink([false, true])
            .max_height((ui.available_height() - theme::GAP).max(120.0))
            .show(ui, |ui| {
                settlement_detail(ui, r, &s, &hits, section);
            });
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
    // The dealer's hand as the settlement read it, with the cards it holds: the players and
    // the floor see what every wager was settled against (Spanish 21's final total included).
    if let Some(hand) = &s.dealer {
        let cards = if r.dealer.is_empty() {
            String::new()
        } else {
            format!("{} · ", crate::ui::widgets::cards_text(&r.dealer))
        };
        body(ui, &format!("Dealer's hand: {cards}{hand}"));
    }
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
        small(ui, &crate::ui::widgets::dealer_note(n));
    }
    small(ui, r.void.as_ref().map_or(section, |v| &v.section));
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

/// The payouts a signature covers, seat by seat: "Validate seat 1: wins $1,600.00 · Four of a
/// kind · 9♠ 9♥ · board 9♦ 9♣ 2♠" (a payout the regulation has validated, or above the table's
/// threshold: the rules' `Approvals::seats_to_check`).
/// What the signer checks, for the signing pad (which may cover the lines on the screen):
/// ": seat 5: wins $5,750.00 · straight flush · 9♥ 8♥ 7♥ 6♥ 5♥"; empty with nothing to check.
pub(super) fn checked_words(lines: &[String]) -> String {
    if lines.is_empty() {
        return String::new();
    }
    let seats: Vec<&str> = lines
        .iter()
        .map(|l| l.trim_start_matches("Validate "))
        .collect();
    format!(": {}", seats.join("; "))
}

/// The seats the signer checks on `s` under the table's `approvals`, each as a line.
pub(super) fn validation_lines(
    r: &BankedRound,
    s: &crate::rules::banked::Settlement,
    seats: &[(u8, crate::rules::Cents)],
) -> Vec<String> {
    let mut out = Vec::new();
    for &(seat, net) in seats {
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
