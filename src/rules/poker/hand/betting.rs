//! Betting rounds (§ 637a.8): who acts first and next, the options each seat has under the
//! posted structure, an action checked and applied, and Stud's stop to betting (§ 637a.18(m)(1)).

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
            current: 0,
            raises: 0,
            street_in: BTreeMap::new(),
            pending: VecDeque::new(),
            aggressor: None,
            first: None,
        };
        // Forced money of this round counts toward the first round's bet.
        if let Some(forced) = self.street.take() {
            street.current = forced.current;
            street.street_in = forced.street_in;
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
                        (stud::showing_key(&up, low), p.seat)
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
            self.last_aggressor = s.aggressor;
            if s.first.is_some() {
                self.events
                    .push(HandEvent::BettingComplete { round: s.number });
            }
        }
    }

    pub(super) fn options(&self, seat: u8) -> (Vec<Action>, Cents) {
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
        if p.stack > owed.max(0) {
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

    pub(super) fn stop_betting(&mut self, seat: u8) -> Result<(), String> {
        if !self.may_stop_betting(seat) {
            return Err(format!(
                "seat {seat} cannot stop betting now: it is the choice of a Seven-card Stud player whose third hole card was turned up, before he puts anything in on the last round (§ 637a.18(m))"
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
    ) -> Result<(), String> {
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
                ActionKind::Raise
                    if street.current > 0 && street.raises >= self.setup.max_raises =>
                {
                    format!(
                        "the posted cap of {} raises per betting round is reached (§ 637a.8(k))",
                        self.setup.max_raises
                    )
                }
                ActionKind::Raise | ActionKind::Bet if stack <= owed => {
                    format!("seat {seat} has no stakes left beyond the call (§ 637a.8(b)(1))")
                }
                ActionKind::Check => {
                    format!("seat {seat} cannot check when facing a bet (§ 637a.8)")
                }
                ActionKind::Call => {
                    format!("seat {seat} cannot call when there is no bet (§ 637a.8)")
                }
                ActionKind::Bet => {
                    format!("seat {seat} cannot open: a bet is made; it may raise (§ 637a.8)")
                }
                ActionKind::Raise => {
                    format!("seat {seat} cannot raise when there is no bet; it may open (§ 637a.8)")
                }
                ActionKind::Fold => format!("seat {seat} cannot fold now"),
            });
        };
        // Spread limit: the amount the dealer keys, within the posted limits.
        if spread && matches!(kind, ActionKind::Bet | ActionKind::Raise) {
            let Some(x) = amount else {
                return Err(format!(
                    "key the {} amount: {} to {} (§ 637a.8(k))",
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
                return Err(format!(
                    "a {} must be from {} to {} (§ 637a.8(k)); {} is outside the posted limits",
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
                return Err(format!(
                    "{} is above the posted maximum of {} (§ 637a.8(k))",
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
            return Err(format!(
                "the posted limit makes this {} {}, not {} (§ 637a.8(d),(k))",
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
        let (_, all_in) = if paid > 0 {
            self.put(seat, paid)
        } else {
            (0, false)
        };
        let able_after: Vec<u8> = {
            let live = self.live();
            clockwise_after(&live, seat)
                .into_iter()
                .filter(|s| *s != seat)
                .filter(|s| self.get(*s).is_some_and(|p| !p.all_in && !p.folded))
                .collect()
        };
        if action == Action::Fold {
            let p = self.player(seat);
            p.folded = true;
            // § 637a.7(e)(6): folded cards go to the discards (the muck).
            let n = p.cards;
            self.discards += n;
        }
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
