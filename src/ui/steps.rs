//! The step card: what the table procedure asks now, one primary action, the section in small
//! print; the round's own steps are `poker.rs` and `banked.rs`'s.

use super::*;

/// A step confirmed with one tap: the data the step card draws.
struct OneTap {
    title: String,
    text: String,
    button: &'static str,
    then: UiCmd,
}

impl DeckhandApp {
    /// A step the dealer confirms with one tap, as data: its title, what to do and the button,
    /// and what the tap sends. `None` for the steps with more on their screen.
    fn one_tap(&self, step: &Step) -> Option<OneTap> {
        let t = self.term.table();
        let tap = |title: String, text: String, button: &'static str, then: UiCmd| OneTap {
            title,
            text,
            button,
            then,
        };
        let confirm = |c: Confirm| UiCmd::Rules(Command::Confirm(c));
        let signs = |what: String| UiCmd::OpenVerify(format!("{what} ({})", t.section_of(step)));
        Some(match step {
            // A reading shoe reports the burn card as it leaves: the step moves on by itself.
            Step::BurnCard if self.term.reads_draws() => tap(
                "Burn one card".into(),
                format!(
                    "{}Take the first card out of the shoe and place it in the discard rack before dealing (§ 635a.7(c)). The shoe reads it: the screen moves on by itself.",
                    if t.in_shuffler.is_some() {
                        "Take the shuffled stack from the shuffler and place it in the dealing shoe. "
                    } else {
                        ""
                    }
                ),
                "Burned; the shoe did not read it",
                confirm(Confirm::CardBurned),
            ),
            // A shoe the shuffler has just counted is still in it: into the dealing shoe first.
            Step::BurnCard if t.in_shuffler.is_some() => tap(
                "Burn one card".into(),
                "Take the shuffled stack from the shuffler and place it in the dealing shoe. Then take the first card out of the shoe and place it in the discard rack before dealing (§ 635a.7(c)).".into(),
                "Card burned",
                confirm(Confirm::CardBurned),
            ),
            Step::BurnCard => tap(
                "Burn one card".into(),
                "Take the first card out of the shoe and place it in the discard rack before dealing: after each new shoe, and when a new dealer comes to the table.".into(),
                "Card burned",
                confirm(Confirm::CardBurned),
            ),
            // § 635a.3(a), § 635a.4: Spanish 21's decks lose their 10s at the inspection.
            Step::InspectDecks if t.shoe_game() => tap(
                "Inspect the decks for the shoe".into(),
                format!(
                    "Inspect the {} decks for defects and remove the 10 of each suit from each deck: 48 cards a deck. Tear each 10 in half and put the halves in the box the decks came from (§ 635a.4(b)).",
                    self.house_rules().of::<crate::rules::banked::spanish21::Rules>().decks
                ),
                "Decks inspected",
                confirm(Confirm::DecksInspected),
            ),
            // § x.3(a): a house-banked table without the shuffler has one deck.
            Step::InspectDecks if t.decks.len() == 1 => tap(
                "Inspect the deck".into(),
                format!(
                    "Inspect the {} deck for defects: without an automated shuffler the table deals one deck (§ {}.3(a)).",
                    t.deck_name(0),
                    t.setup.as_ref().map_or("", |s| s.poker.game.def().chapter)
                ),
                "Deck inspected",
                confirm(Confirm::DecksInspected),
            ),
            // § 635a.4(b): the dealer and a floorperson make sure the 10s are out and torn.
            Step::VerifyInspection if t.shoe_game() => tap(
                "Floorperson verifies the inspection and the 10s".into(),
                "The floor is called. With you, the floorperson makes sure every 10 is out of the decks, torn in half and in the decks' box, then verify the inspection with their credential number and PIN.".into(),
                "Floorperson verify",
                signs("Deck inspection, the 10s removed and torn in half".into()),
            ),
            Step::VerifyInspection => tap(
                "Floorperson verifies the inspection".into(),
                "The floor is called. The floorperson verifies the deck inspection with their credential number and PIN.".into(),
                "Floorperson verify",
                signs("Deck inspection".into()),
            ),
            Step::InspectDecks => tap(
                "Inspect both decks".into(),
                format!(
                    "Inspect the {} deck and the {} deck for defects.",
                    t.deck_name(0),
                    t.deck_name(1)
                ),
                "Decks inspected",
                confirm(Confirm::DecksInspected),
            ),
            // A house-banked game: the first player to arrive inspects, the cards in horizontal
            // fans by deck, by suit and in sequence (§ 677a.4(b), § 647a.4(b), § 589.4(b),
            // § 655a.4(b), § 657a.4(b), § 635a.4(c)); one deck without the shuffler (§ x.3(a)).
            // No play at the open house-banked table: the cards as the chapter spreads them
            // (§ 589.5(f), § 677a.5(f), § 647a.5(f), § 655a.5(f), § 657a.5(f), § 635a.5(g)).
            Step::PlayerInspection
                if t.idle
                    && t.setup.as_ref().is_some_and(|s| s.poker.game.is_house_banked()) =>
            {
                let (game, dealing) = t
                    .setup
                    .as_ref()
                    .map_or((crate::rules::games::GameId::Holdem, Default::default()), |s| {
                        (s.poker.game, s.poker.dealing)
                    });
                let how = crate::rules::registry::idle_spread(game);
                let take = match (how.from_shoe, dealing) {
                    (false, _) => "Spread the cards",
                    (true, crate::rules::registry::Dealing::Hand) => {
                        "Take the cards out of the discard rack, and spread them all"
                    }
                    (true, _) => {
                        "Take the cards out of the dealing shoe and the discard rack, and spread them"
                    }
                };
                tap(
                    "No play: spread the cards face down".into(),
                    format!("{take} face down on the table (face up if a player asks) for the first player to arrive to inspect."),
                    "Player has inspected",
                    confirm(Confirm::PlayersInspected),
                )
            }
            Step::PlayerInspection if t.setup.as_ref().is_some_and(|s| s.poker.game.is_house_banked()) => {
                let (what, each) = if t.decks.len() == 1 {
                    ("the deck", "the deck")
                } else {
                    ("the decks", "each deck")
                };
                tap(
                    format!("Spread {what} for the first player"),
                    format!("Spread {each} face up in horizontal fan-shaped columns, by suit and in sequence, for the first player to arrive at the table to inspect."),
                    "Player has inspected",
                    confirm(Confirm::PlayersInspected),
                )
            }
            Step::PlayerInspection => tap(
                "Spread the decks for the players".into(),
                "Spread each deck face up, by suit and in sequence, for the first two seated players to inspect.".into(),
                "Players have inspected",
                confirm(Confirm::PlayersInspected),
            ),
            Step::WashDecks => {
                let (each, done) = if t.decks.len() == 1 {
                    ("the deck", "Deck washed")
                } else {
                    ("each deck", "Decks washed")
                };
                tap(
                    format!("Wash and stack {each}"),
                    format!("Turn {each} face down, mix it thoroughly by washing, and stack it."),
                    done,
                    confirm(Confirm::DecksWashed),
                )
            }
            Step::VerifyBadBeat { hit } => tap(
                "Possible Bad Beat: hold the cards".into(),
                format!(
                    "Seat {} lost with {} to seat {}'s {}. Leave every card on the table and call the shift supervisor, who verifies the hand before the pot is pushed.",
                    hit.losing_seat, hit.losing_hand, hit.winning_seat, hit.winning_hand
                ),
                "Supervisor verify",
                signs("Bad Beat hand".into()),
            ),
            Step::RemoveDeck { deck } => {
                let name = t.deck_name(*deck);
                let why = match t.removal.as_ref().map(|r| &r.reason) {
                    Some(RemovalReason::WrongCount { counted }) => {
                        format!(
                            "The shuffler counted {counted} cards, not {}.",
                            t.cards_counted()
                        )
                    }
                    Some(RemovalReason::Irregularity { id }) => {
                        match crate::rules::irregularities::Catalogue::embedded().get(id) {
                            Some(i) => format!("{} ({}).", i.title, i.section),
                            None => format!("Irregularity {id}."),
                        }
                    }
                    Some(RemovalReason::StubMiscounted { counted, expected }) => format!(
                        "The stub held {counted} cards, not {expected}, and the cards were not misdealt."
                    ),
                    _ => "The losing hands did not hold the right number of cards.".into(),
                };
                tap(
                    format!("Remove the {name} deck from the table"),
                    format!("{why} Take the {name} deck out of the shuffler and off the table."),
                    "Deck removed",
                    confirm(Confirm::DeckRemoved),
                )
            }
            Step::InspectReplacement { deck } => {
                let name = t.deck_name(*deck);
                tap(
                    format!("Inspect a replacement {name} deck"),
                    format!("Bring a new {name} deck and inspect it for defects."),
                    "Replacement inspected",
                    confirm(Confirm::ReplacementInspected),
                )
            }
            Step::VerifyCount { deck, counted } => {
                let name = t.deck_name(*deck);
                tap(
                    "Floorperson verifies the count".into(),
                    format!(
                        "The dealer counted {counted} cards in the {name} deck. A floorperson verifies the count."
                    ),
                    "Floorperson verify",
                    signs(format!("Count of the {name} deck: {counted} cards")),
                )
            }
            // § 635a.5(a)–(d): the shoe's decks shuffled into one stack, the cut offered in the
            // regulation's order, the cover card placed twice.
            Step::ShuffleManually { .. } if t.shoe_game() => tap(
                "Shuffle the shoe and offer the cut".into(),
                format!(
                    "Shuffle all the decks together and place them in a single stack. Offer the cut, backs facing away from you, to {}. If no player accepts, cut the cards yourself. The cover card goes in at least ten cards from the top or bottom; move the cards above it to the bottom. Then insert the cover card at least one-quarter of the way in from the bottom and load the stack into the shoe.",
                    t.cut_offer.who()
                ),
                "Shuffled, cut and in the shoe",
                confirm(Confirm::ShuffledAndCut),
            ),
            Step::ShuffleManually { deck } => tap(
                format!("Shuffle and cut the {} deck", t.deck_name(*deck)),
                "Shuffle by hand and stack the deck. Place the cover card at least ten cards from the top, then move the cards above it, with the cover card, to the bottom.".into(),
                "Shuffled and cut",
                confirm(Confirm::ShuffledAndCut),
            ),
            // § 637a.4(e), § 637a.5(a),(b)(2): received preshuffled, cut before its first round.
            Step::CutPreshuffled { deck } => tap(
                format!("Cut the preshuffled {} deck", t.deck_name(*deck)),
                "The decks came preinspected and preshuffled: no inspection, spread, wash or shuffle before this deck's first round. Cut it: place the cover card at least ten cards from the top, then move the cards above it, with the cover card, to the bottom.".into(),
                "Deck cut",
                confirm(Confirm::PreshuffledCut),
            ),
            Step::CoverShuffler => tap(
                "Cover the shuffler".into(),
                "The shuffler cannot be used. Cover it or post an out-of-order sign on it before the cards are shuffled or dealt any other way.".into(),
                "Shuffler covered",
                confirm(Confirm::ShufflerCovered),
            ),
            Step::VerifyRemoval { .. }
                if t
                    .setup
                    .as_ref()
                    .is_some_and(|s| !s.poker.deck_dispositions.is_empty()) =>
            {
                return None;
            }
            Step::VerifyRemoval { deck } => {
                let name = t.deck_name(*deck);
                tap(
                    "Floorperson verifies the deck change".into(),
                    format!(
                        "A floorperson verifies the removal of the {name} deck and its replacement."
                    ),
                    "Floorperson verify",
                    signs(format!("Removal of the {name} deck")),
                )
            }
            _ => return None,
        })
    }

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
                let t = self.term.table();
                let name = t.deck_name(*deck);
                // A Spanish 21 shoe is its decks together (§ 635a.3(a), § 635a.5(a)).
                let what = if t.shoe_game() { "shoe" } else { "deck" };
                title(ui, &format!("Load the {name} {what} into the shuffler"));
                body(
                    ui,
                    &format!(
                        "Put the {what} in the automated card shuffler and start it. The shuffler counts the cards after the shuffle: {} expected.",
                        t.cards_counted()
                    ),
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
                let t = self.term.table();
                let name = t.deck_name(*deck);
                let cards = t.cards_counted();
                let what = if t.shoe_game() { "shoe" } else { "deck" };
                title(ui, &format!("Shuffling the {name} {what}"));
                ui.horizontal(|ui| {
                    ui.add(egui::Spinner::new().size(32.0));
                    body(
                        ui,
                        &format!(
                            "Waiting for the shuffler to finish and report its count of {cards}."
                        ),
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
                            gold("Count is right", theme::BODY + 2.0).min_size(theme::PRIMARY_SIZE),
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
                            self.view.message = Some(Notice::problem(format!(
                                "\"{}\" is not a number of cards: key the count, e.g. 52",
                                self.view.deck_count
                            )))
                        }
                    }
                }
            }
            Step::CountStub { .. } => {
                title(ui, "Count the stub");
                body(
                    ui,
                    "No counting shuffler at this table: take the stub and count its cards face down on the layout, then key the number.",
                );
                self.section(ui, &step);
                field(ui, "Cards in the stub", &self.view.deck_count, true);
                keypad::keypad(ui, &mut self.view.deck_count, 2);
                if primary(ui, "Stub counted") {
                    match self.view.deck_count.trim().parse::<u8>() {
                        Ok(n) => {
                            cmds.push(UiCmd::Rules(Command::CountStub { counted: n }));
                            self.view.deck_count.clear();
                        }
                        Err(_) => {
                            self.view.message = Some(Notice::problem(format!(
                                "\"{}\" is not a number of cards: key the cards counted in the stub",
                                self.view.deck_count
                            )))
                        }
                    }
                }
            }
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
            Step::ReaderNeeded => {
                banner(ui, "✖ PLAY STOPPED: the card reader is out of order");
                title(ui, "No play until the card reader is repaired");
                body(
                    ui,
                    "Spanish 21 is not dealt at this table until the card reader is repaired or replaced. The floor is called: a floorperson signs when it is.",
                );
                self.section(ui, &step);
                if primary(ui, "Floorperson: reader repaired") {
                    cmds.push(UiCmd::OpenVerify(format!(
                        "The card reader repaired or replaced ({})",
                        step.section()
                    )));
                }
            }
            Step::ShufflerNeeded => {
                let t = self.term.table();
                let Some(setup) = &t.setup else { return };
                let game = setup.poker.game;
                let connected = setup.counting_shuffler;
                banner(ui, "✖ PLAY STOPPED: the automated shuffler is needed");
                title(ui, "No play without the shuffler");
                body(
                    ui,
                    &format!(
                        "{} is dealt from the hand here, and cards dealt from the hand are shuffled by the automated shuffler. Play stops until it is back in service, or the table deals from a manual dealing shoe, the cards shuffled and cut by hand.",
                        game.name()
                    ),
                );
                self.section(ui, &step);
                if primary_when(ui, connected, "Shuffler back in service") {
                    cmds.push(UiCmd::Rules(Command::Confirm(Confirm::ShufflerBack)));
                }
                if !connected {
                    small(
                        ui,
                        "No shuffler is connected to this terminal ([shuffler] port).",
                    );
                }
                ui.add_space(theme::GAP);
                if game
                    .def()
                    .dealing
                    .contains(&crate::rules::registry::Dealing::ManualShoe)
                    && choice(ui, "Deal from a manual shoe")
                {
                    cmds.push(UiCmd::Rules(Command::Confirm(Confirm::DealFromShoe)));
                }
            }
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
        // § 635a.2(d): the card reader is inspected before the gaming day's first round; the
        // round's card waits for it.
        if let Some(why) = self.term.reader_inspection_due(chrono::Utc::now()) {
            title(ui, "The floorperson inspects the card reader");
            body(ui, &why);
            if primary(ui, "Floorperson: card reader inspected") {
                cmds.push(UiCmd::OpenReaderVerify);
            }
            return;
        }
        // § 637a.15(d)(1), § 637a.16(d)(1): a jackpot box due its count at the closed table.
        if let Some(why) = self.term.box_count_due(chrono::Utc::now()) {
            title(ui, "Count the jackpot box");
            body(ui, &why);
            if primary(ui, "Count the box now") {
                cmds.push(UiCmd::OpenRecord(super::records::RecordKind::BoxCount));
            }
            return;
        }
        self.deck_reminder(ui, cmds);
        let t = self.term.table();
        title(ui, &format!("Ready for round {number}"));
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
                && s.poker.dealing == crate::rules::registry::Dealing::ManualShoe)
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
        // § 637a.5(d), § x.5(f): no play at the open table; § 637a.5(a): the floor directs
        // the cards shuffled again.
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
                    (None, Some(d)) => format!("Seat {seat} sits down with {}", money(d * 100)),
                    (Some(_), Some(d)) => format!("Add {} to seat {seat}", money(d * 100)),
                    (_, None) => "Key the chips".to_string(),
                };
                if super::primary_when(ui, dollars.is_some(), &label)
                    && let Some(d) = dollars
                {
                    cmds.push(UiCmd::Rules(Command::AddStake {
                        seat,
                        amount: d * 100,
                    }));
                    if d * 100 + has.unwrap_or(0) >= least {
                        self.view.seats.insert(seat);
                    }
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
