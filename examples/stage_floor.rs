//! Stages a floor on a central database, for walking and photographing the floor board
//! (`deckhand floor`) with a whole casino on it: COUNT terminals, each a real journal under DIR
//! with the demo people, its table opened and a round under way (the game varying by table),
//! one in nine calling the floor, pushed to the server as a terminal's sender pushes them.
//!
//! `cargo run --release --example stage_floor -- DIR HOST PORT USER COUNT [DBNAME]`
//!
//! USER is a member of `deckhand_terminal` without a password (a private cluster on loopback);
//! DBNAME is `deckhand` unless named.

use deckhand::demo::At;
use deckhand::rules::games::GameId;
use deckhand::rules::table::TableSetup;
use deckhand::store::Store;
use deckhand::store::central::{self, CentralConfig};
use deckhand::terminal::Terminal;
use deckhand::terminal::floor_call::REASONS;

fn setup(table_no: u32, game: GameId) -> TableSetup {
    deckhand::demo::setup_for(&deckhand::demo::fixed_limit_table(table_no), game)
}

fn main() -> anyhow::Result<()> {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let (dir, host, port, user, count, dbname) = match args.as_slice() {
        [d, h, p, u, c] => (d, h, p, u, c, "deckhand"),
        [d, h, p, u, c, db] => (d, h, p, u, c, db.as_str()),
        _ => anyhow::bail!("usage: stage_floor DIR HOST PORT USER COUNT [DBNAME]"),
    };
    let cfg = CentralConfig {
        enabled: true,
        host: host.clone(),
        port: port.parse()?,
        user: user.clone(),
        dbname: dbname.to_string(),
        ..Default::default()
    };
    let mut client = cfg.connect().map_err(anyhow::Error::msg)?;
    std::fs::create_dir_all(dir)?;
    let games: Vec<GameId> = GameId::all().collect();
    for n in 1..=count.parse::<u32>()? {
        let path = std::path::Path::new(dir).join(format!("table-{n:03}.sqlite"));
        let mut t = Terminal::open(Store::open(&path)?, None)?;
        let game = games[(n as usize - 1) % games.len()];
        let at = if n % 3 == 0 { At::Opened } else { At::Decision };
        deckhand::demo::stage_at(&mut t, &setup(n, game), at).map_err(anyhow::Error::msg)?;
        if n % 9 == 4 {
            t.call_floor(REASONS[n as usize % REASONS.len()])
                .map_err(anyhow::Error::msg)?;
        }
        drop(t);
        let local = central::open_local(&path).map_err(anyhow::Error::msg)?;
        let pushed = central::catch_up(&mut client, &local, 1000).map_err(anyhow::Error::msg)?;
        eprintln!("table {n}: {} pushed {pushed} rows", game.name());
    }
    Ok(())
}
