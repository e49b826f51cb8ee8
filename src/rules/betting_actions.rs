//! The betting vocabulary of the poker room (§ 637a.8): a player's action as the dealer records
//! it, and the clockwise order of the seats. The betting rounds themselves are the hand
//! machine's (`poker::hand`), one for every poker-room game.

use super::Cents;
use serde::{Deserialize, Serialize};

/// A player's action as the dealer records it. Amounts are what goes into the pot now.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "action", rename_all = "kebab-case")]
pub enum Action {
    Fold,
    Check,
    Call {
        amount: Cents,
    },
    Bet {
        amount: Cents,
    },
    /// `amount` is what the player adds now, `to` the new total bet of the round.
    Raise {
        amount: Cents,
        to: Cents,
    },
}

impl Action {
    /// The kind the dealer taps for this action.
    pub fn kind(self) -> ActionKind {
        match self {
            Action::Fold => ActionKind::Fold,
            Action::Check => ActionKind::Check,
            Action::Call { .. } => ActionKind::Call,
            Action::Bet { .. } => ActionKind::Bet,
            Action::Raise { .. } => ActionKind::Raise,
        }
    }

    pub fn amount(self) -> Cents {
        match self {
            Action::Fold | Action::Check => 0,
            Action::Call { amount } | Action::Bet { amount } | Action::Raise { amount, .. } => {
                amount
            }
        }
    }
}

/// What the dealer may tap for the player to act. Kinds without amounts.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum ActionKind {
    Fold,
    Check,
    Call,
    Bet,
    Raise,
}

/// The seats of `seats` in clockwise order (seat numbers grow clockwise from the dealer's
/// left), starting with the first seat after `after`.
pub fn clockwise_after(seats: &[u8], after: u8) -> Vec<u8> {
    let mut sorted = seats.to_vec();
    sorted.sort_unstable();
    sorted.dedup();
    let (a, b): (Vec<u8>, Vec<u8>) = sorted.into_iter().partition(|s| *s > after);
    a.into_iter().chain(b).collect()
}

/// The seats that post the blinds, first blind first: clockwise from the first seat left of
/// the button (§ 637a.11(d)). Heads-up the chapter says nothing (a gap, docs/games/holdem.md):
/// with `heads_up_button_first`, the Rules Submission's choice and every room's posted rule, the
/// button posts the first (small) blind and the other player the second, so the button acts
/// first before the flop and last after it.
pub fn blind_order(seats: &[u8], button: u8, heads_up_button_first: bool) -> Vec<u8> {
    let mut order = clockwise_after(seats, button);
    if heads_up_button_first && order.len() == 2 && order.contains(&button) {
        order.reverse();
    }
    order
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn heads_up_the_button_posts_the_small_blind_where_the_house_says_so() {
        assert_eq!(blind_order(&[2, 4], 4, true), vec![4, 2]);
        assert_eq!(blind_order(&[2, 4], 4, false), vec![2, 4]);
        // Three or more: left of the button, whatever the choice.
        assert_eq!(blind_order(&[2, 4, 7], 4, true), vec![7, 2, 4]);
    }

    #[test]
    fn clockwise_wraps() {
        assert_eq!(clockwise_after(&[2, 5, 9], 5), vec![9, 2, 5]);
        assert_eq!(clockwise_after(&[2, 5, 9], 9), vec![2, 5, 9]);
        assert_eq!(clockwise_after(&[2, 5, 9], 1), vec![2, 5, 9]);
    }
}
