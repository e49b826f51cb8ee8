//! A house-banked game's own steps: the commands, events and steps only it has (Lunar Poker's
//! Options fee, declarations and lock-in; Spanish 21's hands), defined in its folder as
//! [`OwnSteps`] of its part. The generic round carries them as one variant each,
//! `BankedCommand::Own`, `BankedEvent::Own` and `BankedStep::Own`, whose enums
//! ([`GameCommand`](super::GameCommand), [`GameEvent`](super::GameEvent),
//! [`GameStep`](super::GameStep), in `game_part.rs`) are written from the game list, so the
//! generic round's commands, events and steps name no game.
//!
//! In the journal a game's own event is written as it stands, with the `event` tag of the
//! round's events (`{"event": "draw-bought", …}`): rows written before the games' events moved
//! to their folders read the same.

use super::BankedRound;
use crate::rules::banked::{House, Settlement};
use crate::rules::cards::Card;
use crate::rules::machine::Refusal;
use serde::de::DeserializeOwned;
use serde::{Deserialize, Serialize};
use std::collections::BTreeMap;
use std::fmt::Debug;

/// What a game's own commands and events must be: compared, copied, journaled.
pub trait StepData: Debug + Clone + PartialEq + Eq + Serialize + DeserializeOwned {}
impl<T: Debug + Clone + PartialEq + Eq + Serialize + DeserializeOwned> StepData for T {}

/// The commands and events a house-banked game has besides every game's (wagers, decisions,
/// reveals, cards, payment), and how the round decides and folds them. A game with none takes
/// [`Nothing`] for both (the `NoPart` games).
pub trait OwnSteps {
    /// The dealer's (or a device's) inputs for the game's own steps.
    type Command: StepData;
    /// What they recorded, one journal row each.
    type Event: StepData;
    /// Where the round stands in them (Spanish 21's box and hand).
    type Step: StepData;
    /// What the game's cards step carries besides the hands every game keys (Lunar Poker's
    /// draws, the table game system's draw in Texas Hold 'Em Bonus): a struct whose fields the
    /// cards row holds beside the hands ([`GameKeyed`](super::GameKeyed) flattens it);
    /// [`NoKeyed`] for none.
    type Keyed: StepData + Default;

    /// Decides one of the game's own commands where `round` stands: its event or a refusal
    /// naming the section. `house` is the table's paytables and choices (none when a recorded
    /// event is replayed). The round is a copy: a refusal may leave it half changed.
    fn decide(
        round: &mut BankedRound,
        cmd: &Self::Command,
        house: Option<&House>,
    ) -> Result<Self::Event, Refusal>;

    /// Folds one of the game's own recorded events into `round` (a copy): by default its
    /// command decided again must give the event as recorded.
    fn fold(round: &mut BankedRound, e: &Self::Event) -> Result<(), Refusal>
    where
        Self: Sized,
    {
        fold_by_deciding::<Self>(round, e)
    }

    /// The journal's `kind` column.
    fn kind(e: &Self::Event) -> &'static str;

    /// The command the event records (none for what the rules computed).
    fn command(e: &Self::Event) -> Option<Self::Command>;

    /// The event as the sentence a supervisor reads.
    fn sentence(e: &Self::Event) -> String;

    /// What the dealer is asked to do at the step, in a few words.
    fn asks(step: &Self::Step) -> String;

    /// Whether the dealer may take the event back as the last step (a decision).
    fn undoable(_e: &Self::Event) -> bool {
        false
    }

    /// Whether the event closes what came before it to taking back (money settled or paid).
    fn closes_undo(_e: &Self::Event) -> bool {
        false
    }

    /// Why the dealer may not give the command from the screen, if only an irregularity may
    /// give it (Spanish 21's missed card, § 635a.13(i)).
    fn dealer_refused(_cmd: &Self::Command) -> Option<Refusal> {
        None
    }

    /// Checks what the cards step carried for the game (`keyed`) where `round` stands, with
    /// the hands it keyed (`hands`); each card it deals goes through `check` (once in the
    /// round). Nothing to check by default.
    fn check_keyed(
        _round: &BankedRound,
        _keyed: &Self::Keyed,
        _hands: &KeyedHands<'_>,
        _check: &mut CardCheck<'_>,
    ) -> Result<(), Refusal> {
        Ok(())
    }

    /// Keeps what the cards step carried for the game, once checked.
    fn keep_keyed(&mut self, _keyed: &Self::Keyed) {}

    /// The table game system's draw for the round (§ 647a.1), as the terminal read it from the
    /// system's report: kept in the game's fields where the game takes one (Texas Hold 'Em
    /// Bonus), nowhere by default.
    fn system_drew(_keyed: &mut Self::Keyed, _draw: Option<super::SystemDraw>) {}

    /// What the cards step carried for the game, in words for the cards row's sentence.
    fn keyed_words(_keyed: &Self::Keyed) -> Vec<String> {
        Vec::new()
    }

    /// A settlement the event records and the one the rules give now for it, from `round`
    /// before the event and the table's `house` (`verify-log --replay`; refused without
    /// them); `None`: it records no settlement.
    fn recompute(
        _round: Option<&BankedRound>,
        _e: &Self::Event,
        _house: Option<&House>,
    ) -> Option<Result<(Settlement, Settlement), Refusal>> {
        None
    }
}

/// Folds a recorded event of `P`'s by deciding its command again (without the table's
/// paytables, as a replay does): the rules must give the event as it was recorded.
pub fn fold_by_deciding<P: OwnSteps>(round: &mut BankedRound, e: &P::Event) -> Result<(), Refusal> {
    let cmd = P::command(e)
        .ok_or_else(|| Refusal::plain(format!("{} is not a dealer's step", P::kind(e))))?;
    let got = P::decide(round, &cmd, None)?;
    if got != *e {
        return Err(Refusal::plain(format!(
            "recorded {e:?}; the rules give {got:?} for it now"
        )));
    }
    Ok(())
}

/// The hands a cards step keyed, as a game's [`OwnSteps::check_keyed`] reads them.
pub struct KeyedHands<'a> {
    /// Every seat's cards keyed, kept ones included.
    pub seats: &'a BTreeMap<u8, Vec<Card>>,
    /// The seats whose cards this step keyed (from results, only those with cards).
    pub given: &'a [u8],
    /// The round is settled from the results the dealer tapped.
    pub from_results: bool,
}

/// Takes `n` cards for a place (named in words), each once in the round.
pub type CardCheck<'a> = dyn FnMut(&str, &[Card], usize) -> Result<(), Refusal> + 'a;

/// What the cards step of a game that carries nothing besides the hands carries.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct NoKeyed {}

/// The commands or events of a game that has no steps of its own: none can be made.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub enum Nothing {}

/// [`OwnSteps`] of a game's part that has no steps of its own: [`Nothing`] for its commands
/// and events; with `keyed = T`, what its cards step carries and the items that check, keep
/// and word it.
#[macro_export]
macro_rules! no_own_steps {
    ($part:ty) => {
        $crate::no_own_steps!($part, keyed = $crate::rules::banked::round::NoKeyed);
    };
    ($part:ty, keyed = $keyed:ty $(, $item:item)*) => {
        impl $crate::rules::banked::round::OwnSteps for $part {
            type Command = $crate::rules::banked::round::Nothing;
            type Event = $crate::rules::banked::round::Nothing;
            type Step = $crate::rules::banked::round::Nothing;
            type Keyed = $keyed;
            $($item)*

            fn decide(
                _round: &mut $crate::rules::banked::round::BankedRound,
                cmd: &Self::Command,
                _house: Option<&$crate::rules::banked::House>,
            ) -> Result<Self::Event, $crate::rules::machine::Refusal> {
                match *cmd {}
            }

            fn kind(e: &Self::Event) -> &'static str {
                match *e {}
            }

            fn command(e: &Self::Event) -> Option<Self::Command> {
                match *e {}
            }

            fn sentence(e: &Self::Event) -> String {
                match *e {}
            }

            fn asks(step: &Self::Step) -> String {
                match *step {}
            }
        }
    };
}

no_own_steps!(super::NoPart);
