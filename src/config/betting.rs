//! `betting_actions`: whether a poker-room table keeps its betting action by action on the
//! screen or at the table, one tap per betting round (`PokerOptions::untracked_betting`).

use super::Config;
use crate::rules::games::GameId;
use crate::rules::table::TableSetup;
use serde::Deserialize;

/// How the dealer records a poker-room round's betting.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum BettingActions {
    /// Every action keyed as it happens: the pots, side pots, table stakes and hand histories
    /// are the terminal's.
    Tracked,
    /// One tap when each betting round or draw is over, the winner tapped, the rake taken keyed
    /// from the posted schedule; the money stays the dealer's at the table.
    Untracked,
}

/// Heads-up, the seat that posts the small blind (`[holdem] heads_up_small_blind`).
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum HeadsUpSmallBlind {
    /// The button posts the small blind, acts first before the flop and last after it (Robert's
    /// Rules, the TDA, every room's posted rules).
    #[default]
    Button,
    /// The player left of the button, as ten-handed (§ 637a.11(d) read literally).
    LeftOfButton,
}

impl Config {
    /// `[games.<id>] betting_actions`, else `[holdem]`'s, as written.
    fn betting_actions_for(&self, game: GameId) -> Option<BettingActions> {
        self.games
            .get(&game)
            .and_then(|g| g.betting_actions)
            .or(self.holdem.betting_actions)
    }

    /// Whether the table dealing `game` with `setup` keeps its betting at the table: as the
    /// configuration says, else whenever the table can (no table stakes to keep, § 637a.8(b),
    /// and no Kill, whose qualifying pot must be counted, § 637a.12(n)).
    pub(super) fn untracked_betting(&self, game: GameId, setup: &TableSetup) -> bool {
        if game.is_house_banked() {
            return false;
        }
        match self.betting_actions_for(game) {
            Some(BettingActions::Tracked) => false,
            Some(BettingActions::Untracked) => true,
            None => !setup.betting.tracks_stakes() && setup.poker.kill.is_none(),
        }
    }

    /// A table that must count every bet cannot keep its betting at the table: the key that
    /// says so, and why.
    pub(super) fn validate_betting_actions(&self) -> Result<(), String> {
        for game in self.offered_games() {
            if game.is_house_banked()
                || self.betting_actions_for(game) != Some(BettingActions::Untracked)
            {
                continue;
            }
            let key = if self
                .games
                .get(&game)
                .is_some_and(|g| g.betting_actions.is_some())
            {
                format!("games.{}.betting_actions", game.id())
            } else {
                "holdem.betting_actions".into()
            };
            let s = self.table_setup_for(game);
            if s.betting.tracks_stakes() {
                return Err(format!(
                    "{key}: \"untracked\" cannot keep {}'s table stakes from round to round (§ 637a.8(b)): set \"tracked\", or fixed or spread limit without table_stakes",
                    game.id()
                ));
            }
            if s.poker.kill.is_some() {
                return Err(format!(
                    "{key}: \"untracked\" cannot tell a Kill's qualifying pot at {} (§ 637a.12(n)): set \"tracked\", or kill = \"none\"",
                    game.id()
                ));
            }
        }
        Ok(())
    }
}
