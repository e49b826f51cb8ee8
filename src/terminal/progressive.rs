//! The table progressive controller: wagering opened and locked out with the round, the accepted
//! wagers checked against the keyed ones, meter payouts told as hits in settlement order, and every
//! report of the controller journaled.

use super::*;

/// What the screen shows of the progressive controller.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct ProgressiveView {
    /// `None` until a controller is attached.
    pub link: Option<LinkState>,
    pub state: Option<ControllerState>,
    /// Meter values by meter id, as last reported.
    pub meters: Vec<(u8, Cents)>,
    /// The controller's HIT_RESULTs for the round in play, in the order it paid them.
    pub hits: Vec<crate::devices::progressive::Hit>,
    /// Texas Hold 'Em Bonus: the Magic Card and Lucky Bonus position the table game system
    /// drew for the round in play (§ 647a.1).
    pub drawn: Option<crate::rules::banked::round::SystemDraw>,
}

/// A payout the settlement takes from the controller's meter.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(super) struct MeterHit {
    round: u32,
    spot: u8,
    meter: u8,
    percent: u8,
    /// What the settlement paid from the meter.
    amount: Cents,
}

/// The round's meter payouts on their way to the controller: hits are paid one at a time, in
/// settlement order (§ 647a.12(d)(4), § 655a.12(c)(4), § 657a.12(d)(4); hw/progressive-protocol.md).
#[derive(Debug, Default)]
pub(super) struct MeterHits {
    /// Not yet sent as HIT.
    to_send: std::collections::VecDeque<MeterHit>,
    /// Sent as HIT, not yet as HIT_PAID (the controller freezes the meter meanwhile).
    unpaid: Option<MeterHit>,
    /// Sent as HIT; the controller's HIT_RESULT not yet in.
    unanswered: std::collections::VecDeque<MeterHit>,
}

impl Terminal {
    /// Connects a progressive controller (§ 647a.2(c), § 655a.8(b), § 657a.8(b)).
    pub fn attach_progressive(&mut self, driver: Box<dyn ProgressiveDriver>) {
        self.progressive = Some(driver);
        self.progressive_view.link = Some(LinkState::Connecting);
    }

    pub fn progressive(&self) -> &ProgressiveView {
        &self.progressive_view
    }

    /// Sends a command to the progressive controller, if one is attached.
    pub fn progressive_command(&mut self, cmd: ProgressiveCommand) -> Result<(), String> {
        match self.progressive.as_mut() {
            Some(p) => {
                p.send(cmd);
                Ok(())
            }
            None => Err("no progressive controller is connected to this table".into()),
        }
    }

    /// Why a progressive wager cannot be accepted now; `None` when the controller is there.
    pub fn progressive_refusal(&self) -> Option<String> {
        const RULE: &str = "progressive wagers are not accepted (§ 647a.2(c), § 655a.8(b), § 657a.8(b)): key the other wagers, or call the floor";
        let Some(link) = &self.progressive_view.link else {
            return Some(format!(
                "no progressive controller is connected to this table ([progressive] port); {RULE}"
            ));
        };
        if !link.is_up() {
            return Some(format!(
                "the progressive controller is not answering; {RULE}"
            ));
        }
        match self.progressive_view.state {
            Some(ControllerState::CommunicationLoss | ControllerState::Error) => Some(format!(
                "the progressive controller is out of service; {RULE}"
            )),
            _ => None,
        }
    }

    /// Why a Five Card Hand Bonus cannot be accepted now: the table game system that takes it
    /// at the player's electronic wagering device and keeps its meter is the progressive
    /// controller's link (§ 647a.2(c)(7), § 647a.2(d)); `None` when it is there.
    pub fn system_refusal(&self) -> Option<String> {
        const RULE: &str = "the Five Card Hand Bonus is not accepted (§ 647a.2(d)): key the other wagers, or call the floor";
        let up = self
            .progressive_view
            .link
            .as_ref()
            .is_some_and(|l| l.is_up())
            && !matches!(
                self.progressive_view.state,
                Some(ControllerState::CommunicationLoss | ControllerState::Error)
            );
        if !up {
            return Some(format!("the table game system is not answering; {RULE}"));
        }
        let id = crate::rules::banked::round::METER_FIVE_CARD_BONUS;
        if !self.progressive_view.meters.iter().any(|(m, _)| *m == id) {
            return Some(format!(
                "the table game system reports no Five Card Hand Bonus meter (meter {id}); {RULE}"
            ));
        }
        None
    }

    /// A house-banked round drives the table's progressive controller: wagering opens with the
    /// round and locks out at "no more bets" (hw/progressive-protocol.md; § 647a.7, § 655a.7,
    /// § 657a.7: no wager after "no more bets"). Spots are the seat numbers. A settlement that
    /// pays from the meter is told to it as hits: HIT once a floorperson has validated the
    /// payouts, HIT_PAID when the dealer has paid, one hit at a time in settlement order
    /// (§ 647a.11(i), § 655a.11(i)(4), § 657a.12(d)(4)).
    pub(super) fn tell_progressive(&mut self, e: &Event) {
        use crate::rules::banked::round::BankedEvent;
        if self.progressive.is_none() {
            return;
        }
        // Only a game with a progressive wager drives the controller (Spanish 21, Lunar Poker
        // and WPT have none).
        let round = self.progressive_round().map(|(number, _)| number);
        let event = match e {
            Event::RoundStarted { number, .. } if round.is_some() => {
                self.hits = MeterHits::default();
                self.progressive_view.hits.clear();
                self.progressive_view.drawn = None;
                self.send_progressive(ProgressiveCommand::OpenWagering { round: *number });
                return;
            }
            Event::Banked(e) => e,
            _ => return,
        };
        match (event, round) {
            (BankedEvent::BetsClosed { .. }, Some(round)) => {
                self.send_progressive(ProgressiveCommand::LockOut { round });
            }
            (BankedEvent::Validated { .. }, Some(round)) => {
                self.hits.to_send = self.meter_hits(round);
                self.hits.unpaid = self.send_next_hit();
            }
            (BankedEvent::Paid, _) => {
                // The floorperson validated every payout of the round before the dealer paid
                // them, so the hits after the first follow one another.
                while let Some(h) = self.hits.unpaid.take().or_else(|| self.send_next_hit()) {
                    self.record_system(
                        "progressive_hit_paid",
                        serde_json::json!({"round": h.round, "spot": h.spot, "meter": h.meter,
                            "percent": h.percent, "amount": h.amount}),
                    );
                    self.send_progressive(ProgressiveCommand::HitPaid {
                        round: h.round,
                        spot: h.spot,
                        meter: h.meter,
                    });
                }
            }
            _ => {}
        }
    }

    /// The round in play when its game has a progressive wager: its number, and whether its
    /// wagers are being keyed.
    fn progressive_round(&self) -> Option<(u32, bool)> {
        let r = self.table.round.as_ref()?;
        let b = r.banked.as_ref().filter(|b| b.game.def().progressive)?;
        Some((
            r.number,
            b.step == crate::rules::banked::round::BankedStep::Wagers,
        ))
    }

    pub(super) fn send_progressive(&mut self, cmd: ProgressiveCommand) {
        if let Some(p) = self.progressive.as_mut() {
            p.send(cmd);
        }
    }

    /// Sends the settlement's next meter payout as a HIT; the hit sent, to be paid.
    pub(super) fn send_next_hit(&mut self) -> Option<MeterHit> {
        let h = self.hits.to_send.pop_front()?;
        self.send_progressive(ProgressiveCommand::Hit {
            round: h.round,
            spot: h.spot,
            meter: h.meter,
            percent: h.percent,
        });
        self.hits.unanswered.push_back(h.clone());
        Some(h)
    }

    /// The round's payouts from the controller's meters, in settlement order (the typed
    /// settlement's results paid from a meter): the Progressive Payout Wager's from meter 1,
    /// the Five Card Hand Bonus's from meter 2. The dealer's-hand Five Card Hand Bonus is one
    /// hit on spot 0, which the settlement divides among its bettors (§ 647a.12(e)(2)).
    pub(super) fn meter_hits(&self, round: u32) -> std::collections::VecDeque<MeterHit> {
        use crate::rules::banked::round::{METER_FIVE_CARD_BONUS, METER_PROGRESSIVE};
        let Some(settlement) = self
            .table
            .round
            .as_ref()
            .and_then(|r| r.banked.as_ref())
            .and_then(|b| b.settlement.as_ref())
        else {
            return Default::default();
        };
        let mut hits = std::collections::VecDeque::<MeterHit>::new();
        for w in settlement.results.iter().filter(|w| w.from_meter > 0) {
            let Some(percent) = w.meter_percent.and_then(|p| u8::try_from(p).ok()) else {
                continue;
            };
            let (spot, meter) = match w.wager.as_str() {
                "progressive" => (w.seat, METER_PROGRESSIVE),
                "fchb-player" => (w.seat, METER_FIVE_CARD_BONUS),
                "fchb-dealer" => (0, METER_FIVE_CARD_BONUS),
                _ => continue,
            };
            // The dealer's hand is hit once, for every share of it.
            if spot == 0
                && let Some(h) = hits.iter_mut().find(|h| h.spot == 0 && h.meter == meter)
            {
                h.amount += w.from_meter;
                continue;
            }
            hits.push_back(MeterHit {
                round,
                spot,
                meter,
                percent,
                amount: w.from_meter,
            });
        }
        hits
    }

    /// The table's progressive meter (meter 1, hw/progressive-protocol.md), with its value.
    pub fn progressive_meter(&self) -> Option<(u8, Cents)> {
        self.progressive_view
            .meters
            .iter()
            .find(|(m, _)| *m == crate::rules::banked::round::METER_PROGRESSIVE)
            .copied()
    }

    /// The controller's accepted progressive wagers against the ones the dealer keyed (the
    /// dealer checks the chips collected equal the wagers the system accepted: § 647a.8(b),
    /// § 655a.8(b), § 657a.8(b)). A wager exists as the system accepted it: a seat keyed above
    /// that is lowered to it in the round (journaled) and its chips over it go back; a seat the
    /// system accepted more for is the floor's. Either is told to the dealer for this round.
    pub(super) fn check_locked_wagers(&mut self, round: u32, wagers: &[(u8, Cents)]) {
        let Some(b) = self
            .table
            .round
            .as_ref()
            .filter(|r| r.number == round)
            .and_then(|r| r.banked.as_ref())
        else {
            return;
        };
        let keyed = |seat: u8| {
            b.wagers
                .get(&seat)
                .and_then(|w| w.get("progressive"))
                .copied()
                .unwrap_or(0)
        };
        let over = b.progressive_over(wagers);
        let under: Vec<(u8, Cents, Cents)> = wagers
            .iter()
            .filter(|(s, a)| *a > keyed(*s))
            .map(|(s, a)| (*s, keyed(*s), *a))
            .collect();
        if over.is_empty() && under.is_empty() {
            return;
        }
        let money = crate::rules::money;
        let mut told: Vec<String> = over
            .iter()
            .map(|(s, k, a)| match a {
                0 => format!("seat {s}: none accepted, return {}", money(*k)),
                a => format!("seat {s}: {} accepted, return {}", money(*a), money(k - a)),
            })
            .collect();
        told.extend(under.iter().map(|(s, k, a)| {
            format!(
                "seat {s}: {} accepted, {} keyed: call the floor",
                money(*a),
                money(*k)
            )
        }));
        let rows: Vec<_> = over
            .iter()
            .chain(&under)
            .map(|(s, k, a)| serde_json::json!({"seat": s, "keyed": k, "accepted": a}))
            .collect();
        // Told and journaled once the wagers are lowered (or that they could not be).
        let tell = move |t: &mut Terminal, told: Vec<String>| {
            t.device_notice = Some(format!("Progressive wagers: {}", told.join("; ")));
            t.device_notice_round = Some(round);
            t.record_system(
                "progressive_wager_mismatch",
                serde_json::json!({"round": round, "seats": rows}),
            );
        };
        if over.is_empty() {
            return tell(self, told);
        }
        let lowered = crate::rules::banked::round::BankedCommand::ProgressiveAccepted {
            wagers: wagers.to_vec(),
        };
        self.execute_then(
            Command::Banked(lowered),
            Box::new(move |t: &mut Terminal, outcome| {
                let mut told = told;
                if let Err(e) = outcome {
                    told.push(format!("not recorded ({e}): call the floor"));
                }
                tell(t, told)
            }),
        );
    }

    /// The controller's hit against the one the settlement asked for: the dealer pays what the
    /// controller lit (§ 647a.11(i)(2), § 655a.11(i)(4)(I)(B)); a different spot or amount is
    /// told to the dealer and journaled for the floor.
    pub(super) fn check_hit(&mut self, h: &crate::devices::progressive::Hit) {
        let Some(at) = self
            .hits
            .unanswered
            .iter()
            .position(|m| m.round == h.round && m.meter == h.meter)
        else {
            return;
        };
        let Some(asked) = self.hits.unanswered.remove(at) else {
            return;
        };
        if asked.spot == h.spot && asked.amount == h.amount {
            return;
        }
        // Spot 0 is the dealer's hand (the Five Card Hand Bonus, hw/progressive-protocol.md).
        let place = |spot: u8, word: &str| {
            if spot == 0 {
                "the dealer's hand".to_string()
            } else {
                format!("{word} {spot}")
            }
        };
        self.device_notice = Some(format!(
            "The progressive controller lit {} for {}; the settlement paid {} {}: call the floor",
            place(h.spot, "spot"),
            crate::rules::money(h.amount),
            place(asked.spot, "seat"),
            crate::rules::money(asked.amount)
        ));
        self.record_system(
            "progressive_hit_mismatch",
            serde_json::json!({"round": h.round, "meter": h.meter,
                "settlement": {"spot": asked.spot, "amount": asked.amount},
                "controller": {"spot": h.spot, "amount": h.amount}}),
        );
    }

    pub(super) fn on_progressive_event(&mut self, ev: ProgressiveEvent) {
        // Journaled by the driver before the frame was acknowledged, when it can; otherwise
        // here, the same row, a state or meters only when they changed.
        let journaled = self.progressive.as_ref().is_some_and(|p| p.journals());
        let changed = match &ev {
            ProgressiveEvent::State(s) => self.progressive_view.state != Some(*s),
            ProgressiveEvent::Meters(m) => &self.progressive_view.meters != m,
            _ => true,
        };
        if changed {
            self.record_device::<crate::devices::progressive::ProgressiveProtocol>(journaled, &ev);
        }
        match ev {
            ProgressiveEvent::Link(state) => {
                if state.is_up()
                    && let Some(p) = self.progressive.as_mut()
                {
                    p.send(ProgressiveCommand::RequestMeters);
                    p.send(ProgressiveCommand::RequestEnvy);
                }
                if let crate::devices::runner::LinkState::Connected { firmware, serial } = &state {
                    self.device_identity("progressive", firmware, serial);
                }
                self.progressive_view.link = Some(state);
            }
            ProgressiveEvent::State(s) => {
                if changed && s == ControllerState::CommunicationLoss {
                    self.device_notice = Some(
                        "The progressive controller lost contact and locked wagering out: call the floor."
                            .into(),
                    );
                }
                self.progressive_view.state = Some(s);
                // A controller idle while a round's wagers are keyed (it came back after the
                // terminal restarted or the line was down, and answered HELLO idle) has not
                // opened the round: wagering opens for it, as at its start. One already open
                // says so and is left alone (hw/progressive-protocol.md).
                if s == ControllerState::Idle
                    && let Some((round, true)) = self.progressive_round()
                {
                    self.send_progressive(ProgressiveCommand::OpenWagering { round });
                }
            }
            ProgressiveEvent::Meters(m) => self.progressive_view.meters = m,
            ProgressiveEvent::WageringOpen { .. } => {}
            ProgressiveEvent::Locked { round, wagers } => self.check_locked_wagers(round, &wagers),
            ProgressiveEvent::Hit(h) => {
                self.check_hit(&h);
                self.progressive_view.hits.push(h);
            }
            ProgressiveEvent::Drawn {
                round,
                magic_card,
                lucky,
            } => {
                // Kept for the round in play only: a late report of an earlier round is
                // journaled, never used.
                if self.table.round.as_ref().is_some_and(|r| r.number == round) {
                    self.progressive_view.drawn =
                        Some(crate::rules::banked::round::SystemDraw { magic_card, lucky });
                }
            }
            ProgressiveEvent::EnvyTable(_) | ProgressiveEvent::LineError(_) => {}
            ProgressiveEvent::Fault { code, text } => {
                self.device_notice = Some(format!("Progressive controller {code:#06x}: {text}"));
            }
        }
    }
}
