//! The shuffler's steps on the step card: a deck loaded, the shuffle awaited, and play stopped
//! while the shuffler or the card reader is out of service.

use super::*;

impl DeckhandApp {
    /// A deck (or Spanish 21's shoe) loaded into the shuffler and the shuffle started.
    pub(super) fn load_shuffler(
        &mut self,
        ui: &mut Ui,
        cmds: &mut Vec<UiCmd>,
        step: &Step,
        deck: &DeckId,
    ) {
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
        self.section(ui, step);
        if primary(ui, "Start shuffle") {
            cmds.push(UiCmd::Rules(Command::LoadShuffler(*deck)));
        }
        out_of_service(ui, cmds);
    }

    /// The shuffle under way: the shuffler reports its count when it is done.
    pub(super) fn await_shuffle(
        &mut self,
        ui: &mut Ui,
        cmds: &mut Vec<UiCmd>,
        step: &Step,
        deck: &DeckId,
    ) {
        let t = self.term.table();
        let name = t.deck_name(*deck);
        let cards = t.cards_counted();
        let what = if t.shoe_game() { "shoe" } else { "deck" };
        title(ui, &format!("Shuffling the {name} {what}"));
        ui.horizontal(|ui| {
            ui.add(egui::Spinner::new().size(32.0));
            body(
                ui,
                &format!("Waiting for the shuffler to finish and report its count of {cards}."),
            );
        });
        if !self.term.shuffler_link().is_up() {
            body_colour(
                ui,
                &format!("The shuffler is {}.", self.term.shuffler_link().label()),
                theme::WARN,
            );
        }
        self.section(ui, step);
        out_of_service(ui, cmds);
    }

    /// Play stopped until the card reader is repaired.
    pub(super) fn reader_needed(&mut self, ui: &mut Ui, cmds: &mut Vec<UiCmd>, step: &Step) {
        banner(ui, "✖ PLAY STOPPED: the card reader is out of order");
        title(ui, "No play until the card reader is repaired");
        body(
            ui,
            "Spanish 21 is not dealt at this table until the card reader is repaired or replaced. The floor is called: a floorperson signs when it is.",
        );
        self.section(ui, step);
        if primary(ui, "Floorperson: reader repaired") {
            cmds.push(UiCmd::OpenVerify(format!(
                "The card reader repaired or replaced ({})",
                step.section()
            )));
        }
    }

    /// Play stopped until the shuffler is back in service, or a manual shoe where the game allows one.
    pub(super) fn shuffler_needed(&mut self, ui: &mut Ui, cmds: &mut Vec<UiCmd>, step: &Step) {
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
        self.section(ui, step);
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
            .contains(&crate::rules::dealing::Dealing::ManualShoe)
            && choice(ui, "Deal from a manual shoe")
        {
            cmds.push(UiCmd::Rules(Command::Confirm(Confirm::DealFromShoe)));
        }
    }
}
