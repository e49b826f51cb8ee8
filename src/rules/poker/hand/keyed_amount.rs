//! The amounts the dealer may key for a bet or a raise at a seat's turn (spread, no-limit,
//! pot-limit), as round totals: the legality query the amount screen draws its keypad and its
//! quick amounts from.

use super::*;

/// A bet or raise the dealer keys, as the round total the seat bets or raises to
/// (§ 637a.8(k)).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct KeyedRange {
    /// The least total (an all-in may be less than a full bet or raise).
    pub least: Cents,
    /// The most total.
    pub most: Cents,
    /// A pot-sized total (no-limit and pot-limit).
    pub pot: Option<Cents>,
    /// The total with all the seat's stakes in.
    pub all_in: Cents,
    /// The seat's table stakes.
    pub stack: Cents,
    /// The round's bet the seat faces.
    pub current: Cents,
    /// An all-in short of a full raise: the full raise's total it falls short of (it does not
    /// reopen the betting).
    pub short_of: Option<Cents>,
}

impl Hand {
    /// What the dealer may key for `seat`'s bet or raise now; `None` when it is not the seat's
    /// turn or the seat may neither bet nor raise.
    pub fn keyed_range(&self, seat: u8) -> Option<KeyedRange> {
        let Step::Act {
            seat: turn,
            options,
            max,
        } = &self.step
        else {
            return None;
        };
        if *turn != seat {
            return None;
        }
        let stack = self.get(seat).map_or(0, |p| p.stack);
        let current = self.current_bet();
        let mine = self.street_in(seat);
        // Least and most as round totals.
        let least = options.iter().find_map(|o| match o {
            Action::Bet { amount } => Some(mine + *amount),
            Action::Raise { to, .. } => Some(*to),
            _ => None,
        });
        let range = self.bet_range(seat);
        let all_in = mine + stack;
        let big_bet = self.setup.structure.big_bet();
        let (lo, hi, pot) = match (&range, least) {
            (Some(r), _) if big_bet => (current + r.min, current + r.max, Some(current + r.pot)),
            (_, Some(l)) => {
                let to_call = (current - mine).max(0).min(stack);
                (l, (mine + to_call + max).min(all_in), None)
            }
            _ => return None,
        };
        let short_of = range
            .as_ref()
            .filter(|r| lo == hi && r.min < r.full && big_bet)
            .map(|r| r.current + r.full);
        Some(KeyedRange {
            least: lo,
            most: hi,
            pot,
            all_in,
            stack,
            current,
            short_of,
        })
    }
}
