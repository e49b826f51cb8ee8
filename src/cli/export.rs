//! `deckhand export`: journal rows as CSV, filtered, from this terminal or the central copy.

use super::*;
use crate::store::review::JournalQueries;

#[allow(clippy::too_many_arguments)]
pub(super) fn run(
    config: &Config,
    db: Option<PathBuf>,
    from: Option<String>,
    to: Option<String>,
    kind: Option<String>,
    group: Option<String>,
    table: Option<i64>,
    dealer: Option<String>,
    text: Option<String>,
    game: Option<String>,
    central: bool,
    user: Option<String>,
    pace: bool,
) -> Result<()> {
    use crate::store::review::{Filter, KindGroup, check_time};
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
        let rows = crate::store::central::rows_matching(&mut client, &filter)
            .map_err(anyhow::Error::msg)?;
        if pace {
            let spans = crate::store::pace::spans(&rows);
            return print_pace(&crate::store::review::PaceReport {
                groups: crate::store::pace::by_group(&spans),
                slow_steps: crate::store::pace::step_waits(&rows),
            });
        }
        let stdout = std::io::stdout();
        let mut out = std::io::BufWriter::new(stdout.lock());
        let mut csv = crate::store::review::CsvRows::new(&mut out)?;
        for r in &rows {
            csv.row(r)?;
        }
        csv.finish()?;
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
    // Read-only: an export opens no writer, creates no file and changes no mode; a file that is
    // not a journal is refused by name (issue 40).
    let conn = crate::store::open_evidence(&path)?;
    if pace {
        return print_pace(&conn.pace(&filter)?);
    }
    let stdout = std::io::stdout();
    let mut out = std::io::BufWriter::new(stdout.lock());
    let n = conn.export_csv(&filter, &mut out)?;
    out.flush()?;
    eprintln!("exported {n} rows");
    Ok(())
}

/// The pace as CSV: one line per table, dealer and game, then one per step kind.
fn print_pace(report: &crate::store::review::PaceReport) -> Result<()> {
    let stdout = std::io::stdout();
    let mut out = std::io::BufWriter::new(stdout.lock());
    writeln!(out, "group,rounds,rounds_per_hour,median_seconds_per_round")?;
    for (group, p) in &report.groups {
        writeln!(
            out,
            "{group},{},{:.1},{:.1}",
            p.rounds, p.rounds_per_hour, p.median_seconds
        )?;
    }
    writeln!(out, "step,times,median_wait_seconds")?;
    for (kind, secs, n) in &report.slow_steps {
        writeln!(out, "{kind},{n},{secs:.1}")?;
    }
    out.flush()?;
    Ok(())
}

/// `deckhand export --phh --phh-dir DIR [--table T] [--from …] [--to …]`: every poker round of
/// the journal (of a table, in a shift) as its own PHH file in `DIR`
/// (`table12-round0007.phh`); a round PHH cannot hold (its betting kept at the table, a game
/// without a PHH code, a round not over) is named on standard error with the reason.
pub(super) fn phh_folder(
    config: &Config,
    db: Option<PathBuf>,
    dir: &std::path::Path,
    from: Option<String>,
    to: Option<String>,
    table: Option<i64>,
) -> Result<()> {
    use crate::store::review::check_time;
    let time = |flag: &str, v: Option<String>| -> Result<Option<String>> {
        v.map(|s| check_time(&s).map_err(|e| anyhow::anyhow!("{flag}: {e}")))
            .transpose()
    };
    let (from, to) = (time("--from", from)?, time("--to", to)?);
    let path = match db {
        Some(p) => p,
        None => config.database_path().map_err(anyhow::Error::msg)?,
    };
    if !path.exists() {
        bail!("{}: no such database", path.display());
    }
    let rounds = crate::store::replay::round_hands_file(&path)?;
    std::fs::create_dir_all(dir).with_context(|| format!("{}", dir.display()))?;
    let (mut written, mut without) = (0, 0);
    for r in rounds {
        let in_shift = from.as_deref().is_none_or(|f| r.started_utc.as_str() >= f)
            && to.as_deref().is_none_or(|t| r.started_utc.as_str() < t)
            && table.is_none_or(|t| i64::from(r.table) == t);
        if !in_shift {
            continue;
        }
        let meta = crate::rules::poker::phh::PhhMeta {
            table: r.table,
            round: r.number,
            started_utc: r.started_utc.clone(),
        };
        match crate::rules::poker::phh::to_phh(&r.hand, &meta) {
            Ok(text) => {
                let file = dir.join(format!("table{}-round{:04}.phh", r.table, r.number));
                std::fs::write(&file, text).with_context(|| format!("{}", file.display()))?;
                written += 1;
            }
            Err(why) => {
                eprintln!(
                    "table {} round {}: no hand history: {why}",
                    r.table, r.number
                );
                without += 1;
            }
        }
    }
    println!(
        "{written} hand histories written to {}; {without} rounds without one",
        dir.display()
    );
    Ok(())
}

/// `deckhand export --phh --phh-round N`: round N's hand history in the PHH format on standard
/// output.
pub(super) fn phh(config: &Config, db: Option<PathBuf>, round: Option<u32>) -> Result<()> {
    let Some(round) = round else {
        bail!("--phh: give the round with --phh-round N");
    };
    let path = match db {
        Some(p) => p,
        None => config.database_path().map_err(anyhow::Error::msg)?,
    };
    if !path.exists() {
        bail!("{}: no such database", path.display());
    }
    let (hand, table, started) = crate::store::replay::round_hand_file(&path, round)?;
    let meta = crate::rules::poker::phh::PhhMeta {
        table,
        round,
        started_utc: started,
    };
    let text = crate::rules::poker::phh::to_phh(&hand, &meta).map_err(anyhow::Error::msg)?;
    print!("{text}");
    Ok(())
}
