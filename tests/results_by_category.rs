//! Crazy 4 Poker without a card-reading device, from the real start (the app as `deckhand`
//! builds it, sign-in, the table opened, six players): the dealer taps whether the dealer's
//! hand qualifies and each hand's category and comparison; only the hand a bonus pays on is
//! keyed card by card; the journal keeps the results and those cards, and the settlement pays
//! from them.

use crate::common;

use common::play::{open_with_seats, play_step};
use common::ui::{double_tap, payloads, real_app, tap, taps_so_far};
use deckhand::rules::banked::round::BankedStep;
use deckhand::rules::games::GameId;
use deckhand::rules::table::Step;
use egui_kittest::kittest::{NodeT, Queryable};

/// Plays the round to its cards step; the steps played so far.
fn to_the_cards(h: &mut egui_kittest::Harness<'_, deckhand::ui::DeckhandApp>) -> usize {
    let mut n = 0;
    while !matches!(
        h.state().terminal().table().step(),
        Step::Banked {
            step: BankedStep::Cards,
            ..
        }
    ) {
        assert!(play_step(h, &mut n));
    }
    n
}

#[test]
fn six_hands_settled_from_their_results_with_one_hands_cards_keyed() {
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("results.sqlite");
    let mut h = real_app(&db, 1024.0, 768.0, 0.25);
    open_with_seats(&mut h, GameId::Crazy4Poker, tap, &[1, 2, 3, 4, 5, 6]);
    to_the_cards(&mut h);
    h.get_by_label("Tap each hand's result");
    assert!(!common::ui::ready(&h, "Settle"), "not before every result");
    let before = taps_so_far();
    tap(&mut h, "Qualifies, king high or better");
    // Seat 1 holds a straight: the Super Bonus pays on it (§ 657a.12(b)), so its cards are
    // keyed; the grid appears for them.
    tap(&mut h, "Straight or better");
    tap(&mut h, "Beats the dealer");
    h.get_by_label_contains("Seat 1: Straight or better. A bonus pays on it: key its cards");
    // The grid and Settle on the 1024×768 screen.
    for label in ["2♣", "A♠", "Settle", "Change the result"] {
        let r = h.get_by_label(label).rect();
        assert!(r.max.y <= 768.0 && r.max.x <= 1024.0, "{label} at {r:?}");
    }
    for c in ["9♠", "10♥", "J♦", "Q♣", "2♠"] {
        tap(&mut h, c);
    }
    // The taps moved on to seat 2 by themselves.
    h.get_by_label("Seat 2's hand");
    for (cat, versus) in [
        ("High card", "Loses"),
        ("Pair, jacks or lower", "Beats the dealer"),
        ("Two pair", "Beats the dealer"),
        ("High card", "Ties"),
        ("Pair of aces", "Loses"),
    ] {
        tap(&mut h, cat);
        tap(&mut h, versus);
    }
    tap(&mut h, "Settle");
    assert_eq!(
        taps_so_far() - before,
        1 + 2 + 5 + 10 + 1,
        "the dealer's hand, two taps a seat, five cards, Settle"
    );
    h.get_by_label("Settle in this order");

    let row: serde_json::Value =
        serde_json::from_str(payloads(&db, "cards_keyed").last().unwrap()).unwrap();
    assert_eq!(row["results"]["dealer_qualifies"], true);
    assert_eq!(
        row["results"]["seats"][0][1]["category"],
        "straight-or-better"
    );
    assert_eq!(row["results"]["seats"][1][1]["versus"], "loses");
    assert_eq!(
        row["seats"].as_array().unwrap().len(),
        1,
        "only seat 1 keyed"
    );
    assert_eq!(row["dealer"].as_array().unwrap().len(), 0);
    let settled: serde_json::Value =
        serde_json::from_str(payloads(&db, "round_settled").last().unwrap()).unwrap();
    let results = settled["settlement"]["results"].as_array().unwrap();
    let net = |seat: u64, wager: &str| {
        results
            .iter()
            .find(|w| w["seat"] == seat && w["wager"] == wager)
            .map(|w| w["net"].as_i64().unwrap())
            .unwrap()
    };
    assert!(net(1, "super-bonus") > 0, "the straight's Super Bonus pays");
    assert!(net(1, "ante") > 0 && net(3, "play") > 0);
    assert!(net(2, "ante") < 0 && net(2, "super-bonus") < 0);
    assert_eq!(net(5, "ante"), 0, "a tie pushes");
    // The review's words say it was tapped.
    assert!(settled.to_string().contains("(tapped)"), "{settled}");
}

/// The casino's choice (`[house.crazy-4-poker] results_by_category = false`): every hand's cards
/// are keyed; the results screen is never offered (the rules refuse a settlement from results
/// too: `results_crazy4_rules`).
#[test]
fn a_casino_that_keys_every_card_is_never_offered_results() {
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("keyed.sqlite");
    let mut config = common::ui::real_config(&db);
    config
        .house
        .edit(|g: &mut deckhand::rules::banked::crazy4::Rules| g.results_by_category = false);
    let mut h = common::ui::app_with(&config, 1024.0, 768.0, 0.25);
    open_with_seats(&mut h, GameId::Crazy4Poker, tap, &[2, 4]);
    let mut n = to_the_cards(&mut h);
    assert!(h.query_by_label("Tap each hand's result").is_none());
    assert!(h.query_by_label("Qualifies, king high or better").is_none());
    h.get_by_label("2♣");

    // Every card keyed: the round settles as before.
    assert!(play_step(&mut h, &mut n));
    assert!(
        payloads(&db, "cards_keyed")
            .last()
            .unwrap()
            .contains("\"dealer\":[\"")
    );
}

/// Mississippi Stud without a card-reading device, six players from sign-in: each hand's
/// category is one tap (no hand is compared with the dealer's, § 655a.11(i)); a hand whose
/// payout a floorperson validates is keyed with the board; the floorperson signs before Paid.
#[test]
fn mississippi_stud_hands_settled_from_one_tap_each() {
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("mstud.sqlite");
    let mut h = real_app(&db, 1024.0, 768.0, 0.25);
    open_with_seats(&mut h, GameId::MississippiStud, tap, &[1, 2, 3, 4, 5, 6]);
    to_the_cards(&mut h);
    h.get_by_label("Tap each hand's result");
    assert!(
        h.query_by_label_contains("Qualifies").is_none(),
        "no dealer's hand to qualify"
    );
    let before = taps_so_far();
    // Seat 1: a straight flush pays 100 to 1 on its $40: $4,000, above the $1,000 a floorperson
    // validates, so its cards are keyed. (Each category tapped is one the board can make: a
    // round whose board holds a pair has no hand below it, § 655a.11(i).)
    tap(&mut h, "Straight flush");
    h.get_by_label_contains("Seat 1: Straight flush. A floorperson validates its payout");
    for label in ["2♣", "A♠", "Settle", "Change the result"] {
        let r = h.get_by_label(label).rect();
        assert!(r.max.y <= 768.0 && r.max.x <= 1024.0, "{label} at {r:?}");
    }
    for c in ["K♠", "Q♠"] {
        tap(&mut h, c);
    }
    h.get_by_label("Seat 2's hand");
    for cat in [
        "Below a pair of 6s",
        "Pair of 6s to 10s",
        "Pair of jacks or better",
        "Straight",
        "Two pair",
    ] {
        let r = h.get_by_label(cat).rect();
        assert!(r.max.y <= 768.0, "{cat} at {r:?}");
        tap(&mut h, cat);
    }
    // Seat 1's hand is read with the board: its three cards.
    h.get_by_label_contains("The community cards: key them");
    for c in ["9♠", "10♠", "J♠"] {
        tap(&mut h, c);
    }
    tap(&mut h, "Settle");
    assert_eq!(
        taps_so_far() - before,
        6 + 2 + 3 + 1,
        "a tap a seat, seat 1's two cards, the board, Settle"
    );
    let row: serde_json::Value =
        serde_json::from_str(payloads(&db, "cards_keyed").last().unwrap()).unwrap();
    assert_eq!(row["results"]["seats"][0][1]["category"], "straight-flush");
    assert_eq!(row["results"]["seats"][4][1]["category"], "straight");
    assert_eq!(
        row["seats"].as_array().unwrap().len(),
        1,
        "only seat 1 keyed"
    );
    assert_eq!(row["community"].as_array().unwrap().len(), 3);
    let settled: serde_json::Value =
        serde_json::from_str(payloads(&db, "round_settled").last().unwrap()).unwrap();
    let results = settled["settlement"]["results"].as_array().unwrap();
    let net = |seat: u64| -> i64 {
        results
            .iter()
            .filter(|w| w["seat"] == seat)
            .map(|w| w["net"].as_i64().unwrap())
            .sum()
    };
    // $10 Ante and three $10 streets: 100 to 1, loses, pushes, 1 to 1, 4 to 1, 2 to 1.
    assert_eq!(
        (1..=6).map(net).collect::<Vec<_>>(),
        vec![400_000, -4000, 0, 4000, 16_000, 8000]
    );
    assert!(settled.to_string().contains("(tapped)"));
    // The floorperson validates before the dealer pays (a payout above $1,000): the screen
    // names the seat, its payout, its hand and the cards to check.
    h.get_by_label("Floorperson validates");
    h.get_by_label_contains("Validate seat 1: wins $4,000.00 · Straight flush");
    h.get_by_label_contains("· K♠ Q♠ · board 9♠ 10♠ J♠");
    assert!(h.query_by_label_contains("Validate seat 4").is_none());
    // The signature's form names what it covers.
    tap(&mut h, "Floorperson validates");
    h.get_by_label_contains("before they are paid (§ 655a.11): seat 1: wins $4,000.00");
}

/// A six-seat round of `game` at its cards step, from sign-in, with $10 Antes and every
/// decision the first the screen offers.
fn six_at_the_cards(
    game: GameId,
    db: &std::path::Path,
) -> egui_kittest::Harness<'static, deckhand::ui::DeckhandApp> {
    six_at_the_cards_every(game, db, 0.25)
}

/// [`six_at_the_cards`] on a harness whose frames are `dt` seconds apart.
fn six_at_the_cards_every(
    game: GameId,
    db: &std::path::Path,
    dt: f32,
) -> egui_kittest::Harness<'static, deckhand::ui::DeckhandApp> {
    let mut h = real_app(db, 1024.0, 768.0, dt);
    open_with_seats(&mut h, game, tap, &[1, 2, 3, 4, 5, 6]);
    to_the_cards(&mut h);
    h.get_by_label("Tap each hand's result");
    h
}

/// Each seat's net on the round's settlement, seats 1 to 6.
fn nets(db: &std::path::Path) -> Vec<i64> {
    let settled: serde_json::Value =
        serde_json::from_str(payloads(db, "round_settled").last().unwrap()).unwrap();
    let results = settled["settlement"]["results"].as_array().unwrap().clone();
    (1..=6u64)
        .map(|seat| {
            results
                .iter()
                .filter(|w| w["seat"] == seat)
                .map(|w| w["net"].as_i64().unwrap())
                .sum()
        })
        .collect()
}

/// Six WPT hands' categories and comparisons, seats 1 to 6.
const WPT_RESULTS: [(&str, &str); 6] = [
    ("Flush", "Beats the dealer"),
    ("Straight", "Loses"),
    ("Below a straight", "Ties"),
    ("Below a straight", "Loses"),
    ("Below a straight", "Beats the dealer"),
    ("Full house", "Beats the dealer"),
];

/// The nets of [`WPT_RESULTS`] with a dealer who qualifies.
const WPT_NETS: [i64; 6] = [3500, 2000, 0, -3000, 2000, 5000];

/// WPT Heads-Up without a card-reading device, six players from sign-in: the dealer's
/// qualification, then a category and a comparison a seat (every hand is compared, the
/// qualification decides only the Ante, § 677a.11(h)); no card keyed.
#[test]
fn wpt_hands_settled_from_two_taps_each() {
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("wpt.sqlite");
    let mut h = six_at_the_cards(GameId::WptHeadsUp, &db);
    let before = taps_so_far();
    tap(&mut h, "Qualifies, a pair or better");
    for (cat, versus) in WPT_RESULTS {
        tap(&mut h, cat);
        tap(&mut h, versus);
    }
    tap(&mut h, "Settle");
    assert_eq!(taps_so_far() - before, 1 + 2 * 6 + 1);
    let row: serde_json::Value =
        serde_json::from_str(payloads(&db, "cards_keyed").last().unwrap()).unwrap();
    assert_eq!(row["results"]["dealer_qualifies"], true);
    assert_eq!(row["seats"].as_array().unwrap().len(), 0, "no hand keyed");
    // The journal's list says how the hands reached the record, not "cards keyed".
    let words = common::ui::last_row_words(&db, "cards_keyed");
    assert!(words.contains("results tapped"), "{words}");
    // $10 Ante, $10 Odds, a $10 Raise: a flush wins 1 + 1 + 3/2; a straight beaten earns the Bad
    // Beat 4 to 1 on the Odds (§ 677a.12(c)); a full house's Odds pay 3 to 1.
    assert_eq!(nets(&db), WPT_NETS);
}

/// The tap that completes a seat's result hands the taps on to the next seat, whose buttons
/// stand in the same places: a hurried second tap there is not the next seat's result (the walk
/// of issue 43 saw it recorded). The WPT round above, each seat's comparison tapped twice, 150
/// ms apart: the same results, the same nets.
#[test]
fn a_double_tap_on_a_seats_last_result_never_gives_the_next_seat_one() {
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("wpt.sqlite");
    let mut h = six_at_the_cards_every(GameId::WptHeadsUp, &db, 0.05);
    tap(&mut h, "Qualifies, a pair or better");
    for (seat, (cat, versus)) in (1u8..).zip(WPT_RESULTS) {
        h.get_by_label(&format!("Seat {seat}'s hand"));
        tap(&mut h, cat);
        double_tap(&mut h, versus);
    }
    tap(&mut h, "Settle");
    assert_eq!(nets(&db), WPT_NETS);
}

/// The same where no frame comes between the two taps: the next seat's buttons are drawn in the
/// frame of the first tap, and the second press, 0.3 s later, comes in the very next frame, before
/// any cover was drawn: the screen's new ids (the tap guard's generation) leave it nothing to
/// click. Mississippi Stud: one tap a seat.
#[test]
fn a_second_tap_in_the_very_next_frame_never_gives_the_next_seat_a_result() {
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("mstud.sqlite");
    let mut h = six_at_the_cards_every(GameId::MississippiStud, &db, 0.3);
    let pos = h.get_by_label("Two pair").rect().center();
    common::ui::press_and_release(&mut h, pos);
    h.step();
    common::ui::press_and_release(&mut h, pos);
    h.step();
    h.run_ok();
    common::ui::settle(&mut h);
    for _ in 2..=6 {
        tap(&mut h, "Below a pair of 6s");
    }
    tap(&mut h, "Settle");
    // $10 Ante and three $10 streets: two pair pays 2 to 1, the rest lose.
    assert_eq!(nets(&db), vec![8000, -4000, -4000, -4000, -4000, -4000]);
}

/// Texas Hold 'Em Bonus without a card-reading device, six players from sign-in: no dealer's
/// qualification to tap (§ 647a.11(h)(2)); a category and a comparison a seat.
#[test]
fn texas_holdem_bonus_hands_settled_from_two_taps_each() {
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("thb.sqlite");
    let mut h = six_at_the_cards(GameId::TexasHoldemBonus, &db);
    assert!(h.query_by_label_contains("Qualifies").is_none());
    let before = taps_so_far();
    for (cat, versus) in [
        ("Flush or better", "Beats the dealer"),
        ("Below a straight", "Beats the dealer"),
        ("Straight", "Ties"),
        ("Below a straight", "Loses"),
        ("Straight", "Beats the dealer"),
        ("Below a straight", "Loses"),
    ] {
        tap(&mut h, cat);
        tap(&mut h, versus);
    }
    tap(&mut h, "Settle");
    assert_eq!(taps_so_far() - before, 2 * 6 + 1);
    // $10 Ante, $20 Flop, $10 Turn and River: a win pays them all, the Ante only from a
    // straight (§ 647a.11(h)(2)(ii)).
    assert_eq!(nets(&db), vec![5000, 4000, 0, -5000, 5000, -5000]);
}

/// Five Lunar Poker hands from sign-in at the cards step (every player bet, none drew).
fn lunar_at_the_cards(
    db: &std::path::Path,
) -> egui_kittest::Harness<'static, deckhand::ui::DeckhandApp> {
    let mut h = real_app(db, 1024.0, 768.0, 0.25);
    open_with_seats(&mut h, GameId::LunarPoker, tap, &[1, 2, 3, 4, 5]);
    to_the_cards(&mut h);
    h.get_by_label("Tap each hand's result");
    h
}

/// Lunar Poker without a card-reading device, five players from sign-in: the dealer's
/// qualification (ace-king or better, § 589.11(e)), a category and a comparison a seat, and a
/// winning pair's second combination (§ 589.11(e)(1)(ii)); no card keyed.
#[test]
fn lunar_hands_settled_from_their_results_with_a_second_combination() {
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("lunar.sqlite");
    let mut h = lunar_at_the_cards(&db);
    let before = taps_so_far();
    tap(&mut h, "Qualifies, ace-king or better");
    tap(&mut h, "One pair");
    tap(&mut h, "Beats the dealer");
    // A pair beside an ace and a king: the ace-king is a second combination. The greyed
    // Settle says what it waits for.
    assert!(!common::ui::ready(&h, "Settle"));
    h.get_by_label("Settle waits: seat 1: tap its second combination");
    h.get_by_label("Seat 1: One pair, beats the dealer");
    // In the place of the categories: it fits the 1024×768 screen.
    let r = h.get_by_label("Change the result").rect();
    assert!(r.max.y <= 768.0, "{r:?}");
    tap(&mut h, "2nd: ace-king");
    h.get_by_label("Seat 2's hand");
    tap(&mut h, "Straight");
    tap(&mut h, "Beats the dealer");
    // No hand cannot beat or tie ace-king or better: it loses, nothing more to tap.
    tap(&mut h, "No hand");
    h.get_by_label("Seat 4's hand");
    for (cat, versus) in [("Two pairs", "Ties"), ("Ace-king", "Loses")] {
        tap(&mut h, cat);
        tap(&mut h, versus);
    }
    // After the last seat's result, its buttons stand greyed where they were: a second tap
    // there changes nothing (the walk of issue 43 found "No hand" live where its last tap had
    // been); its tab opens them again.
    for greyed in ["Loses", "No hand"] {
        assert!(
            h.get_by_label(greyed).accesskit_node().is_disabled(),
            "{greyed}"
        );
    }
    tap(&mut h, "Seat 5 · lost\nAce-king");
    assert!(!h.get_by_label("Loses").accesskit_node().is_disabled());
    assert!(
        h.query_by_label_contains("Settle waits").is_none(),
        "nothing to wait for"
    );
    tap(&mut h, "Settle");
    // (One tap more than the round takes: seat 5's tab, tapped above to check it reopens.)
    assert_eq!(taps_so_far() - before, 1 + 3 + 2 + 1 + 2 * 2 + 1 + 1);
    let row: serde_json::Value =
        serde_json::from_str(payloads(&db, "cards_keyed").last().unwrap()).unwrap();
    assert_eq!(row["results"]["dealer_qualifies"], true);
    assert_eq!(row["results"]["seats"][0][1]["second"], "ace-king");
    assert!(
        row["dealer"].as_array().unwrap().is_empty(),
        "no dealer's card"
    );
    // $10 Ante, $20 Bet (§ 589.12(c)): the pair pays 1 to 1 and its ace-king 1 to 1 more; the
    // straight 4 to 1; a tie returns both; a loss loses both.
    assert_eq!(nets(&db)[..5], [4000, 8000, -3000, 0, -3000]);
}

/// The dealer does not qualify; seat 1 forces: the replacement card is tapped on the grid, then
/// whether the new hand qualifies and how seat 1's hand fared against it (§ 589.11(e)(2)(ii)).
#[test]
fn lunar_forced_dealer_tapped_after_its_replacement_card() {
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("lunar-forced.sqlite");
    let mut h = lunar_at_the_cards(&db);
    tap(&mut h, "Does not qualify");
    for cat in ["One pair", "No hand", "No hand", "Ace-king", "No hand"] {
        tap(&mut h, cat);
    }
    // The force comes before anything is settled (§ 589.11(e)(2)).
    tap(&mut h, "Next: who forces");
    tap(&mut h, "Force the dealer · fee $10.00");
    for _ in 2..=5 {
        tap(&mut h, "No force");
    }
    h.get_by_label("Tap the card that replaced the dealer's highest card.");
    tap(&mut h, "8♥");
    h.get_by_label("The dealer's new hand: tap its result");
    assert!(!common::ui::ready(&h, "Settle"));
    tap(&mut h, "Qualifies, ace-king or better");
    tap(&mut h, "Beats the dealer");
    tap(&mut h, "No second combination");
    tap(&mut h, "Settle");
    h.get_by_label("Settle in this order");
    let row: serde_json::Value =
        serde_json::from_str(payloads(&db, "cards_keyed").last().unwrap()).unwrap();
    assert_eq!(row["results"]["forced"]["dealer_qualifies"], true);
    // Seat 1: the forcing fee lost, the Ante returned, the pair's Bet paid 1 to 1; the others
    // have the Ante paid 1 to 1 and the Bet returned (§ 589.11(e)(2)(i)).
    assert_eq!(nets(&db)[..5], [1000, 1000, 1000, 1000, 1000]);
}

/// Lunar Poker from sign-in, seats 1 and 2 with a $10 Ante, seat 1 with a $5 Super, dealt; seat
/// 1 has declared its hand for the Super (§ 589.11(c)) and decides next.
fn lunar_declared_for_the_super(
    db: &std::path::Path,
) -> egui_kittest::Harness<'static, deckhand::ui::DeckhandApp> {
    use common::ui::keys;
    let mut h = real_app(db, 1024.0, 768.0, 0.25);
    open_with_seats(&mut h, GameId::LunarPoker, tap, &[1, 2]);
    for (seat, spot, amount) in [(1, "Ante", "10"), (2, "Ante", "10"), (1, "Super", "5")] {
        tap(&mut h, &format!("Wagers of seat {seat}"));
        tap(&mut h, &format!("Seat {seat} {spot}: —"));
        keys(&mut h, amount);
    }
    tap(&mut h, "No more bets");
    tap(&mut h, "Cards dealt");
    h.get_by_label("Seat 1 decides");
    tap(&mut h, "Declared for the Super: cards face up");
    h
}

/// § 589.11(c): all decisions locked in, seat 1's declared hand keyed (A♥ K♥ 9♦ 6♦ 3♥, ace-king),
/// its Super settled, then paid.
fn lock_in_ace_king(h: &mut egui_kittest::Harness<'static, deckhand::ui::DeckhandApp>) {
    for c in ["A♥", "K♥", "9♦", "6♦", "3♥"] {
        tap(h, c);
    }
    tap(h, "Settle the lock-in");
    tap(h, "Lock-in paid");
}

/// A hand declared for the Super at lock-in that then bought a sixth card, a dealer who does
/// not qualify, the other player forcing: the forced dealer's new hand is tapped and the round
/// settles (the declared hand's cards stay from lock-in; its draw is never asked for).
#[test]
fn lunar_forced_round_settles_with_a_declared_hand_that_drew() {
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("lunar-declared.sqlite");
    let mut h = lunar_declared_for_the_super(&db);
    tap(&mut h, "Buy a sixth card · fee $10.00");
    h.get_by_label("Seat 2 decides");
    tap(&mut h, "2× · $20.00");
    lock_in_ace_king(&mut h);
    h.get_by_label("Seat 1 decides");
    tap(&mut h, "2× · $20.00");
    tap(&mut h, "Done");
    h.get_by_label("Tap each hand's result");
    tap(&mut h, "Does not qualify");
    tap(&mut h, "One pair");
    tap(&mut h, "Ace-king");
    tap(&mut h, "Next: who forces");
    tap(&mut h, "No force");
    tap(&mut h, "Force the dealer · fee $10.00");
    tap(&mut h, "8♣");
    h.get_by_label("The dealer's new hand: tap its result");
    tap(&mut h, "Still does not qualify");
    tap(&mut h, "Settle");
    h.get_by_label("Settle in this order");
}

/// A hand declared for the Super at lock-in with no card drawn to it: at the results its
/// category is its cards' (ace-king), filled in with the other categories greyed, and the dealer
/// taps only how it fared (the walk of issue 43 saw it asked again, a wrong one refused only at
/// "Settle"). That the rules refuse another category for it is
/// `results_lunar_rules::a_hand_keyed_at_lock_in_is_the_category_its_cards_are`.
#[test]
fn lunar_a_hand_keyed_at_lock_in_has_its_category_filled_in() {
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("lunar-keyed.sqlite");
    let mut h = lunar_declared_for_the_super(&db);
    tap(&mut h, "2× · $20.00");
    h.get_by_label("Seat 2 decides");
    tap(&mut h, "2× · $20.00");
    lock_in_ace_king(&mut h);
    tap(&mut h, "Done");
    h.get_by_label("Tap each hand's result");
    let before = taps_so_far();
    tap(&mut h, "Qualifies, ace-king or better");
    h.get_by_label("Seat 1's hand");
    h.get_by_label("its cards were keyed when all decisions were locked in: Ace-king");
    assert!(h.get_by_label("One pair").accesskit_node().is_disabled());
    assert!(!h.get_by_label("Ace-king").accesskit_node().is_disabled());
    let loses_at = h.get_by_label("Loses").rect();
    tap(&mut h, "Loses");
    h.get_by_label("Seat 2's hand");
    // The note stands on the heading's line: the comparisons keep their places from seat to
    // seat (the walk saw them move 30 px).
    assert_eq!(h.get_by_label("Loses").rect(), loses_at);
    tap(&mut h, "Straight");
    tap(&mut h, "Beats the dealer");
    tap(&mut h, "Settle");
    h.get_by_label("Settle in this order");
    assert_eq!(
        taps_so_far() - before,
        1 + 1 + 2 + 1,
        "no category tapped for seat 1"
    );
    let row: serde_json::Value =
        serde_json::from_str(payloads(&db, "cards_keyed").last().unwrap()).unwrap();
    assert_eq!(row["results"]["seats"][0][1]["category"], "ace-king");

    // The rules' query the screen drew from.
    let r = h
        .state()
        .terminal()
        .table()
        .round
        .clone()
        .and_then(|r| r.banked)
        .unwrap();
    assert_eq!(r.category_keyed(1), Some("ace-king"));
    assert_eq!(r.category_keyed(2), None, "seat 2's cards were never keyed");
}

/// The dealer taps "Qualifies", a winner and its second combination, then corrects the
/// dealer's hand to "Does not qualify": the comparison and the second combination tapped
/// before no longer count, and the results go on to the force (not refused).
#[test]
fn lunar_a_qualification_corrected_drops_the_comparisons_tapped_before_it() {
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("lunar-corrected.sqlite");
    let mut h = lunar_at_the_cards(&db);
    tap(&mut h, "Qualifies, ace-king or better");
    tap(&mut h, "One pair");
    tap(&mut h, "Beats the dealer");
    tap(&mut h, "2nd: ace-king");
    tap(&mut h, "Does not qualify");
    for cat in ["No hand", "No hand", "Ace-king", "No hand"] {
        tap(&mut h, cat);
    }
    tap(&mut h, "Next: who forces");
    h.get_by_label("No force");
    let row: serde_json::Value =
        serde_json::from_str(payloads(&db, "cards_keyed").last().unwrap()).unwrap();
    assert_eq!(row["results"]["dealer_qualifies"], false);
    let seat1 = &row["results"]["seats"][0][1];
    assert!(
        seat1["versus"].is_null() && seat1["second"].is_null(),
        "{seat1}"
    );
}

/// Mississippi Stud, a hand folded with a Three Card Bonus: it stays on the table until the
/// bonus is settled (§ 655a.11(b)), and the bonus is paid on the three community cards
/// (§ 655a.7(d)(4)). The dealer taps the result of the hand still in and keys the board for the
/// folded hand's bonus, then settles (a walk of issue 43 found Settle refused for want of the
/// community cards, with nothing on the screen asking for them).
#[test]
fn mississippi_stud_a_folded_hands_bonus_is_settled_from_the_board() {
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("folded.sqlite");
    let mut h = mstud_seat_2_folded_with_a_bonus(&db);
    h.run_ok();
    h.get_by_label("Tap each hand's result");
    // Out of the comparison, but not of the settlement: its bonus is on the board.
    h.get_by_label("Seat 2\nfolded");
    tap(&mut h, "Two pair");
    h.get_by_label_contains("The community cards: key them");
    assert!(!common::ui::ready(&h, "Settle"), "not before the board");
    for c in ["7♦", "7♣", "2♠"] {
        tap(&mut h, c);
    }
    tap(&mut h, "Settle");
    let settled: serde_json::Value =
        serde_json::from_str(payloads(&db, "round_settled").last().unwrap()).unwrap();
    let bonus = settled["settlement"]["results"]
        .as_array()
        .unwrap()
        .iter()
        .find(|w| w["seat"] == 2 && w["wager"] == "three-card-bonus")
        .map(|w| w["net"].as_i64().unwrap());
    assert_eq!(bonus, Some(500), "the board's pair pays 1 to 1");
}

/// Mississippi Stud, seats 1 and 2 with a $10 Ante, seat 2 also a $5 Three Card Bonus; seat 2
/// folds on Third Street, seat 1 plays every street 1×: at the results.
fn mstud_seat_2_folded_with_a_bonus(
    db: &std::path::Path,
) -> egui_kittest::Harness<'static, deckhand::ui::DeckhandApp> {
    use deckhand::rules::banked::round::BankedCommand as B;
    use deckhand::rules::table::Command;
    let mut h = real_app(db, 1024.0, 768.0, 0.25);
    open_with_seats(&mut h, GameId::MississippiStud, tap, &[1, 2]);
    // The wagers and decisions as the dealer's taps give them (the step under test is the
    // settlement's).
    {
        let t = h.state_mut().terminal_mut();
        let mut run = |c: B| t.execute(Command::Banked(c)).unwrap();
        run(B::Wagers {
            seat: 1,
            wagers: [("ante".to_string(), 1000)].into(),
        });
        run(B::Wagers {
            seat: 2,
            wagers: [
                ("ante".to_string(), 1000),
                ("three_card_bonus".to_string(), 500),
            ]
            .into(),
        });
        run(B::NoMoreBets);
        run(B::Dealt);
        for _ in 0..20 {
            match t.table().step() {
                Step::Banked {
                    step: BankedStep::Decide { seat, .. },
                    ..
                } => {
                    let multiple = if seat == 2 { 0 } else { 1 };
                    t.execute(Command::Banked(B::Decide { seat, multiple }))
                        .unwrap();
                }
                Step::Banked {
                    step: BankedStep::Reveal { .. },
                    ..
                } => {
                    t.execute(Command::Banked(B::Revealed)).unwrap();
                }
                _ => break,
            }
        }
    }
    h.run_ok();
    h
}

/// § 655a.11(i): a category the community cards rule out is refused at Settle, and the hand's
/// buttons are live again though it was the last tapped (a walk tapped the category the refusal
/// asked for and nothing happened): one tap corrects it, and the round settles.
#[test]
fn mississippi_stud_a_category_the_board_rules_out_is_corrected_in_one_tap() {
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("ruled_out.sqlite");
    let mut h = mstud_seat_2_folded_with_a_bonus(&db);
    tap(&mut h, "Below a pair of 6s");
    for c in ["7♦", "7♣", "2♠"] {
        tap(&mut h, c);
    }
    tap(&mut h, "Settle");
    h.get_by_label_contains("no hand is below a pair of 6s with the community cards 7♦ 7♣ 2♠");
    assert!(payloads(&db, "round_settled").is_empty());
    tap(&mut h, "Pair of 6s to 10s");
    tap(&mut h, "Settle");
    let settled: serde_json::Value =
        serde_json::from_str(payloads(&db, "round_settled").last().unwrap()).unwrap();
    let seat_1: i64 = settled["settlement"]["results"]
        .as_array()
        .unwrap()
        .iter()
        .filter(|w| w["seat"] == 1)
        .map(|w| w["net"].as_i64().unwrap())
        .sum();
    assert_eq!(seat_1, 0, "a pair of 7s pushes");
}
