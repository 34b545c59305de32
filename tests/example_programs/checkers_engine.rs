//! The `checkers_engine` example's line protocol: the referee takes only
//! legal moves, and the player's move is one of them.

use crate::support::run_example;

#[test]
fn the_referee_takes_legal_moves_only_and_the_player_answers_one() {
    let input = b"new\nmoves\nplay 11>15\nplay 9>14\nfen\ngo 20\nbogus\n";
    let output = run_example("checkers_engine", &["--level", "2"], input);
    assert!(output.status.success(), "{output:?}");
    let stdout = String::from_utf8_lossy(&output.stdout);
    let lines: Vec<&str> = stdout.lines().collect();
    assert_eq!(lines.len(), 7, "{stdout}");
    assert_eq!(lines[0], "ok");
    assert_eq!(lines[1], "moves 9>13 9>14 10>14 10>15 11>15 11>16 12>16");
    assert_eq!(lines[2], "ok ongoing");
    // White to move now: Red's 9>14 is not a legal move and changes nothing.
    assert!(
        lines[3].starts_with("error 9>14 is not a legal move"),
        "{}",
        lines[3]
    );
    assert_eq!(
        lines[4],
        "fen W:W21,22,23,24,25,26,27,28,29,30,31,32:B1,2,3,4,5,6,7,8,9,10,12,15"
    );
    let white_moves = [
        "21>17", "22>17", "22>18", "23>18", "23>19", "24>19", "24>20",
    ];
    let answer: Vec<&str> = lines[5].split(' ').collect();
    assert_eq!(answer[0], "move", "{}", lines[5]);
    assert!(white_moves.contains(&answer[1]), "{}", lines[5]);
    assert!(
        lines[6].starts_with("error unknown command"),
        "{}",
        lines[6]
    );
}

#[test]
fn the_player_judges_with_a_weights_file_and_refuses_one_that_is_not() {
    // The shipped weights, given as a file: the player answers a legal move.
    let input = b"new\ngo 20\n";
    let weights = "src/games/checkers/weights/checkers.rbpw";
    let output = run_example(
        "checkers_engine",
        &["--weights", weights, "--no-book"],
        input,
    );
    assert!(output.status.success(), "{output:?}");
    let stdout = String::from_utf8_lossy(&output.stdout);
    let lines: Vec<&str> = stdout.lines().collect();
    assert_eq!(lines[0], "ok");
    let red_moves = ["9>13", "9>14", "10>14", "10>15", "11>15", "11>16", "12>16"];
    let answer: Vec<&str> = lines[1].split(' ').collect();
    assert_eq!(answer[0], "move", "{stdout}");
    assert!(red_moves.contains(&answer[1]), "{stdout}");

    // A file that is not a weights file: a message naming it, no answers.
    let output = run_example("checkers_engine", &["--weights", "README.md"], input);
    assert!(!output.status.success());
    assert!(output.stdout.is_empty(), "{output:?}");
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert!(stderr.contains("README.md"), "{stderr}");

    // A missing file and two evaluations at once are refused the same way.
    let output = run_example("checkers_engine", &["--weights", "no-such.rbpw"], input);
    assert!(!output.status.success());
    assert!(String::from_utf8_lossy(&output.stderr).contains("no-such.rbpw"));
    let output = run_example("checkers_engine", &["--hand", "--weights", weights], input);
    assert_eq!(output.status.code(), Some(2), "{output:?}");
    assert!(String::from_utf8_lossy(&output.stderr).contains("give one"));
}
