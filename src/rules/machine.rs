//! One shape for the rules' state machines (issue 43, item 2): the table
//! ([`crate::rules::table::Table`]), a house-banked round
//! ([`crate::rules::banked::round::BankedRound`]) and a poker-room hand
//! ([`crate::rules::poker::hand::Hand`]). A command goes in; `decide` gives the events it causes,
//! or a [`Refusal`] that says why and cites the section that forbids it, and changes nothing;
//! `apply` folds what one `decide` gave and refuses what does not fit where the machine stands.
//! The tests' given/when/then kit (`tests/common/machine.rs`) drives any of them through it.

use std::fmt;

/// A command or an event the rules refuse: why, in words for the dealer, and the section that
/// forbids it, named where the rule refuses ([`refusal!`](crate::refusal)) rather than found
/// in the words afterwards. A refusal with no section is one of where the machine stands (a
/// command for a step that is not now), not of a rule's text.
#[derive(Debug, Clone, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub struct Refusal {
    /// The words, without the section.
    pub why: String,
    /// The section (or sections, "§ 657a.11(b), § 657a.7(c)") the refusal cites.
    pub section: Option<String>,
}

impl Refusal {
    /// A refusal the rule at `section` makes.
    pub fn citing(section: impl Into<String>, why: impl Into<String>) -> Refusal {
        Refusal {
            why: why.into(),
            section: Some(section.into()),
        }
    }

    /// A refusal of where the machine stands, citing no section.
    pub fn plain(why: impl Into<String>) -> Refusal {
        Refusal {
            why: why.into(),
            section: None,
        }
    }

    /// The section the refusal cites, as named where it was made.
    pub fn section(&self) -> Option<&str> {
        self.section.as_deref()
    }

    /// Whether the refusal cites `section` (one of the sections it names).
    pub fn cites(&self, section: &str) -> bool {
        self.section
            .as_deref()
            .is_some_and(|s| s.split(", ").any(|one| one == section))
    }

    /// Whether the refusal, as the dealer reads it (its words and its section), holds `words`.
    pub fn contains(&self, words: &str) -> bool {
        self.to_string().contains(words)
    }

    /// The same refusal with its words put in context ("seat 3: …"); the section stays.
    pub fn within(self, context: impl FnOnce(&str) -> String) -> Refusal {
        Refusal {
            why: context(&self.why),
            section: self.section,
        }
    }
}

/// A refusal citing a section: `refusal!("§ 635a.13(i)", "seat {seat}: no card is owed")`.
#[macro_export]
macro_rules! refusal {
    ($section:expr, $($words:tt)+) => {
        $crate::rules::machine::Refusal::citing($section, format!($($words)+))
    };
}

impl fmt::Display for Refusal {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match &self.section {
            Some(section) => write!(f, "{} ({section})", self.why),
            None => f.write_str(&self.why),
        }
    }
}

impl std::error::Error for Refusal {}

/// Words from a part of the rules that does not yet name its section: a refusal citing none.
impl From<String> for Refusal {
    fn from(why: String) -> Refusal {
        Refusal::plain(why)
    }
}

impl From<&str> for Refusal {
    fn from(why: &str) -> Refusal {
        Refusal::plain(why)
    }
}

/// The refusal as the dealer reads it, where words are all that is wanted.
impl From<Refusal> for String {
    fn from(r: Refusal) -> String {
        r.to_string()
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
    fn a_refusal_reads_with_the_section_it_names() {
        let seat = 4;
        let r = crate::refusal!(
            "§ 657a.11(b), § 657a.7(c)",
            "seat {seat}: the Play is 1x to 3x the Ante"
        );
        assert_eq!(
            r.to_string(),
            "seat 4: the Play is 1x to 3x the Ante (§ 657a.11(b), § 657a.7(c))"
        );
        assert!(r.cites("§ 657a.7(c)") && r.cites("§ 657a.11(b)"));
        assert!(!r.cites("§ 657a.11"));
        let r = r.within(|w| format!("round 2, {w}"));
        assert_eq!(r.section(), Some("§ 657a.11(b), § 657a.7(c)"));
        assert!(r.to_string().starts_with("round 2, seat 4"));
        assert_eq!(Refusal::plain("the round is over").section(), None);
    }
}
