//! Runs the `draughts` example as a player would, in every variant: the
//! board, hop-by-hop captures, the majority rule explained, commands, and
//! bad arguments; and against the computer, with scripted sessions
//! compared whole with their transcripts in `tests/data/`.

use crate::support;

use std::io::Write;
use std::path::Path;
use std::process::{Command, Stdio};

use rulebook::draughts::{self, pdn, Color, Draughts, Ending, RussianRules};
use rulebook::{EndReason, Match, Outcome};

/// Runs the example with `args`, types `input`, returns (stdout, stderr,
/// exit code).
fn session(args: &[&str], input: &str) -> (String, String, Option<i32>) {
    let mut child = Command::new(support::example_binary("draughts"))
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("run the draughts example");
    child
        .stdin
        .take()
        .unwrap()
        .write_all(input.as_bytes())
        .unwrap();
    let output = child.wait_with_output().unwrap();
    (
        String::from_utf8(output.stdout).unwrap(),
        String::from_utf8(output.stderr).unwrap(),
        output.status.code(),
    )
}

#[test]
fn international_on_a_10x10_board_with_captures_hop_by_hop() {
    // 33-29 18-23 29x18 (forced) 12x23 or 13x22 ... then a refused quiet
    // move, a capture, resignation.
    let input = "33-29\n18-23\n29x18\n12-17\n13x22\nmoves\nresign\nn\n";
    let (out, err, code) = session(&["--variant", "international"], input);
    assert_eq!(code, Some(0), "{err}");
    assert!(
        out.starts_with(
            "Draughts (international): two players at one keyboard. White moves first."
        ),
        "{out}"
    );
    assert!(
        out.contains("+----+----+----+----+----+----+----+----+----+----+"),
        "10x10 board:\n{out}"
    );
    assert!(out.contains("| w50|") || out.contains("| w  |"), "{out}");
    assert!(out.contains("White plays 29x18."), "{out}");
    assert!(
        out.contains(
            "12-17 is not allowed: you have a capture, and capturing is compulsory (12x23, 13x22)."
        ),
        "{out}"
    );
    assert!(out.contains("Black plays 13x22."), "{out}");
    assert!(
        out.contains("White resigns.\nGame over. Black wins: White resigned."),
        "{out}"
    );
    assert!(out.ends_with("Goodbye.\n"), "{out}");
}

#[test]
fn every_variant_plays_and_ends_cleanly() {
    for (variant, first_move) in [
        ("brazilian", "c3-d4"),
        ("russian", "c3-d4"),
        ("pool", "9-13"),
        ("italian", "21-17"),
        ("spanish", "9-13"),
        ("czech", "c3-d4"),
    ] {
        let (out, err, code) = session(
            &["--variant", variant],
            &format!("{first_move}\ndraw\ny\nn\n"),
        );
        assert_eq!(code, Some(0), "{variant}: {err}");
        assert!(
            out.contains(&format!("plays {first_move}.")),
            "{variant}:\n{out}"
        );
        assert!(
            out.contains("Draw.\nGame over. Draw: both players agreed."),
            "{variant}:\n{out}"
        );
        // End of input in the middle of a game exits cleanly.
        let (out, _, code) = session(&["--variant", variant], "moves\n");
        assert_eq!(code, Some(0));
        assert!(
            out.contains("Legal moves: ") && out.ends_with("End of input: goodbye.\n"),
            "{variant}:\n{out}"
        );
    }
}

#[test]
fn the_majority_rule_is_explained_and_captures_go_hop_by_hop() {
    // Brazilian: after 1. a3-b4 f6-e5 2. e3-d4 d6-c5, White's d4xf6 would
    // take one piece, but b4xd6xf4 takes two and the majority rule wants
    // it. Then the capture is typed one hop at a time.
    let input = "a3-b4\nf6-e5\ne3-d4\nd6-c5\nd4xf6\nb4xd6\nhelp\nd6xf4\nresign\nn\n";
    let (out, err, code) = session(&["--variant", "brazilian"], input);
    assert_eq!(code, Some(0), "{err}");
    assert!(
        out.contains(
            "d4xf6 is refused: the capture that takes the most pieces is compulsory (2 here; \
             kings and men count the same); the legal captures are b4xd6xf4."
        ),
        "{out}"
    );
    assert!(out.contains("White, capture again from d6> "), "{out}");
    assert!(
        out.contains("Finish the capture: type the next hop from d6, like d6xf4."),
        "{out}"
    );
    assert!(out.contains("White plays b4xf4."), "{out}");
    // Russian (free choice) plays the short capture.
    let (out, _, _) = session(
        &["--variant", "russian"],
        "a3-b4\nf6-e5\ne3-d4\nd6-c5\nd4:f6\nresign\nn\n",
    );
    assert!(out.contains("White plays d4:f6."), "{out}");
}

#[test]
fn bad_arguments_print_the_usage() {
    for args in [
        &[][..],
        &["--variant"][..],
        &["--variant", "dutch"][..],
        &["--colour"][..],
    ] {
        let (out, err, code) = session(args, "");
        assert_eq!(code, Some(2), "{args:?}");
        assert!(out.is_empty());
        assert!(err.contains("usage: draughts --variant"), "{err}");
    }
}

/// Without `--computer` or `--level`, `hint` (a command of the shared
/// console) stays an unknown word.
#[test]
fn hint_is_an_unknown_command_without_the_computer() {
    let (out, err, code) = session(&["--variant", "russian"], "hint\n");
    assert_eq!(code, Some(0), "{err}");
    assert!(out.contains("> hint\nUnknown command `hint`: "), "{out}");
    assert!(out.ends_with("End of input: goodbye.\n"), "{out}");
}

use support::data_file;

/// Plays session `name` of the draughts example (see
/// [`support::check_session_in`]) and returns its output.
fn check_session_in(dir: &Path, name: &str, args: &[&str]) -> String {
    support::check_session_in("draughts", dir, name, args)
}

/// The moves announced in a transcript (`White plays c3-d4.`, `Black
/// plays b6-c5 (depth 3, score +12 for Black).`), replayed from the start.
fn replay_announced<R: draughts::Rules>(transcript: &str) -> Match<Draughts<R>> {
    let start = Match::with_rules(Draughts::<R>::default(), R::DRAW_RULES);
    support::replay_announced(transcript, start, ["White", "Black"], Draughts::parse_move)
}

/// The arguments of a session of `variant` against the level-2 computer
/// playing `side`.
fn against_level_2<'a>(variant: &'a str, side: &'a str) -> Vec<&'a str> {
    vec!["--variant", variant, "--computer", side, "--level", "2"]
}

// The computer sessions. The human's input was written by a script that
// plays, at each prompt, the first move the `moves` command lists, and
// refuses every draw offer, against the example's level-2 computer (levels
// 1 and 2 search to a fixed depth, so the computer's replies are the same
// on every machine); `hint`, `help`, a draw offer, an unknown word and
// `undo`/`redo` were added by hand. The outputs were checked by hand.

#[test]
fn a_scripted_human_against_the_computer_plays_to_the_end() {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR"));
    let args = against_level_2("russian", "black");
    let transcript = check_session_in(dir, "computer_black", &args);
    assert!(transcript.contains("White> hint\nHint: "), "{transcript}");
    assert!(transcript.contains("  hint     ask the computer for a move\n"));
    // The computer judged the draw offer itself, in the opening.
    assert!(transcript.contains(
        "White offers a draw. Black, do you accept? (Y/N) N\n\
         Black refused the draw. The game goes on: White to move."
    ));
    // Against the computer, undo takes back the human's move and its reply.
    assert!(transcript.contains("White> undo\nTook back 2 moves.\n"));
    assert!(transcript.contains("White> redo\nPlayed 2 moves again.\n"));
    // Every announced move is legal, and the game really ended as it says.
    let game = replay_announced::<RussianRules>(&transcript);
    let result = game.result().expect("the game is over");
    assert_eq!(result.outcome, Outcome::Win(Color::Black));
    assert_eq!(result.reason, EndReason::Rules(Ending::NoPieces));
    assert!(transcript.ends_with(
        "Game over. Black wins: White has no pieces left.\nPlay another game? (Y/N) n\nGoodbye.\n"
    ));
}

#[test]
fn the_computer_opens_and_undo_lets_it_play_its_opening_again() {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR"));
    let args = against_level_2("international", "white");
    let transcript = check_session_in(dir, "computer_white", &args);
    assert!(transcript.starts_with(
        "Draughts (international): you play Black against the computer (White, level 2). \
         White moves first.\n"
    ));
    assert!(transcript.contains("Black> undo\nTook back 1 move.\nWhite plays "));
    let game = replay_announced::<draughts::InternationalRules>(&transcript);
    assert!(game.result().is_some(), "{transcript}");
}

#[test]
fn a_saved_game_names_the_computer_and_reads_back() {
    let dir = std::env::temp_dir().join(format!("rulebook-draughts-save-{}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("a scratch directory");
    let input = std::fs::read(data_file("draughts_session_computer_black.input.txt")).unwrap();
    let mut args = against_level_2("russian", "black");
    args.extend(["--save", "games.pdn"]);
    let output = support::run_example_in("draughts", &dir, &args, &input);
    assert!(output.status.success());
    let written = std::fs::read_to_string(dir.join("games.pdn")).expect("the saved file");
    std::fs::remove_dir_all(&dir).expect("remove the scratch directory");
    assert!(written.contains("[White \"White\"]"), "{written}");
    assert!(
        written.contains("[Black \"Computer (level 2)\"]"),
        "{written}"
    );
    assert!(
        written.contains("against the computer, game 1"),
        "{written}"
    );
    let record = pdn::PdnReader::new(&written).next().unwrap().unwrap();
    let game = pdn::replay::<RussianRules>(&record).expect("a legal game");
    let transcript = String::from_utf8(output.stdout).unwrap();
    assert_eq!(
        game.history(),
        replay_announced::<RussianRules>(&transcript).history()
    );
}

#[test]
fn the_computer_plays_a_whole_game_by_itself_in_every_variant() {
    for variant in rulebook::catalog::Variant::ALL.map(|variant| variant.name()) {
        let (out, err, code) = session(
            &["--variant", variant, "--computer", "both", "--level", "1"],
            "n\n",
        );
        assert_eq!(code, Some(0), "{variant}: {err}");
        assert!(
            out.starts_with(&format!(
                "Draughts ({variant}): the computer (level 1) plays both sides."
            )),
            "{out}"
        );
        // No human prompt: only the question after the game.
        assert!(
            !out.contains("White> ") && !out.contains("Black> "),
            "{out}"
        );
        assert!(out.contains("\nGame over. "), "{variant}:\n{out}");
        assert!(
            out.ends_with("Play another game? (Y/N) n\nGoodbye.\n"),
            "{out}"
        );
    }
}

#[test]
fn hint_with_a_level_alone_and_two_players() {
    let (out, err, code) = session(&["--variant", "pool", "--level", "1"], "hint\n");
    assert_eq!(code, Some(0), "{err}");
    assert!(
        out.starts_with("Draughts (pool): two players at one keyboard."),
        "{out}"
    );
    // Pool: Black moves first.
    assert!(out.contains("Black> hint\nHint: "), "{out}");
    assert!(out.contains("(depth 1, score "), "{out}");
}

#[test]
fn bad_computer_options_print_the_usage() {
    for (args, message) in [
        (
            &["--computer", "red"][..],
            "--computer takes white, black or both, not `red`",
        ),
        (&["--computer"][..], "--computer needs white, black or both"),
        (
            &["--level", "9"][..],
            "there is no level 9: levels go from 1 (weakest) to 5",
        ),
        (&["--level", "0"][..], "there is no level 0"),
        (
            &["--level", "x"][..],
            "--level takes a number from 1 to 5, not `x`",
        ),
        (&["--level"][..], "--level needs a number"),
    ] {
        let mut all = vec!["--variant", "russian"];
        all.extend_from_slice(args);
        let (out, err, code) = session(&all, "");
        assert_eq!(code, Some(2), "{args:?}");
        assert!(out.is_empty(), "{out}");
        assert!(
            err.starts_with(&format!("draughts: {message}")),
            "{args:?}: {err}"
        );
        assert!(err.contains("\nusage: draughts --variant"), "{err}");
    }
}
