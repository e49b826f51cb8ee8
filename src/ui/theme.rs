//! Design tokens: every colour, size and spacing of the dealer screen, in one place.
//! Dark felt, high contrast, targets of at least 56 px, readable at arm's length. Colour is
//! never the only signal: every state also has a word or a symbol.

use egui::{Color32, FontFamily, FontId, TextStyle, Vec2};

pub const FELT: Color32 = Color32::from_rgb(0x0E, 0x3B, 0x2A);
pub const FELT_DARK: Color32 = Color32::from_rgb(0x08, 0x26, 0x1B);
pub const PANEL: Color32 = Color32::from_rgb(0x12, 0x1A, 0x17);
pub const CARD_BG: Color32 = Color32::from_rgb(0x1B, 0x27, 0x22);
pub const TEXT: Color32 = Color32::from_rgb(0xF2, 0xF0, 0xE6);
pub const TEXT_DIM: Color32 = Color32::from_rgb(0xB8, 0xC2, 0xBC);
pub const PRIMARY: Color32 = Color32::from_rgb(0xE0, 0xA9, 0x2E);
pub const PRIMARY_TEXT: Color32 = Color32::from_rgb(0x1A, 0x12, 0x00);
pub const OK: Color32 = Color32::from_rgb(0x5C, 0xD0, 0x8A);
pub const WARN: Color32 = Color32::from_rgb(0xF2, 0xB8, 0x3B);
pub const DANGER: Color32 = Color32::from_rgb(0xF0, 0x5A, 0x4F);
pub const DANGER_BG: Color32 = Color32::from_rgb(0x4A, 0x14, 0x12);
pub const SUIT_RED: Color32 = Color32::from_rgb(0xD0, 0x30, 0x30);
pub const SUIT_BLACK: Color32 = Color32::from_rgb(0x10, 0x10, 0x10);
pub const CARD_FACE: Color32 = Color32::from_rgb(0xFA, 0xF8, 0xF0);

/// The smallest touch target.
pub const TARGET: f32 = 56.0;
/// No target is smaller than this, on any screen.
pub const MIN_TARGET: f32 = 48.0;
pub const PRIMARY_SIZE: Vec2 = Vec2::new(360.0, 72.0);
pub const ACTION_SIZE: Vec2 = Vec2::new(200.0, 72.0);
pub const SEAT_SIZE: Vec2 = Vec2::new(120.0, 64.0);
/// A seat with a word or two after it ("Seat 10 concedes").
pub const SEAT_WIDE: Vec2 = Vec2::new(200.0, 56.0);
/// A game's button on the open-table screen at its narrowest (room for "Seven-card Stud Hi-Lo 8").
pub const GAME_SIZE: Vec2 = Vec2::new(160.0, 56.0);
/// The height kept for a game's summary on the open-table screen: a line of its section and
/// three of its choices.
pub const SUMMARY_H: f32 = 100.0;
pub const KEY_SIZE: Vec2 = Vec2::new(88.0, 64.0);
pub const CARD_KEY: Vec2 = Vec2::new(58.0, 56.0);
pub const GAP: f32 = 12.0;
/// The height a one-tap step's title, instruction and section take before its gold button:
/// an instruction of up to three lines leaves the button where every other one-tap step has it.
pub const INSTRUCTION_H: f32 = 170.0;
/// A seat's tab among the seats (fixed: a label never reflows the row).
pub const TAB_SIZE: Vec2 = Vec2::new(190.0, 56.0);
/// A place cards are keyed to ("Seat 3 exchange: gives up 8♦ 4♥, draws 3♦ 7♥" on two lines).
pub const PLACE_SIZE: Vec2 = Vec2::new(226.0, 64.0);
/// A place whose words are short ("Seat 7: A♠ K♠", "Dealer up card: K♠"), four to a row at
/// 1024×768.
pub const PLACE_SIZE_NARROW: Vec2 = Vec2::new(168.0, 64.0);
/// Below this screen width the side panel narrows and the margins shrink (1024×768).
pub const WIDE: f32 = 1200.0;

/// The side panel's width on a screen `width` wide.
pub fn side_width(width: f32) -> f32 {
    if width < WIDE { 300.0 } else { 340.0 }
}

/// The foot of the side panel: a separator and two rows of table-wide actions, with the
/// spacing between them.
pub const FOOT: f32 = 2.0 * 48.0 + 48.0;
/// The devices' box at the top of the side panel: two lines of small type (a third with a
/// central copy configured).
pub const DEVICES_H: f32 = 46.0;
/// The message band's height: three lines of status text.
pub const BAND: f32 = 92.0;

pub const TITLE: f32 = 34.0;
pub const BODY: f32 = 22.0;
/// A wager spot's two lines: its name, then its amount.
pub const SPOT_TEXT: f32 = 17.0;
pub const SMALL: f32 = 16.0;
pub const STATUS: f32 = 19.0;

/// A deck's back colour as a swatch colour (with its name always written beside it).
pub fn deck_swatch(name: &str) -> Color32 {
    match name.to_ascii_lowercase().as_str() {
        "red" => Color32::from_rgb(0xC0, 0x2A, 0x2A),
        "blue" => Color32::from_rgb(0x2A, 0x5C, 0xC0),
        "green" => Color32::from_rgb(0x2A, 0x9C, 0x4A),
        "black" => Color32::from_rgb(0x22, 0x22, 0x22),
        "gold" | "yellow" => Color32::from_rgb(0xD4, 0xAF, 0x37),
        "purple" => Color32::from_rgb(0x7A, 0x3C, 0xB0),
        _ => Color32::GRAY,
    }
}

/// DejaVu Sans ([`crate::fonts`]): the fallback that draws card suits and status symbols egui's
/// default fonts lack.
const SYMBOL_FONT: &[u8] = crate::fonts::DEJAVU_SANS;

/// Installs the felt theme and the symbol font on a context.
pub fn apply(ctx: &egui::Context) {
    use egui::epaint::text::{FontData, FontInsert, FontPriority, InsertFontFamily};
    ctx.add_font(FontInsert::new(
        "DejaVuSans",
        FontData::from_static(SYMBOL_FONT),
        [FontFamily::Proportional, FontFamily::Monospace]
            .into_iter()
            .map(|family| InsertFontFamily {
                family,
                priority: FontPriority::Lowest,
            })
            .collect(),
    ));
    ctx.set_visuals(egui::Visuals::dark());
    ctx.all_styles_mut(|style| {
        style.text_styles = [
            (
                TextStyle::Heading,
                FontId::new(TITLE, FontFamily::Proportional),
            ),
            (TextStyle::Body, FontId::new(BODY, FontFamily::Proportional)),
            (
                TextStyle::Button,
                FontId::new(BODY, FontFamily::Proportional),
            ),
            (
                TextStyle::Small,
                FontId::new(SMALL, FontFamily::Proportional),
            ),
            (
                TextStyle::Monospace,
                FontId::new(SMALL, FontFamily::Monospace),
            ),
        ]
        .into();
        style.spacing.item_spacing = Vec2::splat(GAP);
        style.spacing.button_padding = Vec2::new(16.0, 10.0);
        style.spacing.interact_size = Vec2::new(TARGET, TARGET);
        // A touchscreen has no wheel: a finger dragged over text scrolls the list it is in,
        // never selects the text.
        style.interaction.selectable_labels = false;
        // A touchscreen never hovers: a list longer than its place shows its bar all the time
        // (egui's default shows none until the pointer hovers), drawn over the list's edge so a
        // bar that comes or goes never moves what is under a finger.
        style.spacing.scroll = egui::style::ScrollStyle {
            floating_allocated_width: 0.0,
            // The bar a finger never hovers keeps its width, in the text's colour: seen at a
            // glance (the walk found the thin default hard to see).
            floating_width: 8.0,
            foreground_color: true,
            ..egui::style::ScrollStyle::thin()
        };
        let v = &mut style.visuals;
        v.panel_fill = FELT;
        v.window_fill = PANEL;
        v.extreme_bg_color = FELT_DARK;
        v.override_text_color = Some(TEXT);
        v.widgets.inactive.weak_bg_fill = CARD_BG;
        v.widgets.inactive.bg_fill = CARD_BG;
        v.widgets.hovered.weak_bg_fill = Color32::from_rgb(0x26, 0x36, 0x2F);
        v.widgets.active.weak_bg_fill = Color32::from_rgb(0x30, 0x44, 0x3A);
        v.selection.bg_fill = Color32::from_rgb(0x2E, 0x6B, 0x4F);
    });
}

/// A vertical list a finger scrolls by dragging it, as well as by its bar or a wheel. The
/// terminal is a touchscreen, which X11 may report as a mouse, and egui scrolls on a drag only
/// where it has seen a touch; a drag over the list's text scrolls it too (`selectable_labels`
/// is off).
pub fn scroll_vertical() -> egui::ScrollArea {
    egui::ScrollArea::vertical().scroll_source(egui::scroll_area::ScrollSource::ALL)
}

/// The room a list's text leaves at its right for the bar drawn over the list's edge
/// (`floating_width` 8 and a gap): its lines end before the bar, whether it shows or not, so
/// none is cut by it (the walk of issue 43 read "Super $5.00" cut) and none moves when it comes.
pub const BAR_ROOM: f32 = 12.0;

/// A scrolled list's lines kept clear of its bar ([`BAR_ROOM`]).
pub fn clear_of_bar(ui: &mut egui::Ui) {
    let w = (ui.available_width() - BAR_ROOM).max(0.0);
    ui.set_max_width(w);
}
