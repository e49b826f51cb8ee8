//! Spanish 21's settlement (§ 635a.7–635a.12): each box's hands checked against the cards and the
//! Rules Submission, then every wager paid in the order the casino chose (§ 635a.7(p)).

use super::*;

struct H {
    cards: Vec<Card>,
    double: Cents,
    rescue: bool,
}

struct Checked {
    seat: u8,
    player: String,
    w: Wagers,
    even_money: bool,
    surrender: bool,
    hands: Vec<H>,
}

fn card_value(c: &Card) -> u8 {
    match c.rank.value() {
        14 => 11,
        11..=13 => 10,
        v => v,
    }
}

fn is_ten_value(c: &Card) -> bool {
    (11..=13).contains(&c.rank.value())
}

fn tot(cards: &[Card], split: bool) -> Result<crate::rules::spanish21_totals::Total, SettleError> {
    total(cards, split).map_err(|e| err("cards", e.to_string()))
}

fn validate(round: &Round, rules: &Rules) -> Result<(Vec<Card>, Vec<Checked>), SettleError> {
    super::super::check_seats(round.seats.iter().map(|s| s.seat), 7, "§ 635a.2(a)")?;
    let dealer = super::super::shoe_cards("dealer", &round.dealer)?;
    if dealer.len() < 2 {
        return Err(err(
            "dealer",
            "the dealer has an up card and a hole card (§ 635a.7(e))",
        ));
    }
    tot(&dealer, false).map_err(|e| err("dealer", e.message))?;
    let up = dealer[0];
    let dealer_bj = tot(&dealer[..2], false)?.blackjack;
    let mut counts: BTreeMap<Card, (u32, String)> = BTreeMap::new();
    let mut count = |field: &str, cs: &[Card]| -> Result<(), SettleError> {
        for c in cs {
            let e = counts.entry(*c).or_insert((0, field.to_string()));
            e.0 += 1;
            if e.0 > u32::from(rules.decks) {
                return Err(err(
                    field,
                    format!(
                        "{c} appears {} times; {} decks hold {} of each card",
                        e.0, rules.decks, rules.decks
                    ),
                ));
            }
        }
        Ok(())
    };
    count("dealer", &dealer)?;
    let mut out = Vec::new();
    let mut live = false;
    for (i, s) in round.seats.iter().enumerate() {
        let f = |x: &str| format!("seats[{i}].{x}");
        let w = &s.wagers;
        for (name, v) in [
            ("wagers.spanish_21", w.spanish_21),
            ("wagers.match_the_dealer", w.match_the_dealer),
            ("wagers.insurance", w.insurance),
        ] {
            super::super::amount(&f(name), v)?;
        }
        if w.spanish_21 == 0 {
            return Err(err(
                f("wagers.spanish_21"),
                "a Spanish 21 Wager is needed to play (§ 635a.6(d))",
            ));
        }
        if w.match_the_dealer > 0 && !rules.match_the_dealer_offered {
            return Err(err(
                f("wagers.match_the_dealer"),
                "this casino does not offer Match-the-Dealer (§ 635a.6(e))",
            ));
        }
        if s.hands.is_empty() {
            return Err(err(f("hands"), "at least one hand"));
        }
        let split = s.hands.len() > 1;
        if s.hands.len() > 2 + usize::from(rules.resplits) {
            return Err(err(
                f("hands"),
                format!(
                    "{} hands: this casino allows {} additional split(s) (§ 635a.11(c))",
                    s.hands.len(),
                    rules.resplits
                ),
            ));
        }
        let mut hands = Vec::new();
        for (j, h) in s.hands.iter().enumerate() {
            let hf = |x: &str| f(&format!("hands[{j}].{x}"));
            let cards = super::super::shoe_cards(&hf("cards"), &h.cards)?;
            count(&hf("cards"), &cards)?;
            tot(&cards, split).map_err(|e| err(hf("cards"), e.message))?;
            if cards.len() < 2 {
                return Err(err(
                    hf("cards"),
                    "every hand has at least two cards (§ 635a.7(e), § 635a.11(b))",
                ));
            }
            super::super::amount(&hf("double"), h.double)?;
            // § 635a.7(j): draw only below 21; a Blackjack or any 21 stands.
            for k in 2..cards.len() {
                let t = tot(&cards[..k], split)?;
                if t.total >= 21 {
                    return Err(err(
                        hf("cards"),
                        format!(
                            "a card was drawn to a total of {}: a player may draw only below 21 (§ 635a.7(j))",
                            t.total
                        ),
                    ));
                }
            }
            if h.double > 0 {
                if h.double > w.spanish_21 {
                    return Err(err(
                        hf("double"),
                        format!(
                            "a Double Down Wager is at most the original wager, {} (§ 635a.10(a))",
                            money(w.spanish_21)
                        ),
                    ));
                }
                if cards.len() != 3 {
                    return Err(err(
                        hf("cards"),
                        "a double down takes exactly one more card (§ 635a.10(a), § 635a.7(j)(2))",
                    ));
                }
                if tot(&cards[..2], split)?.blackjack {
                    return Err(err(
                        hf("double"),
                        "no double down on a Blackjack (§ 635a.10(a))",
                    ));
                }
            }
            if h.rescue {
                if h.double == 0 {
                    return Err(err(
                        hf("rescue"),
                        "only a doubled hand can be rescued (§ 635a.10(d))",
                    ));
                }
                if tot(&cards, split)?.bust {
                    return Err(err(
                        hf("rescue"),
                        "a rescue is allowed only if the doubled hand is not over 21 (§ 635a.10(d))",
                    ));
                }
            }
            hands.push(H {
                cards,
                double: h.double,
                rescue: h.rescue,
            });
        }
        if split {
            let v = card_value(&hands[0].cards[0]);
            if let Some(j) = hands.iter().position(|h| card_value(&h.cards[0]) != v) {
                return Err(err(
                    f(&format!("hands[{j}].cards")),
                    "split hands start with cards identical in value (§ 635a.11(a))",
                ));
            }
        }
        let bj = !split && tot(&hands[0].cards, false)?.blackjack;
        if s.surrender {
            if split || hands[0].cards.len() != 2 || hands[0].double > 0 {
                return Err(err(
                    f("surrender"),
                    "surrender is the first decision, on the first two cards only (§ 635a.9(a))",
                ));
            }
            if bj {
                return Err(err(
                    f("surrender"),
                    "a Blackjack is paid, not surrendered (§ 635a.7(h)(1))",
                ));
            }
        }
        if w.insurance > 0 {
            if up.rank != Rank::ACE {
                return Err(err(
                    f("wagers.insurance"),
                    "insurance is offered only when the dealer's first card is an ace (§ 635a.8(a))",
                ));
            }
            let max = max_insurance(w.spanish_21, rules.insurance_chip_unit_cents);
            if w.insurance > max {
                return Err(err(
                    f("wagers.insurance"),
                    format!(
                        "{} is more than half the wager ({} with the next chip unit) (§ 635a.8(b))",
                        money(w.insurance),
                        money(max)
                    ),
                ));
            }
        }
        if s.even_money {
            if !rules.even_money_offered {
                return Err(err(
                    f("even_money"),
                    "this casino does not offer even money (§ 635a.8(e))",
                ));
            }
            if !bj || up.rank != Rank::ACE {
                return Err(err(
                    f("even_money"),
                    "even money is for a Blackjack against a dealer's ace (§ 635a.8(e))",
                ));
            }
            if w.insurance > 0 {
                return Err(err(
                    f("even_money"),
                    "even money is taken instead of insurance (§ 635a.8(e))",
                ));
            }
        }
        if dealer_bj && (split || hands[0].cards.len() > 2 || hands[0].double > 0) {
            return Err(err(
                f("hands"),
                "the dealer has Blackjack: no additional cards are dealt (§ 635a.7(g))",
            ));
        }
        for h in &hands {
            let t = tot(&h.cards, split)?;
            // § 635a.7(M),(N)(1),(2),(4): a 21 of three or more cards wins whatever a dealer
            // without Blackjack draws; the dealer's count decides nothing for it.
            let sure = t.total == 21 && !t.blackjack && h.cards.len() >= 3 && !dealer_bj;
            let finished =
                t.bust || h.rescue || s.surrender || s.even_money || (bj && !dealer_bj) || sure;
            if !finished {
                live = true;
            }
        }
        let player = s
            .player
            .clone()
            .unwrap_or_else(|| format!("seat {}", s.seat));
        out.push(Checked {
            seat: s.seat,
            player,
            w: w.clone(),
            even_money: s.even_money,
            surrender: s.surrender,
            hands,
        });
    }
    // § 635a.7(l),(m): the dealer draws to 17 (standing on soft 17), and not at all when no
    // hand is left for the dealer's total to decide.
    if !dealer_bj {
        for k in 2..dealer.len() {
            let t = tot(&dealer[..k], false)?;
            if t.total >= 17 {
                return Err(err(
                    "dealer",
                    format!(
                        "the dealer drew on {}{}: the dealer stands on 17 to 21, soft or hard (§ 635a.7(l))",
                        if t.soft { "soft " } else { "" },
                        t.total
                    ),
                ));
            }
            if !live {
                return Err(err(
                    "dealer",
                    "every hand is already decided: the dealer may not draw (§ 635a.7(m))",
                ));
            }
        }
        let t = tot(&dealer, false)?;
        if live && t.total < 17 {
            return Err(err(
                "dealer",
                format!(
                    "the dealer stops at {}: the dealer draws until 17 (§ 635a.7(l))",
                    t.total
                ),
            ));
        }
    } else if dealer.len() > 2 {
        return Err(err(
            "dealer",
            "a dealer Blackjack draws no cards (§ 635a.7(g))",
        ));
    }
    Ok((dealer, out))
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

pub fn settle(
    round: &Round,
    rules: &Rules,
    p: &Paytables,
    rounding: Cents,
) -> Result<Settlement, SettleError> {
    rules.validate(p).map_err(|e| err("rules", e))?;
    let (dealer, mut seats) = validate(round, rules)?;
    let mut l = Ledger::new(p, GAME, rounding);
    let main_t = l.table("spanish-21", "standard")?;
    let bonus_t = l.table("bonus-21", "standard")?;
    let sevens_t = l.table("suited-sevens", "standard")?;
    let ins_t = l.table("insurance", "standard")?;
    let mtd_t = l.table("match-the-dealer", &format!("{} decks", rules.decks))?;
    seats.sort_by_key(|s| std::cmp::Reverse(s.seat));
    let up = dealer[0];
    let dt = tot(&dealer, false)?;
    let dealer_bj = dt.blackjack;
    l.set_dealer(if dealer_bj {
        "Blackjack".to_string()
    } else if dt.bust {
        format!("bust ({})", dt.total)
    } else {
        format!("{}{}", if dt.soft { "soft " } else { "" }, dt.total)
    });
    // § 635a.7(f): Match-the-Dealer first, from the dealer's right.
    for s in seats.iter().filter(|s| s.w.match_the_dealer > 0) {
        let initial: Vec<Card> = if s.hands.len() > 1 {
            vec![s.hands[0].cards[0], s.hands[1].cards[0]]
        } else {
            s.hands[0].cards[..2].to_vec()
        };
        let mut first = true;
        for c in initial.iter().filter(|c| c.rank == up.rank) {
            let (id, name) = if c.suit == up.suit {
                (
                    "suited-match",
                    format!("{c} matches the dealer's {up} in rank and suit"),
                )
            } else {
                (
                    "unsuited-match",
                    format!("{c} matches the dealer's {up} in rank"),
                )
            };
            let stake = if first { s.w.match_the_dealer } else { 0 };
            if first {
                l.by_table(s.seat, "match-the-dealer", stake, mtd_t, &Line { id, name });
            } else if let Some(super::super::paytable::Pay::To(a, b)) = mtd_t.pay(id) {
                let won = l.odds(s.w.match_the_dealer, a, b);
                l.win(
                    s.seat,
                    "match-the-dealer",
                    0,
                    won,
                    &format!("second matching card: {name}, pays {a} to {b}"),
                    &mtd_t.section,
                );
            }
            first = false;
        }
        if first {
            l.lose(
                s.seat,
                "match-the-dealer",
                s.w.match_the_dealer,
                &format!("neither first card matches the dealer's {up}"),
                "§ 635a.7(f)(1)",
            );
        }
    }
    // § 635a.8: insurance.
    for s in seats.iter().filter(|s| s.w.insurance > 0) {
        if dealer_bj {
            l.by_table(
                s.seat,
                "insurance",
                s.w.insurance,
                ins_t,
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
        let w = s.w.spanish_21;
        let split = s.hands.len() > 1;
        if s.even_money {
            l.set_hand(seat, "Blackjack (even money)");
            l.by_table(
                seat,
                "spanish-21",
                w,
                main_t,
                &Line {
                    id: "even-money",
                    name: "even money on a Blackjack".into(),
                },
            );
            continue;
        }
        if s.surrender {
            l.set_hand(seat, "surrendered");
            let deferred = up.rank == Rank::ACE || is_ten_value(&up);
            if deferred && dealer_bj {
                l.lose(
                    seat,
                    "spanish-21",
                    w,
                    "surrendered against a dealer Blackjack: the whole wager",
                    "§ 635a.9(a)(2)",
                );
            } else {
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
            continue;
        }
        let mut names = Vec::new();
        for (j, h) in s.hands.iter().enumerate() {
            let wager = if j == 0 { "spanish-21" } else { "split-wager" };
            let which = if split {
                format!("hand {}: ", j + 1)
            } else {
                String::new()
            };
            let t = tot(&h.cards, split)?;
            names.push(if t.blackjack {
                "Blackjack".to_string()
            } else if t.bust {
                format!("bust ({})", t.total)
            } else {
                format!("{}{}", if t.soft { "soft " } else { "" }, t.total)
            });
            if t.blackjack {
                // § 635a.7(n)(3), § 635a.12(a): a Blackjack wins 3 to 2, even against a dealer
                // Blackjack.
                l.by_table(
                    seat,
                    wager,
                    w,
                    main_t,
                    &Line {
                        id: "blackjack",
                        name: "Blackjack".into(),
                    },
                );
                continue;
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
                continue;
            }
            let outcome = if t.bust || dealer_bj {
                Outcome::Lose
            } else if dt.bust || t.total > dt.total {
                Outcome::Win
            } else if t.total < dt.total {
                Outcome::Lose
            } else if t.total == 21 && t.cards >= 3 && dt.cards >= 3 {
                // § 635a.7(n)(4): 21 in more than two cards beats the dealer's.
                Outcome::Win
            } else {
                Outcome::Push
            };
            let why = match outcome {
                Outcome::Lose if t.bust => format!("{which}bust with {}", t.total),
                Outcome::Lose if dealer_bj => {
                    format!("{which}the dealer's Blackjack beats {}", t.total)
                }
                Outcome::Lose => format!("{which}the dealer's {} beats {}", dt.total, t.total),
                Outcome::Push => format!("{which}{} ties the dealer", t.total),
                Outcome::Win if dt.bust => format!("{which}the dealer busts"),
                Outcome::Win => format!("{which}{} beats the dealer's {}", t.total, dt.total),
            };
            let sec = if t.total == 21 && t.cards >= 3 && dt.total == 21 {
                "§ 635a.7(n)(4)"
            } else {
                "§ 635a.7(n),(o)"
            };
            match outcome {
                Outcome::Lose => {
                    l.lose(seat, wager, w, &why, sec);
                    l.lose(seat, "double-down", h.double, &why, sec);
                }
                Outcome::Push => {
                    l.push(seat, wager, w, &why, sec);
                    l.push(seat, "double-down", h.double, &why, sec);
                }
                Outcome::Win => {
                    let shape = if h.double == 0 && !split {
                        bonus_shape(&h.cards).map_err(|e| err("cards", e.to_string()))?
                    } else {
                        None
                    };
                    match shape {
                        Some(b) => {
                            let (id, name) = bonus_id(b);
                            l.by_table(
                                seat,
                                wager,
                                w,
                                bonus_t,
                                &Line {
                                    id,
                                    name: format!("{why}; {name}"),
                                },
                            );
                        }
                        None => {
                            let would =
                                t.total == 21 && bonus_shape(&h.cards).ok().flatten().is_some();
                            let note = if would && (h.double > 0 || split) {
                                " (no 21 bonus on a doubled or split hand, § 635a.12(b))"
                            } else {
                                ""
                            };
                            l.by_table(
                                seat,
                                wager,
                                w,
                                main_t,
                                &Line {
                                    id: "win",
                                    name: format!("{why}{note}"),
                                },
                            );
                            if h.double > 0 {
                                l.by_table(
                                    seat,
                                    "double-down",
                                    h.double,
                                    main_t,
                                    &Line {
                                        id: "win",
                                        name: why.clone(),
                                    },
                                );
                            }
                        }
                    }
                    // § 635a.12(c): three suited 7s against a dealer 7.
                    if matches!(
                        shape,
                        Some(Bonus21::SevenSevenSevenSuited | Bonus21::SevenSevenSevenSpades)
                    ) && up.rank.value() == 7
                    {
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
                        if let Some(super::super::paytable::Pay::Fixed(c)) =
                            sevens_t.pay("every-other-player")
                        {
                            let mut paid_players: Vec<&str> = vec![s.player.as_str()];
                            for (other, player) in &wagered {
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
                                    &format!(
                                        "seat {seat} has three suited 7s against the dealer's 7"
                                    ),
                                    "§ 635a.12(c)(3)",
                                );
                            }
                        }
                    }
                }
            }
        }
        l.set_hand(seat, names.join(", "));
    }
    if rules.settlement_order == Order::CollectThenPay {
        l.losses_first(start);
    }
    Ok(l.finish())
}

impl crate::rules::banked::round::BankedRound {
    /// The Spanish 21 part of `deckhand settle`'s input (docs/settle.md).
    pub(in crate::rules::banked) fn settle_seats21(&self) -> Vec<serde_json::Value> {
        use serde_json::json;
        let text = crate::rules::cards::cards_codes;
        let p = self.play21();
        self.seats
            .iter()
            .map(|s| {
                let w = self.wagers.get(s).cloned().unwrap_or_default();
                let mut wagers = json!({ "spanish_21": w.get("ante").copied().unwrap_or(0) });
                if let Some(m) = w.get("match_the_dealer") {
                    wagers["match_the_dealer"] = json!(m);
                }
                if let Some(i) = p.insurance.get(s) {
                    wagers["insurance"] = json!(i);
                }
                let hands: Vec<serde_json::Value> = p
                    .hands
                    .get(s)
                    .into_iter()
                    .flatten()
                    .map(|h| json!({ "cards": text(&h.cards), "double": h.double, "rescue": h.rescue }))
                    .collect();
                json!({
                    "seat": s,
                    // Adjacent boxes of one player share his name (§ 635a.6(f)), so the
                    // suited 7s' "all other players" counts him once (§ 635a.12(c)(3)).
                    "player": format!("seat {}", self.player_boxes(*s)[0]),
                    "wagers": wagers,
                    "surrender": p.surrendered.contains(s),
                    "even_money": p.even_money.contains(s),
                    "hands": hands,
                })
            })
            .collect()
    }
}
