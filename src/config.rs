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
mod table_setup;
mod toml_words;
mod validate;

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
    pub games: std::collections::BTreeMap<crate::rules::game_id::GameId, GameConfig>,
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
    pub game: crate::rules::game_id::GameId,
    /// The games this terminal may open, offered on the open-table screen (every id of the
    /// registry is allowed); empty: `game` only. A change of game goes through closing the table.
    #[serde(default)]
    pub games: Vec<crate::rules::game_id::GameId>,
    /// An ante from every player (§ 637a.7(c)).
    #[serde(default)]
    pub ante_cents: Cents,
    /// Stud's forced bet (§ 637a.10(d), § 637a.14(d)).
    #[serde(default)]
    pub forced_bet_cents: Cents,
    /// The house-banked games' dealing method: hand, manual-shoe or automated-shoe (each
    /// game's § x.8, x.9, x.10).
    #[serde(default)]
    pub dealing: crate::rules::dealing::Dealing,
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
    pub dealing: Option<crate::rules::dealing::Dealing>,
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
        let mut cfg: Config =
            toml::from_str(text).map_err(|e| toml_words::toml_words(origin, text, &e))?;
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

    /// The paytables: the embedded files, or those of `paytables.dir`, validated.
    pub fn load_paytables(&self) -> Result<Paytables, String> {
        let dir = self.paytables.dir.trim();
        if dir.is_empty() {
            Paytables::embedded()
        } else {
            paytables_from_dir(Path::new(dir)).map_err(|e| format!("paytables.dir: {e}"))
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
    pub fn offered_games(&self) -> Vec<crate::rules::game_id::GameId> {
        let mut v = vec![self.table.game];
        for g in &self.table.games {
            if !v.contains(g) {
                v.push(*g);
            }
        }
        v
    }
}

/// Every `*.toml` file of a folder, in name order, laid over the embedded paytables: each
/// replaces the tables of the game it names (`[paytables] dir`).
pub fn paytables_from_dir(dir: &Path) -> Result<Paytables, String> {
    let mut paths: Vec<PathBuf> = std::fs::read_dir(dir)
        .map_err(|e| format!("{}: cannot read the paytable folder: {e}", dir.display()))?
        .filter_map(|e| e.ok().map(|e| e.path()))
        .filter(|p| p.extension().is_some_and(|x| x == "toml"))
        .collect();
    paths.sort();
    let mut files = Vec::with_capacity(paths.len());
    for path in paths {
        let text = std::fs::read_to_string(&path)
            .map_err(|e| format!("{}: cannot read: {e}", path.display()))?;
        files.push((path.display().to_string(), text));
    }
    Paytables::with_files(&files)
}

#[cfg(test)]
mod tests;
