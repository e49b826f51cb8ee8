//! The rules core: cards, hand rankings and one procedure state machine per game.
//! Pure: no I/O, no egui, no SQLite. Inputs are commands, outputs are events and state.

pub mod access;
pub mod badugi;
pub mod banked;
pub mod betting;
pub mod cards;
pub mod eval;
pub mod four_card;
pub mod games;
pub mod low;
pub mod lunar;
pub mod spanish21;
pub mod stud;
pub mod table;
pub mod three_card;
pub mod two_card;

/// Money is always integer cents.
pub type Cents = i64;

/// "$12.50" for 1250.
pub fn money(c: Cents) -> String {
    let sign = if c < 0 { "-" } else { "" };
    let c = c.abs();
    format!("{sign}${}.{:02}", c / 100, c % 100)
}
