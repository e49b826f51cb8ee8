//! `deckhand print`: a document journaled first (a second print says REPRINT), then written as
//! PDF with `--out`, and sent to the configured `[printer]` with `--printer`.

use super::*;
use crate::print::Request;
use crate::print::printer::Printer;

pub(super) fn run(
    config: &Config,
    db: Option<PathBuf>,
    printer: bool,
    doc: PrintDoc,
) -> Result<()> {
    let path = match db {
        Some(p) => p,
        None => config.database_path().map_err(anyhow::Error::msg)?,
    };
    if !path.exists() {
        bail!("{}: no such database", path.display());
    }
    let (request, out) = match doc {
        PrintDoc::BoxCount { record, out } => (Request::BoxCount { record }, out),
        PrintDoc::HighHandSlip { table, period, out } => {
            (Request::HighHandSlip { table, period }, out)
        }
        PrintDoc::ShiftReport {
            table,
            from,
            to,
            out,
        } => {
            use crate::store::review::check_time;
            let from = check_time(&from).map_err(|e| anyhow::anyhow!("--from: {e}"))?;
            let to = check_time(&to).map_err(|e| anyhow::anyhow!("--to: {e}"))?;
            (Request::ShiftReport { table, from, to }, out)
        }
    };
    if out.is_none() && !printer {
        bail!("say where the document goes: --out FILE.pdf, --printer, or both");
    }
    let mut store = config.open_store(&path)?;
    let doc =
        crate::print::issue(&mut store, &request, None, None, None).map_err(anyhow::Error::msg)?;
    if let Some(out) = out {
        let paper = crate::print::Paper::parse(&config.printer.paper).unwrap_or_default();
        let pdf = crate::print::pdf::render(&doc, paper).map_err(anyhow::Error::msg)?;
        std::fs::write(&out, pdf).with_context(|| format!("writing {}", out.display()))?;
        outln!("{} written to {}", doc.heading, out.display());
    }
    if printer {
        let exports = path
            .parent()
            .map(|p| p.join("exports"))
            .unwrap_or_else(|| "exports".into());
        let sent = Printer::from_config(&config.printer, exports)
            .send(&doc)
            .map_err(anyhow::Error::msg)?;
        outln!("{} {sent}", doc.heading);
    }
    Ok(())
}
