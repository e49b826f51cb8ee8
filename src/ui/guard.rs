//! No stray taps: a press that completes a step never acts on the next screen.
//!
//! Two things make that hold, whatever the next screen puts under the finger:
//! - every widget's id is salted with the screen's generation, so a press that began on the
//!   previous screen has nothing left to click when it is released (egui forgets a press whose
//!   widget is gone);
//! - for [`SETTLE`] seconds after the screen changes an invisible cover lies over everything, so
//!   a quick second tap lands on the cover, and a press that began on the cover clicks nothing
//!   when it ends, however long it is held.

use egui::{Context, Id, Order, Sense};

/// How long the new screen ignores taps after it appears, in seconds. A deliberate tap on the
/// next step comes later than this; a bounce or a double tap comes sooner.
pub const SETTLE: f64 = 0.35;

#[derive(Debug, Default)]
pub struct TapGuard {
    /// What identifies the screen shown last.
    key: u64,
    /// Bumped at each change of screen; salts every id below it.
    generation: u64,
    /// Input time until which the cover stays.
    until: f64,
    /// The cover was drawn in the last frame (the next press is tested against it).
    covered: bool,
    /// And in the frame before: egui tests a press against the layers of the frame before
    /// too, so the cover still takes a press one frame after it was last drawn.
    covered_before: bool,
}

impl TapGuard {
    /// Called once per frame, before drawing, with what identifies the screen about to be
    /// drawn.
    pub fn frame(&mut self, ctx: &Context, key: u64) {
        let now = ctx.input(|i| i.time);
        if key != self.key {
            self.key = key;
            self.generation = self.generation.wrapping_add(1);
            self.until = now + SETTLE;
        }
        let left = self.until - now;
        if left > 0.0 {
            ctx.request_repaint_after(std::time::Duration::from_secs_f64(left));
        }
    }

    /// The salt for every id on the screen.
    pub fn generation(&self) -> u64 {
        self.generation
    }

    /// The last frame, or the one before, drew the cover: a press now would land on it.
    pub fn covered(&self) -> bool {
        self.covered || self.covered_before
    }

    /// Lays the cover over the screen while it settles, or while `held` (a signature's PIN
    /// being checked); drawn after everything else.
    pub fn cover(&mut self, ctx: &Context, held: bool) {
        self.covered_before = self.covered;
        self.covered = held || ctx.input(|i| i.time) < self.until;
        if !self.covered {
            return;
        }
        let screen = ctx.content_rect();
        egui::Area::new(Id::unique("tap-guard"))
            .order(Order::Tooltip)
            .fixed_pos(screen.min)
            .interactable(true)
            .show(ctx, |ui| {
                ui.allocate_response(screen.size(), Sense::click_and_drag());
            });
    }
}

/// A hash of what identifies a screen.
pub fn key_of(parts: &impl std::hash::Hash) -> u64 {
    use std::hash::{BuildHasher, BuildHasherDefault};
    BuildHasherDefault::<std::collections::hash_map::DefaultHasher>::default().hash_one(parts)
}
