//! Spanish 21 at the table: its registry definition (chapter, deck life, dealing methods,
//! the sections its steps cite), its round (wagers, cards, decision phases) and the pay-line
//! ids its paytables use, gathered in `BANKED`, reached through `registry::def`.

use super::*;
use crate::rules::game_def::*;
use crate::rules::game_id::GameId;

/// The sections the table procedure around a round follows, in this chapter's words.
pub const SECTIONS: Sections = Sections {
    inspect: "§ 635a.3(a), § 635a.4(a),(b)",
    players: "§ 635a.4",
    wash: "§ 635a.4",
    shuffle: "§ 635a.5",
    manual_shuffle: "§ 635a.5(a)–(d)",
    count: "§ 635a.5(b)",
    removal: "§ 635a.5(b)",
    replacement: "§ 635a.4",
    start: "§ 635a.6",
    round: "§ 635a.6–635a.11",
    irregularities: "§ 635a.13",
    shuffler_jam: "§ 635a.13(l)",
    shuffler_out: "§ 635a.13(m)",
    idle: "§ 635a.5(g)",
};

/// The game's definition, listed in `registry::GAMES`.
pub const DEF: GameDef = GameDef {
    game: GameId::Spanish21,
    id: GameId::Spanish21.id(),
    name: "Spanish 21",
    chapter: "635a",
    section: "§ 635a.3(c)",
    family: Family::HouseBanked,
    // § 635a.3(a): each deck without the 10 of each suit.
    deck_cards: 48,
    // § 635a.3(b): a shoe of six or eight decks lasts a day; never dealt from the hand.
    deck_life: DeckLife {
        hand: 24,
        shoe: 24,
        section: "§ 635a.3(b)",
    },
    dealing: SHOE_ONLY,
    progressive: false,
    banked: Some(&BANKED),
    irregularity_groups: &[],
    sections: &SECTIONS,
    // § 635a.5(g): the cards are first removed from the dealing shoe and the discard rack, then
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
    evaluate: crate::rules::games::spanish_21,
    paytables: (
        "spanish-21.toml",
        include_str!("../../../../assets/paytables/spanish-21.toml"),
    ),
};

/// The wagers and the pay-line ids each understands.
pub const PAY_LINES: &[(&str, &[&str])] = &[
    ("spanish-21", &["win", "blackjack", "even-money"]),
    (
        "bonus-21",
        &[
            "six-seven-eight-mixed",
            "six-seven-eight-suited",
            "six-seven-eight-spades",
            "seven-seven-seven-mixed",
            "seven-seven-seven-suited",
            "seven-seven-seven-spades",
            "five-card-21",
            "six-card-21",
            "seven-or-more-card-21",
        ],
    ),
    (
        "suited-sevens",
        &[
            "wager-5-to-under-25",
            "wager-25-or-more",
            "every-other-player",
        ],
    ),
    ("insurance", &["win"]),
    ("match-the-dealer", &["suited-match", "unsuited-match"]),
];

// Spanish 21's decisions are not multiples of a wager: `spanish21::play21` plays them; the cards are
// keyed as they are dealt (two to each box and the dealer's up card at the deal).
pub const ROUND: Def = Def {
    game: crate::rules::game_id::GameId::Spanish21,
    settle: crate::rules::banked::round::settle_body::<super::Round>,
    sections: BankedSections {
        positions: "§ 635a.2(a)",
        // § 635a.6: the wagers; § 635a.7: dealt from a shoe, then each box's decisions from
        // (h) on (§ 635a.8–§ 635a.11 are Insurance, Surrender, Double Down and splitting).
        wagers: "§ 635a.6",
        manual_shoe: "§ 635a.7(a)",
        hand: "§ 635a.7(a)",
        automated_shoe: "§ 635a.7(a)",
        decisions: "§ 635a.7(h)",
        board_first: "",
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
    folded_hands_keyed: crate::rules::banked::round::folded_hands_stay,
    stub: None,
    void: None,
    boxes: Some(crate::rules::banked::round::Boxes {
        section: "§ 635a.6(f)",
        limit: |r| r.of::<Rules>().boxes_per_player,
    }),
    not_offered,
    results: None,
    read_decision: None,
};
