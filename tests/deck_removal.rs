//! A removed deck is recorded with its own number and what became of it (issue 23, item 8):
//! the internal controls' dispositions are configuration (§ 637a.3(c)); the floorperson who
//! verifies the removal (§ 637a.7(e)(5)) picks one, on the pad or not at all.

use crate::common;

use common::ui::{harness, tap};
use deckhand::rules::table::{Command, Confirm, Step};
use deckhand::ui::DeckhandApp;
use egui_kittest::kittest::Queryable;

fn to_verification(t: &mut deckhand::terminal::Terminal) {
    // A round whose losing hands are miscounted: void, and the deck goes (§ 637a.7(e)(6)(i)).
    t.execute(Command::StartRound { seats: vec![1, 2] })
        .unwrap();
    common::poker::post(t);
    common::poker::dealt(t);
    while let Some((seat, _)) = common::poker::to_act(t) {
        common::poker::act(t, seat, deckhand::rules::betting_actions::ActionKind::Fold);
    }
    t.execute(Command::CountLosingHands { correct: false })
        .unwrap();
    t.execute(Command::Confirm(Confirm::ReplacementInspected))
        .unwrap();
    assert!(matches!(t.table().step(), Step::VerifyRemoval { .. }));
}

#[test]
fn the_floorperson_says_what_became_of_the_removed_deck() {
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("removal.sqlite");
    let mut s = common::ui::table(4, deckhand::rules::games::GameId::Holdem);
    s.poker.deck_dispositions = vec![
        "cancelled and destroyed".into(),
        "sealed and returned to the cage".into(),
    ];
    let mut t = common::ui::opened(&db, &s);
    to_verification(&mut t);
    // A signature without the disposition is refused, and so is one not on the list.
    let e = t.verify("1001", "246810").unwrap_err();
    assert!(e.contains("what becomes of the removed deck"), "{e}");
    let e = t
        .verify_removal("1001", "246810", "thrown in the river")
        .unwrap_err();
    assert!(
        e.contains("not one of the internal controls' dispositions"),
        "{e}"
    );
    // On the screen: the choice, then the floorperson's pad.
    let mut h = harness(DeckhandApp::new(t, s.clone(), None));
    h.run_ok();
    h.get_by_label_contains("the Red deck No. 0");
    assert!(!common::ui::ready(&h, "Floorperson verify"));
    tap(&mut h, "cancelled and destroyed");
    tap(&mut h, "Floorperson verify");
    common::play::sign_pad(&mut h, "1001", "246810");
    drop(h);
    let removed = common::ui::payloads(&db, "deck_removed");
    // § 637a.3(c): the removed deck is journaled with its own number, and what became of it.
    assert!(removed[0].contains("\"generation\":0"), "{}", removed[0]);
    let verified = common::ui::payloads(&db, "removal_verified");
    assert!(
        verified[0].contains("\"disposition\":\"cancelled and destroyed\"")
            && verified[0].contains("1001"),
        "{}",
        verified[0]
    );
    // Verified: the removal's verification step is behind the table.
    let table = deckhand::store::replay::read_table(&db).unwrap();
    assert!(!matches!(table.step(), Step::VerifyRemoval { .. }));
}
