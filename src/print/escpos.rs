//! A [`Document`] as the bytes of an ESC/POS receipt printer (80 mm: 42 columns in font A; 58 mm:
//! 32), and a strict decoder of those bytes for tests and checks.
//!
//! The layout: `ESC @` (initialise), `ESC t 16` (the WPC1252 table: § and × print), the four
//! card suits as user-defined characters (`ESC &`, 12 × 24 dots, codes 0x7B to 0x7E, each
//! printed inside `ESC % 1` … `ESC % 0`), the heading centred, bold and double height, field
//! labels bold, small print in font B, every line wrapped by the renderer so the printer never
//! wraps, then a feed and a partial cut (`GS V 66`). Text never yields a byte below 0x20, so a
//! typed name cannot carry a command.

use super::doc::{Document, Style};

/// How the receipt printer is set up (`[printer]` in the configuration).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Receipt {
    /// Characters per line in font A: 42 on 80 mm paper, 32 on 58 mm.
    pub columns: usize,
    /// Print ♠♥♦♣ as user-defined characters; without, the suit letter ("Kh").
    pub suit_glyphs: bool,
    /// Cut the paper after the document.
    pub cut: bool,
}

impl Default for Receipt {
    fn default() -> Self {
        Receipt {
            columns: 42,
            suit_glyphs: true,
            cut: true,
        }
    }
}

/// The character table selected with `ESC t`: 16 is WPC1252.
pub const CODEPAGE: u8 = 16;

/// The suits, their user-defined codes and their 12 × 24 dot glyphs (rasterised from DejaVu
/// Sans, hand-tuned), with the letter printed when glyphs are off.
pub const SUITS: [(char, u8, char, [&str; 24]); 4] = [
    (
        '♠',
        0x7B,
        's',
        [
            "............",
            "............",
            "............",
            "............",
            "............",
            ".....##.....",
            "....####....",
            "....####....",
            "...######...",
            "..########..",
            ".##########.",
            ".##########.",
            ".##########.",
            ".##########.",
            ".####..####.",
            "..##.##.##..",
            ".....##.....",
            "....####....",
            "............",
            "............",
            "............",
            "............",
            "............",
            "............",
        ],
    ),
    (
        '♥',
        0x7C,
        'h',
        [
            "............",
            "............",
            "............",
            "............",
            "............",
            "..##....##..",
            ".####..####.",
            ".##########.",
            ".##########.",
            ".##########.",
            ".##########.",
            "..########..",
            "...######...",
            "...######...",
            "....####....",
            ".....##.....",
            "............",
            "............",
            "............",
            "............",
            "............",
            "............",
            "............",
            "............",
        ],
    ),
    (
        '♦',
        0x7D,
        'd',
        [
            "............",
            "............",
            "............",
            "............",
            ".....##.....",
            ".....##.....",
            "....####....",
            "...######...",
            "..########..",
            "..########..",
            ".##########.",
            ".##########.",
            "..########..",
            "..########..",
            "...######...",
            "....####....",
            ".....##.....",
            ".....##.....",
            "............",
            "............",
            "............",
            "............",
            "............",
            "............",
        ],
    ),
    (
        '♣',
        0x7E,
        'c',
        [
            "............",
            "............",
            "............",
            "............",
            "............",
            ".....###....",
            "....####....",
            "...######...",
            "...######...",
            "....####....",
            "..########..",
            ".##########.",
            ".##########.",
            ".##########.",
            ".##########.",
            "..##.##.##..",
            ".....##.....",
            "....####....",
            "............",
            "............",
            "............",
            "............",
            "............",
            "............",
        ],
    ),
];

/// A glyph's dots as `ESC &` wants them: column by column, three bytes a column, top row in the
/// most significant bit.
pub fn glyph_bytes(art: &[&str; 24]) -> [u8; 36] {
    let mut out = [0u8; 36];
    for x in 0..12 {
        for byte in 0..3 {
            let mut b = 0u8;
            for bit in 0..8 {
                let row = art[byte * 8 + bit].as_bytes();
                if row.get(x) == Some(&b'#') {
                    b |= 0x80 >> bit;
                }
            }
            out[x * 3 + byte] = b;
        }
    }
    out
}

/// WPC1252's bytes 0x80 to 0x9F that print something, and what.
const WPC1252_HIGH: [(u8, char); 9] = [
    (0x80, '€'),
    (0x85, '…'),
    (0x91, '‘'),
    (0x92, '’'),
    (0x93, '“'),
    (0x94, '”'),
    (0x95, '•'),
    (0x96, '–'),
    (0x97, '—'),
];

/// A character in WPC1252, `?` when the table lacks it, `None` for a control character.
fn wpc1252(c: char) -> Option<u8> {
    match c as u32 {
        0x20..=0x7E | 0xA0..=0xFF => Some(c as u32 as u8),
        0..=0x1F | 0x7F..=0x9F => None,
        _ => Some(
            WPC1252_HIGH
                .iter()
                .find(|(_, ch)| *ch == c)
                .map_or(b'?', |(b, _)| *b),
        ),
    }
}

fn text_bytes(s: &str, r: &Receipt, out: &mut Vec<u8>) {
    for c in s.chars() {
        if let Some((_, code, letter, _)) = SUITS.iter().find(|(suit, ..)| *suit == c) {
            if r.suit_glyphs {
                out.extend_from_slice(&[0x1B, 0x25, 1, *code, 0x1B, 0x25, 0]);
            } else {
                out.push(*letter as u8);
            }
        } else if let Some(b) = wpc1252(c) {
            out.push(b);
        }
    }
}

/// The document as ESC/POS bytes for one receipt.
pub fn render(doc: &Document, r: &Receipt) -> Vec<u8> {
    let mut out = vec![0x1B, 0x40, 0x1B, 0x74, CODEPAGE];
    if r.suit_glyphs {
        out.extend_from_slice(&[0x1B, 0x26, 3, SUITS[0].1, SUITS[3].1]);
        for (_, _, _, art) in &SUITS {
            out.push(12);
            out.extend_from_slice(&glyph_bytes(art));
        }
    }
    for line in doc.wrap(r.columns) {
        match line.style {
            Style::Title => {
                out.extend_from_slice(&[0x1B, 0x61, 1, 0x1D, 0x21, 0x01, 0x1B, 0x45, 1]);
                text_bytes(&line.text, r, &mut out);
                out.push(0x0A);
                out.extend_from_slice(&[0x1B, 0x45, 0, 0x1D, 0x21, 0, 0x1B, 0x61, 0]);
            }
            Style::Bold => {
                out.extend_from_slice(&[0x1B, 0x45, 1]);
                text_bytes(&line.text, r, &mut out);
                out.extend_from_slice(&[0x0A, 0x1B, 0x45, 0]);
            }
            Style::Field { label } => {
                let split = line
                    .text
                    .char_indices()
                    .nth(label)
                    .map_or(line.text.len(), |(i, _)| i);
                out.extend_from_slice(&[0x1B, 0x45, 1]);
                text_bytes(&line.text[..split], r, &mut out);
                out.extend_from_slice(&[0x1B, 0x45, 0]);
                text_bytes(&line.text[split..], r, &mut out);
                out.push(0x0A);
            }
            Style::Plain => {
                text_bytes(&line.text, r, &mut out);
                out.push(0x0A);
            }
            Style::Small => {
                out.extend_from_slice(&[0x1B, 0x4D, 1]);
                text_bytes(&line.text, r, &mut out);
                out.extend_from_slice(&[0x0A, 0x1B, 0x4D, 0]);
            }
        }
    }
    out.extend_from_slice(&[0x1B, 0x64, 4]);
    if r.cut {
        out.extend_from_slice(&[0x1D, 0x56, 66, 3]);
    }
    out
}

/// What a receipt printer would do with some bytes.
#[derive(Debug, Default, Clone, PartialEq)]
pub struct Decoded {
    /// The printed lines, in order.
    pub lines: Vec<DecodedLine>,
    /// How many times the paper was cut.
    pub cuts: usize,
    /// The character table selected, if any.
    pub codepage: Option<u8>,
    /// Whether the bytes start with `ESC @`.
    pub initialised: bool,
}

/// One printed line.
#[derive(Debug, Default, Clone, PartialEq, Eq)]
pub struct DecodedLine {
    /// The text, suits as ♠♥♦♣.
    pub text: String,
    /// The part of the text printed in bold.
    pub bold: String,
    /// Printed centred.
    pub centred: bool,
    /// Printed at double height or width.
    pub big: bool,
    /// Printed in the small font B.
    pub small: bool,
}

impl Decoded {
    /// The lines' text joined by newlines.
    pub fn text(&self) -> String {
        self.lines
            .iter()
            .map(|l| l.text.as_str())
            .collect::<Vec<_>>()
            .join("\n")
    }
}

/// Reads ESC/POS bytes as a printer would, knowing only the commands [`render`] sends
/// (`ESC @`, `ESC t`, `ESC &`, `ESC %`, `ESC a`, `ESC E`, `ESC M`, `GS !`, `ESC d`, `GS V`, LF).
/// User-defined glyphs are matched back to their suit by their dots. Any other control byte, an
/// unknown command, a user-defined code without a glyph, or bytes cut short is an error naming
/// the offset.
pub fn decode(bytes: &[u8]) -> Result<Decoded, String> {
    let mut d = Decoded {
        initialised: bytes.starts_with(&[0x1B, 0x40]),
        ..Default::default()
    };
    let mut glyphs: Vec<(u8, Vec<u8>)> = Vec::new();
    let (mut bold, mut centred, mut big, mut small, mut user) = (false, false, false, false, false);
    let mut line = DecodedLine::default();
    let mut i = 0;
    let arg = |i: usize, n: usize| -> Result<&[u8], String> {
        bytes
            .get(i..i + n)
            .ok_or_else(|| format!("offset {i}: the command is cut short"))
    };
    while i < bytes.len() {
        let b = bytes[i];
        match b {
            0x0A => {
                line.centred = centred;
                line.big |= big;
                line.small |= small;
                d.lines.push(std::mem::take(&mut line));
                i += 1;
            }
            0x1B => {
                let cmd = *arg(i + 1, 1)?.first().unwrap_or(&0);
                match cmd {
                    0x40 => {
                        (bold, centred, big, small, user) = (false, false, false, false, false);
                        glyphs.clear();
                        i += 2;
                    }
                    0x74 => {
                        d.codepage = Some(arg(i + 2, 1)?[0]);
                        i += 3;
                    }
                    // The one-byte switches: centre, bold, the small font, user glyphs.
                    0x61 | 0x45 | 0x4D | 0x25 => {
                        let on = arg(i + 2, 1)?[0] & 1 == 1;
                        *match cmd {
                            0x61 => &mut centred,
                            0x45 => &mut bold,
                            0x4D => &mut small,
                            _ => &mut user,
                        } = on;
                        i += 3;
                    }
                    0x64 => {
                        i += 3;
                        arg(i - 1, 1)?;
                    }
                    0x26 => {
                        let h = arg(i + 2, 3)?;
                        let (y, c1, c2) = (h[0] as usize, h[1], h[2]);
                        if y != 3 || c1 < 0x20 || c2 > 0x7E || c1 > c2 {
                            return Err(format!("offset {i}: ESC & with y {y}, codes {c1}-{c2}"));
                        }
                        i += 5;
                        for code in c1..=c2 {
                            let x = arg(i, 1)?[0] as usize;
                            glyphs.retain(|(c, _)| *c != code);
                            glyphs.push((code, arg(i + 1, y * x)?.to_vec()));
                            i += 1 + y * x;
                        }
                    }
                    _ => return Err(format!("offset {i}: unknown command ESC 0x{cmd:02X}")),
                }
            }
            0x1D => {
                let cmd = *arg(i + 1, 1)?.first().unwrap_or(&0);
                match cmd {
                    0x21 => {
                        big = arg(i + 2, 1)?[0] != 0;
                        i += 3;
                    }
                    0x56 => {
                        let m = arg(i + 2, 1)?[0];
                        d.cuts += 1;
                        i += if m == 65 || m == 66 { 4 } else { 3 };
                        arg(i - 1, 1)?;
                    }
                    _ => return Err(format!("offset {i}: unknown command GS 0x{cmd:02X}")),
                }
            }
            0x00..=0x1F | 0x7F => {
                return Err(format!("offset {i}: control byte 0x{b:02X} in text"));
            }
            _ => {
                let c = if user {
                    let dots = glyphs
                        .iter()
                        .find(|(c, _)| *c == b)
                        .map(|(_, dots)| dots)
                        .ok_or_else(|| format!("offset {i}: user-defined 0x{b:02X} undefined"))?;
                    SUITS
                        .iter()
                        .find(|(.., art)| glyph_bytes(art).as_slice() == dots.as_slice())
                        .map(|(suit, ..)| *suit)
                        .ok_or_else(|| format!("offset {i}: glyph 0x{b:02X} is no suit"))?
                } else if (0x80..0xA0).contains(&b) {
                    WPC1252_HIGH
                        .iter()
                        .find(|(x, _)| *x == b)
                        .map_or('?', |(_, c)| *c)
                } else {
                    char::from(b)
                };
                line.text.push(c);
                if bold {
                    line.bold.push(c);
                }
                line.big |= big;
                i += 1;
            }
        }
    }
    if !line.text.is_empty() {
        return Err(format!("offset {i}: the last line has no line feed"));
    }
    Ok(d)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::print::{Block, DocKind};

    fn slip() -> Document {
        Document {
            kind: DocKind::HighHandSlip,
            heading: "High Hand Tracking Slip No. 12".into(),
            number: 12,
            reprint: false,
            blocks: vec![
                Block::Field {
                    label: "Cards".into(),
                    value: "K♥ K♦ K♣ 4♠ 4♦".into(),
                },
                Block::Text("§ 637a.16(f) — ×2 {braces} \u{1b}@ stay text".into()),
                Block::Signature("Signature".into()),
            ],
            footer: "Deckhand terminal T1".into(),
        }
    }

    #[test]
    fn a_slip_round_trips_with_suits_bold_labels_and_a_cut() {
        let bytes = render(&slip(), &Receipt::default());
        let d = decode(&bytes).unwrap();
        assert!(d.initialised);
        assert_eq!((d.codepage, d.cuts), (Some(CODEPAGE), 1));
        let title = &d.lines[0];
        assert_eq!(title.text, "High Hand Tracking Slip No. 12");
        assert!(title.centred && title.big && title.bold == title.text);
        assert_eq!(d.lines[1].text, "Cards: K♥ K♦ K♣ 4♠ 4♦");
        assert_eq!(d.lines[1].bold, "Cards:");
        // The escape typed into a text is dropped; braces print as braces.
        assert_eq!(d.lines[2].text, "§ 637a.16(f) — ×2 {braces} @ stay text");
        assert_eq!(d.lines.len(), slip().wrap(42).len());
        assert!(d.lines.iter().all(|l| l.text.chars().count() <= 42));
        assert!(d.lines.last().unwrap().small);
    }

    #[test]
    fn without_glyphs_suits_are_letters_and_stray_bytes_are_refused() {
        let r = Receipt {
            columns: 32,
            suit_glyphs: false,
            cut: false,
        };
        let d = decode(&render(&slip(), &r)).unwrap();
        assert!(d.text().contains("Cards: Kh Kd Kc 4s 4d"), "{}", d.text());
        assert_eq!(d.cuts, 0);
        assert!(d.lines.iter().all(|l| l.text.chars().count() <= 32));
        let e = decode(b"\x1b@\x07").unwrap_err();
        assert!(e.contains("offset 2"), "{e}");
        let e = decode(b"\x1b@\x1b%\x01{\n").unwrap_err();
        assert!(e.contains("undefined"), "{e}");
        assert!(decode(b"\x1b@\x1bt").unwrap_err().contains("cut short"));
    }
}
