//! `deckhand adopt-journal` and `deckhand rotate-key`: the two deliberate acts on a journal's
//! signing (issue 40, items 1 and 2), each a supervisor's, each journaled with what it did. The
//! supervisor's PIN is read from standard input.

use super::*;

fn pin_from_stdin() -> Result<String> {
    match std::io::stdin().lines().next() {
        Some(l) => Ok(l.context("reading standard input")?.trim().to_string()),
        None => bail!("your PIN: expected a line on standard input"),
    }
}

fn journal_path(config: &Config, db: Option<PathBuf>) -> Result<PathBuf> {
    let path = match db {
        Some(p) => p,
        None => config.database_path().map_err(anyhow::Error::msg)?,
    };
    if !path.exists() {
        bail!("{}: no such database", path.display());
    }
    Ok(path)
}

/// Adopts a journal written before heads were signed: walked, the supervisor checked against
/// its people, its head signed and the adoption journaled.
pub(super) fn adopt(config: &Config, db: Option<PathBuf>, actor: &str) -> Result<()> {
    let path = journal_path(config, db)?;
    let pin = pin_from_stdin()?;
    let key = config.signing_key_path(&path);
    let (store, adopted) = Store::adopt_unsigned(&path, &key, actor, &pin)?;
    outln!(
        "adopted by {} ({}): {} rows as walked, head at serial {} ({}), schema {}; signed from now on by key {} ({})",
        adopted.name,
        adopted.credential,
        adopted.rows,
        adopted.head_serial,
        adopted.head_hash,
        adopted.schema,
        crate::store::signing::fingerprint(&adopted.public_key),
        key.display()
    );
    drop(store);
    Ok(())
}

/// Rotates the terminal's signing key, with the terminal stopped: the supervisor checked (a
/// wrong PIN counts as at the screen), the rotation journaled and endorsed by the old key, the
/// new key file moved into place, and the journal opened again with it to prove it.
pub(super) fn rotate(config: &Config, db: Option<PathBuf>, actor: &str) -> Result<()> {
    use crate::rules::table::Role;
    let path = journal_path(config, db)?;
    let pin = pin_from_stdin()?;
    let key = config.signing_key_path(&path);
    {
        let store = config
            .open_store(&path)
            .with_context(|| format!("opening {}", path.display()))?;
        let mut term = Terminal::open(store, None)?;
        term.set_pin_policy(config.pin_policy());
        let person = term
            .check_pin(actor.trim(), &pin)
            .map_err(anyhow::Error::msg)?;
        if !matches!(person.role, Role::Supervisor | Role::Administrator) {
            bail!(
                "{} ({}) is a {}: only a supervisor or the administrator rotates the signing key",
                person.name,
                person.credential,
                person.role.name()
            );
        }
    }
    let store = config
        .open_store(&path)
        .with_context(|| format!("opening {}", path.display()))?;
    // The whole chain walked before the old key signs anything more onto it.
    store.check_chain(Box::new(|| {})).wait_intact()?;
    let rotated = store.rotate_key(&key, actor.trim())?;
    // Opened again with the new key: the journal and the key file agree.
    let store = config
        .open_store(&path)
        .with_context(|| format!("opening {} with the new key", path.display()))?;
    outln!(
        "key rotated at row {} by {}: from {} to {}; {} now holds the new key",
        rotated.serial,
        rotated.credential,
        crate::store::signing::fingerprint(&rotated.from),
        crate::store::signing::fingerprint(&rotated.to),
        key.display()
    );
    drop(store);
    Ok(())
}
