//! [`Match`]: a game played between two players — history, undo/redo, draw
//! offers, resignation and optional automatic draw rules — for every
//! [`Game`] in the crate.
//!
//! The rules types stay pure and cheap to clone (perft and search never see
//! draw offers); everything that needs history or agreement between the
//! players lives here.
//!
//! See [`Match`] for the flow of a match and what undo and redo do.

mod action;
mod draw_rules;
mod error;
mod result;
#[cfg(feature = "serde")]
mod serde_impl;
mod undo_error;

pub use action::Action;
pub use draw_rules::DrawRules;
pub use error::MatchError;
pub use result::{EndReason, MatchResult};
pub use undo_error::UndoError;

use core::fmt;
use std::collections::HashMap;

use crate::{Game, Outcome};

/// How many times a position must occur for the threefold-repetition draw.
const REPETITIONS_FOR_DRAW: u32 = 3;

/// A match: a start position, the moves played since, and how (or whether)
/// it ended.
///
/// ```
/// use rulebook::connect4::{Column, Connect4, Player};
/// use rulebook::{Action, EndReason, Match, MatchError, Outcome};
///
/// let mut game = Match::new(Connect4::default());
/// let middle = Column::new(3).unwrap();
/// game.play(middle)?;
/// // O offers a draw; X must answer before anything else happens.
/// game.act(Player::O, Action::OfferDraw)?;
/// assert_eq!(
///     game.act(Player::O, Action::Play(middle)),
///     Err(MatchError::DrawOfferPending { offered_by: Player::O, answering: Player::X })
/// );
/// game.act(Player::X, Action::DeclineDraw)?;
/// game.act(Player::O, Action::Resign)?;
/// let result = game.result().unwrap();
/// assert_eq!(result.outcome, Outcome::Win(Player::X));
/// assert_eq!(result.reason, EndReason::Resignation);
/// assert_eq!(result.to_string(), "X wins by resignation");
/// # Ok::<(), MatchError<Player, Column>>(())
/// ```
///
/// # The flow of a match
///
/// - The player to move plays a move ([`Match::play`]) or offers a draw
///   ([`Match::offer_draw`]).
/// - A draw offer must be answered by the opponent before anything else
///   happens ([`Match::accept_draw`] ends the game as a draw by agreement;
///   [`Match::decline_draw`] lets the game go on, and the player who offered
///   is still to move). This is how Microsoft's Checkers plays it.
/// - Either player may resign at any time (except while a draw offer waits
///   for its answer); the game ends at once and the opponent wins. Nobody
///   answers a resignation.
/// - After every move the game's rules, then the optional [`DrawRules`]
///   (threefold repetition, then the move limit), may end the match. They
///   are off in [`Match::new`]; [`Match::with_rules`]`(start,
///   `[`DrawRules::TOURNAMENT`]`)` plays under tournament rules.
///
/// A server drives all of this through one entry point, [`Match::act`],
/// which checks that the player may do this now and otherwise returns a
/// [`MatchError`], leaving the match unchanged.
///
/// # Undo and redo
///
/// [`Match::undo`] takes back the last move and [`Match::redo`] plays it
/// again: undo then redo gives back the same match (`==`). Playing a new move
/// clears the moves that could be redone.
///
/// Undo and redo only move through the *moves*; they never touch the
/// players' decisions. So they refuse (return an [`UndoError`] saying why,
/// change nothing):
/// - when there is no move to take back or to play again,
/// - while a draw offer waits for an answer (answer it first), and
/// - after the players ended the game (a resignation or an agreed draw is
///   final; start a new match from [`Match::start`] and
///   [`Match::history`] to take it back).
///
/// A game ended by a move (by the rules, repetition or the move limit) is
/// reopened by undoing that move.
///
/// # Draw rules and search
///
/// The draw rules are kept up to date move by move: playing a move costs
/// the same whatever the move limit and however long the game. A search
/// started from a match can see what they will say:
/// [`repeatable_positions`](Match::repeatable_positions) (the positions
/// since the last irreversible move, the only ones that can occur again)
/// and [`reversible_plies`](Match::reversible_plies) (the move-limit
/// counter), beside [`draw_rules`](Match::draw_rules).
///
/// # Saving and loading (serde)
///
/// With the `serde` feature a match is saved as its record, a map of six
/// fields, **all required** (a missing field is an error, so a tournament
/// match cannot lose its move limit on the way):
///
/// | field | what | JSON |
/// |---|---|---|
/// | `start` | the start position, as the game's validated text | checkers: FEN, `"B:W21-32:B1-12"` written out; Connect Four: the board text, rows top first |
/// | `draw_rules` | the automatic [`DrawRules`] | `{"threefold_repetition": true, "move_limit": 40}` (`null`: no limit) |
/// | `moves` | the moves played, in order | checkers: PDN text `"11-15"`, `"22x15x8"`; Connect Four: column numbers 0-6 |
/// | `undone` | the moves [`redo`](Match::redo) would play, the next one **last** ([`undone_moves`](Match::undone_moves)) | as `moves` |
/// | `draw_offer` | who offered a draw that waits for an answer | `null`, or the player: `"Red"`, `"White"`, `"X"`, `"O"` |
/// | `result` | how the match ended | `null`, or `{"outcome": {"Win": "Red"}, "reason": "Resignation"}`; outcomes `{"Win": player}` or `"Draw"`; reasons `"Resignation"`, `"Agreement"`, `"Repetition"`, `"MoveLimit"` or `{"Rules": ending}` |
///
/// Loading replays the record: every move and undone move must be legal in
/// turn, and the result and the draw offer must be what the moves and the
/// rules allow; otherwise the error says which move, whose, and why (for
/// checkers, e.g. that a capture is compulsory, with the legal moves).
/// Saving then loading gives back an equal match (`==`), undone moves
/// included.
///
/// ```
/// # #[cfg(feature = "serde")] {
/// use rulebook::checkers::{Checkers, Player};
/// use rulebook::{DrawRules, Match};
///
/// let json = r#"{
///     "start": "B:W21,22,23,24,25,26,27,28,29,30,31,32:B1,2,3,4,5,6,7,8,9,10,11,12",
///     "draw_rules": {"threefold_repetition": true, "move_limit": 40},
///     "moves": ["11-15", "23-18", "8-11", "27-23", "4-8", "23-19", "10-14"],
///     "undone": ["19x10"],
///     "draw_offer": null,
///     "result": null
/// }"#;
/// let mut game: Match<Checkers> = serde_json::from_str(json).unwrap();
/// assert_eq!(game.draw_rules(), DrawRules::TOURNAMENT);
/// assert_eq!(game.to_move(), Player::White);
/// assert_eq!(game.history().len(), 7);
/// assert_eq!(game.redo().map(|mv| mv.to_string()), Ok("19x10".to_owned()));
/// game.undo().unwrap();
/// let saved = serde_json::to_string(&game).unwrap();
/// assert_eq!(serde_json::from_str::<Match<Checkers>>(&saved).unwrap(), game);
///
/// // A move that breaks the rules is refused with the reason.
/// let bad = json.replace(r#""10-14"]"#, r#""10-14", "24-20"]"#).replace(r#"["19x10"]"#, "[]");
/// let error = serde_json::from_str::<Match<Checkers>>(&bad).unwrap_err();
/// assert!(error.to_string().starts_with(
///     "move 8 of the record, White's 24-20, cannot be played: 24-20 is not a legal move \
///      in this position: a capture is compulsory; legal moves: 19x10"
/// ));
/// # }
/// ```
#[derive(Clone)]
pub struct Match<G: Game> {
    // Invariants:
    // - `positions[0]` is the start; `positions[i + 1]` is the position
    //   after `moves[i]`, reached by legal moves; so `position()` is the
    //   last of them.
    // - `reversible[i]` is how many plies in a row, ending with the one
    //   that reached `positions[i]`, were reversible (0 for the start and
    //   after an irreversible move).
    // - `occurrences` counts each of the last `reversible[last] + 1`
    //   positions (the ones that can recur).
    // - A draw offer is only pending while the match is not over, and it was
    //   made by the player to move.
    // - `result` is what the rules and draw rules say about the current
    //   position and history, unless the players ended the match
    //   (resignation or agreement).
    moves: Vec<G::Move>,
    positions: Vec<G>,
    reversible: Vec<u32>,
    occurrences: HashMap<G, u32>,
    /// Moves taken back by `undo`, the next one to redo last.
    undone: Vec<G::Move>,
    rules: DrawRules,
    draw_offer: Option<G::Player>,
    result: Option<MatchResult<G::Player, G::Ending>>,
}

impl<G: Game> PartialEq for Match<G> {
    /// Two matches are equal when they started from the same position,
    /// under the same draw rules, with the same moves (played and undone),
    /// the same pending draw offer and the same result. (Everything else is
    /// derived from these.)
    fn eq(&self, other: &Self) -> bool {
        self.start() == other.start()
            && self.moves == other.moves
            && self.undone == other.undone
            && self.rules == other.rules
            && self.draw_offer == other.draw_offer
            && self.result == other.result
    }
}

impl<G: Game> Eq for Match<G> {}

impl<G: Game> fmt::Debug for Match<G> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("Match")
            .field("start", self.start())
            .field("moves", &self.moves)
            .field("undone", &self.undone)
            .field("rules", &self.rules)
            .field("draw_offer", &self.draw_offer)
            .field("result", &self.result)
            .finish()
    }
}

impl<G: Game + Default> Default for Match<G> {
    /// A match from the game's default (standard) start, with no automatic
    /// draw rules.
    fn default() -> Self {
        Match::new(G::default())
    }
}

impl<G: Game> Match<G> {
    /// A match from `start` with no automatic draw rules (the original
    /// rules). If `start` is already finished by the rules, so is the match.
    pub fn new(start: G) -> Self {
        Self::with_rules(start, DrawRules::default())
    }

    /// A match from `start` with the given automatic draw rules: for
    /// tournament play, [`DrawRules::TOURNAMENT`] (threefold repetition and
    /// the 40-move limit).
    pub fn with_rules(start: G, rules: DrawRules) -> Self {
        let mut occurrences = HashMap::new();
        occurrences.insert(start.clone(), 1);
        let mut new_match = Match {
            moves: Vec::new(),
            positions: vec![start],
            reversible: vec![0],
            occurrences,
            undone: Vec::new(),
            rules,
            draw_offer: None,
            result: None,
        };
        new_match.result = new_match.result_after_last_move();
        new_match
    }

    /// The position the match started from.
    pub fn start(&self) -> &G {
        // `positions` always holds the start.
        &self.positions[0]
    }

    /// The current position.
    pub fn position(&self) -> &G {
        let last = self.positions.len() - 1;
        &self.positions[last]
    }

    /// Every position of the match in order: the start first, then the
    /// position after each move of [`history`](Match::history); the current
    /// position last.
    pub fn positions(&self) -> &[G] {
        &self.positions
    }

    /// The positions since the last irreversible move
    /// ([`Game::is_irreversible`]), oldest first, ending with the current
    /// position: the only positions that can occur again, so the only ones
    /// threefold repetition compares. A search started from this match can
    /// treat a repeat of one of them as the draw (or the risk of one) that
    /// the draw rules will see.
    pub fn repeatable_positions(&self) -> &[G] {
        let last = self.positions.len() - 1;
        let first = last - self.reversible[last] as usize;
        &self.positions[first..]
    }

    /// How many plies in a row, ending with the last, were reversible: the
    /// counter that [`DrawRules::move_limit`] compares with twice its limit.
    pub fn reversible_plies(&self) -> u32 {
        self.reversible[self.reversible.len() - 1]
    }

    /// How many times the current position has occurred since the last
    /// irreversible move, counting this time (1 when it is new): threefold
    /// repetition draws at 3.
    pub fn repetitions(&self) -> u32 {
        self.occurrences.get(self.position()).copied().unwrap_or(1)
    }

    /// The moves played from [`start`](Match::start), in order.
    pub fn history(&self) -> &[G::Move] {
        &self.moves
    }

    /// The moves [`redo`](Match::redo) would play again, the next one
    /// **last**.
    pub fn undone_moves(&self) -> &[G::Move] {
        &self.undone
    }

    /// The player whose turn it is (in a finished match: who would be to
    /// move).
    pub fn to_move(&self) -> G::Player {
        self.position().to_move()
    }

    /// The automatic draw rules of this match.
    pub fn draw_rules(&self) -> DrawRules {
        self.rules
    }

    /// How the match ended, or `None` while it goes on.
    pub fn result(&self) -> Option<MatchResult<G::Player, G::Ending>> {
        self.result
    }

    /// Whether the match has ended.
    pub fn is_over(&self) -> bool {
        self.result.is_some()
    }

    /// The player who offered a draw that still waits for an answer.
    pub fn pending_draw_offer(&self) -> Option<G::Player> {
        self.draw_offer
    }

    /// Does what `player` asks, after checking that `player` may do it now:
    /// the entry point for a server.
    ///
    /// - [`Action::Play`] and [`Action::OfferDraw`]: only the player to move.
    /// - [`Action::AcceptDraw`] and [`Action::DeclineDraw`]: only the
    ///   opponent of the player who offered, while the offer is pending.
    /// - [`Action::Resign`]: either player.
    ///
    /// While a draw offer is pending, only its answer is allowed.
    ///
    /// # Errors
    ///
    /// In this order of checks, and with the match unchanged:
    /// [`MatchError::GameOver`] when the match has ended;
    /// [`MatchError::OwnDrawOffer`] when the offering player tries to answer
    /// their own offer; [`MatchError::DrawOfferPending`] for anything but an
    /// answer while an offer is pending; [`MatchError::NoDrawOffer`] for an
    /// answer when no offer was made; [`MatchError::NotYourTurn`] when
    /// `player` tries to move or offer a draw out of turn; and
    /// [`MatchError::Play`] when the game refuses the move.
    pub fn act(
        &mut self,
        player: G::Player,
        action: Action<G::Move>,
    ) -> Result<(), MatchError<G::Player, G::Move>> {
        if self.result.is_some() {
            return Err(MatchError::GameOver);
        }
        if let Some(offered_by) = self.draw_offer {
            debug_assert!(offered_by == self.to_move(), "offers come from the mover");
            let answering = G::opponent(offered_by);
            return match action {
                Action::AcceptDraw | Action::DeclineDraw if player != answering => {
                    Err(MatchError::OwnDrawOffer { player })
                }
                Action::AcceptDraw => {
                    self.draw_offer = None;
                    self.end_by_players(Outcome::Draw, EndReason::Agreement);
                    Ok(())
                }
                Action::DeclineDraw => {
                    self.draw_offer = None;
                    Ok(())
                }
                Action::Play(_) | Action::OfferDraw | Action::Resign => {
                    Err(MatchError::DrawOfferPending {
                        offered_by,
                        answering,
                    })
                }
            };
        }
        let to_move = self.to_move();
        match action {
            Action::AcceptDraw | Action::DeclineDraw => Err(MatchError::NoDrawOffer),
            Action::Resign => {
                self.end_by_players(Outcome::Win(G::opponent(player)), EndReason::Resignation);
                Ok(())
            }
            Action::Play(_) | Action::OfferDraw if player != to_move => {
                Err(MatchError::NotYourTurn { player, to_move })
            }
            Action::Play(mv) => {
                let next = self.position().after(mv)?;
                self.undone.clear();
                self.push(mv, next);
                Ok(())
            }
            Action::OfferDraw => {
                self.draw_offer = Some(player);
                Ok(())
            }
        }
    }

    /// Plays `mv` for the player to move: `act(to_move(), Action::Play(mv))`.
    /// Clears the moves that [`redo`](Match::redo) could play.
    ///
    /// # Errors
    ///
    /// As [`act`](Match::act): the match is over, a draw offer waits for an
    /// answer, or the move is not legal. The match is unchanged on error.
    pub fn play(&mut self, mv: G::Move) -> Result<(), MatchError<G::Player, G::Move>> {
        self.act(self.to_move(), Action::Play(mv))
    }

    /// The player to move offers a draw: `act(to_move(), Action::OfferDraw)`.
    ///
    /// # Errors
    ///
    /// As [`act`](Match::act): the match is over, or an offer is already
    /// pending. The match is unchanged on error.
    pub fn offer_draw(&mut self) -> Result<(), MatchError<G::Player, G::Move>> {
        self.act(self.to_move(), Action::OfferDraw)
    }

    /// The opponent of the offering player accepts the pending draw offer;
    /// the match ends as a draw by agreement.
    ///
    /// # Errors
    ///
    /// [`MatchError::GameOver`] or [`MatchError::NoDrawOffer`]. The match is
    /// unchanged on error.
    pub fn accept_draw(&mut self) -> Result<(), MatchError<G::Player, G::Move>> {
        self.answer_draw(Action::AcceptDraw)
    }

    /// The opponent of the offering player declines the pending draw offer;
    /// the game goes on with the offering player still to move.
    ///
    /// # Errors
    ///
    /// [`MatchError::GameOver`] or [`MatchError::NoDrawOffer`]. The match is
    /// unchanged on error.
    pub fn decline_draw(&mut self) -> Result<(), MatchError<G::Player, G::Move>> {
        self.answer_draw(Action::DeclineDraw)
    }

    /// `player` resigns: the match ends at once and the opponent wins.
    ///
    /// # Errors
    ///
    /// As [`act`](Match::act): the match is over, or a draw offer waits for
    /// an answer. The match is unchanged on error.
    pub fn resign(&mut self, player: G::Player) -> Result<(), MatchError<G::Player, G::Move>> {
        self.act(player, Action::Resign)
    }

    /// Whether [`undo`](Match::undo) would take a move back.
    pub fn can_undo(&self) -> bool {
        self.check_undo().is_ok()
    }

    /// Whether [`redo`](Match::redo) would play a move again.
    pub fn can_redo(&self) -> bool {
        self.check_redo().is_ok()
    }

    /// Takes back the last move and returns it; [`redo`](Match::redo) plays
    /// it again. A match that the move had ended (by the rules or a draw
    /// rule) goes on again.
    ///
    /// # Errors
    ///
    /// Changes nothing and says why ([`UndoError`]) when there is no move
    /// to take back, while a draw offer waits for an answer, or after the
    /// players ended the match (resignation, agreed draw): see
    /// [Undo and redo](Match#undo-and-redo).
    pub fn undo(&mut self) -> Result<G::Move, UndoError<G::Player>> {
        self.check_undo()?;
        let mv = self.moves.pop().ok_or(UndoError::NothingToUndo)?;
        self.pop_position();
        self.undone.push(mv);
        // A move is only ever played while the match goes on, so the match
        // went on before it.
        self.result = None;
        debug_assert_eq!(self.result_after_last_move(), None);
        Ok(mv)
    }

    /// Plays again the last move taken back by [`undo`](Match::undo) and
    /// returns it.
    ///
    /// # Errors
    ///
    /// Changes nothing and says why ([`UndoError`]) when there is nothing
    /// to redo, while a draw offer waits for an answer, or when the match
    /// is over.
    pub fn redo(&mut self) -> Result<G::Move, UndoError<G::Player>> {
        self.check_redo()?;
        let mv = *self.undone.last().ok_or(UndoError::NothingToRedo)?;
        // The move was legal here when it was undone, and the position is
        // the same again; checking anyway costs little and keeps this total.
        let next = self
            .position()
            .after(mv)
            .map_err(|_| UndoError::NothingToRedo)?;
        self.undone.pop();
        self.push(mv, next);
        Ok(mv)
    }

    /// Why [`undo`](Match::undo) would refuse, if it would.
    fn check_undo(&self) -> Result<(), UndoError<G::Player>> {
        self.check_players_allow_undo_or_redo()?;
        if self.moves.is_empty() {
            return Err(UndoError::NothingToUndo);
        }
        Ok(())
    }

    /// Why [`redo`](Match::redo) would refuse, if it would.
    fn check_redo(&self) -> Result<(), UndoError<G::Player>> {
        self.check_players_allow_undo_or_redo()?;
        if self.result.is_some() {
            return Err(UndoError::GameOver);
        }
        if self.undone.is_empty() {
            return Err(UndoError::NothingToRedo);
        }
        Ok(())
    }

    /// Undo and redo wait for the answer to a draw offer, and never reopen
    /// a match the players ended.
    fn check_players_allow_undo_or_redo(&self) -> Result<(), UndoError<G::Player>> {
        if let Some(offered_by) = self.draw_offer {
            return Err(UndoError::DrawOfferPending {
                offered_by,
                answering: G::opponent(offered_by),
            });
        }
        match self.result {
            Some(MatchResult {
                outcome: Outcome::Win(winner),
                reason: EndReason::Resignation,
            }) => Err(UndoError::Resigned {
                player: G::opponent(winner),
            }),
            Some(MatchResult {
                reason: EndReason::Agreement,
                ..
            }) => Err(UndoError::DrawAgreed),
            _ => Ok(()),
        }
    }

    /// Answers the pending draw offer as the player who must answer it.
    fn answer_draw(
        &mut self,
        answer: Action<G::Move>,
    ) -> Result<(), MatchError<G::Player, G::Move>> {
        if self.result.is_some() {
            return Err(MatchError::GameOver);
        }
        let offered_by = self.draw_offer.ok_or(MatchError::NoDrawOffer)?;
        self.act(G::opponent(offered_by), answer)
    }

    /// Ends the match by the players' decision.
    fn end_by_players(&mut self, outcome: Outcome<G::Player>, reason: EndReason<G::Ending>) {
        debug_assert!(self.result.is_none());
        self.undone.clear();
        self.result = Some(MatchResult { outcome, reason });
    }

    /// Records `mv`, already played to reach `next`, and updates the draw
    /// counters and the result: constant work, whatever the history.
    fn push(&mut self, mv: G::Move, next: G) {
        debug_assert!(self.result.is_none() && self.draw_offer.is_none());
        let reversible = if self.position().is_irreversible(mv) {
            // Nothing before an irreversible move can recur.
            self.occurrences.clear();
            0
        } else {
            self.reversible[self.reversible.len() - 1].saturating_add(1)
        };
        *self.occurrences.entry(next.clone()).or_insert(0) += 1;
        self.moves.push(mv);
        self.positions.push(next);
        self.reversible.push(reversible);
        self.result = self.result_after_last_move();
    }

    /// Forgets the last position (its move is already popped) and its draw
    /// counters. Undoing an irreversible move recounts the positions before
    /// it that can recur again (the only step whose work grows with the
    /// history).
    fn pop_position(&mut self) {
        debug_assert!(self.positions.len() > 1, "the start stays");
        let (Some(last), Some(reversible)) = (self.positions.pop(), self.reversible.pop()) else {
            return;
        };
        if reversible == 0 {
            self.occurrences.clear();
            for position in self.repeatable_positions().to_vec() {
                *self.occurrences.entry(position).or_insert(0) += 1;
            }
        } else if let Some(count) = self.occurrences.get_mut(&last) {
            *count -= 1;
            if *count == 0 {
                self.occurrences.remove(&last);
            }
        }
    }

    /// What the rules, then the draw rules, say about the current position
    /// and history.
    fn result_after_last_move(&self) -> Option<MatchResult<G::Player, G::Ending>> {
        let position = self.position();
        if let (Some(outcome), Some(ending)) = (position.outcome(), position.ending()) {
            return Some(MatchResult {
                outcome,
                reason: EndReason::Rules(ending),
            });
        }
        let draw = |reason| {
            Some(MatchResult {
                outcome: Outcome::Draw,
                reason,
            })
        };
        if self.rules.threefold_repetition && self.repetitions() >= REPETITIONS_FOR_DRAW {
            return draw(EndReason::Repetition);
        }
        if let Some(limit) = self.rules.ply_limit() {
            if u64::from(self.reversible_plies()) >= limit {
                return draw(EndReason::MoveLimit);
            }
        }
        None
    }
}
