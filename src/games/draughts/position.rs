//! [`Draughts`]: a position of a draughts variant and the rules that move it
//! on ([`Game`]).

use core::fmt;
use core::marker::PhantomData;

use super::distinct::{push_capture, SameResult, LISTED_INLINE};
use super::engine::{BlackSide, Board, Capture, Path, Side, Sink, WhiteSide};
use super::fen::{FenError, PositionError, Setup};
use super::geometry::{bit_of_index, index_of_bit, line_between, Bitboard, Geometry};
use super::king_run::KingRuns;
use super::moves::{Move, MoveText, Moves, ParseMoveError, MAX_CAPTURES};
use super::notation::Square;
use super::perft::{self, Distinct, Routes};
use super::piece::{Color, Piece};
use super::rules::{CaptureRoutes, Crowning, Goal, Rules};
use crate::game::apply_checked;
use crate::{Game, Outcome, PlayError};

/// Why a draughts game ended. The side to move has lost, but in
/// [`Antidraughts`](super::Antidraughts), where a side that cannot move
/// wins ([`Rules::GOAL`]).
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub enum Ending {
    /// The side to move has no pieces left.
    NoPieces,
    /// The side to move has pieces but none can move.
    Blocked,
    /// The other side has crowned a king and won
    /// ([`Breakthrough`](super::Breakthrough)).
    KingCrowned,
}

impl fmt::Display for Ending {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Ending::NoPieces => "the player to move has no pieces left",
            Ending::Blocked => "the player to move is blocked and cannot move",
            Ending::KingCrowned => "the player who moved last has crowned a king",
        })
    }
}

/// A position of draughts variant `R`: where every piece stands and who is
/// to move. The variants' types are aliases:
/// [`International`](super::International), [`Russian`](super::Russian),
/// ....
///
/// Stored as three bitboards (White's pieces, Black's pieces, kings of
/// both), the side to move and, in Frisian, each side's run of quiet
/// moves by one king ([`Draughts::king_run`]); `Copy`, 32 bytes.
///
/// Invariants (checked on construction, kept by every move): the two
/// sides' pieces are disjoint; kings are pieces; each side has at most as
/// many pieces as it starts with; no man stands on the row where it would
/// have been crowned; every piece is on a playable square; at least one
/// piece is on the board; a side's king run ([`Draughts::king_run`]) is
/// only counted where the variant limits it, stays within the limit, and
/// names a king of a side that still has men.
///
/// `Default` is the start position. `Display` draws the board.
///
/// ```
/// use rulebook::draughts::{Brazilian, Czech, International, Italian, Pool, Russian, Spanish};
/// use rulebook::Game;
///
/// // Each variant in its own notation: numbers on the 10x10 board and in
/// // pool, Italian and Spanish; a1-h8 in Russian, Brazilian and Czech.
/// let mut game = International::default();
/// game.apply(game.parse_move("32-28").unwrap()).unwrap();
/// assert_eq!(Russian::default().parse_move("c3-d4").unwrap().to_string(), "c3-d4");
/// assert_eq!(Brazilian::default().legal_moves().len(), 7);
/// assert_eq!(Czech::default().legal_moves().len(), 7);
/// assert_eq!(Pool::default().legal_moves().len(), 7);
/// assert_eq!(Italian::default().legal_moves().len(), 7);
/// assert_eq!(Spanish::default().legal_moves().len(), 7);
/// # let _ = game;
/// ```
pub struct Draughts<R> {
    pub(super) white: Bitboard,
    pub(super) black: Bitboard,
    pub(super) kings: Bitboard,
    pub(super) turn: Color,
    /// Each side's run of quiet moves by one king ([`Rules::SAME_KING_MOVES`];
    /// always none in the other variants).
    runs: KingRuns,
    variant: PhantomData<fn() -> R>,
}

impl<R> Clone for Draughts<R> {
    fn clone(&self) -> Self {
        *self
    }
}
impl<R> Copy for Draughts<R> {}
impl<R> PartialEq for Draughts<R> {
    fn eq(&self, other: &Self) -> bool {
        (self.white, self.black, self.kings, self.turn, self.runs)
            == (
                other.white,
                other.black,
                other.kings,
                other.turn,
                other.runs,
            )
    }
}
impl<R> Eq for Draughts<R> {}
impl<R> core::hash::Hash for Draughts<R> {
    fn hash<H: core::hash::Hasher>(&self, state: &mut H) {
        (self.white, self.black, self.kings, self.turn, self.runs).hash(state);
    }
}

impl<R: Rules> Default for Draughts<R> {
    fn default() -> Self {
        Draughts {
            white: R::WHITE_START,
            black: R::BLACK_START,
            kings: 0,
            turn: R::FIRST,
            runs: KingRuns::NONE,
            variant: PhantomData,
        }
    }
}

/// Why [`Draughts::parse_move`] could not resolve move text.
#[derive(Clone, PartialEq, Eq, Debug, thiserror::Error)]
pub enum ResolveMoveError<R: Rules> {
    /// The text is not move notation.
    #[error(transparent)]
    Parse(#[from] ParseMoveError),
    /// No legal move matches.
    #[error("{text} is not a legal move in this position{}", legal_list(.legal))]
    NoMatch {
        /// The text that was read.
        text: String,
        /// The legal moves, to show what would have been accepted.
        legal: Vec<Move<R>>,
    },
    /// Several legal moves match the short form.
    #[error("{text} matches several legal moves ({}); write the full path", move_list(.candidates))]
    Ambiguous {
        /// The text that was read.
        text: String,
        /// The legal moves it matches.
        candidates: Vec<Move<R>>,
    },
}

/// Moves as a comma-separated list, for error messages.
pub(crate) fn move_list<R: Rules>(moves: &[Move<R>]) -> String {
    moves
        .iter()
        .map(Move::to_string)
        .collect::<Vec<_>>()
        .join(", ")
}

fn legal_list<R: Rules>(moves: &[Move<R>]) -> String {
    if moves.is_empty() {
        "; the game is over".to_owned()
    } else {
        format!("; legal moves: {}", move_list(moves))
    }
}

/// Collects the legal captures as [`Move`]s, applying precedence, and
/// listing captures that coincide as `routes` says.
struct Collect<'a, R: Rules> {
    moves: &'a mut Moves<R>,
    best: Option<u64>,
    routes: CaptureRoutes,
    seen: SameResult<LISTED_INLINE>,
}

impl<R: Rules> Sink for Collect<'_, R> {
    const PATH: bool = true;
    fn complete(&mut self, capture: Capture, path: &Path) {
        match self.best {
            Some(best) if capture.key < best => return,
            Some(best) if capture.key == best => {}
            _ => {
                self.moves.clear();
                self.seen.clear();
                self.best = Some(capture.key);
            }
        }
        let route = path
            .written()
            .map(|bit| usize::from(index_of_bit::<R>(u32::from(bit))));
        let taken = capture.captured.count_ones() as usize;
        let mv = Move::capture(route, taken);
        push_capture(self.moves, &mut self.seen, self.routes, &capture, mv);
    }
}

impl<R: Rules> Draughts<R> {
    /// The start position (same as `Default`).
    pub fn new() -> Draughts<R> {
        Draughts::default()
    }

    /// Reads a position from PDN FEN, e.g. `W:W31-50:B1-20` (see
    /// [`Setup`]).
    ///
    /// # Errors
    ///
    /// [`FenError`] when the text is not FEN (naming the field and the
    /// token that is wrong) or describes a position the rules do not allow
    /// (see [`Draughts::from_setup`]).
    pub fn from_fen(fen: &str) -> Result<Draughts<R>, FenError> {
        let setup: Setup<R> = fen.parse()?;
        Ok(Draughts::from_setup(&setup)?)
    }

    /// The position of a [`Setup`], after checking it.
    ///
    /// # Errors
    ///
    /// [`PositionError`] when a side has more pieces than it starts with, a
    /// man stands on the row where it would have been crowned, or the board
    /// is empty.
    pub fn from_setup(setup: &Setup<R>) -> Result<Draughts<R>, PositionError> {
        setup.check()?;
        let [white, black, kings] =
            setup.bitboards(|square| 1 << bit_of_index::<R>(square.index()));
        let mut runs = KingRuns::NONE;
        for color in [Color::White, Color::Black] {
            if let Some((square, count)) = setup.king_run(color) {
                runs.set(color, bit_of_index::<R>(square.index()), count);
            }
        }
        let position = Draughts {
            white,
            black,
            kings,
            turn: setup.to_move,
            runs,
            variant: PhantomData,
        };
        position.debug_assert_invariants();
        Ok(position)
    }

    /// The [`Setup`] of this position.
    pub fn to_setup(&self) -> Setup<R> {
        let mut setup = Setup::from_pieces(self.turn, |square| self.piece_at(square));
        for color in [Color::White, Color::Black] {
            setup.set_king_run(color, self.king_run(color));
        }
        setup
    }

    /// `color`'s run of quiet moves by one king, in a variant that limits
    /// them ([`Rules::SAME_KING_MOVES`], Frisian): the king's square and
    /// how many quiet moves in a row it has made, or `None` when no run is
    /// counted (`color`'s last move was a capture, a man's move, or not
    /// made from this position's history). When the count is the limit,
    /// that king may capture but not make a quiet move.
    ///
    /// ```
    /// use rulebook::draughts::{Color, Frisian};
    /// use rulebook::Game;
    ///
    /// let mut game = Frisian::from_fen("W:W40,K46:B4").unwrap();
    /// for text in ["46-37", "4-9", "37-46", "9-13", "46-37", "13-18"] {
    ///     game.apply(game.parse_move(text).unwrap()).unwrap();
    /// }
    /// assert_eq!(game.king_run(Color::White).map(|(s, n)| (s.to_string(), n)), Some(("37".into(), 3)));
    /// // The king on 37 has moved three times in a row: only the man may move.
    /// assert!(game.legal_moves().iter().all(|mv| mv.from().to_string() == "40"));
    /// ```
    pub fn king_run(&self, color: Color) -> Option<(Square<R>, u8)> {
        let (bit, count) = self.runs.get(color)?;
        Some((
            Square::new_unchecked(usize::from(index_of_bit::<R>(bit))),
            count,
        ))
    }

    /// This position in PDN FEN (`W:W31,K32:B5,9`; algebraic variants
    /// `W:Wa1,Kc3:Bf6`). [`Draughts::from_fen`] reads it back.
    pub fn to_fen(&self) -> String {
        self.to_setup().to_string()
    }

    /// The piece on `square`, if any.
    pub fn piece_at(&self, square: Square<R>) -> Option<Piece> {
        let bit = 1 << bit_of_index::<R>(square.index());
        Piece::on_bit(bit, self.white, self.black, self.kings)
    }

    /// The squares of `color`'s pieces, by dense index.
    pub fn squares_of(&self, color: Color) -> impl Iterator<Item = Square<R>> + '_ {
        let pieces = self.pieces(color);
        Square::all().filter(move |square| pieces & (1 << bit_of_index::<R>(square.index())) != 0)
    }

    crate::draughts::piece_counts!(Color);

    /// How many pieces stand on the board, of both sides: the endgame
    /// databases' first test, before any square is looked at.
    #[inline]
    pub(crate) fn piece_total(&self) -> u32 {
        (self.white | self.black).count_ones()
    }

    /// The pieces by dense index (bit `i` stands for the square of dense
    /// index `i`): White's, Black's and the kings of both. For the endgame
    /// databases ([`crate::endgame`]), which index positions by square.
    pub(crate) fn dense_bitboards(&self) -> [u64; 3] {
        let dense = |mut board: Bitboard| {
            let mut set = 0u64;
            while board != 0 {
                set |= 1 << index_of_bit::<R>(board.trailing_zeros());
                board &= board - 1;
            }
            set
        };
        [dense(self.white), dense(self.black), dense(self.kings)]
    }

    /// The position whose pieces [`dense_bitboards`](Self::dense_bitboards)
    /// gives, `turn` to move.
    ///
    /// Precondition: the sets make a position the rules allow (disjoint
    /// sides, kings among the pieces, squares below `R::SQUARES`, no man on
    /// its crowning row, at least one piece); checked in debug builds.
    pub(crate) fn from_dense_bitboards(white: u64, black: u64, kings: u64, turn: Color) -> Self {
        let padded = |mut set: u64| {
            let mut board: Bitboard = 0;
            while set != 0 {
                board |= 1 << bit_of_index::<R>(set.trailing_zeros() as usize);
                set &= set - 1;
            }
            board
        };
        let position = Draughts {
            white: padded(white),
            black: padded(black),
            kings: padded(kings),
            turn,
            runs: KingRuns::NONE,
            variant: PhantomData,
        };
        position.debug_assert_invariants();
        position
    }

    /// The squares of the pieces `mv` captures, in the order it takes them
    /// (empty for a quiet move). `mv` should be legal here; for another
    /// move the result says which opponent pieces lie on its route.
    pub fn captured(&self, mv: &Move<R>) -> Vec<Square<R>> {
        let (victims, count) = self.victims(mv);
        victims[..count]
            .iter()
            .map(|&index| Square::new_unchecked(usize::from(index)))
            .collect()
    }

    /// The pieces `mv` takes, as dense indices in order, and how many:
    /// every opponent piece on its legs.
    fn victims(&self, mv: &Move<R>) -> ([u8; MAX_CAPTURES], usize) {
        let mut victims = [0; MAX_CAPTURES];
        let mut count = 0;
        self.for_each_stop(mv, |victim, _, _| {
            if let Some(slot) = victims.get_mut(count) {
                *slot = victim;
                count += 1;
            }
        });
        (victims, count)
    }

    /// Calls `visit(victim, stops, written)` for each piece capture `mv`
    /// takes, in order: its dense index, and the squares (bits by dense
    /// index) the capturing piece may stand on after taking it. That is
    /// the leg's end (`written`) when the piece turns there or the move
    /// ends (or the piece jumps, one square beyond); when a flying king
    /// takes the next piece on the same line, any empty square between
    /// the two (stops the move does not write).
    pub(super) fn for_each_stop(&self, mv: &Move<R>, mut visit: impl FnMut(u8, u64, bool)) {
        if !mv.is_capture() {
            return;
        }
        let opponent = self.pieces(self.turn.opponent());
        let is_opponent = |index: usize| opponent & (1 << bit_of_index::<R>(index)) != 0;
        for leg in mv.indices().windows(2) {
            let (from, to) = (usize::from(leg[0]), usize::from(leg[1]));
            let Some(between) = line_between::<R>(from, to) else {
                continue;
            };
            let mut victim: Option<usize> = None;
            let mut stops = 0u64;
            for index in between {
                if is_opponent(index) {
                    if let Some(previous) = victim {
                        visit(previous as u8, stops, false);
                    }
                    victim = Some(index);
                    stops = 0;
                } else if victim.is_some() {
                    stops |= 1 << index;
                }
            }
            if let Some(last) = victim {
                visit(last as u8, 1 << to, true);
            }
        }
    }

    /// The squares the piece of capture `mv` may stand on after taking
    /// its `taken + 1`-th piece (none past the end).
    pub(super) fn stops_after(&self, mv: &Move<R>, taken: usize) -> u64 {
        let mut count = 0;
        let mut found = 0;
        self.for_each_stop(mv, |_, stops, _| {
            if count == taken {
                found = stops;
            }
            count += 1;
        });
        found
    }

    /// How far the squares `written` (dense indices: the start, then
    /// squares the piece stands on after taking pieces) follow capture
    /// `mv`: the number of pieces taken up to the last written square, or
    /// `None` when they do not follow it. With `Skip::Unwritten`, only the
    /// stops `mv` does not write may be left out (the written route, the
    /// landings of each piece taken, or a mixture); with `Skip::Any`, any
    /// (short forms: `28x10`). With `to_end`, the last written square is
    /// only matched by the move's last stop, so that a route passing its
    /// end square before it ends there (a loop) still follows.
    pub(super) fn follows(
        &self,
        mv: &Move<R>,
        written: &[u8],
        skip: Skip,
        to_end: bool,
    ) -> Option<usize> {
        let (&start, rest) = written.split_first()?;
        if !mv.is_capture() || start != mv.indices()[0] {
            return None;
        }
        let mut rest = rest.iter().peekable();
        let mut taken = 0;
        let mut matched = 0;
        let mut failed = false;
        self.for_each_stop(mv, |_, stops, must_write| {
            taken += 1;
            let Some(&&next) = rest.peek() else {
                return;
            };
            if failed {
                return;
            }
            let last_written = rest.len() == 1;
            let may_match = !to_end || !last_written || taken == mv.capture_count();
            if may_match && stops & (1 << next) != 0 {
                rest.next();
                matched = taken;
            } else if skip == Skip::Unwritten && must_write {
                // A written square (a turning point, a jump's landing) left out.
                failed = true;
            }
        });
        (!failed && rest.peek().is_none()).then_some(matched)
    }

    /// Perft counting captures that take the same pieces to the same square
    /// by different routes once (the "drop" convention of the published
    /// tables). The same as [`Game::perft`] in every variant but
    /// [`English`](super::English), whose moves keep every route (see
    /// [`CaptureRoutes`]). Never allocates in positions from play (see the
    /// perft module docs).
    pub fn perft_distinct(&self, depth: u32) -> u64 {
        if depth <= self.plies_before_king_limit() {
            perft::perft::<R, Distinct>(&self.board(), self.turn == Color::White, depth)
        } else {
            self.perft_by_moves(depth, CaptureRoutes::OnePerResult, Self::perft_distinct)
        }
    }

    /// Perft counting every route of a capture as a move of its own (the
    /// "keep" convention of the published tables: two captures that take
    /// the same pieces to the same square in another order count twice).
    /// The same as [`Game::perft`] for [`English`](super::English) only;
    /// [`EveryRoute`](super::EveryRoute) lists these moves.
    pub fn perft_every_route(&self, depth: u32) -> u64 {
        if depth <= self.plies_before_king_limit() {
            perft::perft::<R, Routes>(&self.board(), self.turn == Color::White, depth)
        } else {
            self.perft_by_moves(depth, CaptureRoutes::Every, Self::perft_every_route)
        }
    }

    /// One ply of perft through the move list (which honours the king-move
    /// limit), `below` counting each child at `depth - 1`.
    fn perft_by_moves(
        &self,
        depth: u32,
        routes: CaptureRoutes,
        below: fn(&Self, u32) -> u64,
    ) -> u64 {
        if depth == 0 {
            return 1;
        }
        self.moves_listing(routes)
            .iter()
            .map(|&mv| {
                let mut child = *self;
                child.apply_unchecked(mv);
                below(&child, depth - 1)
            })
            .sum()
    }

    /// The fewest plies from here before the king-move limit
    /// ([`Rules::SAME_KING_MOVES`]) can take a quiet move away: the bitboard
    /// perft, which does not count runs, is exact to that depth. A side
    /// with men and a king of run `n` is stopped after `limit - n` more of
    /// its moves at the soonest; a side with men but no king needs a
    /// move to crown one first; a side without men never is. `u32::MAX`
    /// in the variants without the limit.
    fn plies_before_king_limit(&self) -> u32 {
        let Some(limit) = R::SAME_KING_MOVES else {
            return u32::MAX;
        };
        let limit = u32::from(limit);
        [(self.turn, 0), (self.turn.opponent(), 1)]
            .into_iter()
            .map(|(color, offset)| {
                let own = self.pieces(color);
                if own & !self.kings == 0 {
                    u32::MAX
                } else if own & self.kings == 0 {
                    offset + 2 * (limit + 1)
                } else {
                    let run = self.runs.get(color).map_or(0, |(_, n)| u32::from(n));
                    offset + 2 * (limit - run)
                }
            })
            .min()
            .unwrap_or(u32::MAX)
    }

    /// The legal move that plays `route`, a capture route of this
    /// position's [`EveryRoute`](super::EveryRoute) list: `route` itself
    /// when it is listed, else the listed capture with the same start and
    /// end that leaves the same position (the route listed for the same
    /// pieces).
    pub(super) fn listed_as(&self, route: &Move<R>, legal: &[Move<R>]) -> Option<Move<R>> {
        if legal.contains(route) {
            return Some(*route);
        }
        let mut after = *self;
        after.apply_unchecked(*route);
        legal.iter().copied().find(|mv| {
            mv.is_capture()
                && mv.from() == route.from()
                && mv.to() == route.to()
                && mv.capture_count() == route.capture_count()
                && {
                    let mut other = *self;
                    other.apply_unchecked(*mv);
                    other == after
                }
        })
    }

    /// Resolves move text against the legal moves of this position.
    ///
    /// Accepts the full route (`28x19x10`), the short form with the start
    /// and end squares (`28x10`), or any squares of the route in order,
    /// when exactly one legal move matches. The separator is not trusted:
    /// `28-10` finds the capture too. Routes that take the same pieces to
    /// the same position are one move here: a capture written by a route
    /// other than the one listed (a ring taken the other way round) is the
    /// listed capture, and a short form that only such routes match
    /// (`15x24` for a man that takes five pieces round a ring back to 24)
    /// is that capture (in English, which lists each route, the first).
    ///
    /// # Errors
    ///
    /// [`ResolveMoveError::Parse`] when the text is not move notation,
    /// [`ResolveMoveError::NoMatch`] when no legal move matches (listing
    /// the legal moves), [`ResolveMoveError::Ambiguous`] when several do
    /// (listing them).
    pub fn parse_move(&self, text: &str) -> Result<Move<R>, ResolveMoveError<R>> {
        let written = MoveText::read::<R>(text)?;
        let legal = self.legal_moves();
        // Every route: a capture written by a route other than the one
        // listed for the same pieces (a ring taken the other way round)
        // is that capture.
        let routes = self.moves_listing(CaptureRoutes::Every);
        // The legal moves the routes are, one per resulting position (a
        // text that names routes to one result names one move for a
        // reader, even in English, which lists each route).
        let listed = |routes: &mut dyn Iterator<Item = &Move<R>>| {
            let mut moves: Vec<(Move<R>, Draughts<R>)> = Vec::new();
            for mv in routes.filter_map(|route| self.listed_as(route, &legal)) {
                let mut after = *self;
                after.apply_unchecked(mv);
                if moves.iter().all(|&(_, other)| other != after) {
                    moves.push((mv, after));
                }
            }
            moves.into_iter().map(|(mv, _)| mv).collect::<Vec<_>>()
        };
        if let Ok(exact) = written.exact_move::<R>(text) {
            // The listed move: it knows how many pieces it takes.
            if let [only] = listed(&mut routes.iter().filter(|&&mv| mv == exact))[..] {
                return Ok(only);
            }
        }
        let squares: Vec<u8> = written.indices().map(|i| i as u8).collect();
        let last = written.indices().last();
        let describes = |mv: &Move<R>, skip: Skip| {
            if !mv.is_capture() {
                // A quiet move is written exactly (checked above), but the
                // separator is not trusted: `32x28` finds it too.
                return mv.indices() == squares.as_slice();
            }
            let ends = mv.indices().last().map(|&i| usize::from(i)) == last;
            ends && self.follows(mv, &squares, skip, true) == Some(mv.capture_count())
        };
        let matching = listed(&mut routes.iter().filter(|mv| describes(mv, Skip::Any)));
        match matching[..] {
            [only] => return Ok(only),
            [] => {
                return Err(ResolveMoveError::NoMatch {
                    text: text.trim().to_owned(),
                    legal: legal.to_vec(),
                })
            }
            _ => {}
        }
        // Several short forms: the one written out in full (every turning
        // point or landing), if exactly one is.
        let full = listed(&mut routes.iter().filter(|mv| describes(mv, Skip::Unwritten)));
        match full[..] {
            [only] => Ok(only),
            _ => Err(ResolveMoveError::Ambiguous {
                text: text.trim().to_owned(),
                candidates: matching,
            }),
        }
    }

    /// The move as a player writes it: start and end (`32-28`, `28x10`),
    /// or the full route when another legal move has the same start and
    /// end, or when the start and end alone do not read back as `mv` (a
    /// capture that passes its end square, or its start, before it ends
    /// there). For a legal `mv`, [`Draughts::parse_move`] reads it back to
    /// `mv`.
    pub fn move_text(&self, mv: &Move<R>) -> String {
        let full = mv.to_string();
        if mv.capture_count() <= 1 {
            return full;
        }
        let same_ends = self
            .legal_moves()
            .iter()
            .filter(|other| other.from() == mv.from() && other.to() == mv.to())
            .count();
        if same_ends > 1 {
            return full;
        }
        // A route that comes back to its start or passes its end before
        // ending there keeps its squares: `h4:f6` would read as one jump.
        let (from, to) = (mv.indices()[0], mv.indices()[mv.indices().len() - 1]);
        let inner = &mv.indices()[1..mv.indices().len() - 1];
        if from == to || inner.contains(&from) || inner.contains(&to) {
            return full;
        }
        let separator = R::NOTATION.capture_separator();
        let short = format!("{}{separator}{}", mv.from(), mv.to());
        // The full route always reads back (an exact legal route is taken
        // as written); the short one only when nothing else matches it.
        if self.parse_move(&short).as_ref() == Ok(mv) {
            short
        } else {
            full
        }
    }

    /// The bitboard of `color`'s pieces.
    #[cfg_attr(not(debug_assertions), inline(always))]
    #[cfg_attr(debug_assertions, inline)]
    pub(super) const fn pieces(&self, color: Color) -> Bitboard {
        match color {
            Color::White => self.white,
            Color::Black => self.black,
        }
    }

    /// The side to move's view.
    #[cfg_attr(not(debug_assertions), inline(always))]
    #[cfg_attr(debug_assertions, inline)]
    pub(super) fn board(&self) -> Board {
        Board {
            own: self.pieces(self.turn),
            opp: self.pieces(self.turn.opponent()),
            kings: self.kings,
        }
    }

    /// The side to move's view for its quiet moves: as [`board`](Self::board),
    /// but a king that may not make a quiet move now
    /// ([`Rules::SAME_KING_MOVES`]) counts as a piece that only blocks
    /// (the same as `board` in the other variants, folded away).
    #[cfg_attr(not(debug_assertions), inline(always))]
    #[cfg_attr(debug_assertions, inline)]
    fn quiet_board(&self) -> Board {
        let board = self.board();
        let frozen = self.runs.frozen::<R>(self.turn);
        Board {
            own: board.own & !frozen,
            opp: board.opp | frozen,
            kings: board.kings,
        }
    }

    /// Whether the game is over because the player who moved last has
    /// crowned a king ([`Goal::FirstKing`]); always false in the other
    /// variants (folded away).
    #[cfg_attr(not(debug_assertions), inline(always))]
    #[cfg_attr(debug_assertions, inline)]
    fn king_crowned(&self) -> bool {
        R::GOAL == Goal::FirstKing && self.pieces(self.turn.opponent()) & self.kings != 0
    }

    /// Whether the side to move has a legal move.
    fn has_legal_move(&self) -> bool {
        if self.king_crowned() {
            return false;
        }
        let (board, quiet) = (self.board(), self.quiet_board());
        match self.turn {
            Color::White => {
                quiet.count_quiet::<R, WhiteSide>() > 0 || board.has_capture::<R, WhiteSide>()
            }
            Color::Black => {
                quiet.count_quiet::<R, BlackSide>() > 0 || board.has_capture::<R, BlackSide>()
            }
        }
    }

    /// The legal moves, captures that coincide listed as `routes` says
    /// (the variant's [`Rules::CAPTURE_ROUTES`] for
    /// [`legal_moves`](Game::legal_moves)).
    pub(crate) fn moves_listing(&self, routes: CaptureRoutes) -> Moves<R> {
        let mut moves = Moves::new();
        self.moves_listing_into(routes, &mut moves);
        moves
    }

    /// [`moves_listing`](Self::moves_listing) written into `moves`,
    /// replacing what it held (for [`Game::legal_moves_into`]: a search
    /// refills one list a ply rather than initialising a fresh one).
    pub(crate) fn moves_listing_into(&self, routes: CaptureRoutes, moves: &mut Moves<R>) {
        moves.clear();
        if self.king_crowned() {
            return;
        }
        match self.turn {
            Color::White => self.generate::<WhiteSide>(routes, moves),
            Color::Black => self.generate::<BlackSide>(routes, moves),
        }
    }

    /// Appends the legal moves of side `S` to `moves` (empty).
    fn generate<S: Side>(&self, routes: CaptureRoutes, moves: &mut Moves<R>) {
        debug_assert!(moves.is_empty());
        let board = self.board();
        if board.has_capture::<R, S>() {
            let mut collect = Collect {
                moves,
                best: None,
                routes,
                seen: SameResult::new(),
            };
            board.for_each_capture::<R, S, _>(&mut collect);
            // Captures come out by kind of first jump; list them by route.
            moves.sort_unstable_by(|a, b| a.indices().cmp(b.indices()));
            return;
        }
        self.quiet_board()
            .for_each_quiet_in_order::<R, S, _>(|from, to| {
                moves.push(Move::quiet(
                    usize::from(index_of_bit::<R>(from)),
                    usize::from(index_of_bit::<R>(to)),
                ));
            });
    }

    /// Asserts the type's invariants in debug builds.
    #[cfg_attr(not(debug_assertions), inline(always))]
    #[cfg_attr(debug_assertions, inline)]
    fn debug_assert_invariants(&self) {
        debug_assert_eq!(self.white & self.black, 0, "a square holds two pieces");
        debug_assert_eq!(
            self.kings & !(self.white | self.black),
            0,
            "a king without a piece"
        );
        debug_assert_eq!(
            (self.white | self.black) & !R::VALID,
            0,
            "a piece off the board"
        );
        debug_assert_eq!(
            self.white & !self.kings & R::TOP_ROW,
            0,
            "uncrowned White man"
        );
        debug_assert_eq!(
            self.black & !self.kings & R::BOTTOM_ROW,
            0,
            "uncrowned Black man"
        );
        for color in [Color::White, Color::Black] {
            if let Some((bit, count)) = self.runs.get(color) {
                let own = self.pieces(color);
                debug_assert!(R::SAME_KING_MOVES.is_some_and(|limit| count <= limit));
                debug_assert!(own & self.kings & (1 << bit) != 0, "a run of no king");
                debug_assert!(own & !self.kings != 0, "a run without men");
            }
        }
    }
}

/// Keeps the first word of the key away from zero, so that positions
/// without White pieces still mix well.
const KEY_SALT: u64 = 0x9e37_79b9_7f4a_7c15;

/// The row where `color`'s men are crowned.
fn crown_row<R: Rules>(color: Color) -> Bitboard {
    match color {
        Color::White => R::TOP_ROW,
        Color::Black => R::BOTTOM_ROW,
    }
}

/// Which squares of a capture written text may leave out
/// ([`Draughts::follows`]).
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub(super) enum Skip {
    /// Only the stops a move does not write (between two pieces a flying
    /// king takes on one line).
    Unwritten,
    /// Any square but the start and the end.
    Any,
}

impl<R: Rules> Game for Draughts<R> {
    type Player = Color;
    type Move = Move<R>;
    type Moves = Moves<R>;
    type Ending = Ending;

    /// Kings can move back and forth for ever; draw rules live in the
    /// match layer.
    const MAX_PLIES: Option<u32> = None;

    fn to_move(&self) -> Color {
        self.turn
    }

    fn opponent(player: Color) -> Color {
        player.opponent()
    }

    /// One move per start, end and set of pieces taken, unless the
    /// variant's [`Rules::CAPTURE_ROUTES`] keeps every route (English).
    fn legal_moves(&self) -> Moves<R> {
        self.moves_listing(R::CAPTURE_ROUTES)
    }

    fn legal_moves_into(&self, moves: &mut Moves<R>) {
        self.moves_listing_into(R::CAPTURE_ROUTES, moves);
    }

    fn apply(&mut self, mv: Move<R>) -> Result<(), PlayError<Move<R>>> {
        apply_checked(self, mv, |game| !game.has_legal_move(), Game::is_legal)
    }

    fn apply_unchecked(&mut self, mv: Move<R>) {
        let route = mv.indices();
        let bit = |i: u8| bit_of_index::<R>(usize::from(i));
        let from = bit(route[0]);
        let to = bit(route[route.len() - 1]);
        let (victims, count) = self.victims(&mv);
        let captured = victims[..count]
            .iter()
            .fold(0, |set, &i| set | (1u64 << bit(i)));
        let crown = crown_row::<R>(self.turn);
        let was_king = self.kings & (1 << from) != 0;
        let crowned = match R::CROWNING {
            Crowning::AtOnce => route[1..].iter().any(|&i| (1u64 << bit(i)) & crown != 0),
            Crowning::AtEnd => (1u64 << to) & crown != 0,
        };
        let next = self.board().after(from, to, captured, was_king || crowned);
        let mover = self.turn;
        self.turn = mover.opponent();
        match mover {
            Color::White => (self.white, self.black) = (next.opp, next.own),
            Color::Black => (self.black, self.white) = (next.opp, next.own),
        }
        self.kings = next.kings;
        if R::SAME_KING_MOVES.is_some() {
            let (white, black, kings) = (self.white, self.black, self.kings);
            let pieces = |color| match color {
                Color::White => white,
                Color::Black => black,
            };
            self.runs = self.runs.after_move::<R>(
                mover,
                (from, to),
                was_king && !mv.is_capture(),
                |color| pieces(color) & kings,
                |color| pieces(color) & !kings,
            );
        }
        self.debug_assert_invariants();
    }

    /// The player who cannot move loses; in Antidraughts
    /// ([`Goal::FirstBlocked`]) wins.
    fn outcome(&self) -> Option<Outcome<Color>> {
        let winner = match R::GOAL {
            Goal::FirstBlocked => self.turn,
            Goal::LastToMove | Goal::FirstKing => self.turn.opponent(),
        };
        self.ending().map(|_| Outcome::Win(winner))
    }

    fn ending(&self) -> Option<Ending> {
        if self.king_crowned() {
            Some(Ending::KingCrowned)
        } else if self.pieces(self.turn) == 0 {
            Some(Ending::NoPieces)
        } else if !self.has_legal_move() {
            Some(Ending::Blocked)
        } else {
            None
        }
    }

    /// A capture or a man's move can never be undone.
    fn is_irreversible(&self, mv: Move<R>) -> bool {
        let from = bit_of_index::<R>(mv.from().index());
        mv.is_capture() || self.kings & (1 << from) == 0
    }

    /// Captures are tactical: search keeps following them past its depth
    /// limit, so it never judges a position in the middle of an exchange.
    #[inline]
    fn is_tactical(&self, mv: Move<R>) -> bool {
        mv.is_capture()
    }

    /// No capture to play and a quiet move to play, from the bitboards
    /// (no move list is built).
    #[inline]
    fn is_quiet(&self) -> bool {
        if self.king_crowned() {
            return false;
        }
        let (board, quiet) = (self.board(), self.quiet_board());
        match self.turn {
            Color::White => {
                !board.has_capture::<R, WhiteSide>() && quiet.count_quiet::<R, WhiteSide>() > 0
            }
            Color::Black => {
                !board.has_capture::<R, BlackSide>() && quiet.count_quiet::<R, BlackSide>() > 0
            }
        }
    }

    /// The three bitboards and the side to move folded through
    /// [`mix64`](crate::mix64): a few nanoseconds, computed when asked
    /// (as [`Checkers`](crate::checkers::Checkers) does).
    #[inline]
    fn key(&self) -> u64 {
        let kings_and_turn = self.kings << 1 | self.turn as u64;
        let pieces = crate::mix64(self.white ^ KEY_SALT) ^ self.black;
        let key = crate::mix64(crate::mix64(pieces) ^ kings_and_turn);
        if R::SAME_KING_MOVES.is_some() {
            self.runs.mix_into(key)
        } else {
            key
        }
    }

    /// Counts the moves [`legal_moves`](Game::legal_moves) lists: captures
    /// of the same pieces to the same square once
    /// ([`perft_distinct`](Draughts::perft_distinct)), or every route for
    /// English ([`perft_every_route`](Draughts::perft_every_route)).
    fn perft(&self, depth: u32) -> u64 {
        match R::CAPTURE_ROUTES {
            CaptureRoutes::OnePerResult => self.perft_distinct(depth),
            CaptureRoutes::Every => self.perft_every_route(depth),
        }
    }
}

impl<R: Rules> fmt::Display for Draughts<R> {
    /// Draws the board as White sees it, White at the bottom. Each dark
    /// square shows its piece (`w`/`W` White man/king, `b`/`B` Black) or,
    /// when empty, its name in the variant's notation. The last line says
    /// who is to move.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let rule = format!("  +{}", "----+".repeat(R::SIZE));
        writeln!(f, "{rule}")?;
        for row in 0..R::SIZE {
            write!(f, "  |")?;
            for column in 0..R::SIZE {
                match Square::<R>::at(row, column) {
                    None => write!(f, "    |")?,
                    Some(square) => match self.piece_at(square) {
                        Some(piece) => write!(f, " {}  |", piece.symbol())?,
                        None => write!(f, " {:>2} |", square.to_string())?,
                    },
                }
            }
            writeln!(f)?;
            writeln!(f, "{rule}")?;
        }
        write!(
            f,
            "  w/W = White man/king, b/B = Black man/king; {} to move",
            self.turn
        )
    }
}

impl<R: Rules> fmt::Debug for Draughts<R> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Draughts<{}>({})", R::NAME, self.to_fen())
    }
}

impl<R: Rules> core::str::FromStr for Draughts<R> {
    type Err = FenError;
    fn from_str(fen: &str) -> Result<Draughts<R>, FenError> {
        Draughts::from_fen(fen)
    }
}

impl<R: Rules> TryFrom<String> for Draughts<R> {
    type Error = FenError;
    fn try_from(fen: String) -> Result<Draughts<R>, FenError> {
        Draughts::from_fen(&fen)
    }
}

impl<R: Rules> From<Draughts<R>> for String {
    fn from(position: Draughts<R>) -> String {
        position.to_fen()
    }
}

#[cfg(feature = "serde")]
#[cfg_attr(docsrs, doc(cfg(feature = "serde")))]
impl<R: Rules> serde::Serialize for Draughts<R> {
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.collect_str(&self.to_fen())
    }
}

#[cfg(feature = "serde")]
#[cfg_attr(docsrs, doc(cfg(feature = "serde")))]
impl<'de, R: Rules> serde::Deserialize<'de> for Draughts<R> {
    fn deserialize<D: serde::Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        let text = String::deserialize(deserializer)?;
        Draughts::from_fen(&text).map_err(serde::de::Error::custom)
    }
}
