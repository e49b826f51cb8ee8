//! The demo's hold on the simulated shuffler (the embedded default only): what the open table
//! loads into it, the dealer's hand drawing from its reading shoe, and the faults the demo box
//! sets up for the next shuffle. The screen returns a command for each; the app's logic calls
//! these, so nothing under `src/ui` reaches into the simulator's script.

use super::sim::{SharedScript, SimScript};
use std::sync::MutexGuard;

/// The simulated shuffler as the demo drives it.
#[derive(Clone)]
pub struct DemoControls {
    script: SharedScript,
}

impl DemoControls {
    pub fn new(script: SharedScript) -> DemoControls {
        DemoControls { script }
    }

    /// The script itself, for the tests that set up a fault the demo box does not offer.
    pub fn script(&self) -> SharedScript {
        self.script.clone()
    }

    fn lock(&self) -> MutexGuard<'_, SimScript> {
        self.script.lock().unwrap_or_else(|p| p.into_inner())
    }

    /// What the open table loads: `cards` a deck (a real device counts what it is given),
    /// Spanish decks without the 10s, and the card the procedure waits for from the reading
    /// shoe (deck, number drawn so far), which the simulated dealer's hand draws to.
    pub fn feed(&self, cards: u16, spanish: bool, pull: Option<(u8, u16)>) {
        let mut s = self.lock();
        s.default_count = cards;
        s.no_tens = spanish;
        if pull.is_some() {
            s.pull_to = pull;
        }
    }

    /// The shuffler counts `n` cards at its next count.
    pub fn count_next(&self, n: u16) {
        self.lock().counts.push_back(n);
    }

    /// The shuffler jams on its next shuffle.
    pub fn jam_next(&self) {
        self.lock().jam_next = true;
    }

    /// "A player hits": the simulated dealer's hand draws one more card from the deck it drew
    /// from last; false when it has drawn none yet.
    pub fn player_hits(&self) -> bool {
        let mut s = self.lock();
        let Some((deck, number, _)) = s.drawn.last().copied() else {
            return false;
        };
        let to = s.pull_to.map_or(number, |(_, n)| n.max(number));
        s.pull_to = Some((deck, to.saturating_add(1)));
        true
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_demo_sets_what_the_script_does_next() {
        let c = DemoControls::new(SharedScript::default());
        c.feed(48, true, Some((1, 3)));
        c.count_next(51);
        c.jam_next();
        assert!(!c.player_hits(), "nothing drawn yet");
        c.lock()
            .drawn
            .push((1, 4, crate::rules::cards::Card::from_index(0).unwrap()));
        assert!(c.player_hits());
        let s = c.lock();
        assert_eq!((s.default_count, s.no_tens), (48, true));
        assert_eq!(s.counts.back(), Some(&51));
        assert!(s.jam_next);
        assert_eq!(s.pull_to, Some((1, 5)));
    }
}
