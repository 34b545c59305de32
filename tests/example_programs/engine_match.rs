//! `engine_match` plays every game of the registry, not only checkers and
//! the draughts variants: Othello, Connect Four, ConnectX of any size and
//! Turkish draughts with tiny budgets, the same games whatever the number
//! of threads, and a clear refusal of the options that only some games
//! have (evaluations, Hub programs, endgame databases); a match stopped and
//! resumed with its results file plays the games it had not played.

use crate::support::run_example;

/// Runs `engine_match` with `args`; its stdout, after checking it exited
/// with 0.
fn played(args: &[&str]) -> String {
    let output = run_example("engine_match", args, b"");
    assert_eq!(
        output.status.code(),
        Some(0),
        "engine_match {args:?}: {}",
        String::from_utf8_lossy(&output.stderr)
    );
    String::from_utf8(output.stdout).expect("UTF-8 output")
}

/// Runs `engine_match` with `args`, which it must refuse (exit code 2,
/// nothing on stdout); its stderr.
fn refused(args: &[&str]) -> String {
    let output = run_example("engine_match", args, b"");
    assert_eq!(output.status.code(), Some(2), "engine_match {args:?}");
    assert!(output.stdout.is_empty(), "engine_match {args:?} printed");
    String::from_utf8(output.stderr).expect("UTF-8 errors")
}

/// The one-line-per-game lines of a match's output.
fn game_lines(out: &str) -> Vec<&str> {
    out.lines()
        .filter(|line| line.starts_with("game "))
        .collect()
}

/// A's wins, draws and losses from the summary line.
fn score(out: &str) -> [usize; 3] {
    let line = out
        .lines()
        .find(|line| line.starts_with("A: ") && line.contains(" wins, "))
        .unwrap_or_else(|| panic!("no score in {out}"));
    let numbers: Vec<usize> = line
        .split(|c: char| !c.is_ascii_digit())
        .filter_map(|word| word.parse().ok())
        .collect();
    numbers
        .try_into()
        .unwrap_or_else(|_| panic!("not three numbers: {line}"))
}

/// Plays `games` games of `game` between an engine `engine` and a random
/// player, and checks that each was played and scored, and that the
/// engine searched.
fn engine_plays(game: &str, engine: &str, games: usize) -> String {
    let count = games.to_string();
    let out = played(&[game, engine, "random", "--games", &count, "--seed", "3"]);
    assert_eq!(game_lines(&out).len(), games, "{game}: {out}");
    assert_eq!(score(&out).iter().sum::<usize>(), games, "{game}: {out}");
    assert!(
        out.lines()
            .any(|line| line.starts_with("A: ") && line.contains(" moves (")),
        "{game}: the engine did not search: {out}"
    );
    out
}

#[test]
fn checkers_engines_play_from_the_book_unless_told_not_to() {
    let out = played(&[
        "checkers",
        "depth:2",
        "depth:2+nobook",
        "--games",
        "2",
        "--opening-plies",
        "0",
    ]);
    let book_moves = |side: &str| -> u64 {
        let line = out
            .lines()
            .find(|line| line.starts_with(side) && line.contains(" moves ("))
            .unwrap_or_else(|| panic!("no {side} line: {out}"));
        let (_, rest) = line.split_once(" moves (").unwrap();
        rest.split(' ').next().unwrap().parse().unwrap()
    };
    // From the start, A's first moves come from the book; B searches all.
    assert!(book_moves("A: ") >= 2, "{out}");
    assert_eq!(book_moves("B: "), 0, "{out}");
    assert!(out.contains("+nobook"), "{out}");
}

#[test]
fn othello_plays_with_its_own_levels() {
    let out = engine_plays("othello", "level:1", 2);
    // The games end by Othello's rules, both colours played by A.
    for line in game_lines(&out) {
        assert!(!line.contains("game too long"), "{line}");
    }
    assert!(
        out.contains("A plays Black") && out.contains("A plays White"),
        "{out}"
    );
}

#[test]
fn connect_four_and_connectx_play() {
    engine_plays("connect4", "depth:2", 2);
    // ConnectX's levels are Monte Carlo: `nodes:` counts playouts.
    engine_plays("connectx:5x6x4", "nodes:50", 2);
    // A size the rules refuse is an error, not a panic.
    let errors = refused(&["connectx:2x2x9", "random", "random"]);
    assert!(errors.contains("connectx"), "{errors}");
}

#[test]
fn turkish_draughts_plays_the_same_games_on_any_number_of_threads() {
    let one = engine_plays("turkish", "depth:1", 4);
    let two = played(&[
        "turkish",
        "depth:1",
        "random",
        "--games",
        "4",
        "--seed",
        "3",
        "--threads",
        "2",
    ]);
    let sorted = |out: &str| {
        let mut lines: Vec<String> = game_lines(out).iter().map(|s| s.to_string()).collect();
        lines.sort();
        lines
    };
    assert_eq!(sorted(&one), sorted(&two));
    assert_eq!(score(&one), score(&two));
}

#[test]
fn a_match_with_a_results_file_goes_on_where_it_stopped() {
    let dir = std::env::temp_dir().join(format!("rulebook-engine-match-{}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("a scratch directory");
    let file = dir.join("results.txt");
    let path = file.to_str().expect("a UTF-8 path");
    let args = |games: &'static str, seed: &'static str| {
        vec![
            "turkish",
            "depth:1",
            "random",
            "--games",
            games,
            "--seed",
            seed,
            "--results",
            path,
        ]
    };
    // The whole match in one go, for comparison.
    let whole = played(&[
        "turkish", "depth:1", "random", "--games", "6", "--seed", "3",
    ]);
    let whole_lines = game_lines(&whole);

    // Games 1 to 4, then the match of 6 with the same file: only games 5
    // and 6 are played, and the summary counts all six.
    let first = played(&args("4", "3"));
    assert_eq!(game_lines(&first).len(), 4, "{first}");
    let held = std::fs::read_to_string(&file).expect("the results file");
    assert!(
        held.starts_with("# engine_match turkish depth:1 random --opening-plies 4 --seed 3\n"),
        "{held}"
    );
    assert_eq!(held.lines().count(), 5, "{held}");
    let rest = played(&args("6", "3"));
    let mut lines = game_lines(&rest);
    lines.sort();
    assert_eq!(lines, whole_lines[4..], "{rest}");
    assert_eq!(score(&rest), score(&whole), "{rest}");
    assert!(rest.contains("(and 4 played before, from "), "{rest}");

    // `--first-game` plays the same games 5 and 6 without a file.
    let tail = played(&[
        "turkish",
        "depth:1",
        "random",
        "--games",
        "6",
        "--seed",
        "3",
        "--first-game",
        "5",
    ]);
    assert_eq!(game_lines(&tail), whole_lines[4..], "{tail}");

    // A line cut short by a stopped run is skipped: that game is played
    // again, and the file stays readable.
    let mut held = std::fs::read_to_string(&file).expect("the results file");
    held.push_str("7\tw");
    std::fs::write(&file, &held).expect("write the results file");
    let again = played(&args("7", "3"));
    assert_eq!(game_lines(&again).len(), 1, "{again}");
    assert_eq!(score(&again).iter().sum::<usize>(), 7, "{again}");
    let done = played(&args("7", "3"));
    assert!(game_lines(&done).is_empty(), "{done}");
    assert_eq!(score(&done), score(&again), "{done}");

    // The file of one match is no results file for another.
    let errors = refused(&args("6", "4"));
    assert!(
        errors.contains("holds the results of another match"),
        "{errors}"
    );
    let errors = refused(&["turkish", "random", "random", "--first-game", "0"]);
    assert!(errors.contains("--first-game counts from 1"), "{errors}");
    std::fs::remove_dir_all(&dir).expect("remove the scratch directory");
}

#[test]
fn options_of_some_games_only_are_refused_by_the_others() {
    let errors = refused(&["othello", "depth:2@hand", "random"]);
    assert!(errors.contains("Othello has one evaluation"), "{errors}");
    let errors = refused(&["turkish", "level:1@weights=Cargo.toml", "random"]);
    assert!(
        errors.contains("Turkish draughts has one evaluation"),
        "{errors}"
    );
    let errors = refused(&["connect4", "hub:100:hub", "random"]);
    assert!(
        errors.contains("Hub programs play the draughts variants only"),
        "{errors}"
    );
    let errors = refused(&["othello", "level:1+endgame", "random", "--endgame", "."]);
    assert!(
        errors.contains("Othello has no endgame databases"),
        "{errors}"
    );
    // Frisian has no shipped learned weights (International and the 8x8
    // variants have): it says what to use.
    let errors = refused(&["frisian", "level:1@learned", "random"]);
    assert!(errors.contains("@weights=FILE"), "{errors}");
    // An unknown game lists the registry's.
    let errors = refused(&["chess", "random", "random"]);
    assert!(
        errors.contains("othello") && errors.contains("turkish"),
        "{errors}"
    );
}

/// The openings of a match's game lines (each game's `opening [...]`), in
/// order, one per pair.
fn openings(out: &str) -> Vec<Vec<String>> {
    let mut openings: Vec<Vec<String>> = game_lines(out)
        .iter()
        .map(|line| {
            let start = line.find("opening [").expect("an opening") + "opening [".len();
            let end = start + line[start..].find(']').expect("the opening's end");
            line[start..end].split(' ').map(str::to_owned).collect()
        })
        .collect();
    openings.dedup();
    openings
}

/// The score of a Russian opening by the search `--balanced` judges with:
/// the strongest level's engine, without its book, 8 plies.
fn russian_opening_score(opening: &[String]) -> i32 {
    use rulebook::draughts::{self, Russian, RussianRules};
    use rulebook::search::Limits;
    use rulebook::Match;
    let mut game = Match::new(Russian::default());
    for text in opening {
        let mv = game.position().parse_move(text).expect("a legal move");
        game.play(mv).expect("a legal move");
    }
    let mut judge = draughts::engine::<RussianRules>(draughts::MAX_LEVEL)
        .expect("the strongest level")
        .without_book();
    judge.set_limits(Limits::depth(8));
    judge.think(&game).score.value()
}

#[test]
fn balanced_openings_are_the_ones_a_search_scores_near_even() {
    let args = [
        "russian", "random", "random", "--games", "12", "--seed", "40",
    ];
    // Seed 40's random openings give a man away (the first: a man up for
    // White after g3-f4 h6-g5 f4:h6).
    let random = openings(&played(&args));
    assert!(
        random
            .iter()
            .any(|opening| russian_opening_score(opening).abs() > 40),
        "{random:?}"
    );
    // Balanced within 40, every opening is, and they are still 6 openings
    // of 4 plies, different from each other.
    let balanced = openings(&played(&[&args[..], &["--balanced", "40"]].concat()));
    assert_eq!(balanced.len(), 6, "{balanced:?}");
    for opening in &balanced {
        assert_eq!(opening.len(), 4, "{opening:?}");
        let score = russian_opening_score(opening);
        assert!(score.abs() <= 40, "{opening:?} scored {score}");
    }
    assert!(balanced.windows(2).all(|pair| pair[0] != pair[1]));
    // A margin that is not a number is refused.
    assert!(refused(&[&args[..], &["--balanced", "even"]].concat()).contains("--balanced"));
}

/// The number and the length in plies of a game's line.
fn number_and_plies(line: &str) -> (usize, usize) {
    let number = line
        .strip_prefix("game ")
        .and_then(|rest| rest.split(':').next())
        .and_then(|number| number.trim().parse().ok());
    let plies = line
        .rsplit(" after ")
        .next()
        .and_then(|tail| tail.strip_suffix(" plies"))
        .and_then(|count| count.parse().ok());
    match (number, plies) {
        (Some(number), Some(plies)) => (number, plies),
        _ => panic!("no game number and ply count in {line}"),
    }
}

#[test]
fn a_move_limit_ends_the_king_endings_of_a_game_without_one() {
    // Czech draughts has no move limit of its own.
    let args = ["czech", "greedy", "greedy", "--games", "8", "--seed", "5"];
    let own = played(&args);
    assert!(
        !own.contains("(movelimit)"),
        "Czech has no move limit: {own}"
    );
    // With `--move-limit 3`, a game ends once both sides have made 3 moves
    // without a capture or a man's move: at least 6 plies in, and earlier
    // than the same game (same opening, same players' seeds) without it.
    let limited = played(&[&args[..], &["--move-limit", "3"]].concat());
    let ended_by_limit: Vec<(usize, usize)> = game_lines(&limited)
        .into_iter()
        .filter(|line| line.contains("(movelimit)"))
        .map(number_and_plies)
        .collect();
    assert!(!ended_by_limit.is_empty(), "{limited}");
    let unlimited: Vec<(usize, usize)> =
        game_lines(&own).into_iter().map(number_and_plies).collect();
    for (number, plies) in ended_by_limit {
        assert!(plies >= 6, "game {number}: {limited}");
        let plies_without = unlimited
            .iter()
            .find(|&&(game, _)| game == number)
            .map(|&(_, plies)| plies)
            .unwrap_or_else(|| panic!("no game {number} without the limit: {own}"));
        assert!(plies < plies_without, "game {number}: {limited}\n{own}");
    }
    // No limit is not a limit, and a limit that is not a number is refused.
    assert!(refused(&[&args[..], &["--move-limit", "0"]].concat()).contains("--move-limit"));
    assert!(refused(&[&args[..], &["--move-limit", "many"]].concat()).contains("--move-limit"));
}
