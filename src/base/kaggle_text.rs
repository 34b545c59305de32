//! Kaggle ConnectX's board as text, for every game that reads it (Connect
//! Four, ConnectX): the cells of a Python list (`str(obs.board)`, `[0, 0,
//! 1, ...]`), JSON, or bare digits with no separator.

/// Why a text is not a list of the expected number of cells.
#[derive(Clone, PartialEq, Eq, Debug)]
pub(crate) enum CellsError {
    /// The token of cell `index` is not a number.
    NotANumber {
        /// The cell's index in the list.
        index: usize,
        /// The token.
        text: String,
    },
    /// The text holds this many cells, not the expected number.
    WrongLength(usize),
}

/// Reads the cells of `text` into `cells`: integers separated by commas
/// and/or whitespace, optionally in square brackets, or exactly
/// `cells.len()` characters with no separator, one digit each.
///
/// # Errors
///
/// [`CellsError::NotANumber`] for the first token that is not an integer,
/// [`CellsError::WrongLength`] when the count is not `cells.len()`.
pub(crate) fn read_cells(text: &str, cells: &mut [i64]) -> Result<(), CellsError> {
    let trimmed = text.trim();
    let inner = trimmed
        .strip_prefix('[')
        .and_then(|rest| rest.strip_suffix(']'))
        .unwrap_or(trimmed);
    let is_separator = |c: char| c == ',' || c.is_whitespace();
    let expected = cells.len();
    let mut count = 0;
    let mut read = |index: usize, token: &str| -> Result<(), CellsError> {
        let value = token.parse::<i64>().map_err(|_| CellsError::NotANumber {
            index,
            text: token.to_owned(),
        })?;
        if let Some(cell) = cells.get_mut(index) {
            *cell = value;
        }
        count += 1;
        Ok(())
    };
    if !inner.contains(is_separator) && inner.chars().count() == expected {
        let mut digit = [0; 4];
        for (index, character) in inner.chars().enumerate() {
            read(index, character.encode_utf8(&mut digit))?;
        }
    } else {
        for (index, token) in inner
            .split(is_separator)
            .filter(|t| !t.is_empty())
            .enumerate()
        {
            read(index, token)?;
        }
    }
    if count == expected {
        Ok(())
    } else {
        Err(CellsError::WrongLength(count))
    }
}
