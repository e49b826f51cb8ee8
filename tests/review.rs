//! The supervisor review against a generated journal of a million rows: filtered, paged queries
//! return exactly the rows a brute-force pass over the same generator says; CSV export
//! round-trips (each parsed row re-hashes to its stored hash); `deckhand export` by the binary.

use crate::common;

use common::{GEN_KINDS, gen_row, generate_journal};
use deckhand::store::review::JournalQueries;
use deckhand::store::review::{CsvRows, Filter, KindGroup, spreadsheet_safe};
use deckhand::store::{ChainStatus, JournalRow, Store};
use std::sync::OnceLock;

const ROWS: i64 = 1_000_000;

/// One generated journal shared by the tests of this file.
fn journal() -> &'static std::path::Path {
    static PATH: OnceLock<std::path::PathBuf> = OnceLock::new();
    PATH.get_or_init(|| {
        let dir = std::path::PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join("review");
        std::fs::create_dir_all(&dir).unwrap();
        let path = dir.join(format!("journal-{ROWS}.sqlite"));
        let ready = Store::open(&path)
            .ok()
            .and_then(|s| s.head().ok())
            .map(|h| h.0)
            == Some(ROWS);
        if !ready {
            let _ = std::fs::remove_file(&path);
            generate_journal(&path, ROWS);
        }
        path
    })
}

fn expected(f: impl Fn(i64, i64, &str, &str, &str) -> bool) -> Vec<i64> {
    (1..=ROWS)
        .rev()
        .filter(|s| {
            let (t, d, k, ts) = gen_row(*s, ROWS);
            f(*s, t, &d, k, &ts)
        })
        .collect()
}

#[test]
fn table_shift_and_kind_queries_return_the_right_rows_page_by_page() {
    let store = Store::open(journal()).unwrap();
    // Table 8, irregularities, one week of October (a shift's worth of questions, wider).
    let filter = Filter {
        table: Some(8),
        group: Some(KindGroup::Irregularities),
        from: Some("2026-10-08".into()),
        to: Some("2026-10-15".into()),
        ..Default::default()
    };
    let want = expected(|_, t, _, k, ts| {
        t == 8 && k == "irregularity" && ("2026-10-08".."2026-10-15").contains(&ts)
    });
    assert!(want.len() > 1000, "{} rows", want.len());
    assert_eq!(store.count_matching(&filter).unwrap(), want.len() as i64);
    // Walk every page with the keyset cursor; together they are exactly the expected rows.
    let mut got = Vec::new();
    let mut before = None;
    loop {
        let page = store.search(&filter, before, 500).unwrap();
        if page.is_empty() {
            break;
        }
        assert!(
            page.windows(2).all(|w| w[0].serial > w[1].serial),
            "newest first"
        );
        before = page.last().map(|r| r.serial);
        got.extend(page.iter().map(|r| r.serial));
    }
    assert_eq!(got, want);
    // A dealer on any table, two kinds' worth, first page only.
    let filter = Filter {
        dealer: Some("20014".into()),
        kind: Some("deck_counted".into()),
        ..Default::default()
    };
    let want = expected(|_, _, d, k, _| d == "20014" && k == "deck_counted");
    let page = store.search(&filter, None, 100).unwrap();
    assert_eq!(
        page.iter().map(|r| r.serial).collect::<Vec<_>>(),
        want[..100]
    );
    // Free text.
    let filter = Filter {
        text: Some("needle 4200".into()),
        ..Default::default()
    };
    let hits: Vec<i64> = store
        .search(&filter, None, 50)
        .unwrap()
        .iter()
        .map(|r| r.serial)
        .collect();
    assert_eq!(hits, vec![420000, 42000], "text is found inside the record");
    // Something that does not exist is an empty page, not an error.
    let none = Filter {
        table: Some(99),
        ..Default::default()
    };
    assert!(store.search(&none, None, 50).unwrap().is_empty());
    assert!(GEN_KINDS.contains(&"irregularity"));
}

/// A minimal RFC 4180 reader for the round trip.
/// Reads CSV back as a spreadsheet or a script would: the `csv` crate's reader, RFC 4180.
fn parse_csv(text: &str) -> Vec<Vec<String>> {
    csv::ReaderBuilder::new()
        .has_headers(false)
        .from_reader(text.as_bytes())
        .records()
        .map(|r| r.unwrap().iter().map(str::to_string).collect())
        .collect()
}

fn from_csv(f: &[String]) -> JournalRow {
    let opt = |s: &String| (!s.is_empty()).then(|| s.clone());
    JournalRow {
        serial: f[0].parse().unwrap(),
        terminal_id: f[1].clone(),
        ts_utc: f[2].clone(),
        mono_ns: f[3].parse().unwrap(),
        session: f[4].parse().unwrap(),
        stream: f[5].clone(),
        table_no: opt(&f[6]).map(|t| t.parse().unwrap()),
        dealer_credential: opt(&f[7]),
        actor_credential: opt(&f[8]),
        kind: f[9].clone(),
        payload: f[10].clone(),
        prev_hash: f[11].clone(),
        hash: f[12].clone(),
    }
}

#[test]
fn chart_series_count_what_the_generator_wrote() {
    let store = Store::open(journal()).unwrap();
    let filter = Filter {
        table: Some(8),
        from: Some("2026-10-08".into()),
        to: Some("2026-10-09".into()),
        ..Default::default()
    };
    let d = store.chart_data(&filter).unwrap();
    let mut per_hour = std::collections::BTreeMap::<String, i64>::new();
    let mut irregular = 0;
    for s in 1..=ROWS {
        let (t, _, k, ts) = gen_row(s, ROWS);
        if t == 8 && ("2026-10-08".."2026-10-09").contains(&ts.as_str()) {
            if k == "round_started" {
                *per_hour.entry(ts[..13].to_string()).or_default() += 1;
            }
            if k == "irregularity" {
                irregular += 1;
            }
        }
    }
    assert_eq!(d.rounds_per_hour, per_hour.into_iter().collect::<Vec<_>>());
    assert_eq!(d.irregularities.iter().map(|x| x.2).sum::<i64>(), irregular);
    assert!(d.irregularities.iter().all(|x| x.0 == 8));
}

#[test]
fn csv_export_round_trips_and_rehashes() {
    let store = Store::open(journal()).unwrap();
    let filter = Filter {
        table: Some(3),
        from: Some("2026-10-20T00:00:00Z".into()),
        to: Some("2026-10-20T06:00:00Z".into()),
        ..Default::default()
    };
    let mut buf = Vec::new();
    let n = store.export_csv(&filter, &mut buf).unwrap();
    let text = String::from_utf8(buf).unwrap();
    let rows = parse_csv(&text);
    assert_eq!(rows.len(), n + 1);
    assert_eq!(
        rows[0].join(","),
        deckhand::store::review::CSV_HEADER.join(",")
    );
    let mut db_rows = store.search(&filter, None, 10_000).unwrap();
    db_rows.reverse();
    assert_eq!(db_rows.len(), n);
    for (csv, db) in rows[1..].iter().zip(&db_rows) {
        let r = from_csv(csv);
        assert_eq!(&r, db);
        assert_eq!(r.compute_hash(), r.hash, "the exported row proves itself");
    }
    // Awkward text survives quoting.
    let tricky = JournalRow {
        payload: r#"{"note":"a, \"quoted\"\nline"}"#.into(),
        ..db_rows[0].clone()
    };
    let mut buf = Vec::new();
    let mut csv = CsvRows::new(&mut buf).unwrap();
    csv.row(&tricky).unwrap();
    assert_eq!(csv.finish().unwrap(), 1);
    let parsed = parse_csv(std::str::from_utf8(&buf).unwrap());
    assert_eq!(from_csv(&parsed[1]), tricky);
}

#[test]
fn a_field_a_spreadsheet_would_run_as_a_formula_arrives_as_text() {
    for bad in [
        "=HYPERLINK(\"http://x\",\"win\")",
        "+1",
        "-2+3",
        "@SUM(A1)",
        "\tx",
        "\rx",
    ] {
        assert_eq!(spreadsheet_safe(bad), format!("'{bad}"), "{bad:?}");
    }
    for fine in ["Rosa Diaz", "{\"player\":\"=x\"}", "20417", "", "a=b"] {
        assert_eq!(spreadsheet_safe(fine), fine);
    }
    // A credential that starts with '=' (as a tampered or hand-keyed one might) leaves the
    // export as text in a real CSV reader.
    let store = Store::open(journal()).unwrap();
    let row = store.search(&Filter::default(), None, 1).unwrap().remove(0);
    let evil = JournalRow {
        actor_credential: Some("=cmd|' /C calc'!A0".into()),
        ..row
    };
    let mut buf = Vec::new();
    let mut csv = CsvRows::new(&mut buf).unwrap();
    csv.row(&evil).unwrap();
    csv.finish().unwrap();
    let parsed = parse_csv(std::str::from_utf8(&buf).unwrap());
    assert_eq!(parsed[1][8], "'=cmd|' /C calc'!A0");
    assert!(
        parsed
            .iter()
            .flatten()
            .all(|f| !f.starts_with(['=', '+', '-', '@', '\t', '\r']))
    );
}

#[test]
fn the_export_command_writes_csv_and_names_bad_arguments() {
    // A small journal with a real round's worth of rows, through the binary.
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("x.sqlite");
    generate_journal(&db, 5000);
    let run = |args: &[&str]| {
        let out = std::process::Command::new(env!("CARGO_BIN_EXE_deckhand"))
            .args(["export", "--db", db.to_str().unwrap()])
            .args(args)
            .output()
            .unwrap();
        (
            out.status.code().unwrap_or(-1),
            String::from_utf8(out.stdout).unwrap(),
            String::from_utf8(out.stderr).unwrap(),
        )
    };
    let (code, out, err) = run(&["--group", "counts", "--table", "5"]);
    assert_eq!(code, 0, "{err}");
    let want = (1..=5000)
        .filter(|s| {
            let (t, _, k, _) = gen_row(*s, 5000);
            t == 5 && KindGroup::Counts.kinds().contains(&k)
        })
        .count();
    assert_eq!(out.lines().count(), want + 1);
    assert!(err.contains(&format!("exported {want} rows")));
    let (code, _, err) = run(&["--from", "yesterday"]);
    assert_eq!(code, 1);
    assert!(err.contains("--from: `yesterday` is not a date"), "{err}");
    let (code, _, err) = run(&["--group", "jackpot"]);
    assert_eq!(code, 1);
    assert!(err.contains("--group: `jackpot` is not one of"), "{err}");
    assert!(matches!(
        Store::open(&db).unwrap().verify_chain().unwrap(),
        ChainStatus::Intact { .. }
    ));
}

/// The game filter follows each table's latest opening before the row, on this terminal's
/// journal; rows without a table never match a game.
#[test]
fn the_game_filter_follows_each_tables_opening() {
    use deckhand::store::{Entry, RowContext};
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("games.sqlite");
    let mut s = Store::open(&path).unwrap();
    let at = |t: u32| RowContext {
        table_no: Some(t),
        ..Default::default()
    };
    let row = |kind: &str, v: serde_json::Value| Entry::system(kind, v);
    s.append(
        &RowContext::default(),
        &[row("dealer_signed_in", serde_json::json!({}))],
    )
    .unwrap();
    // Table 5 opens as Omaha (a future setup names its game), table 6 as before (Hold'em).
    s.append(
        &at(5),
        &[row(
            "table_opened",
            serde_json::json!({"setup": {"game": "omaha", "table_no": 5}}),
        )],
    )
    .unwrap();
    s.append(
        &at(6),
        &[row(
            "table_opened",
            serde_json::json!({"setup": {"table_no": 6}}),
        )],
    )
    .unwrap();
    for _ in 0..3 {
        s.append(
            &at(5),
            &[row("deck_counted", serde_json::json!({"counted": 52}))],
        )
        .unwrap();
        s.append(
            &at(6),
            &[row("deck_counted", serde_json::json!({"counted": 52}))],
        )
        .unwrap();
    }
    // Table 5 reopens as Hold'em: its later rows are Hold'em rows.
    s.append(
        &at(5),
        &[row(
            "table_opened",
            serde_json::json!({"setup": {"game": "holdem", "table_no": 5}}),
        )],
    )
    .unwrap();
    s.append(
        &at(5),
        &[row("deck_counted", serde_json::json!({"counted": 51}))],
    )
    .unwrap();
    let count = |game: &str| {
        s.count_matching(&Filter {
            game: Some(game.into()),
            kind: Some("deck_counted".into()),
            ..Default::default()
        })
        .unwrap()
    };
    assert_eq!(count("omaha"), 3);
    assert_eq!(count("holdem"), 4, "table 6's three and table 5's last");
    assert_eq!(count("badugi"), 0);
    let all_holdem = s
        .count_matching(&Filter {
            game: Some("holdem".into()),
            ..Default::default()
        })
        .unwrap();
    assert_eq!(all_holdem, 1 + 3 + 2, "no row without a table");
    assert_eq!(s.games_played().unwrap(), vec!["holdem", "omaha"]);
}
