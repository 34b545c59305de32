//! What a front door draws of a position: [`Turkish::board_view`], the
//! catalog's [`BoardView`] with every square labelled (the board kind
//! [`BoardKind::Squares`], as Othello's).

use super::geometry::SIZE;
use super::{Color, Square, Turkish};
use crate::catalog::{BoardKind, BoardView, PieceView};

impl Turkish {
    /// The board as front doors draw it: 8x8, rank 8 at the top (as
    /// `Display` draws it, White at the bottom), every square labelled
    /// (`a1`...`h8`), pieces of White as player 0 and Black as player 1,
    /// kings marked. What `Described::board` returns once the game is
    /// registered in the catalog.
    pub fn board_view(&self) -> BoardView {
        BoardView::from_fn(BoardKind::Squares, SIZE as u8, SIZE as u8, |row, column| {
            let rank = SIZE - 1 - usize::from(row);
            let square = Square::at(usize::from(column), rank).unwrap_or_default();
            let piece = self.piece_at(square).map(|(color, king)| PieceView {
                player: u8::from(color == Color::Black),
                king,
            });
            (Some(square.to_string()), piece)
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_square_is_labelled_and_the_pieces_are_all_there() {
        let board = Turkish::default().board_view();
        assert_eq!(
            (board.kind, board.rows, board.columns),
            (BoardKind::Squares, 8, 8)
        );
        assert!(board.cells.iter().all(|cell| cell.label.is_some()));
        assert_eq!(
            board
                .cells
                .iter()
                .filter(|cell| cell.piece.is_some())
                .count(),
            32
        );
        let top_left = board.cell(0, 0).unwrap();
        assert_eq!(top_left.label.as_deref(), Some("a8"));
        let black_man = board.cell(1, 0).unwrap().piece.unwrap();
        assert_eq!((black_man.player, black_man.king), (1, false));
    }
}
