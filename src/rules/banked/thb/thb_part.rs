//! Texas Hold 'Em Bonus's part of a round ([`ThbPart`]): the Magic Card and the Lucky Bonus
//! position the table game system drew for the round's Five Card Hand Bonus (§ 647a.1), and
//! the round as the game's settlement reads it (its `GameRound`: the seats' wagers and
//! decisions, the Five Card Bonus meter, the draw).

use crate::rules::Cents;
use super::{Lucky, Meters, Round, Rules, Seat, Wagers};
use crate::rules::banked::round::{BankedRound, GameRound, METER_FIVE_CARD_BONUS, RoundPart, Settle};
use crate::rules::cards::Card;
use serde::{Deserialize, Serialize};
use std::collections::BTreeMap;

/// What the table game system drew at random for a round's Five Card Hand Bonus (§ 647a.1:
/// "Magic Card Bonus", "Lucky Bonus").
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub struct SystemDraw {
    pub magic_card: Card,
    /// The betting position drawn for the Lucky Bonus; 0 for the dealer's.
    pub lucky: u8,
}

/// What a Texas Hold 'Em Bonus round holds besides the wagers, decisions and cards.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize)]
pub struct ThbPart {
    /// The system's draw, as it reported it with the cards.
    pub system_draw: Option<SystemDraw>,
}

/// What a Texas Hold 'Em Bonus cards step carries besides the hands: the Magic Card and Lucky
/// Bonus position the table game system drew (§ 647a.1), which the terminal fills in from the
/// system's report, like the meters.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct ThbKeyed {
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub system_draw: Option<SystemDraw>,
}

// The system draws at the deal; the game has no steps of its own.
crate::no_own_steps!(
    ThbPart,
    keyed = ThbKeyed,
    fn keep_keyed(&mut self, keyed: &ThbKeyed) {
        self.system_draw = keyed.system_draw;
    },
    fn system_drew(keyed: &mut ThbKeyed, draw: Option<SystemDraw>) {
        keyed.system_draw = draw;
    },
    /// The system's draw in the replay's words (the walk of issue 43 found it missing there).
    fn keyed_words(keyed: &ThbKeyed) -> Vec<String> {
        keyed
            .system_draw
            .map(|d| {
                let lucky = match d.lucky {
                    0 => "the dealer".to_string(),
                    seat => format!("seat {seat}"),
                };
                vec![format!(
                    "the table game system drew the Magic Card {} and the Lucky Bonus for {lucky} (§ 647a.1)",
                    d.magic_card.pretty()
                )]
            })
            .unwrap_or_default()
    }
);

impl RoundPart for ThbPart {}

/// The round as Texas Hold 'Em Bonus's settlement reads it.
impl GameRound for Round {
    type Rules = Rules;
    const SETTLE: Settle<Round> = super::settle;

    fn of_round(r: &BankedRound, meters: &BTreeMap<String, Cents>) -> Round {
        let seat = |s: u8| Seat {
            seat: s,
            cards: r.cards_text(s),
            wagers: Wagers {
                ante: r.ante(s),
                bonus: r.wager(s, "bonus"),
                progressive: r.wager(s, "progressive"),
                fchb_player: r.wager(s, "fchb_player"),
                fchb_dealer: r.wager(s, "fchb_dealer"),
            },
            flop: r.decided(s, 0),
            turn: r.decided(s, 1),
            river: r.decided(s, 2),
            result: r.tapped(s),
        };
        // The Five Card Bonus meter (hw/progressive-protocol.md, "Meters") and the system's
        // draw, where a seat in play wagered on the Five Card Hand Bonus (§ 647a.11(j),
        // § 647a.12(e)).
        let five_card = r.wagered_in_play("fchb_player") || r.wagered_in_play("fchb_dealer");
        let draw = r.system_draw().filter(|_| five_card);
        Round {
            game: r.game.id().to_string(),
            dealer: r.dealer_text(),
            community: r.community_text(),
            by_results: r.results.is_some(),
            seats: r.seats_settled().into_iter().map(seat).collect(),
            meters: Meters {
                progressive: r.progressive_meter(meters),
                five_card_bonus: meters
                    .get(&METER_FIVE_CARD_BONUS.to_string())
                    .copied()
                    .filter(|_| five_card),
            },
            magic_card: draw.map(|d| d.magic_card.to_string()),
            lucky: draw.map(|d| match d.lucky {
                0 => Lucky::Dealer("dealer".to_string()),
                seat => Lucky::Seat(seat),
            }),
        }
    }
}

impl BankedRound {
    /// What the table game system drew for this round's Five Card Hand Bonus, as it reported it.
    pub fn system_draw(&self) -> Option<SystemDraw> {
        match &self.part {
            crate::rules::banked::round::GamePart::TexasHoldemBonus(p) => p.system_draw,
            _ => None,
        }
    }
}
