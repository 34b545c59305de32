//! Move generation: the captures of most pieces (each piece removed as it
//! is taken, no 180° turn between two captures), else the steps.
//!
//! Works from the mover's side ([`Sides`]): its pieces, the opponent's,
//! the kings of both, its forward direction.

use super::geometry::{between, ray, step, Direction, OFF};
use super::moves::MAX_ROUTE;
use super::{Move, Moves};

/// A position from the side of the player to move.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Sides {
    /// The mover's pieces.
    pub(crate) own: u64,
    /// The opponent's pieces.
    pub(crate) opponent: u64,
    /// Kings of both sides.
    pub(crate) kings: u64,
    /// The mover's forward direction ([`Direction::UP`] for White).
    pub(crate) forward: Direction,
}

/// The pieces a capture along `route` takes, the opponent's pieces being
/// `opponent` before the move: on each leg, every opponent piece between
/// its ends (exactly one on a legal leg; a square crossed again held a
/// piece already taken).
pub(crate) fn captured(route: &[u8], opponent: u64) -> u64 {
    let mut lines = 0;
    for leg in route.windows(2) {
        lines |= between(leg[0] as usize, leg[1] as usize);
    }
    lines & opponent
}

/// Fills `moves` with the legal moves of `sides` (clearing it first): the
/// captures that take the most pieces, one per start, end and set of
/// pieces taken, else every step. Order: by start square, then direction
/// (up, down, left, right), then distance.
pub(crate) fn generate(sides: Sides, moves: &mut Moves) {
    generate_routes(sides, moves, true);
}

/// [`generate`], or with `distinct` false every capture route (two routes
/// that differ only in where a king lands between two pieces it takes are
/// both listed), the convention of kish's perft.
pub(crate) fn generate_routes(sides: Sides, moves: &mut Moves, distinct: bool) {
    moves.clear();
    let mut search = CaptureSearch {
        moves,
        distinct,
        best: 0,
        route: [0; MAX_ROUTE],
        others: 0,
        opponent: sides.opponent,
    };
    let mut pieces = sides.own;
    while pieces != 0 {
        let square = pieces.trailing_zeros() as usize;
        pieces &= pieces - 1;
        search.others = sides.own & !(1 << square);
        search.route[0] = square as u8;
        if sides.kings & (1 << square) != 0 {
            search.king(square, sides.opponent, Direction::NONE, 0);
        } else {
            search.man(square, sides.opponent, Direction::NONE, 0, sides.forward);
        }
    }
    if search.best == 0 {
        steps(sides, moves);
    }
}

/// The steps of every piece (no capture exists).
fn steps(sides: Sides, moves: &mut Moves) {
    let occupied = sides.own | sides.opponent;
    let mut pieces = sides.own;
    while pieces != 0 {
        let square = pieces.trailing_zeros() as usize;
        pieces &= pieces - 1;
        if sides.kings & (1 << square) != 0 {
            for direction in Direction::ALL {
                let mut to = step(square, direction);
                while to != OFF && occupied & (1 << to) == 0 {
                    moves.push(Move::step(square, to as usize));
                    to = step(to as usize, direction);
                }
            }
        } else {
            for direction in [sides.forward, Direction::LEFT, Direction::RIGHT] {
                let to = step(square, direction);
                if to != OFF && occupied & (1 << to) == 0 {
                    moves.push(Move::step(square, to as usize));
                }
            }
        }
    }
}

/// A depth-first walk of one piece's captures, keeping the longest.
struct CaptureSearch<'a> {
    /// The captures found that take `best` pieces.
    moves: &'a mut Moves,
    /// Whether to keep one capture per start, end and pieces taken (else
    /// every route).
    distinct: bool,
    /// Pieces taken by the captures in `moves` (0: none found yet).
    best: usize,
    /// The route so far: the start, then each landing.
    route: [u8; MAX_ROUTE],
    /// The mover's other pieces (its start square is empty while it moves).
    others: u64,
    /// The opponent's pieces before the move.
    opponent: u64,
}

impl CaptureSearch<'_> {
    /// The captures of a man on `square` that has taken `depth` pieces,
    /// arriving in direction `last`; `opponent`: the pieces left.
    fn man(
        &mut self,
        square: usize,
        opponent: u64,
        last: Direction,
        depth: usize,
        forward: Direction,
    ) {
        let occupied = self.others | opponent;
        let mut extended = false;
        for direction in [forward, Direction::LEFT, Direction::RIGHT] {
            if direction == last.reverse() {
                continue;
            }
            let victim = step(square, direction);
            if victim == OFF || opponent & (1 << victim) == 0 {
                continue;
            }
            let landing = step(victim as usize, direction);
            if landing == OFF || occupied & (1 << landing) != 0 {
                continue;
            }
            extended = true;
            self.route[depth + 1] = landing;
            self.man(
                landing as usize,
                opponent & !(1 << victim),
                direction,
                depth + 1,
                forward,
            );
        }
        if !extended && depth > 0 {
            self.record(depth);
        }
    }

    /// The captures of a king on `square` (see [`CaptureSearch::man`]).
    fn king(&mut self, square: usize, opponent: u64, last: Direction, depth: usize) {
        let occupied = self.others | opponent;
        let mut extended = false;
        for direction in Direction::ALL {
            if direction == last.reverse() {
                continue;
            }
            // The first piece on the line: the nearest occupied square.
            let blockers = ray(square, direction) & occupied;
            if blockers == 0 {
                continue;
            }
            let victim = nearest(blockers, direction);
            if opponent & (1 << victim) == 0 {
                continue;
            }
            let left = opponent & !(1 << victim);
            let mut landing = step(victim, direction);
            while landing != OFF && occupied & (1 << landing) == 0 {
                extended = true;
                self.route[depth + 1] = landing;
                self.king(landing as usize, left, direction, depth + 1);
                landing = step(landing as usize, direction);
            }
        }
        if !extended && depth > 0 {
            self.record(depth);
        }
    }

    /// Keeps the finished capture of `route[..=taken]` if it takes the
    /// most pieces so far and is not one already kept (same start, end and
    /// pieces taken).
    fn record(&mut self, taken: usize) {
        if taken < self.best {
            return;
        }
        if taken > self.best {
            self.moves.clear();
            self.best = taken;
        }
        let route = &self.route[..=taken];
        let (from, to) = (route[0], route[taken]);
        let mut pieces = None;
        let kept_moves: &[Move] = if self.distinct { self.moves } else { &[] };
        for kept in kept_moves {
            let kept_route = kept.route();
            if kept_route[0] != from || kept_route[taken] != to {
                continue;
            }
            let these = *pieces.get_or_insert_with(|| captured(route, self.opponent));
            if captured(kept_route, self.opponent) == these {
                return;
            }
        }
        self.moves.push(Move::capture(route));
    }
}

/// The square of `blockers` nearest to the start of a ray in `direction`
/// (the lowest index going up or right, the highest going down or left).
///
/// Precondition: `blockers != 0`.
#[inline]
fn nearest(blockers: u64, direction: Direction) -> usize {
    debug_assert!(blockers != 0);
    if direction == Direction::UP || direction == Direction::RIGHT {
        blockers.trailing_zeros() as usize
    } else {
        63 - blockers.leading_zeros() as usize
    }
}
