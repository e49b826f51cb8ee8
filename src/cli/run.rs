//! `deckhand` (run) and `deckhand showcase`: the dealer terminal in its window.

use super::*;

pub(super) fn showcase(config: Config, game: String, db: PathBuf, at: String) -> Result<()> {
    let at = crate::demo::At::parse(&at).map_err(anyhow::Error::msg)?;
    let mut config = config;
    let game = crate::rules::games::GameId::parse(&game).map_err(anyhow::Error::msg)?;
    if db.exists() {
        anyhow::bail!("{}: the showcase needs a fresh database", db.display());
    }
    config.store.database = db.display().to_string();
    config.shuffler.port = "none".into();
    config.demo.seed_people = true;
    let setup = crate::demo::setup_for(&config.table_setup(), game);
    config.table.game = game;
    config.table.forced_bet_cents = setup.poker.forced_bet;
    config.table.dealing = setup.poker.dealing;
    run_terminal(config, Some(at))
}

pub(super) fn run_terminal(config: Config, showcase: Option<crate::demo::At>) -> Result<()> {
    return_large_buffers();
    // The UI context exists only once the window does; device threads wake it through this.
    let ctx_slot: crate::app::ContextSlot = Arc::new(OnceLock::new());
    let station = crate::app::start(&config, ctx_slot.clone(), showcase);
    let stop = stop_on_signals(ctx_slot.clone())?;
    // At the table the terminal is the whole screen ([display] fullscreen); a window of
    // 1280×800 otherwise, for a desk.
    let fill = config.display.fullscreen;
    let options = eframe::NativeOptions {
        viewport: egui::ViewportBuilder::default()
            .with_title("Deckhand")
            .with_inner_size([1280.0, 800.0])
            .with_min_inner_size([1024.0, 700.0])
            .with_fullscreen(fill)
            .with_decorations(!fill),
        ..Default::default()
    };
    eframe::run_native(
        "Deckhand",
        options,
        Box::new(move |cc| {
            let _ = ctx_slot.set(cc.egui_ctx.clone());
            Ok(Box::new(
                crate::ui::kiosk::Kiosk::new(station, fill).with_stop(stop),
            ))
        }),
    )
    .map_err(|e| anyhow::anyhow!("the window could not open: {e}"))
}

/// glibc's malloc, set for a terminal that runs for a shift (`mallopt`, each parameter with
/// its value):
/// - `M_MMAP_THRESHOLD`, 1 MiB: allocations of this size or more are mapped on their own and
///   given back when freed. glibc does this from 128 KiB, but the first such buffer freed raises
///   the threshold to its size (up to 32 MB): from then on buffers of that size come from the
///   heap and stay there when freed. The PIN hash's 19 MiB (Argon2id) and the software
///   renderer's frame buffers (Mesa's llvmpipe under Xvfb, as the window fills the monitor) did
///   this, and the terminal kept 20 or 40 MB more from one start to the next (115, 134 or
///   154 MB at the sign-in screen; 113 MB every start since, docs/benchmarks.md). No buffer of
///   the screen's frames is that large.
/// - `M_TRIM_THRESHOLD`, 2 MiB, and `M_TOP_PAD`, 1 MiB: fixing the first fixes the trim
///   threshold at its 128 KiB too, and the heap then shrank and grew again frame after frame
///   (4,041 `brk` calls over a sign-in and a shuffle, against 37 before); with these, 27 to 54,
///   for 2 MB more at sign-in.
#[cfg(all(target_os = "linux", target_env = "gnu"))]
const MALLOC_PARAMETERS: [(libc::c_int, libc::c_int); 3] = [
    (libc::M_MMAP_THRESHOLD, 1 << 20),
    (libc::M_TRIM_THRESHOLD, 2 << 20),
    (libc::M_TOP_PAD, 1 << 20),
];

/// Sets [`MALLOC_PARAMETERS`] (glibc only; elsewhere the allocator's own).
fn return_large_buffers() {
    #[cfg(all(target_os = "linux", target_env = "gnu"))]
    for (parameter, value) in MALLOC_PARAMETERS {
        // SAFETY: `mallopt` takes two integers and only sets the allocator's parameter, under
        // its own lock; it is called before the terminal's threads start.
        if unsafe { libc::mallopt(parameter, value) } != 1 {
            tracing::warn!("the allocator refused parameter {parameter} = {value}");
        }
    }
}

/// SIGTERM (`systemctl stop`), SIGINT and SIGHUP close the window as its close button would:
/// the terminal is dropped in order, the journal writer checkpoints the WAL into the database
/// file, and a copy of the `.sqlite` alone holds every row.
fn stop_on_signals(ctx_slot: crate::app::ContextSlot) -> Result<Arc<AtomicBool>> {
    use signal_hook::consts::{SIGHUP, SIGINT, SIGTERM};
    let stop = Arc::new(AtomicBool::new(false));
    let mut signals = signal_hook::iterator::Signals::new([SIGTERM, SIGINT, SIGHUP])
        .context("listening for SIGTERM")?;
    let flag = stop.clone();
    std::thread::Builder::new()
        .name("signals".into())
        .spawn(move || {
            for sig in signals.forever() {
                tracing::info!("signal {sig}: closing the terminal and checkpointing the journal");
                flag.store(true, std::sync::atomic::Ordering::SeqCst);
                if let Some(ctx) = ctx_slot.get() {
                    ctx.request_repaint();
                }
            }
        })
        .context("starting the signal thread")?;
    Ok(stop)
}
