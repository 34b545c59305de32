//! The learning-agent interface (`rulebook::agent::Environment`) of each
//! game, against the games' own API: masks against `legal_moves`,
//! observations against the board, actions against the moves, and the
//! documented encodings on hand-checked positions. (The generic rules run
//! on random playouts in `tests/generic/conformance.rs`.)

use rulebook::agent::{ActionError, Buffer, BufferSizeError, Environment, Progress};
use rulebook::checkers::{self, Checkers, HopByHop, Move, Piece, Player, Role, Square};
use rulebook::connect4::{self, Column, Connect4};
use rulebook::Game;

fn square(number: u8) -> Square {
    Square::new(number).unwrap()
}

/// Positions from fixed-rule play: `count` games, every position of each.
fn positions<G: Game>(count: usize, plies: usize) -> Vec<G> {
    let mut all = Vec::new();
    for game in 0..count {
        let mut position = G::default();
        all.push(position.clone());
        for ply in 0..plies {
            let moves = position.legal_moves();
            if moves.is_empty() {
                break;
            }
            position.apply_unchecked(moves[(game * 7 + ply * 13 + ply / 3) % moves.len()]);
            all.push(position.clone());
        }
    }
    all
}

fn mask<E: Environment>(env: &E) -> Vec<bool> {
    let mut mask = vec![false; env.action_count()];
    env.legal_action_mask(&mut mask).unwrap();
    mask
}

fn observation<E: Environment>(env: &E) -> Vec<f32> {
    let mut observation = vec![0.5; env.observation_shape().len()];
    env.write_observation(&mut observation).unwrap();
    observation
}

// ---------------------------------------------------------------------------
// Connect Four.

#[test]
fn connect4_actions_are_the_columns() {
    for position in positions::<Connect4>(20, 42) {
        let mask = mask(&position);
        let legal: Vec<usize> = position.legal_moves().iter().map(|c| c.index()).collect();
        let marked: Vec<usize> = (0..7).filter(|&a| mask[a]).collect();
        assert_eq!(marked, legal, "{position:?}");
        for column in Column::ALL {
            let actions = position.actions_of_move(column);
            if legal.contains(&column.index()) {
                assert_eq!(&*actions.unwrap(), &[column.index()]);
                let mut env = position;
                assert_eq!(
                    env.apply_action(column.index()),
                    Ok(Progress::Completed(column))
                );
                assert_eq!(env, position.after(column).unwrap());
            } else {
                let mut env = position;
                let error = env.apply_action(column.index()).unwrap_err();
                let expected = if position.is_over() {
                    ActionError::GameOver
                } else {
                    ActionError::Illegal {
                        action: column.index(),
                    }
                };
                assert_eq!(error, expected);
                assert_eq!(env, position);
                assert!(actions.is_err());
            }
        }
    }
}

#[test]
fn connect4_observation_is_the_board_from_the_movers_side() {
    let shape = connect4::OBSERVATION_SHAPE;
    assert_eq!(shape.dims(), [2, 6, 7]);
    for position in positions::<Connect4>(10, 42) {
        let observation = observation(&position);
        let mover = position.to_move();
        for row in 0..6 {
            for col in 0..7 {
                let piece = position.board().piece_at(row, col);
                let own = observation[shape.index(connect4::OWN_PLANE, row, col).unwrap()];
                let theirs = observation[shape.index(connect4::OPPONENT_PLANE, row, col).unwrap()];
                assert_eq!(own == 1.0, piece == Some(mover), "{position:?} {row} {col}");
                assert_eq!(theirs == 1.0, piece == Some(mover.opponent()));
                assert!(own == 0.0 || own == 1.0);
            }
        }
        let tokens: f32 = observation.iter().sum();
        assert_eq!(tokens as usize, position.board().token_count());
    }
}

#[test]
fn connect4_hand_checked_encoding() {
    // X in column 3, O in column 3 on top: X to move sees its own token at
    // row 0 and O's at row 1 of column 3 (row 0 at the bottom).
    let env = Connect4::from_moves("44").unwrap();
    let observation = observation(&env);
    assert_eq!(observation[3], 1.0, "own plane, row 0, column 3");
    assert_eq!(
        observation[42 + 7 + 3],
        1.0,
        "opponent plane, row 1, column 3"
    );
    assert_eq!(observation.iter().sum::<f32>(), 2.0);
    // A full column is masked out.
    let env = Connect4::from_moves("111111").unwrap();
    assert_eq!(
        mask(&env),
        [false, true, true, true, true, true, true],
        "column 0 is full"
    );
    let mut env = env;
    assert_eq!(env.apply_action(0), Err(ActionError::Illegal { action: 0 }));
    assert_eq!(
        env.apply_action(7),
        Err(ActionError::OutOfRange {
            action: 7,
            count: 7
        })
    );
    assert_eq!(env.move_of_actions(&[2]), Ok(Column::new(2).unwrap()));
    assert_eq!(env.move_of_actions(&[]), Err(ActionError::IncompleteMove));
    assert_eq!(
        env.move_of_actions(&[2, 3]),
        Err(ActionError::TrailingAction { index: 1 })
    );
    // A finished game: no legal action.
    let won = Connect4::from_moves("1212121").unwrap();
    assert_eq!(mask(&won), [false; 7]);
    assert_eq!(
        won.actions_of_move(Column::new(3).unwrap()),
        Err(ActionError::GameOver)
    );
}

#[test]
fn wrong_buffer_sizes_are_refused_and_left_untouched() {
    let env = Connect4::default();
    let mut short = [true; 6];
    assert_eq!(
        env.legal_action_mask(&mut short),
        Err(BufferSizeError {
            buffer: Buffer::Mask,
            expected: 7,
            found: 6
        })
    );
    assert_eq!(short, [true; 6]);
    let mut long = vec![9.0; 85];
    assert_eq!(env.write_observation(&mut long).unwrap_err().expected, 84);
    assert!(long.iter().all(|&v| v == 9.0));

    let env = HopByHop::default();
    let mut mask = vec![true; 127];
    assert!(env.legal_action_mask(&mut mask).is_err());
    let mut observation = vec![9.0; 6 * 32 - 1];
    let error = env.write_observation(&mut observation).unwrap_err();
    assert_eq!(
        (error.buffer, error.expected, error.found),
        (Buffer::Observation, 192, 191)
    );
    assert!(observation.iter().all(|&v| v == 9.0));
}

// ---------------------------------------------------------------------------
// Checkers, hop by hop.

/// The view square of `square` for `player`, as the docs define it.
fn view(square: Square, player: Player) -> usize {
    match player {
        Player::Red => usize::from(square.number()) - 1,
        Player::White => 32 - usize::from(square.number()),
    }
}

/// The documented plane of `piece` seen by `acting`.
fn plane(piece: Piece, acting: Player) -> usize {
    match (piece.color == acting, piece.role) {
        (true, Role::Man) => checkers::OWN_MEN_PLANE,
        (true, Role::King) => checkers::OWN_KINGS_PLANE,
        (false, Role::Man) => checkers::OPPONENT_MEN_PLANE,
        (false, Role::King) => checkers::OPPONENT_KINGS_PLANE,
    }
}

/// The documented action of a hop from `from` to `to`: 4 * view square +
/// view direction (0 back-left, 1 back-right, 2 forward-left, 3
/// forward-right), worked out from the board's rows and columns.
fn documented_action(from: Square, to: Square, player: Player) -> usize {
    let (row_step, col_step) = (
        to.row() as i32 - from.row() as i32,
        to.column() as i32 - from.column() as i32,
    );
    // Red's forward is down the board (rows grow), and Red's view is the
    // board as drawn; White's view is the board turned 180 degrees.
    let (forward, right) = match player {
        Player::Red => (row_step > 0, col_step > 0),
        Player::White => (row_step < 0, col_step < 0),
    };
    4 * view(from, player) + 2 * usize::from(forward) + usize::from(right)
}

#[test]
fn checkers_every_legal_move_is_its_hops_and_back() {
    let mut multi_jumps = 0;
    for position in positions::<Checkers>(12, 150) {
        let env = HopByHop::new(position);
        let player = position.to_move();
        let mut first_hops = vec![false; checkers::ACTION_COUNT];
        for mv in position.legal_moves() {
            let path: Vec<Square> = mv.path().collect();
            let expected: Vec<usize> = path
                .windows(2)
                .map(|hop| documented_action(hop[0], hop[1], player))
                .collect();
            let actions = env.actions_of_move(mv).unwrap();
            assert_eq!(&*actions, &expected[..], "{mv} in {position:?}");
            multi_jumps += usize::from(actions.len() > 1);
            assert_eq!(env.move_of_actions(&actions), Ok(mv));
            first_hops[expected[0]] = true;
            // Played hop by hop: the same player acts until the move ends.
            let mut replay = env;
            for (index, &action) in actions.iter().enumerate() {
                let progress = replay.apply_action(action).unwrap();
                if index + 1 < actions.len() {
                    assert_eq!(progress, Progress::Continues);
                    assert_eq!(replay.position(), &position);
                    assert_eq!(
                        replay.jump_in_progress().unwrap().squares(),
                        &path[..index + 2]
                    );
                } else {
                    assert_eq!(progress, Progress::Completed(mv));
                    assert_eq!(*replay.position(), position.after(mv).unwrap());
                    assert!(replay.jump_in_progress().is_none());
                }
            }
        }
        assert_eq!(mask(&env), first_hops, "{position:?}");
    }
    assert!(multi_jumps > 0, "the positions include multi-jumps");
}

#[test]
fn checkers_observation_is_the_board_from_the_acting_side() {
    let shape = checkers::OBSERVATION_SHAPE;
    assert_eq!(shape.dims(), [6, 8, 4]);
    for position in positions::<Checkers>(8, 150) {
        let env = HopByHop::new(position);
        let observation = observation(&env);
        let acting = position.to_move();
        let mut expected = vec![0.0; shape.len()];
        for square in Square::all() {
            if let Some(piece) = position.piece_at(square) {
                expected[32 * plane(piece, acting) + view(square, acting)] = 1.0;
            }
        }
        assert_eq!(observation, expected, "{position:?}");
    }
}

#[test]
fn the_start_looks_the_same_to_both_sides() {
    let red = observation(&HopByHop::default());
    let mut env = HopByHop::default();
    env.apply_action(documented_action(square(11), square(15), Player::Red))
        .unwrap();
    let white = observation(&env);
    // Own men on view squares 0-11 for both, the opponent's on 20-31 (one
    // Red man has moved, from view 10 to 14, seen by White as 21 and 17).
    let own_men: Vec<usize> = (0..32).filter(|&s| white[s] == 1.0).collect();
    assert_eq!(own_men, (0..12).collect::<Vec<_>>());
    let theirs: Vec<usize> = (0..32).filter(|&s| white[64 + s] == 1.0).collect();
    let mut expected: Vec<usize> = (20..32).filter(|&s| s != 21).collect();
    expected.push(17);
    expected.sort_unstable();
    assert_eq!(theirs, expected);
    assert_eq!(&red[..32], &white[..32]);
    // White's opening moves are the mirror of Red's: 7 legal first hops
    // from view squares 8-11, forward.
    let red_mask = mask(&HopByHop::default());
    assert_eq!(mask(&env), red_mask);
}

#[test]
fn a_double_jump_is_two_actions_shown_in_the_observation() {
    // Red: 9x18x27 over 14 and 23.
    let position = Checkers::from_fen("B:W14,23,32:B9").unwrap();
    let mut env = HopByHop::new(position);
    let first = env.hop_action(square(9), square(18)).unwrap();
    assert_eq!(first, documented_action(square(9), square(14), Player::Red));
    assert_eq!(mask(&env).iter().filter(|&&m| m).count(), 1);
    assert_eq!(env.apply_action(first), Ok(Progress::Continues));

    let observation = observation(&env);
    let at = |plane: usize, n: u8| observation[32 * plane + usize::from(n) - 1];
    assert_eq!(at(checkers::OWN_MEN_PLANE, 9), 0.0, "the piece left 9");
    assert_eq!(at(checkers::OWN_MEN_PLANE, 18), 1.0, "and stands on 18");
    assert_eq!(at(checkers::JUMPING_PIECE_PLANE, 18), 1.0);
    assert_eq!(at(checkers::JUMPED_PLANE, 14), 1.0);
    assert_eq!(
        at(checkers::OPPONENT_MEN_PLANE, 14),
        1.0,
        "still on the board"
    );
    assert_eq!(observation.iter().sum::<f32>(), 6.0);

    // Only the jumping piece may act, only on along its capture.
    let next = env.hop_action(square(18), square(27)).unwrap();
    let marked: Vec<usize> = (0..128).filter(|&a| mask(&env)[a]).collect();
    assert_eq!(marked, [next]);
    assert_eq!(
        env.apply_action(first),
        Err(ActionError::Illegal { action: first })
    );
    assert_eq!(
        env.actions_of_move("9x18x27".parse().unwrap()),
        Err(ActionError::IllegalMove)
    );
    let mv: Move = "9x18x27".parse().unwrap();
    assert_eq!(env.apply_action(next), Ok(Progress::Completed(mv)));
    assert_eq!(*env.position(), position.after(mv).unwrap());
    assert_eq!(observation.len(), 192);
}

#[test]
fn branching_captures_are_told_apart_hop_by_hop() {
    // White can play 22x15x6, 22x15x8, 23x14x7 or 23x16x7.
    let position = Checkers::from_fen("W:W22,23:B18,11,10,19").unwrap();
    let env = HopByHop::new(position);
    let first_hops: Vec<usize> = (0..128).filter(|&a| mask(&env)[a]).collect();
    // From 22 over 18, from 23 over 18 or 19: three first hops.
    assert_eq!(first_hops.len(), 3);
    let mut after_15 = env;
    let to_15 = env.hop_action(square(22), square(15)).unwrap();
    assert_eq!(after_15.apply_action(to_15), Ok(Progress::Continues));
    let next: Vec<usize> = (0..128).filter(|&a| mask(&after_15)[a]).collect();
    let mut expected = vec![
        after_15.hop_action(square(15), square(6)).unwrap(),
        after_15.hop_action(square(15), square(8)).unwrap(),
    ];
    expected.sort_unstable();
    assert_eq!(next, expected);
    for (target, text) in [(6, "22x15x6"), (8, "22x15x8")] {
        let mut env = after_15;
        let action = env.hop_action(square(15), square(target)).unwrap();
        assert_eq!(
            env.apply_action(action),
            Ok(Progress::Completed(text.parse().unwrap()))
        );
    }
}

#[test]
fn checkers_refusals() {
    let mut env = HopByHop::default();
    assert_eq!(
        env.apply_action(128),
        Err(ActionError::OutOfRange {
            action: 128,
            count: 128
        })
    );
    // A White man's hop while Red is to move, a backward step, a step off
    // the board: not legal.
    for action in [
        env.hop_action(square(22), square(18)).unwrap(),
        env.hop_action(square(11), square(7)).unwrap(),
        4 * 11 + 3,
    ] {
        assert_eq!(
            env.apply_action(action),
            Err(ActionError::Illegal { action })
        );
        assert_eq!(env, HopByHop::default());
    }
    // Red has no piece left: the game is over.
    let over = HopByHop::new(Checkers::from_fen("B:W10:B").unwrap());
    assert!(over.position().is_over());
    assert_eq!(mask(&over), vec![false; 128]);
    let mut env = over;
    assert_eq!(env.apply_action(0), Err(ActionError::GameOver));
    assert_eq!(env.hop_action(square(1), square(30)), None);
}
