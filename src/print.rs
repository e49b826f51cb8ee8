//! Printable documents as PDF, written directly (PDF 1.4, one Helvetica font, text only): the
//! High Hand Tracking Slip of § 637a.16(f). Each printed document is a journal row first; its
//! serial number is the document number, and a second print of the same subject says REPRINT.
//!
//! Text is WinAnsi: card suits are spelt out ("K hearts") since the standard fonts have no
//! suit symbols.

use crate::store::{Entry, JournalRow, RowContext, Store};

/// One page of lines in a PDF. Lines longer than the page are cut by the viewer, not wrapped.
pub fn text_pdf(title: &str, lines: &[String], footer: &str) -> Vec<u8> {
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
    let mut content = String::from("BT\n/F1 16 Tf\n50 790 Td\n");
    content.push_str(&format!("({}) Tj\n/F1 10 Tf\n0 -28 Td\n", esc(title)));
    for l in lines {
        content.push_str(&format!("({}) Tj\n0 -15 Td\n", esc(l)));
    }
    content.push_str(&format!("/F1 8 Tf\n0 -20 Td\n({}) Tj\nET\n", esc(footer)));
    let objects = [
        "<< /Type /Catalog /Pages 2 0 R >>".to_string(),
        "<< /Type /Pages /Kids [3 0 R] /Count 1 >>".to_string(),
        "<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] /Resources << /Font << /F1 4 0 R >> >> /Contents 5 0 R >>".to_string(),
        "<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica /Encoding /WinAnsiEncoding >>".to_string(),
        format!("<< /Length {} >>\nstream\n{content}endstream", content.len()),
    ];
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
    let rows: Vec<JournalRow> = store
        .all_rows()
        .map_err(|e| e.to_string())?
        .into_iter()
        .filter(|r| r.kind == "high_hand_recorded" && r.table_no == Some(i64::from(table_no)))
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
    let reprint = store
        .all_rows()
        .map_err(|e| e.to_string())?
        .iter()
        .any(|r| {
            r.kind == "document_printed"
                && r.payload.contains(&format!("\"subject\":\"{subject}\""))
        });
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

/// Prints the documentation of one box count (§ 637a.15(d)(1), § 637a.16(d)(1)): the journal
/// row `record` with both signers; a second print of the same record says REPRINT.
pub fn box_count(store: &mut Store, record: i64) -> Result<(i64, bool, Vec<u8>), String> {
    let row = store
        .all_rows()
        .map_err(|e| e.to_string())?
        .into_iter()
        .find(|r| r.serial == record && r.kind == "box_counted")
        .ok_or_else(|| format!("journal row {record} is not a box count"))?;
    let v: serde_json::Value = serde_json::from_str(&row.payload).map_err(|e| e.to_string())?;
    let subject = format!("box count {record}");
    let reprint = store
        .all_rows()
        .map_err(|e| e.to_string())?
        .iter()
        .any(|r| {
            r.kind == "document_printed"
                && r.payload.contains(&format!("\"subject\":\"{subject}\""))
        });
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
