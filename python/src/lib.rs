//! The Python package `rulebook`: the crate's games, Connect Four solver
//! and engines, and environments for learning agents (a batch
//! `VectorEnv`, and the single-game core under the PettingZoo and
//! Gymnasium environments written in Python).

mod batch;
mod environments;
mod errors;
mod single;
mod vector_env;

use pyo3::prelude::*;

#[pymodule]
fn _rulebook(m: &Bound<'_, PyModule>) -> PyResult<()> {
    let py = m.py();
    m.add_class::<vector_env::VectorEnv>()?;
    m.add_class::<single::AgentEnv>()?;
    m.add("RulebookError", py.get_type::<errors::RulebookError>())?;
    m.add(
        "IllegalMoveError",
        py.get_type::<errors::IllegalMoveError>(),
    )?;
    m.add(
        "IllegalActionError",
        py.get_type::<errors::IllegalActionError>(),
    )?;
    m.add("ParseError", py.get_type::<errors::ParseError>())?;
    Ok(())
}
