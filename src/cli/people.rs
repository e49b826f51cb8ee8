//! `deckhand people`: the people who sign records; PINs from standard input.

use super::*;

pub(super) fn people(config: &Config, db: Option<PathBuf>, action: PeopleCmd) -> Result<()> {
    use crate::rules::table::{Person, Role};
    use crate::terminal::PeopleChange;
    let path = match db {
        Some(p) => p,
        None => config.database_path().map_err(anyhow::Error::msg)?,
    };
    // Listing reads: the journal opened read-only, nothing created, migrated or signed.
    if let PeopleCmd::List = action {
        if !path.exists() {
            bail!("{}: no such database", path.display());
        }
        let conn = crate::store::open_evidence(&path)
            .with_context(|| format!("opening {}", path.display()))?;
        for r in crate::store::Store::list_people_on(&conn)? {
            outln!(
                "{:<10} {:<16} {:<28} {}{}{}",
                r.person.credential,
                r.person.role.name(),
                r.person.name,
                if r.active { "active" } else { "inactive" },
                if r.has_pin { "" } else { ", no PIN" },
                if r.locked { ", LOCKED" } else { "" }
            );
        }
        return Ok(());
    }
    // Only the first administrator makes a database; a mistyped path is not a new terminal.
    if !path.exists() && !matches!(action, PeopleCmd::InitAdmin { .. }) {
        bail!(
            "{}: no such database (people init-admin makes a new one)",
            path.display()
        );
    }
    let store = config
        .open_store(&path)
        .with_context(|| format!("opening {}", path.display()))?;
    let mut term = Terminal::open(store, None)?;
    term.set_pin_policy(config.pin_policy());
    let mut lines = std::io::stdin().lines();
    let mut next_pin = |what: &str| -> Result<String> {
        match lines.next() {
            Some(l) => Ok(l.context("reading standard input")?.trim().to_string()),
            None => bail!("{what}: expected a line on standard input"),
        }
    };
    let role = |r: &str| -> Result<Role> {
        Ok(match r {
            "dealer" => Role::Dealer,
            "floorperson" => Role::Floorperson,
            "supervisor" => Role::Supervisor,
            "administrator" => Role::Administrator,
            other => {
                bail!("--role: `{other}` is not dealer, floorperson, supervisor or administrator")
            }
        })
    };
    let done = match action {
        // Listed above, read-only.
        PeopleCmd::List => return Ok(()),
        PeopleCmd::InitAdmin { name, credential } => {
            let pin = next_pin("PIN")?;
            if next_pin("PIN again")? != pin {
                bail!("the two PINs differ");
            }
            let p = term
                .create_first_administrator(&name, &credential, &pin)
                .map_err(anyhow::Error::msg)?;
            format!("administrator {} ({}) created", p.name, p.credential)
        }
        PeopleCmd::Add {
            actor,
            name,
            credential,
            role: r,
        } => {
            let actor_pin = next_pin("your PIN")?;
            let pin = next_pin("the new person's PIN").unwrap_or_default();
            let person = Person {
                name,
                credential,
                role: role(&r)?,
            };
            term.manage_people(&actor, &actor_pin, PeopleChange::Add { person, pin })
                .map_err(anyhow::Error::msg)?
        }
        PeopleCmd::Deactivate { actor, credential } => {
            let actor_pin = next_pin("your PIN")?;
            term.manage_people(&actor, &actor_pin, PeopleChange::Deactivate { credential })
                .map_err(anyhow::Error::msg)?
        }
        PeopleCmd::ResetPin { actor, credential } => {
            let actor_pin = next_pin("your PIN")?;
            let pin = next_pin("the new PIN")?;
            term.manage_people(
                &actor,
                &actor_pin,
                PeopleChange::ResetPin { credential, pin },
            )
            .map_err(anyhow::Error::msg)?
        }
        PeopleCmd::Unlock { actor, credential } => {
            let actor_pin = next_pin("your PIN")?;
            term.manage_people(
                &actor,
                &actor_pin,
                PeopleChange::ClearLockout { credential },
            )
            .map_err(anyhow::Error::msg)?
        }
    };
    outln!("{done}");
    Ok(())
}
