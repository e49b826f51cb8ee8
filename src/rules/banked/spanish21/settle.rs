//! Spanish 21's settlement (§ 635a.7–635a.12): each box's hands checked against the cards and the
//! Rules Submission, then every wager paid in the order the casino chose (§ 635a.7(p)).

use super::boxes_checked::{Checked, tot, validate};
use super::*;
use crate::rules::banked::paytable::PayTable;
use crate::rules::banked::round::{BankedRound, GameRound, Settle};

fn is_ten_value(c: &Card) -> bool {
    (11..=13).contains(&c.rank.value())
}

fn bonus_id(b: Bonus21) -> (&'static str, &'static str) {
    match b {
        Bonus21::SixSevenEightMixed => ("six-seven-eight-mixed", "6-7-8 of mixed suits"),
        Bonus21::SixSevenEightSuited => ("six-seven-eight-suited", "6-7-8 of the same suit"),
        Bonus21::SixSevenEightSpades => ("six-seven-eight-spades", "6-7-8 of spades"),
        Bonus21::SevenSevenSevenMixed => ("seven-seven-seven-mixed", "three 7s of mixed suits"),
        Bonus21::SevenSevenSevenSuited => ("seven-seven-seven-suited", "three 7s of the same suit"),
        Bonus21::SevenSevenSevenSpades => ("seven-seven-seven-spades", "three 7s of spades"),
        Bonus21::FiveCard21 => ("five-card-21", "a five-card 21"),
        Bonus21::SixCard21 => ("six-card-21", "a six-card 21"),
        Bonus21::SevenOrMoreCard21 => ("seven-or-more-card-21", "a 21 of seven or more cards"),
    }
}

/// The posted tables a Spanish 21 round pays from.
struct Tables<'a> {
    main: &'a PayTable,
    bonus: &'a PayTable,
    sevens: &'a PayTable,
    insurance: &'a PayTable,
    match_the_dealer: &'a PayTable,
}

/// What every hand is settled against: the dealer's up card and total.
struct DealerHand {
    up: Card,
    total: crate::rules::spanish21_totals::Total,
}

impl DealerHand {
    fn blackjack(&self) -> bool {
        self.total.blackjack
    }
}

/// A total as the dealer reads it: "Blackjack", "bust (24)", "soft 18".
fn total_name(t: &crate::rules::spanish21_totals::Total) -> String {
    if t.blackjack {
        "Blackjack".to_string()
    } else if t.bust {
        format!("bust ({})", t.total)
    } else {
        format!("{}{}", if t.soft { "soft " } else { "" }, t.total)
    }
}

pub fn settle(
    round: &Round,
    rules: &Rules,
    p: &Paytables,
    rounding: Cents,
) -> Result<Settlement, SettleError> {
    rules.validate(p).map_err(|e| err("rules", e))?;
    let (dealer, mut seats) = validate(round, rules)?;
    let mut l = Ledger::new(p, GAME, rounding);
    let t = Tables {
        main: l.table("spanish-21", "standard")?,
        bonus: l.table("bonus-21", "standard")?,
        sevens: l.table("suited-sevens", "standard")?,
        insurance: l.table("insurance", "standard")?,
        match_the_dealer: l.table("match-the-dealer", &format!("{} decks", rules.decks))?,
    };
    seats.sort_by_key(|s| std::cmp::Reverse(s.seat));
    let d = DealerHand {
        up: dealer[0],
        total: tot(&dealer, false)?,
    };
    l.set_dealer(total_name(&d.total));
    // § 635a.7(f): Match-the-Dealer first, from the dealer's right.
    for s in seats.iter().filter(|s| s.w.match_the_dealer > 0) {
        match_the_dealer(&mut l, s, d.up, t.match_the_dealer);
    }
    // § 635a.8: insurance.
    for s in seats.iter().filter(|s| s.w.insurance > 0) {
        if d.blackjack() {
            l.by_table(
                s.seat,
                "insurance",
                s.w.insurance,
                t.insurance,
                &Line {
                    id: "win",
                    name: "the dealer has Blackjack".into(),
                },
            );
        } else {
            l.lose(
                s.seat,
                "insurance",
                s.w.insurance,
                "the dealer has no Blackjack",
                "§ 635a.8(d)",
            );
        }
    }
    let start = l.len();
    let wagered: Vec<(u8, String)> = seats.iter().map(|s| (s.seat, s.player.clone())).collect();
    for s in &seats {
        let seat = s.seat;
        if s.even_money {
            l.set_hand(seat, "Blackjack (even money)");
            l.by_table(
                seat,
                "spanish-21",
                s.w.spanish_21,
                t.main,
                &Line {
                    id: "even-money",
                    name: "even money on a Blackjack".into(),
                },
            );
            continue;
        }
        if s.surrender {
            surrender(&mut l, s, &d);
            continue;
        }
        let mut names = Vec::new();
        for (j, h) in s.hands.iter().enumerate() {
            let split = s.hands.len() > 1;
            names.push(total_name(&tot(&h.cards, split)?));
            let shape = hand(&mut l, s, j, &d, &t)?;
            // § 635a.12(c): three suited 7s against a dealer 7.
            if matches!(
                shape,
                Some(Bonus21::SevenSevenSevenSuited | Bonus21::SevenSevenSevenSpades)
            ) && d.up.rank.value() == 7
            {
                suited_sevens(&mut l, s, t.sevens, rules, &wagered);
            }
        }
        l.set_hand(seat, names.join(", "));
    }
    if rules.settlement_order == Order::CollectThenPay {
        l.losses_first(start);
    }
    Ok(l.finish())
}

/// § 635a.7(f): a box's Match-the-Dealer Wager against its first two cards.
fn match_the_dealer(l: &mut Ledger, s: &Checked, up: Card, mtd_t: &PayTable) {
    let initial: Vec<Card> = if s.hands.len() > 1 {
        vec![s.hands[0].cards[0], s.hands[1].cards[0]]
    } else {
        s.hands[0].cards[..2].to_vec()
    };
    match_first_two(l, s.seat, s.w.match_the_dealer, &initial, up, mtd_t);
}

/// A box as it was dealt: its first two cards and the wagers settled on them.
pub struct DealtBox {
    pub seat: u8,
    pub cards: Vec<Card>,
    pub spanish_21: Cents,
    pub match_the_dealer: Cents,
}

/// What a box wins on the deal, above its stake, as the settlement will pay it: the dealer
/// pays it in its turn before the hands are played.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct WonOnTheDeal {
    pub seat: u8,
    /// § 635a.7(f): its Match-the-Dealer Wager against the up card (0: it loses).
    pub match_the_dealer: Cents,
    /// § 635a.12(a): a two-card 21 on its Spanish 21 Wager (0: no Blackjack).
    pub blackjack: Cents,
}

/// What each box in `boxes` wins on the deal against the dealer's `up` card, from the posted
/// tables, as [`settle`] will pay it.
pub fn won_on_the_deal(
    up: Card,
    boxes: &[DealtBox],
    rules: &Rules,
    p: &Paytables,
    rounding: Cents,
) -> Result<Vec<WonOnTheDeal>, SettleError> {
    let mut l = Ledger::new(p, GAME, rounding);
    let main = l.table("spanish-21", "standard")?;
    let mtd_t = l.table("match-the-dealer", &format!("{} decks", rules.decks))?;
    for b in boxes {
        if b.match_the_dealer > 0 && b.cards.len() >= 2 {
            match_first_two(&mut l, b.seat, b.match_the_dealer, &b.cards[..2], up, mtd_t);
        }
        if b.cards.len() == 2 && tot(&b.cards, false)?.blackjack {
            let line = Line {
                id: "blackjack",
                name: "Blackjack".into(),
            };
            l.by_table(b.seat, "spanish-21", b.spanish_21, main, &line);
        }
    }
    let settled = l.finish();
    let won = |seat: u8, wager: &str| -> Cents {
        settled
            .results
            .iter()
            .filter(|w| w.seat == seat && w.wager == wager)
            .map(|w| w.net.max(0))
            .fold(0, Cents::saturating_add)
    };
    Ok(boxes
        .iter()
        .map(|b| WonOnTheDeal {
            seat: b.seat,
            match_the_dealer: won(b.seat, "match-the-dealer"),
            blackjack: won(b.seat, "spanish-21"),
        })
        .collect())
}

/// § 635a.7(f): a Match-the-Dealer Wager of `stake` against the box's first two cards.
fn match_first_two(l: &mut Ledger, seat: u8, stake: Cents, initial: &[Card], up: Card, mtd_t: &PayTable) {
    let mut first = true;
    for c in initial.iter().filter(|c| c.rank == up.rank) {
        let (id, name) = if c.suit == up.suit {
            (
                "suited-match",
                format!(
                    "{} matches the dealer's {} in rank and suit",
                    c.pretty(),
                    up.pretty()
                ),
            )
        } else {
            (
                "unsuited-match",
                format!("{} matches the dealer's {} in rank", c.pretty(), up.pretty()),
            )
        };
        if first {
            l.by_table(seat, "match-the-dealer", stake, mtd_t, &Line { id, name });
        } else if let Some(super::super::paytable::Pay::To(a, b)) = mtd_t.pay(id) {
            let won = l.odds(stake, a, b);
            l.win(
                seat,
                "match-the-dealer",
                0,
                won,
                &format!(
                    "second matching card: {name}, pays {}",
                    super::super::paytable::Pay::To(a, b)
                ),
                &mtd_t.section,
            );
        }
        first = false;
    }
    if first {
        l.lose(
            seat,
            "match-the-dealer",
            stake,
            &format!("neither first card matches the dealer's {}", up.pretty()),
            "§ 635a.7(f)(1)",
        );
    }
}

/// § 635a.9(a): a surrendered box forfeits half, or all of it to a dealer Blackjack when the
/// surrender waited for the hole card.
fn surrender(l: &mut Ledger, s: &Checked, d: &DealerHand) {
    let (seat, w) = (s.seat, s.w.spanish_21);
    l.set_hand(seat, "surrendered");
    let deferred = d.up.rank == Rank::ACE || is_ten_value(&d.up);
    if deferred && d.blackjack() {
        l.lose(
            seat,
            "spanish-21",
            w,
            "surrendered against a dealer Blackjack: the whole wager",
            "§ 635a.9(a)(2)",
        );
        return;
    }
    let back = l.round(w / 2);
    l.record(WagerResult {
        seat,
        wager: "spanish-21".into(),
        stake: w,
        result: Outcome::Lose,
        paid: back,
        net: back - w,
        from_meter: 0,
        meter_percent: None,
        explanation: format!(
            "Spanish 21 Wager: surrendered: half collected, {} returned",
            money(back)
        ),
        section: if deferred {
            "§ 635a.9(a)(2)".into()
        } else {
            "§ 635a.9(a)(1)".into()
        },
        floor_verification: false,
        hold_cards: false,
    });
}

/// Hand `j` of a box against the dealer: its wager and double down. Returns the 21 bonus it
/// won, if any.
fn hand(
    l: &mut Ledger,
    s: &Checked,
    j: usize,
    d: &DealerHand,
    t: &Tables,
) -> Result<Option<Bonus21>, SettleError> {
    let (seat, w, h) = (s.seat, s.w.spanish_21, &s.hands[j]);
    let split = s.hands.len() > 1;
    let wager = if j == 0 { "spanish-21" } else { "split-wager" };
    let which = if split {
        format!("hand {}: ", j + 1)
    } else {
        String::new()
    };
    let ht = tot(&h.cards, split)?;
    let (dt, dealer_bj) = (&d.total, d.blackjack());
    if ht.blackjack {
        // § 635a.7(n)(3), § 635a.12(a): a Blackjack wins 3 to 2, even against a dealer
        // Blackjack.
        let line = Line {
            id: "blackjack",
            name: "Blackjack".into(),
        };
        l.by_table(seat, wager, w, t.main, &line);
        return Ok(None);
    }
    if h.rescue {
        l.lose(
            seat,
            wager,
            w,
            &format!("{which}rescued: the original wager is forfeited"),
            "§ 635a.10(d)",
        );
        l.push(
            seat,
            "double-down",
            h.double,
            &format!("{which}rescued"),
            "§ 635a.10(d)",
        );
        return Ok(None);
    }
    let outcome = if ht.bust || dealer_bj {
        Outcome::Lose
    } else if dt.bust || ht.total > dt.total {
        Outcome::Win
    } else if ht.total < dt.total {
        Outcome::Lose
    } else if ht.total == 21 && ht.cards >= 3 && dt.cards >= 3 {
        // § 635a.7(n)(4): 21 in more than two cards beats the dealer's.
        Outcome::Win
    } else {
        Outcome::Push
    };
    let why = match outcome {
        Outcome::Lose if ht.bust => format!("{which}bust with {}", ht.total),
        Outcome::Lose if dealer_bj => {
            format!("{which}the dealer's Blackjack beats {}", ht.total)
        }
        Outcome::Lose => format!("{which}the dealer's {} beats {}", dt.total, ht.total),
        Outcome::Push => format!("{which}{} ties the dealer", ht.total),
        Outcome::Win if dt.bust => format!("{which}the dealer busts"),
        Outcome::Win => format!("{which}{} beats the dealer's {}", ht.total, dt.total),
    };
    let sec = if ht.total == 21 && ht.cards >= 3 && dt.total == 21 {
        "§ 635a.7(n)(4)"
    } else {
        "§ 635a.7(n),(o)"
    };
    match outcome {
        Outcome::Lose => {
            l.lose(seat, wager, w, &why, sec);
            l.lose(seat, "double-down", h.double, &why, sec);
            Ok(None)
        }
        Outcome::Push => {
            l.push(seat, wager, w, &why, sec);
            l.push(seat, "double-down", h.double, &why, sec);
            Ok(None)
        }
        Outcome::Win => won(l, s, j, ht.total, &why, t),
    }
}

/// A winning hand: a 21 bonus on a hand neither doubled nor split (§ 635a.12(b)), or the
/// wager and its double down at the main table.
fn won(
    l: &mut Ledger,
    s: &Checked,
    j: usize,
    total: u8,
    why: &str,
    t: &Tables,
) -> Result<Option<Bonus21>, SettleError> {
    let (seat, w, h) = (s.seat, s.w.spanish_21, &s.hands[j]);
    let split = s.hands.len() > 1;
    let wager = if j == 0 { "spanish-21" } else { "split-wager" };
    let shape = if h.double == 0 && !split {
        bonus_shape(&h.cards).map_err(|e| err("cards", e.to_string()))?
    } else {
        None
    };
    if let Some(b) = shape {
        let (id, name) = bonus_id(b);
        let line = Line {
            id,
            name: format!("{why}; {name}"),
        };
        l.by_table(seat, wager, w, t.bonus, &line);
        return Ok(shape);
    }
    let would = total == 21 && bonus_shape(&h.cards).ok().flatten().is_some();
    let note = if would && (h.double > 0 || split) {
        " (no 21 bonus on a doubled or split hand, § 635a.12(b))"
    } else {
        ""
    };
    let line = Line {
        id: "win",
        name: format!("{why}{note}"),
    };
    l.by_table(seat, wager, w, t.main, &line);
    if h.double > 0 {
        let line = Line {
            id: "win",
            name: why.to_string(),
        };
        l.by_table(seat, "double-down", h.double, t.main, &line);
    }
    Ok(None)
}

/// § 635a.12(c): three suited 7s against a dealer 7, the box's fixed payout by its original
/// wager and the share of every other player (or box, as the casino chose).
fn suited_sevens(
    l: &mut Ledger,
    s: &Checked,
    sevens_t: &PayTable,
    rules: &Rules,
    wagered: &[(u8, String)],
) {
    let (seat, w) = (s.seat, s.w.spanish_21);
    let line = if w >= 2500 {
        Some("wager-25-or-more")
    } else if w >= 500 {
        Some("wager-5-to-under-25")
    } else {
        None
    };
    match line {
        Some(id) => {
            if let Some(super::super::paytable::Pay::Fixed(c)) = sevens_t.pay(id) {
                l.win(seat, "suited-sevens", 0, c, &format!("three suited 7s against the dealer's 7 with an original wager of {}", money(w)), &sevens_t.section);
            }
        }
        None => l.note(format!("Seat {seat}: three suited 7s against a dealer 7, but the original wager {} is under $5: no fixed payout (§ 635a.12(c)(1) starts at $5).", money(w))),
    }
    let Some(super::super::paytable::Pay::Fixed(c)) = sevens_t.pay("every-other-player") else {
        return;
    };
    let mut paid_players: Vec<&str> = vec![s.player.as_str()];
    for (other, player) in wagered {
        if *other == seat {
            continue;
        }
        if rules.suited_sevens_others_per == OthersPer::Player {
            if paid_players.contains(&player.as_str()) {
                continue;
            }
            paid_players.push(player);
        }
        l.win(
            *other,
            "suited-sevens-share",
            0,
            c,
            &format!("seat {seat} has three suited 7s against the dealer's 7"),
            "§ 635a.12(c)(3)",
        );
    }
}

/// The round as Spanish 21's settlement reads it: each box's wagers, its hands as played (doubled,
/// rescued), its surrender, even money and insurance.
impl GameRound for Round {
    type Rules = Rules;
    const SETTLE: Settle<Round> = settle;

    fn of_round(r: &BankedRound, _meters: &BTreeMap<String, Cents>) -> Round {
        let text = crate::rules::cards::cards_codes;
        let p = r.play21();
        let seat = |s: u8| Seat {
            seat: s,
            // Adjacent boxes of one player share his name (§ 635a.6(f)), so the suited 7s'
            // "all other players" counts him once (§ 635a.12(c)(3)).
            player: Some(format!("seat {}", r.player_boxes(s)[0])),
            wagers: Wagers {
                spanish_21: r.ante(s),
                match_the_dealer: r.wager(s, "match_the_dealer"),
                insurance: p.insurance.get(&s).copied().unwrap_or(0),
            },
            even_money: p.even_money.contains(&s),
            surrender: p.surrendered.contains(&s),
            hands: p
                .hands
                .get(&s)
                .into_iter()
                .flatten()
                .map(|h| Hand {
                    cards: text(&h.cards),
                    double: h.double,
                    rescue: h.rescue,
                })
                .collect(),
        };
        Round {
            game: r.game.id().to_string(),
            dealer: r.dealer_text(),
            seats: r.seats.iter().copied().map(seat).collect(),
        }
    }
}
