//! Real tournament records (`tests/data/games/`, see its README) read and
//! replay, game by game, in every variant they are of; and the deviations
//! of real files, one by one: algebraic squares without a `GameType` tag,
//! padded squares, a caller-chosen variant, padded tags, UTF-8 and
//! Latin-1 text, `2-0`/`1-1`/`0-2`, `01.`, a `Result` tag that disagrees
//! with the moves, an unknown result.

use crate::support;

use std::fs::File;
use std::io::BufReader;

use rulebook::draughts::pdn::{
    replay, replay_as, variant_of, AnyReplayError, ReplayErrorKind, Variant,
};
use rulebook::draughts::{InternationalRules, ResolveMoveError, RussianRules};
use rulebook::pdn::{PdnGame, PdnReader, PdnResult};
use support::run_example;

/// Every game of `file` (under `tests/data/games/`), read.
fn games(file: &str) -> Vec<PdnGame> {
    let path = format!("{}/tests/data/games/{file}", env!("CARGO_MANIFEST_DIR"));
    let source = BufReader::new(File::open(&path).unwrap());
    PdnReader::from_reader(source)
        .map(|game| game.unwrap_or_else(|error| panic!("{file}: {error}")))
        .collect()
}

/// Replays every game of `file` as its `GameType` says, or as `variant`.
fn replay_all(file: &str, variant: Variant) -> usize {
    let games = games(file);
    for game in &games {
        if variant == Variant::English {
            game.replay()
                .unwrap_or_else(|error| panic!("{file}: {error}"));
        } else {
            replay_as(game, variant).unwrap_or_else(|error| panic!("{file}: {error}"));
        }
    }
    games.len()
}

#[test]
fn every_game_of_every_record_reads_and_replays() {
    // The game counts are those of the data's README.
    let files: [(&str, Variant, usize); 10] = [
        ("wk2003.pdn", Variant::International, 23),
        ("nk2003-amsterdam.pdn", Variant::International, 33),
        ("dutch96h.pdn", Variant::International, 13),
        ("prof2.pdn", Variant::International, 16),
        ("ussr1947.pdn", Variant::Russian, 153),
        ("mrcd2006.pdn", Variant::Czech, 44),
        ("mrcd2007.pdn", Variant::Czech, 102),
        ("campionato2005-a.pdn", Variant::Italian, 26),
        ("inferno.pdn", Variant::English, 68),
        ("OCA_2.0-first500.pdn", Variant::English, 500),
    ];
    for (file, variant, count) in files {
        assert_eq!(replay_all(file, variant), count, "{file}");
    }
}

#[test]
fn games_without_a_game_type_are_the_callers_variant() {
    let italian = games("campionato2005-a.pdn");
    assert!(italian.iter().all(|game| game.game_type().is_none()));
    // Not English checkers: refused as such, read as Italian.
    assert!(italian.iter().any(|game| game.replay().is_err()));
    for game in &italian {
        assert_eq!(variant_of(game, Variant::Italian), Ok(Variant::Italian));
    }
    // Russian moves without a tag.
    let text = "[Event \"x\"]\n1. c3-d4 f6-e5 2. d4:f6 g7:e5 *\n";
    let game = PdnReader::new(text).next().unwrap().unwrap();
    let replayed = replay::<RussianRules>(&game).unwrap();
    assert_eq!(replayed.history().len(), 4);
    // A tag present decides; a typed replay that contradicts it is refused.
    let tagged = "[GameType \"20\"]\n1. 32-28 *\n";
    let game = PdnReader::new(tagged).next().unwrap().unwrap();
    assert_eq!(
        variant_of(&game, Variant::Russian),
        Ok(Variant::International)
    );
    assert!(replay_as(&game, Variant::Russian).is_ok());
    let error = replay::<RussianRules>(&game).unwrap_err();
    assert!(matches!(*error.kind, ReplayErrorKind::WrongGameType { .. }));
    let unknown = PdnReader::new("[GameType \"45\"]\n1. 32-28 *\n")
        .next()
        .unwrap()
        .unwrap();
    assert!(matches!(
        replay_as(&unknown, Variant::International),
        Err(AnyReplayError::UnknownGameType { .. })
    ));
}

#[test]
fn deviations_of_real_files_read() {
    let text = "\
[Event       \"Padded tag\"]
[White \"Блиндер Б.\"]
[Result \"2-0\"]
[GameType \"20\"]

01. 32-28 17-22 02. 28x17 12x21 03. 31-26  7-12 04. 26x17 12 -21 05. 36-31  1- 7 2-0
";
    let game = PdnReader::new(text).next().unwrap().unwrap();
    assert_eq!(game.event(), Some("Padded tag"));
    assert_eq!(game.white_player(), Some("Блиндер Б."));
    let texts: Vec<&str> = game.moves().iter().map(|mv| mv.text()).collect();
    assert_eq!(
        texts,
        ["32-28", "17-22", "28x17", "12x21", "31-26", "7-12", "26x17", "12-21", "36-31", "1-7"]
    );
    assert_eq!(game.moves()[9].number(), 5);
    assert_eq!(game.result(), PdnResult::FirstPlayerWins);
    assert_eq!(game.result_disagreement(), None);
    replay::<InternationalRules>(&game).unwrap();
    // Latin-1 bytes (é as 0xE9) read, never fail.
    let latin1 = b"[Event \"Champ\xe9\"]\n[GameType \"20\"]\n1. 32-28 1-1\n";
    let game = PdnReader::from_reader(&latin1[..]).next().unwrap().unwrap();
    assert_eq!(game.event(), Some("Champé"));
    assert_eq!(game.result(), PdnResult::Draw);
    assert_eq!(
        PdnReader::new("[GameType \"20\"]\n1. 32-28 0-2\n")
            .next()
            .unwrap()
            .unwrap()
            .result(),
        PdnResult::SecondPlayerWins
    );
}

#[test]
fn a_result_tag_that_disagrees_or_is_unknown_keeps_the_game() {
    let text = "[Result \"1-0\"]\n[GameType \"20\"]\n1. 32-28 19-23 0-1\n";
    let game = PdnReader::new(text).next().unwrap().unwrap();
    assert_eq!(game.moves().len(), 2);
    assert_eq!(
        game.result_disagreement(),
        Some((PdnResult::FirstPlayerWins, PdnResult::SecondPlayerWins))
    );
    assert_eq!(game.result(), PdnResult::SecondPlayerWins);
    // `4-6`: no result the reader knows; the game is kept, result unknown.
    let text =
        "[Result \"4-6\"]\n[GameType \"20\"]\n1. 32-28 19-23 4-6\n\n[Event \"next\"]\n1. 11-15 *\n";
    let read: Vec<PdnGame> = PdnReader::new(text).map(Result::unwrap).collect();
    assert_eq!(read.len(), 2);
    assert_eq!(read[0].moves().len(), 2);
    assert_eq!(read[0].result(), PdnResult::Undecided);
    assert_eq!(read[0].result_tag(), None);
    replay::<InternationalRules>(&read[0]).unwrap();
}

#[test]
fn an_illegal_move_is_named_with_the_legal_moves_there() {
    let text = "[GameType \"25\"]\n1. c3-d4 f6-e5 2. d4-c5 *\n";
    let game = PdnReader::new(text).next().unwrap().unwrap();
    let error = replay::<RussianRules>(&game).unwrap_err();
    let ReplayErrorKind::IllegalMove { mv, reason } = *error.kind else {
        panic!("{error}");
    };
    assert_eq!((mv.number, mv.text.as_str()), (2, "d4-c5"));
    let ResolveMoveError::NoMatch { legal, .. } = reason else {
        panic!("{reason}");
    };
    let legal: Vec<String> = legal.iter().map(ToString::to_string).collect();
    assert_eq!(legal, ["d4:f6"], "capturing is compulsory");
}

#[test]
fn pdn_check_replays_every_variant() {
    let file = "tests/data/games/campionato2005-a.pdn";
    let output = run_example("pdn_check", &["--variant", "italian", file], b"");
    let stdout = String::from_utf8_lossy(&output.stdout);
    assert!(
        stdout.starts_with("games: 26\nread errors: 0\nreplayed: 26\nreplay errors: 0\n"),
        "{stdout}"
    );
    assert_eq!(output.status.code(), Some(0));
    // Without --variant the tagless Italian games are English checkers:
    // one line per game that does not replay.
    let output = run_example("pdn_check", &[file], b"");
    let stdout = String::from_utf8_lossy(&output.stdout);
    let failing = stdout
        .lines()
        .filter(|line| line.starts_with("replay error: "))
        .count();
    assert!(failing > 0, "{stdout}");
    assert!(
        stdout.contains(&format!("replay errors: {failing}\n")),
        "{stdout}"
    );
    assert_eq!(output.status.code(), Some(1));
    // A GameType contradicting --variant: replayed as the tag says, noted.
    let text = b"[GameType \"20\"]\n1. 32-28 *\n";
    let output = run_example("pdn_check", &["--variant", "russian"], text);
    let stdout = String::from_utf8_lossy(&output.stdout);
    assert!(
        stdout.starts_with("note: game 1: its GameType 20 contradicts --variant russian"),
        "{stdout}"
    );
    assert!(stdout.contains("replayed: 1\n"), "{stdout}");
    let bad = run_example("pdn_check", &["--variant", "chess"], b"");
    assert_eq!(bad.status.code(), Some(2));
}
