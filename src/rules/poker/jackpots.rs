//! Bad Beat (§ 637a.15) and High Hand Jackpot (§ 637a.16) decisions, and the Kill (§ 637a.1).
//!
//! The chapter leaves the qualifying Bad Beat, its shares, the High Hand tie rule and the Kill's
//! open questions to the Rules Submission; each is a setting here, named in
//! `docs/games/poker-room.md`.

use super::pots::PotAward;
use crate::rules::Cents;
use crate::rules::cards::{Card, parse_cards};
use crate::rules::eval::{self, Category, HandValue};
use crate::rules::game_id::GameId;
use serde::{Deserialize, Serialize};

/// The posted Bad Beat rules (§ 637a.15(b)(3)).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct BadBeatRules {
    /// The losing hand must be at least this good, given as five cards ("Ac Ad Ah Tc Td":
    /// aces full of tens).
    pub min_losing_hand: HandValue,
    /// Hold'em: both hole cards must play in the losing hand (and in the winning one).
    pub both_hole_cards: bool,
    /// Players dealt in, at least.
    pub min_players: u8,
    /// Shares of the jackpot, percent: the losing hand, the winning hand, the rest of the
    /// players dealt in (equally). They add up to 100.
    pub loser_percent: u8,
    pub winner_percent: u8,
    pub table_percent: u8,
}

impl BadBeatRules {
    /// Reads the losing-hand threshold from five cards and checks the shares.
    pub fn new(
        min_losing_hand: &str,
        both_hole_cards: bool,
        min_players: u8,
        shares: (u8, u8, u8),
    ) -> Result<BadBeatRules, String> {
        let cards = parse_cards(min_losing_hand).map_err(|e| e.to_string())?;
        if cards.len() != 5 {
            return Err(format!(
                "the qualifying losing hand is five cards, not {}",
                cards.len()
            ));
        }
        let value = eval::best_hand(&cards).map_err(|e| e.to_string())?.value;
        if u16::from(shares.0) + u16::from(shares.1) + u16::from(shares.2) != 100 {
            return Err(format!(
                "the Bad Beat shares add up to {}%, not 100%",
                u16::from(shares.0) + u16::from(shares.1) + u16::from(shares.2)
            ));
        }
        if !(2..=10).contains(&min_players) {
            return Err("the Bad Beat's least players dealt in is 2 to 10".into());
        }
        Ok(BadBeatRules {
            min_losing_hand: value,
            both_hole_cards,
            min_players,
            loser_percent: shares.0,
            winner_percent: shares.1,
            table_percent: shares.2,
        })
    }
}

/// A hand that qualifies for the Bad Beat, for the shift supervisor to verify (§ 637a.15(f)).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct BadBeat {
    pub losing_seat: u8,
    pub losing_hand: String,
    pub winning_seat: u8,
    pub winning_hand: String,
}

/// The value a seat's hand counts for: with `both` the best five that use both hole cards
/// (Hold'em), else the best five the game allows.
fn counted(game: GameId, hole: &[Card], board: &[Card], both: bool) -> Option<HandValue> {
    match game {
        GameId::Holdem if both && hole.len() == 2 => {
            let mut best: Option<HandValue> = None;
            for i in 0..board.len() {
                for j in i + 1..board.len() {
                    for k in j + 1..board.len() {
                        let five = [hole[0], hole[1], board[i], board[j], board[k]];
                        let v = eval::best_hand(&five).ok()?.value;
                        best = best.max(Some(v));
                    }
                }
            }
            best
        }
        GameId::Holdem => {
            let all: Vec<Card> = hole.iter().chain(board).copied().collect();
            eval::best_hand(&all).ok().map(|b| b.value)
        }
        GameId::Omaha | GameId::OmahaHiLo | GameId::FiveCardOmaha | GameId::FiveCardOmahaHiLo => {
            crate::rules::low::best_omaha_high(hole, board)
                .ok()
                .map(|b| b.value)
        }
        // Stud and draw: the player's own cards, the best five of them (no board).
        GameId::SevenCardStud
        | GameId::SevenCardStudHiLo
        | GameId::SevenCardStudHiLo8
        | GameId::SuperSevenCardStud
        | GameId::FiveCardStud
        | GameId::FiveCardDraw => eval::best_hand(hole).ok().map(|b| b.value),
        _ => None,
    }
}

/// Whether the posted Bad Beat (a high hand beaten) ranks this game's hands: every game with a
/// high hand; not the low games (Razz, lowball draw, Triple Draw, Badugi), where a table takes
/// no Bad Beat contribution (§ 637a.15(a),(c)).
pub fn bad_beat_ranks(game: GameId) -> bool {
    matches!(
        game,
        GameId::Holdem
            | GameId::Omaha
            | GameId::OmahaHiLo
            | GameId::FiveCardOmaha
            | GameId::FiveCardOmahaHiLo
            | GameId::SevenCardStud
            | GameId::SevenCardStudHiLo
            | GameId::SevenCardStudHiLo8
            | GameId::SuperSevenCardStud
            | GameId::FiveCardStud
            | GameId::FiveCardDraw
    )
}

/// Whether the game deals a board the posted hands are made with (its procedure's phases).
fn board_game(game: GameId) -> bool {
    crate::rules::poker::procedure::Procedure::of(game).is_some_and(|p| {
        p.phases
            .iter()
            .any(|ph| matches!(ph, crate::rules::poker::procedure::Phase::Board { .. }))
    })
}

/// Whether a showdown holds a Bad Beat: the best hand loses to a better one and is at least the
/// posted hand. `hands` are the shown hole cards (Stud and draw: each player's cards); `dealt`
/// the players dealt in. Every game [`bad_beat_ranks`]; a board game needs its whole board.
pub fn bad_beat(
    game: GameId,
    rules: &BadBeatRules,
    hands: &[(u8, Vec<Card>)],
    board: &[Card],
    dealt: u8,
) -> Option<BadBeat> {
    if dealt < rules.min_players || (board_game(game) && board.len() < 5) {
        return None;
    }
    let mut values: Vec<(HandValue, u8)> = hands
        .iter()
        .filter_map(|(s, h)| counted(game, h, board, rules.both_hole_cards).map(|v| (v, *s)))
        .collect();
    values.sort_by(|a, b| b.0.cmp(&a.0).then(a.1.cmp(&b.1)));
    let (win, winner) = *values.first()?;
    // The best losing hand: the best value below the winner's (a tie shares the pot: no loser).
    let (lose, loser) = *values.iter().find(|(v, _)| *v < win)?;
    // The winner's hand counts as the players hold it (no both-cards rule on the best hand
    // itself unless set): the text leaves it to the rules; both must beat the threshold.
    (lose >= rules.min_losing_hand).then(|| BadBeat {
        losing_seat: loser,
        losing_hand: lose.describe(),
        winning_seat: winner,
        winning_hand: win.describe(),
    })
}

/// The Bad Beat jackpot shared per the posted rules: the losing hand, the winning hand, and
/// the other players dealt in equally; cents the shares cannot divide go to the losing hand.
pub fn bad_beat_shares(
    rules: &BadBeatRules,
    jackpot: Cents,
    hit: &BadBeat,
    dealt: &[u8],
) -> Vec<(u8, Cents)> {
    let pct = |p: u8| jackpot * Cents::from(p) / 100;
    let mut out = vec![
        (hit.losing_seat, pct(rules.loser_percent)),
        (hit.winning_seat, pct(rules.winner_percent)),
    ];
    let others: Vec<u8> = dealt
        .iter()
        .copied()
        .filter(|s| *s != hit.losing_seat && *s != hit.winning_seat)
        .collect();
    let table = pct(rules.table_percent);
    if !others.is_empty() {
        let each = table / others.len() as Cents;
        out.extend(others.iter().map(|s| (*s, each)));
    }
    let given: Cents = out.iter().map(|x| x.1).sum();
    out[0].1 += jackpot - given;
    out
}

/// How a High Hand tie shares the payout (§ 637a.16(b)(5)).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, Default)]
#[serde(rename_all = "kebab-case")]
pub enum HighHandTie {
    /// Equal shares; the odd cents to the hand recorded first.
    #[default]
    Split,
    /// The hand recorded first takes it all.
    FirstRecorded,
}

/// One line of a period's High Hand Tracking Slips (any table).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct SlipLine {
    pub table_no: u32,
    pub line: u32,
    pub seat: u8,
    pub player_name: String,
    pub value: HandValue,
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct PeriodClose {
    /// The highest Qualifying High Hand's winners and what each is paid.
    pub winners: Vec<(SlipLine, Cents)>,
    /// Carried into the next period when nobody made a full house (§ 637a.16(h)).
    pub rollover: Cents,
    pub explanation: String,
}

/// The end of a qualifying period (§ 637a.16(g),(h)): the highest Qualifying High Hand wins the
/// pooled amount; with no full house the whole pool rolls over. `lines` are in the order they
/// were recorded.
pub fn close_period(lines: &[SlipLine], pool: Cents, tie: HighHandTie) -> PeriodClose {
    let qualifying: Vec<&SlipLine> = lines
        .iter()
        .filter(|l| l.value.category() >= Category::FullHouse)
        .collect();
    let Some(top) = qualifying.iter().map(|l| l.value).max() else {
        return PeriodClose {
            winners: vec![],
            rollover: pool,
            explanation: format!(
                "No full house in the period: {} rolls over (§ 637a.16(h))",
                crate::rules::money(pool)
            ),
        };
    };
    let best: Vec<&SlipLine> = qualifying.into_iter().filter(|l| l.value == top).collect();
    let winners: Vec<(SlipLine, Cents)> = match tie {
        HighHandTie::FirstRecorded => vec![(best[0].clone(), pool)],
        HighHandTie::Split => {
            let each = pool / best.len() as Cents;
            let odd = pool - each * best.len() as Cents;
            best.iter()
                .enumerate()
                .map(|(i, l)| ((*l).clone(), each + if i == 0 { odd } else { 0 }))
                .collect()
        }
    };
    let who: Vec<String> = winners
        .iter()
        .map(|(l, c)| {
            format!(
                "table {} seat {} ({}) {}",
                l.table_no,
                l.seat,
                l.player_name,
                crate::rules::money(*c)
            )
        })
        .collect();
    PeriodClose {
        explanation: format!(
            "High hand of the period: {} (§ 637a.16(h)): {}",
            top.describe(),
            who.join("; ")
        ),
        winners,
        rollover: 0,
    }
}

/// The Kill's settings (§ 637a.1, § 637a.12(n), § 637a.19(l)(3)).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub struct KillRules {
    /// The qualifying pot: winning all of a pot at least this big kills the next round.
    pub qualifying_pot: Cents,
    /// 200 for a Kill, 150 for a Half-kill.
    pub limit_percent: u32,
    /// [AMBIG] whether a pot won because everyone folded "wins an entire qualifying pot".
    pub uncontested_counts: bool,
}

impl KillRules {
    /// The option's name and how the posted limits are multiplied: ("Kill", "2") or
    /// ("Half-kill", "1.5").
    pub fn words(limit_percent: u32) -> (&'static str, &'static str) {
        if limit_percent >= 200 {
            ("Kill", "2")
        } else {
            ("Half-kill", "1.5")
        }
    }
}

/// Whether the next round is killed, from this round's award (§ 637a.1 "Kill"): a player who
/// wins an entire qualifying pot starts one; a pot split between a high and a different low,
/// or a pot smaller than the qualifying pot, ends it; anything else leaves it as it is.
/// `pot` is the pot before the rake ([AMBIG], the house's reading).
pub fn kill_next(
    rules: &KillRules,
    active: bool,
    pot: Cents,
    awards: &[PotAward],
    uncontested: bool,
) -> bool {
    if pot < rules.qualifying_pot {
        return false;
    }
    let mut seats: Vec<u8> = awards
        .iter()
        .flat_map(|a| a.halves.iter())
        .flat_map(|h| h.winners.iter().map(|w| w.0))
        .collect();
    seats.sort_unstable();
    seats.dedup();
    let split_hi_lo = awards.iter().any(|a| {
        a.halves.len() == 2 && {
            let hi: Vec<u8> = a.halves[0].winners.iter().map(|w| w.0).collect();
            let lo: Vec<u8> = a.halves[1].winners.iter().map(|w| w.0).collect();
            hi != lo
        }
    });
    if split_hi_lo {
        return false;
    }
    if seats.len() == 1 && (!uncontested || rules.uncontested_counts) {
        return true;
    }
    active
}

#[cfg(test)]
mod tests {
    use super::*;

    fn c(s: &str) -> Vec<Card> {
        parse_cards(s).unwrap()
    }

    fn rules(both: bool) -> BadBeatRules {
        BadBeatRules::new("Ac Ad Ah Tc Td", both, 4, (50, 25, 25)).unwrap()
    }

    #[test]
    fn bad_beat_needs_the_posted_hand_beaten() {
        let board = c("As Ts Td 2s 3s");
        // Aces full of tens loses to a straight flush: a Bad Beat.
        let hands = vec![
            (1, c("Ah Ad")),
            (2, c("4s 5s")),
            (3, c("7c 7d")),
            (4, c("Kh Qh")),
        ];
        let b = bad_beat(GameId::Holdem, &rules(true), &hands, &board, 4).unwrap();
        assert_eq!((b.losing_seat, b.winning_seat), (1, 2));
        assert!(b.losing_hand.contains("Full house"), "{}", b.losing_hand);
        // Too few players dealt in.
        assert!(bad_beat(GameId::Holdem, &rules(true), &hands, &board, 3).is_none());
        // Tens full of deuces is below aces full of tens.
        let hands = vec![(1, c("Tc 2h")), (2, c("4s 5s"))];
        assert!(bad_beat(GameId::Holdem, &rules(true), &hands, &board, 4).is_none());
        // Both hole cards must play: quads on the board with one hole card do not count.
        let board = c("9c 9d 9h 9s 2c");
        let hands = vec![(1, c("Kh 3d")), (2, c("Ah 4d"))];
        assert!(bad_beat(GameId::Holdem, &rules(false), &hands, &board, 4).is_some());
        assert!(bad_beat(GameId::Holdem, &rules(true), &hands, &board, 4).is_none());
        assert!(BadBeatRules::new("Ac Ad Ah Tc", true, 4, (50, 25, 25)).is_err());
        assert!(BadBeatRules::new("Ac Ad Ah Tc Td", true, 4, (50, 25, 20)).is_err());
    }

    #[test]
    fn bad_beat_shares_add_up() {
        let hit = BadBeat {
            losing_seat: 1,
            losing_hand: String::new(),
            winning_seat: 2,
            winning_hand: String::new(),
        };
        let s = bad_beat_shares(&rules(true), 1_000_001, &hit, &[1, 2, 3, 4, 5]);
        assert_eq!(s.iter().map(|x| x.1).sum::<Cents>(), 1_000_001);
        assert_eq!(s[1], (2, 250_000));
        assert_eq!(s[2], (3, 83_333));
    }

    #[test]
    fn high_hand_period_winners_ties_and_rollover() {
        let v = |s: &str| eval::best_hand(&c(s)).unwrap().value;
        let line = |t, n, hand: &str| SlipLine {
            table_no: t,
            line: n,
            seat: 3,
            player_name: format!("P{t}{n}"),
            value: v(hand),
        };
        let lines = vec![
            line(1, 1, "Kc Kd Kh 2c 2d"),
            line(2, 1, "Ac Ad Ah 3c 3d"),
            line(4, 1, "As Ah Ad 3s 3h"),
        ];
        let p = close_period(&lines, 100_001, HighHandTie::Split);
        assert_eq!(p.winners.len(), 2);
        assert_eq!(p.winners[0].1, 50_001);
        assert_eq!(p.rollover, 0);
        let p = close_period(&lines, 100_001, HighHandTie::FirstRecorded);
        assert_eq!((p.winners[0].0.table_no, p.winners[0].1), (2, 100_001));
        let p = close_period(&[line(1, 1, "Kc Kd Kh Qc 2d")], 5000, HighHandTie::Split);
        assert!(p.winners.is_empty());
        assert_eq!(p.rollover, 5000);
        assert!(p.explanation.contains("rolls over"));
    }

    /// § 637a.15(a),(f): the Bad Beat holds at every game whose hands it ranks: Stud and draw
    /// from each player's own cards, Five-card Omaha from two hole cards and three of the board;
    /// not the low games, where no contribution is taken.
    #[test]
    fn the_bad_beat_ranks_stud_draw_and_five_card_omaha_but_not_the_low_games() {
        let r = BadBeatRules::new("Ac Ad Ah Tc Td", false, 2, (50, 25, 25)).unwrap();
        // Seven-card Stud: four aces beaten by a straight flush, all seven cards each.
        let stud = [
            (1, c("As Ah Ad Ac Kd 2c 3h")),
            (2, c("9h Th Jh Qh Kh 2d 3d")),
        ];
        for game in [
            GameId::SevenCardStud,
            GameId::SevenCardStudHiLo8,
            GameId::SevenCardStudHiLo,
        ] {
            let hit = bad_beat(game, &r, &stud, &[], 2).unwrap_or_else(|| panic!("{game:?}"));
            assert_eq!((hit.losing_seat, hit.winning_seat), (1, 2), "{game:?}");
        }
        // Below the posted hand: no hold.
        let small = [
            (1, c("As Ah Kd Kc 2d 5c 7h")),
            (2, c("9h Th Jh Qh Kh 2c 3d")),
        ];
        assert_eq!(bad_beat(GameId::SevenCardStud, &r, &small, &[], 2), None);
        // Five-card Draw: five cards each.
        let draw = [(1, c("As Ah Ad Ac Kd")), (2, c("9h Th Jh Qh Kh"))];
        assert!(bad_beat(GameId::FiveCardDraw, &r, &draw, &[], 2).is_some());
        // Five-card Omaha: two of five hole cards and three of the board.
        let board = c("Ac Ad 9h Th Jh");
        let omaha = [(1, c("As Ah 3c 4c 5d")), (2, c("Qh Kh 6c 7c 8d"))];
        let hit = bad_beat(GameId::FiveCardOmaha, &r, &omaha, &board, 2).unwrap();
        assert_eq!((hit.losing_seat, hit.winning_seat), (1, 2));
        // The low games rank no high hand: no Bad Beat, no contribution.
        for game in [
            GameId::SevenCardStudLow,
            GameId::TripleDraw27,
            GameId::Badugi,
            GameId::FiveCardDrawLow,
        ] {
            assert!(!bad_beat_ranks(game), "{game:?}");
            assert_eq!(bad_beat(game, &r, &draw, &[], 2), None);
        }
        for game in GameId::all().filter(|g| !g.is_house_banked()) {
            // Every poker-room game that ranks it finds the hit through the same path.
            if bad_beat_ranks(game) && !board_game(game) {
                assert!(bad_beat(game, &r, &draw, &[], 2).is_some(), "{game:?}");
            }
        }
    }

    #[test]
    fn kill_starts_stays_and_ends() {
        use super::super::pots::HalfAward;
        let k = KillRules {
            qualifying_pot: 5000,
            limit_percent: 200,
            uncontested_counts: true,
        };
        let award = |halves: Vec<Vec<u8>>| {
            vec![PotAward {
                pot: 0,
                amount: 6000,
                eligible: vec![1, 2, 3],
                halves: halves
                    .into_iter()
                    .map(|w| HalfAward {
                        half: "x".into(),
                        amount: 0,
                        winners: w.into_iter().map(|s| (s, 0)).collect(),
                        odd_chips: vec![],
                    })
                    .collect(),
            }]
        };
        assert!(kill_next(&k, false, 6000, &award(vec![vec![1]]), false));
        assert!(
            kill_next(&k, false, 6000, &award(vec![vec![1], vec![1]]), false),
            "scoop"
        );
        assert!(
            !kill_next(&k, true, 6000, &award(vec![vec![1], vec![2]]), false),
            "split"
        );
        assert!(
            !kill_next(&k, true, 4000, &award(vec![vec![1]]), false),
            "small pot"
        );
        assert!(
            kill_next(&k, true, 6000, &award(vec![vec![1, 2]]), false),
            "a tie keeps it"
        );
        assert!(!kill_next(&k, false, 6000, &award(vec![vec![1, 2]]), false));
        let strict = KillRules {
            uncontested_counts: false,
            ..k
        };
        assert!(!kill_next(
            &strict,
            false,
            6000,
            &award(vec![vec![1]]),
            true
        ));
    }
}
