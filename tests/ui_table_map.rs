//! The table map (issue 20): at the start of a round the seats are where they are at the
//! table, seat 1 at the dealer's far left and the others clockwise round to the last at the
//! dealer's right, and the dealer taps them there. From the real start.

use crate::common;

use common::ui::{keys, real_app, tap};
use egui_kittest::kittest::Queryable;

#[test]
fn the_dealer_taps_the_seats_where_they_sit() {
    for (w, hgt) in [(1024.0, 768.0), (1920.0, 1080.0)] {
        let dir = tempfile::tempdir().unwrap();
        let mut h = real_app(&dir.path().join("map.sqlite"), w, hgt, 0.25);
        tap(&mut h, "Alex Rivera");
        keys(&mut h, "20417");
        tap(&mut h, "Next: PIN");
        keys(&mut h, "112233");
        tap(&mut h, "Sign in");
        tap(&mut h, "Open table");
        tap(&mut h, "Decks inspected");
        tap(&mut h, "Floorperson verify");
        common::play::floorperson_signs(&mut h);
        tap(&mut h, "Players have inspected");
        tap(&mut h, "Decks washed");
        tap(&mut h, "Shuffled and cut");
        let at = |h: &egui_kittest::Harness<'_, deckhand::ui::DeckhandApp>, seat: u8| {
            h.get_by_label(&format!("Seat {seat}")).rect().center()
        };
        let centres: Vec<egui::Pos2> = (1..=10).map(|s| at(&h, s)).collect();
        // Up the left side from seat 1, along the top, down the right side to seat 10.
        for pair in centres.windows(2) {
            assert!(
                pair[0].x <= pair[1].x + 0.5,
                "{w}: clockwise from the dealer's left"
            );
        }
        assert!(centres[0].y > centres[1].y && centres[1].y > centres[2].y);
        assert!(centres[9].y > centres[8].y && centres[8].y > centres[7].y);
        assert!(centres[0].x < centres[4].x && centres[4].x < centres[9].x);
        let start = h.get_by_label("Start round 1").rect();
        assert!(
            centres.iter().all(|c| c.y < start.min.y),
            "{w}: the map above Start"
        );
        tap(&mut h, "Seat 3");
        tap(&mut h, "Seat 8");
        h.get_by_label("Seat 3 ✔");
        tap(&mut h, "Seat 3 ✔");
        h.get_by_label("Seat 3");
        tap(&mut h, "Seat 5");
        tap(&mut h, "Start round 1");
        let t = h.state().terminal().table();
        assert_eq!(t.round.as_ref().map(|r| r.seats.clone()), Some(vec![5, 8]));
    }
}
