//! A terminal driven by its commands, as the screen drives it (no staged state).

use deckhand::rules::table::{Command, Confirm, TableSetup};
use deckhand::terminal::Terminal;

/// Executes `c`, failing the test with the refusal and the step it was refused at.
pub fn ok(t: &mut Terminal, c: Command) {
    if let Err(e) = t.execute(c.clone()) {
        panic!("{c:?} refused: {e} (step {:?})", t.table().step());
    }
}

/// The opening, command by command: the demo people, dealer 20417 signed in, the table opened
/// with `s`, both decks inspected (§ x.4(a)) and verified by floorperson 1001, the players'
/// cards inspected and the decks washed; the table then stands at its first shuffle.
pub fn washed(t: &mut Terminal, s: TableSetup) {
    t.seed_demo_people().unwrap();
    t.sign_in("Alex Rivera", "20417", "112233").unwrap();
    ok(t, Command::OpenTable(s));
    ok(t, Command::Confirm(Confirm::DecksInspected));
    t.verify("1001", "246810").unwrap();
    ok(t, Command::Confirm(Confirm::PlayersInspected));
    ok(t, Command::Confirm(Confirm::DecksWashed));
}
