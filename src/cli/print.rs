//! `deckhand print`: a document as PDF, journaled; a second print says REPRINT.

use super::*;

pub(super) fn run(config: &Config, db: Option<PathBuf>, doc: PrintDoc) -> Result<()> {
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
            crate::print::box_count(&mut store, record),
        ),
        PrintDoc::HighHandSlip { table, period, out } => (
            "High Hand Tracking Slip",
            out,
            crate::print::high_hand_slip(&mut store, table, &period, None),
        ),
        PrintDoc::ShiftReport {
            table,
            from,
            to,
            out,
        } => {
            use crate::store::review::check_time;
            let from = check_time(&from).map_err(|e| anyhow::anyhow!("--from: {e}"))?;
            let to = check_time(&to).map_err(|e| anyhow::anyhow!("--to: {e}"))?;
            (
                "End-of-shift table report",
                out,
                crate::print::shift_report(&mut store, table, &from, &to, None),
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
