//! The Bad Beat at a Hold'em table (§ 637a.15): a qualifying losing hand holds the round until
//! the shift supervisor verifies it on the screen (§ 637a.15(f)); a floorperson cannot.

use crate::common;
use crate::common::terminal::{ok, washed};

use common::poker::{check_through, showdown};
use deckhand::rules::poker::hand::Step as HandStep;
use deckhand::rules::poker::jackpots::BadBeatRules;
use deckhand::rules::table::{Command, Confirm, PotRules, Step, TableSetup};
use deckhand::store::Store;
use deckhand::terminal::Terminal;
use deckhand::ui::DeckhandApp;
use egui_kittest::Harness;
use egui_kittest::kittest::Queryable;

fn setup() -> TableSetup {
    TableSetup {
        pot_rules: PotRules {
            bad_beat_rules: Some(
                BadBeatRules::new("Ac Ad Ah Tc Td", true, 4, (50, 25, 25)).unwrap(),
            ),
            ..Default::default()
        },
        ..deckhand::demo::fixed_limit_table(3)
    }
}

/// A round of four checked down to the showdown.
fn to_showdown(db: &std::path::Path) -> Terminal {
    let mut t = Terminal::open(Store::open(db).unwrap(), None).unwrap();
    washed(&mut t, setup());
    ok(&mut t, Command::Confirm(Confirm::ShuffledAndCut));
    ok(
        &mut t,
        Command::StartRound {
            seats: vec![1, 2, 3, 4],
        },
    );
    check_through(&mut t);
    assert!(matches!(
        common::poker::step(&t),
        Some(HandStep::Showdown { .. })
    ));
    t
}

#[test]
fn aces_full_beaten_by_a_straight_flush_waits_for_the_supervisor() {
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("bb.sqlite");
    let mut t = to_showdown(&db);
    // Seat 4 concedes.
    showdown(
        &mut t,
        "As Ts Td 2s 3s",
        &[(1, "Ah Ad"), (2, "4s 5s"), (3, "7c 7d")],
    );
    let Step::VerifyBadBeat { hit } = t.table().step() else {
        panic!("{:?}", t.table().step())
    };
    assert_eq!((hit.losing_seat, hit.winning_seat), (1, 2));
    // The cards stay: the losing hands cannot be counted before the verification.
    assert!(
        t.execute(Command::CountLosingHands { correct: true })
            .is_err()
    );
    // A floorperson is not enough (§ 637a.15(f)).
    let e = t.verify("1001", "246810").unwrap_err();
    assert!(e.contains("§ 637a.15(f)"), "{e}");

    // On the screen: the shift supervisor verifies.
    let mut h = Harness::builder()
        .with_size(egui::vec2(1280.0, 800.0))
        .build_ui_state(
            |ui, app: &mut DeckhandApp| {
                app.logic(ui.ctx());
                app.show(ui);
            },
            DeckhandApp::new(t, setup(), None),
        );
    h.run_ok();
    h.get_by_label("Possible Bad Beat: hold the cards");
    h.get_by_label_contains("Seat 1 lost with Full house, aces full of tens to seat 2's");
    let tap = |h: &mut Harness<'_, DeckhandApp>, l: &str| {
        h.get_by_label(l).click();
        h.run_ok();
        crate::common::ui::wait_for_pin_check(h);
    };
    tap(&mut h, "Supervisor verify");
    for k in "3001".chars() {
        tap(&mut h, &k.to_string());
    }
    tap(&mut h, "Next: PIN");
    for k in "135790".chars() {
        tap(&mut h, &k.to_string());
    }
    tap(&mut h, "Verify");
    assert!(
        matches!(
            h.state().terminal().table().step(),
            Step::CountLosingHands { .. }
        ),
        "{:?}",
        h.state().terminal().table().step()
    );
    drop(h);

    let conn = rusqlite::Connection::open(&db).unwrap();
    let (actor, payload): (String, String) = conn
        .query_row(
            "SELECT actor_credential, payload FROM journal WHERE kind = 'bad_beat_verified'",
            [],
            |r| Ok((r.get(0)?, r.get(1)?)),
        )
        .unwrap();
    assert_eq!(actor, "3001");
    assert!(payload.contains("\"losing_seat\":1"), "{payload}");
    let shown: String = conn
        .query_row(
            "SELECT payload FROM journal WHERE kind = 'showdown_recorded'",
            [],
            |r| r.get(0),
        )
        .unwrap();
    assert!(shown.contains("bad_beat"), "{shown}");
}

#[test]
fn an_ordinary_showdown_is_not_held() {
    let dir = tempfile::tempdir().unwrap();
    let mut t = to_showdown(&dir.path().join("nb.sqlite"));
    showdown(&mut t, "As Ts Td 2s 3s", &[(1, "Tc 2h"), (2, "4s 5s")]);
    assert!(matches!(t.table().step(), Step::CountLosingHands { .. }));
}

/// § 637a.15(a),(c),(f): no table takes Bad Beat contributions it cannot hold for the
/// supervisor. The embedded configuration offers every game: the games the Bad Beat ranks
/// (Hold'em, Omaha, Stud, draw) take the contribution with the posted rules; the low games take
/// none. Contributions without the Bad Beat offered are refused at start.
#[test]
fn contributions_only_where_the_bad_beat_is_held() {
    use deckhand::rules::games::GameId;
    let dir = tempfile::tempdir().unwrap();
    let c = common::ui::real_config(&dir.path().join("c.sqlite"));
    for game in GameId::all().filter(|g| !g.is_house_banked()) {
        let s = c.table_setup_for(game);
        let ranks = deckhand::rules::poker::jackpots::bad_beat_ranks(game);
        assert_eq!(s.pot_rules.bad_beat > 0, ranks, "{}", game.id());
        assert_eq!(s.pot_rules.bad_beat_rules.is_some(), ranks, "{}", game.id());
    }
    assert!(
        c.table_setup_for(GameId::SevenCardStud)
            .pot_rules
            .bad_beat_rules
            .is_some()
    );
    assert_eq!(
        c.table_setup_for(GameId::SevenCardStudLow)
            .pot_rules
            .bad_beat,
        0
    );
    let mut off = c.clone();
    off.jackpots.bad_beat_enabled = false;
    let e = off.validate().unwrap_err();
    // § 637a.15(a): with `bad_beat_enabled` off the table offers no Bad Beat, so a per-pot contribution is refused at start.
    assert!(
        e.contains("bad_beat_enabled") && e.contains("§ 637a.15"),
        "{e}"
    );
}
