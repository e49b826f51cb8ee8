//! A poker-room round through the terminal's commands: the hand machine's steps, one helper each.

use deckhand::rules::betting_actions::{Action, ActionKind};
use deckhand::rules::cards::parse_cards;
use deckhand::rules::poker::hand::{HandCommand, Step as HandStep};
use deckhand::rules::table::{Command, Step};
use deckhand::terminal::Terminal;

/// The hand machine's step, while a poker-room round is under way.
pub fn step(t: &Terminal) -> Option<HandStep> {
    match t.table().step() {
        Step::Poker { step, .. } => Some(step),
        _ => None,
    }
}

pub fn ok(t: &mut Terminal, c: Command) {
    if let Err(e) = t.execute(c.clone()) {
        panic!("{c:?} refused: {e} (step {:?})", t.table().step());
    }
}

pub fn hand(t: &mut Terminal, c: HandCommand) {
    ok(t, Command::Poker(c));
}

pub fn post(t: &mut Terminal) {
    hand(t, HandCommand::Posted { straddle: false });
}

pub fn dealt(t: &mut Terminal) {
    hand(
        t,
        HandCommand::Dealt {
            up: vec![],
            common: None,
        },
    );
}

pub fn act(t: &mut Terminal, seat: u8, kind: ActionKind) {
    hand(
        t,
        HandCommand::Act {
            seat,
            kind,
            amount: None,
        },
    );
}

/// The seat to act now, if a player is to act.
pub fn to_act(t: &Terminal) -> Option<(u8, Vec<Action>)> {
    match step(t) {
        Some(HandStep::Act { seat, options, .. }) => Some((seat, options)),
        _ => None,
    }
}

/// Posts, deals and checks (or calls) every betting round until the showdown or the end of the
/// hand (a board game: no cards to key).
pub fn check_through(t: &mut Terminal) {
    for _ in 0..200 {
        match step(t) {
            Some(HandStep::PostForced { .. }) => post(t),
            Some(HandStep::Deal { .. }) => dealt(t),
            Some(HandStep::Act { seat, options, .. }) => {
                let kind = if options.contains(&Action::Check) {
                    ActionKind::Check
                } else {
                    ActionKind::Call
                };
                act(t, seat, kind);
            }
            _ => return,
        }
    }
    panic!("the hand did not reach its showdown");
}

/// The board and each shown hand, as card codes ("Kc Kd 4h 9s 2c").
pub fn showdown(t: &mut Terminal, board: &str, hands: &[(u8, &str)]) {
    hand(
        t,
        HandCommand::Showdown {
            board: parse_cards(board).unwrap(),
            hands: hands
                .iter()
                .map(|(s, c)| (*s, parse_cards(c).unwrap()))
                .collect(),
        },
    );
}

/// A round in which everyone folds to the last player: started, posted, dealt, folded, the
/// losing hands counted and the pot pushed.
pub fn fold_round(t: &mut Terminal, seats: &[u8]) {
    use deckhand::rules::table::Confirm;
    ok(
        t,
        Command::StartRound {
            seats: seats.to_vec(),
        },
    );
    post(t);
    dealt(t);
    while let Some((seat, _)) = to_act(t) {
        act(t, seat, ActionKind::Fold);
    }
    ok(t, Command::CountLosingHands { correct: true });
    ok(t, Command::Confirm(Confirm::PotPushed));
}

/// Between rounds: shuffles, counts (52) and verifies (floorperson 1001) until a round can
/// start.
pub fn to_next_round(t: &mut Terminal) {
    use deckhand::rules::table::Confirm;
    for _ in 0..10 {
        match t.table().step() {
            Step::StartRound { .. } => return,
            Step::ShuffleManually { .. } => ok(t, Command::Confirm(Confirm::ShuffledAndCut)),
            Step::CountDeck { .. } => ok(t, Command::ManualCount { counted: 52 }),
            Step::VerifyCount { .. } => {
                t.verify("1001", "246810").unwrap();
            }
            other => panic!("{other:?}"),
        }
    }
    panic!("no round can start: {:?}", t.table().step());
}
