//! The store's promises, checked against real SQLite files: upgrade from an earlier schema,
//! corrections, the supervisor views, and tampering with the sqlite3 command-line tool found by
//! `deckhand verify-log` at the right row.

use crate::common;
use deckhand::rules::table::{Event, Person, Role};
use deckhand::store::migrate::{self, MIGRATIONS};
use deckhand::store::{ChainStatus, Entry, GENESIS, INSERT_SQL, JournalRow, RowContext, Store};
use rusqlite::Connection;
use std::process::Command;

fn ctx() -> RowContext {
    crate::common::table_ctx()
}

#[test]
fn a_schema_1_database_upgrades_with_its_rows_and_chain() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("v1.sqlite");
    {
        // A database written by the first release: schema 1 only, rows chained by hand.
        let mut conn = Connection::open(&path).unwrap();
        migrate::apply(&mut conn, &MIGRATIONS[..1]).unwrap();
        common::old_rows(
            &conn,
            "table",
            &[
                ("table_opened", r#"{"kind":"table_opened"}"#.into()),
                (
                    "deck_counted",
                    r#"{"colour":"Red","correct":false,"counted":51,"deck":0,"expected":52,"kind":"deck_counted"}"#.into(),
                ),
            ],
        );
        common::old_supervisor(&conn);
    }
    // No start signs rows nothing vouched for: a supervisor adopts the journal.
    let refused = Store::open(&path).err().unwrap().to_string();
    assert!(refused.contains("adopt-journal"), "{refused}");
    let mut store = common::adopt(&path);
    let version: i64 = store
        .connection()
        .query_row("PRAGMA user_version", [], |r| r.get(0))
        .unwrap();
    assert_eq!(version, MIGRATIONS.len() as i64);
    // The two rows as they were, then the adoption.
    assert!(matches!(
        store.verify_chain().unwrap(),
        ChainStatus::Intact { rows: 3, .. }
    ));
    // The new views read the old rows.
    let counted: i64 = store
        .connection()
        .query_row(
            "SELECT counted FROM deck_counts WHERE colour = 'Red'",
            [],
            |r| r.get(0),
        )
        .unwrap();
    assert_eq!(counted, 51);
    // And the journal goes on from where it was.
    let rows = store
        .append(&ctx(), &[Entry::system("after_upgrade", 1)])
        .unwrap();
    assert_eq!(rows[0].serial, 4);
    assert!(matches!(
        store.verify_chain().unwrap(),
        ChainStatus::Intact { rows: 4, .. }
    ));
}

/// Every earlier schema, not only the first, upgrades to the current one with its rows, its
/// chain, and every view of the newest schema readable.
#[test]
fn every_earlier_schema_upgrades() {
    let mut fresh = Connection::open_in_memory().unwrap();
    migrate::apply(&mut fresh, MIGRATIONS).unwrap();
    let schema = journal_schema(&fresh);
    assert!(
        schema
            .iter()
            .all(|(t, n, _)| !(t == "index" && n.starts_with("sqlite_autoindex"))),
        "no index on the hash: {schema:?}"
    );
    assert_eq!(schema.iter().filter(|(t, ..)| t == "index").count(), 7);
    for k in 1..MIGRATIONS.len() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join(format!("v{k}.sqlite"));
        {
            let mut conn = Connection::open(&path).unwrap();
            migrate::apply(&mut conn, &MIGRATIONS[..k]).unwrap();
            let mut row = JournalRow {
                serial: 1,
                terminal_id: "T-old".into(),
                ts_utc: "2026-01-01T00:00:00.000000Z".into(),
                mono_ns: 1,
                session: 1,
                stream: "table".into(),
                table_no: Some(3),
                dealer_credential: Some("20417".into()),
                actor_credential: None,
                kind: "pot_awarded".into(),
                payload: r#"{"awards":[[1,540]],"kind":"pot_awarded","number":1,"pot":600}"#.into(),
                prev_hash: GENESIS.to_string(),
                hash: String::new(),
            };
            row.hash = row.compute_hash();
            row.insert(&mut conn.prepare(INSERT_SQL).unwrap()).unwrap();
            if k >= 10 {
                // A version that signs heads signed this row's head as it wrote it.
                conn.execute(
                    "INSERT INTO meta (key, value) VALUES ('terminal_id', 'T-old')",
                    [],
                )
                .unwrap();
                drop(conn);
                common::resign_head(&path);
            } else {
                common::old_supervisor(&conn);
            }
        }
        // A journal from before signed heads is adopted by a supervisor, one signed opens.
        let adopted = k < 10;
        let mut store = if adopted {
            common::adopt(&path)
        } else {
            Store::open(&path).unwrap()
        };
        let version: i64 = store
            .connection()
            .query_row("PRAGMA user_version", [], |r| r.get(0))
            .unwrap();
        assert_eq!(version, MIGRATIONS.len() as i64, "from schema {k}");
        for view in [
            "deck_counts",
            "progressive_events",
            "people_changes",
            "high_hand_slips",
            "box_counts",
            "time_charges",
            "rake_collected",
            "jackpot_contributions",
            "deck_receipts",
            "documents_printed",
        ] {
            let n: i64 = store
                .connection()
                .query_row(&format!("SELECT COUNT(*) FROM {view}"), [], |r| r.get(0))
                .unwrap();
            assert!(n >= 0, "{view} from schema {k}");
        }
        // An old pot row (no take) reads as no rake.
        let rake: Option<i64> = store
            .connection()
            .query_row("SELECT rake_cents FROM rake_collected", [], |r| r.get(0))
            .unwrap();
        assert_eq!(rake, None, "from schema {k}");
        store
            .append(&ctx(), &[Entry::system("after_upgrade", 1)])
            .unwrap();
        let expected = if adopted { 3 } else { 2 };
        assert!(
            matches!(
                store.verify_chain().unwrap(),
                ChainStatus::Intact { rows, .. } if rows == expected
            ),
            "from schema {k}"
        );
        // The journal's indexes and append-only triggers are those of a journal made new.
        assert_eq!(
            journal_schema(store.connection()),
            journal_schema(&fresh),
            "from schema {k}"
        );
        let raw = Connection::open(&path).unwrap();
        for sql in [
            "UPDATE journal SET kind = 'x' WHERE serial = 1",
            "DELETE FROM journal WHERE serial = 1",
        ] {
            let err = raw.execute(sql, []).unwrap_err().to_string();
            assert!(err.contains("append-only"), "{sql} from schema {k}: {err}");
        }
    }
}

/// The journal table's columns, indexes and triggers as SQLite keeps them.
fn journal_schema(conn: &Connection) -> Vec<(String, String, String)> {
    let mut stmt = conn
        .prepare(
            "SELECT type, name, COALESCE(sql, '') FROM sqlite_master
             WHERE tbl_name = 'journal' AND type IN ('index', 'trigger') ORDER BY name",
        )
        .unwrap();
    let mut out: Vec<(String, String, String)> = stmt
        .query_map([], |r| Ok((r.get(0)?, r.get(1)?, r.get(2)?)))
        .unwrap()
        .map(|r| r.unwrap())
        .collect();
    let mut cols = conn.prepare("PRAGMA table_info(journal)").unwrap();
    out.extend(
        cols.query_map([], |r| {
            Ok((
                "column".to_string(),
                r.get::<_, String>(1)?,
                format!("{} notnull={}", r.get::<_, String>(2)?, r.get::<_, i64>(3)?),
            ))
        })
        .unwrap()
        .map(|r| r.unwrap()),
    );
    out
}

#[test]
fn corrections_point_at_the_row_and_never_alter_it() {
    let dir = tempfile::tempdir().unwrap();
    let mut store = Store::open(&dir.path().join("c.sqlite")).unwrap();
    let original = store
        .append(
            &ctx(),
            &[Entry::system(
                "time_charge",
                serde_json::json!({"amount": 600}),
            )],
        )
        .unwrap()
        .remove(0);
    let mut sup = ctx();
    sup.actor_credential = Some("3001".into());
    let fix = store
        .correct(
            &sup,
            original.serial,
            "charged twice for seat 4",
            serde_json::json!({"amount": 300}),
        )
        .unwrap();
    assert_eq!(fix.kind, "correction");
    assert_eq!(fix.actor_credential.as_deref(), Some("3001"));
    let (corrects, reason, amount): (i64, String, i64) = store
        .connection()
        .query_row(
            "SELECT corrects, reason, json_extract(correction, '$.amount') FROM corrections",
            [],
            |r| Ok((r.get(0)?, r.get(1)?, r.get(2)?)),
        )
        .unwrap();
    assert_eq!(
        (corrects, reason.as_str(), amount),
        (original.serial, "charged twice for seat 4", 300)
    );
    let still: String = store
        .connection()
        .query_row(
            "SELECT payload FROM journal WHERE serial = ?1",
            [original.serial],
            |r| r.get(0),
        )
        .unwrap();
    assert_eq!(
        still, r#"{"amount":600}"#,
        "the original amount is never altered"
    );
    assert!(
        store
            .correct(&sup, 999, "x", serde_json::json!(null))
            .unwrap_err()
            .to_string()
            .contains("no journal row 999")
    );
    assert!(
        store
            .correct(&sup, original.serial, "  ", serde_json::json!(null))
            .is_err()
    );
}

#[test]
fn supervisor_views_read_the_events() {
    let dir = tempfile::tempdir().unwrap();
    let mut store = Store::open(&dir.path().join("v.sqlite")).unwrap();
    let floor = Person {
        name: "Dana Brooks".into(),
        credential: "1001".into(),
        role: Role::Floorperson,
    };
    let events = [
        Event::DealerSignedIn {
            dealer: Person {
                name: "Alex Rivera".into(),
                credential: "20417".into(),
                role: Role::Dealer,
            },
        },
        Event::InspectionVerified {
            floorperson: floor.clone(),
        },
        Event::DeckCounted {
            deck: 1,
            colour: "Blue".into(),
            counted: 51,
            expected: 52,
            correct: false,
            verified_by: None,
        },
        Event::Irregularity {
            irregularity: "51 cards".into(),
            section: "§ 637a.7(e)(5)".into(),
            action: "Remove the deck".into(),
            id: None,
            seat: None,
            note: None,
            signed_by: None,
        },
        Event::RemovalVerified {
            deck: 1,
            floorperson: floor,
            disposition: None,
        },
        Event::PotAwarded {
            number: 1,
            awards: vec![(2, 1800)],
            pot: 1800,
            take: Default::default(),
        },
    ];
    let entries: Vec<Entry> = events.iter().map(Entry::table).collect();
    store.append(&ctx(), &entries).unwrap();
    let q = |sql: &str| -> String {
        store
            .connection()
            .query_row(sql, [], |r| r.get::<_, rusqlite::types::Value>(0))
            .map(|v| format!("{v:?}"))
            .unwrap()
    };
    assert_eq!(q("SELECT counted FROM deck_counts"), "Integer(51)");
    assert_eq!(
        q("SELECT section FROM irregularities"),
        r#"Text("§ 637a.7(e)(5)")"#
    );
    assert_eq!(
        q("SELECT COUNT(*) FROM verifications WHERE verifier = '1001'"),
        "Integer(2)"
    );
    assert_eq!(q("SELECT pot_cents FROM rounds"), "Integer(1800)");
    assert_eq!(
        q("SELECT dealer_name FROM dealer_shifts"),
        r#"Text("Alex Rivera")"#
    );
    assert_eq!(q("SELECT COUNT(*) FROM deck_changes"), "Integer(1)");
}

fn sqlite3() -> Option<&'static str> {
    let found = Command::new("sqlite3").arg("--version").output().is_ok();
    if !found {
        // CI installs sqlite3; there a missing tool is a failure, not a skip.
        assert!(
            std::env::var_os("CI").is_none(),
            "sqlite3 is required in CI"
        );
        eprintln!("sqlite3 not installed: the command-line tampering test did not run");
    }
    found.then_some("sqlite3")
}

fn verify_log(path: &std::path::Path) -> (bool, String) {
    let out = Command::new(env!("CARGO_BIN_EXE_deckhand"))
        .args(["verify-log", "--db"])
        .arg(path)
        .output()
        .unwrap();
    (
        out.status.success(),
        String::from_utf8_lossy(&out.stdout).trim().to_string(),
    )
}

#[test]
fn tampering_with_the_sqlite3_tool_is_found_at_the_right_row() {
    let Some(cli) = sqlite3() else { return };
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("t.sqlite");
    {
        let mut store = Store::open(&path).unwrap();
        for n in 0..10 {
            store
                .append(
                    &ctx(),
                    &[Entry::system("pot", serde_json::json!({"pot": n * 100}))],
                )
                .unwrap();
        }
    }
    let (ok, text) = verify_log(&path);
    assert!(ok, "{text}");
    assert!(text.starts_with("intact: 10 rows, head "), "{text}");

    // The triggers stop a plain edit.
    let out = Command::new(cli)
        .arg(&path)
        .arg("UPDATE journal SET payload='{\"pot\":1}' WHERE serial=4;")
        .output()
        .unwrap();
    assert!(String::from_utf8_lossy(&out.stderr).contains("append-only"));

    // Edit a payload with the triggers dropped.
    let status = Command::new(cli)
        .arg(&path)
        .arg("DROP TRIGGER journal_no_update; UPDATE journal SET payload='{\"pot\":99900}' WHERE serial=4;")
        .status()
        .unwrap();
    assert!(status.success());
    let (ok, text) = verify_log(&path);
    assert!(!ok);
    assert_eq!(
        text,
        "broken at serial 4: its contents do not match its hash (altered)"
    );

    // Delete a row instead (on a fresh copy of the chain).
    let path2 = dir.path().join("t2.sqlite");
    {
        let mut store = Store::open(&path2).unwrap();
        for n in 0..10 {
            store
                .append(
                    &ctx(),
                    &[Entry::system("pot", serde_json::json!({"pot": n}))],
                )
                .unwrap();
        }
    }
    let status = Command::new(cli)
        .arg(&path2)
        .arg("DROP TRIGGER journal_no_delete; DELETE FROM journal WHERE serial=7;")
        .status()
        .unwrap();
    assert!(status.success());
    let (ok, text) = verify_log(&path2);
    assert!(!ok);
    assert_eq!(text, "broken at serial 7: row 7 is missing (next is 8)");
}

#[test]
fn scheduled_backups_run_and_are_journaled() {
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("sched.sqlite");
    let out = dir.path().join("backups");
    let mut term = deckhand::terminal::Terminal::open(Store::open(&db).unwrap(), None).unwrap();
    term.record_system("before_backup", serde_json::json!({}));
    term.schedule_backups(
        out.clone(),
        std::time::Duration::from_millis(50),
        std::time::Duration::from_secs(3600),
    );
    let deadline = std::time::Instant::now() + std::time::Duration::from_secs(10);
    loop {
        term.poll_devices();
        let rows = term.store().all_rows().unwrap();
        if let Some(r) = rows.iter().find(|r| r.kind == "backup_completed") {
            let v: serde_json::Value = serde_json::from_str(&r.payload).unwrap();
            let copy = std::path::PathBuf::from(v["path"].as_str().unwrap());
            assert!(copy.starts_with(&out) && copy.exists());
            assert!(v["rows"].as_i64().unwrap() >= 1);
            assert!(matches!(
                Store::verify_file(&copy).unwrap(),
                ChainStatus::Intact { .. }
            ));
            break;
        }
        assert!(
            std::time::Instant::now() < deadline,
            "no backup_completed row: {rows:?}"
        );
        std::thread::sleep(std::time::Duration::from_millis(20));
    }
}

#[test]
fn an_inconsistent_journal_is_an_error_at_start_not_a_crash() {
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("odd.sqlite");
    {
        // A well-formed event that does not fit: a shuffle of a deck the table never had.
        let mut store = Store::open(&db).unwrap();
        let e = Event::ShuffleRequested {
            deck: 7,
            colour: "Green".into(),
        };
        store.append(&ctx(), &[Entry::table(&e)]).unwrap();
    }
    let err = deckhand::terminal::Terminal::open(Store::open(&db).unwrap(), None)
        .err()
        .expect("refused");
    let msg = err.to_string();
    assert!(
        msg.contains("journal row 1 (shuffle_requested) cannot be applied"),
        "{msg}"
    );
}

/// `verify-log` reads evidence and nothing else: an empty file and a foreign database are
/// refused by name and left as they were; a journal with no `-wal` beside it is read without
/// SQLite creating `-shm` or `-wal` files, and its bytes are the same afterwards.
#[test]
fn verify_log_reads_only_and_refuses_what_is_not_a_journal() {
    let dir = tempfile::tempdir().unwrap();
    let run = |path: &std::path::Path| {
        let out = Command::new(env!("CARGO_BIN_EXE_deckhand"))
            .args(["verify-log", "--db"])
            .arg(path)
            .output()
            .unwrap();
        (
            out.status.code(),
            String::from_utf8_lossy(&out.stdout).to_string(),
            String::from_utf8_lossy(&out.stderr).to_string(),
        )
    };
    let listing = || {
        let mut v: Vec<_> = std::fs::read_dir(dir.path())
            .unwrap()
            .map(|e| e.unwrap().file_name().into_string().unwrap())
            .collect();
        v.sort();
        v
    };
    let empty = dir.path().join("empty.sqlite");
    std::fs::write(&empty, b"").unwrap();
    let (code, out, err) = run(&empty);
    assert_eq!(code, Some(1), "{out}");
    assert!(
        err.contains("an empty file, not a Deckhand journal"),
        "{err}"
    );
    assert_eq!(
        std::fs::metadata(&empty).unwrap().len(),
        0,
        "nothing written"
    );

    let foreign = dir.path().join("foreign.sqlite");
    rusqlite::Connection::open(&foreign)
        .unwrap()
        .execute_batch("CREATE TABLE t (x); INSERT INTO t VALUES (1);")
        .unwrap();
    let (code, _, err) = run(&foreign);
    assert_eq!(code, Some(1));
    assert!(
        err.contains("not a Deckhand journal (no journal table)"),
        "{err}"
    );

    let path = dir.path().join("t.sqlite");
    {
        let mut store = Store::open(&path).unwrap();
        for n in 0..5 {
            store
                .append(
                    &ctx(),
                    &[Entry::system("pot", serde_json::json!({ "pot": n }))],
                )
                .unwrap();
        }
    }
    let before = listing();
    assert!(
        !before
            .iter()
            .any(|f| f.ends_with("-wal") || f.ends_with("-shm")),
        "{before:?}"
    );
    let bytes = std::fs::read(&path).unwrap();
    let (code, out, err) = run(&path);
    assert_eq!(code, Some(0), "{err}");
    assert!(out.starts_with("intact: 5 rows"), "{out}");
    assert_eq!(listing(), before, "verify-log created no file");
    assert_eq!(std::fs::read(&path).unwrap(), bytes, "and changed no byte");
}

/// The database, its `-wal` and `-shm` (and a backup copy) are the service user's alone: PIN
/// hashes and records are not readable by other accounts (0600), even where the file existed
/// with a looser mode.
#[test]
fn the_database_its_wal_and_backups_are_private_to_the_service_user() {
    use std::os::unix::fs::PermissionsExt;
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("p.sqlite");
    let mode = |p: &std::path::Path| std::fs::metadata(p).unwrap().permissions().mode() & 0o777;
    let with = |suffix: &str| {
        let mut p = path.as_os_str().to_owned();
        p.push(suffix);
        std::path::PathBuf::from(p)
    };
    {
        let mut store = Store::open(&path).unwrap();
        store
            .append(
                &ctx(),
                &[Entry::system("pot", serde_json::json!({ "pot": 1 }))],
            )
            .unwrap();
        for f in [path.clone(), with("-wal"), with("-shm")] {
            assert_eq!(mode(&f), 0o600, "{}", f.display());
        }
        let report = deckhand::store::backup::backup(
            &path,
            &dir.path().join("backups"),
            std::time::Duration::from_secs(3600),
        )
        .unwrap();
        assert_eq!(mode(&report.path), 0o600, "the backup copy");
    }
    // A file left world-readable by an older version is tightened at the next start.
    std::fs::set_permissions(&path, std::fs::Permissions::from_mode(0o644)).unwrap();
    drop(Store::open(&path).unwrap());
    assert_eq!(mode(&path), 0o600);
}

/// The chain needs the key to forge (issue 21, item 4): with write access to the file but not
/// to the terminal's key, an edited row with the whole chain recomputed, a cut-off tail, a
/// removed signed head and a head signed with another key are each reported by `verify-log`
/// with the serial it concerns; the untouched journal verifies and says it is signed.
#[test]
fn a_rehashed_edit_or_a_cut_tail_is_found_by_the_signed_head() {
    let dir = tempfile::tempdir().unwrap();
    let fresh = |name: &str| {
        let path = dir.path().join(name);
        let mut store = Store::open(&path).unwrap();
        for n in 0..10 {
            store
                .append(
                    &ctx(),
                    &[Entry::system("pot", serde_json::json!({ "pot": n * 100 }))],
                )
                .unwrap();
        }
        assert!(deckhand::store::signing::default_key_path(&path).exists());
        path
    };
    let raw = |path: &std::path::Path| {
        let c = rusqlite::Connection::open(path).unwrap();
        c.execute_batch("DROP TRIGGER journal_no_update; DROP TRIGGER journal_no_delete;")
            .unwrap();
        c
    };

    let path = fresh("ok.sqlite");
    let (ok, text) = verify_log(&path);
    assert!(ok, "{text}");
    assert!(text.starts_with("intact: 10 rows, head "), "{text}");
    assert!(text.contains("signed head at serial 10"), "{text}");

    // An edit at serial 4 with every hash after it recomputed: the chain walks clean, the
    // signature over the head does not.
    let path = fresh("rehashed.sqlite");
    let rows = Store::open(&path).unwrap().all_rows().unwrap();
    let c = raw(&path);
    let mut prev = rows[2].hash.clone();
    for r in rows.iter().skip(3) {
        let mut r = r.clone();
        if r.serial == 4 {
            r.payload = r#"{"pot":99900}"#.into();
        }
        r.prev_hash = prev;
        r.hash = r.compute_hash();
        c.execute(
            "UPDATE journal SET payload = ?1, prev_hash = ?2, hash = ?3 WHERE serial = ?4",
            rusqlite::params![r.payload, r.prev_hash, r.hash, r.serial],
        )
        .unwrap();
        prev = r.hash;
    }
    drop(c);
    let (ok, text) = verify_log(&path);
    assert!(!ok);
    assert_eq!(
        text.lines().next().unwrap(),
        "broken at serial 10: the journal's hash at serial 10 is not the one signed: rows up to there were rewritten and rehashed"
    );

    // The last three rows deleted.
    let path = fresh("cut.sqlite");
    raw(&path)
        .execute("DELETE FROM journal WHERE serial > 7", [])
        .unwrap();
    let (ok, text) = verify_log(&path);
    assert!(!ok);
    assert_eq!(
        text.lines().next().unwrap(),
        "broken at serial 7: signed head at serial 10, journal ends at 7: rows were removed from the end"
    );
    // Nothing opens it for writing (the terminal, `deckhand people`, an export): nothing is
    // ever signed over a cut tail.
    let refused = Store::open(&path).err();
    assert!(
        matches!(
            refused,
            Some(deckhand::store::StoreError::ChainBroken { serial: 7, .. })
        ),
        "{refused:?}"
    );
    assert!(
        !verify_log(&path).0,
        "still broken: nothing was signed over it"
    );

    // The tail and the signed head both deleted.
    let path = fresh("headless.sqlite");
    raw(&path)
        .execute_batch("DELETE FROM journal WHERE serial > 7; DELETE FROM signed_head;")
        .unwrap();
    let (ok, text) = verify_log(&path);
    assert!(!ok);
    assert!(text.contains("signed head is missing"), "{text}");

    // The head re-signed with a key of the forger's own (and the recorded key replaced): the
    // terminal's key file says otherwise.
    let path = fresh("forged.sqlite");
    let other = dir.path().join("forger.key");
    let (forger, _) = deckhand::store::signing::HeadKey::load_or_create(&other).unwrap();
    let c = raw(&path);
    let (serial, hash): (i64, String) = c
        .query_row(
            "SELECT serial, hash FROM journal ORDER BY serial DESC LIMIT 1",
            [],
            |r| Ok((r.get(0)?, r.get(1)?)),
        )
        .unwrap();
    let terminal: String = c
        .query_row(
            "SELECT value FROM meta WHERE key = 'terminal_id'",
            [],
            |r| r.get(0),
        )
        .unwrap();
    c.execute(
        "UPDATE signed_head SET signature = ?1, public_key = ?2",
        rusqlite::params![forger.sign(&terminal, serial, &hash), forger.public_hex()],
    )
    .unwrap();
    c.execute(
        "UPDATE meta SET value = ?1 WHERE key = 'public_key'",
        [forger.public_hex()],
    )
    .unwrap();
    drop(c);
    let (ok, text) = verify_log(&path);
    assert!(!ok);
    assert!(text.contains("not this terminal's key"), "{text}");
}
