//! The wagers of a house-banked round, before "no more bets" (§ x.7): each seat's wagers keyed
//! and checked against the game's spots, the casino's offers and the posted limits, adjacent
//! boxes of one player (§ 677a.7(e), § 647a.7(e), § 635a.6(f)), and a seat taken out.

use crate::refusal;
use crate::rules::machine::Refusal;

use super::*;

impl BankedRound {
    /// A seat's wagers keyed before "no more bets": each a spot of this game the casino
    /// offers, the equal wagers filled in or checked, within the posted limits, the required
    /// ones there; none at all takes the seat's wagers off.
    pub(super) fn place_wagers(
        &mut self,
        seat: &u8,
        wagers: &BTreeMap<String, Cents>,
    ) -> Result<BankedEvent, Refusal> {
        let def = self.def();
        let wager_section = def.sections.wagers;
        if !self.seats.contains(seat) {
            return Err(Refusal::plain(format!("seat {seat} is not in this round")));
        }
        let mut w = BTreeMap::new();
        for (k, v) in wagers {
            let Some(spot) = def.spots.iter().find(|s| s.key == k) else {
                return Err(refusal!(wager_section, "{k}: not a wager of this game"));
            };
            if *v < 0 {
                return Err(Refusal::plain(format!(
                    "{}: an amount of 0 or more",
                    spot.label
                )));
            }
            if *v > 0
                && let Some(section) = self.not_offered.get(k)
            {
                return Err(refusal!(
                    section,
                    "seat {seat}: this casino does not offer the {}",
                    spot.label
                ));
            }
            if *v > 0 {
                w.insert(k.clone(), *v);
            }
        }
        for spot in def.spots {
            let ante = w.get("ante").copied().unwrap_or(0);
            if let Some(other) = spot.equals {
                let want = w.get(other).copied().unwrap_or(0);
                match w.get(spot.key).copied() {
                    None if ante > 0 => {
                        w.insert(spot.key.to_string(), want);
                    }
                    Some(v) if v != want => {
                        return Err(refusal!(
                            wager_section,
                            "{} must equal the {}",
                            spot.label,
                            label_of(def, other)
                        ));
                    }
                    _ => {}
                }
            }
        }
        if w.is_empty() {
            self.wagers.remove(seat);
            return Ok(BankedEvent::WagersPlaced {
                seat: *seat,
                wagers: w,
            });
        }
        // The posted limits: the Ante's, each side wager's (a minimum of 0: none); a
        // wager without its own maximum is held to the Ante's.
        for (key, v) in w.iter().map(|(k, v)| (k.as_str(), *v)) {
            let (min, max) = if key == "ante" {
                self.ante_limits
            } else {
                match self.side_limits.get(key) {
                    Some(&(min, max)) if max > 0 => (min, max),
                    Some(&(min, _)) => (min, self.ante_limits.1),
                    None => (0, self.ante_limits.1),
                }
            };
            let (edge, limit) = if min > 0 && v < min {
                ("below the table minimum", min)
            } else if max > 0 && v > max {
                ("above the table maximum", max)
            } else {
                continue;
            };
            let name = label_of(def, key);
            let a = if name.starts_with(['A', 'E', 'I', 'O', 'U']) {
                "an"
            } else {
                "a"
            };
            return Err(Refusal::plain(format!(
                "seat {seat}: {a} {name} of {} is {edge} of {}",
                crate::rules::money(v),
                crate::rules::money(limit)
            )));
        }
        for spot in def.spots.iter().filter(|s| s.required) {
            if w.get(spot.key).copied().unwrap_or(0) == 0 {
                return Err(refusal!(
                    wager_section,
                    "seat {seat}: the {} is required to play",
                    spot.label
                ));
            }
        }
        self.wagers.insert(*seat, w.clone());
        Ok(BankedEvent::WagersPlaced {
            seat: *seat,
            wagers: w,
        })
    }

    /// Whether "Same player as seat N" is a choice for `seat` now, the legality query the wager
    /// screen draws from: the game lets one player wager on adjacent boxes and the casino
    /// allows more than one (§ 677a.7(e), § 647a.7(e), § 635a.6(f)), and the box to its left
    /// is dealt in. `same_player` refuses a box past the casino's number, with its section.
    pub fn same_player_choice(&self, seat: u8) -> SamePlayerChoice {
        if self.def().boxes.is_none() || self.boxes_per_player <= 1 {
            return SamePlayerChoice::NotOffered;
        }
        let left = seat.saturating_sub(1);
        if self.seats.contains(&left) {
            SamePlayerChoice::WithSeat(left)
        } else {
            SamePlayerChoice::NoBoxToTheLeft
        }
    }

    /// The box `seat` is wagered on by the player of the box to its left, or no longer: as many
    /// adjacent boxes as the casino lets one player have.
    pub(super) fn same_player(&mut self, seat: &u8, joined: &bool) -> Result<BankedEvent, Refusal> {
        let def = self.def();
        let wager_section = def.sections.wagers;
        let Some(rule) = def.boxes else {
            return Err(refusal!(
                wager_section,
                "this game keys each box on its own"
            ));
        };
        let section = rule.section;
        if !self.seats.contains(seat) {
            return Err(Refusal::plain(format!("seat {seat} is not in this round")));
        }
        if *joined {
            let left = seat.saturating_sub(1);
            if self.boxes_per_player <= 1 {
                return Err(refusal!(
                    section,
                    "a player may wager on one box only: seat {seat} is another player's"
                ));
            }
            if !self.seats.contains(&left) {
                return Err(refusal!(
                    section,
                    "seat {left} is not dealt in: one player's boxes are adjacent"
                ));
            }
            let mut next = self.joined.clone();
            next.insert(*seat);
            let boxes = BankedRound {
                joined: next,
                ..self.clone()
            }
            .player_boxes(*seat)
            .len();
            if boxes > usize::from(self.boxes_per_player) {
                return Err(refusal!(
                    section,
                    "a player may wager on at most {} adjacent boxes in a round",
                    self.boxes_per_player
                ));
            }
            self.joined.insert(*seat);
        } else {
            self.joined.remove(seat);
        }
        Ok(BankedEvent::SamePlayer {
            seat: *seat,
            joined: *joined,
        })
    }

    /// A seat dealt in taken out of the round before "no more bets", while it has no wager.
    pub(super) fn seat_out(&mut self, seat: &u8) -> Result<BankedEvent, Refusal> {
        if !self.seats.contains(seat) {
            return Err(Refusal::plain(format!("seat {seat} is not in this round")));
        }
        if self.wagers.contains_key(seat) {
            return Err(Refusal::plain(format!(
                "seat {seat} has a wager: take it off before taking the seat out"
            )));
        }
        if self.seats.len() == 1 {
            return Err(Refusal::plain(format!(
                "seat {seat} is the round's last seat: report an irregularity to void the round instead"
            )));
        }
        self.seats.retain(|s| s != seat);
        // A box out of the round is nobody's: the boxes either side of it are not one
        // player's through it.
        self.joined.remove(seat);
        self.joined.remove(&(seat + 1));
        Ok(BankedEvent::SeatOut { seat: *seat })
    }
}

fn label_of(def: &Def, key: &str) -> &'static str {
    def.spots
        .iter()
        .find(|s| s.key == key)
        .map_or("wager", |s| s.label)
}

/// "Same player as seat N" for a box, as [`BankedRound::same_player_choice`] answers it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum SamePlayerChoice {
    /// One player, one box, at this game or under the casino's choices.
    NotOffered,
    /// Offered at this table, but the box to this one's left is not dealt in.
    NoBoxToTheLeft,
    /// Offered: the box may be the same player's as this seat's, to its left.
    WithSeat(u8),
}
