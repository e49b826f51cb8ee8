//! The tables this configuration opens: each offered game's setup (its limits, rake, kill,
//! jackpots and, at a house-banked game, the casino's choices and paytables), the approvals a
//! payout waits for, and the gaming day.

use super::*;

impl Config {
    /// One setup per game the terminal may open, `[table] game`'s first.
    pub fn table_setups(&self) -> Vec<TableSetup> {
        self.offered_games()
            .into_iter()
            .map(|g| self.table_setup_for(g))
            .collect()
    }

    /// The table dealing `game`: `[table]`'s setup for its own game; another game with its
    /// defaults (`TableSetup::for_game`); either with its `[games.<id>]` figures, and for a
    /// house-banked game its paytables and the `[house.<id>]` choices.
    pub fn table_setup_for(&self, game: crate::rules::game_id::GameId) -> TableSetup {
        let base = self.table_base();
        let own = game == base.poker.game;
        let mut s = if own {
            base
        } else {
            let mut s = base.for_game(game);
            s.poker.kill = self.kill_for(game);
            (s.pot_rules.bad_beat, s.pot_rules.bad_beat_rules) = self.bad_beat_for(game);
            s.poker.straddle = self.holdem.straddle_cents;
            s.poker.preshuffled = self.table.preshuffled_decks && !game.is_house_banked();
            s
        };
        // `[table] dealing` where the game's chapter allows it, else the game's own: `[table]
        // game = "spanish-21"` deals from its shoe (§ 635a.8) whatever the other games do.
        if !game.def().dealing.contains(&s.poker.dealing) {
            s.poker.dealing = game.def().dealing[0];
        }
        // A game's own `[games.<id>]` figures count for `[table] game` too.
        if let Some(g) = self.games.get(&game) {
            let p = &mut s.poker;
            p.ante = g.ante_cents.unwrap_or(p.ante);
            p.forced_bet = g.forced_bet_cents.unwrap_or(p.forced_bet);
            p.dealing = g.dealing.unwrap_or(p.dealing);
            // A shoe that dispenses the board first is an automated dealing shoe.
            p.board_first &= p.dealing == crate::rules::dealing::Dealing::AutomatedShoe;
            p.deck_change_hours = g.deck_change_hours.unwrap_or(p.deck_change_hours);
            p.min_ante = g.min_ante_cents.unwrap_or(p.min_ante);
            p.max_ante = g.max_ante_cents.unwrap_or(p.max_ante);
            if let Some(l) = &g.side_wager_limits_cents {
                p.side_limits = l.clone();
            }
            if let Some(k) = g.structure {
                s.betting.structure = k;
            }
        }
        if game.is_house_banked() && !own {
            s.poker.house = self.house_for(game);
        }
        // Table stakes are the poker room's (§ 637a.8(b)): at a house-banked game each wager is
        // placed round by round against the house, so `[holdem] table_stakes` and a no-limit
        // structure keep none there (a walk saw every ticked seat dropped at each new round).
        if game.is_house_banked() {
            s.betting.table_stakes = false;
            s.betting.structure = crate::rules::table::Betting::default().structure;
        }
        s.poker.untracked_betting = self.untracked_betting(game, &s);
        s
    }

    /// What a house-banked table dealing `game` settles by: its paytables, the `[house]`
    /// choices and the `[table]` signature thresholds. `None` if they do not load (`validate`
    /// names why).
    fn house_for(
        &self,
        game: crate::rules::game_id::GameId,
    ) -> Option<Box<crate::rules::banked::House>> {
        let tables = self.load_paytables().ok()?;
        let mut h = crate::rules::banked::House::for_game(game, &self.house, &tables).ok()?;
        h.approvals = self.approvals();
        Some(Box::new(h))
    }

    /// The payouts that wait for a signature (`[table] validate_over_cents`,
    /// `supervisor_over_cents`).
    pub fn approvals(&self) -> crate::rules::banked::Approvals {
        crate::rules::banked::Approvals {
            floor_over: self.table.validate_over_cents,
            supervisor_over: self.table.supervisor_over_cents,
        }
    }

    /// The Kill the table plays `game` with: `[holdem] kill` at a game whose section offers
    /// one (§ 637a.12(b), § 637a.19(b), § 637a.20(b), § 637a.21(b)), else none.
    pub fn kill_for(
        &self,
        game: crate::rules::game_id::GameId,
    ) -> Option<crate::rules::poker::jackpots::KillRules> {
        let limit_percent = match self.holdem.kill {
            KillOption::None => return None,
            KillOption::Kill => 200,
            KillOption::HalfKill => 150,
        };
        game.kill_section()?;
        Some(crate::rules::poker::jackpots::KillRules {
            qualifying_pot: self.holdem.kill_qualifying_pot_cents,
            limit_percent,
            uncontested_counts: self.holdem.kill_uncontested_counts,
        })
    }

    /// The time of day, UTC, the gaming day begins (`[table] gaming_day_starts_utc`).
    pub fn gaming_day_starts(&self) -> Result<chrono::NaiveTime, String> {
        chrono::NaiveTime::parse_from_str(self.table.gaming_day_starts_utc.trim(), "%H:%M")
            .map_err(|_| {
                format!(
                    "table.gaming_day_starts_utc: `{}` is not a time of day as HH:MM (UTC), such as \"10:00\"",
                    self.table.gaming_day_starts_utc
                )
            })
    }

    /// The Bad Beat contribution and posted rules a table dealing `game` takes: none at a game
    /// whose hands the Bad Beat does not rank (the low games), so no table takes contributions
    /// for a Bad Beat it cannot hold for the supervisor (§ 637a.15(a),(c),(f)).
    pub fn bad_beat_for(
        &self,
        game: crate::rules::game_id::GameId,
    ) -> (Cents, Option<crate::rules::poker::jackpots::BadBeatRules>) {
        if !crate::rules::poker::jackpots::bad_beat_ranks(game) {
            return (0, None);
        }
        (
            self.jackpots.bad_beat_per_pot_cents,
            self.jackpots.bad_beat_rules().ok().flatten(),
        )
    }

    /// The Rules Submission values the table opens `[table] game` with, its `[games.<id>]`
    /// figures included.
    pub fn table_setup(&self) -> TableSetup {
        self.table_setup_for(self.table.game)
    }

    /// `[table]` and `[holdem]` as written, before the game's own figures.
    fn table_base(&self) -> TableSetup {
        TableSetup {
            poker: crate::rules::table::PokerOptions {
                raise_needs_caller: true,
                untracked_betting: false,
                heads_up_button_small_blind: self.holdem.heads_up_small_blind
                    == HeadsUpSmallBlind::Button,
                odd_chip: self.holdem.odd_chip.rule(),
                kill: self.kill_for(self.table.game),
                straddle: self.holdem.straddle_cents,
                preshuffled: self.table.preshuffled_decks && !self.table.game.is_house_banked(),
                board_first: self.table.shoe_dispenses_board_first,
                deck_dispositions: self.table.deck_dispositions.clone(),
                game: self.table.game,
                ante: self.table.ante_cents,
                forced_bet: self.table.forced_bet_cents,
                dealing: self.table.dealing,
                deck_change_hours: self.table.deck_change_hours,
                min_ante: self.table.min_ante_cents,
                max_ante: self.table.max_ante_cents,
                side_limits: self.table.side_wager_limits_cents.clone(),
                // The paytables and choices a house-banked table settles by (checked by
                // `validate`, which names a bad one).
                house: self
                    .table
                    .game
                    .is_house_banked()
                    .then(|| self.house_for(self.table.game))
                    .flatten(),
            },
            table_no: self.table.number,
            deck_colours: self.table.deck_colours.clone(),
            blinds: self.holdem.blinds.clone(),
            small_bet: self.holdem.small_bet,
            big_bet: self.holdem.big_bet,
            max_raises: self.holdem.max_raises,
            betting: crate::rules::table::Betting {
                structure: self.holdem.structure,
                min_bet: self.holdem.min_bet_cents,
                spread_max: self.holdem.spread_max_cents,
                rules: crate::rules::poker::hand::BigBetRules {
                    min_raise_previous: self.holdem.min_raise_previous,
                    short_all_in_reopens: self.holdem.short_all_in_reopens,
                },
                max_stake: self.holdem.max_stake_cents,
                missed_blinds: self.holdem.missed_blinds,
                new_player: self.holdem.new_player,
                away_stakes: self.holdem.away_stakes,
                table_stakes: self.holdem.table_stakes,
            },
            counting_shuffler: self.shuffler_port().is_some(),
            pot_rules: crate::rules::table::PotRules {
                rake_percent: self.holdem.rake_percent,
                rake_cap: self.holdem.rake_cap_cents,
                rake_flop_only: self.holdem.rake_flop_only,
                bad_beat: self.bad_beat_for(self.table.game).0,
                high_hand: self.jackpots.high_hand_per_pot_cents,
                high_hand_min_players: self.high_hand.min_players,
                high_hand_tie: self.high_hand.tie,
                contribution_min_pot: self.jackpots.min_pot_cents,
                bad_beat_rules: self.bad_beat_for(self.table.game).1,
            },
        }
    }
}
