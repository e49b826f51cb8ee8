//! What goes in and out of a house-banked round: the step it is at, the dealer's commands and
//! the events that say what happened.

use super::*;

/// Where the round stands.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "step", rename_all = "kebab-case")]
pub enum BankedStep {
    /// Players place their wagers; the dealer keys each seat's.
    Wagers,
    /// "No more bets" was called: deal.
    Deal,
    /// A player's decision in a phase.
    Decide { phase: usize, seat: u8 },
    /// Everyone decided: the dealer reveals what the phase's `then` says.
    Reveal { phase: usize },
    /// The dealer keys every hand for settlement.
    Cards,
    /// The settlement is shown; the dealer pays in its order.
    Pay { verify: bool },
    /// A game's own step (Spanish 21's boxes and hands): its folder's
    /// [`OwnSteps`](super::OwnSteps).
    #[serde(untagged)]
    Own(super::GameStep),
}

pub use crate::rules::banked::lunar::lunar_part::DrawKind;
pub use crate::rules::banked::thb::thb_part::SystemDraw;

/// The dealer's inputs.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "command", rename_all = "kebab-case")]
pub enum BankedCommand {
    Wagers {
        seat: u8,
        wagers: BTreeMap<String, Cents>,
    },
    /// A seat dealt in whose player places no wager is taken out of the round before "No more
    /// bets" (which refuses while a seat has none).
    SeatOut {
        seat: u8,
    },
    /// The box `seat` is wagered on by the same player as the box to its left (`joined`), or by
    /// a player of its own (§ 677a.7(e), § 647a.7(e), § 635a.6(f)).
    SamePlayer {
        seat: u8,
        joined: bool,
    },
    NoMoreBets,
    Dealt,
    /// A multiple of the Ante; 0 folds or checks as the phase says.
    Decide {
        seat: u8,
        multiple: u8,
    },
    Revealed,
    Cards {
        /// Seat and cards (a list, not a map: the journal's JSON keeps seat numbers numbers).
        seats: Vec<(u8, Vec<Card>)>,
        dealer: Vec<Card>,
        community: Vec<Card>,
        /// What the round's game carries besides the hands (Lunar Poker's draws; Texas Hold
        /// 'Em Bonus's system draw, which the terminal fills in like the meters), its fields
        /// beside these in the journal.
        #[serde(flatten)]
        own: super::GameKeyed,
        /// The progressive meters as the controller last reported them, by meter id; the
        /// terminal fills them in (a device reading, not the dealer's).
        #[serde(default)]
        meters: BTreeMap<String, Cents>,
        /// What a card-reading automated dealing shoe read of the hands keyed, by place; the
        /// terminal fills it in from the device's reports (none: every hand keyed).
        #[serde(default, skip_serializing_if = "Vec::is_empty")]
        read: Vec<(HandPlace, Vec<Card>)>,
        /// The hands settled from the results the dealer tapped, without a reading device
        /// (`results.rs`): the cards above are then only those a bonus pays on.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        results: Option<Results>,
    },
    /// The progressive table game system's report at "no more bets": the Progressive Payout
    /// Wagers it accepted, by seat (§ 647a.8(b), § 655a.8(b), § 657a.8(b): the chips collected
    /// must equal them). A seat keyed above what the system accepted wagers what it accepted; the
    /// chips over it go back to the player. A device's report, never the dealer's tap.
    ProgressiveAccepted {
        wagers: Vec<(u8, Cents)>,
    },
    /// A floorperson validated the payouts that need it (§ 647a.11(i)(3), § 655a.11,
    /// § 657a.11(e)(3)).
    Validated {
        floorperson: crate::rules::people::Person,
    },
    Paid,
    /// A game's own step (Lunar Poker's draws and lock-in, Spanish 21's hands): its folder's
    /// [`OwnSteps`](super::OwnSteps).
    Own(super::GameCommand),
}

/// What happened in a house-banked round, one journal row each: the dealer's step with what the
/// rules made of it (the amounts, the cards), or the settlement the rules computed. In the
/// journal it sits inside the table's event, whose tag is `kind`: no field here is named `kind`
/// (a test round-trips every event through the table's event).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "event", rename_all = "kebab-case")]
pub enum BankedEvent {
    /// A seat's wagers as accepted: within the posted limits, the equal spots filled in
    /// (none: the seat's wagers taken off).
    WagersPlaced {
        seat: u8,
        wagers: BTreeMap<String, Cents>,
    },
    /// A seat without a wager taken out of the round.
    SeatOut { seat: u8 },
    /// The box is the same player's as the box to its left, or its own player's again.
    SamePlayer { seat: u8, joined: bool },
    /// "No more bets" (§ x.7): the seats that play the round.
    BetsClosed { seats: Vec<u8> },
    /// The progressive system accepted less than was keyed: its report (`accepted`, by seat)
    /// and each seat lowered to it as (seat, keyed, accepted), the rest returned to the player.
    ProgressiveAccepted {
        accepted: Vec<(u8, Cents)>,
        changed: Vec<(u8, Cents, Cents)>,
    },
    /// The cards dealt by the table's dealing method (§ x.8–x.10).
    Dealt,
    /// A player's decision in a phase: the multiple of the Ante and the amount wagered (0 folds
    /// or checks as the phase says).
    Decided {
        seat: u8,
        phase: usize,
        multiple: u8,
        amount: Cents,
    },
    /// The dealer revealed what the phase's `then` says.
    Revealed { phase: usize },
    /// The round is void, but these wagers are still settled by their paytables (§ 677a.13(a),
    /// (d), § 647a.13(a),(d)): their seats' cards are keyed next. Written by the table with the
    /// irregularity that voided the round.
    VoidSettling { settles: VoidSettles },
    /// Every wager of a seat lost before the settlement: the player left the table during the
    /// round, or forfeited by sharing information about his hand. Written by the table with
    /// the irregularity a floorperson signed.
    WagersLost {
        seat: u8,
        lost: Lost,
        /// What the seat had on the layout and loses, wager by wager.
        #[serde(default)]
        stakes: Vec<(String, Cents)>,
    },
    /// Every hand keyed, and the meters the settlement pays from.
    CardsKeyed {
        seats: Vec<(u8, Vec<Card>)>,
        dealer: Vec<Card>,
        community: Vec<Card>,
        /// What the round's game carries besides the hands, its fields beside these.
        #[serde(flatten)]
        own: super::GameKeyed,
        meters: BTreeMap<String, Cents>,
        /// Where each hand's cards came from, where a device read any (read, corrected with
        /// the reading kept, or keyed); none when every hand was keyed.
        #[serde(default, skip_serializing_if = "Vec::is_empty")]
        sources: Vec<HandSource>,
        /// The results the dealer tapped, where the round is settled from them.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        results: Option<Results>,
    },
    /// The round settled from the table's paytables, in the dealer's order.
    Settled { settlement: Settlement },
    /// A floorperson validated the payouts that need it.
    Validated {
        floorperson: crate::rules::people::Person,
    },
    /// The dealer paid the round.
    Paid,
    /// A game's own step, as its folder's [`OwnSteps`](super::OwnSteps) records it. Written
    /// as the game's event stands (its `event` tag among these), so it comes last.
    #[serde(untagged)]
    Own(super::GameEvent),
}

impl BankedEvent {
    /// The journal's `kind` column.
    pub fn kind(&self) -> &'static str {
        match self {
            BankedEvent::WagersPlaced { .. } => "wagers_placed",
            BankedEvent::SeatOut { .. } => "seat_out",
            BankedEvent::SamePlayer { .. } => "same_player",
            BankedEvent::BetsClosed { .. } => "no_more_bets",
            BankedEvent::ProgressiveAccepted { .. } => "progressive_wagers_accepted",
            BankedEvent::Dealt => "round_dealt",
            BankedEvent::Decided { .. } => "player_decided",
            BankedEvent::Revealed { .. } => "dealer_revealed",
            BankedEvent::VoidSettling { .. } => "void_settles_wagers",
            BankedEvent::WagersLost { .. } => "wagers_lost",
            BankedEvent::CardsKeyed { .. } => "cards_keyed",
            BankedEvent::Settled { .. } => "round_settled",
            BankedEvent::Validated { .. } => "payouts_validated",
            BankedEvent::Paid => "round_paid",
            BankedEvent::Own(e) => e.kind(),
        }
    }

    /// The dealer's command this event records (none for what the rules computed).
    pub fn command(&self) -> Option<BankedCommand> {
        Some(match self {
            BankedEvent::WagersPlaced { seat, wagers } => BankedCommand::Wagers {
                seat: *seat,
                wagers: wagers.clone(),
            },
            BankedEvent::SeatOut { seat } => BankedCommand::SeatOut { seat: *seat },
            BankedEvent::SamePlayer { seat, joined } => BankedCommand::SamePlayer {
                seat: *seat,
                joined: *joined,
            },
            BankedEvent::BetsClosed { .. } => BankedCommand::NoMoreBets,
            BankedEvent::ProgressiveAccepted { accepted, .. } => {
                BankedCommand::ProgressiveAccepted {
                    wagers: accepted.clone(),
                }
            }
            BankedEvent::Dealt => BankedCommand::Dealt,
            BankedEvent::Decided { seat, multiple, .. } => BankedCommand::Decide {
                seat: *seat,
                multiple: *multiple,
            },
            BankedEvent::Revealed { .. } => BankedCommand::Revealed,
            BankedEvent::CardsKeyed {
                seats,
                dealer,
                community,
                own,
                meters,
                sources,
                results,
            } => BankedCommand::Cards {
                seats: seats.clone(),
                dealer: dealer.clone(),
                community: community.clone(),
                own: own.clone(),
                meters: meters.clone(),
                read: readings_of(sources, seats, dealer, community),
                results: results.clone(),
            },
            BankedEvent::Own(e) => BankedCommand::Own(e.command()?),
            BankedEvent::Validated { floorperson } => BankedCommand::Validated {
                floorperson: floorperson.clone(),
            },
            BankedEvent::Paid => BankedCommand::Paid,
            BankedEvent::Settled { .. }
            | BankedEvent::VoidSettling { .. }
            | BankedEvent::WagersLost { .. } => return None,
        })
    }

    /// The person whose signature this event carries.
    pub fn signer(&self) -> Option<&crate::rules::people::Person> {
        match self {
            BankedEvent::Validated { floorperson } => Some(floorperson),
            _ => None,
        }
    }
}

/// A house-banked round in the rules' one shape (`rules::machine`): deciding reads the
/// paytables and choices the table opened with.
impl crate::rules::machine::Machine for BankedRound {
    type Command = BankedCommand;
    type Event = BankedEvent;
    type Context<'a> = Option<&'a House>;

    fn decide(
        &self,
        cmd: &BankedCommand,
        house: Option<&House>,
    ) -> Result<Vec<BankedEvent>, crate::rules::machine::Refusal> {
        BankedRound::decide(self, cmd, house)
    }

    fn apply(&mut self, events: &[BankedEvent]) -> Result<(), crate::rules::machine::Refusal> {
        let mut next = self.clone();
        for e in events {
            BankedRound::apply(&mut next, e)?;
        }
        *self = next;
        Ok(())
    }
}
