//! Given/when/then for the rules' state machines (`deckhand::rules::machine::Machine`): given a
//! machine and the steps that brought it where it stands, when a command, then these events (and
//! they fold back into the machine) or a refusal citing this section (and nothing changed).

use deckhand::rules::machine::{Machine, Refusal};

/// A machine where the given steps left it.
pub struct Given<M: Machine> {
    machine: M,
}

/// `start`, then each step (what one `decide` gave) folded in: a step that does not fit fails
/// the test.
pub fn given<M: Machine>(start: M, steps: &[Vec<M::Event>]) -> Given<M> {
    let mut machine = start;
    for (i, step) in steps.iter().enumerate() {
        if let Err(e) = machine.apply(step) {
            panic!("given step {i} does not fit: {e}\n{step:?}");
        }
    }
    Given { machine }
}

impl<M: Machine> Given<M> {
    /// The machine as the given steps left it.
    pub fn machine(&self) -> &M {
        &self.machine
    }

    /// What the rules decide for `cmd`.
    pub fn when(self, cmd: &M::Command, ctx: M::Context<'_>) -> Then<M> {
        let decided = self.machine.decide(cmd, ctx);
        Then {
            machine: self.machine,
            decided,
        }
    }
}

/// What was decided, to check.
pub struct Then<M: Machine> {
    machine: M,
    decided: Result<Vec<M::Event>, Refusal>,
}

impl<M: Machine> Then<M> {
    /// The events decided, folded into the machine (which must take them): the machine after.
    pub fn then_events(self, check: impl FnOnce(&[M::Event])) -> M {
        let events = match self.decided {
            Ok(events) => events,
            Err(e) => panic!("refused: {e}"),
        };
        check(&events);
        let mut after = self.machine;
        if let Err(e) = after.apply(&events) {
            panic!("the machine refuses what it decided: {e}\n{events:?}");
        }
        after
    }

    /// Exactly these events, folded in: the machine after.
    pub fn then(self, expected: &[M::Event]) -> M {
        self.then_events(|got| assert_eq!(got, expected))
    }

    /// Refused, citing `section`, with `words` in the reason.
    pub fn refused(self, section: &str, words: &str) -> Refusal {
        match self.decided {
            Ok(events) => panic!("decided {events:?}; expected a refusal citing {section}"),
            Err(r) => {
                assert!(r.cites(section), "{r} (citing {:?})", r.section());
                assert!(r.why.contains(words), "{r}");
                r
            }
        }
    }
}

/// Decides `cmd` and folds what it gave into `machine`, as the table does each tap: the events,
/// or the refusal (nothing changed). A machine that refuses what it decided fails the test.
pub fn run<M: Machine>(
    machine: &mut M,
    cmd: &M::Command,
    ctx: M::Context<'_>,
) -> Result<Vec<M::Event>, Refusal> {
    let events = machine.decide(cmd, ctx)?;
    if let Err(e) = machine.apply(&events) {
        panic!("the machine refuses what it decided: {e}\n{events:?}");
    }
    Ok(events)
}

/// A poker-room hand's command decided and folded back, as the table does each tap ([`run`]).
pub fn run_hand(
    h: &mut deckhand::rules::poker::hand::Hand,
    cmd: deckhand::rules::poker::hand::HandCommand,
) -> Result<Vec<deckhand::rules::poker::hand::HandEvent>, Refusal> {
    run(h, &cmd, ())
}

/// `seat` calls (or checks where nothing is to call) in the hand, which must take it.
pub fn calls(h: &mut deckhand::rules::poker::hand::Hand, seat: u8) {
    run_hand(
        h,
        deckhand::rules::poker::hand::HandCommand::Act {
            seat,
            kind: deckhand::rules::betting_actions::ActionKind::Call,
            amount: None,
        },
    )
    .unwrap_or_else(|e| panic!("seat {seat} cannot call: {e}"));
}

/// A house-banked round's command decided with its game's embedded paytables and choices and
/// folded back, as the table does each tap ([`run`]).
pub fn run_round(
    r: &mut deckhand::rules::banked::round::BankedRound,
    cmd: &deckhand::rules::banked::round::BankedCommand,
) -> Result<(), Refusal> {
    let house = deckhand::rules::banked::House::default_for(r.game)?;
    run(r, cmd, Some(&house)).map(|_| ())
}

/// A seat's wagers by their spots' keys: `wagers(&[("ante", 500), ("progressive", 100)])`.
pub fn wagers(
    list: &[(&str, deckhand::rules::Cents)],
) -> std::collections::BTreeMap<String, deckhand::rules::Cents> {
    list.iter().map(|(k, v)| (k.to_string(), *v)).collect()
}

/// The results the dealer tapped, with no forced dealer: whether the dealer's hand qualifies and
/// each seat's result.
pub fn tapped_results(
    dealer_qualifies: bool,
    seats: Vec<(u8, deckhand::rules::banked::round::SeatResult)>,
) -> deckhand::rules::banked::round::Results {
    deckhand::rules::banked::round::Results {
        dealer_qualifies,
        seats,
        forced: None,
    }
}
