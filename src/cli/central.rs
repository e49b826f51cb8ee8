//! `deckhand central`: the floor-wide copy in PostgreSQL: init, push, verify.

use super::*;

pub(super) fn run(
    config: &Config,
    user: Option<String>,
    password_file: Option<String>,
    action: CentralCmd,
) -> Result<()> {
    use crate::store::central;
    let mut cfg = config.central.clone();
    if let Some(u) = user {
        cfg.user = u;
    }
    if let Some(p) = password_file {
        cfg.password_file = p;
    }
    let mut client = cfg.connect().map_err(anyhow::Error::msg)?;
    match action {
        CentralCmd::Init => {
            central::init(&mut client).map_err(anyhow::Error::msg)?;
            outln!(
                "central schema ready: journal, floor_acks, roles deckhand_terminal, deckhand_review and deckhand_floor"
            );
        }
        CentralCmd::Push { db } => {
            let path = match db {
                Some(p) => p,
                None => config.database_path().map_err(anyhow::Error::msg)?,
            };
            let local = central::open_local(&path).map_err(anyhow::Error::msg)?;
            let started = std::time::Instant::now();
            let n = central::catch_up(&mut client, &local, cfg.batch_rows)
                .map_err(anyhow::Error::msg)?;
            let secs = started.elapsed().as_secs_f64();
            outln!(
                "pushed {n} rows in {secs:.2} s ({:.0} rows/s)",
                n as f64 / secs.max(1e-9)
            );
        }
        CentralCmd::Verify => {
            let all = central::verify(&mut client).map_err(anyhow::Error::msg)?;
            let mut broken = false;
            for c in &all {
                match c.signed_head {
                    Some(h) => outln!("{}: {}, signed head at serial {h}", c.terminal, c.status),
                    None => outln!("{}: {}", c.terminal, c.status),
                }
                broken |= matches!(c.status, ChainStatus::Broken { .. });
            }
            outln!("{} terminals", all.len());
            if broken {
                std::process::exit(1);
            }
        }
    }
    Ok(())
}
