//! A read of the journal's database on a thread and connection of its own
//! ([`Store::read_apart`]): what the screen's terminal asks while it goes on drawing (a
//! signature's PIN check, the dealers the sign-in screen offers). Its answer is taken once.

use super::{Result, Store, StoreError};
use std::sync::mpsc;

/// A read running apart; its answer is taken once.
pub struct Apart<R> {
    answer: mpsc::Receiver<Result<R>>,
}

fn stopped(what: &str) -> StoreError {
    StoreError::Invalid(format!("{what} stopped before it answered"))
}

impl<R> Apart<R> {
    /// The answer once the read is done; None while it runs.
    pub fn try_answer(&self) -> Option<Result<R>> {
        match self.answer.try_recv() {
            Ok(a) => Some(a),
            Err(mpsc::TryRecvError::Empty) => None,
            Err(mpsc::TryRecvError::Disconnected) => Some(Err(stopped("the read"))),
        }
    }
}

impl Store {
    /// Runs `read` on a thread named `name` with its own read-only connection to the journal's
    /// database; `wake` is called once the answer is ready (the screen's repaint).
    pub fn read_apart<R: Send + 'static>(
        &self,
        name: &str,
        read: impl FnOnce(&rusqlite::Connection) -> Result<R> + Send + 'static,
        wake: Box<dyn Fn() + Send>,
    ) -> Apart<R> {
        let (tx, answer) = mpsc::sync_channel(1);
        let open = super::reopener(&self.path);
        let spawned = std::thread::Builder::new()
            .name(name.to_string())
            .spawn(move || {
                let answer = open().and_then(|conn| {
                    conn.busy_timeout(std::time::Duration::from_secs(5))?;
                    read(&conn)
                });
                let _ = tx.send(answer);
                wake();
            });
        if let Err(e) = spawned {
            let (tx, answer) = mpsc::sync_channel(1);
            let _ = tx.send(Err(StoreError::Invalid(format!(
                "{name} could not start: {e}"
            ))));
            return Apart { answer };
        }
        Apart { answer }
    }
}
