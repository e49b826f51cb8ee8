//! The terminal's configuration: a TOML file (or the embedded default), validated at start
//! with messages that name the key. Every key is documented in `docs/configuration.md`.

use crate::rules::Cents;
use crate::rules::banked::HouseRules;
use crate::rules::banked::paytable::Paytables;
use crate::rules::table::TableSetup;
use serde::Deserialize;
use std::path::{Path, PathBuf};

mod betting;
pub use betting::{BettingActions, HeadsUpSmallBlind, OddChipChoice};
pub mod floor;
mod high_hand;
pub use high_hand::HighHandConfig;

/// The embedded default configuration.
pub const DEFAULT_TOML: &str = include_str!("../assets/deckhand.default.toml");

#[derive(Debug, Clone, Deserialize, PartialEq)]
#[serde(deny_unknown_fields)]
pub struct Config {
    pub store: StoreConfig,
    pub shuffler: ShufflerConfig,
    #[serde(default)]
    pub progressive: ProgressiveConfig,
    pub table: TableConfig,
    /// Per game of `[table] games`, its own Rules Submission figures (forced bets, dealing
    /// method, posted limits), by game id.
    #[serde(default)]
    pub games: std::collections::BTreeMap<crate::rules::games::GameId, GameConfig>,
    pub holdem: HoldemConfig,
    #[serde(default)]
    pub demo: DemoConfig,
    #[serde(default)]
    pub display: DisplayConfig,
    /// The house-banked games' choices (Rules Submission): paytable letters, limits, readings.
    #[serde(default)]
    pub house: HouseRules,
    #[serde(default)]
    pub paytables: PaytablesConfig,
    #[serde(default)]
    pub people: PeopleConfig,
    #[serde(default)]
    pub high_hand: HighHandConfig,
    #[serde(default)]
    pub time_charges: TimeChargeConfig,
    #[serde(default)]
    pub jackpots: JackpotConfig,
    /// The floor-wide copy of the journal in PostgreSQL (store and forward).
    #[serde(default)]
    pub central: crate::store::central::CentralConfig,
    #[serde(default)]
    pub floor: floor::FloorConfig,
    /// Where slips, box counts and shift reports print.
    #[serde(default)]
    pub printer: crate::print::printer::PrinterConfig,
    /// The text the configuration was read from, and where: the start's journal row keeps
    /// every setting it gives, so a change between starts is named (`terminal::significant`).
    #[serde(skip)]
    pub source: (String, String),
}

/// Bad Beat and High Hand Jackpot contributions per pot, after the rake (§ 637a.15(b),(c),
/// § 637a.16(b),(c)).
#[derive(Debug, Clone, Deserialize, PartialEq)]
#[serde(default, deny_unknown_fields)]
pub struct JackpotConfig {
    pub bad_beat_per_pot_cents: Cents,
    pub high_hand_per_pot_cents: Cents,
    /// No contribution from a smaller pot (§ 637a.15(b)(2), § 637a.16(b)(3)).
    pub min_pot_cents: Cents,
    /// The table offers the Bad Beat (§ 637a.15(a)); the qualifying hand and shares are the
    /// posted rules (§ 637a.15(b)(3)).
    pub bad_beat_enabled: bool,
    /// Five cards: the losing hand must be at least this good.
    pub bad_beat_min_losing_hand: String,
    pub bad_beat_both_hole_cards: bool,
    pub bad_beat_min_players: u8,
    pub bad_beat_loser_percent: u8,
    pub bad_beat_winner_percent: u8,
    pub bad_beat_table_percent: u8,
    /// Where the internal controls count the jackpot boxes (§ 637a.15(d), § 637a.16(d)): at the
    /// closed table, which the terminal then asks for (the Bad Beat box each gaming day, the
    /// High Hand box after each qualifying period), or at the cage.
    pub box_counts_at: BoxCountsAt,
}

/// Where the jackpot boxes are counted (§ 637a.15(d), § 637a.16(d)).
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum BoxCountsAt {
    /// At a closed Poker table, by the dealer before a floorperson ((d)(1)).
    #[default]
    Table,
    /// At the main or a satellite cage ((d)(2)): the terminal does not ask.
    Cage,
}

impl Default for JackpotConfig {
    fn default() -> Self {
        JackpotConfig {
            bad_beat_per_pot_cents: 0,
            high_hand_per_pot_cents: 0,
            min_pot_cents: 0,
            bad_beat_enabled: false,
            bad_beat_min_losing_hand: "Ac Ad Ah Tc Td".into(),
            bad_beat_both_hole_cards: true,
            bad_beat_min_players: 4,
            bad_beat_loser_percent: 50,
            bad_beat_winner_percent: 25,
            bad_beat_table_percent: 25,
            box_counts_at: BoxCountsAt::Table,
        }
    }
}

impl JackpotConfig {
    /// The posted Bad Beat rules, or `None` when the table has no Bad Beat.
    pub fn bad_beat_rules(
        &self,
    ) -> Result<Option<crate::rules::poker::jackpots::BadBeatRules>, String> {
        if !self.bad_beat_enabled {
            return Ok(None);
        }
        crate::rules::poker::jackpots::BadBeatRules::new(
            &self.bad_beat_min_losing_hand,
            self.bad_beat_both_hole_cards,
            self.bad_beat_min_players,
            (
                self.bad_beat_loser_percent,
                self.bad_beat_winner_percent,
                self.bad_beat_table_percent,
            ),
        )
        .map(Some)
        .map_err(|e| format!("jackpots.bad_beat_min_losing_hand or shares: {e}"))
    }
}

/// Time charges (§ 637a.17(b)(3)): per seat, every 20 or 30 minutes.
#[derive(Debug, Clone, Deserialize, PartialEq)]
#[serde(default, deny_unknown_fields)]
pub struct TimeChargeConfig {
    pub enabled: bool,
    /// What each seat pays per interval (the hourly fee of the Rules Submission, fractionally).
    pub per_seat_cents: i64,
    /// 20 or 30 (§ 637a.17(b)(3)(iii)).
    pub interval_minutes: u32,
}

impl Default for TimeChargeConfig {
    fn default() -> Self {
        TimeChargeConfig {
            enabled: false,
            per_seat_cents: 300,
            interval_minutes: 30,
        }
    }
}

/// Wrong PINs and the screen lock.
#[derive(Debug, Clone, Deserialize, PartialEq)]
#[serde(default, deny_unknown_fields)]
pub struct PeopleConfig {
    /// The fewest digits of a PIN (everyone's, dealers' too): 6 to 12; raising it asks for
    /// longer PINs when they are next set, and refuses shorter ones at once.
    pub min_pin_digits: usize,
    /// Wrong PINs in a row that lock a credential number (for `lockout_minutes`, or until a
    /// supervisor clears it).
    pub max_pin_failures: u32,
    /// Seconds to wait after the second wrong PIN in a row; doubling with each further one.
    pub pin_delay_seconds: i64,
    /// The longest wait between tries.
    pub pin_max_delay_seconds: i64,
    /// How long a lock-out lasts at first, doubling with each wrong PIN after it up to
    /// `max_lockout_minutes`; a supervisor or the administrator clears it at once.
    pub lockout_minutes: i64,
    pub max_lockout_minutes: i64,
    /// Minutes without a touch between rounds before the screen locks; 0 never locks.
    pub lock_after_idle_minutes: u32,
}

impl Default for PeopleConfig {
    fn default() -> Self {
        PeopleConfig {
            min_pin_digits: crate::store::people::MIN_PIN_DIGITS,
            max_pin_failures: 5,
            pin_delay_seconds: 2,
            pin_max_delay_seconds: 60,
            lockout_minutes: 15,
            max_lockout_minutes: 60,
            lock_after_idle_minutes: 5,
        }
    }
}

#[derive(Debug, Clone, Default, Deserialize, PartialEq)]
#[serde(deny_unknown_fields)]
pub struct PaytablesConfig {
    /// A folder of paytable files replacing the embedded ones game by game; empty: embedded.
    #[serde(default)]
    pub dir: String,
}

#[derive(Debug, Clone, Deserialize, PartialEq)]
#[serde(deny_unknown_fields)]
pub struct StoreConfig {
    #[serde(default)]
    pub database: String,
    /// Folder for scheduled backups; empty: no scheduled backups.
    #[serde(default)]
    pub backup_dir: String,
    /// Minutes between scheduled backups.
    #[serde(default = "default_backup_minutes")]
    pub backup_every_minutes: u32,
    /// Years a backup copy is kept before it is pruned.
    #[serde(default = "default_retention_years")]
    pub retention_years: u32,
    /// The terminal's Ed25519 signing key (created, 0600, on first start). Empty: beside the
    /// database, `NAME.sqlite.key`.
    #[serde(default)]
    pub signing_key: String,
    /// Below this many megabytes free on the database's disk the screen warns and the record
    /// says so, long before a write is refused.
    #[serde(default = "default_min_free_mb")]
    pub min_free_mb: u64,
    /// Table rows between table snapshots (a start rebuilds from the newest; 0: none).
    #[serde(default = "default_snapshot_every")]
    pub snapshot_every_rows: u64,
    /// A file in a second place the casino chooses (another disk, a share the service account
    /// cannot rewrite) where each commit's signed head is kept; a journal that does not reach
    /// it at the start (restored from an older copy) is refused. Empty: none.
    #[serde(default)]
    pub head_witness: String,
}

fn default_snapshot_every() -> u64 {
    crate::store::snapshot::DEFAULT_EVERY
}

fn default_min_free_mb() -> u64 {
    500
}

fn default_backup_minutes() -> u32 {
    60
}

fn default_retention_years() -> u32 {
    5
}

#[derive(Debug, Clone, Deserialize, PartialEq)]
#[serde(deny_unknown_fields)]
pub struct ShufflerConfig {
    pub port: String,
    /// Line speed, 8N1 (hw/shuffler-protocol.md).
    #[serde(default = "shuffler_baud")]
    pub baud: u32,
    /// Valid frames per second at which the device is flooding the line and is disconnected
    /// (told and journaled once at a quarter of it).
    #[serde(default = "max_frames")]
    pub max_frames_per_second: u32,
}

fn max_frames() -> u32 {
    500
}

fn shuffler_baud() -> u32 {
    9600
}

fn progressive_baud() -> u32 {
    19200
}

/// The line speeds a serial port is set to.
pub const BAUD_RATES: [u32; 8] = [1200, 2400, 4800, 9600, 19200, 38400, 57600, 115200];

#[derive(Debug, Clone, Deserialize, PartialEq)]
#[serde(deny_unknown_fields)]
pub struct ProgressiveConfig {
    /// "simulated", "none", or a device path.
    pub port: String,
    /// Line speed, 8N1 (hw/progressive-protocol.md).
    #[serde(default = "progressive_baud")]
    pub baud: u32,
    /// As `[shuffler] max_frames_per_second`.
    #[serde(default = "max_frames")]
    pub max_frames_per_second: u32,
}

impl Default for ProgressiveConfig {
    fn default() -> Self {
        ProgressiveConfig {
            port: "none".into(),
            baud: progressive_baud(),
            max_frames_per_second: max_frames(),
        }
    }
}

#[derive(Debug, Clone, Deserialize, PartialEq)]
#[serde(deny_unknown_fields)]
pub struct TableConfig {
    pub number: u32,
    pub deck_colours: [String; 2],
    /// The poker-room game the table deals: holdem, omaha, seven-card-stud, … (every id of
    /// docs/games/poker-room.md). The [holdem] limits, blinds and rake apply to it.
    #[serde(default)]
    pub game: crate::rules::games::GameId,
    /// The games this terminal may open, offered on the open-table screen (every id of the
    /// registry is allowed); empty: `game` only. A change of game goes through closing the table.
    #[serde(default)]
    pub games: Vec<crate::rules::games::GameId>,
    /// An ante from every player (§ 637a.7(c)).
    #[serde(default)]
    pub ante_cents: Cents,
    /// Stud's forced bet (§ 637a.10(d), § 637a.14(d)).
    #[serde(default)]
    pub forced_bet_cents: Cents,
    /// The house-banked games' dealing method: hand, manual-shoe or automated-shoe (each
    /// game's § x.8, x.9, x.10).
    #[serde(default)]
    pub dealing: crate::rules::registry::Dealing,
    /// Hours between deck changes; 0 (the default) is the regulation's maximum (§ 637a.3(c):
    /// 12; house-banked: 4 from the hand, 8 from a shoe).
    #[serde(default)]
    pub deck_change_hours: u32,
    /// Minutes before the decks' change is due that the screen starts reminding the dealer.
    #[serde(default = "default_deck_reminder")]
    pub deck_reminder_minutes: u32,
    /// The table receives its decks preinspected and preshuffled (§ 603a.16(u),(v)): at the
    /// poker-room games the opening's inspection, spread, wash and first shuffle do not apply
    /// (§ 637a.4(e)); each deck is cut before its first round (§ 637a.5(b)(2)).
    #[serde(default)]
    pub preshuffled_decks: bool,
    /// The automated dealing shoe reshuffles the cards itself and dispenses the community cards
    /// before the players' stacks (§ 677a.10(g), § 647a.10(g), § 655a.10(g)); only with
    /// `dealing = "automated-shoe"`. The other games deal as usual.
    #[serde(default)]
    pub shoe_dispenses_board_first: bool,
    /// The time of day, UTC, "HH:MM", the casino's gaming day begins: Spanish 21's card
    /// reader is inspected once in each (§ 635a.2(d)).
    #[serde(default = "default_gaming_day")]
    pub gaming_day_starts_utc: String,
    /// What may become of a deck taken off the table (the internal controls' list, § 637a.3(c));
    /// the floorperson verifying a removal picks one. Empty: nothing is asked.
    #[serde(default = "default_dispositions")]
    pub deck_dispositions: Vec<String>,
    /// A house-banked table's posted minimum Ante (0: none) and maximum (always posted).
    #[serde(default = "default_min_ante")]
    pub min_ante_cents: Cents,
    #[serde(default = "default_max_ante")]
    pub max_ante_cents: Cents,
    /// A house-banked round whose largest win, or the house's loss, is above this waits for a
    /// floorperson's signature before it is paid.
    #[serde(default = "default_validate_over")]
    pub validate_over_cents: Cents,
    /// … and above this, for a shift supervisor's.
    #[serde(default = "default_supervisor_over")]
    pub supervisor_over_cents: Cents,
    /// A house-banked table's posted minimum and maximum of each side wager, by the wager's key:
    /// `queens_up = [100, 2500]` (0: none).
    #[serde(default)]
    pub side_wager_limits_cents: std::collections::BTreeMap<String, (Cents, Cents)>,
}

/// One game's own figures, for a game of `[table] games` other than `[table] game` (which takes
/// `[table]`'s). Every key optional: the game's defaults are `TableSetup::for_game`'s.
#[derive(Debug, Clone, Default, Deserialize, PartialEq)]
#[serde(deny_unknown_fields)]
pub struct GameConfig {
    pub ante_cents: Option<Cents>,
    pub forced_bet_cents: Option<Cents>,
    pub dealing: Option<crate::rules::registry::Dealing>,
    pub deck_change_hours: Option<u32>,
    pub min_ante_cents: Option<Cents>,
    pub max_ante_cents: Option<Cents>,
    pub side_wager_limits_cents: Option<std::collections::BTreeMap<String, (Cents, Cents)>>,
    /// This game's betting structure, if not `[holdem]`'s (e.g. Pot-Limit Omaha beside
    /// No-Limit Hold'em).
    pub structure: Option<crate::rules::table::StructureKind>,
    /// This game's betting kept action by action ("tracked") or at the table ("untracked"),
    /// if not `[holdem]`'s.
    pub betting_actions: Option<BettingActions>,
}

/// Minutes before the decks' change is due that the screen starts reminding the dealer, unless
/// `[table] deck_reminder_minutes` says otherwise.
pub const DEFAULT_DECK_REMINDER_MINUTES: u32 = 30;

fn default_deck_reminder() -> u32 {
    DEFAULT_DECK_REMINDER_MINUTES
}

fn default_gaming_day() -> String {
    "10:00".into()
}

fn default_dispositions() -> Vec<String> {
    vec![
        "cancelled and destroyed".into(),
        "sealed and returned to the cage".into(),
    ]
}

fn default_min_ante() -> Cents {
    crate::rules::table::DEFAULT_MIN_ANTE
}

fn default_max_ante() -> Cents {
    crate::rules::table::DEFAULT_MAX_ANTE
}

fn default_validate_over() -> Cents {
    crate::rules::banked::DEFAULT_VALIDATE_OVER
}

fn default_supervisor_over() -> Cents {
    crate::rules::banked::DEFAULT_SUPERVISOR_OVER
}

#[derive(Debug, Clone, Deserialize, PartialEq)]
#[serde(deny_unknown_fields)]
pub struct HoldemConfig {
    pub blinds: Vec<Cents>,
    pub small_bet: Cents,
    pub big_bet: Cents,
    pub max_raises: u8,
    /// Percentage rake, 0 to 10 (§ 637a.17(b)(1)).
    #[serde(default)]
    pub rake_percent: u8,
    /// Maximum rake per round (§ 637a.17(a)(3)).
    #[serde(default)]
    pub rake_cap_cents: Cents,
    /// No rake unless the flop was dealt.
    #[serde(default)]
    pub rake_flop_only: bool,
    /// The betting structure (§ 637a.8(k)): fixed-limit (default), spread-limit, no-limit or
    /// pot-limit.
    #[serde(default)]
    pub structure: crate::rules::table::StructureKind,
    /// Spread, no-limit, pot-limit: the least opening bet (0: the big blind).
    #[serde(default)]
    pub min_bet_cents: Cents,
    /// Spread limit: the largest bet or raise.
    #[serde(default)]
    pub spread_max_cents: Cents,
    /// No-limit, pot-limit: a raise is at least the previous bet or raise (default true).
    #[serde(default = "yes")]
    pub min_raise_previous: bool,
    /// No-limit, pot-limit: an all-in short of a full raise reopens the betting (default false).
    #[serde(default)]
    pub short_all_in_reopens: bool,
    /// Who gets a pot's odd chip (the high half's in a split game) where the section leaves it
    /// to the Rules Submission (§ 637a.11(k)): "left-of-button" (the first tied player
    /// clockwise from the button) or "high-card-by-suit". Seven-card Stud Hi-Lo's section
    /// names the player, so it is not offered there.
    #[serde(default)]
    pub odd_chip: OddChipChoice,
    /// No-limit, pot-limit: the most a player may have on the table, in cents.
    #[serde(default = "default_max_stake")]
    pub max_stake_cents: Cents,
    /// How a player who missed the blinds comes back in: post-dead, post-live,
    /// wait-for-big-blind.
    #[serde(default)]
    pub missed_blinds: crate::rules::table::MissedBlindsRule,
    /// How a new player is first dealt in: post-big-blind, wait-for-big-blind, no-post.
    #[serde(default)]
    pub new_player: crate::rules::table::NewPlayerRule,
    /// A player stepping away: his stakes counted (and checked on return) or covered
    /// (§ 637a.8(b)(6)).
    #[serde(default)]
    pub away_stakes: crate::rules::table::AwayStakes,
    /// Fixed and spread limit: keep each seat's table stakes too (§ 637a.8(b)).
    #[serde(default)]
    pub table_stakes: bool,
    /// The Kill or Half-kill option of the Rules Submission (§ 637a.1), at the games whose
    /// section offers one (Omaha, Five-card Omaha, Triple Draw, Badugi): none, kill, half-kill.
    #[serde(default)]
    pub kill: KillOption,
    /// The posted minimum qualifying pot that starts a Kill (§ 637a.12(n)).
    #[serde(default)]
    pub kill_qualifying_pot_cents: Cents,
    /// Whether a pot won because everyone else folded starts a Kill (the text does not say).
    #[serde(default)]
    pub kill_uncontested_counts: bool,
    /// The Straddle Bet offered to the player left of the last blind (§ 637a.11(e)), in cents;
    /// 0: none.
    #[serde(default)]
    pub straddle_cents: Cents,
    /// The betting kept action by action ("tracked") or at the table ("untracked": one tap per
    /// betting round); absent: untracked wherever no table stakes or Kill need every bet.
    #[serde(default)]
    pub betting_actions: Option<BettingActions>,
    /// Heads-up, who posts the small blind: "button" (every room's rule) or "left-of-button"
    /// (the ten-handed rule read literally); Chapter 637a is silent.
    #[serde(default)]
    pub heads_up_small_blind: HeadsUpSmallBlind,
}

/// The Kill option a Rules Submission offers (§ 637a.1, § 637a.12(n)).
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum KillOption {
    #[default]
    None,
    /// The next hand at twice the posted limits.
    Kill,
    /// The next hand at the posted limits and half again.
    HalfKill,
}

fn default_max_stake() -> Cents {
    crate::rules::table::DEFAULT_MAX_STAKE
}

#[derive(Debug, Clone, Default, Deserialize, PartialEq)]
#[serde(deny_unknown_fields)]
pub struct DemoConfig {
    #[serde(default)]
    pub seed_people: bool,
}

/// The dealer's screen: at the table the terminal is the whole monitor (a kiosk), never a
/// window that could be moved, covered or left in a corner.
#[derive(Debug, Clone, Deserialize, PartialEq)]
#[serde(deny_unknown_fields)]
pub struct DisplayConfig {
    #[serde(default = "yes")]
    pub fullscreen: bool,
    /// A monitor larger than 1024×768 shows the screens larger (their targets with them),
    /// not emptier: the whole design scaled by the most that keeps 1024×768 points.
    #[serde(default = "yes")]
    pub scale_to_screen: bool,
}

impl Default for DisplayConfig {
    fn default() -> Self {
        DisplayConfig {
            fullscreen: true,
            scale_to_screen: true,
        }
    }
}

fn yes() -> bool {
    true
}

/// Where a device is: the built-in simulator or a serial device path.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum DevicePort {
    Simulated,
    Path(String),
}

impl Config {
    /// Parses and validates; `origin` names the file in messages.
    pub fn parse(text: &str, origin: &str) -> Result<Config, String> {
        let mut cfg: Config = toml::from_str(text).map_err(|e| format!("{origin}: {e}"))?;
        cfg.validate().map_err(|e| format!("{origin}: {e}"))?;
        cfg.source = (origin.to_string(), text.to_string());
        Ok(cfg)
    }

    pub fn load(path: Option<&Path>) -> Result<Config, String> {
        match path {
            None => Config::parse(DEFAULT_TOML, "embedded default configuration"),
            Some(p) => {
                let text = std::fs::read_to_string(p)
                    .map_err(|e| format!("{}: cannot read: {e}", p.display()))?;
                Config::parse(&text, &p.display().to_string())
            }
        }
    }

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
            && self.table.dealing != crate::rules::registry::Dealing::AutomatedShoe
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

    /// The paytables: the embedded files, or those of `paytables.dir`, validated.
    pub fn load_paytables(&self) -> Result<Paytables, String> {
        let dir = self.paytables.dir.trim();
        if dir.is_empty() {
            Paytables::embedded()
        } else {
            Paytables::from_dir(Path::new(dir)).map_err(|e| format!("paytables.dir: {e}"))
        }
    }

    /// Where the progressive controller is; `None` for a table without one.
    pub fn progressive_port(&self) -> Option<DevicePort> {
        match self.progressive.port.trim() {
            "none" | "" => None,
            "simulated" => Some(DevicePort::Simulated),
            p => Some(DevicePort::Path(p.to_string())),
        }
    }

    /// Where the counting shuffler is; `None` for a table that shuffles and counts by hand.
    pub fn shuffler_port(&self) -> Option<DevicePort> {
        match self.shuffler.port.trim() {
            "none" => None,
            "simulated" => Some(DevicePort::Simulated),
            p => Some(DevicePort::Path(p.to_string())),
        }
    }

    /// The database path: the configured one, or the user's data directory.
    pub fn database_path(&self) -> Result<PathBuf, String> {
        if !self.store.database.trim().is_empty() {
            return Ok(PathBuf::from(self.store.database.trim()));
        }
        directories::ProjectDirs::from("", "", "deckhand")
            .map(|d| d.data_dir().join("deckhand.sqlite"))
            .ok_or_else(|| "store.database: no home directory; set a path".to_string())
    }

    /// The signing key for the database at `db`: `[store] signing_key`, or beside it.
    pub fn signing_key_path(&self, db: &std::path::Path) -> PathBuf {
        match self.store.signing_key.trim() {
            "" => crate::store::signing::default_key_path(db),
            k => PathBuf::from(k),
        }
    }

    /// Opens the store at `db` with this configuration's signing key.
    pub fn open_store(&self, db: &std::path::Path) -> crate::store::Result<crate::store::Store> {
        let witness = self.store.head_witness.trim();
        crate::store::Store::open_witnessed(
            db,
            &self.signing_key_path(db),
            (!witness.is_empty()).then(|| std::path::Path::new(witness)),
        )
    }

    /// The scheduled backup folder, if one is configured.
    pub fn backup_dir(&self) -> Option<PathBuf> {
        let d = self.store.backup_dir.trim();
        (!d.is_empty()).then(|| PathBuf::from(d))
    }

    pub fn backup_every(&self) -> std::time::Duration {
        std::time::Duration::from_secs(u64::from(self.store.backup_every_minutes) * 60)
    }

    pub fn retention(&self) -> std::time::Duration {
        std::time::Duration::from_secs(u64::from(self.store.retention_years) * 365 * 24 * 3600)
    }

    pub fn pin_policy(&self) -> crate::store::people::PinPolicy {
        crate::store::people::PinPolicy {
            min_digits: self.people.min_pin_digits,
            max_failures: self.people.max_pin_failures,
            first_delay_seconds: self.people.pin_delay_seconds,
            max_delay_seconds: self.people.pin_max_delay_seconds,
            lockout_minutes: self.people.lockout_minutes,
            max_lockout_minutes: self.people.max_lockout_minutes,
        }
    }

    /// The idle time before the screen locks between rounds, if it locks.
    pub fn lock_after(&self) -> Option<std::time::Duration> {
        (self.people.lock_after_idle_minutes > 0).then(|| {
            std::time::Duration::from_secs(u64::from(self.people.lock_after_idle_minutes) * 60)
        })
    }

    /// The games the open-table screen offers, `[table] game` first.
    pub fn offered_games(&self) -> Vec<crate::rules::games::GameId> {
        let mut v = vec![self.table.game];
        for g in &self.table.games {
            if !v.contains(g) {
                v.push(*g);
            }
        }
        v
    }

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
    pub fn table_setup_for(&self, game: crate::rules::games::GameId) -> TableSetup {
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
            p.board_first &= p.dealing == crate::rules::registry::Dealing::AutomatedShoe;
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
        s.poker.untracked_betting = self.untracked_betting(game, &s);
        s
    }

    /// What a house-banked table dealing `game` settles by: its paytables, the `[house]`
    /// choices and the `[table]` signature thresholds. `None` if they do not load (`validate`
    /// names why).
    fn house_for(
        &self,
        game: crate::rules::games::GameId,
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
        game: crate::rules::games::GameId,
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
        game: crate::rules::games::GameId,
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

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn embedded_default_is_valid() {
        let c = Config::load(None).unwrap();
        assert_eq!(c.shuffler_port(), Some(DevicePort::Simulated));
        assert!(c.table_setup().counting_shuffler);
        let manual = Config::parse(
            &DEFAULT_TOML.replacen("port = \"simulated\"", "port = \"none\"", 1),
            "t",
        )
        .unwrap();
        assert_eq!(manual.shuffler_port(), None);
        assert!(!manual.table_setup().counting_shuffler);
        assert_eq!(c.table_setup().blinds, vec![100, 200]);
    }

    #[test]
    fn payout_thresholds_and_posted_limits_are_never_unbounded() {
        let c = Config::load(None).unwrap();
        let a = c.approvals();
        assert_eq!((a.floor_over, a.supervisor_over), (100_000, 1_000_000));
        let setup = c.table_setup_for(crate::rules::games::GameId::MississippiStud);
        assert_eq!(
            setup.poker.house.unwrap().approvals,
            a,
            "snapshotted with the table"
        );
        let e = Config::parse(
            &DEFAULT_TOML.replace(
                "supervisor_over_cents = 1000000",
                "supervisor_over_cents = 5",
            ),
            "t",
        )
        .unwrap_err();
        assert!(e.contains("table.validate_over_cents"), "{e}");
        let e = Config::parse(
            &DEFAULT_TOML
                .replace("game = \"holdem\"", "game = \"mississippi-stud\"")
                .replace("max_ante_cents = 100000", "max_ante_cents = 0"),
            "t",
        )
        .unwrap_err();
        assert!(e.contains("posts its maximum Ante"), "{e}");
    }

    #[test]
    fn side_wager_limits_name_a_side_wager_of_the_game() {
        let thb = DEFAULT_TOML.replace("game = \"holdem\"", "game = \"texas-holdem-bonus\"");
        let with = |limits: &str| {
            let text = thb.replace(
                "max_ante_cents = 100000 ",
                &format!("side_wager_limits_cents = {{ {limits} }}\nmax_ante_cents = 100000 "),
            );
            Config::parse(&text, "test").map(|c| c.table_setup().poker.side_limits)
        };
        assert_eq!(
            with("bonus = [100, 2500]").unwrap(),
            [("bonus".to_string(), (100, 2500))].into()
        );
        let e = with("queens_up = [0, 2500]").unwrap_err();
        assert!(
            e.contains("queens_up is not a side wager of texas-holdem-bonus (its side wagers: bonus, progressive, fchb_player, fchb_dealer)"),
            "{e}"
        );
        let e = with("bonus = [2500, 100]").unwrap_err();
        assert!(e.contains("side_wager_limits_cents.bonus"), "{e}");
        assert!(with("ante = [0, 100]").is_err());
    }

    #[test]
    fn bad_values_name_the_key() {
        let bad = DEFAULT_TOML.replace("max_raises = 3", "max_raises = 0");
        assert!(
            Config::parse(&bad, "t")
                .unwrap_err()
                .contains("holdem.max_raises")
        );
        let bad = DEFAULT_TOML.replace("[\"Red\", \"Blue\"]", "[\"Red\", \"red\"]");
        // § 637a.3(a): the two decks must have different back colours.
        assert!(
            Config::parse(&bad, "t")
                .unwrap_err()
                .contains("different back colours")
        );
        let bad = DEFAULT_TOML.replace("small_bet = 200", "small_bet = \"12a\"");
        let e = Config::parse(&bad, "t").unwrap_err();
        assert!(e.contains("small_bet"), "{e}");
        let bad = DEFAULT_TOML.replace("retention_years = 5", "retention_years = 0");
        assert!(
            Config::parse(&bad, "t")
                .unwrap_err()
                .contains("store.retention_years")
        );
        // House-banked choices: a missing paytable letter, a limit under the floor, a typo.
        let bad = DEFAULT_TOML.replace("instant = \"A\"", "instant = \"J\"");
        let e = Config::parse(&bad, "t").unwrap_err();
        assert!(e.contains("house.lunar-poker.instant"), "{e}");
        // The first reset key is Texas Hold 'Em Bonus's.
        let bad = DEFAULT_TOML.replacen(
            "progressive_reset_cents = 1000000",
            "progressive_reset_cents = 999999",
            1,
        );
        let e = Config::parse(&bad, "t").unwrap_err();
        assert!(
            e.contains("house.texas-holdem-bonus.progressive_reset_cents"),
            "{e}"
        );
        let bad = DEFAULT_TOML.replace("decks = 6 ", "decks = 7 ");
        let e = Config::parse(&bad, "t").unwrap_err();
        assert!(e.contains("house.spanish-21.decks"), "{e}");
        let bad = DEFAULT_TOML.replace("resplits = 2", "resplitz = 2");
        let e = Config::parse(&bad, "t").unwrap_err();
        assert!(e.contains("resplitz"), "{e}");
        let bad = DEFAULT_TOML.replace("dir = \"\"", "dir = \"/no/such/folder\"");
        let e = Config::parse(&bad, "t").unwrap_err();
        assert!(e.contains("paytables.dir"), "{e}");
        for digits in ["4", "5", "13"] {
            let bad =
                DEFAULT_TOML.replace("min_pin_digits = 6", &format!("min_pin_digits = {digits}"));
            assert!(
                Config::parse(&bad, "t")
                    .unwrap_err()
                    .contains("people.min_pin_digits: 6 to 12")
            );
        }
        let bad = DEFAULT_TOML.replace("max_pin_failures = 5", "max_pin_failures = 1");
        assert!(
            Config::parse(&bad, "t")
                .unwrap_err()
                .contains("people.max_pin_failures")
        );
        let bad = DEFAULT_TOML.replace("pin_delay_seconds = 2", "pin_delay_seconds = 600");
        assert!(
            Config::parse(&bad, "t")
                .unwrap_err()
                .contains("people.pin_delay_seconds")
        );
        let bad = DEFAULT_TOML.replace(
            "lock_after_idle_minutes = 5",
            "lock_after_idle_minutes = \"soon\"",
        );
        assert!(
            Config::parse(&bad, "t")
                .unwrap_err()
                .contains("lock_after_idle_minutes")
        );
        let bad = DEFAULT_TOML.replace("baud = 9600", "baud = 9601");
        assert!(
            Config::parse(&bad, "t")
                .unwrap_err()
                .contains("shuffler.baud")
        );
        let bad = DEFAULT_TOML.replace("baud = 19200", "baud = 0");
        assert!(
            Config::parse(&bad, "t")
                .unwrap_err()
                .contains("progressive.baud")
        );
        let bad = format!("{DEFAULT_TOML}\n[extra]\nx = 1\n");
        assert!(Config::parse(&bad, "t").unwrap_err().contains("extra"));
    }
}
