//! Printable documents: the High Hand Tracking Slip of § 637a.16(f), the documentation of a box
//! count and the end-of-shift table report. Each print is a journal row first; its serial is the
//! document number, and a second print of the same subject says REPRINT.
//!
//! The builders here fill a [`Document`] ([`doc`]); [`pdf`] renders it as a PDF with DejaVu Sans
//! embedded (card suits and § print, lines wrap to the page), [`escpos`] as the bytes of an 80 mm
//! receipt printer, and [`printer`] sends it where `[printer]` says.

pub mod doc;
pub mod escpos;
pub mod pdf;
pub mod printer;
mod shift_lines;

pub use doc::{Block, DocKind, Document};
pub use pdf::Paper;

use crate::store::review::Filter;
use crate::store::review::JournalQueries;
use crate::store::{Entry, JournalRow, RowContext, Store};

/// The cards of a slip ("Kh", "Kd" ...) with their suit symbols: "K♥ K♦".
fn pretty(cards: &serde_json::Value) -> String {
    let codes: Vec<&str> = cards
        .as_array()
        .map(|a| a.iter().filter_map(|c| c.as_str()).collect())
        .unwrap_or_default();
    match crate::rules::cards::parse_cards(&codes.join(" ")) {
        Ok(cards) => cards
            .into_iter()
            .map(|c| c.pretty())
            .collect::<Vec<_>>()
            .join(" "),
        Err(_) => codes.join(" "),
    }
}

fn field(label: &str, value: impl Into<String>) -> Block {
    Block::Field {
        label: label.into(),
        value: value.into(),
    }
}

/// A build of a document: a preview (no journal row, no number yet) or the print itself.
#[derive(Debug, Clone, Copy)]
enum Mode<'a> {
    Preview,
    /// `chain`: the journal's chain status as a walk just found it (the screen walks it on its
    /// own thread); `None`: walked here.
    Print {
        printed_by: Option<&'a str>,
        chain: Option<&'a str>,
    },
}

/// The document number as printed; "—" in a preview (the number is given when printed).
fn number(doc_no: i64) -> String {
    if doc_no == 0 {
        "—".into()
    } else {
        doc_no.to_string()
    }
}

/// Journals a print (`document_printed`, signed by `printed_by`) unless previewing, and answers
/// the document number (its serial; 0 in a preview) and whether it is a reprint.
fn journal_print(
    store: &mut Store,
    mode: Mode,
    table_no: Option<u32>,
    kind: DocKind,
    subject: &str,
) -> Result<(i64, bool), String> {
    let reprint = printed_before(store, subject)?;
    let Mode::Print { printed_by, .. } = mode else {
        return Ok((0, reprint));
    };
    let ctx = RowContext {
        table_no,
        dealer_credential: None,
        actor_credential: printed_by.map(str::to_string),
    };
    let mut entry = Entry::system(
        "document_printed",
        serde_json::json!({"document": kind.slug(), "subject": subject, "reprint": reprint}),
    );
    entry.actor_credential = printed_by.map(str::to_string);
    let printed = store.append(&ctx, &[entry]).map_err(|e| e.to_string())?;
    Ok((printed[0].serial, reprint))
}

/// A document to print, as the screen and the command line ask for it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Request {
    /// The High Hand Tracking Slip of a table and qualifying period.
    HighHandSlip {
        /// The table.
        table: u32,
        /// The period's start, as recorded on its lines.
        period: String,
    },
    /// The documentation of the box count in journal row `record`.
    BoxCount {
        /// The `box_counted` row.
        record: i64,
    },
    /// The end-of-shift report of a table between two UTC times.
    ShiftReport {
        /// The table.
        table: u32,
        /// From (UTC).
        from: String,
        /// To (UTC).
        to: String,
    },
}

/// The document as it would print now, for a preview: nothing is journaled, the number reads
/// "—" (given when printed), and REPRINT shows if the subject was printed before.
pub fn prepare(store: &mut Store, req: &Request) -> Result<Document, String> {
    build(store, req, Mode::Preview, None)
}

/// [`prepare`] with a shift report's period already read ([`shift_period_job`]).
pub fn prepare_from(
    store: &mut Store,
    req: &Request,
    period: Option<&ShiftPeriod>,
) -> Result<Document, String> {
    build(store, req, Mode::Preview, period)
}

/// Prints: journals `document_printed` (signed by `printed_by`) and returns the numbered
/// document, ready for a [`printer::Printer`]. `chain`: the journal's chain status a walk on
/// another thread just found (the shift report states it), so a screen never walks the
/// journal; `None`: walked here when the document needs it. `period`: a shift report's records
/// as read beforehand ([`shift_period_job`]); `None`: read here.
pub fn issue(
    store: &mut Store,
    req: &Request,
    printed_by: Option<&str>,
    chain: Option<&str>,
    period: Option<&ShiftPeriod>,
) -> Result<Document, String> {
    build(store, req, Mode::Print { printed_by, chain }, period)
}

/// `period`: a shift report's records as read beforehand; `None`: read here.
fn build(
    store: &mut Store,
    req: &Request,
    mode: Mode,
    period: Option<&ShiftPeriod>,
) -> Result<Document, String> {
    match req {
        Request::HighHandSlip { table, period } => high_hand(store, *table, period, mode),
        Request::BoxCount { record } => box_count_doc(store, *record, mode),
        Request::ShiftReport { table, from, to } => {
            shift_report_doc(store, *table, from, to, mode, period)
        }
    }
}

/// A document and its PDF on the default paper, as [`high_hand_slip`] and the others return it.
fn with_pdf(d: Document) -> Result<(i64, bool, Vec<u8>), String> {
    let pdf = pdf::render(&d, Paper::default())?;
    Ok((d.number, d.reprint, pdf))
}

/// Prints the High Hand Tracking Slip of one qualifying period at one table as a PDF: see
/// [`high_hand_document`]. Returns the document number, whether it is a reprint, and the PDF.
pub fn high_hand_slip(
    store: &mut Store,
    table_no: u32,
    period: &str,
    printed_by: Option<&str>,
) -> Result<(i64, bool, Vec<u8>), String> {
    with_pdf(high_hand_document(store, table_no, period, printed_by)?)
}

/// Prints the documentation of one box count as a PDF: see [`box_count_document`].
pub fn box_count(store: &mut Store, record: i64) -> Result<(i64, bool, Vec<u8>), String> {
    with_pdf(box_count_document(store, record, None)?)
}

/// Prints the end-of-shift table report as a PDF: see [`shift_report_document`].
pub fn shift_report(
    store: &mut Store,
    table_no: u32,
    from: &str,
    to: &str,
    printed_by: Option<&str>,
) -> Result<(i64, bool, Vec<u8>), String> {
    with_pdf(shift_report_document(
        store, table_no, from, to, printed_by,
    )?)
}

/// The High Hand Tracking Slip of one qualifying period at one table: journals the print (its
/// serial is the document number; a second print is a REPRINT) and returns the document, one
/// field of § 637a.16(f) per line.
pub fn high_hand_document(
    store: &mut Store,
    table_no: u32,
    period: &str,
    printed_by: Option<&str>,
) -> Result<Document, String> {
    high_hand(
        store,
        table_no,
        period,
        Mode::Print {
            printed_by,
            chain: None,
        },
    )
}

fn high_hand(
    store: &mut Store,
    table_no: u32,
    period: &str,
    mode: Mode,
) -> Result<Document, String> {
    let lines_of_table = Filter {
        table: Some(i64::from(table_no)),
        kind: Some("high_hand_recorded".into()),
        ..Default::default()
    };
    let rows: Vec<JournalRow> = store
        .rows_matching(&lines_of_table)
        .map_err(|e| e.to_string())?
        .into_iter()
        .filter(|r| {
            serde_json::from_str::<serde_json::Value>(&r.payload)
                .is_ok_and(|v| v["slip"]["period"] == period)
        })
        .collect();
    if rows.is_empty() {
        return Err(format!(
            "no high hand was recorded at table {table_no} in the period {period}"
        ));
    }
    let subject = format!("table {table_no}, period {period}");
    let (doc_no, reprint) =
        journal_print(store, mode, Some(table_no), DocKind::HighHandSlip, &subject)?;
    let mut blocks = vec![
        field("Table", table_no.to_string()),
        field("Qualifying period", format!("from {period} (UTC)")),
        Block::Note(
            "§ 637a.16(f): the slip gives (1) the player's name, phone and seat; (2) the table; \
             (3) the higher value hand; (4) the dealer and credential number; (5) the signature \
             and credential number of the floorperson or above who verified the hand."
                .into(),
        ),
        Block::Gap,
    ];
    for r in &rows {
        let v: serde_json::Value = serde_json::from_str(&r.payload).unwrap_or_default();
        let s = &v["slip"];
        let person = |p: &serde_json::Value| {
            format!(
                "{} ({})",
                p["name"].as_str().unwrap_or(""),
                p["credential"].as_str().unwrap_or("")
            )
        };
        blocks.extend([
            Block::Heading(format!(
                "Line {} - {} UTC - record #{}",
                v["line"],
                r.ts_utc.get(..19).unwrap_or(&r.ts_utc).replace('T', " "),
                r.serial
            )),
            field("Player", s["player_name"].as_str().unwrap_or("")),
            field("Phone", s["player_phone"].as_str().unwrap_or("")),
            field("Seat", s["seat"].to_string()),
            field("Table", table_no.to_string()),
            field("Hand", v["hand"].as_str().unwrap_or("")),
            field("Cards", pretty(&s["cards"])),
            field("Dealer", person(&v["dealer"])),
            field("Verified by", person(&s["floorperson"])),
            Block::Signature("Signature".into()),
            Block::Gap,
        ]);
    }
    let (head, hash) = store.head().map_err(|e| e.to_string())?;
    let heading = format!(
        "{}High Hand Tracking Slip No. {}",
        if reprint { "REPRINT - " } else { "" },
        number(doc_no)
    );
    let footer = format!(
        "Deckhand terminal {} - journal row {}; chain head {head} {}",
        store.terminal_id(),
        number(doc_no),
        &hash[..16.min(hash.len())]
    );
    Ok(Document {
        kind: DocKind::HighHandSlip,
        heading,
        number: doc_no,
        reprint,
        blocks,
        footer,
    })
}

/// Whether a document of this subject was printed before (its reprint is marked REPRINT).
fn printed_before(store: &Store, subject: &str) -> Result<bool, String> {
    let earlier = Filter {
        kind: Some("document_printed".into()),
        text: Some(format!("\"subject\":\"{subject}\"")),
        ..Default::default()
    };
    Ok(store.count_matching(&earlier).map_err(|e| e.to_string())? > 0)
}

/// The documentation of one box count (§ 637a.15(d)(1), § 637a.16(d)(1)): the journal row
/// `record` with both signers. Journals the print first; a second print of the same record says
/// REPRINT.
pub fn box_count_document(
    store: &mut Store,
    record: i64,
    printed_by: Option<&str>,
) -> Result<Document, String> {
    box_count_doc(
        store,
        record,
        Mode::Print {
            printed_by,
            chain: None,
        },
    )
}

fn box_count_doc(store: &mut Store, record: i64, mode: Mode) -> Result<Document, String> {
    let row = store
        .row(record)
        .map_err(|e| e.to_string())?
        .filter(|r| r.kind == "box_counted")
        .ok_or_else(|| format!("journal row {record} is not a box count"))?;
    let v: serde_json::Value = serde_json::from_str(&row.payload).map_err(|e| e.to_string())?;
    let subject = format!("box count {record}");
    let table_no = row.table_no.and_then(|t| u32::try_from(t).ok());
    let (doc_no, reprint) = journal_print(store, mode, table_no, DocKind::BoxCount, &subject)?;
    let c = &v["count"];
    let (name, section) = match c["box"].as_str() {
        Some("bad-beat") => ("Bad Beat", "§ 637a.15(d)(1)"),
        _ => ("High Hand Jackpot", "§ 637a.16(d)(1)"),
    };
    let cents = c["amount"].as_i64().unwrap_or(0);
    let person = |p: &serde_json::Value| {
        format!(
            "{} ({})",
            p["name"].as_str().unwrap_or(""),
            p["credential"].as_str().unwrap_or("")
        )
    };
    let blocks = vec![
        field("Table", table_no.unwrap_or(0).to_string()),
        field(
            "Counted",
            format!(
                "{} UTC",
                row.ts_utc
                    .get(..19)
                    .unwrap_or(&row.ts_utc)
                    .replace('T', " ")
            ),
        ),
        field("Journal record", format!("#{record}")),
        field("Box", name),
        field("Amount counted", crate::rules::money(cents)),
        field(
            "Locked container seal",
            c["container_seal"].as_str().unwrap_or(""),
        ),
        Block::Text(format!(
            "Counted at a closed table by the dealer, witnessed by a floorperson or above ({section})."
        )),
        Block::Gap,
        field("Dealer", person(&v["dealer"])),
        Block::Signature("Signature".into()),
        Block::Gap,
        field("Floorperson or above", person(&c["floorperson"])),
        Block::Signature("Signature".into()),
    ];
    let heading = format!(
        "{}{name} box count documentation No. {}",
        if reprint { "REPRINT - " } else { "" },
        number(doc_no)
    );
    let footer = format!(
        "Deckhand terminal {} - journal row {}; record hash {}",
        store.terminal_id(),
        number(doc_no),
        &row.hash[..16.min(row.hash.len())]
    );
    Ok(Document {
        kind: DocKind::BoxCount,
        heading,
        number: doc_no,
        reprint,
        blocks,
        footer,
    })
}

/// One table's records in a shift's period, with the names of the dealers who signed them: what
/// the end-of-shift report is made from. The terminal reads it on a thread of its own
/// ([`shift_period_job`]), so a screen never walks the period.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct ShiftPeriod {
    pub rows: Vec<JournalRow>,
    /// Each dealer's credential with the name the people table gives it now.
    pub names: std::collections::BTreeMap<String, String>,
}

/// Reads a table's records between two UTC times, and its dealers' names.
pub fn read_shift_period(
    q: &impl JournalQueries,
    table_no: u32,
    from: &str,
    to: &str,
) -> Result<ShiftPeriod, String> {
    let filter = Filter {
        table: Some(i64::from(table_no)),
        from: Some(from.to_string()),
        to: Some(to.to_string()),
        ..Default::default()
    };
    let rows = q.rows_matching(&filter).map_err(|e| e.to_string())?;
    let mut names = std::collections::BTreeMap::new();
    for credential in rows.iter().filter_map(|r| r.dealer_credential.as_deref()) {
        if names.contains_key(credential) {
            continue;
        }
        let name: Option<String> = q
            .conn()
            .query_row(
                "SELECT name FROM people WHERE credential = ?1 AND active = 1",
                [credential],
                |r| r.get(0),
            )
            .ok();
        names.insert(credential.to_string(), name.unwrap_or_default());
    }
    Ok(ShiftPeriod { rows, names })
}

/// [`read_shift_period`] as a job for another thread, on its own read-only connection.
pub fn shift_period_job(
    store: &Store,
    table_no: u32,
    from: &str,
    to: &str,
) -> impl FnOnce() -> Result<ShiftPeriod, String> + Send + 'static {
    let open = crate::store::reopener(store.path());
    let (from, to) = (from.to_string(), to.to_string());
    move || {
        let conn = open().map_err(|e| e.to_string())?;
        read_shift_period(&conn, table_no, &from, &to)
    }
}

/// The end-of-shift table report: who dealt, rounds and pots, rake and contributions, counts and
/// deck changes, irregularities, high hands, box counts, time charges and progressive hits of one
/// table between two UTC times, closed by the journal's chain status and head hash at printing.
/// Journals the print first; a second print of the same table and period says REPRINT.
pub fn shift_report_document(
    store: &mut Store,
    table_no: u32,
    from: &str,
    to: &str,
    printed_by: Option<&str>,
) -> Result<Document, String> {
    shift_report_doc(
        store,
        table_no,
        from,
        to,
        Mode::Print {
            printed_by,
            chain: None,
        },
        None,
    )
}

fn shift_report_doc(
    store: &mut Store,
    table_no: u32,
    from: &str,
    to: &str,
    mode: Mode,
    period: Option<&ShiftPeriod>,
) -> Result<Document, String> {
    let read;
    let ShiftPeriod { rows, names } = match period {
        Some(p) => p,
        None => {
            read = read_shift_period(&*store, table_no, from, to)?;
            &read
        }
    };
    let lines = shift_lines::lines(table_no, from, to, rows, names);
    let subject = format!("shift report table {table_no} {from} {to}");
    let chain = match mode {
        // The preview does not walk the journal: the print does, or its caller just did.
        Mode::Preview => "walked when it prints".to_string(),
        Mode::Print { chain: Some(c), .. } => c.to_string(),
        Mode::Print { chain: None, .. } => {
            store.verify_chain().map_err(|e| e.to_string())?.to_string()
        }
    };
    let (doc_no, reprint) =
        journal_print(store, mode, Some(table_no), DocKind::ShiftReport, &subject)?;
    let (_, head) = store.head().map_err(|e| e.to_string())?;
    let mut blocks: Vec<Block> = lines
        .into_iter()
        .map(|l| {
            if l.is_empty() {
                Block::Gap
            } else if l.starts_with("Dealers (") {
                Block::Heading(l)
            } else {
                Block::Text(l.trim().to_string())
            }
        })
        .collect();
    blocks.push(Block::Gap);
    blocks.push(Block::Note(format!("Journal at printing: {chain}")));
    blocks.push(Block::Note(format!(
        "Chain head (row {}, this print): {head}",
        number(doc_no)
    )));
    // The signed head: anyone holding this paper can later show that the journal still ends
    // where it ended, with the hash it had, signed by this terminal's key.
    if let Some(h) = store.signed_head().map_err(|e| e.to_string())? {
        blocks.push(Block::Note(format!(
            "Signed head: row {}, signature {}",
            number(h.serial),
            h.signature
        )));
    }
    blocks.push(Block::Note(format!(
        "Terminal signing key (Ed25519): {}",
        store.public_key()
    )));
    let heading = format!(
        "{}End-of-shift table report No. {} - table {table_no}",
        if reprint { "REPRINT - " } else { "" },
        number(doc_no)
    );
    let footer = format!("Deckhand terminal {}", store.terminal_id());
    Ok(Document {
        kind: DocKind::ShiftReport,
        heading,
        number: doc_no,
        reprint,
        blocks,
        footer,
    })
}
