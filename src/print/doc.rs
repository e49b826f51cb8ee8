//! The printed document as a small model: a heading, field lines, paragraphs, signature lines and
//! a footer. The builders in [`super`] fill it from the journal; [`super::pdf`] lays it out on
//! pages and [`super::escpos`] on a receipt, so both say the same thing.

/// Which document this is (file names and the journal's `document`).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum DocKind {
    /// The High Hand Tracking Slip, § 637a.16(f).
    HighHandSlip,
    /// The documentation of a box count, § 637a.15(d)(1) and § 637a.16(d)(1).
    BoxCount,
    /// The end-of-shift table report.
    ShiftReport,
}

impl DocKind {
    /// The name in file names and the journal: `high-hand-tracking-slip`, `box-count`,
    /// `shift-report`.
    pub fn slug(self) -> &'static str {
        match self {
            DocKind::HighHandSlip => "high-hand-tracking-slip",
            DocKind::BoxCount => "box-count",
            DocKind::ShiftReport => "shift-report",
        }
    }
}

/// One printed document, numbered by its journal row.
#[derive(Debug, Clone, PartialEq)]
pub struct Document {
    /// Which document.
    pub kind: DocKind,
    /// The heading as printed, with the number and, on a reprint, "REPRINT - " first.
    pub heading: String,
    /// The document number: the serial of its `document_printed` journal row; 0 in a preview
    /// (the heading then reads "No. —").
    pub number: i64,
    /// A second or later print of the same subject.
    pub reprint: bool,
    /// The body, top to bottom.
    pub blocks: Vec<Block>,
    /// Small print at the foot of every page (the PDF adds "page i of n").
    pub footer: String,
}

/// A piece of the body.
#[derive(Debug, Clone, PartialEq)]
pub enum Block {
    /// A bold line that heads a group of fields ("Line 1 - 2026-11-22 07:14:00 UTC - record #41").
    Heading(String),
    /// "Label: value" on one line; a long value wraps under itself.
    Field {
        /// "Player".
        label: String,
        /// "Rosa Diaz".
        value: String,
    },
    /// A paragraph, wrapped at spaces.
    Text(String),
    /// Small print: the sections that apply, the chain head.
    Note(String),
    /// A line for a wet signature: "Signature: ____".
    Signature(String),
    /// An empty line.
    Gap,
}

/// The rule under a wet signature, as text (the PDF also draws a line).
pub const SIGNATURE_RULE: &str = "______________________";

impl Block {
    /// The block as one unwrapped line of text.
    pub fn line(&self) -> String {
        match self {
            Block::Heading(s) | Block::Text(s) | Block::Note(s) => s.clone(),
            Block::Field { label, value } => format!("{label}: {value}"),
            Block::Signature(label) => format!("{label}: {SIGNATURE_RULE}"),
            Block::Gap => String::new(),
        }
    }
}

/// How a wrapped line prints.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Style {
    /// The document's heading: large, centred.
    Title,
    /// A block heading: bold.
    Bold,
    /// A field: its first `label` characters ("Player:") bold.
    Field {
        /// Characters of the line, from its start, that are the label.
        label: usize,
    },
    /// Body text.
    Plain,
    /// Small print.
    Small,
}

/// A line after wrapping, with how it prints.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Line {
    /// The text, at most the wrap width.
    pub text: String,
    /// How it prints.
    pub style: Style,
}

impl Document {
    /// Every line unwrapped: the heading, the blocks, the footer (tests, logs and previews).
    pub fn lines(&self) -> Vec<String> {
        let mut out = vec![self.heading.clone()];
        out.extend(self.blocks.iter().map(Block::line));
        out.push(self.footer.clone());
        out
    }

    /// [`Document::lines`] joined by newlines.
    pub fn text(&self) -> String {
        self.lines().join("\n")
    }

    /// The document in lines of at most `columns` characters, for a receipt printer's fixed
    /// font. A field's value wraps under itself (indented by the label) while that leaves room.
    pub fn wrap(&self, columns: usize) -> Vec<Line> {
        let columns = columns.max(8);
        let width = columns as f32;
        let chars = |s: &str| s.chars().count() as f32;
        let mut out = Vec::new();
        let push = |out: &mut Vec<Line>, text: &str, style: Style| {
            for text in wrap_words(text, width, &chars) {
                out.push(Line { text, style });
            }
        };
        push(&mut out, &self.heading, Style::Title);
        for b in &self.blocks {
            match b {
                Block::Heading(s) => push(&mut out, s, Style::Bold),
                Block::Text(s) => push(&mut out, s, Style::Plain),
                Block::Note(s) => push(&mut out, s, Style::Small),
                Block::Gap => push(&mut out, "", Style::Plain),
                Block::Signature(_) => push(&mut out, &b.line(), Style::Plain),
                Block::Field { label, value } => {
                    let label = format!("{label}: ");
                    let indent = label.chars().count();
                    if indent + 8 > columns {
                        push(&mut out, &b.line(), Style::Plain);
                        continue;
                    }
                    let parts = wrap_words(value, (columns - indent) as f32, &chars);
                    for (i, part) in parts.into_iter().enumerate() {
                        out.push(if i == 0 {
                            Line {
                                text: format!("{label}{part}").trim_end().to_string(),
                                style: Style::Field { label: indent - 1 },
                            }
                        } else {
                            Line {
                                text: format!("{}{part}", " ".repeat(indent)),
                                style: Style::Plain,
                            }
                        });
                    }
                }
            }
        }
        push(&mut out, "", Style::Plain);
        push(&mut out, &self.footer, Style::Small);
        out
    }
}

/// Greedy word wrap by a width function (characters on a receipt, glyph advances on a page): as
/// many words on a line as fit in `max`; a word longer than a line is cut where it must be.
pub fn wrap_words(text: &str, max: f32, width: &dyn Fn(&str) -> f32) -> Vec<String> {
    if width(text) <= max {
        // A line that fits keeps its spacing ("Rounds: 2   Pots: $13.00").
        return vec![text.to_string()];
    }
    let mut lines = Vec::new();
    let mut line = String::new();
    for word in text.split(' ').filter(|w| !w.is_empty()) {
        let candidate = if line.is_empty() {
            word.to_string()
        } else {
            format!("{line} {word}")
        };
        if width(&candidate) <= max {
            line = candidate;
            continue;
        }
        if !line.is_empty() {
            lines.push(std::mem::take(&mut line));
        }
        // The word alone: cut it while it is wider than a line.
        let mut rest = word.to_string();
        while width(&rest) > max {
            let mut cut = String::new();
            for c in rest.chars() {
                let mut next = cut.clone();
                next.push(c);
                if width(&next) > max && !cut.is_empty() {
                    break;
                }
                cut = next;
            }
            rest = rest[cut.len()..].to_string();
            lines.push(cut);
            if rest.is_empty() {
                break;
            }
        }
        line = rest;
    }
    if !line.is_empty() || lines.is_empty() {
        lines.push(line);
    }
    lines
}

#[cfg(test)]
mod tests {
    use super::*;

    fn chars(s: &str) -> f32 {
        s.chars().count() as f32
    }

    #[test]
    fn words_wrap_at_spaces_and_long_words_are_cut() {
        assert_eq!(
            wrap_words("the quick brown fox", 10.0, &chars),
            ["the quick", "brown fox"]
        );
        assert_eq!(
            wrap_words("abcdefghijklmnop qr", 6.0, &chars),
            ["abcdef", "ghijkl", "mnop", "qr"]
        );
        assert_eq!(wrap_words("", 6.0, &chars), [""]);
        assert_eq!(wrap_words("K♥ K♦ K♣", 5.0, &chars), ["K♥ K♦", "K♣"]);
    }

    #[test]
    fn a_long_field_wraps_under_its_value() {
        let d = Document {
            kind: DocKind::HighHandSlip,
            heading: "Slip No. 3".into(),
            number: 3,
            reprint: false,
            blocks: vec![Block::Field {
                label: "Hand".into(),
                value: "Full house, kings full of fours".into(),
            }],
            footer: "foot".into(),
        };
        let lines = d.wrap(20);
        assert!(lines.iter().all(|l| l.text.chars().count() <= 20));
        assert_eq!(lines[1].text, "Hand: Full house,");
        assert_eq!(lines[1].style, Style::Field { label: 5 });
        assert_eq!(lines[2].text, "      kings full of");
        assert_eq!(lines[3].text, "      fours");
    }
}
