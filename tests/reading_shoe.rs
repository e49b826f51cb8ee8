//! A card-reading automated dealing shoe (`hw/shuffler-protocol.md`, version 2), from the real
//! start: `deckhand`'s built-in simulated shuffler on a pseudo-terminal pair, a Crazy 4 Poker
//! table dealing from it (§ 657a.10), six players. The shoe dispenses each stack from a deck it
//! shuffled at random and reads it as it leaves; the places fill at the settlement, one tap
//! confirms them all; a misread is corrected and the journal keeps both; no card reaches the
//! journal or the screen before it is face up.

use crate::common;

use common::play::{open_with_reading_shoe, play_step, wait_for_the_stacks};
use common::ui::{app_with, payloads, real_config, tap, taps_so_far};
use deckhand::rules::banked::round::BankedStep;
use deckhand::rules::cards::Card;
use deckhand::rules::games::GameId;
use deckhand::rules::registry::Dealing;
use deckhand::rules::table::Step;
use deckhand::ui::DeckhandApp;
use egui_kittest::Harness;
use egui_kittest::kittest::NodeT;
use egui_kittest::kittest::Queryable;

fn shoe_app(db: &std::path::Path) -> Harness<'static, DeckhandApp> {
    let mut config = real_config(db);
    config.shuffler.port = "simulated".into();
    config.table.dealing = Dealing::AutomatedShoe;
    app_with(&config, 1024.0, 768.0, 0.25)
}

fn step(h: &Harness<'_, DeckhandApp>) -> Step {
    h.state().terminal().table().step()
}

fn at(h: &Harness<'_, DeckhandApp>, want: BankedStep) -> bool {
    matches!(step(h), Step::Banked { step, .. } if step == want)
}

/// What the simulator really dealt, stack by stack.
fn truth(h: &Harness<'_, DeckhandApp>) -> Vec<(u8, Vec<Card>)> {
    h.state()
        .sim_script()
        .expect("the simulated shuffler")
        .lock()
        .unwrap()
        .dispensed
        .clone()
}

/// Plays the round to its cards step, the stacks all out before the decisions; on the way,
/// nothing the shoe read is on the screen or in the journal.
fn to_the_cards(h: &mut Harness<'_, DeckhandApp>, db: &std::path::Path) {
    let mut n = 0;
    let mut out = false;
    while !at(h, BankedStep::Cards) {
        if at(h, BankedStep::Deal) {
            wait_for_the_stacks(h);
            out = true;
        }
        if out {
            // Every stack is out, face down: the terminal holds them and shows none, at the
            // deal, the decisions and the reveal alike.
            assert!(h.state().terminal().hands_read().is_empty());
            for (_, cards) in truth(h) {
                for c in cards {
                    assert!(
                        h.query_by_label_contains(&c.pretty()).is_none(),
                        "{} shown before it is face up, at {:?}",
                        c.pretty(),
                        step(h)
                    );
                }
            }
        }
        assert!(play_step(h, &mut n), "the round ended before its cards");
        assert!(n < 100);
    }
    // The journal has each stack's count, never its cards.
    for p in payloads(db, "shuffler_hand_dispensed") {
        let v: serde_json::Value = serde_json::from_str(&p).unwrap();
        assert!(v["cards"].is_u64(), "a count only: {p}");
    }
}

/// The settlement's hands by place, as the `cards_keyed` row has them.
fn keyed_row(db: &std::path::Path) -> serde_json::Value {
    let rows = payloads(db, "cards_keyed");
    serde_json::from_str(rows.last().expect("a cards_keyed row")).unwrap()
}

#[test]
fn a_reading_shoe_fills_every_hand_and_one_tap_settles() {
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("shoe.sqlite");
    let mut h = shoe_app(&db);
    let seats = [1, 2, 3, 4, 5, 6];
    open_with_reading_shoe(&mut h, GameId::Crazy4Poker, &seats);
    assert!(
        h.state().terminal().reads_hands(),
        "the simulator reads hands"
    );
    to_the_cards(&mut h, &db);

    let dealt = truth(&h);
    assert_eq!(dealt.len(), 7, "six players' stacks and the dealer's");
    h.get_by_label_contains("Check each hand against the shoe's reading");
    let row = &h.state().terminal().table().round.as_ref().unwrap().banked;
    let only: Vec<u8> = row.as_ref().unwrap().seats.clone();
    for s in &only {
        h.get_by_label_contains(&format!("Seat {s} (read):"));
    }
    h.get_by_label_contains("Dealer (read):");
    let before = taps_so_far();
    let mut n = 0;
    assert!(play_step(&mut h, &mut n));
    assert_eq!(
        taps_so_far() - before,
        1,
        "one tap confirms every hand read"
    );

    let row = keyed_row(&db);
    let sources = row["sources"].as_array().expect("the hands' sources");
    assert!(!sources.is_empty());
    assert!(sources.iter().all(|s| s["source"] == "read"), "{sources:?}");
    // The journal's list says the shoe read them (none was keyed).
    let words = common::ui::last_row_words(&db, "cards_keyed");
    assert!(words.contains("cards read by the shoe"), "{words}");
    // § 657a.10(b): the shoe's stacks are delivered clockwise from the player farthest to the
    // left, the dealer's last: stack k fills the k-th seat dealt in.
    // Stack k went to the k-th seat clockwise from the dealer's left, the last to the dealer
    // (§ 657a.10(b)); what the record holds is what the shoe really dealt.
    for (seat, cards) in row["seats"].as_array().unwrap().iter().map(|v| {
        (
            v[0].as_u64().unwrap() as usize,
            serde_json::from_value::<Vec<Card>>(v[1].clone()).unwrap(),
        )
    }) {
        let k = seats.iter().position(|s| usize::from(*s) == seat).unwrap();
        assert_eq!(cards, dealt[k].1, "seat {seat}");
    }
    let dealer: Vec<Card> = serde_json::from_value(row["dealer"].clone()).unwrap();
    assert_eq!(dealer, dealt[6].1);
}

#[test]
fn a_misread_is_corrected_and_the_journal_keeps_the_reading_and_the_correction() {
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("misread.sqlite");
    let mut h = shoe_app(&db);
    open_with_reading_shoe(&mut h, GameId::Crazy4Poker, &[2, 4]);
    h.state().sim_script().unwrap().lock().unwrap().misread_next = true;
    to_the_cards(&mut h, &db);
    let dealt = truth(&h);
    let real = dealt[0].1.clone();
    let shown = h.state().terminal().hands_read();
    let read = shown[0].1.clone();
    assert_ne!(read, real, "the simulator misread the first stack");
    assert_eq!(read[1..], real[1..]);

    // The dealer sees seat 2's hand is not what the shoe says: selects it, clears it, keys it.
    let place = format!(
        "Seat 2 (read):\n{}",
        read.iter()
            .map(|c| c.pretty())
            .collect::<Vec<_>>()
            .join(" ")
    );
    tap(&mut h, &place);
    tap(&mut h, "Clear these cards");
    for c in &real {
        tap(&mut h, &c.pretty());
    }
    h.get_by_label_contains("Seat 2 (corrected):");
    tap(&mut h, "Settle");

    let row = keyed_row(&db);
    let sources = row["sources"].as_array().unwrap();
    let seat2 = sources
        .iter()
        .find(|s| s["place"]["seat"] == 2)
        .expect("seat 2's source");
    assert_eq!(seat2["source"], "corrected");
    assert_eq!(
        serde_json::from_value::<Vec<Card>>(seat2["read"].clone()).unwrap(),
        read
    );
    assert_eq!(
        serde_json::from_value::<Vec<Card>>(row["seats"][0][1].clone()).unwrap(),
        real
    );
    assert!(
        sources
            .iter()
            .filter(|s| s["place"]["seat"] != 2)
            .all(|s| s["source"] == "read"),
        "{sources:?}"
    );
    // Who corrected it: the dealer signed in on the row.
    let conn = rusqlite::Connection::open(&db).unwrap();
    let who: Option<String> = conn
        .query_row(
            "SELECT dealer_credential FROM journal WHERE kind = 'cards_keyed'",
            [],
            |r| r.get(0),
        )
        .unwrap();
    assert!(who.is_some());
}

/// Crazy 4 Poker from the reading shoe: a Play of 3× the Ante on a hand the shoe read below a
/// pair of aces is refused at the decision (§ 657a.11(b)): its button greyed before the tap,
/// with words that name no card, not at the settlement after the round; 1× is taken.
#[test]
fn a_raise_the_read_hand_does_not_allow_is_refused_at_the_decision() {
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("raise.sqlite");
    let mut h = shoe_app(&db);
    open_with_reading_shoe(&mut h, GameId::Crazy4Poker, &[1, 2, 3, 4, 5, 6]);
    let mut n = 0;
    while !matches!(
        step(&h),
        Step::Banked {
            step: BankedStep::Decide { .. },
            ..
        }
    ) {
        if at(&h, BankedStep::Deal) {
            wait_for_the_stacks(&mut h);
        }
        assert!(play_step(&mut h, &mut n));
    }
    let dealt = truth(&h);
    // Each seat in turn tries 3×; a hand below a pair of aces is refused and plays 1×.
    let mut refused = 0;
    while let Step::Banked {
        step: BankedStep::Decide { seat, .. },
        ..
    } = step(&h)
    {
        let k = usize::from(seat) - 1;
        let allowed =
            deckhand::rules::banked::crazy4::play_above_ante_allowed(&dealt[k].1).unwrap();
        // § 657a.11(b): above the Ante only with a pair of aces or better. The button says so
        // before the tap: greyed, with why beside it; a tap on it takes nothing.
        assert_eq!(
            h.get_by_label("3× · $30.00").accesskit_node().is_disabled(),
            !allowed,
            "seat {seat}"
        );
        tap(&mut h, "3× · $30.00");
        let deciding = |h: &Harness<'_, DeckhandApp>| matches!(step(h), Step::Banked { step: BankedStep::Decide { seat: s, .. }, .. } if s == seat);
        assert_eq!(deciding(&h), !allowed, "seat {seat}: {:?}", dealt[k].1);
        if !allowed {
            refused += 1;
            h.get_by_label_contains("below a pair of aces as the shoe read it: Play 1× or fold");
            for c in &dealt[k].1 {
                assert!(h.query_by_label_contains(&c.pretty()).is_none());
            }
            tap(&mut h, "1× · $10.00");
            assert!(!deciding(&h));
        }
    }
    assert!(
        refused > 0,
        "six hands, none below a pair of aces: {dealt:?}"
    );
}
