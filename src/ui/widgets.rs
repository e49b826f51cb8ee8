//! The screen's small parts, sized and coloured from `theme.rs`: titles and body text, the one
//! primary button, choices, the card grid, fields.

use super::*;

pub(super) fn action_label(a: &Action) -> (String, ActionKind) {
    let label = match a {
        Action::Fold => "Fold".into(),
        Action::Check => "Check".into(),
        Action::Call { amount } => format!("Call {}", money(*amount)),
        Action::Bet { amount } => format!("Bet {}", money(*amount)),
        Action::Raise { to, .. } => format!("Raise to {}", money(*to)),
    };
    (label, a.kind())
}

/// "first", "second", ... for the blinds of § 637a.11(d).
/// "1 round", "2 rounds": a count with its noun agreeing.
pub(super) fn count(n: impl Into<i64>, one: &str, many: &str) -> String {
    let n = n.into();
    format!("{n} {}", if n == 1 { one } else { many })
}

pub(super) fn ordinal(i: usize) -> String {
    ["first", "second", "third", "fourth"]
        .get(i)
        .map_or_else(|| format!("#{}", i + 1), |s| s.to_string())
}

/// A table's posted figures in one line, for the open-table screen; `shoe_reads`: the
/// shuffler's dealing shoe reads each card drawn (said of a shoe game's manual dealing shoe,
/// which is then that shoe).
pub(super) fn setup_summary(s: &TableSetup, shoe_reads: bool) -> String {
    let p = &s.poker;
    let decks = match s.decks_used() {
        1 => format!("Deck: {}.", s.deck_colours[0]),
        _ => format!("Decks: {} and {}.", s.deck_colours[0], s.deck_colours[1]),
    };
    if p.game.is_house_banked() {
        // The main wager as the layout names it (Spanish 21's is the Spanish 21 Wager).
        let main = crate::rules::registry::round_def(p.game)
            .and_then(|d| d.spots.first())
            .map_or("Ante", |s| s.label);
        let limits = match (p.min_ante, p.max_ante) {
            (0, 0) => String::new(),
            (min, 0) => format!(" {main} at least {}.", money(min)),
            (min, max) => format!(" {main} {} to {}.", money(min), money(max)),
        };
        let dealt = if shoe_reads
            && p.dealing == crate::rules::dealing::Dealing::ManualShoe
            && p.game.def().dealing == crate::rules::registry::SHOE_ONLY
        {
            "from a dealing shoe that reads each card drawn"
        } else {
            p.dealing.name()
        };
        return format!("{decks} Dealt {dealt}.{limits}");
    }
    use crate::rules::poker::hand::Structure;
    let cap = if s.max_raises == 0 {
        "no cap on raises".to_string()
    } else {
        format!("{} raises per round", s.max_raises)
    };
    let mut text = match s.structure() {
        Structure::FixedLimit { small, big } => {
            format!("{decks} Limits {}/{}, {cap}.", money(small), money(big))
        }
        Structure::SpreadLimit { min, max } => {
            format!(
                "{decks} Spread limit {} to {}, {cap}.",
                money(min),
                money(max)
            )
        }
        Structure::NoLimit { min } => format!(
            "{decks} No limit, least bet {}, {cap}; table stakes up to {}.",
            money(min),
            money(s.betting.max_stake)
        ),
        Structure::PotLimit { min } => format!(
            "{decks} Pot limit, least bet {}, {cap}; table stakes up to {}.",
            money(min),
            money(s.betting.max_stake)
        ),
    };
    let proc = crate::rules::poker::procedure::Procedure::of(p.game);
    if proc.as_ref().is_some_and(|x| x.blinds) {
        let blinds: Vec<String> = s.blinds.iter().map(|b| money(*b)).collect();
        text.push_str(&format!(" Blinds {}.", blinds.join(" / ")));
    }
    if p.ante > 0 {
        text.push_str(&format!(" Ante {}.", money(p.ante)));
    }
    if let Some(k) = &p.kill {
        let (name, times) = crate::rules::poker::jackpots::KillRules::words(k.limit_percent);
        text.push_str(&format!(
            " {name}: a pot of {} or more won whole raises the next round's limits × {times}.",
            money(k.qualifying_pot)
        ));
    }
    if p.forced_bet > 0 {
        text.push_str(&format!(" Forced bet {}.", money(p.forced_bet)));
    }
    text
}

pub(super) fn cards_text(cards: &[Card]) -> String {
    if cards.is_empty() {
        return "—".into();
    }
    cards
        .iter()
        .map(|c| c.pretty())
        .collect::<Vec<_>>()
        .join(" ")
}

pub(super) fn title(ui: &mut Ui, text: &str) {
    ui.label(RichText::new(text).size(theme::TITLE).strong());
}

pub(super) fn body(ui: &mut Ui, text: &str) {
    ui.label(RichText::new(text).size(theme::BODY));
}

pub(super) fn body_colour(ui: &mut Ui, text: &str, colour: Color32) {
    ui.label(RichText::new(text).size(theme::BODY).color(colour));
}

/// A section sign kept on the line of its number: "§ 637a.18(b)" never wraps after the "§".
pub(super) fn unbroken_sections(text: &str) -> String {
    text.replace("§ ", "§\u{a0}")
}

/// Small print: sections and notes.
pub(super) fn small(ui: &mut Ui, text: &str) {
    ui.label(
        RichText::new(text)
            .size(theme::SMALL)
            .color(theme::TEXT_DIM),
    );
}

/// One of several equal choices (a player's decision): a big button, not the primary colour.
pub(super) fn choice(ui: &mut Ui, label: &str) -> bool {
    choice_when(ui, true, label)
}

/// A choice the rules may refuse now: greyed in its place (nothing moves), never tapped.
pub(super) fn choice_when(ui: &mut Ui, enabled: bool, label: &str) -> bool {
    ui.add_enabled(
        enabled,
        Button::new(RichText::new(label).size(theme::BODY + 2.0)).min_size(theme::ACTION_SIZE),
    )
    .clicked()
}

/// A notice's line: a problem in red, something done in green.
pub(super) fn notice_line(ui: &mut Ui, n: Option<&Notice>) {
    if let Some(n) = n {
        let (mark, colour) = if n.done {
            ("✔", theme::OK)
        } else {
            ("⚠", theme::DANGER)
        };
        body_colour(ui, &format!("{mark} {}", n.text), colour);
    }
}

/// A whole-screen form's panel (the review, a correction, a record, the print preview): the felt
/// with its margin.
pub(super) fn form_panel() -> egui::CentralPanel {
    egui::CentralPanel::default().frame(
        egui::Frame::new()
            .fill(theme::FELT)
            .inner_margin(egui::Margin::same(20)),
    )
}

pub(super) fn banner(ui: &mut Ui, text: &str) {
    egui::Frame::new()
        .fill(theme::DANGER_BG)
        .inner_margin(egui::Margin::same(12))
        .corner_radius(8)
        .show(ui, |ui| {
            ui.set_width(ui.available_width());
            ui.label(
                RichText::new(text)
                    .size(theme::BODY)
                    .strong()
                    .color(theme::TEXT),
            );
        });
}

pub(super) fn field(ui: &mut Ui, name: &str, value: &str, focused: bool) {
    let stroke = if focused {
        theme::PRIMARY
    } else {
        theme::TEXT_DIM
    };
    egui::Frame::new()
        .fill(theme::FELT_DARK)
        .stroke(egui::Stroke::new(2.0, stroke))
        .inner_margin(egui::Margin::same(10))
        .corner_radius(6)
        .show(ui, |ui| {
            ui.label(RichText::new(format!("{name}: {value}")).size(theme::BODY + 2.0));
        });
}

/// A 13 × 4 grid of card faces; a card in `used` cannot be picked (no card enters twice).
pub(super) fn card_grid(ui: &mut Ui, id: &str, used: &CardSet) -> Option<Card> {
    let mut picked = None;
    // Thirteen columns fit the width: the keys narrow on a 1024-px screen, never below 48 px.
    ui.spacing_mut().button_padding = egui::vec2(4.0, 4.0);
    let gap = 5.0;
    let w =
        ((ui.available_width() - 12.0 * gap) / 13.0).clamp(theme::MIN_TARGET, theme::CARD_KEY.x);
    let key = egui::vec2(w.floor(), theme::CARD_KEY.y);
    egui::Grid::new(id)
        .spacing([gap, gap])
        .min_col_width(key.x)
        .max_col_width(key.x)
        .show(ui, |ui| {
            for suit in [Suit::Spades, Suit::Hearts, Suit::Diamonds, Suit::Clubs] {
                for rank in Rank::all().rev() {
                    let c = Card::new(rank, suit);
                    if cards::card_button(ui, c, key, !used.contains(c)).clicked() {
                        picked = Some(c);
                    }
                }
                ui.end_row();
            }
        });
    picked
}

/// The way to stop using a broken shuffler (§ 637a.18(r)); deliberately not the primary action.
pub(super) fn out_of_service(ui: &mut Ui, cmds: &mut Vec<UiCmd>) {
    ui.add_space(theme::GAP);
    let b = Button::new(RichText::new("Shuffler out of service").size(theme::BODY))
        .min_size(theme::ACTION_SIZE);
    if ui.add(b).clicked() {
        cmds.push(UiCmd::Rules(Command::ShufflerOutOfService));
    }
}

/// Items of one size in rows, as many to a row as the width holds: a label that grows never
/// moves the items after it, and a narrow screen gets more rows, not a wider page.
pub(super) fn fixed_rows<T>(
    ui: &mut Ui,
    items: Vec<T>,
    size: egui::Vec2,
    mut add: impl FnMut(&mut Ui, T, egui::Vec2),
) {
    let gap = ui.spacing().item_spacing.x;
    let per = (((ui.available_width() + gap) / (size.x + gap)).floor() as usize).max(1);
    let mut items = items.into_iter().peekable();
    while items.peek().is_some() {
        ui.horizontal(|ui| {
            for item in items.by_ref().take(per) {
                add(ui, item, size);
            }
        });
    }
}

/// The step's primary action, drawn before it can be taken (greyed): it is where it will be,
/// and nothing else takes its place in the meantime.
pub(super) fn primary_when(ui: &mut Ui, enabled: bool, label: &str) -> bool {
    ui.add_enabled_ui(enabled, |ui| primary(ui, label)).inner && enabled
}

/// A gold button, its label in bold at `text_size`: the step's one next action, wherever it
/// stands (the step itself, a box over it, a row of bets); the caller gives its size.
pub(super) fn gold(label: impl Into<String>, text_size: f32) -> Button<'static> {
    Button::new(
        RichText::new(label)
            .size(text_size)
            .color(theme::PRIMARY_TEXT)
            .strong(),
    )
    .fill(theme::PRIMARY)
}

/// The one primary action of a step: large, gold, with its name as its label.
pub(super) fn primary(ui: &mut Ui, label: &str) -> bool {
    if !ui.layout().is_horizontal() {
        ui.add_space(theme::GAP);
    }
    let button = gold(label, theme::BODY + 4.0).min_size(theme::PRIMARY_SIZE);
    // A horizontal scope centres the label in the button.
    ui.horizontal(|ui| ui.add(button).clicked()).inner
}

/// A settlement's note as the dealer reads it: the reading and its section, without the name
/// of the configuration key behind it (`deckhand settle` and the review keep it).
pub(super) fn dealer_note(note: &str) -> String {
    match note.rsplit_once("; setting ") {
        // "… (§ 589.11(c)(1) is silent)": the setting goes inside the same brackets.
        Some((reading, _key)) => match reading
            .strip_suffix(" is silent)")
            .and_then(|r| r.rsplit_once(" (§ "))
        {
            Some((said, section)) => {
                format!("{said} (the casino's setting: § {section} is silent).")
            }
            None => format!("{reading} (the casino's setting)."),
        },
        None => note.to_string(),
    }
}

/// "seat 3 folds" → "Seat 3 folds".
pub(super) fn capital(s: &str) -> String {
    crate::rules::banked::upper_first(s)
}

#[cfg(test)]
mod tests {
    #[test]
    fn the_dealer_reads_no_configuration_key() {
        let n = super::dealer_note(
            "Folded hands are collected before the reveal (§ 657a.11(c)) and do not qualify anyone for an Envy Bonus; setting envy_from_folded.",
        );
        assert_eq!(
            n,
            "Folded hands are collected before the reveal (§ 657a.11(c)) and do not qualify anyone for an Envy Bonus (the casino's setting)."
        );
        assert_eq!(super::dealer_note("A plain note."), "A plain note.");
        assert_eq!(
            super::dealer_note(
                "The Ante is returned with an instant payout (§ 589.11(c)(1) is silent); setting instant_returns_ante."
            ),
            "The Ante is returned with an instant payout (the casino's setting: § 589.11(c)(1) is silent)."
        );
    }
}
