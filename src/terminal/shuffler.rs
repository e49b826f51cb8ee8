//! The counting shuffler's reports (counts drive the procedure; the rest is journaled), the card
//! list a card-reading shuffler sends, and scheduled backups' outcomes.

use super::*;

impl Terminal {
    pub fn shuffler_link(&self) -> &LinkState {
        &self.shuffler_link
    }

    /// The shuffler's link, started once the journal has been replayed.
    pub fn attach_shuffler(&mut self, driver: Box<dyn crate::devices::shuffler::ShufflerDriver>) {
        self.shuffler = Some(driver);
        self.shuffler_link = LinkState::Connecting;
    }

    /// Drains device events and background results: counts and faults drive the procedure,
    /// the rest is journaled.
    pub fn poll_devices(&mut self) {
        // The devices' news waits behind a command whose record is still being written: it is
        // decided on the table that command makes. A report's own command answered goes on.
        if !self.device_answer_within(std::time::Duration::ZERO) {
            return;
        }
        // A device row the link thread could not write blocks the screen as the terminal's own
        // would ("Records cannot be saved"); "Try again" clears it once writing works.
        if let Some((why, detail)) = self.store.take_device_failure() {
            self.fault_as(why, detail);
        }
        self.collect_written(std::time::Duration::ZERO);
        self.write_held(false);
        self.check_disk();
        self.poll_backups();
        let events = self
            .progressive
            .as_mut()
            .map(|p| p.poll())
            .unwrap_or_default();
        let mut journaled =
            !events.is_empty() && self.progressive.as_ref().is_some_and(|p| p.journals());
        self.device_news
            .extend(events.into_iter().map(DeviceNews::Progressive));
        let events = self.shuffler.as_mut().map(|s| s.poll()).unwrap_or_default();
        journaled |= !events.is_empty() && self.shuffler.as_ref().is_some_and(|s| s.journals());
        self.device_news
            .extend(events.into_iter().map(DeviceNews::Shuffler));
        // One report after another; one whose record the disk is slow to take holds the rest
        // until a later frame.
        while self.committing.is_none()
            && let Some(news) = self.device_news.pop_front()
        {
            match news {
                DeviceNews::Progressive(ev) => self.on_progressive_event(ev),
                DeviceNews::Shuffler(ev) => self.on_shuffler_event(ev),
            }
        }
        self.devices_wrote |= journaled;
        self.read_back_recent();
    }

    /// The link threads wrote rows of their own: the screen's list of recent rows is read again
    /// (the newest twenty, by serial), at most four times a second, so a flood does not put a
    /// query in every frame; with a screen to draw, apart (`Store::read_apart`).
    fn read_back_recent(&mut self) {
        if let Some(answer) = self.recent_reading.as_ref().and_then(|r| r.try_answer()) {
            self.recent_reading = None;
            match answer {
                Ok(rows) => self.merge_recent(rows),
                Err(e) => tracing::warn!("the recent rows could not be read: {e}"),
            }
        }
        let due = self.devices_wrote
            && self.committing.is_none()
            && self.recent_reading.is_none()
            && self
                .recent_read
                .is_none_or(|t| t.elapsed() >= std::time::Duration::from_millis(250));
        if !due {
            return;
        }
        self.recent_read = Some(std::time::Instant::now());
        self.devices_wrote = false;
        match self.waker.clone() {
            Some(wake) => {
                self.recent_reading = Some(self.store.read_apart(
                    "recent rows",
                    |conn| Store::recent_on(conn, RECENT_ROWS),
                    Box::new(move || wake()),
                ));
            }
            None => match self.store.recent(RECENT_ROWS) {
                Ok(rows) => self.merge_recent(rows),
                Err(e) => tracing::warn!("the recent rows could not be read: {e}"),
            },
        }
    }

    /// The rows read back, with those the terminal wrote meanwhile: newest first, each once.
    fn merge_recent(&mut self, rows: Vec<JournalRow>) {
        let mut all: Vec<JournalRow> = rows.into_iter().chain(self.recent.drain(..)).collect();
        all.sort_by_key(|r| std::cmp::Reverse(r.serial));
        all.dedup_by_key(|r| r.serial);
        all.truncate(RECENT_ROWS);
        self.recent = all.into();
    }

    /// Device rows are waiting to show in the recent list (read back on a later frame).
    pub fn recent_behind(&self) -> bool {
        self.devices_wrote || self.recent_reading.is_some()
    }

    pub(super) fn on_shuffler_event(&mut self, ev: ShufflerEvent) {
        // A driver that journals the device's reports itself has written them already, before
        // acknowledging the frame; the terminal records only what it does with them.
        let journaled = self.shuffler.as_ref().is_some_and(|s| s.journals());
        // The table records a count, a fault and a card list itself (its events); the other
        // reports are kept as the device gave them.
        if !matches!(
            ev,
            ShufflerEvent::Counted { .. }
                | ShufflerEvent::Fault { .. }
                | ShufflerEvent::CardsRead { .. }
        ) {
            self.record_device::<crate::devices::shuffler::ShufflerProtocol>(journaled, &ev);
        }
        match ev {
            ShufflerEvent::Link(state) => {
                if state.is_up()
                    && let Some(s) = self.shuffler.as_mut()
                {
                    s.request_meters();
                }
                // What the device can do is said again after each HELLO (version 2); a device
                // of version 1 says nothing and can do nothing more.
                if !state.is_up() || matches!(state, LinkState::Connected { .. }) {
                    self.set_capabilities(Default::default());
                }
                if let LinkState::Connected { firmware, serial } = &state {
                    self.device_identity("shuffler", firmware, serial);
                }
                self.shuffler_link = state;
            }
            ShufflerEvent::CardsRead { deck, cards } => {
                // Only what is wrong is kept: the cards' order never leaves the device's report.
                self.cards_read = Some((deck, cards));
            }
            ShufflerEvent::DeckPresent(_) => {}
            ShufflerEvent::Capabilities(can) => self.set_capabilities(can),
            ShufflerEvent::HandDispensed { deck, stack, cards } => {
                self.on_stack(deck, stack, cards)
            }
            ShufflerEvent::CardDrawn { deck, number, card } => {
                self.on_card_drawn(deck, number, card)
            }
            ShufflerEvent::Meters { .. } | ShufflerEvent::ShuffleStarted { .. } => {}
            ShufflerEvent::Counted { deck, count } => {
                let expected = self.table.in_shuffler;
                if expected.map(|d| d as u8) != Some(deck) {
                    self.refused_report(format!(
                        "the shuffler reported a count of {count} for deck tag {deck}, which is not the deck being shuffled"
                    ));
                    return;
                }
                let counted = Command::ShufflerCounted { counted: count };
                self.execute_then(
                    counted,
                    Box::new(move |t: &mut Terminal, outcome| {
                        match outcome {
                            Ok(_) => t.device_notice = None,
                            Err(msg) => t.refused_report(msg),
                        }
                        t.name_cards(deck, count);
                        t.shoe_loaded(deck);
                        if let Some(s) = t.shuffler.as_mut() {
                            s.request_meters();
                        }
                    }),
                );
            }
            ShufflerEvent::Fault { code, text } => {
                self.device_notice = Some(format!("Shuffler fault {code:#06x}: {text}"));
                let fault = Command::ShufflerFault { code, detail: text };
                self.execute_then(fault, Box::new(refused_if_not));
            }
            ShufflerEvent::Status(_) | ShufflerEvent::LineError(_) => {}
        }
    }

    /// A card-reading shuffler's list, held until the count: names what is missing or extra.
    pub(super) fn name_cards(&mut self, deck: u8, count: u16) {
        let Some((read_deck, cards)) = self.cards_read.take() else {
            return;
        };
        // A list names the cards of one deck; a Spanish 21 shoe's count speaks for itself.
        if read_deck != deck || self.table.shoe_game() {
            return;
        }
        let (missing, extra) = crate::devices::shuffler::deck_difference(&cards);
        if missing.is_empty() && extra.is_empty() {
            return;
        }
        let names = |v: &[crate::rules::cards::Card]| {
            v.iter().map(|c| c.pretty()).collect::<Vec<_>>().join(" ")
        };
        let mut notice = format!("The shuffler read {} cards", cards.len());
        if !missing.is_empty() {
            notice.push_str(&format!("; missing: {}", names(&missing)));
        }
        if !extra.is_empty() {
            notice.push_str(&format!("; extra: {}", names(&extra)));
        }
        if count == u16::from(crate::rules::table::DECK_SIZE) {
            notice.push_str(". The count is 52 but the deck is not a whole deck: call the floor");
        }
        self.record_system(
            "cards_identified",
            serde_json::json!({
                "deck": deck,
                "count": count,
                "missing": missing.iter().map(|c| c.to_string()).collect::<Vec<_>>(),
                "extra": extra.iter().map(|c| c.to_string()).collect::<Vec<_>>(),
            }),
        );
        self.device_notice = Some(notice);
    }

    /// A device's report as a system row, unless its driver journaled it already: the row is
    /// the one the protocol's link thread would have written (`Protocol::record`).
    pub(super) fn record_device<P: crate::devices::runner::Protocol>(
        &mut self,
        journaled: bool,
        ev: &P::Event,
    ) {
        if !journaled && let Some((kind, payload)) = P::record(ev) {
            self.record_system(kind, payload);
        }
    }

    pub(super) fn refused_report(&mut self, msg: String) {
        self.record_system("device_report_refused", serde_json::json!({"reason": msg}));
        self.device_notice = Some(msg);
    }

    /// Starts scheduled backups of this terminal's database; each outcome is journaled.
    pub fn schedule_backups(
        &mut self,
        dir: std::path::PathBuf,
        every: std::time::Duration,
        retention: std::time::Duration,
    ) {
        let source = self.store.path().to_path_buf();
        self.backups = Some(BackupSchedule::start(source, dir, every, retention));
    }

    /// Journals the outcome of scheduled backups that finished since the last call.
    pub(super) fn poll_backups(&mut self) {
        let done: Vec<_> = match &self.backups {
            Some(b) => b.results.try_iter().collect(),
            None => return,
        };
        for r in done {
            match r {
                Ok(report) => self.record_system("backup_completed", serde_json::json!(report)),
                Err(e) => {
                    self.record_system("backup_failed", serde_json::json!({ "error": e }));
                    tracing::error!("backup failed: {e}");
                }
            }
        }
    }
}

/// What a device report does after a command that only records it: a refusal is told to the
/// dealer and journaled.
pub(super) fn refused_if_not(t: &mut Terminal, outcome: Result<Vec<Event>, String>) {
    if let Err(msg) = outcome {
        t.refused_report(msg);
    }
}
