//! [`Described`] for Othello: every square labelled (`a1` to `h8`), the
//! square as the move (`pass` when forced, with the empty route), the
//! discs a move turns over as its captures, the board text as the
//! position.

use core::ops::RangeInclusive;

use super::{
    BoardKind, BoardView, Described, GameSpec, MoveTextError, PieceView, PositionTextError,
};
use crate::othello::{self, Move, Othello, Player, Square, SIZE};
use crate::pdn::{numbered, write_record, PdnResult, RecordTags, WriteError};
use crate::search::{Engine, LevelError};
use crate::{DrawRules, Game, Match};

impl Described for Othello {
    fn spec(&self) -> GameSpec {
        GameSpec::Othello
    }

    fn players() -> [Player; 2] {
        Player::ALL
    }

    fn player_name(player: Player) -> &'static str {
        match player {
            Player::Black => "black",
            Player::White => "white",
        }
    }

    /// [`Othello::text`]: the 64 squares (`X`, `O`, `-`), a space, the
    /// side to move.
    fn position_text(&self) -> String {
        self.text()
    }

    fn parse_position(&self, text: &str) -> Result<Othello, PositionTextError> {
        Othello::parse_text(text).map_err(|error| PositionTextError::new(self.spec(), text, error))
    }

    /// `d3`, or `pass`.
    fn move_text(&self, mv: Move) -> String {
        mv.to_string()
    }

    /// [`Othello::parse_move`]: its message lists the legal moves.
    fn parse_move(&self, text: &str) -> Result<Move, MoveTextError> {
        Othello::parse_move(self, text).map_err(|error| MoveTextError::new(text, error))
    }

    /// `[square]`; a pass, the empty route.
    fn route(&self, mv: Move) -> Vec<String> {
        mv.square()
            .map(|square| square.to_string())
            .into_iter()
            .collect()
    }

    /// The discs the move turns over, in square order (they change sides
    /// rather than leave the board, but leave the opponent).
    fn captured(&self, mv: Move) -> Vec<String> {
        let Some(square) = mv.square() else {
            return Vec::new();
        };
        let flipped = self.flipped_by(square);
        Square::all()
            .filter(|square| flipped & square.bit() != 0)
            .map(|square| square.to_string())
            .collect()
    }

    /// 8x8, rank 1 at the top (as [`Othello`]'s `Display`), every square
    /// labelled.
    fn board(&self) -> BoardView {
        BoardView::from_fn(BoardKind::Squares, SIZE as u8, SIZE as u8, |row, column| {
            let square = Square::at(usize::from(column), usize::from(row)).unwrap_or_default();
            let piece = self.disc_at(square).map(|player| PieceView {
                player: u8::from(player == Player::White),
                king: false,
            });
            (Some(square.to_string()), piece)
        })
    }

    fn levels() -> RangeInclusive<u32> {
        1..=othello::MAX_LEVEL
    }

    fn default_level() -> u32 {
        othello::DEFAULT_LEVEL
    }

    /// [`othello::engine`].
    fn engine(&self, level: u32) -> Result<Engine<Othello>, LevelError> {
        othello::engine(level)
    }

    /// A PDN-like record: the tags, `Result` (`1-0` when Black wins),
    /// `FEN` (the board text) when the start is not the standard one, and
    /// the moves, numbered (`1. f5 d6 2. c3 *`).
    fn record(game: &Match<Othello>, tags: &[(&str, &str)]) -> Result<String, WriteError> {
        let result = PdnResult::of_match_of(game, Player::Black);
        let standard_start = *game.start() == Othello::default();
        let computed = RecordTags {
            result: result.as_str(),
            game_type: None,
            fen: (!standard_start).then(|| game.start().text()),
        };
        let moves = game.history().iter().map(|mv| mv.to_string());
        let first_to_move = game.start().to_move() == Player::Black;
        write_record(
            tags.iter().copied(),
            &computed,
            numbered(moves, first_to_move),
        )
    }

    /// None: every game ends within 60 discs.
    fn draw_rules() -> DrawRules {
        DrawRules::NONE
    }
}
