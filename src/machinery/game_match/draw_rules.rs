//! [`DrawRules`]: optional automatic draw rules of a [`Match`](crate::Match).

/// Automatic draw rules a [`Match`](crate::Match) applies after every move.
///
/// Both are off by default: the original rules of the games in this crate
/// have none. [`DrawRules::TOURNAMENT`] (or [`DrawRules::tournament()`])
/// turns both on as tournament checkers plays; build other combinations
/// from the two fields. They are rules of the *match*, not of the position, because
/// they need the history.
///
/// A move that ends the game by the game's own rules (e.g. a win) takes
/// precedence over both; threefold repetition is checked before the move
/// limit.
///
/// ```
/// use rulebook::checkers::Checkers;
/// use rulebook::{DrawRules, EndReason, Match, Outcome};
///
/// // Repetition only: two kings shuffle back and forth.
/// let rules = DrawRules { threefold_repetition: true, move_limit: None };
/// let start = Checkers::from_fen("B:WK32:BK1").unwrap();
/// let mut game = Match::with_rules(start, rules);
/// for text in ["1-6", "32-27", "6-1", "27-32", "1-6", "32-27", "6-1", "27-32"] {
///     let mv = game.position().parse_move(text).unwrap();
///     game.play(mv).unwrap();
/// }
/// let result = game.result().unwrap();
/// assert_eq!((result.outcome, result.reason), (Outcome::Draw, EndReason::Repetition));
/// ```
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
    /// checkers plays (also [`DrawRules::tournament()`]).
    ///
    /// ```
    /// use rulebook::checkers::Checkers;
    /// use rulebook::{DrawRules, Match};
    ///
    /// let game = Match::with_rules(Checkers::default(), DrawRules::TOURNAMENT);
    /// assert_eq!(game.draw_rules().move_limit, Some(40));
    /// ```
    pub const TOURNAMENT: DrawRules = DrawRules {
        threefold_repetition: true,
        move_limit: Some(Self::AMERICAN_MOVE_LIMIT),
    };

    /// Threefold repetition and the American 40-move limit:
    /// [`DrawRules::TOURNAMENT`], as a function.
    ///
    /// ```
    /// use rulebook::DrawRules;
    ///
    /// assert_eq!(DrawRules::tournament(), DrawRules::TOURNAMENT);
    /// assert!(DrawRules::tournament().threefold_repetition);
    /// ```
    #[must_use]
    pub const fn tournament() -> DrawRules {
        Self::TOURNAMENT
    }

    /// The move limit in plies (both sides' moves), or `None` when there is
    /// no limit.
    pub(crate) fn ply_limit(self) -> Option<u64> {
        match self.move_limit {
            None | Some(0) => None,
            Some(moves_per_side) => Some(2 * u64::from(moves_per_side)),
        }
    }
}
