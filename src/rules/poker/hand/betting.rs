//! Betting rounds (§ 637a.8): who acts first and next, the options each seat has under the
//! posted structure, an action checked and applied, and Stud's stop to betting (§ 637a.18(m)(1)).

use crate::refusal;
use crate::rules::machine::Refusal;

use super::*;

impl Hand {
    /// Opens a betting round; false if nobody can bet (all but one all-in).
    pub(super) fn start_street(&mut self, big: bool, first: First) -> bool {
        let (unit, _) = self.limit(big);
        self.streets += 1;
        let able: Vec<u8> = self
            .players
            .iter()
            .filter(|p| !p.folded && !p.all_in)
            .map(|p| p.seat)
            .collect();
        let mut street = Street {
            number: self.streets,
            unit,
            full_raise: unit,
            ..Street::default()
        };
        // Forced money of this round counts toward the first round's bet.
        if let Some(forced) = self.street.take() {
            street.current = forced.current;
            street.street_in = forced.street_in;
            // No-limit, pot-limit: a straddle above the minimum bet is the bet to raise by.
            street.full_raise = street.full_raise.max(street.current);
        }
        let live = self.live();
        let mut order = match first {
            First::LeftOfBlinds => clockwise_after(
                &self.seats(),
                self.straddler.or(self.last_blind).unwrap_or(0),
            ),
            First::LeftOfForcedBet => {
                let forced = self.forced_seat.unwrap_or(0);
                let mut o = clockwise_after(&self.seats(), forced);
                // The forced bettor has no option when everyone just calls.
                o.retain(|s| *s != forced);
                o
            }
            First::LeftOfButton => clockwise_after(&self.seats(), self.setup.button),
            First::BestShowing { low } => {
                let best = self
                    .players
                    .iter()
                    .filter(|p| !p.folded)
                    .map(|p| {
                        let mut up = p.up.clone();
                        up.extend(self.common.iter().copied());
                        (showing_key(&up, low), p.seat)
                    })
                    // The best key; equal keys, the lowest seat (closest to the dealer's left).
                    .max_by(|a, b| a.0.cmp(&b.0).then(b.1.cmp(&a.1)))
                    .map_or(0, |x| x.1);
                let mut o = clockwise_after(&live, 0);
                let i = o.iter().position(|s| *s == best).unwrap_or(0);
                o.rotate_left(i);
                o
            }
        };
        order.retain(|s| able.contains(s));
        street.pending = order.into();
        street.first = street.pending.front().copied();
        self.last_street_first = street.first.or(self.last_street_first);
        self.street = Some(street);
        self.skip_idle();
        if self.street.as_ref().is_some_and(|s| s.pending.is_empty()) {
            self.close_street();
            return false;
        }
        self.set_act_step();
        true
    }

    /// Drops from the queue a player who owes nothing when nobody else can bet.
    pub(super) fn skip_idle(&mut self) {
        let able = self
            .players
            .iter()
            .filter(|p| !p.folded && !p.all_in)
            .count();
        while let Some(street) = self.street.as_mut() {
            let Some(seat) = street.pending.front().copied() else {
                break;
            };
            let owed = street.current - street.street_in.get(&seat).copied().unwrap_or(0);
            if able <= 1 && owed <= 0 {
                street.pending.pop_front();
            } else {
                break;
            }
        }
    }

    pub(super) fn close_street(&mut self) {
        if let Some(s) = self.street.take() {
            // § 637a.18(e): the player initiating the final bet shows first. A street dealt
            // with nobody left to act (everyone but one all-in) had no betting: the bet that
            // put them all in stays the final one.
            let acted = self
                .events
                .iter()
                .rev()
                .take_while(|e| {
                    !matches!(
                        e,
                        HandEvent::Dealt { .. } | HandEvent::BettingComplete { .. }
                    )
                })
                .any(|e| matches!(e, HandEvent::Acted { .. }));
            if acted {
                self.last_aggressor = s.aggressor;
            }
            if s.first.is_some() {
                self.events
                    .push(HandEvent::BettingComplete { round: s.number });
            }
        }
    }

    pub(super) fn options(&self, seat: u8) -> (Vec<Action>, Cents) {
        if self.setup.structure.big_bet() {
            return self.big_bet_options(seat);
        }
        let Some(street) = &self.street else {
            return (vec![], 0);
        };
        let Some(p) = self.get(seat) else {
            return (vec![], 0);
        };
        let mine = street.street_in.get(&seat).copied().unwrap_or(0);
        let owed = street.current - mine;
        let (_, max) = self.limit(matches!(
            self.procedure.phases.get(self.phase),
            Some(Phase::Bet { big: true, .. })
        ));
        let spread = matches!(self.setup.structure, Structure::SpreadLimit { .. });
        let mut v = vec![Action::Fold];
        if owed <= 0 {
            v.push(Action::Check);
        } else {
            v.push(Action::Call {
                amount: owed.min(p.stack),
            });
        }
        if p.stack > owed.max(0) && self.answerable(seat, street.current) {
            if street.current == 0 {
                v.push(Action::Bet {
                    amount: street.unit.min(p.stack),
                });
            } else if street.raises < self.setup.max_raises {
                // A forced bet smaller than the bet is completed, not raised.
                let to = if street.current < street.unit && !spread {
                    street.unit
                } else {
                    street.current + street.unit
                };
                let amount = (to - mine).min(p.stack);
                v.push(Action::Raise {
                    amount,
                    to: mine + amount,
                });
            }
        }
        (v, if spread { max } else { street.unit })
    }

    /// After a turn: the street closes when nobody is left to act, or the next seat is asked.
    pub(super) fn next_turn(&mut self) {
        self.skip_idle();
        if self.street.as_ref().is_some_and(|s| s.pending.is_empty()) {
            self.close_street();
            self.phase += 1;
            self.enter_phase();
        } else {
            self.set_act_step();
        }
    }

    pub(super) fn set_act_step(&mut self) {
        if let Some(seat) = self
            .street
            .as_ref()
            .and_then(|s| s.pending.front().copied())
        {
            let (options, max) = self.options(seat);
            self.step = Step::Act { seat, options, max };
        }
    }

    /// § 637a.18(m)(1): in Seven-card Stud's last betting round, after the down card, a live seat
    /// that has put nothing in on it yet may stop betting.
    pub fn may_stop_betting(&self, seat: u8) -> bool {
        let Some(street) = &self.street else {
            return false;
        };
        let last_card_down = self
            .procedure
            .phases
            .iter()
            .rev()
            .find_map(|p| match p {
                Phase::StudCard { up } => Some(!up),
                _ => None,
            })
            .unwrap_or(false);
        let last_bet = !self
            .procedure
            .phases
            .get(self.phase + 1..)
            .unwrap_or(&[])
            .iter()
            .any(|p| matches!(p, Phase::Bet { .. }));
        self.procedure.stud.is_some()
            && last_card_down
            && matches!(
                self.procedure.phases.get(self.phase),
                Some(Phase::Bet { .. })
            )
            && last_bet
            && street.pending.contains(&seat)
            && street.street_in.get(&seat).copied().unwrap_or(0) == 0
            && self.get(seat).is_some_and(|p| !p.folded && !p.all_in)
    }

    pub(super) fn stop_betting(&mut self, seat: u8) -> Result<(), Refusal> {
        if !self.may_stop_betting(seat) {
            return Err(refusal!(
                "§ 637a.18(m)",
                "seat {seat} cannot stop betting now: it is the choice of a Seven-card Stud player whose third hole card was turned up, before he puts anything in on the last round"
            ));
        }
        self.player(seat).all_in = true;
        if let Some(street) = self.street.as_mut() {
            street.pending.retain(|s| *s != seat);
        }
        self.events.push(HandEvent::StoppedBetting { seat });
        self.next_turn();
        Ok(())
    }

    pub(super) fn act(
        &mut self,
        seat: u8,
        kind: ActionKind,
        amount: Option<Cents>,
    ) -> Result<(), Refusal> {
        if self.setup.structure.big_bet() {
            return self.big_bet_act(seat, kind, amount);
        }
        let (options, max) = self.options(seat);
        let spread = matches!(self.setup.structure, Structure::SpreadLimit { .. });
        let stack = self.get(seat).map_or(0, |p| p.stack);
        let street = self.street.as_ref().ok_or("no betting round is open")?;
        let mine = street.street_in.get(&seat).copied().unwrap_or(0);
        let owed = (street.current - mine).max(0);
        let found = options.iter().copied().find(|a| {
            matches!(
                (kind, a),
                (ActionKind::Fold, Action::Fold)
                    | (ActionKind::Check, Action::Check)
                    | (ActionKind::Call, Action::Call { .. })
                    | (ActionKind::Bet, Action::Bet { .. })
                    | (ActionKind::Raise, Action::Raise { .. })
            )
        });
        let Some(mut action) = found else {
            return Err(match kind {
                ActionKind::Raise | ActionKind::Bet
                    if stack > owed && !self.answerable(seat, street.current) =>
                {
                    unanswerable(seat)
                }
                ActionKind::Raise
                    if street.current > 0 && street.raises >= self.setup.max_raises =>
                {
                    refusal!(
                        "§ 637a.8(k)",
                        "the posted cap of {} raises per betting round is reached",
                        self.setup.max_raises
                    )
                }
                ActionKind::Raise | ActionKind::Bet if stack <= owed => refusal!(
                    "§ 637a.8(b)(1)",
                    "seat {seat} has no stakes left beyond the call"
                ),
                _ => not_now(seat, kind),
            });
        };
        // Spread limit: the amount the dealer keys, within the posted limits.
        if spread && matches!(kind, ActionKind::Bet | ActionKind::Raise) {
            let Some(x) = amount else {
                return Err(refusal!(
                    "§ 637a.8(k)",
                    "key the {} amount: {} to {}",
                    if kind == ActionKind::Bet {
                        "bet"
                    } else {
                        "raise"
                    },
                    crate::rules::money(street.unit),
                    crate::rules::money(max)
                ));
            };
            let put = if kind == ActionKind::Bet { x } else { owed + x };
            let all_in = put >= stack;
            if !all_in && (x < street.unit || x > max) {
                return Err(refusal!(
                    "§ 637a.8(k)",
                    "a {} must be from {} to {}; {} is outside the posted limits",
                    if kind == ActionKind::Bet {
                        "bet"
                    } else {
                        "raise"
                    },
                    crate::rules::money(street.unit),
                    crate::rules::money(max),
                    crate::rules::money(x)
                ));
            }
            if x > max {
                return Err(refusal!(
                    "§ 637a.8(k)",
                    "{} is above the posted maximum of {}",
                    crate::rules::money(x),
                    crate::rules::money(max)
                ));
            }
            let put = put.min(stack);
            action = if kind == ActionKind::Bet {
                Action::Bet { amount: put }
            } else {
                Action::Raise {
                    amount: put,
                    to: mine + put,
                }
            };
        } else if let Some(x) = amount
            && x != action.amount()
            && !matches!(kind, ActionKind::Fold | ActionKind::Check)
        {
            return Err(refusal!(
                "§ 637a.8(d),(k)",
                "the posted limit makes this {} {}, not {}",
                match kind {
                    ActionKind::Call => "call",
                    ActionKind::Bet => "bet",
                    _ => "raise",
                },
                crate::rules::money(action.amount()),
                crate::rules::money(x)
            ));
        }
        let paid = action.amount();
        let (all_in, able_after) = self.pay(seat, action);
        let unit_full = self.street.as_ref().map_or(0, |s| s.unit);
        let street = self.street.as_mut().ok_or("no betting round is open")?;
        street.pending.pop_front();
        let total = mine + paid;
        street.street_in.insert(seat, total);
        if matches!(action, Action::Bet { .. } | Action::Raise { .. }) && total > street.current {
            let increment = total - street.current;
            let completion = street.current < unit_full && total <= unit_full;
            let full = increment >= unit_full || (kind == ActionKind::Bet);
            if matches!(action, Action::Raise { .. }) && full && !completion {
                street.raises += 1;
            }
            street.current = total;
            street.aggressor = Some(seat);
            street.pending = able_after.into();
        }
        self.record_act(seat, action, all_in)
    }
}

impl Hand {
    /// Puts the action's chips in and mucks a folded hand; returns whether the seat is now all
    /// in, and the seats after it, clockwise, that may still act (they answer a bet or raise).
    fn pay(&mut self, seat: u8, action: Action) -> (bool, Vec<u8>) {
        let paid = action.amount();
        let (_, all_in) = if paid > 0 {
            self.put(seat, paid)
        } else {
            (0, false)
        };
        let live = self.live();
        let able_after = clockwise_after(&live, seat)
            .into_iter()
            .filter(|s| *s != seat)
            .filter(|s| self.get(*s).is_some_and(|p| !p.all_in && !p.folded))
            .collect();
        if action == Action::Fold {
            let p = self.player(seat);
            p.folded = true;
            // § 637a.7(e)(6): folded cards go to the discards (the muck).
            let n = p.cards;
            self.discards += n;
        }
        (all_in, able_after)
    }

    /// The action recorded once the street has taken it in; the pot goes to the last live
    /// player (§ 637a.7(d)), or the next seat is asked.
    fn record_act(&mut self, seat: u8, action: Action, all_in: bool) -> Result<(), Refusal> {
        self.events.push(HandEvent::Acted {
            seat,
            action,
            all_in,
        });
        if self.live().len() == 1 {
            self.close_street();
            self.finish_uncontested();
            return Ok(());
        }
        self.next_turn();
        Ok(())
    }
}

/// The least and most a seat may bet, or raise above the call, in a no-limit or pot-limit
/// round; what the screen and `deckhand hand` show before the dealer keys.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct BetRange {
    /// The round's bet the seat faces.
    pub current: Cents,
    /// What the seat must add to call (all its stakes if it has less).
    pub to_call: Cents,
    /// The least bet, or raise above the call (an all-in may be less).
    pub min: Cents,
    /// The most (no-limit: the stakes; pot-limit: the pot after the call).
    pub max: Cents,
    /// A pot-sized bet, or raise above the call (the pot after the call), within the stakes:
    /// the screen's "Pot" choice.
    pub pot: Cents,
    /// A bet, or raise above the call, this large or larger is a full one; a smaller all-in
    /// does not reopen the betting to those who already acted.
    pub full: Cents,
    /// The seat may bet or raise at all (stakes beyond the call, no cap reached, the betting
    /// not closed to it by a short all-in).
    pub open: bool,
    /// Why it may not, when it may not.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub closed: Option<Refusal>,
}

impl Hand {
    /// The bet of the betting round open now (0 when none is open or nobody bet).
    pub fn current_bet(&self) -> Cents {
        self.street.as_ref().map_or(0, |s| s.current)
    }

    /// What the seat has put in on the betting round open now.
    pub fn street_in(&self, seat: u8) -> Cents {
        self.street
            .as_ref()
            .and_then(|s| s.street_in.get(&seat).copied())
            .unwrap_or(0)
    }

    /// Everything in the pot now, the bets of this round included.
    pub fn pot_total(&self) -> Cents {
        self.players.iter().map(|p| p.put_in).sum()
    }

    /// The seat's bet range now, in a no-limit or pot-limit round.
    pub fn bet_range(&self, seat: u8) -> Option<BetRange> {
        let street = self.street.as_ref()?;
        let p = self.get(seat)?;
        let mine = street.street_in.get(&seat).copied().unwrap_or(0);
        let owed = (street.current - mine).max(0);
        let to_call = owed.min(p.stack);
        let room = p.stack - to_call;
        let cap = self.setup.max_raises;
        let closed = if room <= 0 {
            Some(refusal!(
                "§ 637a.8(b)(1)",
                "seat {seat} has no stakes left beyond the call"
            ))
        } else if street.current > 0 && cap > 0 && street.raises >= cap {
            Some(refusal!(
                "§ 637a.8(k)",
                "the posted cap of {cap} raises per betting round is reached"
            ))
        } else if street.current > 0
            && !self.setup.big_bet.short_all_in_reopens
            && street
                .acted_at
                .get(&seat)
                .is_some_and(|at| street.current - at < street.full_raise)
        {
            Some(refusal!(
                "Rules Submission, § 637a.8(k)",
                "seat {seat} already acted and the bet has not grown by a full raise since: an all-in short of a full raise does not reopen the betting; seat {seat} may call or fold"
            ))
        } else if !self.answerable(seat, street.current) {
            Some(unanswerable(seat))
        } else {
            None
        };
        let least = if street.current == 0 {
            street.unit
        } else if self.setup.big_bet.min_raise_previous {
            street.full_raise.max(street.unit)
        } else {
            street.unit
        };
        let most = match self.setup.structure {
            Structure::PotLimit { .. } => self.pot_total() + owed,
            _ => room,
        };
        let min = least.min(room);
        let max = most.min(room).max(min);
        Some(BetRange {
            current: street.current,
            to_call,
            min,
            max,
            pot: (self.pot_total() + owed).min(room).max(min),
            full: least,
            open: closed.is_none(),
            closed,
        })
    }

    /// Another player still in can put in more than the bet `current`: a bet or raise by
    /// `seat` could be called. When every other player is all-in, or has no more stakes than
    /// the bet (§ 637a.8(b)(1): a player bets only with his table stakes), a bet or raise would
    /// only come back uncalled, so the seat may call or fold (PokerKit and the rooms' rules
    /// alike).
    pub(super) fn answerable(&self, seat: u8, current: Cents) -> bool {
        !self.setup.raise_needs_caller
            || self.players.iter().any(|q| {
                q.seat != seat
                    && !q.folded
                    && !q.all_in
                    && q.stack + self.street_in(q.seat) > current
            })
    }

    fn big_bet_options(&self, seat: u8) -> (Vec<Action>, Cents) {
        let (Some(street), Some(range)) = (&self.street, self.bet_range(seat)) else {
            return (vec![], 0);
        };
        let mine = street.street_in.get(&seat).copied().unwrap_or(0);
        let mut v = vec![Action::Fold];
        if street.current - mine <= 0 {
            v.push(Action::Check);
        } else {
            v.push(Action::Call {
                amount: range.to_call,
            });
        }
        if range.open {
            if street.current == 0 {
                v.push(Action::Bet { amount: range.min });
            } else {
                let amount = range.to_call + range.min;
                v.push(Action::Raise {
                    amount,
                    to: mine + amount,
                });
            }
        }
        (v, if range.open { range.max } else { 0 })
    }

    /// A no-limit or pot-limit action: `amount` is the bet, or the raise above the call,
    /// within the seat's range; an all-in may be short of the least.
    fn big_bet_act(
        &mut self,
        seat: u8,
        kind: ActionKind,
        amount: Option<Cents>,
    ) -> Result<(), Refusal> {
        let structure = self.setup.structure;
        let range = self
            .bet_range(seat)
            .ok_or_else(|| format!("seat {seat} is not in this betting round"))?;
        let street = self.street.as_ref().ok_or("no betting round is open")?;
        let mine = street.street_in.get(&seat).copied().unwrap_or(0);
        let facing = street.current - mine > 0;
        let stack = self.get(seat).map_or(0, |p| p.stack);
        let money = crate::rules::money;
        let what = if kind == ActionKind::Bet {
            "bet"
        } else {
            "raise"
        };
        let action = match kind {
            ActionKind::Fold => Action::Fold,
            ActionKind::Check if !facing => Action::Check,
            ActionKind::Call if facing => Action::Call {
                amount: range.to_call,
            },
            ActionKind::Check | ActionKind::Call => return Err(not_now(seat, kind)),
            ActionKind::Bet if street.current > 0 => return Err(not_now(seat, kind)),
            ActionKind::Raise if street.current == 0 => return Err(not_now(seat, kind)),
            ActionKind::Bet | ActionKind::Raise => {
                if let Some(why) = range.closed.clone() {
                    return Err(why);
                }
                let to_of = |x: Cents| money(mine + range.to_call + x);
                let Some(x) = amount else {
                    return Err(Refusal::citing(
                        LIMITS,
                        if kind == ActionKind::Bet {
                            format!(
                                "key the bet: {} to {} ({})",
                                money(range.min),
                                money(range.max),
                                structure.name()
                            )
                        } else {
                            format!(
                                "key the raise: to {} at least, to {} at most ({})",
                                to_of(range.min),
                                to_of(range.max),
                                structure.name()
                            )
                        },
                    ));
                };
                let all_in = range.to_call + x == stack;
                if x <= 0 || range.to_call + x > stack {
                    return Err(refusal!(
                        "§ 637a.8(b)(1)",
                        "seat {seat} has {} in table stakes: a {what} of {} is more than it has",
                        money(stack),
                        money(x)
                    ));
                }
                if x > range.max {
                    return Err(Refusal::citing(
                        LIMITS,
                        match structure {
                            Structure::PotLimit { .. } if kind == ActionKind::Raise => format!(
                                "pot limit: seat {seat} may raise to {} at most (the pot after the call); raise to {} is more",
                                to_of(range.max),
                                to_of(x)
                            ),
                            Structure::PotLimit { .. } => format!(
                                "pot limit: a bet of {} at most (the pot); {} is more",
                                money(range.max),
                                money(x)
                            ),
                            _ => format!(
                                "a {what} of {} at most; {} is more",
                                money(range.max),
                                money(x)
                            ),
                        },
                    ));
                }
                if x < range.min && !all_in {
                    return Err(Refusal::citing(
                        LIMITS,
                        if kind == ActionKind::Bet {
                            format!(
                                "the least bet is {}; {} is short and not all-in",
                                money(range.min),
                                money(x)
                            )
                        } else {
                            format!(
                                "the least raise is to {} (the previous bet or raise again); raise to {} is short and not all-in",
                                to_of(range.min),
                                to_of(x)
                            )
                        },
                    ));
                }
                let put = range.to_call + x;
                if kind == ActionKind::Bet {
                    Action::Bet { amount: put }
                } else {
                    Action::Raise {
                        amount: put,
                        to: mine + put,
                    }
                }
            }
        };
        let paid = action.amount();
        let (all_in, able_after) = self.pay(seat, action);
        let previous = self.setup.big_bet.min_raise_previous;
        let street = self.street.as_mut().ok_or("no betting round is open")?;
        street.pending.pop_front();
        let total = mine + paid;
        street.street_in.insert(seat, total);
        if matches!(action, Action::Bet { .. } | Action::Raise { .. }) && total > street.current {
            let increment = total - street.current;
            if increment >= range.full {
                // A full bet or raise: the next must be at least as large.
                if previous {
                    street.full_raise = increment.max(street.unit);
                }
                if matches!(action, Action::Raise { .. }) {
                    street.raises += 1;
                }
            }
            street.current = total;
            street.aggressor = Some(seat);
            street.pending = able_after.into();
        }
        street.acted_at.insert(seat, street.current);
        self.record_act(seat, action, all_in)
    }
}

/// The posted limits of a bet or raise.
const LIMITS: &str = "§ 637a.8(k)";

/// Why `kind` is not an action `seat` may take where the betting stands (§ 637a.8).
fn not_now(seat: u8, kind: ActionKind) -> Refusal {
    let why = match kind {
        ActionKind::Check => "cannot check when facing a bet",
        ActionKind::Call => "cannot call when there is no bet",
        ActionKind::Bet => "cannot open: a bet is made; it may raise",
        ActionKind::Raise => "cannot raise when there is no bet; it may open",
        ActionKind::Fold => return Refusal::plain(format!("seat {seat} cannot fold now")),
    };
    refusal!("§ 637a.8", "seat {seat} {why}")
}

/// Why a seat may not bet or raise when nobody could call it.
fn unanswerable(seat: u8) -> Refusal {
    refusal!(
        "§ 637a.8(b)(1)",
        "nobody still in can call more than the bet: every other player is all-in or has no more table stakes; a bet or raise would come back uncalled, so seat {seat} may call or fold"
    )
}
