//! Spanish 21 dealt from a reading dealing shoe (`hw/shuffler-protocol.md`, version 2,
//! CARD_DRAWN), from the real start: `deckhand`'s built-in simulated shuffler on a
//! pseudo-terminal pair, its shoe shuffled at random, the simulated dealer's hand drawing the
//! cards the procedure asks for. The burn card goes by itself (§ 635a.7(c)); the deal fills its
//! places and one tap confirms it (§ 635a.7(e)); the hole card is on no screen and in no row
//! until the dealer turns it up (§ 635a.7(g), (k)); a draw is the card drawn, no tap; a misread
//! is corrected and the journal keeps the reading beside the card.

use crate::common;
use deckhand::rules::banked::round::GameStep;

use common::play::{open_with_reading_shoe, play_step, wait_a_little, wait_for_the_deal};
use common::ui::{app_with, payloads, real_config, tap, taps_so_far};
use deckhand::rules::banked::round::{BankedStep, HandPlace};
use deckhand::rules::banked::spanish21::play21::{Command21, Step21};
use deckhand::rules::cards::Card;
use deckhand::rules::games::GameId;
use deckhand::rules::registry::Dealing;
use deckhand::rules::table::{Event, Step};
use deckhand::ui::DeckhandApp;
use egui_kittest::Harness;
use egui_kittest::kittest::{NodeT, Queryable};

fn shoe_app(db: &std::path::Path) -> Harness<'static, DeckhandApp> {
    let mut config = real_config(db);
    config.shuffler.port = "simulated".into();
    config.table.dealing = Dealing::ManualShoe;
    app_with(&config, 1024.0, 768.0, 0.25)
}

fn at21(h: &Harness<'_, DeckhandApp>) -> Option<Step21> {
    match h.state().terminal().table().step() {
        Step::Banked {
            step: BankedStep::Own(GameStep::Spanish21(at)),
            ..
        } => Some(at),
        _ => None,
    }
}

/// What the simulated shoe really let out, card by card: (number, card).
fn truth(h: &Harness<'_, DeckhandApp>) -> Vec<(u16, Card)> {
    let s = h.state().sim_script().expect("the simulated shuffler");
    let s = s.lock().unwrap();
    s.drawn.iter().map(|(_, n, c)| (*n, *c)).collect()
}

/// The journal's Spanish 21 plays, in order, with each row's sentence.
fn plays(db: &std::path::Path) -> Vec<(Command21, String)> {
    payloads(db, "spanish21_play")
        .iter()
        .map(|p| {
            let e: Event = serde_json::from_str(p).unwrap();
            let Some((_, what)) = (match &e {
                Event::Banked(b) => b.play21(),
                _ => None,
            }) else {
                panic!("not a Spanish 21 play: {p}");
            };
            (what.clone(), e.sentence())
        })
        .collect()
}

/// The boxes' cards, the up card, the shoe's reading and the row's sentence.
type Deal = (
    Vec<(u8, Vec<Card>)>,
    Card,
    Vec<(HandPlace, Vec<Card>)>,
    String,
);

/// The deal as journaled.
fn dealt(db: &std::path::Path) -> Deal {
    plays(db)
        .into_iter()
        .find_map(|(c, said)| match c {
            Command21::Dealt { seats, up, read } => Some((seats, up, read, said)),
            _ => None,
        })
        .expect("a deal row")
}

/// The cards dealt one by one after the deal, as journaled: (card, what the shoe read).
fn cards(db: &std::path::Path) -> Vec<(Card, Option<Card>)> {
    plays(db)
        .into_iter()
        .filter_map(|(c, _)| match c {
            Command21::Card { card, read } => Some((card, read)),
            _ => None,
        })
        .collect()
}

/// The hole card is in no place on the screen (the card grid's key for it aside), unless
/// another card of the deal (`others`) is the same.
fn hole_card_hidden(h: &Harness<'_, DeckhandApp>, others: &[Card], hole: Card) {
    if others.contains(&hole) {
        return;
    }
    let shown: Vec<String> = h
        .query_all_by_label_contains(&hole.pretty())
        .filter_map(|n| n.accesskit_node().label())
        .filter(|l| *l != hole.pretty())
        .collect();
    assert!(
        shown.is_empty(),
        "the hole card {} is shown before its reveal: {shown:?}",
        hole.pretty()
    );
}

/// Played on to the dealer's turn, the hole card the shoe read turned up with one tap: the
/// dealer's hand is the up card and that hole card.
fn turn_up_the_hole_card(h: &mut Harness<'_, DeckhandApp>, up: Card, hole: Card) {
    let mut n = 0;
    while !h.state().terminal().hole_card_held() {
        assert!(
            play_step(h, &mut n),
            "the round ended before the dealer's turn"
        );
        assert!(n < 40);
    }
    tap(h, "Hole card turned up");
    let r = h.state().terminal().table().round.clone().unwrap();
    assert_eq!(r.banked.unwrap().dealer[..2], [up, hole]);
}

/// Round 1 opened from sign-in at a reading shoe, the wagers keyed and closed: at the deal.
fn to_the_deal(h: &mut Harness<'_, DeckhandApp>, seats: &[u8]) {
    open_with_reading_shoe(h, GameId::Spanish21, seats);
    let mut n = 0;
    while at21(h) != Some(Step21::Deal) {
        assert!(play_step(h, &mut n), "the round ended before its deal");
        assert!(n < 20);
    }
}

#[test]
fn the_shoe_burns_and_deals_and_one_tap_confirms_the_deal_with_the_hole_card_hidden() {
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("s21shoe.sqlite");
    let mut h = shoe_app(&db);
    let seats = [1, 2, 3, 4, 5, 6];
    to_the_deal(&mut h, &seats);
    assert!(
        h.state().terminal().reads_draws(),
        "the simulator reads draws"
    );
    // The burn card went by itself: drawn, read and journaled with no tap (§ 635a.7(c)).
    assert_eq!(
        common::ui::kinds(&db)
            .iter()
            .filter(|k| *k == "card_burned")
            .count(),
        1
    );
    let burned = truth(&h).len();
    assert_eq!(
        burned, 1,
        "the burn card is the only card out before the deal"
    );

    // While the shoe deals, the screen shows the deal as it comes out, not a form to key.
    h.state().sim_script().unwrap().lock().unwrap().draw_time =
        std::time::Duration::from_millis(60);
    let deadline = std::time::Instant::now() + std::time::Duration::from_secs(10);
    loop {
        wait_a_little(&mut h);
        if let Some((out, of)) = h.state().terminal().deal_drawn()
            && out >= 2
            && out < of
        {
            break;
        }
        assert!(
            std::time::Instant::now() < deadline,
            "the deal never started"
        );
    }
    let first = truth(&h)[burned].1;
    h.get_by_label_contains(&format!("Seat 1: {}", first.pretty()));
    h.get_by_label("Key the cards by hand");
    assert!(
        h.query_by_label("Clear these cards").is_none(),
        "no keying form while drawing"
    );
    wait_for_the_deal(&mut h);
    let out = truth(&h);
    let deal: Vec<Card> = out[burned..].iter().map(|(_, c)| *c).collect();
    assert_eq!(
        deal.len(),
        14,
        "two cards to each of six boxes, two to the dealer"
    );
    let (up, hole) = (deal[6], deal[13]);
    h.get_by_label_contains("Check the deal against the shoe's reading");
    for (i, s) in seats.iter().enumerate() {
        let text = format!(
            "Seat {s} (read):\n{} {}",
            deal[i].pretty(),
            deal[7 + i].pretty()
        );
        h.get_by_label_contains(&text);
    }
    h.get_by_label_contains(&format!("Dealer up card (read):\n{}", up.pretty()));
    // The hole card: in no place on the screen (the card grid's key for it aside, and unless
    // another card of the deal is the same), in no row.
    hole_card_hidden(&h, &deal[..13], hole);
    let code = serde_json::to_string(&hole).unwrap();
    for p in payloads(&db, "shuffler_card_drawn") {
        assert!(
            !p.contains(&code),
            "a card drawn's face in the journal: {p}"
        );
    }

    let before = taps_so_far();
    tap(&mut h, "Cards dealt");
    assert_eq!(taps_so_far() - before, 1, "one tap confirms the whole deal");
    let (boxes, keyed_up, read, said) = dealt(&db);
    // § 635a.7(e): the deal in the regulation's order from the box farthest to the left: one card
    // to each box, the dealer's up card, a second card to each box, then the hole card.
    for (i, s) in seats.iter().enumerate() {
        assert_eq!(
            boxes[i],
            (*s, vec![deal[i], deal[7 + i]]),
            "seat {s}: what the shoe dealt"
        );
        assert!(read.contains(&(HandPlace::Seat(*s), vec![deal[i], deal[7 + i]])));
    }
    assert_eq!(keyed_up, up);
    assert_eq!(
        read.len(),
        7,
        "six boxes and the up card, never the hole card"
    );
    assert!(read.contains(&(HandPlace::Dealer, vec![up])));
    assert!(
        said.contains("(read)") && !said.contains("corrected"),
        "{said}"
    );

    // Every hand stands; the hole card is turned up with one tap and goes in as it was read;
    // the dealer's draws come from the shoe with none.
    let mut n = 0;
    let mut hole_taps = None;
    while at21(&h).is_some() {
        if at21(&h) == Some(Step21::Dealer) && h.state().terminal().hole_card_held() {
            let before = taps_so_far();
            tap(&mut h, "Hole card turned up");
            assert!(
                !h.state().terminal().hole_card_held(),
                "the hole card stays down"
            );
            hole_taps = Some(taps_so_far() - before);
            continue;
        }
        assert!(play_step(&mut h, &mut n));
        if n >= 2000 {
            let t = h.state().terminal();
            let k = common::ui::kinds(&db);
            let sim = h.state().sim_script().unwrap().lock().unwrap().pull_to;
            panic!(
                "the round does not end: {:?}, {:?}, awaited {}, pull {:?}, sim {:?}, truth {:?}, rows {:?}",
                t.table().step(),
                t.device_notice,
                t.cards_awaited(),
                t.shoe_pull(),
                sim,
                truth(&h).len(),
                &k[k.len().saturating_sub(12)..]
            );
        }
    }
    assert_eq!(hole_taps, Some(1));
    let cards = cards(&db);
    assert_eq!(
        cards[0],
        (hole, Some(hole)),
        "the hole card as the shoe read it"
    );
    // Every card the dealer drew after it: what the shoe let out, in order, each one read.
    let after: Vec<Card> = truth(&h)[burned + 14..].iter().map(|(_, c)| *c).collect();
    let drawn: Vec<(Card, Option<Card>)> = after.iter().map(|c| (*c, Some(*c))).collect();
    assert_eq!(cards[1..], drawn[..]);
    let dealer = &h.state().terminal().table().round.as_ref().unwrap().banked;
    let dealer = dealer.as_ref().unwrap().dealer.clone();
    assert_eq!(dealer[..2], [up, hole]);
    assert_eq!(dealer[2..], after[..]);

    // The shuffler shuffled and counted the other shoe meanwhile; it is not in the dealing
    // shoe, so the next round is dealt from this one with no burn (§ 635a.7(c): a burn after a
    // batch of cards is placed in the shoe, or a new dealer).
    while play_step(&mut h, &mut n) {}
    until(&mut h, "the other shoe was never counted", |_| {
        common::ui::kinds(&db)
            .iter()
            .filter(|k| *k == "deck_counted")
            .count()
            >= 2
    });
    for _ in 0..40 {
        wait_a_little(&mut h);
    }
    assert!(
        matches!(h.state().terminal().table().step(), Step::StartRound { .. }),
        "{:?}",
        h.state().terminal().table().step()
    );
    let burns = common::ui::kinds(&db)
        .iter()
        .filter(|k| *k == "card_burned")
        .count();
    // The side panel: the shoe dealt from is in the dealing shoe, the other ready beside it.
    h.get_by_label("Red shoe: in the dealing shoe");
    assert_eq!(
        burns,
        1,
        "one burn: the shoe's first card: {:?}",
        common::ui::kinds(&db)
            .iter()
            .filter(|k| !k.starts_with("shuffler_card") && !k.starts_with("spanish"))
            .collect::<Vec<_>>()
    );
}

#[test]
fn a_hit_is_the_card_drawn_and_a_misread_is_corrected_with_the_reading_kept() {
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("s21misread.sqlite");
    let mut h = shoe_app(&db);
    shoe_stops_after(&mut h, 1);
    to_the_deal(&mut h, &[2, 4]);
    // The first card to seat 2 is misread.
    h.state().sim_script().unwrap().lock().unwrap().misread_next = true;
    shoe_draws_on(&mut h);
    wait_for_the_deal(&mut h);
    let out = truth(&h);
    let real = out[1].1;
    let read = h.state().terminal().deal_read();
    let seat2 = read[0].1.clone();
    assert_ne!(seat2[0], real, "the simulator misread seat 2's first card");

    // The dealer sees seat 2's first card is not what lies there: clears it and keys it.
    // Until a place is tapped, "Clear these cards" has nothing to clear: greyed.
    assert!(
        h.get_by_label("Clear these cards")
            .accesskit_node()
            .is_disabled()
    );
    let place = format!(
        "Seat 2 (read):\n{} {}",
        seat2[0].pretty(),
        seat2[1].pretty()
    );
    tap(&mut h, &place);
    tap(&mut h, "Clear these cards");
    tap(&mut h, &real.pretty());
    tap(&mut h, &seat2[1].pretty());
    h.get_by_label_contains("Seat 2 (corrected):");
    tap(&mut h, "Cards dealt");
    let (boxes, _, read, said) = dealt(&db);
    assert_eq!(boxes[0], (2, vec![real, seat2[1]]));
    assert!(
        read.contains(&(HandPlace::Seat(2), seat2.clone())),
        "the reading kept beside the correction"
    );
    assert!(said.contains("(corrected; read"), "{said}");

    // Through to a hand's turn (the next round's, where the dealer's Blackjack or the boxes'
    // leave none to decide); a player's hit is the card the dealer draws: no tap.
    let mut n = 0;
    let seat = loop {
        if let Some(Step21::Hand { seat, hand: 0 }) = at21(&h) {
            break seat;
        }
        if !play_step(&mut h, &mut n) {
            let next = h.state().terminal().table().rounds_played + 1;
            tap(&mut h, &format!("Start round {next}"));
        }
        assert!(n < 200, "no hand to decide in {n} steps");
    };
    let hand = |h: &Harness<'_, DeckhandApp>| {
        let r = h.state().terminal().table().round.clone().unwrap();
        r.banked.unwrap().spanish21().unwrap().hands[&seat][0]
            .cards
            .clone()
    };
    let had = hand(&h).len();
    let before = taps_so_far();
    one_card_more(&mut h, false);
    let deadline = std::time::Instant::now() + std::time::Duration::from_secs(10);
    while hand(&h).len() == had && at21(&h) == Some(Step21::Hand { seat, hand: 0 }) {
        assert!(std::time::Instant::now() < deadline, "the hit never came");
        wait_a_little(&mut h);
    }
    assert_eq!(taps_so_far(), before, "the hit took no tap");
    let hit = truth(&h).last().unwrap().1;
    assert_eq!(
        cards(&db).pop(),
        Some((hit, Some(hit))),
        "the hit as the shoe read it"
    );
}

/// Correcting the dealer's up card the shoe read: its place's words grow ("Dealer up card
/// (corrected):") and wrap at 1024×768, and the card grid under the places stays where it
/// was, so a tap aimed from the screen before lands on the card meant (the walk saw it move
/// 10 px).
#[test]
fn a_corrected_place_never_moves_the_card_grid() {
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("s21-still.sqlite");
    let mut h = shoe_app(&db);
    to_the_deal(&mut h, &[2, 4]);
    wait_for_the_deal(&mut h);
    let up = h.state().terminal().deal_read().last().unwrap().1[0];
    let other = ["2♠", "3♠", "4♠"]
        .into_iter()
        .find(|c| *c != up.pretty())
        .unwrap();
    let grid_top = |h: &Harness<'_, DeckhandApp>| h.get_by_label("A♣").rect().top();
    let before = grid_top(&h);
    tap(&mut h, &format!("Dealer up card (read):\n{}", up.pretty()));
    tap(&mut h, "Clear these cards");
    tap(&mut h, other);
    h.get_by_label(&format!("Dealer up card (corrected):\n{other}"));
    assert_eq!(grid_top(&h), before, "the card grid moved");
}

/// The label of the first place named `name` (a box, the dealer's up card) on the keying form.
fn place_words(h: &Harness<'_, DeckhandApp>, name: &str) -> String {
    h.query_all_by_label_contains(name)
        .filter_map(|n| n.accesskit_node().label())
        .find(|l| l.starts_with(name))
        .unwrap_or_else(|| panic!("no place {name}"))
}

/// Waits (real time) until the shoe has reported at least `n` cards of the deal.
fn until_drawn(h: &mut Harness<'_, DeckhandApp>, n: usize) {
    until(h, "the deal never started", |a| {
        a.terminal().deal_drawn().is_some_and(|(out, _)| out >= n)
    });
}

/// The simulated dealer's hand draws no further than the shoe's `n`th card, whatever the
/// procedure waits for.
fn shoe_stops_after(h: &mut Harness<'_, DeckhandApp>, n: usize) {
    h.state()
        .sim_script()
        .unwrap()
        .lock()
        .unwrap()
        .hand_holds_at = Some(n);
}

/// The simulated dealer's hand draws where the procedure asks again.
fn shoe_draws_on(h: &mut Harness<'_, DeckhandApp>) {
    h.state()
        .sim_script()
        .unwrap()
        .lock()
        .unwrap()
        .hand_holds_at = None;
}

/// The simulated dealer's hand draws one card more, which the shoe leaves unread where
/// `unread` says (a hand held back is held again after it).
fn one_card_more(h: &mut Harness<'_, DeckhandApp>, unread: bool) {
    let s = h.state().sim_script().unwrap();
    let mut s = s.lock().unwrap();
    let (deck, last, _) = *s.drawn.last().unwrap();
    s.unread_next = unread;
    s.pull_to = Some((deck, last + 1));
    if s.hand_holds_at.is_some() {
        s.hand_holds_at = Some(s.drawn.len() + 1);
    }
}

/// Seats 2 and 4 at the deal, the shoe drawing a card every `every_ms`, held back once `n`
/// cards of the deal are out (exactly `n`, however late the test's thread runs): the app and
/// the number of cards out before the deal (the burn card).
fn two_boxes_drawn(
    db: &std::path::Path,
    every_ms: u64,
    n: usize,
) -> (Harness<'static, DeckhandApp>, usize) {
    let mut h = shoe_app(db);
    // The burn card is the first card out; the hand holds the deal's back till it is timed.
    shoe_stops_after(&mut h, 1);
    to_the_deal(&mut h, &[2, 4]);
    let burned = truth(&h).len();
    assert_eq!(burned, 1, "the burn card alone is out before the deal");
    h.state().sim_script().unwrap().lock().unwrap().draw_time =
        std::time::Duration::from_millis(every_ms);
    shoe_stops_after(&mut h, burned + n);
    until_drawn(&mut h, n);
    (h, burned)
}

/// The cards of the deal the shoe let out, read or not.
fn the_deal(h: &Harness<'_, DeckhandApp>, burned: usize) -> Vec<Card> {
    truth(h)[burned..].iter().map(|(_, c)| *c).collect()
}

/// Keying the deal by hand while the shoe is still dealing: what the shoe read so far is in
/// its places at once, and what it reads after fills the places the dealer has not touched
/// (the walk found a blank form that asked for every card again).
#[test]
fn keying_by_hand_mid_deal_keeps_what_the_shoe_read() {
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("s21-by-hand.sqlite");
    let (mut h, burned) = two_boxes_drawn(&db, 400, 2);
    tap(&mut h, "Key the cards by hand");
    let so_far = the_deal(&h, burned);
    assert_eq!(so_far.len(), 2, "the deal is still being drawn");
    assert!(
        place_words(&h, "Seat 2").contains(&so_far[0].pretty()),
        "seat 2's card read is in its place"
    );
    assert!(
        place_words(&h, "Seat 4").contains(&so_far[1].pretty()),
        "seat 4's card read is in its place"
    );
    shoe_draws_on(&mut h);
    wait_for_the_deal(&mut h);
    h.run_ok();
    let deal = the_deal(&h, burned);
    for (name, a, b) in [("Seat 2", deal[0], deal[3]), ("Seat 4", deal[1], deal[4])] {
        assert_eq!(
            place_words(&h, name),
            format!("{name} (read):\n{} {}", a.pretty(), b.pretty())
        );
    }
    tap(&mut h, "Cards dealt");
    let (boxes, up, _, _) = dealt(&db);
    assert_eq!(
        boxes,
        vec![(2, vec![deal[0], deal[3]]), (4, vec![deal[1], deal[4]])]
    );
    assert_eq!(up, deal[2]);
}

/// A card of the deal drawn unread (the next report's number shows the gap): the card
/// reported out of sequence is refused, both keep their places unread, every card after them
/// goes where it was dealt, so the hole card is still the hole card and on no screen; the
/// dealer keys the places left short (§ 635a.7(e), (g)).
#[test]
fn a_card_drawn_unread_at_the_deal_leaves_its_place_to_key_and_the_hole_card_hidden() {
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("s21-unread.sqlite");
    let (mut h, burned) = two_boxes_drawn(&db, 150, 3);
    // Seat 2's second card leaves the shoe unread.
    h.state().sim_script().unwrap().lock().unwrap().unread_next = true;
    shoe_draws_on(&mut h);
    wait_for_the_deal(&mut h);
    h.run_ok();
    let deal = the_deal(&h, burned);
    assert_eq!(deal.len(), 6);
    let hole = deal[5];
    // Seat 2's second card (unread) and seat 4's (reported out of sequence): short places.
    assert_eq!(
        place_words(&h, "Seat 2"),
        format!("Seat 2: {}", deal[0].pretty())
    );
    assert_eq!(
        place_words(&h, "Seat 4"),
        format!("Seat 4: {}", deal[1].pretty())
    );
    h.get_by_label(&format!("Dealer up card (read):\n{}", deal[2].pretty()));
    hole_card_hidden(&h, &deal[..5], hole);
    assert!(
        payloads(&db, "device_report_refused")
            .iter()
            .any(|p| p.contains("drawn unread")),
        "the report out of sequence is refused and told"
    );
    // The keys stand on seat 2, then move to seat 4: two taps key what the shoe missed.
    tap(&mut h, &deal[3].pretty());
    tap(&mut h, &deal[4].pretty());
    tap(&mut h, "Cards dealt");
    let (boxes, up, read, _) = dealt(&db);
    assert_eq!(
        boxes,
        vec![(2, vec![deal[0], deal[3]]), (4, vec![deal[1], deal[4]])]
    );
    assert_eq!(up, deal[2]);
    assert_eq!(
        read,
        vec![(HandPlace::Dealer, vec![deal[2]])],
        "only the place read whole is the shoe's"
    );
    // The hole card, read after the gap, is still the hole card: one tap turns it up.
    turn_up_the_hole_card(&mut h, deal[2], hole);
}

/// The places filled from the shoe but for the hole card, and the deal confirmed before the
/// dealer draws it: the next card out is the hole card, held face down, never a player's hit
/// (the walk found "Cards dealt" offered at 13 of 14 cards).
#[test]
fn the_deal_confirmed_before_the_hole_card_still_takes_it_as_the_hole_card() {
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("s21-early.sqlite");
    let (mut h, burned) = two_boxes_drawn(&db, 100, 1);
    tap(&mut h, "Key the cards by hand");
    // The simulated hand stops after the fifth card of the deal; the dealer confirms.
    shoe_stops_after(&mut h, burned + 5);
    until_drawn(&mut h, 5);
    h.run_ok();
    let deal = the_deal(&h, burned);
    tap(&mut h, "Cards dealt");
    let (boxes, _, _, _) = dealt(&db);
    assert_eq!(
        boxes,
        vec![(2, vec![deal[0], deal[3]]), (4, vec![deal[1], deal[4]])]
    );
    // Now the hole card comes out of the shoe.
    one_card_more(&mut h, false);
    until(&mut h, "the hole card never came", |a| {
        a.sim_script().unwrap().lock().unwrap().drawn.len() >= burned + 6
    });
    for _ in 0..20 {
        wait_a_little(&mut h);
    }
    let hole = the_deal(&h, burned)[5];
    let r = h.state().terminal().table().round.clone().unwrap();
    let p = r.banked.unwrap().spanish21().unwrap().clone();
    for s in [2, 4] {
        assert_eq!(
            p.hands[&s][0].cards.len(),
            2,
            "seat {s} was dealt the hole card as a hit"
        );
    }
    assert!(
        cards(&db).is_empty(),
        "no card dealt after the deal: {:?}",
        cards(&db)
    );
    hole_card_hidden(&h, &deal, hole);
    turn_up_the_hole_card(&mut h, deal[2], hole);
}

/// Round 1 from sign-in with boxes `seats`, the shoe's deal confirmed with one tap.
fn dealt_and_confirmed(h: &mut Harness<'_, DeckhandApp>, seats: &[u8]) {
    to_the_deal(h, seats);
    wait_for_the_deal(h);
    tap(h, "Cards dealt");
}

/// The round in play played to its end, the devices given their time.
fn played_out(h: &mut Harness<'_, DeckhandApp>) {
    let mut n = 0;
    while h.state().terminal().table().round.is_some() {
        if !play_step(h, &mut n) {
            wait_a_little(h);
        }
        assert!(n < 400, "the round never ended");
    }
}

/// Waits (real time, up to 20 s) until `done` says so, failing with `what` otherwise.
fn until(h: &mut Harness<'_, DeckhandApp>, what: &str, done: impl Fn(&DeckhandApp) -> bool) {
    let deadline = std::time::Instant::now() + std::time::Duration::from_secs(20);
    while !done(h.state()) {
        wait_a_little(h);
        assert!(std::time::Instant::now() < deadline, "{what}");
    }
}

/// § 635a.7(c): "after each full batch of cards is placed in the shoe" its first card is
/// burned. The cover card came out in round 1; the next shoe (the one the shuffler made ready
/// while round 1 was dealt) goes into the dealing shoe and its first card is burned, read and
/// journaled with no tap, before round 2 (the walk of issue 43 saw round 2 dealt from the new
/// shoe's first card, unburned).
#[test]
fn after_the_cover_card_the_next_shoe_burns_its_first_card() {
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("s21cover.sqlite");
    let mut h = shoe_app(&db);
    dealt_and_confirmed(&mut h, &[1, 2]);
    tap(&mut h, "Cover card");
    // The shuffler makes the other shoe ready while this one is dealt.
    until(&mut h, "the other shoe never shuffled", |a| {
        a.terminal()
            .table()
            .decks
            .iter()
            .any(|d| d.status == deckhand::rules::table::DeckStatus::Shuffled)
    });
    played_out(&mut h);
    until(&mut h, "round 2 never ready", |a| {
        matches!(a.terminal().table().step(), Step::StartRound { .. })
    });
    let kinds = common::ui::kinds(&db);
    let paid = kinds.iter().rposition(|k| k == "round_paid").unwrap();
    assert!(
        kinds[paid..].iter().any(|k| k == "card_burned"),
        "no burn before the next shoe's first round: {:?}",
        &kinds[paid..]
    );
    // The cover card's row names where it came out, once (the walk read "Seat 3 hand 1 The
    // cover card came out on box 3").
    let (_, said) = plays(&db)
        .into_iter()
        .find(|(c, _)| matches!(c, Command21::CoverCard { .. }))
        .unwrap();
    assert!(said.starts_with("The cover card came out"), "{said}");
    let Step::StartRound { deck, .. } = h.state().terminal().table().step() else {
        unreachable!()
    };
    let first_shoe = h.state().terminal().table().last_deck.unwrap();
    assert_ne!(deck, first_shoe, "the other shoe deals round 2");
    if !common::ui::ready(&h, "Start round 2") {
        tap(&mut h, "Seat 1");
    }
    tap(&mut h, "Start round 2");
    // While round 2 is dealt the first shoe is shuffled again; the dealing shoe holds the shoe
    // in play, not the one made ready (the walk read both shoes "in the dealing shoe").
    until(&mut h, "the first shoe never shuffled again", |a| {
        a.terminal().table().decks[first_shoe].status
            == deckhand::rules::table::DeckStatus::Shuffled
    });
    h.run_ok();
    h.get_by_label_contains("shoe: in play");
    assert!(h.query_by_label_contains("in the dealing shoe").is_none());
    drop(h);
    // A journal written before this burn was asked starts round 2 on that shoe unburned: it
    // still replays as it was dealt, and the rules now refuse that start.
    let events: Vec<Event> = deckhand::store::Store::open(&db)
        .unwrap()
        .table_events()
        .unwrap()
        .into_iter()
        .map(|(_, e)| e)
        .collect();
    let burned = events
        .iter()
        .rposition(|e| *e == Event::CardBurned)
        .unwrap();
    let mut table = deckhand::rules::table::Table::default();
    for e in &events[..burned] {
        table.apply(e).unwrap();
    }
    assert_eq!(table.step(), Step::BurnCard);
    assert!(
        table
            .decide(&deckhand::rules::table::Command::StartRound { seats: vec![1] })
            .is_err()
    );
    let started = events[burned..]
        .iter()
        .find(|e| matches!(e, Event::RoundStarted { .. }))
        .unwrap();
    table
        .apply(started)
        .expect("an unburned start after the cover card, as journaled before, replays");
}

/// The terminal stopped and started again with a shoe in the dealing shoe: the simulated shoe
/// still deals and reads from it, as the real one would (the walk of issue 43 found it reading
/// nothing after a restart, every card keyed by hand).
#[test]
fn after_a_restart_the_simulated_shoe_deals_on() {
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("s21restart.sqlite");
    {
        let mut h = shoe_app(&db);
        dealt_and_confirmed(&mut h, &[1, 2]);
        played_out(&mut h);
    }
    let mut h = shoe_app(&db);
    common::play::dealer_unlocks(&mut h);
    // The seats picked are the screen's, not the journal's: picked again.
    tap(&mut h, "Seat 1");
    tap(&mut h, "Start round 2");
    let mut n = 0;
    while at21(&h) != Some(Step21::Deal) {
        assert!(
            play_step(&mut h, &mut n),
            "round 2 ended before its deal: {:?}",
            h.state().terminal().table().step()
        );
        assert!(n < 20);
    }
    wait_for_the_deal(&mut h);
    let (out, of) = h.state().terminal().deal_drawn().unwrap();
    assert_eq!(out, of, "the shoe dealt round 2 and read it");
}

/// The hole card drawn unread: at the dealer's turn the screen says the shoe has not read it
/// and how to key it, and the card keyed by hand is the hole card (the walk found "Tap the
/// hole card." above no card to tap).
#[test]
fn an_unread_hole_card_is_keyed_by_hand_as_the_screen_says() {
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("s21-hole-unread.sqlite");
    let (mut h, burned) = two_boxes_drawn(&db, 100, 1);
    // The simulated hand stops after the fifth card; the sixth, the hole card, leaves unread.
    shoe_stops_after(&mut h, burned + 5);
    until_drawn(&mut h, 5);
    one_card_more(&mut h, true);
    until(&mut h, "the hole card never left the shoe", |a| {
        a.sim_script().unwrap().lock().unwrap().drawn.len() >= burned + 6
    });
    let hole = the_deal(&h, burned)[5];
    // Five of six read: the dealer confirms the deal from the keying form.
    tap(&mut h, "Key the cards by hand");
    tap(&mut h, "Cards dealt");
    let mut n = 0;
    while at21(&h) != Some(Step21::Dealer) {
        assert!(
            play_step(&mut h, &mut n),
            "the round ended before the dealer's turn"
        );
        assert!(n < 20);
    }
    assert!(!h.state().terminal().hole_card_held());
    h.get_by_label("The shoe has not read the hole card: draw it, or key it by hand.");
    tap(&mut h, "Key the card by hand");
    // Opened by mistake: the way back closes the grid where it was opened.
    let opened_at = h.get_by_label("Wait for the shoe").rect().min;
    tap(&mut h, "Wait for the shoe");
    assert!(
        h.query_by_label(&hole.pretty()).is_none(),
        "the grid closed"
    );
    assert_eq!(h.get_by_label("Key the card by hand").rect().min, opened_at);
    tap(&mut h, "Key the card by hand");
    tap(&mut h, &hole.pretty());
    let r = h.state().terminal().table().round.clone().unwrap();
    assert_eq!(r.banked.unwrap().dealer[1], hole);
}

/// The open-table screen says how Spanish 21 is dealt here: from a dealing shoe that reads
/// each card drawn, where the shuffler's shoe reads them (the walks read "Dealt from a manual
/// dealing shoe" above a shoe that read every card).
#[test]
fn the_open_table_screen_names_the_shoe_that_reads() {
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("s21-open.sqlite");
    let mut h = shoe_app(&db);
    common::play::dealer_signs_in(&mut h, tap);
    tap(&mut h, GameId::Spanish21.name());
    until(&mut h, "the shuffler never connected", |a| {
        a.terminal().shoe_reads_cards()
    });
    h.run_ok();
    h.get_by_label_contains("Dealt from a dealing shoe that reads each card drawn.");
    assert!(h.query_by_label_contains("manual dealing shoe").is_none());
}

/// The dealer draws from the shoe before the hole card is tapped turned up: the hole card goes
/// into the round first, as the shoe read it, then the card drawn. On a disk slow to take their
/// records (the writer held once the card is on its way) the screen draws on and neither is
/// shown before it is recorded; then both are, in that order.
#[test]
fn a_dealers_draw_before_the_hole_card_tap_turns_it_up_first_even_on_a_slow_disk() {
    use std::time::Duration;
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("s21hole.sqlite");
    let mut h = shoe_app(&db);
    to_the_deal(&mut h, &[2]);
    wait_for_the_deal(&mut h);
    // The burn card, then seat 2, the up card, seat 2, the hole card.
    let deal: Vec<Card> = truth(&h)[1..].iter().map(|(_, c)| *c).collect();
    let (up, hole) = (deal[1], deal[3]);
    tap(&mut h, "Cards dealt");
    let mut n = 0;
    while !h.state().terminal().hole_card_held() {
        assert!(play_step(&mut h, &mut n), "the round ended first");
        assert!(n < 40);
    }
    // The simulated dealer's hand draws one more card (the demo box's "A player hits").
    let drawn = shoe_draws_one(&h);
    // The link journals the card and passes it on; no frame has taken it yet.
    std::thread::sleep(Duration::from_millis(400));
    let release = common::ui::hold_writer(&h, Duration::from_secs(4));
    common::ui::draws_on_while_recording(&mut h);
    let dealer = |h: &Harness<'_, DeckhandApp>| {
        let r = h.state().terminal().table().round.clone().unwrap();
        r.banked.unwrap().dealer
    };
    assert_eq!(dealer(&h), [up], "nothing shown before it is recorded");
    release.send(()).unwrap();
    common::ui::settle(&mut h);
    h.run_ok();
    assert!(!h.state().recording());
    let cards = cards(&db);
    assert_eq!(cards[0], (hole, Some(hole)), "the hole card first");
    let hand = dealer(&h);
    assert_eq!(hand[..2], [up, hole]);
    if hand.len() == 3 {
        assert_eq!(hand[2], drawn);
        assert_eq!(cards[1], (drawn, Some(drawn)), "then the card drawn");
    } else {
        // The dealer's two cards stand: the card is refused, and said so.
        let refused = payloads(&db, "device_report_refused");
        assert!(
            refused.last().is_some_and(|p| p.contains(&format!(
                "the shoe reported {} drawn while no card is owed",
                drawn.pretty()
            ))),
            "{refused:?}"
        );
    }
}

/// A card drawn while the disk keeps its report waiting (the shoe's link journals each report
/// before it hands it on): past 30 ms the screen takes no tap and says why, a Stand tapped
/// meanwhile is not decided, and once the disk takes the report the card is in the hand. A walk with a frozen disk tapped Stand during the wait: the Stand was recorded on
/// two cards and the card drawn refused.
#[test]
fn a_card_on_its_way_holds_the_screen_until_it_is_recorded() {
    use std::time::{Duration, Instant};
    let (_dir, db, mut h) = at_seat_2s_decision();
    let hand = |h: &Harness<'_, DeckhandApp>| {
        let r = h.state().terminal().table().round.clone().unwrap();
        r.banked.unwrap().spanish21().unwrap().hands[&2][0]
            .cards
            .clone()
    };
    let dealt = hand(&h);
    let plays_before = plays(&db).len();
    // The screen takes taps (the tap guard has settled since the deal).
    common::ui::settle(&mut h);
    let release = common::ui::hold_writer(&h, Duration::from_secs(4));
    // The player hits: the simulated dealer's hand draws one card, which the link reads and
    // waits to journal.
    let drawn = shoe_draws_one(&h);
    std::thread::sleep(Duration::from_millis(600));
    h.step();
    h.step();
    assert!(
        h.state().recording(),
        "the card on its way holds the screen"
    );
    h.get_by_label("Saving the record…");
    // A Stand tapped meanwhile lands on the cover: nothing is decided before the card.
    h.get_by_label("Stand").click();
    for _ in 0..5 {
        h.step();
    }
    assert_eq!(hand(&h), dealt, "nothing decided meanwhile");
    assert_eq!(plays(&db).len(), plays_before);
    release.send(()).unwrap();
    let deadline = Instant::now() + Duration::from_secs(5);
    while hand(&h).len() < 3 {
        assert!(Instant::now() < deadline, "the card never came");
        common::play::wait_a_little(&mut h);
    }
    common::ui::settle(&mut h);
    assert_eq!(hand(&h)[2], drawn, "the card drawn is in the hand");
    let after: Vec<Command21> = plays(&db)[plays_before..]
        .iter()
        .map(|(c, _)| c.clone())
        .collect();
    assert!(
        matches!(after[..], [Command21::Card { card, .. }] if card == drawn),
        "{after:?}"
    );
    assert!(
        payloads(&db, "device_report_refused").is_empty(),
        "{:?}",
        payloads(&db, "device_report_refused")
    );
}

/// Round 1 at a reading shoe with seat 2 alone, dealt and confirmed, at seat 2's decision. The
/// shoe is shuffled at random: a deal with no decision (a natural, a dealer's blackjack) is
/// dealt again at a new table.
fn at_seat_2s_decision() -> (
    tempfile::TempDir,
    std::path::PathBuf,
    Harness<'static, DeckhandApp>,
) {
    for _ in 0..10 {
        let dir = tempfile::tempdir().unwrap();
        let db = dir.path().join("s21decision.sqlite");
        let mut h = shoe_app(&db);
        to_the_deal(&mut h, &[2]);
        wait_for_the_deal(&mut h);
        tap(&mut h, "Cards dealt");
        let mut n = 0;
        while at21(&h).is_some_and(|at| !matches!(at, Step21::Hand { .. })) && n < 10 {
            if !play_step(&mut h, &mut n) {
                break;
            }
        }
        if at21(&h) == Some(Step21::Hand { seat: 2, hand: 0 }) {
            return (dir, db, h);
        }
    }
    panic!("ten deals without a decision for seat 2");
}

/// The simulated dealer's hand draws one more card from the shoe (the demo box's "A player
/// hits"), with no frame drawn: the card drawn, once the shoe has let it out.
fn shoe_draws_one(h: &Harness<'_, DeckhandApp>) -> Card {
    use std::time::{Duration, Instant};
    let out = truth(h).len();
    {
        let script = h.state().sim_script().unwrap();
        let mut s = script.lock().unwrap();
        let (deck, number, _) = *s.drawn.last().unwrap();
        s.pull_to = Some((deck, number + 1));
    }
    let deadline = Instant::now() + Duration::from_secs(5);
    while truth(h).len() == out {
        assert!(Instant::now() < deadline, "the shoe drew nothing");
        std::thread::sleep(Duration::from_millis(5));
    }
    truth(h)[out].1
}
