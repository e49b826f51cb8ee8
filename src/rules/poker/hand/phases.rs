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
            match phase {
                Phase::Forced => {
                    let mut posts: Vec<(u8, String, Cents)> = Vec::new();
                    if self.setup.ante > 0 {
                        for s in self.seats() {
                            posts.push((s, "ante".into(), self.setup.ante));
                        }
                    }
                    let mut straddle = None;
                    if self.procedure.blinds
                        && !self.procedure.phases.contains(&Phase::BlindsAfterDeal)
                    {
                        let blinds = self.blind_seats();
                        if let (Some(amount), Some((last, _))) =
                            (self.setup.straddle, blinds.last())
                        {
                            let next = clockwise_after(&self.seats(), *last);
                            if let Some(s) =
                                next.first().filter(|s| !blinds.iter().any(|b| b.0 == **s))
                            {
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
                        self.phase += 1;
                        continue;
                    }
                    self.step = Step::PostForced { posts, straddle };
                    return;
                }
                Phase::BlindsAfterDeal => {
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
                    self.step = Step::PostForced {
                        posts,
                        straddle: None,
                    };
                    return;
                }
                Phase::Deal { down, up } => {
                    let seats = self.order(&self.seats());
                    self.step = Step::Deal {
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
                    };
                    return;
                }
                Phase::Discard { count } => {
                    self.queue = self.order(&self.live()).into();
                    let Some(seat) = self.queue.front().copied() else {
                        self.phase += 1;
                        continue;
                    };
                    self.step = Step::Discard { seat, count };
                    return;
                }
                Phase::ForcedBet => {
                    if self.setup.forced_bet == 0 {
                        self.phase += 1;
                        continue;
                    }
                    let up: Vec<(u8, Card)> = self
                        .players
                        .iter()
                        .filter(|p| !p.folded)
                        .filter_map(|p| p.up.last().map(|c| (p.seat, *c)))
                        .collect();
                    let variant = self.procedure.stud.unwrap_or(StudVariant::High);
                    let Some(seat) = forced_bet_seat(&up, variant, self.setup.low_ace_low) else {
                        self.phase += 1;
                        continue;
                    };
                    self.step = Step::PostForced {
                        posts: vec![(seat, "forced bet".into(), self.setup.forced_bet)],
                        straddle: None,
                    };
                    return;
                }
                Phase::Board { cards } => {
                    let seats = self.live();
                    self.step = Step::Deal {
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
                    };
                    return;
                }
                Phase::StudCard { up } => {
                    let seats = self.order(&self.live());
                    let n = seats.len() as u8;
                    // § 637a.10(h): too few cards for each remaining player: one common card.
                    let common = self.stub < n + 1;
                    let nth = self.players.iter().map(|p| p.cards).max().unwrap_or(0) + 1;
                    self.step = Step::Deal {
                        label: if common {
                            format!(
                                "Burn one, deal one common card face up for every player's card {nth}"
                            )
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
                    };
                    return;
                }
                Phase::Draw => {
                    // § 637a.13(g)(1), § 637a.20(h): burn before the first new card.
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
                    let Some(seat) = self.queue.front().copied() else {
                        self.phase += 1;
                        continue;
                    };
                    let max = self.get(seat).map_or(0, |p| p.cards);
                    self.step = Step::Draw { seat, max };
                    return;
                }
                Phase::Bet { big, first } => {
                    if self.start_street(big, first) {
                        return;
                    }
                    self.phase += 1;
                }
                Phase::Showdown => {
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
                    self.step = Step::Showdown { order };
                    return;
                }
            }
        }
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
