//! `rulebook.VectorEnv`: a batch of games stepped in Rust, results written
//! in place into numpy arrays allocated once, the GIL released while
//! stepping.

use numpy::{
    PyArray1, PyArray2, PyArray4, PyArrayDescrMethods, PyArrayMethods, PyUntypedArray,
    PyUntypedArrayMethods,
};
use pyo3::exceptions::{PyIndexError, PyMemoryError, PyTypeError, PyValueError};
use pyo3::prelude::*;
use pyo3::types::{PyDict, PyTuple};

use crate::arguments::{self, SeedArgument};
use crate::batch::{Batch, BatchCore, Dims, IllegalPolicy, OutOfMemory, Outputs};
use crate::environments::{
    game_object, step_limit, visit_environment, AgentEnvironment, EnvironmentVisitor,
};
use crate::errors::IllegalActionError;

/// The batch's outputs, allocated once and overwritten by every call.
struct Arrays {
    observations: Py<PyArray4<f32>>,
    masks: Py<PyArray2<bool>>,
    rewards: Py<PyArray2<f32>>,
    terminations: Py<PyArray1<bool>>,
    truncations: Py<PyArray1<bool>>,
    to_play: Py<PyArray1<i8>>,
    actions: Py<PyArray1<i64>>,
}

/// A batch of `num_envs` games of one kind, stepped together in Rust.
///
/// `reset()` and `step(actions)` write into the same numpy arrays every
/// time and return them (no Python object per game or per step).
/// Games that end restart at once (the arrays then show the new game's
/// start). See the package's type stubs for the full contract.
#[pyclass(module = "rulebook")]
pub struct VectorEnv {
    core: Box<dyn BatchCore>,
    /// The game's name.
    #[pyo3(get)]
    game: String,
    threads: usize,
    illegal: IllegalPolicy,
    arrays: Arrays,
}

/// Builds the batch of the environment a name makes.
struct MakeBatch {
    num_envs: usize,
    seed: u64,
    illegal: IllegalPolicy,
    max_steps: Option<u32>,
}

impl EnvironmentVisitor for MakeBatch {
    type Output = Result<Box<dyn BatchCore>, OutOfMemory>;
    fn visit<E: AgentEnvironment>(self, start: E) -> Self::Output {
        let max_steps = step_limit::<E>(self.max_steps);
        let batch = Batch::new(start, self.num_envs, self.seed, self.illegal, max_steps)?;
        Ok(Box::new(batch))
    }
}

/// The sizes of a batch of `.0` games, without making it.
struct DimsOf(usize);

impl EnvironmentVisitor for DimsOf {
    type Output = Dims;
    fn visit<E: AgentEnvironment>(self, start: E) -> Dims {
        Dims {
            num_envs: self.0,
            action_count: start.action_count(),
            observation: start.observation_shape().dims(),
        }
    }
}

/// A zeroed numpy array of `shape` and `dtype`, made by `numpy.zeros`: a
/// failed allocation is numpy's `MemoryError` (rust-numpy's `zeros` would
/// panic), a size numpy cannot even express a `MemoryError` too.
fn zeros<'py, T: pyo3::type_object::PyTypeInfo>(
    py: Python<'py>,
    shape: &[usize],
    dtype: &str,
) -> PyResult<Py<T>> {
    let array = py
        .import("numpy")?
        .call_method1("zeros", (shape.to_vec(), dtype))
        .map_err(|error| {
            if error.is_instance_of::<PyMemoryError>(py) {
                error
            } else {
                PyMemoryError::new_err(format!(
                    "cannot allocate an array of shape {}: {error}",
                    shape_text(shape)
                ))
            }
        })?;
    Ok(array.cast_into::<T>()?.unbind())
}

impl Arrays {
    fn new(py: Python<'_>, dims: Dims) -> PyResult<Arrays> {
        let n = dims.num_envs;
        let [planes, rows, columns] = dims.observation;
        Ok(Arrays {
            observations: zeros(py, &[n, planes, rows, columns], "float32")?,
            masks: zeros(py, &[n, dims.action_count], "bool")?,
            rewards: zeros(py, &[n, 2], "float32")?,
            terminations: zeros(py, &[n], "bool")?,
            truncations: zeros(py, &[n], "bool")?,
            to_play: zeros(py, &[n], "int8")?,
            actions: zeros(py, &[n], "int64")?,
        })
    }
}

/// Runs `body` on the output buffers with the GIL released.
fn with_outputs<'py, T: Send>(
    py: Python<'py>,
    arrays: &Arrays,
    body: impl for<'a> FnOnce(Outputs<'a>) -> T + Send,
) -> PyResult<T> {
    let mut observations = arrays.observations.bind(py).try_readwrite()?;
    let mut masks = arrays.masks.bind(py).try_readwrite()?;
    let mut rewards = arrays.rewards.bind(py).try_readwrite()?;
    let mut terminations = arrays.terminations.bind(py).try_readwrite()?;
    let mut truncations = arrays.truncations.bind(py).try_readwrite()?;
    let mut to_play = arrays.to_play.bind(py).try_readwrite()?;
    let outputs = Outputs {
        observations: observations.as_slice_mut()?,
        masks: masks.as_slice_mut()?,
        rewards: rewards.as_slice_mut()?,
        terminations: terminations.as_slice_mut()?,
        truncations: truncations.as_slice_mut()?,
        to_play: to_play.as_slice_mut()?,
    };
    Ok(py.detach(move || body(outputs)))
}

impl VectorEnv {
    /// `env` as a game number, or the error naming the range.
    fn env_index(&self, env: &Bound<'_, PyAny>) -> PyResult<usize> {
        let n = self.core.dims().num_envs;
        let index = arguments::count(env, "env", 0)?;
        if index >= n {
            return Err(PyIndexError::new_err(format!(
                "env {index} does not exist: there are {n} games, numbered from 0"
            )));
        }
        Ok(index)
    }

    fn tuple<'py>(&self, py: Python<'py>, with_step: bool) -> PyResult<Bound<'py, PyTuple>> {
        let a = &self.arrays;
        if with_step {
            PyTuple::new(
                py,
                [
                    a.observations.bind(py).as_any(),
                    a.masks.bind(py).as_any(),
                    a.rewards.bind(py).as_any(),
                    a.terminations.bind(py).as_any(),
                    a.truncations.bind(py).as_any(),
                    a.to_play.bind(py).as_any(),
                ],
            )
        } else {
            PyTuple::new(
                py,
                [
                    a.observations.bind(py).as_any(),
                    a.masks.bind(py).as_any(),
                    a.to_play.bind(py).as_any(),
                ],
            )
        }
    }

    /// `actions` as a contiguous int64 array of shape `(num_envs,)`, or the
    /// error naming the expected shape and dtype.
    fn checked_actions<'py>(
        &self,
        py: Python<'py>,
        actions: &Bound<'py, PyAny>,
    ) -> PyResult<Bound<'py, PyArray1<i64>>> {
        let n = self.core.dims().num_envs;
        let expected = format!("an integer array of shape ({n},) (dtype int64)");
        let array = match actions.cast::<PyUntypedArray>() {
            Ok(array) => array.clone(),
            Err(_) => {
                let numpy = py.import("numpy")?;
                let converted = numpy
                    .call_method1("asarray", (actions,))
                    .map_err(|_| PyTypeError::new_err(format!("actions must be {expected}")))?;
                converted
                    .cast_into::<PyUntypedArray>()
                    .map_err(|_| PyTypeError::new_err(format!("actions must be {expected}")))?
            }
        };
        let kind = array.dtype().kind();
        if kind != b'i' && kind != b'u' {
            return Err(PyTypeError::new_err(format!(
                "actions must be {expected}; got dtype {}",
                array.dtype()
            )));
        }
        if array.shape() != [n] {
            return Err(PyValueError::new_err(format!(
                "actions must be {expected}; got shape {}",
                shape_text(array.shape())
            )));
        }
        match array.cast::<PyArray1<i64>>() {
            Ok(int64) if int64.is_contiguous() => Ok(int64.clone()),
            _ => Ok(array
                .call_method1("astype", ("int64",))?
                .cast_into::<PyArray1<i64>>()?),
        }
    }
}

/// A shape as Python writes it: `(3,)`, `(2, 4)`.
fn shape_text(shape: &[usize]) -> String {
    match shape {
        [one] => format!("({one},)"),
        _ => format!(
            "({})",
            shape
                .iter()
                .map(ToString::to_string)
                .collect::<Vec<_>>()
                .join(", ")
        ),
    }
}

#[pymethods]
impl VectorEnv {
    #[new]
    #[pyo3(
        signature = (game, num_envs = None, seed = SeedArgument::Fixed(0), *, num_threads = None, illegal = "raise", illegal_penalty = -1.0, max_steps = None, **params),
        text_signature = "(game, num_envs=1, seed=0, *, num_threads=1, illegal='raise', illegal_penalty=-1.0, max_steps=None, **params)"
    )]
    #[allow(clippy::too_many_arguments)]
    fn new(
        py: Python<'_>,
        game: &str,
        num_envs: Option<&Bound<'_, PyAny>>,
        seed: SeedArgument,
        num_threads: Option<&Bound<'_, PyAny>>,
        illegal: &str,
        illegal_penalty: f32,
        max_steps: Option<&Bound<'_, PyAny>>,
        params: Option<&Bound<'_, PyDict>>,
    ) -> PyResult<VectorEnv> {
        let num_envs = match num_envs {
            Some(value) => arguments::count(value, "num_envs", 1)?,
            None => 1,
        };
        let num_threads = match num_threads {
            Some(value) => arguments::count(value, "num_threads", 1)?,
            None => 1,
        };
        let seed = seed.value();
        let max_steps = arguments::optional_unsigned::<u32>(max_steps, "max_steps")?;
        if !illegal_penalty.is_finite() {
            return Err(PyValueError::new_err(format!(
                "illegal_penalty must be a finite number, not {illegal_penalty}"
            )));
        }
        let illegal = match illegal {
            "raise" => IllegalPolicy::Raise,
            "lose" => IllegalPolicy::Lose(illegal_penalty),
            other => {
                return Err(PyValueError::new_err(format!(
                    "illegal must be \"raise\" or \"lose\", not {other:?}"
                )))
            }
        };
        let maker = MakeBatch {
            num_envs,
            seed,
            illegal,
            max_steps,
        };
        // The numpy arrays first: numpy's zeroed memory is not touched
        // until written, so a batch too large fails there before the games
        // (which are written at once) take any memory.
        let arrays = Arrays::new(py, visit_environment(game, params, DimsOf(num_envs))?)?;
        let mut core = visit_environment(game, params, maker)?.map_err(|error| {
            PyMemoryError::new_err(format!("{num_envs} games do not fit in memory: {error}"))
        })?;
        with_outputs(py, &arrays, |outputs| core.reset(None, outputs))?;
        Ok(VectorEnv {
            core,
            game: game.to_owned(),
            threads: num_threads.max(1),
            illegal,
            arrays,
        })
    }

    /// Restarts every game; `seed` reseeds `random_actions`. Returns
    /// `(observations, action_masks, to_play)`.
    #[pyo3(signature = (seed = None))]
    fn reset<'py>(
        &mut self,
        py: Python<'py>,
        seed: Option<&Bound<'py, PyAny>>,
    ) -> PyResult<Bound<'py, PyTuple>> {
        // None keeps the generator (reset without reseeding), as before.
        let seed = arguments::optional_unsigned::<u64>(seed, "seed")?;
        let core = &mut self.core;
        with_outputs(py, &self.arrays, |outputs| core.reset(seed, outputs))?;
        self.tuple(py, false)
    }

    /// Plays `actions[i]` in game `i`. Returns `(observations,
    /// action_masks, rewards, terminations, truncations, to_play)`.
    fn step<'py>(
        &mut self,
        py: Python<'py>,
        actions: &Bound<'py, PyAny>,
    ) -> PyResult<Bound<'py, PyTuple>> {
        let actions = self.checked_actions(py, actions)?;
        let actions = actions.try_readonly()?;
        let actions = actions.as_slice()?;
        let (core, threads) = (&mut self.core, self.threads);
        let result = with_outputs(py, &self.arrays, |outputs| {
            core.step(actions, threads, outputs)
        })?;
        if let Err(error) = result {
            return Err(IllegalActionError::new_err(format!(
                "action {} is not legal in environment {} (its legal actions: {:?}); nothing was played",
                error.action, error.env, error.legal
            )));
        }
        self.tuple(py, true)
    }

    /// One uniformly random legal action per game (seeded by `seed`), in an
    /// int64 array that every call overwrites.
    fn random_actions<'py>(&mut self, py: Python<'py>) -> PyResult<Bound<'py, PyArray1<i64>>> {
        let actions = self.arrays.actions.bind(py);
        {
            let mut writable = actions.try_readwrite()?;
            self.core.random_actions(writable.as_slice_mut()?);
        }
        Ok(actions.clone())
    }

    /// The number of games.
    #[getter]
    fn num_envs(&self) -> usize {
        self.core.dims().num_envs
    }

    /// The number of actions of each game.
    #[getter]
    fn action_count(&self) -> usize {
        self.core.dims().action_count
    }

    /// The shape of one game's observation: (planes, rows, columns).
    #[getter]
    fn observation_shape(&self) -> (usize, usize, usize) {
        let [planes, rows, columns] = self.core.dims().observation;
        (planes, rows, columns)
    }

    /// How many threads step the games.
    #[getter]
    fn num_threads(&self) -> usize {
        self.threads
    }

    /// "raise" or "lose".
    #[getter]
    fn illegal(&self) -> &'static str {
        match self.illegal {
            IllegalPolicy::Raise => "raise",
            IllegalPolicy::Lose(_) => "lose",
        }
    }

    /// The position of game `env` as a `rulebook.Game` (before its move
    /// in progress, if any: see `actions_in_progress`).
    fn get_game<'py>(
        &self,
        py: Python<'py>,
        env: &Bound<'py, PyAny>,
    ) -> PyResult<Bound<'py, PyAny>> {
        let env = self.env_index(env)?;
        game_object(py, self.core.game(env))
    }

    /// The actions of game `env`'s move in progress (a multi-jump under
    /// way), empty between moves.
    fn actions_in_progress(&self, env: &Bound<'_, PyAny>) -> PyResult<Vec<usize>> {
        Ok(self.core.actions_in_progress(self.env_index(env)?))
    }

    /// The actions game `env` played since its game started (what
    /// `max_steps` counts).
    fn episode_steps(&self, env: &Bound<'_, PyAny>) -> PyResult<u32> {
        Ok(self.core.steps(self.env_index(env)?))
    }

    /// Puts game `env` at `game` (a `rulebook.Game` of this game and
    /// size), then plays `actions` (a move in progress), counting `steps`
    /// actions towards `max_steps`. Row `env` of the arrays then shows it
    /// (its reward 0, not terminated or truncated). Raises (changing
    /// nothing) for a position of another game or an illegal action.
    #[pyo3(signature = (env, game, actions = Vec::new(), steps = 0))]
    fn set_game(
        &mut self,
        py: Python<'_>,
        env: &Bound<'_, PyAny>,
        game: &Bound<'_, PyAny>,
        actions: Vec<Bound<'_, PyAny>>,
        steps: u32,
    ) -> PyResult<()> {
        let env = self.env_index(env)?;
        let (game, actions) = arguments::game_and_actions(game, &actions)?;
        self.core.set_game(env, game.dyn_game(), &actions, steps)?;
        let core = &self.core;
        with_outputs(py, &self.arrays, |outputs| core.write_row(env, outputs))
    }

    fn __copy__(&self, py: Python<'_>) -> PyResult<VectorEnv> {
        self.copy(py)
    }

    #[pyo3(signature = (_memo = None))]
    fn __deepcopy__(
        &self,
        py: Python<'_>,
        _memo: Option<&Bound<'_, PyAny>>,
    ) -> PyResult<VectorEnv> {
        self.copy(py)
    }

    /// An independent copy: the games, the random-action generator and
    /// the arrays (copied).
    fn copy(&self, py: Python<'_>) -> PyResult<VectorEnv> {
        let copy_of = |array: &Bound<'_, PyAny>| -> PyResult<Py<PyAny>> {
            Ok(array.call_method0("copy")?.unbind())
        };
        let a = &self.arrays;
        Ok(VectorEnv {
            core: self.core.boxed_clone(),
            game: self.game.clone(),
            threads: self.threads,
            illegal: self.illegal,
            arrays: Arrays {
                observations: copy_of(a.observations.bind(py).as_any())?.extract(py)?,
                masks: copy_of(a.masks.bind(py).as_any())?.extract(py)?,
                rewards: copy_of(a.rewards.bind(py).as_any())?.extract(py)?,
                terminations: copy_of(a.terminations.bind(py).as_any())?.extract(py)?,
                truncations: copy_of(a.truncations.bind(py).as_any())?.extract(py)?,
                to_play: copy_of(a.to_play.bind(py).as_any())?.extract(py)?,
                actions: copy_of(a.actions.bind(py).as_any())?.extract(py)?,
            },
        })
    }

    /// Pickling: the constructor's arguments...
    fn __getnewargs_ex__<'py>(
        &self,
        py: Python<'py>,
    ) -> PyResult<(Bound<'py, PyTuple>, Bound<'py, PyDict>)> {
        let keywords = PyDict::new(py);
        keywords.set_item("num_envs", self.num_envs())?;
        keywords.set_item("num_threads", self.threads)?;
        keywords.set_item("illegal", self.illegal())?;
        if let IllegalPolicy::Lose(penalty) = self.illegal {
            keywords.set_item("illegal_penalty", penalty)?;
        }
        keywords.set_item("max_steps", self.core.max_steps_argument())?;
        Ok((PyTuple::new(py, [self.core.spec()])?, keywords))
    }

    /// ... and the state: the generator's state, and each game's position
    /// text, move in progress and step count. The arrays show the games
    /// after unpickling, with zero rewards and no terminations.
    fn __getstate__(&self) -> (u64, Vec<(String, Vec<usize>, u32)>) {
        let games = (0..self.num_envs())
            .map(|env| {
                (
                    self.core.game(env).position_text(),
                    self.core.actions_in_progress(env),
                    self.core.steps(env),
                )
            })
            .collect();
        (self.core.rng_state(), games)
    }

    fn __setstate__(
        &mut self,
        py: Python<'_>,
        state: (u64, Vec<(String, Vec<usize>, u32)>),
    ) -> PyResult<()> {
        let (rng, games) = state;
        if games.len() != self.num_envs() {
            return Err(PyValueError::new_err(format!(
                "the state has {} games, the environment {}",
                games.len(),
                self.num_envs()
            )));
        }
        let mut core = self.core.boxed_clone();
        for (env, (position, actions, steps)) in games.into_iter().enumerate() {
            let game = core.game(env).parse_position(&position)?;
            core.set_game(env, &*game, &actions, steps)?;
        }
        core.set_rng_state(rng);
        self.core = core;
        let core = &self.core;
        with_outputs(py, &self.arrays, |mut outputs| {
            for env in 0..core.dims().num_envs {
                core.write_row(env, outputs.reborrow());
            }
        })
    }

    fn __repr__(&self) -> String {
        format!(
            "VectorEnv({:?}, num_envs={}, num_threads={})",
            self.game,
            self.num_envs(),
            self.threads
        )
    }
}
