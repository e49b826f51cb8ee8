//! The High Hand Tracking Slip (§ 637a.16(f)) on paper: as ESC/POS bytes sent by the app's own
//! printer over a real pseudo-terminal pair and decoded on the printer's end, field by field;
//! and as a PDF through a real CUPS queue (a private `cupsd` with a file device, `#[ignore]`d in
//! a plain `cargo test` and run by `.ci/run` with `--ignored`, which also reads the printed file
//! back with `pdftotext`). The CUPS test fails, never skips, when CUPS is missing.

use crate::common;

use deckhand::print::escpos::{self, Receipt};
use deckhand::print::printer::{Printer, PrinterConfig};
use deckhand::rules::cards::parse_cards;
use deckhand::rules::table::{Command, Confirm};
use deckhand::store::Store;
use deckhand::terminal::Terminal;
use serialport::{SerialPort, TTYPort};
use std::io::Read;
use std::path::{Path, PathBuf};
use std::time::{Duration, Instant};

const PERIOD: &str = "2026-11-22T07:00Z";

/// What the slip must say (§ 637a.16(f)(1)-(5)), as printed.
const FIELDS: [&str; 11] = [
    "High Hand Tracking Slip No. ",
    "Player: Rosa Diaz",
    "Phone: 2155550142",
    "Seat: 3",
    "Table: 6",
    "Hand: Full house, kings full of fours",
    "K♥ K♦ K♣ 4♠ 4♥",
    "Dealer: Alex Rivera (20417)",
    "Verified by: Dana Brooks (1001)",
    "Signature: ___",
    "§ 637a.16(f)",
];

/// A database with one high hand recorded at table 6 in [`PERIOD`].
fn slip_database(dir: &Path) -> PathBuf {
    let db = dir.join("slips.sqlite");
    let mut t = Terminal::open(Store::open(&db).unwrap(), None).unwrap();
    t.seed_demo_people().unwrap();
    t.sign_in("Alex Rivera", "20417", "112233").unwrap();
    t.execute(Command::OpenTable(deckhand::demo::fixed_limit_table(6)))
        .unwrap();
    t.execute(Command::Confirm(Confirm::DecksInspected))
        .unwrap();
    t.verify("1001", "246810").unwrap();
    t.record_high_hand(
        PERIOD,
        3,
        "Rosa Diaz",
        "2155550142",
        parse_cards("Kh Kd Kc 4s 4h").unwrap(),
        "1001",
        "246810",
    )
    .unwrap();
    db
}

#[test]
fn the_slip_reaches_a_receipt_printer_as_escpos_over_a_pty() {
    let dir = tempfile::tempdir().unwrap();
    let mut store = Store::open(&slip_database(dir.path())).unwrap();
    let slip = deckhand::print::high_hand_document(&mut store, 6, PERIOD, None).unwrap();
    let (mut printer_end, terminal_end) = TTYPort::pair().unwrap();
    printer_end.set_timeout(Duration::from_millis(50)).unwrap();
    let device = terminal_end.name().unwrap();
    let cfg = PrinterConfig {
        kind: "escpos".into(),
        device: device.clone(),
        ..Default::default()
    };
    cfg.validate().unwrap();
    let printer = Printer::from_config(&cfg, dir.path().join("exports"));
    assert_eq!(printer.describe(), format!("receipt printer {device}"));
    // Sent off this thread, as the screen does; the printer's end reads until the cut.
    let sent = printer.spawn(slip.clone(), || {});
    let mut bytes = Vec::new();
    let deadline = Instant::now() + Duration::from_secs(10);
    let mut buf = [0u8; 4096];
    while !bytes.windows(2).any(|w| w == [0x1D, 0x56]) || bytes.len() < 4 {
        assert!(
            Instant::now() < deadline,
            "no cut after {} bytes",
            bytes.len()
        );
        match printer_end.read(&mut buf) {
            Ok(n) => bytes.extend_from_slice(&buf[..n]),
            Err(e) if e.kind() == std::io::ErrorKind::TimedOut => {}
            Err(e) => panic!("{e}"),
        }
    }
    // The cut's last two bytes.
    while bytes.len() < 2 || bytes[bytes.len() - 2..] != [66, 3] {
        assert!(Instant::now() < deadline);
        if let Ok(n) = printer_end.read(&mut buf) {
            bytes.extend_from_slice(&buf[..n]);
        }
    }
    let answer = sent.recv_timeout(Duration::from_secs(10)).unwrap();
    assert_eq!(answer, Ok(format!("printed on receipt printer {device}")));
    drop(terminal_end);

    // Exactly what the renderer makes, decoded as a printer would.
    assert_eq!(bytes, escpos::render(&slip, &Receipt::default()));
    let d = escpos::decode(&bytes).unwrap();
    assert!(d.initialised);
    assert_eq!((d.codepage, d.cuts), (Some(escpos::CODEPAGE), 1));
    let text = d.text();
    for field in FIELDS {
        assert!(
            text.contains(field),
            "{field} missing from the receipt:\n{text}"
        );
    }
    let title = &d.lines[0];
    assert!(title.text.starts_with("High Hand Tracking Slip No. "));
    assert!(title.centred && title.big && title.bold == title.text);
    let player = d
        .lines
        .iter()
        .find(|l| l.text.starts_with("Player:"))
        .unwrap();
    assert_eq!(player.bold, "Player:");
    assert!(d.lines.iter().all(|l| l.text.chars().count() <= 42));
}

#[test]
fn escpos_round_trips_every_document_at_58_mm_too() {
    let dir = tempfile::tempdir().unwrap();
    let mut store = Store::open(&slip_database(dir.path())).unwrap();
    let slip = deckhand::print::high_hand_document(&mut store, 6, PERIOD, None).unwrap();
    let today = chrono::Utc::now().date_naive();
    let report = deckhand::print::shift_report_document(
        &mut store,
        6,
        &today.to_string(),
        &today.succ_opt().unwrap().to_string(),
        Some("1001"),
    )
    .unwrap();
    // The report carries the signed head and the key: the signature on paper verifies.
    let text: Vec<String> = report.wrap(400).into_iter().map(|l| l.text).collect();
    let signed = text
        .iter()
        .find_map(|l| l.strip_prefix("Signed head: row "))
        .unwrap();
    let (row, signature) = signed.split_once(", signature ").unwrap();
    let key = text
        .iter()
        .find_map(|l| l.strip_prefix("Terminal signing key (Ed25519): "))
        .unwrap();
    assert_eq!(key, store.public_key());
    let head = store.signed_head().unwrap().unwrap();
    assert_eq!(row.replace(',', ""), head.serial.to_string());
    assert!(deckhand::store::signing::verify(
        key,
        store.terminal_id(),
        head.serial,
        &head.hash,
        signature
    ));
    for columns in [42, 32] {
        let r = Receipt {
            columns,
            suit_glyphs: columns == 42,
            cut: true,
        };
        for doc in [&slip, &report] {
            let d = escpos::decode(&escpos::render(doc, &r)).unwrap();
            let expected: Vec<String> = doc
                .wrap(columns)
                .into_iter()
                .map(|l| {
                    if r.suit_glyphs {
                        l.text
                    } else {
                        l.text
                            .replace('♠', "s")
                            .replace('♥', "h")
                            .replace('♦', "d")
                            .replace('♣', "c")
                    }
                })
                .collect();
            let got: Vec<String> = d.lines.iter().map(|l| l.text.clone()).collect();
            assert_eq!(got, expected);
            assert!(got.iter().all(|l| l.chars().count() <= columns));
        }
    }
    let d = escpos::decode(&escpos::render(
        &slip,
        &Receipt {
            columns: 32,
            suit_glyphs: false,
            cut: true,
        },
    ))
    .unwrap();
    assert!(d.text().contains("Cards: Kh Kd Kc 4s 4h"), "{}", d.text());
}

/// `deckhand print`: `--out` writes the PDF, `--printer` sends to the configured printer (the
/// embedded configuration's: a PDF in exports/ next to the database); one of them is needed.
#[test]
fn the_command_line_writes_and_sends_the_slip() {
    let dir = tempfile::tempdir().unwrap();
    let db = slip_database(dir.path());
    let run = |args: &[&str]| {
        std::process::Command::new(env!("CARGO_BIN_EXE_deckhand"))
            .args(["print", "--db"])
            .arg(&db)
            .args(args)
            .output()
            .unwrap()
    };
    let slip = ["high-hand-slip", "--table", "6", "--period", PERIOD];
    let out = run(&slip);
    assert!(!out.status.success());
    assert!(String::from_utf8_lossy(&out.stderr).contains("--out FILE.pdf, --printer"));
    let pdf = dir.path().join("slip.pdf");
    let out = run(&[&slip[..], &["--out", pdf.to_str().unwrap(), "--printer"]].concat());
    let said = String::from_utf8_lossy(&out.stdout);
    assert!(out.status.success(), "{said}");
    let no: i64 = said
        .split("High Hand Tracking Slip No. ")
        .nth(1)
        .and_then(|r| r.split_whitespace().next())
        .and_then(|n| n.parse().ok())
        .unwrap();
    let exported = dir
        .path()
        .join("exports")
        .join(format!("high-hand-tracking-slip-{no}.pdf"));
    assert!(
        said.contains(&format!("written to {}", pdf.display())),
        "{said}"
    );
    assert!(
        said.contains(&format!("written to {}", exported.display())),
        "{said}"
    );
    assert_eq!(
        std::fs::read(&pdf).unwrap(),
        std::fs::read(&exported).unwrap()
    );
    let text = common::pdf::text(&std::fs::read(&pdf).unwrap());
    for field in FIELDS {
        assert!(text.contains(field), "{field} missing:\n{text}");
    }
}

/// A private CUPS scheduler in a temporary folder, on its own socket: nothing in /etc/cups is
/// touched and no port is taken. Stopped (by its own pid) when dropped.
struct Cupsd {
    dir: tempfile::TempDir,
    child: std::process::Child,
}

/// The only driver the test queue has: CUPS's own pass-through filter, so the file device gets
/// the PDF byte for byte (a raw queue with a file device writes nothing).
const PASSTHROUGH_PPD: &str = "*PPD-Adobe: \"4.3\"\n*FormatVersion: \"4.3\"\n*FileVersion: \"1.0\"\n\
*LanguageVersion: English\n*LanguageEncoding: ISOLatin1\n*PCFileName: \"DECKHAND.PPD\"\n\
*Manufacturer: \"Deckhand\"\n*Product: \"(Deckhand CI)\"\n*ModelName: \"Deckhand CI\"\n\
*ShortNickName: \"Deckhand CI\"\n*NickName: \"Deckhand CI, the job bytes unchanged\"\n\
*cupsFilter: \"application/pdf 0 gziptoany\"\n";

fn need(path: &str, package: &str) {
    assert!(
        Path::new(path).exists(),
        "{path} is missing: install the Debian package {package}"
    );
}

impl Cupsd {
    fn start() -> Cupsd {
        need("/usr/sbin/cupsd", "cups-daemon");
        need("/usr/sbin/lpadmin", "cups-client");
        need("/usr/lib/cups/filter/gziptoany", "cups-core-drivers");
        let dir = tempfile::tempdir().unwrap();
        // Filters may run as another user (lp, when cupsd runs as root): they must reach the
        // spool inside.
        use std::os::unix::fs::PermissionsExt;
        std::fs::set_permissions(dir.path(), std::fs::Permissions::from_mode(0o755)).unwrap();
        let d = dir.path().display().to_string();
        for sub in ["spool", "cache", "state", "tmp", "log", "out"] {
            std::fs::create_dir_all(dir.path().join(sub)).unwrap();
        }
        std::fs::write(
            dir.path().join("cups-files.conf"),
            format!(
                "ServerRoot {d}\nRequestRoot {d}/spool\nCacheDir {d}/cache\nStateDir {d}/state\n\
                 TempDir {d}/tmp\nAccessLog {d}/log/access_log\nErrorLog {d}/log/error_log\n\
                 PageLog {d}/log/page_log\nFileDevice Yes\n"
            ),
        )
        .unwrap();
        std::fs::write(
            dir.path().join("cupsd.conf"),
            format!(
                "Listen {d}/cups.sock\nLogLevel info\nBrowsing No\nWebInterface No\n\
                 <Location />\n  Order allow,deny\n  Allow all\n</Location>\n\
                 <Policy default>\n  <Limit All>\n    Order deny,allow\n  </Limit>\n</Policy>\n"
            ),
        )
        .unwrap();
        std::fs::write(dir.path().join("passthrough.ppd"), PASSTHROUGH_PPD).unwrap();
        let child = std::process::Command::new("/usr/sbin/cupsd")
            .args(["-f", "-c"])
            .arg(dir.path().join("cupsd.conf"))
            .arg("-s")
            .arg(dir.path().join("cups-files.conf"))
            .spawn()
            .unwrap();
        let c = Cupsd { dir, child };
        let deadline = Instant::now() + Duration::from_secs(10);
        while !c.lpstat(&["-r"]).contains("is running") {
            assert!(Instant::now() < deadline, "cupsd did not start");
            std::thread::sleep(Duration::from_millis(200));
        }
        c
    }

    fn socket(&self) -> String {
        self.dir.path().join("cups.sock").display().to_string()
    }

    fn lpstat(&self, args: &[&str]) -> String {
        let out = std::process::Command::new("lpstat")
            .args(args)
            .env("CUPS_SERVER", self.socket())
            .output()
            .expect("lpstat: install the Debian package cups-client");
        String::from_utf8_lossy(&out.stdout).into_owned()
    }

    /// A queue that writes each job to `out/<name>.pdf`.
    fn add_file_queue(&self, name: &str) -> PathBuf {
        let out = self.dir.path().join("out").join(format!("{name}.pdf"));
        let status = std::process::Command::new("/usr/sbin/lpadmin")
            .args(["-p", name, "-v"])
            .arg(format!("file://{}", out.display()))
            .arg("-P")
            .arg(self.dir.path().join("passthrough.ppd"))
            .arg("-E")
            .env("CUPS_SERVER", self.socket())
            .stderr(std::process::Stdio::null())
            .status()
            .unwrap();
        assert!(status.success(), "lpadmin could not add {name}");
        // CUPS 2.4.2-3+deb12u10 (a security update) opens a file: device's output only if it
        // exists (O_WRONLY|O_EXCL, never O_CREAT): the queue's file is made empty beforehand.
        std::fs::write(&out, b"").unwrap();
        out
    }
}

impl Drop for Cupsd {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

#[test]
#[ignore = "needs CUPS (cupsd, lpadmin, lp) from cups-daemon, cups-client, cups-core-drivers; run by .ci/run"]
fn a_slip_prints_through_a_real_cups_queue() {
    let dir = tempfile::tempdir().unwrap();
    let mut store = Store::open(&slip_database(dir.path())).unwrap();
    let cups = Cupsd::start();
    let out = cups.add_file_queue("deckhand-ci");
    let cfg = PrinterConfig {
        kind: "cups".into(),
        queue: "deckhand-ci".into(),
        server: cups.socket(),
        ..Default::default()
    };
    cfg.validate().unwrap();
    let printer = Printer::from_config(&cfg, dir.path().join("exports"));
    let slip = deckhand::print::high_hand_document(&mut store, 6, PERIOD, None).unwrap();
    let answer = printer
        .spawn(slip.clone(), || {})
        .recv_timeout(Duration::from_secs(30))
        .unwrap()
        .unwrap();
    assert!(
        answer.starts_with("printed on CUPS queue deckhand-ci as job deckhand-ci-"),
        "{answer}"
    );
    let deadline = Instant::now() + Duration::from_secs(20);
    while !cups
        .lpstat(&["-W", "not-completed", "-o", "deckhand-ci"])
        .trim()
        .is_empty()
        || std::fs::metadata(&out).is_ok_and(|m| m.len() == 0)
    {
        assert!(Instant::now() < deadline, "the job did not complete");
        std::thread::sleep(Duration::from_millis(200));
    }
    let printed = std::fs::read(&out).unwrap();
    // The pass-through queue hands on the app's PDF unchanged.
    let pdf = deckhand::print::pdf::render(&slip, deckhand::print::Paper::Letter).unwrap();
    assert_eq!(printed, pdf);
    let text = common::pdf::text(&printed);
    for field in FIELDS {
        assert!(
            text.contains(field),
            "{field} missing from the printed PDF:\n{text}"
        );
    }
    if let Ok(copy) = std::env::var("DECKHAND_SLIP_PDF") {
        // .ci/run reads this file back with pdftotext.
        std::fs::write(copy, &printed).unwrap();
    }
}
