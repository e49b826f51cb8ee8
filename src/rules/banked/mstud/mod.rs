//! Mississippi Stud (Chapter 655a): an Ante, then 3rd, 4th and 5th Street wagers of 1×, 2× or
//! 3× the Ante (or fold), paid by the player's five-card hand on a paytable; the progressive with
//! Envy Bonuses; the Three Card Bonus on the community cards.
//!
//! - § 655a.11(b),(d),(f): each street: 1, 2 or 3 × Ante, or fold, losing everything placed.
//! - § 655a.11(i): from the dealer's right; jacks or better and above win (§ 655a.12(a)), a pair
//!   of 6s to 10s pushes, anything else loses.
//! - § 655a.11(h): a folding player forfeits the progressive but keeps the Envy Bonus and the
//!   Three Card Bonus.
//! - § 655a.12(b): the payout limit "for any hand": $50,000 or the maximum at the minimum wager,
//!   whichever is greater (configured; not below $50,000).
//! - § 655a.12(c): progressive on the five cards, highest hand only, meter lines at the meter
//!   when it is the player's turn; every win validated by a floorperson (§ 655a.11(i)(4)(I)(C)).
//! - § 655a.12(d): the Three Card Bonus on the three community cards only.

mod mstud_def;
pub use mstud_def::{BANKED, DEF, PAY_LINES, ROUND};
/// The round holds nothing of this game's own.
pub type Part = super::round::NoPart;

use super::Choices;
use super::paytable::{PayTable, Paytables};
use super::round::{BankedRound, GameRound, SeatResult, Settle};
use super::round::{BankedSections, Def, Phase, Who, Zero, spot};
use super::{Ledger, Line, SettleError, Settlement, cited, err, five_card_line, lower_first};
use crate::rules::Cents;
use crate::rules::cards::Card;
use crate::rules::eval::{self, Category, HandValue};
use crate::rules::money;
use crate::rules::three_card::{Category3, category3};
use serde::{Deserialize, Serialize};
use std::collections::BTreeMap;

const GAME: &str = "mississippi-stud";

#[derive(Debug, Clone, PartialEq, Eq, Deserialize, Serialize)]
#[serde(default, deny_unknown_fields)]
pub struct Rules {
    pub three_card_bonus_offered: bool,
    /// § 655a.12(d): paytable A, B, C or D.
    pub three_card_bonus: String,
    /// Whether A-2-3 is a three-card straight (§ 655a.6 is silent).
    pub ace_low_three_card_straight: bool,
    /// § 655a.12(b): at least $50,000.
    pub payout_limit_cents: Cents,
    pub progressive_offered: bool,
    /// § 655a.12(c)(3): at least $10,000.
    pub progressive_reset_cents: Cents,
    /// § 655a.7(d)(3), § 655a.12(c)(5): Envy schedules exist for $1 and $5.
    pub progressive_wagers_cents: Vec<Cents>,
    /// A folded hand left on the table can be another player's Envy qualifying hand (§ 655a is
    /// silent).
    pub envy_from_folded: bool,
    /// Without a card-reading device, each hand may be settled from its result, the category
    /// the dealer taps (`round::results`); false: every hand's cards are keyed.
    pub results_by_category: bool,
}

impl Default for Rules {
    fn default() -> Rules {
        Rules {
            three_card_bonus_offered: true,
            three_card_bonus: "A".into(),
            ace_low_three_card_straight: true,
            payout_limit_cents: super::PAYOUT_LIMIT_FLOOR,
            progressive_offered: true,
            progressive_reset_cents: 1_000_000,
            progressive_wagers_cents: vec![100, 500],
            envy_from_folded: true,
            results_by_category: true,
        }
    }
}

impl Choices for Rules {
    const GAME: crate::rules::game_id::GameId = crate::rules::game_id::GameId::MississippiStud;

    fn validate(&self, p: &Paytables) -> Result<(), String> {
        if self.payout_limit_cents > super::MAX_AMOUNT {
            return Err("payout_limit_cents: more than any table takes".into());
        }
        if self.progressive_reset_cents > super::MAX_AMOUNT {
            return Err("progressive_reset_cents: more than any table takes".into());
        }
        super::check_table(
            p,
            GAME,
            "three-card-bonus",
            "three_card_bonus",
            &self.three_card_bonus,
        )?;
        if self.payout_limit_cents < super::PAYOUT_LIMIT_FLOOR {
            return Err(format!(
                "payout_limit_cents: {} is below the $50,000 of § 655a.12(b)",
                money(self.payout_limit_cents)
            ));
        }
        if self.progressive_reset_cents < 1_000_000 {
            return Err(format!(
                "progressive_reset_cents: {} is below the $10,000 of § 655a.12(c)(3)",
                money(self.progressive_reset_cents)
            ));
        }
        for w in &self.progressive_wagers_cents {
            if p.get(GAME, "envy", &format!("standard {}", money(*w)))
                .is_err()
            {
                return Err(format!(
                    "progressive_wagers_cents: {} has no Envy Bonus schedule (§ 655a.12(c)(5) has $1 and $5)",
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
    /// The three community cards; none where the round is settled from results and no hand's
    /// cards nor a Three Card Bonus needs them.
    #[serde(default)]
    pub community: String,
    /// Settled from the results the dealer tapped (`round::results`).
    #[serde(default)]
    pub by_results: bool,
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
    /// The 3rd, 4th and 5th Street wagers placed; fewer than three means the player folded at
    /// the next street.
    #[serde(default)]
    pub streets: Vec<Cents>,
    /// The hand's category as the dealer tapped it (`RESULTS`), where the round is settled from
    /// results; the cards are then those of a hand keyed for its payout, or none.
    #[serde(default)]
    pub result: Option<SeatResult>,
}

#[derive(Debug, Clone, Default, Deserialize, Serialize)]
#[serde(deny_unknown_fields)]
pub struct Wagers {
    pub ante: Cents,
    #[serde(default)]
    pub progressive: Cents,
    #[serde(default)]
    pub three_card_bonus: Cents,
}

struct Checked {
    seat: u8,
    hole: Vec<Card>,
    w: Wagers,
    streets: Vec<Cents>,
    result: Option<SeatResult>,
}

const STREETS: [(&str, &str); 3] = [
    ("3rd-street", "§ 655a.11(b)"),
    ("4th-street", "§ 655a.11(d)"),
    ("5th-street", "§ 655a.11(f)"),
];

/// The Mississippi Stud pay line of a five-card hand (§ 655a.12(a)).
pub fn stud_line(v: HandValue) -> Line {
    if v.category() == Category::OnePair {
        let pair = v.ranks()[0];
        return match pair {
            11..=14 => Line {
                id: "jacks-or-better",
                name: lower_first(&v.describe()),
            },
            6..=10 => Line {
                id: "sixes-to-tens",
                name: lower_first(&v.describe()),
            },
            _ => Line {
                id: "low-pair",
                name: lower_first(&v.describe()),
            },
        };
    }
    five_card_line(v)
}

fn three_line(c: Category3) -> Line {
    let id = match c {
        Category3::MiniRoyal => "mini-royal",
        Category3::StraightFlush => "straight-flush",
        Category3::ThreeOfAKind => "three-of-a-kind",
        Category3::Straight => "straight",
        Category3::Flush => "flush",
        Category3::Pair => "pair",
        Category3::HighCard => "no-pay",
    };
    Line {
        id,
        name: lower_first(c.name()),
    }
}

fn validate(round: &Round, rules: &Rules) -> Result<(Vec<Card>, Vec<Checked>), SettleError> {
    super::check_meter(
        "meters.progressive",
        round.meters.progressive,
        rules.progressive_reset_cents,
        "§ 655a.12(c)(3)",
    )?;
    super::check_seats(round.seats.iter().map(|s| s.seat), 6, "§ 655a.2(a)")?;
    let by_results = round.by_results || round.seats.iter().any(|s| s.result.is_some());
    if by_results && !rules.results_by_category {
        return Err(err(
            "seats.result",
            "this casino keys every hand's cards ([house.mississippi-stud] results_by_category = false)",
        ));
    }
    let board = super::cards("community", &round.community)?;
    // From results, the board is keyed where a hand's cards or a Three Card Bonus need it.
    let board_needed = !by_results
        || round
            .seats
            .iter()
            .any(|s| !s.cards.trim().is_empty() || s.wagers.three_card_bonus > 0);
    if board.len() != 3 && (board_needed || !board.is_empty()) {
        return Err(cited("community", "§ 655a.8(d)(2), § 655a.13(c)", "three community cards; a wrong count voids the round"));
    }
    let mut all = vec![("community".to_string(), board.clone())];
    let mut out = Vec::new();
    for (i, s) in round.seats.iter().enumerate() {
        let f = |x: &str| format!("seats[{i}].{x}");
        let hole = super::cards(&f("cards"), &s.cards)?;
        let folded = s.streets.len() < 3;
        if s.result.is_some() && folded {
            return Err(err(f("result"), "a folded hand has no result"));
        }
        if by_results && !folded && s.result.is_none() {
            return Err(err(
                f("result"),
                "a result for each hand still in where the round is settled from results",
            ));
        }
        if let Some(r) = &s.result
            && RESULTS.category(&r.category).is_none()
        {
            return Err(err(f("result"), format!("no category {}", r.category)));
        }
        if let Some(r) = s.result.as_ref().filter(|r| r.versus.is_some()) {
            return Err(cited(f("result"), "§ 655a.11(i)", format!("{:?}: each hand is paid on its own, not against the dealer",
                    r.versus
                )));
        }
        // From results, a folded hand or a hand settled on its category has no cards keyed; a
        // folded hand without a Progressive or Three Card Bonus went to the discard rack
        // (§ 655a.11(b),(d),(f)).
        let kept = s.wagers.progressive > 0 || s.wagers.three_card_bonus > 0;
        let unkeyed = hole.is_empty() && (by_results || (folded && !kept));
        if hole.len() != 2 && !unkeyed {
            return Err(cited(f("cards"), "§ 655a.8(d)(1)", "each player has two cards"));
        }
        all.push((f("cards"), hole.clone()));
        let w = &s.wagers;
        for (name, v) in [
            ("wagers.ante", w.ante),
            ("wagers.progressive", w.progressive),
            ("wagers.three_card_bonus", w.three_card_bonus),
        ] {
            super::amount(&f(name), v)?;
        }
        if w.ante == 0 {
            return Err(cited(f("wagers.ante"), "§ 655a.7(d)(1)", "an Ante is needed to play"));
        }
        if w.three_card_bonus > 0 && !rules.three_card_bonus_offered {
            return Err(cited(f("wagers.three_card_bonus"), "§ 655a.7(d)(4)", "this casino does not offer the Three Card Bonus"));
        }
        if let Some(why) = super::progressive_wager::refusal(
            rules.progressive_offered,
            &rules.progressive_wagers_cents,
            w.progressive,
            "§ 655a.7(d)(3)",
            "§ 655a.7(d)(3), § 655a.12(c)(5)",
        ) {
            return Err(err(f("wagers.progressive"), why));
        }
        if s.streets.len() > 3 {
            return Err(cited(f("streets"), "§ 655a.7(d)(2)", "three streets at most: 3rd, 4th and 5th"));
        }
        for (k, v) in s.streets.iter().enumerate() {
            let (name, sec) = STREETS[k];
            if ![1, 2, 3].iter().any(|m| *v == m * w.ante) {
                return Err(err(
                    f(&format!("streets[{k}]")),
                    format!(
                        "the {name} wager is 1, 2 or 3 times the Ante ({}, {} or {}), not {} ({sec})",
                        money(w.ante),
                        money(2 * w.ante),
                        money(3 * w.ante),
                        money(*v)
                    ),
                ));
            }
        }
        out.push(Checked {
            seat: s.seat,
            hole,
            w: w.clone(),
            streets: s.streets.clone(),
            result: s.result.clone(),
        });
    }
    super::one_deck(&all)?;
    if out.iter().any(|s| s.w.progressive > 0) && round.meters.progressive.is_none() {
        return Err(cited("meters.progressive", "§ 655a.12(c)(4)", "the progressive meter's value is needed to pay at the meter"));
    }
    Ok((board, out))
}

pub fn settle(
    round: &Round,
    rules: &Rules,
    p: &Paytables,
    rounding: Cents,
) -> Result<Settlement, SettleError> {
    rules.validate(p).map_err(|e| err("rules", e))?;
    let (board, mut seats) = validate(round, rules)?;
    let by_results = seats.iter().any(|s| s.result.is_some());
    let mut l = Ledger::new(p, GAME, rounding);
    let ms_t = l.table("mississippi-stud", "standard")?;
    let tcb_t = l.table("three-card-bonus", &rules.three_card_bonus)?;
    seats.sort_by_key(|s| std::cmp::Reverse(s.seat));
    let value = |hole: &[Card]| -> Result<HandValue, SettleError> {
        let c: Vec<Card> = hole.iter().chain(&board).copied().collect();
        eval::evaluate(&c).map_err(|e| err("cards", e.to_string()))
    };
    let envy: Vec<(u8, HandValue)> = seats
        .iter()
        .filter(|s| s.streets.len() == 3 || rules.envy_from_folded)
        .filter_map(|s| value(&s.hole).ok().map(|v| (s.seat, v)))
        .filter(|(_, v)| v.category() == Category::StraightFlush)
        .collect();
    if seats.iter().any(|s| s.w.progressive > 0) {
        l.open_meter(
            "progressive",
            round.meters.progressive.unwrap_or(0),
            rules.progressive_reset_cents,
        );
    }
    // The board's Three Card Bonus hand, where the board is keyed (validate: whenever a Three
    // Card Bonus is on the layout).
    let tcb = match board.len() {
        3 => Some(
            category3(&board, rules.ace_low_three_card_straight)
                .map_err(|e| err("community", e.to_string()))?,
        ),
        _ => None,
    };
    for s in &seats {
        let seat = s.seat;
        if s.streets.len() < 3 {
            folded(&mut l, s);
        } else {
            played(&mut l, s, &value, ms_t, rules)?;
        }
        if s.w.progressive > 0 {
            for (other, ov) in &envy {
                if *other == seat {
                    continue;
                }
                let t = l.table("envy", &format!("standard {}", money(s.w.progressive)))?;
                l.envy(seat, *other, t, &five_card_line(*ov));
            }
        }
        if s.w.three_card_bonus > 0 {
            let Some(tcb) = tcb else {
                return Err(cited("community", "§ 655a.12(d)", "the Three Card Bonus pays on the community cards: key them"));
            };
            l.by_table(
                seat,
                "three-card-bonus",
                s.w.three_card_bonus,
                tcb_t,
                &three_line(tcb),
            );
        }
    }
    if rules.envy_from_folded
        && seats.iter().any(|s| s.streets.len() < 3)
        && seats.iter().any(|s| s.w.progressive > 0)
    {
        l.note("A folded hand left on the table counts as another player's Envy qualifying hand (§ 655a is silent); setting envy_from_folded.");
    }
    if by_results {
        l.note("Settled from each hand's category as the dealer tapped it (no card-reading device); the cards keyed where a payout is validated.");
    }
    if rules.ace_low_three_card_straight && seats.iter().any(|s| s.w.three_card_bonus > 0) {
        l.note("A-2-3 counts as a three-card straight (§ 655a.6 is silent); setting ace_low_three_card_straight.");
    }
    Ok(l.finish())
}

/// A hand still in: its pay line, from its cards with the board where they are keyed (they must
/// hold the category tapped), else from its category; its value where the cards are known. The
/// ledger's words for the hand are set.
/// A hand folded at a street: its Ante and the street wagers made lose, and so does its
/// progressive; its Envy Bonus and Three Card Bonus stay (§ 655a.11(h)).
fn folded(l: &mut Ledger, s: &Checked) {
    let seat = s.seat;
    l.set_hand(
        seat,
        format!("folded at {}", STREETS[s.streets.len()].0.replace('-', " ")),
    );
    let sec = STREETS[s.streets.len()].1;
    l.lose(seat, "ante", s.w.ante, "folded", sec);
    for (k, amt) in s.streets.iter().enumerate() {
        l.lose(seat, STREETS[k].0, *amt, "folded", sec);
    }
    // § 655a.11(h): the progressive is forfeited; Envy and Three Card Bonus are kept.
    l.lose(
        seat,
        "progressive",
        s.w.progressive,
        "folded: the progressive wager is forfeited",
        "§ 655a.11(h)",
    );
}

/// A hand played to the end: its Ante and three street wagers by the paytable (below a pair of
/// 6s loses, § 655a.11(i)), capped, then its progressive.
fn played(
    l: &mut Ledger,
    s: &Checked,
    value: &dyn Fn(&[Card]) -> Result<HandValue, SettleError>,
    ms_t: &PayTable,
    rules: &Rules,
) -> Result<(), SettleError> {
    let seat = s.seat;
    let (line, v) = hand_line(s, value)?;
    l.set_hand(
        seat,
        match v {
            Some(v) => v.describe(),
            None => format!(
                "{} (tapped)",
                RESULTS.category(line.id).map_or(line.id, |c| c.label)
            ),
        },
    );
    let wagers = [
        ("ante", s.w.ante),
        (STREETS[0].0, s.streets[0]),
        (STREETS[1].0, s.streets[1]),
        (STREETS[2].0, s.streets[2]),
    ];
    for (wager, amt) in wagers {
        if matches!(line.id, "low-pair" | "high-card" | "below-sixes") {
            l.lose(
                seat,
                wager,
                amt,
                &match line.id {
                    "below-sixes" => "below a pair of 6s (tapped)".to_string(),
                    _ => format!("{} is below a pair of 6s", line.name),
                },
                "§ 655a.11(i)(1)",
            );
        } else {
            l.by_table(seat, wager, amt, ms_t, &line);
        }
    }
    l.cap(
        seat,
        &["ante", "3rd-street", "4th-street", "5th-street"],
        rules.payout_limit_cents,
        "§ 655a.12(b)",
    );
    if s.w.progressive > 0 {
        let Some(v) = v else {
            return Err(cited(format!("seat {seat}.cards"), "§ 655a.12(c)", "the progressive pays on the hand's cards: key them"));
        };
        let t = l.table("progressive", "standard")?;
        super::progressive_wager::payout(
            l,
            seat,
            s.w.progressive,
            t,
            &five_card_line(v),
            "progressive",
            "§ 655a.12(c)(4)",
        )?;
    }
    Ok(())
}

fn hand_line(
    s: &Checked,
    value: &dyn Fn(&[Card]) -> Result<HandValue, SettleError>,
) -> Result<(Line, Option<HandValue>), SettleError> {
    let category = s
        .result
        .as_ref()
        .and_then(|r| RESULTS.category(&r.category));
    if s.hole.is_empty() {
        let c = category.ok_or_else(|| err(format!("seat {}.cards", s.seat), "two cards"))?;
        let line = Line {
            id: c.id,
            name: lower_first(c.label),
        };
        return Ok((line, None));
    }
    let v = value(&s.hole)?;
    let line = stud_line(v);
    if let Some(c) = category
        && result_of(&line) != c.id
    {
        return Err(err(
            format!("seat {}.result", s.seat),
            format!(
                "the cards hold {}, not {}",
                lower_first(&v.describe()),
                lower_first(c.label)
            ),
        ));
    }
    Ok((line, Some(v)))
}

/// § 655a.11(i): the hand is the player's two cards with the three community cards: some two
/// cards not on the board make the result category `id` with it.
fn board_allows(board: &[Card], id: &str) -> bool {
    let rest: Vec<Card> = crate::rules::cards::full_deck()
        .into_iter()
        .filter(|c| !board.contains(c))
        .collect();
    rest.iter().enumerate().any(|(i, a)| {
        rest[i + 1..].iter().any(|b| {
            let hand: Vec<Card> = [*a, *b].iter().chain(board).copied().collect();
            eval::evaluate(&hand).is_ok_and(|v| result_of(&stud_line(v)) == id)
        })
    })
}

/// The result category (`RESULTS`) of a pay line.
fn result_of(line: &Line) -> &'static str {
    match line.id {
        "low-pair" | "high-card" => "below-sixes",
        id => RESULTS
            .categories
            .iter()
            .find(|c| c.id == id)
            .map_or("below-sixes", |c| c.id),
    }
}

/// The categories a dealer taps for a hand without a card-reading device, the paytable's own
/// lines (§ 655a.12(a)): below a pair of 6s loses (§ 655a.11(i)(1)), a pair of 6s to 10s
/// pushes. No hand is compared with the dealer's. A hand whose payout waits for a floorperson
/// is keyed card by card, with the board; the Three Card Bonus needs the board.
pub const RESULTS: super::round::ResultsDef = super::round::ResultsDef {
    categories: &[
        result("below-sixes", "Below a pair of 6s", "Below 6s pair"),
        result("sixes-to-tens", "Pair of 6s to 10s", "6s–10s pair"),
        result("jacks-or-better", "Pair of jacks or better", "Jacks+ pair"),
        result("two-pair", "Two pair", "Two pair"),
        result("three-of-a-kind", "Three of a kind", "Trips"),
        result("straight", "Straight", "Straight"),
        result("flush", "Flush", "Flush"),
        result("full-house", "Full house", "Full house"),
        result("four-of-a-kind", "Four of a kind", "Quads"),
        result("straight-flush", "Straight flush", "Str. flush"),
        result("royal-flush", "Royal flush", "Royal"),
    ],
    qualifies: None,
    compare: super::round::Compare::Never,
    all_keyed_with: &["progressive"],
    community_with: &["three_card_bonus"],
    board_allows: Some(board_allows),
    second: None,
    below_qualifying: &[],
    section: "§ 655a.11(i)",
    offered: |h| h.of::<Rules>().results_by_category,
};

const fn result(
    id: &'static str,
    label: &'static str,
    short: &'static str,
) -> super::round::ResultCategory {
    super::round::ResultCategory::plain(id, label, short)
}

/// § 655a.11(b),(d),(f): a folded hand goes to the discard rack, unless the player made a
/// Progressive Payout or Three Card Bonus Wager: then it stays on the table until every wager
/// is resolved, and its cards are keyed.
fn folded_hand_stays(_: &super::HouseRules, w: &super::round::Wagers) -> bool {
    ["progressive", "three_card_bonus"]
        .iter()
        .any(|k| w.get(*k).is_some_and(|v| *v > 0))
}

/// The side wagers the casino may leave out of its Rules Submission.
fn not_offered(r: &super::HouseRules, key: &str) -> Option<&'static str> {
    match key {
        "three_card_bonus" if !r.of::<Rules>().three_card_bonus_offered => Some("§ 655a.7(d)(4)"),
        "progressive" if !r.of::<Rules>().progressive_offered => Some("§ 655a.7(d)(3)"),
        _ => None,
    }
}

/// The round as Mississippi Stud's settlement reads it: the seats in play, their streets and
/// the progressive meter.
impl GameRound for Round {
    type Rules = Rules;
    const SETTLE: Settle<Round> = settle;

    fn of_round(r: &BankedRound, meters: &BTreeMap<String, Cents>) -> Round {
        let seat = |s: u8| {
            let ante = r.ante(s);
            // The streets wagered until the fold (§ 655a.11(b), (d), (f)).
            let streets = r
                .decisions
                .get(&s)
                .into_iter()
                .flatten()
                .take_while(|m| **m > 0)
                .map(|m| ante * Cents::from(*m))
                .collect();
            Seat {
                seat: s,
                cards: r.cards_text(s),
                wagers: Wagers {
                    ante,
                    progressive: r.wager(s, "progressive"),
                    three_card_bonus: r.wager(s, "three_card_bonus"),
                },
                streets,
                result: r.tapped(s),
            }
        };
        Round {
            game: r.game.id().to_string(),
            community: r.community_text(),
            by_results: r.results.is_some(),
            seats: r.seats_settled().into_iter().map(seat).collect(),
            meters: Meters {
                progressive: r.progressive_meter(meters),
            },
        }
    }
}
