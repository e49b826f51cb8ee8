//! The poker room's seated players at a no-limit or pot-limit table: their table stakes, keyed
//! as they sit down and added to only between rounds (§ 637a.8(b)(1),(2)); a player away from
//! the table with his stakes counted or covered by a floorperson (§ 637a.8(b)(6)); the blinds a
//! player missed while away, and a new player's first post, by the Rules Submission's rules
//! (§ 637a.11(d) leaves the blinds to it).

use crate::refusal;
use crate::rules::machine::Refusal;

use super::*;
use crate::rules::access::Action;
use crate::rules::money;
use crate::rules::poker::hand::ExtraPost;
use command::refuse;

impl Table {
    /// § 637a.8(b)(1),(2): a player's table stakes, keyed when he sits down and added to only
    /// between rounds, within the posted most a player may have on the table.
    pub(super) fn decide_stake(&self, seat: u8, amount: Cents) -> Result<Vec<Event>, RuleError> {
        let Some(setup) = &self.setup else {
            return refuse("open the table first");
        };
        if !setup.betting.tracks_stakes() {
            return refuse(
                "this table keeps no table stakes (fixed or spread limit without [holdem] table_stakes): each player covers the posted bets",
            );
        }
        if !(1..=10).contains(&seat) {
            return Err(refusal!("§ 637a.2(a)", "seats are numbered 1 to 10"));
        }
        if self.round.is_some() {
            return Err(refusal!(
                "§ 637a.8(b)(2)",
                "chips are added to table stakes only between rounds: wait for this round to end"
            ));
        }
        if self.away.contains_key(&seat) {
            return Err(refusal!(
                "§ 637a.8(b)(6)",
                "seat {seat} is away: its stakes stay as the floorperson recorded them until he is back"
            ));
        }
        let now = self.stakes.get(&seat).copied().unwrap_or(0);
        let most = setup.betting.max_stake;
        if amount <= 0 {
            return refuse("key an amount above $0.00");
        }
        if amount > most - now {
            return refuse(format!(
                "the posted most on the table is {}; seat {seat} has {} and may add {} at most",
                money(most),
                money(now),
                money((most - now).max(0))
            ));
        }
        Ok(vec![Event::StakeAdded {
            seat,
            amount,
            stake: now + amount,
        }])
    }

    pub(super) fn decide_leave(&self, seat: u8) -> Result<Vec<Event>, RuleError> {
        let Some(stake) = self.stakes.get(&seat).copied() else {
            return refuse(format!("seat {seat} has no player with table stakes"));
        };
        if self.round.as_ref().is_some_and(|r| r.seats.contains(&seat)) {
            return Err(refusal!(
                "§ 637a.8(b)(6)",
                "seat {seat} is dealt in: a player leaves the table between rounds; stepping away for a while is recorded by a floorperson"
            ));
        }
        Ok(vec![Event::SeatLeft { seat, stake }])
    }

    /// § 637a.8(b)(6): a player leaves temporarily, keeping his seat; a floorperson counts his
    /// stakes (or covers them). Between rounds, or during one once the player is out of it.
    pub(super) fn decide_away(
        &self,
        seat: u8,
        signed_by: &Person,
    ) -> Result<Vec<Event>, RuleError> {
        let Some(setup) = &self.setup else {
            return refuse("open the table first");
        };
        self.may_sign(signed_by, Action::VerifyTableStakes)?;
        let Some(stake) = self.stakes.get(&seat).copied() else {
            return refuse(format!("seat {seat} has no player with table stakes"));
        };
        if self.away.contains_key(&seat) {
            return refuse(format!("seat {seat} is already away"));
        }
        // The stakes are counted as they stand between rounds: a seat dealt into the round in
        // play steps away once it is over.
        if self.round.as_ref().is_some_and(|r| r.seats.contains(&seat)) {
            return refuse(format!(
                "seat {seat} is dealt into this round: its stakes are counted when the round is over"
            ));
        }
        Ok(vec![Event::SeatAway {
            seat,
            stake,
            floorperson: signed_by.clone(),
            covered: setup.betting.away_stakes == AwayStakes::Covered,
        }])
    }

    /// § 637a.8(b)(6)(i): back at the table, the floorperson checks the stakes are unchanged.
    pub(super) fn decide_back(
        &self,
        seat: u8,
        signed_by: &Person,
    ) -> Result<Vec<Event>, RuleError> {
        self.may_sign(signed_by, Action::VerifyTableStakes)?;
        let Some(stake) = self.away.get(&seat).copied() else {
            return refuse(format!("seat {seat} is not away"));
        };
        Ok(vec![Event::SeatBack {
            seat,
            stake,
            floorperson: signed_by.clone(),
        }])
    }

    /// The blinds posted out of turn this round: a returning player's missed blinds and a new
    /// player's post, by the Rules Submission's rules; a player who must wait for the big blind,
    /// or who is away, is not dealt in. The big blind is the largest blind, the small the first.
    pub fn posts_for(
        &self,
        setup: &TableSetup,
        seats: &[u8],
        button: u8,
    ) -> Result<Vec<ExtraPost>, Refusal> {
        let blinds_game = crate::rules::poker::procedure::Procedure::of(setup.poker.game)
            .is_some_and(|p| p.blinds);
        if !setup.betting.tracks_stakes() {
            return Ok(vec![]);
        }
        if let Some(s) = seats.iter().find(|s| self.away.contains_key(s)) {
            return Err(refusal!(
                "§ 637a.8(b)(6)",
                "seat {s} is away: a floorperson records his return before he is dealt in"
            ));
        }
        if !blinds_game || setup.blinds.is_empty() {
            return Ok(vec![]);
        }
        let blind_seats = setup.blind_seats(seats, button);
        let big = setup.blinds.iter().copied().max().unwrap_or(0);
        let small = setup.blinds.first().copied().unwrap_or(0);
        let mut posts = Vec::new();
        let wait = |seat: u8, why: &str| {
            Err(Refusal::plain(format!(
                "seat {seat} {why} and waits for the big blind (Rules Submission); it is dealt in when the big blind reaches it"
            )))
        };
        for &seat in seats {
            if blind_seats.contains(&seat) {
                continue;
            }
            if let Some(&owes_small) = self.missed.get(&seat) {
                match setup.betting.missed_blinds {
                    MissedBlindsRule::PostDead => {
                        posts.push(ExtraPost {
                            seat,
                            amount: big,
                            live: true,
                        });
                        if owes_small && setup.blinds.len() > 1 {
                            posts.push(ExtraPost {
                                seat,
                                amount: small,
                                live: false,
                            });
                        }
                    }
                    MissedBlindsRule::PostLive => posts.push(ExtraPost {
                        seat,
                        amount: big,
                        live: true,
                    }),
                    MissedBlindsRule::WaitForBigBlind => return wait(seat, "missed the blinds"),
                }
            } else if self.waiting.contains(&seat) {
                match setup.betting.new_player {
                    NewPlayerRule::PostBigBlind => posts.push(ExtraPost {
                        seat,
                        amount: big,
                        live: true,
                    }),
                    NewPlayerRule::WaitForBigBlind => return wait(seat, "is new at the table"),
                    NewPlayerRule::NoPost => {}
                }
            }
        }
        Ok(posts)
    }

    /// At a round's start: the seated players not dealt in whom the blinds passed have missed
    /// them (those before the first blind both, the others the big blind); the players dealt in
    /// owe nothing more.
    pub(super) fn note_missed_blinds(&mut self, seats: &[u8], button: u8) {
        let Some(setup) = &self.setup else { return };
        let blinds_game = crate::rules::poker::procedure::Procedure::of(setup.poker.game)
            .is_some_and(|p| p.blinds);
        if setup.betting.tracks_stakes() && blinds_game && !setup.blinds.is_empty() {
            let blind_seats = setup.blind_seats(seats, button);
            let mut ring: Vec<u8> = self.stakes.keys().copied().collect();
            ring.extend_from_slice(seats);
            let mut before_first = true;
            for s in clockwise_after(&ring, button) {
                if Some(&s) == blind_seats.last() {
                    break;
                }
                if blind_seats.first() == Some(&s) {
                    before_first = false;
                }
                if !seats.contains(&s) && !self.waiting.contains(&s) {
                    let owes_small = before_first || self.missed.get(&s).copied().unwrap_or(false);
                    self.missed.insert(s, owes_small);
                }
            }
        }
        for s in seats {
            self.missed.remove(s);
            self.waiting.remove(s);
        }
    }
}
