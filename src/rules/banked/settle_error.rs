//! A refused round, by the field at fault.

use std::fmt;

/// A refused round: the JSON path of the field at fault and why, with the section.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct SettleError {
    pub field: String,
    pub message: String,
}

impl fmt::Display for SettleError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}: {}", self.field, self.message)
    }
}

impl std::error::Error for SettleError {}

pub fn err(field: impl Into<String>, message: impl Into<String>) -> SettleError {
    SettleError {
        field: field.into(),
        message: message.into(),
    }
}
