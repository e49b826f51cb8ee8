//! The key's identity as part of the record, and an unsigned journal adopted only on purpose
//! (issue 40, items 1 and 2): each attack done as someone who can write the terminal's files
//! (the key file, `meta`, the rows, rechained) but does not hold the key the journal began with.

use deckhand::rules::table::{Person, Role};
use deckhand::store::signing::{HeadKey, default_key_path};
use deckhand::store::{Entry, INSERT_SQL, JournalRow, RowContext, Store};
use deckhand::terminal::{PeopleChange, Terminal};

fn ctx() -> RowContext {
    crate::common::table_ctx()
}

fn award(db: &std::path::Path, pot: i64) {
    Store::open(db)
        .unwrap()
        .append(
            &ctx(),
            &[Entry::system(
                "pot_awarded",
                serde_json::json!({ "pot": pot }),
            )],
        )
        .unwrap();
}

/// A terminal's journal as the terminal makes it (its first start), with an administrator and
/// supervisor 3001 (PIN 135790) and a pot.
fn terminal_journal(db: &std::path::Path) -> String {
    let key = {
        let mut t = Terminal::open(Store::open(db).unwrap(), None).unwrap();
        t.create_first_administrator("Ada Admin", "9001", "900100")
            .unwrap();
        t.manage_people(
            "9001",
            "900100",
            PeopleChange::Add {
                person: Person {
                    name: "Sam Okafor".into(),
                    credential: "3001".into(),
                    role: Role::Supervisor,
                },
                pin: "135790".into(),
            },
        )
        .unwrap();
        t.store().public_key().to_string()
    };
    award(db, 800);
    key
}

fn run(args: &[&str]) -> (bool, String) {
    let out = crate::common::deckhand(args);
    (
        out.status.success(),
        format!(
            "{}{}",
            String::from_utf8_lossy(&out.stdout),
            String::from_utf8_lossy(&out.stderr)
        ),
    )
}

fn run_with_pin(args: &[&str], pin: &str) -> (bool, String) {
    let out = crate::common::deckhand_with_input(args, format!("{pin}\n").as_bytes());
    (
        out.status.success(),
        format!(
            "{}{}",
            String::from_utf8_lossy(&out.stdout),
            String::from_utf8_lossy(&out.stderr)
        ),
    )
}

fn fp(k: &str) -> String {
    k[..16].to_string()
}

/// Replaces the key file with a stranger's key; the stranger's key.
fn swap_key(dir: &std::path::Path, db: &std::path::Path) -> HeadKey {
    let stranger = dir.join("stranger.key");
    let (forger, _) = HeadKey::load_or_create(&stranger).unwrap();
    std::fs::copy(&stranger, default_key_path(db)).unwrap();
    forger
}

/// The first row of a new journal records its key. A row edited and rechained, the key file
/// replaced, `meta` rewritten to the new key and the head re-signed: the file agrees with
/// itself everywhere but in its first row, and `verify-log` and the start name both keys.
/// Rewriting the first row too (the whole chain recomputed) leaves only a key known apart
/// (`--key`, the shift report's) to tell, as docs/store.md says.
#[test]
fn the_first_row_records_the_key_and_a_swap_with_meta_rewritten_is_named() {
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("first.sqlite");
    let original = terminal_journal(&db);
    let rows = Store::open(&db).unwrap().all_rows().unwrap();
    assert_eq!(rows[0].kind, "signing_key", "{:?}", rows[0]);
    assert!(rows[0].payload.contains(&original), "{}", rows[0].payload);
    let path = db.to_str().unwrap();
    let (ok, text) = run(&["verify-log", "--db", path]);
    assert!(ok, "{text}");
    assert!(text.contains("key recorded at row 1"), "{text}");

    let pot = rows.iter().rev().find(|r| r.kind == "pot_awarded").unwrap();
    crate::common::rechain(&db, pot.serial, |p| p.replace("800", "8000"));
    let forger = swap_key(dir.path(), &db);
    rusqlite::Connection::open(&db)
        .unwrap()
        .execute(
            "UPDATE meta SET value = ?1 WHERE key = 'public_key'",
            [forger.public_hex()],
        )
        .unwrap();
    crate::common::resign_head(&db);
    let (ok, text) = run(&["verify-log", "--db", path]);
    assert!(!ok, "the first row's key did not catch the swap: {text}");
    assert!(text.contains("own record of its key (row 1)"), "{text}");
    assert!(text.contains(&fp(&forger.public_hex())), "{text}");
    assert!(text.contains(&fp(&original)), "{text}");
    let refused = Store::open(&db).err().expect("opened on a swapped key");
    assert!(refused.to_string().contains("(row 1)"), "{refused}");

    // The first row rewritten to the forger's key and every hash after it recomputed.
    let orig = original.clone();
    let new = forger.public_hex();
    crate::common::rechain(&db, 1, move |p| p.replace(&orig, &new));
    crate::common::resign_head(&db);
    let (ok, text) = run(&["verify-log", "--db", path]);
    assert!(ok, "the file agrees with itself now: {text}");
    let (ok, text) = run(&["verify-log", "--db", path, "--key", &fp(&original)]);
    assert!(!ok, "{text}");
    assert!(text.contains("KEY MISMATCH"), "{text}");
}

/// A journal begun by a version that did not record its key in a row gets the row at its next
/// start, once the chain has been walked, saying so.
#[test]
fn a_journal_begun_before_keys_were_recorded_gets_its_key_row_at_the_next_start() {
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("older.sqlite");
    award(&db, 600);
    let key = {
        let t = Terminal::open(Store::open(&db).unwrap(), None).unwrap();
        t.store().public_key().to_string()
    };
    let rows = Store::open(&db).unwrap().all_rows().unwrap();
    let recorded: Vec<_> = rows.iter().filter(|r| r.kind == "signing_key").collect();
    assert_eq!(recorded.len(), 1, "{rows:?}");
    assert_eq!(recorded[0].serial, 2);
    assert!(recorded[0].payload.contains(&key));
    assert!(recorded[0].payload.contains("already signed"));
    // Once: a second start adds none.
    drop(Terminal::open(Store::open(&db).unwrap(), None).unwrap());
    let again = Store::open(&db).unwrap().all_rows().unwrap();
    assert_eq!(again.iter().filter(|r| r.kind == "signing_key").count(), 1);
}

/// A journal in the schema before signed heads (9), two rows chained by hand, supervisor 3001
/// and dealer 20417 in its people.
fn unsigned_journal(db: &std::path::Path) {
    let mut conn = rusqlite::Connection::open(db).unwrap();
    deckhand::store::migrate::apply(&mut conn, &deckhand::store::migrate::MIGRATIONS[..9]).unwrap();
    let pots: Vec<(&str, String)> = (1..=2)
        .map(|n| ("pot_awarded", format!(r#"{{"pot":{}}}"#, n * 100)))
        .collect();
    crate::common::old_rows(&conn, "system", &pots);
    crate::common::old_supervisor(&conn);
    conn.execute(
        "INSERT INTO people (name, credential, role, pin_hash, active, created_utc)
         VALUES ('Alex Rivera', '20417', 'dealer', ?1, 1, '2026-01-01T00:00:00Z')",
        [deckhand::store::people::hash_pin("112233").unwrap()],
    )
    .unwrap();
}

fn files(dir: &std::path::Path) -> Vec<String> {
    let mut v: Vec<String> = std::fs::read_dir(dir)
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .collect();
    v.sort();
    v
}

/// Item 2: an unsigned journal with rows is never signed by a start (the terminal's, a people
/// command's): it is refused, naming the command, with nothing made beside it. A dealer, a
/// wrong PIN or a broken chain cannot adopt it; a supervisor can, and the adoption row says
/// who and what was trusted (the rows and the head as walked, the schema, the new key).
#[test]
fn an_unsigned_journal_is_adopted_only_by_a_supervisor_and_says_what_it_trusted() {
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("unsigned.sqlite");
    unsigned_journal(&db);
    let before = files(dir.path());
    let refused = Store::open(&db)
        .err()
        .expect("an unsigned journal was signed");
    assert!(refused.to_string().contains("adopt-journal"), "{refused}");
    let path = db.to_str().unwrap();
    let (ok, text) = run_with_pin(
        &["people", "--db", path, "unlock", "--as", "3001", "20417"],
        "135790",
    );
    assert!(!ok && text.contains("adopt-journal"), "{text}");
    assert_eq!(files(dir.path()), before, "a refused start made files");

    for (who, pin, why) in [
        ("20417", "112233", "only a supervisor"),
        ("3001", "999999", "wrong PIN"),
        ("4444", "135790", "no active person"),
    ] {
        let (ok, text) = run_with_pin(&["adopt-journal", "--db", path, "--as", who], pin);
        assert!(!ok, "{who} adopted it: {text}");
        assert!(text.contains(why), "{who}: {text}");
    }
    assert_eq!(files(dir.path()), before, "a refused adoption made files");

    let (ok, text) = run_with_pin(&["adopt-journal", "--db", path, "--as", "3001"], "135790");
    assert!(ok, "{text}");
    assert!(text.contains("2 rows as walked"), "{text}");
    let rows = Store::open(&db).unwrap().all_rows().unwrap();
    let adoption = &rows[2];
    assert_eq!(adoption.kind, "journal_adopted");
    assert_eq!(adoption.actor_credential.as_deref(), Some("3001"));
    let v: serde_json::Value = serde_json::from_str(&adoption.payload).unwrap();
    assert_eq!(v["rows"], 2);
    assert_eq!(v["head_serial"], 2);
    assert_eq!(v["head_hash"], rows[1].hash.as_str());
    assert_eq!(v["schema"], 9);
    let (ok, text) = run(&["verify-log", "--db", path]);
    assert!(ok, "{text}");
    assert!(text.contains("key recorded at row 3"), "{text}");
    // Adopted once: a second adoption has nothing to adopt.
    let (ok, text) = run_with_pin(&["adopt-journal", "--db", path, "--as", "3001"], "135790");
    assert!(!ok && text.contains("nothing to adopt"), "{text}");

    // A broken chain is never adopted.
    let broken = dir.path().join("broken.sqlite");
    unsigned_journal(&broken);
    rusqlite::Connection::open(&broken)
        .unwrap()
        .execute_batch(
            "DROP TRIGGER IF EXISTS journal_no_update;
             UPDATE journal SET payload = '{\"pot\":9900}' WHERE serial = 1;",
        )
        .unwrap();
    let (ok, text) = run_with_pin(
        &[
            "adopt-journal",
            "--db",
            broken.to_str().unwrap(),
            "--as",
            "3001",
        ],
        "135790",
    );
    assert!(!ok && text.contains("broken at row 1"), "{text}");
    assert!(!default_key_path(&broken).exists(), "a key made for it");
}

/// Item 1, a deliberate rotation: `deckhand rotate-key` journals the new key endorsed by the
/// old one and signed by the supervisor, replaces the key file, and the journal opens with the
/// new key; the old key (from an older shift report) still names the journal. Refused while a
/// terminal holds the journal; a key file put back to the old key after it is named as an
/// unfinished rotation; a rotation the forger writes with their own key is not endorsed.
#[test]
fn a_rotation_is_endorsed_by_the_old_key_and_a_forged_one_is_refused() {
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("rotate.sqlite");
    let old = terminal_journal(&db);
    let path = db.to_str().unwrap();
    let key_file = default_key_path(&db);
    let old_file = std::fs::read(&key_file).unwrap();
    {
        // A running terminal holds the journal: no rotation under it.
        let _running = Store::open(&db).unwrap();
        let (ok, text) = run_with_pin(&["rotate-key", "--db", path, "--as", "3001"], "135790");
        assert!(!ok && text.contains("stop the terminal"), "{text}");
    }
    // A key planted where the next key is made is never the one endorsed.
    let planted = HeadKey::load_or_create(&deckhand::store::key_history::next_key_path(&key_file))
        .unwrap()
        .0
        .public_hex();
    let (ok, text) = run_with_pin(&["rotate-key", "--db", path, "--as", "3001"], "135790");
    assert!(ok, "{text}");
    let rows = Store::open(&db).unwrap().all_rows().unwrap();
    let rotation = rows
        .iter()
        .find(|r| r.kind == "signing_key_rotated")
        .unwrap();
    assert_eq!(rotation.actor_credential.as_deref(), Some("3001"));
    let v: serde_json::Value = serde_json::from_str(&rotation.payload).unwrap();
    assert_eq!(v["from"], old.as_str());
    let new = v["to"].as_str().unwrap().to_string();
    assert_ne!(new, old);
    assert_ne!(new, planted, "the planted key was endorsed");
    let (now, _) = HeadKey::load_or_create(&key_file).unwrap();
    assert_eq!(now.public_hex(), new, "the key file holds the new key");
    award(&db, 900);
    let head = Store::open(&db).unwrap().signed_head().unwrap().unwrap();
    assert_eq!(head.public_key, new, "heads signed by the new key");
    let (ok, text) = run(&["verify-log", "--db", path, "--key", &fp(&old)]);
    assert!(ok, "{text}");
    assert!(text.contains("one of the journal's keys"), "{text}");
    assert!(text.contains("rotated at row"), "{text}");

    // The old key file put back: the journal has moved on from it.
    let new_file = std::fs::read(&key_file).unwrap();
    std::fs::write(&key_file, &old_file).unwrap();
    let refused = Store::open(&db).err().expect("the old key signed on");
    assert!(
        refused.to_string().contains("rotation was not finished"),
        "{refused}"
    );
    std::fs::write(&key_file, &new_file).unwrap();

    // A forged rotation: appended with the forger's key as its endorsement, the key file
    // replaced and the head re-signed.
    let forger = HeadKey::load_or_create(&dir.path().join("forger.key"))
        .unwrap()
        .0;
    let endorsement = deckhand::store::key_history::endorse(&forger, "T-x", &forger.public_hex());
    {
        let conn = rusqlite::Connection::open(&db).unwrap();
        let last = crate::common::raw_rows(&db).pop().unwrap();
        let mut row = JournalRow {
            serial: last.serial + 1,
            prev_hash: last.hash.clone(),
            kind: "signing_key_rotated".into(),
            payload: serde_json::json!({
                "from": new, "to": forger.public_hex(), "endorsement": endorsement
            })
            .to_string(),
            hash: String::new(),
            ..last
        };
        row.hash = row.compute_hash();
        row.insert(&mut conn.prepare(INSERT_SQL).unwrap()).unwrap();
    }
    std::fs::copy(dir.path().join("forger.key"), &key_file).unwrap();
    crate::common::resign_head(&db);
    let (ok, text) = run(&["verify-log", "--db", path]);
    assert!(!ok, "{text}");
    assert!(text.contains("not endorsed by the key before it"), "{text}");
    assert!(Store::open(&db).is_err());
}

/// The downgrade with the key file taken away too: the journal looks like one from before
/// signing in every way but its rows, which record the key it was signed with. `adopt-journal`
/// refuses it, and `verify-log` says it was downgraded.
#[test]
fn a_downgrade_with_the_key_file_removed_is_never_adopted() {
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("down.sqlite");
    terminal_journal(&db);
    let pot = crate::common::raw_rows(&db)
        .into_iter()
        .rev()
        .find(|r| r.kind == "pot_awarded")
        .unwrap();
    crate::common::rechain(&db, pot.serial, |p| p.replace("800", "8000"));
    rusqlite::Connection::open(&db)
        .unwrap()
        .execute_batch(
            "DROP TABLE signed_head;
             DELETE FROM meta WHERE key = 'public_key';
             DROP INDEX journal_person_state;
             PRAGMA user_version = 9;",
        )
        .unwrap();
    std::fs::remove_file(default_key_path(&db)).unwrap();
    let path = db.to_str().unwrap();
    let (ok, text) = run(&["verify-log", "--db", path]);
    assert!(!ok, "{text}");
    assert!(text.contains("DOWNGRADED"), "{text}");
    let (ok, text) = run_with_pin(&["adopt-journal", "--db", path, "--as", "3001"], "135790");
    assert!(!ok, "a downgraded journal was adopted: {text}");
    assert!(text.contains("row 1 records a signing key"), "{text}");
    assert!(!default_key_path(&db).exists(), "a key made for it");
    let refused = Store::open(&db).err().expect("a downgraded journal opened");
    assert!(
        refused.to_string().contains("has been downgraded"),
        "{refused}"
    );
}
