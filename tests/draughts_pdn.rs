//! PDN for every draughts variant: records written from random games read
//! back to the same games, the variant picked from the `GameType` tag.

use rulebook::draughts::pdn::{
    replay, replay_any, write_match, AnyMatch, AnyReplayError, ReplayErrorKind,
};
use rulebook::draughts::{
    Draughts, International, InternationalRules, Rules, Russian, RussianRules,
};
use rulebook::pdn::PdnReader;
use rulebook::{Game, Match};

/// A game of `plies` moves picked by a simple rule from `seed`, ending by
/// resignation when it does not end by the rules.
fn random_match<R: Rules>(seed: usize, plies: usize) -> Match<Draughts<R>> {
    let mut game = Match::new(Draughts::<R>::default());
    for ply in 0..plies {
        let moves = game.position().legal_moves();
        if moves.is_empty() {
            break;
        }
        let mv = moves[(seed * 31 + ply * 17) % moves.len()];
        game.play(mv).unwrap();
    }
    if game.result().is_none() {
        let loser = game.to_move();
        game.resign(loser).unwrap();
    }
    game
}

/// Writes `game`, reads it back with `read`, and checks it is the same.
fn round_trip<R: Rules>(
    game: &Match<Draughts<R>>,
    read: impl Fn(&rulebook::pdn::PdnGame) -> Match<Draughts<R>>,
) {
    let text = write_match(game, [("Event", "round trip")]).unwrap();
    let record = PdnReader::new(&text).next().unwrap().unwrap();
    let back = read(&record);
    assert_eq!(back.start(), game.start(), "{text}");
    assert_eq!(back.history(), game.history(), "{text}");
    assert_eq!(
        back.result().map(|r| r.outcome),
        game.result().map(|r| r.outcome),
        "{text}"
    );
}

macro_rules! round_trips {
    ($name:ident, $rules:ty, $variant:ident) => {
        #[test]
        fn $name() {
            for seed in 0..12 {
                let game = random_match::<$rules>(seed, 20 + seed * 9);
                round_trip(&game, |record| replay::<$rules>(record).unwrap());
                round_trip(&game, |record| match replay_any(record).unwrap() {
                    AnyMatch::$variant(game) => game,
                    other => panic!("read as {other:?}"),
                });
            }
        }
    };
}

round_trips!(international_round_trips, InternationalRules, International);
round_trips!(
    brazilian_round_trips,
    rulebook::draughts::BrazilianRules,
    Brazilian
);
round_trips!(russian_round_trips, RussianRules, Russian);
round_trips!(pool_round_trips, rulebook::draughts::PoolRules, Pool);
round_trips!(
    italian_round_trips,
    rulebook::draughts::ItalianRules,
    Italian
);
round_trips!(
    spanish_round_trips,
    rulebook::draughts::SpanishRules,
    Spanish
);
round_trips!(czech_round_trips, rulebook::draughts::CzechRules, Czech);
round_trips!(
    english_round_trips,
    rulebook::draughts::EnglishRules,
    English
);

#[test]
fn records_name_their_variant_and_start() {
    let mut game = Match::new(International::from_fen("W:W33:B28,29,19,3").unwrap());
    game.play(game.position().parse_move("33x13").unwrap())
        .unwrap();
    let text = write_match(&game, [("White", "A"), ("Black", "B")]).unwrap();
    assert_eq!(
        text,
        "[White \"A\"]\n[Black \"B\"]\n[Result \"*\"]\n[GameType \"20\"]\n[SetUp \"1\"]\n\
         [FEN \"W:W33:B3,19,28,29\"]\n\n1. 33x13 *\n"
    );
    // Russian: algebraic moves, `:` captures, full GameType tags read too.
    let text = "[GameType \"25,W,8,8,A0,0\"]\n1. c3-d4 f6-e5 2. d4xf6 1-0\n";
    let record = PdnReader::new(text).next().unwrap().unwrap();
    let AnyMatch::Russian(game) = replay_any(&record).unwrap() else {
        panic!("not Russian")
    };
    assert_eq!(game.history().len(), 3);
    assert_eq!(
        game.result().unwrap().outcome,
        rulebook::Outcome::Win(rulebook::draughts::Color::White)
    );
    let _: &Match<Russian> = &game;
}

#[test]
fn replay_errors_say_what_is_wrong() {
    let read = |text: &str| PdnReader::new(text).next().unwrap().unwrap();
    let error = replay::<InternationalRules>(&read("[GameType \"25\"]\n1. c3-d4 *\n")).unwrap_err();
    assert!(
        matches!(
            *error.kind,
            ReplayErrorKind::WrongGameType { expected: 20, .. }
        ),
        "{error}"
    );
    let error = replay_any(&read("[GameType \"40\"]\n1. 32-28 *\n")).unwrap_err();
    assert!(matches!(error, AnyReplayError::UnknownGameType { .. }));
    assert!(error.to_string().contains("GameType is 40"), "{error}");
    let error =
        replay::<InternationalRules>(&read("[GameType \"20\"]\n1. 32-28 19-23 2. 28-22 *\n"))
            .unwrap_err();
    let message = error.to_string();
    assert!(message.contains("move 2, White 28-22"), "{message}");
    let error =
        replay::<RussianRules>(&read("[GameType \"25\"]\n[FEN \"W:Wa2:Bh8\"]\n*\n")).unwrap_err();
    assert!(
        matches!(*error.kind, ReplayErrorKind::InvalidFen { .. }),
        "{error}"
    );
}
