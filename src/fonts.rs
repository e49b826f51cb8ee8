//! The vendored font, embedded once: DejaVu Sans (free licence,
//! `assets/fonts/DejaVuSans-LICENSE.txt`). The screen draws card suits and status symbols with it
//! where egui's default fonts lack them, and printed PDFs embed a subset of it so ♠♥♦♣ and §
//! print.

/// DejaVu Sans 2.37, TrueType.
pub const DEJAVU_SANS: &[u8] = include_bytes!("../assets/fonts/DejaVuSans.ttf");
