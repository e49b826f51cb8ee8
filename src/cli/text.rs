//! Command-line tools that read and write text: `deckhand eval`, `deckhand settle`.

use crate::rules::cards::{Card, parse_cards_into, parse_multi_deck};
use crate::rules::games::{self, GameId};

fn parse(game: GameId, text: &str) -> Result<Vec<Card>, String> {
    let mut cards = Vec::with_capacity(8);
    parse_into(game, text, &mut cards)?;
    Ok(cards)
}

/// The cards of `text` into `out`, reused from line to line.
fn parse_into(game: GameId, text: &str, out: &mut Vec<Card>) -> Result<(), String> {
    if game == GameId::Spanish21 {
        *out = parse_multi_deck(text).map_err(|e| e.to_string())?;
        return Ok(());
    }
    parse_cards_into(text, out).map_err(|e| e.to_string())
}

/// What a batch worker reuses from line to line: the parsed hole cards and board.
#[derive(Default, Clone)]
pub struct BatchScratch {
    hole: Vec<Card>,
    board: Vec<Card>,
}

/// One hand as JSON: the best cards, the category, a comparable value, the description and,
/// for hi-lo games, the low half (or null).
pub fn eval_json(game: GameId, hole: &str, board: &str) -> Result<String, String> {
    let e = crate::rules::registry::evaluate(game, &parse(game, hole)?, &parse(game, board)?)?;
    serde_json::to_string(&e).map_err(|e| e.to_string())
}

/// One line of `--batch` input, `HOLE | BOARD` (the board part optional): a JSON object that
/// starts with its line number, or an error object naming the line. A blank line is an error:
/// skipping it would shift every later answer against its question.
pub fn eval_batch_line(game: GameId, line_no: usize, line: &str) -> Result<String, String> {
    let mut out = Vec::new();
    let ok = eval_batch_line_into(game, line_no, line, &mut out, &mut BatchScratch::default());
    let text = String::from_utf8(out).unwrap_or_default();
    if ok { Ok(text) } else { Err(text) }
}

/// [`eval_batch_line`] appended to `out` (no newline), with `scratch` reused between lines;
/// true when the line was a hand.
pub fn eval_batch_line_into(
    game: GameId,
    line_no: usize,
    line: &str,
    out: &mut Vec<u8>,
    scratch: &mut BatchScratch,
) -> bool {
    let fail = |out: &mut Vec<u8>, msg: &str| {
        let _ = serde_json::to_writer(
            &mut *out,
            &serde_json::json!({"line": line_no, "input": line, "error": msg}),
        );
        false
    };
    if line.trim().is_empty() {
        return fail(out, "a blank line: one hand per line, HOLE | BOARD");
    }
    let (hole, board) = line.split_once('|').unwrap_or((line, ""));
    let BatchScratch { hole: h, board: b } = scratch;
    let e = match parse_into(game, hole, h)
        .and_then(|()| parse_into(game, board, b))
        .and_then(|()| crate::rules::registry::evaluate(game, h, b))
    {
        Ok(e) => e,
        Err(msg) => return fail(out, &msg),
    };
    // `{"line":N,` then the evaluation's own fields (taken back if they cannot be written).
    let start = out.len();
    out.extend_from_slice(b"{\"line\":");
    push_u64(out, line_no as u64);
    out.push(b',');
    if let Err(err) = write_fields(&e, out) {
        out.truncate(start);
        return fail(out, &err.to_string());
    }
    true
}

/// The evaluation's fields and the closing brace, byte for byte what serde_json writes for
/// [`games::Evaluation`] after its `{` (a test holds the two equal for every game), without
/// going through the serializer for the fields every answer has.
fn write_fields(e: &games::Evaluation, out: &mut Vec<u8>) -> serde_json::Result<()> {
    out.extend_from_slice(b"\"game\":");
    json_str(out, e.game)?;
    out.extend_from_slice(b",\"section\":");
    json_str(out, e.section)?;
    out.extend_from_slice(b",\"cards\":[");
    for (i, c) in e.cards.iter().enumerate() {
        if i > 0 {
            out.push(b',');
        }
        out.extend_from_slice(&[b'"', c.rank.code() as u8, c.suit.code() as u8, b'"']);
    }
    out.extend_from_slice(b"],\"category\":");
    json_str(out, &e.category)?;
    out.extend_from_slice(b",\"value\":");
    push_u64(out, e.value);
    out.extend_from_slice(b",\"description\":");
    json_str(out, &e.description)?;
    if let Some(low) = &e.low {
        out.extend_from_slice(b",\"low\":");
        serde_json::to_writer(&mut *out, low)?;
    }
    if let Some(b) = &e.badugi {
        out.extend_from_slice(b",\"badugi\":");
        serde_json::to_writer(&mut *out, b)?;
    }
    if !e.details.is_empty() {
        out.extend_from_slice(b",\"details\":");
        serde_json::to_writer(&mut *out, &e.details)?;
    }
    out.push(b'}');
    Ok(())
}

/// A number's decimal digits, as `Display` writes them, without a formatter.
fn push_u64(out: &mut Vec<u8>, mut n: u64) {
    let mut digits = [0u8; 20];
    let mut i = digits.len();
    loop {
        i -= 1;
        digits[i] = b'0' + (n % 10) as u8;
        n /= 10;
        if n == 0 {
            break;
        }
    }
    out.extend_from_slice(&digits[i..]);
}

/// A JSON string: copied as it is when nothing in it needs escaping (what serde_json escapes:
/// `"`, `\` and control characters), else through serde_json.
fn json_str(out: &mut Vec<u8>, s: &str) -> serde_json::Result<()> {
    if s.bytes().all(|b| b >= 0x20 && b != b'"' && b != b'\\') {
        out.push(b'"');
        out.extend_from_slice(s.as_bytes());
        out.push(b'"');
        Ok(())
    } else {
        serde_json::to_writer(&mut *out, s)
    }
}

/// `deckhand settle`: one round as JSON in, the settlement as JSON out (pretty when asked).
pub fn settle(
    input: &str,
    paytables: &crate::rules::banked::paytable::Paytables,
    rules: &crate::rules::banked::HouseRules,
    approvals: crate::rules::banked::Approvals,
    pretty: bool,
) -> Result<String, String> {
    // A poker-room game's showdown (pots between players), or a house-banked round.
    let poker = serde_json::from_str::<serde_json::Value>(input)
        .is_ok_and(|v| crate::rules::poker::settle_showdown::is_poker_room(&v));
    if poker {
        let s = crate::rules::poker::settle_showdown::settle(input)?;
        let out = if pretty {
            serde_json::to_string_pretty(&s)
        } else {
            serde_json::to_string(&s)
        };
        return out.map_err(|e| e.to_string());
    }
    let mut s =
        crate::rules::registry::settle_json(input, paytables, rules).map_err(|e| e.to_string())?;
    // Who signs before the payouts are paid, as the table would ask.
    s.signer = approvals.signer_for(&s);
    let out = if pretty {
        serde_json::to_string_pretty(&s)
    } else {
        serde_json::to_string(&s)
    };
    out.map_err(|e| e.to_string())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn batch_lines() {
        let ok = eval_batch_line(GameId::Holdem, 1, "Kh 4s | Kc Kd 4h 9s 2c").unwrap();
        assert!(ok.starts_with("{\"line\":1,\"game\":\"holdem\""), "{ok}");
        let v: serde_json::Value = serde_json::from_str(&ok).unwrap();
        assert_eq!(v["category"], "full-house");
        assert_eq!(v["description"], "Full house, kings full of fours");
        let bad = eval_batch_line(GameId::Holdem, 7, "Kh 1x | Kc Kd 4h").unwrap_err();
        let v: serde_json::Value = serde_json::from_str(&bad).unwrap();
        assert_eq!(v["line"], 7);
        assert_eq!(v["error"], "`1x`: unknown rank `1`");
        let blank = eval_batch_line(GameId::Holdem, 9, "  ").unwrap_err();
        let v: serde_json::Value = serde_json::from_str(&blank).unwrap();
        assert_eq!(v["line"], 9);
        assert!(v["error"].as_str().unwrap().starts_with("a blank line"));
    }

    /// The batch's hand-written fields are serde_json's bytes for every game and every shape
    /// of answer (lows, Badugi halves, details), on random hands of every size a game takes.
    #[test]
    fn batch_fields_are_serde_jsons_bytes_for_every_game() {
        let deck = crate::rules::cards::full_deck();
        let mut x: u64 = 0x2545_F491_4F6C_DD1D;
        let mut answered = std::collections::BTreeMap::new();
        for game in GameId::all() {
            for i in 0..3_000usize {
                x ^= x << 13;
                x ^= x >> 7;
                x ^= x << 17;
                let (holes, boards) = (2 + i % 6, (i / 6) % 6);
                let mut d = deck.clone();
                for k in 0..holes + boards {
                    let j = k + ((x >> (k % 32)) as usize + k * 7919) % (52 - k);
                    d.swap(k, j);
                }
                let (hole, board) = (&d[..holes], &d[holes..holes + boards]);
                let Ok(e) = crate::rules::registry::evaluate(game, hole, board) else {
                    continue;
                };
                let serde = serde_json::to_string(&e).unwrap();
                let mut ours = Vec::new();
                write_fields(&e, &mut ours).unwrap();
                assert_eq!(
                    std::str::from_utf8(&ours).unwrap(),
                    &serde[1..],
                    "{game:?} {hole:?} {board:?}"
                );
                *answered.entry(game.id()).or_insert(0) += 1;
            }
        }
        assert_eq!(
            answered.len(),
            GameId::all().count(),
            "every game answered: {answered:?}"
        );
        // A string that needs escaping goes through serde_json.
        let mut out = Vec::new();
        json_str(&mut out, "a \"b\" \\ \n §").unwrap();
        assert_eq!(out, serde_json::to_vec("a \"b\" \\ \n §").unwrap());
        for n in [0, 7, 10, 99, 1_000_000, u64::MAX] {
            let mut out = Vec::new();
            push_u64(&mut out, n);
            assert_eq!(out, n.to_string().into_bytes());
        }
    }
}
