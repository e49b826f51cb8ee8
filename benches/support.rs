//! What the benches share: the best of a few timed runs of something that is not worth a
//! criterion group of its own (an anchor, a one-line summary).

use std::time::{Duration, Instant};

/// The shortest of five runs of `f`.
pub fn best_of_5(f: &mut dyn FnMut()) -> Duration {
    (0..5)
        .map(|_| {
            let t = Instant::now();
            f();
            t.elapsed()
        })
        .min()
        .unwrap_or_default()
}
