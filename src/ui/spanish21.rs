//! The dealer's screen for a Spanish 21 round (`rules::banked::spanish21::play21`): the deal keyed as it
//! comes out of the shoe, Match-the-Dealer, insurance on an ace, the card reader, each hand's
//! decisions with the card grid as "draw", and the dealer's hand to 17. Tapping the card dealt
//! is the draw: one tap per card.

use super::banked::Target;
use super::{
    DeckhandApp, UiCmd, body, body_colour, card_grid, cards_text, choice, choice_when, primary,
    primary_when, small, theme, title,
};
use crate::rules::banked::round::BankedRound;
use crate::rules::banked::spanish21::play21::{Command21, Hand21, Play21, Step21};
use crate::rules::cards::{Card, CardSet, Rank, Suit};
use crate::rules::money;
use crate::rules::spanish21_totals::total;
use crate::rules::table::Command;
use egui::Ui;

fn send(cmds: &mut Vec<UiCmd>, c: Command21) {
    cmds.push(UiCmd::Rules(Command::Banked(c.into())));
}

/// The 10s are not in a Spanish deck (§ 635a.3(a)): their keys stay off.
fn no_tens() -> CardSet {
    let mut s = CardSet::default();
    for suit in [Suit::Spades, Suit::Hearts, Suit::Diamonds, Suit::Clubs] {
        s.insert(Card::new(Rank::TEN, suit));
    }
    s
}

/// "A♠ 7♦ · soft 18".
pub(super) fn hand_text(cards: &[Card], split: bool) -> String {
    match total(cards, split) {
        Ok(t) if t.blackjack => format!("{} · Blackjack", cards_text(cards)),
        Ok(t) if t.bust => format!("{} · {} bust", cards_text(cards), t.total),
        Ok(t) if t.soft => format!("{} · soft {}", cards_text(cards), t.total),
        Ok(t) => format!("{} · {}", cards_text(cards), t.total),
        Err(_) => cards_text(cards),
    }
}

/// A hand as played: its cards and total, and whether it was doubled or rescued (a rescue takes
/// the Double Down Wager back and forfeits the original, § 635a.10(d): no longer doubled).
pub(super) fn played_hand_text(h: &Hand21, split: bool) -> String {
    let mut text = hand_text(&h.cards, split);
    if h.rescue {
        text.push_str(" (rescued)");
    } else if h.double > 0 {
        text.push_str(&format!(" (doubled {})", money(h.double)));
    }
    text
}

/// The hand played just before `seat`'s hand `hand` (before the dealer's, with `None`) where a
/// card drawn ended it (21, a bust, a double down card): the screen moves on with that card,
/// so the next step says what the hand came to ("Last hand: seat 2: 9♠ 5♦ 7♣ · 21").
fn hand_before(p: &Play21, at: Option<(u8, usize)>) -> Option<String> {
    let played: Vec<(u8, usize, &Hand21, bool)> = p
        .hands
        .iter()
        .flat_map(|(s, hs)| {
            let split = hs.len() > 1;
            hs.iter().enumerate().map(move |(i, h)| (*s, i, h, split))
        })
        .collect();
    let here = match at {
        Some(a) => played.iter().position(|(s, i, ..)| (*s, *i) == a)?,
        None => played.len(),
    };
    let (seat, i, h, split) = played.get(here.checked_sub(1)?)?;
    if h.cards.len() < 3 {
        return None;
    }
    let which = if *split {
        format!("seat {seat} hand {}", i + 1)
    } else {
        format!("seat {seat}")
    };
    Some(format!(
        "Last hand: {which}: {}",
        played_hand_text(h, *split)
    ))
}

/// What every Spanish 21 step reads: the round, its play, the dealer's up card, the casino's
/// choices and the step.
struct Step21Screen<'a> {
    r: &'a BankedRound,
    p: &'a Play21,
    up: Option<Card>,
    choices: &'a crate::rules::banked::spanish21::Rules,
    at: &'a Step21,
}

impl DeckhandApp {
    pub(super) fn play21(
        &mut self,
        ui: &mut Ui,
        cmds: &mut Vec<UiCmd>,
        r: &BankedRound,
        at: &Step21,
    ) {
        let Some(p) = r.spanish21().cloned() else {
            return;
        };
        let up = r.dealer.first().copied();
        let choices = self
            .house_rules()
            .of::<crate::rules::banked::spanish21::Rules>();
        if p.cover_card {
            let at = match p.cover_at {
                Some(seat) => format!("on seat {seat}'s betting area"),
                None => "on the dealer's hand".into(),
            };
            body_colour(
                ui,
                &format!(
                    "Cover card out ({at}): finish this round, then the shoe is reshuffled (§ 635a.7(d))"
                ),
                theme::WARN,
            );
        }
        let s = Step21Screen {
            r,
            p: &p,
            up,
            choices: &choices,
            at,
        };
        match at {
            Step21::Deal => self.deal21(ui, cmds, &s),
            Step21::MatchTheDealer => self.match_the_dealer(ui, cmds, &s),
            Step21::Insurance { seat } => self.insurance21(ui, cmds, &s, seat),
            Step21::Reader => self.reader21(ui, cmds),
            // § 635a.7(h)(1)(i): a Blackjack against a 2 to 9 up is paid in its turn.
            Step21::PayBlackjack { seat } => self.pay_blackjack(ui, cmds, &s, seat),
            // § 635a.8(d): no Blackjack: the insurance loses, collected before any draw.
            Step21::CollectInsurance => self.collect_insurance(ui, cmds, &s),
            Step21::Hand { seat, hand } => self.hand21(ui, cmds, &s, seat, hand),
            Step21::LateCard { seat } => self.late_card(ui, cmds, &s, seat),
            Step21::Dealer => self.dealer21(ui, cmds, &s),
        }
    }

    /// The deal: keyed card by card as it comes out of the shoe, or checked against the reading shoe's.
    fn deal21(&mut self, ui: &mut Ui, cmds: &mut Vec<UiCmd>, s: &Step21Screen) {
        let Step21Screen { r, .. } = s;
        let drawn = self.term.deal_drawn().filter(|_| self.term.reads_draws());
        let whole = drawn.is_some_and(|(out, of)| out == of);
        title(
            ui,
            if whole {
                "Check the deal against the shoe's reading"
            } else {
                "No more bets: deal"
            },
        );
        let text = match drawn {
            // The reading shoe: the places fill once the whole deal is out.
            Some((out, of)) if out < of => format!(
                "From the shoe, from the box farthest to your left: one card face up to each box, one face up to yourself, a second face up to each box, then your hole card face down. The shoe reads each card: {out} of {of} drawn (§ 635a.7(b), (e))."
            ),
            Some(_) => "Every card is out and read; your hole card stays face down, shown to nobody (§ 635a.7(g)). A card read wrong: tap its place, Clear these cards, and key it as it lies.".into(),
            None => "From the shoe, from the box farthest to your left: one card face up to each box, one face up to yourself, a second face up to each box, then your hole card face down. Key each box's two cards and your up card (§ 635a.7(b), (e)).".into(),
        };
        // A smaller size, so seven boxes, the grid and "Cards dealt" fit 1024×768.
        ui.label(
            egui::RichText::new(text)
                .size(theme::SMALL + 2.0)
                .color(theme::TEXT),
        );
        let read = self.term.deal_read();
        let number = self.term.table().round.as_ref().map_or(0, |r| r.number);
        // While the shoe deals, the deal as it comes out, not a form to key: the grid
        // only if the dealer asks for it (a card drawn unread).
        let drawing =
            drawn.is_some_and(|(out, of)| out < of) && self.view.banked.key21 != Some(Step21::Deal);
        if drawing {
            let (boxes, up) = self.term.deal_as_drawn();
            for (s, cards) in &boxes {
                let shown = if cards.is_empty() {
                    "—".into()
                } else {
                    cards_text(cards)
                };
                body(ui, &format!("Seat {s}: {shown}"));
            }
            let up = up.map_or("—".into(), |c| c.pretty());
            body(
                ui,
                &format!("Your up card: {up}; your hole card stays face down"),
            );
            let b =
                egui::Button::new(egui::RichText::new("Key the cards by hand").size(theme::BODY))
                    .min_size(egui::vec2(220.0, theme::ACTION_SIZE.y));
            if ui.add(b).clicked() {
                self.view.banked.key21 = Some(Step21::Deal);
            }
            return;
        }
        let (boxes, up) = self.term.deal_as_drawn();
        let e = &mut self.view.banked;
        e.fill_drawn(r, boxes, up);
        e.fill_read(number, read);
        e.follow(r);
        e.place_buttons(ui, r);
        if let Some(c) = card_grid(ui, "s21-deal", &no_tens()) {
            e.key(r, c);
        }
        ui.horizontal(|ui| {
            let up = e.dealer.first().copied().filter(|_| e.complete(r));
            if primary_when(ui, up.is_some(), "Cards dealt")
                && let Some(up) = up
            {
                // A dead box is sent with no cards (§ 635a.13(h)).
                let seats = r
                    .seats
                    .iter()
                    .map(|s| {
                        let cards = if e.dead.contains(s) {
                            vec![]
                        } else {
                            e.cards.get(s).cloned().unwrap_or_default()
                        };
                        (*s, cards)
                    })
                    .collect();
                send(
                    cmds,
                    Command21::Dealt {
                        seats,
                        up,
                        read: Vec::new(),
                    },
                );
            }
            e.clear_button(ui);
            // § 635a.13(h): the box selected (like "Clear these cards", this acts on
            // the place selected) received no cards: its hand is dead and its wagers
            // are returned; a second tap takes that back.
            if let Target::Seat(s) = e.target {
                let dead = e.dead.contains(&s);
                let label = if dead { "Has cards" } else { "None dealt" };
                // Compact: beside "Cards dealt" and "Clear these cards" at 1024×768.
                let b = egui::Button::new(egui::RichText::new(label).size(theme::BODY))
                    .min_size(egui::vec2(110.0, theme::ACTION_SIZE.y));
                if ui.add(b).clicked() {
                    if dead {
                        e.dead.remove(&s);
                    } else {
                        e.dead.insert(s);
                        e.cards.remove(&s);
                        e.target = Target::None;
                        e.follow(r);
                    }
                }
            }
        });
    }

    /// Match the Dealer, settled from the dealer's right on the deal.
    fn match_the_dealer(&mut self, ui: &mut Ui, cmds: &mut Vec<UiCmd>, s: &Step21Screen) {
        let Step21Screen { r, up, .. } = s;
        title(ui, "Match the Dealer: settle from your right");
        let Some(up) = up else {
            return;
        };
        let won = self
            .term
            .table()
            .house()
            .map(|h| r.won_on_the_deal(h))
            .unwrap_or_default();
        for s in r.seats.iter().rev() {
            if !r
                .wagers
                .get(s)
                .is_some_and(|w| w.contains_key("match_the_dealer"))
            {
                continue;
            }
            let cards = r.cards.get(s).cloned().unwrap_or_default();
            let matches: Vec<String> = cards
                .iter()
                .filter(|c| c.rank == up.rank)
                .map(|c| c.pretty())
                .collect();
            let line = if matches.is_empty() {
                format!("Seat {s}: no card matches {}: collect", up.pretty())
            } else {
                let pay = won
                    .iter()
                    .find(|w| w.seat == *s && w.match_the_dealer > 0)
                    .map_or("pay (the amount is in the settlement)".to_string(), |w| {
                        format!("pay {}", money(w.match_the_dealer))
                    });
                let verb = if matches.len() > 1 {
                    "match"
                } else {
                    "matches"
                };
                format!(
                    "Seat {s}: {} {verb} {}: {pay}",
                    matches.join(" and "),
                    up.pretty()
                )
            };
            body(ui, &line);
        }
        small(ui, "§ 635a.7(f), § 635a.12(e)");
        if primary(ui, "Match the Dealer settled") {
            send(cmds, Command21::MatchSettled);
        }
    }

    /// Insurance (and even money on a Blackjack) offered on the dealer's ace (§ 635a.8).
    fn insurance21(&mut self, ui: &mut Ui, cmds: &mut Vec<UiCmd>, s: &Step21Screen, seat: &u8) {
        let Step21Screen { r, p, choices, .. } = s;
        // Half the wager, or the next chip unit above half when half cannot be bet in
        // chips (§ 635a.8(b); `insurance_chip_unit_cents`).
        let half = crate::rules::banked::spanish21::max_insurance(
            r.ante(*seat),
            choices.insurance_chip_unit_cents,
        );
        title(ui, &format!("Seat {seat}: insurance?"));
        body(
            ui,
            "The dealer's up card is an ace: offer insurance, up to half the wager (to the next chip where half cannot be bet, § 635a.8(b)).",
        );
        ui.horizontal_wrapped(|ui| {
            if choice(ui, &format!("Insure · {}", money(half))) {
                send(
                    cmds,
                    Command21::Insure {
                        seat: *seat,
                        amount: half,
                    },
                );
            }
            if choice(ui, "No insurance") {
                send(
                    cmds,
                    Command21::Insure {
                        seat: *seat,
                        amount: 0,
                    },
                );
            }
            // § 635a.8(e): only where the Rules Submission selects it.
            if choices.even_money_offered
                && p.blackjack(*seat)
                && choice(ui, &format!("Even money · {}", money(r.ante(*seat))))
            {
                send(cmds, Command21::EvenMoney { seat: *seat });
            }
        });
        if choices.even_money_offered && p.blackjack(*seat) {
            body(
                ui,
                "A Blackjack may take even money instead: pay the Spanish 21 Wager 1 to 1 now and remove the player's cards.",
            );
        }
        small(ui, "§ 635a.8(a), (b), (e)");
    }

    /// The dealer's hole card read in the card reader, or the reader out of use (§ 635a.13(k)).
    fn reader21(&mut self, ui: &mut Ui, cmds: &mut Vec<UiCmd>) {
        // § 635a.13(k): reported broken during this round, the screen says so instead
        // of asking for the hole card in the reader.
        let broken = self.term.table().reader_out;
        if broken {
            crate::ui::banner(ui, "✖ The card reader is out of order");
            title(ui, "Do not use the card reader");
            body(
                ui,
                "The card reader was reported out of order: no more Spanish 21 is dealt at this table until it is repaired or replaced. Call the floorperson for this round; what the reader would have said is keyed only on the floorperson's word.",
            );
        } else {
            title(ui, "Read the hole card");
            body(
                ui,
                "Insert the hole card into the card reader and move it face down without exposing it.",
            );
        }
        ui.horizontal_wrapped(|ui| {
            if choice(ui, "Dealer has Blackjack") {
                send(cmds, Command21::Reader { blackjack: true });
            }
            if choice(ui, "No Blackjack") {
                send(cmds, Command21::Reader { blackjack: false });
            }
        });
        small(
            ui,
            if broken {
                "§ 635a.13(k)"
            } else {
                "§ 635a.7(g)"
            },
        );
    }

    /// A player's Blackjack paid in its turn.
    fn pay_blackjack(&mut self, ui: &mut Ui, cmds: &mut Vec<UiCmd>, s: &Step21Screen, seat: &u8) {
        let Step21Screen { r, .. } = s;
        let up = r.dealer.first().map(|c| c.pretty()).unwrap_or_default();
        title(ui, &format!("Seat {seat} has Blackjack"));
        let won = self
            .term
            .table()
            .house()
            .and_then(|h| r.won_on_the_deal(h).into_iter().find(|w| w.seat == *seat))
            .filter(|w| w.blackjack > 0);
        let pay = won.map_or("pay it now at its posted odds".to_string(), |w| {
            format!("pay {} now at its posted odds", money(w.blackjack))
        });
        body(
            ui,
            &format!(
                "You show {up}: announce the Blackjack and {pay} (§ 635a.12(a)) on the Spanish 21 Wager of {}, then remove the cards.",
                money(r.ante(*seat))
            ),
        );
        if primary(ui, "Blackjack paid") {
            send(cmds, Command21::BlackjackPaid);
        }
        small(ui, "§ 635a.7(h)(1)(i)");
    }

    /// The losing insurance collected.
    fn collect_insurance(&mut self, ui: &mut Ui, cmds: &mut Vec<UiCmd>, s: &Step21Screen) {
        let Step21Screen { p, .. } = s;
        title(ui, "Collect the losing insurance");
        let lines: Vec<String> = p
            .insurance
            .iter()
            .filter(|(_, v)| **v > 0)
            .map(|(s, v)| format!("Seat {s}: {}", money(*v)))
            .collect();
        body(
            ui,
            &format!(
                "The dealer has no Blackjack: collect the Insurance Wagers now, before any card is drawn. {}.",
                lines.join(", ")
            ),
        );
        if primary(ui, "Insurance collected") {
            send(cmds, Command21::InsuranceCollected);
        }
        small(ui, "§ 635a.8(d)");
    }

    /// One hand's decisions, the card grid as "draw" (§ 635a.11).
    fn hand21(
        &mut self,
        ui: &mut Ui,
        cmds: &mut Vec<UiCmd>,
        s: &Step21Screen,
        seat: &u8,
        hand: &usize,
    ) {
        let Step21Screen { r, p, up, at, .. } = s;
        let hands = p.hands.get(seat).cloned().unwrap_or_default();
        let split = hands.len() > 1;
        let h: Hand21 = hands.get(*hand).cloned().unwrap_or_default();
        title(ui, &format!("Seat {seat} decides"));
        if split {
            body_colour(
                ui,
                &format!("Hand {} of {}", hand + 1, hands.len()),
                theme::TEXT_DIM,
            );
        }
        body(ui, &format!("Seat {seat}: {}", hand_text(&h.cards, split)));
        // The hand before on the up card's line: the decisions below never move for it.
        let last = hand_before(p, Some((*seat, *hand)));
        if let Some(up) = up {
            ui.horizontal(|ui| {
                body_colour(
                    ui,
                    &format!("Dealer shows {}", up.pretty()),
                    theme::TEXT_DIM,
                );
                if let Some(last) = &last {
                    body_colour(ui, &format!("· {last}"), theme::TEXT_DIM);
                }
            });
        }
        let wager = r.ante(*seat);
        let from_shoe = self.term.reads_draws();
        if h.cards.len() < 2 {
            body(
                ui,
                if from_shoe {
                    "Deal the split hand's second card from the shoe."
                } else {
                    "Deal the split hand's second card: tap it."
                },
            );
        } else if h.double > 0 && h.cards.len() == 2 {
            body(
                ui,
                if from_shoe {
                    "Deal the double down card sideways from the shoe."
                } else {
                    "Deal the double down card sideways: tap it."
                },
            );
        } else {
            // The decisions the round would take now, and only those (`allows21`):
            // the doubles, splits (as many as the Rules Submission allows, § 635a.11(c)),
            // surrenders and rescues are the rules', not the screen's. Each in its own place,
            // greyed when refused: "Rescue" never comes up under the finger that doubled.
            let offered = [
                (Command21::Stand, "Stand".to_string()),
                (
                    Command21::Double { amount: wager },
                    format!("Double · {}", money(wager)),
                ),
                (Command21::Split, format!("Split · {}", money(wager))),
                (Command21::Surrender, "Surrender".to_string()),
                (Command21::Rescue, "Rescue".to_string()),
            ];
            ui.horizontal_wrapped(|ui| {
                for (cmd, label) in offered {
                    if choice_when(ui, r.allows21(&cmd).is_ok(), &label) {
                        send(cmds, cmd);
                    }
                }
            });
            if h.double == 0 {
                let draw = if from_shoe {
                    "Draw: deal the card from the shoe; it reads it."
                } else {
                    "Draw: tap the card dealt."
                };
                body_colour(ui, draw, theme::TEXT_DIM);
            }
        }
        let may_draw = h.double == 0 || h.cards.len() < 3;
        if may_draw && let Some(c) = self.card_by_hand(ui, at, "s21-hand") {
            send(
                cmds,
                Command21::Card {
                    card: c,
                    read: None,
                },
            );
        }
        small(ui, "§ 635a.7(h)–(j), § 635a.9–635a.11");
    }

    /// A card a seat asked for and was not dealt, dealt now (§ 635a.13(i)).
    fn late_card(&mut self, ui: &mut Ui, cmds: &mut Vec<UiCmd>, s: &Step21Screen, seat: &u8) {
        let Step21Screen { p, at, .. } = s;
        title(ui, &format!("Deal seat {seat} the card it asked for"));
        body(
            ui,
            "Every other player has his cards: deal the missed card face up to this box, before your hole card, and tap it.",
        );
        let h = p
            .hands
            .get(seat)
            .and_then(|h| h.first())
            .cloned()
            .unwrap_or_default();
        body(ui, &format!("Seat {seat}: {}", hand_text(&h.cards, false)));
        if let Some(c) = self.card_by_hand(ui, at, "s21-late") {
            send(
                cmds,
                Command21::Card {
                    card: c,
                    read: None,
                },
            );
        }
        small(ui, "§ 635a.13(i)");
    }

    /// The dealer's hole card turned up, then drawn below 17 (§ 635a.7(k)-(m)).
    fn dealer21(&mut self, ui: &mut Ui, cmds: &mut Vec<UiCmd>, s: &Step21Screen) {
        let Step21Screen { r, p, at, .. } = s;
        let from_shoe = self.term.reads_draws();
        let held = self.term.hole_card_held();
        if r.dealer.len() < 2 {
            title(ui, "Turn up your hole card");
            body(
                ui,
                if held {
                    "Turn it face up: the shoe read it when it was dealt."
                } else if from_shoe {
                    // The walk found "Tap the hole card." above no card to tap: at a reading
                    // shoe the grid waits behind "Key the card by hand".
                    "The shoe has not read the hole card: draw it, or key it by hand."
                } else {
                    "Tap the hole card."
                },
            );
        } else {
            title(ui, "The dealer draws");
            body(
                ui,
                if from_shoe {
                    "Below 17: draw from the shoe; it reads each card."
                } else {
                    "Below 17: draw and tap the card dealt."
                },
            );
        }
        // The last hand on the dealer's line: the buttons below never move for it.
        ui.horizontal(|ui| {
            body(ui, &format!("Dealer: {}", hand_text(&r.dealer, false)));
            if let Some(last) = hand_before(p, None) {
                body_colour(ui, &format!("· {last}"), theme::TEXT_DIM);
            }
        });
        small(ui, "§ 635a.7(k)–(m)");
        if held && primary(ui, "Hole card turned up") {
            cmds.push(UiCmd::HoleCardUp);
        }
        let by_hand = if held {
            None
        } else {
            self.card_by_hand(ui, at, "s21-dealer")
        };
        if let Some(c) = by_hand {
            // The dealer's last card completes the round: settle at once.
            cmds.push(UiCmd::Rules(Command::Banked(
                Command21::Card {
                    card: c,
                    read: None,
                }
                .into(),
            )));
        }
    }
    /// The card grid where the dealer keys the card dealt; at a reading shoe, only once the
    /// dealer asks to key this step's card by hand (a card read wrong and taken back, or one
    /// drawn unread): the shoe reports every card, so a card is never keyed twice.
    /// At a reading shoe the grid has a way back where it was opened: "Wait for the shoe" (a
    /// walk found the grid, once opened by mistake, stayed until a card was keyed or read).
    fn card_by_hand(&mut self, ui: &mut Ui, at: &Step21, id: &str) -> Option<Card> {
        if self.term.reads_draws() {
            let keying = self.view.banked.key21.as_ref() == Some(at);
            let words = if keying {
                "Wait for the shoe"
            } else {
                "Key the card by hand"
            };
            let b = egui::Button::new(egui::RichText::new(words).size(theme::BODY))
                .min_size(egui::vec2(200.0, theme::ACTION_SIZE.y));
            if ui.add(b).clicked() {
                self.view.banked.key21 = if keying { None } else { Some(at.clone()) };
                return None;
            }
            if !keying {
                return None;
            }
        }
        card_grid(ui, id, &no_tens())
    }
}
