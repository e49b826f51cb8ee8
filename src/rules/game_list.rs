//! Every game Deckhand deals, in the order the screens and the documentation list them: one
//! line per game, its `GameId` variant, its id (of the command line, the configuration and the
//! journal) and where its definition stands. This list is the registry's entry for a game; the
//! rest is generated from it:
//!
//! - `game_id.rs`: the `GameId` enum, `GameId::ALL` and `GameId::id`;
//! - `registry.rs`: `GAMES` and `registry::def` (a poker-room game's definition is the constant
//!   named on its line, in `registry.rs`; a house-banked game's is `banked::<folder>::DEF`);
//! - `banked/mod.rs`: the `pub mod <folder>;` of each house-banked game.
//!
//! A new house-banked game is therefore its folder under `banked/`, one line here and its
//! paytables file (docs/architecture.md, "Adding a game"). The list names no path, so it
//! stands below every game and the registry: nothing it names is reached from here.

/// Hands the list to `$then!`, a macro of the caller's, as
/// `poker: [Variant "id" CONSTANT, …], banked: [Variant "id" folder, …]`.
macro_rules! every_game {
    ($then:ident) => {
        $then! {
            poker: [
                Holdem "holdem" HOLDEM,
                Omaha "omaha" OMAHA,
                OmahaHiLo "omaha-hi-lo" OMAHA_HI_LO,
                FiveCardOmaha "five-card-omaha" FIVE_CARD_OMAHA,
                FiveCardOmahaHiLo "five-card-omaha-hi-lo" FIVE_CARD_OMAHA_HI_LO,
                SevenCardStud "seven-card-stud" SEVEN_CARD_STUD,
                SevenCardStudLow "seven-card-stud-low" SEVEN_CARD_STUD_LOW,
                SevenCardStudHiLo "seven-card-stud-hi-lo" SEVEN_CARD_STUD_HI_LO,
                SevenCardStudHiLo8 "seven-card-stud-hi-lo-8" SEVEN_CARD_STUD_HI_LO_8,
                SuperSevenCardStud "super-seven-card-stud" SUPER_SEVEN_CARD_STUD,
                FiveCardDraw "five-card-draw" FIVE_CARD_DRAW,
                FiveCardDrawLow "five-card-draw-low" FIVE_CARD_DRAW_LOW,
                FiveCardStud "five-card-stud" FIVE_CARD_STUD,
                TripleDraw27 "triple-draw-2-7" TRIPLE_DRAW_2_7,
                TripleDrawA5 "triple-draw-a-5" TRIPLE_DRAW_A_5,
                TripleDrawBadeucey "triple-draw-badeucey" TRIPLE_DRAW_BADEUCEY,
                TripleDrawBadacey "triple-draw-badacey" TRIPLE_DRAW_BADACEY,
                Badugi "badugi" BADUGI,
            ],
            banked: [
                WptHeadsUp "wpt-heads-up" wpt,
                TexasHoldemBonus "texas-holdem-bonus" thb,
                LunarPoker "lunar-poker" lunar,
                MississippiStud "mississippi-stud" mstud,
                Crazy4Poker "crazy-4-poker" crazy4,
                Spanish21 "spanish-21" spanish21,
            ],
        }
    };
}
pub(crate) use every_game;
