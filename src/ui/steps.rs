//! The step card: what the table procedure asks now, one primary action, the section in small
//! print; the round's own steps are `poker.rs` and `banked.rs`'s.

use super::*;

impl DeckhandApp {
    pub(super) fn step_card(&mut self, ui: &mut Ui, cmds: &mut Vec<UiCmd>) {
        let step = self.term.table().step();
        if let Some(notice) = &self.term.device_notice {
            banner(ui, &format!("⚠ {notice}"));
        }
        if self.term.table().removal.is_some() {
            banner(ui, "✖ PLAY STOPPED: a deck must be removed and replaced");
        }
        match &step {
            Step::SignIn => self.sign_in(ui, cmds),
            Step::OpenTable => self.open_table(ui, cmds),
            Step::BurnCard => {
                title(ui, "Burn one card");
                body(
                    ui,
                    "Take the first card out of the shoe and place it in the discard rack before dealing: after each new shoe, and when a new dealer comes to the table.",
                );
                self.section(ui, &step);
                if primary(ui, "Card burned") {
                    cmds.push(UiCmd::Rules(Command::Confirm(Confirm::CardBurned)));
                }
            }
            Step::InspectDecks if self.term.table().shoe_game() => {
                // § 635a.3(a), § 635a.4: Spanish 21's decks lose their 10s at the inspection.
                title(ui, "Inspect the decks for the shoe");
                body(
                    ui,
                    &format!(
                        "Inspect the {} decks for defects and remove the 10 of each suit from each deck: 48 cards a deck.",
                        self.house_rules().spanish21.decks
                    ),
                );
                small(ui, "§ 635a.3(a), § 635a.4");
                if primary(ui, "Decks inspected") {
                    cmds.push(UiCmd::Rules(Command::Confirm(Confirm::DecksInspected)));
                }
            }
            Step::InspectDecks => {
                let t = self.term.table();
                title(ui, "Inspect both decks");
                body(
                    ui,
                    &format!(
                        "Inspect the {} deck and the {} deck for defects.",
                        t.deck_name(0),
                        t.deck_name(1)
                    ),
                );
                self.section(ui, &step);
                if primary(ui, "Decks inspected") {
                    cmds.push(UiCmd::Rules(Command::Confirm(Confirm::DecksInspected)));
                }
            }
            Step::VerifyInspection => {
                title(ui, "Floorperson verifies the inspection");
                body(
                    ui,
                    "Call a floorperson. They verify the deck inspection with their credential number and PIN.",
                );
                self.section(ui, &step);
                if primary(ui, "Floorperson verify") {
                    cmds.push(UiCmd::OpenVerify(format!(
                        "Deck inspection ({})",
                        self.term.table().section_of(&step)
                    )));
                }
            }
            Step::PlayerInspection => {
                title(ui, "Spread the decks for the players");
                body(
                    ui,
                    "Spread each deck face up, by suit and in sequence, for the first two seated players to inspect.",
                );
                self.section(ui, &step);
                if primary(ui, "Players have inspected") {
                    cmds.push(UiCmd::Rules(Command::Confirm(Confirm::PlayersInspected)));
                }
            }
            Step::WashDecks => {
                title(ui, "Wash and stack each deck");
                body(
                    ui,
                    "Turn each deck face down, mix it thoroughly by washing, and stack it.",
                );
                self.section(ui, &step);
                if primary(ui, "Decks washed") {
                    cmds.push(UiCmd::Rules(Command::Confirm(Confirm::DecksWashed)));
                }
            }
            Step::LoadShuffler { deck } | Step::LoadReplacement { deck } => {
                let name = self.term.table().deck_name(*deck);
                title(ui, &format!("Load the {name} deck into the shuffler"));
                body(
                    ui,
                    "Put the deck in the automated card shuffler and start it. The shuffler counts the cards after the shuffle.",
                );
                if !self.term.shuffler_link().is_up() {
                    body_colour(
                        ui,
                        &format!(
                            "The shuffler is {}: the shuffle will start when it answers.",
                            self.term.shuffler_link().label()
                        ),
                        theme::WARN,
                    );
                }
                self.section(ui, &step);
                if primary(ui, "Start shuffle") {
                    cmds.push(UiCmd::Rules(Command::LoadShuffler(*deck)));
                }
                out_of_service(ui, cmds);
            }
            Step::AwaitShuffle { deck } => {
                let name = self.term.table().deck_name(*deck);
                title(ui, &format!("Shuffling the {name} deck"));
                ui.horizontal(|ui| {
                    ui.add(egui::Spinner::new().size(32.0));
                    body(
                        ui,
                        "Waiting for the shuffler to finish and report its count of 52.",
                    );
                });
                if !self.term.shuffler_link().is_up() {
                    body_colour(
                        ui,
                        &format!("The shuffler is {}.", self.term.shuffler_link().label()),
                        theme::WARN,
                    );
                }
                self.section(ui, &step);
                out_of_service(ui, cmds);
            }
            Step::StartRound { deck, load } => self.start_round(ui, cmds, *deck, *load, &step),
            Step::Poker {
                step: s, section, ..
            } => self.poker_step(ui, cmds, s, section),
            Step::Banked { step: s, .. } => {
                let section = step.section();
                self.banked_step(ui, cmds, s, section)
            }
            Step::VerifyBadBeat { hit } => {
                title(ui, "Possible Bad Beat: hold the cards");
                body(
                    ui,
                    &format!(
                        "Seat {} lost with {} to seat {}'s {}. Leave every card on the table and call the shift supervisor, who verifies the hand before the pot is pushed.",
                        hit.losing_seat, hit.losing_hand, hit.winning_seat, hit.winning_hand
                    ),
                );
                self.section(ui, &step);
                if primary(ui, "Supervisor verify") {
                    cmds.push(UiCmd::OpenVerify("Bad Beat hand (§ 637a.15(f))".into()));
                }
            }
            Step::CountLosingHands { expected } => {
                title(ui, "Count the losing hands");
                self.result_summary(ui);
                body(
                    ui,
                    &format!("Collect the losing hands and count them: {expected} cards expected."),
                );
                self.section(ui, &step);
                ui.horizontal(|ui| {
                    if ui
                        .add(
                            Button::new(
                                RichText::new("Count is right")
                                    .size(theme::BODY + 2.0)
                                    .color(theme::PRIMARY_TEXT),
                            )
                            .fill(theme::PRIMARY)
                            .min_size(theme::PRIMARY_SIZE),
                        )
                        .clicked()
                    {
                        cmds.push(UiCmd::Rules(Command::CountLosingHands { correct: true }));
                    }
                    if ui
                        .add(
                            Button::new(RichText::new("⚠ Count is wrong").size(theme::BODY))
                                .fill(theme::DANGER_BG)
                                .min_size(theme::ACTION_SIZE),
                        )
                        .clicked()
                    {
                        cmds.push(UiCmd::Rules(Command::CountLosingHands { correct: false }));
                    }
                });
            }
            Step::AwardPot { awards } => {
                title(ui, "Push the pot");
                self.result_summary(ui);
                if let Some(r) = &self.term.table().round {
                    let t = r.take;
                    if t.rake > 0 {
                        body(
                            ui,
                            &format!(
                                "Rake {} into the drop box (§ 637a.17(b)(1)(ii)).",
                                money(t.rake)
                            ),
                        );
                    }
                    if t.bad_beat + t.high_hand > 0 {
                        body(
                            ui,
                            &format!(
                                "Bad Beat {} and High Hand {} into the jackpot boxes (§ 637a.15(c), § 637a.16(c)).",
                                money(t.bad_beat),
                                money(t.high_hand)
                            ),
                        );
                    }
                    if t.uncalled > 0 {
                        body(
                            ui,
                            &format!(
                                "{} of it was an uncalled bet, never raked (§ 637a.17(d)).",
                                money(t.uncalled)
                            ),
                        );
                    }
                }
                for (seat, amount) in awards {
                    body(ui, &format!("Push {} to seat {seat}.", money(*amount)));
                }
                self.section(ui, &step);
                if primary(ui, "Pot pushed") {
                    cmds.push(UiCmd::Rules(Command::Confirm(Confirm::PotPushed)));
                }
            }
            Step::RemoveDeck { deck } => {
                let t = self.term.table();
                let name = t.deck_name(*deck);
                title(ui, &format!("Remove the {name} deck from the table"));
                let why = match t.removal.as_ref().map(|r| &r.reason) {
                    Some(RemovalReason::WrongCount { counted }) => {
                        format!("The shuffler counted {counted} cards, not 52.")
                    }
                    Some(RemovalReason::Irregularity { id }) => {
                        let cat = crate::rules::irregularities::Catalogue::embedded();
                        match cat.get(id) {
                            Some(i) => format!("{} ({}).", i.title, i.section),
                            None => format!("Irregularity {id}."),
                        }
                    }
                    _ => "The losing hands did not hold the right number of cards.".into(),
                };
                body(
                    ui,
                    &format!("{why} Take the {name} deck out of the shuffler and off the table."),
                );
                self.section(ui, &step);
                if primary(ui, "Deck removed") {
                    cmds.push(UiCmd::Rules(Command::Confirm(Confirm::DeckRemoved)));
                }
            }
            Step::InspectReplacement { deck } => {
                let name = self.term.table().deck_name(*deck);
                title(ui, &format!("Inspect a replacement {name} deck"));
                body(
                    ui,
                    &format!("Bring a new {name} deck and inspect it for defects."),
                );
                self.section(ui, &step);
                if primary(ui, "Replacement inspected") {
                    cmds.push(UiCmd::Rules(Command::Confirm(
                        Confirm::ReplacementInspected,
                    )));
                }
            }
            Step::CountDeck { deck } => {
                let name = self.term.table().deck_name(*deck);
                title(ui, &format!("Count the {name} deck"));
                body(
                    ui,
                    "Count every card of the deck face down, then key the number. A floorperson verifies the count.",
                );
                self.section(ui, &step);
                field(ui, "Cards counted", &self.view.deck_count, true);
                keypad::keypad(ui, &mut self.view.deck_count, 3);
                if primary(ui, "Count entered") {
                    match self.view.deck_count.trim().parse::<u8>() {
                        Ok(n) => {
                            cmds.push(UiCmd::Rules(Command::ManualCount { counted: n }));
                            self.view.deck_count.clear();
                        }
                        Err(_) => {
                            self.view.message = Some(format!(
                                "\"{}\" is not a number of cards: key the count, e.g. 52",
                                self.view.deck_count
                            ))
                        }
                    }
                }
            }
            Step::VerifyCount { deck, counted } => {
                let name = self.term.table().deck_name(*deck);
                title(ui, "Floorperson verifies the count");
                body(
                    ui,
                    &format!(
                        "The dealer counted {counted} cards in the {name} deck. A floorperson verifies the count."
                    ),
                );
                self.section(ui, &step);
                if primary(ui, "Floorperson verify") {
                    cmds.push(UiCmd::OpenVerify(format!(
                        "Count of the {name} deck: {counted} cards (§ 637a.7(e)(4)(i))"
                    )));
                }
            }
            Step::ShuffleManually { .. } if self.term.table().shoe_game() => {
                // § 635a.5(a)–(d): the shoe's decks shuffled into one stack, the cut offered in
                // the regulation's order, the cover card placed twice.
                let t = self.term.table();
                title(ui, "Shuffle the shoe and offer the cut");
                body(
                    ui,
                    "Shuffle all the decks together and place them in a single stack.",
                );
                body(
                    ui,
                    &format!(
                        "Offer the cut, backs facing away from you, to {}. If no player accepts, cut the cards yourself.",
                        t.cut_offer.who()
                    ),
                );
                body(
                    ui,
                    "The cover card goes in at least ten cards from the top or bottom; move the cards above it to the bottom. Then insert the cover card at least one-quarter of the way in from the bottom and load the stack into the shoe.",
                );
                small(ui, "§ 635a.5(a)–(d)");
                if primary(ui, "Shuffled, cut and in the shoe") {
                    cmds.push(UiCmd::Rules(Command::Confirm(Confirm::ShuffledAndCut)));
                }
            }
            Step::ShuffleManually { deck } => {
                let name = self.term.table().deck_name(*deck);
                title(ui, &format!("Shuffle and cut the {name} deck"));
                body(
                    ui,
                    "Shuffle by hand and stack the deck. Place the cover card at least ten cards from the top, then move the cards above it, with the cover card, to the bottom.",
                );
                self.section(ui, &step);
                if primary(ui, "Shuffled and cut") {
                    cmds.push(UiCmd::Rules(Command::Confirm(Confirm::ShuffledAndCut)));
                }
            }
            Step::CoverShuffler => {
                title(ui, "Cover the shuffler");
                body(
                    ui,
                    "The shuffler cannot be used. Cover it or post an out-of-order sign on it before shuffling by hand.",
                );
                self.section(ui, &step);
                if primary(ui, "Shuffler covered") {
                    cmds.push(UiCmd::Rules(Command::Confirm(Confirm::ShufflerCovered)));
                }
            }
            Step::VerifyRemoval { deck } => {
                let name = self.term.table().deck_name(*deck);
                title(ui, "Floorperson verifies the deck change");
                body(
                    ui,
                    &format!(
                        "A floorperson verifies the removal of the {name} deck and its replacement."
                    ),
                );
                self.section(ui, &step);
                if primary(ui, "Floorperson verify") {
                    cmds.push(UiCmd::OpenVerify(format!(
                        "Removal of the {name} deck (§ 637a.7(e)(5))"
                    )));
                }
            }
        }
        if let Some(m) = &self.view.message {
            ui.add_space(theme::GAP);
            body_colour(ui, &format!("⚠ {m}"), theme::DANGER);
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
        self.deck_reminder(ui, cmds);
        let t = self.term.table();
        let number = t.rounds_played + 1;
        title(ui, &format!("Ready for round {number}"));
        let from = if t.manual_shuffle {
            "from the table"
        } else {
            "from the shuffler"
        };
        let mut how = format!("Take the {} deck {from}", t.deck_name(deck));
        if let Some(other) = load {
            how.push_str(&format!(
                " and load the {} deck into it",
                t.deck_name(other)
            ));
        }
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
        ui.horizontal_wrapped(|ui| {
            for seat in 1..=10u8 {
                let on = self.view.seats.contains(&seat);
                let label = if on {
                    format!("Seat {seat} ✔")
                } else {
                    format!("Seat {seat}")
                };
                let b = Button::new(RichText::new(label).size(theme::BODY))
                    .selected(on)
                    .min_size(theme::SEAT_SIZE);
                if ui.add(b).clicked() {
                    if on {
                        self.view.seats.remove(&seat);
                    } else {
                        self.view.seats.insert(seat);
                    }
                }
            }
        });
        ui.add_space(theme::GAP);
        if primary(ui, &format!("Start round {number}")) {
            cmds.push(UiCmd::Rules(Command::StartRound {
                seats: self.view.seats.iter().copied().collect(),
            }));
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
