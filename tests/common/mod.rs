//! Helpers shared by the integration tests (each test file uses what it needs).
#![allow(dead_code)]

use deckhand::rules::cards::Card;
use deckhand::store::JournalRow;

pub mod cluster;
pub mod floor;
pub mod machine;
pub mod pdf;
pub mod play;
pub mod poker;
pub mod server_meter;
pub mod settle;
pub mod sources;
pub mod terminal;
pub mod ui;

/// splitmix64: a small seeded generator, so every run checks the same cases.
pub struct Rng(pub u64);

impl Rng {
    pub fn next(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    }

    /// A number below `n` (0 when `n` is 0).
    pub fn below(&mut self, n: u64) -> u64 {
        if n == 0 { 0 } else { self.next() % n }
    }

    /// A number from `lo` to `hi`, both included.
    pub fn range(&mut self, lo: i64, hi: i64) -> i64 {
        lo + self.below((hi - lo + 1).max(1) as u64) as i64
    }

    /// `n` distinct cards from a shuffled deck.
    pub fn deal(&mut self, n: usize) -> Vec<Card> {
        let mut d: Vec<Card> = (0..52).filter_map(Card::from_index).collect();
        for i in 0..n {
            let j = i + (self.next() % (52 - i) as u64) as usize;
            d.swap(i, j);
        }
        d.truncate(n);
        d
    }
}

/// The journal kinds a table opening and one Hold'em round to a showdown must leave, with a
/// wrong PIN tried once at the floorperson's verification.
pub const ROUND_KINDS: [&str; 16] = [
    "dealer_signed_in",
    "table_opened",
    "decks_inspected",
    "verification_failed",
    "inspection_verified",
    "players_inspected",
    "decks_washed",
    "shuffle_requested",
    "deck_counted",
    "round_started",
    "bets_posted",
    "cards_dealt",
    "player_acted",
    "showdown_recorded",
    "losing_hands_counted",
    "pot_awarded",
];

/// Fails naming the first kind of `expected` the journal lacks.
pub fn assert_kinds(rows: &[JournalRow], expected: &[&str]) {
    let kinds: Vec<&str> = rows.iter().map(|r| r.kind.as_str()).collect();
    for k in expected {
        assert!(kinds.contains(k), "missing {k} in {kinds:?}");
    }
}

/// The kinds a generated journal cycles through.
pub const GEN_KINDS: [&str; 8] = [
    "deck_counted",
    "irregularity",
    "player_acted",
    "round_started",
    "removal_verified",
    "progressive_hit",
    "shuffler_link",
    "pot_awarded",
];

/// The generated row for `serial` of `rows`: (table, dealer, kind, ts_utc).
pub fn gen_row(serial: i64, rows: i64) -> (i64, String, &'static str, String) {
    let start = chrono::DateTime::parse_from_rfc3339("2026-10-01T00:00:00Z")
        .unwrap()
        .with_timezone(&chrono::Utc);
    let span_ms = 30 * 24 * 3600 * 1000i64;
    let ts = start + chrono::Duration::milliseconds(serial * span_ms / rows);
    (
        1 + serial % 20,
        format!("{}", 20000 + serial % 50),
        GEN_KINDS[(serial as usize * 7919) % GEN_KINDS.len()],
        ts.to_rfc3339_opts(chrono::SecondsFormat::Micros, true),
    )
}

/// Writes a hash-chained journal of `rows` rows straight into a fresh database.
pub fn generate_journal(path: &std::path::Path, rows: i64) {
    use deckhand::store::{INSERT_SQL, JournalRow, Store};
    drop(Store::open(path).unwrap());
    let mut conn = rusqlite::Connection::open(path).unwrap();
    conn.pragma_update(None, "synchronous", "OFF").unwrap();
    let tx = conn.transaction().unwrap();
    {
        let mut stmt = tx.prepare(INSERT_SQL).unwrap();
        let mut prev = "0".repeat(64);
        for serial in 1..=rows {
            let (table, dealer, kind, ts) = gen_row(serial, rows);
            let payload = if serial % 1000 == 0 {
                format!(r#"{{"note":"needle {serial}","section":"§ 637a.18"}}"#)
            } else {
                format!(r#"{{"n":{serial}}}"#)
            };
            let mut row = JournalRow {
                serial,
                terminal_id: "T-gen".into(),
                ts_utc: ts,
                mono_ns: serial,
                session: 1,
                stream: "table".into(),
                table_no: Some(table),
                dealer_credential: Some(dealer),
                actor_credential: None,
                kind: kind.into(),
                payload,
                prev_hash: prev,
                hash: String::new(),
            };
            row.hash = row.compute_hash();
            row.insert(&mut stmt).unwrap();
            prev = row.hash;
        }
    }
    tx.commit().unwrap();
    drop(conn);
    resign_head(path);
}

/// Signs the journal's last row with the terminal's key (beside the database), as the writer
/// does at every commit: for journals a test writes or rewrites row by row.
pub fn resign_head(db: &std::path::Path) {
    let key = deckhand::store::signing::default_key_path(db);
    let (key, _) = deckhand::store::signing::HeadKey::load_or_create(&key).unwrap();
    key.sign_last_row(&rusqlite::Connection::open(db).unwrap())
        .unwrap();
}

/// Rewrites row `serial`'s payload with `edit` and recomputes the hash chain from it on, as
/// someone with write access to the file could (the signed head is left as it was: a caller
/// that holds the key re-signs it with [`resign_head`]).
pub fn rechain(db: &std::path::Path, serial: i64, edit: impl Fn(&str) -> String) {
    let all = raw_rows(db);
    let conn = rusqlite::Connection::open(db).unwrap();
    conn.execute_batch("DROP TRIGGER IF EXISTS journal_no_update;")
        .unwrap();
    let mut prev = all
        .iter()
        .find(|r| r.serial == serial)
        .map(|r| r.prev_hash.clone())
        .unwrap();
    for r in all.iter().filter(|r| r.serial >= serial) {
        let mut r = r.clone();
        if r.serial == serial {
            r.payload = edit(&r.payload);
        }
        r.prev_hash = prev;
        r.hash = r.compute_hash();
        conn.execute(
            "UPDATE journal SET payload = ?1, prev_hash = ?2, hash = ?3 WHERE serial = ?4",
            rusqlite::params![r.payload, r.prev_hash, r.hash, r.serial],
        )
        .unwrap();
        prev = r.hash;
    }
}

/// `deckhand ARGS` with `input` on its standard input: the output, waited for.
pub fn deckhand_with_input(args: &[&str], input: &[u8]) -> std::process::Output {
    use std::io::Write as _;
    let mut child = std::process::Command::new(env!("CARGO_BIN_EXE_deckhand"))
        .args(args)
        .stdin(std::process::Stdio::piped())
        .stdout(std::process::Stdio::piped())
        .stderr(std::process::Stdio::piped())
        .spawn()
        .unwrap();
    child.stdin.take().unwrap().write_all(input).unwrap();
    child.wait_with_output().unwrap()
}

/// The files of the journal `name` in `dir` (the database, its `-wal`/`-shm`, the commit
/// logs), not its signing key: what a copy of the journal is.
pub fn journal_files(dir: &std::path::Path, name: &str) -> Vec<std::path::PathBuf> {
    std::fs::read_dir(dir)
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| {
            let n = p.file_name().unwrap().to_string_lossy().into_owned();
            n.starts_with(name) && !n.ends_with(".key")
        })
        .collect()
}

/// Puts the copy of journal `name` kept in `from` back in `dir`, its newer files (commit logs
/// included) gone: a journal restored from an older copy.
pub fn restore_copy(dir: &std::path::Path, from: &std::path::Path, name: &str) {
    for f in journal_files(dir, name) {
        std::fs::remove_file(f).unwrap();
    }
    for f in journal_files(from, name) {
        std::fs::copy(&f, dir.join(f.file_name().unwrap())).unwrap();
    }
}

/// A row's context at table 12 with dealer 20417 signed in.
pub fn table_ctx() -> deckhand::store::RowContext {
    deckhand::store::RowContext {
        table_no: Some(12),
        dealer_credential: Some("20417".into()),
        actor_credential: None,
    }
}

/// `deckhand ARGS`, waited for.
pub fn deckhand(args: &[&str]) -> std::process::Output {
    std::process::Command::new(env!("CARGO_BIN_EXE_deckhand"))
        .args(args)
        .output()
        .unwrap()
}

/// Adds supervisor 3001 (PIN 135790) to a journal written by an older version, row by row.
pub fn old_supervisor(conn: &rusqlite::Connection) {
    conn.execute(
        "INSERT INTO people (name, credential, role, pin_hash, active, created_utc)
         VALUES ('Sam Okafor', '3001', 'supervisor', ?1, 1, '2026-01-01T00:00:00Z')",
        [deckhand::store::people::hash_pin("135790").unwrap()],
    )
    .unwrap();
}

/// Adopts an unsigned journal as supervisor 3001 would (`deckhand adopt-journal`).
pub fn adopt(db: &std::path::Path) -> deckhand::store::Store {
    let key = deckhand::store::signing::default_key_path(db);
    deckhand::store::Store::adopt_unsigned(db, &key, "3001", "135790")
        .unwrap()
        .0
}

/// Every journal row as the file holds it, read with SQL alone (as a forger reads it: no store
/// opened, nothing checked).
pub fn raw_rows(db: &std::path::Path) -> Vec<JournalRow> {
    let conn = rusqlite::Connection::open(db).unwrap();
    let sql = format!(
        "SELECT {} FROM journal ORDER BY serial",
        deckhand::store::Store::COLUMNS
    );
    let mut stmt = conn.prepare(&sql).unwrap();
    stmt.query_map([], deckhand::store::Store::read_row)
        .unwrap()
        .map(|r| r.unwrap())
        .collect()
}

/// Rows written into a journal by an older version, chained by hand from the genesis: each
/// `(kind, payload)` of `stream`, terminal T-old, table 12.
pub fn old_rows(conn: &rusqlite::Connection, stream: &str, rows: &[(&str, String)]) {
    let mut prev = deckhand::store::GENESIS.to_string();
    for (i, (kind, payload)) in rows.iter().enumerate() {
        let serial = i as i64 + 1;
        let mut row = JournalRow {
            serial,
            terminal_id: "T-old".into(),
            ts_utc: "2026-01-01T00:00:00.000000Z".into(),
            mono_ns: serial,
            session: 1,
            stream: stream.into(),
            table_no: Some(12),
            dealer_credential: Some("20417".into()),
            actor_credential: None,
            kind: kind.to_string(),
            payload: payload.clone(),
            prev_hash: prev.clone(),
            hash: String::new(),
        };
        row.hash = row.compute_hash();
        row.insert(&mut conn.prepare(deckhand::store::INSERT_SQL).unwrap())
            .unwrap();
        prev = row.hash;
    }
}

/// A person as the people file names them: `name`, `credential` and `role`.
pub fn person(
    name: &str,
    credential: &str,
    role: deckhand::rules::table::Role,
) -> deckhand::rules::table::Person {
    deckhand::rules::table::Person {
        name: name.into(),
        credential: credential.into(),
        role,
    }
}

/// The serials of the terminal's recent rows (kept from what it wrote and read back) and of the
/// database's newest rows, to be compared.
pub fn recent_serials(t: &deckhand::terminal::Terminal) -> (Vec<i64>, Vec<i64>) {
    let cached: Vec<i64> = t.recent_log().map(|r| r.serial).collect();
    let stored: Vec<i64> = t
        .store()
        .recent(deckhand::terminal::RECENT_ROWS)
        .unwrap()
        .iter()
        .map(|r| r.serial)
        .collect();
    (cached, stored)
}
