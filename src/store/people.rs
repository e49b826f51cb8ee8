//! People who sign records, with PINs stored only as Argon2id hashes (per-person salt).

use super::{Result, Store, StoreError};
use crate::rules::table::{Person, Role};
use argon2::Argon2;
use argon2::password_hash::{PasswordHash, PasswordHasher, PasswordVerifier, SaltString};
use chrono::Utc;
use rusqlite::{OptionalExtension, params};

fn role_str(r: Role) -> &'static str {
    match r {
        Role::Dealer => "dealer",
        Role::Floorperson => "floorperson",
        Role::Supervisor => "supervisor",
        Role::Administrator => "administrator",
    }
}

fn parse_role(s: &str) -> Role {
    match s {
        "floorperson" => Role::Floorperson,
        "supervisor" => Role::Supervisor,
        "administrator" => Role::Administrator,
        _ => Role::Dealer,
    }
}

/// A PIN is 4 to 8 digits.
pub fn check_pin_shape(pin: &str) -> std::result::Result<(), String> {
    if !(4..=8).contains(&pin.len()) || !pin.chars().all(|c| c.is_ascii_digit()) {
        return Err("a PIN is 4 to 8 digits".into());
    }
    Ok(())
}

pub fn hash_pin(pin: &str) -> Result<String> {
    let mut salt_bytes = [0u8; 16];
    getrandom(&mut salt_bytes);
    let salt = SaltString::encode_b64(&salt_bytes)
        .map_err(|e| StoreError::Invalid(format!("salt: {e}")))?;
    Ok(Argon2::default()
        .hash_password(pin.as_bytes(), &salt)
        .map_err(|e| StoreError::Invalid(format!("hashing the PIN failed: {e}")))?
        .to_string())
}

/// Salt bytes from the operating system's random source.
fn getrandom(buf: &mut [u8]) {
    use std::io::Read;
    if let Ok(mut f) = std::fs::File::open("/dev/urandom")
        && f.read_exact(buf).is_ok()
    {
        return;
    }
    // Fallback: time-derived bytes (still unique per hash; the PIN hash stays salted).
    let t = Utc::now()
        .timestamp_nanos_opt()
        .unwrap_or_default()
        .to_le_bytes();
    for (i, b) in buf.iter_mut().enumerate() {
        *b = t[i % 8] ^ (i as u8).wrapping_mul(37);
    }
}

/// Why a verification was refused. The message is safe to show on the table screen.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum VerifyError {
    #[error("no active person has credential number {0}")]
    Unknown(String),
    #[error("wrong PIN for credential number {0}")]
    WrongPin(String),
}

impl Store {
    /// Adds a person; the credential number must be new.
    pub fn add_person(&mut self, p: &Person, pin: Option<&str>) -> Result<i64> {
        if let Some(pin) = pin {
            check_pin_shape(pin).map_err(StoreError::Invalid)?;
        }
        let hash = pin.map(hash_pin).transpose()?;
        let p = p.clone();
        self.writer.call(move |w| -> Result<i64> {
            w.conn.execute(
                "INSERT INTO people (name, credential, role, pin_hash, active, created_utc)
                 VALUES (?1, ?2, ?3, ?4, 1, ?5)",
                params![
                    p.name,
                    p.credential,
                    role_str(p.role),
                    hash,
                    Utc::now().to_rfc3339()
                ],
            )?;
            Ok(w.conn.last_insert_rowid())
        })?
    }

    pub fn person(&self, credential: &str) -> Result<Option<Person>> {
        Ok(self
            .reader
            .query_row(
                "SELECT name, credential, role FROM people WHERE credential = ?1 AND active = 1",
                [credential],
                |r| {
                    Ok(Person {
                        name: r.get(0)?,
                        credential: r.get(1)?,
                        role: parse_role(&r.get::<_, String>(2)?),
                    })
                },
            )
            .optional()?)
    }

    /// Active people with the given role, by name.
    pub fn people_with_role(&self, role: Role) -> Result<Vec<Person>> {
        let mut stmt = self.reader.prepare(
            "SELECT name, credential, role FROM people WHERE role = ?1 AND active = 1 ORDER BY name",
        )?;
        let rows = stmt.query_map([role_str(role)], |r| {
            Ok(Person {
                name: r.get(0)?,
                credential: r.get(1)?,
                role: parse_role(&r.get::<_, String>(2)?),
            })
        })?;
        Ok(rows.collect::<rusqlite::Result<_>>()?)
    }

    pub fn count_people(&self) -> Result<i64> {
        Ok(self
            .reader
            .query_row("SELECT COUNT(*) FROM people", [], |r| r.get(0))?)
    }

    /// Checks a credential number and PIN. The caller journals failures.
    pub fn verify_pin(
        &self,
        credential: &str,
        pin: &str,
    ) -> Result<std::result::Result<Person, VerifyError>> {
        let row: Option<(String, String, Option<String>)> = self
            .reader
            .query_row(
                "SELECT name, role, pin_hash FROM people WHERE credential = ?1 AND active = 1",
                [credential],
                |r| Ok((r.get(0)?, r.get(1)?, r.get(2)?)),
            )
            .optional()?;
        let Some((name, role, Some(hash))) = row else {
            return Ok(Err(VerifyError::Unknown(credential.to_string())));
        };
        let ok = PasswordHash::new(&hash)
            .map(|h| {
                Argon2::default()
                    .verify_password(pin.as_bytes(), &h)
                    .is_ok()
            })
            .unwrap_or(false);
        Ok(if ok {
            Ok(Person {
                name,
                credential: credential.to_string(),
                role: parse_role(&role),
            })
        } else {
            Err(VerifyError::WrongPin(credential.to_string()))
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn pin_round_trip_and_refusals() {
        let dir = tempfile::tempdir().unwrap();
        let mut s = Store::open(&dir.path().join("p.sqlite")).unwrap();
        let fp = Person {
            name: "Dana Floor".into(),
            credential: "F-100".into(),
            role: Role::Floorperson,
        };
        s.add_person(&fp, Some("2468")).unwrap();
        assert_eq!(s.verify_pin("F-100", "2468").unwrap(), Ok(fp.clone()));
        assert_eq!(
            s.verify_pin("F-100", "1111").unwrap(),
            Err(VerifyError::WrongPin("F-100".into()))
        );
        assert_eq!(
            s.verify_pin("F-999", "2468").unwrap(),
            Err(VerifyError::Unknown("F-999".into()))
        );
        let stored: String = s
            .connection()
            .query_row("SELECT pin_hash FROM people", [], |r| r.get(0))
            .unwrap();
        assert!(stored.starts_with("$argon2id$"), "{stored}");
        assert!(!stored.contains("2468"));
        assert!(
            s.add_person(&fp, Some("2468")).is_err(),
            "credential is unique"
        );
        assert!(s.add_person(&fp, Some("12a4")).is_err(), "PIN shape");
    }
}
