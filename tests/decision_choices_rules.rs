//! A seat's decision choices (`banked/round/decision_choices.rs`): what the round offers the seat
//! whose turn it is, with the amounts and the section where a choice is refused; the round takes
//! what it offered and nothing else. Driven through the rules' decide-then-apply
//! (`common::machine::run_round`).

use crate::common::machine::run_round;
use deckhand::rules::Cents;
use deckhand::rules::banked::round::BankedCommand;
use deckhand::rules::banked::round::*;
use deckhand::rules::cards::parse_cards;
use deckhand::rules::dealing::Dealing;
use deckhand::rules::game_id::GameId;

fn crazy4_at_the_play(ante: Cents) -> BankedRound {
    let mut r = deckhand::rules::registry::start_round(GameId::Crazy4Poker, Dealing::Hand, &[1, 2])
        .unwrap();
    for seat in [1, 2] {
        run_round(
            &mut r,
            &BankedCommand::Wagers {
                seat,
                wagers: [("ante".to_string(), ante)].into(),
            },
        )
        .unwrap();
    }
    run_round(&mut r, &BankedCommand::NoMoreBets).unwrap();
    run_round(&mut r, &BankedCommand::Dealt).unwrap();
    r
}

/// The Play's choices are the phase's multiples and the fold, with their amounts; a hand
/// read below a pair of aces refuses the Play above the Ante (§ 657a.11(b)); only the seat
/// whose turn it is has choices; the round decides by the same answer.
#[test]
fn a_seats_choices_are_what_the_round_takes() {
    let r = crazy4_at_the_play(1000);
    let offered = |c: &[DecisionChoice]| -> Vec<(u8, Cents, bool)> {
        c.iter()
            .map(|c| (c.multiple, c.amount, c.refused.is_none()))
            .collect()
    };
    let all = r.decision_choices(1, None).unwrap();
    assert_eq!(
        offered(&all),
        [
            (1, 1000, true),
            (2, 2000, true),
            (3, 3000, true),
            (0, 0, true)
        ]
    );
    // A pair of tens read by the shoe: 1× or fold.
    let tens = parse_cards("Th Tc 4d 7s 9h").unwrap();
    let read = r.decision_choices(1, Some(&tens)).unwrap();
    assert_eq!(
        offered(&read),
        [
            (1, 1000, true),
            (2, 2000, false),
            (3, 3000, false),
            (0, 0, true)
        ]
    );
    assert!(read[2].refused.as_ref().unwrap().cites("§ 657a.11(b)"));
    // Aces: every Play.
    let aces = parse_cards("Ah Ac 4d 7s 9h").unwrap();
    assert!(
        r.decision_choices(1, Some(&aces))
            .unwrap()
            .iter()
            .all(|c| c.refused.is_none())
    );
    // Seat 2 waits its turn.
    let e = r.decision_choices(2, None).unwrap_err();
    assert!(e.contains("seat 1 decides now"), "{e}");
    // The round takes what was offered and refuses what was not, with the section.
    assert_eq!(r.verify_decision(1, 3), Ok(3000));
    let e = r.verify_decision(1, 4).unwrap_err();
    assert!(e.contains("§ 657a.11"), "{e}");
}

/// An Ante so large its Play cannot be counted is refused, never wrapped.
#[test]
fn a_play_past_what_the_terminal_counts_is_refused() {
    let r = crazy4_at_the_play(Cents::MAX / 2);
    let c = r.decision_choices(1, None).unwrap();
    assert!(c[0].refused.is_none() && c[1].refused.is_none());
    assert!(c[2].refused.is_some(), "{c:?}");
    assert!(r.verify_decision(1, 3).is_err());
}
