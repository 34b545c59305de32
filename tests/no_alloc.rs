//! No heap allocation on the hot path: move generation, `apply`,
//! `apply_unchecked`, `outcome`, perft and the plain walk (`perft_plain`)
//! allocate nothing, for every game; a search allocates the same few times
//! (its result) however many nodes it visits.
//!
//! A counting global allocator counts the allocations made by the thread
//! that armed it. Everything runs in ONE test function, so no other test of
//! this binary runs (and allocates) at the same time; the per-thread arming
//! also keeps the test harness's own threads out of the count.

use std::alloc::{GlobalAlloc, Layout, System};
use std::cell::Cell;
use std::sync::atomic::{AtomicU64, Ordering};

use rulebook::agent::{Environment, Progress};
use rulebook::checkers::{self, Checkers, HopByHop};
use rulebook::connect4::{self, Connect4};
use rulebook::connectx::{ConnectX, Parameters};
use rulebook::draughts::{International, InternationalRules, Italian, LearnedEvaluation, Russian};
use rulebook::search::{AlphaBeta, Evaluator, Limits, Mcts, Searcher};
use rulebook::testing::plain_perft;
use rulebook::{count_games, perft, perft_plain, Game};

/// The system allocator, counting allocations made while the calling
/// thread is armed.
struct CountingAllocator;

/// Allocations (and reallocations) counted so far.
static ALLOCATIONS: AtomicU64 = AtomicU64::new(0);

thread_local! {
    /// Whether this thread's allocations are counted. A `const`-initialised
    /// `Cell<bool>` needs no lazy initialisation and no destructor, so
    /// reading it inside the allocator never allocates or re-enters it.
    static ARMED: Cell<bool> = const { Cell::new(false) };
}

fn count_if_armed() {
    // `try_with`: never panic inside the allocator, even during thread
    // teardown.
    if ARMED.try_with(Cell::get).unwrap_or(false) {
        ALLOCATIONS.fetch_add(1, Ordering::Relaxed);
    }
}

// SAFETY: every method forwards its arguments unchanged to `System`, which
// upholds `GlobalAlloc`'s contract; the only addition is an atomic counter
// and a thread-local read, neither of which allocates or unwinds.
unsafe impl GlobalAlloc for CountingAllocator {
    unsafe fn alloc(&self, layout: Layout) -> *mut u8 {
        count_if_armed();
        // SAFETY: forwarded as is; the caller upholds `alloc`'s contract.
        unsafe { System.alloc(layout) }
    }

    unsafe fn alloc_zeroed(&self, layout: Layout) -> *mut u8 {
        count_if_armed();
        // SAFETY: as above.
        unsafe { System.alloc_zeroed(layout) }
    }

    unsafe fn realloc(&self, ptr: *mut u8, layout: Layout, new_size: usize) -> *mut u8 {
        count_if_armed();
        // SAFETY: as above; `ptr` came from this allocator, i.e. `System`.
        unsafe { System.realloc(ptr, layout, new_size) }
    }

    unsafe fn dealloc(&self, ptr: *mut u8, layout: Layout) {
        // SAFETY: as above.
        unsafe { System.dealloc(ptr, layout) }
    }
}

#[global_allocator]
static GLOBAL: CountingAllocator = CountingAllocator;

/// The number of heap allocations `work` makes on this thread.
fn allocations_during<T>(work: impl FnOnce() -> T) -> (u64, T) {
    let before = ALLOCATIONS.load(Ordering::Relaxed);
    ARMED.with(|armed| armed.set(true));
    let result = std::hint::black_box(work());
    ARMED.with(|armed| armed.set(false));
    (ALLOCATIONS.load(Ordering::Relaxed) - before, result)
}

/// The deepest perft run under the counter for each game (≥ 6, as the
/// speed issue asks).
const CONNECT4_DEPTH: u32 = 9;
const CHECKERS_DEPTH: u32 = 9;

/// Plays `plies` moves with the checked `apply` (choosing moves by a fixed
/// rule), asking `is_legal`, `after`, `ending` and `outcome` on the way, then tries an
/// illegal move. Returns the number of moves played.
fn play_checked<G: Game>(start: &G, plies: usize) -> usize {
    let mut game = start.clone();
    let mut played = 0;
    for ply in 0..plies {
        let moves = game.legal_moves();
        let Some(&mv) = moves.get(ply * 5 % moves.len().max(1)) else {
            break;
        };
        assert!(game.is_legal(mv));
        assert!(game.after(mv).is_ok());
        assert!(game.apply(mv).is_ok());
        assert_eq!(game.ending().is_some(), game.outcome().is_some());
        played += 1;
    }
    // Every move of the start position, refused or not, without allocating.
    for mv in start.legal_moves() {
        let _ = std::hint::black_box(game.clone().apply(mv));
    }
    played
}

/// Checks every hot-path operation of one game in `positions` (built before
/// the counter is armed).
fn check_game<G: Game>(name: &str, positions: &[G], perft_depth: u32, expected_start: u64) {
    let (allocations, leaves) = allocations_during(|| perft(&positions[0], perft_depth));
    assert_eq!(leaves, expected_start, "{name}: perft {perft_depth}");
    assert_eq!(allocations, 0, "{name}: perft {perft_depth} allocated");
    let (allocations, leaves) = allocations_during(|| perft_plain(&positions[0], perft_depth));
    assert_eq!(leaves, expected_start, "{name}: perft_plain {perft_depth}");
    assert_eq!(
        allocations, 0,
        "{name}: perft_plain {perft_depth} allocated"
    );

    for position in positions {
        let (allocations, (fast, plain, library_plain)) = allocations_during(|| {
            (
                perft(position, 5),
                plain_perft(position, 5),
                perft_plain(position, 5),
            )
        });
        assert_eq!(fast, plain, "{name}: {position:?}");
        assert_eq!(library_plain, plain, "{name}: perft_plain in {position:?}");
        assert_eq!(allocations, 0, "{name}: perft 5 in {position:?} allocated");

        let (allocations, played) = allocations_during(|| play_checked(position, 60));
        assert!(played > 0 || position.outcome().is_some());
        assert_eq!(
            allocations, 0,
            "{name}: apply loop from {position:?} allocated"
        );
    }
}

/// `game` after `plies` moves chosen by a fixed rule (built before the
/// counter is armed).
fn middle_game<G: Game>(mut game: G, plies: usize) -> G {
    for ply in 0..plies {
        let moves = game.legal_moves();
        game.apply_unchecked(moves[ply * 3 % moves.len()]);
    }
    assert_eq!(game.outcome(), None);
    game
}

/// The allocations of a short and a long search of `position` (the
/// searches built before the counter is armed, and each searched once, which
/// makes its move list a ply): equal, and few.
fn check_search<G: Game + 'static, E: Evaluator<G>>(name: &str, position: G, evaluator: E) {
    let mut alpha_beta = AlphaBeta::with_table_bytes(evaluator, 1 << 20);
    alpha_beta.search(position.clone(), Limits::nodes(1));
    let (short, _) = allocations_during(|| alpha_beta.search(position.clone(), Limits::nodes(500)));
    let (long, result) =
        allocations_during(|| alpha_beta.search(position.clone(), Limits::nodes(100_000)));
    assert!(result.nodes > 20 * 500, "{name}: {}", result.nodes);
    assert_eq!(
        short, long,
        "{name}: alpha-beta allocations grow with the nodes"
    );
    assert!(long <= 2, "{name}: alpha-beta allocated {long} times");

    let mut mcts = Mcts::with_node_budget(1, 1 << 16);
    let (short, _) = allocations_during(|| mcts.search(position.clone(), Limits::nodes(100)));
    let (long, _) = allocations_during(|| mcts.search(position.clone(), Limits::nodes(5_000)));
    assert_eq!(
        short, long,
        "{name}: MCTS allocations grow with the playouts"
    );
    assert!(long <= 2, "{name}: MCTS allocated {long} times");
}

/// Plays `env` to the end (or `max_actions`) with the first legal action,
/// writing the mask and the observation into the same two buffers and
/// turning every move back into its actions on the way. Returns the
/// number of actions played.
fn play_environment<E: Environment>(
    mut env: E,
    mask: &mut [bool],
    observation: &mut [f32],
    max_actions: usize,
) -> usize {
    let mut played = 0;
    // The state where the move in progress began.
    let mut move_start = env.clone();
    while played < max_actions {
        assert!(env.legal_action_mask(mask).is_ok());
        assert!(env.write_observation(observation).is_ok());
        let Some(action) = mask.iter().position(|&legal| legal) else {
            break;
        };
        // Refusals do not allocate either.
        let _ = std::hint::black_box(env.clone().apply_action(mask.len()));
        if let Ok(Progress::Completed(mv)) = env.apply_action(action) {
            assert!(move_start.actions_of_move(mv).is_ok());
            move_start = env.clone();
        }
        played += 1;
    }
    played
}

/// The environment interface of each game, without allocating.
fn check_environments() {
    let mut mask = vec![false; 7];
    let mut observation = vec![0.0; 84];
    let (allocations, played) = allocations_during(|| {
        play_environment(Connect4::default(), &mut mask, &mut observation, 100)
    });
    assert!(played >= 7);
    assert_eq!(allocations, 0, "connect4 environment allocated");

    // ConnectX on a 9x11 board.
    let connectx = ConnectX::new(Parameters::new(9, 11, 5).unwrap());
    let mut mask = vec![false; 11];
    let mut observation = vec![0.0; 2 * 9 * 11];
    let (allocations, played) =
        allocations_during(|| play_environment(connectx, &mut mask, &mut observation, 100));
    assert!(played >= 11);
    assert_eq!(allocations, 0, "connectx environment allocated");

    let mut mask = vec![false; 128];
    let mut observation = vec![0.0; 192];
    // A position with a multi-jump, and the start.
    for position in [
        Checkers::from_fen("B:W14,23,32:B9").unwrap(),
        Checkers::default(),
    ] {
        let (allocations, played) = allocations_during(|| {
            play_environment(HopByHop::new(position), &mut mask, &mut observation, 400)
        });
        assert!(played >= 2);
        assert_eq!(
            allocations, 0,
            "checkers environment allocated from {position:?}"
        );
    }

    let mut mask = vec![false; 65];
    let mut observation = vec![0.0; 128];
    let (allocations, played) = allocations_during(|| {
        play_environment(
            rulebook::othello::Othello::default(),
            &mut mask,
            &mut observation,
            100,
        )
    });
    assert!(played >= 50);
    assert_eq!(allocations, 0, "othello environment allocated");

    // Draughts: International (10x10, a multi-capture) and Russian.
    let international = rulebook::draughts::International::from_fen("W:W28:B13,23").unwrap();
    let mut mask = vec![false; 1800];
    let mut observation = vec![0.0; 300];
    for position in [international, rulebook::draughts::International::default()] {
        let (allocations, played) = allocations_during(|| {
            play_environment(
                rulebook::draughts::HopByHop::new(position),
                &mut mask,
                &mut observation,
                300,
            )
        });
        assert!(played >= 2);
        assert_eq!(
            allocations, 0,
            "draughts environment allocated from {position}"
        );
    }
    let mut mask = vec![false; 896];
    let mut observation = vec![0.0; 192];
    let (allocations, played) = allocations_during(|| {
        play_environment(
            rulebook::draughts::HopByHop::new(rulebook::draughts::Russian::default()),
            &mut mask,
            &mut observation,
            300,
        )
    });
    assert!(played >= 2);
    assert_eq!(allocations, 0, "russian environment allocated");

    // Turkish draughts: the king's five-piece capture back over its start,
    // and the start.
    let mut mask = vec![false; 1792];
    let mut observation = vec![0.0; 384];
    for position in [
        rulebook::turkish::Turkish::from_fen("W:WKb2,h1:Bb4,d6,e3,c2,b7,h8").unwrap(),
        rulebook::turkish::Turkish::default(),
    ] {
        let (allocations, played) = allocations_during(|| {
            play_environment(
                rulebook::turkish::HopByHop::new(position),
                &mut mask,
                &mut observation,
                300,
            )
        });
        assert!(played >= 5);
        assert_eq!(
            allocations, 0,
            "turkish environment allocated from {position:?}"
        );
    }
}

/// Endgame database lookups: `probe`, `probe_checkers` and `best_move`
/// allocate nothing (the tablebase is built before counting).
fn check_endgame() {
    use rulebook::draughts::{English, EnglishRules};
    use rulebook::endgame::Tablebase;
    let tablebase = Tablebase::<EnglishRules>::build_in_memory(3, |_| {}).unwrap();
    let positions = [
        "W:WK1,K2:BK32",
        "B:W9,K13:B24",
        "W:W28:BK1",
        "W:WK1,K2,K3:BK32",
    ]
    .map(|fen| English::from_fen(fen).unwrap());
    let checkers = Checkers::from_fen("B:WK32:BK1,K2").unwrap();
    let (allocations, found) = allocations_during(|| {
        let mut found = 0;
        for position in &positions {
            found += usize::from(tablebase.probe(position).is_some());
            found += usize::from(tablebase.best_move(position).is_some());
        }
        found + usize::from(tablebase.probe_checkers(&checkers).is_some())
    });
    assert_eq!((allocations, found), (0, 7), "endgame lookups");

    // Searches that probe the databases at their nodes (four pieces: the
    // root is outside them, captures lead in) allocate as searches without.
    let shared = std::sync::Arc::new(tablebase);
    let english = English::from_fen("W:WK1,K2,K3:BK32").unwrap();
    let mut search = AlphaBeta::with_table_bytes(
        rulebook::draughts::Evaluation::<EnglishRules>::new(),
        1 << 20,
    )
    .with_oracle(shared.clone());
    check_probing_search("english with databases", &mut search, english);
    let checkers = Checkers::from_fen("W:WK1,K2,K3:BK32").unwrap();
    let mut search =
        AlphaBeta::with_table_bytes(checkers::Evaluation::new(), 1 << 20).with_oracle(shared);
    check_probing_search("checkers with databases", &mut search, checkers);
}

/// The allocations of a short and a long search of `position` by
/// `search`: equal, and few.
fn check_probing_search<G: Game, E: Evaluator<G>>(
    name: &str,
    search: &mut AlphaBeta<G, E>,
    position: G,
) {
    // The first search makes the move lists (one a ply).
    search.search(position.clone(), Limits::nodes(1));
    let (short, _) = allocations_during(|| search.search(position.clone(), Limits::nodes(500)));
    let (long, result) =
        allocations_during(|| search.search(position.clone(), Limits::nodes(50_000)));
    assert!(result.nodes > 2 * 500, "{name}: {}", result.nodes);
    assert_eq!(short, long, "{name}: allocations grow with the nodes");
    assert!(long <= 2, "{name}: allocated {long} times");
}

#[test]
fn hot_paths_do_not_allocate() {
    // The counter must see an allocation when there is one.
    let (allocations, boxed) = allocations_during(|| Box::new(1_u64));
    assert_eq!((allocations, *boxed), (1, 1));

    let connect4 = [
        Connect4::default(),
        middle_game(Connect4::default(), 12),
        Connect4::from_moves("44444411111122222255").unwrap(),
    ];
    check_game("connect4", &connect4, CONNECT4_DEPTH, 39_394_572);

    let checkers = [
        Checkers::default(),
        // A middle game: the start after 20 plies of fixed-rule play.
        middle_game(Checkers::default(), 20),
        // An endgame of kings.
        Checkers::from_fen("W:WK10,K27,29:BK14,K18,3,5").unwrap(),
    ];
    check_game("checkers", &checkers, CHECKERS_DEPTH, 3_963_680);

    // Draughts: the keep and the distinct perft, flying kings, majority.
    let international = [
        International::default(),
        middle_game(International::default(), 20),
        International::from_fen("W:WK46,K50,33,34:BK1,K5,18,19").unwrap(),
    ];
    check_game("international", &international, 6, 167_140);
    // A position with 178 captures (14 distinct sets of pieces): more
    // than `Moves` holds inline, so `legal_moves` spills to the heap there
    // (as its docs say); the fast perft, which lists no moves, does not.
    let random178 =
        International::from_fen("B:BK17,K24:W6,9,10,11,20,21,22,23,30,K31,33,37,41,42,43,44,46")
            .unwrap();
    let (allocations, count) = allocations_during(|| random178.perft_distinct(4));
    assert_eq!(
        (allocations, count),
        (0, 5_432),
        "international distinct perft"
    );
    let (allocations, count) = allocations_during(|| perft(&random178, 3));
    assert_eq!(allocations, 0, "international perft");
    assert_eq!(count, plain_perft(&random178, 3));
    let russian = [
        Russian::default(),
        middle_game(Russian::default(), 20),
        Russian::from_fen("W:WKa1,c1:Bc3,f4,h8,Kb8").unwrap(),
    ];
    check_game("russian", &russian, 7, 190_146);
    let italian = [Italian::default(), middle_game(Italian::default(), 20)];
    check_game("italian", &italian, 7, 177_532);
    let turkish = [
        rulebook::turkish::Turkish::default(),
        middle_game(rulebook::turkish::Turkish::default(), 20),
        rulebook::turkish::Turkish::from_fen("W:WKb2,a1:Bb4,d6,e3,c2,b7,h8,Kh1").unwrap(),
    ];
    check_game("turkish", &turkish, 5, 85_090);
    // ConnectX: Connect Four's size (the 64-bit perft), a 128-bit board
    // and the largest board (the column-word perft).
    let board_128 = Parameters::new(10, 11, 5).unwrap();
    let largest = Parameters::new(16, 16, 16).unwrap();
    let connectx = [
        ConnectX::default(),
        middle_game(ConnectX::new(board_128), 30),
        middle_game(ConnectX::new(largest), 100),
    ];
    check_game("connectx", &connectx, CONNECT4_DEPTH, 39_394_572);

    let (allocations, games) = allocations_during(|| count_games(&Connect4::default(), 6));
    assert_eq!((allocations, games), (0, 0), "no game ends within 6 plies");
    let (allocations, games) = allocations_during(|| count_games(&Connect4::default(), 7));
    assert_eq!(allocations, 0);
    assert!(games > 0);

    check_environments();
    check_endgame();

    check_search("connect4", connect4[0], connect4::Evaluation::new());
    check_search("checkers", checkers[1], checkers::Evaluation::new());
    check_search("turkish", turkish[1], rulebook::turkish::Evaluation::new());
    // The learned evaluations allocate nothing either.
    check_search(
        "checkers, learned",
        checkers[1],
        checkers::LearnedEvaluation::shipped(),
    );
    check_search(
        "international, learned",
        middle_game(International::default(), 20),
        LearnedEvaluation::<InternationalRules>::shipped().unwrap(),
    );
    check_search(
        "international, the engines' evaluation",
        middle_game(International::default(), 20),
        rulebook::draughts::EngineEvaluation::<InternationalRules>::new(),
    );
}
