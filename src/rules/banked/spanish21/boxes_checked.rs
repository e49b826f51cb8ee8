//! Spanish 21's settlement input checked against the cards and the Rules Submission (§ 635a.7–
//! 635a.11): the dealer's cards, each box's wagers, hands and choices, and the dealer's draw.

use crate::rules::banked::cited;
use super::*;

pub(super) struct H {
    pub(super) cards: Vec<Card>,
    pub(super) double: Cents,
    pub(super) rescue: bool,
}

pub(super) struct Checked {
    pub(super) seat: u8,
    pub(super) player: String,
    pub(super) w: Wagers,
    pub(super) even_money: bool,
    pub(super) surrender: bool,
    pub(super) hands: Vec<H>,
}

fn card_value(c: &Card) -> u8 {
    match c.rank.value() {
        14 => 11,
        11..=13 => 10,
        v => v,
    }
}

pub(super) fn tot(
    cards: &[Card],
    split: bool,
) -> Result<crate::rules::spanish21_totals::Total, SettleError> {
    total(cards, split).map_err(|e| err("cards", e.to_string()))
}

/// How many of each card the round shows, against the decks in the shoe.
struct CardCount {
    decks: u8,
    seen: BTreeMap<Card, u32>,
}

impl CardCount {
    fn add(&mut self, field: &str, cs: &[Card]) -> Result<(), SettleError> {
        for c in cs {
            let n = self.seen.entry(*c).or_insert(0);
            *n += 1;
            if *n > u32::from(self.decks) {
                return Err(err(
                    field,
                    format!(
                        "{c} appears {} times; {} decks hold {} of each card",
                        n, self.decks, self.decks
                    ),
                ));
            }
        }
        Ok(())
    }
}

/// What every box is checked against: the dealer's up card and whether the dealer has Blackjack.
#[derive(Clone, Copy)]
struct DealerShows {
    up: Card,
    blackjack: bool,
}

pub(super) fn validate(
    round: &Round,
    rules: &Rules,
) -> Result<(Vec<Card>, Vec<Checked>), SettleError> {
    super::super::check_seats(round.seats.iter().map(|s| s.seat), 7, "§ 635a.2(a)")?;
    let dealer = super::super::shoe_cards("dealer", &round.dealer)?;
    if dealer.len() < 2 {
        return Err(cited("dealer", "§ 635a.7(e)", "the dealer has an up card and a hole card"));
    }
    tot(&dealer, false).map_err(|e| err("dealer", e.message))?;
    let shows = DealerShows {
        up: dealer[0],
        blackjack: tot(&dealer[..2], false)?.blackjack,
    };
    let mut count = CardCount {
        decks: rules.decks,
        seen: BTreeMap::new(),
    };
    count.add("dealer", &dealer)?;
    let mut out = Vec::new();
    let mut live = false;
    for (i, s) in round.seats.iter().enumerate() {
        let (checked, undecided) = check_box(i, s, rules, &mut count, shows)?;
        live |= undecided;
        out.push(checked);
    }
    check_dealer_draw(&dealer, shows.blackjack, live)?;
    Ok((dealer, out))
}

/// One box: its wagers, hands and choices. Also says whether a hand waits for the dealer's
/// total.
fn check_box(
    i: usize,
    s: &Seat,
    rules: &Rules,
    count: &mut CardCount,
    shows: DealerShows,
) -> Result<(Checked, bool), SettleError> {
    let f = |x: &str| format!("seats[{i}].{x}");
    let w = &s.wagers;
    check_wagers(&f, w, rules)?;
    if s.hands.is_empty() {
        return Err(err(f("hands"), "at least one hand"));
    }
    let split = s.hands.len() > 1;
    if s.hands.len() > 2 + usize::from(rules.resplits) {
        return Err(cited(f("hands"), "§ 635a.11(c)", format!("{} hands: this casino allows {} additional split(s)",
                s.hands.len(),
                rules.resplits
            )));
    }
    let mut hands = Vec::new();
    for (j, h) in s.hands.iter().enumerate() {
        let hf = |x: &str| f(&format!("hands[{j}].{x}"));
        hands.push(check_hand(&hf, h, w, split, count)?);
    }
    if split {
        let v = card_value(&hands[0].cards[0]);
        if let Some(j) = hands.iter().position(|h| card_value(&h.cards[0]) != v) {
            return Err(cited(f(&format!("hands[{j}].cards")), "§ 635a.11(a)", "split hands start with cards identical in value"));
        }
    }
    let bj = !split && tot(&hands[0].cards, false)?.blackjack;
    check_choices(&f, s, rules, &hands, bj, shows.up)?;
    let dealer_bj = shows.blackjack;
    if dealer_bj && (split || hands[0].cards.len() > 2 || hands[0].double > 0) {
        return Err(cited(f("hands"), "§ 635a.7(g)", "the dealer has Blackjack: no additional cards are dealt"));
    }
    let mut live = false;
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
    let checked = Checked {
        seat: s.seat,
        player,
        w: w.clone(),
        even_money: s.even_money,
        surrender: s.surrender,
        hands,
    };
    Ok((checked, live))
}

/// A box's wagers: amounts, the Spanish 21 Wager placed, Match-the-Dealer offered.
fn check_wagers(f: &dyn Fn(&str) -> String, w: &Wagers, rules: &Rules) -> Result<(), SettleError> {
    for (name, v) in [
        ("wagers.spanish_21", w.spanish_21),
        ("wagers.match_the_dealer", w.match_the_dealer),
        ("wagers.insurance", w.insurance),
    ] {
        super::super::amount(&f(name), v)?;
    }
    if w.spanish_21 == 0 {
        return Err(cited(f("wagers.spanish_21"), "§ 635a.6(d)", "a Spanish 21 Wager is needed to play"));
    }
    if w.match_the_dealer > 0 && !rules.match_the_dealer_offered {
        return Err(cited(f("wagers.match_the_dealer"), "§ 635a.6(e)", "this casino does not offer Match-the-Dealer"));
    }
    Ok(())
}

/// One hand of a box: its cards, draws, double down and rescue.
fn check_hand(
    hf: &dyn Fn(&str) -> String,
    h: &Hand,
    w: &Wagers,
    split: bool,
    count: &mut CardCount,
) -> Result<H, SettleError> {
    let cards = super::super::shoe_cards(&hf("cards"), &h.cards)?;
    count.add(&hf("cards"), &cards)?;
    tot(&cards, split).map_err(|e| err(hf("cards"), e.message))?;
    if cards.len() < 2 {
        return Err(cited(hf("cards"), "§ 635a.7(e), § 635a.11(b)", "every hand has at least two cards"));
    }
    super::super::amount(&hf("double"), h.double)?;
    // § 635a.7(j): draw only below 21; a Blackjack or any 21 stands.
    for k in 2..cards.len() {
        let t = tot(&cards[..k], split)?;
        if t.total >= 21 {
            return Err(cited(hf("cards"), "§ 635a.7(j)", format!("a card was drawn to a total of {}: a player may draw only below 21",
                    t.total
                )));
        }
    }
    if h.double > 0 {
        if h.double > w.spanish_21 {
            return Err(cited(hf("double"), "§ 635a.10(a)", format!("a Double Down Wager is at most the original wager, {}",
                    money(w.spanish_21)
                )));
        }
        if cards.len() != 3 {
            return Err(cited(hf("cards"), "§ 635a.10(a), § 635a.7(j)(2)", "a double down takes exactly one more card"));
        }
        if tot(&cards[..2], split)?.blackjack {
            return Err(cited(hf("double"), "§ 635a.10(a)", "no double down on a Blackjack"));
        }
    }
    if h.rescue {
        if h.double == 0 {
            return Err(cited(hf("rescue"), "§ 635a.10(d)", "only a doubled hand can be rescued"));
        }
        if tot(&cards, split)?.bust {
            return Err(cited(hf("rescue"), "§ 635a.10(d)", "a rescue is allowed only if the doubled hand is not over 21"));
        }
    }
    Ok(H {
        cards,
        double: h.double,
        rescue: h.rescue,
    })
}

/// A box's surrender, insurance and even money.
fn check_choices(
    f: &dyn Fn(&str) -> String,
    s: &Seat,
    rules: &Rules,
    hands: &[H],
    bj: bool,
    up: Card,
) -> Result<(), SettleError> {
    let w = &s.wagers;
    if s.surrender {
        if hands.len() > 1 || hands[0].cards.len() != 2 || hands[0].double > 0 {
            return Err(cited(f("surrender"), "§ 635a.9(a)", "surrender is the first decision, on the first two cards only"));
        }
        if bj {
            return Err(cited(f("surrender"), "§ 635a.7(h)(1)", "a Blackjack is paid, not surrendered"));
        }
    }
    if w.insurance > 0 {
        if up.rank != Rank::ACE {
            return Err(cited(f("wagers.insurance"), "§ 635a.8(a)", "insurance is offered only when the dealer's first card is an ace"));
        }
        let max = max_insurance(w.spanish_21, rules.insurance_chip_unit_cents);
        if w.insurance > max {
            return Err(cited(f("wagers.insurance"), "§ 635a.8(b)", format!("{} is more than half the wager ({} with the next chip unit)",
                    money(w.insurance),
                    money(max)
                )));
        }
    }
    if s.even_money {
        if !rules.even_money_offered {
            return Err(cited(f("even_money"), "§ 635a.8(e)", "this casino does not offer even money"));
        }
        if !bj || up.rank != Rank::ACE {
            return Err(cited(f("even_money"), "§ 635a.8(e)", "even money is for a Blackjack against a dealer's ace"));
        }
        if w.insurance > 0 {
            return Err(cited(f("even_money"), "§ 635a.8(e)", "even money is taken instead of insurance"));
        }
    }
    Ok(())
}

/// § 635a.7(l),(m): the dealer draws to 17 (standing on soft 17), and not at all when no hand is
/// left for the dealer's total to decide.
fn check_dealer_draw(dealer: &[Card], dealer_bj: bool, live: bool) -> Result<(), SettleError> {
    if dealer_bj {
        if dealer.len() > 2 {
            return Err(cited("dealer", "§ 635a.7(g)", "a dealer Blackjack draws no cards"));
        }
        return Ok(());
    }
    for k in 2..dealer.len() {
        let t = tot(&dealer[..k], false)?;
        if t.total >= 17 {
            return Err(cited("dealer", "§ 635a.7(l)", format!("the dealer drew on {}{}: the dealer stands on 17 to 21, soft or hard",
                    if t.soft { "soft " } else { "" },
                    t.total
                )));
        }
        if !live {
            return Err(cited("dealer", "§ 635a.7(m)", "every hand is already decided: the dealer may not draw"));
        }
    }
    let t = tot(dealer, false)?;
    if live && t.total < 17 {
        return Err(cited("dealer", "§ 635a.7(l)", format!("the dealer stops at {}: the dealer draws until 17",
                t.total
            )));
    }
    Ok(())
}
