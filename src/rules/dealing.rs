//! How the cards reach the players at a house-banked table: from the hand, a manual dealing
//! shoe or an automated one (each game's § x.8, x.9, x.10). The game's definition says which
//! methods its chapter allows; the table's setup says which one it uses.

use serde::{Deserialize, Serialize};

/// How the cards reach the players at a house-banked table (each game's § x.8, x.9, x.10).
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Dealing {
    /// From the dealer's hand (§ x.9).
    #[default]
    Hand,
    /// From a manual dealing shoe (§ x.8).
    ManualShoe,
    /// From an automated dealing shoe (§ x.10).
    AutomatedShoe,
}

impl Dealing {
    pub fn parse(s: &str) -> Result<Dealing, String> {
        match s {
            "hand" => Ok(Dealing::Hand),
            "manual-shoe" => Ok(Dealing::ManualShoe),
            "automated-shoe" => Ok(Dealing::AutomatedShoe),
            other => Err(format!(
                "`{other}`: the dealing method is hand, manual-shoe or automated-shoe"
            )),
        }
    }

    pub fn id(self) -> &'static str {
        match self {
            Dealing::Hand => "hand",
            Dealing::ManualShoe => "manual-shoe",
            Dealing::AutomatedShoe => "automated-shoe",
        }
    }

    /// The dealer's words for the method.
    pub fn name(self) -> &'static str {
        match self {
            Dealing::Hand => "from the hand",
            Dealing::ManualShoe => "from a manual dealing shoe",
            Dealing::AutomatedShoe => "from an automated dealing shoe",
        }
    }
}
