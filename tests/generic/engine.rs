//! The computer players: they beat random play (the short, deterministic
//! version of the strength runs in the release notes), levels are checked,
//! and draw offers are answered and made as `Engine`'s docs say.

use rulebook::checkers::{self, Checkers};
use rulebook::connect4::{self, Connect4};
use rulebook::search::{Engine, LevelError, Limits, Mcts, OFFER_INTERVAL_PLIES};
use rulebook::{DrawRules, Game, Match, Outcome, SplitMix64};

/// A seeded random player.
struct RandomPlayer(SplitMix64);

impl RandomPlayer {
    fn choose<G: Game>(&mut self, game: &G) -> G::Move {
        let moves = game.legal_moves();
        moves[self.0.below(moves.len())]
    }
}

/// Plays `games` games of `engine` against random players (the engine
/// first in even games) under `rules`; returns the engine's wins.
fn wins_against_random<G: Game>(engine: &mut Engine<G>, games: u64, rules: DrawRules) -> u64 {
    let mut wins = 0;
    for index in 0..games {
        engine.new_game();
        let mut random = RandomPlayer(SplitMix64::new(index));
        let mut game = Match::with_rules(G::default(), rules);
        let engine_side = if index % 2 == 0 {
            game.to_move()
        } else {
            G::opponent(game.to_move())
        };
        // A generous cap: a game this long is not a win.
        while !game.is_over() && game.history().len() < 400 {
            let mv = if game.to_move() == engine_side {
                engine.think(&game).best_move.unwrap()
            } else {
                random.choose(game.position())
            };
            game.play(mv).unwrap();
        }
        if game.result().map(|result| result.outcome) == Some(Outcome::Win(engine_side)) {
            wins += 1;
        }
    }
    wins
}

#[test]
fn checkers_level_3_wins_every_game_against_random_play() {
    let mut engine = checkers::engine(3).unwrap();
    assert_eq!(
        wins_against_random(&mut engine, 10, DrawRules::TOURNAMENT),
        10
    );
}

#[test]
fn connect4_level_3_wins_every_game_against_random_play() {
    let mut engine = connect4::engine(3).unwrap();
    assert_eq!(wins_against_random(&mut engine, 10, DrawRules::NONE), 10);
}

#[test]
fn monte_carlo_wins_every_connect4_game_against_random_play() {
    let mut engine: Engine<Connect4> = Engine::new(Mcts::new(11), Limits::nodes(1000));
    assert_eq!(wins_against_random(&mut engine, 10, DrawRules::NONE), 10);
}

#[test]
fn levels_outside_the_range_are_refused_with_a_message() {
    let error = checkers::engine(0).unwrap_err();
    assert_eq!(
        error,
        LevelError {
            requested: 0,
            max: checkers::MAX_LEVEL
        }
    );
    assert_eq!(
        error.to_string(),
        format!(
            "there is no level 0: levels go from 1 (weakest) to {}",
            checkers::MAX_LEVEL
        )
    );
    assert!(connect4::engine(connect4::MAX_LEVEL + 1).is_err());
    for level in 1..=checkers::MAX_LEVEL {
        assert_eq!(
            checkers::engine(level).unwrap().limits(),
            checkers::level_limits(level).unwrap()
        );
    }
}

/// A match from `fen` in which the player to move offers a draw.
fn offered(fen: &str) -> Match<Checkers> {
    let mut game = Match::new(Checkers::from_fen(fen).unwrap());
    game.offer_draw().unwrap();
    game
}

#[test]
fn the_engine_answers_draw_offers_by_its_judgement() {
    let mut engine = checkers::engine(2).unwrap();
    // Red offers; the engine plays White.
    // A dead draw (a king each): accepted.
    assert!(engine.accepts_draw(&offered("B:WK32:BK1")));
    // White is a king up: declined.
    assert!(!engine.accepts_draw(&offered("B:WK32,K28:BK1")));
    // White is a man down: accepted.
    assert!(engine.accepts_draw(&offered("B:W32:B1,5,6")));
    // Even material in the middle of the board: declined (not worse).
    assert!(!engine.accepts_draw(&offered("B:W21,22,23:B10,11,12")));
}

#[test]
fn the_engine_offers_draws_in_dead_draws_and_not_too_often() {
    let mut engine = checkers::engine(2).unwrap();
    let mut game = Match::new(Checkers::from_fen("B:WK32:BK1").unwrap());
    let thought = engine.think(&game);
    assert!(engine.offers_draw(&game, &thought));
    // Not again right away, nor within the interval.
    assert!(!engine.offers_draw(&game, &thought));
    // The kings shuffle in their corners, far apart.
    let shuffle = ["1-6", "32-27", "6-1", "27-32"];
    for ply in 0..OFFER_INTERVAL_PLIES {
        let mv = game.position().parse_move(shuffle[ply % 4]).unwrap();
        game.play(mv).unwrap();
        if ply + 1 < OFFER_INTERVAL_PLIES {
            let thought = engine.think(&game);
            assert!(!engine.offers_draw(&game, &thought), "ply {ply}");
        }
    }
    let thought = engine.think(&game);
    assert!(engine.offers_draw(&game, &thought));
    // A new game forgets the last offer.
    engine.new_game();
    let start = Match::new(Checkers::default());
    let thought = engine.think(&start);
    assert!(!engine.offers_draw(&start, &thought), "not at the start");
}
