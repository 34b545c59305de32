//! The route of a move entered so far, hop by hop: the one core of every
//! hop-by-hop entry of the crate. [`Route`] holds the squares (the start,
//! then each landing) in a fixed-capacity, `Copy` buffer; [`continuation`]
//! says what squares typed or clicked add to a route so far;
//! [`route_entry`] says what a route so far is among the legal moves'
//! routes ([`RouteEntry`]: a whole move, the start of moves, or none).
//!
//! The doors are thin views of it: the draughts family's typed
//! [`PartialCapture`](crate::hops::PartialCapture) (squares of the game,
//! with each game's messages and short forms), the catalog's
//! [`RouteSoFar`](crate::catalog::RouteSoFar) (labels, for any game: the
//! server, Python, the `play` console) and the learning environments'
//! hop-by-hop actions (`checkers::HopByHop`, `draughts::HopByHop`,
//! `turkish::HopByHop`).

use core::fmt;
use core::hash::{Hash, Hasher};

/// What a route entered so far is among the legal moves' routes
/// ([`route_entry`]).
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub enum RouteEntry<M> {
    /// The route is a legal move's whole route: the move.
    Complete(M),
    /// The route is a proper start of legal moves' routes, two squares or
    /// more (a hop played): the move goes on.
    InProgress,
    /// No legal move goes that way (or a single square, which starts
    /// moves but plays no hop).
    NoMove,
}

/// What `routes` (each legal move with its route, start first) make of
/// the route entered so far `so_far`: [`RouteEntry::Complete`] with the
/// first move whose route is `so_far`; else [`RouteEntry::InProgress`]
/// when `so_far` has two squares or more and some route goes on from it;
/// else [`RouteEntry::NoMove`].
///
/// No legal move's route is a proper start of another's in the games of
/// this crate (captures go on to the end; steps and captures are never
/// legal together), so a complete route is never also in progress.
///
/// ```
/// use rulebook::hops::{route_entry, RouteEntry};
///
/// let routes = [("a", [1, 5, 9]), ("b", [1, 5, 7])];
/// let entry = |so_far: &[i32]| route_entry(so_far, routes.iter().map(|(m, r)| (*m, r.iter().copied())));
/// assert_eq!(entry(&[1, 5]), RouteEntry::InProgress);
/// assert_eq!(entry(&[1, 5, 7]), RouteEntry::Complete("b"));
/// assert_eq!(entry(&[1]), RouteEntry::NoMove);
/// assert_eq!(entry(&[1, 6]), RouteEntry::NoMove);
/// ```
pub fn route_entry<M, S, R>(so_far: &[S], routes: impl IntoIterator<Item = (M, R)>) -> RouteEntry<M>
where
    S: PartialEq,
    R: IntoIterator<Item = S>,
{
    let mut goes_on = false;
    for (mv, route) in routes {
        let mut route = route.into_iter();
        if !so_far
            .iter()
            .all(|square| route.next().as_ref() == Some(square))
        {
            continue;
        }
        if route.next().is_none() {
            return RouteEntry::Complete(mv);
        }
        goes_on = true;
    }
    if goes_on && so_far.len() >= 2 {
        RouteEntry::InProgress
    } else {
        RouteEntry::NoMove
    }
}

/// The squares `typed` adds to the route entered so far `so_far`: typed
/// squares may repeat the route so far and go on (`9x18x27` after
/// `9x18`), start from its last square (`18x27`), or simply follow it
/// (`27`). Empty when they add nothing (`typed` is the route so far, or
/// its last square alone).
///
/// ```
/// use rulebook::hops::continuation;
///
/// assert_eq!(continuation(&[9, 18], &[9, 18, 27]), [27]);
/// assert_eq!(continuation(&[9, 18], &[18, 27]), [27]);
/// assert_eq!(continuation(&[9, 18], &[27, 32]), [27, 32]);
/// assert_eq!(continuation(&[], &[9, 18]), [9, 18]);
/// assert!(continuation(&[9, 18], &[9, 18]).is_empty());
/// assert!(continuation(&[9, 18], &[18]).is_empty());
/// ```
pub fn continuation<'t, S: PartialEq>(so_far: &[S], typed: &'t [S]) -> &'t [S] {
    if typed.starts_with(so_far) {
        &typed[so_far.len()..]
    } else if !typed.is_empty() && typed.first() == so_far.last() {
        &typed[1..]
    } else {
        typed
    }
}

/// The squares of a move entered so far: its start, then each landing, at
/// most `N` squares, without allocating. `S` is the game's square (or a
/// board index).
///
/// Invariant: at least one square (the start); the slots past the route
/// are not part of it (equality, hashing and `Debug` look at
/// [`squares`](Route::squares) only).
///
/// ```
/// use rulebook::hops::{Route, RouteEntry};
///
/// let mut route = Route::<u8, 4>::new(9);
/// assert!(route.push(18));
/// assert_eq!(route.squares(), [9, 18]);
/// assert_eq!(route.landing(), 18);
/// let routes = [("9x18x27", [9, 18, 27])];
/// let moves = || routes.iter().map(|(m, r)| (*m, r.iter().copied()));
/// assert_eq!(route.entry(moves()), RouteEntry::InProgress);
/// assert_eq!(route.next_squares(moves()).collect::<Vec<_>>(), [27]);
/// let whole = route.continued(&[18, 27]).unwrap();
/// assert_eq!(whole.entry(moves()), RouteEntry::Complete("9x18x27"));
/// ```
#[derive(Clone, Copy)]
pub struct Route<S, const N: usize> {
    squares: [S; N],
    len: usize,
}

impl<S, const N: usize> Route<S, N> {
    /// Refuses `N == 0` when compiled: a route holds at least its start.
    const HOLDS_A_START: () = assert!(N >= 1, "a route holds at least its start");
}

impl<S: Copy, const N: usize> Route<S, N> {
    /// The route of one square, `start`.
    ///
    /// Precondition: `N >= 1` (a compile error otherwise).
    pub const fn new(start: S) -> Route<S, N> {
        #[allow(clippy::let_unit_value)]
        let () = Self::HOLDS_A_START;
        Route {
            squares: [start; N],
            len: 1,
        }
    }

    /// The route of `squares`, or `None` when there are none or more than
    /// `N`.
    pub fn from_squares(squares: &[S]) -> Option<Route<S, N>> {
        let (&start, rest) = squares.split_first()?;
        let mut route = Route::new(start);
        rest.iter()
            .all(|&square| route.push(square))
            .then_some(route)
    }

    /// The squares entered: the start, then each landing.
    pub fn squares(&self) -> &[S] {
        &self.squares[..self.len]
    }

    /// The number of squares entered (at least 1).
    pub fn len(&self) -> usize {
        self.len
    }

    /// Always `false`: a route holds at least its start.
    pub fn is_empty(&self) -> bool {
        false
    }

    /// Where the route starts.
    pub fn start(&self) -> S {
        self.squares[0]
    }

    /// The last square entered: where the moving piece stands now.
    pub fn landing(&self) -> S {
        self.squares[self.len - 1]
    }

    /// The squares entered after the start.
    pub fn landings(&self) -> &[S] {
        &self.squares[1..self.len]
    }

    /// Appends `square`; `false` (and no change) when the route is full.
    pub fn push(&mut self, square: S) -> bool {
        match self.squares.get_mut(self.len) {
            Some(slot) => {
                *slot = square;
                self.len += 1;
                true
            }
            None => false,
        }
    }

    /// The route `so_far` (a new one from `from` when `None`) with the hop
    /// from `from` to `to`: how a hop-by-hop action goes on; `None` when
    /// the route so far does not stand on `from`, or is full.
    pub fn with_hop(so_far: Option<Route<S, N>>, from: S, to: S) -> Option<Route<S, N>>
    where
        S: PartialEq,
    {
        let mut route = match so_far {
            None => Route::new(from),
            Some(route) if route.landing() == from => route,
            Some(_) => return None,
        };
        route.push(to).then_some(route)
    }

    /// This route with the squares `typed` adds to it ([`continuation`]),
    /// or `None` when they add none or more than fit.
    pub fn continued(&self, typed: &[S]) -> Option<Route<S, N>>
    where
        S: PartialEq,
    {
        let added = continuation(self.squares(), typed);
        let mut route = *self;
        (!added.is_empty() && added.iter().all(|&square| route.push(square))).then_some(route)
    }

    /// What `routes` (legal moves with their routes) make of this route
    /// ([`route_entry`]).
    pub fn entry<M, R>(&self, routes: impl IntoIterator<Item = (M, R)>) -> RouteEntry<M>
    where
        S: PartialEq,
        R: IntoIterator<Item = S>,
    {
        route_entry(self.squares(), routes)
    }

    /// Whether `route` (a legal move's) goes on from this route: it starts
    /// with these squares and has more.
    pub fn is_continued_by(&self, route: impl IntoIterator<Item = S>) -> bool
    where
        S: PartialEq,
    {
        let mut route = route.into_iter();
        self.squares()
            .iter()
            .all(|square| route.next().as_ref() == Some(square))
            && route.next().is_some()
    }

    /// The square after this route of each of `routes` that goes on from
    /// it, in their order (repeats left in).
    pub fn next_squares<'a, M, R>(
        &'a self,
        routes: impl IntoIterator<Item = (M, R)> + 'a,
    ) -> impl Iterator<Item = S> + 'a
    where
        S: PartialEq,
        R: IntoIterator<Item = S>,
    {
        routes.into_iter().filter_map(move |(_, route)| {
            let mut route = route.into_iter();
            self.squares()
                .iter()
                .all(|square| route.next().as_ref() == Some(square))
                .then(|| route.next())
                .flatten()
        })
    }
}

impl<S: PartialEq, const N: usize> PartialEq for Route<S, N> {
    fn eq(&self, other: &Self) -> bool {
        self.squares[..self.len] == other.squares[..other.len]
    }
}

impl<S: Eq, const N: usize> Eq for Route<S, N> {}

impl<S: Hash, const N: usize> Hash for Route<S, N> {
    fn hash<H: Hasher>(&self, state: &mut H) {
        self.squares[..self.len].hash(state);
    }
}

impl<S: fmt::Debug, const N: usize> fmt::Debug for Route<S, N> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_list().entries(&self.squares[..self.len]).finish()
    }
}
