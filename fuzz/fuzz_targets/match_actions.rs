//! `Match` driven by arbitrary action sequences: moves (legal or not),
//! draw offers and answers, resignations from either player, undo and
//! redo, on checkers (from the start or a kings endgame, where positions
//! repeat) and Connect Four, under any draw rules. After every step the
//! match's invariants hold, an error leaves it unchanged, undo then redo
//! gives it back, and save then load (JSON) gives back the same match.
#![no_main]

use libfuzzer_sys::fuzz_target;
use rulebook::checkers::Checkers;
use rulebook::connect4::{Column, Connect4};
use rulebook::{Action, DrawRules, EndReason, Game, Match, MatchResult};
use serde::de::DeserializeOwned;
use serde::Serialize;

/// Kings only: reversible moves, so repetitions and the move limit come.
const KINGS_ENDGAME: &str = "W:WK22,K26,K27,K31:BK1,K2,K6,K10";

/// The move limits tried (moves per side; `None` is no limit).
const MOVE_LIMITS: [Option<u32>; 6] = [None, Some(0), Some(1), Some(2), Some(40), Some(u32::MAX)];

/// What the fuzzer needs of a game beyond `Game`.
trait Subject: Game + Serialize + DeserializeOwned {
    /// Some move of the type, usually illegal here.
    fn any_move(pick: u8) -> Self::Move;
}

impl Subject for Checkers {
    fn any_move(pick: u8) -> rulebook::checkers::Move {
        let from = u32::from(pick % 32) + 1;
        let separator = if pick & 0x80 == 0 { "-" } else { "x" };
        (1..=32)
            .find_map(|to| format!("{from}{separator}{to}").parse().ok())
            .unwrap_or_default()
    }
}

impl Subject for Connect4 {
    fn any_move(pick: u8) -> Column {
        Column::ALL[usize::from(pick) % Column::ALL.len()]
    }
}

fn run<G>(start: G, rules: DrawRules, steps: &[u8])
where
    G: Subject,
    G::Move: Serialize + DeserializeOwned,
    G::Player: Serialize + DeserializeOwned,
    G::Ending: Serialize + DeserializeOwned,
{
    let mut game = Match::with_rules(start, rules);
    for step in steps.chunks(2) {
        let (op, pick) = (step[0], step.get(1).copied().unwrap_or(0));
        let before = game.clone();
        let player = if op & 1 == 0 {
            game.to_move()
        } else {
            G::opponent(game.to_move())
        };
        let moves = game.position().legal_moves();
        let mv = if pick % 8 != 0 && !moves.is_empty() {
            moves[usize::from(pick) % moves.len()]
        } else {
            G::any_move(pick)
        };
        let refused = match op >> 1 {
            0..=79 => game.act(player, Action::Play(mv)).is_err(),
            80..=89 => game.act(player, Action::OfferDraw).is_err(),
            90..=99 => game.act(player, Action::DeclineDraw).is_err(),
            100..=104 => game.act(player, Action::AcceptDraw).is_err(),
            105..=107 => game.act(player, Action::Resign).is_err(),
            108..=117 => {
                let can = before.can_undo();
                match game.undo() {
                    Ok(undone) => {
                        assert!(can);
                        assert_eq!(before.history().last(), Some(&undone));
                        let mut again = game.clone();
                        assert_eq!(again.redo(), Ok(undone));
                        assert_eq!(again, before, "undo then redo");
                        false
                    }
                    Err(_) => {
                        assert!(!can);
                        true
                    }
                }
            }
            _ => {
                let can = before.can_redo();
                match game.redo() {
                    Ok(redone) => {
                        assert!(can);
                        assert_eq!(before.undone_moves().last(), Some(&redone));
                        false
                    }
                    Err(_) => {
                        assert!(!can);
                        true
                    }
                }
            }
        };
        if refused {
            assert_eq!(game, before, "a refusal changed the match");
        }
        check_invariants(&game);
    }
}

fn check_invariants<G>(game: &Match<G>)
where
    G: Game + Serialize + DeserializeOwned,
    G::Move: Serialize + DeserializeOwned,
    G::Player: Serialize + DeserializeOwned,
    G::Ending: Serialize + DeserializeOwned,
{
    // The history replays to the position, through the listed positions.
    let mut position = game.start().clone();
    assert_eq!(game.positions().len(), game.history().len() + 1);
    for (index, &mv) in game.history().iter().enumerate() {
        assert_eq!(&game.positions()[index], &position);
        position = position.after(mv).expect("the history is legal");
    }
    assert_eq!(&position, game.position());
    assert_eq!(game.to_move(), position.to_move());
    assert_eq!(game.is_over(), game.result().is_some());
    // The rules' ending comes first; otherwise the draw rules hold.
    if let (Some(outcome), Some(ending)) = (position.outcome(), position.ending()) {
        let rules = MatchResult {
            outcome,
            reason: EndReason::Rules(ending),
        };
        let by_players = matches!(
            game.result().map(|r| r.reason),
            Some(EndReason::Resignation | EndReason::Agreement)
        );
        assert!(by_players || game.result() == Some(rules));
    }
    if let Some(offered_by) = game.pending_draw_offer() {
        assert!(!game.is_over());
        assert_eq!(offered_by, game.to_move());
    }
    // The draw-rule counters.
    let repeatable = game.repeatable_positions();
    assert_eq!(repeatable.last(), Some(game.position()));
    assert_eq!(repeatable.len() as u32, game.reversible_plies() + 1);
    let repeats = repeatable.iter().filter(|p| *p == game.position()).count() as u32;
    assert_eq!(game.repetitions(), repeats);
    let rules = game.draw_rules();
    if game.result().is_none() {
        assert!(!rules.threefold_repetition || game.repetitions() < 3);
        if let Some(limit) = rules.move_limit.filter(|&limit| limit > 0) {
            assert!(u64::from(game.reversible_plies()) < 2 * u64::from(limit));
        }
    }
    // Save then load gives back the same match.
    let json = serde_json::to_string(game).expect("a match saves");
    let back: Match<G> = serde_json::from_str(&json)
        .unwrap_or_else(|error| panic!("{error} reading back {json}"));
    assert_eq!(&back, game, "{json}");
}

fuzz_target!(|data: &[u8]| {
    let Some((&setup, steps)) = data.split_first() else {
        return;
    };
    let rules = DrawRules {
        threefold_repetition: setup & 1 != 0,
        move_limit: MOVE_LIMITS[usize::from(setup >> 1) % MOVE_LIMITS.len()],
    };
    match setup >> 5 {
        0..=2 => run(Checkers::default(), rules, steps),
        3..=5 => run(
            Checkers::from_fen(KINGS_ENDGAME).expect("a valid FEN"),
            rules,
            steps,
        ),
        _ => run(Connect4::default(), rules, steps),
    }
});
