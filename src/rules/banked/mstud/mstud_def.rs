//! Mississippi Stud at the table: its registry definition (chapter, deck life, dealing methods,
//! the sections its steps cite), its round (wagers, cards, decision phases) and the pay-line
//! ids its paytables use, gathered in `BANKED`, reached through `registry::def`.

use super::*;
use crate::rules::banked::paytable::*;
use crate::rules::game_def::*;
use crate::rules::game_id::GameId;

/// The sections the table procedure around a round follows, in this chapter's words.
pub const SECTIONS: Sections = Sections {
    inspect: "§ 655a.4",
    players: "§ 655a.4",
    wash: "§ 655a.4",
    shuffle: "§ 655a.5",
    manual_shuffle: "§ 655a.5",
    count: "§ 655a.5(b)",
    removal: "§ 655a.5(b)",
    replacement: "§ 655a.4",
    start: "§ 655a.7",
    round: "§ 655a.7–655a.11",
    irregularities: "§ 655a.13",
    shuffler_jam: "§ 655a.13(e)",
    shuffler_out: "§ 655a.13(g)",
    idle: "§ 655a.5(f)",
};

/// The game's definition, listed in `registry::GAMES`.
pub const DEF: GameDef = GameDef {
    game: GameId::MississippiStud,
    id: GameId::MississippiStud.id(),
    name: "Mississippi Stud",
    chapter: "655a",
    section: "§ 655a.6",
    family: Family::HouseBanked,
    deck_cards: 52,
    // § 655a.3(c)
    deck_life: DeckLife {
        hand: 4,
        shoe: 8,
        section: "§ 655a.3(c)",
    },
    dealing: ANY_METHOD,
    progressive: true,
    banked: Some(&BANKED),
    irregularity_groups: BANKED_GROUPS,
    sections: &SECTIONS,
    // § 655a.5(f): the cards are first removed from the dealing shoe and the discard rack, then
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
        crate::rules::games::one_deck(g, hole, board, crate::rules::games::mississippi_stud)
    },
    paytables: (
        "mississippi-stud.toml",
        include_str!("../../../../assets/paytables/mississippi-stud.toml"),
    ),
};

/// The wagers and the pay-line ids each understands.
pub const PAY_LINES: &[(&str, &[&str])] = &[
    (
        "mississippi-stud",
        &[
            "royal-flush",
            "straight-flush",
            "four-of-a-kind",
            "full-house",
            "flush",
            "straight",
            "three-of-a-kind",
            "two-pair",
            "jacks-or-better",
            "sixes-to-tens",
        ],
    ),
    ("progressive", FIVE_CARD),
    ("envy", FIVE_CARD),
    (
        "three-card-bonus",
        &[
            "mini-royal",
            "straight-flush",
            "three-of-a-kind",
            "straight",
            "flush",
            "pair",
        ],
    ),
];

pub const ROUND: Def = Def {
    game: crate::rules::game_id::GameId::MississippiStud,
    settle: crate::rules::banked::round::settle_body::<super::Round>,
    sections: BankedSections {
        positions: "§ 655a.2(a)",
        wagers: "§ 655a.7",
        manual_shoe: "§ 655a.8",
        hand: "§ 655a.9",
        automated_shoe: "§ 655a.10",
        decisions: "§ 655a.11",
        board_first: "§ 655a.10(g)",
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
            then_board_first: "",
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
            then_board_first: "",
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
            then_board_first: "",
        },
    ],
    deal_note: "",
    folded_hands_keyed: folded_hand_stays,
    stub: Some(crate::rules::banked::round::Stub {
        after: crate::rules::banked::round::StubAfter::Deal,
        board: &[],
        sections: ["§ 655a.8(f)–(h)", "§ 655a.9(d)–(f)", "§ 655a.10(d)–(f)"],
    }),
    void: None,
    boxes: Some(crate::rules::banked::round::Boxes {
        section: "§ 655a.7(e)",
        // "A player may not wager on more than one player position at a Mississippi Stud table."
        limit: |_| 1,
    }),
    not_offered,
    results: Some(&RESULTS),
    read_decision: None,
};
