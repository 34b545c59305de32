//! `Match`: turns, draw offers and their answers, resignation, errors that
//! leave the match unchanged, undo and redo. Driven with the tiny walk game
//! of `match_support` so that every rule of the match layer is tested apart
//! from any real game's rules.

use crate::match_support;

use crate::match_support::{ReachedGoal, Side, Step, Walk};
use rulebook::{Action, EndReason, Match, MatchError, MatchResult, Outcome, PlayError, UndoError};

type WalkError = MatchError<Side, Step>;

/// Runs `action` for `player`, expects it refused, checks the match is
/// unchanged (`==`), and returns the error.
fn refused(game: &mut Match<Walk>, player: Side, action: Action<Step>) -> WalkError {
    let before = game.clone();
    let error = game
        .act(player, action)
        .expect_err("the action should be refused");
    assert_eq!(*game, before, "a refused {action:?} changed the match");
    error
}

fn played(moves: &[Step]) -> Match<Walk> {
    let mut game = Match::new(Walk::default());
    for &mv in moves {
        game.play(mv).expect("legal move");
    }
    game
}

#[test]
fn a_new_match_starts_at_the_start_with_no_history() {
    let game = Match::new(Walk::default());
    assert_eq!(*game.start(), Walk::default());
    assert_eq!(*game.position(), Walk::default());
    assert_eq!(game.history(), &[] as &[Step]);
    assert_eq!(game.to_move(), Side::A);
    assert_eq!(game.result(), None);
    assert!(!game.is_over());
    assert_eq!(game.pending_draw_offer(), None);
    assert_eq!(game, Match::default());
}

#[test]
fn moves_alternate_and_are_recorded() {
    let mut game = Match::new(Walk::default());
    game.play(Step::R).unwrap();
    assert_eq!(game.to_move(), Side::B);
    game.act(Side::B, Action::Play(Step::J)).unwrap();
    assert_eq!(game.to_move(), Side::A);
    assert_eq!(game.history(), &[Step::R, Step::J]);
    assert_eq!(
        *game.position(),
        Walk {
            square: 3,
            jumps: 1,
            to_move: Side::A
        }
    );
    assert_eq!(*game.start(), Walk::default());
}

#[test]
fn a_move_out_of_turn_is_refused() {
    let mut game = played(&[Step::R]);
    let error = refused(&mut game, Side::A, Action::Play(Step::R));
    assert_eq!(
        error,
        MatchError::NotYourTurn {
            player: Side::A,
            to_move: Side::B
        }
    );
    assert_eq!(error.to_string(), "it is not A's turn: B is to move");
}

#[test]
fn a_draw_offer_out_of_turn_is_refused() {
    let mut game = Match::new(Walk::default());
    let error = refused(&mut game, Side::B, Action::OfferDraw);
    assert_eq!(
        error,
        MatchError::NotYourTurn {
            player: Side::B,
            to_move: Side::A
        }
    );
}

#[test]
fn an_illegal_move_is_refused_with_the_games_error() {
    let mut game = Match::new(Walk::default());
    let error = refused(&mut game, Side::A, Action::Play(Step::L));
    assert_eq!(error, MatchError::Play(PlayError::IllegalMove(Step::L)));
    assert_eq!(error.to_string(), "L is not a legal move in this position");
    let before = game.clone();
    assert_eq!(
        game.play(Step::L),
        Err(MatchError::Play(PlayError::IllegalMove(Step::L)))
    );
    assert_eq!(game, before);
}

#[test]
fn a_win_by_the_rules_ends_the_match() {
    // A: J (2), B: J (4), A: J (6) reaches the goal.
    let game = played(&[Step::J, Step::J, Step::J]);
    let result = game.result().expect("the match is over");
    assert_eq!(
        result,
        MatchResult {
            outcome: Outcome::Win(Side::A),
            reason: EndReason::Rules(ReachedGoal)
        }
    );
    assert_eq!(result.winner(), Some(Side::A));
    assert_eq!(result.to_string(), "A wins: the token reached the goal");
    assert!(game.is_over());
}

#[test]
fn nothing_can_happen_after_the_game_is_over() {
    let mut game = played(&[Step::J, Step::J, Step::J]);
    for player in [Side::A, Side::B] {
        for action in [
            Action::Play(Step::L),
            Action::OfferDraw,
            Action::AcceptDraw,
            Action::DeclineDraw,
            Action::Resign,
        ] {
            assert_eq!(refused(&mut game, player, action), MatchError::GameOver);
        }
    }
    assert_eq!(
        MatchError::<Side, Step>::GameOver.to_string(),
        "the game is already over"
    );
}

#[test]
fn a_start_that_is_already_finished_gives_a_finished_match() {
    let finished = Walk {
        square: match_support::GOAL,
        jumps: 0,
        to_move: Side::B,
    };
    let game = Match::new(finished);
    assert_eq!(
        game.result(),
        Some(MatchResult {
            outcome: Outcome::Win(Side::A),
            reason: EndReason::Rules(ReachedGoal)
        })
    );
}

#[test]
fn an_accepted_draw_offer_ends_the_match_as_a_draw_by_agreement() {
    let mut game = played(&[Step::R]);
    game.act(Side::B, Action::OfferDraw).unwrap();
    assert_eq!(game.pending_draw_offer(), Some(Side::B));
    assert!(!game.is_over());
    game.act(Side::A, Action::AcceptDraw).unwrap();
    assert_eq!(game.pending_draw_offer(), None);
    let result = game.result().expect("the match is over");
    assert_eq!(
        result,
        MatchResult {
            outcome: Outcome::Draw,
            reason: EndReason::Agreement
        }
    );
    assert_eq!(result.to_string(), "Draw by agreement");
    assert_eq!(game.history(), &[Step::R]);
}

#[test]
fn a_declined_draw_offer_lets_the_offering_player_move_on() {
    let mut game = played(&[Step::R]);
    game.offer_draw().unwrap();
    game.decline_draw().unwrap();
    assert_eq!(game.pending_draw_offer(), None);
    assert_eq!(game.result(), None);
    assert_eq!(game.to_move(), Side::B);
    game.act(Side::B, Action::Play(Step::R)).unwrap();
    assert_eq!(game.history(), &[Step::R, Step::R]);
}

#[test]
fn the_convenience_methods_act_for_the_right_players() {
    let mut game = Match::new(Walk::default());
    game.offer_draw().unwrap();
    assert_eq!(game.pending_draw_offer(), Some(Side::A));
    game.accept_draw().unwrap();
    assert_eq!(game.result().map(|r| r.reason), Some(EndReason::Agreement));
}

#[test]
fn a_pending_offer_must_be_answered_before_anything_else() {
    let mut game = played(&[Step::R]);
    game.offer_draw().unwrap();
    let pending = MatchError::DrawOfferPending {
        offered_by: Side::B,
        answering: Side::A,
    };
    assert_eq!(
        pending.to_string(),
        "B has offered a draw: A must accept or decline it first"
    );
    // The offering player can neither move, offer again, nor resign.
    assert_eq!(refused(&mut game, Side::B, Action::Play(Step::R)), pending);
    assert_eq!(refused(&mut game, Side::B, Action::OfferDraw), pending);
    assert_eq!(refused(&mut game, Side::B, Action::Resign), pending);
    // Neither can the answering player, except by answering.
    assert_eq!(refused(&mut game, Side::A, Action::Play(Step::R)), pending);
    assert_eq!(refused(&mut game, Side::A, Action::OfferDraw), pending);
    assert_eq!(refused(&mut game, Side::A, Action::Resign), pending);
    let before = game.clone();
    assert_eq!(game.play(Step::R), Err(pending));
    assert_eq!(game.resign(Side::A), Err(pending));
    assert_eq!(game.offer_draw(), Err(pending));
    assert_eq!(game, before);
}

#[test]
fn a_player_cannot_answer_their_own_offer() {
    let mut game = Match::new(Walk::default());
    game.offer_draw().unwrap();
    for answer in [Action::AcceptDraw, Action::DeclineDraw] {
        let error = refused(&mut game, Side::A, answer);
        assert_eq!(error, MatchError::OwnDrawOffer { player: Side::A });
        assert_eq!(error.to_string(), "A cannot answer their own draw offer");
    }
}

#[test]
fn answering_without_an_offer_is_refused() {
    let mut game = Match::new(Walk::default());
    for player in [Side::A, Side::B] {
        for answer in [Action::AcceptDraw, Action::DeclineDraw] {
            assert_eq!(refused(&mut game, player, answer), MatchError::NoDrawOffer);
        }
    }
    let before = game.clone();
    assert_eq!(game.accept_draw(), Err(MatchError::NoDrawOffer));
    assert_eq!(game.decline_draw(), Err(MatchError::NoDrawOffer));
    assert_eq!(game, before);
    assert_eq!(
        MatchError::<Side, Step>::NoDrawOffer.to_string(),
        "there is no draw offer to answer"
    );
}

#[test]
fn answering_after_the_game_ended_says_the_game_is_over() {
    let mut game = Match::new(Walk::default());
    game.resign(Side::B).unwrap();
    let before = game.clone();
    assert_eq!(game.accept_draw(), Err(MatchError::GameOver));
    assert_eq!(game.decline_draw(), Err(MatchError::GameOver));
    assert_eq!(game.offer_draw(), Err(MatchError::GameOver));
    assert_eq!(game.resign(Side::A), Err(MatchError::GameOver));
    assert_eq!(game, before);
}

#[test]
fn the_player_to_move_can_resign_and_the_opponent_wins() {
    let mut game = played(&[Step::R]);
    game.resign(Side::B).unwrap();
    let result = game.result().expect("the match is over");
    assert_eq!(
        result,
        MatchResult {
            outcome: Outcome::Win(Side::A),
            reason: EndReason::Resignation
        }
    );
    assert_eq!(result.to_string(), "A wins by resignation");
}

#[test]
fn the_waiting_player_can_resign_too() {
    let mut game = played(&[Step::R]);
    game.act(Side::A, Action::Resign).unwrap();
    assert_eq!(
        game.result(),
        Some(MatchResult {
            outcome: Outcome::Win(Side::B),
            reason: EndReason::Resignation
        })
    );
}

#[test]
fn a_declined_offer_can_be_followed_by_a_resignation() {
    let mut game = Match::new(Walk::default());
    game.offer_draw().unwrap();
    game.decline_draw().unwrap();
    game.resign(Side::A).unwrap();
    assert_eq!(
        game.result().map(|r| r.outcome),
        Some(Outcome::Win(Side::B))
    );
}

#[test]
fn undo_takes_back_the_last_move_and_redo_plays_it_again() {
    let mut game = played(&[Step::R, Step::J, Step::L]);
    let full = game.clone();
    assert!(game.can_undo());
    assert_eq!(game.undo(), Ok(Step::L));
    assert_eq!(game.history(), &[Step::R, Step::J]);
    assert_eq!(game.to_move(), Side::A);
    assert_eq!(
        *game.position(),
        played(&[Step::R, Step::J]).position().clone()
    );
    assert_eq!(game.undone_moves(), &[Step::L]);
    assert_eq!(game.undo(), Ok(Step::J));
    assert_eq!(game.undo(), Ok(Step::R));
    assert_eq!(game.undo(), Err(UndoError::NothingToUndo));
    assert_eq!(
        game.undo().unwrap_err().to_string(),
        "there is no move to take back"
    );
    assert!(!game.can_undo());
    assert_eq!(*game.position(), Walk::default());
    assert_eq!(game.undone_moves(), &[Step::L, Step::J, Step::R]);
    assert_eq!(game.redo(), Ok(Step::R));
    assert_eq!(game.redo(), Ok(Step::J));
    assert_eq!(game.redo(), Ok(Step::L));
    assert_eq!(game.redo(), Err(UndoError::NothingToRedo));
    assert!(!game.can_redo());
    assert_eq!(game, full);
}

#[test]
fn undo_then_redo_gives_the_same_match() {
    let mut game = played(&[Step::R, Step::J]);
    let before = game.clone();
    let mv = game.undo().unwrap();
    assert_eq!(game.redo(), Ok(mv));
    assert_eq!(game, before);
}

#[test]
fn playing_a_new_move_clears_the_redo_list() {
    let mut game = played(&[Step::R, Step::J]);
    game.undo().unwrap();
    game.play(Step::R).unwrap();
    assert_eq!(game.undone_moves(), &[] as &[Step]);
    assert_eq!(game.redo(), Err(UndoError::NothingToRedo));
    assert_eq!(game.history(), &[Step::R, Step::R]);
}

#[test]
fn a_refused_move_keeps_the_redo_list() {
    let mut game = played(&[Step::R, Step::J]);
    game.undo().unwrap();
    let _ = refused(&mut game, Side::A, Action::Play(Step::R));
    assert_eq!(game.undone_moves(), &[Step::J]);
}

#[test]
fn undo_reopens_a_game_won_by_the_rules() {
    let mut game = played(&[Step::J, Step::J, Step::J]);
    assert!(game.is_over());
    assert_eq!(game.undo(), Ok(Step::J));
    assert_eq!(game.result(), None);
    game.play(Step::R).unwrap();
    assert_eq!(game.history(), &[Step::J, Step::J, Step::R]);
    assert_eq!(game.result(), None);
}

#[test]
fn redo_ends_the_game_again_when_the_redone_move_ended_it() {
    let mut game = played(&[Step::J, Step::J, Step::J]);
    let won = game.clone();
    game.undo().unwrap();
    game.redo().unwrap();
    assert_eq!(game, won);
}

#[test]
fn undo_and_redo_refuse_while_a_draw_offer_waits() {
    let mut game = played(&[Step::R, Step::J]);
    game.undo().unwrap();
    game.offer_draw().unwrap();
    let before = game.clone();
    assert!(!game.can_undo());
    assert!(!game.can_redo());
    let pending = UndoError::DrawOfferPending {
        offered_by: Side::B,
        answering: Side::A,
    };
    assert_eq!(game.undo(), Err(pending));
    assert_eq!(game.redo(), Err(pending));
    assert_eq!(
        pending.to_string(),
        "B has offered a draw: A must accept or decline it first"
    );
    assert_eq!(game, before);
    game.decline_draw().unwrap();
    assert_eq!(game.redo(), Ok(Step::J));
}

#[test]
fn undo_refuses_after_a_resignation_or_an_agreed_draw() {
    let mut resigned = played(&[Step::R]);
    resigned.resign(Side::B).unwrap();
    let before = resigned.clone();
    assert!(!resigned.can_undo());
    assert_eq!(
        resigned.undo(),
        Err(UndoError::Resigned { player: Side::B })
    );
    assert_eq!(
        resigned.undo().unwrap_err().to_string(),
        "B resigned, which is final: to take moves back, start a new match from the start and \
         the moves"
    );
    assert_eq!(resigned, before);

    let mut agreed = played(&[Step::R, Step::R]);
    agreed.undo().unwrap();
    agreed.offer_draw().unwrap();
    agreed.accept_draw().unwrap();
    let before = agreed.clone();
    assert_eq!(agreed.undo(), Err(UndoError::DrawAgreed));
    assert_eq!(agreed.redo(), Err(UndoError::DrawAgreed));
    assert_eq!(
        agreed.undone_moves(),
        &[] as &[Step],
        "ending the game clears redo"
    );
    assert_eq!(agreed, before);
}

#[test]
fn actions_display_as_phrases() {
    assert_eq!(Action::Play(Step::R).to_string(), "play R");
    assert_eq!(Action::<Step>::OfferDraw.to_string(), "offer a draw");
    assert_eq!(
        Action::<Step>::AcceptDraw.to_string(),
        "accept the draw offer"
    );
    assert_eq!(
        Action::<Step>::DeclineDraw.to_string(),
        "decline the draw offer"
    );
    assert_eq!(Action::<Step>::Resign.to_string(), "resign");
}
