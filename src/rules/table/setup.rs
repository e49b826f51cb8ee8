//! What the casino declared for a table in its Rules Submission (§ 601a.2): the game, the posted
//! limits and forced bets, the rake and jackpot contributions, the deck life, and for a
//! house-banked game its paytables and choices. Snapshotted into the journal when the table opens.

use super::*;
use serde::{Deserialize, Serialize};

/// What the casino declared for this table in its Rules Submission (§ 601a.2), snapshotted
/// into the journal when the table opens so a replay uses the rules that were in force.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct TableSetup {
    pub table_no: u32,
    /// Back colours of the two decks, which must differ (§ 637a.3(a)).
    pub deck_colours: [String; 2],
    /// Blind bets, first blind first (§ 637a.11(d)).
    pub blinds: Vec<Cents>,
    /// Fixed-limit bet on the pre-flop and flop rounds (§ 637a.8(k)).
    pub small_bet: Cents,
    /// Fixed-limit bet on the turn and river rounds (§ 637a.8(k)).
    pub big_bet: Cents,
    /// Posted maximum number of raises per betting round (§ 637a.8(k)); no-limit and pot-limit
    /// may post none (0).
    pub max_raises: u8,
    /// The betting structure (§ 637a.8(k)): fixed limit on `small_bet` and `big_bet` unless the
    /// Rules Submission says spread, no-limit or pot-limit.
    #[serde(default, skip_serializing_if = "Betting::is_fixed")]
    pub betting: Betting,
    /// An automated shuffler that counts after each shuffle is in use (§ 637a.7(e)(4)(ii)).
    /// Without one the dealer shuffles and cuts by hand (§ 637a.5(b)(2)) and counts each deck
    /// at least once every five rounds, verified by a floorperson (§ 637a.7(e)(4)(i)).
    #[serde(default = "counting_shuffler_default")]
    pub counting_shuffler: bool,
    /// Rake (§ 637a.17) and jackpot contributions (§ 637a.15(c), § 637a.16(c)) taken from each
    /// pot, in that order.
    #[serde(default)]
    pub pot_rules: PotRules,
    /// The poker-room game and its forced bets (Hold'em unless set).
    #[serde(flatten)]
    pub poker: PokerOptions,
}

/// The kind of betting structure a table posts (§ 637a.8(k)).
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum StructureKind {
    #[default]
    FixedLimit,
    SpreadLimit,
    NoLimit,
    PotLimit,
}

/// `[holdem] max_stake_cents`'s default: a player may have up to $10,000.00 on the table.
pub const DEFAULT_MAX_STAKE: Cents = 1_000_000;

/// The posted betting structure beyond the fixed limits (§ 637a.8(k)), and the table stakes a
/// no-limit or pot-limit table keeps per seat (§ 637a.8(b)).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(default)]
pub struct Betting {
    pub structure: StructureKind,
    /// Spread, no-limit, pot-limit: the least opening bet; 0 is the largest blind (Stud: the
    /// small bet).
    pub min_bet: Cents,
    /// Spread limit: the largest bet or raise.
    pub spread_max: Cents,
    pub rules: crate::rules::poker::hand::BigBetRules,
    /// The most a player may have on the table.
    pub max_stake: Cents,
    /// How a player who missed the blinds while away comes back in.
    pub missed_blinds: MissedBlindsRule,
    /// How a new player at a table in play is first dealt in.
    pub new_player: NewPlayerRule,
    /// A player leaving temporarily: the floorperson counts the stakes and checks them on
    /// return, or keeps them under a cover (§ 637a.8(b)(6)(i),(ii)).
    pub away_stakes: AwayStakes,
    /// Fixed and spread limit: keep each seat's table stakes too (no-limit and pot-limit always
    /// do).
    pub table_stakes: bool,
}

/// The Rules Submission's rule for a player who missed the blinds (§ 637a.11(d) leaves the
/// blinds' rules to it).
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum MissedBlindsRule {
    /// The big blind live and the small blind dead.
    #[default]
    PostDead,
    /// The big blind live only.
    PostLive,
    /// Not dealt in until the big blind reaches the seat.
    WaitForBigBlind,
}

/// The Rules Submission's rule for a new player.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum NewPlayerRule {
    /// A big blind, live, to be dealt in at once.
    #[default]
    PostBigBlind,
    /// Not dealt in until the big blind reaches the seat.
    WaitForBigBlind,
    /// Dealt in without a post.
    NoPost,
}

/// § 637a.8(b)(6): what the floorperson does with the stakes of a player away from the table.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum AwayStakes {
    /// (i) counted before the player leaves and checked on return.
    #[default]
    Counted,
    /// (ii) kept on the table under a non-transparent cover.
    Covered,
}

impl Default for Betting {
    fn default() -> Self {
        Betting {
            structure: StructureKind::FixedLimit,
            min_bet: 0,
            spread_max: 0,
            rules: Default::default(),
            max_stake: DEFAULT_MAX_STAKE,
            missed_blinds: Default::default(),
            new_player: Default::default(),
            away_stakes: Default::default(),
            table_stakes: false,
        }
    }
}

impl Betting {
    fn is_fixed(&self) -> bool {
        *self == Betting::default()
    }

    /// No-limit and pot-limit tables keep each seat's table stakes from round to round; fixed
    /// and spread limit when the casino says so.
    pub fn tracks_stakes(&self) -> bool {
        self.table_stakes
            || matches!(
                self.structure,
                StructureKind::NoLimit | StructureKind::PotLimit
            )
    }
}

/// `[table] min_ante_cents`'s default: a $5.00 Ante.
pub const DEFAULT_MIN_ANTE: Cents = 500;
/// `[table] max_ante_cents`'s default: a $1,000.00 Ante. A house-banked table always posts a
/// maximum: no wager is unbounded.
pub const DEFAULT_MAX_ANTE: Cents = 100_000;

/// The game a table deals and the forced bets the blinds do not cover (§ 637a.7(c)).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(default)]
pub struct PokerOptions {
    pub game: crate::rules::game_id::GameId,
    /// A bet or raise is offered only while another player still in could call more than the
    /// bet (`Hand::answerable`). Absent from a table opened before the rule was kept (its
    /// journal replays as it was dealt): false.
    #[serde(default)]
    pub raise_needs_caller: bool,
    /// The Rules Submission keeps the betting at the table, not action by action on the
    /// screen: one tap per betting round or draw, the winner tapped, the rake taken keyed from
    /// the posted schedule (`rake_presets`). Never with table stakes (§ 637a.8(b)), which need
    /// every action. Absent from a table opened before the choice existed: false (tracked).
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub untracked_betting: bool,
    /// Heads-up, the button posts the small blind and the other player the big blind (every
    /// room's rule; Chapter 637a is silent, so it is the Rules Submission's). Absent from a
    /// table opened before the choice existed: false (the player left of the button posted the
    /// small blind, as ten-handed).
    #[serde(default)]
    pub heads_up_button_small_blind: bool,
    /// Who gets a pot's (or its high half's) odd chip where the game's section lets the Rules
    /// Submission name the player (§ 637a.11(k)) or is silent; Seven-card Stud Hi-Lo's section
    /// names it (§ 637a.10(i)(3)) and no choice applies there. Absent from a table opened
    /// before the choice existed: left of the button.
    #[serde(default)]
    pub odd_chip: crate::rules::poker::pots::OddChip,
    /// An ante from every player (§ 637a.7(c), each game's (b)).
    pub ante: Cents,
    /// Stud's forced bet (§ 637a.10(d), § 637a.14(d)).
    pub forced_bet: Cents,
    /// The house-banked games' dealing method (each game's § x.8, x.9, x.10).
    pub dealing: crate::rules::dealing::Dealing,
    /// Hours before the decks must be changed; 0 is the regulation's maximum for the game and
    /// dealing method ([`TableSetup::deck_change_limit`]). A casino may choose fewer.
    pub deck_change_hours: u32,
    /// A house-banked table's posted minimum and maximum Ante, in cents (a minimum of 0: none;
    /// the maximum is always posted).
    pub min_ante: Cents,
    pub max_ante: Cents,
    /// A house-banked table's posted minimum and maximum of each other wager a player keys,
    /// by the wager's key ("queens_up", "pair_plus"…), in cents (0: none); a wager without its
    /// own maximum is held to the Ante's.
    pub side_limits: std::collections::BTreeMap<String, (Cents, Cents)>,
    /// A house-banked table's paytables and the casino's choices it settles by.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub house: Option<Box<crate::rules::banked::House>>,
    /// What may become of a deck taken off the table, as the internal controls list it
    /// (§ 637a.3(c), § 603a.15(j)); the floorperson who verifies the removal says which. Empty:
    /// nothing is asked.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub deck_dispositions: Vec<String>,
    /// The Kill or Half-kill option the Rules Submission offers at this game, with its
    /// qualifying pot (§ 637a.1, § 637a.12(b),(n), § 637a.19(b),(l)(3), § 637a.20(b),
    /// § 637a.21(b)); `None`: limits always as posted.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub kill: Option<crate::rules::poker::jackpots::KillRules>,
    /// The Straddle Bet the Rules Submission offers to the player left of the last blind, in
    /// cents (§ 637a.11(e), § 637a.12(e), § 637a.19(e), § 637a.20(e), § 637a.21(e)); 0: none.
    #[serde(skip_serializing_if = "no_straddle")]
    pub straddle: Cents,
    /// The table receives its decks preinspected and preshuffled (§ 603a.16(u),(v)): the
    /// opening's inspection, spread, wash and shuffle do not apply (§ 637a.4(e)), each deck is
    /// cut before its first round (§ 637a.5(b)(2)). Poker-room games only.
    #[serde(skip_serializing_if = "std::ops::Not::not")]
    pub preshuffled: bool,
    /// The automated dealing shoe reshuffles the cards itself and dispenses the community cards
    /// before the players' stacks (§ 677a.10(g), § 647a.10(g), § 655a.10(g)); they are then
    /// turned face up at each reveal, with no burn.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub board_first: bool,
}

fn no_straddle(c: &Cents) -> bool {
    *c == 0
}

impl Default for PokerOptions {
    fn default() -> PokerOptions {
        PokerOptions {
            game: Default::default(),
            raise_needs_caller: true,
            untracked_betting: false,
            heads_up_button_small_blind: true,
            odd_chip: Default::default(),
            ante: 0,
            forced_bet: 0,
            dealing: Default::default(),
            deck_change_hours: 0,
            min_ante: DEFAULT_MIN_ANTE,
            max_ante: DEFAULT_MAX_ANTE,
            side_limits: Default::default(),
            house: None,
            deck_dispositions: vec![],
            kill: None,
            straddle: 0,
            preshuffled: false,
            board_first: false,
        }
    }
}

pub use crate::rules::poker::house_take::{PotRules, PotTake};

fn counting_shuffler_default() -> bool {
    true
}

/// § 637a.7(e)(4)(i): without a counting shuffler each deck is counted at least once every
/// this many rounds.
pub const MANUAL_COUNT_EVERY: u32 = 5;

/// Table stakes are not keyed at the table: each player counts as covering any bet, so a
/// round never runs anyone out (all-ins are settled by `deckhand settle`).
pub const STAKES_NOT_TRACKED: Cents = 100_000_000;

impl TableSetup {
    /// This table dealing `game` instead: the same decks, limits and rake, with the game's own
    /// defaults where its procedure needs one the other game did not: the registry's first
    /// dealing method where the table's is not one its chapter allows (Spanish 21 from a shoe,
    /// § 635a.7(a)), and half the small bet as a Stud
    /// game's forced bet (§ 637a.10(d); the Rules Submission's figure goes in `[games.<id>]`).
    /// The house-banked paytables are the caller's (`Config::table_setup_for`).
    pub fn for_game(&self, game: crate::rules::game_id::GameId) -> TableSetup {
        let mut s = self.clone();
        if game == s.poker.game {
            return s;
        }
        s.poker = PokerOptions {
            game,
            raise_needs_caller: s.poker.raise_needs_caller,
            heads_up_button_small_blind: s.poker.heads_up_button_small_blind,
            odd_chip: s.poker.odd_chip,
            // `[table] dealing` where the game's chapter allows it; else the game's own.
            dealing: if game.def().dealing.contains(&s.poker.dealing) {
                s.poker.dealing
            } else {
                game.def().dealing[0]
            },
            deck_change_hours: s.poker.deck_change_hours,
            deck_dispositions: s.poker.deck_dispositions.clone(),
            // The table's shoe, whichever game it deals (§ x.10(g)).
            board_first: s.poker.board_first,
            ..Default::default()
        };
        let stud =
            crate::rules::poker::procedure::Procedure::of(game).is_some_and(|p| p.stud.is_some());
        if stud {
            s.poker.forced_bet = (s.small_bet / 2).max(1);
        }
        s
    }

    /// The seats that post this table's blinds with `seats` dealt in and the button at
    /// `button`, first blind first (§ 637a.11(d); heads-up as the Rules Submission says,
    /// `betting::blind_order`).
    pub fn blind_seats(&self, seats: &[u8], button: u8) -> Vec<u8> {
        crate::rules::betting_actions::blind_order(
            seats,
            button,
            self.poker.heads_up_button_small_blind,
        )
        .into_iter()
        .take(self.blinds.len())
        .collect()
    }

    /// The posted structure as the round state machine takes it.
    pub fn structure(&self) -> crate::rules::poker::hand::Structure {
        use crate::rules::poker::hand::Structure;
        let blinds = crate::rules::poker::procedure::Procedure::of(self.poker.game)
            .is_some_and(|p| p.blinds);
        // The least bet: the posted one, else the big blind (Stud and the other games without
        // blinds: the small bet).
        let min = if self.betting.min_bet > 0 {
            self.betting.min_bet
        } else if blinds {
            self.blinds.iter().copied().max().unwrap_or(self.small_bet)
        } else {
            self.small_bet
        };
        match self.betting.structure {
            StructureKind::FixedLimit => Structure::FixedLimit {
                small: self.small_bet,
                big: self.big_bet,
            },
            StructureKind::SpreadLimit => Structure::SpreadLimit {
                min,
                max: self.betting.spread_max,
            },
            StructureKind::NoLimit => Structure::NoLimit { min },
            StructureKind::PotLimit => Structure::PotLimit { min },
        }
    }

    /// The least table stakes a player needs to be dealt in: the forced bets and one minimum
    /// bet (§ 637a.8(b)(4)).
    pub fn least_stake(&self) -> Cents {
        let blinds = crate::rules::poker::procedure::Procedure::of(self.poker.game)
            .is_some_and(|p| p.blinds);
        let blind = if blinds {
            self.blinds.iter().copied().max().unwrap_or(0)
        } else {
            0
        };
        self.poker.ante + blind.max(self.poker.forced_bet) + self.structure().min_bet()
    }

    /// The round state machine's setup, for every poker-room game. `stakes`: each seat's table
    /// stakes where the table keeps them (no-limit, pot-limit); elsewhere a player counts as
    /// covering any bet.
    pub fn hand_setup(
        &self,
        seats: &[u8],
        button: u8,
        stakes: &std::collections::BTreeMap<u8, Cents>,
        posts: &[crate::rules::poker::hand::ExtraPost],
        killed: bool,
    ) -> crate::rules::poker::hand::HandSetup {
        use crate::rules::poker::hand::HandSetup;
        let stake = |s: &u8| {
            if self.betting.tracks_stakes() {
                stakes.get(s).copied().unwrap_or(0)
            } else {
                STAKES_NOT_TRACKED
            }
        };
        HandSetup {
            game: self.poker.game,
            seats: seats.iter().map(|s| (*s, stake(s))).collect(),
            button,
            ante: self.poker.ante,
            blinds: self.blinds.clone(),
            // One straddle at most, where the game has blinds and the house offers it.
            straddle: (self.poker.straddle > 0
                && crate::rules::poker::procedure::Procedure::of(self.poker.game)
                    .is_some_and(|p| p.straddle))
            .then_some(self.poker.straddle),
            forced_bet: self.poker.forced_bet,
            structure: self.structure(),
            max_raises: self.max_raises,
            big_bet: self.betting.rules,
            // § 637a.1: a killed round plays at twice (Kill) or one and a half times
            // (Half-kill) the posted limits.
            limit_percent: match (&self.poker.kill, killed) {
                (Some(k), true) => k.limit_percent,
                _ => 100,
            },
            low_ace_low: true,
            raise_needs_caller: self.poker.raise_needs_caller,
            heads_up_button_small_blind: self.poker.heads_up_button_small_blind,
            // Table stakes and a Kill's qualifying pot need every bet counted.
            untracked: self.poker.untracked_betting
                && !self.betting.tracks_stakes()
                && self.poker.kill.is_none(),
            pot_rules: self.pot_rules.clone(),
            award: crate::rules::poker::pots::AwardRules::for_table(
                self.poker.game,
                self.poker.odd_chip,
            ),
            posts: posts.to_vec(),
        }
    }

    /// The regulation's longest time between deck changes, in hours, and its section:
    /// § 637a.3(c) 12 hours for the poker room; the house-banked games 4 hours from the hand,
    /// 8 from a dealing shoe (§ 677a.3(c), § 647a.3, § 589.3, § 655a.3, § 657a.3).
    pub fn deck_change_limit(&self) -> (u32, &'static str) {
        let life = self.poker.game.def().deck_life;
        let hand = self.poker.dealing == crate::rules::dealing::Dealing::Hand;
        (if hand { life.hand } else { life.shoe }, life.section)
    }

    /// The hours this table changes its decks after.
    pub fn deck_change_hours(&self) -> u32 {
        let (max, _) = self.deck_change_limit();
        if self.poker.deck_change_hours == 0 {
            max
        } else {
            self.poker.deck_change_hours.min(max)
        }
    }

    /// Checks the values a casino could get wrong; the message names the problem.
    pub fn validate(&self) -> Result<(), String> {
        let (max, section) = self.deck_change_limit();
        if self.poker.deck_change_hours > max {
            return Err(format!(
                "table.deck_change_hours: {} hours is longer than the {max} hours {section} allows",
                self.poker.deck_change_hours
            ));
        }
        if self.poker.min_ante < 0
            || self.poker.max_ante < 0
            || (self.poker.max_ante > 0 && self.poker.max_ante < self.poker.min_ante)
        {
            return Err(
                "table.min_ante_cents and max_ante_cents: 0 or more, and the maximum not below the minimum"
                    .into(),
            );
        }
        self.validate_side_limits()?;
        if self.poker.straddle < 0
            || (self.poker.straddle > 0
                && self.blinds.last().is_some_and(|b| self.poker.straddle < *b))
        {
            return Err(
                "holdem.straddle_cents: 0 (none), or a Straddle Bet of at least the last blind (§ 637a.11(e))"
                    .into(),
            );
        }
        if let Some(k) = &self.poker.kill {
            let Some(section) = self.poker.game.kill_section() else {
                return Err(format!(
                    "holdem.kill: {} has no Kill or Half-kill (only Omaha, Five-card Omaha, Triple Draw and Badugi, § 637a.12(b), § 637a.19(b), § 637a.20(b), § 637a.21(b))",
                    self.poker.game.name()
                ));
            };
            if !matches!(k.limit_percent, 150 | 200) {
                return Err(format!(
                    "holdem.kill: a Kill doubles the posted limits and a Half-kill adds half ({section}), not {} percent",
                    k.limit_percent
                ));
            }
            if k.qualifying_pot <= 0 {
                return Err(format!(
                    "holdem.kill_qualifying_pot_cents: the posted minimum qualifying pot, more than 0 ({section})"
                ));
            }
        }
        if self.poker.game.is_house_banked() && self.poker.max_ante <= 0 {
            return Err(format!(
                "table.max_ante_cents: a {} table posts its maximum Ante ({}); without one a wager would have no bound",
                self.poker.game.name(),
                self.poker.game.def().sections.start
            ));
        }
        if self.poker.game.is_house_banked() {
            if crate::rules::registry::round_def(self.poker.game).is_none() {
                return Err(format!(
                    "table.game: {} is settled with `deckhand settle`; its table procedure is not on the screen yet",
                    self.poker.game.id()
                ));
            }
            if self.poker.game == crate::rules::game_id::GameId::Spanish21
                && self.poker.dealing == crate::rules::dealing::Dealing::Hand
            {
                return Err(
                    "table.dealing: Spanish 21 is dealt from a dealing shoe (§ 635a.7(a)): manual-shoe or automated-shoe"
                        .into(),
                );
            }
            return self.validate_decks();
        }
        let Some(proc) = crate::rules::poker::procedure::Procedure::of(self.poker.game) else {
            return Err(format!(
                "table.game: {} is a house-banked game, not one this table's poker procedure deals",
                self.poker.game.id()
            ));
        };
        if self.poker.ante < 0 || self.poker.forced_bet < 0 {
            return Err("table.ante_cents and table.forced_bet_cents: not below 0".into());
        }
        if proc.stud.is_some() && self.poker.forced_bet == 0 {
            return Err(format!(
                "table.forced_bet_cents: {} needs the forced bet by the up card ({}(d))",
                self.poker.game.id(),
                proc.section_whole()
            ));
        }
        self.validate_decks()?;
        self.validate_rest()
    }

    /// The posted structure (§ 637a.8(k)): a cap on raises unless no-limit or pot-limit; a
    /// spread with its maximum; a stake limit that covers the least a player needs.
    fn validate_betting(&self) -> Result<(), String> {
        let b = &self.betting;
        let big_bet = matches!(
            b.structure,
            StructureKind::NoLimit | StructureKind::PotLimit
        );
        if self.max_raises == 0 && !big_bet {
            return Err(
                "holdem.max_raises: at least 1 (§ 637a.8(k)); only no-limit and pot-limit may post no cap (0)"
                    .into(),
            );
        }
        if b.min_bet < 0 {
            return Err("holdem.min_bet_cents: not below 0".into());
        }
        if b.structure == StructureKind::SpreadLimit && b.spread_max < self.structure().min_bet() {
            return Err(format!(
                "holdem.spread_max_cents: a spread limit posts its largest bet, at least the least ({})",
                crate::rules::money(self.structure().min_bet())
            ));
        }
        if b.max_stake < self.least_stake() || b.max_stake > crate::rules::banked::MAX_AMOUNT {
            return Err(format!(
                "holdem.max_stake_cents: from {} (the forced bets and one minimum bet, § 637a.8(b)(4)) to {}",
                crate::rules::money(self.least_stake()),
                crate::rules::money(crate::rules::banked::MAX_AMOUNT)
            ));
        }
        Ok(())
    }

    /// Each side-wager limit names a wager the player keys on this game's layout (not the Ante,
    /// which has its own, nor a wager that must equal another), with a minimum not above the
    /// maximum.
    fn validate_side_limits(&self) -> Result<(), String> {
        let def = crate::rules::registry::round_def(self.poker.game);
        for (key, (min, max)) in &self.poker.side_limits {
            let spot = def.and_then(|d| d.spots.iter().find(|s| s.key == key));
            let keyed = spot.is_some_and(|s| s.key != "ante" && s.equals.is_none());
            if !keyed {
                let names: Vec<&str> = def
                    .map(|d| {
                        d.spots
                            .iter()
                            .filter(|s| s.key != "ante" && s.equals.is_none())
                            .map(|s| s.key)
                            .collect()
                    })
                    .unwrap_or_default();
                return Err(format!(
                    "table.side_wager_limits_cents: {key} is not a side wager of {} (its side wagers: {})",
                    self.poker.game.id(),
                    names.join(", ")
                ));
            }
            if *min < 0 || *max < 0 || (*max > 0 && max < min) {
                return Err(format!(
                    "table.side_wager_limits_cents.{key}: 0 or more, and the maximum not below the minimum"
                ));
            }
        }
        Ok(())
    }

    /// The decks the table opens with: one for a house-banked game without the automated
    /// shuffler (§ 677a.3(a), § 647a.3(a), § 589.3(a), § 655a.3(a), § 657a.3(a)), two that
    /// alternate otherwise (§ 637a.3(a), § x.3(b)); a Spanish 21 shoe keeps its two.
    pub fn decks_used(&self) -> usize {
        let game = self.poker.game;
        if game.is_house_banked()
            && game != crate::rules::game_id::GameId::Spanish21
            && !self.counting_shuffler
        {
            1
        } else {
            2
        }
    }

    /// The decks' back colours in use, as words: "red" or "red and blue".
    pub fn decks_in_words(&self) -> String {
        self.deck_colours[..self.decks_used()].join(" and ")
    }

    fn validate_decks(&self) -> Result<(), String> {
        if self.deck_colours[0].trim().is_empty() || self.deck_colours[1].trim().is_empty() {
            return Err("each deck needs a back colour (§ 637a.3(a))".into());
        }
        if self.deck_colours[0].eq_ignore_ascii_case(&self.deck_colours[1]) {
            return Err(format!(
                "the two decks must have different back colours, both are `{}` (§ 637a.3(a))",
                self.deck_colours[0]
            ));
        }
        Ok(())
    }

    fn validate_rest(&self) -> Result<(), String> {
        self.validate_betting()?;
        if self.blinds.is_empty() || self.blinds.iter().any(|b| *b <= 0) {
            return Err("Hold'em needs at least one blind, each above zero (§ 637a.11(d))".into());
        }
        if self.pot_rules.rake_percent > 10 {
            return Err(format!(
                "a percentage rake is at most 10%, not {}% (§ 637a.17(b)(1))",
                self.pot_rules.rake_percent
            ));
        }
        let p = &self.pot_rules;
        if p.rake_cap < 0 || p.bad_beat < 0 || p.high_hand < 0 || p.contribution_min_pot < 0 {
            return Err("rake cap and contributions are amounts of 0 or more".into());
        }
        if self.small_bet <= 0 || self.big_bet < self.small_bet {
            return Err("the posted limits need 0 < small bet <= big bet (§ 637a.8(k))".into());
        }
        Ok(())
    }
}
