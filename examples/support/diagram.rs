//! The board diagram of the checkers and draughts consoles: the library's
//! board drawing (`Display`) with two additions for a player at the
//! console — every dark square's name, on occupied squares too (the
//! `numbers` command turns them off and on), and the last move's squares
//! marked `*`. Included by `checkers.rs` and `draughts.rs` with `#[path]`.

#![allow(dead_code)] // each example uses a different part of this

use std::fmt::Write;

/// What a console shows of one dark square.
pub struct DarkSquare {
    /// Its name in the game's notation (`14`, `c3`), at most 2 characters.
    pub name: String,
    /// The symbol of the piece on it (`r`, `W`), if any.
    pub piece: Option<char>,
}

/// How the diagram looks: square names on occupied squares or not, and
/// the squares of the last move, marked.
pub struct View<'a> {
    /// Whether occupied squares show their name too (empty ones always do).
    pub numbers: bool,
    /// The names of the squares to mark: the last move's.
    pub marked: &'a [String],
}

/// The mark of a square of the last move.
pub const LAST_MOVE_MARK: char = '*';

/// Draws a `size` x `size` board, row 0 at the top: `square(row, column)`
/// is the dark square there (`None` for a light one), `row_end(row)` what
/// follows the row (the checkers board's `1-4`), `legend` the last line.
/// Each cell is four characters: the mark, the piece, the name.
pub fn draw(
    size: usize,
    square: impl Fn(usize, usize) -> Option<DarkSquare>,
    row_end: impl Fn(usize) -> String,
    view: &View<'_>,
    legend: &str,
) -> String {
    let rule = format!("  +{}", "----+".repeat(size));
    let mut text = format!("{rule}\n");
    for row in 0..size {
        text.push_str("  |");
        for column in 0..size {
            match square(row, column) {
                None => text.push_str("    |"),
                Some(dark) => {
                    let mark = if view.marked.contains(&dark.name) {
                        LAST_MOVE_MARK
                    } else {
                        ' '
                    };
                    let piece = dark.piece.unwrap_or(' ');
                    let name = if dark.piece.is_none() || view.numbers {
                        dark.name.as_str()
                    } else {
                        ""
                    };
                    // Writing to a String cannot fail.
                    let _ = write!(text, "{mark}{piece}{name:>2}|");
                }
            }
        }
        let _ = writeln!(text, "{}\n{rule}", row_end(row));
    }
    text.push_str(legend);
    text
}

/// The legend's part about the marks, when a move was played.
pub fn last_move_legend(last_move: Option<&str>) -> String {
    last_move.map_or_else(String::new, |mv| {
        format!("; {LAST_MOVE_MARK} = the last move, {mv}")
    })
}
