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

/// Reads up to [`CHUNK`] lines into `lines` (strings reused), without their line ends; how many.
fn read_chunk(input: &mut impl BufRead, lines: &mut Vec<String>) -> Result<usize> {
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
    Ok(n)
}

/// `--batch`: one JSON object per input line, in input order, each starting with its line
/// number. The lines of a chunk are shared out between the cores (the evaluator and JSON
/// writing are the cost); each worker writes into its own buffer, reused from chunk to chunk.
/// While the workers evaluate one chunk, this thread writes the answers of the chunk before
/// and reads the next, so reading and writing never leave a core idle.
pub(super) fn batch_run(game: GameId, mut input: impl BufRead, out: &mut impl Write) -> Result<()> {
    let workers = std::thread::available_parallelism()
        .map(|n| n.get())
        .unwrap_or(1)
        .clamp(1, 8);
    type Bufs = Vec<(Vec<u8>, text::BatchScratch)>;
    let mut lines: Vec<String> = Vec::new();
    let mut next_lines: Vec<String> = Vec::new();
    let mut bufs: Bufs = vec![Default::default(); workers];
    let mut done: Bufs = vec![Default::default(); workers];
    let mut done_parts = 0;
    let mut failed = 0usize;
    let mut first_line = 1usize;
    let mut n = read_chunk(&mut input, &mut lines)?;
    loop {
        let per = n.div_ceil(workers).max(1);
        let parts = n.div_ceil(per);
        let chunk = &lines[..n];
        let (fails, next) = std::thread::scope(|s| -> Result<(usize, usize)> {
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
            // Meanwhile: the answers of the chunk before, then the next chunk's lines.
            for (buf, _) in done.iter().take(done_parts) {
                out.write_all(buf)?;
            }
            let next = if n == CHUNK {
                read_chunk(&mut input, &mut next_lines)?
            } else {
                0
            };
            let fails = jobs
                .into_iter()
                .map(|j| {
                    j.join()
                        .map_err(|_| anyhow::anyhow!("evaluating a line failed unexpectedly"))
                })
                .sum::<Result<usize>>()?;
            Ok((fails, next))
        })?;
        failed += fails;
        std::mem::swap(&mut bufs, &mut done);
        done_parts = parts;
        first_line += n;
        std::mem::swap(&mut lines, &mut next_lines);
        n = next;
        if n == 0 {
            break;
        }
    }
    for (buf, _) in done.iter().take(done_parts) {
        out.write_all(buf)?;
    }
    out.flush()?;
    if failed > 0 {
        bail!("{failed} line(s) could not be evaluated; see their error objects");
    }
    Ok(())
}
