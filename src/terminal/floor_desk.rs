//! The floor board's own records (issue 44): the board keeps a journal as a terminal does, with
//! its people (credential number and PIN, the same lock-outs), who signed in at it and what
//! they see, and each call answered from it. The board's window (`ui/floor_app.rs`) asks for
//! these; the answer itself travels through the central copy (`store/floor_acks.rs`).

use super::Terminal;
use crate::config::floor::{FloorConfig, Scope};
use crate::rules::table::Person;
use serde_json::json;

impl Terminal {
    /// Signs `credential` in at the floor board: their PIN under the PIN policy (refusals
    /// journaled as at a terminal), then the tables `floor` gives them. Journaled.
    pub fn floor_board_sign_in(
        &mut self,
        credential: &str,
        pin: &str,
        floor: &FloorConfig,
    ) -> Result<(Person, Scope), String> {
        let person = self.check_pin(credential.trim(), pin)?;
        let scope = floor.scope_for(&person).inspect_err(|e| {
            self.record_system(
                "floor_board_refused",
                json!({"credential": person.credential, "reason": e}),
            );
        })?;
        self.record_system(
            "floor_board_signed_in",
            json!({"name": person.name, "credential": person.credential, "sees": scope.name}),
        );
        Ok((person, scope))
    }

    /// The board's frame, as a table terminal's is (`poll_devices`): the writer's answers for
    /// its rows taken, and rows held after a refusal tried again every few seconds (the window
    /// waits for neither).
    pub fn floor_board_frame(&mut self) {
        self.collect_written(std::time::Duration::ZERO);
        self.write_held(false);
    }

    /// `person` signed out of the floor board.
    pub fn floor_board_signed_out(&mut self, person: &Person) {
        self.record_system(
            "floor_board_signed_out",
            json!({"credential": person.credential}),
        );
    }

    /// `person` answered `terminal`'s call (its row `call_serial`) from this board.
    pub fn floor_call_answered(&mut self, terminal: &str, call_serial: i64, person: &Person) {
        self.record_system(
            "floor_call_answered",
            json!({"terminal": terminal, "call_serial": call_serial, "by": person.credential}),
        );
    }
}
