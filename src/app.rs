//! The terminal as `deckhand` starts it: the configuration's database, devices (simulated on
//! pseudo-terminals or real ports), the terminal rebuilt from its journal, and the dealer's
//! screen. The binary and the tests build it through the same [`start`], so a test of a flow
//! starts exactly where a dealer does.

use crate::config::{Config, DevicePort};
use crate::devices::progressive::SerialProgressive;
use crate::devices::shuffler::{Opener, SerialShuffler, ShufflerDriver, Waker};
use crate::devices::sim::{ProgressiveScript, SimScript, spawn_on_pty, spawn_progressive_on_pty};
use crate::store::StoreError;
use crate::terminal::Terminal;
use crate::ui::{DeckhandApp, Station};
use anyhow::{Context as _, Result};
use std::sync::atomic::AtomicBool;
use std::sync::{Arc, Mutex, OnceLock};
use std::time::Duration;

/// The egui context, once the window exists: device threads wake the screen through it.
pub type ContextSlot = Arc<OnceLock<egui::Context>>;

/// Builds the station the window shows: the dealer's screen, or, when the terminal cannot start
/// (a journal row that does not apply, a database that cannot be opened), a screen that says
/// why. Nothing is written to the journal in the second case.
pub fn start(config: &Config, ctx_slot: ContextSlot, showcase: Option<crate::demo::At>) -> Station {
    match build(config, ctx_slot, showcase) {
        Ok(app) => Station::Table(Box::new(app)),
        Err(e) => {
            tracing::error!("the terminal did not start: {e:#}");
            Station::Stopped(why_stopped(&e))
        }
    }
}

/// The station for a configuration as it loaded: a configuration that cannot be used (the file,
/// the key and the reason, as `Config::load` names them) is shown on the screen that says the
/// terminal cannot start, never a black kiosk and an exit. Nothing is opened or written then.
pub fn start_loaded(
    config: &std::result::Result<Config, String>,
    ctx_slot: ContextSlot,
    showcase: Option<crate::demo::At>,
) -> Station {
    match config {
        Ok(c) => start(c, ctx_slot, showcase),
        Err(e) => {
            tracing::error!("the configuration cannot be used: {e}");
            Station::Stopped(why_config(e))
        }
    }
}

/// The words for a configuration that cannot be used.
pub fn why_config(e: &str) -> String {
    // A TOML parser's message ends its quoted lines with a newline: the sentence goes on after it.
    let e = e.trim_end();
    format!(
        "The configuration cannot be used: {e}. The terminal did not start and wrote nothing. Call a shift supervisor: the configuration file must be corrected."
    )
}

/// The dealer's and supervisor's words for a start that failed: a journal changed after it was
/// written, or a row that does not apply (its chain intact: written this way).
pub fn why_stopped(e: &anyhow::Error) -> String {
    const CALL: &str = "The terminal did not start and wrote nothing. Call a shift supervisor: the command deckhand verify-log --replay names the same row.";
    match e.downcast_ref::<StoreError>() {
        Some(StoreError::ChainBroken { serial, problem }) => format!(
            "The journal's hash chain is broken at row {serial}: {problem}. The record was changed after it was written. {CALL}"
        ),
        Some(StoreError::Replay(r)) => format!(
            "Journal row {} ({}) cannot be applied: {}. The hash chain is intact: the row was written this way. {CALL}",
            r.serial, r.kind, r.problem
        ),
        _ => format!("{e:#}. The terminal did not start. Call a shift supervisor."),
    }
}

/// The dealer's screen on the configured database and devices.
pub fn build(
    config: &Config,
    ctx_slot: ContextSlot,
    showcase: Option<crate::demo::At>,
) -> Result<DeckhandApp> {
    let db = config.database_path().map_err(anyhow::Error::msg)?;
    // A journal behind the head the central copy holds signed for it is refused before it is
    // opened for writing (issue 40, item 3).
    if config.central.enabled
        && let Some(why) = crate::store::central::rollback_refusal(&config.central, &db)
    {
        anyhow::bail!(why);
    }
    let store = config
        .open_store(&db)
        .with_context(|| format!("opening {}", db.display()))?;
    tracing::info!("database {}", db.display());
    // The chain is walked first on the writer thread: every write from here on (the devices'
    // included) waits behind the walk, and none is made if the chain does not hold.
    let check = {
        let slot = ctx_slot.clone();
        store.check_chain(Box::new(move || {
            if let Some(ctx) = slot.get() {
                ctx.request_repaint();
            }
        }))
    };
    let waker = repaint_waker(&ctx_slot);

    // Each device's reports are journaled by its own link thread before the frame is
    // acknowledged; the screen's thread only applies them.
    let shuffler_setup = crate::devices::shuffler::LinkSetup {
        sink: Some(store.device_sink()),
        max_frames_per_second: config.shuffler.max_frames_per_second,
    };
    let progressive_setup = crate::devices::shuffler::LinkSetup {
        sink: Some(store.device_sink()),
        max_frames_per_second: config.progressive.max_frames_per_second,
    };
    // The journal is replayed before any device link starts: a start refused for a row that
    // cannot be applied has written nothing, the links' rows included (issue 40).
    let chain = check.clone();
    let mut term = Terminal::open_checking(store, None, check)?;
    // The start, as a laboratory's event log wants it: the version, every setting, the
    // paytables' digests and the key, how the last run ended and what changed since.
    let paytables = config.load_paytables().unwrap_or_default();
    let (origin, text) = &config.source;
    let key = term.store().public_key().to_string();
    term.record_start(&crate::terminal::significant::StartFacts::of(
        origin, text, &paytables, &key,
    ));
    let sim_script = attach_shuffler(config, &mut term, waker, shuffler_setup)?;
    term.set_pin_policy(config.pin_policy());
    term.set_box_counts_at_table(
        config.jackpots.box_counts_at == crate::config::BoxCountsAt::Table,
    );
    term.set_gaming_day_starts(config.gaming_day_starts().map_err(anyhow::Error::msg)?);
    term.watch_disk(config.store.min_free_mb);
    term.set_snapshot_every(config.store.snapshot_every_rows);
    // The table progressive controller, if the table has one.
    attach_progressive(
        config,
        &mut term,
        repaint_waker(&ctx_slot),
        progressive_setup,
    )?;
    if let Some(dir) = config.backup_dir() {
        tracing::info!(
            "backups every {:?} to {}",
            config.backup_every(),
            dir.display()
        );
        term.schedule_backups(dir, config.backup_every(), config.retention());
    }
    if config.demo.seed_people {
        term.seed_demo_people()?;
    }
    if let Some(at) = showcase {
        crate::demo::stage_at(&mut term, &config.table_setup(), at).map_err(anyhow::Error::msg)?;
    }
    let staged = showcase.is_some();
    let mut app = DeckhandApp::new(term, config.table_setup(), sim_script)
        .with_games(config.table_setups())
        .with_screen_lock(config.lock_after())
        .with_scale_to_screen(config.display.scale_to_screen)
        .with_deck_reminder(config.table.deck_reminder_minutes)
        .with_high_hand(config.high_hand.clone())
        .with_time_charges(config.time_charges.clone())
        .with_printer(config.printer.clone());
    // A restart never opens the table to whoever is there: a dealer signed in from before
    // unlocks with the PIN (a showcase's staged dealer excepted).
    if !staged {
        app = app.locked_at_start();
    }
    if config.central.enabled {
        app = with_central(app, config, db, chain, ctx_slot)?;
    }
    Ok(app)
}

/// Wakes the screen when a link thread has something for it.
fn repaint_waker(ctx_slot: &ContextSlot) -> Waker {
    let slot = ctx_slot.clone();
    Arc::new(move || {
        if let Some(ctx) = slot.get() {
            ctx.request_repaint();
        }
    })
}

/// The card shuffler's link: none (the dealer shuffles, cuts and counts by hand), the
/// simulated one on a pseudo-terminal (its script returned for the demo's faults), or a port.
fn attach_shuffler(
    config: &Config,
    term: &mut Terminal,
    waker: Waker,
    setup: crate::devices::shuffler::LinkSetup,
) -> Result<Option<Arc<Mutex<SimScript>>>> {
    let mut sim_script = None;
    let shuffler: Option<Box<dyn ShufflerDriver>> = match config.shuffler_port() {
        // No counting shuffler: the dealer shuffles, cuts and counts by hand (§ 637a.7(e)(4)(i)).
        None => None,
        Some(DevicePort::Simulated) => {
            let script = Arc::new(Mutex::new(SimScript::default()));
            let (host, _sim_thread) =
                spawn_on_pty(script.clone(), Arc::new(AtomicBool::new(false)))
                    .context("starting the simulated shuffler on a pseudo-terminal")?;
            let path = serialport::SerialPort::name(&host).unwrap_or_default();
            tracing::info!("simulated shuffler on {path}");
            sim_script = Some(script);
            let mut first = Some(host);
            let opener: Opener = Box::new(move || match first.take() {
                Some(p) => Ok(Box::new(p) as Box<dyn serialport::SerialPort>),
                None => serialport::new(&path, 9600)
                    .timeout(Duration::from_millis(50))
                    .open()
                    .map_err(std::io::Error::from),
            });
            Some(Box::new(SerialShuffler::spawn_with(opener, waker, setup)))
        }
        Some(DevicePort::Path(p)) => Some(Box::new(SerialShuffler::open_path(
            p,
            config.shuffler.baud,
            waker,
            setup,
        ))),
    };

    if let Some(driver) = shuffler {
        term.attach_shuffler(driver);
    }
    Ok(sim_script)
}

/// The table progressive controller's link: none, the simulated one on a pseudo-terminal
/// (keeping the Five Card Hand Bonus meter and drawing at a Texas Hold 'Em Bonus table), or a
/// port.
fn attach_progressive(
    config: &Config,
    term: &mut Terminal,
    waker: Waker,
    setup: crate::devices::shuffler::LinkSetup,
) -> Result<()> {
    match config.progressive_port() {
        None => {}
        Some(DevicePort::Simulated) => {
            // A Texas Hold 'Em Bonus table's system also keeps the Five Card Hand Bonus meter
            // and draws the Magic Card and the Lucky Bonus (§ 647a.2(d), § 647a.1).
            let mut script = ProgressiveScript::default();
            if config
                .offered_games()
                .contains(&crate::rules::game_id::GameId::TexasHoldemBonus)
            {
                let reset = config
                    .house
                    .of::<crate::rules::banked::thb::Rules>()
                    .five_card_bonus_reset_cents;
                script.meters.push((2, reset + reset / 4));
                script.resets.push((2, reset));
                script.draws = true;
            }
            let script = Arc::new(Mutex::new(script));
            let (host, _thread) =
                spawn_progressive_on_pty(script, Arc::new(AtomicBool::new(false))).context(
                    "starting the simulated progressive controller on a pseudo-terminal",
                )?;
            let path = serialport::SerialPort::name(&host).unwrap_or_default();
            tracing::info!("simulated progressive controller on {path}");
            let mut first = Some(host);
            let opener: Opener = Box::new(move || match first.take() {
                Some(p) => Ok(Box::new(p) as Box<dyn serialport::SerialPort>),
                None => serialport::new(&path, 19200)
                    .timeout(Duration::from_millis(50))
                    .open()
                    .map_err(std::io::Error::from),
            });
            term.attach_progressive(Box::new(SerialProgressive::spawn_with(
                opener, waker, setup,
            )));
        }
        Some(DevicePort::Path(p)) => {
            term.attach_progressive(Box::new(SerialProgressive::open_path(
                p,
                config.progressive.baud,
                waker,
                setup,
            )));
        }
    }
    Ok(())
}

/// Store and forward: the journal here is the truth; a copy goes to the floor's server, pushed
/// as each commit is made. Nothing goes to the server before the chain here is known to hold.
fn with_central(
    mut app: DeckhandApp,
    config: &Config,
    db: std::path::PathBuf,
    chain: crate::store::ChainCheck,
    slot: ContextSlot,
) -> Result<DeckhandApp> {
    let status = Arc::new(Mutex::new(crate::store::central::SyncStatus::default()));
    let (central, sync) = (config.central.clone(), status.clone());
    let commits = app.terminal().store().commits();
    // "Dana Brooks is coming": the floor board's answers to this terminal's calls.
    let terminal_id = app.terminal().store().terminal_id().to_string();
    let heard = slot.clone();
    app.terminal_mut()
        .listen_for_floor_acks(crate::store::floor_acks::AckListener::spawn(
            config.central.clone(),
            terminal_id,
            Box::new(move || {
                if let Some(ctx) = heard.get() {
                    ctx.request_repaint();
                }
            }),
        ));
    std::thread::Builder::new()
        .name("central-start".into())
        .spawn(move || {
            if chain.wait_intact().is_ok() {
                crate::store::central::spawn_sender(
                    central,
                    db,
                    Some(commits),
                    sync,
                    Box::new(move || {
                        if let Some(ctx) = slot.get() {
                            ctx.request_repaint();
                        }
                    }),
                    Arc::new(AtomicBool::new(false)),
                );
            }
        })
        .context("starting the link to the floor's server")?;
    Ok(app
        .with_central(status)
        .with_central_review(config.central.clone()))
}
