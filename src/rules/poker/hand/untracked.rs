//! A round whose betting is not tracked action by action (`HandSetup::untracked`, the Rules
//! Submission's choice for a table without table stakes): the game's procedure walked one
//! betting round or draw at a time, each one tap once it is over, with what to deal before it
//! said on the same screen; then the winner tapped, or the hands shown keyed where a record
//! needs them (a Bad Beat, a dispute). The money is the dealer's at the table: the rake taken is
//! keyed when the pot is pushed (`rules::table`).

use crate::rules::machine::Refusal;

use super::*;

impl Hand {
    /// Walks the procedure from the current phase to the next step the dealer confirms: a
    /// betting round or a draw (what is dealt before it goes in its `deal` lines), or the
    /// winners once the last betting round is over.
    pub(super) fn enter_untracked(&mut self) {
        let mut deal: Vec<String> = Vec::new();
        let mut posts: Vec<(u8, String, Cents)> = Vec::new();
        loop {
            let Some(phase) = self.procedure.phases.get(self.phase).copied() else {
                self.step = Step::Complete;
                return;
            };
            match phase {
                Phase::Forced | Phase::BlindsAfterDeal => {
                    let now = self.forced_posts(phase == Phase::Forced);
                    deal.extend(self.post_lines(&now));
                    posts.extend(now);
                }
                Phase::Deal { down, up } => {
                    for p in &mut self.players {
                        p.cards += down + up;
                    }
                    deal.push(if up > 0 {
                        format!("Deal {down} down, then {up} up, to each player.")
                    } else {
                        format!("Deal {down} cards down to each player.")
                    });
                }
                Phase::Discard { count } => {
                    for p in &mut self.players {
                        p.cards = p.cards.saturating_sub(count);
                    }
                    deal.push(format!(
                        "Each player discards {count} cards (§ 637a.10(m))."
                    ));
                }
                Phase::ForcedBet if self.setup.forced_bet > 0 => deal.push(format!(
                    "The lowest up card posts the forced bet of {} ({}(d)).",
                    crate::rules::money(self.setup.forced_bet),
                    self.procedure.section
                )),
                Phase::ForcedBet => {}
                Phase::Board { cards } => {
                    self.board += cards;
                    deal.push(
                        match self.board {
                            3 => "Burn one, deal the flop.",
                            4 => "Burn one, deal the turn.",
                            _ => "Burn one, deal the river.",
                        }
                        .into(),
                    );
                }
                Phase::StudCard { up } => {
                    for p in &mut self.players {
                        p.cards += 1;
                    }
                    let nth = self.players.iter().map(|p| p.cards).max().unwrap_or(0);
                    deal.push(format!(
                        "Burn one, deal card {nth} {} to each player still in.",
                        if up { "face up" } else { "face down" }
                    ));
                }
                Phase::Draw => {
                    self.step = Step::Street {
                        number: self.streets,
                        name: "the draw".into(),
                        draw: true,
                        deal: vec!["Burn one; each player still in discards and draws in turn (§ 637a.13(g)).".into()],
                        posts,
                    };
                    return;
                }
                Phase::Bet { .. } => {
                    self.streets += 1;
                    self.step = Step::Street {
                        number: self.streets,
                        name: self.street_named(),
                        draw: false,
                        deal,
                        posts,
                    };
                    return;
                }
                Phase::Showdown => {
                    self.step = Step::Winners {
                        seats: self.table_order(),
                    };
                    return;
                }
            }
            self.phase += 1;
        }
    }

    /// The antes and blinds a round opens with, as the dealer collects them: (seat, what,
    /// amount), antes first.
    fn forced_posts(&self, before_deal: bool) -> Vec<(u8, String, Cents)> {
        let mut posts = Vec::new();
        if before_deal && self.setup.ante > 0 {
            for s in self.seats() {
                posts.push((s, "ante".to_string(), self.setup.ante));
            }
        }
        let blinds_now = self.procedure.blinds
            && (before_deal != self.procedure.phases.contains(&Phase::BlindsAfterDeal));
        if blinds_now {
            for (s, b) in self.blind_seats() {
                posts.push((s, "blind".into(), b));
            }
            for p in &self.setup.posts {
                posts.push((p.seat, p.what().into(), p.amount));
            }
        }
        posts
    }

    /// The posts as the screen asks for them: "Antes: $0.25 from every player.", "Blinds:
    /// seat 3 $1.00, seat 4 $2.00."
    fn post_lines(&self, posts: &[(u8, String, Cents)]) -> Vec<String> {
        let mut lines = Vec::new();
        if let Some((_, _, ante)) = posts.iter().find(|(_, w, _)| w == "ante") {
            lines.push(format!(
                "Collect an ante of {} from every player.",
                crate::rules::money(*ante)
            ));
        }
        let blinds: Vec<String> = posts
            .iter()
            .filter(|(_, w, _)| w != "ante")
            .map(|(s, w, a)| match w.as_str() {
                "blind" => format!("seat {s} {}", crate::rules::money(*a)),
                w => format!("seat {s} {w} {}", crate::rules::money(*a)),
            })
            .collect();
        if !blinds.is_empty() {
            lines.push(format!("Blinds: {}.", blinds.join(", ")));
        }
        lines
    }

    /// The betting round about to be played, as a dealer calls it.
    fn street_named(&self) -> String {
        let board_game = self
            .procedure
            .phases
            .iter()
            .any(|p| matches!(p, Phase::Board { .. }));
        let draws = self.procedure.phases[..self.phase]
            .iter()
            .filter(|p| matches!(p, Phase::Draw))
            .count();
        if board_game {
            match self.board {
                0 => "pre-flop",
                3 => "flop",
                4 => "turn",
                _ => "river",
            }
            .into()
        } else if self.procedure.stud.is_some() {
            let cards = self.players.iter().map(|p| p.cards).max().unwrap_or(0);
            let word = [
                "first", "second", "third", "fourth", "fifth", "sixth", "seventh",
            ];
            let nth = word
                .get(usize::from(cards.max(1)) - 1)
                .copied()
                .unwrap_or("last");
            format!("{nth} street")
        } else {
            match draws {
                0 => "before the draw".into(),
                1 if !self.has_second_draw() => "after the draw".into(),
                n => format!("after draw {n}"),
            }
        }
    }

    fn has_second_draw(&self) -> bool {
        self.procedure
            .phases
            .iter()
            .filter(|p| matches!(p, Phase::Draw))
            .count()
            > 1
    }

    /// The betting round or draw on the screen is over.
    pub(super) fn street_played(&mut self) -> Result<(), Refusal> {
        let Step::Street {
            number,
            name,
            posts,
            ..
        } = &self.step
        else {
            return Err("no betting round is under way".into());
        };
        self.events.push(HandEvent::StreetPlayed {
            number: *number,
            name: name.clone(),
            posts: posts.clone(),
        });
        self.phase += 1;
        self.enter_untracked();
        Ok(())
    }

    /// The pot goes to `seats`: at the showdown one or more (a split), before it the one player
    /// every other player folded to (§ 637a.7(d)).
    pub(super) fn won(&mut self, seats: Vec<u8>) -> Result<(), Refusal> {
        let showdown = matches!(self.step, Step::Winners { .. });
        if !showdown && !matches!(self.step, Step::Street { .. }) {
            return Err("the pot is awarded once its betting is over".into());
        }
        if seats.is_empty() {
            return Err("tap the seat that wins the pot".into());
        }
        for (i, s) in seats.iter().enumerate() {
            if self.get(*s).is_none() {
                return Err(Refusal::plain(format!("seat {s} is not in this round")));
            }
            if seats[..i].contains(s) {
                return Err(Refusal::plain(format!("seat {s} is named twice")));
            }
        }
        if !showdown && seats.len() > 1 {
            return Err(refusal!(
                "§ 637a.7(d)",
                "before the showdown the pot goes to the one player left in; a split pot is awarded at the showdown"
            ));
        }
        self.events.push(HandEvent::Won {
            seats: seats.clone(),
            showdown,
        });
        let result = HandResult {
            pots: vec![],
            uncalled: None,
            take: PotTake::default(),
            totals: seats.iter().map(|s| (*s, 0)).collect(),
            shown: vec![],
            hands: vec![],
            board: vec![],
            bad_beat: None,
        };
        self.result = Some(result);
        self.step = Step::Complete;
        Ok(())
    }

    /// "No flop, no drop": the flop out in a board game, else a second betting round started.
    pub fn rake_allowed(&self) -> bool {
        self.drop_allowed()
    }
}
