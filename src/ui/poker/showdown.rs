//! The showdown on the dealer's screen: the hands keyed in the order they are shown
//! (§ 637a.18(e)), or mucked, and the winners the rules give.

use super::*;

/// What the showdown keys for this hand: the board where the game has one, and how many cards
/// each seat's hand holds (a stud hand without the common card everyone shares).
struct Shape<'a> {
    hand: &'a Hand,
    board_game: bool,
    board_size: usize,
    common: usize,
}

impl Shape<'_> {
    fn of(hand: &Hand) -> Shape<'_> {
        let board_game = hand
            .procedure
            .phases
            .iter()
            .any(|p| matches!(p, crate::rules::poker::procedure::Phase::Board { .. }));
        Shape {
            hand,
            board_game,
            board_size: if board_game {
                usize::from(hand.board)
            } else {
                0
            },
            common: hand.common.len(),
        }
    }

    /// The cards a seat's hand holds.
    fn size_of(&self, seat: u8) -> usize {
        self.hand
            .players
            .iter()
            .find(|p| p.seat == seat)
            .map_or(0, |p| {
                usize::from(p.cards).saturating_sub(if self.board_game { 0 } else { self.common })
            })
    }

    /// The seat has conceded or all its cards are keyed.
    fn done(&self, e: &PokerEntry, s: u8) -> bool {
        e.conceded.contains(&s) || e.hands.get(&s).is_some_and(|h| h.len() == self.size_of(s))
    }
}

/// Fixed places, always the same ones: the board, each seat, Undo card and the concede of the
/// seat picked (greyed for the board), so nothing moves under the finger.
#[derive(Clone, Copy)]
enum Place {
    Board,
    Seat(u8),
    Undo,
    Concede,
    /// Betting kept at the table: back to tapping the winner, the cards keyed dropped.
    Back,
}

impl DeckhandApp {
    /// The hands keyed as they are shown, in the order the rules give, then the winners.
    pub(in crate::ui) fn enter_showdown(
        &mut self,
        ui: &mut Ui,
        cmds: &mut Vec<UiCmd>,
        hand: &Hand,
        order: &[u8],
        section: &str,
    ) {
        let shape = Shape::of(hand);
        let board_size = shape.board_size;
        let e = &mut self.view.poker;
        // Stud hands start with the up cards everyone has seen. Once only: a seat conceding
        // before any card is keyed moves the keying on, not back to the first hand.
        if e.hands.is_empty() && e.board.is_empty() && e.conceded.is_empty() {
            for p in hand.players.iter().filter(|p| order.contains(&p.seat)) {
                if !p.up.is_empty() {
                    e.hands.insert(p.seat, p.up.clone());
                }
            }
            e.target = if board_size > 0 {
                None
            } else {
                order.first().copied()
            };
        }
        // The step's one action beside its title: always on the screen, however many hands are
        // keyed below (at 1024x768 the grid reaches the bottom).
        let ready = e.board.len() == board_size && order.iter().all(|s| shape.done(e, *s));
        let mut show = false;
        ui.horizontal(|ui| {
            title(ui, "Showdown");
            ui.add_space(theme::GAP * 2.0);
            let show_winner = gold("Show the winner", theme::BODY + 2.0);
            show = ui
                .add_enabled_ui(ready, |ui| {
                    ui.add_sized(egui::vec2(300.0, 56.0), show_winner)
                })
                .inner
                .clicked()
                && ready;
        });
        small(
            ui,
            &format!(
                "Seat {} shows first, then clockwise. Enter {}each hand shown; a losing player may concede. {} (§ 637a.18(e))",
                order.first().copied().unwrap_or_default(),
                if board_size > 0 {
                    "the board, then "
                } else {
                    ""
                },
                section
            ),
        );
        let tapped = place_buttons(ui, e, &shape, order);
        tap_place(tapped, e, &shape, order);
        hands_band(ui, e, &shape, order);
        let mut used = CardSet::default();
        for c in e
            .board
            .iter()
            .chain(e.hands.values().flatten())
            .chain(hand.common.iter())
        {
            used.insert(*c);
        }
        if let Some(c) = card_grid(ui, "poker-showdown-grid", &used) {
            key_card(c, e, &shape, order);
        }
        if show {
            let hands = order
                .iter()
                .filter(|s| !e.conceded.contains(s))
                .map(|s| (*s, e.hands.get(s).cloned().unwrap_or_default()))
                .collect();
            let board = if shape.board_game {
                e.board.clone()
            } else {
                hand.common.clone()
            };
            cmds.push(UiCmd::Rules(Command::Poker(HandCommand::Showdown {
                hands,
                board,
            })));
        }
    }
}

/// The board, each seat, Undo card and the concede: the place tapped, if any.
fn place_buttons(ui: &mut Ui, e: &PokerEntry, shape: &Shape, order: &[u8]) -> Option<Place> {
    let board_size = shape.board_size;
    let mut places = Vec::new();
    if board_size > 0 {
        places.push(Place::Board);
    }
    places.extend(order.iter().map(|s| Place::Seat(*s)));
    places.push(Place::Undo);
    places.push(Place::Concede);
    if e.keying {
        places.push(Place::Back);
    }
    let mut tapped = None;
    // Four to a row at 1024 pixels: the grid below stays on the screen.
    fixed_rows(ui, places, egui::vec2(170.0, 52.0), |ui, place, size| {
        let (label, selected, enabled) = match place {
            Place::Board => (
                format!("Board {}/{board_size}", e.board.len()),
                e.target.is_none(),
                true,
            ),
            Place::Seat(s) => {
                let state = if e.conceded.contains(&s) {
                    "conceded".to_string()
                } else {
                    format!(
                        "{}/{}",
                        e.hands.get(&s).map_or(0, |h| h.len()),
                        shape.size_of(s)
                    )
                };
                (format!("Seat {s} {state}"), e.target == Some(s), true)
            }
            Place::Undo => ("Undo card".to_string(), false, true),
            // The last hand in is the winning hand, shown (§ 637a.18(e)): the rules say.
            Place::Concede => (
                e.target
                    .map_or("Concedes".to_string(), |s| format!("Seat {s} concedes")),
                false,
                e.target
                    .is_some_and(|s| shape.hand.may_concede(s, &e.conceded).is_ok()),
            ),
            Place::Back => ("Tap the winner".to_string(), false, true),
        };
        let b = Button::new(RichText::new(label).size(theme::BODY - 4.0))
            .wrap_mode(egui::TextWrapMode::Truncate)
            .selected(selected);
        if ui
            .add_enabled(enabled, |ui: &mut Ui| ui.add_sized(size, b))
            .clicked()
        {
            tapped = Some(place);
        }
    });
    tapped
}

/// A place tapped: the board or a seat picked, its last card taken back, or the seat conceding.
fn tap_place(tapped: Option<Place>, e: &mut PokerEntry, shape: &Shape, order: &[u8]) {
    match tapped {
        Some(Place::Board) => e.target = None,
        Some(Place::Seat(s)) => e.target = Some(s),
        Some(Place::Undo) => match e.target {
            None => {
                e.board.pop();
            }
            Some(s) => {
                let up = shape
                    .hand
                    .players
                    .iter()
                    .find(|p| p.seat == s)
                    .map_or(0, |p| p.up.len());
                if let Some(h) = e.hands.get_mut(&s)
                    && h.len() > up
                {
                    h.pop();
                }
                e.conceded.remove(&s);
            }
        },
        Some(Place::Back) => {
            e.keying = false;
            e.hands.clear();
            e.board.clear();
            e.conceded.clear();
            e.target = None;
        }
        Some(Place::Concede) => {
            if let Some(s) = e.target
                && shape.hand.may_concede(s, &e.conceded).is_ok()
            {
                e.conceded.insert(s);
                e.target = order.iter().copied().find(|x| !shape.done(e, *x));
            }
        }
        None => {}
    }
}

/// A band of two lines, always that tall: the hands keyed so far can be read, and the grid
/// under it never moves while cards are keyed.
fn hands_band(ui: &mut Ui, e: &PokerEntry, shape: &Shape, order: &[u8]) {
    let mut summary = String::new();
    if shape.board_size > 0 {
        summary.push_str(&format!("Board: {}", cards_text(&e.board)));
    } else if shape.common > 0 {
        summary.push_str(&format!("Common: {}", cards_text(&shape.hand.common)));
    }
    for s in order {
        let h = if e.conceded.contains(s) {
            "conceded".to_string()
        } else {
            cards_text(e.hands.get(s).map(|v| v.as_slice()).unwrap_or(&[]))
        };
        summary.push_str(&format!("   Seat {s}: {h}"));
    }
    let band = egui::vec2(ui.available_width(), (theme::BODY + 6.0) * 2.0);
    let (rect, _) = ui.allocate_exact_size(band, egui::Sense::hover());
    ui.put(
        rect,
        egui::Label::new(RichText::new(summary.trim()).size(theme::BODY - 2.0))
            .wrap()
            .halign(egui::Align::LEFT),
    );
}

/// A card tapped on the grid goes to the board or the seat picked; once that is full, the next
/// hand not yet keyed is picked.
fn key_card(c: Card, e: &mut PokerEntry, shape: &Shape, order: &[u8]) {
    match e.target {
        None if e.board.len() < shape.board_size => e.board.push(c),
        Some(s)
            if !e.conceded.contains(&s)
                && e.hands.get(&s).map_or(0, |h| h.len()) < shape.size_of(s) =>
        {
            e.hands.entry(s).or_default().push(c)
        }
        _ => {}
    }
    if e.target.is_none() && e.board.len() >= shape.board_size
        || e.target.is_some_and(|s| shape.done(e, s))
    {
        e.target = order
            .iter()
            .copied()
            .find(|x| !shape.done(e, *x))
            .or(e.target);
    }
}
