//! Table stakes are the poker room's (§ 637a.8(b)), never a house-banked game's.

use crate::common;

use common::ui::tap;
use deckhand::rules::games::GameId;
use egui_kittest::kittest::Queryable;

/// Table stakes are the poker room's (§ 637a.8(b)): a casino that keeps them at its poker
/// tables (`[holdem] table_stakes`, or no-limit) keeps none at a house-banked game, whose seats
/// stay picked from round to round (a walk saw all six dropped at each new round, and the ready
/// screen offering table stakes at Mississippi Stud).
#[test]
fn a_house_banked_game_keeps_no_table_stakes_whatever_the_poker_room_keeps() {
    use deckhand::rules::table::StructureKind;
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("stakes.sqlite");
    let mut config = common::ui::real_config(&db);
    config.holdem.table_stakes = true;
    assert!(
        config
            .table_setup_for(GameId::Holdem)
            .betting
            .tracks_stakes()
    );
    for game in GameId::ALL.into_iter().filter(|g| g.is_house_banked()) {
        let s = config.table_setup_for(game);
        assert!(!s.betting.tracks_stakes(), "{game:?}");
    }
    let mut no_limit = common::ui::real_config(&db);
    no_limit.holdem.structure = StructureKind::NoLimit;
    assert!(
        !no_limit
            .table_setup_for(GameId::MississippiStud)
            .betting
            .tracks_stakes()
    );
    let mut h = common::ui::app_with(&config, 1024.0, 768.0, 0.25);
    common::play::open_with_seats(&mut h, GameId::MississippiStud, tap, &[2, 4]);
    common::play::play_out(&mut h);
    tap(&mut h, "Shuffled and cut");
    h.get_by_label_contains("Ready for round 2");
    assert!(h.query_by_label_contains("Table stakes").is_none());
    assert!(
        common::ui::ready(&h, "Start round 2"),
        "seats 2 and 4 stay picked"
    );
    tap(&mut h, "Start round 2");
    let r = common::ui::banked_round(&h);
    assert_eq!(r.seats_in(), vec![2, 4]);
}
