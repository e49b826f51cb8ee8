//! One betting round of a poker-room game (§ 637a.8, § 637a.11(g),(h)).
//!
//! The walking skeleton implements the fixed-limit structure the casino posts (§ 637a.8(k):
//! posted minimum and maximum bets and a cap on raises). Table stakes, all-in and side pots
//! (§ 637a.8(b)) belong to the poker-room issue and are not modelled yet.

use super::Cents;
use serde::{Deserialize, Serialize};
use std::collections::{BTreeMap, VecDeque};

/// A street of Hold'em: the betting round that follows each deal.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Street {
    Preflop,
    Flop,
    Turn,
    River,
}

impl Street {
    pub fn name(self) -> &'static str {
        match self {
            Street::Preflop => "pre-flop",
            Street::Flop => "flop",
            Street::Turn => "turn",
            Street::River => "river",
        }
    }
    pub fn next(self) -> Option<Street> {
        match self {
            Street::Preflop => Some(Street::Flop),
            Street::Flop => Some(Street::Turn),
            Street::Turn => Some(Street::River),
            Street::River => None,
        }
    }
}

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

#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct BettingRound {
    pub street: Street,
    /// The fixed bet and raise size for this street (§ 637a.8(k) posted limits).
    pub unit: Cents,
    /// Posted maximum number of raises per betting round (§ 637a.8(k)).
    pub max_raises: u8,
    /// The highest total any player has put in on this street.
    pub current: Cents,
    pub raises: u8,
    /// What each seat has put in on this street.
    pub street_in: BTreeMap<u8, Cents>,
    /// Seats still to respond, in the order they act.
    pub pending: VecDeque<u8>,
    /// The last seat to bet or raise (shows first at showdown, § 637a.18(e)).
    pub aggressor: Option<u8>,
}

/// A refused action, with the section that forbids it.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum BetError {
    #[error("it is seat {expected}'s turn, not seat {got}'s (§ 637a.8(c))")]
    NotYourTurn { expected: u8, got: u8 },
    #[error("no one is to act: the betting round is complete (§ 637a.1 \"betting round\")")]
    RoundComplete,
    #[error("seat {seat} cannot {what} (§ 637a.8)")]
    NotAllowed { seat: u8, what: &'static str },
    #[error("the posted cap of {0} raises per betting round is reached (§ 637a.8(k))")]
    RaiseCap(u8),
}

impl BettingRound {
    /// A round in which `order` act first to last; `forced` holds blinds already in.
    pub fn new(
        street: Street,
        unit: Cents,
        max_raises: u8,
        order: Vec<u8>,
        forced: BTreeMap<u8, Cents>,
    ) -> Self {
        let current = forced.values().copied().max().unwrap_or(0);
        BettingRound {
            street,
            unit,
            max_raises,
            current,
            raises: 0,
            street_in: forced,
            pending: order.into(),
            aggressor: None,
        }
    }

    pub fn to_act(&self) -> Option<u8> {
        self.pending.front().copied()
    }

    pub fn to_call(&self, seat: u8) -> Cents {
        self.current - self.street_in.get(&seat).copied().unwrap_or(0)
    }

    /// The actions open to the seat to act, in the order the dealer sees them.
    pub fn options(&self) -> Vec<Action> {
        let Some(seat) = self.to_act() else {
            return vec![];
        };
        let owed = self.to_call(seat);
        let mut v = vec![Action::Fold];
        if owed == 0 {
            v.push(Action::Check);
        } else {
            v.push(Action::Call { amount: owed });
        }
        if self.current == 0 {
            v.push(Action::Bet { amount: self.unit });
        } else if self.raises < self.max_raises {
            let to = self.current + self.unit;
            v.push(Action::Raise {
                amount: to - self.street_in.get(&seat).copied().unwrap_or(0),
                to,
            });
        }
        v
    }

    /// Resolves a tapped kind into the exact action with its amount, or refuses it.
    pub fn resolve(&self, seat: u8, kind: ActionKind) -> Result<Action, BetError> {
        let expected = self.to_act().ok_or(BetError::RoundComplete)?;
        if expected != seat {
            return Err(BetError::NotYourTurn {
                expected,
                got: seat,
            });
        }
        let opts = self.options();
        let found = opts.iter().copied().find(|a| {
            matches!(
                (kind, a),
                (ActionKind::Fold, Action::Fold)
                    | (ActionKind::Check, Action::Check)
                    | (ActionKind::Call, Action::Call { .. })
                    | (ActionKind::Bet, Action::Bet { .. })
                    | (ActionKind::Raise, Action::Raise { .. })
            )
        });
        found.ok_or(match kind {
            ActionKind::Raise if self.current > 0 => BetError::RaiseCap(self.max_raises),
            ActionKind::Fold => BetError::NotAllowed { seat, what: "fold" },
            ActionKind::Check => BetError::NotAllowed {
                seat,
                what: "check when facing a bet",
            },
            ActionKind::Call => BetError::NotAllowed {
                seat,
                what: "call when there is no bet",
            },
            ActionKind::Bet => BetError::NotAllowed {
                seat,
                what: "open when a bet is already made; it may raise",
            },
            ActionKind::Raise => BetError::NotAllowed {
                seat,
                what: "raise when there is no bet; it may open",
            },
        })
    }

    /// Applies an already resolved action. `others` are the other seats still in the hand,
    /// in the order they act after `seat`; they must respond again after a bet or raise.
    pub fn apply(&mut self, seat: u8, action: Action, others_after: &[u8]) {
        self.pending.pop_front();
        *self.street_in.entry(seat).or_insert(0) += action.amount();
        match action {
            Action::Fold | Action::Check | Action::Call { .. } => {}
            Action::Bet { .. } | Action::Raise { .. } => {
                if matches!(action, Action::Raise { .. }) {
                    self.raises += 1;
                }
                self.current = self.street_in[&seat];
                self.aggressor = Some(seat);
                self.pending = others_after.iter().copied().collect();
            }
        }
    }

    pub fn is_complete(&self) -> bool {
        self.pending.is_empty()
    }
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

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn clockwise_wraps() {
        assert_eq!(clockwise_after(&[2, 5, 9], 5), vec![9, 2, 5]);
        assert_eq!(clockwise_after(&[2, 5, 9], 9), vec![2, 5, 9]);
        assert_eq!(clockwise_after(&[2, 5, 9], 1), vec![2, 5, 9]);
    }

    #[test]
    fn raise_reopens_and_cap_holds() {
        // Three players, no blinds, $2 unit, two raises allowed.
        let mut b = BettingRound::new(Street::Flop, 200, 2, vec![1, 2, 3], BTreeMap::new());
        let bet = b.resolve(1, ActionKind::Bet).unwrap();
        assert_eq!(bet, Action::Bet { amount: 200 });
        b.apply(1, bet, &[2, 3]);
        assert_eq!(b.to_act(), Some(2));
        assert!(matches!(
            b.resolve(2, ActionKind::Check),
            Err(BetError::NotAllowed { .. })
        ));
        let r = b.resolve(2, ActionKind::Raise).unwrap();
        assert_eq!(
            r,
            Action::Raise {
                amount: 400,
                to: 400
            }
        );
        b.apply(2, r, &[3, 1]);
        let r = b.resolve(3, ActionKind::Raise).unwrap();
        b.apply(3, r, &[1, 2]);
        assert_eq!(b.resolve(1, ActionKind::Raise), Err(BetError::RaiseCap(2)));
        let c = b.resolve(1, ActionKind::Call).unwrap();
        assert_eq!(c, Action::Call { amount: 400 });
        b.apply(1, c, &[]);
        assert_eq!(
            b.resolve(3, ActionKind::Call),
            Err(BetError::NotYourTurn {
                expected: 2,
                got: 3
            })
        );
        let c = b.resolve(2, ActionKind::Call).unwrap();
        b.apply(2, c, &[]);
        assert!(b.is_complete());
        assert_eq!(b.street_in.values().sum::<Cents>(), 1800);
        assert_eq!(b.aggressor, Some(3));
    }

    #[test]
    fn big_blind_keeps_the_option_to_raise() {
        // § 637a.11(g): blinds may raise. Seat 3 is the big blind and acts last.
        let forced = BTreeMap::from([(2, 100), (3, 200)]);
        let mut b = BettingRound::new(Street::Preflop, 200, 3, vec![1, 2, 3], forced);
        let c = b.resolve(1, ActionKind::Call).unwrap();
        b.apply(1, c, &[]);
        let c = b.resolve(2, ActionKind::Call).unwrap();
        assert_eq!(c, Action::Call { amount: 100 });
        b.apply(2, c, &[]);
        let opts = b.options();
        assert!(opts.contains(&Action::Check));
        assert!(opts.contains(&Action::Raise {
            amount: 200,
            to: 400
        }));
    }
}
