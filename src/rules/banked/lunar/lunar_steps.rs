//! Lunar Poker's own commands and events ([`OwnSteps`] of its part): the Options fee's draw
//! (§ 589.11(b)(3)), a hand declared face up (§ 589.11(c)), "all decisions are locked in" and
//! its payment (§ 589.11(c)), and the card that replaced the dealer's highest (§ 589.11(e)(2)(ii)).
//! The round carries them as `BankedCommand::Own` and `BankedEvent::Own`; in the journal they
//! read as they always have (`{"event": "draw-bought", …}`).

use super::lunar_part::{DrawKind, LunarPlay};
use crate::rules::banked::round::{
    BankedCommand, BankedEvent, BankedRound, BankedStep, CardCheck, GameCommand, GameEvent,
    KeyedHands, OwnSteps, fold_by_deciding,
};
use crate::rules::banked::{House, Settlement, Signer};
use crate::rules::cards::{Card, pretty_cards};
use crate::rules::machine::Refusal;
use crate::rules::money;
use crate::refusal;
use serde::{Deserialize, Serialize};

/// The dealer's inputs of Lunar Poker's own steps.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "command", rename_all = "kebab-case")]
pub enum LunarCommand {
    /// The player pays an Options fee equal to the Ante to draw (§ 589.11(b)(3)).
    Draw { seat: u8, kind: DrawKind },
    /// The player declared and turned the five cards face up (§ 589.11(c)). `instant`: a royal
    /// or straight flush, paid instantly, which places no Bet (§ 589.11(b)(2)); otherwise a
    /// declaration for the Super Wager (§ 589.11(c)(2)(ii)), made before deciding.
    Declare { seat: u8, instant: bool },
    /// "All decisions are locked in": the declared hands' first five cards, face up. The rules
    /// settle their instant payouts and every Super Wager from them (`settle_lock_in`), paid
    /// before any other card is dealt (§ 589.11(c)).
    LockIn { cards: Vec<(u8, Vec<Card>)> },
    /// The dealer paid what was settled at lock-in.
    LockInPaid,
    /// The card that replaced the dealer's highest card (§ 589.11(e)(2)(ii)).
    Replacement { card: Card },
}

/// What Lunar Poker's cards step carries besides the hands: per drawing seat, the cards given
/// up (none for a sixth card) and the cards dealt for them (§ 589.11(d)(2)(i)). Written in
/// every house-banked game's cards row, empty in another game's, as it always was.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct LunarKeyed {
    #[serde(default)]
    pub draws: Vec<(u8, Vec<Card>, Vec<Card>)>,
}

/// What Lunar Poker's own steps recorded, one journal row each. The lock-in carries its
/// settlement as the round's `Settled` does: an event is written once and read once.
#[allow(clippy::large_enum_variant)]
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "event", rename_all = "kebab-case")]
pub enum LunarEvent {
    /// An Options fee paid to draw (§ 589.11(b)(3)).
    DrawBought {
        seat: u8,
        draw: DrawKind,
        fee: crate::rules::Cents,
    },
    /// A hand declared face up (§ 589.11(c)); a second declaration withdraws it.
    Declared { seat: u8, instant: bool },
    /// The declared hands keyed at lock-in and what the rules settled on them.
    LockedIn {
        cards: Vec<(u8, Vec<Card>)>,
        settlement: Settlement,
    },
    /// The lock-in's settlement paid.
    LockInPaid,
    /// The card that replaced the dealer's highest card (§ 589.11(e)(2)(ii)).
    Replacement { card: Card },
}

impl From<LunarCommand> for BankedCommand {
    fn from(c: LunarCommand) -> BankedCommand {
        BankedCommand::Own(GameCommand::LunarPoker(c))
    }
}

impl From<LunarEvent> for BankedEvent {
    fn from(e: LunarEvent) -> BankedEvent {
        BankedEvent::Own(GameEvent::LunarPoker(e))
    }
}

impl BankedEvent {
    /// The Lunar Poker step this event records, if it is one.
    pub fn lunar(&self) -> Option<&LunarEvent> {
        match self {
            BankedEvent::Own(GameEvent::LunarPoker(e)) => Some(e),
            _ => None,
        }
    }
}

impl OwnSteps for LunarPlay {
    type Command = LunarCommand;
    type Event = LunarEvent;
    /// Lunar Poker's own steps are taken at the round's decisions and reveals.
    type Step = crate::rules::banked::round::Nothing;
    type Keyed = LunarKeyed;

    /// § 589.11(b)-(e), where the round stands; the lock-in is settled with the table's
    /// paytables, and its payment waits for the signature its amounts ask for.
    fn decide(
        round: &mut BankedRound,
        cmd: &LunarCommand,
        house: Option<&House>,
    ) -> Result<LunarEvent, Refusal> {
        match cmd {
            LunarCommand::LockIn { cards } => round.decide_lock_in(cards, house),
            LunarCommand::LockInPaid if house.is_some() => {
                if round.lock_in_signer(house) != Signer::None {
                    return Err(refusal!(
                        round.def().sections.decisions,
                        "a floorperson validates these payouts before they are paid"
                    ));
                }
                act(round, cmd)
            }
            _ => act(round, cmd),
        }
    }

    /// The lock-in as it was recorded: its cards checked and its settlement taken as recorded
    /// (`verify-log --replay` recomputes it); every other step decided again, without the
    /// paytables (its payment is held to the signer the lock-in recorded, `lock_in_paid`).
    fn fold(round: &mut BankedRound, e: &LunarEvent) -> Result<(), Refusal> {
        if let LunarEvent::LockedIn { cards, settlement } = e {
            return round.locked_in(cards, settlement);
        }
        fold_by_deciding::<Self>(round, e)
    }

    fn kind(e: &LunarEvent) -> &'static str {
        match e {
            LunarEvent::DrawBought { .. } => "options_fee_paid",
            LunarEvent::Declared { .. } => "hand_declared",
            LunarEvent::LockedIn { .. } => "lock_in_settled",
            LunarEvent::LockInPaid => "lock_in_paid",
            LunarEvent::Replacement { .. } => "replacement_card",
        }
    }

    fn command(e: &LunarEvent) -> Option<LunarCommand> {
        Some(match e {
            LunarEvent::DrawBought { seat, draw, .. } => LunarCommand::Draw {
                seat: *seat,
                kind: *draw,
            },
            LunarEvent::Declared { seat, instant } => LunarCommand::Declare {
                seat: *seat,
                instant: *instant,
            },
            LunarEvent::LockInPaid => LunarCommand::LockInPaid,
            LunarEvent::Replacement { card } => LunarCommand::Replacement { card: *card },
            LunarEvent::LockedIn { .. } => return None,
        })
    }

    fn sentence(e: &LunarEvent) -> String {
        match e {
            LunarEvent::DrawBought { seat, draw, fee } => format!(
                "Seat {seat} pays an Options fee of {} to {}",
                money(*fee),
                match draw {
                    DrawKind::Buy => "buy a sixth card",
                    DrawKind::Exchange => "exchange cards",
                }
            ),
            LunarEvent::Declared { seat, instant } => format!(
                "Seat {seat} declares {}",
                if *instant {
                    "a royal or straight flush"
                } else {
                    "for the Super Wager"
                }
            ),
            LunarEvent::LockedIn { cards, settlement } => format!(
                "All decisions locked in: {} keyed; {} settled",
                cards
                    .iter()
                    .map(|(s, c)| format!("seat {s} {}", pretty_cards(c)))
                    .collect::<Vec<_>>()
                    .join(", "),
                settlement.results.len()
            ),
            LunarEvent::LockInPaid => "The lock-in paid".into(),
            LunarEvent::Replacement { card } => {
                format!("{} replaced the dealer's highest card", card.pretty())
            }
        }
    }

    fn asks(step: &Self::Step) -> String {
        match *step {}
    }

    /// A draw bought or a hand declared is the seat's decision, taken back like a Bet.
    fn undoable(e: &LunarEvent) -> bool {
        matches!(e, LunarEvent::DrawBought { .. } | LunarEvent::Declared { .. })
    }

    /// The lock-in settles money, and its payment pays it.
    fn closes_undo(e: &LunarEvent) -> bool {
        matches!(e, LunarEvent::LockedIn { .. } | LunarEvent::LockInPaid)
    }

    /// § 589.11(d)(2)(i): each drawing seat's cards given up and dealt, against what its fee
    /// bought and the cards in play.
    fn check_keyed(
        round: &BankedRound,
        keyed: &LunarKeyed,
        hands: &KeyedHands<'_>,
        check: &mut CardCheck<'_>,
    ) -> Result<(), Refusal> {
        round.check_draws(&keyed.draws, hands, check)
    }

    fn keep_keyed(&mut self, keyed: &LunarKeyed) {
        self.drawn = keyed
            .draws
            .iter()
            .map(|(seat, gave, drew)| (*seat, (gave.clone(), drew.clone())))
            .collect();
    }

    /// The sixth card bought, the cards exchanged.
    fn keyed_words(keyed: &LunarKeyed) -> Vec<String> {
        keyed
            .draws
            .iter()
            .map(|(seat, gave, got)| {
                if gave.is_empty() {
                    format!("seat {seat} drew {}", pretty_cards(got))
                } else {
                    format!("seat {seat} gave up {} for {}", pretty_cards(gave), pretty_cards(got))
                }
            })
            .collect()
    }

    /// The lock-in's settlement, from the round's cards and the ones it keyed.
    fn recompute(
        round: Option<&BankedRound>,
        e: &LunarEvent,
        house: Option<&House>,
    ) -> Option<Result<(Settlement, Settlement), Refusal>> {
        let LunarEvent::LockedIn { cards, settlement } = e else {
            return None;
        };
        let (Some(round), Some(house)) = (round, house) else {
            return Some(Err(Refusal::plain(
                "no house-banked round with paytables to settle",
            )));
        };
        let mut keyed = round.clone();
        for (seat, c) in cards {
            keyed.cards.insert(*seat, c.clone());
        }
        Some(
            keyed
                .settle_lock_in(house)
                .map(|now| (settlement.clone(), now)),
        )
    }
}

/// § 589.11(b)-(e): the Options fee's sixth card or exchange, a declared royal or straight
/// flush, the lock-in's payment and the card that replaced the dealer's highest, where the round
/// stands (deciding a command or folding what was recorded).
fn act(round: &mut BankedRound, cmd: &LunarCommand) -> Result<LunarEvent, Refusal> {
    let def = round.def();
    match (cmd, round.step.clone()) {
        (LunarCommand::Draw { seat, kind }, BankedStep::Decide { phase, seat: due })
            if def.phases[phase].options_fee =>
        {
            round.buy_draw(*seat, *kind, phase, due)
        }
        (LunarCommand::Declare { seat, instant }, BankedStep::Decide { phase, seat: due })
            if def.phases[phase].options_fee =>
        {
            round.declare(*seat, *instant, phase, due)
        }
        (LunarCommand::LockInPaid, BankedStep::Reveal { phase }) => {
            round.lock_in_paid(phase).map(|()| {
                round.step = round.next_phase(phase);
                LunarEvent::LockInPaid
            })
        }
        (LunarCommand::Replacement { card }, BankedStep::Reveal { phase })
            if def.phases[phase].after_cards =>
        {
            round.replace_dealers_card(*card)
        }
        (cmd, step) => Err(Refusal::plain(format!(
            "{cmd:?} does not fit the step {step:?}"
        ))),
    }
}
