//! The end-of-shift table report's lines, from the table's rows of the period: its dealers,
//! its rounds, pace, rake and contributions, its decks, and the records a supervisor reviews
//! (irregularities, high hands, box counts, progressive hits).

use crate::rules::money;
use crate::store::JournalRow;
use std::collections::BTreeMap;

fn json(r: &JournalRow) -> serde_json::Value {
    serde_json::from_str::<serde_json::Value>(&r.payload).unwrap_or_default()
}

fn time(r: &JournalRow) -> String {
    r.ts_utc.get(..19).unwrap_or(&r.ts_utc).replace('T', " ")
}

/// The report's lines; an empty line is a gap.
pub(super) fn lines(
    table_no: u32,
    from: &str,
    to: &str,
    rows: &[JournalRow],
    names: &BTreeMap<String, String>,
) -> Vec<String> {
    let mut lines = vec![
        format!("Table {table_no}   From {from}   To {to} (UTC)"),
        String::new(),
    ];
    let dealers = dealer_lines(rows, names, &mut lines);
    total_lines(rows, &dealers, &mut lines);
    record_lines(rows, &mut lines);
    lines
}

/// Dealers at this table in the period: each credential with its first and last row here.
fn dealer_lines<'a>(
    rows: &'a [JournalRow],
    names: &BTreeMap<String, String>,
    lines: &mut Vec<String>,
) -> Vec<(&'a str, &'a JournalRow, &'a JournalRow)> {
    // Sign-in rows are written before a table is chosen, so the rows themselves tell.
    lines.push("Dealers (first and last record at this table)".into());
    let mut dealers: Vec<(&str, &JournalRow, &JournalRow)> = Vec::new();
    for r in rows {
        let Some(d) = r.dealer_credential.as_deref() else {
            continue;
        };
        match dealers.iter_mut().find(|(c, _, _)| *c == d) {
            Some(e) => e.2 = r,
            None => dealers.push((d, r, r)),
        }
    }
    for (credential, first, last) in &dealers {
        let name = names.get(*credential).cloned().unwrap_or_default();
        lines.push(format!(
            "  {name} ({credential})  {} to {}",
            time(first),
            time(last)
        ));
    }
    dealers
}

/// Rounds, pots, pace (the table's and each dealer's), rake and contributions, voids, deck
/// counts and changes, and time charges.
fn total_lines(
    rows: &[JournalRow],
    dealers: &[(&str, &JournalRow, &JournalRow)],
    lines: &mut Vec<String>,
) {
    let of = |k: &'static str| rows.iter().filter(move |r| r.kind == k);
    let pots: Vec<serde_json::Value> = of("pot_awarded").map(json).collect();
    let sum = |path: &[&str]| -> i64 {
        pots.iter()
            .map(|v| path.iter().fold(v, |acc, k| &acc[*k]).as_i64().unwrap_or(0))
            .sum()
    };
    lines.push(String::new());
    // A round whose betting stayed at the table records its winners and what was taken, not
    // the pot (`[holdem] betting_actions`).
    let at_table = pots
        .iter()
        .filter(|v| {
            v["pot"] == 0
                && v["awards"]
                    .as_array()
                    .is_some_and(|a| a.iter().all(|w| w[1] == 0))
        })
        .count();
    lines.push(format!(
        "Rounds completed: {}   Pots: {}{}",
        pots.len(),
        money(sum(&["pot"])),
        if at_table > 0 {
            format!(" ({at_table} with the betting at the table, not counted)")
        } else {
            String::new()
        }
    ));
    // The table's pace over the period, and each dealer's.
    let spans = crate::store::pace::spans(rows);
    let all: Vec<&crate::store::pace::RoundSpan> = spans.iter().collect();
    if !all.is_empty() {
        lines.push(format!("Pace: {}", crate::store::pace::pace(&all).words()));
        for (credential, _, _) in dealers {
            let mine: Vec<&crate::store::pace::RoundSpan> =
                spans.iter().filter(|s| s.dealer == *credential).collect();
            if !mine.is_empty() {
                lines.push(format!(
                    "  dealer {credential}: {}",
                    crate::store::pace::pace(&mine).words()
                ));
            }
        }
    }
    lines.push(format!(
        "Rake: {} (§ 637a.17)   Contributions: Bad Beat {}, High Hand {} (§ 637a.15(c), § 637a.16(c))",
        money(sum(&["take", "rake"])),
        money(sum(&["take", "bad_beat"])),
        money(sum(&["take", "high_hand"]))
    ));
    lines.push(format!("Rounds voided: {}", of("round_voided").count()));
    let counts: Vec<serde_json::Value> = of("deck_counted").map(json).collect();
    let wrong = counts.iter().filter(|v| v["correct"] == false).count();
    lines.push(format!(
        "Deck counts: {} ({} wrong, § 637a.7(e)(4),(5))   Deck changes: {}",
        counts.len(),
        wrong,
        of("deck_removed").count()
    ));
    let charges: i64 = of("time_charges_verified")
        .map(|r| json(r)["total"].as_i64().unwrap_or(0))
        .sum();
    lines.push(format!(
        "Time charges verified: {} (§ 637a.17(b)(3))",
        money(charges)
    ));
}

/// The records a supervisor reviews, one line each: irregularities, High Hand Tracking Slip
/// lines, box counts and progressive hits.
fn record_lines(rows: &[JournalRow], lines: &mut Vec<String>) {
    let of = |k: &'static str| rows.iter().filter(move |r| r.kind == k);
    lines.push(String::new());
    lines.push(format!("Irregularities: {}", of("irregularity").count()));
    for r in of("irregularity") {
        let v = json(r);
        lines.push(format!(
            "  {}  {} ({})",
            time(r),
            v["irregularity"].as_str().unwrap_or(""),
            v["section"].as_str().unwrap_or("")
        ));
    }
    lines.push(format!(
        "High Hand Tracking Slip lines: {}",
        of("high_hand_recorded").count()
    ));
    for r in of("high_hand_recorded") {
        let v = json(r);
        lines.push(format!(
            "  {}  seat {}: {} ({}), verified by {}",
            time(r),
            v["slip"]["seat"],
            v["hand"].as_str().unwrap_or(""),
            v["slip"]["player_name"].as_str().unwrap_or(""),
            r.actor_credential.as_deref().unwrap_or("")
        ));
    }
    lines.push(format!("Box counts: {}", of("box_counted").count()));
    for r in of("box_counted") {
        let v = json(r);
        lines.push(format!(
            "  {}  {} {} seal {} (dealer {}, floor {})",
            time(r),
            v["count"]["box"].as_str().unwrap_or(""),
            money(v["count"]["amount"].as_i64().unwrap_or(0)),
            v["count"]["container_seal"].as_str().unwrap_or(""),
            v["dealer"]["credential"].as_str().unwrap_or(""),
            r.actor_credential.as_deref().unwrap_or("")
        ));
    }
    lines.push(format!(
        "Progressive hits: {}",
        of("progressive_hit").count()
    ));
    for r in of("progressive_hit") {
        let v = json(r);
        lines.push(format!(
            "  {}  spot {}: {}% of the meter, {}",
            time(r),
            v["spot"],
            v["percent"],
            money(v["amount"].as_i64().unwrap_or(0))
        ));
    }
}
