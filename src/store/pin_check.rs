//! A credential number and PIN checked under the PIN policy: on the caller's connection
//! ([`Store::verify_pin_at`], the command line), or apart on a thread of its own
//! ([`Store::check_pin_apart`], the terminal's screen): an Argon2id check takes tens of
//! milliseconds (docs/benchmarks.md), which the screen's thread never waits for.

use super::people::{PinPolicy, VerifyError, argon2, parse_role, person_mismatch};
use super::writer::WriterState;
use super::{Result, Store};
use crate::rules::table::Person;
use argon2::password_hash::{PasswordHash, PasswordVerifier};
use chrono::Utc;
use rusqlite::{OptionalExtension, params};

/// What a check writes of a credential's wrong PINs (on the writer's thread).
pub(crate) enum AttemptWrite {
    /// The right PIN after wrong ones: the count starts again.
    Clear(String),
    /// One more wrong PIN, when, and whether the credential is now locked.
    Failed {
        credential: String,
        failures: u32,
        stamp: String,
        lock: bool,
    },
}

impl AttemptWrite {
    pub(crate) fn write(self, w: &mut WriterState) -> Result<()> {
        match self {
            AttemptWrite::Clear(credential) => {
                w.conn.execute(
                    "DELETE FROM pin_attempts WHERE credential = ?1",
                    [&credential],
                )?;
            }
            AttemptWrite::Failed {
                credential,
                failures,
                stamp,
                lock,
            } => {
                w.conn.execute(
                    "INSERT INTO pin_attempts (credential, failures, last_failure_utc, locked)
                     VALUES (?1, ?2, ?3, ?4)
                     ON CONFLICT(credential) DO UPDATE SET failures = ?2, last_failure_utc = ?3, locked = ?4",
                    params![credential, failures, stamp, lock as i64],
                )?;
            }
        }
        Ok(())
    }
}

/// Checks a credential number and PIN under the policy at time `now`, reading `reader` and
/// counting failures through `write`. The caller journals refusals.
pub(crate) fn verify_pin_on(
    reader: &rusqlite::Connection,
    credential: &str,
    pin: &str,
    policy: PinPolicy,
    now: chrono::DateTime<Utc>,
    write: impl Fn(AttemptWrite) -> Result<()>,
) -> Result<std::result::Result<Person, VerifyError>> {
    let row: Option<(String, String, Option<String>)> = reader
        .query_row(
            "SELECT name, role, pin_hash FROM people WHERE credential = ?1 AND active = 1",
            [credential],
            |r| Ok((r.get(0)?, r.get(1)?, r.get(2)?)),
        )
        .optional()?;
    let Some((name, role, hash)) = row else {
        return Ok(Err(VerifyError::Unknown(credential.to_string())));
    };
    let Some(hash) = hash else {
        return Ok(Err(VerifyError::NoPin(credential.to_string())));
    };
    let attempts: Option<(u32, Option<String>, bool)> = reader
        .query_row(
            "SELECT failures, last_failure_utc, locked FROM pin_attempts WHERE credential = ?1",
            [credential],
            |r| Ok((r.get(0)?, r.get(1)?, r.get::<_, i64>(2)? == 1)),
        )
        .optional()?;
    let (failures, last, locked) = attempts.unwrap_or((0, None, false));
    let last = last
        .and_then(|l| chrono::DateTime::parse_from_rfc3339(&l).ok())
        .map(|l| l.with_timezone(&Utc));
    // A lock lasts its time (growing with each wrong PIN after it), then one more try.
    if locked {
        let until = last.map(|l| l + policy.lockout_after(failures));
        if until.is_none_or(|u| now < u) {
            return Ok(Err(VerifyError::LockedOut(credential.to_string())));
        }
    } else if let Some(last) = last {
        let ready = last + chrono::Duration::seconds(policy.wait_after(failures));
        if now < ready {
            let seconds = ((ready - now).num_milliseconds() + 999).div_euclid(1000);
            return Ok(Err(VerifyError::TooSoon {
                credential: credential.to_string(),
                seconds,
            }));
        }
    }
    // No PIN that short was ever set under this policy: refused without a try counted.
    let min = policy.min_digits.max(super::people::MIN_PIN_DIGITS);
    if pin.len() < min {
        return Ok(Err(VerifyError::TooShort { min }));
    }
    let ok = PasswordHash::new(&hash)
        .map(|h| argon2().verify_password(pin.as_bytes(), &h).is_ok())
        .unwrap_or(false);
    if ok {
        if failures > 0 {
            write(AttemptWrite::Clear(credential.to_string()))?;
        }
        return Ok(Ok(Person {
            name,
            credential: credential.to_string(),
            role: parse_role(&role),
        }));
    }
    let failures = failures + 1;
    let lock = failures >= policy.max_failures;
    write(AttemptWrite::Failed {
        credential: credential.to_string(),
        failures,
        stamp: now.to_rfc3339(),
        lock,
    })?;
    Ok(Err(if lock {
        VerifyError::LockedOut(credential.to_string())
    } else {
        VerifyError::WrongPin {
            credential: credential.to_string(),
            left: policy.max_failures - failures,
        }
    }))
}

/// What a check apart found.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum PinChecked {
    /// The people record of the credential does not match the journal (why): no PIN was tried.
    Mismatch(String),
    /// The PIN's verdict under the policy.
    Verdict(std::result::Result<Person, VerifyError>),
}

/// A check running apart; its answer is taken once.
pub type PinCheck = super::apart::Apart<PinChecked>;

impl Store {
    /// Checks a credential number and PIN on a thread of its own, on its own reading
    /// connection, with the failures counted through the writer: the people record matched
    /// against the journal first, then the PIN under `policy` at `now`. `wake` is called once
    /// the answer is ready (the screen's repaint).
    pub fn check_pin_apart(
        &self,
        credential: &str,
        pin: &str,
        policy: PinPolicy,
        now: chrono::DateTime<Utc>,
        wake: Box<dyn Fn() + Send>,
    ) -> PinCheck {
        let writer = self.writer.caller();
        let (credential, pin) = (credential.to_string(), pin.to_string());
        self.read_apart(
            "pin-check",
            move |conn| {
                if let Some(why) = person_mismatch(conn, &credential)? {
                    return Ok(PinChecked::Mismatch(why));
                }
                let verdict = verify_pin_on(conn, &credential, &pin, policy, now, |a| {
                    writer.call(move |w| a.write(w))?
                })?;
                Ok(PinChecked::Verdict(verdict))
            },
            wake,
        )
    }

    /// The first administrator added apart (the first start's screen): the PIN hashed on a
    /// thread of its own, the row written by the writer only while nobody exists (the count
    /// and the insert one step on the writer's thread), then read back as the journal records
    /// people (`"state"`). `wake` is called once it has answered.
    pub fn add_first_administrator_apart(
        &self,
        p: &Person,
        pin: &str,
        wake: Box<dyn Fn() + Send>,
    ) -> super::apart::Apart<serde_json::Value> {
        let writer = self.writer.caller();
        let (p, pin) = (p.clone(), pin.to_string());
        let credential = p.credential.clone();
        self.read_apart(
            "first-administrator",
            move |conn| {
                let hash = super::people::hash_pin(&pin)?;
                writer.call(move |w| -> Result<i64> {
                    let people: i64 = w
                        .conn
                        .query_row("SELECT COUNT(*) FROM people", [], |r| r.get(0))?;
                    if people > 0 {
                        return Err(super::StoreError::Invalid(
                            "people already exist: an administrator adds people".into(),
                        ));
                    }
                    super::people::insert_person(&w.conn, &p, &hash)
                })??;
                Ok(super::people::person_state(conn, &credential)?.unwrap_or_default())
            },
            wake,
        )
    }
}
