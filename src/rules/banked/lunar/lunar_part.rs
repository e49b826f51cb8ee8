//! Lunar Poker's part of a round, as data ([`LunarPlay`]): the draws bought with an Options fee,
//! the hands declared, the lock-in's settlement and the dealer's replacement card; what a seat
//! may do at its decision ([`LunarOptions`]); and its answers to the generic round
//! ([`RoundPart`]). The steps that change it are in `lunar_play.rs`; the round
//! (`banked::round`) holds it as its `part`, and [`BankedRound::lunar`] reads it.

use crate::refusal;
use crate::rules::machine::Refusal;

use crate::rules::Cents;
use crate::rules::banked::round::{
    BankedCommand, BankedEvent, BankedRound, BankedStep, GamePart, RoundPart, Who,
};
use super::{Draw, Round, Rules, Seat, Wagers};
use crate::rules::banked::round::{GameRound, Settle};
use crate::rules::banked::Settlement;
use crate::rules::cards::Card;
use serde::{Deserialize, Serialize};
use std::collections::{BTreeMap, BTreeSet};

/// A Lunar Poker draw bought with an Options fee equal to the Ante (§ 589.11(b)(3)).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum DrawKind {
    /// A sixth card (§ 589.11(d)(2)(i)(A)).
    Buy,
    /// Two to five cards given up and replaced (§ 589.11(d)(2)(i)(B)).
    Exchange,
}

/// A Lunar Poker seat's options at its decision (`BankedRound::lunar_options`): the buy, the
/// exchange and the instant declaration are its for the fee; the Super declaration only where
/// it made a Super Wager.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct LunarOptions {
    /// The Options fee: the seat's Ante (§ 589.11(b)(3)).
    pub fee: crate::rules::Cents,
    /// Whether the seat's cards are declared for its Super Wager; `None`: it made none.
    pub super_declared: Option<bool>,
}

/// What a Lunar Poker round holds besides the wagers, decisions and cards every game has.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct LunarPlay {
    /// The seats that paid an Options fee to draw, and how.
    #[serde(default)]
    pub draws: BTreeMap<u8, DrawKind>,
    /// The seats that declared their five cards face up (§ 589.11(c)).
    #[serde(default)]
    pub declared: BTreeSet<u8>,
    /// Of those, the royal and straight flushes paid instantly (§ 589.11(c)(1)).
    #[serde(default)]
    pub instant: BTreeSet<u8>,
    /// What was settled when all decisions were locked in (§ 589.11(c)).
    #[serde(default)]
    pub lock_in: Option<Settlement>,
    /// The dealer paid the lock-in's settlement.
    #[serde(default)]
    pub lock_in_paid: bool,
    /// Who signed the lock-in's payouts before they were paid, where the table's thresholds
    /// ask for a signature (`Approvals::signer_for`, as for the round's settlement).
    #[serde(default)]
    pub lock_in_validated_by: Option<crate::rules::people::Person>,
    /// Per drawing seat, the cards given up and the cards dealt for them.
    #[serde(default)]
    pub drawn: BTreeMap<u8, (Vec<Card>, Vec<Card>)>,
    /// The card that replaced the dealer's highest card (§ 589.11(e)(2)(ii)).
    #[serde(default)]
    pub replacement: Option<Card>,
}

/// The Lunar Poker part of a round of another game: nothing drawn, declared or locked in.
static NOTHING_DRAWN: LunarPlay = LunarPlay {
    draws: BTreeMap::new(),
    declared: BTreeSet::new(),
    instant: BTreeSet::new(),
    lock_in: None,
    lock_in_paid: false,
    lock_in_validated_by: None,
    drawn: BTreeMap::new(),
    replacement: None,
};

impl BankedRound {
    /// Lunar Poker's draws, declarations and lock-in; empty in another game's round.
    pub fn lunar(&self) -> &LunarPlay {
        match &self.part {
            GamePart::LunarPoker(p) => p,
            _ => &NOTHING_DRAWN,
        }
    }

    /// Lunar Poker's part, to change; refused in another game's round.
    pub(super) fn lunar_mut(&mut self) -> Result<&mut LunarPlay, Refusal> {
        let game = self.game;
        match &mut self.part {
            GamePart::LunarPoker(p) => Ok(p),
            _ => Err(Refusal::plain(format!("{} has no Options fees or lock-in", game.id()))),
        }
    }

    /// Lunar Poker: the seat placed a Bet Wager, before or after a draw.
    pub fn bet(&self, seat: u8) -> bool {
        self.decisions
            .get(&seat)
            .is_some_and(|d| d.iter().take(2).any(|m| *m > 0))
    }

    /// Lunar Poker: the dealer's five cards are keyed and hold less than ace-king (§ 589.11(e)(2)).
    pub fn dealer_short_of_qualifying(&self) -> bool {
        // Settled from results: as the dealer tapped it.
        if let Some(r) = &self.results {
            return !r.dealer_qualifies;
        }
        crate::rules::lunar_rankings::lunar_hand(&self.dealer).is_ok_and(|h| !h.dealer_qualifies())
    }
}

impl LunarPlay {
    /// What was settled at lock-in for `seat` (§ 589.11(c)).
    fn locked_in_lines(&self, seat: u8) -> impl Iterator<Item = &crate::rules::banked::WagerResult> {
        self.lock_in
            .iter()
            .flat_map(|l| l.results.iter())
            .filter(move |w| w.seat == seat)
    }
}

impl RoundPart for LunarPlay {
    /// § 589.11(c), (e)(2)(ii): no reveal after the draws: the replacement card is keyed
    /// instead; a payout of the lock-in signed before it is paid. Lunar Poker's own steps are
    /// its [`OwnSteps`](crate::rules::banked::round::OwnSteps) (`lunar_steps.rs`).
    fn act_own(round: &mut BankedRound, cmd: &BankedCommand) -> Option<Result<BankedEvent, Refusal>> {
        let def = round.def();
        Some(match (cmd, round.step.clone()) {
            (BankedCommand::Revealed, BankedStep::Reveal { phase })
                if def.phases[phase].after_cards =>
            {
                Err(refusal!(def.sections.decisions, "key the card that replaced the dealer's highest card"))
            }
            // A payout settled at the table before the end, signed.
            (BankedCommand::Validated { floorperson }, BankedStep::Reveal { .. }) => {
                round.lock_in_validated(floorperson)
            }
            _ => return None,
        })
    }

    /// The draw's decision is the drawing seats' (§ 589.11(d)(2)); the force is for a Bet
    /// against a dealer who does not qualify (§ 589.11(e)(2)).
    fn decides(&self, round: &BankedRound, seat: u8, who: Who) -> bool {
        match who {
            Who::StillIn => true,
            Who::Drew => self.draws.contains_key(&seat),
            Who::BetAgainstNonQualifier => round.bet(seat) && round.dealer_short_of_qualifying(),
        }
    }

    /// A royal or straight flush paid instantly at lock-in takes no further part (§ 589.11(c)(1)).
    fn at_showdown(&self, seat: u8) -> bool {
        !self.instant.contains(&seat)
    }

    /// The dealer's cards are revealed after the draws even when nobody drew, if a Bet stands
    /// (§ 589.11(e)).
    fn reveals_unasked(&self, round: &BankedRound, phase: usize) -> bool {
        round.def().phases[phase].who == Who::Drew && round.seats.iter().any(|s| round.bet(*s))
    }

    /// The declared hands and the Super Wagers are settled when all decisions are locked in,
    /// before the draws are dealt (§ 589.11(c)).
    fn reveal_refused(&self, round: &BankedRound, phase: usize) -> Option<Refusal> {
        (round.def().phases[phase].options_fee
            && !self.lock_in_paid
            && !round.lock_in_seats().is_empty())
        .then(|| {
            refusal!(
                "§ 589.11(c)",
                "all decisions are locked in: settle the declared hands and the Super Wagers first"
            )
        })
    }

    /// The Options fee for a draw (§ 589.11(b)(3)).
    fn also_on_layout(&self, round: &BankedRound, seat: u8) -> Cents {
        if self.draws.contains_key(&seat) {
            round.ante(seat)
        } else {
            0
        }
    }

    /// The instant payouts and Super Wagers settled at lock-in (§ 589.11(c)).
    fn settled_early(&self, _round: &BankedRound, seat: u8) -> Cents {
        self.locked_in_lines(seat).map(|w| w.stake).sum()
    }

    /// What the lock-in paid or collected (§ 589.11(c)); once past it, the Options fees and the
    /// Antes folded at the first decision, which the lock-in's step has the dealer collect
    /// (§ 589.11(d)(1), (d)(2)(i)): the settlement does not have them collected again (a walk
    /// found the fee told to be collected twice).
    fn settled_at_table(
        &self,
        round: &BankedRound,
        seat: u8,
        wager: &str,
    ) -> Option<&'static str> {
        if self.locked_in_lines(seat).any(|x| x.wager == wager) {
            return Some("settled at lock-in");
        }
        let drew = self.draws.contains_key(&seat);
        let collected = match wager {
            "options-fee" => drew,
            // A seat that drew folds after its draw (§ 589.11(d)(2)(iv)), not at lock-in.
            "ante" => round.folded.contains(&seat) && !drew && !round.lost.contains_key(&seat),
            _ => false,
        };
        // Past the lock-in: paid where it settled something, or its step done where nothing
        // was declared (phase 0's "all decisions are locked in … collect folded Antes and the
        // Options fees"; a walk found the fee still to collect after it).
        let past = self.lock_in_paid || round.revealed.contains(&0);
        (past && collected).then_some("collected after the lock-in")
    }

    fn paid_before(&self) -> Option<&Settlement> {
        self.lock_in.as_ref()
    }

    fn hands_keyed_earlier(&self) -> Option<&'static str> {
        self.lock_in
            .is_some()
            .then_some("when all decisions were locked in")
    }

    /// An Options fee paid for a draw, or lost with the seat's wagers (§ 589.11(b)(3)).
    fn fees(&self, round: &BankedRound, seat: u8) -> Vec<(String, Cents)> {
        let lost_fee = round.lost.get(&seat).is_some_and(|l| l.options_fee);
        if lost_fee || self.draws.contains_key(&seat) {
            vec![("options-fee".into(), round.ante(seat))]
        } else {
            Vec::new()
        }
    }

    /// An Options fee paid is lost with the rest, and no card is dealt for the draw
    /// (§ 589.11(b)(3)); a declaration not yet settled at lock-in is void.
    fn lose(&mut self, seat: u8) -> Result<bool, Refusal> {
        let fee = self.draws.remove(&seat).is_some();
        if self.lock_in.is_none() {
            self.declared.remove(&seat);
            self.instant.remove(&seat);
        }
        Ok(fee)
    }

    /// Only a Bet plays against the dealer: a hand paid instantly takes no further part
    /// (§ 589.11(c)(1)) and a folded one lost its Ante (§ 589.11(d)(1)).
    fn dealer_needed(&self, round: &BankedRound) -> bool {
        round
            .seats
            .iter()
            .any(|s| round.bet(*s) && self.at_showdown(*s) && !round.lost.contains_key(s))
    }

    fn six_cards(&self, seat: u8) -> bool {
        self.draws.get(&seat) == Some(&DrawKind::Buy)
    }

    fn dealer_replaced(&self) -> bool {
        self.replacement.is_some()
    }

    /// § 589.11(c): a declared hand's five cards were keyed at lock-in; with no card drawn to
    /// them (§ 589.11(d)), its category is theirs (§ 589.6(b)).
    fn category_keyed(&self, round: &BankedRound, seat: u8) -> Option<&'static str> {
        if self.draws.contains_key(&seat) {
            return None;
        }
        let hand = crate::rules::lunar_rankings::lunar_hand(round.cards.get(&seat)?).ok()?;
        Some(super::lunar_line(hand.category).0)
    }

}

/// The round as Lunar Poker's settlement reads it: the seats in play with their declarations,
/// draws, Bets and forcing, and the card that replaced a forced dealer's highest card
/// (§ 589.11(e)(2)(ii)).
impl GameRound for Round {
    type Rules = Rules;
    const SETTLE: Settle<Round> = super::settle;

    fn of_round(r: &BankedRound, _meters: &BTreeMap<String, Cents>) -> Round {
        let text = crate::rules::cards::cards_codes;
        let play = r.lunar();
        let seat = |s: u8| {
            let (gave, drew) = play.drawn.get(&s).cloned().unwrap_or_default();
            Seat {
                seat: s,
                cards: r.cards_text(s),
                wagers: Wagers {
                    ante: r.ante(s),
                    super_wager: r.wager(s, "super"),
                },
                declared: play.declared.contains(&s),
                draw: play.draws.get(&s).map(|kind| match kind {
                    DrawKind::Buy => Draw::Buy(text(&drew)),
                    DrawKind::Exchange => Draw::Exchange {
                        discard: text(&gave),
                        replace: text(&drew),
                    },
                }),
                bet: r.bet(s),
                force: r.decided(s, 2) > 0,
                result: r.tapped(s),
                forced: r.tapped_forced(s),
            }
        };
        Round {
            game: r.game.id().to_string(),
            dealer: r.dealer_text(),
            dealer_qualifies: r.tapped_dealer_qualifies(),
            forced_dealer_qualifies: r.tapped_forced_dealer_qualifies(),
            dealer_replacement: play.replacement.map(|c| c.to_string()),
            seats: r.seats_settled().into_iter().map(seat).collect(),
        }
    }
}
