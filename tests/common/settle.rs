//! A house-banked round settled the way `deckhand settle` settles it (the embedded paytables,
//! the default house rules), for the rules tests: settled, refused, and one wager's result.

use deckhand::rules::banked::paytable::Paytables;
use deckhand::rules::banked::{HouseRules, Settlement, WagerResult};
use deckhand::rules::registry::settle_json;
use serde_json::Value;

/// The round settled; a refusal fails the test with its reason and the round.
pub fn settle(round: Value) -> Settlement {
    let p = Paytables::embedded().unwrap();
    settle_json(&round.to_string(), &p, &HouseRules::default())
        .unwrap_or_else(|e| panic!("{e}\n{round}"))
}

/// Why the round is refused; a settlement fails the test.
pub fn refused(round: Value) -> String {
    let p = Paytables::embedded().unwrap();
    match settle_json(&round.to_string(), &p, &HouseRules::default()) {
        Ok(s) => panic!("accepted: {:#?}", s.results),
        Err(e) => e.to_string(),
    }
}

/// Seat `seat`'s result for `wager`.
pub fn get<'a>(s: &'a Settlement, seat: u8, wager: &str) -> &'a WagerResult {
    s.results
        .iter()
        .find(|r| r.seat == seat && r.wager == wager)
        .unwrap_or_else(|| panic!("no {wager} at seat {seat}: {:#?}", s.results))
}
