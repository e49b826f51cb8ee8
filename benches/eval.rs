//! Five- and seven-card high-hand evaluation, Deckhand's evaluator next to `aya_poker`
//! (a perfect-hash evaluator based on OMPEval) on the same seeded hands in the same run.
//! `cargo bench --bench eval`; figures in docs/hand-rankings.md.

use criterion::{Criterion, Throughput, criterion_group, criterion_main};
use deckhand::rules::cards::Card;
use deckhand::rules::eval;
use std::hint::black_box;

const HANDS: usize = 10_000;

fn deal(seed: &mut u64, n: usize) -> Vec<Card> {
    let mut deck: Vec<Card> = (0..52).filter_map(Card::from_index).collect();
    for i in 0..n {
        *seed = seed
            .wrapping_mul(6364136223846793005)
            .wrapping_add(1442695040888963407);
        let j = i + ((*seed >> 33) as usize % (52 - i));
        deck.swap(i, j);
    }
    deck.truncate(n);
    deck
}

fn to_aya(cards: &[Card]) -> aya_poker::base::Hand {
    cards
        .iter()
        .map(|c| {
            c.to_string()
                .parse::<aya_poker::base::Card>()
                .expect("same codes")
        })
        .collect()
}

fn bench(c: &mut Criterion) {
    for n in [5usize, 7] {
        let mut seed = 0x5EED_u64 + n as u64;
        let hands: Vec<Vec<Card>> = (0..HANDS).map(|_| deal(&mut seed, n)).collect();
        let aya: Vec<aya_poker::base::Hand> = hands.iter().map(|h| to_aya(h)).collect();
        let mut g = c.benchmark_group(format!("{n}-card"));
        g.throughput(Throughput::Elements(HANDS as u64));
        g.sample_size(20);
        g.measurement_time(std::time::Duration::from_secs(4));
        g.bench_function("deckhand", |b| {
            b.iter(|| {
                for h in &hands {
                    black_box(eval::evaluate(black_box(h)).expect("valid hand"));
                }
            })
        });
        g.bench_function("aya_poker", |b| {
            b.iter(|| {
                for h in &aya {
                    black_box(aya_poker::poker_rank(black_box(h)));
                }
            })
        });
        g.finish();
    }
}

criterion_group!(benches, bench);
criterion_main!(benches);
