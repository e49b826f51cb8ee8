//! The procedure's phases entered one after another: forced bets, deals, discards, the Stud
//! forced bet, board and Stud cards, draws, betting rounds, the showdown.

use super::*;

impl Hand {
    /// Sets up the current phase's step, skipping phases that need nothing.
    pub(super) fn enter_phase(&mut self) {
        if self.setup.untracked {
            self.enter_untracked();
            return;
        }
        loop {
            if self.live().len() == 1 {
                self.finish_uncontested();
                return;
            }
            let Some(phase) = self.procedure.phases.get(self.phase).copied() else {
                self.step = Step::Complete;
                return;
            };
            // Each phase's step, or none when the phase has nothing to ask (no ante and no
            // blinds, nobody left to discard or draw, no forced bet, a betting round that
            // cannot start): then the next phase.
            let step = match phase {
                Phase::Forced => self.forced_step(),
                Phase::BlindsAfterDeal => Some(self.blinds_after_deal_step()),
                Phase::Deal { down, up } => Some(self.deal_step(down, up)),
                Phase::Discard { count } => {
                    self.queue = self.order(&self.live()).into();
                    self.queue
                        .front()
                        .map(|&seat| Step::Discard { seat, count })
                }
                Phase::ForcedBet => self.forced_bet_step(),
                Phase::Board { cards } => Some(self.board_step(cards)),
                Phase::StudCard { up } => Some(self.stud_card_step(up)),
                Phase::Draw => self.draw_step(),
                Phase::Bet { big, first } => {
                    if self.start_street(big, first) {
                        return;
                    }
                    None
                }
                Phase::Showdown => Some(self.showdown_step()),
            };
            match step {
                Some(step) => {
                    self.step = step;
                    return;
                }
                None => self.phase += 1,
            }
        }
    }

    /// The antes, then the blinds and any blinds posted out of turn, with the straddle the
    /// seat after the last blind may take (§ 637a.11(e)).
    fn forced_step(&self) -> Option<Step> {
        let mut posts: Vec<(u8, String, Cents)> = Vec::new();
        if self.setup.ante > 0 {
            for s in self.seats() {
                posts.push((s, "ante".into(), self.setup.ante));
            }
        }
        let mut straddle = None;
        if self.procedure.blinds && !self.procedure.phases.contains(&Phase::BlindsAfterDeal) {
            let blinds = self.blind_seats();
            if let (Some(amount), Some((last, _))) = (self.setup.straddle, blinds.last()) {
                let next = clockwise_after(&self.seats(), *last);
                if let Some(s) = next.first().filter(|s| !blinds.iter().any(|b| b.0 == **s)) {
                    straddle = Some((*s, amount));
                }
            }
            for (s, b) in blinds {
                posts.push((s, "blind".into(), b));
            }
            for p in &self.setup.posts {
                posts.push((p.seat, p.what().into(), p.amount));
            }
        }
        if posts.is_empty() {
            return None;
        }
        Some(Step::PostForced { posts, straddle })
    }

    /// The blinds of a game that posts them after the deal.
    fn blinds_after_deal_step(&self) -> Step {
        let posts = self
            .blind_seats()
            .into_iter()
            .map(|(s, b)| (s, "blind".into(), b))
            .chain(
                self.setup
                    .posts
                    .iter()
                    .map(|p| (p.seat, p.what().into(), p.amount)),
            )
            .collect();
        Step::PostForced {
            posts,
            straddle: None,
        }
    }

    /// The first deal: `down` cards face down, then `up` face up, to each player.
    fn deal_step(&self, down: u8, up: u8) -> Step {
        let seats = self.order(&self.seats());
        Step::Deal {
            label: format!(
                "Deal {down} down{} to each player",
                if up > 0 {
                    format!(", then {up} up")
                } else {
                    String::new()
                }
            ),
            seats,
            burn: false,
            down,
            up,
            board: 0,
            common: false,
        }
    }

    /// Stud's forced bet, by the up cards (none where the game's forced bet is 0).
    fn forced_bet_step(&self) -> Option<Step> {
        if self.setup.forced_bet == 0 {
            return None;
        }
        let up: Vec<(u8, Card)> = self
            .players
            .iter()
            .filter(|p| !p.folded)
            .filter_map(|p| p.up.last().map(|c| (p.seat, *c)))
            .collect();
        let variant = self.procedure.stud.unwrap_or(StudVariant::High);
        let seat = forced_bet_seat(&up, variant, self.setup.low_ace_low)?;
        Some(Step::PostForced {
            posts: vec![(seat, "forced bet".into(), self.setup.forced_bet)],
            straddle: None,
        })
    }

    /// The flop, the turn or the river, each after a burn.
    fn board_step(&self, cards: u8) -> Step {
        let seats = self.live();
        Step::Deal {
            label: match self.board {
                0 => "Burn one, deal the flop".into(),
                3 => "Burn one, deal the turn".into(),
                _ => "Burn one, deal the river".into(),
            },
            seats,
            burn: true,
            down: 0,
            up: 0,
            board: cards,
            common: false,
        }
    }

    /// A stud card to each remaining player after a burn, or one common card when the stub is
    /// short (§ 637a.10(h)).
    fn stud_card_step(&self, up: bool) -> Step {
        let seats = self.order(&self.live());
        let n = seats.len() as u8;
        // § 637a.10(h): too few cards for each remaining player: one common card.
        let common = self.stub < n + 1;
        let nth = self.players.iter().map(|p| p.cards).max().unwrap_or(0) + 1;
        Step::Deal {
            label: if common {
                format!("Burn one, deal one common card face up for every player's card {nth}")
            } else {
                format!(
                    "Burn one, deal card {nth} {} to each remaining player",
                    if up { "face up" } else { "face down" }
                )
            },
            seats,
            burn: true,
            down: u8::from(!up && !common),
            up: u8::from(up && !common),
            board: 0,
            common,
        }
    }

    /// The draw: a burn before the first new card (§ 637a.13(g)(1), § 637a.20(h)), then each
    /// player still in, in turn.
    fn draw_step(&mut self) -> Option<Step> {
        if self.stub == 0 {
            self.reshuffle_discards(0);
        }
        self.stub = self.stub.saturating_sub(1);
        self.burns += 1;
        self.events.push(HandEvent::Dealt {
            label: "Burn one before the draw".into(),
            seats: vec![],
            burned: true,
            cards: 0,
            up: vec![],
            common: None,
            stub: self.stub,
        });
        self.queue = self.order(&self.live()).into();
        let seat = self.queue.front().copied()?;
        let max = self.get(seat).map_or(0, |p| p.cards);
        Some(Step::Draw { seat, max })
    }

    /// The showdown's order: from the last aggressor, or the first to act in the last betting
    /// round (§ 637a.18(e)).
    fn showdown_step(&self) -> Step {
        let live = self.live();
        let start = self
            .last_aggressor
            .or(self.last_street_first)
            .filter(|s| live.contains(s));
        let mut order = self.order(&live);
        if let Some(s) = start {
            let i = order.iter().position(|x| *x == s).unwrap_or(0);
            order.rotate_left(i);
        }
        Step::Showdown { order }
    }
}

/// What the dealer does with the stub before a draw step's cards, as the journal records it: the
/// screen asks for each (a step the journal records is a step the screen asked for).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct DrawPreparation {
    /// The first player of a draw round: burn one first (§ 637a.13(g)(1), § 637a.20(h),
    /// § 637a.21(h),(i)).
    pub burn: bool,
    /// The stub was empty for the burn: the discards were shuffled into a new stub first
    /// (§ 637a.13(g)(2)).
    pub discards_shuffled: bool,
}

impl Hand {
    /// At a draw step: the burn and the reshuffle the journal recorded for it, not yet dealt.
    pub fn draw_preparation(&self) -> DrawPreparation {
        if !matches!(self.step, Step::Draw { .. }) {
            return DrawPreparation::default();
        }
        let mut tail = self.events.iter().rev();
        let burn = matches!(
            tail.next(),
            Some(HandEvent::Dealt {
                burned: true,
                cards: 0,
                ..
            })
        );
        let discards_shuffled =
            burn && matches!(tail.next(), Some(HandEvent::DiscardsReshuffled { .. }));
        DrawPreparation {
            burn,
            discards_shuffled,
        }
    }

    /// At Stud's common card with one card or none left: the burn cards shuffled into the stub
    /// first (§ 637a.10(h)), how many.
    pub fn burns_to_shuffle_in(&self) -> Option<u8> {
        matches!(self.step, Step::Deal { common: true, .. })
            .then_some(())
            .filter(|_| self.stub <= 1)
            .map(|_| self.burns)
    }
}
