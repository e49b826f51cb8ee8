//! `deckhand backup`: an online copy of the database, checked, old copies pruned.

use super::*;

pub(super) fn run(config: &Config, db: Option<PathBuf>, to: Option<PathBuf>) -> Result<()> {
    let db = match db {
        Some(p) => p,
        None => config.database_path().map_err(anyhow::Error::msg)?,
    };
    let Some(dir) = to.or_else(|| config.backup_dir()) else {
        bail!("no backup folder: give --to DIR or set store.backup_dir");
    };
    let r = crate::store::backup::backup(&db, &dir, config.retention())?;
    outln!(
        "backup {}: {} rows, head {}",
        r.path.display(),
        r.rows,
        r.head
    );
    for p in r.pruned {
        outln!("pruned {}", p.display());
    }
    Ok(())
}
