//! Lunar Poker at the table: its registry definition (chapter, deck life, dealing methods,
//! the sections its steps cite), its round (wagers, cards, decision phases) and the pay-line
//! ids its paytables use, gathered in `BANKED`, reached through `registry::def`.

use super::*;
use crate::rules::banked::paytable::*;
use crate::rules::game_def::*;
use crate::rules::game_id::GameId;

/// The sections the table procedure around a round follows, in this chapter's words.
pub const SECTIONS: Sections = Sections {
    inspect: "§ 589.4",
    players: "§ 589.4",
    wash: "§ 589.4",
    shuffle: "§ 589.5",
    manual_shuffle: "§ 589.5",
    // § 589.11(g): without a counting shuffler the cards are counted after every fifth round.
    count: "§ 589.11(g)",
    removal: "§ 589.5(b)",
    replacement: "§ 589.4",
    start: "§ 589.7",
    round: "§ 589.7–589.11",
    irregularities: "§ 589.13",
    shuffler_jam: "§ 589.13(e)",
    shuffler_out: "§ 589.13(g)",
    idle: "§ 589.5(f)",
};

/// The game's definition, listed in `registry::GAMES`.
pub const DEF: GameDef = GameDef {
    game: GameId::LunarPoker,
    id: GameId::LunarPoker.id(),
    name: "Lunar Poker",
    chapter: "589",
    section: "§ 589.6",
    family: Family::HouseBanked,
    deck_cards: 52,
    // § 589.3(c)
    deck_life: DeckLife {
        hand: 4,
        shoe: 8,
        section: "§ 589.3(c)",
    },
    dealing: ANY_METHOD,
    progressive: false,
    banked: Some(&BANKED),
    irregularity_groups: BANKED_GROUPS,
    sections: &SECTIONS,
    // § 589.5(f): the cards are first removed from the dealing shoe and the discard rack, then
    // spread face down unless a player asks.
    idle: IdleSpread {
        from_shoe: true,
        face_down: true,
    },
};

/// The game at the table and everywhere else, reached through the registry.
pub const BANKED: crate::rules::banked::BankedGame = crate::rules::banked::BankedGame {
    round: &ROUND,
    pay_lines: PAY_LINES,
    choices: crate::rules::banked::hooks::<Rules>(),
    evaluate: |g, hole, board| {
        crate::rules::games::one_deck(g, hole, board, crate::rules::games::lunar_poker)
    },
    paytables: (
        "lunar-poker.toml",
        include_str!("../../../../assets/paytables/lunar-poker.toml"),
    ),
};

/// The wagers and the pay-line ids each understands.
pub const PAY_LINES: &[(&str, &[&str])] = &[
    ("ante", &["win"]),
    ("bet", LUNAR),
    ("instant", FIVE_CARD),
    (
        "super",
        &[
            "four-of-a-kind",
            "same-colored-straight",
            "full-house",
            "flush",
            "straight",
            "three-of-a-kind",
            "ace-king",
            "same-colored-five",
        ],
    ),
];

pub const ROUND: Def = Def {
    game: crate::rules::game_id::GameId::LunarPoker,
    settle: crate::rules::banked::round::settle_body::<super::Round>,
    sections: BankedSections {
        positions: "§ 589.2(a)",
        wagers: "§ 589.7",
        manual_shoe: "§ 589.8",
        hand: "§ 589.9",
        automated_shoe: "§ 589.10",
        decisions: "§ 589.11",
        board_first: "",
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
            then_board_first: "",
        },
        // § 589.11(d)(2)(iii): after the draw, fold or Bet.
        Phase {
            key: "draw",
            label: "After the draw: Bet 2× the Ante, or fold",
            multiples: &[2],
            zero: Zero::Fold,
            once: false,
            then: "Reveal the dealer's cards and turn up the cards of each player who bet",
            who: Who::Drew,
            after_cards: false,
            wager: "Bet",
            options_fee: false,
            then_board_first: "",
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
            then_board_first: "",
        },
    ],
    deal_note: " Turn the dealer's fifth card face up.",
    folded_hands_keyed: crate::rules::banked::round::folded_hands_stay,
    stub: None,
    void: None,
    boxes: Some(crate::rules::banked::round::Boxes {
        section: "§ 589.7(e)",
        // "A player may not wager on more than one player position at a Lunar Poker table."
        limit: |_| 1,
    }),
    not_offered,
    results: Some(&RESULTS),
    read_decision: None,
};
