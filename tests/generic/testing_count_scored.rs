//! A game scored by count keeps the [`Game`] contract: the player to move
//! may be the winner of a finished game (as in Othello, Kalah, Dots and
//! Boxes), the conformance kit accepts it with every other check on, and
//! the generic code (`Match`, alpha-beta, Monte Carlo tree search) scores
//! its finished positions right.
//!
//! The game, written here as any user would: a pile of [`START_PILE`]
//! pebbles; each player in turn takes 1, 2 or 3 of them into their own
//! store; when the pile is empty, the larger store wins (equal stores
//! draw). Whoever takes the last pebble may still be behind, so the
//! player to move at the end is often the winner.

use core::fmt;
use core::str::FromStr;

use rulebook::search::{AlphaBeta, Limits, Mcts, Score, Searcher};
use rulebook::testing::{check_contract, Config};
use rulebook::{EndReason, Game, Match, MoveList, Outcome, PlayError, PlayerOutcome};

/// The pebbles on the pile at the start (even, so that draws happen).
const START_PILE: u8 = 8;
/// The most pebbles a move takes.
const MAX_TAKE: u8 = 3;

/// A position: the pile, each player's store, the player to move.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
struct Pebbles {
    pile: u8,
    /// Indexed by player: `false` (the first player) then `true`.
    stores: [u8; 2],
    second_to_move: bool,
}

impl Default for Pebbles {
    fn default() -> Self {
        Pebbles {
            pile: START_PILE,
            stores: [0, 0],
            second_to_move: false,
        }
    }
}

/// A move: take this many pebbles.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Default)]
struct Take(u8);

impl fmt::Display for Take {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.0)
    }
}

impl FromStr for Take {
    type Err = core::num::ParseIntError;
    fn from_str(text: &str) -> Result<Self, Self::Err> {
        text.parse().map(Take)
    }
}

impl Pebbles {
    fn store(&self, player: bool) -> u8 {
        self.stores[usize::from(player)]
    }
}

impl Game for Pebbles {
    /// `false`: the first player.
    type Player = bool;
    type Move = Take;
    type Moves = MoveList<Take, { MAX_TAKE as usize }>;
    type Ending = &'static str;
    const MAX_PLIES: Option<u32> = Some(START_PILE as u32);

    fn to_move(&self) -> bool {
        self.second_to_move
    }

    fn opponent(player: bool) -> bool {
        !player
    }

    fn legal_moves(&self) -> Self::Moves {
        (1..=self.pile.min(MAX_TAKE)).map(Take).collect()
    }

    fn apply(&mut self, mv: Take) -> Result<(), PlayError<Take>> {
        if self.pile == 0 {
            return Err(PlayError::GameOver);
        }
        if !self.is_legal(mv) {
            return Err(PlayError::IllegalMove(mv));
        }
        self.apply_unchecked(mv);
        Ok(())
    }

    fn apply_unchecked(&mut self, mv: Take) {
        self.pile -= mv.0;
        self.stores[usize::from(self.second_to_move)] += mv.0;
        self.second_to_move = !self.second_to_move;
    }

    fn outcome(&self) -> Option<Outcome<bool>> {
        if self.pile > 0 {
            return None;
        }
        let (first, second) = (self.store(false), self.store(true));
        Some(match first.cmp(&second) {
            core::cmp::Ordering::Greater => Outcome::Win(false),
            core::cmp::Ordering::Less => Outcome::Win(true),
            core::cmp::Ordering::Equal => Outcome::Draw,
        })
    }

    fn ending(&self) -> Option<&'static str> {
        (self.pile == 0).then_some("the pile is empty")
    }
}

/// The value of `game` for the player to move under perfect play (1 win,
/// 0 draw, -1 loss), from the rules directly: the reference the searches
/// are compared with.
fn perfect_value(pile: u8, mine: u8, theirs: u8) -> i8 {
    if pile == 0 {
        return match mine.cmp(&theirs) {
            core::cmp::Ordering::Greater => 1,
            core::cmp::Ordering::Less => -1,
            core::cmp::Ordering::Equal => 0,
        };
    }
    (1..=pile.min(MAX_TAKE))
        .map(|take| -perfect_value(pile - take, theirs, mine + take))
        .max()
        .unwrap_or(-1)
}

fn value_of(game: &Pebbles) -> i8 {
    let mover = game.to_move();
    perfect_value(game.pile, game.store(mover), game.store(!mover))
}

/// Every position reachable from the start, each once.
fn reachable() -> Vec<Pebbles> {
    let mut seen = vec![Pebbles::default()];
    let mut next = 0;
    while next < seen.len() {
        let game = seen[next];
        next += 1;
        for mv in game.legal_moves() {
            let child = game.after(mv).unwrap();
            if !seen.contains(&child) {
                seen.push(child);
            }
        }
    }
    seen
}

/// The score a perfect search gives a position of value `value`.
fn is_score_of(score: Score, value: i8) -> bool {
    match value {
        1 => score.win_in_plies().is_some(),
        -1 => score.loss_in_plies().is_some(),
        _ => score == Score::DRAW,
    }
}

#[test]
fn the_player_to_move_wins_some_finished_games() {
    let finished: Vec<Pebbles> = reachable().into_iter().filter(Game::is_over).collect();
    let mover_wins = finished
        .iter()
        .filter(|game| game.outcome_for(game.to_move()) == Some(PlayerOutcome::Win))
        .count();
    let last_mover_wins = finished
        .iter()
        .filter(|game| game.outcome_for(!game.to_move()) == Some(PlayerOutcome::Win))
        .count();
    assert!(mover_wins > 0 && last_mover_wins > 0, "{finished:?}");
    // 3 then 1 then 3 then 1: the second player took the last pebble but
    // has 2 to 6; the first player, to move, has won.
    let mut game = Pebbles::default();
    for take in [3, 1, 3, 1] {
        game.apply(Take(take)).unwrap();
    }
    assert_eq!(game.outcome(), Some(Outcome::Win(game.to_move())));
    assert_eq!(game.outcome_for(false), Some(PlayerOutcome::Win));
    assert_eq!(game.outcome_for(true), Some(PlayerOutcome::Loss));
}

#[test]
fn the_kit_accepts_a_game_scored_by_count() {
    let config = Config::<Pebbles>::new()
        .seed(3)
        .playouts(200)
        .perft_depth(3)
        .candidate_moves((0..=MAX_TAKE + 1).map(Take));
    let summary = check_contract(&config).unwrap();
    assert_eq!(summary.finished_games, 200);
    assert!(summary.illegal_moves_tried > 0);
    // The playouts reach most positions, finished ones with either winner.
    assert!(
        summary.distinct_positions * 2 > reachable().len(),
        "{summary:?}"
    );
}

#[test]
fn a_match_names_the_winner_to_move() {
    let mut game = Match::new(Pebbles::default());
    for take in [3, 1, 3, 1] {
        game.play(Take(take)).unwrap();
    }
    let result = game.result().unwrap();
    assert_eq!(result.outcome, Outcome::Win(false));
    assert_eq!(result.reason, EndReason::Rules("the pile is empty"));
    assert!(!game.to_move(), "the first player is to move");
}

#[test]
fn alpha_beta_scores_every_position_as_perfect_play_does() {
    for game in reachable() {
        let value = value_of(&game);
        let mut search = AlphaBeta::new(|_: &Pebbles| 0);
        let result = search.search(game, Limits::depth(u32::from(START_PILE) + 1));
        assert!(
            is_score_of(result.score, value),
            "{game:?}: {result:?}, value {value}"
        );
        if let Some(mv) = result.best_move {
            let child = game.after(mv).unwrap();
            assert_eq!(-value_of(&child), value, "{game:?}: {mv} is not best");
        }
    }
}

#[test]
fn monte_carlo_search_finds_the_wins_near_the_end() {
    let near_the_end = reachable()
        .into_iter()
        .filter(|game| !game.is_over() && game.pile <= 4 && value_of(game) == 1);
    let mut checked = 0;
    for game in near_the_end {
        let mut search = Mcts::new(5);
        let result = search.search(game, Limits::nodes(20_000));
        let child = game.after(result.best_move.unwrap()).unwrap();
        assert_eq!(value_of(&child), -1, "{game:?}: {result:?}");
        checked += 1;
    }
    assert!(checked > 0);
}
