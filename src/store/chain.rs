//! The chain's hash input, written without building JSON values, and the verification of a
//! journal at hash speed: rows read as borrowed bytes, one reused buffer per thread, and the
//! serials cut into ranges the cores take in turn (each row's `prev_hash` is stored, so ranges
//! are independent and only their seams are joined).
//!
//! The hash input is the compact JSON array of the row's fields but the hash
//! (`[serial,"terminal_id","ts_utc",mono_ns,session,"stream",table_no,"dealer","actor","kind",
//! "payload","prev_hash"]`, `null` for an absent field), byte for byte what `serde_json`
//! writes for that array: the layout every journal was hashed with.

use super::{ChainStatus, Result};
use rusqlite::Connection;
use rusqlite::types::ValueRef;
use sha2::{Digest, Sha256};

/// One in each byte.
const ONES: u64 = 0x0101_0101_0101_0101;

/// The high bit of each byte of the little-endian word `w` that JSON escapes: `"`, `\`, or
/// a control character below 0x20. Exact in every byte (no borrow or carry crosses a byte:
/// only the low seven bits are added), so every flag is one to escape.
#[inline(always)]
fn escapes(w: u64) -> u64 {
    const LOW7: u64 = ONES * 0x7F;
    // A byte's high bit is clear in `sum | v` exactly when the byte of `v` is below 0x80
    // and its low seven bits plus the byte of `add` stay below 0x80.
    let clear = |v: u64, add: u64| ((v & LOW7) + add) | v;
    let quote = w ^ (ONES * b'"' as u64);
    let backslash = w ^ (ONES * b'\\' as u64);
    !(clear(quote, LOW7) & clear(backslash, LOW7) & clear(w, ONES * (0x80 - 0x20))) & (ONES << 7)
}

/// The most bytes [`push_json_str`] may touch for a string of `len` bytes: the quotes, six
/// bytes for each escaped byte at worst (`\u00XX`) and the last word written whole.
const fn json_str_room(len: usize) -> usize {
    2 + 6 * len + 8
}

/// Writes `s` as a JSON string into `dst` from `at`, escaped exactly as `serde_json` escapes
/// it: `"` and `\` backslashed, the control characters below 0x20 as `\b \t \n \f \r` or
/// `\u00XX`, every other byte (UTF-8 included) as it is; returns where it ended. `dst` must
/// have [`json_str_room`] bytes from `at`.
///
/// Eight bytes at a time, with no branch on each byte and no loop that waits on the one
/// before: a word is loaded, its escaped bytes found at once, and written whole, each escape
/// written over its byte with the rest of the word after it. The payload's runs between
/// quotes are a few bytes, so this matters more than long runs do.
pub(crate) fn push_json_str(dst: &mut [u8], at: usize, s: &[u8]) -> usize {
    const HEX: &[u8; 16] = b"0123456789abcdef";
    /// The letter after the backslash for the bytes with a short escape, 0 for the rest
    /// (`\u00XX`). A table, not a `match`: a jump table's indirect branch mispredicts.
    const SHORT_ESCAPE: [u8; 256] = {
        let mut t = [0u8; 256];
        t[b'"' as usize] = b'"';
        t[b'\\' as usize] = b'\\';
        t[0x08] = b'b';
        t[0x0C] = b'f';
        t[b'\n' as usize] = b'n';
        t[b'\r' as usize] = b'r';
        t[b'\t' as usize] = b't';
        t
    };
    let mut o = at;
    dst[o] = b'"';
    o += 1;
    let mut i = 0;
    while i < s.len() {
        let left = s.len() - i;
        let w = if left >= 8 {
            u64::from_le_bytes(s[i..i + 8].try_into().unwrap_or_default())
        } else {
            // The last few bytes, padded with spaces (never escaped) above them: shifted down
            // out of the string's last word when it has one (no copy through memory, which
            // would stall the load that follows), or gathered byte by byte.
            let spaces = (ONES * b' ' as u64) << (8 * left);
            if s.len() >= 8 {
                let last = u64::from_le_bytes(s[s.len() - 8..].try_into().unwrap_or_default());
                (last >> (8 * (8 - left))) | spaces
            } else {
                s[i..].iter().rev().fold(0u64, |w, &b| (w << 8) | b as u64) | spaces
            }
        };
        let n = left.min(8);
        // The word is written whole; each escaped byte in it is written over by its escape,
        // followed by the word's bytes after it, shifted down from the register.
        dst[o..o + 8].copy_from_slice(&w.to_le_bytes());
        let mut m = escapes(w);
        let mut from = 0;
        while m != 0 {
            let k = (m.trailing_zeros() / 8) as usize;
            m &= m - 1;
            o += k - from;
            let b = (w >> (8 * k)) as u8;
            let short = SHORT_ESCAPE[b as usize];
            dst[o] = b'\\';
            if short != 0 {
                dst[o + 1] = short;
                o += 2;
            } else {
                dst[o + 1..o + 6].copy_from_slice(&[
                    b'u',
                    b'0',
                    b'0',
                    HEX[(b >> 4) as usize],
                    HEX[(b & 0xF) as usize],
                ]);
                o += 6;
            }
            from = k + 1;
            let after = w.checked_shr(8 * from as u32).unwrap_or(0);
            dst[o..o + 8].copy_from_slice(&after.to_le_bytes());
        }
        o += n - from;
        i += n;
    }
    dst[o] = b'"';
    o + 1
}

/// Writes an integer in decimal, as `serde_json` writes it, into `dst` from `at` (21 bytes
/// of room); returns where it ended.
fn push_int(dst: &mut [u8], at: usize, n: i64) -> usize {
    let mut digits = [0u8; 20];
    let mut d = digits.len();
    let mut v = n.unsigned_abs();
    loop {
        d -= 1;
        digits[d] = b'0' + (v % 10) as u8;
        v /= 10;
        if v == 0 {
            break;
        }
    }
    let mut o = at;
    if n < 0 {
        dst[o] = b'-';
        o += 1;
    }
    let len = digits.len() - d;
    dst[o..o + len].copy_from_slice(&digits[d..]);
    o + len
}

/// One field of the hash input.
#[derive(Clone, Copy)]
pub(crate) enum Field<'a> {
    Int(i64),
    Text(&'a [u8]),
    Null,
}

/// Writes the hash input of a row's twelve fields (serial to prev_hash) into `out` and
/// returns it. `out` is scratch: it grows to the room the fields may need and never shrinks,
/// so a buffer reused from row to row is written without being cleared or grown again.
pub(crate) fn hash_input<'b>(out: &'b mut Vec<u8>, fields: &[Field<'_>; 12]) -> &'b [u8] {
    let room = 2 + fields
        .iter()
        .map(|f| match f {
            Field::Int(_) => 21 + 1,
            Field::Text(s) => json_str_room(s.len()) + 1,
            Field::Null => 4 + 1,
        })
        .sum::<usize>();
    if out.len() < room {
        out.resize(room, 0);
    }
    let dst = out.as_mut_slice();
    dst[0] = b'[';
    let mut o = 1;
    for (i, f) in fields.iter().enumerate() {
        if i > 0 {
            dst[o] = b',';
            o += 1;
        }
        o = match f {
            Field::Int(n) => push_int(dst, o, *n),
            Field::Text(s) => push_json_str(dst, o, s),
            Field::Null => {
                dst[o..o + 4].copy_from_slice(b"null");
                o + 4
            }
        };
    }
    dst[o] = b']';
    &out[..o + 1]
}

/// Each byte's two lowercase hex digits.
const HEX_PAIRS: [[u8; 2]; 256] = {
    const HEX: &[u8; 16] = b"0123456789abcdef";
    let mut t = [[0u8; 2]; 256];
    let mut b = 0;
    while b < 256 {
        t[b] = [HEX[b >> 4], HEX[b & 0xF]];
        b += 1;
    }
    t
};

/// The hex of SHA-256 over `input`, on the stack.
pub(crate) fn hex_digest(input: &[u8]) -> [u8; 64] {
    let d = Sha256::digest(input);
    let mut out = [0u8; 64];
    for (pair, b) in out.chunks_exact_mut(2).zip(d.iter()) {
        pair.copy_from_slice(&HEX_PAIRS[*b as usize]);
    }
    out
}

/// What one range of serials showed.
struct Range {
    /// The `prev_hash` of its first row (none when that row is missing), and the hash of its
    /// last (to join with neighbours).
    first_prev: Option<Vec<u8>>,
    last_hash: Vec<u8>,
    broken: Option<ChainStatus>,
}

fn field(v: ValueRef<'_>) -> Field<'_> {
    match v {
        ValueRef::Integer(n) => Field::Int(n),
        ValueRef::Text(t) | ValueRef::Blob(t) => Field::Text(t),
        ValueRef::Null => Field::Null,
        // No journal column holds a real; written as text it could never match a hash.
        ValueRef::Real(_) => Field::Text(b"\x00real"),
    }
}

/// Walks serials `from..=to` on `conn`: each present, each hash recomputed from the stored
/// bytes, each `prev_hash` the hash before it within the range.
fn walk_range(conn: &Connection, from: i64, to: i64) -> Result<Range> {
    let mut stmt = conn.prepare_cached(
        "SELECT serial, terminal_id, ts_utc, mono_ns, session, stream, table_no,
                dealer_credential, actor_credential, kind, payload, prev_hash, hash
         FROM journal WHERE serial BETWEEN ?1 AND ?2 ORDER BY serial",
    )?;
    let mut rows = stmt.query([from, to])?;
    let mut buf = Vec::with_capacity(1024);
    let mut expected = from;
    let mut prev: Vec<u8> = Vec::with_capacity(64);
    let mut range = Range {
        first_prev: None,
        last_hash: Vec::new(),
        broken: None,
    };
    let broken = |serial: i64, problem: String| Some(ChainStatus::Broken { serial, problem });
    while let Some(r) = rows.next()? {
        let f = |i: usize| r.get_ref(i).map(field);
        let fields = [
            f(0)?,
            f(1)?,
            f(2)?,
            f(3)?,
            f(4)?,
            f(5)?,
            f(6)?,
            f(7)?,
            f(8)?,
            f(9)?,
            f(10)?,
            f(11)?,
        ];
        // The primary key: always an integer.
        let Field::Int(serial) = fields[0] else {
            return Err(super::StoreError::Invalid(
                "a journal row without an integer serial".into(),
            ));
        };
        if serial != expected {
            range.broken = broken(
                expected,
                format!("row {expected} is missing (next is {serial})"),
            );
            return Ok(range);
        }
        let prev_hash = match fields[11] {
            Field::Text(t) => t,
            _ => &[],
        };
        let hash = r.get_ref(12)?.as_bytes().unwrap_or_default();
        if serial == from {
            range.first_prev = Some(prev_hash.to_vec());
        } else if prev_hash != prev.as_slice() {
            range.broken = broken(
                serial,
                "its previous hash does not match the row before".into(),
            );
            return Ok(range);
        }
        if hex_digest(hash_input(&mut buf, &fields)) != hash {
            range.broken = broken(
                serial,
                "its contents do not match its hash (altered)".into(),
            );
            return Ok(range);
        }
        prev.clear();
        prev.extend_from_slice(hash);
        expected += 1;
    }
    if expected <= to {
        // The range's last rows are missing: named as a walk of the whole journal names them,
        // by the row after the gap (another range's) if there is one.
        let next: Option<i64> = conn.query_row(
            "SELECT MIN(serial) FROM journal WHERE serial > ?1",
            [to],
            |r| r.get(0),
        )?;
        let problem = match next {
            Some(next) => format!("row {expected} is missing (next is {next})"),
            None => format!(
                "row {expected} is missing (the journal ends at {})",
                expected - 1
            ),
        };
        range.broken = broken(expected, problem);
        return Ok(range);
    }
    range.last_hash = prev;
    Ok(range)
}

/// What one thread walked: each range's place in serial order, and what it showed.
type Walked = Vec<(usize, Result<Range>)>;

/// Below this many rows one thread walks the whole journal.
const PARALLEL_FROM: i64 = 20_000;

/// The serials a thread takes at a time: small enough that a core slowed by a neighbour (a
/// shared virtual CPU) takes fewer of them instead of holding up the others, large enough
/// that a range's query and seek cost nothing beside its rows.
const CHUNK: i64 = 8_192;

/// The page cache of a connection that walks the chain, in KiB (`PRAGMA cache_size`). A walk
/// reads each page once, so a larger cache only keeps pages it never reads again. When the
/// walk read on the caller's connection, the start's walk filled the writer's page cache
/// (16 MiB then) with old pages, and each other walker's 2 MiB stayed in its thread's part of
/// the heap: the terminal's first frame on a journal of 200,000 rows took 131 MB, 114 MB
/// since (113 MB on a new journal; docs/benchmarks.md, "RSS").
const WALK_CACHE_KIB: i64 = 256;

/// A connection of its own for a walker: `reopen`'s, with the walk's small page cache.
fn walker(reopen: &(dyn Fn() -> Result<Connection> + Sync)) -> Result<Connection> {
    let conn = reopen()?;
    conn.pragma_update(None, "cache_size", -WALK_CACHE_KIB)?;
    Ok(conn)
}

/// Verifies the journal on `conn`: serials 1 to the last without a gap, each hash recomputed,
/// each row pointing at the one before. From [`PARALLEL_FROM`] rows on the serials are cut
/// into ranges of [`CHUNK`] that the cores take in turn, as each finishes its last. Every
/// thread walks on a connection of its own from `reopen` (the same file opened the same way)
/// with a small page cache ([`WALK_CACHE_KIB`]); `conn` only says where the journal ends, and
/// walks only if this thread cannot open the file. Another thread that cannot open it takes no
/// range, and the others walk them all. The ranges are joined at their seams, and the first
/// break in serial order is the one reported.
pub(crate) fn verify(
    conn: &Connection,
    reopen: &(dyn Fn() -> Result<Connection> + Sync),
) -> Result<ChainStatus> {
    let last = last_serial(conn)?;
    let cores = std::thread::available_parallelism()
        .map(|n| n.get())
        .unwrap_or(1)
        .clamp(1, 16);
    let (threads, chunk) = if last < PARALLEL_FROM {
        (1, last.max(1))
    } else {
        (cores, CHUNK)
    };
    verify_in(conn, reopen, last, threads, chunk)
}

fn last_serial(conn: &Connection) -> Result<i64> {
    Ok(
        conn.query_row("SELECT COALESCE(MAX(serial), 0) FROM journal", [], |r| {
            r.get(0)
        })?,
    )
}

/// [`verify`] of serials 1 to `last` on `threads` threads taking ranges of `chunk` serials.
fn verify_in(
    conn: &Connection,
    reopen: &(dyn Fn() -> Result<Connection> + Sync),
    last: i64,
    threads: usize,
    chunk: i64,
) -> Result<ChainStatus> {
    use std::sync::atomic::{AtomicUsize, Ordering};
    if last == 0 {
        return Ok(ChainStatus::Intact {
            rows: 0,
            head: super::GENESIS.to_string(),
        });
    }
    let bounds: Vec<(i64, i64)> = (0..(last + chunk - 1) / chunk)
        .map(|i| (1 + i * chunk, ((i + 1) * chunk).min(last)))
        .collect();
    // The next range to take. A thread that finds a break takes no more and stops the others
    // taking ranges after it: every range before it was taken earlier, so it is walked and
    // the first break in serial order is still found.
    let next = AtomicUsize::new(0);
    let take = |conn: &Connection| -> Walked {
        let mut out = Vec::new();
        loop {
            let i = next.fetch_add(1, Ordering::Relaxed);
            let Some(&(a, b)) = bounds.get(i) else {
                return out;
            };
            let range = walk_range(conn, a, b);
            let stop = !matches!(&range, Ok(r) if r.broken.is_none());
            out.push((i, range));
            if stop {
                next.fetch_max(bounds.len(), Ordering::Relaxed);
                return out;
            }
        }
    };
    let walked: Vec<Result<Walked>> = std::thread::scope(|s| {
        let jobs: Vec<_> = (1..threads.min(bounds.len()))
            .map(|_| {
                s.spawn(|| match walker(reopen) {
                    Ok(c) => Ok(take(&c)),
                    Err(e) => {
                        tracing::warn!("verifying the journal on one core fewer: {e}");
                        Ok(Vec::new())
                    }
                })
            })
            .collect();
        let mut walked = vec![Ok(match walker(reopen) {
            Ok(c) => take(&c),
            Err(e) => {
                tracing::warn!("verifying the journal on the connection that asked: {e}");
                take(conn)
            }
        })];
        walked.extend(jobs.into_iter().map(|j| {
            j.join().unwrap_or_else(|_| {
                Err(super::StoreError::Invalid(
                    "verifying a range of the journal failed unexpectedly".into(),
                ))
            })
        }));
        walked
    });
    let mut ranges: Vec<Option<Result<Range>>> = bounds.iter().map(|_| None).collect();
    for w in walked {
        for (i, r) in w? {
            ranges[i] = Some(r);
        }
    }
    // Joined in serial order: a range's own break first, then its seam with the one before.
    let mut prev_last: Vec<u8> = super::GENESIS.as_bytes().to_vec();
    for (range, &(from, _)) in ranges.into_iter().zip(&bounds) {
        let Some(range) = range else {
            // Only ranges after a break go untaken, and the break is reported first.
            return Err(super::StoreError::Invalid(
                "a range of the journal was not verified".into(),
            ));
        };
        let range = range?;
        // In the order one walk checks a row: present, then pointing at the row before. A
        // range whose first row is missing has that break.
        let Some(first_prev) = range.first_prev else {
            return match range.broken {
                Some(b) => Ok(b),
                None => Err(super::StoreError::Invalid(
                    "a range of the journal was walked without its first row".into(),
                )),
            };
        };
        if first_prev != prev_last {
            return Ok(ChainStatus::Broken {
                serial: from,
                problem: "its previous hash does not match the row before".into(),
            });
        }
        if let Some(b) = range.broken {
            return Ok(b);
        }
        prev_last = range.last_hash;
    }
    Ok(ChainStatus::Intact {
        rows: last,
        head: String::from_utf8_lossy(&prev_last).into_owned(),
    })
}

#[cfg(test)]
mod tests {
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
        let intact = |status: ChainStatus| matches!(status, ChainStatus::Intact { rows: r, .. } if r == rows);

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
}
