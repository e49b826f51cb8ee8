//! Card faces from `assets/cards/faces.png` (drawn by `assets/cards/make-faces.sh`): one sheet of
//! 13 ranks by 4 suits, decoded once with `image` and cut into 52 textures kept in the egui
//! context. Each face button carries the card's name ("A♠") for accessibility and tests.

use crate::rules::cards::{Card, Rank, Suit};
use egui::{Button, Context, Image, Response, TextureHandle, Ui, Vec2};
use std::sync::Arc;

const SHEET: &[u8] = include_bytes!("../../assets/cards/faces.png");
const COLUMNS: usize = 13;
const ROWS: usize = 4;

/// The 52 faces, indexed by suit row and rank column.
pub struct Faces {
    textures: Vec<TextureHandle>,
}

impl Faces {
    fn load(ctx: &Context) -> Result<Faces, String> {
        let sheet = image::load_from_memory_with_format(SHEET, image::ImageFormat::Png)
            .map_err(|e| format!("assets/cards/faces.png: {e}"))?
            .to_rgba8();
        let (w, h) = (
            sheet.width() as usize / COLUMNS,
            sheet.height() as usize / ROWS,
        );
        if w == 0 || h == 0 {
            return Err("assets/cards/faces.png: the sheet is too small".into());
        }
        let mut textures = Vec::with_capacity(COLUMNS * ROWS);
        for row in 0..ROWS {
            for col in 0..COLUMNS {
                let mut pixels = Vec::with_capacity(w * h * 4);
                for y in 0..h {
                    for x in 0..w {
                        let p = sheet.get_pixel((col * w + x) as u32, (row * h + y) as u32);
                        pixels.extend_from_slice(&p.0);
                    }
                }
                let img = egui::ColorImage::from_rgba_unmultiplied([w, h], &pixels);
                textures.push(ctx.load_texture(
                    format!("card-{row}-{col}"),
                    img,
                    egui::TextureOptions::LINEAR,
                ));
            }
        }
        Ok(Faces { textures })
    }

    fn index(c: Card) -> usize {
        let row = Suit::ALL.iter().position(|s| *s == c.suit).unwrap_or(0);
        let col = usize::from(c.rank.value().saturating_sub(Rank::TWO.value()));
        row * COLUMNS + col.min(COLUMNS - 1)
    }

    pub fn texture(&self, c: Card) -> &TextureHandle {
        &self.textures[Self::index(c)]
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
        Some(f) => {
            let img = Image::new(f.texture(c)).fit_to_exact_size(size);
            ui.add_enabled(enabled, Button::image(img).frame(false))
        }
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

    #[test]
    fn the_sheet_cuts_into_52_faces_one_per_card() {
        let ctx = Context::default();
        let faces = Faces::of(&ctx).expect("the embedded sheet decodes");
        assert_eq!(faces.textures.len(), 52);
        let mut ids = std::collections::BTreeSet::new();
        for i in 0..52 {
            let c = Card::from_index(i).unwrap();
            let t = faces.texture(c);
            assert_eq!(t.size(), [116, 112], "{}", c.pretty());
            ids.insert(t.id());
        }
        assert_eq!(ids.len(), 52, "every card has its own face");
        // Decoded once per context.
        assert!(Arc::ptr_eq(&faces, &Faces::of(&ctx).unwrap()));
    }
}
