//! The supervisor review in words (issue 20): each record as a sentence with the names of the
//! people beside their credential numbers, the list's rows naming what happened, the game and
//! the amount; the raw record only behind "Details". Exports go to a removable drive when one
//! is mounted, and the screen says where the file went.

use super::correction::capital;
use crate::rules::games::GameId;
use crate::store::{JournalRow, Store};
use std::collections::HashMap;

/// Everyone the terminal knows, by credential number (deactivated people too: their records
/// stay).
#[derive(Debug, Clone, Default)]
pub struct Names(HashMap<String, String>);

impl Names {
    pub fn load(store: &Store) -> Names {
        Names(
            store
                .list_people()
                .unwrap_or_default()
                .into_iter()
                .map(|p| (p.person.credential, p.person.name))
                .collect(),
        )
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
