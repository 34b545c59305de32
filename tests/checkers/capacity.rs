//! The capacity of `checkers::Moves` (`MAX_MOVES`), its proof's
//! computation, and the sizes of the checkers types.

use rulebook::checkers::{Checkers, Move, Square, MAX_MOVES};
use rulebook::Game;

/// Landing squares of one row parity form a 4x4 grid of nodes; jumped
/// squares are the centres of the 3x3 cells between them.
const GRID: usize = 4;
const CELLS: usize = GRID - 1;
/// The most pieces a side may have.
const MAX_PIECES: usize = 12;
/// Cells of one row parity.
const CELL_COUNT: usize = CELLS * CELLS;

/// The number of maximal trails of a king on `node`: sequences of jumps
/// across distinct cells of `enemy_cells` (cells holding an enemy piece),
/// landing on nodes not in `blocked` (revisiting nodes is allowed), that
/// cannot be extended.
fn maximal_trails(node: (usize, usize), enemy_cells: u16, used_cells: u16, blocked: u16) -> u32 {
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
        if enemy_cells & cell == 0 || used_cells & cell != 0 || blocked & landing != 0 {
            continue;
        }
        extended = true;
        total += maximal_trails((r, c), enemy_cells, used_cells | cell, blocked);
    }
    if !extended && used_cells != 0 {
        total += 1;
    }
    total
}

/// A symmetry of the grid: (last index, row, column) to (row, column).
type NodeMap = fn(usize, usize, usize) -> (usize, usize);

/// The images of a node set under the 8 symmetries of the square grid
/// (which map nodes to nodes, cells to cells and diagonals to diagonals).
fn symmetric_images(nodes: u16) -> [u16; 8] {
    let last = GRID - 1;
    let maps: [NodeMap; 8] = [
        |_, r, c| (r, c),
        |l, r, c| (c, l - r),
        |l, r, c| (l - r, l - c),
        |l, r, c| (l - c, r),
        |l, r, c| (r, l - c),
        |l, r, c| (l - r, c),
        |_, r, c| (c, r),
        |l, r, c| (l - c, l - r),
    ];
    maps.map(|map| {
        (0..GRID * GRID)
            .filter(|node| nodes & (1 << node) != 0)
            .map(|node| {
                let (r, c) = map(last, node / GRID, node % GRID);
                1u16 << (r * GRID + c)
            })
            .fold(0, |image, bit| image | bit)
    })
}

/// `G[k][c]`: the most captures `k` kings on the nodes of one row parity
/// can have when `c` of its 9 cells hold enemy pieces and only the kings
/// themselves block landings (the relaxation in the proof of `MAX_MOVES`).
/// King sets are taken up to symmetry; all cell sets are tried.
fn best_sums() -> [[u32; CELL_COUNT + 1]; MAX_PIECES + 1] {
    let mut best = [[0; CELL_COUNT + 1]; MAX_PIECES + 1];
    for kings in 0..=u16::MAX {
        let k = kings.count_ones() as usize;
        if k > MAX_PIECES || symmetric_images(kings).iter().any(|&image| image < kings) {
            continue;
        }
        for enemy_cells in 0..1u16 << CELL_COUNT {
            let sum = (0..GRID * GRID)
                .filter(|node| kings & (1 << node) != 0)
                .map(|node| {
                    let others = kings & !(1 << node);
                    maximal_trails((node / GRID, node % GRID), enemy_cells, 0, others)
                })
                .sum();
            let c = enemy_cells.count_ones() as usize;
            best[k][c] = best[k][c].max(sum);
        }
    }
    best
}

#[test]
#[ignore = "long unoptimised: the long-checks run"]
fn capture_capacity_bound_is_exhaustive() {
    let g = best_sums();
    // With every cell taken, as in the proof's table.
    let all_cells: Vec<u32> = g.iter().map(|row| row[CELL_COUNT]).collect();
    assert_eq!(
        all_cells,
        [0, 16, 32, 33, 34, 32, 30, 28, 26, 21, 19, 17, 13]
    );
    // Own pieces split a + b <= 12 over the two row parities, enemy pieces
    // ca + cb <= 12 over their cells.
    let mut captures = 0;
    for a in 0..=MAX_PIECES {
        for b in 0..=MAX_PIECES - a {
            for ca in 0..=CELL_COUNT {
                for cb in 0..=CELL_COUNT.min(MAX_PIECES - ca) {
                    captures = captures.max(g[a][ca] + g[b][cb]);
                }
            }
        }
    }
    assert_eq!(captures, 40);
    assert_eq!(MAX_MOVES, captures.max(most_steps()) as usize);
}

/// Rows of the board, and playable squares per row.
const ROWS: usize = 8;
const PER_ROW: usize = 4;

/// The number of empty diagonal neighbours, in row `other` (occupancy
/// mask `other_mask`), of the pieces in row `row` (mask `row_mask`).
fn empty_neighbours(row: usize, row_mask: u32, other: usize, other_mask: u32) -> u32 {
    let square = |r: usize, k: usize| Square::new((r * PER_ROW + k + 1) as u8).unwrap();
    let mut count = 0;
    for k in (0..PER_ROW).filter(|k| row_mask & (1 << k) != 0) {
        for k2 in (0..PER_ROW).filter(|k2| other_mask & (1 << k2) == 0) {
            let (a, b) = (square(row, k), square(other, k2));
            count += u32::from(a.column().abs_diff(b.column()) == 1);
        }
    }
    count
}

/// The most steps any placement of at most 12 pieces can have: all kings,
/// no enemy piece in the way (enemy pieces only take squares away), so the
/// sum over pieces of their empty diagonal neighbours. Diagonal neighbours
/// lie in adjacent rows, so a dynamic programme over the rows, keeping the
/// occupancy of the last two rows and the piece count, tries every
/// placement.
fn most_steps() -> u32 {
    const MASKS: u32 = 1 << PER_ROW;
    // best[(previous row, current row, pieces)] = steps of the pieces in
    // the rows before the current one.
    let mut best = std::collections::HashMap::new();
    for mask in 0..MASKS {
        best.insert((0, mask, mask.count_ones()), 0u32);
    }
    for row in 0..ROWS {
        let mut next = std::collections::HashMap::new();
        for (&(previous, current, pieces), &steps) in &best {
            let next_masks = if row + 1 < ROWS { 0..MASKS } else { 0..1 };
            for following in next_masks {
                let pieces = pieces + following.count_ones();
                if pieces > MAX_PIECES as u32 {
                    continue;
                }
                let mut gained = 0;
                if row > 0 {
                    gained += empty_neighbours(row, current, row - 1, previous);
                }
                if row + 1 < ROWS {
                    gained += empty_neighbours(row, current, row + 1, following);
                }
                let entry = next.entry((current, following, pieces)).or_insert(0);
                *entry = (*entry).max(steps + gained);
            }
        }
        best = next;
    }
    best.into_values().max().unwrap()
}

#[test]
fn step_capacity_bound_is_exhaustive_and_reached() {
    assert_eq!(most_steps(), 42);
    // Twelve kings on rows 1, 3 and 5, none next to another.
    let game = Checkers::from_fen("B:WK29:BK5-8,K13-16,K21-24").unwrap();
    assert_eq!(game.legal_moves().len(), 42);
    assert_eq!(game.legal_moves().len(), MAX_MOVES);
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

/// The most captures found in a position: 34, four kings on 1-4 against
/// nine men (the exhaustive `G(4, 9)`); the proven capture bound is 40.
#[test]
fn position_with_the_most_captures_found() {
    let captures = Checkers::from_fen("B:W6,7,8,14,15,16,22,23,24:BK1,K2,K3,K4").unwrap();
    assert_eq!(captures.legal_moves().len(), 34);
    assert!(captures.legal_moves().iter().all(|mv| mv.is_capture()));
}

#[test]
fn sizes_are_pinned() {
    assert_eq!(core::mem::size_of::<Checkers>(), 16);
    assert_eq!(core::mem::size_of::<Move>(), 8);
}
