//! One shape for the rules' state machines (issue 43, item 2): the table
//! ([`crate::rules::table::Table`]), a house-banked round
//! ([`crate::rules::banked::round::BankedRound`]) and a poker-room hand
//! ([`crate::rules::poker::hand::Hand`]). A command goes in; `decide` gives the events it causes,
//! or a [`Refusal`] that says why and cites the section that forbids it, and changes nothing;
//! `apply` folds what one `decide` gave and refuses what does not fit where the machine stands.
//! The tests' given/when/then kit (`tests/common/machine.rs`) drives any of them through it.

use std::fmt;

/// A command or an event the rules refuse: why, in words for the dealer, citing the section that
/// forbids it where one does.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Refusal {
    pub why: String,
}

impl Refusal {
    /// The last section the refusal cites ("§ 637a.8(k)"), if it cites one.
    pub fn section(&self) -> Option<String> {
        let at = self.why.rfind("§ ")?;
        let rest = &self.why[at + "§ ".len()..];
        let mut cited: String = rest
            .chars()
            .take_while(|c| !c.is_whitespace() && *c != ',' && *c != ';')
            .collect();
        // "(§ 635a.8(b))": the closing bracket of the words around it is not the section's.
        while cited.ends_with('.')
            || cited.ends_with(')') && cited.matches(')').count() > cited.matches('(').count()
        {
            cited.pop();
        }
        (!cited.is_empty()).then(|| format!("§ {cited}"))
    }
}

impl fmt::Display for Refusal {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.why)
    }
}

impl From<String> for Refusal {
    fn from(why: String) -> Refusal {
        Refusal { why }
    }
}

/// A state machine of the rules: pure, no I/O.
pub trait Machine: Clone {
    type Command;
    type Event: Clone + PartialEq + fmt::Debug;
    /// What deciding needs beyond the machine (a house-banked round: the paytables and choices
    /// the table opened with).
    type Context<'a>: Copy;

    /// The events `cmd` causes, or why the rules refuse it. Nothing changes.
    fn decide(
        &self,
        cmd: &Self::Command,
        ctx: Self::Context<'_>,
    ) -> Result<Vec<Self::Event>, Refusal>;

    /// Folds the events one `decide` gave; a refusal changes nothing.
    fn apply(&mut self, events: &[Self::Event]) -> Result<(), Refusal>;
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_refusal_names_the_section_it_cites() {
        let r = |s: &str| Refusal::from(s.to_string()).section();
        assert_eq!(
            r("insurance of $30.00 is more than half of it (§ 635a.8(b))").as_deref(),
            Some("§ 635a.8(b)")
        );
        assert_eq!(
            r("seat 4: the Play is 1x to 3x the Ante (§ 657a.11(b), § 657a.7(c)).").as_deref(),
            Some("§ 657a.7(c)")
        );
        assert_eq!(r("the round is over"), None);
    }
}
