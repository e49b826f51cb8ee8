//! The table map (issue 20): the seats drawn where they are at the table, the dealer at the
//! bottom, seat 1 at the dealer's far left and the others clockwise round the arc. Each seat
//! shows what it holds in the round (its chips in the pot or its wagers), the button and
//! blinds, and a gold ring on the seat whose turn it is; a seat not in the round is dim. At
//! the start of a round the dealer taps the seats on the map.

use super::theme;
use egui::{Align2, Button, Color32, FontId, Pos2, Rect, RichText, Stroke, Ui, Vec2};

/// One seat as the map shows it.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct SeatView {
    pub seat: u8,
    /// In the round (or picked for it).
    pub on: bool,
    /// Its turn.
    pub turn: bool,
    /// Folded or out.
    pub dim: bool,
    /// A short line: "$4.00 · BB", "Ante $10 · 2×".
    pub line: String,
}

/// Where seat `i` (from 0) of `n` sits in `rect`, for places of `seat` size: a horseshoe round
/// the dealer, seat 1 at the bottom of the left side (the dealer's far left), up that side,
/// along the top from left to right and down the right side to the last seat.
fn place(rect: Rect, i: usize, n: usize, seat: Vec2) -> Pos2 {
    // The sides take a quarter of the seats each, the top the rest.
    let side = (n + 1) / 4;
    let top = n - 2 * side;
    let inner = rect.shrink2(seat / 2.0);
    let step_y = if side > 0 {
        (inner.height() / side as f32).min(seat.y * 1.6)
    } else {
        0.0
    };
    let top_x = |k: usize| {
        if top <= 1 {
            inner.center().x
        } else {
            inner.min.x + inner.width() * k as f32 / (top - 1) as f32
        }
    };
    if i < side {
        // Left side, from the bottom up.
        Pos2::new(inner.min.x, inner.min.y + step_y * (side - i) as f32)
    } else if i < side + top {
        Pos2::new(top_x(i - side), inner.min.y)
    } else {
        // Right side, from the top down.
        let k = i - side - top;
        Pos2::new(inner.max.x, inner.min.y + step_y * (k + 1) as f32)
    }
}

/// The felt inside the seats and the dealer's place at the bottom centre.
fn felt(ui: &Ui, rect: Rect, seat: Vec2, small: bool) {
    let p = ui.painter();
    let table = Rect::from_min_max(
        Pos2::new(rect.min.x + seat.x + 8.0, rect.min.y + seat.y + 8.0),
        Pos2::new(rect.max.x - seat.x - 8.0, rect.max.y),
    );
    if table.is_positive() {
        p.rect_filled(
            table,
            egui::CornerRadius {
                nw: 60,
                ne: 60,
                sw: 0,
                se: 0,
            },
            theme::FELT_DARK,
        );
    }
    p.text(
        Pos2::new(rect.center().x, rect.max.y - 4.0),
        Align2::CENTER_BOTTOM,
        "Dealer",
        FontId::proportional(if small {
            theme::SMALL - 2.0
        } else {
            theme::SMALL
        }),
        theme::TEXT_DIM,
    );
}

/// The map for picking the seats of a round: each seat a button ("Seat 3", "Seat 3 ✔" when
/// picked). Returns the seat tapped.
pub fn picker(ui: &mut Ui, seats: &[SeatView], height: f32) -> Option<u8> {
    let width = ui.available_width().min(760.0);
    let (rect, _) = ui.allocate_exact_size(Vec2::new(width, height), egui::Sense::hover());
    let size = Vec2::new(104.0, 56.0);
    felt(ui, rect, size, false);
    // The seats go on a child of the map's rect: `put` moves its ui's cursor to after the last
    // seat placed, which on the parent would draw the next widget over the map's lower half.
    let mut map = ui.new_child(egui::UiBuilder::new().max_rect(rect));
    let mut tapped = None;
    for (i, s) in seats.iter().enumerate() {
        let at = place(rect, i, seats.len(), size);
        let label = if s.on {
            format!("Seat {} ✔", s.seat)
        } else {
            format!("Seat {}", s.seat)
        };
        // One line in the place's size: a picked seat's ✔ never makes its button taller.
        let b = Button::new(RichText::new(label).size(theme::SMALL + 2.0))
            .wrap_mode(egui::TextWrapMode::Extend)
            .selected(s.on);
        if map.put(Rect::from_center_size(at, size), b).clicked() {
            tapped = Some(s.seat);
        }
    }
    tapped
}

/// The map of the round in play, to read at a glance (the side panel): numbered places, what
/// each holds under it, the turn ringed in gold.
pub fn overview(ui: &mut Ui, seats: &[SeatView], height: f32) {
    let width = ui.available_width();
    let (rect, response) = ui.allocate_exact_size(Vec2::new(width, height), egui::Sense::hover());
    // The map in words, for a screen reader (and the tests): the seats in the round, what each
    // holds, whose turn it is.
    response.widget_info(|| {
        egui::WidgetInfo::labeled(egui::accesskit::Role::Image, true, words(seats))
    });
    let r = 11.0;
    // Room under each place for its line.
    let cell = Vec2::new(r * 2.0 + 18.0, r * 2.0 + 14.0);
    felt(ui, rect, cell, true);
    let p = ui.painter();
    // The places a little in from the sides: a line under a seat at the edge ("$20.00 B")
    // stays whole.
    let inner = rect.shrink2(Vec2::new(16.0, 0.0));
    for (i, s) in seats.iter().enumerate() {
        let at = place(inner, i, seats.len(), cell) - Vec2::new(0.0, 6.0);
        // In play: filled, a bright ring; folded: dark and dim; an empty seat: a faint outline
        // only, so the seats in play stand out at a glance.
        let faint = theme::TEXT_DIM.gamma_multiply(0.45);
        let (fill, text, edge) = match (s.on, s.dim) {
            (true, false) => (theme::PANEL, theme::TEXT, Stroke::new(2.0, theme::TEXT)),
            (true, true) => (
                theme::FELT_DARK,
                theme::TEXT_DIM,
                Stroke::new(1.0, theme::TEXT_DIM),
            ),
            (false, _) => (Color32::TRANSPARENT, faint, Stroke::new(1.0, faint)),
        };
        p.circle_filled(at, r, fill);
        let ring = if s.turn {
            Stroke::new(3.0, theme::PRIMARY)
        } else {
            edge
        };
        p.circle_stroke(at, r, ring);
        p.text(
            at,
            Align2::CENTER_CENTER,
            s.seat.to_string(),
            FontId::proportional(theme::SMALL),
            text,
        );
        if !s.line.is_empty() {
            p.text(
                at + Vec2::new(0.0, r + 2.0),
                Align2::CENTER_TOP,
                &s.line,
                FontId::proportional(theme::SMALL - 5.0),
                text,
            );
        }
    }
}

/// The map read aloud: "Table map: seat 2 $50.00, seat 4 $25.00 (its turn), seat 5 folded"
/// (a seat not in the round is left out).
pub fn words(seats: &[SeatView]) -> String {
    let each: Vec<String> = seats
        .iter()
        .filter(|s| s.on)
        .map(|s| {
            let mut w = format!("seat {}", s.seat);
            if !s.line.is_empty() {
                w.push(' ');
                w.push_str(&s.line);
            }
            if s.dim {
                w.push_str(" folded");
            }
            if s.turn {
                w.push_str(" (its turn)");
            }
            w
        })
        .collect();
    format!("Table map: {}", each.join(", "))
}

/// A seat's chips under its place: nothing for none (a row of "$0.00" reads as wagers taken).
pub fn chips(cents: i64) -> String {
    if cents == 0 {
        String::new()
    } else {
        crate::rules::money(cents)
    }
}

/// The round in play seat by seat, as the map shows it; none between rounds.
pub fn round_views(t: &crate::rules::table::Table) -> Option<Vec<SeatView>> {
    use crate::rules::banked::round::BankedStep;
    use crate::rules::poker::hand::{HandEvent, Step as HandStep};
    use crate::rules::table::Step;
    let round = t.round.as_ref()?;
    let step = t.step();
    if let Some(b) = &round.banked {
        let on_layout: std::collections::BTreeMap<u8, i64> = b.refunds().into_iter().collect();
        let turn = match &b.step {
            BankedStep::Decide { seat, .. } => Some(*seat),
            _ => None,
        };
        return Some(
            (1..=b.def().positions)
                .map(|seat| SeatView {
                    seat,
                    on: b.seats.contains(&seat),
                    turn: turn == Some(seat),
                    dim: b.folded.contains(&seat),
                    line: on_layout.get(&seat).map_or(String::new(), |c| chips(*c)),
                })
                .collect(),
        );
    }
    let h = round.poker.as_ref()?;
    let turn = match step {
        Step::Poker {
            step: HandStep::Act { seat, .. } | HandStep::Draw { seat, .. },
            ..
        } => Some(seat),
        _ => None,
    };
    Some(
        (1..=crate::rules::table::MAX_SEATS)
            .map(|seat| {
                let p = h.players.iter().find(|p| p.seat == seat);
                // "$2.00 B D": the chips, a blind posted, the button; nothing before any.
                let mut line: Vec<String> = p
                    .map(|p| chips(p.put_in))
                    .filter(|c| !c.is_empty())
                    .into_iter()
                    .collect();
                for e in &h.events {
                    if let HandEvent::Posted { seat: s, what, .. } = e
                        && *s == seat
                        && what == "blind"
                    {
                        line.push("B".into());
                    }
                }
                if p.is_some() && h.procedure.button && seat == h.setup.button {
                    line.push("D".into());
                }
                let line = line.join(" ");
                SeatView {
                    seat,
                    on: p.is_some(),
                    turn: turn == Some(seat),
                    dim: p.is_some_and(|p| p.folded),
                    line,
                }
            })
            .collect(),
    )
}

/// A poker-room seat in the side panel's list under the map: the chips it put in, its up cards, what it has left
/// (table stakes) and what it is: "Seat 2 · $2.00 · $198.00 left · blind".
pub(super) fn poker_seat_line(
    h: &crate::rules::poker::hand::Hand,
    p: &crate::rules::poker::hand::Player,
    stakes: bool,
) -> String {
    let mut tags = Vec::new();
    if h.procedure.button && p.seat == h.setup.button {
        tags.push("button");
    }
    for e in &h.events {
        if let crate::rules::poker::hand::HandEvent::Posted { seat, what, .. } = e
            && *seat == p.seat
            && what != "ante"
        {
            tags.push(what.as_str());
        }
    }
    // A fouled hand refunded is out of the round, not folded (§ 637a.18(k)(3)).
    let refunded = h.events.iter().any(|e| {
        matches!(e, crate::rules::poker::hand::HandEvent::FouledRefunded { seat, .. } if *seat == p.seat)
    });
    if refunded {
        tags.push("refunded, out");
    } else if p.folded {
        tags.push("folded");
    }
    if p.all_in {
        tags.push("all in");
    }
    let mut up = if p.up.is_empty() {
        String::new()
    } else {
        format!(" · {}", super::widgets::cards_text(&p.up))
    };
    // No-limit, pot-limit: what the player has left in front of him.
    if stakes {
        up.push_str(&format!(" · {} left", crate::rules::money(p.stack)));
    }
    // Chips in the pot, when there are any (the button before the blinds has none).
    let chips = if p.put_in == 0 {
        String::new()
    } else {
        format!(" · {}", crate::rules::money(p.put_in))
    };
    // What the seat is ("blind", "folded"), after a dot of its own: "Seat 1 ·
    // $2.00 · $198.00 left · blind", never "$198.00 left blind".
    let tags = if !tags.is_empty() {
        format!(" · {}", tags.join(", "))
    } else if chips.is_empty() && up.is_empty() {
        // Betting kept at the table: nothing else to say of the seat.
        " · dealt in".to_string()
    } else {
        String::new()
    };
    format!("Seat {}{chips}{up}{tags}", p.seat)
}

/// The status line's round: the round in play ("Round 3"), or between rounds how many were
/// played ("2 rounds played"; "No round yet" before the first, never "Round 0" beside "Ready
/// for round 1").
pub(super) fn round_words(in_play: Option<u32>, played: u32) -> String {
    match (in_play, played) {
        (Some(n), _) => format!("Round {n}"),
        (None, 0) => "No round yet".into(),
        (None, 1) => "1 round played".into(),
        (None, n) => format!("{n} rounds played"),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_seat_without_chips_shows_none_and_the_map_reads_in_words() {
        assert_eq!(chips(0), "");
        assert_eq!(chips(2_450), "$24.50");
        let seat = |seat, on, turn, dim, line: &str| SeatView {
            seat,
            on,
            turn,
            dim,
            line: line.into(),
        };
        let seats = [
            seat(1, true, false, false, "$2.00 B"),
            seat(2, false, false, false, ""),
            seat(3, true, true, false, ""),
            seat(4, true, false, true, "$4.00"),
        ];
        assert_eq!(
            words(&seats),
            "Table map: seat 1 $2.00 B, seat 3 (its turn), seat 4 $4.00 folded"
        );
    }

    #[test]
    fn seat_one_is_at_the_dealers_left_and_the_seats_go_round_clockwise() {
        for (n, w, h) in [
            (10, 700.0, 210.0),
            (6, 700.0, 210.0),
            (7, 1500.0, 210.0),
            (2, 700.0, 210.0),
        ] {
            let rect = Rect::from_min_size(Pos2::ZERO, Vec2::new(w, h));
            let size = Vec2::new(104.0, 56.0);
            let at: Vec<Rect> = (0..n)
                .map(|i| Rect::from_center_size(place(rect, i, n, size), size))
                .collect();
            // Up the left, along the top, down the right: never backwards, never overlapping,
            // all inside the map.
            for (i, a) in at.iter().enumerate() {
                assert!(rect.contains_rect(*a), "{n}: seat {} outside: {a:?}", i + 1);
                for b in &at[i + 1..] {
                    assert!(
                        !a.intersects(*b) || a.intersect(*b).area() < 1.0,
                        "{n}: {a:?} {b:?}"
                    );
                    assert!(b.center().x >= a.center().x - 0.5, "{n}: clockwise");
                }
            }
            assert!(
                at[0].center().y >= at[n / 2].center().y,
                "{n}: seat 1 low, the middle high"
            );
        }
    }
}
