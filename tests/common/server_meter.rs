//! What a private PostgreSQL cluster spends (for the load test, `tests/central_load.rs`): its
//! processes' CPU time and bytes written, read from `/proc`.

use std::collections::HashMap;
use std::path::PathBuf;
use std::process::Command;

/// From /proc/<pid>/stat: the parent, the start time, and the CPU ticks (user + system) of the
/// process and of the children it has waited for.
fn proc_stat(pid: u32) -> Option<(u32, u64, u64, u64)> {
    let text = std::fs::read_to_string(format!("/proc/{pid}/stat")).ok()?;
    // The name is in parentheses and may hold spaces: the fields after it start at field 3.
    let after_name = text.get(text.rfind(')')? + 1..)?;
    let f: Vec<&str> = after_name.split_whitespace().collect();
    let num = |n: usize| -> Option<u64> { f.get(n - 3)?.parse().ok() };
    let ppid = u32::try_from(num(4)?).ok()?;
    Some((ppid, num(22)?, num(14)? + num(15)?, num(16)? + num(17)?))
}

/// write_bytes from /proc/<pid>/io (readable by the process's owner or root only).
fn write_bytes(pid: u32) -> Option<u64> {
    let io = std::fs::read_to_string(format!("/proc/{pid}/io")).ok()?;
    let line = io.lines().find_map(|l| l.strip_prefix("write_bytes:"))?;
    line.trim().parse().ok()
}

/// The server's CPU and writes: its postmaster, with the children it has waited for (a backend
/// that exited is counted there, by the kernel), and its live children. Each postmaster keeps
/// its last sample, so the one killed midway counts to the sample taken just before the kill.
pub struct Meter {
    data: PathBuf,
    /// Clock ticks a second (`getconf CLK_TCK`; 100 if it cannot say).
    clock: f64,
    /// Per postmaster (pid, start time): CPU ticks, and bytes written when readable.
    seen: HashMap<(u32, u64), (u64, Option<u64>)>,
}

impl Meter {
    pub fn new(data: PathBuf) -> Meter {
        let out = Command::new("getconf").arg("CLK_TCK").output();
        let text = out.map(|o| String::from_utf8_lossy(&o.stdout).trim().to_string());
        let clock = text.ok().and_then(|t| t.parse().ok()).unwrap_or(100.0);
        let seen = HashMap::new();
        Meter { data, clock, seen }
    }

    pub fn sample(&mut self) {
        let pid_file = std::fs::read_to_string(self.data.join("postmaster.pid")).ok();
        let first_line = |s: String| s.lines().next()?.trim().parse::<u32>().ok();
        let Some(pm) = pid_file.and_then(first_line) else {
            return;
        };
        let Some((_, start, own, reaped)) = proc_stat(pm) else {
            return;
        };
        let Ok(procs) = std::fs::read_dir("/proc") else {
            return;
        };
        let (mut cpu, mut written) = (own + reaped, write_bytes(pm));
        let pids = procs
            .flatten()
            .filter_map(|e| e.file_name().to_str()?.parse::<u32>().ok());
        for pid in pids {
            if let Some((ppid, _, own, _)) = proc_stat(pid)
                && ppid == pm
            {
                cpu += own;
                written = written.zip(write_bytes(pid)).map(|(a, b)| a + b);
            }
        }
        self.seen.insert((pm, start), (cpu, written));
    }

    /// Seconds of CPU so far, and bytes written.
    pub fn now(&mut self) -> (f64, Option<u64>) {
        self.sample();
        let ticks: u64 = self.seen.values().map(|v| v.0).sum();
        let written = self.seen.values().map(|v| v.1).sum();
        (ticks as f64 / self.clock, written)
    }
}
