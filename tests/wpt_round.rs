//! WPT Heads-Up Hold 'Em's round (Chapter 677a) as the dealer is told to deal and settle it:
//! "no more bets" only once every position dealt in has its Ante and Odds, and nothing dealt
//! before it (§ 677a.8(b), § 677a.9(b), § 677a.10(a)); the deal step of each dealing method
//! (§ 677a.8(c), § 677a.9(b), § 677a.10(b)); a burn before the flop and one before the turn and
//! the river, dealt together (§ 677a.11(c),(e)); the hands settled one at a time from the
//! dealer's right, each seat's Pocket Bonus and Trips Plus after its main wagers
//! (§ 677a.11(g),(i)).

use deckhand::rules::banked::paytable::Paytables;
use deckhand::rules::banked::round::{BankedCommand, BankedRound, BankedStep};
use deckhand::rules::banked::{House, HouseRules, Outcome, Settlement};
use deckhand::rules::games::GameId;
use deckhand::rules::registry::Dealing;
use deckhand::rules::registry::settle_json;
use serde_json::json;

/// Decides `cmd` with the table's paytables and folds what it caused; the refusal otherwise.
fn run(r: &mut BankedRound, cmd: BankedCommand) -> Result<(), String> {
    let house = House::default_for(GameId::WptHeadsUp)?;
    crate::common::machine::run(r, &cmd, Some(&house)).map_err(|e| e.to_string())?;
    Ok(())
}

/// A seat's Ante as the dealer keys it (the Odds follow it).
fn ante(seat: u8, cents: i64) -> BankedCommand {
    BankedCommand::Wagers {
        seat,
        wagers: [("ante".to_string(), cents)].into(),
    }
}

fn decide(r: &mut BankedRound, seat: u8, multiple: u8) {
    run(r, BankedCommand::Decide { seat, multiple }).unwrap();
}

/// A wager's outcome and what the player is up or down on it.
fn result(s: &Settlement, seat: u8, wager: &str) -> (Outcome, i64) {
    let r = s
        .results
        .iter()
        .find(|r| r.seat == seat && r.wager == wager)
        .unwrap_or_else(|| panic!("no {wager} at seat {seat}: {:#?}", s.results));
    (r.result, r.net)
}

/// "No more bets" is called only once every position dealt in has its Ante and the Odds equal
/// to it, or was taken out; nothing is dealt before it, and no wager changes after it.
#[test]
fn no_more_bets_waits_for_every_position_dealt_in() {
    let mut r =
        deckhand::rules::registry::start_round(GameId::WptHeadsUp, Dealing::ManualShoe, &[1, 3, 5])
            .unwrap();
    let e = run(&mut r, BankedCommand::NoMoreBets).unwrap_err();
    assert!(e.contains("no seat has a wager yet"), "{e}");
    run(&mut r, ante(1, 1000)).unwrap();
    // The Odds Wager is the Ante's (§ 677a.7(d)(1)); another amount is refused.
    assert_eq!(r.wager(1, "odds"), 1000);
    let odds = BankedCommand::Wagers {
        seat: 3,
        wagers: [("ante".to_string(), 500), ("odds".to_string(), 400)].into(),
    };
    assert!(run(&mut r, odds).is_err());
    run(&mut r, ante(3, 500)).unwrap();
    let e = run(&mut r, BankedCommand::NoMoreBets).unwrap_err();
    // § 677a.8(b): seat 5 is dealt in without its Ante and Odds: "no more bets" waits until they
    // are keyed or the seat is taken out.
    assert!(e.contains("seat 5 was dealt in and has no wager"), "{e}");
    // § 677a.10(a): no stack is delivered, no card dealt, before "no more bets".
    assert!(run(&mut r, BankedCommand::Dealt).is_err());
    assert_eq!(r.step, BankedStep::Wagers);
    run(&mut r, BankedCommand::SeatOut { seat: 5 }).unwrap();
    run(&mut r, BankedCommand::NoMoreBets).unwrap();
    assert_eq!(r.seats, vec![1, 3]);
    assert_eq!(r.step, BankedStep::Deal);
    assert!(run(&mut r, ante(1, 2000)).is_err());
    run(&mut r, BankedCommand::Dealt).unwrap();
    assert_eq!(r.step, BankedStep::Decide { phase: 0, seat: 1 });
}

/// The deal step of each dealing method, under its section: one card at a time, face down,
/// clockwise from the player farthest to the dealer's left, two to each player and two to the
/// dealer (from a manual shoe, the stub left in it for the board; from the hand); from an
/// automated shoe, the two-card stacks it dispenses.
#[test]
fn the_deal_step_says_how_each_method_deals_the_hole_cards() {
    let def = deckhand::rules::registry::round_def(GameId::WptHeadsUp).unwrap();
    let cases = [
        (
            Dealing::ManualShoe,
            "§ 677a.8",
            "From the manual dealing shoe, one card at a time clockwise from the player farthest to your left: 2 cards face down to each player and 2 to the dealer; 5 community cards come later. Leave the stub in the shoe: the community cards are dealt from it, then the stub comes out.",
        ),
        (
            Dealing::Hand,
            "§ 677a.9",
            "From the hand, one card at a time clockwise from the player farthest to your left: 2 cards face down to each player and 2 to the dealer; 5 community cards come later.",
        ),
        (
            Dealing::AutomatedShoe,
            "§ 677a.10",
            "Deliver the stacks the automated dealing shoe dispenses, clockwise from the player farthest to your left: 2 cards face down to each player and 2 to the dealer; 5 community cards come later.",
        ),
    ];
    for (dealing, section, says) in cases {
        // § 677a.8(c): from the manual shoe, one card at a time face down, clockwise from the
        // player farthest to the left, until each player and the dealer have two;
        // § 677a.9(b): after "no more bets", from the hand, one card at a time the same way.
        assert_eq!(
            def.deal_text(dealing),
            (section.to_string(), says.to_string())
        );
    }
}

/// After the pre-flop decisions a card is burnt and the flop dealt; after the flop's decisions
/// one more is burnt and the turn and the river are dealt together (§ 677a.11(c),(e)), whether
/// the hole cards came from the hand or an automated shoe's stacks; the round comes to each
/// reveal once every player still in has decided.
#[test]
fn one_burn_before_the_flop_and_one_before_the_turn_and_river_together() {
    let def = deckhand::rules::registry::round_def(GameId::WptHeadsUp).unwrap();
    // § 677a.9(c): after the hole cards from the hand, a burn and the flop, then (below) a
    // burn and the turn and river;
    // § 677a.10(c): after an automated shoe's stacks, the same burns and board.
    assert_eq!(
        def.reveal_text(0, false),
        "Burn a card, then deal the flop (§ 677a.11(c))"
    );
    // § 677a.11(e): after the flop's decisions one burn, then the turn and the river together.
    assert_eq!(
        def.reveal_text(1, false),
        "Burn a card, then deal the turn and the river (§ 677a.11(e))"
    );
    // The stub the dealer counts is left after those burns and cards.
    assert_eq!(
        def.stub.unwrap().board.to_vec(),
        vec![(1, 3), (1, 2), (0, 0)]
    );
    for dealing in [Dealing::Hand, Dealing::AutomatedShoe] {
        let mut r =
            deckhand::rules::registry::start_round(GameId::WptHeadsUp, dealing, &[1, 2]).unwrap();
        for c in [
            ante(1, 500),
            ante(2, 500),
            BankedCommand::NoMoreBets,
            BankedCommand::Dealt,
        ] {
            run(&mut r, c).unwrap();
        }
        decide(&mut r, 1, 0);
        decide(&mut r, 2, 0);
        assert_eq!(r.step, BankedStep::Reveal { phase: 0 }, "{dealing:?}");
        run(&mut r, BankedCommand::Revealed).unwrap();
        decide(&mut r, 1, 2);
        decide(&mut r, 2, 0);
        assert_eq!(r.step, BankedStep::Reveal { phase: 1 }, "{dealing:?}");
        run(&mut r, BankedCommand::Revealed).unwrap();
        // Seat 1 raised after the flop: only seat 2 decides after the turn and river.
        assert_eq!(
            r.step,
            BankedStep::Decide { phase: 2, seat: 2 },
            "{dealing:?}"
        );
    }
}

/// The dealer's hand and each player's are the best five of their two cards and the board; the
/// hands are settled one at a time from the dealer's right, each seat's Ante, Raise and Odds
/// first, then its Pocket Bonus on its two cards and its Trips Plus on its best five; a folded
/// seat's side wagers at its turn.
#[test]
fn seats_are_settled_from_the_dealers_right_side_wagers_after_the_main_ones() {
    let round = json!({"game": "wpt-heads-up", "dealer": "Kh Kd", "community": "7c 2d 9h 4c 4s",
    "seats": [
        {"seat": 1, "cards": "Ah Ad", "wagers": {"ante": 500, "odds": 500, "pocket_bonus": 100, "trips_plus": 100}, "raise": {"street": "pre-flop", "amount": 1500}},
        {"seat": 4, "cards": "7h 8d", "wagers": {"ante": 500, "odds": 500, "pocket_bonus": 100, "trips_plus": 100}, "raise": {"street": "river", "amount": 500}},
        {"seat": 6, "cards": "9s 9d", "wagers": {"ante": 500, "odds": 500, "trips_plus": 100}, "fold": true}
    ]});
    let p = Paytables::embedded().unwrap();
    let s = settle_json(&round.to_string(), &p, &HouseRules::default())
        .unwrap_or_else(|e| panic!("{e}"));
    let order: Vec<(u8, &str)> = s
        .results
        .iter()
        .map(|r| (r.seat, r.wager.as_str()))
        .collect();
    // § 677a.11(g): one player at a time from the dealer's right, seat 6, then 4, then 1.
    assert_eq!(
        order,
        vec![
            (6, "ante"),
            (6, "odds"),
            (6, "trips-plus"),
            (4, "ante"),
            (4, "raise"),
            (4, "odds"),
            (4, "pocket-bonus"),
            (4, "trips-plus"),
            (1, "ante"),
            (1, "raise"),
            (1, "odds"),
            (1, "pocket-bonus"),
            (1, "trips-plus")
        ]
    );
    // The best five of seven: aces and fours beat the dealer's kings and fours; sevens and
    // fours do not.
    assert_eq!(result(&s, 1, "ante"), (Outcome::Win, 500));
    assert_eq!(result(&s, 4, "ante"), (Outcome::Lose, -500));
    // § 677a.11(h): the dealer's kings qualify: the winning hand's Ante and Raise pay 1 to 1 (the
    // Ante is not pushed); the losing hand's Raise and Odds are collected.
    assert_eq!(result(&s, 1, "raise"), (Outcome::Win, 1500));
    assert_eq!(result(&s, 4, "raise"), (Outcome::Lose, -500));
    assert_eq!(result(&s, 4, "odds"), (Outcome::Lose, -500));
    // § 677a.11(f): the seat that folded after the river loses its Ante and its Odds, under the
    // section; its Trips Plus still settles (below).
    assert_eq!(result(&s, 6, "ante"), (Outcome::Lose, -500));
    assert_eq!(result(&s, 6, "odds"), (Outcome::Lose, -500));
    assert!(
        s.results
            .iter()
            .filter(|r| r.seat == 6 && (r.wager == "ante" || r.wager == "odds"))
            .all(|r| r.section == "§ 677a.11(f)"),
        "{:#?}",
        s.results
    );
    // § 677a.11(i): the Pocket Bonus on the two cards (aces, 30 to 1 on paytable A), Trips Plus
    // on the best five of seven (seat 6's nines full, 9 to 1, though folded); short of them,
    // each is collected.
    assert_eq!(result(&s, 1, "pocket-bonus"), (Outcome::Win, 3000));
    assert_eq!(result(&s, 6, "trips-plus"), (Outcome::Win, 900));
    assert_eq!(result(&s, 4, "pocket-bonus"), (Outcome::Lose, -100));
    assert_eq!(result(&s, 1, "trips-plus"), (Outcome::Lose, -100));
}

/// A box needs its Ante; the Pocket Bonus only where the casino offers it.
#[test]
fn the_ante_is_required_and_a_pocket_bonus_not_offered_is_refused() {
    let p = Paytables::embedded().unwrap();
    let settles = |wagers: serde_json::Value, rules: &HouseRules| {
        let round = json!({"game": "wpt-heads-up", "dealer": "4h 4d", "community": "Ts Js Qs 2c 3d",
            "seats": [{"seat": 1, "cards": "As Ks", "wagers": wagers, "fold": true}]});
        settle_json(&round.to_string(), &p, rules)
            .map(|_| ())
            .map_err(|e| e.to_string())
    };
    // § 677a.7(d)(1): no Ante, no hand.
    let e = settles(json!({"ante": 0, "odds": 0}), &HouseRules::default()).unwrap_err();
    assert!(
        e.contains("an Ante is needed") && e.contains("§ 677a.7(d)(1)"),
        "{e}"
    );
    // § 677a.7(d)(2): the Pocket Bonus is refused where the casino does not offer it, taken
    // where it does (the default).
    let mut rules = HouseRules::default();
    rules.edit(|g: &mut deckhand::rules::banked::wpt::Rules| g.pocket_bonus_offered = false);
    let bonus = json!({"ante": 500, "odds": 500, "pocket_bonus": 500});
    let e = settles(bonus.clone(), &rules).unwrap_err();
    assert!(
        e.contains("does not offer the Pocket Bonus") && e.contains("§ 677a.7(d)(2)"),
        "{e}"
    );
    settles(bonus, &HouseRules::default()).unwrap();
    // § 677a.7(d)(2): keyed at the table, it is refused the same way.
    let mut r =
        deckhand::rules::registry::start_round(GameId::WptHeadsUp, Dealing::ManualShoe, &[1])
            .unwrap()
            .with_offers(Some(&rules));
    let e = run(
        &mut r,
        BankedCommand::Wagers {
            seat: 1,
            wagers: [("ante".to_string(), 500), ("pocket_bonus".to_string(), 500)].into(),
        },
    )
    .unwrap_err();
    assert!(
        e.contains("does not offer") && e.contains("§ 677a.7(d)(2)"),
        "{e}"
    );
}
