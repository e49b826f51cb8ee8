//! Property: settling a round never creates or loses money. For thousands of random legal rounds
//! of every game (random cards, wagers, decisions, paytable letters, meters, rounding units):
//! what the players win, what the house keeps and what the meters move add up to zero; every
//! cent a result says came from a meter left that meter; no meter goes negative; each result is
//! self-consistent; and legal rounds are never refused.

use crate::common;

use common::Rng;
use deckhand::rules::banked::paytable::Paytables;
use deckhand::rules::banked::{HouseRules, Outcome, Settlement};
use deckhand::rules::banked::{crazy4, lunar, mstud, spanish21, thb, wpt};
use deckhand::rules::cards::{Card, Rank};
use deckhand::rules::eval;
use deckhand::rules::four_card::{Category4, best_four};
use deckhand::rules::registry::settle_json;
use serde_json::{Value, json};

const ROUNDS: usize = 3000;

fn cards(c: &[Card]) -> String {
    c.iter()
        .map(|c| c.to_string())
        .collect::<Vec<_>>()
        .join(" ")
}

fn below(r: &mut Rng, n: u64) -> u64 {
    r.next() % n
}

fn pick<'a, T>(r: &mut Rng, xs: &'a [T]) -> &'a T {
    &xs[below(r, xs.len() as u64) as usize]
}

fn amount(r: &mut Rng) -> i64 {
    // Mostly whole dollars, sometimes odd cents so rounding is exercised.
    if below(r, 5) == 0 {
        1 + below(r, 9999) as i64
    } else {
        100 * (1 + below(r, 100) as i64)
    }
}

/// No wager half the time, else a random amount.
fn maybe(r: &mut Rng) -> i64 {
    if below(r, 2) == 0 { 0 } else { amount(r) }
}

fn check(s: &Settlement, ctx: &Value) {
    let ctx = ctx.to_string();
    let players: i64 = s.results.iter().map(|r| r.net).sum();
    let stakes: i64 = s.results.iter().map(|r| r.stake).sum();
    let from_meters: i64 = s.results.iter().map(|r| r.from_meter).sum();
    let house_paid: i64 = s.results.iter().map(|r| r.paid - r.from_meter).sum();
    let reseeded: i64 = s.meters.iter().map(|m| m.reseeded).sum();
    let meter_paid: i64 = s.meters.iter().map(|m| m.paid).sum();
    let meter_delta: i64 = s.meters.iter().map(|m| m.after - m.before).sum();
    let house = stakes - house_paid - reseeded;
    assert_eq!(
        players + house + meter_delta,
        0,
        "money created or lost: {ctx}"
    );
    assert_eq!(
        from_meters, meter_paid,
        "meter payouts not taken from a meter: {ctx}"
    );
    assert_eq!(
        (s.totals.players, s.totals.house, s.totals.meters),
        (players, house, meter_delta),
        "{ctx}"
    );
    for m in &s.meters {
        assert!(
            m.after >= 0 && m.paid >= 0 && m.paid <= m.before + m.reseeded,
            "{m:?} {ctx}"
        );
    }
    for r in &s.results {
        assert!(r.stake >= 0 && r.paid >= 0, "{r:?} {ctx}");
        assert_eq!(r.net, r.paid - r.stake, "{r:?} {ctx}");
        match r.result {
            Outcome::Push => assert_eq!(r.net, 0, "{r:?} {ctx}"),
            Outcome::Lose => assert!(r.net < 0, "{r:?} {ctx}"),
            Outcome::Win => assert!(r.net >= 0, "{r:?} {ctx}"),
        }
        assert!(r.section.starts_with('§'), "{r:?}");
        assert!(!r.explanation.is_empty());
    }
}

fn run(game: &str, mut make: impl FnMut(&mut Rng) -> (Value, HouseRules)) {
    let p = Paytables::embedded().unwrap();
    let mut r = Rng(0xC0FFEE ^ game.len() as u64);
    for _ in 0..ROUNDS {
        let (round, rules) = make(&mut r);
        let s = settle_json(&round.to_string(), &p, &rules)
            .unwrap_or_else(|e| panic!("{game}: legal round refused: {e}\n{round}"));
        check(&s, &round);
    }
}

fn rules(r: &mut Rng) -> HouseRules {
    let mut rules = HouseRules::default();
    rules.rounding_unit_cents = *pick(r, &[1, 1, 5, 25]);
    rules
}

#[test]
fn wpt_heads_up_conserves_money() {
    run("wpt-heads-up", |r| {
        let n = 1 + below(r, 6) as usize;
        let d = r.deal(2 * n + 7);
        let mut seats = Vec::new();
        for i in 0..n {
            let ante = amount(r);
            let decision = below(r, 4);
            let mut s = json!({"seat": i + 1, "cards": cards(&d[7 + 2 * i..9 + 2 * i]),
                "wagers": {"ante": ante, "odds": ante, "pocket_bonus": maybe(r), "trips_plus": maybe(r)}});
            match decision {
                0 => s["fold"] = json!(true),
                1 => {
                    s["raise"] = json!({"street": "pre-flop", "amount": 1 + below(r, 3 * ante as u64) as i64})
                }
                2 => {
                    s["raise"] =
                        json!({"street": "flop", "amount": 1 + below(r, 2 * ante as u64) as i64})
                }
                _ => s["raise"] = json!({"street": "river", "amount": ante}),
            }
            seats.push(s);
        }
        let mut h = rules(r);
        h.edit(|g: &mut wpt::Rules| g.pocket_bonus = pick(r, &["A", "B", "C"]).to_string());
        h.edit(|g: &mut wpt::Rules| g.trips_plus = pick(r, &["A", "B", "C", "D"]).to_string());
        if below(r, 2) == 0 {
            h.edit(|g: &mut wpt::Rules| g.payout_limit_cents = Some(5_000_000));
        }
        (
            json!({"game": "wpt-heads-up", "dealer": cards(&d[..2]), "community": cards(&d[2..7]), "seats": seats}),
            h,
        )
    });
}

#[test]
fn texas_holdem_bonus_conserves_money() {
    run("texas-holdem-bonus", |r| {
        let n = 1 + below(r, 6) as usize;
        let d = r.deal(2 * n + 7);
        let mut seats = Vec::new();
        let mut seat_nos: Vec<u8> = (1..=6).collect();
        for i in 0..n {
            let k = i + below(r, (6 - i) as u64) as usize;
            seat_nos.swap(i, k);
            let ante = amount(r);
            let flop = if below(r, 3) == 0 { 0 } else { 2 * ante };
            let (turn, river) = if flop > 0 {
                (
                    if below(r, 2) == 0 { 0 } else { ante },
                    if below(r, 2) == 0 { 0 } else { ante },
                )
            } else {
                (0, 0)
            };
            seats.push(
                json!({"seat": seat_nos[i], "cards": cards(&d[7 + 2 * i..9 + 2 * i]),
                "wagers": {"ante": ante, "bonus": maybe(r), "progressive": *pick(r, &[0, 100, 500]),
                    "fchb_player": maybe(r), "fchb_dealer": maybe(r)},
                "flop": flop, "turn": turn, "river": river}),
            );
        }
        let mut h = rules(r);
        h.edit(|g: &mut thb::Rules| g.bonus = pick(r, &["A", "B"]).to_string());
        h.edit(|g: &mut thb::Rules| g.magic_and_lucky = below(r, 4) != 0);
        let magic = r.deal(1)[0];
        let lucky = if below(r, 7) == 0 {
            json!("dealer")
        } else {
            json!(1 + below(r, 6))
        };
        (
            json!({"game": "texas-holdem-bonus", "dealer": cards(&d[..2]), "community": cards(&d[2..7]), "seats": seats,
            "meters": {"progressive": 1_000_000 + below(r, 9_000_000) as i64, "five_card_bonus": 1_000_000 + below(r, 9_000_000) as i64},
            "magic_card": magic.to_string(), "lucky": lucky}),
            h,
        )
    });
}

#[test]
fn lunar_poker_conserves_money() {
    run("lunar-poker", |r| {
        let n = 1 + below(r, 5) as usize;
        let d = r.deal(52);
        let dealer = &d[..5];
        let qualifies = deckhand::rules::lunar_rankings::lunar_hand(dealer)
            .unwrap()
            .dealer_qualifies();
        let mut next = 5 + 5 * n;
        let mut seats = Vec::new();
        let mut forced = false;
        for i in 0..n {
            let first = &d[5 + 5 * i..10 + 5 * i];
            let ante = amount(r);
            let mut s = json!({"seat": i + 1, "cards": cards(first), "wagers": {"ante": ante, "super": maybe(r)}, "declared": below(r, 4) != 0});
            let sf = eval::evaluate(first).unwrap().category() == eval::Category::StraightFlush;
            if !sf {
                match below(r, 4) {
                    0 if next < 51 => {
                        s["draw"] = json!({"buy": d[next].to_string()});
                        next += 1;
                    }
                    1 => {
                        let k = 2 + below(r, 4) as usize;
                        if next + k < 51 {
                            s["draw"] = json!({"exchange": {"discard": cards(&first[..k]), "replace": cards(&d[next..next + k])}});
                            next += k;
                        }
                    }
                    _ => {}
                }
                let bet = below(r, 4) != 0;
                s["bet"] = json!(bet);
                if bet && !qualifies && below(r, 2) == 0 {
                    s["force"] = json!(true);
                    forced = true;
                }
            }
            seats.push(s);
        }
        let mut round = json!({"game": "lunar-poker", "dealer": cards(dealer), "seats": seats});
        if forced {
            round["dealer_replacement"] = json!(d[51].to_string());
        }
        let mut h = rules(r);
        h.edit(|g: &mut lunar::Rules| {
            g.instant = pick(r, &["A", "B", "C", "D", "E", "F", "G", "H"]).to_string()
        });
        h.edit(|g: &mut lunar::Rules| g.super_table = pick(r, &["A", "B", "C"]).to_string());
        h.edit(|g: &mut lunar::Rules| g.instant_returns_ante = below(r, 2) == 0);
        (round, h)
    });
}

#[test]
fn mississippi_stud_conserves_money() {
    run("mississippi-stud", |r| {
        let n = 1 + below(r, 6) as usize;
        let d = r.deal(2 * n + 3);
        let mut seats = Vec::new();
        for i in 0..n {
            let ante = amount(r);
            let streets: Vec<i64> = (0..below(r, 4))
                .map(|_| ante * (1 + below(r, 3) as i64))
                .collect();
            seats.push(json!({"seat": i + 1, "cards": cards(&d[3 + 2 * i..5 + 2 * i]),
                "wagers": {"ante": ante, "progressive": *pick(r, &[0, 100, 500]), "three_card_bonus": maybe(r)}, "streets": streets}));
        }
        let mut h = rules(r);
        h.edit(|g: &mut mstud::Rules| {
            g.three_card_bonus = pick(r, &["A", "B", "C", "D"]).to_string()
        });
        (
            json!({"game": "mississippi-stud", "community": cards(&d[..3]), "seats": seats, "meters": {"progressive": 1_000_000 + below(r, 9_000_000) as i64}}),
            h,
        )
    });
}

#[test]
fn crazy_4_poker_conserves_money() {
    run("crazy-4-poker", |r| {
        let n = 1 + below(r, 6) as usize;
        let d = r.deal(5 * n + 5);
        let mut seats = Vec::new();
        for i in 0..n {
            let hand = &d[5 + 5 * i..10 + 5 * i];
            let ante = amount(r);
            let v = best_four(hand).unwrap().value;
            let aces_up = v.category() > Category4::OnePair
                || (v.category() == Category4::OnePair && v.ranks()[0] == 14);
            let play = match below(r, 3) {
                0 => 0,
                1 if aces_up => ante + below(r, 2 * ante as u64 + 1) as i64,
                _ => ante,
            };
            seats.push(json!({"seat": i + 1, "cards": cards(hand),
                "wagers": {"ante": ante, "super_bonus": ante, "queens_up": maybe(r), "progressive": *pick(r, &[0, 100, 500])}, "play": play}));
        }
        let mut h = rules(r);
        h.edit(|g: &mut crazy4::Rules| g.queens_up = pick(r, &["A", "B", "C", "D"]).to_string());
        h.edit(|g: &mut crazy4::Rules| g.progressive = pick(r, &["A", "B"]).to_string());
        (
            json!({"game": "crazy-4-poker", "dealer": cards(&d[..5]), "seats": seats, "meters": {"progressive": 500_000 + below(r, 5_000_000) as i64}}),
            h,
        )
    });
}

/// A Spanish 21 card: no tens (§ 635a.3(a)).
fn shoe_card(r: &mut Rng) -> Card {
    loop {
        let c = r.deal(1)[0];
        if c.rank != Rank::TEN {
            return c;
        }
    }
}

fn total(c: &[Card]) -> (u8, bool) {
    let t = deckhand::rules::spanish21_totals::total(c, true).unwrap();
    (t.total, t.bust)
}

#[test]
fn spanish_21_conserves_money() {
    run("spanish-21", |r| {
        let n = 1 + below(r, 7) as usize;
        let up = shoe_card(r);
        let hole = shoe_card(r);
        let dealer_bj = deckhand::rules::spanish21_totals::total(&[up, hole], false)
            .unwrap()
            .blackjack;
        let mut h = rules(r);
        h.edit(|g: &mut spanish21::Rules| g.even_money_offered = below(r, 2) == 0);
        h.edit(|g: &mut spanish21::Rules| g.decks = *pick(r, &[6, 8]));
        let mut seats = Vec::new();
        let mut live = false;
        for i in 0..n {
            let w = amount(r);
            let a = shoe_card(r);
            let b = shoe_card(r);
            let bj = deckhand::rules::spanish21_totals::total(&[a, b], false)
                .unwrap()
                .blackjack;
            let mut s =
                json!({"seat": i + 1, "wagers": {"spanish_21": w, "match_the_dealer": maybe(r)}});
            if up.rank == Rank::ACE
                && below(r, 3) == 0
                && !(bj && h.of::<spanish21::Rules>().even_money_offered)
            {
                s["wagers"]["insurance"] = json!(1 + below(r, w as u64 / 2) as i64);
            }
            if bj || dealer_bj {
                if bj
                    && up.rank == Rank::ACE
                    && h.of::<spanish21::Rules>().even_money_offered
                    && below(r, 2) == 0
                {
                    s["even_money"] = json!(true);
                    s["wagers"]["insurance"] = json!(0);
                }
                s["hands"] = json!([{"cards": cards(&[a, b])}]);
                seats.push(s);
                continue;
            }
            if below(r, 8) == 0 {
                s["surrender"] = json!(true);
                s["hands"] = json!([{"cards": cards(&[a, b])}]);
                seats.push(s);
                continue;
            }
            let value = |c: &Card| match c.rank.value() {
                14 => 11,
                11..=13 => 10,
                v => v,
            };
            let starts: Vec<Card> = if value(&a) == value(&b) && below(r, 2) == 0 {
                vec![a, b]
            } else {
                vec![]
            };
            let mut hands = Vec::new();
            let firsts: Vec<Vec<Card>> = if starts.is_empty() {
                vec![vec![a, b]]
            } else {
                starts.iter().map(|c| vec![*c, shoe_card(r)]).collect()
            };
            for mut cs in firsts {
                let mut hand = json!({});
                let (t, _) = total(&cs);
                if t < 21 && below(r, 5) == 0 {
                    hand["double"] = json!(1 + below(r, w as u64) as i64);
                    cs.push(shoe_card(r));
                    let (t, bust) = total(&cs);
                    // A 21 of three cards is a sure win: the dealer draws nothing for it
                    // (§ 635a.7(M)).
                    let sure = t == 21;
                    if !bust && below(r, 3) == 0 {
                        hand["rescue"] = json!(true);
                    } else if !bust && !sure {
                        live = true;
                    }
                } else {
                    let stop = 12 + below(r, 8) as u8;
                    while total(&cs).0 < stop.min(21) {
                        cs.push(shoe_card(r));
                    }
                    let (t, bust) = total(&cs);
                    let sure = t == 21 && cs.len() >= 3;
                    if !bust && !sure {
                        live = true;
                    }
                }
                hand["cards"] = json!(cards(&cs));
                hands.push(hand);
            }
            s["hands"] = json!(hands);
            seats.push(s);
        }
        let mut dealer = vec![up, hole];
        if !dealer_bj && live {
            while deckhand::rules::spanish21_totals::total(&dealer, false)
                .unwrap()
                .total
                < 17
            {
                dealer.push(shoe_card(r));
            }
        }
        (
            json!({"game": "spanish-21", "dealer": cards(&dealer), "seats": seats}),
            h,
        )
    });
}

/// Nothing a person or a script feeds `deckhand settle` makes it panic: every number of every
/// documented example replaced by edge values, every card field by junk, one at a time.
#[test]
fn hostile_input_is_refused_never_a_panic() {
    let p = Paytables::embedded().unwrap();
    let rules = HouseRules::default();
    let numbers = [
        json!(-1),
        json!(0),
        json!(1),
        json!(i64::MAX),
        json!(i64::MIN),
        json!(1_000_000_000_001i64),
        json!(1.5),
        json!("12a"),
        json!(null),
    ];
    let texts = [
        json!(""),
        json!("As As As As As As As As"),
        json!("Zz"),
        json!("10h 10h"),
        json!(7),
        json!("Ac Kc Qc Jc Tc 9c 8c 7c 6c 5c 4c 3c 2c Ad Kd"),
    ];
    fn paths(v: &Value, at: Vec<String>, out: &mut Vec<(Vec<String>, Value)>) {
        match v {
            Value::Object(m) => m.iter().for_each(|(k, x)| {
                let mut p = at.clone();
                p.push(k.clone());
                paths(x, p, out)
            }),
            Value::Array(a) => a.iter().enumerate().for_each(|(i, x)| {
                let mut p = at.clone();
                p.push(i.to_string());
                paths(x, p, out)
            }),
            leaf => out.push((at, leaf.clone())),
        }
    }
    fn set(v: &mut Value, path: &[String], new: Value) {
        let mut cur = v;
        for k in path {
            cur = match cur {
                Value::Object(m) => m.get_mut(k).unwrap(),
                Value::Array(a) => &mut a[k.parse::<usize>().unwrap()],
                _ => unreachable!(),
            };
        }
        *cur = new;
    }
    let mut tried = 0;
    for game in [
        "wpt-heads-up",
        "texas-holdem-bonus",
        "lunar-poker",
        "spanish-21",
        "mississippi-stud",
        "crazy-4-poker",
    ] {
        let text = std::fs::read_to_string(format!(
            "{}/docs/settle-examples/{game}.json",
            env!("CARGO_MANIFEST_DIR")
        ))
        .unwrap();
        let base: Value = serde_json::from_str(&text).unwrap();
        let mut leaves = Vec::new();
        paths(&base, vec![], &mut leaves);
        for (path, leaf) in leaves {
            if path.first().map(String::as_str) == Some("game") {
                continue;
            }
            let candidates: &[Value] = if leaf.is_string() { &texts } else { &numbers };
            for c in candidates {
                let mut v = base.clone();
                set(&mut v, &path, c.clone());
                // Ok or a refusal; a panic fails the test.
                if let Ok(s) = settle_json(&v.to_string(), &p, &rules) {
                    check(&s, &v);
                }
                tried += 1;
            }
        }
    }
    assert!(tried > 1000, "{tried} variants");
}
