//! `deckhand` (run) and `deckhand showcase`: the dealer terminal in its window.

use super::*;

pub(super) fn showcase(config: Config, game: String, db: PathBuf, at: String) -> Result<()> {
    let at = crate::demo::At::parse(&at).map_err(anyhow::Error::msg)?;
    let mut config = config;
    let game = crate::rules::game_id::GameId::parse(&game).map_err(anyhow::Error::msg)?;
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
    run_window(Ok(config), showcase)
}

/// The window for a configuration as it loaded: one that cannot be used shows why on the
/// screen (at the table there is nobody to read a terminal's standard error).
pub(super) fn run_window(
    config: std::result::Result<Config, String>,
    showcase: Option<crate::demo::At>,
) -> Result<()> {
    let started = std::time::Instant::now();
    crate::memory::return_large_buffers();
    // The UI context exists only once the window does; device threads wake it through this.
    let ctx_slot: crate::app::ContextSlot = Arc::new(OnceLock::new());
    let station = crate::app::start_loaded(&config, ctx_slot.clone(), showcase);
    let stop = stop_on_signals(ctx_slot.clone())?;
    // At the table the terminal is the whole screen ([display] fullscreen); a window of
    // 1280×800 otherwise, for a desk. A configuration that did not load fills the screen, as
    // the table's kiosk does.
    let fill = config.as_ref().map_or(true, |c| c.display.fullscreen);
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
            // The GL driver is loaded and nothing is drawn yet: the code its loading ran is
            // released before the first frame compiles the shaders, so the two never count
            // together (the start's peak 119 -> 95 MB at 1920x1080, docs/benchmarks.md).
            crate::ui::kiosk::release_code_pages("the window opened");
            Ok(Box::new(
                crate::ui::kiosk::Kiosk::new(station, fill)
                    .with_stop(stop)
                    .with_started(started),
            ))
        }),
    )
    .map_err(|e| anyhow::anyhow!("the window could not open: {e}"))
}

/// `deckhand floor`: the floor board's window, fed from the central copy as the floor role;
/// its sign-in checks the board's own people (`[floor] database`).
pub(super) fn floor(config: &Config) -> Result<()> {
    if !config.central.enabled {
        bail!(
            "deckhand floor reads the central copy: set [central] enabled = true and its floor_user"
        );
    }
    let terminal_db = config.database_path().map_err(anyhow::Error::msg)?;
    let db = config.floor.database_path(&terminal_db);
    if let Some(dir) = db.parent() {
        std::fs::create_dir_all(dir)
            .with_context(|| format!("creating the folder of {}", db.display()))?;
    }
    let store = config
        .open_store(&db)
        .with_context(|| format!("the floor board's journal {}", db.display()))?;
    let mut desk = crate::terminal::Terminal::open(store, None)?;
    desk.set_pin_policy(config.pin_policy());
    if config.demo.seed_people {
        desk.seed_demo_people()?;
    }
    let ctx_slot: crate::app::ContextSlot = Arc::new(OnceLock::new());
    let slot = ctx_slot.clone();
    let periods = config.high_hand.clone();
    let feed = crate::store::floor::FloorReader::spawn_with(
        config.central.for_floor(),
        periods,
        move || {
            if let Some(ctx) = slot.get() {
                ctx.request_repaint();
            }
        },
    );
    let options = eframe::NativeOptions {
        viewport: egui::ViewportBuilder::default()
            .with_title("Deckhand floor board")
            .with_inner_size([1920.0, 1080.0])
            .with_fullscreen(config.display.fullscreen),
        ..Default::default()
    };
    let floor = config.floor.clone();
    eframe::run_native(
        "Deckhand floor board",
        options,
        Box::new(move |cc| {
            let _ = ctx_slot.set(cc.egui_ctx.clone());
            Ok(Box::new(crate::ui::floor_app::FloorApp::new(
                feed, desk, floor,
            )))
        }),
    )
    .map_err(|e| anyhow::anyhow!("the window could not open: {e}"))
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
