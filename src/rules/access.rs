//! Who may do what. Every protected action of the terminal is named here with the lowest role
//! that may perform it and the section that says so; `check` is the only gate, so the rule for
//! an action lives in one place and its test is one table (`tests` below, every action × role).
//!
//! "Floorperson or above" (§ 637a.4(a), § 637a.5(c), § 647a.11(i)(3) …) means the floorperson,
//! the shift supervisor and the administrator. A dealer never verifies, and nobody verifies
//! their own action.

use super::people::{Person, Role};

#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Action {
    /// Sign in as the table's dealer.
    DealTable,
    /// Verify the deck inspection at opening (§ 637a.4(a)).
    VerifyInspection,
    /// Verify a dealer's hand count of a deck (§ 637a.7(e)(4)(i); the issue asks a floorperson).
    VerifyDeckCount,
    /// Verify a deck removal and its replacement (§ 637a.7(e)(5)).
    VerifyDeckChange,
    /// Require a recut (§ 637a.5(c)).
    RequireRecut,
    /// Verify a high hand and sign the High Hand Tracking Slip (§ 637a.16(f)).
    VerifyHighHand,
    /// Count and sign the Bad Beat or High Hand box with the dealer (§ 637a.15, § 637a.16(d)).
    SignBoxCount,
    /// Verify the time charges collected before they go into the drop box (§ 637a.17(b)(3)(v)).
    VerifyTimeCharges,
    /// Validate a progressive payout (§ 647a.11(i)(3), § 655a.11(i)(4)(I)(C), § 657a.11(e)(3)).
    ValidateProgressive,
    /// Approve a payout above the table's supervisor threshold (`[table]
    /// supervisor_over_cents`: house policy).
    ApproveLargePayout,
    /// Verify a Bad Beat hand before the award: the Poker shift supervisor (§ 637a.15(f)).
    VerifyBadBeat,
    /// Verify a 500-for-1 or meter Five Card Hand Bonus payout (§ 647a.11(j)(2)).
    VerifyLargePayout,
    /// Sign an irregularity report (§ 637a.18 and each game's irregularities section).
    SignIrregularity,
    /// Rule on a dispute: the Poker shift supervisor's decision is final (§ 637a.18(a)).
    RuleOnDispute,
    /// Unlock a locked screen that another dealer left (§ none: house security).
    UnlockScreen,
    /// Open the supervisor review of the records.
    ReviewRecords,
    /// Export or print records.
    ExportRecords,
    /// Add a correction row to the journal.
    CorrectRecord,
    /// Take the round in play back some steps (a mistaken action found after others).
    CorrectRound,
    /// Count (or cover) the stakes of a player stepping away, and check them on return.
    VerifyTableStakes,
    /// Add, deactivate or reset the PIN of a person with this role.
    ManagePeople(Role),
    /// Clear a PIN lock-out.
    ClearLockout,
    /// Change the terminal's configuration.
    ChangeConfiguration,
}

impl Action {
    /// Every action, for tests and documentation.
    pub const ALL: [Action; 26] = [
        Action::DealTable,
        Action::VerifyInspection,
        Action::VerifyDeckCount,
        Action::VerifyDeckChange,
        Action::RequireRecut,
        Action::VerifyHighHand,
        Action::SignBoxCount,
        Action::VerifyTimeCharges,
        Action::ValidateProgressive,
        Action::VerifyLargePayout,
        Action::ApproveLargePayout,
        Action::VerifyBadBeat,
        Action::SignIrregularity,
        Action::RuleOnDispute,
        Action::UnlockScreen,
        Action::ReviewRecords,
        Action::ExportRecords,
        Action::CorrectRecord,
        Action::CorrectRound,
        Action::VerifyTableStakes,
        Action::ManagePeople(Role::Dealer),
        Action::ManagePeople(Role::Floorperson),
        Action::ManagePeople(Role::Supervisor),
        Action::ManagePeople(Role::Administrator),
        Action::ClearLockout,
        Action::ChangeConfiguration,
    ];

    /// Who may act, and the authority for it.
    pub fn rule(self) -> (&'static [Role], &'static str) {
        use Role::*;
        const FLOOR_UP: &[Role] = &[Floorperson, Supervisor, Administrator];
        const SUPERVISOR_UP: &[Role] = &[Supervisor, Administrator];
        match self {
            Action::DealTable => (&[Dealer], "the dealer on every record is the one signed in"),
            Action::VerifyInspection => (FLOOR_UP, "§ 637a.4(a)"),
            Action::VerifyDeckCount => (FLOOR_UP, "§ 637a.7(e)(4)(i)"),
            Action::VerifyDeckChange => (FLOOR_UP, "§ 637a.7(e)(5)"),
            Action::RequireRecut => (FLOOR_UP, "§ 637a.5(a),(c)"),
            Action::VerifyHighHand => (FLOOR_UP, "§ 637a.16(f)"),
            Action::SignBoxCount => (FLOOR_UP, "§ 637a.15, § 637a.16(d)"),
            Action::VerifyTimeCharges => (FLOOR_UP, "§ 637a.17(b)(3)(v)"),
            Action::ValidateProgressive => (FLOOR_UP, "§ 647a.11(i)(3)"),
            Action::VerifyLargePayout => (FLOOR_UP, "§ 647a.11(j)(2)"),
            Action::ApproveLargePayout => (
                SUPERVISOR_UP,
                "house policy: payouts above the table's supervisor threshold",
            ),
            Action::VerifyBadBeat => (SUPERVISOR_UP, "§ 637a.15(f)"),
            Action::SignIrregularity => (FLOOR_UP, "§ 637a.18, § 635a.13"),
            Action::RuleOnDispute => (SUPERVISOR_UP, "§ 637a.18(a)"),
            Action::UnlockScreen => (
                FLOOR_UP,
                "house security: the signed-in dealer or a floorperson",
            ),
            Action::ReviewRecords | Action::ExportRecords => {
                (SUPERVISOR_UP, "shift supervisors review the logs")
            }
            Action::CorrectRecord => (SUPERVISOR_UP, "corrections are signed by a supervisor"),
            Action::CorrectRound => (
                FLOOR_UP,
                "house procedure: a floorperson signs a correction of the round in play",
            ),
            Action::VerifyTableStakes => (FLOOR_UP, "§ 637a.8(b)(6)"),
            Action::ManagePeople(Dealer | Floorperson) => {
                (SUPERVISOR_UP, "supervisors manage people")
            }
            Action::ManagePeople(Supervisor | Administrator) => (
                &[Administrator],
                "only an administrator manages supervisors and administrators",
            ),
            Action::ClearLockout => (SUPERVISOR_UP, "a supervisor clears a PIN lock-out"),
            Action::ChangeConfiguration => (
                &[Administrator],
                "the administrator keeps the configuration",
            ),
        }
    }

    pub fn describe(self) -> String {
        match self {
            Action::DealTable => "deal this table".into(),
            Action::VerifyInspection => "verify the deck inspection".into(),
            Action::VerifyDeckCount => "verify a deck count".into(),
            Action::VerifyDeckChange => "verify a deck change".into(),
            Action::RequireRecut => "require a recut".into(),
            Action::VerifyHighHand => "verify a high hand".into(),
            Action::SignBoxCount => "sign a box count".into(),
            Action::VerifyTimeCharges => "verify time charges".into(),
            Action::ValidateProgressive => "validate a progressive payout".into(),
            Action::VerifyLargePayout => "verify a large bonus payout".into(),
            Action::ApproveLargePayout => "approve a payout this large".into(),
            Action::VerifyBadBeat => "verify a Bad Beat hand".into(),
            Action::SignIrregularity => "sign an irregularity report".into(),
            Action::RuleOnDispute => "rule on a dispute".into(),
            Action::UnlockScreen => "unlock this screen".into(),
            Action::ReviewRecords => "review the records".into(),
            Action::ExportRecords => "export records".into(),
            Action::CorrectRecord => "correct a record".into(),
            Action::CorrectRound => "correct the round in play".into(),
            Action::VerifyTableStakes => "count or check a player's table stakes".into(),
            Action::ManagePeople(r) => format!("manage {}s", r.name()),
            Action::ClearLockout => "clear a PIN lock-out".into(),
            Action::ChangeConfiguration => "change the configuration".into(),
        }
    }
}

fn article(word: &str) -> &'static str {
    if word.starts_with(['a', 'e', 'i', 'o', 'u']) {
        "an"
    } else {
        "a"
    }
}

/// May `role` perform `action`?
pub fn allowed(role: Role, action: Action) -> bool {
    action.rule().0.contains(&role)
}

/// Checks a person for an action; the message names the person, the role and the authority.
/// `actor_of_record` is the person whose action is being verified (the dealer), who may never
/// verify it themself.
pub fn check(p: &Person, action: Action, actor_of_record: Option<&Person>) -> Result<(), String> {
    let (roles, why) = action.rule();
    if !roles.contains(&p.role) {
        let who: Vec<&str> = roles.iter().map(|r| r.name()).collect();
        let who = who.join(" or ");
        return Err(format!(
            "{} is {} {}: to {} takes {} {who} ({why})",
            p.name,
            article(p.role.name()),
            p.role.name(),
            action.describe(),
            article(&who),
        ));
    }
    if let Some(a) = actor_of_record
        && a.credential == p.credential
        && action != Action::DealTable
        && action != Action::UnlockScreen
    {
        return Err(format!("{} cannot verify their own action", p.name));
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn person(role: Role) -> Person {
        Person {
            name: format!("P {}", role.name()),
            credential: format!("C-{}", role as u8),
            role,
        }
    }

    /// Every action × every role, written out so a change of policy is a visible change here.
    #[test]
    fn the_whole_policy_table() {
        use Role::*;
        // (action, dealer, floorperson, supervisor, administrator)
        let table: [(Action, [bool; 4]); 26] = [
            (Action::DealTable, [true, false, false, false]),
            (Action::VerifyInspection, [false, true, true, true]),
            (Action::VerifyDeckCount, [false, true, true, true]),
            (Action::VerifyDeckChange, [false, true, true, true]),
            (Action::RequireRecut, [false, true, true, true]),
            (Action::VerifyHighHand, [false, true, true, true]),
            (Action::SignBoxCount, [false, true, true, true]),
            (Action::VerifyTimeCharges, [false, true, true, true]),
            (Action::ValidateProgressive, [false, true, true, true]),
            (Action::VerifyLargePayout, [false, true, true, true]),
            (Action::ApproveLargePayout, [false, false, true, true]),
            (Action::VerifyBadBeat, [false, false, true, true]),
            (Action::SignIrregularity, [false, true, true, true]),
            (Action::RuleOnDispute, [false, false, true, true]),
            (Action::UnlockScreen, [false, true, true, true]),
            (Action::ReviewRecords, [false, false, true, true]),
            (Action::ExportRecords, [false, false, true, true]),
            (Action::CorrectRecord, [false, false, true, true]),
            (Action::CorrectRound, [false, true, true, true]),
            (Action::VerifyTableStakes, [false, true, true, true]),
            (Action::ManagePeople(Dealer), [false, false, true, true]),
            (
                Action::ManagePeople(Floorperson),
                [false, false, true, true],
            ),
            (
                Action::ManagePeople(Supervisor),
                [false, false, false, true],
            ),
            (
                Action::ManagePeople(Administrator),
                [false, false, false, true],
            ),
            (Action::ClearLockout, [false, false, true, true]),
            (Action::ChangeConfiguration, [false, false, false, true]),
        ];
        assert_eq!(table.len(), Action::ALL.len());
        for (i, (action, expect)) in table.iter().enumerate() {
            assert_eq!(*action, Action::ALL[i], "table row {i} out of order");
            for (role, want) in [Dealer, Floorperson, Supervisor, Administrator]
                .into_iter()
                .zip(expect)
            {
                assert_eq!(allowed(role, *action), *want, "{action:?} for {role:?}");
                let got = check(&person(role), *action, None);
                assert_eq!(got.is_ok(), *want, "{action:?} for {role:?}: {got:?}");
                if let Err(msg) = got {
                    assert!(msg.contains(role.name()), "{msg}");
                }
            }
        }
    }

    #[test]
    fn nobody_verifies_their_own_action() {
        let floor = person(Role::Floorperson);
        let e = check(&floor, Action::VerifyDeckCount, Some(&floor)).unwrap_err();
        assert!(e.contains("cannot verify their own action"), "{e}");
        let dealer = person(Role::Dealer);
        assert!(check(&floor, Action::VerifyDeckCount, Some(&dealer)).is_ok());
        let e = check(&dealer, Action::VerifyInspection, Some(&dealer)).unwrap_err();
        // § 647a.4(a): the dealer never verifies the dealer's own deck inspection.
        assert!(e.contains("is a dealer"), "{e}");
    }
}
