//! People who sign records, with PINs stored only as Argon2id hashes (per-person salt).

use super::{Result, Store, StoreError};
use crate::rules::table::{Person, Role};
use argon2::Argon2;
use argon2::password_hash::{PasswordHasher, SaltString};
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

pub(crate) fn parse_role(s: &str) -> Role {
    match s {
        "floorperson" => Role::Floorperson,
        "supervisor" => Role::Supervisor,
        "administrator" => Role::Administrator,
        _ => Role::Dealer,
    }
}

/// The fewest digits a PIN may have, whatever the configuration says (`[people] min_pin_digits`
/// raises it, never lowers it): a million PINs, each an Argon2id check, against a copy of the
/// hashes.
pub const MIN_PIN_DIGITS: usize = 6;
/// The most digits the keypad takes.
pub const MAX_PIN_DIGITS: usize = 12;

/// A PIN is `min_digits` (at least [`MIN_PIN_DIGITS`]) to [`MAX_PIN_DIGITS`] digits.
pub fn check_pin_shape(pin: &str, min_digits: usize) -> std::result::Result<(), String> {
    let min = min_digits.clamp(MIN_PIN_DIGITS, MAX_PIN_DIGITS);
    if !(min..=MAX_PIN_DIGITS).contains(&pin.len()) || !pin.chars().all(|c| c.is_ascii_digit()) {
        return Err(format!("a PIN is {min} to {MAX_PIN_DIGITS} digits"));
    }
    Ok(())
}

/// Argon2id with OWASP's recommended minimum (Password Storage Cheat Sheet: 19 MiB of memory,
/// 2 passes, 1 lane); docs/people.md gives the measured time of one check. The parameters are
/// written into each hash (PHC string), so a check uses the ones the PIN was hashed with.
pub const ARGON2_MEMORY_KIB: u32 = 19 * 1024;
pub const ARGON2_PASSES: u32 = 2;
pub const ARGON2_LANES: u32 = 1;

pub(crate) fn argon2() -> Argon2<'static> {
    let params = argon2::Params::new(ARGON2_MEMORY_KIB, ARGON2_PASSES, ARGON2_LANES, None)
        .expect("constant Argon2 parameters are valid");
    Argon2::new(argon2::Algorithm::Argon2id, argon2::Version::V0x13, params)
}

/// A new active person with the PIN's hash (on the writer's connection); its row id.
pub(crate) fn insert_person(conn: &rusqlite::Connection, p: &Person, hash: &str) -> Result<i64> {
    conn.execute(
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
    Ok(conn.last_insert_rowid())
}

/// Hashes a PIN with a fresh salt (no shape check: callers check it against their minimum).
pub fn hash_pin(pin: &str) -> Result<String> {
    let mut salt_bytes = [0u8; 16];
    getrandom(&mut salt_bytes);
    let salt = SaltString::encode_b64(&salt_bytes)
        .map_err(|e| StoreError::Invalid(format!("salt: {e}")))?;
    Ok(argon2()
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

/// Why a verification was refused. The message is safe to show on the table screen: it never
/// repeats the PIN.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum VerifyError {
    #[error("no active person has credential number {0}")]
    Unknown(String),
    #[error("credential number {0} has no PIN yet: a shift supervisor sets one")]
    NoPin(String),
    #[error("a PIN is at least {min} digits: a shift supervisor resets a shorter one")]
    TooShort { min: usize },
    #[error(
        "wrong PIN for credential number {credential}; {} before it is locked",
        more_tries(.left)
    )]
    WrongPin { credential: String, left: u32 },
    #[error("credential number {credential}: wait {seconds} s before the next try")]
    TooSoon { credential: String, seconds: i64 },
    #[error(
        "credential number {0} is locked after too many wrong PINs: a supervisor or the administrator clears it, or try again later"
    )]
    LockedOut(String),
}

/// "1 more try", "3 more tries".
fn more_tries(left: &u32) -> String {
    match left {
        1 => "1 more try".into(),
        n => format!("{n} more tries"),
    }
}

/// Wrong PINs: the first is a free retry (a slip of the finger); from the second each failure
/// doubles the wait before the next try; too many lock the credential until a supervisor clears
/// it. Configured in `[people]`.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct PinPolicy {
    /// The fewest digits a new PIN may have (never below [`MIN_PIN_DIGITS`]); a keyed PIN
    /// shorter than this is refused without counting (no PIN that short can be right).
    pub min_digits: usize,
    pub max_failures: u32,
    /// The wait after the second failure in a row; it doubles with each further one.
    pub first_delay_seconds: i64,
    pub max_delay_seconds: i64,
    /// How long a lock-out lasts at first; each wrong PIN after it doubles it, up to
    /// `max_lockout_minutes`. A supervisor or the administrator clears it at once. A lock that
    /// never ended would let anyone at the prompt lock every supervisor out for good.
    pub lockout_minutes: i64,
    pub max_lockout_minutes: i64,
}

impl Default for PinPolicy {
    fn default() -> Self {
        PinPolicy {
            min_digits: MIN_PIN_DIGITS,
            max_failures: 5,
            first_delay_seconds: 2,
            max_delay_seconds: 60,
            lockout_minutes: 15,
            max_lockout_minutes: 60,
        }
    }
}

impl PinPolicy {
    /// Seconds to wait after `failures` wrong PINs in a row.
    /// How long the lock lasts after `failures` wrong PINs in a row (at least `max_failures`).
    pub fn lockout_after(&self, failures: u32) -> chrono::Duration {
        let again = failures.saturating_sub(self.max_failures).min(30);
        let minutes = self
            .lockout_minutes
            .saturating_mul(1i64 << again)
            .min(self.max_lockout_minutes.max(self.lockout_minutes));
        chrono::Duration::minutes(minutes.max(0))
    }

    pub fn wait_after(&self, failures: u32) -> i64 {
        if failures <= 1 {
            return 0;
        }
        let doubled = self
            .first_delay_seconds
            .saturating_mul(1i64 << (failures - 2).min(30));
        doubled.min(self.max_delay_seconds)
    }
}

/// One person as the people screen lists them.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct PersonRecord {
    pub person: Person,
    pub active: bool,
    pub has_pin: bool,
    pub locked: bool,
}

impl Store {
    /// Adds a person with their PIN; the credential number must be new. The PIN is at least
    /// [`MIN_PIN_DIGITS`] digits (the terminal checks the configured minimum before).
    pub fn add_person(&mut self, p: &Person, pin: &str) -> Result<i64> {
        check_pin_shape(pin, MIN_PIN_DIGITS).map_err(StoreError::Invalid)?;
        let hash = hash_pin(pin)?;
        let p = p.clone();
        self.writer
            .call(move |w| -> Result<i64> { insert_person(&w.conn, &p, &hash) })?
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
        Store::people_with_role_on(&self.reader, role)
    }

    /// The active people of `role` by name, as `conn` holds them (a read apart).
    pub fn people_with_role_on(conn: &rusqlite::Connection, role: Role) -> Result<Vec<Person>> {
        let mut stmt = conn.prepare(
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

    /// Checks a credential number and PIN under the policy at time `now`, counting failures.
    /// The caller journals refusals. (On the screen's terminal the check runs apart:
    /// [`Store::check_pin_apart`].)
    pub fn verify_pin_at(
        &self,
        credential: &str,
        pin: &str,
        policy: PinPolicy,
        now: chrono::DateTime<Utc>,
    ) -> Result<std::result::Result<Person, VerifyError>> {
        super::pin_check::verify_pin_on(&self.reader, credential, pin, policy, now, |a| {
            self.writer.call(move |w| a.write(w))?
        })
    }

    /// [`Store::verify_pin_at`] now, under the default policy.
    pub fn verify_pin(
        &self,
        credential: &str,
        pin: &str,
    ) -> Result<std::result::Result<Person, VerifyError>> {
        self.verify_pin_at(credential, pin, PinPolicy::default(), Utc::now())
    }

    /// Everyone, active or not, by role then name.
    pub fn list_people(&self) -> Result<Vec<PersonRecord>> {
        Store::list_people_on(&self.reader)
    }

    /// The people who sign records, as `conn` holds them: the terminal's reader, or an evidence
    /// copy opened read-only (`deckhand people list` never opens the journal for writing).
    pub fn list_people_on(conn: &rusqlite::Connection) -> Result<Vec<PersonRecord>> {
        let mut stmt = conn.prepare(
            "SELECT p.name, p.credential, p.role, p.active, p.pin_hash IS NOT NULL,
                    COALESCE(a.locked, 0)
             FROM people p LEFT JOIN pin_attempts a ON a.credential = p.credential
             ORDER BY p.role, p.name",
        )?;
        let rows = stmt.query_map([], |r| {
            Ok(PersonRecord {
                person: Person {
                    name: r.get(0)?,
                    credential: r.get(1)?,
                    role: parse_role(&r.get::<_, String>(2)?),
                },
                active: r.get::<_, i64>(3)? == 1,
                has_pin: r.get(4)?,
                locked: r.get::<_, i64>(5)? == 1,
            })
        })?;
        Ok(rows.collect::<rusqlite::Result<_>>()?)
    }

    /// Deactivates a person; the row stays, so records keep pointing at them.
    pub fn deactivate_person(&mut self, credential: &str) -> Result<()> {
        let cred = credential.to_string();
        let n = self.writer.call(move |w| -> Result<usize> {
            Ok(w.conn.execute(
                "UPDATE people SET active = 0 WHERE credential = ?1 AND active = 1",
                [&cred],
            )?)
        })??;
        if n == 0 {
            return Err(StoreError::Invalid(format!(
                "no active person has credential number {credential}"
            )));
        }
        Ok(())
    }

    /// Sets a new PIN and clears any lock-out.
    pub fn reset_pin(&mut self, credential: &str, pin: &str) -> Result<()> {
        check_pin_shape(pin, MIN_PIN_DIGITS).map_err(StoreError::Invalid)?;
        let hash = hash_pin(pin)?;
        let cred = credential.to_string();
        let n = self.writer.call(move |w| -> Result<usize> {
            let tx = w.conn.transaction()?;
            let n = tx.execute(
                "UPDATE people SET pin_hash = ?2 WHERE credential = ?1 AND active = 1",
                params![cred, hash],
            )?;
            tx.execute("DELETE FROM pin_attempts WHERE credential = ?1", [&cred])?;
            tx.commit()?;
            Ok(n)
        })??;
        if n == 0 {
            return Err(StoreError::Invalid(format!(
                "no active person has credential number {credential}"
            )));
        }
        Ok(())
    }

    /// Clears a PIN lock-out and the failure count.
    pub fn clear_lockout(&mut self, credential: &str) -> Result<bool> {
        let cred = credential.to_string();
        self.writer.call(move |w| -> Result<bool> {
            Ok(w.conn
                .execute("DELETE FROM pin_attempts WHERE credential = ?1", [&cred])?
                > 0)
        })?
    }
}

/// A person as the people table holds them, in the form every people row of the journal
/// carries (`"state"`): name, credential, role, active, and a digest of the PIN hash (never the
/// hash itself). The people table is checked against the last such row of each person.
pub fn person_state(
    conn: &rusqlite::Connection,
    credential: &str,
) -> Result<Option<serde_json::Value>> {
    Ok(conn
        .query_row(
            "SELECT name, credential, role, active, pin_hash FROM people WHERE credential = ?1",
            [credential],
            |r| {
                let pin: Option<String> = r.get(4)?;
                Ok(serde_json::json!({
                    "name": r.get::<_, String>(0)?,
                    "credential": r.get::<_, String>(1)?,
                    "role": r.get::<_, String>(2)?,
                    "active": r.get::<_, i64>(3)? == 1,
                    "pin": pin.map(|h| {
                        use sha2::Digest;
                        hex::encode(&sha2::Sha256::digest(h.as_bytes())[..16])
                    }),
                }))
            },
        )
        .optional()?)
}

/// The state the journal last recorded for a person, with its serial.
pub fn journaled_state(
    conn: &rusqlite::Connection,
    credential: &str,
) -> Result<Option<(i64, serde_json::Value)>> {
    let row: Option<(i64, String)> = conn
        .query_row(
            "SELECT serial, json_extract(payload, '$.state') FROM journal
             WHERE json_extract(payload, '$.state.credential') = ?1
             ORDER BY serial DESC LIMIT 1",
            [credential],
            |r| Ok((r.get(0)?, r.get(1)?)),
        )
        .optional()?;
    Ok(row.and_then(|(serial, s)| serde_json::from_str(&s).ok().map(|v| (serial, v))))
}

/// Whether the journal records people at all (a database from before people rows carried
/// their state has none: the terminal records everyone once when it first opens it).
pub fn people_journaled(conn: &rusqlite::Connection) -> Result<bool> {
    Ok(conn.query_row(
        "SELECT EXISTS (SELECT 1 FROM journal WHERE kind IN ('person_added', 'administrator_created', 'people_recorded') AND json_extract(payload, '$.state') IS NOT NULL)",
        [],
        |r| r.get(0),
    )?)
}

/// How the people table differs from the journal for one person, in words; `None` when it
/// does not.
pub fn person_mismatch(conn: &rusqlite::Connection, credential: &str) -> Result<Option<String>> {
    let Some(now) = person_state(conn, credential)? else {
        return Ok(None);
    };
    let Some((serial, was)) = journaled_state(conn, credential)? else {
        return Ok(Some(format!(
            "{credential} is in the people table but no journal row records them"
        )));
    };
    if now == was {
        return Ok(None);
    }
    let differs: Vec<String> = ["name", "role", "active", "pin"]
        .iter()
        .filter(|k| now[**k] != was[**k])
        .map(|k| match *k {
            "pin" => "the PIN".to_string(),
            k => format!(
                "{k} {} in the people table, {} in the journal",
                now[k], was[k]
            ),
        })
        .collect();
    Ok(Some(format!(
        "{credential}: {} (journal row {serial}): the people table was changed outside the terminal",
        differs.join("; ")
    )))
}

/// Every person whose people-table row differs from the journal, in words.
pub fn people_mismatches(conn: &rusqlite::Connection) -> Result<Vec<String>> {
    if !people_journaled(conn)? {
        return Ok(Vec::new());
    }
    let credentials: Vec<String> = conn
        .prepare("SELECT credential FROM people ORDER BY credential")?
        .query_map([], |r| r.get(0))?
        .collect::<rusqlite::Result<_>>()?;
    let mut out = Vec::new();
    for c in credentials {
        if let Some(m) = person_mismatch(conn, &c)? {
            out.push(m);
        }
    }
    Ok(out)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn wrong_pins_wait_longer_then_lock_until_cleared() {
        let dir = tempfile::tempdir().unwrap();
        let mut s = Store::open(&dir.path().join("p.sqlite")).unwrap();
        let fp = Person {
            name: "Dana".into(),
            credential: "1001".into(),
            role: Role::Floorperson,
        };
        s.add_person(&fp, "246810").unwrap();
        let policy = PinPolicy {
            min_digits: 6,
            max_failures: 4,
            first_delay_seconds: 2,
            max_delay_seconds: 60,
            lockout_minutes: 15,
            max_lockout_minutes: 60,
        };
        assert_eq!(
            (0..7).map(|n| policy.wait_after(n)).collect::<Vec<_>>(),
            vec![0, 0, 2, 4, 8, 16, 32]
        );
        let t0 = Utc::now();
        let at = |secs: i64| t0 + chrono::Duration::seconds(secs);
        let v = |s: &Store, pin: &str, t| s.verify_pin_at("1001", pin, policy, t).unwrap();
        assert!(matches!(
            v(&s, "000000", at(0)),
            Err(VerifyError::WrongPin { left: 3, .. })
        ));
        // The first slip costs nothing: the right PIN at once is accepted and resets the count.
        assert_eq!(v(&s, "246810", at(0)), Ok(fp.clone()));
        assert!(matches!(
            v(&s, "000000", at(1)),
            Err(VerifyError::WrongPin { left: 3, .. })
        ));
        assert!(matches!(
            v(&s, "000000", at(1)),
            Err(VerifyError::WrongPin { left: 2, .. })
        ));
        // Two in a row: two seconds to wait, even for the right PIN, and it is not a failure.
        assert_eq!(
            v(&s, "246810", at(2)),
            Err(VerifyError::TooSoon {
                credential: "1001".into(),
                seconds: 1
            })
        );
        assert!(matches!(
            v(&s, "000000", at(3)),
            Err(VerifyError::WrongPin { left: 1, .. })
        ));
        assert!(matches!(
            v(&s, "000000", at(5)),
            Err(VerifyError::TooSoon { seconds: 2, .. })
        ));
        // The fourth failure locks the credential; the right PIN no longer helps.
        assert_eq!(
            v(&s, "000000", at(8)),
            Err(VerifyError::LockedOut("1001".into()))
        );
        assert_eq!(
            v(&s, "246810", at(8 + 899)),
            Err(VerifyError::LockedOut("1001".into()))
        );
        assert!(s.list_people().unwrap()[0].locked);
        // The lock ends after 15 minutes: one more try; a wrong one locks again for twice as
        // long, capped at an hour (nobody at the prompt locks a supervisor out for good).
        assert_eq!(
            v(&s, "000000", at(8 + 900)),
            Err(VerifyError::LockedOut("1001".into()))
        );
        assert_eq!(
            v(&s, "246810", at(908 + 1799)),
            Err(VerifyError::LockedOut("1001".into()))
        );
        assert_eq!(
            policy.lockout_after(9),
            chrono::Duration::minutes(60),
            "capped"
        );
        // A supervisor clears it at once.
        assert!(s.clear_lockout("1001").unwrap());
        assert_eq!(v(&s, "246810", at(908 + 1)), Ok(fp.clone()));
        // Locked again and left alone, it clears itself.
        for k in 0..4 {
            let _ = v(&s, "000000", at(2000 + 100 * k));
        }
        assert_eq!(
            v(&s, "246810", at(2300 + 60)),
            Err(VerifyError::LockedOut("1001".into()))
        );
        assert_eq!(v(&s, "246810", at(2300 + 15 * 60)), Ok(fp.clone()));
        // A reset PIN replaces the old one; deactivation refuses the person but keeps the row.
        s.reset_pin("1001", "975310").unwrap();
        assert!(matches!(
            v(&s, "246810", at(3700)),
            Err(VerifyError::WrongPin { .. })
        ));
        assert_eq!(v(&s, "975310", at(3700)), Ok(fp.clone()));
        s.deactivate_person("1001").unwrap();
        assert_eq!(
            v(&s, "975310", at(3800)),
            Err(VerifyError::Unknown("1001".into()))
        );
        assert!(s.deactivate_person("1001").is_err());
        let all = s.list_people().unwrap();
        assert_eq!(all.len(), 1);
        assert!(!all[0].active);
        assert!(
            s.connection().execute("DELETE FROM people", []).is_err(),
            "people are never deleted"
        );
    }

    #[test]
    fn pin_round_trip_and_refusals() {
        let dir = tempfile::tempdir().unwrap();
        let mut s = Store::open(&dir.path().join("p.sqlite")).unwrap();
        let fp = Person {
            name: "Dana Floor".into(),
            credential: "F-100".into(),
            role: Role::Floorperson,
        };
        s.add_person(&fp, "246810").unwrap();
        assert_eq!(s.verify_pin("F-100", "246810").unwrap(), Ok(fp.clone()));
        assert_eq!(
            s.verify_pin("F-100", "111111").unwrap(),
            Err(VerifyError::WrongPin {
                credential: "F-100".into(),
                left: 4
            })
        );
        assert_eq!(
            s.verify_pin("F-999", "246810").unwrap(),
            Err(VerifyError::Unknown("F-999".into()))
        );
        let stored: String = s
            .connection()
            .query_row("SELECT pin_hash FROM people", [], |r| r.get(0))
            .unwrap();
        assert!(stored.starts_with("$argon2id$"), "{stored}");
        assert!(!stored.contains("246810"));
        assert!(s.add_person(&fp, "246810").is_err(), "credential is unique");
        assert!(s.add_person(&fp, "12a456").is_err(), "PIN shape");
        let other = Person {
            credential: "F-101".into(),
            ..fp.clone()
        };
        let e = s.add_person(&other, "24681").unwrap_err().to_string();
        assert!(e.contains("a PIN is 6 to 12 digits"), "{e}");
        assert!(s.add_person(&other, "1234567890123").is_err(), "13 digits");
        // OWASP's minimum for Argon2id, written into the hash.
        assert!(stored.contains("$v=19$m=19456,t=2,p=1$"), "{stored}");
        // A keyed PIN shorter than the minimum is refused without a try counted.
        assert_eq!(
            s.verify_pin("F-100", "2468").unwrap(),
            Err(VerifyError::TooShort { min: 6 })
        );
        let strict = PinPolicy {
            min_digits: 8,
            ..PinPolicy::default()
        };
        assert_eq!(
            s.verify_pin_at("F-100", "246810", strict, Utc::now())
                .unwrap(),
            Err(VerifyError::TooShort { min: 8 })
        );
        assert_eq!(
            check_pin_shape("246810", 8),
            Err("a PIN is 8 to 12 digits".into())
        );
        assert_eq!(check_pin_shape("246810", 2), Ok(()), "never below six");
        assert!(check_pin_shape("24681", 2).is_err());
        // The right PIN after those: nothing was counted (the one wrong PIN above is forgiven).
        assert_eq!(s.verify_pin("F-100", "246810").unwrap(), Ok(fp.clone()));
        // A person from before PINs were required for everyone.
        rusqlite::Connection::open(dir.path().join("p.sqlite"))
            .unwrap()
            .execute(
                "INSERT INTO people (name, credential, role, pin_hash, active, created_utc)
                 VALUES ('Old Dealer', 'D-1', 'dealer', NULL, 1, '2026-01-01T00:00:00Z')",
                [],
            )
            .unwrap();
        assert_eq!(
            s.verify_pin("D-1", "246810").unwrap(),
            Err(VerifyError::NoPin("D-1".into()))
        );
    }
}
