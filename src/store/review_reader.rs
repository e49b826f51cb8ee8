//! The supervisor review's reads on a thread of their own, so the screen never waits for the
//! disk: a search, a count, the charts or an export can read every row of a journal of millions
//! (a count of 10,000,000 rows took 2.6 s, a search by text 9 s, on the screen's thread before).
//! The thread reads on a read-only connection of its own and answers in the order it was asked;
//! each answer carries the number of the search it belongs to, so the screen drops an answer to
//! a filter it has since changed. The screen is woken as each answer arrives.

use super::JournalRow;
use super::replay::RoundStep;
use super::review::{ChartData, Filter, JournalQueries};
use std::collections::HashMap;
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, mpsc};

/// What the review asks.
#[derive(Debug, Clone)]
pub enum Query {
    /// A page of matching rows, newest first, older than `before` if given, with each row's
    /// game; `appended` when it continues the list.
    Page {
        search: u64,
        filter: Filter,
        before: Option<i64>,
        limit: usize,
    },
    /// How many rows match.
    Count { search: u64, filter: Filter },
    /// The charts of a filter.
    Charts { search: u64, filter: Filter },
    /// A record opened: the rows that correct it, and the round it belongs to (table rows).
    Record { serial: i64, table_row: bool },
    /// A recorded round, step by step.
    Replay { round: u32 },
    /// The filtered rows as CSV, into the file `name` on a removable drive when one is mounted,
    /// else in `beside` (the `exports/` folder beside the database): looked for on the reader's
    /// thread, never the screen's ([`export_dir`]).
    Export {
        filter: Filter,
        name: String,
        beside: PathBuf,
    },
    /// A poker-room round's hand history in the PHH format, named as `deckhand export --phh
    /// --phh-dir` names it (`table12-round0007.phh`), in the folder found as for
    /// [`Query::Export`].
    HandHistory { round: u32, beside: PathBuf },
    /// What the review shows from its first frame: the games played here, and everyone who
    /// signs, by credential number. Asked first: the reader answers in order, so the first page
    /// comes with the names.
    Opening,
}

/// Which question an answer is to, when it failed.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Asked {
    Page,
    Count,
    Charts,
    Record,
    Replay,
    Export,
    HandHistory,
    Opening,
}

/// What the thread answers.
#[derive(Debug)]
pub enum Answer {
    Page {
        search: u64,
        rows: Vec<JournalRow>,
        games: HashMap<i64, String>,
        /// The page continues the list after this serial (`None`: the first page).
        before: Option<i64>,
    },
    Count {
        search: u64,
        n: i64,
    },
    Charts {
        search: u64,
        data: ChartData,
    },
    Record {
        serial: i64,
        corrections: Vec<JournalRow>,
        round: Option<u32>,
    },
    Replay {
        round: u32,
        steps: Vec<RoundStep>,
    },
    Exported {
        rows: usize,
        path: PathBuf,
        removable: bool,
    },
    /// A round's hand history written.
    HandHistory {
        round: u32,
        path: PathBuf,
        removable: bool,
    },
    /// The games played here and the people's names, each `(credential, name)`.
    Opening {
        games: Vec<String>,
        names: Vec<(String, String)>,
    },
    /// A question of an earlier search, not read: a later search was asked before the
    /// thread came to it (a supervisor typing a word asks a search a letter).
    Skipped {
        search: u64,
    },
    /// A read that failed: which, of which search (a page, a count or the charts), and why.
    Failed {
        asked: Asked,
        search: Option<u64>,
        what: String,
    },
}

/// The thread and its two channels.
pub struct ReviewReader {
    queries: Option<mpsc::Sender<Query>>,
    answers: mpsc::Receiver<Answer>,
    thread: Option<std::thread::JoinHandle<()>>,
    /// Raised, the thread answers nothing until it is lowered ([`ReviewReader::hold`]).
    held: Arc<AtomicBool>,
}

impl ReviewReader {
    /// Starts the thread on the journal at `path`; `wake` is called after each answer (the
    /// screen's repaint).
    pub fn spawn(path: &Path, wake: Box<dyn Fn() + Send>) -> std::io::Result<ReviewReader> {
        let (queries, rx) = mpsc::channel::<Query>();
        let (tx, answers) = mpsc::channel::<Answer>();
        let open = super::reopener(path);
        let held = Arc::new(AtomicBool::new(false));
        let hold = held.clone();
        let thread = std::thread::Builder::new()
            .name("review-reader".into())
            .spawn(move || {
                let conn = open();
                let mut waiting: std::collections::VecDeque<Query> = Default::default();
                loop {
                    if waiting.is_empty() {
                        match rx.recv() {
                            Ok(q) => waiting.push_back(q),
                            Err(_) => return,
                        }
                    }
                    while hold.load(Ordering::SeqCst) {
                        std::thread::sleep(std::time::Duration::from_millis(1));
                    }
                    // Whatever was asked meanwhile: a search's questions are read only if no
                    // later search waits behind them (looked at again before each question).
                    waiting.extend(rx.try_iter());
                    let newest = waiting.iter().filter_map(search_of).max();
                    let Some(q) = waiting.pop_front() else {
                        continue;
                    };
                    let a = match (&conn, search_of(&q)) {
                        (_, Some(search)) if Some(search) < newest => Answer::Skipped { search },
                        (Ok(conn), _) => answer(conn, q),
                        (Err(e), search) => Answer::Failed {
                            asked: asked(&q),
                            search,
                            what: format!("the journal cannot be read: {e}"),
                        },
                    };
                    if tx.send(a).is_err() {
                        return;
                    }
                    wake();
                }
            })?;
        Ok(ReviewReader {
            queries: Some(queries),
            answers,
            thread: Some(thread),
            held,
        })
    }

    /// Holds the thread's answers (`true`) as a slow read would, or lets them go: for tests of
    /// a screen that must not wait for them.
    #[doc(hidden)]
    pub fn hold(&self, held: bool) {
        self.held.store(held, Ordering::SeqCst);
    }

    /// Asks; the answer comes later ([`ReviewReader::answers`]).
    pub fn ask(&self, q: Query) {
        if let Some(tx) = &self.queries {
            let _ = tx.send(q);
        }
    }

    /// The answers that have arrived, oldest first; `Err` once the thread is gone (it
    /// stopped: nothing more will be answered).
    pub fn answers(&self) -> Result<Vec<Answer>, Vec<Answer>> {
        let mut out = Vec::new();
        loop {
            match self.answers.try_recv() {
                Ok(a) => out.push(a),
                Err(mpsc::TryRecvError::Empty) => return Ok(out),
                Err(mpsc::TryRecvError::Disconnected) => return Err(out),
            }
        }
    }

    /// Waits up to `within` for the next answer (tests; the screen never waits).
    #[cfg(test)]
    fn wait(&self, within: std::time::Duration) -> Option<Answer> {
        self.answers.recv_timeout(within).ok()
    }
}

/// The thread ends after the question it is on; the screen does not wait for it.
impl Drop for ReviewReader {
    fn drop(&mut self) {
        self.queries.take();
        // Detached: a long export finishes on its own and its answer is dropped.
        self.thread.take();
    }
}

fn asked(q: &Query) -> Asked {
    match q {
        Query::Page { .. } => Asked::Page,
        Query::Count { .. } => Asked::Count,
        Query::Charts { .. } => Asked::Charts,
        Query::Record { .. } => Asked::Record,
        Query::Replay { .. } => Asked::Replay,
        Query::Export { .. } => Asked::Export,
        Query::HandHistory { .. } => Asked::HandHistory,
        Query::Opening => Asked::Opening,
    }
}

fn search_of(q: &Query) -> Option<u64> {
    match q {
        Query::Page { search, .. } | Query::Count { search, .. } | Query::Charts { search, .. } => {
            Some(*search)
        }
        _ => None,
    }
}

fn answer(conn: &rusqlite::Connection, q: Query) -> Answer {
    let (search, of) = (search_of(&q), asked(&q));
    let failed = |what: &str, e: super::StoreError| Answer::Failed {
        asked: of,
        search,
        what: format!("{what}: {e}"),
    };
    match q {
        Query::Opening => match (conn.games_played(), super::Store::list_people_on(conn)) {
            (Ok(games), Ok(people)) => Answer::Opening {
                games,
                names: people
                    .into_iter()
                    .map(|p| (p.person.credential, p.person.name))
                    .collect(),
            },
            (Err(e), _) | (_, Err(e)) => failed("the review's games and names", e),
        },
        Query::Page {
            search,
            filter,
            before,
            limit,
        } => match conn.search(&filter, before, limit) {
            Ok(rows) => Answer::Page {
                search,
                games: games_of(conn, &rows),
                rows,
                before,
            },
            Err(e) => failed("the search failed", e),
        },
        Query::Count { search, filter } => match conn.count_matching(&filter) {
            Ok(n) => Answer::Count { search, n },
            Err(e) => failed("the count failed", e),
        },
        Query::Charts { search, filter } => match conn.chart_data(&filter) {
            Ok(data) => Answer::Charts { search, data },
            Err(e) => failed("the charts failed", e),
        },
        Query::Record { serial, table_row } => {
            let corrections = conn.corrections_of(serial).unwrap_or_default();
            let round = table_row
                .then(|| super::replay::round_at(conn, serial).ok().flatten())
                .flatten();
            Answer::Record {
                serial,
                corrections,
                round,
            }
        }
        Query::Replay { round } => match super::replay::round_steps(conn, round) {
            Ok(steps) => Answer::Replay { round, steps },
            Err(e) => failed("Cannot replay", e),
        },
        Query::Export {
            filter,
            name,
            beside,
        } => {
            let (dir, removable) = export_dir(&beside);
            let path = dir.join(name);
            match export(conn, &filter, &path) {
                Ok(rows) => Answer::Exported {
                    rows,
                    path,
                    removable,
                },
                Err(e) => Answer::Failed {
                    asked: Asked::Export,
                    search: None,
                    what: format!("Export failed: {e}"),
                },
            }
        }
        Query::HandHistory { round, beside } => {
            let (dir, removable) = export_dir(&beside);
            match hand_history(conn, round, &dir) {
                Ok(path) => Answer::HandHistory {
                    round,
                    path,
                    removable,
                },
                Err(e) => Answer::Failed {
                    asked: Asked::HandHistory,
                    search: None,
                    what: format!("Round {round}: {e}"),
                },
            }
        }
    }
}

/// Where an export goes: the first writable folder of a removable drive mounted under
/// `/media/<user>/` or `/run/media/<user>/` (a USB stick plugged into the terminal), else
/// `beside` (the `exports/` folder beside the database); true when it is a drive. It writes a
/// probe file, so it runs on the reader's thread, never the screen's.
pub fn export_dir(beside: &Path) -> (PathBuf, bool) {
    export_dir_among(beside, &[Path::new("/media"), Path::new("/run/media")])
}

/// [`export_dir`] over the given mount roots (tests pass their own).
pub fn export_dir_among(beside: &Path, roots: &[&Path]) -> (PathBuf, bool) {
    for root in roots {
        let Ok(users) = std::fs::read_dir(root) else {
            continue;
        };
        let mut drives: Vec<PathBuf> = users
            .flatten()
            .filter(|u| u.path().is_dir())
            .flat_map(|u| std::fs::read_dir(u.path()).into_iter().flatten().flatten())
            .map(|d| d.path())
            .filter(|d| d.is_dir() && writable(d))
            .collect();
        drives.sort();
        if let Some(d) = drives.into_iter().next() {
            return (d.join("deckhand"), true);
        }
    }
    (beside.to_path_buf(), false)
}

fn writable(dir: &Path) -> bool {
    let probe = dir.join(".deckhand-probe");
    let ok = std::fs::write(&probe, b"").is_ok();
    let _ = std::fs::remove_file(&probe);
    ok
}

/// Round `round`'s PHH hand history (`rules::poker::phh`), written to `path`.
fn hand_history(conn: &rusqlite::Connection, round: u32, dir: &Path) -> Result<PathBuf, String> {
    let (hand, table, started) =
        super::replay::round_hand(conn, round).map_err(|e| e.to_string())?;
    // Named with its table, as the command line names it: two tables' round 7 on one drive.
    let path = dir.join(format!("table{table}-round{round:04}.phh"));
    let meta = crate::rules::poker::phh::PhhMeta {
        table,
        round,
        started_utc: started,
    };
    let text = crate::rules::poker::phh::to_phh(&hand, &meta)?;
    std::fs::create_dir_all(dir).map_err(|e| e.to_string())?;
    std::fs::write(&path, text).map_err(|e| e.to_string())?;
    Ok(path)
}

/// Each row's game (the last opening of its table before it), for the list.
fn games_of(conn: &rusqlite::Connection, rows: &[JournalRow]) -> HashMap<i64, String> {
    rows.iter()
        .filter_map(|r| Some((r.serial, conn.game_at(r).ok()??)))
        .collect()
}

fn export(conn: &rusqlite::Connection, filter: &Filter, path: &Path) -> Result<usize, String> {
    if let Some(dir) = path.parent() {
        std::fs::create_dir_all(dir).map_err(|e| e.to_string())?;
    }
    let f = std::fs::File::create(path).map_err(|e| e.to_string())?;
    let mut w = std::io::BufWriter::new(f);
    let n = conn.export_csv(filter, &mut w).map_err(|e| e.to_string())?;
    std::io::Write::flush(&mut w).map_err(|e| e.to_string())?;
    Ok(n)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::store::{Entry, RowContext, Store};
    use std::time::Duration;

    #[test]
    fn an_export_goes_to_a_mounted_drive_when_there_is_one() {
        let dir = tempfile::tempdir().unwrap();
        let beside = dir.path().join("exports");
        let media = dir.path().join("media");
        // No drive: beside the database.
        assert_eq!(
            export_dir_among(&beside, &[&media]),
            (beside.clone(), false)
        );
        // A stick mounted for the terminal's user.
        std::fs::create_dir_all(media.join("dealer").join("STICK")).unwrap();
        assert_eq!(
            export_dir_among(&beside, &[&media]),
            (media.join("dealer").join("STICK").join("deckhand"), true)
        );
    }

    /// A new journal `j.sqlite` in a directory of its own, and the context of table 3's rows.
    fn journal_of_table_3() -> (tempfile::TempDir, Store, RowContext) {
        let dir = tempfile::tempdir().unwrap();
        let s = Store::open(&dir.path().join("j.sqlite")).unwrap();
        let ctx = RowContext {
            table_no: Some(3),
            ..Default::default()
        };
        (dir, s, ctx)
    }

    fn next(r: &ReviewReader) -> Answer {
        r.wait(Duration::from_secs(10)).expect("an answer")
    }

    /// The review's first reading comes from the reader: the games played here and everyone's
    /// name by credential number.
    #[test]
    fn the_opening_is_the_games_played_and_the_names() {
        let (dir, mut s, ctx) = journal_of_table_3();
        let path = dir.path().join("j.sqlite");
        let setup = |game: &str| serde_json::json!({"setup": {"game": game}});
        let opened = |game| Entry::system("table_opened", setup(game));
        s.append(
            &ctx,
            &[opened("omaha"), opened("spanish-21"), opened("omaha")],
        )
        .unwrap();
        let dana = crate::rules::table::Person {
            name: "Dana Brooks".into(),
            credential: "1001".into(),
            role: crate::rules::table::Role::Floorperson,
        };
        s.add_person(&dana, "246810").unwrap();
        let r = ReviewReader::spawn(&path, Box::new(|| {})).unwrap();
        r.ask(Query::Opening);
        match next(&r) {
            Answer::Opening { games, names } => {
                assert_eq!(games, ["omaha", "spanish-21"]);
                assert!(
                    names.contains(&("1001".into(), "Dana Brooks".into())),
                    "{names:?}"
                );
            }
            other => panic!("{other:?}"),
        }
    }

    /// Each question is answered in turn, with the number of its search, from a connection of
    /// the thread's own; a journal that cannot be opened is a failure named for the search.
    #[test]
    fn questions_are_answered_in_turn_with_their_search() {
        let (dir, mut s, ctx) = journal_of_table_3();
        let path = dir.path().join("j.sqlite");
        let rows = s
            .append(
                &ctx,
                &[
                    Entry::system(
                        "table_opened",
                        serde_json::json!({"setup": {"game": "omaha"}}),
                    ),
                    Entry::system("shuffler_meters", serde_json::json!({"shuffles": 1})),
                    Entry::system(
                        "correction",
                        serde_json::json!({"corrects": 2, "note": "x"}),
                    ),
                ],
            )
            .unwrap();
        let woken = Arc::new(std::sync::atomic::AtomicUsize::new(0));
        let w = woken.clone();
        let r = ReviewReader::spawn(
            &path,
            Box::new(move || {
                w.fetch_add(1, Ordering::SeqCst);
            }),
        )
        .unwrap();
        let all = Filter::default();
        r.ask(Query::Page {
            search: 7,
            filter: all.clone(),
            before: None,
            limit: 2,
        });
        r.ask(Query::Count {
            search: 7,
            filter: all.clone(),
        });
        r.ask(Query::Record {
            serial: 2,
            table_row: false,
        });
        let beside = dir.path().join("out");
        r.ask(Query::Export {
            filter: all,
            name: "x.csv".into(),
            beside: beside.clone(),
        });
        match next(&r) {
            Answer::Page {
                search: 7,
                rows: page,
                games,
                before: None,
            } => {
                assert_eq!(page.iter().map(|r| r.serial).collect::<Vec<_>>(), [3, 2]);
                assert_eq!(games.get(&2).map(String::as_str), Some("omaha"));
            }
            other => panic!("{other:?}"),
        }
        assert!(matches!(next(&r), Answer::Count { search: 7, n: 3 }));
        match next(&r) {
            Answer::Record {
                serial: 2,
                corrections,
                round: None,
            } => assert_eq!(corrections[0].serial, rows[2].serial),
            other => panic!("{other:?}"),
        }
        // Beside the database, or on a drive this machine has mounted (found by the reader).
        let out = match next(&r) {
            Answer::Exported {
                rows: 3,
                path,
                removable,
            } => {
                assert!(removable || path == beside.join("x.csv"), "{path:?}");
                path
            }
            other => panic!("{other:?}"),
        };
        assert_eq!(std::fs::read_to_string(&out).unwrap().lines().count(), 4);
        // The screen is woken after each answer is sent.
        let by = std::time::Instant::now() + Duration::from_secs(10);
        while woken.load(Ordering::SeqCst) < 4 && std::time::Instant::now() < by {
            std::thread::sleep(Duration::from_millis(1));
        }
        assert_eq!(woken.load(Ordering::SeqCst), 4);

        let gone =
            ReviewReader::spawn(&dir.path().join("missing.sqlite"), Box::new(|| {})).unwrap();
        gone.ask(Query::Count {
            search: 9,
            filter: Filter::default(),
        });
        match next(&gone) {
            Answer::Failed {
                asked: Asked::Count,
                search: Some(9),
                what,
            } => assert!(what.contains("cannot be read"), "{what}"),
            other => panic!("{other:?}"),
        }
    }

    /// A held reader answers nothing until it is let go; then a search a later one overtook
    /// is skipped, not read, and everything else is answered in turn.
    #[test]
    fn a_held_reader_answers_once_let_go_and_skips_what_was_overtaken() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("j.sqlite");
        drop(Store::open(&path).unwrap());
        let r = ReviewReader::spawn(&path, Box::new(|| {})).unwrap();
        r.hold(true);
        let all = Filter::default;
        r.ask(Query::Count {
            search: 1,
            filter: all(),
        });
        r.ask(Query::Page {
            search: 1,
            filter: all(),
            before: None,
            limit: 10,
        });
        r.ask(Query::Record {
            serial: 1,
            table_row: false,
        });
        r.ask(Query::Count {
            search: 2,
            filter: all(),
        });
        assert!(r.wait(Duration::from_millis(200)).is_none());
        r.hold(false);
        assert!(matches!(next(&r), Answer::Skipped { search: 1 }));
        assert!(matches!(next(&r), Answer::Skipped { search: 1 }));
        assert!(matches!(next(&r), Answer::Record { serial: 1, .. }));
        assert!(matches!(next(&r), Answer::Count { search: 2, n: 0 }));
    }
}
