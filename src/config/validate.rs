//! A configuration checked whole before the terminal opens: each error names its key and why,
//! so the screen shows the file, the key and the reason.

use super::*;

impl Config {
    pub fn validate(&self) -> Result<(), String> {
        if self.table.number == 0 {
            return Err("table.number: must be a table number above 0".into());
        }
        if self.shuffler.port.trim().is_empty() {
            return Err("shuffler.port: give \"simulated\" or a device path".into());
        }
        if self.store.backup_every_minutes == 0 {
            return Err("store.backup_every_minutes: at least 1".into());
        }
        if self.store.retention_years == 0 {
            return Err("store.retention_years: at least 1 (records are kept for years)".into());
        }
        self.jackpots.bad_beat_rules()?;
        if self.jackpots.bad_beat_per_pot_cents > 0 && !self.jackpots.bad_beat_enabled {
            return Err(
                "jackpots.bad_beat_per_pot_cents: contributions fund a Bad Beat payout the table offers and holds for the shift supervisor (§ 637a.15(a),(c),(f)): set bad_beat_enabled, or take no contribution"
                    .into(),
            );
        }
        // § 637a.16(a),(c): the contribution is taken only at a table that offers the High Hand
        // Jackpot payout.
        if self.jackpots.high_hand_per_pot_cents > 0 && !self.high_hand.enabled {
            return Err(
                "jackpots.high_hand_per_pot_cents: contributions fund a High Hand Jackpot payout the table offers (§ 637a.16(a),(c)): set [high_hand] enabled = true, or take no contribution"
                    .into(),
            );
        }
        self.gaming_day_starts()?;
        self.validate_betting_actions()?;
        self.validate_least_limits()?;
        if self.table.shoe_dispenses_board_first
            && self.table.dealing != crate::rules::dealing::Dealing::AutomatedShoe
        {
            return Err(
                "table.shoe_dispenses_board_first: only an automated dealing shoe that reshuffles the cards dispenses the board first (§ 677a.10(g), § 647a.10(g), § 655a.10(g)): set dealing = \"automated-shoe\"".into(),
            );
        }
        if self.holdem.kill != KillOption::None
            && !self
                .offered_games()
                .iter()
                .any(|g| g.kill_section().is_some())
        {
            return Err(
                "holdem.kill: none of this terminal's games offers a Kill or Half-kill (Omaha, Five-card Omaha, Triple Draw and Badugi do: § 637a.12(b), § 637a.19(b), § 637a.20(b), § 637a.21(b))"
                    .into(),
            );
        }
        self.approvals()
            .validate()
            .map_err(|e| format!("table.{e}"))?;
        self.central.validate()?;
        self.floor.validate()?;
        self.table_setup()
            .validate()
            .map_err(|e| format!("table/holdem: {e}"))?;
        // The paytables and choices first: a house-banked game's setup carries them.
        let tables = self.load_paytables()?;
        self.house.validate(&tables)?;
        for id in self.games.keys() {
            if !self.offered_games().contains(id) {
                return Err(format!(
                    "games.{}: not one of [table] games ({})",
                    id.id(),
                    self.offered_games()
                        .iter()
                        .map(|g| g.id())
                        .collect::<Vec<_>>()
                        .join(", ")
                ));
            }
        }
        for setup in self.table_setups() {
            setup
                .validate()
                .map_err(|e| format!("games.{}: {e}", setup.poker.game.id()))?;
            if setup.poker.game.is_house_banked() && setup.poker.house.is_none() {
                return Err(format!(
                    "games.{}: no paytables for it ([paytables], [house.{}])",
                    setup.poker.game.id(),
                    setup.poker.game.id()
                ));
            }
        }
        for (key, baud) in [
            ("shuffler.baud", self.shuffler.baud),
            ("progressive.baud", self.progressive.baud),
        ] {
            if !BAUD_RATES.contains(&baud) {
                return Err(format!(
                    "{key}: {baud} is not a serial line speed (one of {BAUD_RATES:?})"
                ));
            }
        }
        if self.time_charges.interval_minutes != 20 && self.time_charges.interval_minutes != 30 {
            return Err("time_charges.interval_minutes: 20 or 30 (§ 637a.17(b)(3)(iii))".into());
        }
        if self.time_charges.per_seat_cents <= 0 {
            return Err("time_charges.per_seat_cents: above 0".into());
        }
        if !(2..=10).contains(&self.high_hand.min_players) {
            return Err("high_hand.min_players: 2 to 10 players (§ 637a.16(b)(4))".into());
        }
        if self.high_hand.period_minutes == 0 || self.high_hand.period_minutes > 7 * 24 * 60 {
            return Err("high_hand.period_minutes: 1 minute to one week".into());
        }
        if !(crate::store::people::MIN_PIN_DIGITS..=crate::store::people::MAX_PIN_DIGITS)
            .contains(&self.people.min_pin_digits)
        {
            return Err(format!(
                "people.min_pin_digits: {} to {}",
                crate::store::people::MIN_PIN_DIGITS,
                crate::store::people::MAX_PIN_DIGITS
            ));
        }
        if self.people.max_pin_failures < 2 {
            return Err(
                "people.max_pin_failures: at least 2 (one slip of the finger is forgiven)".into(),
            );
        }
        if self.people.pin_delay_seconds < 0
            || self.people.pin_max_delay_seconds < self.people.pin_delay_seconds
        {
            return Err(
                "people.pin_delay_seconds: 0 or more, and at most people.pin_max_delay_seconds"
                    .into(),
            );
        }
        if !(1..=1440).contains(&self.people.lockout_minutes)
            || !(self.people.lockout_minutes..=1440).contains(&self.people.max_lockout_minutes)
        {
            return Err(
                "people.lockout_minutes: 1 to 1440, and at most people.max_lockout_minutes (1440 at most): a lock-out always ends"
                    .into(),
            );
        }
        self.printer.validate()
    }
}
