//! What a screen returns: the dealer's taps as commands, applied after the frame.

use super::*;

/// What the dealer tapped, applied after the frame is drawn. A handful per tap, never stored:
/// the size of the largest variant (a table's whole setup) costs nothing worth a box.
#[derive(Debug, Clone)]
#[allow(clippy::large_enum_variant)]
pub(super) enum UiCmd {
    Rules(Command),
    /// "Try again" on the screen of records that cannot be saved.
    RetryWrites,
    /// The call-the-floor box shown or closed.
    FloorBox(bool),
    /// The dealer calls the floor for this reason.
    CallFloor(&'static str),
    /// The dealer ends their call: the floor came (true), or cancelled.
    EndFloorCall(bool),
    SignIn,
    OpenVerify(String),
    /// The floorperson's pad for a player's stakes: the seat, and whether he is back.
    OpenStakesVerify(String, u8, bool),
    /// The floorperson's pad for a reshuffle he directs (§ 637a.5(a)).
    OpenReshuffleVerify,
    /// Spanish 21: the floorperson signs the card reader inspected (§ 635a.2(d)).
    OpenReaderVerify,
    OpenReview,
    OpenHighHand,
    OpenIrregularity,
    /// The dealer's undo of the last step, and the floorperson's correction of the round.
    Undo,
    OpenCorrection,
    SubmitCorrection,
    Ask(TableAction),
    Confirmed(TableAction),
    CancelAsk,
    OpenRecord(records::RecordKind),
    SubmitVerify,
    CancelVerify,
    /// Commands applied in order, stopping at the first refusal (a house-banked round's
    /// wagers, then "no more bets").
    Sequence(Vec<Command>),
    /// The demo simulator's box (simulated devices only): shown or closed.
    Demo(bool),
    SimNextCount(u16),
    SimJam,
    /// The simulated dealer's hand draws one card from the reading shoe (a player's hit).
    SimDraw,
    /// Spanish 21: the dealer turned up the hole card the shoe read (§ 635a.7(k)).
    HoleCardUp,
    /// The forms' submissions, applied after the frame from the form's state.
    SubmitHighHand,
    /// The High Hand form's "Print slip": the period's slip in the print preview.
    PrintHighHandSlip,
    /// § 637a.16(h): close an ended qualifying period, signed on the High Hand form.
    ClosePeriod(String),
    SubmitRecord,
    SubmitIrregularity,
    /// The lock screen's entry.
    Unlock,
    /// The first start's administrator.
    CreateAdmin,
    /// The supervisor review's print, export and close.
    ReviewPrint,
    ReviewExport,
    /// The review writes a round's hand history (PHH).
    ReviewHandHistory(u32),
    ReviewClose,
    /// The print preview's Print and Cancel.
    PrintPreviewed,
    ClosePreview,
}
