//! Replaying PDN games under the rules, and writing matches as PDN that read
//! back to the same match: set-up (FEN) starts, games ended by the rules,
//! resignations, agreed draws, games going on, and every replay error.

use rulebook::checkers::pdn::{
    write_match, GameId, PdnGame, PdnReader, PdnResult, ReplayErrorKind, TextPosition, WriteError,
    WrittenMove,
};
use rulebook::checkers::{Checkers, Ending, Player, ResolveMoveError};
use rulebook::{DrawRules, EndReason, Game, Match, MatchResult, Outcome};

/// Red to move with men on 14 and 15; White's only piece, a man on 18, can
/// be taken either way (14x23 or 15x22), which ends the game.
const LAST_CAPTURE_FEN: &str = "B:W18:B14,15";

fn read_one(text: &str) -> PdnGame {
    let mut games: Vec<_> = PdnReader::new(text).collect();
    assert_eq!(games.len(), 1, "expected one game in {text:?}");
    games.remove(0).unwrap()
}

/// Writes `game` with `tags`, reads it back and replays it.
fn round_trip(game: &Match<Checkers>, tags: &[(&str, &str)]) -> (String, Match<Checkers>) {
    let written = write_match(game, tags.iter().copied()).unwrap();
    let read_back = read_one(&written)
        .replay()
        .unwrap_or_else(|e| panic!("{e}\n{written}"));
    (written, read_back)
}

fn play(game: &mut Match<Checkers>, moves: &[&str]) {
    for text in moves {
        let mv = game.position().parse_move(text).unwrap();
        game.play(mv).unwrap();
    }
}

#[test]
fn a_game_from_the_standard_start_replays_with_short_forms_and_x_for_quiet_moves() {
    let game = read_one("1. 11-15 23-19 2. 8-11 22-17 3. 9x13 17x14 4. 10x17 21x14 *");
    let replayed = game.replay().unwrap();
    assert_eq!(*replayed.start(), Checkers::default());
    let moves: Vec<String> = replayed.history().iter().map(ToString::to_string).collect();
    assert_eq!(
        moves,
        ["11-15", "23-19", "8-11", "22-17", "9-13", "17-14", "10x17", "21x14"]
    );
    assert_eq!(replayed.result(), None);
}

#[test]
fn a_multi_jump_written_in_short_form_resolves_to_its_full_path() {
    // The opening of the Tinsley file's second game, whose 5... 27x18x9 is
    // written once in full and once by its first and last squares.
    let full =
        read_one("1. 11-15 23-18 2. 9-14 18x9 3. 5x14 22-17 4. 12-16 24-19 5. 16x23 27x18x9 *");
    let short =
        read_one("1. 11-15 23-18 2. 9-14 18x9 3. 5x14 22-17 4. 12-16 24-19 5. 16x23 27x9 *");
    let full = full.replay().unwrap();
    let short = short.replay().unwrap();
    assert_eq!(full, short);
    assert_eq!(full.history()[9].to_string(), "27x18x9");
}

#[test]
fn a_fen_start_with_white_to_move_reads_writes_and_reads_back() {
    let fen = "W:W18,K30:B14,15";
    let game = read_one(&format!(
        "[Event \"Problem\"]\n[SetUp \"1\"]\n[FEN \"{fen}\"]\n1... 18x11 2. 14-17 30-26 *"
    ));
    let replayed = game.replay().unwrap();
    assert_eq!(*replayed.start(), Checkers::from_fen(fen).unwrap());
    assert_eq!(replayed.history().len(), 3);
    assert_eq!(replayed.to_move(), Player::Red);

    let (written, read_back) = round_trip(&replayed, &[("Event", "Problem")]);
    assert_eq!(read_back, replayed);
    assert_eq!(
        written,
        format!(
            "[Event \"Problem\"]\n[Result \"*\"]\n[GameType \"21\"]\n[SetUp \"1\"]\n\
             [FEN \"{}\"]\n\n1... 18x11 2. 14-17 30-26 *\n",
            replayed.start().to_fen()
        )
    );
}

#[test]
fn a_fen_game_ended_by_the_rules_takes_the_rules_result() {
    let game = read_one(&format!("[FEN \"{LAST_CAPTURE_FEN}\"]\n1. 14x23 1-0"));
    let replayed = game.replay().unwrap();
    assert_eq!(
        replayed.result(),
        Some(MatchResult {
            outcome: Outcome::Win(Player::Red),
            reason: EndReason::Rules(Ending::NoPieces {
                loser: Player::White
            }),
        })
    );
    // `*` does not contradict the rules: the match still ends by them.
    let game = read_one(&format!("[FEN \"{LAST_CAPTURE_FEN}\"]\n1. 15x22 *"));
    let replayed = game.replay().unwrap();
    assert_eq!(
        replayed.result().map(|r| r.reason),
        Some(EndReason::Rules(Ending::NoPieces {
            loser: Player::White
        }))
    );
    let (written, read_back) = round_trip(&replayed, &[]);
    assert_eq!(read_back, replayed);
    assert!(written.ends_with("\n\n1. 15x22 1-0\n"), "{written}");
}

#[test]
fn a_result_that_contradicts_the_rules_is_refused() {
    for (written, result) in [
        ("0-1", PdnResult::SecondPlayerWins),
        ("1/2-1/2", PdnResult::Draw),
    ] {
        let game = read_one(&format!(
            "[Event \"e\"]\n[FEN \"{LAST_CAPTURE_FEN}\"]\n1. 14x23 {written}"
        ));
        let error = game.replay().unwrap_err();
        assert_eq!(
            *error.kind,
            ReplayErrorKind::ResultContradictsRules {
                result,
                outcome: Outcome::Win(Player::Red),
                ending: Ending::NoPieces {
                    loser: Player::White
                },
            }
        );
    }
    let game = read_one(&format!(
        "[Event \"e\"]\n[FEN \"{LAST_CAPTURE_FEN}\"]\n1. 14x23 0-1"
    ));
    assert_eq!(
        game.replay().unwrap_err().to_string(),
        "game 1 (Event \"e\"): the result 0-1 contradicts the rules, which end the game: \
         White has no pieces left, so Red wins"
    );
}

#[test]
fn a_move_after_the_end_is_named() {
    let game = read_one(&format!(
        "[Event \"e\"]\n[FEN \"{LAST_CAPTURE_FEN}\"]\n1. 14x23 23-26 1-0"
    ));
    let error = game.replay().unwrap_err();
    assert_eq!(
        error.game,
        GameId {
            number: 1,
            event: Some("e".into())
        }
    );
    assert_eq!(
        *error.kind,
        ReplayErrorKind::MoveAfterEnd {
            mv: WrittenMove {
                number: 1,
                side: Player::White,
                text: "23-26".into(),
                position: TextPosition {
                    line: 3,
                    column: 10
                },
            },
            ending: Ending::NoPieces {
                loser: Player::White
            },
        }
    );
}

#[test]
fn an_illegal_move_names_the_event_move_number_side_and_text() {
    // 2... 22-18 is legal, but 2. 9-14 is a quiet move while 15x24 is forced.
    let game = read_one("[Event \"Club\"]\n1. 11-15 24-19 2. 9-14 *");
    let error = game.replay().unwrap_err();
    assert_eq!(error.game.event.as_deref(), Some("Club"));
    let ReplayErrorKind::IllegalMove { mv, reason } = &*error.kind else {
        panic!("expected an illegal move: {error}");
    };
    assert_eq!(
        mv,
        &WrittenMove {
            number: 2,
            side: Player::Red,
            text: "9-14".into(),
            position: TextPosition {
                line: 2,
                column: 19
            },
        }
    );
    assert!(matches!(reason, ResolveMoveError::NoMatch { legal, .. }
        if legal.iter().map(ToString::to_string).eq(["15x24"])));
    assert_eq!(
        error.to_string(),
        "game 1 (Event \"Club\"): move 2, Red 9-14 (line 2, column 19) cannot be played: \
         9-14 is not a legal move in this position: a capture is compulsory; legal moves: 15x24"
    );
}

#[test]
fn another_game_type_or_a_bad_fen_cannot_be_replayed() {
    let game = read_one("[GameType \"20,W,10,10,N2,0\"]\n1. 32-28 *");
    assert_eq!(
        *game.replay().unwrap_err().kind,
        ReplayErrorKind::WrongGameType {
            game_type: "20,W,10,10,N2,0".into(),
            variant: "english",
            expected: 21,
        }
    );
    let game = read_one("[GameType \"21,B,8,8,N1,0\"]\n1. 11-15 *");
    assert_eq!(game.replay().unwrap().history().len(), 1);

    let game = read_one("[FEN \"B:W18:B14,33\"]\n*");
    let error = game.replay().unwrap_err();
    assert!(
        matches!(&*error.kind, ReplayErrorKind::InvalidFen { fen, .. } if fen == "B:W18:B14,33"),
        "{error}"
    );
    assert!(error
        .to_string()
        .starts_with("game 1: its FEN tag `B:W18:B14,33` is not a valid position: "));
}

#[test]
fn a_resigned_game_reads_back_as_the_same_resignation() {
    let mut game = Match::new(Checkers::default());
    play(&mut game, &["11-15", "23-19", "8-11"]);
    // White, to move after Red's 2. 8-11, resigns.
    game.resign(Player::White).unwrap();
    let (written, read_back) = round_trip(&game, &[("Event", "Casual"), ("Black", "Ann")]);
    assert_eq!(read_back, game);
    assert_eq!(
        written,
        "[Event \"Casual\"]\n[Black \"Ann\"]\n[Result \"1-0\"]\n[GameType \"21\"]\n\n\
         1. 11-15 23-19 2. 8-11 1-0\n"
    );

    // White resigns right after its own move (Red to move): reads back the
    // same too, as PDN's 1-0 is applied as White's resignation.
    let mut game = Match::new(Checkers::default());
    play(&mut game, &["11-15", "23-19"]);
    game.resign(Player::White).unwrap();
    let (written, read_back) = round_trip(&game, &[]);
    assert_eq!(read_back, game);
    assert!(written.ends_with("1. 11-15 23-19 1-0\n"));
}

#[test]
fn an_agreed_draw_and_a_game_going_on_read_back_the_same() {
    let mut game = Match::new(Checkers::default());
    play(&mut game, &["11-15", "23-19"]);
    let (written, read_back) = round_trip(&game, &[]);
    assert_eq!(read_back, game);
    assert!(written.ends_with("1. 11-15 23-19 *\n"));

    game.offer_draw().unwrap();
    game.accept_draw().unwrap();
    let (written, read_back) = round_trip(&game, &[]);
    assert_eq!(read_back, game);
    assert_eq!(
        read_back.result().map(|r| r.reason),
        Some(EndReason::Agreement)
    );
    assert!(written.ends_with("1. 11-15 23-19 1/2-1/2\n"));
}

#[test]
fn an_empty_match_writes_just_tags_and_result() {
    let game = Match::new(Checkers::default());
    let (written, read_back) = round_trip(&game, &[]);
    assert_eq!(written, "[Result \"*\"]\n[GameType \"21\"]\n\n*\n");
    assert_eq!(read_back, game);
}

/// A draw by a draw rule has no PDN spelling of its own: the winner (none)
/// is kept, the reason reads back as agreement, and the read-back match has
/// no draw rules.
#[test]
fn a_draw_by_repetition_reads_back_as_an_agreed_draw() {
    let start = Checkers::from_fen("B:WK29:BK4").unwrap();
    let mut game = Match::with_rules(start, DrawRules::TOURNAMENT);
    play(
        &mut game,
        &[
            "4-8", "29-25", "8-4", "25-29", "4-8", "29-25", "8-4", "25-29",
        ],
    );
    assert_eq!(game.result().map(|r| r.reason), Some(EndReason::Repetition));
    let (_, read_back) = round_trip(&game, &[]);
    assert_eq!(read_back.start(), game.start());
    assert_eq!(read_back.history(), game.history());
    assert_eq!(
        read_back.result(),
        Some(MatchResult {
            outcome: Outcome::Draw,
            reason: EndReason::Agreement
        })
    );
}

#[test]
fn tags_are_escaped_and_the_computed_tags_replace_the_callers() {
    let mut game = Match::new(Checkers::default());
    play(&mut game, &["11-15"]);
    let tags = [
        ("Event", "The \"Big\" one \\ 1"),
        ("Result", "0-1"),
        ("GameType", "20"),
        ("White", "Bob"),
    ];
    let written = write_match(&game, tags).unwrap();
    assert_eq!(
        written,
        "[Event \"The \\\"Big\\\" one \\\\ 1\"]\n[White \"Bob\"]\n[Result \"*\"]\n\
         [GameType \"21\"]\n\n1. 11-15 *\n"
    );
    let read_back = read_one(&written);
    assert_eq!(read_back.event(), Some("The \"Big\" one \\ 1"));
    assert_eq!(read_back.white_player(), Some("Bob"));
}

#[test]
fn tags_that_cannot_be_written_are_refused() {
    let game = Match::new(Checkers::default());
    assert_eq!(
        write_match(&game, [("Bad Name", "x")]),
        Err(WriteError::InvalidTagName {
            name: "Bad Name".into()
        })
    );
    assert_eq!(
        write_match(&game, [("", "x")]),
        Err(WriteError::InvalidTagName { name: "".into() })
    );
    assert_eq!(
        write_match(&game, [("Event", "two\nlines")]),
        Err(WriteError::InvalidTagValue {
            name: "Event".into()
        })
    );
    assert_eq!(
        write_match(&game, [("Event", "a"), ("Event", "b")]),
        Err(WriteError::DuplicateTag {
            name: "Event".into()
        })
    );
    assert_eq!(
        WriteError::InvalidTagValue {
            name: "Event".into()
        }
        .to_string(),
        "the value of the tag Event holds a line break; a tag must fit on one line"
    );
}

#[test]
fn long_games_wrap_under_80_columns_and_number_every_pair() {
    let game = read_one(
        include_str!("../data/tinsley.pdn")
            .split("\n\n")
            .nth(1)
            .unwrap(),
    );
    let replayed = game.replay().unwrap();
    let written = write_match(&replayed, [("Event", "x")]).unwrap();
    assert!(written.lines().all(|line| line.len() < 80));
    let numbers = written
        .split_whitespace()
        .filter(|word| word.ends_with('.'))
        .count();
    assert_eq!(numbers, replayed.history().len().div_ceil(2));
    assert_eq!(read_one(&written).replay().unwrap(), replayed);
}

mod properties {
    use super::*;
    use proptest::prelude::*;
    use rulebook::Game;

    /// The longest random game tried: kings can shuffle forever. (Random
    /// games from the start end by the rules after 58 plies in the median.)
    const MAX_RANDOM_PLIES: usize = 300;

    /// A random match: `set_up` random plies make the start position (a FEN
    /// start when non-zero), then up to `plies` random moves, then the end
    /// picked by `ending` when the rules have not ended it.
    fn random_match(set_up: usize, plies: usize, choices: &[u16], ending: u8) -> Match<Checkers> {
        let mut choices = choices.iter().cycle();
        let mut start = Checkers::default();
        for _ in 0..set_up {
            let moves = start.legal_moves();
            if moves.is_empty() {
                break;
            }
            let pick = usize::from(*choices.next().unwrap()) % moves.len();
            start.apply(moves[pick]).unwrap();
        }
        let mut game = Match::new(start);
        for _ in 0..plies {
            let moves = game.position().legal_moves();
            if game.is_over() || moves.is_empty() {
                break;
            }
            let pick = usize::from(*choices.next().unwrap()) % moves.len();
            game.play(moves[pick]).unwrap();
        }
        if !game.is_over() {
            match ending % 4 {
                0 => game.resign(Player::Red).unwrap(),
                1 => game.resign(Player::White).unwrap(),
                2 => {
                    game.offer_draw().unwrap();
                    game.accept_draw().unwrap();
                }
                _ => {}
            }
        }
        game
    }

    proptest! {
        /// Any match without draw rules, from the standard start or a set-up
        /// one, played to the end by the rules or ended by the players,
        /// writes as PDN that reads back to the same match.
        #[test]
        fn random_matches_read_back_the_same(
            set_up in prop_oneof![Just(0_usize), 1_usize..40],
            plies in prop_oneof![0_usize..60, Just(MAX_RANDOM_PLIES)],
            choices in proptest::collection::vec(any::<u16>(), 1..64),
            ending in any::<u8>(),
        ) {
            let game = random_match(set_up, plies, &choices, ending);
            let (written, read_back) = round_trip(&game, &[("Event", "random")]);
            prop_assert_eq!(&read_back, &game, "{}", written);
            prop_assert_eq!(written.contains("[FEN "), *game.start() != Checkers::default());
        }
    }
}

#[test]
fn write_match_takes_an_empty_array_and_the_pdn_result_is_public() {
    let mut game = Match::new(Checkers::default());
    play(&mut game, &["11-15", "23-19"]);
    assert_eq!(PdnResult::of_match(&game), PdnResult::Undecided);
    let written = write_match(&game, []).unwrap();
    assert_eq!(
        written,
        "[Result \"*\"]\n[GameType \"21\"]\n\n1. 11-15 23-19 *\n"
    );
    game.offer_draw().unwrap();
    game.accept_draw().unwrap();
    assert_eq!(PdnResult::of_match(&game), PdnResult::Draw);
    assert_eq!(PdnResult::of_match(&game).to_string(), "1/2-1/2");
    assert!(write_match(&game, []).unwrap().ends_with(" 1/2-1/2\n"));
}

#[test]
fn a_move_number_is_never_left_at_the_end_of_a_line() {
    // White to move first: the first unit is `1... 23-19`.
    let start = Checkers::from_fen("W:W21-32:B1-12").unwrap();
    let mut game = Match::new(start);
    play(
        &mut game,
        &["24-20", "11-15", "28-24", "8-11", "22-18", "15x22", "25x18"],
    );
    let written = write_match(&game, []).unwrap();
    let movetext = written.split("\n\n").nth(1).unwrap();
    assert_eq!(
        movetext,
        "1... 24-20 2. 11-15 28-24 3. 8-11 22-18 4. 15x22 25x18 *\n"
    );
    // Long games: every line under 80 characters, none ending in a number.
    let mut long = Match::new(Checkers::default());
    for _ in 0..60 {
        let Some(&mv) = long.position().legal_moves().first() else {
            break;
        };
        long.play(mv).unwrap();
    }
    let written = write_match(&long, []).unwrap();
    for line in written.lines() {
        assert!(line.len() < 80, "{line}");
        assert!(!line.ends_with('.'), "a move number ends the line {line:?}");
    }
}
