//! The supervisor review in the terminal: reached with a supervisor's credential number and
//! PIN, it finds any record by kind, table, period and text, newest first a page at a time,
//! shows one record whole with who verified it and the rows that correct it, keeps the chain
//! status in view, and exports what is filtered as CSV. Its reads of this terminal's journal
//! run on a thread of their own (`store::review_reader`), as those of the central copy do
//! (`store::central`): a search of millions of rows never holds the screen.

use super::{DeckhandApp, theme};
use crate::rules::table::Person;
use crate::store::review::Filter;
use crate::store::review_reader::{Answer, Asked, Query, ReviewReader};
use crate::store::{ChainStatus, JournalRow, Store};
use egui::{Button, RichText, Ui};
use std::sync::{Arc, Mutex};

mod charts;
mod screen;

pub const PAGE: usize = 200;

#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Period {
    Today,
    Week,
    All,
    /// From and to keyed on the keypad (a shift, a week of nights).
    Range,
}

pub struct ReviewState {
    pub supervisor: Person,
    pub filter: Filter,
    pub period: Period,
    pub table_entry: String,
    /// A dealer's credential number.
    pub dealer_entry: String,
    pub text_entry: String,
    /// Keyed dates: YYYYMMDD or YYYYMMDDHHMM (UTC).
    pub from_entry: String,
    pub to_entry: String,
    /// Games the journal's tables were opened with, for the game chip.
    pub games: Vec<String>,
    /// Which entry pad is open: 0 none, 1 table, 2 text, 3 dealer, 4 from, 5 to.
    pub pad: u8,
    pub rows: Vec<JournalRow>,
    pub more: bool,
    /// How far the list is scrolled, kept across the screens the tap guard counts.
    pub list_offset: f32,
    /// How many records match the search on the screen, once its count has come.
    pub total: Option<i64>,
    pub selected: Option<JournalRow>,
    pub corrections: Vec<JournalRow>,
    /// Filled by a background walk of the whole chain.
    pub chain: Arc<Mutex<Option<String>>>,
    pub notice: Option<String>,
    /// The charts instead of the list; their data for the current filter once it is read.
    pub charts_on: bool,
    pub charts: Option<crate::store::review::ChartData>,
    /// This terminal's journal, read on its own thread (started at the review's first frame).
    pub reader: Option<ReviewReader>,
    /// The number of the current search: answers to an earlier one are dropped.
    pub search: u64,
    /// Questions to the reader not yet answered (the screen says "Searching…" for a page).
    pub pending: usize,
    /// "All tables": the central database's copy, read on its own thread.
    pub central: Option<crate::store::central::CentralReader>,
    /// The central chain status while searching all tables.
    pub central_chain: Option<String>,
    /// A page is being read (this journal or the central copy).
    pub waiting: bool,
    /// A recorded round being stepped through.
    pub replay: Option<RoundReplay>,
    /// The round the selected record belongs to (its serial, the round), looked up once.
    pub round_of_selected: Option<(i64, Option<u32>)>,
    /// Names beside credential numbers; the games of the rows listed; the raw record shown.
    pub names: super::review_words::Names,
    pub games_of: std::collections::HashMap<i64, String>,
    pub details: bool,
    /// The kinds' chips are open (a chip "Kind: …" opens them; picking one closes them), so the
    /// list keeps its rows on a 768-pixel screen.
    pub kinds_open: bool,
}

/// A round replayed from the journal, one step on the screen at a time.
#[derive(Debug, Clone)]
pub struct RoundReplay {
    pub round: u32,
    pub steps: Vec<crate::store::replay::RoundStep>,
    pub at: usize,
}

impl std::fmt::Debug for ReviewState {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("ReviewState")
            .field("supervisor", &self.supervisor.credential)
            .field("rows", &self.rows.len())
            .finish_non_exhaustive()
    }
}

impl ReviewState {
    pub fn open(store: &Store, supervisor: Person) -> ReviewState {
        let chain = Arc::new(Mutex::new(None));
        let slot = chain.clone();
        let path = store.path().to_path_buf();
        // The walk reads its own connection, so the screen never waits for it.
        std::thread::spawn(move || {
            let text = match Store::verify_file(&path) {
                Ok(ChainStatus::Intact { rows, head }) => {
                    format!(
                        "Chain intact: {rows} rows, head {}",
                        &head[..12.min(head.len())]
                    )
                }
                Ok(ChainStatus::Broken { serial, problem }) => {
                    format!("CHAIN BROKEN at serial {serial}: {problem}")
                }
                Err(e) => format!("Chain not checked: {e}"),
            };
            if let Ok(mut s) = slot.lock() {
                *s = Some(text);
            }
        });
        // The first search is asked at the review's first frame, where its reader can wake
        // the screen ([`ReviewState::start_reading`]).
        ReviewState {
            supervisor,
            filter: Filter::default(),
            period: Period::All,
            table_entry: String::new(),
            dealer_entry: String::new(),
            text_entry: String::new(),
            from_entry: String::new(),
            to_entry: String::new(),
            games: vec![],
            pad: 0,
            rows: vec![],
            more: false,
            list_offset: 0.0,
            total: None,
            selected: None,
            replay: None,
            round_of_selected: None,
            corrections: vec![],
            chain,
            notice: None,
            charts_on: false,
            charts: None,
            reader: None,
            search: 0,
            pending: 0,
            central: None,
            central_chain: None,
            waiting: false,
            names: Default::default(),
            games_of: Default::default(),
            details: false,
            kinds_open: false,
        }
    }

    /// Starts the reader of this terminal's journal and asks the first search, once.
    pub fn start_reading(&mut self, store: &Store, ctx: &egui::Context) {
        if self.reader.is_some() {
            return;
        }
        let ctx = ctx.clone();
        match ReviewReader::spawn(store.path(), Box::new(move || ctx.request_repaint())) {
            Ok(reader) => self.reader = Some(reader),
            Err(e) => {
                self.notice = Some(format!("The records cannot be read: {e}"));
                return;
            }
        }
        self.ask(Query::Opening);
        if self.central.is_none() {
            self.reload();
        }
    }

    /// Whether a question to this journal's reader is out (tests wait for the answers).
    pub fn reading(&self) -> bool {
        self.pending > 0
    }

    fn ask(&mut self, q: Query) {
        if let Some(reader) = &self.reader {
            reader.ask(q);
            self.pending += 1;
        }
    }

    fn apply_period(&mut self) {
        let now = chrono::Utc::now();
        self.filter.to = None;
        if self.period == Period::Range {
            match (keyed_time(&self.from_entry), keyed_time(&self.to_entry)) {
                (Ok(from), Ok(to)) => {
                    self.filter.from = from;
                    self.filter.to = to;
                }
                (Err(e), _) => {
                    self.notice = Some(format!("From: {e}"));
                    self.filter.from = None;
                }
                (_, Err(e)) => self.notice = Some(format!("To: {e}")),
            }
            return;
        }
        self.filter.from = match self.period {
            Period::All | Period::Range => None,
            Period::Today => Some(now.format("%Y-%m-%d").to_string()),
            Period::Week => Some(
                (now - chrono::Duration::days(7))
                    .format("%Y-%m-%d")
                    .to_string(),
            ),
        };
    }

    pub fn reload(&mut self) {
        self.notice = None;
        self.total = None;
        // A new search, here or on the central copy: every answer to an earlier one is dropped.
        self.search += 1;
        self.list_offset = 0.0;
        self.apply_period();
        self.filter.table = self.table_entry.trim().parse().ok();
        let dealer = self.dealer_entry.trim();
        self.filter.dealer = (!dealer.is_empty()).then(|| dealer.to_string());
        let text = self.text_entry.trim();
        self.filter.text = (!text.is_empty()).then(|| text.to_string());
        if let Some(c) = &self.central {
            use crate::store::central::CentralQuery;
            c.ask(CentralQuery::Page {
                filter: self.filter.clone(),
                before: None,
                limit: PAGE,
            });
            c.ask(CentralQuery::Count(self.filter.clone()));
            self.waiting = true;
            self.selected = None;
            self.charts_on = false;
            self.charts = None;
            return;
        }
        let search = self.search;
        self.ask(Query::Page {
            search,
            filter: self.filter.clone(),
            before: None,
            limit: PAGE,
        });
        self.ask(Query::Count {
            search,
            filter: self.filter.clone(),
        });
        self.waiting = true;
        if self.period == Period::Range && self.notice.is_none() {
            self.notice = Some(format!(
                "From {} to {} (UTC)",
                self.filter.from.as_deref().unwrap_or("the beginning"),
                self.filter.to.as_deref().unwrap_or("now")
            ));
        }
        self.selected = None;
        self.corrections.clear();
        self.round_of_selected = None;
        if self.charts_on {
            self.charts = None;
            self.ask(Query::Charts {
                search,
                filter: self.filter.clone(),
            });
        }
    }

    fn older(&mut self) {
        if let Some(c) = &self.central {
            let before = self
                .rows
                .last()
                .map(|r| (r.ts_utc.clone(), r.terminal_id.clone(), r.serial));
            c.ask(crate::store::central::CentralQuery::Page {
                filter: self.filter.clone(),
                before,
                limit: PAGE,
            });
            self.waiting = true;
            return;
        }
        let before = self.rows.last().map(|r| r.serial);
        self.ask(Query::Page {
            search: self.search,
            filter: self.filter.clone(),
            before,
            limit: PAGE,
        });
        self.waiting = true;
    }

    /// Opens a record: the rows that correct it and (for a table row) its round are read.
    fn select(&mut self, row: JournalRow) {
        self.corrections.clear();
        self.round_of_selected = None;
        if let Some(c) = &self.central {
            c.ask(crate::store::central::CentralQuery::Corrections {
                terminal: row.terminal_id.clone(),
                serial: row.serial,
            });
        } else {
            self.ask(Query::Record {
                serial: row.serial,
                table_row: row.stream == "table",
            });
        }
        self.selected = Some(row);
    }

    /// Takes in this journal's answers: those of an earlier search are dropped.
    pub fn poll_reader(&mut self) {
        let Some(reader) = &self.reader else {
            return;
        };
        let (answers, gone) = match reader.answers() {
            Ok(a) => (a, false),
            Err(a) => (a, true),
        };
        for a in answers {
            self.pending = self.pending.saturating_sub(1);
            self.take(a);
        }
        if gone {
            // Nothing more will be answered: the screen stops waiting and says so.
            self.reader = None;
            self.pending = 0;
            self.waiting = false;
            self.notice = Some(
                "The records can no longer be read: close the review and open it again".into(),
            );
        }
    }

    /// One answer of the reader, kept only if it belongs to what the screen shows now.
    fn take(&mut self, a: Answer) {
        // Every answer is of this terminal's journal: none is shown over the central copy's.
        let local = self.central.is_none();
        match a {
            // A page, of the search on the screen: the first, or the one after the list's last
            // row (a page asked for a list since replaced would leave a gap or a repeat).
            Answer::Page {
                search,
                rows,
                games,
                before,
            } if search == self.search
                && local
                && (before.is_none() || before == self.rows.last().map(|r| r.serial)) =>
            {
                self.more = rows.len() == PAGE;
                if before.is_some() {
                    self.rows.extend(rows);
                    self.games_of.extend(games);
                } else {
                    self.rows = rows;
                    self.games_of = games;
                }
                self.waiting = false;
            }
            Answer::Opening { games, names } => {
                (self.games, self.names) = (games, super::review_words::Names::from_pairs(names));
            }
            Answer::Count { search, n } if search == self.search && local => {
                self.total = Some(n);
            }
            Answer::Charts { search, data } if search == self.search && self.charts_on => {
                self.charts = Some(data);
            }
            Answer::Record {
                serial,
                corrections,
                round,
            } if local && self.selected.as_ref().map(|r| r.serial) == Some(serial) => {
                self.corrections = corrections;
                self.round_of_selected = Some((serial, round));
            }
            Answer::Replay { round, steps } if local && !steps.is_empty() => {
                self.replay = Some(RoundReplay {
                    round,
                    steps,
                    at: 0,
                });
            }
            Answer::Replay { round, .. } if local => {
                self.notice = Some(format!("Round {round} has no steps in the journal"));
            }
            Answer::HandHistory {
                round,
                path,
                removable,
            } => {
                self.notice = Some(format!(
                    "Hand history of round {round} written to {}{}",
                    path.display(),
                    if removable {
                        " (the removable drive)"
                    } else {
                        " (no removable drive found: beside the database)"
                    }
                ));
            }
            Answer::Exported {
                rows,
                path,
                removable,
            } => {
                self.notice = Some(format!(
                    "Exported {} to {}{}",
                    super::widgets::count(rows as i64, "record", "records"),
                    path.display(),
                    if removable {
                        " (the removable drive)"
                    } else {
                        " (no removable drive found: beside the database)"
                    }
                ));
            }
            Answer::Failed {
                asked,
                search,
                what,
            } if search.is_none_or(|s| s == self.search) => {
                match asked {
                    Asked::Page => self.waiting = false,
                    Asked::Charts => self.charts_on = false,
                    _ => {}
                }
                self.notice = Some(what);
            }
            // An answer to a search, a record or a chart no longer on the screen, or a
            // search overtaken before it was read.
            _ => {}
        }
    }
}

impl ReviewState {
    /// Switches between this terminal's journal and every table's (the central copy).
    pub fn set_central(
        &mut self,
        cfg: Option<crate::store::central::CentralConfig>,
        wake: Box<dyn Fn() + Send>,
    ) {
        self.rows.clear();
        self.more = false;
        self.corrections.clear();
        self.central_chain = None;
        self.central = cfg.map(|cfg| {
            let reader = crate::store::central::CentralReader::spawn(cfg.for_review(), wake);
            reader.ask(crate::store::central::CentralQuery::Verify);
            reader
        });
        self.reload();
    }

    /// Takes in the central database's answers.
    pub fn poll_central(&mut self) {
        use crate::store::central::CentralAnswer;
        let Some(c) = &self.central else {
            return;
        };
        for a in c.answers() {
            match a {
                CentralAnswer::Page { rows, appended } => {
                    self.more = rows.len() == PAGE;
                    if appended {
                        self.rows.extend(rows);
                    } else {
                        self.rows = rows;
                    }
                    self.waiting = false;
                }
                CentralAnswer::Count(n) => self.total = Some(n),
                CentralAnswer::Corrections(v) => self.corrections = v,
                CentralAnswer::Chains(all) => {
                    let broken: Vec<String> = all
                        .iter()
                        .filter(|c| matches!(c.status, ChainStatus::Broken { .. }))
                        .map(|c| format!("{} {}", c.terminal, c.status))
                        .collect();
                    let signed = all.iter().filter(|c| c.signed_head.is_some()).count();
                    self.central_chain = Some(if broken.is_empty() {
                        format!(
                            "Chain intact: all tables, {} terminals, every chain verified, {signed} with signed heads",
                            all.len()
                        )
                    } else {
                        format!("CHAIN BROKEN: {}", broken.join("; "))
                    });
                }
                CentralAnswer::Exported(n, path) => {
                    self.notice = Some(format!(
                        "Exported {} to {}",
                        super::widgets::count(n as i64, "record", "records"),
                        path.display()
                    ))
                }
                CentralAnswer::Failed(e) => {
                    self.waiting = false;
                    self.notice = Some(format!("All tables: {e}"));
                }
            }
        }
    }
}

/// A date or time keyed on the keypad: YYYYMMDD, or YYYYMMDDHHMM (UTC); empty is open-ended.
pub fn keyed_time(digits: &str) -> Result<Option<String>, String> {
    let d = digits.trim();
    if d.is_empty() {
        return Ok(None);
    }
    if !d.chars().all(|c| c.is_ascii_digit()) {
        return Err(format!("{d} is not a date"));
    }
    let text = match d.len() {
        8 => format!("{}-{}-{}", &d[0..4], &d[4..6], &d[6..8]),
        12 => format!(
            "{}-{}-{}T{}:{}:00Z",
            &d[0..4],
            &d[4..6],
            &d[6..8],
            &d[8..10],
            &d[10..12]
        ),
        _ => {
            return Err(format!(
                "{d} is not a date: key YYYYMMDD, or YYYYMMDDHHMM for a time (UTC)"
            ));
        }
    };
    crate::store::review::check_time(&text).map(Some)
}

fn chip(ui: &mut Ui, label: &str, on: bool) -> bool {
    ui.add(
        Button::new(RichText::new(label).size(theme::BODY))
            .selected(on)
            .min_size(egui::vec2(120.0, theme::TARGET)),
    )
    .clicked()
}

impl DeckhandApp {
    /// Prints the end-of-shift report of the review's filter (the command after the frame).
    pub(super) fn review_print(&mut self) {
        let Some(r) = self.review.take() else {
            return;
        };
        let notice = self.print_shift_report(&r);
        self.review = Some(ReviewState {
            notice: Some(notice),
            ..r
        });
    }

    /// Exports the review's filtered records (the command after the frame): written by the
    /// review's reader, the notice says where once it is done.
    /// Round `round`'s hand history in the PHH format, written by the review's reader beside
    /// the CSV exports.
    pub(super) fn review_hand_history(&mut self, round: u32) {
        let beside = exports_dir(self.term.store());
        if let Some(r) = self.review.as_mut() {
            r.notice = Some("Writing the hand history…".into());
            r.ask(Query::HandHistory { round, beside });
        }
    }

    pub(super) fn review_export(&mut self) {
        let beside = exports_dir(self.term.store());
        if let Some(r) = self.review.as_mut() {
            r.notice = Some("Exporting…".into());
            r.ask(Query::Export {
                filter: r.filter.clone(),
                name: format!("review-{}.csv", chrono::Utc::now().format("%Y%m%dT%H%M%SZ")),
                beside,
            });
        }
    }

    /// Whether the review is waiting for its reader (tests wait for the answers as a
    /// supervisor waits for "Searching…" to go).
    pub fn review_reading(&self) -> bool {
        self.review.as_ref().is_some_and(ReviewState::reading)
    }

    /// Holds the review's reader (`true`) as a search of millions of rows would hold it, or
    /// lets it go: for tests of a screen that must not wait for it.
    #[doc(hidden)]
    pub fn hold_review_reads(&self, held: bool) {
        if let Some(r) = self.review.as_ref().and_then(|r| r.reader.as_ref()) {
            r.hold(held);
        }
    }

    /// The end-of-shift report of the filtered table and period, shown before it prints
    /// (`print_preview.rs`); the answer is the review's notice.
    fn print_shift_report(&mut self, r: &ReviewState) -> String {
        // Unless the filter says otherwise: this table, since the gaming day began.
        let here = self
            .term
            .table()
            .setup
            .as_ref()
            .map_or(self.setup.table_no, |s| s.table_no);
        let table = match r.filter.table {
            None => here,
            Some(t) => match u32::try_from(t) {
                Ok(t) => t,
                Err(_) => return format!("Table {t} is not a table number."),
            },
        };
        let from = r.filter.from.clone().unwrap_or_else(|| {
            self.term
                .gaming_day_start(chrono::Utc::now())
                .to_rfc3339_opts(chrono::SecondsFormat::Secs, true)
        });
        let to = r.filter.to.clone().unwrap_or_else(|| {
            (chrono::Utc::now() + chrono::Duration::days(1))
                .format("%Y-%m-%d")
                .to_string()
        });
        let request = crate::print::Request::ShiftReport { table, from, to };
        match self.open_preview(request, Some(r.supervisor.credential.clone())) {
            Ok(()) => format!("End-of-shift report for table {table}: shown before it prints"),
            Err(e) => format!("Printing failed: {e}"),
        }
    }
}

/// Where exports and prints go: `exports/` next to the database.
fn exports_dir(store: &Store) -> std::path::PathBuf {
    store
        .path()
        .parent()
        .map(|p| p.join("exports"))
        .unwrap_or_else(|| "exports".into())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::table::Role;
    use crate::store::{Entry, RowContext};

    /// An answer of an earlier search is dropped whatever order it comes in; the current
    /// search's page, count and charts are kept, a record's only while it is the one open, an
    /// older page only if it follows the list's last row, and nothing of this journal once the
    /// central copy is shown.
    #[test]
    fn only_the_current_search_and_the_open_record_take_answers() {
        let dir = tempfile::tempdir().unwrap();
        let mut store = Store::open(&dir.path().join("j.sqlite")).unwrap();
        let rows = store
            .append(
                &RowContext::default(),
                &[Entry::system("a", 1), Entry::system("b", 2)],
            )
            .unwrap();
        let boss = Person {
            name: "Morgan Lee".into(),
            credential: "3001".into(),
            role: Role::Supervisor,
        };
        let mut r = ReviewState::open(&store, boss);
        r.reload();
        r.reload();
        assert_eq!(r.search, 2);
        assert!(r.waiting && r.total.is_none());
        let page = |search, rows: Vec<JournalRow>, before| Answer::Page {
            search,
            rows,
            games: Default::default(),
            before,
        };
        r.take(page(1, rows.clone(), None));
        r.take(Answer::Count { search: 1, n: 99 });
        assert!(
            r.rows.is_empty() && r.waiting && r.total.is_none(),
            "the first search's"
        );
        r.take(page(2, vec![rows[1].clone()], None));
        r.take(Answer::Count { search: 2, n: 2 });
        assert_eq!(r.rows.len(), 1);
        assert!(!r.waiting && r.total == Some(2));
        // An older page asked after another list's last row: not this list's.
        r.take(page(2, vec![rows[0].clone()], Some(rows[1].serial + 5)));
        assert_eq!(r.rows.len(), 1);
        r.take(page(2, vec![rows[0].clone()], Some(rows[1].serial)));
        assert_eq!(
            r.rows.iter().map(|x| x.serial).collect::<Vec<_>>(),
            [rows[1].serial, rows[0].serial]
        );
        // A record's answer only for the record open.
        r.select(rows[1].clone());
        r.take(Answer::Record {
            serial: rows[0].serial,
            corrections: vec![rows[0].clone()],
            round: Some(4),
        });
        assert!(r.corrections.is_empty() && r.round_of_selected.is_none());
        r.take(Answer::Record {
            serial: rows[1].serial,
            corrections: vec![rows[0].clone()],
            round: Some(4),
        });
        assert_eq!(r.round_of_selected, Some((rows[1].serial, Some(4))));
        // Charts only while they are shown, and of the current search; a failure closes them.
        r.take(Answer::Charts {
            search: 2,
            data: Default::default(),
        });
        assert!(r.charts.is_none());
        r.charts_on = true;
        r.take(Answer::Charts {
            search: 1,
            data: Default::default(),
        });
        assert!(r.charts.is_none());
        r.take(Answer::Charts {
            search: 2,
            data: Default::default(),
        });
        assert!(r.charts.is_some());
        r.take(Answer::Failed {
            asked: Asked::Charts,
            search: Some(2),
            what: "the charts failed: disk".into(),
        });
        assert!(!r.charts_on);
        assert_eq!(r.notice.as_deref(), Some("the charts failed: disk"));
        // A failure of an earlier search says nothing.
        r.notice = None;
        r.take(Answer::Failed {
            asked: Asked::Page,
            search: Some(1),
            what: "old".into(),
        });
        assert_eq!(r.notice, None);
        // An export says where it went, as it was asked.
        r.take(Answer::Exported {
            rows: 2,
            path: "/media/x/deckhand/review.csv".into(),
            removable: true,
        });
        assert_eq!(
            r.notice.as_deref(),
            Some("Exported 2 records to /media/x/deckhand/review.csv (the removable drive)")
        );
    }
}
