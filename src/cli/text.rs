//! Command-line tools that read and write text: `deckhand eval`, `deckhand settle`.

use crate::rules::cards::{Card, parse_cards, parse_multi_deck};
use crate::rules::games::{self, GameId};

fn parse(game: GameId, text: &str) -> Result<Vec<Card>, String> {
    let cards = if game == GameId::Spanish21 {
        parse_multi_deck(text)
    } else {
        parse_cards(text)
    };
    cards.map_err(|e| e.to_string())
}

/// One hand as JSON: the best cards, the category, a comparable value, the description and,
/// for hi-lo games, the low half (or null).
pub fn eval_json(game: GameId, hole: &str, board: &str) -> Result<String, String> {
    let e = games::evaluate(game, &parse(game, hole)?, &parse(game, board)?)?;
    serde_json::to_string(&e).map_err(|e| e.to_string())
}

/// One line of `--batch` input, `HOLE | BOARD` (the board part optional): a JSON object that
/// starts with its line number, or an error object naming the line. A blank line is an error:
/// skipping it would shift every later answer against its question.
pub fn eval_batch_line(game: GameId, line_no: usize, line: &str) -> Result<String, String> {
    let mut out = Vec::new();
    let ok = eval_batch_line_into(game, line_no, line, &mut out, &mut Vec::new());
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
    scratch: &mut Vec<u8>,
) -> bool {
    use std::io::Write;
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
    let e = match parse(game, hole)
        .and_then(|h| Ok((h, parse(game, board)?)))
        .and_then(|(h, b)| games::evaluate(game, &h, &b))
    {
        Ok(e) => e,
        Err(msg) => return fail(out, &msg),
    };
    scratch.clear();
    if let Err(err) = serde_json::to_writer(&mut *scratch, &e) {
        return fail(out, &err.to_string());
    }
    // `{"line":N,` then the evaluation's own fields (an object that is never empty).
    let _ = write!(out, "{{\"line\":{line_no},");
    out.extend_from_slice(scratch.get(1..).unwrap_or_default());
    true
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
        .is_ok_and(|v| crate::rules::poker::showdown::is_poker_room(&v));
    if poker {
        let s = crate::rules::poker::showdown::settle(input)?;
        let out = if pretty {
            serde_json::to_string_pretty(&s)
        } else {
            serde_json::to_string(&s)
        };
        return out.map_err(|e| e.to_string());
    }
    let mut s =
        crate::rules::banked::settle_json(input, paytables, rules).map_err(|e| e.to_string())?;
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
}
