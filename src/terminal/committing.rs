//! A command whose record the screen's thread does not wait for: the screen draws on (its taps
//! covered) while a slow disk takes the rows, and the table changes once they are durable.
//!
//! Nothing is shown as done before it is recorded: the events are applied to the terminal's
//! table only when the writer has answered, as [`Terminal::execute`] does. While a command's
//! record is being written, every other command and device report waits behind it.

use super::*;

/// How long the screen's thread waits for a command's record before it draws on. A record
/// written in time (a fraction of a millisecond on a healthy disk) is done within the tap's
/// frame; a slower one (a stalled or dying disk) no longer freezes the screen.
pub const WAIT_ON_THE_SPOT: std::time::Duration = std::time::Duration::from_millis(30);

/// A command's events, decided and handed to the writer, waiting for its answer.
pub(super) struct Committing {
    events: Vec<Event>,
    /// The table the events make, once written.
    next: Table,
    receipt: crate::store::Receipt,
    since: std::time::Instant,
}

impl Terminal {
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
        let events = self.decided(cmd)?;
        let (ctx, next) = self.staged(&events)?;
        let entries: Vec<Entry> = events.iter().map(Entry::table).collect();
        let receipt = self.store.submit_waking(&ctx, &entries, wake);
        self.committing = Some(Committing {
            events,
            next,
            receipt,
            since: std::time::Instant::now(),
        });
        self.commit_answer_within(WAIT_ON_THE_SPOT).transpose()
    }

    /// How long a command's record has been waited for, while it is.
    pub fn committing(&self) -> Option<std::time::Duration> {
        self.committing.as_ref().map(|c| c.since.elapsed())
    }

    /// The outcome of the command whose record was being written, once the writer answered:
    /// its events (now applied), or why nothing changed. None while it is still written.
    pub fn commit_answer(&mut self) -> Option<Result<Vec<Event>, String>> {
        self.commit_answer_within(std::time::Duration::ZERO)
    }

    fn commit_answer_within(
        &mut self,
        wait: std::time::Duration,
    ) -> Option<Result<Vec<Event>, String>> {
        let written = self.committing.as_ref()?.receipt.answer_within(wait)?;
        let c = self.committing.take()?;
        let took = c.since.elapsed();
        if took > std::time::Duration::from_millis(500) {
            tracing::warn!(
                "a command's record took {:.1} s to write",
                took.as_secs_f32()
            );
        }
        Some(self.committed(c.events, c.next, written))
    }

    /// Waits for a command's record still being written, so what comes next is decided on the
    /// table it makes. A refusal is the fault the screen shows; its words were the screen's.
    pub(super) fn finish_committing(&mut self) {
        if let Some(c) = self.committing.take() {
            let written = c.receipt.wait();
            if let Err(why) = self.committed(c.events, c.next, written) {
                tracing::warn!("a command's record was refused after the screen went on: {why}");
            }
        }
    }
}
