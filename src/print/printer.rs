//! Where a printed document goes (`[printer]` in the configuration): a PDF file in `exports/`
//! next to the database, a CUPS queue (the PDF handed to `lp`, so an office printer or any queue
//! CUPS knows), or an ESC/POS receipt printer on a serial or USB port. Sending blocks (a receipt
//! at 9600 baud takes seconds), so the screen runs it on its own thread ([`Printer::spawn`]).

use super::escpos::Receipt;
use super::pdf::Paper;
use super::{Document, escpos, pdf};
use serde::Deserialize;
use std::io::Write;
use std::path::PathBuf;
use std::process::{Command, Stdio};
use std::sync::mpsc;

/// `[printer]`: the kind of printer and its settings (docs/configuration.md).
#[derive(Debug, Clone, Deserialize, PartialEq)]
#[serde(default, deny_unknown_fields)]
pub struct PrinterConfig {
    /// "file" (a PDF in `exports/`), "cups" or "escpos".
    pub kind: String,
    /// cups: the queue (`lpstat -p`); empty: the CUPS default destination.
    pub queue: String,
    /// cups: the scheduler, a socket path or host:port; empty: this machine's.
    pub server: String,
    /// file and cups: "letter" or "a4".
    pub paper: String,
    /// escpos: the port, e.g. /dev/deckhand-printer, /dev/ttyUSB0 or /dev/usb/lp0.
    pub device: String,
    /// escpos on a serial port: the line speed, 8N1.
    pub baud: u32,
    /// escpos: characters per line in font A (42 on 80 mm paper, 32 on 58 mm).
    pub columns: u32,
    /// escpos: ♠♥♦♣ as user-defined characters; false prints the suit letter (Kh).
    pub suit_glyphs: bool,
    /// escpos: cut the paper after each document.
    pub cut: bool,
}

impl Default for PrinterConfig {
    fn default() -> Self {
        PrinterConfig {
            kind: "file".into(),
            queue: String::new(),
            server: String::new(),
            paper: "letter".into(),
            device: String::new(),
            baud: 19200,
            columns: 42,
            suit_glyphs: true,
            cut: true,
        }
    }
}

impl PrinterConfig {
    /// Refuses settings that cannot print, naming the key.
    pub fn validate(&self) -> Result<(), String> {
        if !["file", "cups", "escpos"].contains(&self.kind.as_str()) {
            return Err(format!(
                "printer.kind: {:?} is not file, cups or escpos",
                self.kind
            ));
        }
        if Paper::parse(&self.paper).is_none() {
            return Err(format!(
                "printer.paper: {:?} is not letter or a4",
                self.paper
            ));
        }
        if self.kind == "escpos" && self.device.trim().is_empty() {
            return Err(
                "printer.device: an ESC/POS printer needs its port, e.g. /dev/deckhand-printer"
                    .into(),
            );
        }
        if !crate::config::BAUD_RATES.contains(&self.baud) {
            return Err(format!(
                "printer.baud: {} is not a serial line speed (one of {:?})",
                self.baud,
                crate::config::BAUD_RATES
            ));
        }
        if !(24..=64).contains(&self.columns) {
            return Err("printer.columns: 24 to 64 characters a line".into());
        }
        Ok(())
    }
}

/// A configured printer.
#[derive(Debug, Clone, PartialEq)]
pub enum Printer {
    /// PDF files in a folder (`exports/` next to the database).
    File {
        /// The folder.
        dir: PathBuf,
        /// The paper the PDF is laid out for.
        paper: Paper,
    },
    /// A CUPS queue, through `lp`.
    Cups {
        /// The queue; empty: the default destination.
        queue: String,
        /// `CUPS_SERVER` for `lp`; empty: as the environment has it.
        server: String,
        /// The paper.
        paper: Paper,
    },
    /// An ESC/POS receipt printer on a port.
    EscPos {
        /// The port's path.
        device: String,
        /// Line speed when the port is a serial line.
        baud: u32,
        /// Columns, glyphs and cut.
        receipt: Receipt,
    },
}

impl Printer {
    /// The printer `[printer]` names; `exports` is the folder of the kind "file".
    pub fn from_config(cfg: &PrinterConfig, exports: PathBuf) -> Printer {
        let paper = Paper::parse(&cfg.paper).unwrap_or_default();
        match cfg.kind.as_str() {
            "cups" => Printer::Cups {
                queue: cfg.queue.trim().to_string(),
                server: cfg.server.trim().to_string(),
                paper,
            },
            "escpos" => Printer::EscPos {
                device: cfg.device.trim().to_string(),
                baud: cfg.baud,
                receipt: Receipt {
                    columns: cfg.columns as usize,
                    suit_glyphs: cfg.suit_glyphs,
                    cut: cfg.cut,
                },
            },
            _ => Printer::File {
                dir: exports,
                paper,
            },
        }
    }

    /// Where documents go, in words: "PDF in /var/lib/deckhand/exports", "CUPS queue office",
    /// "receipt printer /dev/deckhand-printer".
    pub fn describe(&self) -> String {
        match self {
            Printer::File { dir, .. } => format!("PDF in {}", dir.display()),
            Printer::Cups { queue, .. } if queue.is_empty() => "the default CUPS printer".into(),
            Printer::Cups { queue, .. } => format!("CUPS queue {queue}"),
            Printer::EscPos { device, .. } => format!("receipt printer {device}"),
        }
    }

    /// Renders the document and sends it; the answer says where it went ("written to FILE",
    /// "printed on CUPS queue office as job office-12", "printed on receipt printer …").
    pub fn send(&self, doc: &Document) -> Result<String, String> {
        match self {
            Printer::File { dir, paper } => {
                let bytes = pdf::render(doc, *paper)?;
                std::fs::create_dir_all(dir)
                    .map_err(|e| format!("cannot create {}: {e}", dir.display()))?;
                let path = dir.join(format!("{}-{}.pdf", doc.kind.slug(), doc.number));
                std::fs::write(&path, bytes)
                    .map_err(|e| format!("cannot write {}: {e}", path.display()))?;
                Ok(format!("written to {}", path.display()))
            }
            Printer::Cups {
                queue,
                server,
                paper,
            } => {
                let bytes = pdf::render(doc, *paper)?;
                let job = lp(queue, server, *paper, &doc.heading, &bytes)?;
                Ok(format!("printed on {} as job {job}", self.describe()))
            }
            Printer::EscPos {
                device,
                baud,
                receipt,
            } => {
                write_device(device, *baud, &escpos::render(doc, receipt))?;
                Ok(format!("printed on {}", self.describe()))
            }
        }
    }

    /// [`Printer::send`] on its own thread: the screen polls the receiver and never waits for a
    /// printer; `wake` runs once the answer is in (the screen's repaint).
    pub fn spawn(
        &self,
        doc: Document,
        wake: impl FnOnce() + Send + 'static,
    ) -> mpsc::Receiver<Result<String, String>> {
        let (tx, rx) = mpsc::channel();
        let printer = self.clone();
        std::thread::spawn(move || {
            let _ = tx.send(printer.send(&doc));
            wake();
        });
        rx
    }
}

/// Hands a PDF to CUPS with `lp` (cups-client) and returns the job id.
fn lp(queue: &str, server: &str, paper: Paper, title: &str, pdf: &[u8]) -> Result<String, String> {
    let mut cmd = Command::new("lp");
    cmd.args(["-t", title, "-o", &format!("media={}", paper.media())]);
    if !queue.is_empty() {
        cmd.args(["-d", queue]);
    }
    cmd.arg("-");
    if !server.is_empty() {
        cmd.env("CUPS_SERVER", server);
    }
    let mut child = cmd
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .map_err(|e| match e.kind() {
            std::io::ErrorKind::NotFound => "lp not found: install cups-client".to_string(),
            _ => format!("lp: {e}"),
        })?;
    if let Some(mut stdin) = child.stdin.take() {
        stdin
            .write_all(pdf)
            .map_err(|e| format!("lp: cannot send the PDF: {e}"))?;
    }
    let out = child.wait_with_output().map_err(|e| format!("lp: {e}"))?;
    let stdout = String::from_utf8_lossy(&out.stdout);
    if !out.status.success() {
        let err = String::from_utf8_lossy(&out.stderr);
        return Err(format!("CUPS refused the document: {}", err.trim()));
    }
    // "request id is office-12 (0 file(s))"
    stdout
        .split("request id is ")
        .nth(1)
        .and_then(|rest| rest.split_whitespace().next())
        .map(str::to_string)
        .ok_or_else(|| format!("lp gave no job id: {}", stdout.trim()))
}

/// Writes receipt bytes to a port: a serial line is opened raw at `baud`, 8N1 (a terminal in
/// cooked mode would turn LF into CR LF); a USB printer (`/dev/usb/lp0`) is written as a file.
fn write_device(path: &str, baud: u32, bytes: &[u8]) -> Result<(), String> {
    use std::io::IsTerminal;
    let file = std::fs::OpenOptions::new()
        .write(true)
        .open(path)
        .map_err(|e| format!("cannot open the receipt printer {path}: {e}"))?;
    if file.is_terminal() {
        drop(file);
        let mut port = serialport::new(path, baud)
            .timeout(std::time::Duration::from_secs(5))
            .open()
            .map_err(|e| format!("cannot open the receipt printer {path}: {e}"))?;
        port.write_all(bytes)
            .and_then(|()| port.flush())
            .map_err(|e| format!("the receipt printer {path}: {e}"))
    } else {
        let mut file = file;
        file.write_all(bytes)
            .and_then(|()| file.flush())
            .map_err(|e| format!("the receipt printer {path}: {e}"))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn settings_that_cannot_print_are_refused_by_name() {
        assert_eq!(PrinterConfig::default().validate(), Ok(()));
        let bad = |f: fn(&mut PrinterConfig)| {
            let mut c = PrinterConfig::default();
            f(&mut c);
            c.validate().unwrap_err()
        };
        assert!(bad(|c| c.kind = "fax".into()).starts_with("printer.kind"));
        assert!(bad(|c| c.paper = "legal".into()).starts_with("printer.paper"));
        assert!(bad(|c| c.kind = "escpos".into()).starts_with("printer.device"));
        assert!(bad(|c| c.baud = 1234).starts_with("printer.baud"));
        assert!(bad(|c| c.columns = 80).starts_with("printer.columns"));
    }

    #[test]
    fn a_missing_cups_queue_is_an_error_not_a_hang() {
        let p = Printer::Cups {
            queue: "no-such-queue".into(),
            server: "/nonexistent/cups.sock".into(),
            paper: Paper::Letter,
        };
        assert_eq!(p.describe(), "CUPS queue no-such-queue");
        let doc = crate::print::Document {
            kind: crate::print::DocKind::BoxCount,
            heading: "Box count No. 1".into(),
            number: 1,
            reprint: false,
            blocks: vec![],
            footer: String::new(),
        };
        // Without cups-client: "lp not found"; with it: the scheduler cannot be reached.
        assert!(p.send(&doc).is_err());
    }
}
