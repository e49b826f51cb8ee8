//! Texas Hold 'Em Bonus's Five Card Hand Bonus at the table (§ 647a.7(d)(4), § 647a.11(j),
//! § 647a.12(e)), from the real start: the app built as `deckhand` builds it, its table game
//! system (the progressive controller's link, hw/progressive-protocol.md) on a pseudo-terminal
//! served by the simulator, sign-in, the table opened, a round played on the screen.

use crate::common::play::{floorperson_signs, open_with_seats, play_step};
use crate::common::ui::{harness_with_dt, keys, kinds, payloads, real_config, settle, tap};
use deckhand::devices::progressive::ControllerState;
use deckhand::devices::sim::{ProgressiveScript, run_progressive};
use deckhand::rules::banked::round::BankedStep;
use deckhand::rules::cards::Card;
use deckhand::rules::games::GameId;
use deckhand::ui::DeckhandApp;
use egui_kittest::Harness;
use egui_kittest::kittest::Queryable;
use serialport::{SerialPort, TTYPort};
use std::sync::atomic::AtomicBool;
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

fn card(s: &str) -> Card {
    s.parse().unwrap()
}

/// Runs frames until `pred` holds (10 s at most), the devices polled by the app's own logic.
fn until(h: &mut Harness<'_, DeckhandApp>, what: &str, pred: &dyn Fn(&DeckhandApp) -> bool) {
    let deadline = Instant::now() + Duration::from_secs(10);
    while !pred(h.state()) {
        assert!(
            Instant::now() < deadline,
            "{what}: {:?}",
            h.state().terminal().progressive()
        );
        std::thread::sleep(Duration::from_millis(10));
        h.run();
    }
}

struct Rig {
    h: Harness<'static, DeckhandApp>,
    db: std::path::PathBuf,
    stop: Arc<AtomicBool>,
    _dir: tempfile::TempDir,
    _slave: TTYPort,
}

/// The app with the simulated table game system on a pty: progressive meter 1 and the Five
/// Card Hand Bonus meter 2 at `fchb_meter`, the next draw fixed; `offered`: the casino's
/// Rules Submission offers the Five Card Hand Bonus. Signed in, the table open, seats 2 and
/// 4 dealt in, at the wagers.
fn rig(fchb_meter: i64, draw: (Card, u8), offered: bool) -> Rig {
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("fchb.sqlite");
    let (master, slave) = TTYPort::pair().unwrap();
    let script = Arc::new(Mutex::new(ProgressiveScript {
        meters: vec![(1, 2_500_000), (2, fchb_meter)],
        resets: vec![(1, 1_000_000), (2, 1_000_000)],
        draws: true,
        next_draw: Some(draw),
        ..Default::default()
    }));
    let stop = Arc::new(AtomicBool::new(false));
    {
        let stop = stop.clone();
        std::thread::spawn(move || run_progressive(Box::new(master), script, stop));
    }
    let mut config = real_config(&db);
    config.progressive.port = slave.name().unwrap();
    config
        .house
        .edit(|g: &mut deckhand::rules::banked::thb::Rules| g.five_card_bonus_offered = offered);
    let app = deckhand::app::build(&config, Default::default(), None).unwrap();
    let mut h = harness_with_dt(app, 1024.0, 768.0, 0.05);
    h.run_ok();
    until(&mut h, "the system's meters", &|a| {
        a.terminal().progressive().meters.len() == 2
    });
    open_with_seats(&mut h, GameId::TexasHoldemBonus, tap, &[2, 4]);
    Rig {
        h,
        db,
        stop,
        _dir: dir,
        _slave: slave,
    }
}

fn banked(h: &Harness<'_, DeckhandApp>) -> deckhand::rules::banked::round::BankedRound {
    h.state()
        .terminal()
        .table()
        .round
        .as_ref()
        .and_then(|r| r.banked.clone())
        .expect("a house-banked round")
}

fn wager(h: &mut Harness<'_, DeckhandApp>, seat: u8, label: &str, dollars: &str) {
    tap(h, &format!("Wagers of seat {seat}"));
    tap(h, &format!("Seat {seat} {label}: —"));
    keys(h, dollars);
}

/// Seats 2 and 4 wager on both Five Card Hand Bonuses, the system draws the 9♥ and the
/// dealer's hand, and the round is keyed and settled: the dealer's straight flush hits the
/// meter. At the settlement, before the floorperson validates it.
fn settled_with_a_hit(h: &mut Harness<'_, DeckhandApp>) {
    wager(h, 2, "Ante", "10");
    wager(h, 2, "5 Card: player", "5");
    wager(h, 2, "5 Card: dealer", "5");
    wager(h, 4, "Ante", "10");
    wager(h, 4, "5 Card: dealer", "5");
    // The side panel adds up what is keyed before the rules take it.
    settle(h);
    h.get_by_label("Keyed so far $35.00");
    tap(h, "No more bets");
    settle(h);
    h.get_by_label("On the layout $35.00");
    // The system locked the wagers out and drew for the round. The controller reports its
    // state in a message of its own after the draw (hw/progressive-protocol.md), which may
    // come in a later poll than the draw.
    until(h, "the draw and the lockout", &|a| {
        let p = a.terminal().progressive();
        p.drawn.is_some() && p.state == Some(ControllerState::Locked)
    });
    let mut taps = 0;
    while banked(h).step != BankedStep::Cards {
        assert!(play_step(h, &mut taps) && taps < 40, "{:?}", banked(h).step);
    }
    settle(h);
    h.get_by_label("Table game system: Magic Card 9♥, Lucky Bonus the dealer's hand (§ 647a.1)");
    for c in [
        "9h", "9d", // seat 2
        "Ah", "Ad", // seat 4
        "Ks", "Qs", // the dealer
        "9s", "Js", "Ts", "2c", "3d", // the board
    ] {
        tap(h, &card(c).pretty());
    }
    tap(h, "Settle");
}

/// The Five Card Hand Bonus on the player's and on the dealer's hand, with the Magic Card and
/// the Lucky Bonus the system drew: the dealer flops a straight flush, so 10% of the Five Card
/// Hand Bonus meter is divided between its two bettors (§ 647a.12(e)(2)), told to the system as
/// one hit on the dealer's hand after a floorperson verified it (§ 647a.11(j)(2)); seat 2's
/// hand holds the Magic Card (§ 647a.12(e)(3)); the dealer's position drew the Lucky Bonus.
#[test]
fn the_five_card_hand_bonus_is_wagered_drawn_settled_and_hit_at_the_table() {
    let mut r = rig(1_500_010, (card("9h"), 0), true);
    let h = &mut r.h;
    settled_with_a_hit(h);
    let b = banked(h);
    assert_eq!(b.meters.get("2"), Some(&1_500_010), "the system's meter");
    let d = b.system_draw().expect("the draw on the round");
    assert_eq!((d.magic_card, d.lucky), (card("9h"), 0));
    let s = b.settlement.clone().expect("settled");
    let line = |seat: u8, wager: &str| {
        s.results
            .iter()
            .find(|w| w.seat == seat && w.wager == wager)
            .unwrap_or_else(|| panic!("seat {seat} {wager}: {:#?}", s.results))
            .clone()
    };
    // The dealer's straight flush: 10% of the meter divided in two, the odd cent to the
    // first bettor.
    let (a, c) = (line(2, "fchb-dealer"), line(4, "fchb-dealer"));
    assert_eq!(a.from_meter + c.from_meter, 150_001);
    assert_eq!((a.from_meter - c.from_meter).abs(), 1);
    // § 647a.11(j): a meter payout of the Five Card Hand Bonus waits for a floorperson and its hand stays on the table (not to the game account).
    assert!(a.floor_verification && a.hold_cards);
    // § 647a.1: the Magic Card in seat 2's hand: 20 for 1 on $5; the Lucky Bonus on the
    // dealer's hand: 5 for 1 on each dealer-hand wager.
    assert_eq!(line(2, "magic-card").paid, 10_000);
    assert_eq!(line(2, "lucky-bonus").paid, 2_500);
    assert_eq!(line(4, "lucky-bonus").paid, 2_500);
    // The settlement's meter after the hit is the system's.
    let m = s
        .meters
        .iter()
        .find(|m| m.meter == "five-card-bonus")
        .unwrap();
    assert_eq!((m.paid, m.after), (150_001, 1_350_009));
    // A floorperson verifies before anything is paid or told to the system.
    tap(h, "Floorperson validates");
    floorperson_signs(h);
    until(h, "the hit on the dealer's hand", &|a| {
        a.terminal().progressive().hits.len() == 1
    });
    let hit = h.state().terminal().progressive().hits[0].clone();
    assert_eq!((hit.spot, hit.meter, hit.percent), (0, 2, 10));
    assert_eq!(
        hit.amount, 150_001,
        "the system paid what the settlement divided"
    );
    settle(h);
    h.get_by_label(
        "Progressive controller: the dealer's hand lit · 10% of the Five Card Hand Bonus meter = $1,500.01",
    );
    tap(h, "Paid");
    until(h, "the hit paid", &|a| {
        a.terminal().progressive().state == Some(ControllerState::Locked)
            && a.terminal().progressive().meters.contains(&(2, 1_350_009))
    });
    assert_eq!(h.state().terminal().device_notice, None);
    let k = kinds(&r.db);
    let count = |x: &str| k.iter().filter(|y| *y == x).count();
    assert_eq!(count("progressive_drawn"), 1, "{k:?}");
    assert_eq!(count("progressive_hit"), 1, "{k:?}");
    assert_eq!(count("progressive_hit_paid"), 1, "{k:?}");
    assert_eq!(count("progressive_hit_mismatch"), 0, "{k:?}");
    let keyed = payloads(&r.db, "cards_keyed");
    assert!(keyed[0].contains("\"magic_card\":\"9h\""), "{keyed:?}");
    r.stop.store(true, std::sync::atomic::Ordering::SeqCst);
}

/// A casino whose Rules Submission does not offer the Five Card Hand Bonus shows no spot for
/// it (§ 647a.7(d)(4)); the round refuses one keyed anyway (the rules' own test,
/// `a_side_wager_the_casino_does_not_offer_is_refused`).
#[test]
fn a_five_card_hand_bonus_not_offered_has_no_spot() {
    let mut r = rig(1_000_000, (card("2c"), 1), false);
    let h = &mut r.h;
    tap(h, "Wagers of seat 2");
    settle(h);
    assert!(h.query_by_label_contains("Seat 2 5 Card").is_none());
    assert!(h.query_by_label_contains("5 Card: player").is_none());
    assert!(h.query_by_label("Seat 2 Ante: —").is_some());
    r.stop.store(true, std::sync::atomic::Ordering::SeqCst);
}

/// Without the table game system the Five Card Hand Bonus is not accepted (§ 647a.2(d)): its
/// spots say so in their place.
#[test]
fn without_the_table_game_system_the_five_card_hand_bonus_is_not_accepted() {
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("nosystem.sqlite");
    // The embedded configuration with no progressive controller.
    let mut h = crate::common::ui::real_app(&db, 1024.0, 768.0, 0.05);
    open_with_seats(&mut h, GameId::TexasHoldemBonus, tap, &[2, 4]);
    tap(&mut h, "Wagers of seat 2");
    settle(&mut h);
    // § 647a.2(d): without the table game system on the link, both Five Card Hand Bonus spots say the wager is not accepted.
    h.get_by_label("5 Card: player: not accepted\n(no table game system)");
    h.get_by_label("5 Card: dealer: not accepted\n(no table game system)");
}

/// § 647a.2(d): the terminal itself refuses a Five Card Hand Bonus keyed without the table game
/// system (no progressive controller on the link), and still takes the seat's other wagers.
#[test]
fn without_the_table_game_system_the_terminal_refuses_a_five_card_hand_bonus() {
    use deckhand::rules::banked::round::BankedCommand;
    use deckhand::rules::table::Command;
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("refused.sqlite");
    let mut term =
        deckhand::terminal::Terminal::open(deckhand::store::Store::open(&db).unwrap(), None)
            .unwrap();
    let setup = crate::common::ui::table(6, GameId::TexasHoldemBonus);
    deckhand::demo::stage_at(&mut term, &setup, deckhand::demo::At::Opened).unwrap();
    term.execute(Command::StartRound { seats: vec![2] })
        .unwrap();
    let e = term
        .execute(Command::Banked(BankedCommand::Wagers {
            seat: 2,
            wagers: [("ante".to_string(), 1000), ("fchb_player".to_string(), 500)].into(),
        }))
        .unwrap_err();
    // § 647a.2(d): no table game system, no Five Card Hand Bonus: the terminal refuses the wager.
    assert!(
        e.contains("seat 2") && e.contains("not accepted (§ 647a.2(d))"),
        "{e}"
    );
    term.execute(Command::Banked(BankedCommand::Wagers {
        seat: 2,
        wagers: [("ante".to_string(), 1000)].into(),
    }))
    .unwrap();
}

/// A finger drag over the settlement's lines scrolls them: the dealer's touchscreen has no
/// wheel, and the walk of issue 43 found a drag selecting the text instead.
#[test]
fn a_finger_drag_over_the_settlement_scrolls_it() {
    let mut r = rig(1_500_010, (card("9h"), 0), true);
    let h = &mut r.h;
    settled_with_a_hit(h);
    settle(h);
    let line = |h: &Harness<'_, DeckhandApp>| {
        h.get_by_label_contains("Seat 2 · Ante: the dealer's straight flush")
            .rect()
            .center()
    };
    let from = line(h);
    let to = from - egui::vec2(0.0, 200.0);
    crate::common::ui::drag(h, from, to);
    let moved = from.y - line(h).y;
    assert!(
        moved > 100.0,
        "the lines moved {moved} px under a 200 px drag"
    );
}
