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
    let error = replay_any(&read("[GameType \"45\"]\n1. 32-28 *\n")).unwrap_err();
    assert!(matches!(error, AnyReplayError::UnknownGameType { .. }));
    assert!(error.to_string().contains("GameType is 45"), "{error}");
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

#[test]
fn draughts_records_stream_from_a_reader_and_recover_from_an_unclosed_comment() {
    // A Russian game whose comment is never closed, then a good one with
    // algebraic squares and a `:` capture, read from bytes as from a file.
    let text = "[GameType \"25\"]\n1. c3-d4 {never closed\n\n\
                [GameType \"25\"]\n1. c3-d4 f6-e5 2. d4:f6 1-0\n";
    let mut reader = PdnReader::from_reader(text.as_bytes());
    let error = reader.next().unwrap().unwrap_err();
    assert!(error.to_string().contains("never closed"), "{error}");
    let record = reader.next().unwrap().unwrap();
    assert!(reader.next().is_none());
    let AnyMatch::Russian(game) = replay_any(&record).unwrap() else {
        panic!("not Russian")
    };
    let moves: Vec<String> = game.history().iter().map(ToString::to_string).collect();
    assert_eq!(moves, ["c3-d4", "f6-e5", "d4:f6"]);
}

#[test]
fn an_uppercase_capture_separator_is_part_of_the_move() {
    // `X` separates squares as `x` does: `28X19` is the capture, not
    // `28` followed by text.
    let text = "[GameType \"20\"]\n1. 32-28 19-23 2. 28X19 *\n";
    let record = PdnReader::new(text).next().unwrap().unwrap();
    assert_eq!(record.moves()[2].text(), "28X19");
    assert_eq!(record.moves()[2].trailing_text(), None);
    let game = replay::<InternationalRules>(&record).unwrap();
    assert_eq!(game.history()[2].to_string(), "28x19");
}

#[test]
fn draughts_records_take_no_tags_and_keep_move_numbers_with_their_moves() {
    let game = random_match::<InternationalRules>(3, 120);
    let text = write_match(&game, []).unwrap();
    let movetext = text.split("\n\n").nth(1).unwrap();
    assert!(movetext.lines().count() > 3, "{text}");
    for line in movetext.lines() {
        assert!(line.len() < 80, "{line}");
        let last = line.split_whitespace().last().unwrap();
        assert!(!last.ends_with('.'), "a move number ends the line: {line}");
    }
    assert_eq!(
        rulebook::pdn::PdnResult::of_match_of(&game, InternationalRules::FIRST).as_str(),
        movetext.split_whitespace().last().unwrap()
    );
}
