//! `Board`, the assignment's `GameBoard`: placement, every win direction at
//! the edges, ties, off-board queries and the console `Display`.

use rulebook::connect4::{Board, Column, PlaceTokenError, Player, COLUMNS, ROWS};

use Player::{O, X};

/// A board from `(player, column)` drops in order.
fn board_from(drops: &[(Player, usize)]) -> Board {
    let mut board = Board::new();
    for &(player, col) in drops {
        board.place_token(player, col).unwrap();
    }
    board
}

/// Fills column `col` with `count` O tokens (filler under a line).
fn fill(board: &mut Board, col: usize, count: usize) {
    for _ in 0..count {
        board.place_token(O, col).unwrap();
    }
}

#[test]
fn empty_board_display_is_the_assignment_format() {
    assert_eq!(
        Board::new().to_string(),
        "|0|1|2|3|4|5|6|\n\
         | | | | | | | |\n\
         | | | | | | | |\n\
         | | | | | | | |\n\
         | | | | | | | |\n\
         | | | | | | | |\n\
         | | | | | | | |\n"
    );
}

#[test]
fn display_shows_row_0_at_the_bottom_and_column_0_at_the_left() {
    let board = board_from(&[(X, 3), (O, 3), (X, 0), (O, 6)]);
    assert_eq!(
        board.to_string(),
        "|0|1|2|3|4|5|6|\n\
         | | | | | | | |\n\
         | | | | | | | |\n\
         | | | | | | | |\n\
         | | | | | | | |\n\
         | | | |O| | | |\n\
         |X| | |X| | |O|\n"
    );
}

#[test]
fn place_token_drops_to_the_lowest_free_row() {
    let mut board = Board::new();
    assert_eq!(board.place_token(X, 2), Ok(0));
    assert_eq!(board.place_token(X, 2), Ok(1));
    assert_eq!(board.place_token(O, 2), Ok(2));
    assert_eq!(board.piece_at(0, 2), Some(X));
    assert_eq!(board.piece_at(2, 2), Some(O));
    assert_eq!(board.piece_at(3, 2), None);
    assert_eq!(board.height(Column::new(2).unwrap()), 3);
    assert_eq!(board.token_count(), 3);
    assert_eq!(board.count(X), 2);
}

#[test]
fn place_token_errors_leave_the_board_unchanged() {
    let mut board = Board::new();
    fill(&mut board, 4, ROWS);
    let before = board;
    assert!(!board.is_column_free(4));
    assert_eq!(
        board.place_token(X, 4),
        Err(PlaceTokenError::ColumnFull(Column::new(4).unwrap().into()))
    );
    assert_eq!(
        board.place_token(X, 7),
        Err(PlaceTokenError::NoSuchColumn { col: 7, last: 6 })
    );
    assert_eq!(
        board.place_token(X, usize::MAX),
        Err(PlaceTokenError::NoSuchColumn {
            col: usize::MAX,
            last: 6
        })
    );
    assert_eq!(board, before);
    assert_eq!(
        PlaceTokenError::ColumnFull(Column::new(4).unwrap().into()).to_string(),
        "column 4 (counting from 0) is full"
    );
}

#[test]
fn off_board_queries_answer_false_or_none() {
    let board = board_from(&[(X, 0), (X, 1), (X, 2), (X, 3)]);
    assert!(!board.is_column_free(COLUMNS));
    assert!(board.is_column_free(COLUMNS - 1));
    assert_eq!(board.piece_at(ROWS, 0), None);
    assert_eq!(board.piece_at(0, COLUMNS), None);
    assert_eq!(board.piece_at(usize::MAX, usize::MAX), None);
    assert!(!board.check_horizontal_win(0, COLUMNS, X));
    assert!(!board.check_horizontal_win(ROWS, 0, X));
    assert!(!board.check_vertical_win(usize::MAX, 0, X));
    assert!(!board.check_diagonal_win(0, usize::MAX, X));
    assert!(!board.check_for_win(COLUMNS));
    assert!(!board.check_for_win(usize::MAX));
}

#[test]
fn horizontal_win_at_the_left_and_right_edges() {
    let board = board_from(&[(X, 0), (X, 1), (X, 2), (X, 3)]);
    for col in 0..4 {
        assert!(board.check_horizontal_win(0, col, X), "col {col}");
        assert!(!board.check_horizontal_win(0, col, O));
        assert!(!board.check_vertical_win(0, col, X));
        assert!(!board.check_diagonal_win(0, col, X));
    }
    assert!(!board.check_horizontal_win(0, 4, X));
    assert!(board.check_for_win(3));
    assert!(board.check_for_win(0));
    assert!(!board.check_for_win(4));

    // Top row, right edge: columns 3..=6 in row 5.
    let mut board = Board::new();
    for col in 3..COLUMNS {
        fill(&mut board, col, ROWS - 1);
        board.place_token(X, col).unwrap();
    }
    assert!(board.check_horizontal_win(5, 6, X));
    assert!(board.check_horizontal_win(5, 3, X));
    assert!(!board.check_horizontal_win(4, 6, X));
    assert!(board.check_for_win(6));
    assert!(board.has_four_in_a_row(X));
    // O's filler rows 0..=4 over columns 3..=6 are four in a row too.
    assert!(board.check_horizontal_win(4, 6, O));
}

#[test]
fn three_in_a_row_or_a_broken_line_is_not_a_win() {
    let board = board_from(&[(X, 0), (X, 1), (X, 2)]);
    assert!(!board.check_horizontal_win(0, 2, X));
    assert!(!board.check_for_win(2));
    let board = board_from(&[(X, 0), (X, 1), (O, 2), (X, 3), (X, 4)]);
    assert!(!board.check_horizontal_win(0, 4, X));
    assert!(!board.has_four_in_a_row(X));
}

#[test]
fn vertical_win_at_the_top_edge() {
    let mut board = Board::new();
    fill(&mut board, 6, 2);
    for _ in 0..4 {
        board.place_token(X, 6).unwrap();
    }
    for row in 2..ROWS {
        assert!(board.check_vertical_win(row, 6, X), "row {row}");
        assert!(!board.check_horizontal_win(row, 6, X));
    }
    assert!(!board.check_vertical_win(1, 6, X));
    assert!(board.check_for_win(6));
    assert!(!board.is_column_free(6));
}

#[test]
fn a_vertical_line_does_not_wrap_into_the_next_column() {
    // Column 0 rows 4,5 and column 1 rows 0,1 are adjacent in some layouts.
    let mut board = Board::new();
    fill(&mut board, 0, 4);
    board.place_token(X, 0).unwrap();
    board.place_token(X, 0).unwrap();
    board.place_token(X, 1).unwrap();
    board.place_token(X, 1).unwrap();
    assert!(!board.has_four_in_a_row(X));
    assert!(!board.check_for_win(0));
    assert!(!board.check_for_win(1));
}

#[test]
fn rising_diagonal_from_the_bottom_left_corner() {
    let mut board = Board::new();
    for col in 0..4 {
        fill(&mut board, col, col);
        board.place_token(X, col).unwrap();
    }
    for i in 0..4 {
        assert!(board.check_diagonal_win(i, i, X), "cell {i},{i}");
        assert!(!board.check_horizontal_win(i, i, X));
        assert!(!board.check_vertical_win(i, i, X));
    }
    assert!(!board.check_diagonal_win(0, 0, O));
    assert!(board.check_for_win(3));
    assert!(board.check_for_win(0));
}

#[test]
fn falling_diagonal_to_the_bottom_right_corner() {
    // (3,3) (2,4) (1,5) (0,6)
    let mut board = Board::new();
    for (row, col) in [(3, 3), (2, 4), (1, 5), (0, 6)] {
        fill(&mut board, col, row);
        board.place_token(X, col).unwrap();
    }
    assert!(board.check_diagonal_win(0, 6, X));
    assert!(board.check_diagonal_win(3, 3, X));
    assert!(!board.check_diagonal_win(3, 4, X));
    assert!(board.check_for_win(6));
    assert!(board.check_for_win(3));
}

#[test]
fn diagonals_touching_the_top_row() {
    // Rising to the top-right corner: (2,3) (3,4) (4,5) (5,6).
    let mut board = Board::new();
    for (row, col) in [(2, 3), (3, 4), (4, 5), (5, 6)] {
        fill(&mut board, col, row);
        board.place_token(O, col).unwrap();
    }
    assert!(board.check_diagonal_win(5, 6, O));
    assert!(board.check_diagonal_win(2, 3, O));
    // Falling from the top-left corner: (5,0) (4,1) (3,2) (2,3) for X.
    let mut board = Board::new();
    for (row, col) in [(5, 0), (4, 1), (3, 2), (2, 3)] {
        fill(&mut board, col, row);
        board.place_token(X, col).unwrap();
    }
    assert!(board.check_diagonal_win(5, 0, X));
    assert!(board.check_for_win(0));
    assert!(!board.check_diagonal_win(5, 0, O));
}

/// A full board with no four in a row.
const DRAWN_BOARD: &str = "OXOXOXO/OXOXOXX/OXOXOXO/XOXOXOX/XOXOXOO/XOXOXOX";

#[test]
fn tie_only_on_a_full_board_without_four_in_a_row() {
    let board = Board::parse_text(DRAWN_BOARD).unwrap();
    assert!(board.is_full());
    assert!(board.check_tie());
    for col in 0..COLUMNS {
        assert!(!board.is_column_free(col));
        assert!(!board.check_for_win(col));
    }
    assert!(!Board::new().check_tie());

    // Full, but X has four in the top row: not a tie.
    let won = Board::parse_text("XXXXOXO/OXOXOXX/OXOXOXO/XOXOXOX/XOXOXOO/XOXOXOX").unwrap();
    assert!(won.is_full());
    assert!(!won.check_tie());

    // Not full: not a tie.
    let mut almost = Board::new();
    for col in 0..COLUMNS - 1 {
        fill(&mut almost, col, ROWS);
    }
    assert!(!almost.check_tie());
}

#[test]
fn text_round_trips_and_reads_rows_top_first() {
    let board = board_from(&[(X, 3), (O, 3), (X, 0)]);
    let text = board.text();
    assert_eq!(text, "......./......./......./......./...O.../X..X...");
    assert_eq!(Board::parse_text(&text), Ok(board));
    assert_eq!(
        Board::new().text(),
        "......./......./......./......./......./......."
    );
    assert_eq!(Board::parse_text(DRAWN_BOARD).unwrap().text(), DRAWN_BOARD);
}
