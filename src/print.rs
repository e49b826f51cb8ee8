//! Printable documents as PDF, written directly (PDF 1.4, one Helvetica font, text only): the
//! High Hand Tracking Slip of § 637a.16(f). Each printed document is a journal row first; its
//! serial number is the document number, and a second print of the same subject says REPRINT.
//!
//! Text is WinAnsi: card suits are spelt out ("K hearts") since the standard fonts have no
//! suit symbols.

use crate::store::review::Filter;
use crate::store::{Entry, JournalRow, RowContext, Store};

/// Lines per page of [`text_pdf`].
pub const LINES_PER_PAGE: usize = 48;

fn esc(s: &str) -> String {
    let mut out = String::new();
    for c in s.chars() {
        match c {
            '(' | ')' | '\\' => {
                out.push('\\');
                out.push(c);
            }
            c if (c as u32) < 128 => out.push(c),
            '§' => out.push_str("\\247"),
            '—' | '–' => out.push('-'),
            '×' => out.push('x'),
            _ => out.push('?'),
        }
    }
    out
}

/// Lines of text as a PDF of as many A4 pages as they need; the title heads the first page, the
/// footer (with the page number) ends every page. Lines longer than the page are cut by the
/// viewer, not wrapped.
pub fn text_pdf(title: &str, lines: &[String], footer: &str) -> Vec<u8> {
    let pages: Vec<&[String]> = if lines.is_empty() {
        vec![&[]]
    } else {
        lines.chunks(LINES_PER_PAGE).collect()
    };
    let n = pages.len();
    // Objects: 1 catalog, 2 page tree, 3 font, then a page and its content per page.
    let mut objects = vec![
        "<< /Type /Catalog /Pages 2 0 R >>".to_string(),
        format!(
            "<< /Type /Pages /Kids [{}] /Count {n} >>",
            (0..n)
                .map(|i| format!("{} 0 R", 4 + 2 * i))
                .collect::<Vec<_>>()
                .join(" ")
        ),
        "<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica /Encoding /WinAnsiEncoding >>"
            .to_string(),
    ];
    for (i, page) in pages.iter().enumerate() {
        let mut content = String::from("BT\n");
        if i == 0 {
            content.push_str(&format!(
                "/F1 16 Tf\n50 790 Td\n({}) Tj\n/F1 10 Tf\n0 -28 Td\n",
                esc(title)
            ));
        } else {
            content.push_str("/F1 10 Tf\n50 800 Td\n");
        }
        for l in *page {
            content.push_str(&format!("({}) Tj\n0 -15 Td\n", esc(l)));
        }
        let foot = format!("{footer} - page {} of {n}", i + 1);
        content.push_str(&format!("/F1 8 Tf\n0 -20 Td\n({}) Tj\nET\n", esc(&foot)));
        objects.push(format!(
            "<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] /Resources << /Font << /F1 3 0 R >> >> /Contents {} 0 R >>",
            5 + 2 * i
        ));
        objects.push(format!(
            "<< /Length {} >>\nstream\n{content}endstream",
            content.len()
        ));
    }
    let mut pdf = b"%PDF-1.4\n%\xe2\xe3\xcf\xd3\n".to_vec();
    let mut offsets = Vec::new();
    for (i, o) in objects.iter().enumerate() {
        offsets.push(pdf.len());
        pdf.extend_from_slice(format!("{} 0 obj\n{o}\nendobj\n", i + 1).as_bytes());
    }
    let xref = pdf.len();
    pdf.extend_from_slice(
        format!("xref\n0 {}\n0000000000 65535 f \n", objects.len() + 1).as_bytes(),
    );
    for o in offsets {
        pdf.extend_from_slice(format!("{o:010} 00000 n \n").as_bytes());
    }
    pdf.extend_from_slice(
        format!(
            "trailer\n<< /Size {} /Root 1 0 R >>\nstartxref\n{xref}\n%%EOF\n",
            objects.len() + 1
        )
        .as_bytes(),
    );
    pdf
}

/// The text a PDF from [`text_pdf`] shows, line by line (for tests and checks).
pub fn pdf_text(pdf: &[u8]) -> Vec<String> {
    let s = String::from_utf8_lossy(pdf);
    let mut out = Vec::new();
    for line in s.lines() {
        if let Some(body) = line.strip_prefix('(').and_then(|l| l.strip_suffix(") Tj")) {
            out.push(
                body.replace("\\(", "(")
                    .replace("\\)", ")")
                    .replace("\\247", "§")
                    .replace("\\\\", "\\"),
            );
        }
    }
    out
}

fn spelt(cards: &serde_json::Value) -> String {
    let suit = |s: &str| match s {
        "c" => "clubs",
        "d" => "diamonds",
        "h" => "hearts",
        _ => "spades",
    };
    cards
        .as_array()
        .map(|a| {
            a.iter()
                .filter_map(|c| c.as_str())
                .map(|c| {
                    let (r, s) = c.split_at(c.len().saturating_sub(1));
                    format!("{r} {}", suit(s))
                })
                .collect::<Vec<_>>()
                .join(", ")
        })
        .unwrap_or_default()
}

/// Prints the High Hand Tracking Slip of one qualifying period at one table: journals the print
/// (its serial is the document number; a second print is a REPRINT) and returns the PDF.
pub fn high_hand_slip(
    store: &mut Store,
    table_no: u32,
    period: &str,
    printed_by: Option<&str>,
) -> Result<(i64, bool, Vec<u8>), String> {
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
    let reprint = printed_before(store, &subject)?;
    let ctx = RowContext {
        table_no: Some(table_no),
        dealer_credential: None,
        actor_credential: printed_by.map(str::to_string),
    };
    let mut entry = Entry::system(
        "document_printed",
        serde_json::json!({"document": "high-hand-tracking-slip", "subject": subject, "reprint": reprint}),
    );
    entry.actor_credential = printed_by.map(str::to_string);
    let printed = store.append(&ctx, &[entry]).map_err(|e| e.to_string())?;
    let doc_no = printed[0].serial;
    let mut lines = vec![
        format!("Table {table_no}    Qualifying period from {period} (UTC)"),
        "Slip fields: § 637a.16(f)(1) player, phone, seat; (2) table; (3) the higher value hand;"
            .into(),
        "(4) dealer and credential number; (5) floorperson or above and credential number.".into(),
        String::new(),
    ];
    for r in &rows {
        let v: serde_json::Value = serde_json::from_str(&r.payload).unwrap_or_default();
        let s = &v["slip"];
        lines.push(format!(
            "Line {}  {} UTC  record #{}",
            v["line"],
            r.ts_utc.get(..19).unwrap_or(&r.ts_utc).replace('T', " "),
            r.serial
        ));
        lines.push(format!(
            "  Player: {}   Phone: {}   Seat: {}   Table: {table_no}",
            s["player_name"].as_str().unwrap_or(""),
            s["player_phone"].as_str().unwrap_or(""),
            s["seat"]
        ));
        lines.push(format!(
            "  Hand: {} ({})",
            v["hand"].as_str().unwrap_or(""),
            spelt(&s["cards"])
        ));
        lines.push(format!(
            "  Dealer: {} ({})   Verified by: {} ({})   Signature: _______________",
            v["dealer"]["name"].as_str().unwrap_or(""),
            v["dealer"]["credential"].as_str().unwrap_or(""),
            s["floorperson"]["name"].as_str().unwrap_or(""),
            s["floorperson"]["credential"].as_str().unwrap_or(""),
        ));
        lines.push(String::new());
    }
    let (head, hash) = store.head().map_err(|e| e.to_string())?;
    let title = if reprint {
        format!("REPRINT - High Hand Tracking Slip No. {doc_no}")
    } else {
        format!("High Hand Tracking Slip No. {doc_no}")
    };
    let footer = format!(
        "Deckhand terminal {} - journal row {doc_no}; chain head {head} {}",
        store.terminal_id(),
        &hash[..16.min(hash.len())]
    );
    Ok((doc_no, reprint, text_pdf(&title, &lines, &footer)))
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

/// Prints the documentation of one box count (§ 637a.15(d)(1), § 637a.16(d)(1)): the journal
/// row `record` with both signers; a second print of the same record says REPRINT.
pub fn box_count(store: &mut Store, record: i64) -> Result<(i64, bool, Vec<u8>), String> {
    let row = store
        .row(record)
        .map_err(|e| e.to_string())?
        .filter(|r| r.kind == "box_counted")
        .ok_or_else(|| format!("journal row {record} is not a box count"))?;
    let v: serde_json::Value = serde_json::from_str(&row.payload).map_err(|e| e.to_string())?;
    let subject = format!("box count {record}");
    let reprint = printed_before(store, &subject)?;
    let table_no = row.table_no.and_then(|t| u32::try_from(t).ok());
    let ctx = RowContext {
        table_no,
        dealer_credential: None,
        actor_credential: None,
    };
    let entry = Entry::system(
        "document_printed",
        serde_json::json!({"document": "box-count", "subject": subject, "reprint": reprint}),
    );
    let doc_no = store.append(&ctx, &[entry]).map_err(|e| e.to_string())?[0].serial;
    let c = &v["count"];
    let (name, section) = match c["box"].as_str() {
        Some("bad-beat") => ("Bad Beat", "§ 637a.15(d)(1)"),
        _ => ("High Hand Jackpot", "§ 637a.16(d)(1)"),
    };
    let cents = c["amount"].as_i64().unwrap_or(0);
    let lines = vec![
        format!(
            "Table {}   Counted {} UTC   Journal record #{record}",
            table_no.unwrap_or(0),
            row.ts_utc
                .get(..19)
                .unwrap_or(&row.ts_utc)
                .replace('T', " ")
        ),
        format!(
            "Box: {name}   Amount counted: {}",
            crate::rules::money(cents)
        ),
        format!(
            "Locked container seal: {}",
            c["container_seal"].as_str().unwrap_or("")
        ),
        format!(
            "Counted at a closed table by the dealer, witnessed by a floorperson or above ({section})."
        ),
        String::new(),
        format!(
            "Dealer: {} ({})   Signature: ______________________",
            v["dealer"]["name"].as_str().unwrap_or(""),
            v["dealer"]["credential"].as_str().unwrap_or("")
        ),
        String::new(),
        format!(
            "Floorperson or above: {} ({})   Signature: ______________________",
            c["floorperson"]["name"].as_str().unwrap_or(""),
            c["floorperson"]["credential"].as_str().unwrap_or("")
        ),
    ];
    let title = format!(
        "{}{name} box count documentation No. {doc_no}",
        if reprint { "REPRINT - " } else { "" }
    );
    let footer = format!(
        "Deckhand terminal {} - journal row {doc_no}; record hash {}",
        store.terminal_id(),
        &row.hash[..16]
    );
    Ok((doc_no, reprint, text_pdf(&title, &lines, &footer)))
}

/// The end-of-shift table report: who dealt, rounds and pots, rake and contributions, counts and
/// deck changes, irregularities, high hands, box counts, time charges and progressive hits of one
/// table between two UTC times, closed by the journal's chain status and head hash at printing.
pub fn shift_report(
    store: &mut Store,
    table_no: u32,
    from: &str,
    to: &str,
    printed_by: Option<&str>,
) -> Result<(i64, bool, Vec<u8>), String> {
    use crate::rules::money;
    let filter = Filter {
        table: Some(i64::from(table_no)),
        from: Some(from.to_string()),
        to: Some(to.to_string()),
        ..Default::default()
    };
    let rows = store.rows_matching(&filter).map_err(|e| e.to_string())?;
    let json =
        |r: &JournalRow| serde_json::from_str::<serde_json::Value>(&r.payload).unwrap_or_default();
    let of = |k: &'static str| rows.iter().filter(move |r| r.kind == k);
    let time = |r: &JournalRow| r.ts_utc.get(..19).unwrap_or(&r.ts_utc).replace('T', " ");
    let mut lines = vec![
        format!("Table {table_no}   From {from}   To {to} (UTC)"),
        String::new(),
    ];
    // Dealers at this table in the period: each credential with its first and last row here
    // (sign-in rows are written before a table is chosen, so the rows themselves tell).
    lines.push("Dealers (first and last record at this table)".into());
    let mut dealers: Vec<(&str, &JournalRow, &JournalRow)> = Vec::new();
    for r in &rows {
        let Some(d) = r.dealer_credential.as_deref() else {
            continue;
        };
        match dealers.iter_mut().find(|(c, _, _)| *c == d) {
            Some(e) => e.2 = r,
            None => dealers.push((d, r, r)),
        }
    }
    for (credential, first, last) in &dealers {
        let name = store
            .person(credential)
            .ok()
            .flatten()
            .map(|p| p.name)
            .unwrap_or_default();
        lines.push(format!(
            "  {name} ({credential})  {} to {}",
            time(first),
            time(last)
        ));
    }
    let pots: Vec<serde_json::Value> = of("pot_awarded").map(json).collect();
    let sum = |path: &[&str]| -> i64 {
        pots.iter()
            .map(|v| path.iter().fold(v, |acc, k| &acc[*k]).as_i64().unwrap_or(0))
            .sum()
    };
    lines.push(String::new());
    lines.push(format!(
        "Rounds completed: {}   Pots: {}",
        pots.len(),
        money(sum(&["pot"])),
    ));
    lines.push(format!(
        "Rake: {} (§ 637a.17)   Contributions: Bad Beat {}, High Hand {} (§ 637a.15(c), § 637a.16(c))",
        money(sum(&["take", "rake"])),
        money(sum(&["take", "bad_beat"])),
        money(sum(&["take", "high_hand"]))
    ));
    lines.push(format!("Rounds voided: {}", of("round_voided").count()));
    let counts: Vec<serde_json::Value> = of("deck_counted").map(json).collect();
    let wrong = counts.iter().filter(|v| v["correct"] == false).count();
    lines.push(format!(
        "Deck counts: {} ({} wrong, § 637a.7(e)(4),(5))   Deck changes: {}",
        counts.len(),
        wrong,
        of("deck_removed").count()
    ));
    let charges: i64 = of("time_charges_verified")
        .map(|r| json(r)["total"].as_i64().unwrap_or(0))
        .sum();
    lines.push(format!(
        "Time charges verified: {} (§ 637a.17(b)(3))",
        money(charges)
    ));
    lines.push(String::new());
    lines.push(format!("Irregularities: {}", of("irregularity").count()));
    for r in of("irregularity") {
        let v = json(r);
        lines.push(format!(
            "  {}  {} ({})",
            time(r),
            v["irregularity"].as_str().unwrap_or(""),
            v["section"].as_str().unwrap_or("")
        ));
    }
    lines.push(format!(
        "High Hand Tracking Slip lines: {}",
        of("high_hand_recorded").count()
    ));
    for r in of("high_hand_recorded") {
        let v = json(r);
        lines.push(format!(
            "  {}  seat {}: {} ({}), verified by {}",
            time(r),
            v["slip"]["seat"],
            v["hand"].as_str().unwrap_or(""),
            v["slip"]["player_name"].as_str().unwrap_or(""),
            r.actor_credential.as_deref().unwrap_or("")
        ));
    }
    lines.push(format!("Box counts: {}", of("box_counted").count()));
    for r in of("box_counted") {
        let v = json(r);
        lines.push(format!(
            "  {}  {} {} seal {} (dealer {}, floor {})",
            time(r),
            v["count"]["box"].as_str().unwrap_or(""),
            money(v["count"]["amount"].as_i64().unwrap_or(0)),
            v["count"]["container_seal"].as_str().unwrap_or(""),
            v["dealer"]["credential"].as_str().unwrap_or(""),
            r.actor_credential.as_deref().unwrap_or("")
        ));
    }
    lines.push(format!(
        "Progressive hits: {}",
        of("progressive_hit").count()
    ));
    for r in of("progressive_hit") {
        let v = json(r);
        lines.push(format!(
            "  {}  spot {}: {}% of the meter, {}",
            time(r),
            v["spot"],
            v["percent"],
            money(v["amount"].as_i64().unwrap_or(0))
        ));
    }
    let subject = format!("shift report table {table_no} {from} {to}");
    let reprint = printed_before(store, &subject)?;
    let chain = store.verify_chain().map_err(|e| e.to_string())?;
    let ctx = RowContext {
        table_no: Some(table_no),
        dealer_credential: None,
        actor_credential: printed_by.map(str::to_string),
    };
    let entry = Entry::system(
        "document_printed",
        serde_json::json!({"document": "shift-report", "subject": subject, "reprint": reprint}),
    );
    let doc_no = store.append(&ctx, &[entry]).map_err(|e| e.to_string())?[0].serial;
    let (_, head) = store.head().map_err(|e| e.to_string())?;
    lines.push(String::new());
    lines.push(format!("Journal at printing: {chain}"));
    lines.push(format!("Chain head (row {doc_no}, this print): {head}"));
    let title = format!(
        "{}End-of-shift table report No. {doc_no} - table {table_no}",
        if reprint { "REPRINT - " } else { "" }
    );
    let footer = format!("Deckhand terminal {}", store.terminal_id());
    Ok((doc_no, reprint, text_pdf(&title, &lines, &footer)))
}
