//! Every game from the real start: the terminal built exactly as `deckhand` builds it (the
//! embedded configuration, `deckhand::app::build`), the dealer signs in, picks the game on the
//! open-table screen, opens the table with the floorperson's signature, shuffles and plays one
//! round to the push or the payment. After every tap the journal rebuilds the same table (what a
//! restart would show), and at the end `verify-log --replay` finds every row as the rules give it.

use crate::common;

use common::play::{floorperson_signs, play_step};
use common::ui::{harness, tap};
use deckhand::rules::games::GameId;
use deckhand::rules::table::Step;
use egui_kittest::kittest::Queryable;

/// The embedded configuration on a fresh database, the shuffle and count by hand, no devices.
fn config(db: &std::path::Path) -> deckhand::config::Config {
    let mut c = deckhand::config::Config::load(None).unwrap();
    c.store.database = db.display().to_string();
    c.shuffler.port = "none".into();
    // Shuffled by hand: the house-banked games deal from a manual shoe (§ x.9(a)(1)).
    c.table.dealing = deckhand::rules::registry::Dealing::ManualShoe;
    // The embedded Crazy 4 Poker deals from the shuffler's reading shoe: not without it.
    for g in c.games.values_mut() {
        g.dealing = None;
    }
    c.progressive.port = "none".into();
    c
}

#[test]
fn the_default_configuration_offers_every_game_of_the_registry() {
    let dir = tempfile::tempdir().unwrap();
    let offered = config(&dir.path().join("x.sqlite")).offered_games();
    for game in GameId::all() {
        assert!(offered.contains(&game), "{} is not offered", game.id());
    }
}

#[test]
fn every_game_from_sign_in_to_paid_and_the_journal_rebuilds_it() {
    let mut played = Vec::new();
    let mut round_taps: Vec<(&str, usize)> = Vec::new();
    for game in GameId::all() {
        let id = game.id();
        let dir = tempfile::tempdir().unwrap();
        let db = dir.path().join(format!("{id}.sqlite"));
        let app = deckhand::app::build(&config(&db), Default::default(), None)
            .unwrap_or_else(|e| panic!("{id}: {e:#}"));
        let mut h = harness(app);
        h.run_ok();
        // Sign-in and the opening, as the dealer and the floorperson do them.
        common::play::dealer_signs_in(&mut h, tap);
        if game != GameId::Holdem {
            tap(&mut h, game.name());
        }
        h.get_by_label(&format!("{} ✔", game.name()));
        tap(&mut h, "Open table");
        assert_eq!(
            h.state()
                .terminal()
                .table()
                .setup
                .as_ref()
                .map(|s| s.poker.game),
            Some(game),
            "{id}: the table opened with the game picked"
        );
        h.get_by_label(&format!("Table 12 · {}", game.name()));
        // One deck at a house-banked table without the shuffler (§ x.3(a)), two otherwise.
        let one = game.is_house_banked() && game != GameId::Spanish21;
        assert_eq!(
            h.state().terminal().table().decks.len(),
            if one { 1 } else { 2 },
            "{id}"
        );
        tap(
            &mut h,
            if one {
                "Deck inspected"
            } else {
                "Decks inspected"
            },
        );
        tap(&mut h, "Floorperson verify");
        floorperson_signs(&mut h);
        // A house-banked game's cards are spread for the first player to arrive (§ x.4(b)).
        if game.is_house_banked() {
            h.get_by_label_contains("for the first player to arrive at the table to inspect");
            tap(&mut h, "Player has inspected");
        } else {
            tap(&mut h, "Players have inspected");
        }
        tap(&mut h, if one { "Deck washed" } else { "Decks washed" });
        match h.state().terminal().table().step() {
            Step::ShuffleManually { .. } if game == GameId::Spanish21 => {
                // § 635a.5(d): the cover card at least ten cards from the top or bottom.
                h.get_by_label_contains("The cover card goes in at least ten cards from the top or bottom; move the cards above it to the bottom.");
                tap(&mut h, "Shuffled, cut and in the shoe");
                tap(&mut h, "Card burned");
                // § 635a.2(d): the card reader, before the gaming day's first round.
                h.get_by_label("The floorperson inspects the card reader");
                tap(&mut h, "Floorperson: card reader inspected");
                floorperson_signs(&mut h);
            }
            Step::ShuffleManually { .. } => {
                // Each chapter's § x.5(d) (§ 637a.5(c) for the poker room): the cut with the
                // cover card at least ten cards from the top.
                h.get_by_label("Shuffle by hand and stack the deck. Place the cover card at least ten cards from the top, then move the cards above it, with the cover card, to the bottom.");
                tap(&mut h, "Shuffled and cut");
                // § x.8(a): a house-banked table's stacked deck goes into the manual shoe.
                if game.is_house_banked() {
                    h.get_by_label_contains(&format!(
                        "Place the stacked Red deck in the manual dealing shoe (§ {}.8(a))",
                        game.def().chapter
                    ));
                } else {
                    h.get_by_label_contains("Take the Red deck from the table");
                }
            }
            other => panic!("{id}: {other:?}"),
        }
        let before = common::ui::taps_so_far();
        tap(&mut h, "Seat 2");
        tap(&mut h, "Seat 4");
        tap(&mut h, "Start round 1");
        let mut taps = 0;
        while play_step(&mut h, &mut taps) {
            assert!(
                taps < 300,
                "{id}: the round does not end at {:?}",
                h.state().terminal().table().step()
            );
            // What a restart would show: the table the journal rebuilds, equal to the screen's.
            let rebuilt = deckhand::store::replay::read_table(&db).unwrap();
            assert!(
                rebuilt == *h.state().terminal().table(),
                "{id}: the journal rebuilds another table at {:?}",
                h.state().terminal().table().step()
            );
        }
        let t = h.state().terminal().table();
        assert_eq!(t.rounds_played, 1, "{id}: at {:?}", t.step());
        // The round's taps: the two seats, "Start round 1" and every tap after it (cards,
        // amounts and signatures included).
        round_taps.push((id, common::ui::taps_so_far() - before));
        drop(h);
        let kinds = common::ui::kinds(&db);
        let end = if game.is_house_banked() {
            "round_paid"
        } else {
            "pot_awarded"
        };
        assert!(kinds.iter().any(|k| k == end), "{id}: {kinds:?}");
        assert!(
            matches!(
                deckhand::store::Store::verify_file(&db).unwrap(),
                deckhand::store::ChainStatus::Intact { .. }
            ),
            "{id}"
        );
        let report = deckhand::store::replay::replay_file(&db).unwrap();
        assert!(report.divergence.is_none(), "{id}: {report}");
        assert!(report.pots + report.settlements >= 1, "{id}: {report}");
        played.push(id);
    }
    assert_eq!(played.len(), 24, "every game id: {played:?}");
    // What a round costs the dealer along the real path (docs/dealer-screen.md).
    for (id, n) in &round_taps {
        println!("taps per round: {id} {n}");
    }
    let of = |id: &str| round_taps.iter().find(|(g, _)| *g == id).map(|(_, n)| *n);
    // The embedded default keeps Hold'em's betting at the table: the two seats, the start, four
    // betting rounds, the winner and the rake (tests/tap_budget.rs holds every game's budget).
    assert!(of("holdem").is_some_and(|n| n <= 9), "{round_taps:?}");
    assert!(
        of("crazy-4-poker").is_some_and(|n| n <= 35),
        "{round_taps:?}"
    );
}
