//! A command carrying a signature, made once its signature is checked: the command, and what
//! its outcome means (a slip's line number, a sentence, the person signed in).
//!
//! The screen records it apart as a dealer's command is (`Terminal::execute_apart`): the PIN
//! was checked apart before, so the screen's thread waits neither for the check nor for the
//! record. The command line and the tests record it on the spot ([`Terminal::signed`]).

use super::*;

/// What a signed command's outcome means to whoever asked for it.
pub type ReadOutcome<R> =
    Box<dyn FnOnce(&mut Terminal, Result<Vec<Event>, String>) -> Result<R, String>>;

/// A signed command, its signature checked, not yet recorded.
pub struct Signed<R> {
    cmd: Command,
    read: ReadOutcome<R>,
}

impl<R> Signed<R> {
    fn new(
        cmd: Command,
        read: impl FnOnce(&mut Terminal, Result<Vec<Event>, String>) -> Result<R, String> + 'static,
    ) -> Signed<R> {
        Signed {
            cmd,
            read: Box::new(read),
        }
    }

    /// The command, and what reads its outcome once it is recorded (or refused).
    pub fn into_parts(self) -> (Command, ReadOutcome<R>) {
        (self.cmd, self.read)
    }
}

impl Terminal {
    /// Records a signed command on the spot and reads its outcome.
    pub fn signed<R>(&mut self, signed: Signed<R>) -> Result<R, String> {
        let outcome = self.execute(signed.cmd);
        (signed.read)(self, outcome)
    }

    /// A signed command whose outcome is its first event's sentence.
    pub(super) fn said(cmd: Command) -> Signed<String> {
        Signed::new(cmd, |_, outcome| {
            Ok(outcome?.first().map_or_else(String::new, |e| e.sentence()))
        })
    }

    /// A floorperson's signature on the step the table asks for (credential number and PIN, then
    /// the verification). A refusal is journaled (who tried, never the PIN).
    pub fn verify_signed(&mut self, credential: &str, pin: &str) -> Result<Signed<Person>, String> {
        let credential = credential.trim().to_string();
        if credential.is_empty() || pin.is_empty() {
            return Err("Enter the credential number and the PIN".into());
        }
        let person = self.check_pin(&credential, pin)?;
        let cmd = Command::Verify(person.clone());
        Ok(Signed::new(cmd, move |t, outcome| match outcome {
            Ok(_) => Ok(person),
            Err(msg) => {
                t.record_system(
                    "verification_refused",
                    serde_json::json!({"credential": credential, "reason": msg}),
                );
                Err(msg)
            }
        }))
    }

    /// [`Terminal::verify_signed`], recorded on the spot.
    pub fn verify(&mut self, credential: &str, pin: &str) -> Result<Person, String> {
        let signed = self.verify_signed(credential, pin)?;
        self.signed(signed)
    }

    /// A dealer's sign-in whose name, credential and PIN were checked
    /// ([`Terminal::sign_in_signed`]).
    pub(super) fn signing_in(person: Person) -> Signed<Person> {
        Signed::new(Command::SignIn(person.clone()), move |_, outcome| {
            outcome.map(|_| person)
        })
    }

    /// Records a High Hand Tracking Slip line (§ 637a.16(f)): the floorperson signs with
    /// credential number and PIN; the period is the qualifying period holding `now`. Its
    /// outcome is the line's number.
    #[allow(clippy::too_many_arguments)]
    pub fn record_high_hand_signed(
        &mut self,
        period: &str,
        seat: u8,
        player_name: &str,
        player_phone: &str,
        cards: Vec<crate::rules::cards::Card>,
        floor_credential: &str,
        floor_pin: &str,
    ) -> Result<Signed<u32>, String> {
        let floorperson = self.check_pin(floor_credential.trim(), floor_pin)?;
        let slip = crate::rules::table::HighHandSlip {
            period: period.to_string(),
            seat,
            player_name: player_name.trim().to_string(),
            player_phone: player_phone.trim().to_string(),
            cards,
            floorperson,
        };
        Ok(Signed::new(Command::RecordHighHand(slip), |_, outcome| {
            Ok(match outcome?.first() {
                Some(Event::HighHandRecorded { line, .. }) => *line,
                _ => 0,
            })
        }))
    }

    /// Records a Bad Beat or High Hand box count: the dealer signed in counted, the floorperson
    /// witnessed and signs with credential number and PIN (§ 637a.15(d)(1), § 637a.16(d)(1)).
    /// Its outcome is the record's serial.
    pub fn record_box_count_signed(
        &mut self,
        jackpot_box: crate::rules::table::JackpotBox,
        amount: Cents,
        container_seal: &str,
        floor_credential: &str,
        floor_pin: &str,
    ) -> Result<Signed<i64>, String> {
        let floorperson = self.check_pin(floor_credential.trim(), floor_pin)?;
        let count = crate::rules::table::BoxCount {
            jackpot_box,
            amount,
            container_seal: container_seal.trim().to_string(),
            floorperson,
        };
        Ok(Signed::new(Command::RecordBoxCount(count), |t, outcome| {
            outcome?;
            Ok(t.recent.front().map(|r| r.serial).unwrap_or(0))
        }))
    }

    /// Records time charges verified by a floorperson (§ 637a.17(b)(3)(v)); its outcome is the
    /// total.
    pub fn record_time_charges_signed(
        &mut self,
        seats: Vec<u8>,
        amount_each: Cents,
        interval_minutes: u32,
        floor_credential: &str,
        floor_pin: &str,
    ) -> Result<Signed<Cents>, String> {
        let floorperson = self.check_pin(floor_credential.trim(), floor_pin)?;
        let charges = crate::rules::table::TimeCharges {
            seats,
            amount_each,
            interval_minutes,
            floorperson,
        };
        Ok(Signed::new(
            Command::RecordTimeCharges(charges),
            |_, outcome| {
                Ok(match outcome?.first() {
                    Some(Event::TimeChargesVerified { total, .. }) => *total,
                    _ => 0,
                })
            },
        ))
    }

    /// Reports an irregularity from the game's catalogue; `signer` is the credential number and
    /// PIN of who signs, where the catalogue asks for a signature. Its outcome says what was
    /// recorded.
    pub fn report_irregularity_signed(
        &mut self,
        id: &str,
        seat: Option<u8>,
        note: Option<String>,
        signer: Option<(&str, &str)>,
    ) -> Result<Signed<String>, String> {
        let signed_by = match signer {
            Some((credential, pin)) => Some(self.check_pin(credential.trim(), pin)?),
            None => None,
        };
        let cmd = Command::ReportIrregularity {
            id: id.to_string(),
            seat,
            note,
            signed_by,
        };
        Ok(Signed::new(cmd, |_, outcome| {
            Ok(match outcome?.first() {
                Some(Event::Irregularity {
                    irregularity,
                    section,
                    ..
                }) => format!("Irregularity recorded: {irregularity} ({section})"),
                _ => "Irregularity recorded".into(),
            })
        }))
    }

    /// A floorperson's correction of the round in play: `steps` steps taken back, signed.
    pub fn correct_round_signed(
        &mut self,
        steps: u32,
        credential: &str,
        pin: &str,
    ) -> Result<Signed<String>, String> {
        let signed_by = self.check_pin(credential.trim(), pin)?;
        Ok(Signed::new(
            Command::CorrectRound { steps, signed_by },
            |_, outcome| {
                Ok(match outcome?.first() {
                    Some(e) => e.sentence(),
                    None => "Round corrected".into(),
                })
            },
        ))
    }
}
