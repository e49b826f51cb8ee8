//! One round of a poker-room game as a state machine: forced bets, the deal, betting with table
//! stakes and all-ins, draws and discards, running out of cards, the showdown and the award.
//!
//! Pure: commands in, a new state and events out. The dealer confirms what the procedure asks
//! ([`Step`]); the machine knows the money, whose turn it is, how many cards are where (so the
//! stub's expected size is always known) and refuses what the rules forbid, naming the section.

use super::pots::{self, AwardRules, PotAward, Shown, Stake};
use super::procedure::{First, Phase, Procedure};
use crate::rules::Cents;
use crate::rules::betting::{Action, ActionKind, clockwise_after};
use crate::rules::cards::Card;
use crate::rules::games::{self, GameId};
use crate::rules::stud;
use crate::rules::table::{PotRules, PotTake};
use serde::{Deserialize, Serialize};
use std::collections::{BTreeMap, VecDeque};

/// The posted betting structure (§ 637a.8(k); the chapter names none, so it is the Rules
/// Submission's).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "structure", rename_all = "kebab-case")]
pub enum Structure {
    /// Bets and raises of exactly `small` on the early rounds and `big` on the later ones.
    FixedLimit { small: Cents, big: Cents },
    /// Any bet or raise from `min` to `max`.
    SpreadLimit { min: Cents, max: Cents },
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
    /// Posted maximum number of raises per betting round (§ 637a.8(k)).
    pub max_raises: u8,
    /// 100; 200 with a Kill, 150 with a Half-kill (§ 637a.1, § 637a.12(n)).
    #[serde(default = "hundred")]
    pub limit_percent: u32,
    /// Stud Low's forced bet: the ace counts low (the king is the highest card).
    #[serde(default = "yes")]
    pub low_ace_low: bool,
    #[serde(default)]
    pub pot_rules: PotRules,
    /// The smallest chip in play and the odd-chip rules; `split` comes from the game.
    #[serde(default)]
    pub award: AwardRules,
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
    /// The seat acts; `options` are the fixed-limit amounts, or the spread's least amounts.
    Act {
        seat: u8,
        options: Vec<Action>,
        /// Spread limit: the largest bet or raise increment allowed now.
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
    /// `amount`: spread limit only, the bet, or the raise above the call.
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
    /// Seven-card Stud: both of the seat's hole cards were turned face up in the deal; the
    /// dealer collects them, the hand is void and the ante returned (§ 637a.18(m)).
    VoidHand {
        seat: u8,
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
    /// § 637a.18(m)(1): the seat bets no more and plays for the pot formed so far.
    StoppedBetting {
        seat: u8,
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
            HandEvent::StoppedBetting { .. } => "betting_stopped",
        }
    }

    /// What follows from another event rather than from a dealer's input: a reshuffle when the
    /// stub runs short, the burn before a draw, a betting round closing, a pot left to one
    /// player. (A showdown's award is the dealer's input: the hands shown.)
    fn follows(&self) -> bool {
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

#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
struct Street {
    number: u8,
    unit: Cents,
    current: Cents,
    raises: u8,
    street_in: BTreeMap<u8, Cents>,
    pending: VecDeque<u8>,
    aggressor: Option<u8>,
    /// The first seat asked to act (shows first if nobody bets, § 637a.18(e)).
    first: Option<u8>,
}

/// What was shown at a showdown, kept with the result.
#[derive(Debug, Default)]
struct Showing {
    hands: Vec<(u8, Vec<Card>)>,
    board: Vec<Card>,
    bad_beat: Option<super::jackpots::BadBeat>,
}

/// The state of one round.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Hand {
    pub setup: HandSetup,
    pub procedure: Procedure,
    pub players: Vec<Player>,
    pub step: Step,
    /// Cards not yet dealt (the stub's expected size).
    pub stub: u8,
    pub burns: u8,
    /// The discard pile (draw discards, Super Stud discards, folded hands).
    pub discards: u8,
    pub board: u8,
    pub common: Vec<Card>,
    pub events: Vec<HandEvent>,
    pub result: Option<HandResult>,
    phase: usize,
    street: Option<Street>,
    streets: u8,
    forced_seat: Option<u8>,
    straddler: Option<u8>,
    last_blind: Option<u8>,
    queue: VecDeque<u8>,
    last_street_first: Option<u8>,
    last_aggressor: Option<u8>,
}

/// The forced bets a seat's stakes must cover, plus one bet at the posted minimum
/// (§ 637a.8(b)(4)).
fn least_stakes(s: &HandSetup) -> Cents {
    let min = match s.structure {
        Structure::FixedLimit { small, .. } => small,
        Structure::SpreadLimit { min, .. } => min,
    };
    s.ante
        + s.blinds
            .iter()
            .copied()
            .max()
            .unwrap_or(0)
            .max(s.forced_bet)
        + min
}

impl Hand {
    /// Starts a round; refuses a setup the rules do not allow.
    pub fn start(setup: HandSetup) -> Result<Hand, String> {
        let procedure = Procedure::of(setup.game)
            .ok_or_else(|| format!("{} is not a poker-room game", setup.game.id()))?;
        let n = setup.seats.len();
        if n < 2 {
            return Err("a round needs at least two players (§ 637a.7(b))".into());
        }
        if n > usize::from(procedure.max_players) {
            return Err(format!(
                "{} seats at most {} players ({}(b)); {n} were dealt in",
                setup.game.id(),
                procedure.max_players,
                procedure.section
            ));
        }
        let mut seen = Vec::new();
        for (seat, stack) in &setup.seats {
            if !(1..=10).contains(seat) {
                return Err(format!("seat {seat} is not a seat at the table (1 to 10)"));
            }
            if seen.contains(seat) {
                return Err(format!("seat {seat} is dealt in twice"));
            }
            seen.push(*seat);
            let least = least_stakes(&setup);
            if *stack < least || *stack > crate::rules::banked::MAX_AMOUNT {
                return Err(format!(
                    "seat {seat} has {} in table stakes; a player needs at least {} to be dealt in (§ 637a.8(b)(4))",
                    crate::rules::money(*stack),
                    crate::rules::money(least)
                ));
            }
        }
        let (lo, hi) = match setup.structure {
            Structure::FixedLimit { small, big } => (small, big),
            Structure::SpreadLimit { min, max } => (min, max),
        };
        if lo <= 0 || hi < lo {
            return Err("the posted limits need 0 < minimum ≤ maximum (§ 637a.8(k))".into());
        }
        if setup.ante < 0
            || setup.forced_bet < 0
            || setup.blinds.iter().any(|b| *b <= 0)
            || setup.straddle.is_some_and(|s| s <= 0)
        {
            return Err("antes, blinds, straddle and forced bets are positive amounts".into());
        }
        if procedure.blinds && setup.blinds.is_empty() {
            return Err(format!(
                "{} needs at least one blind ({}(d))",
                setup.game.id(),
                procedure.section
            ));
        }
        if procedure.button && !setup.seats.iter().any(|(s, _)| *s == setup.button) {
            // The button may sit in front of an empty seat only with a dead-button rule,
            // which the text does not give (a gap); the button is a player's.
            return Err(format!(
                "the button must be at a seat dealt in, not {}",
                setup.button
            ));
        }
        if setup.straddle.is_some() && !procedure.straddle {
            return Err(format!(
                "{} has no straddle ({})",
                setup.game.id(),
                procedure.section
            ));
        }
        if !(100..=200).contains(&setup.limit_percent) {
            return Err("the limits may only be raised by a Kill (×2) or Half-kill (×1.5)".into());
        }
        let mut setup = setup;
        setup.award.split = procedure.second_half.is_some();
        let mut players: Vec<Player> = setup
            .seats
            .iter()
            .map(|(seat, stack)| Player {
                seat: *seat,
                stack: *stack,
                put_in: 0,
                folded: false,
                all_in: false,
                cards: 0,
                up: vec![],
            })
            .collect();
        players.sort_by_key(|p| p.seat);
        let mut h = Hand {
            setup,
            procedure,
            players,
            step: Step::Complete,
            stub: 52,
            burns: 0,
            discards: 0,
            board: 0,
            common: vec![],
            events: vec![],
            result: None,
            phase: 0,
            street: None,
            streets: 0,
            forced_seat: None,
            straddler: None,
            last_blind: None,
            queue: VecDeque::new(),
            last_street_first: None,
            last_aggressor: None,
        };
        h.enter_phase();
        Ok(h)
    }

    fn seats(&self) -> Vec<u8> {
        self.players.iter().map(|p| p.seat).collect()
    }

    fn live(&self) -> Vec<u8> {
        self.players
            .iter()
            .filter(|p| !p.folded)
            .map(|p| p.seat)
            .collect()
    }

    fn player(&mut self, seat: u8) -> &mut Player {
        let i = self
            .players
            .iter()
            .position(|p| p.seat == seat)
            .unwrap_or(0);
        &mut self.players[i]
    }

    fn get(&self, seat: u8) -> Option<&Player> {
        self.players.iter().find(|p| p.seat == seat)
    }

    /// Dealing order: from the first seat left of the button, the button last; Stud from the
    /// dealer's left (seat numbers grow clockwise from the dealer's left).
    fn order(&self, seats: &[u8]) -> Vec<u8> {
        if self.procedure.button {
            clockwise_after(seats, self.setup.button)
        } else {
            clockwise_after(seats, 0)
        }
    }

    /// The order odd chips and showdowns go round: clockwise from the button or the dealer's
    /// left.
    pub fn table_order(&self) -> Vec<u8> {
        self.order(&self.seats())
    }

    /// Puts up to `amount` of the seat's stakes in; returns what went in.
    fn put(&mut self, seat: u8, amount: Cents) -> (Cents, bool) {
        let p = self.player(seat);
        let paid = amount.min(p.stack);
        p.stack -= paid;
        p.put_in += paid;
        if p.stack == 0 {
            p.all_in = true;
        }
        (paid, p.all_in)
    }

    fn limit(&self, big: bool) -> (Cents, Cents) {
        let pct = Cents::from(self.setup.limit_percent);
        let k = |c: Cents| c * pct / 100;
        match self.setup.structure {
            Structure::FixedLimit { small, big: b } => {
                let u = if big { k(b) } else { k(small) };
                (u, u)
            }
            Structure::SpreadLimit { min, max } => (k(min), k(max)),
        }
    }

    fn blind_seats(&self) -> Vec<(u8, Cents)> {
        let order = clockwise_after(&self.seats(), self.setup.button);
        self.setup
            .blinds
            .iter()
            .enumerate()
            .map(|(i, b)| (order[i % order.len()], *b))
            .collect()
    }

    /// Sets up the current phase's step, skipping phases that need nothing.
    fn enter_phase(&mut self) {
        loop {
            if self.live().len() == 1 {
                self.finish_uncontested();
                return;
            }
            let Some(phase) = self.procedure.phases.get(self.phase).copied() else {
                self.step = Step::Complete;
                return;
            };
            match phase {
                Phase::Forced => {
                    let mut posts: Vec<(u8, String, Cents)> = Vec::new();
                    if self.setup.ante > 0 {
                        for s in self.seats() {
                            posts.push((s, "ante".into(), self.setup.ante));
                        }
                    }
                    let mut straddle = None;
                    if self.procedure.blinds
                        && !self.procedure.phases.contains(&Phase::BlindsAfterDeal)
                    {
                        let blinds = self.blind_seats();
                        if let (Some(amount), Some((last, _))) =
                            (self.setup.straddle, blinds.last())
                        {
                            let next = clockwise_after(&self.seats(), *last);
                            if let Some(s) =
                                next.first().filter(|s| !blinds.iter().any(|b| b.0 == **s))
                            {
                                straddle = Some((*s, amount));
                            }
                        }
                        for (s, b) in blinds {
                            posts.push((s, "blind".into(), b));
                        }
                    }
                    if posts.is_empty() {
                        self.phase += 1;
                        continue;
                    }
                    self.step = Step::PostForced { posts, straddle };
                    return;
                }
                Phase::BlindsAfterDeal => {
                    let posts = self
                        .blind_seats()
                        .into_iter()
                        .map(|(s, b)| (s, "blind".into(), b))
                        .collect();
                    self.step = Step::PostForced {
                        posts,
                        straddle: None,
                    };
                    return;
                }
                Phase::Deal { down, up } => {
                    let seats = self.order(&self.seats());
                    self.step = Step::Deal {
                        label: format!(
                            "Deal {down} down{} to each player",
                            if up > 0 {
                                format!(", then {up} up")
                            } else {
                                String::new()
                            }
                        ),
                        seats,
                        burn: false,
                        down,
                        up,
                        board: 0,
                        common: false,
                    };
                    return;
                }
                Phase::Discard { count } => {
                    self.queue = self.order(&self.live()).into();
                    let Some(seat) = self.queue.front().copied() else {
                        self.phase += 1;
                        continue;
                    };
                    self.step = Step::Discard { seat, count };
                    return;
                }
                Phase::ForcedBet => {
                    if self.setup.forced_bet == 0 {
                        self.phase += 1;
                        continue;
                    }
                    let up: Vec<(u8, Card)> = self
                        .players
                        .iter()
                        .filter(|p| !p.folded)
                        .filter_map(|p| p.up.last().map(|c| (p.seat, *c)))
                        .collect();
                    let variant = self.procedure.stud.unwrap_or(stud::StudVariant::High);
                    let Some(seat) = stud::forced_bet_seat(&up, variant, self.setup.low_ace_low)
                    else {
                        self.phase += 1;
                        continue;
                    };
                    self.step = Step::PostForced {
                        posts: vec![(seat, "forced bet".into(), self.setup.forced_bet)],
                        straddle: None,
                    };
                    return;
                }
                Phase::Board { cards } => {
                    let seats = self.live();
                    self.step = Step::Deal {
                        label: match self.board {
                            0 => "Burn one, deal the flop".into(),
                            3 => "Burn one, deal the turn".into(),
                            _ => "Burn one, deal the river".into(),
                        },
                        seats,
                        burn: true,
                        down: 0,
                        up: 0,
                        board: cards,
                        common: false,
                    };
                    return;
                }
                Phase::StudCard { up } => {
                    let seats = self.order(&self.live());
                    let n = seats.len() as u8;
                    // § 637a.10(h): too few cards for each remaining player: one common card.
                    let common = self.stub < n + 1;
                    let nth = self.players.iter().map(|p| p.cards).max().unwrap_or(0) + 1;
                    self.step = Step::Deal {
                        label: if common {
                            format!(
                                "Burn one, deal one common card face up for every player's card {nth}"
                            )
                        } else {
                            format!(
                                "Burn one, deal card {nth} {} to each remaining player",
                                if up { "face up" } else { "face down" }
                            )
                        },
                        seats,
                        burn: true,
                        down: u8::from(!up && !common),
                        up: u8::from(up && !common),
                        board: 0,
                        common,
                    };
                    return;
                }
                Phase::Draw => {
                    // § 637a.13(g)(1), § 637a.20(h): burn before the first new card.
                    if self.stub == 0 {
                        self.reshuffle_discards(0);
                    }
                    self.stub = self.stub.saturating_sub(1);
                    self.burns += 1;
                    self.events.push(HandEvent::Dealt {
                        label: "Burn one before the draw".into(),
                        seats: vec![],
                        burned: true,
                        cards: 0,
                        up: vec![],
                        common: None,
                        stub: self.stub,
                    });
                    self.queue = self.order(&self.live()).into();
                    let Some(seat) = self.queue.front().copied() else {
                        self.phase += 1;
                        continue;
                    };
                    let max = self.get(seat).map_or(0, |p| p.cards);
                    self.step = Step::Draw { seat, max };
                    return;
                }
                Phase::Bet { big, first } => {
                    if self.start_street(big, first) {
                        return;
                    }
                    self.phase += 1;
                }
                Phase::Showdown => {
                    let live = self.live();
                    let start = self
                        .last_aggressor
                        .or(self.last_street_first)
                        .filter(|s| live.contains(s));
                    let mut order = self.order(&live);
                    if let Some(s) = start {
                        let i = order.iter().position(|x| *x == s).unwrap_or(0);
                        order.rotate_left(i);
                    }
                    self.step = Step::Showdown { order };
                    return;
                }
            }
        }
    }

    /// Opens a betting round; false if nobody can bet (all but one all-in).
    fn start_street(&mut self, big: bool, first: First) -> bool {
        let (unit, _) = self.limit(big);
        self.streets += 1;
        let able: Vec<u8> = self
            .players
            .iter()
            .filter(|p| !p.folded && !p.all_in)
            .map(|p| p.seat)
            .collect();
        let mut street = Street {
            number: self.streets,
            unit,
            current: 0,
            raises: 0,
            street_in: BTreeMap::new(),
            pending: VecDeque::new(),
            aggressor: None,
            first: None,
        };
        // Forced money of this round counts toward the first round's bet.
        if let Some(forced) = self.street.take() {
            street.current = forced.current;
            street.street_in = forced.street_in;
        }
        let live = self.live();
        let mut order = match first {
            First::LeftOfBlinds => clockwise_after(
                &self.seats(),
                self.straddler.or(self.last_blind).unwrap_or(0),
            ),
            First::LeftOfForcedBet => {
                let forced = self.forced_seat.unwrap_or(0);
                let mut o = clockwise_after(&self.seats(), forced);
                // The forced bettor has no option when everyone just calls.
                o.retain(|s| *s != forced);
                o
            }
            First::LeftOfButton => clockwise_after(&self.seats(), self.setup.button),
            First::BestShowing { low } => {
                let best = self
                    .players
                    .iter()
                    .filter(|p| !p.folded)
                    .map(|p| {
                        let mut up = p.up.clone();
                        up.extend(self.common.iter().copied());
                        (stud::showing_key(&up, low), p.seat)
                    })
                    // The best key; equal keys, the lowest seat (closest to the dealer's left).
                    .max_by(|a, b| a.0.cmp(&b.0).then(b.1.cmp(&a.1)))
                    .map_or(0, |x| x.1);
                let mut o = clockwise_after(&live, 0);
                let i = o.iter().position(|s| *s == best).unwrap_or(0);
                o.rotate_left(i);
                o
            }
        };
        order.retain(|s| able.contains(s));
        street.pending = order.into();
        street.first = street.pending.front().copied();
        self.last_street_first = street.first.or(self.last_street_first);
        self.street = Some(street);
        self.skip_idle();
        if self.street.as_ref().is_some_and(|s| s.pending.is_empty()) {
            self.close_street();
            return false;
        }
        self.set_act_step();
        true
    }

    /// Drops from the queue a player who owes nothing when nobody else can bet.
    fn skip_idle(&mut self) {
        let able = self
            .players
            .iter()
            .filter(|p| !p.folded && !p.all_in)
            .count();
        while let Some(street) = self.street.as_mut() {
            let Some(seat) = street.pending.front().copied() else {
                break;
            };
            let owed = street.current - street.street_in.get(&seat).copied().unwrap_or(0);
            if able <= 1 && owed <= 0 {
                street.pending.pop_front();
            } else {
                break;
            }
        }
    }

    fn close_street(&mut self) {
        if let Some(s) = self.street.take() {
            self.last_aggressor = s.aggressor;
            if s.first.is_some() {
                self.events
                    .push(HandEvent::BettingComplete { round: s.number });
            }
        }
    }

    fn options(&self, seat: u8) -> (Vec<Action>, Cents) {
        let Some(street) = &self.street else {
            return (vec![], 0);
        };
        let Some(p) = self.get(seat) else {
            return (vec![], 0);
        };
        let mine = street.street_in.get(&seat).copied().unwrap_or(0);
        let owed = street.current - mine;
        let (_, max) = self.limit(matches!(
            self.procedure.phases.get(self.phase),
            Some(Phase::Bet { big: true, .. })
        ));
        let spread = matches!(self.setup.structure, Structure::SpreadLimit { .. });
        let mut v = vec![Action::Fold];
        if owed <= 0 {
            v.push(Action::Check);
        } else {
            v.push(Action::Call {
                amount: owed.min(p.stack),
            });
        }
        if p.stack > owed.max(0) {
            if street.current == 0 {
                v.push(Action::Bet {
                    amount: street.unit.min(p.stack),
                });
            } else if street.raises < self.setup.max_raises {
                // A forced bet smaller than the bet is completed, not raised.
                let to = if street.current < street.unit && !spread {
                    street.unit
                } else {
                    street.current + street.unit
                };
                let amount = (to - mine).min(p.stack);
                v.push(Action::Raise {
                    amount,
                    to: mine + amount,
                });
            }
        }
        (v, if spread { max } else { street.unit })
    }

    /// After a turn: the street closes when nobody is left to act, or the next seat is asked.
    fn next_turn(&mut self) {
        self.skip_idle();
        if self.street.as_ref().is_some_and(|s| s.pending.is_empty()) {
            self.close_street();
            self.phase += 1;
            self.enter_phase();
        } else {
            self.set_act_step();
        }
    }

    fn set_act_step(&mut self) {
        if let Some(seat) = self
            .street
            .as_ref()
            .and_then(|s| s.pending.front().copied())
        {
            let (options, max) = self.options(seat);
            self.step = Step::Act { seat, options, max };
        }
    }

    /// The dealer's command one recorded step's events answer: the events say what was
    /// tapped (the action, the cards dealt and shown) with what it caused.
    fn command_of(&self, events: &[HandEvent]) -> Result<HandCommand, String> {
        let straddle = events
            .iter()
            .any(|e| matches!(e, HandEvent::Posted { what, .. } if what == "straddle"));
        let first = events
            .iter()
            .find(|e| !e.follows())
            .ok_or("a recorded step without a dealer's input")?;
        Ok(match first {
            HandEvent::Posted { .. } => HandCommand::Posted { straddle },
            HandEvent::Dealt { up, common, .. } => HandCommand::Dealt {
                up: up.clone(),
                common: *common,
            },
            HandEvent::Discarded { seat, .. } => HandCommand::Discard { seat: *seat },
            HandEvent::Drew { seat, count } => HandCommand::Draw {
                seat: *seat,
                count: *count,
            },
            HandEvent::Acted { seat, action, .. } => {
                // Spread limit: the amount keyed is the bet, or the raise above the call.
                let spread = matches!(self.setup.structure, Structure::SpreadLimit { .. });
                let current = self.street.as_ref().map_or(0, |s| s.current);
                let amount = match action {
                    Action::Bet { amount } if spread => Some(*amount),
                    Action::Raise { to, .. } if spread => Some(to - current),
                    _ => None,
                };
                HandCommand::Act {
                    seat: *seat,
                    kind: action.kind(),
                    amount,
                }
            }
            HandEvent::Awarded { result } => HandCommand::Showdown {
                hands: result.hands.clone(),
                board: result.board.clone(),
            },
            HandEvent::HandVoided { seat, .. } => HandCommand::VoidHand { seat: *seat },
            HandEvent::StoppedBetting { seat } => HandCommand::StopBetting { seat: *seat },
            other => return Err(format!("{} is not a dealer's input", other.kind())),
        })
    }

    /// Folds one recorded step (a dealer's input and what it caused) into the hand: the step
    /// must fit where the hand stands and be exactly what the rules give for it, amounts and
    /// cards included. A refusal changes nothing and says why.
    pub fn replay(&mut self, events: &[HandEvent]) -> Result<(), String> {
        let cmd = self.command_of(events)?;
        let mut next = self.clone();
        let produced = next.apply(cmd)?;
        if produced != events {
            return Err(format!(
                "recorded {events:?}; the rules give {produced:?} for it now"
            ));
        }
        *self = next;
        Ok(())
    }

    /// Applies a dealer's command; a refusal changes nothing and says why.
    pub fn apply(&mut self, cmd: HandCommand) -> Result<Vec<HandEvent>, String> {
        let before = self.events.len();
        let mut next = self.clone();
        next.apply_inner(cmd)?;
        *self = next;
        Ok(self.events[before..].to_vec())
    }

    fn apply_inner(&mut self, cmd: HandCommand) -> Result<(), String> {
        let step = self.step.clone();
        match (step, cmd) {
            (Step::PostForced { posts, straddle }, HandCommand::Posted { straddle: wants }) => {
                if wants && straddle.is_none() {
                    return Err(format!(
                        "no straddle here: {} ({})",
                        if self.procedure.straddle {
                            "one straddle at most, by the player left of the last blind, if the house offers it"
                        } else {
                            "this game has none"
                        },
                        self.procedure.section
                    ));
                }
                let mut street = self.street.take().unwrap_or(Street {
                    number: 0,
                    unit: 0,
                    current: 0,
                    raises: 0,
                    street_in: BTreeMap::new(),
                    pending: VecDeque::new(),
                    aggressor: None,
                    first: None,
                });
                let mut all = posts.clone();
                if wants && let Some((s, a)) = straddle {
                    all.push((s, "straddle".into(), a));
                    self.straddler = Some(s);
                }
                for (seat, what, amount) in all {
                    let (paid, all_in) = self.put(seat, amount);
                    if what != "ante" {
                        *street.street_in.entry(seat).or_insert(0) += paid;
                        street.current = street.current.max(street.street_in[&seat]);
                    }
                    if what == "blind" {
                        self.last_blind = Some(seat);
                    }
                    if what == "forced bet" {
                        self.forced_seat = Some(seat);
                    }
                    self.events.push(HandEvent::Posted {
                        seat,
                        what,
                        amount: paid,
                        all_in,
                    });
                }
                self.street = Some(street);
                self.phase += 1;
                self.enter_phase();
                Ok(())
            }
            (
                Step::Deal {
                    label,
                    seats,
                    burn,
                    down,
                    up,
                    board,
                    common,
                },
                HandCommand::Dealt {
                    up: up_cards,
                    common: common_card,
                },
            ) => {
                let stud = self.procedure.stud.is_some();
                if stud && up > 0 {
                    let mut got: Vec<u8> = up_cards.iter().map(|(s, _)| *s).collect();
                    got.sort_unstable();
                    let mut want = seats.clone();
                    want.sort_unstable();
                    if got != want || up > 1 {
                        return Err(format!(
                            "enter each player's up card: seats {want:?} (§ 637a.10(d),(f))"
                        ));
                    }
                } else if !up_cards.is_empty() {
                    return Err("no up cards are dealt now".into());
                }
                if common && common_card.is_none() {
                    return Err("enter the common card (§ 637a.10(h))".into());
                }
                if !common && common_card.is_some() {
                    return Err("no common card is dealt now".into());
                }
                let mut shown: Vec<Card> = self
                    .players
                    .iter()
                    .flat_map(|p| p.up.iter().copied())
                    .chain(self.common.iter().copied())
                    .collect();
                for c in up_cards.iter().map(|(_, c)| *c).chain(common_card) {
                    if shown.contains(&c) {
                        return Err(format!("{c} is already on the table"));
                    }
                    shown.push(c);
                }
                if common {
                    // § 637a.10(h): with one or no card left, the burn cards are shuffled in.
                    if self.stub <= 1 {
                        let n = self.burns;
                        self.stub += n;
                        self.burns = 0;
                        self.events.push(HandEvent::BurnsReshuffled { cards: n });
                    }
                }
                let per_seat = down + up;
                let need = u8::from(burn) + per_seat * seats.len() as u8 + board + u8::from(common);
                if need > self.stub {
                    return Err(format!(
                        "only {} cards are left for {need}: the procedure cannot deal this (§ 637a.7(e))",
                        self.stub
                    ));
                }
                self.stub -= need;
                if burn {
                    self.burns += 1;
                }
                self.board += board;
                for s in &seats {
                    self.player(*s).cards += per_seat;
                }
                for (s, c) in &up_cards {
                    self.player(*s).up.push(*c);
                }
                if let Some(c) = common_card {
                    self.common.push(c);
                    for s in &seats {
                        self.player(*s).cards += 1;
                    }
                }
                self.events.push(HandEvent::Dealt {
                    label,
                    seats,
                    burned: burn,
                    cards: need - u8::from(burn),
                    up: up_cards,
                    common: common_card,
                    stub: self.stub,
                });
                self.phase += 1;
                self.enter_phase();
                Ok(())
            }
            (Step::Discard { seat, count }, HandCommand::Discard { seat: s }) => {
                if s != seat {
                    return Err(format!("seat {seat} discards now, not seat {s}"));
                }
                self.player(seat).cards -= count;
                self.discards += count;
                self.events.push(HandEvent::Discarded { seat, count });
                self.queue.pop_front();
                match self.queue.front().copied() {
                    Some(next) => self.step = Step::Discard { seat: next, count },
                    None => {
                        self.phase += 1;
                        self.enter_phase();
                    }
                }
                Ok(())
            }
            (Step::Draw { seat, max }, HandCommand::Draw { seat: s, count }) => {
                if s != seat {
                    return Err(format!(
                        "seat {seat} draws now, not seat {s} (§ 637a.13(g): one at a time, clockwise)"
                    ));
                }
                if count > max {
                    return Err(format!(
                        "seat {seat} holds {max} cards and cannot draw {count}"
                    ));
                }
                if count > self.stub {
                    // § 637a.13(g)(2), § 637a.20(h): the discards, not this player's own.
                    self.reshuffle_discards(seat);
                    if count > self.stub {
                        return Err(format!(
                            "only {} cards are left even with the discards reshuffled",
                            self.stub
                        ));
                    }
                }
                self.stub -= count;
                self.discards += count;
                self.events.push(HandEvent::Drew { seat, count });
                self.queue.pop_front();
                match self.queue.front().copied() {
                    Some(next) => {
                        let max = self.get(next).map_or(0, |p| p.cards);
                        self.step = Step::Draw { seat: next, max };
                    }
                    None => {
                        self.phase += 1;
                        self.enter_phase();
                    }
                }
                Ok(())
            }
            (
                Step::Act { seat, .. },
                HandCommand::Act {
                    seat: s,
                    kind,
                    amount,
                },
            ) => {
                if s != seat {
                    return Err(format!(
                        "it is seat {seat}'s turn, not seat {s}'s (§ 637a.8(c))"
                    ));
                }
                self.act(seat, kind, amount)
            }
            (Step::Showdown { order }, HandCommand::Showdown { hands, board }) => {
                self.showdown(&order, hands, board)
            }
            (Step::Deal { .. }, HandCommand::VoidHand { seat }) => self.void_hand(seat),
            (_, HandCommand::StopBetting { seat }) if self.step != Step::Complete => {
                self.stop_betting(seat)
            }
            (Step::Complete, _) => Err("the round is over".into()),
            (step, cmd) => Err(format!(
                "the dealer is asked to {}, not {}",
                step_name(&step),
                command_name(&cmd)
            )),
        }
    }

    /// § 637a.18(m): a Seven-card Stud seat may be voided in the first deal, when both of its
    /// hole cards were turned up, before the up cards are in, unless only one player would be
    /// left.
    pub fn may_void(&self, seat: u8) -> bool {
        self.voidable(seat).is_ok()
    }

    fn voidable(&self, seat: u8) -> Result<(), String> {
        let first_stud_deal = match &self.step {
            Step::Deal {
                seats, down, up, ..
            } => {
                self.procedure.stud.is_some()
                    && *down >= 2
                    && *up > 0
                    && seats.contains(&seat)
                    && self.players.iter().all(|p| p.up.is_empty())
            }
            _ => false,
        };
        if !first_stud_deal {
            return Err(
                "a hand is voided for two hole cards turned up in the first deal of Seven-card Stud (§ 637a.18(m))"
                    .into(),
            );
        }
        if self.live().len() <= 2 {
            return Err(
                "voiding this hand would leave one player: call the floor to void the round (§ 637a.18(m))"
                    .into(),
            );
        }
        Ok(())
    }

    fn void_hand(&mut self, seat: u8) -> Result<(), String> {
        self.voidable(seat)?;
        let Step::Deal { seats, down, .. } = &mut self.step else {
            return Err("no deal is under way".into());
        };
        seats.retain(|s| *s != seat);
        let down = *down;
        // The two exposed hole cards came from the stub and are collected.
        if down > self.stub {
            return Err("the stub cannot have held these cards (§ 637a.7(e))".into());
        }
        self.stub -= down;
        self.discards += down;
        let p = self.player(seat);
        let returned = p.put_in;
        p.stack += returned;
        p.put_in = 0;
        p.folded = true;
        self.events.push(HandEvent::HandVoided { seat, returned });
        Ok(())
    }

    /// § 637a.18(m)(1): in Seven-card Stud's last betting round, after the down card, a live seat
    /// that has put nothing in on it yet may stop betting.
    pub fn may_stop_betting(&self, seat: u8) -> bool {
        let Some(street) = &self.street else {
            return false;
        };
        let last_card_down = self
            .procedure
            .phases
            .iter()
            .rev()
            .find_map(|p| match p {
                Phase::StudCard { up } => Some(!up),
                _ => None,
            })
            .unwrap_or(false);
        let last_bet = !self
            .procedure
            .phases
            .get(self.phase + 1..)
            .unwrap_or(&[])
            .iter()
            .any(|p| matches!(p, Phase::Bet { .. }));
        self.procedure.stud.is_some()
            && last_card_down
            && matches!(
                self.procedure.phases.get(self.phase),
                Some(Phase::Bet { .. })
            )
            && last_bet
            && street.pending.contains(&seat)
            && street.street_in.get(&seat).copied().unwrap_or(0) == 0
            && self.get(seat).is_some_and(|p| !p.folded && !p.all_in)
    }

    fn stop_betting(&mut self, seat: u8) -> Result<(), String> {
        if !self.may_stop_betting(seat) {
            return Err(format!(
                "seat {seat} cannot stop betting now: it is the choice of a Seven-card Stud player whose third hole card was turned up, before he puts anything in on the last round (§ 637a.18(m))"
            ));
        }
        self.player(seat).all_in = true;
        if let Some(street) = self.street.as_mut() {
            street.pending.retain(|s| *s != seat);
        }
        self.events.push(HandEvent::StoppedBetting { seat });
        self.next_turn();
        Ok(())
    }

    fn reshuffle_discards(&mut self, drawing: u8) {
        let n = self.discards;
        self.stub += n;
        self.discards = 0;
        self.events
            .push(HandEvent::DiscardsReshuffled { cards: n, drawing });
    }

    fn act(&mut self, seat: u8, kind: ActionKind, amount: Option<Cents>) -> Result<(), String> {
        let (options, max) = self.options(seat);
        let spread = matches!(self.setup.structure, Structure::SpreadLimit { .. });
        let stack = self.get(seat).map_or(0, |p| p.stack);
        let street = self.street.as_ref().ok_or("no betting round is open")?;
        let mine = street.street_in.get(&seat).copied().unwrap_or(0);
        let owed = (street.current - mine).max(0);
        let found = options.iter().copied().find(|a| {
            matches!(
                (kind, a),
                (ActionKind::Fold, Action::Fold)
                    | (ActionKind::Check, Action::Check)
                    | (ActionKind::Call, Action::Call { .. })
                    | (ActionKind::Bet, Action::Bet { .. })
                    | (ActionKind::Raise, Action::Raise { .. })
            )
        });
        let Some(mut action) = found else {
            return Err(match kind {
                ActionKind::Raise
                    if street.current > 0 && street.raises >= self.setup.max_raises =>
                {
                    format!(
                        "the posted cap of {} raises per betting round is reached (§ 637a.8(k))",
                        self.setup.max_raises
                    )
                }
                ActionKind::Raise | ActionKind::Bet if stack <= owed => {
                    format!("seat {seat} has no stakes left beyond the call (§ 637a.8(b)(1))")
                }
                ActionKind::Check => {
                    format!("seat {seat} cannot check when facing a bet (§ 637a.8)")
                }
                ActionKind::Call => {
                    format!("seat {seat} cannot call when there is no bet (§ 637a.8)")
                }
                ActionKind::Bet => {
                    format!("seat {seat} cannot open: a bet is made; it may raise (§ 637a.8)")
                }
                ActionKind::Raise => {
                    format!("seat {seat} cannot raise when there is no bet; it may open (§ 637a.8)")
                }
                ActionKind::Fold => format!("seat {seat} cannot fold now"),
            });
        };
        // Spread limit: the amount the dealer keys, within the posted limits.
        if spread && matches!(kind, ActionKind::Bet | ActionKind::Raise) {
            let Some(x) = amount else {
                return Err(format!(
                    "key the {} amount: {} to {} (§ 637a.8(k))",
                    if kind == ActionKind::Bet {
                        "bet"
                    } else {
                        "raise"
                    },
                    crate::rules::money(street.unit),
                    crate::rules::money(max)
                ));
            };
            let put = if kind == ActionKind::Bet { x } else { owed + x };
            let all_in = put >= stack;
            if !all_in && (x < street.unit || x > max) {
                return Err(format!(
                    "a {} must be from {} to {} (§ 637a.8(k)); {} is outside the posted limits",
                    if kind == ActionKind::Bet {
                        "bet"
                    } else {
                        "raise"
                    },
                    crate::rules::money(street.unit),
                    crate::rules::money(max),
                    crate::rules::money(x)
                ));
            }
            if x > max {
                return Err(format!(
                    "{} is above the posted maximum of {} (§ 637a.8(k))",
                    crate::rules::money(x),
                    crate::rules::money(max)
                ));
            }
            let put = put.min(stack);
            action = if kind == ActionKind::Bet {
                Action::Bet { amount: put }
            } else {
                Action::Raise {
                    amount: put,
                    to: mine + put,
                }
            };
        } else if let Some(x) = amount
            && x != action.amount()
            && !matches!(kind, ActionKind::Fold | ActionKind::Check)
        {
            return Err(format!(
                "the posted limit makes this {} {}, not {} (§ 637a.8(d),(k))",
                match kind {
                    ActionKind::Call => "call",
                    ActionKind::Bet => "bet",
                    _ => "raise",
                },
                crate::rules::money(action.amount()),
                crate::rules::money(x)
            ));
        }
        let paid = action.amount();
        let (_, all_in) = if paid > 0 {
            self.put(seat, paid)
        } else {
            (0, false)
        };
        let able_after: Vec<u8> = {
            let live = self.live();
            clockwise_after(&live, seat)
                .into_iter()
                .filter(|s| *s != seat)
                .filter(|s| self.get(*s).is_some_and(|p| !p.all_in && !p.folded))
                .collect()
        };
        if action == Action::Fold {
            let p = self.player(seat);
            p.folded = true;
            // § 637a.7(e)(6): folded cards go to the discards (the muck).
            let n = p.cards;
            self.discards += n;
        }
        let unit_full = self.street.as_ref().map_or(0, |s| s.unit);
        let street = self.street.as_mut().ok_or("no betting round is open")?;
        street.pending.pop_front();
        let total = mine + paid;
        street.street_in.insert(seat, total);
        if matches!(action, Action::Bet { .. } | Action::Raise { .. }) && total > street.current {
            let increment = total - street.current;
            let completion = street.current < unit_full && total <= unit_full;
            let full = increment >= unit_full || (kind == ActionKind::Bet);
            if matches!(action, Action::Raise { .. }) && full && !completion {
                street.raises += 1;
            }
            street.current = total;
            street.aggressor = Some(seat);
            street.pending = able_after.into();
        }
        self.events.push(HandEvent::Acted {
            seat,
            action,
            all_in,
        });
        if self.live().len() == 1 {
            self.close_street();
            self.finish_uncontested();
            return Ok(());
        }
        self.next_turn();
        Ok(())
    }

    fn stakes(&self) -> Vec<Stake> {
        self.players
            .iter()
            .map(|p| Stake {
                seat: p.seat,
                put_in: p.put_in,
                folded: p.folded,
            })
            .collect()
    }

    /// Whether the rake may be taken under "no flop, no drop": the flop in board games, the
    /// second betting round elsewhere (the house's reading, documented).
    fn drop_allowed(&self) -> bool {
        if self
            .procedure
            .phases
            .iter()
            .any(|p| matches!(p, Phase::Board { .. }))
        {
            self.board >= 3
        } else {
            self.streets >= 2
        }
    }

    fn finish_uncontested(&mut self) {
        let winner = self.live()[0];
        self.events.push(HandEvent::Uncontested { seat: winner });
        // One live seat and amounts checked at start: building the pots cannot fail.
        if let Err(e) = self.settle(vec![], vec![], Showing::default()) {
            debug_assert!(false, "an uncontested pot is always awarded: {e}");
        }
    }

    fn settle(
        &mut self,
        shown: Vec<Shown>,
        described: Vec<(u8, String)>,
        showing: Showing,
    ) -> Result<(), String> {
        let built = pots::build(&self.stakes())?;
        let total: Cents = self.players.iter().map(|p| p.put_in).sum();
        let uncalled = built.uncalled.map_or(0, |u| u.1);
        let take = PotTake::compute(&self.setup.pot_rules, total, uncalled, self.drop_allowed());
        let mut pots_after = built.pots.clone();
        pots::take_from(&mut pots_after, take.total(), self.setup.award.chip);
        let section_name = self.procedure.second_half.unwrap_or("low");
        let awards = pots::award(
            &pots_after,
            &shown,
            &self.table_order(),
            &self.setup.award,
            section_name,
        )?;
        let totals = pots::totals(&awards, built.uncalled);
        for (seat, c) in &totals {
            self.player(*seat).stack += c;
        }
        let result = HandResult {
            pots: awards,
            uncalled: built.uncalled,
            take,
            totals,
            shown: described,
            hands: showing.hands,
            board: showing.board,
            bad_beat: showing.bad_beat,
        };
        self.events.push(HandEvent::Awarded {
            result: result.clone(),
        });
        self.result = Some(result);
        self.step = Step::Complete;
        Ok(())
    }

    fn showdown(
        &mut self,
        order: &[u8],
        hands: Vec<(u8, Vec<Card>)>,
        board: Vec<Card>,
    ) -> Result<(), String> {
        let game = self.setup.game;
        let mut seen: Vec<Card> = Vec::new();
        for c in hands.iter().flat_map(|(_, h)| h).chain(&board) {
            if seen.contains(c) {
                return Err(format!("{c} is entered twice"));
            }
            seen.push(*c);
        }
        let board_game = self
            .procedure
            .phases
            .iter()
            .any(|p| matches!(p, Phase::Board { .. }));
        let want_board = if board_game {
            self.board
        } else {
            self.common.len() as u8
        };
        if board.len() != usize::from(want_board) {
            return Err(format!(
                "enter the {want_board} {} cards; {} were entered",
                if board_game { "community" } else { "common" },
                board.len()
            ));
        }
        if !board_game && board != self.common {
            return Err("the common card entered is not the one dealt".into());
        }
        let mut shown = Vec::new();
        let mut described = Vec::new();
        for (seat, cards) in &hands {
            if !order.contains(seat) {
                return Err(format!("seat {seat} is not in the showdown"));
            }
            let p = self.get(*seat).ok_or("unknown seat")?;
            let own = usize::from(p.cards) - if board_game { 0 } else { self.common.len() };
            if cards.len() != own {
                return Err(format!(
                    "seat {seat} holds {own} cards; {} were entered",
                    cards.len()
                ));
            }
            let discards = self
                .procedure
                .phases
                .iter()
                .any(|p| matches!(p, Phase::Discard { .. }));
            for u in p.up.iter().filter(|_| !discards) {
                if !cards.contains(u) {
                    return Err(format!("seat {seat}'s hand must include its up card {u}"));
                }
            }
            let e = games::evaluate(game, cards, &board)?;
            let (second, second_cards) = match (&e.low, &e.badugi) {
                (Some(Some(l)), _) => (Some(l.value), l.cards.clone()),
                (Some(None), _) => (None, vec![]),
                (None, Some(b)) => (Some(b.value), b.cards.clone()),
                (None, None) => (None, vec![]),
            };
            let mut text = e.description.clone();
            match (&e.low, &e.badugi) {
                (Some(Some(l)), _) => text.push_str(&format!("; low {}", l.description)),
                (Some(None), _) => text.push_str("; no low"),
                (None, Some(b)) => text.push_str(&format!("; Badugi {}", b.description)),
                _ => {}
            }
            described.push((*seat, text));
            shown.push(Shown {
                seat: *seat,
                first: e.value,
                first_cards: e.cards,
                second,
                second_cards,
            });
        }
        if shown.is_empty() {
            return Err("enter at least the winning hand (§ 637a.18(e))".into());
        }
        // § 637a.15: the posted qualifying losing hand, beaten, holds the round for the shift
        // supervisor (every game the posted Bad Beat rules rank: `jackpots::bad_beat`).
        let bad_beat = self
            .setup
            .pot_rules
            .bad_beat_rules
            .as_ref()
            .and_then(|rules| {
                super::jackpots::bad_beat(game, rules, &hands, &board, self.players.len() as u8)
            });
        // Conceded hands lose; a live seat that shows nothing concedes (§ 637a.18(f)).
        self.settle(
            shown,
            described,
            Showing {
                hands,
                board,
                bad_beat,
            },
        )
    }

    /// Every chip put in is in a stack again: for tests and the journal's check.
    pub fn chips(&self) -> Cents {
        self.players.iter().map(|p| p.stack).sum::<Cents>()
            + self.result.as_ref().map_or(0, |r| r.take.total())
    }
}

fn step_name(s: &Step) -> &'static str {
    match s {
        Step::PostForced { .. } => "collect the forced bets",
        Step::Deal { .. } => "deal",
        Step::Discard { .. } => "take a discard",
        Step::Act { .. } => "record a player's action",
        Step::Draw { .. } => "record a draw",
        Step::Showdown { .. } => "enter the shown hands",
        Step::Complete => "start a new round",
    }
}

fn command_name(c: &HandCommand) -> &'static str {
    match c {
        HandCommand::Posted { .. } => "forced bets",
        HandCommand::Dealt { .. } => "a deal",
        HandCommand::Act { .. } => "an action",
        HandCommand::Draw { .. } => "a draw",
        HandCommand::Discard { .. } => "a discard",
        HandCommand::Showdown { .. } => "a showdown",
        HandCommand::VoidHand { .. } => "a void hand",
        HandCommand::StopBetting { .. } => "a stop to betting",
    }
}
