//! `rulebook.Solver`: the crate's Connect Four solver (exact scores, the
//! best moves), with its built-in opening book.

use pyo3::exceptions::PyValueError;
use pyo3::prelude::*;
use rulebook::connect4::{Book, Connect4, Solver};

use crate::games::{move_of, PyGame, PyMove};

/// The Connect Four solver: `score` (the exact score: positive when the
/// player to move wins, the sooner the larger; 0 a draw), `weak_score`
/// (1, 0 or -1), `best_moves` (every move that keeps the score),
/// `move_scores` (each column's score, None for a full column).
#[pyclass(module = "rulebook", name = "Solver")]
pub struct PySolver {
    solver: Solver,
}

/// The Connect Four position of `position`, or a ValueError.
fn connect4(position: &Bound<'_, PyGame>) -> PyResult<Connect4> {
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

fn solve_error(error: impl std::fmt::Display) -> PyErr {
    PyValueError::new_err(error.to_string())
}

#[pymethods]
impl PySolver {
    /// A solver; `book=True` (the default) loads the built-in opening
    /// book, which answers early positions at once.
    #[new]
    #[pyo3(signature = (book = true))]
    fn new(book: bool) -> PyResult<PySolver> {
        let mut solver = Solver::new();
        if book {
            solver = solver.with_book(Book::builtin().map_err(solve_error)?);
        }
        Ok(PySolver { solver })
    }

    fn score(&mut self, py: Python<'_>, position: &Bound<'_, PyGame>) -> PyResult<i32> {
        let game = connect4(position)?;
        let solver = &mut self.solver;
        py.detach(|| solver.score(&game)).map_err(solve_error)
    }

    fn weak_score(&mut self, py: Python<'_>, position: &Bound<'_, PyGame>) -> PyResult<i32> {
        let game = connect4(position)?;
        let solver = &mut self.solver;
        py.detach(|| solver.weak_score(&game)).map_err(solve_error)
    }

    fn best_moves(
        &mut self,
        py: Python<'_>,
        position: &Bound<'_, PyGame>,
    ) -> PyResult<Vec<PyMove>> {
        let game = connect4(position)?;
        let solver = &mut self.solver;
        let moves = py
            .detach(|| solver.best_moves(&game))
            .map_err(solve_error)?;
        Ok(moves.iter().map(|&mv| move_of(&game, mv)).collect())
    }

    fn move_scores(
        &mut self,
        py: Python<'_>,
        position: &Bound<'_, PyGame>,
    ) -> PyResult<Vec<Option<i32>>> {
        let game = connect4(position)?;
        let solver = &mut self.solver;
        let scores = py
            .detach(|| solver.move_scores(&game))
            .map_err(solve_error)?;
        Ok(scores.to_vec())
    }
}
