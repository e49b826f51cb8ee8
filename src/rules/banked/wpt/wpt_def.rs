//! WPT Heads-Up Hold 'Em at the table: its registry definition (chapter, deck life, dealing methods,
//! the sections its steps cite), its round (wagers, cards, decision phases) and the pay-line
//! ids its paytables use, gathered in `BANKED`, reached through `registry::def`.

use super::*;
use crate::rules::banked::paytable::*;
use crate::rules::game_def::*;
use crate::rules::game_id::GameId;

/// The sections the table procedure around a round follows, in this chapter's words.
pub const SECTIONS: Sections = Sections {
    inspect: "§ 677a.4",
    players: "§ 677a.4",
    wash: "§ 677a.4",
    shuffle: "§ 677a.5",
    manual_shuffle: "§ 677a.5",
    count: "§ 677a.5(b)",
    removal: "§ 677a.5(b)",
    replacement: "§ 677a.4",
    start: "§ 677a.7",
    round: "§ 677a.7–677a.11",
    irregularities: "§ 677a.13",
    shuffler_jam: "§ 677a.13(e)",
    shuffler_out: "§ 677a.13(g)",
    idle: "§ 677a.5(f)",
};

/// The game's definition, listed in `registry::GAMES`.
pub const DEF: GameDef = GameDef {
    game: GameId::WptHeadsUp,
    id: GameId::WptHeadsUp.id(),
    name: "WPT Heads-Up Hold 'Em",
    chapter: "677a",
    section: "§ 677a.6",
    family: Family::HouseBanked,
    deck_cards: 52,
    // § 677a.3(c)
    deck_life: DeckLife {
        hand: 4,
        shoe: 8,
        section: "§ 677a.3(c)",
    },
    dealing: ANY_METHOD,
    progressive: false,
    banked: Some(&BANKED),
    irregularity_groups: BANKED_GROUPS,
    sections: &SECTIONS,
    // § 677a.5(f): spread face down unless a player asks for them face up.
    idle: IdleSpread {
        from_shoe: false,
        face_down: true,
    },
};

/// The game at the table and everywhere else, reached through the registry.
pub const BANKED: crate::rules::banked::BankedGame = crate::rules::banked::BankedGame {
    round: &ROUND,
    pay_lines: PAY_LINES,
    choices: crate::rules::banked::hooks::<Rules>(),
    evaluate: |g, hole, board| {
        crate::rules::games::one_deck(g, hole, board, crate::rules::games::hold_em)
    },
    paytables: (
        "wpt-heads-up.toml",
        include_str!("../../../../assets/paytables/wpt-heads-up.toml"),
    ),
};

/// The wagers and the pay-line ids each understands.
pub const PAY_LINES: &[(&str, &[&str])] = &[
    ("ante", &["win"]),
    ("raise", &["win"]),
    ("odds", FIVE_CARD),
    ("bad-beat", FIVE_CARD),
    (
        "pocket-bonus",
        &[
            "pair-of-aces",
            "ace-face-suited",
            "ace-face-offsuit",
            "pair-twos-to-kings",
        ],
    ),
    ("trips-plus", FIVE_CARD),
];

pub const ROUND: Def = Def {
    game: crate::rules::game_id::GameId::WptHeadsUp,
    settle: crate::rules::banked::round::settle_body::<super::Round>,
    sections: BankedSections {
        positions: "§ 677a.2(a)",
        wagers: "§ 677a.7",
        manual_shoe: "§ 677a.8",
        hand: "§ 677a.9",
        automated_shoe: "§ 677a.10",
        decisions: "§ 677a.11",
        board_first: "§ 677a.10(g)",
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
            // § 677a.11(b): "up to three times" the Ante.
            label: "Raise 1×, 2× or 3× the Ante before the flop, or check",
            multiples: &[1, 2, 3],
            zero: Zero::Check,
            once: true,
            then: "Burn a card, then deal the flop (§ 677a.11(c))",
            // § 677a.10(g): the board is out, face down; revealed as § 677a.11(c) would deal it.
            then_board_first: "Turn the flop face up (§ 677a.10(g), § 677a.11(c))",
            who: Who::StillIn,
            after_cards: false,
            wager: "Raise",
            options_fee: false,
        },
        Phase {
            key: "flop",
            // § 677a.11(d): "up to two times" the Ante.
            label: "Raise 1× or 2× the Ante after the flop, or check",
            multiples: &[1, 2],
            zero: Zero::Check,
            once: true,
            then: "Burn a card, then deal the turn and the river (§ 677a.11(e))",
            then_board_first: "Turn the turn card and the river card face up (§ 677a.10(g), § 677a.11(e))",
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
            then_board_first: "",
        },
    ],
    deal_note: "",
    folded_hands_keyed: crate::rules::banked::round::folded_hands_stay,
    stub: Some(crate::rules::banked::round::Stub {
        after: crate::rules::banked::round::StubAfter::Board,
        board: &[(1, 3), (1, 2), (0, 0)],
        sections: ["§ 677a.8(e)–(g)", "§ 677a.9(d)–(f)", "§ 677a.10(d)–(f)"],
    }),
    void: Some(crate::rules::banked::round::VoidRule {
        keeps: void_keeps,
        settle: settle_void,
    }),
    boxes: Some(crate::rules::banked::round::Boxes {
        section: "§ 677a.7(e)",
        limit: |r| r.of::<Rules>().boxes_per_player,
    }),
    not_offered,
    results: Some(&RESULTS),
    read_decision: None,
};
