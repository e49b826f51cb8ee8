//! `deckhand verify-log`: walk the journal's hash chain and report the first broken row; with
//! `--replay`, also rebuild the table from every row and recompute each recorded settlement and
//! pot, naming the first row that diverges.

use super::*;

pub(super) fn run(
    config: &Config,
    db: Option<PathBuf>,
    replay: bool,
    known_key: Option<String>,
) -> Result<()> {
    let path = match db {
        Some(p) => p,
        None => config.database_path().map_err(anyhow::Error::msg)?,
    };
    if !path.exists() {
        bail!("{}: no such database", path.display());
    }
    let key = config.signing_key_path(&path);
    let status = Store::verify_file_with_key(&path, &key)?;
    outln!("{status}");
    if matches!(status, ChainStatus::Intact { .. }) {
        let conn = crate::store::open_evidence(&path)?;
        let head = crate::store::signing::read_head(&conn)?;
        let terminal: String = conn
            .query_row(
                "SELECT value FROM meta WHERE key = 'terminal_id'",
                [],
                |r| r.get(0),
            )
            .unwrap_or_default();
        // The keys the journal's own rows name (checked with the head above).
        let history = crate::store::key_history::read(&conn, &terminal)?
            .ok()
            .flatten();
        // The key known apart from the file: the head must be its, or the journal is not the
        // terminal's as it was signed (a key file and a journal rewritten together).
        if let Some(given) = &known_key {
            match &head {
                Some(h) if crate::store::signing::names_key(given, &h.public_key) => {
                    outln!("key: the head is signed by the key given ({given})");
                }
                // A key rotated since: the key given is one the journal's rows name, and each
                // rotation after it is endorsed by the key before it.
                Some(_) if history.as_ref().is_some_and(|k| k.names(given)) => {
                    outln!(
                        "key: the key given ({given}) is one of the journal's keys; each rotation since is endorsed by the key before it"
                    );
                }
                Some(h) => {
                    outln!(
                        "KEY MISMATCH: the head is signed by key {}, not by the key given {}: the journal and its key were replaced",
                        crate::store::signing::fingerprint(&h.public_key),
                        crate::store::signing::fingerprint(given.trim())
                    );
                    std::process::exit(1);
                }
                None => {
                    outln!(
                        "KEY MISMATCH: the key {} was given, but the journal has no signed head",
                        crate::store::signing::fingerprint(given.trim())
                    );
                    std::process::exit(1);
                }
            }
        }
        if let Some(k) = &history {
            outln!(
                "key recorded at row {} ({}){}",
                k.first.0,
                crate::store::signing::fingerprint(&k.first.1),
                k.rotations
                    .iter()
                    .map(|(s, to)| format!(
                        ", rotated at row {s} to {}",
                        crate::store::signing::fingerprint(to)
                    ))
                    .collect::<String>()
            );
        }
        match head {
            Some(h) => outln!(
                "signed head at serial {}, key {} ({})",
                h.serial,
                h.public_key,
                if key.exists() {
                    format!("checked against {}", key.display())
                } else {
                    "no key file here: checked against the key the database records".into()
                }
            ),
            // An unsigned journal beside its terminal's signing key was signed once: its head,
            // recorded key and schema version were taken away (a downgrade).
            None if key.exists() => {
                outln!(
                    "DOWNGRADED: no signed head, but this terminal's signing key {} exists: the journal was signed and its head was taken away",
                    key.display()
                );
                std::process::exit(1);
            }
            None if history.is_some() => {
                outln!(
                    "DOWNGRADED: no signed head, but the journal's rows record a signing key: the journal was signed and its head was taken away"
                );
                std::process::exit(1);
            }
            None => outln!("unsigned: written before heads were signed"),
        }
        // The people who sign records, against what the journal last recorded of each.
        let mismatches = crate::store::people::people_mismatches(&conn)?;
        if mismatches.is_empty() {
            outln!("people: as the journal records them");
        } else {
            for m in &mismatches {
                outln!("people: {m}");
            }
            std::process::exit(1);
        }
    }
    let mut failed = matches!(status, ChainStatus::Broken { .. });
    if replay {
        let report = crate::store::replay::replay_file(&path)?;
        outln!("{report}");
        failed |= report.divergence.is_some();
    }
    if failed {
        std::process::exit(1);
    }
    Ok(())
}
