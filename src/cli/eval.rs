//! `deckhand eval`: rank a hand, or a batch of hands, as JSON.

use super::*;
use std::io::{BufRead, Write};

pub(super) fn run(game: String, cards: Vec<String>, board: Vec<String>, batch: bool) -> Result<()> {
    let game = GameId::parse(&game).map_err(anyhow::Error::msg)?;
    if !batch {
        let json = text::eval_json(game, &cards.join(" "), &board.join(" "))
            .map_err(anyhow::Error::msg)?;
        outln!("{json}");
        return Ok(());
    }
    batch_run(game, std::io::stdin().lock(), &mut std::io::stdout().lock())
}

/// Lines read at a time; each chunk is split between the cores and written back in order.
const CHUNK: usize = 1 << 15;

/// `--batch`: one JSON object per input line, in input order, each starting with its line
/// number. The lines of a chunk are shared out between the cores (the evaluator and JSON
/// writing are the cost, not the reading); each worker writes into its own buffer, reused from
/// chunk to chunk, and the buffers go to standard output in order.
pub(super) fn batch_run(game: GameId, mut input: impl BufRead, out: &mut impl Write) -> Result<()> {
    let workers = std::thread::available_parallelism()
        .map(|n| n.get())
        .unwrap_or(1)
        .clamp(1, 8);
    let mut lines: Vec<String> = Vec::new();
    let mut bufs: Vec<(Vec<u8>, Vec<u8>)> = vec![Default::default(); workers];
    let mut failed = 0usize;
    let mut first_line = 1usize;
    loop {
        // Read up to CHUNK lines into reused strings.
        let mut n = 0;
        while n < CHUNK {
            if lines.len() == n {
                lines.push(String::new());
            }
            let line = &mut lines[n];
            line.clear();
            if input.read_line(line).context("reading standard input")? == 0 {
                break;
            }
            if line.ends_with('\n') {
                line.pop();
                if line.ends_with('\r') {
                    line.pop();
                }
            }
            n += 1;
        }
        if n == 0 {
            break;
        }
        let per = n.div_ceil(workers);
        let chunk = &lines[..n];
        let fails: Result<usize> = std::thread::scope(|s| {
            let jobs: Vec<_> = chunk
                .chunks(per)
                .zip(bufs.iter_mut())
                .enumerate()
                .map(|(w, (part, (buf, scratch)))| {
                    let base = first_line + w * per;
                    s.spawn(move || {
                        buf.clear();
                        let mut fails = 0;
                        for (i, line) in part.iter().enumerate() {
                            if !text::eval_batch_line_into(game, base + i, line, buf, scratch) {
                                fails += 1;
                            }
                            buf.push(b'\n');
                        }
                        fails
                    })
                })
                .collect();
            jobs.into_iter()
                .map(|j| {
                    j.join()
                        .map_err(|_| anyhow::anyhow!("evaluating a line failed unexpectedly"))
                })
                .sum()
        });
        failed += fails?;
        for (buf, _) in bufs.iter().take(n.div_ceil(per)) {
            out.write_all(buf)?;
        }
        first_line += n;
        if n < CHUNK {
            break;
        }
    }
    out.flush()?;
    if failed > 0 {
        bail!("{failed} line(s) could not be evaluated; see their error objects");
    }
    Ok(())
}
