//! Drives the built `checkers` example with scripted sessions and compares
//! its whole output with the expected transcript.
//!
//! Each session is a pair of files in `tests/data/`:
//! `checkers_session_NAME.input.txt` (the bytes typed, one line each) and
//! `checkers_session_NAME.output.txt` (everything the example prints; the
//! example repeats each line it reads when its input is not a terminal, so
//! the transcript reads like a real session). Both files were written for
//! this project: the inputs by hand (the won game is a 21-ply game found by
//! a cooperative search in which White loses every piece), the outputs by
//! running the example and checking every line by hand.
//!
//! `cargo test` builds the examples before running the tests; run it (not
//! only `--test example_programs checkers::`) after changing the example. To rewrite
//! the expected transcripts after a deliberate change, run
//! `RULEBOOK_BLESS=1 cargo test --test example_programs checkers::` and review the
//! diff.

use std::path::Path;
use std::process::Output;

use rulebook::checkers::pdn::PdnReader;
use rulebook::checkers::{Checkers, Ending, Player};
use rulebook::{DrawRules, EndReason, Match, Outcome};

use crate::support;

use support::{assert_matches_file, data_file};

/// Runs the example with `args` in the directory `dir`, feeding it
/// `input`.
fn run_example_in(dir: &Path, args: &[&str], input: &[u8]) -> Output {
    support::run_example_in("checkers", dir, args, input)
}

/// Runs the example with `args`, feeding it `input`.
fn run_example(args: &[&str], input: &[u8]) -> Output {
    run_example_in(Path::new(env!("CARGO_MANIFEST_DIR")), args, input)
}

/// Plays session `name` with `args` in `dir` and checks the whole output,
/// a clean exit and an empty stderr.
fn check_session_in(dir: &Path, name: &str, args: &[&str]) {
    support::check_session_in("checkers", dir, name, args);
}

/// Plays session `name` without arguments.
fn check_session(name: &str) {
    check_session_in(Path::new(env!("CARGO_MANIFEST_DIR")), name, &[]);
}

#[test]
fn a_game_played_to_a_win() {
    check_session("win");
}

#[test]
fn a_multi_jump_typed_one_hop_at_a_time() {
    check_session("multi_jump");
}

#[test]
fn a_quiet_move_is_refused_while_a_jump_is_available() {
    check_session("refused_quiet");
}

#[test]
fn an_accepted_draw_ends_the_game() {
    check_session("draw_accepted");
}

#[test]
fn a_declined_draw_lets_the_game_go_on() {
    check_session("draw_declined");
}

#[test]
fn a_resignation_ends_the_game_and_another_game_starts() {
    check_session("resignation");
}

#[test]
fn garbage_input_gets_a_message_and_a_new_prompt() {
    check_session("garbage");
}

#[test]
fn end_of_input_at_the_first_prompt_exits_cleanly() {
    check_session("end_of_input");
}

#[test]
fn end_of_input_in_the_middle_of_a_jump_exits_cleanly() {
    check_session("end_mid_jump");
}

#[test]
fn an_unknown_argument_prints_the_usage() {
    let output = run_example(&["--bogus"], b"");
    assert_eq!(output.status.code(), Some(2));
    assert_eq!(String::from_utf8_lossy(&output.stdout), "");
    assert_eq!(
        String::from_utf8_lossy(&output.stderr),
        "checkers: unknown argument `--bogus`\nusage: checkers [--save FILE] [--load FILE] [--computer red|white|both] [--level N] [--endgame DIR]\n"
    );
    let output = run_example(&["--save"], b"");
    assert_eq!(output.status.code(), Some(2));
    assert_eq!(
        String::from_utf8_lossy(&output.stderr),
        "checkers: --save needs a file name\nusage: checkers [--save FILE] [--load FILE] [--computer red|white|both] [--level N] [--endgame DIR]\n"
    );
}

#[test]
fn save_writes_every_finished_game_as_pdn_that_reads_back() {
    let dir = std::env::temp_dir().join(format!("rulebook-checkers-save-{}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("a scratch directory");
    // The won game, then a second game that Red wins by resignation.
    check_session_in(&dir, "save", &["--save", "games.pdn"]);
    let written = std::fs::read_to_string(dir.join("games.pdn")).expect("the saved file");
    std::fs::remove_dir_all(&dir).expect("remove the scratch directory");
    assert_matches_file(&written, "checkers_session_save.pdn");

    let games: Vec<Match<Checkers>> = PdnReader::new(&written)
        .map(|game| game.expect("a PDN game").replay().expect("a legal game"))
        .collect();
    assert_eq!(games.len(), 2);
    let won_moves: Vec<String> = games[0].history().iter().map(ToString::to_string).collect();
    assert_eq!(
        won_moves.join(" "),
        "9-14 23-18 14x23 26x19 11-16 30-26 16x23x30 21-17 30x21x14 31-26 10-15 24-19 \
         15x24x31 22-17 14x21 29-25 21x30x23 32-27 31x24 28x19 23x16"
    );
    assert_eq!(
        games[0].result().map(|result| result.reason),
        Some(EndReason::Rules(Ending::NoPieces {
            loser: Player::White
        }))
    );
    assert_eq!(games[1].history().len(), 1);
    assert_eq!(
        games[1]
            .result()
            .map(|result| (result.outcome, result.reason)),
        Some((Outcome::Win(Player::Red), EndReason::Resignation))
    );
}

#[test]
fn a_file_that_cannot_be_written_is_reported_and_the_exit_code_says_so() {
    let missing_dir = std::env::temp_dir()
        .join(format!("rulebook-no-such-dir-{}", std::process::id()))
        .join("games.pdn");
    let path = missing_dir.to_str().expect("a UTF-8 temp path");
    let output = run_example(&["--save", path], b"resign\n");
    assert_eq!(output.status.code(), Some(1));
    let stdout = String::from_utf8_lossy(&output.stdout);
    assert!(
        stdout.ends_with("Game over. White wins: Red resigned.\n"),
        "{stdout}"
    );
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert!(
        stderr.starts_with(&format!("checkers: cannot save the games in {path}: ")),
        "{stderr}"
    );
}

/// The moves announced in a transcript (`Red plays 11-15.`, `White plays
/// 22-18 (depth 3, score +7).`), replayed from the start under `rules`.
fn replay_announced(transcript: &str, rules: DrawRules) -> Match<Checkers> {
    let start = Match::with_rules(Checkers::default(), rules);
    support::replay_announced(transcript, start, ["Red", "White"], Checkers::parse_move)
}

// The computer sessions: the human's input was written by playing the
// level-1 engine against the example's level-2 computer (levels 1 and 2
// search to a fixed depth, so the computer's replies are the same on every
// machine), with `hint`, `help` and a draw offer first and a refusal where
// the computer offers a draw; the output was checked by hand.

#[test]
fn a_scripted_human_against_the_computer_plays_to_the_end() {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR"));
    check_session_in(
        dir,
        "computer_white",
        &["--computer", "white", "--level", "2"],
    );
    let transcript =
        std::fs::read_to_string(data_file("checkers_session_computer_white.output.txt")).unwrap();
    // Every announced move is legal, and the game really ended as it says.
    let game = replay_announced(&transcript, DrawRules::TOURNAMENT);
    let result = game.result().expect("the game ended");
    assert_eq!(result.reason, EndReason::Repetition);
    assert!(transcript.contains("Game over. Draw by threefold repetition.\n"));
    assert!(transcript.contains("Hint: "));
    assert!(transcript.contains("White offers a draw. Red, do you accept? (Y/N) N\n"));
}

#[test]
fn the_computer_plays_a_whole_game_by_itself() {
    let args = ["--computer", "both", "--level", "2"];
    let output = run_example(&args, b"n\n");
    assert!(output.status.success());
    assert_eq!(String::from_utf8_lossy(&output.stderr), "");
    let transcript = String::from_utf8(output.stdout).unwrap();
    let game = replay_announced(&transcript, DrawRules::TOURNAMENT);
    assert!(game.is_over(), "{transcript}");
    assert!(transcript
        .starts_with("Checkers: the computer (level 2) plays both sides. Red moves first.\n"));
    assert!(transcript.ends_with("Play another game? (Y/N) n\nGoodbye.\n"));
    assert!(!transcript.contains("Red> "));
    // The same game every time.
    assert_eq!(run_example(&args, b"n\n").stdout, transcript.as_bytes());
}

#[test]
fn bad_computer_options_print_the_usage() {
    for (args, message) in [
        (
            &["--computer", "blue"][..],
            "--computer takes red, white or both, not `blue`",
        ),
        (&["--computer"][..], "--computer needs red, white or both"),
        (
            &["--level", "9"][..],
            "there is no level 9: levels go from 1 (weakest) to 5",
        ),
        (
            &["--level", "x"][..],
            "--level takes a number from 1 to 5, not `x`",
        ),
    ] {
        let output = run_example(args, b"");
        assert_eq!(output.status.code(), Some(2), "{args:?}");
        assert_eq!(
            String::from_utf8_lossy(&output.stderr),
            format!(
                "checkers: {message}\nusage: checkers [--save FILE] [--load FILE] [--computer red|white|both] [--level N] [--endgame DIR]\n"
            )
        );
    }
}

#[test]
fn hint_is_only_a_command_with_the_computer() {
    let output = run_example(&[], b"hint\n");
    let transcript = String::from_utf8(output.stdout).unwrap();
    assert!(transcript.contains(
        "Red> hint\nUnknown command `hint`: type a move like 11-15, or help for the commands.\n"
    ));
    let output = run_example(&["--level", "1"], b"hint\n");
    let transcript = String::from_utf8(output.stdout).unwrap();
    assert!(transcript.starts_with("Checkers: two players at one keyboard."));
    let hint = transcript
        .lines()
        .find_map(|line| line.strip_prefix("Hint: "))
        .expect("a hint");
    let mv = hint.split(' ').next().unwrap();
    assert!(Checkers::default().parse_move(mv).is_ok(), "{hint}");
}

/// English checkers' databases up to 2 pieces in a fresh directory.
fn two_piece_databases(name: &str) -> std::path::PathBuf {
    let dir = std::env::temp_dir().join(format!(
        "rulebook-checkers-endgame-{name}-{}",
        std::process::id()
    ));
    let _ = std::fs::remove_dir_all(&dir);
    rulebook::endgame::Tablebase::<rulebook::draughts::EnglishRules>::build(&dir, 2, |_| {})
        .unwrap();
    dir
}

/// Source: Edward Lasker, *Chess and Checkers: the Way to Mastership*
/// (1918), diagram 88: a king against a king, "White wins by playing
/// 32-27".
#[test]
fn hint_gives_the_endgame_databases_verdict() {
    let dir = two_piece_databases("hint");
    let record = dir.join("lasker.pdn");
    std::fs::write(&record, "[FEN \"W:WK32:BK26\"]\n\n*\n").unwrap();
    let args = [
        "--endgame",
        dir.to_str().unwrap(),
        "--load",
        record.to_str().unwrap(),
    ];
    let output = run_example(&args, b"hint\n");
    let transcript = String::from_utf8(output.stdout).unwrap();
    assert!(
        transcript.contains(
            "White> hint\nHint: 32-27 (depth 0, score database win for White).\nDatabase: a win for White.\n"
        ),
        "{transcript}"
    );
    // Black to move in the same position: a draw (Black has the opposition).
    std::fs::write(&record, "[FEN \"B:WK32:BK26\"]\n\n*\n").unwrap();
    let output = run_example(&args, b"hint\n");
    let transcript = String::from_utf8(output.stdout).unwrap();
    assert!(transcript.contains("Database: a draw.\n"), "{transcript}");
    // More pieces than the databases hold: no verdict.
    let output = run_example(&["--endgame", dir.to_str().unwrap()], b"hint\n");
    let transcript = String::from_utf8(output.stdout).unwrap();
    assert!(transcript.contains("Hint: "), "{transcript}");
    assert!(!transcript.contains("Database"), "{transcript}");
    std::fs::remove_dir_all(dir).unwrap();
}

#[test]
fn a_corrupted_endgame_database_is_refused_with_its_message() {
    let dir = two_piece_databases("corrupt");
    let file = dir.join("english-0-1-0-1.egdb");
    let mut bytes = std::fs::read(&file).unwrap();
    let middle = bytes.len() / 2;
    bytes[middle] ^= 0x10;
    std::fs::write(&file, bytes).unwrap();
    let output = run_example(&["--endgame", dir.to_str().unwrap()], b"");
    assert_eq!(output.status.code(), Some(2));
    assert!(output.stdout.is_empty());
    let stderr = String::from_utf8(output.stderr).unwrap();
    assert!(
        stderr.starts_with("checkers: ")
            && stderr.contains("english-0-1-0-1.egdb: corrupted database"),
        "{stderr}"
    );
    std::fs::remove_dir_all(dir).unwrap();
}
