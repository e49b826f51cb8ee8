//! A house-banked game as the rest of the terminal reaches it ([`BankedGame`]): its round at
//! the table, its paytables' vocabulary and embedded file, its choices and how it ranks a hand.
//! Each game fills one in in its `def.rs`; the registry lists them.

use super::ChoicesHooks;
use super::round;

/// What the rest of the terminal needs of a house-banked game, gathered in the game's `def.rs`
/// (`BANKED`) and reached through the registry: its round at the table (with its settlement,
/// `round::Def::settle`), the pay-line ids of its paytables, the check of the casino's choices,
/// its embedded paytables and how it ranks a hand.
pub struct BankedGame {
    pub round: &'static round::Def,
    /// The wagers and the pay-line ids each understands (the paytable files' vocabulary).
    pub pay_lines: &'static [(&'static str, &'static [&'static str])],
    /// Its `[house.<id>]` choices: read, completed and checked (`hooks::<Rules>()`).
    pub choices: ChoicesHooks,
    /// Its embedded paytables file, name and text (`assets/paytables/<id>.toml`); a casino's
    /// `[paytables] dir` may replace it.
    pub paytables: (&'static str, &'static str),
    /// One hand ranked as its paytables read it (`deckhand eval`, the results' categories):
    /// the player's cards and the community cards.
    pub evaluate: crate::rules::games::Evaluate,
}

impl std::fmt::Debug for BankedGame {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("BankedGame")
            .field("game", &self.round.game)
            .finish_non_exhaustive()
    }
}
