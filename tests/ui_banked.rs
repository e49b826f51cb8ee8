//! House-banked rounds dealt through the real screen (egui_kittest, by labels): the wagers keyed
//! per seat, "no more bets", the deal as the table's dealing method says (from the hand, a manual
//! dealing shoe, an automated dealing shoe), one tap per decision, the reveals, the cards keyed,
//! the settlement from the paytables in the dealer's order, and the journal that records it.

use crate::common;

use common::ui::{harness, tap, taps};
use deckhand::rules::games::GameId;
use deckhand::rules::registry::Dealing;
use deckhand::rules::table::{Command, Step, TableSetup};
use deckhand::terminal::Terminal;
use deckhand::ui::DeckhandApp;
use egui_kittest::Harness;
use egui_kittest::kittest::{NodeT, Queryable};

fn setup(game: GameId, dealing: Dealing) -> TableSetup {
    let mut s = common::ui::table(12, game);
    s.poker.dealing = dealing;
    // From the hand, a house-banked game's cards go through the automated shuffler
    // (§ x.9(a)(1)).
    s.counting_shuffler = game.is_house_banked() && dealing == Dealing::Hand;
    s
}

/// An open table shuffled by hand, waiting for the seats of round 1.
fn ready(db: &std::path::Path, s: &TableSetup) -> Terminal {
    let t = common::ui::opened(db, s);
    assert!(matches!(t.table().step(), Step::StartRound { .. }));
    t
}

/// Keys whole dollars into a wager spot ("Seat 3 Ante").
fn wager(h: &mut Harness<'_, DeckhandApp>, spot: &str, dollars: &str) {
    let seat: String = spot.split(' ').nth(1).unwrap().into();
    tap(h, &format!("Wagers of seat {seat}"));
    tap(h, &format!("{spot}: —"));
    for d in dollars.chars() {
        tap(h, &d.to_string());
    }
    h.get_by_label(&format!("{spot}: ${dollars}"));
}

fn journal(db: &std::path::Path) -> Vec<(String, serde_json::Value)> {
    let conn = rusqlite::Connection::open(db).unwrap();
    conn.prepare("SELECT kind, payload FROM journal ORDER BY serial")
        .unwrap()
        .query_map([], |r| Ok((r.get::<_, String>(0)?, r.get::<_, String>(1)?)))
        .unwrap()
        .map(|k| {
            let (k, p) = k.unwrap();
            (k, serde_json::from_str(&p).unwrap())
        })
        .collect()
}

/// The house-banked round's events, by name, in journal order.
fn commands(db: &std::path::Path) -> Vec<String> {
    journal(db)
        .into_iter()
        .filter(|(_, p)| p["kind"] == "banked")
        .map(|(_, p)| p["event"].as_str().unwrap().to_string())
        .collect()
}

fn settlement(db: &std::path::Path) -> serde_json::Value {
    journal(db)
        .into_iter()
        .find(|(k, _)| k == "round_settled")
        .map(|(_, p)| p["settlement"].clone())
        .expect("a round_settled row")
}

/// The round settled as `deckhand settle` does it, with the embedded paytables and house rules.
fn direct(input: &serde_json::Value) -> serde_json::Value {
    let mut st = deckhand::rules::registry::settle_json(
        &input.to_string(),
        &deckhand::rules::banked::paytable::Paytables::embedded().unwrap(),
        &Default::default(),
    )
    .unwrap();
    st.signer = deckhand::rules::banked::Approvals::default().signer_for(&st);
    serde_json::to_value(st).unwrap()
}

#[test]
fn crazy_4_poker_from_the_hand() {
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("c4p.sqlite");
    let s = setup(GameId::Crazy4Poker, Dealing::Hand);
    let mut h = harness(DeckhandApp::new(ready(&db, &s), s, None));
    h.run_ok();
    h.get_by_label("Table 12 · Crazy 4 Poker");
    for seat in ["Seat 1", "Seat 3", "Seat 6"] {
        tap(&mut h, seat);
    }
    tap(&mut h, "Start round 1");
    h.get_by_label("Place your wagers");
    wager(&mut h, "Seat 1 Ante", "10");
    // The Super Bonus follows the Ante (§ 657a.7): not keyed.
    h.get_by_label("Super Bonus\n$10");
    wager(&mut h, "Seat 1 Queens Up", "5");
    wager(&mut h, "Seat 3 Ante", "10");
    wager(&mut h, "Seat 3 Queens Up", "5");
    wager(&mut h, "Seat 6 Ante", "10");
    // The side panel shows what is keyed so far, before the rules take it.
    h.get_by_label("Seat 1 · Ante $10 keyed · Queens Up $5 keyed");
    h.get_by_label("Seat 6 · Ante $10 keyed");
    tap(&mut h, "No more bets");
    h.get_by_label_contains("Seat 1 · Ante $10.00");
    // § 657a.9: from the hand.
    h.get_by_label_contains("From the hand, one card at a time clockwise");
    h.get_by_label("§ 657a.9");
    tap(&mut h, "Cards dealt");
    h.get_by_label("Seat 1 decides");
    // § 657a.11(b): the Ante, or up to three times it; nothing beyond 3×.
    for offered in ["1× · $10.00", "2× · $20.00", "3× · $30.00", "Fold"] {
        h.get_by_label(offered);
    }
    assert!(h.query_by_label_contains("4×").is_none());
    tap(&mut h, "3× · $30.00");
    h.get_by_label("Seat 3 decides");
    tap(&mut h, "1× · $10.00");
    h.get_by_label("Seat 6 decides");
    tap(&mut h, "Fold");
    h.get_by_label("Reveal the dealer's five cards");
    tap(&mut h, "Done");
    // No device reads the hands: the results are asked for; the dealer keys every card.
    h.get_by_label("Tap each hand's result");
    tap(&mut h, "Key every card instead");
    h.get_by_label("Key the cards for settlement");
    assert!(!common::ui::ready(&h, "Settle"), "not before every card");
    // Seat 6 folded: its hand went to the discard rack before the reveal (§ 657a.11(c)), so
    // it is not asked for.
    assert!(h.query_by_label_contains("Seat 6:").is_none());
    taps(&mut h, "A♣ A♦ A♥ A♠ 2♦");
    taps(&mut h, "Q♠ Q♦ 8♥ 5♠ 3♣");
    taps(&mut h, "K♣ 9♦ 7♥ 4♠ 2♣");
    // A card already keyed cannot be keyed again.
    assert!(h.get_by_label("A♠").accesskit_node().is_disabled());
    h.get_by_label("Dealer: K♣ 9♦ 7♥ 4♠ 2♣");
    tap(&mut h, "Settle");
    h.get_by_label("Settle in this order");
    h.get_by_label("Seat 1 · Super Bonus: four of a kind, aces pays 200 to 1 → $2,000.00");
    // A $2,000 win is above the table's $1,000 `validate_over_cents`: a floorperson signs
    // before the dealer may pay.
    assert!(h.query_by_label("Paid").is_none());
    tap(&mut h, "Floorperson validates");
    // The pad stands aside: the payout being validated stays in view beside it.
    let payout = h
        .get_by_label("Seat 1 · Super Bonus: four of a kind, aces pays 200 to 1 → $2,000.00")
        .rect();
    for part in ["Credential number: ", "PIN: ", "1", "Next: PIN"] {
        let r = h.get_by_label(part).rect();
        assert!(
            !r.intersects(payout),
            "{part} {r:?} covers the payout {payout:?}"
        );
    }
    common::play::floorperson_signs(&mut h);
    tap(&mut h, "Paid");
    // The round is over; the other deck, shuffled by the automated shuffler as a table
    // dealing from the hand needs (§ 657a.9(a)(1)), deals round 2.
    let t = h.state().terminal().table();
    assert!(t.round.is_none() && t.rounds_played == 1);
    // § 657a.3(b): with the counting shuffler the two decks alternate: round 1 dealt the Red
    // deck, round 2 waits for the other (Blue) deck from the shuffler.
    // § 657a.5(a): the next round's deck is shuffled before it is dealt (the shuffler's wait).
    assert_eq!(t.step(), Step::AwaitShuffle { deck: 1 });
    h.get_by_label("Shuffling the Blue deck");
    // Crazy 4 Poker's own shuffle, not the poker room's (§ 657a.5).
    h.get_by_label_contains("§ 657a.5");

    assert_eq!(
        commands(&db),
        [
            "wagers-placed",
            "wagers-placed",
            "wagers-placed",
            "bets-closed",
            "dealt",
            "decided",
            "decided",
            "decided",
            "revealed",
            "cards-keyed",
            "settled",
            "validated",
            "paid"
        ]
    );
    let st = settlement(&db);
    assert_eq!(st["game"], "crazy-4-poker");
    assert_eq!(st["signer"], "floorperson");
    // Seat 6 folded: Ante and Super Bonus lose (§ 657a.11(b)).
    let six: Vec<&serde_json::Value> = st["results"]
        .as_array()
        .unwrap()
        .iter()
        .filter(|r| r["seat"] == 6)
        .collect();
    assert!(six.iter().all(|r| r["result"] == "lose"), "{six:?}");
    // The same round through `deckhand settle` gives the same settlement.
    let input = serde_json::json!({
        "game": "crazy-4-poker",
        "dealer": "Kc 9d 7h 4s 2c",
        "seats": [
            { "seat": 1, "cards": "Ac Ad Ah As 2d", "wagers": { "ante": 1000, "super_bonus": 1000, "queens_up": 500 }, "play": 3000 },
            { "seat": 3, "cards": "Qs Qd 8h 5s 3c", "wagers": { "ante": 1000, "super_bonus": 1000, "queens_up": 500 }, "play": 1000 },
            { "seat": 6, "cards": "", "wagers": { "ante": 1000, "super_bonus": 1000 }, "play": 0 }
        ]
    });
    assert_eq!(st, direct(&input), "the screen and `deckhand settle` agree");
}

#[test]
fn mississippi_stud_from_an_automated_dealing_shoe() {
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("ms.sqlite");
    let s = setup(GameId::MississippiStud, Dealing::AutomatedShoe);
    let mut h = harness(DeckhandApp::new(ready(&db, &s), s, None));
    h.run_ok();
    tap(&mut h, "Seat 2");
    tap(&mut h, "Seat 4");
    tap(&mut h, "Start round 1");
    wager(&mut h, "Seat 2 Ante", "5");
    wager(&mut h, "Seat 4 Ante", "5");
    tap(&mut h, "No more bets");
    // § 655a.10: the stacks the automated dealing shoe dispenses.
    // § 655a.10(a): the shoe's stacks are called for only once "No more bets" is tapped.
    h.get_by_label_contains("Deliver the stacks the automated dealing shoe dispenses");
    h.get_by_label("§ 655a.10");
    tap(&mut h, "Cards dealt");
    h.get_by_label("Third Street: 1×, 2× or 3× the Ante, or fold");
    tap(&mut h, "3× · $15.00");
    tap(&mut h, "1× · $5.00");
    tap(&mut h, "Done"); // first community card
    tap(&mut h, "3× · $15.00");
    tap(&mut h, "Fold"); // seat 4 folds on Fourth Street
    // § 655a.11(e): once every remaining player has placed a 4th Street Wager or folded, the
    // dealer is told to turn over the second community card.
    h.get_by_label("Turn over the second community card");
    tap(&mut h, "Done");
    h.get_by_label("Seat 2 decides");
    tap(&mut h, "3× · $15.00");
    tap(&mut h, "Done");
    tap(&mut h, "Key every card instead");
    // Seat 4 folded with no side wager: its hand went to the discard rack (§ 655a.11(d)).
    taps(&mut h, "A♥ K♥ Q♥ J♥ 10♥");
    tap(&mut h, "Settle");
    // A royal flush pays 500 to 1 on the $5 Ante and each $15 street.
    h.get_by_label_contains("Seat 2 · Ante: royal flush");
    let st = settlement(&db);
    let two: i64 = st["results"]
        .as_array()
        .unwrap()
        .iter()
        .filter(|r| r["seat"] == 2)
        .map(|r| r["net"].as_i64().unwrap())
        .sum();
    assert_eq!(two, 500 * (500 + 1500 * 3));
    let four: i64 = st["results"]
        .as_array()
        .unwrap()
        .iter()
        .filter(|r| r["seat"] == 4)
        .map(|r| r["net"].as_i64().unwrap())
        .sum();
    // § 655a.11(d): seat 4's fold at 4th Street loses its Ante and 3rd Street Wager, and nothing more.
    assert_eq!(four, -(500 + 500), "ante and third street lost on the fold");
    // No progressive wager, but a $25,000 win is above the table's $10,000
    // `supervisor_over_cents`: a floorperson's signature is refused, a shift supervisor's taken.
    assert_eq!(st["signer"], "supervisor");
    assert!(h.query_by_label("Paid").is_none());
    assert!(h.query_by_label("Floorperson validates").is_none());
    tap(&mut h, "Supervisor approves");
    // The pad says whose signature it takes.
    h.get_by_label("Shift supervisor approval");
    common::play::sign_pad(&mut h, "1001", "246810");
    h.get_by_label_contains("to approve a payout this large takes a shift supervisor");
    // In the dealer's words: no configuration key.
    assert!(h.query_by_label_contains("supervisor_over_cents").is_none());
    tap(&mut h, "Credential number: 1001");
    tap(&mut h, "Clear");
    // The refusal answered 1001: once the number is keyed again, it goes.
    assert!(
        h.query_by_label_contains("to approve a payout this large")
            .is_none()
    );
    common::play::sign_pad(&mut h, "3001", "135790");
    tap(&mut h, "Paid");
    let t = h.state().terminal().table();
    assert!(t.round.is_none() && t.rounds_played == 1);
    let conn = rusqlite::Connection::open(&db).unwrap();
    let signer: String = conn
        .query_row(
            "SELECT actor_credential FROM journal WHERE kind = 'payouts_validated'",
            [],
            |r| r.get(0),
        )
        .unwrap();
    assert_eq!(signer, "3001", "the supervisor's signature is journaled");
}

#[test]
fn texas_holdem_bonus_from_a_manual_dealing_shoe() {
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("thb.sqlite");
    let s = setup(GameId::TexasHoldemBonus, Dealing::ManualShoe);
    let mut h = harness(DeckhandApp::new(ready(&db, &s), s, None));
    h.run_ok();
    tap(&mut h, "Seat 5");
    tap(&mut h, "Start round 1");
    // "No more bets" with nothing keyed is refused with the section.
    tap(&mut h, "No more bets");
    h.get_by_label_contains("No seat has a wager yet");
    wager(&mut h, "Seat 5 Ante", "10");
    tap(&mut h, "No more bets");
    h.get_by_label_contains("From the manual dealing shoe");
    h.get_by_label("§ 647a.8");
    tap(&mut h, "Cards dealt");
    tap(&mut h, "2× · $20.00");
    tap(&mut h, "Done"); // flop
    tap(&mut h, "Check");
    tap(&mut h, "Done"); // turn
    tap(&mut h, "1× · $10.00");
    tap(&mut h, "Done"); // river and the dealer's cards
    tap(&mut h, "Key every card instead");
    taps(&mut h, "A♠ K♠ 7♦ 2♣ Q♠ J♠ 10♠ 4♦ 3♣");
    h.get_by_label("Community: Q♠ J♠ 10♠ 4♦ 3♣");
    tap(&mut h, "Settle");
    h.get_by_label("Settle in this order");
    let st = settlement(&db);
    let net: i64 = st["results"]
        .as_array()
        .unwrap()
        .iter()
        .map(|r| r["net"].as_i64().unwrap())
        .sum();
    assert!(net > 0, "a royal flush wins: {st}");
    assert_eq!(st["totals"]["players"].as_i64().unwrap(), net);
}

/// The posted Ante limits (`[table] min_ante_cents`, `max_ante_cents`) and side-wager limits
/// (`side_wager_limits_cents`): an Ante below the minimum or a Bonus above its maximum is refused
/// when "No more bets" is called, with both amounts, and nothing is lost.
#[test]
fn wagers_outside_the_posted_limits_are_refused() {
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("min.sqlite");
    let mut s = setup(GameId::TexasHoldemBonus, Dealing::Hand);
    s.poker.min_ante = 1000;
    s.poker.max_ante = 50_000;
    s.poker.side_limits = [("bonus".to_string(), (0, 2500))].into();
    let mut h = harness(DeckhandApp::new(ready(&db, &s), s, None));
    h.run_ok();
    tap(&mut h, "Seat 5");
    tap(&mut h, "Start round 1");
    wager(&mut h, "Seat 5 Ante", "5");
    tap(&mut h, "No more bets");
    h.get_by_label_contains("Seat 5: an Ante of $5.00 is below the table minimum of $10.00");
    assert!(!commands(&db).contains(&"wagers-placed".to_string()));
    tap(&mut h, "Clear");
    taps(&mut h, "1 0");
    // A side wager above its posted maximum (`side_wager_limits_cents`) is refused the same way.
    wager(&mut h, "Seat 5 Bonus", "30");
    tap(&mut h, "No more bets");
    h.get_by_label_contains("Seat 5: a Bonus of $30.00 is above the table maximum of $25.00");
    assert!(!commands(&db).contains(&"wagers-placed".to_string()));
    tap(&mut h, "Clear");
    taps(&mut h, "2 5");
    tap(&mut h, "No more bets");
    h.get_by_label_contains("From the hand");
    assert_eq!(commands(&db), ["wagers-placed", "bets-closed"]);
    let keyed = journal(&db)
        .into_iter()
        .find(|(k, _)| k == "wagers_placed")
        .unwrap()
        .1;
    assert_eq!(keyed["wagers"]["bonus"], 2500);
}

/// Lunar Poker (Chapter 589) from the hand: a Super declared, a sixth card bought, an exchange,
/// a straight flush declared for its instant payout, a dealer without ace-king forced by one
/// player, the replacement card keyed, and the settlement the same as `deckhand settle`'s.
#[test]
fn lunar_poker_with_draws_a_declaration_and_a_forced_dealer() {
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("lunar.sqlite");
    let s = setup(GameId::LunarPoker, Dealing::Hand);
    let mut h = harness(DeckhandApp::new(ready(&db, &s), s, None));
    h.run_ok();
    h.get_by_label("Table 12 · Lunar Poker");
    for seat in ["Seat 1", "Seat 2", "Seat 3", "Seat 4"] {
        tap(&mut h, seat);
    }
    tap(&mut h, "Start round 1");
    wager(&mut h, "Seat 1 Ante", "10");
    wager(&mut h, "Seat 1 Super", "5");
    for seat in 2..=4 {
        wager(&mut h, &format!("Seat {seat} Ante"), "10");
    }
    tap(&mut h, "No more bets");
    // § 589.9: from the hand, the dealer's fifth card face up.
    h.get_by_label_contains("Turn the dealer's fifth card face up.");
    h.get_by_label("§ 589.9");
    tap(&mut h, "Cards dealt");
    // Seat 1 declares a same colored five for the Super, then Bets (§ 589.11(b), (c)(2)).
    h.get_by_label("Seat 1 decides");
    tap(&mut h, "Declared for the Super: cards face up");
    tap(&mut h, "2× · $20.00");
    // Seat 2 buys a sixth card, seat 3 exchanges; seat 4 has no Super to declare for.
    tap(&mut h, "Buy a sixth card · fee $10.00");
    tap(&mut h, "Exchange 2 to 5 cards · fee $10.00");
    h.get_by_label("Seat 4 decides");
    assert!(
        h.query_by_label("Declared for the Super: cards face up")
            .is_none()
    );
    tap(&mut h, "Royal or straight flush: declared");
    // § 589.11(c): "all decisions are locked in": the declared hands are turned face up and
    // keyed, and their instant payout and the Super Wager settled before any other card.
    h.get_by_label("All decisions are locked in");
    assert!(h.query_by_label("Done").is_none());
    assert!(
        h.query_by_label("Seat 2: —").is_none(),
        "seat 2 did not declare"
    );
    taps(&mut h, "A♥ K♥ 9♦ 6♦ 3♥");
    h.get_by_label("Seat 1: A♥ K♥ 9♦ 6♦ 3♥");
    // Where it will be, greyed, until seat 4's cards are keyed too.
    let settle = h.get_by_label("Settle the lock-in");
    assert!(
        settle.accesskit_node().is_disabled(),
        "not before seat 4's cards"
    );
    let at = settle.rect();
    taps(&mut h, "9♠ 8♠ 7♠ 6♠ 5♠");
    assert_eq!(
        h.get_by_label("Settle the lock-in").rect(),
        at,
        "it stayed put"
    );
    // The rules settle the lock-in from the keyed cards; the dealer pays it, then goes on.
    tap(&mut h, "Settle the lock-in");
    h.get_by_label("Settle the lock-in in this order");
    h.get_by_label_contains("Seat 1 · Super:");
    h.get_by_label_contains("Seat 4 · Ante: instant payout, straight flush");
    // Above the table's floorperson threshold the lock-in is signed before it is paid, as a
    // round's settlement is (the walk of issue 43 paid $5,750 at lock-in unsigned).
    assert!(h.query_by_label("Lock-in paid").is_none());
    // The floor is called as for any signature the table waits for (issue 44).
    assert!(
        h.state().terminal().floor_call().is_some(),
        "the floor is called"
    );
    tap(&mut h, "Floorperson validates");
    // The pad covers the lines' ends on the screen: it names what the floorperson signs for,
    // the seat, its win and its cards, in its own words.
    let pad = h
        .get_by_label_contains(
            "Validate the lock-in's payouts before they are paid (§ 589.11(c)): ",
        )
        .accesskit_node()
        .value()
        .unwrap_or_default()
        .to_string();
    assert!(
        pad.contains(": seat 4: wins $") && pad.ends_with("· 9♠ 8♠ 7♠ 6♠ 5♠"),
        "{pad}"
    );
    common::play::floorperson_signs(&mut h);
    // Then the draws are dealt, seat by seat, before their decisions (§ 589.11(d)(2)).
    let then = h.get_by_label(
        "Then collect the Options fees, and deal seat 2 its sixth card, seat 3 a card for each card it gives up.",
    );
    // What follows the payment reads after the lines paid, not above them.
    let paid_line = h.get_by_label_contains("Seat 4 · Ante: instant payout, straight flush");
    assert!(then.rect().min.y > paid_line.rect().max.y);
    tap(&mut h, "Lock-in paid");
    // The side panel says what the lock-in settled.
    h.get_by_label_contains("Super $5.00 (settled at lock-in)");
    // The Options fees the lock-in's screen had collected are not to be collected again (the
    // walk of issue 43 was told to collect seat 1's twice).
    assert_eq!(
        h.query_all_by_label_contains("Options fee $10.00 (collected after the lock-in)")
            .count(),
        2,
        "seats 2 and 3 drew"
    );
    // After the draw, only the drawers decide (§ 589.11(d)(2)(iii)).
    h.get_by_label("After the draw: Bet 2× the Ante, or fold");
    h.get_by_label("Seat 2 decides");
    tap(&mut h, "2× · $20.00");
    h.get_by_label("Seat 3 decides");
    tap(&mut h, "2× · $20.00");
    h.get_by_label("Reveal the dealer's cards and turn up the cards of each player who bet");
    tap(&mut h, "Done");
    // No device reads the hands: the results are offered; this walk keys every card.
    tap(&mut h, "Key every card instead");
    // The declared hands' cards are in from the lock-in.
    h.get_by_label("Seat 4: 9♠ 8♠ 7♠ 6♠ 5♠");
    taps(&mut h, "Q♠ Q♦ 7♣ 5♥ 2♠");
    taps(&mut h, "K♠ K♣ 8♦ 4♥ 3♣");
    taps(&mut h, "Q♣ J♣ 8♣ 4♠ 2♦");
    // Seat 2's sixth card, then seat 3 gives up two and draws two. The grid stays where it is
    // when seat 3's "Gives up" row comes (the walk saw it move and push Settle off the screen).
    h.get_by_label("Seat 2 sixth card: —");
    let grid = h.get_by_label("Q♥").rect();
    tap(&mut h, "Q♥");
    h.get_by_label("Gives up 8♦");
    assert_eq!(h.get_by_label("Q♥").rect(), grid, "the grid moved");
    assert!(!common::ui::ready(&h, "Settle"), "not before every draw");
    tap(&mut h, "Gives up 8♦");
    tap(&mut h, "Gives up 4♥");
    taps(&mut h, "3♦ 7♥");
    h.get_by_label("Seat 3 exchange: gives up 8♦ 4♥, draws 3♦ 7♥");
    tap(&mut h, "Settle");
    // Queen high: the dealer does not qualify; each Bet player may force (§ 589.11(e)(2)).
    h.get_by_label("Seat 1 decides");
    tap(&mut h, "Force the dealer · fee $10.00");
    tap(&mut h, "No force");
    tap(&mut h, "No force");
    h.get_by_label_contains("discard the dealer's highest card and replace it");
    // A card already in play cannot replace it.
    assert!(h.get_by_label("Q♠").accesskit_node().is_disabled());
    tap(&mut h, "J♦");
    h.get_by_label("Settle in this order");
    let st = settlement(&db);
    assert_eq!(st["game"], "lunar-poker");
    let input = serde_json::json!({
        "game": "lunar-poker",
        "dealer": "Qc Jc 8c 4s 2d",
        "dealer_replacement": "Jd",
        "seats": [
            { "seat": 1, "cards": "Ah Kh 9d 6d 3h", "wagers": { "ante": 1000, "super": 500 },
              "declared": true, "bet": true, "force": true },
            { "seat": 2, "cards": "Qs Qd 7c 5h 2s", "wagers": { "ante": 1000 },
              "declared": false, "draw": { "buy": "Qh" }, "bet": true, "force": false },
            { "seat": 3, "cards": "Ks Kc 8d 4h 3c", "wagers": { "ante": 1000 },
              "declared": false, "draw": { "exchange": { "discard": "8d 4h", "replace": "3d 7h" } },
              "bet": true, "force": false },
            { "seat": 4, "cards": "9s 8s 7s 6s 5s", "wagers": { "ante": 1000 },
              "declared": true, "bet": false, "force": false }
        ]
    });
    // The amounts agree; who signs differs: at the table the $5,000 instant payout was paid at
    // the lock-in, so what is left to pay needs no signature, while `deckhand settle` sees the
    // whole round at once.
    assert!(st.get("signer").is_none(), "{st}");
    let mut whole = direct(&input);
    assert_eq!(whole["signer"], "floorperson");
    whole.as_object_mut().unwrap().remove("signer");
    assert_eq!(st, whole, "the screen and `deckhand settle` agree");
    // The forced dealer now holds a pair of jacks: seat 1's ace-king loses Ante and Bet; the
    // non-forcing players had the Ante paid 1 to 1 and the Bet returned (§ 589.12(d)).
    let net = |seat: u64| -> i64 {
        st["results"]
            .as_array()
            .unwrap()
            .iter()
            .filter(|r| r["seat"] == seat)
            .map(|r| r["net"].as_i64().unwrap())
            .sum()
    };
    assert!(net(4) > 0, "the straight flush's instant payout: {st}");
    // The payouts made at lock-in are the final settlement's, marked as settled then.
    let lock_in = journal(&db)
        .into_iter()
        .find(|(k, _)| k == "lock_in_settled")
        .map(|(_, p)| p["settlement"]["results"].clone())
        .unwrap();
    for early in lock_in.as_array().unwrap() {
        let same = st["results"]
            .as_array()
            .unwrap()
            .iter()
            .find(|w| w["seat"] == early["seat"] && w["wager"] == early["wager"])
            .unwrap();
        assert_eq!(same["paid"], early["paid"], "{early}");
        h.get_by_label(&format!(
            "Seat {} · {}  (settled at lock-in)",
            same["seat"],
            same["explanation"].as_str().unwrap()
        ));
    }
    assert_eq!(lock_in.as_array().unwrap().len(), 2);
    let fees: Vec<&serde_json::Value> = st["results"]
        .as_array()
        .unwrap()
        .iter()
        .filter(|w| w["wager"] == "options-fee")
        .collect();
    assert_eq!(fees.len(), 2, "{st}");
    for fee in fees {
        h.get_by_label(&format!(
            "Seat {} · {}  (collected after the lock-in)",
            fee["seat"],
            fee["explanation"].as_str().unwrap()
        ));
    }
    tap(&mut h, "Paid");
    assert_eq!(
        commands(&db),
        [
            "wagers-placed",
            "wagers-placed",
            "wagers-placed",
            "wagers-placed",
            "bets-closed",
            "dealt",
            "declared",
            "decided",
            "draw-bought",
            "draw-bought",
            "declared",
            "locked-in",
            "validated",
            "lock-in-paid",
            "decided",
            "decided",
            "revealed",
            "cards-keyed",
            "decided",
            "decided",
            "decided",
            "replacement",
            "settled",
            "paid"
        ]
    );
    let t = h.state().terminal().table();
    assert!(t.round.is_none() && t.rounds_played == 1);
    // The replay says what was drawn and who forced, in the game's words (the walk of issue 43
    // found the draws left out and the force read as "wagers 1× the Ante").
    let steps = deckhand::store::replay::round_steps_file(&db, 1).unwrap();
    let whats: Vec<&str> = steps.iter().map(|s| s.what.as_str()).collect();
    for want in [
        "seat 2 drew Q♥",
        "seat 3 gave up 8♦ 4♥ for 3♦ 7♥",
        "Seat 2: Bet $20.00",
        "Seat 1: Forcing fee $10.00",
        "Seat 2: no Forcing fee",
        // A reveal reads as the step the screen asked for, not "The dealer revealed".
        "Done: reveal the dealer's cards and turn up the cards of each player who bet",
    ] {
        assert!(whats.iter().any(|w| w.contains(want)), "{want}: {whats:#?}");
    }
}

/// Spanish 21 (Chapter 635a) from a manual dealing shoe: the deal keyed as it comes out, a
/// Match-the-Dealer, insurance on an ace, the card reader, a split of two kings with a draw on
/// each, a double down and its rescue, a surrender, a hit to a five-card 21, the dealer's hole
/// card and draws to 17; the settlement the same as `deckhand settle`'s.
#[test]
fn spanish_21_hands_keyed_as_dealt() {
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("s21.sqlite");
    let s = setup(GameId::Spanish21, Dealing::ManualShoe);
    let mut h = harness(DeckhandApp::new(ready(&db, &s), s, None));
    h.run_ok();
    h.get_by_label("Table 12 · Spanish 21");
    for seat in ["Seat 1", "Seat 2", "Seat 3", "Seat 4"] {
        tap(&mut h, seat);
    }
    tap(&mut h, "Start round 1");
    wager(&mut h, "Seat 1 Spanish 21", "10");
    wager(&mut h, "Seat 1 Match the Dealer", "5");
    for seat in 2..=4 {
        wager(&mut h, &format!("Seat {seat} Spanish 21"), "10");
    }
    tap(&mut h, "No more bets");
    h.get_by_label_contains("Key each box's two cards and your up card (§ 635a.7(b), (e)).");
    // A 10 is not in a Spanish deck (§ 635a.3(a)).
    assert!(h.get_by_label("10♠").accesskit_node().is_disabled());
    assert!(
        !common::ui::ready(&h, "Cards dealt"),
        "not before every card"
    );
    taps(&mut h, "K♠ A♦"); // seat 1 (the ace matches the dealer's up card)
    taps(&mut h, "K♥ K♦"); // seat 2
    taps(&mut h, "6♣ 5♦"); // seat 3
    taps(&mut h, "9♠ 7♦"); // seat 4
    tap(&mut h, "A♣"); // the dealer's up card
    h.get_by_label("Dealer up card: A♣");
    tap(&mut h, "Cards dealt");
    // § 635a.7(f): Match-the-Dealer first.
    // The amount to pay, from the posted 6-deck table: an unsuited match pays 4 to 1 on $5.
    h.get_by_label("Seat 1: A♦ matches A♣: pay $20.00");
    tap(&mut h, "Match the Dealer settled");
    // § 635a.8: insurance on the ace, box by box.
    h.get_by_label("Seat 1: insurance?");
    // Even money is not in this casino's Rules Submission (§ 635a.8(e)).
    assert!(h.query_by_label("Even money · $10.00").is_none());
    tap(&mut h, "No insurance");
    h.get_by_label("Seat 2: insurance?");
    tap(&mut h, "Insure · $5.00");
    tap(&mut h, "No insurance");
    tap(&mut h, "No insurance");
    // § 635a.7(g): the card reader.
    h.get_by_label("Read the hole card");
    tap(&mut h, "No Blackjack");
    // § 635a.8(d): seat 2's losing insurance is collected before any card is drawn.
    h.get_by_label("Collect the losing insurance");
    h.get_by_label_contains("Seat 2: $5.00");
    assert!(h.query_by_label("Split · $10.00").is_none());
    tap(&mut h, "Insurance collected");
    // Seat 1 has Blackjack: nothing to decide. Seat 2 splits the kings.
    h.get_by_label("Seat 2 decides");
    h.get_by_label("Seat 2: K♥ K♦ · 20");
    tap(&mut h, "Split · $10.00");
    // § 635a.11(b): the split's first hand is dealt its card and decided before the second
    // hand gets one ("Hand 1 of 2", then "Hand 2 of 2").
    h.get_by_label("Hand 1 of 2");
    tap(&mut h, "9♣"); // K♥ 9♣
    tap(&mut h, "Stand");
    h.get_by_label("Hand 2 of 2");
    tap(&mut h, "7♠"); // K♦ 7♠
    tap(&mut h, "Stand");
    // Seat 3 doubles on 11, then rescues.
    h.get_by_label("Seat 3 decides");
    let stand_at = h.get_by_label("Stand").rect();
    tap(&mut h, "Double · $10.00");
    // § 635a.7(i): each decision's card is keyed as it is dealt, one tap; the double down's
    // one card is dealt sideways.
    h.get_by_label("Deal the double down card sideways: tap it.");
    tap(&mut h, "2♥");
    // The decisions keep their places: "Rescue" is not where "Double" was tapped.
    let double = h.get_by_label("Double · $10.00");
    assert!(double.accesskit_node().is_disabled());
    let doubled_at = double.rect();
    assert_ne!(h.get_by_label("Rescue").rect(), doubled_at);
    h.get_by_label_contains("Seat 3 · Spanish 21 $10.00 · 6♣ 5♦ 2♥ · 13 (doubled $10.00)");
    tap(&mut h, "Rescue");
    // The side panel no longer calls the hand doubled (the walk of issue 43 saw it still did).
    h.get_by_label_contains("Seat 3 · Spanish 21 $10.00 · 6♣ 5♦ 2♥ · 13 (rescued)");
    // Seat 4 hits 16 to a five-card 21; the cover card comes out on its box (§ 635a.7(d)).
    h.get_by_label("Seat 4 decides");
    // The hand before, ended by a card, says what it came to, and that it was rescued (the
    // walk of issue 43 read a doubled hand's line without the double).
    h.get_by_label("· Last hand: seat 3: 6♣ 5♦ 2♥ · 13 (rescued)");
    // On the up card's line: the decisions keep their places (the walk saw them 50 px lower).
    assert_eq!(h.get_by_label("Stand").rect(), stand_at);
    tap(&mut h, "Cover card");
    h.get_by_label_contains("Cover card out (on seat 4's betting area): finish this round");
    taps(&mut h, "2♣ A♠");
    h.get_by_label("Seat 4: 9♠ 7♦ 2♣ A♠ · 19");
    tap(&mut h, "2♦");
    // The five-card 21 moved the screen on with its last card: the dealer's step shows it
    // (the walk of issue 43 saw the hand's card never shown).
    h.get_by_label("· Last hand: seat 4: 9♠ 7♦ 2♣ A♠ 2♦ · 21");
    // The side panel says each hand's total too.
    h.get_by_label_contains("Seat 4 · Spanish 21 $10.00 · 9♠ 7♦ 2♣ A♠ 2♦ · 21");
    // The dealer: hole card, then draws to 17 (soft 17 stands).
    // § 635a.7(k): only once every hand is decided is the hole card turned up, then each draw
    // keyed face up with the dealer's total shown after it.
    h.get_by_label("Turn up your hole card");
    tap(&mut h, "5♣"); // A 5: soft 16
    h.get_by_label("Dealer: A♣ 5♣ · soft 16");
    tap(&mut h, "A♥"); // soft 17: the dealer stands, the round settles
    h.get_by_label("Settle in this order");
    // The dealer's final hand stays on the screen while the wagers are paid against it.
    h.get_by_label("Dealer's hand: A♣ 5♣ A♥ · soft 17");
    let st = settlement(&db);
    assert_eq!(st["game"], "spanish-21");
    let input = serde_json::json!({
        "game": "spanish-21",
        "dealer": "Ac 5c Ah",
        "seats": [
            { "seat": 1, "wagers": { "spanish_21": 1000, "match_the_dealer": 500 },
              "surrender": false, "hands": [ { "cards": "Ks Ad", "double": 0, "rescue": false } ] },
            { "seat": 2, "wagers": { "spanish_21": 1000, "insurance": 500 }, "surrender": false,
              "hands": [ { "cards": "Kh 9c", "double": 0, "rescue": false },
                         { "cards": "Kd 7s", "double": 0, "rescue": false } ] },
            { "seat": 3, "wagers": { "spanish_21": 1000 }, "surrender": false,
              "hands": [ { "cards": "6c 5d 2h", "double": 1000, "rescue": true } ] },
            { "seat": 4, "wagers": { "spanish_21": 1000 }, "surrender": false,
              "hands": [ { "cards": "9s 7d 2c As 2d", "double": 0, "rescue": false } ] }
        ]
    });
    assert_eq!(st, direct(&input), "the screen and `deckhand settle` agree");
    tap(&mut h, "Paid");
    let t = h.state().terminal().table();
    assert!(t.round.is_none() && t.rounds_played == 1);
    // The shoe is reshuffled and the cut offered to seat 4's player (§ 635a.5(c)(2)).
    h.get_by_label("Shuffle the shoe and offer the cut");
    h.get_by_label_contains(
        "to the player at seat 4, on whose betting area the cover card appeared",
    );
    tap(&mut h, "Shuffled, cut and in the shoe");
    h.get_by_label_contains("Burn");
}

/// The Spanish 21 shoe deals round after round until the cover card comes out (§ 635a.5(a),
/// § 635a.7(d)); a new shoe and each new dealer burn a card first (§ 635a.7(c)); a surrender
/// with nothing left for the dealer to draw to, and a dealer Blackjack from the card reader.
#[test]
fn spanish_21_shoe_deals_on_until_the_cover_card() {
    use deckhand::rules::banked::round::BankedCommand as B;
    use deckhand::rules::banked::spanish21::play21::Command21 as P;
    use deckhand::rules::cards::parse_cards;
    use deckhand::rules::table::Confirm;
    let c = |s: &str| parse_cards(s).unwrap();
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("shoe.sqlite");
    let s = setup(GameId::Spanish21, Dealing::ManualShoe);
    let mut t = ready(&db, &s);
    let b = |c: B| Command::Banked(c);
    // The dealer's last card settles the round: the rules' settlement is `deckhand settle`'s.
    let settle = |t: &mut Terminal| {
        let r = t.table().round.clone().unwrap().banked.unwrap();
        let st = serde_json::to_value(r.settlement.clone().expect("settled")).unwrap();
        assert_eq!(st, direct(&r.settle_input(&Default::default())));
        t.execute(b(B::Paid)).unwrap();
        st
    };
    let wager = |t: &mut Terminal| {
        t.execute(b(B::Wagers {
            seat: 1,
            wagers: [("ante".to_string(), 1000)].into(),
        }))
        .unwrap();
        t.execute(b(B::NoMoreBets)).unwrap();
    };
    // Round 1: a surrender of 19 against a 6 (§ 635a.9(a)(1)); the dealer turns the hole card
    // and draws nothing: no hand is left to decide (§ 635a.7(m)).
    let Step::StartRound { deck, .. } = t.table().step() else {
        panic!("{:?}", t.table().step())
    };
    t.execute(Command::StartRound { seats: vec![1] }).unwrap();
    wager(&mut t);
    t.execute(b(B::from(P::Dealt {
        seats: vec![(1, c("Ks 9d"))],
        up: c("6h")[0],
        read: vec![],
    })))
    .unwrap();
    // A 10 is refused: not in a Spanish deck.
    let e = t
        .execute(b(B::from(P::Card {
            card: c("Ts")[0],
            read: None,
        })))
        .unwrap_err();
    assert!(e.contains("no 10s (§ 635a.3(a))"), "{e}");
    let e = t.execute(b(B::from(P::Split))).unwrap_err();
    assert!(e.contains("equal in value (§ 635a.11(a))"), "{e}");
    t.execute(b(B::from(P::Surrender))).unwrap();
    t.execute(b(B::from(P::Card {
        card: c("Jc")[0],
        read: None,
    })))
    .unwrap();
    let st = settle(&mut t);
    assert_eq!(
        st["totals"]["players"].as_i64().unwrap(),
        -500,
        "half the wager: {st}"
    );
    // The shoe deals on: no shuffle, no burn, the same shoe.
    assert_eq!(t.table().step(), Step::StartRound { deck, load: None });
    // A new dealer burns a card before dealing (§ 635a.7(c)).
    t.execute(Command::SignOut).unwrap();
    t.sign_in("Alex Rivera", "20417", "112233").unwrap();
    assert_eq!(t.table().step(), Step::BurnCard);
    t.execute(Command::Confirm(Confirm::CardBurned)).unwrap();
    assert_eq!(t.table().step(), Step::StartRound { deck, load: None });
    // Round 2: an ace up, insurance, the reader finds Blackjack: no more cards (§ 635a.7(g)).
    t.execute(Command::StartRound { seats: vec![1] }).unwrap();
    wager(&mut t);
    t.execute(b(B::from(P::Dealt {
        seats: vec![(1, c("9c 8c"))],
        up: c("As")[0],
        read: vec![],
    })))
    .unwrap();
    t.execute(b(B::from(P::Insure {
        seat: 1,
        amount: 500,
    })))
    .unwrap();
    t.execute(b(B::from(P::Reader { blackjack: true })))
        .unwrap();
    // The cover card came out on seat 1's box; a seat without a box is refused.
    let e = t
        .execute(b(B::from(P::CoverCard { seat: Some(6) })))
        .unwrap_err();
    assert!(e.contains("seat 6 has no box"), "{e}");
    t.execute(b(B::from(P::CoverCard { seat: Some(1) })))
        .unwrap();
    // The hole card must agree with the reader.
    let e = t
        .execute(b(B::from(P::Card {
            card: c("9h")[0],
            read: None,
        })))
        .unwrap_err();
    assert!(e.contains("reader said Blackjack"), "{e}");
    t.execute(b(B::from(P::Card {
        card: c("Kd")[0],
        read: None,
    })))
    .unwrap();
    let st = settle(&mut t);
    // The wager lost, insurance paid 2 to 1: even.
    assert_eq!(st["totals"]["players"].as_i64().unwrap(), 0, "{st}");
    // The cover card came out: the shoe is reshuffled, then a card burned.
    // § 635a.5(f): the cover card reached, the round is finished and the shoe must be shuffled
    // before the next (after round 1, with no cover card, the same shoe dealt on).
    // § 635a.7(d): the cover card out during play, the round was completed (settled above), then the shoe goes to the shuffle.
    assert!(
        matches!(t.table().step(), Step::ShuffleManually { .. }),
        "{:?}",
        t.table().step()
    );
    // § 635a.5(c)(2): the cut is offered to the player on whose box the cover card appeared.
    assert_eq!(
        t.table().cut_offer,
        deckhand::rules::table::CutOffer::Seat { seat: 1 }
    );
    t.execute(Command::Confirm(Confirm::ShuffledAndCut))
        .unwrap();
    assert_eq!(t.table().step(), Step::BurnCard);
    let burns = journal(&db)
        .iter()
        .filter(|(k, _)| k == "card_burned")
        .count();
    assert_eq!(burns, 2, "the opening shoe's and the new dealer's");
}

/// Where the Rules Submission offers it (`[house.spanish-21] even_money_offered`), a Blackjack
/// against an ace may be paid even money instead of insuring (§ 635a.8(e)): it is paid 1 to 1
/// whatever the dealer holds, and the hand takes no further part. The casino's insurance chip
/// unit (a $5 wager insures $3 with $1 chips, § 635a.8(b)) and its re-split limit (none here,
/// § 635a.11(c)) shape what the screen offers.
#[test]
fn spanish_21_even_money_on_a_blackjack() {
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("even.sqlite");
    let s = setup(GameId::Spanish21, Dealing::ManualShoe);
    let mut rules = deckhand::rules::banked::HouseRules::default();
    rules.edit(|g: &mut deckhand::rules::banked::spanish21::Rules| g.even_money_offered = true);
    rules.edit(|g: &mut deckhand::rules::banked::spanish21::Rules| g.resplits = 0);
    let paytables = deckhand::rules::banked::paytable::Paytables::embedded().unwrap();
    let mut s = s;
    s.poker.house = Some(Box::new(
        deckhand::rules::banked::House::for_game(GameId::Spanish21, &rules, &paytables).unwrap(),
    ));
    let mut h = harness(DeckhandApp::new(ready(&db, &s), s, None));
    h.run_ok();
    tap(&mut h, "Seat 1");
    tap(&mut h, "Seat 2");
    tap(&mut h, "Start round 1");
    wager(&mut h, "Seat 1 Spanish 21", "10");
    wager(&mut h, "Seat 2 Spanish 21", "5");
    tap(&mut h, "No more bets");
    taps(&mut h, "K♠ A♦ K♥ K♦ A♣");
    tap(&mut h, "Cards dealt");
    h.get_by_label("Seat 1: insurance?");
    h.get_by_label_contains("A Blackjack may take even money instead");
    tap(&mut h, "Even money · $10.00");
    // Seat 2 has no Blackjack: insurance only.
    h.get_by_label("Seat 2: insurance?");
    assert!(h.query_by_label_contains("Even money").is_none());
    // § 635a.8(b): asked before the reader; on seat 2's $5 wager insurance goes to $3.00, the $1 chip above half.
    h.get_by_label("Insure · $3.00");
    tap(&mut h, "No insurance");
    tap(&mut h, "No Blackjack");
    h.get_by_label("Seat 2 decides");
    tap(&mut h, "Split · $5.00");
    tap(&mut h, "K♣"); // K♥ K♣: a pair again, but no re-split at this casino
    h.get_by_label("Seat 2: K♥ K♣ · 20");
    assert!(
        h.get_by_label("Split · $5.00")
            .accesskit_node()
            .is_disabled()
    );
    tap(&mut h, "Stand");
    tap(&mut h, "9♣"); // K♦ 9♣
    tap(&mut h, "Stand");
    tap(&mut h, "9♦"); // the dealer's soft 20 stands
    h.get_by_label("Settle in this order");
    let st = settlement(&db);
    let seat1: Vec<&serde_json::Value> = st["results"]
        .as_array()
        .unwrap()
        .iter()
        .filter(|w| w["seat"] == 1)
        .collect();
    assert_eq!(seat1.len(), 1, "{st:#}");
    assert_eq!(seat1[0]["result"], "win");
    assert_eq!(seat1[0]["paid"], 2000, "the wager back and 1 to 1");
    assert!(
        seat1[0]["explanation"]
            .as_str()
            .unwrap()
            .contains("even money"),
        "{st:#}"
    );
    assert!(commands(&db).contains(&"spanish21".to_string()));
    let even = journal(&db)
        .into_iter()
        .any(|(k, p)| k == "spanish21_play" && p["what"]["play"] == "even-money");
    assert!(even, "the even money is journaled");
}

/// A progressive wager needs the controller that accepts it and locks it out (§ 657a.8(b)):
/// with none at the table the screen offers no Progressive spot and the terminal refuses one,
/// saying why, and the other wagers stand.
#[test]
fn no_progressive_wager_without_its_controller() {
    use deckhand::rules::banked::round::BankedCommand as B;
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("noprog.sqlite");
    let s = setup(GameId::Crazy4Poker, Dealing::Hand);
    let mut t = ready(&db, &s);
    t.execute(Command::StartRound { seats: vec![2] }).unwrap();
    let e = t
        .execute(Command::Banked(B::Wagers {
            seat: 2,
            wagers: [("ante".to_string(), 500), ("progressive".to_string(), 100)].into(),
        }))
        .unwrap_err();
    // § 657a.2(c): without a connected progressive controller no Progressive Payout Wager is
    // taken: the rules refuse it and the screen offers no spot for it.
    // § 655a.2(c): the same refusal at a Mississippi Stud table (`progressive_refusal` is the
    // terminal's, whatever the game; its words cite § 655a.8(b) too).
    // § 647a.2(c): at Texas Hold 'Em Bonus likewise a Progressive Payout Wager needs the
    // linked controller (the refusal is the terminal's for every game, citing § 647a.2(c)).
    assert!(
        e.contains("seat 2: no progressive controller is connected to this table"),
        "{e}"
    );
    assert!(e.contains("§ 657a.8(b)"), "{e}");
    assert!(!commands(&db).contains(&"wagers-placed".to_string()));
    let mut h = harness(DeckhandApp::new(t, s, None));
    h.run_ok();
    h.get_by_label("Progressive: not accepted\n(no progressive controller)");
    assert!(h.query_by_label_contains("Seat 2 Progressive").is_none());
    wager(&mut h, "Seat 2 Ante", "5");
    tap(&mut h, "No more bets");
    assert_eq!(commands(&db), ["wagers-placed", "bets-closed"]);
}

/// From sign-in, Crazy 4 Poker's second round: "Same bets" keys the last round's wagers for the
/// seats dealt in again with one tap, a seat that changed is keyed over by exception, and the
/// rules take what the layout holds at "No more bets".
#[test]
fn same_bets_keys_the_last_rounds_wagers_with_one_tap() {
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("same.sqlite");
    let mut h = common::ui::real_app(&db, 1024.0, 768.0, 0.25);
    common::play::open_with_seats(&mut h, GameId::Crazy4Poker, tap, &[2, 4, 6]);
    // Round 1: nothing to repeat yet.
    let same = h.get_by_label("Same bets");
    assert!(same.accesskit_node().is_disabled());
    common::play::play_out(&mut h);
    assert_eq!(h.state().terminal().table().rounds_played, 1);
    if common::ui::ready(&h, "Shuffled and cut") {
        tap(&mut h, "Shuffled and cut");
    }
    tap(&mut h, "Start round 2");
    let before = common::ui::taps_so_far();
    tap(&mut h, "Same bets");
    // Each seat's spots hold the $10 Ante and the equal Super Bonus, as the map says.
    h.get_by_label("Table map: seat 2 $20.00, seat 4 $20.00, seat 6 $20.00");
    h.get_by_label("Seat 2 Ante: $10");
    // Seat 4 raised its Ante: keyed over, that seat only.
    tap(&mut h, "Wagers of seat 4");
    tap(&mut h, "Seat 4 Ante: $10");
    taps(&mut h, "Clear 2 5");
    // Seat 6 too, without Clear: a digit keys over a repeated amount, never adds to it ($10,
    // then 2 and 0, is $20, not $1020).
    tap(&mut h, "Wagers of seat 6");
    tap(&mut h, "Seat 6 Ante: $10");
    taps(&mut h, "2 0");
    h.get_by_label("Seat 6 Ante: $20");
    tap(&mut h, "No more bets");
    // One tap for the three seats, five and four for the two that changed, and "No more bets"
    // (keyed seat by seat, the three $10 Antes alone took twelve taps: tab, spot and two digits
    // each).
    assert_eq!(common::ui::taps_so_far() - before, 11);
    let t = h.state().terminal().table();
    let r = t.round.as_ref().and_then(|r| r.banked.as_ref()).unwrap();
    assert_eq!(r.ante(2), 1_000);
    assert_eq!(r.ante(4), 2_500);
    assert_eq!(r.ante(6), 2_000);
    assert!(!matches!(
        r.step,
        deckhand::rules::banked::round::BankedStep::Wagers
    ));
}

/// "Same bets" repeats the last round of the same game only: after the table is closed and
/// opened with another game, the first round's wagers are keyed, never another game's antes.
#[test]
fn same_bets_never_carries_wagers_into_another_game() {
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("games.sqlite");
    let mut h = common::ui::real_app(&db, 1024.0, 768.0, 0.25);
    common::play::open_with_seats(&mut h, GameId::MississippiStud, tap, &[2, 4]);
    common::play::play_out(&mut h);
    if common::ui::ready(&h, "Shuffled and cut") {
        tap(&mut h, "Shuffled and cut");
    }
    tap(&mut h, "Close table");
    tap(&mut h, "Close the table");
    tap(&mut h, GameId::WptHeadsUp.name());
    tap(&mut h, "Open table");
    let inspected = common::play::first_ready(&h, &["Decks inspected", "Deck inspected"]);
    tap(&mut h, inspected.expect("the inspection's button"));
    tap(&mut h, "Floorperson verify");
    common::play::floorperson_signs(&mut h);
    tap(&mut h, "Player has inspected");
    let washed = common::play::first_ready(&h, &["Decks washed", "Deck washed"]);
    tap(&mut h, washed.expect("the wash's button"));
    tap(&mut h, "Shuffled and cut");
    tap(&mut h, "Seat 2");
    tap(&mut h, "Start round 2");
    let same = h.get_by_label("Same bets");
    assert!(
        same.accesskit_node().is_disabled(),
        "Mississippi Stud's wagers are not WPT's"
    );
}

/// Six Crazy 4 Poker players' settlement is longer than a 1024×768 screen: its lines scroll
/// under the title and Paid, which stay where the dealer's finger is.
#[test]
fn six_players_settlement_scrolls_under_paid() {
    use common::play::{open_with_seats, play_step};
    let dir = tempfile::tempdir().unwrap();
    let mut h = common::ui::real_app(&dir.path().join("six.sqlite"), 1024.0, 768.0, 0.25);
    open_with_seats(&mut h, GameId::Crazy4Poker, tap, &[1, 2, 3, 4, 5, 6]);
    // Each seat an Ante and a Queens Up: four lines a seat to settle.
    for seat in 1..=6 {
        tap(&mut h, &format!("Wagers of seat {seat}"));
        tap(&mut h, &format!("Seat {seat} Ante: —"));
        common::ui::keys(&mut h, "10");
        tap(&mut h, &format!("Seat {seat} Queens Up: —"));
        common::ui::keys(&mut h, "5");
    }
    tap(&mut h, "No more bets");
    let mut taps = 0;
    while !matches!(
        h.state().terminal().table().step(),
        deckhand::rules::table::Step::Banked {
            step: deckhand::rules::banked::round::BankedStep::Pay { .. },
            ..
        }
    ) {
        assert!(play_step(&mut h, &mut taps) && taps < 100, "no settlement");
    }
    // Paid, or the signature a payout waits for: the step's gold button.
    let gold = common::play::first_ready(
        &h,
        &["Paid", "Floorperson validates", "Supervisor approves"],
    )
    .expect("the settlement's button");
    let title = h.get_by_label("Settle in this order").rect();
    let paid = h.get_by_label(gold).rect();
    assert!(paid.max.y < 768.0, "{paid:?}");
    let line = || h.get_by_label_contains("Seat 6 · Ante:").rect().min.y;
    let before = line();
    // The wheel (or a finger) scrolls the lines up, over them.
    h.event(egui::Event::PointerMoved(egui::pos2(350.0, 650.0)));
    for _ in 0..5 {
        h.event(egui::Event::MouseWheel {
            unit: egui::MouseWheelUnit::Point,
            delta: egui::vec2(0.0, -120.0),
            phase: egui::TouchPhase::Move,
            source: egui::MouseWheelSource::Wheel,
            modifiers: Default::default(),
        });
        h.step();
    }
    h.run_ok();
    // The lines moved up; the title and the button did not.
    let after = h.get_by_label_contains("Seat 6 · Ante:").rect().min.y;
    assert!(
        after < before - 100.0,
        "the lines did not scroll: {before} → {after}"
    );
    assert_eq!(h.get_by_label("Settle in this order").rect(), title);
    assert_eq!(h.get_by_label(gold).rect(), paid);
}
