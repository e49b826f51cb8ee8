//! Decks received preinspected and preshuffled (§ 637a.4(e), § 637a.5(a),(b)(2)), from the real
//! start: `[table] preshuffled_decks = true` at a Hold'em table. The opening asks no inspection,
//! spread, wash or shuffle; each deck is cut before its first round; once dealt, a deck is
//! shuffled as any other (§ 637a.5(a)).

use crate::common;

use common::play::{dealer_signs_in, play_step};
use common::ui::{harness, kinds, real_config, tap};
use deckhand::rules::table::{DeckStatus, Step};
use deckhand::ui::DeckhandApp;
use egui_kittest::Harness;
use egui_kittest::kittest::Queryable;

/// Plays the round in play to its end.
fn finish(h: &mut Harness<'static, DeckhandApp>) {
    let mut n = 0;
    while h.state().terminal().table().round.is_some() {
        assert!(
            play_step(h, &mut n),
            "{:?}",
            h.state().terminal().table().step()
        );
    }
}

#[test]
fn preshuffled_decks_are_cut_not_inspected_or_shuffled_before_their_first_round() {
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("pre.sqlite");
    let mut c = real_config(&db);
    c.table.preshuffled_decks = true;
    let app = deckhand::app::build(&c, Default::default(), None).unwrap();
    let mut h = harness(app);
    h.run_ok();
    dealer_signs_in(&mut h, tap);
    tap(&mut h, "Open table");
    // No inspection, verification, spread or wash: the first deck's cut.
    h.get_by_label("Cut the preshuffled Red deck");
    h.get_by_label_contains("§ 637a.4(e), § 637a.5(b)(2)");
    // § 637a.5(b)(2): a preshuffled deck is cut with the cover card at least ten cards in from the
    // top, the cards above it (with it) to the bottom.
    h.get_by_label_contains("Cut it: place the cover card at least ten cards from the top, then move the cards above it, with the cover card, to the bottom.");
    assert!(h.query_by_label("Decks inspected").is_none());
    tap(&mut h, "Deck cut");
    tap(&mut h, "Seat 2");
    tap(&mut h, "Seat 4");
    tap(&mut h, "Start round 1");
    finish(&mut h);
    // Round 2 deals the other deck: preshuffled too, so cut, not shuffled.
    h.get_by_label("Cut the preshuffled Blue deck");
    tap(&mut h, "Deck cut");
    tap(&mut h, "Start round 2");
    finish(&mut h);
    // Round 3 deals the Red deck again: dealt once, it is shuffled as any other (§ 637a.5(a)).
    let t = h.state().terminal().table();
    assert_eq!(t.step(), Step::ShuffleManually { deck: 0 });
    assert!(t.decks.iter().all(|d| d.status != DeckStatus::Preshuffled));
    h.get_by_label("Shuffle and cut the Red deck");
    let k = kinds(&db);
    for absent in [
        "decks_inspected",
        "inspection_verified",
        "players_inspected",
        "decks_washed",
    ] {
        assert!(!k.iter().any(|x| x == absent), "{absent} in {k:?}");
    }
    assert_eq!(k.iter().filter(|x| *x == "preshuffled_deck_cut").count(), 2);
    let rebuilt = deckhand::store::replay::read_table(&db).unwrap();
    assert!(rebuilt == *h.state().terminal().table());
}

/// Without the setting the opening is as before: inspection first.
#[test]
fn decks_not_preshuffled_are_inspected_at_the_opening() {
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("not.sqlite");
    let app = deckhand::app::build(&real_config(&db), Default::default(), None).unwrap();
    let mut h = harness(app);
    h.run_ok();
    dealer_signs_in(&mut h, tap);
    tap(&mut h, "Open table");
    h.get_by_label("Decks inspected");
    assert!(h.query_by_label("Deck cut").is_none());
}

/// With the counting shuffler: the preshuffled deck is cut and dealt; the other waits, still
/// preshuffled, while the dealt deck goes into the shuffler after its round (§ 637a.3(b)).
#[test]
fn with_the_shuffler_a_dealt_deck_goes_to_the_shuffler_and_the_other_is_cut() {
    use deckhand::rules::table::{Command, Confirm};
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("shuffler.sqlite");
    let mut s = common::ui::table(5, deckhand::rules::games::GameId::Holdem);
    s.counting_shuffler = true;
    s.poker.preshuffled = true;
    let mut t =
        deckhand::terminal::Terminal::open(deckhand::store::Store::open(&db).unwrap(), None)
            .unwrap();
    t.seed_demo_people().unwrap();
    t.sign_in("Alex Rivera", "20417", "112233").unwrap();
    t.execute(Command::OpenTable(s)).unwrap();
    assert_eq!(t.table().step(), Step::CutPreshuffled { deck: 0 });
    t.execute(Command::Confirm(Confirm::PreshuffledCut))
        .unwrap();
    assert_eq!(
        t.table().step(),
        Step::StartRound {
            deck: 0,
            load: None
        }
    );
    common::poker::fold_round(&mut t, &[1, 2, 3]);
    assert_eq!(t.table().step(), Step::CutPreshuffled { deck: 1 });
    t.execute(Command::Confirm(Confirm::PreshuffledCut))
        .unwrap();
    assert_eq!(
        t.table().step(),
        Step::StartRound {
            deck: 1,
            load: Some(0)
        }
    );
    // A cut out of its step is refused.
    assert!(
        t.execute(Command::Confirm(Confirm::PreshuffledCut))
            .is_err()
    );
}

/// Mississippi Stud with the automated shuffler (§ 655a.3(b), § 655a.4(d)): both decks go
/// through the opening, each spread, washed and stacked; the first, shuffled by the shuffler,
/// goes to the deal without a cut while the second is shuffled in the shuffler, and the two
/// alternate round by round.
#[test]
fn with_the_shuffler_mississippi_stud_alternates_two_decks() {
    use deckhand::rules::banked::round::{BankedCommand, BankedStep};
    use deckhand::rules::cards::parse_cards;
    use deckhand::rules::games::GameId;
    use deckhand::store::Store;
    use deckhand::terminal::Terminal;
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("ms2.sqlite");
    let mut s = common::ui::table(12, GameId::MississippiStud);
    s.counting_shuffler = true;
    let mut t = Terminal::open(Store::open(&db).unwrap(), None).unwrap();
    t.seed_demo_people().unwrap();
    t.sign_in("Alex Rivera", "20417", "112233").unwrap();
    common::terminal::ok(
        &mut t,
        deckhand::rules::table::Command::OpenTable(s.clone()),
    );
    assert_eq!(t.table().decks.len(), 2);
    // The opening on the dealer's screen.
    let mut h = harness(DeckhandApp::new(t, s, None));
    h.run_ok();
    // § 655a.4(d): with the shuffler both decks are inspected, spread for the first player,
    // washed and stacked, each on its own, before either is shuffled.
    h.get_by_label("Inspect the Red deck and the Blue deck for defects.");
    tap(&mut h, "Decks inspected");
    tap(&mut h, "Floorperson verify");
    common::play::floorperson_signs(&mut h);
    h.get_by_label("Spread each deck face up in horizontal fan-shaped columns, by suit and in sequence, for the first player to arrive at the table to inspect.");
    tap(&mut h, "Player has inspected");
    h.get_by_label("Turn each deck face down, mix it thoroughly by washing, and stack it.");
    tap(&mut h, "Decks washed");
    assert_eq!(
        h.state().terminal().table().step(),
        Step::LoadShuffler { deck: 0 }
    );
    drop(h);
    let mut t = Terminal::open(Store::open(&db).unwrap(), None).unwrap();
    let ok = common::terminal::ok;
    ok(&mut t, deckhand::rules::table::Command::LoadShuffler(0));
    ok(
        &mut t,
        deckhand::rules::table::Command::ShufflerCounted { counted: 52 },
    );
    // § 655a.5(c): shuffled by the shuffler, the deck goes to the deal: no cut.
    assert_eq!(
        t.table().step(),
        Step::StartRound {
            deck: 0,
            load: Some(1)
        }
    );
    let c = |cards: &str| parse_cards(cards).unwrap();
    for (number, dealt, other) in [(1u32, 0usize, 1usize), (2, 1, 0), (3, 0, 1)] {
        // § 655a.3(b): one deck dealt while the other is shuffled and stored in the shuffler;
        // each deck used every other round.
        assert_eq!(
            t.table().step(),
            Step::StartRound {
                deck: dealt,
                load: Some(other)
            },
            "round {number}"
        );
        ok(
            &mut t,
            deckhand::rules::table::Command::StartRound { seats: vec![2] },
        );
        assert_eq!(
            t.table().round.as_ref().map(|r| (r.number, r.deck)),
            Some((number, dealt))
        );
        assert_eq!(t.table().decks[other].status, DeckStatus::Shuffling);
        ok(
            &mut t,
            deckhand::rules::table::Command::ShufflerCounted { counted: 52 },
        );
        assert_eq!(t.table().decks[other].status, DeckStatus::Shuffled);
        ok(
            &mut t,
            deckhand::rules::table::Command::Banked(BankedCommand::Wagers {
                seat: 2,
                wagers: [("ante".to_string(), 500)].into(),
            }),
        );
        ok(
            &mut t,
            deckhand::rules::table::Command::Banked(BankedCommand::NoMoreBets),
        );
        while let Some(b) = t.table().round.as_ref().and_then(|r| r.banked.clone()) {
            let cmd = match b.step {
                BankedStep::Deal => BankedCommand::Dealt,
                BankedStep::Decide { seat, .. } => BankedCommand::Decide { seat, multiple: 1 },
                BankedStep::Reveal { .. } => BankedCommand::Revealed,
                BankedStep::Cards => {
                    BankedCommand::keyed(vec![(2, c("2c 3d"))], vec![], c("8h 9s Jd"))
                }
                _ => BankedCommand::Paid,
            };
            ok(&mut t, deckhand::rules::table::Command::Banked(cmd));
        }
        assert_eq!(t.table().rounds_played, number);
    }
}
