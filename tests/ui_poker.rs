//! Poker-room games other than Hold'em dealt through the real screen (egui_kittest, by labels):
//! the procedure's steps one at a time, the forced bets, draws, Stud's up cards deciding who
//! brings it in and who acts first, the showdown, the count and the push, all journaled.

use crate::common;

use common::ui::{harness, kinds, tap, taps as cards};
use deckhand::rules::games::GameId;
use deckhand::rules::table::{Command, Step, TableSetup};
use deckhand::store::Store;
use deckhand::terminal::Terminal;
use deckhand::ui::DeckhandApp;
use egui_kittest::kittest::Queryable;

fn setup(game: GameId, forced_bet: i64) -> TableSetup {
    let mut s = common::ui::table(4, game);
    s.poker.forced_bet = forced_bet;
    s
}

/// An open table, shuffled by hand, waiting for the seats of round 1.
fn ready(db: &std::path::Path, s: &TableSetup) -> Terminal {
    let t = common::ui::opened(db, s);
    assert!(matches!(t.table().step(), Step::StartRound { .. }));
    t
}

#[test]
fn five_card_draw_through_the_screen() {
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("draw.sqlite");
    let s = setup(GameId::FiveCardDraw, 0);
    let mut h = harness(DeckhandApp::new(ready(&db, &s), s, None));
    h.run_ok();
    h.get_by_label("Table 4 · Five-card Draw");
    for seat in ["Seat 1", "Seat 2", "Seat 3"] {
        tap(&mut h, seat);
    }
    tap(&mut h, "Start round 1");
    // § 637a.13(d): five rounds face down, then the blinds (§ 637a.13(e)).
    h.get_by_label("Deal 5 down to each player");
    tap(&mut h, "Cards dealt");
    h.get_by_label("Seat 1 posts the first blind: $1.00");
    h.get_by_label("Seat 2 posts the second blind: $2.00");
    tap(&mut h, "Blinds posted");
    h.get_by_label("Seat 3 to act");
    tap(&mut h, "Call $2.00");
    tap(&mut h, "Call $1.00");
    tap(&mut h, "Check");
    // The draw, one player at a time from the button's left (§ 637a.13(g)); the first is told
    // to burn one first (§ 637a.13(g)(1)), as the journal records it.
    h.get_by_label("Seat 1 draws");
    h.get_by_label_contains("Burn one card first. Take seat 1's discards face down");
    tap(&mut h, "2 cards");
    h.get_by_label("Seat 2 draws");
    assert!(
        h.query_by_label_contains("Burn one card").is_none(),
        "one burn a draw"
    );
    tap(&mut h, "Stands pat");
    tap(&mut h, "1 card");
    h.get_by_label("Seat 1 to act");
    tap(&mut h, "Check");
    tap(&mut h, "Bet $4.00");
    tap(&mut h, "Fold");
    tap(&mut h, "Call $4.00");
    // Showdown: the bettor shows first (§ 637a.18(e)).
    // § 637a.18(e): the player who made the final bet (seat 2, after seat 1 checked) shows first.
    h.get_by_label_contains("Seat 2 shows first");
    cards(&mut h, "A♠ A♥ A♦ K♣ K♦");
    cards(&mut h, "Q♠ Q♥ 2♣ 3♦ 4♥");
    tap(&mut h, "Show the winner");
    h.get_by_label("Collect the losing hands and count them: 10 cards expected.");
    tap(&mut h, "Count is right");
    // § 637a.13(i): in Draw High the highest five-card high hand (the full house) takes the pot.
    h.get_by_label("Push $14.00 to seat 2.");
    tap(&mut h, "Pot pushed");
    let k = kinds(&db);
    // Deal, blinds, three actions, three draws, four actions, the showdown.
    let hand_steps = [
        "cards_dealt",
        "bets_posted",
        "player_acted",
        "cards_drawn",
        "showdown_recorded",
    ];
    // § 637a.13(a): Five-card Draw's own procedure, step by step as journaled: the deal, the blinds after it, one betting round, one draw, a final round, the showdown.
    assert_eq!(
        k.iter()
            .filter(|k| hand_steps.contains(&k.as_str()))
            .count(),
        13,
        "{k:?}"
    );
    assert_eq!(k.iter().filter(|k| *k == "pot_awarded").count(), 1);
    // The next round is ready on the other deck.
    assert!(matches!(
        h.state().terminal().table().step(),
        Step::ShuffleManually { .. } | Step::StartRound { .. }
    ));
}

#[test]
fn seven_card_stud_up_cards_decide_the_forced_bet_and_the_first_to_act() {
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("stud.sqlite");
    let s = setup(GameId::SevenCardStud, 100);
    let mut h = harness(DeckhandApp::new(ready(&db, &s), s, None));
    h.run_ok();
    for seat in ["Seat 1", "Seat 2", "Seat 3"] {
        tap(&mut h, seat);
    }
    tap(&mut h, "Start round 1");
    // § 637a.10(c): two down and one up to each, from the dealer's left: seat 1's up card is
    // keyed first, so the 2♣ is seat 2's and it brings it in below.
    h.get_by_label("Deal 2 down, then 1 up to each player");
    // Each seat's up card, in dealing order; the grid refuses a card already on the table.
    cards(&mut h, "K♠ 2♣ 9♥");
    tap(&mut h, "Dealt");
    // § 637a.10(d)(1): the lowest up card, 2♣, brings it in.
    h.get_by_label("Seat 2: forced bet $1.00");
    tap(&mut h, "Forced bets in");
    h.get_by_label("Seat 3 to act");
    tap(&mut h, "Call $1.00");
    tap(&mut h, "Call $1.00");
    // 4th street: seat 1 shows a pair of kings and acts first (§ 637a.10(f)(1)).
    cards(&mut h, "K♥ 3♣ 8♦");
    tap(&mut h, "Dealt");
    // § 637a.10(f): the best high hand showing, seat 1's kings, bets or checks first.
    h.get_by_label("Seat 1 to act");
    for _ in 0..3 {
        tap(&mut h, "Check");
    }
    for street in ["4♦ 5♣ 7♠", "J♣ 6♣ 10♥"] {
        cards(&mut h, street);
        tap(&mut h, "Dealt");
        h.get_by_label("Seat 1 to act");
        for _ in 0..3 {
            tap(&mut h, "Check");
        }
    }
    // 7th street face down: nothing to enter.
    h.get_by_label("Burn one, deal card 7 face down to each remaining player");
    tap(&mut h, "Dealt");
    for _ in 0..3 {
        tap(&mut h, "Check");
    }
    // The showdown starts with each seat's up cards; the dealer adds the three down cards.
    h.get_by_label("Seat 1 4/7");
    cards(&mut h, "A♠ A♥ Q♦");
    cards(&mut h, "9♣ Q♣ 7♦");
    cards(&mut h, "2♥ 3♥ 4♥");
    tap(&mut h, "Show the winner");
    h.get_by_label("Collect the losing hands and count them: 14 cards expected.");
    tap(&mut h, "Count is right");
    h.get_by_label("Push $3.00 to seat 2.");
    tap(&mut h, "Pot pushed");
    let awarded = common::ui::payloads(&db, "pot_awarded");
    assert!(awarded[0].contains("\"pot\":300"), "{awarded:?}");
    // A restart rebuilds the table from the journal at the same step.
    drop(h);
    let t = Terminal::open(Store::open(&db).unwrap(), None).unwrap();
    assert!(t.table().round.is_none());
    assert_eq!(t.table().rounds_played, 1);
}

#[test]
fn a_restart_mid_round_resumes_the_games_step() {
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("resume.sqlite");
    let s = setup(GameId::Omaha, 0);
    let mut t = ready(&db, &s);
    t.execute(Command::StartRound {
        seats: vec![2, 5, 8],
    })
    .unwrap();
    use deckhand::rules::poker::hand::{HandCommand, Step as HandStep};
    t.execute(Command::Poker(HandCommand::Posted { straddle: false }))
        .unwrap();
    t.execute(Command::Poker(HandCommand::Dealt {
        up: vec![],
        common: None,
    }))
    .unwrap();
    // The button starts on the highest seat (8), the blinds on 2 and 5: seat 8 acts first.
    let before = t.table().step();
    // § 637a.12(c): the button starts right of the dealer, on the highest seat (8): the blinds
    // are 2 and 5 and seat 8 acts first.
    assert!(
        matches!(
            &before,
            Step::Poker {
                step: HandStep::Act { seat: 8, .. },
                ..
            }
        ),
        "{before:?}"
    );
    // Out of turn: refused with the section, nothing journaled.
    let n = kinds(&db).len();
    let e = t
        .execute(Command::Poker(HandCommand::Act {
            seat: 2,
            kind: deckhand::rules::betting_actions::ActionKind::Call,
            amount: None,
        }))
        .unwrap_err();
    assert!(e.contains("§ 637a.8(c)"), "{e}");
    assert_eq!(kinds(&db).len(), n);
    drop(t);
    let t = Terminal::open(Store::open(&db).unwrap(), None).unwrap();
    assert_eq!(t.table().step(), before);
    // Omaha deals four to each: the stub holds 52 - 12.
    let hand = t.table().round.as_ref().unwrap().poker.clone().unwrap();
    assert_eq!(hand.stub, 40);
}

/// § 637a.18(m) on the screen: both hole cards turned up in the first deal void the hand and
/// return the ante; on the last round a player whose third hole card came up may stop betting.
#[test]
fn seven_card_stud_exposed_hole_cards() {
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("exposed.sqlite");
    let s = setup(GameId::SevenCardStud, 100);
    let mut h = harness(DeckhandApp::new(ready(&db, &s), s, None));
    h.run_ok();
    for seat in ["Seat 1", "Seat 2", "Seat 3", "Seat 4"] {
        tap(&mut h, seat);
    }
    tap(&mut h, "Start round 1");
    h.get_by_label("Deal 2 down, then 1 up to each player");
    assert!(
        h.query_by_label("Void seat 2's hand, return the ante")
            .is_none()
    );
    tap(&mut h, "Both hole cards turned up?");
    tap(&mut h, "Void seat 2's hand, return the ante");
    h.get_by_label_contains("To seats 1, 3, 4 in this order");
    let voided = common::ui::payloads(&db, "hand_voided");
    assert!(
        voided
            .iter()
            .any(|p| p.contains("\"hand-voided\"") && p.contains("\"returned\":")),
        "{voided:?}"
    );
    // Seat 2 takes no further part: no up card is asked of it.
    cards(&mut h, "K♠ 9♥ 5♦");
    tap(&mut h, "Dealt");
    h.get_by_label("Seat 4: forced bet $1.00");
    tap(&mut h, "Forced bets in");
    tap(&mut h, "Call $1.00");
    tap(&mut h, "Call $1.00");
    for street in ["K♥ 3♣ 8♦", "4♦ 5♣ 7♠", "J♣ 6♣ 10♥"] {
        cards(&mut h, street);
        tap(&mut h, "Dealt");
        assert!(
            h.query_by_label_contains("Third hole card was turned up")
                .is_none()
        );
        for _ in 0..3 {
            tap(&mut h, "Check");
        }
    }
    h.get_by_label("Burn one, deal card 7 face down to each remaining player");
    tap(&mut h, "Dealt");
    // Not before the last round; now it is offered to the seat to act.
    tap(
        &mut h,
        "Third hole card was turned up: stop betting, play for the pot so far",
    );
    let stopped = common::ui::payloads(&db, "betting_stopped");
    assert!(
        stopped.len() == 1 && stopped[0].contains("\"stopped-betting\""),
        "{stopped:?}"
    );
    tap(&mut h, "Check");
    tap(&mut h, "Check");
    h.get_by_label_contains("shows first");
}

/// The draw screens of Triple Draw (seven players) and Badugi (nine), every player drawing all
/// his cards: the first player of each draw is told to burn one first, the others are not, and
/// the draw the stub cannot cover is the button "discards shuffled in", journaled with the
/// reshuffle.
#[test]
fn triple_draw_and_badugi_draw_screens_ask_for_each_burn_and_name_the_reshuffle() {
    fn drawing(h: &egui_kittest::Harness<'_, DeckhandApp>) -> Option<(u8, u8)> {
        match h.state().terminal().table().step() {
            Step::Poker {
                step: deckhand::rules::poker::hand::Step::Draw { seat, max },
                ..
            } => Some((seat, max)),
            _ => None,
        }
    }
    fn stub(h: &egui_kittest::Harness<'_, DeckhandApp>) -> u8 {
        let t = h.state().terminal().table();
        t.round
            .as_ref()
            .and_then(|r| r.poker.as_ref())
            .map_or(0, |p| p.stub)
    }
    let dir = tempfile::tempdir().unwrap();
    for (game, players) in [(GameId::TripleDraw27, 7u8), (GameId::Badugi, 9)] {
        let db = dir.path().join(format!("{}.sqlite", game.id()));
        let s = setup(game, 0);
        let mut h = harness(DeckhandApp::new(ready(&db, &s), s, None));
        h.run_ok();
        for seat in 1..=players {
            tap(&mut h, &format!("Seat {seat}"));
        }
        tap(&mut h, "Start round 1");
        let mut n = 0;
        while drawing(&h).is_none() {
            assert!(
                common::play::play_step(&mut h, &mut n),
                "{game:?}: {:?}",
                h.state().terminal().table().step()
            );
        }
        let (first, _) = drawing(&h).unwrap();
        // § 637a.20(h): the burn before the first new card: the first drawer's screen asks for it.
        // § 637a.21(h): the same at Badugi.
        h.get_by_label_contains("Burn one card first.");
        let mut shuffled = false;
        while let Some((seat, max)) = drawing(&h) {
            if seat != first {
                assert!(
                    h.query_by_label_contains("Burn one card").is_none(),
                    "{game:?}: one burn a draw, not at seat {seat}"
                );
            }
            if max > stub(&h) {
                // § 637a.20(h): a draw the stub cannot cover is offered as "discards shuffled in" (the others' discards, not this player's).
                // § 637a.21(h): the same at Badugi.
                tap(&mut h, &format!("{max} cards, discards shuffled in"));
                shuffled = true;
                break;
            }
            tap(&mut h, &format!("{max} cards"));
        }
        assert!(
            shuffled,
            "{game:?}: everyone drawing all his cards runs the stub out"
        );
        let drawn = common::ui::payloads(&db, "cards_drawn");
        assert!(
            drawn.iter().any(|p| p.contains("\"discards-reshuffled\"")),
            "{game:?}: {drawn:?}"
        );
        // The rest stand pat, the betting round is played, and the second draw comes round.
        while drawing(&h).map(|d| d.0) != Some(first) {
            assert!(
                common::play::play_step(&mut h, &mut n),
                "{game:?}: {:?}",
                h.state().terminal().table().step()
            );
        }
        // § 637a.21(i): the second draw, after a burn the first drawer's screen asks for.
        // § 637a.20(i): the same at Triple Draw.
        h.get_by_label_contains("Burn one card first.");
    }
}
