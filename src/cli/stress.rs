//! `deckhand journal-stress`: numbered rows appended until killed (the crash test).

use super::*;

pub(super) fn run(db: PathBuf) -> Result<()> {
    let mut store = Store::open(&db)?;
    let ctx = crate::store::RowContext::default();
    let stdout = std::io::stdout();
    for n in 0u64.. {
        let rows = store.append(
            &ctx,
            &[crate::store::Entry::system(
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
