//! A full Hold'em round through the terminal against a real SQLite file, with a restart in the
//! middle, and the wrong-count path of § 637a.7(e)(5).

use crate::common;
use crate::common::terminal::ok;

use deckhand::devices::shuffler::{ShufflerDriver, ShufflerEvent};
use deckhand::rules::betting_actions::ActionKind;
use deckhand::rules::cards::parse_cards;
use deckhand::rules::poker::hand::{HandCommand, Step as HandStep};
use deckhand::rules::table::{Command, Confirm, DeckStatus, Step, TableSetup};
use deckhand::store::{ChainStatus, Store};
use deckhand::terminal::Terminal;
use std::sync::{Arc, Mutex};

/// A shuffler whose reports the test scripts: it counts whatever the test says.
#[derive(Clone, Default)]
struct ScriptedShuffler {
    requested: Arc<Mutex<Vec<u8>>>,
    outbox: Arc<Mutex<Vec<ShufflerEvent>>>,
}
impl ShufflerDriver for ScriptedShuffler {
    fn request_shuffle(&mut self, deck: u8) {
        self.requested.lock().unwrap().push(deck);
    }
    fn poll(&mut self) -> Vec<ShufflerEvent> {
        std::mem::take(&mut *self.outbox.lock().unwrap())
    }
}
impl ScriptedShuffler {
    fn report(&self, t: &mut Terminal, count: u16) {
        let deck = *self
            .requested
            .lock()
            .unwrap()
            .last()
            .expect("a shuffle was requested");
        self.outbox
            .lock()
            .unwrap()
            .push(ShufflerEvent::Counted { deck, count });
        t.poll_devices();
    }
}

fn setup() -> TableSetup {
    TableSetup {
        counting_shuffler: true,
        ..deckhand::demo::fixed_limit_table(12)
    }
}

fn open(path: &std::path::Path, sh: &ScriptedShuffler) -> Terminal {
    let mut t = Terminal::open(Store::open(path).unwrap(), Some(Box::new(sh.clone()))).unwrap();
    t.seed_demo_people().unwrap();
    t
}

/// The hand machine's step, when a poker-room round is under way.
fn hand_step(t: &Terminal) -> Option<HandStep> {
    match t.table().step() {
        Step::Poker { step, .. } => Some(step),
        _ => None,
    }
}

fn hand(t: &mut Terminal, c: HandCommand) {
    ok(t, Command::Poker(c));
}

fn act(t: &mut Terminal, seat: u8, kind: ActionKind) {
    hand(
        t,
        HandCommand::Act {
            seat,
            kind,
            amount: None,
        },
    );
}

fn dealt(t: &mut Terminal) {
    hand(
        t,
        HandCommand::Dealt {
            up: vec![],
            common: None,
        },
    );
}

fn open_table(t: &mut Terminal, sh: &ScriptedShuffler) {
    t.sign_in("Alex Rivera", "20417", "112233").unwrap();
    ok(t, Command::OpenTable(setup()));
    ok(t, Command::Confirm(Confirm::DecksInspected));
    // A dealer cannot verify; a wrong PIN is refused and logged.
    assert!(t.verify("20417", "000000").is_err());
    assert!(
        t.verify("1001", "111111")
            .unwrap_err()
            .contains("wrong PIN")
    );
    t.verify("1001", "246810").unwrap();
    ok(t, Command::Confirm(Confirm::PlayersInspected));
    ok(t, Command::Confirm(Confirm::DecksWashed));
    assert_eq!(t.table().step(), Step::LoadShuffler { deck: 0 });
    ok(t, Command::LoadShuffler(0));
    assert_eq!(t.table().step(), Step::AwaitShuffle { deck: 0 });
    sh.report(t, 52);
}

#[test]
fn one_round_end_to_end_survives_a_restart() {
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("table.sqlite");
    let sh = ScriptedShuffler::default();
    let mut t = open(&db, &sh);
    open_table(&mut t, &sh);

    // Round 1 with seats 2, 4, 7: the button starts right of the dealer (seat 7).
    assert_eq!(
        t.table().step(),
        Step::StartRound {
            deck: 0,
            load: Some(1)
        }
    );
    ok(
        &mut t,
        Command::StartRound {
            seats: vec![2, 4, 7],
        },
    );
    // § 637a.3(b): with the counting shuffler, the idle Blue deck goes into it as Red is dealt.
    assert_eq!(
        *sh.requested.lock().unwrap(),
        vec![0, 1],
        "Blue goes into the shuffler"
    );
    assert_eq!(t.table().decks[0].status, DeckStatus::InPlay);
    // § 637a.11(c),(d): the first blind left of the button, the second after it.
    match hand_step(&t) {
        Some(HandStep::PostForced { posts, .. }) => assert_eq!(
            posts,
            vec![(2, "blind".to_string(), 100), (4, "blind".to_string(), 200)]
        ),
        other => panic!("expected the blinds, at {other:?}"),
    }
    hand(&mut t, HandCommand::Posted { straddle: false });
    match hand_step(&t) {
        Some(HandStep::Deal { seats, down, .. }) => {
            // § 637a.11(f): two down to each, one at a time from the button's left, seat 7 last.
            assert_eq!(
                (seats, down),
                (vec![2, 4, 7], 2),
                "from seat 2, the button last"
            )
        }
        other => panic!("expected the hole cards, at {other:?}"),
    }
    dealt(&mut t);

    // Pre-flop: seat 7 acts first (left of the big blind), a double tap cannot skip a step.
    act(&mut t, 7, ActionKind::Call);
    assert!(
        t.execute(Command::Poker(HandCommand::Act {
            seat: 7,
            kind: ActionKind::Call,
            amount: None
        }))
        .is_err()
    );
    act(&mut t, 2, ActionKind::Call);
    act(&mut t, 4, ActionKind::Check);

    // Blue's count arrives during the round.
    sh.report(&mut t, 52);
    assert_eq!(t.table().decks[1].status, DeckStatus::Shuffled);

    match hand_step(&t) {
        Some(HandStep::Deal { board, burn, .. }) => assert_eq!((board, burn), (3, true)),
        other => panic!("expected the flop, at {other:?}"),
    }
    dealt(&mut t);

    // Restart mid-round: the table comes back at the same step.
    let before = t.table().clone();
    drop(t);
    let mut t = open(&db, &sh);
    assert_eq!(*t.table(), before);
    assert_eq!(
        t.table().round.as_ref().and_then(|r| r.poker.clone()),
        before.round.as_ref().and_then(|r| r.poker.clone()),
        "the hand itself is rebuilt"
    );

    // Flop: first live seat left of the button (seat 2).
    act(&mut t, 2, ActionKind::Bet);
    act(&mut t, 4, ActionKind::Fold);
    act(&mut t, 7, ActionKind::Call);
    dealt(&mut t);
    act(&mut t, 2, ActionKind::Check);
    act(&mut t, 7, ActionKind::Bet);
    act(&mut t, 2, ActionKind::Call);
    dealt(&mut t);
    act(&mut t, 2, ActionKind::Check);
    act(&mut t, 7, ActionKind::Check);

    // Showdown: nobody bet on the river, so the first seat left of the button shows first.
    // § 637a.18(e): checked through the final round, the first to act in it shows first, the others clockwise after.
    assert_eq!(
        hand_step(&t),
        Some(HandStep::Showdown { order: vec![2, 7] })
    );
    let board = parse_cards("Kc Kd 4h 9s 2c").unwrap();
    let c = |s: &str| parse_cards(s).unwrap();
    // A card entered twice is refused.
    assert!(
        t.execute(Command::Poker(HandCommand::Showdown {
            board: board.clone(),
            hands: vec![(2, c("Kc 4s")), (7, c("Ah Qh"))],
        }))
        .unwrap_err()
        .contains("entered twice")
    );
    hand(
        &mut t,
        HandCommand::Showdown {
            board,
            hands: vec![(2, c("Kh 4s")), (7, c("Ah Qh"))],
        },
    );
    let r = t.table().round.clone().unwrap();
    let result = r.poker.as_ref().and_then(|h| h.result.clone()).unwrap();
    // § 637a.6(f): the terminal ranks the cards keyed; no player's statement is entered.
    assert_eq!(
        result.shown[0],
        (2, "Full house, kings full of fours".to_string())
    );
    // Pot: 200 + 200 + 200 (pre-flop) + 200 + 200 (flop) + 400 + 400 (turn) = 1800.
    assert_eq!(r.pot(), 1800);
    // § 637a.11(a): Hold'em is high only: the best high hand takes the whole pot, no low half.
    assert_eq!(r.awards, vec![(2, 1800)]);
    assert_eq!(t.table().step(), Step::CountLosingHands { expected: 4 });
    ok(&mut t, Command::CountLosingHands { correct: true });
    ok(&mut t, Command::Confirm(Confirm::PotPushed));

    // Round 2 must use the other deck (§ 637a.3(a)) and the button moves to seat 2.
    assert_eq!(t.table().rounds_played, 1);
    // § 637a.3(a): the decks alternate: round 2 is dealt from Blue, Red goes to the shuffler.
    assert_eq!(
        t.table().step(),
        Step::StartRound {
            deck: 1,
            load: Some(0)
        }
    );
    ok(
        &mut t,
        Command::StartRound {
            seats: vec![2, 4, 7],
        },
    );
    // § 637a.12(c): the button moves clockwise after a round (the table's rotation, the same
    // for every button game): from seat 7 to seat 2.
    // § 637a.13(c): Five-card Draw's button the same: it started with the first player right of the dealer (seat 7) and moves clockwise to the next seat dealt in (seat 2).
    // § 637a.19(c): Five-card Omaha's button the same (the table's `next_button`, not the game's).
    // § 637a.20(c): Triple Draw's button the same.
    // § 637a.21(c): Badugi's button the same.
    assert_eq!(t.table().round.as_ref().unwrap().button, 2);

    // The journal: gap-free, chained, each step a row with the dealer and table.
    let rows = t.store().all_rows().unwrap();
    common::assert_kinds(&rows, &common::ROUND_KINDS);
    for (i, r) in rows.iter().enumerate() {
        assert_eq!(r.serial, i as i64 + 1);
    }
    let verified = rows
        .iter()
        .find(|r| r.kind == "inspection_verified")
        .unwrap();
    // § 637a.4(a): the inspection is verified by the floorperson (1001), not the dealer.
    assert_eq!(verified.actor_credential.as_deref(), Some("1001"));
    assert_eq!(verified.dealer_credential.as_deref(), Some("20417"));
    assert_eq!(verified.table_no, Some(12));
    assert!(
        rows.iter().all(|r| !r.payload.contains("246810")),
        "PINs never reach the journal"
    );
    // The screen's journal tail, kept from appends, is exactly the database's newest rows.
    let (cached, stored) = common::recent_serials(&t);
    assert_eq!(cached, stored);
    assert_eq!(cached.len(), deckhand::terminal::RECENT_ROWS);
    assert!(matches!(
        t.store().verify_chain().unwrap(),
        ChainStatus::Intact { .. }
    ));
}

/// The dealer confirms the inspection; a floorperson or above verifies it with credential number
/// and PIN (§ 637a.4(a)): no dealer can, not even with the right PIN, and the table goes no
/// further until it is verified.
#[test]
fn only_a_floorperson_or_above_verifies_the_inspection_before_play() {
    let dir = tempfile::tempdir().unwrap();
    let sh = ScriptedShuffler::default();
    let mut t = open(&dir.path().join("verify.sqlite"), &sh);
    t.sign_in("Alex Rivera", "20417", "112233").unwrap();
    ok(&mut t, Command::OpenTable(setup()));
    ok(&mut t, Command::Confirm(Confirm::DecksInspected));
    assert_eq!(t.table().step(), Step::VerifyInspection);
    // § 637a.4(a): the dealer at the table and another dealer, each with the right PIN, are
    // refused; the players' inspection waits for the verification.
    assert!(t.verify("20417", "112233").is_err());
    assert!(t.verify("20533", "445566").is_err());
    assert!(
        t.execute(Command::Confirm(Confirm::PlayersInspected))
            .is_err()
    );
    assert_eq!(t.table().step(), Step::VerifyInspection);
    t.verify("1001", "246810").unwrap();
    assert_eq!(t.table().step(), Step::PlayerInspection);
}

/// The blinds are the Rules Submission's (`[holdem] blinds`), at Hold'em and Omaha alike: one
/// blind, or three, each posted clockwise from the button's left before any card is dealt
/// (round 1: the button on seat 9, the highest seat dealt in).
#[test]
fn the_configured_blinds_are_posted_from_the_buttons_left_before_the_deal() {
    use deckhand::rules::games::GameId;
    let blind = |seat: u8, amount: deckhand::rules::Cents| (seat, "blind".to_string(), amount);
    for game in [GameId::Holdem, GameId::Omaha] {
        for (blinds, want) in [
            (vec![200], vec![blind(2, 200)]),
            (
                vec![50, 100, 200],
                vec![blind(2, 50), blind(4, 100), blind(7, 200)],
            ),
        ] {
            let dir = tempfile::tempdir().unwrap();
            let db = dir.path().join("blinds.sqlite");
            let mut c = common::ui::tracked_config(&db);
            c.holdem.blinds = blinds.clone();
            let s = c.table_setup_for(game);
            let mut t = common::ui::opened(&db, &s);
            ok(
                &mut t,
                Command::StartRound {
                    seats: vec![2, 4, 7, 9],
                },
            );
            match hand_step(&t) {
                Some(HandStep::PostForced { posts, .. }) => {
                    // § 637a.11(d): the configured number and amounts, the first left of the
                    // button, the others after it, before the deal.
                    // § 637a.12(d): the same at Omaha.
                    assert_eq!(posts, want, "{} {blinds:?}", game.id())
                }
                other => panic!("{}: the blinds before the deal, not {other:?}", game.id()),
            }
        }
    }
}

#[test]
fn wrong_count_stops_play_until_the_deck_is_replaced() {
    let dir = tempfile::tempdir().unwrap();
    let sh = ScriptedShuffler::default();
    let mut t = open(&dir.path().join("t.sqlite"), &sh);
    open_table(&mut t, &sh);
    ok(&mut t, Command::StartRound { seats: vec![1, 2] });
    hand(&mut t, HandCommand::Posted { straddle: false });

    // The Blue deck, in the shuffler, counts 51: play stops (§ 637a.7(e)(5)). The shuffler
    // reads cards, so the missing one is named.
    let mut read = deckhand::rules::cards::full_deck();
    read.retain(|c| c.to_string() != "7h");
    sh.outbox.lock().unwrap().push(ShufflerEvent::CardsRead {
        deck: 1,
        cards: read,
    });
    sh.report(&mut t, 51);
    assert_eq!(t.table().step(), Step::RemoveDeck { deck: 1 });
    let notice = t.device_notice.clone().unwrap_or_default();
    assert!(notice.contains("missing: 7♥"), "{notice}");
    let e = t
        .execute(Command::Poker(HandCommand::Dealt {
            up: vec![],
            common: None,
        }))
        .unwrap_err();
    assert!(e.contains("no poker-room round"), "{e}");
    ok(&mut t, Command::Confirm(Confirm::DeckRemoved));
    ok(&mut t, Command::Confirm(Confirm::ReplacementInspected));
    assert_eq!(t.table().step(), Step::VerifyRemoval { deck: 1 });
    t.verify("3001", "135790").unwrap(); // a supervisor is "above" a floorperson
    ok(&mut t, Command::LoadShuffler(1));
    sh.report(&mut t, 52);
    // Play resumes where it stopped.
    assert!(
        matches!(hand_step(&t), Some(HandStep::Deal { down: 2, .. })),
        "{:?}",
        t.table().step()
    );
    assert_eq!(t.table().decks[1].generation, 1);

    let rows = t.store().all_rows().unwrap();
    let irr = rows.iter().find(|r| r.kind == "irregularity").unwrap();
    assert!(irr.payload.contains("§ 637a.7(e)(5)"), "{}", irr.payload);
    assert!(irr.payload.contains("counted 51"), "{}", irr.payload);
    let named = rows.iter().find(|r| r.kind == "cards_identified").unwrap();
    assert!(
        named.payload.contains(r#""missing":["7h"]"#),
        "{}",
        named.payload
    );
    let removal = rows.iter().find(|r| r.kind == "removal_verified").unwrap();
    assert_eq!(removal.actor_credential.as_deref(), Some("3001"));
}
