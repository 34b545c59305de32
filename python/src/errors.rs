//! The Python exceptions of the package. Each carries the crate's own
//! message; all are `ValueError`s, so `except ValueError` catches bad input
//! of any kind.

use pyo3::create_exception;
use pyo3::exceptions::PyValueError;

create_exception!(
    rulebook,
    RulebookError,
    PyValueError,
    "The base of the package's errors (a `ValueError`): bad input that changed nothing."
);
create_exception!(
    rulebook,
    IllegalMoveError,
    RulebookError,
    "A move that is not legal in the position (or a game that is already over)."
);
create_exception!(
    rulebook,
    IllegalActionError,
    RulebookError,
    "An environment action that is out of range or not legal in the state."
);
create_exception!(
    rulebook,
    ParseError,
    RulebookError,
    "Text (a position, a move, a record, a game name) that could not be read."
);
