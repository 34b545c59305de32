//! The rules on set-up positions, each with the move list kish 1.1.7
//! gives for it (`Board.from_bitboards(...).actions()`, Python bindings),
//! and the conformance kit.

use rulebook::testing::{check_contract, CaptureIdentity, CaptureRoutes, Config};
use rulebook::turkish::{Color, Ending, Move, Square, Turkish};
use rulebook::{Game, Outcome, PlayError};

/// The legal moves' texts.
fn moves(fen: &str) -> Vec<String> {
    let game = Turkish::from_fen(fen).unwrap();
    game.legal_moves().iter().map(Move::to_string).collect()
}

/// The square named `name`.
fn square(name: &str) -> Square {
    name.parse().unwrap()
}

#[test]
fn a_capture_may_not_turn_back() {
    // Up over d6 then back down over d2 would take two: a 180° turn.
    assert_eq!(moves("W:WKd4:Bd6,d2"), ["d4xd7", "d4xd8", "d4xd1"]);
}

#[test]
fn pieces_leave_at_once_so_a_capture_crosses_their_squares_again() {
    // The king comes back through its own start square and over b4, taken
    // on the first leg: five pieces, one move.
    let fen = "W:WKb2:Bb4,d6,e3,c2,b7";
    assert_eq!(moves(fen), ["b2xb6xe6xe2xb2xb8"]);
    let mut game = Turkish::from_fen(fen).unwrap();
    game.apply(game.legal_moves()[0]).unwrap();
    assert_eq!(game.to_fen(), "B:WKb8:B");
    assert_eq!(game.outcome(), Some(Outcome::Win(Color::White)));
    assert_eq!(game.ending(), Some(Ending::NoPieces));
}

#[test]
fn a_man_crowned_during_a_capture_goes_on_as_a_man() {
    // On c8 a king could take c3 down the file; the man cannot, and stops.
    assert_eq!(moves("W:Wc6:Bc7,c3"), ["c6xc8"]);
    let game = Turkish::from_fen("W:Wc6:Bc7,c3").unwrap();
    let after = game.after(game.legal_moves()[0]).unwrap();
    assert_eq!(after.piece_at(square("c8")), Some((Color::White, true)));
    // Sideways along the far rank, as a man, then crowned.
    assert_eq!(moves("W:Wc6:Bc7,d8"), ["c6xc8xe8"]);
}

#[test]
fn the_capture_of_most_pieces_is_compulsory_kings_counting_as_men() {
    // d4 can take d5 and d7 (two men) or the king on e4 (one).
    assert_eq!(moves("W:Wd4:Bd5,d7,f6,Ke4"), ["d4xd6xd8"]);
    // Equal counts: free choice.
    assert_eq!(moves("W:Wd4:Bc4,e4"), ["d4xb4", "d4xf4"]);
}

#[test]
fn men_step_forward_and_sideways_never_back_and_kings_fly() {
    assert_eq!(moves("W:Wd4:Bh8"), ["d4-d5", "d4-c4", "d4-e4"]);
    assert_eq!(moves("B:Wa1:Bd4"), ["d4-d3", "d4-c4", "d4-e4"]);
    assert_eq!(moves("W:WKa1:Bh8").len(), 14);
    // A king stops at its own piece and cannot jump two in a row.
    assert_eq!(moves("W:WKa1,a3:BKb1,Kc1"), ["a1-a2", "a3-a4", "a3-b3"]);
}

#[test]
fn a_blocked_side_loses_and_a_finished_game_refuses_moves() {
    let mut game = Turkish::from_fen("W:Wa2:Ba3,a4,b2,c2").unwrap();
    assert!(game.legal_moves().is_empty());
    assert_eq!(game.ending(), Some(Ending::Blocked));
    assert_eq!(game.outcome(), Some(Outcome::Win(Color::Black)));
    let mv: Move = "a2-a3".parse().unwrap();
    assert_eq!(game.apply(mv), Err(PlayError::GameOver));
}

#[test]
fn moves_read_against_the_position_by_short_forms_and_other_routes() {
    let game = Turkish::from_fen("W:WKb2:Bb4,d6,e3,c2,b7").unwrap();
    let full = game.legal_moves()[0];
    assert_eq!(game.parse_move("b2xb8").unwrap(), full);
    assert_eq!(game.parse_move("b2xe6xb8").unwrap(), full);
    // A route that takes other pieces (none on rank 5) is refused.
    let error = game.parse_move("b2xb5xe5").unwrap_err().to_string();
    assert!(error.contains("legal moves: b2xb6xe6xe2xb2xb8"), "{error}");
    let game = Turkish::default();
    assert!(game
        .parse_move("d3-d5")
        .unwrap_err()
        .to_string()
        .contains("legal moves:"));
    assert!(game.parse_move("d3-e4").is_err());
}

/// Every step to a neighbour and every jump of two squares along a rank
/// or file (geometry only: most are illegal in a position).
fn candidates() -> Vec<Move> {
    let mut all = Vec::new();
    for from in Square::all() {
        let near =
            |to: &Square| from.row().abs_diff(to.row()) + from.column().abs_diff(to.column()) <= 2;
        for to in Square::all().filter(near) {
            for separator in ['-', 'x'] {
                if let Ok(mv) = format!("{from}{separator}{to}").parse() {
                    all.push(mv);
                }
            }
        }
    }
    all
}

/// What a legal capture takes, for the kit.
fn capture_of(game: &Turkish, mv: &Move) -> Option<CaptureIdentity> {
    mv.is_capture().then(|| CaptureIdentity {
        start: mv.from().index(),
        end: mv.to().index(),
        taken: game
            .taken(*mv)
            .iter()
            .map(|square| square.index())
            .collect(),
    })
}

/// The kit's config: `playouts` games from the start and from a set-up
/// position with kings.
fn kit(playouts: usize) -> Config<Turkish> {
    Config::<Turkish>::new()
        .seed(33)
        .playouts(playouts)
        .perft_depth(2)
        .candidate_moves(candidates())
        .capture_of(capture_of)
        .capture_routes(CaptureRoutes::OnePerResult)
        .start_position(Turkish::from_fen("W:WKb2,a1:Bb4,d6,e3,c2,b7,h8,Kh1").unwrap())
}

#[test]
fn the_kit_passes_quick() {
    let summary = check_contract(&kit(4).max_plies(150)).unwrap();
    assert_eq!(summary.playouts, 4, "{summary:?}");
}

#[test]
#[ignore = "long unoptimised: the long-checks run"]
fn the_kit_passes() {
    let summary = check_contract(&kit(100)).unwrap();
    assert!(summary.finished_games >= 50, "{summary:?}");
}

#[test]
fn fen_errors_show_a_turkish_fen() {
    // A wrong field count or a PDN tag that is not FEN: the message shows
    // what a Turkish FEN looks like (algebraic squares on 64 squares), not
    // a draughts example.
    for bad in ["W:Wa2,b2", "[Event \"W:Wa2:Bh7\"]", "W:Wa2:Bh7:X"] {
        let message = Turkish::from_fen(bad).unwrap_err().to_string();
        assert!(message.contains("W:Wa2,b2,Kd4:Bc6,d7"), "{bad}: {message}");
        assert!(!message.contains("31-50"), "{bad}: {message}");
    }
}
