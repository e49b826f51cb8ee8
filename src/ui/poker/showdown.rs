//! The showdown on the dealer's screen: the hands keyed in the order they are shown
//! (§ 637a.18(e)), or mucked, and the winners the rules give.

use super::*;

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
        let board_game = hand
            .procedure
            .phases
            .iter()
            .any(|p| matches!(p, crate::rules::poker::procedure::Phase::Board { .. }));
        let board_size = if board_game {
            usize::from(hand.board)
        } else {
            0
        };
        let common = hand.common.len();
        let size_of = |seat: u8| -> usize {
            hand.players.iter().find(|p| p.seat == seat).map_or(0, |p| {
                usize::from(p.cards) - if board_game { 0 } else { common }
            })
        };
        let done_of = |e: &PokerEntry, s: u8| {
            e.conceded.contains(&s) || e.hands.get(&s).is_some_and(|h| h.len() == size_of(s))
        };
        let e = &mut self.view.poker;
        // Stud hands start with the up cards everyone has seen.
        if e.hands.is_empty() && e.board.is_empty() {
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
        let ready = e.board.len() == board_size && order.iter().all(|s| done_of(e, *s));
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
        let done = |e: &PokerEntry, s: u8| {
            e.conceded.contains(&s) || e.hands.get(&s).is_some_and(|h| h.len() == size_of(s))
        };
        // Fixed places, always the same ones: the board, each seat, Undo card and the concede
        // of the seat picked (greyed for the board), so nothing moves under the finger.
        #[derive(Clone, Copy)]
        enum Place {
            Board,
            Seat(u8),
            Undo,
            Concede,
        }
        let mut places = Vec::new();
        if board_size > 0 {
            places.push(Place::Board);
        }
        places.extend(order.iter().map(|s| Place::Seat(*s)));
        places.push(Place::Undo);
        places.push(Place::Concede);
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
                        "concedes".to_string()
                    } else {
                        format!("{}/{}", e.hands.get(&s).map_or(0, |h| h.len()), size_of(s))
                    };
                    (format!("Seat {s} {state}"), e.target == Some(s), true)
                }
                Place::Undo => ("Undo card".to_string(), false, true),
                Place::Concede => (
                    e.target
                        .map_or("Concedes".to_string(), |s| format!("Seat {s} concedes")),
                    false,
                    e.target.is_some(),
                ),
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
        match tapped {
            Some(Place::Board) => e.target = None,
            Some(Place::Seat(s)) => e.target = Some(s),
            Some(Place::Undo) => match e.target {
                None => {
                    e.board.pop();
                }
                Some(s) => {
                    let up = hand
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
            Some(Place::Concede) => {
                if let Some(s) = e.target {
                    e.conceded.insert(s);
                    e.target = order.iter().copied().find(|x| !done(e, *x));
                }
            }
            None => {}
        }
        let mut summary = String::new();
        if board_size > 0 {
            summary.push_str(&format!("Board: {}", cards_text(&e.board)));
        } else if common > 0 {
            summary.push_str(&format!("Common: {}", cards_text(&hand.common)));
        }
        for s in order {
            let h = if e.conceded.contains(s) {
                "concedes".to_string()
            } else {
                cards_text(e.hands.get(s).map(|v| v.as_slice()).unwrap_or(&[]))
            };
            summary.push_str(&format!("   Seat {s}: {h}"));
        }
        // A band of two lines, always that tall: the hands keyed so far can be read, and the
        // grid under it never moves while cards are keyed.
        let band = egui::vec2(ui.available_width(), (theme::BODY + 6.0) * 2.0);
        let (rect, _) = ui.allocate_exact_size(band, egui::Sense::hover());
        ui.put(
            rect,
            egui::Label::new(RichText::new(summary.trim()).size(theme::BODY - 2.0))
                .wrap()
                .halign(egui::Align::LEFT),
        );
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
            match e.target {
                None if e.board.len() < board_size => e.board.push(c),
                Some(s)
                    if !e.conceded.contains(&s)
                        && e.hands.get(&s).map_or(0, |h| h.len()) < size_of(s) =>
                {
                    e.hands.entry(s).or_default().push(c)
                }
                _ => {}
            }
            if e.target.is_none() && e.board.len() >= board_size
                || e.target.is_some_and(|s| done(e, s))
            {
                e.target = order.iter().copied().find(|x| !done(e, *x)).or(e.target);
            }
        }
        if show {
            let hands = order
                .iter()
                .filter(|s| !e.conceded.contains(s))
                .map(|s| (*s, e.hands.get(s).cloned().unwrap_or_default()))
                .collect();
            let board = if board_game {
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
