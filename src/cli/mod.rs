//! The command line: `deckhand` opens the dealer terminal; its subcommands are the tools beside
//! it. One module per subcommand; `main.rs` only calls [`main`].

/// `println!` that hands a failed write back as an error instead of panicking: a reader that
/// goes away (`deckhand eval … | head -1`) ends the command quietly (see [`main`]).
macro_rules! outln {
    ($($t:tt)*) => {
        writeln!(std::io::stdout().lock(), $($t)*)?
    };
}

mod backup;
mod central;
mod eval;
mod export;
mod keys;
mod people;
mod print;
mod replay;
mod run;
mod settle;
mod sim;
mod stress;
mod text;
mod verify;

pub use text::{eval_batch_line, eval_json, settle};

use crate::config::Config;
use crate::devices::sim::{ProgressiveScript, SimScript, run_progressive, run_shuffler};
use crate::rules::game_id::GameId;
use crate::store::{ChainStatus, Store};
use crate::terminal::Terminal;
use anyhow::{Context as _, Result, bail};
use clap::{Parser, Subcommand};
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
pub struct Cli {
    /// Configuration file (TOML). Without it the embedded default is used.
    #[arg(long, global = true)]
    pub config: Option<PathBuf>,
    #[command(subcommand)]
    pub command: Option<Cmd>,
}

#[derive(Subcommand)]
pub enum Cmd {
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
        /// Game id (the list in --help), or a name players use (razz, omaha-8, 2-7 …).
        #[arg(long, long_help = crate::rules::registry::game_help())]
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
    /// Check a poker-room round for a floor dispute: JSON on standard input (game, betting
    /// structure and limits, forced bets, seats with stakes, the actions in order); out come
    /// the pots, the amount to call and the next player's least and most bet or raise after
    /// every action, and the first illegal action with its rule. docs/hand-verifier.md.
    Hand {
        /// Indent the output for reading.
        #[arg(long)]
        pretty: bool,
        /// Print the round's hand history in the PHH format instead (the round played to its
        /// award; refused with the reason where PHH cannot hold it).
        #[arg(long)]
        phh: bool,
    },
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
    /// Append numbered rows to a journal until killed, printing each serial once it is durable
    /// (used by the crash test; also a quick check of a terminal's disk).
    #[command(hide = true)]
    JournalStress {
        #[arg(long)]
        db: PathBuf,
        /// Stop after this many rows, without closing the store (as a power cut leaves it).
        #[arg(long)]
        rows: Option<u64>,
    },
    /// A shuffler link journaling into `db` until killed (the device pipeline's crash test).
    #[command(hide = true)]
    DeviceStress {
        #[arg(long)]
        db: PathBuf,
        #[arg(long)]
        port: String,
        #[arg(long, default_value_t = 500)]
        max_frames_per_second: u32,
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
        /// Instead of the rows, the pace of the rounds they hold: rounds per hour and seconds
        /// per round per table, dealer and game, and each step's median wait on the dealer.
        #[arg(long)]
        pace: bool,
        /// Instead of the rows, round N's hand history in the PHH format (docs/hand-verifier.md),
        /// with --phh-round N.
        #[arg(long)]
        phh: bool,
        #[arg(long)]
        phh_round: Option<u32>,
        /// With --phh: every poker round (of --table, started from --from up to --to: a shift)
        /// written into this folder, one .phh file each; the rounds PHH cannot hold are named
        /// with the reason.
        #[arg(long, requires = "phh")]
        phh_dir: Option<PathBuf>,
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
    /// Print a document: journaled first (a second print says REPRINT), then written as PDF
    /// (--out) or sent to the configured [printer] (--printer).
    Print {
        /// Database file; default: the configured one.
        #[arg(long, global = true)]
        db: Option<PathBuf>,
        /// Send it to the configured [printer] (a PDF in exports/, a CUPS queue or a receipt
        /// printer).
        #[arg(long, global = true)]
        printer: bool,
        #[command(subcommand)]
        doc: PrintDoc,
    },
    /// Print a recorded round step by step (who, when, what, the section, the state after it),
    /// for a floor dispute. Reads the journal only.
    Replay {
        /// The round's number, as the screen and the records show it.
        #[arg(long)]
        round: u32,
        /// Database file; default: the configured one.
        #[arg(long)]
        db: Option<PathBuf>,
    },
    /// Adopt a journal written before heads were signed (a supervisor; stdin: your PIN): its
    /// chain walked, its head signed, the adoption journaled with what was trusted. No start
    /// signs such a journal on its own.
    AdoptJournal {
        /// Database file; default: the configured one.
        #[arg(long)]
        db: Option<PathBuf>,
        /// Your credential number (a supervisor or the administrator of that journal).
        #[arg(long = "as")]
        actor: String,
    },
    /// Replace the terminal's signing key, with the terminal stopped (a supervisor; stdin: your
    /// PIN): a new key, a row endorsed by the old key and signed by you, the key file replaced.
    RotateKey {
        /// Database file; default: the configured one.
        #[arg(long)]
        db: Option<PathBuf>,
        /// Your credential number (a supervisor or the administrator).
        #[arg(long = "as")]
        actor: String,
    },
    /// The floor board: every table the central copy holds, the calls to the floor waiting,
    /// live ([central] floor_user; reads only). Floorpersons and supervisors sign in with their
    /// credential number and PIN; the board keeps its own journal ([floor] database).
    Floor,
    /// Walk the journal's hash chain and report the first broken row.
    VerifyLog {
        /// Database file; default: the configured one.
        #[arg(long)]
        db: Option<PathBuf>,
        /// Also rebuild the table from every row and recompute each recorded settlement and
        /// pot with this build's rules; the first row that diverges is named.
        #[arg(long)]
        replay: bool,
        /// The terminal's public key as known apart from this file (its shift report, the
        /// central copy's registration): the hex key or its 16-digit fingerprint. The signed
        /// head must be this key's, whatever the file says of itself.
        #[arg(long)]
        key: Option<String>,
    },
}

#[derive(Subcommand)]
pub enum CentralCmd {
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
pub enum PrintDoc {
    /// The documentation of one box count, signed by dealer and floorperson (§ 637a.15(d)(1),
    /// § 637a.16(d)(1)).
    BoxCount {
        /// The journal row of the count (shown when it is recorded).
        #[arg(long)]
        record: i64,
        /// Where to write the PDF.
        #[arg(long)]
        out: Option<PathBuf>,
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
        out: Option<PathBuf>,
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
        /// Where to write the PDF.
        #[arg(long)]
        out: Option<PathBuf>,
    },
}

#[derive(Subcommand)]
pub enum PeopleCmd {
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
pub enum SimDevice {
    /// A counting card shuffler speaking hw/shuffler-protocol.md.
    Shuffler {
        /// The serial port to serve (e.g. one end of a socat pty pair).
        #[arg(long)]
        port: String,
        /// Counts to report for the first shuffles, then 52 (e.g. `--counts 52,51`; a Spanish
        /// 21 shoe of six decks counts 288).
        #[arg(long, value_delimiter = ',')]
        counts: Vec<u16>,
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

/// The whole program: parse, run, and one readable line on failure.
pub fn main() -> std::process::ExitCode {
    match real_main() {
        Ok(()) => std::process::ExitCode::SUCCESS,
        // The reader of standard output went away (`| head`): what it wanted, it has.
        Err(e) if closed_pipe(&e) => std::process::ExitCode::SUCCESS,
        Err(e) => {
            // One readable line for a person; the causes follow after a colon.
            eprintln!("deckhand: {e:#}");
            std::process::ExitCode::FAILURE
        }
    }
}

fn closed_pipe(e: &anyhow::Error) -> bool {
    e.chain().any(|c| {
        c.downcast_ref::<std::io::Error>()
            .is_some_and(|io| io.kind() == std::io::ErrorKind::BrokenPipe)
    })
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
    let loaded = Config::load(cli.config.as_deref());
    let command = cli.command.unwrap_or(Cmd::Run);
    // The terminal's window shows a configuration it cannot use, with the file, key and reason
    // (at the table nobody reads standard error); every other command says it there.
    if matches!(command, Cmd::Run) {
        if let Err(e) = &loaded {
            eprintln!("deckhand: {e}");
        }
        return run::run_window(loaded, None);
    }
    let config = loaded.map_err(anyhow::Error::msg)?;
    match command {
        Cmd::Run => run::run_terminal(config, None),
        Cmd::Showcase { game, db, at } => run::showcase(config, game, db, at),
        Cmd::Sim {
            device:
                SimDevice::Shuffler {
                    port,
                    counts,
                    shuffle_ms,
                },
        } => sim::shuffler(port, counts, shuffle_ms),
        Cmd::Sim {
            device:
                SimDevice::Progressive {
                    port,
                    meter,
                    reset,
                    wagers,
                },
        } => sim::progressive(port, meter, reset, wagers),
        Cmd::Eval {
            game,
            cards,
            board,
            batch,
        } => eval::run(game, cards, board, batch),
        Cmd::Settle { pretty } => settle::run(&config, pretty),
        Cmd::Hand { pretty, phh } => settle::hand(pretty, phh),
        Cmd::JournalStress { db, rows } => stress::run(db, rows),
        Cmd::DeviceStress {
            db,
            port,
            max_frames_per_second,
        } => stress::device(db, port, max_frames_per_second),
        Cmd::Backup { db, to } => backup::run(&config, db, to),
        Cmd::People { db, action } => people::people(&config, db, action),
        Cmd::AdoptJournal { db, actor } => keys::adopt(&config, db, &actor),
        Cmd::Floor => run::floor(&config),
        Cmd::RotateKey { db, actor } => keys::rotate(&config, db, &actor),
        Cmd::Print { db, printer, doc } => print::run(&config, db, printer, doc),
        Cmd::Export {
            db,
            phh: true,
            phh_dir: Some(dir),
            from,
            to,
            table,
            ..
        } => export::phh_folder(&config, db, &dir, from, to, table),
        Cmd::Export {
            db,
            phh: true,
            phh_round,
            ..
        } => export::phh(&config, db, phh_round),
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
            pace,
            ..
        } => export::run(
            &config, db, from, to, kind, group, table, dealer, text, game, central, user, pace,
        ),
        Cmd::Central {
            user,
            password_file,
            action,
        } => central::run(&config, user, password_file, action),
        Cmd::VerifyLog { db, replay, key } => verify::run(&config, db, replay, key),
        Cmd::Replay { round, db } => replay::run(&config, db, round),
    }
}
