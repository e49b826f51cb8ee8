//! A house-banked game's own part of a round: what its round holds besides the wagers,
//! decisions and cards every game has (Lunar Poker's draws and lock-in, Spanish 21's hands,
//! Texas Hold 'Em Bonus's system draw), and the questions the generic round asks it
//! ([`RoundPart`]). Each game names its part in its folder (`pub type Part = …`, [`NoPart`] for
//! a game with none); [`GamePart`] is written from the game list (`game_list.rs`), so the round
//! holds one `part` and names no game's fields.

use crate::rules::machine::Refusal;

use super::{
    BankedCommand, BankedEvent, BankedRound, BankedStep, CardCheck, KeyedHands, OwnSteps, Who,
};
use crate::rules::Cents;
use crate::rules::banked::{House, Settlement};
use crate::rules::game_id::GameId;
use serde::{Deserialize, Serialize};
use std::collections::BTreeMap;

/// What the generic round asks a game's part of the round. Every answer has a default, a game
/// without a part of its own ([`NoPart`]) takes them all.
pub trait RoundPart {
    /// The step after "no more bets": the deal, or the game's own (Spanish 21's hands).
    fn after_bets(&self) -> BankedStep {
        BankedStep::Deal
    }

    /// Whether `seat`, still in with a wager, decides in a phase whose `who` it is.
    fn decides(&self, _round: &BankedRound, _seat: u8, who: Who) -> bool {
        who == Who::StillIn
    }

    /// Whether `seat`'s hand is still settled at the showdown (Lunar Poker: not a royal or
    /// straight flush paid instantly at lock-in, § 589.11(c)(1)).
    fn at_showdown(&self, _seat: u8) -> bool {
        true
    }

    /// Whether the dealer reveals after `phase` although nobody decided in it (Lunar Poker:
    /// the dealer's cards after the draws when a Bet stands, § 589.11(e)).
    fn reveals_unasked(&self, _round: &BankedRound, _phase: usize) -> bool {
        false
    }

    /// Why the dealer may not reveal after `phase` yet, if he may not (Lunar Poker: the
    /// lock-in is settled first, § 589.11(c)).
    fn reveal_refused(&self, _round: &BankedRound, _phase: usize) -> Option<Refusal> {
        None
    }

    /// What `seat` has on the layout besides its wagers and decisions, which a void returns
    /// (Lunar Poker's Options fee, Spanish 21's doubled and split wagers).
    fn also_on_layout(&self, _round: &BankedRound, _seat: u8) -> Cents {
        0
    }

    /// What of `seat`'s stakes was settled at the table before the round's end, which a void
    /// does not return.
    fn settled_early(&self, _round: &BankedRound, _seat: u8) -> Cents {
        0
    }

    /// When `seat`'s `wager` was settled at the table before the end, in words for the pay
    /// screen; `None`: settled now.
    fn settled_at_table(
        &self,
        _round: &BankedRound,
        _seat: u8,
        _wager: &str,
    ) -> Option<&'static str> {
        None
    }

    /// A settlement paid before the cards were keyed (Lunar Poker's lock-in): its lines are
    /// not signed for again, nor lost again with a seat's wagers.
    fn paid_before(&self) -> Option<&Settlement> {
        None
    }

    /// When the hands keyed before the cards step were keyed, if some were (they stand as
    /// keyed then): "when all decisions were locked in".
    fn hands_keyed_earlier(&self) -> Option<&'static str> {
        None
    }

    /// The fees `seat` put on the layout, lost with its wagers (name and amount).
    fn fees(&self, _round: &BankedRound, _seat: u8) -> Vec<(String, Cents)> {
        Vec::new()
    }

    /// `seat`'s wagers are lost before the settlement: what the part drops, and whether a fee
    /// was lost with them. Refused where the game's round has gone past it.
    fn lose(&mut self, seat: u8) -> Result<bool, Refusal> {
        let _ = seat;
        Ok(false)
    }

    /// The category of `seat`'s hand where its cards were keyed before the results are tapped
    /// and no card was drawn to them (Lunar Poker: a hand declared at lock-in): the results
    /// screen takes it, and another category tapped for it is refused.
    fn category_keyed(&self, _round: &BankedRound, _seat: u8) -> Option<&'static str> {
        None
    }

    /// Whether the dealer's hand is keyed at settlement: a hand still plays against it (Lunar
    /// Poker: none once every hand was settled at lock-in or folded, § 589.11(c)(1)).
    fn dealer_needed(&self, _round: &BankedRound) -> bool {
        true
    }

    /// Whether the seat holds six cards (Lunar Poker's bought card, § 589.11(d)(2)(i)(A)).
    fn six_cards(&self, _seat: u8) -> bool {
        false
    }

    /// Whether the dealer's hand was replaced for the players who forced it (§ 589.11(e)(2)).
    fn dealer_replaced(&self) -> bool {
        false
    }

    /// One of every game's commands the game takes where the round stands, deciding or
    /// folding what was recorded (Lunar Poker's reveal and signature at lock-in): its event, a
    /// refusal, or `None` for a command the game leaves to the round. Its own commands are its
    /// [`OwnSteps`](super::OwnSteps).
    fn act_own(
        _round: &mut BankedRound,
        _cmd: &BankedCommand,
    ) -> Option<Result<BankedEvent, Refusal>>
    where
        Self: Sized,
    {
        None
    }
}

/// The part of a game whose round holds nothing of its own.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Serialize)]
pub struct NoPart;

impl RoundPart for NoPart {}

/// Writes [`GamePart`] from the game list: one variant per house-banked game, holding its
/// folder's `Part`.
macro_rules! game_parts {
    (
        poker: [$($p:ident $pid:literal $pdef:ident,)*],
        banked: [$($b:ident $bid:literal $bfolder:ident,)*],
    ) => {
        /// A house-banked round's game part, by game.
        #[derive(Debug, Clone, PartialEq, Eq, Serialize)]
        pub enum GamePart {
            $($b(crate::rules::banked::$bfolder::Part),)*
        }

        impl GamePart {
            /// An empty part of `game`'s round; `None` for a poker-room game.
            pub fn of(game: GameId) -> Option<GamePart> {
                match game {
                    $(GameId::$b => Some(GamePart::$b(Default::default())),)*
                    _ => None,
                }
            }

            /// The part, as the generic round asks it.
            pub fn get(&self) -> &dyn RoundPart {
                match self {
                    $(GamePart::$b(p) => p,)*
                }
            }

            /// The part, as the generic round changes it.
            pub fn get_mut(&mut self) -> &mut dyn RoundPart {
                match self {
                    $(GamePart::$b(p) => p,)*
                }
            }

            /// [`RoundPart::act_own`] of `round`'s game.
            pub fn act_own(
                round: &mut BankedRound,
                cmd: &BankedCommand,
            ) -> Option<Result<BankedEvent, Refusal>> {
                match round.part {
                    $(GamePart::$b(_) => <crate::rules::banked::$bfolder::Part as RoundPart>::act_own(round, cmd),)*
                }
            }

            /// [`OwnSteps::decide`] of `round`'s game; a command of another game is refused.
            pub fn decide_game(
                round: &mut BankedRound,
                cmd: &GameCommand,
                house: Option<&House>,
            ) -> Result<BankedEvent, Refusal> {
                match (&round.part, cmd) {
                    $((GamePart::$b(_), GameCommand::$b(c)) => {
                        <crate::rules::banked::$bfolder::Part as OwnSteps>::decide(round, c, house)
                            .map(|e| BankedEvent::Own(GameEvent::$b(e)))
                    })*
                    _ => Err(Refusal::plain(format!(
                        "a step of another game than {}: {cmd:?}",
                        round.game.id()
                    ))),
                }
            }

            /// `round` settled by its game: its folder's `Round` built from the round
            /// ([`GameRound`](super::GameRound)), with the controller's `meters`.
            pub fn settle(
                round: &BankedRound,
                meters: &BTreeMap<String, Cents>,
                house: &House,
            ) -> Result<Settlement, crate::rules::banked::SettleError> {
                match round.part {
                    $(GamePart::$b(_) => super::game_round::settle_round::<
                        crate::rules::banked::$bfolder::Round,
                    >(round, meters, house),)*
                }
            }

            /// `round` as its game's settlement reads it, as `deckhand settle` reads it
            /// (docs/settle.md).
            pub fn settle_input(
                round: &BankedRound,
                meters: &BTreeMap<String, Cents>,
            ) -> serde_json::Value {
                use super::GameRound;
                let input = match round.part {
                    $(GamePart::$b(_) => serde_json::to_value(
                        crate::rules::banked::$bfolder::Round::of_round(round, meters),
                    ),)*
                };
                // A game's `Round` is fields, lists and strings: nothing it holds fails to write.
                input.unwrap_or_default()
            }

            /// [`OwnSteps::keep_keyed`]: the part keeps what the cards step carried for it.
            pub fn keep_keyed(&mut self, keyed: &GameKeyed) {
                match self {
                    $(GamePart::$b(p) => p.keep_keyed(&keyed.$bfolder),)*
                }
            }

            /// [`OwnSteps::fold`] of `round`'s game; an event of another game is refused.
            pub fn fold_game(round: &mut BankedRound, e: &GameEvent) -> Result<(), Refusal> {
                match (&round.part, e) {
                    $((GamePart::$b(_), GameEvent::$b(e)) => {
                        <crate::rules::banked::$bfolder::Part as OwnSteps>::fold(round, e)
                    })*
                    _ => Err(Refusal::plain(format!(
                        "a step of another game than {}: {e:?}",
                        round.game.id()
                    ))),
                }
            }
        }

        /// What a cards step carries besides the hands, each game's ([`OwnSteps::Keyed`] of
        /// its part) as a field named for its folder; in the journal their fields stand in the
        /// row beside the hands (flattened), so a row reads as it did before they moved to the
        /// games' folders.
        #[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
        pub struct GameKeyed {
            $(
                #[serde(flatten)]
                pub $bfolder: <crate::rules::banked::$bfolder::Part as OwnSteps>::Keyed,
            )*
        }

        impl GameKeyed {
            /// [`OwnSteps::check_keyed`] of every game, each of its own fields, whatever the
            /// round's game: a game checks them against any round (Lunar Poker refuses a draw
            /// no Options fee was paid for, so any in another game's round). Only the round's
            /// game keeps its own ([`GamePart::keep_keyed`]).
            pub fn check(
                &self,
                round: &BankedRound,
                hands: &KeyedHands<'_>,
                check: &mut CardCheck<'_>,
            ) -> Result<(), Refusal> {
                $(<crate::rules::banked::$bfolder::Part as OwnSteps>::check_keyed(
                    round, &self.$bfolder, hands, check,
                )?;)*
                Ok(())
            }

            /// [`OwnSteps::system_drew`] of `game`: the system's draw in its fields, where it
            /// takes one.
            pub fn system_drew(&mut self, game: GameId, draw: Option<super::SystemDraw>) {
                match game {
                    $(GameId::$b => <crate::rules::banked::$bfolder::Part as OwnSteps>::system_drew(&mut self.$bfolder, draw),)*
                    _ => {}
                }
            }

            /// In words ([`OwnSteps::keyed_words`]), every game's that carries any.
            pub fn words(&self) -> Vec<String> {
                let mut said = Vec::new();
                $(said.extend(<crate::rules::banked::$bfolder::Part as OwnSteps>::keyed_words(&self.$bfolder));)*
                said
            }
        }

        /// A house-banked game's own command, by game ([`OwnSteps::Command`] of its part).
        #[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
        #[serde(untagged)]
        pub enum GameCommand {
            $($b(<crate::rules::banked::$bfolder::Part as OwnSteps>::Command),)*
        }

        impl GameCommand {
            /// Why the dealer may not give it from the screen ([`OwnSteps::dealer_refused`]).
            pub fn dealer_refused(&self) -> Option<Refusal> {
                match self {
                    $(GameCommand::$b(c) => <crate::rules::banked::$bfolder::Part as OwnSteps>::dealer_refused(c),)*
                }
            }
        }

        /// Where a round stands in a house-banked game's own steps, by game
        /// ([`OwnSteps::Step`] of its part).
        #[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
        #[serde(untagged)]
        pub enum GameStep {
            $($b(<crate::rules::banked::$bfolder::Part as OwnSteps>::Step),)*
        }

        impl GameStep {
            /// What the dealer is asked to do there ([`OwnSteps::asks`]).
            pub fn asks(&self) -> String {
                match self {
                    $(GameStep::$b(s) => <crate::rules::banked::$bfolder::Part as OwnSteps>::asks(s),)*
                }
            }
        }

        /// A house-banked game's own event, by game ([`OwnSteps::Event`] of its part), written
        /// in the journal as the game's event stands.
        #[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
        #[serde(untagged)]
        pub enum GameEvent {
            $($b(<crate::rules::banked::$bfolder::Part as OwnSteps>::Event),)*
        }

        impl GameEvent {
            /// The journal's `kind` column.
            pub fn kind(&self) -> &'static str {
                match self {
                    $(GameEvent::$b(e) => <crate::rules::banked::$bfolder::Part as OwnSteps>::kind(e),)*
                }
            }

            /// The dealer's command it records.
            pub fn command(&self) -> Option<GameCommand> {
                match self {
                    $(GameEvent::$b(e) => <crate::rules::banked::$bfolder::Part as OwnSteps>::command(e).map(GameCommand::$b),)*
                }
            }

            /// In words.
            pub fn sentence(&self) -> String {
                match self {
                    $(GameEvent::$b(e) => <crate::rules::banked::$bfolder::Part as OwnSteps>::sentence(e),)*
                }
            }

            /// Whether the dealer may take it back as the last step.
            pub fn undoable(&self) -> bool {
                match self {
                    $(GameEvent::$b(e) => <crate::rules::banked::$bfolder::Part as OwnSteps>::undoable(e),)*
                }
            }

            /// [`OwnSteps::recompute`]: the settlement it records and the one the rules give
            /// now, from the round before it and the table's paytables.
            pub fn recompute(
                &self,
                round: Option<&BankedRound>,
                house: Option<&House>,
            ) -> Option<Result<(Settlement, Settlement), Refusal>> {
                match self {
                    $(GameEvent::$b(e) => <crate::rules::banked::$bfolder::Part as OwnSteps>::recompute(round, e, house),)*
                }
            }

            /// Whether it closes what came before it to taking back.
            pub fn closes_undo(&self) -> bool {
                match self {
                    $(GameEvent::$b(e) => <crate::rules::banked::$bfolder::Part as OwnSteps>::closes_undo(e),)*
                }
            }
        }
    };
}
crate::rules::game_list::every_game!(game_parts);
