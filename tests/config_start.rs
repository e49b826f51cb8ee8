//! A table's configuration from the real start: `[table] game` takes its own `[games.<id>]`
//! figures like every other game, and a configuration that cannot be used shows the screen that
//! says why (file, key, reason) instead of a black kiosk and an exit.

use crate::common;

use common::ui::{station_harness, tap};
use deckhand::config::{Config, DEFAULT_TOML};
use deckhand::rules::games::GameId;
use deckhand::rules::registry::Dealing;
use egui_kittest::kittest::Queryable;

/// The embedded configuration with `[table] game` set to `game`.
fn embedded_with_game(game: &str) -> String {
    DEFAULT_TOML.replacen("game = \"holdem\"", &format!("game = \"{game}\""), 1)
}

#[test]
fn the_table_game_takes_its_own_games_section() {
    // `[games.crazy-4-poker] max_ante_cents = 50000`: the posted Ante limit is the section's.
    let c = Config::parse(&embedded_with_game("crazy-4-poker"), "t.toml").unwrap();
    let s = c.table_setup();
    assert_eq!(s.poker.game, GameId::Crazy4Poker);
    assert_eq!((s.poker.min_ante, s.poker.max_ante), (500, 50_000));
    assert!(s.poker.house.is_some(), "the paytables it settles by");
    // The open-table screen offers the same setup for the game it selects first.
    assert_eq!(c.table_setups()[0], s);
    // `[games.seven-card-stud] forced_bet_cents = 100` (§ 637a.10(d)) where `[table]` says 0.
    let c = Config::parse(&embedded_with_game("seven-card-stud"), "t.toml").unwrap();
    assert_eq!(c.table_setup().poker.forced_bet, 100);
    // Spanish 21 is dealt from a shoe (§ 635a.8): `[table] dealing = "hand"` is the other
    // games' method, not one its chapter allows.
    let c = Config::parse(&embedded_with_game("spanish-21"), "t.toml").unwrap();
    let dealing = c.table_setup().poker.dealing;
    assert!(GameId::Spanish21.def().dealing.contains(&dealing));
    assert_ne!(dealing, Dealing::Hand);
}

/// From sign-in, at a table whose `[table] game` is Crazy 4 Poker: the open-table screen posts
/// the Ante limits of `[games.crazy-4-poker]`, and the table opens with them.
#[test]
fn crazy_4_poker_as_the_table_game_posts_its_own_ante_limits_from_sign_in() {
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("c4.sqlite");
    let mut c = Config::parse(&embedded_with_game("crazy-4-poker"), "t.toml").unwrap();
    c.store.database = db.display().to_string();
    c.shuffler.port = "none".into();
    c.progressive.port = "none".into();
    c.table.dealing = Dealing::ManualShoe;
    let mut h = common::ui::app_with(&c, 1024.0, 768.0, 0.25);
    common::play::dealer_signs_in(&mut h, tap);
    h.get_by_label("Crazy 4 Poker ✔");
    h.get_by_label_contains("Ante $5.00 to $500.00.");
    tap(&mut h, "Open table");
    let t = h.state().terminal().table();
    assert_eq!(t.setup.as_ref().unwrap().poker.max_ante, 50_000);
}

/// A configuration the terminal cannot use: the window says so, with the file, the key and the
/// reason, and nothing can be tapped; no database is created.
#[test]
fn a_configuration_error_shows_the_cannot_start_screen_with_file_key_and_reason() {
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("never.sqlite");
    let path = dir.path().join("table-12.toml");
    let text = DEFAULT_TOML
        .replacen(
            "database = \"\"",
            &format!("database = \"{}\"", db.display()),
            1,
        )
        .replacen("interval_minutes = 30", "interval_minutes = 45", 1);
    std::fs::write(&path, text).unwrap();
    let loaded = Config::load(Some(&path));
    let e = loaded.as_ref().unwrap_err();
    assert!(e.contains("time_charges.interval_minutes"), "{e}");
    let station = deckhand::app::start_loaded(&loaded, Default::default(), None);
    let mut h = station_harness(station, 1024.0, 768.0);
    h.run_ok();
    h.get_by_label("The terminal cannot start");
    // One message with the file, the key and the reason.
    for part in [
        format!(
            "The configuration cannot be used: {}: time_charges.interval_minutes",
            path.display()
        ),
        "20 or 30 (§ 637a.17(b)(3)(iii))".to_string(),
        "The terminal did not start and wrote nothing".to_string(),
    ] {
        h.get_by_label_contains(&part);
    }
    assert!(h.query_by_label("Sign in").is_none());
    assert!(!db.exists(), "nothing was opened or written");
}

/// A setting never offers what the text forbids: § 677a.13(d) says a void round's Trips Plus
/// "shall be settled", so `trips_plus_on_void = "return"` is refused at start with the file,
/// the key and the section.
#[test]
fn a_trips_plus_returned_on_a_void_round_is_refused_at_start() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("table-7.toml");
    let text = DEFAULT_TOML.replacen(
        "trips_plus_on_void = \"finish-board\"",
        "trips_plus_on_void = \"return\"",
        1,
    );
    assert_ne!(text, DEFAULT_TOML);
    std::fs::write(&path, text).unwrap();
    let e = Config::load(Some(&path)).unwrap_err();
    assert!(e.contains(&path.display().to_string()), "{e}");
    assert!(e.contains("house.wpt-heads-up.trips_plus_on_void"), "{e}");
    assert!(e.contains("§ 677a.13(d)"), "{e}");
    // At the key's own line, not its table's.
    let line = 1 + DEFAULT_TOML[..DEFAULT_TOML.find("trips_plus_on_void").unwrap()]
        .matches('\n')
        .count();
    assert!(
        e.contains(&format!("line {line}, [house.wpt-heads-up]")),
        "{e}"
    );
}

/// § 655a.12(b), § 647a.12(c): the payout limit is $50,000 or the maximum payout at the table
/// minimum, whichever is greater. A $25 minimum Ante at Mississippi Stud can win $125,000 (a
/// royal flush, 500 to 1, on the Ante and three Streets at 3×): a $50,000 limit is refused
/// with the key, the figure and the section; a limit of at least that opens.
#[test]
fn a_payout_limit_below_the_most_a_table_minimum_wins_is_refused() {
    let with_min = |min: &str, limit: Option<&str>| {
        let mut text = DEFAULT_TOML.replacen(
            "[games.crazy-4-poker]",
            &format!("[games.mississippi-stud]\nmin_ante_cents = {min}\n\n[games.crazy-4-poker]"),
            1,
        );
        if let Some(l) = limit {
            let at = text.find("[house.mississippi-stud]").unwrap();
            let tail = text[at..].replacen(
                "payout_limit_cents = 5000000",
                &format!("payout_limit_cents = {l}"),
                1,
            );
            text = format!("{}{tail}", &text[..at]);
        }
        Config::parse(&text, "table.toml")
    };
    let e = with_min("2500", None).unwrap_err();
    assert!(
        e.contains("house.mississippi-stud.payout_limit_cents")
            && e.contains("$125,000.00")
            && e.contains("§ 655a.12(b)"),
        "{e}"
    );
    with_min("2500", Some("12500000")).unwrap();
    // A $5 minimum wins at most $25,000: the $50,000 floor stands.
    with_min("500", None).unwrap();
}

/// § 647a.12(c): at Texas Hold 'Em Bonus, a $5 minimum Ante with a $50 minimum Bonus wins
/// $50,025 (Ante, Flop, Turn and River 1 to 1, the Bonus 1,000 to 1 on paytable A): a $50,000
/// limit is refused with the key, the figure and the section; $50,025 opens.
#[test]
fn a_texas_holdem_bonus_payout_limit_below_the_most_a_table_minimum_wins_is_refused() {
    let with = |limit: Option<&str>| {
        let mut text = DEFAULT_TOML.replacen(
            "[games.crazy-4-poker]",
            "[games.texas-holdem-bonus]\nmin_ante_cents = 500\nside_wager_limits_cents = { bonus = [5000, 10000] }\n\n[games.crazy-4-poker]",
            1,
        );
        if let Some(l) = limit {
            let at = text.find("[house.texas-holdem-bonus]").unwrap();
            let tail = text[at..].replacen(
                "payout_limit_cents = 5000000",
                &format!("payout_limit_cents = {l}"),
                1,
            );
            text = format!("{}{tail}", &text[..at]);
        }
        Config::parse(&text, "table.toml")
    };
    let e = with(None).unwrap_err();
    assert!(
        e.contains("house.texas-holdem-bonus.payout_limit_cents")
            && e.contains("$50,025.00")
            && e.contains("§ 647a.12(c)"),
        "{e}"
    );
    with(Some("5002500")).unwrap();
}

/// § 677a.12(f): a WPT payout limit, where the casino sets one, is $50,000 or the most one
/// player wins betting the minimum, whichever is greater. A $100 minimum Ante wins $50,400 (the
/// Ante and a 3× Raise 1 to 1, the Odds' royal flush 500 to 1): a $50,000 limit is refused with
/// the key, the figure and the section; $50,400 opens, and no limit at all opens.
#[test]
fn a_wpt_payout_limit_below_the_most_a_table_minimum_wins_is_refused() {
    let with = |min: &str, limit: Option<&str>| {
        let mut text = DEFAULT_TOML.replacen(
            "[games.crazy-4-poker]",
            &format!("[games.wpt-heads-up]\nmin_ante_cents = {min}\n\n[games.crazy-4-poker]"),
            1,
        );
        if let Some(l) = limit {
            text = text.replacen(
                "# payout_limit_cents = 5000000   # § 677a.12(f)",
                &format!("payout_limit_cents = {l}   # § 677a.12(f)"),
                1,
            );
        }
        Config::parse(&text, "table.toml")
    };
    let e = with("10000", Some("5000000")).unwrap_err();
    assert!(
        e.contains("house.wpt-heads-up.payout_limit_cents")
            && e.contains("$50,400.00")
            && e.contains("§ 677a.12(f)"),
        "{e}"
    );
    with("10000", Some("5040000")).unwrap();
    with("10000", None).unwrap();
    // A $5 minimum wins at most $2,520: the $50,000 floor stands.
    with("500", Some("5000000")).unwrap();
}

/// § 647a.12(d)(3), (e)(4): Texas Hold 'Em Bonus's progressive meter and Five Card Hand Bonus
/// meter start and reset at $10,000 at least: a cent less is refused at start, naming the key
/// and the section; $10,000 or more opens.
#[test]
fn a_texas_holdem_bonus_meter_reset_below_ten_thousand_dollars_is_refused() {
    let thb = "progressive_reset_cents = 1000000\nfive_card_bonus_reset_cents = 1000000";
    assert!(DEFAULT_TOML.contains(thb));
    let with = |progressive: &str, five_card: &str| {
        Config::parse(
            &DEFAULT_TOML.replacen(
                thb,
                &format!(
                    "progressive_reset_cents = {progressive}\nfive_card_bonus_reset_cents = {five_card}"
                ),
                1,
            ),
            "table.toml",
        )
    };
    let e = with("999999", "1000000").unwrap_err();
    // § 647a.12(d): the progressive's initial and reset amount is at least $10,000.
    assert!(
        e.contains("house.texas-holdem-bonus.progressive_reset_cents")
            && e.contains("§ 647a.12(d)(3)"),
        "{e}"
    );
    let e = with("1000000", "999999").unwrap_err();
    // § 647a.12(e): the Five Card Hand Bonus meter's too.
    assert!(
        e.contains("house.texas-holdem-bonus.five_card_bonus_reset_cents") && e.contains("(e)(4)"),
        "{e}"
    );
    with("1000000", "1000000").unwrap();
    with("2500000", "1500000").unwrap();
}

/// § 655a.12(c)(3): Mississippi Stud's progressive meter starts and resets at the casino's
/// `progressive_reset_cents`, $10,000 at least: a cent less is refused at start, naming the key
/// and the section; a larger reset opens and is the one the table's paytables carry.
#[test]
fn a_mississippi_stud_progressive_reset_below_ten_thousand_dollars_is_refused() {
    let ms = "progressive_reset_cents = 1000000\n\n[house.crazy-4-poker]";
    assert!(DEFAULT_TOML.contains(ms));
    let with = |reset: &str| {
        Config::parse(
            &DEFAULT_TOML.replacen(
                ms,
                &format!("progressive_reset_cents = {reset}\n\n[house.crazy-4-poker]"),
                1,
            ),
            "table.toml",
        )
    };
    let e = with("999999").unwrap_err();
    // § 655a.12(c): the progressive's initial and reset amount is the Rules Submission's, and never below $10,000.
    assert!(
        e.contains("house.mississippi-stud.progressive_reset_cents")
            && e.contains("§ 655a.12(c)(3)"),
        "{e}"
    );
    let c = with("2500000").unwrap();
    let house = c
        .table_setup_for(GameId::MississippiStud)
        .poker
        .house
        .expect("the table's paytables");
    assert_eq!(
        house
            .rules
            .of::<deckhand::rules::banked::mstud::Rules>()
            .progressive_reset_cents,
        2_500_000
    );
}

/// § 637a.11(k): the excess of a pot that cannot be divided "may be given to the player
/// specified in the certificate holder's Rules Submission": `[holdem] odd_chip` names it, and
/// the table's rounds award by it; Seven-card Stud Hi-Lo's section names the player itself
/// (§ 637a.10(i)(3)), so the setting does not reach it; a rule for a low half is not offered.
#[test]
fn the_odd_chip_goes_where_the_rules_submission_says() {
    use deckhand::rules::poker::pots::OddChip;
    let text = DEFAULT_TOML.replacen(
        "odd_chip = \"left-of-button\"",
        "odd_chip = \"high-card-by-suit\"",
        1,
    );
    let c = Config::parse(&text, "table.toml").unwrap();
    let award = |game: GameId| {
        c.table_setup_for(game)
            .hand_setup(&[1, 2], 1, &Default::default(), &[], false)
            .award
    };
    // § 637a.11(k): a Hold'em pot's odd chip goes to the player the Rules Submission's `odd_chip` names.
    assert_eq!(
        award(GameId::Holdem).odd_chip_first,
        OddChip::HighCardBySuit
    );
    assert_eq!(
        award(GameId::SevenCardStudHiLo).odd_chip_second,
        OddChip::LowCardBySuit
    );
    // § 637a.19(k)(2)(ii), § 637a.20(k), § 637a.21(k)(5): the same setting gives the odd chip
    // of a Five-card Omaha high half, a Triple Draw pot and a Badugi pot.
    for game in [
        GameId::FiveCardOmaha,
        GameId::FiveCardOmahaHiLo,
        GameId::TripleDraw27,
        GameId::TripleDrawA5,
        GameId::Badugi,
    ] {
        assert_eq!(
            award(game).odd_chip_first,
            OddChip::HighCardBySuit,
            "{game:?}"
        );
    }
    // § 637a.19(k)(2)(iii): a tied low half's odd chip stays with the first tied player clockwise
    // from the button (the setting has no low-card-by-suit choice).
    assert_eq!(
        award(GameId::FiveCardOmahaHiLo).odd_chip_second,
        OddChip::LeftOfButton
    );
    // The default: the first tied player clockwise from the button.
    let d = Config::parse(DEFAULT_TOML, "embedded").unwrap();
    assert_eq!(
        d.table_setup_for(GameId::Holdem)
            .hand_setup(&[1, 2], 1, &Default::default(), &[], false)
            .award
            .odd_chip_first,
        OddChip::LeftOfButton
    );
    let e = Config::parse(
        &DEFAULT_TOML.replacen(
            "odd_chip = \"left-of-button\"",
            "odd_chip = \"low-card-by-suit\"",
            1,
        ),
        "table.toml",
    )
    .unwrap_err();
    assert!(e.contains("odd_chip"), "{e}");
}
