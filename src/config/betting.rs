//! `betting_actions`: whether a poker-room table keeps its betting action by action on the
//! screen or at the table, one tap per betting round (`PokerOptions::untracked_betting`).

use super::Config;
use crate::rules::game_id::GameId;
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

/// Who gets a pot's odd chip where the section leaves it to the Rules Submission
/// (`[holdem] odd_chip`, § 637a.11(k)).
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum OddChipChoice {
    /// The first tied player clockwise from the button (Stud: from the dealer's left).
    #[default]
    LeftOfButton,
    /// The tied player holding the highest card by suit (spades, hearts, diamonds, clubs).
    HighCardBySuit,
}

impl OddChipChoice {
    pub fn rule(self) -> crate::rules::poker::pots::OddChip {
        match self {
            OddChipChoice::LeftOfButton => crate::rules::poker::pots::OddChip::LeftOfButton,
            OddChipChoice::HighCardBySuit => crate::rules::poker::pots::OddChip::HighCardBySuit,
        }
    }
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

impl super::Config {
    /// § 655a.12(b), § 647a.12(c): a payout limit is "$50,000 or the maximum payout at the
    /// table minimum, whichever is greater": a configured limit below the second figure, from
    /// the paytables and the posted minimum of each offered game, is refused.
    pub(super) fn validate_least_limits(&self) -> Result<(), String> {
        use crate::rules::banked::least_limit;
        use crate::rules::game_id::GameId;
        // Unreadable paytables are `validate`'s to name.
        let Ok(tables) = self.load_paytables() else {
            return Ok(());
        };
        for game in self.offered_games() {
            let (key, limit, section) = match game {
                GameId::MississippiStud => (
                    "house.mississippi-stud.payout_limit_cents",
                    self.house
                        .of::<crate::rules::banked::mstud::Rules>()
                        .payout_limit_cents,
                    "§ 655a.12(b)",
                ),
                GameId::TexasHoldemBonus => (
                    "house.texas-holdem-bonus.payout_limit_cents",
                    self.house
                        .of::<crate::rules::banked::thb::Rules>()
                        .payout_limit_cents,
                    "§ 647a.12(c)",
                ),
                // WPT's limit is optional (§ 677a.12(f) "may establish"): checked where set.
                GameId::WptHeadsUp => match self
                    .house
                    .of::<crate::rules::banked::wpt::Rules>()
                    .payout_limit_cents
                {
                    Some(l) => ("house.wpt-heads-up.payout_limit_cents", l, "§ 677a.12(f)"),
                    None => continue,
                },
                _ => continue,
            };
            let setup = self.table_setup_for(game);
            let min = setup.poker.min_ante;
            // No posted minimum: the $50,000 floor alone.
            if min <= 0 {
                continue;
            }
            let least = if game == GameId::MississippiStud {
                least_limit::mississippi_stud(&tables, min)?
            } else if game == GameId::WptHeadsUp {
                least_limit::wpt_heads_up(&tables, min)?
            } else {
                let bonus = setup
                    .poker
                    .side_limits
                    .get("bonus")
                    .map_or(0, |(lo, _)| *lo);
                least_limit::texas_holdem_bonus(
                    &tables,
                    &self.house.of::<crate::rules::banked::thb::Rules>().bonus,
                    min,
                    bonus,
                )?
            };
            if limit < least {
                return Err(format!(
                    "{key}: {} is below the most one player can win betting the table minimum ({} Ante): {}; the limit is $50,000 or that, whichever is greater ({section})",
                    crate::rules::money(limit),
                    crate::rules::money(min),
                    crate::rules::money(least)
                ));
            }
        }
        Ok(())
    }
}
