//! The journal in words: each event as the sentence a supervisor reads ("Seat 7 calls $2.00"),
//! each step as what the dealer is asked to do. Used by `deckhand replay`, the review's replay and
//! record views.

use super::*;
use crate::rules::banked::round::BankedStep;
use crate::rules::betting_actions::Action;
use crate::rules::money;
use crate::rules::poker::hand::{HandEvent, Step as HandStep};

pub(super) use crate::rules::cards::pretty_cards as cards;

pub(super) fn person(p: &Person) -> String {
    format!("{} ({})", p.name, p.credential)
}

pub(super) fn seats_list(seats: &[u8]) -> String {
    seats
        .iter()
        .map(|s| s.to_string())
        .collect::<Vec<_>>()
        .join(", ")
}

impl Event {
    /// What happened, in one sentence.
    pub fn sentence(&self) -> String {
        match self.part() {
            EventPart::Opening => self.opening_sentence(),
            EventPart::Shuffle => self.shuffle_sentence(),
            EventPart::Record => self.record_sentence(),
            EventPart::Round => self.round_sentence(),
            EventPart::InRound => self.in_round_sentence(),
        }
    }

    /// The table opened and closed, the dealer signed in and out, the decks inspected and washed.
    fn opening_sentence(&self) -> String {
        match self {
            Event::DealerSignedIn { dealer } => format!("{} signed in", person(dealer)),
            Event::DealerSignedOut { dealer } => format!("{} signed out", person(dealer)),
            Event::TableOpened { setup } => format!(
                "Table {} opened for {} with the {} deck{}",
                setup.table_no,
                setup.poker.game.name(),
                setup.decks_in_words(),
                if setup.decks_used() == 1 { "" } else { "s" }
            ),
            Event::DecksInspected { colours } => format!(
                "The {} deck{} inspected",
                colours.join(" and "),
                if colours.len() == 1 { "" } else { "s" }
            ),
            Event::InspectionVerified { floorperson } => {
                format!("Inspection verified by {}", person(floorperson))
            }
            Event::PlayersInspected => "The decks spread for the players".into(),
            Event::DecksWashed => "The decks washed and stacked".into(),
            Event::CardBurned => "One card burned".into(),
            Event::DecksChanged {
                minutes_in_play, ..
            } => format!(
                "The decks changed after {}",
                crate::rules::hours_minutes(*minutes_in_play)
            ),
            Event::TableClosed { rounds_played } => {
                format!("The table closed after {rounds_played} rounds")
            }
            _ => format!("{self:?}"),
        }
    }

    /// The decks shuffled, counted and cut, and the shuffler out of and back in service.
    fn shuffle_sentence(&self) -> String {
        match self {
            Event::ShuffleRequested { colour, .. } => {
                format!("The {colour} deck into the shuffler")
            }
            Event::DeckCounted {
                colour,
                counted,
                expected,
                verified_by,
                ..
            } => format!(
                "The {colour} deck counted {counted} of {expected}{}",
                verified_by
                    .as_ref()
                    .map_or(String::new(), |p| format!(", verified by {}", person(p)))
            ),
            Event::ManualCountEntered {
                colour, counted, ..
            } => format!("The dealer counted {counted} cards in the {colour} deck"),
            Event::StubCounted {
                colour,
                counted,
                expected,
                ..
            } => {
                if counted == expected {
                    format!(
                        "The stub of the {colour} deck counted: {counted} cards, the deck holds 52"
                    )
                } else {
                    format!("The stub of the {colour} deck counted {counted} cards, not {expected}")
                }
            }
            Event::DeckShuffledManually { colour, .. } => {
                format!("The {colour} deck shuffled and cut by hand")
            }
            Event::ShufflerOutOfService { .. } => "The shuffler taken out of service".into(),
            Event::ShufflerCovered => "The shuffler covered".into(),
            Event::PreshuffledDeckCut { colour, .. } => {
                format!("The preshuffled {colour} deck cut")
            }
            Event::ShufflerBackInService => "The shuffler back in service".into(),
            Event::ShuffleFailed { colour, detail, .. } => {
                format!("The shuffle of the {colour} deck failed: {detail}")
            }
            _ => format!("{self:?}"),
        }
    }

    /// The card reader, the dealing method, the records between rounds, irregularities and decks
    /// removed.
    fn record_sentence(&self) -> String {
        match self {
            Event::CardReaderOutOfService => "The card reader out of order".into(),
            Event::CardReaderInspected { floorperson } => format!(
                "The card reader inspected for tampering and working order by {}",
                floorperson.name
            ),
            Event::CardReaderRepaired { floorperson } => format!(
                "The card reader repaired or replaced, signed by {}",
                floorperson.name
            ),
            Event::DealingChanged { dealing, section } => {
                format!("The table now deals {} ({section})", dealing.name())
            }
            Event::BoxCounted { count, .. } => format!(
                "{} box counted: {}, container {}, witnessed by {}",
                count.jackpot_box.name(),
                money(count.amount),
                count.container_seal,
                person(&count.floorperson)
            ),
            Event::TimeChargesVerified { charges, total, .. } => format!(
                "Time charges of {} from seats {} verified by {}",
                money(*total),
                seats_list(&charges.seats),
                person(&charges.floorperson)
            ),
            Event::HighHandPeriodClosed {
                period,
                explanation,
                signed_by,
                ..
            } => format!(
                "High Hand period from {period} closed by {}: {explanation}",
                person(signed_by)
            ),
            Event::HighHandRecorded {
                slip, hand, line, ..
            } => format!(
                "High Hand slip line {line}: seat {}, {}, {hand}",
                slip.seat, slip.player_name
            ),
            Event::Irregularity {
                irregularity,
                section,
                seat,
                note,
                signed_by,
                ..
            } => format!(
                "Irregularity: {irregularity}{} ({section}){}{}",
                seat.map_or(String::new(), |s| format!(", seat {s}")),
                note.as_ref()
                    .map_or(String::new(), |n| format!("; recorded: \"{n}\"")),
                signed_by
                    .as_ref()
                    .map_or(String::new(), |p| format!(", signed by {}", person(p)))
            ),
            Event::DeckRemoved {
                colour, generation, ..
            } => format!("The {colour} deck No. {generation} removed"),
            Event::ReplacementInspected { colour, .. } => {
                format!("A replacement {colour} deck inspected")
            }
            Event::RemovalVerified {
                floorperson,
                disposition,
                ..
            } => match disposition {
                Some(d) => format!(
                    "The deck change verified by {}; the removed deck {d}",
                    person(floorperson)
                ),
                None => format!("The deck change verified by {}", person(floorperson)),
            },
            _ => format!("{self:?}"),
        }
    }

    /// A round started and ended, and the table idle or reshuffled after it.
    fn round_sentence(&self) -> String {
        match self {
            Event::ReshuffleOrdered {
                floorperson,
                section,
            } => format!(
                "{} directed the cards shuffled again ({section})",
                person(floorperson)
            ),
            // Poker spreads the decks face up (§ 637a.5(d)); the house-banked chapters face
            // down (§ x.5(f)).
            Event::TableIdle { section } => format!(
                "No play at the table: the decks spread face {} for the first players to arrive, then washed, shuffled and cut again ({section})",
                if section.starts_with("§ 637a") {
                    "up"
                } else {
                    "down"
                }
            ),
            Event::RoundStarted {
                number,
                colour,
                seats,
                button,
                ..
            } => format!(
                "Round {number} started with the {colour} deck: seats {}, button {button}",
                seats_list(seats)
            ),
            Event::BadBeatVerified { hit, supervisor } => format!(
                "Bad Beat verified by {}: seat {} lost with {}",
                person(supervisor),
                hit.losing_seat,
                hit.losing_hand
            ),
            Event::LosingHandsCounted { expected, correct } => format!(
                "The losing hands counted: {expected} cards {}",
                if *correct { "as expected" } else { "WRONG" }
            ),
            Event::PotAwarded {
                awards, pot, take, ..
            } if *pot == 0 && awards.iter().all(|(_, a)| *a == 0) => {
                // Betting not tracked: the winners and what was taken, the pot uncounted.
                let seats: Vec<String> = awards.iter().map(|(s, _)| format!("seat {s}")).collect();
                format!(
                    "Pot pushed to {} (betting kept at the table; rake {}, jackpot drops {})",
                    seats.join(" and "),
                    money(take.rake),
                    money(take.bad_beat + take.high_hand)
                )
            }
            Event::PotAwarded {
                awards, pot, take, ..
            } => {
                let pushes: Vec<String> = awards
                    .iter()
                    .map(|(s, a)| format!("{} to seat {s}", money(*a)))
                    .collect();
                format!(
                    "Pot of {} pushed: {}{}",
                    money(*pot),
                    pushes.join(", "),
                    take.words()
                )
            }
            _ => format!("{self:?}"),
        }
    }

    /// The steps in a round: stakes and absences, the hand's and the house-banked round's steps,
    /// undone, corrected, voided.
    fn in_round_sentence(&self) -> String {
        match self {
            Event::StakeAdded {
                seat,
                amount,
                stake,
            } => {
                if amount == stake {
                    format!(
                        "Seat {seat} sat down with {} in table stakes",
                        money(*stake)
                    )
                } else {
                    format!(
                        "Seat {seat} added {} to its table stakes: {} in all",
                        money(*amount),
                        money(*stake)
                    )
                }
            }
            Event::SeatLeft { seat, stake } => {
                format!("Seat {seat} left the table with {}", money(*stake))
            }
            Event::SeatAway {
                seat,
                stake,
                floorperson,
                covered,
            } => format!(
                "Seat {seat} stepped away: stakes {} {} by {}",
                money(*stake),
                if *covered { "covered" } else { "counted" },
                person(floorperson)
            ),
            Event::SeatBack {
                seat,
                stake,
                floorperson,
            } => format!(
                "Seat {seat} is back: stakes {} checked by {}",
                money(*stake),
                person(floorperson)
            ),
            Event::Hand { events } => events
                .iter()
                .map(HandEvent::sentence)
                .filter(|s| !s.is_empty())
                .collect::<Vec<_>>()
                .join("; "),
            Event::Banked(e) => e.sentence(),
            Event::StepUndone { what } => format!("Undone by the dealer: {what}"),
            Event::RoundCorrected {
                steps,
                to_before,
                signed_by,
            } => format!(
                "Round taken back {} by {}, to before: {to_before}",
                if *steps == 1 {
                    "1 step".to_string()
                } else {
                    format!("{steps} steps")
                },
                person(signed_by)
            ),
            Event::RoundVoided { number, refunds } => {
                let back: Vec<String> = refunds
                    .iter()
                    .filter(|(_, a)| *a > 0)
                    .map(|(s, a)| format!("{} to seat {s}", money(*a)))
                    .collect();
                format!("Round {number} void: {} returned", back.join(", "))
            }
            _ => format!("{self:?}"),
        }
    }
}

impl HandEvent {
    /// One outcome of a poker-room step in words (a betting round closing says nothing).
    pub fn sentence(&self) -> String {
        match self {
            HandEvent::Posted {
                seat,
                what,
                amount,
                all_in,
            } => format!(
                "seat {seat} posts the {what} {}{}",
                money(*amount),
                if *all_in { ", all in" } else { "" }
            ),
            HandEvent::Dealt {
                label,
                up,
                common,
                stub,
                ..
            } => {
                let mut s = label.clone();
                if !up.is_empty() {
                    let shown: Vec<String> = up
                        .iter()
                        .map(|(seat, c)| format!("seat {seat} {}", c.pretty()))
                        .collect();
                    s.push_str(&format!(" ({})", shown.join(", ")));
                }
                if let Some(c) = common {
                    s.push_str(&format!(" (common card {})", c.pretty()));
                }
                format!("{s}; {stub} cards in the stub")
            }
            HandEvent::BurnsReshuffled { cards } => {
                format!("the {cards} burn cards shuffled into the stub")
            }
            HandEvent::DiscardsReshuffled { cards, drawing } => {
                format!("{cards} discards reshuffled (not seat {drawing}'s)")
            }
            HandEvent::Discarded { seat, count } => format!("seat {seat} discards {count}"),
            HandEvent::Drew { seat, count: 0 } => format!("seat {seat} stands pat"),
            HandEvent::Drew { seat, count } => format!("seat {seat} draws {count}"),
            HandEvent::Acted {
                seat,
                action,
                all_in,
            } => {
                let what = match action {
                    Action::Fold => "folds".to_string(),
                    Action::Check => "checks".to_string(),
                    Action::Call { amount } => format!("calls {}", money(*amount)),
                    Action::Bet { amount } => format!("bets {}", money(*amount)),
                    Action::Raise { to, .. } => format!("raises to {}", money(*to)),
                };
                format!(
                    "seat {seat} {what}{}",
                    if *all_in { ", all in" } else { "" }
                )
            }
            HandEvent::Announced { seat } => {
                format!("seat {seat} announced (binding; chips corrected to it, § 637a.8(c),(d))")
            }
            HandEvent::BettingComplete { .. } => String::new(),
            HandEvent::StreetPlayed { name, .. } if name == "the draw" => "the draw done".into(),
            HandEvent::StreetPlayed { name, posts, .. } if !posts.is_empty() => {
                let p: Vec<String> = posts
                    .iter()
                    .map(|(s, w, a)| format!("seat {s} {w} {}", money(*a)))
                    .collect();
                format!("{} over (posted: {})", betting_of(name), p.join(", "))
            }
            HandEvent::StreetPlayed { name, .. } => format!("{} over", betting_of(name)),
            HandEvent::Won {
                seats,
                showdown: false,
            } => format!(
                "everyone else folded: seat {} wins",
                seats.first().copied().unwrap_or_default()
            ),
            HandEvent::Won { seats, .. } => {
                let s: Vec<String> = seats.iter().map(|s| format!("seat {s}")).collect();
                format!("at the showdown the pot goes to {}", s.join(" and "))
            }
            HandEvent::Uncontested { seat } => format!("everyone else folded: seat {seat} wins"),
            HandEvent::Awarded { result } => {
                let shown: Vec<String> = result
                    .shown
                    .iter()
                    .map(|(seat, text)| {
                        let c = result
                            .hands
                            .iter()
                            .find(|(s, _)| s == seat)
                            .map_or(String::new(), |(_, c)| format!("{} ", cards(c)));
                        format!("seat {seat} {c}({text})")
                    })
                    .collect();
                let won: Vec<String> = result
                    .totals
                    .iter()
                    .map(|(s, a)| format!("seat {s} {}", money(*a)))
                    .collect();
                let board = if result.board.is_empty() {
                    String::new()
                } else {
                    format!("board {}; ", cards(&result.board))
                };
                if shown.is_empty() {
                    format!("awarded: {}", won.join(", "))
                } else {
                    format!(
                        "showdown: {board}{}; awarded: {}",
                        shown.join(", "),
                        won.join(", ")
                    )
                }
            }
            HandEvent::FouledRefunded { seat, returned } => format!(
                "seat {seat}'s protected hand collected or fouled: {} refunded from the pot (§ 637a.18(k)(3))",
                money(*returned)
            ),
            HandEvent::HandVoided { seat, returned } => format!(
                "seat {seat}'s hand void (both hole cards up), {} returned",
                money(*returned)
            ),
            HandEvent::StoppedBetting { seat } => {
                format!("seat {seat} bets no more and plays for the pot so far")
            }
        }
    }
}

impl Step {
    /// What the dealer is asked to do, in a few words.
    pub fn describe(&self) -> String {
        match self {
            Step::SignIn => "A dealer signs in".into(),
            Step::BurnCard => "Burn one card".into(),
            Step::OpenTable => "Open the table".into(),
            Step::InspectDecks => "Inspect the decks".into(),
            Step::VerifyInspection => "A floorperson verifies the inspection".into(),
            Step::PlayerInspection => "Spread the decks for the players".into(),
            Step::WashDecks => "Wash and stack the decks".into(),
            Step::LoadShuffler { .. } | Step::LoadReplacement { .. } => "Load the shuffler".into(),
            Step::AwaitShuffle { .. } => "The shuffler shuffles".into(),
            Step::StartRound { .. } => "Ready for the next round".into(),
            Step::VerifyBadBeat { .. } => "The shift supervisor verifies the Bad Beat".into(),
            Step::Poker { step, .. } => match step {
                HandStep::PostForced { .. } => "Collect the forced bets".into(),
                HandStep::Deal { label, .. } => label.clone(),
                HandStep::Discard { seat, .. } => format!("Seat {seat} discards"),
                HandStep::Act { seat, .. } => format!("Seat {seat} to act"),
                HandStep::Draw { seat, .. } => format!("Seat {seat} draws"),
                HandStep::Showdown { order } => format!(
                    "Showdown: seat {} shows first",
                    order.first().copied().unwrap_or_default()
                ),
                HandStep::Street {
                    name, draw: true, ..
                } => format!("Deal {name}"),
                HandStep::Street { name, .. } => format!("Betting {name}"),
                HandStep::Winners { .. } => "Showdown: tap the winner".into(),
                HandStep::Complete => "The hand is complete".into(),
            },
            Step::Banked { step, game } => match step {
                BankedStep::Wagers => "Wagers".into(),
                BankedStep::Deal => "Deal".into(),
                BankedStep::Decide { seat, .. } => format!("Seat {seat} decides"),
                BankedStep::Reveal { phase } => crate::rules::registry::round_def(*game)
                    .and_then(|d| d.phases.get(*phase))
                    .map_or("Reveal".into(), |p| p.then.to_string()),
                BankedStep::Cards => "Key the cards".into(),
                BankedStep::Pay { verify: true } => "A floorperson validates the payouts".into(),
                BankedStep::Pay { verify: false } => "Pay in the settlement's order".into(),
                BankedStep::Own(own) => own.asks(),
            },
            Step::CountLosingHands { expected } => {
                format!("Count the losing hands ({expected} cards)")
            }
            Step::AwardPot { .. } => "Push the pot".into(),
            Step::RemoveDeck { .. } => "Remove the deck".into(),
            Step::InspectReplacement { .. } => "Inspect a replacement deck".into(),
            Step::VerifyRemoval { .. } => "A floorperson verifies the deck change".into(),
            Step::CountDeck { .. } => "Count the deck".into(),
            Step::CountStub { .. } => "Count the stub".into(),
            Step::StubWrong { .. } => "The stub count is wrong: misdealt?".into(),
            Step::VerifyCount { .. } => "A floorperson verifies the count".into(),
            Step::ShuffleManually { .. } => "Shuffle and cut by hand".into(),
            Step::CoverShuffler => "Cover the shuffler".into(),
            Step::ShufflerNeeded => "No play without the shuffler".into(),
            Step::ReaderNeeded => "No play until the card reader is repaired".into(),
            Step::CutPreshuffled { .. } => "Cut the preshuffled deck".into(),
        }
    }
}

/// "pre-flop betting", "the betting before the draw": a betting round as a sentence names it.
fn betting_of(street: &str) -> String {
    if street.starts_with("before") || street.starts_with("after") {
        format!("the betting {street}")
    } else {
        format!("{street} betting")
    }
}
