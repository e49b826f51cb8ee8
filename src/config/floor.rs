//! `[floor]`: the floor board's sections (issue 44). A pit or poker room is split into sections,
//! each watched by its floorpersons; the board shows a floorperson the tables of the sections
//! that name them, and a shift supervisor every table. With no section configured, everyone
//! signed in at the board sees every table (a small room).

use crate::rules::table::{Person, Role};
use serde::Deserialize;
use std::collections::BTreeSet;

#[derive(Debug, Clone, Deserialize, PartialEq)]
#[serde(default, deny_unknown_fields)]
pub struct FloorConfig {
    pub sections: Vec<Section>,
    /// The board's own journal (its people, sign-ins and the calls answered from it). Empty:
    /// `floor-board.sqlite` beside the terminal's database, never the terminal's own file.
    pub database: String,
    /// An open table with no round started for this many minutes shows as idle on the board.
    pub idle_minutes: u32,
}

impl Default for FloorConfig {
    fn default() -> Self {
        FloorConfig {
            sections: Vec::new(),
            database: String::new(),
            idle_minutes: 10,
        }
    }
}

/// One section of the floor.
#[derive(Debug, Clone, Default, Deserialize, PartialEq)]
#[serde(default, deny_unknown_fields)]
pub struct Section {
    /// As the board shows it ("Poker room", "Pit 2").
    pub name: String,
    /// Its tables, by number.
    pub tables: Vec<u32>,
    /// The floorpersons who watch it, by credential number.
    pub floorpersons: Vec<String>,
}

/// What a person signed in at the board sees.
#[derive(Debug, Clone, PartialEq)]
pub struct Scope {
    /// "All tables" or the sections' names.
    pub name: String,
    /// The tables shown; `None`: every table.
    pub tables: Option<BTreeSet<u32>>,
}

impl Scope {
    pub fn shows(&self, table_no: Option<u32>) -> bool {
        match (&self.tables, table_no) {
            (None, _) => true,
            (Some(set), Some(n)) => set.contains(&n),
            (Some(_), None) => false,
        }
    }
}

impl FloorConfig {
    /// The board's journal, given the terminal's database path.
    pub fn database_path(&self, terminal_db: &std::path::Path) -> std::path::PathBuf {
        match self.database.trim() {
            "" => terminal_db.with_file_name("floor-board.sqlite"),
            p => std::path::PathBuf::from(p),
        }
    }

    pub fn validate(&self) -> Result<(), String> {
        if !(1..=720).contains(&self.idle_minutes) {
            return Err(format!(
                "floor.idle_minutes: {} (an idle table is one without a round for 1 to 720 minutes)",
                self.idle_minutes
            ));
        }
        let mut seen = BTreeSet::new();
        for (i, s) in self.sections.iter().enumerate() {
            let at = format!("floor.sections[{i}]");
            if s.name.trim().is_empty() {
                return Err(format!("{at}.name: a section needs a name"));
            }
            if s.tables.is_empty() {
                return Err(format!("{at}.tables: \"{}\" has no table", s.name));
            }
            if s.floorpersons.iter().any(|c| c.trim().is_empty()) {
                return Err(format!("{at}.floorpersons: an empty credential number"));
            }
            if let Some(t) = s.tables.iter().find(|t| !seen.insert(**t)) {
                return Err(format!(
                    "{at}.tables: table {t} is in two sections (a table is watched from one)"
                ));
            }
        }
        Ok(())
    }

    /// The tables `person` sees at the board, or why they may not use it.
    pub fn scope_for(&self, person: &Person) -> Result<Scope, String> {
        let all = Scope {
            name: "All tables".into(),
            tables: None,
        };
        match person.role {
            Role::Dealer => Err("The floor board is for floorpersons and supervisors.".into()),
            Role::Supervisor | Role::Administrator => Ok(all),
            Role::Floorperson if self.sections.is_empty() => Ok(all),
            Role::Floorperson => {
                let mine: Vec<&Section> = self
                    .sections
                    .iter()
                    .filter(|s| s.floorpersons.iter().any(|c| c.trim() == person.credential))
                    .collect();
                if mine.is_empty() {
                    return Err(format!(
                        "No section names {} ({}): a supervisor adds them to floor.sections.",
                        person.name, person.credential
                    ));
                }
                Ok(Scope {
                    name: mine
                        .iter()
                        .map(|s| s.name.as_str())
                        .collect::<Vec<_>>()
                        .join(", "),
                    tables: Some(mine.iter().flat_map(|s| s.tables.iter().copied()).collect()),
                })
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn person(credential: &str, role: Role) -> Person {
        Person {
            name: "Dana Brooks".into(),
            credential: credential.into(),
            role,
        }
    }

    #[test]
    fn a_floorperson_sees_their_sections_a_supervisor_every_table() {
        let floor: FloorConfig = toml::from_str(
            r#"
            [[sections]]
            name = "Poker room"
            tables = [1, 2, 3]
            floorpersons = ["1001"]
            [[sections]]
            name = "Pit 2"
            tables = [20, 21]
            floorpersons = ["1002", "1001"]
            [[sections]]
            name = "Pit 3"
            tables = [30]
            floorpersons = ["1003"]
            "#,
        )
        .unwrap();
        floor.validate().unwrap();
        let dana = floor.scope_for(&person("1001", Role::Floorperson)).unwrap();
        assert_eq!(dana.name, "Poker room, Pit 2");
        assert!(dana.shows(Some(21)) && !dana.shows(Some(30)) && !dana.shows(None));
        let sup = floor.scope_for(&person("3001", Role::Supervisor)).unwrap();
        assert!(sup.shows(Some(30)) && sup.shows(None));
        assert!(
            floor
                .scope_for(&person("1009", Role::Floorperson))
                .unwrap_err()
                .contains("No section names")
        );
        assert!(floor.scope_for(&person("20417", Role::Dealer)).is_err());
        // No sections: a small room, every table for everyone at the board.
        let all = FloorConfig::default()
            .scope_for(&person("1001", Role::Floorperson))
            .unwrap();
        assert!(all.shows(Some(30)));
    }

    #[test]
    fn a_table_in_two_sections_is_named() {
        let floor: FloorConfig = toml::from_str(
            r#"
            [[sections]]
            name = "A"
            tables = [1, 2]
            [[sections]]
            name = "B"
            tables = [2]
            "#,
        )
        .unwrap();
        assert_eq!(
            floor.validate().unwrap_err(),
            "floor.sections[1].tables: table 2 is in two sections (a table is watched from one)"
        );
    }

    #[test]
    fn idle_minutes_default_to_ten_and_zero_is_refused() {
        let floor: FloorConfig = toml::from_str("").unwrap();
        assert_eq!(floor.idle_minutes, 10);
        let zero: FloorConfig = toml::from_str("idle_minutes = 0").unwrap();
        assert_eq!(
            zero.validate().unwrap_err(),
            "floor.idle_minutes: 0 (an idle table is one without a round for 1 to 720 minutes)"
        );
    }
}
