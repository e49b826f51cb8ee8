//! What a hand is set up with and what goes in and out of it: the setup, the players, the step
//! the dealer is asked, the dealer's commands, the events that say what happened, the result.

use super::*;

/// The posted betting structure (§ 637a.8(k); the chapter names none, so it is the Rules
/// Submission's).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "structure", rename_all = "kebab-case")]
pub enum Structure {
    /// Bets and raises of exactly `small` on the early rounds and `big` on the later ones.
    FixedLimit { small: Cents, big: Cents },
    /// Any bet or raise from `min` to `max`.
    SpreadLimit { min: Cents, max: Cents },
    /// No limit: any bet of at least `min` (the opening bet; by default the big blind) up to
    /// the seat's table stakes (§ 637a.8(b)(1),(k)).
    NoLimit { min: Cents },
    /// Pot limit: a bet of at least `min` and at most the pot; a raise at most the pot after
    /// the call (the pot counting every bet on the table and the call) (§ 637a.8(k)).
    PotLimit { min: Cents },
}

impl Structure {
    /// No-limit or pot-limit: the amount of a bet or raise is keyed, and the least raise
    /// follows the previous bet or raise.
    pub fn big_bet(self) -> bool {
        matches!(self, Structure::NoLimit { .. } | Structure::PotLimit { .. })
    }

    /// The amount of a bet or raise is keyed (spread, no-limit, pot-limit).
    pub fn keyed(self) -> bool {
        !matches!(self, Structure::FixedLimit { .. })
    }

    /// The least opening bet.
    pub fn min_bet(self) -> Cents {
        match self {
            Structure::FixedLimit { small, .. } => small,
            Structure::SpreadLimit { min, .. }
            | Structure::NoLimit { min }
            | Structure::PotLimit { min } => min,
        }
    }

    pub fn name(self) -> &'static str {
        match self {
            Structure::FixedLimit { .. } => "fixed limit",
            Structure::SpreadLimit { .. } => "spread limit",
            Structure::NoLimit { .. } => "no limit",
            Structure::PotLimit { .. } => "pot limit",
        }
    }
}

/// The Rules Submission's choices for no-limit and pot-limit betting (§ 637a.8(k) leaves the
/// betting limits and raise restrictions to the posted sign and the Rules Submission).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(default)]
pub struct BigBetRules {
    /// A raise must be at least the previous bet or raise of the round (true, the usual
    /// rule), or only at least the posted minimum bet (false).
    pub min_raise_previous: bool,
    /// An all-in short of a full raise lets players who already acted raise again (false:
    /// they may only call or fold, the usual rule).
    pub short_all_in_reopens: bool,
}

impl Default for BigBetRules {
    fn default() -> Self {
        BigBetRules {
            min_raise_previous: true,
            short_all_in_reopens: false,
        }
    }
}

/// Everything a round needs to know before it starts.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct HandSetup {
    pub game: GameId,
    /// Seats dealt in with their table stakes at the start of the round (§ 637a.8(b)(1)).
    pub seats: Vec<(u8, Cents)>,
    /// The button's seat (button games).
    #[serde(default)]
    pub button: u8,
    #[serde(default)]
    pub ante: Cents,
    /// Blind bets, first blind first (§ 637a.11(d)).
    #[serde(default)]
    pub blinds: Vec<Cents>,
    /// The straddle, if the house offers one (§ 637a.11(e)): its amount.
    #[serde(default)]
    pub straddle: Option<Cents>,
    /// Stud's forced bet (§ 637a.10(d), § 637a.14(d)).
    #[serde(default)]
    pub forced_bet: Cents,
    pub structure: Structure,
    /// Posted maximum number of raises per betting round (§ 637a.8(k)); with no-limit and
    /// pot-limit, 0 means no cap.
    pub max_raises: u8,
    /// No-limit and pot-limit choices.
    #[serde(default)]
    pub big_bet: BigBetRules,
    /// 100; 200 with a Kill, 150 with a Half-kill (§ 637a.1, § 637a.12(n)).
    #[serde(default = "hundred")]
    pub limit_percent: u32,
    /// Stud Low's forced bet: the ace counts low (the king is the highest card).
    #[serde(default = "yes")]
    pub low_ace_low: bool,
    /// A bet or raise only while another player still in could call more than the bet
    /// (`Hand::answerable`); false only for a table opened before the rule was kept.
    #[serde(default = "yes")]
    pub raise_needs_caller: bool,
    /// Betting not tracked action by action (the Rules Submission's choice for a table without
    /// table stakes): one step per betting round or draw, the winners tapped, the rake keyed at
    /// the table. Absent from a round recorded before the choice existed: false (tracked).
    #[serde(default)]
    pub untracked: bool,
    /// Heads-up, the button posts the small blind (`betting::blind_order`).
    #[serde(default)]
    pub heads_up_button_small_blind: bool,
    #[serde(default)]
    pub pot_rules: PotRules,
    /// The smallest chip in play and the odd-chip rules; `split` comes from the game.
    #[serde(default)]
    pub award: AwardRules,
    /// Blinds posted out of turn: a returning player's missed blinds, a new player's post
    /// (the Rules Submission's rules, § 637a.11(d)).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub posts: Vec<ExtraPost>,
}

/// A blind posted out of turn. A live post counts toward the seat's bet in the first betting
/// round (the seat may check or raise on it); a dead one only goes into the pot.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct ExtraPost {
    pub seat: u8,
    pub amount: Cents,
    pub live: bool,
}

impl ExtraPost {
    /// The `what` of its `Posted` event.
    pub fn what(&self) -> &'static str {
        if self.live { "live post" } else { "dead post" }
    }
}

fn hundred() -> u32 {
    100
}
fn yes() -> bool {
    true
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Player {
    pub seat: u8,
    /// Table stakes left.
    pub stack: Cents,
    /// Everything put into the pot this round, antes included.
    pub put_in: Cents,
    pub folded: bool,
    pub all_in: bool,
    /// Cards held now.
    pub cards: u8,
    /// Stud: the up cards, in the order dealt.
    pub up: Vec<Card>,
}

/// What the dealer is asked to do next.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "step", rename_all = "kebab-case")]
pub enum Step {
    /// Collect antes and blinds (before or after the deal) or the Stud forced bet.
    PostForced {
        posts: Vec<(u8, String, Cents)>,
        /// The seat that may straddle, and the amount (§ 637a.11(e)).
        straddle: Option<(u8, Cents)>,
    },
    /// Deal: `burn` first, then `down` and `up` rounds to `seats`, or `board` community
    /// cards, or one `common` card (§ 637a.10(h)); `up` cards must be entered.
    Deal {
        label: String,
        seats: Vec<u8>,
        burn: bool,
        down: u8,
        up: u8,
        board: u8,
        common: bool,
    },
    /// Super Seven-card Stud: the seat discards (§ 637a.10(m)).
    Discard {
        seat: u8,
        count: u8,
    },
    /// The seat acts; `options` are the fixed-limit amounts, or the least amounts where the
    /// amount is keyed (spread, no-limit, pot-limit).
    Act {
        seat: u8,
        options: Vec<Action>,
        /// Keyed amounts: the largest bet, or raise above the call, allowed now (no-limit: the
        /// table stakes; pot-limit: the pot after the call).
        max: Cents,
    },
    /// The seat stands pat or draws (§ 637a.13(g), § 637a.20(h)).
    Draw {
        seat: u8,
        max: u8,
    },
    /// Hands are shown in this order (§ 637a.18(e)); the dealer enters them.
    Showdown {
        order: Vec<u8>,
    },
    /// Betting not tracked (`HandSetup::untracked`): deal what `deal` says, then one tap once
    /// the betting round `name` is over (or, `draw`, once every player still in has drawn).
    Street {
        number: u8,
        name: String,
        draw: bool,
        deal: Vec<String>,
        /// The antes and blinds collected before it (seat, what, amount).
        posts: Vec<(u8, String, Cents)>,
    },
    /// Betting not tracked: the last betting round is over; the losing hands are collected and
    /// counted, and the dealer taps the winner (or keys the hands shown).
    Winners {
        seats: Vec<u8>,
    },
    Complete,
}

/// A dealer's input.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "command", rename_all = "kebab-case")]
pub enum HandCommand {
    /// The forced bets are in; `straddle` if the player chose to.
    Posted {
        #[serde(default)]
        straddle: bool,
    },
    /// The deal is done. Stud: each up card by seat; a common card.
    Dealt {
        #[serde(default)]
        up: Vec<(u8, Card)>,
        #[serde(default)]
        common: Option<Card>,
    },
    /// `amount`: where the amount is keyed (spread, no-limit, pot-limit), the bet, or the
    /// raise above the call.
    Act {
        seat: u8,
        kind: ActionKind,
        #[serde(default)]
        amount: Option<Cents>,
    },
    Draw {
        seat: u8,
        count: u8,
    },
    Discard {
        seat: u8,
    },
    /// Each shown hand's cards (Stud: all its cards; board games: the hole cards), the board
    /// (community or common cards).
    Showdown {
        hands: Vec<(u8, Vec<Card>)>,
        board: Vec<Card>,
    },
    /// § 637a.8(c),(d): the player announced this action (a bet or raise of a certain amount):
    /// it binds, and chips placed that differ are corrected to it. As `Act` otherwise.
    Announce {
        seat: u8,
        kind: ActionKind,
        #[serde(default)]
        amount: Option<Cents>,
    },
    /// Seven-card Stud: both of the seat's hole cards were turned face up in the deal; the
    /// dealer collects them, the hand is void and the ante returned (§ 637a.18(m)).
    VoidHand {
        seat: u8,
    },
    /// § 637a.18(k)(3): the seat's protected hand was collected by the dealer or fouled by the
    /// discards, and the player did not contribute to the error: everything it put in the pot
    /// is refunded and the hand takes no further part.
    RefundFouled {
        seat: u8,
    },
    /// Betting not tracked: the betting round (or the draw) the screen names is over.
    StreetPlayed,
    /// Betting not tracked: the pot goes to `seats` (several: split between them). Before the
    /// last betting round is over, one seat: every other player folded (§ 637a.7(d)).
    Won {
        seats: Vec<u8>,
    },
    /// Seven-card Stud: the seat's third hole card was turned face up in the deal and the player
    /// chose to bet no more and contend only for the pot formed before any further betting
    /// (§ 637a.18(m)(1)).
    StopBetting {
        seat: u8,
    },
}

/// What happened, for the journal.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "event", rename_all = "kebab-case")]
pub enum HandEvent {
    Posted {
        seat: u8,
        what: String,
        amount: Cents,
        all_in: bool,
    },
    Dealt {
        label: String,
        seats: Vec<u8>,
        burned: bool,
        cards: u8,
        up: Vec<(u8, Card)>,
        /// Stud's common card (§ 637a.10(h)).
        #[serde(default, skip_serializing_if = "Option::is_none")]
        common: Option<Card>,
        stub: u8,
    },
    /// § 637a.10(h): one or no card left for a common card: the burn cards are shuffled in.
    BurnsReshuffled {
        cards: u8,
    },
    /// § 637a.13(g)(2), § 637a.20(h): discards reshuffled, the drawing player's own excluded.
    DiscardsReshuffled {
        cards: u8,
        drawing: u8,
    },
    Discarded {
        seat: u8,
        count: u8,
    },
    Drew {
        seat: u8,
        count: u8,
    },
    Acted {
        seat: u8,
        action: Action,
        all_in: bool,
    },
    BettingComplete {
        round: u8,
    },
    /// Everyone else folded (§ 637a.7(d)).
    Uncontested {
        seat: u8,
    },
    Awarded {
        result: HandResult,
    },
    /// § 637a.18(m): both hole cards turned up; the hand is void and `returned` given back.
    HandVoided {
        seat: u8,
        returned: Cents,
    },
    /// § 637a.18(k)(3): a protected hand collected or fouled; `returned` refunded from the pot.
    FouledRefunded {
        seat: u8,
        returned: Cents,
    },
    /// § 637a.18(m)(1): the seat bets no more and plays for the pot formed so far.
    StoppedBetting {
        seat: u8,
    },
    /// § 637a.8(c),(d): the seat's action that follows was announced; it binds, and the chips
    /// in the pot are corrected to it.
    Announced {
        seat: u8,
    },
    /// Betting not tracked: betting round (or draw) `number` of the round, `name`, is over.
    StreetPlayed {
        number: u8,
        name: String,
        /// The antes and blinds the screen asked for before it: (seat, what, amount).
        #[serde(default, skip_serializing_if = "Vec::is_empty")]
        posts: Vec<(u8, String, Cents)>,
    },
    /// Betting not tracked: the pot went to `seats`, at the showdown or (`showdown` false)
    /// because every other player folded.
    Won {
        seats: Vec<u8>,
        showdown: bool,
    },
}

impl HandEvent {
    /// The journal's `kind` for a row that starts with this event.
    pub fn kind(&self) -> &'static str {
        match self {
            HandEvent::Posted { .. } => "bets_posted",
            HandEvent::Dealt {
                burned: true,
                cards: 0,
                ..
            } => "card_burned_for_draw",
            HandEvent::Dealt { .. } => "cards_dealt",
            HandEvent::BurnsReshuffled { .. } => "burns_reshuffled",
            HandEvent::DiscardsReshuffled { .. } => "discards_reshuffled",
            HandEvent::Discarded { .. } => "cards_discarded",
            HandEvent::Drew { .. } => "cards_drawn",
            HandEvent::Acted { .. } => "player_acted",
            HandEvent::BettingComplete { .. } => "betting_complete",
            HandEvent::Uncontested { .. } => "pot_uncontested",
            HandEvent::Awarded { .. } => "showdown_recorded",
            HandEvent::HandVoided { .. } => "hand_voided",
            HandEvent::FouledRefunded { .. } => "fouled_hand_refunded",
            HandEvent::StoppedBetting { .. } => "betting_stopped",
            HandEvent::Announced { .. } => "player_acted",
            HandEvent::StreetPlayed { .. } => "street_played",
            HandEvent::Won { .. } => "pot_won",
        }
    }

    /// What follows from another event rather than from a dealer's input: a reshuffle when the
    /// stub runs short, the burn before a draw, a betting round closing, a pot left to one
    /// player. (A showdown's award is the dealer's input: the hands shown.)
    pub(super) fn follows(&self) -> bool {
        match self {
            HandEvent::BurnsReshuffled { .. }
            | HandEvent::DiscardsReshuffled { .. }
            | HandEvent::BettingComplete { .. }
            | HandEvent::Uncontested { .. } => true,
            HandEvent::Dealt {
                burned: true,
                cards: 0,
                ..
            } => true,
            // An award without shown hands is the uncontested pot's.
            HandEvent::Awarded { result } => result.hands.is_empty(),
            _ => false,
        }
    }
}

/// The journal's `kind` of one dealer step's events: its first event that is not a consequence.
pub fn kind_of(events: &[HandEvent]) -> &'static str {
    events
        .iter()
        .find(|e| !e.follows())
        .or(events.first())
        .map_or("hand_step", HandEvent::kind)
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct HandResult {
    /// Side pots first, the main pot last (§ 637a.7(e)(6)(ii)).
    pub pots: Vec<PotAward>,
    pub uncalled: Option<(u8, Cents)>,
    pub take: PotTake,
    /// What each seat receives in all.
    pub totals: Vec<(u8, Cents)>,
    /// Each shown hand as the game ranks it.
    pub shown: Vec<(u8, String)>,
    /// The cards of each shown hand, as keyed (Stud: all its cards; board games: the hole
    /// cards).
    #[serde(default)]
    pub hands: Vec<(u8, Vec<Card>)>,
    /// The community or common cards at the showdown.
    #[serde(default)]
    pub board: Vec<Card>,
    /// A hand that qualifies for the posted Bad Beat: the cards stay on the table until the
    /// shift supervisor has verified it (§ 637a.15(f)).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub bad_beat: Option<crate::rules::poker::jackpots::BadBeat>,
}
