//! The step card: what the table procedure asks now, one primary action, the section in small
//! print; the round's own steps are `poker.rs` and `banked.rs`'s.

use super::*;

mod counts;
mod one_tap;
mod shuffler;

impl DeckhandApp {
    pub(super) fn step_card(&mut self, ui: &mut Ui, cmds: &mut Vec<UiCmd>) {
        let step = self.term.table().step();
        if self.term.table().removal.is_some() {
            banner(ui, "✖ PLAY STOPPED: a deck must be removed and replaced");
        }
        if let Some(one) = self.one_tap(&step) {
            // The gold button in one place, whatever the instruction's length (up to three
            // lines): the dealer's finger finds it without reading.
            let top = ui.cursor().min.y;
            title(ui, &one.title);
            body(ui, &one.text);
            self.section(ui, &step);
            let used = ui.cursor().min.y - top;
            if used < theme::INSTRUCTION_H {
                ui.add_space(theme::INSTRUCTION_H - used);
            }
            // A reading shoe burns the card by itself: the fallback is a plain button away
            // from the gold one's place, so a reflex tap does not record a burn the shoe did
            // not read.
            let fallback = matches!(step, Step::BurnCard) && self.term.reads_draws();
            let tapped = if fallback {
                ui.add_space(theme::ACTION_SIZE.y + 24.0);
                ui.add(
                    egui::Button::new(egui::RichText::new(one.button).size(theme::BODY))
                        .min_size(egui::vec2(320.0, theme::ACTION_SIZE.y)),
                )
                .clicked()
            } else {
                primary(ui, one.button)
            };
            if tapped {
                cmds.push(one.then);
            }
        }
        match &step {
            Step::SignIn => self.sign_in(ui, cmds),
            Step::OpenTable => self.open_table(ui, cmds),
            Step::LoadShuffler { deck } | Step::LoadReplacement { deck } => {
                self.load_shuffler(ui, cmds, &step, deck)
            }
            Step::AwaitShuffle { deck } => self.await_shuffle(ui, cmds, &step, deck),
            Step::StartRound { deck, load } => self.start_round(ui, cmds, *deck, *load, &step),
            Step::VerifyRemoval { deck }
                if self
                    .term
                    .table()
                    .setup
                    .as_ref()
                    .is_some_and(|s| !s.poker.deck_dispositions.is_empty()) =>
            {
                self.verify_removal(ui, cmds, *deck, &step)
            }
            Step::Poker {
                step: s, section, ..
            } => self.poker_step(ui, cmds, s, section),
            Step::Banked { step: s, .. } => {
                let section = step.section();
                self.banked_step(ui, cmds, s, section)
            }
            Step::CountLosingHands { expected } => {
                self.count_losing_hands(ui, cmds, &step, expected)
            }
            Step::AwardPot { awards }
                if self
                    .term
                    .table()
                    .round
                    .as_ref()
                    .is_some_and(|r| r.untracked()) =>
            {
                let presets = self
                    .term
                    .table()
                    .round
                    .as_ref()
                    .map(|r| r.rake_presets())
                    .unwrap_or_default();
                let to: Vec<String> = awards.iter().map(|(s, _)| format!("seat {s}")).collect();
                title(ui, &format!("Push the pot to {}", to.join(" and ")));
                self.result_summary(ui);
                self.section(ui, &step);
                self.rake_presets(ui, cmds, &presets);
            }
            Step::AwardPot { awards } => self.award_pot(ui, cmds, &step, awards),
            Step::CountDeck { deck } => self.count_deck(ui, cmds, &step, deck),
            Step::CountStub { .. } => self.count_stub(ui, cmds, &step),
            Step::StubWrong {
                counted, expected, ..
            } => {
                banner(
                    ui,
                    &format!("⚠ The stub held {counted} cards: a full deck leaves {expected}"),
                );
                title(ui, "Were the cards misdealt?");
                body(
                    ui,
                    "Look at every hand on the layout. Misdealt: a player or the dealer holds more or fewer cards than dealt, and the hands with the stub make 52 cards. Either way every hand is void and every wager goes back to its player; if the cards were not misdealt, the whole deck leaves the table.",
                );
                self.section(ui, &step);
                ui.add_space(theme::GAP);
                ui.horizontal(|ui| {
                    if choice(ui, "Misdealt: 52 cards are here") {
                        cmds.push(UiCmd::Rules(Command::StubMisdeal { misdealt: true }));
                    }
                    ui.add_space(theme::GAP * 2.0);
                    if ui
                        .add(
                            Button::new(
                                RichText::new("Not misdealt: remove the deck").size(theme::BODY),
                            )
                            .fill(theme::DANGER_BG)
                            .min_size(theme::ACTION_SIZE),
                        )
                        .clicked()
                    {
                        cmds.push(UiCmd::Rules(Command::StubMisdeal { misdealt: false }));
                    }
                });
            }
            Step::ReaderNeeded => self.reader_needed(ui, cmds, &step),
            Step::ShufflerNeeded => self.shuffler_needed(ui, cmds, &step),
            // The one-tap steps, drawn above.
            _ => {}
        }
    }

    /// A reminder before the decks' time runs out, with the way to change them now.
    pub(super) fn deck_reminder(&self, ui: &mut Ui, cmds: &mut Vec<UiCmd>) {
        let Some((due, section)) = self.term.deck_change_due() else {
            return;
        };
        let left = due - self.term.deck_minutes();
        if left > self.deck_reminder_minutes {
            return;
        }
        let text = if left <= 0 {
            format!(
                "The decks are past their {} hours ({section}): change them before the next round.",
                due / 60
            )
        } else {
            format!("The decks must be changed within {left} minutes ({section}).")
        };
        banner(ui, &text);
        if ui
            .add(
                Button::new(RichText::new("Change decks now").size(theme::BODY))
                    .min_size(theme::ACTION_SIZE),
            )
            .clicked()
        {
            cmds.push(UiCmd::Ask(TableAction::ChangeDecks));
        }
    }

    pub(super) fn start_round(
        &mut self,
        ui: &mut Ui,
        cmds: &mut Vec<UiCmd>,
        deck: DeckId,
        load: Option<DeckId>,
        step: &Step,
    ) {
        let t = self.term.table();
        let number = t.rounds_played + 1;
        let stakes = t
            .setup
            .as_ref()
            .filter(|s| s.betting.tracks_stakes())
            .map(|s| (t.stakes.clone(), s.least_stake()));
        // A new round's seats: a player now short of the least stakes, or away, is not picked
        // again by itself (a tap still picks him, and the rules say why he cannot play).
        if let Some((stakes, least)) = &stakes
            && self.view.seats_checked_for != Some(number)
        {
            self.view.seats_checked_for = Some(number);
            self.view
                .seats
                .retain(|s| stakes.get(s).is_some_and(|c| c >= least) && !t.away.contains_key(s));
        }
        // The stakes screen takes the whole step card: its keypad stays on a 768-pixel screen.
        if let Some((stakes, least)) = &stakes
            && self.view.stake.is_some()
        {
            let away = t.away.clone();
            self.key_stake(ui, cmds, stakes, &away, *least);
            return;
        }
        if self.round_waits(ui, cmds) {
            return;
        }
        self.deck_reminder(ui, cmds);
        let t = self.term.table();
        title(ui, &format!("Ready for round {number}"));
        let how = self.deck_words(deck, load);
        body(
            ui,
            &format!(
                "{how}. Tap the seats with players dealt in ({}).",
                if t.setup
                    .as_ref()
                    .map(|s| s.poker.game)
                    .unwrap_or_default()
                    .is_house_banked()
                {
                    "each player plays the house"
                } else {
                    "at least two"
                }
            ),
        );
        self.section(ui, step);
        // Where the button goes for the seats picked, said in words (§ 637a.11(c)): the dealer
        // moves it before dealing, and the small "D" on the map is easily missed.
        let picked: Vec<u8> = self.view.seats.iter().copied().collect();
        // The line stands whether or not a seat is picked yet: nothing moves under a finger.
        let button_game = t
            .setup
            .as_ref()
            .and_then(|s| crate::rules::poker::procedure::Procedure::of(s.poker.game))
            .is_some_and(|p| p.button);
        let button = button_game
            .then(|| t.next_button(&picked).map(|b| (b, t.last_button)))
            .flatten();
        if button_game {
            let text = match button {
                Some((b, Some(l))) if l == b => format!("The button stays at seat {b}."),
                Some((b, Some(l))) => format!("Move the button from seat {l} to seat {b}."),
                Some((b, None)) => format!("Place the button at seat {b}."),
                None => "The button: tap the seats dealt in.".to_string(),
            };
            body_colour(ui, &text, theme::PRIMARY);
        }
        // The seats on the table map, where they are at the table; a tap picks or drops one.
        let seats = &mut self.view.seats;
        // A house-banked layout has its own betting positions (§ x.2(a)); the poker room ten.
        let positions = t
            .setup
            .as_ref()
            .and_then(|s| s.poker.game.def().banked)
            .map_or(crate::rules::table::MAX_SEATS, |b| b.round.positions);
        let views: Vec<super::table_map::SeatView> = (1..=positions)
            .map(|seat| super::table_map::SeatView {
                seat,
                on: seats.contains(&seat),
                // No-limit, pot-limit: each seat's table stakes under it.
                line: {
                    let stake = stakes
                        .as_ref()
                        .and_then(|(s, _)| s.get(&seat))
                        .map_or(String::new(), |c| money(*c));
                    match (button.is_some_and(|(b, _)| b == seat), stake.is_empty()) {
                        (true, true) => "D".to_string(),
                        (true, false) => format!("{stake} · D"),
                        _ => stake,
                    }
                },
                ..Default::default()
            })
            .collect();
        if let Some(seat) = super::table_map::picker(ui, &views, 220.0)
            && !seats.remove(&seat)
        {
            seats.insert(seat);
        }
        if let Some((_, least)) = &stakes {
            ui.horizontal(|ui| {
                if ui
                    .add(
                        Button::new(RichText::new("Table stakes…").size(theme::BODY))
                            .min_size(theme::ACTION_SIZE),
                    )
                    .clicked()
                {
                    self.view.stake = Some(Default::default());
                }
                small(
                    ui,
                    &format!(
                        "Between rounds; {} at least to play (§ 637a.8(b)).",
                        money(*least)
                    ),
                );
            });
        }
        ui.add_space(theme::GAP);
        if primary(ui, &format!("Start round {number}")) {
            cmds.push(UiCmd::Rules(Command::StartRound {
                seats: self.view.seats.iter().copied().collect(),
            }));
        }
        self.idle_or_reshuffle(ui, cmds);
    }

    /// § 637a.5(d), § x.5(f): no play at the open table (the cards spread); § 637a.5(a): the
    /// floor directs the cards shuffled again.
    fn idle_or_reshuffle(&self, ui: &mut Ui, cmds: &mut Vec<UiCmd>) {
        ui.add_space(theme::GAP);
        let spread = if self.term.table().decks.len() == 1 {
            "No play: spread the deck"
        } else {
            "No play: spread the decks"
        };
        ui.horizontal(|ui| {
            if ui
                .add(
                    Button::new(RichText::new(spread).size(theme::BODY))
                        .min_size(theme::ACTION_SIZE),
                )
                .clicked()
            {
                cmds.push(UiCmd::Rules(Command::TableIdle));
            }
            if ui
                .add(
                    Button::new(RichText::new("Floor: shuffle again").size(theme::BODY))
                        .min_size(theme::ACTION_SIZE),
                )
                .clicked()
            {
                cmds.push(UiCmd::OpenReshuffleVerify);
            }
        });
    }

    /// What must happen before a round's card is shown: the card reader's inspection, a jackpot
    /// box's count. True while one waits (its step is drawn instead).
    fn round_waits(&self, ui: &mut Ui, cmds: &mut Vec<UiCmd>) -> bool {
        // § 635a.2(d): the card reader is inspected before the gaming day's first round; the
        // round's card waits for it.
        if let Some(why) = self.term.reader_inspection_due(chrono::Utc::now()) {
            title(ui, "The floorperson inspects the card reader");
            body(ui, &why);
            if primary(ui, "Floorperson: card reader inspected") {
                cmds.push(UiCmd::OpenReaderVerify);
            }
            return true;
        }
        // § 637a.15(d)(1), § 637a.16(d)(1): a jackpot box due its count at the closed table.
        if let Some(why) = self.term.box_count_due(chrono::Utc::now()) {
            title(ui, "Count the jackpot box");
            body(ui, &why);
            if primary(ui, "Count the box now") {
                cmds.push(UiCmd::OpenRecord(super::records::RecordKind::BoxCount));
            }
            return true;
        }
        false
    }

    /// Where the round's deck comes from and where the next one goes, in words: the shoe, the
    /// shuffler's dealing shoe, a manual dealing shoe or the table.
    fn deck_words(&self, deck: DeckId, load: Option<DeckId>) -> String {
        let t = self.term.table();
        let from = if t.manual_shuffle {
            "from the table"
        } else {
            "from the shuffler"
        };
        // A Spanish 21 shoe is in the dealing shoe by now (its first card burned, § 635a.7(c)).
        // A house-banked table's manual dealing shoe takes the stacked deck once it is
        // shuffled and cut (§ x.8(a)).
        let manual_shoe = t.setup.as_ref().and_then(|s| {
            (s.poker.game.is_house_banked()
                && s.poker.dealing == crate::rules::dealing::Dealing::ManualShoe)
                .then(|| s.poker.game.def().chapter)
        });
        let mut how = if t.shoe_game() {
            format!("Deal from the {} shoe", t.deck_name(deck))
        } else if self.term.reads_hands() && !t.manual_shuffle {
            // The shuffler inserts the deck into its own dealing shoe (§ 657a.5(a) and each
            // chapter's § x.5(a)), which forms and reads the hands.
            format!(
                "The shuffler puts the {} deck in its dealing shoe, which forms and reads the hands",
                t.deck_name(deck)
            )
        } else if let Some(chapter) = manual_shoe {
            format!(
                "Place the stacked {} deck in the manual dealing shoe (§ {chapter}.8(a))",
                t.deck_name(deck)
            )
        } else {
            format!("Take the {} deck {from}", t.deck_name(deck))
        };
        if let Some(other) = load {
            if t.shoe_game() {
                how.push_str(&format!(
                    "; load the {} shoe into the shuffler",
                    t.deck_name(other)
                ));
            } else if (self.term.reads_hands() || manual_shoe.is_some()) && !t.manual_shuffle {
                // The other deck goes into the shuffler, not the shoe just named (§ x.3(b)(2)).
                how.push_str(&format!(
                    "; load the {} deck into the shuffler",
                    t.deck_name(other)
                ));
            } else {
                how.push_str(&format!(
                    " and load the {} deck into it",
                    t.deck_name(other)
                ));
            }
        }
        how
    }

    /// § 637a.7(e)(5), § 637a.3(c): the floorperson verifies the removal and says what became
    /// of the removed deck, from the internal controls' list.
    fn verify_removal(&mut self, ui: &mut Ui, cmds: &mut Vec<UiCmd>, deck: DeckId, step: &Step) {
        let t = self.term.table();
        let name = t.deck_name(deck);
        // The replacement is inspected by now: it carries the next number.
        let replacement = t.deck_generation(deck);
        let number = replacement.saturating_sub(1);
        let choices = t
            .setup
            .as_ref()
            .map(|s| s.poker.deck_dispositions.clone())
            .unwrap_or_default();
        title(ui, "Floorperson verifies the deck change");
        body(
            ui,
            &format!(
                "A floorperson verifies the removal of the {name} deck No. {number} and its replacement, No. {replacement}, and says what becomes of the removed deck."
            ),
        );
        self.section(ui, step);
        ui.horizontal_wrapped(|ui| {
            for c in &choices {
                let on = self.view.disposition.as_deref() == Some(c.as_str());
                let b = Button::new(RichText::new(c).size(theme::BODY))
                    .selected(on)
                    .min_size(theme::ACTION_SIZE);
                if ui.add(b).clicked() {
                    self.view.disposition = Some(c.clone());
                }
            }
        });
        ui.add_space(theme::GAP);
        let chosen = self.view.disposition.clone();
        if super::primary_when(ui, chosen.is_some(), "Floorperson verify")
            && let Some(d) = chosen
        {
            cmds.push(UiCmd::OpenVerify(format!(
                "Removal of the {name} deck No. {number}: {d}"
            )));
        }
    }

    /// § 637a.8(b)(1),(2): the dealer taps a seat and keys the chips the player sits down with
    /// or adds; a player who leaves takes his stakes.
    fn key_stake(
        &mut self,
        ui: &mut Ui,
        cmds: &mut Vec<UiCmd>,
        stakes: &std::collections::BTreeMap<u8, crate::rules::Cents>,
        away: &std::collections::BTreeMap<u8, crate::rules::Cents>,
        least: crate::rules::Cents,
    ) {
        // The floorperson's pad over this screen has its own keypad: one keypad at a time.
        let pad_open = self.view.verify.is_some();
        let Some(entry) = self.view.stake.as_mut() else {
            return;
        };
        let mut done = false;
        ui.horizontal(|ui| {
            title(ui, "Table stakes");
            ui.add_space(theme::GAP * 2.0);
            // Done stays in one place, beside the title, whatever the seat's buttons are.
            if choice(ui, "Done") {
                done = true;
            }
        });
        small(
            ui,
            &format!(
                "Tap the seat, key the chips in dollars. Chips are added only between rounds; {} at least to be dealt in (§ 637a.8(b)(1),(2),(4)).",
                money(least)
            ),
        );
        // The seats in two rows of five, each with its stakes on a second line, every button the
        // same size: the grid never reflows as players sit down, and the keypad stays on a
        // 768-pixel screen.
        egui::Grid::new("stake-seats")
            .spacing([theme::GAP / 2.0, theme::GAP / 2.0])
            .show(ui, |ui| {
                // Two lines of text fit the button's height with this padding: a second line
                // of stakes never makes the row taller, so the keypad stays under the finger.
                ui.spacing_mut().button_padding.y = 2.0;
                for seat in 1..=crate::rules::table::MAX_SEATS {
                    let label = match (stakes.get(&seat), away.contains_key(&seat)) {
                        (Some(c), false) => format!("Seat {seat}\n{}", money(*c)),
                        (Some(c), true) => format!("Seat {seat} away\n{}", money(*c)),
                        (None, _) => format!("Seat {seat}"),
                    };
                    let b = Button::new(RichText::new(label).size(theme::SMALL + 2.0))
                        .selected(entry.seat == Some(seat));
                    if ui.add_sized(egui::vec2(124.0, 54.0), b).clicked() {
                        entry.seat = Some(seat);
                        entry.amount.clear();
                    }
                    if seat % 5 == 0 {
                        ui.end_row();
                    }
                }
            });
        ui.add_space(theme::GAP);
        ui.horizontal_top(|ui| {
            if pad_open {
                ui.add_space(theme::KEY_SIZE.x * 3.0 + theme::GAP * 2.0);
            } else {
                super::keypad::keypad(ui, &mut entry.amount, 6);
            }
            ui.add_space(theme::GAP * 2.0);
            ui.vertical(|ui| {
                let Some(seat) = entry.seat else {
                    small(ui, "Tap a seat first.");
                    return;
                };
                let has = stakes.get(&seat).copied();
                // § 637a.8(b)(6): away with the stakes counted; back once the floorperson has
                // checked them.
                if let Some(h) = away.get(&seat).copied() {
                    small(
                        ui,
                        &format!(
                            "Seat {seat} is away; the floorperson recorded {}.",
                            money(h)
                        ),
                    );
                    if super::primary_when(ui, true, &format!("Seat {seat} is back")) {
                        cmds.push(UiCmd::OpenStakesVerify(
                            format!(
                                "Seat {seat} is back: check the stakes are {} (§ 637a.8(b)(6)(i))",
                                money(h)
                            ),
                            seat,
                            true,
                        ));
                    }
                    return;
                }
                let dollars: Option<crate::rules::Cents> = entry
                    .amount
                    .parse::<crate::rules::Cents>()
                    .ok()
                    .filter(|d| *d > 0);
                let label = match (has, dollars) {
                    (None, Some(d)) => format!("Seat {seat} sits down: {}", money(d * 100)),
                    (Some(_), Some(d)) => format!("Add {} to seat {seat}", money(d * 100)),
                    (_, None) => "Key the chips".to_string(),
                };
                // A size smaller than a step's own action: "Seat 10 sits down: $999,999.00"
                // stays whole beside the keypad at 1024×768.
                let sit = ui
                    .add_enabled(
                        dollars.is_some(),
                        super::gold(label, theme::BODY).min_size(theme::PRIMARY_SIZE),
                    )
                    .clicked();
                if sit && let Some(d) = dollars {
                    // Ticked for the next round once the rules took it with enough to be dealt
                    // in (`DeckhandApp::apply`); a refused sit-down ticks nothing.
                    cmds.push(UiCmd::Rules(Command::AddStake {
                        seat,
                        amount: d * 100,
                    }));
                    entry.amount.clear();
                }
                if let Some(h) = has {
                    if choice(ui, &format!("Seat {seat} steps away")) {
                        cmds.push(UiCmd::OpenStakesVerify(
                            format!(
                                "Seat {seat} steps away: count the stakes, {} (§ 637a.8(b)(6))",
                                money(h)
                            ),
                            seat,
                            false,
                        ));
                    }
                    if ui
                        .add(
                            Button::new(
                                RichText::new(format!("Seat {seat} leaves with {}", money(h)))
                                    .size(theme::BODY),
                            )
                            .fill(theme::DANGER_BG)
                            .min_size(theme::ACTION_SIZE),
                        )
                        .clicked()
                    {
                        cmds.push(UiCmd::Rules(Command::LeaveSeat { seat }));
                        self.view.seats.remove(&seat);
                    }
                }
            });
        });
        if done {
            self.view.stake = None;
        }
    }

    /// The shown hands and who won, while the losing hands are counted and the pot pushed.
    pub(super) fn result_summary(&self, ui: &mut Ui) {
        let Some(r) = &self.term.table().round else {
            return;
        };
        let Some(res) = r.poker.as_ref().and_then(|h| h.result.as_ref()) else {
            return;
        };
        if !res.board.is_empty() {
            body(ui, &format!("Board: {}", cards_text(&res.board)));
        }
        for (seat, text) in &res.shown {
            let won = r.awards.iter().any(|(s, _)| s == seat);
            let cards = res
                .hands
                .iter()
                .find(|(s, _)| s == seat)
                .map_or(String::new(), |(_, c)| format!("{} ", cards_text(c)));
            let line = format!("Seat {seat}: {cards}— {text}");
            let line = if won {
                format!("★ {line} (wins)")
            } else {
                line
            };
            body_colour(ui, &line, if won { theme::OK } else { theme::TEXT });
        }
    }
}
