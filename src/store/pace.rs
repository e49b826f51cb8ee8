//! The table's pace from the journal's round rows: rounds per hour and seconds per round, per
//! table, dealer and game, and how long each kind of step waited on the dealer. One reading for
//! the dealer's status line (the rounds since sign-in), the supervisor review and `deckhand
//! export --pace`. Durations come from the rows' monotonic clock within one run of the terminal
//! (`mono_ns`, `session`), never from wall-clock differences.

use super::JournalRow;
use std::collections::BTreeMap;

/// A gap between two rounds longer than this is a break, not the table's pace: the round is
/// counted by its own length.
pub const BREAK_NS: i64 = 10 * 60 * 1_000_000_000;

/// The rows that end a round.
pub const ROUND_ENDS: [&str; 3] = ["pot_awarded", "round_paid", "round_voided"];

/// One round as the journal timed it.
#[derive(Debug, Clone, PartialEq)]
pub struct RoundSpan {
    pub table: i64,
    pub dealer: String,
    pub game: String,
    pub session: i64,
    pub started_ns: i64,
    pub ended_ns: i64,
}

impl RoundSpan {
    pub fn seconds(&self) -> f64 {
        (self.ended_ns - self.started_ns).max(0) as f64 / 1e9
    }
}

/// A pace: rounds, rounds per hour, and the median seconds a round took.
#[derive(Debug, Clone, Copy, Default, PartialEq)]
pub struct Pace {
    pub rounds: usize,
    pub rounds_per_hour: f64,
    pub median_seconds: f64,
}

impl Pace {
    /// "31 rounds/h · 96 s a round (12 rounds)".
    pub fn words(&self) -> String {
        format!(
            "{:.0} rounds/h · {:.0} s a round ({} round{})",
            self.rounds_per_hour,
            self.median_seconds,
            self.rounds,
            if self.rounds == 1 { "" } else { "s" }
        )
    }
}

/// The rounds of `rows` (oldest first), each with the game its table was open for.
pub fn spans(rows: &[JournalRow]) -> Vec<RoundSpan> {
    spans_with(rows, &BTreeMap::new())
}

/// [`spans`], with the game each table was open for before the first of `rows` (a window of
/// the journal that starts after the table opened).
pub fn spans_with(rows: &[JournalRow], opened: &BTreeMap<i64, String>) -> Vec<RoundSpan> {
    let mut game: BTreeMap<i64, String> = opened.clone();
    let mut open: BTreeMap<i64, (String, i64, i64)> = BTreeMap::new();
    let mut out = Vec::new();
    for r in rows.iter().filter(|r| r.stream == "table") {
        let table = r.table_no.unwrap_or(0);
        match r.kind.as_str() {
            "table_opened" => {
                let g = serde_json::from_str::<serde_json::Value>(&r.payload)
                    .ok()
                    .and_then(|p| p["setup"]["game"].as_str().map(str::to_string))
                    .unwrap_or_else(|| "holdem".into());
                game.insert(table, g);
            }
            "round_started" => {
                let dealer = r.dealer_credential.clone().unwrap_or_default();
                open.insert(table, (dealer, r.session, r.mono_ns));
            }
            k if ROUND_ENDS.contains(&k) => {
                if let Some((dealer, session, started)) = open.remove(&table)
                    && session == r.session
                {
                    out.push(RoundSpan {
                        table,
                        dealer,
                        game: game.get(&table).cloned().unwrap_or_else(|| "holdem".into()),
                        session,
                        started_ns: started,
                        ended_ns: r.mono_ns,
                    });
                }
            }
            _ => {}
        }
    }
    out
}

/// The pace of `spans` (one table's, oldest first, or any selection): each round counts from
/// its start to the next round's start at the same table in the same run, or by its own length
/// before a break or at the end.
pub fn pace(spans: &[&RoundSpan]) -> Pace {
    if spans.is_empty() {
        return Pace::default();
    }
    let mut total_ns: i64 = 0;
    for (i, s) in spans.iter().enumerate() {
        let own = (s.ended_ns - s.started_ns).max(0);
        let next = spans[i + 1..]
            .iter()
            .find(|n| n.table == s.table && n.session == s.session);
        total_ns += match next {
            Some(n) if n.started_ns - s.started_ns <= BREAK_NS && n.started_ns >= s.ended_ns => {
                n.started_ns - s.started_ns
            }
            _ => own,
        };
    }
    let mut lengths: Vec<f64> = spans.iter().map(|s| s.seconds()).collect();
    lengths.sort_by(|a, b| a.total_cmp(b));
    let median_seconds = lengths[lengths.len() / 2];
    let rounds_per_hour = if total_ns > 0 {
        spans.len() as f64 * 3600e9 / total_ns as f64
    } else {
        0.0
    };
    Pace {
        rounds: spans.len(),
        rounds_per_hour,
        median_seconds,
    }
}

/// The pace per table, per dealer and per game, in that order, each group by its name.
pub fn by_group(spans: &[RoundSpan]) -> Vec<(String, Pace)> {
    let mut out = Vec::new();
    type Key = fn(&RoundSpan) -> String;
    let groups: [(&str, Key); 3] = [
        ("table", |s| s.table.to_string()),
        ("dealer", |s| s.dealer.clone()),
        ("game", |s| s.game.clone()),
    ];
    for (what, key) in groups {
        let mut keys: Vec<String> = spans.iter().map(key).collect();
        keys.sort();
        keys.dedup();
        for k in keys {
            let mine: Vec<&RoundSpan> = spans.iter().filter(|s| key(s) == k).collect();
            out.push((format!("{what} {k}"), pace(&mine)));
        }
    }
    out
}

/// How long each kind of step waited on the dealer inside rounds: from the row before it (the
/// screen that asked) to its own, the median in seconds and how many; slowest first.
pub fn step_waits(rows: &[JournalRow]) -> Vec<(String, f64, usize)> {
    let mut waits: BTreeMap<String, Vec<f64>> = BTreeMap::new();
    let mut prev: BTreeMap<i64, (i64, i64)> = BTreeMap::new();
    let mut in_round: BTreeMap<i64, bool> = BTreeMap::new();
    for r in rows.iter().filter(|r| r.stream == "table") {
        let table = r.table_no.unwrap_or(0);
        if in_round.get(&table).copied().unwrap_or(false)
            && let Some((session, at)) = prev.get(&table)
            && *session == r.session
        {
            waits
                .entry(r.kind.clone())
                .or_default()
                .push((r.mono_ns - at).max(0) as f64 / 1e9);
        }
        match r.kind.as_str() {
            "round_started" => {
                in_round.insert(table, true);
            }
            k if ROUND_ENDS.contains(&k) => {
                in_round.insert(table, false);
            }
            _ => {}
        }
        prev.insert(table, (r.session, r.mono_ns));
    }
    let mut out: Vec<(String, f64, usize)> = waits
        .into_iter()
        .map(|(k, mut v)| {
            v.sort_by(|a, b| a.total_cmp(b));
            (k, v[v.len() / 2], v.len())
        })
        .collect();
    out.sort_by(|a, b| b.1.total_cmp(&a.1));
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    fn row(serial: i64, kind: &str, secs: f64, dealer: &str) -> JournalRow {
        JournalRow {
            serial,
            terminal_id: "t".into(),
            ts_utc: String::new(),
            mono_ns: (secs * 1e9) as i64,
            session: 1,
            stream: "table".into(),
            table_no: Some(12),
            dealer_credential: Some(dealer.into()),
            actor_credential: None,
            kind: kind.into(),
            payload: if kind == "table_opened" {
                r#"{"setup":{"game":"omaha"}}"#.into()
            } else {
                "{}".into()
            },
            prev_hash: String::new(),
            hash: String::new(),
        }
    }

    #[test]
    fn rounds_two_minutes_apart_are_thirty_an_hour_and_a_break_is_not_counted() {
        let mut rows = vec![row(1, "table_opened", 0.0, "20417")];
        let mut n = 2;
        // Three rounds of 100 s, each starting 120 s after the last; then a 30-minute break
        // and a fourth of 100 s.
        for start in [10.0, 130.0, 250.0, 2050.0] {
            rows.push(row(n, "round_started", start, "20417"));
            rows.push(row(n + 1, "street_played", start + 60.0, "20417"));
            rows.push(row(n + 2, "pot_awarded", start + 100.0, "20417"));
            n += 3;
        }
        let s = spans(&rows);
        assert_eq!(s.len(), 4);
        assert_eq!(s[0].game, "omaha");
        let all: Vec<&RoundSpan> = s.iter().collect();
        let p = pace(&all);
        // 120 + 120 + 100 (before the break) + 100 = 440 s for four rounds.
        assert!(
            (p.rounds_per_hour - 4.0 * 3600.0 / 440.0).abs() < 1e-9,
            "{p:?}"
        );
        assert_eq!(p.median_seconds, 100.0);
        let waits = step_waits(&rows);
        assert_eq!(waits[0], ("street_played".to_string(), 60.0, 4));
        assert_eq!(waits[1], ("pot_awarded".to_string(), 40.0, 4));
        let groups = by_group(&s);
        assert_eq!(groups[0].0, "table 12");
        assert_eq!(groups[1].0, "dealer 20417");
        assert_eq!(groups[2].0, "game omaha");
    }
}
