//! A [`Document`] as a PDF, drawn by krilla with DejaVu Sans embedded (subset, with a ToUnicode
//! map so a PDF reader finds the text): card suits, § and dashes print as themselves. Lines are
//! wrapped to the page by the font's own glyph advances, and pages split where the body is full;
//! every page ends with the footer and "page i of n".

use super::doc::{Block, Document, wrap_words};
use krilla::Document as PdfDocument;
use krilla::geom::Point;
use krilla::metadata::Metadata;
use krilla::page::PageSettings;
use krilla::text::{Font, TextDirection};

/// The paper a PDF is laid out for.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum Paper {
    /// US Letter, 8.5 × 11 in.
    #[default]
    Letter,
    /// A4, 210 × 297 mm.
    A4,
}

impl Paper {
    /// Width and height in points.
    pub fn size(self) -> (f32, f32) {
        match self {
            Paper::Letter => (612.0, 792.0),
            Paper::A4 => (595.0, 842.0),
        }
    }

    /// The configuration's name: `letter` or `a4`; anything else is `None`.
    pub fn parse(name: &str) -> Option<Paper> {
        match name {
            "letter" => Some(Paper::Letter),
            "a4" => Some(Paper::A4),
            _ => None,
        }
    }

    /// The CUPS media name: `Letter` or `A4`.
    pub fn media(self) -> &'static str {
        match self {
            Paper::Letter => "Letter",
            Paper::A4 => "A4",
        }
    }
}

/// The margin on every side, in points.
const MARGIN: f32 = 54.0;
const TITLE: f32 = 16.0;
const BODY: f32 = 10.0;
const HEADING: f32 = 11.0;
const SMALL: f32 = 8.0;

/// One line placed on a page: its indent, size, the space it takes, and its text.
struct Placed {
    x: f32,
    size: f32,
    leading: f32,
    text: String,
}

/// Measures text in DejaVu Sans by its horizontal advances (kerning left out, which only makes
/// runs narrower, so a wrapped line always fits).
struct Measure<'a> {
    cmap: skrifa::charmap::Charmap<'a>,
    font: skrifa::FontRef<'a>,
}

impl<'a> Measure<'a> {
    fn new() -> Result<Measure<'a>, String> {
        use skrifa::MetadataProvider;
        let font = skrifa::FontRef::new(crate::fonts::DEJAVU_SANS).map_err(|e| e.to_string())?;
        Ok(Measure {
            cmap: font.charmap(),
            font,
        })
    }

    fn width(&self, s: &str, size: f32) -> f32 {
        use skrifa::MetadataProvider;
        use skrifa::instance::{LocationRef, Size};
        let m = self
            .font
            .glyph_metrics(Size::new(size), LocationRef::default());
        s.chars()
            .map(|c| {
                self.cmap
                    .map(c)
                    .and_then(|g| m.advance_width(g))
                    .unwrap_or(size * 0.6)
            })
            .sum()
    }
}

/// Lays the document out in lines that fit `width` points.
fn place(doc: &Document, width: f32, m: &Measure) -> Vec<Placed> {
    let mut out = Vec::new();
    let wrapped = |text: &str, x: f32, size: f32, leading: f32, out: &mut Vec<Placed>| {
        for line in wrap_words(text, width - x, &|s| m.width(s, size)) {
            out.push(Placed {
                x,
                size,
                leading,
                text: line,
            });
        }
    };
    wrapped(&doc.heading, 0.0, TITLE, 28.0, &mut out);
    for b in &doc.blocks {
        match b {
            Block::Heading(s) => wrapped(s, 0.0, HEADING, 16.0, &mut out),
            Block::Text(s) => wrapped(s, 0.0, BODY, 14.0, &mut out),
            Block::Note(s) => wrapped(s, 0.0, SMALL, 11.0, &mut out),
            Block::Signature(_) => wrapped(&b.line(), 0.0, BODY, 22.0, &mut out),
            Block::Gap => out.push(Placed {
                x: 0.0,
                size: BODY,
                leading: 10.0,
                text: String::new(),
            }),
            Block::Field { label, value } => {
                let label = format!("{label}: ");
                let indent = m.width(&label, BODY);
                let whole = b.line();
                if m.width(&whole, BODY) <= width || indent > width / 2.0 {
                    wrapped(&whole, 0.0, BODY, 14.0, &mut out);
                    continue;
                }
                let parts = wrap_words(value, width - indent, &|s| m.width(s, BODY));
                for (i, part) in parts.into_iter().enumerate() {
                    let (x, text) = if i == 0 {
                        (0.0, format!("{label}{part}"))
                    } else {
                        (indent, part)
                    };
                    out.push(Placed {
                        x,
                        size: BODY,
                        leading: 14.0,
                        text,
                    });
                }
            }
        }
    }
    out
}

/// The document as a PDF on `paper`.
pub fn render(doc: &Document, paper: Paper) -> Result<Vec<u8>, String> {
    let font = Font::new(crate::fonts::DEJAVU_SANS.into(), 0)
        .ok_or("the embedded DejaVu Sans could not be read")?;
    let m = Measure::new()?;
    let (w, h) = paper.size();
    let lines = place(doc, w - 2.0 * MARGIN, &m);
    // The body ends above the footer.
    let bottom = h - MARGIN - 2.0 * SMALL;
    let mut pages: Vec<Vec<(f32, &Placed)>> = vec![Vec::new()];
    let mut y = MARGIN + TITLE;
    for l in &lines {
        if y > bottom && !pages.last().is_some_and(Vec::is_empty) {
            pages.push(Vec::new());
            y = MARGIN + BODY;
        }
        if let Some(page) = pages.last_mut() {
            page.push((y, l));
        }
        y += l.leading;
    }
    let n = pages.len();
    let mut pdf = PdfDocument::new();
    pdf.set_metadata(
        Metadata::new()
            .title(doc.heading.clone())
            .creator("Deckhand".into()),
    );
    for (i, page_lines) in pages.iter().enumerate() {
        let settings = PageSettings::from_wh(w, h).ok_or("the paper size is not a page")?;
        let mut page = pdf.start_page_with(settings);
        let mut surface = page.surface();
        for (y, l) in page_lines {
            if l.text.is_empty() {
                continue;
            }
            surface.draw_text(
                Point::from_xy(MARGIN + l.x, *y),
                font.clone(),
                l.size,
                &l.text,
                false,
                TextDirection::Auto,
            );
        }
        let foot = format!("{} - page {} of {n}", doc.footer, i + 1);
        for (k, line) in wrap_words(&foot, w - 2.0 * MARGIN, &|s| m.width(s, SMALL))
            .iter()
            .enumerate()
        {
            surface.draw_text(
                Point::from_xy(MARGIN, h - MARGIN + SMALL * 1.4 * k as f32),
                font.clone(),
                SMALL,
                line,
                false,
                TextDirection::Auto,
            );
        }
        surface.finish();
        page.finish();
    }
    pdf.finish()
        .map_err(|e| format!("the PDF could not be written: {e:?}"))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::print::DocKind;

    fn doc(blocks: Vec<Block>) -> Document {
        Document {
            kind: DocKind::ShiftReport,
            heading: "End-of-shift table report No. 7 - table 5".into(),
            number: 7,
            reprint: false,
            blocks,
            footer: "Deckhand terminal T".into(),
        }
    }

    #[test]
    fn long_lines_wrap_inside_the_margins_and_pages_split() {
        let m = Measure::new().unwrap();
        let width = 612.0 - 2.0 * MARGIN;
        let long = "K♥ K♦ K♣ 4♠ 4♦ § 637a.16(f) ".repeat(20);
        let d = doc(vec![
            Block::Text(long.clone()),
            Block::Field {
                label: "Hand".into(),
                value: long,
            },
        ]);
        let placed = place(&d, width, &m);
        assert!(placed.len() > 4);
        for p in &placed {
            assert!(p.x + m.width(&p.text, p.size) <= width + 0.01, "{}", p.text);
        }
        let one = render(&d, Paper::Letter).unwrap();
        assert!(one.starts_with(b"%PDF-"));
        let pages = |pdf: &[u8]| lopdf::Document::load_mem(pdf).unwrap().get_pages().len();
        assert_eq!(pages(&one), 1);
        // Two hundred lines take more than one page; every page has its footer.
        let many = doc((0..200).map(|i| Block::Text(format!("line {i}"))).collect());
        let pdf = render(&many, Paper::A4).unwrap();
        assert!(pages(&pdf) >= 3, "{} pages", pages(&pdf));
    }
}
