//! The people on a record: the roles of the regulation and a person as a record names them.

use serde::{Deserialize, Serialize};

/// The roles of the regulation, lowest first: "floorperson or above" is `>= Floorperson`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Role {
    Dealer,
    Floorperson,
    Supervisor,
    Administrator,
}

impl Role {
    pub fn name(self) -> &'static str {
        match self {
            Role::Dealer => "dealer",
            Role::Floorperson => "floorperson",
            Role::Supervisor => "shift supervisor",
            Role::Administrator => "administrator",
        }
    }
}

/// A person as they appear on a record: name and Board-issued credential number.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Person {
    pub name: String,
    pub credential: String,
    pub role: Role,
}
