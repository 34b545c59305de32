//! The [`Game`] trait: the whole vocabulary that generic code (perft, search,
//! a game server, [`Match`](crate::Match)) needs to drive any game in the crate.

use core::fmt::{Debug, Display};
use core::hash::Hash;
use core::ops::DerefMut;
use core::str::FromStr;

use crate::{Outcome, PlayError, PlayerOutcome};

/// The rules of a two-player, turn-based, perfect-information game.
///
/// A value of the implementing type is one *position*: small, `Clone`
/// (usually `Copy`) and without history. History, undo, draw offers and
/// resignation live one layer up, in [`Match`](crate::Match).
///
/// # Example
///
/// Code written against the trait plays every game: here, the first legal
/// move until the game ends.
///
/// ```
/// use rulebook::checkers::Checkers;
/// use rulebook::connect4::{Connect4, Player};
/// use rulebook::{Game, Outcome, PlayError, PlayerOutcome};
///
/// fn play_first_moves<G: Game>(mut game: G, max_plies: usize) -> G {
///     for _ in 0..max_plies {
///         let Some(&mv) = game.legal_moves().first() else { break };
///         game.apply(mv).expect("a legal move is accepted");
///     }
///     game
/// }
///
/// // Connect Four: columns 0, 1, 2 fill up, then X's fourth token in a
/// // row on the bottom wins.
/// let end = play_first_moves(Connect4::default(), 100);
/// assert_eq!(end.outcome(), Some(Outcome::Win(Player::X)));
/// assert_eq!(end.outcome_for(end.to_move()), Some(PlayerOutcome::Loss));
/// let mut finished = end;
/// let column = rulebook::connect4::Column::new(6).unwrap();
/// assert_eq!(finished.apply(column), Err(PlayError::GameOver));
///
/// // Checkers goes on. A move that is not legal is refused and changes
/// // nothing.
/// assert!(!play_first_moves(Checkers::default(), 6).is_over());
/// let mut game = Checkers::default();
/// let white_move: rulebook::checkers::Move = "22-18".parse().unwrap();
/// assert_eq!(game.apply(white_move), Err(PlayError::IllegalMove(white_move)));
/// assert_eq!(game, Checkers::default());
/// ```
///
/// # Contract
///
/// Every implementation upholds these. The conformance kit checks them on
/// random playouts: `rulebook::testing::check_contract` (feature
/// `testing`), which the crate runs on its own games and you can run on
/// yours:
///
/// - `legal_moves()` holds no duplicates, and is empty **iff** `outcome()` is
///   `Some` (a finished game has no moves; a game with no moves is finished).
/// - `ending().is_some() == outcome().is_some()`.
/// - Every move of `legal_moves()` is accepted by `apply`; any other move is
///   rejected with an error and the state is left unchanged.
/// - `apply_unchecked(mv)` has the same effect as `apply(mv)` for every move
///   of `legal_moves()`; for any other move its result is unspecified (but it
///   never breaks memory safety, and never panics in release builds).
/// - Each move's `Display` text parses back to the same move with `FromStr`.
/// - Players alternate: after a move, `to_move()` is the opponent of the
///   player who moved (a game where a player sometimes cannot move makes
///   the pass a move, as Othello does).
/// - The outcome is a function of the position: equal positions have equal
///   outcomes. Either player may have won a finished game: the player who
///   moved last (four in a row, a blocked side) or the player to move (a
///   game scored by count: Othello, Kalah, Dots and Boxes). Generic code
///   ([`Match`](crate::Match), alpha-beta, Monte Carlo tree search) never
///   assumes which: it scores a finished position with
///   [`outcome_for`](Game::outcome_for).
/// - When `MAX_PLIES` is `Some(n)`, every game ends within `n` plies.
/// - `Default::default()` is the game's standard start position (the empty
///   board, the opening layout): generic code starts a game with
///   `G::default()`.
/// - Equal positions have equal [`key`](Game::key)s.
/// - A [tactical](Game::is_tactical) move is
///   [irreversible](Game::is_irreversible).
/// - No method allocates on the heap except where its docs say so.
pub trait Game: Clone + Eq + Hash + Debug + Default {
    /// A side of the game (e.g. `X`/`O`, `Red`/`White`).
    type Player: Copy + Eq + Hash + Debug + Display;
    /// One move, as a small `Copy` value. `Display` and `FromStr` use the
    /// game's standard notation and round-trip.
    type Move: Copy + Eq + Hash + Debug + Display + FromStr;
    /// A fixed-capacity list of moves: no heap allocation. Derefs to a
    /// slice, mutably too, so search code reorders it in place.
    ///
    /// A game of your own usually takes [`MoveList<Self::Move, N>`](crate::MoveList),
    /// with `N` a proven bound on the number of legal moves. `MoveList`
    /// fills its unused slots with `Move::default()`, so it needs the move
    /// type to implement [`Default`] as well (any value will do: it is
    /// never read as a move).
    type Moves: DerefMut<Target = [Self::Move]> + IntoIterator<Item = Self::Move>;
    /// Why a finished game ended by its rules (e.g. four in a row, a blocked
    /// side). Draw offers, resignations and draw rules are not rules of the
    /// position: [`Match`](crate::Match) reports those.
    type Ending: Copy + Eq + Hash + Debug + Display;

    /// The longest a game can last, in plies, when the rules bound it
    /// (`None` when they do not, e.g. checkers kings can shuffle forever).
    const MAX_PLIES: Option<u32>;

    /// The player whose turn it is. In a finished game: the player who
    /// would be to move.
    fn to_move(&self) -> Self::Player;

    /// The other player.
    fn opponent(player: Self::Player) -> Self::Player;

    /// All legal moves, each exactly once, in a deterministic order.
    ///
    /// Postcondition: empty iff [`outcome`](Game::outcome) is `Some`.
    fn legal_moves(&self) -> Self::Moves;

    /// Writes [`legal_moves`](Game::legal_moves) into `moves`, replacing
    /// what it held: the same moves in the same order, into a list the
    /// caller keeps. A search keeps one list a ply and refills it at every
    /// node, so a game whose list is large (the draughts family's) need not
    /// build and initialise a fresh one each time.
    ///
    /// The default assigns a fresh [`legal_moves`](Game::legal_moves); a
    /// game overrides it when it can refill the list in place.
    ///
    /// Postcondition: `*moves == legal_moves()` as slices.
    #[inline]
    fn legal_moves_into(&self, moves: &mut Self::Moves) {
        *moves = self.legal_moves();
    }

    /// Plays `mv` for the player to move.
    ///
    /// # Errors
    ///
    /// [`PlayError::GameOver`] when the game has ended, and
    /// [`PlayError::IllegalMove`] when `mv` is not one of
    /// [`legal_moves`](Game::legal_moves). On error the state is unchanged.
    fn apply(&mut self, mv: Self::Move) -> Result<(), PlayError<Self::Move>>;

    /// Plays `mv` without checking it: the fast path for moves taken from
    /// [`legal_moves`](Game::legal_moves).
    ///
    /// Precondition: `mv` is in `self.legal_moves()`. Otherwise the
    /// resulting state is unspecified (it may break the game's invariants,
    /// which debug builds assert).
    fn apply_unchecked(&mut self, mv: Self::Move);

    /// How the game ended, or `None` while it goes on.
    fn outcome(&self) -> Option<Outcome<Self::Player>>;

    /// Whether the game has ended by its rules: `outcome().is_some()`.
    #[inline]
    fn is_over(&self) -> bool {
        self.outcome().is_some()
    }

    /// How the game ended for `player` (win, draw or loss), or `None` while
    /// it goes on. Search code scores a finished position with
    /// `outcome_for(game.to_move())`.
    #[inline]
    fn outcome_for(&self, player: Self::Player) -> Option<PlayerOutcome> {
        self.outcome().map(|outcome| outcome.for_player(player))
    }

    /// A 64-bit key of this position for transposition tables and
    /// repetition checks.
    ///
    /// Postconditions: equal positions have equal keys; different positions
    /// have different keys with high probability (each game's docs state
    /// the collision rate measured). Keys are stable for a given version of
    /// this crate: they may change between versions, so do not store them
    /// in files meant to outlive an upgrade.
    ///
    /// The default feeds the position's [`Hash`] into a fixed (unseeded)
    /// 64-bit hasher ([`PositionHasher`](crate::PositionHasher)); the games
    /// of this crate override it with a faster key of their own.
    #[inline]
    fn key(&self) -> u64 {
        crate::key::hash_key(self)
    }

    /// Why the game ended by its rules, or `None` while it goes on.
    ///
    /// Postcondition: `ending().is_some() == outcome().is_some()`.
    fn ending(&self) -> Option<Self::Ending>;

    /// Whether `mv` can never be undone by later moves, so that no position
    /// before it can recur (a drop in Connect Four, a capture or a man's
    /// move in checkers). Draw rules use it to reset their counters.
    ///
    /// The default says every move is irreversible, which is right for
    /// games where pieces never move back.
    fn is_irreversible(&self, mv: Self::Move) -> bool {
        let _ = mv;
        true
    }

    /// Whether `mv` is *tactical*: a move that changes the material on the
    /// board (a capture), so that a position where one is available is not
    /// quiet. Search tries tactical moves first and keeps searching them
    /// past its depth limit ([quiescence](crate::search)), so that it never
    /// judges a position in the middle of an exchange.
    ///
    /// Postcondition: a tactical move is irreversible
    /// ([`is_irreversible`](Game::is_irreversible)).
    ///
    /// The default says no move is tactical, which is right for games
    /// without captures (Connect Four).
    #[inline]
    fn is_tactical(&self, mv: Self::Move) -> bool {
        let _ = mv;
        false
    }

    /// Whether the position is *quiet* and not over: the player to move
    /// has a legal move and none of its legal moves is
    /// [tactical](Game::is_tactical). A search asks it at its depth limit,
    /// where a quiet position is judged as it stands, so that a game that
    /// answers it cheaply spares the search generating the moves there.
    ///
    /// Postcondition: `true` only if `legal_moves()` is not empty and holds
    /// no tactical move. The default, `false` ("not known"), makes the
    /// search generate the moves to find out.
    #[inline]
    fn is_quiet(&self) -> bool {
        false
    }

    /// Whether `mv` is one of [`legal_moves`](Game::legal_moves).
    fn is_legal(&self, mv: Self::Move) -> bool {
        self.legal_moves().contains(&mv)
    }

    /// Why `mv` cannot be played here, as a sentence for error messages
    /// (the start of a sentence, without a final period), or `None` when
    /// it is legal. Allocates: it is meant for messages, not for search.
    ///
    /// The default says that the game is over, or names the move (in its
    /// alternate form, `{:#}`, which names its notation where that matters)
    /// and lists the legal moves. Games override it to name the rule that
    /// forbids the move, e.g. checkers' "11-15 is not a legal move in this
    /// position: a capture is compulsory; legal moves: 15x22".
    fn why_illegal(&self, mv: Self::Move) -> Option<String> {
        if self.is_legal(mv) {
            return None;
        }
        Some(match self.ending() {
            Some(ending) => format!("the game is already over: {ending}"),
            None => format!(
                "{mv:#} is not a legal move in this position; legal moves: {}",
                crate::move_list::joined(&self.legal_moves())
            ),
        })
    }

    /// The position after `mv`, leaving `self` untouched.
    ///
    /// # Errors
    ///
    /// As [`apply`](Game::apply).
    fn after(&self, mv: Self::Move) -> Result<Self, PlayError<Self::Move>> {
        let mut next = self.clone();
        next.apply(mv)?;
        Ok(next)
    }

    /// The number of move sequences of exactly `depth` plies from this
    /// position (see [`perft`](crate::perft)).
    ///
    /// The default is [`perft_plain`](crate::perft_plain). Games may
    /// override this with a faster, game-specific walk; the result must
    /// equal `perft_plain`'s.
    fn perft(&self, depth: u32) -> u64 {
        crate::perft_plain(self, depth)
    }
}

/// The checked [`Game::apply`] of a game that knows cheaply whether it is
/// over (`over`) and whether a move is legal (`legal`): [`PlayError::GameOver`]
/// when it is over, [`PlayError::IllegalMove`] when `mv` is not legal, else
/// `mv` played by [`Game::apply_unchecked`]. One definition for the draughts
/// family's positions ([`Checkers`](crate::checkers::Checkers) and
/// [`Draughts`](crate::draughts::Draughts)).
///
/// # Errors
///
/// As [`Game::apply`]; `game` is unchanged.
#[inline]
pub(crate) fn apply_checked<G: Game>(
    game: &mut G,
    mv: G::Move,
    over: impl FnOnce(&G) -> bool,
    legal: impl FnOnce(&G, G::Move) -> bool,
) -> Result<(), PlayError<G::Move>> {
    if over(game) {
        return Err(PlayError::GameOver);
    }
    if !legal(game, mv) {
        return Err(PlayError::IllegalMove(mv));
    }
    game.apply_unchecked(mv);
    Ok(())
}
