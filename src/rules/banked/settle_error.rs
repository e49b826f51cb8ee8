//! A refused round, by the field at fault.

use std::fmt;

use crate::rules::machine::Refusal;

/// A refused round: the JSON path of the field at fault, why, and the section that forbids it,
/// named where the check refuses ([`cited`]); none where the input is only malformed.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct SettleError {
    pub field: String,
    pub message: String,
    pub section: Option<String>,
}

impl fmt::Display for SettleError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}: {}", self.field, self.message)?;
        match &self.section {
            Some(section) => write!(f, " ({section})"),
            None => Ok(()),
        }
    }
}

impl std::error::Error for SettleError {}

/// The field's value is not one the settlement reads (no section forbids it: it is not a
/// round at all).
pub fn err(field: impl Into<String>, message: impl Into<String>) -> SettleError {
    SettleError {
        field: field.into(),
        message: message.into(),
        section: None,
    }
}

/// The field records what the rule at `section` forbids.
pub fn cited(
    field: impl Into<String>,
    section: impl Into<String>,
    message: impl Into<String>,
) -> SettleError {
    SettleError {
        field: field.into(),
        message: message.into(),
        section: Some(section.into()),
    }
}

/// A round the settlement refuses is a refusal of the round: the field and why, and the
/// section as the check named it.
impl From<SettleError> for Refusal {
    fn from(e: SettleError) -> Refusal {
        Refusal {
            why: format!("{}: {}", e.field, e.message),
            section: e.section,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_round_the_settlement_refuses_keeps_its_section() {
        let e = cited(
            "seats[0].hands",
            "§ 635a.11(c)",
            "3 hands: this casino allows 1 additional split(s)",
        );
        assert_eq!(
            e.to_string(),
            "seats[0].hands: 3 hands: this casino allows 1 additional split(s) (§ 635a.11(c))"
        );
        let r = Refusal::from(e).within(|w| format!("Cannot settle: {w}"));
        assert!(r.cites("§ 635a.11(c)"), "{r}");
        assert!(
            r.to_string()
                .starts_with("Cannot settle: seats[0].hands: 3 hands")
        );
        assert_eq!(Refusal::from(err("seats", "not a list")).section(), None);
    }
}
