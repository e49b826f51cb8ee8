//! Lunar Poker settled from results, after a player forced a dealer who did not qualify and the
//! dealer's highest card was replaced (§ 589.11(e)(2)(ii)): the dealer taps whether the new hand
//! qualifies and, where it does, how each forcing hand fared against it (and a winner's second
//! combination). The hands' categories stand as tapped before the force.

use super::banked::BankedEntry;
use super::results::second_row;
use super::{UiCmd, body, primary_when, small, theme, title};
use crate::rules::banked::round::{BankedCommand, BankedRound, Forced, SeatResult, Versus};
use egui::{Button, RichText, Ui};
use std::collections::BTreeMap;

/// What the dealer tapped of the forced dealer's new hand.
#[derive(Debug, Clone, Default)]
pub(super) struct ForcedTaps {
    pub(super) qualifies: Option<bool>,
    /// Per forcing seat: against the new hand, and a winner's second combination.
    pub(super) seats: BTreeMap<u8, (Option<Versus>, Option<&'static str>)>,
}

const VERSUS: [(Versus, &str); 3] = [
    (Versus::Wins, "Beats the dealer"),
    (Versus::Ties, "Ties"),
    (Versus::Loses, "Loses"),
];

impl BankedEntry {
    /// The forced dealer's new hand: its qualification, then each forcing hand; Settle once
    /// every hand has what it needs.
    pub(super) fn forced_step(&mut self, ui: &mut Ui, cmds: &mut Vec<UiCmd>, r: &BankedRound) {
        let forcing = r.forcing_seats();
        title(ui, "The dealer's new hand: tap its result");
        let ready = self.forced_command(r, &forcing);
        if primary_when(ui, ready.is_some(), "Settle")
            && let Some(cmd) = ready
        {
            cmds.push(UiCmd::Rules(crate::rules::table::Command::Banked(cmd)));
        }
        let card = r.lunar().replacement.map_or(String::new(), |c| c.pretty());
        small(
            ui,
            &format!(
                "The dealer's highest card was replaced by {card}; each forcing hand is compared with the new hand where it qualifies (§ 589.11(e)(2)(ii))."
            ),
        );
        let t = &mut self.tapped.forced;
        ui.horizontal_wrapped(|ui| {
            body(ui, "Dealer's new hand:");
            for (q, label) in [
                (true, "Qualifies, ace-king or better"),
                (false, "Still does not qualify"),
            ] {
                let b = Button::new(RichText::new(label).size(theme::BODY))
                    .selected(t.qualifies == Some(q))
                    .min_size(egui::vec2(150.0, theme::TARGET));
                if ui.add(b).clicked() {
                    t.qualifies = Some(q);
                }
            }
        });
        if t.qualifies != Some(true) {
            return;
        }
        let tapped_before: BTreeMap<u8, String> = r
            .results
            .iter()
            .flat_map(|x| x.seats.iter())
            .map(|(s, x)| (*s, x.category.clone()))
            .collect();
        for seat in forcing {
            let cat = tapped_before.get(&seat).cloned().unwrap_or_default();
            let label = crate::rules::banked::lunar::RESULTS
                .category(&cat)
                .map_or("?", |c| c.label);
            let (versus, second) = t.seats.get(&seat).copied().unwrap_or_default();
            // No hand loses to a hand that qualifies: nothing to tap (§ 589.11(e)).
            if crate::rules::banked::lunar::RESULTS.loses_to_qualifier(&cat) {
                body(ui, &format!("Seat {seat} ({label}): loses"));
                continue;
            }
            ui.horizontal_wrapped(|ui| {
                body(ui, &format!("Seat {seat} ({label}):"));
                for (v, words) in VERSUS {
                    let b = Button::new(RichText::new(words).size(theme::BODY))
                        .selected(versus == Some(v))
                        .min_size(egui::vec2(150.0, theme::TARGET));
                    if ui.add(b).clicked() {
                        t.seats.insert(seat, (Some(v), second));
                    }
                }
            });
            let choices = r.second_choices(seat, &cat);
            if versus == Some(Versus::Wins)
                && !choices.is_empty()
                && let Some(x) = second_row(ui, choices, second)
            {
                t.seats.insert(seat, (versus, Some(x)));
            }
        }
    }

    /// The round's results with the forced dealer's new hand, once every forcing hand has what
    /// it needs.
    fn forced_command(&self, r: &BankedRound, forcing: &[u8]) -> Option<BankedCommand> {
        let t = &self.tapped.forced;
        let qualifies = t.qualifies?;
        let mut results = r.results.clone()?;
        let mut seats = Vec::new();
        for s in forcing {
            let category = results
                .seats
                .iter()
                .find(|(k, _)| k == s)
                .map(|(_, x)| x.category.clone())?;
            let (versus, second) = t.seats.get(s).copied().unwrap_or_default();
            let loses = crate::rules::banked::lunar::RESULTS.loses_to_qualifier(&category);
            let versus = match (qualifies, loses) {
                (false, _) => None,
                (true, true) => Some(Versus::Loses),
                (true, false) => Some(versus?),
            };
            let wins = versus == Some(Versus::Wins);
            let second = match (wins, r.second_choices(*s, &category).is_empty()) {
                (true, false) => Some(second?.to_string()),
                _ => None,
            };
            seats.push((
                *s,
                SeatResult {
                    category,
                    versus,
                    second,
                },
            ));
        }
        results.forced = Some(Forced {
            dealer_qualifies: qualifies,
            seats,
        });
        // The cards keyed with the results stay (a payout a floorperson validates); a hand
        // declared at lock-in is kept by the rules from then (sent again, it would owe its draw).
        let cards = r
            .cards
            .iter()
            .filter(|(s, _)| !r.lunar().declared.contains(s))
            .map(|(s, c)| (*s, c.clone()))
            .collect();
        Some(BankedCommand::from_results(cards, results))
    }
}
