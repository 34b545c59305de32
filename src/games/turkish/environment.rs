//! [`HopByHop`]: Turkish draughts as an [`Environment`] for learning
//! agents, a capture played one hop (one piece taken) at a time, numbered
//! as the draughts family's actions ([`HopActions`]: square, direction,
//! range) with the four orthogonal directions in place of the diagonals.

use core::fmt;

use super::geometry::{between, Direction, SIZE, SQUARES};
use super::moves::{Move, MAX_CAPTURES, MAX_ROUTE};
use super::{Color, Square, Turkish};
use crate::agent::hop_view::HOP_PLANES;
use crate::agent::{
    clear_mask, turn_to_waiting, ActionError, BufferSizeError, Environment, HopActions, HopPlanes,
    ObservationShape, Progress,
};
use crate::hops::{Route, RouteEntry};
use crate::{Game, MoveList};

/// The view direction codes of [`HopActions`], each the reverse of
/// `3 - code` (what [`HopActions::view_direction`] turns): back, left,
/// right, forward. On the board (White's view): down, left, right, up.
const BOARD_DIRECTIONS: [Direction; 4] = [
    Direction::DOWN,
    Direction::LEFT,
    Direction::RIGHT,
    Direction::UP,
];

/// Turkish draughts as an [`Environment`]: a [`Turkish`] position plus
/// the capture in progress, if any. A step is one action; a capture is
/// one action per piece taken, all by the same player, and the position
/// changes only when the capture is complete. The mask offers only hops
/// that follow a legal move (so a capture that takes the most pieces).
///
/// # Actions
///
/// 1,792, numbered as [`HopActions`] says with 64 squares and 7 ranges:
/// action `(view_square * 4 + view_direction) * 7 + (range - 1)` moves
/// the piece on that view square `range` squares along a rank or file.
/// View squares are the board's indices (`row * 8 + column`, `a1` = 0)
/// for White and the board turned 180° (`63 - index`) for Black, so view
/// square 0 is always the acting player's left home corner; view
/// directions are 0 = back, 1 = left, 2 = right, 3 = forward as the acting
/// player sees the board. A capture hop jumps exactly one opponent piece
/// and lands `range` squares from where it started (for a man, two; for a
/// king, any empty square beyond the piece). Two routes of one capture
/// (same start, end and pieces) are one move: the mask follows the route
/// [`legal_moves`](Game::legal_moves) lists.
///
/// # Observation
///
/// Checkers' six planes over the 64 squares (6x8x8, value (plane, view
/// square) at `plane * 64 + view_square`, row 0 the acting player's home
/// rank), 1.0 where the plane's feature is: the acting player's men and
/// kings, the opponent's men and kings, the square the capturing piece
/// has reached (shown there, no longer on its start, a man still: it is
/// crowned when the move ends) and the pieces taken so far (which have
/// left the board, as the rules say, so they are no longer in the
/// opponent's planes). The last two are empty between moves.
///
/// ```
/// use rulebook::agent::{Environment, Progress};
/// use rulebook::turkish::{HopByHop, Square, Turkish};
/// use rulebook::Game;
///
/// // White's man on d4 takes d5 then e6: d4xd6xf6.
/// let position = Turkish::from_fen("W:Wd4:Bd5,e6,h8").unwrap();
/// let mut env = HopByHop::new(position);
/// assert_eq!(env.action_count(), 1792);
/// let square = |name: &str| name.parse::<Square>().unwrap();
/// let first = env.hop_action(square("d4"), square("d6")).unwrap();
/// assert_eq!(env.apply_action(first), Ok(Progress::Continues));
/// let second = env.hop_action(square("d6"), square("f6")).unwrap();
/// let Ok(Progress::Completed(mv)) = env.apply_action(second) else { panic!() };
/// assert_eq!(mv.to_string(), "d4xd6xf6");
/// assert_eq!(env.position().pieces(rulebook::turkish::Color::Black).count_ones(), 1);
/// ```
#[derive(Clone, Copy, PartialEq, Eq)]
pub struct HopByHop {
    position: Turkish,
    /// The squares the capture in progress has visited (indices): the
    /// start, then one landing per piece taken (at least two); `None`
    /// between moves.
    route: Option<Route<u8, MAX_ROUTE>>,
    /// The pieces taken so far (a bitboard).
    taken: u64,
}

impl fmt::Debug for HopByHop {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("HopByHop")
            .field("position", &self.position.to_fen())
            .field("capture_so_far", &self.route_so_far())
            .finish()
    }
}

impl Default for HopByHop {
    /// The start position, between moves.
    fn default() -> Self {
        HopByHop::new(Turkish::default())
    }
}

impl From<Turkish> for HopByHop {
    fn from(position: Turkish) -> Self {
        HopByHop::new(position)
    }
}

impl HopByHop {
    /// The numbering of the actions: 64 squares, 7 ranges (flying kings).
    pub const ACTIONS: HopActions = HopActions::new(SQUARES, SIZE - 1);

    /// The observation's shape: 6 planes of 8x8.
    pub const OBSERVATION_SHAPE: ObservationShape = ObservationShape::new(HOP_PLANES, SIZE, SIZE);

    /// The environment at `position`, between moves.
    pub fn new(position: Turkish) -> HopByHop {
        HopByHop {
            position,
            route: None,
            taken: 0,
        }
    }

    /// The squares the capture in progress has visited so far (its start,
    /// then the square reached after each piece taken): empty between
    /// moves.
    pub fn capture_so_far(&self) -> impl ExactSizeIterator<Item = Square> + '_ {
        self.route_so_far()
            .iter()
            .map(|&index| Square::new(usize::from(index)).unwrap_or_default())
    }

    /// The indices the capture in progress has visited: empty between
    /// moves.
    fn route_so_far(&self) -> &[u8] {
        self.route.as_ref().map_or(&[], Route::squares)
    }

    /// The action that moves the piece on `from` to `to` along a rank or
    /// file for the player to act, or `None` when they are not on one
    /// line. Geometry only: the action need not be legal.
    pub fn hop_action(&self, from: Square, to: Square) -> Option<usize> {
        encode(from.index(), to.index(), self.position.to_move())
    }

    /// Whether `mv`'s route begins with the capture so far and goes on.
    fn continues(&self, mv: &Move) -> bool {
        self.route.map_or(true, |route| {
            route.is_continued_by(mv.route().iter().copied())
        })
    }
}

/// Whether `player` sees the board turned 180° (Black: White's men move
/// toward higher indices).
const fn turned(player: Color) -> bool {
    matches!(player, Color::Black)
}

/// The action of the straight move from index `from` to `to` for
/// `player`, or `None` when they are not on one rank or file.
fn encode(from: usize, to: usize, player: Color) -> Option<usize> {
    let direction = Direction::between(from, to)?;
    let code = BOARD_DIRECTIONS.iter().position(|&d| d == direction)?;
    let (from_row, from_column) = (from / SIZE, from % SIZE);
    let (to_row, to_column) = (to / SIZE, to % SIZE);
    let range = from_row.abs_diff(to_row) + from_column.abs_diff(to_column);
    let actions = HopByHop::ACTIONS;
    actions.action(
        actions.view_square(from, turned(player)),
        HopActions::view_direction(code, turned(player)),
        range,
    )
}

/// The indices (from, to) of `action` for `player`: `None` when the action
/// does not exist, `Some((from, None))` when it leaves the board.
fn decode(action: usize, player: Color) -> Option<(usize, Option<usize>)> {
    let actions = HopByHop::ACTIONS;
    let (view_square, view_direction, range) = actions.hop(action)?;
    let from = actions.view_square(view_square, turned(player));
    let code = HopActions::view_direction(view_direction, turned(player));
    let (row, column) = (from / SIZE, from % SIZE);
    let (row, column) = match BOARD_DIRECTIONS[code] {
        Direction::UP => (row.checked_add(range), Some(column)),
        Direction::DOWN => (row.checked_sub(range), Some(column)),
        Direction::LEFT => (Some(row), column.checked_sub(range)),
        _ => (Some(row), column.checked_add(range)),
    };
    let to = row
        .zip(column)
        .filter(|&(row, column)| row < SIZE && column < SIZE)
        .map(|(row, column)| row * SIZE + column);
    Some((from, to))
}

impl Environment for HopByHop {
    type Game = Turkish;
    /// One action per piece taken (one for a step).
    type Actions = MoveList<usize, MAX_CAPTURES>;

    fn from_position(position: Turkish) -> HopByHop {
        HopByHop::new(position)
    }

    fn position(&self) -> &Turkish {
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
        let hop = self.route_so_far().len().saturating_sub(1);
        for mv in self.position.legal_moves().iter() {
            if !self.continues(mv) {
                continue;
            }
            let route = mv.route();
            let action = encode(usize::from(route[hop]), usize::from(route[hop + 1]), player);
            if let Some(slot) = action.and_then(|action| mask.get_mut(action)) {
                *slot = true;
            }
        }
        Ok(())
    }

    fn write_observation(&self, observation: &mut [f32]) -> Result<(), BufferSizeError> {
        let acting = self.position.to_move();
        // Captured pieces leave the board one by one, as the rules say.
        let kings = self.position.kings() & !self.taken;
        let capture = self.route.map(|route| {
            let (start, landing) = (usize::from(route.start()), usize::from(route.landing()));
            (start, landing, kings & 1 << start != 0)
        });
        let planes = HopPlanes::new(
            self.position.pieces(acting),
            self.position.pieces(acting.opponent()) & !self.taken,
            kings,
            capture,
            self.taken,
        );
        planes.write(Self::OBSERVATION_SHAPE, observation, turned(acting))
    }

    /// The board turned 180° (the waiting player's view squares) with the
    /// sides' planes swapped, as the draughts family's environment does.
    fn write_waiting_observation(&self, observation: &mut [f32]) -> Result<(), BufferSizeError> {
        self.write_observation(observation)?;
        turn_to_waiting(observation, SQUARES);
        Ok(())
    }

    fn apply_action(&mut self, action: usize) -> Result<Progress<Move>, ActionError> {
        let count = Self::ACTIONS.count();
        let player = self.position.to_move();
        let (from, to) = decode(action, player).ok_or(ActionError::OutOfRange { action, count })?;
        let legal = self.position.legal_moves();
        if legal.is_empty() {
            return Err(ActionError::GameOver);
        }
        let illegal = ActionError::Illegal { action };
        let to = to.ok_or(illegal)?;
        let route = Route::with_hop(self.route, from as u8, to as u8).ok_or(illegal)?;
        match route.entry(legal.iter().map(|mv| (*mv, mv.route().iter().copied()))) {
            RouteEntry::Complete(mv) => {
                // Every legal capture takes as many pieces, so a complete
                // route begins no longer one.
                *self = HopByHop::new(self.position);
                self.position.apply_unchecked(mv);
                Ok(Progress::Completed(mv))
            }
            RouteEntry::InProgress => {
                let opponent = self.position.pieces(player.opponent());
                self.taken |= between(from, to) & opponent & !self.taken;
                self.route = Some(route);
                Ok(Progress::Continues)
            }
            RouteEntry::NoMove => Err(illegal),
        }
    }

    fn actions_of_move(&self, mv: Move) -> Result<MoveList<usize, MAX_CAPTURES>, ActionError> {
        if self.route.is_some() {
            return Err(ActionError::IllegalMove);
        }
        let legal = self.position.legal_moves();
        if legal.is_empty() {
            return Err(ActionError::GameOver);
        }
        if !legal.contains(&mv) {
            return Err(ActionError::IllegalMove);
        }
        let player = self.position.to_move();
        let mut actions = MoveList::new();
        for leg in mv.route().windows(2) {
            let action = encode(usize::from(leg[0]), usize::from(leg[1]), player)
                .ok_or(ActionError::IllegalMove)?;
            actions
                .try_push(action)
                .map_err(|_| ActionError::IllegalMove)?;
        }
        Ok(actions)
    }
}
