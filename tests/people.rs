//! People, roles and signatures through the real binary and the terminal: the first
//! administrator, who may add whom, deactivation (never deletion), PIN resets, the wrong-PIN
//! lock-out, and signatures on the verification rows.

use deckhand::rules::table::{Command, Confirm, Person, Role, Step, TableSetup};
use deckhand::store::Store;
use deckhand::store::people::PinPolicy;
use deckhand::terminal::{PeopleChange, Terminal};
use std::io::Write;
use std::process::{Command as Proc, Stdio};

fn deckhand(db: &std::path::Path, args: &[&str], stdin: &str) -> (i32, String, String) {
    let mut child = Proc::new(env!("CARGO_BIN_EXE_deckhand"))
        .args(["people", "--db", db.to_str().unwrap()])
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let _ = child.stdin.take().unwrap().write_all(stdin.as_bytes());
    let out = child.wait_with_output().unwrap();
    (
        out.status.code().unwrap_or(-1),
        String::from_utf8(out.stdout).unwrap(),
        String::from_utf8(out.stderr).unwrap(),
    )
}

#[test]
fn people_are_managed_by_role_and_never_deleted() {
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("p.sqlite");
    let (code, out, _) = deckhand(&db, &["list"], "");
    assert_eq!((code, out.as_str()), (0, ""));
    // First start: the administrator, PIN typed twice.
    let (code, _, err) = deckhand(
        &db,
        &["init-admin", "--name", "Ada Admin", "--credential", "9001"],
        "8642\n8640\n",
    );
    assert_eq!(code, 1);
    assert!(err.contains("the two PINs differ"), "{err}");
    let (code, out, err) = deckhand(
        &db,
        &["init-admin", "--name", "Ada Admin", "--credential", "9001"],
        "8642\n8642\n",
    );
    assert_eq!(code, 0, "{err}");
    assert_eq!(out.trim(), "administrator Ada Admin (9001) created");
    let (code, _, err) = deckhand(
        &db,
        &["init-admin", "--name", "Eve", "--credential", "9002"],
        "1111\n1111\n",
    );
    assert_eq!(code, 1);
    assert!(err.contains("people already exist"), "{err}");
    // The administrator adds a supervisor; the supervisor adds a dealer and a floorperson.
    let add = |actor: &str, name: &str, cred: &str, role: &str, stdin: &str| {
        deckhand(
            &db,
            &[
                "add",
                "--as",
                actor,
                "--name",
                name,
                "--credential",
                cred,
                "--role",
                role,
            ],
            stdin,
        )
    };
    assert_eq!(
        add("9001", "Morgan Lee", "3001", "supervisor", "8642\n1357\n").0,
        0
    );
    assert_eq!(
        add("3001", "Alex Rivera", "20417", "dealer", "1357\n\n").0,
        0
    );
    assert_eq!(
        add("3001", "Dana Brooks", "1001", "floorperson", "1357\n2468\n").0,
        0
    );
    // A supervisor may not add a supervisor; a dealer nobody; a wrong PIN nothing.
    let (code, _, err) = add("3001", "Sly", "3002", "supervisor", "1357\n1111\n");
    assert_eq!(code, 1);
    assert!(
        err.contains("only an administrator manages supervisors"),
        "{err}"
    );
    let (code, _, err) = add("20417", "Sly", "3003", "dealer", "0000\n1111\n");
    assert_eq!(code, 1);
    assert!(
        err.contains("no active person has credential number 20417") || err.contains("PIN"),
        "{err}"
    );
    let (code, _, err) = add("3001", "Sly", "3004", "dealer", "9999\n\n");
    assert_eq!(code, 1);
    assert!(
        err.contains("wrong PIN for credential number 3001"),
        "{err}"
    );
    // Deactivate, never delete; reset a PIN.
    let (code, _, err) = deckhand(&db, &["deactivate", "--as", "3001", "20417"], "1357\n");
    assert_eq!(code, 0, "{err}");
    let (code, _, err) = deckhand(&db, &["deactivate", "--as", "3001", "3001"], "1357\n");
    assert_eq!(code, 1);
    assert!(err.contains("nobody deactivates themself"), "{err}");
    let (code, _, err) = deckhand(&db, &["reset-pin", "--as", "3001", "1001"], "1357\n97531\n");
    assert_eq!(code, 0, "{err}");
    let (_, out, _) = deckhand(&db, &["list"], "");
    assert!(out.contains("20417") && out.contains("inactive"), "{out}");
    assert!(
        !out.contains("2468") && !out.contains("97531"),
        "no PIN is ever shown"
    );
    // Every change is journaled with its signer.
    let conn = rusqlite::Connection::open(&db).unwrap();
    let changes: Vec<(String, Option<String>, Option<String>)> = conn
        .prepare("SELECT kind, actor_credential, credential FROM people_changes ORDER BY serial")
        .unwrap()
        .query_map([], |r| Ok((r.get(0)?, r.get(1)?, r.get(2)?)))
        .unwrap()
        .map(|r| r.unwrap())
        .collect();
    let signed = |kind: &str, actor: &str, cred: &str| {
        changes
            .iter()
            .any(|(k, a, c)| k == kind && a.as_deref() == Some(actor) && c.as_deref() == Some(cred))
    };
    assert!(
        signed("administrator_created", "9001", "9001"),
        "{changes:?}"
    );
    assert!(signed("person_added", "9001", "3001"));
    assert!(signed("person_added", "3001", "20417"));
    assert!(signed("person_deactivated", "3001", "20417"));
    assert!(signed("pin_reset", "3001", "1001"));
    assert!(changes.iter().any(|(k, _, _)| k == "verification_failed"));
    let refused: i64 = conn
        .query_row(
            "SELECT COUNT(*) FROM journal WHERE kind = 'people_change_refused'",
            [],
            |r| r.get(0),
        )
        .unwrap();
    assert!(refused >= 2);
    assert!(
        conn.execute("DELETE FROM people WHERE credential = '20417'", [])
            .is_err()
    );
}

fn setup() -> TableSetup {
    TableSetup {
        poker: Default::default(),
        table_no: 3,
        deck_colours: ["Red".into(), "Blue".into()],
        blinds: vec![100, 200],
        small_bet: 200,
        big_bet: 400,
        max_raises: 3,
        counting_shuffler: false,
        pot_rules: Default::default(),
    }
}

#[test]
fn lockout_deactivation_and_signatures_at_the_table() {
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("t.sqlite");
    let mut t = Terminal::open(Store::open(&db).unwrap(), None).unwrap();
    t.seed_demo_people().unwrap();
    t.set_pin_policy(PinPolicy {
        max_failures: 3,
        first_delay_seconds: 0,
        max_delay_seconds: 0,
    });
    t.sign_in("Alex Rivera", "20417").unwrap();
    t.execute(Command::OpenTable(setup())).unwrap();
    t.execute(Command::Confirm(Confirm::DecksInspected))
        .unwrap();
    // A dealer's credential never unlocks a floorperson's action.
    let e = t.verify("20533", "1234").unwrap_err();
    assert!(e.contains("no active person") || e.contains("PIN"), "{e}");
    // Three wrong PINs lock the floorperson's credential; the right one no longer works.
    assert!(
        t.verify("1001", "1111")
            .unwrap_err()
            .contains("2 more tries")
    );
    assert!(t.verify("1001", "1112").unwrap_err().contains("1 more try"));
    assert!(t.verify("1001", "1113").unwrap_err().contains("locked"));
    assert!(
        t.verify("1001", "2468")
            .unwrap_err()
            .contains("a supervisor must clear it")
    );
    assert_eq!(t.table().step(), Step::VerifyInspection, "nothing changed");
    // The supervisor clears it; the floorperson signs.
    t.manage_people(
        "3001",
        "1357",
        PeopleChange::ClearLockout {
            credential: "1001".into(),
        },
    )
    .unwrap();
    let fp = t.verify("1001", "2468").unwrap();
    assert_eq!(fp.role, Role::Floorperson);
    // A deactivated floorperson cannot sign; a deactivated dealer cannot sign in.
    t.manage_people(
        "3001",
        "1357",
        PeopleChange::Deactivate {
            credential: "1001".into(),
        },
    )
    .unwrap();
    t.manage_people(
        "3001",
        "1357",
        PeopleChange::Add {
            person: Person {
                name: "Kim Ortiz".into(),
                credential: "1002".into(),
                role: Role::Floorperson,
            },
            pin: Some("4321".into()),
        },
    )
    .unwrap();
    drop(t);
    let mut t = Terminal::open(Store::open(&db).unwrap(), None).unwrap();
    assert!(t.verify("1001", "2468").is_err());
    let conn = rusqlite::Connection::open(&db).unwrap();
    let verifier: String = conn
        .query_row(
            "SELECT verifier FROM verifications WHERE kind = 'inspection_verified'",
            [],
            |r| r.get(0),
        )
        .unwrap();
    assert_eq!(
        verifier, "1001",
        "the verification row carries the verifier"
    );
    let locked: i64 = conn
        .query_row(
            "SELECT COUNT(*) FROM journal WHERE kind = 'pin_locked_out'",
            [],
            |r| r.get(0),
        )
        .unwrap();
    assert!(locked >= 1);
    // A dealer cannot verify even with a PIN of their own.
    t.manage_people(
        "3001",
        "1357",
        PeopleChange::ResetPin {
            credential: "20533".into(),
            pin: "5555".into(),
        },
    )
    .unwrap();
    t.execute(Command::SignOut).unwrap();
    t.sign_in("Alex Rivera", "20417").unwrap();
    assert_eq!(t.table().step(), Step::PlayerInspection);
    // Sign-in refuses a floorperson as the dealer (the access policy).
    t.execute(Command::SignOut).unwrap();
    let e = t.sign_in("Kim Ortiz", "1002").unwrap_err();
    assert!(e.contains("is a floorperson"), "{e}");
}

/// People inside the record (issue 21, item 5): every people row carries the person as they
/// now are, and the people table is checked against the journal at sign-in, at every PIN and
/// by `verify-log`. A role raised or a PIN hash swapped with the `sqlite3`-level access a copy
/// of the file gives is refused by name and reported; a change made through the terminal is not.
#[test]
fn a_people_row_changed_outside_the_terminal_is_refused_and_reported() {
    let verify = |db: &std::path::Path| {
        let out = Proc::new(env!("CARGO_BIN_EXE_deckhand"))
            .args(["verify-log", "--db"])
            .arg(db)
            .output()
            .unwrap();
        (
            out.status.code().unwrap_or(-1),
            String::from_utf8_lossy(&out.stdout).to_string(),
        )
    };
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("people.sqlite");
    {
        let mut t = Terminal::open(Store::open(&db).unwrap(), None).unwrap();
        t.seed_demo_people().unwrap();
        // A change through the terminal: the new PIN is recorded with the person's state.
        t.manage_people(
            "3001",
            "1357",
            PeopleChange::ResetPin {
                credential: "1001".into(),
                pin: "8642".into(),
            },
        )
        .unwrap();
        t.check_pin("1001", "8642").unwrap();
    }
    let (code, out) = verify(&db);
    assert_eq!(code, 0, "{out}");
    assert!(out.contains("people: as the journal records them"), "{out}");

    // A dealer made an administrator, and the floorperson's PIN hash swapped for the
    // supervisor's, by someone with the file.
    let conn = rusqlite::Connection::open(&db).unwrap();
    conn.execute(
        "UPDATE people SET role = 'administrator' WHERE credential = '20417'",
        [],
    )
    .unwrap();
    conn.execute(
        "UPDATE people SET pin_hash = (SELECT pin_hash FROM people WHERE credential = '3001') WHERE credential = '1001'",
        [],
    )
    .unwrap();
    drop(conn);
    let mut t = Terminal::open(Store::open(&db).unwrap(), None).unwrap();
    let e = t.sign_in("Alex Rivera", "20417").unwrap_err();
    assert!(e.contains("does not match the journal"), "{e}");
    assert!(
        e.contains("role \"administrator\" in the people table, \"dealer\" in the journal"),
        "{e}"
    );
    let e = t.check_pin("1001", "1357").unwrap_err();
    assert!(
        e.contains("does not match the journal") && e.contains("the PIN"),
        "{e}"
    );
    // Someone untouched still signs.
    t.check_pin("3001", "1357").unwrap();
    drop(t);
    let (code, out) = verify(&db);
    assert_eq!(code, 1, "{out}");
    assert!(out.contains("people: 20417: role"), "{out}");
    assert!(out.contains("people: 1001: the PIN"), "{out}");
    let conn = rusqlite::Connection::open(&db).unwrap();
    let refusals: i64 = conn
        .query_row(
            "SELECT COUNT(*) FROM journal WHERE kind = 'people_record_mismatch'",
            [],
            |r| r.get(0),
        )
        .unwrap();
    assert_eq!(refusals, 2);
}
