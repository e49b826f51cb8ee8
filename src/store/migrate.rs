//! Migrations: the SQL files in `db/`, applied in order, each in its own transaction.
//! `PRAGMA user_version` holds the number of the last one applied.

use super::{Result, StoreError};
use rusqlite::Connection;

/// (version, file name, SQL). Append new files here; never edit an applied one.
pub const MIGRATIONS: &[(i64, &str, &str)] = &[
    (
        1,
        "db/0001_init.sql",
        include_str!("../../db/0001_init.sql"),
    ),
    (
        2,
        "db/0002_views.sql",
        include_str!("../../db/0002_views.sql"),
    ),
    (
        3,
        "db/0003_progressive.sql",
        include_str!("../../db/0003_progressive.sql"),
    ),
    (
        4,
        "db/0004_pin_attempts.sql",
        include_str!("../../db/0004_pin_attempts.sql"),
    ),
    (
        5,
        "db/0005_review.sql",
        include_str!("../../db/0005_review.sql"),
    ),
    (
        6,
        "db/0006_high_hand.sql",
        include_str!("../../db/0006_high_hand.sql"),
    ),
    (
        7,
        "db/0007_box_counts.sql",
        include_str!("../../db/0007_box_counts.sql"),
    ),
    (
        8,
        "db/0008_rake.sql",
        include_str!("../../db/0008_rake.sql"),
    ),
    (
        9,
        "db/0009_irregularities.sql",
        include_str!("../../db/0009_irregularities.sql"),
    ),
    (
        10,
        "db/0010_signed_head.sql",
        include_str!("../../db/0010_signed_head.sql"),
    ),
    (
        11,
        "db/0011_person_state_index.sql",
        include_str!("../../db/0011_person_state_index.sql"),
    ),
    (
        12,
        "db/0012_journal_hash_unindexed.sql",
        include_str!("../../db/0012_journal_hash_unindexed.sql"),
    ),
];

/// Applies the migrations newer than the database's `user_version`.
pub fn apply(conn: &mut Connection, migrations: &[(i64, &'static str, &str)]) -> Result<()> {
    let current: i64 = conn.query_row("PRAGMA user_version", [], |r| r.get(0))?;
    for (version, file, sql) in migrations {
        if *version <= current {
            continue;
        }
        let tx = conn.transaction()?;
        let run = tx
            .execute_batch(sql)
            .and_then(|_| tx.pragma_update(None, "user_version", version));
        match run {
            Ok(()) => tx.commit()?,
            Err(source) => {
                drop(tx); // rolls back
                return Err(StoreError::Migration { file, source });
            }
        }
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_failing_migration_names_its_file_and_changes_nothing() {
        let mut conn = Connection::open_in_memory().unwrap();
        apply(&mut conn, MIGRATIONS).unwrap();
        let bad: &[(i64, &'static str, &str)] = &[(
            99,
            "db/0099_bad.sql",
            "CREATE TABLE extra (x INTEGER); THIS IS NOT SQL;",
        )];
        let err = apply(&mut conn, bad).unwrap_err();
        assert!(err.to_string().contains("db/0099_bad.sql"), "{err}");
        let v: i64 = conn
            .query_row("PRAGMA user_version", [], |r| r.get(0))
            .unwrap();
        assert_eq!(v, MIGRATIONS.len() as i64);
        let extra: i64 = conn
            .query_row(
                "SELECT COUNT(*) FROM sqlite_master WHERE name = 'extra'",
                [],
                |r| r.get(0),
            )
            .unwrap();
        assert_eq!(extra, 0);
    }
}
