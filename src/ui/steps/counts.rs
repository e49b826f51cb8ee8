//! The counts on the step card: the losing hands and the pot they award (poker room), a deck
//! and a house-banked round's stub counted by hand.

use super::*;

impl DeckhandApp {
    /// The losing hands counted against the number the round expects, then the pot awarded.
    pub(super) fn count_losing_hands(
        &mut self,
        ui: &mut Ui,
        cmds: &mut Vec<UiCmd>,
        step: &Step,
        expected: &u8,
    ) {
        title(ui, "Count the losing hands");
        self.result_summary(ui);
        body(
            ui,
            &format!("Collect the losing hands and count them: {expected} cards expected."),
        );
        self.section(ui, step);
        ui.horizontal(|ui| {
            if ui
                .add(gold("Count is right", theme::BODY + 2.0).min_size(theme::PRIMARY_SIZE))
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

    /// The pot pushed to the winners the showdown named.
    pub(super) fn award_pot(
        &mut self,
        ui: &mut Ui,
        cmds: &mut Vec<UiCmd>,
        step: &Step,
        awards: &[(u8, crate::rules::Cents)],
    ) {
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
        self.section(ui, step);
        if primary(ui, "Pot pushed") {
            cmds.push(UiCmd::Rules(Command::Confirm(Confirm::PotPushed)));
        }
    }

    /// A deck counted by hand (no counting shuffler).
    pub(super) fn count_deck(
        &mut self,
        ui: &mut Ui,
        cmds: &mut Vec<UiCmd>,
        step: &Step,
        deck: &DeckId,
    ) {
        let name = self.term.table().deck_name(*deck);
        title(ui, &format!("Count the {name} deck"));
        body(
            ui,
            "Count every card of the deck face down, then key the number. A floorperson verifies the count.",
        );
        self.section(ui, step);
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

    /// The round's stub counted by hand at a house-banked table without a counting shuffler.
    pub(super) fn count_stub(&mut self, ui: &mut Ui, cmds: &mut Vec<UiCmd>, step: &Step) {
        title(ui, "Count the stub");
        body(
            ui,
            "No counting shuffler at this table: take the stub and count its cards face down on the layout, then key the number.",
        );
        self.section(ui, step);
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
}
