//! `deckhand eval`: rank a hand, or a batch of hands, as JSON.

use super::*;

pub(super) fn run(game: String, cards: Vec<String>, board: Vec<String>, batch: bool) -> Result<()> {
    let game = GameId::parse(&game).map_err(anyhow::Error::msg)?;
    if !batch {
        let json = text::eval_json(game, &cards.join(" "), &board.join(" "))
            .map_err(anyhow::Error::msg)?;
        outln!("{json}");
        return Ok(());
    }
    let mut failed = 0usize;
    let stdout = std::io::stdout();
    let mut out = std::io::BufWriter::new(stdout.lock());
    for (i, line) in std::io::stdin().lines().enumerate() {
        let line = line.context("reading standard input")?;
        if line.trim().is_empty() {
            continue;
        }
        match text::eval_batch_line(game, i + 1, &line) {
            Ok(json) => writeln!(out, "{json}")?,
            Err(json) => {
                failed += 1;
                writeln!(out, "{json}")?;
            }
        }
    }
    out.flush()?;
    if failed > 0 {
        bail!("{failed} line(s) could not be evaluated; see their error objects");
    }
    Ok(())
}
