//! Connect Four: a 6x7 board, gravity drops, four in a row wins, a full board
//! is a draw.
