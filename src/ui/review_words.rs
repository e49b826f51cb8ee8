//! The supervisor review in words (issue 20): each record as a sentence with the names of the
//! people beside their credential numbers, the list's rows naming what happened, the game and
//! the amount; the raw record only behind "Details". Exports go to a removable drive when one
//! is mounted, and the screen says where the file went.

use super::widgets::capital;
use crate::rules::game_id::GameId;
use crate::store::JournalRow;
use std::collections::HashMap;

/// Everyone the terminal knows, by credential number (deactivated people too: their records
/// stay).
#[derive(Debug, Clone, Default)]
pub struct Names(HashMap<String, String>);

impl Names {
    /// From `(credential, name)` pairs, as the review's reader reads them.
    pub fn from_pairs(pairs: Vec<(String, String)>) -> Names {
        Names(pairs.into_iter().collect())
    }

    /// "Dana Brooks (1001)", or the number alone for someone unknown here.
    pub fn of(&self, credential: &str) -> String {
        match self.0.get(credential) {
            Some(name) => format!("{name} ({credential})"),
            None => credential.to_string(),
        }
    }
}

/// A record's kind in words for a list: the kind itself, but a house-banked round's hands say
/// how they reached the record ("results tapped", "cards read by the shoe") rather than
/// "cards keyed" where none was keyed.
pub fn kind_words(row: &JournalRow) -> String {
    let plain = row.kind.replace('_', " ");
    if row.kind != "cards_keyed" {
        return plain;
    }
    let Ok(v) = serde_json::from_str::<serde_json::Value>(&row.payload) else {
        return plain;
    };
    if !v["results"].is_null() {
        return "results tapped".into();
    }
    match v["sources"].as_array() {
        Some(s) if !s.is_empty() && s.iter().all(|x| x["source"] == "read") => {
            "cards read by the shoe".into()
        }
        _ => plain,
    }
}

/// What a record says, in a sentence: a table record through the rules' own words, any other
/// through its kind and its plain fields.
pub fn sentence(row: &JournalRow) -> String {
    if row.stream == "table"
        && let Ok(e) = serde_json::from_str::<crate::rules::table::Event>(&row.payload)
    {
        return capital(&e.sentence());
    }
    if let Some(words) = floor_sentence(row) {
        return words;
    }
    let mut words = capital(&row.kind.replace('_', " "));
    if let Ok(serde_json::Value::Object(m)) = serde_json::from_str(&row.payload) {
        let parts: Vec<String> = m
            .iter()
            .filter_map(|(k, v)| {
                let v = match v {
                    serde_json::Value::String(s) => s.clone(),
                    serde_json::Value::Number(n) => n.to_string(),
                    serde_json::Value::Bool(b) => if *b { "yes" } else { "no" }.into(),
                    _ => return None,
                };
                Some(format!("{} {v}", k.replace('_', " ")))
            })
            .collect();
        if !parts.is_empty() {
            words.push_str(": ");
            words.push_str(&parts.join(", "));
        }
    }
    words
}

/// A call to the floor, its answer and its end, as the floor says them.
fn floor_sentence(row: &JournalRow) -> Option<String> {
    use crate::store::floor_acks::ACKNOWLEDGED;
    use crate::terminal::floor_call::{CALLED, ENDED};
    let p: serde_json::Value = serde_json::from_str(&row.payload).ok()?;
    let text = |k: &str| p[k].as_str().unwrap_or_default().to_string();
    Some(match row.kind.as_str() {
        CALLED => {
            let by = match p["by"].as_str() {
                Some("step") => " by the step",
                Some("dealer") => " by the dealer",
                _ => "",
            };
            let section = match text("section") {
                s if s.is_empty() => String::new(),
                s => format!(" ({s})"),
            };
            format!(
                "Floor called{by}: {}, a {}{section}",
                text("reason"),
                text("role")
            )
        }
        ENDED => format!(
            "Floor call ended after {} s ({}): {}",
            p["waited_seconds"].as_i64().unwrap_or(0),
            text("how"),
            text("reason")
        ),
        ACKNOWLEDGED => format!(
            "{} ({}, {}) is coming to the call #{}",
            text("name"),
            text("role"),
            text("credential"),
            p["call_serial"].as_i64().unwrap_or(0)
        ),
        _ => return None,
    })
}

/// One line of the list: when, what (the sentence, cut to fit), the game and the table.
pub fn row_line(row: &JournalRow, game: Option<&str>, all_tables: bool) -> String {
    let time = row
        .ts_utc
        .get(0..19)
        .unwrap_or(&row.ts_utc)
        .replace('T', " ");
    let mut what = sentence(row);
    if what.chars().count() > 90 {
        what = what.chars().take(89).collect::<String>() + "…";
    }
    let game = game
        .and_then(|g| GameId::parse(g).ok())
        .map_or(String::new(), |g| format!(" · {}", g.name()));
    let table = row
        .table_no
        .map_or(String::new(), |t| format!(" · table {t}"));
    let terminal = if all_tables {
        format!(" · {}", row.terminal_id)
    } else {
        String::new()
    };
    format!("#{} {time} · {what}{game}{table}{terminal}", row.serial)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn row(stream: &str, kind: &str, payload: &str) -> JournalRow {
        JournalRow {
            serial: 7,
            terminal_id: "t1".into(),
            ts_utc: "2026-11-24T02:03:04.000Z".into(),
            mono_ns: 0,
            session: 1,
            stream: stream.into(),
            table_no: Some(12),
            dealer_credential: Some("20417".into()),
            actor_credential: None,
            kind: kind.into(),
            payload: payload.into(),
            prev_hash: String::new(),
            hash: String::new(),
        }
    }

    #[test]
    fn a_call_to_the_floor_its_answer_and_its_end_read_as_the_floor_says_them() {
        let called = row(
            "system",
            "floor_called",
            r#"{"reason":"verify the Red deck's removal","role":"floorperson","by":"step","section":"§ 637a.7(e)(5)"}"#,
        );
        assert_eq!(
            sentence(&called),
            "Floor called by the step: verify the Red deck's removal, a floorperson (§ 637a.7(e)(5))"
        );
        let coming = row(
            "system",
            "floor_call_acknowledged",
            r#"{"terminal":"t1","call_serial":38,"name":"Dana Brooks","credential":"1001","role":"floorperson","ts_utc":"x","received_utc":"y"}"#,
        );
        assert_eq!(
            sentence(&coming),
            "Dana Brooks (floorperson, 1001) is coming to the call #38"
        );
        let ended = row(
            "system",
            "floor_call_ended",
            r#"{"reason":"verify the Red deck's removal","how":"the step it waited for is done","waited_seconds":17}"#,
        );
        assert_eq!(
            sentence(&ended),
            "Floor call ended after 17 s (the step it waited for is done): verify the Red deck's removal"
        );
    }

    #[test]
    fn a_system_record_reads_as_its_kind_and_fields() {
        let r = row(
            "system",
            "verification_failed",
            r#"{"credential":"1001","reason":"wrong PIN"}"#,
        );
        assert_eq!(
            sentence(&r),
            "Verification failed: credential 1001, reason wrong PIN"
        );
        let line = row_line(&r, Some("crazy-4-poker"), false);
        assert_eq!(
            line,
            "#7 2026-11-24 02:03:04 · Verification failed: credential 1001, reason wrong PIN · Crazy 4 Poker · table 12"
        );
    }
}
