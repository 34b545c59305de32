//! The library solver (`rulebook::connect4::Solver`): exact scores on every
//! line of the benchmark files, weak against strong, both against a plain
//! slow negamax on random late positions, best moves, perfect play against
//! random and greedy opponents, and the opening book's validation.

use rulebook::connect4::{Book, BookError, Column, Connect4, Player, SolveError, Solver, CELLS};
use rulebook::search::StopSignal;
use rulebook::{Game, Outcome, SplitMix64};

const END_EASY: &str = include_str!("../data/Test_L3_R1");
const MIDDLE_EASY: &str = include_str!("../data/Test_L2_R1");
const BEGIN_EASY_SAMPLE: &str = include_str!("../data/c4_begin_easy_sample");
const MIDDLE_MEDIUM_SAMPLE: &str = include_str!("../data/c4_middle_medium_sample");

/// A table of 2^20 entries (8 MiB): plenty for these positions, quick to
/// clear.
const TEST_TABLE_BITS: u32 = 20;

fn solver() -> Solver {
    Solver::with_table_bits(TEST_TABLE_BITS).unwrap()
}

/// The `(line, game, score)` entries of a benchmark file.
fn positions(data: &str) -> Vec<(usize, Connect4, i32)> {
    data.lines()
        .enumerate()
        .filter(|(_, line)| !line.trim().is_empty() && !line.starts_with('#'))
        .map(|(number, line)| {
            let (moves, score) = line.split_once(' ').expect("\"<moves> <score>\"");
            let game = Connect4::from_moves(moves).expect("valid moves");
            (number + 1, game, score.trim().parse().expect("integer"))
        })
        .collect()
}

/// Every score of `data`, solved strongly (from a cleared table for every
/// other line, reusing the table in between) and weakly.
fn check_file(data: &str, expected_lines: usize) {
    let mut solver = solver();
    let entries = positions(data);
    assert_eq!(entries.len(), expected_lines);
    for (line, game, expected) in entries {
        if line % 2 == 0 {
            solver.reset();
        }
        assert_eq!(solver.score(&game), Ok(expected), "line {line}");
        assert_eq!(
            solver.weak_score(&game),
            Ok(expected.signum()),
            "line {line}"
        );
    }
}

#[test]
fn end_easy_every_score_exact() {
    check_file(END_EASY, 1000);
}

#[test]
fn middle_easy_every_score_exact() {
    check_file(MIDDLE_EASY, 1000);
}

#[test]
fn generated_samples_scores_exact() {
    // Scores written by the generator in an earlier run of the solver;
    // checked again here from other table states.
    check_file(BEGIN_EASY_SAMPLE, 20);
    check_file(MIDDLE_MEDIUM_SAMPLE, 10);
}

/// A plain negamax written against the public `Game` API only: no table,
/// no pruning beyond alpha-beta. Slow, obviously right.
fn slow_score(game: &Connect4) -> i32 {
    fn negamax(game: &Connect4, mut alpha: i32, beta: i32) -> i32 {
        let plies = game.plies() as i32;
        let mut best = i32::MIN;
        for mv in game.legal_moves() {
            let child = game.after(mv).unwrap();
            let score = match child.outcome() {
                Some(Outcome::Win(_)) => (CELLS as i32 + 1 - plies) / 2,
                Some(Outcome::Draw) => 0,
                None => -negamax(&child, -beta, -alpha),
            };
            best = best.max(score);
            alpha = alpha.max(score);
            if alpha >= beta {
                break;
            }
        }
        best
    }
    negamax(game, -100, 100)
}

/// A random unfinished position with `plies` stones.
fn random_position(rng: &mut SplitMix64, plies: u32) -> Connect4 {
    loop {
        let mut game = Connect4::new();
        while game.plies() < plies && game.outcome().is_none() {
            let moves = game.legal_moves();
            game.apply(moves[rng.below(moves.len())]).unwrap();
        }
        if game.outcome().is_none() {
            return game;
        }
    }
}

#[test]
fn strong_weak_and_move_scores_agree_with_plain_negamax() {
    let mut rng = SplitMix64::new(0x1234_5678);
    let mut solver = solver();
    for round in 0..300 {
        let plies = 30 + (round % 11) as u32;
        let game = random_position(&mut rng, plies);
        let expected = slow_score(&game);
        assert_eq!(solver.score(&game), Ok(expected), "{game:?}");
        assert_eq!(solver.weak_score(&game), Ok(expected.signum()), "{game:?}");
        // Each move's score is the plain negamax of the child.
        let scores = solver.move_scores(&game).unwrap();
        for column in Column::ALL {
            let Ok(child) = game.after(column) else {
                assert_eq!(scores[column.index()], None);
                continue;
            };
            let plain = match child.outcome() {
                Some(Outcome::Win(_)) => (CELLS as i32 + 1 - game.plies() as i32) / 2,
                Some(Outcome::Draw) => 0,
                None => -slow_score(&child),
            };
            assert_eq!(scores[column.index()], Some(plain), "{game:?} {column}");
        }
        // The best moves are exactly those with the best score.
        let best = solver.best_moves(&game).unwrap();
        let top = scores.iter().flatten().max().copied();
        assert_eq!(top, Some(expected));
        let expected_best: Vec<Column> = Column::ALL
            .into_iter()
            .filter(|column| scores[column.index()] == top)
            .collect();
        assert_eq!(best.as_slice(), expected_best.as_slice(), "{game:?}");
    }
}

#[test]
fn finished_games_are_errors() {
    let mut solver = solver();
    let won = Connect4::from_moves("1212121").unwrap();
    assert_eq!(solver.score(&won), Err(SolveError::GameOver));
    assert_eq!(solver.weak_score(&won), Err(SolveError::GameOver));
    assert_eq!(solver.best_moves(&won), Err(SolveError::GameOver));
    assert_eq!(solver.move_scores(&won), Err(SolveError::GameOver));
}

#[test]
fn node_limit_gives_up_and_leaves_the_solver_exact() {
    let mut solver = solver();
    let (_, game, expected) = positions(MIDDLE_EASY)[0];
    assert_eq!(solver.score_within(&game, 1), Ok(None));
    assert_eq!(solver.score_within(&game, u64::MAX), Ok(Some(expected)));
    assert_eq!(solver.score(&game), Ok(expected));
}

#[test]
fn a_search_that_gives_up_keeps_the_table_and_stays_exact() {
    let mut solver = solver();
    let (_, game, expected) = positions(MIDDLE_EASY)[0];
    let before = solver.node_count();
    assert_eq!(solver.score(&game), Ok(expected));
    let first = solver.node_count() - before;
    // A search of the empty board cut short: what the first solve proved
    // stays in the table.
    assert_eq!(solver.score_within(&Connect4::new(), 5_000), Ok(None));
    let before = solver.node_count();
    assert_eq!(solver.score(&game), Ok(expected));
    let again = solver.node_count() - before;
    assert!(
        again * 4 < first,
        "{again} nodes again against {first}: the table was lost"
    );
    // Cut short at every budget, on the same position and others, and
    // still exact after: nothing a search that gave up found was kept.
    for (line, game, expected) in positions(MIDDLE_EASY).into_iter().skip(1).take(10) {
        for budget in [1, 10, 100, 1_000] {
            let _ = solver.score_within(&game, budget);
            let _ = solver.move_scores_within(&game, budget);
        }
        assert_eq!(solver.score(&game), Ok(expected), "line {line}");
    }
}

#[test]
fn every_within_search_gives_up_at_its_node_limit_and_answers_exactly_without() {
    let mut solver = solver();
    let mut gave_up = 0;
    for (line, game, expected) in positions(MIDDLE_EASY).into_iter().take(20) {
        // One node: given up, unless no search was needed (every move wins
        // or loses at once): then the exact answer.
        let weak = solver.weak_score_within(&game, 1).unwrap();
        assert!(
            weak.is_none() || weak == Some(expected.signum()),
            "line {line}"
        );
        let scores = solver.move_scores_within(&game, 1).unwrap();
        assert!(scores.is_none() || scores == solver.move_scores(&game).ok());
        let best = solver.best_moves_within(&game, 1).unwrap();
        assert!(best.is_none() || best == solver.best_moves(&game).ok());
        gave_up += usize::from(weak.is_none()) + usize::from(scores.is_none());
        gave_up += usize::from(best.is_none());
        let weak = solver.weak_score_within(&game, u64::MAX);
        assert_eq!(weak, Ok(Some(expected.signum())), "line {line}");
        let scores = solver.move_scores_within(&game, u64::MAX).unwrap();
        assert_eq!(
            scores,
            Some(solver.move_scores(&game).unwrap()),
            "line {line}"
        );
        let best = solver.best_moves_within(&game, u64::MAX).unwrap().unwrap();
        assert_eq!(best, solver.best_moves(&game).unwrap(), "line {line}");
    }
    assert!(gave_up >= 40, "only {gave_up} searches of 60 gave up");
    let won = Connect4::from_moves("1212121").unwrap();
    assert_eq!(
        solver.move_scores_within(&won, 1),
        Err(SolveError::GameOver)
    );
    assert_eq!(solver.best_moves_within(&won, 1), Err(SolveError::GameOver));
}

#[test]
fn a_raised_stop_signal_stops_only_the_within_searches() {
    let stop = StopSignal::new();
    let mut solver = solver().with_stop_signal(stop.clone());
    let (_, game, expected) = positions(MIDDLE_MEDIUM_SAMPLE)[0];
    stop.stop();
    assert_eq!(solver.score_within(&game, u64::MAX), Ok(None));
    assert_eq!(solver.move_scores_within(&game, u64::MAX), Ok(None));
    // The searches that must answer ignore the flag.
    assert_eq!(solver.score(&game), Ok(expected));
    stop.reset();
    assert_eq!(solver.score_within(&game, u64::MAX), Ok(Some(expected)));
}

#[test]
fn a_stop_signal_raised_during_a_search_ends_it() {
    let stop = StopSignal::new();
    let mut solver = solver().with_stop_signal(stop.clone());
    // The empty board takes minutes without the book: the stop ends it.
    let raiser = {
        let stop = stop.clone();
        std::thread::spawn(move || {
            std::thread::sleep(std::time::Duration::from_millis(50));
            stop.stop();
        })
    };
    assert_eq!(solver.score_within(&Connect4::new(), u64::MAX), Ok(None));
    raiser.join().unwrap();
}

/// The solver's pick among its best moves for the side it plays.
fn solver_move(solver: &mut Solver, game: &Connect4, rng: &mut SplitMix64) -> Column {
    let best = solver.best_moves(game).unwrap();
    best[rng.below(best.len())]
}

/// Greedy: win at once if possible, else a move after which the opponent
/// cannot win at once, else a random move.
fn greedy_move(game: &Connect4, rng: &mut SplitMix64) -> Column {
    let moves = game.legal_moves();
    let wins = |g: &Connect4, mv: Column| {
        matches!(
            g.after(mv).ok().and_then(|c| c.outcome()),
            Some(Outcome::Win(_))
        )
    };
    if let Some(&mv) = moves.iter().find(|&&mv| wins(game, mv)) {
        return mv;
    }
    for &mv in moves.iter() {
        let after = game.after(mv).unwrap();
        if after.outcome().is_none() && !after.legal_moves().iter().any(|&r| wins(&after, r)) {
            return mv;
        }
    }
    moves[rng.below(moves.len())]
}

/// Plays from `start` to the end, the solver for `solver_side` (its choices
/// varied at random among the best moves), `opponent` for the other side.
/// Checks at every solver turn that the move keeps the position's score.
fn play_out(
    start: Connect4,
    solver_plays_x: bool,
    opponent: &mut dyn FnMut(&Connect4) -> Column,
    rng: &mut SplitMix64,
) -> (Connect4, i32) {
    let mut solver = solver();
    let mut game = start;
    let solver_side = if solver_plays_x { Player::X } else { Player::O };
    let mut first_score = None;
    while game.outcome().is_none() {
        if game.to_move() == solver_side {
            let score = solver.score(&game).unwrap();
            first_score.get_or_insert(score);
            let mv = solver_move(&mut solver, &game, rng);
            let scores = solver.move_scores(&game).unwrap();
            assert_eq!(scores[mv.index()], Some(score), "{game:?} {mv}");
            game.apply(mv).unwrap();
        } else {
            let mv = opponent(&game);
            game.apply(mv).unwrap();
        }
    }
    (game, first_score.unwrap_or(0))
}

/// Positions with X to move that X wins (from the middle-game file): the
/// solver as X wins every game from them against random and greedy O, never
/// later than its score promises.
#[test]
fn solver_as_x_wins_won_positions_against_random_and_greedy() {
    let mut rng = SplitMix64::new(99);
    let starts: Vec<Connect4> = positions(MIDDLE_EASY)
        .into_iter()
        .filter(|(_, game, score)| game.plies() % 2 == 0 && *score > 0)
        .map(|(_, game, _)| game)
        .take(40)
        .collect();
    assert_eq!(starts.len(), 40);
    for (i, start) in starts.into_iter().enumerate() {
        let mut opponent_rng = SplitMix64::new(1000 + i as u64);
        let mut random = |g: &Connect4| {
            let moves = g.legal_moves();
            moves[opponent_rng.below(moves.len())]
        };
        let (end, score) = play_out(start, true, &mut random, &mut rng);
        assert_eq!(end.outcome(), Some(Outcome::Win(Player::X)));
        assert!(score > 0);
        let mut greedy_rng = SplitMix64::new(2000 + i as u64);
        let mut greedy = |g: &Connect4| greedy_move(g, &mut greedy_rng);
        let (end, _) = play_out(start, true, &mut greedy, &mut rng);
        assert_eq!(end.outcome(), Some(Outcome::Win(Player::X)));
    }
}

/// The solver as O in random games: every choice keeps the best score
/// (checked inside `play_out`); in lost positions that is the longest
/// resistance, and the game never ends worse for O than its score said.
#[test]
fn solver_as_o_keeps_the_best_score_and_resists_longest() {
    let mut rng = SplitMix64::new(7);
    let starts: Vec<(Connect4, i32)> = positions(MIDDLE_EASY)
        .into_iter()
        .filter(|(_, game, _)| game.plies() % 2 == 1)
        .map(|(_, game, score)| (game, score))
        .take(40)
        .collect();
    let mut lost = 0;
    for (i, (start, score)) in starts.into_iter().enumerate() {
        let mut opponent_rng = SplitMix64::new(3000 + i as u64);
        let mut random = |g: &Connect4| {
            let moves = g.legal_moves();
            moves[opponent_rng.below(moves.len())]
        };
        let (end, _) = play_out(start, false, &mut random, &mut rng);
        if score >= 0 {
            assert_ne!(end.outcome(), Some(Outcome::Win(Player::X)));
        } else {
            lost += 1;
        }
    }
    assert!(lost > 0, "some starting positions are lost for O");
    // Longest resistance, exactly: in a lost position against a perfect X,
    // O's stones at the end match the score.
    for (_, start, score) in positions(END_EASY)
        .into_iter()
        .filter(|(_, game, score)| game.plies() % 2 == 1 && *score < 0)
        .take(30)
    {
        let mut x_solver = solver();
        let mut perfect_x = |g: &Connect4| x_solver.best_moves(g).unwrap()[0];
        let (end, _) = play_out(start, false, &mut perfect_x, &mut rng);
        assert_eq!(end.outcome(), Some(Outcome::Win(Player::X)), "{start:?}");
        // O's score -(22 - k): X wins with its k-th stone, the latest
        // possible. X moved last, on an odd ply count.
        let x_stones = (end.plies() as i32 + 1) / 2;
        assert_eq!(x_stones, 22 + score, "{start:?}");
    }
}

/// The move string of the mirror image (column `d` becomes `8 - d`).
fn mirrored(moves: &str) -> String {
    moves
        .chars()
        .map(|c| char::from(b'8' - (c as u8 - b'0')))
        .collect()
}

#[test]
fn book_round_trips_and_rejects_damage() {
    // Two middle-game positions of at most 16 stones with their file scores.
    let picked: Vec<(String, i32)> = MIDDLE_EASY
        .lines()
        .filter_map(|line| line.split_once(' '))
        .filter(|(moves, _)| moves.len() <= 16)
        .map(|(moves, score)| (moves.to_string(), score.parse().unwrap()))
        .take(2)
        .collect();
    assert_eq!(picked.len(), 2);
    let entries: Vec<(Connect4, i32)> = picked
        .iter()
        .map(|(moves, score)| (Connect4::from_moves(moves).unwrap(), *score))
        .collect();
    let book = Book::new(16, entries.clone()).unwrap();
    assert_eq!(book.len(), 2);
    // A position and its mirror image share the entry.
    let mirror = Connect4::from_moves(&mirrored(&picked[0].0)).unwrap();
    assert_eq!(book.score(&mirror), Some(picked[0].1));
    assert_eq!(book.score(&Connect4::new()), None);
    let bytes = book.to_bytes();
    assert_eq!(Book::from_bytes(&bytes), Ok(book.clone()));
    // Every truncation and every single-byte change is an error.
    for len in 0..bytes.len() {
        assert!(
            Book::from_bytes(&bytes[..len]).is_err(),
            "truncated to {len}"
        );
    }
    for at in 0..bytes.len() {
        let mut damaged = bytes.clone();
        damaged[at] ^= 0x10;
        assert!(Book::from_bytes(&damaged).is_err(), "byte {at} changed");
    }
    assert_eq!(Book::from_bytes(b"nonsense"), Err(BookError::BadMagic));
    // Depth, conflicts, finished games and impossible scores are checked
    // when building too.
    assert_eq!(
        Book::new(3, entries.clone()),
        Err(BookError::BadPosition(0))
    );
    let conflicting = vec![entries[0], (mirror, picked[0].1 + 1)];
    assert_eq!(Book::new(16, conflicting), Err(BookError::Conflict(1)));
    let finished = Connect4::from_moves("1212121").unwrap();
    assert_eq!(Book::new(9, [(finished, 0)]), Err(BookError::GameOver(0)));
    assert_eq!(
        Book::new(16, [(entries[0].0, 30)]),
        Err(BookError::BadScore(0))
    );
}

#[test]
fn builtin_book_loads_and_agrees_with_the_solver() {
    let book = Book::builtin().unwrap();
    assert!(book.depth() >= 1);
    assert!(!book.is_empty());
    // Every entry is a real unfinished position within the depth (a
    // sample of the deepest agrees with fresh solves in
    // tests/connect4/book_play.rs, in release).
    let entries: Vec<(Connect4, i32)> = book.entries().collect();
    assert_eq!(entries.len(), book.len());
    for (game, score) in &entries {
        assert!(game.outcome().is_none() && game.plies() <= book.depth());
        assert_eq!(book.score(game), Some(*score));
    }
    // With the book, the solver answers those positions at once.
    let mut with_book = Solver::with_table_bits(TEST_TABLE_BITS)
        .unwrap()
        .with_book(book.clone());
    for (game, score) in entries.iter().take(20) {
        with_book.reset();
        assert_eq!(with_book.score(game), Ok(*score));
        assert_eq!(with_book.node_count(), 0, "{game:?}");
    }
}
