//! The Connect Four solver's complete opening book, built on demand into a
//! cache directory (`python -m rulebook.solver build-book`), and where
//! `rulebook.Solver()` finds it.
//!
//! The book holds the exact score of every position with at most `depth`
//! stones (one entry per mirror pair): the deepest positions are solved
//! (on worker threads, each with its own solver, solving one parent's
//! children in a row so that its table carries what siblings share), the
//! shallower ones follow
//! by negamax over the book (`Book::complete`), and the built-in book's
//! lines of perfect play are merged in. The file is written whole, under a
//! temporary name first, so a reader never sees half a book; a build
//! stopped by Ctrl-C (or killed) keeps what it solved in a checkpoint next
//! to it and the next build goes on from there.

use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::Mutex;
use std::time::{Duration, Instant};

use pyo3::exceptions::{PyOSError, PyValueError};
use pyo3::prelude::*;
use rulebook::connect4::{opening_positions, Book, Connect4, Solver, MAX_BOOK_DEPTH};
use rulebook::search::StopSignal;
use rulebook::Game;

/// The book's file name in its directory.
pub const BOOK_FILE: &str = "connect4-opening.book";
/// The checkpoint's file name: the deepest positions solved so far.
const CHECKPOINT_FILE: &str = "connect4-opening.book.partial";
/// How often the waiting thread looks at signals.
const POLL: Duration = Duration::from_millis(20);
/// How often a long build reports progress and saves a checkpoint.
const CHECKPOINT_EVERY: Duration = Duration::from_secs(30);
/// Each worker's transposition table: 2^24 entries (128 MiB).
const WORKER_TABLE_BITS: u32 = 24;

/// The default directory of the book: `$XDG_CACHE_HOME/rulebook`, else
/// `$HOME/.cache/rulebook` (None when neither is set).
pub fn default_directory() -> Option<PathBuf> {
    let cache = std::env::var_os("XDG_CACHE_HOME")
        .filter(|value| !value.is_empty())
        .map(PathBuf::from)
        .or_else(|| {
            std::env::var_os("HOME")
                .filter(|value| !value.is_empty())
                .map(|home| PathBuf::from(home).join(".cache"))
        })?;
    Some(cache.join("rulebook"))
}

/// The book file in `directory` (the default directory when None).
fn book_path(directory: Option<PathBuf>) -> PyResult<PathBuf> {
    let directory = match directory {
        Some(directory) => directory,
        None => default_directory().ok_or_else(|| {
            PyOSError::new_err(
                "no cache directory: set XDG_CACHE_HOME or HOME, or give the directory",
            )
        })?,
    };
    Ok(directory.join(BOOK_FILE))
}

/// The path of the opening book in `directory` (by default
/// `$XDG_CACHE_HOME/rulebook`, else `~/.cache/rulebook`), whether or not
/// it has been built.
#[pyfunction]
#[pyo3(signature = (directory = None))]
pub fn opening_book_path(directory: Option<PathBuf>) -> PyResult<PathBuf> {
    book_path(directory)
}

/// The book in `path`, validated; an error naming the file (and what to do)
/// when it cannot be read or is damaged.
pub fn load(path: &Path) -> PyResult<Book> {
    let bytes = std::fs::read(path).map_err(|error| {
        PyOSError::new_err(format!(
            "cannot read the opening book {}: {error}",
            path.display()
        ))
    })?;
    Book::from_bytes(&bytes).map_err(|error| {
        PyValueError::new_err(format!(
            "the opening book {} is damaged ({error}): build it again with \
             `python -m rulebook.solver build-book`, or delete it",
            path.display()
        ))
    })
}

/// Writes `book` to `path` whole: to a temporary file first, then renamed.
fn write(book: &Book, path: &Path) -> PyResult<()> {
    let temporary = path.with_extension("tmp");
    std::fs::write(&temporary, book.to_bytes())
        .and_then(|()| std::fs::rename(&temporary, path))
        .map_err(|error| PyOSError::new_err(format!("cannot write {}: {error}", path.display())))
}

/// The unfinished positions with `depth` stones (one of each mirror pair,
/// as [`opening_positions`] lists them), grouped by parent: the children of
/// each position with `depth - 1` stones, each listed with its first
/// parent only. A worker solves one group in a row, so its table carries
/// what siblings share (the same stones in another order) from one to the
/// next.
fn sibling_groups(depth: u32) -> Vec<Vec<Connect4>> {
    let Some(parents) = depth.checked_sub(1) else {
        return vec![vec![Connect4::new()]];
    };
    let mut seen = std::collections::HashSet::new();
    opening_positions(parents)
        .into_iter()
        .map(|parent| {
            parent
                .legal_moves()
                .into_iter()
                .filter_map(|mv| parent.after(mv).ok())
                .filter(|child| child.outcome().is_none())
                .map(|child| child.canonical().0)
                .filter(|child| seen.insert(child.canonical_key()))
                .collect()
        })
        .collect()
}

/// Builds the complete opening book of every position with at most `depth`
/// stones (merged with the built-in book's lines) into `directory` (the
/// default cache directory when None) on `threads` worker threads, and
/// returns its path. `progress(solved, total, seconds)` is called now and
/// then (every 30 s) with the deepest positions solved so far. Ctrl-C stops
/// it within a fraction of a second (KeyboardInterrupt), keeping what was
/// solved in a checkpoint that the next build goes on from.
///
/// Positions with `depth` stones: 4 at depth 1, 25 at 2, 568 at 4, 8,231 at 6, 91,295 at 8
/// (mirror images once); each takes the solver about a second at 8 stones (a
/// fraction of a second to minutes), so from depth 8 on a build costs tens of
/// CPU-hours (`python/bench/book_cost.py` measures it).
#[pyfunction]
#[pyo3(signature = (depth, directory = None, *, threads = 1, progress = None))]
pub fn build_opening_book(
    py: Python<'_>,
    depth: i64,
    directory: Option<PathBuf>,
    threads: i64,
    progress: Option<Py<PyAny>>,
) -> PyResult<PathBuf> {
    let depth = u32::try_from(depth)
        .ok()
        .filter(|depth| (1..=MAX_BOOK_DEPTH).contains(depth))
        .ok_or_else(|| {
            PyValueError::new_err(format!(
                "depth must be from 1 to {MAX_BOOK_DEPTH} stones, not {depth}"
            ))
        })?;
    let threads = usize::try_from(threads)
        .ok()
        .filter(|&threads| (1..=256).contains(&threads))
        .ok_or_else(|| {
            PyValueError::new_err(format!("threads must be from 1 to 256, not {threads}"))
        })?;
    let path = book_path(directory)?;
    let directory = path.parent().map(Path::to_path_buf).unwrap_or_default();
    std::fs::create_dir_all(&directory).map_err(|error| {
        PyOSError::new_err(format!("cannot create {}: {error}", directory.display()))
    })?;
    let checkpoint = directory.join(CHECKPOINT_FILE);
    let builtin = Book::builtin().map_err(|error| PyValueError::new_err(error.to_string()))?;

    // What an earlier, stopped build of the same depth solved.
    let mut solved: Vec<(Connect4, i32)> = Vec::new();
    if checkpoint.exists() {
        match load(&checkpoint) {
            Ok(book) if book.depth() == depth => solved.extend(book.entries()),
            // Another depth's, or damaged: start again.
            _ => {}
        }
    }
    let done: std::collections::HashSet<u64> = solved
        .iter()
        .map(|(game, _)| game.canonical_key())
        .collect();
    let groups: Vec<Vec<Connect4>> = py.detach(|| {
        sibling_groups(depth)
            .into_iter()
            .map(|group| {
                group
                    .into_iter()
                    .filter(|game| !done.contains(&game.canonical_key()))
                    .collect::<Vec<_>>()
            })
            .filter(|group| !group.is_empty())
            .collect()
    });
    let total = groups.iter().map(Vec::len).sum::<usize>() + solved.len();

    let stop = StopSignal::new();
    let next = AtomicUsize::new(0);
    let results = Mutex::new(solved);
    let save = |results: &Mutex<Vec<(Connect4, i32)>>| -> PyResult<()> {
        let scores = results
            .lock()
            .map(|scores| scores.clone())
            .unwrap_or_default();
        let book =
            Book::new(depth, scores).map_err(|error| PyValueError::new_err(error.to_string()))?;
        write(&book, &checkpoint)
    };
    let mut interrupted: Option<PyErr> = None;
    let mut failed: Option<PyErr> = None;
    py.detach(|| {
        std::thread::scope(|scope| {
            let waiting = std::thread::current();
            let workers: Vec<_> = (0..threads)
                .map(|_| {
                    let (stop, next, results, groups, builtin) =
                        (&stop, &next, &results, &groups, &builtin);
                    let waiting = waiting.clone();
                    scope.spawn(move || {
                        let Ok(solver) = Solver::with_table_bits(WORKER_TABLE_BITS) else {
                            return;
                        };
                        let mut solver = solver
                            .with_book(builtin.clone())
                            .with_stop_signal(stop.clone());
                        // One parent's children in a row: the table
                        // keeps what they share.
                        'groups: loop {
                            let index = next.fetch_add(1, Ordering::Relaxed);
                            let Some(group) = groups.get(index) else {
                                break;
                            };
                            for game in group {
                                match solver.score_within(game, u64::MAX) {
                                    Ok(Some(score)) => {
                                        if let Ok(mut results) = results.lock() {
                                            results.push((*game, score));
                                        }
                                    }
                                    // Stopped, or (never) a finished game.
                                    _ => break 'groups,
                                }
                            }
                        }
                        waiting.unpark();
                    })
                })
                .collect();
            let start = Instant::now();
            let mut last_report = Instant::now();
            while !workers.iter().all(|worker| worker.is_finished()) {
                std::thread::park_timeout(POLL);
                if interrupted.is_some() || failed.is_some() {
                    continue;
                }
                if let Err(error) = Python::attach(|py| py.check_signals()) {
                    interrupted = Some(error);
                    stop.stop();
                    continue;
                }
                if last_report.elapsed() >= CHECKPOINT_EVERY {
                    last_report = Instant::now();
                    if let Err(error) = save(&results) {
                        failed = Some(error);
                        stop.stop();
                        continue;
                    }
                    if let Some(progress) = &progress {
                        let solved = results.lock().map(|scores| scores.len()).unwrap_or(0);
                        let seconds = start.elapsed().as_secs_f64();
                        let reported = Python::attach(|py| {
                            progress.call1(py, (solved, total, seconds)).map(drop)
                        });
                        if let Err(error) = reported {
                            failed = Some(error);
                            stop.stop();
                        }
                    }
                }
            }
            for worker in workers {
                if let Err(panic) = worker.join() {
                    std::panic::resume_unwind(panic);
                }
            }
        });
    });
    if let Some(error) = interrupted.or(failed) {
        save(&results)?;
        return Err(error);
    }
    let scores = results.into_inner().unwrap_or_default();
    if scores.len() != total {
        save(&Mutex::new(scores))?;
        return Err(PyValueError::new_err(format!(
            "the build stopped early: its workers could not solve every position \
             (out of memory?); what was solved is kept in {}",
            checkpoint.display()
        )));
    }
    let book = py
        .detach(|| {
            let complete = Book::complete(depth, scores)?;
            Book::new(
                depth.max(builtin.depth()),
                complete.entries().chain(builtin.entries()),
            )
        })
        .map_err(|error| PyValueError::new_err(error.to_string()))?;
    write(&book, &path)?;
    // The checkpoint is in the book now.
    let _ = std::fs::remove_file(&checkpoint);
    Ok(path)
}
