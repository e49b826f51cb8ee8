//! Records that could not be written (the disk full, the file read-only, a lock held by another
//! program) are never dropped: they are held in order, in memory, and written as soon as the
//! database takes them again. While any are held the terminal is in a fault the screen shows
//! over everything ("Records cannot be saved: the disk is full — call a supervisor"), and no
//! command proceeds: nothing happens at the table that is not recorded.

use super::*;
use std::collections::VecDeque;
use std::time::{Duration, Instant};

/// At most this many rows wait in memory; past it the oldest are kept and the newest counted
/// as lost (and the count journaled when writing works again). A flood of device reports on a
/// full disk cannot exhaust memory.
pub const HELD_MAX: usize = 100_000;
/// How often held rows are tried again without a tap (each try may wait the writer's lock
/// timeout, `store::writer::BUSY`).
const RETRY_EVERY: Duration = Duration::from_secs(3);

/// Why records cannot be saved, for the screen.
#[derive(Debug, Clone, PartialEq)]
pub struct WriteFault {
    /// In the floor's words: "the disk is full".
    pub why: String,
    /// The database's own message.
    pub detail: String,
    /// Since when (monotonic).
    pub since: Instant,
    /// Rows waiting to be written.
    pub waiting: usize,
    /// Rows not kept because [`HELD_MAX`] were already waiting.
    pub lost: usize,
}

#[derive(Default)]
pub(super) struct Held {
    /// Rows handed to the writer and not yet answered, in the order they were handed over.
    writing: VecDeque<Writing>,
    rows: VecDeque<(RowContext, Entry)>,
    fault: Option<WriteFault>,
    lost: usize,
    last_try: Option<Instant>,
    /// Held rows (or the row saying writing resumed) handed to the writer again, not yet
    /// answered: a screen's thread never waits for a slow disk's answer beyond
    /// [`super::WAIT_ON_THE_SPOT`].
    retrying: Option<Retrying>,
    /// Held rows written since the fault began (the record of its end counts them).
    written: usize,
}

/// A try at writing held rows, handed to the writer.
struct Retrying {
    receipt: crate::store::Receipt,
    /// The first held rows it writes (one context's, in order); none for the row saying
    /// writing resumed.
    rows: usize,
    /// Rows lost while the fault lasted, counted in the row saying writing resumed (given
    /// back to the count if it is refused).
    lost: usize,
}

pub use crate::store::why_not_written;

/// Rows that change no table, handed to the writer: kept until it answers, so rows it refuses
/// are held (never dropped) and rows it wrote are shown among the recent ones.
struct Writing {
    receipt: crate::store::Receipt,
    ctx: RowContext,
    entries: Vec<Entry>,
}

impl Terminal {
    /// Why records cannot be saved, while they cannot.
    pub fn write_fault(&self) -> Option<&WriteFault> {
        self.held.fault.as_ref()
    }

    /// Writes rows that do not change the table (device reports, people, system rows), after
    /// any that are waiting; holds them if the database refuses. With a screen to draw, the
    /// screen's thread waits for them at most [`super::WAIT_ON_THE_SPOT`] (and not at all
    /// behind rows still unanswered): a slow disk's answer is taken by a later frame
    /// ([`Terminal::collect_written`]). Without one, they are waited for in full.
    pub(super) fn write_rows(&mut self, ctx: RowContext, entries: Vec<Entry>) {
        // Behind rows held, or in a fault with none on their way (the writer's last answer was
        // a refusal): held at once, so the fault's screen counts them from its first frame.
        let in_fault = self.held.fault.is_some() && self.held.writing.is_empty();
        if !self.held.rows.is_empty() || in_fault {
            return self.hold(ctx, entries);
        }
        let receipt = self.submit_rows(&ctx, &entries);
        self.held.writing.push_back(Writing {
            receipt,
            ctx,
            entries,
        });
        let wait = match (&self.waker, self.held.writing.len()) {
            (None, _) => Duration::MAX,
            (Some(_), 1) => super::WAIT_ON_THE_SPOT,
            (Some(_), _) => Duration::ZERO,
        };
        self.collect_written(wait);
    }

    /// Hands rows to the writer; with a screen to draw, the writer wakes it with its answer.
    fn submit_rows(&self, ctx: &RowContext, entries: &[Entry]) -> crate::store::Receipt {
        match self.waker.clone() {
            Some(wake) => self
                .store
                .submit_waking(ctx, entries, Box::new(move || wake())),
            None => self.store.submit(ctx, entries),
        }
    }

    /// Takes the writer's answers for rows handed over, oldest first, each waited for at most
    /// `wait`: rows written are remembered; rows refused are held, and the fault shows.
    pub(super) fn collect_written(&mut self, wait: Duration) {
        while let Some(w) = self.held.writing.front() {
            let Some(answer) = w.receipt.answer_within(wait) else {
                return;
            };
            let Some(w) = self.held.writing.pop_front() else {
                return;
            };
            match answer {
                Ok(rows) => self.remember(rows),
                Err(e) => {
                    self.fault(&e);
                    self.hold(w.ctx, w.entries);
                }
            }
        }
    }

    /// How long a terminal with a screen waits for rows still unanswered before it decides a
    /// command (nothing proceeds that cannot be recorded): at most [`super::WAIT_ON_THE_SPOT`];
    /// without a screen, in full.
    pub(super) fn collect_before_command(&mut self) {
        let wait = if self.waker.is_some() {
            super::WAIT_ON_THE_SPOT
        } else {
            Duration::MAX
        };
        self.collect_written(wait);
    }

    /// Keeps rows the database refused, in order, to be written once it takes them again.
    fn hold(&mut self, ctx: RowContext, entries: Vec<Entry>) {
        let now = chrono::Utc::now().to_rfc3339_opts(chrono::SecondsFormat::Micros, true);
        for mut e in entries {
            // The row is written later: when it happened goes with it.
            if let Some(o) = e.payload.as_object_mut() {
                o.entry("held_since_utc")
                    .or_insert_with(|| now.clone().into());
            }
            if self.held.rows.len() < HELD_MAX {
                self.held.rows.push_back((ctx.clone(), e));
            } else {
                self.held.lost += 1;
            }
        }
        self.refresh_fault();
        self.write_held(false);
    }

    /// Tries the held rows again now (the screen's "Try again", and before any command).
    /// True when nothing is waiting any more.
    pub fn retry_writes(&mut self) -> bool {
        self.write_held(true)
    }

    /// Writes what is held, oldest first, in order; stops at the first refusal. Without
    /// `now`, a new try starts at most once per [`RETRY_EVERY`]. With a screen to draw, the
    /// writer's answers are waited for at most [`super::WAIT_ON_THE_SPOT`] in all (a try the
    /// disk is slow to answer goes on in the writer, and a later frame takes its answer);
    /// without one, in full. True when nothing is waiting any more.
    pub(super) fn write_held(&mut self, now: bool) -> bool {
        let deadline = self
            .waker
            .is_some()
            .then(|| Instant::now() + super::WAIT_ON_THE_SPOT);
        let mut started = false;
        loop {
            if self.held.retrying.is_some() {
                match self.retry_answered(deadline) {
                    Some(true) => continue,
                    Some(false) | None => return false,
                }
            }
            if self.held.rows.is_empty() && self.held.fault.is_none() {
                return true;
            }
            if !started
                && !now
                && self
                    .held
                    .last_try
                    .is_some_and(|t| t.elapsed() < RETRY_EVERY)
            {
                return false;
            }
            started = true;
            self.held.last_try = Some(Instant::now());
            self.retry_next();
        }
    }

    /// Hands the writer the next held rows (consecutive rows of the same context go in one
    /// transaction), or, with none left, the row saying writing resumed, with what was lost.
    fn retry_next(&mut self) {
        let (ctx, entries, rows, lost) = match self.held.rows.front() {
            Some((ctx, _)) => {
                let ctx = ctx.clone();
                let n = self
                    .held
                    .rows
                    .iter()
                    .take_while(|(c, _)| same_context(c, &ctx))
                    .count();
                let entries: Vec<Entry> = self
                    .held
                    .rows
                    .iter()
                    .take(n)
                    .map(|(_, e)| e.clone())
                    .collect();
                (ctx, entries, n, 0)
            }
            None => {
                let lost = std::mem::take(&mut self.held.lost);
                let (why, detail, seconds) = self
                    .held
                    .fault
                    .as_ref()
                    .map(|f| (f.why.clone(), f.detail.clone(), f.since.elapsed().as_secs()))
                    .unwrap_or_default();
                let payload = serde_json::json!({
                    "why": why,
                    "detail": detail,
                    "held": self.held.written,
                    "lost": lost,
                    "seconds": seconds,
                });
                let entry = Entry::system("records_resumed", payload);
                (self.context(), vec![entry], 0, lost)
            }
        };
        let receipt = self.submit_rows(&ctx, &entries);
        self.held.retrying = Some(Retrying {
            receipt,
            rows,
            lost,
        });
    }

    /// The answer to the try handed to the writer, waited for until `deadline` (in full
    /// without one). None: not yet. Some(true): written, the next may go. Some(false): refused;
    /// the rows stay held and the fault shows why.
    fn retry_answered(&mut self, deadline: Option<Instant>) -> Option<bool> {
        let wait = deadline.map_or(Duration::MAX, |d| {
            d.saturating_duration_since(Instant::now())
        });
        let answer = self.held.retrying.as_ref()?.receipt.answer_within(wait)?;
        let tried = self.held.retrying.take()?;
        match answer {
            Ok(rows) => {
                self.remember(rows);
                if tried.rows == 0 {
                    // Everything is written, and the record says so.
                    self.held.fault = None;
                    self.held.written = 0;
                } else {
                    self.held.rows.drain(..tried.rows);
                    self.held.written += tried.rows;
                    self.refresh_fault();
                }
                Some(true)
            }
            Err(e) => {
                self.held.lost += tried.lost;
                self.fault(&e);
                Some(false)
            }
        }
    }

    /// A try at writing held rows still unanswered when the terminal closes: waited for.
    pub(super) fn finish_retry(&mut self) {
        if self.held.retrying.is_some() {
            self.retry_answered(None);
        }
    }

    pub(super) fn fault(&mut self, e: &StoreError) {
        let (why, detail) = crate::store::failure_words(e);
        self.fault_as(why, detail);
    }

    /// A write that failed elsewhere (a device's link thread): the same blocking state.
    pub(super) fn fault_as(&mut self, why: String, detail: String) {
        tracing::error!("records cannot be saved: {why}: {detail}");
        match &mut self.held.fault {
            Some(f) => {
                f.why = why;
                f.detail = detail;
            }
            None => {
                self.held.fault = Some(WriteFault {
                    why,
                    detail,
                    since: Instant::now(),
                    waiting: 0,
                    lost: 0,
                })
            }
        }
        self.refresh_fault();
    }

    fn refresh_fault(&mut self) {
        if let Some(f) = &mut self.held.fault {
            f.waiting = self.held.rows.len();
            f.lost = self.held.lost;
        }
    }

    /// The refusal of a command while records cannot be saved.
    pub(super) fn refuse_while_faulted(&mut self) -> Result<(), String> {
        self.collect_before_command();
        if self.held.fault.is_none() || self.write_held(true) {
            return Ok(());
        }
        let f = self
            .held
            .fault
            .as_ref()
            .map(|f| f.why.clone())
            .unwrap_or_default();
        Err(format!(
            "Records cannot be saved ({f}), so nothing was done. Call a supervisor."
        ))
    }
}

fn same_context(a: &RowContext, b: &RowContext) -> bool {
    a.table_no == b.table_no
        && a.dealer_credential == b.dealer_credential
        && a.actor_credential == b.actor_credential
}

/// Free space on the database's disk below the configured margin (`[store] min_free_mb`).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct DiskLow {
    pub free_mb: u64,
    pub margin_mb: u64,
}

/// How often the free space is measured.
const DISK_EVERY: Duration = Duration::from_secs(60);

#[derive(Default)]
pub(super) struct DiskWatch {
    margin_mb: u64,
    last: Option<Instant>,
    low: Option<DiskLow>,
}

/// Megabytes free for this user on the disk that holds `path`.
pub fn free_mb(path: &std::path::Path) -> std::io::Result<u64> {
    let dir = path.parent().filter(|d| !d.as_os_str().is_empty());
    let s = rustix::fs::statvfs(dir.unwrap_or(std::path::Path::new(".")))?;
    Ok(s.f_bavail.saturating_mul(s.f_frsize) / (1024 * 1024))
}

impl Terminal {
    /// Watches the free space on the database's disk from now on: measured now and every
    /// minute; a change between enough and too little is journaled once.
    pub fn watch_disk(&mut self, margin_mb: u64) {
        self.disk.margin_mb = margin_mb;
        self.disk.last = None;
        self.check_disk();
    }

    /// The free space, while it is below the margin.
    pub fn disk_low(&self) -> Option<DiskLow> {
        self.disk.low
    }

    pub(super) fn check_disk(&mut self) {
        if self.disk.margin_mb == 0 || self.disk.last.is_some_and(|t| t.elapsed() < DISK_EVERY) {
            return;
        }
        self.disk.last = Some(Instant::now());
        let free = match free_mb(self.store.path()) {
            Ok(f) => f,
            Err(e) => {
                tracing::warn!("cannot measure the free disk space: {e}");
                return;
            }
        };
        let margin_mb = self.disk.margin_mb;
        let low = (free < margin_mb).then_some(DiskLow {
            free_mb: free,
            margin_mb,
        });
        let was_low = self.disk.low.is_some();
        self.disk.low = low;
        match (was_low, low.is_some()) {
            (false, true) => self.record_system(
                "disk_space_low",
                serde_json::json!({ "free_mb": free, "margin_mb": margin_mb }),
            ),
            (true, false) => self.record_system(
                "disk_space_ok",
                serde_json::json!({ "free_mb": free, "margin_mb": margin_mb }),
            ),
            _ => {}
        }
    }
}
