//! The conformance suite: one set of properties, generic over `G: Game`,
//! that every game in the crate passes (the contract in the `Game` trait's
//! docs). Each game joins with a [`Spec`] and one `conformance_suite!` line
//! at the bottom of this file.
//!
//! The properties run on random playouts (proptest: a playout is a sequence
//! of move indices, so failures shrink to short games), checking every
//! position reached: from the start, and from the positions random play
//! leads to.
//!
//! Properties of every position:
//! - `legal_moves()` has no duplicates, and is empty iff `outcome()` is
//!   `Some`; `ending().is_some() == outcome().is_some()`.
//! - A winner is always the player who made the last move (true of every
//!   game in the crate: nobody can lose by the opponent's move).
//! - Players alternate: after a move, the opponent is to move.
//! - Every legal move: `is_legal`, `apply` is `Ok`, `apply_unchecked` and
//!   `after` give the same state, `Display` → `FromStr` round-trips.
//! - Every other move (the game's own candidates plus the moves legal in
//!   other positions of the playout): `is_legal` is false, `why_illegal`
//!   gives a reason (and gives none for a legal move), and `apply` returns
//!   `IllegalMove(mv)` with the state unchanged.
//! - A finished game: `apply` returns `GameOver` for every move, state
//!   unchanged.
//! - `perft(1)` is the number of moves, `perft(2)` the sum over the
//!   children, and the game's `perft` (override) equals the plain recursive
//!   count of `tests/support`, up to a few plies.
//! - A game ends within `G::MAX_PLIES` plies when that is `Some`.
//! - `is_over()` and `outcome_for(player)` agree with `outcome()`;
//!   `G::default()` is the start position.
//! - Keys: a copy (and a JSON round trip) keeps the key, a move changes
//!   it, and distinct positions of a playout have distinct keys.
//! - With the `serde` feature: positions and moves round-trip through JSON,
//!   and the game's impossible position and move texts are rejected; the
//!   playout as a `Match`, with some moves undone, saves and loads back to
//!   an equal match that redoes the same moves.

mod support;

use std::collections::HashSet;

use proptest::prelude::*;
use proptest::sample::Index;
use rulebook::{Game, Outcome, PlayError};
use support::plain_perft;

/// Serde bounds only when the `serde` feature is on, so the same generic
/// functions serve both builds.
#[cfg(feature = "serde")]
trait SerdeWhenEnabled: serde::Serialize + serde::de::DeserializeOwned {}
#[cfg(feature = "serde")]
impl<T: serde::Serialize + serde::de::DeserializeOwned> SerdeWhenEnabled for T {}
#[cfg(not(feature = "serde"))]
trait SerdeWhenEnabled {}
#[cfg(not(feature = "serde"))]
impl<T> SerdeWhenEnabled for T {}

/// What the suite needs to know about a game beyond the `Game` trait.
struct Spec<G: Game> {
    /// The position every playout starts from.
    start: fn() -> G,
    /// Moves worth trying in any position, legal or not (e.g. every column,
    /// every step between neighbouring squares). Moves legal in other
    /// positions of the same playout are tried as well.
    candidate_moves: fn() -> Vec<G::Move>,
    /// The longest random playout, in plies; at least `G::MAX_PLIES` when
    /// that is `Some`, so that those games always play to the end.
    playout_plies: usize,
    /// The deepest perft compared with the plain recursive count in random
    /// positions (kept small for games with many moves).
    perft_depth: u32,
    /// JSON texts of positions no game can reach, or no position at all:
    /// each must fail to deserialize.
    #[cfg_attr(not(feature = "serde"), allow(dead_code))]
    impossible_states: &'static [&'static str],
    /// JSON texts that are no move of the game: each must fail to
    /// deserialize.
    #[cfg_attr(not(feature = "serde"), allow(dead_code))]
    impossible_moves: &'static [&'static str],
}

/// The index sequences that drive whole random playouts for `spec`: as
/// long as the longest playout, so that most games play to their end.
fn playouts<G: Game>(spec: &Spec<G>) -> impl Strategy<Value = Vec<Index>> {
    proptest::collection::vec(any::<Index>(), spec.playout_plies)
}

/// The index sequences that lead to random positions: random play of any
/// length up to the longest playout.
fn random_positions<G: Game>(spec: &Spec<G>) -> impl Strategy<Value = Vec<Index>> {
    proptest::collection::vec(any::<Index>(), 0..=spec.playout_plies)
}

/// Plays from `spec.start`, taking move `index` (modulo the number of
/// moves) at each ply, until the indices run out or the game ends. Returns
/// every position reached, the start included.
fn play_out<G: Game>(spec: &Spec<G>, indices: &[Index]) -> Vec<G> {
    let mut game = (spec.start)();
    let mut positions = vec![game.clone()];
    for index in indices {
        let moves = game.legal_moves();
        if moves.is_empty() {
            break;
        }
        game.apply_unchecked(moves[index.index(moves.len())]);
        positions.push(game.clone());
    }
    positions
}

/// Every property of one position (see the module docs); `other_moves` are
/// moves to try that may or may not be legal here.
fn check_position<G>(game: &G, other_moves: &HashSet<G::Move>) -> Result<(), TestCaseError>
where
    G: Game + SerdeWhenEnabled,
    G::Move: SerdeWhenEnabled,
{
    let moves = game.legal_moves();
    let legal: HashSet<G::Move> = moves.iter().copied().collect();
    prop_assert_eq!(legal.len(), moves.len(), "duplicate moves in {:?}", game);

    let outcome = game.outcome();
    prop_assert_eq!(moves.is_empty(), outcome.is_some(), "in {:?}", game);
    prop_assert_eq!(game.is_over(), outcome.is_some(), "is_over in {:?}", game);
    for player in [game.to_move(), G::opponent(game.to_move())] {
        prop_assert_eq!(
            game.outcome_for(player),
            outcome.map(|outcome| outcome.for_player(player)),
            "outcome_for({}) in {:?}",
            player,
            game
        );
    }
    prop_assert_eq!(
        game.key(),
        game.clone().key(),
        "key of a copy in {:?}",
        game
    );
    prop_assert_eq!(game.ending().is_some(), outcome.is_some(), "in {:?}", game);
    if let Some(Outcome::Win(winner)) = outcome {
        prop_assert_eq!(
            winner,
            G::opponent(game.to_move()),
            "the winner must be the last mover in {:?}",
            game
        );
    }

    for &mv in &*moves {
        prop_assert!(game.is_legal(mv), "{} listed but not is_legal", mv);
        prop_assert_eq!(game.why_illegal(mv), None, "why_illegal({})", mv);
        let text = mv.to_string();
        prop_assert_eq!(text.parse::<G::Move>().ok(), Some(mv), "text {}", text);

        let mut checked = game.clone();
        prop_assert_eq!(checked.apply(mv), Ok(()), "{} in {:?}", mv, game);
        let mut unchecked = game.clone();
        unchecked.apply_unchecked(mv);
        prop_assert_eq!(&checked, &unchecked, "apply vs apply_unchecked of {}", mv);
        prop_assert_eq!(game.after(mv), Ok(checked.clone()), "after({})", mv);
        prop_assert_ne!(checked.key(), game.key(), "a move kept the key: {}", mv);
        prop_assert_eq!(
            checked.to_move(),
            G::opponent(game.to_move()),
            "players alternate"
        );

        #[cfg(feature = "serde")]
        {
            let json = serde_json::to_string(&mv).unwrap();
            let back: G::Move = serde_json::from_str(&json).unwrap();
            prop_assert_eq!(back, mv, "move JSON {}", json);
        }
    }

    for &mv in other_moves.iter().filter(|mv| !legal.contains(mv)) {
        prop_assert!(!game.is_legal(mv), "{} is_legal but not listed", mv);
        let why = game.why_illegal(mv);
        prop_assert!(why.is_some(), "no reason for the illegal {}", mv);
        let why = why.unwrap_or_default();
        prop_assert!(
            !why.is_empty() && !why.ends_with('.'),
            "why_illegal({}) is not the start of a sentence: {:?}",
            mv,
            why
        );
        let mut copy = game.clone();
        let expected = if outcome.is_some() {
            PlayError::GameOver
        } else {
            PlayError::IllegalMove(mv)
        };
        prop_assert_eq!(copy.apply(mv), Err(expected), "apply({}) in {:?}", mv, game);
        prop_assert_eq!(&copy, game, "state changed by a refused {}", mv);
        prop_assert_eq!(game.after(mv), Err(expected));
    }

    prop_assert_eq!(rulebook::perft(game, 0), 1);
    prop_assert_eq!(rulebook::perft(game, 1), moves.len() as u64);
    let grandchildren: u64 = moves
        .iter()
        .map(|&mv| {
            game.after(mv)
                .map_or(0, |child| child.legal_moves().len() as u64)
        })
        .sum();
    prop_assert_eq!(rulebook::perft(game, 2), grandchildren, "in {:?}", game);

    #[cfg(feature = "serde")]
    {
        let json = serde_json::to_string(game).unwrap();
        let back: G = serde_json::from_str(&json).unwrap();
        prop_assert_eq!(&back, game, "state JSON {}", json);
        prop_assert_eq!(back.key(), game.key(), "key after JSON {}", json);
    }
    Ok(())
}

/// A random playout keeps the contract in every position it reaches.
fn check_playout<G>(spec: &Spec<G>, indices: &[Index]) -> Result<(), TestCaseError>
where
    G: Game + SerdeWhenEnabled,
    G::Move: SerdeWhenEnabled,
    G::Player: SerdeWhenEnabled,
    G::Ending: SerdeWhenEnabled,
{
    check_saved_match(spec, indices)?;
    let positions = play_out(spec, indices);
    // The moves to try everywhere: the game's candidates, and every move
    // legal somewhere in this playout (so, usually illegal elsewhere).
    let mut other_moves: HashSet<G::Move> = (spec.candidate_moves)().into_iter().collect();
    for position in &positions {
        other_moves.extend(position.legal_moves());
    }
    for position in &positions {
        check_position(position, &other_moves)?;
    }
    // Distinct positions of the playout have distinct keys.
    let mut by_key = std::collections::HashMap::new();
    for position in &positions {
        if let Some(seen) = by_key.insert(position.key(), position) {
            prop_assert_eq!(seen, position, "two positions share a key");
        }
    }

    let plies = positions.len() - 1;
    let last = &positions[plies];
    if let Some(max_plies) = G::MAX_PLIES {
        prop_assert!(plies <= max_plies as usize);
        if plies == max_plies as usize {
            prop_assert!(last.outcome().is_some(), "still going after MAX_PLIES");
        }
    }
    if last.outcome().is_some() {
        // Every move, legal anywhere or not, is refused once it is over.
        for &mv in &other_moves {
            let mut copy = last.clone();
            prop_assert_eq!(copy.apply(mv), Err(PlayError::GameOver));
            prop_assert_eq!(&copy, last);
        }
    }
    Ok(())
}

/// With the `serde` feature: the playout as a [`Match`](rulebook::Match),
/// with some of its moves taken back (so that they wait to be redone),
/// saves and loads back to an equal match, which redoes the same moves.
#[cfg(feature = "serde")]
fn check_saved_match<G>(spec: &Spec<G>, indices: &[Index]) -> Result<(), TestCaseError>
where
    G: Game + SerdeWhenEnabled,
    G::Move: SerdeWhenEnabled,
    G::Player: SerdeWhenEnabled,
    G::Ending: SerdeWhenEnabled,
{
    let mut game = rulebook::Match::new((spec.start)());
    for index in indices {
        let moves = game.position().legal_moves();
        if moves.is_empty() {
            break;
        }
        game.play(moves[index.index(moves.len())]).unwrap();
    }
    let undos = indices
        .first()
        .map_or(0, |index| index.index(game.history().len() + 1));
    for _ in 0..undos {
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

/// Without the `serde` feature there is nothing to save.
#[cfg(not(feature = "serde"))]
fn check_saved_match<G: Game>(_spec: &Spec<G>, _indices: &[Index]) -> Result<(), TestCaseError> {
    Ok(())
}

/// In the position `prefix` leads to, the game's perft equals the plain
/// count at every depth up to `spec.perft_depth`, and the divided and
/// parallel counts agree with it.
fn check_perft<G>(spec: &Spec<G>, prefix: &[Index]) -> Result<(), TestCaseError>
where
    G: Game + Send + Sync,
    G::Move: Send + Sync,
{
    let positions = play_out(spec, prefix);
    let game = &positions[positions.len() - 1];
    for depth in 0..=spec.perft_depth {
        let expected = plain_perft(game, depth);
        prop_assert_eq!(
            rulebook::perft(game, depth),
            expected,
            "depth {} in {:?}",
            depth,
            game
        );
        let divided: u64 = rulebook::perft_divide(game, depth)
            .iter()
            .map(|&(_, count)| count)
            .sum();
        prop_assert_eq!(
            divided + u64::from(depth == 0),
            expected,
            "divide {}",
            depth
        );
        prop_assert_eq!(rulebook::perft_parallel(game, depth, 2), expected);
    }
    Ok(())
}

/// `G::default()` is the position the suite starts from.
fn assert_default_is_start<G: Game>(spec: &Spec<G>) {
    assert_eq!(G::default(), (spec.start)());
}

/// Deserializing each of the game's impossible texts is an error.
#[cfg(feature = "serde")]
fn check_impossible_texts<G>(spec: &Spec<G>)
where
    G: Game + SerdeWhenEnabled,
    G::Move: SerdeWhenEnabled,
{
    assert!(!spec.impossible_states.is_empty());
    for json in spec.impossible_states {
        let result = serde_json::from_str::<G>(json);
        assert!(result.is_err(), "{json} read as {:?}", result.ok());
    }
    for json in spec.impossible_moves {
        let result = serde_json::from_str::<G::Move>(json);
        assert!(result.is_err(), "{json} read as {:?}", result.ok());
    }
}

/// The suite for one game: `conformance_suite!(module, spec(), cases)`
/// runs `cases` random playouts and as many perft checks on `spec()`.
macro_rules! conformance_suite {
    ($module:ident, $spec:expr, $cases:expr) => {
        mod $module {
            use super::*;

            proptest! {
                #![proptest_config(ProptestConfig::with_cases($cases))]

                #[test]
                fn random_playouts_keep_the_contract(indices in playouts(&$spec)) {
                    check_playout(&$spec, &indices)?;
                }

                #[test]
                fn perft_equals_the_plain_count(prefix in random_positions(&$spec)) {
                    check_perft(&$spec, &prefix)?;
                }
            }

            #[test]
            fn default_is_the_start_position() {
                assert_default_is_start(&$spec);
            }

            #[cfg(feature = "serde")]
            #[test]
            fn impossible_texts_do_not_deserialize() {
                check_impossible_texts(&$spec);
            }
        }
    };
}

// ---------------------------------------------------------------------------
// The games.

mod games {
    use super::Spec;
    use rulebook::checkers::{Checkers, Move};
    use rulebook::connect4::{Column, Connect4};
    use rulebook::Game;

    /// Every column.
    fn columns() -> Vec<Column> {
        Column::ALL.to_vec()
    }

    pub fn connect4() -> Spec<Connect4> {
        Spec {
            start: Connect4::default,
            candidate_moves: columns,
            playout_plies: Connect4::MAX_PLIES.unwrap_or(0) as usize,
            perft_depth: 5,
            impossible_states: &[
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
            impossible_moves: &["7", "-1", r#""a""#],
        }
    }

    /// Every step and every single jump between squares 1..=32 that the
    /// move text accepts (geometry only: most are illegal in a position).
    fn steps_and_jumps() -> Vec<Move> {
        let squares = 1..=32;
        squares
            .clone()
            .flat_map(|from| squares.clone().map(move |to| (from, to)))
            .flat_map(|(from, to)| [format!("{from}-{to}"), format!("{from}x{to}")])
            .filter_map(|text| text.parse().ok())
            .collect()
    }

    pub fn checkers() -> Spec<Checkers> {
        Spec {
            start: Checkers::default,
            candidate_moves: steps_and_jumps,
            // Kings can shuffle for ever (no MAX_PLIES); random games
            // mostly end well before this.
            playout_plies: 300,
            perft_depth: 4,
            impossible_states: &[
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
            impossible_moves: &[r#""11-17""#, r#""0-4""#, r#""22x15x15""#, "15"],
        }
    }
}

conformance_suite!(connect4, games::connect4(), 256);
conformance_suite!(checkers, games::checkers(), 128);

/// The candidate generators produce what they claim, so the "other moves"
/// check really tries illegal moves.
#[test]
fn candidate_moves_cover_the_games() {
    use rulebook::checkers::Checkers;
    use rulebook::connect4::Connect4;

    assert_eq!((games::connect4().candidate_moves)().len(), 7);
    let checkers = (games::checkers().candidate_moves)();
    // Steps: 49 pairs of diagonal neighbours, each way. Jumps: 36 pairs of
    // squares two apart on a diagonal, each way.
    let steps = checkers.iter().filter(|mv| !mv.is_capture()).count();
    let jumps = checkers.len() - steps;
    assert_eq!(steps, 98);
    assert_eq!(jumps, 72);
    // The start position's moves are among them; most candidates are not legal.
    let start = Checkers::default();
    assert!(start.legal_moves().iter().all(|mv| checkers.contains(mv)));
    assert!(Connect4::default()
        .legal_moves()
        .iter()
        .all(|mv| (games::connect4().candidate_moves)().contains(mv)));
}

/// The types every game has in common (position, player, move, ending)
/// derive the same traits in both games, so generic code can rely on them:
/// players and moves order (for `BTreeMap` keys), moves have a `Default`
/// that round-trips through their text.
fn common_traits<G>() -> G::Move
where
    G: Game + Copy + Default + Send + Sync + core::fmt::Display,
    G::Player: Ord + Send + Sync,
    G::Move: Ord + Default + Send + Sync,
    G::Ending: Send + Sync,
{
    G::Move::default()
}

#[test]
fn both_games_share_the_same_traits_and_default_moves_round_trip() {
    use rulebook::checkers::{Checkers, Move};
    use rulebook::connect4::{Column, Connect4};

    let column = common_traits::<Connect4>();
    assert_eq!(column.to_string().parse::<Column>(), Ok(column));
    let mv = common_traits::<Checkers>();
    assert_eq!(mv.to_string().parse::<Move>(), Ok(mv));
    // Moves order by their squares.
    let mut moves: Vec<Move> = Checkers::default().legal_moves().to_vec();
    moves.sort();
    let texts: Vec<String> = moves.iter().map(ToString::to_string).collect();
    assert_eq!(
        texts,
        ["9-13", "9-14", "10-14", "10-15", "11-15", "11-16", "12-16"]
    );
}
