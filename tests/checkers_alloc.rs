//! Move generation, `apply` and perft never touch the heap: a counting
//! global allocator sees zero allocations while they run.

use std::alloc::{GlobalAlloc, Layout, System};
use std::sync::atomic::{AtomicUsize, Ordering};

use rulebook::checkers::Checkers;
use rulebook::{perft, Game};

/// The system allocator, counting every allocation.
struct Counting;

static ALLOCATIONS: AtomicUsize = AtomicUsize::new(0);

// SAFETY: every call is forwarded unchanged to the system allocator; the
// counter is the only addition.
unsafe impl GlobalAlloc for Counting {
    unsafe fn alloc(&self, layout: Layout) -> *mut u8 {
        ALLOCATIONS.fetch_add(1, Ordering::Relaxed);
        // SAFETY: same contract as the caller's.
        unsafe { System.alloc(layout) }
    }

    unsafe fn dealloc(&self, ptr: *mut u8, layout: Layout) {
        // SAFETY: same contract as the caller's.
        unsafe { System.dealloc(ptr, layout) }
    }
}

#[global_allocator]
static GLOBAL: Counting = Counting;

/// The allocations made by `work` on this thread's watch. Only one test
/// lives in this file, so no other thread allocates meanwhile.
fn allocations_during(work: impl FnOnce()) -> usize {
    let before = ALLOCATIONS.load(Ordering::SeqCst);
    work();
    ALLOCATIONS.load(Ordering::SeqCst) - before
}

#[test]
fn no_heap_allocation_in_move_generation_apply_or_perft() {
    let positions = [
        Checkers::default(),
        Checkers::from_fen("B:W14,15,16,21,22,23,24,26,27,30,31:B1,2,3,5,6,7,8,9,10,11,12")
            .unwrap(),
        Checkers::from_fen("B:W7,14,15,22,23:BK10").unwrap(),
        Checkers::from_fen("W:WK22,K26,K27,K31:BK1,K2,K6,K10").unwrap(),
    ];
    let mut leaves = 0;
    let count = allocations_during(|| {
        for game in &positions {
            leaves += perft(game, 6);
            let mut walk = *game;
            for _ in 0..40 {
                let moves = walk.legal_moves();
                let Some(&mv) = moves.get(moves.len() / 2) else {
                    break;
                };
                assert!(walk.is_legal(mv));
                walk.apply(mv).unwrap();
                let _ = walk.ending();
            }
        }
    });
    assert_eq!(count, 0);
    assert!(leaves > 36_768, "{leaves}");
}
