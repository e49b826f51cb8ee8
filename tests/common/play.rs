//! The dealer's taps for whatever step a round is at, by the labels on the screen: a whole round
//! of any game played the way a dealer would (wagers keyed, forced bets in, cards dealt or keyed,
//! check or call, the smallest wager, stands pat, the cards shown, paid).

use super::ui::{keys, ready, tap};
use deckhand::rules::banked::round::BankedStep;
use deckhand::rules::banked::round::GameStep;
use deckhand::rules::banked::spanish21::play21::Step21;
use deckhand::rules::betting_actions::Action;
use deckhand::rules::cards::Card;
use deckhand::rules::games::GameId;
use deckhand::rules::money;
use deckhand::rules::poker::hand::Step as HandStep;
use deckhand::rules::table::Step;
use deckhand::ui::DeckhandApp;
use egui_kittest::Harness;
use egui_kittest::kittest::{NodeT, Queryable};

/// Taps an enabled card of the grid: the `n`-th one still free, counting round the deck (so a
/// many-deck shoe is not dealt the same card every time).
pub fn tap_a_free_card(h: &mut Harness<'_, DeckhandApp>, n: usize) {
    for i in 0..52 {
        let name = Card::from_index((n + i * 7) % 52).unwrap().pretty();
        let free = h
            .query_by_label(&name)
            .is_some_and(|node| !node.accesskit_node().is_disabled());
        if free {
            tap(h, &name);
            return;
        }
    }
    panic!("no free card on the grid");
}

/// The first of `labels` on the screen and enabled.
pub fn first_ready(h: &Harness<'_, DeckhandApp>, labels: &[&'static str]) -> Option<&'static str> {
    labels.iter().copied().find(|l| ready(h, l))
}

pub fn check_or_call(options: &[Action]) -> String {
    options
        .iter()
        .find_map(|a| match a {
            Action::Check => Some("Check".to_string()),
            Action::Call { amount } => Some(format!("Call {}", money(*amount))),
            _ => None,
        })
        .expect("a check or a call is offered")
}

/// The floorperson's credential number and PIN on the signature pad.
pub fn floorperson_signs(h: &mut Harness<'_, DeckhandApp>) {
    keys(h, "1001");
    tap(h, "Next: PIN");
    keys(h, "246810");
    tap(h, "Verify");
}

/// How the step's own button is pressed: a tap, or a double tap in the stray-tap tests.
pub type Press = fn(&mut Harness<'_, DeckhandApp>, &str);

/// Taps one step of the round in play; false once no round is in play.
pub fn play_step(h: &mut Harness<'_, DeckhandApp>, taps: &mut usize) -> bool {
    play_step_with(h, taps, tap)
}

/// Plays the round in play to its end with [`play_step`] (at most 300 steps, or it names the
/// step it is stuck at).
pub fn play_out(h: &mut Harness<'_, DeckhandApp>) {
    let mut taps = 0;
    while play_step(h, &mut taps) {
        assert!(
            taps < 300,
            "the round does not end at {:?}",
            h.state().terminal().table().step()
        );
    }
}

/// One step of the round in play, its button pressed by `press` (the cards and keys before it
/// tapped once each); false once no round is in play.
pub fn play_step_with(h: &mut Harness<'_, DeckhandApp>, taps: &mut usize, press: Press) -> bool {
    *taps += 1;
    let n = *taps;
    let step = h.state().terminal().table().step();
    match step {
        Step::Poker { step, .. } => match step {
            HandStep::PostForced { .. } => {
                let label = first_ready(h, &["Blinds posted", "Forced bets in"]);
                press(h, label.expect("the forced bets' button"));
            }
            HandStep::Deal { .. } => {
                // Stud's up cards and a common card are keyed before the deal is confirmed.
                const DEALT: [&str; 5] = [
                    "Dealt",
                    "Cards dealt",
                    "Flop dealt",
                    "Turn dealt",
                    "River dealt",
                ];
                let mut k = n;
                while first_ready(h, &DEALT).is_none() {
                    tap_a_free_card(h, k);
                    k += 1;
                }
                let label = first_ready(h, &DEALT).unwrap();
                press(h, label);
            }
            HandStep::Discard { .. } => press(h, "Discarded"),
            HandStep::Act { options, .. } => press(h, &check_or_call(&options)),
            HandStep::Draw { .. } => press(h, "Stands pat"),
            HandStep::Showdown { .. } => {
                // The board (if any), then each hand in the order shown.
                let mut k = n;
                while !ready(h, "Show the winner") {
                    tap_a_free_card(h, k);
                    k += 1;
                }
                press(h, "Show the winner");
            }
            // Betting kept at the table: one tap per betting round or draw, the winner tapped.
            HandStep::Street { draw, .. } => {
                press(h, if draw { "Draw done" } else { "Betting over" })
            }
            HandStep::Winners { seats } => press(h, &format!("Seat {} wins", seats[0])),
            HandStep::Complete => panic!("a complete hand is the table's to finish"),
        },
        Step::VerifyBadBeat { .. } => {
            press(h, "Supervisor verify");
            keys(h, "3001");
            tap(h, "Next: PIN");
            keys(h, "135790");
            tap(h, "Verify");
        }
        Step::CountLosingHands { .. } => press(h, "Count is right"),
        // The stub as a full deck leaves it (a test keys a wrong count itself).
        Step::CountStub { expected, .. } => {
            keys(h, &expected.to_string());
            press(h, "Stub counted");
        }
        Step::AwardPot { .. } => {
            let round = h.state().terminal().table().round.clone();
            match round.filter(|r| r.untracked()) {
                // What the dealer took: the schedule's last preset (the most a pot gives).
                Some(r) => {
                    let take = *r.rake_presets().last().expect("a rake preset");
                    press(h, &rake_label(&take));
                }
                None => press(h, "Pot pushed"),
            }
        }
        Step::Banked { step, .. } => banked_step(h, step, n, press),
        _ => return false,
    }
    true
}

fn banked_step(h: &mut Harness<'_, DeckhandApp>, step: BankedStep, n: usize, press: Press) {
    let r = h
        .state()
        .terminal()
        .table()
        .round
        .as_ref()
        .and_then(|r| r.banked.clone())
        .expect("a house-banked round");
    let def = r.def();
    match step {
        BankedStep::Wagers => {
            // $10 on each required spot a player keys (the equal spots follow).
            for seat in r.seats.clone() {
                tap(h, &format!("Wagers of seat {seat}"));
                for spot in def
                    .spots
                    .iter()
                    .filter(|s| s.required && s.equals.is_none())
                {
                    tap(h, &format!("Seat {seat} {}: —", spot.label));
                    keys(h, "10");
                }
            }
            press(h, "No more bets");
        }
        BankedStep::Deal => {
            // A reading shoe: its stacks are out before the cards are dealt.
            if h.state().terminal().stacks_dispensed().is_some() {
                wait_for_the_stacks(h);
            }
            press(h, "Cards dealt")
        }
        BankedStep::Decide { phase, seat } => {
            let p = &def.phases[phase];
            let label = if p.after_cards {
                "No force".to_string()
            } else {
                let m = p.multiples[0];
                format!("{m}× · {}", money(r.ante(seat) * i64::from(m)))
            };
            press(h, &label);
        }
        BankedStep::Reveal { .. } => press(h, "Done"),
        BankedStep::Cards if h.query_by_label("Tap each hand's result").is_some() => {
            // No device reads the hands: their results, two taps a seat (the dealer's hand
            // qualifies; each hand high card, beaten).
            let def = r.results_allowed().expect("results");
            if let Some(q) = def.qualifies {
                tap(h, &format!("Qualifies, {q}"));
            }
            for _ in r.seats_in() {
                tap(h, def.categories[0].label);
                // A category below the qualification loses without a tap (Lunar's no hand).
                if def.compare != deckhand::rules::banked::round::Compare::Never
                    && h.query_by_label("Loses").is_some()
                {
                    tap(h, "Loses");
                }
            }
            // A wager paid on the board (Mississippi Stud's Three Card Bonus): its cards.
            let mut k = n;
            while !ready(h, "Settle") && h.query_by_label_contains("The community cards").is_some()
            {
                tap_a_free_card(h, k);
                k += 1;
            }
            press(h, "Settle");
        }
        BankedStep::Cards => {
            let mut k = n;
            while !ready(h, "Settle") {
                tap_a_free_card(h, k);
                k += 1;
            }
            press(h, "Settle");
        }
        BankedStep::Pay { verify: true } => {
            press(h, "Floorperson validates");
            floorperson_signs(h);
        }
        BankedStep::Pay { verify: false } => press(h, "Paid"),
        BankedStep::Own(GameStep::Spanish21(at)) => match at {
            Step21::Deal => {
                // A reading shoe: the whole deal drawn and read, one tap confirms it.
                if h.state().terminal().reads_draws() {
                    wait_for_the_deal(h);
                }
                let mut k = n;
                while !ready(h, "Cards dealt") {
                    tap_a_free_card(h, k);
                    k += 1;
                }
                press(h, "Cards dealt");
            }
            Step21::MatchTheDealer => press(h, "Match the Dealer settled"),
            Step21::Insurance { .. } => press(h, "No insurance"),
            // At a reading shoe the hole card is the last card the simulator let out before
            // the reader: the reader says what it makes (the rules hold the dealer to it).
            Step21::Reader if h.state().terminal().reads_draws() => {
                let hole = h
                    .state()
                    .sim_script()
                    .and_then(|s| s.lock().unwrap().drawn.last().map(|(_, _, c)| *c));
                let up = r.dealer[0];
                let bj = hole.is_some_and(|c| {
                    deckhand::rules::spanish21_totals::total(&[up, c], false)
                        .is_ok_and(|t| t.blackjack)
                });
                press(
                    h,
                    if bj {
                        "Dealer has Blackjack"
                    } else {
                        "No Blackjack"
                    },
                )
            }
            Step21::Reader => press(h, "No Blackjack"),
            Step21::CollectInsurance => press(h, "Insurance collected"),
            Step21::PayBlackjack { .. } => press(h, "Blackjack paid"),
            Step21::Hand { .. } => press(h, "Stand"),
            Step21::Dealer if h.state().terminal().hole_card_held() => {
                press(h, "Hole card turned up")
            }
            // The shoe reads the dealer's draws and the card owed: nothing to tap.
            Step21::Dealer | Step21::LateCard { .. } if h.state().terminal().reads_draws() => {
                wait_a_little(h)
            }
            Step21::Dealer => tap_a_free_card(h, n * 5),
            Step21::LateCard { .. } => tap_a_free_card(h, n * 3),
        },
    }
}

/// A signature on the pad that is open: credential number, then PIN, then Verify.
pub fn sign_pad(h: &mut Harness<'_, DeckhandApp>, credential: &str, pin: &str) {
    keys(h, credential);
    tap(h, "Next: PIN");
    keys(h, pin);
    tap(h, "Verify");
}

/// Alex Rivera signs in at the sign-in screen: his name, credential number, PIN; each
/// screen's own button pressed by `press`.
pub fn dealer_signs_in(h: &mut Harness<'_, DeckhandApp>, press: Press) {
    tap(h, "Alex Rivera");
    keys(h, "20417");
    press(h, "Next: PIN");
    keys(h, "112233");
    press(h, "Sign in");
}

/// Sign-in as Alex Rivera, the game picked and the table opened (the floorperson verifies the
/// inspection), the first deck shuffled by hand, seats 2 and 4 dealt in and round 1 started;
/// each screen's own button pressed by `press`.
/// The locked screen opened by dealer 20417 (Alex Rivera) with the PIN.
pub fn dealer_unlocks(h: &mut Harness<'_, DeckhandApp>) {
    assert!(h.state().is_locked(), "the screen is not locked");
    tap(h, "Tap to unlock");
    keys(h, "20417");
    tap(h, "Next: PIN");
    keys(h, "112233");
    tap(h, "Unlock");
    assert!(!h.state().is_locked(), "the dealer's PIN opens the screen");
}

pub fn open_from_sign_in(h: &mut Harness<'_, DeckhandApp>, game: GameId, press: Press) {
    open_with_seats(h, game, press, &[2, 4]);
}

/// [`open_from_sign_in`] with `seats` dealt in.
pub fn open_with_seats(h: &mut Harness<'_, DeckhandApp>, game: GameId, press: Press, seats: &[u8]) {
    washed_from_sign_in(h, game, press);
    if game == GameId::Spanish21 {
        press(h, "Shuffled, cut and in the shoe");
        press(h, "Card burned");
        // § 635a.2(d): the card reader, inspected before the gaming day's first round.
        press(h, "Floorperson: card reader inspected");
        floorperson_signs(h);
    } else {
        press(h, "Shuffled and cut");
    }
    for s in seats {
        tap(h, &format!("Seat {s}"));
    }
    press(h, "Start round 1");
}

/// Sign-in as Alex Rivera, the game picked and the table opened, the decks inspected (the
/// floorperson verifies), spread for the players and washed: the shuffle is next.
pub fn washed_from_sign_in(h: &mut Harness<'_, DeckhandApp>, game: GameId, press: Press) {
    dealer_signs_in(h, press);
    if game != GameId::Holdem {
        tap(h, game.name());
    }
    press(h, "Open table");
    // One deck at a house-banked table without the shuffler (§ x.3(a)).
    let inspected = first_ready(h, &["Decks inspected", "Deck inspected"]);
    press(h, inspected.expect("the inspection's button"));
    press(h, "Floorperson verify");
    floorperson_signs(h);
    let spread = first_ready(h, &["Players have inspected", "Player has inspected"]);
    press(h, spread.expect("the spread's button"));
    let washed = first_ready(h, &["Decks washed", "Deck washed"]);
    press(h, washed.expect("the wash's button"));
}

/// A rake preset's button, as the screen labels it.
pub fn rake_label(t: &deckhand::rules::table::PotTake) -> String {
    deckhand::ui::rake_preset_label(t)
}

/// Through the counting shuffler's steps (load, start, wait for its count) until `done` says
/// the table is where the test wants it; 30 s at most.
pub fn through_the_shuffler(
    h: &mut Harness<'_, DeckhandApp>,
    done: impl Fn(&deckhand::rules::table::Step) -> bool,
) {
    let deadline = std::time::Instant::now() + std::time::Duration::from_secs(30);
    loop {
        let step = h.state().terminal().table().step();
        if done(&step) {
            return;
        }
        assert!(
            std::time::Instant::now() < deadline,
            "the shuffler never got the table past {step:?}"
        );
        if ready(h, "Start shuffle") {
            tap(h, "Start shuffle");
        } else {
            std::thread::sleep(std::time::Duration::from_millis(10));
            h.run_ok();
        }
    }
}

/// A house-banked table dealt from the built-in simulated shuffler as an automated dealing
/// shoe that reads the hands (`[shuffler] port = "simulated"`, `dealing = "automated-shoe"`),
/// opened from sign-in with `seats` and round 1 started. The simulator's stacks leave it every
/// 10 ms.
pub fn open_with_reading_shoe(h: &mut Harness<'_, DeckhandApp>, game: GameId, seats: &[u8]) {
    if let Some(s) = h.state().sim_script() {
        let mut s = s.lock().unwrap();
        s.dispense_time = std::time::Duration::from_millis(10);
        s.draw_time = std::time::Duration::from_millis(5);
    }
    washed_from_sign_in(h, game, tap);
    through_the_shuffler(h, |s| {
        matches!(s, deckhand::rules::table::Step::StartRound { .. })
    });
    if game == GameId::Spanish21 {
        // The burn card went by itself, read by the shoe (§ 635a.7(c)); the card reader is
        // inspected before the gaming day's first round (§ 635a.2(d)).
        tap(h, "Floorperson: card reader inspected");
        floorperson_signs(h);
    }
    for s in seats {
        tap(h, &format!("Seat {s}"));
    }
    tap(h, "Start round 1");
}

/// Lets the devices report for a moment (real time).
pub fn wait_a_little(h: &mut Harness<'_, DeckhandApp>) {
    std::thread::sleep(std::time::Duration::from_millis(5));
    h.run_ok();
}

/// At a Spanish 21 deal from a reading shoe: waits (real time) until every card of the deal
/// has been drawn and read.
pub fn wait_for_the_deal(h: &mut Harness<'_, DeckhandApp>) {
    let deadline = std::time::Instant::now() + std::time::Duration::from_secs(10);
    loop {
        h.run_ok();
        match h.state().terminal().deal_drawn() {
            Some((out, of)) if out == of => return,
            other => assert!(
                std::time::Instant::now() < deadline,
                "the shoe drew {other:?}"
            ),
        }
        std::thread::sleep(std::time::Duration::from_millis(5));
    }
}

/// At a reading shoe's deal: waits (real time) until every stack of the round has left it.
pub fn wait_for_the_stacks(h: &mut Harness<'_, DeckhandApp>) {
    let deadline = std::time::Instant::now() + std::time::Duration::from_secs(10);
    loop {
        h.run_ok();
        match h.state().terminal().stacks_dispensed() {
            Some((out, of)) if out == of => return,
            other => assert!(
                std::time::Instant::now() < deadline,
                "the shoe dispensed {other:?}"
            ),
        }
        std::thread::sleep(std::time::Duration::from_millis(10));
    }
}
