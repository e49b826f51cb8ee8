//! `deckhand journal-stress`: numbered rows appended until killed (the crash test), or until
//! `--rows` and then an exit that closes nothing (the power-cut test);
//! `deckhand device-stress`: a shuffler link journaling what a device sends until killed.

use super::*;

pub(super) fn run(db: PathBuf, stop_after: Option<u64>) -> Result<()> {
    let mut store = Store::open(&db)?;
    let ctx = crate::store::RowContext::default();
    let stdout = std::io::stdout();
    for n in 0u64.. {
        if stop_after == Some(n) {
            // No destructor runs: the store is left as a crash leaves it (no checkpoint).
            std::process::exit(0);
        }
        let rows = store.append(
            &ctx,
            &[crate::store::Entry::system(
                "stress",
                serde_json::json!({ "n": n, "pid": std::process::id() }),
            )],
        )?;
        let mut out = stdout.lock();
        writeln!(out, "{} {}", rows[0].serial, n)?;
        out.flush()?;
    }
    Ok(())
}

pub(super) fn device(db: PathBuf, port: String, max_frames_per_second: u32) -> Result<()> {
    use crate::devices::shuffler::{LinkSetup, SerialShuffler, ShufflerDriver};
    let store = Store::open(&db)?;
    let mut link = SerialShuffler::open_path(
        port,
        9600,
        Arc::new(|| {}),
        LinkSetup {
            sink: Some(store.device_sink()),
            max_frames_per_second,
        },
    );
    eprintln!("ready");
    loop {
        // What a terminal does with the reports: take them off the queue.
        let _ = link.poll();
        std::thread::sleep(Duration::from_millis(5));
    }
}
