//! `rulebook.Game` and `rulebook.Move`: every game of the crate behind one
//! Python class, written once over [`Described`]. The package makes one
//! Python subclass per name of [`GameSpec::NAMES`] (`rulebook.Connect4`,
//! `rulebook.Checkers`, `rulebook.Russian`, ...), each only fixing the
//! game; all behaviour is here.

use std::any::Any;

use pyo3::exceptions::PyValueError;
use pyo3::prelude::*;
use pyo3::types::{PyDict, PyList};
use rulebook::catalog::{
    BoardKind, BoardView, Described, GameSpec, GameVisitor, RouteEntry, RouteSoFar,
};
use rulebook::pdn::PdnReader;
use rulebook::search::Limits;
use rulebook::{Game, Match, Outcome};

use crate::arguments::optional_unsigned;
use crate::errors::{IllegalMoveError, ParseError};
use crate::thinking::{EngineThread, ExtraLimits};

/// The keyword parameters of `connectx` (Kaggle's names), with Connect
/// Four's values as defaults.
pub(crate) const CONNECTX_PARAMETERS: [(&str, usize); 3] =
    [("rows", 6), ("columns", 7), ("inarow", 4)];

/// The spec a user names: `game` with its keyword `params` (only
/// `connectx` takes any: `rows`, `columns`, `inarow`).
///
/// # Errors
///
/// [`ParseError`] with the catalog's message for an unknown name or bad
/// parameters.
pub(crate) fn spec_of(game: &str, params: Option<&Bound<'_, PyDict>>) -> PyResult<GameSpec> {
    let parse_error = |error: &dyn std::fmt::Display| ParseError::new_err(error.to_string());
    // The name, or a name with its parameters ("connectx:8x9x5", as
    // `Game.spec` writes it).
    let spec = game.parse::<GameSpec>().map_err(|e| parse_error(&e))?;
    let Some(params) = params.filter(|p| !p.is_empty()) else {
        return Ok(spec);
    };
    if !matches!(spec, GameSpec::ConnectX(_)) {
        let keys: Vec<String> = params.keys().iter().map(|k| k.to_string()).collect();
        return Err(ParseError::new_err(format!(
            "{} takes no parameters (got {})",
            spec.name(),
            keys.join(", ")
        )));
    }
    let mut values = match spec {
        GameSpec::ConnectX(parameters) => [
            parameters.rows(),
            parameters.columns(),
            parameters.in_a_row(),
        ],
        _ => CONNECTX_PARAMETERS.map(|(_, default)| default),
    };
    for (key, value) in params.iter() {
        let key: String = key.extract()?;
        let index = CONNECTX_PARAMETERS
            .iter()
            .position(|(name, _)| *name == key)
            .ok_or_else(|| {
                ParseError::new_err(format!(
                    "connectx takes no parameter {key:?} (its parameters: rows, columns, inarow)"
                ))
            })?;
        values[index] = crate::arguments::count(&value, &key, 0)?;
    }
    let [rows, columns, in_a_row] = values;
    GameSpec::connectx(rows, columns, in_a_row).map_err(|e| parse_error(&e))
}

/// A move as Python sees it: its text, its route and what it captures.
#[derive(Clone, PartialEq, Eq, Hash, Debug)]
pub(crate) struct MoveInfo {
    text: String,
    route: Vec<String>,
    captured: Vec<String>,
}

/// A position of any game, object-safe: what `rulebook.Game` holds.
pub(crate) trait DynGame: Send + Sync {
    fn as_any(&self) -> &dyn Any;
    fn spec(&self) -> GameSpec;
    fn clone_box(&self) -> Box<dyn DynGame>;
    fn same(&self, other: &dyn DynGame) -> bool;
    fn key(&self) -> u64;
    fn legal_moves(&self) -> Vec<MoveInfo>;
    fn play_text(&mut self, text: &str) -> PyResult<MoveInfo>;
    fn play_route(&mut self, route: &[String]) -> PyResult<MoveInfo>;
    /// `None` while the game goes on, else the winner's name (None for a
    /// draw) and why the game ended.
    fn outcome(&self) -> Option<(Option<&'static str>, String)>;
    fn to_move(&self) -> &'static str;
    fn players(&self) -> [&'static str; 2];
    fn position_text(&self) -> String;
    fn parse_position(&self, text: &str) -> PyResult<Box<dyn DynGame>>;
    fn display(&self) -> String;
    fn board(&self) -> BoardView;
    fn levels(&self) -> (u32, u32);
    fn default_level(&self) -> u32;
    /// The engine at `level`, searching within `limits` instead of the
    /// level's when given.
    fn engine(&self, level: u32, limits: Option<Limits>) -> PyResult<Box<dyn DynEngine>>;
    /// The record (PDN for the draughts family) of the game from this
    /// position through `moves` (texts), with `tags`.
    fn record(&self, moves: &[String], tags: &[(String, String)]) -> PyResult<String>;
}

/// A computer player of any game, object-safe.
pub(crate) trait DynEngine {
    fn spec(&self) -> GameSpec;
    /// The engine's move in `game` within its level's limits and `extra`
    /// (None once the game is over), interruptible by a signal.
    fn best_move(
        &mut self,
        py: Python<'_>,
        game: &dyn DynGame,
        extra: ExtraLimits,
    ) -> PyResult<Option<MoveInfo>>;
}

pub(crate) fn move_info<G: Described>(game: &G, mv: G::Move) -> MoveInfo {
    MoveInfo {
        text: game.move_text(mv),
        route: game.route(mv),
        captured: game.captured(mv),
    }
}

/// `mv` of `game` as a Python `Move`.
pub(crate) fn move_of<G: Described>(game: &G, mv: G::Move) -> PyMove {
    PyMove {
        game: Described::spec(game).name(),
        info: move_info(game, mv),
    }
}

/// Plays `mv` (already known legal) on `game`.
fn play<G: Described>(game: &mut G, mv: G::Move) -> PyResult<MoveInfo> {
    let info = move_info(game, mv);
    game.apply(mv)
        .map_err(|error| IllegalMoveError::new_err(error.to_string()))?;
    Ok(info)
}

impl<G: Described> DynGame for G {
    fn as_any(&self) -> &dyn Any {
        self
    }
    fn spec(&self) -> GameSpec {
        Described::spec(self)
    }
    fn clone_box(&self) -> Box<dyn DynGame> {
        Box::new(self.clone())
    }
    fn same(&self, other: &dyn DynGame) -> bool {
        other.as_any().downcast_ref::<G>() == Some(self)
    }
    fn key(&self) -> u64 {
        Game::key(self)
    }
    fn legal_moves(&self) -> Vec<MoveInfo> {
        Game::legal_moves(self)
            .iter()
            .map(|&mv| move_info(self, mv))
            .collect()
    }
    fn play_text(&mut self, text: &str) -> PyResult<MoveInfo> {
        if let Some(ending) = self.ending() {
            return Err(IllegalMoveError::new_err(format!(
                "the game is already over: {ending}"
            )));
        }
        let mv = self
            .parse_move(text)
            .map_err(|error| IllegalMoveError::new_err(error.to_string()))?;
        play(self, mv)
    }
    fn play_route(&mut self, route: &[String]) -> PyResult<MoveInfo> {
        match RouteSoFar::new().enter(self, route) {
            RouteEntry::Complete(mv) => play(self, mv),
            RouteEntry::InProgress | RouteEntry::NoMove => Err(IllegalMoveError::new_err(format!(
                "no legal move goes {} in this position",
                route.join("-")
            ))),
        }
    }
    fn outcome(&self) -> Option<(Option<&'static str>, String)> {
        let outcome = Game::outcome(self)?;
        let ending = self.ending().map(|e| e.to_string()).unwrap_or_default();
        let winner = match outcome {
            Outcome::Win(player) => Some(G::player_name(player)),
            Outcome::Draw => None,
        };
        Some((winner, ending))
    }
    fn to_move(&self) -> &'static str {
        G::player_name(Game::to_move(self))
    }
    fn players(&self) -> [&'static str; 2] {
        G::players().map(G::player_name)
    }
    fn position_text(&self) -> String {
        Described::position_text(self)
    }
    fn parse_position(&self, text: &str) -> PyResult<Box<dyn DynGame>> {
        let position = Described::parse_position(self, text)
            .map_err(|error| ParseError::new_err(error.to_string()))?;
        Ok(Box::new(position))
    }
    fn display(&self) -> String {
        self.to_string()
    }
    fn board(&self) -> BoardView {
        Described::board(self)
    }
    fn levels(&self) -> (u32, u32) {
        let levels = G::levels();
        (*levels.start(), *levels.end())
    }
    fn default_level(&self) -> u32 {
        G::default_level()
    }
    fn engine(&self, level: u32, limits: Option<Limits>) -> PyResult<Box<dyn DynEngine>> {
        Ok(Box::new(EngineOf {
            spec: Described::spec(self),
            engine: EngineThread::new(self, level, limits)?,
        }))
    }
    fn record(&self, moves: &[String], tags: &[(String, String)]) -> PyResult<String> {
        let mut game = Match::new(self.clone());
        for text in moves {
            let mv = game
                .position()
                .parse_move(text)
                .map_err(|error| IllegalMoveError::new_err(error.to_string()))?;
            game.play(mv)
                .map_err(|error| IllegalMoveError::new_err(error.to_string()))?;
        }
        let tags: Vec<(&str, &str)> = tags.iter().map(|(k, v)| (k.as_str(), v.as_str())).collect();
        G::record(&game, &tags).map_err(|error| PyValueError::new_err(error.to_string()))
    }
}

struct EngineOf<G: Described> {
    spec: GameSpec,
    engine: EngineThread<G>,
}

impl<G: Described> DynEngine for EngineOf<G> {
    fn spec(&self) -> GameSpec {
        self.spec
    }
    fn best_move(
        &mut self,
        py: Python<'_>,
        game: &dyn DynGame,
        extra: ExtraLimits,
    ) -> PyResult<Option<MoveInfo>> {
        let position = game.as_any().downcast_ref::<G>().ok_or_else(|| {
            PyValueError::new_err(format!(
                "this engine plays {}, not {}",
                self.spec,
                game.spec()
            ))
        })?;
        self.engine.best_move(py, position, extra)
    }
}

/// The start position of a spec, boxed.
struct Start;

impl GameVisitor for Start {
    type Output = Box<dyn DynGame>;
    fn visit<G: Described>(self, start: G) -> Box<dyn DynGame> {
        Box::new(start)
    }
}

/// A move of a game: what `legal_moves()` lists and `apply` accepts
/// (as does its text).
#[pyclass(module = "rulebook", name = "Move", frozen, eq, hash)]
#[derive(Clone, PartialEq, Eq, Hash)]
pub struct PyMove {
    game: &'static str,
    info: MoveInfo,
}

#[pymethods]
impl PyMove {
    /// The move in the game's notation ("11-15", "3", "c3:e5").
    #[getter]
    fn text(&self) -> &str {
        &self.info.text
    }
    /// The squares it passes through, start first (a drop: its column).
    #[getter]
    fn route(&self) -> Vec<String> {
        self.info.route.clone()
    }
    /// The squares of the pieces it captures.
    #[getter]
    fn captured(&self) -> Vec<String> {
        self.info.captured.clone()
    }
    /// The game's name.
    #[getter]
    fn game(&self) -> &str {
        self.game
    }
    fn __str__(&self) -> &str {
        &self.info.text
    }
    fn __repr__(&self) -> String {
        format!("Move({:?})", self.info.text)
    }
}

/// A position of one of the crate's games, with its rules: use the
/// subclasses (`rulebook.Connect4()`, `rulebook.ConnectX(rows=, columns=,
/// inarow=)`, `rulebook.Checkers()`, `rulebook.International()`, ...) or
/// `rulebook.game(name)`.
#[pyclass(module = "rulebook", name = "Game", subclass)]
pub struct PyGame {
    inner: Box<dyn DynGame>,
}

impl PyGame {
    pub(crate) fn dyn_game(&self) -> &dyn DynGame {
        &*self.inner
    }

    pub(crate) fn set_inner(&mut self, inner: Box<dyn DynGame>) {
        self.inner = inner;
    }

    fn wrap(&self, info: MoveInfo) -> PyMove {
        PyMove {
            game: self.inner.spec().name(),
            info,
        }
    }
}

/// A new object of `slf`'s class holding `inner`.
fn same_class<'py>(
    slf: &Bound<'py, PyGame>,
    inner: Box<dyn DynGame>,
) -> PyResult<Bound<'py, PyAny>> {
    let object = slf.get_type().call0()?;
    object.cast::<PyGame>()?.borrow_mut().inner = inner;
    Ok(object)
}

#[pymethods]
impl PyGame {
    #[new]
    #[pyo3(signature = (game = "connect4", position = None, **params))]
    fn new(
        game: &str,
        position: Option<&str>,
        params: Option<&Bound<'_, PyDict>>,
    ) -> PyResult<PyGame> {
        let start = spec_of(game, params)?.visit(Start);
        let inner = match position {
            Some(text) => start.parse_position(text)?,
            None => start,
        };
        Ok(PyGame { inner })
    }

    /// The game's name ("connect4", "checkers", "russian", ...).
    #[getter]
    fn name(&self) -> &'static str {
        self.inner.spec().name()
    }

    /// The game with its parameters ("connectx:8x9x5").
    #[getter]
    fn spec(&self) -> String {
        self.inner.spec().to_string()
    }

    /// The legal moves, in the crate's order.
    fn legal_moves(&self) -> Vec<PyMove> {
        self.inner
            .legal_moves()
            .into_iter()
            .map(|info| self.wrap(info))
            .collect()
    }

    /// Plays `move` (its text, or a `Move` of `legal_moves()`) for the
    /// player to move and returns the `Move` played.
    ///
    /// Raises `IllegalMoveError` (with the crate's reason) when it is not
    /// legal or the game is over; the position is then unchanged.
    #[pyo3(signature = (move_))]
    fn apply(&mut self, move_: &Bound<'_, PyAny>) -> PyResult<PyMove> {
        let info = if let Ok(mv) = move_.cast::<PyMove>() {
            let mv = mv.get();
            if mv.game != self.inner.spec().name() {
                return Err(IllegalMoveError::new_err(format!(
                    "{} is a move of {}, not {}",
                    mv.info.text,
                    mv.game,
                    self.inner.spec().name()
                )));
            }
            self.inner.play_route(&mv.info.route)?
        } else if let Ok(text) = move_.extract::<String>() {
            self.inner.play_text(&text)?
        } else {
            return Err(pyo3::exceptions::PyTypeError::new_err(
                "a move is its text (str) or a rulebook.Move",
            ));
        };
        Ok(self.wrap(info))
    }

    /// A copy after `move`, leaving this position unchanged.
    #[pyo3(signature = (move_))]
    fn after<'py>(
        slf: &Bound<'py, Self>,
        move_: &Bound<'py, PyAny>,
    ) -> PyResult<Bound<'py, PyAny>> {
        let copy = Self::copy(slf)?;
        copy.cast::<PyGame>()?.borrow_mut().apply(move_)?;
        Ok(copy)
    }

    /// None while the game goes on; else `(winner, reason)`: the winner's
    /// name (None for a draw) and why the game ended.
    fn outcome(&self) -> Option<(Option<&'static str>, String)> {
        self.inner.outcome()
    }

    /// Whether the game has ended by its rules.
    #[getter]
    fn is_over(&self) -> bool {
        self.inner.outcome().is_some()
    }

    /// The name of the player to move ("x", "red", "white", ...).
    #[getter]
    fn to_move(&self) -> &'static str {
        self.inner.to_move()
    }

    /// The two players' names, first mover first.
    #[getter]
    fn players(&self) -> (&'static str, &'static str) {
        let [a, b] = self.inner.players();
        (a, b)
    }

    /// The position as text: FEN for checkers and draughts, the board text
    /// for Connect Four and ConnectX. `type(game)(game.position)` reads it
    /// back.
    #[getter]
    fn position(&self) -> String {
        self.inner.position_text()
    }

    /// The board to draw: a dict with `kind` ("drop" or "squares"), `rows`,
    /// `columns` and `cells` (row-major from the top-left as the first
    /// player sees the board; each `{"row", "column", "label", "piece"}`,
    /// piece None or `{"player": 0 | 1, "king": bool}`).
    fn board<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyDict>> {
        let view = self.inner.board();
        let board = PyDict::new(py);
        let kind = match view.kind {
            BoardKind::Drop => "drop",
            BoardKind::Squares => "squares",
        };
        board.set_item("kind", kind)?;
        board.set_item("rows", view.rows)?;
        board.set_item("columns", view.columns)?;
        let cells = PyList::empty(py);
        for cell in &view.cells {
            let item = PyDict::new(py);
            item.set_item("row", cell.row)?;
            item.set_item("column", cell.column)?;
            item.set_item("label", cell.label.as_deref())?;
            match cell.piece {
                Some(piece) => {
                    let p = PyDict::new(py);
                    p.set_item("player", piece.player)?;
                    p.set_item("king", piece.king)?;
                    item.set_item("piece", p)?;
                }
                None => item.set_item("piece", py.None())?,
            }
            cells.append(item)?;
        }
        board.set_item("cells", cells)?;
        Ok(board)
    }

    /// The computer players' levels, (weakest, strongest).
    #[getter]
    fn levels(&self) -> (u32, u32) {
        self.inner.levels()
    }

    /// The computer's move at `level` (the game's default level when
    /// None), or None once the game is over; `max_nodes` and
    /// `max_seconds` as `Engine.best_move`. Builds a new engine each
    /// call: keep a `rulebook.Engine` to play many moves.
    #[pyo3(signature = (level = None, *, max_nodes = None, max_seconds = None))]
    fn best_move(
        &self,
        py: Python<'_>,
        level: Option<&Bound<'_, PyAny>>,
        max_nodes: Option<&Bound<'_, PyAny>>,
        max_seconds: Option<f64>,
    ) -> PyResult<Option<PyMove>> {
        let extra = extra_limits(max_nodes, max_seconds)?;
        let level = optional_unsigned::<u32>(level, "level")?;
        let level = level.unwrap_or_else(|| self.inner.default_level());
        let mut engine = self.inner.engine(level, None)?;
        let found = engine.best_move(py, &*self.inner, extra)?;
        Ok(found.map(|info| self.wrap(info)))
    }

    /// A copy of this position (of the same class).
    fn copy<'py>(slf: &Bound<'py, Self>) -> PyResult<Bound<'py, PyAny>> {
        let inner = slf.borrow().inner.clone_box();
        same_class(slf, inner)
    }

    fn __copy__<'py>(slf: &Bound<'py, Self>) -> PyResult<Bound<'py, PyAny>> {
        Self::copy(slf)
    }

    #[pyo3(signature = (_memo = None))]
    fn __deepcopy__<'py>(
        slf: &Bound<'py, Self>,
        _memo: Option<&Bound<'py, PyAny>>,
    ) -> PyResult<Bound<'py, PyAny>> {
        Self::copy(slf)
    }

    /// Pickling: `rulebook._restore_game(spec, position)` makes it again,
    /// of the same class.
    fn __reduce__<'py>(&self, py: Python<'py>) -> PyResult<(Bound<'py, PyAny>, (String, String))> {
        let restore = py.import("rulebook")?.getattr("_restore_game")?;
        Ok((
            restore,
            (self.inner.spec().to_string(), self.inner.position_text()),
        ))
    }

    fn __eq__(&self, other: &Bound<'_, PyAny>) -> bool {
        other
            .cast::<PyGame>()
            .is_ok_and(|other| self.inner.same(&*other.borrow().inner))
    }

    fn __hash__(&self) -> u64 {
        self.inner.key()
    }

    fn __str__(&self) -> String {
        self.inner.display()
    }

    fn __repr__(slf: &Bound<'_, Self>) -> PyResult<String> {
        let class = slf.get_type().name()?;
        Ok(format!(
            "{}({:?})",
            class,
            slf.borrow().inner.position_text()
        ))
    }
}

/// A call's `max_nodes` and `max_seconds`, checked.
///
/// # Errors
///
/// ValueError or TypeError naming the argument.
fn extra_limits(
    max_nodes: Option<&Bound<'_, PyAny>>,
    max_seconds: Option<f64>,
) -> PyResult<ExtraLimits> {
    let nodes = optional_unsigned::<u64>(max_nodes, "max_nodes")?;
    let time = match max_seconds {
        None => None,
        Some(seconds) if seconds.is_finite() && seconds >= 0.0 => {
            Some(std::time::Duration::from_secs_f64(seconds.min(1e9)))
        }
        Some(seconds) => {
            return Err(PyValueError::new_err(format!(
                "max_seconds must be a number of seconds from 0, not {seconds}"
            )))
        }
    };
    Ok(ExtraLimits { nodes, time })
}

/// A computer player of one game at one level.
#[pyclass(module = "rulebook", name = "Engine", unsendable)]
pub struct PyEngine {
    inner: Box<dyn DynEngine>,
    level: u32,
}

#[pymethods]
impl PyEngine {
    /// The engine of `game` (a name, or a position whose game it plays) at
    /// `level` (the game's default when None). With any of `max_depth`
    /// (plies), `max_nodes` (positions searched) or `max_seconds`, it
    /// searches within exactly those limits (the others unlimited) with
    /// the level's evaluation, instead of the level's limits.
    #[new]
    #[pyo3(signature = (game, level = None, *, max_depth = None, max_nodes = None, max_seconds = None, **params))]
    fn new(
        game: &Bound<'_, PyAny>,
        level: Option<&Bound<'_, PyAny>>,
        max_depth: Option<&Bound<'_, PyAny>>,
        max_nodes: Option<&Bound<'_, PyAny>>,
        max_seconds: Option<f64>,
        params: Option<&Bound<'_, PyDict>>,
    ) -> PyResult<PyEngine> {
        let level = optional_unsigned::<u32>(level, "level")?;
        let depth = optional_unsigned::<u32>(max_depth, "max_depth")?;
        let extra = extra_limits(max_nodes, max_seconds)?;
        let limits =
            (depth.is_some() || extra.nodes.is_some() || extra.time.is_some()).then_some(Limits {
                depth,
                nodes: extra.nodes,
                time: extra.time,
                soft_time: None,
            });
        let start = match game.cast::<PyGame>() {
            Ok(position) => position.borrow().inner.clone_box(),
            Err(_) => spec_of(&game.extract::<String>()?, params)?.visit(Start),
        };
        let level = level.unwrap_or_else(|| start.default_level());
        Ok(PyEngine {
            inner: start.engine(level, limits)?,
            level,
        })
    }

    /// The engine's move in `position`, or None once the game is over.
    /// `max_nodes` (positions searched) and `max_seconds` cap the level's
    /// own limits: the search then answers with the best move found so
    /// far. Ctrl-C (KeyboardInterrupt) stops it within a fraction of a
    /// second.
    #[pyo3(signature = (position, *, max_nodes = None, max_seconds = None))]
    fn best_move(
        &mut self,
        py: Python<'_>,
        position: &Bound<'_, PyGame>,
        max_nodes: Option<&Bound<'_, PyAny>>,
        max_seconds: Option<f64>,
    ) -> PyResult<Option<PyMove>> {
        let extra = extra_limits(max_nodes, max_seconds)?;
        let position = position.borrow();
        let found = self.inner.best_move(py, position.dyn_game(), extra)?;
        Ok(found.map(|info| position.wrap(info)))
    }

    #[getter]
    fn level(&self) -> u32 {
        self.level
    }

    fn __repr__(&self) -> String {
        format!(
            "Engine({:?}, level={})",
            self.inner.spec().to_string(),
            self.level
        )
    }
}

/// The game names, as `rulebook.game` takes them.
#[pyfunction]
pub fn game_names() -> Vec<&'static str> {
    GameSpec::NAMES.to_vec()
}

/// The record of the game from `start` through `moves` (texts or `Move`s)
/// as PDN (checkers, draughts) or the crate's Connect Four record, with
/// the extra `tags`.
#[pyfunction]
#[pyo3(signature = (start, moves, tags = None))]
pub fn write_pdn(
    start: &Bound<'_, PyGame>,
    moves: Vec<Bound<'_, PyAny>>,
    tags: Option<Vec<(String, String)>>,
) -> PyResult<String> {
    let texts = moves
        .iter()
        .map(|mv| match mv.cast::<PyMove>() {
            Ok(mv) => Ok(mv.get().info.text.clone()),
            Err(_) => mv.extract::<String>(),
        })
        .collect::<PyResult<Vec<String>>>()?;
    start
        .borrow()
        .inner
        .record(&texts, &tags.unwrap_or_default())
}

/// The spec a PDN game plays: `game` when given, else its `GameType` tag,
/// else checkers.
fn pdn_spec(record: &rulebook::pdn::PdnGame, game: Option<&str>) -> PyResult<GameSpec> {
    if let Some(name) = game {
        return spec_of(name, None);
    }
    match record.game_type() {
        None => Ok(GameSpec::Checkers),
        Some(tag) => {
            let number = tag
                .split(',')
                .next()
                .and_then(|n| n.trim().parse::<u32>().ok());
            number.and_then(GameSpec::from_game_type).ok_or_else(|| {
                ParseError::new_err(format!("GameType {tag} is not a game of this package"))
            })
        }
    }
}

/// Reads PDN `text` (the package's `read_pdn`): a list of games, each a
/// dict with `game` (its name), `tags` (a dict), `moves` (texts), `result`
/// ("1-0", "0-1", "1/2-1/2", "*"), `start` and `end` (positions, of the
/// class `classes[game]`). The game is `game` when given, else the one its
/// `GameType` tag names, else checkers. Each move is checked by the
/// game's rules.
#[pyfunction]
#[pyo3(signature = (text, classes, game = None))]
pub fn read_pdn_records<'py>(
    py: Python<'py>,
    text: &str,
    classes: &Bound<'py, PyDict>,
    game: Option<&str>,
) -> PyResult<Vec<Bound<'py, PyDict>>> {
    let mut out = Vec::new();
    for record in PdnReader::new(text) {
        let record = record.map_err(|error| ParseError::new_err(error.to_string()))?;
        let spec = pdn_spec(&record, game)?;
        let mut start = spec.visit(Start);
        if let Some(fen) = record.fen() {
            start = start.parse_position(fen)?;
        }
        let mut end = start.clone_box();
        let mut moves = Vec::new();
        for mv in record.moves() {
            let played = end.play_text(mv.text()).map_err(|error| {
                IllegalMoveError::new_err(format!("move {} ({}): {error}", mv.number(), mv.text()))
            })?;
            moves.push(played.text);
        }
        let class = classes
            .get_item(spec.name())?
            .ok_or_else(|| PyValueError::new_err(format!("no class for {}", spec.name())))?;
        let of_class = |inner: Box<dyn DynGame>| -> PyResult<Bound<'py, PyAny>> {
            let object = class.call0()?;
            object.cast::<PyGame>()?.borrow_mut().inner = inner;
            Ok(object)
        };
        let item = PyDict::new(py);
        item.set_item("game", spec.name())?;
        let tags = PyDict::new(py);
        for (key, value) in record.tags() {
            tags.set_item(key, value)?;
        }
        item.set_item("tags", tags)?;
        item.set_item("moves", moves)?;
        item.set_item("result", record.result().as_str())?;
        item.set_item("start", of_class(start)?)?;
        item.set_item("end", of_class(end)?)?;
        out.push(item);
    }
    Ok(out)
}
