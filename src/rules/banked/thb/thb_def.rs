//! Texas Hold 'Em Bonus at the table: its registry definition (chapter, deck life, dealing methods,
//! the sections its steps cite), its round (wagers, cards, decision phases) and the pay-line
//! ids its paytables use, gathered in `BANKED`, reached through `registry::def`.

use super::*;
use crate::rules::banked::paytable::*;
use crate::rules::game_def::*;
use crate::rules::game_id::GameId;

/// The sections the table procedure around a round follows, in this chapter's words.
pub const SECTIONS: Sections = Sections {
    inspect: "§ 647a.4",
    players: "§ 647a.4",
    wash: "§ 647a.4",
    shuffle: "§ 647a.5",
    manual_shuffle: "§ 647a.5",
    count: "§ 647a.5(b)",
    removal: "§ 647a.5(b)",
    replacement: "§ 647a.4",
    start: "§ 647a.7",
    round: "§ 647a.7–647a.11",
    irregularities: "§ 647a.13",
    shuffler_jam: "§ 647a.13(e)",
    shuffler_out: "§ 647a.13(g)",
    idle: "§ 647a.5(f)",
};

/// The game's definition, listed in `registry::GAMES`.
pub const DEF: GameDef = GameDef {
    game: GameId::TexasHoldemBonus,
    id: GameId::TexasHoldemBonus.id(),
    name: "Texas Hold 'Em Bonus",
    chapter: "647a",
    section: "§ 647a.6",
    family: Family::HouseBanked,
    deck_cards: 52,
    // § 647a.3(c)
    deck_life: DeckLife {
        hand: 4,
        shoe: 8,
        section: "§ 647a.3(c)",
    },
    dealing: ANY_METHOD,
    progressive: true,
    banked: Some(&BANKED),
    irregularity_groups: BANKED_GROUPS,
    sections: &SECTIONS,
    // § 647a.5(f): spread face down unless a player asks for them face up.
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
        "texas-holdem-bonus.toml",
        include_str!("../../../../assets/paytables/texas-holdem-bonus.toml"),
    ),
};

/// The wagers and the pay-line ids each understands.
pub const PAY_LINES: &[(&str, &[&str])] = &[
    ("ante", &["win"]),
    ("flop", &["win"]),
    ("turn", &["win"]),
    ("river", &["win"]),
    (
        "bonus",
        &[
            "aces-with-dealer-aces",
            "pair-of-aces",
            "ace-king-suited",
            "ace-queen-or-jack-suited",
            "ace-king-offsuit",
            "kings-queens-or-jacks",
            "ace-queen-or-jack-offsuit",
            "pair-twos-to-tens",
        ],
    ),
    ("progressive", FIVE_CARD),
    ("envy", FIVE_CARD),
    ("five-card-bonus", FIVE_CARD),
    ("magic-lucky", &["magic-card", "lucky-bonus"]),
];

pub const ROUND: Def = Def {
    game: crate::rules::game_id::GameId::TexasHoldemBonus,
    settle: crate::rules::banked::round::settle_body::<super::Round>,
    sections: BankedSections {
        positions: "§ 647a.2(a)",
        wagers: "§ 647a.7",
        manual_shoe: "§ 647a.8",
        hand: "§ 647a.9",
        automated_shoe: "§ 647a.10",
        decisions: "§ 647a.11",
        board_first: "§ 647a.10(g)",
    },
    spots: &[
        spot("ante", "Ante", true),
        spot("bonus", "Bonus", false),
        spot("progressive", "Progressive", false),
        // § 647a.7(d)(4): on the player's hand, the dealer's, or both.
        spot("fchb_player", "5 Card: player", false),
        spot("fchb_dealer", "5 Card: dealer", false),
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
            // § 647a.10(g): the board is out, face down; revealed street by street.
            then_board_first: "Turn the flop face up (§ 647a.10(g))",
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
            then_board_first: "Turn the turn face up (§ 647a.10(g))",
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
            then_board_first: "Turn the river face up and reveal the dealer's cards (§ 647a.10(g))",
            who: Who::StillIn,
            after_cards: false,
            wager: "River",
            options_fee: false,
        },
    ],
    // § 647a.8(d), § 647a.9(b), § 647a.10(b): the dealer's two cards under a cover card.
    deal_note: " Your two cards go face down under a cover card.",
    folded_hands_keyed: crate::rules::banked::round::folded_hands_stay,
    stub: Some(crate::rules::banked::round::Stub {
        after: crate::rules::banked::round::StubAfter::Board,
        board: &[(1, 3), (1, 1), (1, 1)],
        sections: ["§ 647a.8(f)–(h)", "§ 647a.9(d)–(f)", "§ 647a.10(d)–(f)"],
    }),
    void: Some(crate::rules::banked::round::VoidRule {
        keeps: void_keeps,
        settle: settle_void,
    }),
    boxes: Some(crate::rules::banked::round::Boxes {
        section: "§ 647a.7(e)",
        // "A player may not wager on more than one player position."
        limit: |_| 1,
    }),
    not_offered,
    results: Some(&RESULTS),
    read_decision: None,
};
