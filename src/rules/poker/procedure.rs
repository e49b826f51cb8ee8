//! The step sequence of every poker-room game of Chapter 637a, as data: what is dealt, when
//! the forced bets come, where each betting round starts, and how the pot is split. The state
//! machine in [`super::hand`] walks these steps.

use crate::rules::game_id::GameId;
use crate::rules::stud_bring_in::StudVariant;
use serde::Serialize;

/// Who starts a betting round.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum First {
    /// Left of the last blind, or of the straddle (§ 637a.11(g)).
    LeftOfBlinds,
    /// Left of the Stud forced bet (§ 637a.10(e), § 637a.14(e)).
    LeftOfForcedBet,
    /// The first player left of the button who has not folded (§ 637a.11(h)).
    LeftOfButton,
    /// The best hand showing; equal hands, the one closest to the dealer's left
    /// (§ 637a.10(f), § 637a.14(f)). `low`: the best low showing (§ 637a.10(f)(2)).
    BestShowing { low: bool },
}

/// One step of a game's procedure.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(tag = "phase", rename_all = "kebab-case")]
pub enum Phase {
    /// Antes, and blinds where they come before the deal (§ 637a.11(d)).
    Forced,
    /// Cards to each player in rounds, clockwise from the first seat left of the button (or the
    /// dealer's left in Stud): `down` rounds face down, then `up` rounds face up.
    Deal {
        down: u8,
        up: u8,
    },
    /// Five-card Draw's blinds, after the deal (§ 637a.13(e)).
    BlindsAfterDeal,
    /// Super Seven-card Stud: each player discards two (§ 637a.10(m)).
    Discard {
        count: u8,
    },
    /// The Stud forced bet by the up cards (§ 637a.10(d), § 637a.14(d)).
    ForcedBet,
    /// Burn, then community cards face up (§ 637a.11(h)-(j)).
    Board {
        cards: u8,
    },
    /// Burn, then one card to each remaining player; a common card when too few are left
    /// (§ 637a.10(f),(h)).
    StudCard {
        up: bool,
    },
    /// Burn, then each remaining player draws in turn (§ 637a.13(g), § 637a.20(h)).
    Draw,
    /// A betting round at the small (`big == false`) or big posted bet (§ 637a.8(k)).
    Bet {
        big: bool,
        first: First,
    },
    Showdown,
}

/// A game's procedure and its constants.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Procedure {
    pub game: GameId,
    pub section: &'static str,
    pub max_players: u8,
    /// Button games; Stud deals from the dealer's left.
    pub button: bool,
    /// Blinds (and a straddle, if offered) rather than a Stud forced bet.
    pub blinds: bool,
    pub straddle: bool,
    /// Stud's forced-bet rule.
    pub stud: Option<StudVariant>,
    /// The second half of a split pot: "low" or "Badugi".
    pub second_half: Option<&'static str>,
    /// The stub may be counted instead of the deck (Hold'em and Omaha, § 637a.7(e)(4)(i)).
    pub stub_count: bool,
    pub phases: Vec<Phase>,
}

impl Procedure {
    /// The whole section of the game's procedure, without the subsection a variant is
    /// described in (Badeucey's "§ 637a.20(l)" is "§ 637a.20"): its lettered rules are cited
    /// from it ("§ 637a.20(b)").
    pub fn section_whole(&self) -> &'static str {
        self.section.split('(').next().unwrap_or(self.section)
    }

    /// The procedure of a poker-room game, or `None` for a house-banked game.
    pub fn of(game: GameId) -> Option<Procedure> {
        use First::*;
        use GameId::*;
        use Phase::*;
        Some(match game {
            Holdem => board_game(game, 2, "§ 637a.11", 10, false, true),
            Omaha => board_game(game, 4, "§ 637a.12", 10, false, true),
            OmahaHiLo => board_game(game, 4, "§ 637a.12", 10, true, true),
            FiveCardOmaha => board_game(game, 5, "§ 637a.19", 8, false, false),
            FiveCardOmahaHiLo => board_game(game, 5, "§ 637a.19", 8, true, false),
            SevenCardStud => stud7(game, StudVariant::High, "§ 637a.10", false),
            SevenCardStudLow => stud7(game, StudVariant::Low, "§ 637a.10", false),
            SevenCardStudHiLo => stud7(game, StudVariant::HighLow, "§ 637a.10", false),
            SevenCardStudHiLo8 => stud7(game, StudVariant::HighLow8, "§ 637a.10", false),
            SuperSevenCardStud => {
                let mut p = stud7(game, StudVariant::HighLow8, "§ 637a.10(m)", true);
                // [GAP] With eight or nine players five cards each leave too few for 4th and
                // 5th street, which the common-card rule (§ 637a.10(h)) does not reach; the
                // spec's default caps Super Stud at seven until a Rules Submission says more.
                p.max_players = 7;
                p
            }
            FiveCardDraw | FiveCardDrawLow => Procedure {
                game,
                section: "§ 637a.13",
                max_players: 8,
                button: true,
                blinds: true,
                // § 637a.13 has no straddle.
                straddle: false,
                stud: None,
                second_half: None,
                stub_count: false,
                phases: vec![
                    Forced,
                    Deal { down: 5, up: 0 },
                    BlindsAfterDeal,
                    bet(false, LeftOfBlinds),
                    Draw,
                    bet(true, LeftOfButton),
                    Showdown,
                ],
            },
            FiveCardStud => Procedure {
                game,
                section: "§ 637a.14",
                max_players: 8,
                button: false,
                blinds: false,
                straddle: false,
                stud: Some(StudVariant::High),
                second_half: None,
                stub_count: false,
                phases: vec![
                    Forced,
                    Deal { down: 1, up: 1 },
                    ForcedBet,
                    bet(false, LeftOfForcedBet),
                    StudCard { up: true },
                    bet(false, BestShowing { low: false }),
                    StudCard { up: true },
                    bet(true, BestShowing { low: false }),
                    StudCard { up: true },
                    bet(true, BestShowing { low: false }),
                    Showdown,
                ],
            },
            TripleDraw27 | TripleDrawA5 => triple(game, None, "§ 637a.20"),
            TripleDrawBadeucey | TripleDrawBadacey => triple(game, Some("Badugi"), "§ 637a.20(l)"),
            Badugi => {
                let mut p = triple(game, None, "§ 637a.21");
                p.max_players = 9;
                p.phases[1] = Deal { down: 4, up: 0 };
                p
            }
            _ => return None,
        })
    }

    /// The poker-room games, in the order of the chapter.
    pub fn all() -> Vec<Procedure> {
        GameId::all().filter_map(Procedure::of).collect()
    }

    /// Cards in each player's hand at the showdown (Super Stud after its discards).
    pub fn hand_size(&self) -> u8 {
        let mut n = 0u8;
        for p in &self.phases {
            match p {
                Phase::Deal { down, up } => n += down + up,
                Phase::Discard { count } => n -= count,
                Phase::StudCard { .. } => n += 1,
                _ => {}
            }
        }
        n
    }
}

/// A betting round: `big` the big bet of a fixed limit, `first` who opens it.
fn bet(big: bool, first: First) -> Phase {
    Phase::Bet { big, first }
}

/// A board game (Hold'em, Omaha, Five-card Omaha): `down` hole cards, the flop, the turn and
/// the river, each followed by a betting round.
fn board_game(
    game: GameId,
    down: u8,
    section: &'static str,
    max: u8,
    hilo: bool,
    stub: bool,
) -> Procedure {
    use First::*;
    use Phase::*;
    Procedure {
        game,
        section,
        max_players: max,
        button: true,
        blinds: true,
        straddle: true,
        stud: None,
        second_half: hilo.then_some("low"),
        stub_count: stub,
        phases: vec![
            Forced,
            Deal { down, up: 0 },
            bet(false, LeftOfBlinds),
            Board { cards: 3 },
            bet(false, LeftOfButton),
            Board { cards: 1 },
            bet(true, LeftOfButton),
            Board { cards: 1 },
            bet(true, LeftOfButton),
            Showdown,
        ],
    }
}

/// A seven-card stud game: two down and one up (Super Stud: four down, one up, a discard of
/// two), the forced bet, then three up cards and one down, each followed by a betting round.
fn stud7(game: GameId, variant: StudVariant, section: &'static str, super_stud: bool) -> Procedure {
    use First::*;
    use Phase::*;
    let low = variant == StudVariant::Low;
    let mut phases = vec![Forced];
    if super_stud {
        phases.push(Deal { down: 4, up: 1 });
        phases.push(Discard { count: 2 });
    } else {
        phases.push(Deal { down: 2, up: 1 });
    }
    phases.extend([
        ForcedBet,
        bet(false, LeftOfForcedBet),
        StudCard { up: true },
        bet(false, BestShowing { low }),
        StudCard { up: true },
        bet(true, BestShowing { low }),
        StudCard { up: true },
        bet(true, BestShowing { low }),
        StudCard { up: false },
        bet(true, BestShowing { low }),
        Showdown,
    ]);
    Procedure {
        game,
        section,
        max_players: 9,
        button: false,
        blinds: false,
        straddle: false,
        stud: Some(variant),
        second_half: matches!(variant, StudVariant::HighLow | StudVariant::HighLow8)
            .then_some("low"),
        stub_count: false,
        phases,
    }
}

/// A triple-draw game: five down, then three draws, four betting rounds in all.
fn triple(game: GameId, second: Option<&'static str>, section: &'static str) -> Procedure {
    use First::*;
    use Phase::*;
    let mut phases = vec![Forced, Deal { down: 5, up: 0 }, bet(false, LeftOfBlinds)];
    for big in [false, true, true] {
        phases.push(Draw);
        phases.push(bet(big, LeftOfButton));
    }
    phases.push(Showdown);
    Procedure {
        game,
        section,
        max_players: 7,
        button: true,
        blinds: true,
        straddle: true,
        stud: None,
        second_half: second,
        stub_count: false,
        phases,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_variants_lettered_rules_are_cited_from_its_whole_section() {
        // Badeucey is described in § 637a.20(l); its player cap is § 637a.20(b), never
        // "§ 637a.20(l)(b)".
        let p = Procedure::of(GameId::TripleDrawBadeucey).unwrap();
        assert_eq!(p.section, "§ 637a.20(l)");
        assert_eq!(p.section_whole(), "§ 637a.20");
        let h = Procedure::of(GameId::Holdem).unwrap();
        assert_eq!(h.section_whole(), h.section);
    }
}
