//! The journal in words for a house-banked round: each `BankedEvent` as the sentence a
//! supervisor reads (`Event::sentence` hands a round's steps here).

use super::narrate::{cards, person, seats_list};
use super::*;
use crate::rules::banked::round::BankedEvent;
use crate::rules::money;

impl BankedEvent {
    /// One house-banked step in words.
    pub fn sentence(&self) -> String {
        match self {
            BankedEvent::SamePlayer { .. }
            | BankedEvent::WagersPlaced { .. }
            | BankedEvent::ProgressiveAccepted { .. }
            | BankedEvent::SeatOut { .. }
            | BankedEvent::BetsClosed { .. }
            | BankedEvent::Dealt
            | BankedEvent::Decided { .. }
            | BankedEvent::Revealed { .. }
            | BankedEvent::VoidSettling { .. }
            | BankedEvent::WagersLost { .. }
            | BankedEvent::Validated { .. }
            | BankedEvent::Paid => self.wager_sentence(),
            BankedEvent::CardsKeyed { .. } | BankedEvent::Settled { .. } => self.cards_sentence(),
            BankedEvent::Own(own) => own.sentence(),
        }
    }

    /// The wagers, the decisions, the lock-in and the payment of a house-banked round.
    fn wager_sentence(&self) -> String {
        match self {
            BankedEvent::SamePlayer { seat, joined: true } => format!(
                "Seat {seat} is wagered on by the player of seat {}",
                seat.saturating_sub(1)
            ),
            BankedEvent::SamePlayer {
                seat,
                joined: false,
            } => format!("Seat {seat} is its own player's"),
            BankedEvent::WagersPlaced { seat, wagers } if wagers.is_empty() => {
                format!("Seat {seat}'s wagers taken off")
            }
            BankedEvent::ProgressiveAccepted { changed, .. } => {
                let each: Vec<String> = changed
                    .iter()
                    .map(|(s, k, a)| {
                        format!(
                            "seat {s} {} as accepted ({} keyed, {} returned)",
                            money(*a),
                            money(*k),
                            money(k - a)
                        )
                    })
                    .collect();
                format!(
                    "The progressive system's accepted wagers: {}",
                    each.join("; ")
                )
            }
            BankedEvent::WagersPlaced { seat, wagers } => {
                let w: Vec<String> = wagers
                    .iter()
                    .map(|(k, v)| {
                        format!(
                            "{} {}",
                            crate::rules::banked::label(&k.replace('_', "-")),
                            money(*v)
                        )
                    })
                    .collect();
                format!("Seat {seat} wagers {}", w.join(", "))
            }
            BankedEvent::SeatOut { seat } => {
                format!("Seat {seat} placed no wager and sits this round out")
            }
            BankedEvent::BetsClosed { seats } => {
                format!("No more bets: seats {} play", seats_list(seats))
            }
            BankedEvent::Dealt => "The cards dealt".into(),
            BankedEvent::Decided {
                seat, multiple: 0, ..
            } => format!("Seat {seat} wagers nothing more (folds or checks)"),
            BankedEvent::Decided {
                seat,
                multiple,
                amount,
                ..
            } => format!(
                "Seat {seat} wagers {multiple}× the Ante: {}",
                money(*amount)
            ),
            BankedEvent::Revealed { .. } => "The dealer revealed".into(),
            BankedEvent::VoidSettling { settles } => format!(
                "The round is void, but the {} still settle by the paytable ({}): key the cards of the seats that placed them",
                settles.names(),
                settles.section
            ),
            BankedEvent::WagersLost { seat, lost, stakes } => format!(
                "{}: every wager of seat {seat} loses, {} ({})",
                lost.why,
                money(stakes.iter().map(|(_, c)| c).sum()),
                lost.section
            ),
            BankedEvent::Validated { floorperson } => {
                format!("Payouts validated by {}", person(floorperson))
            }
            BankedEvent::Paid => {
                "Paid: the payouts handed over and the losing wagers taken; the round is over"
                    .into()
            }
            _ => format!("{self:?}"),
        }
    }

    /// The cards keyed and the round settled.
    fn cards_sentence(&self) -> String {
        match self {
            BankedEvent::CardsKeyed {
                seats,
                dealer,
                community,
                own,
                sources,
                results,
                ..
            } => {
                // What the game carries besides the hands (Lunar Poker's draws).
                let drew = own.words();
                if let Some(r) = results {
                    let mut said = results_words(r, seats);
                    if !drew.is_empty() {
                        said.push_str(&format!("; {}", drew.join(", ")));
                    }
                    return said;
                }
                let mut s: Vec<String> = seats
                    .iter()
                    .map(|(seat, c)| format!("seat {seat} {}", cards(c)))
                    .collect();
                s.extend(drew);
                if !dealer.is_empty() {
                    s.push(format!("dealer {}", cards(dealer)));
                }
                if !community.is_empty() {
                    s.push(format!("community {}", cards(community)));
                }
                if sources.is_empty() {
                    return format!("Cards keyed: {}", s.join(", "));
                }
                // Where a shoe read the hands: which it read, which the dealer corrected
                // (with the reading) and which were keyed.
                use crate::rules::banked::round::CardSource;
                let of = |k: CardSource| -> Vec<String> {
                    sources
                        .iter()
                        .filter(|h| h.source == k)
                        .map(|h| match k {
                            CardSource::Corrected => {
                                format!("{} (read {})", h.place.words(), cards(&h.read))
                            }
                            _ => h.place.words(),
                        })
                        .collect()
                };
                let mut said = format!("Cards for the settlement: {}", s.join(", "));
                for (k, words) in [
                    (CardSource::Read, "read by the shoe"),
                    (CardSource::Corrected, "corrected by the dealer"),
                    (CardSource::Keyed, "keyed"),
                ] {
                    let places = of(k);
                    if !places.is_empty() {
                        said.push_str(&format!("; {words}: {}", places.join(", ")));
                    }
                }
                said
            }
            BankedEvent::Settled { settlement } => {
                // Each wager as the dealer's screen shows it: what it wins or loses, not what
                // is handed back with the stake.
                let each: Vec<String> = settlement
                    .results
                    .iter()
                    .map(|w| {
                        let what = match w.net.cmp(&0) {
                            std::cmp::Ordering::Greater => format!("wins {}", money(w.net)),
                            std::cmp::Ordering::Equal => "pushes".to_string(),
                            std::cmp::Ordering::Less => format!("loses {}", money(-w.net)),
                        };
                        // By the wager's name on the screen ("Spanish 21 Wager", not
                        // "spanish-21"; a walk of issue 43 read the settlement's keys).
                        let name = crate::rules::banked::label(&w.wager);
                        format!("seat {} {name} {what}", w.seat)
                    })
                    .collect();
                format!(
                    "Settled: house result {}{}",
                    money(settlement.totals.house),
                    if each.is_empty() {
                        String::new()
                    } else {
                        format!("; {}", each.join(", "))
                    }
                )
            }
            _ => format!("{self:?}"),
        }
    }
}

/// A round settled from the results the dealer tapped: the dealer's hand, each seat's
/// category and comparison, and the cards of the hands a bonus paid on.
fn results_words(r: &crate::rules::banked::round::Results, seats: &[(u8, Vec<Card>)]) -> String {
    use crate::rules::banked::round::Versus;
    let each: Vec<String> = r
        .seats
        .iter()
        .map(|(seat, res)| {
            let versus = match res.versus {
                Some(Versus::Wins) => ", beats the dealer",
                Some(Versus::Ties) => ", ties",
                Some(Versus::Loses) => ", loses",
                None => "",
            };
            let keyed = seats
                .iter()
                .find(|(s, c)| s == seat && !c.is_empty())
                .map_or(String::new(), |(_, c)| format!(" ({})", cards(c)));
            format!(
                "seat {seat} {}{keyed}{versus}",
                res.category.replace('-', " ")
            )
        })
        .collect();
    format!(
        "Results tapped: the dealer's hand {}; {}",
        if r.dealer_qualifies {
            "qualifies"
        } else {
            "does not qualify"
        },
        each.join("; ")
    )
}

impl Event {
    /// [`Event::sentence`] in the words of the table's `game`: a house-banked round's wagers by
    /// the game's own names ("Spanish 21 $10.00", not "Ante $10.00"), and its start with no
    /// button (the house deals every round) and its shoe where it deals from one. The replay of
    /// a round reads the game from the table it rebuilds, and whether the round's shoe dealt
    /// the board first (`board_first`): a street dealt or a hand revealed reads as the step
    /// the screen asked for ("Done: burn a card and deal the flop").
    pub fn sentence_in(&self, game: crate::rules::game_id::GameId, board_first: bool) -> String {
        let Some(def) = crate::rules::registry::round_def(game) else {
            return self.sentence();
        };
        match self {
            Event::RoundStarted {
                number,
                colour,
                seats,
                ..
            } => {
                let deck = if game.def().dealing == crate::rules::registry::SHOE_ONLY {
                    "shoe"
                } else {
                    "deck"
                };
                format!(
                    "Round {number} started with the {colour} {deck}: seats {}",
                    super::narrate::seats_list(seats)
                )
            }
            // The walk of issue 43 read "The dealer revealed" for a street dealt.
            Event::Banked(BankedEvent::Revealed { phase }) if def.phases.get(*phase).is_some() => {
                format!(
                    "Done: {}",
                    crate::rules::banked::lower_first(def.reveal_text(*phase, board_first))
                )
            }
            // A decision by the phase's own wager ("Seat 1: Forcing fee $10.00"), and what no
            // wager means in it (a fold, or a check).
            Event::Banked(BankedEvent::Decided {
                seat,
                phase,
                multiple,
                amount,
            }) if def.phases.get(*phase).is_some() => {
                let p = &def.phases[*phase];
                match (multiple, p.zero) {
                    (0, crate::rules::banked::round::Zero::Fold) => format!("Seat {seat} folds"),
                    (0, _) => format!("Seat {seat}: no {}", p.wager),
                    _ => format!("Seat {seat}: {} {}", p.wager, money(*amount)),
                }
            }
            Event::Banked(BankedEvent::WagersPlaced { seat, wagers }) => {
                let w: Vec<String> = wagers
                    .iter()
                    .map(|(k, v)| {
                        let name = def.spots.iter().find(|s| s.key == k).map_or_else(
                            || crate::rules::banked::label(&k.replace('_', "-")),
                            |s| s.label.to_string(),
                        );
                        format!("{name} {}", money(*v))
                    })
                    .collect();
                format!("Seat {seat} wagers {}", w.join(", "))
            }
            _ => self.sentence(),
        }
    }
}
