//! Reading the package's integer arguments (seeds, counts, levels, limits,
//! actions) from Python: one place that says which parameter was wrong
//! and why, instead of PyO3's bare `OverflowError: can't convert negative
//! int to unsigned`.
//!
//! The rule, everywhere: a Python `int` or anything with `__index__`
//! (numpy integers, 0-d integer arrays) is accepted; `bool` (and numpy's
//! `bool_`) and every other type (`float`, `str`, ...) is a `TypeError`;
//! a value out of the parameter's range is a `ValueError` naming the
//! parameter and the range.

use pyo3::exceptions::{PyTypeError, PyValueError};
use pyo3::prelude::*;
use pyo3::sync::PyOnceLock;
use pyo3::types::{PyBool, PyInt, PyType};

use crate::games::PyGame;

/// `value` as an integer (through `__index__`), or the `TypeError` naming
/// `name` (a `ValueError` beyond 128 bits).
pub(crate) fn index(value: &Bound<'_, PyAny>, name: &str) -> PyResult<i128> {
    let type_error = || {
        let type_name = value
            .get_type()
            .name()
            .map_or_else(|_| "?".to_owned(), |n| n.to_string());
        PyTypeError::new_err(format!("{name} must be an integer, not {type_name}"))
    };
    // The common case first, without a call into Python: an exact `int`
    // (`bool` is a subclass, so not exact).
    if value.is_exact_instance_of::<PyInt>() {
        return value
            .extract::<i128>()
            .map_err(|_| PyValueError::new_err(format!("{name} is out of range: {value}")));
    }
    if value.is_instance_of::<PyBool>() || is_numpy_bool(value) {
        return Err(type_error());
    }
    // Through `__index__` (numpy integers, 0-d integer arrays): PyO3's
    // integer extraction calls `PyNumber_Index`, which refuses floats and
    // strings with a TypeError.
    value.extract::<i128>().map_err(|error| {
        if error.is_instance_of::<PyTypeError>(value.py()) {
            type_error()
        } else {
            PyValueError::new_err(format!("{name} is out of range: {value}"))
        }
    })
}

/// numpy's boolean scalar type, looked up once.
static NUMPY_BOOL: PyOnceLock<Py<PyType>> = PyOnceLock::new();

/// Whether `value` is a numpy boolean scalar (which has no `__index__` in
/// numpy 2, but had one in numpy 1).
fn is_numpy_bool(value: &Bound<'_, PyAny>) -> bool {
    NUMPY_BOOL
        .import(value.py(), "numpy", "bool_")
        .is_ok_and(|numpy_bool| value.get_type().is(numpy_bool))
}

/// `value` as an integer of type `T` in `minimum..=T::MAX`, or an error
/// naming `name` (`TypeError` for a non-integer, `ValueError` out of
/// range).
pub(crate) fn integer_at_least<T>(value: &Bound<'_, PyAny>, name: &str, minimum: T) -> PyResult<T>
where
    T: TryFrom<i128> + Into<i128> + Copy + Bounded,
{
    let number = index(value, name)?;
    let low: i128 = minimum.into();
    let high: i128 = T::MAX_VALUE.into();
    if number < low || number > high {
        return Err(PyValueError::new_err(format!(
            "{name} must be an integer from {low} to {high}, not {number}"
        )));
    }
    T::try_from(number).map_err(|_| PyValueError::new_err(format!("{name} is out of range")))
}

/// `value` (None allowed) as an integer of type `T` from 0, or an error
/// naming `name`.
pub(crate) fn optional_unsigned<T>(
    value: Option<&Bound<'_, PyAny>>,
    name: &str,
) -> PyResult<Option<T>>
where
    T: TryFrom<i128> + Into<i128> + Copy + Bounded,
{
    match value {
        Some(value) if !value.is_none() => integer_at_least(value, name, T::ZERO).map(Some),
        _ => Ok(None),
    }
}

/// `value` as an integer of type `T` from 0, or an error naming `name`.
pub(crate) fn unsigned<T>(value: &Bound<'_, PyAny>, name: &str) -> PyResult<T>
where
    T: TryFrom<i128> + Into<i128> + Copy + Bounded,
{
    integer_at_least(value, name, T::ZERO)
}

/// A `seed` argument whose default is a fixed seed, while an explicit
/// None asks for fresh entropy: `VectorEnv(game)` plays the same games
/// every run, `VectorEnv(game, seed=None)` different ones.
#[derive(Clone, Copy, Debug)]
pub(crate) enum SeedArgument {
    /// `seed=None`: fresh entropy.
    Fresh,
    /// A seed from 0 to 2**64 - 1.
    Fixed(u64),
}

impl SeedArgument {
    /// The seed to use.
    pub(crate) fn value(self) -> u64 {
        match self {
            SeedArgument::Fresh => fastrand::u64(..),
            SeedArgument::Fixed(seed) => seed,
        }
    }
}

impl<'a, 'py> FromPyObject<'a, 'py> for SeedArgument {
    type Error = PyErr;
    fn extract(value: Borrowed<'a, 'py, PyAny>) -> PyResult<SeedArgument> {
        if value.is_none() {
            return Ok(SeedArgument::Fresh);
        }
        unsigned::<u64>(&value, "seed").map(SeedArgument::Fixed)
    }
}

/// The integer types arguments are read into.
pub(crate) trait Bounded {
    const ZERO: Self;
    const MAX_VALUE: Self;
}

macro_rules! bounded {
    ($($t:ty),*) => {$(
        impl Bounded for $t {
            const ZERO: Self = 0;
            const MAX_VALUE: Self = <$t>::MAX;
        }
    )*};
}

bounded!(u32, u64, i64);

/// `usize` goes through `u64` (this package's targets are 64-bit).
pub(crate) fn count(value: &Bound<'_, PyAny>, name: &str, minimum: u64) -> PyResult<usize> {
    let number = integer_at_least::<u64>(value, name, minimum)?;
    usize::try_from(number).map_err(|_| {
        PyValueError::new_err(format!(
            "{name} must be at most {}, not {number}",
            usize::MAX
        ))
    })
}

/// The `game` and `actions` arguments of `set_game` (a `rulebook.Game` and
/// the actions of a move in progress, each a count): the game borrowed, the
/// actions read, or the error naming the argument.
pub(crate) fn game_and_actions<'py>(
    game: &Bound<'py, PyAny>,
    actions: &[Bound<'py, PyAny>],
) -> PyResult<(PyRef<'py, PyGame>, Vec<usize>)> {
    let game = game
        .cast::<PyGame>()
        .map_err(|_| PyTypeError::new_err("game must be a rulebook.Game"))?;
    let actions = actions
        .iter()
        .map(|action| count(action, "action", 0))
        .collect::<PyResult<Vec<usize>>>()?;
    Ok((game.borrow(), actions))
}
