//! The generic searches against independent answers: exact Connect Four
//! benchmark scores (Pascal Pons' end-game set, `tests/data/Test_L3_R1`), a
//! plain minimax written here, the draw rules of a `Match`, and the
//! contracts of limits, progress reports and seeds.

use rulebook::checkers::{self, Checkers};
use rulebook::connect4::{self, Column, Connect4, CELLS};
use rulebook::draughts::{self, International};
use rulebook::search::{AlphaBeta, Evaluator, Limits, Mcts, Root, Score, SearchResult, Searcher};
use rulebook::{DrawRules, Game, Match, PlayerOutcome};

const END_GAME: &str = include_str!("../data/Test_L3_R1");

/// A small table: tests build many searches.
const TABLE_BYTES: usize = 1 << 20;

/// The `(moves, score)` lines of a benchmark file.
fn benchmark(data: &str) -> impl Iterator<Item = (&str, i32)> {
    data.lines()
        .filter(|line| !line.trim().is_empty())
        .map(|line| {
            let (moves, score) = line.split_once(' ').expect("\"<moves> <score>\"");
            (moves, score.trim().parse().expect("integer score"))
        })
}

/// The benchmark's score as a [`Score`] for the player to move after
/// `plies` plies: a win of score `s > 0` comes with the winner's stone
/// number `22 - s`, i.e. the winning move is ply `q + 1` where
/// `(CELLS + 1 - q) / 2 = s` and `q` has the parity of the winner's turns.
fn expected_score(plies: u32, benchmark_score: i32) -> Score {
    let decisive_ply = |score: i32, parity: u32| {
        let q = (CELLS as i32 + 1 - 2 * score) as u32;
        let q = if q % 2 == parity % 2 { q } else { q - 1 };
        q + 1 - plies
    };
    match benchmark_score {
        0 => Score::DRAW,
        s if s > 0 => Score::win_in(decisive_ply(s, plies)),
        s => Score::loss_in(decisive_ply(-s, plies + 1)),
    }
}

/// Searches `game` to the end of the game (every leaf is a finished game).
fn search_to_the_end(
    search: &mut AlphaBeta<Connect4, connect4::Evaluation>,
    game: Connect4,
) -> SearchResult<Column> {
    let remaining = CELLS as u32 - game.plies();
    search.search(game, Limits::depth(remaining))
}

/// Checks every `step`-th end-game position: searched to the end without
/// reductions, the score is exact (the win or loss distance too), and the
/// best move keeps it.
fn check_end_game_exactly(step: usize) -> usize {
    let mut search = AlphaBeta::with_table_bytes(connect4::Evaluation::new(), TABLE_BYTES)
        .with_reductions(false);
    let mut checked = 0;
    for (moves, score) in benchmark(END_GAME).step_by(step) {
        let game = Connect4::from_moves(moves).unwrap();
        let expected = expected_score(game.plies(), score);
        let result = search_to_the_end(&mut search, game);
        assert_eq!(result.score, expected, "{moves} (benchmark {score})");
        // The best move leads to the same value for the opponent.
        let child = game.after(result.best_move.unwrap()).unwrap();
        let after = if child.is_over() {
            match child.outcome_for(child.to_move()) {
                Some(PlayerOutcome::Loss) => Score::loss_in(0),
                _ => Score::DRAW,
            }
        } else {
            search_to_the_end(&mut search, child).score
        };
        let back = match (after.win_in_plies(), after.loss_in_plies()) {
            (Some(plies), _) => Score::loss_in(plies + 1),
            (_, Some(plies)) => Score::win_in(plies + 1),
            _ => after,
        };
        assert_eq!(
            back,
            expected,
            "{moves}: after {}",
            result.best_move.unwrap()
        );
        checked += 1;
    }
    checked
}

#[test]
fn expected_scores_follow_the_benchmark_definition() {
    // X to move wins with its 4th stone, at once: 22 - 4 = 18.
    assert_eq!(expected_score(6, 18), Score::win_in(1));
    // O to move (7 plies played) with score -17: X wins with its 5th stone
    // (ply 9), two plies from now.
    assert_eq!(expected_score(7, -17), Score::loss_in(2));
}

#[test]
fn end_game_benchmark_scores_are_exact() {
    assert_eq!(check_end_game_exactly(1), 1000);
}

#[test]
fn reductions_never_claim_a_win_or_loss_that_is_not_there() {
    let search = AlphaBeta::with_table_bytes(connect4::Evaluation::new(), TABLE_BYTES);
    check_proven_scores_are_true(search);
}

#[test]
fn probcut_never_claims_a_win_or_loss_that_is_not_there() {
    // A margin of a fifth of a threat: many cuts, near the proven results too.
    let search = AlphaBeta::with_table_bytes(connect4::Evaluation::new(), TABLE_BYTES)
        .with_probcut(Some(20));
    check_proven_scores_are_true(search);
}

/// Searched to the end of the game by `search`, every seventh end-game
/// position's proven result is true (a win may be slower than the
/// fastest, a loss quicker than the longest).
fn check_proven_scores_are_true(mut search: AlphaBeta<Connect4, connect4::Evaluation>) {
    for (moves, score) in benchmark(END_GAME).step_by(7) {
        let game = Connect4::from_moves(moves).unwrap();
        let expected = expected_score(game.plies(), score);
        let result = search_to_the_end(&mut search, game);
        if let Some(plies) = result.score.win_in_plies() {
            // A proven win may be slower than the fastest one, never false.
            assert!(
                expected.win_in_plies().is_some_and(|best| best <= plies),
                "{moves}"
            );
        }
        if let Some(plies) = result.score.loss_in_plies() {
            assert!(
                expected
                    .loss_in_plies()
                    .is_some_and(|longest| longest <= plies),
                "{moves}"
            );
        }
    }
}

/// Plain negamax to `depth` with the same quiescence rules as the search,
/// in [`Score`] values, `ply` plies below the root.
fn minimax<G: Game, E: Evaluator<G>>(game: &G, depth: u32, eval: &E, ply: u32) -> i32 {
    let moves = game.legal_moves();
    if moves.is_empty() {
        return terminal(game, ply);
    }
    if depth == 0 {
        return quiescence(game, eval, ply);
    }
    moves
        .iter()
        .map(|&mv| -minimax(&game.after(mv).unwrap(), depth - 1, eval, ply + 1))
        .max()
        .unwrap()
}

fn terminal<G: Game>(game: &G, ply: u32) -> i32 {
    match game.outcome_for(game.to_move()).unwrap() {
        PlayerOutcome::Win => Score::win_in(ply).value(),
        PlayerOutcome::Draw => 0,
        PlayerOutcome::Loss => Score::loss_in(ply).value(),
    }
}

/// Stand pat unless every move is tactical; then the tactical moves.
fn quiescence<G: Game, E: Evaluator<G>>(game: &G, eval: &E, ply: u32) -> i32 {
    let moves = game.legal_moves();
    if moves.is_empty() {
        return terminal(game, ply);
    }
    let forced = moves.iter().all(|&mv| game.is_tactical(mv));
    let stand_pat = (!forced).then(|| Score::heuristic(eval.evaluate(game)).value());
    moves
        .iter()
        .filter(|&&mv| game.is_tactical(mv))
        .map(|&mv| -quiescence(&game.after(mv).unwrap(), eval, ply + 1))
        .chain(stand_pat)
        .max()
        .unwrap()
}

/// Positions after `plies` moves chosen by a fixed rule from `seed`.
fn positions<G: Game>(count: u64, plies: u64) -> Vec<G> {
    (0..count)
        .filter_map(|seed| {
            let mut game = G::default();
            for ply in 0..plies {
                let moves = game.legal_moves();
                if moves.is_empty() {
                    return None;
                }
                let pick = (seed * 7 + ply * 13 + seed * ply) as usize % moves.len();
                game.apply(moves[pick]).unwrap();
            }
            (!game.is_over()).then_some(game)
        })
        .collect()
}

/// Without reductions, the value at each depth is the minimax value, with
/// aspiration windows too (a window of 1 fails at almost every iteration,
/// so the widening is what finds the value).
fn check_minimax<G: Game, E: Evaluator<G> + Clone>(games: &[G], eval: E, max_depth: u32) {
    for game in games {
        for (depth, aspiration) in (1..=max_depth)
            .flat_map(|depth| [None, Some(1), Some(30)].map(|aspiration| (depth, aspiration)))
        {
            let mut search = AlphaBeta::with_table_bytes(eval.clone(), TABLE_BYTES)
                .with_reductions(false)
                .with_aspiration(aspiration);
            let result = search.search(game, Limits::depth(depth));
            let expected = minimax(game, result.depth, &eval, 0);
            assert_eq!(
                result.score.value(),
                expected,
                "{game:?} depth {depth}, aspiration {aspiration:?}"
            );
            // The principal variation is legal, and starts with the move.
            assert_eq!(result.pv.first(), result.best_move.as_ref());
            let mut line = game.clone();
            for &mv in &result.pv {
                assert!(line.apply(mv).is_ok(), "{game:?}: pv {:?}", result.pv);
            }
        }
    }
}

#[test]
fn connect4_values_equal_plain_minimax() {
    let games = positions::<Connect4>(12, 8);
    assert!(games.len() >= 10);
    check_minimax(&games, connect4::Evaluation::new(), 5);
}

#[test]
fn checkers_values_equal_plain_minimax_with_quiescence() {
    // Men only (no king can come back to a square): no position recurs at
    // another depth, so the table cannot change a value.
    let games: Vec<Checkers> = positions::<Checkers>(40, 12)
        .into_iter()
        .filter(|game| {
            game.king_count(checkers::Player::Red) + game.king_count(checkers::Player::White) == 0
        })
        .take(12)
        .collect();
    assert!(games.len() >= 10);
    check_minimax(&games, checkers::Evaluation::new(), 4);
}

#[test]
fn draughts_values_equal_plain_minimax_with_quiescence() {
    use rulebook::draughts::{Color, Evaluation, International, InternationalRules};
    // Men only, as for checkers.
    let games: Vec<International> = positions::<International>(40, 14)
        .into_iter()
        .filter(|game| game.king_count(Color::White) + game.king_count(Color::Black) == 0)
        .take(8)
        .collect();
    assert!(games.len() >= 6);
    check_minimax(&games, Evaluation::<InternationalRules>::new(), 3);
}

#[test]
fn probcut_searches_fewer_nodes_at_the_same_depth() {
    // The learned checkers evaluation and the draughts evaluation (where
    // the last player to move wins) suggest a margin; turned off, the same
    // search searches every move of those nodes to the full depth.
    check_probcut_saves_nodes(
        &positions::<Checkers>(6, 14),
        checkers::LearnedEvaluation::shipped(),
        9,
    );
    check_probcut_saves_nodes(
        &positions::<International>(6, 10),
        draughts::Evaluation::<draughts::InternationalRules>::new(),
        7,
    );
    // Breakthrough's and Antidraughts' values move in other steps: no margin.
    assert_eq!(
        draughts::Evaluation::<draughts::BreakthroughRules>::new().probcut_margin(),
        None
    );
    assert_eq!(
        draughts::Evaluation::<draughts::AntidraughtsRules>::new().probcut_margin(),
        None
    );
}

/// `eval` suggests a ProbCut margin, and searching `games` (at least four)
/// to `depth` with it takes fewer nodes in all than without, each search
/// completing the depth with a legal move.
fn check_probcut_saves_nodes<G: Game, E: Evaluator<G> + Copy>(games: &[G], eval: E, depth: u32) {
    assert!(eval.probcut_margin().is_some());
    assert!(games.len() >= 4);
    let mut nodes = [0, 0];
    for game in games {
        for (total, margin) in nodes.iter_mut().zip([None, eval.probcut_margin()]) {
            let mut search = AlphaBeta::with_table_bytes(eval, TABLE_BYTES).with_probcut(margin);
            let result = search.search(game, Limits::depth(depth));
            assert_eq!(result.depth, depth, "{game:?}");
            assert!(game.legal_moves().contains(&result.best_move.unwrap()));
            *total += result.nodes;
        }
    }
    assert!(
        nodes[1] < nodes[0],
        "nodes without and with ProbCut: {nodes:?}"
    );
}

#[test]
fn a_finished_game_has_no_move_and_its_outcome_as_score() {
    let won = Connect4::from_moves("1212121").unwrap();
    for result in [
        AlphaBeta::new(connect4::Evaluation::new()).search(won, Limits::depth(3)),
        Mcts::new(1).search(won, Limits::nodes(10)),
    ] {
        assert_eq!(result.best_move, None);
        assert!(result.pv.is_empty());
        assert_eq!(result.score, Score::loss_in(0));
    }
}

#[test]
fn immediate_wins_are_found_and_announced() {
    // X to move: column 3 (0-based) completes the bottom row.
    let game = Connect4::from_moves("112233").unwrap();
    let result = AlphaBeta::new(connect4::Evaluation::new()).search(game, Limits::depth(8));
    assert_eq!(result.best_move, Column::new(3));
    assert_eq!(result.score, Score::win_in(1));
    // A proven win stops the deepening early.
    assert_eq!(result.depth, 1);
    // Checkers: Red's man on 18 jumps White's last piece, on 23.
    let shot = Checkers::from_fen("B:W23:B18").unwrap();
    let result = AlphaBeta::new(checkers::Evaluation::new()).search(shot, Limits::depth(4));
    assert_eq!(result.best_move.unwrap().to_string(), "18x27");
    assert_eq!(result.score, Score::win_in(1));
}

#[test]
fn limits_stop_the_search() {
    let game = Checkers::default();
    let mut search = AlphaBeta::with_table_bytes(checkers::Evaluation::new(), TABLE_BYTES);
    let result = search.search(game, Limits::depth(5));
    assert_eq!(result.depth, 5);
    let result = search.search(game, Limits::nodes(5000));
    assert!(result.nodes <= 5000);
    assert!(result.depth >= 3, "{result:?}");
    // Even a search stopped at once answers with a legal move.
    for limits in [Limits::nodes(0), Limits::nodes(1), Limits::depth(0)] {
        let result = search.search(game, limits);
        assert!(game.legal_moves().contains(&result.best_move.unwrap()));
        assert_eq!(result.depth, 0);
    }
    let result = search.search(game, Limits::time(std::time::Duration::from_millis(50)));
    assert!(result.best_move.is_some());
}

#[test]
fn a_soft_time_limit_only_keeps_new_iterations_from_starting() {
    use std::time::Duration;
    let game = Checkers::default();
    let mut search = AlphaBeta::with_table_bytes(checkers::Evaluation::new(), TABLE_BYTES);
    // Passed at once: the first iteration still completes, no second one
    // starts, whatever the depth limit allows.
    let soft = Limits::depth(6).with_soft_time(Duration::ZERO);
    let result = search.search(game, soft);
    assert_eq!(result.depth, 1);
    assert!(game.legal_moves().contains(&result.best_move.unwrap()));
    // A soft limit never reached changes nothing.
    let far = Limits::depth(4).with_soft_time(Duration::from_secs(3600));
    assert_eq!(search.search(game, far).depth, 4);
    // On a clock, a single legal move is answered after one iteration;
    // without one, the depth limit is searched.
    let forced = (0..200u64)
        .map(|seed| {
            let mut position = Checkers::default();
            let mut rng = seed;
            for _ in 0..40 {
                let moves = position.legal_moves();
                if moves.len() <= 1 {
                    break;
                }
                rng = rng
                    .wrapping_mul(6364136223846793005)
                    .wrapping_add(1442695040888963407);
                position.apply_unchecked(moves[(rng >> 33) as usize % moves.len()]);
            }
            position
        })
        .find(|position| position.legal_moves().len() == 1)
        .expect("some random line reaches a forced move");
    let clocked = Limits::depth(5).with_soft_time(Duration::from_secs(3600));
    assert_eq!(search.search(forced, clocked).depth, 1);
    assert_eq!(search.search(forced, Limits::depth(5)).depth, 5);
}

#[test]
fn progress_reports_each_depth_and_ends_with_the_result() {
    let mut reports = Vec::new();
    let mut search = AlphaBeta::with_table_bytes(connect4::Evaluation::new(), TABLE_BYTES);
    let result = search.search_with_progress(Connect4::default(), Limits::depth(6), |progress| {
        reports.push((
            progress.depth,
            progress.score,
            progress.pv.to_vec(),
            progress.nodes,
        ));
    });
    let depths: Vec<u32> = reports.iter().map(|report| report.0).collect();
    assert_eq!(depths, [1, 2, 3, 4, 5, 6]);
    assert!(reports.windows(2).all(|pair| pair[0].3 <= pair[1].3));
    let last = reports.last().unwrap();
    assert_eq!(
        (last.1, &last.2, last.3),
        (result.score, &result.pv, result.nodes)
    );
    assert!(result.progress().to_string().starts_with("depth 6  score "));
}

#[test]
fn node_limited_searches_are_deterministic() {
    let game = positions::<Checkers>(1, 10).remove(0);
    let run = || {
        let mut search = AlphaBeta::with_table_bytes(checkers::Evaluation::new(), TABLE_BYTES);
        let result = search.search(game, Limits::nodes(20_000));
        (
            result.best_move,
            result.score,
            result.pv,
            result.nodes,
            result.depth,
        )
    };
    assert_eq!(run(), run());
    let mut search = AlphaBeta::with_table_bytes(checkers::Evaluation::new(), TABLE_BYTES);
    let first = search.search(game, Limits::nodes(20_000));
    search.search(Checkers::default(), Limits::nodes(20_000));
    search.clear();
    let again = search.search(game, Limits::nodes(20_000));
    assert_eq!((first.best_move, first.pv), (again.best_move, again.pv));
}

#[test]
fn the_move_limit_of_the_match_is_a_draw_in_the_search() {
    // Red has two kings against one: better, but every move is a king move.
    let position = Checkers::from_fen("B:WK32:BK1,K5").unwrap();
    let mut search = AlphaBeta::with_table_bytes(checkers::Evaluation::new(), TABLE_BYTES);
    let free = search.search(position, Limits::depth(6));
    assert!(free.score > Score::heuristic(50), "{}", free.score);
    // Under a limit of one move each, one king move each way has been
    // played: Red's next reversible move ends the game in a draw.
    let rules = DrawRules {
        threefold_repetition: false,
        move_limit: Some(1),
    };
    let start = Checkers::from_fen("W:WK28:BK1,K5").unwrap();
    let mut game = Match::with_rules(start, rules);
    game.play(start.parse_move("28-32").unwrap()).unwrap();
    assert_eq!(game.position(), &position);
    assert_eq!(game.reversible_plies(), 1);
    let root = Root::from_match(&game);
    assert_eq!(root.reversible_plies(), 1);
    assert_eq!(root.earlier_keys(), [start.key()]);
    let limited = search.search(&game, Limits::depth(6));
    assert_eq!(limited.score, Score::DRAW);
}

#[test]
fn the_side_behind_repeats_the_position_for_a_draw() {
    // White's lone king against Red's two: after Red 1-6, White 32-27,
    // Red 6-1, White can go back to 32 and repeat the start.
    let start = Checkers::from_fen("B:WK32:BK1,K15").unwrap();
    let mut game = Match::new(start);
    for text in ["1-6", "32-27", "6-1"] {
        let mv = game.position().parse_move(text).unwrap();
        game.play(mv).unwrap();
    }
    let mut search = AlphaBeta::with_table_bytes(checkers::Evaluation::new(), TABLE_BYTES);
    let without_history = search.search(*game.position(), Limits::depth(4));
    assert!(
        without_history.score < Score::heuristic(-50),
        "{}",
        without_history.score
    );
    let with_history = search.search(&game, Limits::depth(4));
    assert_eq!(with_history.best_move.unwrap().to_string(), "27-32");
    assert_eq!(with_history.score, Score::DRAW);
}

#[test]
fn mcts_is_seeded_and_finds_wins_and_blocks() {
    // X wins at once in column 3.
    let win = Connect4::from_moves("112233").unwrap();
    let result = Mcts::new(5).search(win, Limits::nodes(3000));
    assert_eq!(result.best_move, Column::new(3));
    assert_eq!(result.score, Score::win_in(1));
    // O must block column 3 (0-based) or lose at once.
    let block = Connect4::from_moves("11223").unwrap();
    let result = Mcts::new(5).search(block, Limits::nodes(5000));
    assert_eq!(result.best_move, Column::new(3));
    // The same seed and limit: the same search; another seed searches
    // differently.
    let game = positions::<Checkers>(1, 6).remove(0);
    let run = |seed| {
        let result = Mcts::new(seed).search(game, Limits::nodes(2000));
        (result.best_move, result.score, result.pv, result.nodes)
    };
    assert_eq!(run(9), run(9));
    assert_eq!(run(9).3, 2000);
    assert_ne!(run(9).2, run(10).2);
}

#[test]
fn mcts_stays_within_its_node_budget() {
    let game = Checkers::default();
    // No node or time limit: the search stops when the tree is full.
    let result = Mcts::with_node_budget(3, 1000).search(game, Limits::NONE);
    assert!(result.nodes > 100, "{}", result.nodes);
    assert!(game.legal_moves().contains(&result.best_move.unwrap()));
    // A one-node tree still plays a legal move.
    let result = Mcts::with_node_budget(3, 1).search(game, Limits::nodes(50));
    assert!(game.legal_moves().contains(&result.best_move.unwrap()));
    assert_eq!(result.nodes, 50);
}

/// `Game::is_quiet`'s contract, on positions along many random lines: quiet
/// exactly when there are moves and none is tactical (both games that
/// answer it from their bitboards).
fn check_is_quiet<G: Game>() {
    let mut quiet = 0;
    for plies in [0, 5, 11, 20, 31, 45, 60] {
        for game in positions::<G>(60, plies) {
            let moves = game.legal_moves();
            let expected = !moves.is_empty() && !moves.iter().any(|&mv| game.is_tactical(mv));
            assert_eq!(game.is_quiet(), expected, "{game:?}");
            quiet += usize::from(expected);
        }
    }
    assert!(quiet > 0, "some positions are quiet");
}

#[test]
fn is_quiet_means_moves_and_none_tactical() {
    check_is_quiet::<Checkers>();
    check_is_quiet::<rulebook::draughts::International>();
    check_is_quiet::<rulebook::draughts::Russian>();
    // The default answer is "not known".
    assert!(!Connect4::default().is_quiet());
}
