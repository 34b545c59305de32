//! [`HopByHop`]: every draughts variant as an [`Environment`] for learning
//! agents, a capture played one hop (one piece taken) at a time, with
//! checkers' action numbering ([`HopActions`]) and observation planes.

use core::fmt;

use super::geometry::{bit_of_index, coordinates, index_at, Geometry};
use super::moves::{Move, MAX_CAPTURES, MAX_MOVE_SQUARES};
use super::notation::Square;
use super::piece::Color;
use super::position::Draughts;
use super::rules::{Crowning, Rules};
use crate::agent::hop_view::HOP_PLANES;
use crate::agent::{
    clear_mask, turn_to_waiting, ActionError, BufferSizeError, Environment, HopActions, HopPlanes,
    ObservationShape, Progress,
};
use crate::hops::Route;
use crate::{Game, MoveList};

/// Any draughts variant as an [`Environment`]: a [`Draughts`] position
/// plus the capture in progress, if any. A quiet move is one action; a
/// capture is one action per piece taken, all by the same player, and the
/// position changes only when the capture is complete (captured pieces
/// leave the board at the end of the move, as the rules say). The
/// precedence rules (most pieces, kings first...) are those of
/// [`legal_moves`](crate::Game::legal_moves): the mask offers only hops
/// that begin a legal capture.
///
/// # Actions
///
/// Numbered as [`HopActions`] says, as checkers'
/// [`HopByHop`](crate::checkers::HopByHop) numbers them, with `size - 1`
/// ranges because kings fly: action
/// `(view_square * 4 + view_direction) * (size - 1) + (range - 1)` moves
/// the piece on that view square `range` squares along that diagonal. View
/// squares are dense indices ([`Square::index`]) for Black (whose men move
/// down the board) and turned 180° for White; view directions are 0 =
/// back-left, 1 = back-right, 2 = forward-left, 3 = forward-right. So
/// there are `squares * 4 * (size - 1)` actions
/// ([`action_count`](Environment::action_count)): 1,800 on 10x10 and 896
/// on 8x8 (where Italian's short kings never use the longer ranges).
/// Frisian and Frysk!, whose pieces also capture along rows and columns,
/// have eight view directions
/// ([`HopActions::with_rows_and_columns`]: 4 = back, 5 = left, 6 =
/// right, 7 = forward, a range counting squares two rows or columns
/// apart): 3,600 actions.
///
/// A capture hop moves the capturing piece over exactly one opponent piece
/// to a square beyond it: for a man, the square just beyond; for a flying
/// king, any square it may stand on after taking that piece. When a
/// flying king takes several pieces on one line, it stops on any empty
/// square between two of them: those stops make the same move (its route
/// does not write them), and [`actions_of_move`](Environment::actions_of_move)
/// picks the stop of lowest index. [`hop_action`](HopByHop::hop_action)
/// gives the action of a hop between two squares.
///
/// # Observation
///
/// Checkers' six planes over the dark squares, each `size` rows of
/// `size / 2` view squares (value (plane, view square) at
/// `plane * squares + view_square`; 6x10x5 on 10x10, 6x8x4 on 8x8), 1.0
/// where the plane's feature is: the acting player's men and kings, the
/// opponent's men and kings, the square the capturing piece has reached
/// (it is shown there, no longer on its start, as a king if it was one or
/// was crowned on the way under Russian rules) and the pieces taken so
/// far (still shown in the opponent's planes, and not to be taken again).
/// The last two are empty between moves.
///
/// ```
/// use rulebook::agent::{Environment, Progress};
/// use rulebook::draughts::{HopByHop, International, Square};
/// use rulebook::Game;
///
/// // White's man on 28 takes 23 and 13, landing on 19 then 8.
/// let position = International::from_fen("W:W28:B13,23").unwrap();
/// let mut env = HopByHop::new(position);
/// assert_eq!(env.action_count(), 1800);
/// let square = |n: usize| Square::from_index(n - 1).unwrap();
/// let first = env.hop_action(square(28), square(19)).unwrap();
/// assert_eq!(env.apply_action(first), Ok(Progress::Continues));
/// let second = env.hop_action(square(19), square(8)).unwrap();
/// let Ok(Progress::Completed(mv)) = env.apply_action(second) else { panic!() };
/// assert_eq!(mv.to_string(), "28x19x8");
/// assert_eq!(env.position().piece_count(rulebook::draughts::Color::Black), 0);
/// ```
pub struct HopByHop<R> {
    position: Draughts<R>,
    /// The squares the capture in progress has visited, as dense indices:
    /// the start, then one landing per piece taken (at least two); `None`
    /// between moves.
    route: Option<Route<u8, MAX_MOVE_SQUARES>>,
    /// The pieces taken so far, one bit per dense index.
    taken: u64,
}

impl<R> Clone for HopByHop<R> {
    fn clone(&self) -> Self {
        *self
    }
}
impl<R> Copy for HopByHop<R> {}
impl<R> PartialEq for HopByHop<R> {
    fn eq(&self, other: &Self) -> bool {
        self.position == other.position && self.route == other.route && self.taken == other.taken
    }
}
impl<R> Eq for HopByHop<R> {}

impl<R: Rules> fmt::Debug for HopByHop<R> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("HopByHop")
            .field("position", &self.position.to_fen())
            .field("capture_so_far", &self.route_so_far())
            .finish()
    }
}

impl<R: Rules> Default for HopByHop<R> {
    /// The start position, between moves.
    fn default() -> Self {
        HopByHop::new(Draughts::default())
    }
}

impl<R: Rules> From<Draughts<R>> for HopByHop<R> {
    fn from(position: Draughts<R>) -> Self {
        HopByHop::new(position)
    }
}

/// How a legal capture goes on after the landings typed so far.
struct Follow {
    /// The squares the piece may stand on after taking the next piece
    /// (dense-index bits; 0 when the capture is complete).
    next: u64,
    /// The dense index of the next piece taken (when `next` is not 0).
    victim: u8,
    /// Whether the landings so far complete the capture.
    complete: bool,
}

impl<R: Rules> HopByHop<R> {
    /// The numbering of the actions: `size - 1` ranges, for flying kings.
    pub const ACTIONS: HopActions = if R::ORTHOGONAL_CAPTURES {
        // Frisian: hops along rows and columns too (view directions 4–7).
        HopActions::new(R::SIZE * R::SIZE / 2, R::SIZE - 1).with_rows_and_columns()
    } else {
        HopActions::new(R::SIZE * R::SIZE / 2, R::SIZE - 1)
    };

    /// The observation's shape: 6 planes of `size` rows of `size / 2`.
    pub const OBSERVATION_SHAPE: ObservationShape =
        ObservationShape::new(HOP_PLANES, R::SIZE, R::SIZE / 2);

    /// The environment at `position`, between moves.
    pub fn new(position: Draughts<R>) -> HopByHop<R> {
        HopByHop {
            position,
            route: None,
            taken: 0,
        }
    }

    /// The position: the one before the capture in progress, if any.
    pub fn position(&self) -> &Draughts<R> {
        &self.position
    }

    /// The squares the capture in progress has visited so far (its start,
    /// then the square reached after each piece taken): empty between
    /// moves.
    pub fn capture_so_far(&self) -> impl ExactSizeIterator<Item = Square<R>> + '_ {
        self.route_so_far()
            .iter()
            .map(|&index| Square::new_unchecked(usize::from(index)))
    }

    /// The dense indices the capture in progress has visited: empty
    /// between moves.
    fn route_so_far(&self) -> &[u8] {
        self.route.as_ref().map_or(&[], Route::squares)
    }

    /// The action that moves the piece on `from` to `to` along a diagonal
    /// for the player to act, or `None` when they are not on one diagonal.
    /// Geometry only: the action need not be legal.
    pub fn hop_action(&self, from: Square<R>, to: Square<R>) -> Option<usize> {
        encode::<R>(from.index(), to.index(), self.position.to_move())
    }

    /// The square the capturing piece stands on, or `None` between moves.
    fn landing(&self) -> Option<usize> {
        self.route.map(|route| usize::from(route.landing()))
    }

    /// The landings so far (without the start).
    fn landings(&self) -> &[u8] {
        self.route.as_ref().map_or(&[], Route::landings)
    }

    /// How capture `mv` goes on after `landings` (from its start, which
    /// the caller checked), or `None` when it does not follow them hop by
    /// hop.
    fn follow(&self, mv: &Move<R>, landings: &[u8]) -> Option<Follow> {
        let mut taken = 0;
        let mut follows = true;
        let mut follow = Follow {
            next: 0,
            victim: 0,
            complete: false,
        };
        self.position.for_each_stop(mv, |victim, stops, _| {
            match landings.get(taken) {
                Some(&landing) => follows &= stops & (1 << landing) != 0,
                None if taken == landings.len() => {
                    follow.next = stops;
                    follow.victim = victim;
                }
                None => {}
            }
            taken += 1;
        });
        follow.complete = taken == landings.len();
        (follows && taken >= landings.len()).then_some(follow)
    }

    /// Whether the capturing piece is a king now: it was one, or it was
    /// crowned on a landing so far (Russian rules).
    fn jumping_king(&self, start: usize) -> bool {
        let is_king = self.position.kings & (1 << bit_of_index::<R>(start)) != 0;
        let crown = match self.position.turn {
            Color::White => R::TOP_ROW,
            Color::Black => R::BOTTOM_ROW,
        };
        is_king
            || (R::CROWNING == Crowning::AtOnce
                && self
                    .landings()
                    .iter()
                    .any(|&i| crown & (1 << bit_of_index::<R>(usize::from(i))) != 0))
    }
}

/// Whether `player` sees the board turned 180° (White: Black's men move
/// down the board, toward higher dense indices).
const fn turned(player: Color) -> bool {
    matches!(player, Color::White)
}

/// The action of the straight move from dense index `from` to `to` for
/// `player`, or `None` when they are not on one diagonal.
fn encode<R: Rules>(from: usize, to: usize, player: Color) -> Option<usize> {
    let (r0, c0) = coordinates(R::SIZE, from);
    let (r1, c1) = coordinates(R::SIZE, to);
    let (dr, dc) = (r1 as isize - r0 as isize, c1 as isize - c0 as isize);
    // Direction codes: 0 up-left, 1 up-right, 2 down-left, 3 down-right;
    // along rows and columns (Frisian) 4 up, 5 left, 6 right, 7 down, a
    // range counting squares of the hop's colour (two rows or columns).
    let (direction, range) = if dr != 0 && dr.abs() == dc.abs() {
        (
            usize::from(dr > 0) * 2 + usize::from(dc > 0),
            dr.unsigned_abs(),
        )
    } else if R::ORTHOGONAL_CAPTURES && (dr == 0) != (dc == 0) && (dr + dc) % 2 == 0 {
        let direction = match (dr.signum(), dc.signum()) {
            (-1, _) => 4,
            (_, -1) => 5,
            (_, 1) => 6,
            _ => 7,
        };
        (direction, (dr.abs() + dc.abs()).unsigned_abs() / 2)
    } else {
        return None;
    };
    let actions = HopByHop::<R>::ACTIONS;
    actions.action(
        actions.view_square(from, turned(player)),
        HopActions::view_direction(direction, turned(player)),
        range,
    )
}

/// The dense indices (from, to) of `action` for `player`: `None` when the
/// action does not exist, `Some((from, None))` when it leaves the board.
fn decode<R: Rules>(action: usize, player: Color) -> Option<(usize, Option<usize>)> {
    let actions = HopByHop::<R>::ACTIONS;
    let (view_square, view_direction, range) = actions.hop(action)?;
    let from = actions.view_square(view_square, turned(player));
    let direction = HopActions::view_direction(view_direction, turned(player));
    let (row, column) = coordinates(R::SIZE, from);
    let (row, column) = match direction {
        // Along columns and rows (Frisian): two rows or columns a range.
        4 => (row.checked_sub(2 * range), Some(column)),
        5 => (Some(row), column.checked_sub(2 * range)),
        6 => (Some(row), column.checked_add(2 * range)),
        7 => (row.checked_add(2 * range), Some(column)),
        _ => (
            if direction >= 2 {
                row.checked_add(range)
            } else {
                row.checked_sub(range)
            },
            if direction % 2 == 1 {
                column.checked_add(range)
            } else {
                column.checked_sub(range)
            },
        ),
    };
    let to = row
        .zip(column)
        .and_then(|(row, column)| index_at(R::SIZE, row, column));
    Some((from, to))
}

impl<R: Rules> Environment for HopByHop<R> {
    type Game = Draughts<R>;
    /// One action per piece taken (one for a quiet move).
    type Actions = MoveList<usize, MAX_CAPTURES>;

    fn from_position(position: Draughts<R>) -> HopByHop<R> {
        HopByHop::new(position)
    }

    fn position(&self) -> &Draughts<R> {
        &self.position
    }

    fn action_count(&self) -> usize {
        Self::ACTIONS.count()
    }

    fn observation_shape(&self) -> ObservationShape {
        Self::OBSERVATION_SHAPE
    }

    fn legal_action_mask(&self, mask: &mut [bool]) -> Result<(), BufferSizeError> {
        clear_mask(mask, Self::ACTIONS.count())?;
        let player = self.position.to_move();
        let mut mark = |from: usize, to: usize| {
            if let Some(slot) = encode::<R>(from, to, player).and_then(|a| mask.get_mut(a)) {
                *slot = true;
            }
        };
        let start = self.route.map_or(0, |route| route.start());
        let from = self.landing();
        for mv in self.position.legal_moves().iter() {
            let route = mv.indices();
            if !mv.is_capture() {
                mark(usize::from(route[0]), usize::from(route[1]));
                continue;
            }
            if from.is_some() && route[0] != start {
                continue;
            }
            let Some(follow) = self.follow(mv, self.landings()) else {
                continue;
            };
            let hop_from = from.unwrap_or(usize::from(route[0]));
            let mut next = follow.next;
            while next != 0 {
                mark(hop_from, next.trailing_zeros() as usize);
                next &= next - 1;
            }
        }
        Ok(())
    }

    fn write_observation(&self, observation: &mut [f32]) -> Result<(), BufferSizeError> {
        let acting = self.position.to_move();
        // Dense-index bits.
        let dense = |bits: u64| {
            (0..R::SQUARES)
                .filter(|&i| bits & (1 << bit_of_index::<R>(i)) != 0)
                .fold(0u64, |set, i| set | 1 << i)
        };
        let capture = self.route.map(|route| {
            let (start, landing) = (usize::from(route.start()), usize::from(route.landing()));
            (start, landing, self.jumping_king(start))
        });
        let planes = HopPlanes::new(
            dense(self.position.pieces(acting)),
            dense(self.position.pieces(acting.opponent())),
            dense(self.position.kings),
            capture,
            self.taken,
        );
        planes.write(Self::OBSERVATION_SHAPE, observation, turned(acting))
    }

    /// The board turned 180° (the waiting player's view squares) with the
    /// sides' planes swapped, as checkers' environment does.
    fn write_waiting_observation(&self, observation: &mut [f32]) -> Result<(), BufferSizeError> {
        self.write_observation(observation)?;
        turn_to_waiting(observation, R::SQUARES);
        Ok(())
    }

    fn apply_action(&mut self, action: usize) -> Result<Progress<Move<R>>, ActionError> {
        let count = Self::ACTIONS.count();
        let player = self.position.to_move();
        let (from, to) =
            decode::<R>(action, player).ok_or(ActionError::OutOfRange { action, count })?;
        let legal = self.position.legal_moves();
        let Some(first) = legal.first() else {
            return Err(ActionError::GameOver);
        };
        let illegal = ActionError::Illegal { action };
        let to = to.ok_or(illegal)?;
        if !first.is_capture() {
            let mv = legal
                .iter()
                .find(|mv| mv.indices() == [from as u8, to as u8])
                .copied()
                .ok_or(illegal)?;
            self.position.apply_unchecked(mv);
            return Ok(Progress::Completed(mv));
        }
        // The capture so far with this hop.
        let route = Route::with_hop(self.route, from as u8, to as u8).ok_or(illegal)?;
        let start = usize::from(route.start());
        let landings = route.landings();
        let so_far = landings.len() - 1;
        let mut victim = None;
        for mv in legal.iter() {
            if usize::from(mv.indices()[0]) != start {
                continue;
            }
            // The piece the new hop takes: the one the capture went on
            // over, from the landings before it.
            let Some(before) = self.follow(mv, &landings[..so_far]) else {
                continue;
            };
            let Some(after) = self.follow(mv, landings) else {
                continue;
            };
            if after.complete {
                // A complete capture cannot also begin a longer one: a
                // capture goes on whenever it can.
                let mv = *mv;
                *self = HopByHop::new(self.position);
                self.position.apply_unchecked(mv);
                return Ok(Progress::Completed(mv));
            }
            victim = Some(before.victim);
        }
        let victim = victim.ok_or(illegal)?;
        self.route = Some(route);
        self.taken |= 1 << victim;
        Ok(Progress::Continues)
    }

    fn actions_of_move(&self, mv: Move<R>) -> Result<MoveList<usize, MAX_CAPTURES>, ActionError> {
        if self.route.is_some() {
            return Err(ActionError::IllegalMove);
        }
        let legal = self.position.legal_moves();
        if legal.is_empty() {
            return Err(ActionError::GameOver);
        }
        let Some(mv) = legal.iter().find(|&&legal| legal == mv) else {
            return Err(ActionError::IllegalMove);
        };
        let player = self.position.to_move();
        let route = mv.indices();
        let mut actions = MoveList::new();
        if !mv.is_capture() {
            let action = encode::<R>(usize::from(route[0]), usize::from(route[1]), player)
                .ok_or(ActionError::IllegalMove)?;
            actions.push(action);
            return Ok(actions);
        }
        let mut from = usize::from(route[0]);
        let mut failed = false;
        self.position.for_each_stop(mv, |_, stops, _| {
            let to = stops.trailing_zeros() as usize;
            match encode::<R>(from, to, player) {
                Some(action) if actions.try_push(action).is_ok() => from = to,
                _ => failed = true,
            }
        });
        if failed || actions.is_empty() {
            return Err(ActionError::IllegalMove);
        }
        Ok(actions)
    }
}
