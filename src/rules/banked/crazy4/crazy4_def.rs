//! Crazy 4 Poker at the table: its registry definition (chapter, deck life, dealing methods,
//! the sections its steps cite), its round (wagers, cards, decision phases) and the pay-line
//! ids its paytables use, gathered in `BANKED`, reached through `registry::def`.

use super::*;
use crate::rules::banked::paytable::*;
use crate::rules::game_def::*;
use crate::rules::game_id::GameId;

/// The sections the table procedure around a round follows, in this chapter's words.
pub const SECTIONS: Sections = Sections {
    inspect: "§ 657a.4",
    players: "§ 657a.4",
    wash: "§ 657a.4",
    shuffle: "§ 657a.5",
    manual_shuffle: "§ 657a.5",
    count: "§ 657a.5(b)",
    removal: "§ 657a.5(b)",
    replacement: "§ 657a.4",
    start: "§ 657a.7",
    round: "§ 657a.7–657a.11",
    irregularities: "§ 657a.13",
    shuffler_jam: "§ 657a.13(e)",
    shuffler_out: "§ 657a.13(g)",
    idle: "§ 657a.5(f)",
};

/// The game's definition, listed in `registry::GAMES`.
pub const DEF: GameDef = GameDef {
    game: GameId::Crazy4Poker,
    id: GameId::Crazy4Poker.id(),
    name: "Crazy 4 Poker",
    chapter: "657a",
    section: "§ 657a.6",
    family: Family::HouseBanked,
    deck_cards: 52,
    // § 657a.3(c)
    deck_life: DeckLife {
        hand: 4,
        shoe: 8,
        section: "§ 657a.3(c)",
    },
    dealing: ANY_METHOD,
    progressive: true,
    banked: Some(&BANKED),
    irregularity_groups: BANKED_GROUPS,
    sections: &SECTIONS,
    // § 657a.5(f): the cards are first removed from the dealing shoe and the discard rack, then
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
        crate::rules::games::one_deck(g, hole, board, crate::rules::games::crazy_4_poker)
    },
    paytables: (
        "crazy-4-poker.toml",
        include_str!("../../../../assets/paytables/crazy-4-poker.toml"),
    ),
};

/// The wagers and the pay-line ids each understands.
pub const PAY_LINES: &[(&str, &[&str])] = &[
    ("ante", &["win"]),
    ("play", &["win"]),
    ("super-bonus", FOUR_CARD),
    ("queens-up", FOUR_CARD),
    ("progressive", FOUR_CARD),
    ("envy", FOUR_CARD),
];

pub const ROUND: Def = Def {
    game: crate::rules::game_id::GameId::Crazy4Poker,
    settle: crate::rules::banked::round::settle_body::<super::Round>,
    sections: BankedSections {
        positions: "§ 657a.2(a)",
        wagers: "§ 657a.7",
        manual_shoe: "§ 657a.8",
        hand: "§ 657a.9",
        automated_shoe: "§ 657a.10",
        decisions: "§ 657a.11",
        board_first: "",
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
        then_board_first: "",
    }],
    deal_note: "",
    // § 657a.11(c): the folded hands are collected before the reveal.
    folded_hands_keyed: |h, _| h.of::<Rules>().envy_from_folded,
    stub: Some(crate::rules::banked::round::Stub {
        after: crate::rules::banked::round::StubAfter::Deal,
        board: &[],
        sections: ["§ 657a.8(f)–(h)", "§ 657a.9(d)–(f)", "§ 657a.10(d)–(f)"],
    }),
    void: None,
    boxes: Some(crate::rules::banked::round::Boxes {
        section: "§ 657a.7(e)",
        // "A player may not wager on more than one player position at a Crazy 4 Poker table."
        limit: |_| 1,
    }),
    not_offered,
    results: Some(&RESULTS),
    read_decision: Some(read_decision),
};
