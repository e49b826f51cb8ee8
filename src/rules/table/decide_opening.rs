//! `Table::decide` for the table outside its rounds: opened, idle, reshuffled, decks changed,
//! closed; the dealer signed in and out; the card reader inspected; the records kept between
//! rounds (High Hand periods, box counts, time charges).

use crate::refusal;

use super::*;
use crate::rules::access::Action;
use command::refuse;

impl Table {
    /// The table opened, idle, reshuffled, its decks changed and closed; the dealer signed in and
    /// out; the card reader inspected.
    pub(super) fn decide_opening(
        &self,
        step: Step,
        cmd: &Command,
    ) -> Result<Vec<Event>, RuleError> {
        match cmd {
            Command::SignIn(p) => {
                if self.dealer.is_some() {
                    return refuse("a dealer is already signed in; sign out first");
                }
                if p.name.trim().is_empty() || p.credential.trim().is_empty() {
                    return refuse("a dealer signs in with a name and credential number");
                }
                Ok(vec![Event::DealerSignedIn { dealer: p.clone() }])
            }
            Command::SignOut => {
                let Some(d) = &self.dealer else {
                    return refuse("no dealer is signed in");
                };
                if self.round.is_some() {
                    return refuse("finish the round before the dealer change");
                }
                Ok(vec![Event::DealerSignedOut { dealer: d.clone() }])
            }
            Command::OpenTable(setup) => {
                if step != Step::OpenTable {
                    return refuse("the table is already open");
                }
                let mut setup = setup.clone();
                // A house-banked table settles by the paytables and choices it opens with; without
                // the configuration's, the embedded ones (the documented defaults) are recorded.
                if setup.poker.game.is_house_banked() && setup.poker.house.is_none() {
                    setup.poker.house = Some(Box::new(
                        crate::rules::banked::House::default_for(setup.poker.game)
                            .map_err(RuleError::from)?,
                    ));
                }
                setup.validate().map_err(RuleError::from)?;
                // § x.9(a)(1): cards dealt from the hand are shuffled by the automated shuffler.
                if setup.poker.game.is_house_banked()
                    && setup.poker.dealing == crate::rules::dealing::Dealing::Hand
                    && !setup.counting_shuffler
                {
                    let def = setup.poker.game.def();
                    return Err(refusal!(
                        format!("§ {}.9(a)(1)", def.chapter),
                        "{} is dealt from the hand only with an automated card shuffler: connect the shuffler ([shuffler] port) or deal from a dealing shoe ([table] dealing)",
                        def.name
                    ));
                }
                Ok(vec![Event::TableOpened { setup }])
            }
            Command::ChangeDecks { minutes_in_play } => {
                self.table_and_dealer()?;
                if self.round.is_some() || self.removal.is_some() {
                    return refuse("finish the round (and any deck removal) first");
                }
                Ok(vec![Event::DecksChanged {
                    colours: self.decks.iter().map(|d| d.colour.clone()).collect(),
                    minutes_in_play: *minutes_in_play,
                }])
            }
            Command::ReshuffleOrdered { signed_by } => {
                self.table_and_dealer()?;
                self.may_sign(signed_by, Action::RequireRecut)?;
                if self.round.is_some() || self.removal.is_some() {
                    return refuse(
                        "the cards are shuffled again between rounds: finish the round (and any deck removal) first",
                    );
                }
                if self.decks.iter().any(|d| d.status == DeckStatus::Shuffling) {
                    return refuse("wait for the shuffler to finish, then shuffle again");
                }
                // § x.5(a) of the game's chapter ("when directed by a floorperson or above").
                Ok(vec![Event::ReshuffleOrdered {
                    floorperson: signed_by.clone(),
                    section: self.reshuffle_section(),
                }])
            }
            Command::TableIdle => {
                self.table_and_dealer()?;
                if self.pending_count.is_some() {
                    return refuse("a count waits for the floorperson: verify it first");
                }
                if self.round.is_some() || self.removal.is_some() {
                    return refuse(
                        "the table is in play: finish the round (and any deck removal) first",
                    );
                }
                if self.decks.iter().any(|d| d.status == DeckStatus::Shuffling) {
                    return refuse("wait for the shuffler to finish, then spread the decks");
                }
                if !self.players_inspected || !self.washed {
                    return refuse("the decks are already waiting to be spread and washed");
                }
                Ok(vec![Event::TableIdle {
                    section: self.sections().idle.into(),
                }])
            }
            Command::CloseTable => {
                self.table_and_dealer()?;
                if self.round.is_some() || self.removal.is_some() {
                    return refuse("finish the round (and any deck removal) before closing");
                }
                Ok(vec![Event::TableClosed {
                    rounds_played: self.rounds_played,
                }])
            }
            Command::ReaderInspected { signed_by } => {
                self.table_and_dealer()?;
                if !self.shoe_game() {
                    return Err(refusal!(
                        "§ 635a.2(d)",
                        "only a Spanish 21 table has a card reader"
                    ));
                }
                self.may_sign(signed_by, Action::VerifyInspection)?;
                Ok(vec![Event::CardReaderInspected {
                    floorperson: signed_by.clone(),
                }])
            }
            _ => refuse(format!("{cmd:?} is not for `decide_opening`")),
        }
    }

    /// The records kept between rounds: a High Hand period closed, a box count, the time charges.
    pub(super) fn decide_records(&self, cmd: &Command) -> Result<Vec<Event>, RuleError> {
        match cmd {
            Command::ClosePeriod {
                period,
                contributions,
                signed_by,
            } => self.decide_close_period(period, *contributions, signed_by),
            Command::RecordBoxCount(count) => {
                let (table_no, dealer) = self.table_and_dealer()?;
                self.may_sign(&count.floorperson, Action::SignBoxCount)?;
                if self.round.is_some() {
                    return Err(refusal!(
                        count.jackpot_box.section(),
                        "a box is counted at a closed table: finish the round first"
                    ));
                }
                if count.amount < 0 || count.amount > 100_000_000_000 {
                    return refuse("the count is an amount in cents, 0 or more");
                }
                if count.container_seal.trim().is_empty() {
                    return Err(refusal!(
                        count.jackpot_box.section(),
                        "the contents go into a locked container: enter its seal number"
                    ));
                }
                Ok(vec![Event::BoxCounted {
                    count: count.clone(),
                    table_no,
                    dealer,
                }])
            }
            Command::RecordTimeCharges(charges) => {
                let (table_no, dealer) = self.table_and_dealer()?;
                self.may_sign(&charges.floorperson, Action::VerifyTimeCharges)?;
                if charges.interval_minutes != 20 && charges.interval_minutes != 30 {
                    return Err(refusal!(
                        "§ 637a.17(b)(3)(iii)",
                        "time charges are assessed every 20 or 30 minutes"
                    ));
                }
                let mut seats = charges.seats.clone();
                seats.sort_unstable();
                seats.dedup();
                if seats.is_empty() || seats.iter().any(|s| !(1..=10).contains(s)) {
                    return Err(refusal!(
                        "§ 637a.17(b)(3)(i)",
                        "tap the seats charged, 1 to 10"
                    ));
                }
                if charges.amount_each <= 0 || charges.amount_each > 1_000_000 {
                    return refuse("the time charge per seat must be above zero");
                }
                let total = charges.amount_each * seats.len() as Cents;
                Ok(vec![Event::TimeChargesVerified {
                    charges: TimeCharges {
                        seats,
                        ..charges.clone()
                    },
                    table_no,
                    dealer,
                    total,
                }])
            }
            _ => refuse(format!("{cmd:?} is not for `decide_records`")),
        }
    }
}
