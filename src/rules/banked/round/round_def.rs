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
    /// What the dealer does after every player decided when the shoe dispensed the community
    /// cards first (§ 677a.10(g), § 647a.10(g)): they are turned face up, nothing burnt. Empty:
    /// the same as `then`.
    pub then_board_first: &'static str,
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
    /// The game's settlement of one round as `deckhand settle` reads it (`body`), with the
    /// casino's choices, the round's own overrides of them and the rounding unit.
    pub settle: crate::rules::banked::SettleFn,
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
    /// Whether a folded hand's cards are keyed for settlement under the casino's choices: a
    /// game whose folded hands go to the discard rack before the reveal (§ 657a.11(c)) keys
    /// none, unless the casino counts them for something; Mississippi Stud keeps a folded hand
    /// only with a Progressive or Three Card Bonus wager (§ 655a.11(b)), so the seat's wagers
    /// decide.
    pub folded_hands_keyed: fn(&crate::rules::banked::HouseRules, &Wagers) -> bool,
    /// The stub the dealer counts when no counting shuffler is used (§ x.8, § x.9, § x.10);
    /// `None`: the chapter counts no stub (Lunar Poker counts the whole deck after the round,
    /// § 589.11(g); Spanish 21 deals a shoe).
    pub stub: Option<Stub>,
    /// The wagers a void round still settles by their paytables (§ 677a.13(a),(d),
    /// § 647a.13(a),(d)); `None`: a void returns every wager.
    pub void: Option<VoidRule>,
    /// How many adjacent boxes one player may wager on in a round, where the chapter says
    /// (§ 677a.7(e), § 647a.7(e), § 635a.6(f); one position: § 655a.7(e), § 589.7(e),
    /// § 657a.7(e)); `None`: the chapter is silent.
    pub boxes: Option<Boxes>,
    /// A side wager the casino does not offer under its choices (each chapter's § x.7(d):
    /// "may, if specified in its Rules Submission"): the section, for the spot `key`; `None`:
    /// offered. The wager screen shows no such spot and the round refuses it.
    pub not_offered: fn(&crate::rules::banked::HouseRules, key: &str) -> Option<&'static str>,
    /// The hand categories the dealer may tap instead of keying the cards, where no device
    /// reads them (`results.rs`); `None`: the round is settled from the cards.
    pub results: Option<&'static super::ResultsDef>,
    /// A decision the cards a reading shoe dispensed to the seat rule out (the seat's cards and
    /// the multiple of the Ante): why, in words that name no card, so it is refused at the
    /// decision rather than at the settlement (Crazy 4 Poker's Play above the Ante,
    /// § 657a.11(b)); `None`: no decision depends on the cards.
    pub read_decision: Option<ReadDecision>,
}

/// Why the cards a seat was dealt rule out a multiple of the Ante, if they do.
pub type ReadDecision = fn(&[Card], u8) -> Option<crate::rules::machine::Refusal>;

/// The rule on the boxes one player may wager on.
#[derive(Debug, Clone, Copy)]
pub struct Boxes {
    pub section: &'static str,
    /// The most adjacent boxes one player may wager on, under the casino's choices.
    pub limit: fn(&crate::rules::banked::HouseRules) -> u8,
}

/// A game whose void round still settles some wagers: which, after which irregularity, and how.
#[derive(Debug, Clone, Copy)]
pub struct VoidRule {
    /// What the void of the irregularity `id` still settles under the casino's choices (`None`:
    /// every wager is returned).
    pub keeps: fn(id: &str, rules: &crate::rules::banked::HouseRules) -> Option<VoidSettles>,
    /// The settlement of those wagers from the cards keyed for them.
    pub settle: fn(&BankedRound, &House) -> Result<Settlement, crate::rules::machine::Refusal>,
}

/// The wagers a void round still settles, from the irregularity that voided it: each seat
/// that placed one has its cards keyed, and those wagers alone are settled and paid; every
/// other wager is returned when they are paid.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct VoidSettles {
    /// The irregularity reported (its catalogue id).
    pub irregularity: String,
    /// The section that keeps the wagers.
    pub section: String,
    /// The wager keys settled ("pocket_bonus").
    pub wagers: Vec<String>,
    /// Whether the dealer's cards are keyed too (Texas Hold 'Em Bonus's top line).
    pub dealer: bool,
    /// Whether the whole board is keyed, the rest of it burnt and dealt if it was not out
    /// (Trips Plus).
    pub board: bool,
}

impl VoidSettles {
    /// The wagers settled, as the layout names them: "Pocket Bonus and Trips Plus".
    pub fn names(&self) -> String {
        self.wagers
            .iter()
            .map(|w| crate::rules::banked::label(&w.replace('_', "-")))
            .collect::<Vec<_>>()
            .join(" and ")
    }
}

/// The stub count of a game dealt without a counting shuffler: at least once every five rounds
/// the dealer counts the cards left after the deal, face down on the layout (§ 657a.8(f),
/// § 657a.9(d), § 657a.10(d) and the other chapters alike).
#[derive(Debug, Clone, Copy)]
pub struct Stub {
    /// When the stub is counted.
    pub after: StubAfter,
    /// Per decision phase, the cards its reveal burns and deals from the stub (the board of a
    /// Hold 'Em game: § 677a.11(c),(e), § 647a.11(c),(e),(g)).
    pub board: &'static [(u8, u8)],
    /// The count, its outcome and the misdeal question, by dealing method: manual dealing shoe
    /// (§ x.8), the hand (§ x.9), automated dealing shoe (§ x.10).
    pub sections: [&'static str; 3],
}

/// When a game's stub is counted.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum StubAfter {
    /// Right after the deal: every hand and the community cards are out (§ 657a.8(e),
    /// § 655a.8(e)).
    Deal,
    /// After the community cards are dealt (§ 677a.8(d), § 647a.8(e)): at the showdown, before
    /// any card is keyed.
    Board,
}

impl Stub {
    /// The section of the count for a dealing method.
    pub fn section(&self, dealing: Dealing) -> &'static str {
        match dealing {
            Dealing::ManualShoe => self.sections[0],
            Dealing::Hand => self.sections[1],
            Dealing::AutomatedShoe => self.sections[2],
        }
    }
}

/// A seat's wagers by key, as the round holds them.
pub type Wagers = std::collections::BTreeMap<String, crate::rules::Cents>;

/// The games whose folded hands stay on the table until every wager is resolved.
pub fn folded_hands_stay(_: &crate::rules::banked::HouseRules, _: &Wagers) -> bool {
    true
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
    /// An automated dealing shoe that reshuffles may dispense the community cards before the
    /// players' stacks (§ x.10(g)); empty: the chapter does not allow it.
    pub board_first: &'static str,
}

pub const fn spot(key: &'static str, label: &'static str, required: bool) -> Spot {
    Spot {
        key,
        label,
        required,
        equals: None,
    }
}

// The definition of a house-banked game's round lives in its own module (`ROUND`), reached
// through the registry.
impl Def {
    /// The progressive controller's meters this game pays from, by their protocol ids
    /// (hw/progressive-protocol.md): the Progressive Payout Wager's where the layout has its
    /// spot, the Five Card Hand Bonus's where it has Texas Hold 'Em Bonus's (§ 647a.12(e)).
    /// The side panel shows these alone, whatever else the controller keeps.
    pub fn meters_paid(&self) -> Vec<u8> {
        let has = |key: &str| self.spots.iter().any(|s| s.key == key);
        let mut ids = Vec::new();
        if has("progressive") {
            ids.push(super::METER_PROGRESSIVE);
        }
        if has("fchb_player") || has("fchb_dealer") {
            ids.push(super::METER_FIVE_CARD_BONUS);
        }
        ids
    }

    /// The most multiples of the Ante any phase offers: the places a decision screen keeps, so
    /// the fold or check stands in one place in every phase.
    pub fn most_multiples(&self) -> usize {
        self.phases
            .iter()
            .map(|p| p.multiples.len())
            .max()
            .unwrap_or(0)
    }

    /// The dealing method's section and instruction.
    /// What the dealer does after `phase`'s decisions, the board dispensed first or not.
    pub fn reveal_text(&self, phase: usize, board_first: bool) -> &'static str {
        let p = &self.phases[phase];
        if board_first && !p.then_board_first.is_empty() {
            p.then_board_first
        } else {
            p.then
        }
    }

    /// Whether a table with `dealing` and the casino's `board_first` has its shoe dispense the
    /// community cards first at this game (§ x.10(g)).
    pub fn deals_board_first(&self, dealing: Dealing, board_first: bool) -> bool {
        board_first
            && dealing == Dealing::AutomatedShoe
            && !self.sections.board_first.is_empty()
            && self.community_cards > 0
    }

    /// The deal instruction when the shoe dispenses the community cards first (§ x.10(g)).
    pub fn deal_text_board_first(&self) -> (String, String) {
        let c = self.community_cards;
        let dealer = if self.dealer_cards > 0 {
            format!(", then the dealer's {}", self.dealer_cards)
        } else {
            String::new()
        };
        (
            self.sections.board_first.to_string(),
            format!(
                "The shoe dispenses the {c} community cards first: place them face down in the community area. Then deliver the stacks it dispenses, clockwise from the player farthest to your left: {} cards face down to each player{dealer}.{}",
                self.seat_cards, self.deal_note
            ),
        )
    }

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
        // The board of a Hold 'Em game comes from the shoe too; the stub leaves the shoe after
        // it (§ 677a.8(d), § 647a.8(e)).
        let stub = match self.stub.map(|s| s.after) {
            Some(StubAfter::Board) => {
                "Leave the stub in the shoe: the community cards are dealt from it, then the stub comes out."
            }
            _ => "Then take the stub out of the shoe.",
        };
        let (section, text) = match dealing {
            Dealing::ManualShoe => (
                self.sections.manual_shoe.to_string(),
                format!(
                    "From the manual dealing shoe, one card at a time clockwise from the player farthest to your left: {each}. {stub}"
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

impl BankedRound {
    /// The casino's choices (its Rules Submission's) that a round plays by: the boxes one player
    /// may wager on, the wagers offered, and in Spanish 21 the splits allowed.
    pub fn with_house(self, rules: Option<&crate::rules::banked::HouseRules>) -> BankedRound {
        self.with_boxes(rules)
            .with_offers(rules)
            .with_resplits(rules)
    }
}

/// The definition a round was started with: two rounds' are equal when their game is.
#[derive(Clone, Copy)]
pub(super) struct RoundOf(pub(super) &'static Def);

impl PartialEq for RoundOf {
    fn eq(&self, other: &RoundOf) -> bool {
        self.0.game == other.0.game
    }
}

impl Eq for RoundOf {}

impl std::fmt::Debug for RoundOf {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "{}", self.0.game.id())
    }
}
