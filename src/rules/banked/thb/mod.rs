//! Texas Hold 'Em Bonus Poker (Chapter 647a): Ante, then Flop (2× Ante, or fold), Turn and
//! River (1× Ante, or check) against the dealer; the Texas Hold 'Em Bonus on the two hole
//! cards; the Progressive Payout Wager with Envy Bonuses; the Five Card Hand Bonus with the
//! Magic Card and Lucky Bonus.
//!
//! - § 647a.11(b),(d),(f): Flop = 2× Ante or fold; Turn and River = 1× Ante or check, only after
//!   a Flop Wager. Folding loses the Ante (§ 647a.11(b)(2)).
//! - § 647a.11(h)(2): no dealer qualification. A winning player's Ante pushes unless the hand is
//!   a straight or better (or a flush or better: the Rules Submission says which).
//! - § 647a.12(c): a payout limit "for any hand" on Ante, Flop, Turn, River and Bonus winnings,
//!   at least $50,000.
//! - § 647a.11(i), § 647a.12(d): the progressive pays on the two cards and the flop, highest hand
//!   only, never to a player who folded; meter lines at the meter "when it is the player's turn
//!   to be paid"; every win validated by a floorperson; Envy Bonuses to every progressive
//!   bettor (folded or not) for each other player's straight flush or better.
//! - § 647a.11(j), § 647a.12(e): the Five Card Hand Bonus on the player's and/or the dealer's two
//!   cards and the flop; a dealer-hand meter win is divided equally among its bettors.
//!
//! Order (§ 647a.11(h)–(j)): main wagers and Bonus seat by seat from the dealer's right; then
//! progressive and Envy seat by seat; then Five Card Hand Bonus seat by seat, the dealer-hand
//! wagers last as one group (the text does not order them; a documented choice).

mod thb_def;
pub use thb_def::{BANKED, DEF, PAY_LINES, ROUND};
pub mod thb_part;
/// The round's part of the game: the system's draw.
pub type Part = thb_part::ThbPart;

mod checked;
use checked::{Checked, validate};
use five_card_bonus::fchb;
mod five_card_bonus;
mod thb_results;

use super::Choices;
use super::paytable::{Pay, Paytables};
use super::round::SeatResult;
use super::round::{BankedSections, Def, Phase, Who, Zero, spot};
use super::{Ledger, Line, SettleError, Settlement, cited, err, five_card_line, lower_first};
use crate::rules::Cents;
use crate::rules::cards::{Card, Rank};
use crate::rules::eval::{self, Category, HandValue};
use crate::rules::money;
use crate::rules::two_card::{TwoCardHand, two_card};
use serde::{Deserialize, Serialize};
pub use thb_results::RESULTS;

const GAME: &str = "texas-holdem-bonus";

#[derive(Debug, Clone, Copy, PartialEq, Eq, Deserialize, Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum AnteThreshold {
    Straight,
    Flush,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Deserialize, Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum EnvyHand {
    /// The two cards and the flop, as the progressive itself (default).
    HoleAndFlop,
    /// The best five of the seven cards.
    SevenCards,
}

#[derive(Debug, Clone, PartialEq, Eq, Deserialize, Serialize)]
#[serde(default, deny_unknown_fields)]
pub struct Rules {
    pub bonus_offered: bool,
    /// § 647a.12(b): paytable A or B.
    pub bonus: String,
    /// § 647a.11(h)(2)(ii), § 647a.2(b)(9)(i).
    pub ante_pays_from: AnteThreshold,
    /// § 647a.12(c): at least $50,000.
    pub payout_limit_cents: Cents,
    pub progressive_offered: bool,
    /// § 647a.12(d)(3): at least $10,000.
    pub progressive_reset_cents: Cents,
    /// Progressive wagers the device accepts; Envy schedules exist for $1 and $5
    /// (§ 647a.12(d)(5)).
    pub progressive_wagers_cents: Vec<Cents>,
    /// Which hand makes an Envy Bonus Qualifying Hand (§ 647a.1: ambiguous).
    pub envy_hand: EnvyHand,
    /// A folded hand can qualify others for Envy (§ 647a.11(b)(2)(ii) keeps it on the table).
    pub envy_from_folded: bool,
    pub five_card_bonus_offered: bool,
    /// § 647a.12(e)(4): at least $10,000.
    pub five_card_bonus_reset_cents: Cents,
    /// § 647a.12(e)(3): the Magic Card and Lucky Bonus "may" be paid.
    pub magic_and_lucky: bool,
    /// Without a card-reading device, a round with no Bonus, Progressive or Five Card Hand
    /// Bonus on the layout may be settled from each hand's result (`round::results`); false:
    /// every card is keyed.
    pub results_by_category: bool,
}

impl Default for Rules {
    fn default() -> Rules {
        Rules {
            bonus_offered: true,
            bonus: "A".into(),
            ante_pays_from: AnteThreshold::Straight,
            payout_limit_cents: super::PAYOUT_LIMIT_FLOOR,
            progressive_offered: true,
            progressive_reset_cents: 1_000_000,
            progressive_wagers_cents: vec![100, 500],
            envy_hand: EnvyHand::HoleAndFlop,
            envy_from_folded: true,
            five_card_bonus_offered: true,
            five_card_bonus_reset_cents: 1_000_000,
            magic_and_lucky: true,
            results_by_category: true,
        }
    }
}

impl Choices for Rules {
    const GAME: crate::rules::game_id::GameId = crate::rules::game_id::GameId::TexasHoldemBonus;

    fn validate(&self, p: &Paytables) -> Result<(), String> {
        if self.payout_limit_cents > super::MAX_AMOUNT {
            return Err("payout_limit_cents: more than any table takes".into());
        }
        if self.progressive_reset_cents > super::MAX_AMOUNT {
            return Err("progressive_reset_cents: more than any table takes".into());
        }
        if self.five_card_bonus_reset_cents > super::MAX_AMOUNT {
            return Err("five_card_bonus_reset_cents: more than any table takes".into());
        }
        super::check_table(p, GAME, "bonus", "bonus", &self.bonus)?;
        if self.payout_limit_cents < super::PAYOUT_LIMIT_FLOOR {
            return Err(format!(
                "payout_limit_cents: {} is below the $50,000 of § 647a.12(c)",
                money(self.payout_limit_cents)
            ));
        }
        for (key, v) in [
            ("progressive_reset_cents", self.progressive_reset_cents),
            (
                "five_card_bonus_reset_cents",
                self.five_card_bonus_reset_cents,
            ),
        ] {
            if v < 1_000_000 {
                return Err(format!(
                    "{key}: {} is below the $10,000 of § 647a.12(d)(3), (e)(4)",
                    money(v)
                ));
            }
        }
        for w in &self.progressive_wagers_cents {
            let name = format!("standard {}", money(*w));
            if p.get(GAME, "envy", &name).is_err() {
                return Err(format!(
                    "progressive_wagers_cents: {} has no Envy Bonus schedule (§ 647a.12(d)(5) has $1 and $5)",
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
    /// The dealer's two cards (none where the round is settled from results).
    #[serde(default)]
    pub dealer: String,
    /// The community cards (none where the round is settled from results and no hand is
    /// keyed).
    #[serde(default)]
    pub community: String,
    /// Settled from the results the dealer tapped (`round::results`).
    #[serde(default)]
    pub by_results: bool,
    pub seats: Vec<Seat>,
    #[serde(default)]
    pub meters: Meters,
    /// The card the table game system drew for the Magic Card Bonus.
    #[serde(default)]
    pub magic_card: Option<String>,
    /// The seat (or "dealer") the system drew for the Lucky Bonus.
    #[serde(default)]
    pub lucky: Option<Lucky>,
}

#[derive(Debug, Clone, Default, Deserialize, Serialize)]
#[serde(deny_unknown_fields)]
pub struct Meters {
    pub progressive: Option<Cents>,
    pub five_card_bonus: Option<Cents>,
}

#[derive(Debug, Clone, PartialEq, Deserialize, Serialize)]
#[serde(untagged)]
pub enum Lucky {
    Seat(u8),
    Dealer(String),
}

#[derive(Debug, Clone, Deserialize, Serialize)]
#[serde(deny_unknown_fields)]
pub struct Seat {
    pub seat: u8,
    pub cards: String,
    pub wagers: Wagers,
    /// The Flop Wager: twice the Ante, or 0 for a fold.
    pub flop: Cents,
    #[serde(default)]
    pub turn: Cents,
    #[serde(default)]
    pub river: Cents,
    /// The hand's category and comparison as the dealer tapped them, where the round is settled
    /// from results; the cards are then those of a hand keyed for its payout, or none.
    #[serde(default)]
    pub result: Option<SeatResult>,
}

#[derive(Debug, Clone, Default, Deserialize, Serialize)]
#[serde(deny_unknown_fields)]
pub struct Wagers {
    pub ante: Cents,
    #[serde(default)]
    pub bonus: Cents,
    #[serde(default)]
    pub progressive: Cents,
    #[serde(default)]
    pub fchb_player: Cents,
    #[serde(default)]
    pub fchb_dealer: Cents,
}

/// The Texas Hold 'Em Bonus line of two hole cards (§ 647a.12(b)); `dealer_aces` when the
/// dealer's two cards are also aces (paytable A's top line).
pub fn bonus_line(a: Card, b: Card, dealer_aces: bool) -> Option<Line> {
    let (id, name): (&'static str, &str) = match two_card(a, b) {
        TwoCardHand::Pair { rank: 14 } if dealer_aces => {
            ("aces-with-dealer-aces", "ace-ace with the dealer's ace-ace")
        }
        TwoCardHand::Pair { rank: 14 } => ("pair-of-aces", "ace-ace"),
        TwoCardHand::Pair { rank: 11..=13 } => {
            ("kings-queens-or-jacks", "a pair of kings, queens or jacks")
        }
        TwoCardHand::Pair { .. } => ("pair-twos-to-tens", "a pair of 10s to 2s"),
        TwoCardHand::AceWith {
            with: 13,
            suited: true,
        } => ("ace-king-suited", "ace-king of the same suit"),
        TwoCardHand::AceWith {
            with: 13,
            suited: false,
        } => ("ace-king-offsuit", "ace-king of different suits"),
        TwoCardHand::AceWith {
            with: 11..=12,
            suited: true,
        } => (
            "ace-queen-or-jack-suited",
            "ace-queen or ace-jack of the same suit",
        ),
        TwoCardHand::AceWith {
            with: 11..=12,
            suited: false,
        } => (
            "ace-queen-or-jack-offsuit",
            "ace-queen or ace-jack of different suits",
        ),
        _ => return None,
    };
    Some(Line {
        id,
        name: name.into(),
    })
}

fn five(hole: &[Card], board: &[Card], n: usize) -> Result<HandValue, SettleError> {
    let cards: Vec<Card> = hole.iter().chain(board.iter().take(n)).copied().collect();
    eval::evaluate(&cards).map_err(|e| err("cards", e.to_string()))
}

pub fn settle(
    round: &Round,
    rules: &Rules,
    p: &Paytables,
    rounding: Cents,
) -> Result<Settlement, SettleError> {
    rules.validate(p).map_err(|e| err("rules", e))?;
    let (dealer, board, mut seats, magic) = validate(round, rules)?;
    let mut l = Ledger::new(p, GAME, rounding);
    seats.sort_by_key(|s| std::cmp::Reverse(s.seat));
    let any_played = seats.iter().any(|s| s.flop > 0);
    // The dealer's hand where the dealer's cards are keyed (not where settled from results).
    let dv = if board.len() == 5 && dealer.len() == 2 {
        Some(five(&dealer, &board, 5)?)
    } else {
        None
    };
    if let Some(dv) = dv {
        l.set_dealer(dv.describe());
    } else if dealer.is_empty() && any_played {
        l.set_dealer("Not keyed: the hands tapped against it");
    }
    let cards = Dealt {
        dealer: &dealer,
        board: &board,
        magic,
        dv,
    };
    main_pass(&mut l, round, rules, &seats, &cards)?;
    // Pass 2, § 647a.11(i): progressive, then Envy Bonuses.
    if seats.iter().any(|s| s.w.progressive > 0) {
        progressive_pass(&mut l, round, rules, &seats, &board)?;
    }
    // Pass 3, § 647a.11(j): the Five Card Hand Bonus, Magic Card and Lucky Bonus.
    let fchb_any = seats
        .iter()
        .any(|s| s.w.fchb_player > 0 || s.w.fchb_dealer > 0);
    if fchb_any {
        five_card_pass(&mut l, round, rules, &seats, &cards)?;
    }
    if !any_played && board.len() == 3 {
        l.note("Every player folded; the turn and river were not dealt.");
    }
    if any_played && dv.is_none() {
        l.note(super::by_result::SETTLED_FROM_RESULTS);
    }
    Ok(l.finish())
}

/// The cards a round's settlement reads: the dealer's, the board, the Magic Card and the
/// dealer's hand where it was keyed.
struct Dealt<'a> {
    dealer: &'a [Card],
    board: &'a [Card],
    magic: Option<Card>,
    dv: Option<HandValue>,
}

/// Pass 1, § 647a.11(h): the main wagers and the Bonus, from the dealer's right.
fn main_pass(
    l: &mut Ledger,
    round: &Round,
    rules: &Rules,
    seats: &[Checked],
    cards: &Dealt,
) -> Result<(), SettleError> {
    let (dealer, board, dv) = (cards.dealer, cards.board, cards.dv);
    let dealer_aces = dealer.len() == 2 && dealer.iter().all(|c| c.rank == Rank::ACE);
    let win = Line {
        id: "win",
        name: match dv {
            Some(d) => format!("a win over the dealer's {}", lower_first(&d.describe())),
            None if round.by_results || seats.iter().any(|s| s.result.is_some()) => {
                "a win over the dealer (tapped)".into()
            }
            None => "a win".into(),
        },
    };
    let threshold = match rules.ante_pays_from {
        AnteThreshold::Straight => Category::Straight,
        AnteThreshold::Flush => Category::Flush,
    };
    for s in seats {
        let seat = s.seat;
        if s.flop == 0 {
            l.set_hand(seat, "folded");
            l.lose(seat, "ante", s.w.ante, "folded", "§ 647a.11(b)(2)");
        } else {
            if dv.is_none() && s.result.is_none() {
                return Err(cited("community", "§ 647a.11(e),(g)", "five community cards when a player made a Flop Wager"));
            }
            let j = super::by_result::judge(
                &RESULTS,
                &format!("seat {seat}"),
                &s.hole,
                board,
                dv,
                s.result.as_ref(),
            )?;
            l.set_hand(seat, j.words.clone());
            thb_results::main_wagers(l, s, &j, threshold, &win, dv)?;
        }
        if s.w.bonus > 0 {
            let t = l.table("bonus", &rules.bonus)?;
            let top = dealer_aces && matches!(t.pay("aces-with-dealer-aces"), Some(Pay::To(..)));
            match bonus_line(s.hole[0], s.hole[1], top) {
                Some(line) => {
                    l.by_table(seat, "bonus", s.w.bonus, t, &line);
                }
                None => l.lose(
                    seat,
                    "bonus",
                    s.w.bonus,
                    "not a paying two-card hand",
                    "§ 647a.12(b)",
                ),
            }
        }
        l.cap(
            seat,
            &["ante", "flop", "turn", "river", "bonus"],
            rules.payout_limit_cents,
            "§ 647a.12(c)",
        );
    }
    if seats.iter().any(|s| s.flop == 0 && s.w.bonus > 0) {
        l.note("A folded player's Bonus is settled at that seat in the same pass (§ 647a.11(b)(2)(i)(A) says only \"at the conclusion of the round\").");
    }
    Ok(())
}

/// Pass 2, § 647a.11(i): the progressive wagers, then the Envy Bonuses.
fn progressive_pass(
    l: &mut Ledger,
    round: &Round,
    rules: &Rules,
    seats: &[Checked],
    board: &[Card],
) -> Result<(), SettleError> {
    let reset = rules.progressive_reset_cents;
    l.open_meter("progressive", round.meters.progressive.unwrap_or(0), reset);
    let prog_t = l.table("progressive", "standard")?;
    // Envy qualifying hands of every player (§ 647a.1).
    let mut envy_hands: Vec<(u8, HandValue)> = Vec::new();
    for s in seats {
        if s.flop == 0 && !rules.envy_from_folded {
            continue;
        }
        let n = if rules.envy_hand == EnvyHand::SevenCards && board.len() == 5 {
            5
        } else {
            3
        };
        let v = five(&s.hole, board, n)?;
        if v.category() == Category::StraightFlush {
            envy_hands.push((s.seat, v));
        }
    }
    for s in seats {
        if s.w.progressive == 0 {
            continue;
        }
        let seat = s.seat;
        if s.flop == 0 {
            l.lose(
                seat,
                "progressive",
                s.w.progressive,
                "folded: not eligible for a Progressive Payout",
                "§ 647a.11(b)(2)(i)(B)",
            );
        } else {
            let v = five(&s.hole, board, 3)?;
            let line = five_card_line(v);
            super::progressive_wager::payout(
                l,
                seat,
                s.w.progressive,
                prog_t,
                &line,
                "progressive",
                "§ 647a.11(i)(4)",
            )?;
        }
        for (other, v) in &envy_hands {
            if *other == seat {
                continue;
            }
            let t = l.table("envy", &format!("standard {}", money(s.w.progressive)))?;
            let line = five_card_line(*v);
            let line = Line {
                id: line.id,
                name: format!("seat {other}'s {}", line.name),
            };
            envy_fixed(l, seat, t, &line)?;
        }
    }
    if rules.envy_from_folded && seats.iter().any(|s| s.flop == 0) {
        l.note("A folded hand counts as another player's Envy Bonus Qualifying Hand (§ 647a.11(b)(2)(ii) keeps it on the table); setting envy_from_folded.");
    }
    if rules.envy_hand == EnvyHand::HoleAndFlop {
        l.note("Envy Bonus Qualifying Hands are read on the two cards and the flop, like the progressive (§ 647a.1 is ambiguous); setting envy_hand.");
    }
    Ok(())
}

/// Pass 3, § 647a.11(j): the Five Card Hand Bonus on each player's hand, then on the dealer's,
/// with the Magic Card and the Lucky Bonus.
fn five_card_pass(
    l: &mut Ledger,
    round: &Round,
    rules: &Rules,
    seats: &[Checked],
    cards: &Dealt,
) -> Result<(), SettleError> {
    let (dealer, board, magic) = (cards.dealer, cards.board, cards.magic);
    l.open_meter(
        "five-card-bonus",
        round.meters.five_card_bonus.unwrap_or(0),
        rules.five_card_bonus_reset_cents,
    );
    let t = l.table("five-card-bonus", "standard")?;
    let ml = l.table("magic-lucky", "standard")?;
    let lucky = round.lucky.clone();
    for s in seats {
        if s.w.fchb_player == 0 {
            continue;
        }
        let v = five(&s.hole, board, 3)?;
        let in_hand = |c: Card| s.hole.contains(&c) || board[..3].contains(&c);
        let magic_hit = rules.magic_and_lucky && magic.is_some_and(in_hand);
        let lucky_hit = rules.magic_and_lucky && lucky == Some(Lucky::Seat(s.seat));
        fchb(
            l,
            s.seat,
            "fchb-player",
            s.w.fchb_player,
            t,
            ml,
            v,
            (1, 0),
            magic_hit,
            lucky_hit,
        )?;
    }
    let bettors: Vec<&Checked> = seats.iter().filter(|s| s.w.fchb_dealer > 0).collect();
    if !bettors.is_empty() {
        let v = five(dealer, board, 3)?;
        let magic_hit = rules.magic_and_lucky
            && magic.is_some_and(|c| dealer.contains(&c) || board[..3].contains(&c));
        let lucky_hit = rules.magic_and_lucky && lucky == Some(Lucky::Dealer("dealer".into()));
        let n = bettors.len() as i64;
        for (i, s) in bettors.into_iter().enumerate() {
            fchb(
                l,
                s.seat,
                "fchb-dealer",
                s.w.fchb_dealer,
                t,
                ml,
                v,
                (n, i),
                magic_hit,
                lucky_hit,
            )?;
        }
        l.note("Five Card Hand Bonus wagers on the dealer's hand are settled after every player's hand, as one group (§ 647a.11(j) does not order them).");
    }
    if rules.magic_and_lucky {
        l.note("Magic Card and Lucky Bonus are paid in addition to the hand's own payout, whether or not the hand pays (§ 647a.1 and § 647a.12(e)(3) set no condition); setting magic_and_lucky.");
    }
    Ok(())
}

fn envy_fixed(
    l: &mut Ledger,
    seat: u8,
    t: &super::paytable::PayTable,
    line: &Line,
) -> Result<(), SettleError> {
    if let Some(Pay::Fixed(c)) = t.pay(line.id) {
        l.win(
            seat,
            "envy",
            0,
            c,
            &format!(
                "{} pays {} (Envy Bonus for another player's hand)",
                line.name,
                money(c)
            ),
            &t.section,
        );
    }
    Ok(())
}

/// The side wagers the casino may leave out of its Rules Submission.
fn not_offered(r: &super::HouseRules, key: &str) -> Option<&'static str> {
    match key {
        "bonus" if !r.of::<Rules>().bonus_offered => Some("§ 647a.7(d)(2)"),
        "progressive" if !r.of::<Rules>().progressive_offered => Some("§ 647a.7(d)(3)"),
        "fchb_player" if !r.of::<Rules>().five_card_bonus_offered => Some("§ 647a.7(d)(4)"),
        "fchb_dealer" if !r.of::<Rules>().five_card_bonus_offered => Some("§ 647a.7(d)(4)"),
        _ => None,
    }
}

/// § 647a.13(a): more than one card found face up after every player and the dealer have
/// their two cards, and § 647a.13(d): a dealer's card exposed early, still settle the Texas
/// Hold 'Em Bonus Wager by § 647a.12(b), whose top line needs the dealer's two cards.
fn void_keeps(id: &str, _: &super::HouseRules) -> Option<super::round::VoidSettles> {
    let section = match id {
        "thb-cards-face-up" => "§ 647a.13(a)",
        "thb-dealer-card-exposed" => "§ 647a.13(d)",
        _ => return None,
    };
    Some(super::round::VoidSettles {
        irregularity: id.into(),
        section: section.into(),
        wagers: vec!["bonus".into()],
        dealer: true,
        board: false,
    })
}

/// A void round's Bonus Wagers, settled from each seat's two cards (and the dealer's, for the
/// top line) by the table's paytable, under § 647a.12(c)'s limit as at the round's end.
fn settle_void(
    r: &super::round::BankedRound,
    house: &super::House,
) -> Result<Settlement, crate::rules::machine::Refusal> {
    let v = r.void.as_ref().ok_or("the round is not void")?;
    let rules = &house.rules.of::<Rules>();
    let mut l = Ledger::new(&house.paytables, GAME, house.rules.rounding_unit_cents);
    let t = l
        .table("bonus", &rules.bonus)
        .map_err(|e| format!("Cannot settle: {e}"))?;
    let dealer_aces = r.dealer.len() == 2 && r.dealer.iter().all(|c| c.rank == Rank::ACE);
    let top = dealer_aces && matches!(t.pay("aces-with-dealer-aces"), Some(Pay::To(..)));
    // § 647a.11(h): from the dealer's right, counterclockwise.
    for seat in r.seats.iter().rev().copied() {
        let bonus = r.wager(seat, "bonus");
        if bonus == 0 {
            continue;
        }
        let hole = r
            .cards
            .get(&seat)
            .ok_or(format!("seat {seat}: key its two cards"))?;
        let [a, b] = hole[..] else {
            return Err(crate::rules::machine::Refusal::plain(format!(
                "seat {seat}: two cards, not {}",
                hole.len()
            )));
        };
        l.set_hand(seat, format!("{} {}", a.pretty(), b.pretty()));
        match bonus_line(a, b, top) {
            Some(line) => {
                l.by_table(seat, "bonus", bonus, t, &line);
            }
            None => l.lose(
                seat,
                "bonus",
                bonus,
                "not a paying two-card hand",
                &v.section,
            ),
        }
        l.cap(seat, &["bonus"], rules.payout_limit_cents, "§ 647a.12(c)");
    }
    l.note(format!(
        "Round void ({}): only the Bonus Wagers are settled; every other wager is returned.",
        v.section
    ));
    Ok(l.finish())
}
