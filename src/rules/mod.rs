//! The rules core: cards, hand rankings and one procedure state machine per game.
//! Pure: no I/O, no egui, no SQLite. Inputs are commands, outputs are events and state.

pub mod access;
pub mod badugi;
pub mod banked;
pub mod betting_actions;
pub mod cards;
pub mod dealing;
pub mod eval;
pub mod four_card;
pub mod game_def;
pub mod game_id;
mod game_list;
pub mod games;
pub mod irregularities;
pub mod low;
pub mod lunar_rankings;
pub mod machine;
pub mod people;
pub mod poker;
pub mod registry;
pub mod spanish21_totals;
pub mod stud_bring_in;
pub mod table;
pub mod three_card;
pub mod two_card;

/// Money is always integer cents.
pub type Cents = i64;

/// "$12.50" for 1250.
pub fn money(c: Cents) -> String {
    let sign = if c < 0 { "-" } else { "" };
    // unsigned_abs: even the most negative amount formats instead of overflowing.
    let c = c.unsigned_abs();
    // Thousands separated, as a cage slip prints them: "$9,996,666.00" is read at a glance.
    format!("{sign}${}.{:02}", grouped(c / 100), c % 100)
}

/// "1,020,013" for 1020013.
pub fn grouped(n: u64) -> String {
    let whole = n.to_string();
    let mut out = String::with_capacity(whole.len() + whole.len() / 3);
    for (i, ch) in whole.chars().enumerate() {
        if i > 0 && (whole.len() - i).is_multiple_of(3) {
            out.push(',');
        }
        out.push(ch);
    }
    out
}

/// "3 h 05 min".
pub fn hours_minutes(minutes: i64) -> String {
    format!("{} h {:02} min", minutes / 60, minutes % 60)
}

#[cfg(test)]
mod money_tests {
    #[test]
    fn money_formats_every_amount() {
        assert_eq!(super::money(1250), "$12.50");
        assert_eq!(super::money(-5), "-$0.05");
        assert_eq!(super::money(i64::MIN), "-$92,233,720,368,547,758.08");
        assert_eq!(super::money(99_999), "$999.99");
        assert_eq!(super::money(100_000), "$1,000.00");
        assert_eq!(super::money(999_666_600), "$9,996,666.00");
    }
}
