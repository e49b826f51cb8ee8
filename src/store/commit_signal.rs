//! A count of the writer's commits that another thread can wait on: the central sender pushes
//! within moments of a commit instead of on its next poll (issue 44: a terminal's rows reach
//! the floor's server within a second of their commit when the network is up).

use std::sync::{Arc, Condvar, Mutex};
use std::time::Duration;

/// Shared between the writer (which counts) and whoever waits.
#[derive(Clone, Default)]
pub struct CommitSignal(Arc<(Mutex<u64>, Condvar)>);

impl CommitSignal {
    /// The writer committed a group.
    pub fn committed(&self) {
        if let Ok(mut n) = self.0.0.lock() {
            *n += 1;
        }
        self.0.1.notify_all();
    }

    /// How many commits so far.
    pub fn count(&self) -> u64 {
        self.0.0.lock().map_or(0, |n| *n)
    }

    /// Waits until the count passes `seen` or `timeout` passes; the count then.
    pub fn wait_past(&self, seen: u64, timeout: Duration) -> u64 {
        let (lock, cv) = &*self.0;
        let Ok(n) = lock.lock() else {
            return seen;
        };
        match cv.wait_timeout_while(n, timeout, |n| *n <= seen) {
            Ok((n, _)) => *n,
            Err(_) => seen,
        }
    }
}
