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

/// `deckhand hand`: one round's actions checked, JSON in and out; with `--phh`, the round's
/// hand history in the PHH format instead (docs/hand-verifier.md).
pub(super) fn hand(pretty: bool, phh: bool) -> Result<()> {
    let mut input = String::new();
    std::io::Read::read_to_string(&mut std::io::stdin(), &mut input)
        .context("reading standard input")?;
    let (out, round) = crate::rules::poker::hand_check::check_round(&input)
        .map_err(|e| anyhow::anyhow!("hand: {e}"))?;
    if phh {
        if let Some(illegal) = &out.illegal {
            bail!(
                "hand: no hand history: action {} is illegal: {}",
                illegal.index,
                illegal.error
            );
        }
        if out.stands == "showdown" {
            bail!(
                "hand: no hand history: the round waits for its showdown; add the hands shown as {{\"hands\": [[seat, \"cards\"], …], \"board\": \"cards\"}}"
            );
        }
        let meta = crate::rules::poker::phh::PhhMeta::default();
        let text = crate::rules::poker::phh::to_phh(&round, &meta)
            .map_err(|e| anyhow::anyhow!("hand: no hand history: {e}"))?;
        write!(std::io::stdout().lock(), "{text}")?;
        return Ok(());
    }
    let text = if pretty {
        serde_json::to_string_pretty(&out)?
    } else {
        serde_json::to_string(&out)?
    };
    outln!("{text}");
    Ok(())
}
