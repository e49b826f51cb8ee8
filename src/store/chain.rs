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
mod tests;
