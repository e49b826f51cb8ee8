//! Every game's hand evaluation behind one name: the ids `deckhand eval` takes, and the answer
//! it prints. Ids and categories are documented in `docs/hand-rankings.md`.

use super::badugi::{self, BadugiRules};
use super::cards::{Card, CardSet};
use super::eval::{self, Category};
use super::four_card;
use super::low::{self, BestLow, LowKind};
use super::lunar_rankings;
use super::spanish21_totals;
use super::three_card;
use super::two_card;
use serde::Serialize;

pub use super::game_id::GameId;

/// A low (or Badugi) half.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Half {
    pub cards: Vec<Card>,
    pub category: String,
    pub value: u64,
    pub description: String,
}

/// The answer for one hand. `value` orders hands of the same game (greater is better); for a
/// low game it is the low value.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Evaluation {
    pub game: &'static str,
    pub section: &'static str,
    pub cards: Vec<Card>,
    /// The category's id ("full-house"); borrowed when it is a fixed word, as it mostly is.
    pub category: std::borrow::Cow<'static, str>,
    pub value: u64,
    pub description: String,
    /// Hi-lo games: the low half, `null` when no low qualifies.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub low: Option<Option<Half>>,
    /// Badeucey and Badacey: the Badugi half.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub badugi: Option<Half>,
    /// Facts paytables key on: pair rank, four aces, dealer qualification, bonus shapes.
    #[serde(skip_serializing_if = "serde_json::Map::is_empty")]
    pub details: serde_json::Map<String, serde_json::Value>,
}

pub fn kebab(c: impl Serialize) -> String {
    serde_json::to_value(c)
        .ok()
        .and_then(|v| v.as_str().map(str::to_string))
        .unwrap_or_default()
}

fn low_half(b: &BestLow, kind: LowKind) -> Half {
    // The category of a low is the shape of its five cards; unpaired is "no-pair".
    let cat = match kind {
        LowKind::AceToFive => {
            let groups = {
                let mut ranks: Vec<u8> = b
                    .cards
                    .iter()
                    .map(|c| match c.rank.value() {
                        14 => 1,
                        r => r,
                    })
                    .collect();
                ranks.sort_unstable();
                ranks.dedup();
                ranks.len()
            };
            match groups {
                5 => "no-pair".to_string(),
                _ => "paired".to_string(),
            }
        }
        LowKind::DeuceToSeven => match eval::value_with(&b.cards, false).category() {
            Category::HighCard => "no-pair".to_string(),
            c => kebab(c),
        },
    };
    Half {
        cards: b.cards.clone(),
        category: cat,
        value: b.value.0 as u64,
        description: b.description.clone(),
    }
}

pub fn high(game: GameId, best: eval::BestHand) -> Evaluation {
    let mut details = serde_json::Map::new();
    let v = best.value;
    if v.category() == Category::OnePair {
        details.insert("pair_rank".into(), v.ranks()[0].into());
    }
    if v.is_royal() {
        details.insert("royal_flush".into(), true.into());
    }
    Evaluation {
        game: game.id(),
        section: "",
        cards: best.cards,
        category: v.category().id().into(),
        value: v.0 as u64,
        description: v.describe(),
        low: None,
        badugi: None,
        details,
    }
}

pub fn need(
    game: GameId,
    what: &str,
    got: usize,
    ok: impl Fn(usize) -> bool,
    expect: &str,
) -> Result<(), String> {
    if ok(got) {
        Ok(())
    } else {
        Err(format!("{} needs {expect} {what}, got {got}", game.id()))
    }
}

/// One poker-room hand ranked by its game (`registry::evaluate` is the entry for every game:
/// it adds the section that defines the game's hands).
pub fn poker_room_hand(game: GameId, hole: &[Card], board: &[Card]) -> Result<Evaluation, String> {
    one_of_each(hole, board)?;
    with_all(hole, board, |all| poker_room(game, hole, board, all))
}

/// Refuses a card that appears twice (one deck has one of each).
pub fn one_of_each(hole: &[Card], board: &[Card]) -> Result<(), String> {
    let mut seen = CardSet::default();
    for c in hole.iter().chain(board) {
        if !seen.insert(*c) {
            return Err(format!("{c} appears twice"));
        }
    }
    Ok(())
}

/// Hole cards then board as one slice, on the stack for every hand a table deals (a batch
/// evaluates millions).
pub fn with_all<T>(hole: &[Card], board: &[Card], f: impl FnOnce(&[Card]) -> T) -> T {
    let n = hole.len() + board.len();
    match hole.first().or(board.first()) {
        Some(&fill) if n <= 16 => {
            let mut cards = [fill; 16];
            cards[..hole.len()].copy_from_slice(hole);
            cards[hole.len()..n].copy_from_slice(board);
            f(&cards[..n])
        }
        _ => f(&hole.iter().chain(board).copied().collect::<Vec<_>>()),
    }
}

fn err(e: eval::EvalError) -> String {
    e.to_string()
}

/// The poker room's games (Chapter 637a).
fn poker_room(
    game: GameId,
    hole: &[Card],
    board: &[Card],
    all: &[Card],
) -> Result<Evaluation, String> {
    use GameId::*;
    match game {
        Holdem => hold_em(game, hole, board, all),
        Omaha | FiveCardOmaha | OmahaHiLo | FiveCardOmahaHiLo => {
            let n = if matches!(game, Omaha | OmahaHiLo) {
                4
            } else {
                5
            };
            need(game, "hole cards", hole.len(), |h| h == n, &n.to_string())?;
            need(
                game,
                "board cards",
                board.len(),
                |b| (3..=5).contains(&b),
                "3 to 5",
            )?;
            let mut e = high(game, low::best_omaha_high(hole, board).map_err(err)?);
            if matches!(game, OmahaHiLo | FiveCardOmahaHiLo) {
                let l = low::best_omaha_low_8(hole, board).map_err(err)?;
                e.low = Some(l.map(|b| low_half(&b, LowKind::AceToFive)));
            }
            Ok(e)
        }
        SevenCardStud | FiveCardStud | FiveCardDraw => {
            let range = match game {
                SevenCardStud => 5..=7,
                _ => 5..=5,
            };
            need(
                game,
                "cards",
                all.len(),
                |n| range.contains(&n),
                if game == SevenCardStud { "5 to 7" } else { "5" },
            )?;
            Ok(high(game, eval::best_hand(all).map_err(err)?))
        }
        SevenCardStudHiLo | SevenCardStudHiLo8 | SuperSevenCardStud => {
            need(game, "cards", all.len(), |n| (5..=7).contains(&n), "5 to 7")?;
            let mut e = high(game, eval::best_hand(all).map_err(err)?);
            // Hi-Lo without "eight or better" has no qualifier (§ 637a.10(i)(3)).
            let l = if game == SevenCardStudHiLo {
                Some(low::best_low(all, LowKind::AceToFive).map_err(err)?)
            } else {
                low::best_low_8(all).map_err(err)?
            };
            e.low = Some(l.map(|b| low_half(&b, LowKind::AceToFive)));
            Ok(e)
        }
        SevenCardStudLow | FiveCardDrawLow | TripleDrawA5 | TripleDraw27 | TripleDrawBadeucey
        | TripleDrawBadacey => {
            let (kind, range) = match game {
                SevenCardStudLow => (LowKind::AceToFive, 5..=7),
                TripleDraw27 | TripleDrawBadeucey => (LowKind::DeuceToSeven, 5..=5),
                _ => (LowKind::AceToFive, 5..=5),
            };
            need(
                game,
                "cards",
                all.len(),
                |n| range.contains(&n),
                if game == SevenCardStudLow {
                    "5 to 7"
                } else {
                    "5"
                },
            )?;
            let b = low::best_low(all, kind).map_err(err)?;
            let h = low_half(&b, kind);
            let mut e = Evaluation {
                game: game.id(),
                section: "",
                cards: h.cards,
                category: h.category.into(),
                value: h.value,
                description: h.description,
                low: None,
                badugi: None,
                details: serde_json::Map::new(),
            };
            if matches!(game, TripleDrawBadeucey | TripleDrawBadacey) {
                let rules = BadugiRules {
                    ace_low: game == TripleDrawBadacey,
                    ..Default::default()
                };
                let bd = badugi::best_badugi(all, rules).map_err(err)?;
                e.badugi = Some(Half {
                    cards: bd.cards,
                    category: format!("{}-card", bd.size),
                    value: bd.value.0 as u64,
                    description: bd.description,
                });
            }
            Ok(e)
        }
        Badugi => {
            need(game, "cards", all.len(), |n| n == 4, "4")?;
            let bd = badugi::best_badugi(all, BadugiRules::default()).map_err(err)?;
            Ok(Evaluation {
                game: game.id(),
                section: "",
                cards: bd.cards,
                category: format!("{}-card", bd.size).into(),
                value: bd.value.0 as u64,
                description: bd.description,
                low: None,
                badugi: None,
                details: serde_json::Map::new(),
            })
        }
        _ => Err(format!("{}: not a poker-room game", game.id())),
    }
}

/// Hold'em and the house-banked games dealt like it (WPT Heads-Up, Texas Hold 'Em Bonus).
pub fn hold_em(
    game: GameId,
    hole: &[Card],
    board: &[Card],
    all: &[Card],
) -> Result<Evaluation, String> {
    use GameId::*;
    // Best five of the two hole cards and the board; 0, 1 or 2 hole cards may play
    // (§ 637a.11(k), § 677a.11(g)(2), § 647a.11(h)(2)).
    need(game, "hole cards", hole.len(), |n| n == 2, "2")?;
    need(
        game,
        "board cards",
        board.len(),
        |n| (3..=5).contains(&n),
        "3 to 5",
    )?;
    let mut e = high(game, eval::best_hand(all).map_err(err)?);
    if game != Holdem {
        // The hole cards alone: Pocket Bonus (§ 677a.12(d)), Bonus wager (§ 647a.12(b)).
        let hole2 = two_card::two_card(hole[0], hole[1]);
        e.details.insert(
            "hole_cards".into(),
            serde_json::to_value(hole2).unwrap_or_default(),
        );
    }
    Ok(e)
}

/// A game's ranking of one hand: the game, the player's cards, the board, and both as one.
pub type Ranking = fn(GameId, &[Card], &[Card], &[Card]) -> Result<Evaluation, String>;

/// A game's evaluation of one hand: the game, the player's cards and the board.
pub type Evaluate = fn(GameId, &[Card], &[Card]) -> Result<Evaluation, String>;

/// A one-deck house-banked game's hand: each card once, then `rank` (the game's own).
pub fn one_deck(
    game: GameId,
    hole: &[Card],
    board: &[Card],
    rank: Ranking,
) -> Result<Evaluation, String> {
    one_of_each(hole, board)?;
    with_all(hole, board, |all| rank(game, hole, board, all))
}

/// Lunar Poker (§ 589.11(e)): its categories, the dealer's qualification and the Super hand.
pub fn lunar_poker(
    game: GameId,
    _hole: &[Card],
    _board: &[Card],
    all: &[Card],
) -> Result<Evaluation, String> {
    need(game, "cards", all.len(), |n| (5..=6).contains(&n), "5 or 6")?;
    let h = lunar_rankings::lunar_hand(all).map_err(err)?;
    let mut details = serde_json::Map::new();
    details.insert("dealer_qualifies".into(), h.dealer_qualifies().into());
    let sup = lunar_rankings::super_hand(&all[..5]).map_err(err)?;
    details.insert("super_hand".into(), sup.map(kebab).into());
    let desc = if h.category == lunar_rankings::LunarCategory::AceKing {
        "Ace-king".to_string()
    } else {
        h.best.value.describe()
    };
    Ok(Evaluation {
        game: game.id(),
        section: "",
        value: ((h.category as u64) << 32) | h.best.value.0 as u64,
        category: kebab(h.category).into(),
        cards: h.best.cards,
        description: desc,
        low: None,
        badugi: None,
        details,
    })
}

/// Mississippi Stud: the five cards, and the community cards' Three Card Bonus (§ 655a.12).
pub fn mississippi_stud(
    game: GameId,
    hole: &[Card],
    board: &[Card],
    all: &[Card],
) -> Result<Evaluation, String> {
    need(game, "hole cards", hole.len(), |n| n == 2, "2")?;
    need(game, "community cards", board.len(), |n| n == 3, "3")?;
    let mut e = high(game, eval::best_hand(all).map_err(err)?);
    let three = three_card::category3(board, true).map_err(err)?;
    e.details
        .insert("three_card_bonus".into(), kebab(three).into());
    Ok(e)
}

/// Crazy 4 Poker: the best four cards of five (§ 657a.11).
pub fn crazy_4_poker(
    game: GameId,
    _hole: &[Card],
    _board: &[Card],
    all: &[Card],
) -> Result<Evaluation, String> {
    need(game, "cards", all.len(), |n| n == 5, "5")?;
    let b = four_card::best_four(all).map_err(err)?;
    let mut details = serde_json::Map::new();
    details.insert("four_aces".into(), b.value.is_four_aces().into());
    details.insert("dealer_qualifies".into(), b.value.dealer_qualifies().into());
    Ok(Evaluation {
        game: game.id(),
        section: "",
        category: kebab(b.value.category()).into(),
        value: b.value.0 as u64,
        description: b.value.describe(),
        cards: b.cards,
        low: None,
        badugi: None,
        details,
    })
}

/// Spanish 21: a hand's total from a shoe of several decks, where a card may appear twice
/// (§ 635a.7).
pub fn spanish_21(game: GameId, hole: &[Card], board: &[Card]) -> Result<Evaluation, String> {
    with_all(hole, board, |all| {
        let t = spanish21_totals::total(all, false).map_err(|e| e.to_string())?;
        let mut details = serde_json::Map::new();
        details.insert("soft".into(), t.soft.into());
        details.insert("cards".into(), t.cards.into());
        let bonus = spanish21_totals::bonus_shape(all).map_err(|e| e.to_string())?;
        details.insert("bonus".into(), bonus.map(kebab).into());
        let (category, description) = match (t.blackjack, t.bust, t.soft) {
            (true, _, _) => ("blackjack", "Blackjack".to_string()),
            (_, true, _) => ("bust", format!("Bust ({})", t.total)),
            (_, _, true) => ("soft-total", format!("Soft {}", t.total)),
            _ => ("hard-total", format!("Hard {}", t.total)),
        };
        Ok(Evaluation {
            game: game.id(),
            section: "",
            cards: all.to_vec(),
            category: category.into(),
            value: if t.bust {
                0
            } else {
                t.total as u64 + t.blackjack as u64
            },
            description,
            low: None,
            badugi: None,
            details,
        })
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::cards::{parse_cards, parse_multi_deck};
    use crate::rules::registry::evaluate;

    fn ev(game: &str, hole: &str, board: &str) -> Result<Evaluation, String> {
        let g = GameId::parse(game)?;
        let parse = if g == GameId::Spanish21 {
            parse_multi_deck
        } else {
            parse_cards
        };
        evaluate(
            g,
            &parse(hole).map_err(|e| e.to_string())?,
            &parse(board).map_err(|e| e.to_string())?,
        )
    }

    #[test]
    fn every_id_round_trips() {
        for g in GameId::all() {
            let id = g.id();
            assert_eq!(GameId::parse(id), Ok(g));
            assert_eq!(g.id(), id);
        }
        assert!(GameId::parse("poker").unwrap_err().contains("holdem"));
    }

    #[test]
    fn one_hand_per_game() {
        let e = ev("holdem", "Kh 4s", "Kc Kd 4h 9s 2c").unwrap();
        assert_eq!(e.category, "full-house");
        let e = ev("texas-holdem-bonus", "Ah Kh", "Kc Kd 4h").unwrap();
        assert_eq!(e.details["hole_cards"]["kind"], "ace-with");
        assert_eq!(e.details["hole_cards"]["suited"], true);
        let e = ev("omaha-hi-lo", "Ac 2d Kh Kd", "3h 5c 8s Qd Jc").unwrap();
        assert_eq!(e.low.unwrap().unwrap().description, "8-5-3-2-A low");
        let e = ev("omaha-hi-lo", "Ac Qs Kh Kd", "3h 5c 8s Qd Jc").unwrap();
        assert_eq!(e.low, Some(None), "no qualifying low is null");
        let e = ev("seven-card-stud-hi-lo-8", "Ac 2d 3h 4s 5c Kd Kh", "").unwrap();
        // § 637a.10(l): the same ace, and the same five, make the straight and the 5-4-3-2-A low.
        assert_eq!(e.category, "straight");
        assert_eq!(e.low.unwrap().unwrap().description, "5-4-3-2-A low");
        let e = ev("triple-draw-2-7", "7c 5d 4h 3s 2c", "").unwrap();
        assert_eq!(e.category, "no-pair");
        let e = ev("triple-draw-badeucey", "2c 3d 4h 5s Ac", "").unwrap();
        assert_eq!(e.badugi.unwrap().category, "4-card");
        let e = ev("badugi", "Ac 2d 3h 4s", "").unwrap();
        assert_eq!(e.category, "4-card");
        let e = ev("crazy-4-poker", "Ac Ad Ah As 2c", "").unwrap();
        assert_eq!(e.details["four_aces"], true);
        let e = ev("lunar-poker", "Ac Kd 7h 4s 2c", "").unwrap();
        assert_eq!(e.category, "ace-king");
        let e = ev("mississippi-stud", "Jc Jd", "2h 3h 4h").unwrap();
        assert_eq!(e.details["pair_rank"], 11);
        assert_eq!(e.details["three_card_bonus"], "straight-flush");
        let e = ev("spanish-21", "7s 7s 7s", "").unwrap();
        assert_eq!(e.details["bonus"], "seven-seven-seven-spades");
        let e = ev("spanish-21", "2c 3d 4h 5s 7c", "").unwrap();
        assert_eq!(e.details["bonus"], "five-card-21");
        assert_eq!(e.category, "hard-total");
        let e = ev("five-card-draw-low", "5c 4d 3h 2s Ac", "").unwrap();
        assert_eq!(e.description, "5-4-3-2-A low");
    }

    /// Omaha Hi-Lo 8 ranks the high and the low apart, each from two hole cards and three of the
    /// board: one grouping, and one ace, may serve both halves, or each half its own five.
    #[test]
    fn omaha_hi_lo_one_grouping_and_one_ace_serve_both_halves() {
        let e = ev("omaha-hi-lo", "Ac 2d Kh Kd", "3h 4c 5s Qd Jc").unwrap();
        let low = e.low.clone().unwrap().unwrap();
        // § 637a.12(m): A-2 from the hand with 3-4-5 from the board is both the five-high
        // straight and the 5-4-3-2-A low: the same five cards, the ace in both.
        assert_eq!(e.description, "Straight, five high");
        assert_eq!(low.description, "5-4-3-2-A low");
        assert!(e.cards.len() == 5 && e.cards.iter().all(|c| low.cards.contains(c)));
        // The high from the kings, the low from A-2: two groupings, each two hole and three board.
        let e = ev("omaha-hi-lo", "Ac 2d Kh Kd", "3h 5c 8s Kc Jc").unwrap();
        assert_eq!(e.category, "three-of-a-kind");
        assert_eq!(e.low.unwrap().unwrap().description, "8-5-3-2-A low");
    }

    #[test]
    fn bad_input_says_what_is_wrong() {
        assert_eq!(
            ev("holdem", "Kh 4s 3c", "Kc Kd 4h").unwrap_err(),
            "holdem needs 2 hole cards, got 3"
        );
        assert_eq!(
            ev("holdem", "Kh 4s", "Kh Kd 4h").unwrap_err(),
            "Kh appears twice"
        );
        assert_eq!(
            ev("omaha", "Kh 4s 2c", "Kc Kd 4h").unwrap_err(),
            "omaha needs 4 hole cards, got 3"
        );
        assert!(
            ev("spanish-21", "Tc 5d", "")
                .unwrap_err()
                .contains("no tens")
        );
    }
}
