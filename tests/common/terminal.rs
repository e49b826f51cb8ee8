//! A terminal driven by its commands, as the screen drives it (no staged state).

use deckhand::rules::table::{Command, Confirm, TableSetup};
use deckhand::terminal::Terminal;

/// Executes `c`, failing the test with the refusal and the step it was refused at.
pub fn ok(t: &mut Terminal, c: Command) {
    if let Err(e) = t.execute(c.clone()) {
        panic!("{c:?} refused: {e} (step {:?})", t.table().step());
    }
}

/// The demo people, dealer 20417 signed in and the table opened with `s`: at its decks'
/// inspection.
pub fn opened(t: &mut Terminal, s: TableSetup) {
    t.seed_demo_people().unwrap();
    t.sign_in("Alex Rivera", "20417", "112233").unwrap();
    ok(t, Command::OpenTable(s));
}

/// The opening, command by command: the table [`opened`], both decks inspected (§ x.4(a)) and
/// verified by floorperson 1001, the players' cards inspected and the decks washed; the table
/// then stands at its first shuffle.
pub fn washed(t: &mut Terminal, s: TableSetup) {
    opened(t, s);
    ok(t, Command::Confirm(Confirm::DecksInspected));
    t.verify("1001", "246810").unwrap();
    ok(t, Command::Confirm(Confirm::PlayersInspected));
    ok(t, Command::Confirm(Confirm::DecksWashed));
}

/// A counting shuffler's driver on the simulator's pseudo-terminal, run by `script`: the real
/// serial bytes of hw/shuffler-protocol.md.
pub fn simulated_shuffler(
    script: deckhand::devices::sim::SharedScript,
) -> Box<dyn deckhand::devices::shuffler::ShufflerDriver> {
    use deckhand::devices::shuffler::{Opener, SerialShuffler};
    let (host, _) = deckhand::devices::sim::spawn_on_pty(
        script,
        std::sync::Arc::new(std::sync::atomic::AtomicBool::new(false)),
    )
    .unwrap();
    let mut first = Some(host);
    let opener: Opener = Box::new(move || {
        first
            .take()
            .map(|p| Box::new(p) as Box<dyn serialport::SerialPort>)
            .ok_or_else(|| std::io::Error::other("the test port is gone"))
    });
    Box::new(SerialShuffler::spawn(opener, std::sync::Arc::new(|| {})))
}

/// The house-banked round in play (the test fails without one).
pub fn banked(t: &Terminal) -> &deckhand::rules::banked::round::BankedRound {
    t.table()
        .round
        .as_ref()
        .and_then(|r| r.banked.as_ref())
        .expect("a house-banked round in play")
}

/// Round 1 started with `seats`, each keyed an Ante of `cents`, and "No more bets".
pub fn antes_closed(t: &mut Terminal, seats: &[u8], cents: i64) {
    use deckhand::rules::banked::round::BankedCommand;
    ok(
        t,
        Command::StartRound {
            seats: seats.to_vec(),
        },
    );
    for &seat in seats {
        ok(
            t,
            Command::Banked(BankedCommand::Wagers {
                seat,
                wagers: [("ante".to_string(), cents)].into(),
            }),
        );
    }
    ok(t, Command::Banked(BankedCommand::NoMoreBets));
}
