//! `deckhand`: the dealer terminal (default) and its command-line tools.

use anyhow::{Context as _, Result, bail};
use clap::{Parser, Subcommand};
use deckhand::cli;
use deckhand::config::{Config, DevicePort};
use deckhand::devices::progressive::SerialProgressive;
use deckhand::devices::shuffler::{Opener, SerialShuffler, ShufflerDriver, Waker};
use deckhand::devices::sim::{
    ProgressiveScript, SimScript, run_progressive, run_shuffler, spawn_on_pty,
    spawn_progressive_on_pty,
};
use deckhand::rules::games::GameId;
use deckhand::store::{ChainStatus, Store};
use deckhand::terminal::Terminal;
use deckhand::ui::DeckhandApp;
use std::io::Write as _;
use std::path::PathBuf;
use std::sync::atomic::AtomicBool;
use std::sync::{Arc, Mutex, OnceLock};
use std::time::Duration;

#[derive(Parser)]
#[command(
    name = "deckhand",
    version,
    about = "Dealer terminal for live casino table games"
)]
struct Cli {
    /// Configuration file (TOML). Without it the embedded default is used.
    #[arg(long, global = true)]
    config: Option<PathBuf>,
    #[command(subcommand)]
    command: Option<Cmd>,
}

#[derive(Subcommand)]
enum Cmd {
    /// Open the dealer terminal (the default).
    Run,
    /// Run a device simulator on a serial port.
    Sim {
        #[command(subcommand)]
        device: SimDevice,
    },
    /// Rank a hand: `deckhand eval --game holdem Kh 4s --board Kc Kd 4h 9s 2c`.
    /// Prints one JSON object; games and categories are in docs/hand-rankings.md.
    Eval {
        /// Game id, e.g. holdem, omaha-hi-lo, seven-card-stud, crazy-4-poker, badugi.
        #[arg(long)]
        game: String,
        /// The player's cards, two-character codes (As Kd 10h ...).
        cards: Vec<String>,
        /// Community cards (or a Stud common card).
        #[arg(long, num_args = 1..)]
        board: Vec<String>,
        /// Read one hand per line from standard input, `HOLE | BOARD`, and write one JSON
        /// object per line; a bad line gives an error object and the rest go on.
        #[arg(long)]
        batch: bool,
    },
    /// Settle one round of a house-banked game: JSON on standard input (game, paytable choices,
    /// cards, wagers, decisions, meters), the settlement as JSON on standard output. The format,
    /// with an example per game, is in docs/settle.md.
    Settle {
        /// Indent the output for reading.
        #[arg(long)]
        pretty: bool,
    },
    /// Append numbered rows to a journal until killed, printing each serial once it is durable
    /// (used by the crash test; also a quick check of a terminal's disk).
    /// Open the terminal on a fresh database with a round of `game` staged at a player's
    /// decision (the screenshots of docs/screenshots/capture.sh).
    #[command(hide = true)]
    Showcase {
        #[arg(long)]
        game: String,
        /// A database file that does not exist yet.
        #[arg(long)]
        db: PathBuf,
        /// Where to stop: `decision` (a player's turn) or `cards` (the cards being keyed).
        #[arg(long, default_value = "decision")]
        at: String,
    },
    #[command(hide = true)]
    JournalStress {
        #[arg(long)]
        db: PathBuf,
    },
    /// Copy the database now (online, while a terminal may be running) into a folder, check the
    /// copy, and prune copies older than the retention period.
    Backup {
        /// Database file; default: the configured one.
        #[arg(long)]
        db: Option<PathBuf>,
        /// Folder for the copy; default: the configured backup folder.
        #[arg(long)]
        to: Option<PathBuf>,
    },
    /// Manage the people who sign records. PINs are read from standard input, one per line
    /// (the acting supervisor's first), never from the command line.
    People {
        /// Database file; default: the configured one.
        #[arg(long, global = true)]
        db: Option<PathBuf>,
        #[command(subcommand)]
        action: PeopleCmd,
    },
    /// Export journal rows as CSV on standard output, oldest first; every filter optional.
    Export {
        /// Database file; default: the configured one.
        #[arg(long)]
        db: Option<PathBuf>,
        /// From this UTC date or time, inclusive (2026-11-22 or 2026-11-22T06:00:00Z).
        #[arg(long)]
        from: Option<String>,
        /// Up to this UTC date or time, exclusive.
        #[arg(long)]
        to: Option<String>,
        /// One journal kind, e.g. deck_counted.
        #[arg(long)]
        kind: Option<String>,
        /// A group of kinds: deck-changes, counts, irregularities, jackpots, verifications,
        /// device-faults, people, rounds.
        #[arg(long)]
        group: Option<String>,
        #[arg(long)]
        table: Option<i64>,
        /// The dealer's credential number.
        #[arg(long)]
        dealer: Option<String>,
        /// Text found in the record.
        #[arg(long)]
        text: Option<String>,
        /// The game the table was opened with, e.g. holdem.
        #[arg(long)]
        game: Option<String>,
        /// Search every terminal's records in the central database ([central] settings, with
        /// --user for the review role) instead of this terminal's journal.
        #[arg(long)]
        central: bool,
        /// The central database user (with --central), e.g. deckhand_review.
        #[arg(long)]
        user: Option<String>,
    },
    /// The floor-wide copy of the journal in PostgreSQL ([central] in the configuration).
    Central {
        /// Connect as this user instead of [central] user (the owner for init).
        #[arg(long, global = true)]
        user: Option<String>,
        /// A file holding that user's password.
        #[arg(long, global = true)]
        password_file: Option<String>,
        #[command(subcommand)]
        action: CentralCmd,
    },
    /// Print a document as PDF; the print is journaled and a second one says REPRINT.
    Print {
        /// Database file; default: the configured one.
        #[arg(long, global = true)]
        db: Option<PathBuf>,
        #[command(subcommand)]
        doc: PrintDoc,
    },
    /// Walk the journal's hash chain and report the first broken row.
    VerifyLog {
        /// Database file; default: the configured one.
        #[arg(long)]
        db: Option<PathBuf>,
    },
}

#[derive(Subcommand)]
enum CentralCmd {
    /// Create the central schema and roles (once, as the database's owner).
    Init,
    /// Push this terminal's journal rows the server lacks, then stop (a backlog, or a check).
    Push {
        /// Database file; default: the configured one.
        #[arg(long)]
        db: Option<PathBuf>,
    },
    /// Walk every terminal's chain in the central database and report gaps and breaks.
    Verify,
}

#[derive(Subcommand)]
enum PrintDoc {
    /// The documentation of one box count, signed by dealer and floorperson (§ 637a.15(d)(1),
    /// § 637a.16(d)(1)).
    BoxCount {
        /// The journal row of the count (shown when it is recorded).
        #[arg(long)]
        record: i64,
        #[arg(long)]
        out: PathBuf,
    },
    /// The High Hand Tracking Slip of one table and qualifying period (§ 637a.16(f)).
    HighHandSlip {
        #[arg(long)]
        table: u32,
        /// The period's start as the slip names it, e.g. 2026-11-22T07:00Z.
        #[arg(long)]
        period: String,
        /// Where to write the PDF.
        #[arg(long)]
        out: PathBuf,
    },
    /// The end-of-shift report of one table: dealers, rounds, rake, counts, irregularities,
    /// slips, box counts and progressive hits, with the journal's chain head.
    ShiftReport {
        #[arg(long)]
        table: u32,
        /// Start of the shift (UTC), e.g. 2026-11-22T06:00:00Z.
        #[arg(long)]
        from: String,
        /// End of the shift (UTC).
        #[arg(long)]
        to: String,
        #[arg(long)]
        out: PathBuf,
    },
}

#[derive(Subcommand)]
enum PeopleCmd {
    /// Everyone, active or not, with role and lock-out; no PINs.
    List,
    /// First start only: create the administrator (stdin: PIN, then the PIN again).
    InitAdmin {
        #[arg(long)]
        name: String,
        #[arg(long)]
        credential: String,
    },
    /// Add a person (stdin: your PIN, then the new person's PIN; an empty line for none).
    Add {
        /// Your credential number (a supervisor; an administrator for supervisors).
        #[arg(long = "as")]
        actor: String,
        #[arg(long)]
        name: String,
        #[arg(long)]
        credential: String,
        /// dealer, floorperson, supervisor or administrator.
        #[arg(long)]
        role: String,
    },
    /// Deactivate a person; their records keep their name (stdin: your PIN).
    Deactivate {
        #[arg(long = "as")]
        actor: String,
        credential: String,
    },
    /// Set a new PIN and clear a lock-out (stdin: your PIN, then the new PIN).
    ResetPin {
        #[arg(long = "as")]
        actor: String,
        credential: String,
    },
    /// Clear a PIN lock-out (stdin: your PIN).
    Unlock {
        #[arg(long = "as")]
        actor: String,
        credential: String,
    },
}

#[derive(Subcommand)]
enum SimDevice {
    /// A counting card shuffler speaking hw/shuffler-protocol.md.
    Shuffler {
        /// The serial port to serve (e.g. one end of a socat pty pair).
        #[arg(long)]
        port: String,
        /// Counts to report for the first shuffles, then 52 (e.g. `--counts 52,51`).
        #[arg(long, value_delimiter = ',')]
        counts: Vec<u8>,
        /// Milliseconds a shuffle takes.
        #[arg(long, default_value_t = 400)]
        shuffle_ms: u64,
    },
    /// A table progressive controller speaking hw/progressive-protocol.md.
    Progressive {
        /// The serial port to serve.
        #[arg(long)]
        port: String,
        /// The meter's starting value in cents.
        #[arg(long, default_value_t = 2_500_000)]
        meter: i64,
        /// The initial and reset amount in cents (§ 647a.12(d)(3): at least $10,000).
        #[arg(long, default_value_t = 1_000_000)]
        reset: i64,
        /// Wagers the spots' devices accept at each lock-out, `SPOT:CENTS` (e.g. `1:100,4:500`).
        #[arg(long, value_delimiter = ',')]
        wagers: Vec<String>,
    },
}

fn main() -> std::process::ExitCode {
    match real_main() {
        Ok(()) => std::process::ExitCode::SUCCESS,
        Err(e) => {
            // One readable line for a person; the causes follow after a colon.
            eprintln!("deckhand: {e:#}");
            std::process::ExitCode::FAILURE
        }
    }
}

fn real_main() -> Result<()> {
    tracing_subscriber::fmt()
        .with_env_filter(
            tracing_subscriber::EnvFilter::try_from_default_env()
                .unwrap_or_else(|_| "deckhand=info".into()),
        )
        .with_writer(std::io::stderr)
        .init();
    let cli = Cli::parse();
    let config = Config::load(cli.config.as_deref()).map_err(anyhow::Error::msg)?;
    match cli.command.unwrap_or(Cmd::Run) {
        Cmd::Run => run_terminal(config, None),
        Cmd::Showcase { game, db, at } => {
            let at = deckhand::demo::At::parse(&at).map_err(anyhow::Error::msg)?;
            let mut config = config;
            let game = deckhand::rules::games::GameId::parse(&game).map_err(anyhow::Error::msg)?;
            if db.exists() {
                anyhow::bail!("{}: the showcase needs a fresh database", db.display());
            }
            config.store.database = db.display().to_string();
            config.shuffler.port = "none".into();
            config.demo.seed_people = true;
            let setup = deckhand::demo::setup_for(&config.table_setup(), game);
            config.table.game = game;
            config.table.forced_bet_cents = setup.poker.forced_bet;
            config.table.dealing = setup.poker.dealing;
            run_terminal(config, Some(at))
        }
        Cmd::Sim {
            device:
                SimDevice::Shuffler {
                    port,
                    counts,
                    shuffle_ms,
                },
        } => {
            let serial = serialport::new(&port, 9600)
                .timeout(Duration::from_millis(20))
                .open()
                .with_context(|| format!("cannot open {port}"))?;
            let script = Arc::new(Mutex::new(SimScript {
                counts: counts.into(),
                shuffle_time: Duration::from_millis(shuffle_ms),
                ..Default::default()
            }));
            eprintln!("simulated shuffler serving {port}; Ctrl-C to stop");
            run_shuffler(serial, script, Arc::new(AtomicBool::new(false)));
            Ok(())
        }
        Cmd::Sim {
            device:
                SimDevice::Progressive {
                    port,
                    meter,
                    reset,
                    wagers,
                },
        } => {
            let mut accepted = Vec::new();
            for w in &wagers {
                let parsed = w.split_once(':').and_then(|(s, c)| {
                    Some((s.trim().parse::<u8>().ok()?, c.trim().parse::<i64>().ok()?))
                });
                match parsed {
                    Some((spot, cents)) if (1..=7).contains(&spot) && cents > 0 => {
                        accepted.push((spot, cents))
                    }
                    _ => bail!(
                        "--wagers: `{w}` is not SPOT:CENTS with a spot 1 to 7 and cents above 0"
                    ),
                }
            }
            let serial = serialport::new(&port, 19200)
                .timeout(Duration::from_millis(20))
                .open()
                .with_context(|| format!("cannot open {port}"))?;
            let script = Arc::new(Mutex::new(ProgressiveScript {
                meters: vec![(1, meter)],
                resets: vec![(1, reset)],
                next_wagers: accepted.clone(),
                ..Default::default()
            }));
            eprintln!("simulated progressive controller serving {port}; Ctrl-C to stop");
            let stop = Arc::new(AtomicBool::new(false));
            // The spots accept the same wagers every round.
            let refill = script.clone();
            std::thread::spawn(move || {
                loop {
                    std::thread::sleep(Duration::from_millis(200));
                    let mut s = refill.lock().unwrap_or_else(|p| p.into_inner());
                    if s.next_wagers.is_empty() {
                        s.next_wagers = accepted.clone();
                    }
                }
            });
            run_progressive(serial, script, stop);
            Ok(())
        }
        Cmd::Eval {
            game,
            cards,
            board,
            batch,
        } => {
            let game = GameId::parse(&game).map_err(anyhow::Error::msg)?;
            if !batch {
                let json = cli::eval_json(game, &cards.join(" "), &board.join(" "))
                    .map_err(anyhow::Error::msg)?;
                println!("{json}");
                return Ok(());
            }
            let mut failed = 0usize;
            let stdout = std::io::stdout();
            let mut out = std::io::BufWriter::new(stdout.lock());
            for (i, line) in std::io::stdin().lines().enumerate() {
                let line = line.context("reading standard input")?;
                if line.trim().is_empty() {
                    continue;
                }
                match cli::eval_batch_line(game, i + 1, &line) {
                    Ok(json) => writeln!(out, "{json}")?,
                    Err(json) => {
                        failed += 1;
                        writeln!(out, "{json}")?;
                    }
                }
            }
            out.flush()?;
            if failed > 0 {
                bail!("{failed} line(s) could not be evaluated; see their error objects");
            }
            Ok(())
        }
        Cmd::Settle { pretty } => {
            let mut input = String::new();
            std::io::Read::read_to_string(&mut std::io::stdin(), &mut input)
                .context("reading standard input")?;
            let tables = config.load_paytables().map_err(anyhow::Error::msg)?;
            let out = cli::settle(&input, &tables, &config.house, pretty)
                .map_err(|e| anyhow::anyhow!("settle: {e}"))?;
            println!("{out}");
            Ok(())
        }
        Cmd::JournalStress { db } => {
            let mut store = Store::open(&db)?;
            let ctx = deckhand::store::RowContext::default();
            let stdout = std::io::stdout();
            for n in 0u64.. {
                let rows = store.append(
                    &ctx,
                    &[deckhand::store::Entry::system(
                        "stress",
                        serde_json::json!({ "n": n, "pid": std::process::id() }),
                    )],
                )?;
                let mut out = stdout.lock();
                writeln!(out, "{} {}", rows[0].serial, n)?;
                out.flush()?;
            }
            Ok(())
        }
        Cmd::Backup { db, to } => {
            let db = match db {
                Some(p) => p,
                None => config.database_path().map_err(anyhow::Error::msg)?,
            };
            let Some(dir) = to.or_else(|| config.backup_dir()) else {
                bail!("no backup folder: give --to DIR or set store.backup_dir");
            };
            let r = deckhand::store::backup::backup(&db, &dir, config.retention())?;
            println!(
                "backup {}: {} rows, head {}",
                r.path.display(),
                r.rows,
                r.head
            );
            for p in r.pruned {
                println!("pruned {}", p.display());
            }
            Ok(())
        }
        Cmd::People { db, action } => people(&config, db, action),
        Cmd::Print { db, doc } => {
            let path = match db {
                Some(p) => p,
                None => config.database_path().map_err(anyhow::Error::msg)?,
            };
            if !path.exists() {
                bail!("{}: no such database", path.display());
            }
            let mut store = Store::open(&path)?;
            let (what, out, printed) = match doc {
                PrintDoc::BoxCount { record, out } => (
                    "Box count documentation",
                    out,
                    deckhand::print::box_count(&mut store, record),
                ),
                PrintDoc::HighHandSlip { table, period, out } => (
                    "High Hand Tracking Slip",
                    out,
                    deckhand::print::high_hand_slip(&mut store, table, &period, None),
                ),
                PrintDoc::ShiftReport {
                    table,
                    from,
                    to,
                    out,
                } => {
                    use deckhand::store::review::check_time;
                    let from = check_time(&from).map_err(|e| anyhow::anyhow!("--from: {e}"))?;
                    let to = check_time(&to).map_err(|e| anyhow::anyhow!("--to: {e}"))?;
                    (
                        "End-of-shift table report",
                        out,
                        deckhand::print::shift_report(&mut store, table, &from, &to, None),
                    )
                }
            };
            let (doc_no, reprint, pdf) = printed.map_err(anyhow::Error::msg)?;
            std::fs::write(&out, pdf).with_context(|| format!("writing {}", out.display()))?;
            println!(
                "{}{what} No. {doc_no} written to {}",
                if reprint { "REPRINT: " } else { "" },
                out.display()
            );
            Ok(())
        }
        Cmd::Export {
            db,
            from,
            to,
            kind,
            group,
            table,
            dealer,
            text,
            game,
            central,
            user,
        } => {
            use deckhand::store::review::{Filter, KindGroup, check_time};
            let time = |flag: &str, v: Option<String>| -> Result<Option<String>> {
                v.map(|s| check_time(&s).map_err(|e| anyhow::anyhow!("{flag}: {e}")))
                    .transpose()
            };
            let group = match group {
                None => None,
                Some(g) => Some(KindGroup::parse(&g).ok_or_else(|| {
                    let ids: Vec<&str> = KindGroup::ALL.iter().map(|g| g.id()).collect();
                    anyhow::anyhow!("--group: `{g}` is not one of {}", ids.join(", "))
                })?),
            };
            let filter = Filter {
                table,
                dealer,
                group,
                kind,
                from: time("--from", from)?,
                to: time("--to", to)?,
                text,
                game,
            };
            if central {
                let mut cfg = config.central.clone();
                if let Some(u) = user {
                    cfg.user = u;
                }
                let mut client = cfg.connect().map_err(anyhow::Error::msg)?;
                let rows = deckhand::store::central::rows_matching(&mut client, &filter)
                    .map_err(anyhow::Error::msg)?;
                let stdout = std::io::stdout();
                let mut out = std::io::BufWriter::new(stdout.lock());
                writeln!(out, "{}", deckhand::store::review::CSV_HEADER.join(","))?;
                for r in &rows {
                    writeln!(out, "{}", deckhand::store::review::csv_line(r))?;
                }
                out.flush()?;
                eprintln!("exported {} rows from the central database", rows.len());
                return Ok(());
            }
            let path = match db {
                Some(p) => p,
                None => config.database_path().map_err(anyhow::Error::msg)?,
            };
            if !path.exists() {
                bail!("{}: no such database", path.display());
            }
            let store = Store::open(&path)?;
            let stdout = std::io::stdout();
            let mut out = std::io::BufWriter::new(stdout.lock());
            let n = store.export_csv(&filter, &mut out)?;
            out.flush()?;
            eprintln!("exported {n} rows");
            Ok(())
        }
        Cmd::Central {
            user,
            password_file,
            action,
        } => {
            use deckhand::store::central;
            let mut cfg = config.central.clone();
            if let Some(u) = user {
                cfg.user = u;
            }
            if let Some(p) = password_file {
                cfg.password_file = p;
            }
            let mut client = cfg.connect().map_err(anyhow::Error::msg)?;
            match action {
                CentralCmd::Init => {
                    central::init(&mut client).map_err(anyhow::Error::msg)?;
                    println!(
                        "central schema ready: journal, roles deckhand_terminal and deckhand_review"
                    );
                }
                CentralCmd::Push { db } => {
                    let path = match db {
                        Some(p) => p,
                        None => config.database_path().map_err(anyhow::Error::msg)?,
                    };
                    let local = central::open_local(&path).map_err(anyhow::Error::msg)?;
                    let started = std::time::Instant::now();
                    let n = central::catch_up(&mut client, &local, cfg.batch_rows)
                        .map_err(anyhow::Error::msg)?;
                    let secs = started.elapsed().as_secs_f64();
                    println!(
                        "pushed {n} rows in {secs:.2} s ({:.0} rows/s)",
                        n as f64 / secs.max(1e-9)
                    );
                }
                CentralCmd::Verify => {
                    let all = central::verify(&mut client).map_err(anyhow::Error::msg)?;
                    let mut broken = false;
                    for (terminal, status) in &all {
                        println!("{terminal}: {status}");
                        broken |= matches!(status, ChainStatus::Broken { .. });
                    }
                    println!("{} terminals", all.len());
                    if broken {
                        std::process::exit(1);
                    }
                }
            }
            Ok(())
        }
        Cmd::VerifyLog { db } => {
            let path = match db {
                Some(p) => p,
                None => config.database_path().map_err(anyhow::Error::msg)?,
            };
            if !path.exists() {
                bail!("{}: no such database", path.display());
            }
            let store = Store::open(&path)?;
            let status = store.verify_chain()?;
            println!("{status}");
            if matches!(status, ChainStatus::Broken { .. }) {
                std::process::exit(1);
            }
            Ok(())
        }
    }
}

fn people(config: &Config, db: Option<PathBuf>, action: PeopleCmd) -> Result<()> {
    use deckhand::rules::table::{Person, Role};
    use deckhand::terminal::PeopleChange;
    let path = match db {
        Some(p) => p,
        None => config.database_path().map_err(anyhow::Error::msg)?,
    };
    let store = Store::open(&path).with_context(|| format!("opening {}", path.display()))?;
    let mut term = Terminal::open(store, None)?;
    term.set_pin_policy(config.pin_policy());
    let mut lines = std::io::stdin().lines();
    let mut next_pin = |what: &str| -> Result<String> {
        match lines.next() {
            Some(l) => Ok(l.context("reading standard input")?.trim().to_string()),
            None => bail!("{what}: expected a line on standard input"),
        }
    };
    let role = |r: &str| -> Result<Role> {
        Ok(match r {
            "dealer" => Role::Dealer,
            "floorperson" => Role::Floorperson,
            "supervisor" => Role::Supervisor,
            "administrator" => Role::Administrator,
            other => {
                bail!("--role: `{other}` is not dealer, floorperson, supervisor or administrator")
            }
        })
    };
    let done = match action {
        PeopleCmd::List => {
            for r in term.store().list_people()? {
                println!(
                    "{:<10} {:<16} {:<28} {}{}{}",
                    r.person.credential,
                    r.person.role.name(),
                    r.person.name,
                    if r.active { "active" } else { "inactive" },
                    if r.has_pin { "" } else { ", no PIN" },
                    if r.locked { ", LOCKED" } else { "" }
                );
            }
            return Ok(());
        }
        PeopleCmd::InitAdmin { name, credential } => {
            let pin = next_pin("PIN")?;
            if next_pin("PIN again")? != pin {
                bail!("the two PINs differ");
            }
            let p = term
                .create_first_administrator(&name, &credential, &pin)
                .map_err(anyhow::Error::msg)?;
            format!("administrator {} ({}) created", p.name, p.credential)
        }
        PeopleCmd::Add {
            actor,
            name,
            credential,
            role: r,
        } => {
            let actor_pin = next_pin("your PIN")?;
            let pin = next_pin("the new person's PIN").unwrap_or_default();
            let person = Person {
                name,
                credential,
                role: role(&r)?,
            };
            term.manage_people(
                &actor,
                &actor_pin,
                PeopleChange::Add {
                    person,
                    pin: (!pin.is_empty()).then_some(pin),
                },
            )
            .map_err(anyhow::Error::msg)?
        }
        PeopleCmd::Deactivate { actor, credential } => {
            let actor_pin = next_pin("your PIN")?;
            term.manage_people(&actor, &actor_pin, PeopleChange::Deactivate { credential })
                .map_err(anyhow::Error::msg)?
        }
        PeopleCmd::ResetPin { actor, credential } => {
            let actor_pin = next_pin("your PIN")?;
            let pin = next_pin("the new PIN")?;
            term.manage_people(
                &actor,
                &actor_pin,
                PeopleChange::ResetPin { credential, pin },
            )
            .map_err(anyhow::Error::msg)?
        }
        PeopleCmd::Unlock { actor, credential } => {
            let actor_pin = next_pin("your PIN")?;
            term.manage_people(
                &actor,
                &actor_pin,
                PeopleChange::ClearLockout { credential },
            )
            .map_err(anyhow::Error::msg)?
        }
    };
    println!("{done}");
    Ok(())
}

fn run_terminal(config: Config, showcase: Option<deckhand::demo::At>) -> Result<()> {
    let db = config.database_path().map_err(anyhow::Error::msg)?;
    let store = Store::open(&db).with_context(|| format!("opening {}", db.display()))?;
    tracing::info!("database {}", db.display());

    // The UI context exists only once the window does; device threads wake it through this.
    let ctx_slot: Arc<OnceLock<egui::Context>> = Arc::new(OnceLock::new());
    let slot = ctx_slot.clone();
    let waker: Waker = Arc::new(move || {
        if let Some(ctx) = slot.get() {
            ctx.request_repaint();
        }
    });

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
            Some(Box::new(SerialShuffler::spawn(opener, waker)))
        }
        Some(DevicePort::Path(p)) => Some(Box::new(SerialShuffler::open_path(
            p,
            config.shuffler.baud,
            waker,
        ))),
    };

    let mut term = Terminal::open(store, shuffler)?;
    term.set_pin_policy(config.pin_policy());
    // The table progressive controller, if the table has one.
    let progressive_waker: Waker = {
        let slot = ctx_slot.clone();
        Arc::new(move || {
            if let Some(ctx) = slot.get() {
                ctx.request_repaint();
            }
        })
    };
    match config.progressive_port() {
        None => {}
        Some(DevicePort::Simulated) => {
            let script = Arc::new(Mutex::new(ProgressiveScript::default()));
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
            term.attach_progressive(Box::new(SerialProgressive::spawn(
                opener,
                progressive_waker,
            )));
        }
        Some(DevicePort::Path(p)) => {
            term.attach_progressive(Box::new(SerialProgressive::open_path(
                p,
                config.progressive.baud,
                progressive_waker,
            )));
        }
    }
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
        deckhand::demo::stage_at(&mut term, &config.table_setup(), at)
            .map_err(anyhow::Error::msg)?;
    }
    let mut app = DeckhandApp::new(term, config.table_setup(), sim_script)
        .with_screen_lock(config.lock_after())
        .with_deck_reminder(config.table.deck_reminder_minutes)
        .with_high_hand(config.high_hand.clone())
        .with_time_charges(config.time_charges.clone());
    if config.central.enabled {
        // Store and forward: the journal here is the truth; a copy goes to the floor's server.
        let status = Arc::new(Mutex::new(deckhand::store::central::SyncStatus::default()));
        let slot = ctx_slot.clone();
        deckhand::store::central::spawn_sender(
            config.central.clone(),
            db.clone(),
            status.clone(),
            Box::new(move || {
                if let Some(ctx) = slot.get() {
                    ctx.request_repaint();
                }
            }),
            Arc::new(AtomicBool::new(false)),
        );
        app = app
            .with_central(status)
            .with_central_review(config.central.clone());
    }
    let options = eframe::NativeOptions {
        viewport: egui::ViewportBuilder::default()
            .with_title("Deckhand")
            .with_inner_size([1280.0, 800.0])
            .with_min_inner_size([1024.0, 700.0]),
        ..Default::default()
    };
    eframe::run_native(
        "Deckhand",
        options,
        Box::new(move |cc| {
            let _ = ctx_slot.set(cc.egui_ctx.clone());
            Ok(Box::new(app))
        }),
    )
    .map_err(|e| anyhow::anyhow!("the window could not open: {e}"))
}
