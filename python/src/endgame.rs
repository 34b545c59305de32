//! `rulebook.Tablebase`: the crate's endgame databases (English checkers
//! and the draughts variants) read from a directory, asked about a
//! `rulebook.Game` position: its value for the player to move, a move
//! that keeps it, the distance to the next conversion.

use std::path::PathBuf;

use pyo3::exceptions::PyTypeError;
use pyo3::prelude::*;
use rulebook::endgame::{Databases, TextVerdict};

use crate::errors::RulebookError;
use crate::games::PyGame;

/// The endgame databases in ``directory`` (built by the crate's
/// ``endgame`` example; by default its cache directory), of every game
/// that has some there: English checkers (``"checkers"``) and the
/// draughts variants.
#[pyclass(module = "rulebook", name = "Tablebase", frozen)]
pub struct PyTablebase {
    databases: Databases,
    directory: PathBuf,
}

/// What `lookup` returns for a position the databases hold: the value,
/// a move that keeps it, the distance to the next conversion.
type Lookup = (String, Option<String>, Option<u32>);

/// The game name and FEN of `position`, or a TypeError for something that
/// is not a `rulebook.Game`.
fn game_and_fen(position: &Bound<'_, PyAny>) -> PyResult<(String, String)> {
    let position = position
        .cast::<PyGame>()
        .map_err(|_| PyTypeError::new_err("position must be a rulebook.Game"))?;
    let position = position.borrow();
    let game = position.dyn_game();
    Ok((game.spec().to_string(), game.position_text()))
}

impl PyTablebase {
    /// What the databases say of `position`: None when it has more pieces
    /// than they hold.
    fn verdict(&self, position: &Bound<'_, PyAny>) -> PyResult<Option<TextVerdict>> {
        let (game, fen) = game_and_fen(position)?;
        self.databases
            .lookup(&game, &fen)
            .map_err(|error| RulebookError::new_err(error.to_string()))
    }
}

#[pymethods]
impl PyTablebase {
    /// Reads every database in ``directory`` (by default the crate's
    /// cache directory: ``$RULEBOOK_ENDGAME_DIR``, else
    /// ``$XDG_CACHE_HOME/rulebook/endgame``, else
    /// ``~/.cache/rulebook/endgame``, where the ``endgame`` example builds
    /// them without ``--dir``); a RulebookError (with the file and what is
    /// wrong) when there is none, or one is missing, truncated or
    /// corrupted.
    #[new]
    #[pyo3(signature = (directory=None))]
    fn new(directory: Option<PathBuf>) -> PyResult<Self> {
        let directory = match directory {
            Some(directory) => directory,
            None => rulebook::endgame::default_dir()
                .map_err(|error| RulebookError::new_err(error.to_string()))?,
        };
        let databases = Databases::open(&directory)
            .map_err(|error| RulebookError::new_err(error.to_string()))?;
        Ok(PyTablebase {
            databases,
            directory,
        })
    }

    /// The games that have databases here, with the most pieces of each:
    /// ``[("english", 5)]``.
    fn games(&self) -> Vec<(&'static str, u32)> {
        self.databases.games()
    }

    /// ``"win"``, ``"loss"`` or ``"draw"`` for the player to move in
    /// ``position``, or None when it has more pieces than the databases
    /// hold. A RulebookError when its game has no databases here.
    fn probe(&self, position: &Bound<'_, PyAny>) -> PyResult<Option<String>> {
        Ok(self
            .verdict(position)?
            .map(|verdict| verdict.value.to_string()))
    }

    /// ``(value, best_move, distance)`` for ``position``: the value as
    /// ``probe`` gives it, a move that keeps it (its text; None when the
    /// player to move has no move), and for a win or a loss the plies to
    /// the next capture or crowning with best play (None without the
    /// distance files); None when the position has more pieces than the
    /// databases hold.
    fn lookup(&self, position: &Bound<'_, PyAny>) -> PyResult<Option<Lookup>> {
        Ok(self.verdict(position)?.map(|verdict| {
            (
                verdict.value.to_string(),
                verdict.best_move,
                verdict.distance,
            )
        }))
    }

    fn __repr__(&self) -> String {
        let games: Vec<String> = self
            .databases
            .games()
            .iter()
            .map(|(game, pieces)| format!("{game} up to {pieces} pieces"))
            .collect();
        format!(
            "Tablebase({:?}: {})",
            self.directory.display().to_string(),
            games.join(", ")
        )
    }
}
