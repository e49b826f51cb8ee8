//! Around the step: the status bar, the dealer's always-present actions, the simulator's bar and
//! the side panel (seats, decks, the journal's newest rows).

use super::*;
use crate::rules::banked::round::GameStep;

impl DeckhandApp {
    pub(super) fn status_bar(&self, ui: &mut Ui, cmds: &mut Vec<UiCmd>) {
        let t = self.term.table();
        // One line at every width: a second line would push the whole screen down.
        let narrow = ui.ctx().content_rect().width() < theme::WIDE;
        let size = if narrow { theme::SMALL } else { theme::STATUS };
        let text = |s: String| RichText::new(s).size(size);
        // Nothing here is tapped: the line is as high as its text.
        ui.spacing_mut().interact_size.y = size + 6.0;
        // The line's facts, left to right; the simulator's button (the embedded default) at its
        // end. The button is laid first and the facts in what is left, truncated rather than
        // drawn under it when a long game's name, the pace and a floor call fill the line.
        let facts = |ui: &mut Ui| {
            let table_no = t.setup.as_ref().map_or(self.setup.table_no, |s| s.table_no);
            // The open table's game; before it opens, the one picked on the open-table screen.
            let game = t
                .setup
                .as_ref()
                .map(|s| s.poker.game)
                .or(self.view.game)
                .unwrap_or(self.setup.poker.game);
            ui.label(text(format!("Table {table_no} · {}", game.name())).strong());
            ui.separator();
            match &t.dealer {
                // A narrow screen names the dealer only: a long game's name and the pace keep
                // the deck's clock on the line.
                Some(d) if narrow => ui.label(text(d.name.clone())),
                Some(d) => ui.label(text(format!("Dealer {} ({})", d.name, d.credential))),
                None => ui.label(text("No dealer signed in".into()).color(theme::WARN)),
            };
            ui.separator();
            ui.label(text(super::table_map::round_words(
                t.round.as_ref().map(|r| r.number),
                t.rounds_played,
            )));
            // The dealer's pace since signing in, once two rounds are over.
            if let Some(p) = self.term.pace_now() {
                ui.separator();
                ui.label(text(format!("{:.0} rounds/h", p.rounds_per_hour)));
            }
            // A call to the floor and how long it has waited (issue 44).
            if let Some(c) = self.term.floor_call() {
                ui.separator();
                ui.label(
                    text(c.words(chrono::Utc::now()))
                        .color(theme::WARN)
                        .strong(),
                );
            }
            if !t.decks.is_empty() {
                ui.separator();
                let deck = t.round.as_ref().map_or_else(|| t.next_deck(), |r| r.deck);
                let d = &t.decks[deck];
                let (rect, _) =
                    ui.allocate_exact_size(egui::vec2(16.0, 22.0), egui::Sense::hover());
                ui.painter()
                    .rect_filled(rect, 3.0, theme::deck_swatch(&d.colour));
                let which = if t.round.is_some() { "in play" } else { "next" };
                // Spanish 21 deals a shoe of six or eight decks of one back colour (§ 635a.3(a)).
                let noun = if t.shoe_game() { "shoe" } else { "deck" };
                ui.label(text(format!("{} {noun} {which}", d.colour)));
                if let Some((due, _)) = self.term.deck_change_due() {
                    let used = self.term.deck_minutes();
                    let left = due - used;
                    let (label, colour) = if left <= 0 {
                        ("Decks overdue".to_string(), theme::DANGER)
                    } else if left <= self.deck_reminder_minutes {
                        (format!("Change decks in {left} min"), theme::WARN)
                    } else {
                        // A narrow screen: "Decks 1:05 of 8 h", so the line keeps it whole.
                        let spent = if narrow {
                            format!("{}:{:02}", used / 60, used % 60)
                        } else {
                            crate::terminal::hours_minutes(used)
                        };
                        (format!("Decks {spent} of {} h", due / 60), theme::TEXT_DIM)
                    };
                    ui.label(text(label).color(colour));
                }
            }
        };
        if self.sim.is_none() {
            ui.horizontal(facts);
            return;
        }
        egui::containers::Sides::new()
            .shrink_left()
            .truncate()
            .show(ui, facts, |ui| {
                // As high as the line's text: the status line keeps its height.
                ui.spacing_mut().button_padding.y = 0.0;
                if ui
                    .add_enabled(
                        self.view.verify.is_none(),
                        Button::new(text("Simulator".into())),
                    )
                    .clicked()
                {
                    cmds.push(UiCmd::Demo(true));
                }
            });
    }

    /// The devices at the top of the side panel, in a box of fixed height (wrapped, never
    /// pushing the message band): the shuffler, the progressive controller and its meters, the
    /// central copy. Each is green when well, amber while connecting, red when down.
    pub(super) fn device_status(&self, ui: &mut Ui) {
        let t = self.term.table();
        let text = |s: String| RichText::new(s).size(theme::SMALL);
        // The controller and its meters where the game open has a progressive wager (or before
        // a game is open); a poker room's game has none, and the room goes to its map.
        let meters = t
            .setup
            .as_ref()
            .is_none_or(|s| s.poker.game.def().progressive);
        // The meters the open game pays from (every one reported before a game is open): a
        // controller that also keeps Texas Hold 'Em Bonus's meter shows only the Progressive
        // at a Mississippi Stud table.
        let paid = t
            .setup
            .as_ref()
            .and_then(|s| s.poker.game.def().banked)
            .map(|b| b.round.meters_paid());
        let prog = self.term.progressive();
        let shown: Vec<(u8, crate::rules::Cents)> = prog
            .meters
            .iter()
            .copied()
            .filter(|(id, _)| meters && paid.as_ref().is_none_or(|p| p.contains(id)))
            .collect();
        // Each extra indicator (the central copy, a disk running low) takes half a box more.
        let lines = 1.0
            + if self.central.is_some() { 0.5 } else { 0.0 }
            + if self.term.disk_low().is_some() {
                0.5
            } else {
                0.0
            }
            // Each meter shown on a line of its own (the box holds the shuffler's and the
            // controller's lines): half a box each.
            + 0.5 * shown.len() as f32;
        let size = egui::vec2(ui.available_width(), theme::DEVICES_H * lines);
        let (rect, box_response) = ui.allocate_exact_size(size, egui::Sense::hover());
        // Named for the screen reader (and the tests, which check what it holds is inside it).
        box_response.widget_info(|| egui::WidgetInfo::labeled(egui::Role::Group, true, "Devices"));
        let ui = &mut ui.new_child(egui::UiBuilder::new().max_rect(rect));
        ui.set_clip_rect(rect.intersect(ui.clip_rect()));
        ui.spacing_mut().interact_size.y = theme::SMALL + 4.0;
        ui.spacing_mut().item_spacing = egui::vec2(10.0, 2.0);
        // Each indicator whole on its line: one that does not fit goes to the next.
        let item = |ui: &mut Ui, t: RichText| {
            ui.add(egui::Label::new(t).wrap_mode(egui::TextWrapMode::Extend));
        };
        ui.horizontal_wrapped(|ui| {
            let counting = t
                .setup
                .as_ref()
                .map_or(self.setup.counting_shuffler, |s| s.counting_shuffler);
            if t.shuffler_out && t.dealt_from_the_hand_banked() {
                // Play stops until the shuffler is back (§ x.9(a)(1)): nothing is shuffled by hand.
                item(
                    ui,
                    text("✖ Shuffler out of service".into()).color(theme::DANGER),
                );
            } else if t.manual_shuffle || !counting {
                // No counting shuffler (or it is out of service): nothing to connect to.
                item(ui, text("Shuffled by hand".into()).color(theme::TEXT_DIM));
            } else {
                let link = self.term.shuffler_link();
                let (dot, colour) = match link {
                    LinkState::Connected { .. } => ("●", theme::OK),
                    LinkState::Connecting => ("◌", theme::WARN),
                    _ => ("✖", theme::DANGER),
                };
                item(
                    ui,
                    text(format!("{dot} Shuffler {}", link.label())).color(colour),
                );
            }
            if let Some(link) = prog.link.as_ref().filter(|_| meters) {
                let locked_out = prog.state == Some(ControllerState::CommunicationLoss);
                let (dot, colour) = match link {
                    LinkState::Connected { .. } if !locked_out => ("●", theme::OK),
                    LinkState::Connecting => ("◌", theme::WARN),
                    _ => ("✖", theme::DANGER),
                };
                let between_rounds = t.round.is_none();
                let state = match (link.is_up(), prog.state) {
                    // The controller stays locked (or idle) after a round until the next one
                    // opens wagering: between rounds that is no fault to the dealer. (Shown only
                    // for a game with a progressive wager, whose rounds drive it.)
                    (true, Some(ControllerState::Locked | ControllerState::Idle))
                        if between_rounds =>
                    {
                        "between rounds".to_string()
                    }
                    (true, Some(s)) => s.label().to_string(),
                    _ => link.label(),
                };
                item(ui, text(format!("{dot} Progressive {state}")).color(colour));
                for (id, cents) in &shown {
                    let name = meter_name(i64::from(*id));
                    item(
                        ui,
                        text(format!("{name} {}", crate::rules::money(*cents))).strong(),
                    );
                }
            }
            if let Some(c) = self
                .central
                .as_ref()
                .and_then(|c| c.lock().ok().map(|s| s.clone()))
            {
                // The terminal's journal is the truth: offline only delays the copy.
                let (dot, colour, what) = if c.connected {
                    ("●", theme::OK, "Central copy up to date")
                } else {
                    ("◌", theme::WARN, "Central copy offline: records kept here")
                };
                item(ui, text(format!("{dot} {what}")).color(colour));
            }
            // Last, in the half box it adds: it never pushes a device out of view.
            if let Some(d) = self.term.disk_low() {
                item(
                    ui,
                    text(format!("⚠ Disk {} MB free: tell a supervisor", d.free_mb))
                        .color(theme::WARN),
                );
            }
        });
    }

    /// The dealer's always-available actions, in slots that never move: which slots a table has
    /// depends on its game and configuration only; what the moment does not allow is greyed,
    /// never taken away (a button that vanishes moves the ones after it under the finger).
    pub(super) fn action_bar(&self, ui: &mut Ui, cmds: &mut Vec<UiCmd>) {
        let t = self.term.table();
        let open = t.setup.is_some() && t.dealer.is_some();
        let in_round = t.round.is_some();
        // The jackpot boxes, the High Hand slip and time charges are the poker room's
        // (§ 637a.15–637a.17); a house-banked table has none of them.
        let game = t.setup.as_ref().map(|s| s.poker.game).unwrap_or_default();
        let poker_room = !game.is_house_banked();
        let mut actions: Vec<(RichText, UiCmd, bool)> = Vec::new();
        // The game's irregularities, at any moment of an open table.
        actions.push((
            RichText::new("⚠ Irregularity").color(theme::WARN),
            UiCmd::OpenIrregularity,
            open,
        ));
        // The last betting action or decision, taken back with one tap before anything
        // follows it; a correction of the round in play, signed by a floorperson.
        actions.push((
            RichText::new("Undo last"),
            UiCmd::Undo,
            open && t.undoable().is_some(),
        ));
        actions.push((
            RichText::new("Correction"),
            UiCmd::OpenCorrection,
            open && in_round,
        ));
        if self.high_hand_config.enabled && poker_room {
            actions.push((RichText::new("High hand"), UiCmd::OpenHighHand, open));
        }
        if poker_room {
            actions.push((
                RichText::new("Box count"),
                UiCmd::OpenRecord(records::RecordKind::BoxCount),
                open && !in_round,
            ));
        }
        if self.time_charge_config.enabled && poker_room {
            actions.push((
                RichText::new("Time charges"),
                UiCmd::OpenRecord(records::RecordKind::TimeCharges),
                open,
            ));
        }
        // § 635a.7(d): Spanish 21's cover card can come out at any card of a round.
        if game == crate::rules::game_id::GameId::Spanish21 {
            let s21 = t
                .round
                .as_ref()
                .and_then(|r| r.banked.as_ref())
                .and_then(|b| b.spanish21().map(|p| (p, &b.step)));
            // Where it appeared decides who is offered the next cut (§ 635a.5(c)): the box
            // being dealt to, or the dealer's hand.
            use crate::rules::banked::round::BankedStep;
            use crate::rules::banked::spanish21::play21::Step21;
            let seat = match s21.map(|(_, step)| step) {
                Some(BankedStep::Own(GameStep::Spanish21(Step21::Hand { seat, .. }))) => {
                    Some(*seat)
                }
                Some(BankedStep::Own(GameStep::Spanish21(Step21::Deal))) => {
                    match self.view.banked.target {
                        banked::Target::Seat(s) => Some(s),
                        _ => None,
                    }
                }
                _ => None,
            };
            actions.push((
                RichText::new("Cover card"),
                UiCmd::Rules(Command::Banked(
                    crate::rules::banked::spanish21::play21::Command21::CoverCard { seat }.into(),
                )),
                s21.is_some_and(|(p, _)| !p.cover_card),
            ));
        }
        action_rows(ui, actions, cmds);
    }

    /// The table-wide actions, at the foot of the side panel in every game: changing the decks,
    /// closing the table (greyed until the table is open), signing out (from the dealer's
    /// sign-in on), and calling the floor (issue 44). Far from the step's
    /// buttons, and never where one was.
    pub(super) fn table_actions(&self, ui: &mut Ui, open: bool, cmds: &mut Vec<UiCmd>) {
        let t = self.term.table();
        let in_round = t.round.is_some();
        let between = open && !in_round && t.removal.is_none();
        // A break or a dealer change: the next dealer signs in at the same step. Before the
        // table opens too: a dealer signed in by mistake signs out at the open-table screen.
        let can_sign_out = t.dealer.is_some() && !in_round && self.view.verify.is_none();
        // Before the table is open the others are greyed, so each keeps its place.
        let actions = vec![
            (
                RichText::new("Change decks"),
                UiCmd::Ask(TableAction::ChangeDecks),
                between && t.opened(),
            ),
            (
                RichText::new("Close table"),
                UiCmd::Ask(TableAction::CloseTable),
                between,
            ),
            (
                RichText::new("Sign out"),
                UiCmd::Rules(Command::SignOut),
                can_sign_out,
            ),
            // Any time a dealer is at the table; a step's own call ends with its signature.
            match self.term.floor_call() {
                Some(c) if c.by_step => {
                    (RichText::new("Floor called"), UiCmd::FloorBox(true), false)
                }
                Some(_) => (
                    RichText::new("Floor called…").color(theme::WARN),
                    UiCmd::FloorBox(true),
                    self.view.verify.is_none(),
                ),
                None => (
                    RichText::new("Call floor"),
                    UiCmd::FloorBox(true),
                    t.dealer.is_some() && self.view.verify.is_none(),
                ),
            },
        ];
        action_rows(ui, actions, cmds);
    }

    /// The last tap's problem or what it recorded, and a device's notice, in a box of fixed
    /// height; empty, it keeps its place.
    pub(super) fn message_band(&self, ui: &mut Ui) {
        let size = egui::vec2(ui.available_width(), theme::BAND);
        let fill = match (&self.view.message, &self.term.device_notice) {
            (Some(n), _) if !n.done => theme::DANGER_BG,
            (None, None) => theme::FELT_DARK,
            _ => theme::PANEL,
        };
        egui::Frame::new()
            .fill(fill)
            .corner_radius(8)
            .inner_margin(egui::Margin::same(8))
            .show(ui, |ui| {
                let inner = size - egui::vec2(16.0, 16.0);
                ui.set_min_size(inner);
                ui.set_max_size(inner);
                ui.spacing_mut().item_spacing.y = 2.0;
                // A message longer than the band scrolls inside it.
                crate::ui::theme::scroll_vertical()
                    .id_salt("message-band")
                    .max_height(inner.y)
                    .auto_shrink([false, false])
                    .show(ui, |ui| {
                        crate::ui::theme::clear_of_bar(ui);
                        self.message_lines(ui);
                    });
            });
        ui.add_space(theme::GAP / 2.0);
    }

    fn message_lines(&self, ui: &mut Ui) {
        if let Some(d) = &self.term.device_notice {
            ui.label(
                RichText::new(format!("⚠ {d}"))
                    .size(theme::STATUS)
                    .color(theme::WARN),
            );
        }
        if let Some(n) = &self.view.message {
            let (mark, colour) = if n.done {
                ("✔", theme::OK)
            } else {
                ("⚠", theme::TEXT)
            };
            ui.label(
                RichText::new(format!("{mark} {}", n.text))
                    .size(theme::STATUS)
                    .color(colour),
            );
        }
    }

    /// What a seat's keypads hold so far in the round in play, in cents.
    fn keyed_cents(
        &self,
        t: &crate::rules::table::Table,
        b: &crate::rules::banked::round::BankedRound,
        seat: u8,
    ) -> i64 {
        let round = t.round.as_ref().map_or(0, |r| r.number);
        self.view
            .banked
            .keyed_dollars(round, b.def(), seat)
            .saturating_mul(100)
    }

    /// What the table holds, in the side panel under the actions: the map and the round's
    /// total stay where they are; the seats' detail, the decks and the journal below them
    /// scroll (a finger drags them) when they outgrow the panel.
    pub(super) fn side_panel(&self, ui: &mut Ui) {
        self.side_summary(ui);
        crate::ui::theme::scroll_vertical()
            .id_salt("side-panel")
            .auto_shrink([false, false])
            .show(ui, |ui| {
                crate::ui::theme::clear_of_bar(ui);
                self.side_detail(ui);
            });
    }

    /// The map, a kill in effect, and the round's total (a banked round's wagers, a poker
    /// round's pot and stub): never scrolled away.
    fn side_summary(&self, ui: &mut Ui) {
        let t = self.term.table();
        // The table map: where each seat is, what it holds, whose turn it is; between rounds,
        // a heading.
        let banked = t.round.as_ref().and_then(|r| r.banked.as_ref());
        let keying = banked.filter(|b| b.step == crate::rules::banked::round::BankedStep::Wagers);
        match super::table_map::round_views(t) {
            Some(mut views) => {
                // While the wagers are keyed the rules hold none yet: each seat shows what its
                // keypads hold so far.
                if let Some(b) = keying {
                    for v in views.iter_mut().filter(|v| v.on) {
                        v.line = super::table_map::chips(self.keyed_cents(t, b, v.seat));
                    }
                }
                super::table_map::overview(ui, &views, 120.0)
            }
            None => {
                ui.label(RichText::new("Seats").strong());
            }
        }
        // § 637a.1: a killed round plays above the posted limits; the dealer and the players see it.
        // One line in the narrow panel, so the pot beneath it stays whole at 1024×768.
        if let Some(pct) = t.kill_in_effect() {
            let (name, times) = crate::rules::poker::jackpots::KillRules::words(pct);
            let when = if t.round.is_some() {
                "this round"
            } else {
                "next round"
            };
            ui.label(
                RichText::new(format!("{name} {when}: limits × {times}"))
                    .size(theme::SMALL + 2.0)
                    .strong()
                    .color(theme::WARN),
            );
        }
        if let Some(b) = banked {
            // A house-banked round: the total, where the panel never scrolls it away (each
            // seat's wagers are in the detail below).
            let mut on_layout: i64 = b.refunds().iter().map(|(_, a)| a).sum();
            // A void round: what goes back to the players once the kept wagers are paid.
            let what = if b.void.is_some() {
                "To return"
            } else if keying.is_some() {
                // While the wagers are keyed: what the keypads hold so far, never a $0.00
                // beside keyed amounts.
                on_layout = b
                    .seats
                    .iter()
                    .map(|s| self.keyed_cents(t, b, *s))
                    .fold(0, i64::saturating_add);
                "Keyed so far"
            } else {
                "On the layout"
            };
            ui.label(
                RichText::new(format!("{what} {}", money(on_layout)))
                    .strong()
                    .size(theme::BODY),
            );
        } else if t.round.as_ref().is_some_and(|r| r.untracked()) {
            // Betting kept at the table: the pot is the dealer's to count, not the screen's;
            // where the button and the blinds are, on one line that is always in view.
            let mut words = "Betting at the table".to_string();
            if let Some(h) = t.round.as_ref().and_then(|r| r.poker.as_ref()) {
                if h.procedure.button {
                    words.push_str(&format!(" · button seat {}", h.setup.button));
                }
                let blinds: Vec<String> = if h.procedure.blinds {
                    h.blind_seats().iter().map(|(s, _)| s.to_string()).collect()
                } else {
                    Vec::new()
                };
                if !blinds.is_empty() {
                    words.push_str(&format!(" · blinds seats {}", blinds.join(", ")));
                }
            }
            ui.scope(|ui| {
                ui.spacing_mut().interact_size.y = 0.0;
                ui.label(
                    RichText::new(words)
                        .size(theme::SMALL)
                        .color(theme::TEXT_DIM),
                );
            });
        } else if let Some(h) = t.round.as_ref().and_then(|r| r.poker.as_ref()) {
            // A poker-room round: the pot, and the stub beside it, a line of text high (not a
            // touch target's height).
            ui.scope(|ui| {
                ui.spacing_mut().interact_size.y = 0.0;
                ui.horizontal_wrapped(|ui| {
                    ui.label(
                        RichText::new(format!(
                            "Pot {}",
                            money(h.players.iter().map(|p| p.put_in).sum())
                        ))
                        .strong()
                        .size(theme::BODY),
                    );
                    ui.label(
                        RichText::new(format!("Stub: {}", count(h.stub, "card", "cards")))
                            .size(theme::SMALL)
                            .color(theme::TEXT_DIM),
                    );
                });
            });
        } else {
            ui.label(
                RichText::new("No round in progress")
                    .color(theme::TEXT_DIM)
                    .size(theme::SMALL),
            );
        }
    }

    /// Each seat's wagers or chips, the decks, the journal's last rows.
    fn side_detail(&self, ui: &mut Ui) {
        let t = self.term.table();
        if let Some(b) = t.round.as_ref().and_then(|r| r.banked.as_ref()) {
            let def = b.def();
            for seat in &b.seats {
                let mut parts = Vec::new();
                // A wager settled at the table before the end says when (the rules say which).
                let settled = |key: &str| {
                    b.settled_at_table(*seat, &key.replace('_', "-"))
                        .map_or(String::new(), |when| format!(" ({when})"))
                };
                for spot in def.spots {
                    if let Some(v) = b.wagers.get(seat).and_then(|w| w.get(spot.key)) {
                        let when = settled(spot.key);
                        parts.push(format!("{} {}{when}", spot.label, money(*v)));
                    }
                }
                let ante = b.ante(*seat);
                for (i, m) in b.decisions.get(seat).into_iter().flatten().enumerate() {
                    if *m > 0 {
                        parts.push(format!(
                            "{} {}",
                            def.phases[i].wager,
                            money(ante * i64::from(*m))
                        ));
                    }
                }
                if b.lunar().draws.contains_key(seat) {
                    parts.push(format!(
                        "Options fee {}{}",
                        money(ante),
                        settled("options-fee")
                    ));
                }
                if b.lunar().declared.contains(seat) {
                    parts.push("declared".into());
                }
                if let Some(p) = b.spanish21() {
                    if let Some(i) = p.insurance.get(seat) {
                        parts.push(format!("insurance {}{}", money(*i), settled("insurance")));
                    }
                    let hands = p.hands.get(seat).map_or(&[][..], |v| &v[..]);
                    for h in hands {
                        // With its total, a bust said (the walk saw a bust unmarked here).
                        parts.push(super::spanish21::played_hand_text(h, hands.len() > 1));
                    }
                    if p.surrendered.contains(seat) {
                        parts.push("surrendered".into());
                    }
                }
                if let Some(l) = b.lost.get(seat) {
                    // Left the table or forfeited: not a fold (§ x.7(b), § 655a.11(a)).
                    parts.push(format!("wagers lost, {}", l.section));
                } else if b.folded.contains(seat) {
                    parts.push("folded".into());
                }
                // While the wagers are keyed, what the keypad holds so far (the rules take
                // it at "No more bets").
                if parts.is_empty() && b.step == crate::rules::banked::round::BankedStep::Wagers {
                    for spot in def.spots.iter().filter(|s| s.equals.is_none()) {
                        if let Some(v) = self
                            .view
                            .banked
                            .amounts
                            .get(&(*seat, spot.key))
                            .filter(|v| !v.is_empty())
                        {
                            parts.push(format!("{} ${v} keyed", spot.label));
                        }
                    }
                }
                if parts.is_empty() {
                    parts.push("no wager yet".into());
                }
                let colour = if b.folded.contains(seat) {
                    theme::TEXT_DIM
                } else {
                    theme::TEXT
                };
                ui.label(
                    RichText::new(format!("Seat {seat} · {}", parts.join(" · ")))
                        .color(colour)
                        .size(theme::SMALL + 2.0),
                );
            }
        } else if let Some(h) = t.round.as_ref().and_then(|r| r.poker.as_ref()) {
            // A poker-room round: the hand's own players, with their blinds or forced bet.
            let stakes = t.setup.as_ref().is_some_and(|s| s.betting.tracks_stakes());
            for p in &h.players {
                let colour = if p.folded {
                    theme::TEXT_DIM
                } else {
                    theme::TEXT
                };
                ui.label(
                    RichText::new(super::table_map::poker_seat_line(h, p, stakes))
                        .color(colour)
                        .size(theme::SMALL + 2.0),
                );
            }
        }
        deck_lines(ui, t);
        // The journal's last rows, where the panel has room for its heading and one row at
        // least: a heading with nothing under it reads as an empty journal. Above the heading
        // the gap and the separator take two gaps.
        let heading = ui.text_style_height(&egui::TextStyle::Body);
        let row = ui.fonts_mut(|f| f.row_height(&egui::FontId::proportional(theme::SMALL)));
        let room = theme::GAP * 2.0 + heading + ui.spacing().item_spacing.y + row;
        if ui.available_height() < room {
            return;
        }
        ui.add_space(theme::GAP);
        ui.separator();
        ui.label(RichText::new("Journal").strong());
        // As many rows as the panel shows whole: a row cut in half at its foot reads as a
        // fault (the walk saw one at 1024×768 and at 1920×1080).
        let whole = (ui.available_height() + ui.spacing().item_spacing.y)
            / (row + ui.spacing().item_spacing.y);
        let fits = (whole.max(1.0).floor() as usize).min(14);
        for row in self.term.recent_log().take(fits) {
            let time = row.ts_utc.get(11..19).unwrap_or("");
            // One line each, so the rows counted are the rows drawn.
            ui.add(
                egui::Label::new(
                    RichText::new(format!(
                        "#{} {time} {}",
                        row.serial,
                        super::review_words::kind_words(row)
                    ))
                    .size(theme::SMALL)
                    .color(theme::TEXT_DIM),
                )
                .truncate(),
            );
        }
    }
}

/// The decks (or Spanish 21's shoes), each with where it is and, where decks are counted, its
/// last count and the rounds since.
fn deck_lines(ui: &mut Ui, t: &crate::rules::table::Table) {
    if !t.decks.is_empty() {
        ui.add_space(theme::GAP);
        ui.separator();
        ui.label(RichText::new(if t.shoe_game() { "Shoes" } else { "Decks" }).strong());
        for (i, d) in t.decks.iter().enumerate() {
            let status = match d.status {
                DeckStatus::Unshuffled => "to shuffle",
                DeckStatus::Shuffling => "in the shuffler, shuffling",
                // A Spanish 21 shoe burned and dealt from stays in the dealing shoe between
                // rounds until its cover card (§ 635a.7(c), (d)); during a round the dealing
                // shoe holds the shoe in play (the walk read both "in the dealing shoe").
                DeckStatus::Shuffled
                    if t.shoe_game()
                        && t.round.is_none()
                        && i == t.next_deck()
                        && !t.burn_due
                        && !t.cover_burn_due =>
                {
                    "in the dealing shoe"
                }
                DeckStatus::Shuffled if t.in_shuffler == Some(i) => "in the shuffler, ready",
                DeckStatus::Shuffled => "shuffled",
                DeckStatus::InPlay => "in play",
                DeckStatus::Removed => "removed",
                DeckStatus::Preshuffled => "preshuffled, to cut",
            };
            // A Spanish 21 shoe is not counted between rounds (Chapter 635a has no count).
            let text = if t.shoe_game() {
                format!("{} shoe: {status}", d.colour)
            } else {
                let count = d
                    .last_count
                    .map_or("not counted".to_string(), |c| format!("count {c}"));
                format!(
                    "{}: {status} · {count} · {} since count",
                    d.colour,
                    super::widgets::count(d.rounds_since_count, "round", "rounds")
                )
            };
            ui.label(RichText::new(text).size(theme::SMALL));
        }
    }
}

/// Buttons two to a row (the side panel is 340 px wide), greyed when not `enabled`.
fn action_rows(ui: &mut Ui, actions: Vec<(RichText, UiCmd, bool)>, cmds: &mut Vec<UiCmd>) {
    let width = (ui.available_width() - theme::GAP / 2.0) / 2.0;
    // The narrow side panel of a 1024-px screen takes a smaller type.
    let size = if width < 150.0 {
        theme::SMALL
    } else {
        theme::STATUS
    };
    // Rows close together: the side panel also holds the table map.
    ui.spacing_mut().item_spacing.y = 6.0;
    for pair in actions.chunks(2) {
        ui.horizontal(|ui| {
            ui.spacing_mut().item_spacing.x = theme::GAP / 2.0;
            for (text, cmd, enabled) in pair {
                let b = Button::new(text.clone().size(size))
                    .wrap_mode(egui::TextWrapMode::Truncate)
                    .min_size(egui::vec2(width, 48.0));
                if ui.add_enabled(*enabled, b).clicked() {
                    cmds.push(cmd.clone());
                }
            }
        });
    }
}

/// A progressive controller's meter by what it pays (hw/progressive-protocol.md).
pub fn meter_name(id: i64) -> String {
    use crate::rules::banked::round::{METER_FIVE_CARD_BONUS, METER_PROGRESSIVE};
    match u8::try_from(id) {
        Ok(METER_PROGRESSIVE) => "Progressive".into(),
        Ok(METER_FIVE_CARD_BONUS) => "5 Card Bonus".into(),
        _ => format!("Meter {id}"),
    }
}
