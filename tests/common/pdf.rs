//! Reads the text of a printed PDF back (pure Rust, no poppler): each page's text operators,
//! decoded through the font's ToUnicode map, one line per positioned run. Enough for the PDFs
//! Deckhand writes (krilla: one embedded font, two-byte glyph codes).

use lopdf::content::Content;
use lopdf::{Document, Object};
use std::collections::HashMap;

/// Glyph code to text, from a ToUnicode CMap's `bfchar` and `bfrange` sections.
fn cmap(data: &[u8]) -> HashMap<u32, String> {
    let text = String::from_utf8_lossy(data);
    let hex = |s: &str| u32::from_str_radix(s.trim_matches(|c| c == '<' || c == '>'), 16).ok();
    let utf16 = |s: &str| {
        let s = s.trim_matches(|c| c == '<' || c == '>');
        let units: Vec<u16> = (0..s.len() / 4)
            .filter_map(|i| u16::from_str_radix(&s[i * 4..i * 4 + 4], 16).ok())
            .collect();
        String::from_utf16_lossy(&units)
    };
    let mut map = HashMap::new();
    let mut section = "";
    for line in text.lines() {
        let line = line.trim();
        if line.ends_with("beginbfchar") {
            section = "char";
            continue;
        }
        if line.ends_with("beginbfrange") {
            section = "range";
            continue;
        }
        if line.starts_with("end") {
            section = "";
            continue;
        }
        let parts: Vec<&str> = line.split_whitespace().collect();
        match (section, parts.as_slice()) {
            ("char", [code, uni]) => {
                if let Some(c) = hex(code) {
                    map.insert(c, utf16(uni));
                }
            }
            ("range", [lo, hi, start]) if start.starts_with('<') => {
                if let (Some(lo), Some(hi)) = (hex(lo), hex(hi)) {
                    let first = utf16(start).chars().next().map_or(0, |c| c as u32);
                    for (i, code) in (lo..=hi).enumerate() {
                        if let Some(c) = char::from_u32(first + i as u32) {
                            map.insert(code, c.to_string());
                        }
                    }
                }
            }
            _ => {}
        }
    }
    map
}

/// The PDF's text, page by page, a line per text run.
pub fn text(pdf: &[u8]) -> String {
    let doc = Document::load_mem(pdf).expect("a PDF lopdf can read");
    let mut out = Vec::new();
    for (_, page) in doc.get_pages() {
        // Each font of the page by its resource name, with its code map.
        let mut fonts: HashMap<Vec<u8>, HashMap<u32, String>> = HashMap::new();
        for (name, font) in doc.get_page_fonts(page).expect("the page's fonts") {
            let map = font
                .get(b"ToUnicode")
                .and_then(Object::as_reference)
                .and_then(|id| doc.get_object(id))
                .and_then(Object::as_stream)
                .map(|s| {
                    cmap(
                        &s.decompressed_content()
                            .unwrap_or_else(|_| s.content.clone()),
                    )
                })
                .unwrap_or_default();
            fonts.insert(name, map);
        }
        let content =
            Content::decode(&doc.get_page_content(page)).expect("a content stream lopdf can read");
        let mut font = Vec::new();
        let mut line = String::new();
        let show = |bytes: &[u8], font: &[u8], line: &mut String| {
            let map = fonts.get(font);
            for pair in bytes.chunks(2) {
                let code = pair.iter().fold(0u32, |a, b| (a << 8) | u32::from(*b));
                match map.and_then(|m| m.get(&code)) {
                    Some(s) => line.push_str(s),
                    None => line.push('\u{FFFD}'),
                }
            }
        };
        for op in content.operations {
            match op.operator.as_str() {
                "Tf" => {
                    if let Some(Object::Name(n)) = op.operands.first() {
                        font = n.clone();
                    }
                }
                "BT" | "Td" | "TD" | "Tm" | "T*" if !line.is_empty() => {
                    out.push(std::mem::take(&mut line));
                }
                "Tj" | "'" => {
                    if let Some(Object::String(b, _)) = op.operands.first() {
                        show(b, &font, &mut line);
                    }
                }
                "TJ" => {
                    if let Some(Object::Array(items)) = op.operands.first() {
                        for item in items {
                            if let Object::String(b, _) = item {
                                show(b, &font, &mut line);
                            }
                        }
                    }
                }
                _ => {}
            }
        }
        if !line.is_empty() {
            out.push(line);
        }
    }
    out.join("\n")
}
