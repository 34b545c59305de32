//! The perfect level of the Connect Four computer player
//! (`connect4::engine(PERFECT_LEVEL)`, the `PerfectPlayer`) playing in a
//! `Match`: its scores are the solver's, two perfect players reproduce a
//! position's exact score, it wins every won position whatever the
//! opponent does, and it judges draw offers by the exact outcome.

use rulebook::connect4::{
    self, Column, Connect4, PerfectPlayer, Player, Solver, MAX_LEVEL, PERFECT_LEVEL,
};
use rulebook::search::{Engine, Limits, Score, Searcher};
use rulebook::{Game, Match, Outcome, SplitMix64};

const MIDDLE_EASY: &str = include_str!("../data/Test_L2_R1");

/// Stones each side places in a full game: a win with stone `s` scores
/// `STONES + 1 - s` for the winner.
const STONES: i32 = 21;

/// `(game, score)` of the first `count` lines of the middle-game file that
/// `keep` accepts.
fn middle_positions(count: usize, keep: impl Fn(&Connect4, i32) -> bool) -> Vec<(Connect4, i32)> {
    let found: Vec<(Connect4, i32)> = MIDDLE_EASY
        .lines()
        .map(|line| {
            let (moves, score) = line.split_once(' ').expect("\"<moves> <score>\"");
            let game = Connect4::from_moves(moves).expect("valid moves");
            (game, score.trim().parse().expect("integer"))
        })
        .filter(|(game, score)| keep(game, *score))
        .take(count)
        .collect();
    assert_eq!(found.len(), count);
    found
}

/// The score the game that ended in `end` gives the player to move in
/// the start position, on the solver's scale.
fn final_score(end: &Connect4, start_mover: Player) -> i32 {
    match end.outcome() {
        Some(Outcome::Win(winner)) => {
            let winner_stones = if winner == Player::X {
                (end.plies() as i32 + 1) / 2
            } else {
                end.plies() as i32 / 2
            };
            let magnitude = STONES + 1 - winner_stones;
            if winner == start_mover {
                magnitude
            } else {
                -magnitude
            }
        }
        Some(Outcome::Draw) => 0,
        None => panic!("the game is not over: {end:?}"),
    }
}

#[test]
fn the_perfect_level_is_the_top_level() {
    assert_eq!(PERFECT_LEVEL, MAX_LEVEL);
    let engine = connect4::engine(PERFECT_LEVEL).unwrap();
    assert_eq!(engine.limits(), Limits::NONE);
}

/// Perfect against perfect from a position ends exactly as the position's
/// score says, and every answer reports that score (as a proven win, loss
/// or draw), the plies left to the end, and its move as the whole
/// principal variation.
#[test]
fn two_perfect_players_reproduce_the_exact_score() {
    let mut engine = connect4::engine(PERFECT_LEVEL).unwrap();
    for (start, score) in middle_positions(30, |_, _| true) {
        engine.new_game();
        let mut game = Match::new(start);
        let mut expected_end = None;
        while !game.position().is_over() {
            let thought = engine.think(&game);
            let mv = thought.best_move.expect("a move in an unfinished game");
            assert_eq!(thought.pv, [mv]);
            let plies = game.position().plies();
            let end = plies + thought.depth;
            // The end announced never moves under perfect play.
            assert_eq!(*expected_end.get_or_insert(end), end, "{start:?}");
            // Exact: a proven result or a draw, never a heuristic value.
            assert_eq!(thought.score == Score::DRAW, score == 0, "{start:?}");
            assert!(thought.score == Score::DRAW || thought.score.is_decisive());
            game.play(mv).unwrap();
        }
        let end = *game.position();
        assert_eq!(final_score(&end, start.to_move()), score, "{start:?}");
        assert_eq!(Some(end.plies()), expected_end, "{start:?}");
        // At the end, no move and the outcome as the score.
        let over = engine.think(&game);
        assert_eq!(over.best_move, None);
        assert!(over.pv.is_empty());
    }
}

/// Each answer's score is the solver's exact score, converted: a win
/// (loss) in as many plies as the winner's last stone is away.
#[test]
fn scores_are_the_solvers_as_proven_distances() {
    let mut player = PerfectPlayer::new();
    let mut solver = Solver::with_table_bits(20).unwrap();
    for (game, score) in middle_positions(40, |_, _| true) {
        let result = player.search(game, Limits::depth(1));
        assert_eq!(solver.score(&game), Ok(score));
        let best = solver.best_moves(&game).unwrap();
        assert!(best.contains(&result.best_move.unwrap()), "{game:?}");
        let plies = game.plies();
        let expected = if score > 0 {
            // The mover has placed plies / 2 stones and wins with stone
            // 22 - score, its (22 - score - plies / 2)-th from now, on odd
            // plies from now.
            let stones_to_go = STONES as u32 + 1 - score as u32 - plies / 2;
            Score::win_in(2 * stones_to_go - 1)
        } else if score < 0 {
            let stones_to_go = STONES as u32 + 1 - (-score) as u32 - plies.div_ceil(2);
            Score::loss_in(2 * stones_to_go)
        } else {
            Score::DRAW
        };
        assert_eq!(result.score, expected, "{game:?} {score}");
    }
}

/// Won positions for the mover: the perfect player wins every game from
/// them against a random and against a greedy opponent, never later than
/// the score promises.
#[test]
fn the_perfect_player_wins_every_won_position() {
    let mut engine = connect4::engine(PERFECT_LEVEL).unwrap();
    let won = middle_positions(24, |_, score| score > 0);
    for (i, (start, score)) in won.into_iter().enumerate() {
        for greedy in [false, true] {
            engine.new_game();
            let mut rng = SplitMix64::new(i as u64);
            let me = start.to_move();
            let mut game = Match::new(start);
            while !game.position().is_over() {
                let position = *game.position();
                let mv = if position.to_move() == me {
                    engine.think(&game).best_move.unwrap()
                } else {
                    opponent_move(&position, greedy, &mut rng)
                };
                game.play(mv).unwrap();
            }
            let end = *game.position();
            assert_eq!(end.outcome(), Some(Outcome::Win(me)), "{start:?}");
            assert!(final_score(&end, me) >= score, "{start:?}");
        }
    }
}

/// A random move, or (greedy) a move that wins at once, else one after
/// which the opponent cannot win at once, else a random one.
fn opponent_move(game: &Connect4, greedy: bool, rng: &mut SplitMix64) -> Column {
    let moves = game.legal_moves();
    let random = moves[rng.below(moves.len())];
    if !greedy {
        return random;
    }
    let wins = |g: &Connect4, mv: Column| g.after(mv).is_ok_and(|c| c.outcome().is_some());
    if let Some(&mv) = moves.iter().find(|&&mv| wins(game, mv)) {
        return mv;
    }
    moves
        .iter()
        .copied()
        .find(|&mv| {
            let after = game.after(mv).unwrap();
            !after.legal_moves().iter().any(|&reply| wins(&after, reply))
        })
        .unwrap_or(random)
}

/// The perfect engine accepts a draw exactly when its side is lost.
#[test]
fn draw_offers_are_judged_by_the_exact_outcome() {
    let mut engine: Engine<Connect4> = connect4::engine(PERFECT_LEVEL).unwrap();
    for (start, score) in middle_positions(20, |_, _| true) {
        // The offer comes from the player to move; the engine is the other
        // side, whose score is the opposite.
        let game = Match::new(start);
        assert_eq!(engine.accepts_draw(&game), -score < 0, "{start:?} {score}");
    }
}

/// Games from the empty board against random and greedy opponents, the
/// perfect player's moves coming from the builtin book and then the
/// solver.
fn whole_games(perfect: Player, games: u64, mut check: impl FnMut(&Connect4, &[(u32, Score)])) {
    let mut engine = connect4::engine(PERFECT_LEVEL).unwrap();
    for seed in 0..games {
        engine.new_game();
        let mut rng = SplitMix64::new(seed);
        let greedy = seed % 2 == 1;
        let mut game = Match::new(Connect4::new());
        // (plies before the move, score) of each of the perfect player's
        // answers.
        let mut thoughts = Vec::new();
        while !game.position().is_over() {
            let position = *game.position();
            let mv = if position.to_move() == perfect {
                let thought = engine.think(&game);
                thoughts.push((position.plies(), thought.score));
                thought.best_move.unwrap()
            } else {
                opponent_move(&position, greedy, &mut rng)
            };
            game.play(mv).unwrap();
        }
        check(game.position(), &thoughts);
    }
}

/// As X from the empty board the perfect player wins every game.
#[test]
#[ignore = "release: whole games from the empty board (cargo test --release -- --ignored)"]
fn perfect_x_wins_whole_games() {
    whole_games(Player::X, 16, |end, thoughts| {
        assert_eq!(end.outcome(), Some(Outcome::Win(Player::X)), "{end:?}");
        // Won from the first move on, and never later than announced.
        for &(plies, score) in thoughts {
            let distance = score.win_in_plies().expect("a proven win");
            assert!(end.plies() <= plies + distance, "{end:?}");
        }
    });
}

/// As O from the empty board the perfect player never loses a game it
/// could hold, and never loses sooner than its score says (the longest
/// resistance against a perfect X; weaker ones take longer).
#[test]
#[ignore = "release: whole games from the empty board (cargo test --release -- --ignored)"]
fn perfect_o_never_loses_what_it_can_hold() {
    whole_games(Player::O, 16, |end, thoughts| {
        let lost = end.outcome() == Some(Outcome::Win(Player::X));
        for &(plies, score) in thoughts {
            match score.loss_in_plies() {
                // A loss comes no sooner than announced; a weak X may blunder
                // the win away, and then O wins as soon as it can.
                Some(distance) => assert!(!lost || end.plies() >= plies + distance, "{end:?}"),
                None => assert!(!lost, "lost a position scored {score}: {end:?}"),
            }
        }
    });
}
