//! `rulebook.Solver`: the crate's Connect Four solver (exact scores, the
//! best moves), with the opening book (the complete one from the cache
//! directory when built, else the built-in one), node and time limits, and
//! Ctrl-C.
//!
//! Every call is a limited search of the library (`score_within` and its
//! family) watching a [`StopSignal`]: a call that may be long runs on a
//! worker thread while the calling thread (Python's main thread, the only
//! one that can see a signal) checks for signals and the deadline every
//! [`POLL`], raising the stop signal on either; the worker then gives up
//! within milliseconds.

use std::path::PathBuf;
use std::time::{Duration, Instant};

use pyo3::exceptions::{PyTypeError, PyValueError};
use pyo3::prelude::*;
use pyo3::types::PyBool;
use rulebook::connect4::{Book, Connect4, SolveError, Solver};
use rulebook::search::StopSignal;
use rulebook::Game;

use crate::arguments::optional_unsigned;
use crate::games::{move_of, PyGame, PyMove};
use crate::opening_book;

/// How often a waiting call looks at signals and the clock.
const POLL: Duration = Duration::from_millis(20);

/// Nodes searched on the calling thread before a call moves to a worker
/// thread that can be interrupted (about a millisecond): most positions
/// past the opening need fewer, and pay no thread.
const QUICK_NODES: u64 = 1 << 14;

/// The Connect Four solver: `score` (the exact score: positive when the
/// player to move wins, the sooner the larger; 0 a draw), `weak_score`
/// (1, 0 or -1), `best_moves` (every move that keeps the score),
/// `move_scores` (each column's score, None for a full column). Each takes
/// `max_nodes` and `max_seconds` and returns None when a limit is reached;
/// Ctrl-C (KeyboardInterrupt) stops any call within a fraction of a
/// second.
#[pyclass(module = "rulebook", name = "Solver")]
pub struct PySolver {
    solver: Solver,
    stop: StopSignal,
    /// Where the book came from, for `repr` and `book_path`.
    book: BookSource,
}

/// The book a solver uses.
enum BookSource {
    None,
    Builtin,
    File(PathBuf),
}

/// The Connect Four position of `position`, or a ValueError (a TypeError
/// for something that is not a position).
fn connect4(position: &Bound<'_, PyAny>) -> PyResult<Connect4> {
    let position = position.cast::<PyGame>().map_err(|_| {
        PyTypeError::new_err("position must be a rulebook.Game (a Connect4 position)")
    })?;
    let position = position.borrow();
    let game = position.dyn_game();
    game.as_any()
        .downcast_ref::<Connect4>()
        .copied()
        .ok_or_else(|| {
            PyValueError::new_err(format!(
                "the solver plays Connect Four, not {}",
                game.spec()
            ))
        })
}

/// `error` (about one position of a batch) with the position's index in
/// front of its message, of the same type.
fn prefixed(py: Python<'_>, index: usize, error: PyErr) -> PyErr {
    let message = format!("position {index}: {}", error.value(py));
    if error.is_instance_of::<PyTypeError>(py) {
        PyTypeError::new_err(message)
    } else {
        PyValueError::new_err(message)
    }
}

fn solve_error(error: impl std::fmt::Display) -> PyErr {
    PyValueError::new_err(error.to_string())
}

/// A call's limits, as the user gave them.
#[derive(Clone, Copy)]
struct Limits {
    max_nodes: u64,
    deadline: Option<Instant>,
}

fn limits(max_nodes: Option<&Bound<'_, PyAny>>, max_seconds: Option<f64>) -> PyResult<Limits> {
    let max_nodes = optional_unsigned::<u64>(max_nodes, "max_nodes")?.unwrap_or(u64::MAX);
    let deadline = match max_seconds {
        None => None,
        Some(seconds) if seconds.is_finite() && seconds >= 0.0 => {
            Instant::now().checked_add(Duration::from_secs_f64(seconds.min(1e9)))
        }
        Some(seconds) => {
            return Err(PyValueError::new_err(format!(
                "max_seconds must be a number of seconds from 0, not {seconds}"
            )))
        }
    };
    Ok(Limits {
        max_nodes,
        deadline,
    })
}

/// One limited search of the library: `Ok(None)` when it gave up.
type Search<T> = fn(&mut Solver, &Connect4, u64) -> Result<Option<T>, SolveError>;

impl PySolver {
    /// Runs `search` on `game` within `limits`, interruptible: None when a
    /// limit stopped it, KeyboardInterrupt (or whatever a signal handler
    /// raised) when a signal did.
    fn run<T: Send>(
        &mut self,
        py: Python<'_>,
        game: &Connect4,
        limits: Limits,
        search: Search<T>,
    ) -> PyResult<Option<T>> {
        self.stop.reset();
        let solver = &mut self.solver;
        let quick = limits.max_nodes.min(QUICK_NODES);
        if let Some(found) = py
            .detach(|| search(solver, game, quick))
            .map_err(solve_error)?
        {
            return Ok(Some(found));
        }
        if limits.max_nodes <= QUICK_NODES {
            return Ok(None);
        }
        // The quick attempt counts in the budget.
        let budget = limits.max_nodes - QUICK_NODES;
        self.interruptible(py, limits.deadline, |solver| search(solver, game, budget))?
            .map_err(solve_error)
    }

    /// Runs `work` on a worker thread with the GIL released, while this
    /// thread looks at signals and `deadline` every [`POLL`], raising the
    /// stop signal on either. The error of a signal handler
    /// (KeyboardInterrupt) once the worker has stopped, else `work`'s
    /// value.
    fn interruptible<T: Send>(
        &mut self,
        py: Python<'_>,
        deadline: Option<Instant>,
        work: impl FnOnce(&mut Solver) -> T + Send,
    ) -> PyResult<T> {
        self.stop.reset();
        let (solver, stop) = (&mut self.solver, &self.stop);
        let (found, interrupted) = py.detach(|| {
            std::thread::scope(|scope| {
                let waiting = std::thread::current();
                let worker = scope.spawn(move || {
                    let found = work(solver);
                    // Wake the waiting thread at once, not at its next poll.
                    waiting.unpark();
                    found
                });
                let mut interrupted = None;
                while !worker.is_finished() {
                    std::thread::park_timeout(POLL);
                    if interrupted.is_none() {
                        if let Err(error) = Python::attach(|py| py.check_signals()) {
                            interrupted = Some(error);
                            stop.stop();
                        }
                    }
                    if deadline.is_some_and(|d| Instant::now() >= d) {
                        stop.stop();
                    }
                }
                let found = worker
                    .join()
                    .unwrap_or_else(|panic| std::panic::resume_unwind(panic));
                (found, interrupted)
            })
        });
        self.stop.reset();
        match interrupted {
            Some(error) => Err(error),
            None => Ok(found),
        }
    }
}

#[pymethods]
impl PySolver {
    /// A solver. `book=True` (the default): the complete opening book in
    /// the cache directory if one has been built (`python -m
    /// rulebook.solver build-book`), else the built-in book (the lines of
    /// perfect play); `book=False`: none; a path: the book in that file.
    /// A damaged or unreadable book file is an error naming it.
    #[new]
    #[pyo3(signature = (book = None), text_signature = "(book=True)")]
    fn new(book: Option<&Bound<'_, PyAny>>) -> PyResult<PySolver> {
        let source = if let Some(path) = book.filter(|book| !book.is_instance_of::<PyBool>()) {
            BookSource::File(path.extract::<PathBuf>().map_err(|_| {
                PyTypeError::new_err("book must be True, False or the path of a book file")
            })?)
        } else {
            if book.is_some_and(|flag| !flag.is_truthy().unwrap_or(true)) {
                BookSource::None
            } else {
                match opening_book::default_directory()
                    .map(|directory| directory.join(opening_book::BOOK_FILE))
                {
                    Some(path) if path.is_file() => BookSource::File(path),
                    _ => BookSource::Builtin,
                }
            }
        };
        let stop = StopSignal::new();
        let mut solver = Solver::new().with_stop_signal(stop.clone());
        match &source {
            BookSource::None => {}
            BookSource::Builtin => solver = solver.with_book(Book::builtin().map_err(solve_error)?),
            BookSource::File(path) => solver = solver.with_book(opening_book::load(path)?),
        }
        Ok(PySolver {
            solver,
            stop,
            book: source,
        })
    }

    /// The file of the solver's book (None for the built-in book or
    /// none).
    #[getter]
    fn book_path(&self) -> Option<PathBuf> {
        match &self.book {
            BookSource::File(path) => Some(path.clone()),
            _ => None,
        }
    }

    /// The most stones of a position the solver's book has (0 without a
    /// book).
    #[getter]
    fn book_depth(&self) -> u32 {
        self.solver.book().map_or(0, Book::depth)
    }

    /// The exact score for the player to move, or None when `max_nodes`
    /// (positions searched) or `max_seconds` ran out first.
    #[pyo3(signature = (position, *, max_nodes = None, max_seconds = None))]
    fn score(
        &mut self,
        py: Python<'_>,
        position: &Bound<'_, PyAny>,
        max_nodes: Option<&Bound<'_, PyAny>>,
        max_seconds: Option<f64>,
    ) -> PyResult<Option<i32>> {
        let game = connect4(position)?;
        let limits = limits(max_nodes, max_seconds)?;
        self.run(py, &game, limits, Solver::score_within)
    }

    /// 1, 0 or -1 (win, draw, loss for the player to move), or None when a
    /// limit ran out first.
    #[pyo3(signature = (position, *, max_nodes = None, max_seconds = None))]
    fn weak_score(
        &mut self,
        py: Python<'_>,
        position: &Bound<'_, PyAny>,
        max_nodes: Option<&Bound<'_, PyAny>>,
        max_seconds: Option<f64>,
    ) -> PyResult<Option<i32>> {
        let game = connect4(position)?;
        let limits = limits(max_nodes, max_seconds)?;
        self.run(py, &game, limits, Solver::weak_score_within)
    }

    /// Every move that keeps the score, or None when a limit ran out
    /// first.
    #[pyo3(signature = (position, *, max_nodes = None, max_seconds = None))]
    fn best_moves(
        &mut self,
        py: Python<'_>,
        position: &Bound<'_, PyAny>,
        max_nodes: Option<&Bound<'_, PyAny>>,
        max_seconds: Option<f64>,
    ) -> PyResult<Option<Vec<PyMove>>> {
        let game = connect4(position)?;
        let limits = limits(max_nodes, max_seconds)?;
        let moves = self.run(py, &game, limits, Solver::best_moves_within)?;
        Ok(moves.map(|moves| moves.iter().map(|&mv| move_of(&game, mv)).collect()))
    }

    /// Each column's score for the player to move (None for a full
    /// column), or None (the whole list) when a limit ran out first.
    #[pyo3(signature = (position, *, max_nodes = None, max_seconds = None))]
    fn move_scores(
        &mut self,
        py: Python<'_>,
        position: &Bound<'_, PyAny>,
        max_nodes: Option<&Bound<'_, PyAny>>,
        max_seconds: Option<f64>,
    ) -> PyResult<Option<Vec<Option<i32>>>> {
        let game = connect4(position)?;
        let limits = limits(max_nodes, max_seconds)?;
        let scores = self.run(py, &game, limits, Solver::move_scores_within)?;
        Ok(scores.map(|scores| scores.to_vec()))
    }

    /// `move_scores` of every position of `positions` (a sequence of
    /// Connect Four positions), in one call with the GIL released: a list
    /// with, for each, its scores or None when `max_nodes` (per position)
    /// ran out, or when `max_seconds` (for the whole call) did — the
    /// positions after the deadline are None. Ctrl-C raises
    /// KeyboardInterrupt. Each position is checked first: a finished game
    /// or another game is an error naming its index, and nothing is
    /// searched.
    #[pyo3(signature = (positions, *, max_nodes = None, max_seconds = None))]
    fn move_scores_batch(
        &mut self,
        py: Python<'_>,
        positions: &Bound<'_, PyAny>,
        max_nodes: Option<&Bound<'_, PyAny>>,
        max_seconds: Option<f64>,
    ) -> PyResult<Vec<Option<Vec<Option<i32>>>>> {
        let limits = limits(max_nodes, max_seconds)?;
        let games = positions
            .try_iter()
            .map_err(|_| PyTypeError::new_err("positions must be a sequence of rulebook.Game"))?
            .enumerate()
            .map(|(index, position)| {
                let game = connect4(&position?).map_err(|error| prefixed(py, index, error))?;
                if game.outcome().is_some() {
                    return Err(PyValueError::new_err(format!(
                        "position {index}: {}",
                        SolveError::GameOver
                    )));
                }
                Ok(game)
            })
            .collect::<PyResult<Vec<Connect4>>>()?;
        let stop = self.stop.clone();
        let scores = self.interruptible(py, limits.deadline, move |solver| {
            games
                .iter()
                .map(|game| {
                    if stop.is_stopped() {
                        return None;
                    }
                    solver
                        .move_scores_within(game, limits.max_nodes)
                        .ok()
                        .flatten()
                        .map(|scores| scores.to_vec())
                })
                .collect::<Vec<_>>()
        })?;
        Ok(scores)
    }

    /// Positions searched since the solver was made (or `reset`): the
    /// measure of work, independent of the machine.
    #[getter]
    fn node_count(&self) -> u64 {
        self.solver.node_count()
    }

    /// Clears the solver's table (what it learnt from earlier calls) and
    /// its node count.
    fn reset(&mut self) {
        self.solver.reset();
    }

    fn __repr__(&self) -> String {
        match &self.book {
            BookSource::None => "Solver(book=False)".to_string(),
            BookSource::Builtin => "Solver(book=True)".to_string(),
            BookSource::File(path) => format!("Solver(book={:?})", path.display().to_string()),
        }
    }
}
