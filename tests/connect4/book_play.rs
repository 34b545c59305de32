//! Perfect play from the empty board with the builtin book
//! (`Solver::with_book(Book::builtin())` and `Solver::best_move`): along
//! the book's lines the solver answers without search and its move keeps
//! the score; the book's first scores are the published ones.

use rulebook::connect4::{Book, Column, Connect4, Player, Solver};
use rulebook::Game;

/// 2^22 entries at most (32 MiB); the table grows only as far as needed.
const TABLE_BITS: u32 = 22;

fn perfect_player() -> Solver {
    Solver::with_table_bits(TABLE_BITS)
        .unwrap()
        .with_book(Book::builtin().unwrap())
}

/// Walks every game in which `solver_side` plays `best_move` and the other
/// side anything, while the solver's positions have fewer stones than the
/// book's depth: each such answer needs no search, and the book has the
/// position's score and the opposite score after the move (the move keeps
/// the score). Returns the number of solver positions checked.
fn walk_lines(
    solver: &mut Solver,
    book: &Book,
    game: &Connect4,
    solver_side: Player,
    seen: &mut std::collections::HashSet<String>,
) -> usize {
    if game.outcome().is_some() || game.plies() >= book.depth() || !seen.insert(game.board().text())
    {
        return 0;
    }
    let mut checked = 0;
    let mut next = Vec::new();
    if game.to_move() == solver_side {
        solver.reset();
        let column = solver.best_move(game).unwrap();
        assert_eq!(solver.node_count(), 0, "searched at {game:?}");
        checked += 1;
        let child = game.after(column).unwrap();
        if child.outcome().is_none() {
            let score = book.score(game).expect("a line position is in the book");
            assert_eq!(book.score(&child), Some(-score), "{game:?} {column}");
            next.push(child);
        }
    } else {
        next.extend(game.legal_moves().iter().map(|&mv| game.after(mv).unwrap()));
    }
    for child in next {
        checked += walk_lines(solver, book, &child, solver_side, seen);
    }
    checked
}

#[test]
#[ignore = "long unoptimised: the long-checks run"]
fn book_lines_are_answered_without_search_and_keep_the_score() {
    let book = Book::builtin().unwrap();
    let mut solver = perfect_player();
    for side in Player::ALL {
        let mut seen = std::collections::HashSet::new();
        let checked = walk_lines(&mut solver, &book, &Connect4::new(), side, &mut seen);
        // X moves first: its lines start at depth 1, O's at depth 2.
        let first_solver_ply = if side == Player::X { 0 } else { 1 };
        if book.depth() > first_solver_ply {
            assert!(checked > 0, "{side:?}");
        }
    }
}

/// The published values of the first positions (Pascal Pons's solver
/// site): X wins from the empty board with its 21st stone (+1) only by the
/// centre column; after X's first stone in columns 1 to 7 the score for O
/// is 2, 1, 0, -1, 0, 1, 2.
#[test]
fn book_first_scores_are_the_published_ones() {
    let book = Book::builtin().unwrap();
    let empty = Connect4::new();
    assert_eq!(book.score(&empty), Some(1));
    let mut solver = perfect_player();
    solver.reset();
    assert_eq!(solver.best_move(&empty), Ok(Column::new(3).unwrap()));
    assert_eq!(solver.node_count(), 0);
    let after_centre = empty.after(Column::new(3).unwrap()).unwrap();
    assert_eq!(book.score(&after_centre), Some(-1));
    if book.depth() >= 2 {
        for (column, score) in Column::ALL.into_iter().zip([2, 1, 0, -1, 0, 1, 2]) {
            let game = empty.after(column).unwrap();
            assert_eq!(book.score(&game), Some(score), "{column}");
        }
    }
}
