//! House-banked games: wagers, decisions and settlement for WPT Heads-Up Hold 'Em (677a), Texas
//! Hold 'Em Bonus Poker (647a), Lunar Poker (589), Spanish 21 (635a), Mississippi Stud (655a)
//! and Crazy 4 Poker (657a).
//!
//! Each game module takes one finished round (cards, wagers, decisions, meter values) and
//! returns every wager's result in the order the dealer settles them, with the amount in cents
//! and a sentence a floorperson can check against the posted paytable. Paytables are data
//! ([`paytable`]); the casino's choices (paytable letters, limits, readings of silent text) are
//! each game's `Rules`, taken from the configuration and overridable per round.
//!
//! Conventions:
//! - Seats are numbered from the dealer's left, clockwise; "counterclockwise from the dealer's
//!   right" is therefore the highest seat first.
//! - For each wager, `paid` is what the dealer hands the player at settlement (stake returned
//!   plus winnings, or an "X for 1" total) and `net` is `paid - stake`.
//! - Every amount is rounded down to `rounding_unit_cents` (the regulations are silent on odd
//!   cents, e.g. 3 to 2 on $5.01; a setting, default one cent).

mod approvals;
/// Writes the `pub mod <folder>;` of each house-banked game in `game_list.rs`.
macro_rules! game_folders {
    (
        poker: [$($p:ident $pid:literal $pdef:ident,)*],
        banked: [$($b:ident $bid:literal $bfolder:ident,)*],
    ) => {
        $(pub mod $bfolder;)*
    };
}
crate::rules::game_list::every_game!(game_folders);
pub mod by_result;
mod house;
mod house_choices;
mod house_game;
pub use house_game::BankedGame;
pub mod least_limit;
pub mod paytable;
pub mod paytable_files;
pub mod progressive_wager;
pub mod round;
mod settle_error;
mod settle_input;
mod settlement;

pub use approvals::{Approvals, DEFAULT_SUPERVISOR_OVER, DEFAULT_VALIDATE_OVER, Signer};
pub use house::{Choices, ChoicesHooks, House, HouseRules, hooks};
pub use settle_error::{SettleError, cited, err};
mod wager_result;
pub use settle_input::*;
pub use settlement::*;
pub use wager_result::{Outcome, WagerResult};

use crate::rules::Cents;

/// The $50,000 floor of the payout limitations (§ 647a.12(c), § 655a.12(b), § 677a.12(f)).
pub const PAYOUT_LIMIT_FLOOR: Cents = 5_000_000;
