//! Hand-written positions, one per rule of English checkers.

use rulebook::checkers::{Checkers, Ending, Move, Piece, Player, Role, Square};
use rulebook::{Game, Outcome, PlayError};

fn position(fen: &str) -> Checkers {
    Checkers::from_fen(fen).unwrap_or_else(|e| panic!("{fen}: {e}"))
}

fn moves_text(game: &Checkers) -> Vec<String> {
    game.legal_moves().iter().map(Move::to_string).collect()
}

fn sq(number: u8) -> Square {
    Square::new(number).unwrap()
}

fn piece(player: Player, role: Role) -> Option<Piece> {
    Some(Piece {
        color: player,
        role,
    })
}

#[test]
fn start_position() {
    let game = Checkers::default();
    assert_eq!(game.to_move(), Player::Red);
    assert_eq!(
        moves_text(&game),
        ["9-13", "9-14", "10-14", "10-15", "11-15", "11-16", "12-16"]
    );
    assert_eq!(game.piece_count(Player::Red), 12);
    assert_eq!(game.piece_count(Player::White), 12);
    assert_eq!(game.piece_at(sq(1)), piece(Player::Red, Role::Man));
    assert_eq!(game.piece_at(sq(32)), piece(Player::White, Role::Man));
    assert_eq!(game.piece_at(sq(16)), None);
    assert_eq!(game.ending(), None);
    assert_eq!(game.outcome(), None);
}

#[test]
fn white_replies_move_toward_square_one() {
    let mut game = Checkers::default();
    game.apply("11-15".parse().unwrap()).unwrap();
    assert_eq!(game.to_move(), Player::White);
    assert_eq!(
        moves_text(&game),
        ["21-17", "22-17", "22-18", "23-18", "23-19", "24-19", "24-20"]
    );
}

#[test]
fn capture_is_forced() {
    // Red could step 12-16, but the jump 9x18 is compulsory.
    let game = position("B:W14,30:B9,12");
    assert_eq!(moves_text(&game), ["9x18"]);
    let step: Move = "12-16".parse().unwrap();
    assert!(!game.is_legal(step));
    let mut copy = game;
    assert_eq!(copy.apply(step), Err(PlayError::IllegalMove(step)));
    assert_eq!(copy, game, "a refused move leaves the state unchanged");
}

#[test]
fn multi_jump_with_a_branch_lists_both_paths() {
    let game = position("B:W14,22,23:B9");
    assert_eq!(moves_text(&game), ["9x18x25", "9x18x27"]);
    let after = game.after("9x18x27".parse().unwrap()).unwrap();
    assert_eq!(after.to_fen(), "W:W22:B27");
}

#[test]
fn a_multi_jump_must_be_completed() {
    let game = position("B:W14,22,23:B9");
    let partial: Move = "9x18".parse().unwrap();
    assert!(!game.is_legal(partial));
}

#[test]
fn crowning_ends_the_move() {
    // 22x31 crowns; as a king on 31 it could jump 27, but the move ends.
    let game = position("B:W26,27:B22");
    assert_eq!(moves_text(&game), ["22x31"]);
    let after = game.after("22x31".parse().unwrap()).unwrap();
    assert_eq!(after.piece_at(sq(31)), piece(Player::Red, Role::King));
    assert_eq!(after.piece_at(sq(27)), piece(Player::White, Role::Man));
    assert_eq!(after.to_move(), Player::White);
    // A White man crowns on 1-4.
    let game = position("W:W10:B6");
    assert_eq!(moves_text(&game), ["10x1"]);
    let after = game.after("10x1".parse().unwrap()).unwrap();
    assert_eq!(after.piece_at(sq(1)), piece(Player::White, Role::King));
}

#[test]
fn a_step_to_the_far_row_crowns() {
    let game = position("B:W5:B27");
    assert_eq!(moves_text(&game), ["27-31", "27-32"]);
    let after = game.after("27-32".parse().unwrap()).unwrap();
    assert_eq!(after.piece_at(sq(32)), piece(Player::Red, Role::King));
}

#[test]
fn a_man_that_captures_a_king_stays_a_man() {
    let game = position("B:WK14,30:B9");
    assert_eq!(moves_text(&game), ["9x18"]);
    let after = game.after("9x18".parse().unwrap()).unwrap();
    assert_eq!(after.piece_at(sq(18)), piece(Player::Red, Role::Man));
    assert_eq!(after.piece_at(sq(14)), None);
    assert_eq!(after.king_count(Player::White), 0);
    assert_eq!(after.king_count(Player::Red), 0);
}

#[test]
fn men_capture_forward_only() {
    // The White man on 14 is behind the Red man on 18: no capture.
    let game = position("B:W14:B18");
    assert_eq!(moves_text(&game), ["18-22", "18-23"]);
    // A Red king on 18 does capture backwards.
    let game = position("B:W14:BK18");
    assert_eq!(moves_text(&game), ["18x9"]);
}

#[test]
fn king_moves_backward() {
    let game = position("W:WK18:B1");
    assert_eq!(moves_text(&game), ["18-14", "18-15", "18-22", "18-23"]);
    assert!(!game.is_irreversible("18-22".parse().unwrap()));
    let man = position("W:W18:B1");
    assert_eq!(moves_text(&man), ["18-14", "18-15"]);
    assert!(man.is_irreversible("18-14".parse().unwrap()));
}

#[test]
fn a_blocked_side_loses() {
    // Red's only man on 25 faces White kings on 29 and 30 with no room to jump.
    let game = position("B:WK29,K30:B25");
    assert!(game.legal_moves().is_empty());
    assert_eq!(game.ending(), Some(Ending::Blocked { loser: Player::Red }));
    assert_eq!(game.outcome(), Some(Outcome::Win(Player::White)));
    let mut copy = game;
    assert_eq!(
        copy.apply("25-29".parse().unwrap()),
        Err(PlayError::GameOver)
    );
}

#[test]
fn no_pieces_loses() {
    let game = position("B:W5:B");
    assert!(game.legal_moves().is_empty());
    assert_eq!(game.ending(), Some(Ending::NoPieces { loser: Player::Red }));
    assert_eq!(game.outcome(), Some(Outcome::Win(Player::White)));
    // The last capture leads there.
    let game = position("W:W18:B14");
    let after = game.after("18x9".parse().unwrap()).unwrap();
    assert_eq!(
        after.ending(),
        Some(Ending::NoPieces { loser: Player::Red })
    );
    assert_eq!(after.outcome(), Some(Outcome::Win(Player::White)));
}

#[test]
fn ring_capture_counts_in_both_directions() {
    // A Red king on 10 circles the four White men on 14, 15, 22, 23.
    let game = position("B:W14,15,22,23:BK10");
    assert_eq!(moves_text(&game), ["10x17x26x19x10", "10x19x26x17x10"]);
    let [left, right] = [game.legal_moves()[0], game.legal_moves()[1]];
    assert_ne!(left, right);
    assert_eq!(left.from(), left.to());
    assert_eq!(left.capture_count(), 4);
    let after = game.after(left).unwrap();
    assert_eq!(after, game.after(right).unwrap());
    assert_eq!(after.to_fen(), "W:W:BK10");
    assert_eq!(
        after.ending(),
        Some(Ending::NoPieces {
            loser: Player::White
        })
    );
    assert_eq!(
        after.ending().map(|ending| ending.to_string()),
        Some("White has no pieces left".to_owned())
    );
}

#[test]
fn a_piece_is_not_jumped_twice_but_squares_may_be_revisited() {
    // The ring again, with a fifth man on 7: the ring paths pass 10 again
    // and then jump 7 (landing on 3); jumping 7 first ends on 3, from where
    // no jump is left.
    let game = position("B:W7,14,15,22,23:BK10");
    assert_eq!(
        moves_text(&game),
        ["10x3", "10x17x26x19x10x3", "10x19x26x17x10x3"]
    );
    for mv in game.legal_moves() {
        let captured: Vec<_> = mv.captured().collect();
        let mut unique = captured.clone();
        unique.sort();
        unique.dedup();
        assert_eq!(captured.len(), unique.len(), "{mv}");
    }
}

#[test]
fn move_paths_and_captured_squares() {
    let game = position("B:W14,22,23:B9");
    let mv = game.legal_moves()[1];
    assert_eq!(mv.from(), sq(9));
    assert_eq!(mv.to(), sq(27));
    assert!(mv.is_capture());
    assert_eq!(mv.path().collect::<Vec<_>>(), [sq(9), sq(18), sq(27)]);
    assert_eq!(mv.captured().collect::<Vec<_>>(), [sq(14), sq(23)]);
}

#[test]
fn display_draws_the_board() {
    let expected = [
        "  +----+----+----+----+----+----+----+----+",
        "  |    | r  |    | r  |    | r  |    | r  |  1-4",
        "  +----+----+----+----+----+----+----+----+",
        "  | r  |    | r  |    | r  |    | r  |    |  5-8",
        "  +----+----+----+----+----+----+----+----+",
        "  |    | r  |    | r  |    | r  |    | r  |  9-12",
        "  +----+----+----+----+----+----+----+----+",
        "  | 13 |    | 14 |    | 15 |    | 16 |    |  13-16",
        "  +----+----+----+----+----+----+----+----+",
        "  |    | 17 |    | 18 |    | 19 |    | 20 |  17-20",
        "  +----+----+----+----+----+----+----+----+",
        "  | w  |    | w  |    | w  |    | w  |    |  21-24",
        "  +----+----+----+----+----+----+----+----+",
        "  |    | w  |    | w  |    | w  |    | w  |  25-28",
        "  +----+----+----+----+----+----+----+----+",
        "  | w  |    | w  |    | w  |    | w  |    |  29-32",
        "  +----+----+----+----+----+----+----+----+",
        "  r/R = Red man/king, w/W = White man/king; Red to move",
    ]
    .join("\n");
    assert_eq!(Checkers::default().to_string(), expected);
    let kings = position("W:WK1:BK32").to_string();
    assert!(kings.contains("| W  |"), "{kings}");
    assert!(kings.contains("| R  |"), "{kings}");
    assert!(kings.ends_with("White to move"), "{kings}");
}

#[test]
fn why_illegal_names_the_rule_that_refuses_a_move() {
    // Red must take the man on 19: 15x24.
    let game = position("B:W19,28:B15,1");
    let quiet: rulebook::checkers::Move = "1-5".parse().unwrap();
    assert_eq!(
        game.why_illegal(quiet).as_deref(),
        Some(
            "1-5 is not a legal move in this position: a capture is compulsory; legal moves: 15x24"
        )
    );
    let from_empty: rulebook::checkers::Move = "10x19".parse().unwrap();
    assert_eq!(
        game.why_illegal(from_empty).as_deref(),
        Some(
            "10x19 is not a legal move in this position: square 10 holds no Red piece; \
             legal moves: 15x24"
        )
    );
    let capture: rulebook::checkers::Move = "15x24".parse().unwrap();
    assert_eq!(game.why_illegal(capture), None);
    let over = position("B:W5:B");
    assert_eq!(
        over.why_illegal(quiet).as_deref(),
        Some("the game is already over: Red has no pieces left")
    );
}
