//! One table as the floor sees it (issue 44), folded from its rows in the central copy: the
//! table and game, the dealer and since when, open or closed and the last play, the round and
//! the rounds of the last hour, the call waiting, a wrong count or a jam not yet resolved, the
//! device links down, the progressive controller's meters, the High Hand period's drop, the last
//! irregularity. Pure: the reader (`store::floor`) hands it rows; the board's screen reads it.

use super::JournalRow;
use super::floor_acks::{ACKNOWLEDGED, Ack};
use crate::config::HighHandConfig;
use crate::rules::Cents;
use crate::rules::eval::HandValue;
use crate::rules::table::Event;
use chrono::{DateTime, Utc};

/// A call to the floor waiting at a table.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct FloorCallView {
    pub reason: String,
    /// Who must come, as the terminal journaled it ("floorperson", "shift supervisor").
    pub role: String,
    /// When the terminal raised it (UTC, RFC 3339).
    pub since_utc: String,
    /// The serial of its `floor_called` row: what an acknowledgement names.
    pub serial: i64,
    /// Who is coming, once someone at a board acknowledged it.
    pub coming: Option<Ack>,
}

/// A deck the table cannot deal from until someone acts: the shuffler's count was wrong
/// (§ 637a.7(e)(4): resolved once a floorperson verifies the removal, or a count of that deck
/// is right), or the shuffler jammed (§ 637a.18(q): resolved once that deck is counted again,
/// shuffled by hand, removed or changed, or the shuffler is taken out of service, § 637a.18(r)).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Trouble {
    pub deck: usize,
    /// "Wrong count: Red deck, 51 of 52 cards" or "Shuffler jam: Red deck (E12 …)".
    pub words: String,
    pub since_utc: String,
    pub jam: bool,
}

/// The High Hand Jackpot at one table in one qualifying period (§ 637a.16): what its pots
/// dropped into the jackpot (§ 637a.16(c)) and the best hand recorded (§ 637a.16(f)).
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct HighHandView {
    /// The period's start, as the slip names it ("2026-11-29T14:00Z").
    pub period: String,
    pub dropped: Cents,
    /// The highest hand recorded in the period, in words, and its seat.
    pub best: Option<(HandValue, String, u8)>,
}

/// One table as the floor sees it.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct TableView {
    pub terminal: String,
    pub table_no: Option<u32>,
    pub game: Option<String>,
    /// The dealer signed in: name and credential.
    pub dealer: Option<(String, String)>,
    /// When that dealer signed in: their time at the table.
    pub dealer_since: Option<DateTime<Utc>>,
    pub open: bool,
    /// The last sign of play: the table opened or a round started (how long it has been idle).
    pub last_play: Option<DateTime<Utc>>,
    /// When the dealer declared the table idle (no gaming activity: the decks spread face up,
    /// § 637a.5(d)), until the next round.
    pub declared_idle: Option<DateTime<Utc>>,
    /// The round in play or the last one started.
    pub round: u32,
    pub call: Option<FloorCallView>,
    /// A wrong count or a jam not yet resolved.
    pub trouble: Option<Trouble>,
    /// Device links not up, by name ("shuffler", "progressive").
    pub links_down: Vec<String>,
    /// The progressive controller's meters as it last reported them: (meter, cents).
    pub progressive: Vec<(i64, Cents)>,
    /// The High Hand Jackpot's newest period with a drop or a hand at this table.
    pub high_hand: Option<HighHandView>,
    /// The last irregularity, in the rules' words.
    pub last_irregularity: Option<String>,
    /// The newest serial read, and the time of the last row that changed the view.
    pub serial: i64,
    pub last_row_utc: String,
    /// The rounds started in the hour before the newest row: when, and by which dealer
    /// (credential), for rounds per hour per table and per dealer.
    pub recent_rounds: Vec<(DateTime<Utc>, Option<String>)>,
}

impl TableView {
    /// Rounds started in the hour before `now`: the table's, and its dealer's now.
    pub fn rounds_last_hour(&self, now: DateTime<Utc>) -> (usize, usize) {
        let hour_ago = now - chrono::Duration::hours(1);
        let within = self.recent_rounds.iter().filter(|(t, _)| *t > hour_ago);
        let dealer = self.dealer.as_ref().map(|d| &d.1);
        let (mut table, mut mine) = (0, 0);
        for (_, by) in within {
            table += 1;
            if by.is_some() && by.as_ref() == dealer {
                mine += 1;
            }
        }
        (table, mine)
    }

    /// Minutes the open table has been idle: since the dealer declared it idle (§ 637a.5(d)),
    /// or since its last sign of play once none came for `after` minutes (the casino's
    /// `[floor] idle_minutes`).
    pub fn idle_minutes(&self, now: DateTime<Utc>, after: u32) -> Option<i64> {
        if !self.open {
            return None;
        }
        if let Some(since) = self.declared_idle {
            return Some((now - since).num_minutes().max(0));
        }
        let minutes = (now - self.last_play?).num_minutes();
        (minutes >= i64::from(after)).then_some(minutes)
    }

    /// The period `period`'s High Hand record at this table, started afresh when a newer period
    /// begins; `None` for an older period's row (it changes nothing now).
    fn high_hand_in(&mut self, period: String) -> Option<&mut HighHandView> {
        match &self.high_hand {
            Some(h) if h.period > period => return None,
            Some(h) if h.period == period => {}
            _ => {
                self.high_hand = Some(HighHandView {
                    period,
                    ..Default::default()
                })
            }
        }
        self.high_hand.as_mut()
    }

    /// A pot's High Hand drop in `period`.
    pub fn add_high_hand_drop(&mut self, period: String, cents: Cents) {
        if let Some(h) = self.high_hand_in(period) {
            h.dropped = h.dropped.saturating_add(cents.max(0));
        }
    }

    /// The drop of `period` as the server summed it at a (re)start: it replaces what was
    /// folded before (a reconnect reads the whole period again), 0 for a table it names none.
    pub fn set_high_hand_drop(&mut self, period: String, cents: Cents) {
        if cents <= 0 {
            if let Some(h) = self.high_hand.as_mut().filter(|h| h.period == period) {
                h.dropped = 0;
            }
            return;
        }
        if let Some(h) = self.high_hand_in(period) {
            h.dropped = cents;
        }
    }
}

pub fn utc(ts: &str) -> Option<DateTime<Utc>> {
    DateTime::parse_from_rfc3339(ts)
        .ok()
        .map(|t| t.with_timezone(&Utc))
}

/// Folds one row of the table's journal into its view; `high_hand` gives the qualifying
/// periods a pot's drop belongs to.
pub fn fold(v: &mut TableView, row: &JournalRow, high_hand: &HighHandConfig) {
    v.serial = row.serial;
    v.last_row_utc = row.ts_utc.clone();
    // Each row carries its table: a terminal is named before its table opens.
    if let Some(n) = row.table_no.and_then(|n| u32::try_from(n).ok()) {
        v.table_no = Some(n);
    }
    let at = utc(&row.ts_utc);
    if row.stream == "table" {
        if let Ok(e) = serde_json::from_str::<Event>(&row.payload) {
            fold_event(v, &e, (&row.ts_utc, at), high_hand);
            if let (Event::RoundStarted { .. }, Some(at)) = (&e, at) {
                let hour_before = at - chrono::Duration::hours(1);
                v.recent_rounds.retain(|(t, _)| *t > hour_before);
                v.recent_rounds.push((at, row.dealer_credential.clone()));
            }
        }
        return;
    }
    let p: serde_json::Value = serde_json::from_str(&row.payload).unwrap_or_default();
    let text = |k: &str| p[k].as_str().unwrap_or_default().to_string();
    match row.kind.as_str() {
        crate::terminal::floor_call::CALLED => {
            v.call = Some(FloorCallView {
                reason: text("reason"),
                role: text("role"),
                since_utc: row.ts_utc.clone(),
                serial: row.serial,
                coming: None,
            })
        }
        crate::terminal::floor_call::ENDED => v.call = None,
        // The terminal journals the acknowledgement it shows: the board learns it from there
        // too (a board started after the acknowledgement, or another board's).
        ACKNOWLEDGED => {
            // What the terminal journaled is what its dealer sees: it stands over what this
            // board read from the server.
            if let (Some(call), Ok(ack)) =
                (v.call.as_mut(), serde_json::from_value::<Ack>(p.clone()))
                && ack.call_serial == call.serial
            {
                call.coming = Some(ack);
            }
        }
        "shuffler_link" | "progressive_link" => {
            let device = row.kind.trim_end_matches("_link").to_string();
            let up = matches!(text("state").as_str(), "connected" | "up");
            v.links_down.retain(|d| *d != device);
            if !up {
                v.links_down.push(device);
            }
        }
        // As the controller reported them (`devices::progressive`): the meters now.
        "progressive_meters" => {
            v.progressive = p["meters"]
                .as_array()
                .into_iter()
                .flatten()
                .filter_map(|m| Some((m["meter"].as_i64()?, m["cents"].as_i64()?)))
                .collect();
        }
        _ => {}
    }
}

fn fold_event(
    v: &mut TableView,
    e: &Event,
    (ts, at): (&str, Option<DateTime<Utc>>),
    high_hand: &HighHandConfig,
) {
    match e {
        Event::DealerSignedIn { dealer } => {
            v.dealer = Some((dealer.name.clone(), dealer.credential.clone()));
            v.dealer_since = at;
        }
        Event::DealerSignedOut { .. } => {
            v.dealer = None;
            v.dealer_since = None;
        }
        Event::TableOpened { setup } => {
            v.open = true;
            v.last_play = at;
            v.declared_idle = None;
            v.table_no = Some(setup.table_no);
            v.game = Some(setup.poker.game.name().to_string());
        }
        Event::TableClosed { .. } => {
            v.open = false;
            v.trouble = None;
            v.declared_idle = None;
        }
        Event::RoundStarted { number, .. } => {
            v.round = *number;
            v.last_play = at;
            v.declared_idle = None;
        }
        Event::TableIdle { .. } => v.declared_idle = at,
        // "Irregularity: …": the board labels it.
        Event::Irregularity { .. } => {
            let words = e.sentence();
            let words = words.strip_prefix("Irregularity: ").unwrap_or(&words);
            v.last_irregularity = Some(words.to_string());
        }
        _ => fold_trouble(v, e, ts),
    }
    fold_high_hand(v, e, at, high_hand);
}

fn jammed(v: &TableView) -> bool {
    v.trouble.as_ref().is_some_and(|t| t.jam)
}

/// A wrong count or a jam, and what resolves it.
fn fold_trouble(v: &mut TableView, e: &Event, ts: &str) {
    let on = |v: &TableView, d: usize| v.trouble.as_ref().is_some_and(|t| t.deck == d);
    match e {
        // § 637a.7(e)(4): a count short or over takes the deck out of play.
        Event::DeckCounted {
            deck,
            colour,
            counted,
            expected,
            correct: false,
            ..
        } => {
            v.trouble = Some(Trouble {
                deck: *deck,
                words: format!("Wrong count: {colour} deck, {counted} of {expected} cards"),
                since_utc: ts.to_string(),
                jam: false,
            })
        }
        Event::DeckCounted {
            deck,
            correct: true,
            ..
        } if on(v, *deck) => v.trouble = None,
        // § 637a.18(q): the shuffler stopped; the cards are reshuffled and counted again.
        Event::ShuffleFailed {
            deck,
            colour,
            detail,
            ..
        } => {
            v.trouble = Some(Trouble {
                deck: *deck,
                words: format!("Shuffler jam: {colour} deck ({detail})"),
                since_utc: ts.to_string(),
                jam: true,
            })
        }
        // A floorperson verified the wrong-counted deck's removal (§ 637a.7(e)(5)).
        Event::RemovalVerified { deck, .. }
            if on(v, *deck) && v.trouble.as_ref().is_some_and(|t| !t.jam) =>
        {
            v.trouble = None
        }
        // A jammed deck shuffled by hand or taken out, or no shuffler any more (§ 637a.18(r)):
        // the table deals on without it.
        Event::DeckShuffledManually { deck, .. } | Event::DeckRemoved { deck, .. }
            if on(v, *deck) && jammed(v) =>
        {
            v.trouble = None
        }
        Event::ShufflerOutOfService { .. } if jammed(v) => v.trouble = None,
        Event::DecksChanged { .. } => v.trouble = None,
        _ => {}
    }
}

/// § 637a.16(c): each pot's High Hand drop, in the period its round ended in; § 637a.16(f):
/// the highest hand recorded in the period.
fn fold_high_hand(
    v: &mut TableView,
    e: &Event,
    at: Option<DateTime<Utc>>,
    high_hand: &HighHandConfig,
) {
    match e {
        Event::PotAwarded { take, .. } if take.high_hand > 0 => {
            if let Some(at) = at {
                v.add_high_hand_drop(high_hand.period_of(at), take.high_hand);
            }
        }
        Event::HighHandRecorded {
            slip, hand, value, ..
        } => {
            if let Some(h) = v.high_hand_in(slip.period.clone())
                && h.best.as_ref().is_none_or(|(best, ..)| value >= best)
            {
                h.best = Some((*value, hand.clone(), slip.seat));
            }
        }
        _ => {}
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::table::{Person, PotTake, Role};

    fn at(minute: i64) -> DateTime<Utc> {
        "2026-11-29T14:00:00Z".parse::<DateTime<Utc>>().unwrap() + chrono::Duration::minutes(minute)
    }

    fn row(serial: i64, minute: i64, stream: &str, kind: &str, payload: String) -> JournalRow {
        JournalRow {
            serial,
            terminal_id: "T-1".into(),
            ts_utc: at(minute).to_rfc3339_opts(chrono::SecondsFormat::Micros, true),
            mono_ns: 0,
            session: 1,
            stream: stream.into(),
            table_no: Some(7),
            dealer_credential: Some("20417".into()),
            actor_credential: None,
            kind: kind.into(),
            payload,
            prev_hash: String::new(),
            hash: String::new(),
        }
    }

    fn event(serial: i64, minute: i64, e: &Event) -> JournalRow {
        row(
            serial,
            minute,
            "table",
            e.kind(),
            serde_json::to_string(e).unwrap(),
        )
    }

    fn person(name: &str, credential: &str, role: Role) -> Person {
        Person {
            name: name.into(),
            credential: credential.into(),
            role,
        }
    }

    fn counted(deck: usize, counted: u16) -> Event {
        Event::DeckCounted {
            deck,
            colour: ["Red", "Blue"][deck].into(),
            counted,
            expected: 52,
            correct: counted == 52,
            verified_by: None,
        }
    }

    fn folded(rows: &[JournalRow]) -> TableView {
        let mut v = TableView::default();
        for r in rows {
            fold(&mut v, r, &HighHandConfig::default());
        }
        v
    }

    #[test]
    fn a_wrong_count_stands_until_its_removal_is_verified_and_a_jam_until_its_deck_is_counted() {
        let dana = person("Dana Brooks", "1001", Role::Floorperson);
        let wrong = event(1, 0, &counted(0, 51));
        let v = folded(std::slice::from_ref(&wrong));
        let t = v.trouble.as_ref().unwrap();
        assert_eq!(t.words, "Wrong count: Red deck, 51 of 52 cards");
        assert!(!t.jam && t.deck == 0);
        // The other deck's right count leaves it; the removal verified ends it.
        let other = event(2, 1, &counted(1, 52));
        assert!(folded(&[wrong.clone(), other.clone()]).trouble.is_some());
        let verified = event(
            3,
            2,
            &Event::RemovalVerified {
                deck: 0,
                floorperson: dana,
                disposition: None,
            },
        );
        assert_eq!(folded(&[wrong.clone(), other, verified]).trouble, None);
        // A jam: the other deck's count leaves it, a count of its deck ends it.
        let jam = event(
            4,
            3,
            &Event::ShuffleFailed {
                deck: 1,
                colour: "Blue".into(),
                code: 12,
                detail: "E12 cards jammed".into(),
            },
        );
        let v = folded(&[jam.clone(), event(5, 4, &counted(0, 52))]);
        assert_eq!(
            v.trouble.as_ref().map(|t| (t.words.as_str(), t.jam)),
            Some(("Shuffler jam: Blue deck (E12 cards jammed)", true))
        );
        assert_eq!(
            folded(&[jam.clone(), event(6, 5, &counted(1, 52))]).trouble,
            None
        );
        // Or the shuffler taken out of service, or the deck shuffled by hand (§ 637a.18(r)).
        let out = event(6, 5, &Event::ShufflerOutOfService { deck: Some(1) });
        assert_eq!(folded(&[jam.clone(), out]).trouble, None);
        let by_hand = |deck: usize| {
            event(
                6,
                5,
                &Event::DeckShuffledManually {
                    deck,
                    colour: "Blue".into(),
                },
            )
        };
        assert!(folded(&[jam.clone(), by_hand(0)]).trouble.is_some());
        assert_eq!(folded(&[jam, by_hand(1)]).trouble, None);
        // A wrong count stays through the shuffler leaving service: its removal is verified.
        let out = event(2, 1, &Event::ShufflerOutOfService { deck: None });
        assert!(folded(&[wrong, out]).trouble.is_some());
        // The last irregularity in the rules' words, without the board's own label.
        let irregular = event(
            7,
            6,
            &Event::Irregularity {
                irregularity: "A card exposed in the deal".into(),
                section: "§ 637a.18(c)".into(),
                action: "Redeal".into(),
                id: None,
                seat: None,
                note: None,
                signed_by: None,
            },
        );
        let words = folded(&[irregular]).last_irregularity.unwrap();
        assert!(words.starts_with("A card exposed in the deal"), "{words}");
    }

    #[test]
    fn the_dealer_s_time_idle_and_the_meters_come_from_the_rows() {
        let alex = person("Alex Rivera", "20417", Role::Dealer);
        let opened = Event::TableOpened {
            setup: crate::demo::fixed_limit_table(7),
        };
        let round = |n| Event::RoundStarted {
            number: n,
            deck: 0,
            colour: "Red".into(),
            seats: vec![1, 2],
            button: 1,
            stakes: vec![],
            posts: vec![],
        };
        let meters = row(
            5,
            21,
            "system",
            "progressive_meters",
            r#"{"meters":[{"meter":1,"cents":1234567},{"meter":2,"cents":50000}]}"#.into(),
        );
        let v = folded(&[
            event(1, 0, &opened),
            event(2, 5, &Event::DealerSignedIn { dealer: alex }),
            event(3, 10, &round(1)),
            event(4, 20, &round(2)),
            meters,
        ]);
        assert_eq!(v.dealer_since, Some(at(5)));
        assert_eq!(v.last_play, Some(at(20)));
        // Idle from `after` minutes without a round (the casino's [floor] idle_minutes).
        assert_eq!(v.idle_minutes(at(29), 10), None);
        assert_eq!(v.idle_minutes(at(31), 10), Some(11));
        assert_eq!(v.progressive, vec![(1, 1_234_567), (2, 50_000)]);
        // Declared idle (§ 637a.5(d)): idle at once, until the next round.
        let idle = event(
            6,
            22,
            &Event::TableIdle {
                section: "§ 637a.5(d)".into(),
            },
        );
        let mut declared = v.clone();
        fold(&mut declared, &idle, &HighHandConfig::default());
        assert_eq!(declared.idle_minutes(at(23), 10), Some(1));
        fold(
            &mut declared,
            &event(7, 24, &round(3)),
            &HighHandConfig::default(),
        );
        assert_eq!(declared.idle_minutes(at(25), 10), None);
        let closed = folded(&[
            event(1, 0, &opened),
            event(2, 1, &Event::TableClosed { rounds_played: 0 }),
        ]);
        assert_eq!(
            closed.idle_minutes(at(90), 10),
            None,
            "a closed table is not idle"
        );
    }

    #[test]
    fn the_high_hand_drop_is_counted_in_its_period_and_the_best_hand_kept() {
        let pot = |high_hand| Event::PotAwarded {
            number: 1,
            awards: vec![(1, 1000)],
            pot: 1000 + high_hand,
            take: PotTake {
                high_hand,
                ..Default::default()
            },
        };
        let recorded = |period: &str, value: u32, hand: &str| Event::HighHandRecorded {
            slip: crate::rules::table::HighHandSlip {
                period: period.into(),
                seat: 3,
                player_name: "P".into(),
                player_phone: String::new(),
                cards: vec![],
                floorperson: person("Dana Brooks", "1001", Role::Floorperson),
            },
            table_no: 7,
            dealer: person("Alex Rivera", "20417", Role::Dealer),
            hand: hand.into(),
            value: HandValue(value),
            line: 1,
        };
        let v = folded(&[
            event(1, -5, &pot(100)),
            event(2, 1, &pot(100)),
            event(3, 2, &pot(0)),
            event(4, 3, &pot(50)),
            event(
                5,
                4,
                &recorded("2026-11-29T14:00Z", 900, "Four of a kind, nines"),
            ),
            event(6, 5, &recorded("2026-11-29T14:00Z", 700, "Full house")),
        ]);
        let h = v.high_hand.unwrap();
        // 13:55's drop belongs to the 13:00 period; the 14:00 period holds 150.
        assert_eq!((h.period.as_str(), h.dropped), ("2026-11-29T14:00Z", 150));
        assert_eq!(
            h.best,
            Some((HandValue(900), "Four of a kind, nines".into(), 3))
        );
        // A new period starts afresh; an older period's row changes nothing.
        let v = folded(&[
            event(1, 3, &pot(50)),
            event(2, 61, &pot(20)),
            event(3, 62, &recorded("2026-11-29T14:00Z", 900, "x")),
        ]);
        let h = v.high_hand.unwrap();
        assert_eq!(
            (h.period.as_str(), h.dropped, h.best),
            ("2026-11-29T15:00Z", 20, None)
        );
    }
}
