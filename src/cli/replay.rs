//! `deckhand replay --round N`: a recorded round step by step, for a floor dispute: each row with
//! who and when, what happened, the section of the step it answered, and where the round stood
//! after it. Read-only.

use super::*;

pub(super) fn run(config: &Config, db: Option<PathBuf>, round: u32) -> Result<()> {
    let path = match db {
        Some(p) => p,
        None => config.database_path().map_err(anyhow::Error::msg)?,
    };
    if !path.exists() {
        bail!("{}: no such database", path.display());
    }
    let steps = crate::store::replay::round_steps_file(&path, round)?;
    let stdout = std::io::stdout();
    let mut out = std::io::BufWriter::new(stdout.lock());
    writeln!(
        out,
        "Round {round}, replayed from the journal of {} ({} steps)",
        path.display(),
        steps.len()
    )?;
    for (i, s) in steps.iter().enumerate() {
        writeln!(out)?;
        writeln!(
            out,
            "{:>3}. #{}  {}  dealer {}{}",
            i + 1,
            s.serial,
            s.ts_utc,
            s.dealer.as_deref().unwrap_or("none"),
            s.signer
                .as_deref()
                .map_or(String::new(), |p| format!("  signed by {p}"))
        )?;
        writeln!(out, "     {}", s.what)?;
        writeln!(
            out,
            "     {} · then: {} · on the table {}",
            if s.section.is_empty() {
                "—"
            } else {
                &s.section
            },
            s.then,
            crate::rules::money(s.on_table)
        )?;
    }
    out.flush()?;
    Ok(())
}
