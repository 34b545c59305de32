//! `Match<Checkers>`: the automatic draw rules with kings shuffling, and the
//! end of a game by the rules.

use rulebook::checkers::{Checkers, Ending, Move, Player};
use rulebook::{DrawRules, EndReason, Game, Match, MatchResult, Outcome};

/// A Red king on 4 and a White king on 29, Red to move: they can shuffle
/// for ever.
const TWO_KINGS: &str = "B:WK29:BK4";
/// The same kings plus a Red man on 12 and a White man on 21 that can
/// still make irreversible moves.
const KINGS_AND_MEN: &str = "B:WK29,21:BK4,12";

const REPETITION_ONLY: DrawRules = DrawRules {
    threefold_repetition: true,
    move_limit: None,
};
const FORTY_MOVES_ONLY: DrawRules = DrawRules {
    threefold_repetition: false,
    move_limit: Some(DrawRules::AMERICAN_MOVE_LIMIT),
};

fn mv(game: &Match<Checkers>, text: &str) -> Move {
    game.position().parse_move(text).expect("a legal move")
}

fn play_all(game: &mut Match<Checkers>, moves: &[&str]) {
    for text in moves {
        let mv = mv(game, text);
        game.play(mv).expect("legal move");
    }
}

fn draw_by(reason: EndReason<Ending>) -> Option<MatchResult<Player, Ending>> {
    Some(MatchResult {
        outcome: Outcome::Draw,
        reason,
    })
}

/// One round trip of both kings: back to the same position.
const SHUFFLE: [&str; 4] = ["4-8", "29-25", "8-4", "25-29"];
/// Another round trip that visits other squares.
const OTHER_SHUFFLE: [&str; 4] = ["4-8", "29-25", "8-3", "25-30"];

#[test]
fn shuffling_kings_draw_by_threefold_repetition() {
    let mut game = Match::with_rules(Checkers::from_fen(TWO_KINGS).unwrap(), REPETITION_ONLY);
    play_all(&mut game, &SHUFFLE);
    assert_eq!(game.result(), None, "the start has occurred twice");
    play_all(&mut game, &SHUFFLE[..3]);
    assert_eq!(game.result(), None);
    play_all(&mut game, &SHUFFLE[3..]);
    assert_eq!(game.result(), draw_by(EndReason::Repetition));
    assert_eq!(game.history().len(), 8);
}

#[test]
fn without_draw_rules_kings_shuffle_for_ever() {
    let mut game = Match::new(Checkers::from_fen(TWO_KINGS).unwrap());
    for _ in 0..50 {
        play_all(&mut game, &SHUFFLE);
    }
    assert_eq!(game.result(), None);
}

#[test]
fn forty_king_moves_per_side_draw_by_the_move_limit() {
    let mut game = Match::with_rules(Checkers::from_fen(TWO_KINGS).unwrap(), FORTY_MOVES_ONLY);
    // 19 rounds of 4 plies = 76 plies = 38 moves per side.
    for _ in 0..19 {
        play_all(&mut game, &SHUFFLE);
    }
    play_all(&mut game, &OTHER_SHUFFLE[..3]);
    assert_eq!(game.result(), None, "79 plies: White has made 39 moves");
    play_all(&mut game, &OTHER_SHUFFLE[3..]);
    assert_eq!(game.history().len(), 80);
    assert_eq!(game.result(), draw_by(EndReason::MoveLimit));
}

#[test]
fn a_mans_move_resets_the_move_limit_and_the_repetition_window() {
    let rules = DrawRules {
        threefold_repetition: true,
        move_limit: Some(2),
    };
    let mut game = Match::with_rules(Checkers::from_fen(KINGS_AND_MEN).unwrap(), rules);
    play_all(&mut game, &["4-8", "29-25", "8-4"]);
    assert_eq!(
        game.result(),
        None,
        "3 reversible plies, under the limit of 4"
    );
    // White's man moves: the count starts again.
    play_all(&mut game, &["21-17"]);
    play_all(&mut game, &["4-8", "25-29", "8-4"]);
    assert_eq!(
        game.result(),
        None,
        "3 reversible plies since the man's move"
    );
    play_all(&mut game, &["29-25"]);
    assert_eq!(game.result(), draw_by(EndReason::MoveLimit));
}

#[test]
fn a_blocked_side_loses_by_the_rules() {
    // Red's only man, on 28, cannot move past White's man on 32.
    let game = Match::new(Checkers::from_fen("B:W32:B28").unwrap());
    let result = game.result().expect("Red is blocked");
    assert_eq!(
        result,
        MatchResult {
            outcome: Outcome::Win(Player::White),
            reason: EndReason::Rules(Ending::Blocked { loser: Player::Red })
        }
    );
    assert_eq!(
        result.to_string(),
        "White wins: Red is blocked and cannot move"
    );
}

#[test]
fn a_capture_of_the_last_piece_ends_the_match() {
    let mut game = Match::new(Checkers::from_fen("W:W22:B18,11").unwrap());
    play_all(&mut game, &["22x15x8"]);
    assert_eq!(
        game.result(),
        Some(MatchResult {
            outcome: Outcome::Win(Player::White),
            reason: EndReason::Rules(Ending::NoPieces { loser: Player::Red })
        })
    );
    assert!(game.position().legal_moves().is_empty());
}

#[cfg(feature = "serde")]
#[test]
fn a_checkers_match_serializes_and_reads_back() {
    let mut game = Match::with_rules(Checkers::from_fen(TWO_KINGS).unwrap(), REPETITION_ONLY);
    play_all(&mut game, &SHUFFLE);
    play_all(&mut game, &SHUFFLE);
    let json = serde_json::to_string(&game).unwrap();
    let back: Match<Checkers> = serde_json::from_str(&json).unwrap();
    assert_eq!(back, game);
    assert_eq!(back.result(), draw_by(EndReason::Repetition));
}
