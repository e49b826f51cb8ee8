//! The chain's hash input, written without building JSON values, and the verification of a
//! journal at hash speed: rows read as borrowed bytes, one reused buffer per thread, and the
//! serial range split between the cores (each row's `prev_hash` is stored, so ranges are
//! independent and only their seams are joined).
//!
//! The hash input is the compact JSON array of the row's fields but the hash
//! (`[serial,"terminal_id","ts_utc",mono_ns,session,"stream",table_no,"dealer","actor","kind",
//! "payload","prev_hash"]`, `null` for an absent field), byte for byte what `serde_json`
//! writes for that array: the layout every journal was hashed with.

use super::{ChainStatus, Result};
use rusqlite::Connection;
use rusqlite::types::ValueRef;
use sha2::{Digest, Sha256};

/// Appends `s` as a JSON string, escaped exactly as `serde_json` escapes it: `"` and `\`
/// backslashed, the control characters below 0x20 as `\b \t \n \f \r` or `\u00XX`, every
/// other byte (UTF-8 included) as it is.
pub(crate) fn push_json_str(out: &mut Vec<u8>, s: &[u8]) {
    const HEX: &[u8; 16] = b"0123456789abcdef";
    /// Bytes that are escaped: `"`, `\` and the control characters.
    const ESCAPED: [bool; 256] = {
        let mut t = [false; 256];
        let mut i = 0;
        while i < 0x20 {
            t[i] = true;
            i += 1;
        }
        t[b'"' as usize] = true;
        t[b'\\' as usize] = true;
        t
    };
    out.reserve(s.len() + 2);
    out.push(b'"');
    let mut start = 0;
    let mut i = 0;
    while i < s.len() {
        // Runs of plain bytes are copied whole.
        while i < s.len() && !ESCAPED[s[i] as usize] {
            i += 1;
        }
        out.extend_from_slice(&s[start..i]);
        if i == s.len() {
            break;
        }
        let b = s[i];
        match b {
            b'"' => out.extend_from_slice(b"\\\""),
            b'\\' => out.extend_from_slice(b"\\\\"),
            0x08 => out.extend_from_slice(b"\\b"),
            0x0C => out.extend_from_slice(b"\\f"),
            b'\n' => out.extend_from_slice(b"\\n"),
            b'\r' => out.extend_from_slice(b"\\r"),
            b'\t' => out.extend_from_slice(b"\\t"),
            _ => {
                out.extend_from_slice(b"\\u00");
                out.push(HEX[(b >> 4) as usize]);
                out.push(HEX[(b & 0xF) as usize]);
            }
        }
        i += 1;
        start = i;
    }
    out.push(b'"');
}

/// Appends an integer in decimal, as `serde_json` writes it.
fn push_int(out: &mut Vec<u8>, n: i64) {
    let mut digits = [0u8; 20];
    let mut at = digits.len();
    let mut v = n.unsigned_abs();
    loop {
        at -= 1;
        digits[at] = b'0' + (v % 10) as u8;
        v /= 10;
        if v == 0 {
            break;
        }
    }
    if n < 0 {
        out.push(b'-');
    }
    out.extend_from_slice(&digits[at..]);
}

/// One field of the hash input.
#[derive(Clone, Copy)]
pub(crate) enum Field<'a> {
    Int(i64),
    Text(&'a [u8]),
    Null,
}

/// Writes the hash input of a row's twelve fields (serial to prev_hash) into `out`.
pub(crate) fn hash_input(out: &mut Vec<u8>, fields: &[Field<'_>; 12]) {
    out.clear();
    out.push(b'[');
    for (i, f) in fields.iter().enumerate() {
        if i > 0 {
            out.push(b',');
        }
        match f {
            Field::Int(n) => push_int(out, *n),
            Field::Text(s) => push_json_str(out, s),
            Field::Null => out.extend_from_slice(b"null"),
        }
    }
    out.push(b']');
}

/// The hex of SHA-256 over `input`, on the stack.
pub(crate) fn hex_digest(input: &[u8]) -> [u8; 64] {
    const HEX: &[u8; 16] = b"0123456789abcdef";
    let d = Sha256::digest(input);
    let mut out = [0u8; 64];
    for (i, b) in d.iter().enumerate() {
        out[2 * i] = HEX[(b >> 4) as usize];
        out[2 * i + 1] = HEX[(b & 0xF) as usize];
    }
    out
}

/// What one range of serials showed.
struct Range {
    /// The `prev_hash` of its first row, and the hash of its last (to join with neighbours).
    first_prev: Vec<u8>,
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
        first_prev: Vec::new(),
        last_hash: Vec::new(),
        broken: None,
    };
    let broken = |serial: i64, problem: String| Some(ChainStatus::Broken { serial, problem });
    while let Some(r) = rows.next()? {
        let serial: i64 = r.get(0)?;
        if serial != expected {
            range.broken = broken(
                expected,
                format!("row {expected} is missing (next is {serial})"),
            );
            return Ok(range);
        }
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
        let prev_hash = r.get_ref(11)?.as_bytes().unwrap_or_default();
        let hash = r.get_ref(12)?.as_bytes().unwrap_or_default();
        if serial == from {
            range.first_prev = prev_hash.to_vec();
        } else if prev_hash != prev.as_slice() {
            range.broken = broken(
                serial,
                "its previous hash does not match the row before".into(),
            );
            return Ok(range);
        }
        hash_input(&mut buf, &fields);
        if hex_digest(&buf) != hash {
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
        range.broken = broken(
            expected,
            format!(
                "row {expected} is missing (the journal ends at {})",
                expected - 1
            ),
        );
        return Ok(range);
    }
    range.last_hash = prev;
    Ok(range)
}

/// Below this many rows one thread walks the whole journal.
const PARALLEL_FROM: i64 = 20_000;

/// Verifies the journal on `conn`: serials 1 to the last without a gap, each hash recomputed,
/// each row pointing at the one before. With more than [`PARALLEL_FROM`] rows the serials are
/// split between the cores, each range walked on its own connection from `reopen` (the same
/// file opened the same way); the ranges are joined at their seams, and the first break in
/// serial order is the one reported.
pub(crate) fn verify(
    conn: &Connection,
    reopen: &(dyn Fn() -> Result<Connection> + Sync),
) -> Result<ChainStatus> {
    let last: i64 = conn.query_row("SELECT COALESCE(MAX(serial), 0) FROM journal", [], |r| {
        r.get(0)
    })?;
    if last == 0 {
        return Ok(ChainStatus::Intact {
            rows: 0,
            head: super::GENESIS.to_string(),
        });
    }
    let cores = std::thread::available_parallelism()
        .map(|n| n.get() as i64)
        .unwrap_or(1)
        .clamp(1, 16);
    let parts = if last < PARALLEL_FROM { 1 } else { cores };
    let per = (last + parts - 1) / parts;
    let bounds: Vec<(i64, i64)> = (0..parts)
        .map(|i| (1 + i * per, ((i + 1) * per).min(last)))
        .filter(|(a, b)| a <= b)
        .collect();
    // The first range on this thread and `conn`; each other range on a thread and a
    // connection of its own.
    let ranges: Vec<Result<Range>> = std::thread::scope(|s| {
        let jobs: Vec<_> = bounds
            .iter()
            .skip(1)
            .map(|&(a, b)| s.spawn(move || walk_range(&reopen()?, a, b)))
            .collect();
        let (a, b) = bounds[0];
        let mut out = vec![walk_range(conn, a, b)];
        out.extend(jobs.into_iter().map(|j| {
            j.join().unwrap_or_else(|_| {
                Err(super::StoreError::Invalid(
                    "verifying a range of the journal failed unexpectedly".into(),
                ))
            })
        }));
        out
    });
    // Joined in serial order: a range's own break first, then its seam with the one before.
    let mut prev_last: Vec<u8> = super::GENESIS.as_bytes().to_vec();
    for (range, &(from, _)) in ranges.into_iter().zip(&bounds) {
        let range = range?;
        if range.first_prev != prev_last {
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
                out.clear();
                push_json_str(&mut out, &text);
                let want = serde_json::to_string(std::str::from_utf8(&text).unwrap()).unwrap();
                assert_eq!(out, want.as_bytes(), "byte {b:#04x} at {at}");
            }
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
            hash_input(&mut buf, &fields);
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
            assert_eq!(String::from_utf8(buf.clone()).unwrap(), want);
        }
    }
}
