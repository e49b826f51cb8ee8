//! Settling a full table of each house-banked game from its JSON, as `deckhand settle` does
//! (parse, validate, evaluate every hand, settle every wager). `cargo bench --bench settle`.

use criterion::{Criterion, criterion_group, criterion_main};
use deckhand::rules::banked::HouseRules;
use deckhand::rules::banked::paytable::Paytables;
use deckhand::rules::registry::settle_json;
use std::hint::black_box;

const GAMES: [&str; 6] = [
    "wpt-heads-up",
    "texas-holdem-bonus",
    "lunar-poker",
    "spanish-21",
    "mississippi-stud",
    "crazy-4-poker",
];

fn bench(c: &mut Criterion) {
    let p = Paytables::embedded().unwrap();
    let rules = HouseRules::default();
    let mut g = c.benchmark_group("settle");
    for game in GAMES {
        let path = format!(
            "{}/docs/settle-examples/{game}.json",
            env!("CARGO_MANIFEST_DIR")
        );
        let input = std::fs::read_to_string(path).unwrap();
        assert!(settle_json(&input, &p, &rules).is_ok());
        g.bench_function(game, |b| {
            b.iter(|| settle_json(black_box(&input), &p, &rules).unwrap())
        });
    }
    g.finish();
    c.bench_function("paytables/load-and-validate", |b| {
        b.iter(|| Paytables::embedded().unwrap())
    });
}

criterion_group!(benches, bench);
criterion_main!(benches);
