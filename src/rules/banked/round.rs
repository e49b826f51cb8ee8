//! A house-banked round at the table, step by step: wagers until "no more bets" (§ x.7), the
//! deal by the table's dealing method (§ x.8 manual dealing shoe, § x.9 from the hand, § x.10
//! automated dealing shoe), each player's decisions with the community or dealer cards revealed
//! between them (§ x.11), the cards keyed at settlement, the settlement from the paytables
//! (`banked::settle_json`), a floorperson's validation where a payout needs one, and "paid".
//!
//! The games' wagers, card counts and decision phases are data ([`Def`]); the settlement itself
//! stays in each game's module. Pure: a dealer's command is decided into the events that say
//! what happened ([`BankedRound::decide`]); the journal keeps those, and [`BankedRound::apply`]
//! folds them into the round. When the last card is keyed the rules settle the round from the
//! paytables the table opened with ([`House`]) and the event carries the typed [`Settlement`].

use super::{House, Settlement};
use crate::rules::Cents;
use crate::rules::cards::{Card, CardSet};
use crate::rules::games::GameId;
use crate::rules::registry::Dealing;
use serde::{Deserialize, Serialize};
use std::collections::{BTreeMap, BTreeSet};

/// A wager spot on the layout.
#[derive(Debug, Clone, Copy)]
pub struct Spot {
    /// The settlement input's key.
    pub key: &'static str,
    pub label: &'static str,
    pub required: bool,
    /// Must equal another wager (Crazy 4's Super Bonus and WPT's Odds equal the Ante).
    pub equals: Option<&'static str>,
}

/// What a zero decision means.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Zero {
    Fold,
    Check,
}

/// One decision each player still in makes, then what the dealer reveals.
#[derive(Debug, Clone, Copy)]
pub struct Phase {
    pub key: &'static str,
    pub label: &'static str,
    /// The multiples of the Ante the player may wager here.
    pub multiples: &'static [u8],
    pub zero: Zero,
    /// A player who wagered here makes no later decision (WPT's single Raise).
    pub once: bool,
    /// What the dealer does after every player decided.
    pub then: &'static str,
    /// Who decides in this phase.
    pub who: Who,
    /// Decided once the cards are keyed (Lunar Poker's force, which needs the dealer's hand).
    pub after_cards: bool,
    /// The name of what a player puts on the layout here, for the seats panel.
    pub wager: &'static str,
    /// Lunar Poker: the Options fee's draw and the declarations are offered here (§ 589.11(b)).
    pub options_fee: bool,
}

/// Who decides in a phase.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Who {
    /// Every player still in.
    StillIn,
    /// Players who paid an Options fee to draw (§ 589.11(d)(2)).
    Drew,
    /// Players with a Bet Wager, when the dealer does not qualify (§ 589.11(e)(2)).
    BetAgainstNonQualifier,
}

/// A house-banked game as the table deals it.
#[derive(Debug, Clone, Copy)]
pub struct Def {
    pub game: GameId,
    /// The sections of the round, as the chapter words them.
    pub sections: BankedSections,
    pub spots: &'static [Spot],
    /// The layout's betting positions, numbered from 1 (each game's § x.2(a)).
    pub positions: u8,
    pub seat_cards: usize,
    pub dealer_cards: usize,
    pub community_cards: usize,
    pub phases: &'static [Phase],
    /// Said after the deal instruction (Lunar Poker turns the dealer's fifth card up).
    pub deal_note: &'static str,
}

/// The sections a house-banked round follows, literal so a search for one finds its rule.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct BankedSections {
    /// The layout's betting positions (§ x.2(a)).
    pub positions: &'static str,
    /// Wagers, and no wager after "no more bets" (§ x.7).
    pub wagers: &'static str,
    /// Dealing from a manual dealing shoe (§ x.8).
    pub manual_shoe: &'static str,
    /// Dealing from the hand (§ x.9).
    pub hand: &'static str,
    /// Dealing from an automated dealing shoe (§ x.10).
    pub automated_shoe: &'static str,
    /// The players' decisions and the settlement (§ x.11).
    pub decisions: &'static str,
}

const fn spot(key: &'static str, label: &'static str, required: bool) -> Spot {
    Spot {
        key,
        label,
        required,
        equals: None,
    }
}

pub const DEFS: [Def; 6] = [
    Def {
        game: GameId::Crazy4Poker,
        sections: BankedSections {
            positions: "§ 657a.2(a)",
            wagers: "§ 657a.7",
            manual_shoe: "§ 657a.8",
            hand: "§ 657a.9",
            automated_shoe: "§ 657a.10",
            decisions: "§ 657a.11",
        },
        spots: &[
            spot("ante", "Ante", true),
            Spot {
                key: "super_bonus",
                label: "Super Bonus",
                required: true,
                equals: Some("ante"),
            },
            spot("queens_up", "Queens Up", false),
            spot("progressive", "Progressive", false),
        ],
        positions: 6,
        seat_cards: 5,
        dealer_cards: 5,
        community_cards: 0,
        // § 657a.11(b): a Play Wager equal to the Ante, or up to three times it with a pair of
        // aces or better (the settlement checks the hand); the screen offers whole multiples.
        phases: &[Phase {
            key: "play",
            label: "Play wager: 1× the Ante, or up to 3× with a pair of aces or better; or fold",
            multiples: &[1, 2, 3],
            zero: Zero::Fold,
            once: false,
            then: "Reveal the dealer's five cards",
            who: Who::StillIn,
            after_cards: false,
            wager: "Play",
            options_fee: false,
        }],
        deal_note: "",
    },
    Def {
        game: GameId::MississippiStud,
        sections: BankedSections {
            positions: "§ 655a.2(a)",
            wagers: "§ 655a.7",
            manual_shoe: "§ 655a.8",
            hand: "§ 655a.9",
            automated_shoe: "§ 655a.10",
            decisions: "§ 655a.11",
        },
        spots: &[
            spot("ante", "Ante", true),
            spot("three_card_bonus", "3 Card Bonus", false),
            spot("progressive", "Progressive", false),
        ],
        positions: 6,
        seat_cards: 2,
        dealer_cards: 0,
        community_cards: 3,
        phases: &[
            Phase {
                key: "third",
                label: "Third Street: 1×, 2× or 3× the Ante, or fold",
                multiples: &[1, 2, 3],
                zero: Zero::Fold,
                once: false,
                then: "Turn over the first community card",
                who: Who::StillIn,
                after_cards: false,
                wager: "Third Street",
                options_fee: false,
            },
            Phase {
                key: "fourth",
                label: "Fourth Street: 1×, 2× or 3× the Ante, or fold",
                multiples: &[1, 2, 3],
                zero: Zero::Fold,
                once: false,
                then: "Turn over the second community card",
                who: Who::StillIn,
                after_cards: false,
                wager: "Fourth Street",
                options_fee: false,
            },
            Phase {
                key: "fifth",
                label: "Fifth Street: 1×, 2× or 3× the Ante, or fold",
                multiples: &[1, 2, 3],
                zero: Zero::Fold,
                once: false,
                then: "Turn over the third community card",
                who: Who::StillIn,
                after_cards: false,
                wager: "Fifth Street",
                options_fee: false,
            },
        ],
        deal_note: "",
    },
    Def {
        game: GameId::TexasHoldemBonus,
        sections: BankedSections {
            positions: "§ 647a.2(a)",
            wagers: "§ 647a.7",
            manual_shoe: "§ 647a.8",
            hand: "§ 647a.9",
            automated_shoe: "§ 647a.10",
            decisions: "§ 647a.11",
        },
        spots: &[
            spot("ante", "Ante", true),
            spot("bonus", "Bonus", false),
            spot("progressive", "Progressive", false),
        ],
        positions: 6,
        seat_cards: 2,
        dealer_cards: 2,
        community_cards: 5,
        phases: &[
            Phase {
                key: "flop",
                label: "Flop wager: 2× the Ante, or fold",
                multiples: &[2],
                zero: Zero::Fold,
                once: false,
                then: "Burn a card and deal the flop",
                who: Who::StillIn,
                after_cards: false,
                wager: "Flop",
                options_fee: false,
            },
            Phase {
                key: "turn",
                label: "Turn wager: 1× the Ante, or check",
                multiples: &[1],
                zero: Zero::Check,
                once: false,
                then: "Burn a card and deal the turn",
                who: Who::StillIn,
                after_cards: false,
                wager: "Turn",
                options_fee: false,
            },
            Phase {
                key: "river",
                label: "River wager: 1× the Ante, or check",
                multiples: &[1],
                zero: Zero::Check,
                once: false,
                then: "Burn a card, deal the river and reveal the dealer's cards",
                who: Who::StillIn,
                after_cards: false,
                wager: "River",
                options_fee: false,
            },
        ],
        deal_note: "",
    },
    Def {
        game: GameId::WptHeadsUp,
        sections: BankedSections {
            positions: "§ 677a.2(a)",
            wagers: "§ 677a.7",
            manual_shoe: "§ 677a.8",
            hand: "§ 677a.9",
            automated_shoe: "§ 677a.10",
            decisions: "§ 677a.11",
        },
        spots: &[
            spot("ante", "Ante", true),
            Spot {
                key: "odds",
                label: "Odds",
                required: true,
                equals: Some("ante"),
            },
            spot("pocket_bonus", "Pocket Bonus", false),
            spot("trips_plus", "Trips Plus", false),
        ],
        positions: 6,
        seat_cards: 2,
        dealer_cards: 2,
        community_cards: 5,
        phases: &[
            Phase {
                key: "pre-flop",
                label: "Raise 3× or 4× the Ante before the flop, or check",
                multiples: &[3, 4],
                zero: Zero::Check,
                once: true,
                then: "Deal the flop",
                who: Who::StillIn,
                after_cards: false,
                wager: "Raise",
                options_fee: false,
            },
            Phase {
                key: "flop",
                label: "Raise 2× the Ante after the flop, or check",
                multiples: &[2],
                zero: Zero::Check,
                once: true,
                then: "Deal the turn and the river",
                who: Who::StillIn,
                after_cards: false,
                wager: "Raise",
                options_fee: false,
            },
            Phase {
                key: "river",
                label: "Raise 1× the Ante, or fold",
                multiples: &[1],
                zero: Zero::Fold,
                once: true,
                then: "Reveal the dealer's cards",
                who: Who::StillIn,
                after_cards: false,
                wager: "Raise",
                options_fee: false,
            },
        ],
        deal_note: "",
    },
    Def {
        game: GameId::LunarPoker,
        sections: BankedSections {
            positions: "§ 589.2(a)",
            wagers: "§ 589.7",
            manual_shoe: "§ 589.8",
            hand: "§ 589.9",
            automated_shoe: "§ 589.10",
            decisions: "§ 589.11",
        },
        spots: &[spot("ante", "Ante", true), spot("super", "Super", false)],
        positions: 5,
        seat_cards: 5,
        dealer_cards: 5,
        community_cards: 0,
        phases: &[
            // § 589.11(b): fold, a Bet of twice the Ante, or an Options fee equal to the Ante
            // to buy a sixth card or exchange two to five; a royal or straight flush is declared
            // instead (§ 589.11(b)(2), (c)(1)).
            Phase {
                key: "options",
                label: "Bet 2× the Ante, buy a sixth card or exchange 2 to 5 cards for a fee equal to the Ante, or fold; a royal or straight flush is declared",
                multiples: &[2],
                zero: Zero::Fold,
                once: false,
                then: "\"All decisions are locked in\": pay the declared hands, collect folded Antes and the Options fees, then deal each draw",
                who: Who::StillIn,
                after_cards: false,
                wager: "Bet",
                options_fee: true,
            },
            // § 589.11(d)(2)(iii): after the draw, fold or Bet.
            Phase {
                key: "draw",
                label: "After the draw: Bet 2× the Ante, or fold",
                multiples: &[2],
                zero: Zero::Fold,
                once: false,
                then: "Reveal the dealer's cards and turn up each Bet player's cards",
                who: Who::Drew,
                after_cards: false,
                wager: "Bet",
                options_fee: false,
            },
            // § 589.11(e)(2): against a dealer without ace-king or better, each Bet player may
            // pay a fee equal to the Ante to force the dealer.
            Phase {
                key: "force",
                label: "The dealer does not qualify: force the dealer for a fee equal to the Ante, or take the Ante paid 1 to 1 and the Bet back",
                multiples: &[1],
                zero: Zero::Check,
                once: false,
                then: "Collect the forcing fees, discard the dealer's highest card and replace it with the next card from the deck",
                who: Who::BetAgainstNonQualifier,
                after_cards: true,
                wager: "Forcing fee",
                options_fee: false,
            },
        ],
        deal_note: " Turn the dealer's fifth card face up.",
    },
    // Spanish 21's decisions are not multiples of a wager: `round21` plays them; the cards are
    // keyed as they are dealt (two to each box and the dealer's up card at the deal).
    Def {
        game: GameId::Spanish21,
        sections: BankedSections {
            positions: "§ 635a.2(a)",
            wagers: "§ 635a.7",
            manual_shoe: "§ 635a.8",
            hand: "§ 635a.9",
            automated_shoe: "§ 635a.10",
            decisions: "§ 635a.11",
        },
        spots: &[
            spot("ante", "Spanish 21", true),
            spot("match_the_dealer", "Match the Dealer", false),
        ],
        positions: 7,
        seat_cards: 2,
        dealer_cards: 1,
        community_cards: 0,
        phases: &[],
        deal_note: "",
    },
];

impl Def {
    /// The game's round definition (every house-banked game has one).
    pub fn of(game: GameId) -> Option<&'static Def> {
        DEFS.iter().find(|d| d.game == game)
    }

    /// The dealing method's section and instruction.
    pub fn deal_text(&self, dealing: Dealing) -> (String, String) {
        let each = match (self.dealer_cards, self.community_cards) {
            (0, c) => format!(
                "{} cards face down to each player, then {c} community cards face down",
                self.seat_cards
            ),
            (d, 0) => format!(
                "{} cards face down to each player and {d} to the dealer",
                self.seat_cards
            ),
            (d, c) => format!(
                "{} cards face down to each player and {d} to the dealer; {c} community cards come later",
                self.seat_cards
            ),
        };
        let (section, text) = match dealing {
            Dealing::ManualShoe => (
                self.sections.manual_shoe.to_string(),
                format!(
                    "From the manual dealing shoe, one card at a time clockwise from the player farthest to your left: {each}. Then take the stub out of the shoe."
                ),
            ),
            Dealing::Hand => (
                self.sections.hand.to_string(),
                format!(
                    "From the hand, one card at a time clockwise from the player farthest to your left: {each}."
                ),
            ),
            Dealing::AutomatedShoe => (
                self.sections.automated_shoe.to_string(),
                format!(
                    "Deliver the stacks the automated dealing shoe dispenses, clockwise from the player farthest to your left: {each}."
                ),
            ),
        };
        (section, format!("{text}{}", self.deal_note))
    }
}

/// Where the round stands.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "step", rename_all = "kebab-case")]
pub enum BankedStep {
    /// Players place their wagers; the dealer keys each seat's.
    Wagers,
    /// "No more bets" was called: deal.
    Deal,
    /// A player's decision in a phase.
    Decide { phase: usize, seat: u8 },
    /// Everyone decided: the dealer reveals what the phase's `then` says.
    Reveal { phase: usize },
    /// The dealer keys every hand for settlement.
    Cards,
    /// The settlement is shown; the dealer pays in its order.
    Pay { verify: bool },
    /// A Spanish 21 round's own steps (`round21`).
    Play21(super::round21::Step21),
}

/// A Lunar Poker draw bought with an Options fee equal to the Ante (§ 589.11(b)(3)).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum DrawKind {
    /// A sixth card (§ 589.11(d)(2)(i)(A)).
    Buy,
    /// Two to five cards given up and replaced (§ 589.11(d)(2)(i)(B)).
    Exchange,
}

/// The dealer's inputs.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "command", rename_all = "kebab-case")]
pub enum BankedCommand {
    Wagers {
        seat: u8,
        wagers: BTreeMap<String, Cents>,
    },
    NoMoreBets,
    Dealt,
    /// A multiple of the Ante; 0 folds or checks as the phase says.
    Decide {
        seat: u8,
        multiple: u8,
    },
    Revealed,
    /// Lunar Poker: the player pays an Options fee equal to the Ante to draw (§ 589.11(b)(3)).
    Draw {
        seat: u8,
        kind: DrawKind,
    },
    /// Lunar Poker: the player declared and turned the five cards face up (§ 589.11(c)).
    /// `instant`: a royal or straight flush, paid instantly, which places no Bet (§ 589.11(b)(2));
    /// otherwise a declaration for the Super Wager (§ 589.11(c)(2)(ii)), made before deciding.
    Declare {
        seat: u8,
        instant: bool,
    },
    /// Lunar Poker: the card that replaced the dealer's highest card (§ 589.11(e)(2)(ii)).
    Replacement {
        card: Card,
    },
    Cards {
        /// Seat and cards (a list, not a map: the journal's JSON keeps seat numbers numbers).
        seats: Vec<(u8, Vec<Card>)>,
        dealer: Vec<Card>,
        community: Vec<Card>,
        /// Lunar Poker: per drawing seat, the cards given up (none for a sixth card) and the
        /// cards dealt for them.
        #[serde(default)]
        draws: Vec<(u8, Vec<Card>, Vec<Card>)>,
        /// The progressive meters as the controller last reported them, by meter id; the
        /// terminal fills them in (a device reading, not the dealer's).
        #[serde(default)]
        meters: BTreeMap<String, Cents>,
    },
    /// Lunar Poker: "all decisions are locked in": the declared hands' first five cards, face up.
    /// The rules settle their instant payouts and every Super Wager from them
    /// (`lunar::settle_lock_in`), paid before any other card is dealt (§ 589.11(c)).
    LockIn {
        cards: Vec<(u8, Vec<Card>)>,
    },
    /// Lunar Poker: the dealer paid what was settled at lock-in.
    LockInPaid,
    /// A Spanish 21 round's own inputs (`round21`).
    Play21(super::round21::Command21),
    /// A floorperson validated the payouts that need it (§ 647a.11(i)(3), § 655a.11,
    /// § 657a.11(e)(3)).
    Validated {
        floorperson: crate::rules::table::Person,
    },
    Paid,
}

/// What happened in a house-banked round, one journal row each: the dealer's step with what the
/// rules made of it (the amounts, the cards), or the settlement the rules computed. In the
/// journal it sits inside the table's event, whose tag is `kind`: no field here is named `kind`
/// (a test round-trips every event through the table's event).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "event", rename_all = "kebab-case")]
pub enum BankedEvent {
    /// A seat's wagers as accepted: within the posted limits, the equal spots filled in
    /// (none: the seat's wagers taken off).
    WagersPlaced {
        seat: u8,
        wagers: BTreeMap<String, Cents>,
    },
    /// "No more bets" (§ x.7): the seats that play the round.
    BetsClosed { seats: Vec<u8> },
    /// The cards dealt by the table's dealing method (§ x.8–x.10).
    Dealt,
    /// A player's decision in a phase: the multiple of the Ante and the amount wagered (0 folds
    /// or checks as the phase says).
    Decided {
        seat: u8,
        phase: usize,
        multiple: u8,
        amount: Cents,
    },
    /// Lunar Poker: an Options fee paid to draw (§ 589.11(b)(3)).
    DrawBought {
        seat: u8,
        draw: DrawKind,
        fee: Cents,
    },
    /// Lunar Poker: a hand declared face up (§ 589.11(c)); a second declaration withdraws it.
    Declared { seat: u8, instant: bool },
    /// The dealer revealed what the phase's `then` says.
    Revealed { phase: usize },
    /// Lunar Poker: the declared hands keyed at lock-in and what the rules settled on them.
    LockedIn {
        cards: Vec<(u8, Vec<Card>)>,
        settlement: Settlement,
    },
    /// Lunar Poker: the lock-in's settlement paid.
    LockInPaid,
    /// Lunar Poker: the card that replaced the dealer's highest card (§ 589.11(e)(2)(ii)).
    Replacement { card: Card },
    /// Every hand keyed, and the meters the settlement pays from.
    CardsKeyed {
        seats: Vec<(u8, Vec<Card>)>,
        dealer: Vec<Card>,
        community: Vec<Card>,
        draws: Vec<(u8, Vec<Card>, Vec<Card>)>,
        meters: BTreeMap<String, Cents>,
    },
    /// The round settled from the table's paytables, in the dealer's order.
    Settled { settlement: Settlement },
    /// Spanish 21: what happened at a step of the round (`round21`).
    Spanish21 {
        at: super::round21::Step21,
        what: super::round21::Command21,
    },
    /// A floorperson validated the payouts that need it.
    Validated {
        floorperson: crate::rules::table::Person,
    },
    /// The dealer paid the round.
    Paid,
}

impl BankedEvent {
    /// The journal's `kind` column.
    pub fn kind(&self) -> &'static str {
        match self {
            BankedEvent::WagersPlaced { .. } => "wagers_placed",
            BankedEvent::BetsClosed { .. } => "no_more_bets",
            BankedEvent::Dealt => "round_dealt",
            BankedEvent::Decided { .. } => "player_decided",
            BankedEvent::DrawBought { .. } => "options_fee_paid",
            BankedEvent::Declared { .. } => "hand_declared",
            BankedEvent::Revealed { .. } => "dealer_revealed",
            BankedEvent::LockedIn { .. } => "lock_in_settled",
            BankedEvent::LockInPaid => "lock_in_paid",
            BankedEvent::Replacement { .. } => "replacement_card",
            BankedEvent::CardsKeyed { .. } => "cards_keyed",
            BankedEvent::Settled { .. } => "round_settled",
            BankedEvent::Spanish21 { .. } => "spanish21_play",
            BankedEvent::Validated { .. } => "payouts_validated",
            BankedEvent::Paid => "round_paid",
        }
    }

    /// The dealer's command this event records (none for what the rules computed).
    pub fn command(&self) -> Option<BankedCommand> {
        Some(match self {
            BankedEvent::WagersPlaced { seat, wagers } => BankedCommand::Wagers {
                seat: *seat,
                wagers: wagers.clone(),
            },
            BankedEvent::BetsClosed { .. } => BankedCommand::NoMoreBets,
            BankedEvent::Dealt => BankedCommand::Dealt,
            BankedEvent::Decided { seat, multiple, .. } => BankedCommand::Decide {
                seat: *seat,
                multiple: *multiple,
            },
            BankedEvent::DrawBought { seat, draw, .. } => BankedCommand::Draw {
                seat: *seat,
                kind: *draw,
            },
            BankedEvent::Declared { seat, instant } => BankedCommand::Declare {
                seat: *seat,
                instant: *instant,
            },
            BankedEvent::Revealed { .. } => BankedCommand::Revealed,
            BankedEvent::LockInPaid => BankedCommand::LockInPaid,
            BankedEvent::Replacement { card } => BankedCommand::Replacement { card: *card },
            BankedEvent::CardsKeyed {
                seats,
                dealer,
                community,
                draws,
                meters,
            } => BankedCommand::Cards {
                seats: seats.clone(),
                dealer: dealer.clone(),
                community: community.clone(),
                draws: draws.clone(),
                meters: meters.clone(),
            },
            BankedEvent::Spanish21 { what, .. } => BankedCommand::Play21(what.clone()),
            BankedEvent::Validated { floorperson } => BankedCommand::Validated {
                floorperson: floorperson.clone(),
            },
            BankedEvent::Paid => BankedCommand::Paid,
            BankedEvent::LockedIn { .. } | BankedEvent::Settled { .. } => return None,
        })
    }

    /// The person whose signature this event carries.
    pub fn signer(&self) -> Option<&crate::rules::table::Person> {
        match self {
            BankedEvent::Validated { floorperson } => Some(floorperson),
            _ => None,
        }
    }
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct BankedRound {
    pub game: GameId,
    pub dealing: Dealing,
    pub seats: Vec<u8>,
    pub step: BankedStep,
    pub wagers: BTreeMap<u8, BTreeMap<String, Cents>>,
    /// Per seat, the multiple decided in each phase reached.
    pub decisions: BTreeMap<u8, Vec<u8>>,
    pub folded: BTreeSet<u8>,
    pub cards: BTreeMap<u8, Vec<Card>>,
    pub dealer: Vec<Card>,
    pub community: Vec<Card>,
    pub settlement: Option<Settlement>,
    pub validated_by: Option<crate::rules::table::Person>,
    pub paid: bool,
    /// The table's posted Ante limits, minimum and maximum (0: none), from the configuration.
    #[serde(default)]
    pub ante_limits: (Cents, Cents),
    /// The table's posted minimum and maximum of each other wager, by key (0: none).
    #[serde(default)]
    pub side_limits: BTreeMap<String, (Cents, Cents)>,
    /// Lunar Poker: the seats that paid an Options fee to draw, and how.
    #[serde(default)]
    pub draws: BTreeMap<u8, DrawKind>,
    /// Lunar Poker: the seats that declared their five cards face up (§ 589.11(c)).
    #[serde(default)]
    pub declared: BTreeSet<u8>,
    /// Lunar Poker: of those, the royal and straight flushes paid instantly (§ 589.11(c)(1)).
    #[serde(default)]
    pub instant: BTreeSet<u8>,
    /// Lunar Poker: what was settled when all decisions were locked in (§ 589.11(c)).
    #[serde(default)]
    pub lock_in: Option<Settlement>,
    /// Lunar Poker: the dealer paid the lock-in's settlement.
    #[serde(default)]
    pub lock_in_paid: bool,
    /// The progressive meters when the cards were keyed (the settlement pays from them).
    #[serde(default)]
    pub meters: BTreeMap<String, Cents>,
    /// Lunar Poker: per drawing seat, the cards given up and the cards dealt for them.
    #[serde(default)]
    pub drawn: BTreeMap<u8, (Vec<Card>, Vec<Card>)>,
    /// Lunar Poker: the card that replaced the dealer's highest card (§ 589.11(e)(2)(ii)).
    #[serde(default)]
    pub replacement: Option<Card>,
    /// Spanish 21: the hands, insurance, surrenders and the card reader's answer.
    #[serde(default)]
    pub s21: Option<super::round21::Play21>,
}

impl BankedRound {
    pub fn start(game: GameId, dealing: Dealing, seats: &[u8]) -> Result<BankedRound, String> {
        let def = Def::of(game).ok_or_else(|| {
            format!(
                "{} is settled with `deckhand settle`; its table procedure is not on the screen yet",
                game.id()
            )
        })?;
        if seats.is_empty() {
            return Err("tap at least one player's seat".into());
        }
        if let Some(s) = seats.iter().find(|s| **s == 0 || **s > def.positions) {
            return Err(format!(
                "seat {s}: the layout has betting positions 1 to {} ({})",
                def.positions, def.sections.positions
            ));
        }
        Ok(BankedRound {
            game,
            dealing,
            seats: seats.to_vec(),
            step: BankedStep::Wagers,
            wagers: BTreeMap::new(),
            decisions: BTreeMap::new(),
            folded: BTreeSet::new(),
            cards: BTreeMap::new(),
            dealer: vec![],
            community: vec![],
            settlement: None,
            validated_by: None,
            paid: false,
            ante_limits: (0, 0),
            side_limits: BTreeMap::new(),
            draws: BTreeMap::new(),
            declared: BTreeSet::new(),
            instant: BTreeSet::new(),
            lock_in: None,
            lock_in_paid: false,
            meters: BTreeMap::new(),
            drawn: BTreeMap::new(),
            replacement: None,
            s21: (game == GameId::Spanish21).then(Default::default),
        })
    }

    /// The table's posted minimum and maximum Ante (0: none).
    pub fn with_limits(mut self, min: Cents, max: Cents) -> BankedRound {
        self.ante_limits = (min, max);
        self
    }

    /// The table's posted limits of the other wagers, by key (0: none).
    pub fn with_side_limits(mut self, limits: BTreeMap<String, (Cents, Cents)>) -> BankedRound {
        self.side_limits = limits;
        self
    }

    /// Lunar Poker: the seats settled when all decisions are locked in (§ 589.11(c)): each
    /// seat that declared and each Super Wager, as `lunar::settle_lock_in` reads them; a
    /// declared seat's cards from `cards`.
    pub fn lock_in_seats(&self) -> Vec<super::lunar::Seat> {
        if self.game != GameId::LunarPoker {
            return Vec::new();
        }
        self.seats
            .iter()
            .filter(|s| self.declared.contains(s) || self.wager(**s, "super") > 0)
            .map(|s| super::lunar::Seat {
                seat: *s,
                cards: String::new(),
                wagers: super::lunar::Wagers {
                    ante: self.ante(*s),
                    super_wager: self.wager(*s, "super"),
                },
                declared: self.declared.contains(s),
                draw: None,
                bet: false,
                force: false,
            })
            .collect()
    }

    fn wager(&self, seat: u8, key: &str) -> Cents {
        self.wagers
            .get(&seat)
            .and_then(|w| w.get(key))
            .copied()
            .unwrap_or(0)
    }

    pub fn def(&self) -> &'static Def {
        Def::of(self.game).expect("a round is only started for a game with a table definition")
    }

    pub fn ante(&self, seat: u8) -> Cents {
        self.wager(seat, "ante")
    }

    /// Everything on the layout, for a void round's refunds.
    pub fn refunds(&self) -> Vec<(u8, Cents)> {
        self.seats
            .iter()
            .map(|s| {
                let wagers: Cents = self.wagers.get(s).map_or(0, |w| w.values().sum());
                let ante = self.ante(*s);
                let decided: Cents = self
                    .decisions
                    .get(s)
                    .map_or(0, |d| d.iter().map(|m| ante * Cents::from(*m)).sum());
                // Lunar Poker's Options fee for a draw is on the layout too.
                let fee = if self.draws.contains_key(s) { ante } else { 0 };
                let total = wagers + decided + fee + self.refund21(*s);
                (*s, total - self.settled_early(*s))
            })
            .collect()
    }

    /// Wagers already settled at the table before the round's end, which a void round does not
    /// return: Lunar Poker's instant payouts and Super Wagers at lock-in (§ 589.11(c)), Spanish
    /// 21's Match-the-Dealer after the deal (§ 635a.7(f)) and an even money (§ 635a.8(e)).
    fn settled_early(&self, seat: u8) -> Cents {
        let lunar: Cents = self
            .lock_in
            .iter()
            .flat_map(|l| l.results.iter())
            .filter(|w| w.seat == seat)
            .map(|w| w.stake)
            .sum();
        let s21 = self.s21.as_ref().map_or(0, |p| {
            let matched = if p.match_called {
                self.wager(seat, "match_the_dealer")
            } else {
                0
            };
            let even = if p.even_money.contains(&seat) {
                self.ante(seat)
            } else {
                0
            };
            matched + even
        });
        lunar + s21
    }

    /// Lunar Poker: the seat placed a Bet Wager, before or after a draw.
    pub fn bet(&self, seat: u8) -> bool {
        self.decisions
            .get(&seat)
            .is_some_and(|d| d.iter().take(2).any(|m| *m > 0))
    }

    /// Lunar Poker: the dealer's five cards are keyed and hold less than ace-king (§ 589.11(e)(2)).
    pub fn dealer_short_of_qualifying(&self) -> bool {
        crate::rules::lunar::lunar_hand(&self.dealer).is_ok_and(|h| !h.dealer_qualifies())
    }

    /// The round is keyed (every seat's cards) and waits for its settlement.
    pub fn ready_to_settle(&self) -> bool {
        self.step == BankedStep::Cards
            && self.settlement.is_none()
            && !self.seats.is_empty()
            && self.seats.iter().all(|s| self.cards.contains_key(s))
    }

    /// Players who still decide in `phase`, in dealing order (clockwise from the dealer's left).
    fn deciders(&self, phase: usize) -> Vec<u8> {
        let def = self.def();
        let who = def.phases[phase].who;
        self.seats
            .iter()
            .copied()
            .filter(|s| self.wagers.contains_key(s) && !self.folded.contains(s))
            .filter(|s| !self.instant.contains(s))
            .filter(|s| match who {
                Who::StillIn => true,
                Who::Drew => self.draws.contains_key(s),
                Who::BetAgainstNonQualifier => self.bet(*s) && self.dealer_short_of_qualifying(),
            })
            .filter(|s| {
                // Once a player made a "once" wager, later phases skip him.
                let d = self.decisions.get(s).map_or(&[][..], |v| &v[..]);
                !d.iter()
                    .enumerate()
                    .any(|(i, m)| *m > 0 && def.phases[i].once && i < phase)
            })
            .filter(|s| self.decisions.get(s).map_or(0, |d| d.len()) <= phase)
            .collect()
    }

    fn next_after_phase_decision(&self, phase: usize) -> BankedStep {
        match self.deciders(phase).first() {
            Some(seat) => BankedStep::Decide { phase, seat: *seat },
            // After the cards, the phase's `then` is only for those who wagered in it (Lunar
            // Poker replaces the dealer's card only if someone forced).
            None if self.def().phases[phase].after_cards && !self.wagered_in(phase) => {
                BankedStep::Cards
            }
            None => BankedStep::Reveal { phase },
        }
    }

    fn wagered_in(&self, phase: usize) -> bool {
        self.decisions
            .values()
            .any(|d| d.get(phase).is_some_and(|m| *m > 0))
    }

    fn next_phase(&self, after: usize) -> BankedStep {
        let def = self.def();
        let mut phase = after + 1;
        while phase < def.phases.len() && !def.phases[phase].after_cards {
            if let Some(seat) = self.deciders(phase).first() {
                return BankedStep::Decide { phase, seat: *seat };
            }
            // Lunar Poker: the dealer's cards are revealed after the draws even when nobody
            // drew, if a Bet stands (§ 589.11(e)).
            if def.phases[phase].who == Who::Drew && self.seats.iter().any(|s| self.bet(*s)) {
                return BankedStep::Reveal { phase };
            }
            phase += 1;
        }
        BankedStep::Cards
    }

    /// After the cards are keyed: a phase that needs them (Lunar Poker's force), or settlement.
    fn after_cards(&self) -> BankedStep {
        let def = self.def();
        match def.phases.iter().position(|p| p.after_cards) {
            Some(p) => match self.deciders(p).first() {
                Some(seat) => BankedStep::Decide {
                    phase: p,
                    seat: *seat,
                },
                None => BankedStep::Cards,
            },
            None => BankedStep::Cards,
        }
    }

    /// Checks a dealer's command against the rules and returns what it causes: the event of the
    /// command itself, then the settlement when it completes the round's cards. `house` settles
    /// (the table's snapshot); a round that needs it and has none is refused. Nothing changes.
    pub fn decide(
        &self,
        cmd: &BankedCommand,
        house: Option<&House>,
    ) -> Result<Vec<BankedEvent>, String> {
        let mut next = self.clone();
        let first = match cmd {
            BankedCommand::LockIn { cards } => {
                next.lock_in_cards(cards)?;
                let house = house.ok_or("the table opened without its paytables")?;
                let settlement = next.settle_lock_in(house)?;
                next.lock_in = Some(settlement.clone());
                BankedEvent::LockedIn {
                    cards: cards.clone(),
                    settlement,
                }
            }
            cmd => next.act(cmd)?,
        };
        let mut events = vec![first];
        if next.ready_to_settle() {
            let house = house.ok_or("the table opened without its paytables")?;
            events.push(BankedEvent::Settled {
                settlement: next.settle(house)?,
            });
        }
        Ok(events)
    }

    /// Folds a recorded event into the round. The event must fit where the round stands and be
    /// what the rules give for it; a settlement is taken as recorded (`verify-log --replay`
    /// recomputes it). A refusal changes nothing and says why.
    pub fn apply(&mut self, e: &BankedEvent) -> Result<(), String> {
        let mut next = self.clone();
        match e {
            BankedEvent::Settled { settlement } => {
                if !next.ready_to_settle() {
                    return Err(format!("a settlement at the step {:?}", next.step));
                }
                let verify = settlement.results.iter().any(|w| w.floor_verification);
                next.settlement = Some(settlement.clone());
                next.step = BankedStep::Pay { verify };
            }
            BankedEvent::LockedIn { cards, settlement } => {
                next.lock_in_cards(cards)?;
                next.lock_in = Some(settlement.clone());
            }
            other => {
                let cmd = other
                    .command()
                    .ok_or_else(|| format!("{} is not a dealer's step", other.kind()))?;
                let got = next.act(&cmd)?;
                if got != *other {
                    return Err(format!(
                        "recorded {other:?}; the rules give {got:?} for it now"
                    ));
                }
            }
        }
        *self = next;
        Ok(())
    }

    /// Decides a command with the embedded paytables and folds what it caused (the unit tests'
    /// shorthand for a table's decide-then-apply).
    #[cfg(test)]
    pub fn run(&mut self, cmd: &BankedCommand) -> Result<(), String> {
        let house = House::default_for(self.game)?;
        let mut next = self.clone();
        for e in self.decide(cmd, Some(&house))? {
            next.apply(&e)?;
        }
        *self = next;
        Ok(())
    }

    /// The settlement of the keyed round, from the table's paytables and choices: the same
    /// function as `deckhand settle` reading the same input (docs/settle.md).
    pub fn settle(&self, house: &House) -> Result<Settlement, String> {
        super::settle_json(
            &self.settle_input(&self.meters).to_string(),
            &house.paytables,
            &house.rules,
        )
        .map_err(|e| format!("Cannot settle: {e}"))
    }

    /// Lunar Poker's lock-in settlement: the declared hands' instant payouts and every Super
    /// Wager, from the first five cards keyed at lock-in (§ 589.11(c)).
    pub fn settle_lock_in(&self, house: &House) -> Result<Settlement, String> {
        let seats: Vec<super::lunar::Seat> = self
            .lock_in_seats()
            .into_iter()
            .map(|mut seat| {
                if let Some(c) = self.cards.get(&seat.seat) {
                    seat.cards = crate::rules::cards::cards_codes(c);
                }
                seat
            })
            .collect();
        super::lunar::settle_lock_in(
            &seats,
            &house.rules.lunar,
            &house.paytables,
            house.rules.rounding_unit_cents,
        )
        .map_err(|e| format!("Cannot settle the lock-in: {e}"))
    }

    /// § 589.11(c): at "all decisions are locked in", the declared hands' first five cards, each
    /// of them and only them, keyed face up.
    fn lock_in_cards(&mut self, cards: &[(u8, Vec<Card>)]) -> Result<(), String> {
        let def = self.def();
        let at_lock_in =
            matches!(self.step, BankedStep::Reveal { phase } if def.phases[phase].options_fee);
        if !at_lock_in || self.lock_in.is_some() {
            return Err(format!("the lock-in does not fit the step {:?}", self.step));
        }
        let keyed: BTreeSet<u8> = cards.iter().map(|(s, _)| *s).collect();
        if let Some(s) = self.declared.iter().find(|s| !keyed.contains(s)) {
            return Err(format!("seat {s} declared: key its five cards"));
        }
        if let Some(s) = keyed.iter().find(|s| !self.declared.contains(s)) {
            return Err(format!(
                "seat {s} did not declare: its cards stay face down (§ 589.11(c)(2)(i))"
            ));
        }
        let mut used = CardSet::default();
        for (seat, c) in cards {
            take_cards(&mut used, &format!("seat {seat}"), c, def.seat_cards)?;
        }
        for (seat, c) in cards {
            self.cards.insert(*seat, c.clone());
        }
        Ok(())
    }

    /// Applies one command to the round and says what happened; on a refusal the round may be
    /// half changed, so callers work on a copy.
    fn act(&mut self, cmd: &BankedCommand) -> Result<BankedEvent, String> {
        let def = self.def();
        let wager_section = def.sections.wagers;
        let event = match (cmd, self.step.clone()) {
            (BankedCommand::Wagers { seat, wagers }, BankedStep::Wagers) => {
                if !self.seats.contains(seat) {
                    return Err(format!("seat {seat} is not in this round"));
                }
                let mut w = BTreeMap::new();
                for (k, v) in wagers {
                    let Some(spot) = def.spots.iter().find(|s| s.key == k) else {
                        return Err(format!("{k}: not a wager of this game ({wager_section})"));
                    };
                    if *v < 0 {
                        return Err(format!("{}: an amount of 0 or more", spot.label));
                    }
                    if *v > 0 {
                        w.insert(k.clone(), *v);
                    }
                }
                for spot in def.spots {
                    let ante = w.get("ante").copied().unwrap_or(0);
                    if let Some(other) = spot.equals {
                        let want = w.get(other).copied().unwrap_or(0);
                        match w.get(spot.key).copied() {
                            None if ante > 0 => {
                                w.insert(spot.key.to_string(), want);
                            }
                            Some(v) if v != want => {
                                return Err(format!(
                                    "{} must equal the {} ({wager_section})",
                                    spot.label,
                                    label_of(def, other)
                                ));
                            }
                            _ => {}
                        }
                    }
                }
                if w.is_empty() {
                    self.wagers.remove(seat);
                    return Ok(BankedEvent::WagersPlaced {
                        seat: *seat,
                        wagers: w,
                    });
                }
                // The posted limits: the Ante's, then each side wager's (0: none).
                let limits = std::iter::once(("ante", self.ante_limits)).chain(
                    self.side_limits
                        .iter()
                        .map(|(k, limit)| (k.as_str(), *limit)),
                );
                for (key, (min, max)) in limits {
                    let Some(v) = w.get(key).copied() else {
                        continue;
                    };
                    let (edge, limit) = if min > 0 && v < min {
                        ("below the table minimum", min)
                    } else if max > 0 && v > max {
                        ("above the table maximum", max)
                    } else {
                        continue;
                    };
                    let name = label_of(def, key);
                    let a = if name.starts_with(['A', 'E', 'I', 'O', 'U']) {
                        "an"
                    } else {
                        "a"
                    };
                    return Err(format!(
                        "seat {seat}: {a} {name} of {} is {edge} of {}",
                        crate::rules::money(v),
                        crate::rules::money(limit)
                    ));
                }
                for spot in def.spots.iter().filter(|s| s.required) {
                    if w.get(spot.key).copied().unwrap_or(0) == 0 {
                        return Err(format!(
                            "seat {seat}: the {} is required to play ({wager_section})",
                            spot.label
                        ));
                    }
                }
                self.wagers.insert(*seat, w.clone());
                BankedEvent::WagersPlaced {
                    seat: *seat,
                    wagers: w,
                }
            }
            (BankedCommand::NoMoreBets, BankedStep::Wagers) => {
                if self.wagers.is_empty() {
                    return Err(format!(
                        "no seat has a wager yet: key each player's Ante ({wager_section})"
                    ));
                }
                // Seats without a wager sit this round out.
                self.seats.retain(|s| self.wagers.contains_key(s));
                self.step = if self.s21.is_some() {
                    BankedStep::Play21(super::round21::Step21::Deal)
                } else {
                    BankedStep::Deal
                };
                BankedEvent::BetsClosed {
                    seats: self.seats.clone(),
                }
            }
            (BankedCommand::Play21(c), BankedStep::Play21(at)) => {
                self.apply21(c)?;
                BankedEvent::Spanish21 {
                    at,
                    what: c.clone(),
                }
            }
            (BankedCommand::Dealt, BankedStep::Deal) => {
                self.step = self.next_after_phase_decision(0);
                BankedEvent::Dealt
            }
            (BankedCommand::Decide { seat, multiple }, BankedStep::Decide { phase, seat: due }) => {
                if *seat != due {
                    return Err(format!("seat {due} decides now, not seat {seat}"));
                }
                let p = &def.phases[phase];
                if *multiple != 0 && !p.multiples.contains(multiple) {
                    return Err(format!(
                        "{multiple}× the Ante is not allowed here: {} ({})",
                        p.label, def.sections.decisions
                    ));
                }
                let d = self.decisions.entry(*seat).or_default();
                while d.len() < phase {
                    d.push(0);
                }
                d.push(*multiple);
                if *multiple == 0 && p.zero == Zero::Fold {
                    self.folded.insert(*seat);
                }
                self.step = self.next_after_phase_decision(phase);
                BankedEvent::Decided {
                    seat: *seat,
                    phase,
                    multiple: *multiple,
                    amount: self.ante(*seat) * Cents::from(*multiple),
                }
            }
            (BankedCommand::Draw { seat, kind }, BankedStep::Decide { phase, seat: due })
                if def.phases[phase].options_fee =>
            {
                if *seat != due {
                    return Err(format!("seat {due} decides now, not seat {seat}"));
                }
                self.draws.insert(*seat, *kind);
                self.decisions.entry(*seat).or_default().push(0);
                self.step = self.next_after_phase_decision(phase);
                BankedEvent::DrawBought {
                    seat: *seat,
                    draw: *kind,
                    fee: self.ante(*seat),
                }
            }
            (BankedCommand::Declare { seat, instant }, BankedStep::Decide { phase, seat: due })
                if def.phases[phase].options_fee =>
            {
                if *seat != due {
                    return Err(format!("seat {due} decides now, not seat {seat}"));
                }
                if *instant {
                    // § 589.11(b)(2): no Bet; the round ends for him at the instant payout.
                    self.declared.insert(*seat);
                    self.instant.insert(*seat);
                    self.decisions.entry(*seat).or_default().push(0);
                    self.step = self.next_after_phase_decision(phase);
                } else {
                    if self.wagers.get(seat).and_then(|w| w.get("super")).is_none() {
                        return Err(format!(
                            "seat {seat} has no Super Wager to declare for (§ 589.11(c)(2))"
                        ));
                    }
                    // A second tap takes the declaration back before the decision.
                    if !self.declared.remove(seat) {
                        self.declared.insert(*seat);
                    }
                }
                BankedEvent::Declared {
                    seat: *seat,
                    instant: *instant,
                }
            }
            (BankedCommand::Revealed, BankedStep::Reveal { phase })
                if def.phases[phase].after_cards =>
            {
                return Err(format!(
                    "key the card that replaced the dealer's highest card ({})",
                    def.sections.decisions
                ));
            }
            (BankedCommand::Revealed, BankedStep::Reveal { phase })
                if def.phases[phase].options_fee
                    && !self.lock_in_paid
                    && !self.lock_in_seats().is_empty() =>
            {
                return Err(
                    "all decisions are locked in: settle the declared hands and the Super Wagers first (§ 589.11(c))"
                        .into(),
                );
            }
            (BankedCommand::LockInPaid, BankedStep::Reveal { phase })
                if self.lock_in.is_some() && !self.lock_in_paid =>
            {
                self.lock_in_paid = true;
                self.step = self.next_phase(phase);
                BankedEvent::LockInPaid
            }
            (BankedCommand::Revealed, BankedStep::Reveal { phase }) => {
                self.step = self.next_phase(phase);
                BankedEvent::Revealed { phase }
            }
            (BankedCommand::Replacement { card }, BankedStep::Reveal { phase })
                if def.phases[phase].after_cards =>
            {
                let in_play = self
                    .cards
                    .values()
                    .chain(self.drawn.values().map(|(_, drew)| drew))
                    .flatten()
                    .chain(&self.dealer)
                    .any(|c| c == card);
                if in_play {
                    return Err(format!("{}: already in play in this round", card.pretty()));
                }
                self.replacement = Some(*card);
                self.step = BankedStep::Cards;
                BankedEvent::Replacement { card: *card }
            }
            (
                BankedCommand::Cards {
                    seats,
                    dealer,
                    community,
                    draws,
                    meters,
                },
                BankedStep::Cards,
            ) => {
                let mut used = CardSet::default();
                let mut check =
                    |what: &str, cards: &[Card], n: usize| take_cards(&mut used, what, cards, n);
                let seats: BTreeMap<u8, Vec<Card>> = seats.iter().cloned().collect();
                // A hand declared at lock-in was settled on those cards (§ 589.11(c)).
                if self.lock_in.is_some() {
                    for (s, first) in &self.cards {
                        if seats.get(s) != Some(first) {
                            return Err(format!(
                                "seat {s}: its first five cards were keyed when all decisions were locked in: {}",
                                crate::rules::cards::cards_codes(first)
                            ));
                        }
                    }
                }
                for s in &self.seats {
                    let cards = seats.get(s).map_or(&[][..], |v| &v[..]);
                    check(&format!("seat {s}"), cards, def.seat_cards)?;
                }
                if let Some(extra) = seats.keys().find(|s| !self.seats.contains(s)) {
                    return Err(format!("seat {extra} is not in this round"));
                }
                check("the dealer", dealer, def.dealer_cards)?;
                check("the community cards", community, def.community_cards)?;
                // Lunar Poker's draws (§ 589.11(d)(2)(i)).
                let mut drawn = BTreeMap::new();
                for (seat, gave, drew) in draws {
                    let Some(kind) = self.draws.get(seat) else {
                        return Err(format!("seat {seat} paid no Options fee to draw"));
                    };
                    let first = seats.get(seat).map_or(&[][..], |v| &v[..]);
                    match kind {
                        DrawKind::Buy if !gave.is_empty() || drew.len() != 1 => {
                            return Err(format!(
                                "seat {seat}: the Options fee buys one sixth card ({})",
                                def.sections.decisions
                            ));
                        }
                        DrawKind::Exchange if !(2..=5).contains(&gave.len()) => {
                            return Err(format!(
                                "seat {seat}: an exchange is of two to five cards, not {} ({})",
                                gave.len(),
                                def.sections.decisions
                            ));
                        }
                        DrawKind::Exchange if drew.len() != gave.len() => {
                            return Err(format!(
                                "seat {seat}: {} cards given up, so {} are dealt, not {}",
                                gave.len(),
                                gave.len(),
                                drew.len()
                            ));
                        }
                        _ => {}
                    }
                    if let Some(c) = gave.iter().find(|c| !first.contains(c)) {
                        return Err(format!(
                            "seat {seat}: {} is not among his cards",
                            c.pretty()
                        ));
                    }
                    check(&format!("seat {seat}'s draw"), drew, drew.len())?;
                    drawn.insert(*seat, (gave.clone(), drew.clone()));
                }
                if let Some(seat) = self.draws.keys().find(|s| !drawn.contains_key(s)) {
                    return Err(format!("seat {seat}: key the cards of his draw"));
                }
                self.cards = seats;
                self.dealer = dealer.clone();
                self.community = community.clone();
                self.drawn = drawn;
                self.meters = meters.clone();
                self.step = self.after_cards();
                BankedEvent::CardsKeyed {
                    seats: self.cards.iter().map(|(s, c)| (*s, c.clone())).collect(),
                    dealer: dealer.clone(),
                    community: community.clone(),
                    draws: draws.clone(),
                    meters: meters.clone(),
                }
            }
            (BankedCommand::Validated { floorperson }, BankedStep::Pay { verify: true }) => {
                self.validated_by = Some(floorperson.clone());
                self.step = BankedStep::Pay { verify: false };
                BankedEvent::Validated {
                    floorperson: floorperson.clone(),
                }
            }
            (BankedCommand::Paid, BankedStep::Pay { verify: false }) => {
                self.paid = true;
                BankedEvent::Paid
            }
            (BankedCommand::Paid, BankedStep::Pay { verify: true }) => {
                return Err(format!(
                    "a floorperson validates these payouts before they are paid ({})",
                    def.sections.decisions
                ));
            }
            (cmd, step) => {
                return Err(format!("{cmd:?} does not fit the step {step:?}"));
            }
        };
        Ok(event)
    }

    /// The round as `deckhand settle` reads it (docs/settle.md).
    pub fn settle_input(&self, meters: &BTreeMap<String, Cents>) -> serde_json::Value {
        use serde_json::json;
        let text = crate::rules::cards::cards_codes;
        let def = self.def();
        let seats: Vec<serde_json::Value> = self
            .seats
            .iter()
            .map(|s| {
                let ante = self.ante(*s);
                let d = self.decisions.get(s).cloned().unwrap_or_default();
                let amount = |i: usize| d.get(i).map_or(0, |m| ante * Cents::from(*m));
                let mut v = json!({
                    "seat": s,
                    "cards": text(self.cards.get(s).map_or(&[][..], |c| &c[..])),
                    "wagers": self.wagers.get(s).cloned().unwrap_or_default(),
                });
                match self.game {
                    GameId::Crazy4Poker => v["play"] = json!(amount(0)),
                    GameId::MississippiStud => {
                        let streets: Vec<Cents> = d
                            .iter()
                            .take_while(|m| **m > 0)
                            .map(|m| ante * Cents::from(*m))
                            .collect();
                        v["streets"] = json!(streets);
                    }
                    GameId::TexasHoldemBonus => {
                        v["flop"] = json!(amount(0));
                        v["turn"] = json!(amount(1));
                        v["river"] = json!(amount(2));
                    }
                    GameId::LunarPoker => {
                        v["declared"] = json!(self.declared.contains(s));
                        v["bet"] = json!(self.bet(*s));
                        v["force"] = json!(d.get(2).is_some_and(|m| *m > 0));
                        if let Some(kind) = self.draws.get(s) {
                            let (gave, drew) = self.drawn.get(s).cloned().unwrap_or_default();
                            v["draw"] = match kind {
                                DrawKind::Buy => json!({ "buy": text(&drew) }),
                                DrawKind::Exchange => json!({
                                    "exchange": { "discard": text(&gave), "replace": text(&drew) }
                                }),
                            };
                        }
                    }
                    GameId::WptHeadsUp => match d.iter().position(|m| *m > 0) {
                        Some(i) => {
                            v["raise"] =
                                json!({ "street": def.phases[i].key, "amount": amount(i) });
                        }
                        None => v["fold"] = json!(true),
                    },
                    _ => {}
                }
                v
            })
            .collect();
        let seats = if self.game == GameId::Spanish21 {
            self.settle_seats21()
        } else {
            seats
        };
        let mut round = json!({ "game": self.game.id(), "seats": seats });
        if def.dealer_cards > 0 {
            round["dealer"] = json!(text(&self.dealer));
        }
        if def.community_cards > 0 {
            round["community"] = json!(text(&self.community));
        }
        if let Some(c) = self.replacement {
            round["dealer_replacement"] = json!(c.to_string());
        }
        let wants_meter = self
            .wagers
            .values()
            .any(|w| w.get("progressive").copied().unwrap_or(0) > 0);
        if wants_meter && let Some(m) = meters.values().next() {
            round["meters"] = json!({ "progressive": m });
        }
        round
    }
}

/// `n` cards at a place, none of them already in `used`, which takes them.
fn take_cards(used: &mut CardSet, what: &str, cards: &[Card], n: usize) -> Result<(), String> {
    if cards.len() != n {
        return Err(format!("{what}: {n} cards, not {}", cards.len()));
    }
    for c in cards {
        if used.contains(*c) {
            return Err(format!("{}: already in play in this round", c.pretty()));
        }
        used.insert(*c);
    }
    Ok(())
}

fn label_of(def: &Def, key: &str) -> &'static str {
    def.spots
        .iter()
        .find(|s| s.key == key)
        .map_or("wager", |s| s.label)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::cards::parse_cards;

    fn wagers(list: &[(&str, Cents)]) -> BTreeMap<String, Cents> {
        list.iter().map(|(k, v)| (k.to_string(), *v)).collect()
    }

    #[test]
    fn crazy_4_round_builds_the_settlement_input() {
        let mut r = BankedRound::start(GameId::Crazy4Poker, Dealing::Hand, &[1, 3, 6]).unwrap();
        r.run(&BankedCommand::Wagers {
            seat: 1,
            wagers: wagers(&[("ante", 1000), ("queens_up", 500)]),
        })
        .unwrap();
        // The Super Bonus follows the Ante (§ 657a.7); a different one is refused.
        assert_eq!(r.wagers[&1]["super_bonus"], 1000);
        let e = r
            .run(&BankedCommand::Wagers {
                seat: 3,
                wagers: wagers(&[("ante", 1000), ("super_bonus", 500)]),
            })
            .unwrap_err();
        assert!(e.contains("must equal the Ante"), "{e}");
        let e = r
            .run(&BankedCommand::Wagers {
                seat: 3,
                wagers: wagers(&[("queens_up", 500)]),
            })
            .unwrap_err();
        assert!(e.contains("Ante is required"), "{e}");
        r.run(&BankedCommand::Wagers {
            seat: 3,
            wagers: wagers(&[("ante", 1000)]),
        })
        .unwrap();
        r.run(&BankedCommand::NoMoreBets).unwrap();
        // Seat 6 placed nothing: out of the round.
        assert_eq!(r.seats, vec![1, 3]);
        r.run(&BankedCommand::Dealt).unwrap();
        assert_eq!(r.step, BankedStep::Decide { phase: 0, seat: 1 });
        let e = r
            .run(&BankedCommand::Decide {
                seat: 1,
                multiple: 4,
            })
            .unwrap_err();
        assert!(e.contains("§ 657a.11"), "{e}");
        r.run(&BankedCommand::Decide {
            seat: 1,
            multiple: 3,
        })
        .unwrap();
        r.run(&BankedCommand::Decide {
            seat: 3,
            multiple: 0,
        })
        .unwrap();
        assert_eq!(r.step, BankedStep::Reveal { phase: 0 });
        r.run(&BankedCommand::Revealed).unwrap();
        assert_eq!(r.step, BankedStep::Cards);
        let c = |s: &str| parse_cards(s).unwrap();
        let dup = r
            .run(&BankedCommand::Cards {
                seats: vec![(1, c("Ac Ad Ah As 2d")), (3, c("Ac 9h 6s 4h 3h"))],
                dealer: c("Kc 9d 7h 4s 2c"),
                community: vec![],
                draws: vec![],
                meters: Default::default(),
            })
            .unwrap_err();
        assert!(dup.contains("already in play"), "{dup}");
        r.run(&BankedCommand::Cards {
            seats: vec![(1, c("Ac Ad Ah As 2d")), (3, c("Jc 9h 6s 4h 3h"))],
            dealer: c("Kc 9d 7h 4s 2c"),
            community: vec![],
            draws: vec![],
            meters: Default::default(),
        })
        .unwrap();
        let input = r.settle_input(&BTreeMap::new());
        assert_eq!(input["seats"][0]["play"], 3000);
        assert_eq!(input["seats"][1]["play"], 0);
        assert_eq!(input["dealer"], "Kc 9d 7h 4s 2c");
        assert_eq!(r.refunds(), vec![(1, 1000 + 1000 + 500 + 3000), (3, 2000)]);
    }

    #[test]
    fn the_posted_ante_limits_hold() {
        let mut r = BankedRound::start(GameId::Crazy4Poker, Dealing::Hand, &[1])
            .unwrap()
            .with_limits(500, 10_000);
        let ante = |a: Cents| BankedCommand::Wagers {
            seat: 1,
            wagers: wagers(&[("ante", a)]),
        };
        let e = r.run(&ante(400)).unwrap_err();
        assert!(e.contains("below the table minimum of $5.00"), "{e}");
        let e = r.run(&ante(10_100)).unwrap_err();
        assert!(e.contains("above the table maximum of $100.00"), "{e}");
        assert!(r.wagers.is_empty(), "a refusal keeps nothing");
        r.run(&ante(500)).unwrap();
        r.run(&ante(10_000)).unwrap();
        assert_eq!(r.ante(1), 10_000);
    }

    #[test]
    fn wpt_raises_once_and_mississippi_stops_at_the_fold() {
        let mut r = BankedRound::start(GameId::WptHeadsUp, Dealing::ManualShoe, &[1, 2]).unwrap();
        for s in [1, 2] {
            r.run(&BankedCommand::Wagers {
                seat: s,
                wagers: wagers(&[("ante", 500)]),
            })
            .unwrap();
        }
        r.run(&BankedCommand::NoMoreBets).unwrap();
        r.run(&BankedCommand::Dealt).unwrap();
        let d = |r: &mut BankedRound, seat, multiple| {
            r.run(&BankedCommand::Decide { seat, multiple }).unwrap()
        };
        d(&mut r, 1, 4); // seat 1 raises 4× pre-flop: no later decisions
        d(&mut r, 2, 0);
        r.run(&BankedCommand::Revealed).unwrap();
        assert_eq!(r.step, BankedStep::Decide { phase: 1, seat: 2 });
        d(&mut r, 2, 0);
        r.run(&BankedCommand::Revealed).unwrap();
        d(&mut r, 2, 0); // folds at the river
        r.run(&BankedCommand::Revealed).unwrap();
        assert_eq!(r.step, BankedStep::Cards);
        r.cards = [(1, vec![]), (2, vec![])].into();
        let v = r.settle_input(&BTreeMap::new());
        assert_eq!(v["seats"][0]["raise"]["street"], "pre-flop");
        assert_eq!(v["seats"][0]["raise"]["amount"], 2000);
        assert_eq!(v["seats"][1]["fold"], true);
        assert_eq!(
            Def::of(GameId::WptHeadsUp)
                .unwrap()
                .deal_text(Dealing::ManualShoe)
                .0,
            "§ 677a.8"
        );

        let mut m =
            BankedRound::start(GameId::MississippiStud, Dealing::AutomatedShoe, &[4]).unwrap();
        m.run(&BankedCommand::Wagers {
            seat: 4,
            wagers: wagers(&[("ante", 500), ("progressive", 100)]),
        })
        .unwrap();
        m.run(&BankedCommand::NoMoreBets).unwrap();
        m.run(&BankedCommand::Dealt).unwrap();
        m.run(&BankedCommand::Decide {
            seat: 4,
            multiple: 3,
        })
        .unwrap();
        m.run(&BankedCommand::Revealed).unwrap();
        m.run(&BankedCommand::Decide {
            seat: 4,
            multiple: 0,
        })
        .unwrap();
        // Folded: no more decisions, the remaining cards are still revealed.
        assert_eq!(m.step, BankedStep::Reveal { phase: 1 });
        m.run(&BankedCommand::Revealed).unwrap();
        assert_eq!(m.step, BankedStep::Cards);
        let v = m.settle_input(&[("1".to_string(), 2_500_000)].into());
        assert_eq!(v["seats"][0]["streets"], serde_json::json!([1500]));
        assert_eq!(v["meters"]["progressive"], 2_500_000);
        // Spanish 21 has seven boxes (§ 635a.2(a)).
        assert!(BankedRound::start(GameId::Spanish21, Dealing::ManualShoe, &[8]).is_err());
    }

    #[test]
    fn lunar_lock_in_keys_the_declared_hands_before_any_draw() {
        let c = |s: &str| parse_cards(s).unwrap();
        let mut r = BankedRound::start(GameId::LunarPoker, Dealing::Hand, &[1, 2]).unwrap();
        r.run(&BankedCommand::Wagers {
            seat: 1,
            wagers: wagers(&[("ante", 500)]),
        })
        .unwrap();
        r.run(&BankedCommand::Wagers {
            seat: 2,
            wagers: wagers(&[("ante", 500), ("super", 100)]),
        })
        .unwrap();
        r.run(&BankedCommand::NoMoreBets).unwrap();
        r.run(&BankedCommand::Dealt).unwrap();
        r.run(&BankedCommand::Declare {
            seat: 1,
            instant: true,
        })
        .unwrap();
        r.run(&BankedCommand::Draw {
            seat: 2,
            kind: DrawKind::Buy,
        })
        .unwrap();
        let seats: Vec<(u8, bool)> = r
            .lock_in_seats()
            .iter()
            .map(|s| (s.seat, s.declared))
            .collect();
        assert_eq!(seats, [(1, true), (2, false)]);
        let e = r.run(&BankedCommand::Revealed).unwrap_err();
        assert!(e.contains("§ 589.11(c)"), "{e}");
        let locked = |cards: Vec<(u8, Vec<Card>)>| BankedCommand::LockIn { cards };
        let e = r.run(&locked(vec![])).unwrap_err();
        assert!(e.contains("seat 1 declared: key its five cards"), "{e}");
        let e = r
            .run(&locked(vec![
                (1, c("9s 8s 7s 6s 5s")),
                (2, c("Ah Kd 7c 4h 2c")),
            ]))
            .unwrap_err();
        assert!(e.contains("seat 2 did not declare"), "{e}");
        r.run(&BankedCommand::LockIn {
            cards: vec![(1, c("9s 8s 7s 6s 5s"))],
        })
        .unwrap();
        // The rules settled the instant payout and the Super Wager; the dealer pays them first.
        let settled: Vec<(u8, &str)> = r
            .lock_in
            .iter()
            .flat_map(|l| l.results.iter())
            .map(|w| (w.seat, w.wager.as_str()))
            .collect();
        assert!(
            settled.contains(&(1, "ante")) && settled.contains(&(2, "super")),
            "{settled:?}"
        );
        assert!(r.run(&BankedCommand::Revealed).is_err());
        r.run(&BankedCommand::LockInPaid).unwrap();
        assert_eq!(r.step, BankedStep::Decide { phase: 1, seat: 2 });
        // A void round from here returns only what is still on the layout: seat 1's Ante was
        // settled with its instant payout, seat 2's Super collected; seat 2's Options fee stays.
        assert_eq!(r.refunds(), vec![(1, 0), (2, 500 + 500)]);
        r.run(&BankedCommand::Decide {
            seat: 2,
            multiple: 2,
        })
        .unwrap();
        r.run(&BankedCommand::Revealed).unwrap();
        // The declared hand was settled on the cards keyed at lock-in.
        let cards = |one: &str| BankedCommand::Cards {
            seats: vec![(1, c(one)), (2, c("Ah Kd 7c 4h 2c"))],
            dealer: c("Qs Jd 8c 6h 2d"),
            community: vec![],
            draws: vec![(2, vec![], c("3d"))],
            meters: Default::default(),
        };
        let e = r.run(&cards("9h 8h 7h 6h 5h")).unwrap_err();
        assert!(
            e.contains("keyed when all decisions were locked in: 9s 8s 7s 6s 5s"),
            "{e}"
        );
        r.run(&cards("9s 8s 7s 6s 5s")).unwrap();
    }

    #[test]
    fn lunar_draws_declarations_and_the_force_are_checked() {
        let c = |s: &str| parse_cards(s).unwrap();
        // Lunar Poker's layout has five betting positions (§ 589.2(a)).
        let e = BankedRound::start(GameId::LunarPoker, Dealing::Hand, &[1, 6]).unwrap_err();
        assert!(e.contains("positions 1 to 5 (§ 589.2(a))"), "{e}");
        let mut r = BankedRound::start(GameId::LunarPoker, Dealing::Hand, &[1, 2]).unwrap();
        for s in [1, 2] {
            r.run(&BankedCommand::Wagers {
                seat: s,
                wagers: wagers(&[("ante", 500)]),
            })
            .unwrap();
        }
        r.run(&BankedCommand::NoMoreBets).unwrap();
        r.run(&BankedCommand::Dealt).unwrap();
        let e = r
            .run(&BankedCommand::Declare {
                seat: 1,
                instant: false,
            })
            .unwrap_err();
        assert!(e.contains("no Super Wager"), "{e}");
        r.run(&BankedCommand::Draw {
            seat: 1,
            kind: DrawKind::Exchange,
        })
        .unwrap();
        r.run(&BankedCommand::Decide {
            seat: 2,
            multiple: 2,
        })
        .unwrap();
        r.run(&BankedCommand::Revealed).unwrap();
        assert_eq!(r.step, BankedStep::Decide { phase: 1, seat: 1 });
        r.run(&BankedCommand::Decide {
            seat: 1,
            multiple: 2,
        })
        .unwrap();
        r.run(&BankedCommand::Revealed).unwrap();
        assert_eq!(r.step, BankedStep::Cards);
        let cards = |gave: &str, drew: &str| BankedCommand::Cards {
            seats: vec![(1, c("Kc 9d 7h 4s 2c")), (2, c("Ah Ad 8h 5s 3c"))],
            dealer: c("Qs Jd 8c 6h 2d"),
            community: vec![],
            draws: vec![(1, c(gave), c(drew))],
            meters: Default::default(),
        };
        // One card is not an exchange; the count dealt matches the count given up.
        let e = r.run(&cards("2c", "Ks")).unwrap_err();
        assert!(e.contains("two to five cards, not 1"), "{e}");
        let e = r.run(&cards("2c 4s", "Ks")).unwrap_err();
        assert!(e.contains("2 cards given up, so 2 are dealt"), "{e}");
        let e = r.run(&cards("2c Ts", "Ks Kd")).unwrap_err();
        assert!(e.contains("10♠ is not among his cards"), "{e}");
        let e = r.run(&cards("2c 4s", "Ks Ah")).unwrap_err();
        assert!(e.contains("already in play"), "{e}");
        r.run(&cards("2c 4s", "Ks Kd")).unwrap();
        // Queen high: the dealer does not qualify, both Bet players may force.
        assert_eq!(r.step, BankedStep::Decide { phase: 2, seat: 1 });
        r.run(&BankedCommand::Decide {
            seat: 1,
            multiple: 0,
        })
        .unwrap();
        r.run(&BankedCommand::Decide {
            seat: 2,
            multiple: 1,
        })
        .unwrap();
        assert_eq!(r.step, BankedStep::Reveal { phase: 2 });
        assert!(r.run(&BankedCommand::Revealed).is_err());
        let e = r
            .run(&BankedCommand::Replacement { card: c("Kd")[0] })
            .unwrap_err();
        assert!(e.contains("already in play"), "{e}");
        r.run(&BankedCommand::Replacement { card: c("Ac")[0] })
            .unwrap();
        // The replacement completes the round: the rules settled it.
        assert!(r.settlement.is_some(), "{:?}", r.step);
        assert!(matches!(r.step, BankedStep::Pay { .. }));
        let v = r.settle_input(&BTreeMap::new());
        assert_eq!(v["dealer_replacement"], "Ac");
        assert_eq!(v["seats"][0]["draw"]["exchange"]["discard"], "2c 4s");
        assert_eq!(v["seats"][0]["force"], false);
        assert_eq!(v["seats"][1]["force"], true);
        // Seat 1: Ante, draw fee and Bet; seat 2: Ante, Bet and forcing fee.
        assert_eq!(
            r.refunds(),
            vec![(1, 500 + 500 + 1000), (2, 500 + 1000 + 500)]
        );
    }

    /// Every event survives the journal: wrapped in the table's event, to JSON and back, equal
    /// (a field named like the table event's tag would not).
    #[test]
    fn every_banked_event_round_trips_through_the_table_event() {
        use crate::rules::table::{Event, Person, Role};
        let c = |s: &str| parse_cards(s).unwrap();
        let settlement = crate::rules::banked::settle_json(
            r#"{"game":"crazy-4-poker","dealer":"Kc 9d 7h 4s 2c","seats":[{"seat":1,"cards":"Ac Ad Ah As 2d","wagers":{"ante":1000,"super_bonus":1000},"play":3000}]}"#,
            &crate::rules::banked::paytable::Paytables::embedded().unwrap(),
            &Default::default(),
        )
        .unwrap();
        let all = vec![
            BankedEvent::WagersPlaced {
                seat: 1,
                wagers: wagers(&[("ante", 500)]),
            },
            BankedEvent::BetsClosed { seats: vec![1, 2] },
            BankedEvent::Dealt,
            BankedEvent::Decided {
                seat: 1,
                phase: 0,
                multiple: 3,
                amount: 1500,
            },
            BankedEvent::DrawBought {
                seat: 2,
                draw: DrawKind::Exchange,
                fee: 500,
            },
            BankedEvent::Declared {
                seat: 1,
                instant: true,
            },
            BankedEvent::Revealed { phase: 1 },
            BankedEvent::LockedIn {
                cards: vec![(1, c("9s 8s 7s 6s 5s"))],
                settlement: settlement.clone(),
            },
            BankedEvent::LockInPaid,
            BankedEvent::Replacement { card: c("Jd")[0] },
            BankedEvent::CardsKeyed {
                seats: vec![(1, c("Ac Ad Ah As 2d"))],
                dealer: c("Kc 9d 7h 4s 2c"),
                community: vec![],
                draws: vec![(2, c("2c 4s"), c("Ks Kd"))],
                meters: [("1".to_string(), 2_500_000)].into(),
            },
            BankedEvent::Settled { settlement },
            BankedEvent::Spanish21 {
                at: super::super::round21::Step21::Hand { seat: 3, hand: 1 },
                what: super::super::round21::Command21::Double { amount: 500 },
            },
            BankedEvent::Validated {
                floorperson: Person {
                    name: "Dana Brooks".into(),
                    credential: "1001".into(),
                    role: Role::Floorperson,
                },
            },
            BankedEvent::Paid,
        ];
        let mut kinds = BTreeSet::new();
        for e in all {
            let row = Event::Banked(e.clone());
            let text = serde_json::to_string(&row).unwrap();
            let back: Event =
                serde_json::from_str(&text).unwrap_or_else(|err| panic!("{text}: {err}"));
            assert_eq!(back, row, "{text}");
            assert!(kinds.insert(e.kind()), "{} twice", e.kind());
            assert_eq!(row.kind(), e.kind());
        }
    }
}
