//! Entering checkers moves one jump at a time (`Checkers::enter_move`,
//! `PartialCapture::enter`), as Microsoft's Checkers asks for them.

use rulebook::checkers::{Checkers, EnterMoveError, Entry, Move, PartialCapture, Square};
use rulebook::Game;

/// White man on 22 jumps 18 then 11: the only move is 22x15x8.
const ONE_DOUBLE_JUMP: &str = "W:W22:B18,11";
/// White can play 22x15x6, 22x15x8, 23x14x7 or 23x16x7.
const BRANCHING_JUMPS: &str = "W:W22,23:B18,11,10,19";

fn position(fen: &str) -> Checkers {
    Checkers::from_fen(fen).expect("valid FEN")
}

fn mv(text: &str) -> Move {
    text.parse().expect("valid move text")
}

fn square(number: u8) -> Square {
    Square::new(number).expect("a square number")
}

fn jumping(entry: Result<Entry, EnterMoveError>) -> PartialCapture {
    match entry {
        Ok(Entry::Capturing(partial)) => partial,
        other => panic!("expected a jump in progress, got {other:?}"),
    }
}

#[test]
fn a_quiet_move_is_complete_at_once() {
    let start = Checkers::default();
    assert_eq!(start.enter_move("11-15"), Ok(Entry::Complete(mv("11-15"))));
    assert_eq!(
        start.enter_move(" 11-15 \n"),
        Ok(Entry::Complete(mv("11-15")))
    );
    // Only the squares count, not the separator.
    assert_eq!(start.enter_move("11x15"), Ok(Entry::Complete(mv("11-15"))));
}

#[test]
fn an_illegal_quiet_move_lists_the_legal_moves() {
    let start = Checkers::default();
    let error = start.enter_move("21-17").unwrap_err();
    assert_eq!(
        error.to_string(),
        "21-17 is not a legal move in this position; the legal moves are \
         9-13, 9-14, 10-14, 10-15, 11-15, 11-16, 12-16"
    );
    assert_eq!(
        error,
        EnterMoveError::NotLegal {
            text: "21-17".to_owned(),
            legal: start.legal_moves().to_vec()
        }
    );
    assert!(matches!(
        start.enter_move("9-14-18"),
        Err(EnterMoveError::NotLegal { .. })
    ));
    assert!(matches!(
        start.enter_move("11-18"),
        Err(EnterMoveError::NotLegal { .. })
    ));
}

#[test]
fn text_that_is_not_a_move_is_a_parse_error() {
    let start = Checkers::default();
    let error = start.enter_move("hello").unwrap_err();
    assert!(matches!(error, EnterMoveError::Parse(_)));
    assert_eq!(
        error.to_string(),
        "`hello` is not a move: write square numbers joined by `-` (like 11-15) or `x` (like 22x15x8)"
    );
    let error = start.enter_move("33-29").unwrap_err();
    assert_eq!(
        error.to_string(),
        "`33-29` names square 33, which does not exist: squares are numbered 1 to 32"
    );
}

#[test]
fn a_quiet_move_while_a_jump_is_available_names_the_jumps() {
    let game = position(BRANCHING_JUMPS);
    let error = game.enter_move("23-27").unwrap_err();
    assert_eq!(
        error,
        EnterMoveError::CaptureRequired {
            text: "23-27".to_owned(),
            captures: game.legal_moves().to_vec()
        }
    );
    assert_eq!(
        error.to_string(),
        "23-27 is not allowed: you have a jump, and a jump must be taken \
         (22x15x6, 22x15x8, 23x14x7, 23x16x7)"
    );
}

#[test]
fn a_capture_is_entered_one_jump_at_a_time() {
    let game = position(ONE_DOUBLE_JUMP);
    let partial = jumping(game.enter_move("22x15"));
    assert_eq!(partial.squares(), &[square(22), square(15)]);
    assert_eq!(partial.landing(), square(15));
    assert_eq!(partial.next_landings(), vec![square(8)]);
    assert_eq!(partial.enter("15x8"), Ok(Entry::Complete(mv("22x15x8"))));
    // The bare landing square and the whole path work too.
    assert_eq!(partial.enter("8"), Ok(Entry::Complete(mv("22x15x8"))));
    assert_eq!(partial.enter("22x15x8"), Ok(Entry::Complete(mv("22x15x8"))));
}

#[test]
fn the_whole_path_on_one_line_is_accepted() {
    let game = position(ONE_DOUBLE_JUMP);
    assert_eq!(
        game.enter_move("22x15x8"),
        Ok(Entry::Complete(mv("22x15x8")))
    );
}

#[test]
fn jumping_straight_to_the_final_square_is_refused() {
    let game = position(ONE_DOUBLE_JUMP);
    let error = game.enter_move("22x8").unwrap_err();
    assert_eq!(
        error,
        EnterMoveError::OneHopAtATime {
            text: "22x8".to_owned(),
            from: square(22),
            to: square(15)
        }
    );
    assert_eq!(
        error.to_string(),
        "22x8 is refused: jump one piece at a time; the next jump is 22x15"
    );
}

#[test]
fn skipping_a_jump_in_the_middle_of_a_capture_is_refused() {
    // White man on 27 can jump 23, 15 and 7 (27x18x11x2... see below).
    let game = position("W:W27:B23,15,7");
    let full: Vec<String> = game.legal_moves().iter().map(Move::to_string).collect();
    assert_eq!(full, ["27x18x11x2"]);
    let partial = jumping(game.enter_move("27x18"));
    let error = partial.enter("18x2").unwrap_err();
    assert_eq!(
        error,
        EnterMoveError::OneHopAtATime {
            text: "18x2".to_owned(),
            from: square(18),
            to: square(11)
        }
    );
    assert_eq!(
        error.to_string(),
        "18x2 is refused: jump one piece at a time; the next jump is 18x11"
    );
    let partial = jumping(partial.enter("11"));
    assert_eq!(partial.squares(), &[square(27), square(18), square(11)]);
    assert_eq!(partial.enter("11x2"), Ok(Entry::Complete(mv("27x18x11x2"))));
}

/// The rule every hop-by-hop entry shares (`rulebook::hops::continuation`,
/// as the catalog's `RouteSoFar` reads labels): squares that follow the
/// landing go on from it, several at once too.
#[test]
fn squares_that_follow_the_landing_go_on_from_it() {
    let game = position("W:W27:B23,15,7");
    let partial = jumping(game.enter_move("27x18"));
    assert_eq!(partial.enter("11x2"), Ok(Entry::Complete(mv("27x18x11x2"))));
    assert_eq!(
        partial.enter("27x18x11x2"),
        Ok(Entry::Complete(mv("27x18x11x2")))
    );
    assert!(matches!(
        partial.enter("18"),
        Err(EnterMoveError::NotANextHop { .. })
    ));
}

#[test]
fn a_branching_capture_asks_which_way_to_go_on() {
    let game = position(BRANCHING_JUMPS);
    let partial = jumping(game.enter_move("22x15"));
    assert_eq!(partial.next_landings(), vec![square(6), square(8)]);
    assert_eq!(partial.enter("15x6"), Ok(Entry::Complete(mv("22x15x6"))));
    assert_eq!(partial.enter("15x8"), Ok(Entry::Complete(mv("22x15x8"))));
    let error = partial.enter("15x1").unwrap_err();
    assert_eq!(
        error,
        EnterMoveError::NotANextHop {
            text: "15x1".to_owned(),
            landing: square(15),
            next: vec![square(6), square(8)]
        }
    );
    assert_eq!(
        error.to_string(),
        "15x1 does not continue the jump: the piece on 15 must jump on, to 6 or 8"
    );
}

#[test]
fn text_that_does_not_continue_the_jump_is_refused() {
    let game = position(ONE_DOUBLE_JUMP);
    let partial = jumping(game.enter_move("22x15"));
    for text in ["15", "22x15", "23x14", "14x7", "15-10"] {
        assert!(
            matches!(partial.enter(text), Err(EnterMoveError::NotANextHop { .. })),
            "{text}: {:?}",
            partial.enter(text)
        );
    }
    assert!(matches!(
        partial.enter("hello"),
        Err(EnterMoveError::Parse(_))
    ));
    let error = partial.enter("40").unwrap_err();
    assert!(matches!(error, EnterMoveError::Square(_)));
    assert_eq!(
        error.to_string(),
        "`40` is not a square of the english board (a number from 1 to 32)"
    );
}

#[test]
fn a_finished_game_takes_no_move() {
    // Red's only man, on 28, is blocked by White's man on 32.
    let blocked = position("B:W32:B28");
    assert!(blocked.legal_moves().is_empty());
    assert_eq!(blocked.enter_move("28-32"), Err(EnterMoveError::GameOver));
}
