//! [`DrawRules`]: optional automatic draw rules of a [`Match`](crate::Match).

/// Automatic draw rules a [`Match`](crate::Match) applies after every move.
///
/// Both are off by default: the original rules of the games in this crate
/// have none. They are rules of the *match*, not of the position, because
/// they need the history.
///
/// A move that ends the game by the game's own rules (e.g. a win) takes
/// precedence over both; threefold repetition is checked before the move
/// limit.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Default)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct DrawRules {
    /// Draw when the same position, with the same player to move, occurs for
    /// the third time. Only positions since the last irreversible move
    /// ([`Game::is_irreversible`](crate::Game::is_irreversible)) can repeat,
    /// so only those are compared.
    pub threefold_repetition: bool,
    /// Draw after this many moves **per side** in a row without an
    /// irreversible move (in checkers: no capture and no man's move), i.e.
    /// after `2 * n` plies. `Some(0)` is treated like `None` (no limit).
    /// With serde the field is required (`null` for no limit).
    #[cfg_attr(feature = "serde", serde(deserialize_with = "Option::deserialize"))]
    pub move_limit: Option<u32>,
}

impl DrawRules {
    /// The American Checker Federation's limit: 40 moves per side without a
    /// capture or a man's move.
    pub const AMERICAN_MOVE_LIMIT: u32 = 40;

    /// No automatic draws: the original rules (same as `default()`).
    pub const NONE: DrawRules = DrawRules {
        threefold_repetition: false,
        move_limit: None,
    };

    /// Threefold repetition and the American 40-move limit, as tournament
    /// checkers plays.
    pub const TOURNAMENT: DrawRules = DrawRules {
        threefold_repetition: true,
        move_limit: Some(Self::AMERICAN_MOVE_LIMIT),
    };

    /// The move limit in plies (both sides' moves), or `None` when there is
    /// no limit.
    pub(crate) fn ply_limit(self) -> Option<u64> {
        match self.move_limit {
            None | Some(0) => None,
            Some(moves_per_side) => Some(2 * u64::from(moves_per_side)),
        }
    }
}
