//! `deckhand sim`: a device simulator serving its protocol on a serial port.

use super::*;

pub(super) fn shuffler(port: String, counts: Vec<u16>, shuffle_ms: u64) -> Result<()> {
    let serial = serialport::new(&port, 9600)
        .timeout(Duration::from_millis(20))
        .open()
        .with_context(|| format!("cannot open {port}"))?;
    let script = Arc::new(Mutex::new(SimScript {
        counts: counts.into(),
        shuffle_time: Duration::from_millis(shuffle_ms),
        ..Default::default()
    }));
    eprintln!("simulated shuffler serving {port}; Ctrl-C to stop");
    run_shuffler(serial, script, Arc::new(AtomicBool::new(false)));
    Ok(())
}

pub(super) fn progressive(port: String, meter: i64, reset: i64, wagers: Vec<String>) -> Result<()> {
    let mut accepted = Vec::new();
    for w in &wagers {
        let parsed = w
            .split_once(':')
            .and_then(|(s, c)| Some((s.trim().parse::<u8>().ok()?, c.trim().parse::<i64>().ok()?)));
        match parsed {
            Some((spot, cents)) if (1..=7).contains(&spot) && cents > 0 => {
                accepted.push((spot, cents))
            }
            _ => bail!("--wagers: `{w}` is not SPOT:CENTS with a spot 1 to 7 and cents above 0"),
        }
    }
    let serial = serialport::new(&port, 19200)
        .timeout(Duration::from_millis(20))
        .open()
        .with_context(|| format!("cannot open {port}"))?;
    let script = Arc::new(Mutex::new(ProgressiveScript {
        meters: vec![(1, meter)],
        resets: vec![(1, reset)],
        next_wagers: accepted.clone(),
        ..Default::default()
    }));
    eprintln!("simulated progressive controller serving {port}; Ctrl-C to stop");
    let stop = Arc::new(AtomicBool::new(false));
    // The spots accept the same wagers every round.
    let refill = script.clone();
    std::thread::spawn(move || {
        loop {
            std::thread::sleep(Duration::from_millis(200));
            let mut s = refill.lock().unwrap_or_else(|p| p.into_inner());
            if s.next_wagers.is_empty() {
                s.next_wagers = accepted.clone();
            }
        }
    });
    run_progressive(serial, script, stop);
    Ok(())
}
