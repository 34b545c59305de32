//! Hop-by-hop move entry for every game: [`RouteSoFar`], the route entered
//! so far, and [`moves_with_route_prefix`], the
//! legal moves a route entered so far can still become.

use super::Described;
pub use crate::hops::RouteEntry;
use crate::hops::{continuation, route_entry};

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

/// A move entered square by square, as a click UI, a server or a script
/// takes it: the labels entered so far (the start of a legal move's
/// [route](Described::route)), and [`enter`](RouteSoFar::enter), which
/// goes on with more squares: hop-by-hop entry over labels for every game
/// (the server's move entry, the Python package's `play_route`, the
/// `play` console). A view of the crate's one hop-by-hop core
/// ([`continuation`](crate::hops::continuation) reads the squares,
/// [`route_entry`](crate::hops::route_entry) judges the route), as the
/// draughts family's typed [`PartialCapture`](crate::hops::PartialCapture)
/// is over its own squares, with its own messages.
///
/// ```
/// use rulebook::catalog::{Described, RouteEntry, RouteSoFar};
/// use rulebook::checkers::Checkers;
///
/// // Black's man on 9 must jump 14 and then 23: 9x18x27.
/// let game = Checkers::from_fen("B:W14,23,32:B9").unwrap();
/// let mut route = RouteSoFar::new();
/// let squares = |text: &str| text.split('x').map(str::to_owned).collect::<Vec<_>>();
/// assert!(matches!(route.enter(&game, &squares("9x18")), RouteEntry::InProgress));
/// assert_eq!(route.squares(), ["9", "18"]);
/// assert_eq!(route.next_squares(&game), ["27"]);
/// assert!(matches!(route.enter(&game, &squares("5x9")), RouteEntry::NoMove));
/// let RouteEntry::Complete(mv) = route.enter(&game, &squares("27")) else { panic!() };
/// assert_eq!(game.route(mv), ["9", "18", "27"]);
/// assert!(route.is_empty());
/// ```
#[derive(Clone, Default, PartialEq, Eq, Hash, Debug)]
pub struct RouteSoFar {
    /// The labels entered, start first; empty before a move or after one.
    squares: Vec<String>,
}

impl RouteSoFar {
    /// No square entered.
    pub fn new() -> RouteSoFar {
        RouteSoFar::default()
    }

    /// The route so far `squares` in `game` (as [`squares`](RouteSoFar::squares)
    /// gave it, e.g. kept in a database), or `None` when they are not a
    /// move in progress there (a proper start, of two squares or more, of
    /// legal moves' routes).
    pub fn resume<G: Described>(game: &G, squares: &[String]) -> Option<RouteSoFar> {
        let mut route = RouteSoFar::new();
        match route.enter(game, squares) {
            RouteEntry::InProgress => Some(route),
            RouteEntry::Complete(_) | RouteEntry::NoMove => None,
        }
    }

    /// The labels entered so far, start first.
    pub fn squares(&self) -> &[String] {
        &self.squares
    }

    /// Whether no square is entered (no move in progress).
    pub fn is_empty(&self) -> bool {
        self.squares.is_empty()
    }

    /// Forgets the squares entered (a move played some other way, an undo).
    pub fn clear(&mut self) {
        self.squares.clear();
    }

    /// The legal moves of `game` the route so far can still become
    /// ([`moves_with_route_prefix`]).
    pub fn moves<G: Described>(&self, game: &G) -> Vec<G::Move> {
        moves_with_route_prefix(game, &self.squares)
    }

    /// The labels that can come next: the next square of each legal move
    /// the route so far can still become, in the order of
    /// [`legal_moves`](crate::Game::legal_moves) (repeats left in).
    pub fn next_squares<G: Described>(&self, game: &G) -> Vec<String> {
        self.moves(game)
            .into_iter()
            .filter_map(|mv| game.route(mv).get(self.squares.len()).cloned())
            .collect()
    }

    /// Goes on with `squares` (labels as typed or clicked) in `game`:
    /// `squares` repeat the route so far and go on (`9x18x27` after
    /// `9x18`), start from its last square (`18x27`), or simply follow it
    /// (`27`). A whole legal route is [`RouteEntry::Complete`] (the route
    /// so far is empty again); a proper start of legal routes of two
    /// squares or more is kept ([`RouteEntry::InProgress`]); anything else
    /// is [`RouteEntry::NoMove`] and changes nothing. An empty `squares` on an
    /// empty route so far is the move with the empty route, a pass, when
    /// that is legal (it is then the only legal move).
    ///
    /// `game` must be the position the route so far was entered in.
    pub fn enter<G: Described>(&mut self, game: &G, squares: &[String]) -> RouteEntry<G::Move> {
        let added = continuation(&self.squares, squares);
        if added.is_empty() && !(self.squares.is_empty() && squares.is_empty()) {
            return RouteEntry::NoMove;
        }
        let prefix: Vec<String> = self.squares.iter().chain(added).cloned().collect();
        let routes = game
            .legal_moves()
            .into_iter()
            .map(|mv| (mv, game.route(mv)));
        let entry = route_entry(&prefix, routes);
        match entry {
            RouteEntry::Complete(_) => self.squares.clear(),
            RouteEntry::InProgress => self.squares = prefix,
            RouteEntry::NoMove => {}
        }
        entry
    }
}
