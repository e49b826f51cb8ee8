//! The configuration read, checked and turned into the tables' setups.

use super::*;

#[test]
fn embedded_default_is_valid() {
    let c = Config::load(None).unwrap();
    assert_eq!(c.shuffler_port(), Some(DevicePort::Simulated));
    assert!(c.table_setup().counting_shuffler);
    let manual = Config::parse(
        &DEFAULT_TOML.replacen("port = \"simulated\"", "port = \"none\"", 1),
        "t",
    )
    .unwrap();
    assert_eq!(manual.shuffler_port(), None);
    assert!(!manual.table_setup().counting_shuffler);
    assert_eq!(c.table_setup().blinds, vec![100, 200]);
}

#[test]
fn payout_thresholds_and_posted_limits_are_never_unbounded() {
    let c = Config::load(None).unwrap();
    let a = c.approvals();
    assert_eq!((a.floor_over, a.supervisor_over), (100_000, 1_000_000));
    let setup = c.table_setup_for(crate::rules::game_id::GameId::MississippiStud);
    assert_eq!(
        setup.poker.house.unwrap().approvals,
        a,
        "snapshotted with the table"
    );
    let e = Config::parse(
        &DEFAULT_TOML.replace(
            "supervisor_over_cents = 1000000",
            "supervisor_over_cents = 5",
        ),
        "t",
    )
    .unwrap_err();
    assert!(e.contains("table.validate_over_cents"), "{e}");
    let e = Config::parse(
        &DEFAULT_TOML
            .replace("game = \"holdem\"", "game = \"mississippi-stud\"")
            .replace("max_ante_cents = 100000", "max_ante_cents = 0"),
        "t",
    )
    .unwrap_err();
    assert!(e.contains("posts its maximum Ante"), "{e}");
}

#[test]
fn side_wager_limits_name_a_side_wager_of_the_game() {
    let thb = DEFAULT_TOML.replace("game = \"holdem\"", "game = \"texas-holdem-bonus\"");
    let with = |limits: &str| {
        let text = thb.replace(
            "max_ante_cents = 100000 ",
            &format!("side_wager_limits_cents = {{ {limits} }}\nmax_ante_cents = 100000 "),
        );
        Config::parse(&text, "test").map(|c| c.table_setup().poker.side_limits)
    };
    assert_eq!(
        with("bonus = [100, 2500]").unwrap(),
        [("bonus".to_string(), (100, 2500))].into()
    );
    let e = with("queens_up = [0, 2500]").unwrap_err();
    assert!(
        e.contains("queens_up is not a side wager of texas-holdem-bonus (its side wagers: bonus, progressive, fchb_player, fchb_dealer)"),
        "{e}"
    );
    let e = with("bonus = [2500, 100]").unwrap_err();
    assert!(e.contains("side_wager_limits_cents.bonus"), "{e}");
    assert!(with("ante = [0, 100]").is_err());
}

#[test]
fn bad_values_name_the_key() {
    let bad = DEFAULT_TOML.replace("max_raises = 3", "max_raises = 0");
    assert!(
        Config::parse(&bad, "t")
            .unwrap_err()
            .contains("holdem.max_raises")
    );
    let bad = DEFAULT_TOML.replace("[\"Red\", \"Blue\"]", "[\"Red\", \"red\"]");
    // § 637a.3(a): the two decks must have different back colours.
    assert!(
        Config::parse(&bad, "t")
            .unwrap_err()
            .contains("different back colours")
    );
    let bad = DEFAULT_TOML.replace("small_bet = 200", "small_bet = \"12a\"");
    let e = Config::parse(&bad, "t").unwrap_err();
    assert!(e.contains("small_bet"), "{e}");
    let bad = DEFAULT_TOML.replace("retention_years = 5", "retention_years = 0");
    assert!(
        Config::parse(&bad, "t")
            .unwrap_err()
            .contains("store.retention_years")
    );
    // House-banked choices: a missing paytable letter, a limit under the floor, a typo.
    let bad = DEFAULT_TOML.replace("instant = \"A\"", "instant = \"J\"");
    let e = Config::parse(&bad, "t").unwrap_err();
    assert!(e.contains("house.lunar-poker.instant"), "{e}");
    // The first reset key is Texas Hold 'Em Bonus's.
    let bad = DEFAULT_TOML.replacen(
        "progressive_reset_cents = 1000000",
        "progressive_reset_cents = 999999",
        1,
    );
    let e = Config::parse(&bad, "t").unwrap_err();
    assert!(
        e.contains("house.texas-holdem-bonus.progressive_reset_cents"),
        "{e}"
    );
    let bad = DEFAULT_TOML.replace("decks = 6 ", "decks = 7 ");
    let e = Config::parse(&bad, "t").unwrap_err();
    assert!(e.contains("house.spanish-21.decks"), "{e}");
    let bad = DEFAULT_TOML.replace("resplits = 2", "resplitz = 2");
    let e = Config::parse(&bad, "t").unwrap_err();
    assert!(e.contains("resplitz"), "{e}");
    let bad = DEFAULT_TOML.replace("dir = \"\"", "dir = \"/no/such/folder\"");
    let e = Config::parse(&bad, "t").unwrap_err();
    assert!(e.contains("paytables.dir"), "{e}");
    for digits in ["4", "5", "13"] {
        let bad = DEFAULT_TOML.replace("min_pin_digits = 6", &format!("min_pin_digits = {digits}"));
        assert!(
            Config::parse(&bad, "t")
                .unwrap_err()
                .contains("people.min_pin_digits: 6 to 12")
        );
    }
    let bad = DEFAULT_TOML.replace("max_pin_failures = 5", "max_pin_failures = 1");
    assert!(
        Config::parse(&bad, "t")
            .unwrap_err()
            .contains("people.max_pin_failures")
    );
    let bad = DEFAULT_TOML.replace("pin_delay_seconds = 2", "pin_delay_seconds = 600");
    assert!(
        Config::parse(&bad, "t")
            .unwrap_err()
            .contains("people.pin_delay_seconds")
    );
    let bad = DEFAULT_TOML.replace(
        "lock_after_idle_minutes = 5",
        "lock_after_idle_minutes = \"soon\"",
    );
    assert!(
        Config::parse(&bad, "t")
            .unwrap_err()
            .contains("lock_after_idle_minutes")
    );
    let bad = DEFAULT_TOML.replace("baud = 9600", "baud = 9601");
    assert!(
        Config::parse(&bad, "t")
            .unwrap_err()
            .contains("shuffler.baud")
    );
    let bad = DEFAULT_TOML.replace("baud = 19200", "baud = 0");
    assert!(
        Config::parse(&bad, "t")
            .unwrap_err()
            .contains("progressive.baud")
    );
    let bad = format!("{DEFAULT_TOML}\n[extra]\nx = 1\n");
    assert!(Config::parse(&bad, "t").unwrap_err().contains("extra"));
}

#[test]
fn a_folder_replaces_one_game() {
    let dir = tempfile::tempdir().unwrap();
    let crazy4 = crate::rules::banked::paytable_files::embedded_files()
        .find(|(name, _)| *name == "crazy-4-poker.toml");
    let text = crazy4.unwrap().1.replace(
        "{ hand = \"four-aces\", pays = \"200 to 1\" }",
        "{ hand = \"four-aces\", pays = \"250 to 1\" }",
    );
    std::fs::write(dir.path().join("crazy-4-poker.toml"), text).unwrap();
    let p = paytables_from_dir(dir.path()).unwrap();
    let t = p.get("crazy-4-poker", "super-bonus", "standard").unwrap();
    assert_eq!(
        t.pay("four-aces"),
        Some(crate::rules::banked::paytable::Pay::To(250, 1))
    );
    std::fs::write(dir.path().join("broken.toml"), "game = 3").unwrap();
    let e = paytables_from_dir(dir.path()).unwrap_err();
    assert!(e.contains("broken.toml:1:"), "{e}");
}
