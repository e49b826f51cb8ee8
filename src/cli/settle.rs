//! `deckhand settle`: one round as JSON in, its settlement out.

use super::*;

pub(super) fn run(config: &Config, pretty: bool) -> Result<()> {
    let mut input = String::new();
    std::io::Read::read_to_string(&mut std::io::stdin(), &mut input)
        .context("reading standard input")?;
    let tables = config.load_paytables().map_err(anyhow::Error::msg)?;
    let out = text::settle(&input, &tables, &config.house, config.approvals(), pretty)
        .map_err(|e| anyhow::anyhow!("settle: {e}"))?;
    outln!("{out}");
    Ok(())
}

/// `deckhand hand`: one round's actions checked, JSON in and out.
pub(super) fn hand(pretty: bool) -> Result<()> {
    let mut input = String::new();
    std::io::Read::read_to_string(&mut std::io::stdin(), &mut input)
        .context("reading standard input")?;
    let out =
        crate::rules::poker::hand_check::check(&input).map_err(|e| anyhow::anyhow!("hand: {e}"))?;
    let text = if pretty {
        serde_json::to_string_pretty(&out)?
    } else {
        serde_json::to_string(&out)?
    };
    outln!("{text}");
    Ok(())
}
