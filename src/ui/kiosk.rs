//! The terminal as the whole screen. At the table the window fills the monitor it is on, with no
//! title bar to drag: `[display] fullscreen` (docs/configuration.md). A window manager is asked
//! for full screen when the window opens; without one (a bare X server at a kiosk) the window
//! moves itself to the monitor's corner and takes the monitor's size on its first frame.

use crate::memory::{CodeRelease, CodeStep};
use egui::{Pos2, ViewportCommand};
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::Instant;

/// The widest texture the terminal asks of the renderer. egui's glyph atlas is as wide as the
/// renderer allows (16,384 pixels under Mesa's software renderer) and doubles its height as it
/// fills, so at that width a few rows of glyphs take megabytes, twice: egui's image and the
/// renderer's copy. Every texture the terminal draws (the atlas, the card faces' sheet of
/// 1,508 × 448) fits in 2,048, which every GPU takes.
const MAX_TEXTURE_SIDE: usize = 2_048;

/// Wraps the app; when `fill` is set, fills the monitor once its size is known. When `stop` is
/// raised (SIGTERM from `systemctl stop`, see `cli::run`), the window closes as if the close
/// button were pressed, so the app is dropped and the journal checkpointed.
pub struct Kiosk<A> {
    app: A,
    fill: bool,
    filled: bool,
    stop: Arc<AtomicBool>,
    /// When the code pages the terminal no longer runs are let go of.
    code: CodeRelease,
    /// When the terminal started, until its first frame is logged.
    started: Option<Instant>,
}

impl<A> Kiosk<A> {
    pub fn new(app: A, fill: bool) -> Self {
        Kiosk {
            app,
            fill,
            filled: false,
            stop: Arc::default(),
            code: CodeRelease::default(),
            started: None,
        }
    }

    /// When the terminal started: its first frame logs how long after it came (the figure of
    /// docs/benchmarks.md, "Start-up", under Xvfb).
    pub fn with_started(mut self, at: Instant) -> Self {
        self.started = Some(at);
        self
    }

    /// The flag that closes the window on its next frame.
    pub fn with_stop(mut self, stop: Arc<AtomicBool>) -> Self {
        self.stop = stop;
        self
    }

    /// The commands that make a window of this monitor's size fill it; none while the size is
    /// unknown.
    pub fn commands(monitor: Option<egui::Vec2>) -> Vec<ViewportCommand> {
        match monitor {
            Some(size) if size.x > 0.0 && size.y > 0.0 => vec![
                ViewportCommand::Decorations(false),
                ViewportCommand::OuterPosition(Pos2::ZERO),
                ViewportCommand::InnerSize(size),
            ],
            _ => Vec::new(),
        }
    }

    /// Lets go of the code pages the terminal no longer runs when `memory::CodeRelease` says
    /// (`memory::release_code_pages`), on this thread, which owns the GL driver, so no library
    /// it maps is unloaded meanwhile.
    fn release_code(&mut self, ctx: &egui::Context) {
        match self
            .code
            .on_frame(Instant::now(), crate::memory::mapped_file_kib)
        {
            CodeStep::Nothing => {}
            CodeStep::FrameAfter(after) => ctx.request_repaint_after(after),
            CodeStep::Release(why) => release_code_pages(why),
        }
    }
}

/// Releases the code pages the terminal no longer runs (`memory::release_code_pages`) and logs
/// what it did and why. On the screen's thread, which owns the GL driver, so no library it maps
/// is unloaded meanwhile.
pub fn release_code_pages(why: &str) {
    let t = Instant::now();
    match crate::memory::release_code_pages() {
        Ok(r) => tracing::info!(
            "released the code pages not run since ({why}): {} KiB in {} mappings, in {:?}",
            r.kib,
            r.mappings,
            t.elapsed()
        ),
        Err(e) => tracing::warn!("the code pages could not be released ({why}): {e}"),
    }
}

impl<A: eframe::App> eframe::App for Kiosk<A> {
    fn logic(&mut self, ctx: &egui::Context, frame: &mut eframe::Frame) {
        if self.fill && !self.filled {
            let commands = Self::commands(ctx.input(|i| i.viewport().monitor_size));
            self.filled = !commands.is_empty();
            for c in commands {
                ctx.send_viewport_cmd(c);
            }
        }
        if self.stop.load(Ordering::SeqCst) {
            ctx.send_viewport_cmd(ViewportCommand::Close);
        }
        self.app.logic(ctx, frame);
        self.release_code(ctx);
    }

    fn ui(&mut self, ui: &mut egui::Ui, frame: &mut eframe::Frame) {
        self.app.ui(ui, frame);
        if let Some(t) = self.started.take() {
            tracing::info!("the first frame laid out {:?} after the start", t.elapsed());
        }
    }

    fn raw_input_hook(&mut self, ctx: &egui::Context, raw_input: &mut egui::RawInput) {
        cap_texture_side(raw_input);
        self.app.raw_input_hook(ctx, raw_input);
    }
}

/// The renderer's largest texture side, capped at [`MAX_TEXTURE_SIDE`].
fn cap_texture_side(raw_input: &mut egui::RawInput) {
    raw_input.max_texture_side = Some(
        raw_input
            .max_texture_side
            .map_or(MAX_TEXTURE_SIDE, |s| s.min(MAX_TEXTURE_SIDE)),
    );
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_known_monitor_is_filled_from_its_corner_and_an_unknown_one_is_waited_for() {
        let c = Kiosk::<()>::commands(Some(egui::vec2(1024.0, 768.0)));
        assert_eq!(
            c,
            vec![
                ViewportCommand::Decorations(false),
                ViewportCommand::OuterPosition(Pos2::ZERO),
                ViewportCommand::InnerSize(egui::vec2(1024.0, 768.0)),
            ]
        );
        assert!(Kiosk::<()>::commands(None).is_empty());
        assert!(Kiosk::<()>::commands(Some(egui::Vec2::ZERO)).is_empty());
    }

    /// The renderer's own limit when it is smaller, [`MAX_TEXTURE_SIDE`] otherwise or when it
    /// gave none.
    #[test]
    fn textures_are_capped_at_2048_a_side() {
        let side = |given: Option<usize>| {
            let mut input = egui::RawInput {
                max_texture_side: given,
                ..Default::default()
            };
            cap_texture_side(&mut input);
            input.max_texture_side
        };
        assert_eq!(side(Some(16_384)), Some(2_048));
        assert_eq!(side(None), Some(2_048));
        assert_eq!(side(Some(1_024)), Some(1_024));
    }
}
