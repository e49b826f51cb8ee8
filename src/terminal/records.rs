//! Records a floorperson signs at the table (High Hand Tracking Slip lines, box counts, time
//! charges) and the end-of-shift report.

use super::*;

impl Terminal {
    /// [`Terminal::record_high_hand_signed`], recorded on the spot: the line's number.
    #[allow(clippy::too_many_arguments)]
    pub fn record_high_hand(
        &mut self,
        period: &str,
        seat: u8,
        player_name: &str,
        player_phone: &str,
        cards: Vec<crate::rules::cards::Card>,
        floor_credential: &str,
        floor_pin: &str,
    ) -> Result<u32, String> {
        let signed = self.record_high_hand_signed(
            period,
            seat,
            player_name,
            player_phone,
            cards,
            floor_credential,
            floor_pin,
        )?;
        self.signed(signed)
    }

    /// [`Terminal::record_box_count_signed`], recorded on the spot: the record's serial.
    pub fn record_box_count(
        &mut self,
        jackpot_box: crate::rules::table::JackpotBox,
        amount: crate::rules::Cents,
        container_seal: &str,
        floor_credential: &str,
        floor_pin: &str,
    ) -> Result<i64, String> {
        let signed = self.record_box_count_signed(
            jackpot_box,
            amount,
            container_seal,
            floor_credential,
            floor_pin,
        )?;
        self.signed(signed)
    }

    /// [`Terminal::record_time_charges_signed`], recorded on the spot: the total.
    pub fn record_time_charges(
        &mut self,
        seats: Vec<u8>,
        amount_each: crate::rules::Cents,
        interval_minutes: u32,
        floor_credential: &str,
        floor_pin: &str,
    ) -> Result<crate::rules::Cents, String> {
        let signed = self.record_time_charges_signed(
            seats,
            amount_each,
            interval_minutes,
            floor_credential,
            floor_pin,
        )?;
        self.signed(signed)
    }

    /// Prints the end-of-shift report of a table for a supervisor (a journal row, then the PDF).
    pub fn print_shift_report(
        &mut self,
        table_no: u32,
        from: &str,
        to: &str,
        printed_by: &str,
    ) -> Result<(i64, bool, Vec<u8>), String> {
        crate::print::shift_report(&mut self.store, table_no, from, to, Some(printed_by))
    }

    /// A numbered document that did not come out of the printer: journaled, so printing it
    /// again is a REPRINT under a new number.
    pub fn print_failed(&mut self, document_no: i64, error: &str) {
        self.record_system(
            "document_print_failed",
            serde_json::json!({"document_no": document_no, "error": error}),
        );
    }

    /// A document as it would print now, for the preview (nothing is journaled).
    pub fn prepare_document(
        &mut self,
        request: &crate::print::Request,
    ) -> Result<crate::print::Document, String> {
        crate::print::prepare(&mut self.store, request)
    }

    /// [`Terminal::prepare_document`] with a shift report's records already read
    /// ([`Terminal::shift_period_job`]).
    pub fn prepare_document_from(
        &mut self,
        request: &crate::print::Request,
        period: Option<&crate::print::ShiftPeriod>,
    ) -> Result<crate::print::Document, String> {
        crate::print::prepare_from(&mut self.store, request, period)
    }

    /// A shift report's records, read as a job for another thread (a screen never walks them).
    pub fn shift_period_job(
        &self,
        table_no: u32,
        from: &str,
        to: &str,
    ) -> impl FnOnce() -> Result<crate::print::ShiftPeriod, String> + Send + 'static {
        crate::print::shift_period_job(&self.store, table_no, from, to)
    }

    /// Prints a document: journals `document_printed` (its serial is the number) and returns
    /// the numbered document for the printer; `chain` and `period` as [`crate::print::issue`]
    /// takes them.
    pub fn issue_document(
        &mut self,
        request: &crate::print::Request,
        printed_by: Option<&str>,
        chain: Option<&str>,
        period: Option<&crate::print::ShiftPeriod>,
    ) -> Result<crate::print::Document, String> {
        crate::print::issue(&mut self.store, request, printed_by, chain, period)
    }
}

impl Terminal {
    /// [`Terminal::report_irregularity_signed`], recorded on the spot: what was recorded.
    pub fn report_irregularity(
        &mut self,
        id: &str,
        seat: Option<u8>,
        note: Option<String>,
        signer: Option<(&str, &str)>,
    ) -> Result<String, String> {
        let signed = self.report_irregularity_signed(id, seat, note, signer)?;
        self.signed(signed)
    }

    /// § 637a.8(b)(6): a player steps away keeping his seat; the floorperson signs for his
    /// stakes (counted, or covered).
    pub fn seat_away_signed(
        &mut self,
        seat: u8,
        credential: &str,
        pin: &str,
    ) -> Result<Signed<String>, String> {
        let signed_by = self.check_pin(credential.trim(), pin)?;
        Ok(Self::said(Command::SeatAway { seat, signed_by }))
    }

    /// [`Terminal::seat_away_signed`], recorded on the spot.
    pub fn seat_away(&mut self, seat: u8, credential: &str, pin: &str) -> Result<String, String> {
        let signed = self.seat_away_signed(seat, credential, pin)?;
        self.signed(signed)
    }

    /// § 637a.8(b)(6)(i): the player is back; the floorperson signs that his stakes are as
    /// recorded.
    pub fn seat_back_signed(
        &mut self,
        seat: u8,
        credential: &str,
        pin: &str,
    ) -> Result<Signed<String>, String> {
        let signed_by = self.check_pin(credential.trim(), pin)?;
        Ok(Self::said(Command::SeatBack { seat, signed_by }))
    }

    /// [`Terminal::seat_back_signed`], recorded on the spot.
    pub fn seat_back(&mut self, seat: u8, credential: &str, pin: &str) -> Result<String, String> {
        let signed = self.seat_back_signed(seat, credential, pin)?;
        self.signed(signed)
    }

    /// § 637a.7(e)(5), § 637a.3(c): the floorperson verifies a deck's removal and says what
    /// became of the removed deck.
    pub fn verify_removal_signed(
        &mut self,
        credential: &str,
        pin: &str,
        disposition: &str,
    ) -> Result<Signed<String>, String> {
        let signed_by = self.check_pin(credential.trim(), pin)?;
        Ok(Self::said(Command::VerifyRemoval {
            signed_by,
            disposition: disposition.to_string(),
        }))
    }

    /// [`Terminal::verify_removal_signed`], recorded on the spot.
    pub fn verify_removal(
        &mut self,
        credential: &str,
        pin: &str,
        disposition: &str,
    ) -> Result<String, String> {
        let signed = self.verify_removal_signed(credential, pin, disposition)?;
        self.signed(signed)
    }

    /// § 637a.16(h): closes an ended qualifying period; returns what was decided, in words.
    pub fn close_high_hand_period_signed(
        &mut self,
        period: &str,
        end: &str,
        current: &str,
        credential: &str,
        pin: &str,
    ) -> Result<Signed<String>, String> {
        // Periods are named by their start, UTC, in a form that sorts as time does.
        if period >= current {
            return Err(format!(
                "the period from {period} has not ended: a period is closed once the next has begun (§ 637a.16(h))"
            ));
        }
        let signed_by = self.check_pin(credential.trim(), pin)?;
        let contributions = self.period_contributions(period, end)?;
        Ok(Self::said(Command::ClosePeriod {
            period: period.to_string(),
            contributions,
            signed_by,
        }))
    }

    /// [`Terminal::close_high_hand_period_signed`], recorded on the spot.
    pub fn close_high_hand_period(
        &mut self,
        period: &str,
        end: &str,
        current: &str,
        credential: &str,
        pin: &str,
    ) -> Result<String, String> {
        let signed = self.close_high_hand_period_signed(period, end, current, credential, pin)?;
        self.signed(signed)
    }

    /// Spanish 21: the floorperson signs the card reader inspected (§ 635a.2(d)).
    pub fn inspect_reader_signed(
        &mut self,
        credential: &str,
        pin: &str,
    ) -> Result<Signed<String>, String> {
        let signed_by = self.check_pin(credential.trim(), pin)?;
        Ok(Self::said(Command::ReaderInspected { signed_by }))
    }

    /// [`Terminal::inspect_reader_signed`], recorded on the spot.
    pub fn inspect_reader(&mut self, credential: &str, pin: &str) -> Result<String, String> {
        let signed = self.inspect_reader_signed(credential, pin)?;
        self.signed(signed)
    }

    /// § x.5(a) of the game's chapter: a floorperson directs the cards shuffled again, signing
    /// with credential number and PIN.
    pub fn order_reshuffle_signed(
        &mut self,
        credential: &str,
        pin: &str,
    ) -> Result<Signed<String>, String> {
        let signed_by = self.check_pin(credential.trim(), pin)?;
        Ok(Self::said(Command::ReshuffleOrdered { signed_by }))
    }

    /// [`Terminal::order_reshuffle_signed`], recorded on the spot.
    pub fn order_reshuffle(&mut self, credential: &str, pin: &str) -> Result<String, String> {
        let signed = self.order_reshuffle_signed(credential, pin)?;
        self.signed(signed)
    }
}
