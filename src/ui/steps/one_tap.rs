//! The steps a dealer confirms with one tap, as data (`OneTap`): the step card draws the title,
//! the instruction and the one gold button, and the tap sends what the step says.

use super::*;

/// A step confirmed with one tap: the data the step card draws.
pub(super) struct OneTap {
    pub(super) title: String,
    pub(super) text: String,
    pub(super) button: &'static str,
    pub(super) then: UiCmd,
}

fn tap(title: String, text: String, button: &'static str, then: UiCmd) -> OneTap {
    OneTap {
        title,
        text,
        button,
        then,
    }
}

fn confirm(c: Confirm) -> UiCmd {
    UiCmd::Rules(Command::Confirm(c))
}

/// The floorperson's signature the step asks for, with its section.
fn signs(t: &crate::rules::table::Table, step: &Step, what: String) -> UiCmd {
    UiCmd::OpenVerify(format!("{what} ({})", t.section_of(step)))
}

impl DeckhandApp {
    /// A step the dealer confirms with one tap, as data: its title, what to do and the button,
    /// and what the tap sends. `None` for the steps with more on their screen.
    pub(super) fn one_tap(&self, step: &Step) -> Option<OneTap> {
        self.opening_tap(step).or_else(|| self.deck_tap(step))
    }

    /// The burn card, the decks' inspections and wash, and a bad beat verified.
    fn opening_tap(&self, step: &Step) -> Option<OneTap> {
        let t = self.term.table();
        Some(match step {
            // A reading shoe reports the burn card as it leaves: the step moves on by itself.
            Step::BurnCard if self.term.reads_draws() => tap(
                "Burn one card".into(),
                format!(
                    "{}Take the first card out of the shoe and place it in the discard rack before dealing (§ 635a.7(c)). The shoe reads it: the screen moves on by itself.",
                    if t.in_shuffler.is_some() {
                        "Take the shuffled stack from the shuffler and place it in the dealing shoe. "
                    } else {
                        ""
                    }
                ),
                "Burned; the shoe did not read it",
                confirm(Confirm::CardBurned),
            ),
            // A shoe the shuffler has just counted is still in it: into the dealing shoe first.
            Step::BurnCard if t.in_shuffler.is_some() => tap(
                "Burn one card".into(),
                "Take the shuffled stack from the shuffler and place it in the dealing shoe. Then take the first card out of the shoe and place it in the discard rack before dealing (§ 635a.7(c)).".into(),
                "Card burned",
                confirm(Confirm::CardBurned),
            ),
            Step::BurnCard => tap(
                "Burn one card".into(),
                "Take the first card out of the shoe and place it in the discard rack before dealing: after each new shoe, and when a new dealer comes to the table.".into(),
                "Card burned",
                confirm(Confirm::CardBurned),
            ),
            // § 635a.3(a), § 635a.4: Spanish 21's decks lose their 10s at the inspection.
            Step::InspectDecks if t.shoe_game() => tap(
                "Inspect the decks for the shoe".into(),
                format!(
                    "Inspect the {} decks for defects and remove the 10 of each suit from each deck: 48 cards a deck. Tear each 10 in half and put the halves in the box the decks came from (§ 635a.4(b)).",
                    self.house_rules().of::<crate::rules::banked::spanish21::Rules>().decks
                ),
                "Decks inspected",
                confirm(Confirm::DecksInspected),
            ),
            // § x.3(a): a house-banked table without the shuffler has one deck.
            Step::InspectDecks if t.decks.len() == 1 => tap(
                "Inspect the deck".into(),
                format!(
                    "Inspect the {} deck for defects: without an automated shuffler the table deals one deck (§ {}.3(a)).",
                    t.deck_name(0),
                    t.setup.as_ref().map_or("", |s| s.poker.game.def().chapter)
                ),
                "Deck inspected",
                confirm(Confirm::DecksInspected),
            ),
            // § 635a.4(b): the dealer and a floorperson make sure the 10s are out and torn.
            Step::VerifyInspection if t.shoe_game() => tap(
                "Floorperson verifies the inspection and the 10s".into(),
                "The floor is called. With you, the floorperson makes sure every 10 is out of the decks, torn in half and in the decks' box, then verify the inspection with their credential number and PIN.".into(),
                "Floorperson verify",
                signs(t, step, "Deck inspection, the 10s removed and torn in half".into()),
            ),
            Step::VerifyInspection => tap(
                "Floorperson verifies the inspection".into(),
                "The floor is called. The floorperson verifies the deck inspection with their credential number and PIN.".into(),
                "Floorperson verify",
                signs(t, step, "Deck inspection".into()),
            ),
            Step::InspectDecks => tap(
                "Inspect both decks".into(),
                format!(
                    "Inspect the {} deck and the {} deck for defects.",
                    t.deck_name(0),
                    t.deck_name(1)
                ),
                "Decks inspected",
                confirm(Confirm::DecksInspected),
            ),
            // A house-banked game: the first player to arrive inspects, the cards in horizontal
            // fans by deck, by suit and in sequence (§ 677a.4(b), § 647a.4(b), § 589.4(b),
            // § 655a.4(b), § 657a.4(b), § 635a.4(c)); one deck without the shuffler (§ x.3(a)).
            // No play at the open house-banked table: the cards as the chapter spreads them
            // (§ 589.5(f), § 677a.5(f), § 647a.5(f), § 655a.5(f), § 657a.5(f), § 635a.5(g)).
            Step::PlayerInspection
                if t.idle
                    && t.setup.as_ref().is_some_and(|s| s.poker.game.is_house_banked()) =>
            {
                let (game, dealing) = t
                    .setup
                    .as_ref()
                    .map_or((crate::rules::game_id::GameId::Holdem, Default::default()), |s| {
                        (s.poker.game, s.poker.dealing)
                    });
                let how = crate::rules::registry::idle_spread(game);
                let take = match (how.from_shoe, dealing) {
                    (false, _) => "Spread the cards",
                    (true, crate::rules::dealing::Dealing::Hand) => {
                        "Take the cards out of the discard rack, and spread them all"
                    }
                    (true, _) => {
                        "Take the cards out of the dealing shoe and the discard rack, and spread them"
                    }
                };
                tap(
                    "No play: spread the cards face down".into(),
                    format!("{take} face down on the table (face up if a player asks) for the first player to arrive to inspect."),
                    "Player has inspected",
                    confirm(Confirm::PlayersInspected),
                )
            }
            Step::PlayerInspection if t.setup.as_ref().is_some_and(|s| s.poker.game.is_house_banked()) => {
                let (what, each) = if t.decks.len() == 1 {
                    ("the deck", "the deck")
                } else {
                    ("the decks", "each deck")
                };
                tap(
                    format!("Spread {what} for the first player"),
                    format!("Spread {each} face up in horizontal fan-shaped columns, by suit and in sequence, for the first player to arrive at the table to inspect."),
                    "Player has inspected",
                    confirm(Confirm::PlayersInspected),
                )
            }
            Step::PlayerInspection => tap(
                "Spread the decks for the players".into(),
                "Spread each deck face up, by suit and in sequence, for the first two seated players to inspect.".into(),
                "Players have inspected",
                confirm(Confirm::PlayersInspected),
            ),
            Step::WashDecks => {
                let (each, done) = if t.decks.len() == 1 {
                    ("the deck", "Deck washed")
                } else {
                    ("each deck", "Decks washed")
                };
                tap(
                    format!("Wash and stack {each}"),
                    format!("Turn {each} face down, mix it thoroughly by washing, and stack it."),
                    done,
                    confirm(Confirm::DecksWashed),
                )
            }
            Step::VerifyBadBeat { hit } => tap(
                "Possible Bad Beat: hold the cards".into(),
                format!(
                    "Seat {} lost with {} to seat {}'s {}. Leave every card on the table and call the shift supervisor, who verifies the hand before the pot is pushed.",
                    hit.losing_seat, hit.losing_hand, hit.winning_seat, hit.winning_hand
                ),
                "Supervisor verify",
                signs(t, step, "Bad Beat hand".into()),
            ),
            _ => return None,
        })
    }

    /// A deck removed, inspected or counted, shuffled by hand or cut, and its removal verified.
    fn deck_tap(&self, step: &Step) -> Option<OneTap> {
        let t = self.term.table();
        Some(match step {
            Step::RemoveDeck { deck } => {
                let name = t.deck_name(*deck);
                let why = match t.removal.as_ref().map(|r| &r.reason) {
                    Some(RemovalReason::WrongCount { counted }) => {
                        format!(
                            "The shuffler counted {counted} cards, not {}.",
                            t.cards_counted()
                        )
                    }
                    Some(RemovalReason::Irregularity { id }) => {
                        match crate::rules::irregularities::Catalogue::embedded().get(id) {
                            Some(i) => format!("{} ({}).", i.title, i.section),
                            None => format!("Irregularity {id}."),
                        }
                    }
                    Some(RemovalReason::StubMiscounted { counted, expected }) => format!(
                        "The stub held {counted} cards, not {expected}, and the cards were not misdealt."
                    ),
                    _ => "The losing hands did not hold the right number of cards.".into(),
                };
                tap(
                    format!("Remove the {name} deck from the table"),
                    format!("{why} Take the {name} deck out of the shuffler and off the table."),
                    "Deck removed",
                    confirm(Confirm::DeckRemoved),
                )
            }
            Step::InspectReplacement { deck } => {
                let name = t.deck_name(*deck);
                tap(
                    format!("Inspect a replacement {name} deck"),
                    format!("Bring a new {name} deck and inspect it for defects."),
                    "Replacement inspected",
                    confirm(Confirm::ReplacementInspected),
                )
            }
            Step::VerifyCount { deck, counted } => {
                let name = t.deck_name(*deck);
                tap(
                    "Floorperson verifies the count".into(),
                    format!(
                        "The dealer counted {counted} cards in the {name} deck. A floorperson verifies the count."
                    ),
                    "Floorperson verify",
                    signs(t, step, format!("Count of the {name} deck: {counted} cards")),
                )
            }
            // § 635a.5(a)–(d): the shoe's decks shuffled into one stack, the cut offered in the
            // regulation's order, the cover card placed twice.
            Step::ShuffleManually { .. } if t.shoe_game() => tap(
                "Shuffle the shoe and offer the cut".into(),
                format!(
                    "Shuffle all the decks together and place them in a single stack. Offer the cut, backs facing away from you, to {}. If no player accepts, cut the cards yourself. The cover card goes in at least ten cards from the top or bottom; move the cards above it to the bottom. Then insert the cover card at least one-quarter of the way in from the bottom and load the stack into the shoe.",
                    t.cut_offer.who()
                ),
                "Shuffled, cut and in the shoe",
                confirm(Confirm::ShuffledAndCut),
            ),
            Step::ShuffleManually { deck } => tap(
                format!("Shuffle and cut the {} deck", t.deck_name(*deck)),
                "Shuffle by hand and stack the deck. Place the cover card at least ten cards from the top, then move the cards above it, with the cover card, to the bottom.".into(),
                "Shuffled and cut",
                confirm(Confirm::ShuffledAndCut),
            ),
            // § 637a.4(e), § 637a.5(a),(b)(2): received preshuffled, cut before its first round.
            Step::CutPreshuffled { deck } => tap(
                format!("Cut the preshuffled {} deck", t.deck_name(*deck)),
                "The decks came preinspected and preshuffled: no inspection, spread, wash or shuffle before this deck's first round. Cut it: place the cover card at least ten cards from the top, then move the cards above it, with the cover card, to the bottom.".into(),
                "Deck cut",
                confirm(Confirm::PreshuffledCut),
            ),
            Step::CoverShuffler => tap(
                "Cover the shuffler".into(),
                "The shuffler cannot be used. Cover it or post an out-of-order sign on it before the cards are shuffled or dealt any other way.".into(),
                "Shuffler covered",
                confirm(Confirm::ShufflerCovered),
            ),
            Step::VerifyRemoval { .. }
                if t
                    .setup
                    .as_ref()
                    .is_some_and(|s| !s.poker.deck_dispositions.is_empty()) =>
            {
                return None;
            }
            Step::VerifyRemoval { deck } => {
                let name = t.deck_name(*deck);
                tap(
                    "Floorperson verifies the deck change".into(),
                    format!(
                        "A floorperson verifies the removal of the {name} deck and its replacement."
                    ),
                    "Floorperson verify",
                    signs(t, step, format!("Removal of the {name} deck")),
                )
            }
            _ => return None,
        })
    }
}
