//! The one vocabulary of the draughts family, English checkers included:
//! `Checkers` and `English` (the generic engine on English rules) share
//! squares, pieces, FEN and PDN replay errors, and checkers' `Player` converts to
//! the family's `Color` (Red is Black).

use proptest::prelude::*;
use rulebook::checkers::{self, Checkers, Player};
use rulebook::draughts::{Color, English, EnglishRules, Piece, Role, Setup, Square};
use rulebook::pdn::{PdnReader, ReplayErrorKind};
use rulebook::Game;

#[test]
fn players_are_the_familys_colors() {
    assert_eq!(Color::from(Player::Red), Color::Black);
    assert_eq!(Color::from(Player::White), Color::White);
    for player in [Player::Red, Player::White] {
        assert_eq!(Player::from(Color::from(player)), player);
        assert_eq!(player.pdn_letter(), Color::from(player).pdn_letter());
    }
    assert_eq!(
        Checkers::default().to_move(),
        Player::from(English::default().to_move())
    );
}

#[test]
fn one_piece_type_with_each_games_symbols() {
    let red_king = checkers::Piece {
        color: Player::Red,
        role: Role::King,
    };
    assert_eq!(red_king.symbol(), 'R');
    assert_eq!(red_king.to_string(), "Red king");
    let black_king = red_king.in_colors();
    assert_eq!(
        black_king,
        Piece {
            color: Color::Black,
            role: Role::King
        }
    );
    assert_eq!(black_king.symbol(), 'B');
    assert_eq!(black_king.to_string(), "Black king");
    assert_eq!(checkers::Piece::from_colors(black_king), red_king);
    let white_man = checkers::Piece {
        color: Player::White,
        role: Role::Man,
    };
    assert_eq!(white_man.symbol(), white_man.in_colors().symbol());
}

#[test]
fn checkers_setup_is_the_english_setup() {
    let fen = "W:W21,K30:BK1,5,9";
    let setup: checkers::Setup = fen.parse().unwrap();
    let english: Setup<EnglishRules> = fen.parse().unwrap();
    assert_eq!(setup, english);
    // One square type: checkers' square is the English board's.
    let square: Square<EnglishRules> = checkers::Square::new(30).unwrap();
    assert_eq!(square.to_string(), "30");
    assert_eq!("30".parse::<checkers::Square>(), Ok(square));
    let position = Checkers::from_setup(&setup).unwrap();
    let english = English::from_setup(&setup).unwrap();
    for square in checkers::Square::all() {
        assert_eq!(
            position.piece_at(square).map(checkers::Piece::in_colors),
            english.piece_at(square),
            "{square}"
        );
    }
    assert_eq!(position.to_setup(), setup);
    assert_eq!(English::from_setup(&setup).unwrap().to_setup(), setup);
    assert_eq!(position.to_fen(), English::from_fen(fen).unwrap().to_fen());
    // One error type: both games refuse the same text the same way.
    for bad in [
        "W:W21:B30",
        "B:W1-13:B20",
        "W:W:B",
        "W:W33:B1",
        "[Event \"x\"]",
    ] {
        assert_eq!(
            Checkers::from_fen(bad).unwrap_err(),
            English::from_fen(bad).unwrap_err(),
            "{bad}"
        );
    }
}

#[test]
fn every_variant_reads_counters_and_fen_tags() {
    let plain = rulebook::draughts::International::from_fen("W:W31-50:B1-20").unwrap();
    for text in ["W:W31-50:B1-20:H0:F1", "[FEN \"W:W31-50:B1-20\"]"] {
        assert_eq!(
            rulebook::draughts::International::from_fen(text),
            Ok(plain),
            "{text}"
        );
    }
    assert!(matches!(
        rulebook::draughts::Russian::from_fen("[Event \"W:Wa1:Bh8\"]"),
        Err(rulebook::draughts::FenError::TagForm { .. })
    ));
}

#[test]
fn one_replay_error_named_by_each_games_players() {
    let text = "[Event \"Club\"]\n1. 9-13 22-18 2. 1-5 *\n";
    let game = PdnReader::new(text).next().unwrap().unwrap();
    let checkers_error = game.replay().unwrap_err();
    let english_error = rulebook::draughts::pdn::replay::<EnglishRules>(&game).unwrap_err();
    let (
        ReplayErrorKind::IllegalMove {
            mv: checkers_move, ..
        },
        ReplayErrorKind::IllegalMove {
            mv: english_move, ..
        },
    ) = (&*checkers_error.kind, &*english_error.kind)
    else {
        panic!("{checkers_error} / {english_error}");
    };
    assert_eq!(checkers_move.side, Player::Red);
    assert_eq!(english_move.side, Color::Black);
    assert_eq!(
        (checkers_move.number, &checkers_move.text),
        (2, &"1-5".to_owned())
    );
    assert_eq!(english_move.text, checkers_move.text);
    assert!(checkers_error.to_string().contains("move 2, Red 1-5"));
    assert!(english_error.to_string().contains("move 2, Black 1-5"));
}

proptest! {
    /// Positions reached by random play write the same FEN and the same
    /// setup in both games, and read back.
    #[test]
    fn random_positions_share_their_setup(choices in proptest::collection::vec(0usize..64, 0..40)) {
        let mut position = Checkers::default();
        for choice in choices {
            let moves = position.legal_moves();
            if moves.is_empty() {
                break;
            }
            position.apply_unchecked(moves[choice % moves.len()]);
        }
        let english = English::from_setup(&position.to_setup()).unwrap();
        prop_assert_eq!(english.to_fen(), position.to_fen());
        prop_assert_eq!(Checkers::from_setup(&english.to_setup()).unwrap(), position);
        prop_assert_eq!(Player::from(english.to_move()), position.to_move());
    }
}
