//! The terminal process's memory: glibc's allocator set for a shift, and the pages of code the
//! process no longer runs let go of.
//!
//! A resident set is mostly pages of files mapped in: the program's code, and under Mesa the GL
//! driver and its LLVM (about 120 MB, 60 of them `libLLVM`, at the first frame under the
//! software renderer: docs/benchmarks.md, "RSS"). The kernel maps a file's pages into the
//! process as they are first run, with the pages beside each one that are already in memory,
//! and leaves them mapped: loading the driver, compiling its shaders and starting the terminal
//! run code once that stays counted in the terminal's memory for the whole shift, though it
//! would not run again. [`release_code_pages`] takes those mappings away (the pages stay in
//! the kernel's page cache, shared); a page that runs again is mapped again on its own, from
//! memory. What the terminal keeps counted is then the code it runs. It runs as the window
//! opens (the driver loaded, nothing drawn yet), once the start has settled, and when the code
//! mapped in has grown ([`CodeRelease`]).

/// glibc's malloc, set for a terminal that runs for a shift (`mallopt`, each parameter with
/// its value):
/// - `M_MMAP_THRESHOLD`, 1 MiB: allocations of this size or more are mapped on their own and
///   given back when freed. glibc does this from 128 KiB, but the first such buffer freed raises
///   the threshold to its size (up to 32 MB): from then on buffers of that size come from the
///   heap and stay there when freed. The PIN hash's 19 MiB (Argon2id) and the software
///   renderer's frame buffers (Mesa's llvmpipe under Xvfb, as the window fills the monitor) did
///   this, and the terminal kept 20 or 40 MB more from one start to the next (115, 134 or
///   154 MB at the sign-in screen; 113 MB every start since, docs/benchmarks.md). No buffer of
///   the screen's frames is that large.
/// - `M_TRIM_THRESHOLD`, 2 MiB, and `M_TOP_PAD`, 1 MiB: fixing the first fixes the trim
///   threshold at its 128 KiB too, and the heap then shrank and grew again frame after frame
///   (4,041 `brk` calls over a sign-in and a shuffle, against 37 before); with these, 27 to 54,
///   for 2 MB more at sign-in.
#[cfg(all(target_os = "linux", target_env = "gnu"))]
const MALLOC_PARAMETERS: [(libc::c_int, libc::c_int); 3] = [
    (libc::M_MMAP_THRESHOLD, 1 << 20),
    (libc::M_TRIM_THRESHOLD, 2 << 20),
    (libc::M_TOP_PAD, 1 << 20),
];

/// Sets [`MALLOC_PARAMETERS`] (glibc only; elsewhere the allocator's own). Called before the
/// terminal's threads start.
pub fn return_large_buffers() {
    #[cfg(all(target_os = "linux", target_env = "gnu"))]
    for (parameter, value) in MALLOC_PARAMETERS {
        // SAFETY: `mallopt` takes two integers and only sets the allocator's parameter, under
        // its own lock; it is called before the terminal's threads start.
        if unsafe { libc::mallopt(parameter, value) } != 1 {
            tracing::warn!("the allocator refused parameter {parameter} = {value}");
        }
    }
}

/// One mapping of `/proc/self/smaps`, as far as [`releasable`] needs it.
#[derive(Debug, Default)]
struct Mapping {
    start: usize,
    end: usize,
    perms: String,
    path: String,
    rss_kib: u64,
    /// Pages of the mapping that are the process's own (written, copied from the file), in
    /// memory or swapped out: these would be lost, so a mapping with any, or whose counts smaps
    /// did not give, is never released.
    anonymous_kib: Option<u64>,
    swap_kib: Option<u64>,
    flags: Vec<String>,
}

/// The mappings whose pages may be released: read-only, private, of a regular file, not locked
/// nor a device's, with every resident page still the file's own (none written, so none that
/// only this process holds). Releasing such a page loses nothing: the next access reads the
/// same bytes from the file, from the page cache. Mappings under `min_kib` resident are left
/// (not worth a call).
fn releasable(m: &Mapping, min_kib: u64) -> bool {
    let perms = m.perms.as_bytes();
    perms.len() == 4
        && perms[0] == b'r'
        && perms[1] == b'-'
        && perms[3] == b'p'
        && m.path.starts_with('/')
        && !m.path.starts_with("/dev/")
        && !m.path.ends_with(" (deleted)")
        && m.anonymous_kib == Some(0)
        && m.swap_kib == Some(0)
        && m.rss_kib >= min_kib
        // Locked, shared, a device's, or of huge pages: never touched.
        && !m
            .flags
            .iter()
            .any(|f| matches!(f.as_str(), "lo" | "sh" | "io" | "pf" | "ht" | "wr"))
}

/// Parses `/proc/PID/smaps` text into its mappings.
fn parse_smaps(text: &str) -> Vec<Mapping> {
    let mut out: Vec<Mapping> = Vec::new();
    for line in text.lines() {
        let mut words = line.split_ascii_whitespace();
        let Some(first) = words.next() else { continue };
        if let Some((a, b)) = first.split_once('-')
            && let (Ok(start), Ok(end)) =
                (usize::from_str_radix(a, 16), usize::from_str_radix(b, 16))
        {
            let perms = words.next().unwrap_or_default().to_string();
            // offset, device, inode, then the path (which may hold spaces).
            let path = line
                .splitn(6, |c: char| c.is_ascii_whitespace())
                .nth(5)
                .unwrap_or_default()
                .trim()
                .to_string();
            out.push(Mapping {
                start,
                end,
                perms,
                path,
                ..Default::default()
            });
            continue;
        }
        let Some(m) = out.last_mut() else { continue };
        let kib = || words.clone().next().and_then(|v| v.parse::<u64>().ok());
        match first {
            "Rss:" => m.rss_kib = kib().unwrap_or(0),
            "Anonymous:" => m.anonymous_kib = kib(),
            "Swap:" => m.swap_kib = kib(),
            "VmFlags:" => m.flags = words.map(str::to_string).collect(),
            _ => {}
        }
    }
    out
}

/// What [`release_code_pages`] did.
#[derive(Debug, Default, Clone, Copy, PartialEq)]
pub struct Released {
    pub mappings: usize,
    pub kib: u64,
}

/// The mappings [`release_code_pages`] releases: of the program and the libraries loaded, the
/// files with code mapped (an executable mapping in the same reading of smaps), each mapping
/// [`releasable`] says. A file only read as data is left: a thread that maps a file for a
/// moment may unmap it at any time, and a mapping that took its place would not be the one
/// read.
fn to_release(maps: &[Mapping], min_kib: u64) -> Vec<&Mapping> {
    let code: std::collections::HashSet<&str> = maps
        .iter()
        .filter(|m| m.perms.as_bytes().get(2) == Some(&b'x'))
        .map(|m| m.path.as_str())
        .collect();
    maps.iter()
        .filter(|m| code.contains(m.path.as_str()) && releasable(m, min_kib))
        .collect()
}

/// Lets go of the pages of code and constant data the process has mapped from its program and
/// libraries (see the module's text): each mapping [`to_release`] gives is unmapped from the
/// process's page tables with `MADV_DONTNEED`, its pages left in the page cache. Linux only;
/// elsewhere nothing is done.
///
/// What makes it safe is that every mapping released is still, when `madvise` runs, the one
/// smaps described. The program's own mappings and the libraries it was linked with are never
/// unmapped; a library loaded later is unmapped only when it is unloaded (`dlclose`). In this
/// process that is the GL driver, which eframe unloads as the window closes, on the screen's
/// thread, which is where this runs; no other thread of the terminal loads or unloads a library
/// (the device links, the writer, the readers and the central sender use none that does).
pub fn release_code_pages() -> std::io::Result<Released> {
    let mut done = Released::default();
    #[cfg(target_os = "linux")]
    {
        let text = std::fs::read_to_string("/proc/self/smaps")?;
        for m in to_release(&parse_smaps(&text), 256) {
            // SAFETY: the range is one whole mapping of this process, read from smaps just
            // now, of a file with code loaded (see above for why it is still that mapping):
            // private, read-only, of a regular file, with no page written (no anonymous or
            // swapped page), so MADV_DONTNEED only drops page-table entries whose contents the
            // file gives back unchanged on the next access. Nothing is unmapped.
            let rc = unsafe {
                libc::madvise(
                    m.start as *mut libc::c_void,
                    m.end - m.start,
                    libc::MADV_DONTNEED,
                )
            };
            if rc == 0 {
                done.mappings += 1;
                done.kib += m.rss_kib;
            }
        }
    }
    Ok(done)
}

/// The resident pages of files mapped into the process (and of shared memory), in KiB: the
/// third field of `/proc/self/statm`, one short read. `None` where there is none to read.
pub fn mapped_file_kib() -> Option<u64> {
    #[cfg(target_os = "linux")]
    {
        let statm = std::fs::read_to_string("/proc/self/statm").ok()?;
        let pages: u64 = statm.split_ascii_whitespace().nth(2)?.parse().ok()?;
        // SAFETY: `sysconf` only reads a system constant.
        let page = unsafe { libc::sysconf(libc::_SC_PAGESIZE) };
        Some(pages * u64::try_from(page).ok()? / 1024)
    }
    #[cfg(not(target_os = "linux"))]
    None
}

/// When [`release_code_pages`] runs after the first frame (the window's opening, before it,
/// releases once too: `cli::run`): once the start has settled ([`CodeRelease::SETTLE`] after
/// the first frame, the first shaders compiled), then whenever the pages of files mapped in
/// have grown by [`CodeRelease::GROWTH_KIB`] since the level they came back to after the last
/// release (a screen drawn for the first time that has the GL driver compile a shader: the
/// first showdown's card grid maps about 31 MB of LLVM back in when Mesa's shader cache does
/// not hold it). Looked at only on frames the screen draws anyway, at most every
/// [`CodeRelease::LOOK_EVERY`]; the one frame asked for is the first release's.
#[derive(Debug, Default)]
pub struct CodeRelease {
    first_at: Option<std::time::Instant>,
    /// When the level is next looked at; `None` until the first release.
    next_look: Option<std::time::Instant>,
    /// The level after the last release, taken at the first look after it (by then the code
    /// the screen runs is mapped again).
    level_kib: Option<u64>,
}

/// What a frame should do about code pages.
#[derive(Debug, Clone, Copy, PartialEq)]
pub enum CodeStep {
    /// Nothing now.
    Nothing,
    /// Nothing now; a frame is wanted after this long.
    FrameAfter(std::time::Duration),
    /// Release now ([`release_code_pages`]), for this reason.
    Release(&'static str),
}

impl CodeRelease {
    pub const SETTLE: std::time::Duration = std::time::Duration::from_secs(5);
    pub const GROWTH_KIB: u64 = 16 << 10;
    pub const LOOK_EVERY: std::time::Duration = std::time::Duration::from_secs(5);

    /// Called at each frame at `now`; `mapped_kib` reads the level ([`mapped_file_kib`]) and is
    /// called only when it is needed.
    pub fn on_frame(
        &mut self,
        now: std::time::Instant,
        mapped_kib: impl FnOnce() -> Option<u64>,
    ) -> CodeStep {
        let first = *self.first_at.get_or_insert(now + Self::SETTLE);
        match self.next_look {
            None if now < first => return CodeStep::FrameAfter(first - now),
            None => return self.release(now, "the start settled"),
            Some(t) if now < t => return CodeStep::Nothing,
            Some(_) => {}
        }
        self.next_look = Some(now + Self::LOOK_EVERY);
        let Some(kib) = mapped_kib() else {
            return CodeStep::Nothing;
        };
        match self.level_kib {
            None => {
                self.level_kib = Some(kib);
                CodeStep::Nothing
            }
            Some(level) if kib >= level + Self::GROWTH_KIB => {
                self.release(now, "the code mapped in grew")
            }
            // A level that fell (pages the kernel took back) is the new level.
            Some(level) => {
                self.level_kib = Some(level.min(kib));
                CodeStep::Nothing
            }
        }
    }

    fn release(&mut self, now: std::time::Instant, why: &'static str) -> CodeStep {
        self.level_kib = None;
        self.next_look = Some(now + Self::LOOK_EVERY);
        CodeStep::Release(why)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::time::{Duration, Instant};

    const SMAPS: &str = "\
55d0c0a00000-55d0c1600000 r-xp 00400000 fe:00 1234                       /usr/bin/deckhand
Rss:               11948 kB
Anonymous:             0 kB
Swap:                  0 kB
VmFlags: rd ex mr mw me
55d0c1600000-55d0c1a00000 r--p 01000000 fe:00 1234                       /usr/bin/deckhand
Rss:                4380 kB
Anonymous:           840 kB
Swap:                  0 kB
VmFlags: rd mr mw me ac
55d0c2000000-55d0c3000000 rw-p 00000000 00:00 0                          [heap]
Rss:               17320 kB
Anonymous:         17320 kB
Swap:                  0 kB
VmFlags: rd wr mr mw me ac
7f0000000000-7f0003000000 r-xp 00a00000 fe:00 99                         /usr/lib/x86_64-linux-gnu/libLLVM-15.so.1
Rss:               48744 kB
Anonymous:             0 kB
Swap:                  0 kB
VmFlags: rd ex mr mw me
7f0004000000-7f0004800000 rw-s 00000000 00:01 7                          /SYSV00000000 (deleted)
Rss:                8100 kB
Anonymous:             0 kB
Swap:                  0 kB
VmFlags: rd wr sh mr mw me ms
7f0005000000-7f0005100000 r--s 00000000 fe:00 42                         /var/cache/fontconfig/a b.cache-8
Rss:                 600 kB
Anonymous:             0 kB
Swap:                  0 kB
VmFlags: rd sh mr mw me ms
7f0006000000-7f0006100000 r--p 00000000 00:05 3                          /dev/dri/renderD128
Rss:                 900 kB
Anonymous:             0 kB
Swap:                  0 kB
VmFlags: rd mr mw me io pf
7f0007000000-7f0007100000 r-xp 00000000 fe:00 5                          /usr/lib/libsmall.so
Rss:                  12 kB
Anonymous:             0 kB
Swap:                  0 kB
VmFlags: rd ex mr mw me
7f0008000000-7f0008400000 r-xp 00000000 fe:00 6                          /usr/lib/liblocked.so
Rss:                4096 kB
Anonymous:             0 kB
Swap:                  0 kB
VmFlags: rd ex mr mw me lo
7f0009000000-7f0009400000 r-xp 00000000 fe:00 7                          /usr/lib/libold.so (deleted)
Rss:                4096 kB
Anonymous:             0 kB
Swap:                  0 kB
VmFlags: rd ex mr mw me
7f000a000000-7f000a400000 r--p 00000000 fe:00 8                          /var/lib/deckhand/data.bin
Rss:                4096 kB
Anonymous:             0 kB
Swap:                  0 kB
VmFlags: rd mr mw me
7f000b000000-7f000b400000 r--p 00000000 fe:00 99                         /usr/lib/x86_64-linux-gnu/libLLVM-15.so.1
Rss:                4096 kB
Anonymous:             0 kB
Swap:                  0 kB
VmFlags: rd mr mw me
";

    /// Only the code of the program and of LLVM is taken, and LLVM's constant data: not the
    /// program's constant data with pages written at load (relocations), the heap, shared
    /// memory or a shared file, a device's pages, a mapping of a few pages, locked pages, a file
    /// since replaced, or a data file with no code mapped.
    #[test]
    fn only_whole_read_only_private_file_mappings_without_written_pages_are_released() {
        let maps = parse_smaps(SMAPS);
        assert_eq!(maps.len(), 12);
        assert_eq!(maps[0].start, 0x55d0c0a00000);
        assert_eq!(maps[0].end, 0x55d0c1600000);
        assert_eq!(maps[0].perms, "r-xp");
        assert_eq!(maps[0].path, "/usr/bin/deckhand");
        assert_eq!(maps[1].anonymous_kib, Some(840));
        assert_eq!(maps[2].path, "[heap]");
        assert_eq!(maps[5].path, "/var/cache/fontconfig/a b.cache-8");
        assert_eq!(maps[6].flags, ["rd", "mr", "mw", "me", "io", "pf"]);
        let released: Vec<&str> = to_release(&maps, 256)
            .iter()
            .map(|m| m.path.as_str())
            .collect();
        // LLVM's code and its constant data (a file with code mapped); not a data file mapped
        // on its own, however releasable.
        assert_eq!(
            released,
            [
                "/usr/bin/deckhand",
                "/usr/lib/x86_64-linux-gnu/libLLVM-15.so.1",
                "/usr/lib/x86_64-linux-gnu/libLLVM-15.so.1"
            ]
        );
        assert!(releasable(&maps[10], 256));
    }

    /// A count smaps did not give, or gave unreadably, keeps the mapping.
    #[test]
    fn a_mapping_whose_counts_cannot_be_read_is_kept() {
        let text = SMAPS.replacen("Anonymous:             0 kB", "Anonymous:  ? kB", 1);
        let maps = parse_smaps(&text);
        assert!(!releasable(&maps[0], 256));
        let text = SMAPS.replacen("Swap:                  0 kB", "Swap: x", 1);
        assert!(!releasable(&parse_smaps(&text)[0], 256));
        // A mapping without its counts, even with a resident size.
        let bare =
            "7f0000000000-7f0003000000 r-xp 00a00000 fe:00 99 /usr/lib/libx.so\nRss: 4096 kB\n";
        assert_eq!(parse_smaps(bare)[0].rss_kib, 4096);
        assert!(!releasable(&parse_smaps(bare)[0], 0));
    }

    /// The real thing, in this process: a file mapped as code (read and execute) whose pages
    /// were read is released (its pages leave the resident set) and reads back the same bytes;
    /// a file mapped privately whose pages were written, then made read-only, keeps what was
    /// written.
    #[cfg(target_os = "linux")]
    #[test]
    fn read_pages_are_released_and_read_back_the_same_and_written_pages_are_never_lost() {
        use std::os::fd::AsRawFd;
        const LEN: usize = 4 << 20;
        // Mapped as code (only files with code mapped are released), so in a folder programs
        // run from: this test's own.
        let exe = std::env::current_exe().unwrap();
        let dir = tempfile::tempdir_in(exe.parent().unwrap()).unwrap();
        let bytes: Vec<u8> = (0..LEN).map(|i| (i * 7 + i / 4096) as u8).collect();
        let map = |name: &str, prot: libc::c_int| {
            let path = dir.path().join(name);
            std::fs::write(&path, &bytes).unwrap();
            let f = std::fs::File::open(&path).unwrap();
            // SAFETY: a new private mapping of a file of LEN bytes, unmapped at the end of the
            // test; only this test reads or writes it.
            let p = unsafe {
                libc::mmap(
                    std::ptr::null_mut(),
                    LEN,
                    prot,
                    libc::MAP_PRIVATE,
                    f.as_raw_fd(),
                    0,
                )
            };
            assert_ne!(p, libc::MAP_FAILED);
            (p as *mut u8, path)
        };
        let (read, read_path) = map("read", libc::PROT_READ | libc::PROT_EXEC);
        let (written, written_path) = map("written", libc::PROT_READ | libc::PROT_WRITE);
        // SAFETY: both point at LEN mapped bytes; `written` is writable until the mprotect.
        let (read_view, written_view) = unsafe {
            for i in (0..LEN).step_by(4096) {
                *written.add(i) = 0xA5;
            }
            assert_eq!(
                libc::mprotect(
                    written as *mut libc::c_void,
                    LEN,
                    libc::PROT_READ | libc::PROT_EXEC
                ),
                0
            );
            (
                std::slice::from_raw_parts(read as *const u8, LEN),
                std::slice::from_raw_parts(written as *const u8, LEN),
            )
        };
        assert_eq!(read_view, bytes.as_slice());
        let resident = |path: &std::path::Path| {
            let smaps = std::fs::read_to_string("/proc/self/smaps").unwrap();
            let name = path.display().to_string();
            parse_smaps(&smaps)
                .into_iter()
                .find(|m| m.path == name)
                .map(|m| (m.rss_kib, m.anonymous_kib.unwrap()))
                .unwrap()
        };
        assert_eq!(resident(&read_path).0, (LEN / 1024) as u64);
        let (_, anonymous) = resident(&written_path);
        assert_eq!(anonymous, (LEN / 1024) as u64);

        let done = release_code_pages().unwrap();
        assert!(done.kib >= (LEN / 1024) as u64, "{done:?}");
        assert_eq!(resident(&read_path).0, 0, "the read mapping is released");
        assert_eq!(resident(&written_path).1, (LEN / 1024) as u64);
        // Read again: the file's bytes, from the page cache; the written pages as written.
        assert_eq!(read_view, bytes.as_slice());
        for i in 0..LEN {
            let want = if i % 4096 == 0 { 0xA5 } else { bytes[i] };
            assert_eq!(written_view[i], want, "byte {i}");
        }
        // SAFETY: the two mappings made above, no longer used.
        unsafe {
            libc::munmap(read as *mut libc::c_void, LEN);
            libc::munmap(written as *mut libc::c_void, LEN);
        }
    }

    #[cfg(target_os = "linux")]
    #[test]
    fn the_mapped_level_reads_from_statm() {
        let kib = mapped_file_kib().unwrap();
        // At least this test's own program's code is mapped in.
        assert!(kib > 100, "{kib}");
    }

    /// The first release comes once the start has settled, with a frame asked for then; later
    /// ones only when the level has grown by GROWTH since the level after the last release,
    /// looked at no more often than LOOK_EVERY.
    #[test]
    fn releases_once_settled_then_only_on_growth() {
        let t0 = Instant::now();
        // Seconds after the first release.
        let settled = t0 + CodeRelease::SETTLE;
        let s = |n: u64| settled + Duration::from_secs(n);
        let mut r = CodeRelease::default();
        let never = || -> Option<u64> { panic!("not read before the first release") };
        assert_eq!(
            r.on_frame(t0, never),
            CodeStep::FrameAfter(CodeRelease::SETTLE)
        );
        let early = settled - Duration::from_secs(1);
        assert_eq!(
            r.on_frame(early, never),
            CodeStep::FrameAfter(Duration::from_secs(1))
        );
        assert_eq!(
            r.on_frame(settled, never),
            CodeStep::Release("the start settled")
        );
        // Within LOOK_EVERY nothing is read.
        assert_eq!(r.on_frame(s(2), never), CodeStep::Nothing);
        // The first look after it takes the level the screen's code came back to.
        assert_eq!(r.on_frame(s(15), || Some(22_000)), CodeStep::Nothing);
        assert_eq!(r.on_frame(s(21), || Some(30_000)), CodeStep::Nothing);
        // A level that fell is the new level: growth counts from it.
        assert_eq!(r.on_frame(s(27), || Some(20_000)), CodeStep::Nothing);
        assert_eq!(
            r.on_frame(s(33), || Some(20_000 + CodeRelease::GROWTH_KIB - 1)),
            CodeStep::Nothing
        );
        assert_eq!(
            r.on_frame(s(39), || Some(20_000 + CodeRelease::GROWTH_KIB)),
            CodeStep::Release("the code mapped in grew")
        );
        // After it, a new level is taken before any growth counts.
        assert_eq!(r.on_frame(s(45), || Some(60_000)), CodeStep::Nothing);
        assert_eq!(r.on_frame(s(51), || Some(61_000)), CodeStep::Nothing);
        // No reading (not Linux): nothing.
        assert_eq!(r.on_frame(s(57), || None), CodeStep::Nothing);
    }
}
