//! The cards a reading dealing shoe reports as the dealer draws them (`hw/shuffler-protocol.md`,
//! version 2, CARD_DRAWN), at a Spanish 21 table (§ 635a.7(a),(b): every card is drawn from the
//! shoe by hand). Each card goes where the procedure puts it: the burn card after a new shoe
//! (§ 635a.7(c)); the deal, in its order (§ 635a.7(e)), confirmed with one tap; then each card
//! drawn to the hand in turn, the late card owed and the dealer's draws, applied as it comes.
//! The dealer's hole card is held here and shown to nobody, the dealer included, until the
//! dealer turns it up (§ 635a.7(g), (k)).

use super::*;
use crate::rules::banked::round::GameStep;
use crate::rules::banked::round::{BankedRound, BankedStep, HandPlace};
use crate::rules::banked::spanish21::play21::{Command21, Step21};
use crate::rules::cards::Card;
use crate::rules::table::{Confirm, Step};

/// What the shoe has reported of the cards drawn.
#[derive(Debug, Default)]
pub struct Drawn {
    /// The deck tag in the shoe and the number of the last card drawn from it.
    last: Option<(u8, u16)>,
    /// The round whose deal is being drawn, and its cards in the order drawn (the hole card
    /// last); `None` for a card the shoe's numbering shows was drawn but not read, so every
    /// card after it keeps its place.
    round: Option<u32>,
    deal: Vec<Option<Card>>,
}

/// A deal's cards by place: each box's, the up card, the hole card. A card drawn unread is in
/// no place: its box holds only the card read.
struct DealPlaces {
    boxes: Vec<(u8, Vec<Card>)>,
    up: Option<Card>,
    hole: Option<Card>,
}

/// The deal's cards by place (§ 635a.7(e)): the first card to each box from the dealer's left,
/// the up card, the second to each box, the hole card.
fn deal_places(seats: &[u8], deal: &[Option<Card>]) -> DealPlaces {
    let n = seats.len();
    let hands = seats
        .iter()
        .enumerate()
        .map(|(i, s)| {
            let cards = [deal.get(i), deal.get(n + 1 + i)]
                .into_iter()
                .flatten()
                .flatten()
                .copied()
                .collect();
            (*s, cards)
        })
        .collect();
    DealPlaces {
        boxes: hands,
        up: deal.get(n).copied().flatten(),
        hole: deal.get(2 * n + 1).copied().flatten(),
    }
}

impl Terminal {
    /// The table's dealing shoe reads each card the dealer draws from it.
    pub fn reads_draws(&self) -> bool {
        self.shoe_reads_cards() && self.table.shoe_game()
    }

    /// Whether the connected shuffler's dealing shoe reads each card drawn from it (whatever
    /// the table deals): the open-table screen says so of a shoe game.
    pub fn shoe_reads_cards(&self) -> bool {
        self.shuffler_can.reads_draws && self.shuffler_link.is_up()
    }

    fn banked21(&self) -> Option<(&BankedRound, Step21)> {
        let r = self.table.round.as_ref()?;
        let b = r.banked.as_ref()?;
        match self.table.step() {
            Step::Banked {
                step: BankedStep::Own(GameStep::Spanish21(at)),
                ..
            } => Some((b, at)),
            _ => None,
        }
    }

    /// This round's deal as drawn so far, where the round is at its deal.
    fn deal_so_far(&self) -> Option<(&BankedRound, &[Option<Card>])> {
        let (b, at) = self.banked21()?;
        let number = self.table.round.as_ref()?.number;
        (at == Step21::Deal).then_some((
            b,
            if self.drawn.round == Some(number) {
                &self.drawn.deal[..]
            } else {
                &[][..]
            },
        ))
    }

    /// At the deal: the cards the shoe has reported, of the deal's (two a box, two the
    /// dealer's).
    pub fn deal_drawn(&self) -> Option<(usize, usize)> {
        let (b, deal) = self.deal_so_far()?;
        Some((deal.len(), 2 * b.seats.len() + 2))
    }

    /// The deal as the shoe read it, once every card of it is out: each box's two cards and the
    /// dealer's up card, where the shoe read the whole place; never the hole card.
    pub fn deal_read(&self) -> Vec<(HandPlace, Vec<Card>)> {
        let Some((b, deal)) = self.deal_so_far() else {
            return Vec::new();
        };
        if deal.len() < 2 * b.seats.len() + 2 {
            return Vec::new();
        }
        let DealPlaces { boxes, up, .. } = deal_places(&b.seats, deal);
        let mut read: Vec<(HandPlace, Vec<Card>)> = boxes
            .into_iter()
            .filter(|(_, c)| c.len() == 2)
            .map(|(s, c)| (HandPlace::Seat(s), c))
            .collect();
        read.extend(up.map(|u| (HandPlace::Dealer, vec![u])));
        read
    }

    /// At the deal, the cards the shoe has read so far by place (each box's, the up card),
    /// never the hole card: the screen shows the deal as it comes out.
    pub fn deal_as_drawn(&self) -> (Vec<(u8, Vec<Card>)>, Option<Card>) {
        let Some((b, deal)) = self.deal_so_far() else {
            return (Vec::new(), None);
        };
        let DealPlaces { boxes, up, .. } = deal_places(&b.seats, deal);
        (boxes, up)
    }

    /// The round's hole card, as the shoe read it, while it is face down.
    fn hole_card(&self) -> Option<Card> {
        let r = self.table.round.as_ref()?;
        let b = r.banked.as_ref()?;
        if self.drawn.round != Some(r.number) || b.dealer.len() != 1 {
            return None;
        }
        deal_places(&b.seats, &self.drawn.deal).hole
    }

    /// The shoe read the hole card and the round waits for it to be turned up: one tap.
    pub fn hole_card_held(&self) -> bool {
        matches!(self.banked21(), Some((_, Step21::Dealer))) && self.hole_card().is_some()
    }

    /// The dealer turned the hole card up: the command that puts it into the round as the shoe
    /// read it.
    pub fn hole_card_command(&self) -> Result<Command, String> {
        let hole = self
            .hole_card()
            .filter(|_| self.hole_card_held())
            .ok_or("the shoe did not read a hole card for this round: tap the card")?;
        Ok(card_drawn(hole))
    }

    /// How many cards the procedure waits for from the shoe now (the burn card, the deal's, a
    /// split or doubled hand's card, the late card owed, the dealer's draw); a hit is the
    /// player's call, never awaited.
    pub fn cards_awaited(&self) -> usize {
        if !self.reads_draws() {
            return 0;
        }
        if self.table.step() == Step::BurnCard {
            return 1;
        }
        let Some((b, at)) = self.banked21() else {
            return 0;
        };
        let Some(p) = b.spanish21() else {
            return 0;
        };
        match at {
            Step21::Deal => self
                .deal_drawn()
                .map_or(0, |(out, of)| of.saturating_sub(out)),
            Step21::Hand { seat, hand } => {
                p.hands.get(&seat).and_then(|h| h.get(hand)).map_or(0, |h| {
                    usize::from(h.cards.len() < 2 || (h.double > 0 && h.cards.len() == 2))
                })
            }
            Step21::LateCard { .. } => 1,
            Step21::Dealer => usize::from(b.dealer.len() >= 2),
            _ => 0,
        }
    }

    /// Where the simulated dealer's hand should have drawn to: the deck in the shoe and the
    /// number of its last card once the cards awaited are out; `None` when none is awaited.
    pub fn shoe_pull(&self) -> Option<(u8, u16)> {
        let awaited = u16::try_from(self.cards_awaited())
            .ok()
            .filter(|n| *n > 0)?;
        let deck = match &self.table.round {
            Some(r) => r.deck,
            None => self.table.next_deck(),
        } as u8;
        let last = self
            .drawn
            .last
            .filter(|(d, _)| *d == deck)
            .map_or(0, |(_, n)| n);
        Some((deck, last.saturating_add(awaited)))
    }

    /// A new shoe was counted: its cards are drawn from 1.
    pub(super) fn shoe_loaded(&mut self, deck: u8) {
        if self.drawn.last.is_some_and(|(d, _)| d == deck) {
            self.drawn.last = None;
        }
    }

    /// A card the dealer drew from the reading shoe, put where the procedure is.
    pub(super) fn on_card_drawn(&mut self, deck: u8, number: u16, card: Card) {
        // The shoe counts from 1 again when a stack is loaded into it.
        let expected = match self.drawn.last {
            Some((d, n)) if d == deck && number != 1 => n.saturating_add(1),
            _ => 1,
        };
        self.drawn.last = Some((deck, number));
        if !self.reads_draws() {
            self.refused_report(format!(
                "the shoe reported card {number} drawn, but this table does not deal from a reading shoe"
            ));
            return;
        }
        if number != expected {
            // At the deal (§ 635a.7(e)) the cards missed and the one reported out of sequence
            // keep their places, unread: the cards after them go where they were dealt, and
            // the dealer keys those places as they lie.
            let at_the_deal = number > expected && self.unread_in_the_deal(number - expected + 1);
            let keyed = if at_the_deal {
                "the deal's places it left unread are keyed as they lie"
            } else {
                "key the cards as they lie"
            };
            self.refused_report(format!(
                "the shoe reported card {number} drawn after card {}: a card was drawn unread; {keyed}",
                expected - 1
            ));
            return;
        }
        if self.table.step() == Step::BurnCard {
            // § 635a.7(c): the first card of a new shoe, or of a new dealer, is burned.
            let burned = Command::Confirm(Confirm::CardBurned);
            return self.execute_then(burned, Box::new(super::shuffler::refused_if_not));
        }
        let Some((_, at)) = self.banked21() else {
            self.refused_report(format!(
                "the shoe reported card {number} drawn while no card is dealt: check the layout"
            ));
            return;
        };
        // The deal confirmed before the shoe read its last card (the places filled from the
        // shoe, the hole card still to come): the next card in sequence is the deal's, never a
        // hit (§ 635a.7(e)).
        if at != Step21::Deal && self.deal_short() {
            self.drawn.deal.push(Some(card));
            return;
        }
        match at {
            Step21::Deal => self.dealt_card(card),
            Step21::Dealer if self.hole_card_held() => {
                // A card drawn for the dealer: the hole card was turned up before it.
                match self.hole_card_command() {
                    Ok(hole) => self.execute_then(
                        hole,
                        Box::new(move |t: &mut Terminal, turned| match turned {
                            Ok(_) => t.execute_then(card_drawn(card), refused_card(card)),
                            Err(e) => t.refused_report(e),
                        }),
                    ),
                    Err(e) => self.refused_report(e),
                }
            }
            Step21::Dealer
                if self
                    .table
                    .round
                    .as_ref()
                    .and_then(|r| r.banked.as_ref())
                    .is_some_and(|b| b.dealer.len() < 2) =>
            {
                self.refused_report(format!(
                    "the shoe reported {} drawn before the hole card was turned up: turn it up and tap it first",
                    card.pretty()
                ));
            }
            Step21::Hand { .. } | Step21::LateCard { .. } | Step21::Dealer => {
                self.execute_then(card_drawn(card), refused_card(card));
            }
            _ => self.refused_report(format!(
                "the shoe reported {} drawn before the players' decisions: check the layout",
                card.pretty()
            )),
        }
    }

    /// A card of the deal, kept in the order drawn; the hole card is never named.
    fn dealt_card(&mut self, card: Card) {
        let Some(number) = self.table.round.as_ref().map(|r| r.number) else {
            return;
        };
        if self.drawn.round != Some(number) {
            self.drawn.round = Some(number);
            self.drawn.deal.clear();
        }
        match self.deal_drawn() {
            Some((out, of)) if out < of => self.drawn.deal.push(Some(card)),
            _ => self.refused_report(
                "the shoe reported a card drawn after the whole deal: check the layout".into(),
            ),
        }
    }

    /// Past the deal step, with this round's deal read but for its last card and the hole card
    /// not yet turned up: the shoe still owes the hole card.
    fn deal_short(&self) -> bool {
        let Some(r) = self.table.round.as_ref() else {
            return false;
        };
        let Some(b) = r.banked.as_ref() else {
            return false;
        };
        self.drawn.round == Some(r.number)
            && b.dealer.len() == 1
            && self.drawn.deal.len() + 1 == 2 * b.seats.len() + 2
    }

    /// At the deal, `missed` cards drawn and not taken as read: each keeps its place in the
    /// deal, so the cards after it go where they were dealt (and the hole card stays the hole
    /// card). False away from the deal.
    fn unread_in_the_deal(&mut self, missed: u16) -> bool {
        let Some(number) = self.table.round.as_ref().map(|r| r.number) else {
            return false;
        };
        let Some((out, of)) = self.deal_drawn() else {
            return false;
        };
        if self.drawn.round != Some(number) {
            self.drawn.round = Some(number);
            self.drawn.deal.clear();
        }
        let room = of.saturating_sub(out);
        let missed = usize::from(missed).min(room);
        self.drawn.deal.extend(std::iter::repeat_n(None, missed));
        true
    }

    /// The deal confirmed carries what the shoe read of it: the terminal's record of the
    /// device, never the screen's.
    pub(super) fn fill_deal_reading(&self, cmd: &mut Command) {
        if let Command::Banked(b) = cmd
            && let Some(Command21::Dealt { seats, read, .. }) = b.play21_mut()
        {
            *read = self
                .deal_read()
                .into_iter()
                .filter(|(p, _)| match p {
                    HandPlace::Seat(s) => seats.iter().any(|(k, c)| k == s && !c.is_empty()),
                    _ => true,
                })
                .collect();
        }
    }
}

/// A card the shoe read, dealt as it was read.
fn card_drawn(card: Card) -> Command {
    Command::Banked(
        Command21::Card {
            card,
            read: Some(card),
        }
        .into(),
    )
}

/// What follows a card drawn from the shoe into the round: a refusal names the card, in the
/// dealer's words where no card is owed any more (the dealer's hand stood once its hole card
/// was turned up).
fn refused_card(card: Card) -> super::committing::AfterRecord {
    Box::new(move |t: &mut Terminal, outcome| {
        let Err(e) = outcome else {
            return;
        };
        let owed = matches!(
            t.banked21(),
            Some((
                _,
                Step21::Hand { .. } | Step21::LateCard { .. } | Step21::Dealer
            ))
        );
        t.refused_report(if owed {
            format!("{} drawn: {e}", card.pretty())
        } else {
            format!(
                "the shoe reported {} drawn while no card is owed: check the layout",
                card.pretty()
            )
        });
    })
}
