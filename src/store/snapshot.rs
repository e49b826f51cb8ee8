//! Table snapshots: the whole table as a journal row (`table_snapshot`, a system row, in the
//! hash chain like any other), written between rounds once `[store] snapshot_every_rows`
//! table rows followed the last (a round's hand machine is not stored whole). A start
//! rebuilds the table from the newest snapshot and the table rows after it, so it does not
//! grow with the journal's history. `verify-log --replay` holds every snapshot equal to the
//! table the full replay gives at that point (`store::replay`), so a snapshot can never say
//! other than the rows it stands for.

use crate::rules::table::Table;
use serde::{Deserialize, Serialize};

/// What a snapshot row holds.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Snapshot {
    /// Always "table_snapshot".
    pub kind: String,
    /// The build's snapshot format ([`FORMAT`]): a start uses only a snapshot of its own
    /// format and otherwise replays every row (then writes one of its own).
    pub format: String,
    /// The serial of the last table row the snapshot includes.
    pub through: i64,
    pub table: Table,
}

/// This build's snapshot format: the package version and a number raised whenever `Table`'s
/// fields change what they mean. Another build's snapshots are ignored, never misread.
pub const FORMAT: &str = concat!("table-3/", env!("CARGO_PKG_VERSION"));

/// Table rows between snapshots when the configuration does not say.
pub const DEFAULT_EVERY: u64 = 5_000;

impl Snapshot {
    pub fn new(through: i64, table: &Table) -> Snapshot {
        Snapshot {
            kind: "table_snapshot".into(),
            format: FORMAT.into(),
            through,
            table: table.clone(),
        }
    }

    /// A snapshot row's payload, if it is one of this build's format.
    pub fn read(payload: &str) -> Option<Snapshot> {
        serde_json::from_str::<Snapshot>(payload)
            .ok()
            .filter(|s| s.format == FORMAT && s.kind == "table_snapshot")
    }
}
