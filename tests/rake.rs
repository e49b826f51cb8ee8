//! Rake (§ 637a.17) and jackpot contributions (§ 637a.15(c), § 637a.16(c)) taken from Hold'em
//! pots: the arithmetic, a showdown and an uncontested pot through the terminal, and the
//! supervisors' views.

use crate::common;
use crate::common::terminal::{ok, washed};

use common::poker::{act, check_through, post, showdown, to_act};
use deckhand::rules::betting_actions::ActionKind;
use deckhand::rules::table::{Command, Confirm, PotRules, PotTake, Step, TableSetup};
use deckhand::store::Store;
use deckhand::terminal::Terminal;

fn rules() -> PotRules {
    PotRules {
        rake_percent: 10,
        rake_cap: 300,
        rake_flop_only: true,
        bad_beat: 100,
        high_hand: 50,
        high_hand_min_players: 0,
        high_hand_tie: Default::default(),
        contribution_min_pot: 1000,
        bad_beat_rules: None,
    }
}

#[test]
fn rake_then_contributions_capped_and_never_from_an_uncalled_bet() {
    let r = rules();
    // $12 pot after the flop: 10% = $1.20, then $1 and $0.50.
    assert_eq!(
        PotTake::compute(&r, 1200, 0, true),
        PotTake {
            rake: 120,
            bad_beat: 100,
            high_hand: 50,
            uncalled: 0
        }
    );
    // $80 pot: the rake is capped at $3.
    assert_eq!(PotTake::compute(&r, 8000, 0, true).rake, 300);
    // Won before the flop: no rake ("no flop, no drop"), contributions still by pot size.
    assert_eq!(PotTake::compute(&r, 1500, 0, false).rake, 0);
    // A small pot gives no contribution.
    let t = PotTake::compute(&r, 600, 0, true);
    assert_eq!((t.rake, t.bad_beat, t.high_hand), (60, 0, 0));
    // An uncalled $4 bet in a $16 pot: only $12 is raked (§ 637a.17(d)).
    let t = PotTake::compute(&r, 1600, 400, true);
    assert_eq!((t.rake, t.uncalled), (120, 400));
    // Odd cents round down; a 10% cap is the most the rules allow.
    assert_eq!(PotTake::compute(&r, 1234, 0, true).rake, 123);
    let too_much = TableSetup {
        pot_rules: PotRules {
            rake_percent: 11,
            ..r.clone()
        },
        ..setup()
    };
    assert!(too_much.validate().unwrap_err().contains("§ 637a.17(b)(1)"));
}

/// Another house's Rules Submission: a 5% rake capped at $1, or a $5 cap with $2 Bad Beat and
/// $0.25 High Hand drops from pots of $20 or more. The figures taken are the configured ones.
#[test]
fn the_rake_and_the_contributions_are_the_configured_figures() {
    let five = PotRules {
        rake_percent: 5,
        rake_cap: 100,
        ..rules()
    };
    // § 637a.17(a): the configured percentage (5% of $12) and maximum rake per round ($1 of an $80 pot).
    assert_eq!(PotTake::compute(&five, 1200, 0, true).rake, 60);
    assert_eq!(PotTake::compute(&five, 8000, 0, true).rake, 100);
    let drops = PotRules {
        rake_cap: 500,
        bad_beat: 200,
        high_hand: 25,
        contribution_min_pot: 2000,
        ..rules()
    };
    let t = PotTake::compute(&drops, 2500, 0, true);
    // § 637a.15(c): after the rake ($2.50), the configured Bad Beat contribution ($2) from a pot of at least the configured $20 ...
    // § 637a.16(c): ... and the configured High Hand contribution ($0.25).
    assert_eq!((t.rake, t.bad_beat, t.high_hand), (250, 200, 25));
    let t = PotTake::compute(&drops, 1500, 0, true);
    // § 637a.15(c): a $15 pot is under this house's minimum: no contribution.
    // § 637a.16(c): nor to the High Hand box.
    assert_eq!((t.rake, t.bad_beat, t.high_hand), (150, 0, 0));
}

fn setup() -> TableSetup {
    TableSetup {
        pot_rules: rules(),
        ..deckhand::demo::fixed_limit_table(5)
    }
}

#[test]
fn pots_are_raked_at_the_table_and_recorded() {
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("rake.sqlite");
    let mut t = Terminal::open(Store::open(&db).unwrap(), None).unwrap();
    washed(&mut t, setup());
    ok(&mut t, Command::Confirm(Confirm::ShuffledAndCut));

    // Round 1: three players see a checked-down showdown: pot $6 (3 × $2), 10% = $0.60; no
    // contribution (under $10).
    ok(
        &mut t,
        Command::StartRound {
            seats: vec![1, 2, 3],
        },
    );
    check_through(&mut t);
    // Seat 3 concedes without showing (§ 637a.18(e)).
    showdown(&mut t, "2c 7d 9h Js 4c", &[(1, "Ah Ad"), (2, "Kh Qd")]);
    ok(&mut t, Command::CountLosingHands { correct: true });
    assert_eq!(
        t.table().step(),
        Step::AwardPot {
            awards: vec![(1, 540)]
        }
    );
    ok(&mut t, Command::Confirm(Confirm::PotPushed));

    // Round 2: seat 3 raises pre-flop, everyone folds: nothing raked before the flop, and the
    // raise above the big blind was never called.
    ok(&mut t, Command::Confirm(Confirm::ShuffledAndCut));
    ok(
        &mut t,
        Command::StartRound {
            seats: vec![1, 2, 3],
        },
    );
    post(&mut t);
    common::poker::dealt(&mut t);
    let (seat, _) = to_act(&t).expect("a player acts pre-flop");
    act(&mut t, seat, ActionKind::Raise);
    while let Some((seat, _)) = to_act(&t) {
        act(&mut t, seat, ActionKind::Fold);
    }
    let r = t.table().round.as_ref().unwrap();
    assert_eq!(r.take.rake, 0);
    assert_eq!(r.take.uncalled, 200, "the raise to $4 over the $2 blind");
    ok(&mut t, Command::CountLosingHands { correct: true });
    ok(&mut t, Command::Confirm(Confirm::PotPushed));
    drop(t);

    let conn = rusqlite::Connection::open(&db).unwrap();
    let rakes: Vec<(i64, i64, i64)> = conn
        .prepare("SELECT round, pot_cents, rake_cents FROM rake_collected ORDER BY serial")
        .unwrap()
        .query_map([], |r| Ok((r.get(0)?, r.get(1)?, r.get(2)?)))
        .unwrap()
        .map(|r| r.unwrap())
        .collect();
    // § 637a.17(e): one rake per round, taken when its pot was awarded: none more after the pot went to its winner.
    assert_eq!(rakes, vec![(1, 600, 60), (2, 700, 0)]);
    let receipts: i64 = conn
        .query_row("SELECT COUNT(*) FROM deck_receipts", [], |r| r.get(0))
        .unwrap();
    assert_eq!(receipts, 1, "the two decks received at opening");
    drop(conn);

    // The end-of-shift report of the day: both rounds, the rake, the dealer, the chain head.
    let today = chrono::Utc::now().date_naive();
    let from = today.to_string();
    let to = today.succ_opt().unwrap().to_string();
    let mut store = Store::open(&db).unwrap();
    let doc =
        deckhand::print::shift_report_document(&mut store, 5, &from, &to, Some("1001")).unwrap();
    assert!(!doc.reprint);
    let no = doc.number;
    let text = doc.text();
    let (_, head) = store.head().unwrap();
    let title = format!("End-of-shift table report No. {no} - table 5");
    for field in [
        title.as_str(),
        "Alex Rivera (20417)",
        "Rounds completed: 2   Pots: $13.00",
        "Rake: $0.60 (§ 637a.17)",
        "Deck counts: 0",
        "Irregularities: 0",
        // The table's pace and the dealer's, from the two rounds' rows.
        "Pace: ",
        "a round (2 rounds)",
        "dealer 20417: ",
        head.as_str(),
    ] {
        assert!(text.contains(field), "{field} missing:\n{text}");
    }
    let (_, reprint, pdf) =
        deckhand::print::shift_report(&mut store, 5, &from, &to, Some("1001")).unwrap();
    assert!(reprint);
    assert!(common::pdf::text(&pdf).starts_with("REPRINT - End-of-shift table report No. "));
    // Another table, or another day, has nothing.
    let (_, _, pdf) =
        deckhand::print::shift_report(&mut store, 6, &from, &to, Some("1001")).unwrap();
    let text = common::pdf::text(&pdf);
    assert!(text.contains("Rounds completed: 0"), "{text}");
    assert!(!text.contains("Alex Rivera"), "{text}");
}

/// The record of a pushed pot says everything the pot went to, so its parts add up to it: the
/// winners' shares, the rake (§ 637a.17(b)) and each jackpot drop (§ 637a.15(c), § 637a.16(c))
/// (the walk of issue 41 read "$81.00 to seat 2 (rake $5.00)" of a pot of $88.00).
#[test]
fn a_pushed_pots_record_names_the_rake_and_each_drop() {
    let e = deckhand::rules::table::Event::PotAwarded {
        number: 2,
        awards: vec![(2, 8100)],
        pot: 8800,
        take: PotTake {
            rake: 500,
            bad_beat: 100,
            high_hand: 100,
            uncalled: 0,
        },
    };
    assert_eq!(
        e.sentence(),
        "Pot of $88.00 pushed: $81.00 to seat 2 (rake $5.00, Bad Beat drop $1.00, High Hand drop $1.00)"
    );
}
