//! Perft: counting move sequences, the standard proof of a move generator.
//!
//! - [`perft`] — the count, on the calling thread, with no heap allocation.
//! - [`perft_plain`] — the same count through `legal_moves` and
//!   `apply_unchecked` only, as a search walks the game: its speed.
//! - [`perft_divide`] — the count under each root move, the usual way to
//!   find a move-generation bug by comparing with another engine.
//! - [`perft_parallel`] and [`perft_parallel_divide`] — the same counts,
//!   spread over several threads.
//! - [`count_games`] — complete games of at most a given length, which
//!   perft does not count (see [`perft`]).

use std::num::NonZeroUsize;
use std::sync::atomic::{AtomicU64, AtomicUsize, Ordering};

use crate::Game;

/// The number of distinct move sequences of exactly `depth` plies from
/// `game`. A finished game has no moves, so it counts 0 at any depth above
/// 0; depth 0 counts 1 (the empty sequence).
///
/// Calls [`Game::perft`], which a game may override with a faster walk.
/// Never allocates on the heap.
///
/// # Perft is not the number of games
///
/// A game that ends before `depth` plies contributes nothing: its sequence
/// is too short. In Tic-tac-toe, `perft(9)` from the empty board is 127,872
/// (the games still going after 8 plies, each completed by its single
/// last move), whereas the number usually quoted, 255,168, counts every
/// complete game, including the 127,296 won in 5 to 8 plies. Both are
/// right; they answer different questions. [`count_games`] answers the
/// second:
///
/// ```
/// use rulebook::connect4::Connect4;
/// use rulebook::{count_games, perft};
///
/// // X wins on its next move in column 0 (solver notation, 1-indexed).
/// let game = Connect4::from_moves("121212").unwrap();
/// assert_eq!(perft(&game, 1), 7);
/// // One of the 7 moves ends the game; the 6 others continue past ply 1.
/// assert_eq!(count_games(&game, 1), 1);
/// assert_eq!(perft(&game, 2), 6 * 7);
/// ```
pub fn perft<G: Game>(game: &G, depth: u32) -> u64 {
    game.perft(depth)
}

/// The number of complete games of at most `depth` plies from `game`: move
/// sequences that end the game, of any length up to `depth`. A finished
/// `game` counts 1 (the empty sequence ends it).
///
/// With `depth` at least the length of the longest game, this is the total
/// number of games (e.g. 255,168 for Tic-tac-toe from the empty board; see
/// [`perft`] for why perft gives a different number).
///
/// A plain recursive walk over [`Game::legal_moves`] and
/// [`Game::apply_unchecked`]: never allocates on the heap, visits every
/// position up to `depth` plies (no transpositions are merged).
///
/// ```
/// use rulebook::connect4::Connect4;
/// use rulebook::{count_games, perft};
///
/// // No game of Connect Four ends before the 7th ply.
/// assert_eq!(count_games(&Connect4::default(), 6), 0);
/// assert_eq!(perft(&Connect4::default(), 6), 117_649);
/// // One move from the end: X's win in column 4 is the one game of one ply.
/// let almost = Connect4::from_moves("112233").unwrap();
/// assert_eq!(count_games(&almost, 1), 1);
/// ```
pub fn count_games<G: Game>(game: &G, depth: u32) -> u64 {
    if game.is_over() {
        return 1;
    }
    let Some(child_depth) = depth.checked_sub(1) else {
        return 0;
    };
    let mut total = 0;
    for mv in game.legal_moves() {
        let mut child = game.clone();
        child.apply_unchecked(mv);
        total += count_games(&child, child_depth);
    }
    total
}

/// [`perft`] the way any search walks a game: [`Game::legal_moves`] and
/// [`Game::apply_unchecked`] at every ply, and the length of
/// `legal_moves()` at the last one. It never calls a game's
/// [`Game::perft`] override, so its speed is the speed of the trait path
/// that every user's search takes (the figure to compare with other
/// engines' move generators), and its count checks that override.
///
/// Equal to [`perft`] for every game, position and depth. Never allocates
/// on the heap. This is also the default [`Game::perft`].
///
/// ```
/// use rulebook::checkers::Checkers;
/// use rulebook::connect4::Connect4;
///
/// assert_eq!(rulebook::perft_plain(&Checkers::default(), 6), 36_768);
/// assert_eq!(rulebook::perft_plain(&Connect4::default(), 6), 117_649);
/// ```
pub fn perft_plain<G: Game>(game: &G, depth: u32) -> u64 {
    match depth {
        0 => 1,
        1 => game.legal_moves().len() as u64,
        _ => plain_walk(game, depth),
    }
}

/// [`perft_plain`] for `depth >= 2`. The children of the last ply but one
/// are counted in this loop rather than in a call each: most nodes are
/// there, and a call costs as much as the count.
fn plain_walk<G: Game>(game: &G, depth: u32) -> u64 {
    debug_assert!(depth >= 2);
    let mut total = 0;
    // By reference: moving the list into its by-value iterator copies the
    // whole array (measured: a `memcpy` per node).
    for &mv in game.legal_moves().iter() {
        let mut child = game.clone();
        child.apply_unchecked(mv);
        total += if depth == 2 {
            child.legal_moves().len() as u64
        } else {
            plain_walk(&child, depth - 1)
        };
    }
    total
}

/// The [`perft`] count under each root move: one `(move, count)` pair per
/// legal move of `game`, in the order of [`Game::legal_moves`], where
/// `count` is the perft of the position after the move at `depth - 1`.
///
/// The counts sum to `perft(game, depth)`. At depth 0 there are no root
/// moves (the only sequence is the empty one), so the result is empty; the
/// result is also empty when the game is over.
///
/// Allocates the returned `Vec` (one entry per root move; this is a
/// diagnostic tool, not a hot path). The walks under each move do not
/// allocate.
///
/// ```
/// use rulebook::checkers::Checkers;
/// use rulebook::{perft, perft_divide, perft_parallel};
///
/// let start = Checkers::default();
/// let divided = perft_divide(&start, 5);
/// assert_eq!(divided.len(), 7); // Red's seven opening moves
/// let total: u64 = divided.iter().map(|(_, count)| count).sum();
/// assert_eq!(total, perft(&start, 5));
/// assert_eq!(perft_parallel(&start, 5, 2), total); // on two threads
/// ```
pub fn perft_divide<G: Game>(game: &G, depth: u32) -> Vec<(G::Move, u64)> {
    let Some(child_depth) = depth.checked_sub(1) else {
        return Vec::new();
    };
    game.legal_moves()
        .into_iter()
        .map(|mv| {
            let mut child = game.clone();
            child.apply_unchecked(mv);
            (mv, perft(&child, child_depth))
        })
        .collect()
}

/// [`perft`] on `threads` threads: the same count, sooner on a machine with
/// several cores.
///
/// `threads == 0` means "as many as the machine has"
/// ([`std::thread::available_parallelism`], or 1 when that is unknown).
/// With one thread (or `depth <= 1`) the count runs on the calling thread,
/// which is always one of the workers. See [`perft_parallel_divide`] for
/// how many threads are started.
///
/// The work is split into subtrees (the positions a few plies after the
/// root, enough to keep every thread busy until the end) that the threads
/// take one at a time, so a thread that drew small subtrees takes more of
/// them. Each subtree is counted with [`Game::perft`], so a game's fast
/// override is used.
///
/// Allocates a little (the list of subtrees, the threads' stacks) before
/// the walk starts; the walk itself does not allocate.
pub fn perft_parallel<G>(game: &G, depth: u32, threads: usize) -> u64
where
    G: Game + Send + Sync,
    G::Move: Send + Sync,
{
    match depth {
        0 => 1,
        1 => game.legal_moves().len() as u64,
        _ => perft_parallel_divide(game, depth, threads, |_, _| {})
            .into_iter()
            .map(|(_, count)| count)
            .sum(),
    }
}

/// [`perft_divide`] on `threads` threads, reporting progress: calls
/// `on_root_done(mv, count)` as soon as the count under the root move `mv`
/// is complete (from whichever thread finished it, in no particular order;
/// exactly once per root move), and returns the same list as
/// [`perft_divide`], in the order of [`Game::legal_moves`].
///
/// `threads` is read as in [`perft_parallel`] (`0` = all cores); no more
/// threads are started than there are subtrees to count, and a thread the
/// system cannot start leaves its share to the others. The
/// callback runs on the worker threads while they count, so it should be
/// quick (e.g. print a line).
///
/// Allocates the returned `Vec`, the list of subtrees and the threads'
/// stacks; the walks themselves do not allocate.
pub fn perft_parallel_divide<G, F>(
    game: &G,
    depth: u32,
    threads: usize,
    on_root_done: F,
) -> Vec<(G::Move, u64)>
where
    G: Game + Send + Sync,
    G::Move: Send + Sync,
    F: Fn(G::Move, u64) + Sync,
{
    let Some(child_depth) = depth.checked_sub(1) else {
        return Vec::new();
    };
    let root_moves: Vec<G::Move> = game.legal_moves().into_iter().collect();
    let threads = resolve_thread_count(threads);
    let subtrees = split_into_subtrees(game, &root_moves, child_depth, threads);

    // Per root move: the leaves counted so far and the subtrees still to
    // count. A root whose subtrees are all counted is reported.
    let totals: Vec<AtomicU64> = root_moves.iter().map(|_| AtomicU64::new(0)).collect();
    let pending: Vec<AtomicUsize> = root_moves.iter().map(|_| AtomicUsize::new(0)).collect();
    for subtree in &subtrees {
        pending[subtree.root].fetch_add(1, Ordering::Relaxed);
    }
    // A root move after which the game cannot go on to `depth` plies has no
    // subtree at all: its count (0) is already complete.
    for (index, &mv) in root_moves.iter().enumerate() {
        if pending[index].load(Ordering::Relaxed) == 0 {
            on_root_done(mv, 0);
        }
    }

    let next_subtree = AtomicUsize::new(0);
    let worker = || loop {
        let index = next_subtree.fetch_add(1, Ordering::Relaxed);
        let Some(subtree) = subtrees.get(index) else {
            break;
        };
        let count = perft(&subtree.position, subtree.depth);
        totals[subtree.root].fetch_add(count, Ordering::Relaxed);
        // AcqRel: the thread that counts a root's last subtree sees every
        // other thread's addition to that root's total (they all happen
        // before their own decrement, which this one acquires).
        if pending[subtree.root].fetch_sub(1, Ordering::AcqRel) == 1 {
            let total = totals[subtree.root].load(Ordering::Relaxed);
            on_root_done(root_moves[subtree.root], total);
        }
    };
    let workers = threads.min(subtrees.len()).max(1);
    if workers == 1 {
        worker();
    } else {
        std::thread::scope(|scope| {
            // The calling thread is one of the workers. A thread the system
            // refuses to start is simply not there: the others take its
            // share, so the count stays right (and nothing panics).
            for _ in 1..workers {
                let _ = std::thread::Builder::new().spawn_scoped(scope, worker);
            }
            worker();
        });
    }

    root_moves
        .iter()
        .zip(&totals)
        .map(|(&mv, total)| (mv, total.load(Ordering::Relaxed)))
        .collect()
}

/// Below this many subtrees per thread, [`perft_parallel_divide`] splits
/// one ply deeper: with subtrees taken one at a time, the last one to finish
/// leaves the other threads idle, so the more (and smaller) subtrees, the
/// less idle time. E.g. 7 root moves on 2 threads can at best give a 1.75x
/// speed-up; the ~300 positions two plies later leave each thread idle for
/// at most one small subtree. Listing them costs microseconds.
const MIN_SUBTREES_PER_THREAD: usize = 64;

/// [`perft_parallel_divide`] stops splitting once it has this many subtrees,
/// however many threads were asked for, so that the list stays small (a
/// ply multiplies it by the branching factor, e.g. at most ~40 in checkers).
const MAX_WANTED_SUBTREES: usize = 4096;

/// [`perft_parallel_divide`] never splits a subtree further once its depth
/// is this small: such subtrees are counted faster than they are listed.
const MIN_SPLIT_DEPTH: u32 = 3;

/// The number of worker threads for a `threads` argument (`0` = all cores).
fn resolve_thread_count(threads: usize) -> usize {
    if threads == 0 {
        std::thread::available_parallelism().map_or(1, NonZeroUsize::get)
    } else {
        threads
    }
}

/// One unit of parallel work: count `depth` plies from `position`, which
/// lies under root move number `root`.
struct Subtree<G> {
    root: usize,
    position: G,
    depth: u32,
}

/// Splits the walk of `depth` plies under each of `root_moves` into
/// subtrees, going one ply deeper at a time while there are fewer than
/// [`MIN_SUBTREES_PER_THREAD`] per thread and the subtrees are still deep.
///
/// Postcondition: the perfts of the subtrees of each root sum to the perft
/// of the position after that root move. Finished positions (which count 0)
/// are dropped.
fn split_into_subtrees<G: Game>(
    game: &G,
    root_moves: &[G::Move],
    depth: u32,
    threads: usize,
) -> Vec<Subtree<G>> {
    let mut subtrees: Vec<Subtree<G>> = root_moves
        .iter()
        .enumerate()
        .map(|(root, &mv)| {
            let mut position = game.clone();
            position.apply_unchecked(mv);
            Subtree {
                root,
                position,
                depth,
            }
        })
        .collect();
    if threads <= 1 {
        return subtrees;
    }
    let wanted = threads
        .saturating_mul(MIN_SUBTREES_PER_THREAD)
        .min(MAX_WANTED_SUBTREES);
    // Each round takes one ply off every subtree, so the loop ends; an empty
    // list (every root move ends the game) has nothing to split.
    while !subtrees.is_empty()
        && subtrees.len() < wanted
        && subtrees.iter().all(|s| s.depth >= MIN_SPLIT_DEPTH)
    {
        subtrees = subtrees
            .into_iter()
            .flat_map(|subtree| {
                let Subtree {
                    root,
                    position,
                    depth,
                } = subtree;
                position.legal_moves().into_iter().map(move |mv| {
                    let mut child = position.clone();
                    child.apply_unchecked(mv);
                    Subtree {
                        root,
                        position: child,
                        depth: depth - 1,
                    }
                })
            })
            .collect();
    }
    subtrees
}

#[cfg(test)]
mod tests {
    //! The parallel and divided counts against the plain one, on a toy game
    //! (the real games are checked in `tests/generic/perft_parallel.rs`).

    use super::*;
    use crate::{MoveList, Outcome, PlayError};
    use core::fmt;
    use std::sync::Mutex;

    /// Subtraction game: take 1..=3 stones; whoever takes the last one wins.
    #[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
    struct Nim {
        stones: u8,
        first_to_move: bool,
    }

    impl Default for Nim {
        /// Twenty stones, the first player to move.
        fn default() -> Self {
            Nim {
                stones: 20,
                first_to_move: true,
            }
        }
    }

    #[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Default)]
    struct Take(u8);

    impl fmt::Display for Take {
        fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
            write!(f, "{}", self.0)
        }
    }

    impl core::str::FromStr for Take {
        type Err = core::num::ParseIntError;
        fn from_str(s: &str) -> Result<Self, Self::Err> {
            s.parse().map(Take)
        }
    }

    const MAX_TAKE: u8 = 3;

    impl Game for Nim {
        type Player = bool;
        type Move = Take;
        type Moves = MoveList<Take, { MAX_TAKE as usize }>;
        type Ending = bool;
        const MAX_PLIES: Option<u32> = None;

        fn to_move(&self) -> bool {
            self.first_to_move
        }
        fn opponent(player: bool) -> bool {
            !player
        }
        fn legal_moves(&self) -> Self::Moves {
            (1..=MAX_TAKE.min(self.stones)).map(Take).collect()
        }
        fn apply(&mut self, mv: Take) -> Result<(), PlayError<Take>> {
            if self.stones == 0 {
                return Err(PlayError::GameOver);
            }
            if !self.is_legal(mv) {
                return Err(PlayError::IllegalMove(mv));
            }
            self.apply_unchecked(mv);
            Ok(())
        }
        fn apply_unchecked(&mut self, mv: Take) {
            self.stones -= mv.0;
            self.first_to_move = !self.first_to_move;
        }
        fn outcome(&self) -> Option<Outcome<bool>> {
            (self.stones == 0).then_some(Outcome::Win(!self.first_to_move))
        }
        fn ending(&self) -> Option<bool> {
            (self.stones == 0).then_some(true)
        }
    }

    fn nim(stones: u8) -> Nim {
        Nim {
            stones,
            first_to_move: true,
        }
    }

    #[test]
    fn parallel_and_divide_equal_perft_on_every_depth_and_thread_count() {
        for stones in [0, 1, 2, 5, 20] {
            let game = nim(stones);
            for depth in 0..=8 {
                let expected = perft(&game, depth);
                let divided = perft_divide(&game, depth);
                if depth == 0 {
                    assert!(divided.is_empty());
                } else {
                    assert_eq!(divided.iter().map(|&(_, n)| n).sum::<u64>(), expected);
                    assert_eq!(
                        divided.iter().map(|&(mv, _)| mv).collect::<Vec<_>>(),
                        &*game.legal_moves()
                    );
                }
                for threads in [0, 1, 2, 3, 8] {
                    assert_eq!(perft_parallel(&game, depth, threads), expected);
                    let reported = Mutex::new(Vec::new());
                    let parallel = perft_parallel_divide(&game, depth, threads, |mv, n| {
                        reported.lock().unwrap().push((mv, n));
                    });
                    assert_eq!(parallel, divided, "{stones} stones, depth {depth}");
                    let mut reported = reported.into_inner().unwrap();
                    reported.sort_by_key(|&(mv, _)| mv.0);
                    assert_eq!(reported, divided, "each root reported exactly once");
                }
            }
        }
    }

    #[test]
    fn count_games_counts_finished_sequences_of_any_length() {
        // From 3 stones, the games are the compositions of 3 into parts
        // 1..=3: 1+1+1, 1+2, 2+1, 3.
        assert_eq!(count_games(&nim(3), 3), 4);
        assert_eq!(count_games(&nim(3), 2), 3);
        assert_eq!(count_games(&nim(3), 1), 1);
        assert_eq!(count_games(&nim(3), 0), 0);
        assert_eq!(count_games(&nim(0), 0), 1);
        // Tribonacci: compositions of 10 into parts 1..=3.
        assert_eq!(count_games(&nim(10), 10), 274);
    }

    #[test]
    fn known_counts() {
        // perft(5 stones, 2) counts the pairs (a, b) of takes in 1..=3
        // with a + b <= 5: 3 + 3 + 2.
        assert_eq!(perft(&nim(5), 1), 3);
        assert_eq!(perft(&nim(5), 2), 8);
        assert_eq!(perft_parallel(&nim(5), 2, 2), 8);
        assert_eq!(
            perft_divide(&nim(5), 2),
            vec![(Take(1), 3), (Take(2), 3), (Take(3), 2)]
        );
    }

    #[test]
    fn absurd_thread_counts_keep_the_count_and_the_split_small() {
        let game = nim(40);
        let subtrees = split_into_subtrees(&game, &game.legal_moves(), 20, usize::MAX);
        assert!(subtrees.len() < MAX_WANTED_SUBTREES * usize::from(MAX_TAKE));
        assert_eq!(perft_parallel(&game, 12, 1_000), perft(&game, 12));
    }

    #[test]
    fn deep_split_reaches_many_subtrees_and_keeps_the_count() {
        let game = nim(30);
        let subtrees = split_into_subtrees(&game, &game.legal_moves(), 7, 2);
        assert!(subtrees.len() >= 2 * MIN_SUBTREES_PER_THREAD);
        let total: u64 = subtrees.iter().map(|s| perft(&s.position, s.depth)).sum();
        assert_eq!(total, perft(&game, 8));
    }
}
