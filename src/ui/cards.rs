//! Card faces from `assets/cards/faces.png` (drawn by `assets/cards/make-faces.sh`): one sheet of
//! 13 ranks by 4 suits, decoded once with `image` into one texture kept in the egui context; each
//! face is drawn from its cell of the sheet (each cell has a transparent margin, so a face's edge
//! never takes colour from its neighbour). Each face button carries the card's name ("A♠") for
//! accessibility and tests.

use crate::rules::cards::{Card, Rank, Suit};
use egui::{Button, Context, Image, Rect, Response, TextureHandle, Ui, Vec2, pos2};
use std::sync::Arc;

const SHEET: &[u8] = include_bytes!("../../assets/cards/faces.png");
const COLUMNS: usize = 13;
const ROWS: usize = 4;

/// The sheet as one texture (one upload, one texture for the renderer to keep: with 52 textures
/// of their own the heap at the showdown was 22.3 MB, with one 16.0 MB, under Mesa's software
/// renderer).
pub struct Faces {
    sheet: TextureHandle,
}

impl Faces {
    fn load(ctx: &Context) -> Result<Faces, String> {
        let sheet = image::load_from_memory_with_format(SHEET, image::ImageFormat::Png)
            .map_err(|e| format!("assets/cards/faces.png: {e}"))?
            .to_rgba8();
        let (w, h) = (sheet.width() as usize, sheet.height() as usize);
        if w < COLUMNS || h < ROWS {
            return Err("assets/cards/faces.png: the sheet is too small".into());
        }
        let img = egui::ColorImage::from_rgba_unmultiplied([w, h], sheet.as_raw());
        drop(sheet);
        Ok(Faces {
            sheet: ctx.load_texture("card-faces", img, egui::TextureOptions::LINEAR),
        })
    }

    fn cell(c: Card) -> (usize, usize) {
        let row = Suit::ALL.iter().position(|s| *s == c.suit).unwrap_or(0);
        let col = usize::from(c.rank.value().saturating_sub(Rank::TWO.value()));
        (row, col.min(COLUMNS - 1))
    }

    /// The card's cell of the sheet, in texture coordinates (0 to 1).
    pub fn uv(c: Card) -> Rect {
        let (row, col) = Self::cell(c);
        let (w, h) = (1.0 / COLUMNS as f32, 1.0 / ROWS as f32);
        Rect::from_min_size(pos2(col as f32 * w, row as f32 * h), egui::vec2(w, h))
    }

    /// The card's face at `size`.
    pub fn image(&self, c: Card, size: Vec2) -> Image<'static> {
        Image::from_texture((self.sheet.id(), size))
            .uv(Self::uv(c))
            .fit_to_exact_size(size)
    }

    /// The faces of this context, decoded on first use; `None` if the sheet cannot be read
    /// (the screen then falls back to text faces).
    pub fn of(ctx: &Context) -> Option<Arc<Faces>> {
        let id = egui::Id::unique("deckhand-card-faces");
        if let Some(f) = ctx.data(|d| d.get_temp::<Arc<Faces>>(id)) {
            return Some(f);
        }
        let faces = Arc::new(Faces::load(ctx).ok()?);
        ctx.data_mut(|d| d.insert_temp(id, faces.clone()));
        Some(faces)
    }
}

/// A card key: the face from the sheet at `size`, named for accessibility; disabled when the card
/// is already in play.
pub fn card_button(ui: &mut Ui, c: Card, size: Vec2, enabled: bool) -> Response {
    let name = c.pretty();
    let response = match Faces::of(ui.ctx()) {
        Some(f) => ui.add_enabled(enabled, Button::image(f.image(c, size)).frame(false)),
        None => ui.add_enabled(
            enabled,
            Button::new(egui::RichText::new(&name).strong()).min_size(size),
        ),
    };
    response.widget_info(|| egui::WidgetInfo::labeled(egui::Role::Button, enabled, &name));
    response
}

#[cfg(test)]
mod tests {
    use super::*;

    /// One texture for the sheet; each card's own cell of it, 116 by 112 pixels, the 52 cells
    /// apart and covering the sheet.
    #[test]
    fn the_sheet_cuts_into_52_faces_one_per_card() {
        let ctx = Context::default();
        let faces = Faces::of(&ctx).expect("the embedded sheet decodes");
        let [w, h] = faces.sheet.size();
        assert_eq!([w, h], [116 * COLUMNS, 112 * ROWS]);
        let mut cells = Vec::new();
        for i in 0..52 {
            let c = Card::from_index(i).unwrap();
            let uv = Faces::uv(c);
            let px = Rect::from_min_max(
                pos2(uv.min.x * w as f32, uv.min.y * h as f32),
                pos2(uv.max.x * w as f32, uv.max.y * h as f32),
            );
            assert!((px.width() - 116.0).abs() < 1e-3, "{}: {px:?}", c.pretty());
            assert!((px.height() - 112.0).abs() < 1e-3, "{}: {px:?}", c.pretty());
            assert!(
                cells
                    .iter()
                    .all(|o: &Rect| !o.shrink(0.01).intersects(px.shrink(0.01))),
                "{} overlaps another card",
                c.pretty()
            );
            cells.push(px);
        }
        let area: f32 = cells.iter().map(|r| r.area()).sum();
        assert!(
            (area - (w * h) as f32).abs() < 1.0,
            "the cells cover the sheet"
        );
        // The ace of spades in the last column of the spades row.
        let (row, col) = Faces::cell("As".parse().unwrap());
        assert_eq!((Suit::ALL[row], col), (Suit::Spades, 12));
        // Decoded once per context.
        assert!(Arc::ptr_eq(&faces, &Faces::of(&ctx).unwrap()));
    }
}
