//! A command whose record the screen's thread does not wait for: the screen draws on (its taps
//! covered) while a slow disk takes the rows, and the table changes once they are durable.
//!
//! Nothing is shown as done before it is recorded: the events are applied to the terminal's
//! table only when the writer has answered, as [`Terminal::execute`] does. While a command's
//! record is being written, every other command and device report waits behind it.
//!
//! Two kinds wait so: the screen's commands ([`Terminal::execute_apart`], whose outcome the
//! screen takes with [`Terminal::commit_answer`]) and the devices' reports' commands
//! ([`Terminal::execute_then`], whose outcome goes on to what the report does next).

use super::*;

/// How long the screen's thread waits for a command's record before it draws on. A record
/// written in time (a fraction of a millisecond on a healthy disk) is done within the tap's
/// frame; a slower one (a stalled or dying disk) no longer freezes the screen.
pub const WAIT_ON_THE_SPOT: std::time::Duration = std::time::Duration::from_millis(30);

/// What a device's report does once its command is recorded (or refused).
pub(super) type AfterRecord = Box<dyn FnOnce(&mut Terminal, Result<Vec<Event>, String>) + Send>;

/// Wakes the screen (its repaint) when a record the screen did not wait for is written.
pub type Waker = std::sync::Arc<dyn Fn() + Send + Sync>;

/// A command's events, decided and handed to the writer, waiting for its answer.
pub(super) struct Committing {
    events: Vec<Event>,
    /// The table the events make, once written.
    next: Table,
    receipt: crate::store::Receipt,
    since: std::time::Instant,
    /// A device report's command: what the report does next. None: the screen's command,
    /// whose outcome [`Terminal::commit_answer`] gives.
    after: Option<AfterRecord>,
}

impl Terminal {
    /// The screen's repaint, called when a device report's record is written after the frame
    /// that took the report. Without it (no screen) a report's command is waited for in full.
    pub fn set_waker(&mut self, waker: Waker) {
        self.waker = Some(waker);
    }

    /// Whether the screen's repaint is known ([`Terminal::set_waker`]).
    pub fn has_waker(&self) -> bool {
        self.waker.is_some()
    }

    /// Runs a command as [`Terminal::execute`] does, but waits for its record at most
    /// [`WAIT_ON_THE_SPOT`]. `Ok(Some(events))`: done. `Ok(None)`: the rows are still being
    /// written; [`Terminal::commit_answer`] gives the outcome, and `wake` is called when it
    /// can (the screen's repaint). An error is a refusal: nothing changed.
    pub fn execute_apart(
        &mut self,
        cmd: Command,
        wake: Box<dyn FnOnce() + Send>,
    ) -> Result<Option<Vec<Event>>, String> {
        self.finish_committing();
        self.begin_committing(cmd, wake, None)
            .map_err(|(why, _)| why)?;
        self.commit_answer_within(WAIT_ON_THE_SPOT).transpose()
    }

    /// A device report's command: recorded as [`Terminal::execute_apart`] records the screen's,
    /// then `after` goes on with the outcome, at once when the record is written within
    /// [`WAIT_ON_THE_SPOT`], else once it is (a later frame's [`Terminal::poll_devices`]).
    /// Meanwhile the devices' other reports wait, in order, and the screen takes no tap.
    pub(super) fn execute_then(&mut self, cmd: Command, after: AfterRecord) {
        let Some(waker) = self.waker.clone() else {
            let outcome = self.execute(cmd);
            return after(self, outcome);
        };
        self.finish_committing();
        let wake: Box<dyn FnOnce() + Send> = Box::new(move || waker());
        // A refusal is known before anything is written: `after` goes on with it at once.
        if let Err((why, Some(after))) = self.begin_committing(cmd, wake, Some(after)) {
            return after(self, Err(why));
        }
        self.device_answer_within(WAIT_ON_THE_SPOT);
    }

    /// Decides the command and hands its rows to the writer. A refusal is why, with `after`
    /// given back.
    fn begin_committing(
        &mut self,
        cmd: Command,
        wake: Box<dyn FnOnce() + Send>,
        after: Option<AfterRecord>,
    ) -> Result<(), (String, Option<AfterRecord>)> {
        let staged = self
            .decided(cmd)
            .and_then(|events| Ok((self.staged(&events)?, events)));
        let ((ctx, next), events) = match staged {
            Ok(s) => s,
            Err(why) => return Err((why, after)),
        };
        let entries: Vec<Entry> = events.iter().map(Entry::table).collect();
        let receipt = self.store.submit_waking(&ctx, &entries, wake);
        self.committing = Some(Committing {
            events,
            next,
            receipt,
            since: std::time::Instant::now(),
            after,
        });
        Ok(())
    }

    /// A device's report on its way (its link thread journals it before handing it on) that the
    /// disk has kept waiting beyond [`WAIT_ON_THE_SPOT`]: the table must not move on without
    /// it, so the screen takes no tap until it is here.
    pub fn device_report_waiting(&self) -> Option<std::time::Duration> {
        self.store
            .device_report_waited()
            .filter(|w| *w > WAIT_ON_THE_SPOT)
    }

    /// How long the disk has kept waiting a record the table waits for: a command's, or a
    /// device's report on its way.
    pub fn disk_waited(&self) -> Option<std::time::Duration> {
        self.committing().max(self.device_report_waiting())
    }

    /// How long a command's record has been waited for, while it is (the screen's or a device
    /// report's).
    pub fn committing(&self) -> Option<std::time::Duration> {
        self.committing.as_ref().map(|c| c.since.elapsed())
    }

    /// The outcome of the screen's command whose record was being written, once the writer
    /// answered: its events (now applied), or why nothing changed. None while it is still
    /// written, or when what is written is a device report's.
    pub fn commit_answer(&mut self) -> Option<Result<Vec<Event>, String>> {
        self.commit_answer_within(std::time::Duration::ZERO)
    }

    fn commit_answer_within(
        &mut self,
        wait: std::time::Duration,
    ) -> Option<Result<Vec<Event>, String>> {
        if self.committing.as_ref()?.after.is_some() {
            return None;
        }
        self.answered_within(wait)
    }

    /// A device report's command whose record was being written: once the writer answered,
    /// what the report does next is done. True when nothing is being written any more.
    pub(super) fn device_answer_within(&mut self, wait: std::time::Duration) -> bool {
        match &self.committing {
            None => true,
            Some(c) if c.after.is_none() => false,
            Some(_) => {
                self.answered_within(wait);
                self.committing.is_none()
            }
        }
    }

    /// Takes the writer's answer for the command being recorded, if it came within `wait`: the
    /// screen's outcome is returned; a device report's goes on to what follows it.
    fn answered_within(&mut self, wait: std::time::Duration) -> Option<Result<Vec<Event>, String>> {
        let written = self.committing.as_ref()?.receipt.answer_within(wait)?;
        let c = self.committing.take()?;
        let took = c.since.elapsed();
        if took > std::time::Duration::from_millis(500) {
            tracing::warn!(
                "a command's record took {:.1} s to write",
                took.as_secs_f32()
            );
        }
        let outcome = self.committed(c.events, c.next, written);
        match c.after {
            Some(after) => {
                after(self, outcome);
                None
            }
            None => Some(outcome),
        }
    }

    /// Waits for a command's record still being written (and for what a device report does
    /// after it), so what comes next is decided on the table it makes. A refusal is the fault
    /// the screen shows; its words were the screen's.
    pub(super) fn finish_committing(&mut self) {
        while self.committing.is_some() {
            // No deadline: the answer is waited for as long as it takes.
            if let Some(Err(why)) = self.answered_within(std::time::Duration::MAX) {
                tracing::warn!("a command's record was refused after the screen went on: {why}");
            }
        }
    }
}
