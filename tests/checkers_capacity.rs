//! The capacity of `checkers::Moves` (`MAX_MOVES`), its proof's
//! computation, and the sizes of the checkers types.

use rulebook::checkers::{Checkers, Move, MAX_MOVES};
use rulebook::Game;

/// Landing squares of one row parity form a 4x4 grid of nodes; jumped
/// squares are the centres of the 3x3 cells between them.
const GRID: usize = 4;
const CELLS: usize = GRID - 1;

/// The number of maximal trails of a king starting on `node`: sequences of
/// jumps across distinct cells, landing on nodes not in `blocked`
/// (revisiting nodes is allowed), that cannot be extended.
fn maximal_trails(node: (usize, usize), used_cells: u16, blocked: u16) -> u32 {
    let mut total = 0;
    let mut extended = false;
    for (dr, dc) in [(-1i32, -1i32), (-1, 1), (1, -1), (1, 1)] {
        let (r, c) = (node.0 as i32 + dr, node.1 as i32 + dc);
        if !(0..GRID as i32).contains(&r) || !(0..GRID as i32).contains(&c) {
            continue;
        }
        let (r, c) = (r as usize, c as usize);
        let cell = 1u16 << (node.0.min(r) * CELLS + node.1.min(c));
        let landing = 1u16 << (r * GRID + c);
        if used_cells & cell != 0 || blocked & landing != 0 {
            continue;
        }
        extended = true;
        total += maximal_trails((r, c), used_cells | cell, blocked);
    }
    if !extended && used_cells != 0 {
        total += 1;
    }
    total
}

/// `G(k)`: the most captures `k` kings on one row parity can have, with
/// every cell holding an enemy piece and only the kings themselves blocking
/// landings (the relaxation in the proof of `MAX_MOVES`).
fn best_sums() -> [u32; 13] {
    let mut best = [0; 13];
    for kings in 0u32..1 << (GRID * GRID) {
        let k = kings.count_ones() as usize;
        if k > 12 {
            continue;
        }
        let sum = (0..GRID * GRID)
            .filter(|node| kings & (1 << node) != 0)
            .map(|node| {
                let others = (kings & !(1 << node)) as u16;
                maximal_trails((node / GRID, node % GRID), 0, others)
            })
            .sum();
        best[k] = best[k].max(sum);
    }
    best
}

#[test]
fn capture_capacity_bound_is_exhaustive() {
    let g = best_sums();
    assert_eq!(g, [0, 16, 32, 33, 34, 32, 30, 28, 26, 21, 19, 17, 13]);
    let captures = (0..=12)
        .flat_map(|a| (0..=12 - a).map(move |b| (a, b)))
        .map(|(a, b)| g[a] + g[b])
        .max()
        .unwrap();
    assert_eq!(captures, 68);
    // Steps: at most 4 per piece.
    let steps = 12 * 4;
    assert_eq!(MAX_MOVES, captures.max(steps) as usize);
}

#[test]
fn move_generator_agrees_with_the_bound_computation() {
    // One king in the middle of the even rows (square 15 sits on odd rows;
    // 10 is an even-row node) with enemy men on all 9 odd-row cells: the
    // exhaustive count says 16 captures.
    let game = Checkers::from_fen("B:W6,7,8,14,15,16,22,23,24:BK10").unwrap();
    assert_eq!(game.legal_moves().len(), 16);
    // Four kings on 1-4 against the same nine men: G(4) = 34.
    let game = Checkers::from_fen("B:W6,7,8,14,15,16,22,23,24:BK1,K2,K3,K4").unwrap();
    assert_eq!(game.legal_moves().len(), 34);
}

/// The most legal moves found in any position (a simulated-annealing search
/// over positions): 37 steps with 12 Red kings, and 34 captures with four
/// kings on 1-4 against nine men (the exhaustive `G(4)`). The proven
/// capacity, 68, is an upper bound; no search found a position above 37.
#[test]
fn positions_with_the_most_moves_found() {
    let steps =
        Checkers::from_fen("B:W19,K20,28,K29:B1,2,4,K9,K10,K11,12,K17,K18,K25,K26,K27").unwrap();
    assert_eq!(steps.legal_moves().len(), 37);
    assert!(steps.legal_moves().iter().all(|mv| !mv.is_capture()));
    let captures = Checkers::from_fen("B:W6,7,8,14,15,16,22,23,24:BK1,K2,K3,K4").unwrap();
    assert_eq!(captures.legal_moves().len(), 34);
    assert!(captures.legal_moves().iter().all(|mv| mv.is_capture()));
}

#[test]
fn sizes_are_pinned() {
    assert_eq!(core::mem::size_of::<Checkers>(), 16);
    assert_eq!(core::mem::size_of::<Move>(), 8);
}
