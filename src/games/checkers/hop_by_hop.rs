//! [`HopByHop`]: checkers as an [`Environment`] for learning agents, a
//! multi-jump played one hop at a time so that the action space stays
//! small and fixed (128 actions), as OpenSpiel does.

use super::geometry::{Direction, SQUARE_COUNT};
use super::hops::{paths, PartialCapture};
use super::{Checkers, Move, Moves, Player, Square, MAX_JUMPS};
use crate::agent::{
    clear_mask, turn_to_waiting, ActionError, BufferSizeError, Environment, HopActions, HopPlanes,
    ObservationShape, Progress,
};
use crate::hops::{Route, RouteEntry};
use crate::{Game, MoveList};

/// The number of actions: one per square and direction, 32 x 4.
pub const ACTION_COUNT: usize = ACTIONS.count();

pub use crate::agent::hop_view::{
    JUMPED_PLANE, JUMPING_PIECE_PLANE, OPPONENT_KINGS_PLANE, OPPONENT_MEN_PLANE, OWN_KINGS_PLANE,
    OWN_MEN_PLANE,
};

/// The observation's shape: 6 planes of the 32 squares, as 8 rows of 4.
pub const OBSERVATION_SHAPE: ObservationShape =
    ObservationShape::new(JUMPED_PLANE + 1, SQUARE_COUNT / 4, 4);

/// English checkers as an [`Environment`]: a [`Checkers`] position plus
/// the capture in progress, if any. A quiet move is one action; a capture
/// is one action per jump, all by the same player, and the position
/// changes only when the capture is complete (as the rules say: captured
/// pieces leave the board at the end of the move).
///
/// # The acting player's view
///
/// Squares and directions are numbered as the player to act sees the
/// board, so that one network plays both sides. A *view square* is
/// `square.number() - 1` for Red and `32 - square.number()` for White
/// (the board turned 180°): view squares 0–3 are always the acting
/// player's home row, and their men move toward higher view squares. A
/// *view direction* is 0 = back-left, 1 = back-right, 2 = forward-left,
/// 3 = forward-right, "forward" being the way the acting player's men
/// move, and left and right as on the board [`Checkers`]' `Display` draws
/// for Red, turned 180° for White.
///
/// # Actions
///
/// [`ACTION_COUNT`] = 128, numbered by [`HopActions`] with one range
/// (shared with the draughts family's
/// [`draughts::HopByHop`](crate::draughts::HopByHop)): action
/// `4 * view_square + view_direction` moves
/// the piece on that square one hop that way: a step to the neighbouring
/// square when the player has no capture, else a jump over the
/// neighbouring square. In the middle of a capture only the jumping piece
/// can act, on along its legal paths. Two captures that reach the same
/// square by different paths are different moves, told apart hop by hop.
/// [`hop_action`](HopByHop::hop_action) gives the action of a hop between
/// two squares.
///
/// # Observation
///
/// [`OBSERVATION_SHAPE`] = 6x8x4: six planes over the 32 dark squares, each
/// plane 8 rows of 4 view squares (value (plane, view square) at
/// `plane * 32 + view_square`), 1.0 where the plane's feature is and 0.0
/// elsewhere:
/// [`OWN_MEN_PLANE`], [`OWN_KINGS_PLANE`], [`OPPONENT_MEN_PLANE`],
/// [`OPPONENT_KINGS_PLANE`], then [`JUMPING_PIECE_PLANE`] (the square the
/// jumping piece has reached, which is also where planes 0–1 show it) and
/// [`JUMPED_PLANE`] (the pieces jumped so far, still shown in planes 2–3
/// and not to be jumped again). The last two are empty between moves.
///
/// ```
/// use rulebook::agent::{Environment, Progress};
/// use rulebook::checkers::{Checkers, HopByHop, Square};
///
/// // Red to move has a double jump: 9x18x27 (over 14 and 23).
/// let position = Checkers::from_fen("B:W14,23,32:B9").unwrap();
/// let mut env = HopByHop::new(position);
/// let square = |n| Square::new(n).unwrap();
/// let first = env.hop_action(square(9), square(18)).unwrap();
/// assert_eq!(env.apply_action(first), Ok(Progress::Continues));
/// assert_eq!(env.jump_in_progress().unwrap().landing(), square(18));
/// let second = env.hop_action(square(18), square(27)).unwrap();
/// let Ok(Progress::Completed(mv)) = env.apply_action(second) else { panic!() };
/// assert_eq!(mv.to_string(), "9x18x27");
/// assert_eq!(env.actions_of_move(mv), Err(rulebook::agent::ActionError::IllegalMove));
/// ```
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct HopByHop {
    state: State,
    /// The legal moves of [`position`](HopByHop::position), generated
    /// once per position: the mask and every hop of a move read them, so
    /// an agent's step (an action, then the next mask) generates the
    /// moves once, for the position it reaches.
    legal: Moves,
}

/// Between moves, or in the middle of a capture.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
enum State {
    BetweenMoves(Checkers),
    Jumping(PartialCapture),
}

impl HopByHop {
    /// The environment at `position`, between moves.
    pub fn new(position: Checkers) -> HopByHop {
        HopByHop {
            state: State::BetweenMoves(position),
            legal: position.legal_moves(),
        }
    }

    /// The position: the one before the capture in progress, if any.
    pub fn position(&self) -> &Checkers {
        match &self.state {
            State::BetweenMoves(position) => position,
            State::Jumping(jump) => jump.position(),
        }
    }

    /// The capture in progress (its squares so far), or `None` between
    /// moves.
    pub fn jump_in_progress(&self) -> Option<&PartialCapture> {
        match &self.state {
            State::BetweenMoves(_) => None,
            State::Jumping(jump) => Some(jump),
        }
    }

    /// The action that hops from `from` to `to` for the player to act: a
    /// step to a diagonal neighbour or a jump two squares along a diagonal
    /// (both are the same action: which one it makes depends on whether a
    /// capture is available). `None` when `to` is neither. Geometry only:
    /// the action need not be legal.
    pub fn hop_action(&self, from: Square, to: Square) -> Option<usize> {
        let (from, to) = (from.index(), to.index());
        let direction = Direction::of_step(from, to).or_else(|| Direction::of_jump(from, to))?;
        Some(encode(from, direction, self.position().to_move()))
    }

    /// The squares visited so far by the capture in progress: empty
    /// between moves.
    fn path_so_far(&self) -> &[Square] {
        self.jump_in_progress().map_or(&[], PartialCapture::squares)
    }
}

impl Default for HopByHop {
    /// The start position, between moves.
    fn default() -> Self {
        HopByHop::new(Checkers::default())
    }
}

impl From<Checkers> for HopByHop {
    fn from(position: Checkers) -> Self {
        HopByHop::new(position)
    }
}

/// The numbering of the actions: one per square and direction, with one
/// range (a step, or a jump when the player must capture).
const ACTIONS: HopActions = HopActions::new(SQUARE_COUNT, 1);

/// Whether `player` sees the board turned 180° (White: Red's men move
/// down the board, toward higher square numbers).
const fn turned(player: Player) -> bool {
    matches!(player, Player::White)
}

/// The square index `index` as `player` sees it: unchanged for Red,
/// turned 180° for White. Its own inverse.
const fn view_index(index: usize, player: Player) -> usize {
    ACTIONS.view_square(index, turned(player))
}

/// The action of a hop from square index `from` in `direction`, for
/// `player`.
const fn encode(from: usize, direction: Direction, player: Player) -> usize {
    let view_direction = HopActions::view_direction(direction.code() as usize, turned(player));
    match ACTIONS.action(view_index(from, player), view_direction, 1) {
        Some(action) => action,
        None => 0,
    }
}

/// The square index and direction of `action` for `player`.
///
/// Precondition: `action < ACTION_COUNT` (so the index is below 32).
const fn decode(action: usize, player: Player) -> (usize, Direction) {
    let (view_square, view_direction, _) = match ACTIONS.hop(action) {
        Some(hop) => hop,
        None => (0, 0, 1),
    };
    let direction = HopActions::view_direction(view_direction, turned(player));
    (
        view_index(view_square, player),
        Direction::from_code(direction as u32),
    )
}

/// The action of the hop from `from` to `to` of a move (a jump when
/// `capture`), for `player`; `None` if they are not a hop apart.
fn hop_of_move(from: Square, to: Square, capture: bool, player: Player) -> Option<usize> {
    let (from, to) = (from.index(), to.index());
    let direction = if capture {
        Direction::of_jump(from, to)
    } else {
        Direction::of_step(from, to)
    }?;
    Some(encode(from, direction, player))
}

/// The square between two squares a jump apart.
fn jumped_square(from: Square, to: Square) -> Option<Square> {
    Square::at(
        (from.row() + to.row()) / 2,
        (from.column() + to.column()) / 2,
    )
}

impl Environment for HopByHop {
    type Game = Checkers;
    /// One action per hop: a step is one, a capture one per jump.
    type Actions = MoveList<usize, MAX_JUMPS>;

    fn from_position(position: Checkers) -> HopByHop {
        HopByHop::new(position)
    }

    fn position(&self) -> &Checkers {
        HopByHop::position(self)
    }

    fn action_count(&self) -> usize {
        ACTION_COUNT
    }

    fn observation_shape(&self) -> ObservationShape {
        OBSERVATION_SHAPE
    }

    fn legal_action_mask(&self, mask: &mut [bool]) -> Result<(), BufferSizeError> {
        clear_mask(mask, ACTION_COUNT)?;
        let player = self.position().to_move();
        let so_far = self.path_so_far();
        if so_far.is_empty() {
            // Between moves: each legal move's first hop.
            for &mv in self.legal.iter() {
                if let Some(slot) = mv.first_direction().and_then(|direction| {
                    mask.get_mut(encode(mv.from().index(), direction, player))
                }) {
                    *slot = true;
                }
            }
            return Ok(());
        }
        // In the middle of a capture: the hop after the squares so far.
        let hop = so_far.len().saturating_sub(1);
        let Some(jump) = self.jump_in_progress() else {
            return Ok(());
        };
        for &mv in self.legal.iter() {
            if !jump.route().is_continued_by(mv.path()) {
                continue;
            }
            let mut path = mv.path().skip(hop);
            if let (Some(from), Some(to)) = (path.next(), path.next()) {
                if let Some(slot) = hop_of_move(from, to, mv.is_capture(), player)
                    .and_then(|action| mask.get_mut(action))
                {
                    *slot = true;
                }
            }
        }
        Ok(())
    }

    fn write_observation(&self, observation: &mut [f32]) -> Result<(), BufferSizeError> {
        // Bitboards, bit = square index; turned into the acting player's
        // view squares as they are written (a 180° turn for White).
        let position = self.position();
        let acting = position.to_move();
        let kings = u64::from(position.kings);
        // In the middle of a capture the jumping piece stands on its last
        // landing square, no longer on its start.
        let capture = match self.path_so_far() {
            [start, .., landing] => Some((
                start.index(),
                landing.index(),
                kings & 1 << start.index() != 0,
            )),
            _ => None,
        };
        let jumped = self
            .path_so_far()
            .windows(2)
            .filter_map(|pair| jumped_square(pair[0], pair[1]))
            .fold(0, |jumped, square| jumped | 1 << square.index());
        let planes = HopPlanes::new(
            u64::from(position.pieces(acting)),
            u64::from(position.pieces(acting.opponent())),
            kings,
            capture,
            jumped,
        );
        planes.write(OBSERVATION_SHAPE, observation, turned(acting))
    }

    /// The board turned 180° (the waiting player's view squares) with the
    /// sides' planes swapped: the waiting player's men and kings in planes
    /// 0–1. The capture in progress stays in planes 4–5, turned likewise.
    fn write_waiting_observation(&self, observation: &mut [f32]) -> Result<(), BufferSizeError> {
        self.write_observation(observation)?;
        turn_to_waiting(observation, SQUARE_COUNT);
        Ok(())
    }

    fn apply_action(&mut self, action: usize) -> Result<Progress<Move>, ActionError> {
        if action >= ACTION_COUNT {
            return Err(ActionError::OutOfRange {
                action,
                count: ACTION_COUNT,
            });
        }
        let position = *self.position();
        let Some(first) = self.legal.first() else {
            return Err(ActionError::GameOver);
        };
        let (from, direction) = decode(action, position.to_move());
        let to = if first.is_capture() {
            direction.jump_from(from)
        } else {
            direction.step_from(from)
        }
        .ok_or(ActionError::Illegal { action })?;

        // The squares the move would have visited after this hop.
        let route = Route::with_hop(
            self.jump_in_progress().map(|jump| *jump.route()),
            Square::new_unchecked(from),
            Square::new_unchecked(to),
        )
        .ok_or(ActionError::Illegal { action })?;
        match route.entry(paths(&self.legal)) {
            RouteEntry::Complete(mv) => {
                // A complete move cannot also begin a longer one: a capture
                // goes on whenever it can.
                let mut next = position;
                next.apply_unchecked(mv);
                *self = HopByHop::new(next);
                Ok(Progress::Completed(mv))
            }
            RouteEntry::InProgress => {
                self.state = State::Jumping(PartialCapture::from_route(position, route));
                Ok(Progress::Continues)
            }
            RouteEntry::NoMove => Err(ActionError::Illegal { action }),
        }
    }

    fn actions_of_move(&self, mv: Move) -> Result<MoveList<usize, MAX_JUMPS>, ActionError> {
        if self.jump_in_progress().is_some() {
            return Err(ActionError::IllegalMove);
        }
        if self.legal.is_empty() {
            return Err(ActionError::GameOver);
        }
        if !self.legal.contains(&mv) {
            return Err(ActionError::IllegalMove);
        }
        let player = self.position().to_move();
        let mut actions = MoveList::new();
        let mut from = mv.from();
        for to in mv.path().skip(1) {
            let action =
                hop_of_move(from, to, mv.is_capture(), player).ok_or(ActionError::IllegalMove)?;
            actions
                .try_push(action)
                .map_err(|_| ActionError::IllegalMove)?;
            from = to;
        }
        Ok(actions)
    }
}
