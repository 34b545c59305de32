//! `ConnectX` against a plain, independent implementation written here: a
//! 2D array of cells, a win found by scanning every line of the board, and
//! perft by cloning. No bitboards, no walk from the last token, nothing
//! shared with the crate but the `Column`/`Player` names.
//!
//! Checked: perft of many sizes (tiny boards to the end of every game,
//! Connect Four's neighbours a few plies deep, 16x16x16 shallow), and every
//! position of random games on random sizes (moves, outcome, every cell,
//! every `Board` query, the text and the console board).

use proptest::prelude::*;
use proptest::sample::Index;
use rulebook::connectx::{Column, ConnectX, Parameters, Player};
use rulebook::{perft, Game, Outcome};

/// The reference game. `cells[row][col]`, row 0 at the bottom.
#[derive(Clone)]
struct Plain {
    rows: usize,
    columns: usize,
    in_a_row: usize,
    cells: Vec<Vec<Option<Player>>>,
    to_move: Player,
    winner: Option<Player>,
}

impl Plain {
    fn new(rows: usize, columns: usize, in_a_row: usize) -> Plain {
        Plain {
            rows,
            columns,
            in_a_row,
            cells: vec![vec![None; columns]; rows],
            to_move: Player::X,
            winner: None,
        }
    }

    fn cell(&self, row: isize, col: isize) -> Option<Player> {
        if row < 0 || col < 0 || row as usize >= self.rows || col as usize >= self.columns {
            return None;
        }
        self.cells[row as usize][col as usize]
    }

    /// The four line directions as (row step, column step).
    const DIRECTIONS: [(isize, isize); 4] = [(0, 1), (1, 0), (1, 1), (-1, 1)];

    /// Whether the `in_a_row` cells from `row`, `col` along `step` are all
    /// `player`'s.
    fn line_from(&self, player: Player, row: isize, col: isize, step: (isize, isize)) -> bool {
        (0..self.in_a_row as isize)
            .all(|i| self.cell(row + i * step.0, col + i * step.1) == Some(player))
    }

    /// Every line of the board, by brute force.
    fn has_line(&self, player: Player) -> bool {
        (0..self.rows as isize).any(|row| {
            (0..self.columns as isize).any(|col| {
                Self::DIRECTIONS
                    .iter()
                    .any(|&step| self.line_from(player, row, col, step))
            })
        })
    }

    /// Whether some line along `step` covers `row`, `col`, all `player`'s.
    fn line_through(&self, player: Player, row: usize, col: usize, step: (isize, isize)) -> bool {
        (0..self.in_a_row as isize).any(|back| {
            self.line_from(
                player,
                row as isize - back * step.0,
                col as isize - back * step.1,
                step,
            )
        })
    }

    fn height(&self, col: usize) -> usize {
        (0..self.rows)
            .take_while(|&row| self.cells[row][col].is_some())
            .count()
    }

    fn is_full(&self) -> bool {
        self.cells.iter().flatten().all(Option::is_some)
    }

    fn legal_moves(&self) -> Vec<usize> {
        if self.winner.is_some() {
            return Vec::new();
        }
        (0..self.columns)
            .filter(|&col| self.height(col) < self.rows)
            .collect()
    }

    fn play(&mut self, col: usize) {
        let row = self.height(col);
        self.cells[row][col] = Some(self.to_move);
        if self.has_line(self.to_move) {
            self.winner = Some(self.to_move);
        }
        self.to_move = self.to_move.opponent();
    }

    fn outcome(&self) -> Option<Outcome<Player>> {
        match self.winner {
            Some(player) => Some(Outcome::Win(player)),
            None if self.is_full() => Some(Outcome::Draw),
            None => None,
        }
    }

    fn perft(&self, depth: u32) -> u64 {
        if depth == 0 {
            return 1;
        }
        self.legal_moves()
            .into_iter()
            .map(|col| {
                let mut child = self.clone();
                child.play(col);
                child.perft(depth - 1)
            })
            .sum()
    }

    /// The text: parameters, then rows top first.
    fn text(&self) -> String {
        let rows: Vec<String> = (0..self.rows)
            .rev()
            .map(|row| {
                self.cells[row]
                    .iter()
                    .map(|cell| cell.map_or('.', Player::symbol))
                    .collect()
            })
            .collect();
        format!(
            "{}x{}x{}:{}",
            self.rows,
            self.columns,
            self.in_a_row,
            rows.join("/")
        )
    }

    /// The console board: cells as wide as the widest column number.
    fn console(&self) -> String {
        let width = format!("{}", self.columns - 1).len();
        let mut out = String::from("|");
        for col in 0..self.columns {
            out += &format!("{col:>width$}|");
        }
        out += "\n";
        for row in (0..self.rows).rev() {
            out += "|";
            for col in 0..self.columns {
                let symbol = self.cells[row][col].map_or(' ', Player::symbol);
                out += &format!("{symbol:>width$}|");
            }
            out += "\n";
        }
        out
    }
}

fn parameters(rows: usize, columns: usize, in_a_row: usize) -> Parameters {
    Parameters::new(rows, columns, in_a_row).unwrap()
}

/// `ConnectX` and the reference agree on perft at every depth up to
/// `depth`.
fn assert_perft_agrees(rows: usize, columns: usize, in_a_row: usize, depth: u32) {
    let game = ConnectX::new(parameters(rows, columns, in_a_row));
    let plain = Plain::new(rows, columns, in_a_row);
    for d in 0..=depth {
        assert_eq!(
            perft(&game, d),
            plain.perft(d),
            "{rows}x{columns}x{in_a_row} depth {d}"
        );
    }
}

#[test]
fn tiny_boards_to_the_end_of_every_game() {
    // Every game ends within rows * columns plies; one depth beyond
    // counts 0 on both sides.
    for (rows, columns, in_a_row) in [
        (1, 2, 2),
        (2, 1, 2),
        (2, 2, 2),
        (3, 3, 3),
        (1, 6, 2),
        (6, 1, 4),
        (3, 3, 2),
        (2, 4, 3),
        (4, 3, 3),
    ] {
        assert_perft_agrees(rows, columns, in_a_row, (rows * columns + 1) as u32);
    }
}

#[test]
#[ignore = "long unoptimised: the long-checks run"]
fn connect_four_neighbours_a_few_plies_deep() {
    assert_perft_agrees(4, 4, 3, 9);
    assert_perft_agrees(5, 6, 4, 6);
    assert_perft_agrees(6, 7, 5, 6);
    assert_perft_agrees(7, 8, 4, 5);
    assert_perft_agrees(5, 5, 2, 6);
    assert_perft_agrees(6, 7, 3, 6);
}

/// The perft lays a board out in 64 bits, in 128 bits, or (larger) walks
/// column words: each layout, and the sizes at its edges.
#[test]
#[ignore = "long unoptimised: the long-checks run"]
fn each_perft_layout_and_its_edges() {
    // 64 bits: 8 x 8 = 64 exactly (7 rows + sentinel, 8 columns).
    assert_perft_agrees(7, 8, 5, 5);
    assert_perft_agrees(3, 16, 3, 4);
    // 128 bits: 9 x 8 = 72, 17 x 7 = 119, 8 x 16 = 128 exactly.
    assert_perft_agrees(8, 8, 4, 5);
    assert_perft_agrees(16, 7, 6, 5);
    assert_perft_agrees(7, 16, 7, 4);
    // Column words: 9 x 16 = 144 bits.
    assert_perft_agrees(8, 16, 4, 4);
    assert_perft_agrees(10, 12, 5, 4);
}

/// Every valid size (2,600 of them): the fast perft (64-bit, 128-bit or
/// column-word layout, one walk per line length) equals the plain count
/// of the game's own moves, from the empty board and after 3 and 6 moves.
#[test]
#[ignore = "long unoptimised: the long-checks run"]
fn every_size_fast_perft_equals_the_plain_count() {
    let mut sizes = 0;
    for rows in 1..=16 {
        for columns in 1..=16 {
            for in_a_row in 2..=rows.max(columns) {
                let mut game = ConnectX::new(parameters(rows, columns, in_a_row));
                for ply in 0..8 {
                    if ply % 3 == 0 {
                        assert_eq!(
                            perft(&game, 3),
                            rulebook::testing::plain_perft(&game, 3),
                            "{rows}x{columns}x{in_a_row} after {ply} plies: {game:?}"
                        );
                    }
                    let moves = game.legal_moves();
                    if moves.is_empty() {
                        break;
                    }
                    game.apply(moves[(ply * 7 + rows) % moves.len()]).unwrap();
                }
                sizes += 1;
            }
        }
    }
    assert_eq!(sizes, 2_600);
}

#[test]
fn largest_boards_shallow() {
    assert_perft_agrees(16, 16, 16, 3);
    assert_perft_agrees(16, 16, 2, 3);
    assert_perft_agrees(16, 1, 16, 17);
    assert_perft_agrees(1, 16, 16, 4);
}

/// A position reached by random play, checked in full against the
/// reference.
fn check_same(plain: &Plain, game: &ConnectX) -> Result<(), TestCaseError> {
    let moves: Vec<usize> = game.legal_moves().iter().map(|mv| mv.index()).collect();
    prop_assert_eq!(moves, plain.legal_moves(), "moves in {}", plain.text());
    prop_assert_eq!(
        game.outcome(),
        plain.outcome(),
        "outcome in {}",
        plain.text()
    );
    prop_assert_eq!(game.to_move(), plain.to_move);
    prop_assert_eq!(game.text(), plain.text());
    prop_assert_eq!(game.to_string(), plain.console());
    prop_assert_eq!(ConnectX::parse_text(&plain.text()), Ok(*game));

    let board = game.board();
    prop_assert_eq!(board.is_full(), plain.is_full());
    prop_assert_eq!(board.check_tie(), plain.is_full() && plain.winner.is_none());
    for player in Player::ALL {
        prop_assert_eq!(board.has_line(player), plain.has_line(player));
    }
    // One row and column past the board too.
    for col in 0..=plain.columns {
        let on_board = col < plain.columns;
        let height = on_board.then(|| plain.height(col));
        prop_assert_eq!(board.height(col), height);
        prop_assert_eq!(
            board.is_column_free(col),
            height.is_some_and(|h| h < plain.rows)
        );
        let top_wins = height
            .and_then(|h| h.checked_sub(1))
            .and_then(|row| {
                let owner = plain.cells[row][col]?;
                Some(
                    Plain::DIRECTIONS
                        .iter()
                        .any(|&step| plain.line_through(owner, row, col, step)),
                )
            })
            .unwrap_or(false);
        prop_assert_eq!(board.check_for_win(col), top_wins, "col {}", col);
        for row in 0..=plain.rows {
            let cell = plain.cell(row as isize, col as isize);
            prop_assert_eq!(board.piece_at(row, col), cell);
            for player in Player::ALL {
                let owned = cell == Some(player);
                let through = |step| owned && plain.line_through(player, row, col, step);
                prop_assert_eq!(
                    board.check_horizontal_win(row, col, player),
                    through((0, 1))
                );
                prop_assert_eq!(board.check_vertical_win(row, col, player), through((1, 0)));
                prop_assert_eq!(
                    board.check_diagonal_win(row, col, player),
                    through((1, 1)) || through((-1, 1)),
                    "row {} col {} {} in {}",
                    row,
                    col,
                    player,
                    plain.text()
                );
            }
        }
    }
    Ok(())
}

/// Plays the game `indices` choose on a `rows` x `columns` board for
/// `in_a_row` with both implementations, checking every position, then
/// perft from the last one up to `perft_depth`.
fn play_and_compare(
    (rows, columns, in_a_row): (usize, usize, usize),
    indices: &[Index],
    perft_depth: u32,
) -> Result<(), TestCaseError> {
    let mut game = ConnectX::new(parameters(rows, columns, in_a_row));
    let mut plain = Plain::new(rows, columns, in_a_row);
    check_same(&plain, &game)?;
    for index in indices {
        let moves = plain.legal_moves();
        if moves.is_empty() {
            break;
        }
        let col = moves[index.index(moves.len())];
        game.apply(Column::new(col).unwrap()).unwrap();
        plain.play(col);
        check_same(&plain, &game)?;
    }
    for depth in 0..=perft_depth {
        prop_assert_eq!(perft(&game, depth), plain.perft(depth), "depth {}", depth);
    }
    Ok(())
}

/// Valid parameters with at most `max` rows and columns: a line that fits.
fn any_parameters(max: usize) -> impl Strategy<Value = (usize, usize, usize)> {
    (1..=max, 1..=max)
        .prop_filter("a line of two fits", |&(rows, columns)| {
            rows.max(columns) >= 2
        })
        .prop_flat_map(|(rows, columns)| (Just(rows), Just(columns), 2..=rows.max(columns)))
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(400))]

    /// Random sizes, random games: every position agrees with the
    /// reference, and so does a short perft from the last one.
    #[test]
    #[ignore = "long unoptimised: the long-checks run"]
    fn random_games_on_random_sizes_agree(
        size in any_parameters(16),
        indices in proptest::collection::vec(any::<Index>(), 0..=256),
    ) {
        play_and_compare(size, &indices, 3)?;
    }

    /// Small boards with short lines, where games end early and often by a
    /// line through the middle of a run.
    #[test]
    fn random_games_on_small_boards_agree(
        size in any_parameters(5),
        indices in proptest::collection::vec(any::<Index>(), 0..=25),
    ) {
        play_and_compare(size, &indices, 4)?;
    }
}
