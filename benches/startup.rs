//! Start-up against history (`cargo bench --bench startup`): how long the terminal takes from
//! opening its database to its first frame (the store, the table rebuilt from the newest
//! snapshot and the rows after it, the app's first frame under egui_kittest, while the writer
//! thread walks the chain), and to the walk's verdict, on an
//! empty journal and on one of about 1,000,000 rows: `ROUNDS` Hold'em rounds played through the
//! terminal's commands (a snapshot every 5,000 table rows, the default), each followed by the
//! device and system rows a busy table writes. The journal is built once under `target/tmp/`.
//! Printed: the time of each part, then criterion's figure for the whole.

#[path = "../tests/common/mod.rs"]
mod common;
mod support;

use criterion::{Criterion, criterion_group, criterion_main};
use deckhand::demo::At;
use deckhand::rules::games::GameId;
use deckhand::rules::table::{Table, TableSetup};
use deckhand::store::{Entry, RowContext, Store};
use deckhand::terminal::Terminal;
use deckhand::ui::DeckhandApp;
use std::path::{Path, PathBuf};
use std::time::{Duration, Instant};

const ROUNDS: usize = 2_000;
const SYSTEM_ROWS_PER_ROUND: usize = 500;

fn setup() -> TableSetup {
    common::ui::table(12, GameId::Holdem)
}

fn build(path: &Path) {
    let _ = std::fs::remove_file(path);
    let _ = std::fs::remove_file(deckhand::store::signing::default_key_path(path));
    let mut t = Terminal::open(Store::open(path).unwrap(), None).unwrap();
    deckhand::demo::stage_at(&mut t, &setup(), At::Opened).unwrap();
    let ctx = RowContext {
        table_no: Some(12),
        dealer_credential: Some("20417".into()),
        actor_credential: None,
    };
    let system: Vec<Entry> = (0..SYSTEM_ROWS_PER_ROUND)
        .map(|i| {
            Entry::system(
                "shuffler_meters",
                serde_json::json!({"kind": "shuffler_meters", "shuffles": i, "cards": 52 * i}),
            )
        })
        .collect();
    for _ in 0..ROUNDS {
        common::poker::fold_round(&mut t, &[1, 2, 3, 4]);
        common::poker::to_next_round(&mut t);
        t.store().submit(&ctx, &system).wait().unwrap();
    }
}

fn journal() -> PathBuf {
    let path = PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join("startup-journal.sqlite");
    let want = (ROUNDS * SYSTEM_ROWS_PER_ROUND) as i64;
    let have = Store::open(&path)
        .ok()
        .and_then(|s| s.head().ok())
        .map(|(n, _)| n);
    if have.is_none_or(|n| n < want) {
        let t = Instant::now();
        build(&path);
        eprintln!("built the journal in {:?}", t.elapsed());
    }
    path
}

/// Store, terminal, app and its first frame, as `deckhand` starts (the chain walked on the
/// writer thread beside it); then when the walk said intact.
fn first_frame_and_checked(path: &Path) -> (Duration, Duration) {
    let t = Instant::now();
    let store = Store::open(path).unwrap();
    let check = store.check_chain(Box::new(|| {}));
    let term = Terminal::open_checking(store, None, check.clone()).unwrap();
    let mut h = common::ui::harness(DeckhandApp::new(term, setup(), None));
    h.step();
    let first = t.elapsed();
    check.wait_intact().unwrap();
    (first, t.elapsed())
}

fn first_frame(path: &Path) -> Duration {
    first_frame_and_checked(path).0
}

fn bench_startup(c: &mut Criterion) {
    let big = journal();
    let dir = tempfile::tempdir_in(env!("CARGO_TARGET_TMPDIR")).unwrap();
    let empty = dir.path().join("empty.sqlite");
    drop(Terminal::open(Store::open(&empty).unwrap(), None).unwrap());

    let store = Store::open(&big).unwrap();
    let rows = store.head().unwrap().0;
    let time = support::best_of_5;
    let walk = time(&mut || {
        store.verify_chain().unwrap();
    });
    let all = store.table_events().unwrap();
    let full = time(&mut || {
        Table::replay(&store.table_events().unwrap()).unwrap();
    });
    let (_, snap) = store.newest_snapshot().unwrap().expect("a snapshot");
    let from_snapshot = time(&mut || {
        let (_, s) = store.newest_snapshot().unwrap().unwrap();
        let tail = store.table_events_after(s.through).unwrap();
        let mut t = s.table;
        for (_, e) in &tail {
            t.apply(e).unwrap();
        }
    });
    let tail = store.table_events_after(snap.through).unwrap().len();
    drop(store);
    // Each figure as the run measured it: closing the terminal (its writer finishing the
    // walk) is not part of its start.
    let runs: Vec<(Duration, Duration)> = (0..5).map(|_| first_frame_and_checked(&big)).collect();
    let big_frame = runs.iter().map(|r| r.0).min().unwrap_or_default();
    let checked = runs.iter().map(|r| r.1).min().unwrap_or_default();
    let empty_frame = (0..5)
        .map(|_| first_frame(&empty))
        .min()
        .unwrap_or_default();
    eprintln!(
        "start-up, {rows} rows ({} table rows): first frame {big_frame:?} (empty journal {empty_frame:?}), the chain checked {checked:?} after the start | chain walk {walk:?} | table from the newest snapshot and {tail} rows after it {from_snapshot:?}, from every table row {full:?}",
        all.len()
    );
    let mut g = c.benchmark_group("startup");
    g.sample_size(10);
    g.bench_function("first_frame_1m_rows", |b| {
        b.iter_custom(|n| (0..n).map(|_| first_frame(&big)).sum())
    });
    g.bench_function("first_frame_empty", |b| {
        b.iter_custom(|n| (0..n).map(|_| first_frame(&empty)).sum())
    });
    g.finish();
}

criterion_group!(benches, bench_startup);
criterion_main!(benches);
