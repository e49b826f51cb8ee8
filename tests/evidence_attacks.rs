//! Records that stay evidence (issue 40), each attack done as someone who can write the
//! terminal's files but does not hold its key would do it.

use deckhand::store::{Entry, RowContext, Store};
use std::process::Command;

/// A pot awarded, journaled on `s`.
fn award(s: &mut Store, pot: i64) {
    s.append(
        &ctx(),
        &[Entry::system(
            "pot_awarded",
            serde_json::json!({ "pot": pot }),
        )],
    )
    .unwrap();
}

fn ctx() -> RowContext {
    crate::common::table_ctx()
}

/// Item 2, the downgrade: a signed journal has a row edited and its chain recomputed, then is
/// made to look like a journal from before signing (the signed head dropped, the recorded key
/// deleted, the newest index dropped, the schema version set to 9), the key file left where it
/// is. Today the next start signed the forgery with the terminal's own key; now nothing opens
/// it for writing, nothing is migrated or signed, and `verify-log` says it was downgraded.
#[test]
fn a_downgraded_journal_is_never_signed_and_verify_log_names_it() {
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("down.sqlite");
    {
        let mut s = Store::open(&db).unwrap();
        award(&mut s, 600);
        award(&mut s, 800);
    }
    let edited = Store::open(&db)
        .unwrap()
        .all_rows()
        .unwrap()
        .iter()
        .find(|r| r.payload.contains("800"))
        .map(|r| r.serial)
        .unwrap();
    crate::common::rechain(&db, edited, |p| p.replace("800", "8000"));
    {
        let conn = rusqlite::Connection::open(&db).unwrap();
        conn.execute_batch(
            "DROP TABLE signed_head;
             DELETE FROM meta WHERE key = 'public_key';
             DROP INDEX journal_person_state;
             PRAGMA user_version = 9;",
        )
        .unwrap();
    }
    // verify-log, as the casino's auditor runs it beside the key file.
    let path = db.to_str().unwrap();
    let out = crate::common::deckhand(&["verify-log", "--db", path]);
    let said = String::from_utf8_lossy(&out.stdout);
    assert!(
        !out.status.success(),
        "verify-log passed a downgrade: {said}"
    );
    assert!(said.contains("DOWNGRADED"), "{said}");
    // The terminal's own start and the people command refuse it, and sign nothing.
    let e = Store::open(&db)
        .err()
        .expect("a downgraded journal opened for writing");
    assert!(e.to_string().contains("downgraded"), "{e}");
    // `people list` reads it, read-only, as evidence; a command that writes refuses it.
    let out = crate::common::deckhand(&["people", "--db", path, "list"]);
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let out = Command::new(env!("CARGO_BIN_EXE_deckhand"))
        .args(["people", "--db"])
        .arg(&db)
        .args(["deactivate", "--as", "1001", "1002"])
        .stdin(std::process::Stdio::null())
        .output()
        .unwrap();
    assert!(
        !out.status.success(),
        "people deactivate opened a downgraded journal"
    );
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(err.contains("downgraded"), "{err}");
    let conn = rusqlite::Connection::open(&db).unwrap();
    let version: i64 = conn
        .query_row("PRAGMA user_version", [], |r| r.get(0))
        .unwrap();
    assert_eq!(version, 9, "not migrated");
    let signed: i64 = conn
        .query_row(
            "SELECT COUNT(*) FROM sqlite_master WHERE name = 'signed_head'",
            [],
            |r| r.get(0),
        )
        .unwrap();
    assert_eq!(signed, 0, "no head signed over the forgery");
}

/// Item 6: `people list` reads. On a mistyped path it creates nothing (no database, key or
/// commit log) and fails; on a journal it changes no byte and leaves no file beside it; the
/// commands that write refuse a path that does not exist instead of making a new terminal.
#[test]
fn people_list_reads_only_and_a_mistyped_path_creates_nothing() {
    let dir = tempfile::tempdir().unwrap();
    let typo = dir.path().join("TYPO.sqlite");
    let run = crate::common::deckhand;
    let out = run(&["people", "--db", typo.to_str().unwrap(), "list"]);
    assert!(!out.status.success());
    assert!(String::from_utf8_lossy(&out.stderr).contains("no such database"));
    let out = run(&[
        "people",
        "--db",
        typo.to_str().unwrap(),
        "deactivate",
        "--as",
        "1001",
        "1002",
    ]);
    assert!(
        String::from_utf8_lossy(&out.stderr).contains("no such database"),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    assert!(!out.status.success());
    let left: Vec<_> = std::fs::read_dir(dir.path()).unwrap().collect();
    assert!(left.is_empty(), "files made for a mistyped path: {left:?}");

    let db = dir.path().join("people.sqlite");
    {
        let mut s = Store::open(&db).unwrap();
        s.append(&ctx(), &[Entry::system("opened", 1)]).unwrap();
    }
    let files = |d: &std::path::Path| {
        let mut v: Vec<(String, Vec<u8>)> = std::fs::read_dir(d)
            .unwrap()
            .map(|e| {
                let p = e.unwrap().path();
                let bytes = std::fs::read(&p).unwrap_or_default();
                (p.file_name().unwrap().to_string_lossy().into_owned(), bytes)
            })
            .collect();
        v.sort();
        v
    };
    let before = files(dir.path());
    let out = run(&["people", "--db", db.to_str().unwrap(), "list"]);
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    assert_eq!(files(dir.path()), before, "people list changed the files");
}

/// Item 1, the swap: a row edited and its chain recomputed, a new key written over the key
/// file and the head re-signed with it. The key file and the journal's record of its key no
/// longer agree: `verify-log` names both fingerprints and the terminal refuses to write on it.
/// Then the journal's record rewritten too (the file now agrees with itself): a key known apart
/// from the file (`--key`, as a shift report prints it) still catches it.
#[test]
fn a_replaced_key_file_is_refused_and_a_key_known_apart_catches_the_rewrite() {
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("swap.sqlite");
    let original = {
        let mut s = Store::open(&db).unwrap();
        award(&mut s, 800);
        s.public_key().to_string()
    };
    crate::common::rechain(&db, 1, |p| p.replace("800", "8000"));
    let key_path = deckhand::store::signing::default_key_path(&db);
    let stranger = dir.path().join("stranger.key");
    let (forger, _) = deckhand::store::signing::HeadKey::load_or_create(&stranger).unwrap();
    std::fs::copy(&stranger, &key_path).unwrap();
    crate::common::resign_head(&db);
    let run = |args: &[&str]| {
        let out = crate::common::deckhand(args);
        (
            out.status.success(),
            String::from_utf8_lossy(&out.stdout).into_owned(),
        )
    };
    let path = db.to_str().unwrap();
    let (ok, text) = run(&["verify-log", "--db", path]);
    assert!(!ok, "{text}");
    assert!(text.contains("the key file was replaced"), "{text}");
    let fp = |k: &str| k[..16].to_string();
    assert!(text.contains(&fp(&forger.public_hex())), "{text}");
    assert!(text.contains(&fp(&original)), "{text}");
    let refused = Store::open(&db)
        .err()
        .expect("no writing on a swapped key")
        .to_string();
    assert!(refused.contains("the key file was replaced"), "{refused}");

    // The journal's own record of its key rewritten to the forger's: the file agrees with
    // itself, and only a key known apart from it tells.
    {
        let conn = rusqlite::Connection::open(&db).unwrap();
        conn.execute(
            "UPDATE meta SET value = ?1 WHERE key = 'public_key'",
            [forger.public_hex()],
        )
        .unwrap();
    }
    let (ok, text) = run(&["verify-log", "--db", path]);
    assert!(ok, "the file agrees with itself now: {text}");
    let (ok, text) = run(&["verify-log", "--db", path, "--key", &fp(&original)]);
    assert!(!ok, "{text}");
    assert!(text.contains("KEY MISMATCH"), "{text}");
    let (ok, text) = run(&["verify-log", "--db", path, "--key", &forger.public_hex()]);
    assert!(ok, "{text}");
    assert!(text.contains("signed by the key given"), "{text}");
}

/// Item 3, the rollback: an older, self-consistent copy of the journal put back (its commit
/// logs deleted) opens as if nothing happened; with a head witness in a second place
/// (`[store] head_witness`) the start refuses it, naming the witnessed head and the journal's
/// end. A witness holding another history at its serial is refused too.
#[test]
fn a_journal_restored_from_an_older_copy_is_refused_by_the_head_witness() {
    let dir = tempfile::tempdir().unwrap();
    let elsewhere = tempfile::tempdir().unwrap();
    let db = dir.path().join("roll.sqlite");
    let key = deckhand::store::signing::default_key_path(&db);
    let witness = elsewhere.path().join("table-12.head");
    let append = |n: usize| {
        let mut s = Store::open_witnessed(&db, &key, Some(&witness)).unwrap();
        for i in 0..n {
            s.append(
                &ctx(),
                &[Entry::system(
                    "pot_awarded",
                    serde_json::json!({ "pot": i }),
                )],
            )
            .unwrap();
        }
    };
    append(2);
    let copy = elsewhere.path().join("old");
    std::fs::create_dir(&copy).unwrap();
    for f in crate::common::journal_files(dir.path(), "roll.sqlite") {
        std::fs::copy(&f, copy.join(f.file_name().unwrap())).unwrap();
    }
    append(3);
    let witnessed: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string(&witness).unwrap()).unwrap();
    let last = witnessed["serial"].as_i64().unwrap();
    // The older copy put back, the newer files (commit logs included) gone.
    crate::common::restore_copy(dir.path(), &copy, "roll.sqlite");
    let ends = Store::open(&db).unwrap().all_rows().unwrap().len() as i64;
    assert!(
        ends < last,
        "the copy is older: {ends} rows, {last} witnessed"
    );
    // Opened without the witness it holds together: nothing inside the file can tell.
    assert!(matches!(
        Store::verify_file(&db).unwrap(),
        deckhand::store::ChainStatus::Intact { .. }
    ));
    let refused = Store::open_witnessed(&db, &key, Some(&witness))
        .err()
        .expect("a rolled-back journal is refused")
        .to_string();
    assert!(refused.contains("restored from an older copy"), "{refused}");
    assert!(
        refused.contains(&format!("signed head {last}")),
        "{refused}"
    );
    assert!(refused.contains(&format!("ends at {ends}")), "{refused}");

    // A witness of another history at a serial the journal has: refused as well.
    let mut other = witnessed.clone();
    other["serial"] = serde_json::json!(1);
    other["hash"] = serde_json::json!("0".repeat(64));
    std::fs::write(&witness, other.to_string()).unwrap();
    let refused = Store::open_witnessed(&db, &key, Some(&witness))
        .err()
        .expect("another history is refused")
        .to_string();
    assert!(refused.contains("another hash at serial 1"), "{refused}");
}

/// Item 6: `export --db PATH` reads only: a file that is not a journal is refused and keeps its
/// mode; a journal exports with no byte, mode or file beside it changed.
#[test]
fn export_reads_only_and_changes_no_mode() {
    use std::os::unix::fs::PermissionsExt;
    let dir = tempfile::tempdir().unwrap();
    let run = crate::common::deckhand;
    let mode = |p: &std::path::Path| std::fs::metadata(p).unwrap().permissions().mode() & 0o777;
    let notes = dir.path().join("notes.txt");
    std::fs::write(&notes, "not a journal").unwrap();
    std::fs::set_permissions(&notes, std::fs::Permissions::from_mode(0o644)).unwrap();
    let out = run(&["export", "--db", notes.to_str().unwrap()]);
    assert!(!out.status.success());
    assert!(
        String::from_utf8_lossy(&out.stderr).contains("not a Deckhand journal"),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    assert_eq!(
        mode(&notes),
        0o644,
        "export changed the mode of a file it was given"
    );
    assert_eq!(std::fs::read(&notes).unwrap(), b"not a journal");

    let db = dir.path().join("export.sqlite");
    {
        let mut s = Store::open(&db).unwrap();
        s.append(&ctx(), &[Entry::system("opened", 1)]).unwrap();
    }
    // A copy handed over group-readable: exported as it is.
    std::fs::set_permissions(&db, std::fs::Permissions::from_mode(0o640)).unwrap();
    let listing = |d: &std::path::Path| {
        let mut v: Vec<(String, Vec<u8>, u32)> = std::fs::read_dir(d)
            .unwrap()
            .map(|e| {
                let p = e.unwrap().path();
                let bytes = std::fs::read(&p).unwrap_or_default();
                let name = p.file_name().unwrap().to_string_lossy().into_owned();
                (name, bytes, mode(&p))
            })
            .collect();
        v.sort();
        v
    };
    let before = listing(dir.path());
    let out = run(&["export", "--db", db.to_str().unwrap()]);
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    assert!(String::from_utf8_lossy(&out.stdout).contains("opened"));
    assert_eq!(listing(dir.path()), before, "export changed the files");
}

/// Item 8: `deckhand hand` refuses a stake of 2^63 − 1 for what it is (more than any table
/// takes), not as too small; an ante past every bound refuses without a panic.
#[test]
fn a_stake_past_every_bound_is_refused_for_what_it_is() {
    let example = std::fs::read_to_string(
        std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
            .join("docs/hand-examples/no-limit-holdem.json"),
    )
    .unwrap();
    let hand = |json: &str| {
        let out = crate::common::deckhand_with_input(&["hand"], json.as_bytes());
        (
            out.status,
            String::from_utf8_lossy(&out.stderr).into_owned(),
        )
    };
    let most = example.replacen("\"stake\": 20000", "\"stake\": 9223372036854775807", 1);
    assert_ne!(most, example);
    let (status, err) = hand(&most);
    assert!(!status.success());
    assert!(err.contains("more than any table takes"), "{err}");
    assert!(!err.contains("needs at least"), "{err}");
    assert!(!err.contains("panicked"), "{err}");
    let ante = example.replacen(
        "\"button\": 1,",
        "\"button\": 1, \"ante\": 9223372036854775807,",
        1,
    );
    assert_ne!(ante, example);
    let (status, err) = hand(&ante);
    assert!(!status.success());
    assert!(!err.contains("panicked"), "{err}");
}

/// Item 8: a negative contribution is refused by name, never read as nothing; a list where a
/// record of named wagers is expected is refused, never read in order; a backup folder made
/// by the terminal is the service user's alone.
#[test]
fn hostile_settle_inputs_are_refused_and_a_backup_folder_is_private() {
    let root = env!("CARGO_MANIFEST_DIR");
    let omaha = std::fs::read_to_string(format!("{root}/docs/settle-examples/omaha-hi-lo.json"))
        .unwrap()
        .replace("\"bad_beat\": 100", "\"bad_beat\": -5000");
    let e = deckhand::rules::poker::settle_showdown::settle(&omaha).unwrap_err();
    assert!(e.contains("rake.bad_beat: -5000"), "{e}");

    let c4 =
        std::fs::read_to_string(format!("{root}/docs/settle-examples/crazy-4-poker.json")).unwrap();
    let mut v: serde_json::Value = serde_json::from_str(&c4).unwrap();
    v["seats"][0]["wagers"] = serde_json::json!([1000, 1000, 500, 100]);
    let p = deckhand::rules::banked::paytable::Paytables::embedded().unwrap();
    let e = deckhand::rules::registry::settle_json(
        &v.to_string(),
        &p,
        &deckhand::rules::banked::HouseRules::default(),
    )
    .unwrap_err();
    assert!(e.to_string().contains("seats[0].wagers"), "{e}");
    assert!(e.to_string().contains("not a list"), "{e}");

    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("b.sqlite");
    {
        let mut s = Store::open(&db).unwrap();
        s.append(&ctx(), &[Entry::system("opened", 1)]).unwrap();
    }
    let out = dir.path().join("backups").join("nested");
    deckhand::store::backup::backup(&db, &out, std::time::Duration::from_secs(3600)).unwrap();
    use std::os::unix::fs::PermissionsExt;
    let mode = std::fs::metadata(&out).unwrap().permissions().mode() & 0o777;
    assert_eq!(mode, 0o700, "{mode:o}");
}

/// Item 6: a start refused because the journal's signing key is missing makes nothing beside
/// the journal (before, it made the commit-log files first).
#[test]
fn a_start_refused_for_a_missing_key_creates_no_file() {
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("k.sqlite");
    {
        let mut s = Store::open(&db).unwrap();
        s.append(&ctx(), &[Entry::system("opened", 1)]).unwrap();
    }
    // An evidence copy: the journal alone, without its key or commit log.
    for e in std::fs::read_dir(dir.path()).unwrap() {
        let p = e.unwrap().path();
        if p != db {
            std::fs::remove_file(&p).unwrap();
        }
    }
    let e = Store::open(&db).err().expect("opened without its key");
    assert!(e.to_string().contains("signing key file"), "{e}");
    let left: Vec<String> = std::fs::read_dir(dir.path())
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .collect();
    assert_eq!(
        left,
        vec!["k.sqlite".to_string()],
        "files made by a refused start"
    );
}
