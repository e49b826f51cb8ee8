//! Irregularities as the journal records them at every game's table:
//! - an automated dealing shoe that jams at a house-banked table (§ 677a.13(f), § 647a.13(f),
//!   § 589.13(f), § 655a.13(f), § 657a.13(f)): recorded under the game's own chapter with the
//!   floorperson who signed, the round void, every wager on the layout back to its seat, the
//!   cards back to be shuffled before the next round;
//! - every catalogue entry that logs or voids, at each game that has it.

use crate::common;
use deckhand::rules::banked::round::GameStep;

use deckhand::demo::At;
use deckhand::rules::games::GameId;
use deckhand::rules::registry::Dealing;
use deckhand::rules::table::{DeckStatus, Step};
use deckhand::store::Store;
use deckhand::terminal::Terminal;

#[test]
fn an_automated_dealing_shoe_jam_voids_the_round_under_the_games_own_chapter() {
    for (game, chapter) in [
        (GameId::WptHeadsUp, "677a"),
        (GameId::TexasHoldemBonus, "647a"),
        (GameId::LunarPoker, "589"),
        (GameId::MississippiStud, "655a"),
        (GameId::Crazy4Poker, "657a"),
    ] {
        let dir = tempfile::tempdir().unwrap();
        let db = dir.path().join("shoe.sqlite");
        let mut s = common::ui::table(12, game);
        s.poker.dealing = Dealing::AutomatedShoe;
        let mut t = Terminal::open(Store::open(&db).unwrap(), None).unwrap();
        deckhand::demo::stage_at(&mut t, &s, At::Decision).unwrap();
        let round = t.table().round.as_ref().expect("a round in play");
        let deck = round.deck;
        let on_layout = round
            .banked
            .as_ref()
            .expect("a house-banked round")
            .refunds();
        assert!(
            on_layout.iter().all(|(_, c)| *c > 0),
            "{game:?}: {on_layout:?}"
        );

        // The catalogue asks a floorperson's signature; without it the report is refused.
        let e = t
            .report_irregularity("dealing-shoe-jam", None, None, None)
            .unwrap_err();
        assert!(e.contains("floorperson"), "{game:?}: {e}");
        let said = t
            .report_irregularity("dealing-shoe-jam", None, None, Some(("1001", "246810")))
            .unwrap();
        let own = format!("§ {chapter}.13(f)");
        assert!(said.ends_with(&format!("({own})")), "{game:?}: {said}");

        let rows = Store::open(&db).unwrap().all_rows().unwrap();
        let irr = rows
            .iter()
            .rev()
            .find(|r| r.kind == "irregularity")
            .unwrap();
        let p: serde_json::Value = serde_json::from_str(&irr.payload).unwrap();
        // § 677a.13(f): a WPT shoe jam is recorded under § 677a.13(f) with the floorperson who
        // signed; the round is void, every wager returned and the cards reshuffled (below).
        // § 657a.13(f): a Crazy 4 Poker shoe jam is recorded under § 657a.13(f) with the
        // floorperson who signed; the round is void, every wager returned and the cards go back
        // to be reshuffled with those dealt (below).
        assert_eq!(p["section"], own, "{game:?}: only the game's own chapter");
        assert_eq!(p["signed_by"]["credential"], "1001", "{game:?}");
        assert_eq!(irr.actor_credential.as_deref(), Some("1001"), "{game:?}");
        let void = rows
            .iter()
            .rev()
            .find(|r| r.kind == "round_voided")
            .unwrap();
        assert_eq!(void.serial, irr.serial + 1, "{game:?}: recorded together");
        let p: serde_json::Value = serde_json::from_str(&void.payload).unwrap();
        // § 655a.13(f): a Mississippi Stud shoe jam, under § 655a.13(f) with the floorperson's
        // signature (above): the round void, every wager returned, the cards reshuffled (below).
        // § 589.13(f): a Lunar Poker shoe jam, under § 589.13(f) with the floorperson who signed
        // (above): the round void, every wager on the layout returned, the cards back to be
        // reshuffled with those dealt (below).
        // § 647a.13(f): a Texas Hold 'Em Bonus shoe jam, under § 647a.13(f) with the floorperson
        // who signed (above): the round void, every wager returned, the cards reshuffled (below).
        assert_eq!(
            p["refunds"],
            serde_json::to_value(&on_layout).unwrap(),
            "{game:?}: every wager on the layout returned"
        );

        // No round; the cards of the void round go back to be shuffled, never dealt again as
        // they are.
        assert!(t.table().round.is_none(), "{game:?}");
        assert_ne!(t.table().decks[deck].status, DeckStatus::InPlay, "{game:?}");
        assert_ne!(
            t.table().decks[deck].status,
            DeckStatus::Shuffled,
            "{game:?}"
        );
        assert!(
            !matches!(t.table().step(), Step::StartRound { .. })
                || t.table()
                    .decks
                    .iter()
                    .any(|d| d.status == DeckStatus::Shuffled),
            "{game:?}: a round starts only from a shuffled deck"
        );
        // The journal rebuilds the same table.
        drop(t);
        let again = Terminal::open(Store::open(&db).unwrap(), None).unwrap();
        assert!(again.table().round.is_none(), "{game:?}");
    }
}

/// Every irregularity of every game's catalogue that logs or voids, reported during a round
/// at that game's table: recorded under that game's own section (never another chapter's),
/// signed by whom the catalogue says; an entry that logs leaves the round in play as it was,
/// one that voids ends it and returns what each seat had put in.
#[test]
fn every_catalogue_entry_records_under_its_own_section_and_does_what_it_says() {
    use deckhand::rules::irregularities::{Catalogue, Effect, Sign};
    let mut tried = 0;
    let dir = tempfile::tempdir().unwrap();
    for game in GameId::all() {
        let chapter = format!("§ {}.", game.def().chapter);
        // The game's table staged once (the people's PINs are slow to hash on purpose), then
        // copied for each entry: each report starts from the same round.
        let template = dir.path().join(format!("{}.sqlite", game.id()));
        {
            let mut s = common::ui::table(12, game);
            if game == GameId::Spanish21 {
                s.poker.dealing = Dealing::ManualShoe;
            }
            let mut t = Terminal::open(Store::open(&template).unwrap(), None).unwrap();
            deckhand::demo::stage_at(&mut t, &s, At::Decision).unwrap();
        }
        for item in Catalogue::embedded().for_game(game) {
            if !matches!(item.effect, Effect::Log | Effect::VoidRound) {
                continue;
            }
            let db = dir.path().join(format!("{}-{}.sqlite", game.id(), item.id));
            std::fs::copy(&template, &db).unwrap();
            let key = |p: &std::path::Path| deckhand::store::signing::default_key_path(p);
            std::fs::copy(key(&template), key(&db)).unwrap();
            let mut t = Terminal::open(Store::open(&db).unwrap(), None).unwrap();
            let round = t.table().round.clone().expect("a round in play");
            let seat = item.seat.then(|| round.seats[0]);
            let note = item
                .note
                .as_ref()
                .map(|_| "Ruled: the pot stands".to_string());
            let signer = match item.sign {
                Sign::None => None,
                Sign::Floor => Some(("1001", "246810")),
                Sign::Supervisor => Some(("3001", "135790")),
            };
            let said = t
                .report_irregularity(&item.id, seat, note, signer)
                .unwrap_or_else(|e| panic!("{game:?} {}: {e}", item.id));
            let own = item.section_for(game);
            assert!(
                said.ends_with(&format!("({own})")),
                "{game:?} {}: {said}",
                item.id
            );
            assert!(own.starts_with(&chapter), "{game:?} {}: {own}", item.id);
            assert_eq!(
                own.matches('§').count(),
                1,
                "{game:?} {}: one chapter only: {own}",
                item.id
            );
            let rows = Store::open(&db).unwrap().all_rows().unwrap();
            let irr = rows
                .iter()
                .rev()
                .find(|r| r.kind == "irregularity")
                .unwrap();
            let p: serde_json::Value = serde_json::from_str(&irr.payload).unwrap();
            assert_eq!(p["section"], own, "{game:?} {}", item.id);
            assert_eq!(p["id"], item.id.as_str());
            if let Some(s) = seat {
                assert_eq!(p["seat"], s, "{game:?} {}", item.id);
            }
            match signer {
                Some((credential, _)) => {
                    assert_eq!(
                        p["signed_by"]["credential"], credential,
                        "{game:?} {}",
                        item.id
                    )
                }
                None => assert!(p["signed_by"].is_null(), "{game:?} {}", item.id),
            }
            // § 655a.13(a): at Mississippi Stud one card face up is logged and play goes on;
            // more than one voids the round and returns every wager (the arm below).
            match item.effect {
                // § 677a.13(b): at WPT a card drawn in error is logged under the game's own
                // section and the round goes on as it was (the card used as the next one).
                // § 655a.13(b): the same at Mississippi Stud, under § 655a.13(b).
                // § 589.13(b): at Lunar Poker a card drawn in error, face not exposed, is logged
                // under § 589.13(b) and the round goes on as it was (the card used as the next);
                // one card found face up (`banked-card-face-up`) is logged the same, § 589.13(a).
                // § 657a.13(b): at Crazy 4 Poker a card drawn in error, face not exposed, is
                // logged under § 657a.13(b) and the round goes on (the card used as the next);
                // one card face up (`banked-card-face-up`) is logged the same, § 657a.13(a).
                // § 635a.13(c): at Spanish 21 a card drawn in error (`s21-drawn-in-error`, with
                // (d)'s exposed card) is logged and the round goes on as it was.
                // § 635a.13(d): the exposed card's action is in the same entry's steps.
                // § 635a.13(f): the dealer's missed card (`s21-dealer-missed-card`) is logged.
                // § 635a.13(g): too few cards to finish (`s21-shoe-short`) is logged, the
                // discards shuffled and cut, one burned, the round completed.
                // § 647a.13(b): at Texas Hold 'Em Bonus a card drawn in error, face not exposed, is
                // logged under § 647a.13(b) and the round goes on as it was (the card used next).
                Effect::Log => assert_eq!(
                    t.table().round.as_ref(),
                    Some(&round),
                    "{game:?} {}: logged, the round goes on as it was",
                    item.id
                ),
                _ => {
                    // § 655a.13(d): a community card exposed early (`community-exposed`) voids
                    // the Mississippi Stud round and returns every wager on the layout.
                    // § 589.13(a): at Lunar Poker more than one card face up
                    // (`banked-cards-face-up`) voids the round and returns every wager.
                    // § 589.13(d): a dealer's card exposed before every player folded or bet
                    // (`banked-dealer-card-exposed`) voids the round and returns every wager.
                    // § 657a.13(a): at Crazy 4 Poker more than one card face up
                    // (`banked-cards-face-up`) voids the round and returns every wager.
                    // § 657a.13(c): a wrong number of cards (`banked-wrong-number`) likewise.
                    // § 657a.13(d): a dealer's card exposed before every player folded or played
                    // (`banked-dealer-card-exposed`) likewise.
                    // § 647a.13(c): at Texas Hold 'Em Bonus a wrong number of cards dealt
                    // (`banked-wrong-number`) voids the round and returns every wager.
                    // § 677a.13(c), § 589.13(c), § 655a.13(c): the same entry at WPT, Lunar
                    // Poker and Mississippi Stud voids the round and returns every wager.
                    assert!(t.table().round.is_none(), "{game:?} {}", item.id);
                    let void = rows.last().unwrap();
                    assert_eq!(void.kind, "round_voided", "{game:?} {}", item.id);
                    let p: serde_json::Value = serde_json::from_str(&void.payload).unwrap();
                    assert_eq!(
                        p["refunds"],
                        serde_json::to_value(round.refunds()).unwrap(),
                        "{game:?} {}",
                        item.id
                    );
                }
            }
            tried += 1;
        }
    }
    assert!(tried >= 80, "{tried} entries tried");
}

/// § x.9(a)(1): a house-banked table dealing from the hand without an automated shuffler is
/// refused at opening, naming the game's own section, from the real start (the embedded
/// configuration with no shuffler: sign-in, the game picked, Open table); the same table
/// dealing from a manual shoe opens.
#[test]
fn hand_dealing_without_a_shuffler_is_refused_at_opening_naming_the_section() {
    use common::ui::tap;
    use egui_kittest::kittest::Queryable;
    // § 589.9(a): Lunar Poker likewise, naming § 589.9(a)(1).
    for (game, chapter) in [
        (GameId::Crazy4Poker, "657a"),
        (GameId::WptHeadsUp, "677a"),
        (GameId::LunarPoker, "589"),
    ] {
        let dir = tempfile::tempdir().unwrap();
        let db = dir.path().join("hand.sqlite");
        let mut config = common::ui::real_config(&db);
        config.table.dealing = Dealing::Hand;
        let app = deckhand::app::build(&config, Default::default(), None).unwrap();
        let mut h = common::ui::harness(app);
        h.run_ok();
        common::play::dealer_signs_in(&mut h, tap);
        tap(&mut h, game.name());
        // Said where the dealer looks, and "Open table" not offered.
        h.get_by_label_contains(&format!(
            "Dealt from the hand only with the shuffler (§ {chapter}.9(a)(1)): none is connected."
        ));
        assert!(!common::ui::ready(&h, "Open table"));
        h.get_by_label("Open table").click();
        h.run_ok();
        assert!(h.state().terminal().table().setup.is_none(), "not opened");
        drop(h);

        // The rules say the same to any caller; from a manual shoe the table opens.
        let mut s = common::ui::table(12, game);
        s.poker.dealing = Dealing::Hand;
        s.counting_shuffler = false;
        let db2 = dir.path().join("rules.sqlite");
        let mut t = Terminal::open(Store::open(&db2).unwrap(), None).unwrap();
        t.seed_demo_people().unwrap();
        t.sign_in("Alex Rivera", "20417", "112233").unwrap();
        let e = t
            .execute(deckhand::rules::table::Command::OpenTable(s.clone()))
            .unwrap_err();
        // § 677a.9(a): a WPT table dealing from the hand without the automated shuffler is
        // refused at opening, naming § 677a.9(a)(1); from a manual shoe it opens.
        assert!(e.contains(&format!("§ {chapter}.9(a)(1)")), "{e}");
        s.poker.dealing = Dealing::ManualShoe;
        t.execute(deckhand::rules::table::Command::OpenTable(s))
            .unwrap();
    }
}

/// The shuffler of a table dealing from the hand goes out of service: once it is covered
/// (§ x.13(g)) play stops, naming § x.9(a)(1), until it is back in service (the decks go
/// through it again), or the table deals from a manual shoe with the cards shuffled by hand;
/// both are journal rows a restart rebuilds.
#[test]
fn a_shuffler_out_of_service_stops_a_hand_dealt_table_until_it_is_back_or_a_shoe_is_used() {
    use deckhand::rules::table::{Command, Confirm};
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("out.sqlite");
    let mut s = common::ui::table(12, GameId::Crazy4Poker);
    s.poker.dealing = Dealing::Hand;
    s.counting_shuffler = true;
    let mut t = Terminal::open(Store::open(&db).unwrap(), None).unwrap();
    deckhand::demo::stage_at(&mut t, &s, At::Opened).unwrap();
    assert!(matches!(t.table().step(), Step::StartRound { .. }));

    t.execute(Command::ShufflerOutOfService).unwrap();
    assert_eq!(t.table().step(), Step::CoverShuffler);
    t.execute(Command::Confirm(Confirm::ShufflerCovered))
        .unwrap();
    // No play: not a hand shuffle, not a round.
    assert_eq!(t.table().step(), Step::ShufflerNeeded);
    assert_eq!(
        t.table().section_of(&Step::ShufflerNeeded),
        "§ 657a.9(a)(1), § 657a.13(g)"
    );
    assert!(
        t.execute(Command::StartRound { seats: vec![1, 2] })
            .is_err()
    );
    assert!(
        t.execute(Command::Confirm(Confirm::ShuffledAndCut))
            .is_err()
    );
    // Back in service: the decks go through the shuffler again.
    t.execute(Command::Confirm(Confirm::ShufflerBack)).unwrap();
    assert!(
        matches!(t.table().step(), Step::LoadShuffler { .. }),
        "{:?}",
        t.table().step()
    );
    let rebuilt = deckhand::terminal::rebuild(&t.store().table_events().unwrap()).unwrap();
    assert_eq!(&rebuilt, t.table());

    // Out again; this time the table deals from a manual shoe, shuffled and cut by hand.
    t.execute(Command::ShufflerOutOfService).unwrap();
    t.execute(Command::Confirm(Confirm::ShufflerCovered))
        .unwrap();
    assert_eq!(t.table().step(), Step::ShufflerNeeded);
    t.execute(Command::Confirm(Confirm::DealFromShoe)).unwrap();
    let setup = t.table().setup.as_ref().unwrap();
    assert_eq!(setup.poker.dealing, Dealing::ManualShoe);
    // A shoe's decks last 8 hours, the hand's 4 (§ 657a.3(c)).
    assert_eq!(setup.deck_change_limit(), (8, "§ 657a.3(c)"));
    // Without the shuffler one deck is dealt, round after round (§ 657a.3(a)).
    // § 657a.3(a): the shuffler taken out of service, the Crazy 4 Poker table deals one deck.
    assert!(t.table().one_deck());
    assert!(
        matches!(
            t.table().step(),
            Step::ShuffleManually { .. } | Step::StartRound { .. }
        ),
        "{:?}",
        t.table().step()
    );
    let rebuilt = deckhand::terminal::rebuild(&t.store().table_events().unwrap()).unwrap();
    assert_eq!(&rebuilt, t.table());
    let rows = t.store().all_rows().unwrap();
    assert!(rows.iter().any(|r| r.kind == "shuffler_back_in_service"));
    assert!(rows.iter().any(|r| r.kind == "dealing_changed"));

    // On the dealer's screen, at Lunar Poker: the stop under the game's own chapter, and
    // the tap that deals from a manual shoe.
    let db3 = dir.path().join("none.sqlite");
    let mut s = common::ui::table(12, GameId::LunarPoker);
    s.poker.dealing = Dealing::Hand;
    s.counting_shuffler = true;
    let mut t = Terminal::open(Store::open(&db3).unwrap(), None).unwrap();
    deckhand::demo::stage_at(&mut t, &s, At::Opened).unwrap();
    t.execute(Command::ShufflerOutOfService).unwrap();
    t.execute(Command::Confirm(Confirm::ShufflerCovered))
        .unwrap();
    // § 589.13(g): at a Lunar Poker table dealing from the hand, the covered shuffler stops
    // play under § 589.13(g) until it is back or the table deals from a manual shoe.
    assert_eq!(
        t.table().section_of(&Step::ShufflerNeeded),
        "§ 589.9(a)(1), § 589.13(g)"
    );
    {
        use egui_kittest::kittest::Queryable;
        let mut h = common::ui::harness(deckhand::ui::DeckhandApp::new(t, s, None));
        h.run_ok();
        h.get_by_label("No play without the shuffler");
        // The side panel says the same, never "Shuffled by hand".
        h.get_by_label("✖ Shuffler out of service");
        assert!(h.query_by_label("Shuffled by hand").is_none());
        h.get_by_label("§ 589.9(a)(1), § 589.13(g)");
        assert!(common::ui::ready(&h, "Shuffler back in service"));
        common::ui::tap(&mut h, "Deal from a manual shoe");
        let t = h.state().terminal().table();
        assert_eq!(t.setup.as_ref().unwrap().poker.dealing, Dealing::ManualShoe);
        h.get_by_label("Shuffle and cut the Red deck");
    }
}

/// Spanish 21: more than one card face up in the shoe during the deal voids the round, and the
/// cards are reshuffled (§ 635a.13(a)): the shoe is not dealt on, the next step is the shuffle;
/// the journal rebuilds the same table.
#[test]
fn a_void_spanish_21_round_reshuffles_the_shoe() {
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("s21.sqlite");
    let s = common::ui::table(12, GameId::Spanish21);
    let mut t = Terminal::open(Store::open(&db).unwrap(), None).unwrap();
    deckhand::demo::stage_at(&mut t, &s, At::Decision).unwrap();
    let deck = t.table().round.as_ref().expect("a round in play").deck;
    t.report_irregularity("s21-cards-face-up", None, None, Some(("1001", "246810")))
        .unwrap();
    let table = t.table();
    // § 635a.13(a): more than one card face up voids the round and the shoe goes back to be reshuffled, never dealt on.
    assert!(table.round.is_none());
    assert_eq!(table.decks[deck].status, DeckStatus::Unshuffled);
    assert!(
        matches!(
            table.step(),
            Step::ShuffleManually { .. } | Step::LoadShuffler { .. }
        ),
        "{:?}",
        table.step()
    );
    let rebuilt = deckhand::terminal::rebuild(&t.store().table_events().unwrap()).unwrap();
    assert_eq!(&rebuilt, t.table());
}

/// Spanish 21 shuffled by hand: two 10s in the shoe void the round and remove the decks
/// (§ 635a.13(b)); the replacement is inspected and verified by a floorperson, then goes to
/// the shuffle without a hand count (chapter 635a asks none; a shoe is 288 cards, not 52).
#[test]
fn a_spanish_21_replacement_shoe_goes_to_the_shuffle_uncounted() {
    use deckhand::rules::table::{Command, Confirm};
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("tens.sqlite");
    let s = common::ui::table(12, GameId::Spanish21);
    let mut t = Terminal::open(Store::open(&db).unwrap(), None).unwrap();
    deckhand::demo::stage_at(&mut t, &s, At::Decision).unwrap();
    assert!(t.table().manual_shuffle);
    t.report_irregularity("s21-tens-found", None, None, Some(("1001", "246810")))
        .unwrap();
    // § 635a.13(b): two 10s found void the round and take the decks out of play: a replacement is inspected next.
    assert!(t.table().round.is_none());
    assert!(matches!(t.table().step(), Step::InspectReplacement { .. }));
    t.execute(Command::Confirm(Confirm::ReplacementInspected))
        .unwrap();
    assert!(matches!(t.table().step(), Step::VerifyRemoval { .. }));
    t.verify("1001", "246810").unwrap();
    assert!(
        matches!(t.table().step(), Step::ShuffleManually { .. }),
        "{:?}",
        t.table().step()
    );
    let rebuilt = deckhand::terminal::rebuild(&t.store().table_events().unwrap()).unwrap();
    assert_eq!(&rebuilt, t.table());
}

/// § 635a.13(k): a card reader that malfunctions stops Spanish 21 at the table. Reported during
/// a round, that round is finished; no other starts until a floorperson signs the reader
/// repaired or replaced. From the real start.
#[test]
fn a_broken_card_reader_stops_spanish_21_until_a_floorperson_signs_it_repaired() {
    use crate::common::play::{floorperson_signs, play_step};
    use common::ui::tap;
    use egui_kittest::kittest::Queryable;
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("reader.sqlite");
    let mut h = common::ui::real_app(&db, 1280.0, 800.0, 0.25);
    crate::common::play::open_from_sign_in(&mut h, GameId::Spanish21, tap);
    tap(&mut h, "⚠ Irregularity");
    tap(&mut h, "Card reader malfunction  ·  §\u{a0}635a.13(k)");
    h.get_by_label_contains("no new round until a floorperson signs the card reader repaired");
    crate::common::ui::keys(&mut h, "1001");
    tap(&mut h, "PIN: ");
    crate::common::ui::keys(&mut h, "246810");
    tap(&mut h, "Record irregularity");
    assert_eq!(
        crate::common::ui::kinds(&db).last().unwrap(),
        "card_reader_out_of_service"
    );
    // The round in play goes on to its end; the reader is never offered as working.
    let mut n = 0;
    let mut read = false;
    while h.state().terminal().table().round.is_some() {
        assert!(
            h.query_by_label_contains("Insert the hole card into the card reader")
                .is_none()
        );
        use deckhand::rules::banked::round::BankedStep;
        use deckhand::rules::banked::spanish21::play21::Step21;
        match h.state().terminal().table().step() {
            // A king up: the hole card is one the reader would be asked about (§ 635a.7(g)).
            Step::Banked {
                step: BankedStep::Own(GameStep::Spanish21(Step21::Deal)),
                ..
            } => {
                for c in ["9♠", "7♦", "8♥", "6♣", "K♣"] {
                    tap(&mut h, c);
                }
                tap(&mut h, "Cards dealt");
                continue;
            }
            Step::Banked {
                step: BankedStep::Own(GameStep::Spanish21(Step21::Reader)),
                ..
            } => {
                h.get_by_label("Do not use the card reader");
                h.get_by_label("✖ The card reader is out of order");
                read = true;
            }
            _ => {}
        }
        assert!(play_step(&mut h, &mut n));
    }
    assert!(read, "the round came to the hole card's reading");
    assert_eq!(h.state().terminal().table().step(), Step::ReaderNeeded);
    h.get_by_label("No play until the card reader is repaired");
    h.get_by_label("§ 635a.13(k)");
    assert!(h.query_by_label_contains("Start round").is_none());
    // The rules refuse a round too, not only the screen.
    crate::common::machine::given(h.state().terminal().table().clone(), &[])
        .when(
            &deckhand::rules::table::Command::StartRound { seats: vec![2, 4] },
            (),
        )
        .refused("§ 635a.13(k)", "reader");
    tap(&mut h, "Floorperson: reader repaired");
    floorperson_signs(&mut h);
    let repaired = crate::common::ui::payloads(&db, "card_reader_repaired");
    assert_eq!(repaired.len(), 1);
    assert!(repaired[0].contains("Dana Brooks"), "{}", repaired[0]);
    assert_ne!(h.state().terminal().table().step(), Step::ReaderNeeded);
    let rebuilt = deckhand::store::replay::read_table(&db).unwrap();
    assert!(rebuilt == *h.state().terminal().table());
}

/// § 635a.2(d): the floorperson inspects Spanish 21's card reader at the beginning of each
/// gaming day. From the real start the screen asks for it before the first round and shows no
/// Start round; the terminal refuses a round until it is signed, and asks again the next gaming
/// day (`[table] gaming_day_starts_utc`).
#[test]
fn the_card_reader_is_inspected_once_each_gaming_day_before_play() {
    use crate::common::play::floorperson_signs;
    use common::ui::tap;
    use deckhand::rules::table::{Command, Confirm};
    use egui_kittest::kittest::Queryable;
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("reader-day.sqlite");
    let mut h = common::ui::real_app(&db, 1280.0, 800.0, 0.25);
    crate::common::play::dealer_signs_in(&mut h, tap);
    tap(&mut h, GameId::Spanish21.name());
    tap(&mut h, "Open table");
    tap(&mut h, "Decks inspected");
    tap(&mut h, "Floorperson verify");
    floorperson_signs(&mut h);
    tap(&mut h, "Player has inspected");
    tap(&mut h, "Decks washed");
    tap(&mut h, "Shuffled, cut and in the shoe");
    tap(&mut h, "Card burned");
    h.get_by_label("The floorperson inspects the card reader");
    h.get_by_label_contains("§ 635a.2(d)");
    assert!(h.query_by_label_contains("Start round").is_none());
    tap(&mut h, "Floorperson: card reader inspected");
    floorperson_signs(&mut h);
    let rows = common::ui::payloads(&db, "card_reader_inspected");
    assert_eq!(rows.len(), 1);
    assert!(rows[0].contains("Dana Brooks"), "{}", rows[0]);
    h.get_by_label("Start round 1");
    // The terminal: refused before the inspection, allowed after it, due again the next day.
    let dir2 = tempfile::tempdir().unwrap();
    let mut t = Terminal::open(Store::open(&dir2.path().join("t.sqlite")).unwrap(), None).unwrap();
    common::terminal::washed(&mut t, common::ui::table(12, GameId::Spanish21));
    t.execute(Command::Confirm(Confirm::ShuffledAndCut))
        .unwrap();
    t.execute(Command::Confirm(Confirm::CardBurned)).unwrap();
    let e = t
        .execute(Command::StartRound { seats: vec![2] })
        .unwrap_err();
    assert!(e.contains("§ 635a.2(d)"), "{e}");
    // A dealer cannot sign for the floorperson.
    assert!(t.inspect_reader("20417", "112233").is_err());
    t.inspect_reader("1001", "246810").unwrap();
    let now = chrono::Utc::now();
    assert_eq!(t.reader_inspection_due(now), None);
    assert!(
        t.reader_inspection_due(now + chrono::Duration::days(1))
            .is_some()
    );
    t.execute(Command::StartRound { seats: vec![2] }).unwrap();
    // The gaming day turns at the configured time, not at midnight.
    t.set_gaming_day_starts(chrono::NaiveTime::from_hms_opt(10, 0, 0).unwrap());
    let at = |h, m| {
        chrono::NaiveDate::from_ymd_opt(2026, 11, 24)
            .unwrap()
            .and_hms_opt(h, m, 0)
            .unwrap()
            .and_utc()
    };
    assert_eq!(t.gaming_day(at(9, 59)).to_string(), "2026-11-23");
    assert_eq!(t.gaming_day(at(10, 0)).to_string(), "2026-11-24");
}

/// § 635a.7(h)(1)(i): from the real start, a Blackjack against a 6 up is paid in its turn on
/// the screen, then the next box decides; the pay screen marks it paid at once.
#[test]
fn a_spanish_21_blackjack_against_a_six_is_paid_in_its_turn() {
    use crate::common::play::play_step;
    use common::ui::tap;
    use deckhand::rules::banked::round::BankedStep;
    use deckhand::rules::banked::spanish21::play21::Step21;
    use egui_kittest::kittest::Queryable;
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("bj.sqlite");
    let mut h = common::ui::real_app(&db, 1280.0, 800.0, 0.25);
    crate::common::play::open_from_sign_in(&mut h, GameId::Spanish21, tap);
    // The limit sign names the Spanish 21 Wager.
    h.get_by_label_contains("Posted limits: Spanish 21 $5.00 to $1,000.00");
    let mut n = 0;
    assert!(play_step(&mut h, &mut n), "the wagers");
    for c in ["A♠", "K♦", "9♣", "7♦", "6♥"] {
        tap(&mut h, c);
    }
    tap(&mut h, "Cards dealt");
    assert_eq!(
        h.state().terminal().table().step(),
        Step::Banked {
            step: BankedStep::Own(GameStep::Spanish21(Step21::PayBlackjack { seat: 2 })),
            game: GameId::Spanish21
        }
    );
    h.get_by_label("Seat 2 has Blackjack");
    // The amount to pay: 3 to 2 on the Spanish 21 Wager (§ 635a.12(a)).
    let ante = h
        .state()
        .terminal()
        .table()
        .round
        .as_ref()
        .and_then(|r| r.banked.as_ref())
        .map(|b| b.ante(2))
        .unwrap();
    h.get_by_label_contains(&format!(
        "announce the Blackjack and pay {} now at its posted odds",
        deckhand::rules::money(ante * 3 / 2)
    ));
    tap(&mut h, "Blackjack paid");
    h.get_by_label("Seat 4 decides");
    while h.state().terminal().table().round.is_some() {
        if h.query_by_label("Paid").is_some() {
            h.get_by_label_contains("(paid at once)");
        }
        assert!(play_step(&mut h, &mut n));
    }
    let rebuilt = deckhand::store::replay::read_table(&db).unwrap();
    assert!(rebuilt == *h.state().terminal().table());
    // The replay says whose Blackjack was paid.
    drop(h);
    let steps = deckhand::store::replay::round_steps_file(&db, 1).unwrap();
    assert!(
        steps
            .iter()
            .any(|s| s.what == "Seat 2's Blackjack paid, the cards removed"),
        "{:#?}",
        steps.iter().map(|s| &s.what).collect::<Vec<_>>()
    );
}

/// The section of the irregularity among `events`.
fn section_of(events: &[deckhand::rules::table::Event]) -> Option<&str> {
    events.iter().find_map(|e| match e {
        deckhand::rules::table::Event::Irregularity { section, .. } => Some(section.as_str()),
        _ => None,
    })
}

/// A counting shuffler at every house-banked table: a jam or a stop mid-shuffle is an
/// irregularity under the game's own chapter (§ 677a.13(e), § 647a.13(e), § 589.13(e),
/// § 655a.13(e), § 657a.13(e), § 635a.13(l)) and the cards go back into the shuffler; a count
/// other than the deck's removes it for replacement (§ x.5(b)).
#[test]
fn a_shuffler_jam_and_a_wrong_count_are_told_under_each_banked_chapter() {
    use deckhand::rules::table::Command;
    for (game, jam, count) in [
        (GameId::WptHeadsUp, "§ 677a.13(e)", "§ 677a.5(b)"),
        (GameId::TexasHoldemBonus, "§ 647a.13(e)", "§ 647a.5(b)"),
        (GameId::LunarPoker, "§ 589.13(e)", "§ 589.5(b)"),
        (GameId::MississippiStud, "§ 655a.13(e)", "§ 655a.5(b)"),
        (GameId::Crazy4Poker, "§ 657a.13(e)", "§ 657a.5(b)"),
        (GameId::Spanish21, "§ 635a.13(l)", "§ 635a.5(b)"),
    ] {
        let dir = tempfile::tempdir().unwrap();
        let db = dir.path().join("jam.sqlite");
        let mut s = common::ui::table(12, game);
        s.counting_shuffler = true;
        let mut t = Terminal::open(Store::open(&db).unwrap(), None).unwrap();
        common::terminal::washed(&mut t, s);
        let Step::LoadShuffler { deck: next } = t.table().step() else {
            panic!("{game:?}: {:?}", t.table().step());
        };
        let expected = t.table().cards_counted();
        // The deck goes into the shuffler and jams.
        t.execute(Command::LoadShuffler(next))
            .unwrap_or_else(|e| panic!("{game:?}: {e}"));
        let events = t
            .execute(Command::ShufflerFault {
                code: 0x0101,
                detail: "jam in the elevator".into(),
            })
            .unwrap_or_else(|e| panic!("{game:?}: {e}"));
        assert_eq!(section_of(&events), Some(jam), "{game:?}: {events:?}");
        assert!(
            t.table().step() == Step::LoadShuffler { deck: next },
            "{game:?}: the jammed deck goes back into the shuffler: {:?}",
            t.table().step()
        );
        // Loaded again, it counts one card short: removed for replacement.
        t.execute(Command::LoadShuffler(next)).unwrap();
        let events = t
            .execute(Command::ShufflerCounted {
                counted: expected - 1,
            })
            .unwrap_or_else(|e| panic!("{game:?}: {e}"));
        // § 677a.5(b): a shuffler count other than 52 at WPT is an irregularity under the
        // section and the deck goes off the table for a replacement.
        // § 655a.5(b): at Mississippi Stud likewise, under § 655a.5(b); play stops at the
        // removal (the step below) until the deck is replaced.
        // § 589.5(b): at Lunar Poker a counting shuffler's count other than 52 is told under
        // § 589.5(b) and play stops at the deck's removal (the step below).
        // § 647a.5(b): at Texas Hold 'Em Bonus a count other than 52 is told under § 647a.5(b)
        // and play stops at the deck's removal (the step below) until it is replaced.
        assert_eq!(section_of(&events), Some(count), "{game:?}: {events:?}");
        assert!(
            matches!(t.table().step(), Step::RemoveDeck { .. }),
            "{game:?}: {:?}",
            t.table().step()
        );
        let rebuilt = deckhand::terminal::rebuild(&t.store().table_events().unwrap()).unwrap();
        assert_eq!(&rebuilt, t.table(), "{game:?}");
    }
}

/// § 635a.7(a): every Spanish 21 card comes out of a dealing shoe; a table set to deal it from
/// the hand is refused at opening, naming the section.
#[test]
fn spanish_21_opens_only_with_a_dealing_shoe() {
    use deckhand::rules::table::Command;
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("s21hand.sqlite");
    let mut s = common::ui::table(12, GameId::Spanish21);
    s.poker.dealing = Dealing::Hand;
    let mut t = Terminal::open(Store::open(&db).unwrap(), None).unwrap();
    t.seed_demo_people().unwrap();
    t.sign_in("Alex Rivera", "20417", "112233").unwrap();
    let e = t.execute(Command::OpenTable(s.clone())).unwrap_err();
    assert!(e.contains("§ 635a.7(a)"), "{e}");
    assert!(t.table().setup.is_none());
    for dealing in [Dealing::ManualShoe, Dealing::AutomatedShoe] {
        s.poker.dealing = dealing;
        assert!(s.validate().is_ok(), "{dealing:?}");
    }
}
