//! `rulebook.VectorEnv`: a batch of games stepped in Rust, results written
//! in place into numpy arrays allocated once, the GIL released while
//! stepping.

use numpy::{
    PyArray1, PyArray2, PyArray4, PyArrayDescrMethods, PyArrayMethods, PyUntypedArray,
    PyUntypedArrayMethods,
};
use pyo3::exceptions::{PyTypeError, PyValueError};
use pyo3::prelude::*;
use pyo3::types::{PyDict, PyTuple};

use crate::batch::{Batch, BatchCore, Dims, IllegalPolicy, Outputs};
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
    type Output = Box<dyn BatchCore>;
    fn visit<E: AgentEnvironment>(self, start: E) -> Box<dyn BatchCore> {
        let max_steps = step_limit::<E>(self.max_steps);
        Box::new(Batch::new(
            start,
            self.num_envs,
            self.seed,
            self.illegal,
            max_steps,
        ))
    }
}

impl Arrays {
    fn new(py: Python<'_>, dims: Dims) -> Arrays {
        let n = dims.num_envs;
        let [planes, rows, columns] = dims.observation;
        Arrays {
            observations: PyArray4::zeros(py, [n, planes, rows, columns], false).unbind(),
            masks: PyArray2::zeros(py, [n, dims.action_count], false).unbind(),
            rewards: PyArray2::zeros(py, [n, 2], false).unbind(),
            terminations: PyArray1::zeros(py, [n], false).unbind(),
            truncations: PyArray1::zeros(py, [n], false).unbind(),
            to_play: PyArray1::zeros(py, [n], false).unbind(),
            actions: PyArray1::zeros(py, [n], false).unbind(),
        }
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
    #[pyo3(signature = (game, num_envs = 1, seed = 0, *, num_threads = 1, illegal = "raise", illegal_penalty = -1.0, max_steps = None, **params))]
    #[allow(clippy::too_many_arguments)]
    fn new(
        py: Python<'_>,
        game: &str,
        num_envs: usize,
        seed: u64,
        num_threads: usize,
        illegal: &str,
        illegal_penalty: f32,
        max_steps: Option<u32>,
        params: Option<&Bound<'_, PyDict>>,
    ) -> PyResult<VectorEnv> {
        if num_envs == 0 {
            return Err(PyValueError::new_err("num_envs must be at least 1"));
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
        let mut core = visit_environment(game, params, maker)?;
        let arrays = Arrays::new(py, core.dims());
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
    fn reset<'py>(&mut self, py: Python<'py>, seed: Option<u64>) -> PyResult<Bound<'py, PyTuple>> {
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
