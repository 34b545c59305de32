//! The conformance suite: every game of the crate through the conformance
//! kit, `rulebook::testing` (the same check the authors of other games run
//! on theirs), plus what only this crate's games can be asked.
//!
//! - [`check_contract`] on random playouts: every rule of the `Game`
//!   contract (see `rulebook::testing::Rule`), with the serde round trips
//!   when the `serde` feature is on. Once from a fixed seed (the same games
//!   on every run), and once more from seeds proptest draws (new games on
//!   every run; a failing seed is kept in `proptest-regressions/`).
//! - [`check_environment`]: each game's learning-agent interface.
//! - Per game: the candidate moves really cover the game, the start
//!   position is the standard one, impossible serde texts are refused.
//! - `perft_divide` and `perft_parallel` agree with `perft` in random
//!   positions (proptest: a position is a sequence of move indices, so a
//!   failure shrinks to a short game).
//! - The searches of `rulebook::search` (alpha-beta and Monte Carlo tree
//!   search) keep the `Searcher` contract in random positions of every
//!   game.
//! - Every game's common types derive the same traits; with the `serde`
//!   feature, a random match with some of its moves undone saves and loads
//!   back to an equal match that redoes the same moves.
//!
//! The kit replaces the proptest playout properties this file used to
//! hold: it checks the same rules and more (transpositions, irreversible
//! moves, `Hash` against `Eq`), and its report already lists the moves
//! from the start, which is what shrinking gave.

use proptest::prelude::*;
use proptest::sample::Index;
use rulebook::checkers::{Checkers, HopByHop, Move};
use rulebook::connect4::{Column, Connect4};
use rulebook::connectx::{self, ConnectX, Parameters};
use rulebook::search::{AlphaBeta, Limits, Mcts, Score, SearchResult, Searcher};
use rulebook::testing::plain_perft;
use rulebook::testing::{check_contract, check_environment, Config};
use rulebook::Game;

/// The seed of the fixed runs.
const SEED: u64 = 0x00c0_ffee;

/// Every column.
fn columns() -> Vec<Column> {
    Column::ALL.to_vec()
}

/// Every step and every single jump between squares 1..=32 that the move
/// text accepts (geometry only: most are illegal in a position).
fn steps_and_jumps() -> Vec<Move> {
    let squares = 1..=32;
    squares
        .clone()
        .flat_map(|from| squares.clone().map(move |to| (from, to)))
        .flat_map(|(from, to)| [format!("{from}-{to}"), format!("{from}x{to}")])
        .filter_map(|text| text.parse().ok())
        .collect()
}

/// The serde round trips, when the feature is on.
#[cfg(feature = "serde")]
fn with_serde<G>(config: Config<G>) -> Config<G>
where
    G: Game + serde::Serialize + serde::de::DeserializeOwned,
    G::Move: serde::Serialize + serde::de::DeserializeOwned,
{
    fn json<T: serde::Serialize + serde::de::DeserializeOwned>(
        value: &T,
    ) -> Result<T, Box<dyn std::error::Error>> {
        Ok(serde_json::from_str(&serde_json::to_string(value)?)?)
    }
    config
        .position_round_trip(json::<G>)
        .move_round_trip(json::<G::Move>)
}

#[cfg(not(feature = "serde"))]
fn with_serde<G: Game>(config: Config<G>) -> Config<G> {
    config
}

/// Connect Four: every game plays to its end (42 plies at most).
fn connect4_config() -> Config<Connect4> {
    with_serde(
        Config::new()
            .seed(SEED)
            .playouts(200)
            .max_plies(Connect4::MAX_PLIES.unwrap_or(0) as usize)
            .perft_depth(3)
            .candidate_moves(columns()),
    )
}

/// Checkers: from the start, and from an endgame of kings (where
/// positions recur and kings move backwards).
fn checkers_config() -> Config<Checkers> {
    let kings = Checkers::from_fen("W:WK10,K27,29:BK14,K18,3,5").unwrap();
    with_serde(
        Config::new()
            .seed(SEED)
            .playouts(120)
            // Kings can shuffle for ever (no MAX_PLIES); random games
            // mostly end well before this.
            .max_plies(300)
            .perft_depth(2)
            .candidate_moves(steps_and_jumps())
            .start_position(kings),
    )
}

/// ConnectX: from the default (Connect Four's 6x7x4) and from `extra`, a
/// board of another size; every game plays to its end.
fn connectx_config(extra: Parameters) -> Config<ConnectX> {
    // Perft of the plain count in every position: shallower on the
    // largest boards (16 moves a ply).
    let perft_depth = if extra.columns() > 8 { 2 } else { 3 };
    with_serde(
        Config::new()
            .seed(SEED)
            .max_plies(ConnectX::MAX_PLIES.unwrap_or(0) as usize)
            .perft_depth(perft_depth)
            .candidate_moves(connectx::Column::ALL)
            .start_position(ConnectX::new(extra)),
    )
}

/// The ConnectX sizes the suite plays besides 6x7x4, with their playouts:
/// a small board where lines of three end games early, a wide one with a
/// line of two, and the largest board with the longest line (games fill
/// it).
fn connectx_sizes() -> [(Parameters, usize); 3] {
    let size = |rows, columns, in_a_row| Parameters::new(rows, columns, in_a_row).unwrap();
    [
        (size(4, 5, 3), 120),
        (size(3, 16, 2), 60),
        (size(16, 16, 16), 16),
    ]
}

#[test]
fn connect4_keeps_the_contract() {
    let config = connect4_config();
    let summary = check_contract(&config).unwrap();
    assert_eq!(summary.playouts, 200);
    assert_eq!(summary.finished_games, 200, "every game ends by ply 42");
    assert!(summary.distinct_positions > 3_000, "{summary:?}");
    assert!(summary.illegal_moves_tried > 0, "full columns were tried");
}

#[test]
#[ignore = "long unoptimised: the long-checks run"]
fn checkers_keeps_the_contract() {
    let summary = check_contract(&checkers_config()).unwrap();
    assert_eq!(summary.playouts, 120);
    assert!(summary.finished_games > 60, "{summary:?}");
    assert!(summary.illegal_moves_tried > 100_000, "{summary:?}");
}

#[test]
fn connectx_keeps_the_contract() {
    for (parameters, playouts) in connectx_sizes() {
        let summary = check_contract(&connectx_config(parameters).playouts(playouts)).unwrap();
        assert_eq!(summary.finished_games, playouts, "{parameters}");
        assert!(summary.illegal_moves_tried > 0, "{parameters}");
    }
}

#[test]
fn connectx_environment_keeps_the_contract() {
    for (parameters, playouts) in connectx_sizes() {
        let config = connectx_config(parameters).playouts(playouts / 2);
        let summary = check_environment::<ConnectX>(&config).unwrap();
        assert_eq!(summary.finished_games, playouts / 2, "{parameters}");
    }
}

#[test]
fn connect4_environment_keeps_the_contract() {
    let summary = check_environment::<Connect4>(&connect4_config().playouts(50)).unwrap();
    assert_eq!(summary.finished_games, 50);
}

#[test]
fn checkers_environment_keeps_the_contract() {
    let summary = check_environment::<HopByHop>(&checkers_config().playouts(40)).unwrap();
    assert!(summary.finished_games > 10, "{summary:?}");
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(8))]

    /// New games on every run: a handful of playouts from each drawn seed.
    #[test]
    fn connect4_keeps_the_contract_from_any_seed(seed in any::<u64>()) {
        check_contract(&connect4_config().seed(seed).playouts(10)).unwrap();
    }

    #[test]
    fn connectx_keeps_the_contract_from_any_seed(seed in any::<u64>()) {
        for (parameters, _) in connectx_sizes() {
            check_contract(&connectx_config(parameters).seed(seed).playouts(4)).unwrap();
        }
    }

    #[test]
    fn checkers_keeps_the_contract_from_any_seed(seed in any::<u64>()) {
        check_contract(&checkers_config().seed(seed).playouts(6)).unwrap();
    }
}

/// The candidate generators produce what they claim, so the kit really
/// tries illegal moves.
#[test]
fn candidate_moves_cover_the_games() {
    assert_eq!(columns().len(), 7);
    let checkers = steps_and_jumps();
    // Steps: 49 pairs of diagonal neighbours, each way. Jumps: 36 pairs of
    // squares two apart on a diagonal, each way.
    let steps = checkers.iter().filter(|mv| !mv.is_capture()).count();
    let jumps = checkers.len() - steps;
    assert_eq!(steps, 98);
    assert_eq!(jumps, 72);
    // The start position's moves are among them; most candidates are not legal.
    let start = Checkers::default();
    assert!(start.legal_moves().iter().all(|mv| checkers.contains(mv)));
}

/// `G::default()` is each game's standard start.
#[test]
fn default_is_the_standard_start() {
    assert_eq!(Connect4::default(), Connect4::from_moves("").unwrap());
    assert_eq!(Connect4::default().plies(), 0);
    assert_eq!(
        ConnectX::default(),
        ConnectX::new(Parameters::new(6, 7, 4).unwrap())
    );
    assert_eq!(
        Checkers::default(),
        Checkers::from_fen("B:W21,22,23,24,25,26,27,28,29,30,31,32:B1,2,3,4,5,6,7,8,9,10,11,12")
            .unwrap()
    );
}

/// Deserializing each impossible text is an error.
#[cfg(feature = "serde")]
fn assert_impossible<G>(states: &[&str], moves: &[&str])
where
    G: Game + serde::de::DeserializeOwned,
    G::Move: serde::de::DeserializeOwned,
{
    for json in states {
        let result = serde_json::from_str::<G>(json);
        assert!(result.is_err(), "{json} read as {:?}", result.ok());
    }
    for json in moves {
        let result = serde_json::from_str::<G::Move>(json);
        assert!(result.is_err(), "{json} read as {:?}", result.ok());
    }
}

#[cfg(feature = "serde")]
#[test]
fn impossible_texts_do_not_deserialize() {
    assert_impossible::<Connect4>(
        &[
            // O has more tokens than X.
            r#""......./......./......./......./......./O......""#,
            // X has two tokens more than O.
            r#""......./......./......./......./......./XX.....""#,
            // A floating token.
            r#""......./......./......./......./...X.../...O...""#,
            // Both players have four in a row.
            r#""......./......./XO...../XO...../XO...../XO.....""#,
            // Not a board.
            r#""4453""#,
            r#""""#,
            "7",
        ],
        &["7", "-1", r#""a""#],
    );
    assert_impossible::<ConnectX>(
        &[
            // O has more tokens than X.
            r#""4x5x3:...../...../...../O....""#,
            // A floating token.
            r#""4x5x3:...../...../..X../..O..""#,
            // Both players have three in a row.
            r#""4x5x3:...../XO.../XO.../XO...""#,
            // Rows of the wrong length for the parameters.
            r#""4x5x3:....../....../....../......""#,
            // Parameters out of range, or no parameters.
            r#""0x7x4:""#,
            r#""3x3x4:.../.../...""#,
            r#""......./......./......./......./......./.......""#,
            r#""""#,
            "7",
        ],
        // Columns are 0..=15 whatever the board.
        &["16", "-1", r#""a""#],
    );
    assert_impossible::<Checkers>(
        &[
            // A Red man on White's back row (it would be a king).
            r#""B:W21:B30""#,
            // A square listed twice.
            r#""B:W21,21:B1""#,
            // A square that does not exist.
            r#""B:W33:B1""#,
            // The same square for both sides.
            r#""B:W12:B12""#,
            // Not FEN.
            r#""11-15""#,
            r#""""#,
        ],
        &[r#""11-17""#, r#""0-4""#, r#""22x15x15""#, "15"],
    );
}

/// The position `indices` lead to from `G::default()`: move `index`
/// (modulo the number of moves) at each ply, until the game ends.
fn random_position<G: Game>(indices: &[Index]) -> G {
    let mut game = G::default();
    for index in indices {
        let moves = game.legal_moves();
        if moves.is_empty() {
            break;
        }
        game.apply_unchecked(moves[index.index(moves.len())]);
    }
    game
}

/// In the position `prefix` leads to, the divided and parallel counts
/// equal the plain count at every depth up to `depth`.
fn check_perft<G>(prefix: &[Index], depth: u32) -> Result<(), TestCaseError>
where
    G: Game + Send + Sync,
    G::Move: Send + Sync,
{
    let game: G = random_position(prefix);
    for depth in 0..=depth {
        let expected = plain_perft(&game, depth);
        prop_assert_eq!(rulebook::perft(&game, depth), expected, "{:?}", game);
        let divided: u64 = rulebook::perft_divide(&game, depth)
            .iter()
            .map(|&(_, count)| count)
            .sum();
        prop_assert_eq!(
            divided + u64::from(depth == 0),
            expected,
            "divide {}",
            depth
        );
        prop_assert_eq!(rulebook::perft_parallel(&game, depth, 2), expected);
    }
    Ok(())
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(64))]

    #[test]
    fn connect4_perft_variants_agree(prefix in proptest::collection::vec(any::<Index>(), 0..42)) {
        check_perft::<Connect4>(&prefix, 5)?;
    }

    #[test]
    fn connectx_perft_variants_agree(prefix in proptest::collection::vec(any::<Index>(), 0..42)) {
        check_perft::<ConnectX>(&prefix, 5)?;
    }

    #[test]
    fn checkers_perft_variants_agree(prefix in proptest::collection::vec(any::<Index>(), 0..120)) {
        check_perft::<Checkers>(&prefix, 4)?;
    }

    // The draughts perft counts the last two plies in bulk (replies to
    // men's steps without building the child, single jumps and men's
    // two-piece captures without a search): random games reach kings,
    // crowning steps and long captures, where those shortcuts must stand
    // down or agree with the plain walk.
    #[test]
    fn russian_perft_variants_agree(prefix in proptest::collection::vec(any::<Index>(), 0..120)) {
        check_perft::<rulebook::draughts::Russian>(&prefix, 3)?;
    }

    #[test]
    fn brazilian_perft_variants_agree(prefix in proptest::collection::vec(any::<Index>(), 0..120)) {
        check_perft::<rulebook::draughts::Brazilian>(&prefix, 3)?;
    }

    #[test]
    fn pool_perft_variants_agree(prefix in proptest::collection::vec(any::<Index>(), 0..120)) {
        check_perft::<rulebook::draughts::Pool>(&prefix, 3)?;
    }

    #[test]
    fn italian_perft_variants_agree(prefix in proptest::collection::vec(any::<Index>(), 0..120)) {
        check_perft::<rulebook::draughts::Italian>(&prefix, 3)?;
    }

    #[test]
    fn spanish_perft_variants_agree(prefix in proptest::collection::vec(any::<Index>(), 0..120)) {
        check_perft::<rulebook::draughts::Spanish>(&prefix, 3)?;
    }

    #[test]
    fn czech_perft_variants_agree(prefix in proptest::collection::vec(any::<Index>(), 0..120)) {
        check_perft::<rulebook::draughts::Czech>(&prefix, 3)?;
    }

    #[test]
    fn frisian_perft_variants_agree(prefix in proptest::collection::vec(any::<Index>(), 0..150)) {
        check_perft::<rulebook::draughts::Frisian>(&prefix, 3)?;
    }

    #[test]
    fn frysk_perft_variants_agree(prefix in proptest::collection::vec(any::<Index>(), 0..150)) {
        check_perft::<rulebook::draughts::Frysk>(&prefix, 3)?;
    }

    #[test]
    fn international_perft_variants_agree(prefix in proptest::collection::vec(any::<Index>(), 0..150)) {
        check_perft::<rulebook::draughts::International>(&prefix, 3)?;
    }

    // Killer's king captures and Breakthrough's end after a crowning (the
    // bulk counts must stop there too).
    #[test]
    fn killer_perft_variants_agree(prefix in proptest::collection::vec(any::<Index>(), 0..150)) {
        check_perft::<rulebook::draughts::Killer>(&prefix, 3)?;
    }

    #[test]
    fn breakthrough_perft_variants_agree(prefix in proptest::collection::vec(any::<Index>(), 0..150)) {
        check_perft::<rulebook::draughts::Breakthrough>(&prefix, 3)?;
    }
}

/// The types every game has in common (position, player, move, ending)
/// derive the same traits in every game, so generic code can rely on them:
/// players and moves order (for `BTreeMap` keys), moves have a `Default`
/// that round-trips through their text.
fn common_traits<G>() -> G::Move
where
    G: Game + Copy + Send + Sync + core::fmt::Display,
    G::Player: Ord + Send + Sync,
    G::Move: Ord + Default + Send + Sync,
    G::Ending: Send + Sync,
{
    G::Move::default()
}

#[test]
fn every_game_shares_the_same_traits_and_default_moves_round_trip() {
    let column = common_traits::<Connect4>();
    assert_eq!(column.to_string().parse::<Column>(), Ok(column));
    let column = common_traits::<ConnectX>();
    assert_eq!(column.to_string().parse::<connectx::Column>(), Ok(column));
    let mv = common_traits::<Checkers>();
    assert_eq!(mv.to_string().parse::<Move>(), Ok(mv));
    // Checkers moves order by their squares.
    let mut moves: Vec<Move> = Checkers::default().legal_moves().to_vec();
    moves.sort();
    let texts: Vec<String> = moves.iter().map(ToString::to_string).collect();
    assert_eq!(
        texts,
        ["9-13", "9-14", "10-14", "10-15", "11-15", "11-16", "12-16"]
    );
}

/// With the `serde` feature: the match `indices` play from the start, with
/// `undos` of its moves taken back (so that they wait to be redone), saves
/// and loads back to an equal match, which redoes the same moves.
#[cfg(feature = "serde")]
fn check_saved_match<G>(indices: &[Index], undos: usize) -> Result<(), TestCaseError>
where
    G: Game + serde::Serialize + serde::de::DeserializeOwned,
    G::Move: serde::Serialize + serde::de::DeserializeOwned,
    G::Player: serde::Serialize + serde::de::DeserializeOwned,
    G::Ending: serde::Serialize + serde::de::DeserializeOwned,
{
    let mut game = rulebook::Match::new(G::default());
    for index in indices {
        let moves = game.position().legal_moves();
        if moves.is_empty() {
            break;
        }
        game.play(moves[index.index(moves.len())]).unwrap();
    }
    for _ in 0..undos.min(game.history().len()) {
        prop_assert!(game.undo().is_ok());
    }
    let json = serde_json::to_string(&game).unwrap();
    let mut back: rulebook::Match<G> = serde_json::from_str(&json).unwrap();
    prop_assert_eq!(&back, &game, "match JSON {}", json);
    while game.can_redo() {
        prop_assert_eq!(back.redo(), game.redo());
    }
    prop_assert_eq!(&back, &game);
    Ok(())
}

#[cfg(feature = "serde")]
proptest! {
    #![proptest_config(ProptestConfig::with_cases(64))]

    #[test]
    fn connect4_matches_with_undone_moves_save_and_load(
        indices in proptest::collection::vec(any::<Index>(), 0..42),
        undos in 0..20_usize,
    ) {
        check_saved_match::<Connect4>(&indices, undos)?;
    }

    #[test]
    fn connectx_matches_with_undone_moves_save_and_load(
        indices in proptest::collection::vec(any::<Index>(), 0..42),
        undos in 0..20_usize,
    ) {
        check_saved_match::<ConnectX>(&indices, undos)?;
    }

    #[test]
    fn checkers_matches_with_undone_moves_save_and_load(
        indices in proptest::collection::vec(any::<Index>(), 0..150),
        undos in 0..40_usize,
    ) {
        check_saved_match::<Checkers>(&indices, undos)?;
    }
}

// ---------------------------------------------------------------------------
// The searches of `rulebook::search` keep the `Searcher` contract in every
// game: a legal move and a legal principal variation starting with it, or
// (the game over) no move and the outcome as the score.

/// Nodes of the small searches run in each position.
const SEARCH_NODES: u64 = 64;
/// Random games played for the search checks, per game.
const SEARCH_GAMES: u64 = 24;
/// Every this many plies of a random game, both searches are run.
const SEARCH_EVERY: usize = 7;

/// The contract for one search result in `game`.
fn check_search_result<G: Game>(game: &G, result: &SearchResult<G::Move>) {
    match game.outcome_for(game.to_move()) {
        Some(outcome) => {
            assert_eq!(result.best_move, None, "{game:?}");
            assert!(result.pv.is_empty(), "{game:?}");
            assert_eq!(result.score, Score::from(outcome), "{game:?}");
        }
        None => {
            let best = result.best_move;
            assert!(
                best.is_some_and(|mv| game.is_legal(mv)),
                "{best:?} in {game:?}"
            );
            assert_eq!(result.pv.first().copied(), best, "{game:?}");
            let mut line = game.clone();
            for &mv in &result.pv {
                assert!(line.apply(mv).is_ok(), "pv {:?} in {game:?}", result.pv);
            }
        }
    }
}

/// Alpha-beta (with an evaluation that knows nothing) and Monte Carlo tree
/// search in random positions of games from `start`, and at their ends.
fn check_searches<G: Game + 'static>(start: &G) {
    let flat = |_: &G| 0;
    let mut alpha_beta = AlphaBeta::with_table_bytes(flat, 1 << 12);
    let mut mcts = Mcts::with_node_budget(1, 256);
    for seed in 0..SEARCH_GAMES {
        let mut game = start.clone();
        let mut rng = rulebook::SplitMix64::new(seed);
        for ply in 0.. {
            if ply % SEARCH_EVERY == 0 || game.is_over() {
                let limits = Limits::depth(2).with_nodes(SEARCH_NODES);
                check_search_result(&game, &alpha_beta.search(&game, limits));
                check_search_result(&game, &mcts.search(&game, Limits::nodes(SEARCH_NODES)));
            }
            let moves = game.legal_moves();
            if moves.is_empty() || ply > 300 {
                break;
            }
            game.apply_unchecked(moves[rng.below(moves.len())]);
        }
    }
}

#[test]
#[ignore = "long unoptimised: the long-checks run"]
fn searches_keep_their_contract_in_every_game() {
    check_searches(&Connect4::default());
    check_searches(&Checkers::default());
    check_searches(&Checkers::from_fen("W:WK10,K27,29:BK14,K18,3,5").unwrap());
    for (parameters, _) in connectx_sizes() {
        check_searches(&ConnectX::new(parameters));
    }
    check_searches(&rulebook::draughts::International::default());
    check_searches(&rulebook::draughts::Brazilian::default());
    check_searches(&rulebook::draughts::Russian::default());
    check_searches(&rulebook::draughts::Pool::default());
    check_searches(&rulebook::draughts::Italian::default());
    check_searches(&rulebook::draughts::Spanish::default());
    check_searches(&rulebook::draughts::Czech::default());
    check_searches(&rulebook::draughts::English::default());
    check_searches(&rulebook::draughts::Frisian::default());
    check_searches(&rulebook::draughts::Frysk::default());
}

// ---------------------------------------------------------------------------
// The draughts variants.

mod draughts_suite {
    use super::{check_contract, with_serde, Config, SEED};
    use rulebook::draughts::{self, Draughts, Move, Rules, Square};

    /// Every move text between two squares at most two rows and columns
    /// apart that the variant's move text accepts (geometry only: most are
    /// illegal in a position).
    fn near_moves<R: Rules>() -> Vec<Move<R>> {
        let squares: Vec<Square<R>> = Square::all().collect();
        let mut moves = Vec::new();
        for &from in &squares {
            for &to in &squares {
                if from.row().abs_diff(to.row()) <= 2 && from.column().abs_diff(to.column()) <= 2 {
                    for separator in ['-', 'x'] {
                        if let Ok(mv) = format!("{from}{separator}{to}").parse() {
                            moves.push(mv);
                        }
                    }
                }
            }
        }
        moves
    }

    /// From the start, and from `kings` (a position of kings, where
    /// positions recur and flying kings capture).
    fn config<R: Rules>(kings: &str) -> Config<Draughts<R>> {
        with_serde(
            Config::new()
                .seed(SEED)
                .playouts(24)
                // Kings can shuffle for ever; random games mostly end well
                // before this.
                .max_plies(250)
                .perft_depth(2)
                .candidate_moves(near_moves::<R>())
                .start_position(Draughts::from_fen(kings).unwrap()),
        )
    }

    fn check<R: Rules>(kings: &str) {
        let summary = check_contract(&config::<R>(kings)).unwrap();
        assert_eq!(summary.playouts, 24, "{}", R::NAME);
        assert!(summary.illegal_moves_tried > 0, "{}: {summary:?}", R::NAME);
    }

    #[test]
    #[ignore = "long unoptimised: the long-checks run"]
    fn every_variant_keeps_the_contract() {
        check::<draughts::InternationalRules>("W:WK46,K50,33,34:BK1,K5,18,19");
        check::<draughts::BrazilianRules>("W:WKa1,c3,e3:BKh8,f6,d6");
        check::<draughts::RussianRules>("W:WKa1,c3,e3:BKh8,f6,d6");
        check::<draughts::PoolRules>("B:WK29,22,23:BK4,10,11");
        check::<draughts::ItalianRules>("W:WK32,22,23:BK1,10,11");
        check::<draughts::SpanishRules>("W:WK1,10,11:BK32,22,23");
        check::<draughts::CzechRules>("W:WKa1,c3,e3:BKh8,f6,d6");
        check::<draughts::EnglishRules>("B:WK29,22,23:BK4,10,11");
        check::<draughts::FrisianRules>("W:WK46,K50,33,34,28:BK1,K5,18,19,23");
        check::<draughts::FryskRules>("W:WK46,K50,33,34,28:BK1,K5,18,19,23");
    }

    /// The variants on International's rules: Killer and Antidraughts from
    /// kings, Breakthrough from men about to crown (its side to move never
    /// has a king).
    #[test]
    #[ignore = "long unoptimised: the long-checks run"]
    fn international_variants_keep_the_contract() {
        check::<draughts::KillerRules>("W:WK46,K50,33,34:BK1,K5,18,19");
        check::<draughts::BreakthroughRules>("W:W6,7,12,33,34:B2,18,19,39,44");
        check::<draughts::AntidraughtsRules>("W:WK46,K50,33,34:BK1,K5,18,19");
    }

    /// The candidates cover the start position's moves and are mostly
    /// illegal there.
    #[test]
    fn candidate_moves_cover_the_start() {
        use rulebook::Game;
        let candidates = near_moves::<draughts::InternationalRules>();
        let start = draughts::International::default();
        assert!(start.legal_moves().iter().all(|mv| candidates.contains(mv)));
        assert!(candidates.len() > 10 * start.legal_moves().len());
    }

    /// Deserializing each impossible text is an error.
    #[cfg(feature = "serde")]
    #[test]
    fn impossible_texts_do_not_deserialize() {
        super::assert_impossible::<draughts::International>(
            &[
                r#""W:W1:B2""#,
                r#""W:W51:B1""#,
                r#""W:W11-31:B45""#,
                r#""W:W5,5:B1""#,
                r#""32-28""#,
            ],
            &[r#""1-1""#, r#""0-4""#, "15", r#""32-27-21""#, r#""""#],
        );
        super::assert_impossible::<draughts::Russian>(
            &[r#""W:Wh8:Bc3""#, r#""W:Wa2:Bc3""#],
            &[r#""a1-a2""#],
        );
        super::assert_impossible::<draughts::Italian>(&[r#""W:W1:B9""#], &[r#""21-22""#]);
    }
}
