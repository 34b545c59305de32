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
