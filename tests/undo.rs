//! Taking back a step of the round (issue 20): the dealer undoes the last betting action or
//! player's decision before anything follows it; a floorperson signs a correction that takes
//! the round back further. Both are journal rows; the rows taken back stay; a restart rebuilds
//! the same round from the journal, and the replay check passes.

use crate::common;
use crate::common::person;
use crate::common::terminal::{antes_closed, banked, ok};
use deckhand::rules::banked::lunar::lunar_steps::LunarCommand;

use deckhand::rules::banked::round::{BankedCommand, BankedStep};
use deckhand::rules::betting_actions::ActionKind;
use deckhand::rules::games::GameId;
use deckhand::rules::poker::hand::{HandCommand, Step as HandStep};
use deckhand::rules::table::{Command, Role, Step};
use deckhand::store::{ChainStatus, Store};
use deckhand::terminal::Terminal;

/// The seat whose turn it is.
fn to_act(t: &Terminal) -> u8 {
    match t.table().step() {
        Step::Poker {
            step: HandStep::Act { seat, .. },
            ..
        } => seat,
        other => panic!("nobody to act at {other:?}"),
    }
}

fn act(t: &mut Terminal, kind: ActionKind) {
    let seat = to_act(t);
    ok(
        t,
        Command::Poker(HandCommand::Act {
            seat,
            kind,
            amount: None,
        }),
    );
}

fn kinds(db: &std::path::Path) -> Vec<String> {
    common::ui::kinds(db)
}

#[test]
fn a_betting_action_is_undone_and_a_correction_takes_the_round_back() {
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("undo.sqlite");
    let s = common::ui::table(5, GameId::Holdem);
    let mut t = common::ui::opened(&db, &s);
    // Nothing to take back before a round.
    assert!(t.execute(Command::UndoLast).is_err());
    ok(
        &mut t,
        Command::StartRound {
            seats: vec![1, 2, 3],
        },
    );
    ok(
        &mut t,
        Command::Poker(HandCommand::Posted { straddle: false }),
    );
    ok(
        &mut t,
        Command::Poker(HandCommand::Dealt {
            up: vec![],
            common: None,
        }),
    );
    // Dealing is not the dealer's to undo.
    let e = t.execute(Command::UndoLast).unwrap_err();
    assert!(e.contains("a floorperson corrects the round"), "{e}");
    let before = t.table().round.clone();
    let first = to_act(&t);
    // A fold tapped by mistake: undone, the same seat acts again.
    act(&mut t, ActionKind::Fold);
    assert_ne!(to_act(&t), first);
    assert_eq!(
        t.table().undoable().map(str::to_string),
        Some(format!("seat {first} folds"))
    );
    ok(&mut t, Command::UndoLast);
    assert_eq!(
        t.table().round,
        before,
        "the round as it was before the fold"
    );
    assert_eq!(to_act(&t), first);
    // Only the last step: a second undo has nothing betting to take back.
    assert!(t.execute(Command::UndoLast).is_err());
    act(&mut t, ActionKind::Call);
    let after_call = t.table().round.clone();
    act(&mut t, ActionKind::Call);
    // Two steps later, a floorperson takes the round back to before the second call; a dealer
    // cannot sign it, a step count beyond the round is refused.
    let dealer = person("Alex Rivera", "20417", Role::Dealer);
    let floor = person("Dana Brooks", "1001", Role::Floorperson);
    let e = t
        .execute(Command::CorrectRound {
            steps: 1,
            signed_by: dealer,
        })
        .unwrap_err();
    assert!(e.contains("correct the round in play"), "{e}");
    assert!(
        t.execute(Command::CorrectRound {
            steps: 9,
            signed_by: floor.clone(),
        })
        .is_err()
    );
    ok(
        &mut t,
        Command::CorrectRound {
            steps: 1,
            signed_by: floor.clone(),
        },
    );
    assert_eq!(t.table().round, after_call);
    act(&mut t, ActionKind::Call);
    let end = t.table().clone();
    // Nothing was deleted: the fold, its undo, both calls, the correction and the new action.
    let all = kinds(&db);
    assert_eq!(
        all[all.len() - 7..],
        [
            "cards_dealt",
            "player_acted",
            "step_undone",
            "player_acted",
            "player_acted",
            "round_corrected",
            "player_acted"
        ],
        "the fold, its undo, both calls, the correction and the new call"
    );
    drop(t);
    // A restart rebuilds the same round from the journal; the replay check agrees.
    let t2 = Terminal::open(Store::open(&db).unwrap(), None).unwrap();
    assert_eq!(t2.table().round, end.round);
    assert_eq!(t2.table().step(), end.step());
    let store = Store::open(&db).unwrap();
    assert!(matches!(
        store.verify_chain().unwrap(),
        ChainStatus::Intact { .. }
    ));
}

#[test]
fn a_crazy_4_decision_is_undone_before_the_next_seat_decides() {
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("undo-c4.sqlite");
    let s = common::ui::table(6, GameId::Crazy4Poker);
    let mut t = common::ui::opened(&db, &s);
    antes_closed(&mut t, &[2, 4], 1000);
    // "No more bets" told the progressive controller: not taken back here.
    assert!(t.execute(Command::UndoLast).is_err());
    ok(&mut t, Command::Banked(BankedCommand::Dealt));
    ok(
        &mut t,
        Command::Banked(BankedCommand::Decide {
            seat: 2,
            multiple: 0,
        }),
    );
    ok(&mut t, Command::UndoLast);
    let step = |t: &Terminal| banked(t).step.clone();
    assert_eq!(step(&t), BankedStep::Decide { phase: 0, seat: 2 });
    assert!(banked(&t).folded.is_empty());
    ok(
        &mut t,
        Command::Banked(BankedCommand::Decide {
            seat: 2,
            multiple: 1,
        }),
    );
    assert_eq!(step(&t), BankedStep::Decide { phase: 0, seat: 4 });
    let end = t.table().clone();
    drop(t);
    let t2 = Terminal::open(Store::open(&db).unwrap(), None).unwrap();
    assert_eq!(t2.table().round, end.round);
}

/// A Lunar Poker round of seats 2 and 4 ($10 Antes, seat 2 a Super Wager of `super_wager`) just
/// before "all decisions are locked in": seat 2 has bet, seat 4 bought a sixth card.
fn lunar_before_the_lock_in(db: &std::path::Path, super_wager: i64) -> Terminal {
    use deckhand::rules::banked::round::DrawKind;
    let s = common::ui::table(6, GameId::LunarPoker);
    let mut t = common::ui::opened(db, &s);
    ok(&mut t, Command::StartRound { seats: vec![2, 4] });
    for (seat, sup) in [(2, super_wager), (4, 0)] {
        let mut wagers: std::collections::BTreeMap<String, i64> =
            [("ante".to_string(), 1000)].into_iter().collect();
        if sup > 0 {
            wagers.insert("super".into(), sup);
        }
        ok(
            &mut t,
            Command::Banked(BankedCommand::Wagers { seat, wagers }),
        );
    }
    ok(&mut t, Command::Banked(BankedCommand::NoMoreBets));
    ok(&mut t, Command::Banked(BankedCommand::Dealt));
    ok(
        &mut t,
        Command::Banked(BankedCommand::Decide {
            seat: 2,
            multiple: 2,
        }),
    );
    ok(
        &mut t,
        Command::Banked(BankedCommand::from(LunarCommand::Draw {
            seat: 4,
            kind: DrawKind::Buy,
        })),
    );
    t
}

/// Lunar Poker: once "all decisions are locked in" no decision is taken back or changed
/// (§ 589.11(a)(3)): the dealer's undo and a floorperson's correction are refused, the player
/// who bet decides nothing more, and only the player who drew decides again (§ 589.11(d)).
#[test]
fn a_lunar_decision_is_not_taken_back_once_all_decisions_are_locked_in() {
    let dir = tempfile::tempdir().unwrap();
    let mut t = lunar_before_the_lock_in(&dir.path().join("undo-lunar.sqlite"), 500);
    // Until the lock-in, the last decision can still be taken back.
    assert!(t.table().undoable().is_some());
    // "All decisions are locked in": seat 2's Super Wager, not declared, is settled.
    ok(
        &mut t,
        Command::Banked(BankedCommand::from(LunarCommand::LockIn { cards: vec![] })),
    );
    let floor = person("Dana Brooks", "1001", Role::Floorperson);
    // § 589.11(a): after "all decisions are locked in" neither the dealer's undo nor a
    // floorperson's correction takes a decision back.
    assert!(t.execute(Command::UndoLast).is_err());
    assert!(
        t.execute(Command::CorrectRound {
            steps: 1,
            signed_by: floor,
        })
        .is_err()
    );
    ok(
        &mut t,
        Command::Banked(BankedCommand::from(LunarCommand::LockInPaid)),
    );
    let step = |t: &Terminal| banked(t).step.clone();
    // Only the player who drew decides again; the player who bet changes nothing.
    assert_eq!(step(&t), BankedStep::Decide { phase: 1, seat: 4 });
    assert!(
        t.execute(Command::Banked(BankedCommand::Decide {
            seat: 2,
            multiple: 0,
        }))
        .is_err()
    );
}

/// § 589.11(a) where nobody declared and no Super Wager stands: "all decisions are locked in" is
/// the Options phase's reveal, and no correction takes the round back past it all the same.
#[test]
fn a_lunar_lock_in_without_a_super_wager_is_not_corrected_past() {
    let dir = tempfile::tempdir().unwrap();
    let mut t = lunar_before_the_lock_in(&dir.path().join("undo-lunar-plain.sqlite"), 0);
    assert!(t.table().undoable().is_some());
    ok(&mut t, Command::Banked(BankedCommand::Revealed));
    let floor = person("Dana Brooks", "1001", Role::Floorperson);
    assert!(t.execute(Command::UndoLast).is_err());
    assert!(
        t.execute(Command::CorrectRound {
            steps: 1,
            signed_by: floor,
        })
        .is_err(),
        "a correction takes no decision back past the lock-in (§ 589.11(a))"
    );
}

/// From the real start (the app as `deckhand` builds it, sign-in, the open-table screen): a
/// mistaken Fold is taken back with "Undo last"; later a floorperson's correction takes the
/// round back to before a call, from the Correction screen.
#[test]
fn the_dealer_undoes_a_fold_and_a_floorperson_corrects_a_call_on_the_screen() {
    use common::ui::{keys, ready, tap};
    use egui_kittest::kittest::{NodeT, Queryable};
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("undo-ui.sqlite");
    let mut h = common::ui::tracked_app(&db, 1024.0, 768.0, 0.25);
    common::play::open_from_sign_in(&mut h, GameId::Holdem, tap);
    assert!(!ready(&h, "Undo last"), "nothing to undo yet");
    assert!(ready(&h, "Correction"));
    tap(&mut h, "Blinds posted");
    tap(&mut h, "Cards dealt");
    let first = to_act(h.state().terminal());
    tap(&mut h, "Fold");
    assert!(h.state().terminal().table().round.is_some());
    assert!(ready(&h, "Undo last"));
    tap(&mut h, "Undo last");
    h.get_by_label_contains(&format!("✔ Undone: Seat {first} folds"));
    assert_eq!(to_act(h.state().terminal()), first);
    // The small blind calls, the big blind checks: the flop is next. The call was wrong.
    let call = h
        .query_all_by_role(egui::accesskit::Role::Button)
        .filter_map(|n| n.accesskit_node().label())
        .find(|l| l.starts_with("Call ") && l != "Call floor")
        .expect("a call is offered");
    tap(&mut h, &call);
    tap(&mut h, "Check");
    tap(&mut h, "Correction");
    h.get_by_label("Correct the round in play");
    assert!(
        !ready(&h, "Correct the round"),
        "not before a step is tapped"
    );
    let back = h
        .query_all_by_role(egui::accesskit::Role::Button)
        .filter_map(|n| n.accesskit_node().label())
        .find(|l| l.starts_with("Back to before: ") && l.contains("calls"))
        .expect("the call is offered");
    tap(&mut h, &back);
    keys(&mut h, "1001");
    tap(&mut h, "PIN: ");
    keys(&mut h, "246810");
    tap(&mut h, "Correct the round");
    h.get_by_label_contains("✔ Round taken back 2 steps by Dana Brooks");
    assert_eq!(
        to_act(h.state().terminal()),
        first,
        "the call is to make again"
    );
    let all = kinds(&db);
    assert_eq!(
        all[all.len() - 5..],
        [
            "player_acted",
            "step_undone",
            "player_acted",
            "player_acted",
            "round_corrected"
        ]
    );
}

/// Spanish 21: a player's decision keyed by mistake (a surrender, a double down) is taken back
/// with the dealer's one tap while nothing follows it, as a Bet is; a card dealt is not. The
/// round the journal rebuilds is the round on screen.
#[test]
fn a_spanish_21_surrender_is_undone_and_a_card_dealt_is_not() {
    use deckhand::rules::banked::round::GameStep;
    use deckhand::rules::banked::spanish21::play21::{Command21, Step21};
    let c = |s: &str| deckhand::rules::cards::parse_cards(s).unwrap();
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("undo-s21.sqlite");
    let s = common::ui::table(6, GameId::Spanish21);
    let mut t = common::ui::opened(&db, &s);
    antes_closed(&mut t, &[1, 2], 1000);
    let play = |t: &mut Terminal, p: Command21| ok(t, Command::Banked(p.into()));
    play(
        &mut t,
        Command21::Dealt {
            seats: vec![(1, c("Jh 6d")), (2, c("9s 2c"))],
            up: c("Ks")[0],
            read: vec![],
        },
    );
    let step = |t: &Terminal| banked(t).step.clone();
    let hand = |seat| BankedStep::Own(GameStep::Spanish21(Step21::Hand { seat, hand: 0 }));
    // The card reader says no Blackjack before anyone decides (a king up, § 635a.7(g)).
    if step(&t) == BankedStep::from(Step21::Reader) {
        play(&mut t, Command21::Reader { blackjack: false });
    }
    assert_eq!(step(&t), hand(1));
    play(&mut t, Command21::Surrender);
    assert_eq!(step(&t), hand(2));
    assert_eq!(t.table().undoable(), Some("Seat 1 hand 1 surrenders"));
    ok(&mut t, Command::UndoLast);
    assert_eq!(step(&t), hand(1));
    assert!(banked(&t).spanish21().unwrap().surrendered.is_empty());
    // The cover card tapped by mistake is taken back too.
    play(&mut t, Command21::CoverCard { seat: Some(1) });
    assert_eq!(
        t.table().undoable(),
        Some("The cover card came out on box 1")
    );
    ok(&mut t, Command::UndoLast);
    assert!(!banked(&t).spanish21().unwrap().cover_card);
    play(&mut t, Command21::Stand);
    play(&mut t, Command21::Double { amount: 1000 });
    play(
        &mut t,
        Command21::Card {
            card: c("Kd")[0],
            read: None,
        },
    );
    // The card dealt to the double down is a fact: not the dealer's undo.
    assert!(t.table().undoable().is_none());
    assert!(t.execute(Command::UndoLast).is_err());
    assert!(kinds(&db).contains(&"step_undone".to_string()));
    let end = t.table().clone();
    drop(t);
    let t2 = Terminal::open(Store::open(&db).unwrap(), None).unwrap();
    assert_eq!(t2.table().round, end.round);
}

/// Spanish 21 from sign-in: a surrender tapped by mistake is taken back with "Undo last", and
/// the box decides again.
#[test]
fn the_dealer_undoes_a_spanish_21_surrender_on_the_screen() {
    use common::ui::{ready, tap};
    use egui_kittest::kittest::Queryable;
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("undo-s21-ui.sqlite");
    let mut h = common::ui::tracked_app(&db, 1024.0, 768.0, 0.25);
    common::play::open_with_seats(&mut h, GameId::Spanish21, tap, &[1, 2]);
    let mut taps = 0;
    for _ in 0..40 {
        if ready(&h, "Surrender") {
            break;
        }
        common::play::play_step(&mut h, &mut taps);
    }
    assert!(ready(&h, "Surrender"), "no box was offered a surrender");
    assert!(!ready(&h, "Undo last"), "nothing decided yet");
    let deciding = h.state().terminal().table().step();
    tap(&mut h, "Surrender");
    assert!(ready(&h, "Undo last"));
    tap(&mut h, "Undo last");
    h.get_by_label_contains("✔ Undone: Seat 1 hand 1 surrenders");
    assert_eq!(h.state().terminal().table().step(), deciding);
    assert!(ready(&h, "Surrender"), "the box decides again");
    assert!(kinds(&db).contains(&"step_undone".to_string()));
}
