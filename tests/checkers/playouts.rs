//! Random playouts: in every position reached, the move list, the fast
//! counters, FEN and move text agree with each other.

use rulebook::checkers::{Checkers, Ending, Move, Player};
use rulebook::{perft, Game, Outcome, SplitMix64};

use rulebook::testing::plain_perft;

const GAMES: u64 = 300;
const MAX_PLIES: usize = 300;

fn check_position(game: &Checkers) {
    let moves = game.legal_moves();
    assert_eq!(perft(game, 1), moves.len() as u64, "{game:?}");
    assert_eq!(Checkers::from_fen(&game.to_fen()).unwrap(), *game);
    let any_capture = moves.iter().any(|mv| mv.is_capture());
    assert!(
        moves.iter().all(|mv| mv.is_capture() == any_capture),
        "captures are forced"
    );
    for (i, mv) in moves.iter().enumerate() {
        assert!(!moves[..i].contains(mv), "duplicate {mv}");
        assert_eq!(mv.to_string().parse::<Move>().unwrap(), *mv);
        assert_eq!(game.parse_move(&mv.to_string()).unwrap(), *mv);
        assert!(game.is_legal(*mv));
        let piece = game.piece_at(mv.from()).expect("a move starts on a piece");
        assert_eq!(piece.color, game.to_move());
        let after = game.after(*mv).unwrap();
        let taken = game.piece_count(game.to_move().opponent())
            - after.piece_count(game.to_move().opponent());
        assert_eq!(taken as usize, mv.capture_count());
        assert_eq!(mv.captured().count(), mv.capture_count());
        assert_eq!(mv.path().count(), mv.capture_count().max(1) + 1);
    }
    match game.ending() {
        None => assert!(!moves.is_empty()),
        Some(ending) => {
            assert!(moves.is_empty());
            let loser = game.to_move();
            let expected = if game.piece_count(loser) == 0 {
                Ending::NoPieces { loser }
            } else {
                Ending::Blocked { loser }
            };
            assert_eq!(ending, expected);
            assert_eq!(
                game.outcome(),
                Some(Outcome::Win(game.to_move().opponent()))
            );
        }
    }
}

/// The fast perft override agrees with the plain walk in positions from
/// random games (kings, multi-jumps, rings) and hand-made ones.
#[test]
fn fast_perft_matches_the_plain_walk() {
    let mut rng = SplitMix64::new(0x2545_F491_4F6C_DD1D);
    let mut checked = 0;
    for _ in 0..60 {
        let mut game = Checkers::default();
        for ply in 0..200 {
            if ply % 7 == 0 {
                for depth in 1..=3 {
                    assert_eq!(perft(&game, depth), plain_perft(&game, depth), "{game:?}");
                }
                checked += 1;
            }
            let moves = game.legal_moves();
            if moves.is_empty() {
                break;
            }
            game.apply(moves[rng.below(moves.len())]).unwrap();
        }
    }
    assert!(checked > 500, "{checked}");
    for fen in [
        "B:W14,15,22,23:BK10",
        "B:W7,14,15,22,23:BK10",
        "W:W6,7,8,14,15,16,22,23,24:BK1,K2,K3,K4",
        "B:W6,7,8,14,15,16,22,23,24:BK1,K2,K3,K4",
        "B:W19,K20,28,K29:B1,2,4,K9,K10,K11,12,K17,K18,K25,K26,K27",
        "W:WK1,K2,K3,K4,K13:BK29,K30,K31,K32,K20",
        "B:W26,27:B22",
    ] {
        let game = Checkers::from_fen(fen).unwrap();
        for depth in 0..=5 {
            assert_eq!(
                perft(&game, depth),
                plain_perft(&game, depth),
                "{fen} depth {depth}"
            );
        }
    }
}

#[test]
#[ignore = "long unoptimised: the long-checks run"]
fn random_playouts_are_consistent() {
    let mut rng = SplitMix64::new(0x9E37_79B9_7F4A_7C15);
    let mut finished = [0; 2];
    for _ in 0..GAMES {
        let mut game = Checkers::default();
        for _ in 0..MAX_PLIES {
            check_position(&game);
            let moves = game.legal_moves();
            if moves.is_empty() {
                finished[usize::from(game.to_move() == Player::White)] += 1;
                break;
            }
            game.apply(moves[rng.below(moves.len())]).unwrap();
        }
    }
    // Random play ends most games by the rules, on both sides.
    assert!(finished[0] > 0 && finished[1] > 0, "{finished:?}");
}
