//! Settling a full table of each house-banked game from its JSON, as `deckhand settle` does
//! (parse, validate, evaluate every hand, settle every wager); and the dealer's Settle of a
//! Mississippi Stud round from tapped categories, as the terminal decides it on the screen's
//! thread, with and without the community cards keyed (each category checked against them,
//! § 655a.11(i)). `cargo bench --bench settle`.

use criterion::{Criterion, criterion_group, criterion_main};
use deckhand::rules::banked::paytable::Paytables;
use deckhand::rules::banked::round::{BankedCommand, BankedRound, BankedStep, Results, SeatResult};
use deckhand::rules::banked::{House, HouseRules};
use deckhand::rules::cards::parse_cards;
use deckhand::rules::games::GameId;
use deckhand::rules::registry::settle_json;
use deckhand::rules::registry::{self, Dealing};
use std::collections::BTreeMap;
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

/// Six Mississippi Stud seats with $10 Antes (seat 6 also `tcb` on the Three Card Bonus), every
/// street at 1×: at the cards step.
fn mstud_at_the_cards(tcb: i64) -> (BankedRound, House) {
    let house = House::default_for(GameId::MississippiStud).unwrap();
    let mut r =
        registry::start_round(GameId::MississippiStud, Dealing::Hand, &[1, 2, 3, 4, 5, 6]).unwrap();
    let run = |r: &mut BankedRound, cmd: BankedCommand| {
        for e in r.decide(&cmd, Some(&house)).unwrap() {
            r.apply(&e).unwrap();
        }
    };
    for seat in 1..=6 {
        let mut wagers = BTreeMap::from([("ante".to_string(), 1000)]);
        if seat == 6 && tcb > 0 {
            wagers.insert("three_card_bonus".into(), tcb);
        }
        run(&mut r, BankedCommand::Wagers { seat, wagers });
    }
    run(&mut r, BankedCommand::NoMoreBets);
    run(&mut r, BankedCommand::Dealt);
    while r.step != BankedStep::Cards {
        let cmd = match r.step {
            BankedStep::Decide { seat, .. } => BankedCommand::Decide { seat, multiple: 1 },
            _ => BankedCommand::Revealed,
        };
        run(&mut r, cmd);
    }
    (r, house)
}

/// The dealer's Settle from the categories tapped, with `board` keyed.
fn from_results(categories: [&str; 6], board: &str) -> BankedCommand {
    let seats = (1..=6)
        .zip(categories)
        .map(|(seat, c)| {
            (
                seat,
                SeatResult {
                    category: c.into(),
                    versus: None,
                    second: None,
                },
            )
        })
        .collect();
    let mut cmd = BankedCommand::from_results(
        vec![],
        Results {
            dealer_qualifies: false,
            seats,
            forced: None,
        },
    );
    if let BankedCommand::Cards { community, .. } = &mut cmd {
        *community = parse_cards(board).unwrap();
    }
    cmd
}

fn dealers_settle(c: &mut Criterion) {
    let mut g = c.benchmark_group("mstud-settle-from-results");
    // The anchor: no Three Card Bonus, so no board is keyed and no category is checked.
    let (plain, house) = mstud_at_the_cards(0);
    let cmd = from_results(
        [
            "below-sixes",
            "sixes-to-tens",
            "jacks-or-better",
            "two-pair",
            "three-of-a-kind",
            "full-house",
        ],
        "",
    );
    assert!(plain.decide(&cmd, Some(&house)).is_ok());
    g.bench_function("no-board", |b| {
        b.iter(|| plain.decide(black_box(&cmd), Some(&house)).unwrap())
    });
    // The board keyed for seat 6's bonus: each of the six categories checked against it.
    let (bonus, house) = mstud_at_the_cards(500);
    let possible = [
        "sixes-to-tens",
        "sixes-to-tens",
        "two-pair",
        "two-pair",
        "three-of-a-kind",
        "full-house",
    ];
    let with_board = from_results(possible, "7d 7c 2s");
    assert!(bonus.decide(&with_board, Some(&house)).is_ok());
    g.bench_function("board-keyed", |b| {
        b.iter(|| bonus.decide(black_box(&with_board), Some(&house)).unwrap())
    });
    // The slip refused on the last seat checked: a category no two cards make with the board
    // (every pair of cards tried).
    let mut slip = possible;
    slip[5] = "below-sixes";
    let slip = from_results(slip, "7d 7c 2s");
    assert!(bonus.decide(&slip, Some(&house)).is_err());
    g.bench_function("board-keyed-slip-refused", |b| {
        b.iter(|| bonus.decide(black_box(&slip), Some(&house)).unwrap_err())
    });
    g.finish();
}

criterion_group!(benches, bench, dealers_settle);
criterion_main!(benches);
