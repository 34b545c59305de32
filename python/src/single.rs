//! `rulebook._AgentEnv`: one game as an agent environment, the core under
//! the PettingZoo and Gymnasium environments (written in Python, in the
//! package). Observations are numpy int8 arrays shaped
//! (rows, columns, planes) — channels last, the board's rows top first as
//! the observing player sees it, which for Connect Four is PettingZoo's
//! `connect_four_v3` layout — and masks int8 arrays of the action count.

use numpy::{PyArray1, PyArray3, PyArrayMethods};
use pyo3::exceptions::PyValueError;
use pyo3::prelude::*;
use pyo3::types::{PyDict, PyTuple};
use rulebook::agent::{ActionError, Progress};
use rulebook::catalog::Described;
use rulebook::{Game, PlayerOutcome};

use crate::arguments;
use crate::environments::{
    actions_in_progress, environment_at, game_object, step_limit, visit_environment,
    AgentEnvironment, EnvironmentVisitor,
};
use crate::errors::IllegalActionError;
use crate::thinking::{EngineThread, ExtraLimits};

/// A game as an environment, object-safe: what `_AgentEnv` drives.
trait SingleCore {
    fn reset(&mut self);
    fn action_count(&self) -> usize;
    /// (planes, rows, columns) of the environment's observation.
    fn shape(&self) -> [usize; 3];
    /// The player number to act (0 = first).
    fn to_play(&self) -> usize;
    /// The rewards of the two players once the game is over.
    fn rewards(&self) -> Option<[i8; 2]>;
    /// Whether the game was cut at its step limit.
    fn truncated(&self) -> bool;
    /// Writes `player`'s view, environment layout (planes, rows, columns).
    fn write_view(&self, player: usize, out: &mut [f32]);
    fn write_mask(&self, out: &mut [bool]);
    fn step(&mut self, action: usize) -> Result<bool, ActionError>;
    fn render(&self) -> String;
    fn boxed_clone(&self) -> Box<dyn SingleCore>;
    /// The error for a level the game has no computer player at.
    fn check_level(&self, level: u32) -> PyResult<()>;
    /// Plays the whole move of the computer player at `level` (every
    /// action of it), keeping its engine for the next calls. The engine
    /// thinks on its own thread: a signal (Ctrl-C) stops the call within a
    /// fraction of a second, with nothing played.
    fn play_engine(&mut self, py: Python<'_>, level: u32) -> PyResult<()>;
    /// The position (before the move in progress, if any).
    fn game(&self) -> Box<dyn crate::games::DynGame>;
    /// The actions of the move in progress (empty between moves).
    fn actions_in_progress(&self) -> Vec<usize>;
    /// The environment at `game` then `actions`, with `steps` actions
    /// counted towards the step limit; unchanged on error.
    fn set_game(
        &mut self,
        game: &dyn crate::games::DynGame,
        actions: &[usize],
        steps: u32,
    ) -> PyResult<()>;
    /// Actions played since the episode started (what the step limit
    /// counts).
    fn steps(&self) -> u32;
    /// The step limit as the constructor's `max_steps` reads it (0: none).
    fn max_steps_argument(&self) -> u32;
    /// The game with its parameters ("connectx:8x9x5").
    fn spec(&self) -> String;
}

struct Single<E: AgentEnvironment> {
    start: E,
    env: E,
    steps: u32,
    max_steps: Option<u32>,
    /// The computer player last asked for, with its level.
    engine: Option<(u32, EngineThread<E::Game>)>,
}

impl<E: AgentEnvironment> Clone for Single<E> {
    /// A copy without the engine (engines are not `Clone`; the copy makes
    /// its own when asked).
    fn clone(&self) -> Self {
        Single {
            start: self.start.clone(),
            env: self.env.clone(),
            steps: self.steps,
            max_steps: self.max_steps,
            engine: None,
        }
    }
}

impl<E: AgentEnvironment> SingleCore for Single<E> {
    fn game(&self) -> Box<dyn crate::games::DynGame> {
        Box::new(self.env.position().clone())
    }
    fn actions_in_progress(&self) -> Vec<usize> {
        actions_in_progress(&self.env)
    }
    fn set_game(
        &mut self,
        game: &dyn crate::games::DynGame,
        actions: &[usize],
        steps: u32,
    ) -> PyResult<()> {
        self.env = environment_at(&self.start, game, actions)?;
        self.steps = steps;
        Ok(())
    }
    fn steps(&self) -> u32 {
        self.steps
    }
    fn max_steps_argument(&self) -> u32 {
        self.max_steps.unwrap_or(0)
    }
    fn spec(&self) -> String {
        Described::spec(self.start.position()).to_string()
    }
    fn reset(&mut self) {
        self.env = self.start.clone();
        self.steps = 0;
    }
    fn action_count(&self) -> usize {
        self.env.action_count()
    }
    fn shape(&self) -> [usize; 3] {
        self.env.observation_shape().dims()
    }
    fn to_play(&self) -> usize {
        usize::from(self.env.position().to_move() != self.start.position().to_move())
    }
    fn rewards(&self) -> Option<[i8; 2]> {
        let first = self
            .env
            .position()
            .outcome_for(self.start.position().to_move())?;
        let reward = match first {
            PlayerOutcome::Win => 1,
            PlayerOutcome::Draw => 0,
            PlayerOutcome::Loss => -1,
        };
        Some([reward, -reward])
    }
    fn truncated(&self) -> bool {
        self.max_steps.is_some_and(|max| self.steps >= max) && !self.env.position().is_over()
    }
    fn write_view(&self, player: usize, out: &mut [f32]) {
        let _ = if player == self.to_play() {
            self.env.write_observation(out)
        } else {
            self.env.write_waiting_observation(out)
        };
    }
    fn write_mask(&self, out: &mut [bool]) {
        let _ = self.env.legal_action_mask(out);
    }
    fn step(&mut self, action: usize) -> Result<bool, ActionError> {
        if self.truncated() {
            return Err(ActionError::GameOver);
        }
        let progress = self.env.apply_action(action)?;
        self.steps += 1;
        Ok(matches!(progress, Progress::Completed(_)))
    }
    fn render(&self) -> String {
        self.env.render()
    }
    fn boxed_clone(&self) -> Box<dyn SingleCore> {
        Box::new(self.clone())
    }
    fn check_level(&self, level: u32) -> PyResult<()> {
        let levels = <E::Game as Described>::levels();
        if levels.contains(&level) {
            Ok(())
        } else {
            Err(PyValueError::new_err(format!(
                "there is no level {level}: levels go from {} to {}",
                levels.start(),
                levels.end()
            )))
        }
    }
    fn play_engine(&mut self, py: Python<'_>, level: u32) -> PyResult<()> {
        if self.engine.as_ref().map(|(l, _)| *l) != Some(level) {
            let engine = EngineThread::new(self.env.position(), level, None)?;
            self.engine = Some((level, engine));
        }
        let Some((_, engine)) = self.engine.as_mut() else {
            return Ok(());
        };
        let position = self.env.position().clone();
        let Some(mv) = engine.best_game_move(py, &position, ExtraLimits::default())? else {
            return Err(IllegalActionError::new_err(
                "the game is over: no move to play",
            ));
        };
        let actions = self
            .env
            .actions_of_move(mv)
            .map_err(|error| IllegalActionError::new_err(error.to_string()))?;
        for action in actions {
            self.step(action)
                .map_err(|error| IllegalActionError::new_err(error.to_string()))?;
        }
        Ok(())
    }
}

struct MakeSingle {
    max_steps: Option<u32>,
}

impl EnvironmentVisitor for MakeSingle {
    type Output = Box<dyn SingleCore>;
    fn visit<E: AgentEnvironment>(self, start: E) -> Box<dyn SingleCore> {
        let max_steps = step_limit::<E>(self.max_steps);
        Box::new(Single {
            env: start.clone(),
            start,
            steps: 0,
            max_steps,
            engine: None,
        })
    }
}

/// An observation and its action mask, as `observe` returns them.
type Observed<'py> = (Bound<'py, PyArray3<i8>>, Bound<'py, PyArray1<i8>>);

/// One game as an agent environment (the core of `rulebook.pettingzoo`
/// and `rulebook.gymnasium`).
#[pyclass(module = "rulebook._rulebook", name = "_AgentEnv", unsendable)]
pub struct AgentEnv {
    core: Box<dyn SingleCore>,
    game: String,
    /// Scratch for the environment-layout observation.
    scratch: Vec<f32>,
    mask: Vec<bool>,
}

#[pymethods]
impl AgentEnv {
    #[new]
    #[pyo3(signature = (game, *, max_steps = None, **params))]
    fn new(
        game: &str,
        max_steps: Option<&Bound<'_, PyAny>>,
        params: Option<&Bound<'_, PyDict>>,
    ) -> PyResult<AgentEnv> {
        let max_steps = arguments::optional_unsigned::<u32>(max_steps, "max_steps")?;
        let core = visit_environment(game, params, MakeSingle { max_steps })?;
        let [planes, rows, columns] = core.shape();
        let mask = vec![false; core.action_count()];
        Ok(AgentEnv {
            core,
            game: game.to_owned(),
            scratch: vec![0.0; planes * rows * columns],
            mask,
        })
    }

    fn reset(&mut self) {
        self.core.reset();
    }

    /// Plays `action`; True when it completed a move (False: one hop of a
    /// move that goes on, the same player acts again).
    fn step(&mut self, action: &Bound<'_, PyAny>) -> PyResult<bool> {
        let action = arguments::index(action, "action")?;
        let count = self.core.action_count();
        let checked = usize::try_from(action)
            .ok()
            .filter(|&a| a < count)
            .ok_or_else(|| {
                IllegalActionError::new_err(format!(
                    "action {action} does not exist: there are {count} actions, numbered from 0"
                ))
            })?;
        self.core.step(checked).map_err(|error| {
            self.core.write_mask(&mut self.mask);
            let legal: Vec<usize> = (0..count).filter(|&a| self.mask[a]).collect();
            IllegalActionError::new_err(format!("{error} (legal actions: {legal:?})"))
        })
    }

    /// `player`'s observation (rows, columns, planes) int8 and the action
    /// mask (int8, all zero unless `player` is to act).
    fn observe<'py>(&mut self, py: Python<'py>, player: usize) -> PyResult<Observed<'py>> {
        let [planes, rows, columns] = self.core.shape();
        self.core.write_view(player, &mut self.scratch);
        let observation = PyArray3::<i8>::zeros(py, [rows, columns, planes], false);
        {
            let mut view = observation.try_readwrite()?;
            let out = view.as_slice_mut()?;
            for row in 0..rows {
                // Top row first: the environment's last row.
                let from_row = rows - 1 - row;
                for column in 0..columns {
                    for plane in 0..planes {
                        let value = self.scratch[(plane * rows + from_row) * columns + column];
                        out[(row * columns + column) * planes + plane] = value as i8;
                    }
                }
            }
        }
        let count = self.core.action_count();
        let mask = PyArray1::<i8>::zeros(py, [count], false);
        if player == self.core.to_play() && !self.core.truncated() {
            self.core.write_mask(&mut self.mask);
            let mut view = mask.try_readwrite()?;
            for (out, &legal) in view.as_slice_mut()?.iter_mut().zip(&self.mask) {
                *out = i8::from(legal);
            }
        }
        Ok((observation, mask))
    }

    /// The legal actions now, ascending.
    fn legal_actions(&mut self) -> Vec<usize> {
        if self.core.truncated() {
            return Vec::new();
        }
        self.core.write_mask(&mut self.mask);
        (0..self.mask.len()).filter(|&a| self.mask[a]).collect()
    }

    /// The two players' rewards once the game is over by its rules, else
    /// None.
    fn rewards(&self) -> Option<(i8, i8)> {
        self.core.rewards().map(|[a, b]| (a, b))
    }

    /// Whether the game was cut at its step limit.
    #[getter]
    fn truncated(&self) -> bool {
        self.core.truncated()
    }

    /// The player number to act (0 = first).
    #[getter]
    fn to_play(&self) -> usize {
        self.core.to_play()
    }

    #[getter]
    fn action_count(&self) -> usize {
        self.core.action_count()
    }

    /// (rows, columns, planes): the shape of `observe`'s observation.
    #[getter]
    fn observation_shape(&self) -> (usize, usize, usize) {
        let [planes, rows, columns] = self.core.shape();
        (rows, columns, planes)
    }

    #[getter]
    fn game(&self) -> &str {
        &self.game
    }

    /// The board as the console draws it.
    fn render(&self) -> String {
        self.core.render()
    }

    /// Raises ValueError unless the game has a computer player at `level`.
    fn check_level(&self, level: &Bound<'_, PyAny>) -> PyResult<()> {
        self.core
            .check_level(arguments::unsigned::<u32>(level, "level")?)
    }

    /// Plays the computer player's whole move at `level`, on the engine's
    /// thread with the GIL released; Ctrl-C stops it within a fraction of
    /// a second (KeyboardInterrupt, nothing played).
    fn play_engine(&mut self, py: Python<'_>, level: &Bound<'_, PyAny>) -> PyResult<()> {
        self.core
            .play_engine(py, arguments::unsigned::<u32>(level, "level")?)
    }

    /// The position as a `rulebook.Game` (before the move in progress).
    fn current_game<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
        game_object(py, self.core.game())
    }

    /// The actions of the move in progress (empty between moves).
    fn actions_in_progress(&self) -> Vec<usize> {
        self.core.actions_in_progress()
    }

    /// Puts the game at `game` (a position of this game and size), then
    /// plays `actions` (a move in progress); the step count restarts at
    /// `steps`. Unchanged on error.
    #[pyo3(signature = (game, actions = Vec::new(), steps = 0))]
    fn set_game(
        &mut self,
        game: &Bound<'_, PyAny>,
        actions: Vec<Bound<'_, PyAny>>,
        steps: u32,
    ) -> PyResult<()> {
        let (game, actions) = arguments::game_and_actions(game, &actions)?;
        self.core.set_game(game.dyn_game(), &actions, steps)
    }

    /// Actions played since the episode started (what `max_steps` counts).
    #[getter]
    fn steps(&self) -> u32 {
        self.core.steps()
    }

    /// The game with its parameters ("connectx:8x9x5").
    #[getter]
    fn spec(&self) -> String {
        self.core.spec()
    }

    fn __copy__(&self) -> AgentEnv {
        self.copy()
    }

    #[pyo3(signature = (_memo = None))]
    fn __deepcopy__(&self, _memo: Option<&Bound<'_, PyAny>>) -> AgentEnv {
        self.copy()
    }

    /// Pickling: the constructor's arguments...
    fn __getnewargs_ex__<'py>(
        &self,
        py: Python<'py>,
    ) -> PyResult<(Bound<'py, PyTuple>, Bound<'py, PyDict>)> {
        let keywords = PyDict::new(py);
        keywords.set_item("max_steps", self.core.max_steps_argument())?;
        Ok((PyTuple::new(py, [self.core.spec()])?, keywords))
    }

    /// ... and the state: the position's text, the move in progress, the
    /// step count.
    fn __getstate__(&self) -> (String, Vec<usize>, u32) {
        (
            self.core.game().position_text(),
            self.core.actions_in_progress(),
            self.core.steps(),
        )
    }

    fn __setstate__(&mut self, state: (String, Vec<usize>, u32)) -> PyResult<()> {
        let (position, actions, steps) = state;
        let game = self.core.game().parse_position(&position)?;
        self.core.set_game(&*game, &actions, steps)
    }

    fn copy(&self) -> AgentEnv {
        AgentEnv {
            core: self.core.boxed_clone(),
            game: self.game.clone(),
            scratch: self.scratch.clone(),
            mask: self.mask.clone(),
        }
    }
}
