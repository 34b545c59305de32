//! `Match` with the optional automatic draw rules: threefold repetition and
//! the move limit (moves per side without an irreversible move). Driven with
//! the tiny walk game of `match_support`, whose `L`/`R` steps are reversible
//! and whose `J` jump is not.

use crate::match_support;

use crate::match_support::{Side, Step, Walk};
use rulebook::{DrawRules, EndReason, Match, MatchError, MatchResult, Outcome};

const REPETITION_ONLY: DrawRules = DrawRules {
    threefold_repetition: true,
    move_limit: None,
};

fn play_all(game: &mut Match<Walk>, moves: &[Step]) {
    for &mv in moves {
        game.play(mv).expect("legal move");
    }
}

fn draw_by(
    reason: EndReason<match_support::ReachedGoal>,
) -> Option<MatchResult<Side, match_support::ReachedGoal>> {
    Some(MatchResult {
        outcome: Outcome::Draw,
        reason,
    })
}

#[test]
fn draw_rules_are_off_by_default() {
    assert_eq!(DrawRules::default(), DrawRules::NONE);
    assert_eq!(
        DrawRules::default(),
        DrawRules {
            threefold_repetition: false,
            move_limit: None
        }
    );
    let mut game = Match::new(Walk::default());
    // Shuffle R L R L ... long past any repetition or limit.
    for _ in 0..100 {
        play_all(&mut game, &[Step::R, Step::L]);
    }
    assert_eq!(game.result(), None);
    assert_eq!(game.history().len(), 200);
}

#[test]
fn the_tournament_rules_are_repetition_and_forty_moves() {
    assert_eq!(
        DrawRules::TOURNAMENT,
        DrawRules {
            threefold_repetition: true,
            move_limit: Some(40)
        }
    );
}

#[test]
fn the_third_occurrence_of_a_position_draws() {
    let mut game = Match::with_rules(Walk::default(), REPETITION_ONLY);
    // The start (A to move at 0) occurs a second time after R L...
    play_all(&mut game, &[Step::R, Step::L]);
    assert_eq!(game.result(), None);
    // ...and a third time after R L again.
    play_all(&mut game, &[Step::R]);
    assert_eq!(game.result(), None);
    play_all(&mut game, &[Step::L]);
    let result = game.result();
    assert_eq!(result, draw_by(EndReason::Repetition));
    assert_eq!(result.unwrap().to_string(), "Draw by threefold repetition");
    assert_eq!(game.play(Step::R), Err(MatchError::GameOver));
}

#[test]
fn positions_before_an_irreversible_move_are_not_counted() {
    let mut game = Match::with_rules(Walk::default(), REPETITION_ONLY);
    // At 1 with B to move: once. Then the jump makes everything new.
    play_all(&mut game, &[Step::R, Step::L, Step::R, Step::J]);
    // Square 3, one jump, A to move: once. Shuffle: twice, three times.
    play_all(&mut game, &[Step::L, Step::R]);
    assert_eq!(game.result(), None);
    play_all(&mut game, &[Step::L, Step::R]);
    assert_eq!(game.result(), draw_by(EndReason::Repetition));
}

#[test]
fn the_move_limit_counts_moves_per_side_without_an_irreversible_move() {
    let rules = DrawRules {
        threefold_repetition: false,
        move_limit: Some(3),
    };
    let mut game = Match::with_rules(Walk::default(), rules);
    // 5 reversible plies: not yet 3 moves for each side.
    play_all(&mut game, &[Step::R, Step::L, Step::R, Step::L, Step::R]);
    assert_eq!(game.result(), None);
    // The 6th reversible ply completes 3 moves per side.
    play_all(&mut game, &[Step::L]);
    let result = game.result();
    assert_eq!(result, draw_by(EndReason::MoveLimit));
    assert_eq!(result.unwrap().to_string(), "Draw by the move limit");
}

#[test]
fn an_irreversible_move_resets_the_move_limit() {
    let rules = DrawRules {
        threefold_repetition: false,
        move_limit: Some(2),
    };
    let mut game = Match::with_rules(Walk::default(), rules);
    play_all(&mut game, &[Step::R, Step::L, Step::R, Step::J]);
    // The jump reset the count: 3 plies since, under the limit of 4.
    play_all(&mut game, &[Step::L, Step::R, Step::L]);
    assert_eq!(game.result(), None);
    play_all(&mut game, &[Step::R]);
    assert_eq!(game.result(), draw_by(EndReason::MoveLimit));
}

#[test]
fn a_move_limit_of_zero_means_no_limit() {
    let rules = DrawRules {
        threefold_repetition: false,
        move_limit: Some(0),
    };
    let mut game = Match::with_rules(Walk::default(), rules);
    play_all(&mut game, &[Step::R, Step::L, Step::R, Step::L]);
    assert_eq!(game.result(), None);
}

#[test]
fn a_win_by_the_rules_beats_the_draw_rules() {
    let rules = DrawRules {
        threefold_repetition: false,
        move_limit: Some(2),
    };
    let near_goal = Walk {
        square: match_support::GOAL - 4,
        jumps: 0,
        to_move: Side::A,
    };
    let mut game = Match::with_rules(near_goal, rules);
    // Four reversible plies: the fourth reaches both the move limit (2
    // moves per side) and the goal. The win stands.
    play_all(&mut game, &[Step::R, Step::R, Step::R]);
    assert_eq!(game.result(), None);
    play_all(&mut game, &[Step::R]);
    assert_eq!(
        game.result(),
        Some(MatchResult {
            outcome: Outcome::Win(Side::B),
            reason: EndReason::Rules(match_support::ReachedGoal)
        })
    );
}

#[test]
fn repetition_is_checked_before_the_move_limit() {
    let rules = DrawRules {
        threefold_repetition: true,
        move_limit: Some(2),
    };
    let mut game = Match::with_rules(Walk::default(), rules);
    // After R L R L: 4 reversible plies (the limit) and the start's third
    // occurrence at once.
    play_all(&mut game, &[Step::R, Step::L, Step::R, Step::L]);
    assert_eq!(game.result(), draw_by(EndReason::Repetition));
}

#[test]
fn undoing_the_drawing_move_reopens_the_game() {
    let mut game = Match::with_rules(Walk::default(), REPETITION_ONLY);
    play_all(&mut game, &[Step::R, Step::L, Step::R, Step::L]);
    let drawn = game.clone();
    assert_eq!(game.undo(), Ok(Step::L));
    assert_eq!(game.result(), None);
    game.play(Step::R).unwrap();
    assert_eq!(game.result(), None);
    game.undo().unwrap();
    game.undo().unwrap();
    // The redo list was replaced by the new move, so rebuild the draw.
    play_all(&mut game, &[Step::R, Step::L]);
    assert_eq!(game, drawn);
}

mod incremental_counters {
    //! The draw counters that `Match` keeps move by move agree with a
    //! recount from the whole history, through plays, undos and redos.

    use proptest::prelude::*;
    use proptest::sample::Index;
    use rulebook::checkers::Checkers;
    use rulebook::{DrawRules, Game, Match};

    /// Kings and men on both sides: king moves repeat positions, man moves
    /// and captures are irreversible.
    const START: &str = "B:WK32,K28,21,22:BK1,K5,10,11";

    #[derive(Clone, Debug)]
    enum Step {
        Play(Index),
        Undo,
        Redo,
    }

    fn steps() -> impl Strategy<Value = Vec<Step>> {
        let step = prop_oneof![
            6 => any::<Index>().prop_map(Step::Play),
            2 => Just(Step::Undo),
            1 => Just(Step::Redo),
        ];
        proptest::collection::vec(step, 0..160)
    }

    /// The counters recomputed from `positions()` and `history()` alone.
    fn recount(game: &Match<Checkers>) -> (u32, u32, usize) {
        let positions = game.positions();
        let moves = game.history();
        let reversible = (0..moves.len())
            .rev()
            .take_while(|&index| !positions[index].is_irreversible(moves[index]))
            .count();
        let current = game.position();
        let repeatable = &positions[positions.len() - 1 - reversible..];
        let repetitions = repeatable.iter().filter(|p| *p == current).count();
        (reversible as u32, repetitions as u32, repeatable.len())
    }

    proptest! {
        #[test]
        fn counters_match_a_recount(steps in steps(), limit in 2u32..8, threefold in any::<bool>()) {
            let rules = DrawRules { threefold_repetition: threefold, move_limit: Some(limit) };
            let start = Checkers::from_fen(START).unwrap();
            let mut game = Match::with_rules(start, rules);
            for step in steps {
                match step {
                    Step::Play(index) => {
                        let moves = game.position().legal_moves();
                        if game.is_over() || moves.is_empty() {
                            continue;
                        }
                        game.play(moves[index.index(moves.len())]).unwrap();
                    }
                    Step::Undo => {
                        let _ = game.undo();
                    }
                    Step::Redo => {
                        let _ = game.redo();
                    }
                }
                let (reversible, repetitions, repeatable) = recount(&game);
                prop_assert_eq!(game.reversible_plies(), reversible);
                prop_assert_eq!(game.repetitions(), repetitions);
                prop_assert_eq!(game.repeatable_positions().len(), repeatable);
                prop_assert_eq!(game.positions().len(), game.history().len() + 1);

                // The same moves played from scratch give the same match
                // state and result.
                let mut replayed = Match::with_rules(start, rules);
                for &mv in game.history() {
                    replayed.play(mv).unwrap();
                }
                prop_assert_eq!(replayed.result(), game.result());
                prop_assert_eq!(replayed.reversible_plies(), game.reversible_plies());
                prop_assert_eq!(replayed.repetitions(), game.repetitions());
            }
        }
    }

    #[test]
    fn a_huge_move_limit_costs_nothing_per_move() {
        // 20,000 king shuffles under the largest limit: each move updates
        // the counters in constant time (the old walk-back took seconds).
        let rules = DrawRules {
            threefold_repetition: false,
            move_limit: Some(u32::MAX),
        };
        let mut game = Match::with_rules(Checkers::from_fen("B:WK32:BK1").unwrap(), rules);
        let shuffle = ["1-6", "32-27", "6-1", "27-32"];
        for ply in 0..20_000 {
            let mv = game.position().parse_move(shuffle[ply % 4]).unwrap();
            game.play(mv).unwrap();
        }
        assert_eq!(game.reversible_plies(), 20_000);
        assert_eq!(game.repetitions(), 5_001);
        assert_eq!(game.repeatable_positions().len(), 20_001);
        assert_eq!(game.result(), None);
    }
}
