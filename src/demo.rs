//! A table staged in the middle of a round, for the screenshots of each game's main screen
//! (`deckhand showcase --game …`, `docs/screenshots/capture.sh`) and the test that checks every
//! game reaches it. The table is opened, shuffled by hand and dealt through the same commands a
//! dealer's taps send; nothing is written that a real round would not write.

use crate::rules::Cents;
use crate::rules::banked::round::BankedCommand;
use crate::rules::banked::round::GameStep;
use crate::rules::betting_actions::Action;
use crate::rules::game_id::GameId;
use crate::rules::poker::hand::{HandCommand, Step as HandStep};
use crate::rules::table::{Command, Confirm, Step, TableSetup};
use crate::terminal::Terminal;

/// The seats the showcase deals in.
pub const SEATS: [u8; 3] = [2, 4, 5];

/// Where the showcase stops.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum At {
    /// The table open and shuffled, no round started.
    Opened,
    /// A player's decision early in the round.
    Decision,
    /// Every player checked or called through: the cards are keyed (showdown or settlement).
    Cards,
}

impl At {
    pub fn parse(s: &str) -> Result<At, String> {
        match s {
            "opened" => Ok(At::Opened),
            "decision" => Ok(At::Decision),
            "cards" => Ok(At::Cards),
            other => Err(format!("`{other}`: opened, decision or cards")),
        }
    }
}

/// Opens the table (the demo people sign: dealer 20417 / 112233, floorperson 1001 / 246810), shuffles by
/// hand, starts a round with [`SEATS`] and plays it to a decision: the first player to act who
/// faces a bet (poker room), or the second player's decision (house-banked).
pub fn stage(term: &mut Terminal, setup: &TableSetup) -> Result<(), String> {
    stage_at(term, setup, At::Decision)
}

/// As [`stage`], stopping where `at` says.
pub fn stage_at(term: &mut Terminal, setup: &TableSetup, at: At) -> Result<(), String> {
    let through = at == At::Cards;
    open_staged(term, setup)?;
    if at == At::Opened {
        return Ok(());
    }
    term.execute(Command::StartRound {
        seats: SEATS.to_vec(),
    })?;
    // Up cards and common cards as Stud deals them, each a card not yet on the table.
    let mut deck = (0..52usize)
        .rev()
        .filter_map(crate::rules::cards::Card::from_index)
        .collect::<Vec<_>>();
    let mut next = move || deck.pop().ok_or("the demo deck ran out");
    let mut acted = 0;
    for _ in 0..200 {
        match term.table().step() {
            Step::Poker { step, .. } => {
                let Some(cmd) = poker_command(step, through, &mut acted, &mut next)? else {
                    return Ok(());
                };
                term.execute(Command::Poker(cmd))?;
            }
            Step::Banked { step, game } => {
                let Some(cmds) = banked_commands(step, game, through, &mut acted)? else {
                    return Ok(());
                };
                for c in cmds {
                    term.execute(Command::Banked(c))?;
                }
            }
            _ => return Ok(()),
        }
    }
    Ok(())
}

/// The table opened as the dealer and the floorperson open it: signed in, decks inspected,
/// players' view checked, washed, shuffled and counted, the reader inspected where due.
fn open_staged(term: &mut Terminal, setup: &TableSetup) -> Result<(), String> {
    term.seed_demo_people().map_err(|e| e.to_string())?;
    term.sign_in("Alex Rivera", "20417", "112233")?;
    term.execute(Command::OpenTable(setup.clone()))?;
    term.execute(Command::Confirm(Confirm::DecksInspected))?;
    term.verify("1001", "246810")?;
    term.execute(Command::Confirm(Confirm::PlayersInspected))?;
    term.execute(Command::Confirm(Confirm::DecksWashed))?;
    if matches!(term.table().step(), Step::ShuffleManually { .. }) {
        term.execute(Command::Confirm(Confirm::ShuffledAndCut))?;
    }
    // A table with a counting shuffler but no device behind this terminal (a staged screen):
    // the shuffle's count as the shuffler reports it.
    if let Step::LoadShuffler { deck } = term.table().step() {
        term.execute(Command::LoadShuffler(deck))?;
        let counted = term.table().cards_counted();
        term.execute(Command::ShufflerCounted { counted })?;
    }
    if term.table().step() == Step::BurnCard {
        term.execute(Command::Confirm(Confirm::CardBurned))?;
    }
    // Spanish 21's card reader, inspected before the gaming day's first round (§ 635a.2(d)).
    if term.reader_inspection_due(chrono::Utc::now()).is_some() {
        term.inspect_reader("1001", "246810")?;
    }
    Ok(())
}

/// The dealer's next tap at a poker-room step, or `None` where the staged screen stops.
fn poker_command(
    step: HandStep,
    through: bool,
    acted: &mut u32,
    next: &mut impl FnMut() -> Result<crate::rules::cards::Card, &'static str>,
) -> Result<Option<HandCommand>, String> {
    let cmd = match step {
        HandStep::PostForced { .. } => HandCommand::Posted { straddle: false },
        HandStep::Deal {
            seats,
            up: n,
            common,
            ..
        } => {
            let mut up = vec![];
            if n > 0 {
                for s in &seats {
                    up.push((*s, next()?));
                }
            }
            let common = if common { Some(next()?) } else { None };
            HandCommand::Dealt { up, common }
        }
        HandStep::Discard { seat, .. } => HandCommand::Discard { seat },
        HandStep::Act { seat, options, .. } if through => {
            let a = options
                .iter()
                .find(|a| matches!(a, Action::Check | Action::Call { .. }))
                .or(options.first())
                .ok_or("no action offered")?;
            HandCommand::Act {
                seat,
                kind: a.kind(),
                amount: None,
            }
        }
        HandStep::Draw { seat, .. } if through => HandCommand::Draw { seat, count: 0 },
        HandStep::Act { seat, options, .. } if *acted == 0 => {
            let a = options
                .iter()
                .find(|a| matches!(a, Action::Call { .. } | Action::Bet { .. }))
                .or(options.first())
                .ok_or("no action offered")?;
            *acted += 1;
            HandCommand::Act {
                seat,
                kind: a.kind(),
                amount: None,
            }
        }
        _ => return Ok(None),
    };
    Ok(Some(cmd))
}

/// The dealer's next taps at a house-banked step, or `None` where the staged screen stops.
fn banked_commands(
    step: crate::rules::banked::round::BankedStep,
    game: crate::rules::game_id::GameId,
    through: bool,
    acted: &mut u32,
) -> Result<Option<Vec<BankedCommand>>, String> {
    let def = crate::rules::registry::round_def(game).ok_or("no banked game")?;
    use crate::rules::banked::round::BankedStep as B;
    let cmds: Vec<BankedCommand> = match step {
        B::Wagers => {
            let ante: [(u8, Cents); 3] = [(2, 1000), (4, 2500), (5, 500)];
            let mut v: Vec<BankedCommand> = ante
                .iter()
                .map(|(seat, a)| BankedCommand::Wagers {
                    seat: *seat,
                    wagers: [("ante".to_string(), *a)].into(),
                })
                .collect();
            v.push(BankedCommand::NoMoreBets);
            v
        }
        B::Deal => vec![BankedCommand::Dealt],
        B::Decide { seat, phase } if through || *acted == 0 => {
            // Through to the cards: the smallest wager; a showcase decision: the
            // largest, so the layout shows it.
            let m = def.phases[phase].multiples;
            let multiple = if through {
                m.first()
            } else {
                *acted += 1;
                m.last()
            };
            vec![BankedCommand::Decide {
                seat,
                multiple: multiple.copied().unwrap_or(0),
            }]
        }
        B::Reveal { .. } if through => vec![BankedCommand::Revealed],
        B::Own(GameStep::Spanish21(at)) => {
            use crate::rules::banked::spanish21::play21::{Command21 as C, Step21 as S};
            let c = |s: &str| crate::rules::cards::parse_cards(s).unwrap_or_default();
            let cmd = match at {
                S::Deal => C::Dealt {
                    seats: vec![(2, c("9s 7d")), (4, c("Kh 8c")), (5, c("Ad 6s"))],
                    up: c("6h")[0],
                    read: Vec::new(),
                },
                S::MatchTheDealer => C::MatchSettled,
                S::Insurance { seat } => C::Insure { seat, amount: 0 },
                S::Reader => C::Reader { blackjack: false },
                S::Hand { .. } if through || *acted == 0 => {
                    *acted += 1;
                    C::Stand
                }
                // The dealer's cards are keyed on the card grid: the cards screen.
                _ => return Ok(None),
            };
            vec![cmd.into()]
        }
        _ => return Ok(None),
    };
    Ok(Some(cmds))
}

/// The demo's fixed-limit table numbered `table_no`: Red and Blue decks, $1/$2 blinds, $2/$4
/// limits, three raises a round, shuffled by hand, the poker room's default rules.
pub fn fixed_limit_table(table_no: u32) -> TableSetup {
    TableSetup {
        table_no,
        deck_colours: ["Red".into(), "Blue".into()],
        blinds: vec![100, 200],
        small_bet: 200,
        big_bet: 400,
        max_raises: 3,
        betting: Default::default(),
        counting_shuffler: false,
        pot_rules: Default::default(),
        poker: Default::default(),
    }
}

/// A setup for `game` from the configured one: Stud games get a forced bet if none is set.
pub fn setup_for(base: &TableSetup, game: GameId) -> TableSetup {
    let mut s = base.for_game(game);
    s.counting_shuffler = false;
    // Shuffled by hand, a house-banked game is dealt from a manual shoe, never from the hand
    // (§ 657a.9(a)(1) and the other chapters' § x.9(a)(1)).
    if game.is_house_banked() && s.poker.dealing == crate::rules::dealing::Dealing::Hand {
        s.poker.dealing = crate::rules::dealing::Dealing::ManualShoe;
    }
    s
}
