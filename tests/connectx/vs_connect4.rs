//! `ConnectX` at 6x7x4 is Connect Four: in random positions it has the
//! same legal moves, outcomes, endings, text, console board, `Board` query
//! answers and learning-agent actions, masks and observations as
//! `Connect4`, and the same perft counts from the empty board through
//! depth 10.

use proptest::prelude::*;
use proptest::sample::Index;
use rulebook::agent::Environment;
use rulebook::connect4::{self, Connect4};
use rulebook::connectx::{self, Column, ConnectX, Parameters, Player};
use rulebook::{perft, Game, PlayError};

/// Perft from the empty board, depths 0..=9 (the counts of issue 2, as
/// `tests/connect4/perft.rs` checks them for `Connect4`).
const EMPTY_BOARD_PERFT: [u64; 10] = [
    1, 7, 49, 343, 2401, 16807, 117649, 823536, 5673234, 39394572,
];

/// Depth 10 from the empty board (the figure the issue gives).
const EMPTY_BOARD_PERFT_10: u64 = 268_031_646;

/// The ConnectX column with the same index as `column`.
fn same_column(column: connect4::Column) -> Column {
    Column::new(column.index()).expect("0..=6 is a ConnectX column")
}

/// Every way the two games can differ in one position, as assertions.
fn check_same(c4: &Connect4, cx: &ConnectX) -> Result<(), TestCaseError> {
    let c4_moves: Vec<Column> = c4.legal_moves().into_iter().map(same_column).collect();
    prop_assert_eq!(&c4_moves[..], &*cx.legal_moves(), "moves in {:?}", c4);
    prop_assert_eq!(c4.outcome(), cx.outcome(), "outcome in {:?}", c4);
    prop_assert_eq!(c4.to_move(), cx.to_move());
    prop_assert_eq!(c4.plies(), cx.plies());
    prop_assert_eq!(c4.winner(), cx.winner());
    let ending = c4.ending().map(|ending| match ending {
        connect4::Ending::FourInARow => connectx::Ending::InARow { length: 4 },
        connect4::Ending::BoardFull => connectx::Ending::BoardFull,
    });
    prop_assert_eq!(ending, cx.ending());
    prop_assert_eq!(format!("6x7x4:{}", c4.text()), cx.text());
    prop_assert_eq!(c4.to_string(), cx.to_string());
    prop_assert_eq!(ConnectX::from(*c4), *cx, "From<Connect4>");
    prop_assert_eq!(ConnectX::parse_text(&cx.text()), Ok(*cx));

    let (a, b) = (c4.board(), cx.board());
    prop_assert_eq!(a.check_tie(), b.check_tie());
    prop_assert_eq!(a.is_full(), b.is_full());
    prop_assert_eq!(a.token_count(), b.token_count());
    // One row and column past the board too: both answer "no".
    for col in 0..=connect4::COLUMNS {
        prop_assert_eq!(a.is_column_free(col), b.is_column_free(col), "col {}", col);
        prop_assert_eq!(a.check_for_win(col), b.check_for_win(col), "col {}", col);
        prop_assert_eq!(
            connect4::Column::new(col).map(|column| a.height(column)),
            b.height(col)
        );
        for row in 0..=connect4::ROWS {
            prop_assert_eq!(a.piece_at(row, col), b.piece_at(row, col));
            for player in Player::ALL {
                prop_assert_eq!(
                    (
                        a.check_horizontal_win(row, col, player),
                        a.check_vertical_win(row, col, player),
                        a.check_diagonal_win(row, col, player)
                    ),
                    (
                        b.check_horizontal_win(row, col, player),
                        b.check_vertical_win(row, col, player),
                        b.check_diagonal_win(row, col, player)
                    ),
                    "row {} col {} {} in {:?}",
                    row,
                    col,
                    player,
                    c4
                );
            }
        }
    }
    // The learning-agent interface: the same actions, mask and observation.
    prop_assert_eq!(c4.action_count(), cx.action_count());
    prop_assert_eq!(c4.observation_shape(), cx.observation_shape());
    let (mut c4_mask, mut cx_mask) = ([false; 7], [true; 7]);
    c4.legal_action_mask(&mut c4_mask).unwrap();
    cx.legal_action_mask(&mut cx_mask).unwrap();
    prop_assert_eq!(c4_mask, cx_mask);
    let (mut c4_observation, mut cx_observation) = ([0.0; 84], [0.5; 84]);
    c4.write_observation(&mut c4_observation).unwrap();
    cx.write_observation(&mut cx_observation).unwrap();
    prop_assert_eq!(c4_observation, cx_observation);
    for action in 0..=7 {
        prop_assert_eq!(
            c4.clone().apply_action(action).map(|_| ()),
            cx.clone().apply_action(action).map(|_| ())
        );
    }

    for player in Player::ALL {
        prop_assert_eq!(a.has_four_in_a_row(player), b.has_line(player));
        prop_assert_eq!(a.count(player), b.count(player));
    }
    // Every column, legal or not: both accept or both refuse, alike.
    for index in 0..Column::ALL.len() {
        let mut c4_after = *c4;
        let c4_result = match connect4::Column::new(index) {
            Some(column) => c4_after.apply(column).map_err(|error| match error {
                PlayError::GameOver => PlayError::GameOver,
                PlayError::IllegalMove(column) => PlayError::IllegalMove(same_column(column)),
            }),
            // Columns 7..=15 are not on a Connect Four board.
            None if c4.outcome().is_some() => Err(PlayError::GameOver),
            None => Err(PlayError::IllegalMove(Column::ALL[index])),
        };
        let mut cx_after = *cx;
        prop_assert_eq!(
            c4_result,
            cx_after.apply(Column::ALL[index]),
            "column {}",
            index
        );
        prop_assert_eq!(c4_after.to_string(), cx_after.to_string());
    }
    Ok(())
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(3000))]

    /// Thousands of random games, compared in every position they reach.
    #[test]
    #[ignore = "long unoptimised: the long-checks run"]
    fn random_games_agree(indices in proptest::collection::vec(any::<Index>(), 0..=42)) {
        let mut c4 = Connect4::default();
        let mut cx = ConnectX::default();
        check_same(&c4, &cx)?;
        for index in indices {
            let moves = c4.legal_moves();
            if moves.is_empty() {
                break;
            }
            let column = moves[index.index(moves.len())];
            c4.apply(column).unwrap();
            cx.apply(same_column(column)).unwrap();
            check_same(&c4, &cx)?;
        }
    }

    /// Perft from random positions, a few plies deep.
    #[test]
    fn perft_agrees_in_random_positions(indices in proptest::collection::vec(any::<Index>(), 0..=40)) {
        let mut c4 = Connect4::default();
        for index in indices {
            let moves = c4.legal_moves();
            if moves.is_empty() {
                break;
            }
            c4.apply(moves[index.index(moves.len())]).unwrap();
        }
        let cx = ConnectX::from(c4);
        for depth in 0..=5 {
            prop_assert_eq!(perft(&c4, depth), perft(&cx, depth), "depth {} in {:?}", depth, c4);
        }
    }
}

#[test]
fn default_is_connect_four() {
    assert_eq!(ConnectX::default(), ConnectX::new(Parameters::CONNECT_FOUR));
    assert_eq!(ConnectX::default().parameters().to_string(), "6x7x4");
    assert_eq!(ConnectX::default(), ConnectX::from(Connect4::default()));
}

#[test]
fn perft_from_the_empty_board_through_depth_9() {
    let game = ConnectX::default();
    for (depth, &expected) in (0..).zip(EMPTY_BOARD_PERFT.iter()) {
        assert_eq!(perft(&game, depth), expected, "depth {depth}");
    }
}

/// 268 million leaves, counted in bulk: well under a second.
#[test]
#[ignore = "long unoptimised: the long-checks run"]
fn perft_depth_10_from_the_empty_board() {
    let game = ConnectX::default();
    assert_eq!(perft(&game, 10), EMPTY_BOARD_PERFT_10);
    assert_eq!(perft(&Connect4::default(), 10), EMPTY_BOARD_PERFT_10);
}
