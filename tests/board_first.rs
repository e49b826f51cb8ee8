//! An automated dealing shoe that reshuffles the cards itself may dispense the community cards
//! before the players' stacks (§ 677a.10(g), § 647a.10(g)); the casino says so with
//! `[table] shoe_dispenses_board_first`. From the real start: the deal step says to place the
//! board face down first, and each reveal turns its cards face up with no burn.

use crate::common;

use common::play::{open_from_sign_in, play_out};
use common::ui::{keys, tap};
use deckhand::rules::games::GameId;
use deckhand::rules::registry::Dealing;
use egui_kittest::kittest::Queryable;

fn config(db: &std::path::Path) -> deckhand::config::Config {
    let mut c = common::ui::real_config(db);
    c.table.dealing = Dealing::AutomatedShoe;
    c.table.shoe_dispenses_board_first = true;
    c
}

#[test]
fn a_wpt_board_dispensed_first_is_turned_face_up_street_by_street() {
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("wpt.sqlite");
    let app = deckhand::app::build(&config(&db), Default::default(), None).unwrap();
    let mut h = common::ui::harness_with_dt(app, 1024.0, 768.0, 0.25);
    h.run_ok();
    common::ui::settle(&mut h);
    open_from_sign_in(&mut h, GameId::WptHeadsUp, tap);
    for seat in [2, 4] {
        tap(&mut h, &format!("Wagers of seat {seat}"));
        tap(&mut h, &format!("Seat {seat} Ante: —"));
        keys(&mut h, "10");
    }
    tap(&mut h, "No more bets");
    h.get_by_label_contains("The shoe dispenses the 5 community cards first: place them face down in the community area. Then deliver the stacks it dispenses");
    h.get_by_label("§ 677a.10(g)");
    tap(&mut h, "Cards dealt");
    tap(&mut h, "Check"); // seat 2
    tap(&mut h, "Check"); // seat 4
    h.get_by_label("Turn the flop face up (§ 677a.10(g), § 677a.11(c))");
    assert!(h.query_by_label_contains("Burn a card").is_none());
    tap(&mut h, "Done");
    tap(&mut h, "Check");
    tap(&mut h, "Check");
    h.get_by_label("Turn the turn card and the river card face up (§ 677a.10(g), § 677a.11(e))");
    play_out(&mut h);
    assert_eq!(h.state().terminal().table().rounds_played, 1);
    let rebuilt = deckhand::store::replay::read_table(&db).unwrap();
    assert!(rebuilt == *h.state().terminal().table());
}

#[test]
fn only_an_automated_dealing_shoe_dispenses_the_board_first() {
    let dir = tempfile::tempdir().unwrap();
    let mut c = config(&dir.path().join("x.sqlite"));
    c.table.dealing = Dealing::ManualShoe;
    let e = c.validate().unwrap_err();
    assert!(
        e.contains("shoe_dispenses_board_first") && e.contains("§ 677a.10(g)"),
        "{e}"
    );
    // Texas Hold 'Em Bonus turns each street up; a game whose chapter says nothing of it
    // (Crazy 4 Poker, no board) deals as usual.
    let thb = deckhand::rules::registry::round_def(GameId::TexasHoldemBonus).unwrap();
    assert!(thb.deals_board_first(Dealing::AutomatedShoe, true));
    assert!(!thb.deals_board_first(Dealing::ManualShoe, true));
    assert_eq!(
        thb.reveal_text(0, true),
        "Turn the flop face up (§ 647a.10(g))"
    );
    assert_eq!(thb.reveal_text(0, false), "Burn a card and deal the flop");
    // A board dispensed first burns nothing: the stub the dealer counts is that much larger
    // (§ 677a.10(d),(g)).
    let round = |first| {
        deckhand::rules::registry::start_round(GameId::WptHeadsUp, Dealing::AutomatedShoe, &[1, 2])
            .unwrap()
            .with_board_first(first)
            .stub_expected()
    };
    assert_eq!(round(true), 52 - 2 * 2 - 2 - 5);
    assert_eq!(
        round(false),
        52 - 2 * 2 - 2 - 5 - 2,
        "two burns (§ 677a.11(c),(e))"
    );
    let c4 = deckhand::rules::registry::round_def(GameId::Crazy4Poker).unwrap();
    assert!(!c4.deals_board_first(Dealing::AutomatedShoe, true));
}

/// Mississippi Stud from an automated dealing shoe that does not dispense the board first: the
/// dealer delivers the two-card stacks face down, clockwise from the player farthest to the
/// left, to each player in the round (each has an Ante: "No more bets" refuses a seat without).
#[test]
fn mississippi_stud_stacks_go_clockwise_from_the_dealers_left() {
    let ms = deckhand::rules::registry::round_def(GameId::MississippiStud).unwrap();
    assert!(!ms.deals_board_first(Dealing::AutomatedShoe, false));
    let (section, text) = ms.deal_text(Dealing::AutomatedShoe);
    // § 655a.10(b): the stacks, two cards face down each, go clockwise from the player farthest
    // to the dealer's left, under § 655a.10.
    assert_eq!(section, "§ 655a.10");
    assert!(
        text.starts_with("Deliver the stacks the automated dealing shoe dispenses, clockwise from the player farthest to your left: 2 cards face down to each player"),
        "{text}"
    );
}

/// Mississippi Stud from an automated dealing shoe, its deck shuffled by hand (no counting
/// shuffler): four rounds without a count, the fifth counts its stub right after the deal under
/// § 655a.10(d)–(f); a count above 52 is refused, and a wrong count that no misdeal explains
/// voids the round, returns every wager and removes the deck.
#[test]
fn an_automated_shoe_stub_is_counted_under_its_own_section() {
    use deckhand::rules::banked::round::{BankedCommand, BankedStep};
    use deckhand::rules::cards::parse_cards;
    use deckhand::rules::table::{Command, Confirm, Event, Step};
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("ms-ads.sqlite");
    let mut s = common::ui::table(12, GameId::MississippiStud);
    s.poker.dealing = Dealing::AutomatedShoe;
    let mut t = common::ui::opened(&db, &s);
    let c = |cards: &str| parse_cards(cards).unwrap();
    for number in 1..=5u32 {
        if matches!(t.table().step(), Step::ShuffleManually { deck: 0 }) {
            common::terminal::ok(&mut t, Command::Confirm(Confirm::ShuffledAndCut));
        }
        assert!(
            matches!(t.table().step(), Step::StartRound { deck: 0, .. }),
            "round {number}: {:?}",
            t.table().step()
        );
        common::terminal::ok(&mut t, Command::StartRound { seats: vec![2, 4] });
        for seat in [2u8, 4] {
            common::terminal::ok(
                &mut t,
                Command::Banked(BankedCommand::Wagers {
                    seat,
                    wagers: [("ante".to_string(), 500)].into(),
                }),
            );
        }
        common::terminal::ok(&mut t, Command::Banked(BankedCommand::NoMoreBets));
        common::terminal::ok(&mut t, Command::Banked(BankedCommand::Dealt));
        if number == 5 {
            break;
        }
        // Rounds 1 to 4 count nothing: decided, revealed, keyed and paid.
        while let Some(b) = t.table().round.as_ref().and_then(|r| r.banked.clone()) {
            let cmd = match b.step {
                BankedStep::Decide { seat, .. } => BankedCommand::Decide { seat, multiple: 1 },
                BankedStep::Reveal { .. } => BankedCommand::Revealed,
                BankedStep::Cards => BankedCommand::keyed(
                    vec![(2, c("2c 3d")), (4, c("4h 6s"))],
                    vec![],
                    c("8h 9s Jd"),
                ),
                _ => BankedCommand::Paid,
            };
            common::terminal::ok(&mut t, Command::Banked(cmd));
        }
    }
    let table = t.table();
    assert_eq!(table.round.as_ref().map(|r| r.number), Some(5));
    assert_eq!(
        table.step(),
        Step::CountStub {
            deck: 0,
            expected: 45
        }
    );
    // § 655a.10(d): without a counting shuffler the stub of an automated shoe's deal is counted
    // in the fifth round, right after the deal, against what a full deck leaves, under its own
    // section; a count above 52 is refused.
    assert_eq!(table.section_of(&table.step()), "§ 655a.10(d)–(f)");
    assert!(t.execute(Command::CountStub { counted: 53 }).is_err());
    let wagers = t.table().round.as_ref().unwrap().refunds();
    common::terminal::ok(&mut t, Command::CountStub { counted: 44 });
    assert_eq!(
        t.table().step(),
        Step::StubWrong {
            deck: 0,
            counted: 44,
            expected: 45
        }
    );
    let events = t.execute(Command::StubMisdeal { misdealt: false }).unwrap();
    // § 655a.10(f): not misdealt: every hand void, every wager returned and the entire deck
    // removed from the table, journaled under the section.
    assert!(
        events.iter().any(
            |e| matches!(e, Event::Irregularity { section, .. } if section == "§ 655a.10(d)–(f)")
        ),
        "{events:?}"
    );
    assert!(
        events
            .iter()
            .any(|e| matches!(e, Event::RoundVoided { refunds, .. } if *refunds == wagers)),
        "{events:?}"
    );
    assert!(t.table().round.is_none());
    assert_eq!(t.table().step(), Step::InspectReplacement { deck: 0 });
}
