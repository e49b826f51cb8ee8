//! The journal's files: opened again read-only for a walk, opened as evidence, made private.

use super::{Result, StoreError};
use rusqlite::{Connection, OpenFlags};
use std::path::Path;

/// Opens the journal at `path` again, read-only, for a walk's ranges on other threads.
pub(crate) fn reopener(path: &Path) -> impl Fn() -> Result<Connection> + Sync + use<> {
    let path = path.to_path_buf();
    move || {
        Ok(Connection::open_with_flags(
            &path,
            OpenFlags::SQLITE_OPEN_READ_ONLY | OpenFlags::SQLITE_OPEN_NO_MUTEX,
        )?)
    }
}

/// Opens a journal file as evidence: for reading only, never created, migrated or written. With
/// no rows waiting in a `-wal` file beside it, SQLite is told the file is immutable, so it
/// creates no `-shm` or `-wal` either and a copy on read-only media opens; with a `-wal`, the
/// rows in it are read too. A missing, empty or foreign file is refused by name.
pub fn open_evidence(path: &Path) -> Result<Connection> {
    let refuse = |why: &str| StoreError::Invalid(format!("{}: {why}", path.display()));
    let len = std::fs::metadata(path)
        .map_err(|e| refuse(&format!("cannot be read ({e})")))?
        .len();
    if len == 0 {
        return Err(refuse("an empty file, not a Deckhand journal"));
    }
    let beside = |suffix: &str| {
        let mut p = path.as_os_str().to_owned();
        p.push(suffix);
        std::path::PathBuf::from(p)
    };
    // A `-wal` or `-shm` beside it: rows may wait in the WAL, or a terminal has it open; read
    // it the ordinary way (read-only), never as immutable.
    let live = beside("-wal").exists() || beside("-shm").exists();
    let conn = if live {
        Connection::open_with_flags(path, OpenFlags::SQLITE_OPEN_READ_ONLY)?
    } else {
        let escaped = path
            .to_string_lossy()
            .replace('%', "%25")
            .replace('?', "%3f")
            .replace('#', "%23");
        Connection::open_with_flags(
            format!("file:{escaped}?immutable=1"),
            OpenFlags::SQLITE_OPEN_READ_ONLY | OpenFlags::SQLITE_OPEN_URI,
        )?
    };
    let has_journal = conn
        .query_row(
            "SELECT COUNT(*) > 0 FROM sqlite_master WHERE type = 'table' AND name = 'journal'",
            [],
            |r| r.get::<_, bool>(0),
        )
        .map_err(|e| refuse(&format!("not a Deckhand journal ({e})")))?;
    if !has_journal {
        return Err(refuse("not a Deckhand journal (no journal table)"));
    }
    Ok(conn)
}

/// Makes `path` a file only its owner can read or write (0600), creating it empty if it does not
/// exist, before SQLite opens it: SQLite gives the `-wal` and `-shm` files the database's mode,
/// so the records, the PIN hashes and the WAL are never readable by other users. A file that
/// cannot be tightened (not ours) is an error, not a warning.
pub fn private_file(path: &Path) -> Result<()> {
    use std::os::unix::fs::{OpenOptionsExt, PermissionsExt};
    let refuse = |e: std::io::Error| {
        StoreError::Invalid(format!(
            "{}: cannot make the file private to this user ({e})",
            path.display()
        ))
    };
    if !path.exists() {
        std::fs::OpenOptions::new()
            .write(true)
            .create(true)
            .truncate(false)
            .mode(0o600)
            .open(path)
            .map_err(refuse)?;
    }
    for suffix in ["", "-wal", "-shm", "-journal"] {
        let mut p = path.as_os_str().to_owned();
        p.push(suffix);
        let p = std::path::PathBuf::from(p);
        match std::fs::metadata(&p) {
            // Group and others lose every right; the owner's are kept (a read-only file
            // stays read-only).
            Ok(m) if m.permissions().mode() & 0o077 != 0 => {
                let owner = m.permissions().mode() & 0o700;
                std::fs::set_permissions(&p, std::fs::Permissions::from_mode(owner))
                    .map_err(refuse)?;
            }
            _ => {}
        }
    }
    Ok(())
}
