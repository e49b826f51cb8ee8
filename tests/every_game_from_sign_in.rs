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
    // Where the signature pad's keypad stands, game by game.
    let mut keypad_at = Vec::new();
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
        // § 589.3(a): Lunar Poker without the automated shuffler opens with one deck, not two.
        // § 647a.3(a): Texas Hold 'Em Bonus without the automated shuffler opens with one deck.
        assert_eq!(
            h.state().terminal().table().decks.len(),
            if one { 1 } else { 2 },
            "{id}"
        );
        // § 657a.4(a): at Crazy 4 Poker the opening asks the dealer's inspection ("Deck
        // inspected"), then the floorperson's verification signed with credential number and PIN.
        tap(
            &mut h,
            if one {
                "Deck inspected"
            } else {
                "Decks inspected"
            },
        );
        // § 647a.4(a): at Texas Hold 'Em Bonus the dealer's inspection (above) waits for the
        // floorperson's verification, signed with credential number and PIN, before any play.
        tap(&mut h, "Floorperson verify");
        keypad_at.push((id, h.get_by_label("1").rect()));
        floorperson_signs(&mut h);
        // A house-banked game's cards are spread for the first player to arrive (§ x.4(b)).
        if game.is_house_banked() {
            // § 589.4(b): at Lunar Poker the inspected deck is spread face up for the first
            // player to arrive at the table to inspect.
            // § 657a.4(b): at Crazy 4 Poker the inspected deck is spread for the first player to
            // arrive at the table, a step of its own ("Player has inspected") before the wash.
            // § 635a.4(c): at Spanish 21 the shoe's decks are spread the same way, for the first
            // player to arrive, before they are washed.
            // § 647a.4(b): at Texas Hold 'Em Bonus the inspected deck is spread for the first
            // player to arrive at the table to inspect, a step of its own before the wash.
            h.get_by_label_contains("for the first player to arrive at the table to inspect");
            tap(&mut h, "Player has inspected");
        } else {
            tap(&mut h, "Players have inspected");
        }
        // § 657a.4(c): at Crazy 4 Poker the spread deck is washed and stacked, then shuffled by
        // hand: the step after the wash is the shuffle (any other step fails the match below).
        // § 635a.4(d): at Spanish 21 the washed decks go to the shoe's shuffle and cut next.
        // § 647a.4(c): at Texas Hold 'Em Bonus the spread deck is turned face down, washed and
        // stacked, and the shuffle follows (any other step fails the match below).
        tap(&mut h, if one { "Deck washed" } else { "Decks washed" });
        match h.state().terminal().table().step() {
            Step::ShuffleManually { .. } if game == GameId::Spanish21 => {
                // § 635a.5(d): the cover card at least ten cards from the top or bottom.
                h.get_by_label_contains("The cover card goes in at least ten cards from the top or bottom; move the cards above it to the bottom.");
                // § 635a.5(d): then the cover card reinserted a quarter of the way up.
                h.get_by_label_contains(
                    "insert the cover card at least one-quarter of the way in from the bottom",
                );
                tap(&mut h, "Shuffled, cut and in the shoe");
                tap(&mut h, "Card burned");
                // § 635a.2(d): the card reader, before the gaming day's first round.
                h.get_by_label("The floorperson inspects the card reader");
                tap(&mut h, "Floorperson: card reader inspected");
                keypad_at.push((id, h.get_by_label("1").rect()));
                floorperson_signs(&mut h);
            }
            Step::ShuffleManually { .. } => {
                // Each chapter's § x.5(d) (§ 637a.5(b)(2) for the poker room): the cut with the
                // cover card at least ten cards from the top.
                // § 677a.5(d): at WPT too the shuffle step prompts the cut: the cover card at
                // least ten cards from the top, the cards above it moved to the bottom.
                // § 655a.5(d): at Mississippi Stud the cut puts the cover card at least ten cards in from the top and the cards above it, with it, on the bottom.
                // § 589.5(d): at Lunar Poker the hand-shuffle step says to place the cover card at
                // least ten cards from the top and move the cards above it, with it, to the bottom.
                // § 657a.5(d): at Crazy 4 Poker the cut puts the cover card at least ten cards in
                // from the top, then it and the cards above it go to the bottom.
                // § 647a.5(d): at Texas Hold 'Em Bonus the hand-shuffle step prompts the cut: the
                // cover card at least ten cards from the top, the cards above it to the bottom.
                h.get_by_label("Shuffle by hand and stack the deck. Place the cover card at least ten cards from the top, then move the cards above it, with the cover card, to the bottom.");
                // § 647a.5(c): a deck shuffled by hand is cut ("Shuffled and cut") before its round.
                tap(&mut h, "Shuffled and cut");
                // § x.8(a): a house-banked table's stacked deck goes into the manual shoe.
                if game.is_house_banked() {
                    // § 677a.8(a): at WPT the deck, shuffled and cut, goes into the manual
                    // dealing shoe, the step citing the section.
                    // § 655a.8(a): at Mississippi Stud the ready step places the stacked deck in the manual dealing shoe, citing § 655a.8(a).
                    // § 589.8(a): at Lunar Poker, once shuffled and cut, the ready step tells the
                    // dealer to place the stacked deck in the manual dealing shoe, citing § 589.8(a).
                    // § 657a.8(a): at Crazy 4 Poker, shuffled and cut, the stacked deck goes into
                    // the manual dealing shoe, the ready step citing § 657a.8(a).
                    // § 647a.8(a): at Texas Hold 'Em Bonus the deck, shuffled and cut, goes into the
                    // manual dealing shoe, the ready step citing § 647a.8(a).
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
        let mut settled = false;
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
            settles_alike_at_the_command_line(h.state().terminal().table(), id, &mut settled);
        }
        assert_eq!(settled, game.is_house_banked(), "{id}: settled once");
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
    assert_eq!(played.len(), GameId::ALL.len(), "every game id: {played:?}");
    // The keypad stands at one place whatever the pad is for, however long its words (a walk
    // found its "1" 25 px higher or lower from one pad to the next).
    let (_, first) = &keypad_at[0];
    for (id, at) in &keypad_at {
        assert_eq!(at, first, "{id}");
    }
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

/// A house-banked round settled at the table settles alike at the command line: the round as
/// its game's settlement reads it (`BankedRound::settle_input`, the typed `Round` of the game's
/// folder), written as JSON and read by `deckhand settle` (`registry::settle_json`), gives the
/// settlement the rules recorded, line for line.
fn settles_alike_at_the_command_line(
    table: &deckhand::rules::table::Table,
    id: &str,
    settled: &mut bool,
) {
    let Some(round) = table.round.as_ref().and_then(|r| r.banked.as_ref()) else {
        return;
    };
    let (Some(recorded), Some(house)) = (&round.settlement, table.house()) else {
        return;
    };
    let input = round.settle_input(&round.meters).to_string();
    let mut typed = deckhand::rules::registry::settle_json(&input, &house.paytables, &house.rules)
        .unwrap_or_else(|e| panic!("{id}: {e}\n{input}"));
    let mut recorded = recorded.clone();
    // Who signs for the payout is the terminal's to ask, not the settlement's.
    typed.signer = Default::default();
    recorded.signer = Default::default();
    assert_eq!(
        serde_json::to_value(&typed).unwrap(),
        serde_json::to_value(&recorded).unwrap(),
        "{id}: {input}"
    );
    *settled = true;
}

/// Mississippi Stud from the real start without the shuffler, as chapter 655a opens a table:
/// one deck, inspected by the dealer and verified by a floorperson, spread in fans for the
/// first player, washed and stacked, shuffled and cut by hand; no round before all of it, and
/// after each round the same deck shuffled and cut again before the next.
#[test]
fn mississippi_stud_opens_one_deck_and_shuffles_it_before_every_round() {
    use deckhand::rules::table::Command;
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("ms.sqlite");
    let app = deckhand::app::build(&config(&db), Default::default(), None).unwrap();
    let mut h = harness(app);
    h.run_ok();
    common::play::dealer_signs_in(&mut h, tap);
    tap(&mut h, GameId::MississippiStud.name());
    tap(&mut h, "Open table");
    let no_round = |h: &egui_kittest::Harness<'static, deckhand::ui::DeckhandApp>| {
        h.state()
            .terminal()
            .table()
            .decide(&Command::StartRound { seats: vec![2] })
            .is_err()
    };
    // § 655a.3(a): without the automated shuffler the table opens with one deck, inspected alone.
    assert_eq!(h.state().terminal().table().decks.len(), 1);
    h.get_by_label("Inspect the Red deck for defects: without an automated shuffler the table deals one deck (§ 655a.3(a)).");
    // § 655a.4(a): the dealer inspects, then a floorperson verifies with credential and PIN;
    // no round before either.
    assert_eq!(h.state().terminal().table().step(), Step::InspectDecks);
    assert!(no_round(&h));
    tap(&mut h, "Deck inspected");
    assert_eq!(h.state().terminal().table().step(), Step::VerifyInspection);
    assert!(no_round(&h));
    tap(&mut h, "Floorperson verify");
    floorperson_signs(&mut h);
    let verified = common::ui::payloads(&db, "inspection_verified");
    assert_eq!(verified.len(), 1);
    assert!(verified[0].contains("Dana Brooks"), "{}", verified[0]);
    // § 655a.4(b): spread face up in horizontal fans, by suit and in sequence, for the first
    // player to arrive; recorded.
    assert_eq!(h.state().terminal().table().step(), Step::PlayerInspection);
    h.get_by_label("Spread the deck face up in horizontal fan-shaped columns, by suit and in sequence, for the first player to arrive at the table to inspect.");
    assert!(no_round(&h));
    tap(&mut h, "Player has inspected");
    assert_eq!(common::ui::kinds(&db).last().unwrap(), "players_inspected");
    // § 655a.4(c): then turned face down, washed and stacked, and shuffled before any round.
    assert_eq!(h.state().terminal().table().step(), Step::WashDecks);
    h.get_by_label("Turn the deck face down, mix it thoroughly by washing, and stack it.");
    assert!(no_round(&h));
    tap(&mut h, "Deck washed");
    assert_eq!(
        h.state().terminal().table().step(),
        Step::ShuffleManually { deck: 0 }
    );
    // § 655a.5(c): shuffled by hand, the deck is cut before it is dealt: no round until then.
    assert!(no_round(&h));
    h.get_by_label("Shuffle by hand and stack the deck. Place the cover card at least ten cards from the top, then move the cards above it, with the cover card, to the bottom.");
    tap(&mut h, "Shuffled and cut");
    assert!(matches!(
        h.state().terminal().table().step(),
        Step::StartRound { deck: 0, .. }
    ));
    tap(&mut h, "Seat 2");
    tap(&mut h, "Seat 4");
    tap(&mut h, "Start round 1");
    common::play::play_out(&mut h);
    assert_eq!(h.state().terminal().table().rounds_played, 1);
    // § 655a.5(a): after the round the deck is shuffled again before the next one, which
    // cannot start on the deck as it was dealt.
    assert_eq!(
        h.state().terminal().table().step(),
        Step::ShuffleManually { deck: 0 }
    );
    assert!(no_round(&h));
    tap(&mut h, "Shuffled and cut");
    tap(&mut h, "Start round 2");
    // One deck, the same one, round after round (§ 655a.3(a)).
    let t = h.state().terminal().table();
    assert_eq!(t.round.as_ref().map(|r| (r.number, r.deck)), Some((2, 0)));
}
