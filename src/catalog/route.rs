//! Hop-by-hop move entry for every game: [`moves_with_route_prefix`], the
//! legal moves a route entered so far can still become.

use super::Described;

/// The legal moves whose [route](Described::route) starts with `prefix`
/// (labels as `route` writes them), in the order of
/// [`legal_moves`](crate::Game::legal_moves).
///
/// This is how a click UI or a server takes a move one square at a time,
/// with the squares entered so far as `prefix`:
/// - no move: the last square entered is wrong;
/// - one move whose route *is* `prefix`: the move is complete (no legal
///   move's route is a proper prefix of another's: captures are completed
///   to the end, and steps and captures are never legal together);
/// - otherwise the move is in progress, and the squares that can come next
///   are the `prefix.len()`-th labels of the moves' routes.
///
/// An empty `prefix` gives every legal move. Allocates (the routes).
///
/// ```
/// use rulebook::catalog::{moves_with_route_prefix, Described};
/// use rulebook::checkers::Checkers;
///
/// let game = Checkers::from_fen("B:W18,26:B14,K22").unwrap();
/// let from_22 = moves_with_route_prefix(&game, &["22".to_owned()]);
/// assert!(!from_22.is_empty());
/// assert!(from_22.iter().all(|mv| game.route(*mv)[0] == "22"));
/// assert!(moves_with_route_prefix(&game, &["5".to_owned()]).is_empty());
/// ```
pub fn moves_with_route_prefix<G: Described>(game: &G, prefix: &[String]) -> Vec<G::Move> {
    game.legal_moves()
        .into_iter()
        .filter(|&mv| game.route(mv).starts_with(prefix))
        .collect()
}
