//! `rulebook.VectorEnv`: a batch of games stepped in Rust, results written
//! in place into numpy arrays allocated once, the GIL released while
//! stepping.

use numpy::{
    PyArray1, PyArray2, PyArray4, PyArrayDescrMethods, PyArrayMethods, PyUntypedArray,
    PyUntypedArrayMethods,
};
use pyo3::exceptions::{PyMemoryError, PyTypeError, PyValueError};
use pyo3::prelude::*;
use pyo3::types::{PyDict, PyTuple};

use crate::arguments::{self, SeedArgument};
use crate::batch::{Batch, BatchCore, Dims, IllegalPolicy, OutOfMemory, Outputs};
use crate::environments::{step_limit, visit_environment, AgentEnvironment, EnvironmentVisitor};
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

    /// The game's name.
    #[getter]
    fn game(&self) -> &str {
        &self.game
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

    fn __repr__(&self) -> String {
        format!(
            "VectorEnv({:?}, num_envs={}, num_threads={})",
            self.game,
            self.num_envs(),
            self.threads
        )
    }
}
