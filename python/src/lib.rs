//! The Python package `rulebook`: the crate's games, Connect Four solver
//! and engines, and environments for learning agents (a batch
//! `VectorEnv`, and the single-game core under the PettingZoo and
//! Gymnasium environments written in Python).

mod arguments;
mod batch;
mod endgame;
mod environments;
mod errors;
mod games;
mod mcts;
mod opening_book;
mod single;
mod solver;
mod thinking;
mod vector_env;

use pyo3::prelude::*;

#[pymodule]
fn _rulebook(m: &Bound<'_, PyModule>) -> PyResult<()> {
    let py = m.py();
    m.add_class::<vector_env::VectorEnv>()?;
    m.add_class::<single::AgentEnv>()?;
    m.add_class::<games::PyGame>()?;
    m.add_class::<games::PyMove>()?;
    m.add_class::<games::PyEngine>()?;
    m.add_class::<solver::PySolver>()?;
    m.add_class::<mcts::BatchMcts>()?;
    m.add_class::<endgame::PyTablebase>()?;
    m.add_function(wrap_pyfunction!(games::game_names, m)?)?;
    m.add_function(wrap_pyfunction!(opening_book::build_opening_book, m)?)?;
    m.add_function(wrap_pyfunction!(opening_book::opening_book_path, m)?)?;
    m.add_function(wrap_pyfunction!(games::write_pdn, m)?)?;
    m.add_function(wrap_pyfunction!(games::read_pdn_records, m)?)?;
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
