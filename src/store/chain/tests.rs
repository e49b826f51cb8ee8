//! The chain walk against serde_json and the journal's hashes: every escape, every length,
//! ranges on every core, and the cache of the connection that asked.

use super::*;

/// Every single byte, at every place in a run of plain text, escapes as serde_json does
/// (the run copying must miss none).
#[test]
fn every_byte_at_every_place_escapes_as_serde_json_does() {
    let mut out = Vec::new();
    for b in 0u8..0x80 {
        for at in 0..17 {
            let mut text = vec![b'x'; 17];
            text[at] = b;
            out.resize(json_str_room(text.len()), 0);
            let end = push_json_str(&mut out, 0, &text);
            out.truncate(end);
            let want = serde_json::to_string(std::str::from_utf8(&text).unwrap()).unwrap();
            assert_eq!(out, want.as_bytes(), "byte {b:#04x} at {at}");
        }
    }
}

/// Strings of every length up to 40 drawn from the bytes that matter (quotes, backslashes,
/// control characters, runs of plain text, two-, three- and four-byte UTF-8), escaped into
/// a buffer left dirty by the string before: each is what `serde_json` writes.
#[test]
fn mixed_strings_of_every_length_escape_as_serde_json_does() {
    let alphabet = [
        "\"",
        "\\",
        "\n",
        "\u{1}",
        "\u{1f}",
        "\u{8}",
        "a",
        "bcdefghij",
        " ",
        "é",
        "♠",
        "🂡",
        "\u{7f}",
        "/",
    ];
    let mut seed: u64 = 0x2545_f491_4f6c_dd1d;
    let mut next = || {
        seed ^= seed << 13;
        seed ^= seed >> 7;
        seed ^= seed << 17;
        seed
    };
    let mut out = vec![0xAA; 16];
    for round in 0..20_000 {
        let len = round % 41;
        let text: String = (0..len)
            .map(|_| alphabet[(next() % alphabet.len() as u64) as usize])
            .collect();
        if out.len() < json_str_room(text.len()) {
            out.resize(json_str_room(text.len()), 0xAA);
        }
        let end = push_json_str(&mut out, 0, text.as_bytes());
        let want = serde_json::to_string(&text).unwrap();
        assert_eq!(&out[..end], want.as_bytes(), "{text:?}");
    }
}

/// The hand-written input is byte for byte what `serde_json` writes for the same array,
/// for every byte a field may hold (control characters, quotes, backslashes, UTF-8).
#[test]
fn the_hash_input_is_serde_jsons_bytes() {
    let mut odd: Vec<String> = vec![
        String::new(),
        "plain".into(),
        "quote \" backslash \\ slash /".into(),
        "tab\there\r\nnew\u{8}\u{c}".into(),
        "émoji 🂡 ♠ \u{7f} \u{2028}".into(),
        "{\"kind\":\"x\",\"n\":[1,2]}".into(),
    ];
    odd.push((0u8..0x20).map(char::from).collect());
    let mut buf = Vec::new();
    for (i, s) in odd.iter().enumerate() {
        let t = odd[(i + 3) % odd.len()].clone();
        let fields = [
            Field::Int(i as i64 + 1),
            Field::Text(s.as_bytes()),
            Field::Text(t.as_bytes()),
            Field::Int(-(i as i64) * 1_000_000_007),
            Field::Int(if i % 3 == 0 { i64::MIN } else { i64::MAX }),
            Field::Text(b"table"),
            if i % 2 == 0 {
                Field::Int(12)
            } else {
                Field::Null
            },
            Field::Null,
            Field::Text(s.as_bytes()),
            Field::Text(b"kind"),
            Field::Text(t.as_bytes()),
            Field::Text(s.as_bytes()),
        ];
        let got = hash_input(&mut buf, &fields).to_vec();
        let want = serde_json::json!([
            i as i64 + 1,
            s,
            t,
            -(i as i64) * 1_000_000_007,
            if i % 3 == 0 { i64::MIN } else { i64::MAX },
            "table",
            if i % 2 == 0 { Some(12) } else { None },
            None::<String>,
            s,
            "kind",
            t,
            s,
        ])
        .to_string();
        assert_eq!(String::from_utf8(got).unwrap(), want);
    }
}

/// A journal of `rows` system rows at `path`, appended 1,000 at a time, each payload with
/// `text` to escape; its head.
fn long_journal(path: &std::path::Path, rows: i64, text: &str) -> (i64, String) {
    use crate::store::{Entry, RowContext, Store};
    let mut s = Store::open(path).unwrap();
    let mut n = 0;
    while n < rows {
        let batch: Vec<Entry> = (n..(n + 1_000).min(rows))
            .map(|i| Entry::system("n", serde_json::json!({"i": i, "t": text})))
            .collect();
        n += batch.len() as i64;
        s.append(&RowContext::default(), &batch).unwrap();
    }
    s.head().unwrap()
}

/// A `reopen` that can open nothing, as when the process has no file descriptors left.
fn refused() -> Result<Connection> {
    Err(crate::store::StoreError::Invalid("no more files".into()))
}

/// The ranges the cores take give the verdict one walk of the whole journal gives, for an
/// intact journal and for each way a row can be changed or removed: at a seam between
/// ranges (either side), inside one, at the first row, a whole range gone, and two breaks
/// (the first in serial order reported, though the later one is found first). The
/// production split (ranges of [`CHUNK`] on every core), a finer one (ranges of 1,000 on
/// four threads), and one where no other thread can open the journal, alike.
#[test]
fn ranges_on_every_core_find_what_one_walk_finds() {
    use crate::store::reopener;
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("long.sqlite");
    let c = CHUNK;
    let rows = 3 * c + 100;
    assert!(
        rows >= PARALLEL_FROM,
        "the production split is the one tested"
    );
    let head = long_journal(&path, rows, "a\"b\\c\n");
    let copy = |name: &str, sql: &str| {
        let to = dir.path().join(format!("{name}.sqlite"));
        let src = Connection::open(&path).unwrap();
        src.execute("VACUUM INTO ?1", [to.to_str().unwrap()])
            .unwrap();
        let raw = Connection::open(&to).unwrap();
        raw.execute_batch(&format!(
            "DROP TRIGGER journal_no_update; DROP TRIGGER journal_no_delete; {sql}"
        ))
        .unwrap();
        to
    };
    let verdicts = |p: &std::path::Path| {
        let reopen = reopener(p);
        let conn = reopen().unwrap();
        let last = last_serial(&conn).unwrap();
        // Threads that cannot open the journal take no range: this one walks them all.
        let alone = verify_in(&conn, &refused, last, 4, 1_000).unwrap();
        (
            verify_in(&conn, &reopen, last, 1, last).unwrap(),
            verify(&conn, &reopen).unwrap(),
            verify_in(&conn, &reopen, last, 4, 1_000).unwrap(),
            alone,
        )
    };
    let (one, cores, fine, alone) = verdicts(&path);
    assert_eq!(
        one,
        ChainStatus::Intact {
            rows: head.0,
            head: head.1
        }
    );
    assert_eq!((&cores, &fine, &alone), (&one, &one, &one));
    let alter =
        |serial: i64| format!("UPDATE journal SET payload = '{{}}' WHERE serial = {serial};");
    let altered = "its contents do not match its hash (altered)";
    let cases: Vec<(String, String, i64, String)> = vec![
        ("first".into(), alter(1), 1, altered.into()),
        ("seam-last".into(), alter(c), c, altered.into()),
        ("seam-first".into(), alter(c + 1), c + 1, altered.into()),
        ("inside".into(), alter(c + 4_321), c + 4_321, altered.into()),
        (
            "seam-prev".into(),
            format!(
                "UPDATE journal SET prev_hash = hash WHERE serial = {};",
                2 * c + 1
            ),
            2 * c + 1,
            "its previous hash does not match the row before".into(),
        ),
        (
            "gone-seam-first".into(),
            format!("DELETE FROM journal WHERE serial = {};", 2 * c + 1),
            2 * c + 1,
            format!("row {} is missing (next is {})", 2 * c + 1, 2 * c + 2),
        ),
        (
            "gone-seam-last".into(),
            format!("DELETE FROM journal WHERE serial = {};", 2 * c),
            2 * c,
            format!("row {} is missing (next is {})", 2 * c, 2 * c + 1),
        ),
        (
            "gone-run".into(),
            format!(
                "DELETE FROM journal WHERE serial BETWEEN {} AND {};",
                c - 10,
                c + 10
            ),
            c - 10,
            format!("row {} is missing (next is {})", c - 10, c + 11),
        ),
        (
            "gone-first".into(),
            "DELETE FROM journal WHERE serial = 1;".into(),
            1,
            "row 1 is missing (next is 2)".into(),
        ),
        (
            "gone-range".into(),
            format!(
                "DELETE FROM journal WHERE serial BETWEEN {} AND {};",
                c + 1,
                2 * c
            ),
            c + 1,
            format!("row {} is missing (next is {})", c + 1, 2 * c + 1),
        ),
        (
            "gone-fine-range".into(),
            "DELETE FROM journal WHERE serial BETWEEN 2001 AND 3000;".into(),
            2_001,
            "row 2001 is missing (next is 3001)".into(),
        ),
        // Two breaks, the later one near the start of its range and found first: the
        // earlier one, near the end of the range before, is the one reported.
        (
            "two".into(),
            format!("{} {}", alter(c + 2), alter(c - 1)),
            c - 1,
            altered.into(),
        ),
        (
            "two-fine".into(),
            format!("{} {}", alter(1_002), alter(999)),
            999,
            altered.into(),
        ),
    ];
    for (name, sql, serial, problem) in cases {
        let (one, cores, fine, alone) = verdicts(&copy(&name, &sql));
        assert_eq!(
            one,
            ChainStatus::Broken {
                serial,
                problem: problem.clone()
            },
            "{name}: one walk"
        );
        assert_eq!(cores, one, "{name}: on every core");
        assert_eq!(fine, one, "{name}: in ranges of 1,000");
        assert_eq!(alone, one, "{name}: one thread able to open the journal");
    }
}

/// The bytes of pages in `conn`'s page cache (`SQLITE_DBSTATUS_CACHE_USED`).
fn cache_used(conn: &Connection) -> i64 {
    crate::store::db_status(conn, rusqlite::ffi::SQLITE_DBSTATUS_CACHE_USED, false)
}

/// Every walker reads on a connection of its own with a small page cache: the connection
/// that asks (the writer's at the start; here with a cache of 16 MiB) keeps none of the
/// journal's pages. Walked on it, as when no other connection can be opened, it keeps
/// megabytes.
#[test]
fn a_walk_leaves_no_pages_in_the_cache_of_the_connection_that_asked() {
    use crate::store::reopener;
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("long.sqlite");
    let rows = 2 * CHUNK + 5_000;
    assert!(
        rows >= PARALLEL_FROM,
        "the walk on every core is the one tested"
    );
    long_journal(&path, rows, "a\"b");
    let asking = || {
        let conn = reopener(&path)().unwrap();
        conn.pragma_update(None, "cache_size", -16_384).unwrap();
        conn
    };
    let intact =
        |status: ChainStatus| matches!(status, ChainStatus::Intact { rows: r, .. } if r == rows);

    let conn = asking();
    assert!(intact(verify(&conn, &reopener(&path)).unwrap()));
    let kept = cache_used(&conn);
    assert!(
        kept < 64 * 1024,
        "the asking connection kept {kept} bytes of pages"
    );

    let conn = asking();
    let last = last_serial(&conn).unwrap();
    assert!(intact(verify_in(&conn, &refused, last, 2, CHUNK).unwrap()));
    let kept = cache_used(&conn);
    assert!(
        kept > 4 << 20,
        "walked on the asking connection, it kept {kept} bytes"
    );
}
