//! Adopting a journal written before heads were signed (issue 40, item 2). Its rows were never
//! signed, so nothing vouches for them: no start signs them on its own (the writer refuses), and
//! `deckhand adopt-journal` does it only for a supervisor (or the administrator) whose PIN the
//! journal's own people hold, after the chain has been walked. The adoption is journaled, signed
//! by the new key, with what was trusted: the rows, the head as walked, the schema, who.

use super::{Entry, Result, RowContext, Store, StoreError, chain, key_history, open_evidence};
use crate::rules::table::Role;
use std::path::Path;

/// What an adoption trusted, as journaled.
#[derive(Debug, Clone, serde::Serialize)]
pub struct Adopted {
    /// The supervisor or administrator who adopted it.
    pub credential: String,
    pub name: String,
    /// The rows as they were walked, and the head they ended at.
    pub rows: i64,
    pub head_serial: i64,
    pub head_hash: String,
    /// The schema the journal was written with.
    pub schema: i64,
    /// The key that signs from now on.
    pub public_key: String,
}

/// The person `credential` if `pin` is theirs and they may adopt (a supervisor or the
/// administrator), read from the journal without writing (a wrong PIN is not counted: the
/// journal cannot be written until it is adopted).
fn adopter(
    conn: &rusqlite::Connection,
    credential: &str,
    pin: &str,
) -> std::result::Result<(String, Role), String> {
    use argon2::password_hash::{PasswordHash, PasswordVerifier};
    let row: Option<(String, String, Option<String>)> = {
        use rusqlite::OptionalExtension;
        conn.query_row(
            "SELECT name, role, pin_hash FROM people WHERE credential = ?1 AND active = 1",
            [credential],
            |r| Ok((r.get(0)?, r.get(1)?, r.get(2)?)),
        )
        .optional()
        .map_err(|e| format!("the journal's people cannot be read ({e})"))?
    };
    let Some((name, role, hash)) = row else {
        return Err(format!(
            "no active person in this journal has credential number {credential}"
        ));
    };
    let role = super::people::parse_role(&role);
    if !matches!(role, Role::Supervisor | Role::Administrator) {
        return Err(format!(
            "{name} ({credential}) is a {}: only a supervisor or the administrator adopts a journal",
            role.name()
        ));
    }
    let ok = hash
        .as_deref()
        .and_then(|h| PasswordHash::new(h).ok())
        .is_some_and(|h| {
            super::people::argon2()
                .verify_password(pin.as_bytes(), &h)
                .is_ok()
        });
    if !ok {
        return Err(format!("wrong PIN for {credential}"));
    }
    Ok((name, role))
}

impl Store {
    /// Adopts the unsigned journal at `path` for the supervisor `credential` with `pin`: its
    /// chain walked read-only, the supervisor checked against its people, then opened, its head
    /// signed with the key at `key` (made now) and the adoption journaled. Refused, with nothing
    /// written, for a journal that was ever signed (its key file exists: a downgrade), one with
    /// no rows or from a signing version, a broken chain, or a PIN that is not a supervisor's.
    pub fn adopt_unsigned(
        path: &Path,
        key: &Path,
        credential: &str,
        pin: &str,
    ) -> Result<(Store, Adopted)> {
        let refuse = |why: String| StoreError::Invalid(format!("{}: {why}", path.display()));
        let conn = open_evidence(path)?;
        let schema: i64 = conn.query_row("PRAGMA user_version", [], |r| r.get(0))?;
        let (rows, head_hash): (i64, String) = conn.query_row(
            "SELECT COUNT(*), COALESCE((SELECT hash FROM journal ORDER BY serial DESC LIMIT 1), '') FROM journal",
            [],
            |r| Ok((r.get(0)?, r.get(1)?)),
        )?;
        if schema >= 10 {
            return Err(refuse(format!(
                "written by a version that signs its heads (schema {schema}): there is nothing to adopt"
            )));
        }
        if rows == 0 {
            return Err(refuse(
                "no rows: there is nothing to adopt, the terminal opens it as it is".into(),
            ));
        }
        if key.exists() {
            return Err(refuse(format!(
                "this terminal's signing key {} exists, so the journal was signed once and has been made to look older (a downgrade): it is never adopted; restore it from its backup or the central copy",
                key.display()
            )));
        }
        // A row naming a signing key: the journal was signed once, its key file taken away too.
        let keyed: Option<i64> = conn.query_row(
            "SELECT MIN(serial) FROM journal WHERE kind IN (?1, ?2, ?3)",
            [
                key_history::KEY_RECORDED,
                key_history::ADOPTED,
                key_history::KEY_ROTATED,
            ],
            |r| r.get(0),
        )?;
        if let Some(serial) = keyed {
            return Err(refuse(format!(
                "row {serial} records a signing key, so the journal was signed once and has been made to look older (a downgrade): it is never adopted; restore it from its backup or the central copy"
            )));
        }
        // Signs of a journal that was signed once, outside the rows: its recorded key, a head
        // table (neither exists below schema 10 unless put back by hand).
        if super::signing::recorded_key(&conn)?.is_some()
            || conn.query_row(
                "SELECT COUNT(*) > 0 FROM sqlite_master WHERE name = 'signed_head'",
                [],
                |r| r.get::<_, bool>(0),
            )?
        {
            return Err(refuse(
                "it records a signing key or a signed head, so it was signed once and has been made to look older (a downgrade): it is never adopted".into(),
            ));
        }
        let reopen = || open_evidence(path);
        match chain::verify(&conn, &reopen)? {
            super::ChainStatus::Intact { .. } => {}
            super::ChainStatus::Broken { serial, problem } => {
                return Err(refuse(format!(
                    "its chain is broken at row {serial} ({problem}): a changed journal is never adopted"
                )));
            }
        }
        // The person as the journal last recorded them, where it records people: a role or PIN
        // changed in the people table since (which the chain does not cover) adopts nothing. A
        // journal from before people were journaled has only its people table to go by.
        if super::people::people_journaled(&conn)?
            && let Some(changed) = super::people::person_mismatch(&conn, credential.trim())?
        {
            return Err(refuse(changed));
        }
        let (name, _) = adopter(&conn, credential.trim(), pin).map_err(refuse)?;
        let head_serial: i64 =
            conn.query_row("SELECT MAX(serial) FROM journal", [], |r| r.get(0))?;
        drop(conn);
        let mut store = Store::open_inner(path, key, None, true)?;
        let adopted = Adopted {
            credential: credential.trim().to_string(),
            name,
            rows,
            head_serial,
            head_hash,
            schema,
            public_key: store.public_key().to_string(),
        };
        let mut entry = Entry::system(key_history::ADOPTED, &adopted);
        entry.actor_credential = Some(adopted.credential.clone());
        let ctx = RowContext {
            actor_credential: Some(adopted.credential.clone()),
            ..Default::default()
        };
        store.append(&ctx, &[entry])?;
        Ok((store, adopted))
    }
}
