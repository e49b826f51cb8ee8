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
