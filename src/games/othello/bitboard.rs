//! The Othello bitboard: one `u64` per side, bit `row * 8 + column` for
//! the square (`a1` = bit 0, `h1` = bit 7, `a8` = bit 56, `h8` = bit 63).
//!
//! This file owns the two hot operations, both branch-free and without
//! tables beyond a 4 KiB constant of rays:
//! - [`moves`]: the squares where the player to move flanks a line of
//!   opponent discs, found for all squares at once by shifts, in the
//!   Kogge-Stone style of the fastest public programs (a fill that doubles
//!   its reach at each step: 4 steps reach the 6 discs a line can hold);
//! - [`flips`]: the discs one move turns over, by a carry along each ray
//!   going up the board and a leading-zero count along each ray going
//!   down (the "carry" method).

/// Every square but those of files `a` and `h`: a horizontal or diagonal
/// line of flanked discs never holds an edge file's square, so masking
/// the opponent's discs with it stops the shifts from wrapping around.
const NOT_EDGE_FILES: u64 = 0x7E7E_7E7E_7E7E_7E7E;

/// Squares on the board.
pub(super) const SQUARES: usize = 64;

/// The four line directions, as bit-index steps: east, north, north-west
/// and north-east (each also taken backwards: west, south, ...).
const STEPS: [u32; 4] = [1, 8, 7, 9];

/// The moves in one direction and its reverse: the empty-or-not squares
/// just past a line of `mask` discs that starts next to a disc of
/// `player`. The caller keeps only the empty ones.
#[inline(always)]
const fn moves_along(player: u64, mask: u64, step: u32) -> u64 {
    let double = step * 2;
    let mut up = mask & (player << step);
    let mut down = mask & (player >> step);
    up |= mask & (up << step);
    down |= mask & (down >> step);
    // Pairs of adjacent mask discs: each step now goes two discs further.
    let pairs_up = mask & (mask << step);
    let pairs_down = pairs_up >> step;
    up |= pairs_up & (up << double);
    down |= pairs_down & (down >> double);
    up |= pairs_up & (up << double);
    down |= pairs_down & (down >> double);
    (up << step) | (down >> step)
}

/// The squares where the player with discs `player` may play against
/// `opponent`: empty, and flanking at least one line of opponent discs.
///
/// Precondition: `player & opponent == 0`.
#[inline]
pub(super) const fn moves(player: u64, opponent: u64) -> u64 {
    debug_assert!(player & opponent == 0);
    let inner = opponent & NOT_EDGE_FILES;
    let found = moves_along(player, inner, STEPS[0])
        | moves_along(player, opponent, STEPS[1])
        | moves_along(player, inner, STEPS[2])
        | moves_along(player, inner, STEPS[3]);
    found & !(player | opponent)
}

/// Whether the player with discs `player` has a move against `opponent`.
#[inline]
pub(super) const fn has_moves(player: u64, opponent: u64) -> bool {
    moves(player, opponent) != 0
}

/// The rays of every square, excluding the square: for square `s`,
/// `RAYS[s][0..4]` go up the board (east, north, north-west, north-east:
/// higher bit indices), `RAYS[s][4..8]` down (west, south, south-east,
/// south-west: lower ones).
static RAYS: [[u64; 8]; SQUARES] = rays();

/// Builds [`RAYS`].
const fn rays() -> [[u64; 8]; SQUARES] {
    // (column step, row step) of each ray, in the order of `RAYS`.
    const DIRECTIONS: [(i32, i32); 8] = [
        (1, 0),
        (0, 1),
        (-1, 1),
        (1, 1),
        (-1, 0),
        (0, -1),
        (1, -1),
        (-1, -1),
    ];
    let mut rays = [[0u64; 8]; SQUARES];
    let mut square = 0;
    while square < SQUARES {
        let mut direction = 0;
        while direction < 8 {
            let (dc, dr) = DIRECTIONS[direction];
            let mut column = (square % 8) as i32 + dc;
            let mut row = (square / 8) as i32 + dr;
            let mut ray = 0u64;
            while column >= 0 && column < 8 && row >= 0 && row < 8 {
                ray |= 1 << (row * 8 + column);
                column += dc;
                row += dr;
            }
            rays[square][direction] = ray;
            direction += 1;
        }
        square += 1;
    }
    rays
}

/// The discs along `ray` (going up from the move) that a move flips: the
/// opponent's discs up to the first square that is not the opponent's,
/// when that square holds a disc of the player.
#[inline(always)]
const fn flips_up(player: u64, opponent: u64, ray: u64) -> u64 {
    // Every bit below the ray, and every bit off it, is set: adding 1
    // carries up to the first square of the ray that is not the
    // opponent's, and sets it.
    let outflank = (opponent | !ray).wrapping_add(1) & ray & player;
    outflank.wrapping_sub((outflank != 0) as u64) & ray
}

/// As [`flips_up`] for a ray going down from the move: the first square
/// that is not the opponent's is the highest such bit of the ray.
#[inline(always)]
const fn flips_down(player: u64, opponent: u64, ray: u64) -> u64 {
    let not_opponent = !opponent & ray;
    // With no such square the count is 64 and the wrapping shift gives
    // bit 63, which is never on a ray going down: nothing is flipped.
    let first = (1u64 << 63).wrapping_shr(not_opponent.leading_zeros()) & ray;
    let outflank = first & player;
    (outflank.wrapping_neg() << 1) & ray
}

/// The opponent's discs that the player's disc on `square` turns over
/// (empty if the move is not legal there).
///
/// Precondition: `square < 64`, `player & opponent == 0`.
#[inline]
pub(super) fn flips(square: usize, player: u64, opponent: u64) -> u64 {
    debug_assert!(square < SQUARES && player & opponent == 0);
    let rays = &RAYS[square % SQUARES];
    flips_up(player, opponent, rays[0])
        | flips_up(player, opponent, rays[1])
        | flips_up(player, opponent, rays[2])
        | flips_up(player, opponent, rays[3])
        | flips_down(player, opponent, rays[4])
        | flips_down(player, opponent, rays[5])
        | flips_down(player, opponent, rays[6])
        | flips_down(player, opponent, rays[7])
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The slow, obvious way: walk each of the 8 directions square by
    /// square.
    fn flips_by_walking(square: usize, player: u64, opponent: u64) -> u64 {
        let mut all = 0;
        for (dc, dr) in [
            (1, 0),
            (-1, 0),
            (0, 1),
            (0, -1),
            (1, 1),
            (1, -1),
            (-1, 1),
            (-1, -1),
        ] {
            let (mut c, mut r) = ((square % 8) as i32 + dc, (square / 8) as i32 + dr);
            let mut line = 0u64;
            while (0..8).contains(&c) && (0..8).contains(&r) {
                let bit = 1u64 << (r * 8 + c);
                if opponent & bit != 0 {
                    line |= bit;
                } else {
                    if player & bit != 0 {
                        all |= line;
                    }
                    break;
                }
                c += dc;
                r += dr;
            }
        }
        all
    }

    fn random_boards() -> impl Iterator<Item = (u64, u64)> {
        let mut rng = crate::SplitMix64::new(0x1234_5678_9ABC_DEF0);
        core::iter::from_fn(move || {
            let mut next = || rng.next_u64();
            let (a, b) = (next(), next());
            let occupied = a | b; // about three quarters full
            let player = occupied & next();
            Some((player, occupied & !player))
        })
        .take(20_000)
    }

    #[test]
    fn flips_and_moves_agree_with_walking_each_direction() {
        for (player, opponent) in random_boards() {
            let empty = !(player | opponent);
            let mut walked_moves = 0;
            for square in 0..SQUARES {
                let walked = flips_by_walking(square, player, opponent);
                if empty >> square & 1 == 1 {
                    assert_eq!(flips(square, player, opponent), walked, "{square}");
                    if walked != 0 {
                        walked_moves |= 1 << square;
                    }
                }
            }
            assert_eq!(moves(player, opponent), walked_moves);
        }
    }
}
