//! Money that cannot overflow (issue 40, item 4): a paytable past the longest odds or the largest
//! fixed sum a table could need is refused at load, naming the file and line; and settlement at
//! the bounds (the longest odds, the largest wagers the input takes, random amounts between)
//! pays no negative amount, wraps nothing and keeps every result's arithmetic.

use crate::common;

use common::Rng;
use deckhand::rules::banked::paytable::MAX_ODDS;
use deckhand::rules::banked::{HouseRules, MAX_AMOUNT};
use deckhand::rules::registry::settle_json;
use serde_json::json;

/// Crazy 4 Poker's embedded paytable with the Super Bonus's four aces and the Queens Up's four of
/// a kind paying `odds`, in a folder of its own.
fn folder_with(odds: &str) -> tempfile::TempDir {
    let dir = tempfile::tempdir().unwrap();
    let text = include_str!("../assets/paytables/crazy-4-poker.toml")
        .replace(
            "{ hand = \"four-aces\", pays = \"200 to 1\" }",
            &format!("{{ hand = \"four-aces\", pays = \"{odds}\" }}"),
        )
        .replace(
            "{ hand = \"four-of-a-kind\", pays = \"50 to 1\" }",
            &format!("{{ hand = \"four-of-a-kind\", pays = \"{odds}\" }}"),
        );
    std::fs::write(dir.path().join("crazy-4-poker.toml"), text).unwrap();
    dir
}

#[test]
fn odds_past_any_table_are_refused_at_load_with_file_and_line() {
    for odds in [
        "9223372036854775807 to 1",
        "200000000 to 1",
        "100,001 to 1",
        "1 for 100001",
    ] {
        let dir = folder_with(odds);
        let e = deckhand::config::paytables_from_dir(dir.path()).unwrap_err();
        assert!(e.contains("crazy-4-poker.toml:"), "{odds}: {e}");
        assert!(e.contains("at most 100000 to 1"), "{odds}: {e}");
    }
    let dir = tempfile::tempdir().unwrap();
    let text = include_str!("../assets/paytables/crazy-4-poker.toml").replace(
        "{ hand = \"four-aces\", pays = \"200 to 1\" }",
        "{ hand = \"four-aces\", pays = \"$92,233,720,368,547,758.07\" }",
    );
    std::fs::write(dir.path().join("crazy-4-poker.toml"), text).unwrap();
    let e = deckhand::config::paytables_from_dir(dir.path()).unwrap_err();
    assert!(e.contains("a fixed sum is at most"), "{e}");
    // The longest odds allowed load.
    deckhand::config::paytables_from_dir(folder_with(&format!("{MAX_ODDS} to 1")).path()).unwrap();
}

#[test]
fn settlement_at_the_bounds_never_wraps_or_pays_a_negative_amount() {
    let p = deckhand::config::paytables_from_dir(folder_with(&format!("{MAX_ODDS} to 1")).path())
        .unwrap();
    let mut rules = HouseRules::default();
    rules.edit(|g: &mut deckhand::rules::banked::crazy4::Rules| g.queens_up_offered = true);
    let mut rng = Rng(40);
    let mut wagers: Vec<i64> = vec![MAX_AMOUNT, MAX_AMOUNT - 1, 1, 100];
    for _ in 0..300 {
        wagers.push(1 + (rng.next() % MAX_AMOUNT as u64) as i64);
    }
    let mut settled = 0;
    for w in wagers {
        // Four aces for the player (the longest odds on two wagers), a qualifying dealer.
        let round = json!({
            "game": "crazy-4-poker",
            "dealer": "Kc Qd 9h 7s 3c",
            "seats": [{
                "seat": 1,
                "cards": "Ac Ad Ah As 2d",
                "wagers": {"ante": w, "super_bonus": w, "queens_up": w},
                "play": w
            }]
        });
        let s = match settle_json(&round.to_string(), &p, &rules) {
            Ok(s) => s,
            // Refused with a reason is fine; a panic or a wrap is not.
            Err(_) => continue,
        };
        let mut players: i128 = 0;
        for r in &s.results {
            assert!(r.paid >= 0, "{w}: paid {} on {}", r.paid, r.wager);
            assert!(r.paid <= 2 * MAX_AMOUNT, "{w}: {} past the bound", r.paid);
            assert_eq!(r.net, r.paid - r.stake, "{w}: {}", r.wager);
            players += i128::from(r.net);
        }
        assert_eq!(i128::from(s.totals.players), players, "{w}");
        assert_eq!(s.totals.house, -s.totals.players, "{w}");
        settled += 1;
    }
    assert!(settled > 250, "only {settled} rounds settled");
}
