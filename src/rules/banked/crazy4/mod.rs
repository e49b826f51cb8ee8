//! Crazy 4 Poker (Chapter 657a): Ante and Super Bonus in equal amounts, a Play Wager of the
//! Ante (up to 3× with a pair of aces or better), the best four-card hand of five against the
//! dealer's; Queens Up and the progressive with Envy Bonuses.
//!
//! - § 657a.11(b): Play = Ante, or up to 3× the Ante with a pair of aces or better; or fold,
//!   forfeiting Ante, Super Bonus, Queens Up and progressive (Envy eligibility is kept).
//! - § 657a.11(c)(3): the dealer qualifies with king-high or better. Not qualifying: Ante
//!   returned, Play paid 1 to 1. Qualifying: Ante and Play win, lose or push by comparison.
//!   The Super Bonus pays a straight or better whatever the dealer holds (§ 657a.12(b));
//!   below a straight it is returned unless the player lost to a qualifying dealer.
//! - § 657a.11(d): Queens Up on the player's four-card hand, dealer aside (§ 657a.12(c)).
//! - § 657a.11(e), § 657a.12(d): the progressive, highest hand only, at the meter when it is the
//!   player's turn; Envy Bonuses for other players' qualifying hands, never one's own or the
//!   dealer's.
//! - 657a has no payout limitation.

mod crazy4_def;
pub use crazy4_def::{BANKED, DEF, PAY_LINES, ROUND};
/// The round holds nothing of this game's own.
pub type Part = super::round::NoPart;

mod crazy4_results;

use super::Choices;
pub use crazy4_results::{RESULTS, play_above_ante_allowed, read_decision};
use crazy4_results::{check_result, result_line};

use super::paytable::Paytables;
use super::round::{BankedRound, GameRound, Settle};
use super::round::{BankedSections, Def, Phase, SeatResult, Spot, Versus, Who, Zero, spot};
use super::{Ledger, Line, SettleError, Settlement, cited, err, lower_first};
use crate::rules::Cents;
use crate::rules::cards::Card;
use crate::rules::four_card::{BestFour, Category4, Value4, best_four};
use crate::rules::money;
use serde::{Deserialize, Serialize};
use std::collections::BTreeMap;

const GAME: &str = "crazy-4-poker";

#[derive(Debug, Clone, PartialEq, Eq, Deserialize, Serialize)]
#[serde(default, deny_unknown_fields)]
pub struct Rules {
    pub queens_up_offered: bool,
    /// § 657a.12(c): paytable A, B, C or D.
    pub queens_up: String,
    pub progressive_offered: bool,
    /// § 657a.12(d)(1): paytable A or B (which also picks the Envy schedule, § 657a.12(d)(5)).
    pub progressive: String,
    /// § 657a.12(d)(3): at least $5,000 for A, $1,000 for B.
    pub progressive_reset_cents: Cents,
    pub progressive_wagers_cents: Vec<Cents>,
    /// Whether a folded hand can be another player's Envy qualifying hand. § 657a.11(c) sends
    /// folded cards to the discard rack before the reveal, so by default it cannot.
    pub envy_from_folded: bool,
    /// Without a card-reading device, the dealer may settle a hand from its result (its
    /// category and how it fared against the dealer's) instead of keying its cards
    /// (`round::results`); false: every hand's cards are keyed, for a casino that wants them
    /// all in the record.
    pub results_by_category: bool,
}

impl Default for Rules {
    fn default() -> Rules {
        Rules {
            queens_up_offered: true,
            queens_up: "A".into(),
            progressive_offered: true,
            progressive: "A".into(),
            progressive_reset_cents: 500_000,
            progressive_wagers_cents: vec![100, 500],
            envy_from_folded: false,
            results_by_category: true,
        }
    }
}

impl Choices for Rules {
    const GAME: crate::rules::game_id::GameId = crate::rules::game_id::GameId::Crazy4Poker;

    fn validate(&self, p: &Paytables) -> Result<(), String> {
        if self.progressive_reset_cents > super::MAX_AMOUNT {
            return Err("progressive_reset_cents: more than any table takes".into());
        }
        super::check_table(p, GAME, "queens-up", "queens_up", &self.queens_up)?;
        super::check_table(p, GAME, "progressive", "progressive", &self.progressive)?;
        let floor = if self.progressive == "B" {
            100_000
        } else {
            500_000
        };
        if self.progressive_reset_cents < floor {
            return Err(format!(
                "progressive_reset_cents: {} is below the {} of § 657a.12(d)(3) for paytable {}",
                money(self.progressive_reset_cents),
                money(floor),
                self.progressive
            ));
        }
        for w in &self.progressive_wagers_cents {
            if p.get(GAME, "envy", &format!("{} {}", self.progressive, money(*w)))
                .is_err()
            {
                return Err(format!(
                    "progressive_wagers_cents: {} has no Envy Bonus schedule (§ 657a.12(d)(5) has $1 and $5)",
                    money(*w)
                ));
            }
        }
        Ok(())
    }
}

#[derive(Debug, Clone, Deserialize, Serialize)]
#[serde(deny_unknown_fields)]
pub struct Round {
    pub game: String,
    /// The dealer's five cards (none where the round is settled from results).
    #[serde(default)]
    pub dealer: String,
    /// Settled from results tapped by the dealer (`round::results`): whether the dealer's hand
    /// qualifies, king high or better (§ 657a.11(c)(3)(i)).
    #[serde(default)]
    pub dealer_qualifies: Option<bool>,
    pub seats: Vec<Seat>,
    #[serde(default)]
    pub meters: Meters,
}

#[derive(Debug, Clone, Default, Deserialize, Serialize)]
#[serde(deny_unknown_fields)]
pub struct Meters {
    pub progressive: Option<Cents>,
}

#[derive(Debug, Clone, Deserialize, Serialize)]
#[serde(deny_unknown_fields)]
pub struct Seat {
    pub seat: u8,
    pub cards: String,
    pub wagers: Wagers,
    /// The Play Wager; 0 folds.
    pub play: Cents,
    /// The hand's result as the dealer tapped it, where the round is settled from results; the
    /// cards are then those of a hand a bonus pays on, or none.
    #[serde(default)]
    pub result: Option<SeatResult>,
}

#[derive(Debug, Clone, Default, Deserialize, Serialize)]
#[serde(deny_unknown_fields)]
pub struct Wagers {
    pub ante: Cents,
    pub super_bonus: Cents,
    #[serde(default)]
    pub queens_up: Cents,
    #[serde(default)]
    pub progressive: Cents,
}

struct Checked {
    seat: u8,
    /// None for a folded hand collected before the reveal without being keyed (§ 657a.11(c)).
    best: Option<BestFour>,
    w: Wagers,
    play: Cents,
    result: Option<SeatResult>,
}

/// The line of `v` on a table: four aces fall back to four of a kind on a table without a line
/// of their own (Queens Up, § 657a.12(c)).
fn line_on(t: &super::paytable::PayTable, v: Value4) -> Line {
    let line = four_line(v);
    if line.id == "four-aces" && t.pay("four-aces").is_none() {
        return Line {
            id: "four-of-a-kind",
            name: line.name,
        };
    }
    line
}

/// The pay line of a four-card hand; four aces have their own line (§ 657a.12(b), (d)).
pub fn four_line(v: Value4) -> Line {
    let cat = v.category();
    let id = match cat {
        Category4::FourOfAKind if v.is_four_aces() => "four-aces",
        Category4::FourOfAKind => "four-of-a-kind",
        Category4::StraightFlush => "straight-flush",
        Category4::ThreeOfAKind => "three-of-a-kind",
        Category4::Flush => "flush",
        Category4::Straight => "straight",
        Category4::TwoPair => "two-pair",
        Category4::OnePair if v.ranks().first().is_some_and(|r| *r >= 12) => "queens-or-better",
        Category4::OnePair => "pair",
        Category4::HighCard => "high-card",
    };
    Line {
        id,
        name: lower_first(&v.describe()),
    }
}

fn validate(round: &Round, rules: &Rules) -> Result<(Option<BestFour>, Vec<Checked>), SettleError> {
    super::check_meter(
        "meters.progressive",
        round.meters.progressive,
        rules.progressive_reset_cents,
        "§ 657a.12(d)(3)",
    )?;
    super::check_seats(round.seats.iter().map(|s| s.seat), 6, "§ 657a.2(a)")?;
    let dealer = super::cards("dealer", &round.dealer)?;
    let by_results = round.dealer_qualifies.is_some();
    if by_results && !rules.results_by_category {
        return Err(err(
            "dealer_qualifies",
            "this casino keys every hand's cards ([house.crazy-4-poker] results_by_category = false)",
        ));
    }
    if by_results && !dealer.is_empty() {
        return Err(err(
            "dealer",
            "with results the dealer's hand is not keyed, only whether it qualifies",
        ));
    }
    if dealer.len() != 5 && !by_results {
        return Err(cited("dealer", "§ 657a.8(d), § 657a.13(c)", "the dealer has five cards; a wrong count voids the round"));
    }
    let mut all = vec![("dealer".to_string(), dealer.clone())];
    let mut out = Vec::new();
    for (i, s) in round.seats.iter().enumerate() {
        let f = |x: &str| format!("seats[{i}].{x}");
        let cards: Vec<Card> = super::cards(&f("cards"), &s.cards)?;
        // § 657a.11(c): a folded hand goes to the discard rack before the reveal; its cards
        // may be left unkeyed unless the house counts folded hands for the Envy Bonus.
        let collected = s.play == 0 && cards.is_empty() && !rules.envy_from_folded;
        // Settled from its result: its cards only where a bonus pays on its hand.
        let by_result = s.play > 0 && s.result.is_some() && by_results && cards.is_empty();
        if s.result.is_some() != (by_results && s.play > 0) {
            return Err(err(
                f("result"),
                "a result for each hand still in, and only where the round is settled from results",
            ));
        }
        if cards.len() != 5 && !collected && !by_result {
            return Err(cited(f("cards"), "§ 657a.8(d)", "each player has five cards"));
        }
        all.push((f("cards"), cards.clone()));
        let w = &s.wagers;
        for (name, v) in [
            ("wagers.ante", w.ante),
            ("wagers.super_bonus", w.super_bonus),
            ("wagers.queens_up", w.queens_up),
            ("wagers.progressive", w.progressive),
            ("play", s.play),
        ] {
            super::amount(&f(name), v)?;
        }
        if w.ante == 0 {
            return Err(cited(f("wagers.ante"), "§ 657a.7(d)(1)", "an Ante is needed to play"));
        }
        if w.super_bonus != w.ante {
            return Err(cited(f("wagers.super_bonus"), "§ 657a.7(d)(1)", format!("the Super Bonus equals the Ante ({}), not {}",
                    money(w.ante),
                    money(w.super_bonus)
                )));
        }
        if w.queens_up > 0 && !rules.queens_up_offered {
            return Err(cited(f("wagers.queens_up"), "§ 657a.7(d)(2)", "this casino does not offer Queens Up"));
        }
        if let Some(why) = crate::rules::banked::progressive_wager::refusal(
            rules.progressive_offered,
            &rules.progressive_wagers_cents,
            w.progressive,
            "§ 657a.7(d)(3)",
            "§ 657a.12(d)(5)",
        ) {
            return Err(err(f("wagers.progressive"), why));
        }
        let best = if collected || by_result {
            None
        } else {
            Some(best_four(&cards).map_err(|e| err(f("cards"), e.to_string()))?)
        };
        if let Some(r) = &s.result {
            check_result(&f, s, best.as_ref(), r)?;
        }
        if let Some(best) = best.as_ref().filter(|_| s.play > 0 && s.play != w.ante) {
            // § 657a.11(b): more than the Ante needs a pair of aces or better, up to 3×.
            let aces_up = best.value.category() > Category4::OnePair
                || (best.value.category() == Category4::OnePair
                    && best.value.ranks().first() == Some(&14));
            if !aces_up {
                return Err(cited(f("play"), "§ 657a.11(b)", format!("{} holds {}: the Play Wager equals the Ante, {} (more only with a pair of aces or better)",
                        money(s.play),
                        lower_first(&best.value.describe()),
                        money(w.ante)
                    )));
            }
            if s.play < w.ante || s.play > 3 * w.ante {
                return Err(cited(f("play"), "§ 657a.11(b)", format!("a Play Wager of {} is outside the Ante to three times the Ante ({} to {})",
                        money(s.play),
                        money(w.ante),
                        money(3 * w.ante)
                    )));
            }
        }
        out.push(Checked {
            seat: s.seat,
            best,
            w: w.clone(),
            play: s.play,
            result: s.result.clone(),
        });
    }
    super::one_deck(&all)?;
    if out.iter().any(|s| s.w.progressive > 0) && round.meters.progressive.is_none() {
        return Err(cited("meters.progressive", "§ 657a.12(d)(4)", "the progressive meter's value is needed to pay at the meter"));
    }
    if by_results {
        return Ok((None, out));
    }
    let dealer_best = best_four(&dealer).map_err(|e| err("dealer", e.to_string()))?;
    Ok((Some(dealer_best), out))
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
    let sb_t = l.table("super-bonus", "standard")?;
    let qu_t = l.table("queens-up", &rules.queens_up)?;
    let prog_t = l.table("progressive", &rules.progressive)?;
    let ante_t = l.table("ante", "standard")?;
    let play_t = l.table("play", "standard")?;
    seats.sort_by_key(|s| std::cmp::Reverse(s.seat));
    let dv = dealer.as_ref().map(|d| d.value);
    // § 657a.11(c)(3)(i): "lower than a king" does not qualify.
    let qualifies = match dv {
        Some(dv) => dv.dealer_qualifies(),
        None => round.dealer_qualifies == Some(true),
    };
    let said = match dv {
        Some(dv) => dv.describe(),
        None if qualifies => "qualifies, king high or better (tapped)".to_string(),
        None => "lower than a king (tapped)".to_string(),
    };
    l.set_dealer(format!(
        "{said}{}",
        if qualifies || dv.is_none() {
            ""
        } else {
            " (does not qualify: lower than a king)"
        }
    ));
    // § 657a.11(c): forfeits first (collected with the cards once everyone has decided).
    for s in seats.iter().filter(|s| s.play == 0) {
        l.set_hand(s.seat, "folded");
        for (wager, v) in [
            ("ante", s.w.ante),
            ("super-bonus", s.w.super_bonus),
            ("queens-up", s.w.queens_up),
            ("progressive", s.w.progressive),
        ] {
            l.lose(s.seat, wager, v, "folded", "§ 657a.11(b)");
        }
    }
    let envy: Vec<(u8, Value4)> = seats
        .iter()
        .filter(|s| s.play > 0 || rules.envy_from_folded)
        .filter_map(|s| s.best.as_ref().map(|b| (s.seat, b.value)))
        .collect();
    if seats.iter().any(|s| s.w.progressive > 0) {
        l.open_meter(
            "progressive",
            round.meters.progressive.unwrap_or(0),
            rules.progressive_reset_cents,
        );
    }
    for s in &seats {
        let seat = s.seat;
        let hand = seat_hand(s, dv);
        if let Some((line, words, cmp, super_pays, pv)) = hand.filter(|_| s.play > 0) {
            l.set_hand(seat, words);
            let beaten = match dv {
                Some(dv) => lower_first(&dv.describe()),
                None => "hand".to_string(),
            };
            let lost = ante_and_play(
                &mut l,
                s,
                (qualifies, cmp),
                (ante_t, play_t),
                &line,
                &beaten,
            );
            if super_pays {
                l.by_table(seat, "super-bonus", s.w.super_bonus, sb_t, &line);
            } else if lost {
                l.lose(
                    seat,
                    "super-bonus",
                    s.w.super_bonus,
                    &format!("{} is below a straight and lost to the dealer", line.name),
                    "§ 657a.11(c)(3)(ii)(A), § 657a.2(b)(5)(iv)",
                );
            } else {
                l.push(
                    seat,
                    "super-bonus",
                    s.w.super_bonus,
                    &format!("{} is below a straight", line.name),
                    "§ 657a.11(c)(3)",
                );
            }
            // § 657a.11(d): Queens Up, irrespective of the dealer's hand.
            if s.w.queens_up > 0 {
                let qu_line = pv.map_or(line.clone(), |pv| line_on(qu_t, pv));
                l.by_table(seat, "queens-up", s.w.queens_up, qu_t, &qu_line);
            }
            if s.w.progressive > 0 {
                super::progressive_wager::payout(
                    &mut l,
                    seat,
                    s.w.progressive,
                    prog_t,
                    &line,
                    "progressive",
                    "§ 657a.12(d)(4)",
                )?;
            }
        }
        // § 657a.11(e)(5): Envy Bonuses, to folded bettors too.
        envy_bonuses(&mut l, s, rules, &envy)?;
    }
    if seats.iter().any(|s| s.w.progressive > 0)
        && !rules.envy_from_folded
        && seats.iter().any(|s| s.play == 0)
    {
        l.note("Folded hands are collected before the reveal (§ 657a.11(c)) and do not qualify anyone for an Envy Bonus; setting envy_from_folded.");
    }
    Ok(l.finish())
}

/// A seat's hand against the dealer's, from its cards or from the result tapped: its pay line,
/// the dealer's words for it, how it compares with the dealer's hand (`dv`), whether it pays the
/// Super Bonus (a straight or better, § 657a.11(c)(3)), and its value where its cards are keyed.
#[allow(clippy::type_complexity)]
fn seat_hand(
    s: &Checked,
    dv: Option<Value4>,
) -> Option<(Line, String, std::cmp::Ordering, bool, Option<Value4>)> {
    match (&s.result, s.best.as_ref()) {
        (Some(r), best) => {
            let (line, words) = result_line(best, r);
            let cmp = match r.versus {
                Some(Versus::Wins) => std::cmp::Ordering::Greater,
                Some(Versus::Ties) => std::cmp::Ordering::Equal,
                _ => std::cmp::Ordering::Less,
            };
            let pays = best.is_some_and(|b| b.value.category() >= Category4::Straight);
            Some((line, words, cmp, pays, best.map(|b| b.value)))
        }
        (None, Some(b)) => dv.map(|dv| {
            let pv = b.value;
            (
                four_line(pv),
                pv.describe(),
                pv.cmp(&dv),
                pv.category() >= Category4::Straight,
                Some(pv),
            )
        }),
        (None, None) => None,
    }
}

/// The Ante and the Play of a seat that played (§ 657a.11(c)(3)): pushed and paid when the
/// dealer does not qualify, else won, tied or lost against the dealer's hand (`beaten`, the
/// dealer's words); whether the seat lost to the dealer.
fn ante_and_play(
    l: &mut Ledger,
    s: &Checked,
    (qualifies, cmp): (bool, std::cmp::Ordering),
    (ante_t, play_t): (&super::paytable::PayTable, &super::paytable::PayTable),
    line: &Line,
    beaten: &str,
) -> bool {
    let seat = s.seat;
    let win = Line {
        id: "win",
        name: "a win".into(),
    };
    if !qualifies {
        l.push(
            seat,
            "ante",
            s.w.ante,
            "the dealer does not qualify",
            "§ 657a.11(c)(3)(i)",
        );
        l.by_table(
            seat,
            "play",
            s.play,
            play_t,
            &Line {
                id: "win",
                name: "the dealer does not qualify; the Play".into(),
            },
        );
        false
    } else if cmp == std::cmp::Ordering::Greater {
        l.by_table(seat, "ante", s.w.ante, ante_t, &win);
        l.by_table(seat, "play", s.play, play_t, &win);
        false
    } else if cmp == std::cmp::Ordering::Equal {
        l.push(
            seat,
            "ante",
            s.w.ante,
            "tie with the dealer",
            "§ 657a.11(c)(3)(ii)(C)",
        );
        l.push(
            seat,
            "play",
            s.play,
            "tie with the dealer",
            "§ 657a.11(c)(3)(ii)(C)",
        );
        false
    } else {
        let why = format!("the dealer's {beaten} beats {}", line.name);
        l.lose(seat, "ante", s.w.ante, &why, "§ 657a.11(c)(3)(ii)(A)");
        l.lose(seat, "play", s.play, &why, "§ 657a.11(c)(3)(ii)(A)");
        true
    }
}

/// A progressive bettor's Envy Bonuses: a fixed sum for each other hand in `envy` on the
/// posted table of its progressive wager (§ 657a.11(e)(5)).
fn envy_bonuses(
    l: &mut Ledger,
    s: &Checked,
    rules: &Rules,
    envy: &[(u8, Value4)],
) -> Result<(), SettleError> {
    let seat = s.seat;
    if s.w.progressive > 0 {
        let t = l.table(
            "envy",
            &format!("{} {}", rules.progressive, money(s.w.progressive)),
        )?;
        for (other, ov) in envy {
            if *other == seat {
                continue;
            }
            l.envy(seat, *other, t, &four_line(*ov));
        }
    }
    Ok(())
}

/// The side wagers the casino may leave out of its Rules Submission.
fn not_offered(r: &super::HouseRules, key: &str) -> Option<&'static str> {
    match key {
        "queens_up" if !r.of::<Rules>().queens_up_offered => Some("§ 657a.7(d)(2)"),
        "progressive" if !r.of::<Rules>().progressive_offered => Some("§ 657a.7(d)(3)"),
        _ => None,
    }
}

/// The round as Crazy 4 Poker's settlement reads it: the seats in play, their Play and the
/// progressive meter.
impl GameRound for Round {
    type Rules = Rules;
    const SETTLE: Settle<Round> = settle;

    fn of_round(r: &BankedRound, meters: &BTreeMap<String, Cents>) -> Round {
        let seat = |s: u8| Seat {
            seat: s,
            cards: r.cards_text(s),
            wagers: Wagers {
                ante: r.ante(s),
                super_bonus: r.wager(s, "super_bonus"),
                queens_up: r.wager(s, "queens_up"),
                progressive: r.wager(s, "progressive"),
            },
            play: r.decided(s, 0),
            result: r.tapped(s),
        };
        Round {
            game: r.game.id().to_string(),
            dealer: r.dealer_text(),
            dealer_qualifies: r.tapped_dealer_qualifies(),
            seats: r.seats_settled().into_iter().map(seat).collect(),
            meters: Meters {
                progressive: r.progressive_meter(meters),
            },
        }
    }
}
