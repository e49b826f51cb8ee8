//! Each house-banked game's round as data: its wager spots, betting positions, card counts and
//! decision phases, the sections it follows, and the dealing instruction of each method.

use super::*;

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
