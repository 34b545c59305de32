//! [`Described`] for Connect Four and ConnectX: a drop board, the column
//! index as the move, the crate's board text as the position.

use core::ops::RangeInclusive;

use super::{
    BoardKind, BoardView, Described, GameSpec, MoveTextError, PieceView, PositionTextError,
};
use crate::connect4::{self, Connect4, Player};
use crate::connectx::{self, ConnectX, Parameters};
use crate::pdn::{numbered, write_record, PdnResult, RecordTags, WriteError};
use crate::search::{Engine, LevelError};
use crate::{DrawRules, Game, Match};

/// The Connect Four players' names, X first.
fn player_name(player: Player) -> &'static str {
    match player {
        Player::X => "x",
        Player::O => "o",
    }
}

/// The piece of `player`'s token: X is the first player.
fn token(player: Player) -> PieceView {
    PieceView {
        player: u8::from(player == Player::O),
        king: false,
    }
}

/// A drop board of `rows` x `columns` whose tokens `piece_at(row, column)`
/// gives with row 0 at the *bottom*, as the boards count rows.
fn drop_board(
    rows: usize,
    columns: usize,
    piece_at: impl Fn(usize, usize) -> Option<Player>,
) -> BoardView {
    debug_assert!(rows <= usize::from(u8::MAX) && columns <= usize::from(u8::MAX));
    BoardView::from_fn(BoardKind::Drop, rows as u8, columns as u8, |row, column| {
        let from_bottom = rows - 1 - usize::from(row);
        (None, piece_at(from_bottom, usize::from(column)).map(token))
    })
}

/// The PDN-like record of a drop game: the tags, `Result`, the start
/// position as `FEN` when it is not the empty Connect Four board, and the
/// moves' column indices, numbered.
fn drop_record<G: Described<Player = Player>>(
    game: &Match<G>,
    tags: &[(&str, &str)],
    standard_start: bool,
) -> Result<String, WriteError> {
    let result = PdnResult::of_match_of(game, Player::X);
    let computed = RecordTags {
        result: result.as_str(),
        game_type: None,
        fen: (!standard_start).then(|| game.start().position_text()),
    };
    let moves = game.history().iter().map(|mv| mv.to_string());
    let first_to_move = game.start().to_move() == Player::X;
    write_record(
        tags.iter().copied(),
        &computed,
        numbered(moves, first_to_move),
    )
}

/// The move `text` names, if it is a legal move of `game`: `column` reads
/// the column, and the game's `why_illegal` says why it cannot be played.
fn legal_column<G: Game, E: core::fmt::Display>(
    game: &G,
    text: &str,
    column: impl FnOnce(&str) -> Result<G::Move, E>,
) -> Result<G::Move, MoveTextError> {
    let mv = column(text.trim()).map_err(|error| MoveTextError::new(text, error))?;
    match game.why_illegal(mv) {
        None => Ok(mv),
        Some(reason) => Err(MoveTextError::new(text, reason)),
    }
}

/// The methods Connect Four and ConnectX describe alike: the players, the
/// board text, the column index as the move and its route, no captures,
/// no draw rules.
macro_rules! drop_game_methods {
    ($column:ty) => {
        fn players() -> [Player; 2] {
            Player::ALL
        }

        fn player_name(player: Player) -> &'static str {
            player_name(player)
        }

        /// The crate's board text (`text()`; ConnectX's with its size,
        /// `6x7x4:...`).
        fn position_text(&self) -> String {
            self.text()
        }

        /// The column index, `0` to `columns - 1`.
        fn move_text(&self, mv: $column) -> String {
            mv.to_string()
        }

        /// `[column]`.
        fn route(&self, mv: $column) -> Vec<String> {
            vec![mv.to_string()]
        }

        /// Nothing: tokens are never captured.
        fn captured(&self, _mv: $column) -> Vec<String> {
            Vec::new()
        }

        /// None: a game ends when the board is full, at the latest.
        fn draw_rules() -> DrawRules {
            DrawRules::NONE
        }
    };
}

impl Described for Connect4 {
    drop_game_methods!(connect4::Column);

    fn spec(&self) -> GameSpec {
        GameSpec::Connect4
    }

    fn parse_position(&self, text: &str) -> Result<Connect4, PositionTextError> {
        Connect4::parse_text(text.trim())
            .map_err(|error| PositionTextError::new(self.spec(), text, error))
    }

    fn parse_move(&self, text: &str) -> Result<connect4::Column, MoveTextError> {
        legal_column(self, text, str::parse::<connect4::Column>)
    }

    fn board(&self) -> BoardView {
        let board = self.board();
        drop_board(connect4::ROWS, connect4::COLUMNS, |row, column| {
            board.piece_at(row, column)
        })
    }

    fn levels() -> RangeInclusive<u32> {
        1..=connect4::MAX_LEVEL
    }

    fn default_level() -> u32 {
        connect4::DEFAULT_LEVEL
    }

    /// [`connect4::engine`].
    fn engine(&self, level: u32) -> Result<Engine<Connect4>, LevelError> {
        connect4::engine(level)
    }

    /// The PDN-like record: tags, `Result`, `FEN` (the board text) when the
    /// start is not the empty board, and the column indices, numbered
    /// (`1. 3 3 2. 4 *`). [`Match::to_moves`] writes the solver notation
    /// (1-indexed digits, no tags) instead.
    fn record(game: &Match<Connect4>, tags: &[(&str, &str)]) -> Result<String, WriteError> {
        drop_record(game, tags, *game.start() == Connect4::default())
    }
}

impl Described for ConnectX {
    drop_game_methods!(connectx::Column);

    fn spec(&self) -> GameSpec {
        GameSpec::ConnectX(self.parameters())
    }

    /// Reads [`ConnectX::text`] of a board of this game's size.
    fn parse_position(&self, text: &str) -> Result<ConnectX, PositionTextError> {
        let position = ConnectX::parse_text(text.trim())
            .map_err(|error| PositionTextError::new(self.spec(), text, error))?;
        if position.parameters() != self.parameters() {
            let message = format!(
                "it is a {} board, but this game is {}",
                position.parameters(),
                self.parameters()
            );
            return Err(PositionTextError::new(self.spec(), text, message));
        }
        Ok(position)
    }

    fn parse_move(&self, text: &str) -> Result<connectx::Column, MoveTextError> {
        let parameters = self.parameters();
        legal_column(self, text, |text| parameters.parse_column(text))
    }

    fn board(&self) -> BoardView {
        let board = self.board();
        drop_board(board.rows(), board.columns(), |row, column| {
            board.piece_at(row, column)
        })
    }

    fn levels() -> RangeInclusive<u32> {
        1..=connectx::MAX_LEVEL
    }

    fn default_level() -> u32 {
        connectx::DEFAULT_LEVEL
    }

    /// [`connectx::engine`] (Monte Carlo tree search, for any size).
    fn engine(&self, level: u32) -> Result<Engine<ConnectX>, LevelError> {
        connectx::engine(level)
    }

    /// As Connect Four's record; the `FEN` (with the size) is written
    /// whenever the start is not the empty 6x7x4 board, so the record
    /// names its size.
    fn record(game: &Match<ConnectX>, tags: &[(&str, &str)]) -> Result<String, WriteError> {
        let standard = ConnectX::new(Parameters::CONNECT_FOUR);
        drop_record(game, tags, *game.start() == standard)
    }
}
