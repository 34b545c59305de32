//! [`Engine`]: a computer player — a search, its limits (a level of play),
//! and its judgement of draw offers — playing in a [`Match`].

use std::sync::Arc;

use super::{
    Limits, Oracle, Progress, Root, Score, SearchResult, Searcher, StopSignal, TimeControl,
};
use crate::book::OpeningBook;
use crate::{Game, Match, SplitMix64};

/// The engine offers a draw only after this many plies in a row without an
/// irreversible move (in checkers: 15 moves each without a capture or a
/// man's move), unless the position is a dead draw.
pub const NO_PROGRESS_PLIES: u32 = 30;

/// After offering a draw, the engine waits this many plies before it
/// offers again.
pub const OFFER_INTERVAL_PLIES: usize = 20;

/// Why a level of play was refused.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, thiserror::Error)]
#[error("there is no level {requested}: levels go from 1 (weakest) to {max}")]
pub struct LevelError {
    /// The level asked for.
    pub requested: u32,
    /// The strongest level of the game.
    pub max: u32,
}

/// A computer player for game `G`: any [`Searcher`] with the [`Limits`]
/// of its level of play, and a policy for draw offers.
///
/// The games' `engine(level)` functions build one per level
/// ([`checkers::engine`](crate::checkers::engine),
/// [`connect4::engine`](crate::connect4::engine)); any searcher, the
/// caller's own included, makes one with [`Engine::new`].
///
/// # Draw offers
///
/// - [`accepts_draw`](Engine::accepts_draw): the engine accepts when its
///   search says it is worse by more than its *draw margin* (a proven loss
///   included), or when the position is a *dead draw*; it declines
///   otherwise.
/// - [`offers_draw`](Engine::offers_draw): the engine offers when the
///   position is a dead draw, or when it is not better by more than its
///   margin (and has not proven a win) after [`NO_PROGRESS_PLIES`]
///   reversible plies in a row; never twice within
///   [`OFFER_INTERVAL_PLIES`].
///
/// The margin is 0 unless set ([`with_draw_margin`](Engine::with_draw_margin));
/// what a dead draw is comes from the game
/// ([`with_dead_draw`](Engine::with_dead_draw); none by default).
///
/// ```
/// use rulebook::checkers::{self, Checkers};
/// use rulebook::Match;
///
/// let mut engine = checkers::engine(1).unwrap();
/// let mut game = Match::new(Checkers::default());
/// let thought = engine.think(&game);
/// game.play(thought.best_move.unwrap()).unwrap();
/// assert_eq!(game.history().len(), 1);
/// ```
pub struct Engine<G: Game> {
    searcher: Box<dyn Searcher<G>>,
    limits: Limits,
    draw_margin: i32,
    dead_draw: fn(&G) -> bool,
    /// The history length of the match when the engine last offered a
    /// draw.
    last_offer: Option<usize>,
    /// The opening book, and the generator that draws its moves.
    book: Option<(Arc<OpeningBook<G>>, SplitMix64)>,
}

impl<G: Game> Engine<G> {
    /// An engine that searches with `searcher` within `limits` on every
    /// move.
    pub fn new(searcher: impl Searcher<G> + 'static, limits: Limits) -> Engine<G> {
        Engine {
            searcher: Box::new(searcher),
            limits,
            draw_margin: 0,
            dead_draw: |_| false,
            last_offer: None,
            book: None,
        }
    }

    /// This engine with draw margin `margin` (in its evaluation's units;
    /// negative values are taken as 0).
    pub fn with_draw_margin(mut self, margin: i32) -> Engine<G> {
        self.draw_margin = margin.max(0);
        self
    }

    /// This engine with `dead_draw` telling which positions are dead draws
    /// (no side can win with correct play, whatever the search says).
    pub fn with_dead_draw(mut self, dead_draw: fn(&G) -> bool) -> Engine<G> {
        self.dead_draw = dead_draw;
        self
    }

    /// This engine watching `signal`: raising it from another thread ends
    /// a running [`think`](Engine::think) early, as a time limit would,
    /// with the best move found so far (see [`StopSignal`]). A searcher
    /// that cannot stop early (the Connect Four perfect player) ignores it.
    ///
    /// ```
    /// use rulebook::checkers::Checkers;
    /// use rulebook::search::{AlphaBeta, Engine, Limits, Mcts, StopSignal};
    /// use rulebook::checkers::Evaluation;
    ///
    /// let stop = StopSignal::new();
    /// // No limit at all: only the signal ends these searches.
    /// let mut engine = Engine::new(AlphaBeta::new(Evaluation::new()), Limits::NONE)
    ///     .with_stop_signal(stop.clone());
    /// let mut playouts = Engine::new(Mcts::new(1), Limits::NONE).with_stop_signal(stop.clone());
    /// stop.stop(); // e.g. from another thread, while the search runs
    /// let thought = engine.think(&Checkers::default());
    /// assert!(thought.best_move.is_some() && thought.nodes < 10_000);
    /// let thought = playouts.think(&Checkers::default());
    /// assert!(thought.best_move.is_some() && thought.nodes < 100);
    /// ```
    pub fn with_stop_signal(mut self, signal: StopSignal) -> Engine<G> {
        self.searcher.set_stop_signal(signal);
        self
    }

    /// This engine consulting `endgame` (an endgame database, e.g. an
    /// `Arc<`[`Tablebase`](crate::endgame::Tablebase)`>`) inside its
    /// searches, and playing the database's move in a position it holds
    /// (see [`AlphaBeta::with_oracle`](super::AlphaBeta::with_oracle)).
    /// A searcher that uses no oracle ([`Mcts`](super::Mcts)) ignores it.
    ///
    /// ```
    /// use std::sync::Arc;
    /// use rulebook::checkers::{self, Checkers};
    /// use rulebook::draughts::EnglishRules;
    /// use rulebook::endgame::Tablebase;
    ///
    /// let tablebase = Arc::new(Tablebase::<EnglishRules>::build_in_memory(3, |_| {}).unwrap());
    /// let mut engine = checkers::engine(3).unwrap().with_endgame(tablebase);
    /// let thought = engine.think(Checkers::from_fen("W:WK1,K2:BK32").unwrap());
    /// assert_eq!(thought.score.to_string(), "database win");
    /// ```
    pub fn with_endgame(mut self, endgame: Arc<dyn Oracle<G>>) -> Engine<G> {
        self.searcher.set_oracle(Some(endgame));
        self
    }

    /// This engine playing from `book` while the position is in it (see
    /// [`OpeningBook::choose`]: a move drawn by weight, with a generator
    /// seeded with `seed`, so that the same seed plays the same lines), and
    /// searching from the first position out of book on. A book move comes
    /// at once: its [`SearchResult`] has depth 0, no node, a score of 0 and
    /// the move alone as its line. Draw offers are still judged by search.
    ///
    /// ```
    /// use std::sync::Arc;
    /// use rulebook::book::BookBuilder;
    /// use rulebook::checkers::{self, Checkers};
    /// use rulebook::{Game, Match, Outcome};
    ///
    /// // A book of one game that opened 9-13, a draw.
    /// let start = Checkers::default();
    /// let after = start.after(start.parse_move("9-13").unwrap()).unwrap();
    /// let mut builder = BookBuilder::new(1);
    /// builder.add_game(&[start, after], Some(Outcome::Draw));
    /// let mut engine = checkers::engine(3).unwrap().with_book(Arc::new(builder.build(1)), 7);
    /// let thought = engine.think(&Match::new(start));
    /// assert_eq!(thought.best_move.unwrap().to_string(), "9-13");
    /// assert_eq!(thought.nodes, 0);
    /// // Out of book: it searches.
    /// assert!(engine.think(after).nodes > 0);
    /// ```
    pub fn with_book(mut self, book: Arc<OpeningBook<G>>, seed: u64) -> Engine<G> {
        self.book = Some((book, SplitMix64::new(seed)));
        self
    }

    /// Restarts the draws of the book's moves from `seed` (nothing without
    /// a book): e.g. one seed a game, for varied games between the same
    /// engines.
    pub fn set_book_seed(&mut self, seed: u64) {
        if let Some((_, rng)) = &mut self.book {
            *rng = SplitMix64::new(seed);
        }
    }

    /// Leaves out the opening book: the engine searches every move.
    pub fn without_book(mut self) -> Engine<G> {
        self.book = None;
        self
    }

    /// The opening book, if the engine has one.
    pub fn book(&self) -> Option<&OpeningBook<G>> {
        self.book.as_ref().map(|(book, _)| &**book)
    }

    /// The book's move in `root`'s position, as a search result, when it
    /// is in book.
    fn book_move(&mut self, root: &Root<G>) -> Option<SearchResult<G::Move>> {
        let started = std::time::Instant::now();
        let (book, rng) = self.book.as_mut()?;
        let mv = book.choose(root.position(), rng)?;
        Some(SearchResult {
            best_move: Some(mv),
            score: Score::heuristic(0),
            pv: vec![mv],
            depth: 0,
            nodes: 0,
            elapsed: started.elapsed(),
        })
    }

    /// The limits of every search.
    pub fn limits(&self) -> Limits {
        self.limits
    }

    /// Changes the limits of the searches to come.
    pub fn set_limits(&mut self, limits: Limits) {
        self.limits = limits;
    }

    /// Forgets what the searches of an earlier game learnt, and the
    /// engine's last draw offer.
    pub fn new_game(&mut self) {
        self.searcher.clear();
        self.last_offer = None;
    }

    /// Whether `position` is a dead draw by the game's judgement.
    pub fn is_dead_draw(&self, position: &G) -> bool {
        (self.dead_draw)(position)
    }

    /// The move the engine chooses for the player to move in `root` (a
    /// `&Match`, whose draw rules and history it then sees, or a bare
    /// position: see [`Root`]), with what it thought.
    pub fn think(&mut self, root: impl Into<Root<G>>) -> SearchResult<G::Move> {
        self.think_with_progress(root, |_| {})
    }

    /// As [`think`](Engine::think), reporting `progress` as it searches.
    pub fn think_with_progress(
        &mut self,
        root: impl Into<Root<G>>,
        mut progress: impl FnMut(&Progress<'_, G::Move>),
    ) -> SearchResult<G::Move> {
        let root = root.into();
        if let Some(result) = self.book_move(&root) {
            return result;
        }
        self.searcher.think(&root, self.limits, &mut progress)
    }

    /// As [`think`](Engine::think), on a game clock: the level's limits
    /// (its node or depth budget) with the time limits of one move under
    /// `clock` ([`Limits::with_clock`]), so that the engine never spends
    /// the clock and never more than its level would.
    pub fn think_on_clock(
        &mut self,
        root: impl Into<Root<G>>,
        clock: TimeControl,
    ) -> SearchResult<G::Move> {
        let root = root.into();
        if let Some(result) = self.book_move(&root) {
            return result;
        }
        let limits = self.limits.with_clock(clock);
        self.searcher.think(&root, limits, &mut |_| {})
    }

    /// The engine's answer to a draw offer by the player to move in
    /// `game` (the engine plays the other side): `true` to accept. See
    /// [Draw offers](Engine#draw-offers).
    pub fn accepts_draw(&mut self, game: &Match<G>) -> bool {
        if self.is_dead_draw(game.position()) {
            return true;
        }
        // The search (never the book) judges the position for the
        // offering side, to move.
        let mine = -self
            .searcher
            .think(&Root::from(game), self.limits, &mut |_| {})
            .score;
        mine < Score::heuristic(-self.draw_margin)
    }

    /// Whether the engine, to move in `game` and having thought `thought`
    /// about it, offers a draw now. Remembers an offer it makes. See
    /// [Draw offers](Engine#draw-offers).
    pub fn offers_draw(&mut self, game: &Match<G>, thought: &SearchResult<G::Move>) -> bool {
        let plies = game.history().len();
        if self
            .last_offer
            .is_some_and(|last| last <= plies && plies - last < OFFER_INTERVAL_PLIES)
        {
            return false;
        }
        let no_progress = game.reversible_plies() >= NO_PROGRESS_PLIES
            && thought.score.win_in_plies().is_none()
            && thought.score <= Score::heuristic(self.draw_margin);
        let offers = self.is_dead_draw(game.position()) || no_progress;
        if offers {
            self.last_offer = Some(plies);
        }
        offers
    }
}

impl<G: Game> core::fmt::Debug for Engine<G> {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        f.debug_struct("Engine")
            .field("limits", &self.limits)
            .field("draw_margin", &self.draw_margin)
            .field("book", &self.book().map(OpeningBook::len))
            .finish_non_exhaustive()
    }
}
