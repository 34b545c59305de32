//! [`Root`]: where a search starts — a position, and what the draw rules
//! of the match around it will say about the moves that follow.

use crate::{DrawRules, Game, Match};

/// The position a search starts from, with the history that the match's
/// draw rules see: the keys of the positions since the last irreversible
/// move (the only ones that can occur again) and the move-limit counter.
///
/// A search from a `Root` scores as a draw every position that repeats one
/// of these or one earlier on its own path, and every position that
/// reaches the [move limit](DrawRules::move_limit), so an engine neither
/// walks blindly into such a draw nor misses one it wants. A repeat counts
/// as a draw whether or not the match draws on threefold repetition: a
/// side that could do better than repeat would not have repeated.
///
/// Build one from a bare position (no history, no draw rules) or from a
/// [`Match`]:
///
/// ```
/// use rulebook::checkers::Checkers;
/// use rulebook::search::Root;
/// use rulebook::{DrawRules, Match};
///
/// let root = Root::from(Checkers::default());
/// assert_eq!(root.reversible_plies(), 0);
///
/// let game = Match::with_rules(Checkers::default(), DrawRules::TOURNAMENT);
/// let root = Root::from(&game);
/// assert_eq!(root.draw_rules(), DrawRules::TOURNAMENT);
/// ```
#[derive(Clone, Debug)]
pub struct Root<G: Game> {
    // Invariant: `earlier_keys.len() == reversible_plies`, oldest first.
    position: G,
    earlier_keys: Vec<u64>,
    reversible_plies: u32,
    draw_rules: DrawRules,
}

impl<G: Game> Root<G> {
    /// A search from `position` with no history and no draw rules.
    pub fn new(position: G) -> Root<G> {
        Root {
            position,
            earlier_keys: Vec::new(),
            reversible_plies: 0,
            draw_rules: DrawRules::NONE,
        }
    }

    /// A search from the current position of `game`, seeing its
    /// [repeatable positions](Match::repeatable_positions), its
    /// [move-limit counter](Match::reversible_plies) and its
    /// [draw rules](Match::draw_rules).
    pub fn from_match(game: &Match<G>) -> Root<G> {
        let repeatable = game.repeatable_positions();
        let earlier = &repeatable[..repeatable.len().saturating_sub(1)];
        Root {
            position: game.position().clone(),
            earlier_keys: earlier.iter().map(Game::key).collect(),
            reversible_plies: earlier.len() as u32,
            draw_rules: game.draw_rules(),
        }
    }

    /// The position to search.
    pub fn position(&self) -> &G {
        &self.position
    }

    /// How many plies in a row before the position were reversible: the
    /// move-limit counter.
    pub fn reversible_plies(&self) -> u32 {
        self.reversible_plies
    }

    /// The keys of the positions since the last irreversible move, oldest
    /// first, not counting the position itself.
    pub fn earlier_keys(&self) -> &[u64] {
        &self.earlier_keys
    }

    /// The draw rules of the match.
    pub fn draw_rules(&self) -> DrawRules {
        self.draw_rules
    }

    /// The move limit in plies, if the draw rules have one.
    pub(crate) fn ply_limit(&self) -> Option<u64> {
        self.draw_rules.ply_limit()
    }
}

impl<G: Game> From<G> for Root<G> {
    fn from(position: G) -> Root<G> {
        Root::new(position)
    }
}

impl<G: Game> From<&G> for Root<G> {
    fn from(position: &G) -> Root<G> {
        Root::new(position.clone())
    }
}

impl<G: Game> From<&Match<G>> for Root<G> {
    fn from(game: &Match<G>) -> Root<G> {
        Root::from_match(game)
    }
}

impl<G: Game> From<&Root<G>> for Root<G> {
    fn from(root: &Root<G>) -> Root<G> {
        root.clone()
    }
}
