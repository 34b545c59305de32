//! The engines with the databases (`Engine::with_endgame`,
//! `AlphaBeta::with_oracle`): database wins and losses found inside the
//! search agree with the databases, a root the databases hold is played
//! from them, and won endings are played to the win.

use std::sync::{Arc, OnceLock};

use rulebook::checkers::{self, Checkers};
use rulebook::draughts::{self, English, EnglishRules, Evaluation};
use rulebook::endgame::{Tablebase, Value};
use rulebook::search::{AlphaBeta, Engine, Limits, Score, Searcher};
use rulebook::{DrawRules, Game, Match, Outcome, PlayerOutcome, SplitMix64};

/// English checkers' databases up to 3 pieces, built once for the file.
fn three_pieces() -> Arc<Tablebase<EnglishRules>> {
    static TABLEBASE: OnceLock<Arc<Tablebase<EnglishRules>>> = OnceLock::new();
    Arc::clone(
        TABLEBASE.get_or_init(|| {
            Arc::new(Tablebase::<EnglishRules>::build_in_memory(3, |_| {}).unwrap())
        }),
    )
}

/// Random English positions of exactly `pieces` pieces, either side to
/// move, not over (seeded: the same on every run).
fn sample(seed: u64, count: usize, pieces: usize) -> Vec<English> {
    let mut random = SplitMix64::new(seed);
    let mut positions = Vec::new();
    while positions.len() < count {
        let mut squares: Vec<u32> = (1..=32).collect();
        let mut sides = [Vec::new(), Vec::new()];
        for i in 0..pieces {
            let square = squares.swap_remove(random.below(squares.len()));
            let white = i % 2 == 0;
            let crowning = if white { 1..=4 } else { 29..=32 };
            let king = random.below(3) == 0 || crowning.contains(&square);
            let label = if king {
                format!("K{square}")
            } else {
                square.to_string()
            };
            sides[usize::from(!white)].push(label);
        }
        let turn = if random.below(2) == 0 { "W" } else { "B" };
        let fen = format!("{turn}:W{}:B{}", sides[0].join(","), sides[1].join(","));
        if let Ok(position) = English::from_fen(&fen) {
            if !position.legal_moves().is_empty() {
                positions.push(position);
            }
        }
    }
    positions
}

/// A search with the databases up to 2 pieces, on 3-piece positions
/// (outside them, so searched): every database win or loss it reports
/// is the position's value in the databases up to 3 pieces; and it
/// reports some (the databases are probed inside the search).
#[test]
fn database_scores_found_in_the_search_agree_with_the_larger_databases() {
    let two = Arc::new(Tablebase::<EnglishRules>::build_in_memory(2, |_| {}).unwrap());
    let three = three_pieces();
    let mut search = AlphaBeta::new(Evaluation::<EnglishRules>::new()).with_oracle(two);
    let mut database_scores = 0;
    for position in sample(31, 150, 3) {
        search.clear();
        let result = search.search(position, Limits::depth(3));
        let score = result.score;
        let expected = three.probe(&position).unwrap();
        if score.database_win_in_plies().is_some() || score.win_in_plies().is_some() {
            assert_eq!(expected, Value::Win, "{}: {score}", position.to_fen());
        }
        if score.database_loss_in_plies().is_some() || score.loss_in_plies().is_some() {
            assert_eq!(expected, Value::Loss, "{}: {score}", position.to_fen());
        }
        if score.database_win_in_plies().is_some() || score.database_loss_in_plies().is_some() {
            database_scores += 1;
        }
        assert!(result.depth > 0, "3 pieces are outside the databases");
    }
    // Three at depth 3 when this was written (most lines of three pieces
    // take no piece within three plies).
    assert!(database_scores > 0, "{database_scores} database scores");
}

/// At a root the databases hold, the engine plays their move at once:
/// for a won position, one to a position lost for the opponent; for a
/// drawn one, one the opponent cannot win.
#[test]
fn at_a_database_root_the_engine_keeps_the_value() {
    let tablebase = three_pieces();
    let mut engine = draughts::engine::<EnglishRules>(3)
        .unwrap()
        .with_endgame(tablebase.clone());
    for position in sample(7, 200, 3) {
        let value = tablebase.probe(&position).unwrap();
        let thought = engine.think(position);
        assert_eq!(thought.depth, 0, "played from the databases");
        let after = position.after(thought.best_move.unwrap()).unwrap();
        let reply = tablebase.probe(&after).unwrap();
        assert_eq!(reply, value.flipped(), "{}", position.to_fen());
        let expected_score = match value {
            Value::Win => Score::database_win(0),
            Value::Draw => Score::DRAW,
            Value::Loss => Score::database_loss(0),
        };
        assert_eq!(thought.score, expected_score);
    }
}

/// Plays `game` to its end (or `limit` plies): `first` plays the side to
/// move at the start, `second` the other. Returns the result.
fn play<G: Game>(
    mut game: Match<G>,
    first: &mut Engine<G>,
    second: &mut Engine<G>,
    limit: usize,
) -> Option<Outcome<G::Player>> {
    let first_side = game.to_move();
    while game.result().is_none() && game.history().len() < limit {
        let engine = if game.to_move() == first_side {
            &mut *first
        } else {
            &mut *second
        };
        let mv = engine.think(&game).best_move.unwrap();
        game.play(mv).unwrap();
    }
    game.result().map(|result| result.outcome)
}

/// Won 3-piece checkers endings (two pieces against one, sampled), the
/// winner the engine with the databases, the loser the same engine
/// without: every one is won under the tournament draw rules.
#[test]
fn the_engine_with_the_databases_wins_won_checkers_endings() {
    let tablebase = three_pieces();
    let mut won = 0;
    for position in sample(11, 400, 3) {
        if tablebase.probe(&position) != Some(Value::Win) || won == 4 {
            continue;
        }
        let checkers = Checkers::from_fen(&position.to_fen()).unwrap();
        let mut winner = checkers::engine(3).unwrap().with_endgame(tablebase.clone());
        let mut loser = checkers::engine(3).unwrap();
        let game = Match::with_rules(checkers, DrawRules::TOURNAMENT);
        let outcome = play(game, &mut winner, &mut loser, 300);
        assert_eq!(
            outcome,
            Some(Outcome::Win(checkers.to_move())),
            "{}",
            position.to_fen()
        );
        won += 1;
    }
    assert_eq!(won, 4);
}

/// The oracle's answers as the search sees them, for Checkers and the
/// same English position.
#[test]
fn checkers_and_english_get_the_same_verdict() {
    let tablebase = three_pieces();
    let checkers_oracle: &dyn rulebook::search::Oracle<Checkers> = &*tablebase;
    let english_oracle: &dyn rulebook::search::Oracle<English> = &*tablebase;
    for position in sample(3, 100, 3) {
        let checkers = Checkers::from_fen(&position.to_fen()).unwrap();
        let outcome = english_oracle.probe(&position);
        assert_eq!(checkers_oracle.probe(&checkers), outcome);
        assert_eq!(
            outcome,
            tablebase.probe(&position).map(Value::outcome),
            "{}",
            position.to_fen()
        );
    }
    let far = Checkers::default();
    assert_eq!(checkers_oracle.probe(&far), None);
    assert_eq!(
        checkers_oracle.probe(&Checkers::from_fen("W:WK1,K2:BK32").unwrap()),
        Some(PlayerOutcome::Win)
    );
}

/// Source: American Checker Federation, "Standard Positions: winning 1st
/// Position" (acfcheckers.com/std2.html): White king 15 and man 20
/// against Red king 28 and man 12, White to move wins. The engine with the
/// databases (up to 4 pieces) plays White and wins it under the
/// tournament draw rules, against the engine with the databases and
/// against the engine without.
#[test]
#[ignore = "long: the long-checks run"]
fn the_engine_with_the_databases_wins_the_first_position() {
    let tablebase = Arc::new(Tablebase::<EnglishRules>::build_in_memory(4, |_| {}).unwrap());
    let first = Checkers::from_fen("W:WK15,20:BK28,12").unwrap();
    for defender_has_databases in [true, false] {
        let mut winner = checkers::engine(4).unwrap().with_endgame(tablebase.clone());
        let mut defender = checkers::engine(4).unwrap();
        if defender_has_databases {
            defender = defender.with_endgame(tablebase.clone());
        }
        let game = Match::with_rules(first, DrawRules::TOURNAMENT);
        let outcome = play(game, &mut winner, &mut defender, 300);
        assert_eq!(
            outcome,
            Some(Outcome::Win(checkers::Player::White)),
            "defender with the databases: {defender_has_databases}"
        );
    }
}
